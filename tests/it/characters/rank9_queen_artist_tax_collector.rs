//! Rank 9: the Queen, the Artist and the Tax Collector ("Character Abilities in Detail"), one
//! test per sentence of the rulebook or ruling, driven through real selection phases and
//! turns.

use super::*;
use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::scoring::score;
use citadels_sim::engine::state::{Phase, State, TurnMode};
use citadels_sim::engine::{Action, CardId, Character, District, Rank, Rules, Seat};

/// A 5-player game with the Queen, seat i holding `seats[i]`, at the Queen's turn (or, if
/// `assassin_kills_king`, after the Assassin killed the rank 4 character).
fn queen_game(seats: &[Rank], facedown: Rank, assassin_kills_king: bool) -> (Rules, State) {
    let rules = cast_with_artist(5, &[Character::Queen], true);
    let mut state = first_turn(&rules, seats, facedown);
    if assassin_kills_king {
        assert_eq!(state.turn.rank, R1);
        act(&rules, &mut state, Action::Kill(R4));
    }
    skip_to(&rules, &mut state, R9);
    (rules, state)
}

fn queen_seat(state: &State) -> usize {
    state.owner[R9.index()].unwrap().index()
}

fn beautifies(actions: &[Action]) -> Vec<CardId> {
    sorted(
        actions
            .iter()
            .filter_map(|a| match a {
                Action::Beautify(c) => Some(*c),
                _ => None,
            })
            .collect(),
    )
}

/// Tax Collector at seat 0, Merchant, Architect, Warlord at seats 1-3 (no Assassin).
const TAX_SEATS: [Rank; 4] = [R9, R6, R7, R8];

fn tax_game(seats: &[Rank], facedown: Rank) -> (Rules, State) {
    let rules = cast_with_artist(4, &[Character::TaxCollector], true);
    let state = first_turn(&rules, seats, facedown);
    (rules, state)
}

/// At the turn of `rank`, with empty cities, hands and stashes.
fn at_tax(rank: Rank) -> (Rules, State) {
    let (rules, mut state) = tax_game(&TAX_SEATS, R1);
    skip_to(&rules, &mut state, rank);
    blank(&mut state);
    (rules, state)
}

/// The player of the current turn takes gold, sets his stash to `gold` and builds `district`.
fn gather_and_build(rules: &Rules, state: &mut State, gold: u16, district: District) -> CardId {
    let seat = state.turn.seat;
    let card = take(rules, state, district);
    state.hand[seat.index()].insert(card);
    if !state.turn.gathered {
        act(rules, state, Action::TakeGold);
    }
    state.gold[seat.index()] = gold;
    act(rules, state, Action::Build(card));
    card
}

