//! `cargo +nightly fuzz run engine`: the input bytes choose the rules (`random_rules`), the
//! game seed and every action; `fuzz_game` checks the invariants after every action and
//! `try_apply` before every action. Any broken invariant panics, which libFuzzer reports.
#![no_main]

use citadels_sim::config::random::random_rules;
use citadels_sim::engine::check::fuzz_game;
use libfuzzer_sys::fuzz_target;

/// Reads numbers from the input bytes; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u32 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b as u32
            }
            None => 0,
        }
    }
    /// A number in `0..n` (one byte, or two for `n` above 256).
    fn below(&mut self, n: u32) -> u32 {
        let x = if n > 256 {
            self.next() << 8 | self.next()
        } else {
            self.next()
        };
        x % n.max(1)
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let Ok(rules) = random_rules(|n| bytes.below(n)) else {
        return;
    };
    let seed = (0..8).fold(0u64, |s, _| s << 8 | bytes.next() as u64);
    if let Err(e) = fuzz_game(&rules, seed, |n| bytes.below(n as u32) as usize) {
        panic!("rules {rules:?}\nseed {seed}: {e}");
    }
});
