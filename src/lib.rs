//! citadels-sim: a Monte Carlo balance simulator for Citadels (2016 definitive edition).

pub mod app;
pub mod bots;
pub mod cli;
pub mod config;
pub mod engine;
pub mod job;
pub mod progress;
pub mod report;
pub mod sim;
pub mod stats;
pub mod suggest;
pub mod train;