/// The King (seat 0, 3 gold) with `in_city` in his city and `in_hand` in his hand makes the
/// free build `build(city card, hand card)` beside the Tax Collector: the hand card is his
/// city, and one of his 3 gold is on the Tax Collector's token.
fn taxed_free_build(in_city: District, in_hand: District, build: fn(CardId, CardId) -> Action) {
    let rules = deck19_rules(4, &[C::TaxCollector]);
    let mut state = deck19_at(&rules, &[R4, R1, R2, R9], R3, R4);
    assert_eq!(state.tax_pool, 0);
    let city = set_city(&rules, &mut state, Seat(0), &[in_city]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[in_hand]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 3;
    act(&rules, &mut state, build(city[0], hand[0]));
    assert_eq!(state.city[0], set_of(&hand));
    assert_eq!(state.gold[0], 2);
    assert_eq!(state.tax_pool, 1);
}

// ---------------------------------------------------------------- Queen

/// Queen: "If you are sitting next to the player who revealed the rank 4 character (King,
/// Emperor, or Patrician), gain three gold." On either side, around the table.
#[test]
fn queen_gains_three_gold_next_to_the_rank4_player() {
    for seats in [[R4, R9, R1, R2, R3], [R4, R1, R2, R3, R9]] {
        let (rules, mut state) = queen_game(&seats, R5, false);
        let q = queen_seat(&state);
        state.gold[q] = 1;
        assert!(offers(&rules, &state, Action::QueenGold), "{seats:?}");
        act(&rules, &mut state, Action::QueenGold);
        assert_eq!(state.gold[q], 4);
        assert!(!offers(&rules, &state, Action::QueenGold), "once");
        act(&rules, &mut state, Action::TakeGold);
        assert_eq!(state.gold[q], 6);
    }
}

/// Queen: the gold is only for sitting next to the rank 4 player; not otherwise, and not
/// when nobody revealed the rank 4 character.
#[test]
fn queen_gains_nothing_away_from_the_rank4_player() {
    for (seats, facedown) in [
        ([R4, R1, R9, R2, R3], R5),
        ([R4, R1, R2, R9, R3], R5),
        ([R9, R1, R2, R3, R5], R4),
    ] {
        let (rules, mut state) = queen_game(&seats, facedown, false);
        let q = queen_seat(&state);
        assert!(!offers(&rules, &state, Action::QueenGold), "{seats:?}");
        act(&rules, &mut state, Action::TakeGold);
        let gold = state.gold[q];
        act(&rules, &mut state, Action::EndTurn);
        assert_eq!(state.phase, Phase::Draft);
        assert_eq!(
            state.gold[q], gold,
            "nothing at the end of the round either"
        );
    }
}

/// Queen: "If this character is sitting next to you, but has been killed by the Assassin,
/// you gain three gold when that card is revealed at the end of the round."
#[test]
fn queen_gains_three_gold_at_round_end_when_the_adjacent_rank4_was_killed() {
    let (rules, mut state) = queen_game(&[R4, R9, R1, R2, R3], R5, true);
    assert!(!offers(&rules, &state, Action::QueenGold));
    act(&rules, &mut state, Action::TakeGold);
    let gold = state.gold[1];
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.gold[1], gold + 3);
    // The King's heir took the crown as well.
    assert_eq!(state.crown, Seat(0));
}

/// The killed rank 4 character gives the end-of-round gold only to a Queen next to him.
#[test]
fn queen_gains_nothing_at_round_end_when_the_killed_rank4_is_not_adjacent() {
    let (rules, mut state) = queen_game(&[R4, R1, R9, R2, R3], R5, true);
    act(&rules, &mut state, Action::TakeGold);
    let gold = state.gold[2];
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.gold[2], gold);
}

/// Queen: "If you are sitting next to the player who revealed the rank 4 character ... gain
/// three gold." King: "If you are bewitched, you still take the crown": the bewitched King's
/// player (seat 2) reveals the King, and the Queen beside him (seat 3) gains three gold.
#[test]
fn queen_next_to_a_bewitched_king_gains_three_gold() {
    let rules = rules_with_cast(5, &first_game_cast_with(&[C::Witch, C::Queen]));
    let mut state = blank_first_turn(&rules, &[R1, R2, R4, R9, R3], R5);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(R4));
    skip_to(&rules, &mut state, R4);
    assert_eq!(state.turn.mode, TurnMode::Bewitched);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.crown, Seat(2));
    assert_eq!(state.turn.seat, Seat(0));
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!((state.turn.rank, state.turn.seat), (R9, Seat(3)));
    assert_eq!(state.gold[3], 0);
    act(&rules, &mut state, Action::QueenGold);
    assert_eq!(state.gold[3], 3);
}

// ---------------------------------------------------------------- Artist

/// Artist: "You can beautify up to two of your districts by assigning them each one gold
/// from your stash."
#[test]
fn artist_beautifies_up_to_two_districts_for_one_gold_each() {
    let (rules, mut state, city) = at_artist(Character::Warlord, &[Temple, Manor, Castle]);
    state.gold[0] = 3;
    assert_eq!(beautifies(&legal(&rules, &state)), sorted(city.clone()));
    act(&rules, &mut state, Action::Beautify(city[0]));
    assert_eq!(state.gold[0], 2);
    act(&rules, &mut state, Action::Beautify(city[1]));
    assert_eq!(state.gold[0], 1);
    assert_eq!(state.beautified, set_of(&city[..2]));
    // Two already: not the third, gold or not.
    assert!(beautifies(&legal(&rules, &state)).is_empty());
}

/// The gold comes from his stash: with none, nothing can be beautified.
#[test]
fn artist_needs_gold_to_beautify() {
    let (rules, mut state, city) = at_artist(Character::Warlord, &[Temple, Manor]);
    assert!(beautifies(&legal(&rules, &state)).is_empty());
    state.gold[0] = 1;
    act(&rules, &mut state, Action::Beautify(city[1]));
    assert!(beautifies(&legal(&rules, &state)).is_empty());
}

