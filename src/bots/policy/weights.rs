//! The policy bot's weights: the built-in sets (the default's
//! `configs/bots/policy-aims-net.toml`, `configs/bots/policy-casts-net.toml` for casts
//! beyond `first-game`, the linear `configs/bots/policy.toml` and
//! `configs/bots/policy-net.toml`, compiled in), and weights files as `train` writes them and
//! `policy:weights=FILE` reads them.
//!
//! A weights file is TOML: `[policy] format = 1` (or 2, below), a `[manifest]` table saying
//! how the weights were made (command, seed, data, fit; kept as written, for people), and a
//! `[weights]` table of feature name = weight. Features not listed weigh 0, so a file stays
//! readable when later versions add features; a name this version does not know is refused.
//!
//! Format 2 adds a hidden layer (`train --hidden N`): `[hidden]` with `units`, `bias` and
//! `out` (one number per unit), and `[hidden.input]`, feature name = its row of one weight
//! per unit (rows of zeros left out). An action's score is then the linear score plus
//! `out · max(0, bias + the features' rows weighted by their values)`. A file without a
//! hidden layer is written as format 1, which earlier versions read too.
//!
//! Format 3 is a layer that scores only some kinds of action (`train --hidden-kinds`):
//! format 2 plus `[hidden] kinds = "Pick+Discard"`; the other kinds have the linear score
//! alone. Its own number makes a version before it refuse the file rather than play the
//! layer on every kind.
//!
//! Any format may say how its weights are meant to be played: `[policy] drawn =
//! "TakeGold+Build+Destroy"` (`train --drawn`) names the decisions the bot draws at `temp`
//! when its spec does not name `drawn` (`PolicyParams::drawn`; the 3-player fit draws the
//! choice between gold and cards, as the search mixes it there: docs/agreement.md, "At 3
//! players"), and `min_p = 0.15` and `pick_min_p = 0` the cuts of unlikely moves a bot
//! playing them makes, each unless its spec names it (key by key: `PolicyParams::cuts`; the
//! default's file since version 0.14.0: docs/agreement.md, "Which decisions are drawn").
//! `[policy]` has no other key; a misspelt one is refused.

use super::features::{
    DraftFacts, FEATURES, aim_indices, feature_name, keeping_indices, pick_indices,
};
use super::{KindSet, Share};
use crate::engine::ids::Character;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, LazyLock, OnceLock};

/// The weights file format of a linear policy, and of one with a hidden layer; this version
/// reads and writes both.
pub const FORMAT: i64 = 1;
pub const FORMAT_HIDDEN: i64 = 2;
/// A hidden layer for some kinds of action only (`Hidden::kinds`).
pub const FORMAT_HIDDEN_KINDS: i64 = 3;

/// The most hidden units a policy may have: an action's hidden values live on the stack.
pub const MAX_UNITS: usize = 128;

/// The built-in weights file, as checked in: the default bot's, linear weights with a
/// hidden layer for the draft and the targets (docs/training.md, "A layer for the draft and the
/// targets"), fitted to `first-game`, whose picks read what heuristic opponents would name
/// (the aim facts; since version 0.4.0, docs/agreement.md, "Where the strength is"). The
/// default of versions 0.3.x is `configs/bots/policy-draft-net.toml`, the same shape
/// without the aim facts.
pub const BUILT_IN_TEXT: &str = include_str!("../../../configs/bots/policy-aims-net.toml");

/// Where the built-in weights come from, as a spec and reports name them.
pub const BUILT_IN: &str = "built-in";

/// The weights for casts beyond `first-game` (since version 0.3.1;
/// `configs/bots/policy-casts-net.toml`, compiled in: `weights=casts`): the default's shape,
/// with its layer also for the Witch's, Magistrate's and Blackmailer's namings, fitted to
/// the search's decisions on `first-game` and `all-characters` together, with the features
/// of the characters outside `first-game` (docs/agreement.md, "Other casts"; refitted in 0.7.0
/// and 0.8.0). Since 0.5.0 the default plays them on a cast with a character the built-in
/// weights do not know (`PolicyParams::for_cast`), chosen per config.
pub const CASTS_TEXT: &str = include_str!("../../../configs/bots/policy-casts-net.toml");
pub const CASTS: &str = "casts";

