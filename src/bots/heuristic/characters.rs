//! What each character is worth to a seat this round, and per rank what naming it weighs:
//! its worth to the leader (the Assassin's aim) and the most any opponent would lose (the
//! Thief's).

use super::decision::Decision;
use crate::engine::ids::{Character, District, DistrictType, Rank, Seat};
use crate::engine::view::View;

/// The districts of a type in `seat`'s city. (Counted where asked, as the seat's gold and
/// hand by `character_value`: a pick asks for one type per character, and a few instructions
/// each cost less than counting every type of the seat once per decision and looking that up:
/// 2.7 k instructions per heuristic game less, measured; 4 k per policy game less for the
/// policy's own picks and cards.)
#[inline(always)]
pub(crate) fn count_type(view: &View, seat: Seat, dtype: DistrictType) -> f32 {
    let city = view.city(seat);
    city.intersection(view.rules().by_type[dtype.index()]).len() as f32
}

/// How good the character of `rank` is for `seat` this round, from public information.
/// Inlined where it is asked (a pick's evaluation, the naming values): as a call, saving
/// and restoring registers cost more than most characters' own formula (6 k instructions per
/// heuristic game, measured).
#[inline(always)]
pub(super) fn character_value(d: &Decision, seat: Seat, rank: Rank) -> f32 {
    value_of_rank(d, Chooser::of(d.view, seat), d.view.character(rank))
}

/// The seat `character_value_for` values characters for, with the gold and hand it reads of
/// it: read once for every rank where one seat is asked about many.
#[derive(Clone, Copy)]
pub(super) struct Chooser {
    seat: Seat,
    pub(super) gold: f32,
    hand: f32,
}

impl Chooser {
    #[inline(always)]
    pub(super) fn of(view: &View, seat: Seat) -> Chooser {
        Chooser {
            seat,
            gold: view.gold(seat) as f32,
            hand: view.hand_size(seat) as f32,
        }
    }
}

/// `character_value` for a seat whose gold and hand were read, of the character in the cast.
#[inline(always)]
pub(super) fn character_value_for(d: &Decision, chooser: Chooser, character: Character) -> f32 {
    let view = d.view;
    let rules = view.rules();
    let Chooser { seat, gold, hand } = chooser;
    let to_complete = || d.to_complete(seat);
    let count_type = |dtype: DistrictType| count_type(view, seat, dtype);
    let most_cards = || d.others_of(seat).0;
    let richest_gold = || d.others_of(seat).1;
    // The catch-up term of the naming characters; with the default weight 0 the standings
    // are not needed (and not computed) for it.
    let catch_up = |factor: f32| {
        let weight = d.w.catch_up;
        if weight == 0.0 {
            0.0
        } else {
            factor * weight * d.behind(seat)
        }
    };
    match character {
        Character::Assassin => 3.0 + catch_up(0.15),
        Character::Thief => 1.5 + 0.5 * richest_gold(),
        Character::Magician => {
            let most = most_cards();
            2.0 + (most - hand).max(0.0) + if hand == 0.0 { 2.0 } else { 0.0 }
        }
        Character::King => {
            let statue = view
                .city(seat)
                .intersects(rules.by_district[District::Statue.index()]);
            2.5 + count_type(DistrictType::Noble) + if statue { 2.0 } else { 0.0 }
        }
        Character::Bishop => {
            let exposure = if to_complete() <= 2.0 { 3.0 } else { 0.5 };
            2.0 + count_type(DistrictType::Religious) + exposure
        }
        Character::Merchant => 3.0 + count_type(DistrictType::Trade),
        Character::Architect => {
            let builds = hand.min((gold / 3.0).floor()).min(3.0);
            1.5 + 2.0 * builds + if hand <= 1.0 { 1.5 } else { 0.0 }
        }
        Character::Warlord => {
            // A threat when the leader's city is two districts from complete. The leader is
            // another seat: while no other city is that close, there is no threat whoever
            // leads, and the standings (the dearest part of a pick) are not needed.
            let near = |s: Seat| d.to_complete(s) <= 2.0;
            let threat = if d.another_near(seat) && near(d.leader_for(seat)) {
                3.0
            } else {
                0.0
            };
            2.0 + count_type(DistrictType::Military) + threat
        }
        Character::Witch => 3.0 + catch_up(0.1),
        Character::Magistrate => 3.0 + catch_up(0.05),
        Character::Spy => 2.0 + 0.3 * most_cards(),
        Character::Blackmailer => 1.5 + 0.4 * richest_gold(),
        Character::Wizard => 2.5 + 0.3 * most_cards(),
        Character::Seer => 2.5 + if hand <= 1.0 { 1.5 } else { 0.0 },
        Character::Emperor => 2.5 + count_type(DistrictType::Noble),
        Character::Patrician => 2.0 + count_type(DistrictType::Noble),
        Character::Abbot => 2.5 + count_type(DistrictType::Religious),
        Character::Cardinal => {
            let short = if gold < 3.0 && hand >= 2.0 { 1.5 } else { 0.0 };
            2.0 + 0.8 * count_type(DistrictType::Religious) + short
        }
        Character::Alchemist => 1.0 + 0.6 * gold.min(6.0) * (hand > 0.0) as u8 as f32,
        Character::Trader => 3.0 + count_type(DistrictType::Trade),
        Character::Navigator => {
            if to_complete() <= 1.0 {
                0.5
            } else {
                3.5 - 0.3 * (gold / 3.0).min(hand)
            }
        }
        Character::Scholar => 2.5 + if hand <= 1.0 { 2.0 } else { 0.5 },
        Character::Diplomat => 2.5 + count_type(DistrictType::Military),
        Character::Marshal => {
            let can_pay = if gold >= 2.0 { 1.5 } else { 0.0 };
            2.0 + count_type(DistrictType::Military) + can_pay
        }
        Character::Queen => 3.0,
        Character::Artist => {
            1.5 + 0.5 * gold.min(2.0) + if to_complete() <= 2.0 { 1.0 } else { 0.0 }
        }
        Character::TaxCollector => 1.5 + view.tax_pool() as f32,
    }
}

