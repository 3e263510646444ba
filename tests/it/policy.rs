//! The policy bot and `train` (issue 14): heuristic-only weights at temperature 0 play the
//! heuristic's games; `train` is reproducible whatever the thread count and writes a weights
//! file that bot specs read; bad weights files and `--out` targets are refused by name.

use crate::common::{BIN, assert_success};
use assert_cmd::Command;
use citadels_sim::bots::policy::{PolicyBot, PolicyParams, names_a_character};
use citadels_sim::bots::{Bot, BotSpec};
use citadels_sim::config::load_preset;
use citadels_sim::engine::legal::{legal_actions, to_move};
use citadels_sim::engine::view::View;
use citadels_sim::engine::{Action, apply, new_game};
use citadels_sim::sim::{game_seed, play_game};
use std::path::{Path, PathBuf};

fn output(args: &[&str]) -> std::process::Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn refused(args: &[&str], words: &[&str]) {
    let out = output(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    for word in words {
        assert!(stderr.contains(word), "{args:?}: {stderr} lacks {word}");
    }
}

/// The `[weights]` table of a weights file, as text.
fn weights_table(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let start = text.find("[weights]").expect("a [weights] table");
    text[start..].to_string()
}

/// The policy's scores are a linear function of the features, the heuristic's score among
/// them: with only that weight and every temperature 0, the bot plays the heuristic's best
/// move, and breaks ties from the same stream, so whole games are the heuristic's games.
#[test]
fn heuristic_only_weights_at_temperature_zero_play_the_heuristics_games() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("h.toml");
    std::fs::write(&file, "[policy]\nformat = 1\n[weights]\nheuristic = 3.0\n").unwrap();
    let policy = BotSpec::parse(&format!(
        "policy:weights={}:temp=0:pick_temp=0:target_temp=0",
        file.display()
    ))
    .unwrap();
    let heuristic = BotSpec::heuristic();
    for players in [4, 5, 6] {
        let rules = load_preset("first-game").unwrap().rules(players).unwrap();
        for game in 0..40 {
            let seed = game_seed(9, players, game);
            let a = play_game(&rules, seed, &vec![heuristic.clone(); players as usize]);
            let b = play_game(&rules, seed, &vec![policy.clone(); players as usize]);
            assert_eq!(a, b, "game {game} at {players} players");
        }
    }
    // A temperature above 0 draws moves: the same weights then play other games, whichever
    // of the three temperatures it is (`temp` over every kind of decision, `drawn=all`).
    for key in ["temp", "pick_temp", "target_temp"] {
        let others = ["temp", "pick_temp", "target_temp"]
            .iter()
            .filter(|&&k| k != key)
            .map(|k| format!(":{k}=0"))
            .collect::<String>();
        let drawn = BotSpec::parse(&format!(
            "policy:weights={}:{key}=1{others}:drawn=all",
            file.display()
        ))
        .unwrap();
        let rules = load_preset("first-game").unwrap().rules(4).unwrap();
        let differ = (0..20).any(|game| {
            let seed = game_seed(9, 4, game);
            play_game(&rules, seed, &vec![heuristic.clone(); 4])
                != play_game(&rules, seed, &vec![drawn.clone(); 4])
        });
        assert!(differ, "{key}=1 draws moves other than the best");
    }
}

/// Plays 30 first-game games at `players` (seeds from `seed`) with `first`'s moves, and at
/// every position asks a fresh bot of each of `first` and `second` (seeded by the game's
/// index) for its move: `check(legal moves, first's move, second's move)`.
fn two_bots_decide(
    players: u8,
    seed: u64,
    first: &PolicyParams,
    second: &PolicyParams,
    mut check: impl FnMut(&[Action], Action, Action),
) {
    let rules = load_preset("first-game").unwrap().rules(players).unwrap();
    for game in 0..30 {
        let mut state = new_game(&rules, game_seed(seed, players, game));
        let mut legal = Vec::new();
        while let Some(seat) = to_move(&state) {
            legal_actions(&rules, &state, &mut legal);
            let view = View::new(&rules, &state, seat);
            let a = PolicyBot::new(first.clone(), game).decide(&view, &legal);
            let b = PolicyBot::new(second.clone(), game).decide(&view, &legal);
            check(&legal, a, b);
            apply(&rules, &mut state, a);
        }
    }
}

/// `two_bots_decide` at 4 players, asserting that the two bots choose alike in every
/// decision but those `drawn` picks out: how many of those there were, and in how many the
/// two chose differently.
fn differ_only_where(
    first: &PolicyParams,
    second: &PolicyParams,
    drawn: impl Fn(&[Action]) -> bool,
) -> (usize, usize) {
    let (mut offers, mut other_move) = (0, 0);
    two_bots_decide(4, 4, first, second, |legal, a, b| {
        if drawn(legal) {
            offers += 1;
            other_move += usize::from(a != b);
        } else {
            assert_eq!(a, b, "not drawn: {legal:?}");
        }
    });
    (offers, other_move)
}

/// Whether a decision offers the Warlord a destruction (drawn by default, as are builds).
fn offers_destroy(legal: &[Action]) -> bool {
    legal.iter().any(|m| matches!(m, Action::Destroy(..)))
}

/// Naming a character is drawn only once naming one is the best move: with the targets'
/// temperature high and the picks' at 0, the bot still never names a character where the
/// heuristic-only policy would not, and it names other characters than the heuristic does
/// (both draw the destructions and builds at the default `temp`, from the same stream).
#[test]
fn targets_are_drawn_only_when_naming_is_the_best_move() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("h.toml");
    std::fs::write(&file, "[policy]\nformat = 1\n[weights]\nheuristic = 3.0\n").unwrap();
    let params = |target: &str| {
        let mut p = PolicyParams::default();
        p.set("weights", file.to_str().unwrap()).unwrap();
        p.set("pick_temp", "0").unwrap();
        p.set("target_temp", target).unwrap();
        p
    };
    let (argmax, drawing) = (params("0"), params("1000"));
    let (mut named, mut other_target) = (0, 0);
    two_bots_decide(5, 2, &argmax, &drawing, |legal, best, drawn| {
        assert_eq!(
            names_a_character(best),
            names_a_character(drawn),
            "{legal:?}"
        );
        if names_a_character(best) {
            named += 1;
            other_target += usize::from(best != drawn);
        }
    });
    assert!(named > 30, "{named} decisions named a character");
    assert!(other_target > 0, "the drawn target differs sometimes");
}

