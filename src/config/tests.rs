//! Tests of the config layer: presets, every validation message, overrides and round trips.

use super::*;
use crate::engine::ids::DistrictType;
use crate::engine::rules::TieBreak;

const FILE: &str = "configs/x.toml";

/// A valid first-game-like config with `extra` appended; `edit` replaces text first.
fn text(edit: &[(&str, &str)], extra: &str) -> String {
    let mut t = String::from(
        "name = \"test\"\n\
         characters = [\"Assassin\", \"Thief\", \"Magician\", \"King\", \"Bishop\", \"Merchant\", \
         \"Architect\", \"Warlord\"]\n\
         unique_districts = [\"Keep\", \"Smithy\", \"Thieves' Den\"]\n",
    );
    for (from, to) in edit {
        assert!(t.contains(from), "{from}");
        t = t.replace(from, to);
    }
    t + extra
}

fn load(edit: &[(&str, &str)], extra: &str) -> RunConfig {
    load_str(FILE, &text(edit, extra)).unwrap()
}

/// The message for a config that must fail; it always starts with the file.
fn fail(edit: &[(&str, &str)], extra: &str) -> String {
    let msg = load_str(FILE, &text(edit, extra)).unwrap_err().0;
    assert!(msg.starts_with("configs/x.toml: "), "{msg}");
    msg
}

#[test]
fn preset_names_are_the_seven_rulebook_presets_all_characters_and_all_districts() {
    assert_eq!(
        preset_names(),
        [
            "first-game",
            "ambitious-aristocrats",
            "cunning-agents",
            "illustrious-emissaries",
            "devious-dignitaries",
            "tenacious-delegates",
            "vicious-nobles",
            "all-characters",
            "all-districts",
        ]
    );
}

#[test]
fn first_game_preset_gives_68_cards_at_4_to_7_players() {
    let config = load_preset("first-game").unwrap();
    assert_eq!(config.name, "First Game");
    assert_eq!(config.source, "preset first-game");
    use Character::*;
    assert_eq!(
        config.cast,
        [
            Assassin, Thief, Magician, King, Bishop, Merchant, Architect, Warlord
        ]
        .map(|c| vec![c])
    );
    use District::*;
    assert_eq!(
        config.unique_districts,
        [
            DragonGate,
            Factory,
            HauntedQuarter,
            ImperialTreasury,
            Keep,
            Laboratory,
            Library,
            MapRoom,
            Quarry,
            SchoolOfMagic,
            Smithy,
            Statue,
            ThievesDen,
            WishingWell
        ]
    );
    assert_eq!(config.options, Options::default());
    assert!(config.overrides.is_empty());
    assert_eq!(config.deck().len(), 17 + 14);
    assert_eq!(
        config
            .deck()
            .iter()
            .map(|s| s.copies as usize)
            .sum::<usize>(),
        68
    );
    for players in 4..=7 {
        let rules = config.rules(players).unwrap();
        assert_eq!(rules.players, players);
        assert_eq!(rules.cards.len(), 68);
        assert_eq!(rules.always.len(), 68);
        assert_eq!(rules.by_type[DistrictType::Unique.index()].len(), 14);
        assert_eq!(rules.complete_city, 7);
        assert_eq!(rules.cast_size(), 8);
    }
}

#[test]
fn first_game_refuses_3_and_8_players() {
    let config = load_preset("first-game").unwrap();
    for players in [3, 8] {
        assert_eq!(
            config.rules(players).unwrap_err().0,
            format!(
                "preset first-game: {players} players need a rank-9 character (the rulebook \
                 requires 9 characters at 3 and 8 players): give a config whose `characters` \
                 has a 9th entry (Queen, Artist or Tax Collector; docs/configs.md), or a preset \
                 that has one (all-characters)"
            )
        );
    }
    assert_eq!(
        config.rules(9).unwrap_err().0,
        "preset first-game: 9 players is outside the supported 2-8"
    );
    // Two players use ranks 1-8 only, and complete a city at 8 districts.
    assert_eq!(config.rules(2).unwrap().complete_city, 8);
}

#[test]
fn rulebook_presets_have_nine_characters_and_fourteen_unique_districts_and_load() {
    let catalog = Catalog::embedded().unwrap();
    for &(name, text) in &PRESETS[1..7] {
        let file: ConfigFile = files::parse(name, text).unwrap();
        // Each rulebook preset has 9 characters (the last of rank 9) and 14 unique districts.
        assert_eq!(file.characters.len(), 9, "{name}");
        assert_eq!(file.unique_districts.len(), 14, "{name}");
        assert!(
            file.unique_districts
                .iter()
                .all(|d| catalog.is_unique(District::from_name(d).unwrap()))
        );
        // Every district is implemented.
        let config = load_preset(name).unwrap();
        assert_eq!(config.unique_districts.len(), 14, "{name}");
    }
}

#[test]
fn unknown_preset_lists_the_known_ones() {
    assert_eq!(
        load_preset("frist-game").unwrap_err().0,
        "--preset frist-game: unknown preset \"frist-game\" (known presets: first-game, ambitious-aristocrats, \
         cunning-agents, illustrious-emissaries, devious-dignitaries, tenacious-delegates, \
         vicious-nobles, all-characters, all-districts) (did you mean \"first-game\"?)"
    );
    assert!(!load_preset("x").unwrap_err().0.contains("did you mean"));
}

#[test]
fn malformed_toml_gives_the_line() {
    let msg = fail(&[], "[rules\n");
    assert!(
        msg.starts_with("configs/x.toml: line 4, column 7: [rules: unclosed table"),
        "{msg}"
    );
    assert!(msg.contains("[rules"), "{msg}");
}

