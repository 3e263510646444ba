//! `Action`: every decision the rules give a player, as one small copyable enum.

use super::ids::{CardId, DistrictType, Rank, Seat};
use super::rules::Rules;
use std::fmt;

/// One atomic decision. Abilities usable "at any time during your turn" are separate actions
/// the player may take in any order until `EndTurn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    // Selection phase.
    /// Keep this character card.
    Pick(Rank),
    /// 2 players: discard this character card face down after keeping one.
    Discard(Rank),

    // Gathering resources (one of the two, once, before building or ending the turn).
    TakeGold,
    DrawCards,
    /// Keep this drawn card (the others go to the bottom of the deck).
    Keep(CardId),
    /// Library: keep all the drawn cards.
    KeepAll,

    // Building.
    Build(CardId),
    /// Thieves' Den: pay one gold of its cost with this card from hand.
    DenPayCard(CardId),
    /// Thieves' Den: pay the rest of its cost in gold and build it.
    DenPayGold,

    // Character abilities.
    /// Gain resources for the districts of the character's type (gold, or cards for the
    /// Patrician and the Cardinal).
    TakeIncome,
    /// Abbot: income for religious districts, taking this many as gold and the rest as cards.
    AbbotIncome(u8),
    /// Abbot: take one gold from this richest player.
    AbbotTax(Seat),
    /// Assassin: kill the character of this rank.
    Kill(Rank),
    /// Witch: bewitch the character of this rank (after gathering; the turn is put on hold).
    Bewitch(Rank),
    /// Magistrate: the signed warrant on the first rank, blank ones on the other two.
    Warrant(Rank, Rank, Rank),
    /// Magistrate: reveal the signed warrant and confiscate the district just paid for.
    Confiscate,
    /// Magistrate: let the district be built.
    AllowBuild,
    /// Thief: rob the character of this rank.
    Rob(Rank),
    /// Spy: look at this player's hand, naming this district type.
    Spy(Seat, DistrictType),
    /// Blackmailer: the flowered threat on the first rank, the other threat on the second.
    Threaten(Rank, Rank),
    /// Threatened player: give the Blackmailer half your gold (rounded down).
    Bribe,
    /// Threatened player: refuse to bribe.
    RefuseBribe,
    /// Blackmailer: reveal the refused threat marker.
    RevealThreat,
    /// Blackmailer: leave the refused threat marker hidden.
    HideThreat,
    /// Magician: exchange hands with this player.
    SwapHands(Seat),
    /// Magician: set this card aside to be replaced (more may follow).
    MagicianDiscard(CardId),
    /// Magician: discard the cards set aside and draw as many.
    MagicianDraw,
    /// Wizard: look at this player's hand.
    WizardLook(Seat),
    /// Wizard: add this card of the looked-at hand to your hand.
    WizardTake(CardId),
    /// Wizard: pay to build this card of the looked-at hand at once.
    WizardBuild(CardId),
    /// Seer: take a random card from each other player's hand.
    SeerTake,
    /// Seer or Cardinal: give this card to the next player owed one.
    Give(CardId),
    /// Emperor: give the crown to this player.
    GiveCrown(Seat),
    /// Emperor: take one gold from the new crowned player.
    LootGold,
    /// Emperor: take a random card from the new crowned player.
    LootCard,
    /// Cardinal: build this card, taking the missing gold from this player for cards.
    BorrowBuild(CardId, Seat),
    /// Merchant: gain one extra gold.
    MerchantGold,
    /// Architect: gain two extra cards.
    ArchitectDraw,
    /// Navigator: gain four gold.
    NavigatorGold,
    /// Navigator: gain four cards.
    NavigatorCards,
    /// Scholar: draw seven cards, keep one, shuffle the rest back.
    ScholarDraw,
    /// Warlord: destroy this district of this player's city.
    Destroy(Seat, CardId),
    /// Diplomat: exchange this player's district (first card) for one of yours (second).
    Exchange(Seat, CardId, CardId),
    /// Marshal: seize this district of this player's city.
    Seize(Seat, CardId),
    /// Queen: gain three gold next to the player who revealed the rank 4 character.
    QueenGold,
    /// Artist: beautify this district of your city.
    Beautify(CardId),
    /// Tax Collector: take all the gold on the Tax Collector's token.
    CollectTaxes,

    // Unique district abilities.
    /// Armory: destroy the Armory to destroy this district of this player's city.
    ArmoryDestroy(Seat, CardId),
    /// Framework: build this card by destroying the Framework instead of paying.
    FrameworkBuild(CardId),
    /// Necropolis: build the Necropolis by destroying this district of your city.
    NecropolisBuild(CardId),
    /// Museum: put this card from your hand under the Museum.
    MuseumTuck(CardId),
    /// Theater: exchange your character of this rank with a random one of this player's.
    TheaterSwap(Seat, Rank),
    /// Theater: keep your character(s).
    TheaterPass,
    /// Graveyard: pay 1 gold to take the destroyed district into your hand.
    Recover,
    /// Graveyard: let the destroyed district go.
    LetGo,
    /// Laboratory: discard this card to gain 2 gold.
    LabDiscard(CardId),
    /// Smithy: pay 2 gold to gain 3 cards.
    SmithyDraw,

    EndTurn,
}

