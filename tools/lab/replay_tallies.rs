//! How the players of saved games play, tallied over their replays: to set a population's
//! play beside the search's, move by move, where their win rates part. The games are those
//! of `train --save-data` files: the search's self-play (`train --teacher
//! ismcts:iters=1000 ...`) or a policy's, recorded the same way (`train --teacher policy
//! --games N --save-data FILE --epochs 1`). This is how the gaps in docs/agreement.md were found
//! ("What the policy could not see", "The Alchemist's refund", "At 2 players").
//!
//! `cargo run --release --example replay_tallies -- TALLY PLAYERS DATA...`
//!
//! - `turns:CHARACTER` (for example `turns:Warlord`): that character's turns: its gathering,
//!   its builds (how often it built nothing when it could, and whether the first build was
//!   the dearest card offered), its destructions (the Marshal's seizures and the Diplomat's
//!   exchanges count as such), its gold, and its wins per pick.
//! - `spend`: the decisions that offer a build, by whether one of the builds costs exactly
//!   the builder's gold (so that it leaves none, and pays no tax to the Tax Collector), and the
//!   choices between gold and cards, by whether the gold after taking it would match a card
//!   of the hand. Each line ends with the share of each choice.
//! - `kills`: whom the Assassin names, by character, and how often the named character is in
//!   another player's hand (the replay knows; the Assassin did not), and how often it names
//!   one its own view said nobody could hold (`View::possible_holders`).
//! - `bewitches`: the same for the Witch, by character, and the tax pool when the Tax
//!   Collector could be named, by whether it was.
//! - `destroys`: the Warlord's decisions that offer a destruction, the first of each turn
//!   after its gathering, by whether a build is offered too, the cheapest destruction's
//!   price (0, 1, 2 or more) and whether the target of the cheapest is the leader (the
//!   dearest city); each line ends with the share that destroyed, built, or did something
//!   else. `destroys:SPEC`
//!   (`destroys:policy`) also asks that bot, in each of those positions of the saved games,
//!   20 times, and gives the share of its answers that destroy: what it would do where the
//!   search was, apart from the positions its own play leads to.
//! - `gathers:SPEC` (`gathers:policy`): the choices between gold and cards, by the gold in
//!   hand (0 to 6 or more) and whether a card of the hand could be built after taking the
//!   gold, with the share that took the gold and the share of that bot's answers, asked 20
//!   times in each of those positions, that take it.
//! - `builds:SPEC`: the decisions that offer two builds or more, by how many (2, 3, 4 or
//!   more) and whether the dearest leaves gold: the share that built the dearest card, a
//!   cheaper one or none, and the same shares of that bot's answers, asked 20 times in each.
//! - `gold`: where the gold comes from and goes, per game: the change in every player's
//!   gold over each move, summed by the kind of the move (a robbery or a tax collected
//!   when a character is called counts under the move that ends the turn before).
//! - `characters`: the `characters.csv` a run would have written of these games (the games
//!   replayed by `sim::play_moves` into the records and statistics a run counts): saved as
//!   `DIR/characters.csv`, the search's saved games are one more sample of its characters'
//!   win rates, apart from those checked in (not a report folder that `agreement` reads: it
//!   has no manifest and no seats).
//!
//! Only the games of `PLAYERS` players count. A file that cannot be read or whose games do
//! not replay is refused (status 2).

use citadels_sim::bots::policy::features::kind_name;
use citadels_sim::bots::{AnyBot, Bot, BotSpec};
use citadels_sim::engine::characters::{current, rank8_price};
use citadels_sim::engine::scoring::outcome;
use citadels_sim::engine::state::Phase;
use citadels_sim::engine::{
    Action, Character, DistrictType, Rank, Rules, Seat, State, View, new_game,
};
use citadels_sim::report::{Section, run_tables};
use citadels_sim::sim::{Observer, play_moves};
use citadels_sim::stats::Stats;
use citadels_sim::stats::record::GameRecord;
use citadels_sim::train::file;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::process::ExitCode;

/// One move of a replayed game: `seat` plays `action` among `legal` in `state` (the state
/// before it).
struct Move<'a> {
    rules: &'a Rules,
    state: &'a State,
    seat: Seat,
    legal: &'a [Action],
    action: Action,
}

