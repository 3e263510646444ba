//! `Rules`: the static data of a run at one player count (cast, deck, options), built once and
//! shared by reference by every game.

use super::ids::{CardId, Character, District, DistrictType, Rank};
use super::numbers::{CharacterNumbers, KNOBS};
use super::sets::CardSet;

/// The edition a game plays (`edition` in a config, `--edition`; docs/editions.md):
///
/// - `2016` (the default): the 2016 rulebook; Hospital and Graveyard are not in its catalog.
/// - `classic`: the first game's 8 characters only (also at 3 players, with the classic
///   3-player selection), a city completes at 8 districts at every player count (unless the
///   config sets `complete_city`), ties broken by district cost total then gold.
/// - `2021`: the 2016 rules plus Hospital (in a game only with the Assassin in its cast) and
///   Graveyard (only with the Warlord).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edition {
    #[default]
    V2016,
    Classic,
    V2021,
}

impl Edition {
    pub const ALL: [Edition; 3] = [Edition::V2016, Edition::Classic, Edition::V2021];

    /// The name used in configs, on the command line and in the game log.
    pub fn name(self) -> &'static str {
        match self {
            Edition::V2016 => "2016",
            Edition::Classic => "classic",
            Edition::V2021 => "2021",
        }
    }
}

impl std::fmt::Display for Edition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a tie on points is settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TieBreak {
    /// 2016: "the tied player who revealed the character with the highest-numbered rank
    /// during the last round wins".
    #[default]
    RevealedRank,
    /// Classic edition: the highest total cost of districts, then the most gold.
    CostThenGold,
}

/// The `[rules]` table of a config: numeric house-rule knobs. Defaults are the 2016 rulebook's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Districts that complete a city; `None` means the rulebook's 7 (8 at 2-3 players).
    pub complete_city: Option<u8>,
    pub starting_gold: u8,
    pub starting_cards: u8,
    /// Gold taken when gathering gold.
    pub gather_gold: u8,
    /// Cards drawn when gathering cards, and how many of them are kept.
    pub gather_draw: u8,
    pub gather_keep: u8,
    pub first_complete_bonus: u8,
    pub complete_bonus: u8,
    pub all_types_bonus: u8,
    /// A game still running after this many rounds ends unscored and is counted as stalled.
    pub round_cap: u16,
    /// Play the rank-9 character at 4-7 players (always at 3 and 8, never at 2).
    pub use_rank9: bool,
    /// How ties on points are settled (set by the edition).
    pub tie_break: TieBreak,
    /// The edition played (set by the config's edition).
    pub edition: Edition,
    /// The numbers of the characters' abilities (`[abilities]`; `numbers::KNOBS`).
    pub numbers: CharacterNumbers,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            complete_city: None,
            starting_gold: 2,
            starting_cards: 4,
            gather_gold: 2,
            gather_draw: 2,
            gather_keep: 1,
            first_complete_bonus: 4,
            complete_bonus: 2,
            all_types_bonus: 3,
            round_cap: 100,
            use_rank9: false,
            tie_break: TieBreak::RevealedRank,
            edition: Edition::V2016,
            numbers: CharacterNumbers::default(),
        }
    }
}

/// One district's card data: type, cost and number of copies in the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistrictSpec {
    pub district: District,
    pub dtype: DistrictType,
    pub cost: u8,
    pub copies: u8,
}

/// One physical card of the run's catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardInfo {
    pub district: District,
    pub dtype: DistrictType,
    pub cost: u8,
}