/// A weights file may say which decisions it is drawn on (`[policy] drawn`): a bot playing
/// it draws those when its spec names no `drawn`, and a spec's `drawn` overrides the file.
/// With `temp` high, the file's bot leaves the best score only at the choice between gold
/// and cards (the kind the file names), the spec's only at the Warlord's destructions. A
/// `drawn` that is not a set of kinds is refused, naming the file and the key.
#[test]
fn a_weights_file_names_the_decisions_drawn_unless_the_spec_does() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.toml");
    let gathering = dir.path().join("gathering.toml");
    std::fs::write(&plain, "[policy]\nformat = 1\n[weights]\nheuristic = 3.0\n").unwrap();
    std::fs::write(
        &gathering,
        "[policy]\nformat = 1\ndrawn = \"TakeGold\"\n[weights]\nheuristic = 3.0\n",
    )
    .unwrap();
    let params = |file: &Path, settings: &[(&str, &str)]| {
        let mut p = PolicyParams::default();
        p.set("weights", file.to_str().unwrap()).unwrap();
        for (key, value) in settings {
            p.set(key, value).unwrap();
        }
        p
    };
    let best = params(&plain, &[("temp", "0")]);
    let offers_gold = |legal: &[Action]| legal.contains(&Action::TakeGold);
    let (offers, other_move) =
        differ_only_where(&best, &params(&gathering, &[("temp", "1000")]), offers_gold);
    assert!(offers > 200 && other_move > 20, "{other_move} of {offers}");
    let (offers, other_move) = differ_only_where(
        &best,
        &params(&gathering, &[("temp", "1000"), ("drawn", "Destroy")]),
        offers_destroy,
    );
    assert!(offers > 20 && other_move > 0, "{other_move} of {offers}");
    // Without `[policy] drawn` a file plays the default's set, the destructions and builds.
    let offers_build = |legal: &[Action]| legal.iter().any(|m| matches!(m, Action::Build(_)));
    let (offers, other_move) =
        differ_only_where(&best, &params(&plain, &[("temp", "1000")]), |legal| {
            offers_destroy(legal) || offers_build(legal)
        });
    assert!(offers > 200 && other_move > 20, "{other_move} of {offers}");

    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "[policy]\nformat = 1\ndrawn = \"Gold\"\n[weights]\nheuristic = 3.0\n",
    )
    .unwrap();
    let error = PolicyParams::default()
        .set("weights", bad.to_str().unwrap())
        .unwrap_err();
    assert!(
        error.contains("bad.toml: [policy] drawn = Gold: `Gold` is not a kind of action"),
        "{error}"
    );
}

/// A weights file may say how much its drawn decisions cut unlikely moves (`[policy] min_p`,
/// `pick_min_p`): a bot playing it plays the games of a spec naming the same cuts, and other
/// games without them; a spec's cut overrides the file's, and a spec's `min_p` cuts the
/// draft too unless it names `pick_min_p`. The default's file cuts every drawn decision but
/// the draft at 0.15 (since version 0.14.0).
#[test]
fn a_weights_file_names_its_cuts_unless_the_spec_does() {
    let dir = tempfile::tempdir().unwrap();
    let weights = |name: &str, policy: &str| {
        let file = dir.path().join(name);
        std::fs::write(
            &file,
            format!("[policy]\nformat = 1\n{policy}[weights]\nheuristic = 3.0\n"),
        )
        .unwrap();
        file.display().to_string()
    };
    let plain = weights("plain.toml", "");
    let cut = weights("cut.toml", "min_p = 0.3\n");
    let cut_but_draft = weights("draft.toml", "min_p = 0.3\npick_min_p = 0\n");
    let rules = load_preset("first-game").unwrap().rules(4).unwrap();
    // 20 games of four bots of `spec`; `games` draws every kind at temperature 1.
    let played = |spec: &str| {
        let spec = BotSpec::parse(spec).unwrap();
        (0..20)
            .map(|game| play_game(&rules, game_seed(5, 4, game), &vec![spec.clone(); 4]))
            .collect::<Vec<_>>()
    };
    let games = |spec: String| played(&format!("{spec}:pick_temp=1:target_temp=1:temp=1"));
    let uncut = games(format!("policy:weights={plain}"));
    let cut_everywhere = games(format!("policy:weights={plain}:min_p=0.3"));
    let cut_but_the_draft = games(format!("policy:weights={plain}:min_p=0.3:pick_min_p=0"));
    assert_ne!(uncut, cut_everywhere, "a cut of 0.3 changes the games");
    assert_ne!(
        cut_everywhere, cut_but_the_draft,
        "so does leaving the draft uncut"
    );
    assert_eq!(games(format!("policy:weights={cut}")), cut_everywhere);
    assert_eq!(
        games(format!("policy:weights={cut_but_draft}")),
        cut_but_the_draft
    );
    // The spec overrides the file: its `min_p` sets both cuts, its `pick_min_p` one.
    assert_eq!(
        games(format!("policy:weights={cut_but_draft}:min_p=0.3")),
        cut_everywhere
    );
    assert_eq!(games(format!("policy:weights={cut}:min_p=0")), uncut);
    assert_eq!(
        games(format!("policy:weights={cut}:pick_min_p=0")),
        cut_but_the_draft
    );
    // The default's file.
    assert_eq!(played("policy"), played("policy:min_p=0.15:pick_min_p=0"));
    assert_ne!(played("policy"), played("policy:min_p=0"));
}

