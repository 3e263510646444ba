//! Helpers shared by the integration tests.

use citadels_sim::config::load_preset;
use citadels_sim::engine::{Character, Rules};

/// The first-game cast (ranks 1-8) with `swaps` put in at their ranks; a rank-9 character
/// is added as the ninth.
pub fn first_game_cast_with(swaps: &[Character]) -> Vec<Character> {
    use Character::*;
    let mut cast = vec![
        Assassin, Thief, Magician, King, Bishop, Merchant, Architect, Warlord,
    ];
    for &c in swaps {
        match c.rank().index() {
            9 => cast.push(c),
            rank => cast[rank - 1] = c,
        }
    }
    cast
}

/// First-game rules (the built-in preset) at 4-7 players.
pub fn first_game_rules(players: u8) -> Rules {
    load_preset("first-game")
        .and_then(|config| config.rules(players))
        .expect("the first game is valid at 4-7 players")
}

/// First-game cast plus the Artist as rank 9, so 3 and 8 players and the 9-character
/// selection tables can be exercised.
pub fn rules_with_rank9(players: u8, use_rank9: bool) -> Rules {
    let mut config = load_preset("first-game").expect("built-in preset");
    config.cast.push(vec![Character::Artist]);
    config.options.use_rank9 = use_rank9;
    config.rules(players).expect("valid rules")
}

/// Rules with the first-game districts and this cast, one character per rank in rank order
/// (8 characters, or 9 with a rank-9 character, which then plays at every count it may).
pub fn rules_with_cast(players: u8, cast: &[Character]) -> Rules {
    let config = load_preset("first-game").expect("built-in preset");
    rules_with_cast_and_uniques(players, cast, &config.unique_districts)
}

use citadels_sim::engine::sets::{CardSet, RankSet, SeatSet};
use citadels_sim::engine::state::{Deck, Draft, Phase, State};
use citadels_sim::engine::{
    Action, CardId, District, Rank, Seat, legal_actions, new_game, to_move, try_apply,
};

/// The legal actions of the player to move.
pub fn legal(rules: &Rules, state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    legal_actions(rules, state, &mut out);
    out
}

/// Applies an action that must be legal.
pub fn act(rules: &Rules, state: &mut State, action: Action) {
    try_apply(rules, state, action).unwrap_or_else(|e| {
        panic!(
            "{e}; legal were {:?} (turn of rank {:?})",
            legal(rules, state),
            state.turn.rank
        )
    });
}

/// Replaces the random discards of the current selection phase: the crown goes to `crown`,
/// `faceup` and `facedown` are set aside, and every other cast rank is offered to the
/// crowned player.
pub fn arrange_draft(state: &mut State, crown: Seat, faceup: &[Rank], facedown: &[Rank]) {
    assert_eq!(state.phase, Phase::Draft);
    assert_eq!(state.draft.step, 0);
    state.crown = crown;
    let mut up = RankSet::EMPTY;
    faceup.iter().for_each(|&r| up.insert(r));
    let mut down = RankSet::EMPTY;
    facedown.iter().for_each(|&r| down.insert(r));
    state.faceup_discards = up;
    state.facedown_discards = down;
    state.draft = Draft {
        step: 0,
        available: RankSet(state.cast_ranks().0 & !up.0 & !down.0),
    };
}

