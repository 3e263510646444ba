//! `CharacterNumbers`: every number of a 2016 character's ability ("Character Abilities in
//! Detail") as a house-rule knob, with the rulebook's values as defaults; and `KNOBS`, the one
//! list of them that configs, manifests and summaries read (key, character, range).
//!
//! Numbers that are not knobs, and why: the Magistrate's three warrants and the Blackmailer's
//! two threat markers (the number of markers is the shape of the action that places them),
//! the Seer's one card from each other player (the cards given back pair with those taken),
//! the Wizard's one card, the one point of a beautified district (`State::cost`), the Queen's
//! "sitting next to". The Assassin, Witch, Thief, Magician and Alchemist state no number.

use super::ids::Character;

/// Declares `CharacterNumbers` (one `u8` field per knob, documented with the rulebook's words),
/// its rulebook defaults and `KNOBS`, from one list, so the three cannot drift apart.
macro_rules! character_numbers {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $character:ident, $key:literal, $what:literal, $default:literal, $min:literal..=$max:literal;
    )*) => {
        /// The numbers of the characters' abilities (`Options::numbers`, `[abilities]` in a
        /// config). Each field's default is the 2016 rulebook's.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct CharacterNumbers {
            $( $(#[doc = $doc])* pub $field: u8, )*
        }

        impl Default for CharacterNumbers {
            fn default() -> Self {
                CharacterNumbers { $( $field: $default, )* }
            }
        }

        /// Every knob of `CharacterNumbers`, in rank order.
        pub const KNOBS: &[Knob] = &[
            $( Knob {
                key: $key,
                character: Character::$character,
                what: $what,
                default: $default,
                min: $min,
                max: $max,
                get: |n| n.$field,
                set: |n, v| n.$field = v,
            }, )*
        ];
    };
}

/// One knob: its config key (`merchant.gold`), its character, what it counts, the rulebook's
/// value and the allowed range.
#[derive(Clone, Copy, Debug)]
pub struct Knob {
    /// `CHARACTER.NUMBER`, the key in a config's `[abilities]` table and in `sweep --set`.
    pub key: &'static str,
    pub character: Character,
    /// What the number counts, for summaries ("Merchant extra gold 2 (rulebook 1)").
    pub what: &'static str,
    pub default: u8,
    pub min: u8,
    pub max: u8,
    pub get: fn(&CharacterNumbers) -> u8,
    pub set: fn(&mut CharacterNumbers, u8),
}

character_numbers! {
    /// Spy: "For each card in his hand that matches the named district type, take one gold
    /// from that player's stash" (at most all his gold).
    spy_gold: Spy, "spy.gold", "gold per matching card", 1, 0..=5;
    /// Spy: "... and gain one card from the deck" for each matching card.
    spy_cards: Spy, "spy.cards", "cards per matching card", 1, 0..=5;
    /// Blackmailer: "he can bribe you by giving you half his gold (rounded down)": the bribe
    /// is the gold divided by this, rounded down.
    blackmailer_bribe_divisor: Blackmailer, "blackmailer.bribe_divisor", "bribe divisor", 2, 1..=10;
    /// Seer: "Your building limit this turn is two."
    seer_build_limit: Seer, "seer.build_limit", "building limit", 2, 1..=5;
    /// King: "You gain one gold for each noble district in your city."
    king_income: King, "king.income", "gold per noble district", 1, 0..=5;
    /// Emperor: "You gain one gold for each noble district in your city."
    emperor_income: Emperor, "emperor.income", "gold per noble district", 1, 0..=5;
    /// Emperor: "You take either one gold from his stash or one card at random from his hand"
    /// (at most what he has).
    emperor_take: Emperor, "emperor.take", "gold or cards taken with the crown", 1, 0..=5;
    /// Patrician: "You gain one card for each noble district in your city."
    patrician_income: Patrician, "patrician.income", "cards per noble district", 1, 0..=5;
    /// Bishop: "You gain one gold for each religious district in your city."
    bishop_income: Bishop, "bishop.income", "gold per religious district", 1, 0..=5;
    /// Abbot: "You gain either one gold or one card for each religious district in your city."
    abbot_income: Abbot, "abbot.income", "resources per religious district", 1, 0..=5;
    /// Abbot: "the richest player must give you one gold from his stash" (at most his gold).
    abbot_from_richest: Abbot, "abbot.from_richest", "gold from the richest", 1, 0..=5;
    /// Cardinal: "You gain one card for each religious district in your city."
    cardinal_income: Cardinal, "cardinal.income", "cards per religious district", 1, 0..=5;
    /// Cardinal: "For each gold you take, you must give that player one card from your hand."
    cardinal_cards_per_gold: Cardinal, "cardinal.cards_per_gold", "cards given per gold taken", 1, 0..=3;
    /// Merchant: "You gain one gold for each trade district in your city."
    merchant_income: Merchant, "merchant.income", "gold per trade district", 1, 0..=5;
    /// Merchant: "You gain one extra gold."
    merchant_gold: Merchant, "merchant.gold", "extra gold", 1, 0..=10;
    /// Trader: "You gain one gold for each trade district in your city."
    trader_income: Trader, "trader.income", "gold per trade district", 1, 0..=5;
    /// Architect: "Gain two extra cards."
    architect_cards: Architect, "architect.cards", "extra cards", 2, 0..=10;
    /// Architect: "Your building limit this turn is three."
    architect_build_limit: Architect, "architect.build_limit", "building limit", 3, 1..=5;
    /// Navigator: "You gain either four gold or four cards" (the gold).
    navigator_gold: Navigator, "navigator.gold", "gold instead of cards", 4, 0..=10;
    /// Navigator: "You gain either four gold or four cards" (the cards).
    navigator_cards: Navigator, "navigator.cards", "cards instead of gold", 4, 0..=10;
    /// Scholar: "Draw seven cards from the deck ..."
    scholar_draw: Scholar, "scholar.draw", "cards drawn", 7, 1..=15;
    /// Scholar: "... and choose one to add to your hand" (at most `scholar_draw`).
    scholar_keep: Scholar, "scholar.keep", "cards kept of those drawn", 1, 1..=15;
    /// Scholar: "Your building limit this turn is two."
    scholar_build_limit: Scholar, "scholar.build_limit", "building limit", 2, 1..=5;
    /// Warlord: "You gain one gold for each military district in your city."
    warlord_income: Warlord, "warlord.income", "gold per military district", 1, 0..=5;
    /// Warlord: "destroy one district of your choice by paying one fewer gold than its
    /// building cost": the gold under the cost.
    warlord_discount: Warlord, "warlord.discount", "gold off the cost to destroy", 1, 0..=5;
    /// Diplomat: "You gain one gold for each military district in your city."
    diplomat_income: Diplomat, "diplomat.income", "gold per military district", 1, 0..=5;
    /// Marshal: "You gain one gold for each military district in your city."
    marshal_income: Marshal, "marshal.income", "gold per military district", 1, 0..=5;
    /// Marshal: "seize one district with a building cost of three or less".
    marshal_max_cost: Marshal, "marshal.max_cost", "highest cost seized", 3, 0..=10;
    /// Queen: "If you are sitting next to the player who revealed the rank 4 character ...,
    /// gain three gold" (at the end of the round too, if that character was killed).
    queen_gold: Queen, "queen.gold", "gold next to the rank 4 character", 3, 0..=10;
    /// Artist: "You can beautify up to two of your districts ..."
    artist_districts: Artist, "artist.districts", "districts beautified per turn", 2, 0..=5;
    /// Artist: "... by assigning them each one gold from your stash" (the district still
    /// gains one point).
    artist_gold: Artist, "artist.gold", "gold per beautified district", 1, 0..=5;
    /// Tax Collector: "Immediately after a player builds a district, he places one gold from
    /// his stash on the Tax Collector's character token" (at most the gold he has left).
    tax_collector_tax: TaxCollector, "tax_collector.tax", "tax per district built", 1, 0..=5;
}

