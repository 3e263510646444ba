//! `View`: what one seat may know. Bots get a `View`, never the `State`: it exposes public
//! information, the seat's own cards and characters, and what the seat saw in the draft.

use super::action::Action;
use super::draft::{last_takes_facedown, step_chooser, step_count};
use super::ids::{CardId, Character, District, Rank, Seat};
use super::rng::GameRng;
use super::rules::Rules;
use super::sets::{CardSet, RankSet, SeatSet};
use super::state::{Pending, Phase, State};

/// One seat's knowledge of the game. The state is private: only the methods below read it.
#[derive(Clone, Copy)]
pub struct View<'a> {
    rules: &'a Rules,
    state: &'a State,
    seat: Seat,
}

impl<'a> View<'a> {
    pub fn new(rules: &'a Rules, state: &'a State, seat: Seat) -> View<'a> {
        View { rules, state, seat }
    }

    pub fn rules(&self) -> &'a Rules {
        self.rules
    }
    /// The seat this view belongs to.
    pub fn me(&self) -> Seat {
        self.seat
    }
    pub fn players(&self) -> u8 {
        self.state.players
    }
    pub fn round(&self) -> u16 {
        self.state.round
    }
    pub fn in_draft(&self) -> bool {
        self.state.phase == Phase::Draft
    }
    pub fn cast(&self) -> &'a [Option<Character>; 10] {
        &self.state.cast
    }
    pub fn character(&self, rank: Rank) -> Option<Character> {
        self.state.character(rank)
    }
    pub fn rank_of(&self, character: Character) -> Option<Rank> {
        self.state.rank_of(character)
    }

    // Public information.
    pub fn gold(&self, seat: Seat) -> u16 {
        self.state.gold[seat.index()]
    }
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.state.hand[seat.index()].len()
    }
    pub fn city(&self, seat: Seat) -> CardSet {
        self.state.city[seat.index()]
    }
    pub fn crown(&self) -> Seat {
        self.state.crown
    }
    pub fn deck_size(&self) -> usize {
        self.state.deck.len()
    }
    pub fn first_complete(&self) -> Option<Seat> {
        self.state.first_complete
    }
    pub fn is_complete(&self, seat: Seat) -> bool {
        self.state.is_complete(self.rules, seat)
    }
    pub fn faceup_discards(&self) -> RankSet {
        self.state.faceup_discards
    }
    /// The character the Assassin named this round (announced aloud).
    pub fn killed(&self) -> Option<Rank> {
        self.state.killed
    }
    /// The character the Thief named this round.
    pub fn robbed(&self) -> Option<Rank> {
        self.state.robbed.map(|(rank, _)| rank)
    }
    /// The bewitched character this round (named aloud).
    pub fn bewitched(&self) -> Option<Rank> {
        self.state.bewitched
    }
    /// Characters with a Magistrate's warrant marker (the markers lie face down in view).
    pub fn warrants(&self) -> RankSet {
        self.state.warrants
    }
    /// The signed warrant, known only to the player who placed the warrants.
    pub fn signed_warrant(&self) -> Option<Rank> {
        (self.state.player_of(Character::Magistrate) == Some(self.seat))
            .then_some(self.state.signed_warrant)
            .flatten()
    }
    /// Characters still threatened by the Blackmailer (face-down markers in view).
    pub fn threats(&self) -> RankSet {
        self.state.threats
    }
    /// The flowered threat, known only to the player who placed the threats.
    pub fn flowered_threat(&self) -> Option<Rank> {
        (self.state.blackmailer == Some(self.seat))
            .then_some(self.state.flowered)
            .flatten()
    }
    /// Gold on the Tax Collector's token.
    pub fn tax_pool(&self) -> u16 {
        self.state.tax_pool
    }
    /// A district's cost now (beautified districts cost one more).
    pub fn district_cost(&self, card: CardId) -> u8 {
        self.state.cost(self.rules, card)
    }
    /// The hand this seat is looking at as the Wizard, if it is choosing from it.
    pub fn wizard_hand(&self) -> CardSet {
        match self.state.turn.pending {
            Pending::WizardPick { from } if self.state.turn.seat == self.seat => {
                self.state.hand[from.index()]
            }
            _ => CardSet::EMPTY,
        }
    }
    /// Characters revealed so far this round.
    pub fn revealed(&self) -> RankSet {
        self.state.revealed
    }
    /// Who holds `rank`, if that is known to this seat: it was revealed, or it is its own.
    pub fn known_owner(&self, rank: Rank) -> Option<Seat> {
        let owner = self.state.owner[rank.index()]?;
        (owner == self.seat || self.state.revealed.contains(rank)).then_some(owner)
    }
    /// The ranks of the cast that another seat may hold as far as this seat knows: not mine,
    /// not discarded face up, not revealed, not discarded face down by me.
    pub fn opponent_ranks(&self) -> RankSet {
        let ruled_out = self.my_ranks().0
            | self.state.faceup_discards.0
            | self.state.revealed.0
            | self.my_facedown_discards().0;
        RankSet(self.state.cast_ranks().0 & !ruled_out)
    }
    /// The character cards this seat discarded face down this round: at 2 players each
    /// choice after the first keeps one card and discards another face down (rulebook 2016,
    /// "2-Player Rule Changes"), and the discarder knows where it went. Empty at other
    /// counts, whose discards are random.
    pub fn my_facedown_discards(&self) -> RankSet {
        let mut out = RankSet::EMPTY;
        if self.state.players != 2 {
            return out;
        }
        let characters = self.state.cast_ranks().len() as u8;
        let crown = self.state.knowledge.crown;
        for (step, _, choice) in self.my_selection() {
            let keeps = step_chooser(2, characters, crown, step).is_some_and(|(_, keeps)| keeps);
            if !keeps && let Some(rank) = choice {
                out.insert(rank);
            }
        }
        out
    }
    /// Per rank, the other seats that may hold its character as far as this seat knows. Its
    /// owner if known; none if the card is mine, face up, or revealed without an owner. Else
    /// the seats that kept a card at a selection step where this one may have gone: after
    /// the last of my steps that offered it and before the first that did not (a card I was
    /// never offered went before my first step; one I passed on, to a later step). Two rules
    /// widen the set rather than follow every case: under the "Special Rule with 7 Players"
    /// (7 players with 8 characters, 8 with 9) the last chooser may also hold a card I never
    /// saw, since he also takes the first face-down card; and after a Theater exchange either
    /// of its two players may hold what one of them may.
    pub fn possible_holders(&self) -> [SeatSet; 10] {
        let state = self.state;
        let k = &state.knowledge;
        let (players, characters) = (state.players, state.cast_ranks().len() as u8);
        let steps = step_count(players, characters);
        let done = match state.phase {
            Phase::Draft => state.draft.step as usize,
            _ => steps,
        };
        // Who keeps the card of each step, and my steps so far with what they offered.
        let mut keeper = [None; 8];
        let (mut mine, mut my_steps) = ([(0, RankSet::EMPTY); 8], 0);
        for (s, keeps) in keeper.iter_mut().enumerate().take(steps) {
            let chooser = step_chooser(players, characters, k.crown, s);
            if let Some((seat, true)) = chooser {
                *keeps = Some(seat);
            }
            if chooser.map(|c| c.0) == Some(self.seat) && s <= done {
                let offer = if s < done {
                    k.offers[s]
                } else {
                    state.draft.available
                };
                mine[my_steps] = (s, offer);
                my_steps += 1;
            }
        }
        let possible = self.opponent_ranks();
        let hidden = state.cast_ranks().len() - state.faceup_discards.len();
        let last_takes_facedown = last_takes_facedown(players, hidden, steps);
        let mut out = [SeatSet::EMPTY; 10];
        for rank in state.cast_ranks().iter() {
            let holders = &mut out[rank.index()];
            if let Some(owner) = self.known_owner(rank) {
                holders.insert(owner);
            } else if possible.contains(rank) {
                // The card leaves the offers once: my steps that offered it come first.
                let (mut after, mut before) = (None, steps);
                for &(s, offer) in &mine[..my_steps] {
                    if offer.contains(rank) {
                        after = Some(s);
                    } else {
                        before = s;
                        break;
                    }
                }
                let first = after.map_or(0, |s| s + 1);
                for seat in keeper[first.min(before)..before].iter().flatten() {
                    holders.insert(*seat);
                }
                if last_takes_facedown
                    && after.is_none()
                    && let Some(last) = keeper[steps - 1]
                {
                    holders.insert(last);
                }
                if let Some((a, b)) = k.theater
                    && (holders.contains(a) || holders.contains(b))
                {
                    holders.insert(a);
                    holders.insert(b);
                }
            }
            holders.remove(self.seat);
        }
        out
    }
    /// The character whose turn it is, and its player (both public once revealed).
    pub fn current_turn(&self) -> Option<(Rank, Seat)> {
        (self.state.phase == Phase::Turns).then_some((self.state.turn.rank, self.state.turn.seat))
    }

    // Own information.
    pub fn my_hand(&self) -> CardSet {
        self.state.hand[self.seat.index()]
    }
    pub fn my_gold(&self) -> u16 {
        self.gold(self.seat)
    }
    pub fn my_city(&self) -> CardSet {
        self.city(self.seat)
    }
    /// Characters this seat holds this round.
    pub fn my_ranks(&self) -> RankSet {
        self.state.ranks_of(self.seat)
    }
    /// Character cards this seat saw during the selection phase this round.
    pub fn seen_in_draft(&self) -> RankSet {
        self.state.seen[self.seat.index()]
    }
    /// Character cards offered to this seat right now (selection phase, its choice).
    pub fn draft_offer(&self) -> RankSet {
        if self.state.phase == Phase::Draft {
            self.state.draft.available
        } else {
            RankSet::EMPTY
        }
    }
    /// Cards this seat drew and must choose from, if it is choosing.
    pub fn drawn(&self) -> CardSet {
        match self.state.turn.pending {
            Pending::Keep { drawn, .. } if self.state.turn.seat == self.seat => drawn,
            _ => CardSet::EMPTY,
        }
    }
    /// This turn's progress, if it is this seat's turn.
    pub fn my_turn(&self) -> Option<&'a super::state::Turn> {
        (self.state.phase == Phase::Turns && self.state.turn.seat == self.seat)
            .then_some(&self.state.turn)
    }

    // What this seat has learnt (see `knowledge.rs`).
    /// The cards of `seat`'s hand this seat knows (all of them for its own hand).
    pub fn known_hand(&self, seat: Seat) -> CardSet {
        let hand = self.state.hand[seat.index()];
        if seat == self.seat {
            hand
        } else {
            hand.intersection(self.state.knowledge.cards[self.seat.index()])
        }
    }
    /// Deck cards whose position this seat knows: (position from the top, card).
    pub fn known_deck(&self) -> impl Iterator<Item = (usize, CardId)> + '_ {
        let known = self.state.knowledge.cards[self.seat.index()];
        (0..self.state.deck.len())
            .map(|i| (i, self.state.deck.get(i)))
            .filter(move |&(_, card)| known.contains(card))
    }
    /// Cards under the Museum (they lie face down: only their number is public).
    pub fn museum_size(&self) -> usize {
        self.state.museum.len()
    }
    /// Cards under the Museum this seat knows (it put them there).
    pub fn known_museum(&self) -> CardSet {
        self.state
            .museum
            .intersection(self.state.knowledge.cards[self.seat.index()])
    }
    /// This seat's steps of this round's selection: (step, cards offered, card chosen).
    pub fn my_selection(&self) -> impl Iterator<Item = (usize, RankSet, Option<Rank>)> + '_ {
        let k = &self.state.knowledge;
        let players = self.state.players;
        let characters = self.state.cast_ranks().len() as u8;
        (0..super::draft::step_count(players, characters))
            .filter(move |&s| {
                super::draft::step_chooser(players, characters, k.crown, s).map(|(seat, _)| seat)
                    == Some(self.seat)
                    && k.choices[s].is_some()
            })
            .map(move |s| (s, k.offers[s], k.choices[s]))
    }
    /// The Theater's exchange this round: its owner and the opponent (public).
    pub fn theater_exchange(&self) -> Option<(Seat, Seat)> {
        self.state.knowledge.theater
    }

    /// The cards whose place this seat does not know (other players' hands, the deck, the
    /// Museum, another player's drawn cards, less what it has learnt): the pool `determinize`
    /// deals again.
    pub fn unseen_cards(&self) -> CardSet {
        super::determinize::unknown_cards(self.state, self.seat)
    }

    /// A full game state consistent with what this seat knows: the unknown cards dealt again
    /// into the same places, the characters it cannot know reassigned consistently with the
    /// selection, hidden markers redrawn (see the `determinize` module).
    pub fn determinize(&self, rng: &mut GameRng) -> State {
        super::determinize::determinize(self.state, self.seat, rng)
    }

    /// What this seat's knowledge fixes of every `determinize`, worked out once: its
    /// `sample` draws what `determinize` draws, for a caller that samples many times.
    pub fn determinizer(&self) -> super::determinize::Determinizer {
        super::determinize::Determinizer::new(self.state, self.seat)
    }

    /// Whether a build of mine now pays the Tax Collector's tax, if it leaves me gold
    /// (`building::taxes_builds_of`).
    pub fn taxes_my_builds(&self) -> bool {
        super::building::taxes_builds_of(self.rules, self.state, self.seat)
    }

    /// Whether the gold I pay to build this turn comes back at its end (my turn, as the
    /// Alchemist: `characters::refunds_build_gold`).
    pub fn refunds_my_builds(&self) -> bool {
        self.my_turn().is_some() && super::characters::refunds_build_gold(self.state)
    }

    /// Whether `seat`'s city has a district of `district`.
    pub fn has_district(&self, seat: Seat, district: District) -> bool {
        self.state.has_district(self.rules, seat, district)
    }

    /// The gold I would pay to build `card` now (`building::build_cost`: its cost less the
    /// Factory's discount).
    pub fn build_cost(&self, card: CardId) -> u16 {
        super::building::build_cost(self.rules, self.state, self.seat, card)
    }

    /// The gold my Warlord's destruction or Marshal's seizure `action` would cost me
    /// (`characters::rank8_price`; 0 for any other action).
    pub fn rank8_price(&self, action: Action) -> u16 {
        super::characters::rank8_price(self.rules, self.state, action)
    }

    /// The cost of a card's district.
    pub fn cost(&self, card: CardId) -> u8 {
        self.rules.card(card).cost
    }

    /// A short text of an action, for logs.
    pub fn describe(&self, action: Action) -> String {
        action.describe(self.rules, &self.state.cast)
    }
}

