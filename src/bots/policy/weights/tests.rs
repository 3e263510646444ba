//! Tests of the weights: the built-in files parse and play their fits, files read back as
//! written, and bad files are refused with the file and the key.

use super::*;
use crate::bots::policy::features::{FEATURES, kind_of};
use crate::engine::action::Action;
use crate::engine::ids::{CardId, Rank};

#[test]
fn the_built_in_weights_parse() {
    let w = PolicyWeights::built_in();
    assert_eq!(w.values.len(), FEATURES);
    assert!(w.values[0] != 0.0, "the heuristic feature carries weight");
    let layer = w.hidden.as_ref().expect("the default has a layer");
    assert!(!layer.kinds.contains(kind_of(Action::Build(CardId(0)))));
    assert!(layer.kinds.contains(kind_of(Action::Pick(Rank(1)))));
    let linear = PolicyWeights::named(LINEAR).expect("built in");
    assert!(linear.hidden.is_none() && linear.values[0] != 0.0);
    assert_eq!(linear.source, LINEAR);
    let net = PolicyWeights::named(NET).expect("built in");
    let hidden = net.hidden.as_ref().expect("a hidden layer");
    assert!(hidden.out.iter().any(|&o| o != 0.0) && net.values[0] != 0.0);
    assert_eq!(net.source, NET);
    for (name, other) in [
        (TWO_PLAYERS, &*w),
        (CASTS_TWO_PLAYERS, &*PolicyWeights::casts()),
        (CASTS_THREE_PLAYERS, &*PolicyWeights::casts()),
        (CASTS_EIGHT_PLAYERS, &*PolicyWeights::casts()),
    ] {
        let fit = PolicyWeights::named(name).expect("built in");
        let layer = fit.hidden.as_ref().expect("a count's fit has a layer");
        assert!(layer.kinds.contains(kind_of(Action::Pick(Rank(1)))));
        assert!(fit.values[0] != 0.0 && *fit != *other, "{name}");
        assert_eq!(fit.source, name);
    }
}

/// `at_players`: the default's weights play their 2-player fits at 2 players (the
/// built-in weights `two-players`, `casts` `casts-two-players`), `casts` its 3-player fit
/// at 3 and its 8-player fit at 8, and each plays itself at every other count; every
/// other weights, a file with the built-in text among them, play as named at every count.
#[test]
fn the_defaults_weights_play_their_count_fits() {
    let (two, casts_two, casts_three, casts_eight) = (
        PolicyWeights::two_players(),
        PolicyWeights::casts_two_players(),
        PolicyWeights::casts_three_players(),
        PolicyWeights::casts_eight_players(),
    );
    let casts = PolicyWeights::casts();
    for (default, at_two, at_three, at_eight) in [
        (PolicyWeights::built_in(), &two, None, None),
        (
            PolicyWeights::named(BUILT_IN).expect("built in"),
            &two,
            None,
            None,
        ),
        (
            casts.clone(),
            &casts_two,
            Some(&casts_three),
            Some(&casts_eight),
        ),
    ] {
        assert!(std::ptr::eq(default.at_players(2), &**at_two));
        let three = at_three.map_or(&*default, |fit| &**fit);
        assert!(std::ptr::eq(default.at_players(3), three));
        let eight = at_eight.map_or(&*default, |fit| &**fit);
        assert!(std::ptr::eq(default.at_players(8), eight));
        for players in 4..=7 {
            assert!(std::ptr::eq(default.at_players(players), &*default));
        }
    }
    let file = Arc::new(PolicyWeights::parse(BUILT_IN_TEXT, "policy-aims-net.toml").unwrap());
    for weights in [
        two.clone(),
        casts_two.clone(),
        casts_three.clone(),
        casts_eight.clone(),
        PolicyWeights::linear(),
        PolicyWeights::named(NET).expect("built in"),
        file,
    ] {
        for players in 2..=8 {
            assert!(std::ptr::eq(weights.at_players(players), &*weights));
        }
    }
}

