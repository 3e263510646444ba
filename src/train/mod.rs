//! Training the policy bot (`citadels-sim train`): the teacher's answers in games played
//! by the teacher or by a student (`record.rs`), kept in a file if asked (`file.rs`),
//! replayed to the decisions' features (`data.rs`), then the fit of the policy's weights to
//! the teacher's choices (`fit.rs`).

pub mod data;
pub mod file;
pub mod fit;
pub mod record;

use crate::bots::BotSpec;
use crate::config::RunConfig;
use crate::engine::action::Action;
use crate::engine::rng::mix;
use crate::engine::rules::Rules;
use crate::sim::game_seed;
use crate::sim::runner::for_each_chunk;
use data::Dataset;
use record::{GameRecord, replay_into, teacher_game};
use std::sync::Mutex;

/// Keeps training games apart from the games of `run`, `arena` and `ladder` with the same
/// `--seed`: the bot is measured on deals it was not trained on.
const TRAINING_STREAM: u64 = 0x7EAC_0000;

/// Every tenth game (by index) is kept out of the fit, to measure it.
pub fn is_validation(game: u64) -> bool {
    game % 10 == 9
}

/// Plays `games` games at the player count of `rules`, by `teacher` or by `student` (see
/// `teacher_game`), and records them with the teacher's answers, in game order whatever the
/// thread count; `game_done()` after each game.
pub fn teacher_games(
    rules: &Rules,
    teacher: &BotSpec,
    student: Option<&BotSpec>,
    games: u64,
    seed: u64,
    threads: usize,
    game_done: &(dyn Fn() + Sync),
) -> Vec<GameRecord> {
    let indices: Vec<u64> = (0..games).collect();
    let slots: Mutex<Vec<Option<GameRecord>>> = Mutex::new(vec![None; games as usize]);
    let master = mix(seed, TRAINING_STREAM);
    for_each_chunk(
        threads,
        &indices,
        &|game, data| {
            slots.lock().unwrap_or_else(|e| e.into_inner())[game as usize] = Some(data);
            game_done();
        },
        |game, legal: &mut Vec<Action>| {
            let seed = game_seed(master, rules.players, game);
            teacher_game(rules, seed, teacher, student, is_validation(game), legal)
        },
    );
    let slots = slots.into_inner().unwrap_or_else(|e| e.into_inner());
    slots
        .into_iter()
        .map(|game| game.expect("every game played"))
        .collect()
}

/// The decisions of `games`, replayed under `config` at each game's player count, with
/// their features as this binary computes them. A game that does not replay is refused
/// with its position in `games` and the reason.
pub fn replay_games(config: &RunConfig, games: &[GameRecord]) -> Result<Dataset, String> {
    let mut data = Dataset::default();
    let mut legal = Vec::new();
    let mut rules: Option<Rules> = None;
    for (i, game) in games.iter().enumerate() {
        if rules.as_ref().is_none_or(|r| r.players != game.players) {
            let at = config.rules(game.players);
            rules = Some(at.map_err(|e| format!("game {i}: {e}"))?);
        }
        let rules = rules.as_ref().expect("set above");
        replay_into(&mut data, rules, game, &mut legal).map_err(|why| format!("game {i} {why}"))?;
    }
    Ok(data)
}