/// What can make a cast, deck or option set unplayable at a player count.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("{0} players is outside the supported 2-8")]
    Players(u8),
    #[error("rank {0} has no character")]
    MissingRank(u8),
    #[error("{character} is listed for rank {listed} but its rank is {actual}")]
    WrongRank {
        character: Character,
        listed: u8,
        actual: u8,
    },
    #[error(
        "{0} players need a rank-9 character (the rulebook requires 9 characters at 3 and 8 players): \
         give a config whose `characters` has a 9th entry (Queen, Artist or Tax Collector; \
         docs/configs.md), or a preset that has one (all-characters)"
    )]
    Rank9Required(u8),
    #[error("use_rank9 is true but the cast has no rank-9 character")]
    Rank9Missing,
    #[error("the deck has {0} cards; the engine supports at most 128")]
    TooManyCards(usize),
    #[error("the deck has no cards: a game needs at least one district to draw")]
    EmptyDeck,
    #[error("the deck has {cards} cards, too few to deal {needed} at {players} players")]
    TooFewCards {
        cards: usize,
        needed: usize,
        players: u8,
    },
    #[error("{0} is not a unique district but is listed among the unique districts")]
    NotUnique(District),
    #[error("{0} is listed twice")]
    DuplicateDistrict(District),
    #[error("a district costs {0}; the engine supports costs up to 31")]
    CostTooHigh(u8),
    #[error("abilities.{key} = {value}: allowed: {min} to {max}")]
    Number {
        key: &'static str,
        value: u8,
        min: u8,
        max: u8,
    },
    #[error("{key} = {value}: {allowed}")]
    Option {
        key: &'static str,
        value: i64,
        allowed: &'static str,
    },
}

/// Static per-run data at one player count. Cards get ids in catalog order: ids of the
/// districts always in the deck first, then those of the pool (drawn per game).
#[derive(Clone, Debug)]
pub struct Rules {
    pub players: u8,
    /// Candidates for each rank (index 1..=9; index 0 unused). One entry means a fixed cast.
    /// Rank 9 is empty when the rank-9 character does not play at this player count.
    pub cast_pools: [Vec<Character>; 10],
    /// Every physical card of the run, indexed by `CardId`.
    pub cards: Vec<CardInfo>,
    /// Cards always shuffled into the deck.
    pub always: CardSet,
    /// Cards of the unique-district pool, and how many districts of it each game draws.
    pub pool: CardSet,
    pub pool_draw: u8,
    /// Cards in a game only when its drawn cast holds the character (the 2021 Hospital and
    /// Graveyard, `District::needed_character`), from the deck and the pool alike.
    pub conditional: Vec<(CardSet, Character)>,
    /// All cards of one district name (for the "no identical districts" rule).
    pub by_district: [CardSet; District::COUNT],
    /// All cards of one printed type.
    pub by_type: [CardSet; DistrictType::COUNT],
    /// Districts that complete a city at this player count.
    pub complete_city: u8,
    pub options: Options,
    /// Bit planes of the printed costs: card `c` is in `cost_planes[b]` when bit `b` of its
    /// cost is set. `printed_cost` sums a set's costs with a few popcounts instead of a walk
    /// over its cards (hot in the heuristic's standings and the statistics).
    cost_planes: [CardSet; COST_PLANES],
    /// Planes in use: enough bits for the dearest card.
    cost_plane_count: u8,
    /// `at_most[g]`: the cards whose printed cost is at most `g` (the last entry: all).
    at_most: [CardSet; 1 << COST_PLANES],
    /// Cards of the districts with an action in their owner's turn (`districts::legal`).
    turn_districts: CardSet,
    /// Cards of the districts that score points of their own at the end of the game from
    /// the city (`scoring_districts`).
    scoring_districts: CardSet,
}

/// Bit planes for costs up to 31 (the catalog allows 0 to 20).
const COST_PLANES: usize = 5;