impl Move<'_> {
    /// What the mover saw.
    fn view(&self) -> View<'_> {
        View::new(self.rules, self.state, self.seat)
    }
}

/// One tally: it sees every move of every game (with the state before it) and the end.
trait Tally {
    /// A new game, dealt in `state`.
    fn start(&mut self, _state: &State) {}
    fn before(&mut self, play: &Move);
    /// `seat` has played its move; `state` is the state after it.
    fn after(&mut self, _seat: Seat, _state: &State) {}
    /// The game is over in `state`; `record` is what a run counts of it.
    fn end(&mut self, _rules: &Rules, _state: &State, _record: &GameRecord) {}
    fn print(&self);
}

fn ratio(a: u64, b: u64) -> f64 {
    a as f64 / b.max(1) as f64
}

fn percent(a: u64, b: u64) -> f64 {
    100.0 * ratio(a, b)
}

/// `turns:CHARACTER`: `who`'s turns, counted in `counts`.
struct Turns {
    who: Character,
    counts: TurnCounts,
    // Within a game:
    holders: Vec<Seat>,
    in_turn: bool,
    /// The move being played ends one of the character's turns.
    ending: bool,
    build_seen: bool,
    destroy_seen: bool,
}

#[derive(Default)]
struct TurnCounts {
    games: u64,
    picks: u64,
    wins: u64,
    gold_at_pick: u64,
    turns: u64,
    gold_at_start: u64,
    gold_at_end: u64,
    gather_choices: u64,
    took_gold: u64,
    could_build: u64,
    built_none: u64,
    dearest_first: u64,
    builds: u64,
    paid: u64,
    could_destroy: u64,
    destroys: u64,
    destroyed_cost: u64,
    destroyed_with_build_offered: u64,
}

impl Turns {
    fn of(who: Character) -> Turns {
        Turns {
            who,
            counts: TurnCounts::default(),
            holders: Vec::new(),
            in_turn: false,
            ending: false,
            build_seen: false,
            destroy_seen: false,
        }
    }

    /// Whether `seat` plays the character's turn in `state`.
    fn mine(&self, state: &State, seat: Seat) -> bool {
        state.phase == Phase::Turns
            && state.character(state.turn.rank).is_some()
            && current(state) == self.who
            && state.turn.seat == seat
    }
}

impl Tally for Turns {
    fn start(&mut self, state: &State) {
        self.holders.clear();
        self.in_turn = false;
        if state.cast.contains(&Some(self.who)) {
            self.counts.games += 1;
        }
    }

    fn before(&mut self, play: &Move) {
        let &Move {
            rules,
            state,
            seat,
            legal,
            action,
        } = play;
        let (who, mine) = (self.who, self.mine(state, seat));
        let c = &mut self.counts;
        if let Action::Pick(rank) = action
            && state.character(rank) == Some(who)
        {
            c.picks += 1;
            c.gold_at_pick += u64::from(state.gold[seat.index()]);
            self.holders.push(seat);
        }
        self.ending = false;
        if !mine {
            return;
        }
        self.ending = action == Action::EndTurn;
        if !self.in_turn {
            self.in_turn = true;
            self.build_seen = false;
            self.destroy_seen = false;
            c.turns += 1;
            c.gold_at_start += u64::from(state.gold[seat.index()]);
        }
        if legal.len() > 1 && legal.contains(&Action::TakeGold) {
            c.gather_choices += 1;
            c.took_gold += u64::from(action == Action::TakeGold);
        }
        let cost = |action: &Action| match action {
            Action::Build(card) => Some(u64::from(rules.card(*card).cost)),
            _ => None,
        };
        if let Some(dearest) = legal.iter().filter_map(cost).max()
            && !self.build_seen
        {
            self.build_seen = true;
            c.could_build += 1;
            c.dearest_first += u64::from(cost(&action) == Some(dearest));
            c.built_none += u64::from(action == Action::EndTurn);
        }
        if legal.iter().any(is_rank8_hit) && !self.destroy_seen {
            self.destroy_seen = true;
            c.could_destroy += 1;
        }
        match action {
            Action::Destroy(_, card) | Action::Seize(_, card) | Action::Exchange(_, card, _) => {
                c.destroys += 1;
                c.destroyed_cost += u64::from(rules.card(card).cost);
                c.destroyed_with_build_offered +=
                    u64::from(legal.iter().any(|a| matches!(a, Action::Build(_))));
            }
            Action::Build(card) => {
                c.builds += 1;
                c.paid += u64::from(rules.card(card).cost);
            }
            _ => {}
        }
    }

