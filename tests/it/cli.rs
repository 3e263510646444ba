//! Command-line tests: bad input is refused with exit status 2, a message naming the
//! problem, and no report folder.

use assert_cmd::Command;
use std::path::Path;

/// Runs `citadels-sim` in a fresh folder with `--out <tmp>/out` added to `run` commands;
/// checks exit status 2, the message, and that nothing was written.
fn refused(args: &[&str], message: &str) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_citadels-sim"));
    cmd.current_dir(dir.path()).args(args);
    if args.first() == Some(&"run") {
        cmd.arg("--out").arg(&out);
    }
    let output = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    assert!(
        stderr.contains(message),
        "{args:?}: {stderr:?} lacks {message:?}"
    );
    assert!(!out.exists(), "{args:?} wrote {}", out.display());
    assert!(
        !Path::new(&dir.path().join("reports")).exists(),
        "{args:?} wrote reports/"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "{args:?}"
    );
}

#[test]
fn unknown_preset() {
    refused(&["run", "--preset", "no-such-preset"], "no-such-preset");
}

#[test]
fn player_counts_outside_2_to_8() {
    refused(
        &["run", "--players", "1"],
        "1 players is outside the supported 2-8",
    );
    refused(
        &["run", "--players", "9"],
        "9 players is outside the supported 2-8",
    );
    refused(&["run", "--players", "3-9"], "9 players is outside");
}

#[test]
fn reversed_player_range() {
    refused(&["run", "--players", "7-4"], "7-4 is a reversed range");
}

#[test]
fn games_must_be_positive() {
    refused(&["run", "--games", "0"], "--games");
    refused(&["run", "--games", "0"], "at least 1");
    refused(&["run", "--games", "-5"], "at least 1 (got -5)");
    refused(&["run", "--games", "many"], "\"many\"");
}

/// Counts so large that planning their chunks would exhaust the memory before the first
/// game (the audit of 2026-11-29 found a panic and an abort) are refused, for games and deals
/// alike.
#[test]
fn games_and_deals_beyond_a_billion_are_refused() {
    let huge = "18446744073709551615";
    refused(&["run", "--games", huge], "--games");
    refused(
        &["run", "--games", "1000000001"],
        "at most 1000000000 per player count",
    );
    for command in ["arena", "restrict"] {
        refused(&[command, "--deals", huge], "deals is too many");
        refused(
            &[command, "--deals", "0"],
            "number of deals must be at least 1",
        );
    }
    refused(
        &["compare", "first-game", "first-game", "--games", huge],
        "games is too many",
    );
    refused(&["ladder", "--search-games", huge], "games is too many");
}

/// `rank` names a bad config once, as the user typed it: a preset without the `--preset`
/// the user never gave, a file by its path alone.
#[test]
fn rank_names_a_bad_config_once() {
    refused(
        &["rank", "first-game", "frist-game"],
        "error: config frist-game: unknown preset \"frist-game\"",
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.toml");
    std::fs::write(&file, "characters = 5\n").unwrap();
    let path = file.to_str().unwrap();
    refused(
        &["rank", "first-game", path],
        &format!("error: {path}: line 1"),
    );
}

/// A key given twice in a spec, and a character named twice, are refused rather than
/// silently resolved.
#[test]
fn duplicates_are_refused() {
    refused(
        &["run", "--bots", "policy:temp=1:temp=2"],
        "the key temp is given twice",
    );
    refused(
        &["restrict", "--characters", "King,King"],
        "--characters: King is given twice",
    );
}

#[test]
fn bot_list_must_match_the_player_count() {
    refused(
        &["run", "--players", "4", "--bots", "random,heuristic"],
        "--bots random,heuristic: lists 2 bots but 4 players need 4",
    );
    refused(
        &[
            "run",
            "--players",
            "4-5",
            "--bots",
            "random,random,random,random",
        ],
        "several player counts",
    );
}

#[test]
fn unknown_bot() {
    refused(&["run", "--bots", "robot"], "unknown bot \"robot\"");
    refused(&["run", "--bots", "random,robot"], "unknown bot \"robot\"");
}

#[test]
fn zero_threads() {
    refused(&["run", "--threads", "0"], "--threads");
    refused(&["run", "--threads", "100000"], "too many (at most 1024)");
}

#[test]
fn preset_and_config_exclude_each_other() {
    refused(
        &["run", "--preset", "first-game", "--config", "x.toml"],
        "cannot be used with",
    );
}

/// `--out` naming a file is refused and the file left as it was, by every command that
/// writes reports; `compare`'s one folder is not named as a side's ("side A: --out ...").
#[test]
fn out_must_not_be_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file");
    std::fs::write(&file, "x").unwrap();
    let commands: [&[&str]; 3] = [
        &["run"],
        &["compare", "first-game", "all-characters"],
        &["rank", "first-game", "all-characters"],
    ];
    for command in commands {
        let output = Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
            .args(command)
            .args(["--games", "1", "--players", "4", "--out"])
            .arg(&file)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command:?}: {stderr}");
        assert!(
            stderr.starts_with("error: --out ") && stderr.contains("not a folder"),
            "{command:?}: {stderr}"
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
    }
}

