//! Command-line types (clap derive). Here: the parser (`Cli`) and its commands (`Command`).
//! Beside it: `commands` (each command's options and the option groups they share) and
//! `values` (the option values clap cannot check alone, and their parsers).

mod commands;
mod values;

use clap::{Parser, Subcommand};

pub use commands::{
    AgreementArgs, ArenaArgs, CompareArgs, ConfigArgs, DEFAULT_TIERS, DraftFactsArg, LadderArgs,
    MergeArgs, RankArgs, ReplaceArgs, ReplayArgs, RestrictArgs, RunArgs, SetupArgs, SweepArgs,
    Targets, TrainArgs,
};
pub use values::{PlayerRange, Replace, SetValues, ShardArg};

#[derive(Debug, Parser)]
#[command(
    name = "citadels-sim",
    version,
    about = "Monte Carlo balance simulator for Citadels (2016 edition; classic and 2021 rules too)"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play many games at each player count and write a report folder.
    Run(RunArgs),
    /// Print the log of one game of a run: the same game the run played.
    Replay(ReplayArgs),
    /// Add the partial results of the shards of a run (`run --shard`) into its reports.
    Merge(MergeArgs),
    /// Measure a hero bot against a field of bots on paired deals: each deal is played with
    /// the hero in every seat and once with the field alone.
    Arena(ArenaArgs),
    /// Play two configs on the same game seeds and write their differences, table by table.
    Compare(CompareArgs),
    /// Play every combination of [rules] values on the same game seeds and write sweep.csv.
    Sweep(SweepArgs),
    /// Play one config with populations of increasing strength (tiers) on the same game
    /// seeds, and say which verdicts hold under strong play.
    Ladder(LadderArgs),
    /// Restricted play: for every character X of the cast, the value of being allowed to
    /// pick it: a hero `SPEC:ban=X` against a field of `SPEC` on paired deals.
    Restrict(RestrictArgs),
    /// Play several configs on the same game seeds and rank them by balance index per
    /// player count (rank.csv).
    Rank(RankArgs),
    /// Fit the policy bot's weights to the choices of a teacher bot (ISMCTS) in its own
    /// self-play games, and write them as a weights file.
    Train(TrainArgs),
    /// Measure how near a run's character and seat win rates are to reference runs (the
    /// search's self-play), with what a perfect imitator would show at the same sizes.
    Agreement(AgreementArgs),
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_consistent() {
        Cli::command().debug_assert();
    }
}
