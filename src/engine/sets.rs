//! Bitsets over card ids, ranks and seats: hands and cities are `CardSet`s, so copying a state
//! copies a few words.

use super::ids::{CardId, Rank, Seat};

/// A set of physical cards (ids 0..128).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u128);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    pub const CAPACITY: usize = 128;

    pub fn contains(self, card: CardId) -> bool {
        self.0 >> card.0 & 1 == 1
    }
    pub fn insert(&mut self, card: CardId) {
        self.0 |= 1u128 << card.0;
    }
    pub fn remove(&mut self, card: CardId) {
        self.0 &= !(1u128 << card.0);
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
    pub fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
    pub fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
    /// The lowest card id in the set, if any.
    pub fn first(self) -> Option<CardId> {
        (self.0 != 0).then(|| CardId(self.0.trailing_zeros() as u8))
    }
    /// The `n`-th card in id order (0-based); `n` must be below `len()`.
    pub fn nth(self, n: usize) -> CardId {
        let mut bits = self.0;
        for _ in 0..n {
            bits &= bits - 1;
        }
        CardId(bits.trailing_zeros() as u8)
    }
    /// Cards in increasing id order. A counted iterator (a range of `len()` steps), so that
    /// `Vec::extend` reserves once and writes each action without a capacity check; each
    /// half of the set is stepped as a `u64`, cheaper than `u128` arithmetic.
    pub fn iter(self) -> impl Iterator<Item = CardId> {
        let (mut low, mut high) = (self.0 as u64, (self.0 >> 64) as u64);
        (0..self.len()).map(move |_| {
            if low != 0 {
                let card = CardId(low.trailing_zeros() as u8);
                low &= low - 1;
                card
            } else {
                let card = CardId(64 + high.trailing_zeros() as u8);
                high &= high - 1;
                card
            }
        })
    }
}

impl FromIterator<CardId> for CardSet {
    fn from_iter<I: IntoIterator<Item = CardId>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

/// A set of character ranks (1..=9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RankSet(pub u16);

impl RankSet {
    pub const EMPTY: RankSet = RankSet(0);

    pub fn contains(self, rank: Rank) -> bool {
        self.0 >> rank.0 & 1 == 1
    }
    pub fn insert(&mut self, rank: Rank) {
        self.0 |= 1 << rank.0;
    }
    pub fn remove(&mut self, rank: Rank) {
        self.0 &= !(1 << rank.0);
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The `n`-th rank in increasing order; `n` must be below `len()`.
    pub fn nth(self, n: usize) -> Rank {
        assert!(n < self.len(), "index below len");
        let mut bits = self.0;
        for _ in 0..n {
            bits &= bits - 1;
        }
        Rank(bits.trailing_zeros() as u8)
    }
    /// Ranks in increasing order (a counted iterator, like `CardSet::iter`).
    pub fn iter(self) -> impl Iterator<Item = Rank> {
        let mut bits = self.0;
        (0..self.len()).map(move |_| {
            let rank = Rank(bits.trailing_zeros() as u8);
            bits &= bits - 1;
            rank
        })
    }
    /// The ranks of the set above `rank`.
    pub fn above(self, rank: Rank) -> RankSet {
        RankSet(self.0 & !((2 << rank.0) - 1))
    }

    /// The highest rank in the set.
    pub fn max(self) -> Option<Rank> {
        (self.0 != 0).then(|| Rank(15 - self.0.leading_zeros() as u8))
    }
}

/// A set of seats (0..8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(pub u8);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    pub fn contains(self, seat: Seat) -> bool {
        self.0 >> seat.0 & 1 == 1
    }
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }
    pub fn intersection(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Seats in increasing order (a counted iterator, like `CardSet::iter`).
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        let mut bits = self.0;
        (0..self.len()).map(move |_| {
            let seat = Seat(bits.trailing_zeros() as u8);
            bits &= bits - 1;
            seat
        })
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_set_basics() {
        let mut s = CardSet::EMPTY;
        s.insert(CardId(3));
        s.insert(CardId(127));
        s.insert(CardId(0));
        assert_eq!(s.len(), 3);
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![CardId(0), CardId(3), CardId(127)]
        );
        assert_eq!(s.nth(1), CardId(3));
        s.remove(CardId(3));
        assert!(!s.contains(CardId(3)));
        assert_eq!(s.first(), Some(CardId(0)));
    }

    #[test]
    fn rank_set_max_and_order() {
        let mut r = RankSet::EMPTY;
        r.insert(Rank(9));
        r.insert(Rank(2));
        assert_eq!(r.max(), Some(Rank(9)));
        assert_eq!(r.nth(0), Rank(2));
        assert_eq!(r.len(), 2);
        assert_eq!(r.above(Rank(2)).iter().collect::<Vec<_>>(), vec![Rank(9)]);
        assert_eq!(r.above(Rank(1)), r);
        assert!(r.above(Rank(9)).is_empty());
    }
}
