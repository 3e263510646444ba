//! Statistics: per-game records and the integer counters they are added into.
//!
//! `Stats` holds only `u64` counters, so adding games one by one or merging per-chunk `Stats`
//! gives exactly the same result in any order.
//!
//! Counting rules:
//! - A stalled game (round cap reached) counts only in `games` and `stalled`: no rounds,
//!   picks, scores, wins, seats or districts.
//! - A shared win (several winners after the tie-break) counts as a win for each winner.
//! - Scores are summed as `u64`; the rules never produce a negative score, and a negative one
//!   would be counted as 0.
//! - Ranks (`GameRecord::ranks`): 1 for every winner, else 1 + the players who beat the seat;
//!   the margin is the best score minus the second best (0 on a tie on points).
//! - Rates over trials that are clustered within games (a character's win rate over its
//!   picks, its pick rates over rounds, a district's win rate over the cities holding it,
//!   a bot's win rate over the seats it plays) also keep per-game sums of squares and
//!   products (`estimate::ClusterSums`) for their cluster-robust intervals: each game adds
//!   `w^2`, `w n` and `n^2` of its own counts `w` (successes) and `n` (trials).
//! - What is counted per character during play (offers, pick positions, markers, turns and
//!   the gains in them) is defined in `sim::tally`.

pub mod agreement;
pub mod balance;
pub mod blocks;
pub mod difference;
pub mod estimate;
pub mod record;
pub mod stability;

use crate::engine::ids::{Character, District, Seat};
use estimate::ClusterSums;
use record::{GameRecord, MAX_PLAYERS};
use std::ops::AddAssign;

/// Rounds histogram bins: rounds 0..=`ROUND_BINS - 1`; longer games go into the last bin
/// (configs cap rounds at 1000).
pub const ROUND_BINS: usize = 1001;

/// Counters of one character.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CharacterStats {
    /// Finished games in which the character was in the cast.
    pub in_play: u64,
    /// Sum of the rounds of those games: rounds in which the character could be picked.
    pub cast_rounds: u64,
    /// Rounds in which the character was offered to at least one player in the draft.
    pub available: u64,
    /// Picks: (round, seat) pairs in which a player took the character.
    pub picked: u64,
    /// Sum over the picks of the picker's 1-based position in the round's draft order.
    pub pick_position_sum: u64,
    /// Picks by a player who won the game.
    pub picks_won: u64,
    /// Sum over picks of the picking player's final score.
    pub score_sum: u64,
    pub killed: u64,
    pub robbed: u64,
    pub bewitched: u64,
    pub threatened: u64,
    pub warranted: u64,
    /// Turns played with the character, and what its player gained in them.
    pub turns: u64,
    pub turn_gold: u64,
    pub turn_cards: u64,
    pub turn_points: u64,
    /// Per-game sums for the cluster-robust intervals, over finished games with the
    /// character in the cast: with `n` its picks, `r` the rounds and `a` its `available`
    /// rounds of one game, the sums of `n r`, `r^2`, `n a` and `a^2`. (The sums of `n^2`
    /// and of its winners' picks `w^2` and `w n` are entries of `Stats::moments`.)
    pub picked_rounds: u64,
    pub cast_rounds_sq: u64,
    pub picked_available: u64,
    pub available_sq: u64,
}

/// Counters of one seat relative to the first crown holder (or of one absolute seat).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatStats {
    pub games: u64,
    pub wins: u64,
    pub score_sum: u64,
    /// Sum of the final ranks (1 = winner; see `GameRecord::ranks`).
    pub rank_sum: u64,
}

/// Counters of one district name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DistrictStats {
    /// Finished games in which the district was in the deck.
    pub in_deck: u64,
    /// Times it was built (all players).
    pub built: u64,
    /// Finished games in which it was built at least once.
    pub built_games: u64,
    /// Sum of the rounds in which it was built.
    pub built_round_sum: u64,
    pub destroyed: u64,
    /// Times it changed hands in a Diplomat exchange.
    pub exchanged: u64,
    /// Times it was seized (Marshal) or confiscated (Magistrate).
    pub seized: u64,
    /// Seats whose final city contains it.
    pub appearances: u64,
    /// Of those, seats that won.
    pub appearance_wins: u64,
    /// Per-game sums for the win rate's cluster-robust interval: with `a` the cities
    /// holding it at the end of one finished game and `w` the winners among them, the sums
    /// of `w^2`, `w a` and `a^2`.
    pub appearance_wins_sq: u64,
    pub appearance_wins_appearances: u64,
    pub appearances_sq: u64,
}

