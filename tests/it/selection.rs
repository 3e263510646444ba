//! The selection phase: discard tables, the rank 4 rule, the 7th/8th player's extra card,
//! the order of choosers, and the 2- and 3-player drafts.

use crate::common::*;
use citadels_sim::engine::sets::RankSet;
use citadels_sim::engine::state::Phase;
use citadels_sim::engine::{Action, Rank, Seat, new_game, to_move};

fn ranks_offered(actions: &[Action]) -> RankSet {
    let mut set = RankSet::EMPTY;
    for a in actions {
        match a {
            Action::Pick(r) | Action::Discard(r) => set.insert(*r),
            other => panic!("not a selection action: {other:?}"),
        }
    }
    set
}

/// Checks the discards of round 1 over many seeds.
fn check_table(rules: &citadels_sim::engine::Rules, characters: usize, faceup: usize) {
    let players = rules.players;
    for seed in 0..200 {
        let state = new_game(rules, seed);
        assert_eq!(state.cast_ranks().len(), characters, "{players} players");
        assert_eq!(
            state.faceup_discards.len(),
            faceup,
            "{players} players, seed {seed}"
        );
        assert_eq!(
            state.facedown_discards.len(),
            1,
            "{players} players, seed {seed}"
        );
        assert_eq!(
            state.draft.available.len(),
            characters - faceup - 1,
            "{players} players, seed {seed}"
        );
        assert_eq!(
            state.faceup_discards.0 & state.facedown_discards.0 & state.draft.available.0,
            0
        );
        assert_eq!(
            state.faceup_discards.0 | state.facedown_discards.0 | state.draft.available.0,
            state.cast_ranks().0
        );
        // The crowned player is offered every remaining card.
        assert_eq!(to_move(&state), Some(state.crown));
        assert_eq!(ranks_offered(&legal(rules, &state)), state.draft.available);
    }
}

/// "Selection Phase with 8 Characters" and "Selection Phase with 9 Characters": for each
/// player count, the rulebook's number of cards discarded face up, and one face down (marked
/// "1*" where the last player may take it: 7 players with 8 characters, 8 with 9).
#[test]
fn discard_tables_for_8_and_9_characters() {
    // (rules, characters, face up): one row per line of the two tables.
    let table = [
        (first_game_rules(4), 8, 2),
        (first_game_rules(5), 8, 1),
        (first_game_rules(6), 8, 0),
        (first_game_rules(7), 8, 0),
        (rules_with_rank9(4, true), 9, 3),
        (rules_with_rank9(5, true), 9, 2),
        (rules_with_rank9(6, true), 9, 1),
        (rules_with_rank9(7, true), 9, 0),
        (rules_with_rank9(8, true), 9, 0),
    ];
    for (rules, characters, faceup) in table {
        check_table(&rules, characters, faceup);
    }
}

/// "The rank 4 character (King, Emperor, or Patrician) cannot be among the faceup discarded
/// cards." Over many seeds and rounds, with 2 and 3 face-up cards.
#[test]
fn rank4_is_never_discarded_face_up() {
    for rules in [first_game_rules(4), rules_with_rank9(4, true)] {
        let mut faceup_seen = RankSet::EMPTY;
        for seed in 0..2000 {
            let state = new_game(&rules, seed);
            assert!(!state.faceup_discards.contains(KING), "seed {seed}");
            faceup_seen.0 |= state.faceup_discards.0;
        }
        // Every other rank does get discarded face up sometimes.
        let mut others = rules_cast(&rules);
        others.remove(KING);
        assert_eq!(faceup_seen, others);
    }
}

/// The rank 4 character can still be the face-down discard (the rule only concerns face up).
#[test]
fn rank4_can_be_discarded_face_down() {
    let rules = first_game_rules(4);
    let hits = (0..500)
        .filter(|&seed| new_game(&rules, seed).facedown_discards.contains(KING))
        .count();
    assert!(hits > 0);
}

fn rules_cast(rules: &citadels_sim::engine::Rules) -> RankSet {
    let mut set = RankSet::EMPTY;
    for r in 1..=9 {
        if rules.rank_in_cast(Rank(r)) {
            set.insert(Rank(r));
        }
    }
    set
}