/// Drives the selection phase through `apply`: each chooser picks the first of its wanted
/// ranks that is offered, otherwise the lowest offered rank nobody wants; discards (2
/// players) take the lowest offered rank nobody wants.
pub fn drive_draft(rules: &Rules, state: &mut State, wanted: &[(Seat, Rank)]) {
    let wanted_ranks: Vec<Rank> = wanted.iter().map(|&(_, r)| r).collect();
    while state.phase == Phase::Draft {
        let seat = to_move(state).expect("draft has a chooser");
        let options = legal(rules, state);
        let offered = |r: Rank| {
            options
                .iter()
                .any(|a| matches!(a, Action::Pick(x) | Action::Discard(x) if *x == r))
        };
        let is_pick = matches!(options[0], Action::Pick(_));
        let mine = wanted
            .iter()
            .filter(|&&(s, r)| s == seat && offered(r) && state.owner[r.index()].is_none())
            .map(|&(_, r)| r)
            .next();
        let filler = || {
            options
                .iter()
                .filter_map(|a| match a {
                    Action::Pick(r) | Action::Discard(r) => Some(*r),
                    _ => None,
                })
                .find(|r| !wanted_ranks.contains(r))
        };
        let action = if is_pick {
            Action::Pick(mine.or_else(filler).expect("something to pick"))
        } else {
            Action::Discard(filler().expect("something to discard"))
        };
        act(rules, state, action);
    }
}

/// A game at the first turn of the turn phase with the given characters: `crown` holds the
/// crown, `facedown` is the face-down discard (no face-up discards) and each seat of
/// `wanted` picks its rank(s); other seats take the lowest ranks nobody wants.
pub fn game_with(
    rules: &Rules,
    seed: u64,
    crown: Seat,
    facedown: Rank,
    wanted: &[(Seat, Rank)],
) -> State {
    let mut state = new_game(rules, seed);
    arrange_draft(&mut state, crown, &[], &[facedown]);
    drive_draft(rules, &mut state, wanted);
    state
}

/// The set of the seats numbered in `list`.
pub fn seat_set(list: &[u8]) -> SeatSet {
    let mut set = SeatSet::EMPTY;
    list.iter().for_each(|&s| set.insert(Seat(s)));
    set
}

/// Seat i wanting `seats[i]`, for `game_with` and `drive_draft`.
pub fn seat_ranks(seats: &[Rank]) -> Vec<(Seat, Rank)> {
    seats
        .iter()
        .enumerate()
        .map(|(i, &r)| (Seat(i as u8), r))
        .collect()
}

/// Asserts that seat i holds `seats[i]`.
pub fn assert_seats_hold(state: &State, seats: &[Rank]) {
    for (i, &r) in seats.iter().enumerate() {
        assert_eq!(state.owner[r.index()], Some(Seat(i as u8)), "rank {r:?}");
    }
}

/// The lowest of ranks 1-8 not in `ranks`: the face-down discard when nobody wants it.
pub fn lowest_rank_not_in(ranks: &[Rank]) -> Rank {
    (1..=8).map(Rank).find(|r| !ranks.contains(r)).unwrap()
}

/// A game at its first turn: crown on seat 0, `facedown` set aside, seat i holding `seats[i]`.
pub fn start_seated(rules: &Rules, seed: u64, seats: &[Rank], facedown: Rank) -> State {
    let state = game_with(rules, seed, Seat(0), facedown, &seat_ranks(seats));
    assert_seats_hold(&state, seats);
    state
}

/// `start_seated` played on to the turn of `rank`, every city, hand and stash then emptied.
pub fn blank_at_turn(
    rules: &Rules,
    seed: u64,
    seats: &[Rank],
    facedown: Rank,
    rank: Rank,
) -> State {
    let mut state = start_seated(rules, seed, seats, facedown);
    skip_to(rules, &mut state, rank);
    blank(&mut state);
    state
}

/// Passes every remaining turn of the round.
pub fn finish_round(rules: &Rules, state: &mut State) {
    while state.phase == Phase::Turns {
        pass_turn(rules, state);
    }
}

/// Whether the player to move may take `action`.
pub fn offers(rules: &Rules, state: &State, action: Action) -> bool {
    legal(rules, state).contains(&action)
}

/// The cards of the `Build` actions among `actions`, in the order offered.
pub fn builds(actions: &[Action]) -> Vec<CardId> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Build(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// The `Build` actions among `actions`, in the order offered.
pub fn build_actions(actions: &[Action]) -> Vec<Action> {
    actions
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Build(_)))
        .collect()
}