/// Artist: "The cost of a beautified district is permanently increased by one ... A district
/// can be beautified only once." Next round it still costs one more and cannot be beautified
/// again.
#[test]
fn artist_beautifies_a_district_only_once_and_for_good() {
    let (rules, mut state, city) = at_artist(Character::Warlord, &[Temple, Manor, Castle]);
    state.gold[0] = 5;
    act(&rules, &mut state, Action::Beautify(city[0]));
    assert_eq!(
        beautifies(&legal(&rules, &state)),
        sorted(vec![city[1], city[2]])
    );
    next_round(&rules, &mut state, &ARTIST_SEATS, R7);
    skip_to(&rules, &mut state, R9);
    assert_eq!(state.cost(&rules, city[0]), 2);
    assert_eq!(
        beautifies(&legal(&rules, &state)),
        sorted(vec![city[1], city[2]])
    );
}

/// Artist: "... so a beautified district scores one more point at the end of the game".
#[test]
fn beautified_district_scores_one_more_point() {
    let (rules, mut state, city) = at_artist(Character::Warlord, &[Temple, Manor, Castle]);
    assert_eq!(score(&rules, &state, Seat(0)).districts, 8);
    state.gold[0] = 2;
    act(&rules, &mut state, Action::Beautify(city[0]));
    act(&rules, &mut state, Action::Beautify(city[2]));
    assert_eq!(score(&rules, &state, Seat(0)).districts, 10);
}

/// Artist: the beautification is "permanent": a district the Diplomat exchanges stays
/// beautified, and its cost with it.
#[test]
fn beautified_district_stays_beautified_when_exchanged() {
    let (rules, mut state, city) = at_artist(Character::Diplomat, &[Manor]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::Beautify(city[0]));
    next_round(&rules, &mut state, &ARTIST_SEATS, R7);
    skip_to(&rules, &mut state, R8);
    let mine = set_city(&rules, &mut state, Seat(3), &[Temple]);
    state.gold[3] = 2;
    // The difference is 4 - 1 = 3.
    assert!(exchanges(&legal(&rules, &state)).is_empty());
    state.gold[3] = 3;
    state.gold[0] = 0;
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(0), city[0], mine[0]),
    );
    assert_eq!(state.gold[3], 0);
    assert_eq!(state.gold[0], 3);
    assert!(state.city[3].contains(city[0]));
    assert!(state.beautified.contains(city[0]));
    assert_eq!(state.cost(&rules, city[0]), 4);
    assert_eq!(score(&rules, &state, Seat(3)).districts, 4);
}

// ---------------------------------------------------------------- Tax Collector

/// Tax Collector: "When the Tax Collector is one of the characters in the game, players are
/// charged a property tax for building districts. Immediately after a player builds a
/// district, he places one gold from his stash on the Tax Collector's character token."
#[test]
fn tax_is_one_gold_onto_the_token_after_each_build() {
    let (rules, mut state) = at_tax(R6);
    let card = gather_and_build(&rules, &mut state, 3, Temple);
    assert_eq!(state.city[1], set_of(&[card]));
    assert_eq!(state.gold[1], 1);
    assert_eq!(state.tax_pool, 1);
}

/// Without the Tax Collector in the cast, building costs no tax.
#[test]
fn no_tax_without_the_tax_collector_in_the_cast() {
    let rules = cast_with_artist(4, &[], true);
    let mut state = first_turn(&rules, &[R9, R6, R7, R8], R1);
    skip_to(&rules, &mut state, R6);
    blank(&mut state);
    gather_and_build(&rules, &mut state, 3, Temple);
    assert_eq!(state.gold[1], 2);
    assert_eq!(state.tax_pool, 0);
}

