//! Character clauses and project rulings (docs/rules.md) that an audit found without an
//! exact-outcome scenario: one test per clause, driven through real selection phases and turns.

use crate::common::*;
use District::*;
use citadels_sim::engine::scoring::{outcome, score};
use citadels_sim::engine::sets::CardSet;
use citadels_sim::engine::state::{Deck, Pending, Phase, State, TurnMode};
use citadels_sim::engine::{
    Action, CardId, Character, District, DistrictType, Rank, Rules, Seat, to_move,
};

use Character as C;

/// A game at its first turn: crown on seat 0, seat i holding `seats[i]`, `facedown` set
/// aside; then every city, hand and stash is emptied.
fn start(rules: &Rules, seats: &[Rank], facedown: Rank) -> State {
    let mut state = start_seated(rules, 7, seats, facedown);
    blank(&mut state);
    state
}

/// The cards of the `Build` actions, sorted (`common::builds` keeps the order offered).
fn sorted_builds(actions: &[Action]) -> Vec<CardId> {
    sorted(builds(actions))
}

// ---------------------------------------------------------------- 1. Tie-break

/// Rulebook, "Game End": "If there is a tie, the tied player who revealed the character with
/// the highest-numbered rank during the last round wins." Assassin: "At the end of the round,
/// reveal the King's character card" (CARDS.md: so a killed rank 4 counts). The Assassin
/// (rank 1) kills the King; both tie on 20 points; the killed King's player wins.
#[test]
fn tie_break_a_killed_king_is_revealed_at_the_end_of_the_round_and_wins() {
    let rules = first_game_rules(4);
    let mut state = start(&rules, &[ASSASSIN, KING, BISHOP, WARLORD], THIEF);
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

// ---------------------------------------------------------------- 2. Navigator

/// Navigator: "You cannot build any districts during your turn—not even districts that do
/// not count toward your building limit." Neither the Stables (outside the limit) nor a
/// Framework or Necropolis build (not paid) is offered.
#[test]
fn navigator_cannot_build_the_stables_or_with_the_framework_or_the_necropolis() {
    let rules = rules_with_cast_and_uniques(
        4,
        &first_game_cast_with(&[C::Navigator]),
        &[Stables, Framework, Necropolis],
    );
    let mut state = start(&rules, &[R7, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R7);
    set_city(&rules, &mut state, Seat(0), &[Framework, Temple]);
    set_hand(&rules, &mut state, Seat(0), &[Stables, Necropolis, Manor]);
    state.gold[0] = 20;
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        sorted(legal(&rules, &state)),
        sorted(vec![
            Action::NavigatorGold,
            Action::NavigatorCards,
            Action::EndTurn
        ])
    );
    act(&rules, &mut state, Action::NavigatorGold);
    assert_eq!(legal(&rules, &state), vec![Action::EndTurn]);
    assert_eq!(state.gold[0], 26);
}

// ---------------------------------------------------------------- 3. Magistrate

/// docs/rules.md, Magistrate: "the Wizard's immediate build ... count[s] as paid builds; the
/// target gets back all the gold he paid". Wizard: "it never counts toward the limit" (as the
/// rulebook's Stables: "If confiscated by the Magistrate, the player can still build another
/// district this turn"). The card taken from the other hand goes to the Magistrate's city;
/// the Wizard gets his gold back and may still build one district from his hand.
#[test]
fn magistrate_confiscates_the_wizards_immediate_build_and_refunds_its_gold() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Magistrate, C::Wizard]));
    let mut state = start(&rules, &[R1, R3, R4, R8], R2);
    act(&rules, &mut state, Action::Warrant(R3, R4, R8));
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (R3, Seat(1)));
    let theirs = set_hand(&rules, &mut state, Seat(2), &[Castle]);
    let mine = set_hand(&rules, &mut state, Seat(1), &[Temple]);
    state.gold[1] = 4;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::WizardLook(Seat(2)));
    act(&rules, &mut state, Action::WizardBuild(theirs[0]));
    assert_eq!(state.gold[1], 2, "paid the Castle's 4");
    assert_eq!(to_move(&state), Some(Seat(0)));
    assert_eq!(
        legal(&rules, &state),
        vec![Action::Confiscate, Action::AllowBuild]
    );
    act(&rules, &mut state, Action::Confiscate);
    assert_eq!(state.city[0], set_of(&theirs));
    assert!(state.city[1].is_empty());
    assert!(state.hand[2].is_empty());
    assert_eq!(state.gold[..2], [2, 6], "free for the Magistrate, 4 back");
    assert_eq!(to_move(&state), Some(Seat(1)));
    assert_eq!(sorted_builds(&legal(&rules, &state)), mine);
    act(&rules, &mut state, Action::Build(mine[0]));
    assert_eq!(
        state.turn.pending,
        Pending::None,
        "only the first paid build"
    );
    assert_eq!(state.city[1], set_of(&mine));
    assert_eq!(state.gold[1], 5);
    assert_conserved(&state);
}