    /// The gold at the end of a turn is counted after it ends: the Alchemist's refund
    /// comes then.
    fn after(&mut self, seat: Seat, state: &State) {
        if self.ending {
            self.in_turn = false;
            self.counts.gold_at_end += u64::from(state.gold[seat.index()]);
        }
    }

    fn end(&mut self, rules: &Rules, state: &State, _record: &GameRecord) {
        let winners = outcome(rules, state).winners;
        self.counts.wins += self
            .holders
            .iter()
            .filter(|&&s| winners.contains(s))
            .count() as u64;
    }

    fn print(&self) {
        let c = &self.counts;
        println!(
            "{:?}: {} games with it, picked {} times, wins per pick {:.3}, gold at the pick {:.2}",
            self.who,
            c.games,
            c.picks,
            ratio(c.wins, c.picks),
            ratio(c.gold_at_pick, c.picks)
        );
        println!(
            "turns {}: gold at the start {:.2}, at the end {:.2}; took gold in {:.1}% of {} choices",
            c.turns,
            ratio(c.gold_at_start, c.turns),
            ratio(c.gold_at_end, c.turns),
            percent(c.took_gold, c.gather_choices),
            c.gather_choices
        );
        println!(
            "builds per turn {:.2}, cost per build {:.2}; of {} turns that could build: built nothing {:.1}%, the dearest card first {:.1}%",
            ratio(c.builds, c.turns),
            ratio(c.paid, c.builds),
            c.could_build,
            percent(c.built_none, c.could_build),
            percent(c.dearest_first, c.could_build)
        );
        println!(
            "destructions (the Marshal's seizures, the Diplomat's exchanges) per turn {:.2}, on {:.1}% of the turns that could, cost {:.2}, with a build offered {:.1}%",
            ratio(c.destroys, c.turns),
            percent(c.destroys, c.could_destroy),
            ratio(c.destroyed_cost, c.destroys),
            percent(c.destroyed_with_build_offered, c.destroys)
        );
    }
}

/// The rank-8 characters' move against another city: the Warlord's destruction, the
/// Marshal's seizure, the Diplomat's exchange (of the other player's district, the card
/// counted).
fn is_rank8_hit(action: &Action) -> bool {
    matches!(
        action,
        Action::Destroy(..) | Action::Seize(..) | Action::Exchange(..)
    )
}

/// `spend`: counts of each choice, by situation.
#[derive(Default)]
struct Spend {
    /// [a build of exactly my gold, another build, no build]
    builds: BTreeMap<String, [u64; 3]>,
    /// [gold, cards]
    gathers: BTreeMap<String, [u64; 2]>,
}

impl Tally for Spend {
    fn before(&mut self, play: &Move) {
        let (rules, legal, action) = (play.rules, play.legal, play.action);
        if legal.len() < 2 {
            return;
        }
        let view = play.view();
        let gold = view.my_gold();
        let build_cost = |action: &Action| match action {
            Action::Build(card) => Some(view.build_cost(*card)),
            _ => None,
        };
        let costs: Vec<u16> = legal.iter().filter_map(build_cost).collect();
        if !costs.is_empty() {
            let key = format!(
                "build: one costs all my gold {}, taxed {}",
                costs.contains(&gold) as u8,
                view.taxes_my_builds() as u8
            );
            let choice = match build_cost(&action) {
                Some(cost) if cost == gold => 0,
                Some(_) => 1,
                None => 2,
            };
            self.builds.entry(key).or_default()[choice] += 1;
        }
        if legal.contains(&Action::TakeGold) && legal.contains(&Action::DrawCards) {
            // The cards of the hand that could be built (not a district already in my city).
            let in_city = |card| {
                let district = rules.card(card).district;
                view.my_city()
                    .iter()
                    .any(|c| rules.card(c).district == district)
            };
            let hand: Vec<u16> = view
                .my_hand()
                .iter()
                .filter(|&card| !in_city(card))
                .map(|card| view.build_cost(card))
                .collect();
            let key = format!(
                "gather: a card costs my gold {}, my gold + 2 {}, affordable after gold {}",
                hand.contains(&gold) as u8,
                hand.contains(&(gold + 2)) as u8,
                hand.iter().any(|&c| c <= gold + 2) as u8
            );
            self.gathers.entry(key).or_default()[usize::from(action == Action::DrawCards)] += 1;
        }
    }