/// Tax Collector: "This applies even when a player builds a district that he has not paid to
/// build." The Thieves' Den paid wholly with cards is taxed.
#[test]
fn tax_applies_to_a_district_built_without_paying_gold() {
    let (rules, mut state) = at_tax(R6);
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(1),
        &[ThievesDen, Temple, Tavern, Manor, Castle, Market, Docks],
    );
    act(&rules, &mut state, Action::TakeGold);
    state.gold[1] = 1;
    act(&rules, &mut state, Action::Build(hand[0]));
    for &c in &hand[1..] {
        act(&rules, &mut state, Action::DenPayCard(c));
    }
    act(&rules, &mut state, Action::DenPayGold);
    assert_eq!(state.city[1], set_of(&hand[..1]));
    assert_eq!(state.gold[1], 0);
    assert_eq!(state.tax_pool, 1);
}

/// Tax Collector: "If a player builds more than one district, he is charged the property tax
/// for each district built."
#[test]
fn tax_is_charged_for_each_district_built() {
    let (rules, mut state) = at_tax(R7);
    let hand = set_hand(&rules, &mut state, Seat(2), &[Temple, Tavern, Watchtower]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[2] = 10;
    for (i, &c) in hand.iter().enumerate() {
        act(&rules, &mut state, Action::Build(c));
        assert_eq!(state.tax_pool, i as u16 + 1);
    }
    assert_eq!(state.gold[2], 10 - 3 - 3);
}

/// Tax Collector: "If a player has no gold remaining in his stash after building a district,
/// he is not charged a tax."
#[test]
fn no_tax_when_no_gold_is_left_after_building() {
    let (rules, mut state) = at_tax(R6);
    gather_and_build(&rules, &mut state, 2, Market);
    assert_eq!(state.gold[1], 0);
    assert_eq!(state.tax_pool, 0);
}

/// Tax Collector: "The Tax Collector himself is not charged a tax."
#[test]
fn tax_collector_is_not_taxed() {
    let (rules, mut state) = at_tax(R9);
    gather_and_build(&rules, &mut state, 5, Temple);
    assert_eq!(state.gold[0], 4);
    assert_eq!(state.tax_pool, 0);
}

/// Tax Collector: "At any time during your turn, you can take all gold from the Tax
/// Collector's character token into your stash."
#[test]
fn tax_collector_takes_all_the_gold_on_the_token() {
    let (rules, mut state) = tax_game(&TAX_SEATS, R1);
    skip_to(&rules, &mut state, R6);
    gather_and_build(&rules, &mut state, 5, Temple);
    act(&rules, &mut state, Action::EndTurn);
    let hand = set_hand(&rules, &mut state, Seat(2), &[Tavern, Watchtower]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[2] = 5;
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::Build(hand[1]));
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.tax_pool, 3);
    skip_to(&rules, &mut state, R9);
    state.gold[0] = 1;
    // Before gathering too.
    act(&rules, &mut state, Action::CollectTaxes);
    assert_eq!(state.gold[0], 4);
    assert_eq!(state.tax_pool, 0);
    assert!(!offers(&rules, &state, Action::CollectTaxes));
}

/// Tax Collector: "Even if the Tax Collector does not appear during a round (because it was
/// not chosen, it was discarded at the start of the selection phase, or it was killed by the
/// Assassin), players are always charged a tax, and any gold left on the Tax Collector's
/// token carries over to the next round."
#[test]
fn tax_is_charged_and_carried_over_when_the_tax_collector_does_not_appear() {
    // Round 1: the Tax Collector is discarded face down; round 2: killed; round 3: collects.
    let (rules, mut state) = tax_game(&[R6, R7, R8, R2], R9);
    skip_to(&rules, &mut state, R6);
    gather_and_build(&rules, &mut state, 5, Temple);
    assert_eq!(state.tax_pool, 1);
    next_round(&rules, &mut state, &[R6, R7, R1, R9], R8);
    assert_eq!(state.tax_pool, 1);
    assert_eq!(state.turn.rank, R1);
    act(&rules, &mut state, Action::Kill(R9));
    skip_to(&rules, &mut state, R6);
    gather_and_build(&rules, &mut state, 5, Tavern);
    assert_eq!(state.tax_pool, 2);
    finish_round(&rules, &mut state);
    assert_eq!(state.tax_pool, 2);
    arrange_draft(&mut state, Seat(0), &[], &[R1]);
    drive_draft(&rules, &mut state, &seat_ranks(&[R9, R6, R7, R8]));
    skip_to(&rules, &mut state, R9);
    let gold = state.gold[0];
    act(&rules, &mut state, Action::CollectTaxes);
    assert_eq!(state.gold[0], gold + 2);
}

