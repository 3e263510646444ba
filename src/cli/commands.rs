//! The options of each command (clap derive), and the option groups they share.

use super::values::{
    PlayerRange, Replace, SetValues, ShardArg, parse_character, parse_deals, parse_epochs,
    parse_game_index, parse_hidden, parse_l2, parse_learning_rate, parse_player_count,
    parse_players, parse_positive, parse_replace, parse_replicates, parse_seed, parse_set,
    parse_shard, parse_threads,
};
use crate::bots::policy::KindSet;
use crate::bots::policy::features::{DraftFacts, FeatureBlocks};
use crate::config::Edition;
use crate::engine::ids::Character;
use clap::Args;
use std::path::PathBuf;

/// `train`: the teacher's self-play games, then the fit of the policy's weights.
#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("players", |a| a.default_value("4-5")),
    mut_arg("seed", |a| a.help(
        "Master seed of the teacher's games (a stream apart from run's games of the same seed)"
    )),
    mut_arg("out", |a| a.value_name("FILE").help(
        "The weights file to write (default: reports/<preset name or config file \
         stem>-policy.toml)"
    )),
    mut_arg("force", |a| a.help("Replace the file even if it is not a weights file"))
)]
pub struct TrainArgs {
    #[command(flatten)]
    pub setup: SetupArgs,
    #[command(flatten)]
    pub players: PlayersArg,
    /// The teacher's self-play games per player count (every tenth is kept to measure the
    /// fit). The default takes about 6 minutes on two cores with the default teacher.
    #[arg(long, value_name = "N", default_value = "400", allow_negative_numbers = true,
          value_parser = parse_positive)]
    pub games: u64,
    /// The bot whose choices the policy learns (what the fit imitates of them: `--targets`).
    #[arg(long, value_name = "SPEC", default_value = "ismcts:iters=300")]
    pub teacher: String,
    /// Play the games with this bot in every seat instead of the teacher, and record the
    /// teacher's answer at each of its decisions (DAgger: the data covers the positions the
    /// student reaches).
    #[arg(long, value_name = "SPEC")]
    pub student: Option<String>,
    /// Also write the recorded decisions into FILE, for later fits with --data.
    #[arg(long, value_name = "FILE")]
    pub save_data: Option<PathBuf>,
    /// Fit the decisions of these data files (from --save-data; repeat the flag to join
    /// files) instead of playing games.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["teacher", "student", "games", "players", "seed", "save_data", "preset", "config", "replace", "edition"])]
    pub data: Vec<PathBuf>,
    /// What the fit imitates: `choice`, the teacher's move (the policy's softmax then
    /// estimates how likely the teacher is to play each move, which its drawn decisions
    /// rely on), or `visits`, a searching teacher's visit shares.
    #[arg(long, value_name = "WHAT", default_value = "choice")]
    pub targets: Targets,
    /// Passes of the fit over the data (full-batch Adam steps).
    #[arg(long, value_name = "N", default_value = "300", allow_negative_numbers = true,
          value_parser = parse_epochs)]
    pub epochs: u32,
    /// L2 penalty on the weights (per decision); larger keeps the policy nearer the
    /// heuristic (with `--start`, nearer the start's weights).
    #[arg(long, value_name = "X", default_value = "0.0001", allow_negative_numbers = true,
          value_parser = parse_l2)]
    pub l2: f64,
    /// Hidden units (0 to 128): 0 fits a linear policy; N adds a hidden layer of N
    /// rectified units over the same features, whose output joins the linear score.
    #[arg(long, value_name = "N", default_value = "0", allow_negative_numbers = true,
          value_parser = parse_hidden)]
    pub hidden: usize,
    /// The kinds of action the hidden layer scores, joined by + (`Pick+Discard`: a layer
    /// for the draft alone, whose units only the draft pays for), or `all`. The other kinds
    /// are scored by the linear part alone.
    #[arg(long, value_name = "KINDS", default_value = "all", value_parser = KindSet::parse)]
    pub hidden_kinds: KindSet,
    /// The decisions a bot playing the weights draws at `temp` when its spec names no
    /// `drawn` (kinds joined by +, as the spec's `drawn`), written as `[policy] drawn`:
    /// how the fit is meant to be played (the 3-player fit draws `TakeGold+Build+Destroy`).
    /// Without it, the default's `Destroy+Build`.
    #[arg(long, value_name = "KINDS", value_parser = KindSet::parse)]
    pub drawn: Option<KindSet>,
    /// Which of a pick's draft facts the fit may weigh: `all`; `shared`, all but what the
    /// later choosers would take (the dearest part); `none`, the pick's base facts only (the
    /// built-in linear policy's cost). Facts the fit may not weigh keep weight 0, and the
    /// policy never works them out.
    #[arg(long, value_name = "PARTS", default_value = "all")]
    pub draft_facts: DraftFactsArg,
    /// Which of those parts the hidden layer reads too (default: all that `--draft-facts`
    /// allows): `none` passes only a pick's base facts through the units, so each candidate
    /// character costs the layer 16 rows (instead of 37 with `--draft-facts shared`, 46 with
    /// `all`); the parts left out still enter the linear score.
    #[arg(long, value_name = "PARTS")]
    pub hidden_draft_facts: Option<DraftFactsArg>,
    /// Fit from these weights instead of the heuristic alone (a fine-tune): a built-in name
    /// as in a spec's `weights=` (`casts`, `built-in`, ...) or a weights file. The fit keeps
    /// their shape (hidden units, the kinds they score, the draft facts read) and `--l2`
    /// pulls towards them instead of towards 0, so a small data set (one player count, one
    /// cast) adjusts them rather than replacing what they learnt from more games.
    #[arg(long, value_name = "WEIGHTS",
          conflicts_with_all = ["hidden", "hidden_kinds", "draft_facts", "hidden_draft_facts"])]
    pub start: Option<String>,
    /// With `--start`: fit only the weights of these blocks of features (the first part of a
    /// feature's name, joined by +: `spy`, `spy+exchange`); every other weight, the hidden
    /// layer's included, keeps the start's value. For a feature the start's weights do not
    /// read yet, learnt from new data without moving the rest.
    #[arg(long, value_name = "BLOCKS", requires = "start", value_parser = FeatureBlocks::parse)]
    pub fit_only: Option<FeatureBlocks>,
    /// Adam's step size (default: 0.05 for a linear fit, 0.01 with a hidden layer).
    #[arg(long, value_name = "X", allow_negative_numbers = true, value_parser = parse_learning_rate)]
    pub learning_rate: Option<f64>,
    #[command(flatten)]
    pub seed: SeedArg,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = parse_threads)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `train --targets`: what the fit imitates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Targets {
    Choice,
    Visits,
}

