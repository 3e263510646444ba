//! The run report's tables as typed results (`ResultTable`), built once from the exact
//! counts: one row per player count and key, player counts ascending. Their CSV files,
//! `report.html`, the terminal summary, `sweep` and `compare` render from these rows.

use super::result_table::{Cell, Kind, ResultTable};
use super::{Rate, Section, bot_results, cast_characters, run_districts};
use crate::stats::estimate::ratio;

/// The six tables of a run report, in the order of their files (`FILE_NAMES`).
pub fn all(sections: &[Section]) -> Vec<ResultTable> {
    vec![
        characters(sections),
        seats(sections),
        bots(sections),
        districts(sections),
        player_counts(sections),
        rounds(sections),
    ]
}

fn mean(sum: u64, n: u64) -> Cell {
    Cell::Number(ratio(sum, n))
}

/// `characters.csv`: every character of the cast at each player count.
pub fn characters(sections: &[Section]) -> ResultTable {
    let mut t = ResultTable::new(
        "characters.csv",
        &[
            ("players", Kind::Whole),
            ("character", Kind::Text),
            ("rank", Kind::Whole),
            ("in_play", Kind::Whole),
            ("cast_rounds", Kind::Whole),
            ("available", Kind::Whole),
            ("picked", Kind::Whole),
            ("pick_rate", Kind::Rate),
            ("available_pick_rate", Kind::Rate),
            ("mean_pick_position", Kind::Number),
            ("win_rate", Kind::Rate),
            ("mean_score", Kind::Number),
            ("killed", Kind::Whole),
            ("robbed", Kind::Whole),
            ("bewitched", Kind::Whole),
            ("threatened", Kind::Whole),
            ("warranted", Kind::Whole),
            ("turns", Kind::Whole),
            ("mean_turn_gold", Kind::Number),
            ("mean_turn_cards", Kind::Number),
            ("mean_turn_points", Kind::Number),
        ],
    );
    for section in sections {
        let stats = section.stats;
        for character in cast_characters(section.rules) {
            let i = character.index();
            let c = &stats.characters[i];
            let rate = |sums| Cell::rate(Rate::clustered(sums));
            t.push(vec![
                Cell::whole(section.rules.players.into()),
                Cell::text(character.name()),
                Cell::whole(character.rank().0.into()),
                Cell::whole(c.in_play),
                Cell::whole(c.cast_rounds),
                Cell::whole(c.available),
                Cell::whole(c.picked),
                rate(stats.character_pick_sums(i)),
                rate(stats.character_available_pick_sums(i)),
                mean(c.pick_position_sum, c.picked),
                rate(stats.character_win_sums(i)),
                mean(c.score_sum, c.picked),
                Cell::whole(c.killed),
                Cell::whole(c.robbed),
                Cell::whole(c.bewitched),
                Cell::whole(c.threatened),
                Cell::whole(c.warranted),
                Cell::whole(c.turns),
                mean(c.turn_gold, c.turns),
                mean(c.turn_cards, c.turns),
                mean(c.turn_points, c.turns),
            ]);
        }
    }
    t
}

/// The columns of `seats.csv` and `bots.csv`, after `key`.
fn seat_table(name: &'static str, key: &'static str) -> ResultTable {
    ResultTable::new(
        name,
        &[
            ("players", Kind::Whole),
            (
                key,
                if key == "seat" {
                    Kind::Whole
                } else {
                    Kind::Text
                },
            ),
            ("games", Kind::Whole),
            ("win_rate", Kind::Rate),
            ("mean_score", Kind::Number),
            ("mean_rank", Kind::Number),
        ],
    )
}

/// A `seats.csv` or `bots.csv` row: players, key, games, win rate and interval (`rate`),
/// mean score, mean rank.
fn seat_row(players: u8, key: Cell, s: &crate::stats::SeatStats, rate: Rate) -> Vec<Cell> {
    vec![
        Cell::whole(players.into()),
        key,
        Cell::whole(s.games),
        Cell::rate(rate),
        mean(s.score_sum, s.games),
        mean(s.rank_sum, s.games),
    ]
}