/// Parse errors read as the file's author wrote it: a missing key quotes no line, a line of
/// a pool is not taken for a table's header, and the program's type names stay out.
#[test]
fn parse_errors_name_what_the_author_wrote() {
    let load = |text: &str| load_str("h.toml", text).unwrap_err().0;
    let msg = load("# My house rules\nname = \"house\"\n");
    assert_eq!(msg, "h.toml: missing field `characters`");
    let msg = load(
        "characters = [\"Assassin\",\n  [\"Thief\", \"Spy\"],\n  \"Magician\", \"King\",\n  \
         \"Bishop\", \"Merchant\", \"Architect\", \"Warlord\"]\nunique_districts = 5\n",
    );
    assert!(
        msg.starts_with("h.toml: line 5, column 20: unique_districts = 5: "),
        "{msg}"
    );
    let msg = load("characters = [\"King\"]\nrules = 5\n");
    assert!(msg.contains("expected a table"), "{msg}");
    assert!(!msg.contains("struct"), "{msg}");
    let msg = fail(&[], "[rules]\nstarting_gold = 99999999999999999999\n");
    assert!(msg.contains("too large"), "{msg}");
    assert!(!msg.contains("i128"), "{msg}");
}

#[test]
fn unknown_keys_are_refused() {
    for (extra, key) in [
        ("seed = 1\n", "seed"),
        ("[rules]\nstarting_coins = 1\n", "starting_coins"),
        ("[districts.Manor]\nprice = 1\n", "price"),
    ] {
        let msg = fail(&[], extra);
        assert!(msg.contains(&format!("unknown field `{key}`")), "{msg}");
        assert!(msg.contains("line 4") || msg.contains("line 5"), "{msg}");
    }
    let msg = fail(&[], "[rules]\nstarting_coins = 1\n");
    assert!(
        msg.contains("`starting_gold`"),
        "the allowed keys are listed: {msg}"
    );
}

#[test]
fn wrong_types_are_refused() {
    let msg = fail(&[], "[rules]\nstarting_gold = \"two\"\n");
    assert!(msg.contains("starting_gold = \"two\""), "{msg}");
    assert!(
        msg.contains(
            "rules.starting_gold = \"two\": invalid type: string \"two\", expected an integer"
        ),
        "{msg}"
    );
    let msg = fail(&[("name = \"test\"", "name = 3")], "");
    assert!(
        msg.contains("name = 3") && msg.contains("expected a string"),
        "{msg}"
    );
    let msg = fail(&[], "[rules]\nuse_rank9 = 1\n");
    assert!(
        msg.contains("use_rank9 = 1") && msg.contains("expected a boolean"),
        "{msg}"
    );
    let msg = fail(&[], "[rules]\nround_cap = 99999999999999999999\n");
    assert!(msg.contains("round_cap = 99999999999999999999"), "{msg}");
}

#[test]
fn unknown_character_suggests_a_name() {
    assert_eq!(
        fail(&[("\"King\"", "\"Kign\"")], ""),
        "configs/x.toml: characters[3]: unknown character \"Kign\" (did you mean \"King\"?)"
    );
    assert_eq!(
        fail(&[("\"King\"", "\"Zebra\"")], ""),
        "configs/x.toml: characters[3]: unknown character \"Zebra\""
    );
}

#[test]
fn characters_must_be_in_rank_order_one_per_rank() {
    assert_eq!(
        fail(&[("\"Magician\", \"King\"", "\"King\", \"Magician\"")], ""),
        "configs/x.toml: characters[2]: \"King\" is rank 4, not rank 3; allowed: ranks 1-8 \
         in rank order, then optionally rank 9\n\
         configs/x.toml: characters[3]: \"Magician\" is rank 3, not rank 4; allowed: ranks 1-8 \
         in rank order, then optionally rank 9"
    );
    assert_eq!(
        fail(&[("\"Bishop\"", "\"Emperor\"")], ""),
        "configs/x.toml: characters[4]: \"Emperor\" is rank 4, like characters[3] \"King\"; \
         allowed: one character per rank"
    );
    // A character missing from the middle: one message for the shift, not one per entry.
    assert_eq!(
        fail(&[("\"Magician\", ", "")], ""),
        "configs/x.toml: characters[2]: \"King\" is rank 4, not rank 3; allowed: ranks 1-8 \
         in rank order, then optionally rank 9 (every later entry is off by as much: is a \
         character missing or given twice before it?)\n\
         configs/x.toml: characters: 7 given; allowed: 8 (ranks 1-8 in rank order) or 9 \
         (with rank 9)"
    );
    assert_eq!(
        fail(&[(", \"Warlord\"", "")], ""),
        "configs/x.toml: characters: 7 given; allowed: 8 (ranks 1-8 in rank order) or 9 \
         (with rank 9)"
    );
}

#[test]
fn unique_district_errors() {
    assert_eq!(
        fail(&[("\"Keep\"", "\"Keap\"")], ""),
        "configs/x.toml: unique_districts[0]: unknown district \"Keap\" (did you mean \"Keep\"?)"
    );
    assert_eq!(
        fail(&[("\"Thieves' Den\"", "\"keep\"")], ""),
        "configs/x.toml: unique_districts[2]: \"Keep\" is listed twice (also \
         unique_districts[0]); allowed: each unique district once"
    );
    assert_eq!(
        fail(&[("\"Smithy\"", "\"Manor\"")], ""),
        "configs/x.toml: unique_districts[1]: \"Manor\" is a basic district (noble), not a \
         unique one; the 54 basic districts are always in the deck"
    );
}