/// docs/rules.md, Magistrate: "a Cardinal build ... count[s] as [a] paid build; the target
/// gets back all the gold he paid". The Cardinal paid the full cost (his gold and the gold
/// taken), so he gets it all back; the lender keeps the cards and not the gold; the
/// confiscated district "does count toward the targeted player's building limit".
#[test]
fn magistrate_confiscates_the_cardinals_borrowed_build_and_refunds_the_full_cost() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Magistrate, C::Cardinal]));
    let mut state = start(&rules, &[R1, R5, R2, R3], R8);
    act(&rules, &mut state, Action::Warrant(R5, R2, R3));
    skip_to(&rules, &mut state, R5);
    assert_eq!(state.turn.seat, Seat(1));
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(1),
        &[Castle, Temple, Tavern, Manor],
    );
    clear_hand(&mut state, Seat(2));
    state.gold[..4].copy_from_slice(&[2, 0, 5, 0]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(2)));
    assert_eq!(state.gold[..4], [2, 4, 3, 0], "the 2 missing gold taken");
    act(&rules, &mut state, Action::Give(hand[1]));
    act(&rules, &mut state, Action::Give(hand[2]));
    assert_eq!(state.gold[1], 0, "the full 4 paid");
    assert_eq!(to_move(&state), Some(Seat(0)));
    act(&rules, &mut state, Action::Confiscate);
    assert_eq!(state.city[0], set_of(&hand[..1]));
    assert!(state.city[1].is_empty());
    assert_eq!(state.gold[..4], [2, 4, 3, 0], "all 4 back to the Cardinal");
    assert_eq!(
        state.hand[2],
        set_of(&hand[1..3]),
        "the lender keeps the cards"
    );
    assert_eq!(state.hand[1], set_of(&hand[3..]));
    let after = legal(&rules, &state);
    assert!(sorted_builds(&after).is_empty() && borrows(&after).is_empty());
    assert!(after.contains(&Action::EndTurn));
    assert_conserved(&state);
}

// ---------------------------------------------------------------- 4. Magistrate and Alchemist

/// Magistrate: "The targeted player receives back all gold paid for that district."
/// Alchemist: "At the end of your turn, you receive back all the gold you paid to build
/// districts this turn". The confiscated Castle's gold comes back once, at confiscation; the
/// end of the turn adds nothing.
#[test]
fn confiscated_alchemist_gets_the_gold_back_once_not_again_at_the_end_of_his_turn() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Magistrate, C::Alchemist]));
    let mut state = start(&rules, &[R1, R6, R2, R3], R8);
    act(&rules, &mut state, Action::Warrant(R6, R2, R3));
    skip_to(&rules, &mut state, R6);
    let hand = set_hand(&rules, &mut state, Seat(1), &[Castle, Temple]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[1] = 6;
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[1], 2);
    act(&rules, &mut state, Action::Confiscate);
    assert_eq!(state.gold[1], 6);
    assert_eq!(state.city[0], set_of(&hand[..1]));
    assert!(sorted_builds(&legal(&rules, &state)).is_empty());
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.phase, Phase::Draft, "his turn, the last, ended");
    assert_eq!(state.gold[1], 6, "no second refund");
}