/// The (card, lender) of the `BorrowBuild` actions among `actions`, sorted.
pub fn borrows(actions: &[Action]) -> Vec<(CardId, Seat)> {
    sorted(
        actions
            .iter()
            .filter_map(|a| match a {
                Action::BorrowBuild(c, s) => Some((*c, *s)),
                _ => None,
            })
            .collect(),
    )
}

/// The (seat, card) targets of the `Destroy` actions among `actions`, sorted.
pub fn destroys(actions: &[Action]) -> Vec<(Seat, CardId)> {
    sorted(
        actions
            .iter()
            .filter_map(|a| match a {
                Action::Destroy(s, c) => Some((*s, *c)),
                _ => None,
            })
            .collect(),
    )
}

/// The actions offered to the player to move that `keep` accepts, sorted.
pub fn of_kind(rules: &Rules, state: &State, keep: fn(&Action) -> bool) -> Vec<Action> {
    sorted(legal(rules, state).into_iter().filter(keep).collect())
}

/// The Armory's destructions offered to the player to move, sorted.
pub fn armory_actions(rules: &Rules, state: &State) -> Vec<Action> {
    of_kind(rules, state, |a| matches!(a, Action::ArmoryDestroy(..)))
}

/// The last `n` cards of the deck, in deck order (the bottom card last).
pub fn deck_bottom(state: &State, n: usize) -> Vec<CardId> {
    let deck: Vec<CardId> = state.deck.iter().collect();
    deck[deck.len() - n..].to_vec()
}

/// Plays the current turn plainly: takes gold if not gathered, then ends the turn.
pub fn pass_turn(rules: &Rules, state: &mut State) {
    if !state.turn.gathered {
        act(rules, state, Action::TakeGold);
    }
    act(rules, state, Action::EndTurn);
}

/// Passes turns until it is the turn of `rank`.
pub fn skip_to(rules: &Rules, state: &mut State, rank: Rank) {
    while state.phase == Phase::Turns && state.turn.rank < rank {
        pass_turn(rules, state);
    }
    assert_eq!(state.phase, Phase::Turns);
    assert_eq!(state.turn.rank, rank, "rank {rank:?} does not play");
}

/// Takes a card of `district` out of the deck (the lowest id still there) and returns it;
/// the caller puts it in a hand or city.
pub fn take(rules: &Rules, state: &mut State, district: District) -> CardId {
    let in_deck: CardSet = state.deck.iter().collect();
    let card = rules.by_district[district.index()]
        .intersection(in_deck)
        .first()
        .unwrap_or_else(|| panic!("no {district} left in the deck"));
    let rest: Vec<CardId> = state.deck.iter().filter(|&c| c != card).collect();
    state.deck = Deck::from_cards(&rest);
    card
}

/// Moves a seat's hand to the bottom of the deck.
pub fn clear_hand(state: &mut State, seat: Seat) {
    for card in state.hand[seat.index()].iter() {
        state.deck.put_bottom(card);
    }
    state.hand[seat.index()] = CardSet::EMPTY;
}

/// Moves every hand to the bottom of the deck.
pub fn clear_hands(state: &mut State) {
    for s in 0..state.players {
        clear_hand(state, Seat(s));
    }
}

/// Empties every city, hand and stash (cards to the bottom of the deck).
pub fn blank(state: &mut State) {
    for s in 0..state.players {
        clear_city(state, Seat(s));
        clear_hand(state, Seat(s));
    }
    state.gold = [0; 8];
}

/// `blank` with each seat's hand put under the deck before its city: another deck order,
/// kept so that the first-game scenarios built on it deal the cards they were written with.
pub fn blank_hands_first(state: &mut State) {
    for s in 0..state.players {
        clear_hand(state, Seat(s));
        clear_city(state, Seat(s));
    }
    state.gold = [0; 8];
}

/// A 4-player first game at its first turn: seats 0-3 hold the Assassin, King, Bishop and
/// Warlord, the crown on seat 0, the Thief face down; hands and cities emptied, no gold.
pub fn first_game_four(seed: u64) -> (Rules, State) {
    let rules = first_game_rules(4);
    let wanted = [
        (Seat(0), ASSASSIN),
        (Seat(1), KING),
        (Seat(2), BISHOP),
        (Seat(3), WARLORD),
    ];
    let mut state = game_with(&rules, seed, Seat(0), THIEF, &wanted);
    blank_hands_first(&mut state);
    (rules, state)
}

