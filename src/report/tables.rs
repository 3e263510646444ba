//! The CSV tables: one row per player count and key, player counts ascending.

use super::{Rate, Section, bot_results, cast_characters, fixed, run_districts};
use crate::stats::estimate::ratio;
use std::io;

pub(super) fn finish(writer: csv::Writer<Vec<u8>>) -> io::Result<Vec<u8>> {
    writer
        .into_inner()
        .map_err(|e| io::Error::other(e.to_string()))
}

pub(super) fn rate_fields(rate: Rate) -> [String; 3] {
    [
        fixed(rate.value),
        fixed(Some(rate.lo)),
        fixed(Some(rate.hi)),
    ]
}

/// `characters.csv`: every character of the cast at each player count.
pub fn characters(sections: &[Section]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "character",
        "rank",
        "in_play",
        "cast_rounds",
        "available",
        "picked",
        "pick_rate",
        "pick_rate_lo",
        "pick_rate_hi",
        "available_pick_rate",
        "available_pick_rate_lo",
        "available_pick_rate_hi",
        "mean_pick_position",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "mean_score",
        "killed",
        "robbed",
        "bewitched",
        "threatened",
        "warranted",
        "turns",
        "mean_turn_gold",
        "mean_turn_cards",
        "mean_turn_points",
    ])?;
    for section in sections {
        for character in cast_characters(section.rules) {
            let stats = section.stats;
            let c = &stats.characters[character.index()];
            let rate = |sums| rate_fields(Rate::clustered(sums));
            let [pick, pick_lo, pick_hi] = rate(stats.character_pick_sums(character.index()));
            let [avail, avail_lo, avail_hi] =
                rate(stats.character_available_pick_sums(character.index()));
            let [win, lo, hi] = rate(stats.character_win_sums(character.index()));
            w.write_record([
                section.rules.players.to_string(),
                character.name().to_string(),
                character.rank().0.to_string(),
                c.in_play.to_string(),
                c.cast_rounds.to_string(),
                c.available.to_string(),
                c.picked.to_string(),
                pick,
                pick_lo,
                pick_hi,
                avail,
                avail_lo,
                avail_hi,
                fixed(ratio(c.pick_position_sum, c.picked)),
                win,
                lo,
                hi,
                fixed(ratio(c.score_sum, c.picked)),
                c.killed.to_string(),
                c.robbed.to_string(),
                c.bewitched.to_string(),
                c.threatened.to_string(),
                c.warranted.to_string(),
                c.turns.to_string(),
                fixed(ratio(c.turn_gold, c.turns)),
                fixed(ratio(c.turn_cards, c.turns)),
                fixed(ratio(c.turn_points, c.turns)),
            ])?;
        }
    }
    finish(w)
}

/// The header of `seats.csv` and `bots.csv` after their key column.
const SEAT_COLUMNS: [&str; 6] = [
    "games",
    "win_rate",
    "win_rate_lo",
    "win_rate_hi",
    "mean_score",
    "mean_rank",
];

/// A `seats.csv` or `bots.csv` row: players, key, games, win rate and interval (`rate`),
/// mean score, mean rank.
fn seat_row(players: usize, key: String, s: &crate::stats::SeatStats, rate: Rate) -> [String; 8] {
    let [win, lo, hi] = rate_fields(rate);
    [
        players.to_string(),
        key,
        s.games.to_string(),
        win,
        lo,
        hi,
        fixed(ratio(s.score_sum, s.games)),
        fixed(ratio(s.rank_sum, s.games)),
    ]
}

fn seat_header(w: &mut csv::Writer<Vec<u8>>, key: &str) -> csv::Result<()> {
    let mut header = vec!["players", key];
    header.extend(SEAT_COLUMNS);
    w.write_record(header)
}

/// `seats.csv`: seats relative to the first crown holder (0 = first crown).
pub fn seats(sections: &[Section]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    seat_header(&mut w, "seat")?;
    for section in sections {
        let players = section.rules.players as usize;
        for (seat, s) in section.stats.seats.iter().take(players).enumerate() {
            // One trial per game: the plain Wilson interval.
            let rate = Rate::of(s.wins, s.games);
            w.write_record(seat_row(players, seat.to_string(), s, rate))?;
        }
    }
    finish(w)
}

/// `bots.csv`: each bot spec's results over the seats it played, in the order the specs
/// first appear in `--bots`. A spec in several seats plays several trials per game, so its
/// win rate's interval is clustered by game (`Stats::bot_win_sums`).
pub fn bots(sections: &[Section]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    seat_header(&mut w, "bot")?;
    for section in sections {
        let players = section.rules.players as usize;
        for bot in bot_results(section) {
            w.write_record(seat_row(players, bot.spec, &bot.total, bot.rate))?;
        }
    }
    finish(w)
}