impl DistrictStats {
    /// The win rate of the cities holding it (`appearance_wins` / `appearances`) with its
    /// per-game sums.
    pub fn win_sums(&self) -> ClusterSums {
        ClusterSums {
            successes: self.appearance_wins,
            trials: self.appearances,
            successes_sq: self.appearance_wins_sq,
            cross: self.appearance_wins_appearances,
            trials_sq: self.appearances_sq,
        }
    }
}

/// Adds the named fields of `$b` to those of `$a`.
macro_rules! add_fields {
    ($a:expr, $b:expr; $($field:ident),* $(,)?) => {
        $( $a.$field += $b.$field; )*
    };
}

impl AddAssign<&CharacterStats> for CharacterStats {
    fn add_assign(&mut self, b: &CharacterStats) {
        add_fields!(self, b; in_play, cast_rounds, available, picked, pick_position_sum,
            picks_won, score_sum, killed, robbed, bewitched, threatened, warranted, turns,
            turn_gold, turn_cards, turn_points, picked_rounds, cast_rounds_sq, picked_available,
            available_sq);
    }
}

impl AddAssign<&SeatStats> for SeatStats {
    fn add_assign(&mut self, b: &SeatStats) {
        add_fields!(self, b; games, wins, score_sum, rank_sum);
    }
}

impl AddAssign<&DistrictStats> for DistrictStats {
    fn add_assign(&mut self, b: &DistrictStats) {
        add_fields!(self, b; in_deck, built, built_games, built_round_sum, destroyed, exchanged,
            seized, appearances, appearance_wins, appearance_wins_sq,
            appearance_wins_appearances, appearances_sq);
    }
}

/// All counters for one player count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    pub players: u8,
    /// All games, stalled included.
    pub games: u64,
    pub stalled: u64,
    /// Finished games by rounds played (index = rounds).
    pub rounds: Vec<u64>,
    /// Finished games with at least one winner, and the sum of their winning scores.
    pub won_games: u64,
    pub winning_score_sum: u64,
    /// Sum over finished games of the best score minus the second best (0 on a tie).
    pub margin_sum: u64,
    /// Finished games in which two or more players were tied on points (decided by the
    /// tie-break or shared).
    pub ties: u64,
    /// Finished games with more than one winner.
    pub shared_wins: u64,
    /// Finished games in which a city was completed, and those won by the player who
    /// completed the first one.
    pub completed_games: u64,
    pub first_complete_wins: u64,
    pub characters: [CharacterStats; Character::COUNT],
    /// Indexed by relative seat (0 = first crown holder).
    pub seats: [SeatStats; MAX_PLAYERS],
    /// Indexed by absolute seat: what the bot of that seat did (`bots.csv`).
    pub by_seat: [SeatStats; MAX_PLAYERS],
    pub districts: [DistrictStats; District::COUNT],
    /// Sums over finished games of the products of the game's moment vector (`balance`):
    /// the packed upper triangle, `balance::MOMENTS` entries. They give the intervals of
    /// the balance index and the seat spread.
    pub moments: Vec<u64>,
    /// Finished games in which both absolute seats `s <= t` won (the packed upper triangle,
    /// `seat_pair` gives the index; the diagonal is each seat's wins): the per-game sums of
    /// the win rate of a bot that plays several seats (`bot_win_sums`).
    pub seat_pair_wins: [u64; SEAT_PAIRS],
}

/// Pairs `s <= t` of absolute seats.
pub const SEAT_PAIRS: usize = MAX_PLAYERS * (MAX_PLAYERS + 1) / 2;

