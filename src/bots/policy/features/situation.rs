//! What every action of one decision shares: the deciding seat's situation, its standings,
//! the heuristic opponents' aims and what the later choosers would take, each worked out on
//! first use.

use super::layout::*;
use crate::bots::heuristic::{self, Kept};
use crate::engine::action::Action;
use crate::engine::ids::{Character, District, Rank, Seat};
use crate::engine::sets::{CardSet, RankSet, SeatSet};
use crate::engine::view::View;
use std::cell::OnceCell;

/// What every action of one decision shares: the deciding seat's situation. The parts that
/// cost a pass over the players or the hand are computed on first use: many decisions
/// (gathering, the end of a turn, the abilities without a target) never ask for them.
pub(super) struct Situation<'d> {
    /// What the bot keeps between decisions (`heuristic::Kept`).
    pub(super) kept: &'d Kept,
    pub(super) me: Seat,
    pub(super) gold: f32,
    pub(super) hand: f32,
    /// Districts in my city, and the city size that ends the game.
    pub(super) city: f32,
    pub(super) complete: f32,
    /// Districts I built this turn.
    pub(super) built: f32,
    pub(super) round: f32,
    /// Whether my city has the Imperial Treasury and the Map Room (`Hoard`), worked out
    /// only for weights that read the keeping facts.
    pub(super) hoard: OnceCell<Hoard>,
    pub(super) standings: OnceCell<Standings>,
    pub(super) shortfall: OnceCell<f32>,
    /// The gold the cheapest build of the decision costs (`forgoes_build`).
    pub(super) cheapest_build: OnceCell<Option<f32>>,
    /// The facts of a pick before the keeping facts but the character's own type (`pick`),
    /// the same for every character of the decision.
    pub(super) pick: OnceCell<[f32; PICK_HOARD]>,
    /// The draft facts of a pick that are the same for every character of the decision.
    pub(super) draft: OnceCell<[f32; DRAFT_SHARED]>,
    /// The players who choose after me and what the characters offered to me are worth to
    /// them, for every character of the decision.
    pub(super) later: OnceCell<LaterChoosers>,
    /// The facts of naming a character that do not depend on the character (`target`).
    pub(super) target: OnceCell<TargetFacts>,
    /// What heuristic opponents would name this round (`Aims`).
    pub(super) aims: OnceCell<Aims>,
}

/// The characters a heuristic Assassin and Thief held by another player would name this
/// round (`heuristic::Decision::opponents_aims`), each only when that namer may end with
/// another player: it is in the cast, not face up, and either not offered to me (an earlier
/// chooser has it, or it is face down) or offered with a later chooser to take it if I do
/// not. The search's rollouts and its model of the other players are the heuristic, so its
/// picks avoid what they would hit (the pick facts `kill_aim` and `rob_aim`).
pub(super) struct Aims {
    pub(super) kill: Option<Rank>,
    /// None also when I have no gold to lose.
    pub(super) rob: Option<Rank>,
}

/// The districts of my city that make what I keep worth points: the Imperial Treasury
/// ("At the end of the game, score 1 extra point for each gold in your stash") and the Map
/// Room ("... for each card in your hand"), 1 or 0 each (CARDS.md). The facts `treasury`
/// and `map_room` of a pick and of a choice between resources (`gather`, `context`) give
/// them, and `card.<role>.hoard` what either card would score if built now: the search's
/// players keep what they gather beside them (on `all-characters`, ISMCTS-1000 self-play,
/// a player who took the Navigator beside a Treasury ended the game with 14.7 gold and
/// beside a Map Room with 8.7 cards; `casts` weights fitted without such a fact, with 7.4
/// and 1.5; docs/agreement.md, "Other casts").
#[derive(Clone, Copy)]
pub(super) struct Hoard {
    pub(super) treasury: f32,
    pub(super) map_room: f32,
}

impl Hoard {
    pub(super) fn of(view: &View) -> Hoard {
        let has = |district: District| view.has_district(view.me(), district) as u8 as f32;
        Hoard {
            treasury: has(District::ImperialTreasury),
            map_room: has(District::MapRoom),
        }
    }
}

