//! The characters of a determinization: the selection replayed from `me`'s own steps, each
//! group of unseen characters dealt at random within what is public, and the selection's
//! record (offers, choices, what each seat saw) rebuilt to match.

use crate::engine::draft::{last_takes_facedown, step_chooser, step_count};
use crate::engine::ids::{Rank, Seat};
use crate::engine::rng::GameRng;
use crate::engine::sets::RankSet;
use crate::engine::state::{Phase, State};

/// What the public information says of a character's holder after the selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Need {
    Free,
    Owner(Seat),
    /// Called and nobody answered: discarded.
    Down,
    /// Held by one of the two seats of a Theater exchange.
    OneOf(Seat, Seat),
}

/// Where a character card of the selection ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Pick(Seat),
    Down,
    /// 7-8 players, the last player's pick and the first face-down card: he took one of the
    /// two, the other was discarded.
    Either(Seat),
}

fn accepts(slot: Slot, need: Need) -> bool {
    match (need, slot) {
        (Need::Free, _) => true,
        (Need::Owner(s), Slot::Pick(t) | Slot::Either(t)) => s == t,
        (Need::Down, Slot::Down | Slot::Either(_)) => true,
        (Need::OneOf(a, b), Slot::Pick(t) | Slot::Either(t)) => t == a || t == b,
        _ => false,
    }
}

/// Slots: 0 is the first face-down card, 1 + s the card chosen at step s, then the pile or
/// the leftovers.
const SLOTS: usize = 20;

#[derive(Clone, Copy, Debug)]
struct Selection {
    kind: [Slot; SLOTS],
    value: [Option<Rank>; SLOTS],
}

/// What the seat's own selection steps and the public information fix of the characters'
/// places: the slots (`Selection`) with the values it knows, and what may hold each
/// character.
#[derive(Clone, Debug)]
pub(super) struct CharacterPlan {
    sel: Selection,
    fixed: [bool; SLOTS],
    /// My steps: (step, offer, choice), the current one without a choice.
    obs: [(usize, RankSet, Option<Rank>); 9],
    n_obs: usize,
    hidden_ranks: RankSet,
    needs: [Need; 10],
    /// The steps taken so far (all of them after the selection).
    k: usize,
    last: usize,
    tail_start: usize,
    n_slots: usize,
    in_draft: bool,
    merged: bool,
    merged_in_draft: bool,
    d0_seen: bool,
    d0_slot: bool,
}

impl CharacterPlan {
    pub(super) fn new(state: &State, me: Seat) -> CharacterPlan {
        let players = state.players;
        let characters = state.cast_ranks().len() as u8;
        let crown = state.knowledge.crown;
        let steps = step_count(players, characters);
        let last = steps - 1;
        let in_draft = state.phase == Phase::Draft;
        let k = if in_draft {
            state.draft.step as usize
        } else {
            steps
        };
        let cast = state.cast_ranks();
        let hidden_ranks = RankSet(cast.0 & !state.faceup_discards.0);
        let n_hidden = hidden_ranks.len();
        // "Special Rule with 7 Players": the pile is down to one card at the last step.
        let merges = last_takes_facedown(players, n_hidden, steps);
        let merged = merges && k >= last;
        let last_seat = step_chooser(players, characters, crown, last)
            .map(|(s, _)| s)
            .unwrap_or(me);
        let chooser_now = in_draft
            .then(|| step_chooser(players, characters, crown, k).map(|(s, _)| s))
            .flatten();

        // My steps: (step, offer, choice), the current one without a choice.
        let mut obs: [(usize, RankSet, Option<Rank>); 9] = [(0, RankSet::EMPTY, None); 9];
        let mut n_obs = 0;
        for s in 0..k {
            if step_chooser(players, characters, crown, s).map(|(seat, _)| seat) == Some(me) {
                obs[n_obs] = (s, state.knowledge.offers[s], state.knowledge.choices[s]);
                n_obs += 1;
            }
        }
        if chooser_now == Some(me) {
            obs[n_obs] = (k, state.draft.available, None);
            n_obs += 1;
        }
        // I saw the first face-down card if the last step's merged offer was mine.
        let d0_seen = merged && last_seat == me;
        let merged_in_draft = in_draft && merged;
        let tail = if in_draft {
            state.draft.available.len() - (merged_in_draft && !d0_seen) as usize
        } else {
            n_hidden - 1 - steps
        };
        let tail_start = 1 + k;
        let n_slots = tail_start + tail;

        let mut sel = Selection {
            kind: [Slot::Down; SLOTS],
            value: [None; SLOTS],
        };
        let d0_kind = if merged && !in_draft {
            Slot::Either(last_seat)
        } else {
            Slot::Down
        };
        sel.kind[0] = d0_kind;
        for s in 0..k {
            sel.kind[1 + s] = match step_chooser(players, characters, crown, s) {
                Some((seat, true)) if merged && s == last => Slot::Either(seat),
                Some((seat, true)) => Slot::Pick(seat),
                _ => Slot::Down,
            };
        }

        // Known values: my choices; the face-down card I saw; the pile I am choosing from.
        let mut fixed = [false; SLOTS];
        for &(s, offer, choice) in &obs[..n_obs] {
            if let Some(c) = choice {
                sel.value[1 + s] = Some(c);
                fixed[1 + s] = true;
            } else {
                for (i, r) in offer.iter().enumerate() {
                    sel.value[tail_start + i] = Some(r);
                    fixed[tail_start + i] = true;
                }
            }
        }
        if d0_seen && !in_draft {
            let (_, offer, choice) = obs[n_obs - 1];
            let mut rest = offer;
            if let Some(c) = choice {
                rest.remove(c);
            }
            sel.value[0] = rest.iter().next();
            fixed[0] = true;
        }
        let d0_slot = !(d0_seen && in_draft);
        CharacterPlan {
            sel,
            fixed,
            obs,
            n_obs,
            hidden_ranks,
            needs: needs(state, me, cast),
            k,
            last,
            tail_start,
            n_slots,
            in_draft,
            merged,
            merged_in_draft,
            d0_seen,
            d0_slot,
        }
    }