/// `drawn` limits `temp` to the decisions that offer a move of the kinds named (the
/// Warlord's destruction here; the default adds the builds): with `temp` high, every
/// decision without a `Destroy` still plays the best score, and some decisions with one
/// play another move.
#[test]
fn temp_draws_only_the_decisions_of_the_kinds_drawn() {
    let params = |temp: &str, drawn: Option<&str>| {
        let mut p = PolicyParams::default();
        p.set("temp", temp).unwrap();
        if let Some(kinds) = drawn {
            p.set("drawn", kinds).unwrap();
        }
        p
    };
    let (best, destroy_drawn) = (params("0", None), params("1000", Some("Destroy")));
    let (mut offers, mut other_move, mut plain) = (0, 0, 0);
    two_bots_decide(4, 4, &best, &destroy_drawn, |legal, a, b| {
        let in_draft = matches!(legal[0], Action::Pick(_) | Action::Discard(_));
        if offers_destroy(legal) {
            offers += 1;
            other_move += usize::from(a != b);
        } else if !in_draft && !names_a_character(a) && legal.len() > 1 {
            plain += 1;
            assert_eq!(a, b, "not drawn: {legal:?}");
        }
    });
    assert!(
        offers > 20 && plain > 300,
        "{offers} with Destroy, {plain} without"
    );
    assert!(other_move > 0, "the decisions offering Destroy are drawn");

    // The default draws the decisions offering a destruction or a build (at `temp` 0.5) and
    // no other decision `temp` would draw: against `temp=0` it differs only there.
    let offers_build = |legal: &[Action]| legal.iter().any(|m| matches!(m, Action::Build(_)));
    let (offers, other_move) = differ_only_where(&best, &PolicyParams::default(), |legal| {
        offers_destroy(legal) || offers_build(legal)
    });
    assert!(offers > 200 && other_move > 20, "{other_move} of {offers}");
    // Until version 0.3.0 the default drew the destructions alone, with the linear weights.
    let linear = |mut p: PolicyParams| {
        p.set("weights", "linear").unwrap();
        p
    };
    let (old_best, old_default) = (params("0", None), params("0.5", Some("Destroy")));
    let (offers, other_move) =
        differ_only_where(&linear(old_best), &linear(old_default), offers_destroy);
    assert!(offers > 20 && other_move > 0, "{other_move} of {offers}");
    // `drawn=all` draws every decision.
    let mut plain_moved = 0;
    two_bots_decide(4, 4, &best, &params("1000", Some("all")), |legal, a, b| {
        let in_draft = matches!(legal[0], Action::Pick(_) | Action::Discard(_));
        if !in_draft && !offers_destroy(legal) {
            plain_moved += usize::from(a != b);
        }
    });
    assert!(plain_moved > 0, "decisions without Destroy are drawn too");

    // The search's model of the other players and of its rollouts is the linear policy at
    // 0.85 and 0.75 with every other decision, destructions included, at its best score.
    let mut rollout_like = PolicyParams::default();
    for (key, value) in [
        ("weights", "linear"),
        ("temp", "0"),
        ("pick_temp", "0.85"),
        ("target_temp", "0.75"),
    ] {
        rollout_like.set(key, value).unwrap();
    }
    let rollout = PolicyParams::rollout_model();
    two_bots_decide(4, 4, &rollout_like, &rollout, |legal, a, b| {
        assert_eq!(a, b, "{legal:?}");
    });
}

/// `train --teacher heuristic --players 4 --seed 3` with `args`, on 1 and on 2 threads, into
/// `one.toml` and `two.toml` in `dir`.
fn train_on_1_and_2_threads(dir: &Path, args: &[&str]) -> (PathBuf, PathBuf) {
    let (one, two) = (dir.join("one.toml"), dir.join("two.toml"));
    for (file, threads) in [(&one, "1"), (&two, "2")] {
        let mut all = vec![
            "train",
            "--teacher",
            "heuristic",
            "--players",
            "4",
            "--seed",
            "3",
        ];
        all.extend_from_slice(args);
        all.extend([
            "--threads",
            threads,
            "--quiet",
            "--out",
            file.to_str().unwrap(),
        ]);
        assert_success(&output(&all), threads);
    }
    (one, two)
}

/// `run` plays 20 games with the weights file `file` and its manifest names the spec.
fn plays_and_names(dir: &Path, file: &Path) {
    let spec = format!("policy:weights={}", file.display());
    let report = dir.join("run");
    let report = report.to_str().unwrap();
    let args = [
        "run",
        "--players",
        "4",
        "--games",
        "20",
        "--quiet",
        "--bots",
        &spec,
        "--out",
        report,
    ];
    assert_success(&output(&args), &spec);
    let manifest = std::fs::read_to_string(dir.join("run").join("manifest.toml")).unwrap();
    assert!(
        manifest.contains(&spec),
        "the run names its weights: {manifest}"
    );
}

/// `train` gives the same weights on 1 and 2 threads, and `run` plays with them.
#[test]
fn train_is_reproducible_and_its_file_is_played() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = train_on_1_and_2_threads(dir.path(), &["--games", "12", "--epochs", "20"]);
    assert_eq!(weights_table(&one), weights_table(&two));
    let text = std::fs::read_to_string(&one).unwrap();
    for line in [
        "teacher = \"heuristic\"",
        "seed = 3",
        "games_per_player_count = 12",
    ] {
        assert!(text.contains(line), "the manifest says {line}: {text}");
    }
    plays_and_names(dir.path(), &one);
}