/// A sorted copy, to compare action lists regardless of generation order.
pub fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v
}

/// Moves a seat's city to the bottom of the deck.
pub fn clear_city(state: &mut State, seat: Seat) {
    for card in state.city[seat.index()].iter() {
        state.deck.put_bottom(card);
    }
    state.city[seat.index()] = CardSet::EMPTY;
}

/// Replaces a seat's hand with cards of these districts taken from the deck.
pub fn set_hand(
    rules: &Rules,
    state: &mut State,
    seat: Seat,
    districts: &[District],
) -> Vec<CardId> {
    clear_hand(state, seat);
    let cards: Vec<CardId> = districts.iter().map(|&d| take(rules, state, d)).collect();
    cards
        .iter()
        .for_each(|&c| state.hand[seat.index()].insert(c));
    cards
}

/// Replaces a seat's city with cards of these districts taken from the deck.
pub fn set_city(
    rules: &Rules,
    state: &mut State,
    seat: Seat,
    districts: &[District],
) -> Vec<CardId> {
    clear_city(state, seat);
    let cards: Vec<CardId> = districts.iter().map(|&d| take(rules, state, d)).collect();
    cards
        .iter()
        .for_each(|&c| state.city[seat.index()].insert(c));
    cards
}

/// Moves cards of these districts to the top of the deck, first listed on top.
pub fn stack_deck(rules: &Rules, state: &mut State, districts: &[District]) -> Vec<CardId> {
    let top: Vec<CardId> = districts.iter().map(|&d| take(rules, state, d)).collect();
    let mut all = top.clone();
    all.extend(state.deck.iter());
    state.deck = Deck::from_cards(&all);
    top
}

/// A set of cards.
pub fn set_of(cards: &[CardId]) -> CardSet {
    cards.iter().copied().collect()
}

/// Every card of the game is in exactly one place: deck, a hand, a city, the Museum or a
/// pending choice (`engine::check::check_cards`).
pub fn assert_conserved(state: &State) {
    if let Err(e) = citadels_sim::engine::check::check_cards(state) {
        panic!("{e}");
    }
}

pub const ASSASSIN: Rank = Rank(1);
pub const THIEF: Rank = Rank(2);
pub const MAGICIAN: Rank = Rank(3);
pub const KING: Rank = Rank(4);
pub const BISHOP: Rank = Rank(5);
pub const MERCHANT: Rank = Rank(6);
pub const ARCHITECT: Rank = Rank(7);
pub const WARLORD: Rank = Rank(8);

// Ranks by number, for casts where the name of a rank's character varies.
pub const R1: Rank = Rank(1);
pub const R2: Rank = Rank(2);
pub const R3: Rank = Rank(3);
pub const R4: Rank = Rank(4);
pub const R5: Rank = Rank(5);
pub const R6: Rank = Rank(6);
pub const R7: Rank = Rank(7);
pub const R8: Rank = Rank(8);
pub const R9: Rank = Rank(9);

// Ranks of characters beyond the first game that several files name.
pub const WITCH: Rank = Rank(1);
pub const MAGISTRATE: Rank = Rank(1);
pub const SPY: Rank = Rank(2);
pub const BLACKMAILER: Rank = Rank(2);
pub const WIZARD: Rank = Rank(3);
pub const SEER: Rank = Rank(3);
pub const EMPEROR: Rank = Rank(4);
pub const PATRICIAN: Rank = Rank(4);
pub const ABBOT: Rank = Rank(5);
pub const ALCHEMIST: Rank = Rank(6);
pub const NAVIGATOR: Rank = Rank(7);
pub const DIPLOMAT: Rank = Rank(8);

