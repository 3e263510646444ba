//! The characters of ranks 5 to 9 beyond the first game (Cardinal, Alchemist, Trader,
//! Navigator, Scholar, Diplomat, Marshal, Queen, Artist, Tax Collector): one test per
//! sentence of "Character Abilities in Detail", driven through real selection phases and
//! turns with actions taken from `legal`.

use crate::common::*;
use District::*;
use citadels_sim::engine::scoring::score;
use citadels_sim::engine::sets::CardSet;
use citadels_sim::engine::state::{Pending, Phase, State};
use citadels_sim::engine::{Action, CardId, Character, District, Rank, Rules, Seat, to_move};

/// The first-game cast plus the Artist, with `swaps` put in at their ranks; rank 9 plays if
/// `rank9` or a swap is of rank 9.
fn cast_with(players: u8, swaps: &[Character], rank9: bool) -> Rules {
    use Character::*;
    let mut cast = vec![
        Assassin, Thief, Magician, King, Bishop, Merchant, Architect, Warlord, Artist,
    ];
    for &c in swaps {
        cast[c.rank().index() - 1] = c;
    }
    if !rank9 && !swaps.iter().any(|c| c.rank() == R9) {
        cast.pop();
    }
    rules_with_cast(players, &cast)
}

/// A game at its first turn, crown on seat 0, seat i holding `seats[i]`.
fn start(rules: &Rules, seats: &[Rank], facedown: Rank) -> State {
    start_seated(rules, 7, seats, facedown)
}

/// Plays out the round plainly, then a new selection phase with the same crown and seats.
fn next_round(rules: &Rules, state: &mut State, seats: &[Rank], facedown: Rank) {
    finish_round(rules, state);
    assert_eq!(state.phase, Phase::Draft);
    arrange_draft(state, Seat(0), &[], &[facedown]);
    drive_draft(rules, state, &seat_ranks(seats));
    assert_seats_hold(state, seats);
}

fn exchanges(actions: &[Action]) -> Vec<(Seat, CardId, CardId)> {
    sorted(
        actions
            .iter()
            .filter_map(|a| match a {
                Action::Exchange(s, t, m) => Some((*s, *t, *m)),
                _ => None,
            })
            .collect(),
    )
}

fn seizes(actions: &[Action]) -> Vec<(Seat, CardId)> {
    sorted(
        actions
            .iter()
            .filter_map(|a| match a {
                Action::Seize(s, c) => Some((*s, *c)),
                _ => None,
            })
            .collect(),
    )
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

/// The deck, top card first.
fn deck_vec(state: &State) -> Vec<CardId> {
    state.deck.iter().collect()
}

// ---------------------------------------------------------------- Cardinal

/// Seat 0 is the Cardinal at the start of his turn; cities, hands and stashes are empty.
fn at_cardinal() -> (Rules, State) {
    let rules = cast_with(4, &[Character::Cardinal], false);
    let mut state = start(&rules, &[R5, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R5);
    blank(&mut state);
    (rules, state)
}

/// Cardinal: "You gain one card for each religious district in your city."
#[test]
fn cardinal_gains_one_card_per_religious_district() {
    let (rules, mut state) = at_cardinal();
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Church, Manor, Tavern],
    );
    let top = stack_deck(&rules, &mut state, &[Castle, Market, Palace]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.hand[0], set_of(&top[..2]));
    assert_eq!(state.gold[0], 0);
    assert!(!offers(&rules, &state, Action::TakeIncome));
    assert_conserved(&state);
}

/// Cardinal: "If you want to build a district, but you do not have enough gold to do so, you
/// can take the remaining gold needed from one player."
#[test]
fn cardinal_takes_the_remaining_gold_from_one_player() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Palace, Temple, Tavern, Manor],
    );
    act(&rules, &mut state, Action::TakeGold);
    state.gold[1..4].copy_from_slice(&[2, 3, 10]);
    // Palace (5) misses 3 gold: seats 2 and 3 have it. Manor (3) misses 1: anyone has it.
    let expected = sorted(vec![
        (hand[0], Seat(2)),
        (hand[0], Seat(3)),
        (hand[3], Seat(1)),
        (hand[3], Seat(2)),
        (hand[3], Seat(3)),
    ]);
    assert_eq!(borrows(&legal(&rules, &state)), expected);
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(2)));
    assert_eq!(state.gold[..4], [5, 2, 0, 10]);
}