#[test]
fn replay_refuses_bad_player_counts() {
    refused(
        &["replay", "--players", "9", "--seed", "1", "--game", "0"],
        "9 players is outside",
    );
}

/// Writes a config file into a fresh folder and runs `run --config` on it.
fn refused_config(text: &str, args: &[&str], message: &str) {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("house.toml");
    std::fs::write(&config, text).unwrap();
    let out = dir.path().join("out");
    let output = Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
        .current_dir(dir.path())
        .arg("run")
        .arg("--config")
        .arg(&config)
        .arg("--out")
        .arg(&out)
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("house.toml"),
        "{stderr:?} lacks the file name"
    );
    assert!(stderr.contains(message), "{stderr:?} lacks {message:?}");
    assert!(!out.exists(), "a report was written");
    assert!(!dir.path().join("reports").exists());
}

const UNIQUES: &str = r#"unique_districts = ["Dragon Gate", "Factory", "Haunted Quarter",
  "Imperial Treasury", "Keep", "Laboratory", "Library", "Map Room", "Quarry",
  "School of Magic", "Smithy", "Statue", "Thieves' Den", "Wishing Well"]"#;

/// Runs `citadels-sim run` with `args` plus `--quiet --out <tmp>/out` (and `--config` of a
/// file holding `config`, when given), asserts success, and returns the temporary folder
/// (kept alive by the caller) and the report folder.
fn run_ok(args: &[&str], config: Option<&str>) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_citadels-sim"));
    cmd.arg("run")
        .args(args)
        .arg("--quiet")
        .arg("--out")
        .arg(&out);
    if let Some(text) = config {
        let path = dir.path().join("house.toml");
        std::fs::write(&path, text).unwrap();
        cmd.arg("--config").arg(path);
    }
    let output = cmd.output().unwrap();
    crate::common::assert_success(&output, args);
    (dir, out)
}

#[test]
fn unknown_character_is_named_with_a_suggestion() {
    let text = format!(
        "name = \"x\"\ncharacters = [\"Assassin\", \"Thief\", \"Magician\", \"Kign\", \"Bishop\", \
         \"Merchant\", \"Architect\", \"Warlord\"]\n{UNIQUES}\n"
    );
    refused_config(&text, &["--players", "4"], "\"Kign\"");
    refused_config(&text, &["--players", "4"], "did you mean \"King\"");
}

#[test]
fn two_characters_of_one_rank_are_refused() {
    let text = format!(
        "name = \"x\"\ncharacters = [\"Assassin\", \"Thief\", \"Magician\", \"King\", \"King\", \
         \"Merchant\", \"Architect\", \"Warlord\"]\n{UNIQUES}\n"
    );
    refused_config(&text, &["--players", "4"], "King");
    refused_config(&text, &["--players", "4"], "characters[4]");
}

#[test]
fn three_or_eight_players_need_a_rank9_character() {
    refused(&["run", "--players", "3"], "rank-9");
    refused(&["run", "--players", "8"], "rank-9");
    refused(&["run", "--players", "2-8"], "rank-9");
}

