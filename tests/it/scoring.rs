//! Final scores and the tie-break ("Game End").

use crate::common::*;
use citadels_sim::engine::District::*;
use citadels_sim::engine::scoring::{outcome, score};
use citadels_sim::engine::sets::{RankSet, SeatSet};
use citadels_sim::engine::state::{Phase, State};
use citadels_sim::engine::{Action, Rules, Seat};

/// Plays a 4-player round (seats 0-3: Assassin, King, Bishop, Warlord) in which the King
/// (seat 1) completes his city, so the game ends; the Assassin kills `kill` if given.
fn finished_game(kill: Option<citadels_sim::engine::Rank>) -> (Rules, State) {
    let (rules, mut state) = first_game_four(44);
    if let Some(k) = kill {
        act(&rules, &mut state, Action::Kill(k));
    }
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Temple, Church, Tavern, Market, Watchtower, Prison],
    );
    let hand = set_hand(&rules, &mut state, Seat(1), &[TradingPost]);
    skip_to(&rules, &mut state, KING);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    finish_round(&rules, &mut state);
    assert!(state.is_over());
    state.gold = [0; 8];
    (rules, state)
}

/// "Score points equal to the building cost of each of your districts."
#[test]
fn districts_score_their_building_cost() {
    let (rules, mut state) = finished_game(None);
    set_city(&rules, &mut state, Seat(2), &[Palace, Temple, Docks]);
    let s = score(&rules, &state, Seat(2));
    assert_eq!(
        (s.districts, s.all_types, s.completion, s.uniques),
        (9, 0, 0, 0)
    );
    assert_eq!(s.total(), 9);
    assert_eq!(score(&rules, &state, Seat(0)).total(), 0);
}

/// "If your city has at least one district of each type, score 3 points."
#[test]
fn all_five_types_score_three() {
    let (rules, mut state) = finished_game(None);
    set_city(
        &rules,
        &mut state,
        Seat(2),
        &[Manor, Temple, Tavern, Watchtower, Keep],
    );
    let s = score(&rules, &state, Seat(2));
    assert_eq!((s.districts, s.all_types, s.total()), (9, 3, 12));
    // Four types only: no bonus.
    set_city(
        &rules,
        &mut state,
        Seat(2),
        &[Manor, Temple, Tavern, Watchtower, Castle],
    );
    assert_eq!(score(&rules, &state, Seat(2)).all_types, 0);
}

/// "The player who first completed his city scores 4 points. Any other player who completed
/// his city scores 2 points."
#[test]
fn first_completed_city_scores_four_others_two() {
    let (rules, mut state) = finished_game(None);
    assert_eq!(state.first_complete, Some(Seat(1)));
    let first = score(&rules, &state, Seat(1));
    // 1+2+1+2+1+2+2 = 11 for the districts, religious/trade/military only.
    assert_eq!(
        (first.districts, first.all_types, first.completion),
        (11, 0, 4)
    );
    set_city(
        &rules,
        &mut state,
        Seat(3),
        &[Manor, Castle, Palace, Cathedral, Harbor, TownHall, Fortress],
    );
    let other = score(&rules, &state, Seat(3));
    assert_eq!((other.districts, other.completion), (31, 2));
    set_city(
        &rules,
        &mut state,
        Seat(2),
        &[Manor, Castle, Palace, Cathedral, Harbor, TownHall],
    );
    assert_eq!(score(&rules, &state, Seat(2)).completion, 0);
}

/// "the player with the most points wins".
#[test]
fn most_points_wins() {
    let (rules, state) = finished_game(None);
    let o = outcome(&rules, &state);
    assert_eq!(o.scores[..4], [0, 15, 0, 0]);
    let mut winners = SeatSet::EMPTY;
    winners.insert(Seat(1));
    assert_eq!(o.winners, winners);
    assert_eq!(o.tied_on_points, 1);
}

