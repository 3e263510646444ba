//! `State`: the whole game position. Fixed-size and heap-free, so cloning it is a memcpy.

use super::ids::{CardId, Character, District, Rank, Seat};
use super::knowledge::Knowledge;
use super::rng::GameRng;
use super::rules::Rules;
use super::sets::{CardSet, RankSet, SeatSet};
use super::trace::{Change, Trace};

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
    /// The card at `position` from the top; `position` must be below `len()`.
    pub fn get(&self, position: usize) -> CardId {
        CardId(self.cards[(self.head as usize + position) % CardSet::CAPACITY])
    }
    /// Replaces the card at `position` from the top (the determinization uses this).
    pub fn set(&mut self, position: usize, card: CardId) {
        self.cards[(self.head as usize + position) % CardSet::CAPACITY] = card.0;
    }
    /// The set of cards in the deck.
    pub fn card_set(&self) -> CardSet {
        self.iter().collect()
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
    /// End of the selection phase: the Theater's owner may exchange characters.
    Theater(Seat),
    /// End of round: the killed Emperor's player, as his advisor, gives the crown away.
    EmperorAdvisor(Seat),
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
    /// Cards drawn; `keep` more of them must be chosen. The rest go to the bottom of the
    /// deck, or are shuffled back into it (`shuffle`: the Scholar).
    Keep {
        drawn: CardSet,
        keep: u8,
        shuffle: bool,
    },
    /// Magician: cards set aside to be discarded and replaced.
    MagicianDiscard { cards: CardSet },
    /// Thieves' Den being built: `remaining` gold of its cost still to pay.
    DenPayment { card: CardId, remaining: u8 },
    /// Blackmailer: the threatened player must bribe or refuse.
    Threat,
    /// Blackmailer: the bribe was refused; the Blackmailer may reveal the marker.
    ThreatReveal,
    /// Magistrate: the signed warrant's holder paid `paid` gold to build `card`; the
    /// Magistrate may reveal the warrant and confiscate it.
    Confiscation { card: CardId, paid: u8 },
    /// Wizard: choosing one card of this player's hand.
    WizardPick { from: Seat },
    /// Seer: one card still to give to each of these players (clockwise from the Seer).
    SeerGive { to: SeatSet },
    /// Cardinal: `remaining` cards still to give to `lender` for the gold taken to build.
    CardinalGive {
        card: CardId,
        lender: Seat,
        remaining: u8,
    },
    /// Emperor: the new crowned player has gold and cards; take one gold or a random card.
    EmperorLoot { from: Seat },
    /// Graveyard (2021): the Warlord destroyed `card` of `owner`, who may pay 1 gold to take
    /// it into his hand.
    Graveyard { card: CardId, owner: Seat },
}

/// Once-per-turn uses, as bit flags of `Turn::used`.
pub mod used {
    pub const INCOME: u16 = 1;
    /// The character's main ability (kill, rob, magic, destroy, ...).
    pub const ABILITY: u16 = 2;
    /// A second ability of the character (the Merchant's extra gold, the Architect's extra
    /// cards, the Navigator's resources, the Abbot's gold from the richest, the Tax
    /// Collector's taxes, the Queen's gold).
    pub const EXTRA: u16 = 4;
    pub const LABORATORY: u16 = 8;
    pub const SMITHY: u16 = 16;
    /// The Emperor has given the crown ("must").
    pub const CROWN: u16 = 32;
    /// The threat against this character was resolved this turn.
    pub const THREAT: u16 = 64;
    pub const MUSEUM: u16 = 128;
}

/// Whose turn this is, when the Witch is involved (rulebook, "1. Witch").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TurnMode {
    #[default]
    Normal,
    /// The Witch's own turn: gather, bewitch, then the turn is put on hold.
    Witch,
    /// The bewitched player: gathers resources and the turn immediately ends.
    Bewitched,
    /// The Witch resumes her turn as the bewitched character.
    Resumed,
    /// Hospital (2021): the killed owner "still gathers resources on his turn, and does
    /// nothing else".
    Hospital,
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
    pub mode: TurnMode,
    /// Gold paid to build districts this turn (the Alchemist gets it back).
    pub paid_to_build: u16,
    /// Districts beautified this turn (the Artist may beautify two).
    pub beautified: u8,
    /// Whether a district was paid for this turn: only "the first district he pays to build"
    /// can be confiscated. Set by every paid build, signed warrant or not, so that it tells
    /// the builder (whose view shows his turn) nothing of which warrant is signed.
    pub paid_build: bool,
}