impl Rules {
    /// Builds the rules for `players` from a cast (one pool per rank, `cast[0]` for rank 1;
    /// a ninth entry is the rank-9 pool), the districts always in the deck, an optional pool
    /// of districts of which `pool_draw` are drawn per game, and the options.
    pub fn new(
        players: u8,
        cast: &[Vec<Character>],
        deck: &[DistrictSpec],
        pool: &[DistrictSpec],
        pool_draw: u8,
        options: &Options,
    ) -> Result<Rules, RulesError> {
        if !(2..=8).contains(&players) {
            return Err(RulesError::Players(players));
        }
        check_options(options)?;
        let mut cast_pools: [Vec<Character>; 10] = Default::default();
        for rank in 1..=9u8 {
            let pool = cast.get(rank as usize - 1).cloned().unwrap_or_default();
            for &character in &pool {
                if character.rank() != Rank(rank) {
                    return Err(RulesError::WrongRank {
                        character,
                        listed: rank,
                        actual: character.rank().0,
                    });
                }
            }
            if pool.is_empty() && rank <= 8 {
                return Err(RulesError::MissingRank(rank));
            }
            cast_pools[rank as usize] = pool;
        }
        // Rulebook, "Using 9 Characters": required at 3 and 8 players, optional at 4-7;
        // "Playing with 2-3 Players": ranks 1-8 only at 2 players.
        let has_rank9 = !cast_pools[9].is_empty();
        let rank9_plays = match players {
            2 => false,
            // The classic edition plays 3 players with its 8 characters (rules/003,
            // "Three-Player Games"); it has no rank-9 character.
            3 if options.edition == Edition::Classic => false,
            3 | 8 => {
                if !has_rank9 {
                    return Err(RulesError::Rank9Required(players));
                }
                true
            }
            _ => {
                if options.use_rank9 && !has_rank9 {
                    return Err(RulesError::Rank9Missing);
                }
                options.use_rank9
            }
        };
        if !rank9_plays {
            cast_pools[9].clear();
        }

        let mut cards = Vec::new();
        let mut seen = Vec::new();
        for spec in deck.iter().chain(pool) {
            if seen.contains(&spec.district) {
                return Err(RulesError::DuplicateDistrict(spec.district));
            }
            seen.push(spec.district);
            for _ in 0..spec.copies {
                cards.push(CardInfo {
                    district: spec.district,
                    dtype: spec.dtype,
                    cost: spec.cost,
                });
            }
        }
        for spec in pool {
            if spec.dtype != DistrictType::Unique {
                return Err(RulesError::NotUnique(spec.district));
            }
        }
        if cards.len() > CardSet::CAPACITY {
            return Err(RulesError::TooManyCards(cards.len()));
        }
        let deck_len: usize = deck.iter().map(|s| s.copies as usize).sum();
        let always = CardSet((0..deck_len).map(|i| 1u128 << i).sum());
        let pool_set = CardSet((deck_len..cards.len()).map(|i| 1u128 << i).sum());
        let pool_draw = pool_draw.min(pool.len() as u8);
        let pool_cards: usize = {
            // The fewest cards a pool draw can add: the draw's smallest districts.
            let mut copies: Vec<usize> = pool.iter().map(|s| s.copies as usize).collect();
            copies.sort_unstable();
            copies.iter().take(pool_draw as usize).sum()
        };
        let needed = players as usize * options.starting_cards as usize;
        if deck_len + pool_cards == 0 {
            return Err(RulesError::EmptyDeck);
        }
        if deck_len + pool_cards < needed {
            return Err(RulesError::TooFewCards {
                cards: deck_len + pool_cards,
                needed,
                players,
            });
        }
        let mut by_district = [CardSet::EMPTY; District::COUNT];
        let mut by_type = [CardSet::EMPTY; DistrictType::COUNT];
        for (id, info) in cards.iter().enumerate() {
            by_district[info.district.index()].insert(CardId(id as u8));
            by_type[info.dtype.index()].insert(CardId(id as u8));
        }
        let mut cost_planes = [CardSet::EMPTY; COST_PLANES];
        for (id, info) in cards.iter().enumerate() {
            for (bit, plane) in cost_planes.iter_mut().enumerate() {
                if info.cost >> bit & 1 == 1 {
                    plane.insert(CardId(id as u8));
                }
            }
        }
        let conditional = District::ALL
            .iter()
            .filter_map(|&d| Some((by_district[d.index()], d.needed_character()?)))
            .filter(|(cards, _)| !cards.is_empty())
            .collect();
        let dearest = cards.iter().map(|c| c.cost).max().unwrap_or(0);
        if dearest as usize >= 1 << COST_PLANES {
            return Err(RulesError::CostTooHigh(dearest));
        }
        let cost_plane_count = (u8::BITS - dearest.leading_zeros()) as u8;
        let mut at_most = [CardSet::EMPTY; 1 << COST_PLANES];
        for (g, set) in at_most.iter_mut().enumerate() {
            for (id, info) in cards.iter().enumerate() {
                if info.cost as usize <= g {
                    set.insert(CardId(id as u8));
                }
            }
        }
        let turn_districts = [
            District::Laboratory,
            District::Smithy,
            District::Museum,
            District::Armory,
            District::Framework,
        ]
        .iter()
        .fold(CardSet::EMPTY, |set, d| set.union(by_district[d.index()]));
        let scoring_districts = [
            District::DragonGate,
            District::ImperialTreasury,
            District::MapRoom,
            District::Statue,
            District::WishingWell,
            District::Basilica,
            District::Capitol,
            District::IvoryTower,
            District::Museum,
        ]
        .iter()
        .fold(CardSet::EMPTY, |set, d| set.union(by_district[d.index()]));
        let complete_city = options
            .complete_city
            .unwrap_or(if players <= 3 { 8 } else { 7 });
        Ok(Rules {
            players,
            cast_pools,
            cards,
            always,
            pool: pool_set,
            pool_draw,
            conditional,
            by_district,
            by_type,
            complete_city,
            options: options.clone(),
            cost_planes,
            cost_plane_count,
            at_most,
            turn_districts,
            scoring_districts,
        })
    }