/// Cardinal: "For each gold you take, you must give that player one card from your hand."
/// The Cardinal chooses the cards.
#[test]
fn cardinal_gives_one_chosen_card_per_gold_taken() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Palace, Temple, Tavern, Manor, Castle],
    );
    act(&rules, &mut state, Action::TakeGold);
    state.gold[2] = 3;
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(2)));
    for (i, &given) in [hand[4], hand[1], hand[3]].iter().enumerate() {
        assert_eq!(to_move(&state), Some(Seat(0)), "the Cardinal chooses");
        let expected: Vec<Action> = state.hand[0].iter().map(Action::Give).collect();
        assert_eq!(sorted(legal(&rules, &state)), sorted(expected));
        assert!(matches!(
            state.turn.pending,
            Pending::CardinalGive { remaining, .. } if remaining as usize == 3 - i
        ));
        act(&rules, &mut state, Action::Give(given));
    }
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.hand[2], set_of(&[hand[4], hand[1], hand[3]]));
    assert_eq!(state.hand[0], set_of(&[hand[2]]));
    assert_conserved(&state);
}

/// Cardinal: "Then you must pay to build that district in your city." He pays the full cost
/// (his own gold and the gold taken) and the district counts toward his building limit.
#[test]
fn cardinal_then_pays_the_full_cost_to_build() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle, Temple, Tavern]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[1] = 4;
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(1)));
    act(&rules, &mut state, Action::Give(hand[1]));
    act(&rules, &mut state, Action::Give(hand[2]));
    assert_eq!(state.city[0], set_of(&[hand[0]]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.gold[1], 2);
    assert_eq!(state.turn.built, 1);
    assert!(builds(&legal(&rules, &state)).is_empty());
    assert!(borrows(&legal(&rules, &state)).is_empty());
}

/// Cardinal: "A player cannot deny you his gold, and you cannot take more gold than is needed
/// to build the intended district."
#[test]
fn cardinal_lender_cannot_deny_and_no_more_than_needed_is_taken() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Palace, Temple, Tavern, Manor],
    );
    act(&rules, &mut state, Action::TakeGold);
    state.gold[3] = 10;
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(3)));
    // The lender is not asked anything; exactly the 3 missing gold moved.
    assert_eq!(to_move(&state), Some(Seat(0)));
    assert_eq!(state.gold[3], 7);
    assert_eq!(state.gold[0], 5);
    for &c in &hand[1..] {
        act(&rules, &mut state, Action::Give(c));
    }
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.hand[3].len(), 3);
}

/// The Cardinal takes gold only when short: a district he can afford is simply built.
#[test]
fn cardinal_does_not_borrow_for_a_district_he_can_afford() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Castle, Temple, Tavern, Manor],
    );
    act(&rules, &mut state, Action::TakeGold);
    state.gold = [4, 9, 9, 9, 0, 0, 0, 0];
    assert!(borrows(&legal(&rules, &state)).is_empty());
    assert_eq!(sorted(builds(&legal(&rules, &state))), sorted(hand.clone()));
}

/// The Cardinal must give one card per gold: without enough other cards in hand he cannot
/// take the gold.
#[test]
fn cardinal_needs_a_card_to_give_for_each_gold() {
    let (rules, mut state) = at_cardinal();
    let hand = set_hand(&rules, &mut state, Seat(0), &[Palace, Temple, Tavern]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[1] = 10;
    // Palace misses 3 gold, but only 2 other cards.
    assert!(borrows(&legal(&rules, &state)).is_empty());
    let more = take(&rules, &mut state, Manor);
    state.hand[0].insert(more);
    let got = borrows(&legal(&rules, &state));
    assert!(got.contains(&(hand[0], Seat(1))));
}

// ---------------------------------------------------------------- Alchemist

fn at_alchemist(tax_collector: bool) -> (Rules, State) {
    let mut swaps = vec![Character::Alchemist];
    if tax_collector {
        swaps.push(Character::TaxCollector);
    }
    let rules = cast_with(4, &swaps, false);
    let mut state = start(&rules, &[R6, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R6);
    blank(&mut state);
    (rules, state)
}

/// Alchemist: "At the end of your turn, you receive back all the gold you paid to build
/// districts this turn".
#[test]
fn alchemist_gets_back_the_gold_paid_to_build_at_the_end_of_his_turn() {
    let (rules, mut state) = at_alchemist(false);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle]);
    state.gold[0] = 3;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 1, "paid during the turn");
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.phase, Phase::Draft, "his turn, the last, ended");
    assert_eq!(state.gold[0], 5);
    assert_eq!(state.city[0], set_of(&hand));
}

/// Alchemist: "but not gold you paid for other reasons (such as the Smithy's effect ...)".
#[test]
fn alchemist_does_not_get_back_gold_paid_for_the_smithy() {
    let (rules, mut state) = at_alchemist(false);
    set_city(&rules, &mut state, Seat(0), &[Smithy]);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Manor]);
    state.gold[0] = 4;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::SmithyDraw);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 1);
    act(&rules, &mut state, Action::EndTurn);
    // 3 gold back for the Manor, none for the Smithy.
    assert_eq!(state.gold[0], 4);
}