/// The built-in weights' 2-player fit (since version 0.9.0; `configs/bots/policy-2p-net.toml`,
/// compiled in: `weights=two-players`): the default's shape fitted to the search's decisions
/// in 2-player `first-game` games, whose draft the 4-and-5-player fit never saw (each
/// player keeps two characters and discards one at each choice after the first: rulebook
/// 2016, "2-Player Rule Changes"). The built-in weights play it at 2 players
/// (`PolicyWeights::at_players`; docs/agreement.md, "At 2 players").
pub const TWO_PLAYERS_TEXT: &str = include_str!("../../../configs/bots/policy-2p-net.toml");
pub const TWO_PLAYERS: &str = "two-players";

/// The `casts` weights' 2-player fit (since version 0.9.0;
/// `configs/bots/policy-casts-2p-net.toml`, compiled in: `weights=casts-two-players`): the
/// `casts` shape fitted to the search's decisions in 2-player games of `first-game` and
/// `all-characters`; the `casts` weights play it at 2 players.
pub const CASTS_TWO_PLAYERS_TEXT: &str =
    include_str!("../../../configs/bots/policy-casts-2p-net.toml");
pub const CASTS_TWO_PLAYERS: &str = "casts-two-players";

/// The `casts` weights' 3-player fit (since version 0.10.0;
/// `configs/bots/policy-casts-3p-net.toml`, compiled in: `weights=casts-three-players`): the
/// `casts` shape fitted to the search's decisions in 3-player `all-characters` games, where
/// each player keeps two characters and, after the first pass, the third player discards
/// one of the five cards left at random (rulebook 2016, "3-Player Rule Changes"); the
/// `casts` weights, which the default plays on every 3-player cast of the 2016 edition (3
/// players need rank 9), play it at 3 players.
pub const CASTS_THREE_PLAYERS_TEXT: &str =
    include_str!("../../../configs/bots/policy-casts-3p-net.toml");
pub const CASTS_THREE_PLAYERS: &str = "casts-three-players";

/// The `casts` weights' 8-player fit (since version 0.12.0;
/// `configs/bots/policy-casts-8p-net.toml`, compiled in: `weights=casts-eight-players`): the
/// `casts` weights fine-tuned (`train --start casts`) to the search's decisions in 8-player
/// `all-characters` games, where nine characters are dealt, one face down, and the eighth
/// player chooses between the last card and that one (rulebook 2016, the special rule with
/// 7 players, which "applies to the eighth player"), and drawing the choice between gold
/// and cards too; the `casts` weights, which the default plays on every 8-player cast (8
/// players need rank 9), play it at 8 players.
pub const CASTS_EIGHT_PLAYERS_TEXT: &str =
    include_str!("../../../configs/bots/policy-casts-8p-net.toml");
pub const CASTS_EIGHT_PLAYERS: &str = "casts-eight-players";

/// The linear weights (`configs/bots/policy.toml`, compiled in): `policy:weights=linear`,
/// the default's weights until version 0.3.0 (which drew only the destructions:
/// `policy:weights=linear:drawn=Destroy` plays as the default did). About 1.7 times as fast
/// as the default, and the model of the other players in the search's `rollout=policy`.
pub const LINEAR_TEXT: &str = include_str!("../../../configs/bots/policy.toml");
pub const LINEAR: &str = "linear";

/// The built-in weights with a hidden layer (`configs/bots/policy-net.toml`, compiled in):
/// `policy:weights=net`. Stronger than the linear weights; as a population (measured with
/// the destructions alone drawn: add `drawn=Destroy`) as close to the search's verdicts at
/// 4 players and further at 5 (docs/training.md, "A hidden layer").
pub const NET_TEXT: &str = include_str!("../../../configs/bots/policy-net.toml");
pub const NET: &str = "net";