// ---------------------------------------------------------------- 5. Warrant spent

/// Magistrate: "you can confiscate only the first district he pays to build" and "You cannot
/// confiscate a district if you have an identical district". The Architect's first paid
/// build is a Castle the Magistrate already has: it stands, and so does the second build,
/// which is not the first district he paid to build.
#[test]
fn warrant_is_spent_on_a_first_paid_build_that_cannot_be_confiscated() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Magistrate]));
    let mut state = start(&rules, &[R1, R4, R7, R8], R2);
    act(&rules, &mut state, Action::Warrant(R7, R4, R8));
    let magistrate_city = set_city(&rules, &mut state, Seat(0), &[Castle]);
    skip_to(&rules, &mut state, R7);
    let hand = set_hand(&rules, &mut state, Seat(2), &[Castle, Temple]);
    act(&rules, &mut state, Action::TakeGold);
    state.gold[2] = 10;
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(to_move(&state), Some(Seat(2)));
    act(&rules, &mut state, Action::Build(hand[1]));
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(to_move(&state), Some(Seat(2)));
    assert_eq!(state.city[2], set_of(&hand));
    assert_eq!(state.city[0], set_of(&magistrate_city));
    assert_eq!(state.gold[2], 10 - 4 - 1);
    assert!(state.warrants.contains(R7), "never revealed");
}

// ---------------------------------------------------------------- 6. Witch resumed

/// Witch: "Now you resume your turn as if you were playing the bewitched character; you use
/// that character's abilities ... pay with the gold in your stash". As the Alchemist, the
/// Witch gets back the gold she paid to build at the end of her resumed turn.
#[test]
fn witch_resumed_as_the_alchemist_gets_back_the_gold_she_paid_to_build() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Witch, C::Alchemist]));
    let mut state = start(&rules, &[R1, R4, R6, R8], R2);
    let hand = set_hand(&rules, &mut state, Seat(0), &[Castle]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(R6));
    skip_to(&rules, &mut state, R6);
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        (state.turn.seat, state.turn.mode),
        (Seat(0), TurnMode::Resumed)
    );
    assert_eq!(state.gold[..4], [2, 2, 2, 0]);
    state.gold[0] = 4;
    act(&rules, &mut state, Action::Build(hand[0]));
    assert_eq!(state.gold[0], 0);
    act(&rules, &mut state, Action::EndTurn);
    assert_eq!(state.turn.rank, R8);
    assert_eq!(
        state.gold[..4],
        [4, 2, 2, 0],
        "the refund goes to the Witch"
    );
    assert_eq!(state.city[0], set_of(&hand));
}

/// docs/rules.md, Tax Collector: "the exemption covers builds in the Tax Collector's own turn
/// (also when the Witch plays it)". Tax Collector: "At any time during your turn, you can take
/// all gold from the Tax Collector's character token". The Witch resumed as the Tax Collector
/// builds untaxed and collects the tax paid earlier in the round.
#[test]
fn witch_resumed_as_the_tax_collector_is_not_taxed_and_collects_the_taxes() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Witch, C::TaxCollector]));
    let mut state = start(&rules, &[R1, R4, R6, R9], R2);
    let witch_hand = set_hand(&rules, &mut state, Seat(0), &[Tavern]);
    let king_hand = set_hand(&rules, &mut state, Seat(1), &[Temple]);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(R9));
    assert_eq!(state.turn.rank, R4);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(king_hand[0]));
    assert_eq!((state.gold[1], state.tax_pool), (0, 1), "the King is taxed");
    act(&rules, &mut state, Action::EndTurn);
    skip_to(&rules, &mut state, R9);
    assert_eq!(state.turn.seat, Seat(3));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        (state.turn.seat, state.turn.mode),
        (Seat(0), TurnMode::Resumed)
    );
    state.gold[0] = 3;
    act(&rules, &mut state, Action::Build(witch_hand[0]));
    assert_eq!((state.gold[0], state.tax_pool), (2, 1), "not taxed");
    act(&rules, &mut state, Action::CollectTaxes);
    assert_eq!((state.gold[0], state.tax_pool), (3, 0));
    assert_eq!(state.gold[3], 2, "the bewitched player only gathered");
}