/// Alchemist: "... or the Tax Collector's tax".
#[test]
fn alchemist_does_not_get_back_the_tax() {
    let (rules, mut state) = at_alchemist(true);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle]);
    state.gold[0] = 3;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.tax_pool, 1);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 4);
    assert_eq!(state.tax_pool, 1);
}

/// Alchemist: "This effectively means that you can build districts "for free," but only if
/// you would have had enough gold to build them."
#[test]
fn alchemist_builds_only_what_he_can_pay_for() {
    let (rules, mut state) = at_alchemist(false);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle, Manor]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(builds(&legal(&rules, &state)), vec![hand[1]]);
    act(&rules, &mut state, Action::Build(hand[1]));
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 3);
}

/// The Alchemist gets back gold only: the cards paid for the Thieves' Den are gone.
#[test]
fn alchemist_gets_back_only_the_gold_part_of_a_thieves_den() {
    let (rules, mut state) = at_alchemist(false);
    let hand = set_hand(&rules, &mut state, Seat(0), &[ThievesDen, Temple, Tavern]);
    state.gold[0] = 2;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    act(&rules, &mut state, Action::DenPayCard(hand[1]));
    act(&rules, &mut state, Action::DenPayCard(hand[2]));
    act(&rules, &mut state, Action::DenPayGold);
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.gold[0], 4);
    assert!(state.hand[0].is_empty());
}

// ---------------------------------------------------------------- Trader

fn at_trader() -> (Rules, State) {
    let rules = cast_with(4, &[Character::Trader], false);
    let mut state = start(&rules, &[R6, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R6);
    blank(&mut state);
    (rules, state)
}

/// Trader: "You gain one gold for each trade district in your city."
#[test]
fn trader_gains_gold_per_trade_district() {
    let (rules, mut state) = at_trader();
    set_city(&rules, &mut state, Seat(0), &[Tavern, Market, Docks, Manor]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 3);
    assert!(!offers(&rules, &state, Action::TakeIncome));
    assert!(!offers(&rules, &state, Action::MerchantGold));
}

/// Trader: "Trade districts do not count toward your building limit this turn. This
/// effectively means that you can build any number of trade districts in addition to your
/// building limit."
#[test]
fn trader_builds_any_number_of_trade_districts_plus_one_other() {
    let (rules, mut state) = at_trader();
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Tavern, Manor, Market, Docks, Temple],
    );
    state.gold[0] = 20;
    act(&rules, &mut state, Action::TakeGold);
    // A trade district, the one other district, then more trade districts.
    for &c in &hand[..4] {
        act(&rules, &mut state, Action::Build(c));
    }
    assert_eq!(state.city[0], set_of(&hand[..4]));
    assert_eq!(state.turn.built, 1);
    // The Temple is not a trade district: the limit is reached.
    assert!(builds(&legal(&rules, &state)).is_empty());
    assert_eq!(state.gold[0], 22 - 1 - 3 - 2 - 3);
}

/// Other characters: a trade district counts toward the limit.
#[test]
fn trade_districts_count_toward_the_limit_of_others() {
    let rules = cast_with(4, &[Character::Trader], false);
    let mut state = start(&rules, &[R6, R1, R2, R7], R8);
    skip_to(&rules, &mut state, R7);
    blank(&mut state);
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(3),
        &[Tavern, Market, Docks, Harbor],
    );
    state.gold[3] = 20;
    act(&rules, &mut state, Action::TakeGold);
    for &c in &hand[..3] {
        act(&rules, &mut state, Action::Build(c));
    }
    assert!(builds(&legal(&rules, &state)).is_empty(), "Architect: 3");
}

// ---------------------------------------------------------------- Navigator

