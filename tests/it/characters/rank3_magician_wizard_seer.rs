//! Rank 3: the Magician, the Wizard and the Seer ("Character Abilities in Detail"), one test
//! per sentence of the rulebook or ruling, driven through real selection phases and turns.

use super::*;
use crate::common::*;
use Character as C;
use District::*;
use citadels_sim::engine::sets::CardSet;
use citadels_sim::engine::state::{Deck, Pending, State};
use citadels_sim::engine::{Action, CardId, Character, District, Rules, Seat, to_move};

fn wizard_game() -> (Rules, State) {
    let (rules, mut state) = game_with_cast(
        cast_replacing(&[C::Wizard]),
        [WIZARD, KING, MERCHANT, WARLORD],
    );
    clear_hand(&mut state, Seat(0));
    set_gold(&mut state, [5, 2, 2, 2]);
    (rules, state)
}

fn seer_game() -> (Rules, State) {
    game_with_cast(cast_replacing(&[C::Seer]), [SEER, KING, MERCHANT, WARLORD])
}

// ---------------------------------------------------------------- Magician

/// Magician: "Exchange your entire hand of cards with another player's hand of cards".
#[test]
fn magician_exchanges_hands() {
    let (rules, mut state) = four_seated([MAGICIAN, KING, BISHOP, WARLORD]);
    let mine = set_hand(&rules, &mut state, Seat(0), &[Temple, Manor]);
    let theirs = set_hand(&rules, &mut state, Seat(2), &[Castle]);
    act(&rules, &mut state, Action::SwapHands(Seat(2)));
    assert_eq!(state.hand[0], set_of(&theirs));
    assert_eq!(state.hand[2], set_of(&mine));
    assert_conserved(&state);
}

/// Magician: "if you have zero cards in your hand, you simply take the other player's cards."
#[test]
fn magician_with_empty_hand_takes_the_other_hand() {
    let (rules, mut state) = four_seated([MAGICIAN, KING, BISHOP, WARLORD]);
    clear_hand(&mut state, Seat(0));
    let theirs = set_hand(&rules, &mut state, Seat(3), &[Palace, Docks, Tavern]);
    assert!(legal(&rules, &state).contains(&Action::SwapHands(Seat(3))));
    act(&rules, &mut state, Action::SwapHands(Seat(3)));
    assert_eq!(state.hand[0], set_of(&theirs));
    assert!(state.hand[3].is_empty());
}

/// Magician: "Discard any number of cards from your hand facedown to the bottom of the
/// district deck to gain an equal number of cards from the district deck."
#[test]
fn magician_discards_to_bottom_and_draws_as_many() {
    let (rules, mut state) = four_seated([MAGICIAN, KING, BISHOP, WARLORD]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple, Manor, Tavern]);
    let top = stack_deck(&rules, &mut state, &[Palace, Castle, Fortress]);
    let deck_len = state.deck.len();
    act(&rules, &mut state, Action::MagicianDiscard(hand[0]));
    act(&rules, &mut state, Action::MagicianDiscard(hand[1]));
    // While discarding, only more discards or the draw are offered.
    let mut expected = vec![Action::MagicianDiscard(hand[2]), Action::MagicianDraw];
    expected.sort();
    let mut got = legal(&rules, &state);
    got.sort();
    assert_eq!(got, expected);
    act(&rules, &mut state, Action::MagicianDraw);
    assert_eq!(state.hand[0], set_of(&[hand[2], top[0], top[1]]));
    assert_eq!(state.deck.len(), deck_len);
    let bottom: CardSet = state.deck.iter().skip(deck_len - 2).collect();
    assert_eq!(bottom, set_of(&[hand[0], hand[1]]));
    assert_eq!(state.deck.iter().next(), Some(top[2]));
    assert_conserved(&state);
}

/// Magician: "You can do one of the following": after exchanging, no discarding, and after
/// discarding, no exchanging.
#[test]
fn magician_uses_only_one_option_per_turn() {
    let (rules, mut state) = four_seated([MAGICIAN, KING, BISHOP, WARLORD]);
    set_hand(&rules, &mut state, Seat(0), &[Temple]);
    act(&rules, &mut state, Action::SwapHands(Seat(1)));
    let after = legal(&rules, &state);
    assert!(!after.iter().any(|a| matches!(
        a,
        Action::SwapHands(_) | Action::MagicianDiscard(_) | Action::MagicianDraw
    )));

    let (rules, mut state) = four_seated([MAGICIAN, KING, BISHOP, WARLORD]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple, Manor]);
    act(&rules, &mut state, Action::MagicianDiscard(hand[0]));
    act(&rules, &mut state, Action::MagicianDraw);
    let after = legal(&rules, &state);
    assert!(!after.iter().any(|a| matches!(
        a,
        Action::SwapHands(_) | Action::MagicianDiscard(_) | Action::MagicianDraw
    )));
    assert_eq!(state.turn.pending, Pending::None);
}

