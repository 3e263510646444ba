//! Tests of the features: names, layout, and the facts each kind of action gives.

use super::net::*;
use super::*;
use crate::bots::policy::test_games::{
    each_decision, each_decision_of, preset_rules, small_values,
};
use crate::bots::policy::weights::{Hidden, MAX_UNITS};
use crate::bots::policy::{KindSet, PolicyWeights};
use crate::engine::characters;
use crate::engine::ids::{CardId, Character, District, DistrictType, Rank, Seat};
use crate::engine::legal::{legal_actions, to_move};
use crate::engine::rng::GameRng;
use crate::engine::sets::RankSet;
use crate::engine::state::Pending;
use crate::engine::{State, apply, new_game};

/// Every feature has its own name, so a weights file maps names to indices one to one.
#[test]
fn feature_names_are_distinct_and_cover_the_space() {
    let names: std::collections::BTreeSet<String> = (0..FEATURES).map(feature_name).collect();
    assert_eq!(names.len(), FEATURES);
    assert!(names.contains("pick.TaxCollector.crown"));
    assert!(names.contains("target.kill.Assassin.bias"));
    assert_eq!(feature_name(Layout::CONTEXT - 1), "misc.forgoes_build");
    assert!(names.contains("context.NavigatorCards.useful"));
    assert_eq!(feature_name(FEATURES - 1), "spy.gold");
    assert_eq!(feature_name(Layout::SPY - 1), "exchange.type_lost");
    assert_eq!(feature_name(Layout::KIND + KINDS.len() - 1), "kind.EndTurn");
}

/// A block of features is the first part of their names, so `--fit-only spy` fits
/// exactly the `spy.` features; unknown names are refused with the list.
#[test]
fn feature_blocks_are_the_first_part_of_the_names() {
    for (b, &block) in BLOCKS.iter().enumerate() {
        let set = FeatureBlocks::parse(block).expect("a block");
        assert_eq!(set.to_string(), block);
        for index in 0..FEATURES {
            let name = feature_name(index);
            let first = name.split('.').next().expect("a name");
            assert_eq!(set.contains_feature(index), first == block, "{name} {b}");
        }
    }
    let two = FeatureBlocks::parse("spy+exchange").expect("two blocks");
    assert_eq!(two.to_string(), "exchange+spy");
    assert!(
        !two.contains_feature(FEATURES),
        "past the features: the hidden layer"
    );
    let error = FeatureBlocks::parse("spy+spies").unwrap_err();
    assert!(
        error.contains("\"spies\"") && error.contains("exchange, spy"),
        "{error}"
    );
}

/// `kind_of` follows `KINDS`: the name of an action's kind is its variant's name.
#[test]
fn kinds_are_named_after_their_variants() {
    let cases = [
        (Action::TakeGold, "TakeGold"),
        (Action::Kill(Rank(4)), "Kill"),
        (Action::Destroy(Seat(1), CardId(3)), "Destroy"),
        (Action::SmithyDraw, "SmithyDraw"),
        (Action::EndTurn, "EndTurn"),
        (Action::Pick(Rank(1)), "Pick"),
    ];
    for (action, name) in cases {
        assert_eq!(KINDS[kind_of(action)], name);
        assert_eq!(kind_name(action), name);
        assert!(format!("{action:?}").starts_with(name));
    }
}

/// Each context action's slot is its own, its features are named after its kind, and
/// other kinds have none.
#[test]
fn context_kinds_are_the_slots_of_their_actions() {
    for (i, &action) in CONTEXT_ACTIONS.iter().enumerate() {
        let slot = context_slot(action).expect("a context kind");
        assert_eq!(slot, i);
        assert_eq!(kind_name(CONTEXT_ACTIONS[slot]), kind_name(action));
        let first = feature_name(Layout::CONTEXT + slot * GATHER_FACTS.len());
        assert_eq!(first, format!("context.{}.gold", kind_name(action)));
    }
    assert_eq!(context_slot(Action::TakeGold), None);
    assert_eq!(context_slot(Action::Build(CardId(0))), None);
}

/// The value of feature `name` among an action's pairs, if it has one.
fn fact_of(view: &View, legal: &[Action], action: Action, name: &str) -> Option<f32> {
    let kept = Kept::default();
    let mut pairs = Pairs(Vec::new());
    DecisionFeatures::new(view, legal, &kept).action(action, &mut pairs);
    pairs
        .0
        .iter()
        .find(|(i, _)| feature_name(*i) == name)
        .map(|p| p.1)
}

/// The Spy's look is described by the cards of the named type it can expect in the
/// hand: "For each card in his hand that matches the named district type, take one gold
/// from that player's stash and gain one card from the deck" (2016 rulebook, Spy). The
/// cards of the type it knows are there; the rest of the hand is shared out by the types'
/// shares of the cards it has not seen, so over the five types the expected cards add up
/// to the hand; the gold is the expected cards up to the player's stash.
#[test]
fn a_spys_look_expects_the_cards_of_the_named_type_in_the_hand() {
    let (mut looks, mut known_some) = (0, 0);
    each_decision_of("all-characters", 3, 0..400, |seed, _, view, legal| {
        let targets: Vec<Seat> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Spy(target, DistrictType::Noble) => Some(*target),
                _ => None,
            })
            .collect();
        for target in targets {
            let mut expected_sum = 0.0;
            for &dtype in DistrictType::ALL {
                let action = Action::Spy(target, dtype);
                let fact = |name: &str| {
                    fact_of(view, legal, action, &format!("spy.{name}"))
                        .expect("every look has its facts")
                };
                let of_type = view.rules().by_type[dtype.index()];
                let known = view.known_hand(target).intersection(of_type).len() as f32;
                assert_eq!(fact("known"), known / 3.0, "seed {seed}");
                let expected = 3.0 * fact("expected");
                assert!(expected >= known - 1e-5, "seed {seed}");
                let gold = expected.min(view.gold(target) as f32) / 3.0;
                assert!((fact("gold") - gold).abs() < 1e-6, "seed {seed}");
                expected_sum += expected;
                known_some += (known > 0.0) as usize;
                looks += 1;
            }
            let hand = view.hand_size(target) as f32;
            assert!(
                (expected_sum - hand).abs() < 1e-4,
                "seed {seed}: {expected_sum} {hand}"
            );
        }
    });
    assert!(
        looks > 500 && known_some > 0,
        "{looks} looks, {known_some} with known cards"
    );
}

