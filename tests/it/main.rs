//! The integration test binary: engine scenarios, invariants, determinism and the CLI.

mod common;
mod invariants;
