//! Districts that give cards or gold (Gold Mine, Laboratory, Library, Observatory, Park, Poor
//! House, School of Magic, Smithy): card texts (CARDS.md), the rulebook's "District
//! Clarifications" and the rulings of CARDS.md and docs/rules.md, through real turns.

use super::*;
use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::scoring::score;
use citadels_sim::engine::state::{Pending, Phase, TurnMode};
use citadels_sim::engine::{Action, Character, District, Seat};

// ---------------------------------------------------------------- Gold Mine

/// Gold Mine: "If you take gold when gathering resources, gain 1 extra gold."
#[test]
fn gold_mine_adds_one_gold_when_taking_gold() {
    let (rules, mut state) = deck12_at_king();
    set_city(&rules, &mut state, Seat(0), &[GoldMine]);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.gold[0], 3);
}

/// Gold Mine: only "if you take gold": drawing cards gives no gold.
#[test]
fn gold_mine_adds_nothing_when_drawing_cards() {
    let (rules, mut state) = deck12_at_king();
    set_city(&rules, &mut state, Seat(0), &[GoldMine]);
    let top = stack_deck(&rules, &mut state, &[Palace, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::Keep(top[0]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.hand[0], set_of(&top[..1]));
}

// ---------------------------------------------------------------- Laboratory

/// Laboratory: "Once per turn, discard 1 card from your hand to gain 2 gold."
#[test]
fn laboratory_discards_one_card_for_two_gold_once() {
    let (rules, mut state) = first_game_at_turn(KING);
    set_city(&rules, &mut state, Seat(0), &[Laboratory]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple, Manor]);
    let offered: Vec<Action> = legal(&rules, &state)
        .into_iter()
        .filter(|a| matches!(a, Action::LabDiscard(_)))
        .collect();
    let mut expected = vec![Action::LabDiscard(hand[0]), Action::LabDiscard(hand[1])];
    expected.sort();
    assert_eq!(offered, expected);
    // Before gathering.
    act(&rules, &mut state, Action::LabDiscard(hand[1]));
    assert_eq!(state.gold[0], 2);
    assert_eq!(state.hand[0], set_of(&[hand[0]]));
    assert_eq!(state.deck.iter().last(), Some(hand[1]));
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::LabDiscard(_)))
    );
    assert_conserved(&state);
}

/// Without the Laboratory no discard for gold is offered.
#[test]
fn no_laboratory_no_discard() {
    let (rules, mut state) = first_game_at_turn(KING);
    set_hand(&rules, &mut state, Seat(0), &[Temple]);
    assert!(
        !legal(&rules, &state)
            .iter()
            .any(|a| matches!(a, Action::LabDiscard(_)))
    );
}

// ---------------------------------------------------------------- Library

/// Library: "If you draw cards when gathering resources, keep all the drawn cards."
#[test]
fn library_keeps_all_drawn_cards() {
    let (rules, mut state) = first_game_at_turn(KING);
    set_city(&rules, &mut state, Seat(0), &[Library]);
    let top = stack_deck(&rules, &mut state, &[Palace, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    let mut expected = vec![
        Action::KeepAll,
        Action::Keep(top[0].min(top[1])),
        Action::Keep(top[0].max(top[1])),
    ];
    expected.sort();
    let mut got = legal(&rules, &state);
    got.sort();
    assert_eq!(got, expected);
    act(&rules, &mut state, Action::KeepAll);
    assert_eq!(state.hand[0], set_of(&top));
    assert_eq!(state.turn.pending, Pending::None);
    assert_conserved(&state);
}

/// Without the Library only one drawn card may be kept (no KeepAll).
#[test]
fn without_library_keep_all_is_not_offered() {
    let (rules, mut state) = first_game_at_turn(KING);
    stack_deck(&rules, &mut state, &[Palace, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    assert!(!legal(&rules, &state).contains(&Action::KeepAll));
}

// ---------------------------------------------------------------- Observatory

/// Observatory: "If you draw cards when gathering resources, draw 3 instead of 2."
#[test]
fn observatory_draws_three_instead_of_two_and_keeps_one() {
    let (rules, mut state) = setup(
        &[],
        &[Observatory],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Observatory])],
    );
    skip_to(&rules, &mut state, KING);
    let top = stack_deck(&rules, &mut state, &[Manor, Temple, Tavern]);
    act(&rules, &mut state, Action::DrawCards);
    assert_eq!(
        state.turn.pending,
        Pending::Keep {
            drawn: set_of(&top),
            keep: 1,
            shuffle: false
        }
    );
    let mut keeps = legal(&rules, &state);
    keeps.sort();
    assert_eq!(
        keeps,
        top.iter().map(|&c| Action::Keep(c)).collect::<Vec<_>>()
    );
    act(&rules, &mut state, Action::Keep(top[1]));
    assert_eq!(state.hand[0], set_of(&[top[1]]));
    assert_eq!(set_of(&deck_bottom(&state, 2)), set_of(&[top[0], top[2]]));
    assert_conserved(&state);
}

/// CARDS.md ruling: "Library with Observatory: draw 3 and keep all 3."
#[test]
fn observatory_with_library_keeps_all_three() {
    let (rules, mut state) = setup(
        &[],
        &[Observatory, Library],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Observatory, Library])],
    );
    skip_to(&rules, &mut state, KING);
    let top = stack_deck(&rules, &mut state, &[Manor, Temple, Tavern]);
    act(&rules, &mut state, Action::DrawCards);
    assert!(offers(&rules, &state, Action::KeepAll));
    act(&rules, &mut state, Action::KeepAll);
    assert_eq!(state.hand[0], set_of(&top));
    assert_eq!(state.turn.pending, Pending::None);
    assert_conserved(&state);
}

