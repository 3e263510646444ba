//! The rules of Citadels: pure and deterministic; no I/O, no threads, no serde.

pub mod action;
pub mod apply;
pub mod ids;
pub mod legal;
pub mod rng;
pub mod rules;
pub mod sets;
pub mod state;
pub mod view;

pub use action::Action;
pub use apply::{ApplyError, apply, new_game, try_apply};
pub use ids::{CardId, Character, District, DistrictType, Rank, Seat};
pub use legal::legal_actions;
pub use rules::{DistrictSpec, Options, Rules, RulesError};
pub use state::State;
pub use view::View;