/// Plays a selection phase by always picking the lowest offered rank, and returns, for the
/// last chooser, the ranks offered, plus the initial face-down discard.
fn last_choice(rules: &citadels_sim::engine::Rules, seed: u64) -> (RankSet, Rank, RankSet) {
    let mut state = new_game(rules, seed);
    let initial = state.facedown_discards.nth(0);
    let players = rules.players;
    for i in 0..players {
        let seat = to_move(&state).unwrap();
        assert_eq!(seat, Seat((state.crown.0 + i) % players), "clockwise order");
        let offered = ranks_offered(&legal(rules, &state));
        if i == players - 1 {
            let chosen = offered.nth(0);
            act(rules, &mut state, Action::Pick(chosen));
            assert_eq!(state.phase, Phase::Turns);
            // Each player holds exactly one character.
            for s in 0..players {
                assert_eq!(state.ranks_of(Seat(s)).len(), 1);
            }
            return (offered, initial, state.facedown_discards);
        }
        act(rules, &mut state, Action::Pick(offered.nth(0)));
    }
    unreachable!()
}

/// "Special Rule with 7 Players": "the seventh player also takes the character card that was
/// discarded facedown at the beginning of the round. He chooses one of these two characters
/// and discards the other facedown."
#[test]
fn seventh_player_gets_the_facedown_card_with_8_characters() {
    let rules = first_game_rules(7);
    for seed in 0..50 {
        let (offered, initial, facedown_after) = last_choice(&rules, seed);
        assert_eq!(offered.len(), 2);
        assert!(offered.contains(initial));
        // He picked the lower of the two; the other is the only face-down card.
        let mut other = offered;
        other.remove(offered.nth(0));
        assert_eq!(facedown_after, other);
    }
}

/// "When playing with 8 players, the 'special rule with 7 players' applies to the eighth
/// player."
#[test]
fn eighth_player_gets_the_facedown_card_with_9_characters() {
    let rules = rules_with_rank9(8, true);
    for seed in 0..50 {
        let (offered, initial, facedown_after) = last_choice(&rules, seed);
        assert_eq!(offered.len(), 2);
        assert!(offered.contains(initial));
        let mut other = offered;
        other.remove(offered.nth(0));
        assert_eq!(facedown_after, other);
    }
}

/// The face-down card is not offered at other counts: "After the last player has chosen his
/// card, he discards the one unchosen card facedown near the other discarded cards."
#[test]
fn no_extra_card_at_other_player_counts() {
    let cases = [
        (first_game_rules(4), 2),
        (first_game_rules(5), 2),
        (first_game_rules(6), 2),
        (rules_with_rank9(4, true), 2),
        (rules_with_rank9(5, true), 2),
        (rules_with_rank9(6, true), 2),
        (rules_with_rank9(7, true), 2),
    ];
    for (rules, last_offered) in cases {
        for seed in 0..30 {
            let (offered, initial, facedown_after) = last_choice(&rules, seed);
            assert_eq!(offered.len(), last_offered, "{} players", rules.players);
            assert!(!offered.contains(initial));
            // The initial card and every unchosen card of the last hand end face down.
            let mut expected = offered;
            expected.remove(offered.nth(0));
            expected.insert(initial);
            assert_eq!(facedown_after, expected);
        }
    }
}

/// "the crowned player ... secretly chooses one to keep. Then he passes the remaining cards to
/// the player on his left": the crowned player chooses first, then clockwise.
#[test]
fn crowned_player_chooses_first_then_clockwise() {
    let rules = first_game_rules(5);
    let mut state = new_game(&rules, 7);
    arrange_draft(&mut state, Seat(3), &[Rank(2)], &[Rank(5)]);
    let order = [3, 4, 0, 1, 2];
    for (i, &seat) in order.iter().enumerate() {
        assert_eq!(to_move(&state), Some(Seat(seat)));
        assert_eq!(legal(&rules, &state).len(), 6 - i);
        let rank = state.draft.available.nth(0);
        act(&rules, &mut state, Action::Pick(rank));
        assert_eq!(state.owner[rank.index()], Some(Seat(seat)));
    }
    assert_eq!(state.phase, Phase::Turns);
    // Picks went 1, 3, 4, 6, 7 to seats 3, 4, 0, 1, 2; the 8 ends face down.
    assert_eq!(state.owner[1], Some(Seat(3)));
    assert_eq!(state.owner[3], Some(Seat(4)));
    assert_eq!(state.owner[4], Some(Seat(0)));
    assert_eq!(state.owner[6], Some(Seat(1)));
    assert_eq!(state.owner[7], Some(Seat(2)));
    assert_eq!(state.facedown_discards, RankSet((1 << 5) | (1 << 8)));
}