/// Witch: "the only district effects you can use are those that occur when gathering
/// resources (Gold Mine, Library, or Observatory)", for the Witch before her turn is put on
/// hold and for the bewitched player.
#[test]
fn observatory_works_for_the_witch_and_the_bewitched_player() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[Observatory],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(0, &[Observatory])],
    );
    let top = stack_deck(&rules, &mut state, &[Manor, Temple, Tavern]);
    act(&rules, &mut state, Action::DrawCards);
    let Pending::Keep { drawn, .. } = state.turn.pending else {
        panic!("keeping drawn cards");
    };
    assert_eq!(drawn, set_of(&top));
    act(&rules, &mut state, Action::Keep(top[0]));
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    // The bewitched Merchant's player owns the Observatory now.
    let observatory = in_city(&rules, &state, Seat(0), Observatory);
    state.city[0].remove(observatory);
    state.city[2].insert(observatory);
    skip_to(&rules, &mut state, MERCHANT);
    assert_eq!(state.turn.mode, TurnMode::Bewitched);
    let top = stack_deck(&rules, &mut state, &[Castle, Church, Market]);
    act(&rules, &mut state, Action::DrawCards);
    let Pending::Keep { drawn, .. } = state.turn.pending else {
        panic!("keeping drawn cards");
    };
    assert_eq!(drawn, set_of(&top));
    act(&rules, &mut state, Action::Keep(top[2]));
    assert!(state.hand[2].contains(top[2]));
    assert_eq!(state.turn.mode, TurnMode::Resumed);
    assert_conserved(&state);
}

// ---------------------------------------------------------------- Park

/// Park: "If there are no cards in your hand at the end of your turn, gain 2 cards."
#[test]
fn park_gains_two_cards_with_an_empty_hand_at_the_end_of_the_turn() {
    let (rules, mut state) = setup(
        &[],
        &[Park],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Park])],
    );
    skip_to(&rules, &mut state, KING);
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::TakeGold);
    assert!(state.hand[0].is_empty(), "not before the end of the turn");
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.hand[0], set_of(&top));
    assert_conserved(&state);
}

/// Park: only "if there are no cards in your hand": one card in hand, nothing.
#[test]
fn park_gives_nothing_with_a_card_in_hand() {
    let (rules, mut state) = setup(
        &[],
        &[Park],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[Park])],
    );
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Palace]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.hand[0], set_of(&hand));
}

/// Clarification: "If the owner is the Witch and does not resume his turn, the Park cannot
/// resolve."
#[test]
fn park_does_not_resolve_for_the_witch_who_does_not_resume() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[Park],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(0, &[Park])],
    );
    assert_eq!(state.turn.mode, TurnMode::Witch);
    act(&rules, &mut state, Action::TakeGold);
    // The Magician (rank 3) is not in play: her turn never resumes.
    assert_eq!(state.owner[MAGICIAN.index()], None);
    act(&rules, &mut state, Action::Bewitch(MAGICIAN));
    assert!(state.hand[0].is_empty());
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::Draft, "the next round");
    assert!(state.hand[0].is_empty(), "the Park did not resolve");
    assert_conserved(&state);
}