/// One weight per feature, the hidden layer if there is one, and where they were read from.
#[derive(Debug)]
pub struct PolicyWeights {
    pub values: Vec<f32>,
    pub hidden: Option<Hidden>,
    /// `built-in` or the file's path as given.
    pub source: String,
    /// The decisions a bot playing these weights draws when its spec does not name `drawn`
    /// (`[policy] drawn`); `None`: the default's, `KindSet::DESTROY_AND_BUILD`.
    pub drawn: Option<KindSet>,
    /// The cut of unlikely moves in the drawn decisions but the draft that a bot playing
    /// these weights makes unless its spec names one (`[policy] min_p`; key by key,
    /// `PolicyParams::cuts`). `None`: no cut.
    pub min_p: Option<Share>,
    /// The same in the draft (`[policy] pick_min_p`). `None`: the file's `min_p`.
    pub pick_min_p: Option<Share>,
    /// Which parts of the draft facts the weights read, and which of those the hidden
    /// units read (`reads_draft_facts`, `units_read_draft_facts`), worked out on first use:
    /// weights are not changed once a bot plays them.
    draft_facts: OnceLock<DraftFactsRead>,
}

/// Which parts of a pick's draft facts weights read (`PolicyWeights::reads_draft_facts`),
/// which of those their hidden units read (`units_read_draft_facts`), and whether they read
/// the pick's aim facts (`reads_aims`).
#[derive(Clone, Copy, Debug)]
struct DraftFactsRead {
    anywhere: DraftFacts,
    by_units: DraftFacts,
    /// The aim facts (`features::aim_indices`).
    aims: bool,
    /// The keeping facts (`features::keeping_indices`).
    keeping: bool,
}

/// A hidden layer of rectified linear units over the same features as the linear part.
#[derive(Clone, Debug, PartialEq)]
pub struct Hidden {
    /// Feature `j`'s weight into unit `u` at `j * units + u`.
    pub input: InputRows,
    /// One per unit: 1 to `MAX_UNITS` of them.
    pub bias: Vec<f32>,
    /// Each unit's weight in the action's score.
    pub out: Vec<f32>,
    /// The kinds of action the units score (`[hidden] kinds`, all by default); the others
    /// have the linear score alone and do not pay for the units (`train --hidden-kinds
    /// Pick+Discard`: a layer for the draft only).
    pub kinds: KindSet,
}

/// Eight weights, on a 32-byte boundary: the unit of `InputRows`' storage.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C, align(32))]
pub struct Octet(pub [f32; 8]);

/// The hidden layer's input weights, one float after another (`Hidden::input`), stored in
/// `Octet`s so that they start on a 32-byte boundary. With a multiple of 8 units every row,
/// and every eight units of it, is then an `Octet`, and the scoring reads them as such
/// (`features::Net`): its loads of eight units are known to be aligned, one instruction
/// each. (The build's tuning, `x86-64-v2`, splits a load of 32 bytes it cannot prove
/// aligned into two halves: two instructions more per eight units and value.)
#[derive(Clone, Debug, PartialEq)]
pub struct InputRows {
    octets: Vec<Octet>,
    /// How many floats: the storage's last octet may have unused places, always 0.
    len: usize,
}

impl InputRows {
    /// The floats, as octets (the last padded with 0).
    #[inline]
    pub fn octets(&self) -> &[Octet] {
        &self.octets
    }
}

impl From<Vec<f32>> for InputRows {
    fn from(values: Vec<f32>) -> InputRows {
        let octets = values
            .chunks(8)
            .map(|chunk| {
                let mut octet = Octet::default();
                octet.0[..chunk.len()].copy_from_slice(chunk);
                octet
            })
            .collect();
        InputRows {
            octets,
            len: values.len(),
        }
    }
}

impl std::ops::Deref for InputRows {
    type Target = [f32];

    #[inline]
    fn deref(&self) -> &[f32] {
        // SAFETY: an `Octet` is eight `f32`s with no padding (`repr(C)`, size 32), so the
        // octets are `8 * octets.len()` floats one after another, of which `len` are used.
        unsafe { std::slice::from_raw_parts(self.octets.as_ptr().cast::<f32>(), self.len) }
    }
}

impl std::ops::DerefMut for InputRows {
    #[inline]
    fn deref_mut(&mut self) -> &mut [f32] {
        // SAFETY: as in `deref`, through the unique borrow of the octets.
        unsafe { std::slice::from_raw_parts_mut(self.octets.as_mut_ptr().cast::<f32>(), self.len) }
    }
}