#[test]
fn replace_errors_name_the_flag_and_value() {
    refused(
        &["run", "--replace", "Emperor=Kign"],
        "invalid value 'Emperor=Kign' for '--replace <OLD=NEW>': unknown character \"Kign\" \
         (did you mean \"King\"?)",
    );
    refused(&["run", "--replace", "Emperor"], "expected OLD=NEW");
    refused(
        &["run", "--players", "4", "--replace", "King=Thief"],
        "--replace King=Thief: Thief is rank 2, King rank 4; allowed: a character of rank 4",
    );
    refused(
        &["run", "--players", "4", "--replace", "Emperor=King"],
        "--replace Emperor=King: Emperor is not in the cast of preset first-game",
    );
    refused(
        &[
            "run",
            "--preset",
            "all-characters",
            "--players",
            "4",
            "--replace",
            "King=Emperor",
        ],
        "--replace King=Emperor: Emperor is already in the cast of preset all-characters",
    );
    refused(
        &[
            "replay",
            "--players",
            "4",
            "--seed",
            "1",
            "--game",
            "0",
            "--replace",
            "King=Queen",
        ],
        "--replace King=Queen: Queen is rank 9",
    );
}

const QUEEN_REFUSED: &str = "3 players: the Queen cannot be used with fewer than 5 players; \
                             replace her with the Artist or the Tax Collector \
                             (--replace Queen=Artist)";

/// The Queen at 3 players, through a config file (the cast of Ambitious Aristocrats with the
/// first game's districts, all implemented).
#[test]
fn queen_is_refused_at_3_players_and_can_be_replaced() {
    let text = format!(
        "name = \"x\"\ncharacters = [\"Magistrate\", \"Thief\", \"Wizard\", \"Patrician\", \
         \"Bishop\", \"Trader\", \"Architect\", \"Marshal\", \"Queen\"]\n{UNIQUES}\n"
    );
    refused_config(&text, &["--players", "3"], QUEEN_REFUSED);
    let args = [
        "--players",
        "3-5",
        "--games",
        "50",
        "--replace",
        "Queen=Artist",
    ];
    let (_dir, out) = run_ok(&args, Some(&text));
    let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert!(manifest.contains("--replace Queen=Artist"), "{manifest}");
    assert!(manifest.contains("\"Artist\""), "{manifest}");
    assert!(!manifest.contains("\"Queen\""), "{manifest}");
    let characters = std::fs::read_to_string(out.join("characters.csv")).unwrap();
    assert!(characters.contains("\n3,Artist,9,"), "{characters}");
}

#[test]
fn ambitious_aristocrats_at_3_players_needs_the_queen_replaced() {
    refused(
        &["run", "--preset", "ambitious-aristocrats", "--players", "3"],
        &format!("preset ambitious-aristocrats: {QUEEN_REFUSED}"),
    );
    let args = ["--preset", "ambitious-aristocrats", "--players", "3"];
    run_ok(
        &[&args[..], &["--replace", "Queen=Artist", "--games", "50"]].concat(),
        None,
    );
}

/// The all-characters preset plays at every player count; `characters.csv` has a row for
/// every character that can be drawn at each count, and each rank's `in_play` adds up to
/// the finished games.
#[test]
fn all_characters_preset_runs_at_2_to_8_players() {
    let args = [
        "--preset",
        "all-characters",
        "--players",
        "2-8",
        "--games",
        "60",
    ];
    let (_dir, out) = run_ok(&args, None);
    let csv = std::fs::read_to_string(out.join("characters.csv")).unwrap();
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let count = |players: &str| rows.iter().filter(|r| r[0] == players).count();
    assert_eq!(count("2"), 23, "no Emperor and no rank 9 at 2 players");
    assert_eq!(count("3"), 26, "no Queen at 3 players");
    assert_eq!(count("4"), 26, "no Queen at 4 players");
    for players in ["5", "6", "7", "8"] {
        assert_eq!(count(players), 27, "{players} players");
    }
    assert!(!rows.iter().any(|r| r[0] == "2" && r[1] == "Emperor"));
    let counts = std::fs::read_to_string(out.join("player_counts.csv")).unwrap();
    for line in counts.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let finished: u64 = f[1].parse::<u64>().unwrap() - f[2].parse::<u64>().unwrap();
        for rank in 1..=8 {
            let in_play: u64 = rows
                .iter()
                .filter(|r| r[0] == f[0] && r[2] == rank.to_string())
                .map(|r| r[3].parse::<u64>().unwrap())
                .sum();
            assert_eq!(in_play, finished, "{} players, rank {rank}", f[0]);
        }
    }
}