/// The Diplomat's exchange is described by what it gains and pays: the difference in
/// cost between the taken and the given district ("If the other player's district has
/// a higher cost than your district, you must give that player the difference in
/// gold", 2016 rulebook, Diplomat), the given one's cost, and whether it is my only
/// district of its type.
#[test]
fn an_exchange_gives_the_difference_in_cost_and_the_given_district() {
    let (mut exchanges, mut paid, mut lost, mut unique) = (0, 0, 0, 0);
    each_decision_of("all-characters", 5, 0..300, |seed, _, view, legal| {
        for &action in legal {
            let Action::Exchange(_, theirs, mine) = action else {
                continue;
            };
            let fact = |name: &str| {
                fact_of(view, legal, action, &format!("exchange.{name}"))
                    .expect("every exchange has its facts")
            };
            let gain = view.district_cost(theirs) as f32 - view.district_cost(mine) as f32;
            assert_eq!(fact("gain"), gain / 5.0, "seed {seed}");
            assert_eq!(fact("pay"), gain.max(0.0) / 5.0, "seed {seed}");
            assert_eq!(
                fact("given_cost"),
                view.district_cost(mine) as f32 / 5.0,
                "seed {seed}"
            );
            let (given, taken) = (view.rules().card(mine), view.rules().card(theirs));
            let same_type_in_city = view
                .my_city()
                .iter()
                .filter(|&c| view.rules().card(c).dtype == given.dtype)
                .count();
            let expected_lost = same_type_in_city == 1 && taken.dtype != given.dtype;
            assert_eq!(fact("type_lost"), expected_lost as u8 as f32, "seed {seed}");
            let is_unique = given.dtype == DistrictType::Unique;
            assert_eq!(fact("given_unique"), is_unique as u8 as f32, "seed {seed}");
            exchanges += 1;
            paid += (gain > 0.0) as usize;
            lost += expected_lost as usize;
            unique += is_unique as usize;
        }
    });
    assert!(
        exchanges > 50 && paid > 5 && lost > 5 && unique > 5,
        "{exchanges} {paid} {lost} {unique}"
    );
}

/// The Navigator's two choices each carry the gathering facts (my gold, buildable
/// cards, ...) under their own names, so a fit can tell when cards are worth more.
#[test]
fn the_navigators_choices_carry_the_gathering_facts() {
    let mut seen = 0;
    each_decision_of("all-characters", 5, 0..300, |seed, _, view, legal| {
        if !legal.contains(&Action::NavigatorGold) {
            return;
        }
        for action in [Action::NavigatorGold, Action::NavigatorCards] {
            let kind = kind_name(action);
            let gold = fact_of(view, legal, action, &format!("context.{kind}.gold"));
            assert_eq!(gold, Some(view.my_gold() as f32 / 5.0), "seed {seed}");
            let hand = fact_of(view, legal, action, &format!("context.{kind}.hand"));
            assert_eq!(hand, Some(view.my_hand().len() as f32 / 5.0), "seed {seed}");
            let other = fact_of(view, legal, action, "gather.gold");
            assert_eq!(other, None, "seed {seed}: TakeGold's block is its own");
        }
        seen += 1;
    });
    assert!(seen > 20, "{seen}");
}