    /// Deals the characters of the selection again at random within the plan, into `out`
    /// (`state`: the position sampled, whose public facts the plan was made from).
    pub(super) fn assign(&self, state: &State, me: Seat, rng: &mut GameRng, out: &mut State) {
        let (k, tail_start, n_slots) = (self.k, self.tail_start, self.n_slots);
        let mut sel = self.sel;
        for _attempt in 0..32 {
            let mut try_sel = sel;
            if deal_segments(
                &mut try_sel,
                &self.fixed,
                &self.obs[..self.n_obs],
                self.hidden_ranks,
                (self.d0_slot, n_slots),
                &self.needs,
                rng,
            ) {
                sel = try_sel;
                break;
            }
        }

        // Owners and discards from the slots.
        out.owner = [None; 10];
        out.facedown_discards = RankSet::EMPTY;
        let d0 = sel.value[0];
        if self.d0_slot
            && let Some(r) = d0
        {
            if self.merged_in_draft {
                // Already in the pile of the last player.
            } else {
                out.facedown_discards.insert(r);
            }
        }
        for s in 0..k {
            let Some(r) = sel.value[1 + s] else { continue };
            match sel.kind[1 + s] {
                Slot::Pick(seat) | Slot::Either(seat) => out.owner[r.index()] = Some(seat),
                Slot::Down => out.facedown_discards.insert(r),
            }
        }
        let mut pile = RankSet::EMPTY;
        for i in tail_start..n_slots {
            if let Some(r) = sel.value[i] {
                pile.insert(r);
            }
        }
        if self.in_draft {
            if self.merged_in_draft
                && self.d0_slot
                && let Some(r) = d0
            {
                pile.insert(r);
            }
            out.draft.available = pile;
        } else {
            out.facedown_discards.0 |= pile.0;
            if self.merged && !self.d0_seen {
                choose_last_pick(&mut sel, &self.needs, self.last, rng, out);
            }
            if let Some((a, b)) = state.knowledge.theater {
                theater_exchange(state, me, a, b, rng, out);
            }
        }
        rebuild_draft_record(state, me, &sel, k, (tail_start, n_slots), self.merged, out);
    }
}