/// What `target` needs beside the named character, the same for every target of a decision.
pub(super) struct TargetFacts {
    /// Ranks an opponent may hold, and ranks I saw in the draft.
    pub(super) possible: RankSet,
    pub(super) seen: RankSet,
    /// The rest of the facts, in order.
    pub(super) leader_gold: f32,
    pub(super) richest_gold: f32,
    pub(super) leader_near: f32,
    pub(super) behind: f32,
    /// The leader, the opponent with the most gold, and the opponents within two districts
    /// of completing their city: whose holding the named character matters most.
    pub(super) leader: Seat,
    pub(super) richest: Seat,
    pub(super) near: SeatSet,
    /// Per rank, who may hold its character (`View::possible_holders`).
    pub(super) holders: [SeatSet; 10],
}

/// The players' public standings, from my seat.
pub(super) struct Standings {
    /// Built points, and half a point per gold and per card in hand up to four (the
    /// search's evaluation counts resources at about that rate).
    pub(super) standing: [f32; 8],
    /// The opponent with the best standing (the last among equals).
    pub(super) leader: Seat,
}

impl Standings {
    /// The leader found in the pass that works the standings out: the last opponent whose
    /// standing is at least every earlier one's (a second pass over the opponents costs 4 k
    /// instructions per policy game more, measured).
    pub(super) fn new(view: &View, kept: &Kept) -> Standings {
        let me = view.me().index();
        let players = view.players() as usize;
        let mut standing = [0.0; 8];
        let (mut leader, mut best) = (me, f32::NEG_INFINITY);
        for (s, slot) in standing.iter_mut().enumerate().take(players) {
            let seat = Seat(s as u8);
            *slot = kept.city_cost(view, seat) as f32
                + 0.5 * (view.gold(seat) as f32 + view.hand_size(seat).min(4) as f32);
            if s != me && *slot >= best {
                (leader, best) = (s, *slot);
            }
        }
        Standings {
            standing,
            leader: Seat(leader as u8),
        }
    }
}

