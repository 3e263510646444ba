//! Restricted play (`ban=NAME`, Jaffe et al., "Evaluating Competitive Game Balance with
//! Restricted Play", AIIDE 2012): characters a bot may not pick. Handled once, around every
//! bot (`AnyBot`), and inside the ISMCTS search for its own seat.

use crate::engine::action::Action;
use crate::engine::ids::Character;
use crate::engine::sets::RankSet;
use std::fmt;

/// The characters a bot never picks when it has another choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ban(u32);

impl Ban {
    pub const NONE: Ban = Ban(0);

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn contains(self, character: Character) -> bool {
        self.0 >> character.index() & 1 == 1
    }

    pub fn insert(&mut self, character: Character) {
        self.0 |= 1 << character.index();
    }

    /// The banned characters in `Character` order.
    pub fn iter(self) -> impl Iterator<Item = Character> {
        Character::ALL
            .iter()
            .copied()
            .filter(move |&c| self.contains(c))
    }

    /// The ranks the banned characters hold in a game's cast (`View::cast`, `State::cast`).
    fn ranks(self, cast: &[Option<Character>; 10]) -> RankSet {
        let mut ranks = RankSet::EMPTY;
        for (rank, character) in cast.iter().enumerate() {
            if character.is_some_and(|c| self.contains(c)) {
                ranks.insert(crate::engine::ids::Rank(rank as u8));
            }
        }
        ranks
    }

    /// Whether `legal` offers a banned pick and also something else: only then is there
    /// anything to remove. Returns the banned ranks if so.
    fn to_remove(self, cast: &[Option<Character>; 10], legal: &[Action]) -> Option<RankSet> {
        if self.is_empty() {
            return None;
        }
        let ranks = self.ranks(cast);
        let banned = |a: &Action| matches!(a, Action::Pick(r) if ranks.contains(*r));
        (legal.iter().any(banned) && !legal.iter().all(banned)).then_some(ranks)
    }

    /// Removes the banned characters' picks from `legal`, unless nothing else would remain
    /// (then the bot must take one: the rules force a pick).
    pub fn restrict(self, cast: &[Option<Character>; 10], legal: &mut Vec<Action>) {
        if let Some(ranks) = self.to_remove(cast, legal) {
            legal.retain(|a| !matches!(a, Action::Pick(r) if ranks.contains(*r)));
        }
    }

    /// `legal` with the banned picks removed as `restrict` does, into `buffer` (no
    /// allocation: picks are offered only in the draft, at most nine at a time); `legal`
    /// itself when nothing is removed.
    pub fn restricted<'a>(
        self,
        cast: &[Option<Character>; 10],
        legal: &'a [Action],
        buffer: &'a mut [Action; BUFFER],
    ) -> &'a [Action] {
        let Some(ranks) = self.to_remove(cast, legal) else {
            return legal;
        };
        let mut n = 0;
        for &a in legal {
            if !matches!(a, Action::Pick(r) if ranks.contains(r)) {
                assert!(n < BUFFER, "more than {BUFFER} moves beside a pick");
                buffer[n] = a;
                n += 1;
            }
        }
        &buffer[..n]
    }

    /// Refuses a character outside `cast` (a config's pools per rank), naming it.
    pub fn check_cast(self, cast: &[Vec<Character>]) -> Result<(), String> {
        for character in self.iter() {
            if !cast.iter().any(|pool| pool.contains(&character)) {
                let names: Vec<&str> = cast.iter().flatten().map(|c| c.name()).collect();
                return Err(format!(
                    "ban={}: {character} is not in the cast (the cast: {})",
                    spec_name(character),
                    names.join(", ")
                ));
            }
        }
        Ok(())
    }
}

/// Room for the moves offered beside a banned pick (a draft offers at most nine picks).
pub const BUFFER: usize = 16;

/// A character's name as a spec writes it: no spaces (`TaxCollector`), so a spec stays one
/// shell word; `Character::from_name` reads it back.
pub fn spec_name(character: Character) -> String {
    character.name().replace(' ', "")
}

/// The spec parameters: `:ban=A:ban=B`.
impl fmt::Display for Ban {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for character in self.iter() {
            write!(f, ":ban={}", spec_name(character))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ids::Rank;

    fn cast() -> [Option<Character>; 10] {
        let mut cast = [None; 10];
        for c in [
            Character::Assassin,
            Character::Thief,
            Character::Magician,
            Character::King,
        ] {
            cast[c.rank().index()] = Some(c);
        }
        cast
    }

    #[test]
    fn banned_picks_go_unless_nothing_else_remains() {
        let mut ban = Ban::NONE;
        ban.insert(Character::King);
        let king = Action::Pick(Rank(4));
        let mut legal = vec![Action::Pick(Rank(1)), king, Action::Pick(Rank(3))];
        let mut buffer = [Action::TakeGold; BUFFER];
        assert_eq!(
            ban.restricted(&cast(), &legal, &mut buffer),
            &[Action::Pick(Rank(1)), Action::Pick(Rank(3))]
        );
        ban.restrict(&cast(), &mut legal);
        assert_eq!(legal, vec![Action::Pick(Rank(1)), Action::Pick(Rank(3))]);
        let mut only = vec![king];
        ban.restrict(&cast(), &mut only);
        assert_eq!(only, vec![king], "a forced pick stays");
        // Another character at rank 4 (the Emperor) is not banned.
        let mut other = cast();
        other[4] = Some(Character::Emperor);
        let mut legal = vec![Action::Pick(Rank(1)), king];
        ban.restrict(&other, &mut legal);
        assert_eq!(legal.len(), 2);
    }

    #[test]
    fn outside_the_cast_is_refused_by_name() {
        let mut ban = Ban::NONE;
        ban.insert(Character::TaxCollector);
        let cast = vec![vec![Character::Assassin], vec![Character::Thief]];
        let e = ban.check_cast(&cast).unwrap_err();
        assert!(
            e.contains("ban=TaxCollector") && e.contains("Tax Collector"),
            "{e}"
        );
        let mut ok = Ban::NONE;
        ok.insert(Character::Thief);
        assert_eq!(ok.check_cast(&cast), Ok(()));
        assert_eq!(ban.to_string(), ":ban=TaxCollector");
    }
}