impl Turn {
    /// A fresh turn of `seat` as the character of `rank`.
    pub fn new(rank: Rank, seat: Seat, mode: TurnMode) -> Turn {
        Turn {
            rank,
            seat,
            gathered: false,
            built: 0,
            used: 0,
            pending: Pending::None,
            mode,
            paid_to_build: 0,
            beautified: 0,
            paid_build: false,
        }
    }
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
    /// Ranks revealed this round: called and played, or a killed rank 4 shown at the end of
    /// the round (a killed character is otherwise not revealed).
    pub revealed: RankSet,
    /// Witch: the bewitched character this round.
    pub bewitched: Option<Rank>,
    /// Magistrate: characters with a warrant marker (public), the signed one (hidden).
    pub warrants: RankSet,
    pub signed_warrant: Option<Rank>,
    /// Blackmailer: characters still threatened (public), the flowered one (hidden), and who
    /// receives the bribes (the Blackmailer, or the Witch playing him).
    pub threats: RankSet,
    pub flowered: Option<Rank>,
    pub blackmailer: Option<Seat>,
    /// Gold on the Tax Collector's token; carried over between rounds.
    pub tax_pool: u16,
    /// Artist: beautified districts (cost +1 for good; the gold stays with the card).
    pub beautified: CardSet,
    /// Cards under the Museum (they stay with it wherever it goes).
    pub museum: CardSet,
    pub draft: Draft,
    pub turn: Turn,

    /// What each seat has learnt of the hidden cards and characters (see `knowledge.rs`).
    pub knowledge: Knowledge,

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
        // Branch-free over a half-open range, which the compiler unrolls (an inclusive range
        // and a branch per rank cost about 50 instructions; this is called at every draft
        // step).
        let mut bits = 0u16;
        for r in 1..10 {
            bits |= (self.cast[r].is_some() as u16) << r;
        }
        RankSet(bits)
    }

    /// Ranks held by `seat` this round.
    pub fn ranks_of(&self, seat: Seat) -> RankSet {
        // No seat is `u8::MAX`: an empty slot compares unequal. Written as `== Some(seat)`
        // the comparison tested the slot's tag first, a branch per rank that the seats'
        // changing ranks mispredicted (3.7% of a policy game's time, `perf`).
        let mut bits = 0u16;
        for r in 1..10 {
            bits |= ((self.owner[r].map_or(u8::MAX, |s| s.0) == seat.0) as u16) << r;
        }
        RankSet(bits)
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// Seats in clockwise order starting from `from`.
    pub fn seats_from(&self, from: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.clockwise(from, 0)
    }

    /// The other seats, in clockwise order after `from`.
    pub fn others_after(&self, from: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.clockwise(from, 1)
    }

    /// The seats `first` to `players - 1` places clockwise from `from`: a counted iterator
    /// (a range), so that `Vec::extend` writes each action without a capacity check.
    fn clockwise(&self, from: Seat, first: u8) -> impl Iterator<Item = Seat> + '_ {
        let players = self.players;
        (first..players).map(move |i| from.clockwise(i, players))
    }

    pub fn has_district(&self, rules: &Rules, seat: Seat, district: District) -> bool {
        self.city[seat.index()].intersects(rules.by_district[district.index()])
    }

    /// Districts counted toward a completed city: the Monument "counts as 2 districts
    /// toward a completed city" (and as one for every other purpose).
    pub fn city_size(&self, rules: &Rules, seat: Seat) -> u8 {
        let monument = self.has_district(rules, seat, District::Monument) as u8;
        self.city[seat.index()].len() as u8 + monument
    }

    pub fn is_complete(&self, rules: &Rules, seat: Seat) -> bool {
        self.city_size(rules, seat) >= rules.complete_city
    }

    /// The seat that plays the abilities of the character of `rank` this round: its holder,
    /// unless it was killed, or the Witch if it is bewitched ("you resume your turn as if you
    /// were playing the bewitched character").
    pub fn ability_player(&self, rank: Rank) -> Option<Seat> {
        let holder = self.owner[rank.index()]?;
        if self.killed == Some(rank) {
            return None;
        }
        if self.bewitched == Some(rank) {
            return self.owner[1];
        }
        Some(holder)
    }

    /// The seat playing `character`'s abilities this round, if it is in the cast and played.
    pub fn player_of(&self, character: Character) -> Option<Seat> {
        self.ability_player(self.rank_of(character)?)
    }

    /// A district card's cost now: its printed cost, plus one if the Artist beautified it.
    pub fn cost(&self, rules: &Rules, card: CardId) -> u8 {
        rules.card(card).cost + self.beautified.contains(card) as u8
    }

    /// Destroys a district of `seat`'s city: it loses its beautification, the cards under a
    /// destroyed Museum go to the bottom of the deck ("If the Museum is destroyed, assigned
    /// cards are discarded facedown to the bottom of the deck"), and the district itself goes
    /// to the bottom of the deck unless `to_bottom` is false (the Graveyard may take it).
    pub fn destroy(
        &mut self,
        rules: &Rules,
        seat: Seat,
        card: CardId,
        to_bottom: bool,
        trace: &mut impl Trace,
    ) {
        trace.change(Change::Points(seat, -(self.cost(rules, card) as i32)));
        self.city[seat.index()].remove(card);
        self.beautified.remove(card);
        // The destroyed district was in view: everyone knows where it goes.
        let mut destroyed = CardSet::EMPTY;
        destroyed.insert(card);
        self.knowledge.public(destroyed);
        if rules.card(card).district == District::Museum {
            for under in std::mem::take(&mut self.museum).iter() {
                self.deck.put_bottom(under);
            }
        }
        if to_bottom {
            self.deck.put_bottom(card);
        }
    }
}