impl CharacterNumbers {
    /// The knobs whose value differs from the rulebook's, in `KNOBS` order.
    pub fn changed(&self) -> impl Iterator<Item = (&'static Knob, u8)> + '_ {
        KNOBS.iter().filter_map(|knob| {
            let value = (knob.get)(self);
            (value != knob.default).then_some((knob, value))
        })
    }
}

impl CharacterNumbers {
    /// The summaries' line naming every number changed from the rulebook's of the characters
    /// that `play`, if any: `house rules: Merchant extra gold 2 (rulebook 1), Queen ...`.
    pub fn house_rules_line(&self, play: impl Fn(Character) -> bool) -> Option<String> {
        let changed: Vec<String> = self
            .changed()
            .filter(|(k, _)| play(k.character))
            .map(|(k, v)| k.describe(v))
            .collect();
        (!changed.is_empty()).then(|| format!("house rules: {}", changed.join(", ")))
    }
}

impl Knob {
    /// The knob of a config key (`merchant.gold`), if any.
    pub fn by_key(key: &str) -> Option<&'static Knob> {
        KNOBS.iter().find(|k| k.key == key)
    }

    /// A changed value in plain words: `Merchant extra gold 2 (rulebook 1)`.
    pub fn describe(&self, value: u8) -> String {
        format!(
            "{} {} {value} (rulebook {})",
            self.character, self.what, self.default
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each knob reads and writes its own field, its default lies in its range, and the keys
    /// are distinct and named after their character.
    #[test]
    fn knobs_are_distinct_fields_with_defaults_in_range() {
        let defaults = CharacterNumbers::default();
        assert_eq!(defaults.changed().count(), 0);
        for (i, knob) in KNOBS.iter().enumerate() {
            assert!(
                (knob.min..=knob.max).contains(&knob.default),
                "{}",
                knob.key
            );
            let prefix = knob.character.name().to_lowercase().replace(' ', "_");
            assert!(knob.key.starts_with(&format!("{prefix}.")), "{}", knob.key);
            assert!(KNOBS[..i].iter().all(|k| k.key != knob.key), "{}", knob.key);
            let mut numbers = defaults;
            let other = if knob.default == knob.max {
                knob.min
            } else {
                knob.max
            };
            (knob.set)(&mut numbers, other);
            let changed: Vec<_> = numbers.changed().map(|(k, v)| (k.key, v)).collect();
            assert_eq!(changed, [(knob.key, other)]);
        }
        assert_eq!(defaults.house_rules_line(|_| true), None);
        let mut numbers = defaults;
        numbers.merchant_gold = 2;
        numbers.queen_gold = 5;
        assert_eq!(
            numbers.house_rules_line(|_| true).unwrap(),
            "house rules: Merchant extra gold 2 (rulebook 1), Queen gold next to the rank 4 \
             character 5 (rulebook 3)"
        );
        assert_eq!(
            numbers.house_rules_line(|c| c != Character::Queen).unwrap(),
            "house rules: Merchant extra gold 2 (rulebook 1)"
        );
    }
}
