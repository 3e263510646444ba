//! Teacher games as played: each game's deal and the position of every move among its legal
//! actions, with the teacher's answer at each decision with a choice. The engine replays a
//! record to every position it passed, so the features are computed when the data is used,
//! by the binary that uses it: a data file outlives changes to the feature space.

use super::data::Dataset;
use crate::bots::{AnyBot, Bot, BotSpec};
use crate::engine::action::Action;
use crate::engine::ids::Seat;
use crate::engine::legal::{legal_actions, to_move};
use crate::engine::rules::Rules;
use crate::engine::view::View;
use crate::engine::{apply, new_game};
use crate::sim::bot_seed;

/// One game: the seed of its deal and its moves, one `Answer` per decision with a choice
/// (a forced move is the only legal action and needs no record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub players: u8,
    pub seed: u64,
    /// Kept out of the fit, to measure it on games it did not see.
    pub validation: bool,
    pub answers: Vec<Answer>,
}

/// One decision with a choice, by positions among its legal actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The move the game went on with: the teacher's, or the student's under DAgger.
    pub played: u16,
    /// The teacher's choice.
    pub chosen: u16,
    /// The search's visits of each legal action when the teacher searched and played its
    /// most visited move (the target shares of `train --targets visits`); else empty.
    pub visits: Vec<u32>,
}

/// Plays one game and records the teacher's answers. Without a `student` the teacher plays
/// every seat; with one, the student plays every seat and the teacher is asked at each of
/// its decisions (DAgger, Ross, Gordon and Bagnell 2011: the data then covers the positions
/// the student reaches, where its own mistakes lead).
pub fn teacher_game(
    rules: &Rules,
    seed: u64,
    teacher: &BotSpec,
    student: Option<&BotSpec>,
    validation: bool,
    legal: &mut Vec<Action>,
) -> GameRecord {
    let seat_bots = |spec: &BotSpec| -> Vec<AnyBot> {
        (0..rules.players)
            .map(|s| AnyBot::new(spec, bot_seed(seed, Seat(s))))
            .collect()
    };
    let mut teachers = seat_bots(teacher);
    let mut students = student.map(seat_bots);
    let mut record = GameRecord {
        players: rules.players,
        seed,
        validation,
        answers: Vec::new(),
    };
    let mut state = new_game(rules, seed);
    while let Some(seat) = to_move(&state) {
        legal_actions(rules, &state, legal);
        let view = View::new(rules, &state, seat);
        let taught = teachers[seat.index()].decide(&view, legal);
        let action = match students.as_mut() {
            Some(bots) => bots[seat.index()].decide(&view, legal),
            None => taught,
        };
        if legal.len() > 1 {
            let position = |a: Action| {
                legal
                    .iter()
                    .position(|&l| l == a)
                    .expect("a bot plays a legal action") as u16
            };
            let search = teachers[seat.index()].search_visits();
            record.answers.push(Answer {
                played: position(action),
                chosen: position(taught),
                visits: visits_by_action(legal, taught, search.as_deref()),
            });
        }
        apply(rules, &mut state, action);
    }
    record
}

/// The search's visits of each legal action (`root`: its root's children, as
/// `IsmctsBot::root_children`). The search plays its most visited move: visits that do not
/// say so are not of this decision (a search that did not run), and give none.
fn visits_by_action(
    legal: &[Action],
    chosen: Action,
    root: Option<&[(Action, u32, f64)]>,
) -> Vec<u32> {
    let Some(root) = root else {
        return Vec::new();
    };
    let visits_of = |action: Action| {
        root.iter()
            .filter(|c| c.0 == action)
            .map(|c| c.1)
            .sum::<u32>()
    };
    let visits: Vec<u32> = legal.iter().map(|&a| visits_of(a)).collect();
    let most = visits.iter().copied().max().unwrap_or(0);
    match most > 0 && visits_of(chosen) == most {
        true => visits,
        false => Vec::new(),
    }
}

/// Replays `game` under `rules` and appends its decisions with their features to `data`.
/// A record that does not replay is refused with a reason (`replay_decisions`).
pub fn replay_into(
    data: &mut Dataset,
    rules: &Rules,
    game: &GameRecord,
    legal: &mut Vec<Action>,
) -> Result<(), String> {
    replay_decisions(rules, game, legal, |view, legal, answer| {
        let chosen = answer.chosen as usize;
        data.record(view, legal, chosen, &answer.visits, game.validation);
    })
}