impl Action {
    /// A number that names the action: two actions have the same key exactly when they are
    /// equal (the kind in the high byte, its cards, seats and ranks in the low three). The
    /// search compares keys where it looks moves up among many (`ismcts`), which costs a
    /// fraction of the derived `==`, a call with a jump on the kind.
    #[inline]
    pub fn key(self) -> u32 {
        let (kind, [a, b, c]): (u32, [u8; 3]) = match self {
            Action::Pick(a) => (0, [a.0, 0, 0]),
            Action::Discard(a) => (1, [a.0, 0, 0]),
            Action::TakeGold => (2, [0, 0, 0]),
            Action::DrawCards => (3, [0, 0, 0]),
            Action::Keep(a) => (4, [a.0, 0, 0]),
            Action::KeepAll => (5, [0, 0, 0]),
            Action::Build(a) => (6, [a.0, 0, 0]),
            Action::DenPayCard(a) => (7, [a.0, 0, 0]),
            Action::DenPayGold => (8, [0, 0, 0]),
            Action::TakeIncome => (9, [0, 0, 0]),
            Action::AbbotIncome(a) => (10, [a, 0, 0]),
            Action::AbbotTax(a) => (11, [a.0, 0, 0]),
            Action::Kill(a) => (12, [a.0, 0, 0]),
            Action::Bewitch(a) => (13, [a.0, 0, 0]),
            Action::Warrant(a, b, c) => (14, [a.0, b.0, c.0]),
            Action::Confiscate => (15, [0, 0, 0]),
            Action::AllowBuild => (16, [0, 0, 0]),
            Action::Rob(a) => (17, [a.0, 0, 0]),
            Action::Spy(a, b) => (18, [a.0, b.index() as u8, 0]),
            Action::Threaten(a, b) => (19, [a.0, b.0, 0]),
            Action::Bribe => (20, [0, 0, 0]),
            Action::RefuseBribe => (21, [0, 0, 0]),
            Action::RevealThreat => (22, [0, 0, 0]),
            Action::HideThreat => (23, [0, 0, 0]),
            Action::SwapHands(a) => (24, [a.0, 0, 0]),
            Action::MagicianDiscard(a) => (25, [a.0, 0, 0]),
            Action::MagicianDraw => (26, [0, 0, 0]),
            Action::WizardLook(a) => (27, [a.0, 0, 0]),
            Action::WizardTake(a) => (28, [a.0, 0, 0]),
            Action::WizardBuild(a) => (29, [a.0, 0, 0]),
            Action::SeerTake => (30, [0, 0, 0]),
            Action::Give(a) => (31, [a.0, 0, 0]),
            Action::GiveCrown(a) => (32, [a.0, 0, 0]),
            Action::LootGold => (33, [0, 0, 0]),
            Action::LootCard => (34, [0, 0, 0]),
            Action::BorrowBuild(a, b) => (35, [a.0, b.0, 0]),
            Action::MerchantGold => (36, [0, 0, 0]),
            Action::ArchitectDraw => (37, [0, 0, 0]),
            Action::NavigatorGold => (38, [0, 0, 0]),
            Action::NavigatorCards => (39, [0, 0, 0]),
            Action::ScholarDraw => (40, [0, 0, 0]),
            Action::Destroy(a, b) => (41, [a.0, b.0, 0]),
            Action::Exchange(a, b, c) => (42, [a.0, b.0, c.0]),
            Action::Seize(a, b) => (43, [a.0, b.0, 0]),
            Action::QueenGold => (44, [0, 0, 0]),
            Action::Beautify(a) => (45, [a.0, 0, 0]),
            Action::CollectTaxes => (46, [0, 0, 0]),
            Action::ArmoryDestroy(a, b) => (47, [a.0, b.0, 0]),
            Action::FrameworkBuild(a) => (48, [a.0, 0, 0]),
            Action::NecropolisBuild(a) => (49, [a.0, 0, 0]),
            Action::MuseumTuck(a) => (50, [a.0, 0, 0]),
            Action::TheaterSwap(a, b) => (51, [a.0, b.0, 0]),
            Action::TheaterPass => (52, [0, 0, 0]),
            Action::Recover => (53, [0, 0, 0]),
            Action::LetGo => (54, [0, 0, 0]),
            Action::LabDiscard(a) => (55, [a.0, 0, 0]),
            Action::SmithyDraw => (56, [0, 0, 0]),
            Action::EndTurn => (57, [0, 0, 0]),
        };
        kind << 24 | u32::from(a) << 16 | u32::from(b) << 8 | u32::from(c)
    }