/// `train --draft-facts`: which parts of a pick's draft facts the fit may weigh.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DraftFactsArg {
    All,
    Shared,
    None,
}

impl DraftFactsArg {
    pub fn parts(self) -> DraftFacts {
        match self {
            DraftFactsArg::All => DraftFacts::ALL,
            DraftFactsArg::Shared => DraftFacts::SHARED,
            DraftFactsArg::None => DraftFacts::NONE,
        }
    }
}

/// `restrict`: the arena of `SPEC:ban=X` against `SPEC`, for every character X of the cast.
#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("players", |a| a.default_value("5")),
    mut_arg("seed", |a| a.help(DEAL_SEED)),
    mut_arg("out", |a| a.help(
        "Report folder (default: reports/restrict-<preset name or config file stem>/)"
    ))
)]
pub struct RestrictArgs {
    #[command(flatten)]
    pub setup: SetupArgs,
    /// The bot of every seat; the hero is the same bot with `ban=X`.
    #[arg(long, value_name = "SPEC", default_value = DEFAULT_BOT)]
    pub bot: String,
    #[command(flatten)]
    pub players: PlayersArg,
    /// Ban only these characters, in turn (comma list; default: every character of the
    /// cast). Each must be in the cast.
    #[arg(long, value_name = "NAME,...", value_delimiter = ',', value_parser = parse_character)]
    pub characters: Vec<Character>,
    /// Deals per player count; each deal is one baseline game plus, for every character,
    /// one game per seat (41 games at 5 players with 8 characters). The default takes a few
    /// minutes on two cores with the default bot (intervals of about +-0.3 points);
    /// ISMCTS is hundreds of times slower: time 20 deals first.
    #[arg(long, value_name = "D", default_value = "10000", allow_negative_numbers = true,
          value_parser = parse_deals)]
    pub deals: u64,
    #[command(flatten)]
    pub seed: SeedArg,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = parse_threads)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `rank CONFIG...`: configs (preset names or config files) with the run options. Its help