impl PartialEq for PolicyWeights {
    fn eq(&self, other: &PolicyWeights) -> bool {
        self.values == other.values
            && self.hidden == other.hidden
            && self.drawn == other.drawn
            && self.min_p == other.min_p
            && self.pick_min_p == other.pick_min_p
    }
}

/// Weights are finite (`parse` refuses others), so equality is an equivalence.
impl Eq for PolicyWeights {}

/// A compiled-in weights file, parsed (each is read once, by the `LazyLock`s below).
fn compiled_in(text: &str, name: &str) -> Arc<PolicyWeights> {
    let weights = PolicyWeights::parse(text, name);
    Arc::new(
        weights.unwrap_or_else(|e| panic!("built-in weights `{name}` (checked by a test): {e}")),
    )
}

static DEFAULT: LazyLock<Arc<PolicyWeights>> =
    LazyLock::new(|| compiled_in(BUILT_IN_TEXT, BUILT_IN));
static DEFAULT_LINEAR: LazyLock<Arc<PolicyWeights>> =
    LazyLock::new(|| compiled_in(LINEAR_TEXT, LINEAR));
static DEFAULT_NET: LazyLock<Arc<PolicyWeights>> = LazyLock::new(|| compiled_in(NET_TEXT, NET));
static DEFAULT_CASTS: LazyLock<Arc<PolicyWeights>> =
    LazyLock::new(|| compiled_in(CASTS_TEXT, CASTS));
static DEFAULT_TWO_PLAYERS: LazyLock<Arc<PolicyWeights>> =
    LazyLock::new(|| compiled_in(TWO_PLAYERS_TEXT, TWO_PLAYERS));
static DEFAULT_CASTS_TWO_PLAYERS: LazyLock<Arc<PolicyWeights>> =
    LazyLock::new(|| compiled_in(CASTS_TWO_PLAYERS_TEXT, CASTS_TWO_PLAYERS));
static DEFAULT_CASTS_THREE_PLAYERS: LazyLock<Arc<PolicyWeights>> =
    LazyLock::new(|| compiled_in(CASTS_THREE_PLAYERS_TEXT, CASTS_THREE_PLAYERS));
static DEFAULT_CASTS_EIGHT_PLAYERS: LazyLock<Arc<PolicyWeights>> =
    LazyLock::new(|| compiled_in(CASTS_EIGHT_PLAYERS_TEXT, CASTS_EIGHT_PLAYERS));

impl PolicyWeights {
    /// Weights with these values and layer, read from `source`.
    pub fn new(values: Vec<f32>, hidden: Option<Hidden>, source: String) -> PolicyWeights {
        PolicyWeights {
            values,
            hidden,
            source,
            drawn: None,
            min_p: None,
            pick_min_p: None,
            draft_facts: OnceLock::new(),
        }
    }

    /// The decisions drawn when a spec does not name them: the file's `[policy] drawn`, or
    /// the default's.
    pub fn drawn(&self) -> KindSet {
        self.drawn.unwrap_or(KindSet::DESTROY_AND_BUILD)
    }

    /// Which parts of a pick's draft facts (`features::DraftFacts`) the weights read: those
    /// with a fact whose weight or a unit's input weight is not 0. The weights score every
    /// action the same without the other parts, so a pick skips them.
    pub fn reads_draft_facts(&self) -> DraftFacts {
        self.draft_facts_read().anywhere
    }

    /// Which parts of a pick's draft facts the hidden units read: those with a fact whose
    /// input weight into some unit is not 0 (none without a layer). The other parts enter
    /// the linear score only, and a pick does not pass them through the units
    /// (`train --hidden-draft-facts`: a layer the draft pays less for).
    pub fn units_read_draft_facts(&self) -> DraftFacts {
        self.draft_facts_read().by_units
    }

    /// Whether the weights read a pick's aim facts (`kill_aim`, `rob_aim`): a weight or a
    /// unit's input weight of one is not 0. Weights that do not (every built-in file) score
    /// every pick the same without them, so a pick skips working them out.
    pub fn reads_aims(&self) -> bool {
        self.draft_facts_read().aims
    }