/// The index of the absolute seats `s` and `t` (either order) in `Stats::seat_pair_wins`.
pub fn seat_pair(s: usize, t: usize) -> usize {
    let (i, j) = if s <= t { (s, t) } else { (t, s) };
    i * MAX_PLAYERS - i * i.saturating_sub(1) / 2 + j - i
}

impl Stats {
    /// The sum over finished games of the product of entries `i` and `j` of a game's
    /// moment vector (`balance::DIM`).
    fn moment(&self, i: usize, j: usize) -> u64 {
        self.moments[balance::packed(i.min(j), i.max(j))]
    }

    /// Character `c`'s win rate when picked (`picks_won` / `picked`) with its per-game sums:
    /// those of its winners' picks and picks are entries of `moments`.
    pub fn character_win_sums(&self, c: usize) -> ClusterSums {
        let (won, picks) = (balance::won_dim(c), balance::picks_dim(c));
        let stats = &self.characters[c];
        ClusterSums {
            successes: stats.picks_won,
            trials: stats.picked,
            successes_sq: self.moment(won, won),
            cross: self.moment(won, picks),
            trials_sq: self.moment(picks, picks),
        }
    }

    /// Character `c`'s pick rate (`picked` / `cast_rounds`) with its per-game sums.
    pub fn character_pick_sums(&self, c: usize) -> ClusterSums {
        let stats = &self.characters[c];
        ClusterSums {
            successes: stats.picked,
            trials: stats.cast_rounds,
            successes_sq: self.moment(balance::picks_dim(c), balance::picks_dim(c)),
            cross: stats.picked_rounds,
            trials_sq: stats.cast_rounds_sq,
        }
    }

    /// Character `c`'s pick rate when offered (`picked` / `available`) with its per-game
    /// sums.
    pub fn character_available_pick_sums(&self, c: usize) -> ClusterSums {
        let stats = &self.characters[c];
        ClusterSums {
            successes: stats.picked,
            trials: stats.available,
            successes_sq: self.moment(balance::picks_dim(c), balance::picks_dim(c)),
            cross: stats.picked_available,
            trials_sq: stats.available_sq,
        }
    }

    /// The first counter no run could have produced, or `None`. Counters read from a file (a
    /// checkpoint, a shard's partial result) are checked with it: a damaged or edited file
    /// could otherwise make a report of nonsense (a seat winning 16678% of its games) or
    /// overflow a sum. Every game counts once in `games`, and every finished one once in
    /// `rounds` and in each seat's games (`add`); a score fits an `i16`.
    pub fn impossible(&self) -> Option<String> {
        const MAX_SCORE: u64 = i16::MAX as u64;
        let players = self.players as usize;
        let Some(finished) = self.games.checked_sub(self.stalled) else {
            return Some(format!("{} stalled of {} games", self.stalled, self.games));
        };
        let rounds = self
            .rounds
            .iter()
            .try_fold(0u64, |sum, &count| sum.checked_add(count));
        if rounds != Some(finished) {
            return Some(format!(
                "the rounds do not count the {finished} finished games"
            ));
        }
        let at_most = [
            ("won games", self.won_games, finished),
            ("ties", self.ties, finished),
            ("shared wins", self.shared_wins, self.won_games),
            ("completed games", self.completed_games, finished),
            (
                "first completers' wins",
                self.first_complete_wins,
                self.completed_games,
            ),
            (
                "winning scores",
                self.winning_score_sum,
                self.won_games.saturating_mul(MAX_SCORE),
            ),
            (
                "margins",
                self.margin_sum,
                finished.saturating_mul(MAX_SCORE),
            ),
        ];
        if let Some((what, value, bound)) = at_most.into_iter().find(|(_, v, b)| v > b) {
            return Some(format!("{what} {value}, more than {bound} could be"));
        }
        for (table, seats) in [("seat", &self.seats), ("bot seat", &self.by_seat)] {
            for (i, seat) in seats.iter().enumerate() {
                let games = if i < players { finished } else { 0 };
                if seat.games != games
                    || seat.wins > games
                    || seat.score_sum > games.saturating_mul(MAX_SCORE)
                    || seat.rank_sum > games.saturating_mul(MAX_PLAYERS as u64)
                {
                    return Some(format!(
                        "{table} {i}: {} wins, {} points, rank sum {} in {} games of {finished}",
                        seat.wins, seat.score_sum, seat.rank_sum, seat.games
                    ));
                }
            }
        }
        let character = self.characters.iter().position(|c| c.picks_won > c.picked);
        character.map(|c| {
            let stats = &self.characters[c];
            format!(
                "{} won {} of {} picks",
                Character::ALL[c].name(),
                stats.picks_won,
                stats.picked
            )
        })
    }

