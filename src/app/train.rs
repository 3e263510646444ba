//! `train`: fits the policy bot's weights to a teacher's choices in its self-play games
//! (`crate::train`) and writes them as a weights file, with a manifest of how they were made.

use super::out::outln;
use super::{AppError, default_out, failed, input, load_config, parse_one_bot, threads};
use crate::bots::policy::KindSet;
use crate::bots::policy::features::{DraftFacts, FEATURES};
use crate::bots::policy::weights::{
    FORMAT, FORMAT_HIDDEN, FORMAT_HIDDEN_KINDS, Hidden, PolicyWeights,
};
use crate::cli::{Targets, TrainArgs};
use crate::engine::rng::GameRng;
use crate::job::{self, staged::StagedFile};
use crate::progress::Progress;
use crate::train::data::Dataset;
use crate::train::fit::{Fit, FitOptions, KindHits, fit, hits_by_kind, measure};
use crate::train::{file, replay_games, teacher_games};
use anyhow::anyhow;
use clap::ValueEnum;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// How a weights file was made: the `[manifest]` table `train` writes. The games' fields
/// are those of this command's games; from `--data`, the files and the commands that made
/// them instead.
#[derive(Serialize)]
struct TrainManifest {
    command: String,
    version: &'static str,
    #[serde(flatten)]
    games: Option<GamesMade>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    data_files: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    data_commands: Vec<String>,
    /// `--start`: the weights the fit started from (a fine-tune), if not the heuristic.
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<String>,
    /// The blocks of features fitted (`--fit-only`); the other weights are the start's.
    #[serde(skip_serializing_if = "Option::is_none")]
    fit_only: Option<String>,
    features: usize,
    hidden_units: usize,
    /// The kinds of action the hidden layer scores (`all`, or names joined by +), if there
    /// is a layer.
    #[serde(skip_serializing_if = "Option::is_none")]
    hidden_kinds: Option<String>,
    draft_facts: String,
    /// The draft facts the hidden layer reads, with a layer.
    #[serde(skip_serializing_if = "Option::is_none")]
    hidden_draft_facts: Option<String>,
    targets: String,
    training_decisions: usize,
    validation_decisions: usize,
    epochs: u32,
    l2: f64,
    learning_rate: f64,
    /// How often the heuristic's best move is the teacher's, on the validation games.
    heuristic_validation_accuracy: f64,
    /// How often the `--start` weights' best move is the teacher's, on the validation games.
    #[serde(skip_serializing_if = "Option::is_none")]
    start_validation_accuracy: Option<f64>,
    validation_accuracy: f64,
    validation_loss: f64,
    training_accuracy: f64,
    training_loss: f64,
    seconds: f64,
}

/// The games that gave the decisions: in the weights' manifest, and as the `[made]` table
/// of a data file.
#[derive(Serialize)]
struct GamesMade {
    config: String,
    edition: String,
    players: String,
    teacher: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    student: Option<String>,
    games_per_player_count: u64,
    seed: u64,
}