/// The Imperial Treasury ("+1 per gold in your stash" at the end, CARDS.md) and the Map
/// Room ("+1 per card in your hand") in my city make what I gather worth points: a
/// choice between resources (`gather`, `context`) and every pick say whether my city
/// has each (`treasury`, `map_room`), and building or keeping either card says what it
/// would score now (`card.<role>.hoard`: my gold or my hand, / 5; absent for other
/// cards and when it would score 0).
#[test]
fn the_treasury_and_the_map_room_make_keeping_worth_points() {
    let rules = preset_rules("all-characters", 5);
    let one = |district: District| {
        rules.by_district[district.index()]
            .iter()
            .next()
            .expect("in the preset")
    };
    let (treasury, map_room) = (one(District::ImperialTreasury), one(District::MapRoom));
    let (mut gathers, mut navigators, mut picks, mut builds) = (0, 0, 0, 0);
    each_decision_of("all-characters", 5, 0..60, |seed, state, view, legal| {
        let me = view.me();
        // The same decision with neither card anywhere, then with each in my city.
        let mut without = state.clone();
        for set in without.city.iter_mut().chain(without.hand.iter_mut()) {
            set.remove(treasury);
            set.remove(map_room);
        }
        for (has_treasury, has_map_room) in [(false, false), (true, false), (false, true)] {
            let mut s = without.clone();
            if has_treasury {
                s.city[me.index()].insert(treasury);
            }
            if has_map_room {
                s.city[me.index()].insert(map_room);
            }
            let view = View::new(&rules, &s, me);
            let expected = [has_treasury as u8 as f32, has_map_room as u8 as f32];
            let facts = |action: Action, block: &str| {
                ["treasury", "map_room"].map(|fact| {
                    fact_of(&view, legal, action, &format!("{block}.{fact}"))
                        .expect("every such action gives both facts")
                })
            };
            for &action in legal {
                match action {
                    Action::TakeGold => {
                        assert_eq!(facts(action, "gather"), expected, "seed {seed}");
                        gathers += 1;
                    }
                    Action::NavigatorGold | Action::NavigatorCards => {
                        let block = format!("context.{}", kind_name(action));
                        assert_eq!(facts(action, &block), expected, "seed {seed}");
                        navigators += 1;
                    }
                    Action::Pick(rank) => {
                        let character = view.character(rank).expect("in the cast");
                        let block = format!("pick.{}", key(character));
                        assert_eq!(facts(action, &block), expected, "seed {seed}");
                        picks += 1;
                    }
                    _ => {}
                }
            }
        }
        // Building either card from my hand: what it would score if the game ended now.
        if let Some(&Action::Build(_)) = legal.iter().find(|a| matches!(a, Action::Build(_))) {
            let mut s = without.clone();
            s.hand[me.index()].insert(treasury);
            s.hand[me.index()].insert(map_room);
            let view = View::new(&rules, &s, me);
            let gold = s.gold[me.index()] as f32;
            let hand = s.hand[me.index()].len() as f32;
            let hoard = |card| fact_of(&view, legal, Action::Build(card), "card.build.hoard");
            let expect = |points: f32| (points > 0.0).then_some(points / 5.0);
            assert_eq!(hoard(treasury), expect(gold), "seed {seed}");
            assert_eq!(hoard(map_room), expect(hand), "seed {seed}");
            let other = legal.iter().find_map(|&a| match a {
                Action::Build(card) if card != treasury && card != map_room => Some(card),
                _ => None,
            });
            if let Some(other) = other {
                let build = Action::Build(other);
                assert_eq!(fact_of(&view, legal, build, "card.build.hoard"), None);
            }
            builds += 1;
        }
    });
    assert!(
        gathers > 50 && navigators > 5 && picks > 50 && builds > 20,
        "{gathers} {navigators} {picks} {builds}"
    );
}

/// `misc.taxed` on a build says whether the Tax Collector's tax will take a gold after
/// it: exactly when the engine, applying the build, puts a gold in the tax pool ("If a
/// player has no gold remaining in his stash after building a district, he is not
/// charged a tax. The Tax Collector himself is not charged a tax", 2016 rulebook).
/// `misc.refund` is the gold the engine counts as paid to build, / 5, when the turn is
/// the Alchemist's ("At the end of your turn, you receive back all the gold you paid to
/// build districts this turn"), and `misc.gold_left` my gold less that payment, / 5.
#[test]
fn a_build_says_whether_it_will_be_taxed_and_what_comes_back() {
    let rules = preset_rules("all-characters", 5);
    let (mut taxed, mut spent_out, mut collector, mut no_collector) = (0, 0, 0, 0);
    let (mut refunded, mut not_refunded) = (0, 0);
    each_decision_of("all-characters", 5, 0..300, |seed, state, view, legal| {
        for &action in legal {
            let builds = matches!(
                action,
                Action::Build(_)
                    | Action::WizardBuild(_)
                    | Action::BorrowBuild(..)
                    | Action::FrameworkBuild(_)
                    | Action::NecropolisBuild(_)
            );
            if !builds {
                continue;
            }
            let mut after = state.clone();
            apply(&rules, &mut after, action);
            // A build may wait on a choice before it stands: the Thieves' Den's payment
            // (the fact assumes it paid in gold: a Den I can only pay for with cards is
            // left out), the Magistrate's warrant (he lets it stand), the cards the
            // Cardinal owes. The tax follows the build.
            let mut answers = Vec::new();
            loop {
                legal_actions(&rules, &after, &mut answers);
                let next = match after.turn.pending {
                    Pending::DenPayment { .. } => Action::DenPayGold,
                    Pending::Confiscation { .. } => *answers
                        .iter()
                        .find(|&&a| a != Action::Confiscate)
                        .expect("he may let it stand"),
                    Pending::CardinalGive { .. } => answers[0],
                    _ => break,
                };
                if !answers.contains(&next) {
                    break;
                }
                apply(&rules, &mut after, next);
            }
            if matches!(after.turn.pending, Pending::DenPayment { .. }) {
                continue;
            }
            let expected = after.tax_pool > state.tax_pool;
            let fact = fact_of(view, legal, action, "misc.taxed");
            assert_eq!(fact, expected.then_some(1.0), "seed {seed}: {action:?}");
            let paid = (after.turn.paid_to_build - state.turn.paid_to_build) as f32;
            let alchemist = characters::current(state) == Character::Alchemist;
            let refund = (alchemist && paid > 0.0).then_some(paid / 5.0);
            let fact = fact_of(view, legal, action, "misc.refund");
            assert_eq!(fact, refund, "seed {seed}: {action:?}");
            match alchemist {
                true => refunded += (paid > 0.0) as u32,
                false => not_refunded += (paid > 0.0) as u32,
            }
            let left = state.gold[view.me().index()] as f32 - paid;
            let fact = fact_of(view, legal, action, "misc.gold_left");
            assert_eq!(fact, (left > 0.0).then_some(left / 5.0), "seed {seed}");
            let in_cast = state.rank_of(Character::TaxCollector).is_some();
            let me = view.me().index();
            match (in_cast, expected) {
                (false, _) => no_collector += 1,
                (true, true) => taxed += 1,
                (true, false) if after.gold[me] == 0 => spent_out += 1,
                (true, false) => collector += 1,
            }
        }
    });
    assert!(
        taxed > 20 && spent_out > 20 && collector > 0 && no_collector > 20,
        "{taxed} {spent_out} {collector} {no_collector}"
    );
    assert!(
        refunded > 20 && not_refunded > 100,
        "{refunded} {not_refunded}"
    );
}