/// Rules with the 54 basic districts plus exactly these unique districts (from the embedded
/// catalog) and this cast, one character per rank in rank order (8 characters, or 9 with a
/// rank-9 character, which then plays at every count it may); first-game options otherwise.
pub fn rules_with_cast_and_uniques(players: u8, cast: &[Character], uniques: &[District]) -> Rules {
    use citadels_sim::config::catalog::Catalog;
    let catalog = Catalog::embedded().expect("embedded catalog");
    let mut deck: Vec<_> = catalog.basics().collect();
    deck.extend(uniques.iter().map(|&d| catalog.spec(d)));
    let config = load_preset("first-game").expect("built-in preset");
    let mut options = config.options.clone();
    options.use_rank9 = cast.len() == 9 && players >= 4;
    let pools: Vec<Vec<Character>> = cast.iter().map(|&c| vec![c]).collect();
    Rules::new(players, &pools, &deck, &[], 0, &options).expect("valid rules")
}

/// The citadels-sim binary built for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_citadels-sim");

/// A path as a `&str`, for command-line arguments.
pub fn path(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

/// Every file of a folder with its bytes, sorted by name.
pub fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// Asserts that a finished command succeeded; the message shows `what` (its arguments) and
/// its standard error.
pub fn assert_success(output: &std::process::Output, what: impl std::fmt::Debug) {
    assert!(
        output.status.success(),
        "{what:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The sorted names of the entries of a folder.
pub fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Games done according to a run's or a ladder's checkpoint file (the first number of each `totals`).
pub fn checkpoint_games(checkpoint: &std::path::Path) -> u64 {
    let Ok(text) = std::fs::read_to_string(checkpoint) else {
        return 0;
    };
    text.lines()
        .filter_map(|l| l.strip_prefix("totals = \""))
        .filter_map(|l| l.split_whitespace().next()?.parse::<u64>().ok())
        .sum()
}

/// Starts `bin args` with its output discarded, waits for the first checkpoint at `checkpoint`
/// that records games (asserting the process is still running), kills it, and returns the
/// games the checkpoint then holds.
pub fn kill_after_first_checkpoint(bin: &str, args: &[&str], checkpoint: &std::path::Path) -> u64 {
    use std::time::{Duration, Instant};
    let mut child = std::process::Command::new(bin)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let waited = Instant::now();
    while checkpoint_games(checkpoint) == 0 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "{args:?} ended before its first checkpoint"
        );
        assert!(waited.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "{args:?} ended before it could be killed"
    );
    child.kill().unwrap();
    child.wait().unwrap();
    checkpoint_games(checkpoint)
}

/// The rows of a `characters.csv` whose `win_rate` interval is clearly not the plain Wilson
/// interval of its counts (picks by a winner, recovered from the 4-decimal rate, out of
/// `picked`): rows whose interval was clustered by game with a design effect away from 1.
/// Determinism tests check that some are, so that they compare clustered intervals.
pub fn clustered_win_rate_rows(characters: &[u8]) -> usize {
    let text = std::str::from_utf8(characters).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (picked, win, lo, hi) = (
        column("picked"),
        column("win_rate"),
        column("win_rate_lo"),
        column("win_rate_hi"),
    );
    lines
        .map(|line| line.split(',').collect::<Vec<&str>>())
        .filter(|row| !row[win].is_empty())
        .filter(|row| {
            let trials: u64 = row[picked].parse().unwrap();
            let rate: f64 = row[win].parse().unwrap();
            let wins = (rate * trials as f64).round() as u64;
            let (wlo, whi) = citadels_sim::stats::estimate::wilson(wins, trials);
            let (rlo, rhi): (f64, f64) = (row[lo].parse().unwrap(), row[hi].parse().unwrap());
            (rlo - wlo).abs() + (rhi - whi).abs() > 5e-4
        })
        .count()
}

// ---------------------------------------------------------------- Scenario setups
//
// Positions shared by the character, district and regression files: a game set up at a given
// turn with a given cast and deck.

use Character as C;
use District::*;

/// A 4-player first game at its first turn, crown on seat 0, seat i holding `ranks[i]`.
pub fn four_seated(ranks: [Rank; 4]) -> (Rules, State) {
    let rules = first_game_rules(4);
    let state = start_seated(&rules, 11, &ranks, lowest_rank_not_in(&ranks));
    (rules, state)
}

/// The first-game cast with `replace` put in at their ranks.
pub fn cast_replacing(replace: &[Character]) -> [Character; 8] {
    let mut cast = [
        C::Assassin,
        C::Thief,
        C::Magician,
        C::King,
        C::Bishop,
        C::Merchant,
        C::Architect,
        C::Warlord,
    ];
    for &c in replace {
        cast[c.rank().index() - 1] = c;
    }
    cast
}

/// A 4-player game with this cast at its first turn, crown on seat 0, seat i holding
/// `ranks[i]`; the face-down discard is the lowest rank nobody holds. Every hand is put back
/// into the deck, so that tests set the hands and cities they need.
pub fn game_with_cast(cast: [Character; 8], ranks: [Rank; 4]) -> (Rules, State) {
    let rules = rules_with_cast(4, &cast);
    let mut state = start_seated(&rules, 11, &ranks, lowest_rank_not_in(&ranks));
    clear_hands(&mut state);
    (rules, state)
}

/// Sets the stashes of seats 0-3.
pub fn set_gold(state: &mut State, gold: [u16; 4]) {
    state.gold[..4].copy_from_slice(&gold);
}

/// The first-game cast with the Magistrate at rank 1.
pub fn magistrate_cast() -> [Character; 8] {
    cast_replacing(&[C::Magistrate])
}

/// The Magistrate (seat 0) puts `warrant`, then the turn goes to `target` (seat 2) after it
/// gathered gold; seat 2 holds `hand` and `gold` before gathering.
pub fn warrant_then_target(
    target: Rank,
    warrant: Action,
    hand: &[District],
    gold: u16,
) -> (Rules, State, Vec<CardId>) {
    let (rules, mut state) = game_with_cast(magistrate_cast(), [MAGISTRATE, KING, target, WARLORD]);
    let hand = set_hand(&rules, &mut state, Seat(2), hand);
    set_gold(&mut state, [0, 2, gold, 2]);
    act(&rules, &mut state, warrant);
    pass_turn(&rules, &mut state);
    skip_to(&rules, &mut state, target);
    act(&rules, &mut state, Action::TakeGold);
    (rules, state, hand)
}

/// The Abbot's turn (seat 0) after the King's (seat 1).
pub fn abbot_turn() -> (Rules, State) {
    let (rules, mut state) = game_with_cast(
        cast_replacing(&[C::Abbot]),
        [ABBOT, KING, MERCHANT, WARLORD],
    );
    skip_to(&rules, &mut state, ABBOT);
    assert_eq!(state.turn.seat, Seat(0));
    (rules, state)
}

/// The gold of each `AbbotIncome` action offered.
pub fn abbot_incomes(actions: &[Action]) -> Vec<u8> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::AbbotIncome(g) => Some(*g),
            _ => None,
        })
        .collect()
}

