//! Rank 2: the Thief, the Spy and the Blackmailer ("Character Abilities in Detail"), one test
//! per sentence of the rulebook or ruling, driven through real selection phases and turns.

use super::*;
use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::state::{Pending, State};
use citadels_sim::engine::{Action, Character, District, DistrictType, Rank, Rules, Seat, to_move};

fn robs(actions: &[Action]) -> Vec<u8> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Rob(r) => Some(r.0),
            _ => None,
        })
        .collect()
}

fn spy_game() -> (Rules, State) {
    let (rules, mut state) =
        game_with_cast(cast_replacing(&[C::Spy]), [SPY, KING, MERCHANT, WARLORD]);
    set_gold(&mut state, [0, 5, 2, 2]);
    clear_hand(&mut state, Seat(0));
    (rules, state)
}

fn blackmailer_cast() -> [Character; 8] {
    cast_replacing(&[C::Blackmailer])
}

/// The Blackmailer (seat 1) threatens, then it is the King's turn (seat 2, `king_gold`
/// gold) before gathering.
fn threatened_king(flowered: Rank, other: Rank, king_gold: u16) -> (Rules, State) {
    let (rules, mut state) =
        game_with_cast(blackmailer_cast(), [ASSASSIN, BLACKMAILER, KING, MERCHANT]);
    pass_turn(&rules, &mut state);
    act(&rules, &mut state, Action::Threaten(flowered, other));
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (KING, Seat(2)));
    set_gold(&mut state, [2, 2, king_gold, 2]);
    (rules, state)
}

// ---------------------------------------------------------------- Thief

/// Thief: "When a player reveals that character to take his turn, you immediately take all of
/// his gold."
#[test]
fn thief_takes_all_gold_when_robbed_character_is_revealed() {
    let (rules, mut state) = four_seated([THIEF, KING, MERCHANT, WARLORD]);
    state.gold = [0, 3, 5, 4, 0, 0, 0, 0];
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Rob(MERCHANT));
    act(&rules, &mut state, Action::EndTurn);
    // The King's turn: the Merchant is not yet revealed, so his gold is still his.
    assert_eq!(state.turn.rank, KING);
    assert_eq!(state.gold[..4], [2, 3, 5, 4]);
    pass_turn(&rules, &mut state);
    // The Merchant is revealed: the Thief takes all 5 gold before he acts.
    assert_eq!(state.turn.rank, MERCHANT);
    assert_eq!(state.gold[..4], [7, 5, 0, 4]);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.gold[2], 2);
}

/// Thief: "You cannot rob the rank 1 character (Assassin, Witch, or Magistrate), the killed
/// character, or the bewitched character", and "another character" excludes himself.
#[test]
fn thief_cannot_rob_rank1_himself_or_the_killed_character() {
    let (rules, mut state) = four_seated([ASSASSIN, THIEF, BISHOP, WARLORD]);
    act(&rules, &mut state, Action::Kill(BISHOP));
    pass_turn(&rules, &mut state);
    assert_eq!(state.turn.rank, THIEF);
    assert_eq!(robs(&legal(&rules, &state)), vec![3, 4, 6, 7, 8]);
    act(&rules, &mut state, Action::Rob(WARLORD));
    assert!(robs(&legal(&rules, &state)).is_empty(), "once per turn");
}

/// Robbing a character nobody holds takes no gold from anyone.
#[test]
fn thief_robbing_an_unchosen_character_takes_nothing() {
    let (rules, mut state) = four_seated([THIEF, KING, BISHOP, WARLORD]);
    assert!(state.owner[MERCHANT.index()].is_none());
    state.gold = [0, 3, 3, 3, 0, 0, 0, 0];
    act(&rules, &mut state, Action::Rob(MERCHANT));
    pass_turn(&rules, &mut state);
    finish_round(&rules, &mut state);
    assert_eq!(state.gold[..4], [2, 5, 5, 5]);
}