#[test]
fn any_character_and_unique_district_may_be_named() {
    let config = load(
        &[("\"Assassin\"", "\"Witch\""), ("\"Thief\"", "\"Spy\"")],
        "",
    );
    assert_eq!(config.cast[..2], [[Character::Witch], [Character::Spy]]);
    let config = load(&[("\"Keep\"", "\"Armory\", \"Secret Vault\"")], "");
    assert_eq!(
        config.unique_districts[..2],
        [District::Armory, District::SecretVault]
    );
}

#[test]
fn option_values_are_range_checked() {
    let cases = [
        (
            "starting_gold = -1",
            "rules.starting_gold = -1: allowed: 0 to 50",
        ),
        (
            "starting_cards = 13",
            "rules.starting_cards = 13: allowed: 0 to 12",
        ),
        (
            "complete_city = 0",
            "rules.complete_city = 0: allowed: 1 to 20, or \"default\"",
        ),
        (
            "complete_city = \"auto\"",
            "rules.complete_city = \"auto\": allowed: 1 to 20",
        ),
        ("gather_draw = 0", "rules.gather_draw = 0: allowed: 1 to 10"),
        (
            "gather_keep = 3",
            "rules.gather_keep = 3: allowed: 1 to gather_draw (2); cannot keep more cards",
        ),
        ("round_cap = 0", "rules.round_cap = 0: allowed: 1 to 1000"),
        (
            "complete_bonus = 300",
            "rules.complete_bonus = 300: allowed: 0 to 50",
        ),
    ];
    for (line, expected) in cases {
        let msg = fail(&[], &format!("[rules]\n{line}\n"));
        assert!(
            msg.starts_with(&format!("configs/x.toml: {expected}")),
            "{msg}"
        );
    }
    // Drawing more lets one keep more.
    let config = load(&[], "[rules]\ngather_draw = 3\ngather_keep = 3\n");
    assert_eq!(
        (config.options.gather_draw, config.options.gather_keep),
        (3, 3)
    );
}

#[test]
fn use_rank9_needs_a_ninth_character() {
    assert_eq!(
        fail(&[], "[rules]\nuse_rank9 = true\n"),
        "configs/x.toml: rules.use_rank9 = true: the characters list has no 9th (rank-9) \
         character; add one or set use_rank9 = false"
    );
}

#[test]
fn empty_name_is_refused() {
    assert_eq!(
        fail(&[("name = \"test\"", "name = \" \"")], ""),
        "configs/x.toml: name = \" \": allowed: a non-empty string"
    );
}

#[test]
fn override_errors() {
    assert_eq!(
        fail(&[], "[districts.Manr]\ncost = 4\n"),
        "configs/x.toml: districts.\"Manr\": unknown district \"Manr\" (did you mean \"Manor\"?)"
    );
    assert_eq!(
        fail(&[], "[districts.Manor]\ncost = -1\n"),
        "configs/x.toml: districts.\"Manor\".cost = -1: allowed: 0 to 20"
    );
    assert_eq!(
        fail(&[], "[districts.Manor]\ncopies = -2\n"),
        "configs/x.toml: districts.\"Manor\".copies = -2: allowed: 0 to 10"
    );
    assert_eq!(
        fail(&[], "[districts.Library]\ncost = 4\n"),
        "configs/x.toml: districts.\"Library\": Library is not in this config's deck; allowed: \
         a basic district or one of unique_districts or district_pool"
    );
    let msg = fail(
        &[],
        "[districts.Manor]\ncost = 4\n[districts.manor]\ncost = 2\n",
    );
    assert!(msg.contains("both name Manor"), "{msg}");
}

#[test]
fn overrides_change_costs_and_copies() {
    let config = load(
        &[],
        "[districts.Manor]\ncost = 4\ncopies = 2\n\
         [districts.\"Thieves' Den\"]\ncost = 5\n\
         [districts.Tavern]\ncopies = 0\n",
    );
    let rules = config.rules(5).unwrap();
    // 54 basic cards - 3 Manors - 5 Taverns + 3 unique districts.
    assert_eq!(rules.cards.len(), 54 - 3 - 5 + 3);
    let manors = rules.by_district[District::Manor.index()];
    assert_eq!(manors.len(), 2);
    assert!(manors.iter().all(|c| rules.card(c).cost == 4));
    assert!(rules.by_district[District::Tavern.index()].is_empty());
    let den = rules.by_district[District::ThievesDen.index()];
    assert!(den.iter().all(|c| rules.card(c).cost == 5));
    let castles = rules.by_district[District::Castle.index()];
    assert_eq!(castles.len(), 4);
    assert!(castles.iter().all(|c| rules.card(c).cost == 4));
}

#[test]
fn to_toml_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let configs = [
        load_preset("first-game").unwrap(),
        load(
            &[("name = \"test\"", "name = \"House \\\"rules\\\"\"")],
            "[rules]\ncomplete_city = 6\nstarting_gold = 0\nround_cap = 50\n\
             [districts.Manor]\ncost = 4\n\
             [districts.\"Thieves' Den\"]\ncopies = 2\ncost = 5\n",
        ),
    ];
    for (i, config) in configs.into_iter().enumerate() {
        let written = config.to_toml();
        for key in ["complete_city", "gather_keep", "round_cap", "use_rank9"] {
            assert!(written.contains(&format!("\n{key} = ")), "{written}");
        }
        let path = dir.path().join(format!("{i}.toml"));
        std::fs::write(&path, &written).unwrap();
        let back = load_file(&path).unwrap();
        assert_eq!(back.source, path.display().to_string());
        assert_eq!(
            RunConfig {
                source: config.source.clone(),
                ..back.clone()
            },
            config
        );
        assert_eq!(
            back.to_toml().lines().skip(1).collect::<Vec<_>>(),
            written.lines().skip(1).collect::<Vec<_>>()
        );
    }
}