/// `misc.forgoes_build` on the Warlord's destruction or the Marshal's seizure is 1
/// exactly when the action costs gold, the decision offers a build, and with the gold the
/// engine leaves me after applying the action ("destroy one district of your choice by
/// paying one fewer gold than its building cost"; the Marshal pays the seized district's
/// cost) none of those builds' gold costs would be covered.
#[test]
fn a_destruction_says_whether_it_forgoes_the_build() {
    let rules = preset_rules("all-characters", 5);
    let (mut forgoes, mut leaves, mut no_build) = (0, 0, 0);
    each_decision_of("all-characters", 5, 0..300, |seed, state, view, legal| {
        let builds: Vec<u16> = legal
            .iter()
            .filter_map(|&a| match a {
                Action::Build(card) => Some(view.build_cost(card)),
                _ => None,
            })
            .collect();
        for &action in legal {
            if !matches!(action, Action::Destroy(..) | Action::Seize(..)) {
                continue;
            }
            let mut after = state.clone();
            apply(&rules, &mut after, action);
            let gold = after.gold[view.me().index()];
            let paid = view.my_gold() > gold;
            let expected = paid && !builds.is_empty() && builds.iter().all(|&c| c > gold);
            let fact = fact_of(view, legal, action, "misc.forgoes_build");
            let at = format!(
                "seed {seed}: {action:?}, me {:?}, gold {} -> {gold}, price {}, builds {builds:?}",
                view.me(),
                view.my_gold(),
                view.rank8_price(action)
            );
            assert_eq!(fact, expected.then_some(1.0), "{at}");
            match (builds.is_empty(), expected) {
                (true, _) => no_build += 1,
                (false, true) => forgoes += 1,
                (false, false) => leaves += 1,
            }
        }
    });
    assert!(
        forgoes > 20 && leaves > 20 && no_build > 20,
        "{forgoes} {leaves} {no_build}"
    );
}

struct Pairs(Vec<(usize, f32)>);
impl Sink for Pairs {
    fn add(&mut self, index: usize, value: f32) {
        self.0.push((index, value));
    }
}

/// `each_decision`, showing `visit` the draft picks only.
fn each_pick(
    players: u8,
    seeds: std::ops::Range<u64>,
    mut visit: impl FnMut(u64, &State, &View, &[Action]),
) {
    each_decision(players, seeds, |seed, state, view, legal| {
        if matches!(legal[0], Action::Pick(_)) {
            visit(seed, state, view, legal);
        }
    });
}

/// The value of the pick fact `name` (a name of `PICK_FACTS`) when picking `rank`, with
/// every fact worked out; every pick gives each of its facts, 0 or not.
fn pick_fact(view: &View, legal: &[Action], rank: Rank, name: &str) -> f32 {
    let kept = Kept::default();
    let mut pairs = Pairs(Vec::new());
    DecisionFeatures::new(view, legal, &kept).action(Action::Pick(rank), &mut pairs);
    let character = view.character(rank).expect("in the cast");
    let name = format!("pick.{}.{name}", key(character));
    pairs
        .0
        .iter()
        .find(|(i, _)| feature_name(*i) == name)
        .map(|p| p.1)
        .expect("every pick has the fact")
}

/// `pick.*.rank1_before` says the rank-1 character may be with a player who chose
/// before me: 1 when another player may hold it and it is not offered to me, 0 when it
/// is offered, I hold it myself, or I discarded it face down (at 2 players a seat keeps
/// two characters and discards others).
#[test]
fn rank1_before_is_about_other_players_only() {
    let (mut mine, mut taken, mut offered, mut discarded) = (0, 0, 0, 0);
    each_pick(2, 0..40, |seed, _, view, legal| {
        let Action::Pick(rank) = legal[0] else {
            unreachable!("a pick")
        };
        let value = pick_fact(view, legal, rank, "rank1_before");
        let r1 = Rank(1);
        if view.my_ranks().contains(r1) {
            assert_eq!(value, 0.0, "seed {seed}: I hold rank 1");
            mine += 1;
        } else if view.draft_offer().contains(r1) {
            assert_eq!(value, 0.0, "seed {seed}: rank 1 is offered to me");
            offered += 1;
        } else if view.my_facedown_discards().contains(r1) {
            assert_eq!(value, 0.0, "seed {seed}: I discarded rank 1");
            discarded += 1;
        } else if !view.faceup_discards().contains(r1) {
            assert_eq!(value, 1.0, "seed {seed}: rank 1 is elsewhere");
            taken += 1;
        }
    });
    assert!(
        mine > 5 && taken > 5 && offered > 5 && discarded > 0,
        "{mine} {taken} {offered} {discarded}"
    );
}