    pub fn new(players: u8) -> Stats {
        Stats {
            players,
            games: 0,
            stalled: 0,
            rounds: vec![0; ROUND_BINS],
            won_games: 0,
            winning_score_sum: 0,
            margin_sum: 0,
            ties: 0,
            shared_wins: 0,
            completed_games: 0,
            first_complete_wins: 0,
            characters: [CharacterStats::default(); Character::COUNT],
            seats: [SeatStats::default(); MAX_PLAYERS],
            by_seat: [SeatStats::default(); MAX_PLAYERS],
            districts: [DistrictStats::default(); District::COUNT],
            moments: vec![0; balance::MOMENTS],
            seat_pair_wins: [0; SEAT_PAIRS],
        }
    }

    /// The win rate over the seat-games of the absolute `seats` (a bot spec's seats, each
    /// listed once) with its per-game sums: in a finished game those seats are `m` trials
    /// and their wins `w`, so `sum w^2` adds up the pairs of those seats that won together.
    pub fn bot_win_sums(&self, seats: &[usize]) -> ClusterSums {
        let seats = || seats.iter().copied().filter(|&s| s < MAX_PLAYERS);
        let m = seats().count() as u64;
        let games = self.finished();
        let wins: u64 = seats().map(|s| self.by_seat[s].wins).sum();
        let pairs: u64 = seats()
            .flat_map(|s| seats().map(move |t| (s, t)))
            .map(|(s, t)| self.seat_pair_wins[seat_pair(s, t)])
            .sum();
        ClusterSums {
            successes: wins,
            trials: seats().map(|s| self.by_seat[s].games).sum(),
            successes_sq: pairs,
            cross: m * wins,
            trials_sq: m * m * games,
        }
    }

    /// Finished (not stalled) games.
    pub fn finished(&self) -> u64 {
        self.games - self.stalled
    }

