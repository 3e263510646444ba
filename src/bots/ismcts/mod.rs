//! The ISMCTS bot: single-observer information-set Monte Carlo tree search (Cowling, Powley
//! and Whitehouse 2012, "Information Set Monte Carlo Tree Search").
//!
//! Each iteration samples a fresh determinization of the bot's `View`, walks the tree of the
//! bot's own decisions (UCB with availability counts: a child's exploration term uses the
//! number of iterations in which its move was legal, not the parent's visits, plus a
//! progressive bias `prior / (1 + visits)` for the move the model would play), adds one node,
//! and plays on with the model bot for every seat, each on its own view of the sampled state,
//! until the end of the next round (`rounds`, default 2) or of the game. The model is the
//! heuristic bot, or the policy bot with `rollout=policy`. The end position is evaluated in
//! [0, 1] (`eval.rs`) and the reward added along the path. The move played is the root's most
//! visited child. Opponents between the bot's decisions are also moved by the model, so the
//! tree holds only the bot's decisions. The bot draws only from its own random stream, and
//! the budget is in iterations: a seed gives the same decisions on any machine.
//!
//! Cheaper search (docs/bots.md): a decision stops early once the most visited move leads by
//! more than `stop` times the iterations left (at 1, when it cannot be overtaken), and the next
//! decision of the same turn starts from the subtree of the move played (`reuse`), its visits
//! counting towards the budget. `stop=0:reuse=0` is the search without them.

mod eval;
mod params;
mod tree;

pub use params::{IsmctsParams, Rollout};

use super::Bot;
use super::ban::Ban;
use super::heuristic::HeuristicBot;
use super::policy::{KindSet, PolicyBot, PolicyParams};
use crate::engine::Determinizer;
use crate::engine::action::Action;
use crate::engine::apply;
use crate::engine::ids::{Rank, Seat};
use crate::engine::legal::{legal_actions, to_move};
use crate::engine::rng::GameRng;
use crate::engine::rules::Rules;
use crate::engine::state::State;
use crate::engine::view::View;
use tree::Tree;

#[derive(Clone, Debug)]
pub struct IsmctsBot {
    params: IsmctsParams,
    rng: GameRng,
    /// Plays the opponents and the rollouts (its own stream, drawn from the bot's).
    policy: Model,
    tree: Tree,
    legal: Vec<Action>,
    /// Per legal move of the node being selected from, whether it has a child; and the
    /// node's children whose move is legal, in sibling order. (Buffers sized once, as
    /// `legal`.)
    tried: Vec<bool>,
    available: Vec<u32>,
    /// The legal moves' keys (`Action::key`), in `legal`'s order; and those of the
    /// decision being searched, in its order.
    legal_keys: Vec<u32>,
    root_keys: Vec<u32>,
    /// Characters the bot may not pick (`ban=`): kept out of its own seat's moves in the
    /// tree and in the rollouts, as at the root, so the search plans the game it will play.
    /// The other seats are not restricted.
    ban: Ban,
    /// Where the next decision of this turn starts in the tree (`reuse`).
    kept: Option<Kept>,
    /// The policy bot that plays the decisions not `searched` (`IsmctsParams::delegate`;
    /// none when every kind is searched).
    delegate: Option<PolicyBot>,
}

impl IsmctsBot {
    pub fn new(params: IsmctsParams, seed: u64) -> IsmctsBot {
        let mut rng = GameRng::new(seed);
        let seed = rng.next_u64();
        // Drawn only when there is a delegate, so a search of everything keeps its streams.
        let delegate = (params.searched != KindSet::ALL)
            .then(|| PolicyBot::new(params.delegate.clone(), rng.next_u64()));
        let policy = match params.rollout {
            Rollout::Heuristic => Model::Heuristic(HeuristicBot::new(seed, params.model)),
            Rollout::Policy => Model::Policy(PolicyBot::new(PolicyParams::rollout_model(), seed)),
        };
        IsmctsBot {
            params,
            rng,
            policy,
            tree: Tree::default(),
            legal: Vec::with_capacity(crate::engine::legal::MOVE_BUFFER),
            tried: Vec::with_capacity(crate::engine::legal::MOVE_BUFFER),
            available: Vec::with_capacity(crate::engine::legal::MOVE_BUFFER),
            legal_keys: Vec::with_capacity(crate::engine::legal::MOVE_BUFFER),
            root_keys: Vec::with_capacity(crate::engine::legal::MOVE_BUFFER),
            ban: Ban::NONE,
            kept: None,
            delegate,
        }
    }