/// At 4 and 5 players each player keeps one character, so the players who choose after
/// me are those who hold none yet: `pick.*.after_gold` and `after_city` are their most
/// gold and districts (0 for the last chooser), `pick.*.rankN_offered` says whether
/// rank N is among the characters offered to me and `rankN_before` whether it went to
/// an earlier chooser or face down.
#[test]
fn pick_facts_name_the_offer_and_the_players_still_to_choose() {
    let (mut last, mut before_others) = (0, 0);
    for players in [4, 5] {
        each_pick(players, 0..20, |seed, state, view, legal| {
            let Action::Pick(rank) = legal[0] else {
                unreachable!("a pick")
            };
            let fact = |name: &str| pick_fact(view, legal, rank, name);
            let waiting: Vec<Seat> = (0..players)
                .map(Seat)
                .filter(|&s| s != view.me() && state.ranks_of(s).is_empty())
                .collect();
            let most_gold = waiting.iter().map(|&s| state.gold[s.index()]).max();
            let most_city = waiting.iter().map(|&s| state.city[s.index()].len());
            let most_city = most_city.max().unwrap_or(0) as f32;
            let complete = view.rules().complete_city as f32;
            assert_eq!(fact("after_gold"), most_gold.unwrap_or(0) as f32 / 5.0);
            assert_eq!(fact("after_city"), most_city / complete);
            for r in 1..=9u8 {
                let offered = state.draft.available.contains(Rank(r));
                let value = fact(&format!("rank{r}_offered"));
                assert_eq!(value, offered as u8 as f32, "seed {seed}, rank {r}");
                // Before my pick I hold nothing: a rank of the cast neither offered nor
                // face up went before me (or face down).
                let before = state.cast_ranks().contains(Rank(r))
                    && !offered
                    && !state.faceup_discards.contains(Rank(r));
                let value = fact(&format!("rank{r}_before"));
                assert_eq!(value, before as u8 as f32, "seed {seed}, rank {r}");
            }
            assert_eq!(fact("round"), state.round as f32 / 10.0);
            match waiting.is_empty() {
                true => last += 1,
                false => before_others += 1,
            }
        });
    }
    assert!(last > 20 && before_others > 20, "{last} {before_others}");
}

/// `aim_indices` are the `kill_aim` and `rob_aim` facts of every character, which
/// `PolicyWeights::reads_aims` and `DecisionFeatures::with_aims` rest on.
#[test]
fn aim_indices_are_the_aim_facts() {
    let names: Vec<String> = aim_indices().map(feature_name).collect();
    assert_eq!(names.len(), 2 * CHARACTERS);
    assert!(names.contains(&"pick.Assassin.kill_aim".to_string()));
    assert!(names.contains(&"pick.Warlord.rob_aim".to_string()));
    for name in &names {
        assert!(
            name.ends_with(".kill_aim") || name.ends_with(".rob_aim"),
            "{name}"
        );
    }
}

/// `keeping_indices` are the features named `treasury`, `map_room`, `hoard` and
/// `misc.taxed`, each once, which `PolicyWeights::reads_keeping` and
/// `DecisionFeatures::with_keeping` rest on.
#[test]
fn keeping_indices_are_the_keeping_facts() {
    let indices: std::collections::BTreeSet<usize> = keeping_indices().collect();
    let blocks = 1 + CONTEXT_ACTIONS.len();
    let count = 2 * CHARACTERS + 2 * blocks + CARD_ROLES.len() + 4;
    assert_eq!(keeping_indices().count(), count);
    assert_eq!(indices.len(), count);
    let keeping = |name: &str| {
        [".treasury", ".map_room", ".hoard"]
            .iter()
            .any(|end| name.ends_with(end))
            || ["taxed", "refund", "gold_left", "forgoes_build"]
                .iter()
                .any(|fact| name == format!("misc.{fact}"))
    };
    for i in 0..FEATURES {
        let name = feature_name(i);
        assert_eq!(indices.contains(&i), keeping(&name), "{name}");
    }
    for name in [
        "pick.Navigator.map_room",
        "gather.treasury",
        "context.NavigatorGold.treasury",
        "context.SmithyDraw.map_room",
        "card.hit.hoard",
    ] {
        assert!((0..FEATURES).any(|i| feature_name(i) == name), "{name}");
    }
}

/// Weights that give the keeping facts 0 (every built-in file but `casts`) score every
/// action the same, to the bit, with or without working them out (so their decisions skip
/// them); `casts`, which reads them, scores some actions otherwise without them.
#[test]
fn weights_without_keeping_score_the_same_without_them() {
    let casts = PolicyWeights::casts();
    assert!(casts.reads_keeping());
    let net = PolicyWeights::named("net").expect("built in");
    let without = [PolicyWeights::built_in(), PolicyWeights::linear(), net];
    for weights in &without {
        assert!(!weights.reads_keeping(), "{}", weights.source);
    }
    let (mut actions, mut moved) = (0, 0);
    each_decision_of("all-characters", 5, 0..20, |_, _, view, legal| {
        if legal.len() < 2 {
            return;
        }
        let kept = Kept::default();
        let all = DecisionFeatures::new(view, legal, &kept);
        let skipped = DecisionFeatures::new(view, legal, &kept).with_keeping(false);
        for &action in legal {
            let score = |weights: &PolicyWeights, features: &DecisionFeatures| {
                super::super::score(weights, features, action).to_bits()
            };
            for weights in &without {
                let at = format!("{action:?}, {}", weights.source);
                assert_eq!(score(weights, &all), score(weights, &skipped), "{at}");
            }
            moved += (score(&casts, &all) != score(&casts, &skipped)) as u32;
            actions += 1;
        }
    });
    assert!(
        actions > 1000 && moved > 50,
        "{actions} actions, {moved} moved"
    );
}

