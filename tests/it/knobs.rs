//! The characters' numbers as house-rule knobs (`[abilities]`, `engine::numbers`): each knob
//! at a changed value, in the situation its rulebook sentence describes, with the exact
//! outcome; then the config's refusals and what manifests and summaries say.

use crate::common::*;
use District::*;
use citadels_sim::config::load_str;
use citadels_sim::engine::state::{Pending, Phase, State};
use citadels_sim::engine::{Action, CardId, Character, CharacterNumbers, District, Rank, Rules};
use citadels_sim::engine::{KNOBS, Seat};
use std::process::Command;

use Character as C;

/// Rules at `players` with the first-game cast, `character` put in at its rank (a rank-9
/// character plays), and the numbers changed by `set`.
fn rules_with(players: u8, character: Character, set: impl FnOnce(&mut CharacterNumbers)) -> Rules {
    let mut rules = rules_with_cast(players, &first_game_cast_with(&[character]));
    set(&mut rules.options.numbers);
    rules
}

/// The seats of a 4-player game with `rank` on seat 0 (then the lowest other ranks) and the
/// next rank face down.
fn seats_for(rank: Rank) -> ([Rank; 4], Rank) {
    let mut others = (1..=8).map(Rank).filter(|&r| r != rank);
    let seats = [
        rank,
        others.next().unwrap(),
        others.next().unwrap(),
        others.next().unwrap(),
    ];
    (seats, others.next().unwrap())
}

/// A 4-player game at the turn of `character` (seat 0), cities, hands and stashes emptied.
fn at(character: Character, set: impl FnOnce(&mut CharacterNumbers)) -> (Rules, State) {
    let rules = rules_with(4, character, set);
    let (seats, facedown) = seats_for(character.rank());
    let state = blank_at_turn(&rules, 7, &seats, facedown, character.rank());
    (rules, state)
}

/// Every `[abilities]` knob is exercised by a test of this file (its key appears in it).
#[test]
fn every_knob_has_a_scenario_here() {
    let text = include_str!("knobs.rs");
    for knob in KNOBS {
        let field = knob.key.replace('.', "_");
        assert!(
            text.contains(&format!("n.{field} = ")),
            "no scenario sets {}",
            knob.key
        );
    }
}

/// docs/configs.md's table lists every knob with its character, default and range.
#[test]
fn the_configs_page_lists_every_knob() {
    let page = include_str!("../../docs/configs.md");
    for knob in KNOBS {
        let row = format!(
            "| `{}` | {} | {} | {} | {} to {} |",
            knob.key, knob.character, knob.what, knob.default, knob.min, knob.max
        );
        assert!(page.contains(&row), "docs/configs.md lacks {row}");
    }
}

// ---------------------------------------------------------------- income

/// "You gain one gold [card] for each noble [religious, trade, military] district in your
/// city": at two for each, every income character gains twice its districts of the type.
#[test]
fn income_counts_each_district_the_knob_times() {
    type Set = fn(&mut CharacterNumbers);
    let cases: [(Character, District, Set, bool); 10] = [
        (C::King, Manor, |n| n.king_income = 2, false),
        (C::Emperor, Castle, |n| n.emperor_income = 2, false),
        (C::Patrician, Palace, |n| n.patrician_income = 2, true),
        (C::Bishop, Temple, |n| n.bishop_income = 2, false),
        (C::Cardinal, Church, |n| n.cardinal_income = 2, true),
        (C::Merchant, Tavern, |n| n.merchant_income = 2, false),
        (C::Trader, Market, |n| n.trader_income = 2, false),
        (C::Warlord, Watchtower, |n| n.warlord_income = 2, false),
        (C::Diplomat, Prison, |n| n.diplomat_income = 2, false),
        (C::Marshal, Barracks, |n| n.marshal_income = 2, false),
    ];
    for (character, district, set, cards) in cases {
        let (rules, mut state) = at(character, set);
        // Two of the type and one of another (a Keep is unique).
        set_city(&rules, &mut state, Seat(0), &[district, district, Keep]);
        act(&rules, &mut state, Action::TakeIncome);
        let (gold, hand) = (state.gold[0], state.hand[0].len());
        let expected = if cards { (0, 4) } else { (4, 0) };
        assert_eq!((gold, hand), expected, "{character}");
        assert!(!offers(&rules, &state, Action::TakeIncome), "{character}");
    }
}