    /// This bot, never picking the characters of `ban` when it has another choice.
    pub fn banning(mut self, ban: Ban) -> IsmctsBot {
        self.ban = ban;
        self
    }

    /// One iteration from a fresh determinization; returns nothing, updates the tree.
    fn iterate(&mut self, rules: &Rules, view: &View, determinizer: &Determinizer, horizon: u16) {
        let me = view.me();
        let mut state = determinizer.sample(&mut self.rng);
        let mut path = [0u32; 256];
        let mut depth = 1;
        let mut node = 0u32;
        // Selection and expansion.
        loop {
            if !self.play_others(rules, &mut state, me, horizon) {
                break;
            }
            legal_actions(rules, &state, &mut self.legal);
            self.ban.restrict(&state.cast, &mut self.legal);
            // The heuristic's move here, for the progressive bias: without it the follow-ups
            // inside the tree are explored almost uniformly (reward differences between moves
            // are a few hundredths, the exploration term tenths), which plays them worse than
            // the rollout policy does and wastes a deeper tree.
            let favourite = if self.params.prior > 0.0 && self.legal.len() > 1 {
                Some(
                    self.policy
                        .decide(&View::new(rules, &state, me), &self.legal)
                        .key(),
                )
            } else {
                None
            };
            // Availability: every child whose move is legal in this determinization, in
            // sibling order, and which legal moves have a child. One pass over the children,
            // each looked up once among the legal moves (looking each legal move up among the
            // children as well cost 660 instructions, 2 %, more per iteration, measured).
            // Moves are compared by key (`Action::key`): the derived `==` costs 3% of the
            // search's instructions and 6% of its time.
            self.tried.clear();
            self.tried.resize(self.legal.len(), false);
            self.available.clear();
            self.legal_keys.clear();
            self.legal_keys.extend(self.legal.iter().map(|a| a.key()));
            let mut next = self.tree.first_child(node);
            while let Some(c) = next {
                next = self.tree.next_sibling(c);
                let key = self.tree.node(c).key;
                if let Some(i) = self.legal_keys.iter().position(|&k| k == key) {
                    self.tried[i] = true;
                    self.tree.mark_available(c);
                    self.available.push(c);
                }
            }
            // Reservoir pick among the legal moves without a child.
            let mut untried = 0u32;
            let mut chosen: Option<Action> = None;
            for (&action, &tried) in self.legal.iter().zip(&self.tried) {
                if !tried {
                    untried += 1;
                    if self.rng.below(untried) == 0 {
                        chosen = Some(action);
                    }
                }
            }
            if let Some(action) = chosen {
                let child = self.tree.add_child(node, action);
                apply(rules, &mut state, action);
                if depth < path.len() {
                    path[depth] = child;
                    depth += 1;
                }
                break;
            }
            // Every legal move has a child: the available child of the best bound.
            let mut best = (f64::NEG_INFINITY, u32::MAX);
            for &c in &self.available {
                let n = self.tree.node(c);
                let visits = n.visits.max(1) as f64;
                let mut ucb =
                    n.total / visits + self.params.c * ((n.avail as f64).ln() / visits).sqrt();
                if Some(n.key) == favourite {
                    ucb += self.params.prior / (1.0 + n.visits as f64);
                }
                if ucb > best.0 {
                    best = (ucb, c);
                }
            }
            let child = best.1;
            apply(rules, &mut state, self.tree.node(child).action);
            node = child;
            if depth < path.len() {
                path[depth] = child;
                depth += 1;
            } else {
                break;
            }
        }
        // Rollout.
        while !state.is_over() && state.round <= horizon {
            let seat = to_move(&state).expect("a game not over has a player to move");
            self.step_policy(rules, &mut state, seat, me);
        }
        let reward = eval::evaluate(rules, &state, me, self.params.scale);
        for &id in &path[..depth] {
            self.tree.record(id, reward);
        }
    }

    /// Plays the other seats with the heuristic until `me` must decide; false if the game
    /// ended or the horizon was reached first.
    fn play_others(&mut self, rules: &Rules, state: &mut State, me: Seat, horizon: u16) -> bool {
        loop {
            if state.is_over() || state.round > horizon {
                return false;
            }
            let seat = to_move(state).expect("a game not over has a player to move");
            if seat == me {
                return true;
            }
            self.step_policy(rules, state, seat, me);
        }
    }

