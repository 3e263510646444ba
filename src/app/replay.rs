//! `replay`: prints the log of one game of a run, decision by decision.

use super::out::out;
use super::{AppError, input, load_config, parse_bots, seat_bots};
use crate::cli::ReplayArgs;
use crate::sim::{game_seed, replay_game};
use anyhow::anyhow;

pub(super) fn replay(args: &ReplayArgs) -> Result<(), AppError> {
    let config = load_config(&args.setup)?;
    let list = parse_bots(&args.bots, &config)?;
    let seats =
        seat_bots(&list, args.players).map_err(|e| input(anyhow!("--bots {}: {e}", args.bots)))?;
    let rules = config.rules(args.players).map_err(input)?;
    let (_, log) = replay_game(
        &rules,
        game_seed(args.seed, args.players, args.game),
        &seats,
    );
    out!("{log}");
    Ok(())
}