/// The first-game cast plus the Artist, with `swaps` put in at their ranks; rank 9 plays if
/// `rank9` or a swap is of rank 9.
pub fn cast_with_artist(players: u8, swaps: &[Character], rank9: bool) -> Rules {
    use Character::*;
    let mut cast = vec![
        Assassin, Thief, Magician, King, Bishop, Merchant, Architect, Warlord, Artist,
    ];
    for &c in swaps {
        cast[c.rank().index() - 1] = c;
    }
    if !rank9 && !swaps.iter().any(|c| c.rank() == R9) {
        cast.pop();
    }
    rules_with_cast(players, &cast)
}

/// A game at its first turn, crown on seat 0, seat i holding `seats[i]`.
pub fn first_turn(rules: &Rules, seats: &[Rank], facedown: Rank) -> State {
    start_seated(rules, 7, seats, facedown)
}

pub fn at_scholar() -> (Rules, State) {
    let rules = cast_with_artist(4, &[Character::Scholar], false);
    let mut state = first_turn(&rules, &[R7, R1, R2, R3], R8);
    skip_to(&rules, &mut state, R7);
    blank(&mut state);
    (rules, state)
}

/// A game at its first turn: crown on seat 0, seat i holding `seats[i]`, `facedown` set
/// aside; then every city, hand and stash is emptied.
pub fn blank_first_turn(rules: &Rules, seats: &[Rank], facedown: Rank) -> State {
    let mut state = start_seated(rules, 7, seats, facedown);
    blank(&mut state);
    state
}