/// The built-in weights and `net` were fitted to `first-game`: they know its eight
/// characters and no other; `casts` was fitted with every character, and each count's
/// fit with every character its count may deal (the 8-player one, fine-tuned from
/// `casts`, knows them all).
#[test]
fn weights_know_the_characters_they_were_fitted_with() {
    let rules = crate::config::load_preset("first-game")
        .unwrap()
        .rules(5)
        .unwrap();
    let first_game = crate::report::cast_characters(&rules);
    assert_eq!(first_game.len(), 8);
    let (built_in, casts) = (PolicyWeights::built_in(), PolicyWeights::casts());
    let net = PolicyWeights::named(NET).expect("built in");
    let (two, casts_two, casts_three, casts_eight) = (
        PolicyWeights::two_players(),
        PolicyWeights::casts_two_players(),
        PolicyWeights::casts_three_players(),
        PolicyWeights::casts_eight_players(),
    );
    for &character in Character::ALL {
        let fitted = first_game.contains(&character);
        assert_eq!(built_in.knows(character), fitted, "{}", character.name());
        // Its units' rows of the other characters are small, not 0.
        assert_eq!(net.knows(character), fitted, "net: {}", character.name());
        assert!(casts.knows(character), "{}", character.name());
        // The 2-player fits: `first-game`'s characters, and for `casts` every character
        // a 2-player game may deal: not the Emperor (rulebook 2016: not in 2-player
        // games) nor rank 9 (unused at 2).
        assert_eq!(two.knows(character), fitted, "two: {}", character.name());
        let at_two = character != Character::Emperor && character.rank().0 != 9;
        assert_eq!(
            casts_two.knows(character),
            at_two,
            "casts two: {}",
            character.name()
        );
        // The 3-player fit: every character but the Queen (rulebook 2016: not in games
        // of fewer than 5 players).
        assert_eq!(
            casts_three.knows(character),
            character != Character::Queen,
            "casts three: {}",
            character.name()
        );
        // The 8-player fit starts from `casts` and keeps what it knows.
        assert!(casts_eight.knows(character), "{}", character.name());
    }
}

/// Weights of 0 but three: the first and last features' and one between.
fn three_weights() -> Vec<f32> {
    let mut values = vec![0.0f32; FEATURES];
    values[0] = 1.25;
    values[7] = -0.1;
    values[FEATURES - 1] = 3.0e-5;
    values
}

#[test]
fn written_weights_read_back_the_same() {
    let values = three_weights();
    let mut w = PolicyWeights::new(values, None, "x".into());
    let text = w.to_text("seed = 3\n");
    let back = PolicyWeights::parse(&text, "y").expect("parses");
    assert_eq!(back, w);
    assert!(text.contains("seed = 3") && text.contains("format = 1"));
    // With a hidden layer: format 2, every unit's numbers, rows of zeros left out.
    let mut input = vec![0.0f32; FEATURES * 3];
    input[0..3].copy_from_slice(&[0.5, -0.25, 1.0e-7]);
    input[(FEATURES - 1) * 3 + 2] = -2.0;
    w.hidden = Some(Hidden {
        input: input.into(),
        bias: vec![0.1, 0.0, -0.3],
        out: vec![1.5, -1.0, 0.0],
        kinds: KindSet::ALL,
    });
    let text = w.to_text("");
    let back = PolicyWeights::parse(&text, "y").expect("parses");
    assert_eq!(back, w);
    assert!(text.contains("format = 2") && text.contains("units = 3"));
    assert_eq!(
        text.matches(" = [").count(),
        2 + 2,
        "bias, out and two rows"
    );
    assert!(
        !text.contains("kinds"),
        "every kind is the default, not written"
    );
    // A layer for the draft alone writes its kinds and reads them back.
    w.hidden.as_mut().expect("a layer").kinds = KindSet::parse("Pick+Discard").expect("kinds");
    let text = w.to_text("");
    assert!(
        text.contains("kinds = \"Pick+Discard\"") && text.contains("format = 3"),
        "{text}"
    );
    let back = PolicyWeights::parse(&text, "y").expect("parses");
    assert_eq!(back, w);
    // The decisions it is drawn on (`train --drawn`) too, in `[policy]`.
    w.drawn = KindSet::parse("TakeGold+Build+Destroy").ok();
    let text = w.to_text("");
    assert!(
        text.starts_with("# citadels-sim")
            && text.contains("[policy]\nformat = 3\ndrawn = \"TakeGold+Build+Destroy\"\n"),
        "{text}"
    );
    let back = PolicyWeights::parse(&text, "y").expect("parses");
    assert_eq!(back, w);
    // And the cuts of unlikely moves, each only when set.
    w.min_p = Share::new(0.15);
    let text = w.to_text("");
    assert!(
        text.contains("\nmin_p = 0.15\n") && !text.contains("pick_min_p"),
        "{text}"
    );
    assert_eq!(PolicyWeights::parse(&text, "y").expect("parses"), w);
    w.pick_min_p = Share::new(0.0);
    let text = w.to_text("");
    assert!(
        text.contains("\nmin_p = 0.15\npick_min_p = 0.0\n"),
        "{text}"
    );
    assert_eq!(PolicyWeights::parse(&text, "y").expect("parses"), w);
}

