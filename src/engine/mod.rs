//! The rules of Citadels: pure and deterministic; no I/O, no threads, no serde.

pub mod action;
pub mod apply;
mod building;
pub mod characters;
pub mod check;
mod determinize;
mod districts;
mod draft;
mod gathering;
pub mod ids;
pub mod knowledge;
pub mod legal;
pub mod numbers;
pub mod rng;
pub mod rules;
pub mod scoring;
pub mod sets;
pub mod state;
pub mod trace;
mod turn;
pub mod view;

pub use action::Action;
pub use apply::{ApplyError, apply, apply_traced, new_game, try_apply};
pub use determinize::Determinizer;
pub use draft::faceup_discards;
pub use ids::{CardId, Character, District, DistrictType, Rank, Seat};
pub use legal::{legal_actions, to_move};
pub use numbers::{CharacterNumbers, KNOBS, Knob};
pub use rules::{DistrictSpec, Edition, Options, Rules, RulesError, TieBreak};
pub use state::State;
pub use view::View;