/// Magician: "Discard any number of cards from your hand facedown to the bottom of the
/// district deck to gain an equal number of cards from the district deck." The discards go
/// to the bottom first, so from a deck of one card he draws it and one of his discards, and
/// from an empty deck he draws his discards back.
#[test]
fn magician_discarding_from_a_nearly_empty_deck_draws_his_discards_back() {
    for left in [1usize, 0] {
        let rules = first_game_rules(4);
        let mut state = blank_first_turn(&rules, &[MAGICIAN, KING, BISHOP, WARLORD], ASSASSIN);
        assert_eq!(state.turn.rank, MAGICIAN);
        let hand = set_hand(&rules, &mut state, Seat(0), &[Temple, Manor, Tavern]);
        // All but `left` cards of the deck go to seat 3's city.
        let deck: Vec<CardId> = state.deck.iter().collect();
        let (kept, moved) = deck.split_at(left);
        state.city[3] = moved.iter().copied().collect();
        state.deck = Deck::from_cards(kept);
        act(&rules, &mut state, Action::MagicianDiscard(hand[0]));
        act(&rules, &mut state, Action::MagicianDiscard(hand[1]));
        act(&rules, &mut state, Action::MagicianDraw);
        assert_eq!(state.hand[0].len(), 3, "{left} left");
        assert_eq!(state.deck.len(), left);
        let mut all: CardSet = state.hand[0];
        state.deck.iter().for_each(|c| all.insert(c));
        let mut expected = set_of(&hand);
        kept.iter().for_each(|&c| expected.insert(c));
        assert_eq!(all, expected);
        assert!(state.hand[0].contains(hand[2]));
        kept.iter()
            .for_each(|&c| assert!(state.hand[0].contains(c), "the old top card is drawn"));
        if left == 0 {
            assert_eq!(state.hand[0], set_of(&hand));
        }
        assert_conserved(&state);
    }
}

// ---------------------------------------------------------------- Wizard

/// Wizard: "Look at another player's hand of cards": only players with cards can be chosen.
#[test]
fn wizard_looks_only_at_another_players_hand_with_cards() {
    let (rules, mut state) = wizard_game();
    set_hand(&rules, &mut state, Seat(1), &[Castle]);
    clear_hand(&mut state, Seat(2));
    set_hand(&rules, &mut state, Seat(3), &[Temple]);
    assert_eq!(looks(&legal(&rules, &state)), vec![Seat(1), Seat(3)]);
}

/// Wizard: "... and choose one of those cards. Then either pay to immediately build the
/// chosen card in your city or add it to your hand."
#[test]
fn wizard_adds_the_chosen_card_to_his_hand() {
    let (rules, mut state) = wizard_game();
    let theirs = set_hand(&rules, &mut state, Seat(1), &[Castle, Palace]);
    state.gold[0] = 4;
    act(&rules, &mut state, Action::WizardLook(Seat(1)));
    assert_eq!(
        sorted(legal(&rules, &state)),
        sorted(vec![
            Action::WizardTake(theirs[0]),
            Action::WizardTake(theirs[1]),
            Action::WizardBuild(theirs[0]),
        ]),
        "the Palace (5) is too dear to build with 4 gold"
    );
    act(&rules, &mut state, Action::WizardTake(theirs[1]));
    assert_eq!(state.hand[0], set_of(&theirs[1..]));
    assert_eq!(state.hand[1], set_of(&theirs[..1]));
    assert_eq!(state.gold[0], 4);
    assert!(looks(&legal(&rules, &state)).is_empty(), "once per turn");
}

/// Wizard: "pay to immediately build the chosen card in your city".
#[test]
fn wizard_pays_to_build_the_chosen_card_at_once() {
    let (rules, mut state) = wizard_game();
    let theirs = set_hand(&rules, &mut state, Seat(1), &[Castle, Palace]);
    act(&rules, &mut state, Action::WizardLook(Seat(1)));
    act(&rules, &mut state, Action::WizardBuild(theirs[0]));
    assert_eq!(state.city[0], set_of(&theirs[..1]));
    assert_eq!(state.gold[0], 1);
    assert_eq!(state.hand[1], set_of(&theirs[1..]));
    assert!(state.hand[0].is_empty());
    assert_conserved(&state);
}

/// Wizard: "If you immediately build it, it does not count toward your building limit, which
/// means you can build another district this turn."
#[test]
fn wizard_immediate_build_does_not_count_toward_the_limit() {
    let (rules, mut state) = wizard_game();
    let theirs = set_hand(&rules, &mut state, Seat(1), &[Castle]);
    let mine = set_hand(&rules, &mut state, Seat(0), &[Temple, Tavern]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::WizardLook(Seat(1)));
    act(&rules, &mut state, Action::WizardBuild(theirs[0]));
    assert_eq!(state.gold[0], 3);
    assert_eq!(builds(&legal(&rules, &state)), mine);
    act(&rules, &mut state, Action::Build(mine[0]));
    assert!(builds(&legal(&rules, &state)).is_empty(), "limit of one");
    assert_eq!(state.city[0], set_of(&[theirs[0], mine[0]]));
}