    /// Whether the weights read the keeping facts (the Imperial Treasury's and the Map
    /// Room's, a build's tax, refund and gold left, a destruction's forgone build:
    /// `features::keeping_indices`). Weights that do not (every
    /// built-in file but `casts`) score every action the same without them, so a decision
    /// skips working them out.
    pub fn reads_keeping(&self) -> bool {
        self.draft_facts_read().keeping
    }

    /// Whether the weights were fitted with `character` in the cast: one of its pick
    /// features has a linear weight that is not 0. Weights fitted to casts without it have
    /// none, and score its picks by the small weight of the heuristic's score alone, nearly
    /// at random (docs/agreement.md, "Other casts"). The linear weights tell, the units' input
    /// rows do not: a fit starts the linear weights at 0 and moves only those of features it
    /// sees, but starts the rows at random, and the L2 penalty leaves what it never sees
    /// small, not 0 (about 1e-15 in `net`, whose fit saw `first-game` alone).
    pub fn knows(&self, character: Character) -> bool {
        pick_indices(character).any(|i| self.values[i] != 0.0)
    }

    /// Whether feature `i` changes a score: its weight or a unit's input weight of it is
    /// not 0.
    fn reads(&self, i: usize) -> bool {
        self.values[i] != 0.0 || self.units_read(i)
    }

    /// Whether a unit's input weight of feature `i` is not 0.
    fn units_read(&self, i: usize) -> bool {
        self.hidden
            .as_ref()
            .is_some_and(|h| h.row(i).iter().any(|&w| w != 0.0))
    }

    fn draft_facts_read(&self) -> DraftFactsRead {
        *self.draft_facts.get_or_init(|| {
            let reads = |part: DraftFacts| part.indices().any(|i| self.reads(i));
            let units_read = |part: DraftFacts| part.indices().any(|i| self.units_read(i));
            DraftFactsRead {
                anywhere: DraftFacts::new(reads(DraftFacts::SHARED), reads(DraftFacts::LATER)),
                by_units: DraftFacts::new(
                    units_read(DraftFacts::SHARED),
                    units_read(DraftFacts::LATER),
                ),
                aims: aim_indices().any(|i| self.reads(i)),
                keeping: keeping_indices().any(|i| self.reads(i)),
            }
        })
    }

    /// The built-in weights, read once.
    pub fn built_in() -> Arc<PolicyWeights> {
        Arc::clone(&DEFAULT)
    }

    /// The built-in linear weights (`linear`), read once.
    pub fn linear() -> Arc<PolicyWeights> {
        Arc::clone(&DEFAULT_LINEAR)
    }

    /// The weights for casts beyond `first-game` (`casts`), read once.
    pub fn casts() -> Arc<PolicyWeights> {
        Arc::clone(&DEFAULT_CASTS)
    }

    /// The built-in weights' 2-player fit (`two-players`), read once.
    pub fn two_players() -> Arc<PolicyWeights> {
        Arc::clone(&DEFAULT_TWO_PLAYERS)
    }

    /// The 2-player fit of the `casts` weights (`casts-two-players`), read once.
    pub fn casts_two_players() -> Arc<PolicyWeights> {
        Arc::clone(&DEFAULT_CASTS_TWO_PLAYERS)
    }

    /// The 3-player fit of the `casts` weights (`casts-three-players`), read once.
    pub fn casts_three_players() -> Arc<PolicyWeights> {
        Arc::clone(&DEFAULT_CASTS_THREE_PLAYERS)
    }

    /// The 8-player fit of the `casts` weights (`casts-eight-players`), read once.
    pub fn casts_eight_players() -> Arc<PolicyWeights> {
        Arc::clone(&DEFAULT_CASTS_EIGHT_PLAYERS)
    }