/// Witch: "you resume your turn as if you were playing the bewitched character"; Queen: "If
/// you are sitting next to the player who revealed the rank 4 character ... gain three gold."
/// The Witch (seat 0) sits next to the King (seat 1); the Queen's player (seat 3) does not:
/// the Witch gains the three gold.
#[test]
fn witch_resumed_as_the_queen_gains_three_gold_next_to_the_rank4_player() {
    let rules = rules_with_cast(5, &first_game_cast_with(&[C::Witch, C::Queen]));
    let mut state = start(&rules, &[R1, R4, R2, R9, R3], R5);
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Bewitch(R9));
    skip_to(&rules, &mut state, R9);
    assert_eq!(state.turn.seat, Seat(3));
    act(&rules, &mut state, Action::TakeGold);
    assert_eq!(
        (state.turn.seat, state.turn.mode),
        (Seat(0), TurnMode::Resumed)
    );
    assert_eq!(state.gold[..5], [2, 2, 2, 2, 2]);
    assert!(offers(&rules, &state, Action::QueenGold));
    act(&rules, &mut state, Action::QueenGold);
    assert_eq!(state.gold[..5], [5, 2, 2, 2, 2]);
    assert!(!offers(&rules, &state, Action::QueenGold));
}

// ---------------------------------------------------------------- 7. Queen and a bewitched King

/// Queen: "If you are sitting next to the player who revealed the rank 4 character ... gain
/// three gold." King: "If you are bewitched, you still take the crown": the bewitched King's
/// player (seat 2) reveals the King, and the Queen beside him (seat 3) gains three gold.
#[test]
fn queen_next_to_a_bewitched_king_gains_three_gold() {
    let rules = rules_with_cast(5, &first_game_cast_with(&[C::Witch, C::Queen]));
    let mut state = start(&rules, &[R1, R2, R4, R9, R3], R5);
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

// ---------------------------------------------------------------- 8. Tax Collector

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
    let mut state = start(&rules, &[R3, R6, R7, R8], R1);
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

// ---------------------------------------------------------------- 9. Blackmailer

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
    let mut state = start(&rules, &[R1, R2, R4, R6], R3);
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

// ---------------------------------------------------------------- 10. Emperor

/// Emperor: "you must take the crown from the player who has it and give it to a different
/// player, but not yourself." When his own player holds the crown, he takes it from himself
/// and gives it to any other player.
#[test]
fn emperor_holding_the_crown_gives_it_to_any_other_player() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Emperor]));
    let mut state = start(&rules, &[R4, R1, R6, R8], R2);
    pass_turn(&rules, &mut state);
    assert_eq!((state.turn.rank, state.turn.seat), (R4, Seat(0)));
    assert_eq!(state.crown, Seat(0));
    act(&rules, &mut state, Action::TakeGold);
    let actions = legal(&rules, &state);
    assert!(!actions.contains(&Action::EndTurn));
    let gives: Vec<Action> = actions
        .into_iter()
        .filter(|a| matches!(a, Action::GiveCrown(_)))
        .collect();
    assert_eq!(
        gives,
        vec![
            Action::GiveCrown(Seat(1)),
            Action::GiveCrown(Seat(2)),
            Action::GiveCrown(Seat(3))
        ]
    );
    state.gold[1] = 3;
    act(&rules, &mut state, Action::GiveCrown(Seat(1)));
    assert_eq!(state.crown, Seat(1));
    // Seat 1 has gold and no cards: the Emperor takes one gold.
    assert_eq!(state.gold[..2], [3, 2]);
    assert!(offers(&rules, &state, Action::EndTurn));
}