/// The public constraints on each character's holder after the selection.
fn needs(state: &State, me: Seat, cast: RankSet) -> [Need; 10] {
    let mut needs = [Need::Free; 10];
    if state.phase == Phase::Draft {
        return needs;
    }
    let pair = state.knowledge.theater;
    let owner_need = |seat: Seat| match pair {
        Some((a, b)) if seat == a || seat == b => Need::OneOf(a, b),
        _ => Need::Owner(seat),
    };
    let called_up_to = match state.phase {
        Phase::Turns => state.turn.rank.0,
        Phase::EmperorAdvisor(_) => 10,
        _ => 0,
    };
    for rank in cast.iter() {
        let owner = state.owner[rank.index()];
        let known = state.revealed.contains(rank)
            || owner == Some(me)
            || (state.phase == Phase::Turns
                && state.turn.rank == rank
                && owner == Some(state.turn.seat))
            || matches!(state.phase, Phase::EmperorAdvisor(_)) && state.killed == Some(rank);
        needs[rank.index()] = if known {
            owner_need(owner.expect("a known holder"))
        } else if rank.0 < called_up_to && state.killed != Some(rank) {
            Need::Down
        } else {
            Need::Free
        };
    }
    needs
}

/// Deals each group of unknown slots the cards the seat's own steps say it holds. Returns
/// false if a greedy placement of the constrained cards failed (the caller retries).
fn deal_segments(
    sel: &mut Selection,
    fixed: &[bool; SLOTS],
    obs: &[(usize, RankSet, Option<Rank>)],
    hidden: RankSet,
    (d0_slot, n_slots): (bool, usize),
    needs: &[Need; 10],
    rng: &mut GameRng,
) -> bool {
    // Slot 1 + t is step t; a group runs from after one of my steps to before the next.
    let mut start = if d0_slot { 0 } else { 1 };
    // Cards not accounted for before the next of my steps.
    let mut before = hidden;
    for &(t, offer, choice) in obs {
        let cards = RankSet(before.0 & !offer.0);
        if !place(sel, fixed, start..1 + t, cards, needs, rng) {
            return false;
        }
        let Some(c) = choice else {
            // My current choice: the pile is the offer, known.
            return true;
        };
        before = offer;
        before.remove(c);
        if fixed[0]
            && let Some(d) = sel.value[0]
        {
            // The merged last offer's face-down card is known already.
            before.remove(d);
        }
        start = 2 + t;
    }
    place(sel, fixed, start..n_slots, before, needs, rng)
}

/// Places `cards` into the unfixed slots of `range`: constrained cards first, each into a
/// random slot that accepts it, then the others at random.
fn place(
    sel: &mut Selection,
    fixed: &[bool; SLOTS],
    range: std::ops::Range<usize>,
    cards: RankSet,
    needs: &[Need; 10],
    rng: &mut GameRng,
) -> bool {
    let mut free = [0usize; SLOTS];
    let mut n_free = 0;
    for i in range {
        if !fixed[i] {
            sel.value[i] = None;
            free[n_free] = i;
            n_free += 1;
        }
    }
    if n_free != cards.len() {
        return false;
    }
    let order: [fn(Need) -> bool; 3] = [
        |n: Need| matches!(n, Need::Owner(_)),
        |n: Need| matches!(n, Need::OneOf(..)),
        |n: Need| n == Need::Down,
    ];
    let mut placed = RankSet::EMPTY;
    for class in order {
        for r in cards.iter().filter(|r| class(needs[r.index()])) {
            let need = needs[r.index()];
            let mut options = [0usize; SLOTS];
            let mut n = 0;
            for &i in &free[..n_free] {
                if sel.value[i].is_none() && accepts(sel.kind[i], need) {
                    options[n] = i;
                    n += 1;
                }
            }
            if n == 0 {
                return false;
            }
            let i = options[rng.below(n as u32) as usize];
            sel.value[i] = Some(r);
            placed.insert(r);
        }
    }
    let mut rest = [Rank(0); 10];
    let mut n_rest = 0;
    for r in cards.iter().filter(|&r| !placed.contains(r)) {
        rest[n_rest] = r;
        n_rest += 1;
    }
    rng.shuffle(&mut rest[..n_rest]);
    let mut next = rest[..n_rest].iter();
    for &i in &free[..n_free] {
        if sel.value[i].is_none() {
            sel.value[i] = next.next().copied();
        }
    }
    true
}