/// hides the run options it refuses (`app::rank` names them if given anyway).
#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("preset", |a| a.hide(true)),
    mut_arg("config", |a| a.hide(true)),
    mut_arg("resume", |a| a.hide(true)),
    mut_arg("shard", |a| a.hide(true)),
    mut_arg("log_games", |a| a.hide(true)),
    mut_arg("out", |a| a.help("Report folder (default: reports/rank/)"))
)]
pub struct RankArgs {
    /// The configs: preset names, or config files (a path that exists, contains a `/` or
    /// ends in `.toml`); at least two.
    #[arg(value_name = "CONFIG", required = true, num_args = 2..)]
    pub configs: Vec<String>,
    /// The run options, applied to every config.
    #[command(flatten)]
    pub run: RunArgs,
}

/// The bot of every seat without `--bots` (`run`, `compare`, `sweep`, `rank`, `replay`),
/// `--bot` (`restrict`) or `--field` (`arena`): the policy bot distilled from search, with
/// its layer for the draft and the targets and picks that read what heuristic opponents
/// would name, about a fifth of the heuristic's speed
/// and much nearer the search's verdicts (docs/bots.md, "The policy bot").
const DEFAULT_BOT: &str = "policy";

/// The tiers of `ladder` without `--tier`, weakest first.
pub const DEFAULT_TIERS: [&str; 5] = [
    "random",
    "heuristic",
    "policy",
    "ismcts:iters=300",
    "ismcts:iters=1000",
];

/// `ladder`: one config, several bot populations ("tiers"), the same game seeds.
#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("players", |a| a.default_value("5").help(
        "Player counts: one count (5) or a range (4-7), within 2-8. The default ladder takes \
         about 10 minutes per player count on 2 cores"
    )),
    mut_arg("seed", |a| a.help(
        "Master seed: game i at n players uses the same seed in every tier (and in `run`)"
    )),
    mut_arg("out", |a| a.help(
        "Report folder (default: reports/<preset name or config file stem>-ladder/)"
    ))
)]
pub struct LadderArgs {
    #[command(flatten)]
    pub setup: SetupArgs,
    #[command(flatten)]
    pub players: PlayersArg,
    /// A tier: the bot spec every seat plays (repeatable, weakest first; replaces the
    /// default tiers random, heuristic, policy, ismcts:iters=300, ismcts:iters=1000).
    #[arg(long = "tier", value_name = "SPEC")]
    pub tiers: Vec<String>,
    /// Games per player count of each tier without search (random, heuristic, policy).
    #[arg(long, value_name = "N", default_value = "100000", allow_negative_numbers = true,
          value_parser = parse_positive)]
    pub games: u64,
    /// Games per player count of each search tier (ismcts). The default, 1000, makes the
    /// default ladder take about 10 minutes per player count on 2 cores (measured: 19 at 4
    /// and 5 players together), with 95% intervals of about +-1.2 points on a character's
    /// win rate.
    #[arg(long, value_name = "M", default_value = "1000", allow_negative_numbers = true,
          value_parser = parse_positive)]
    pub search_games: u64,
    #[command(flatten)]
    pub seed: SeedArg,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = parse_threads)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Continue the interrupted ladder whose report folder is DIR, from its checkpoint (give
    /// the ladder's other options unchanged).
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
    /// Play only shard K of N of every tier (the chunks of 256 games whose index is K modulo
    /// N) and write a partial result into --out; `auto/N` reads K from SLURM_ARRAY_TASK_ID
    /// or JOB_COMPLETION_INDEX. `merge` adds the N partials up.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<ShardArg>,
}

/// `compare A B`: two configs (preset names or config files) with the run options. Its help
/// hides the run options it refuses (`app::compare` names them if given anyway).
#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("preset", |a| a.hide(true)),
    mut_arg("config", |a| a.hide(true)),
    mut_arg("resume", |a| a.hide(true)),
    mut_arg("shard", |a| a.hide(true)),
    mut_arg("log_games", |a| a.hide(true)),
    mut_arg("out", |a| a.help("Report folder (default: reports/compare-A-vs-B/, with the \
        preset names or file stems)"))
)]
pub struct CompareArgs {
    /// Side A: a preset name, or a config file (a path that exists, contains a `/` or ends
    /// in `.toml`).
    #[arg(value_name = "A")]
    pub a: String,
    /// Side B, like A. Differences are B - A.
    #[arg(value_name = "B")]
    pub b: String,
    /// The run options, applied to both sides.
    #[command(flatten)]
    pub run: RunArgs,
}