/// Thief: "You cannot rob ... the bewitched character."
#[test]
fn thief_cannot_rob_the_bewitched_character() {
    let (rules, mut state) = game_with_cast(witch_cast(), [WITCH, THIEF, KING, WARLORD]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(KING));
    assert_eq!(state.turn.rank, THIEF);
    let robs = ranks_named(&legal(&rules, &state), |a| match a {
        Action::Rob(r) => Some(*r),
        _ => None,
    });
    assert_eq!(robs, vec![3, 5, 6, 7, 8]);
}

// ---------------------------------------------------------------- Spy

/// Spy: "Choose another player and name a district type (noble, religious, trade, military,
/// or unique)."
#[test]
fn spy_names_another_player_and_any_of_the_five_types() {
    let (rules, state) = spy_game();
    let spies: Vec<(Seat, DistrictType)> = legal(&rules, &state)
        .iter()
        .filter_map(|a| match a {
            Action::Spy(s, t) => Some((*s, *t)),
            _ => None,
        })
        .collect();
    assert_eq!(spies.len(), 15);
    for seat in 1..4 {
        for &t in DistrictType::ALL {
            assert!(spies.contains(&(Seat(seat), t)));
        }
    }
    assert!(spies.iter().all(|&(s, _)| s != Seat(0)));
}

/// Spy: "For each card in his hand that matches the named district type, take one gold from
/// that player's stash and gain one card from the deck."
#[test]
fn spy_takes_one_gold_and_draws_one_card_per_matching_card() {
    let (rules, mut state) = spy_game();
    let target = set_hand(&rules, &mut state, Seat(1), &[Manor, Castle, Temple]);
    let top = stack_deck(&rules, &mut state, &[Tavern, Market, Docks]);
    act(
        &rules,
        &mut state,
        Action::Spy(Seat(1), DistrictType::Noble),
    );
    assert_eq!(state.gold[..2], [2, 3]);
    assert_eq!(state.hand[0], set_of(&top[..2]));
    assert_eq!(state.hand[1], set_of(&target), "he only looks");
    assert_conserved(&state);
}

/// Spy: "If the player whose hand you looked at has more cards of matching districts than
/// gold in his stash, you take all the gold in his stash, and you still gain cards for each
/// of the matching districts."
#[test]
fn spy_takes_all_gold_when_short_and_still_draws_per_match() {
    let (rules, mut state) = spy_game();
    set_hand(&rules, &mut state, Seat(1), &[Manor, Castle, Palace]);
    state.gold[1] = 1;
    let top = stack_deck(&rules, &mut state, &[Tavern, Market, Docks]);
    act(
        &rules,
        &mut state,
        Action::Spy(Seat(1), DistrictType::Noble),
    );
    assert_eq!(state.gold[..2], [1, 0]);
    assert_eq!(state.hand[0], set_of(&top));
}

/// Spy: naming "unique" counts the unique districts in the hand.
#[test]
fn spy_naming_unique_counts_unique_districts() {
    let (rules, mut state) = spy_game();
    set_hand(&rules, &mut state, Seat(3), &[Library, Keep, Temple]);
    state.gold[3] = 4;
    act(
        &rules,
        &mut state,
        Action::Spy(Seat(3), DistrictType::Unique),
    );
    assert_eq!((state.gold[0], state.gold[3]), (2, 2));
    assert_eq!(state.hand[0].len(), 2);
}

/// Spy: with no matching card nothing is taken or gained, and the ability is used.
#[test]
fn spy_with_no_matching_card_gains_nothing() {
    let (rules, mut state) = spy_game();
    set_hand(&rules, &mut state, Seat(1), &[Temple, Church]);
    act(
        &rules,
        &mut state,
        Action::Spy(Seat(1), DistrictType::Military),
    );
    assert_eq!(state.gold[..2], [0, 5]);
    assert!(state.hand[0].is_empty());
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::Spy(..)))
    );
}

