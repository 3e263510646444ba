//! A ladder's checkpoint and partial result: a run's progress for every tier.

use super::counts::{CountFile, count_file, count_progress};
use super::{
    CountProgress, FORMAT, Fingerprint, Resumable, check_format, check_players, parse_shard,
    shard_difference,
};
use crate::sim::runner::Shard;
use serde::{Deserialize, Serialize};
use std::io;

/// The `kind` of a ladder's checkpoint or partial result (a run's file has no `kind`).
pub const LADDER_KIND: &str = "ladder";

/// What is done of a ladder: per tier, a run's progress at each player count (with blocks).
/// Written like a run's checkpoint (`super::write_text`, `super::Resumable`), and as a shard's partial
/// result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderCheckpoint {
    pub shard: Option<Shard>,
    pub command: String,
    /// The ladder's fingerprint: `bots` lists the tiers, `games` is `--games`.
    pub fingerprint: Fingerprint,
    /// `--search-games`.
    pub search_games: u64,
    /// One per tier, in the order of `fingerprint.bots`.
    pub tiers: Vec<TierProgress>,
}

/// One tier of a ladder: its bot spec, its games per player count and its progress at each
/// player count (in the order of the fingerprint's `players`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierProgress {
    pub bot: String,
    pub games: u64,
    pub counts: Vec<CountProgress>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LadderFile {
    generator: String,
    format: u32,
    kind: String,
    command: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<String>,
    fingerprint: Fingerprint,
    search_games: String,
    tiers: Vec<TierFile>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TierFile {
    bot: String,
    games: String,
    counts: Vec<CountFile>,
}

/// Whether a checkpoint or partial result's text is a ladder's (else it is a run's).
pub fn is_ladder(text: &str) -> bool {
    toml::from_str::<toml::Table>(text)
        .is_ok_and(|t| t.get("kind").and_then(|k| k.as_str()) == Some(LADDER_KIND))
}

impl Resumable for LadderCheckpoint {
    const COMMAND: &'static str = "ladder";

    fn to_text(&self) -> io::Result<String> {
        LadderCheckpoint::to_text(self)
    }

    fn parse(text: &str) -> Result<LadderCheckpoint, String> {
        LadderCheckpoint::parse(text)
    }

    fn differs(&self, now: &LadderCheckpoint) -> Option<String> {
        self.fingerprint
            .differs(&now.fingerprint, ("the interrupted ladder", "this command"))
            .or_else(|| {
                (self.search_games != now.search_games).then(|| {
                    format!(
                        "--search-games: the interrupted ladder has {}, this command {}",
                        self.search_games, now.search_games
                    )
                })
            })
            .or_else(|| shard_difference(self.shard, now.shard, Self::COMMAND))
    }

    fn command(&self) -> &str {
        &self.command
    }

    /// Games played so far, over every tier and player count.
    fn games_done(&self) -> u64 {
        self.tiers
            .iter()
            .flat_map(|t| &t.counts)
            .map(|c| c.stats.games)
            .sum()
    }
}

impl LadderCheckpoint {
    pub fn to_text(&self) -> io::Result<String> {
        let file = LadderFile {
            generator: crate::report::manifest::GENERATOR.to_string(),
            format: FORMAT,
            kind: LADDER_KIND.to_string(),
            command: self.command.clone(),
            shard: self.shard.map(|s| s.to_string()),
            fingerprint: self.fingerprint.clone(),
            search_games: self.search_games.to_string(),
            tiers: self
                .tiers
                .iter()
                .map(|t| TierFile {
                    bot: t.bot.clone(),
                    games: t.games.to_string(),
                    counts: t.counts.iter().map(count_file).collect(),
                })
                .collect(),
        };
        toml::to_string(&file).map_err(|e| io::Error::other(format!("checkpoint: {e}")))
    }

    pub fn parse(text: &str) -> Result<LadderCheckpoint, String> {
        check_format(text, "ladder format")?;
        let file: LadderFile = toml::from_str(text).map_err(|e| e.to_string())?;
        if file.format != FORMAT || file.kind != LADDER_KIND {
            return Err(format!(
                "format {} of kind {:?} is not the ladder format {FORMAT} this version reads",
                file.format, file.kind
            ));
        }
        let number = |what: &str, text: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("{what}: \"{text}\" is not a number"))
        };
        let search_games = number("search_games", &file.search_games)?;
        check_players(&file.fingerprint)?;
        let bots: Vec<&String> = file.tiers.iter().map(|t| &t.bot).collect();
        if bots != file.fingerprint.bots.iter().collect::<Vec<_>>() {
            return Err("the [[tiers]] tables do not match the fingerprint's tiers".into());
        }
        let mut tiers = Vec::new();
        for tier in &file.tiers {
            let games = number("games", &tier.games)?;
            let players: Vec<u8> = tier.counts.iter().map(|c| c.players).collect();
            if players != file.fingerprint.players {
                return Err(format!(
                    "tier {}: the [[counts]] tables do not match the player counts",
                    tier.bot
                ));
            }
            let counts = tier
                .counts
                .iter()
                .map(|c| count_progress(c, games).map_err(|e| format!("tier {}: {e}", tier.bot)))
                .collect::<Result<_, _>>()?;
            tiers.push(TierProgress {
                bot: tier.bot.clone(),
                games,
                counts,
            });
        }
        let shard = parse_shard(file.shard.as_deref())?;
        Ok(LadderCheckpoint {
            shard,
            command: file.command,
            fingerprint: file.fingerprint,
            search_games,
            tiers,
        })
    }
}