/// Abbot: "You gain either one gold or one card for each religious district ... You must
/// declare the combination": at two for each, two religious districts give four resources
/// in any split.
#[test]
fn abbot_income_splits_the_knob_times_his_districts() {
    let (rules, mut state) = at(C::Abbot, |n| n.abbot_income = 2);
    set_city(&rules, &mut state, Seat(0), &[Temple, Church, Manor]);
    let splits: Vec<u8> = legal(&rules, &state)
        .iter()
        .filter_map(|a| match a {
            Action::AbbotIncome(g) => Some(*g),
            _ => None,
        })
        .collect();
    assert_eq!(splits, [0, 1, 2, 3, 4]);
    act(&rules, &mut state, Action::AbbotIncome(3));
    assert_eq!((state.gold[0], state.hand[0].len()), (3, 1));
}

/// No income at zero for each district: the action is not offered.
#[test]
fn income_at_zero_is_not_offered() {
    let (rules, mut state) = at(C::Bishop, |n| n.bishop_income = 0);
    set_city(&rules, &mut state, Seat(0), &[Temple, Church]);
    assert!(!offers(&rules, &state, Action::TakeIncome));
}

// ---------------------------------------------------------------- extra resources

/// Merchant: "You gain one extra gold": three at `merchant.gold = 3`.
#[test]
fn merchant_extra_gold_is_the_knob() {
    let (rules, mut state) = at(C::Merchant, |n| n.merchant_gold = 3);
    act(&rules, &mut state, Action::MerchantGold);
    assert_eq!(state.gold[0], 3);
    assert!(!offers(&rules, &state, Action::MerchantGold), "once");
}

/// Architect: "Gain two extra cards": one at `architect.cards = 1`.
#[test]
fn architect_extra_cards_are_the_knob() {
    let (rules, mut state) = at(C::Architect, |n| n.architect_cards = 1);
    let top = stack_deck(&rules, &mut state, &[Palace, Temple]);
    act(&rules, &mut state, Action::ArchitectDraw);
    assert_eq!(state.hand[0], set_of(&top[..1]));
}

/// Navigator: "You gain either four gold or four cards": two gold at `navigator.gold = 2`,
/// six cards at `navigator.cards = 6`.
#[test]
fn navigator_gold_and_cards_are_their_knobs() {
    let set = |n: &mut CharacterNumbers| {
        n.navigator_gold = 2;
        n.navigator_cards = 6;
    };
    let (rules, mut state) = at(C::Navigator, set);
    act(&rules, &mut state, Action::NavigatorGold);
    assert_eq!((state.gold[0], state.hand[0].len()), (2, 0));

    let (rules, mut state) = at(C::Navigator, set);
    let top = stack_deck(
        &rules,
        &mut state,
        &[Palace, Temple, Market, Castle, Docks, Prison, Church],
    );
    act(&rules, &mut state, Action::NavigatorCards);
    assert_eq!(state.hand[0], set_of(&top[..6]));
    assert_eq!(state.gold[0], 0);
}

/// Scholar: "Draw seven cards from the deck and choose one to add to your hand": four drawn
/// and two kept at `scholar.draw = 4`, `scholar.keep = 2`; the other two go back.
#[test]
fn scholar_draws_and_keeps_the_knobs() {
    let (rules, mut state) = at(C::Scholar, |n| {
        n.scholar_draw = 4;
        n.scholar_keep = 2;
    });
    let top = stack_deck(&rules, &mut state, &[Palace, Temple, Market, Castle, Docks]);
    let deck_before = state.deck.len();
    act(&rules, &mut state, Action::ScholarDraw);
    assert!(matches!(
        state.turn.pending,
        Pending::Keep { drawn, keep: 2, shuffle: true } if drawn == set_of(&top[..4])
    ));
    act(&rules, &mut state, Action::Keep(top[1]));
    assert!(matches!(state.turn.pending, Pending::Keep { keep: 1, .. }));
    act(&rules, &mut state, Action::Keep(top[3]));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.hand[0], set_of(&[top[1], top[3]]));
    assert_eq!(state.deck.len(), deck_before - 2, "the other two went back");
    assert_conserved(&state);
}