    fn print(&self) {
        for (key, [exact, other, none]) in &self.builds {
            let n = exact + other + none;
            println!(
                "{key:45} {n:7}: that build {:5.1}%, another {:5.1}%, none {:5.1}%",
                percent(*exact, n),
                percent(*other, n),
                percent(*none, n)
            );
        }
        for (key, [gold, cards]) in &self.gathers {
            let n = gold + cards;
            println!("{key:70} {n:7}: gold {:5.1}%", percent(*gold, n));
        }
    }
}

/// `kills` and `bewitches`: whom the Assassin kills or the Witch bewitches, by character:
/// [named, in another player's hand].
struct Names {
    /// The naming: `Action::Kill` or `Action::Bewitch`, told apart by `rank_named`.
    verb: &'static str,
    rank_named: fn(Action) -> Option<Rank>,
    characters: BTreeMap<String, [u64; 2]>,
    /// Namings of a character the namer's own view said nobody could hold
    /// (`View::possible_holders` empty): a naming wasted knowingly.
    known_out: u64,
    /// The tax pool when the Tax Collector could be named: [times, pool] when it was
    /// named, [times, pool] when it was not (what the Witch takes over with its turn).
    tax_pool: [[u64; 2]; 2],
}

impl Names {
    fn kills() -> Names {
        Names::of("kills", |action| match action {
            Action::Kill(rank) => Some(rank),
            _ => None,
        })
    }

    fn bewitches() -> Names {
        Names::of("bewitches", |action| match action {
            Action::Bewitch(rank) => Some(rank),
            _ => None,
        })
    }

    fn of(verb: &'static str, rank_named: fn(Action) -> Option<Rank>) -> Names {
        Names {
            verb,
            rank_named,
            characters: BTreeMap::new(),
            known_out: 0,
            tax_pool: [[0; 2]; 2],
        }
    }
}

impl Tally for Names {
    fn before(&mut self, play: &Move) {
        let (state, seat) = (play.state, play.seat);
        let Some(rank) = (self.rank_named)(play.action) else {
            return;
        };
        let held = (0..state.players)
            .map(Seat)
            .any(|s| s != seat && state.ranks_of(s).contains(rank));
        let name = format!("{rank:?} {:?}", state.character(rank));
        let counts = self.characters.entry(name).or_default();
        counts[0] += 1;
        counts[1] += u64::from(held);
        let holders = play.view().possible_holders();
        self.known_out += u64::from(holders[rank.index()].is_empty());
        let is_collector = |r: Rank| state.character(r) == Some(Character::TaxCollector);
        if play
            .legal
            .iter()
            .any(|&a| (self.rank_named)(a).is_some_and(is_collector))
        {
            let pool = &mut self.tax_pool[usize::from(!is_collector(rank))];
            pool[0] += 1;
            pool[1] += u64::from(state.tax_pool);
        }
    }

    fn print(&self) {
        let named: u64 = self.characters.values().map(|r| r[0]).sum();
        let hit: u64 = self.characters.values().map(|r| r[1]).sum();
        println!(
            "{} {named}: the named character is in play {:.1}%; named one the namer \
             knew nobody held {:.1}%",
            self.verb,
            percent(hit, named),
            percent(self.known_out, named)
        );
        for (name, [n, h]) in &self.characters {
            println!(
                "{name:32}: named {:5.1}% of the {}, in play {:5.1}%",
                percent(*n, named),
                self.verb,
                percent(*h, *n)
            );
        }
        let [[named_times, named_pool], [other_times, other_pool]] = self.tax_pool;
        if named_times + other_times > 0 {
            println!(
                "the Tax Collector offered {}: named {:.1}% (tax pool {:.2}), not named (tax \
                 pool {:.2})",
                named_times + other_times,
                percent(named_times, named_times + other_times),
                ratio(named_pool, named_times),
                ratio(other_pool, other_times)
            );
        }
    }
}