/// Replays `game` under `rules` and shows `visit` each decision with a choice: the deciding
/// seat's view, its legal moves and the record's answer (whose moves are checked to be among
/// them). A record that does not replay (a move beyond the legal ones, answers left over or
/// missing: made by another version of the rules, or damaged) is refused with a reason.
pub fn replay_decisions(
    rules: &Rules,
    game: &GameRecord,
    legal: &mut Vec<Action>,
    mut visit: impl FnMut(&View, &[Action], &Answer),
) -> Result<(), String> {
    let mut answers = game.answers.iter();
    let mut state = new_game(rules, game.seed);
    while let Some(seat) = to_move(&state) {
        legal_actions(rules, &state, legal);
        let action = match legal.as_slice() {
            [only] => *only,
            _ => {
                let answer = answers
                    .next()
                    .ok_or("has fewer answers than its game has decisions")?;
                let (played, chosen) = (answer.played as usize, answer.chosen as usize);
                let visits_fit = answer.visits.is_empty() || answer.visits.len() == legal.len();
                if played >= legal.len() || chosen >= legal.len() || !visits_fit {
                    return Err(format!(
                        "does not replay: a decision among {} moves names move {} or {} \
                         (or has {} visit counts)",
                        legal.len(),
                        played,
                        chosen,
                        answer.visits.len()
                    ));
                }
                visit(&View::new(rules, &state, seat), legal, answer);
                legal[played]
            }
        };
        apply(rules, &mut state, action);
    }
    match answers.next() {
        Some(_) => Err("has more answers than its game has decisions".into()),
        None => Ok(()),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::config::load_preset;

    /// The first-game preset's rules at `players`.
    pub(crate) fn first_game(players: u8) -> Rules {
        load_preset("first-game")
            .and_then(|c| c.rules(players))
            .expect("preset")
    }

    /// DAgger: with a student, the student's moves make the game and the teacher's answers
    /// are the targets. The same bot as student plays the teacher's own games; a random
    /// student reaches other positions, where the teacher's answers often differ from the
    /// moves played.
    #[test]
    fn a_student_plays_and_the_teacher_answers() {
        let rules = first_game(4);
        let mut legal = Vec::new();
        let teacher = BotSpec::heuristic();
        let alone = teacher_game(&rules, 21, &teacher, None, false, &mut legal);
        let same = teacher_game(&rules, 21, &teacher, Some(&teacher), false, &mut legal);
        assert_eq!(alone, same);
        assert!(alone.answers.iter().all(|a| a.played == a.chosen));
        let random = BotSpec::parse("random").expect("spec");
        let led = teacher_game(&rules, 21, &teacher, Some(&random), false, &mut legal);
        assert_ne!(led.answers, alone.answers, "other positions");
        let differ = led.answers.iter().filter(|a| a.played != a.chosen).count();
        assert!(
            differ * 4 > led.answers.len(),
            "{differ} of {}",
            led.answers.len()
        );
    }

    /// A searching teacher's answers carry its visits of every legal action, with the
    /// move it played the most visited; a bot that does not search gives none.
    #[test]
    fn a_search_answers_with_its_visits() {
        let rules = first_game(4);
        let mut legal = Vec::new();
        let teacher = BotSpec::parse("ismcts:iters=24").expect("spec");
        let game = teacher_game(&rules, 4, &teacher, None, false, &mut legal);
        let searched = game.answers.iter().filter(|a| !a.visits.is_empty());
        let mut spread = 0;
        for answer in searched {
            let top = *answer.visits.iter().max().expect("visits");
            assert_eq!(answer.visits[answer.chosen as usize], top, "{answer:?}");
            spread += (answer.visits.iter().filter(|&&v| v > 0).count() > 1) as usize;
        }
        assert!(
            spread * 2 > game.answers.len(),
            "{spread} of {}",
            game.answers.len()
        );
        let plain = teacher_game(&rules, 4, &BotSpec::heuristic(), None, false, &mut legal);
        assert!(plain.answers.iter().all(|a| a.visits.is_empty()));
    }

    /// The replay reaches every decision the game had: one recorded decision per answer,
    /// each with the teacher's choice among its actions; a record cut short or run long,
    /// or naming a move beyond the legal ones, is refused.
    #[test]
    fn a_record_replays_to_its_decisions() {
        let rules = first_game(5);
        let mut legal = Vec::new();
        let game = teacher_game(&rules, 11, &BotSpec::heuristic(), None, true, &mut legal);
        let mut data = Dataset::default();
        replay_into(&mut data, &rules, &game, &mut legal).expect("replays");
        assert_eq!(data.decisions(), game.answers.len());
        for (i, answer) in game.answers.iter().enumerate() {
            let (actions, chosen, validation) = data.decision(i);
            assert_eq!(chosen, answer.chosen as usize);
            assert!(validation && actions.len() >= 2 && chosen < actions.len());
        }
        let mut short = game.clone();
        short.answers.pop();
        let mut long = game.clone();
        long.answers.push(game.answers[0].clone());
        let mut beyond = game.clone();
        beyond.answers[3].played = 300;
        for bad in [short, long, beyond] {
            let why = replay_into(&mut Dataset::default(), &rules, &bad, &mut legal);
            assert!(why.is_err(), "{bad:?}");
        }
    }
}