/// `train --hidden N` fits a hidden layer: the same file on 1 and 2 threads, written as
/// format 2 with N units, played by `run`. Out-of-range sizes and rates are refused by name,
/// and nothing is written.
#[test]
fn a_hidden_layer_is_fitted_reproducibly_and_played() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = train_on_1_and_2_threads(
        dir.path(),
        &["--games", "8", "--epochs", "10", "--hidden", "6"],
    );
    let text = std::fs::read_to_string(&one).unwrap();
    assert_eq!(
        weights_table(&one),
        weights_table(&two),
        "the weights and the layer"
    );
    for line in [
        "format = 2",
        "hidden_units = 6",
        "[hidden]",
        "units = 6",
        "[hidden.input]",
    ] {
        assert!(text.contains(line), "the file says {line}");
    }
    plays_and_names(dir.path(), &one);
    let out_file = dir.path().join("x.toml");
    let out_file = out_file.to_str().unwrap();
    refused(
        &["train", "--hidden", "129", "--out", out_file],
        &["--hidden", "129", "128"],
    );
    refused(
        &["train", "--learning-rate", "0", "--out", out_file],
        &["--learning-rate", "0"],
    );
    assert!(!Path::new(out_file).exists(), "nothing written");
}

/// `train --hidden N --hidden-kinds KINDS` fits a layer for those kinds of action alone:
/// the same file on 1 and 2 threads, written as format 3 with its kinds, and played by
/// `run`. Kinds without a layer, and a name that is not a kind, are refused by name with
/// nothing written.
#[test]
fn a_layer_for_some_kinds_is_fitted_and_played() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = train_on_1_and_2_threads(
        dir.path(),
        &[
            "--games",
            "8",
            "--epochs",
            "10",
            "--hidden",
            "3",
            "--hidden-kinds",
            "Pick+Kill",
        ],
    );
    assert_eq!(weights_table(&one), weights_table(&two));
    let text = std::fs::read_to_string(&one).unwrap();
    for line in [
        "format = 3",
        "hidden_kinds = \"Pick+Kill\"",
        "kinds = \"Pick+Kill\"",
        "units = 3",
    ] {
        assert!(text.contains(line), "the file says {line}");
    }
    plays_and_names(dir.path(), &one);
    let out_file = dir.path().join("x.toml");
    let out_file = out_file.to_str().unwrap();
    refused(
        &["train", "--hidden-kinds", "Pick", "--out", out_file],
        &["--hidden-kinds Pick", "--hidden N"],
    );
    refused(
        &[
            "train",
            "--hidden",
            "2",
            "--hidden-kinds",
            "Pick+Bild",
            "--out",
            out_file,
        ],
        &["--hidden-kinds", "`Bild` is not a kind of action"],
    );
    assert!(!Path::new(out_file).exists(), "nothing written");
}

/// `train --hidden-draft-facts none` fits a layer that reads a pick's base facts only: its
/// manifest says so, and `run` plays it. Without a layer, or reading facts the fit may not
/// weigh, it is refused by name with nothing written.
#[test]
fn a_layer_without_the_draft_facts_is_fitted_and_played() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = train_on_1_and_2_threads(
        dir.path(),
        &[
            "--games",
            "8",
            "--epochs",
            "10",
            "--hidden",
            "3",
            "--draft-facts",
            "shared",
            "--hidden-draft-facts",
            "none",
        ],
    );
    assert_eq!(weights_table(&one), weights_table(&two));
    let text = std::fs::read_to_string(&one).unwrap();
    for line in ["draft_facts = \"shared\"", "hidden_draft_facts = \"none\""] {
        assert!(text.contains(line), "the file says {line}");
    }
    // A pick's `round` fact has linear weights, and no unit reads it.
    let round = |l: &&str| l.starts_with("\"pick.") && l.contains(".round\" = ");
    assert!(
        text.lines().filter(round).any(|l| !l.contains('[')),
        "linear weights"
    );
    assert!(
        !text.lines().filter(round).any(|l| l.contains('[')),
        "no unit rows"
    );
    plays_and_names(dir.path(), &one);
    let out_file = dir.path().join("x.toml");
    let out_file = out_file.to_str().unwrap();
    refused(
        &["train", "--hidden-draft-facts", "none", "--out", out_file],
        &[
            "--hidden-draft-facts none: the draft facts a hidden layer reads, but there is none \
           (add --hidden N, N from 1)",
        ],
    );
    refused(
        &[
            "train",
            "--hidden",
            "2",
            "--draft-facts",
            "none",
            "--hidden-draft-facts",
            "shared",
            "--out",
            out_file,
        ],
        &[
            "--hidden-draft-facts shared: the layer reads only draft facts the fit may weigh \
           (--draft-facts none)",
        ],
    );
    assert!(!Path::new(out_file).exists(), "nothing written");
}