    /// The weights these play in a game of `players`: the two the default plays play their
    /// 2-player fits at 2 players (the built-in weights, `weights=built-in`, play
    /// `two-players`; `casts`, which the default plays on other casts, `casts-two-players`),
    /// where the draft is another game (each player keeps two characters and discards one
    /// at each choice after the first); fitted to 4 and 5 players alone, they discard
    /// nearly at random there, and their populations' character win rates hardly
    /// correlated with the search's (docs/agreement.md, "At 2 players"). At 3 players, where
    /// each player keeps two characters too, `casts` plays `casts-three-players` (the
    /// default plays `casts` on every 3-player cast of the 2016 edition, as 3 players need
    /// rank 9; docs/agreement.md, "At 3 players"), and at 8 players `casts-eight-players` (8
    /// players need rank 9 too; "At 8 players"). Every other weights play as named: to play a
    /// 4-and-5-player fit at 2 players, name its file
    /// (`weights=configs/bots/policy-aims-net.toml`). Chosen in the bot, so every command,
    /// and the search's own use of the default (`ismcts:searched=`), play the same.
    #[inline]
    pub fn at_players(self: &Arc<Self>, players: u8) -> &PolicyWeights {
        match players {
            2 if Arc::ptr_eq(self, &DEFAULT) => &DEFAULT_TWO_PLAYERS,
            2 if Arc::ptr_eq(self, &DEFAULT_CASTS) => &DEFAULT_CASTS_TWO_PLAYERS,
            3 if Arc::ptr_eq(self, &DEFAULT_CASTS) => &DEFAULT_CASTS_THREE_PLAYERS,
            8 if Arc::ptr_eq(self, &DEFAULT_CASTS) => &DEFAULT_CASTS_EIGHT_PLAYERS,
            _ => self,
        }
    }

    /// The weights a spec's `weights=NAME` names: `built-in`, `casts`, `two-players`,
    /// `casts-two-players`, `casts-three-players`, `casts-eight-players`, `linear`, `net`
    /// (each read once), or a file.
    pub fn named(name: &str) -> Result<Arc<PolicyWeights>, String> {
        Ok(match name {
            BUILT_IN => PolicyWeights::built_in(),
            LINEAR => PolicyWeights::linear(),
            NET => Arc::clone(&DEFAULT_NET),
            CASTS => PolicyWeights::casts(),
            TWO_PLAYERS => PolicyWeights::two_players(),
            CASTS_TWO_PLAYERS => PolicyWeights::casts_two_players(),
            CASTS_THREE_PLAYERS => PolicyWeights::casts_three_players(),
            CASTS_EIGHT_PLAYERS => PolicyWeights::casts_eight_players(),
            path => Arc::new(PolicyWeights::load(path).map_err(|e| {
                format!(
                    "{e} (the built-in weights are `{BUILT_IN}`, `{CASTS}`, `{TWO_PLAYERS}`, \
                     `{CASTS_TWO_PLAYERS}`, `{CASTS_THREE_PLAYERS}`, `{CASTS_EIGHT_PLAYERS}`, \
                     `{LINEAR}` and `{NET}`)"
                )
            })?),
        })
    }