    /// A readable description, naming cards and characters through the rules and cast.
    pub fn describe(self, rules: &Rules, cast: &[Option<super::ids::Character>; 10]) -> String {
        let character = |r: Rank| {
            cast[r.index()]
                .map(|c| c.name().to_string())
                .unwrap_or_else(|| format!("rank {}", r.0))
        };
        let card = |c: CardId| rules.card(c).district.name();
        let n = rules.numbers();
        match self {
            Action::Pick(r) => format!("picks {}", character(r)),
            Action::Discard(r) => format!("discards {} face down", character(r)),
            Action::TakeGold => "takes gold".into(),
            Action::DrawCards => "draws cards".into(),
            Action::Keep(c) => format!("keeps {}", card(c)),
            Action::KeepAll => "keeps all drawn cards (Library)".into(),
            Action::Build(c) => format!("builds {}", card(c)),
            Action::DenPayCard(c) => format!("pays with {} (Thieves' Den)", card(c)),
            Action::DenPayGold => "pays the rest in gold (Thieves' Den)".into(),
            Action::TakeIncome => "takes income".into(),
            Action::AbbotIncome(g) => format!("takes income as {g} gold and the rest as cards"),
            Action::AbbotTax(s) => format!(
                "takes {} gold from the richest player, seat {}",
                n.abbot_from_richest, s.0
            ),
            Action::Kill(r) => format!("kills the {}", character(r)),
            Action::Bewitch(r) => format!("bewitches the {}", character(r)),
            Action::Warrant(s, a, b) => format!(
                "puts warrants on the {}, {} and {} (signed: {})",
                character(s),
                character(a),
                character(b),
                character(s)
            ),
            Action::Confiscate => "reveals the signed warrant and confiscates the district".into(),
            Action::AllowBuild => "lets the district be built".into(),
            Action::Rob(r) => format!("robs the {}", character(r)),
            Action::Spy(s, t) => format!("spies on seat {}, naming {}", s.0, t.name()),
            Action::Threaten(f, o) => format!(
                "threatens the {} and the {} (flowered: {})",
                character(f),
                character(o),
                character(f)
            ),
            Action::Bribe => "bribes the Blackmailer".into(),
            Action::RefuseBribe => "refuses to bribe".into(),
            Action::RevealThreat => "reveals the threat marker".into(),
            Action::HideThreat => "leaves the threat marker hidden".into(),
            Action::SwapHands(s) => format!("exchanges hands with seat {}", s.0),
            Action::MagicianDiscard(c) => format!("discards {} to redraw", card(c)),
            Action::MagicianDraw => "draws replacements".into(),
            Action::WizardLook(s) => format!("looks at the hand of seat {}", s.0),
            Action::WizardTake(c) => format!("takes {} into hand", card(c)),
            Action::WizardBuild(c) => format!("builds {} at once", card(c)),
            Action::SeerTake => "takes a random card from each other player".into(),
            Action::Give(c) => format!("gives {}", card(c)),
            Action::GiveCrown(s) => format!("gives the crown to seat {}", s.0),
            Action::LootGold => format!("takes {} gold from the crowned player", n.emperor_take),
            Action::LootCard => match n.emperor_take {
                1 => "takes a random card from the crowned player".into(),
                k => format!("takes {k} random cards from the crowned player"),
            },
            Action::BorrowBuild(c, s) => {
                format!("builds {} with gold taken from seat {}", card(c), s.0)
            }
            Action::MerchantGold => format!("takes {} extra gold", n.merchant_gold),
            Action::ArchitectDraw => format!("draws {} extra cards", n.architect_cards),
            Action::NavigatorGold => format!("takes {} gold", n.navigator_gold),
            Action::NavigatorCards => format!("draws {} cards", n.navigator_cards),
            Action::ScholarDraw => {
                format!("draws {} cards to keep {}", n.scholar_draw, n.scholar_keep)
            }
            Action::Destroy(s, c) => format!("destroys {} of seat {}", card(c), s.0),
            Action::Exchange(s, theirs, mine) => format!(
                "exchanges {} of seat {} for own {}",
                card(theirs),
                s.0,
                card(mine)
            ),
            Action::Seize(s, c) => format!("seizes {} of seat {}", card(c), s.0),
            Action::QueenGold => {
                format!("takes {} gold next to the rank 4 character", n.queen_gold)
            }
            Action::Beautify(c) => format!("beautifies {}", card(c)),
            Action::CollectTaxes => "takes the gold on the Tax Collector's token".into(),
            Action::ArmoryDestroy(s, c) => {
                format!("destroys the Armory to destroy {} of seat {}", card(c), s.0)
            }
            Action::FrameworkBuild(c) => format!("builds {} by destroying the Framework", card(c)),
            Action::NecropolisBuild(c) => {
                format!("builds the Necropolis by destroying {}", card(c))
            }
            Action::MuseumTuck(c) => format!("puts {} under the Museum", card(c)),
            Action::TheaterSwap(s, r) => {
                format!(
                    "exchanges the {} with a character of seat {} (Theater)",
                    character(r),
                    s.0
                )
            }
            Action::TheaterPass => "keeps the character (Theater)".into(),
            Action::Recover => "pays 1 gold to take the district back (Graveyard)".into(),
            Action::LetGo => "lets the district go (Graveyard)".into(),
            Action::LabDiscard(c) => format!("discards {} for 2 gold (Laboratory)", card(c)),
            Action::SmithyDraw => "pays 2 gold to draw 3 cards (Smithy)".into(),
            Action::EndTurn => "ends the turn".into(),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind, with each of its fields at its smallest, second and largest values
    /// (`Rank` 1-9, `Seat` 0-7, `CardId` below `CardSet::CAPACITY`): two of them have the
    /// same key exactly when they are the same action, which is what the search's lookups
    /// by key rely on.
    #[test]
    fn keys_name_actions() {
        let kinds: Vec<Vec<Action>> = vec![
            vec![
                Action::Pick(Rank(1)),
                Action::Pick(Rank(2)),
                Action::Pick(Rank(9)),
            ],
            vec![
                Action::Discard(Rank(1)),
                Action::Discard(Rank(2)),
                Action::Discard(Rank(9)),
            ],
            vec![Action::TakeGold],
            vec![Action::DrawCards],
            vec![
                Action::Keep(CardId(0)),
                Action::Keep(CardId(1)),
                Action::Keep(CardId(127)),
            ],
            vec![Action::KeepAll],
            vec![
                Action::Build(CardId(0)),
                Action::Build(CardId(1)),
                Action::Build(CardId(127)),
            ],
            vec![
                Action::DenPayCard(CardId(0)),
                Action::DenPayCard(CardId(1)),
                Action::DenPayCard(CardId(127)),
            ],
            vec![Action::DenPayGold],
            vec![Action::TakeIncome],
            vec![
                Action::AbbotIncome(0),
                Action::AbbotIncome(1),
                Action::AbbotIncome(255),
            ],
            vec![
                Action::AbbotTax(Seat(0)),
                Action::AbbotTax(Seat(1)),
                Action::AbbotTax(Seat(7)),
            ],
            vec![
                Action::Kill(Rank(1)),
                Action::Kill(Rank(2)),
                Action::Kill(Rank(9)),
            ],
            vec![
                Action::Bewitch(Rank(1)),
                Action::Bewitch(Rank(2)),
                Action::Bewitch(Rank(9)),
            ],
            vec![
                Action::Warrant(Rank(1), Rank(1), Rank(1)),
                Action::Warrant(Rank(1), Rank(1), Rank(2)),
                Action::Warrant(Rank(1), Rank(1), Rank(9)),
                Action::Warrant(Rank(1), Rank(2), Rank(1)),
                Action::Warrant(Rank(1), Rank(9), Rank(1)),
                Action::Warrant(Rank(2), Rank(1), Rank(1)),
                Action::Warrant(Rank(9), Rank(1), Rank(1)),
                Action::Warrant(Rank(9), Rank(9), Rank(9)),
            ],
            vec![Action::Confiscate],
            vec![Action::AllowBuild],
            vec![
                Action::Rob(Rank(1)),
                Action::Rob(Rank(2)),
                Action::Rob(Rank(9)),
            ],
            vec![
                Action::Spy(Seat(0), DistrictType::Noble),
                Action::Spy(Seat(0), DistrictType::Unique),
                Action::Spy(Seat(1), DistrictType::Noble),
                Action::Spy(Seat(7), DistrictType::Noble),
                Action::Spy(Seat(7), DistrictType::Unique),
            ],
            vec![
                Action::Threaten(Rank(1), Rank(1)),
                Action::Threaten(Rank(1), Rank(2)),
                Action::Threaten(Rank(1), Rank(9)),
                Action::Threaten(Rank(2), Rank(1)),
                Action::Threaten(Rank(9), Rank(1)),
                Action::Threaten(Rank(9), Rank(9)),
            ],
            vec![Action::Bribe],
            vec![Action::RefuseBribe],
            vec![Action::RevealThreat],
            vec![Action::HideThreat],
            vec![
                Action::SwapHands(Seat(0)),
                Action::SwapHands(Seat(1)),
                Action::SwapHands(Seat(7)),
            ],
            vec![
                Action::MagicianDiscard(CardId(0)),
                Action::MagicianDiscard(CardId(1)),
                Action::MagicianDiscard(CardId(127)),
            ],
            vec![Action::MagicianDraw],
            vec![
                Action::WizardLook(Seat(0)),
                Action::WizardLook(Seat(1)),
                Action::WizardLook(Seat(7)),
            ],
            vec![
                Action::WizardTake(CardId(0)),
                Action::WizardTake(CardId(1)),
                Action::WizardTake(CardId(127)),
            ],
            vec![
                Action::WizardBuild(CardId(0)),
                Action::WizardBuild(CardId(1)),
                Action::WizardBuild(CardId(127)),
            ],
            vec![Action::SeerTake],
            vec![
                Action::Give(CardId(0)),
                Action::Give(CardId(1)),
                Action::Give(CardId(127)),
            ],
            vec![
                Action::GiveCrown(Seat(0)),
                Action::GiveCrown(Seat(1)),
                Action::GiveCrown(Seat(7)),
            ],
            vec![Action::LootGold],
            vec![Action::LootCard],
            vec![
                Action::BorrowBuild(CardId(0), Seat(0)),
                Action::BorrowBuild(CardId(0), Seat(1)),
                Action::BorrowBuild(CardId(0), Seat(7)),
                Action::BorrowBuild(CardId(1), Seat(0)),
                Action::BorrowBuild(CardId(127), Seat(0)),
                Action::BorrowBuild(CardId(127), Seat(7)),
            ],
            vec![Action::MerchantGold],
            vec![Action::ArchitectDraw],
            vec![Action::NavigatorGold],
            vec![Action::NavigatorCards],
            vec![Action::ScholarDraw],
            vec![
                Action::Destroy(Seat(0), CardId(0)),
                Action::Destroy(Seat(0), CardId(1)),
                Action::Destroy(Seat(0), CardId(127)),
                Action::Destroy(Seat(1), CardId(0)),
                Action::Destroy(Seat(7), CardId(0)),
                Action::Destroy(Seat(7), CardId(127)),
            ],
            vec![
                Action::Exchange(Seat(0), CardId(0), CardId(0)),
                Action::Exchange(Seat(0), CardId(0), CardId(1)),
                Action::Exchange(Seat(0), CardId(0), CardId(127)),
                Action::Exchange(Seat(0), CardId(1), CardId(0)),
                Action::Exchange(Seat(0), CardId(127), CardId(0)),
                Action::Exchange(Seat(1), CardId(0), CardId(0)),
                Action::Exchange(Seat(7), CardId(0), CardId(0)),
                Action::Exchange(Seat(7), CardId(127), CardId(127)),
            ],
            vec![
                Action::Seize(Seat(0), CardId(0)),
                Action::Seize(Seat(0), CardId(1)),
                Action::Seize(Seat(0), CardId(127)),
                Action::Seize(Seat(1), CardId(0)),
                Action::Seize(Seat(7), CardId(0)),
                Action::Seize(Seat(7), CardId(127)),
            ],
            vec![Action::QueenGold],
            vec![
                Action::Beautify(CardId(0)),
                Action::Beautify(CardId(1)),
                Action::Beautify(CardId(127)),
            ],
            vec![Action::CollectTaxes],
            vec![
                Action::ArmoryDestroy(Seat(0), CardId(0)),
                Action::ArmoryDestroy(Seat(0), CardId(1)),
                Action::ArmoryDestroy(Seat(0), CardId(127)),
                Action::ArmoryDestroy(Seat(1), CardId(0)),
                Action::ArmoryDestroy(Seat(7), CardId(0)),
                Action::ArmoryDestroy(Seat(7), CardId(127)),
            ],
            vec![
                Action::FrameworkBuild(CardId(0)),
                Action::FrameworkBuild(CardId(1)),
                Action::FrameworkBuild(CardId(127)),
            ],
            vec![
                Action::NecropolisBuild(CardId(0)),
                Action::NecropolisBuild(CardId(1)),
                Action::NecropolisBuild(CardId(127)),
            ],
            vec![
                Action::MuseumTuck(CardId(0)),
                Action::MuseumTuck(CardId(1)),
                Action::MuseumTuck(CardId(127)),
            ],
            vec![
                Action::TheaterSwap(Seat(0), Rank(1)),
                Action::TheaterSwap(Seat(0), Rank(2)),
                Action::TheaterSwap(Seat(0), Rank(9)),
                Action::TheaterSwap(Seat(1), Rank(1)),
                Action::TheaterSwap(Seat(7), Rank(1)),
                Action::TheaterSwap(Seat(7), Rank(9)),
            ],
            vec![Action::TheaterPass],
            vec![Action::Recover],
            vec![Action::LetGo],
            vec![
                Action::LabDiscard(CardId(0)),
                Action::LabDiscard(CardId(1)),
                Action::LabDiscard(CardId(127)),
            ],
            vec![Action::SmithyDraw],
            vec![Action::EndTurn],
        ];
        assert_eq!(kinds.len(), 58, "one list per kind of action");
        let actions: Vec<Action> = kinds.into_iter().flatten().collect();
        for &a in &actions {
            for &b in &actions {
                assert_eq!(a == b, a.key() == b.key(), "{a:?} {b:?}");
            }
        }
    }
}