fn at_navigator() -> (Rules, State) {
    let rules = cast_with(4, &[Character::Navigator], false);
    let mut state = start(&rules, &[R7, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R7);
    blank(&mut state);
    (rules, state)
}

/// Navigator: "You gain either four gold or four cards."
#[test]
fn navigator_gains_four_gold_or_four_cards_once() {
    let (rules, mut state) = at_navigator();
    act(&rules, &mut state, Action::NavigatorGold);
    assert_eq!(state.gold[0], 4);
    assert!(!offers(&rules, &state, Action::NavigatorGold));
    assert!(!offers(&rules, &state, Action::NavigatorCards));

    let (rules, mut state) = at_navigator();
    let top = stack_deck(&rules, &mut state, &[Palace, Temple, Market, Castle, Docks]);
    act(&rules, &mut state, Action::NavigatorCards);
    assert_eq!(state.hand[0], set_of(&top[..4]));
    assert_eq!(state.gold[0], 0);
    assert!(!offers(&rules, &state, Action::NavigatorGold));
    assert!(!offers(&rules, &state, Action::NavigatorCards));
    assert_conserved(&state);
}

/// Navigator: "You can use this ability regardless of which resource you gathered this turn."
#[test]
fn navigator_ability_with_either_resource_gathered() {
    let (rules, mut state) = at_navigator();
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::NavigatorGold);
    assert_eq!(state.gold[0], 6);

    let (rules, mut state) = at_navigator();
    act(&rules, &mut state, Action::DrawCards);
    let keep = legal(&rules, &state)[0];
    act(&rules, &mut state, keep);
    act(&rules, &mut state, Action::NavigatorCards);
    assert_eq!(state.hand[0].len(), 5);
}

/// Navigator: "You cannot build any districts during your turn—not even districts that do not
/// count toward your building limit."
#[test]
fn navigator_cannot_build_any_district() {
    let (rules, mut state) = at_navigator();
    set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Temple, Tavern, Market, ThievesDen],
    );
    state.gold[0] = 20;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::NavigatorGold);
    let actions = legal(&rules, &state);
    assert!(
        !actions
            .iter()
            .any(|a| matches!(a, Action::Build(_) | Action::BorrowBuild(..))),
        "{actions:?}"
    );
    assert!(actions.contains(&Action::EndTurn));
}

// ---------------------------------------------------------------- Scholar

fn at_scholar() -> (Rules, State) {
    let rules = cast_with(4, &[Character::Scholar], false);
    let mut state = start(&rules, &[R7, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R7);
    blank(&mut state);
    (rules, state)
}

/// Scholar: "Draw seven cards from the deck and choose one to add to your hand."
#[test]
fn scholar_draws_seven_and_keeps_one() {
    let (rules, mut state) = at_scholar();
    let top = stack_deck(
        &rules,
        &mut state,
        &[Palace, Temple, Market, Castle, Docks, Prison, Church, Manor],
    );
    act(&rules, &mut state, Action::ScholarDraw);
    assert!(matches!(
        state.turn.pending,
        Pending::Keep { drawn, keep: 1, shuffle: true } if drawn == set_of(&top[..7])
    ));
    let expected: Vec<Action> = top[..7].iter().map(|&c| Action::Keep(c)).collect();
    assert_eq!(sorted(legal(&rules, &state)), sorted(expected));
    act(&rules, &mut state, Action::Keep(top[3]));
    assert_eq!(state.hand[0], set_of(&[top[3]]));
    assert_eq!(state.turn.pending, Pending::None);
    assert!(
        !offers(&rules, &state, Action::ScholarDraw),
        "once per turn"
    );
    assert_conserved(&state);
}

/// Scholar: "Shuffle the other six cards back into the district deck and place it facedown in
/// the center of the table."
#[test]
fn scholar_shuffles_the_other_six_back_into_the_deck() {
    let (rules, mut state) = at_scholar();
    let top = stack_deck(
        &rules,
        &mut state,
        &[Palace, Temple, Market, Castle, Docks, Prison, Church],
    );
    let before = deck_vec(&state);
    act(&rules, &mut state, Action::ScholarDraw);
    act(&rules, &mut state, Action::Keep(top[0]));
    let after = deck_vec(&state);
    assert_eq!(after.len(), before.len() - 1);
    let after_set: CardSet = after.iter().copied().collect();
    let before_set: CardSet = before.iter().copied().collect();
    assert_eq!(after_set, before_set.minus(set_of(&[top[0]])));
    // Not put at the bottom like ordinary discards: the whole deck was shuffled.
    let mut discarded_order = before[7..].to_vec();
    discarded_order.extend(&top[1..]);
    assert_ne!(after, discarded_order);
    assert_ne!(
        after[..before.len() - 7],
        before[7..],
        "the deck was shuffled"
    );
    assert_conserved(&state);
}

/// With fewer than seven cards in the deck the Scholar draws what is there.
#[test]
fn scholar_draws_what_is_left_of_a_short_deck() {
    let (rules, mut state) = at_scholar();
    // Move all but three cards of the deck into seat 3's hand.
    let deck = deck_vec(&state);
    for &c in &deck[3..] {
        state.hand[3].insert(c);
    }
    state.deck = citadels_sim::engine::state::Deck::from_cards(&deck[..3]);
    act(&rules, &mut state, Action::ScholarDraw);
    assert!(matches!(
        state.turn.pending,
        Pending::Keep { drawn, keep: 1, .. } if drawn == set_of(&deck[..3])
    ));
    act(&rules, &mut state, Action::Keep(deck[1]));
    assert_eq!(state.hand[0], set_of(&[deck[1]]));
    assert_eq!(state.deck.len(), 2);
    assert_conserved(&state);
}

/// Scholar: "Your building limit this turn is two."
#[test]
fn scholar_builds_up_to_two_districts() {
    let (rules, mut state) = at_scholar();
    let hand = set_hand(&rules, &mut state, Seat(0), &[Temple, Tavern, Watchtower]);
    state.gold[0] = 10;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert!(!builds(&legal(&rules, &state)).is_empty());
    act(&rules, &mut state, Action::Build(hand[1]));
    assert!(builds(&legal(&rules, &state)).is_empty());
    assert_eq!(state.city[0], set_of(&hand[..2]));
}

// ---------------------------------------------------------------- Diplomat

/// Seat 0 plays `rank8` (Diplomat or Marshal), at the start of his turn; seat 1 holds
/// `seat1` (the Bishop in some tests). Cities, hands and stashes are empty.
fn at_rank8(character: Character, seat1: Rank) -> (Rules, State) {
    let rules = cast_with(4, &[character], false);
    let mut state = start(&rules, &[R8, seat1, R2, R3], R7);
    skip_to(&rules, &mut state, R8);
    blank(&mut state);
    (rules, state)
}

fn at_diplomat() -> (Rules, State) {
    at_rank8(Character::Diplomat, R1)
}

/// Diplomat: "You gain one gold for each military district in your city."
#[test]
fn diplomat_gains_gold_per_military_district() {
    let (rules, mut state) = at_diplomat();
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Watchtower, Prison, Barracks, Manor],
    );
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 3);
    assert!(!offers(&rules, &state, Action::TakeIncome));
}