    /// Reads a weights file; the error names the file, the key and the value.
    pub fn load(path: &str) -> Result<PolicyWeights, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("weights={path}: cannot read: {e}"))?;
        PolicyWeights::parse(&text, path)
    }

    /// Parses the text of a weights file read from `source`.
    pub fn parse(text: &str, source: &str) -> Result<PolicyWeights, String> {
        let table: toml::Table = text
            .parse()
            .map_err(|e| format!("{source}: not a weights file (TOML): {e}"))?;
        let format = table
            .get("policy")
            .and_then(|p| p.get("format"))
            .and_then(|f| f.as_integer());
        if ![FORMAT, FORMAT_HIDDEN, FORMAT_HIDDEN_KINDS].contains(&format.unwrap_or(0)) {
            return Err(format!(
                "{source}: [policy] format: expected {FORMAT}, {FORMAT_HIDDEN} or \
                 {FORMAT_HIDDEN_KINDS} (a file written by `train`), found {}",
                format.map_or("none".to_string(), |f| f.to_string())
            ));
        }
        const POLICY_KEYS: [&str; 4] = ["format", "drawn", "min_p", "pick_min_p"];
        if let Some(key) = table
            .get("policy")
            .and_then(|p| p.as_table())
            .and_then(|t| t.keys().find(|k| !POLICY_KEYS.contains(&k.as_str())))
        {
            return Err(format!(
                "{source}: [policy] {key}: not a key of [policy] (they are {})",
                POLICY_KEYS.join(", ")
            ));
        }
        let Some(weights) = table.get("weights").and_then(|w| w.as_table()) else {
            return Err(format!("{source}: no [weights] table"));
        };
        let index: HashMap<String, usize> = (0..FEATURES).map(|i| (feature_name(i), i)).collect();
        let mut values = vec![0.0f32; FEATURES];
        for (name, value) in weights {
            let i = feature_index(&index, name, "[weights]", source)?;
            values[i] = finite_number(value).ok_or_else(|| {
                format!("{source}: [weights] {name} = {value}: not a finite number")
            })?;
        }
        let hidden = match (format, table.get("hidden")) {
            (Some(FORMAT), Some(_)) => {
                return Err(format!(
                    "{source}: a [hidden] table needs [policy] format = {FORMAT_HIDDEN}"
                ));
            }
            (Some(FORMAT), None) => None,
            (_, None) => {
                return Err(format!(
                    "{source}: format {} but no [hidden] table",
                    format.unwrap_or(0)
                ));
            }
            (_, Some(hidden)) => {
                let hidden = Hidden::parse(hidden, &index, source)?;
                // The kinds are format 3's, and format 3 is a layer with kinds.
                let has_kinds = hidden.kinds != KindSet::ALL;
                if has_kinds != (format == Some(FORMAT_HIDDEN_KINDS)) {
                    return Err(format!(
                        "{source}: [hidden] kinds: a layer for some kinds of action is \
                         [policy] format = {FORMAT_HIDDEN_KINDS}, one for every kind \
                         format = {FORMAT_HIDDEN}"
                    ));
                }
                Some(hidden)
            }
        };
        let policy_value = |key: &str| table.get("policy").and_then(|p| p.get(key));
        let drawn = policy_value("drawn")
            .map(|value| kinds_value(value, "[policy] drawn", source))
            .transpose()?;
        let share = |key: &str| {
            policy_value(key)
                .map(|value| {
                    finite_number(value).and_then(Share::new).ok_or_else(|| {
                        format!("{source}: [policy] {key} = {value}: must be a number from 0 to 1")
                    })
                })
                .transpose()
        };
        Ok(PolicyWeights {
            drawn,
            min_p: share("min_p")?,
            pick_min_p: share("pick_min_p")?,
            ..PolicyWeights::new(values, hidden, source.to_string())
        })
    }

    /// The text of a weights file: the format, `manifest` (already TOML, the lines of the
    /// `[manifest]` table), and every weight that is not 0, in feature order.
    pub fn to_text(&self, manifest: &str) -> String {
        let format = match &self.hidden {
            Some(h) if h.kinds != KindSet::ALL => FORMAT_HIDDEN_KINDS,
            Some(_) => FORMAT_HIDDEN,
            None => FORMAT,
        };
        let mut text = format!(
            "# citadels-sim policy bot weights: see docs/bots.md, \"The policy bot\".\n\
             [policy]\nformat = {format}\n"
        );
        if let Some(drawn) = self.drawn {
            let _ = writeln!(text, "drawn = \"{drawn}\"");
        }
        for (key, cut) in [("min_p", self.min_p), ("pick_min_p", self.pick_min_p)] {
            if let Some(Share(p)) = cut {
                let _ = writeln!(text, "{key} = {p:?}");
            }
        }
        let _ = write!(text, "\n[manifest]\n{manifest}\n[weights]\n");
        for (i, &w) in self.values.iter().enumerate() {
            if w != 0.0 {
                let _ = writeln!(text, "\"{}\" = {w:?}", feature_name(i));
            }
        }
        if let Some(hidden) = &self.hidden {
            hidden.write(&mut text);
        }
        text
    }
}

impl Hidden {
    /// How many units the layer has.
    #[inline]
    pub fn units(&self) -> usize {
        self.bias.len()
    }

    /// Feature `j`'s row: its weight into each unit.
    #[inline]
    pub fn row(&self, j: usize) -> &[f32] {
        let units = self.units();
        &self.input[j * units..(j + 1) * units]
    }

