//! Statistics: per-game records and the integer counters they are added into.

pub mod record;
