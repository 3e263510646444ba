//! The policy bot's weights: the built-in sets (the default's
//! `configs/bots/policy-aims-net.toml`, `configs/bots/policy-casts-net.toml` for casts
//! beyond `first-game`, the linear `configs/bots/policy.toml` and
//! `configs/bots/policy-net.toml`, compiled in), and weights files as `train` writes them and
//! `policy:weights=FILE` reads them.
//!
//! How a weights file is written and read: `file`.

mod file;
#[cfg(test)]
mod tests;

use super::features::{DraftFacts, aim_indices, keeping_indices, pick_indices};
use super::{KindSet, Share};
use crate::engine::ids::Character;
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
/// (the aim facts: docs/agreement.md, "Where the strength is").
/// `configs/bots/policy-draft-net.toml` is the same shape without the aim facts.
pub const BUILT_IN_TEXT: &str = include_str!("../../../../configs/bots/policy-aims-net.toml");

/// Where the built-in weights come from, as a spec and reports name them.
pub const BUILT_IN: &str = "built-in";

/// The weights for casts beyond `first-game` (`configs/bots/policy-casts-net.toml`, compiled in:
/// `weights=casts`): the default's shape, with its layer also for the Witch's, Magistrate's and
/// Blackmailer's namings, fitted to the search's decisions on `first-game` and `all-characters`
/// together, with the features of the characters outside `first-game` (docs/agreement.md, "Other
/// casts"). The default plays them on a cast with a character the built-in weights do not know
/// (`PolicyParams::for_cast`), chosen per config.
pub const CASTS_TEXT: &str = include_str!("../../../../configs/bots/policy-casts-net.toml");
pub const CASTS: &str = "casts";

/// The built-in weights' 2-player fit (`configs/bots/policy-2p-net.toml`, compiled in:
/// `weights=two-players`): the default's shape fitted to the search's decisions
/// in 2-player `first-game` games, whose draft the 4-and-5-player fit never saw (each
/// player keeps two characters and discards one at each choice after the first: rulebook
/// 2016, "2-Player Rule Changes"). The built-in weights play it at 2 players
/// (`PolicyWeights::at_players`; docs/agreement.md, "At 2 players").
pub const TWO_PLAYERS_TEXT: &str = include_str!("../../../../configs/bots/policy-2p-net.toml");
pub const TWO_PLAYERS: &str = "two-players";

/// The `casts` weights' 2-player fit (`configs/bots/policy-casts-2p-net.toml`, compiled in:
/// `weights=casts-two-players`): the `casts` shape fitted to the search's decisions in 2-player
/// games of `first-game` and `all-characters`; the `casts` weights play it at 2 players.
pub const CASTS_TWO_PLAYERS_TEXT: &str =
    include_str!("../../../../configs/bots/policy-casts-2p-net.toml");
pub const CASTS_TWO_PLAYERS: &str = "casts-two-players";

/// The `casts` weights' 3-player fit (`configs/bots/policy-casts-3p-net.toml`, compiled in:
/// `weights=casts-three-players`): the `casts` shape fitted to the search's decisions in 3-player
/// `all-characters` games, where each player keeps two characters and, after the first pass, the
/// third player discards one of the five cards left at random (rulebook 2016, "3-Player Rule
/// Changes"); the `casts` weights, which the default plays on every 3-player cast of the 2016
/// edition (3 players need rank 9), play it at 3 players.
pub const CASTS_THREE_PLAYERS_TEXT: &str =
    include_str!("../../../../configs/bots/policy-casts-3p-net.toml");
pub const CASTS_THREE_PLAYERS: &str = "casts-three-players";

/// The `casts` weights' 8-player fit (`configs/bots/policy-casts-8p-net.toml`, compiled in:
/// `weights=casts-eight-players`): the `casts` weights fine-tuned (`train --start casts`) to the
/// search's decisions in 8-player `all-characters` games, where nine characters are dealt, one face
/// down, and the eighth player chooses between the last card and that one (rulebook 2016, the
/// special rule with 7 players, which "applies to the eighth player"), and drawing the choice
/// between gold and cards too; the `casts` weights, which the default plays on every 8-player cast
/// (8 players need rank 9), play it at 8 players.
pub const CASTS_EIGHT_PLAYERS_TEXT: &str =
    include_str!("../../../../configs/bots/policy-casts-8p-net.toml");
pub const CASTS_EIGHT_PLAYERS: &str = "casts-eight-players";

/// The linear weights (`configs/bots/policy.toml`, compiled in): `policy:weights=linear`,
/// a linear model without a hidden layer. About 1.7 times as fast as the default, and the
/// model of the other players in the search's `rollout=policy`.
pub const LINEAR_TEXT: &str = include_str!("../../../../configs/bots/policy.toml");
pub const LINEAR: &str = "linear";

/// The built-in weights with a hidden layer (`configs/bots/policy-net.toml`, compiled in):
/// `policy:weights=net`. Stronger than the linear weights; as a population (measured with
/// the destructions alone drawn: add `drawn=Destroy`) as close to the search's verdicts at
/// 4 players and further at 5 (docs/training.md, "A hidden layer").
pub const NET_TEXT: &str = include_str!("../../../../configs/bots/policy-net.toml");
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
}