    /// Adds one game.
    pub fn add(&mut self, game: &GameRecord) {
        debug_assert_eq!(game.players, self.players, "record of another player count");
        self.games += 1;
        if game.stalled {
            self.stalled += 1;
            return;
        }
        let rounds = game.rounds as u64;
        self.rounds[(game.rounds as usize).min(ROUND_BINS - 1)] += 1;
        let players = (game.players as usize).min(MAX_PLAYERS);
        let score = |s: usize| game.scores[s].max(0) as u64;

        if let Some(best) = game.winners.iter().map(|s| score(s.index())).max() {
            self.won_games += 1;
            self.winning_score_sum += best;
        }
        let (mut first, mut second) = (0, 0);
        for s in 0..players {
            let points = score(s);
            if points > first {
                (first, second) = (points, first);
            } else if points > second {
                second = points;
            }
        }
        self.margin_sum += first - second;
        if game.tied_on_points >= 2 {
            self.ties += 1;
        }
        if game.winners.len() >= 2 {
            self.shared_wins += 1;
        }
        if let Some(seat) = game.first_complete {
            self.completed_games += 1;
            self.first_complete_wins += game.won(seat) as u64;
        }

        // A character out of the cast has nothing counted, a district out of the deck neither:
        // only the game's own are visited.
        let cast = || bits(game.cast as u64);
        for c in cast() {
            let stats = &mut self.characters[c];
            stats.in_play += 1;
            stats.cast_rounds += rounds;
            stats.available += game.available[c] as u64;
            stats.pick_position_sum += game.pick_position[c] as u64;
            stats.killed += game.killed[c] as u64;
            stats.robbed += game.robbed[c] as u64;
            stats.bewitched += game.bewitched[c] as u64;
            stats.threatened += game.threatened[c] as u64;
            stats.warranted += game.warranted[c] as u64;
            stats.turns += game.turns[c] as u64;
            stats.turn_gold += game.turn_gold[c] as u64;
            stats.turn_cards += game.turn_cards[c] as u64;
            stats.turn_points += game.turn_points[c] as u64;
        }

        for s in 0..players {
            let seat = Seat(s as u8);
            let won = game.won(seat);
            let points = score(s);
            let result = SeatStats {
                games: 1,
                wins: won as u64,
                score_sum: points,
                rank_sum: game.ranks[s] as u64,
            };
            self.seats[game.relative_seat(seat)] += &result;
            self.by_seat[s] += &result;
            for c in cast() {
                let stats = &mut self.characters[c];
                let picks = game.picks[s][c] as u64;
                stats.picked += picks;
                stats.score_sum += picks * points;
                if won {
                    stats.picks_won += picks;
                }
            }
        }

        // Per-game sums of the clustered rates (see the module comment; those of the picks
        // and winners' picks are in `moments`).
        for c in cast() {
            let picks: u64 = (0..players).map(|s| game.picks[s][c] as u64).sum();
            let available = game.available[c] as u64;
            let stats = &mut self.characters[c];
            stats.picked_rounds += picks * rounds;
            stats.cast_rounds_sq += rounds * rounds;
            stats.picked_available += picks * available;
            stats.available_sq += available * available;
        }
        for s in (0..players).filter(|&s| game.won(Seat(s as u8))) {
            for t in (s..players).filter(|&t| game.won(Seat(t as u8))) {
                self.seat_pair_wins[seat_pair(s, t)] += 1;
            }
        }

        self.add_moments(game);

        for d in bits(game.deck) {
            let stats = &mut self.districts[d];
            stats.in_deck += 1;
            stats.built += game.built[d] as u64;
            stats.built_games += (game.built[d] > 0) as u64;
            stats.built_round_sum += game.built_round[d] as u64;
            stats.destroyed += game.destroyed[d] as u64;
            stats.exchanged += game.exchanged[d] as u64;
            stats.seized += game.seized[d] as u64;
        }
        // The districts in any final city: the cities holding each, and the winners among
        // them, with their per-game sums.
        let cities = game.final_city[..players]
            .iter()
            .fold(0u64, |all, &city| all | city);
        for d in bits(cities) {
            let (mut held, mut won) = (0u64, 0u64);
            for s in 0..players {
                if game.final_city[s] & (1 << d) != 0 {
                    held += 1;
                    won += game.won(Seat(s as u8)) as u64;
                }
            }
            let stats = &mut self.districts[d];
            stats.appearances += held;
            stats.appearance_wins += won;
            stats.appearance_wins_sq += won * won;
            stats.appearance_wins_appearances += won * held;
            stats.appearances_sq += held * held;
        }
    }

    /// Adds a finished game's products to `moments`: its non-zero entries (at most the picks
    /// and winners' picks of the characters picked, and the winning seats) are gathered on
    /// the stack first, so this allocates nothing.
    fn add_moments(&mut self, game: &GameRecord) {
        let mut entries = [(0usize, 0u64); balance::DIM];
        let mut n = 0;
        let players = (game.players as usize).min(MAX_PLAYERS);
        for c in bits(game.cast as u64) {
            let (mut picks, mut won) = (0u64, 0u64);
            for s in 0..players {
                let p = game.picks[s][c] as u64;
                picks += p;
                if game.won(Seat(s as u8)) {
                    won += p;
                }
            }
            if won > 0 {
                entries[n] = (balance::won_dim(c), won);
                n += 1;
            }
            if picks > 0 {
                entries[n] = (balance::picks_dim(c), picks);
                n += 1;
            }
        }
        for s in 0..players {
            let seat = Seat(s as u8);
            if game.won(seat) {
                entries[n] = (balance::seat_dim(game.relative_seat(seat)), 1);
                n += 1;
            }
        }
        // Entries are gathered by character, then seat: sort so that i <= j below.
        let entries = &mut entries[..n];
        entries.sort_unstable();
        for (k, &(i, a)) in entries.iter().enumerate() {
            for &(j, b) in &entries[k..] {
                self.moments[balance::packed(i, j)] += a * b;
            }
        }
    }