/// `seats.csv`: seats relative to the first crown holder (0 = first crown).
pub fn seats(sections: &[Section]) -> ResultTable {
    let mut t = seat_table("seats.csv", "seat");
    for section in sections {
        let players = section.rules.players;
        for (seat, s) in section.stats.seats.iter().take(players.into()).enumerate() {
            // One trial per game: the plain Wilson interval.
            let rate = Rate::of(s.wins, s.games);
            t.push(seat_row(players, Cell::whole(seat as u64), s, rate));
        }
    }
    t
}

/// `bots.csv`: each bot spec's results over the seats it played, in the order the specs
/// first appear in `--bots`. A spec in several seats plays several trials per game, so its
/// win rate's interval is clustered by game (`Stats::bot_win_sums`).
pub fn bots(sections: &[Section]) -> ResultTable {
    let mut t = seat_table("bots.csv", "bot");
    for section in sections {
        for bot in bot_results(section) {
            t.push(seat_row(
                section.rules.players,
                Cell::Text(bot.spec),
                &bot.total,
                bot.rate,
            ));
        }
    }
    t
}

/// `districts.csv`: every district with cards in the run.
pub fn districts(sections: &[Section]) -> ResultTable {
    let mut t = ResultTable::new(
        "districts.csv",
        &[
            ("players", Kind::Whole),
            ("district", Kind::Text),
            ("type", Kind::Text),
            ("cost", Kind::Whole),
            ("in_deck", Kind::Whole),
            ("built", Kind::Whole),
            ("built_games", Kind::Whole),
            ("build_rate", Kind::Rate),
            ("mean_round_built", Kind::Number),
            ("appearances", Kind::Whole),
            ("win_rate", Kind::Rate),
            ("destroyed", Kind::Whole),
            ("exchanged", Kind::Whole),
            ("seized", Kind::Whole),
        ],
    );
    for section in sections {
        for (district, dtype, cost) in run_districts(section.rules) {
            let d = &section.stats.districts[district.index()];
            t.push(vec![
                Cell::whole(section.rules.players.into()),
                Cell::text(district.name()),
                Cell::text(dtype.name()),
                Cell::whole(cost.into()),
                Cell::whole(d.in_deck),
                Cell::whole(d.built),
                Cell::whole(d.built_games),
                Cell::rate(Rate::of(d.built_games, d.in_deck)),
                mean(d.built_round_sum, d.built),
                Cell::whole(d.appearances),
                Cell::rate(Rate::clustered(d.win_sums())),
                Cell::whole(d.destroyed),
                Cell::whole(d.exchanged),
                Cell::whole(d.seized),
            ]);
        }
    }
    t
}

/// The round percentiles of `player_counts.csv` (nearest rank).
pub const ROUND_PERCENTILES: [u64; 7] = [0, 10, 25, 50, 75, 90, 100];

/// `player_counts.csv`: one row per player count.
pub fn player_counts(sections: &[Section]) -> ResultTable {
    let mut columns = vec![
        ("players", Kind::Whole),
        ("games", Kind::Whole),
        ("stalled", Kind::Whole),
        ("mean_rounds", Kind::Number),
    ];
    columns.extend(
        [
            "min_rounds",
            "p10_rounds",
            "p25_rounds",
            "p50_rounds",
            "p75_rounds",
            "p90_rounds",
            "max_rounds",
        ]
        .map(|name| (name, Kind::Whole)),
    );
    columns.extend([
        ("mean_winning_score", Kind::Number),
        ("mean_margin", Kind::Number),
        ("ties", Kind::Whole),
        ("shared_wins", Kind::Whole),
        ("completed_games", Kind::Whole),
        ("first_complete_win_rate", Kind::Rate),
    ]);
    columns.extend(super::balance_columns::COLUMNS);
    let mut t = ResultTable::new("player_counts.csv", &columns);
    for section in sections {
        let s = section.stats;
        let mut row = vec![
            Cell::whole(section.rules.players.into()),
            Cell::whole(s.games),
            Cell::whole(s.stalled),
            mean(s.rounds_sum(), s.finished()),
        ];
        row.extend(
            ROUND_PERCENTILES.map(|p| Cell::Whole(s.rounds_percentile(p).map(|r| r as u64))),
        );
        row.extend([
            mean(s.winning_score_sum, s.won_games),
            mean(s.margin_sum, s.finished()),
            Cell::whole(s.ties),
            Cell::whole(s.shared_wins),
            Cell::whole(s.completed_games),
            Cell::rate(Rate::of(s.first_complete_wins, s.completed_games)),
        ]);
        row.extend(super::balance_columns::cells(
            &crate::stats::balance::balance(s),
        ));
        t.push(row);
    }
    t
}