/// `--save-data` keeps the decisions a fit used: fitting that file with `--data` gives the
/// same weights without playing, and its manifest names the file and the command that made it;
/// `--draft-facts` limits what the fit weighs, and `--drawn` names the decisions the weights
/// are drawn on.
#[test]
fn saved_training_data_fits_to_the_same_weights() {
    let dir = tempfile::tempdir().unwrap();
    let played = dir.path().join("played.toml");
    let data = dir.path().join("games.data");
    let refit = dir.path().join("refit.toml");
    let common = ["--epochs", "15", "--quiet"];
    let mut args = vec![
        "train",
        "--teacher",
        "heuristic",
        "--student",
        "random",
        "--players",
        "4",
        "--games",
        "10",
        "--seed",
        "8",
        "--out",
        played.to_str().unwrap(),
        "--save-data",
        data.to_str().unwrap(),
    ];
    args.extend(common);
    assert_success(&output(&args), "train --save-data");
    // `train --data` the saved games with `options`, into `out`.
    let fit_saved = |options: &[&str], out: &Path| {
        let mut args = vec!["train", "--data", data.to_str().unwrap()];
        args.extend(options);
        args.extend(["--out", out.to_str().unwrap()]);
        args.extend(common);
        assert_success(&output(&args), format!("train --data {options:?}"));
    };
    fit_saved(&[], &refit);
    assert_eq!(weights_table(&played), weights_table(&refit));
    let played_text = std::fs::read_to_string(&played).unwrap();
    assert!(
        played_text.contains("student = \"random\""),
        "{played_text}"
    );
    let text = std::fs::read_to_string(&refit).unwrap();
    assert!(text.contains("games.data"), "{text}");
    assert!(text.contains("--student random"), "{text}");
    assert!(text.contains("draft_facts = \"all\""), "{text}");

    // `--draft-facts none`: the same data fitted without the draft facts, whose weights the
    // file then leaves out (they weigh 0), as the manifest says. `rankN_offered` and
    // `rankN_later` are draft facts; `rank1_before` and `rank2_before` are not.
    let draft_fact = |table: &str| {
        table
            .lines()
            .filter(|l| l.contains("_offered\"") || l.contains("_later\""))
            .count()
    };
    assert!(
        draft_fact(&weights_table(&refit)) > 0,
        "the full fit weighs them"
    );
    let lean = dir.path().join("lean.toml");
    fit_saved(&["--draft-facts", "none"], &lean);
    assert_eq!(draft_fact(&weights_table(&lean)), 0);
    let text = std::fs::read_to_string(&lean).unwrap();
    assert!(text.contains("draft_facts = \"none\""), "{text}");
    refused(
        &[
            "train",
            "--data",
            data.to_str().unwrap(),
            "--draft-facts",
            "some",
        ],
        &["--draft-facts", "some"],
    );

    // `--drawn`: the same weights, with the decisions they are drawn on written as
    // `[policy] drawn` (in `features::KINDS` order), which `run` then plays.
    let drawn = dir.path().join("drawn.toml");
    fit_saved(&["--drawn", "Destroy+TakeGold+Build"], &drawn);
    assert_eq!(weights_table(&refit), weights_table(&drawn));
    let text = std::fs::read_to_string(&drawn).unwrap();
    let policy_table = &text[text.find("[policy]").unwrap()..text.find("[manifest]").unwrap()];
    assert!(
        policy_table.contains("drawn = \"TakeGold+Build+Destroy\""),
        "{policy_table}"
    );
    assert!(!std::fs::read_to_string(&refit).unwrap().contains("drawn ="));
    plays_and_names(dir.path(), &drawn);
    refused(
        &["train", "--data", data.to_str().unwrap(), "--drawn", "Gold"],
        &["--drawn", "Gold"],
    );
}

/// `train --start` fine-tunes fitted weights: the file keeps the start's shape (its 32
/// units, the kinds they score, the draft facts it reads) and draws, its manifest and its
/// summary name the start and how well it predicted the kept-out games; the weights move,
/// and `run` plays them. The shape's flags and unknown weights are refused before any fit.
#[test]
fn a_fit_can_start_from_fitted_weights() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("games.data");
    let first = dir.path().join("first.toml");
    let args = [
        "train",
        "--teacher",
        "heuristic",
        "--players",
        "4",
        "--games",
        "10",
        "--seed",
        "8",
        "--epochs",
        "1",
        "--quiet",
        "--out",
        first.to_str().unwrap(),
        "--save-data",
        data.to_str().unwrap(),
    ];
    assert_success(&output(&args), "train --save-data");
    let data = data.to_str().unwrap();
    // A 5-epoch fine-tune of the 3-player fit into `file`, with `extra` flags.
    let fine_tune = |file: &Path, extra: &[&str]| {
        let mut args = vec!["train", "--data", data, "--start", "casts-three-players"];
        args.extend(["--epochs", "5", "--out", file.to_str().unwrap()]);
        args.extend(extra);
        output(&args)
    };
    let tuned = dir.path().join("tuned.toml");
    let out = fine_tune(&tuned, &["--l2", "0.001"]);
    assert_success(&out, "train --start");
    // Its summary sets the fit against the start as well as the heuristic, and the table
    // by kind against the start.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("(the heuristic alone: ")
            && stdout.contains(", the start casts-three-players: "),
        "{stdout}"
    );
    let header = stdout
        .lines()
        .find(|l| l.starts_with("kind "))
        .expect("the table by kind");
    assert!(
        header.contains(" start ") && !header.contains("heuristic"),
        "{header}"
    );
    let text = std::fs::read_to_string(&tuned).unwrap();
    for line in [
        "start = \"casts-three-players\"",
        "hidden_units = 32",
        "hidden_kinds = \"Pick+Discard+Kill+Bewitch+Warrant+Rob+Threaten\"",
        "draft_facts = \"shared\"",
        "drawn = \"TakeGold+Build+Destroy\"",
        "start_validation_accuracy = ",
    ] {
        assert!(text.contains(line), "{line} missing from\n{text}");
    }
    let start = weights_table(Path::new("configs/bots/policy-casts-3p-net.toml"));
    let value = |table: &str, name: &str| {
        let line = table
            .lines()
            .find(|l| l.starts_with(&format!("\"{name}\" =")))
            .unwrap_or_else(|| panic!("{name} missing"));
        line.split('=').nth(1).unwrap().trim().to_string()
    };
    // The picks and gathering of heuristic games move the weights of both.
    for name in ["kind.TakeGold", "pick.Warlord.bias"] {
        assert_ne!(
            value(&start, name),
            value(&weights_table(&tuned), name),
            "{name}"
        );
    }
    plays_and_names(dir.path(), &tuned);
    // A fine-tune cuts unlikely moves as its start does (the default's `[policy]` cuts).
    let cut = dir.path().join("cut.toml");
    let args = [
        "train", "--data", data, "--start", "built-in", "--epochs", "1",
    ];
    let out = output(&[&args[..], &["--quiet", "--out", cut.to_str().unwrap()]].concat());
    assert_success(&out, "train --start built-in");
    let text = std::fs::read_to_string(&cut).unwrap();
    assert!(
        text.contains("[policy]\nformat = 3\nmin_p = 0.15\npick_min_p = 0.0\n"),
        "{text}"
    );
    refused(
        &["train", "--data", data, "--start", "casts", "--hidden", "8"],
        &["--start", "--hidden"],
    );
    refused(
        &[
            "train",
            "--data",
            data,
            "--start",
            "casts",
            "--draft-facts",
            "all",
        ],
        &["--start", "--draft-facts"],
    );
    refused(
        &["train", "--data", data, "--start", "no-such-weights.toml"],
        &["--start no-such-weights.toml", "cannot read", "`casts`"],
    );
    // `--fit-only` fits the named blocks alone and needs a start; unknown blocks are named.
    let gathering = dir.path().join("gathering.toml");
    let out = fine_tune(&gathering, &["--fit-only", "gather", "--quiet"]);
    assert_success(&out, "train --fit-only");
    let (fitted, table) = (weights_table(&gathering), weights_table(&tuned));
    assert!(
        std::fs::read_to_string(&gathering)
            .unwrap()
            .contains("fit_only = \"gather\"")
    );
    assert_ne!(value(&start, "gather.gold"), value(&fitted, "gather.gold"));
    assert_eq!(
        value(&start, "pick.Warlord.bias"),
        value(&fitted, "pick.Warlord.bias")
    );
    assert_ne!(
        value(&table, "pick.Warlord.bias"),
        value(&fitted, "pick.Warlord.bias")
    );
    refused(
        &["train", "--data", data, "--fit-only", "spy"],
        &["--fit-only", "--start"],
    );
    refused(
        &[
            "train",
            "--data",
            data,
            "--start",
            "casts",
            "--fit-only",
            "spies",
        ],
        &["--fit-only", "spies", "exchange, spy"],
    );
}