    fn write(&self, text: &mut String) {
        let list = |values: &[f32]| {
            let items: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
            format!("[{}]", items.join(", "))
        };
        let _ = write!(
            text,
            "\n[hidden]\nunits = {}\nbias = {}\nout = {}\n",
            self.units(),
            list(&self.bias),
            list(&self.out)
        );
        if self.kinds != KindSet::ALL {
            let _ = writeln!(text, "kinds = \"{}\"", self.kinds);
        }
        text.push_str("\n[hidden.input]\n");
        for j in 0..FEATURES {
            let row = self.row(j);
            if row.iter().any(|&w| w != 0.0) {
                let _ = writeln!(text, "\"{}\" = {}", feature_name(j), list(row));
            }
        }
    }

    /// Reads the `[hidden]` table; errors name the file and the key.
    fn parse(
        table: &toml::Value,
        index: &HashMap<String, usize>,
        source: &str,
    ) -> Result<Hidden, String> {
        const KEYS: [&str; 5] = ["units", "bias", "out", "kinds", "input"];
        if let Some(key) = table
            .as_table()
            .and_then(|t| t.keys().find(|k| !KEYS.contains(&k.as_str())))
        {
            return Err(format!(
                "{source}: [hidden] {key}: not a key of a hidden layer (they are {})",
                KEYS.join(", ")
            ));
        }
        let units = table
            .get("units")
            .and_then(|u| u.as_integer())
            .filter(|u| (1..=MAX_UNITS as i64).contains(u))
            .ok_or_else(|| {
                format!(
                    "{source}: [hidden] units: expected a whole number from 1 to {MAX_UNITS}, \
                     found {}",
                    table.get("units").map_or("none".into(), |u| u.to_string())
                )
            })? as usize;
        let numbers = |key: &str, value: Option<&toml::Value>| -> Result<Vec<f32>, String> {
            let bad =
                || format!("{source}: [hidden] {key}: expected a list of {units} finite numbers");
            let list = value.and_then(|v| v.as_array()).ok_or_else(bad)?;
            if list.len() != units {
                return Err(bad());
            }
            list.iter()
                .map(|v| finite_number(v).ok_or_else(bad))
                .collect()
        };
        let bias = numbers("bias", table.get("bias"))?;
        let out = numbers("out", table.get("out"))?;
        let mut input = vec![0.0f32; FEATURES * units];
        let rows = table.get("input").and_then(|i| i.as_table());
        for (name, row) in rows.into_iter().flatten() {
            let j = feature_index(index, name, "[hidden.input]", source)?;
            let row = numbers(&format!("input.{name}"), Some(row))?;
            input[j * units..(j + 1) * units].copy_from_slice(&row);
        }
        let kinds = match table.get("kinds") {
            None => KindSet::ALL,
            Some(value) => kinds_value(value, "[hidden] kinds", source)?,
        };
        Ok(Hidden {
            input: input.into(),
            bias,
            out,
            kinds,
        })
    }
}

/// The index of the feature named `name`, or an error naming the file, the table and the
/// name, with the nearest feature name.
fn feature_index(
    index: &HashMap<String, usize>,
    name: &str,
    table: &str,
    source: &str,
) -> Result<usize, String> {
    index.get(name).copied().ok_or_else(|| {
        format!(
            "{source}: {table} {name}: not a feature of this version{}",
            crate::config::suggest::did_you_mean(name, index.keys().map(String::as_str))
        )
    })
}

/// A set of kinds of action written as a string of kind names joined by `+` (`KindSet::parse`),
/// the value of `key` (`[hidden] kinds`, `[policy] drawn`) in the file `source`.
fn kinds_value(value: &toml::Value, key: &str, source: &str) -> Result<KindSet, String> {
    let text = value
        .as_str()
        .ok_or_else(|| format!("{source}: {key} = {value}: expected a string"))?;
    KindSet::parse(text).map_err(|e| format!("{source}: {key} = {e}"))
}

/// A weight as a file may write it: a float or an integer, finite and below a million in
/// size.
fn finite_number(value: &toml::Value) -> Option<f32> {
    value
        .as_float()
        .or_else(|| value.as_integer().map(|v| v as f64))
        .filter(|v| v.is_finite() && v.abs() < 1e6)
        .map(|v| v as f32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::policy::features::kind_of;
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

    #[test]
    fn written_weights_read_back_the_same() {
        let mut values = vec![0.0f32; FEATURES];
        values[0] = 1.25;
        values[7] = -0.1;
        values[FEATURES - 1] = 3.0e-5;
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
}