#[test]
fn missing_file_is_reported() {
    let msg = load_file(Path::new("/nonexistent/x.toml")).unwrap_err().0;
    assert!(
        msg.starts_with("/nonexistent/x.toml: cannot read the file: "),
        "{msg}"
    );
}

#[test]
fn rank9_characters_follow_the_rulebook_footnotes() {
    let base = load_preset("first-game").unwrap();
    let mut queen = base.clone();
    queen.cast.push(vec![Character::Queen]);
    assert!(
        queen.rules(4).is_ok(),
        "rank 9 is optional at 4 players and off by default"
    );
    assert_eq!(
        queen.rules(3).unwrap_err().0,
        "preset first-game: 3 players: the Queen cannot be used with fewer than 5 players; \
         replace her with the Artist or the Tax Collector (--replace Queen=Artist)"
    );
    assert_eq!(queen.rules(8).unwrap().cast_size(), 9);
    queen.options.use_rank9 = true;
    assert!(
        queen
            .rules(4)
            .unwrap_err()
            .0
            .contains("the Queen cannot be used")
    );
    assert_eq!(queen.rules(5).unwrap().cast_size(), 9);
    let mut emperor = base;
    emperor.cast[3] = vec![Character::Emperor];
    assert_eq!(
        emperor.rules(2).unwrap_err().0,
        "preset first-game: 2 players: the Emperor cannot be used in 2-player games; replace \
         him with the King or the Patrician (--replace Emperor=King)"
    );
    assert!(emperor.rules(4).is_ok());
}

#[test]
fn example_house_rules_file_loads() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/examples/house-rules.toml");
    let config = load_file(&path).unwrap();
    assert_eq!(config.name, "First game, house rules");
    assert_eq!(config.options.complete_city, Some(6));
    assert_eq!(config.options.starting_gold, 4);
    assert_eq!(config.options.gather_draw, 3);
    assert_eq!(config.options.gather_keep, 1);
    let rules = config.rules(4).unwrap();
    assert_eq!(rules.cards.len(), 68);
    assert_eq!(rules.complete_city, 6);
    let manor = rules.by_district[District::Manor.index()];
    assert!(manor.iter().all(|c| rules.card(c).cost == 4));
}