/// `sweep --set KEY=V1,V2 ...`: combinations of `[rules]` values over a base config. Its
/// help hides the run options it refuses (`app::sweep` names them if given anyway).
#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("resume", |a| a.hide(true)),
    mut_arg("shard", |a| a.hide(true)),
    mut_arg("log_games", |a| a.hide(true)),
    mut_arg("out", |a| a.help("Report folder (default: reports/sweep-<preset name or config \
        file stem>/)"))
)]
pub struct SweepArgs {
    /// A key of the config's [rules] table and the values to try (repeatable); every
    /// combination of the values is played, for example --set complete_city=6,7,8.
    #[arg(long = "set", value_name = "KEY=V1,V2,...", required = true, value_parser = parse_set)]
    pub set: Vec<SetValues>,
    /// The run options; --preset or --config name the base config.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Which config to use: a built-in preset or a file (default: the first-game preset).
#[derive(Debug, Clone, Args)]
#[group(multiple = false)]
pub struct ConfigArgs {
    /// A built-in preset, for example first-game.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// A config file (TOML).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// What game is played: the config, cast replacements and the edition (shared by `run` and
/// `replay`, so a replay names the game exactly as the run did).
#[derive(Debug, Clone, Args)]
pub struct SetupArgs {
    #[command(flatten)]
    pub source: ConfigArgs,
    #[command(flatten)]
    pub replace: ReplaceArgs,
    /// The edition to play: 2016, classic or 2021 (default: the config's `edition`, else 2016).
    #[arg(long, value_name = "EDITION", value_parser = Edition::parse)]
    pub edition: Option<Edition>,
}

#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("force", |a| a.help(
        "Replace the report folder even if it holds files that are not a citadels-sim report \
         (and a game log's file even if it holds something else)"
    ))
)]
pub struct RunArgs {
    #[command(flatten)]
    pub setup: SetupArgs,
    #[command(flatten)]
    pub players: PlayersArg,
    /// Games per player count.
    #[arg(long, value_name = "N", default_value = "100000", allow_negative_numbers = true,
          value_parser = parse_positive)]
    pub games: u64,
    #[command(flatten)]
    pub seed: SeedArg,
    /// Bots: one spec for every seat, or a comma list with one spec per seat.
    #[arg(long, value_name = "SPEC", default_value = DEFAULT_BOT)]
    pub bots: String,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = parse_threads)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Continue the interrupted run whose report folder is DIR, from its checkpoint (give
    /// the run's other options unchanged). The reports are those of an uninterrupted run.
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
    /// Play only shard K of N (K from 0 to N-1: the chunks of 256 games whose index is K
    /// modulo N) and write a partial result into --out; `auto/N` reads K from
    /// SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX. `merge` adds the N partials up.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<ShardArg>,
    /// Write one JSON line per game into FILE (in game order, whatever --threads). An
    /// existing FILE is replaced only if it is a game log (or with --force); a link or a
    /// device is refused.
    #[arg(long, value_name = "FILE")]
    pub log_games: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("out", |a| a.required(true).help("Report folder to write")),
    mut_arg("quiet", |a| a.help("No summary on stdout"))
)]
pub struct MergeArgs {
    /// The folders of the partial results, one per shard (each holds a partial.toml).
    #[arg(value_name = "DIR", required = true)]
    pub partials: Vec<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub setup: SetupArgs,
    /// Player count of the game (2-8).
    #[arg(long, value_name = "N", value_parser = parse_player_count)]
    pub players: u8,
    /// The run's master seed.
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = parse_seed)]
    pub seed: u64,
    /// The game's index in the run (0-based).
    #[arg(long, value_name = "I", allow_negative_numbers = true, value_parser = parse_game_index)]
    pub game: u64,
    /// Bots, as given to the run.
    #[arg(long, value_name = "SPEC", default_value = DEFAULT_BOT)]
    pub bots: String,
}