/// `ismcts:rollout=policy` searches with the policy as its model: the same seed then plays
/// other games than the default heuristic model, and reports name the spec.
#[test]
fn the_search_can_roll_out_with_the_policy() {
    let rules = load_preset("first-game").unwrap().rules(4).unwrap();
    let with = |spec: &str| {
        let bot = BotSpec::parse(spec).unwrap();
        play_game(
            &rules,
            game_seed(4, 4, 0),
            &[
                bot,
                BotSpec::heuristic(),
                BotSpec::heuristic(),
                BotSpec::heuristic(),
            ],
        )
    };
    let policy = with("ismcts:iters=30:rollout=policy");
    assert_ne!(
        policy,
        with("ismcts:iters=30"),
        "the model changes the search's play"
    );
    assert_eq!(
        policy,
        with("ismcts:iters=30:rollout=policy"),
        "and is deterministic"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = output(&[
        "run",
        "--players",
        "4",
        "--games",
        "1",
        "--quiet",
        "--bots",
        "ismcts:iters=20:rollout=policy,heuristic,heuristic,heuristic",
        "--out",
        dir.path().join("r").to_str().unwrap(),
    ]);
    assert_success(&out, "rollout=policy");
    let manifest = std::fs::read_to_string(dir.path().join("r/manifest.toml")).unwrap();
    assert!(
        manifest.contains("ismcts:iters=20:rollout=policy"),
        "{manifest}"
    );
}

#[test]
fn bad_weights_and_outputs_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.toml");
    let spec = format!("policy:weights={}", missing.display());
    refused(
        &["run", "--games", "1", "--bots", &spec],
        &[
            "missing.toml",
            "cannot read",
            "`built-in`, `casts`, `two-players`, `casts-two-players`, `casts-three-players`, `casts-eight-players`, `linear` and `net`",
        ],
    );
    let typo = dir.path().join("typo.toml");
    std::fs::write(
        &typo,
        "[policy]\nformat = 1\n[weights]\n\"kind.Bild\" = 1.0\n",
    )
    .unwrap();
    let spec = format!("policy:weights={}", typo.display());
    refused(
        &["run", "--games", "1", "--bots", &spec],
        &["typo.toml", "kind.Bild", "kind.Build"],
    );
    refused(
        &["run", "--games", "1", "--bots", "policy:temp=-1"],
        &["temp=-1"],
    );
    refused(
        &[
            "run",
            "--games",
            "1",
            "--bots",
            "policy:temp=1:drawn=Destroy+Bild",
        ],
        &["drawn=Destroy+Bild", "`Bild`", "Build", "`all`"],
    );
    refused(
        &["run", "--games", "1", "--bots", "policy:min_p=1.5"],
        &["min_p=1.5", "from 0 to 1"],
    );
    refused(
        &["run", "--games", "1", "--bots", "policy:pick_min_p=-0.1"],
        &["pick_min_p=-0.1", "from 0 to 1"],
    );
    // An existing file that is not a weights file is kept unless --force.
    let notes = dir.path().join("notes.toml");
    std::fs::write(&notes, "mine = 1\n").unwrap();
    refused(
        &[
            "train",
            "--teacher",
            "heuristic",
            "--games",
            "2",
            "--out",
            notes.to_str().unwrap(),
        ],
        &["notes.toml", "not a weights file", "--force"],
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "mine = 1\n");
    // Visit shares need a teacher that searches.
    refused(
        &[
            "train",
            "--teacher",
            "random",
            "--targets",
            "visits",
            "--games",
            "2",
        ],
        &["--targets visits", "does not search"],
    );
    // A place that cannot be written is refused before the games, not after them.
    #[cfg(target_os = "linux")]
    refused(
        &[
            "train",
            "--teacher",
            "heuristic",
            "--games",
            "2",
            "--out",
            "/proc/weights.toml",
        ],
        &["--out /proc/weights.toml", "cannot be written"],
    );
    // Training data: a file that is not one, and data with a flag that plays games.
    refused(
        &["train", "--data", notes.to_str().unwrap()],
        &["--data", "notes.toml", "not a training data file"],
    );
    refused(
        &["train", "--data", notes.to_str().unwrap(), "--games", "3"],
        &["--data", "--games"],
    );
    refused(
        &[
            "train",
            "--teacher",
            "heuristic",
            "--games",
            "2",
            "--save-data",
            notes.to_str().unwrap(),
        ],
        &[
            "--save-data",
            "notes.toml",
            "not a training data file",
            "--force",
        ],
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "mine = 1\n");
    refused(
        &["train", "--teacher", "heuristic", "--l2", "-1"],
        &["--l2", "-1"],
    );
    refused(
        &["train", "--teacher", "heuristic", "--epochs", "0"],
        &["--epochs"],
    );
}