/// README and docs/configs.md say the example "shows every knob": every `[rules]` key is in
/// it, set or commented out, and with every commented setting taken in (`# key = value`, `#
/// [table]`, `# [pool],`) it still loads. A new `RulesFile` field fails to compile here until
/// it is listed, and then fails until the example shows it.
#[test]
fn example_house_rules_file_shows_every_rules_key() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/examples/house-rules.toml"),
    )
    .unwrap();
    let every = RulesFile {
        complete_city: Some(toml::Value::Integer(7)),
        starting_gold: Some(2),
        starting_cards: Some(4),
        gather_gold: Some(2),
        gather_draw: Some(2),
        gather_keep: Some(1),
        first_complete_bonus: Some(4),
        complete_bonus: Some(2),
        all_types_bonus: Some(3),
        round_cap: Some(100),
        use_rank9: Some(false),
    };
    let setting =
        |l: &str| l.starts_with('[') || l.split_once(" = ").is_some_and(|(k, _)| !k.contains(' '));
    let taken_in: String = text
        .lines()
        .map(|l| match l.trim_start().strip_prefix("# ") {
            Some(rest) if setting(rest) => rest,
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let keys = toml::Table::try_from(&every).unwrap();
    assert_eq!(keys.len(), 11);
    for key in keys.keys() {
        let shown = taken_in
            .lines()
            .any(|l| l.starts_with(&format!("{key} = ")));
        assert!(shown, "the example does not show [rules] {key}");
    }
    let config = load_str("house-rules.toml, every setting taken in", &taken_in).unwrap();
    assert_eq!(config.cast.len(), 9);
    assert_eq!(config.pool_draw, 2);
    assert_eq!(config.options.round_cap, 100);
    assert_eq!(config.heuristic.new_type, 2.5);
    assert_eq!(config.overrides[&District::Manor].copies, Some(5));
    assert!(config.rules(4).is_ok() && config.rules(3).is_ok());
}

const EMPEROR_REFUSED: &str = "the Emperor cannot be used in 2-player games; replace him with \
                               the King or the Patrician (--replace Emperor=King)";
const QUEEN_REFUSED: &str = "the Queen cannot be used with fewer than 5 players; replace her \
                             with the Artist or the Tax Collector (--replace Queen=Artist)";

/// Every built-in preset at every player count 2-8: it builds rules where the rulebook allows
/// and is refused, naming why, where it does not. The rulebook presets have no [rules] table,
/// so rank 9 plays only at 3 and 8 players.
#[test]
fn every_preset_loads_at_every_player_count_the_rules_allow() {
    let rank9 = "players need a rank-9 character (the rulebook requires 9 characters at 3 and \
                 8 players): give a config whose `characters` has a 9th entry (Queen, Artist or \
                 Tax Collector; docs/configs.md), or a preset that has one (all-characters)";
    let expected = |name: &str, players: u8| -> Option<String> {
        let emperor = ["cunning-agents", "illustrious-emissaries"].contains(&name);
        let queen = ["ambitious-aristocrats", "devious-dignitaries"].contains(&name);
        match (name, players) {
            ("first-game", 3 | 8) => Some(format!("{players} {rank9}")),
            (_, 2) if emperor => Some(format!("2 players: {EMPEROR_REFUSED}")),
            (_, 3) if queen => Some(format!("3 players: {QUEEN_REFUSED}")),
            _ => None,
        }
    };
    for &name in preset_names() {
        let config = load_preset_ok(name);
        for players in 2..=8 {
            match (config.rules(players), expected(name, players)) {
                (Ok(rules), None) => {
                    assert_eq!(rules.players, players);
                    let rank9_plays = matches!(players, 3 | 8) || name == "all-characters";
                    let size = if players > 2 && rank9_plays { 9 } else { 8 };
                    assert_eq!(rules.cast_size(), size, "{name} at {players}");
                }
                (Err(e), Some(msg)) => assert_eq!(e.0, format!("preset {name}: {msg}")),
                (got, want) => panic!("{name} at {players}: got {got:?}, expected {want:?}"),
            }
        }
    }
    // With use_rank9 the Queen plays at 4 players too, and is refused there.
    for name in ["ambitious-aristocrats", "devious-dignitaries"] {
        let mut config = load_preset_ok(name);
        config.options.use_rank9 = true;
        for players in [3, 4] {
            assert_eq!(
                config.rules(players).unwrap_err().0,
                format!("preset {name}: {players} players: {QUEEN_REFUSED}")
            );
        }
        assert_eq!(config.rules(5).unwrap().cast_size(), 9);
        config.replace(Character::Queen, Character::Artist).unwrap();
        assert_eq!(config.rules(3).unwrap().cast_pools[9], [Character::Artist]);
        assert_eq!(config.rules(4).unwrap().cast_pools[9], [Character::Artist]);
    }
    let mut config = load_preset_ok("cunning-agents");
    config
        .replace(Character::Emperor, Character::Patrician)
        .unwrap();
    assert_eq!(
        config.rules(2).unwrap().cast_pools[4],
        [Character::Patrician]
    );
}

#[test]
fn all_characters_preset_pools_every_rank() {
    let config = load_preset("all-characters").unwrap();
    assert_eq!(config.cast.len(), 9);
    for (i, pool) in config.cast.iter().enumerate() {
        let rank: Vec<Character> = Character::ALL[3 * i..3 * i + 3].to_vec();
        assert_eq!(pool, &rank);
    }
    assert!(config.options.use_rank9);
    assert_eq!(
        config.unique_districts,
        load_preset("first-game").unwrap().unique_districts
    );
    use Character::*;
    // The pools reach the rules; the Emperor and the Queen leave them where forbidden.
    let rules = config.rules(2).unwrap();
    assert_eq!(rules.cast_pools[4], [King, Patrician]);
    assert!(rules.cast_pools[9].is_empty(), "no rank 9 at 2 players");
    for players in [3, 4] {
        let rules = config.rules(players).unwrap();
        assert_eq!(rules.cast_pools[4], [King, Emperor, Patrician]);
        assert_eq!(rules.cast_pools[9], [Artist, TaxCollector]);
    }
    for players in 5..=8 {
        let rules = config.rules(players).unwrap();
        assert_eq!(rules.cast_pools[9], [Queen, Artist, TaxCollector]);
        assert_eq!(rules.cast_pools[1], [Assassin, Witch, Magistrate]);
    }
}

#[test]
fn a_pool_left_empty_is_refused() {
    let config = load(&[("\"King\"", "[\"Emperor\"]")], "");
    assert_eq!(config.cast[3], [Character::Emperor]);
    assert_eq!(
        config.rules(2).unwrap_err().0,
        format!("configs/x.toml: 2 players: {EMPEROR_REFUSED}")
    );
    let config = load(&[("\"Warlord\"]", "\"Warlord\", [\"Queen\"]]")], "");
    assert_eq!(
        config.rules(3).unwrap_err().0,
        format!("configs/x.toml: 3 players: {QUEEN_REFUSED}")
    );
    assert!(config.rules(4).is_ok(), "rank 9 does not play at 4 players");
}

#[test]
fn pool_errors() {
    assert_eq!(
        fail(&[("\"Assassin\"", "[]")], ""),
        "configs/x.toml: characters[0]: an empty list; allowed: a name, or a non-empty list of \
         rank-1 characters (one is drawn per game)"
    );
    assert_eq!(
        fail(&[("\"Assassin\"", "[\"Assassin\", \"Thief\"]")], ""),
        "configs/x.toml: characters[0][1]: \"Thief\" is rank 2, not rank 1; allowed: in \
         characters[0], rank-1 characters only"
    );
    assert_eq!(
        fail(&[("\"King\"", "[\"King\", \"Emperor\", \"king\"]")], ""),
        "configs/x.toml: characters[3][2]: \"King\" is listed twice (also characters[3][0]); \
         allowed: each character once"
    );
    assert_eq!(
        fail(&[("\"King\"", "[\"King\", \"Emprer\"]")], ""),
        "configs/x.toml: characters[3][1]: unknown character \"Emprer\" (did you mean \
         \"Emperor\"?)"
    );
    let msg = fail(&[("\"King\"", "[\"King\", 4]")], "");
    assert!(msg.contains("characters"), "{msg}");
}

#[test]
fn pools_round_trip_and_reach_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let config = load(
        &[
            ("\"Assassin\"", "[\"Assassin\", \"Witch\", \"Magistrate\"]"),
            ("\"Thief\"", "[\"Spy\"]"),
            (
                "\"Warlord\"]",
                "\"Warlord\", [\"Artist\", \"Tax Collector\"]]",
            ),
        ],
        "",
    );
    use Character::*;
    assert_eq!(config.cast[0], [Assassin, Witch, Magistrate]);
    assert_eq!(config.cast[1], [Spy]);
    assert_eq!(config.cast[8], [Artist, TaxCollector]);
    let written = config.to_toml();
    assert!(
        written.contains("\"Spy\",\n"),
        "a pool of one is a plain name: {written}"
    );
    assert!(!written.contains("[\"Spy\"]"), "{written}");
    for preset in [config, load_preset("all-characters").unwrap()] {
        let written = preset.to_toml();
        let path = dir.path().join("cast.toml");
        std::fs::write(&path, &written).unwrap();
        let back = load_file(&path).unwrap();
        assert_eq!(
            RunConfig {
                source: preset.source.clone(),
                ..back
            },
            preset
        );
        let rules = preset.rules(5).unwrap();
        for (rank, pool) in preset.cast.iter().enumerate().take(8) {
            assert_eq!(&rules.cast_pools[rank + 1], pool);
        }
    }
}