#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("players", |a| a.default_value("4").help(
        "Player counts: one count (4) or a range (4-7), within 2-8"
    )),
    mut_arg("seed", |a| a.help(DEAL_SEED)),
    mut_arg("out", |a| a.help("Report folder (default: reports/arena/)"))
)]
pub struct ArenaArgs {
    #[command(flatten)]
    pub setup: SetupArgs,
    /// The bot measured, for example ismcts:iters=1000 or heuristic:new_type=2.5.
    #[arg(long, value_name = "SPEC")]
    pub hero: String,
    /// The bot in every other seat, and in every seat of the baseline games.
    #[arg(long, value_name = "SPEC", default_value = DEFAULT_BOT)]
    pub field: String,
    #[command(flatten)]
    pub players: PlayersArg,
    /// Deals per player count; each deal is players + 1 games.
    #[arg(long, value_name = "D", default_value = "1000", allow_negative_numbers = true,
          value_parser = parse_deals)]
    pub deals: u64,
    #[command(flatten)]
    pub seed: SeedArg,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = parse_threads)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The help of `--seed` for the commands that play deals (`arena`, `restrict`).
const DEAL_SEED: &str = "Master seed: deal i at n players is seeded like game i of a run";

/// `--players`: the player counts a command plays (a command sets its own default).
#[derive(Debug, Clone, Args)]
pub struct PlayersArg {
    /// Player counts: one count (5) or a range (4-7), within 2-8.
    #[arg(id = "players", long = "players", value_name = "N|LO-HI", default_value = "4-7",
          value_parser = parse_players)]
    pub range: PlayerRange,
}

/// `--seed`: the master seed of a command's games (a command says what it seeds).
#[derive(Debug, Clone, Args)]
pub struct SeedArg {
    /// Master seed: game i at n players uses a seed derived from (seed, n, i).
    #[arg(id = "seed", long = "seed", value_name = "S", default_value = "1",
          allow_negative_numbers = true, value_parser = parse_seed)]
    pub master: u64,
}

/// `--out`, `--quiet` and `--force`: where a command writes, and how (a command says what
/// its `--out` is and its default).
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// Report folder (default: reports/<preset name or config file stem>/).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// No progress bar and no summary on stdout.
    #[arg(long)]
    pub quiet: bool,
    /// Replace the report folder even if it holds files that are not a citadels-sim report.
    #[arg(long)]
    pub force: bool,
}

/// Changes to the config's cast, applied before the player-count checks.
#[derive(Debug, Clone, Default, Args)]
pub struct ReplaceArgs {
    /// Replace a character of the cast by another of the same rank, in every pool where it
    /// appears (repeatable), for example --replace Emperor=King.
    #[arg(long = "replace", value_name = "OLD=NEW", value_parser = parse_replace)]
    pub replace: Vec<Replace>,
}

/// `agreement REPORT --reference DIR[,DIR...]`: how near a run's win rates are to a
/// reference population's, with what a perfect imitator would show (docs/agreement.md, "The
/// `agreement` command").
#[derive(Debug, Clone, Args)]
pub struct AgreementArgs {
    /// The report folder measured (written by `run` or `merge`).
    #[arg(value_name = "REPORT")]
    pub report: PathBuf,
    /// The reference report folders (comma list, or the flag repeated): runs of one config,
    /// the report's, pooled by adding their wins and picks at each player count.
    #[arg(
        long = "reference",
        value_name = "DIR[,DIR...]",
        required = true,
        value_delimiter = ','
    )]
    pub references: Vec<PathBuf>,
    /// Size the perfect imitator's sample as N games per player count (the report's picks
    /// scaled to them) instead of the report's games: the ceiling of a run of that size.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = parse_positive)]
    pub games: Option<u64>,
    /// Bootstrap replicates of the noise ceiling.
    #[arg(long, value_name = "N", default_value = "1000", allow_negative_numbers = true,
          value_parser = parse_replicates)]
    pub replicates: usize,
    /// Seed of the noise ceiling's draws: the same seed gives the same figures.
    #[arg(long, value_name = "S", default_value = "1", allow_negative_numbers = true,
          value_parser = parse_seed)]
    pub seed: u64,
    /// Folder to write agreement.csv into (default: the report folder's path with
    /// `-agreement` appended, beside it).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// No summary on stdout.
    #[arg(long)]
    pub quiet: bool,
    /// Replace the folder even if it holds files that are not a citadels-sim report.
    #[arg(long)]
    pub force: bool,
}
