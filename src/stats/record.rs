//! `GameRecord`: the fixed-size summary of one finished game that the statistics are built from.

use crate::engine::ids::{Character, District, Seat};
use crate::engine::sets::SeatSet;

/// Most players a game can have.
pub const MAX_PLAYERS: usize = 8;

/// Everything the reports need from one game. Fixed-size (no heap), filled by `sim::play_game`.
/// Per-seat arrays are indexed by absolute seat; `first_crown` converts to the relative seat
/// (seat 0 of the reports = the first crown holder). Per-game counts are `u16` (configs cap
/// rounds at 1000, so no count of one game reaches 65536) and the sums `u32`.
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
    /// Final rank per seat: 1 + the players who beat it (a higher score, or the same score and
    /// a win after the tie-break); tied players share the best rank, so every winner is 1.
    pub ranks: [u8; MAX_PLAYERS],
    /// Winners after the tie-break; more than one means a shared win.
    pub winners: SeatSet,
    /// Players still tied on points before the tie-break was applied (0 or 1 = no tie).
    pub tied_on_points: u8,
    /// The seat that completed its city first, if any.
    pub first_complete: Option<Seat>,
    /// Characters in this game's cast, as a bitmask over `Character::index()`. The counters
    /// of a character out of the cast are zero (`Stats::add` reads only the cast's).
    pub cast: u32,
    /// Rounds in which each character was offered to at least one player in the draft.
    pub available: [u16; Character::COUNT],
    /// Rounds in which each character was picked by each seat: `picks[seat][character]`.
    pub picks: [[u16; Character::COUNT]; MAX_PLAYERS],
    /// Sum over the draft picks of each character of the picker's 1-based position in the
    /// round's draft order (1 = the crowned player).
    pub pick_position: [u16; Character::COUNT],
    /// Times each character was killed while a player held it.
    pub killed: [u16; Character::COUNT],
    /// Times each character was robbed while a player held it.
    pub robbed: [u16; Character::COUNT],
    /// Times each character was bewitched (Witch) while a player held it.
    pub bewitched: [u16; Character::COUNT],
    /// Threat markers (Blackmailer) put on each character while a player held it.
    pub threatened: [u16; Character::COUNT],
    /// Warrant markers (Magistrate) put on each character while a player held it.
    pub warranted: [u16; Character::COUNT],
    /// Turns started with each character (see `sim::tally` for what counts).
    pub turns: [u16; Character::COUNT],
    /// Gold, cards and district points gained with each character (see `sim::tally`).
    pub turn_gold: [u32; Character::COUNT],
    pub turn_cards: [u32; Character::COUNT],
    pub turn_points: [u32; Character::COUNT],
    /// Districts in this game's deck, as a bitmask over `District::index()`. The counters of
    /// a district out of the deck are zero (`Stats::add` reads only the deck's).
    pub deck: u64,
    /// Times each district was built, over all players.
    pub built: [u16; District::COUNT],
    /// Sum of the rounds in which each district was built.
    pub built_round: [u32; District::COUNT],
    /// Times each district was destroyed.
    pub destroyed: [u16; District::COUNT],
    /// Times each district changed hands in a Diplomat exchange (both districts count).
    pub exchanged: [u16; District::COUNT],
    /// Times each district was seized by the Marshal or confiscated by the Magistrate.
    pub seized: [u16; District::COUNT],
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
            ranks: [0; MAX_PLAYERS],
            winners: SeatSet::EMPTY,
            tied_on_points: 0,
            first_complete: None,
            cast: 0,
            available: [0; Character::COUNT],
            picks: [[0; Character::COUNT]; MAX_PLAYERS],
            pick_position: [0; Character::COUNT],
            killed: [0; Character::COUNT],
            robbed: [0; Character::COUNT],
            bewitched: [0; Character::COUNT],
            threatened: [0; Character::COUNT],
            warranted: [0; Character::COUNT],
            turns: [0; Character::COUNT],
            turn_gold: [0; Character::COUNT],
            turn_cards: [0; Character::COUNT],
            turn_points: [0; Character::COUNT],
            deck: 0,
            built: [0; District::COUNT],
            built_round: [0; District::COUNT],
            destroyed: [0; District::COUNT],
            exchanged: [0; District::COUNT],
            seized: [0; District::COUNT],
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

    /// Fills `ranks` from `scores` and `winners`: a seat is beaten by every seat with a
    /// higher score and, on the same score, by a winner when it is not one.
    pub fn rank_seats(&mut self) {
        let n = (self.players as usize).min(MAX_PLAYERS);
        for s in 0..n {
            let won = self.won(Seat(s as u8));
            let beaten_by = (0..n)
                .filter(|&t| {
                    self.scores[t] > self.scores[s]
                        || (self.scores[t] == self.scores[s] && !won && self.won(Seat(t as u8)))
                })
                .count();
            self.ranks[s] = 1 + beaten_by as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_share_ties_and_put_tie_break_losers_second() {
        let mut g = GameRecord::new(5, Seat(0));
        g.scores[..5].copy_from_slice(&[20, 25, 25, 18, 20]);
        g.winners.insert(Seat(2)); // won the tie-break against seat 1
        g.rank_seats();
        assert_eq!(g.ranks[..5], [3, 2, 1, 5, 3]);
        let mut shared = GameRecord::new(3, Seat(0));
        shared.scores[..3].copy_from_slice(&[30, 30, 10]);
        shared.winners.insert(Seat(0));
        shared.winners.insert(Seat(1));
        shared.rank_seats();
        assert_eq!(shared.ranks[..3], [1, 1, 3]);
    }
}