/// Two cities worth 20 points, each with four types and no completion.
fn tie_seats_2_and_3(rules: &Rules, state: &mut State) {
    set_city(
        rules,
        state,
        Seat(2),
        &[Palace, Cathedral, TownHall, Fortress],
    );
    set_city(
        rules,
        state,
        Seat(3),
        &[Palace, Cathedral, TownHall, Fortress],
    );
}

/// "If there is a tie, the tied player who revealed the character with the highest-numbered
/// rank during the last round wins."
#[test]
fn tie_goes_to_the_highest_revealed_rank() {
    let (rules, mut state) = finished_game(None);
    tie_seats_2_and_3(&rules, &mut state);
    let o = outcome(&rules, &state);
    assert_eq!(o.scores[..4], [0, 15, 20, 20]);
    assert_eq!(o.tied_on_points, 2);
    let mut winners = SeatSet::EMPTY;
    winners.insert(Seat(3));
    assert_eq!(o.winners, winners, "the Warlord (8) beats the Bishop (5)");
}

/// A killed character was not revealed (Assassin: "without revealing his character card"),
/// so a killed Warlord loses the tie to the Bishop.
#[test]
fn killed_character_does_not_count_for_the_tie_break() {
    let (rules, mut state) = finished_game(Some(WARLORD));
    assert!(!state.revealed.contains(WARLORD));
    tie_seats_2_and_3(&rules, &mut state);
    let o = outcome(&rules, &state);
    assert_eq!(o.tied_on_points, 2);
    let mut winners = SeatSet::EMPTY;
    winners.insert(Seat(2));
    assert_eq!(o.winners, winners);
}

/// CARDS.md ruling: "Players still tied share the win." With distinct ranks this needs tied
/// players who revealed nothing; the revealed set is cleared to reach that position.
#[test]
fn players_still_tied_share_the_win() {
    let (rules, mut state) = finished_game(None);
    tie_seats_2_and_3(&rules, &mut state);
    state.revealed = RankSet::EMPTY;
    let o = outcome(&rules, &state);
    let mut winners = SeatSet::EMPTY;
    winners.insert(Seat(2));
    winners.insert(Seat(3));
    assert_eq!(o.winners, winners);
    assert_eq!(o.tied_on_points, 2);
}

/// At 2 players the tie-break uses the higher of a player's two revealed characters.
#[test]
fn two_players_tie_break_uses_highest_of_two_characters() {
    let rules = rules_with_rank9(2, false);
    let mut state = citadels_sim::engine::new_game(&rules, 8);
    arrange_draft(&mut state, Seat(0), &[], &[MAGICIAN]);
    drive_draft(
        &rules,
        &mut state,
        &[
            (Seat(0), ASSASSIN),
            (Seat(0), WARLORD),
            (Seat(1), KING),
            (Seat(1), ARCHITECT),
        ],
    );
    assert_eq!(state.ranks_of(Seat(0)).0, (1 << 1) | (1 << 8));
    assert_eq!(state.ranks_of(Seat(1)).0, (1 << 4) | (1 << 7));
    for s in 0..2 {
        clear_hand(&mut state, Seat(s));
        clear_city(&mut state, Seat(s));
    }
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[
            Temple,
            Church,
            Tavern,
            Market,
            Watchtower,
            Prison,
            TradingPost,
        ],
    );
    let hand = set_hand(&rules, &mut state, Seat(1), &[Manor]);
    // Seat 1 completes 8 districts as the King; seat 0's Warlord turn is revealed.
    skip_to(&rules, &mut state, KING);
    state.gold[1] = 5;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    finish_round(&rules, &mut state);
    assert!(state.is_over());
    // Seat 1 scores 14 + 4; give seat 0 a city worth 18 as well.
    assert_eq!(score(&rules, &state, Seat(1)).total(), 18);
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Palace, Cathedral, TownHall, Castle],
    );
    state.gold = [0; 8];
    let o = outcome(&rules, &state);
    assert_eq!(o.scores[..2], [19, 18]);
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Palace, Cathedral, TownHall, Manor],
    );
    let o = outcome(&rules, &state);
    assert_eq!(o.scores[..2], [18, 18]);
    let mut winners = SeatSet::EMPTY;
    winners.insert(Seat(0));
    assert_eq!(o.winners, winners, "Warlord (8) beats Architect (7)");
}