impl<'d> Situation<'d> {
    pub(super) fn new(view: &View, kept: &'d Kept) -> Situation<'d> {
        let rules = view.rules();
        let city = view.my_city();
        Situation {
            kept,
            me: view.me(),
            gold: view.my_gold() as f32,
            hand: view.my_hand().len() as f32,
            city: city.len() as f32,
            complete: rules.complete_city as f32,
            built: view.my_turn().map_or(0, |t| t.built) as f32,
            round: view.round() as f32,
            hoard: OnceCell::new(),
            standings: OnceCell::new(),
            shortfall: OnceCell::new(),
            cheapest_build: OnceCell::new(),
            pick: OnceCell::new(),
            draft: OnceCell::new(),
            later: OnceCell::new(),
            target: OnceCell::new(),
            aims: OnceCell::new(),
        }
    }

    /// The base facts of a pick before the keeping facts (`PICK_FACTS` to `PICK_HOARD`), with
    /// 0 for the character's own type; `others`: the most cards and the most gold among the
    /// other players.
    pub(super) fn pick_facts(
        &self,
        view: &View,
        others: impl FnOnce() -> (f32, f32),
    ) -> &[f32; PICK_HOARD] {
        self.pick.get_or_init(|| {
            let standings = self.standings(view);
            let (most_cards, richest_gold) = others();
            let leader_near = self.near(view, standings.leader, 2.0);
            // Characters still offered to me, as a share of the cast (1 = first pick).
            let cast = view.cast().iter().flatten().count().max(1) as f32;
            let offer = view.draft_offer().len() as f32 / cast;
            let before = self.taken_before(view);
            [
                1.0,
                self.gold / 5.0,
                self.hand / 5.0,
                self.city / self.complete,
                self.behind(view),
                0.0,
                (self.complete - self.city <= 2.0) as u8 as f32,
                richest_gold / 5.0,
                most_cards / 5.0,
                offer,
                leader_near as u8 as f32,
                (view.crown() == self.me) as u8 as f32,
                before.contains(Rank(1)) as u8 as f32,
                before.contains(Rank(2)) as u8 as f32,
                // `kill_aim` and `rob_aim`, the candidate's own (`pick`).
                0.0,
                0.0,
            ]
        })
    }

    /// The gold the cheapest of the decision's `Build`s costs, if it offers one.
    pub(super) fn cheapest_build(&self, view: &View, legal: &[Action]) -> Option<f32> {
        *self.cheapest_build.get_or_init(|| {
            let costs = legal.iter().filter_map(|&a| match a {
                Action::Build(card) => Some(view.build_cost(card)),
                _ => None,
            });
            costs.min().map(|c| c as f32)
        })
    }

    pub(super) fn hoard(&self, view: &View) -> Hoard {
        *self.hoard.get_or_init(|| Hoard::of(view))
    }

    /// What heuristic opponents would name this round (`Aims`).
    pub(super) fn aims(&self, view: &View, heuristic: &heuristic::Decision) -> &Aims {
        self.aims.get_or_init(|| {
            let offer = view.draft_offer();
            let later = choosers_after(view, self.me).next().is_some();
            // Other casts deal other characters at ranks 1 and 2, which do not name so.
            let open = |character: Character| {
                view.rank_of(character).is_some_and(|rank| {
                    !view.faceup_discards().contains(rank) && (!offer.contains(rank) || later)
                })
            };
            // Only what a fact needs is worked out (the Thief's aim asks a value of every
            // rank for every seat): `rob_aim` is 0 for an empty stash.
            let (kill, rob) = heuristic.opponents_aims(
                open(Character::Assassin),
                open(Character::Thief) && self.gold > 0.0,
            );
            Aims { kill, rob }
        })
    }

    /// The ranks that may be with a player who chose before me: another player may hold
    /// them and they are not offered to me (or they are face down).
    fn taken_before(&self, view: &View) -> RankSet {
        RankSet(view.opponent_ranks().0 & !view.draft_offer().0)
    }

    /// The draft facts of a pick that are the same for every character (`PICK_FACTS` from
    /// `PICK_BASE`, `DRAFT_SHARED` of them); `useful`: the cards of my hand I could build.
    pub(super) fn draft_facts(&self, view: &View, useful: CardSet) -> &[f32; DRAFT_SHARED] {
        self.draft.get_or_init(|| {
            let before = self.taken_before(view);
            let offer = view.draft_offer();
            let after = choosers_after(view, self.me);
            let after_gold = after.clone().map(|s| view.gold(s)).max().unwrap_or(0);
            let after_city = after.map(|s| view.city(s).len()).max().unwrap_or(0);
            let mut facts = [0.0; DRAFT_SHARED];
            for r in 3..=9 {
                facts[r - 3] = before.contains(Rank(r as u8)) as u8 as f32;
            }
            for r in 1..=9 {
                facts[6 + r] = offer.contains(Rank(r as u8)) as u8 as f32;
            }
            facts[16] = after_gold as f32 / 5.0;
            facts[17] = after_city as f32 / self.complete;
            facts[18] = useful.len() as f32 / 3.0;
            facts[19] = self.shortfall(useful, view) / 5.0;
            facts[20] = self.round / 10.0;
            facts
        })
    }

    /// The players who choose after me and their values of the characters offered to me.
    pub(super) fn later_choosers(
        &self,
        view: &View,
        heuristic: &heuristic::Decision,
    ) -> &LaterChoosers {
        self.later
            .get_or_init(|| LaterChoosers::new(view, heuristic, self.me))
    }

    /// The facts of naming a character but the character's own; `others` as for
    /// `pick_facts`.
    pub(super) fn target_facts(
        &self,
        view: &View,
        others: impl FnOnce() -> (f32, f32),
    ) -> &TargetFacts {
        self.target.get_or_init(|| {
            let leader = self.leader(view);
            let me = self.me;
            let opponents = (0..view.players())
                .map(Seat)
                .filter(move |&seat| seat != me);
            let richest = opponents.clone().fold(leader, |best, seat| {
                match view.gold(seat) > view.gold(best) {
                    true => seat,
                    false => best,
                }
            });
            let near = opponents
                .filter(|&seat| self.near(view, seat, 2.0))
                .collect();
            TargetFacts {
                holders: view.possible_holders(),
                leader,
                richest,
                near,
                possible: view.opponent_ranks(),
                seen: view.seen_in_draft(),
                leader_gold: view.gold(leader) as f32 / 5.0,
                richest_gold: others().1 / 5.0,
                leader_near: self.near(view, leader, 2.0) as u8 as f32,
                behind: self.behind(view),
            }
        })
    }

    pub(super) fn standings(&self, view: &View) -> &Standings {
        self.standings
            .get_or_init(|| Standings::new(view, self.kept))
    }

    pub(super) fn leader(&self, view: &View) -> Seat {
        self.standings(view).leader
    }

    /// How far the leader stands ahead of me.
    pub(super) fn behind(&self, view: &View) -> f32 {
        self.ahead(view, self.leader(view))
    }

    /// How far `other` stands ahead of me, in tens of points, within +-2.
    pub(super) fn ahead(&self, view: &View, other: Seat) -> f32 {
        let s = self.standings(view);
        ((s.standing[other.index()] - s.standing[self.me.index()]) / 10.0).clamp(-2.0, 2.0)
    }

    /// The gold I lack for the cheapest card of my hand I could build.
    pub(super) fn shortfall(&self, useful: CardSet, view: &View) -> f32 {
        *self.shortfall.get_or_init(|| {
            let cheapest = useful.iter().map(|c| view.cost(c)).min();
            cheapest.map_or(0.0, |c| (c as f32 - self.gold).max(0.0))
        })
    }

    pub(super) fn near(&self, view: &View, seat: Seat, within: f32) -> bool {
        self.complete - view.city(seat).len() as f32 <= within
    }
}

/// The players who choose after `me` this round, in order from the crown: the characters I
/// leave go to them (rulebook 2016, "Selection Phase": the crowned player "secretly chooses
/// one to keep. Then he passes the remaining cards to the player on his left", the next
/// seat, as in `engine::draft`). At 2 and 3 players, where everyone chooses more than once,
/// these are the seats after mine in that order, a proxy; at 7 and 8 players the last
/// chooser's extra face-down card is not counted.
fn choosers_after(view: &View, me: Seat) -> impl Iterator<Item = Seat> + Clone {
    let players = view.players();
    let crown = view.crown().0;
    let from_crown = (me.0 + players - crown) % players;
    (from_crown + 1..players).map(move |k| Seat((crown + k) % players))
}

/// The players who choose after me, and what each character offered to me is worth to each
/// of them by the heuristic's own pick score: enough to say, for any character I pick, which
/// of the rest they would take if each took the best left (as the search's rollouts, played
/// by the heuristic, do). Worked out once per decision: a value per later chooser and
/// offered character, rather than per candidate too.
pub(super) struct LaterChoosers {
    pub(super) offer: RankSet,
    /// How many players choose after me (at most 7).
    pub(super) count: usize,
    /// `value[k][rank]`: the value of that character for the k-th of them.
    pub(super) value: [[f32; 10]; 7],
}

impl LaterChoosers {
    pub(super) fn new(view: &View, heuristic: &heuristic::Decision, me: Seat) -> LaterChoosers {
        let offer = view.draft_offer();
        let mut value = [[0.0; 10]; 7];
        let mut count = 0;
        for (k, seat) in choosers_after(view, me).enumerate() {
            for rank in offer.iter() {
                value[k][rank.index()] = heuristic.character_value(seat, rank);
            }
            count = k + 1;
        }
        LaterChoosers {
            offer,
            count,
            value,
        }
    }

    /// The ranks the later choosers take, in turn, when I pick `mine`: each the character
    /// of most value to them among those left (the lowest rank among equals). One fact per
    /// rank, 1 for taken.
    pub(super) fn taken_after(&self, mine: Rank) -> [f32; LATER_FACTS] {
        let mut left = self.offer;
        left.remove(mine);
        let mut taken = [0.0; LATER_FACTS];
        for values in &self.value[..self.count] {
            let mut best: Option<(Rank, f32)> = None;
            for rank in left.iter() {
                let v = values[rank.index()];
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((rank, v));
                }
            }
            let Some((rank, _)) = best else { break };
            left.remove(rank);
            taken[rank.index() - 1] = 1.0;
        }
        taken
    }
}