/// Wizard: "During this turn, you can build districts that are identical to any other
/// district already in your city."
#[test]
fn wizard_may_build_identical_districts_this_turn() {
    let (rules, mut state) = wizard_game();
    set_city(&rules, &mut state, Seat(0), &[Temple, Manor]);
    let mine = set_hand(&rules, &mut state, Seat(0), &[Temple]);
    let theirs = set_hand(&rules, &mut state, Seat(1), &[Manor]);
    state.gold[0] = 10;
    act(&rules, &mut state, Action::WizardLook(Seat(1)));
    assert!(offers(&rules, &state, Action::WizardBuild(theirs[0])));
    act(&rules, &mut state, Action::WizardBuild(theirs[0]));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(builds(&legal(&rules, &state)), mine);
    act(&rules, &mut state, Action::Build(mine[0]));
    assert_eq!(state.city[0].len(), 4);
    assert_eq!(
        state.city[0]
            .intersection(rules.by_district[Temple.index()])
            .len(),
        2
    );
}

// ---------------------------------------------------------------- Seer

/// Seer: "Take a card at random from each other player's hand and add those cards to your
/// hand."
#[test]
fn seer_takes_a_random_card_from_each_other_player() {
    let (rules, mut state) = seer_game();
    let mine = set_hand(&rules, &mut state, Seat(0), &[Tavern]);
    let one = set_hand(&rules, &mut state, Seat(1), &[Castle, Manor]);
    let three = set_hand(&rules, &mut state, Seat(3), &[Temple, Church, Palace]);
    set_hand(&rules, &mut state, Seat(2), &[Market]);
    act(&rules, &mut state, Action::SeerTake);
    assert_eq!(state.hand[0].len(), 4);
    assert!(state.hand[0].contains(mine[0]));
    assert_eq!(state.hand[1].len(), 1);
    assert_eq!(state.hand[2].len(), 0);
    assert_eq!(state.hand[3].len(), 2);
    assert_eq!(state.hand[0].intersection(set_of(&one)).len(), 1);
    assert_eq!(state.hand[0].intersection(set_of(&three)).len(), 1);
    assert_conserved(&state);
}

/// Seer: "Then give one card from your hand to each player you took a card from." "you can
/// give a player the exact same card back, ... or you can keep a card taken and give back a
/// card from your original hand."
#[test]
fn seer_gives_one_card_to_each_player_taken_from() {
    let (rules, mut state) = seer_game();
    let mine = set_hand(&rules, &mut state, Seat(0), &[Tavern]);
    let one = set_hand(&rules, &mut state, Seat(1), &[Castle]);
    set_hand(&rules, &mut state, Seat(2), &[Market]);
    set_hand(&rules, &mut state, Seat(3), &[Temple]);
    act(&rules, &mut state, Action::SeerTake);
    assert_eq!(to_move(&state), Some(Seat(0)));
    let gives = sorted(state.hand[0].iter().map(Action::Give).collect());
    assert_eq!(sorted(legal(&rules, &state)), gives);
    // Clockwise: the Seer's own Tavern to seat 1, the Castle taken from seat 1 to seat 2,
    // any card to seat 3.
    act(&rules, &mut state, Action::Give(mine[0]));
    act(&rules, &mut state, Action::Give(one[0]));
    let last = state.hand[0].first().unwrap();
    act(&rules, &mut state, Action::Give(last));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.hand[1], set_of(&mine));
    assert_eq!(state.hand[2], set_of(&one));
    assert_eq!(state.hand[0].len(), 1);
    assert_eq!(state.hand[3].len(), 1);
    assert_conserved(&state);
}

/// Seer: "If a player has no cards in hand, you neither take a card from him nor give him a
/// card."
#[test]
fn seer_neither_takes_from_nor_gives_to_a_player_without_cards() {
    let (rules, mut state) = seer_game();
    set_hand(&rules, &mut state, Seat(0), &[Tavern, Market]);
    set_hand(&rules, &mut state, Seat(1), &[Castle]);
    clear_hand(&mut state, Seat(2));
    clear_hand(&mut state, Seat(3));
    act(&rules, &mut state, Action::SeerTake);
    assert_eq!(state.hand[0].len(), 3);
    let card = state.hand[0].first().unwrap();
    act(&rules, &mut state, Action::Give(card));
    assert_eq!(
        state.turn.pending,
        Pending::None,
        "one card owed, to seat 1 only"
    );
    assert_eq!(state.hand[1], set_of(&[card]));
    assert!(state.hand[2].is_empty() && state.hand[3].is_empty());

    // Nobody else has cards: nothing to take.
    let (rules, mut state) = seer_game();
    for seat in 1..4 {
        clear_hand(&mut state, Seat(seat));
    }
    assert!(!offers(&rules, &state, Action::SeerTake));
}

/// Seer: "Your building limit this turn is two."
#[test]
fn seer_building_limit_is_two() {
    let (rules, mut state) = seer_game();
    let mine = set_hand(&rules, &mut state, Seat(0), &[Temple, Tavern, Watchtower]);
    state.gold[0] = 10;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(mine[0]));
    act(&rules, &mut state, Action::Build(mine[1]));
    assert!(builds(&legal(&rules, &state)).is_empty());
    assert_eq!(state.city[0], set_of(&mine[..2]));
}