/// `spies`: the Spy's ability, by the district type named: how many cards it gained and
/// gold it took, and how often the type was the best for that hand (the replay knows the
/// hand; the Spy did not) and the seat the one with the most cards.
#[derive(Default)]
struct Spies {
    /// Per type: [times, cards gained, gold taken, the best type for the hand, the largest hand].
    types: BTreeMap<String, [u64; 5]>,
}

impl Tally for Spies {
    fn before(&mut self, play: &Move) {
        let (rules, state, seat) = (play.rules, play.state, play.seat);
        let Action::Spy(target, dtype) = play.action else {
            return;
        };
        let hand = state.hand[target.index()];
        let matches = |t: DistrictType| hand.intersection(rules.by_type[t.index()]).len() as u64;
        let gained = matches(dtype);
        let best = DistrictType::ALL
            .iter()
            .map(|&t| matches(t))
            .max()
            .unwrap_or(0);
        let largest = (0..state.players)
            .map(Seat)
            .filter(|&s| s != seat)
            .map(|s| state.hand[s.index()].len())
            .max()
            .unwrap_or(0);
        let counts = self.types.entry(format!("{dtype:?}")).or_default();
        counts[0] += 1;
        counts[1] += gained;
        counts[2] += gained.min(u64::from(state.gold[target.index()]));
        counts[3] += u64::from(gained == best);
        counts[4] += u64::from(hand.len() == largest);
    }

    fn print(&self) {
        let all: u64 = self.types.values().map(|c| c[0]).sum();
        let total = |i: usize| self.types.values().map(|c| c[i]).sum::<u64>();
        println!(
            "spies {all}: cards gained {:.2}, gold taken {:.2}, the best type {:.1}%, the largest hand {:.1}%",
            ratio(total(1), all),
            ratio(total(2), all),
            percent(total(3), all),
            percent(total(4), all)
        );
        for (name, [n, cards, gold, best, largest]) in &self.types {
            println!(
                "{name:10}: {:5.1}% of the spies, cards {:.2}, gold {:.2}, the best type {:5.1}%, the largest hand {:5.1}%",
                percent(*n, all),
                ratio(*cards, *n),
                ratio(*gold, *n),
                percent(*best, *n),
                percent(*largest, *n)
            );
        }
    }
}

/// `destroys`: per situation, [destroyed, built, other] at the first decision of a turn that
/// offers the Warlord's destruction once the Warlord has gathered.
#[derive(Default)]
struct Destroys {
    situations: BTreeMap<String, [u64; 5]>,
    /// The bot asked in the same positions (`destroys:SPEC`).
    asker: Option<Asker>,
    /// The turn (seat, round, rank) whose first offer was counted.
    counted: Option<(Seat, u16, Rank)>,
}

impl Tally for Destroys {
    fn before(&mut self, play: &Move) {
        let (rules, state, seat) = (play.rules, play.state, play.seat);
        let prices: Vec<(u16, Seat)> = play
            .legal
            .iter()
            .filter_map(|&a| match a {
                Action::Destroy(target, _) => Some((rank8_price(rules, state, a), target)),
                _ => None,
            })
            .collect();
        let Some(&(cheapest, target)) = prices.iter().min_by_key(|(price, _)| *price) else {
            return;
        };
        if play.legal.contains(&Action::TakeGold) {
            return;
        }
        let turn = (seat, state.round, state.turn.rank);
        if self.counted == Some(turn) {
            return;
        }
        self.counted = Some(turn);
        let points = |s: Seat| {
            state.city[s.index()]
                .iter()
                .map(|c| u32::from(rules.card(c).cost))
                .sum::<u32>()
        };
        let leader = (0..state.players)
            .map(Seat)
            .filter(|&s| s != seat)
            .max_by_key(|&s| points(s))
            .is_some_and(|s| points(s) == points(target));
        let build = play.legal.iter().any(|a| matches!(a, Action::Build(_)));
        let key = format!(
            "build offered {}, cheapest price {}, its target the leader {}",
            build as u8,
            cheapest.min(2),
            leader as u8
        );
        let choice = match play.action {
            Action::Destroy(..) => 0,
            Action::Build(_) => 1,
            _ => 2,
        };
        let counts = self.situations.entry(key).or_default();
        counts[choice] += 1;
        if let Some(asker) = &mut self.asker {
            asker.ask(play, |answer| {
                counts[3] += 1;
                counts[4] += u64::from(matches!(answer, Action::Destroy(..)));
            });
        }
    }