/// `pick.*.kill_aim` is 1 for the one character a heuristic Assassin held by another
/// player would kill (`heuristic::Decision::opponents_aims`, checked against the
/// heuristic's own kills), and `rob_aim` my gold / 5 for the one its Thief would rob, when
/// that namer may end with another player: it is not face up, and either not offered to
/// me or offered with a player still to choose after me. Checked on the picks of random
/// games at 4 and 5 players, where the players still to choose hold no character yet.
#[test]
fn aim_facts_name_what_heuristic_opponents_would_hit() {
    let (mut aimed, mut closed, mut robbed) = (0, 0, 0);
    for players in [4, 5] {
        each_pick(players, 0..30, |seed, state, view, legal| {
            let kept = Kept::default();
            let heuristic = heuristic::Decision::new(view, &HeuristicWeights::DEFAULT, &kept);
            let (kill, rob) = heuristic.opponents_aims(true, true);
            let waiting = (0..players)
                .map(Seat)
                .any(|s| s != view.me() && state.ranks_of(s).is_empty());
            let offer = state.draft.available;
            let open = |rank: Rank| {
                !state.faceup_discards.contains(rank) && (!offer.contains(rank) || waiting)
            };
            let gold = state.gold[view.me().index()] as f32;
            for &action in legal {
                let Action::Pick(mine) = action else {
                    unreachable!("a pick")
                };
                let want_kill = (kill == Some(mine) && open(Rank(1))) as u8 as f32;
                let want_rob = (rob == Some(mine) && open(Rank(2))) as u8 as f32 * gold / 5.0;
                let at = format!("seed {seed}, {players} players, pick {mine:?}");
                assert_eq!(pick_fact(view, legal, mine, "kill_aim"), want_kill, "{at}");
                assert_eq!(pick_fact(view, legal, mine, "rob_aim"), want_rob, "{at}");
                aimed += (want_kill > 0.0) as usize;
                closed += (kill == Some(mine) && !open(Rank(1))) as usize;
                robbed += (want_rob > 0.0) as usize;
            }
        });
    }
    assert!(
        aimed > 20 && closed > 5 && robbed > 20,
        "{aimed} aimed, {closed} closed, {robbed} robbed"
    );
}

/// `pick.*.rankN_later` says which characters the players who choose after me would
/// take from what my pick leaves, if each, in turn from the crown (rulebook 2016,
/// "Selection Phase"), took what the heuristic bot would pick in its seat. Checked
/// at 4 and 5 players, where the later choosers are the seats holding no character yet,
/// against the heuristic's own pick scores from each of their views (the first best
/// rank among equals).
#[test]
fn later_facts_are_what_the_later_choosers_heuristic_would_pick() {
    let (mut taken, mut picks) = (0, 0);
    for players in [4, 5] {
        each_pick(players, 0..20, |seed, state, view, legal| {
            let from_crown = |s: Seat| (s.0 + players - state.crown.0) % players;
            let mut waiting: Vec<Seat> = (0..players)
                .map(Seat)
                .filter(|&s| s != view.me() && state.ranks_of(s).is_empty())
                .collect();
            waiting.sort_by_key(|&s| from_crown(s));
            for &action in legal {
                let Action::Pick(mine) = action else {
                    unreachable!("a pick")
                };
                let mut left = state.draft.available;
                left.remove(mine);
                let mut expected = RankSet::EMPTY;
                for &seat in &waiting {
                    let theirs = View::new(view.rules(), state, seat);
                    let kept = Kept::default();
                    let d = heuristic::Decision::new(&theirs, &HeuristicWeights::DEFAULT, &kept);
                    let mut best: Option<(Rank, f32)> = None;
                    for rank in left.iter() {
                        let score = d.score(Action::Pick(rank));
                        if best.is_none_or(|(_, b)| score > b) {
                            best = Some((rank, score));
                        }
                    }
                    let Some((rank, _)) = best else { break };
                    left.remove(rank);
                    expected.insert(rank);
                }
                for r in 1..=9u8 {
                    let value = pick_fact(view, legal, mine, &format!("rank{r}_later"));
                    let want = expected.contains(Rank(r)) as u8 as f32;
                    assert_eq!(
                        value, want,
                        "seed {seed}, {players} players, pick {mine:?}, rank {r}"
                    );
                }
                taken += expected.len();
                picks += 1;
            }
        });
    }
    assert!(picks > 200 && taken > 200, "{picks} picks, {taken} taken");
}

/// The leader of the standings, found in the pass that works them out, is the plain
/// second pass's: from the next seat, each opponent at least as far ahead as the leader so
/// far takes the lead. Checked at every decision of random games at 2 to 8 players.
#[test]
fn the_leader_in_one_pass_is_that_of_two_passes() {
    let (mut decisions, mut level) = (0, 0);
    for players in 2..=8 {
        let rules = preset_rules("all-characters", players);
        let mut legal = Vec::new();
        for seed in 0..6 {
            let mut state = new_game(&rules, seed);
            let mut rng = GameRng::new(seed);
            while let Some(seat) = to_move(&state) {
                let view = View::new(&rules, &state, seat);
                let standings = Standings::new(&view, &Kept::default());
                let (me, n) = (seat.index(), players as usize);
                let mut leader = (me + 1) % n;
                for s in (0..n).filter(|&s| s != me) {
                    if standings.standing[s] >= standings.standing[leader] {
                        leader = s;
                    }
                }
                assert_eq!(standings.leader, Seat(leader as u8));
                let others = (0..n).filter(|&s| s != me && s != leader);
                level += others
                    .filter(|&s| standings.standing[s] == standings.standing[leader])
                    .count();
                decisions += 1;
                legal_actions(&rules, &state, &mut legal);
                let action = legal[rng.below(legal.len() as u32) as usize];
                apply(&rules, &mut state, action);
            }
        }
    }
    assert!(decisions > 10_000 && level > 1_000, "{decisions} {level}");
}

