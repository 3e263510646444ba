//! Tests of the checkpoints: exact round trips, damaged files refused, differences named,
//! files replaced atomically.

use super::*;
use crate::sim::runner::chunk_games;
use crate::stats::ROUND_BINS;
use crate::stats::blocks::block_of;
use crate::stats::tests::synthetic;

fn sample() -> Checkpoint {
    let fingerprint = Fingerprint::new(
        "2016",
        "preset first-game",
        "name = \"First Game\"\n[rules]\nround_cap = 100\n",
        u64::MAX,
        1000,
        vec![4, 5],
        vec!["heuristic".into()],
    );
    let mut counts = vec![CountProgress::new(4), CountProgress::new(5)];
    for (i, chunk) in [0u64, 1, 3].into_iter().enumerate() {
        for g in chunk_games(1000, chunk) {
            counts[0].stats.add(&synthetic(4, g));
        }
        counts[0].done.insert(chunk);
        if i == 0 {
            for g in chunk_games(1000, chunk) {
                counts[1].stats.add(&synthetic(5, g));
            }
            counts[1].done.insert(chunk);
        }
    }
    // Three games in the last bin (games of the round cap's length), moved from another
    // bin: every finished game is counted in one bin.
    let stats = &mut counts[0].stats;
    let from = stats
        .rounds
        .iter()
        .position(|&n| n >= 3)
        .expect("a bin of 3 games");
    stats.rounds[from] -= 3;
    stats.rounds[ROUND_BINS - 1] += 3;
    counts[0].stats.characters[2].robbed = u64::MAX;
    Checkpoint {
        shard: Some(Shard { index: 1, count: 3 }),
        command: "citadels-sim run --games 1000 --out 'a b'".into(),
        fingerprint,
        counts,
    }
}

#[test]
fn round_trip_is_exact() {
    let checkpoint = sample();
    let text = checkpoint.to_text().unwrap();
    assert!(text.contains("done = \"0-1 3\""), "{text}");
    assert!(text.contains("shard = \"1/3\""), "{text}");
    assert_eq!(Checkpoint::parse(&text).unwrap(), checkpoint);
}

#[test]
fn damaged_files_are_refused() {
    let text = sample().to_text().unwrap();
    let broken = text.replacen("done = \"0-1 3\"", "done = \"0-1\"", 1);
    assert!(
        Checkpoint::parse(&broken)
            .unwrap_err()
            .contains("chunks hold")
    );
    let broken = text.replacen("done = \"0-1 3\"", "done = \"0-1 4\"", 1);
    assert!(Checkpoint::parse(&broken).unwrap_err().contains("below 4"));
    assert!(Checkpoint::parse("format = 2").is_err());
}

/// A ladder of two tiers, the second with blocks of one chunk.
fn ladder_sample() -> LadderCheckpoint {
    let run = sample();
    let mut blocked = CountProgress::new(4);
    for g in chunk_games(1000, 2) {
        let record = synthetic(4, g);
        let before = blocked.stats.characters;
        blocked.stats.add(&record);
        let block = blocked.blocks.entry(block_of(g)).or_default();
        for (i, (now, was)) in blocked.stats.characters.iter().zip(&before).enumerate() {
            block.picked[i] += (now.picked - was.picked) as u32;
            block.won[i] += (now.picks_won - was.picks_won) as u32;
        }
    }
    blocked.done.insert(2);
    LadderCheckpoint {
        shard: None,
        command: "citadels-sim ladder".into(),
        fingerprint: Fingerprint {
            bots: vec!["random".into(), "heuristic".into()],
            ..run.fingerprint.clone()
        },
        search_games: 300,
        tiers: vec![
            TierProgress {
                bot: "random".into(),
                games: 1000,
                counts: run.counts.clone(),
            },
            TierProgress {
                bot: "heuristic".into(),
                games: 1000,
                counts: vec![blocked, CountProgress::new(5)],
            },
        ],
    }
}

#[test]
fn ladder_round_trip_is_exact_and_damage_is_refused() {
    let ladder = ladder_sample();
    assert!(ladder.tiers[1].counts[0].blocks.len() == 16);
    let text = ladder.to_text().unwrap();
    assert!(is_ladder(&text) && !is_ladder(&sample().to_text().unwrap()));
    assert_eq!(LadderCheckpoint::parse(&text).unwrap(), ladder);
    // Tier 1: chunks 0, 1 and 3 (768..1000) at 4 players, chunk 0 at 5; tier 2: chunk 2.
    assert_eq!(ladder.games_done(), (256 + 256 + 232) + 256 + 256);
    // A block dropped: the blocks no longer add up to the counters.
    let line = text.lines().find(|l| l.starts_with("blocks")).unwrap();
    let dropped = text.replacen(&format!("{line}\n"), "blocks = [\"32\"]\n", 1);
    assert!(
        LadderCheckpoint::parse(&dropped)
            .unwrap_err()
            .contains("do not add up")
    );
    let wrong_tier = text.replacen("bot = \"heuristic\"", "bot = \"ismcts\"", 1);
    assert!(
        LadderCheckpoint::parse(&wrong_tier)
            .unwrap_err()
            .contains("do not match the fingerprint")
    );
    // A run's checkpoint is not a ladder's.
    assert!(LadderCheckpoint::parse(&sample().to_text().unwrap()).is_err());
}

#[test]
fn differences_are_named() {
    let a = sample().fingerprint;
    let names = ("the interrupted run", "this command");
    assert_eq!(a.differs(&a, names), None);
    let mut b = a.clone();
    b.games = "2000".into();
    assert_eq!(
        a.differs(&b, names).unwrap(),
        "--games: the interrupted run has 1000, this command 2000"
    );
    let mut c = a.clone();
    c.config = c.config.replace("100", "50");
    assert!(a.differs(&c, names).unwrap().contains(
        "first difference: `round_cap = 100` in the interrupted run, \
             `round_cap = 50` in this command"
    ));
}

#[test]
fn checkpoint_files_are_replaced_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    assert_eq!(read(&out).unwrap(), None);
    let checkpoint = sample();
    write(&out, &checkpoint).unwrap();
    write(&out, &checkpoint).unwrap();
    assert_eq!(read(&out).unwrap(), Some(checkpoint));
    let names: Vec<_> = fs::read_dir(work_folder(&out).unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["checkpoint.toml"]);
    remove(&out).unwrap();
    remove(&out).unwrap();
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}