    fn print(&self) {
        for (key, [destroyed, built, other, asked, bot_destroyed]) in &self.situations {
            let n = destroyed + built + other;
            let bot = match asked {
                0 => String::new(),
                _ => format!(
                    "; the bot destroys {:5.1}%",
                    percent(*bot_destroyed, *asked)
                ),
            };
            println!(
                "{key:60} {n:6}: destroy {:5.1}%, build {:5.1}%, other {:5.1}%{bot}",
                percent(*destroyed, n),
                percent(*built, n),
                percent(*other, n)
            );
        }
    }
}

/// `gold`: per kind of move, [gold gained, gold lost] over every player, and the games.
#[derive(Default)]
struct Gold {
    kinds: BTreeMap<&'static str, [u64; 2]>,
    games: u64,
    rounds: u64,
    before: [u16; 8],
    kind: &'static str,
}

impl Tally for Gold {
    fn start(&mut self, _state: &State) {
        self.games += 1;
    }

    fn before(&mut self, play: &Move) {
        self.before = play.state.gold;
        self.kind = kind_name(play.action);
    }

    fn end(&mut self, _rules: &Rules, state: &State, _record: &GameRecord) {
        self.rounds += u64::from(state.round);
    }

    fn after(&mut self, _seat: Seat, state: &State) {
        let flows = self.kinds.entry(self.kind).or_default();
        for (&after, &before) in state.gold.iter().zip(&self.before) {
            flows[0] += u64::from(after.saturating_sub(before));
            flows[1] += u64::from(before.saturating_sub(after));
        }
    }

    fn print(&self) {
        println!("rounds per game {:.2}", ratio(self.rounds, self.games));
        for (kind, [gained, lost]) in &self.kinds {
            println!(
                "{kind:16} gained {:6.2}, lost {:6.2} per game",
                ratio(*gained, self.games),
                ratio(*lost, self.games)
            );
        }
    }
}

/// `gathers:SPEC`: per situation, [choices, took gold, asked, the bot took gold].
struct Gathers {
    situations: BTreeMap<String, [u64; 4]>,
    asker: Asker,
}

impl Tally for Gathers {
    fn before(&mut self, play: &Move) {
        let legal = play.legal;
        if !(legal.contains(&Action::TakeGold) && legal.contains(&Action::DrawCards)) {
            return;
        }
        let view = play.view();
        let gold = view.my_gold();
        let affordable = play
            .rules
            .distinct_new_districts(view.my_hand(), view.my_city(), false)
            .iter()
            .any(|card| view.build_cost(card) <= gold + 2);
        let key = format!(
            "gold {}, a card affordable after taking gold {}",
            gold.min(6),
            affordable as u8
        );
        let counts = self.situations.entry(key).or_default();
        counts[0] += 1;
        counts[1] += u64::from(play.action == Action::TakeGold);
        self.asker.ask(play, |answer| {
            counts[2] += 1;
            counts[3] += u64::from(answer == Action::TakeGold);
        });
    }

    fn print(&self) {
        for (key, [n, gold, asked, bot_gold]) in &self.situations {
            println!(
                "{key:45} {n:7}: took gold {:5.1}%, the bot {:5.1}%",
                percent(*gold, *n),
                percent(*bot_gold, *asked)
            );
        }
    }
}