/// Weights that give every fact of a part of the draft facts 0 score each action of a
/// pick the same, to the bit, with or without that part (so a pick skips it); one weight
/// on a fact of a part, linear or into a unit, makes the weights read that part.
#[test]
fn weights_without_draft_facts_score_the_same_without_them() {
    let linear = PolicyWeights::linear();
    assert_eq!(linear.reads_draft_facts(), DraftFacts::NONE);
    let first_shared = DraftFacts::SHARED.indices().next().expect("shared facts");
    let first_later = DraftFacts::LATER.indices().next().expect("later facts");
    assert!(
        DraftFacts::SHARED
            .indices()
            .all(|i| !DraftFacts::LATER.indices().any(|j| j == i))
    );
    let mut values = linear.values.clone();
    values[first_shared] = 0.5;
    let shared = PolicyWeights::new(values, None, "x".into());
    assert_eq!(shared.reads_draft_facts(), DraftFacts::SHARED);
    let mut input = vec![0.0; FEATURES];
    input[first_later] = 0.5;
    let hidden = Hidden {
        input: input.into(),
        bias: vec![0.0],
        out: vec![1.0],
        kinds: KindSet::ALL,
    };
    let net = PolicyWeights::new(linear.values.clone(), Some(hidden), "y".into());
    assert_eq!(net.reads_draft_facts(), DraftFacts::LATER);
    let mut picks = 0;
    each_pick(5, 0..10, |_, _, view, legal| {
        let kept = Kept::default();
        let all = DecisionFeatures::new(view, legal, &kept);
        let reads = |part| DecisionFeatures::new(view, legal, &kept).with_draft_facts(part);
        for &action in legal {
            for (weights, part) in [(&*linear, DraftFacts::NONE), (&shared, DraftFacts::SHARED)] {
                let (mut with, mut without) =
                    (Dot::new(&weights.values), Dot::new(&weights.values));
                all.action(action, &mut with);
                reads(part).action(action, &mut without);
                assert_eq!(with.total.to_bits(), without.total.to_bits());
            }
            picks += 1;
        }
    });
    assert!(picks > 100, "{picks}");
}

/// Weights that give the aim facts 0 (as `configs/bots/policy-draft-net.toml` does)
/// score each pick the same, to the bit, with or without working them out (so a pick
/// skips them); one weight on an aim fact, linear or into a unit, makes the weights read
/// them, and then they move scores.
#[test]
fn weights_without_aims_score_the_same_without_them() {
    assert!(PolicyWeights::built_in().reads_aims());
    assert!(PolicyWeights::casts().reads_aims());
    let net = PolicyWeights::named("net").expect("built in");
    for weights in [&PolicyWeights::linear(), &net] {
        assert!(!weights.reads_aims(), "{}", weights.source);
    }
    let without = net;
    // The Architect's: the Assassin is never the aim of a kill.
    let first_aim = aim_indices()
        .find(|&i| feature_name(i) == "pick.Architect.kill_aim")
        .expect("aim facts");
    let mut values = without.values.clone();
    values[first_aim] = 0.5;
    let linear_aim = PolicyWeights::new(values, None, "x".into());
    assert!(linear_aim.reads_aims());
    let mut hidden = without.hidden.clone().expect("a layer");
    let units = hidden.units();
    hidden.input[first_aim * units] = 0.5;
    let unit_aim = PolicyWeights::new(without.values.clone(), Some(hidden), "y".into());
    assert!(unit_aim.reads_aims());
    let (mut picks, mut moved, mut moved_by_unit) = (0, 0, 0);
    each_pick(5, 0..10, |_, _, view, legal| {
        let kept = Kept::default();
        let all = DecisionFeatures::new(view, legal, &kept);
        let skipped = DecisionFeatures::new(view, legal, &kept).with_aims(false);
        for &action in legal {
            let score = |weights: &PolicyWeights, features: &DecisionFeatures| {
                super::super::score(weights, features, action).to_bits()
            };
            assert_eq!(score(&without, &all), score(&without, &skipped));
            moved += (score(&linear_aim, &all) != score(&linear_aim, &skipped)) as u32;
            moved_by_unit += (score(&unit_aim, &all) != score(&unit_aim, &skipped)) as u32;
            picks += 1;
        }
    });
    assert!(
        picks > 100 && moved > 10 && moved_by_unit > 0,
        "{picks} picks, {moved} moved, {moved_by_unit} moved by the unit"
    );
}

/// A sink that receives a block's values one `add` at a time (`Sink::add_all`'s default).
struct OneByOne<'s, S>(&'s mut S);

impl<S: Sink> Sink for OneByOne<'_, S> {
    fn add(&mut self, index: usize, value: f32) {
        self.0.add(index, value);
    }
}

/// A layer whose input rows of the draft facts are 0 reads them in its linear part only
/// (`PolicyWeights::units_read_draft_facts`), and a pick that passes them by the units
/// scores as one that passes them through: checked bit for bit on every pick of random
/// games, where those facts change the scores. (With rows that are not 0, passing them by
/// changes the scores: the units are skipped.)
#[test]
fn draft_facts_the_units_do_not_read_skip_the_units_to_the_same_score() {
    let mut rng = GameRng::new(12);
    let mut small = |n: usize| small_values(&mut rng, n);
    let units = 6;
    let values = small(FEATURES);
    let mut hidden = Hidden {
        input: small(FEATURES * units).into(),
        bias: small(units),
        out: small(units),
        kinds: KindSet::ALL,
    };
    let full = hidden.clone();
    for j in DraftFacts::ALL.indices() {
        hidden.input[j * units..(j + 1) * units].fill(0.0);
    }
    let weights = PolicyWeights::new(values.clone(), Some(hidden.clone()), String::new());
    assert_eq!(weights.reads_draft_facts(), DraftFacts::ALL);
    assert_eq!(weights.units_read_draft_facts(), DraftFacts::NONE);
    let (mut picks, mut moved, mut skipped) = (0, 0, 0);
    each_decision(5, 0..3, |_, _, view, legal| {
        let kept = Kept::default();
        let through = DecisionFeatures::new(view, legal, &kept);
        let by = DecisionFeatures::new(view, legal, &kept).with_unit_draft_facts(DraftFacts::NONE);
        let without = DecisionFeatures::new(view, legal, &kept).with_draft_facts(DraftFacts::NONE);
        for &action in legal.iter().filter(|a| matches!(a, Action::Pick(_))) {
            let score_under = |hidden: &Hidden, features: &DecisionFeatures| {
                let mut net = Net::new(&values, hidden);
                features.action(action, &mut net);
                net.total()
            };
            let score = |features: &DecisionFeatures| score_under(&hidden, features);
            assert_eq!(
                score(&through).to_bits(),
                score(&by).to_bits(),
                "{action:?}"
            );
            picks += 1;
            moved += (score(&by) != score(&without)) as u32;
            skipped += (score_under(&full, &by) != score_under(&full, &through)) as u32;
        }
    });
    assert!(
        picks > 50 && moved > 25 && skipped > 25,
        "{picks} picks, {moved} moved, {skipped} skipped"
    );
}