/// `--targets` chooses what a fit imitates: with a searching teacher, its visit shares fit
/// other weights than its choices, from the same saved decisions, and the manifest says
/// which.
#[test]
fn the_fit_imitates_the_search_s_choices_or_its_visit_shares() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("search.data");
    let file = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let mut args = vec![
        "train".to_string(),
        "--teacher".into(),
        "ismcts:iters=12".into(),
        "--players".into(),
        "4".into(),
        "--games".into(),
        "2".into(),
        "--epochs".into(),
        "10".into(),
        "--quiet".into(),
        "--out".into(),
        file("played.toml"),
        "--save-data".into(),
        data.to_str().unwrap().into(),
    ];
    assert_success(&Command::new(BIN).args(&args).output().unwrap(), "play");
    for targets in ["choice", "visits"] {
        args = vec![
            "train".into(),
            "--data".into(),
            data.to_str().unwrap().into(),
            "--targets".into(),
            targets.into(),
            "--epochs".into(),
            "10".into(),
            "--quiet".into(),
            "--out".into(),
            file(&format!("{targets}.toml")),
        ];
        assert_success(&Command::new(BIN).args(&args).output().unwrap(), targets);
        let text = std::fs::read_to_string(file(&format!("{targets}.toml"))).unwrap();
        assert!(text.contains(&format!("targets = \"{targets}\"")), "{text}");
    }
    let choice = weights_table(Path::new(&file("choice.toml")));
    assert_eq!(choice, weights_table(Path::new(&file("played.toml"))));
    assert_ne!(choice, weights_table(Path::new(&file("visits.toml"))));
}

/// Without `--bots`, `run` plays the policy bot in every seat: the same report as
/// `--bots policy`, and the manifest names it.
#[test]
fn the_default_bot_is_the_policy() {
    let dir = tempfile::tempdir().unwrap();
    let report = |name: &str, extra: &[&str]| {
        let out = dir.path().join(name);
        let mut args = vec!["run", "--players", "4", "--games", "30", "--quiet", "--out"];
        args.push(out.to_str().unwrap());
        args.extend(extra);
        assert_success(&output(&args), name);
        (
            std::fs::read_to_string(out.join("characters.csv")).unwrap(),
            std::fs::read_to_string(out.join("manifest.toml")).unwrap(),
        )
    };
    let (default, manifest) = report("default", &[]);
    let (policy, _) = report("policy", &["--bots", "policy"]);
    let (heuristic, _) = report("heuristic", &["--bots", "heuristic"]);
    assert_eq!(default, policy);
    assert_ne!(default, heuristic);
    assert!(manifest.contains("\"policy\""), "{manifest}");
}

/// Every weights file checked in under `configs/bots/` (the built-in ones and those the docs
/// name by path, such as `policy-r1.toml`) still loads with today's features, plays, and
/// says how it was made; and no two of them play the same games.
#[test]
fn every_checked_in_weights_file_loads_plays_and_has_its_manifest() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bots");
    let dir = tempfile::tempdir().unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "{files:?}");
    let mut reports = Vec::new();
    for (i, file) in files.iter().enumerate() {
        let text = std::fs::read_to_string(file).unwrap();
        for key in ["[manifest]", "command = ", "training_decisions = "] {
            assert!(text.contains(key), "{} lacks {key}", file.display());
        }
        let out = dir.path().join(i.to_string());
        let spec = format!("policy:weights={}", file.display());
        let mut args = vec!["run", "--players", "4", "--games", "20", "--quiet"];
        args.extend(["--bots", &spec, "--out", out.to_str().unwrap()]);
        assert_success(&output(&args), &spec);
        reports.push(std::fs::read_to_string(out.join("characters.csv")).unwrap());
    }
    for (i, a) in reports.iter().enumerate() {
        for (j, b) in reports.iter().enumerate().skip(i + 1) {
            assert_ne!(a, b, "{:?} and {:?} play alike", files[i], files[j]);
        }
    }
}

/// A run whose policy bots were not fitted with some of the cast's characters says so, in
/// `summary.txt` and in the summary it prints (the linear weights, fitted to `first-game`, on
/// `all-characters`: docs/agreement.md, "Other casts"); with weights fitted with every character
/// (`casts`, which the default plays there) it does not.
#[test]
fn runs_warn_of_policy_bots_not_fitted_with_the_cast() {
    let dir = tempfile::tempdir().unwrap();
    let run = |bots: &str, name: &str| {
        let out = dir.path().join(name);
        let args = ["run", "--preset", "all-characters", "--players", "5"];
        let output = Command::new(BIN)
            .args(args)
            .args(["--games", "40", "--bots", bots, "--out"])
            .arg(&out)
            .output()
            .unwrap();
        assert_success(&output, bots);
        let summary = std::fs::read_to_string(out.join("summary.txt")).unwrap();
        let warnings: Vec<String> = summary
            .lines()
            .filter(|l| l.starts_with("warning: bot "))
            .map(String::from)
            .collect();
        (
            String::from_utf8_lossy(&output.stdout).into_owned(),
            warnings,
        )
    };
    let linear = "policy:weights=linear";
    let bots = format!("{linear},heuristic,{linear},{linear},heuristic");
    let (stdout, warnings) = run(&bots, "linear");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let warning = &warnings[0];
    assert!(
        warning.starts_with(&format!(
            "warning: bot `{linear}` was not fitted with 19 of the cast's 27 characters (Witch, "
        )),
        "{warning}"
    );
    assert!(warning.contains("`policy:weights=casts`"), "{warning}");
    assert!(
        stdout.contains(warning.as_str()),
        "the printed summary lacks {warning}"
    );
    for bots in ["policy:weights=casts", "policy"] {
        let (stdout, warnings) = run(bots, bots);
        assert!(warnings.is_empty(), "{bots}: {warnings:?}");
        assert!(!stdout.contains("warning"), "{bots}: {stdout}");
    }
}