/// A hidden layer's table is checked: its format, its size, its numbers, its names.
#[test]
fn bad_hidden_layers_are_refused_with_the_key() {
    let parse = |format: u8, hidden: &str| {
        PolicyWeights::parse(
            &format!("[policy]\nformat = {format}\n[weights]\nheuristic = 1.0\n{hidden}"),
            "h.toml",
        )
    };
    let good = "[hidden]\nunits = 2\nbias = [0.0, 1]\nout = [1.0, -1.0]\n\
                [hidden.input]\nheuristic = [0.5, 0.25]\n";
    let ok = parse(2, good).expect("parses");
    let hidden = ok.hidden.expect("a hidden layer");
    assert_eq!((hidden.row(0), hidden.bias[1]), (&[0.5f32, 0.25][..], 1.0));
    let e = parse(1, good).unwrap_err();
    assert!(e.contains("h.toml") && e.contains("format = 2"), "{e}");
    let e = parse(2, "").unwrap_err();
    assert!(e.contains("no [hidden]"), "{e}");
    let e = parse(2, &good.replace("units = 2", "units = 0")).unwrap_err();
    assert!(e.contains("[hidden] units") && e.contains("128"), "{e}");
    let e = parse(2, &good.replace("bias = [0.0, 1]", "bias = [0.0]")).unwrap_err();
    assert!(
        e.contains("[hidden] bias") && e.contains("2 finite numbers"),
        "{e}"
    );
    let e = parse(
        2,
        &good.replace("heuristic = [0.5, 0.25]", "heuristic = [0.5, nan]"),
    )
    .unwrap_err();
    assert!(e.contains("input.heuristic"), "{e}");
    let kinds = |k: &str| good.replace("units = 2", &format!("units = 2\nkinds = {k}"));
    let draft = parse(3, &kinds("\"Pick+Discard\"")).expect("format 3 with kinds");
    let pick_discard = KindSet::parse("Pick+Discard").expect("kinds");
    assert_eq!(draft.hidden.expect("a layer").kinds, pick_discard);
    let e = parse(2, &kinds("\"Pick\"")).unwrap_err();
    assert!(
        e.contains("[hidden] kinds") && e.contains("format = 3"),
        "{e}"
    );
    let e = parse(3, good).unwrap_err();
    assert!(
        e.contains("[hidden] kinds") && e.contains("format = 2"),
        "{e}"
    );
    let e = parse(2, &good.replace("units = 2", "units = 2\nkind = \"Pick\"")).unwrap_err();
    assert!(e.contains("[hidden] kind:") && e.contains("kinds"), "{e}");
    let e = parse(3, &kinds("\"Pick+Bild\"")).unwrap_err();
    assert!(
        e.contains("h.toml") && e.contains("[hidden] kinds") && e.contains("`Bild`"),
        "{e}"
    );
    let e = parse(3, &kinds("3")).unwrap_err();
    assert!(e.contains("[hidden] kinds = 3"), "{e}");
    let e = parse(2, &good.replace("heuristic = [", "heuristik = [")).unwrap_err();
    assert!(
        e.contains("[hidden.input] heuristik") && e.contains("heuristic"),
        "{e}"
    );
}