pub(super) fn train(args: &TrainArgs, command_line: String) -> Result<(), AppError> {
    let started = Instant::now();
    if args.hidden == 0 && args.hidden_kinds != KindSet::ALL {
        return Err(input(anyhow!(
            "--hidden-kinds {}: the kinds a hidden layer scores, but there is none \
             (add --hidden N, N from 1)",
            args.hidden_kinds
        )));
    }
    let unit_draft_facts = args.hidden_draft_facts.unwrap_or(args.draft_facts);
    if let Some(parts) = args.hidden_draft_facts {
        let (units, fit) = (parts.parts(), args.draft_facts.parts());
        if args.hidden == 0 {
            return Err(input(anyhow!(
                "--hidden-draft-facts {}: the draft facts a hidden layer reads, but there is \
                 none (add --hidden N, N from 1)",
                value_name(&parts)
            )));
        }
        if (units.shared && !fit.shared) || (units.later && !fit.later) {
            return Err(input(anyhow!(
                "--hidden-draft-facts {}: the layer reads only draft facts the fit may weigh \
                 (--draft-facts {})",
                value_name(&parts),
                value_name(&args.draft_facts)
            )));
        }
    }
    let start = match &args.start {
        Some(name) => {
            Some(PolicyWeights::named(name).map_err(|e| input(anyhow!("--start {name}: {e}")))?)
        }
        None => None,
    };
    let out = out_file(args);
    check_weights_out(&out, args.output.force)?;
    let (mut data, games, data_commands) = if args.data.is_empty() {
        let (data, games) = play(args, &command_line)?;
        (data, Some(games), Vec::new())
    } else {
        let (data, commands) = load(&args.data)?;
        (data, None, commands)
    };
    if args.targets == Targets::Choice {
        data.target_choices();
    }
    let threads = threads(args.threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| failed(anyhow!("cannot start the worker threads: {e}")))?;

    // The heuristic alone, the fit's start unless `--start` names weights (whose shape the
    // fit then keeps: `--start` excludes the shape's flags).
    let heuristic_start = start_weights(args.hidden, args.hidden_kinds);
    let start: &PolicyWeights = start.as_deref().unwrap_or(&heuristic_start);
    let hidden_units = start.hidden.as_ref().map_or(0, Hidden::units);
    let (draft_facts, unit_draft_facts) = match args.start {
        Some(_) => (start.reads_draft_facts(), start.units_read_draft_facts()),
        None => (args.draft_facts.parts(), unit_draft_facts.parts()),
    };
    let options = FitOptions {
        epochs: args.epochs,
        l2: args.l2,
        learning_rate: args
            .learning_rate
            .unwrap_or(if hidden_units > 0 { 0.01 } else { 0.05 }),
        draft_facts,
        unit_draft_facts,
        toward_start: args.start.is_some(),
        fit_only: args.fit_only,
    };
    let bar = Progress::counting(u64::from(args.epochs), 0, args.output.quiet, "epochs");
    bar.set_message("fit".into());
    let mut fitted = pool.install(|| fit(&data, start, options, &|e| bar.set_position(e.into())));
    fitted.source = out.display().to_string();
    bar.finish();
    let (held, trained) = (
        measure(&data, &fitted, true),
        measure(&data, &fitted, false),
    );
    // The heuristic alone, whatever the start (a cold start's layer outputs 0 at first).
    let heuristic = measure(&data, &heuristic_start, true);
    let started_from = args.start.as_ref().map(|_| measure(&data, start, true));

    let manifest = TrainManifest {
        command: command_line,
        version: env!("CARGO_PKG_VERSION"),
        games,
        data_files: args.data.iter().map(|p| p.display().to_string()).collect(),
        data_commands,
        start: args.start.clone(),
        fit_only: args.fit_only.map(|b| b.to_string()),
        features: FEATURES,
        hidden_units,
        hidden_kinds: start.hidden.as_ref().map(|h| h.kinds.to_string()),
        draft_facts: draft_facts_name(draft_facts),
        hidden_draft_facts: (hidden_units > 0).then(|| draft_facts_name(unit_draft_facts)),
        targets: value_name(&args.targets),
        training_decisions: trained.decisions,
        validation_decisions: held.decisions,
        epochs: args.epochs,
        l2: args.l2,
        learning_rate: options.learning_rate,
        heuristic_validation_accuracy: round(heuristic.accuracy),
        start_validation_accuracy: started_from.map(|f| round(f.accuracy)),
        validation_accuracy: round(held.accuracy),
        validation_loss: round(held.loss),
        training_accuracy: round(trained.accuracy),
        training_loss: round(trained.loss),
        seconds: (started.elapsed().as_secs_f64() * 10.0).round() / 10.0,
    };
    let manifest_text =
        toml::to_string(&manifest).map_err(|e| failed(anyhow!("the manifest: {e}")))?;
    let mut weights = fitted;
    // A fine-tune is drawn as its start unless `--drawn` says otherwise, and cuts as it.
    weights.drawn = args.drawn.or(args.start.as_ref().and(start.drawn));
    if args.start.is_some() {
        (weights.min_p, weights.pick_min_p) = (start.min_p, start.pick_min_p);
    }
    write_file(&out, weights.to_text(&manifest_text).as_bytes())?;
    outln!("weights written to {}", out.display());
    if !args.output.quiet {
        print_fit(&data, &heuristic, &held, &trained, &manifest);
        print_kinds(&hits_by_kind(&data, &weights, start), args.start.is_some());
    }
    Ok(())
}