/// Changes of holdings during play, each reported to the trace (`Change`).
impl State {
    /// Draws up to `n` cards from the top of the deck into a hand ("gain cards"); an empty
    /// deck gives fewer. Returns how many were drawn.
    pub fn draw_to_hand(&mut self, seat: Seat, n: u8, trace: &mut impl Trace) -> u8 {
        let mut drawn = 0;
        for _ in 0..n {
            let Some(card) = self.deck.draw() else { break };
            self.hand[seat.index()].insert(card);
            drawn += 1;
        }
        trace.change(Change::Cards(seat, drawn as i32));
        drawn
    }

    pub fn gain_gold(&mut self, seat: Seat, gold: u16, trace: &mut impl Trace) {
        trace.change(Change::Gold(seat, gold as i32));
        self.gold[seat.index()] += gold;
    }

    pub fn pay_gold(&mut self, seat: Seat, gold: u16, trace: &mut impl Trace) {
        trace.change(Change::Gold(seat, -(gold as i32)));
        self.gold[seat.index()] -= gold;
    }

    /// `gold` from `from`'s stash to `to`'s.
    pub fn move_gold(&mut self, from: Seat, to: Seat, gold: u16, trace: &mut impl Trace) {
        self.pay_gold(from, gold, trace);
        self.gain_gold(to, gold, trace);
    }

    /// Adds `cards` (not in the hand) to `seat`'s hand.
    pub fn add_to_hand(&mut self, seat: Seat, cards: CardSet, trace: &mut impl Trace) {
        trace.change(Change::Cards(seat, cards.len() as i32));
        self.hand[seat.index()].0 |= cards.0;
    }

    /// Adds `card` (not in the hand) to `seat`'s hand.
    pub fn add_card(&mut self, seat: Seat, card: CardId, trace: &mut impl Trace) {
        trace.change(Change::Cards(seat, 1));
        self.hand[seat.index()].insert(card);
    }

    /// Takes `card` (in the hand) out of `seat`'s hand.
    pub fn remove_from_hand(&mut self, seat: Seat, card: CardId, trace: &mut impl Trace) {
        trace.change(Change::Cards(seat, -1));
        self.hand[seat.index()].remove(card);
    }

    /// `card` from `from`'s hand to `to`'s.
    pub fn move_card(&mut self, from: Seat, to: Seat, card: CardId, trace: &mut impl Trace) {
        self.remove_from_hand(from, card, trace);
        self.add_card(to, card, trace);
    }
}