#[test]
fn replace_changes_the_cast_or_says_why_not() {
    use Character::*;
    let mut config = load_preset("all-characters").unwrap();
    config.replace(Witch, Magistrate).unwrap_err();
    config.cast[0] = vec![Assassin, Witch];
    config.replace(Witch, Magistrate).unwrap();
    assert_eq!(config.cast[0], [Assassin, Magistrate]);
    let mut first = load_preset("first-game").unwrap();
    assert_eq!(
        first.replace(Emperor, King).unwrap_err(),
        "Emperor is not in the cast of preset first-game (the cast: Assassin, Thief, Magician, \
         King, Bishop, Merchant, Architect, Warlord)"
    );
    assert_eq!(
        first.replace(King, Thief).unwrap_err(),
        "Thief is rank 2, King rank 4; allowed: a character of rank 4 (King, Emperor, Patrician)"
    );
    first.cast[3] = vec![King, Emperor];
    assert_eq!(
        first.replace(King, Emperor).unwrap_err(),
        "Emperor is already in the cast of preset first-game; allowed: a rank-4 character not \
         in it"
    );
    first.replace(King, Patrician).unwrap();
    assert_eq!(first.cast[3], [Patrician, Emperor]);
}

/// A pool of three districts drawn two per game, appended to the test config.
const POOL: &str = "district_pool = [\"Armory\", \"Park\", \"Museum\"]\npool_draw = 2\n";

#[test]
fn district_pool_errors() {
    let cases = [
        (
            "district_pool = [\"Armory\", \"Prak\"]\npool_draw = 1\n",
            "district_pool[1]: unknown district \"Prak\" (did you mean \"Park\"?)",
        ),
        (
            "district_pool = [\"Armory\", \"Park\", \"armory\"]\npool_draw = 1\n",
            "district_pool[2]: \"Armory\" is listed twice (also district_pool[0]); allowed: \
             each unique district once",
        ),
        (
            "district_pool = [\"Armory\", \"Smithy\"]\npool_draw = 1\n",
            "district_pool[1]: \"Smithy\" is also in unique_districts[1]; allowed: a district \
             either in unique_districts (always in the deck) or in district_pool (drawn per \
             game), not both",
        ),
        (
            "district_pool = [\"Armory\", \"Temple\"]\npool_draw = 1\n",
            "district_pool[1]: \"Temple\" is a basic district (religious), not a unique one; \
             the 54 basic districts are always in the deck",
        ),
        (
            "district_pool = [\"Armory\", \"Park\"]\npool_draw = 0\n",
            "pool_draw = 0: allowed: 1 to 2 (the size of district_pool)",
        ),
        (
            "district_pool = [\"Armory\", \"Park\"]\npool_draw = 3\n",
            "pool_draw = 3: allowed: 1 to 2 (the size of district_pool)",
        ),
        (
            "district_pool = [\"Armory\", \"Park\"]\npool_draw = -1\n",
            "pool_draw = -1: allowed: 1 to 2 (the size of district_pool)",
        ),
        (
            "district_pool = [\"Armory\", \"Park\"]\n",
            "district_pool is given without pool_draw; allowed: both keys (pool_draw: how many \
             districts of the pool each game draws) or neither",
        ),
        (
            "pool_draw = 2\n",
            "pool_draw = 2 is given without district_pool; allowed: both keys or neither",
        ),
        (
            "district_pool = []\npool_draw = 1\n",
            "district_pool = []: allowed: a non-empty list of unique districts, or neither \
             district_pool nor pool_draw",
        ),
    ];
    for (extra, msg) in cases {
        assert_eq!(fail(&[], extra), format!("{FILE}: {msg}"), "{extra}");
    }
    let msg = fail(&[], "district_pool = \"Armory\"\npool_draw = 1\n");
    assert!(msg.contains("district_pool"), "{msg}");
}

#[test]
fn district_pool_reaches_the_rules_with_overrides() {
    let config = load(
        &[],
        &format!("{POOL}[districts.Park]\ncost = 2\ncopies = 2\n"),
    );
    use District::*;
    assert_eq!(config.district_pool, [Armory, Park, Museum]);
    assert_eq!(config.pool_draw, 2);
    let costs: Vec<(District, u8, u8)> = config
        .pool()
        .iter()
        .map(|s| (s.district, s.cost, s.copies))
        .collect();
    assert_eq!(costs, [(Armory, 3, 1), (Park, 2, 2), (Museum, 4, 1)]);
    // The pool is not part of the deck that is always dealt.
    assert_eq!(config.deck().len(), 17 + 3);
    let rules = config.rules(5).unwrap();
    assert_eq!(rules.always.len(), 54 + 3);
    assert_eq!(rules.pool.len(), 4);
    assert_eq!(rules.pool_draw, 2);
    assert_eq!(rules.cards.len(), 54 + 3 + 4);
    // Without a pool nothing changes.
    let config = load(&[], "");
    assert!(config.district_pool.is_empty() && config.pool_specs.is_empty());
    assert_eq!(config.pool_draw, 0);
    assert!(config.rules(5).unwrap().pool.is_empty());
    assert!(!config.to_toml().contains("pool"));
}