/// Where the fit starts: the heuristic alone (the bot starts as a softened heuristic and
/// the fit moves it only where the teacher's choices ask for it), and with `units` hidden
/// units a hidden layer whose input weights are small, fixed pseudo-random numbers (the
/// same for every fit, so a fit is reproducible) and whose output weights are 0: the start
/// still plays as the heuristic alone.
fn start_weights(units: usize, kinds: KindSet) -> PolicyWeights {
    let mut values = vec![0.0f32; FEATURES];
    values[0] = 1.0;
    let hidden = (units > 0).then(|| {
        let mut rng = GameRng::new(HIDDEN_START_SEED);
        // Uniform in [-0.17, 0.17]: a spread of about 0.1.
        let input = (0..FEATURES * units)
            .map(|_| ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 - 0.5) as f32 * 0.346)
            .collect::<Vec<f32>>();
        Hidden {
            input: input.into(),
            bias: vec![0.0; units],
            out: vec![0.0; units],
            kinds,
        }
    });
    PolicyWeights::new(values, hidden, String::new())
}

/// A command-line value's name, as the manifest records it.
fn value_name(value: &impl ValueEnum) -> String {
    value
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string())
}

/// The name of the draft facts' parts as `--draft-facts` gives them (`later`, a part no
/// flag names alone, can come only from `--start` weights).
fn draft_facts_name(parts: DraftFacts) -> String {
    match (parts.shared, parts.later) {
        (true, true) => "all",
        (true, false) => "shared",
        (false, true) => "later",
        (false, false) => "none",
    }
    .to_string()
}

/// The seed of the hidden layer's starting weights.
const HIDDEN_START_SEED: u64 = 0x0041_DDE4;

/// The weights file: `--out`, else reports/<preset name or config file stem>-policy.toml.
fn out_file(args: &TrainArgs) -> PathBuf {
    args.output.out.clone().unwrap_or_else(|| {
        let stem = default_out(&args.setup.source);
        let name = stem
            .file_name()
            .map_or_else(|| "policy".into(), |n| n.to_string_lossy().into_owned());
        stem.with_file_name(format!("{name}-policy.toml"))
    })
}

/// Reads the `--data` files and replays their games, joined in order, and the commands that
/// made them.
fn load(paths: &[PathBuf]) -> Result<(Dataset, Vec<String>), AppError> {
    for (i, path) in paths.iter().enumerate() {
        if let Some(first) = paths[..i].iter().find(|p| job::path::same_place(p, path)) {
            return Err(input(anyhow!(
                "--data {}: is the file {} given before; each data file is fitted once",
                path.display(),
                first.display()
            )));
        }
    }
    let mut all = Dataset::default();
    let mut commands = Vec::new();
    for path in paths {
        let refuse = |why: String| input(anyhow!("--data {}: {why}", path.display()));
        let data = file::read(path).map_err(refuse)?;
        all.append(&replay_games(&data.config, &data.games).map_err(refuse)?);
        let command = data.made.get("command").and_then(|c| c.as_str());
        commands.push(command.unwrap_or("(unknown)").to_string());
    }
    Ok((all, commands))
}