/// The Park resolves at the end of the Witch's resumed turn (not when it is put on hold).
#[test]
fn park_resolves_when_the_witch_resumes_her_turn() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[Park],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(0, &[Park])],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    assert!(state.hand[0].is_empty(), "on hold: no end of turn yet");
    skip_to(&rules, &mut state, MERCHANT);
    assert_eq!(state.turn.mode, TurnMode::Bewitched);
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        (state.turn.mode, state.turn.seat),
        (TurnMode::Resumed, Seat(0))
    );
    assert!(state.hand[0].is_empty());
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.hand[0], set_of(&top));
    assert_conserved(&state);
}

/// Witch: "When the bewitched character is called to take his turn, he gathers resources
/// and his turn immediately ends. ... The only district effects that the bewitched player
/// can use are those that occur when gathering resources": his Park does not resolve.
#[test]
fn park_does_not_resolve_for_the_bewitched_owner() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[Park],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(2, &[Park])],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    skip_to(&rules, &mut state, MERCHANT);
    assert_eq!(state.turn.seat, Seat(2));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.mode, TurnMode::Resumed);
    assert!(state.hand[2].is_empty(), "no Park for the bewitched player");
    act(&rules, &mut state, Action::EndTurn);
    assert!(state.hand[2].is_empty());
}

// ---------------------------------------------------------------- Poor House

/// Poor House: "If there is no gold in your stash at the end of your turn, gain 1 gold."
#[test]
fn poor_house_gains_one_gold_with_an_empty_stash_at_the_end_of_the_turn() {
    let (rules, mut state) = setup(
        &[],
        &[PoorHouse],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[PoorHouse])],
    );
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Market]);
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 1);
}

/// Poor House: only with "no gold in your stash": 1 gold stays 1.
#[test]
fn poor_house_gives_nothing_with_gold_in_the_stash() {
    let (rules, mut state) = setup(
        &[],
        &[PoorHouse],
        [KING, ASSASSIN, MERCHANT, WARLORD],
        &[(0, &[PoorHouse])],
    );
    skip_to(&rules, &mut state, KING);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple]);
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 1);
}

/// Clarification: "If the owner is the Witch and does not resume his turn, the Poor House
/// cannot resolve."
#[test]
fn poor_house_does_not_resolve_for_the_witch_who_does_not_resume() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[PoorHouse],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(0, &[PoorHouse])],
    );
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    act(&rules, &mut state, Action::Keep(top[0]));
    act(&rules, &mut state, Action::Bewitch(MAGICIAN));
    finish_round(&rules, &mut state);
    assert_eq!(state.phase, Phase::Draft, "the next round");
    assert_eq!(state.gold[0], 0, "the Poor House did not resolve");
}

/// The Poor House resolves at the end of the Witch's resumed turn.
#[test]
fn poor_house_resolves_when_the_witch_resumes_her_turn() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[PoorHouse],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(0, &[PoorHouse])],
    );
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    act(&rules, &mut state, Action::Keep(top[0]));
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    assert_eq!(state.gold[0], 0, "on hold: no end of turn yet");
    skip_to(&rules, &mut state, MERCHANT);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(state.turn.mode, TurnMode::Resumed);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 1);
}

/// Clarification: "If the owner is the Alchemist with zero gold at the end of his turn, he
/// applies the Poor House's effect first before applying the Alchemist's ability": 0 + 1,
/// then the 2 paid back.
#[test]
fn poor_house_applies_before_the_alchemist_refund() {
    let (rules, mut state) = setup(
        &[C::Alchemist],
        &[PoorHouse],
        [ALCHEMIST, ASSASSIN, KING, WARLORD],
        &[(0, &[PoorHouse])],
    );
    skip_to(&rules, &mut state, ALCHEMIST);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Market]);
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 3);
}

/// The bewitched player's turn "immediately ends" after gathering: his Poor House does not
/// resolve.
#[test]
fn poor_house_does_not_resolve_for_the_bewitched_owner() {
    let (rules, mut state) = setup(
        &[C::Witch],
        &[PoorHouse],
        [WITCH, KING, MERCHANT, WARLORD],
        &[(2, &[PoorHouse])],
    );
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(MERCHANT));
    skip_to(&rules, &mut state, MERCHANT);
    state.gold[2] = 0;
    let top = stack_deck(&rules, &mut state, &[Manor, Temple]);
    act(&rules, &mut state, Action::DrawCards);
    act(&rules, &mut state, Action::Keep(top[0]));
    assert_eq!(state.turn.mode, TurnMode::Resumed);
    assert_eq!(state.gold[2], 0, "no Poor House for the bewitched player");
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[2], 0);
}