/// `districts.csv`: every district with cards in the run.
pub fn districts(sections: &[Section]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "district",
        "type",
        "cost",
        "in_deck",
        "built",
        "built_games",
        "build_rate",
        "build_rate_lo",
        "build_rate_hi",
        "mean_round_built",
        "appearances",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "destroyed",
        "exchanged",
        "seized",
    ])?;
    for section in sections {
        for (district, dtype, cost) in run_districts(section.rules) {
            let d = &section.stats.districts[district.index()];
            let [build, build_lo, build_hi] = rate_fields(Rate::of(d.built_games, d.in_deck));
            let [win, lo, hi] = rate_fields(Rate::clustered(d.win_sums()));
            w.write_record([
                section.rules.players.to_string(),
                district.name().to_string(),
                dtype.name().to_string(),
                cost.to_string(),
                d.in_deck.to_string(),
                d.built.to_string(),
                d.built_games.to_string(),
                build,
                build_lo,
                build_hi,
                fixed(ratio(d.built_round_sum, d.built)),
                d.appearances.to_string(),
                win,
                lo,
                hi,
                d.destroyed.to_string(),
                d.exchanged.to_string(),
                d.seized.to_string(),
            ])?;
        }
    }
    finish(w)
}

/// The round percentiles of `player_counts.csv` (nearest rank).
pub const ROUND_PERCENTILES: [u64; 7] = [0, 10, 25, 50, 75, 90, 100];

/// `player_counts.csv`: one row per player count.
pub fn player_counts(sections: &[Section]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "players",
        "games",
        "stalled",
        "mean_rounds",
        "min_rounds",
        "p10_rounds",
        "p25_rounds",
        "p50_rounds",
        "p75_rounds",
        "p90_rounds",
        "max_rounds",
        "mean_winning_score",
        "mean_margin",
        "ties",
        "shared_wins",
        "completed_games",
        "first_complete_win_rate",
        "first_complete_win_rate_lo",
        "first_complete_win_rate_hi",
        "balance_index",
        "balance_index_lo",
        "balance_index_hi",
        "seat_spread",
        "seat_spread_lo",
        "seat_spread_hi",
        "seat_p_value",
    ])?;
    for section in sections {
        let s = section.stats;
        let balance = crate::stats::balance::balance(s);
        let mut row = vec![
            section.rules.players.to_string(),
            s.games.to_string(),
            s.stalled.to_string(),
            fixed(ratio(s.rounds_sum(), s.finished())),
        ];
        row.extend(ROUND_PERCENTILES.map(|p| {
            s.rounds_percentile(p)
                .map(|r| r.to_string())
                .unwrap_or_default()
        }));
        row.extend([
            fixed(ratio(s.winning_score_sum, s.won_games)),
            fixed(ratio(s.margin_sum, s.finished())),
            s.ties.to_string(),
            s.shared_wins.to_string(),
            s.completed_games.to_string(),
        ]);
        row.extend(rate_fields(Rate::of(
            s.first_complete_wins,
            s.completed_games,
        )));
        for spread in [balance.index, balance.seat_spread] {
            row.extend([
                fixed(spread.map(|e| e.value)),
                fixed(spread.map(|e| e.lo)),
                fixed(spread.map(|e| e.hi)),
            ]);
        }
        row.push(p_value(balance.seat_p_value));
        w.write_record(row)?;
    }
    finish(w)
}

/// A p-value with four significant digits (`0.0312`, `4.127e-9`), or empty.
pub fn p_value(p: Option<f64>) -> String {
    p.map_or_else(String::new, |p| {
        if p >= 0.001 {
            format!("{p:.4}")
        } else {
            format!("{p:.3e}")
        }
    })
}

/// `rounds.csv`: the histogram of rounds per finished game, one row per round count from
/// the shortest to the longest game of each player count (empty bins included).
pub fn rounds(sections: &[Section]) -> io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["players", "rounds", "games", "share"])?;
    for section in sections {
        let s = section.stats;
        let (Some(lo), Some(hi)) = (s.rounds_percentile(0), s.rounds_percentile(100)) else {
            continue;
        };
        for r in lo..=hi {
            w.write_record([
                section.rules.players.to_string(),
                r.to_string(),
                s.rounds[r].to_string(),
                fixed(ratio(s.rounds[r], s.finished())),
            ])?;
        }
    }
    finish(w)
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
        let bots = text(bots(&sections).unwrap());
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
        let seats = text(seats(&sections).unwrap());
        // Seat 1 held the first crown, so it is relative seat 0.
        assert_eq!(
            seats.lines().nth(1).unwrap(),
            "4,0,1,1.0000,0.2065,1.0000,31.0000,1.0000"
        );
        assert_eq!(seats.lines().count(), 5);

        let districts = text(districts(&sections).unwrap());
        assert_eq!(
            districts.lines().nth(1).unwrap(),
            "4,Manor,noble,3,1,2,1,1.0000,0.2065,1.0000,4.5000,2,0.5000,0.0945,0.9055,0,1,0"
        );
        assert_eq!(districts.lines().count(), 1 + 17 + 14);

        let counts = text(player_counts(&sections).unwrap());
        assert_eq!(
            counts,
            "players,games,stalled,mean_rounds,min_rounds,p10_rounds,p25_rounds,p50_rounds,\
             p75_rounds,p90_rounds,max_rounds,mean_winning_score,mean_margin,ties,shared_wins,\
             completed_games,first_complete_win_rate,first_complete_win_rate_lo,\
             first_complete_win_rate_hi,balance_index,balance_index_lo,balance_index_hi,\
             seat_spread,seat_spread_lo,seat_spread_hi,seat_p_value\n\
             4,1,0,8.0000,8,8,8,8,8,8,8,31.0000,6.0000,0,0,1,1.0000,0.2065,1.0000,,,,,,,\n"
        );
        let rounds = text(rounds(&sections).unwrap());
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
            characters(&sections).unwrap(),
            characters(&sections).unwrap()
        );
    }
}
