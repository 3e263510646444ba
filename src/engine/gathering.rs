//! Gathering resources: "take two gold from the bank or draw two district cards from the
//! deck, choose one to keep, and discard the other facedown to the bottom of the deck".

use super::action::Action;
use super::ids::District;
use super::rules::Rules;
use super::sets::CardSet;
use super::state::{Pending, State};
use super::trace::Trace;

pub fn legal(rules: &Rules, state: &State, out: &mut Vec<Action>) {
    if state.turn.gathered {
        return;
    }
    out.push(Action::TakeGold);
    // Drawing needs a card to draw; with an empty deck only gold can be gathered.
    if !state.deck.is_empty() {
        out.push(Action::DrawCards);
    }
    let _ = rules;
}

/// Choices while drawn cards wait to be kept.
pub fn legal_keep(rules: &Rules, state: &State, drawn: CardSet, out: &mut Vec<Action>) {
    // Library: "keep all the drawn cards" (optional, like every district effect). Only for
    // cards drawn "when gathering resources": not the Scholar's seven (shuffled back).
    let gathering = !matches!(state.turn.pending, Pending::Keep { shuffle: true, .. });
    if gathering && drawn.len() > 1 && state.has_district(rules, state.turn.seat, District::Library)
    {
        out.push(Action::KeepAll);
    }
    out.extend(drawn.iter().map(Action::Keep));
}

pub fn apply(rules: &Rules, state: &mut State, action: Action, trace: &mut impl Trace) {
    let seat = state.turn.seat;
    match action {
        Action::TakeGold => {
            // Gold Mine: "If you take gold when gathering resources, gain 1 extra gold."
            let mine = state.has_district(rules, seat, District::GoldMine) as u16;
            state.gain_gold(seat, rules.options.gather_gold as u16 + mine, trace);
            state.turn.gathered = true;
        }
        Action::DrawCards => {
            // Observatory: "If you draw cards when gathering resources, draw 3 instead of 2."
            let extra = state.has_district(rules, seat, District::Observatory) as u8;
            let mut drawn = CardSet::EMPTY;
            for _ in 0..rules.options.gather_draw + extra {
                let Some(card) = state.deck.draw() else { break };
                drawn.insert(card);
            }
            let keep = rules.options.gather_keep.min(drawn.len() as u8);
            state.turn.gathered = true;
            state.turn.pending = Pending::Keep {
                drawn,
                keep,
                shuffle: false,
            };
        }
        Action::Keep(card) => {
            let Pending::Keep {
                mut drawn,
                keep,
                shuffle,
            } = state.turn.pending
            else {
                unreachable!("Keep only while choosing drawn cards");
            };
            // Nobody else can tell which drawn cards were kept and which go back.
            state.knowledge.put_back_drawn(seat, drawn);
            drawn.remove(card);
            state.add_card(seat, card, trace);
            if keep > 1 && !drawn.is_empty() {
                state.turn.pending = Pending::Keep {
                    drawn,
                    keep: keep - 1,
                    shuffle,
                };
            } else {
                // "the other cards are discarded facedown to the bottom of the district deck";
                // the Scholar shuffles them back into the deck instead.
                for rest in drawn.iter() {
                    state.deck.put_bottom(rest);
                }
                if shuffle {
                    let deck = state.deck.card_set();
                    state.knowledge.forget(deck);
                    state.deck.shuffle(&mut state.rng);
                }
                state.turn.pending = Pending::None;
            }
        }
        Action::KeepAll => {
            let Pending::Keep { drawn, .. } = state.turn.pending else {
                unreachable!("KeepAll only while choosing drawn cards");
            };
            state.add_to_hand(seat, drawn, trace);
            state.turn.pending = Pending::None;
        }
        _ => unreachable!("not a gathering action"),
    }
}