/// `builds:SPEC`: per situation, [the dearest, a cheaper build, none] for the saved move and
/// for the bot's answers.
struct Builds {
    situations: BTreeMap<String, [[u64; 3]; 2]>,
    asker: Asker,
}

impl Tally for Builds {
    fn before(&mut self, play: &Move) {
        let view = play.view();
        let cost = |action: Action| match action {
            Action::Build(card) => Some(view.build_cost(card)),
            _ => None,
        };
        let costs: Vec<u16> = play.legal.iter().filter_map(|&a| cost(a)).collect();
        let Some(&dearest) = costs.iter().max() else {
            return;
        };
        if costs.len() < 2 {
            return;
        }
        let key = format!(
            "builds offered {}, the dearest leaves gold {}",
            costs.len().min(4),
            (view.my_gold() > dearest) as u8
        );
        let choice = |action: Action| match cost(action) {
            Some(c) if c == dearest => 0,
            Some(_) => 1,
            None => 2,
        };
        let counts = self.situations.entry(key).or_default();
        counts[0][choice(play.action)] += 1;
        self.asker
            .ask(play, |answer| counts[1][choice(answer)] += 1);
    }

    fn print(&self) {
        for (key, [saved, asked]) in &self.situations {
            let shares = |c: &[u64; 3]| {
                let n = c.iter().sum::<u64>();
                format!(
                    "dearest {:5.1}%, cheaper {:5.1}%, none {:5.1}%",
                    percent(c[0], n),
                    percent(c[1], n),
                    percent(c[2], n)
                )
            };
            let n: u64 = saved.iter().sum();
            println!(
                "{key:42} {n:6}: {}; the bot {}",
                shares(saved),
                shares(asked)
            );
        }
    }
}

/// A bot asked for its move in the saved games' positions (`destroys:SPEC`, `gathers:SPEC`,
/// `builds:SPEC`), made for the first game's cast.
struct Asker {
    spec: BotSpec,
    bot: Option<AnyBot>,
}

impl Asker {
    /// The bot of a tally's `:SPEC`, if it is one.
    fn of(spec: &str) -> Option<Asker> {
        let spec = BotSpec::parse(spec).ok()?;
        Some(Asker { spec, bot: None })
    }

    /// Asks the bot `ASKED` times in `play`'s position; `each` sees every answer.
    fn ask(&mut self, play: &Move, mut each: impl FnMut(Action)) {
        let spec = &self.spec;
        let bot = self.bot.get_or_insert_with(|| {
            let cast = play.rules.cast_pools.to_vec();
            AnyBot::new(&spec.clone().for_cast(&cast), 1)
        });
        let view = play.view();
        for _ in 0..ASKED {
            each(bot.decide(&view, play.legal));
        }
    }
}

/// How many times an `Asker` asks in each position.
const ASKED: u64 = 20;

/// `characters`: the games' records added up as a run adds them (`Stats`), written as a
/// run writes `characters.csv` (`report::run_tables::characters`).
#[derive(Default)]
struct Characters {
    /// The rules of the first game and the records so far.
    counted: Option<(Rules, Stats)>,
}

impl Tally for Characters {
    fn before(&mut self, _play: &Move) {}

    fn end(&mut self, rules: &Rules, _state: &State, record: &GameRecord) {
        let (_, stats) = self
            .counted
            .get_or_insert_with(|| (rules.clone(), Stats::new(rules.players)));
        stats.add(record);
    }

    fn print(&self) {
        let Some((rules, stats)) = &self.counted else {
            return;
        };
        // The table reads no bot specs: the saved games' bots are not named here.
        let section = Section {
            rules,
            stats,
            bots: &[],
        };
        match run_tables::characters(&[section]).to_csv() {
            Ok(bytes) => print!("{}", String::from_utf8_lossy(&bytes)),
            Err(e) => eprintln!("replay_tallies: characters.csv: {e}"),
        }
    }
}

/// Shows each replayed move's outcome to the tally (`Tally::after`), with the seat that made
/// the move.
struct Replayed<'a, 't> {
    tally: &'a RefCell<&'t mut Box<dyn Tally>>,
    mover: &'a Cell<Seat>,
}

