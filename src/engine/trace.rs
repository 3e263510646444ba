//! What the engine does by itself between decisions (a turn beginning, a robbery, the crown
//! moving, end-of-turn and end-of-round effects), and every change of a seat's gold, hand and
//! city as it happens, reported to an optional `Trace`: the replay log says what each change
//! came from, the statistics count the gains. Plain play uses `NoTrace`, which compiles to
//! nothing.

use super::ids::{Rank, Seat};
use super::state::State;

/// An automatic step of the engine. Each is reported with the state just *before* its
/// effect, so everything that changed since the previous report or decision belongs to the
/// step reported before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A character's turn begins: `state.turn` is set, nothing of it has happened yet (the
    /// Hospital's killed owner's gather-only turn too).
    TurnBegins,
    /// The Witch resumes her turn as the bewitched character.
    WitchResumes,
    /// A killed character is called and skips its turn.
    Skipped(Rank),
    /// Thief: the revealed character's gold goes to the thief.
    Robbery { thief: Seat },
    /// King, Patrician: the player takes the crown as his turn begins.
    CrownTaken,
    /// Park: the player's hand is empty at the end of his turn.
    Park,
    /// Poor House: the player's stash is empty at the end of his turn.
    PoorHouse,
    /// Alchemist: the gold paid to build this turn comes back.
    AlchemistRefund,
    /// Emperor: the new crowned player has only gold or only cards, so that is what he takes.
    EmperorTakes { from: Seat },
    /// End of the round: the killed King's or Patrician's heir takes the crown.
    Heir(Seat),
    /// End of the round: the Queen's player gains gold for a killed rank-4 neighbour.
    QueenGold(Seat),
}

/// A change of one seat's holdings, reported as `apply` makes it, signed (a gain is
/// positive). Every change of `State::gold`, of the size of a hand and of the cost of a city
/// (`Rules::city_cost`) during play is reported, so the sum of an action's changes is the
/// difference of the holdings before and after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    Gold(Seat, i32),
    /// The number of cards in the hand.
    Cards(Seat, i32),
    /// The total cost of the city: the costs of districts joining or leaving it
    /// (beautification included), one for a district beautified.
    Points(Seat, i32),
}

impl Change {
    /// The seat, which holding (0 gold, 1 cards in hand, 2 city cost) and the signed amount.
    pub fn parts(self) -> (Seat, usize, i32) {
        match self {
            Change::Gold(seat, n) => (seat, 0, n),
            Change::Cards(seat, n) => (seat, 1, n),
            Change::Points(seat, n) => (seat, 2, n),
        }
    }
}

/// Receives the engine's automatic steps and the changes of holdings.
pub trait Trace {
    fn event(&mut self, state: &State, event: Event);
    /// A change of holdings (none by default).
    #[inline(always)]
    fn change(&mut self, _change: Change) {}
}

/// No tracing: the default for play.
pub struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn event(&mut self, _: &State, _: Event) {}
}
