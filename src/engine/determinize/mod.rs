//! `determinize`: samples a full `State` consistent with what one seat knows (its `View`).
//!
//! - **Cards**: every card whose place the seat does not know (other players' hands, deck
//!   positions, cards under a Museum it did not fill, cards another player drew and is choosing
//!   from) is dealt again at random into those same places: hand sizes and the deck's length
//!   are kept; known cards (its own hand, cities, `Knowledge::cards`) stay where they are.
//! - **Characters**: the selection is replayed from the seat's own steps (the cards offered to
//!   it and its choices). Between two of its steps the cards that disappeared were taken by
//!   the players choosing in between, in any order; before its first step the unseen cards are
//!   the face-down discard and the earlier players' choices; after its last step the cards it
//!   passed on go to the later players and the face-down leftovers. Each group is dealt at
//!   random, keeping what is public: revealed characters stay with their players, characters
//!   called without answer are discards, the killed Emperor's advisor holds him. The 7- and
//!   8-player rule (the last player also gets the first face-down card) and a Theater exchange
//!   (the two players' characters are dealt again between them, keeping counts and whatever
//!   the seat knows) are handled.
//! - **Markers** the seat cannot see (the signed warrant, the flowered threat) are drawn among
//!   the markers they may be on; the engine's own random stream is reseeded.
//! - Other seats' private knowledge is dropped (`Knowledge::only_as_seen_by`).
//!
//! Within these constraints the draw is uniform per group, not the exact posterior of a
//! player's choices (nothing models why opponents chose what they did).
//!
//! What the seat's knowledge fixes (the places, the known steps, the constraints) is a
//! `Determinizer`, made once; each `Determinizer::sample` only draws. `determinize` is the
//! two in one call.
//!
//! Here: the `Determinizer` (the plan, the markers, the dropped knowledge) and `determinize`.
//! Beside it: `cards` (the unknown cards and where they go back) and `characters` (the
//! selection replayed, the 7- and 8-player last pick, the Theater exchange, the selection's
//! record rebuilt to match).

mod cards;
mod characters;

use super::ids::{Character, Seat};
use super::rng::GameRng;
use super::sets::RankSet;
use super::state::{Phase, State};
use cards::CardPlan;
use characters::CharacterPlan;

pub use cards::unknown_cards;

/// A full state consistent with what `me` knows of `state`.
pub fn determinize(state: &State, me: Seat, rng: &mut GameRng) -> State {
    Determinizer::new(state, me).sample(rng)
}

/// What one seat's knowledge fixes of every determinization, worked out once: the unknown
/// cards and the places they go back to, the selection's known steps and the public
/// constraints on its characters, the markers the seat cannot see. Each `sample` then only
/// draws, in the same order and from the same stream as `determinize`, so a search that
/// samples its view a thousand times pays for the plan once (made at every sample, it comes
/// to 17% of the search's instructions).
#[derive(Clone, Debug)]
pub struct Determinizer {
    /// The state as `me` may keep it: other seats' private knowledge already dropped
    /// (`Knowledge::only_as_seen_by`); each sample is a copy with the unknown dealt again.
    base: State,
    me: Seat,
    /// Nothing is hidden once the game is over.
    over: bool,
    cards: CardPlan,
    characters: CharacterPlan,
    /// The markers to draw the signed warrant and the flowered threat among, when `me`
    /// cannot see which they are.
    warrant: Option<RankSet>,
    threat: Option<RankSet>,
}

impl Determinizer {
    /// The plan of `me`'s determinizations of `state`.
    pub fn new(state: &State, me: Seat) -> Determinizer {
        let mut base = state.clone();
        base.knowledge.only_as_seen_by(me, state.players);
        let over = state.phase == Phase::GameOver;
        let markers = state.knowledge.warrant_markers;
        let warrant = (state.signed_warrant.is_some()
            && state.player_of(Character::Magistrate) != Some(me)
            && !markers.is_empty())
        .then_some(markers);
        let markers = state.knowledge.threat_markers;
        let threat =
            (state.flowered.is_some() && state.blackmailer != Some(me) && !markers.is_empty())
                .then_some(markers);
        Determinizer {
            base,
            me,
            over,
            cards: CardPlan::new(state, me),
            characters: CharacterPlan::new(state, me),
            warrant,
            threat,
        }
    }

    /// One full state consistent with the seat's knowledge.
    pub fn sample(&self, rng: &mut GameRng) -> State {
        let mut out = self.base.clone();
        if !self.over {
            self.cards.deal(rng, &mut out);
            self.characters.assign(&self.base, self.me, rng, &mut out);
            if let Some(markers) = self.warrant {
                out.signed_warrant = Some(markers.nth(rng.below(markers.len() as u32) as usize));
            }
            if let Some(markers) = self.threat {
                out.flowered = Some(markers.nth(rng.below(markers.len() as u32) as usize));
            }
        }
        out.rng = GameRng::new(rng.next_u64());
        out
    }
}