/// docs/rules.md, Spy: "a card matches by its printed type (the Haunted Quarter in hand is
/// unique)"; CARDS.md: the Secret Vault "counts as unique for the Spy". Spy: "For each card
/// in his hand that matches the named district type, take one gold from that player's stash
/// and gain one card from the deck."
#[test]
fn spy_counts_the_haunted_quarter_and_secret_vault_in_hand_as_unique() {
    let rules = rules_with_cast_and_uniques(
        4,
        &first_game_cast_with(&[C::Spy]),
        &[HauntedQuarter, SecretVault],
    );
    for (dtype, matches) in [
        (DistrictType::Unique, 2u16),
        (DistrictType::Noble, 1),
        (DistrictType::Religious, 0),
        (DistrictType::Trade, 0),
        (DistrictType::Military, 0),
    ] {
        let mut state = blank_first_turn(&rules, &[R2, R4, R6, R8], R1);
        assert_eq!(state.turn.rank, R2);
        let hand = set_hand(
            &rules,
            &mut state,
            Seat(1),
            &[HauntedQuarter, SecretVault, Manor],
        );
        state.gold[1] = 5;
        act(&rules, &mut state, Action::Spy(Seat(1), dtype));
        assert_eq!(state.gold[..2], [matches, 5 - matches], "{dtype:?}");
        assert_eq!(state.hand[0].len() as u16, matches, "{dtype:?}");
        assert_eq!(state.hand[1], set_of(&hand));
    }
}

/// docs/rules.md, Spy: "a card matches by its printed type (the Haunted Quarter in hand is
/// unique)".
#[test]
fn spy_matches_the_haunted_quarter_in_hand_as_unique() {
    for (named, matches) in [(DistrictType::Unique, 1u16), (DistrictType::Noble, 1)] {
        let rules = deck19_rules(4, &[C::Spy]);
        let mut state = deck19_at(&rules, &[R2, R4, R6, R8], R1, R2);
        set_hand(&rules, &mut state, Seat(1), &[HauntedQuarter, Manor]);
        state.gold[1] = 5;
        let top = stack_deck(&rules, &mut state, &[Temple, Tavern]);
        act(&rules, &mut state, Action::Spy(Seat(1), named));
        assert_eq!(state.gold[..2], [matches, 5 - matches], "{named:?}");
        assert_eq!(state.hand[0], set_of(&top[..matches as usize]));
    }
    // The Haunted Quarter alone, named religious: no match.
    let rules = deck19_rules(4, &[C::Spy]);
    let mut state = deck19_at(&rules, &[R2, R4, R6, R8], R1, R2);
    set_hand(&rules, &mut state, Seat(1), &[HauntedQuarter]);
    state.gold[1] = 5;
    act(
        &rules,
        &mut state,
        Action::Spy(Seat(1), DistrictType::Religious),
    );
    assert_eq!(state.gold[..2], [0, 5]);
    assert!(state.hand[0].is_empty());
}

// ---------------------------------------------------------------- Blackmailer

/// Blackmailer: "You cannot assign threat markers to ... the bewitched character."
#[test]
fn blackmailer_cannot_threaten_the_bewitched_character() {
    let (rules, mut state) = game_with_cast(
        cast_replacing(&[C::Witch, C::Blackmailer]),
        [WITCH, BLACKMAILER, KING, WARLORD],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(KING));
    assert_eq!(state.turn.rank, BLACKMAILER);
    let threats: Vec<(u8, u8)> = legal(&rules, &state)
        .iter()
        .filter_map(|a| match a {
            Action::Threaten(f, o) => Some((f.0, o.0)),
            _ => None,
        })
        .collect();
    // Ranks 3, 5, 6, 7, 8: 5 x 4 ordered pairs.
    assert_eq!(threats.len(), 20);
    assert!(
        threats
            .iter()
            .all(|&(f, o)| f != o && ![1, 2, 4].contains(&f) && ![1, 2, 4].contains(&o))
    );
}

