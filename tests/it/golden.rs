//! Golden games (issue 7): every decision of a few thousand seeded games, folded into one
//! digest per case and compared with `tests/data/golden.toml`. A speed change must leave
//! every game exactly as it was; this test fails on the first case whose games changed.
//!
//! When a change is meant to change play (a rule fix, new bot weights), bump the version in
//! Cargo.toml, regenerate the file with `GOLDEN_UPDATE=1 cargo test --release --test it
//! golden` and say why in the commit. The file records the version its games were played
//! by, and the update refuses changed games under the same version: checkpoints (`--resume`)
//! and shards (`merge`) are matched by version, so a binary that plays differently must not
//! pass for the one that wrote them.

use citadels_sim::bots::BotSpec;
use citadels_sim::config::load_preset;
use citadels_sim::engine::action::Action;
use citadels_sim::engine::ids::Seat;
use citadels_sim::engine::rules::Rules;
use citadels_sim::engine::state::State;
use citadels_sim::sim::{Observer, game_seed, play_observed};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// FNV-1a over every decision (seat and action) and every game's result.
struct Digest(u64);

impl Digest {
    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl Observer for Digest {
    fn before_action(&mut self, _: &Rules, _: &State, seat: Seat, action: Action) {
        self.add(format!("{}:{action:?};", seat.0).as_bytes());
    }
}

/// The cases: preset, players, bots (one per seat or one for all), games. The heuristic and
/// random bots first (the engine's guard), then the policy bot (the default of every
/// command on two casts, with the `first-game` fit, the `casts` weights, the 2-player fit
/// on each and the 3- and 8-player fits of `casts`, its 20,000 games enough to catch a change in the
/// last bits of its
/// layer's scores; the linear weights, the default until version 0.3.0; the layer for
/// every kind) and the search with either rollout model, whose play the published figures
/// of docs/bots.md, agreement.md and training.md rest on.
const CASES: [(&str, u8, &str, u64); 16] = [
    ("first-game", 5, "heuristic", 1500),
    ("first-game", 5, "random", 1500),
    (
        "first-game",
        7,
        "heuristic,random,heuristic,random,heuristic,random,heuristic",
        500,
    ),
    ("all-characters", 4, "heuristic", 1000),
    ("all-characters", 8, "heuristic", 300),
    ("all-districts", 6, "heuristic", 800),
    ("first-game", 5, "policy", 20000),
    ("first-game", 2, "policy", 2000),
    ("all-characters", 6, "policy", 300),
    ("all-characters", 2, "policy", 300),
    ("all-characters", 3, "policy", 300),
    ("all-characters", 8, "policy", 300),
    ("first-game", 5, "policy:weights=linear:drawn=Destroy", 1000),
    ("first-game", 4, "policy:weights=net", 300),
    (
        "first-game",
        4,
        "ismcts:iters=40,heuristic,policy,heuristic",
        4,
    ),
    (
        "first-game",
        5,
        "ismcts:iters=30:rounds=1:rollout=policy,policy,policy,policy,policy",
        3,
    ),
];

fn digest_of(preset: &str, players: u8, bots: &str, games: u64) -> String {
    let config = load_preset(preset).unwrap();
    let rules = config.rules(players).unwrap();
    // As every command reads them: `policy` plays the `casts` weights on `all-characters`.
    let mut specs: Vec<BotSpec> = BotSpec::parse_list(bots)
        .unwrap()
        .into_iter()
        .map(|spec| spec.for_cast(&config.cast))
        .collect();
    if specs.len() == 1 {
        specs = vec![specs[0].clone(); players as usize];
    }
    let mut digest = Digest(0xcbf2_9ce4_8422_2325);
    let mut legal = Vec::new();
    let mut rounds = 0u64;
    for i in 0..games {
        let (record, _) = play_observed(
            &rules,
            game_seed(7, players, i),
            &specs,
            &mut legal,
            &mut digest,
        );
        let result = format!(
            "{:?}{:?}{}{}",
            record.scores, record.winners, record.rounds, record.stalled
        );
        digest.add(result.as_bytes());
        rounds += u64::from(record.rounds);
    }
    format!("{:016x} rounds={rounds}", digest.0)
}

#[test]
fn golden_games_are_unchanged() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden.toml");
    let mut now = BTreeMap::new();
    for (preset, players, bots, games) in CASES {
        let key = format!("{preset} {players}p {bots} {games} games");
        now.insert(key, digest_of(preset, players, bots, games));
    }
    let version = env!("CARGO_PKG_VERSION");
    // A missing file reads as no saved games: an update writes it afresh, a check lists
    // every case as changed.
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut saved: BTreeMap<String, String> = toml::from_str(&text).unwrap();
    let saved_version = saved.remove("version").unwrap_or_default();
    let changed: Vec<String> = now
        .iter()
        .filter(|(key, value)| saved.get(*key) != Some(value))
        .map(|(key, value)| format!("{key}: now {value}, saved {:?}", saved.get(key)))
        .collect();
    if std::env::var_os("GOLDEN_UPDATE").is_some() {
        assert!(
            changed.is_empty() || saved_version != version,
            "play changed under version {version}: bump the version in Cargo.toml first, so \
             that checkpoints and shards of the old play are not taken for the new\n{}",
            changed.join("\n")
        );
        let mut text = String::from(
            "# Digests of the golden games (tests/it/golden.rs), and the version that played\n\
             # them. Regenerate only when a change is meant to change play, after bumping the\n\
             # version: GOLDEN_UPDATE=1 cargo test --release --test it golden\n",
        );
        writeln!(text, "version = \"{version}\"").unwrap();
        for (key, value) in &now {
            writeln!(text, "\"{key}\" = \"{value}\"").unwrap();
        }
        std::fs::write(&path, text).unwrap();
        return;
    }
    assert!(
        changed.is_empty(),
        "golden games changed:\n{}",
        changed.join("\n")
    );
    assert_eq!(saved.len(), now.len(), "golden.toml lists other cases");
    assert_eq!(
        saved_version, version,
        "golden.toml's games were played by another version: regenerate it"
    );
}
