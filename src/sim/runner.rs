//! The parallel runner: plays `0..games` in fixed-size chunks on a rayon pool and adds their
//! `Stats` together. Every counter is an integer, so the sum is exact and does not depend on
//! which thread played which chunk, or in what order: reports are identical for any thread
//! count.

use super::game_log::GameLog;
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
    let all: Vec<u64> = (0..chunk_count(games)).collect();
    let total = Mutex::new(Stats::new(rules.players));
    run_chunks(
        rules,
        master_seed,
        games,
        &all,
        bots,
        threads,
        false,
        &|_, stats, _| {
            let mut total = lock(&total);
            *total += stats;
            progress(total.games);
        },
    );
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// What `run_chunks` hands over for each chunk: its chunk index, the sum of its games'
/// `Stats`, and with `log_games` the JSON line of each game in game order (empty otherwise).
pub type ChunkDone<'a> = &'a (dyn Fn(u64, Stats, Vec<String>) + Sync);

/// Plays only the chunks listed in `chunks` (indices below `chunk_count(games)`) and hands
/// each chunk's results to `chunk_done` as soon as it is complete, from the worker thread
/// (calls may come in any chunk order). Used to resume a run and to play one shard.
///
/// Panics like `run`.
#[allow(clippy::too_many_arguments)]
pub fn run_chunks(
    rules: &Rules,
    master_seed: u64,
    games: u64,
    chunks: &[u64],
    bots: &[BotSpec],
    threads: usize,
    log_games: bool,
    chunk_done: ChunkDone,
) {
    assert_eq!(bots.len(), rules.players as usize, "one bot spec per seat");
    run_chunks_logged(
        rules.players,
        master_seed,
        games,
        chunks,
        threads,
        chunk_done,
        |index, seed, legal| {
            if log_games {
                let mut log = GameLog::default();
                let (record, state) = play_observed(rules, seed, bots, legal, &mut log);
                let line = log.line(rules, index, seed, bots, &record, &state);
                (record, Some(line))
            } else {
                (play_observed(rules, seed, bots, legal, &mut Silent).0, None)
            }
        },
    )
}

/// One share of a run spread over several machines: the chunks whose index is `index`
/// modulo `count` (`run --shard K/N`, `K` from 0 to `N - 1`). Every player count is split
/// the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// `K/N` with `0 <= K < N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("\"{text}\" is not a shard (expected K/N with K from 0 to N-1)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        Shard::new(index, count)
    }

    /// Shard `index` of `count`, refused unless `index < count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, String> {
        if count == 0 {
            return Err("the number of shards must be at least 1".into());
        }
        if index >= count {
            return Err(format!(
                "shard {index} of {count} is out of range (shards are numbered from 0 to {})",
                count - 1
            ));
        }
        Ok(Shard { index, count })
    }

    /// Whether chunk `chunk` belongs to this shard.
    pub fn has(self, chunk: u64) -> bool {
        chunk % self.count == self.index
    }

    /// This shard's chunks of a run of `games` games per player count.
    pub fn chunks(self, games: u64) -> impl Iterator<Item = u64> {
        (0..chunk_count(games)).filter(move |&c| self.has(c))
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The number of chunks of a run of `games` games at one player count.
pub fn chunk_count(games: u64) -> u64 {
    games.div_ceil(CHUNK_GAMES)
}

/// The games of chunk `chunk`: `start..end`.
pub fn chunk_games(games: u64, chunk: u64) -> std::ops::Range<u64> {
    let start = chunk.saturating_mul(CHUNK_GAMES).min(games);
    start..start.saturating_add(CHUNK_GAMES).min(games)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
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
    let all: Vec<u64> = (0..chunk_count(games)).collect();
    let total = Mutex::new(Stats::new(players));
    run_chunks_with(
        players,
        master_seed,
        games,
        &all,
        threads,
        &|_, stats| {
            // The lock keeps progress reports in increasing order.
            let mut total = lock(&total);
            *total += stats;
            progress(total.games);
        },
        play,
    );
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// `run_chunks` with the game as a parameter, like `run_with`.
pub fn run_chunks_with<F>(
    players: u8,
    master_seed: u64,
    games: u64,
    chunks: &[u64],
    threads: usize,
    chunk_done: &(dyn Fn(u64, Stats) + Sync),
    play: F,
) where
    F: Fn(u64, &mut Vec<Action>) -> GameRecord + Sync,
{
    for_each_chunk(threads, chunks, chunk_done, |chunk, legal| {
        let mut stats = Stats::new(players);
        for index in chunk_games(games, chunk) {
            stats.add(&play(game_seed(master_seed, players, index), legal));
        }
        stats
    })
}

/// `run_chunks` with the game as a parameter: `play(index, seed, move_buffer)` plays game
/// `index` and may return its log line (games allocate nothing unless logged).
fn run_chunks_logged<F>(
    players: u8,
    master_seed: u64,
    games: u64,
    chunks: &[u64],
    threads: usize,
    chunk_done: ChunkDone,
    play: F,
) where
    F: Fn(u64, u64, &mut Vec<Action>) -> (GameRecord, Option<String>) + Sync,
{
    for_each_chunk(
        threads,
        chunks,
        &|chunk, (stats, lines)| chunk_done(chunk, stats, lines),
        |chunk, legal| {
            let mut stats = Stats::new(players);
            let mut lines = Vec::new();
            for index in chunk_games(games, chunk) {
                let (record, line) = play(index, game_seed(master_seed, players, index), legal);
                stats.add(&record);
                lines.extend(line);
            }
            (stats, lines)
        },
    )
}

/// Runs `work(chunk, move_buffer)` for every chunk of `chunks` on a dedicated pool of
/// `threads` threads (at least 1) and hands each result to `chunk_done(chunk, result)` from
/// the worker thread, in any chunk order. Each worker reuses one move buffer.
///
/// Panics if the OS refuses to start the threads.
pub fn for_each_chunk<T, W>(
    threads: usize,
    chunks: &[u64],
    chunk_done: &(dyn Fn(u64, T) + Sync),
    work: W,
) where
    W: Fn(u64, &mut Vec<Action>) -> T + Sync,
{
    if chunks.is_empty() {
        return;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .thread_name(|i| format!("citadels-sim-{i}"))
        .build()
        .expect("cannot start the worker threads");
    pool.install(|| {
        chunks.par_iter().for_each_init(
            || Vec::with_capacity(crate::engine::legal::MOVE_BUFFER),
            |legal, &chunk| chunk_done(chunk, work(chunk, legal)),
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
    fn chunks_played_in_two_parts_add_up_to_the_whole() {
        let games = 1000;
        let whole = run_with(4, 7, games, 2, &|_| {}, |seed, _| fake(seed));
        let parts = Mutex::new(Stats::new(4));
        let seen = Mutex::new(Vec::new());
        let add = |chunk, stats| {
            *lock(&parts) += stats;
            lock(&seen).push(chunk);
        };
        run_chunks_with(4, 7, games, &[3, 0], 1, &add, |seed, _| fake(seed));
        run_chunks_with(4, 7, games, &[1, 2], 2, &add, |seed, _| fake(seed));
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        assert_eq!(seen, [0, 1, 2, 3]);
        assert_eq!(parts.into_inner().unwrap(), whole);
        assert_eq!(chunk_count(games), 4);
        assert_eq!(chunk_games(games, 3), 768..1000);
    }

    #[test]
    fn zero_games_is_empty() {
        assert_eq!(
            run_with(4, 1, 0, 2, &|_| {}, |seed, _| fake(seed)),
            Stats::new(4)
        );
    }
}
