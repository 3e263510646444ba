//! One decision of the heuristic bot: the view, the weights and what the evaluations of
//! its actions share, each part worked out on first use.

use super::Kept;
use super::characters::{
    Chooser, character_value, character_value_for, loot_by_rank, threats_by_rank,
};
use super::evaluate::{evaluate, gather_gold_preference};
use super::standings::{Others, Standings};
use crate::bots::heuristic::weights::HeuristicWeights;
use crate::engine::action::Action;
use crate::engine::ids::{CardId, District, Rank, Seat};
use crate::engine::sets::CardSet;
use crate::engine::view::View;
use std::cell::{Cell, OnceCell};

/// One decision: the view, the weights, and what the evaluations of its actions share,
/// each part computed on first use (most decisions need only some of it). It lives for one
/// decision only, so nothing in it can outlive the state it was computed from.
pub(crate) struct Decision<'d, 'v> {
    pub(super) view: &'d View<'v>,
    pub(super) w: &'d HeuristicWeights,
    kept: &'d Kept,
    /// The cards of my hand I could build (`useful`).
    useful: OnceCell<CardSet>,
    /// `gather_gold_preference`, asked by both gathering actions; NaN until first asked. (A
    /// plain cell: most decisions ask it, and a `OnceCell`'s first use is an outlined call.)
    gather: Cell<f32>,
    /// Standings and leaders: most picks need them only for the Warlord's value.
    standings: OnceCell<Standings>,
    /// The most cards and gold among the players, for the characters that take from others.
    others: OnceCell<Others>,
    /// How many seats lack at most 2 districts to complete their city (`another_near`).
    near: OnceCell<u8>,
    /// What the naming abilities weigh, per rank: how much the leader would gain from that
    /// character (`threats_by_rank`), and how much gold a rank 2 ability could take from it
    /// (`loot_by_rank`). Each worked out for every rank at once on first use: a decision
    /// that names a character asks about most ranks.
    threats: OnceCell<[f32; 10]>,
    loot: OnceCell<[f32; 10]>,
}

impl<'d, 'v> Decision<'d, 'v> {
    pub(crate) fn new(
        view: &'d View<'v>,
        w: &'d HeuristicWeights,
        kept: &'d Kept,
    ) -> Decision<'d, 'v> {
        Decision {
            view,
            w,
            kept,
            useful: OnceCell::new(),
            gather: Cell::new(f32::NAN),
            standings: OnceCell::new(),
            others: OnceCell::new(),
            near: OnceCell::new(),
            threats: OnceCell::new(),
            loot: OnceCell::new(),
        }
    }

    /// The heuristic's score of one legal action of this decision (it plays the highest):
    /// the policy bot builds on it (its `heuristic` feature), and inlines it where it scores
    /// an action (see `policy::score`).
    #[inline(always)]
    pub(crate) fn score(&self, action: Action) -> f32 {
        evaluate(self, action, f32::NEG_INFINITY)
    }

    /// How good the character of `rank` is for `seat` this round: the heuristic's score of
    /// picking it from that seat (the policy asks it of the players who choose after me).
    pub(crate) fn character_value(&self, seat: Seat, rank: Rank) -> f32 {
        character_value(self, seat, rank)
    }

    /// The characters a heuristic Assassin and a heuristic Thief held by another player would
    /// name this round, as the search's rollouts and its model of the other players play
    /// them (the policy's pick facts `kill_aim` and `rob_aim`), each worked out only when
    /// asked (`kill`, `rob`; None otherwise). The Assassin names the character of most value
    /// to its leader (`threats_by_rank`), the Thief the one whose holder would lose most
    /// (`loot_by_rank`). Their holders are unknown here, so the leader is the best seat of
    /// the table (every seat's but the best's own), and every rank of the cast that is not
    /// face up may be named but the namer's own and, for the Thief, rank 1 (rulebook 2016,
    /// "Thief": "You cannot rob the rank 1 character ..., the killed character, or the
    /// bewitched character"). The loot is the most that I or the richest other player would
    /// lose (the first in seat order among equals): the gold dominates it, and asking every
    /// seat cost the policy 31 k more instructions per 5-player game for about the same fit
    /// (`docs/agreement.md`, "Where the strength is"). The lowest rank among equals.
    pub(crate) fn opponents_aims(&self, kill: bool, rob: bool) -> (Option<Rank>, Option<Rank>) {
        let view = self.view;
        let faceup = view.faceup_discards();
        let me = view.me();
        let leader = kill.then(|| Chooser::of(view, self.standings().best));
        let richest = (0..view.players())
            .map(Seat)
            .filter(|&s| s != me)
            .reduce(|best, s| {
                if view.gold(s) > view.gold(best) {
                    s
                } else {
                    best
                }
            })
            .unwrap_or(me);
        let victims = [me, richest].map(|seat| {
            let chooser = Chooser::of(view, seat);
            (chooser, chooser.gold * 0.2)
        });
        let mut killed: Option<(Rank, f32)> = None;
        let mut robbed: Option<(Rank, f32)> = None;
        for r in 2..=9u8 {
            let rank = Rank(r);
            let Some(character) = view.character(rank) else {
                continue;
            };
            if faceup.contains(rank) {
                continue;
            }
            if let Some(leader) = leader {
                let threat = character_value_for(self, leader, character);
                if killed.is_none_or(|(_, best)| threat > best) {
                    killed = Some((rank, threat));
                }
            }
            if rob && r >= 3 {
                let loot = victims
                    .iter()
                    .map(|&(chooser, gold)| {
                        gold + character_value_for(self, chooser, character) * 0.5
                    })
                    .fold(f32::NEG_INFINITY, f32::max);
                if robbed.is_none_or(|(_, best)| loot > best) {
                    robbed = Some((rank, loot));
                }
            }
        }
        (killed.map(|(r, _)| r), robbed.map(|(r, _)| r))
    }
}

