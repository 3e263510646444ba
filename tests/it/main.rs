//! The integration test binary: engine scenarios, invariants, determinism and the CLI.

mod cli;
mod common;
mod determinism;
mod invariants;
