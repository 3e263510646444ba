//! Regressions: scenarios that pin a defect the engine once had rather than restate a rule.
//! Each names, after its rule, the wrong behaviour it guards against.

use crate::common::*;
use District::*;
use citadels_sim::engine::scoring::score;
use citadels_sim::engine::state::Phase;
use citadels_sim::engine::view::View;
use citadels_sim::engine::{Action, Character, District, Seat, to_move};

/// Magistrate: the warrants are face down ("assign them facedown"); one the Magistrate
/// does not reveal stays secret. After a paid build, the builder's view is the same whether
/// his warrant was the signed one (let stand) or a blank. Guards against: his turn showing a
/// flag set only for the signed holder.
#[test]
fn a_build_let_stand_does_not_tell_the_builder_his_warrant_was_signed() {
    let built = |warrant: Action, allow: bool| {
        let (rules, mut state, hand) = warrant_then_target(MERCHANT, warrant, &[Castle], 6);
        act(&rules, &mut state, Action::Build(hand[0]));
        if allow {
            act(&rules, &mut state, Action::AllowBuild);
        }
        assert_eq!(to_move(&state), Some(Seat(2)));
        (rules, state)
    };
    let (rules, signed) = built(Action::Warrant(MERCHANT, KING, WARLORD), true);
    let (_, blank) = built(Action::Warrant(KING, MERCHANT, WARLORD), false);
    let (signed_view, blank_view) = (
        View::new(&rules, &signed, Seat(2)),
        View::new(&rules, &blank, Seat(2)),
    );
    assert_eq!(signed_view.my_turn(), blank_view.my_turn());
    assert_eq!(signed_view.warrants(), blank_view.warrants());
    assert!(signed_view.my_turn().is_some_and(|turn| turn.paid_build));
}

/// Library: "If you draw cards when gathering resources, keep all the drawn cards." The
/// Scholar's draw is not gathering: he keeps one even with the Library. Guards against: the
/// keep-all choice offered for any pending keep, so a Scholar owning the Library kept all
/// seven cards.
#[test]
fn scholar_keeps_one_even_with_the_library() {
    let (rules, mut state) = at_scholar();
    set_city(&rules, &mut state, Seat(0), &[Library]);
    act(&rules, &mut state, Action::ScholarDraw);
    let actions = legal(&rules, &state);
    assert!(!actions.contains(&Action::KeepAll), "{actions:?}");
    assert_eq!(actions.len(), 7);
}

/// "As soon as a city has seven districts, it has been completed; the game will end after the
/// current round is finished", with the Monument counting as 2 toward a completed city: the
/// Diplomat who takes a Monument into his city of six completes it by the exchange. Guards
/// against: a city completed by an exchange not counted as completed.
#[test]
fn monument_taken_by_the_diplomat_completes_his_city() {
    let (rules, mut state) = deck12_at_rank8(Character::Diplomat);
    let mine = set_city(&rules, &mut state, Seat(0), &SEVEN_DISTRICTS[..6]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Monument, Watchtower]);
    state.gold[0] = 3;
    // The Tavern (1) for the Monument (4).
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(1), theirs[0], mine[5]),
    );
    assert_eq!(state.city[0].len(), 6);
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(state.first_complete, Some(Seat(0)));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::GameOver);
    assert_eq!(score(&rules, &state, Seat(0)).completion, 4);
}

/// The same when the Diplomat gives his Monument to a city of six: that city is completed.
/// Guards against the same defect on the receiving side.
#[test]
fn monument_given_by_the_diplomat_completes_the_other_city() {
    let (rules, mut state) = deck12_at_rank8(Character::Diplomat);
    let mine = set_city(&rules, &mut state, Seat(0), &[Monument]);
    let theirs = set_city(&rules, &mut state, Seat(1), &SEVEN_DISTRICTS[..6]);
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(1), theirs[0], mine[0]),
    );
    assert!(state.is_complete(&rules, Seat(1)));
    assert_eq!(state.first_complete, Some(Seat(1)));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::GameOver);
    assert_eq!(score(&rules, &state, Seat(1)).completion, 4);
}