/// The value of naming a character no opponent may hold (see `View::opponent_ranks`).
pub(super) const NOBODY_HOLDS: f32 = -50.0;

/// Assassin: kill the character the leader most likely wants. Per rank: the character's
/// value to the leader, for the ranks an opponent may hold.
pub(super) fn threats_by_rank(d: &Decision) -> [f32; 10] {
    let mut threat = [NOBODY_HOLDS; 10];
    let possible = d.view.opponent_ranks();
    if possible.is_empty() {
        return threat;
    }
    let leader = Chooser::of(d.view, d.leader_for(d.view.me()));
    for rank in possible.iter() {
        threat[rank.index()] = value_of_rank(d, leader, d.view.character(rank));
    }
    threat
}

/// Thief: rob the character most likely held by a rich player. Per rank: the most any
/// opponent would lose, for the ranks an opponent may hold (the running maximum taken in seat
/// order, from 0). Rank by rank, each character looked up once for every opponent: opponent
/// by opponent, walking the ranks and looking each up again for each, cost 1.8 k more
/// instructions per policy game (measured).
pub(super) fn loot_by_rank(d: &Decision) -> [f32; 10] {
    let mut loot = [NOBODY_HOLDS; 10];
    let view = d.view;
    let me = view.me();
    // Each opponent's gold and hand, and the gold the Thief would take from it, read once.
    let mut opponents = [(Chooser::of(view, me), 0.0); 8];
    let mut count = 0;
    for s in (0..view.players()).map(Seat).filter(|&s| s != me) {
        opponents[count] = (Chooser::of(view, s), view.gold(s) as f32 * 0.2);
        count += 1;
    }
    for rank in view.opponent_ranks().iter() {
        let character = view.character(rank);
        let mut most = 0.0f32;
        for &(chooser, gold) in &opponents[..count] {
            most = most.max(gold + value_of_rank(d, chooser, character) * 0.5);
        }
        loot[rank.index()] = most;
    }
    loot
}

/// `character_value_for` of a rank's character, looked up by the caller (once for many
/// seats where it can): 0 for a rank outside the cast. (The ranks an opponent may hold are
/// all in the cast; no panic path rests on that.)
#[inline(always)]
fn value_of_rank(d: &Decision, chooser: Chooser, character: Option<Character>) -> f32 {
    match character {
        Some(character) => character_value_for(d, chooser, character),
        None => 0.0,
    }
}
