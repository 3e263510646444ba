//! Issue 7: a game allocates nothing after warm-up (heuristic, random and policy bots, the
//! policy also with its hidden layer). A counting allocator wraps the system allocator for
//! this test binary; it counts per thread, so tests running in parallel on other threads do
//! not disturb the count.

use citadels_sim::bots::BotSpec;
use citadels_sim::config::load_preset;
use citadels_sim::engine::legal::MOVE_BUFFER;
use citadels_sim::sim::{Silent, game_seed, play_observed};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Plays `games` games after 20 others with one reused move buffer of the runner's size, as
/// the runner's workers do; returns the allocations made by the measured games.
fn allocations_in_games(preset: &str, players: u8, bots: &str, games: u64) -> u64 {
    let rules = load_preset(preset).unwrap().rules(players).unwrap();
    let spec = BotSpec::parse(bots).unwrap();
    let seats = vec![spec; players as usize];
    let mut legal = Vec::with_capacity(MOVE_BUFFER);
    let mut play = |indices: std::ops::Range<u64>| {
        for i in indices {
            play_observed(
                &rules,
                game_seed(1, players, i),
                &seats,
                &mut legal,
                &mut Silent,
            );
        }
    };
    play(0..20);
    let before = allocations();
    play(20..20 + games);
    allocations() - before
}

#[test]
fn games_allocate_nothing_after_warm_up() {
    for (preset, players, bots) in [
        ("first-game", 5, "heuristic"),
        ("first-game", 5, "random"),
        ("first-game", 5, "policy"),
        ("all-characters", 8, "policy"),
        ("first-game", 5, "policy:weights=net"),
        ("first-game", 5, "policy:weights=linear:drawn=Destroy"),
        ("all-characters", 8, "heuristic"),
        ("all-districts", 4, "heuristic"),
    ] {
        let n = allocations_in_games(preset, players, bots, 3000);
        assert_eq!(n, 0, "{preset} at {players} players with {bots} bots");
    }
}

/// The counter sees allocations (so the test above can fail).
#[test]
fn the_counter_counts() {
    let before = allocations();
    let v: Vec<u64> = std::hint::black_box(vec![1, 2, 3]);
    assert!(allocations() > before);
    drop(v);
}
