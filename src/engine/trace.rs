//! What the engine does by itself between decisions (a turn beginning, a robbery, the crown
//! moving, end-of-turn and end-of-round effects), reported to an optional `Trace` so the
//! replay log can say what each change of gold, cards and crown came from. Plain play uses
//! `NoTrace`, which compiles to nothing.

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

/// Receives the engine's automatic steps.
pub trait Trace {
    fn event(&mut self, state: &State, event: Event);
}

/// No tracing: the default for play.
pub struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn event(&mut self, _: &State, _: Event) {}
}