#[test]
fn unknown_features_bad_values_and_formats_are_refused_with_the_key() {
    let bad = |body: &str| {
        PolicyWeights::parse(
            &format!("[policy]\nformat = 1\n[weights]\n{body}"),
            "w.toml",
        )
        .unwrap_err()
    };
    let e = bad("\"kind.EndTrun\" = 1.0");
    assert!(e.contains("w.toml") && e.contains("kind.EndTrun") && e.contains("EndTurn"));
    let e = bad("heuristic = \"high\"");
    assert!(e.contains("heuristic") && e.contains("not a finite number"));
    let e = bad("heuristic = nan");
    assert!(e.contains("not a finite number"));
    let e = PolicyWeights::parse("[policy]\nformat = 3\n[weights]\n", "w.toml").unwrap_err();
    assert!(e.contains("format") && e.contains('3'));
    // `[policy]`: `drawn` must be kinds of action, and no other key is read.
    let policy = |line: &str| {
        PolicyWeights::parse(
            &format!("[policy]\nformat = 1\n{line}\n[weights]\nheuristic = 1.0\n"),
            "w.toml",
        )
    };
    let drawn = policy("drawn = \"Destroy+TakeGold\"").expect("kinds drawn");
    assert_eq!(drawn.drawn, KindSet::parse("TakeGold+Destroy").ok());
    let e = policy("drawn = 3").unwrap_err();
    assert!(
        e.contains("w.toml: [policy] drawn = 3: expected a string"),
        "{e}"
    );
    let e = policy("drawn = \"Gold\"").unwrap_err();
    assert!(e.contains("w.toml: [policy] drawn = Gold: `Gold`"), "{e}");
    let e = policy("drawm = \"TakeGold\"").unwrap_err();
    assert!(
        e.contains("w.toml: [policy] drawm: not a key") && e.contains("format, drawn"),
        "{e}"
    );
    // `min_p` and `pick_min_p`: shares from 0 to 1, a whole number too.
    let cut = policy("min_p = 0.25\npick_min_p = 0").expect("cuts");
    assert_eq!(
        (cut.min_p, cut.pick_min_p),
        (Share::new(0.25), Share::new(0.0))
    );
    let e = policy("min_p = 1.5").unwrap_err();
    assert!(
        e.contains("w.toml: [policy] min_p = 1.5: must be a number from 0 to 1"),
        "{e}"
    );
    let e = policy("pick_min_p = \"low\"").unwrap_err();
    assert!(
        e.contains("w.toml: [policy] pick_min_p = \"low\": must be a number"),
        "{e}"
    );
}

/// A written file says how many weights and layer rows it lists, so a file cut short at a
/// line boundary (still valid TOML, its missing weights would weigh 0) is refused, naming
/// the count; a file without the counts (every built-in one) is read with the weights it
/// lists.
#[test]
fn a_file_cut_short_is_refused_by_its_counts() {
    let values = three_weights();
    let mut input = vec![0.0f32; FEATURES * 2];
    input[0..2].copy_from_slice(&[0.5, -0.25]);
    input[(FEATURES - 1) * 2 + 1] = -2.0;
    let hidden = Hidden {
        input: input.into(),
        bias: vec![0.1, -0.3],
        out: vec![1.5, -1.0],
        kinds: KindSet::ALL,
    };
    let linear = PolicyWeights::new(values.clone(), None, "x".into());
    let text = linear.to_text("seed = 3\n");
    assert!(
        text.contains("[manifest]\nweights_listed = 3\nseed = 3\n"),
        "{text}"
    );
    // The last weight's line lost: [weights] lists 2.
    let cut = text.trim_end().rsplit_once('\n').unwrap().0;
    let refused = PolicyWeights::parse(cut, "w.toml").unwrap_err();
    assert!(
        refused.starts_with("w.toml: [manifest] weights_listed = 3 but [weights] lists 2:"),
        "{refused}"
    );
    // With a layer, its last row lost.
    let net = PolicyWeights::new(values, Some(hidden), "x".into());
    let text = net.to_text("");
    assert!(text.contains("input_rows_listed = 2\n"), "{text}");
    assert_eq!(PolicyWeights::parse(&text, "n").expect("parses"), net);
    let cut = text.trim_end().rsplit_once('\n').unwrap().0;
    let refused = PolicyWeights::parse(cut, "n.toml").unwrap_err();
    assert!(
        refused.contains("input_rows_listed = 2 but [hidden.input] lists 1"),
        "{refused}"
    );
    // Without the counts, the same cut file loads (its missing weight is 0).
    let uncounted = text.replace("weights_listed = 3\ninput_rows_listed = 2\n", "");
    let cut = uncounted.trim_end().rsplit_once('\n').unwrap().0;
    assert!(PolicyWeights::parse(cut, "u").is_ok());
    assert!(
        PolicyWeights::parse(&text.replace("= 3\ninput", "= \"3\"\ninput"), "q")
            .unwrap_err()
            .contains("weights_listed = \"3\": expected a whole number")
    );
}