/// 7-8 players: the last player kept one of the last pile card and the first face-down card.
fn choose_last_pick(
    sel: &mut Selection,
    needs: &[Need; 10],
    last: usize,
    rng: &mut GameRng,
    out: &mut State,
) {
    let (Some(picked), Some(down)) = (sel.value[1 + last], sel.value[0]) else {
        return;
    };
    let Slot::Either(seat) = sel.kind[1 + last] else {
        return;
    };
    let ok = |keep: Rank, discard: Rank| {
        accepts(Slot::Pick(seat), needs[keep.index()])
            && accepts(Slot::Down, needs[discard.index()])
    };
    let keep_ok = ok(picked, down);
    let swap_ok = ok(down, picked);
    let swap = match (keep_ok, swap_ok) {
        (true, true) => rng.below(2) == 1,
        (false, true) => true,
        _ => false,
    };
    if swap {
        sel.value[1 + last] = Some(down);
        sel.value[0] = Some(picked);
        out.owner[picked.index()] = None;
        out.owner[down.index()] = Some(seat);
        out.facedown_discards.remove(down);
        out.facedown_discards.insert(picked);
    }
}

/// A Theater exchange between `a` and `b`: their characters are dealt again between them,
/// each keeping his count, with the holders `me` knows kept.
fn theater_exchange(state: &State, me: Seat, a: Seat, b: Seat, rng: &mut GameRng, out: &mut State) {
    let mut pool = RankSet::EMPTY;
    let mut count_a = 0;
    for r in 1..=9usize {
        match out.owner[r] {
            Some(s) if s == a => {
                pool.insert(Rank(r as u8));
                count_a += 1;
            }
            Some(s) if s == b => pool.insert(Rank(r as u8)),
            _ => {}
        }
    }
    let involved = me == a || me == b;
    let mut to_a = RankSet::EMPTY;
    let mut to_b = RankSet::EMPTY;
    let mut rest = [Rank(0); 10];
    let mut n_rest = 0;
    for r in pool.iter() {
        let real = state.owner[r.index()];
        let known = state.revealed.contains(r)
            || real == Some(me)
            || (involved && my_log(state, me).contains(r));
        match real {
            Some(s) if known && s == a => to_a.insert(r),
            Some(s) if known && s == b => to_b.insert(r),
            _ => {
                rest[n_rest] = r;
                n_rest += 1;
            }
        }
    }
    rng.shuffle(&mut rest[..n_rest]);
    for &r in &rest[..n_rest] {
        if to_a.len() < count_a {
            to_a.insert(r);
        } else {
            to_b.insert(r);
        }
    }
    for r in to_a.iter() {
        out.owner[r.index()] = Some(a);
    }
    for r in to_b.iter() {
        out.owner[r.index()] = Some(b);
    }
}

/// The characters `me` chose in this round's selection.
fn my_log(state: &State, me: Seat) -> RankSet {
    let mut set = RankSet::EMPTY;
    let characters = state.cast_ranks().len() as u8;
    for s in 0..step_count(state.players, characters) {
        if step_chooser(state.players, characters, state.knowledge.crown, s).map(|(seat, _)| seat)
            == Some(me)
            && let Some(c) = state.knowledge.choices[s]
        {
            set.insert(c);
        }
    }
    set
}

/// The sampled selection's offers and choices, and what each seat saw; the seat's own are
/// those it really had.
fn rebuild_draft_record(
    state: &State,
    me: Seat,
    sel: &Selection,
    k: usize,
    (tail_start, n_slots): (usize, usize),
    merged: bool,
    out: &mut State,
) {
    let players = state.players;
    let characters = state.cast_ranks().len() as u8;
    let crown = state.knowledge.crown;
    let last = step_count(players, characters) - 1;
    let mut later = RankSet::EMPTY;
    for i in tail_start..n_slots {
        if let Some(r) = sel.value[i] {
            later.insert(r);
        }
    }
    for seat in 0..players as usize {
        if seat != me.index() {
            out.seen[seat] = RankSet::EMPTY;
        }
    }
    if state.phase == Phase::Draft
        && let Some((seat, _)) = step_chooser(players, characters, crown, k)
        && seat != me
    {
        out.seen[seat.index()].0 |= out.draft.available.0;
    }
    for s in (0..k).rev() {
        let Some(chosen) = sel.value[1 + s] else {
            continue;
        };
        later.insert(chosen);
        let mut offer = later;
        if merged
            && s == last
            && let Some(d) = sel.value[0]
        {
            offer.insert(d);
        }
        match step_chooser(players, characters, crown, s) {
            // My own steps are what I really saw (the same cards, by construction).
            Some((seat, _)) if seat == me => {}
            chooser => {
                out.knowledge.offers[s] = offer;
                out.knowledge.choices[s] = Some(chosen);
                if let Some((seat, _)) = chooser {
                    out.seen[seat.index()].0 |= offer.0;
                }
            }
        }
    }
}