#[test]
fn all_districts_preset_pools_the_30_unique_districts_at_2_to_8_players() {
    let config = load_preset("all-districts").unwrap();
    let catalog = Catalog::embedded().unwrap();
    assert!(config.unique_districts.is_empty());
    assert_eq!(config.edition, Edition::V2016);
    assert_eq!(config.pool_draw, 14);
    let expected: Vec<District> = District::ALL
        .iter()
        .copied()
        .filter(|&d| catalog.is_unique(d) && Edition::V2016.has_district(d))
        .collect();
    assert_eq!(expected.len(), 30);
    let mut pool = config.district_pool.clone();
    pool.sort();
    assert_eq!(pool, expected);
    assert!(pool.contains(&District::SecretVault));
    for players in 2..=8 {
        let rules = config.rules(players).unwrap();
        assert_eq!(rules.always.len(), 54, "{players}");
        assert_eq!(rules.pool.len(), 30, "{players}");
        assert_eq!(rules.pool_draw, 14, "{players}");
        let rank9 = if matches!(players, 3 | 8) {
            vec![Character::Artist]
        } else {
            vec![]
        };
        assert_eq!(rules.cast_pools[9], rank9, "{players}");
    }
}

#[test]
fn edition_key_and_override() {
    assert_eq!(load(&[], "").edition, Edition::V2016);
    for (name, edition) in [
        ("2016", Edition::V2016),
        ("classic", Edition::Classic),
        ("Classic", Edition::Classic),
        ("2021", Edition::V2021),
    ] {
        let config = load(&[("name", &format!("edition = \"{name}\"\nname"))], "");
        assert_eq!(config.edition, edition, "{name}");
    }
    assert_eq!(
        fail(&[("name", "edition = \"2017\"\nname")], ""),
        "configs/x.toml: edition: unknown edition \"2017\"; allowed: \"2016\", \"classic\", \
         \"2021\" (did you mean \"2016\"?)"
    );
    // `--edition` replaces the file's edition.
    let text = text(&[("name", "edition = \"classic\"\nname")], "");
    let config = load_str_as(FILE, &text, Some(Edition::V2021)).unwrap();
    assert_eq!(config.edition, Edition::V2021);
    assert_eq!(
        config.options,
        Options {
            edition: Edition::V2021,
            ..Options::default()
        }
    );
    assert_eq!(Edition::parse("2021"), Ok(Edition::V2021));
    assert!(
        Edition::parse("bogus")
            .unwrap_err()
            .contains("unknown edition \"bogus\"")
    );
}

#[test]
fn classic_edition_rules() {
    let classic = [("name", "edition = \"classic\"\nname")];
    let config = load(&classic, "");
    assert_eq!(config.options.complete_city, Some(8));
    assert_eq!(config.options.tie_break, TieBreak::CostThenGold);
    for players in 2..=7 {
        let rules = config.rules(players).unwrap();
        assert_eq!(rules.complete_city, 8, "{players}");
        assert_eq!(rules.cast_size(), 8, "{players}");
    }
    assert_eq!(
        config.rules(8).unwrap_err().0,
        format!(
            "{FILE}: 8 players: the classic edition cannot be played at 8 players: 8 players \
             need a rank-9 character, which the classic edition does not have; allowed: 2-7 \
             players (or --edition 2016 with a rank-9 character)"
        )
    );
    // "default" is the edition's default; a number is kept.
    let config = load(&classic, "[rules]\ncomplete_city = \"default\"\n");
    assert_eq!(config.options.complete_city, Some(8));
    let config = load(&classic, "[rules]\ncomplete_city = 6\n");
    assert_eq!(config.options.complete_city, Some(6));
    assert_eq!(config.rules(5).unwrap().complete_city, 6);
    // The 2016 default is unchanged.
    assert_eq!(load(&[], "").options.tie_break, TieBreak::RevealedRank);
}

#[test]
fn classic_edition_refuses_other_characters() {
    let classic = ("name", "edition = \"classic\"\nname");
    let allowed = "allowed: the first game's 8 characters (Assassin, Thief, Magician, King, \
                   Bishop, Merchant, Architect, Warlord)";
    assert_eq!(
        fail(&[classic, ("\"Assassin\"", "\"Witch\"")], ""),
        format!(
            "{FILE}: characters[0]: \"Witch\" is not a character of the classic edition; \
             {allowed}"
        )
    );
    assert_eq!(
        fail(&[classic, ("\"King\"", "[\"King\", \"Emperor\"]")], ""),
        format!(
            "{FILE}: characters[3][1]: \"Emperor\" is not a character of the classic edition; \
             {allowed}"
        )
    );
    assert_eq!(
        fail(&[classic, ("\"Warlord\"]", "\"Warlord\", \"Artist\"]")], ""),
        format!(
            "{FILE}: characters[8]: \"Artist\": the classic edition has no rank-9 character; \
             allowed: 8 characters, the first game's (Assassin, Thief, Magician, King, Bishop, \
             Merchant, Architect, Warlord)"
        )
    );
    // The same cast plays in 2016; --replace cannot bring a new character into classic.
    let text = text(&[("\"Assassin\"", "\"Witch\"")], "");
    let err = load_str_as(FILE, &text, Some(Edition::Classic))
        .unwrap_err()
        .0;
    assert!(
        err.contains("\"Witch\" is not a character of the classic"),
        "{err}"
    );
    let mut config = load(&[classic], "");
    let err = config
        .replace(Character::Assassin, Character::Witch)
        .unwrap_err();
    assert!(
        err.contains("\"Witch\" is not a character of the classic"),
        "{err}"
    );
    assert_eq!(config.cast[0], [Character::Assassin]);
}