    /// The numbers of the characters' abilities (`Options::numbers`).
    pub fn numbers(&self) -> &CharacterNumbers {
        &self.options.numbers
    }

    /// The summaries' line naming the changed numbers of the characters playing at this
    /// player count (`CharacterNumbers::house_rules_line`): a rank-9 character that does not
    /// play here, or a Queen dropped below 5 players, is not named.
    pub fn house_rules_line(&self) -> Option<String> {
        self.numbers()
            .house_rules_line(|c| self.cast_pools.iter().any(|pool| pool.contains(&c)))
    }

    /// The sum of the printed costs of `cards` (beautification not counted).
    pub fn printed_cost(&self, cards: CardSet) -> u32 {
        self.cost_planes[..self.cost_plane_count as usize]
            .iter()
            .enumerate()
            .map(|(bit, &plane)| (cards.intersection(plane).len() as u32) << bit)
            .sum()
    }

    /// The cards whose printed cost is odd (the lowest bit plane of the costs).
    pub fn odd_printed_cost(&self) -> CardSet {
        self.cost_planes[0]
    }

    /// The cards whose printed cost is at most `gold`.
    pub fn cost_at_most(&self, gold: u16) -> CardSet {
        self.at_most[(gold as usize).min(self.at_most.len() - 1)]
    }

    /// Cards of the districts with an action in their owner's turn: Laboratory, Smithy,
    /// Museum, Armory, Framework (the Necropolis acts from the hand).
    pub fn turn_districts(&self) -> CardSet {
        self.turn_districts
    }

    /// Cards of the districts that score points of their own at the end of the game from
    /// the city: Dragon Gate, Imperial Treasury, Map Room, Statue, Wishing Well, Basilica,
    /// Capitol, Ivory Tower, Museum (`scoring::score`; the Secret Vault scores from the hand).
    pub fn scoring_districts(&self) -> CardSet {
        self.scoring_districts
    }

    /// The cost of the districts of a city, a beautified one counting one more (Artist).
    pub fn city_cost(&self, city: CardSet, beautified: CardSet) -> u32 {
        self.printed_cost(city) + city.intersection(beautified).len() as u32
    }