/// Plays the games of `args` and records the teacher's decisions (and writes them into
/// `--save-data` if asked).
fn play(args: &TrainArgs, command_line: &str) -> Result<(Dataset, GamesMade), AppError> {
    let config = load_config(&args.setup)?;
    let teacher = parse_one_bot("--teacher", &args.teacher, &config)?;
    if args.targets == Targets::Visits && !teacher.searches() {
        return Err(input(anyhow!(
            "--targets visits: the teacher {teacher} does not search, so it has no visit \
             shares (they would all be on its choice); give --targets choice or a searching \
             teacher (ismcts)"
        )));
    }
    let student = match &args.student {
        Some(text) => Some(parse_one_bot("--student", text, &config)?),
        None => None,
    };
    let mut counts = Vec::new();
    for players in args.players.range.counts() {
        counts.push(config.rules(players).map_err(input)?);
    }
    if let Some(path) = &args.save_data {
        check_data_out(path, args.output.force)?;
    }
    let threads = threads(args.threads);
    let progress = Progress::new(args.games * counts.len() as u64, 0, args.output.quiet);
    let done = AtomicU64::new(0);
    let mut games = Vec::new();
    for rules in &counts {
        progress.start_count(rules.players);
        games.extend(teacher_games(
            rules,
            &teacher,
            student.as_ref(),
            args.games,
            args.seed.master,
            threads,
            &|| progress.set_position(done.fetch_add(1, Ordering::Relaxed) + 1),
        ));
    }
    progress.finish();
    let data = replay_games(&config, &games)
        .map_err(|why| failed(anyhow!("the teacher's games do not replay: {why}")))?;
    let made_by = GamesMade {
        config: config.source.clone(),
        edition: config.edition.name().to_string(),
        players: args.players.range.to_string(),
        teacher: teacher.to_string(),
        student: student.map(|s| s.to_string()),
        games_per_player_count: args.games,
        seed: args.seed.master,
    };
    if let Some(path) = &args.save_data {
        let mut made = toml::Table::try_from(&made_by)
            .map_err(|e| failed(anyhow!("the data's header: {e}")))?;
        made.insert("command".into(), command_line.into());
        made.insert("version".into(), env!("CARGO_PKG_VERSION").into());
        made.insert("decisions".into(), (data.decisions() as i64).into());
        write_file(path, &file::to_bytes(&config, &games, &made))?;
        outln!("training data written to {}", path.display());
    }
    Ok((data, made_by))
}

fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn print_fit(data: &Dataset, heuristic: &Fit, held: &Fit, trained: &Fit, m: &TrainManifest) {
    let source = match &m.games {
        Some(g) => format!(
            "{} games per player count of {}{}",
            g.games_per_player_count,
            g.teacher,
            g.student
                .as_ref()
                .map_or(String::new(), |s| format!(", played by {s}"))
        ),
        None => m.data_files.join(", "),
    };
    outln!(
        "\n{} decisions with a choice ({} actions) from {source}",
        data.decisions(),
        data.actions(),
    );
    let start = match (&m.start, m.start_validation_accuracy) {
        (Some(name), Some(accuracy)) => format!(", the start {name}: {:.1}%", 100.0 * accuracy),
        _ => String::new(),
    };
    if held.decisions == 0 {
        // Every tenth game is kept out (train::mod): fewer than ten games keep none, and a
        // 0.0% accuracy or 0.000 log-loss of no decisions would read as a measurement.
        outln!(
            "teacher's move predicted (best score) on the training games: {:.1}% (the heuristic \
             alone: {:.1}%); no game was kept out to measure the fit (every tenth game is: give \
             --games 10 or more)",
            100.0 * trained.accuracy,
            100.0 * heuristic.accuracy,
        );
        outln!(
            "mean log-loss per decision: {:.3} trained ({} epochs, L2 {})",
            trained.loss,
            m.epochs,
            m.l2
        );
    } else {
        outln!(
            "teacher's move predicted (best score), games kept out of the fit: {:.1}% \
             (the heuristic alone: {:.1}%{start}); on the training games: {:.1}%",
            100.0 * held.accuracy,
            100.0 * heuristic.accuracy,
            100.0 * trained.accuracy
        );
        outln!(
            "mean log-loss per decision: {:.3} kept out, {:.3} trained ({} epochs, L2 {})",
            held.loss,
            trained.loss,
            m.epochs,
            m.l2
        );
    }
    outln!(
        "{:.1} s; use it with --bots policy:weights=<file>",
        m.seconds
    );
}

