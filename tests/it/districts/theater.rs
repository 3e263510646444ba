//! The Theater, the one district that acts in the selection phase: its card text (CARDS.md)
//! and the rulebook's clarifications, through real selection phases.

use super::*;
use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::sets::RankSet;
use citadels_sim::engine::state::Phase;
use citadels_sim::engine::{Action, Character, District, Rank, Seat, new_game};

// ---------------------------------------------------------------- Theater

/// Theater: "At the end of each selection phase, you may exchange your chosen character card
/// with an opponent's." Clarification: "The owner chooses who to exchange cards with, but he
/// chooses blindly ... the players involved in the exchange can look to see who their new
/// character is."
#[test]
fn theater_exchanges_with_a_chosen_opponent_blind_and_both_see_their_new_character() {
    let (rules, mut state) = setup(
        &[],
        &[Theater],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Theater])],
    );
    assert_eq!(state.phase, Phase::Theater(Seat(0)));
    assert_eq!(to_move_seat(&state), Seat(0));
    // One choice per opponent, not per character: he does not see theirs.
    assert_eq!(
        legal(&rules, &state),
        vec![
            Action::TheaterSwap(Seat(1), KING),
            Action::TheaterSwap(Seat(2), KING),
            Action::TheaterSwap(Seat(3), KING),
            Action::TheaterPass,
        ]
    );
    act(&rules, &mut state, Action::TheaterSwap(Seat(2), KING));
    assert_eq!(state.owner[KING.index()], Some(Seat(2)));
    assert_eq!(state.owner[MERCHANT.index()], Some(Seat(0)));
    assert_eq!(state.owner[ASSASSIN.index()], Some(Seat(1)));
    assert_eq!(state.owner[WARLORD.index()], Some(Seat(3)));
    assert!(state.seen[0].contains(MERCHANT));
    assert!(state.seen[2].contains(KING));
    // Then the turns start, and the characters are revealed only when called.
    assert_eq!(state.phase, Phase::Turns);
    assert_eq!((state.turn.rank, state.turn.seat), (ASSASSIN, Seat(1)));
    assert!(!state.revealed.contains(MERCHANT));
    skip_to(&rules, &mut state, KING);
    assert_eq!(state.turn.seat, Seat(2));
}

/// Theater: "you may": passing keeps every character where it is.
#[test]
fn theater_pass_keeps_every_character() {
    let (rules, mut state) = setup(
        &[],
        &[Theater],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Theater])],
    );
    let (owner, seen) = (state.owner, state.seen);
    act(&rules, &mut state, Action::TheaterPass);
    assert_eq!(state.owner, owner);
    assert_eq!(state.seen, seen);
    assert_eq!(state.phase, Phase::Turns);
    assert_eq!((state.turn.rank, state.turn.seat), (ASSASSIN, Seat(1)));
}

/// Clarification: "In 2- and 3-player games, the owner chooses which of his two characters
/// to give away and randomly chooses which of his opponent's characters to take in return."
#[test]
fn theater_at_two_players_gives_the_chosen_character_for_a_random_one_of_the_opponents() {
    let mut taken = RankSet::EMPTY;
    for seed in 0..24 {
        let (rules, mut state) = setup_with(
            2,
            seed,
            &[],
            &[Theater],
            &[(0, KING), (0, MERCHANT), (1, ASSASSIN), (1, WARLORD)],
            &[(0, &[Theater])],
        );
        assert_eq!(state.phase, Phase::Theater(Seat(0)));
        assert_eq!(
            legal(&rules, &state),
            vec![
                Action::TheaterSwap(Seat(1), KING),
                Action::TheaterSwap(Seat(1), MERCHANT),
                Action::TheaterPass,
            ]
        );
        act(&rules, &mut state, Action::TheaterSwap(Seat(1), MERCHANT));
        let mine = state.ranks_of(Seat(0));
        let theirs = state.ranks_of(Seat(1));
        assert_eq!((mine.len(), theirs.len()), (2, 2));
        assert!(mine.contains(KING), "the other one is kept");
        assert!(theirs.contains(MERCHANT), "the chosen one is given");
        let got = mine.iter().find(|&r| r != KING).unwrap();
        assert!(got == ASSASSIN || got == WARLORD);
        assert!(state.seen[0].contains(got));
        assert!(state.seen[1].contains(MERCHANT));
        taken.insert(got);
    }
    assert_eq!(taken.len(), 2, "either of the opponent's two can come back");
}

/// The Theater's clarification at 3 players (rank 9 in play): he gives the chosen one of his
/// two characters and gets a random one of the chosen opponent's two.
#[test]
fn theater_at_three_players_gives_the_chosen_character_for_one_of_the_opponents() {
    let mut full = first_game_cast_with(&[]);
    full.push(C::Artist);
    let rules = rules_with_cast_and_uniques(3, &full, &[Theater]);
    let wanted = [
        (Seat(0), KING),
        (Seat(0), MERCHANT),
        (Seat(1), ASSASSIN),
        (Seat(1), WARLORD),
        (Seat(2), ARCHITECT),
        (Seat(2), Rank(9)),
    ];
    // The third player's random discard may take a wanted card: the first seed where it
    // does not.
    let mut state = (0..64)
        .find_map(|seed| {
            let mut state = new_game(&rules, seed);
            (0..3).for_each(|s| clear_hand(&mut state, Seat(s)));
            set_city(&rules, &mut state, Seat(0), &[Theater]);
            arrange_draft(&mut state, Seat(0), &[], &[THIEF]);
            drive_draft(&rules, &mut state, &wanted);
            wanted
                .iter()
                .all(|&(s, r)| state.owner[r.index()] == Some(s))
                .then_some(state)
        })
        .expect("a seed deals the wanted characters");
    assert_eq!(state.phase, Phase::Theater(Seat(0)));
    assert_eq!(
        legal(&rules, &state),
        vec![
            Action::TheaterSwap(Seat(1), KING),
            Action::TheaterSwap(Seat(1), MERCHANT),
            Action::TheaterSwap(Seat(2), KING),
            Action::TheaterSwap(Seat(2), MERCHANT),
            Action::TheaterPass,
        ]
    );
    act(&rules, &mut state, Action::TheaterSwap(Seat(2), KING));
    let mine = state.ranks_of(Seat(0));
    assert!(mine.contains(MERCHANT) && !mine.contains(KING));
    let got = mine.iter().find(|&r| r != MERCHANT).unwrap();
    assert!(got == ARCHITECT || got == Rank(9));
    assert!(state.ranks_of(Seat(2)).contains(KING));
    assert_eq!(state.ranks_of(Seat(1)), {
        let mut r = RankSet::EMPTY;
        r.insert(ASSASSIN);
        r.insert(WARLORD);
        r
    });
    assert!(state.seen[0].contains(got) && state.seen[2].contains(KING));
}

/// Theater: "At the end of each selection phase": in the next round too.
#[test]
fn theater_acts_at_the_end_of_each_selection_phase() {
    let (rules, mut state) = setup(
        &[],
        &[Theater],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Theater])],
    );
    act(&rules, &mut state, Action::TheaterPass);
    finish_round(&rules, &mut state);
    assert_eq!((state.phase, state.round), (Phase::Draft, 2));
    arrange_draft(&mut state, Seat(0), &[], &[BISHOP]);
    let wanted = [(Seat(0), KING), (Seat(1), ASSASSIN)];
    drive_draft(&rules, &mut state, &wanted);
    assert_eq!(state.phase, Phase::Theater(Seat(0)));
}
