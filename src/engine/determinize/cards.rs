//! The cards of a determinization: which cards `me` cannot place, and dealing them again
//! into the places they came from.

use crate::engine::ids::{CardId, Seat};
use crate::engine::rng::GameRng;
use crate::engine::sets::CardSet;
use crate::engine::state::{Pending, Phase, State};

/// Cards of another seat's pending choice that `me` cannot see (cards it drew, cards the
/// Magician set aside).
fn hidden_pending(state: &State, me: Seat) -> CardSet {
    if state.phase != Phase::Turns || state.turn.seat == me {
        return CardSet::EMPTY;
    }
    match state.turn.pending {
        Pending::Keep { drawn, .. } => drawn,
        Pending::MagicianDiscard { cards } => cards,
        _ => CardSet::EMPTY,
    }
}

/// The cards whose place `me` does not know: in other players' hands, the deck, under the
/// Museum, or drawn by another player, less those it has learnt (`Knowledge::cards`). Which
/// cards they are follows from public information: every card not in a city, not in `me`'s
/// hand and not known to it (`View::unseen_cards`).
pub fn unknown_cards(state: &State, me: Seat) -> CardSet {
    let known = state.knowledge.cards[me.index()];
    let mut unknown = hidden_pending(state, me)
        .minus(known)
        .union(state.museum.minus(known));
    for seat in state.others_after(me) {
        unknown = unknown.union(state.hand[seat.index()].minus(known));
    }
    unknown.union(state.deck.card_set().minus(known))
}

/// Where the unknown cards go back to: each place gets as many as it gave, in the same
/// order (the other seats clockwise from `me`, the deck's positions, the Museum, another
/// seat's pending cards).
#[derive(Clone, Debug)]
pub(super) struct CardPlan {
    /// The unknown cards in id order, so the draw depends only on what the seat knows.
    pool: [CardId; CardSet::CAPACITY],
    unknown: usize,
    /// Per other seat (clockwise from `me`): the cards of its hand `me` knows, and how
    /// many it does not.
    hands: [(Seat, CardSet, u8); 8],
    seats: usize,
    /// The deck's positions whose card `me` does not know, in order.
    deck: [u8; CardSet::CAPACITY],
    deck_unknown: usize,
    museum: (CardSet, u8),
    /// Another seat's pending choice `me` cannot see: drawn cards or cards set aside.
    pending: Option<(CardSet, u8)>,
}

impl CardPlan {
    pub(super) fn new(state: &State, me: Seat) -> CardPlan {
        let known = state.knowledge.cards[me.index()];
        let split = |place: CardSet| (place.intersection(known), place.minus(known).len() as u8);
        let mut pool = [CardId(0); CardSet::CAPACITY];
        let mut unknown = 0;
        for card in unknown_cards(state, me).iter() {
            pool[unknown] = card;
            unknown += 1;
        }
        let mut hands = [(Seat(0), CardSet::EMPTY, 0); 8];
        let mut seats = 0;
        for seat in state.others_after(me) {
            let (kept, count) = split(state.hand[seat.index()]);
            hands[seats] = (seat, kept, count);
            seats += 1;
        }
        let mut deck = [0u8; CardSet::CAPACITY];
        let mut deck_unknown = 0;
        for position in 0..state.deck.len() {
            if !known.contains(state.deck.get(position)) {
                deck[deck_unknown] = position as u8;
                deck_unknown += 1;
            }
        }
        let pending = hidden_pending(state, me);
        CardPlan {
            pool,
            unknown,
            hands,
            seats,
            deck,
            deck_unknown,
            museum: split(state.museum),
            pending: (!pending.is_empty()).then(|| split(pending)),
        }
    }

    /// Deals the unknown cards again at random into their places in `out`.
    pub(super) fn deal(&self, rng: &mut GameRng, out: &mut State) {
        let mut pool = self.pool;
        rng.shuffle(&mut pool[..self.unknown]);
        let mut next = pool[..self.unknown].iter().copied();
        for &(seat, kept, count) in &self.hands[..self.seats] {
            out.hand[seat.index()] = refill((kept, count), &mut next);
        }
        for &position in &self.deck[..self.deck_unknown] {
            out.deck.set(position as usize, take(&mut next));
        }
        out.museum = refill(self.museum, &mut next);
        if let Some(place) = self.pending {
            let cards = refill(place, &mut next);
            match &mut out.turn.pending {
                Pending::Keep { drawn, .. } => *drawn = cards,
                Pending::MagicianDiscard { cards: set } => *set = cards,
                _ => unreachable!("hidden pending cards are drawn or set aside"),
            }
        }
    }
}

/// A place's cards: those `me` knows (`kept`), and `count` more from the shuffled pool.
#[inline(always)]
fn refill((kept, count): (CardSet, u8), next: &mut impl Iterator<Item = CardId>) -> CardSet {
    let mut set = kept;
    for _ in 0..count {
        set.insert(take(next));
    }
    set
}

#[inline(always)]
fn take(next: &mut impl Iterator<Item = CardId>) -> CardId {
    next.next().expect("as many cards as places")
}