/// Two views are equal when their seat knows exactly the same things: every accessor agrees.
/// (A determinized state must give back a view equal to the one it was sampled from.)
impl PartialEq for View<'_> {
    fn eq(&self, other: &View<'_>) -> bool {
        let players = self.players();
        let seats = || (0..players).map(Seat);
        let ranks = || (1..=9).map(Rank);
        let same_seats = seats().all(|s| {
            self.gold(s) == other.gold(s)
                && self.hand_size(s) == other.hand_size(s)
                && self.city(s) == other.city(s)
                && self.is_complete(s) == other.is_complete(s)
                && self.known_hand(s) == other.known_hand(s)
                && self
                    .city(s)
                    .iter()
                    .all(|c| self.district_cost(c) == other.district_cost(c))
        });
        let same_ranks = ranks().all(|r| self.known_owner(r) == other.known_owner(r));
        self.me() == other.me()
            && players == other.players()
            && self.state.phase == other.state.phase
            && self.round() == other.round()
            && self.cast() == other.cast()
            && same_seats
            && same_ranks
            && self.crown() == other.crown()
            && self.deck_size() == other.deck_size()
            && self.first_complete() == other.first_complete()
            && self.faceup_discards() == other.faceup_discards()
            && self.killed() == other.killed()
            && self.robbed() == other.robbed()
            && self.bewitched() == other.bewitched()
            && self.warrants() == other.warrants()
            && self.signed_warrant() == other.signed_warrant()
            && self.threats() == other.threats()
            && self.flowered_threat() == other.flowered_threat()
            && self.tax_pool() == other.tax_pool()
            && self.wizard_hand() == other.wizard_hand()
            && self.revealed() == other.revealed()
            && self.current_turn() == other.current_turn()
            && self.my_ranks() == other.my_ranks()
            && self.seen_in_draft() == other.seen_in_draft()
            && self.draft_offer() == other.draft_offer()
            && self.drawn() == other.drawn()
            && self.my_turn() == other.my_turn()
            && self.known_deck().eq(other.known_deck())
            && self.museum_size() == other.museum_size()
            && self.known_museum() == other.known_museum()
            && self.my_selection().eq(other.my_selection())
            && self.theater_exchange() == other.theater_exchange()
    }
}

impl std::fmt::Debug for View<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("View")
            .field("seat", &self.seat)
            .field("round", &self.round())
            .field("phase", &self.state.phase)
            .field("my_hand", &self.my_hand())
            .field("my_ranks", &self.my_ranks())
            .field("draft_offer", &self.draft_offer())
            .finish_non_exhaustive()
    }
}