/// `Net` scores an action as the linear dot product of its features plus each unit's
/// output weight times max(0, bias + the features' rows weighted by their values), and
/// `Dot` as the dot product alone: checked against those sums, written out, on every
/// action of every decision of random games; and a block added at once (`add_all`) gives
/// the bits of its values added one by one, with layers of every shape `add_all` sums in
/// its own way.
#[test]
fn net_scores_are_the_linear_score_plus_the_rectified_units() {
    let mut rng = GameRng::new(9);
    let mut small = |n: usize| small_values(&mut rng, n);
    // Every path of `add_all`: units one at a time only, a half group, a half group and
    // some, a group, a group and some, a group, a half group and some, two groups and
    // some, two groups, a half group and some, and the most units a layer may have; and
    // the layers of a multiple of 8 units, summed octet by octet (`add_octets`): one
    // octet, a half group and one, a group, a half group and one.
    let (mut on, mut off) = (0, 0);
    let half = LANES / 2;
    for units in [
        5,
        8,
        half + 8,
        LANES + half + 8,
        half,
        half + 5,
        LANES,
        LANES + 13,
        LANES + half + 3,
        2 * LANES + 6,
        2 * LANES + half + 3,
        MAX_UNITS,
    ] {
        let values = small(FEATURES);
        let hidden = Hidden {
            input: small(FEATURES * units).into(),
            bias: small(units),
            out: small(units),
            kinds: KindSet::ALL,
        };
        each_decision(4, 0..3, |_, _, view, legal| {
            let kept = Kept::default();
            let features = DecisionFeatures::new(view, legal, &kept);
            for &action in legal {
                let mut pairs = Pairs(Vec::new());
                features.action(action, &mut pairs);
                let linear: f32 = pairs.0.iter().map(|&(j, v)| values[j] * v).sum();
                let mut expected = linear;
                for u in 0..units {
                    let z: f32 = hidden.bias[u]
                        + pairs
                            .0
                            .iter()
                            .map(|&(j, v)| hidden.row(j)[u] * v)
                            .sum::<f32>();
                    if z > 0.0 {
                        on += 1;
                    } else {
                        off += 1;
                    }
                    expected += hidden.out[u] * z.max(0.0);
                }
                let mut net = Net::new(&values, &hidden);
                features.action(action, &mut net);
                // `add_all` is `add` value by value, to the bit.
                let mut one_by_one = Net::new(&values, &hidden);
                features.action(action, &mut OneByOne(&mut one_by_one));
                assert_eq!(net.total().to_bits(), one_by_one.total().to_bits());
                let mut dot = Dot::new(&values);
                features.action(action, &mut dot);
                let close = |a: f32, b: f32| (a - b).abs() <= 1e-4 * a.abs().max(1.0);
                assert!(
                    close(net.total(), expected),
                    "{action:?}: {} vs {expected}",
                    net.total()
                );
                assert!(
                    close(dot.total, linear),
                    "{action:?}: {} vs {linear}",
                    dot.total
                );
            }
        });
    }
    assert!(on > 100 && off > 100, "units on {on}, off {off}");
}

/// A block longer than `BLOCK` values, or of exactly that many, with zeros among them
/// (the first and last places included), is taken in parts and gives every unit the
/// bits of its values added one by one, for a layer of every shape `add_all` sums in
/// its own way.
#[test]
fn long_blocks_with_zeros_give_the_sums_of_one_by_one() {
    let mut rng = GameRng::new(10);
    for units in [
        5,
        8,
        LANES / 2 + 3,
        LANES,
        LANES + LANES / 2 + 8,
        2 * LANES + LANES / 2 + 3,
    ] {
        let values = small_values(&mut rng, FEATURES);
        let hidden = Hidden {
            input: small_values(&mut rng, FEATURES * units).into(),
            bias: small_values(&mut rng, units),
            out: small_values(&mut rng, units),
            kinds: KindSet::ALL,
        };
        for len in [BLOCK, BLOCK + 1, 2 * BLOCK + 7] {
            let mut block = small_values(&mut rng, len);
            for (i, value) in block.iter_mut().enumerate() {
                if i % 3 == 0 || i == len - 1 {
                    *value = 0.0;
                }
            }
            let at = 40;
            let mut net = Net::new(&values, &hidden);
            net.add_all(at, &block);
            let mut one_by_one = Net::new(&values, &hidden);
            for (i, &value) in block.iter().enumerate() {
                one_by_one.add(at + i, value);
            }
            let bits = |net: &Net| {
                net.units[..units]
                    .iter()
                    .map(|u| u.to_bits())
                    .collect::<Vec<_>>()
            };
            assert_eq!(bits(&net), bits(&one_by_one), "{units} units, {len} values");
            assert!(net.units[..units].iter().all(|&u| u != 0.0));
            assert_eq!(net.total().to_bits(), one_by_one.total().to_bits());
        }
    }
}