    /// One heuristic move of `seat`, on its own view; the bot's own seat `me` keeps its ban.
    fn step_policy(&mut self, rules: &Rules, state: &mut State, seat: Seat, me: Seat) {
        legal_actions(rules, state, &mut self.legal);
        if seat == me {
            self.ban.restrict(&state.cast, &mut self.legal);
        }
        let action = self
            .policy
            .decide(&View::new(rules, state, seat), &self.legal);
        apply(rules, state, action);
    }
}

/// The bot of the simulations: the opponents between the search's decisions, the rollouts,
/// and the progressive bias's favourite move.
#[derive(Clone, Debug)]
enum Model {
    Heuristic(HeuristicBot),
    Policy(PolicyBot),
}

impl Bot for Model {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action {
        match self {
            Model::Heuristic(bot) => bot.decide(view, legal),
            Model::Policy(bot) => bot.decide(view, legal),
        }
    }
}

impl IsmctsBot {
    /// The root's children after the last decision: (move, visits, mean reward), for
    /// diagnostics (`tools/lab/ismcts_probe.rs`); allocates, so not for the hot path.
    pub fn root_children(&self) -> Vec<(Action, u32, f64)> {
        if self.tree.is_empty() {
            return Vec::new();
        }
        self.tree
            .children(0)
            .map(|c| {
                let n = self.tree.node(c);
                (n.action, n.visits, n.total / n.visits.max(1) as f64)
            })
            .collect()
    }
}

impl Bot for IsmctsBot {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action {
        if let Some(delegate) = self.delegate.as_mut()
            && legal.len() > 1
            && !self.params.searched.offered_in(legal)
        {
            // The tree kept from this turn no longer follows the game.
            self.kept = None;
            return delegate.decide(view, legal);
        }
        let turn = my_turn(view);
        let kept = self.kept.take().filter(|k| Some(k.turn) == turn);
        if legal.len() == 1 {
            // A forced move is a node of the tree too: follow it to the next decision.
            self.keep(kept.map(|k| k.node), turn, legal[0]);
            return legal[0];
        }
        let rules = view.rules();
        let horizon = view.round() + self.params.rounds - 1;
        let capacity = self.params.iters as usize + 1;
        // The fresh iterations: the budget less the visits the kept subtree already gave the
        // moves legal now (a drawn card's `Keep` was searched only where it was drawn).
        let mut budget = self.params.iters;
        match kept {
            Some(k) => {
                self.tree.reroot(k.node, capacity);
                let reused: u32 = self
                    .tree
                    .children(0)
                    .map(|c| self.tree.node(c))
                    .filter(|n| legal.contains(&n.action))
                    .map(|n| n.visits)
                    .sum();
                budget = budget.saturating_sub(reused);
            }
            None => self.tree.reset(capacity),
        }
        self.root_keys.clear();
        self.root_keys.extend(legal.iter().map(|a| a.key()));
        // The view is the same at every iteration: its determinizations' plan is made once.
        let determinizer = view.determinizer();
        for done in 1..=budget {
            self.iterate(rules, view, &determinizer, horizon);
            if self.params.stop > 0.0 {
                let (lead, runner_up, _) = self.leader();
                let left = f64::from(budget - done);
                if f64::from(lead - runner_up) > self.params.stop * left {
                    break;
                }
            }
        }
        let action = legal[self.leader().2];
        self.keep(Some(0), turn, action);
        action
    }
}

/// The turn in progress if it is the searching seat's: (round, rank). Within one turn no
/// other seat moves between the seat's decisions unless its own moves make it (a bribe, a
/// warrant), so the tree's subtree of the move played is the search of the next decision.
fn my_turn(view: &View) -> Option<(u16, Rank)> {
    match view.current_turn() {
        Some((rank, seat)) if seat == view.me() => Some((view.round(), rank)),
        _ => None,
    }
}

/// The node of the tree where the seat's next decision of the same turn starts.
#[derive(Clone, Copy, Debug)]
struct Kept {
    turn: (u16, Rank),
    node: u32,
}

impl IsmctsBot {
    /// Remembers the child of `node` for the move played, when tree reuse is on and the turn
    /// goes on.
    fn keep(&mut self, node: Option<u32>, turn: Option<(u16, Rank)>, action: Action) {
        self.kept = match (node, turn) {
            (Some(node), Some(turn)) if self.params.reuse => self
                .tree
                .child(node, action)
                .map(|node| Kept { turn, node }),
            _ => None,
        };
    }