/// Where the fit meets and misses the teacher, by the kind of the teacher's move (kept-out
/// games; kinds under 0.5% of the decisions are summed in `other`), against where the fit
/// started: the heuristic alone, or the `--start` weights (`from_start`).
fn print_kinds(rows: &[KindHits], from_start: bool) {
    let total: usize = rows.iter().map(|r| r.decisions).sum();
    if total == 0 {
        return;
    }
    let (major, minor): (Vec<&KindHits>, Vec<&KindHits>) =
        rows.iter().partition(|r| r.decisions * 200 >= total);
    let other = minor.iter().fold(
        KindHits {
            kind: "other",
            ..KindHits::default()
        },
        |sum, r| KindHits {
            decisions: sum.decisions + r.decisions,
            fitted: sum.fitted + r.fitted,
            start: sum.start + r.start,
            ..sum
        },
    );
    outln!("\nthe teacher's move predicted, by its kind (kept-out games):");
    outln!(
        "{:<16} {:>9} {:>7} {:>10} {:>7}",
        "kind",
        "decisions",
        "share",
        if from_start { "start" } else { "heuristic" },
        "fit"
    );
    let percent = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    for r in major
        .into_iter()
        .chain((other.decisions > 0).then_some(&other))
    {
        outln!(
            "{:<16} {:>9} {:>6.1}% {:>9.1}% {:>6.1}%",
            r.kind,
            r.decisions,
            percent(r.decisions, total),
            percent(r.start, r.decisions),
            percent(r.fitted, r.decisions)
        );
    }
}

/// Refuses, before any game, an `--out` that is a folder, sits in a missing folder, is a
/// file other than a weights file (unless `--force`), or cannot be written.
fn check_weights_out(out: &Path, force: bool) -> Result<(), AppError> {
    let is_weights = |path: &Path| {
        std::fs::read_to_string(path)
            .ok()
            .and_then(|text| text.parse::<toml::Table>().ok())
            .and_then(|t| t.get("policy")?.get("format")?.as_integer())
            .is_some_and(|f| [FORMAT, FORMAT_HIDDEN, FORMAT_HIDDEN_KINDS].contains(&f))
    };
    check_out("--out", out, force, "a weights file", &is_weights)
}

/// The same for `--save-data`: an existing file must be a training data file.
fn check_data_out(out: &Path, force: bool) -> Result<(), AppError> {
    let is_data = |path: &Path| file::read(path).is_ok();
    check_out("--save-data", out, force, "a training data file", &is_data)
}

fn check_out(
    flag: &str,
    out: &Path,
    force: bool,
    what: &str,
    is_ours: &dyn Fn(&Path) -> bool,
) -> Result<(), AppError> {
    job::path::check_file(flag, out)?;
    let refuse = |why: String| input(anyhow!("{flag} {}: {why}", out.display()));
    if out.is_dir() {
        return Err(refuse("is a folder; give a file name".into()));
    }
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty())
        && !parent.is_dir()
        && parent != Path::new("reports")
    {
        return Err(refuse(format!(
            "the folder {} does not exist",
            parent.display()
        )));
    }
    if out.exists() && !force && !is_ours(out) {
        return Err(refuse(format!(
            "exists and is not {what}; give --force to replace it"
        )));
    }
    // The file is written after the games: a place it cannot be written to (no permission,
    // `/proc`, a link or a device) must fail now, not after hours of play. The trial file is
    // removed when dropped.
    if out
        .parent()
        .is_none_or(|p| p.as_os_str().is_empty() || p.is_dir())
    {
        StagedFile::create(out).map_err(|e| refuse(format!("cannot be written: {e}")))?;
    }
    Ok(())
}

/// Writes the file whole or not at all (a staged file renamed into place).
fn write_file(out: &Path, bytes: &[u8]) -> Result<(), AppError> {
    let fail = |e: std::io::Error| failed(anyhow!("cannot write {}: {e}", out.display()));
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(fail)?;
    }
    let mut file = StagedFile::create(out).map_err(fail)?;
    file.write_bytes(bytes).map_err(fail)?;
    file.commit().map_err(fail)
}