/// Runs `run` with the given extra arguments into `out` and returns the report files.
fn run_report(out: &Path, extra: &[&str]) -> Vec<(String, Vec<u8>)> {
    let output = Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
        .args([
            "run",
            "--players",
            "4-5",
            "--games",
            "600",
            "--seed",
            "9",
            "--quiet",
        ])
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    crate::common::assert_success(&output, ("run", extra));
    crate::common::files(out)
}

/// Determinism: "the same config and seed give byte-identical reports whatever the thread
/// count".
#[test]
fn reports_are_identical_with_one_and_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    // The same --out both times: the second run replaces the first report as a whole.
    let out = dir.path().join("report");
    let one = run_report(&out, &["--threads", "1"]);
    let two = run_report(&out, &["--threads", "2"]);
    let names: Vec<&str> = one.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "bots.csv",
            "characters.csv",
            "districts.csv",
            "manifest.toml",
            "player_counts.csv",
            "report.html",
            "rounds.csv",
            "seats.csv",
            "summary.txt"
        ]
    );
    assert_eq!(one, two);
    // The win-rate intervals compared are clustered by game (per-game sums folded per
    // worker and merged), not plain Wilson intervals.
    let clustered = crate::common::clustered_win_rate_rows(&one[1].1);
    assert!(clustered >= 4, "{clustered} clustered win-rate intervals");
    let counts = String::from_utf8(one[4].1.clone()).unwrap();
    assert!(counts.starts_with("players,games,stalled,"), "{counts}");
    assert!(counts.contains("\n4,600,"), "{counts}");
    assert!(counts.contains("\n5,600,"), "{counts}");
}