/// Abbot: "the richest player must give you one gold from his stash": two at
/// `abbot.from_richest = 2`, and no more than the richest has.
#[test]
fn abbot_takes_the_knob_from_the_richest() {
    let (rules, mut state) = at(C::Abbot, |n| n.abbot_from_richest = 2);
    state.gold[..4].copy_from_slice(&[0, 5, 3, 1]);
    act(&rules, &mut state, Action::AbbotTax(Seat(1)));
    assert_eq!(state.gold[..4], [2, 3, 3, 1]);

    let (rules, mut state) = at(C::Abbot, |n| n.abbot_from_richest = 2);
    state.gold[..4].copy_from_slice(&[0, 1, 0, 0]);
    act(&rules, &mut state, Action::AbbotTax(Seat(1)));
    assert_eq!(state.gold[..2], [1, 0], "all he has");
}

/// Emperor: "You take either one gold from his stash or one card at random from his hand":
/// two of either at `emperor.take = 2`.
#[test]
fn emperor_takes_the_knob_from_the_new_crowned_player() {
    for loot in [Action::LootGold, Action::LootCard] {
        let (rules, mut state) = at(C::Emperor, |n| n.emperor_take = 2);
        state.gold[1] = 5;
        set_hand(&rules, &mut state, Seat(1), &[Temple, Manor, Tavern]);
        act(&rules, &mut state, Action::GiveCrown(Seat(1)));
        assert_eq!(state.crown, Seat(1));
        act(&rules, &mut state, loot);
        let taken = (state.gold[0], state.hand[0].len());
        let left = (state.gold[1], state.hand[1].len());
        if loot == Action::LootGold {
            assert_eq!((taken, left), ((2, 0), (3, 3)));
        } else {
            assert_eq!((taken, left), ((0, 2), (5, 1)));
        }
        assert_conserved(&state);
    }
}

/// At `emperor.take = 0` the Emperor still gives the crown, and takes nothing.
#[test]
fn emperor_taking_nothing_only_gives_the_crown() {
    let (rules, mut state) = at(C::Emperor, |n| n.emperor_take = 0);
    state.gold[1] = 5;
    set_hand(&rules, &mut state, Seat(1), &[Temple]);
    act(&rules, &mut state, Action::GiveCrown(Seat(1)));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!((state.gold[1], state.hand[1].len()), (5, 1));
    assert_eq!(state.crown, Seat(1));
}

/// Queen: "gain three gold" next to the player who revealed the rank 4 character, and "three
/// gold when that card is revealed at the end of the round" if it was killed: five at
/// `queen.gold = 5`.
#[test]
fn queen_gold_is_the_knob_in_her_turn_and_at_the_end_of_the_round() {
    let seats = [R4, R9, R1, R2, R3];
    let rules = rules_with(5, C::Queen, |n| n.queen_gold = 5);
    let mut state = start_seated(&rules, 7, &seats, R5);
    skip_to(&rules, &mut state, R9);
    let gold = state.gold[1];
    act(&rules, &mut state, Action::QueenGold);
    assert_eq!(state.gold[1], gold + 5);

    let mut state = start_seated(&rules, 7, &seats, R5);
    assert_eq!(state.turn.rank, R1);
    act(&rules, &mut state, Action::Kill(R4));
    skip_to(&rules, &mut state, R9);
    assert!(!offers(&rules, &state, Action::QueenGold));
    act(&rules, &mut state, Action::TakeGold);
    let gold = state.gold[1];
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.gold[1], gold + 5);
}

// ---------------------------------------------------------------- building limits

