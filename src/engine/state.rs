//! `State`: the whole game position. Fixed-size and heap-free, so cloning it is a memcpy.

use super::ids::{CardId, Character, District, Rank, Seat};
use super::rng::GameRng;
use super::rules::Rules;
use super::sets::{CardSet, RankSet};

pub const MAX_PLAYERS: usize = 8;

/// The district deck: a ring buffer, because drawn cards come off the top and discarded or
/// destroyed cards go to the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deck {
    cards: [u8; CardSet::CAPACITY],
    head: u8,
    len: u8,
}

impl Deck {
    pub fn from_cards(cards: &[CardId]) -> Deck {
        let mut deck = Deck {
            cards: [0; CardSet::CAPACITY],
            head: 0,
            len: 0,
        };
        for &c in cards {
            deck.put_bottom(c);
        }
        deck
    }
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Takes the top card, if any.
    pub fn draw(&mut self) -> Option<CardId> {
        if self.len == 0 {
            return None;
        }
        let card = CardId(self.cards[self.head as usize]);
        self.head = ((self.head as usize + 1) % CardSet::CAPACITY) as u8;
        self.len -= 1;
        Some(card)
    }
    /// Puts a card at the bottom ("discarded facedown to the bottom of the district deck").
    pub fn put_bottom(&mut self, card: CardId) {
        let at = (self.head as usize + self.len as usize) % CardSet::CAPACITY;
        self.cards[at] = card.0;
        self.len += 1;
    }
    /// The cards from top to bottom.
    pub fn iter(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..self.len as usize)
            .map(|i| CardId(self.cards[(self.head as usize + i) % CardSet::CAPACITY]))
    }
    /// Shuffles the whole deck (the Scholar and determinization use this).
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        let mut cards = [CardId(0); CardSet::CAPACITY];
        let n = self.len();
        for (slot, card) in cards.iter_mut().zip(self.iter()) {
            *slot = card;
        }
        rng.shuffle(&mut cards[..n]);
        *self = Deck::from_cards(&cards[..n]);
    }
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The selection phase: `Draft::step` says whose choice it is.
    Draft,
    /// The turn phase: `Turn` holds the character whose turn it is.
    Turns,
    GameOver,
}

/// Selection-phase progress within a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Draft {
    /// Index into the player count's selection script (see `draft.rs`).
    pub step: u8,
    /// Character cards in the hand being passed around.
    pub available: RankSet,
}

/// A choice in progress inside a turn, which must be finished before anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Pending {
    #[default]
    None,
    /// Cards drawn when gathering; `keep` more of them must be chosen.
    Keep { drawn: CardSet, keep: u8 },
    /// Magician: cards set aside to be discarded and replaced.
    MagicianDiscard { cards: CardSet },
    /// Thieves' Den being built: `remaining` gold of its cost still to pay.
    DenPayment { card: CardId, remaining: u8 },
}

/// Once-per-turn uses, as bit flags of `Turn::used`.
pub mod used {
    pub const INCOME: u16 = 1;
    /// The character's main ability (kill, rob, magic, destroy).
    pub const ABILITY: u16 = 2;
    /// The Merchant's extra gold or the Architect's extra cards.
    pub const EXTRA: u16 = 4;
    pub const LABORATORY: u16 = 8;
    pub const SMITHY: u16 = 16;
}

/// The turn being played in the turn phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub rank: Rank,
    pub seat: Seat,
    /// Resources gathered (required before building and before ending the turn).
    pub gathered: bool,
    /// Districts built this turn that count toward the building limit.
    pub built: u8,
    /// Once-per-turn abilities already used (`used::*` flags).
    pub used: u16,
    pub pending: Pending,
}

/// The full game position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub players: u8,
    /// This game's character for each rank (index 1..=9), `None` where the rank is not played.
    pub cast: [Option<Character>; 10],
    pub gold: [u16; MAX_PLAYERS],
    pub hand: [CardSet; MAX_PLAYERS],
    pub city: [CardSet; MAX_PLAYERS],
    pub deck: Deck,
    /// Every card this game uses (deck, hands, cities), for conservation checks.
    pub in_game: CardSet,
    pub crown: Seat,
    pub first_crown: Seat,
    /// Round number, from 1.
    pub round: u16,
    pub first_complete: Option<Seat>,
    pub phase: Phase,
    pub stalled: bool,

    // The current round.
    /// Seat holding each rank this round (index 1..=9).
    pub owner: [Option<Seat>; 10],
    pub faceup_discards: RankSet,
    pub facedown_discards: RankSet,
    /// Character cards each seat has seen in the draft this round (hidden information).
    pub seen: [RankSet; MAX_PLAYERS],
    pub killed: Option<Rank>,
    /// The robbed rank and the robbing player.
    pub robbed: Option<(Rank, Seat)>,
    /// Ranks revealed this round (a killed character is not revealed).
    pub revealed: RankSet,
    pub draft: Draft,
    pub turn: Turn,

    /// Chance during play (character discards); bots never draw from it.
    pub rng: GameRng,
}

impl State {
    pub fn character(&self, rank: Rank) -> Option<Character> {
        self.cast[rank.index()]
    }

    /// The rank of `character` if it is in this game's cast.
    pub fn rank_of(&self, character: Character) -> Option<Rank> {
        let rank = character.rank();
        (self.cast[rank.index()] == Some(character)).then_some(rank)
    }

    /// Ranks this game plays.
    pub fn cast_ranks(&self) -> RankSet {
        let mut set = RankSet::EMPTY;
        for r in 1..=9 {
            if self.cast[r].is_some() {
                set.insert(Rank(r as u8));
            }
        }
        set
    }

    /// Ranks held by `seat` this round.
    pub fn ranks_of(&self, seat: Seat) -> RankSet {
        let mut set = RankSet::EMPTY;
        for r in 1..=9u8 {
            if self.owner[r as usize] == Some(seat) {
                set.insert(Rank(r));
            }
        }
        set
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// Seats in clockwise order starting from `from`.
    pub fn seats_from(&self, from: Seat) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players).map(move |i| Seat((from.0 + i) % self.players))
    }

    pub fn has_district(&self, rules: &Rules, seat: Seat, district: District) -> bool {
        self.city[seat.index()].intersects(rules.by_district[district.index()])
    }

    /// Districts counted toward a completed city.
    pub fn city_size(&self, seat: Seat) -> u8 {
        self.city[seat.index()].len() as u8
    }

    pub fn is_complete(&self, rules: &Rules, seat: Seat) -> bool {
        self.city_size(seat) >= rules.complete_city
    }

    /// Whether a seat's character of `rank` is alive and revealed this round.
    pub fn holds_living(&self, seat: Seat, rank: Rank) -> bool {
        self.owner[rank.index()] == Some(seat) && self.killed != Some(rank)
    }
}

impl State {
    /// Draws up to `n` cards from the top of the deck into a hand ("gain cards"); an empty
    /// deck gives fewer. Returns how many were drawn.
    pub fn draw_to_hand(&mut self, seat: Seat, n: u8) -> u8 {
        let mut drawn = 0;
        for _ in 0..n {
            let Some(card) = self.deck.draw() else { break };
            self.hand[seat.index()].insert(card);
            drawn += 1;
        }
        drawn
    }
}
