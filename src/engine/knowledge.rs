//! `Knowledge`: the hidden information each seat has legitimately learnt, kept in the `State`
//! so that a `View` can expose it and `View::determinize` can keep it.
//!
//! Tracked:
//! - **Cards** (`cards[seat]`): cards outside the seat's own hand whose place it knows: cards
//!   it gave to a player (Seer, Cardinal), cards taken from it (Seer, Wizard, Emperor), the
//!   hand it gave away or received with the Magician, hands it looked at (Spy, Wizard), cards
//!   it put face down at the bottom of the deck (drawn cards not kept, Magician and Laboratory
//!   discards, the Thieves' Den's card payment) and so their exact deck position, cards it put
//!   under the Museum, and every destroyed district (public: face down at the bottom of the
//!   deck, its position known to all). A known deck card stays known when it is drawn (drawing
//!   from the top is public). Knowledge is lost where the rules hide a move: when a player
//!   moves a card of his hand face down (discard, Museum, a gift), the other seats no longer
//!   know which of his cards are left; cards a player draws and partly puts back are known
//!   only to him; a random take (Seer, Emperor) is known only to the two players.
//! - **Selection** (`offers`, `choices`, `crown`): for every step of this round's selection,
//!   the cards offered and the card chosen. A seat knows only its own steps (the `View`
//!   exposes those); the determinization infers the others' possible characters from them.
//! - **Theater**: which two seats exchanged characters this round (public).
//! - **Markers**: the warrant and threat markers the signed warrant and the flowered threat
//!   may still be on, as far as the other players can tell.
//!
//! Deliberately not tracked (small, and each would cost state size or code for little play
//! value): the public count of matching cards a Spy finds in a hand (it constrains that hand's
//! district types); which cards the Scholar shuffled back (after any shuffle no deck position
//! is known); which seat took the Hospital's gather-only turn once that turn is over; and what
//! other seats privately know, in a determinized state (see `determinize`).

use super::ids::{CardId, Rank, Seat};
use super::sets::{CardSet, RankSet, SeatSet};
use super::state::MAX_PLAYERS;

/// What each seat knows beyond the public information (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// Per seat: cards outside its own hand whose place it knows.
    pub cards: [CardSet; MAX_PLAYERS],
    /// The crowned player during this round's selection (choices are counted from him).
    pub crown: Seat,
    /// Per selection step of this round: the character cards offered.
    pub offers: [RankSet; 8],
    /// Per selection step of this round: the card chosen (kept, or discarded face down).
    pub choices: [Option<Rank>; 8],
    /// Theater: the owner and the opponent who exchanged characters this round.
    pub theater: Option<(Seat, Seat)>,
    /// Warrant markers that may be the signed one, for players other than the Magistrate.
    pub warrant_markers: RankSet,
    /// Threat markers that may be the flowered one, for players other than the Blackmailer.
    pub threat_markers: RankSet,
}

impl Default for Knowledge {
    fn default() -> Self {
        Knowledge {
            cards: [CardSet::EMPTY; MAX_PLAYERS],
            crown: Seat(0),
            offers: [RankSet::EMPTY; 8],
            choices: [None; 8],
            theater: None,
            warrant_markers: RankSet::EMPTY,
            threat_markers: RankSet::EMPTY,
        }
    }
}

fn one(card: CardId) -> CardSet {
    let mut set = CardSet::EMPTY;
    set.insert(card);
    set
}

fn pair(a: Seat, b: Seat) -> SeatSet {
    SeatSet((1 << a.0) | (1 << b.0))
}

impl Knowledge {
    /// A new round: the selection's record starts over (card knowledge carries on).
    pub fn new_round(&mut self, crown: Seat) {
        self.crown = crown;
        self.offers = [RankSet::EMPTY; 8];
        self.choices = [None; 8];
        self.theater = None;
        self.warrant_markers = RankSet::EMPTY;
        self.threat_markers = RankSet::EMPTY;
    }

    /// A selection step: `offered` were the cards in hand, `chosen` the one taken.
    pub fn note_choice(&mut self, step: u8, offered: RankSet, chosen: Rank) {
        self.offers[step as usize] = offered;
        self.choices[step as usize] = Some(chosen);
    }

    /// Every seat learns where these cards are (a destroyed district, face up then put at
    /// the bottom of the deck).
    pub fn public(&mut self, cards: CardSet) {
        for known in &mut self.cards {
            *known = known.union(cards);
        }
    }

    /// Only the seats in `seats` may still know where `cards` are.
    fn keep_only(&mut self, cards: CardSet, seats: SeatSet) {
        for (seat, known) in self.cards.iter_mut().enumerate() {
            if !seats.contains(Seat(seat as u8)) {
                *known = known.minus(cards);
            }
        }
    }

    /// `seat` learns where `cards` are.
    pub fn learn(&mut self, seat: Seat, cards: CardSet) {
        self.cards[seat.index()] = self.cards[seat.index()].union(cards);
    }

    /// `seat` moves `card` from its hand (`hand` before the move) face down to a hidden place
    /// (the bottom of the deck, the Museum, the Magician's discards): only it knows where the
    /// card went, and the others no longer know which of its cards are left.
    pub fn hide_from_hand(&mut self, seat: Seat, hand: CardSet, card: CardId) {
        self.keep_only(hand.union(one(card)), SeatSet(1 << seat.0));
        self.learn(seat, one(card));
    }

    /// `seat` puts back face down the `drawn` cards it did not keep: only it knows where each
    /// drawn card went.
    pub fn put_back_drawn(&mut self, seat: Seat, drawn: CardSet) {
        self.keep_only(drawn, SeatSet(1 << seat.0));
        self.learn(seat, drawn);
    }

    /// `from` gives `card` face down to `to` (Seer, Cardinal); `hand` is the giver's hand
    /// before: both know where the card is, the others no longer know which cards are left.
    pub fn give(&mut self, from: Seat, to: Seat, hand: CardSet, card: CardId) {
        self.keep_only(hand.union(one(card)), pair(from, to));
        self.learn(from, one(card));
    }

    /// `taker` takes `card` from `victim`'s hand (`hand` before), at random or after looking
    /// (Seer, Emperor, Wizard): both know where it is, the others no longer know which cards
    /// are left.
    pub fn take(&mut self, taker: Seat, victim: Seat, hand: CardSet, card: CardId) {
        self.keep_only(hand, pair(taker, victim));
        self.learn(victim, one(card));
    }

    /// The Magician exchanged hands: each now knows the hand he gave away. Everyone saw the
    /// hands change places, so what the others knew follows the cards.
    pub fn swap_hands(
        &mut self,
        magician: Seat,
        other: Seat,
        magician_hand: CardSet,
        other_hand: CardSet,
    ) {
        self.learn(other, magician_hand);
        self.learn(magician, other_hand);
    }

    /// No seat knows where these cards are any more (the deck was shuffled).
    pub fn forget(&mut self, cards: CardSet) {
        self.keep_only(cards, SeatSet::EMPTY);
    }

    /// Keeps what `observer` knows and what everyone knows; drops the other seats' private
    /// knowledge, which the observer cannot tell (used by the determinization).
    pub fn only_as_seen_by(&mut self, observer: Seat, players: u8) {
        let mut public = CardSet(u128::MAX);
        for known in &self.cards[..players as usize] {
            public = public.intersection(*known);
        }
        let mine = self.cards[observer.index()];
        for (seat, known) in self.cards.iter_mut().enumerate() {
            *known = if seat == observer.index() {
                mine
            } else {
                public
            };
        }
    }
}
