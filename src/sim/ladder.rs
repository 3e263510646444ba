//! A ladder's games: one tier's chunk, played exactly like a run's (same seeds, same counters),
//! with each character's picks and winning picks also kept per block of `BLOCK_GAMES`
//! consecutive games (`stats::blocks`), the unit that the ladder's stability intervals resample.

use super::runner::chunk_games;
use super::{Silent, game_seed, play_observed};
use crate::bots::BotSpec;
use crate::engine::action::Action;
use crate::engine::rules::Rules;
use crate::stats::Stats;
use crate::stats::blocks::{Block, block_of};

/// Plays chunk `chunk` of a tier of `games` games at `rules.players` with one bot spec per
/// seat, reusing `legal` as the move buffer. Returns the chunk's `Stats` (equal to a run's
/// for the same seed and bots) and its blocks in ascending order, each with its index.
pub fn play_chunk(
    rules: &Rules,
    master_seed: u64,
    games: u64,
    chunk: u64,
    bots: &[BotSpec],
    legal: &mut Vec<Action>,
) -> (Stats, Vec<(u64, Block)>) {
    let mut stats = Stats::new(rules.players);
    let mut blocks: Vec<(u64, Block)> = Vec::new();
    for index in chunk_games(games, chunk) {
        let before = stats.characters;
        let seed = game_seed(master_seed, rules.players, index);
        stats.add(&play_observed(rules, seed, bots, legal, &mut Silent).0);
        let key = block_of(index);
        if blocks.last().is_none_or(|(k, _)| *k != key) {
            blocks.push((key, Block::default()));
        }
        let (_, block) = blocks.last_mut().expect("pushed above");
        for (i, (now, was)) in stats.characters.iter().zip(&before).enumerate() {
            // A game adds at most a round cap's worth of picks: far below u32::MAX.
            block.picked[i] += (now.picked - was.picked) as u32;
            block.won[i] += (now.picks_won - was.picks_won) as u32;
        }
    }
    (stats, blocks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config;
    use crate::engine::ids::Character;
    use crate::sim::runner::{self, CHUNK_GAMES};

    #[test]
    fn a_chunk_counts_like_the_runner_and_its_blocks_add_up() {
        let config = config::load_preset("first-game").unwrap();
        let rules = config.rules(4).unwrap();
        let bots = vec![BotSpec::heuristic(); 4];
        let games = CHUNK_GAMES + 40;
        let mut legal = Vec::with_capacity(crate::engine::legal::MOVE_BUFFER);
        let (stats, blocks) = play_chunk(&rules, 9, games, 1, &bots, &mut legal);
        let expected = std::sync::Mutex::new(Stats::new(4));
        runner::run_chunks(&rules, 9, games, &[1], &bots, 1, false, &|_, s, _| {
            *expected.lock().unwrap() = s
        });
        assert_eq!(stats, expected.into_inner().unwrap());
        // Chunk 1 holds games 256..296: blocks 16, 17 and the first half of 18.
        let keys: Vec<u64> = blocks.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, [16, 17, 18]);
        for c in Character::ALL {
            let i = c.index();
            let picked: u64 = blocks.iter().map(|(_, b)| u64::from(b.picked[i])).sum();
            let won: u64 = blocks.iter().map(|(_, b)| u64::from(b.won[i])).sum();
            assert_eq!(picked, stats.characters[i].picked, "{c}");
            assert_eq!(won, stats.characters[i].picks_won, "{c}");
        }
        assert!(stats.characters.iter().any(|c| c.picks_won > 0));
    }
}