/// Blackmailer: "Take the two threat markers and assign them facedown to two different
/// character tokens of your choice. One of the markers shows the flowered lace"; "You cannot
/// assign threat markers to the rank 1 character ..., the killed character".
#[test]
fn blackmailer_threatens_two_others_not_rank1_nor_the_killed() {
    let (rules, mut state) =
        game_with_cast(blackmailer_cast(), [ASSASSIN, BLACKMAILER, KING, MERCHANT]);
    act(&rules, &mut state, Action::Kill(WARLORD));
    pass_turn(&rules, &mut state);
    let threats: Vec<(u8, u8)> = legal(&rules, &state)
        .iter()
        .filter_map(|a| match a {
            Action::Threaten(f, o) => Some((f.0, o.0)),
            _ => None,
        })
        .collect();
    assert_eq!(threats.len(), 20, "ordered pairs of ranks 3-7");
    assert!(threats.contains(&(4, 6)) && threats.contains(&(6, 4)));
    assert!(
        threats
            .iter()
            .all(|&(f, o)| f != o && ![1, 2, 8].contains(&f) && ![1, 2, 8].contains(&o))
    );
    act(&rules, &mut state, Action::Threaten(KING, MERCHANT));
    assert_eq!(state.threats.0, (1 << 4) | (1 << 6));
    assert_eq!(state.flowered, Some(KING));
}

/// Blackmailer: "When a threatened player is called to take his turn, he must immediately
/// gather resources and then resolve the threat"; "A threatened player must resolve the
/// threat before he is able to use any of his character abilities or build districts".
#[test]
fn threatened_player_gathers_first_then_must_resolve_the_threat() {
    let (rules, mut state) = threatened_king(MERCHANT, KING, 5);
    set_city(&rules, &mut state, Seat(2), &[Manor]);
    set_hand(&rules, &mut state, Seat(2), &[Temple]);
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.pending, Pending::Threat);
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Bribe, Action::RefuseBribe]
    );
}

/// Blackmailer: "the only district effects he can use before resolving the threat are those
/// that occur when gathering resources (... Library ...)".
#[test]
fn threatened_player_may_use_the_library_before_resolving() {
    let (rules, mut state) = threatened_king(MERCHANT, KING, 5);
    set_city(&rules, &mut state, Seat(2), &[Library, Laboratory]);
    act(&rules, &mut state, Action::DrawCards);
    assert!(offers(&rules, &state, Action::KeepAll));
    act(&rules, &mut state, Action::KeepAll);
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Bribe, Action::RefuseBribe]
    );
}

/// Blackmailer: "he can bribe you by giving you half his gold (rounded down), which removes
/// his threat marker without revealing it."
#[test]
fn bribe_is_half_the_gold_rounded_down_and_removes_the_marker() {
    let (rules, mut state) = threatened_king(MERCHANT, KING, 5);
    set_hand(&rules, &mut state, Seat(2), &[Temple]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bribe);
    assert_eq!(state.gold[..4], [2, 5, 4, 2]);
    assert!(!state.threats.contains(KING));
    assert!(state.threats.contains(MERCHANT));
    assert_eq!(state.flowered, Some(MERCHANT), "not revealed");
    let after = legal(&rules, &state);
    assert!(after.contains(&Action::EndTurn));
    assert!(!builds(&after).is_empty(), "free to build now");
}

/// Blackmailer: "A threatened player with only one gold in his stash can bribe you by giving
/// you zero gold."
#[test]
fn threatened_player_with_one_gold_bribes_with_zero() {
    let (rules, mut state) = threatened_king(KING, MERCHANT, 1);
    act(&rules, &mut state, Action::DrawCards);
    let Pending::Keep { drawn, .. } = state.turn.pending else {
        panic!("drawing");
    };
    act(&rules, &mut state, Action::Keep(drawn.first().unwrap()));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Bribe, Action::RefuseBribe]
    );
    act(&rules, &mut state, Action::Bribe);
    assert_eq!(state.gold[..4], [2, 2, 1, 2]);
    assert!(!state.threats.contains(KING));
    assert!(offers(&rules, &state, Action::EndTurn));
}

/// Blackmailer: "If he does not bribe you, you may reveal his threat marker by flipping it
/// faceup." The Blackmailer decides.
#[test]
fn refused_bribe_lets_the_blackmailer_decide() {
    let (rules, mut state) = threatened_king(KING, MERCHANT, 5);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::RefuseBribe);
    assert_eq!(to_move(&state), Some(Seat(1)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::RevealThreat, Action::HideThreat]
    );
    act(&rules, &mut state, Action::HideThreat);
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert_eq!(state.gold[..4], [2, 2, 7, 2]);
    assert!(offers(&rules, &state, Action::EndTurn));
}