#[test]
fn hospital_and_graveyard_belong_to_2021() {
    let add = [("\"Keep\"", "\"Keep\", \"Hospital\"")];
    for edition in ["", "edition = \"2016\"\n", "edition = \"classic\"\n"] {
        let shown = if edition.contains("classic") {
            "classic"
        } else {
            "2016"
        };
        let edit = [add[0], ("name", &format!("{edition}name"))];
        assert_eq!(
            fail(&edit, ""),
            format!(
                "{FILE}: unique_districts[1]: \"Hospital\" belongs to the 2021 edition, not the \
                 {shown} edition; allowed with edition = \"2021\" (or --edition 2021)"
            )
        );
    }
    assert_eq!(
        fail(
            &[],
            "district_pool = [\"Armory\", \"Graveyard\"]\npool_draw = 1\n"
        ),
        format!(
            "{FILE}: district_pool[1]: \"Graveyard\" belongs to the 2021 edition, not the 2016 \
             edition; allowed with edition = \"2021\" (or --edition 2021)"
        )
    );
    assert_eq!(
        fail(&[], "[districts.Hospital]\ncost = 4\n"),
        format!(
            "{FILE}: districts.\"Hospital\": \"Hospital\" belongs to the 2021 edition, not the \
             2016 edition; allowed with edition = \"2021\" (or --edition 2021)"
        )
    );
    // In 2021 both are allowed with the character they need.
    let v2021 = ("name", "edition = \"2021\"\nname");
    let config = load(
        &[v2021],
        "district_pool = [\"Hospital\", \"Graveyard\"]\npool_draw = 1\n",
    );
    assert_eq!(
        config.district_pool,
        [District::Hospital, District::Graveyard]
    );
    assert_eq!(config.rules(5).unwrap().pool.len(), 2);
    let text = text(&add, "");
    let config = load_str_as(FILE, &text, Some(Edition::V2021)).unwrap();
    assert_eq!(config.unique_districts[1], District::Hospital);
    // Without it, refused naming the district and the character.
    assert_eq!(
        fail(&[v2021, add[0], ("\"Assassin\"", "\"Witch\"")], ""),
        format!(
            "{FILE}: unique_districts[1]: \"Hospital\" needs the Assassin in the cast, but rank \
             1 (characters[0]) is Witch; allowed: the Hospital only with the Assassin among the \
             rank-1 characters"
        )
    );
    assert_eq!(
        fail(
            &[v2021, ("\"Warlord\"", "[\"Diplomat\", \"Marshal\"]")],
            "district_pool = [\"Graveyard\"]\npool_draw = 1\n"
        ),
        format!(
            "{FILE}: district_pool[0]: \"Graveyard\" needs the Warlord in the cast, but rank 8 \
             (characters[7]) is Diplomat, Marshal; allowed: the Graveyard only with the Warlord \
             among the rank-8 characters"
        )
    );
    // The Assassin in the rank-1 pool is enough; replacing him away is refused.
    let mut config = load(
        &[v2021, add[0], ("\"Assassin\"", "[\"Assassin\", \"Witch\"]")],
        "",
    );
    let err = config
        .replace(Character::Assassin, Character::Magistrate)
        .unwrap_err();
    assert!(err.contains("\"Hospital\" needs the Assassin"), "{err}");
    assert_eq!(config.cast[0], [Character::Assassin, Character::Witch]);
    config
        .replace(Character::Witch, Character::Magistrate)
        .unwrap();
}

#[test]
fn editions_and_pools_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let configs = [
        load_preset("all-districts").unwrap(),
        load(
            &[("name", "edition = \"classic\"\nname")],
            &format!("{POOL}[districts.Park]\ncost = 5\n"),
        ),
        load(
            &[
                ("name", "edition = \"2021\"\nname"),
                ("\"Keep\"", "\"Keep\", \"Hospital\""),
            ],
            "district_pool = [\"Graveyard\", \"Park\"]\npool_draw = 1\n\
             [districts.Graveyard]\ncost = 4\n",
        ),
    ];
    for (i, config) in configs.into_iter().enumerate() {
        let written = config.to_toml();
        assert!(
            written.contains(&format!("\nedition = \"{}\"\n", config.edition)),
            "{written}"
        );
        if !config.district_pool.is_empty() {
            assert!(written.contains("\ndistrict_pool = ["), "{written}");
            assert!(
                written.contains(&format!("\npool_draw = {}\n", config.pool_draw)),
                "{written}"
            );
        }
        let path = dir.path().join(format!("{i}.toml"));
        std::fs::write(&path, &written).unwrap();
        let back = load_file(&path).unwrap();
        assert_eq!(
            RunConfig {
                source: config.source.clone(),
                ..back.clone()
            },
            config
        );
    }
}

fn load_preset_ok(name: &str) -> RunConfig {
    load_preset(name).unwrap()
}