    /// The cards of `hand` that could join `city` under the ban on identical districts ("a
    /// player cannot build a district that is identical ... to a district already in his
    /// city"), one per district name (the lowest id): a district already in the city is left
    /// out unless `identical_allowed` (Quarry, Wizard).
    pub fn distinct_new_districts(
        &self,
        hand: CardSet,
        city: CardSet,
        identical_allowed: bool,
    ) -> CardSet {
        let mut candidates = hand;
        let mut chosen = CardSet::EMPTY;
        while let Some(card) = candidates.first() {
            let copies = self.by_district[self.card(card).district.index()];
            if identical_allowed || !city.intersects(copies) {
                chosen.insert(card);
            }
            candidates = candidates.minus(copies);
        }
        chosen
    }

    pub fn card(&self, card: CardId) -> &CardInfo {
        &self.cards[card.index()]
    }

    /// Whether a rank has a character this run (rank 9 only where it plays).
    pub fn rank_in_cast(&self, rank: Rank) -> bool {
        (1..=9).contains(&rank.0) && !self.cast_pools[rank.index()].is_empty()
    }

    /// How many characters are dealt in each selection phase.
    pub fn cast_size(&self) -> u8 {
        (1..=9).filter(|&r| self.rank_in_cast(Rank(r))).count() as u8
    }
}

