//! citadels-sim: a Monte Carlo balance simulator for Citadels (2016 definitive edition).

pub mod bots;
pub mod config;
pub mod engine;
pub mod report;
pub mod sim;
pub mod stats;