/// Diplomat: "You can exchange one district in another player's city for one district in
/// your city. If the other player's district has a higher cost than your district, you must
/// give that player the difference in gold from your stash."
#[test]
fn diplomat_exchanges_paying_the_difference_to_the_other_player() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Castle]);
    state.gold[0] = 2;
    // 3 gold short of the difference: not offered.
    assert!(exchanges(&legal(&rules, &state)).is_empty());
    state.gold[0] = 5;
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[0], mine[0])]
    );
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(1), theirs[0], mine[0]),
    );
    assert_eq!(state.city[0], set_of(&theirs));
    assert_eq!(state.city[1], set_of(&mine));
    assert_eq!(state.gold[..2], [2, 3]);
    // Once per turn.
    assert!(exchanges(&legal(&rules, &state)).is_empty());
    assert_conserved(&state);
}

/// Diplomat: "If your district has a higher cost than the other player's district, that
/// player does not owe you any gold in return."
#[test]
fn diplomat_gets_nothing_back_for_a_dearer_district() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Palace]);
    let theirs = set_city(&rules, &mut state, Seat(2), &[Tavern]);
    state.gold[2] = 4;
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(2), theirs[0], mine[0]),
    );
    assert_eq!(state.city[0], set_of(&theirs));
    assert_eq!(state.city[2], set_of(&mine));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.gold[2], 4);
}

/// Diplomat: "You cannot exchange for a district in a completed city".
#[test]
fn diplomat_cannot_take_from_a_completed_city() {
    let (rules, mut state) = at_diplomat();
    set_city(&rules, &mut state, Seat(0), &[Temple]);
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Church, Manor, Castle, Tavern, Market, Prison, Watchtower],
    );
    let six = set_city(
        &rules,
        &mut state,
        Seat(2),
        &[Church, Manor, Castle, Tavern, Market, Prison],
    );
    state.gold[0] = 20;
    let targets = exchanges(&legal(&rules, &state));
    assert!(targets.iter().all(|&(s, _, _)| s == Seat(2)));
    assert_eq!(targets.len(), six.len());
}

/// Diplomat: "... but you can exchange one of your districts if you have a completed city."
#[test]
fn diplomat_can_give_from_his_own_completed_city() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Church, Manor, Castle, Tavern, Market, Prison, Watchtower],
    );
    assert!(state.is_complete(&rules, Seat(0)));
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple]);
    let targets = exchanges(&legal(&rules, &state));
    let expected = sorted(mine.iter().map(|&m| (Seat(1), theirs[0], m)).collect());
    assert_eq!(targets, expected);
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(1), theirs[0], mine[1]),
    );
    assert!(state.city[0].contains(theirs[0]));
    assert!(state.city[1].contains(mine[1]));
}