    /// The visits of the most visited root move and of the runner-up (a legal move without a
    /// child counts 0), and the most visited move's place among the legal moves
    /// (`root_keys`; ties: the first in the legal order).
    fn leader(&self) -> (u32, u32, usize) {
        let mut best = (0u32, 0usize);
        let mut second = 0u32;
        for c in self.tree.children(0) {
            let n = self.tree.node(c);
            let Some(place) = self.root_keys.iter().position(|&k| k == n.key) else {
                continue;
            };
            if n.visits > best.0 || (n.visits == best.0 && place < best.1) {
                second = best.0;
                best = (n.visits, place);
            } else {
                second = second.max(n.visits);
            }
        }
        (best.0, second, best.1)
    }

    /// The iterations the last search ran (fewer than `iters` when it stopped early).
    pub fn last_iterations(&self) -> u32 {
        if self.tree.is_empty() {
            0
        } else {
            self.tree.node(0).visits
        }
    }
}

#[cfg(test)]
mod tests {
    use super::tree::Node;
    use super::*;
    use crate::bots::heuristic::weights::HeuristicWeights;
    use crate::config::load_preset;
    use crate::engine::new_game;

    /// The bookkeeping of ISMCTS (Cowling et al. 2012, section 4.2): every iteration goes
    /// through the root and one child; at the root every move is legal in every
    /// determinization, so a child's availability is the number of iterations since it was
    /// added (one root child per iteration until all exist); the move played is the most
    /// visited. The full budget (`stop=0`): early stopping would end the count sooner.
    #[test]
    fn root_counts_every_iteration_and_availability_since_its_expansion() {
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset");
        let state = new_game(&rules, 3);
        let seat = to_move(&state).expect("a first decision");
        let mut legal = Vec::new();
        legal_actions(&rules, &state, &mut legal);
        assert!(legal.len() > 2, "the first pick has a choice");
        let iters = 300;
        let mut bot = IsmctsBot::new(
            IsmctsParams {
                iters,
                stop: 0.0,
                ..IsmctsParams::default()
            },
            5,
        );
        let chosen = bot.decide(&View::new(&rules, &state, seat), &legal);
        let kids: Vec<Node> = bot.tree.children(0).map(|c| *bot.tree.node(c)).collect();
        assert_eq!(bot.tree.node(0).visits, iters);
        assert_eq!(kids.len(), legal.len());
        assert_eq!(kids.iter().map(|n| n.visits).sum::<u32>(), iters);
        let n = legal.len() as u32;
        let mut avail: Vec<u32> = kids.iter().map(|k| k.avail).collect();
        avail.sort_unstable();
        assert_eq!(
            avail,
            (0..n).map(|j| iters - (n - 1 - j)).collect::<Vec<_>>()
        );
        let most = kids.iter().map(|k| k.visits).max().expect("children");
        assert_eq!(
            kids.iter().find(|k| k.action == chosen).map(|k| k.visits),
            Some(most)
        );
    }

    /// A banned character is kept out of the search's own moves: with the King banned, the
    /// root (every legal move is expanded at the first pick) has no child picking it.
    #[test]
    fn a_ban_keeps_the_pick_out_of_the_tree() {
        use crate::engine::ids::Character;
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset");
        let mut checked = 0;
        for seed in 1..=6 {
            let state = new_game(&rules, seed);
            let seat = to_move(&state).expect("a first decision");
            let view = View::new(&rules, &state, seat);
            let Some(king) = view.rank_of(Character::King) else {
                continue;
            };
            let mut legal = Vec::new();
            legal_actions(&rules, &state, &mut legal);
            if !legal.contains(&Action::Pick(king)) {
                continue;
            }
            let params = IsmctsParams {
                iters: 60,
                ..IsmctsParams::default()
            };
            let picks = |bot: &IsmctsBot| {
                bot.root_children()
                    .iter()
                    .filter(|k| k.0 == Action::Pick(king))
                    .count()
            };
            let mut free = IsmctsBot::new(params.clone(), seed);
            free.decide(&view, &legal);
            assert_eq!(picks(&free), 1, "unbanned, the King is a root move");
            let mut ban = Ban::NONE;
            ban.insert(Character::King);
            let mut banned = IsmctsBot::new(params, seed).banning(ban);
            // The root's own list still offers the King: the tree must leave it out.
            assert_ne!(banned.decide(&view, &legal), Action::Pick(king));
            assert_eq!(picks(&banned), 0);
            checked += 1;
        }
        assert!(checked >= 2, "only {checked} first picks offered the King");
    }