// ---------------------------------------------------------------- 11. Bishop and Warlord

/// docs/rules.md: "Bishop and Warlord held by one player (2-3 players): the Bishop's
/// protection covers his city, so his Warlord cannot destroy his own districts." Bishop:
/// "During this round, the rank 8 character ... cannot use its ability on your districts."
/// (3 players play with a rank 9 character: the Artist.)
#[test]
fn bishop_and_warlord_of_one_player_cannot_destroy_his_own_districts() {
    let rules = rules_with_cast(3, &first_game_cast_with(&[C::Artist]));
    let mut state = game_with(
        &rules,
        7,
        Seat(0),
        ASSASSIN,
        &[
            (Seat(0), BISHOP),
            (Seat(0), WARLORD),
            (Seat(1), KING),
            (Seat(2), MERCHANT),
        ],
    );
    assert_eq!(state.ranks_of(Seat(0)).0, (1 << 5) | (1 << 8));
    blank(&mut state);
    skip_to(&rules, &mut state, WARLORD);
    assert_eq!(state.turn.seat, Seat(0));
    assert!(state.revealed.contains(BISHOP));
    set_city(&rules, &mut state, Seat(0), &[Temple, Manor]);
    let king_city = set_city(&rules, &mut state, Seat(1), &[Tavern]);
    let merchant_city = set_city(&rules, &mut state, Seat(2), &[Market]);
    state.gold[0] = 10;
    assert_eq!(
        destroys(&legal(&rules, &state)),
        sorted(vec![(Seat(1), king_city[0]), (Seat(2), merchant_city[0])])
    );
}

// ---------------------------------------------------------------- 12. Diplomat and Monument

/// docs/rules.md, "End of game": "The +4 stays with the player who completed his city first
/// even if a later Necropolis or Diplomat exchange takes his Monument away and his city is
/// not complete at the end". The Diplomat completes his city with the Monument counting 2,
/// then gives the Monument away: the game still ends after the round and he scores +4.
#[test]
fn diplomat_giving_his_monument_away_keeps_the_first_completion_bonus() {
    let rules = rules_with_cast_and_uniques(4, &first_game_cast_with(&[C::Diplomat]), &[Monument]);
    let mut state = start(&rules, &[R8, R1, R2, R3], R7);
    skip_to(&rules, &mut state, R8);
    let mine = set_city(
        &rules,
        &mut state,
        Seat(0),
        &[Monument, Manor, Castle, Palace, Temple],
    );
    let hand = set_hand(&rules, &mut state, Seat(0), &[Church]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Market]);
    state.gold[0] = 0;
    act(&rules, &mut state, Action::TakeGold);
    act(&rules, &mut state, Action::Build(hand[0]));
    assert!(state.is_complete(&rules, Seat(0)));
    assert_eq!(state.first_complete, Some(Seat(0)));
    assert_eq!(state.gold[0], 0);
    act(
        &rules,
        &mut state,
        Action::Exchange(Seat(1), theirs[0], mine[0]),
    );
    assert_eq!(state.city[1], set_of(&mine[..1]));
    assert!(!state.is_complete(&rules, Seat(0)));
    assert_eq!(state.first_complete, Some(Seat(0)));
    act(&rules, &mut state, Action::EndTurn);
    assert!(state.is_over());
    let s = score(&rules, &state, Seat(0));
    // Market 2, Manor 3, Castle 4, Palace 5, Temple 1, Church 2; no military, no unique.
    assert_eq!(
        (s.districts, s.all_types, s.completion, s.uniques),
        (17, 0, 4, 0)
    );
    let other = score(&rules, &state, Seat(1));
    assert_eq!((other.districts, other.completion), (4, 0));
}

// ---------------------------------------------------------------- 13. Spy

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
        let mut state = start(&rules, &[R2, R4, R6, R8], R1);
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

// ---------------------------------------------------------------- 14. Cardinal and Factory