fn check_options(o: &Options) -> Result<(), RulesError> {
    let bad = |key, value: i64, allowed| {
        Err(RulesError::Option {
            key,
            value,
            allowed,
        })
    };
    if let Some(c) = o.complete_city
        && !(1..=20).contains(&c)
    {
        return bad("complete_city", c as i64, "allowed: 1 to 20");
    }
    if o.gather_draw == 0 || o.gather_draw > 10 {
        return bad("gather_draw", o.gather_draw as i64, "allowed: 1 to 10");
    }
    if o.gather_keep == 0 || o.gather_keep > o.gather_draw {
        return bad(
            "gather_keep",
            o.gather_keep as i64,
            "allowed: 1 to gather_draw (cannot keep more cards than drawn)",
        );
    }
    if o.starting_cards > 12 {
        return bad(
            "starting_cards",
            o.starting_cards as i64,
            "allowed: 0 to 12",
        );
    }
    if o.round_cap == 0 || o.round_cap > 1000 {
        return bad("round_cap", o.round_cap as i64, "allowed: 1 to 1000");
    }
    for knob in KNOBS {
        let value = (knob.get)(&o.numbers);
        if !(knob.min..=knob.max).contains(&value) {
            return Err(RulesError::Number {
                key: knob.key,
                value,
                min: knob.min,
                max: knob.max,
            });
        }
    }
    if o.numbers.scholar_keep > o.numbers.scholar_draw {
        return bad(
            "abilities.scholar.keep",
            o.numbers.scholar_keep as i64,
            "allowed: 1 to abilities.scholar.draw (cannot keep more cards than drawn)",
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Character::*;

    fn cast() -> Vec<Vec<Character>> {
        [
            Assassin, Thief, Magician, King, Bishop, Merchant, Architect, Warlord,
        ]
        .iter()
        .map(|&c| vec![c])
        .collect()
    }

    fn deck() -> Vec<DistrictSpec> {
        vec![DistrictSpec {
            district: District::Manor,
            dtype: DistrictType::Noble,
            cost: 3,
            copies: 40,
        }]
    }

    #[test]
    fn cards_get_one_id_per_copy() {
        let rules = Rules::new(5, &cast(), &deck(), &[], 0, &Options::default()).unwrap();
        assert_eq!(rules.cards.len(), 40);
        assert_eq!(rules.always.len(), 40);
        assert_eq!(rules.by_district[District::Manor.index()].len(), 40);
        assert_eq!(rules.complete_city, 7);
        assert_eq!(rules.cast_size(), 8);
    }

    #[test]
    fn rank9_required_at_three_and_eight_players() {
        for players in [3, 8] {
            let err = Rules::new(players, &cast(), &deck(), &[], 0, &Options::default());
            assert_eq!(err.unwrap_err(), RulesError::Rank9Required(players));
        }
    }

    #[test]
    fn keeping_more_than_drawn_is_refused() {
        let options = Options {
            gather_keep: 3,
            ..Options::default()
        };
        assert!(matches!(
            Rules::new(5, &cast(), &deck(), &[], 0, &options),
            Err(RulesError::Option {
                key: "gather_keep",
                ..
            })
        ));
    }

    #[test]
    fn a_character_at_the_wrong_rank_is_refused() {
        let mut cast = cast();
        cast.swap(0, 1);
        let err = Rules::new(5, &cast, &deck(), &[], 0, &Options::default()).unwrap_err();
        assert!(matches!(err, RulesError::WrongRank { .. }));
    }

    /// Costs 0..=31 are summed exactly by the bit planes, beautified districts one more; a
    /// dearer card is refused rather than summed wrong.
    #[test]
    fn city_costs_are_the_sums_of_the_cards_costs() {
        let spec = |district, cost, copies| DistrictSpec {
            district,
            dtype: DistrictType::Noble,
            cost,
            copies,
        };
        let deck = vec![
            spec(District::Manor, 3, 5),
            spec(District::Castle, 0, 5),
            spec(District::Palace, 31, 5),
            spec(District::Tavern, 6, 30),
        ];
        let rules = Rules::new(5, &cast(), &deck, &[], 0, &Options::default()).unwrap();
        let mut rng = crate::engine::rng::GameRng::new(7);
        for _ in 0..200 {
            let pick = |rng: &mut crate::engine::rng::GameRng| {
                let mut set = CardSet::EMPTY;
                for id in 0..rules.cards.len() {
                    if rng.below(3) == 0 {
                        set.insert(CardId(id as u8));
                    }
                }
                set
            };
            let (city, beautified) = (pick(&mut rng), pick(&mut rng));
            let walked: u32 = city
                .iter()
                .map(|c| rules.card(c).cost as u32 + beautified.contains(c) as u32)
                .sum();
            assert_eq!(rules.city_cost(city, beautified), walked);
        }
        let too_dear = vec![spec(District::Manor, 32, 40)];
        let err = Rules::new(5, &cast(), &too_dear, &[], 0, &Options::default());
        assert_eq!(err.unwrap_err(), RulesError::CostTooHigh(32));
    }

    /// "A player cannot build a district that is identical ... to a district already in his
    /// city": one card per district name of the hand, none of a district the city has unless
    /// identical districts are allowed (Quarry, Wizard).
    #[test]
    fn distinct_new_districts_keep_one_copy_per_name_not_in_the_city() {
        let spec = |district, copies| DistrictSpec {
            district,
            dtype: DistrictType::Noble,
            cost: 3,
            copies,
        };
        let deck = vec![
            spec(District::Manor, 5),
            spec(District::Castle, 5),
            spec(District::Palace, 30),
        ];
        let rules = Rules::new(5, &cast(), &deck, &[], 0, &Options::default()).unwrap();
        let set = |ids: &[u8]| ids.iter().map(|&i| CardId(i)).collect::<CardSet>();
        // Manors are ids 0-4, Castles 5-9, Palaces 10-39.
        let hand = set(&[1, 3, 6, 12, 13]);
        let city = set(&[7]);
        assert_eq!(
            rules.distinct_new_districts(hand, city, false),
            set(&[1, 12])
        );
        assert_eq!(
            rules.distinct_new_districts(hand, city, true),
            set(&[1, 6, 12])
        );
        assert_eq!(
            rules.distinct_new_districts(CardSet::EMPTY, city, false),
            CardSet::EMPTY
        );
    }
}
