//! The characters' abilities, one file per rank: each file holds the three characters of its
//! rank. A test lives with the card its name begins with (`warlord_cannot_destroy_the_keep`
//! is the Warlord's); the setups several files share are in `common.rs`.

mod rank1_assassin_witch_magistrate;
mod rank2_thief_spy_blackmailer;
mod rank3_magician_wizard_seer;
mod rank4_king_emperor_patrician;
mod rank5_bishop_abbot_cardinal;
mod rank6_merchant_alchemist_trader;
mod rank7_architect_navigator_scholar;
mod rank8_warlord_diplomat_marshal;
mod rank9_queen_artist_tax_collector;

use crate::common::*;
use Character as C;
use citadels_sim::engine::state::{Phase, State};
use citadels_sim::engine::{Action, CardId, Character, District, Rank, Rules, Seat};

fn witch_cast() -> [Character; 8] {
    cast_replacing(&[C::Witch])
}

fn ranks_named(actions: &[Action], f: impl Fn(&Action) -> Option<Rank>) -> Vec<u8> {
    actions.iter().filter_map(f).map(|r| r.0).collect()
}

fn looks(actions: &[Action]) -> Vec<Seat> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::WizardLook(s) => Some(*s),
            _ => None,
        })
        .collect()
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

const ARTIST_SEATS: [Rank; 4] = [R9, R1, R2, R8];

/// A 4-player game with `rank8` and the Artist (seat 0); seat 3 holds rank 8. Seat 0's city
/// is `city`, and it is the Artist's turn.
fn at_artist(rank8: Character, city: &[District]) -> (Rules, State, Vec<CardId>) {
    let rules = cast_with_artist(4, &[rank8], true);
    let mut state = first_turn(&rules, &ARTIST_SEATS, R7);
    skip_to(&rules, &mut state, R9);
    blank(&mut state);
    let cards = set_city(&rules, &mut state, Seat(0), city);
    (rules, state, cards)
}

/// Plays out the round plainly, then a new selection phase with the same crown and seats.
fn next_round(rules: &Rules, state: &mut State, seats: &[Rank], facedown: Rank) {
    finish_round(rules, state);
    assert_eq!(state.phase, Phase::Draft);
    arrange_draft(state, Seat(0), &[], &[facedown]);
    drive_draft(rules, state, &seat_ranks(seats));
    assert_seats_hold(state, seats);
}