/// Cardinal: "you can take the remaining gold needed from one player"; Factory: "You pay 1
/// fewer gold to build any other unique district." With the Factory the Library costs him 5,
/// so with 2 gold he takes 3 (not 4) and gives 3 cards.
#[test]
fn cardinal_with_the_factory_takes_only_the_discounted_missing_gold() {
    let rules = rules_with_cast(4, &first_game_cast_with(&[C::Cardinal]));
    let mut state = start(&rules, &[R5, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R5);
    let factory = set_city(&rules, &mut state, Seat(0), &[Factory]);
    let hand = set_hand(
        &rules,
        &mut state,
        Seat(0),
        &[Library, Temple, Tavern, Manor],
    );
    for seat in 1..4 {
        clear_hand(&mut state, Seat(seat));
    }
    act(&rules, &mut state, Action::TakeGold);
    state.gold[..4].copy_from_slice(&[2, 2, 3, 10]);
    // Library: 6 - 1 = 5, 3 missing (3 other cards to give); Manor: 1 missing.
    assert_eq!(
        borrows(&legal(&rules, &state)),
        sorted(vec![
            (hand[0], Seat(2)),
            (hand[0], Seat(3)),
            (hand[3], Seat(1)),
            (hand[3], Seat(2)),
            (hand[3], Seat(3)),
        ])
    );
    act(&rules, &mut state, Action::BorrowBuild(hand[0], Seat(2)));
    assert_eq!(state.gold[..4], [5, 2, 0, 10]);
    for &card in &hand[1..] {
        act(&rules, &mut state, Action::Give(card));
    }
    assert_eq!(state.turn.pending, Pending::None);
    assert_eq!(state.city[0], set_of(&[factory[0], hand[0]]));
    assert_eq!(state.gold[..4], [0, 2, 0, 10]);
    assert_eq!(state.hand[2], set_of(&hand[1..]));
    assert!(state.hand[0].is_empty());
}

// ---------------------------------------------------------------- 15. Great Wall

/// docs/rules.md, Great Wall: "a Warlord destroying in his own Great Wall city pays it too";
/// Great Wall: "The rank 8 character pays 1 more gold to use its ability on any other
/// district in your city." His own Castle costs him 3 + 1; another player's Castle 3.
#[test]
fn warlord_destroying_in_his_own_great_wall_city_pays_one_more() {
    let rules = rules_with_cast_and_uniques(4, &first_game_cast_with(&[]), &[GreatWall]);
    let mut state = start(&rules, &[R8, R1, R2, R3], R7);
    skip_to(&rules, &mut state, R8);
    let mine = set_city(&rules, &mut state, Seat(0), &[GreatWall, Castle]);
    let theirs = set_city(&rules, &mut state, Seat(1), &[Castle]);
    state.gold[0] = 3;
    assert_eq!(destroys(&legal(&rules, &state)), vec![(Seat(1), theirs[0])]);
    state.gold[0] = 4;
    assert_eq!(
        destroys(&legal(&rules, &state)),
        sorted(vec![(Seat(0), mine[1]), (Seat(1), theirs[0])])
    );
    act(&rules, &mut state, Action::Destroy(Seat(0), mine[1]));
    assert_eq!(state.gold[0], 0);
    assert_eq!(state.city[0], set_of(&mine[..1]));
    assert_eq!(state.deck.iter().last(), Some(mine[1]));
}

// ---------------------------------------------------------------- 16. Magician

/// Magician: "Discard any number of cards from your hand facedown to the bottom of the
/// district deck to gain an equal number of cards from the district deck." The discards go
/// to the bottom first, so from a deck of one card he draws it and one of his discards, and
/// from an empty deck he draws his discards back.
#[test]
fn magician_discarding_from_a_nearly_empty_deck_draws_his_discards_back() {
    for left in [1usize, 0] {
        let rules = first_game_rules(4);
        let mut state = start(&rules, &[MAGICIAN, KING, BISHOP, WARLORD], ASSASSIN);
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