/// The builds the turn's player makes from `hand`, in order, while any is offered.
fn build_all(rules: &Rules, state: &mut State, hand: &[CardId]) -> usize {
    let mut built = 0;
    for &card in hand {
        if !builds(&legal(rules, state)).contains(&card) {
            break;
        }
        act(rules, state, Action::Build(card));
        built += 1;
    }
    built
}

/// "Your building limit this turn is three" (Architect), "two" (Seer, Scholar): the knobs.
#[test]
fn building_limits_are_the_knobs() {
    type Set = fn(&mut CharacterNumbers);
    let cases: [(Character, Set, usize); 3] = [
        (C::Architect, |n| n.architect_build_limit = 2, 2),
        (C::Seer, |n| n.seer_build_limit = 1, 1),
        (C::Scholar, |n| n.scholar_build_limit = 4, 4),
    ];
    for (character, set, limit) in cases {
        let (rules, mut state) = at(character, set);
        let hand = set_hand(
            &rules,
            &mut state,
            Seat(0),
            &[Temple, Tavern, Watchtower, Manor, Church],
        );
        state.gold[0] = 20;
        act(&rules, &mut state, Action::TakeGold);
        assert_eq!(build_all(&rules, &mut state, &hand), limit, "{character}");
    }
}

// ---------------------------------------------------------------- rank 8

/// Warlord: "destroy one district of your choice by paying one fewer gold than its building
/// cost": the full cost at `warlord.discount = 0`, two fewer at 2.
#[test]
fn warlord_pays_the_cost_less_the_knob_to_destroy() {
    for (discount, gold_for_manor) in [(0u8, 3u16), (2, 1)] {
        let (rules, mut state) = at(C::Warlord, |n| n.warlord_discount = discount);
        let city = set_city(&rules, &mut state, Seat(1), &[Manor, Temple]);
        state.gold[0] = gold_for_manor - 1;
        assert!(
            !destroys(&legal(&rules, &state)).contains(&(Seat(1), city[0])),
            "discount {discount}: the Manor costs {gold_for_manor}"
        );
        state.gold[0] = gold_for_manor;
        act(&rules, &mut state, Action::Destroy(Seat(1), city[0]));
        assert_eq!(state.gold[0], 0, "discount {discount}");
        assert_eq!(state.city[1], set_of(&city[1..]));
    }
}

/// Marshal: "seize one district with a building cost of three or less": four or less at
/// `marshal.max_cost = 4`.
#[test]
fn marshal_seizes_up_to_the_knob() {
    let (rules, mut state) = at(C::Marshal, |n| n.marshal_max_cost = 4);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Castle, Palace, Manor]);
    state.gold[0] = 10;
    let seized: Vec<CardId> = legal(&rules, &state)
        .iter()
        .filter_map(|a| match a {
            Action::Seize(Seat(1), card) => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(sorted(seized), sorted(vec![theirs[0], theirs[2]]));
    act(&rules, &mut state, Action::Seize(Seat(1), theirs[0]));
    assert_eq!(state.gold[..2], [6, 4], "the owner gets the cost");
}

// ---------------------------------------------------------------- rank 2

/// Spy: "For each card in his hand that matches the named district type, take one gold from
/// that player's stash and gain one card from the deck": two gold and no card at
/// `spy.gold = 2`, `spy.cards = 0`.
#[test]
fn spy_takes_the_knobs_for_each_matching_card() {
    let (rules, mut state) = at(C::Spy, |n| {
        n.spy_gold = 2;
        n.spy_cards = 0;
    });
    set_hand(&rules, &mut state, Seat(1), &[Temple, Church, Manor]);
    state.gold[1] = 10;
    act(
        &rules,
        &mut state,
        Action::Spy(Seat(1), citadels_sim::engine::DistrictType::Religious),
    );
    assert_eq!(state.gold[..2], [4, 6]);
    assert_eq!(state.hand[0].len(), 0);
}

/// Blackmailer: the threatened player "can bribe you by giving you half his gold (rounded
/// down)": a third at `blackmailer.bribe_divisor = 3`.
#[test]
fn bribe_is_the_gold_divided_by_the_knob() {
    let rules = rules_with(4, C::Blackmailer, |n| n.blackmailer_bribe_divisor = 3);
    let seats = [R1, R2, R4, R6];
    let mut state = start_seated(&rules, 11, &seats, lowest_rank_not_in(&seats));
    pass_turn(&rules, &mut state);
    act(&rules, &mut state, Action::Threaten(R4, R6));
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (R4, Seat(2)));
    state.gold[..4].copy_from_slice(&[0, 0, 6, 0]);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.pending, Pending::Threat);
    act(&rules, &mut state, Action::Bribe);
    assert_eq!(state.gold[1..3], [2, 6], "8 gold: a bribe of 8 / 3 = 2");
}