    /// The rounds of the finished games at quantile `percent` (nearest rank: the smallest
    /// round count with at least `percent`% of the games at or below it); `None` if none.
    pub fn rounds_percentile(&self, percent: u64) -> Option<usize> {
        let n = self.finished();
        if n == 0 {
            return None;
        }
        // Nearest rank: ceil(percent * n / 100), at least 1.
        let rank = (percent * n).div_ceil(100).max(1);
        let mut seen = 0;
        for (rounds, &count) in self.rounds.iter().enumerate() {
            seen += count;
            if seen >= rank {
                return Some(rounds);
            }
        }
        Some(ROUND_BINS - 1)
    }

    /// Sum of rounds over finished games.
    pub fn rounds_sum(&self) -> u64 {
        self.rounds
            .iter()
            .enumerate()
            .map(|(r, &count)| r as u64 * count)
            .sum()
    }
}

impl AddAssign<&Stats> for Stats {
    fn add_assign(&mut self, other: &Stats) {
        debug_assert_eq!(self.players, other.players, "merging two player counts");
        add_fields!(self, other; games, stalled, won_games, winning_score_sum, margin_sum, ties,
            shared_wins, completed_games, first_complete_wins);
        for (a, b) in self.rounds.iter_mut().zip(&other.rounds) {
            *a += b;
        }
        for (a, b) in self.characters.iter_mut().zip(&other.characters) {
            *a += b;
        }
        for (a, b) in self
            .seats
            .iter_mut()
            .chain(self.by_seat.iter_mut())
            .zip(other.seats.iter().chain(&other.by_seat))
        {
            *a += b;
        }
        for (a, b) in self.districts.iter_mut().zip(&other.districts) {
            *a += b;
        }
        for (a, b) in self.moments.iter_mut().zip(&other.moments) {
            *a += b;
        }
        for (a, b) in self.seat_pair_wins.iter_mut().zip(&other.seat_pair_wins) {
            *a += b;
        }
    }
}

impl AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        *self += &other;
    }
}