impl Decision<'_, '_> {
    pub(super) fn standings(&self) -> &Standings {
        self.standings
            .get_or_init(|| Standings::new(self.view, self.w, self.kept))
    }

    /// The public standing of `seat` (see `standings::standing`).
    pub(super) fn standing(&self, seat: Seat) -> f32 {
        self.standings().standing[seat.index()]
    }

    /// The opponent furthest ahead of `seat`.
    #[inline(always)]
    pub(super) fn leader_for(&self, seat: Seat) -> Seat {
        let standings = self.standings();
        if seat == standings.best {
            standings.runner_up
        } else {
            standings.best
        }
    }

    /// How far `seat` is behind its leader, never negative.
    pub(super) fn behind(&self, seat: Seat) -> f32 {
        let leader = self.leader_for(seat);
        (self.standing(leader) - self.standing(seat)).max(0.0)
    }

    /// The most cards in another player's hand, and the most gold in another player's
    /// stash, from `seat`'s side.
    // (This and the other small questions about seats are inlined, as `character_value`
    // that asks them: 1.7 k instructions per heuristic game less than as calls, measured.)
    #[inline(always)]
    pub(crate) fn others_of(&self, seat: Seat) -> (f32, f32) {
        let others = self.others.get_or_init(|| Others::new(self.view));
        let s = seat.index();
        (
            others.cards.of_others(s) as f32,
            others.gold.of_others(s) as f32,
        )
    }

    /// The districts `seat`'s city lacks to be complete (negative past complete). Worked
    /// out at each call: a few instructions, less than looking up a value kept for the
    /// decision (which cost about 1.6 k instructions per heuristic game more, measured).
    pub(super) fn to_complete(&self, seat: Seat) -> f32 {
        self.view.rules().complete_city as f32 - self.view.city(seat).len() as f32
    }

    /// Whether a seat other than `seat` lacks at most 2 districts.
    #[inline(always)]
    pub(super) fn another_near(&self, seat: Seat) -> bool {
        let near = *self.near.get_or_init(|| {
            // `to_complete(s) <= 2.0` in integers.
            let complete = self.view.rules().complete_city as usize;
            let cities = (0..self.view.players()).map(|s| self.view.city(Seat(s)));
            cities.filter(|city| city.len() + 2 >= complete).count() as u8
        });
        near > (self.to_complete(seat) <= 2.0) as u8
    }

    pub(super) fn threat(&self, rank: Rank) -> f32 {
        self.threats.get_or_init(|| threats_by_rank(self))[rank.index()]
    }

    pub(super) fn loot(&self, rank: Rank) -> f32 {
        self.loot.get_or_init(|| loot_by_rank(self))[rank.index()]
    }

    /// The cards of my hand I could build (looked up once per decision: asking `Kept` at
    /// every call, which compares the hand and the city, cost 10 k more instructions per
    /// heuristic game, measured). The work on first use is inlined: a `OnceCell`'s
    /// `get_or_init` is an outlined call, which cost more than the lookup in `evaluate::gather_need`.
    #[inline]
    pub(crate) fn useful_hand(&self) -> CardSet {
        if let Some(&useful) = self.useful.get() {
            return useful;
        }
        let useful = self.kept.useful_hand(self.view);
        let _ = self.useful.set(useful);
        useful
    }

    pub(super) fn gather_gold_preference(&self) -> f32 {
        let known = self.gather.get();
        if !known.is_nan() {
            return known;
        }
        let preference = gather_gold_preference(self);
        self.gather.set(preference);
        preference
    }

    pub(super) fn useful_cards(&self) -> usize {
        self.useful_hand().len()
    }

    /// A card of my hand worth giving away or discarding: not buildable, and not the Secret
    /// Vault (which scores from the hand).
    pub(super) fn junk(&self, card: CardId) -> bool {
        !self.useful_hand().contains(card)
            && self.view.rules().card(card).district != District::SecretVault
    }
}