impl Observer for Replayed<'_, '_> {
    fn before_action(&mut self, _: &Rules, _: &State, seat: Seat, _: Action) {
        self.mover.set(seat);
    }

    fn after_action(&mut self, _: &Rules, state: &State) {
        self.tally.borrow_mut().after(self.mover.get(), state);
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("replay_tallies: {message}");
    ExitCode::from(2)
}

fn tally(name: &str) -> Option<Box<dyn Tally>> {
    match name.split_once(':') {
        Some(("turns", character)) => Character::ALL
            .iter()
            .find(|c| format!("{c:?}") == character)
            .map(|&c| Box::new(Turns::of(c)) as Box<dyn Tally>),
        None if name == "spend" => Some(Box::new(Spend::default())),
        None if name == "kills" => Some(Box::new(Names::kills())),
        None if name == "bewitches" => Some(Box::new(Names::bewitches())),
        None if name == "spies" => Some(Box::new(Spies::default())),
        Some(("gathers", spec)) => Asker::of(spec).map(|asker| {
            Box::new(Gathers {
                situations: BTreeMap::new(),
                asker,
            }) as Box<dyn Tally>
        }),
        Some(("builds", spec)) => Asker::of(spec).map(|asker| {
            Box::new(Builds {
                situations: BTreeMap::new(),
                asker,
            }) as Box<dyn Tally>
        }),
        None if name == "gold" => Some(Box::new(Gold::default())),
        None if name == "destroys" => Some(Box::new(Destroys::default())),
        Some(("destroys", spec)) => Asker::of(spec).map(|asker| {
            Box::new(Destroys {
                asker: Some(asker),
                ..Destroys::default()
            }) as Box<dyn Tally>
        }),
        None if name == "characters" => Some(Box::new(Characters::default())),
        _ => None,
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        return fail(
            "usage: replay_tallies turns:CHARACTER|spend|kills|bewitches|spies|destroys[:SPEC]|gathers:SPEC|builds:SPEC|gold|characters PLAYERS DATA...",
        );
    }
    let Some(mut tally) = tally(&args[0]) else {
        return fail(&format!(
            "{}: not a tally (turns:CHARACTER with a character's name as Warlord, spend, kills, bewitches, spies, destroys or destroys:SPEC, gathers:SPEC, builds:SPEC with a bot's spec as policy, gold, characters)",
            args[0]
        ));
    };
    let Ok(players) = args[1].parse::<u8>() else {
        return fail(&format!("{}: not a player count", args[1]));
    };
    let mut legal = Vec::new();
    let mut games = 0;
    for path in &args[2..] {
        let data = match file::read(std::path::Path::new(path)) {
            Ok(data) => data,
            Err(e) => return fail(&format!("{path}: {e}")),
        };
        let rules = match data.config.rules(players) {
            Ok(rules) => rules,
            Err(e) => return fail(&format!("{path}: {e}")),
        };
        for game in data.games.iter().filter(|g| g.players == players) {
            let tally = RefCell::new(&mut tally);
            let mover = Cell::new(Seat(0));
            let mut answers = game.answers.iter();
            let mut replays = true;
            tally.borrow_mut().start(&new_game(&rules, game.seed));
            // The saved answers, in the order of the decisions with a choice; each move is
            // shown to the tally before it is applied and after (`Replayed`).
            let (record, state) = play_moves(
                &rules,
                game.seed,
                &mut legal,
                &mut Replayed {
                    tally: &tally,
                    mover: &mover,
                },
                |state, seat, legal| {
                    let action = match legal {
                        [only] => *only,
                        _ => match answers.next().map(|a| a.played as usize) {
                            Some(played) if played < legal.len() => legal[played],
                            _ => {
                                replays = false;
                                legal[0]
                            }
                        },
                    };
                    tally.borrow_mut().before(&Move {
                        rules: &rules,
                        state,
                        seat,
                        legal,
                        action,
                    });
                    action
                },
            );
            if !replays {
                return fail(&format!("{path}: game {} does not replay", game.seed));
            }
            tally.borrow_mut().end(&rules, &state, &record);
            games += 1;
        }
    }
    eprintln!("{games} games of {players} players");
    tally.print();
    ExitCode::SUCCESS
}