/// Rulebook, "Game End": "If there is a tie, the tied player who revealed the character with
/// the highest-numbered rank during the last round wins." Assassin: "At the end of the round,
/// reveal the King's character card" (CARDS.md: so a killed rank 4 counts). The Assassin
/// (rank 1) kills the King; both tie on 20 points; the killed King's player wins.
#[test]
fn tie_break_a_killed_king_is_revealed_at_the_end_of_the_round_and_wins() {
    let rules = first_game_rules(4);
    let mut state = blank_first_turn(&rules, &[ASSASSIN, KING, BISHOP, WARLORD], THIEF);
    act(&rules, &mut state, Action::Kill(KING));
    set_city(
        &rules,
        &mut state,
        Seat(2),
        &[Temple, Church, Tavern, Market, Watchtower, Prison],
    );
    let hand = set_hand(&rules, &mut state, Seat(2), &[TradingPost]);
    pass_turn(&rules, &mut state);
    // The killed King skips his turn.
    assert_eq!((state.turn.rank, state.turn.seat), (BISHOP, Seat(2)));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.first_complete, Some(Seat(2)));
    finish_round(&rules, &mut state);
    assert!(state.is_over());
    assert_eq!(state.crown, Seat(1), "the King's heir took the crown");
    assert_eq!(state.revealed.0, (1 << 1) | (1 << 4) | (1 << 5) | (1 << 8));
    for seat in [Seat(0), Seat(1)] {
        set_city(
            &rules,
            &mut state,
            seat,
            &[Palace, Cathedral, TownHall, Fortress],
        );
    }
    state.gold = [0; 8];
    let o = outcome(&rules, &state);
    // 5+5+5+5 for seats 0 and 1; seat 2: 1+2+1+2+1+2+2 and +4 for the first completed city.
    assert_eq!(o.scores[..4], [20, 20, 15, 0]);
    assert_eq!(o.tied_on_points, 2);
    assert_eq!(
        o.winners,
        seat_set(&[1]),
        "the King (4), shown at the end of the round, beats the Assassin (1)"
    );
}

/// docs/rules.md, "Ties": "A killed King, Patrician or Emperor is revealed too: 'At the end
/// of the round, reveal the King's character card' (rulebook 2016, Assassin), so it counts for
/// the tie-break." The killed King's heir, tied on points with the Thief's player, wins it.
#[test]
fn killed_king_shown_for_his_heir_counts_for_the_tie_break() {
    let rules = deck19_rules(4, &[]);
    let mut state = deck19_at(&rules, &[R1, R4, R2, R3], R8, R1);
    act(&rules, &mut state, Action::Kill(R4));
    pass_turn(&rules, &mut state);
    pass_turn(&rules, &mut state);
    // The Magician (seat 3) completes his city.
    assert_eq!((state.turn.rank, state.turn.seat), (R3, Seat(3)));
    set_city(
        &rules,
        &mut state,
        Seat(3),
        &[Temple, Church, Tavern, Market, Watchtower, Prison],
    );
    let hand = set_hand(&rules, &mut state, Seat(3), &[TradingPost]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::GameOver);
    assert_eq!(state.crown, Seat(1), "the heir took the crown");
    assert!(state.revealed.contains(R4));
    assert!(state.revealed.contains(R2));
    state.gold = [0; 8];
    for s in [1, 2] {
        set_city(
            &rules,
            &mut state,
            Seat(s),
            &[Palace, Cathedral, TownHall, Fortress],
        );
    }
    let o = outcome(&rules, &state);
    // Seat 3: 1+2+1+2+1+2+2 = 11, +4 first completed.
    assert_eq!(o.scores[..4], [0, 20, 20, 15]);
    assert_eq!(o.tied_on_points, 2);
    assert_eq!(
        o.winners,
        seat_set(&[1]),
        "the King (4), shown at the end of the round, beats the Thief (2)"
    );
}
