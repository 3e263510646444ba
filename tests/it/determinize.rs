//! `View::determinize`: a sampled state gives back the same view, samples vary, cards are
//! conserved, an opponent's hand is drawn uniformly from the unknown cards (chi-squared),
//! and nothing hidden leaks: permuting the cards a seat cannot see changes neither the
//! sample nor any bot's decision.

use citadels_sim::bots::Bot;
use citadels_sim::bots::heuristic::HeuristicBot;
use citadels_sim::bots::heuristic::weights::HeuristicWeights;
use citadels_sim::bots::ismcts::{IsmctsBot, IsmctsParams};
use citadels_sim::config::load_preset;
use citadels_sim::engine::check::{check_cards, check_invariants};
use citadels_sim::engine::rng::GameRng;
use citadels_sim::engine::sets::CardSet;
use citadels_sim::engine::{Rules, Seat, State, View, apply, legal_actions, new_game, to_move};

/// Every `every`-th decision position (and its decider) of `games` heuristic games.
fn positions(preset: &str, players: u8, games: u64, every: usize) -> (Rules, Vec<(State, Seat)>) {
    let rules = load_preset(preset)
        .and_then(|c| c.rules(players))
        .expect("preset loads");
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for game in 0..games {
        let seed = 1000 * players as u64 + game;
        let mut bots: Vec<HeuristicBot> = (0..players)
            .map(|s| HeuristicBot::new(seed * 31 + s as u64, HeuristicWeights::DEFAULT))
            .collect();
        let mut state = new_game(&rules, seed);
        let mut n = 0;
        while let Some(seat) = to_move(&state) {
            legal_actions(&rules, &state, &mut legal);
            if n % every == 0 {
                out.push((state.clone(), seat));
            }
            n += 1;
            let action = bots[seat.index()].decide(&View::new(&rules, &state, seat), &legal);
            apply(&rules, &mut state, action);
        }
    }
    (rules, out)
}

/// The rule sets and player counts the tests walk through: every selection script (2, 3,
/// 4-6 players, and the 7- and 8-player last-card rule), rank 9, and the unique districts.
const CASES: &[(&str, u8)] = &[
    ("all-characters", 2),
    ("all-characters", 3),
    ("first-game", 4),
    ("all-districts", 5),
    ("all-characters", 6),
    ("first-game", 7),
    ("all-characters", 8),
];