/// Diplomat: "You cannot exchange ... for a district identical to a district already in your
/// city".
#[test]
fn diplomat_cannot_take_a_district_identical_to_his_own() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Watchtower, Manor]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Manor, Temple]);
    state.gold[0] = 10;
    // Their Manor is identical to his; their Temple may be had for his Watchtower (his Manor
    // cannot go: their city has one).
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[1], mine[0])]
    );
}

/// Diplomat: "Also, the district coming from your city cannot be identical to a district
/// already in the other player's city."
#[test]
fn diplomat_cannot_give_a_district_identical_to_one_in_the_other_city() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Temple, Castle]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple, Manor]);
    state.gold[0] = 10;
    // Their Temple is identical to his; his Temple is identical to theirs: only his Castle
    // for their Manor remains.
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[1], mine[1])]
    );
}

/// Bishop: "During this round, the rank 8 character (Warlord, Diplomat, or Marshal) cannot
/// use its ability on your districts."
#[test]
fn diplomat_cannot_target_a_living_bishops_city() {
    let (rules, mut state) = at_rank8(Character::Diplomat, R5);
    set_city(&rules, &mut state, Seat(0), &[Temple]);
    set_city(&rules, &mut state, Seat(1), &[Manor]);
    let other = set_city(&rules, &mut state, Seat(2), &[Castle]);
    state.gold[0] = 10;
    let targets = exchanges(&legal(&rules, &state));
    assert!(!targets.is_empty());
    assert!(
        targets
            .iter()
            .all(|&(s, t, _)| s == Seat(2) && t == other[0])
    );
}

/// Keep: "The rank 8 character cannot use its ability on the Keep": the Diplomat neither
/// gives his own Keep nor takes another player's.
#[test]
fn diplomat_cannot_exchange_the_keep() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Keep, Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Manor]);
    state.gold[0] = 10;
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[0], mine[1])]
    );

    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Keep, Manor]);
    state.gold[0] = 10;
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[1], mine[0])]
    );
}

/// Quarry: "he cannot use the Magistrate, Diplomat, or Marshal to acquire identical
/// districts."
#[test]
fn diplomat_with_quarry_cannot_acquire_an_identical_district() {
    let (rules, mut state) = at_diplomat();
    let mine = set_city(&rules, &mut state, Seat(0), &[Quarry, Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple, Market]);
    state.gold[0] = 10;
    assert_eq!(
        exchanges(&legal(&rules, &state)),
        vec![(Seat(1), theirs[1], mine[0])]
    );
}

// ---------------------------------------------------------------- Marshal

fn at_marshal() -> (Rules, State) {
    at_rank8(Character::Marshal, R1)
}

/// Marshal: "You gain one gold for each military district in your city."
#[test]
fn marshal_gains_gold_per_military_district() {
    let (rules, mut state) = at_marshal();
    set_city(&rules, &mut state, Seat(0), &[Watchtower, Fortress, Temple]);
    act(&rules, &mut state, Action::TakeIncome);
    assert_eq!(state.gold[0], 2);
}

/// Marshal: "You can seize one district with a building cost of three or less in another
/// player's city by giving the owner gold equal to its building cost. The seized district is
/// added to your city."
#[test]
fn marshal_seizes_a_district_costing_three_or_less_paying_the_owner() {
    let (rules, mut state) = at_marshal();
    let theirs = set_city(&rules, &mut state, Seat(1), &[Manor, Castle, Temple]);
    let own = set_city(&rules, &mut state, Seat(0), &[Watchtower]);
    state.gold[0] = 2;
    // The Manor costs 3: 2 gold do not pay for it.
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(1), theirs[2])]);
    state.gold[0] = 3;
    assert_eq!(
        seizes(&legal(&rules, &state)),
        sorted(vec![(Seat(1), theirs[0]), (Seat(1), theirs[2])])
    );
    act(&rules, &mut state, Action::Seize(Seat(1), theirs[0]));
    assert_eq!(state.gold[..2], [0, 3]);
    assert_eq!(state.city[0], set_of(&[own[0], theirs[0]]));
    assert_eq!(state.city[1], set_of(&theirs[1..]));
    state.gold[0] = 9;
    assert!(seizes(&legal(&rules, &state)).is_empty(), "once per turn");
    assert_conserved(&state);
}

/// Marshal: "You cannot seize a district in a completed city".
#[test]
fn marshal_cannot_seize_from_a_completed_city() {
    let (rules, mut state) = at_marshal();
    set_city(
        &rules,
        &mut state,
        Seat(1),
        &[Temple, Church, Manor, Castle, Tavern, Market, Prison],
    );
    let open = set_city(&rules, &mut state, Seat(2), &[Temple]);
    state.gold[0] = 10;
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(2), open[0])]);
}