// ---------------------------------------------------------------- Cardinal

/// Cardinal: "For each gold you take, you must give that player one card from your hand":
/// two at `cardinal.cards_per_gold = 2`, so a Palace short of 3 gold needs 6 other cards.
#[test]
fn cardinal_gives_the_knob_in_cards_for_each_gold() {
    let hand_of = |extra: usize| {
        let mut hand = vec![Palace];
        hand.extend([Temple, Tavern, Manor, Castle, Church, Market, Docks][..extra].iter());
        hand
    };
    let (rules, mut state) = at(C::Cardinal, |n| n.cardinal_cards_per_gold = 2);
    let hand = set_hand(&rules, &mut state, Seat(0), &hand_of(5));
    act(&rules, &mut state, Action::TakeGold);
    state.gold[1] = 10;
    assert!(
        !borrows(&legal(&rules, &state)).contains(&(hand[0], Seat(1))),
        "5 other cards cannot pay 6"
    );
    let hand = set_hand(&rules, &mut state, Seat(0), &hand_of(6));
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(1)));
    assert!(matches!(
        state.turn.pending,
        Pending::CardinalGive { remaining: 6, .. }
    ));
    for &card in &hand[1..] {
        act(&rules, &mut state, Action::Give(card));
    }
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.city[0], set_of(&hand[..1]));
    assert_eq!(state.hand[1].len(), 6);
    assert_eq!(state.gold[..2], [0, 7]);
}

/// At `cardinal.cards_per_gold = 0` the gold is taken for nothing and the district built at
/// once.
#[test]
fn cardinal_borrowing_for_no_cards_builds_at_once() {
    let (rules, mut state) = at(C::Cardinal, |n| n.cardinal_cards_per_gold = 0);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Palace]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[1] = 10;
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(1)));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.city[0], set_of(&hand));
    assert_eq!(state.gold[..2], [0, 7]);
}

// ---------------------------------------------------------------- rank 9

/// Artist: "You can beautify up to two of your districts by assigning them each one gold":
/// three for two gold each at `artist.districts = 3`, `artist.gold = 2`; a beautified
/// district still costs one more.
#[test]
fn artist_beautifies_the_knobs() {
    let rules = rules_with(4, C::Artist, |n| {
        n.artist_districts = 3;
        n.artist_gold = 2;
    });
    let seats = [R9, R1, R2, R8];
    let mut state = blank_at_turn(&rules, 7, &seats, R7, R9);
    let city = set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Manor, Castle, Palace],
    );
    state.gold[0] = 1;
    assert!(!legal(&rules, &state).contains(&Action::Beautify(city[0])));
    state.gold[0] = 7;
    for &card in &city[..3] {
        act(&rules, &mut state, Action::Beautify(card));
    }
    assert_eq!(state.gold[0], 1);
    assert_eq!(state.beautified, set_of(&city[..3]));
    assert_eq!(state.cost(&rules, city[1]), 4, "a Manor beautified");
    state.gold[0] = 5;
    assert!(!legal(&rules, &state).contains(&Action::Beautify(city[3])));
}