#[test]
fn a_determinized_state_gives_back_the_same_view_and_conserves_cards() {
    let mut rng = GameRng::new(5);
    let mut checked = 0;
    // Positions where the seat knows cards in an opponent's hand, or deck positions: the
    // test must meet the knowledge it is about.
    let (mut knows_hands, mut knows_deck) = (0, 0);
    for &(preset, players) in CASES {
        let (rules, states) = positions(preset, players, 3, 5);
        for (state, seat) in &states {
            let view = View::new(&rules, state, *seat);
            knows_hands += state
                .seats_from(*seat)
                .skip(1)
                .any(|s| !view.known_hand(s).is_empty()) as u32;
            knows_deck += (view.known_deck().count() > 0) as u32;
            for _ in 0..3 {
                let sample = view.determinize(&mut rng);
                let again = View::new(&rules, &sample, *seat);
                assert_eq!(
                    again, view,
                    "{preset} {players}p round {}: the view changed",
                    state.round
                );
                check_cards(&sample).unwrap_or_else(|e| panic!("{preset} {players}p: {e}"));
                check_invariants(&rules, &sample)
                    .unwrap_or_else(|e| panic!("{preset} {players}p: {e}"));
                // Every character the seat cannot place is somewhere: held or discarded.
                for rank in sample.cast_ranks().iter() {
                    let placed = sample.owner[rank.index()].is_some()
                        || sample.faceup_discards.contains(rank)
                        || sample.facedown_discards.contains(rank)
                        || sample.draft.available.contains(rank)
                        || sample.phase == citadels_sim::engine::state::Phase::Draft;
                    assert!(placed, "{preset} {players}p: rank {rank:?} lost");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} samples");
    assert!(
        knows_hands > 20 && knows_deck > 100,
        "{knows_hands} {knows_deck}"
    );
}

#[test]
fn samples_vary_in_hands_deck_and_characters() {
    let (rules, states) = positions("first-game", 5, 3, 3);
    let mut rng = GameRng::new(9);
    let (mut hands_differ, mut decks_differ, mut owners_differ, mut tried) = (0, 0, 0, 0);
    for (state, seat) in &states {
        if state.phase != citadels_sim::engine::state::Phase::Turns {
            continue;
        }
        let view = View::new(&rules, state, *seat);
        let a = view.determinize(&mut rng);
        let b = view.determinize(&mut rng);
        tried += 1;
        hands_differ += (a.hand != b.hand) as u32;
        decks_differ += (a.deck != b.deck) as u32;
        owners_differ += (a.owner != b.owner) as u32;
    }
    assert!(tried > 50);
    assert!(hands_differ * 10 > tried * 9, "{hands_differ} of {tried}");
    assert!(decks_differ * 10 > tried * 9, "{decks_differ} of {tried}");
    // The characters are fully known only late in a round.
    assert!(owners_differ * 3 > tried, "{owners_differ} of {tried}");
}

#[test]
fn an_opponents_hand_is_drawn_uniformly_from_the_unknown_cards() {
    // Start of a 4-player game: seat 0 knows only its own hand; seat 1's four cards are
    // drawn from the other cards. Chi-squared over card ids, 59 degrees of freedom or so:
    // the 99.999% quantile is about 115, so a fair sampler fails once in 100,000 seeds and
    // a biased one (a card twice as likely) fails at once.
    let (rules, _) = positions("first-game", 4, 0, 1);
    let state = new_game(&rules, 77);
    let me = Seat(0);
    let view = View::new(&rules, &state, me);
    let mine = state.hand[0];
    let unknown = state.in_game.minus(mine);
    let samples = 20_000;
    let mut counts = [0u32; CardSet::CAPACITY];
    let mut rng = GameRng::new(3);
    for _ in 0..samples {
        let sample = view.determinize(&mut rng);
        assert_eq!(sample.hand[0], mine);
        for card in sample.hand[1].iter() {
            counts[card.index()] += 1;
        }
    }
    let expected = samples as f64 * state.hand[1].len() as f64 / unknown.len() as f64;
    let chi2: f64 = unknown
        .iter()
        .map(|c| {
            let d = counts[c.index()] as f64 - expected;
            d * d / expected
        })
        .sum();
    let df = unknown.len() as f64 - 1.0;
    assert!(
        chi2 < df + 6.0 * (2.0 * df).sqrt(),
        "chi-squared {chi2:.1} with {df} degrees of freedom"
    );
    assert!(mine.iter().all(|c| counts[c.index()] == 0));
}

/// `state` with the cards of `a`'s and `b`'s hands that `me` does not know exchanged
/// between them (hand sizes kept): the same view for `me`, other hidden cards.
fn permute_hidden(state: &State, me: Seat, a: Seat, b: Seat) -> State {
    let known = state.knowledge.cards[me.index()];
    let (ha, hb) = (state.hand[a.index()], state.hand[b.index()]);
    let (ua, ub) = (ha.minus(known), hb.minus(known));
    // Deal the pooled unknown cards from the other end: b's unknown cards first to a.
    let pool: Vec<_> = ub.iter().chain(ua.iter()).collect();
    let mut out = state.clone();
    out.hand[a.index()] = ha
        .intersection(known)
        .union(pool[..ua.len()].iter().copied().collect());
    out.hand[b.index()] = hb
        .intersection(known)
        .union(pool[ua.len()..].iter().copied().collect());
    out
}

#[test]
fn permuting_hidden_cards_changes_no_sample_and_no_decision() {
    let mut swapped = 0;
    let mut legal = Vec::new();
    for &(preset, players) in CASES {
        let (rules, states) = positions(preset, players, 2, 7);
        for (i, (state, me)) in states.iter().enumerate() {
            let others: Vec<Seat> = state.seats_from(*me).skip(1).collect();
            if others.len() < 2 {
                continue;
            }
            let (a, b) = (others[i % others.len()], others[(i + 1) % others.len()]);
            let changed = permute_hidden(state, *me, a, b);
            if changed.hand == state.hand {
                continue;
            }
            swapped += 1;
            let view = View::new(&rules, state, *me);
            let other_view = View::new(&rules, &changed, *me);
            assert_eq!(view, other_view, "the permutation must keep the view");
            let seed = 17 + i as u64;
            assert_eq!(
                view.determinize(&mut GameRng::new(seed)),
                other_view.determinize(&mut GameRng::new(seed)),
                "{preset} {players}p: a sample depends on hidden cards"
            );
            legal_actions(&rules, state, &mut legal);
            let decide = |bot: &mut dyn Bot, v: &View| bot.decide(v, &legal);
            assert_eq!(
                decide(
                    &mut HeuristicBot::new(seed, HeuristicWeights::DEFAULT),
                    &view
                ),
                decide(
                    &mut HeuristicBot::new(seed, HeuristicWeights::DEFAULT),
                    &other_view
                )
            );
            if i % 4 == 0 {
                let params = IsmctsParams {
                    iters: 40,
                    ..IsmctsParams::default()
                };
                assert_eq!(
                    decide(&mut IsmctsBot::new(params.clone(), seed), &view),
                    decide(&mut IsmctsBot::new(params, seed), &other_view),
                    "{preset} {players}p: an ISMCTS decision depends on hidden cards"
                );
            }
        }
    }
    assert!(
        swapped > 200,
        "only {swapped} positions with hidden cards to permute"
    );
}

/// `View::unseen_cards`, the pool a determinization deals from, holds every card whose place
/// the seat cannot know (another player's hand, the deck) and none it can (its own hand, a
/// city, a card it has learnt), and depends on nothing hidden.
#[test]
fn the_unseen_cards_are_those_whose_place_the_seat_cannot_know() {
    let mut checked = 0;
    for &(preset, players) in CASES {
        let (rules, states) = positions(preset, players, 2, 5);
        for (i, (state, me)) in states.iter().enumerate() {
            let view = View::new(&rules, state, *me);
            let unseen = view.unseen_cards();
            let known = state.knowledge.cards[me.index()];
            assert!(unseen.intersection(view.my_hand()).is_empty());
            assert!(unseen.intersection(known).is_empty());
            for seat in state.seats_from(*me) {
                assert!(unseen.intersection(view.city(seat)).is_empty());
                if seat != *me {
                    let hidden = state.hand[seat.index()].minus(known);
                    assert_eq!(hidden.intersection(unseen), hidden, "{preset} {players}p");
                }
            }
            let deck = state.deck.card_set().minus(known);
            assert_eq!(deck.intersection(unseen), deck, "{preset} {players}p");
            let others: Vec<Seat> = state.seats_from(*me).skip(1).collect();
            let (a, b) = (others[i % others.len()], others[(i + 1) % others.len()]);
            let changed = permute_hidden(state, *me, a, b);
            assert_eq!(View::new(&rules, &changed, *me).unseen_cards(), unseen);
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} positions");
}

/// The strongest form of "nothing hidden leaks": a determinization of a view is another true
/// state with the same view (other hands, deck, characters, markers, random stream), so from
/// it the sampler and the ISMCTS bot must give exactly what they give from the real state.
#[test]
fn a_sampled_state_in_place_of_the_real_one_changes_no_sample_and_no_decision() {
    let mut checked = 0;
    let mut legal = Vec::new();
    for &(preset, players) in CASES {
        let (rules, states) = positions(preset, players, 1, 5);
        for (i, (state, me)) in states.iter().enumerate() {
            let view = View::new(&rules, state, *me);
            let other = view.determinize(&mut GameRng::new(900 + i as u64));
            let other_view = View::new(&rules, &other, *me);
            assert_eq!(view, other_view, "a sample must keep the view");
            let seed = 31 + i as u64;
            assert_eq!(
                view.determinize(&mut GameRng::new(seed)),
                other_view.determinize(&mut GameRng::new(seed)),
                "{preset} {players}p: a sample depends on what the seat cannot see"
            );
            if i % 6 == 0 {
                legal_actions(&rules, state, &mut legal);
                let params = IsmctsParams {
                    iters: 30,
                    ..IsmctsParams::default()
                };
                let mut bot = IsmctsBot::new(params.clone(), seed);
                let mut twin = IsmctsBot::new(params, seed);
                assert_eq!(
                    bot.decide(&view, &legal),
                    twin.decide(&other_view, &legal),
                    "{preset} {players}p: an ISMCTS decision depends on hidden information"
                );
                assert_eq!(bot.root_children(), twin.root_children());
            }
            checked += 1;
        }
    }
    assert!(checked > 250, "only {checked} positions");
}

/// `View::possible_holders` ("who may hold this character"): the true owner of every
/// character held by another seat is always among its possible holders, and so is the
/// owner in every determinized sample (the inference is never narrower than the sampler's).
/// At 4-6 players, where each seat keeps one card, a card I was offered and passed on can
/// only be with a seat that chose after me, and one I was never offered only with a seat
/// that chose before me.
#[test]
fn possible_holders_contain_every_owner_the_view_allows() {
    use citadels_sim::engine::Rank;
    let mut rng = GameRng::new(9);
    let (mut checked, mut narrowed) = (0, 0);
    for &(preset, players) in CASES {
        let (rules, states) = positions(preset, players, 3, 3);
        for (state, seat) in &states {
            let view = View::new(&rules, state, *seat);
            let samples: Vec<State> = (0..3).map(|_| view.determinize(&mut rng)).collect();
            let by_rank = view.possible_holders();
            for r in 1..=9 {
                let rank = Rank(r);
                let holders = by_rank[rank.index()];
                assert!(
                    !holders.contains(*seat),
                    "{preset} {players}p: me among {holders:?}"
                );
                for owner in std::iter::once(state)
                    .chain(&samples)
                    .filter_map(|s| s.owner[rank.index()])
                {
                    if owner != *seat {
                        assert!(
                            holders.contains(owner),
                            "{preset} {players}p round {}: rank {r} held by {owner:?}, not in {holders:?}",
                            state.round
                        );
                        checked += 1;
                    }
                }
                narrowed += (!holders.is_empty() && holders.len() + 1 < players as usize) as u32;
                // After the selection, at 4-6 players, by my own step.
                if (4..=6).contains(&players)
                    && !view.in_draft()
                    && view.known_owner(rank).is_none()
                    && !holders.is_empty()
                {
                    let (step, offer, _) = view.my_selection().next().expect("I chose");
                    let order = |s: Seat| (s.0 + players - state.knowledge.crown.0) % players;
                    let mine = order(*seat) as usize;
                    assert_eq!(mine, step);
                    for other in (0..players).map(Seat).filter(|s| holders.contains(*s)) {
                        match offer.contains(rank) {
                            true => assert!(
                                order(other) as usize > mine,
                                "{preset} {players}p rank {r}"
                            ),
                            false => assert!(
                                (order(other) as usize) < mine,
                                "{preset} {players}p rank {r}"
                            ),
                        }
                    }
                }
            }
        }
    }
    assert!(
        checked > 1000 && narrowed > 100,
        "{checked} owners, {narrowed} narrowed sets"
    );
}

/// 2-player selection (rulebook 2016, "2-Player Rule Changes": "one he keeps, the other he
/// discards facedown"): the cards a seat discarded face down are its own knowledge. No
/// opponent may hold them (`View::opponent_ranks`, `View::possible_holders`), the sampler
/// keeps them discarded, and they are indeed in the face-down pile.
#[test]
fn at_two_players_my_facedown_discards_are_held_by_nobody() {
    let mut rng = GameRng::new(11);
    let mut checked = 0;
    for preset in ["first-game", "all-characters"] {
        let (rules, states) = positions(preset, 2, 6, 2);
        for (state, seat) in &states {
            let view = View::new(&rules, state, *seat);
            let discarded = view.my_facedown_discards();
            let by_rank = view.possible_holders();
            let sample = view.determinize(&mut rng);
            for rank in discarded.iter() {
                assert!(state.facedown_discards.contains(rank), "{preset}: {rank:?}");
                assert!(!view.opponent_ranks().contains(rank), "{preset}: {rank:?}");
                assert!(by_rank[rank.index()].is_empty(), "{preset}: {rank:?}");
                assert!(
                    sample.facedown_discards.contains(rank),
                    "{preset}: {rank:?}"
                );
                checked += 1;
            }
            // What I keep is mine; what I discard is not: one card per step of mine.
            let mine = view.my_selection().count();
            assert_eq!(
                discarded.len() + view.my_ranks().len(),
                mine,
                "{preset} round {}",
                state.round
            );
        }
    }
    assert!(checked > 300, "only {checked} discards checked");
}