    /// `searched=`: along a game in which seat 0 searches only the draft (and heuristic bots
    /// play the others), every decision offering a pick is searched (the root holds the full
    /// budget's visits), and every other decision with a choice is the default policy's move
    /// on the same view (a copy of its delegate answers the same), leaving the tree alone.
    #[test]
    fn only_the_decisions_of_the_searched_kinds_are_searched() {
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset");
        let params = IsmctsParams {
            iters: 40,
            stop: 0.0,
            reuse: false,
            searched: KindSet::parse("Pick+Discard").expect("kinds"),
            ..IsmctsParams::default()
        };
        let mut bot = IsmctsBot::new(params, 9);
        let mut others: Vec<HeuristicBot> = (1..4)
            .map(|s| HeuristicBot::new(s, HeuristicWeights::DEFAULT))
            .collect();
        let mut state = new_game(&rules, 9);
        let mut legal = Vec::new();
        let (mut searched, mut delegated) = (0, 0);
        while let Some(seat) = to_move(&state) {
            legal_actions(&rules, &state, &mut legal);
            let view = View::new(&rules, &state, seat);
            let action = if seat != Seat(0) {
                others[seat.index() - 1].decide(&view, &legal)
            } else if legal.len() == 1 {
                bot.decide(&view, &legal)
            } else if legal.iter().any(|a| matches!(a, Action::Pick(_))) {
                let action = bot.decide(&view, &legal);
                assert_eq!(bot.tree.node(0).visits, 40, "a pick is searched");
                searched += 1;
                action
            } else {
                let before = bot.root_children();
                let mut copy = bot.delegate.clone().expect("a delegate");
                let expected = copy.decide(&view, &legal);
                let action = bot.decide(&view, &legal);
                assert_eq!(action, expected, "the default policy's move");
                assert_eq!(bot.root_children(), before, "the tree is left alone");
                delegated += 1;
                action
            };
            apply(&rules, &mut state, action);
        }
        assert!(searched >= 5 && delegated >= 20, "{searched} {delegated}");
    }