/// `replay` prints the game the run played: its winner line matches the record of the
/// same game played through the library.
#[test]
fn replay_prints_a_whole_game() {
    let output = Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
        .args(["replay", "--players", "5", "--seed", "3", "--game", "17"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("== Round 1 (crown: seat"), "{text}");
    assert!(text.contains("picks "), "{text}");
    assert!(text.contains("== Game over after round"), "{text}");
    assert!(text.contains("WINNER"), "{text}");
}

#[test]
fn classic_edition_refuses_the_witch() {
    refused(
        &[
            "run",
            "--edition",
            "classic",
            "--players",
            "5",
            "--replace",
            "Assassin=Witch",
        ],
        "\"Witch\" is not a character of the classic edition",
    );
    let text = format!(
        "name = \"x\"\ncharacters = [\"Witch\", \"Thief\", \"Magician\", \"King\", \"Bishop\", \
         \"Merchant\", \"Architect\", \"Warlord\"]\n{UNIQUES}\n"
    );
    refused_config(
        &text,
        &["--players", "5", "--edition", "classic"],
        "characters[0]: \"Witch\" is not a character of the classic edition; allowed: the \
         first game's 8 characters",
    );
    refused(
        &["run", "--edition", "classic", "--players", "8"],
        "the classic edition cannot be played at 8 players",
    );
}

#[test]
fn unknown_edition_is_refused() {
    refused(
        &["run", "--edition", "bogus"],
        "invalid value 'bogus' for '--edition <EDITION>': unknown edition \"bogus\"; allowed: \
         \"2016\", \"classic\", \"2021\"",
    );
    refused(
        &[
            "replay",
            "--players",
            "4",
            "--seed",
            "1",
            "--game",
            "0",
            "--edition",
            "2020",
        ],
        "unknown edition \"2020\"",
    );
}

#[test]
fn hospital_needs_the_2021_edition() {
    let text = "name = \"x\"\ncharacters = [\"Assassin\", \"Thief\", \"Magician\", \"King\", \
                \"Bishop\", \"Merchant\", \"Architect\", \"Warlord\"]\n\
                unique_districts = [\"Hospital\", \"Keep\"]\n";
    refused_config(
        text,
        &["--players", "5"],
        "unique_districts[0]: \"Hospital\" belongs to the 2021 edition, not the 2016 edition; \
         allowed with edition = \"2021\" (or --edition 2021)",
    );
    refused_config(
        text,
        &[
            "--players",
            "5",
            "--edition",
            "2021",
            "--replace",
            "Assassin=Witch",
        ],
        "house.toml: unique_districts[0]: \"Hospital\" needs the Assassin in the \
         cast",
    );
    // With --edition 2021 it plays.
    let args = ["--players", "5", "--games", "50", "--edition", "2021"];
    let (_dir, out) = run_ok(&args, Some(text));
    let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert!(manifest.contains("edition = \"2021\""), "{manifest}");
    let districts = std::fs::read_to_string(out.join("districts.csv")).unwrap();
    assert!(
        districts.contains("\n5,Hospital,unique,6,50,"),
        "{districts}"
    );
}

/// One run of `all-districts` measures all 30 unique districts: each is in the deck of
/// about 14 games in 30.
#[test]
fn all_districts_preset_draws_14_of_30_per_game() {
    let args = [
        "--preset",
        "all-districts",
        "--players",
        "4",
        "--games",
        "200",
    ];
    let (_dir, out) = run_ok(&args, None);
    let csv = std::fs::read_to_string(out.join("districts.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (district, dtype, in_deck) = (col("district"), col("type"), col("in_deck"));
    let counts = std::fs::read_to_string(out.join("player_counts.csv")).unwrap();
    let row: Vec<&str> = counts.lines().nth(1).unwrap().split(',').collect();
    let finished = row[1].parse::<u64>().unwrap() - row[2].parse::<u64>().unwrap();
    assert!(finished >= 190, "{counts}");
    let uniques: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<&str>>())
        .filter(|r| r[dtype] == "unique")
        .collect();
    assert_eq!(uniques.len(), 30, "{csv}");
    assert!(uniques.iter().any(|r| r[district] == "Secret Vault"));
    let mut total = 0;
    for r in &uniques {
        let n: u64 = r[in_deck].parse().unwrap();
        let share = n as f64 / finished as f64;
        assert!(
            (0.3..=0.65).contains(&share),
            "{}: {n} of {finished}",
            r[district]
        );
        total += n;
    }
    // Exactly 14 unique districts in every finished game's deck.
    assert_eq!(total, 14 * finished);
}

#[test]
fn classic_edition_runs_and_the_manifest_says_so() {
    let args = ["--edition", "classic", "--players", "5", "--games", "300"];
    let (_dir, out) = run_ok(&args, None);
    let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert!(manifest.contains("edition = \"classic\""), "{manifest}");
    assert!(manifest.contains("--edition classic"), "{manifest}");
    assert!(manifest.contains("complete_city = 8"), "{manifest}");
    let counts = std::fs::read_to_string(out.join("player_counts.csv")).unwrap();
    assert!(counts.contains("\n5,300,"), "{counts}");
}

/// Issue 5: the heuristic's weights live in a config's `[heuristic]` table; they are the base
/// of every `heuristic` spec of the run, and a spec's own parameters come on top.
#[test]
fn config_heuristic_weights_are_the_base_of_heuristic_specs() {
    let config = "name = \"tuned\"\n\
        characters = [\"Assassin\", \"Thief\", \"Magician\", \"King\", \"Bishop\", \"Merchant\", \
        \"Architect\", \"Warlord\"]\n\
        unique_districts = [\"Dragon Gate\", \"Keep\", \"Library\"]\n\
        [heuristic]\nnew_type = 3\ncatch_up = 0.5\n";
    let args = [
        "--players",
        "4",
        "--games",
        "300",
        "--bots",
        "heuristic,heuristic:catch_up=2,random,heuristic:new_type=1.5:catch_up=0",
    ];
    let (_dir, out) = run_ok(&args, Some(config));
    let bots = std::fs::read_to_string(out.join("bots.csv")).unwrap();
    let names: Vec<&str> = bots
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap())
        .collect();
    // The canonical names list the weights that differ from the built-in defaults (the last
    // spec sets both back).
    assert_eq!(
        names,
        [
            "heuristic:new_type=3:catch_up=0.5",
            "heuristic:new_type=3:catch_up=2",
            "random",
            "heuristic"
        ]
    );
    let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert!(manifest.contains("new_type = 3.0"), "{manifest}");
    assert!(manifest.contains("catch_up = 0.5"), "{manifest}");
}

/// Different weights play differently: the same seeds give other results.
#[test]
fn heuristic_weights_change_the_play() {
    let args = |bots: &'static str| ["--players", "4", "--games", "200", "--bots", bots];
    let (_a, base) = run_ok(&args("heuristic"), None);
    let (_b, tuned) = run_ok(&args("heuristic:new_type=-5:catch_up=0:gold_bias=4"), None);
    let read = |dir: &std::path::Path| std::fs::read(dir.join("characters.csv")).unwrap();
    assert_ne!(read(&base), read(&tuned));
}

/// Issue 17: a config file without `name` is named after its file's stem.
#[test]
fn a_config_without_a_name_takes_the_file_stem() {
    let preset = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/presets/first-game.toml"),
    )
    .unwrap();
    let unnamed: String = preset
        .lines()
        .filter(|l| !l.starts_with("name"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(unnamed, preset, "the preset names itself");
    let (_dir, out) = run_ok(&["--players", "4", "--games", "10"], Some(&unnamed));
    let manifest = std::fs::read_to_string(out.join("manifest.toml")).unwrap();
    assert!(manifest.contains("config_name = \"house\""), "{manifest}");
    // An empty name is still refused.
    refused_config(
        &format!("name = \"\"\n{unnamed}"),
        &["--players", "4"],
        "name = \"\": allowed: a non-empty string",
    );
}

/// Issue 17: each command's help lists only the options it accepts; the hidden ones are
/// still refused by name.
#[test]
fn help_lists_only_accepted_options() {
    let help = |command: &str| {
        let output = Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
            .args([command, "--help"])
            .output()
            .unwrap();
        crate::common::assert_success(&output, command);
        String::from_utf8(output.stdout).unwrap()
    };
    let run = help("run");
    for flag in ["--resume", "--shard", "--log-games", "--preset", "--config"] {
        assert!(run.contains(flag), "run --help lacks {flag}");
    }
    let (compare, sweep, rank) = (help("compare"), help("sweep"), help("rank"));
    for flag in ["--resume", "--shard", "--log-games"] {
        assert!(!compare.contains(flag), "compare --help lists {flag}");
        assert!(!sweep.contains(flag), "sweep --help lists {flag}");
        assert!(!rank.contains(flag), "rank --help lists {flag}");
    }
    for flag in ["--preset", "--config"] {
        assert!(!compare.contains(flag), "compare --help lists {flag}");
        assert!(!rank.contains(flag), "rank --help lists {flag}");
        assert!(sweep.contains(flag), "sweep --help lacks {flag}");
    }
    assert!(compare.contains("reports/compare-A-vs-B/"), "{compare}");
    assert!(sweep.contains("reports/sweep-"), "{sweep}");
    assert!(rank.contains("reports/rank/"), "{rank}");
    refused(
        &["compare", "first-game", "first-game", "--log-games", "x"],
        "--log-games: compare does not take it",
    );
    refused(
        &["rank", "first-game", "first-game", "--preset", "first-game"],
        "--preset: rank does not take it",
    );
}

/// The search's early stopping and tree reuse keep runs reproducible: all-ISMCTS games at
/// 5 players give byte-identical reports on one and two threads (each game's bots are fresh
/// and draw only from their own streams, whatever worker plays the game).
#[test]
fn ismcts_reports_are_identical_with_one_and_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let run = |threads: &str| {
        let out = dir.path().join(format!("ismcts-{threads}"));
        let output = Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
            .args([
                "run",
                "--preset",
                "first-game",
                "--players",
                "5",
                "--games",
                "6",
            ])
            .args([
                "--seed",
                "4",
                "--bots",
                "ismcts:iters=40:stop=0.2",
                "--quiet",
            ])
            .args(["--threads", threads, "--out"])
            .arg(&out)
            .output()
            .unwrap();
        crate::common::assert_success(&output, ("run", threads));
        crate::common::files(&out)
    };
    assert_eq!(run("1"), run("2"));
}

/// Runs `citadels-sim replay` (a game's log on standard output) with `stdout` as its standard
/// output; gives its exit status and standard error.
fn replay_into(stdout: std::process::Stdio) -> (Option<i32>, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_citadels-sim"))
        .args(["replay", "--players", "4", "--seed", "1", "--game", "3"])
        .stdout(stdout)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), stderr)
}

/// A reader that stops early (`citadels-sim replay ... | head`) ends the output quietly:
/// no panic ("failed printing to stdout"), exit status 0.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let (status, stderr) = replay_into(writer.into());
    assert_eq!(status, Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

/// Output lost for another reason (a full disk) is said and gives exit status 1.
#[cfg(target_os = "linux")]
#[test]
fn output_lost_to_a_full_disk_fails_the_command() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let (status, stderr) = replay_into(full.into());
    assert_eq!(status, Some(1), "{stderr}");
    assert!(
        stderr.contains("cannot write to standard output"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}