/// Blackmailer: "If you reveal the flowered lace, you immediately take all his gold."
#[test]
fn revealing_the_flowered_lace_takes_all_his_gold() {
    let (rules, mut state) = threatened_king(KING, MERCHANT, 5);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::RefuseBribe);
    act(&rules, &mut state, Action::RevealThreat);
    assert_eq!(state.gold[..4], [2, 9, 0, 2]);
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert!(offers(&rules, &state, Action::EndTurn));
}

/// Blackmailer: "both players are threatened, but only the player marked with the flowered
/// lace is targeted": revealing the other marker takes nothing.
#[test]
fn revealing_the_other_threat_takes_nothing() {
    let (rules, mut state) = threatened_king(MERCHANT, KING, 5);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::RefuseBribe);
    act(&rules, &mut state, Action::RevealThreat);
    assert_eq!(state.gold[..4], [2, 2, 7, 2]);
    assert!(!state.threats.contains(KING));
    assert_eq!(to_move(&state), Some(Seat(2)));
}

/// Blackmailer: "You can assign threat markers to characters who have been assigned warrant
/// markers."
#[test]
fn threats_may_go_on_characters_with_warrants() {
    let (rules, mut state) = game_with_cast(
        cast_replacing(&[C::Magistrate, C::Blackmailer]),
        [MAGISTRATE, BLACKMAILER, KING, MERCHANT],
    );
    act(&rules, &mut state, Action::Warrant(MERCHANT, KING, BISHOP));
    pass_turn(&rules, &mut state);
    assert!(offers(&rules, &state, Action::Threaten(MERCHANT, KING)));
    assert!(offers(&rules, &state, Action::Threaten(KING, MERCHANT)));
    act(&rules, &mut state, Action::Threaten(MERCHANT, KING));
    assert!(state.warrants.contains(MERCHANT) && state.threats.contains(MERCHANT));
    assert!(state.warrants.contains(KING) && state.threats.contains(KING));
}

/// Blackmailer: "A threatened player must resolve the threat before he is able to use any of
/// his character abilities or build districts, and the only district effects he can use
/// before resolving the threat are those that occur when gathering resources (Gold Mine,
/// Library, or Observatory)." The Gold Mine adds its gold; the Laboratory, Smithy, Museum and
/// Armory are offered only after the bribe.
#[test]
fn threatened_player_cannot_use_laboratory_smithy_museum_or_armory_before_resolving() {
    let rules = rules_with_cast_and_uniques(
        4,
        &first_game_cast_with(&[C::Blackmailer]),
        &[Laboratory, Smithy, Museum, Armory, GoldMine],
    );
    let mut state = blank_first_turn(&rules, &[R1, R2, R4, R6], R3);
    pass_turn(&rules, &mut state);
    act(&rules, &mut state, Action::Threaten(R4, R6));
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (R4, Seat(2)));
    let city = set_city(
        &rules,
        &mut state,
        Seat(2),
        &[Laboratory, Smithy, Museum, Armory, GoldMine],
    );
    let hand = set_hand(&rules, &mut state, Seat(2), &[Temple, Tavern]);
    let target = set_city(&rules, &mut state, Seat(3), &[Manor]);
    state.gold[..4].copy_from_slice(&[2, 2, 4, 0]);
    assert_eq!(
        legal(&rules, &state),
        vec![Action::TakeGold, Action::DrawCards]
    );
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.gold[2], 7, "2 gathered and 1 from the Gold Mine");
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Bribe, Action::RefuseBribe]
    );
    act(&rules, &mut state, Action::Bribe);
    assert_eq!(state.gold[..4], [2, 5, 4, 0]);
    let after = legal(&rules, &state);
    for action in [
        Action::LabDiscard(hand[0]),
        Action::SmithyDraw,
        Action::MuseumTuck(hand[1]),
        Action::ArmoryDestroy(Seat(3), target[0]),
        Action::ArmoryDestroy(Seat(2), city[0]),
    ] {
        assert!(after.contains(&action), "{action:?} after the bribe");
    }
}