/// The indices of the set bits of `mask`, in increasing order.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::sets::SeatSet;

    /// A synthetic game at `players`, varied by `i`: cast of the first 8 characters, each
    /// seat picks one character per round, a winner (sometimes shared), some stalled games.
    pub(crate) fn synthetic(players: u8, i: u64) -> GameRecord {
        let mut g = GameRecord::new(players, Seat((i % players as u64) as u8));
        g.stalled = i % 11 == 10;
        g.rounds = 5 + (i % 7) as u16;
        g.cast = 0xff;
        g.deck = 0b1011_0111 | (1 << 20);
        for s in 0..players as usize {
            g.scores[s] = (10 + (i as usize * 7 + s * 3) % 17) as i16;
            for r in 0..g.rounds as usize {
                let c = (s + r + i as usize) % 8;
                g.picks[s][c] += 1;
            }
            g.final_city[s] = (i.wrapping_mul(0x9e37_79b9) >> s) & g.deck;
        }
        let mut winners = SeatSet::EMPTY;
        winners.insert(Seat((i % players as u64) as u8));
        if i.is_multiple_of(5) {
            winners.insert(Seat(((i + 1) % players as u64) as u8));
            g.tied_on_points = 2;
        }
        g.winners = winners;
        g.killed[0] = (i % 2) as u16;
        g.robbed[3] = i.is_multiple_of(3) as u16;
        g.built[1] = (i % 4) as u16;
        g.built_round[1] = g.built[1] as u32 * 3;
        g.destroyed[1] = i.is_multiple_of(6) as u16;
        g.exchanged[2] = (i % 3) as u16;
        g.seized[5] = i.is_multiple_of(7) as u16;
        g.first_complete = Some(Seat(((i / 2) % players as u64) as u8));
        for c in 0..8 {
            g.available[c] = g.rounds - (c as u16 % 2);
            g.pick_position[c] = (1 + (i as u16 + c as u16) % players as u16) * 2;
            g.turns[c] = g.rounds - 1;
            g.turn_gold[c] = (i as u32 + c as u32) % 9;
            g.turn_cards[c] = c as u32;
            g.turn_points[c] = (i as u32 * 3) % 11;
        }
        g.bewitched[4] = (i % 2) as u16;
        g.threatened[5] = (i % 3) as u16;
        g.warranted[6] = (i % 4) as u16;
        g.rank_seats();
        g
    }

    /// Counters of real games pass; each kind of impossible counter a damaged file could
    /// hold is named.
    #[test]
    fn impossible_counters_are_named() {
        let mut stats = Stats::new(4);
        for i in 0..200 {
            stats.add(&synthetic(4, i));
        }
        assert_eq!(stats.impossible(), None);
        let broken = |change: fn(&mut Stats)| {
            let mut s = stats.clone();
            change(&mut s);
            s.impossible().expect("impossible counters pass")
        };
        assert!(broken(|s| s.stalled = s.games + 1).contains("stalled"));
        assert!(broken(|s| s.rounds[7] += 1).contains("rounds"));
        assert!(broken(|s| s.won_games = s.games).contains("won games"));
        assert!(broken(|s| s.winning_score_sum = u64::MAX).contains("winning scores"));
        assert!(broken(|s| s.seats[0].wins = 99_999).starts_with("seat 0: 99999 wins"));
        assert!(broken(|s| s.by_seat[5].games = 1).starts_with("bot seat 5"));
        assert!(broken(|s| s.seats[2].score_sum = u64::MAX).contains("seat 2"));
        let e = broken(|s| s.characters[1].picks_won = s.characters[1].picked + 1);
        let name = Character::ALL[1].name();
        assert!(e.starts_with(&format!("{name} won")), "{e}");
    }

    #[test]
    fn merging_halves_equals_adding_all() {
        let games: Vec<GameRecord> = (0..200).map(|i| synthetic(5, i)).collect();
        let mut all = Stats::new(5);
        games.iter().for_each(|g| all.add(g));
        let mut first = Stats::new(5);
        let mut second = Stats::new(5);
        games[..73].iter().for_each(|g| first.add(g));
        games[73..].iter().for_each(|g| second.add(g));
        let mut merged = Stats::new(5);
        merged += second;
        merged += &first;
        assert_eq!(merged, all);
        assert_eq!(all.games, 200);
    }

    /// The per-game sums of the clustered rates, recomputed game by game from the records.
    #[test]
    fn per_game_sums_match_the_games() {
        let players = 5;
        let mut games: Vec<GameRecord> = (0..120).map(|i| synthetic(players, i)).collect();
        // Some cities shared by several seats, and a shared win, so that districts and
        // seats have games with several trials.
        for (i, g) in games.iter_mut().enumerate() {
            g.final_city[1] |= g.final_city[0] & 0b111;
            if i % 4 == 0 {
                g.winners.insert(Seat(3));
            }
        }
        let mut stats = Stats::new(players);
        games.iter().for_each(|g| stats.add(g));
        let finished = || games.iter().filter(|g| !g.stalled);
        let won = |g: &GameRecord, s: usize| g.won(Seat(s as u8)) as u64;
        for c in 0..8 {
            let (mut win, mut pick, mut avail) = Default::default();
            for g in finished() {
                let n: u64 = (0..5).map(|s| g.picks[s][c] as u64).sum();
                let w: u64 = (0..5).map(|s| won(g, s) * g.picks[s][c] as u64).sum();
                win += ClusterSums::game(w, n);
                pick += ClusterSums::game(n, g.rounds as u64);
                avail += ClusterSums::game(n, g.available[c] as u64);
            }
            assert_eq!(stats.character_win_sums(c), win, "character {c}");
            assert_eq!(stats.character_pick_sums(c), pick, "character {c}");
            assert_eq!(
                stats.character_available_pick_sums(c),
                avail,
                "character {c}"
            );
        }
        let mut several = 0;
        for d in 0..District::COUNT {
            let mut sums = ClusterSums::default();
            for g in finished() {
                let holds = |s: usize| (g.final_city[s] >> d) & 1;
                let a: u64 = (0..5).map(holds).sum();
                let w: u64 = (0..5).map(|s| holds(s) * won(g, s)).sum();
                several += (a > 1) as u64;
                sums += ClusterSums::game(w, a);
            }
            assert_eq!(stats.districts[d].win_sums(), sums, "district {d}");
        }
        assert!(several > 0, "no game with a district in several cities");
        for seats in [vec![0], vec![1, 3], vec![0, 2, 3, 4]] {
            let mut sums = ClusterSums::default();
            for g in finished() {
                let w: u64 = seats.iter().map(|&s| won(g, s)).sum();
                sums += ClusterSums::game(w, seats.len() as u64);
            }
            assert_eq!(stats.bot_win_sums(&seats), sums, "seats {seats:?}");
        }
        assert!(stats.bot_win_sums(&[1, 3]).design_effect() != 1.0);
    }

    #[test]
    fn stalled_games_count_only_as_stalled() {
        let mut g = synthetic(4, 10);
        assert!(g.stalled);
        g.winners.insert(Seat(0));
        let mut stats = Stats::new(4);
        stats.add(&g);
        let mut expected = Stats::new(4);
        expected.games = 1;
        expected.stalled = 1;
        assert_eq!(stats, expected);
    }

    #[test]
    fn shared_wins_count_for_each_winner() {
        let g = synthetic(4, 0);
        assert_eq!(g.winners.len(), 2);
        let mut stats = Stats::new(4);
        stats.add(&g);
        let wins: u64 = stats.seats.iter().map(|s| s.wins).sum();
        assert_eq!(wins, 2);
        assert_eq!(stats.shared_wins, 1);
        assert_eq!(stats.ties, 1);
        assert_eq!(stats.seats[0].games, 1);
        // Seat 0 holds the first crown here, so relative and absolute seats agree.
        let picked: u64 = stats.characters.iter().map(|c| c.picked).sum();
        assert_eq!(picked, 4 * g.rounds as u64);
    }

    #[test]
    fn margin_ranks_and_first_completed_city() {
        let mut g = GameRecord::new(4, Seat(1));
        g.rounds = 7;
        g.scores[..4].copy_from_slice(&[18, 25, 21, 25]);
        g.winners.insert(Seat(3));
        g.tied_on_points = 2;
        g.first_complete = Some(Seat(1));
        g.rank_seats();
        let mut stats = Stats::new(4);
        stats.add(&g);
        // Tied on points: no margin; the tie-break loser (seat 1) ranks second.
        assert_eq!(stats.margin_sum, 0);
        assert_eq!((stats.completed_games, stats.first_complete_wins), (1, 0));
        let ranks: Vec<u64> = stats.by_seat[..4].iter().map(|s| s.rank_sum).collect();
        assert_eq!(ranks, [4, 2, 3, 1]);
        // Relative seat 0 is seat 1, the first crown holder.
        assert_eq!(stats.seats[0].rank_sum, 2);
        g.scores[1] = 22;
        g.first_complete = Some(Seat(3));
        g.rank_seats();
        stats.add(&g);
        assert_eq!(stats.margin_sum, 3);
        assert_eq!((stats.completed_games, stats.first_complete_wins), (2, 1));
    }

    #[test]
    fn relative_seats_start_at_the_first_crown() {
        let mut g = GameRecord::new(4, Seat(2));
        g.rounds = 3;
        g.winners.insert(Seat(2));
        g.scores[2] = 20;
        let mut stats = Stats::new(4);
        stats.add(&g);
        assert_eq!(stats.seats[0].wins, 1);
        assert_eq!(stats.seats[0].score_sum, 20);
        assert_eq!(stats.winning_score_sum, 20);
    }

    #[test]
    fn percentiles_use_nearest_rank() {
        let mut stats = Stats::new(4);
        stats.games = 10;
        for r in 1..=10 {
            stats.rounds[r] = 1;
        }
        assert_eq!(stats.rounds_percentile(50), Some(5));
        assert_eq!(stats.rounds_percentile(90), Some(9));
        assert_eq!(stats.rounds_percentile(100), Some(10));
        assert_eq!(stats.rounds_sum(), 55);
        assert_eq!(Stats::new(4).rounds_percentile(50), None);
    }
}
