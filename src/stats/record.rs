//! `GameRecord`: the fixed-size summary of one finished game that the statistics are built from.

use crate::engine::ids::{Character, District, Seat};
use crate::engine::sets::SeatSet;

/// Most players a game can have.
pub const MAX_PLAYERS: usize = 8;

/// Everything the reports need from one game. Fixed-size (no heap), filled by `sim::play_game`.
/// Per-seat arrays are indexed by absolute seat; `first_crown` converts to the relative seat
/// (seat 0 of the reports = the first crown holder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub players: u8,
    /// The seat that held the crown in the first round.
    pub first_crown: Seat,
    /// Rounds played (the round in which the game ended counts).
    pub rounds: u16,
    /// The game hit the round cap: it has no scores or winners and counts only as stalled.
    pub stalled: bool,
    /// Final score per seat.
    pub scores: [i16; MAX_PLAYERS],
    /// Winners after the tie-break; more than one means a shared win.
    pub winners: SeatSet,
    /// Players still tied on points before the tie-break was applied (0 or 1 = no tie).
    pub tied_on_points: u8,
    /// The seat that completed its city first, if any.
    pub first_complete: Option<Seat>,
    /// Characters in this game's cast, as a bitmask over `Character::index()`.
    pub cast: u32,
    /// Rounds in which each character was picked by each seat: `picks[seat][character]`.
    pub picks: [[u8; Character::COUNT]; MAX_PLAYERS],
    /// Times each character was killed while a player held it.
    pub killed: [u8; Character::COUNT],
    /// Times each character was robbed while a player held it.
    pub robbed: [u8; Character::COUNT],
    /// Districts in this game's deck, as a bitmask over `District::index()`.
    pub deck: u64,
    /// Times each district was built, over all players.
    pub built: [u8; District::COUNT],
    /// Times each district was destroyed.
    pub destroyed: [u8; District::COUNT],
    /// The districts in each seat's final city, as bitmasks over `District::index()`.
    pub final_city: [u64; MAX_PLAYERS],
}

impl GameRecord {
    pub fn new(players: u8, first_crown: Seat) -> GameRecord {
        GameRecord {
            players,
            first_crown,
            rounds: 0,
            stalled: false,
            scores: [0; MAX_PLAYERS],
            winners: SeatSet::EMPTY,
            tied_on_points: 0,
            first_complete: None,
            cast: 0,
            picks: [[0; Character::COUNT]; MAX_PLAYERS],
            killed: [0; Character::COUNT],
            robbed: [0; Character::COUNT],
            deck: 0,
            built: [0; District::COUNT],
            destroyed: [0; District::COUNT],
            final_city: [0; MAX_PLAYERS],
        }
    }

    /// The seat's position relative to the first crown holder (0 = first crown holder).
    pub fn relative_seat(&self, seat: Seat) -> usize {
        (seat.index() + self.players as usize - self.first_crown.index()) % self.players as usize
    }

    pub fn won(&self, seat: Seat) -> bool {
        self.winners.contains(seat)
    }
}