/// Marshal: "... nor a district identical to a district already in your city."
#[test]
fn marshal_cannot_seize_a_district_identical_to_his_own() {
    let (rules, mut state) = at_marshal();
    set_city(&rules, &mut state, Seat(0), &[Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple, Church]);
    state.gold[0] = 10;
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(1), theirs[1])]);
}

/// Quarry: the Marshal "cannot use ... to acquire identical districts".
#[test]
fn marshal_with_quarry_cannot_seize_an_identical_district() {
    let (rules, mut state) = at_marshal();
    set_city(&rules, &mut state, Seat(0), &[Quarry, Temple]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple, Church]);
    state.gold[0] = 10;
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(1), theirs[1])]);
}

/// Marshal: "seize ... in another player's city": never his own; nor the Keep ("The rank 8
/// character cannot use its ability on the Keep") nor a living Bishop's districts.
#[test]
fn marshal_cannot_seize_his_own_the_keep_or_from_the_bishop() {
    let (rules, mut state) = at_rank8(Character::Marshal, R5);
    set_city(&rules, &mut state, Seat(0), &[Watchtower]);
    set_city(&rules, &mut state, Seat(1), &[Temple]);
    let theirs = set_city(&rules, &mut state, Seat(2), &[Keep, Church]);
    state.gold[0] = 10;
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(2), theirs[1])]);
}

/// A seized district that completes the Marshal's city makes it the first completed city.
#[test]
fn marshal_completes_his_city_by_seizing() {
    let (rules, mut state) = at_marshal();
    set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Church, Manor, Castle, Tavern, Market, Prison],
    );
    let theirs = set_city(&rules, &mut state, Seat(1), &[Temple]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::Seize(Seat(1), theirs[0]));
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(state.first_complete, Some(Seat(0)));
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::EndTurn);
    assert!(state.is_over());
    assert_eq!(score(&rules, &state, Seat(0)).completion, 4);
}

// ---------------------------------------------------------------- Queen