/// A 4-player first game at the turn of `rank` (held by seat 0); everyone's hand and city
/// are emptied into the deck and everyone has 0 gold.
pub fn first_game_at_turn(rank: Rank) -> (Rules, State) {
    let rules = first_game_rules(4);
    let others: Vec<Rank> = [ASSASSIN, KING, BISHOP, WARLORD, MERCHANT]
        .into_iter()
        .filter(|&r| r != rank)
        .take(3)
        .collect();
    let mut wanted = vec![(Seat(0), rank)];
    wanted.extend(
        others
            .iter()
            .enumerate()
            .map(|(i, &r)| (Seat(i as u8 + 1), r)),
    );
    let facedown = (1..=8)
        .map(Rank)
        .find(|r| !wanted.iter().any(|&(_, w)| w == *r))
        .unwrap();
    let mut state = game_with(&rules, 21, Seat(0), facedown, &wanted);
    skip_to(&rules, &mut state, rank);
    assert_eq!(state.turn.seat, Seat(0));
    blank_hands_first(&mut state);
    (rules, state)
}

/// The 12 unique districts of the `deck12_` setups (the rest of the deck is the 54 basic
/// districts).
pub const DECK12_UNIQUES: [District; 12] = [
    Armory,
    Basilica,
    Capitol,
    Framework,
    GoldMine,
    GreatWall,
    IvoryTower,
    Monument,
    HauntedQuarter,
    WishingWell,
    Keep,
    Quarry,
];

/// Rules with the first-game cast (with `swaps` put in) and `DECK12_UNIQUES`.
pub fn deck12_rules(players: u8, swaps: &[Character]) -> Rules {
    rules_with_cast_and_uniques(players, &first_game_cast_with(swaps), &DECK12_UNIQUES)
}

/// A 4-player game (crown on seat 0, seat i holding `seats[i]`, `facedown` set aside) at the
/// turn of `rank`, every city, hand and stash emptied.
pub fn deck12_at(rules: &Rules, seats: &[Rank], facedown: Rank, rank: Rank) -> State {
    blank_at_turn(rules, 11, seats, facedown, rank)
}

/// Seven districts: a completed city at 4 players.
pub const SEVEN_DISTRICTS: [District; 7] = [Manor, Castle, Palace, Temple, Church, Tavern, Market];

/// Seat 0 plays `character` (rank 8) at the start of his turn; seat 1 is the Assassin.
pub fn deck12_at_rank8(character: Character) -> (Rules, State) {
    let rules = deck12_rules(4, &[character]);
    let state = deck12_at(&rules, &[R8, R1, R2, R3], R7, R8);
    (rules, state)
}

/// The seed of `setup`'s games.
pub const SETUP_SEED: u64 = 7;

/// A game with this cast and these unique districts in the deck: every hand emptied, the
/// cities set before the selection phase (so the Theater acts at its end), crown on seat 0,
/// the face-down discard the lowest rank nobody wants, each seat picking its wanted ranks;
/// everyone's gold is then 0. Stops at the first turn, or at `Phase::Theater`.
pub fn setup_with(
    players: u8,
    seed: u64,
    replace: &[Character],
    uniques: &[District],
    wanted: &[(u8, Rank)],
    cities: &[(u8, &[District])],
) -> (Rules, State) {
    let rules = rules_with_cast_and_uniques(players, &first_game_cast_with(replace), uniques);
    setup_rules(rules, seed, wanted, cities)
}

