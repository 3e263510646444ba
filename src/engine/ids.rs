//! Identifiers of the game's things: seats, ranks, characters, district kinds and physical cards.

use std::fmt;

/// A seat at the table, clockwise from seat 0. The first crown holder is drawn per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The seat to the left (next clockwise) in a game of `players`.
    pub fn left(self, players: u8) -> Seat {
        Seat((self.0 + 1) % players)
    }
    /// The seat to the right (previous clockwise) in a game of `players`.
    pub fn right(self, players: u8) -> Seat {
        Seat((self.0 + players - 1) % players)
    }
    /// The seat `steps` places clockwise from this one in a game of `players`, for `steps`
    /// below `players`: the sum is then below twice `players`, so it wraps by one subtraction
    /// (a division per seat is slow where this is asked at most decisions).
    #[inline(always)]
    pub fn clockwise(self, steps: u8, players: u8) -> Seat {
        debug_assert!(
            self.0 < players && steps < players,
            "{self:?} + {steps} of {players}"
        );
        let s = self.0 + steps;
        Seat(if s >= players { s - players } else { s })
    }
}

/// A character rank, 1 to 9. Within a game each rank has exactly one character, so the
/// engine's per-round state speaks of ranks and `Rules::character(rank)` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(pub u8);

impl Rank {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 9;
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A physical district card: an index into `Rules::cards`. Every copy has its own id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardId(pub u8);

impl CardId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident => $text:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name { $($variant),* }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];
            pub const COUNT: usize = $name::ALL.len();
            /// The name printed on the card (and used in config files).
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),* }
            }
            /// Looks a name up, ignoring case, spaces, apostrophes and hyphens.
            pub fn from_name(text: &str) -> Option<$name> {
                let key = normalize_name(text);
                $name::ALL.iter().copied().find(|v| normalize_name(v.name()) == key)
            }
            pub fn index(self) -> usize {
                self as usize
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

/// Lower-cases and drops spaces, apostrophes (straight or curly), hyphens and underscores,
/// so "Thieves' Den", "thieves den" and "thieves_den" are the same name.
pub fn normalize_name(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, ' ' | '\'' | '\u{2019}' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

named_enum! {
    /// The 27 characters of the 2016 edition, in rank order (three per rank).
    Character {
        Assassin => "Assassin", Witch => "Witch", Magistrate => "Magistrate",
        Thief => "Thief", Spy => "Spy", Blackmailer => "Blackmailer",
        Magician => "Magician", Wizard => "Wizard", Seer => "Seer",
        King => "King", Emperor => "Emperor", Patrician => "Patrician",
        Bishop => "Bishop", Abbot => "Abbot", Cardinal => "Cardinal",
        Merchant => "Merchant", Alchemist => "Alchemist", Trader => "Trader",
        Architect => "Architect", Navigator => "Navigator", Scholar => "Scholar",
        Warlord => "Warlord", Diplomat => "Diplomat", Marshal => "Marshal",
        Queen => "Queen", Artist => "Artist", TaxCollector => "Tax Collector",
    }
}

impl Character {
    /// The rank printed on the card: characters are listed three per rank.
    pub fn rank(self) -> Rank {
        Rank(self.index() as u8 / 3 + 1)
    }
}

named_enum! {
    /// The five district types.
    DistrictType {
        Noble => "noble", Religious => "religious", Trade => "trade",
        Military => "military", Unique => "unique",
    }
}

named_enum! {
    /// Every district name: the 17 basic districts, the 30 unique districts of 2016 and the
    /// two 2021 additions. Costs, copies and types are data (configs/districts/).
    District {
        Manor => "Manor", Castle => "Castle", Palace => "Palace",
        Temple => "Temple", Church => "Church", Monastery => "Monastery", Cathedral => "Cathedral",
        Tavern => "Tavern", Market => "Market", TradingPost => "Trading Post", Docks => "Docks",
        Harbor => "Harbor", TownHall => "Town Hall",
        Watchtower => "Watchtower", Prison => "Prison", Barracks => "Barracks", Fortress => "Fortress",
        Armory => "Armory", Basilica => "Basilica", Capitol => "Capitol",
        DragonGate => "Dragon Gate", Factory => "Factory", Framework => "Framework",
        GoldMine => "Gold Mine", GreatWall => "Great Wall", HauntedQuarter => "Haunted Quarter",
        ImperialTreasury => "Imperial Treasury", IvoryTower => "Ivory Tower", Keep => "Keep",
        Laboratory => "Laboratory", Library => "Library", MapRoom => "Map Room",
        Monument => "Monument", Museum => "Museum", Necropolis => "Necropolis",
        Observatory => "Observatory", Park => "Park", PoorHouse => "Poor House",
        Quarry => "Quarry", SchoolOfMagic => "School of Magic", SecretVault => "Secret Vault",
        Smithy => "Smithy", Stables => "Stables", Statue => "Statue", Theater => "Theater",
        ThievesDen => "Thieves' Den", WishingWell => "Wishing Well",
        Hospital => "Hospital", Graveyard => "Graveyard",
    }
}

impl District {
    /// The character a 2021 district needs in the game's cast (rules/002: "Du kannst nur mit
    /// dem Hospital spielen, wenn die Assassine einer der Charaktere im Spiel ist", and the
    /// same for the Graveyard and the Warlord): a game whose drawn cast lacks it has no copy
    /// of that district in its deck.
    pub fn needed_character(self) -> Option<Character> {
        match self {
            District::Hospital => Some(Character::Assassin),
            District::Graveyard => Some(Character::Warlord),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_the_card_list() {
        assert_eq!(Character::Assassin.rank(), Rank(1));
        assert_eq!(Character::Magistrate.rank(), Rank(1));
        assert_eq!(Character::King.rank(), Rank(4));
        assert_eq!(Character::Warlord.rank(), Rank(8));
        assert_eq!(Character::TaxCollector.rank(), Rank(9));
    }

    #[test]
    fn names_round_trip_loosely() {
        assert_eq!(
            District::from_name("thieves den"),
            Some(District::ThievesDen)
        );
        assert_eq!(
            District::from_name("Thieves’ Den"),
            Some(District::ThievesDen)
        );
        assert_eq!(
            Character::from_name("tax_collector"),
            Some(Character::TaxCollector)
        );
        assert_eq!(Character::from_name("Kign"), None);
        assert_eq!(District::COUNT, 49);
    }
}