/// The default policy bot plays each cast with the weights fitted with it (docs/agreement.md,
/// "Other casts"): the built-in `first-game` fit on `first-game`, the `casts` weights on a
/// cast with a character the built-in fit does not know, which its reports name, and which
/// play exactly as `weights=casts` named; the linear weights stay as named.
#[test]
fn the_default_plays_each_cast_with_weights_fitted_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], name: &str| {
        let out = dir.path().join(name);
        let output = Command::new(BIN)
            .args(["run", "--players", "4", "--games", "30", "--seed", "2"])
            .args(args)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert_success(&output, name);
        let bots = std::fs::read_to_string(out.join("bots.csv")).unwrap();
        let characters = std::fs::read_to_string(out.join("characters.csv")).unwrap();
        (
            bots.lines()
                .nth(1)
                .unwrap()
                .split(',')
                .nth(1)
                .unwrap()
                .to_string(),
            characters,
        )
    };
    let (bot, _) = run(&["--preset", "first-game"], "first-game");
    assert_eq!(bot, "policy");
    let (bot, by_default) = run(&["--preset", "all-characters"], "all-characters");
    assert_eq!(bot, "policy:weights=casts");
    let named = [
        "--preset",
        "all-characters",
        "--bots",
        "policy:weights=casts",
    ];
    let (_, by_name) = run(&named, "named");
    assert_eq!(
        by_default, by_name,
        "the default and weights=casts play alike"
    );
    // One character the built-in fit does not know is enough.
    let replaced = ["--preset", "first-game", "--replace", "King=Emperor"];
    assert_eq!(run(&replaced, "emperor").0, "policy:weights=casts");
    let linear = [
        "--preset",
        "all-characters",
        "--bots",
        "policy:weights=linear",
    ];
    assert_eq!(run(&linear, "linear").0, "policy:weights=linear");
}

/// The default policy bot plays its count fits (docs/agreement.md, "At 2 players", "At 3 players",
/// "At 8 players"):
/// on `first-game` its games there are those of `weights=two-players` named, not those of
/// the 4-and-5-player fit named by its file, and at 4 players the other way round; on
/// `all-characters` those of `weights=casts-two-players` (which `casts` named plays too), and
/// at 3 and 8 players those of `weights=casts-three-players` and `casts-eight-players` with
/// the draws their files name, not those of `casts`' file named.
#[test]
fn the_default_plays_the_count_fits_at_two_three_and_eight_players() {
    let dir = tempfile::tempdir().unwrap();
    let run = |preset: &str, players: &str, bots: &str, name: &str| {
        let out = dir.path().join(name);
        let output = Command::new(BIN)
            .args(["run", "--games", "40", "--seed", "2", "--preset", preset])
            .args(["--players", players, "--bots", bots])
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert_success(&output, name);
        std::fs::read_to_string(out.join("characters.csv")).unwrap()
    };
    let first = |players: &str, bots: &str, name: &str| run("first-game", players, bots, name);
    // A checked-in weights file named by its path: played as named at every count.
    let file = |name: &str| {
        format!(
            "policy:weights={}/configs/bots/{name}",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    let fit_of_4_and_5 = file("policy-aims-net.toml");
    let default_2 = first("2", "policy", "default-2");
    assert_eq!(default_2, first("2", "policy:weights=two-players", "two-2"));
    assert_ne!(default_2, first("2", &fit_of_4_and_5, "file-2"));
    let default_4 = first("4", "policy", "default-4");
    assert_eq!(default_4, first("4", &fit_of_4_and_5, "file-4"));
    assert_ne!(default_4, first("4", "policy:weights=two-players", "two-4"));
    let all = |bots: &str, name: &str| run("all-characters", "2", bots, name);
    let default_all = all("policy", "all-default");
    assert_eq!(
        default_all,
        all("policy:weights=casts-two-players", "all-two")
    );
    assert_eq!(default_all, all("policy:weights=casts", "all-casts"));
    assert_ne!(
        default_all,
        all("policy:weights=two-players", "all-first-two")
    );
    assert_ne!(default_all, all("policy:weights=linear", "all-linear"));
    // At 3 and 8 players (docs/agreement.md, "At 3 players", "At 8 players") `casts` plays its
    // fit for the count, whose file draws the choice between gold and cards too (`[policy]
    // drawn`, since 0.11.0 and 0.12.0): a spec naming the other files' draws, or `casts`'
    // file named, plays other games; the summary's block names the weights played
    // (`count_fit_notes`).
    for (players, fit) in [("3", "casts-three-players"), ("8", "casts-eight-players")] {
        let at = |bots: &str, name: &str| {
            run(
                "all-characters",
                players,
                bots,
                &format!("{name}-{players}"),
            )
        };
        let default = at("policy", "count-default");
        assert_eq!(
            default,
            at(&format!("policy:weights={fit}"), "count-fit"),
            "{fit}"
        );
        assert_eq!(default, at("policy:weights=casts", "count-casts"), "{fit}");
        assert_ne!(
            default,
            at("policy:drawn=Build+Destroy", "count-other-draws"),
            "{fit}"
        );
        assert_ne!(
            default,
            at(&file("policy-casts-net.toml"), "count-file"),
            "{fit}"
        );
        let summary = dir
            .path()
            .join(format!("count-default-{players}/summary.txt"));
        let summary = std::fs::read_to_string(summary).unwrap();
        let note = format!(
            "note: bot `policy:weights=casts` plays the weights `{fit}` at {players} players"
        );
        assert!(summary.contains(&note), "{summary}");
    }
}