/// A 5-player game with the Queen, seat i holding `seats[i]`, at the Queen's turn (or, if
/// `assassin_kills_king`, after the Assassin killed the rank 4 character).
fn queen_game(seats: &[Rank], facedown: Rank, assassin_kills_king: bool) -> (Rules, State) {
    let rules = cast_with(5, &[Character::Queen], true);
    let mut state = start(&rules, seats, facedown);
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

// ---------------------------------------------------------------- Artist

const ARTIST_SEATS: [Rank; 4] = [R9, R1, R2, R8];

/// A 4-player game with `rank8` and the Artist (seat 0); seat 3 holds rank 8. Seat 0's city
/// is `city`, and it is the Artist's turn.
fn at_artist(rank8: Character, city: &[District]) -> (Rules, State, Vec<CardId>) {
    let rules = cast_with(4, &[rank8], true);
    let mut state = start(&rules, &ARTIST_SEATS, R7);
    skip_to(&rules, &mut state, R9);
    blank(&mut state);
    let cards = set_city(&rules, &mut state, Seat(0), city);
    (rules, state, cards)
}

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

/// Artist: "... the Warlord must pay one more gold to destroy a beautified district".
#[test]
fn warlord_pays_one_more_to_destroy_a_beautified_district() {
    let (rules, mut state, city) = at_artist(Character::Warlord, &[Temple, Manor]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::Beautify(city[1]));
    next_round(&rules, &mut state, &ARTIST_SEATS, R7);
    skip_to(&rules, &mut state, R8);
    clear_city(&mut state, Seat(3));
    state.gold[3] = 2;
    assert_eq!(destroys(&legal(&rules, &state)), vec![(Seat(0), city[0])]);
    state.gold[3] = 3;
    assert_eq!(
        destroys(&legal(&rules, &state)),
        sorted(vec![(Seat(0), city[0]), (Seat(0), city[1])])
    );
    act(&rules, &mut state, Action::Destroy(Seat(0), city[1]));
    assert_eq!(state.gold[3], 0);
    assert!(!state.beautified.contains(city[1]));
    assert_eq!(state.deck.iter().last(), Some(city[1]));
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

/// A beautified three-cost district costs four: the Marshal cannot seize it.
#[test]
fn marshal_cannot_seize_a_beautified_three_cost_district() {
    let (rules, mut state, city) = at_artist(Character::Marshal, &[Manor, Temple]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::Beautify(city[0]));
    next_round(&rules, &mut state, &ARTIST_SEATS, R7);
    skip_to(&rules, &mut state, R8);
    clear_city(&mut state, Seat(3));
    state.gold[3] = 10;
    assert_eq!(seizes(&legal(&rules, &state)), vec![(Seat(0), city[1])]);
}

// ---------------------------------------------------------------- Tax Collector

/// Tax Collector at seat 0, Merchant, Architect, Warlord at seats 1-3 (no Assassin).
const TAX_SEATS: [Rank; 4] = [R9, R6, R7, R8];

fn tax_game(seats: &[Rank], facedown: Rank) -> (Rules, State) {
    let rules = cast_with(4, &[Character::TaxCollector], true);
    let state = start(&rules, seats, facedown);
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
    let rules = cast_with(4, &[], true);
    let mut state = start(&rules, &[R9, R6, R7, R8], R1);
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
    let rules = cast_with(3, &[Character::TaxCollector], true);
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

/// Tax Collector: "If the Magistrate confiscates a district from a player, the Magistrate is
/// charged the tax, not his target."
#[test]
fn magistrate_pays_the_tax_on_a_confiscated_district() {
    for magistrate_gold in [3u16, 0] {
        let rules = cast_with(4, &[Character::Magistrate, Character::TaxCollector], true);
        let mut state = start(&rules, &[R1, R6, R2, R3], R9);
        act(&rules, &mut state, Action::Warrant(R6, R2, R3));
        skip_to(&rules, &mut state, R6);
        blank(&mut state);
        state.gold[0] = magistrate_gold;
        let card = take(&rules, &mut state, Temple);
        state.hand[1].insert(card);
        act(&rules, &mut state, Action::TakeGold);
        act(&rules, &mut state, Action::Build(card));
        assert_eq!(to_move(&state), Some(Seat(0)));
        act(&rules, &mut state, Action::Confiscate);
        assert_eq!(state.city[0], set_of(&[card]));
        assert!(state.city[1].is_empty());
        // The target gets his gold back and pays no tax.
        assert_eq!(state.gold[1], 2);
        if magistrate_gold > 0 {
            assert_eq!(state.gold[0], magistrate_gold - 1);
            assert_eq!(state.tax_pool, 1);
        } else {
            assert_eq!(state.gold[0], 0);
            assert_eq!(state.tax_pool, 0);
        }
    }
}

// ---------------------------------------------------------------- Further edges

/// Library: "If you draw cards when gathering resources, keep all the drawn cards." The
/// Scholar's draw is not gathering: he keeps one even with the Library.
#[test]
fn scholar_keeps_one_even_with_the_library() {
    let (rules, mut state) = at_scholar();
    set_city(&rules, &mut state, Seat(0), &[Library]);
    act(&rules, &mut state, Action::ScholarDraw);
    let actions = legal(&rules, &state);
    assert!(!actions.contains(&Action::KeepAll), "{actions:?}");
    assert_eq!(actions.len(), 7);
}

/// Bishop: "If you are killed, the rank 8 character can use its ability on your districts."
#[test]
fn diplomat_and_marshal_can_target_a_killed_bishops_city() {
    for character in [Character::Diplomat, Character::Marshal] {
        let rules = cast_with(4, &[character], false);
        let mut state = start(&rules, &[R8, R5, R1, R3], R7);
        assert_eq!(state.turn.rank, R1);
        act(&rules, &mut state, Action::Kill(R5));
        skip_to(&rules, &mut state, R8);
        blank(&mut state);
        let mine = set_city(&rules, &mut state, Seat(0), &[Watchtower]);
        let theirs = set_city(&rules, &mut state, Seat(1), &[Temple]);
        state.gold[0] = 5;
        let actions = legal(&rules, &state);
        if character == Character::Diplomat {
            assert_eq!(exchanges(&actions), vec![(Seat(1), theirs[0], mine[0])]);
        } else {
            assert_eq!(seizes(&actions), vec![(Seat(1), theirs[0])]);
        }
    }
}

/// A beautified two-cost district costs three: the Marshal may seize it, paying three, and
/// it stays beautified in his city.
#[test]
fn marshal_seizes_a_beautified_two_cost_district_at_three() {
    let (rules, mut state, city) = at_artist(Character::Marshal, &[Church]);
    state.gold[0] = 1;
    act(&rules, &mut state, Action::Beautify(city[0]));
    next_round(&rules, &mut state, &ARTIST_SEATS, R7);
    skip_to(&rules, &mut state, R8);
    clear_city(&mut state, Seat(3));
    state.gold[3] = 2;
    assert!(seizes(&legal(&rules, &state)).is_empty());
    state.gold[3] = 3;
    state.gold[0] = 0;
    act(&rules, &mut state, Action::Seize(Seat(0), city[0]));
    assert_eq!(state.gold[0], 3, "the owner is paid the beautified cost");
    assert_eq!(state.gold[3], 0);
    assert_eq!(state.city[3], set_of(&city));
    assert_eq!(state.cost(&rules, city[0]), 3);
}