    /// The progressive bias (Chaslot et al. 2008, "Progressive strategies for Monte-Carlo
    /// tree search"): with no exploration term and an overwhelming `prior`, every iteration
    /// after the expansions follows the heuristic's move, which is then played. Positions
    /// where heuristic bots with different tie-break streams disagree (a tie) are skipped.
    /// The full budget (`stop=0`), whose visits the test counts.
    #[test]
    fn the_prior_leads_the_search_to_the_heuristics_move() {
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(4))
            .expect("preset");
        let mut checked = 0;
        for seed in 1..=8 {
            let state = new_game(&rules, seed);
            let seat = to_move(&state).expect("a first decision");
            let mut legal = Vec::new();
            legal_actions(&rules, &state, &mut legal);
            let view = View::new(&rules, &state, seat);
            let model = HeuristicWeights::DEFAULT;
            let heuristic = HeuristicBot::new(1, model).decide(&view, &legal);
            if (2..10).any(|s| HeuristicBot::new(s, model).decide(&view, &legal) != heuristic) {
                continue;
            }
            let iters = 100;
            let params = IsmctsParams {
                iters,
                c: 0.0,
                prior: 1e6,
                stop: 0.0,
                ..IsmctsParams::default()
            };
            let mut bot = IsmctsBot::new(params, seed);
            assert_eq!(bot.decide(&view, &legal), heuristic);
            let visits = bot
                .root_children()
                .iter()
                .find(|k| k.0 == heuristic)
                .map(|k| k.1);
            assert_eq!(visits, Some(iters - (legal.len() as u32 - 1)));
            checked += 1;
        }
        assert!(
            checked >= 4,
            "only {checked} positions without heuristic ties"
        );
    }

    /// The mid-game positions of `benches/bots.rs`: the first turn decision with three legal
    /// moves or more from round 3 on, in heuristic games.
    fn mid_game(rules: &Rules, seed: u64) -> (State, Seat, Vec<Action>) {
        use crate::engine::state::Phase;
        crate::sim::heuristic_position(rules, seed, |state, legal| {
            state.round >= 3 && state.phase == Phase::Turns && legal.len() > 2
        })
        .expect("a mid-game decision")
    }

    /// `stop=1` ends a search only when the most visited move cannot be overtaken by the
    /// iterations left: it plays the move of the full budget, from the same random stream, in
    /// fewer iterations on some positions. A looser `stop` stops sooner still.
    #[test]
    fn exact_early_stopping_plays_the_full_budgets_move() {
        let mut saved = 0;
        let mut looser = 0;
        for players in [4, 5] {
            let rules = load_preset("first-game")
                .and_then(|c| c.rules(players))
                .expect("preset");
            for seed in [3, 11, 29, 41] {
                let (state, seat, legal) = mid_game(&rules, seed);
                let view = View::new(&rules, &state, seat);
                let search = |stop: f64| {
                    let params = IsmctsParams {
                        iters: 200,
                        stop,
                        ..IsmctsParams::default()
                    };
                    let mut bot = IsmctsBot::new(params, seed);
                    let action = bot.decide(&view, &legal);
                    (action, bot.last_iterations())
                };
                let (full, all) = search(0.0);
                let (early, spent) = search(1.0);
                let (_, fewer) = search(0.1);
                assert_eq!(all, 200);
                assert_eq!(early, full, "{players}p seed {seed}: {spent} iterations");
                assert!(fewer <= spent && spent <= all);
                saved += u32::from(spent < all);
                looser += u32::from(fewer < spent);
            }
        }
        assert!(
            saved >= 2,
            "exact stopping saved iterations on {saved} positions"
        );
        assert!(looser >= 2, "stop=0.1 stopped sooner on {looser} positions");
    }

    /// Tree reuse: in a game where seat 0 searches, every decision that follows a searched
    /// move in the same turn starts from that move's subtree, whose visits of the moves legal
    /// now count towards the budget (with `stop=0`, those visits end at `iters`); a decision
    /// in another turn starts afresh.
    #[test]
    fn the_next_decision_of_a_turn_starts_from_the_subtree_of_the_move_played() {
        let rules = load_preset("first-game")
            .and_then(|c| c.rules(5))
            .expect("preset");
        let iters = 60;
        let (mut reused, mut fresh) = (0, 0);
        for seed in 1..=3 {
            let mut state = new_game(&rules, seed);
            let params = IsmctsParams {
                iters,
                stop: 0.0,
                ..IsmctsParams::default()
            };
            let mut bot = IsmctsBot::new(params, seed);
            let mut others = HeuristicBot::new(seed, HeuristicWeights::DEFAULT);
            let mut legal = Vec::new();
            while let Some(seat) = to_move(&state) {
                legal_actions(&rules, &state, &mut legal);
                let view = View::new(&rules, &state, seat);
                if seat != Seat(0) {
                    let action = others.decide(&view, &legal);
                    apply(&rules, &mut state, action);
                    continue;
                }
                // What the kept subtree holds for the moves legal now, before the search.
                let kept = bot.kept.filter(|k| Some(k.turn) == my_turn(&view));
                let before: Option<(u32, u32)> = kept.map(|k| {
                    let legal_visits = bot
                        .tree
                        .children(k.node)
                        .map(|c| bot.tree.node(c))
                        .filter(|n| legal.contains(&n.action))
                        .map(|n| n.visits)
                        .sum();
                    (bot.tree.node(k.node).visits, legal_visits)
                });
                let action = bot.decide(&view, &legal);
                if legal.len() > 1 {
                    let root = bot.tree.node(0).visits;
                    let legal_visits: u32 = bot
                        .root_children()
                        .iter()
                        .filter(|k| legal.contains(&k.0))
                        .map(|k| k.1)
                        .sum();
                    match before {
                        Some((visits, old)) => {
                            // The root is the kept node, grown by the fresh iterations only.
                            assert_eq!(legal_visits, old.max(iters));
                            assert_eq!(root - visits, legal_visits - old);
                            reused += 1;
                        }
                        None => {
                            assert_eq!((root, legal_visits), (iters, iters));
                            fresh += 1;
                        }
                    }
                }
                apply(&rules, &mut state, action);
            }
        }
        assert!(reused >= 10, "only {reused} decisions reused a subtree");
        assert!(fresh >= 10, "only {fresh} decisions started afresh");
    }
}
