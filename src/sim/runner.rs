//! The parallel runner: plays `0..games` in fixed-size chunks on a rayon pool and adds their
//! `Stats` together. Every counter is an integer, so the sum is exact and does not depend on
//! which thread played which chunk, or in what order: reports are identical for any thread
//! count.

use super::{Silent, game_seed, play_observed};
use crate::bots::BotSpec;
use crate::engine::action::Action;
use crate::engine::rules::Rules;
use crate::stats::Stats;
use crate::stats::record::GameRecord;
use rayon::prelude::*;
use std::sync::Mutex;

/// Games per chunk. Fixed: never derived from the thread count.
pub const CHUNK_GAMES: u64 = 256;

/// Plays `games` games at `rules.players` with one bot spec per seat on a dedicated pool of
/// `threads` threads (at least 1). Game `i` uses `game_seed(master_seed, players, i)`.
/// `progress` is called with the number of games done after each chunk, in increasing order.
///
/// Panics if `bots.len() != rules.players` or if the OS refuses to start the threads.
pub fn run(
    rules: &Rules,
    master_seed: u64,
    games: u64,
    bots: &[BotSpec],
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Stats {
    assert_eq!(bots.len(), rules.players as usize, "one bot spec per seat");
    run_with(
        rules.players,
        master_seed,
        games,
        threads,
        progress,
        |seed, legal| play_observed(rules, seed, bots, legal, &mut Silent).0,
    )
}

/// `run` with the game itself as a parameter (`play(seed, move_buffer)`), for tests without
/// the engine. Each worker reuses one move buffer, so games allocate nothing.
pub fn run_with<F>(
    players: u8,
    master_seed: u64,
    games: u64,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
    play: F,
) -> Stats
where
    F: Fn(u64, &mut Vec<Action>) -> GameRecord + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .thread_name(|i| format!("citadels-sim-{i}"))
        .build()
        .expect("cannot start the worker threads");
    let chunks = games.div_ceil(CHUNK_GAMES);
    let done = Mutex::new(0u64);
    pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .fold(
                || (Stats::new(players), Vec::with_capacity(64)),
                |(mut stats, mut legal), chunk| {
                    let start = chunk * CHUNK_GAMES;
                    let end = (start + CHUNK_GAMES).min(games);
                    for index in start..end {
                        stats.add(&play(game_seed(master_seed, players, index), &mut legal));
                    }
                    // The lock keeps progress reports in increasing order.
                    let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
                    *done += end - start;
                    progress(*done);
                    (stats, legal)
                },
            )
            .map(|(stats, _)| stats)
            .reduce(
                || Stats::new(players),
                |mut a, b| {
                    a += b;
                    a
                },
            )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ids::Seat;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// A fake game derived from its seed only.
    fn fake(seed: u64) -> GameRecord {
        let mut g = GameRecord::new(4, Seat((seed % 4) as u8));
        g.rounds = 4 + (seed % 9) as u16;
        g.stalled = seed % 17 == 3;
        g.cast = 0xff;
        g.scores[(seed >> 8) as usize % 4] = (seed % 30) as i16;
        g.winners.insert(Seat(((seed >> 8) % 4) as u8));
        g.picks[0][(seed % 8) as usize] = 1;
        g
    }

    #[test]
    fn result_does_not_depend_on_threads() {
        let games = 1000;
        let one = run_with(4, 7, games, 1, &|_| {}, |seed, _| fake(seed));
        let four = run_with(4, 7, games, 4, &|_| {}, |seed, _| fake(seed));
        let many = run_with(4, 7, games, 13, &|_| {}, |seed, _| fake(seed));
        assert_eq!(one, four);
        assert_eq!(one, many);
        assert_eq!(one.games, games);
        let mut direct = Stats::new(4);
        for i in 0..games {
            direct.add(&fake(game_seed(7, 4, i)));
        }
        assert_eq!(one, direct);
    }

    #[test]
    fn progress_ends_at_the_game_count() {
        let last = AtomicU64::new(0);
        let calls = AtomicU64::new(0);
        run_with(
            4,
            1,
            600,
            3,
            &|done| {
                assert!(done > last.load(Ordering::SeqCst));
                last.store(done, Ordering::SeqCst);
                calls.fetch_add(1, Ordering::SeqCst);
            },
            |seed, _| fake(seed),
        );
        assert_eq!(last.load(Ordering::SeqCst), 600);
        assert_eq!(calls.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn zero_games_is_empty() {
        assert_eq!(
            run_with(4, 1, 0, 2, &|_| {}, |seed, _| fake(seed)),
            Stats::new(4)
        );
    }
}