/// Tax Collector: "he places one gold from his stash on the Tax Collector's character
/// token": two at `tax_collector.tax = 2`, only the gold left when less (docs/rules.md).
#[test]
fn tax_is_the_knob_at_most_the_gold_left() {
    let rules = rules_with(4, C::TaxCollector, |n| n.tax_collector_tax = 2);
    let seats = [R9, R6, R7, R8];
    for (gold, paid) in [(4u16, 2u16), (2, 1)] {
        let mut state = blank_at_turn(&rules, 7, &seats, R1, R6);
        let card = take(&rules, &mut state, Temple);
        state.hand[1].insert(card);
        act(&rules, &mut state, Action::TakeGold);
        state.gold[1] = gold;
        act(&rules, &mut state, Action::Build(card));
        assert_eq!(state.tax_pool, paid, "{gold} gold before the Temple");
        assert_eq!(state.gold[1], gold - 1 - paid);
    }
}

// ---------------------------------------------------------------- configs

const BASE: &str = "name = \"knobs\"\ncharacters = [\"Assassin\", \"Thief\", \"Magician\", \
                    \"King\", \"Bishop\", \"Merchant\", \"Architect\", \"Warlord\"]\n\
                    unique_districts = []\n";

/// A config loads its `[abilities]` into the rules, and the resolved config writes exactly
/// the changed numbers (none for a config at the rulebook's).
#[test]
fn abilities_load_and_round_trip_through_the_resolved_config() {
    let text = format!("{BASE}[abilities]\nmerchant.gold = 2\narchitect.build_limit = 2\n");
    let config = load_str("k.toml", &text).unwrap();
    let rules = config.rules(4).unwrap();
    assert_eq!(rules.numbers().merchant_gold, 2);
    assert_eq!(rules.numbers().architect_build_limit, 2);
    let written = config.to_toml();
    assert!(
        written.contains("[abilities.merchant]\ngold = 2\n"),
        "{written}"
    );
    let back = load_str("k.toml", &written).unwrap();
    assert_eq!(back.options, config.options);
    assert!(
        !load_str("k.toml", BASE)
            .unwrap()
            .to_toml()
            .contains("abilities")
    );
}

/// Out of range, unknown, not a table, not in the cast, more kept than drawn: refused, each
/// naming the file, the key and the value.
#[test]
fn bad_abilities_are_refused_naming_key_and_value() {
    let refusal = |table: &str| {
        load_str("k.toml", &format!("{BASE}[abilities]\n{table}"))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refusal("merchant.gold = 11\n"),
        "k.toml: abilities.merchant.gold = 11: allowed: 0 to 10"
    );
    assert_eq!(
        refusal("architect.build_limit = 0\n"),
        "k.toml: abilities.architect.build_limit = 0: allowed: 1 to 5"
    );
    assert_eq!(
        refusal("merchant.gold = \"two\"\n"),
        "k.toml: abilities.merchant.gold = \"two\": allowed: 0 to 10"
    );
    let unknown = refusal("merchant.glod = 2\n");
    assert!(
        unknown.starts_with(
            "k.toml: abilities.merchant.glod: unknown number (did you mean \"merchant.gold\"?)"
        ),
        "{unknown}"
    );
    let flat = refusal("merchant_gold = 2\n");
    assert!(
        flat.starts_with("k.toml: abilities.merchant_gold = 2: allowed: CHARACTER.NUMBER")
            && flat.contains("did you mean \"merchant.gold\""),
        "{flat}"
    );
    assert_eq!(
        refusal("queen.gold = 4\n"),
        "k.toml: abilities.queen.gold = 4: the Queen is not in the cast; allowed: the numbers \
         of the cast's characters"
    );
    assert_eq!(
        refusal("scholar.draw = 3\nscholar.keep = 4\n")
            .lines()
            .count(),
        2,
        "the Scholar is not in the cast: both keys named"
    );
    let scholar = BASE.replace("\"Architect\"", "\"Scholar\"");
    let keep = load_str(
        "k.toml",
        &format!("{scholar}[abilities]\nscholar.draw = 3\nscholar.keep = 4\n"),
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        keep,
        "k.toml: abilities.scholar.keep = 4: allowed: 1 to scholar.draw (3); cannot keep more \
         cards than drawn"
    );
}