/// `rounds.csv`: the histogram of rounds per finished game, one row per round count from
/// the shortest to the longest game of each player count (empty bins included).
pub fn rounds(sections: &[Section]) -> ResultTable {
    let mut t = ResultTable::new(
        "rounds.csv",
        &[
            ("players", Kind::Whole),
            ("rounds", Kind::Whole),
            ("games", Kind::Whole),
            ("share", Kind::Number),
        ],
    );
    for section in sections {
        let s = section.stats;
        let (Some(lo), Some(hi)) = (s.rounds_percentile(0), s.rounds_percentile(100)) else {
            continue;
        };
        for r in lo..=hi {
            t.push(vec![
                Cell::whole(section.rules.players.into()),
                Cell::whole(r as u64),
                Cell::whole(s.rounds[r]),
                mean(s.rounds[r], s.finished()),
            ]);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ids::{Character, District, Seat};
    use crate::stats::Stats;
    use crate::stats::record::GameRecord;

    fn one_game_stats() -> Stats {
        let mut g = GameRecord::new(4, Seat(1));
        g.rounds = 8;
        g.cast = 0;
        for c in crate::config::load_preset("first-game")
            .unwrap()
            .cast
            .into_iter()
            .flatten()
        {
            g.cast |= 1 << c.index();
        }
        g.scores = [20, 31, 12, 25, 0, 0, 0, 0];
        g.winners.insert(Seat(1));
        // Seat 1 took the King 3 times and the Thief 5 times; seat 0 the Assassin 8 times.
        g.picks[1][Character::King.index()] = 3;
        g.picks[1][Character::Thief.index()] = 5;
        g.picks[0][Character::Assassin.index()] = 8;
        g.killed[Character::Thief.index()] = 2;
        g.deck = 1 << District::Manor.index();
        g.built[District::Manor.index()] = 2;
        g.final_city[1] = 1 << District::Manor.index();
        g.final_city[2] = 1 << District::Manor.index();
        g.available[Character::Assassin.index()] = 8;
        g.available[Character::Thief.index()] = 8;
        g.pick_position[Character::Assassin.index()] = 8;
        g.pick_position[Character::Thief.index()] = 15;
        g.turns[Character::Assassin.index()] = 8;
        g.turn_gold[Character::Assassin.index()] = 16;
        g.turn_cards[Character::Assassin.index()] = 4;
        g.turn_points[Character::Assassin.index()] = 10;
        g.built_round[District::Manor.index()] = 9;
        g.exchanged[District::Manor.index()] = 1;
        g.first_complete = Some(Seat(1));
        g.rank_seats();
        let mut stats = Stats::new(4);
        stats.add(&g);
        stats
    }

    fn text(bytes: Vec<u8>) -> String {
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn character_rows_have_fixed_precision() {
        let rules = crate::config::load_preset("first-game")
            .unwrap()
            .rules(4)
            .unwrap();
        let stats = one_game_stats();
        let csv = text(
            characters(&[super::Section {
                rules: &rules,
                stats: &stats,
                bots: &[],
            }])
            .to_csv()
            .unwrap(),
        );
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines[0],
            "players,character,rank,in_play,cast_rounds,available,picked,pick_rate,pick_rate_lo,\
             pick_rate_hi,available_pick_rate,available_pick_rate_lo,available_pick_rate_hi,\
             mean_pick_position,win_rate,win_rate_lo,win_rate_hi,mean_score,killed,robbed,\
             bewitched,threatened,warranted,turns,mean_turn_gold,mean_turn_cards,\
             mean_turn_points"
        );
        assert_eq!(lines.len(), 9, "header and the 8 characters of the cast");
        assert_eq!(
            lines[1],
            "4,Assassin,1,1,8,8,8,1.0000,0.6756,1.0000,1.0000,0.6756,1.0000,1.0000,\
             0.0000,0.0000,0.3244,20.0000,0,0,0,0,0,8,2.0000,0.5000,1.2500"
        );
        assert_eq!(
            lines[2],
            "4,Thief,2,1,8,8,5,0.6250,0.3057,0.8632,0.6250,0.3057,0.8632,3.0000,\
             1.0000,0.5655,1.0000,31.0000,2,0,0,0,0,0,,,"
        );
        // Never picked: rates are empty, the interval is the whole range.
        assert_eq!(
            lines[3],
            "4,Magician,3,1,8,0,0,0.0000,0.0000,0.3244,,0.0000,1.0000,,,0.0000,1.0000,,\
             0,0,0,0,0,0,,,"
        );
    }

    #[test]
    fn seat_district_and_count_rows() {
        let rules = crate::config::load_preset("first-game")
            .unwrap()
            .rules(4)
            .unwrap();
        let stats = one_game_stats();
        use crate::bots::BotSpec;
        let sections = [super::Section {
            rules: &rules,
            stats: &stats,
            bots: &[
                BotSpec::random(),
                BotSpec::heuristic(),
                BotSpec::random(),
                BotSpec::random(),
            ],
        }];
        // bots.csv: the heuristic played seat 1, which won with 31; the random bots the rest.
        let bots = text(bots(&sections).to_csv().unwrap());
        let mut lines = bots.lines().skip(1);
        assert_eq!(
            lines.next().unwrap().split(',').take(6).collect::<Vec<_>>(),
            ["4", "random", "3", "0.0000", "0.0000", "0.5615"]
        );
        assert_eq!(
            lines.next().unwrap(),
            "4,heuristic,1,1.0000,0.2065,1.0000,31.0000,1.0000"
        );
        // The random bots (seats 0, 2, 3) scored 20, 12 and 25: ranks 3, 4 and 2.
        assert!(bots.lines().nth(1).unwrap().ends_with(",19.0000,3.0000"));
        assert_eq!(lines.next(), None);
        let seats = text(seats(&sections).to_csv().unwrap());
        // Seat 1 held the first crown, so it is relative seat 0.
        assert_eq!(
            seats.lines().nth(1).unwrap(),
            "4,0,1,1.0000,0.2065,1.0000,31.0000,1.0000"
        );
        assert_eq!(seats.lines().count(), 5);

        let districts = text(districts(&sections).to_csv().unwrap());
        assert_eq!(
            districts.lines().nth(1).unwrap(),
            "4,Manor,noble,3,1,2,1,1.0000,0.2065,1.0000,4.5000,2,0.5000,0.0945,0.9055,0,1,0"
        );
        assert_eq!(districts.lines().count(), 1 + 17 + 14);

        let counts = text(player_counts(&sections).to_csv().unwrap());
        assert_eq!(
            counts,
            "players,games,stalled,mean_rounds,min_rounds,p10_rounds,p25_rounds,p50_rounds,\
             p75_rounds,p90_rounds,max_rounds,mean_winning_score,mean_margin,ties,shared_wins,\
             completed_games,first_complete_win_rate,first_complete_win_rate_lo,\
             first_complete_win_rate_hi,balance_index,balance_index_lo,balance_index_hi,\
             seat_spread,seat_spread_lo,seat_spread_hi,seat_p_value\n\
             4,1,0,8.0000,8,8,8,8,8,8,8,31.0000,6.0000,0,0,1,1.0000,0.2065,1.0000,,,,,,,\n"
        );
        let rounds = text(rounds(&sections).to_csv().unwrap());
        assert_eq!(rounds, "players,rounds,games,share\n4,8,1,1.0000\n");
    }

    #[test]
    fn rendering_is_deterministic() {
        let rules = crate::config::load_preset("first-game")
            .unwrap()
            .rules(4)
            .unwrap();
        let stats = one_game_stats();
        let sections = [super::Section {
            rules: &rules,
            stats: &stats,
            bots: &[],
        }];
        assert_eq!(
            characters(&sections).to_csv().unwrap(),
            characters(&sections).to_csv().unwrap()
        );
    }
}
