//! A ladder tier's picks and winning picks per block of consecutive games: the unit that the
//! stability intervals (`stats::stability`) resample.

use crate::engine::ids::Character;

/// Games per resampling block. A chunk (`sim::runner::CHUNK_GAMES`, 256) holds 16 blocks, so a
/// search tier of 1,500 games still has 94 blocks to resample, where it has only 6 chunks.
pub const BLOCK_GAMES: u64 = 16;

/// The picks and winning picks of every character in one block of games (`Character` order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    pub picked: [u32; Character::COUNT],
    pub won: [u32; Character::COUNT],
}

impl Default for Block {
    fn default() -> Block {
        Block {
            picked: [0; Character::COUNT],
            won: [0; Character::COUNT],
        }
    }
}

/// The index of the block holding game `game` (blocks are numbered over the whole run).
pub fn block_of(game: u64) -> u64 {
    game / BLOCK_GAMES
}