/// A picked card is no longer offered to the next player.
#[test]
fn picked_card_is_not_offered_again() {
    let rules = first_game_rules(6);
    let mut state = new_game(&rules, 3);
    let first = state.draft.available.nth(2);
    act(&rules, &mut state, Action::Pick(first));
    let offered = ranks_offered(&legal(&rules, &state));
    assert!(!offered.contains(first));
    assert_eq!(offered.len(), 6);
    assert!(try_pick(&rules, &mut state, first).is_err());
}

fn try_pick(
    rules: &citadels_sim::engine::Rules,
    state: &mut citadels_sim::engine::State,
    rank: Rank,
) -> Result<(), citadels_sim::engine::ApplyError> {
    citadels_sim::engine::try_apply(rules, state, Action::Pick(rank))
}

/// "2-Player Rule Changes": one card face down, the crowned player keeps one of seven, then
/// each player keeps one and discards one face down until no cards remain.
#[test]
fn two_player_draft() {
    let rules = rules_with_rank9(2, false);
    for seed in 0..40 {
        let mut state = new_game(&rules, seed);
        assert_eq!(state.cast_ranks().len(), 8, "ranks 1-8 only");
        assert!(state.faceup_discards.is_empty());
        assert_eq!(state.facedown_discards.len(), 1);
        let crown = state.crown;
        let other = Seat(1 - crown.0);
        // (chooser, keeps?, cards offered)
        let script = [
            (crown, true, 7),
            (other, true, 6),
            (other, false, 5),
            (crown, true, 4),
            (crown, false, 3),
            (other, true, 2),
            (other, false, 1),
        ];
        for (i, &(seat, keep, offered)) in script.iter().enumerate() {
            assert_eq!(to_move(&state), Some(seat), "seed {seed} step {i}");
            let actions = legal(&rules, &state);
            assert_eq!(actions.len(), offered);
            let rank = ranks_offered(&actions).nth(0);
            let expected = if keep {
                Action::Pick(rank)
            } else {
                Action::Discard(rank)
            };
            assert!(
                actions
                    .iter()
                    .all(|a| std::mem::discriminant(a) == std::mem::discriminant(&expected))
            );
            act(&rules, &mut state, expected);
        }
        assert_eq!(state.phase, Phase::Turns);
        assert_eq!(state.ranks_of(crown).len(), 2);
        assert_eq!(state.ranks_of(other).len(), 2);
        assert_eq!(state.facedown_discards.len(), 4);
        let held = state.ranks_of(crown).0 | state.ranks_of(other).0;
        assert_eq!(held & state.facedown_discards.0, 0);
        assert_eq!(held | state.facedown_discards.0, state.cast_ranks().0);
    }
}

/// "3-Player Rule Changes": one card face down, three picks, "the third player randomly
/// discards one of the remaining five cards facedown", three more picks, and "the last
/// unchosen card is discarded facedown".
#[test]
fn three_player_draft() {
    let rules = rules_with_rank9(3, true);
    let mut random_discards = RankSet::EMPTY;
    for seed in 0..60 {
        let mut state = new_game(&rules, seed);
        assert_eq!(state.cast_ranks().len(), 9);
        assert!(state.faceup_discards.is_empty());
        assert_eq!(state.facedown_discards.len(), 1);
        let initial = state.facedown_discards;
        let c = state.crown.0;
        let seat = |k: u8| Seat((c + k) % 3);
        let script = [(0, 8), (1, 7), (2, 6), (0, 4), (1, 3), (2, 2)];
        for (i, &(k, offered)) in script.iter().enumerate() {
            assert_eq!(to_move(&state), Some(seat(k)), "seed {seed} step {i}");
            let actions = legal(&rules, &state);
            assert_eq!(actions.len(), offered, "seed {seed} step {i}");
            assert!(actions.iter().all(|a| matches!(a, Action::Pick(_))));
            if i == 3 {
                // One random face-down discard happened after the first three picks.
                assert_eq!(state.facedown_discards.len(), 2);
                assert!(state.facedown_discards.0 & initial.0 == initial.0);
                random_discards.0 |= state.facedown_discards.0 & !initial.0;
            }
            act(
                &rules,
                &mut state,
                Action::Pick(ranks_offered(&actions).nth(0)),
            );
        }
        assert_eq!(state.phase, Phase::Turns);
        for k in 0..3 {
            assert_eq!(state.ranks_of(seat(k)).len(), 2);
        }
        assert_eq!(state.facedown_discards.len(), 3);
        let held = (0..3).fold(0, |acc, k| acc | state.ranks_of(seat(k)).0);
        assert_eq!(held & state.facedown_discards.0, 0);
        assert_eq!(held | state.facedown_discards.0, state.cast_ranks().0);
    }
    assert!(random_discards.len() > 3, "the discard is random");
}