/// `setup_with` for given rules.
pub fn setup_rules(
    rules: Rules,
    seed: u64,
    wanted: &[(u8, Rank)],
    cities: &[(u8, &[District])],
) -> (Rules, State) {
    let mut state = new_game(&rules, seed);
    clear_hands(&mut state);
    for &(s, districts) in cities {
        set_city(&rules, &mut state, Seat(s), districts);
    }
    let wanted: Vec<(Seat, Rank)> = wanted.iter().map(|&(s, r)| (Seat(s), r)).collect();
    let facedown = (1..=8)
        .map(Rank)
        .find(|r| !wanted.iter().any(|&(_, w)| w == *r))
        .unwrap();
    arrange_draft(&mut state, Seat(0), &[], &[facedown]);
    drive_draft(&rules, &mut state, &wanted);
    for (seat, rank) in wanted {
        assert_eq!(state.owner[rank.index()], Some(seat));
    }
    state.gold = [0; 8];
    (rules, state)
}

/// 4 players, seat i holding `ranks[i]`.
pub fn setup(
    replace: &[Character],
    uniques: &[District],
    ranks: [Rank; 4],
    cities: &[(u8, &[District])],
) -> (Rules, State) {
    let wanted: Vec<(u8, Rank)> = (0..4).map(|i| (i as u8, ranks[i])).collect();
    setup_with(4, SETUP_SEED, replace, uniques, &wanted, cities)
}

/// The card of `district` in `seat`'s city.
pub fn in_city(rules: &Rules, state: &State, seat: Seat, district: District) -> CardId {
    state.city[seat.index()]
        .intersection(rules.by_district[district.index()])
        .first()
        .unwrap_or_else(|| panic!("no {district} in the city"))
}

/// The 19 unique districts of the `deck19_` setups (besides the 54 basic districts).
pub const DECK19_UNIQUES: [District; 19] = [
    Armory,
    Capitol,
    Factory,
    Framework,
    GreatWall,
    HauntedQuarter,
    Keep,
    MapRoom,
    Monument,
    Museum,
    Necropolis,
    SchoolOfMagic,
    SecretVault,
    Stables,
    Statue,
    ThievesDen,
    Graveyard,
    Hospital,
    DragonGate,
];

/// Rules with the first-game cast (with `swaps` put in) and `DECK19_UNIQUES`.
pub fn deck19_rules(players: u8, swaps: &[Character]) -> Rules {
    rules_with_cast_and_uniques(players, &first_game_cast_with(swaps), &DECK19_UNIQUES)
}

/// A 4-player game (crown on seat 0, seat i holding `seats[i]`, `facedown` set aside) at the
/// turn of `rank`, every city, hand and stash then emptied.
pub fn deck19_at(rules: &Rules, seats: &[Rank], facedown: Rank, rank: Rank) -> State {
    blank_at_turn(rules, 5, seats, facedown, rank)
}

/// Every way of building offered: from hand, with the Framework or the Necropolis, or
/// with the Cardinal's borrowed gold.
pub fn any_builds(rules: &Rules, state: &State) -> Vec<Action> {
    of_kind(rules, state, |a| {
        matches!(
            a,
            Action::Build(_)
                | Action::FrameworkBuild(_)
                | Action::NecropolisBuild(_)
                | Action::BorrowBuild(..)
        )
    })
}

/// The Warlord's targets in `seat`'s city, sorted.
pub fn destroys_in(rules: &Rules, state: &State, seat: Seat) -> Vec<CardId> {
    destroys(&legal(rules, state))
        .into_iter()
        .filter_map(|(s, c)| (s == seat).then_some(c))
        .collect()
}

/// Six districts: with one more, a completed city at 4 players.
pub const SIX_DISTRICTS: [District; 6] = [Manor, Castle, Palace, Temple, Church, Tavern];
/// A CSV file as rows of named fields.
pub fn csv_rows(file: &std::path::Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_path(file).unwrap();
    let header = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}