// ---------------------------------------------------------------- School of Magic

/// School of Magic: "For abilities that gain resources for your districts, counts as the type
/// of your choice": each income character gains one more.
#[test]
fn school_of_magic_counts_for_every_income_character() {
    for (rank, district) in [
        (KING, Manor),
        (BISHOP, Temple),
        (MERCHANT, Tavern),
        (WARLORD, Watchtower),
    ] {
        let last = if rank == MERCHANT { MERCHANT } else { WARLORD };
        let (rules, mut state) = four_seated([ASSASSIN, KING, BISHOP, last]);
        skip_to(&rules, &mut state, rank);
        let seat = state.turn.seat.index();
        set_city(
            &rules,
            &mut state,
            Seat(seat as u8),
            &[district, SchoolOfMagic, Castle],
        );
        state.gold[seat] = 0;
        act(&rules, &mut state, Action::TakeIncome);
        // One district of the type (two for the King, Castle being noble too), plus the School.
        let expected = if rank == KING { 3 } else { 2 };
        assert_eq!(state.gold[seat], expected, "{rank:?}");
    }
}

/// School of Magic: "The Abbot gains one of either resource."
#[test]
fn school_of_magic_gives_the_abbot_one_more_of_either_resource() {
    let (rules, mut state) = abbot_turn();
    set_city(&rules, &mut state, Seat(0), &[Temple, SchoolOfMagic]);
    clear_hand(&mut state, Seat(0));
    set_gold(&mut state, [0, 0, 0, 0]);
    assert_eq!(abbot_incomes(&legal(&rules, &state)), vec![0, 1, 2]);
    act(&rules, &mut state, Action::AbbotIncome(2));
    assert_eq!(state.gold[0], 2);
    assert!(state.hand[0].is_empty());

    let (rules, mut state) = abbot_turn();
    set_city(&rules, &mut state, Seat(0), &[Temple, SchoolOfMagic]);
    clear_hand(&mut state, Seat(0));
    set_gold(&mut state, [0, 0, 0, 0]);
    act(&rules, &mut state, Action::AbbotIncome(0));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.hand[0].len(), 2);
}

/// School of Magic: "For abilities that gain resources for your districts, counts as the type
/// of your choice": the Merchant gets one more (see characters.rs for the others); a
/// character without income gains nothing from it.
#[test]
fn school_of_magic_adds_one_to_merchant_income_only_for_income_characters() {
    let (rules, mut state) = first_game_at_turn(MERCHANT);
    set_city(&rules, &mut state, Seat(0), &[SchoolOfMagic, Tavern]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 2);

    let (rules, mut state) = first_game_at_turn(ASSASSIN);
    set_city(&rules, &mut state, Seat(0), &[SchoolOfMagic]);
    assert!(!legal(&rules, &state).contains(&Action::TakeIncome));
}

/// School of Magic: "For abilities that gain resources for your districts, counts as the
/// type of your choice": at the end of the game it is only unique, so it does not supply a
/// missing type for the five-types bonus ("If your city has at least one district of each
/// type, score 3 points"), though it is the unique one.
#[test]
fn school_of_magic_counts_only_as_unique_at_the_end_of_the_game() {
    let (rules, mut state) = deck19_at_king();
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[SchoolOfMagic, Manor, Temple, Tavern],
    );
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.all_types, s.uniques), (11, 0, 0));
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[SchoolOfMagic, Manor, Temple, Tavern, Watchtower],
    );
    let s = score(&rules, &state, Seat(1));
    assert_eq!((s.districts, s.all_types, s.total()), (12, 3, 15));
}

// ---------------------------------------------------------------- Smithy

/// Smithy: "Once per turn, pay 2 gold to gain 3 cards."
#[test]
fn smithy_pays_two_gold_for_three_cards_once() {
    let (rules, mut state) = first_game_at_turn(KING);
    set_city(&rules, &mut state, Seat(0), &[Smithy]);
    state.gold[0] = 1;
    assert!(
        !legal(&rules, &state).contains(&Action::SmithyDraw),
        "1 gold"
    );
    state.gold[0] = 3;
    let top = stack_deck(&rules, &mut state, &[Palace, Temple, Market, Castle]);
    act(&rules, &mut state, Action::SmithyDraw);
    assert_eq!(state.gold[0], 1);
    assert_eq!(state.hand[0], set_of(&top[..3]));
    state.gold[0] = 5;
    assert!(!legal(&rules, &state).contains(&Action::SmithyDraw));
}