/// Tax Collector: "In 2- and 3-player games, a player who chooses the Tax Collector as one of
/// his characters is still charged a tax for his other character."
#[test]
fn tax_collector_player_is_taxed_in_his_other_characters_turn() {
    let rules = cast_with_artist(3, &[Character::TaxCollector], true);
    let mut state = game_with(
        &rules,
        7,
        Seat(0),
        R8,
        &[(Seat(0), R9), (Seat(0), R7), (Seat(1), R1), (Seat(2), R2)],
    );
    assert_eq!(state.ranks_of(Seat(0)).0, (1 << 7) | (1 << 9));
    skip_to(&rules, &mut state, R7);
    blank(&mut state);
    gather_and_build(&rules, &mut state, 5, Temple);
    assert_eq!(state.gold[0], 3);
    assert_eq!(state.tax_pool, 1);
    act(&rules, &mut state, Action::EndTurn);
    skip_to(&rules, &mut state, R9);
    assert_eq!(state.turn.seat, Seat(0));
    gather_and_build(&rules, &mut state, 5, Tavern);
    assert_eq!(state.gold[0], 4, "not taxed as the Tax Collector");
    assert_eq!(state.tax_pool, 1);
}

/// Tax Collector: "Immediately after a player builds a district, he places one gold from his
/// stash on the Tax Collector's character token. This applies even when a player builds a
/// district that he has not paid to build." docs/rules.md: Framework and Necropolis builds
/// "count toward the building limit and the Tax Collector's tax applies". The Wizard's
/// immediate build, a Framework build and a Necropolis build each pay one gold.
#[test]
fn tax_applies_to_wizard_framework_and_necropolis_builds() {
    let rules = rules_with_cast_and_uniques(
        4,
        &first_game_cast_with(&[C::Wizard, C::TaxCollector]),
        &[Framework, Necropolis],
    );
    let mut state = blank_first_turn(&rules, &[R3, R6, R7, R8], R1);
    assert_eq!(state.turn.rank, R3);
    // The Wizard builds a Castle from seat 3's hand, paying 4 of 5 gold.
    let theirs = set_hand(&rules, &mut state, Seat(3), &[Castle]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[0] = 5;
    act(&rules, &mut state, Action::WizardLook(Seat(3)));
    act(&rules, &mut state, Action::WizardBuild(theirs[0]));
    assert_eq!(state.city[0], set_of(&theirs));
    assert_eq!((state.gold[0], state.tax_pool), (0, 1));
    act(&rules, &mut state, Action::EndTurn);
    // The Merchant builds a Palace by destroying his Framework.
    let framework = set_city(&rules, &mut state, Seat(1), &[Framework]);
    let palace = set_hand(&rules, &mut state, Seat(1), &[Palace]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::FrameworkBuild(palace[0]));
    assert_eq!(state.city[1], set_of(&palace));
    assert!(!state.city[1].contains(framework[0]));
    assert_eq!((state.gold[1], state.tax_pool), (1, 2));
    act(&rules, &mut state, Action::EndTurn);
    // The Architect builds the Necropolis by destroying his Temple.
    let temple = set_city(&rules, &mut state, Seat(2), &[Temple]);
    let necropolis = set_hand(&rules, &mut state, Seat(2), &[Necropolis]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::NecropolisBuild(temple[0]));
    assert_eq!(state.city[2], set_of(&necropolis));
    assert_eq!((state.gold[2], state.tax_pool), (1, 3));
    assert_conserved(&state);
}

/// Tax Collector: "Immediately after a player builds a district, he places one gold from his
/// stash on the Tax Collector's character token. This applies even when a player builds a
/// district that he has not paid to build"; docs/rules.md: Framework and Necropolis builds
/// "count toward the building limit and the Tax Collector's tax applies".
#[test]
fn tax_applies_to_a_framework_build() {
    taxed_free_build(Framework, Manor, |_, hand| Action::FrameworkBuild(hand));
}

/// Tax Collector: "This applies even when a player builds a district that he has not paid to
/// build"; docs/rules.md: the tax applies to Necropolis builds.
#[test]
fn tax_applies_to_a_necropolis_build() {
    taxed_free_build(Temple, Necropolis, |city, _| Action::NecropolisBuild(city));
}