/// The summaries name a changed number only at the player counts its character plays: the
/// rank-9 Queen plays at 8 players, not at 5 without `use_rank9`.
#[test]
fn house_rules_are_named_where_their_character_plays() {
    let queen = BASE.replace("\"Warlord\"]", "\"Warlord\", \"Queen\"]");
    let config = load_str("k.toml", &format!("{queen}[abilities]\nqueen.gold = 5\n")).unwrap();
    assert_eq!(config.rules(5).unwrap().house_rules_line(), None);
    assert_eq!(
        config.rules(8).unwrap().house_rules_line().unwrap(),
        "house rules: Queen gold next to the rank 4 character 5 (rulebook 3)"
    );
}

/// A character with a changed number cannot be replaced away (`--replace`): the number
/// would silently do nothing.
#[test]
fn replacing_a_character_with_a_changed_number_is_refused() {
    let mut config =
        load_str("k.toml", &format!("{BASE}[abilities]\nmerchant.gold = 2\n")).unwrap();
    let refusal = config.replace(C::Merchant, C::Alchemist).unwrap_err();
    assert!(refusal.contains("abilities.merchant.gold"), "{refusal}");
    config.replace(C::King, C::Patrician).unwrap();
}

/// The command line: a bad number is refused before any game with exit status 2 and nothing
/// written; a good one plays, its manifest and summary naming the change.
#[test]
fn runs_refuse_bad_numbers_and_report_changed_ones() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("k.toml");
    let out = dir.path().join("out");
    std::fs::write(&config, format!("{BASE}[abilities]\nmerchant.gold = 40\n")).unwrap();
    let run = || {
        Command::new(BIN)
            .args(["run", "--config", path(&config), "--players", "4"])
            .args(["--games", "20", "--quiet", "--out", path(&out)])
            .output()
            .unwrap()
    };
    let refused = run();
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("abilities.merchant.gold = 40: allowed: 0 to 10")
            && stderr.contains("k.toml"),
        "{stderr}"
    );
    assert!(!out.exists());

    std::fs::write(&config, format!("{BASE}[abilities]\nmerchant.gold = 2\n")).unwrap();
    let played = run();
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert!(
        manifest.contains("[config.abilities.merchant]\ngold = 2"),
        "{manifest}"
    );
    let summary = std::fs::read_to_string(out.join("summary.txt")).unwrap();
    assert!(
        summary.contains("house rules: Merchant extra gold 2 (rulebook 1)"),
        "{summary}"
    );
}

/// `sweep --set merchant.gold=1,3`: a character's number is swept like a `[rules]` key: the
/// rulebook's row plays as the base config, the changed one is named in the summary and
/// plays differently; a value the config refuses is refused before any game.
#[test]
fn sweep_sets_a_characters_number() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let sweep = |set: &str| {
        Command::new(BIN)
            .args(["sweep", "--set", set, "--players", "4", "--games", "200"])
            .args(["--seed", "5", "--quiet", "--out", path(&out)])
            .output()
            .unwrap()
    };
    let played = sweep("merchant.gold=1,3");
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert!(rows[0].starts_with("merchant.gold,players,"), "{csv}");
    assert_eq!(rows.len(), 3, "{csv}");
    let (rulebook, changed) = (rows[1], rows[2]);
    assert!(
        rulebook.starts_with("1,4,") && changed.starts_with("3,4,"),
        "{csv}"
    );
    assert_ne!(
        rulebook[2..],
        changed[2..],
        "three extra gold play differently"
    );
    let summary = std::fs::read_to_string(out.join("summary.txt")).unwrap();
    assert!(
        summary.contains("merchant.gold=3: house rules: Merchant extra gold 3 (rulebook 1)")
            && !summary.contains("merchant.gold=1: house rules"),
        "{summary}"
    );

    for (set, message) in [
        (
            "merchant.gold=11",
            "abilities.merchant.gold = 11: allowed: 0 to 10",
        ),
        ("queen.gold=4", "the Queen is not in the cast"),
    ] {
        let refused = sweep(set);
        assert_eq!(refused.status.code(), Some(2), "{set}");
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains(message), "{set}: {stderr}");
    }
}
