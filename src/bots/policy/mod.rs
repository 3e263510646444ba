//! The policy bot: a fast bot distilled from search. It scores each legal action by a linear
//! function of the action's features (`features`: the heuristic bot's own score, the kind of
//! action, and facts of the picked or named character, the card, the player chosen), plus,
//! for weights with a hidden layer (the default's, for the draft and the targets), the
//! layer's rectified units over the same features. The
//! weights are fitted by `train` to the moves the ISMCTS bot chooses in self-play (behaviour
//! cloning by maximum likelihood of a softmax over the scores), so the softmax of the scores
//! is the model's estimate of how likely the search is to play each move.
//!
//! Two kinds of decision are guessing games between players who cannot see each other's
//! hands: which character to take in the draft, and which character to name (kill, rob,
//! bewitch, warrant, threaten). Always playing the best-scored one there makes a population
//! predictable in a way the search is not (its determinizations spread its choices), and
//! skews the characters' win rates: so the bot draws those choices from the softmax of
//! score / `pick_temp` and score / `target_temp`. At 1, the default, each move is as likely as
//! the model says the search would make it: of the temperatures measured, it brings the
//! population's character win rates closest to the search's; lower ones make a
//! stronger player whose population agrees less. The Warlord's destruction is drawn too, at
//! `temp` (0.5 by default; `drawn` names the decisions `temp` draws): the search aims it
//! less sharply than the model's best score, whose Warlord then wins too often at 4
//! players; so are the decisions that offer a build (since version 0.3.0), as the search
//! often ends its turn with a build on offer. Everything else plays the best score. Since
//! version 0.14.0 the default's `first-game` weights (not its other fits) never draw a move
//! far less likely than the best in the drawn decisions but the draft (`PolicyParams::cuts`):
//! as near the search, and stronger.
//! Measured in docs/agreement.md, "Which decisions are drawn".

pub mod features;
#[cfg(test)]
pub(crate) mod test_games;
pub mod weights;

use super::Bot;
use super::heuristic::Kept;
use crate::engine::action::Action;
use crate::engine::ids::{CardId, Character, Seat};
use crate::engine::rng::GameRng;
use crate::engine::view::View;
use features::{DecisionFeatures, Dot, KINDS, Net, kind_of};
use std::fmt;
use std::sync::{Arc, LazyLock};
use weights::Hidden;
pub use weights::PolicyWeights;

/// The policy bot's parameters: its weights and the softmax temperatures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyParams {
    pub weights: Arc<PolicyWeights>,
    /// Scores are divided by it before the softmax; 0 plays the best score. For the
    /// decisions `drawn` names (by default those offering the Warlord's destruction or a
    /// build) but the two below; every other decision plays the best score.
    pub temp: Temperature,
    /// The same for the draft (taking or discarding a character).
    pub pick_temp: Temperature,
    /// The same for naming a character (kill, rob, bewitch, warrant, threaten), once the
    /// bot's best-scored move is to name one.
    pub target_temp: Temperature,
    /// In a drawn decision, moves whose chance is below `min_p` times the likeliest move's
    /// are never drawn (min-p sampling): the draw keeps the mix among the plausible moves,
    /// which keeps a population unpredictable, and drops the long tail of unlikely ones,
    /// which are mostly blunders. 0 draws from the whole softmax. `None`, the default: what
    /// the weights played say (`[policy] min_p`, 0 if none). See `cuts`.
    pub min_p: Option<Share>,
    /// The same for the draft alone; `None`: the spec's `min_p` if it names one, else the
    /// weights' `[policy] pick_min_p`, else their `min_p`. See `cuts`.
    pub pick_min_p: Option<Share>,
    /// The decisions `temp` draws: those that offer a move of one of these kinds (`all`:
    /// every decision); the others play the best score. `None`, the default: what the
    /// weights played say (`PolicyWeights::drawn`), `Destroy+Build` unless their file names
    /// others, which spreads the Warlord's aim and the builds like the search's (which
    /// often ends its turn with a build on offer) without drawing the rest of the game
    /// (docs/agreement.md, "Which decisions are drawn"; until version 0.3.0 the default was
    /// `Destroy`). Since version 0.11.0 the 3-player fit also draws the choice between gold
    /// and cards ("At 3 players").
    pub drawn: Option<KindSet>,
}

/// A set of kinds of action (positions in `features::KINDS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindSet(u64);

impl KindSet {
    /// Every kind.
    pub const ALL: KindSet = KindSet((1 << KINDS.len()) - 1);
    /// The Warlord's destruction (`Action::Destroy`) alone.
    pub const DESTROY: KindSet = KindSet(1 << kind_of(Action::Destroy(Seat(0), CardId(0))));
    /// The destruction and the builds (`Action::Build`): the default's drawn kinds.
    pub const DESTROY_AND_BUILD: KindSet =
        KindSet(KindSet::DESTROY.0 | 1 << kind_of(Action::Build(CardId(0))));

    /// Whether the kind at position `kind` of `KINDS` is in the set.
    pub fn contains(self, kind: usize) -> bool {
        self.0 >> kind & 1 == 1
    }

    /// Whether one of `legal` is of a kind in the set.
    pub fn offered_in(self, legal: &[Action]) -> bool {
        self == KindSet::ALL || legal.iter().any(|&a| self.contains(kind_of(a)))
    }

    /// Parses kind names joined by `+` (`Destroy+Build`), or `all`; the error names the
    /// text and the unknown name in it.
    pub fn parse(text: &str) -> Result<KindSet, String> {
        if text == "all" {
            return Ok(KindSet::ALL);
        }
        let mut set = 0u64;
        for name in text.split('+') {
            let kind = KINDS.iter().position(|&k| k == name).ok_or_else(|| {
                format!(
                    "{text}: `{name}` is not a kind of action; kinds are joined by + \
                     (Destroy+Build), `all` is every kind, and they are: {}",
                    KINDS.join(", ")
                )
            })?;
            set |= 1 << kind;
        }
        Ok(KindSet(set))
    }
}

/// `all`, or the kind names in `KINDS` order, joined by `+`.
impl fmt::Display for KindSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == KindSet::ALL {
            return f.write_str("all");
        }
        let mut names = (0..KINDS.len())
            .filter(|&k| self.contains(k))
            .map(|k| KINDS[k]);
        if let Some(first) = names.next() {
            f.write_str(first)?;
        }
        names.try_for_each(|name| write!(f, "+{name}"))
    }
}

/// A share in [0, 1] (`Share::new` checks it), so equality is an equivalence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share(pub f32);

impl Eq for Share {}

impl Share {
    /// `p` as a share, if it is a number from 0 to 1.
    pub fn new(p: f32) -> Option<Share> {
        (0.0..=1.0).contains(&p).then_some(Share(p))
    }
}

/// A softmax temperature: finite and not negative (`PolicyParams::set` checks it), so
/// equality is an equivalence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Temperature(pub f32);

impl Eq for Temperature {}

impl Default for PolicyParams {
    fn default() -> PolicyParams {
        PolicyParams {
            weights: PolicyWeights::built_in(),
            temp: Temperature(0.5),
            pick_temp: Temperature(1.0),
            target_temp: Temperature(1.0),
            min_p: None,
            pick_min_p: None,
            drawn: None,
        }
    }
}

impl PolicyParams {
    /// The ISMCTS bot's model of the other players and of its rollouts (`rollout=policy`):
    /// the linear weights (`weights=linear`, the default's until version 0.3.0, at half
    /// the default's cost), picks and targets drawn at 0.85 and 0.75 and every other
    /// decision at its best score, the policy's default until the default moved to 1 and
    /// then drew the Warlord's destruction (which draws as spread as the search, for
    /// populations). The cheap searches' strength (docs/bots.md, "Cheaper search") was
    /// measured with this model; whether the search would do better with the default's
    /// weights or draws is not measured.
    pub fn rollout_model() -> PolicyParams {
        PolicyParams {
            weights: PolicyWeights::linear(),
            temp: Temperature(0.0),
            pick_temp: Temperature(0.85),
            target_temp: Temperature(0.75),
            min_p: Some(Share(0.0)),
            pick_min_p: Some(Share(0.0)),
            drawn: Some(KindSet::DESTROY),
        }
    }
}

impl PolicyParams {
    /// The parameters as they play a cast of `characters`: the built-in weights (the
    /// default, or `weights=built-in`) are fitted to `first-game`'s eight characters, and
    /// draft and name any other character nearly at random (12% of the games against four
    /// heuristic bots on `all-characters` at 5 players, an even share 20%); so on a cast with
    /// a character they do not know (`PolicyWeights::knows`) the bot plays the `casts`
    /// weights, fitted with every character (36.9% there since 0.8.0; docs/agreement.md, "Other
    /// casts"). Any other weights are kept as named: to play the `first-game` fit on another
    /// cast, name its file (`weights=configs/bots/policy-aims-net.toml`).
    pub fn for_cast(self, mut characters: impl Iterator<Item = Character>) -> PolicyParams {
        let built_in = self.weights.source == weights::BUILT_IN;
        if built_in && !characters.all(|c| self.weights.knows(c)) {
            PolicyParams {
                weights: PolicyWeights::casts(),
                ..self
            }
        } else {
            self
        }
    }
}

impl PolicyParams {
    /// The cuts of unlikely moves (`min_p`) this bot makes with `weights` (those it plays at
    /// the game's player count): in the drawn decisions but the draft, and in the draft. A
    /// spec's `min_p` sets both unless it names `pick_min_p` too; what the spec leaves out
    /// comes from the weights' `[policy]`, where `pick_min_p` too is `min_p` unless named.
    /// So `policy:min_p=0.15` cuts every drawn decision, as it did before the weights could
    /// say anything, and the default's file (since version 0.14.0: `min_p = 0.15`,
    /// `pick_min_p = 0`) cuts every drawn decision but the picks (docs/agreement.md, "Which
    /// decisions are drawn").
    pub fn cuts(&self, weights: &PolicyWeights) -> (f32, f32) {
        let min_p = self.min_p.or(weights.min_p).unwrap_or(Share(0.0));
        let pick_min_p = self
            .pick_min_p
            .or(self.min_p)
            .or(weights.pick_min_p)
            .or(weights.min_p)
            .unwrap_or(Share(0.0));
        (min_p.0, pick_min_p.0)
    }
}

/// The parameter names a spec may set.
pub const KEYS: [&str; 7] = [
    "weights",
    "temp",
    "pick_temp",
    "target_temp",
    "min_p",
    "pick_min_p",
    "drawn",
];

impl PolicyParams {
    /// Sets one parameter from its spec text; the error says what is allowed.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let temperature = || {
            value
                .parse::<f32>()
                .ok()
                .filter(|t| t.is_finite() && *t >= 0.0)
                .map(Temperature)
                .ok_or_else(|| format!("{key}={value}: must be a number, 0 or more"))
        };
        match key {
            "weights" => {
                self.weights = PolicyWeights::named(value)?;
            }
            "temp" => self.temp = temperature()?,
            "pick_temp" => self.pick_temp = temperature()?,
            "target_temp" => self.target_temp = temperature()?,
            "min_p" | "pick_min_p" => {
                let share = value
                    .parse::<f32>()
                    .ok()
                    .and_then(Share::new)
                    .ok_or_else(|| format!("{key}={value}: must be a number from 0 to 1"))?;
                match key {
                    "min_p" => self.min_p = Some(share),
                    _ => self.pick_min_p = Some(share),
                }
            }
            "drawn" => self.drawn = Some(KindSet::parse(value).map_err(|e| format!("drawn={e}"))?),
            _ => return Err(crate::bots::spec::unknown_parameter(key, &KEYS)),
        }
        Ok(())
    }
}

/// The spec text: `policy`, then `weights=FILE` unless built in, then each temperature
/// that differs from its default, and `min_p`, `pick_min_p` and `drawn` when the spec names
/// them (even at what a weights file says: named, they override the file, so they may play
/// differently from leaving them out).
impl fmt::Display for PolicyParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("policy")?;
        if self.weights.source != weights::BUILT_IN {
            write!(f, ":weights={}", self.weights.source)?;
        }
        let default = PolicyParams::default();
        for (key, t, d) in [
            ("temp", self.temp, default.temp),
            ("pick_temp", self.pick_temp, default.pick_temp),
            ("target_temp", self.target_temp, default.target_temp),
        ] {
            if t != d {
                write!(f, ":{key}={}", t.0)?;
            }
        }
        for (key, cut) in [("min_p", self.min_p), ("pick_min_p", self.pick_min_p)] {
            if let Some(Share(p)) = cut {
                write!(f, ":{key}={p}")?;
            }
        }
        if let Some(drawn) = self.drawn {
            write!(f, ":drawn={drawn}")?;
        }
        Ok(())
    }
}

#[derive(Clone, Debug)]
pub struct PolicyBot {
    params: PolicyParams,
    /// Draws the move from the softmax (and breaks ties).
    rng: GameRng,
    kept: Kept,
}

impl PolicyBot {
    pub fn new(params: PolicyParams, seed: u64) -> PolicyBot {
        PolicyBot {
            params,
            rng: GameRng::new(seed),
            kept: Kept::default(),
        }
    }
}

#[cfg(test)]
impl PolicyBot {
    /// Drops what it kept from earlier decisions (the heuristic's tests).
    pub(crate) fn forget_kept(&mut self) {
        self.kept = Kept::default();
    }
}

impl Bot for PolicyBot {
    // Always inlined, the scoring out of line, like the heuristic's: a forced move is
    // answered at the caller without a call and the scoring's frame.
    #[inline(always)]
    fn decide(&mut self, view: &View, legal: &[Action]) -> Action {
        if let [only] = legal {
            return *only;
        }
        self.choose(view, legal)
    }
}

impl PolicyBot {
    /// `decide` among two or more actions.
    #[inline(never)]
    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let PolicyBot { params, rng, kept } = self;
        let weights = params.weights.at_players(view.players());
        let features = DecisionFeatures::new(view, legal, kept)
            .with_draft_facts(weights.reads_draft_facts())
            .with_unit_draft_facts(weights.units_read_draft_facts())
            .with_aims(weights.reads_aims())
            .with_keeping(weights.reads_keeping());
        let (min_p, pick_min_p) = params.cuts(weights);
        let score = |action: Action| score(weights, &features, action);
        // Naming a character competes with the rest as one move, scored by its best target;
        // if it wins, the target is drawn among the named characters.
        let target_temp = params.target_temp.0;
        let grouped = |a: Action| target_temp > 0.0 && names_a_character(a);
        // The draft is a decision of its own (every action takes or discards a character),
        // drawn at `pick_temp`. `temp` draws only the decisions of the kinds drawn (the kinds
        // are looked at only when there is something to draw).
        let drafting = matches!(legal[0], Action::Pick(_) | Action::Discard(_));
        let min_p = if drafting { pick_min_p } else { min_p };
        let temp = if drafting {
            params.pick_temp.0
        } else if params.temp.0 > 0.0
            && params
                .drawn
                .unwrap_or_else(|| weights.drawn())
                .offered_in(legal)
        {
            params.temp.0
        } else {
            0.0
        };
        // Most decisions name no character: every action is a move of its own.
        let Some(first) = legal.iter().position(|&a| grouped(a)) else {
            // (The scoring inlined in the draw's loop: as a call it cost 3.8 k instructions per
            // policy game more, measured.)
            let chosen = draw(
                legal.len(),
                temp,
                min_p,
                rng,
                #[inline(always)]
                |i| score(legal[i]),
            );
            return legal[chosen];
        };
        // The group enters once, at its first member, with its best score. Its members'
        // scores are kept for the draw below (the first `KEPT` of them; any further one is
        // scored again, to the same value).
        let mut kept = [0.0f32; KEPT];
        let chosen = draw(legal.len(), temp, min_p, rng, |i| {
            if i == first {
                let mut top = f32::NEG_INFINITY;
                for (j, &a) in legal.iter().enumerate().skip(i) {
                    if grouped(a) {
                        let score = score(a);
                        if let Some(slot) = kept.get_mut(j - i) {
                            *slot = score;
                        }
                        top = top.max(score);
                    }
                }
                top
            } else if grouped(legal[i]) {
                f32::NEG_INFINITY
            } else {
                score(legal[i])
            }
        });
        if !grouped(legal[chosen]) {
            return legal[chosen];
        }
        // Draw among the named characters only (others score minus infinity: never drawn).
        let k = draw(legal.len(), target_temp, min_p, rng, |i| {
            match grouped(legal[i]) {
                true => kept
                    .get(i - first)
                    .copied()
                    .unwrap_or_else(|| score(legal[i])),
                false => f32::NEG_INFINITY,
            }
        });
        legal[k]
    }
}

/// The score of `action` under `weights`: the dot product of its features, plus the hidden
/// units' output if the weights have them and their layer scores the action's kind
/// (`Hidden::kinds`). Inlined where a decision scores its actions, with
/// the features and the heuristic's score (`DecisionFeatures::action`): as three calls deep,
/// saving and restoring registers at each, an action cost about 45 instructions more (29 k
/// per policy game, measured).
#[inline(always)]
fn score(weights: &PolicyWeights, features: &DecisionFeatures, action: Action) -> f32 {
    match &weights.hidden {
        Some(hidden) if hidden.kinds.contains(kind_of(action)) => {
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: this CPU has AVX2, checked just above.
                return unsafe { net_score_avx2(&weights.values, hidden, features, action) };
            }
            net_score(&weights.values, hidden, features, action)
        }
        _ => {
            let mut dot = Dot::new(&weights.values);
            features.action(action, &mut dot);
            dot.total
        }
    }
}

/// The score of `action` under weights with a hidden layer (`Net`).
#[inline(always)]
fn net_score(values: &[f32], hidden: &Hidden, features: &DecisionFeatures, action: Action) -> f32 {
    let mut net = Net::new(values, hidden);
    features.action(action, &mut net);
    net.total()
}

/// `net_score` compiled for AVX2, where the units are summed eight at a time instead of four
/// (part of the 1,125 k -> 840 k instructions per 5-player game of docs/performance.md,
/// "Optimisations that hold the figures"). Multiplies and adds stay separate (Rust never
/// fuses them), in the same order, so every score is the same to the bit as on any other
/// x86-64 CPU. (The check is a load and a bit test per action.)
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn net_score_avx2(
    values: &[f32],
    hidden: &Hidden,
    features: &DecisionFeatures,
    action: Action,
) -> f32 {
    net_score(values, hidden, features, action)
}

/// How many scores of named characters a decision keeps between its two passes (the
/// Assassin's and the Thief's choices fit; the Magistrate's warrants may not).
const KEPT: usize = 32;

/// The actions that name a character: the targets of the Assassin, Thief, Witch,
/// Magistrate and Blackmailer (the decisions `target_temp` draws among).
pub fn names_a_character(action: Action) -> bool {
    matches!(
        action,
        Action::Kill(_)
            | Action::Rob(_)
            | Action::Bewitch(_)
            | Action::Warrant(..)
            | Action::Threaten(..)
    )
}

/// `best`, except that a draw (`temp` above 0) with `min_p` above 0 never picks a candidate
/// whose chance is below `min_p` times the likeliest one's: scores below the top score +
/// temp × ln(min_p) count as minus infinity. The scores of the first `CUT_CACHE` candidates
/// are kept from the pass that finds the top; any further one is scored again.
fn draw(
    n: usize,
    temp: f32,
    min_p: f32,
    rng: &mut GameRng,
    mut score: impl FnMut(usize) -> f32,
) -> usize {
    if temp == 0.0 || min_p == 0.0 {
        return best(n, temp, rng, score);
    }
    let mut cache = [0.0f32; CUT_CACHE];
    let mut top = f32::NEG_INFINITY;
    for i in 0..n {
        let s = score(i);
        if let Some(slot) = cache.get_mut(i) {
            *slot = s;
        }
        top = top.max(s);
    }
    let floor = top + temp * min_p.ln();
    best(n, temp, rng, |i| {
        let s = cache.get(i).copied().unwrap_or_else(|| score(i));
        if s < floor { f32::NEG_INFINITY } else { s }
    })
}

/// How many scores `draw` keeps between its two passes (every draft and target decision
/// fits).
const CUT_CACHE: usize = 64;

/// The index among `n` candidates of the best `score(i)` (`temp` 0: ties by reservoir
/// choice, drawing exactly as the heuristic bot does, so heuristic-only weights play the
/// heuristic's games), or of a draw from the softmax of score / `temp` (above 0: each
/// score / temp gets Gumbel noise, and the best noisy score is the draw: the Gumbel-max
/// trick). One pass, no buffer. Candidates scoring minus infinity are never chosen unless
/// all do.
///
/// A noise costs two logarithms, so it is worked out only when a comparison needs it: each
/// draw bounds its noise (`Uniform::noise_range`), a candidate certainly below the best so
/// far is passed over, and one certainly above becomes the best with its noise still
/// bounded only. The exact noises, of both, are worked out when the ranges overlap. That
/// decides every comparison as exact noises throughout would (`plain_best` in the tests),
/// ties and their draws included.
fn best(n: usize, temp: f32, rng: &mut GameRng, mut score: impl FnMut(usize) -> f32) -> usize {
    let mut chosen = 0;
    let mut top = f32::NEG_INFINITY;
    let mut ties = 0;
    // The best candidate's scaled score and draw while its noise is not worked out (`top` is
    // then not its noisy score).
    let mut unresolved: Option<(f32, Uniform)> = None;
    for i in 0..n {
        let raw = score(i);
        let s = if temp > 0.0 {
            // Minus infinity (or NaN) is never chosen, and draws nothing.
            if raw == f32::NEG_INFINITY || raw.is_nan() {
                continue;
            }
            let draw = Uniform::draw(rng);
            let scaled = raw / temp;
            let (low, high) = draw.noise_range();
            let (best_low, best_high) = match unresolved {
                Some((best_scaled, best_draw)) => {
                    let (l, h) = best_draw.noise_range();
                    (best_scaled + l, best_scaled + h)
                }
                None => (top, top),
            };
            if scaled + high < best_low {
                continue;
            }
            if scaled + low > best_high {
                (chosen, unresolved, ties) = (i, Some((scaled, draw)), 1);
                continue;
            }
            if let Some((best_scaled, best_draw)) = unresolved.take() {
                top = best_scaled + best_draw.noise();
            }
            scaled + draw.noise()
        } else {
            raw
        };
        if s > top {
            (chosen, top, ties) = (i, s, 1);
        } else if s == top && s > f32::NEG_INFINITY {
            ties += 1;
            if rng.below(ties) == 0 {
                chosen = i;
            }
        }
    }
    chosen
}

/// A uniform draw in (0, 1): `(k + 0.5) / 2^53` for a 53-bit `k`.
#[derive(Clone, Copy)]
struct Uniform(u64);

impl Uniform {
    fn draw(rng: &mut GameRng) -> Uniform {
        Uniform(rng.next_u64() >> 11)
    }

    /// Its standard Gumbel variate, -ln(-ln U).
    fn noise(self) -> f32 {
        gumbel_of((self.0 as f64 + 0.5) / (1u64 << 53) as f64)
    }

    /// Bounds `noise` never leaves: the noise grows with U, so those of the draw's 1/256th of
    /// (0, 1) (`NOISE_RANGES`).
    fn noise_range(self) -> (f32, f32) {
        NOISE_RANGES[(self.0 >> (53 - 8)) as usize]
    }
}

fn gumbel_of(u: f64) -> f32 {
    -(-u.ln()).ln() as f32
}

/// Entry `j`: below and above the noise of every U from j / 256 to (j + 1) / 256 (the noise
/// at those ends, with a margin far wider than the logarithm's and the rounding's errors);
/// the first one starts at minus infinity and the last one ends at infinity (the noise of U
/// near 0 is about -3.6, near 1 about 37).
static NOISE_RANGES: LazyLock<[(f32, f32); 256]> = LazyLock::new(|| {
    let mut ranges = [(f32::NEG_INFINITY, f32::INFINITY); 256];
    for (j, range) in ranges.iter_mut().enumerate() {
        if j > 0 {
            range.0 = gumbel_of(j as f64 / 256.0) - 1e-3;
        }
        if j < 255 {
            range.1 = gumbel_of((j + 1) as f64 / 256.0) + 1e-3;
        }
    }
    ranges
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::policy::test_games::{each_decision, small_values};
    use weights::Hidden;

    /// `weights=built-in` names the default's weights, `weights=casts` those fitted to
    /// `all-characters` as well (version 0.3.1), different weights.
    #[test]
    fn built_in_and_casts_name_the_built_in_weights() {
        let mut named = PolicyParams::default();
        named.set("weights", "built-in").unwrap();
        assert_eq!(*named.weights, *PolicyWeights::built_in());
        named.set("weights", "casts").unwrap();
        assert!(Arc::ptr_eq(&named.weights, &PolicyWeights::casts()));
        assert_ne!(*PolicyWeights::casts(), *PolicyWeights::built_in());
        assert_eq!(named.to_string(), "policy:weights=casts");
    }

    /// `for_cast`: the built-in weights (the default or named) play `first-game`'s eight
    /// characters themselves, and the `casts` weights on a cast with a character they were
    /// not fitted with, even one; weights named otherwise are kept, and the temperatures are
    /// the spec's.
    #[test]
    fn the_built_in_weights_give_way_to_casts_on_a_cast_they_do_not_know() {
        use Character::*;
        let first_game = [
            Assassin, Thief, Magician, King, Bishop, Merchant, Architect, Warlord,
        ];
        let with_emperor = first_game.map(|c| if c == King { Emperor } else { c });
        let cast = |params: &PolicyParams, characters: &[Character]| {
            params.clone().for_cast(characters.iter().copied())
        };
        let default = PolicyParams::default();
        assert_eq!(cast(&default, &first_game), default);
        let mut drawn_less = PolicyParams::default();
        drawn_less.set("pick_temp", "0.5").unwrap();
        let played = cast(&drawn_less, &with_emperor);
        assert!(Arc::ptr_eq(&played.weights, &PolicyWeights::casts()));
        assert_eq!(played.pick_temp, Temperature(0.5));
        assert_eq!(played.to_string(), "policy:weights=casts:pick_temp=0.5");
        let mut named = PolicyParams::default();
        named.set("weights", "built-in").unwrap();
        assert_eq!(cast(&named, Character::ALL).weights.source, weights::CASTS);
        for other in ["linear", "net"] {
            named.set("weights", other).unwrap();
            assert_eq!(cast(&named, Character::ALL), named, "{other}");
        }
    }
    /// A hidden layer for the draft alone (`Hidden::kinds`) scores a pick or a discard as
    /// the same layer for every kind does, and every other action by the linear part alone,
    /// bit for bit: checked on every action of random games, where the layer changes some
    /// picks' scores.
    #[test]
    fn a_layer_for_the_draft_scores_only_the_draft() {
        let mut rng = GameRng::new(4);
        let mut small = |n: usize| small_values(&mut rng, n);
        let values = small(features::FEATURES);
        let mut layer = |kinds| Hidden {
            input: small(features::FEATURES * 4).into(),
            bias: vec![0.5; 4],
            out: vec![1.0, -0.5, 0.25, 2.0],
            kinds,
        };
        let all = layer(KindSet::ALL);
        let draft = Hidden {
            kinds: KindSet::parse("Pick+Discard").expect("kinds"),
            ..all.clone()
        };
        let weights = |hidden| PolicyWeights::new(values.clone(), hidden, String::new());
        let (linear, all, draft) = (weights(None), weights(Some(all)), weights(Some(draft)));
        let (mut picks, mut changed, mut others) = (0, 0, 0);
        each_decision(4, 0..3, |_, _, view, legal| {
            let kept = Kept::default();
            let features = DecisionFeatures::new(view, legal, &kept);
            for &action in legal {
                let got = score(&draft, &features, action).to_bits();
                let linear = score(&linear, &features, action).to_bits();
                if matches!(action, Action::Pick(_) | Action::Discard(_)) {
                    assert_eq!(got, score(&all, &features, action).to_bits());
                    picks += 1;
                    changed += (got != linear) as u32;
                } else {
                    assert_eq!(got, linear, "{action:?}");
                    others += 1;
                }
            }
        });
        assert!(
            picks > 50 && changed > 25 && others > 500,
            "{picks} {changed} {others}"
        );
    }

    /// On a CPU with AVX2, the layer's scores compiled for it (`net_score_avx2`) are those
    /// of the portable code to the bit, with layers whose units take every path of
    /// `add_all` (groups of 32 and of 16, and units one at a time): checked on every action
    /// of random games.
    /// (Without AVX2 there is nothing to compare and the test says so.)
    #[test]
    fn scores_compiled_for_avx2_are_the_portable_scores() {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            let mut rng = GameRng::new(7);
            let mut small = |n: usize| small_values(&mut rng, n);
            let values = small(features::FEATURES);
            let mut compared = 0;
            for units in [5, 16, 21, 32, 45, 51, 70, 83, 128] {
                let hidden = Hidden {
                    input: small(features::FEATURES * units).into(),
                    bias: small(units),
                    out: small(units),
                    kinds: KindSet::ALL,
                };
                let seed = units as u64;
                each_decision(5, seed..seed + 1, |_, _, view, legal| {
                    let kept = Kept::default();
                    let features = DecisionFeatures::new(view, legal, &kept);
                    for &action in legal {
                        let portable = net_score(&values, &hidden, &features, action);
                        // SAFETY: this CPU has AVX2, checked above.
                        let avx2 = unsafe { net_score_avx2(&values, &hidden, &features, action) };
                        assert_eq!(
                            portable.to_bits(),
                            avx2.to_bits(),
                            "{units} units, {action:?}"
                        );
                        compared += 1;
                    }
                });
            }
            assert!(compared > 1000, "{compared}");
            return;
        }
        eprintln!("no AVX2 on this CPU: nothing to compare");
    }

    /// The noise of a draw never leaves its range: at both ends of every 1/256th of (0, 1)
    /// (where the noise is largest and smallest within it) and at a million draws.
    #[test]
    fn noise_stays_within_its_range() {
        let bucket = 1u64 << (53 - 8);
        let ends = (0..256u64).flat_map(|j| [j * bucket, (j + 1) * bucket - 1]);
        let mut rng = GameRng::new(11);
        let draws = (0..1_000_000).map(|_| Uniform::draw(&mut rng).0);
        for k in ends.chain(draws) {
            let draw = Uniform(k);
            let (low, high) = draw.noise_range();
            assert!(low <= draw.noise() && draw.noise() <= high, "draw {k}");
        }
        // The ranges are tight enough to spare work: within 0.01 of the noise at the ends of
        // the bucket below the last.
        let (low, high) = Uniform(254 * bucket).noise_range();
        assert!(Uniform(254 * bucket).noise() - low < 0.01);
        assert!(high - Uniform(255 * bucket - 1).noise() < 0.01);
    }

    /// `best` as it reads without sparing any noise: every candidate's noise worked out.
    fn plain_best(n: usize, temp: f32, rng: &mut GameRng, score: impl Fn(usize) -> f32) -> usize {
        let (mut chosen, mut top, mut ties) = (0, f32::NEG_INFINITY, 0);
        for i in 0..n {
            let raw = score(i);
            let s = if temp > 0.0 && raw > f32::NEG_INFINITY {
                raw / temp + Uniform::draw(rng).noise()
            } else {
                raw
            };
            if s > top {
                (chosen, top, ties) = (i, s, 1);
            } else if s == top && s > f32::NEG_INFINITY {
                ties += 1;
                if rng.below(ties) == 0 {
                    chosen = i;
                }
            }
        }
        chosen
    }

    /// `best` chooses as `plain_best` does and leaves the stream where it does, hot or cold,
    /// over lists of close, equal, far, minus-infinite and NaN scores.
    #[test]
    fn best_sparing_noises_chooses_as_the_plain_pass() {
        let mut lists = GameRng::new(3);
        let (mut drawn, mut cold) = (0, 0);
        for case in 0..200_000u64 {
            let n = 1 + lists.below(12) as usize;
            let spread = [0.001f32, 0.05, 0.5, 3.0][lists.below(4) as usize];
            let scores: Vec<f32> = (0..n)
                .map(|_| match lists.below(20) {
                    0 => f32::NEG_INFINITY,
                    1 => f32::NAN,
                    2 => 1.0,
                    _ => lists.below(1000) as f32 * spread / 1000.0,
                })
                .collect();
            let temp = [0.0f32, 0.05, 0.75, 0.85, 2.0][lists.below(5) as usize];
            let (mut a, mut b) = (GameRng::new(case), GameRng::new(case));
            let mut calls = 0;
            let got = best(n, temp, &mut a, |i| {
                calls += 1;
                scores[i]
            });
            let want = plain_best(n, temp, &mut b, |i| scores[i]);
            assert_eq!(got, want, "case {case}: {scores:?} at {temp}");
            assert_eq!(a.next_u64(), b.next_u64(), "case {case}: the stream");
            assert_eq!(calls, n);
            if temp > 0.0 {
                drawn += scores.iter().filter(|s| **s > f32::NEG_INFINITY).count();
            } else {
                cold += 1;
            }
        }
        assert!(
            drawn > 500_000 && cold > 20_000,
            "{drawn} drawn, {cold} cold"
        );
    }

    /// `PolicyParams::cuts`: a spec's `min_p` cuts the draft too unless it names
    /// `pick_min_p`; what the spec leaves out comes from the weights' `[policy]`, whose
    /// `pick_min_p` is its `min_p` unless named.
    #[test]
    fn a_spec_cut_overrides_the_weights_cut_key_by_key() {
        let cuts = |spec: &str, weights: &PolicyWeights| {
            let mut params = PolicyParams::default();
            for pair in spec.split(':').filter(|p| !p.is_empty()) {
                let (key, value) = pair.split_once('=').expect("key=value");
                params.set(key, value).expect("a valid parameter");
            }
            params.cuts(weights)
        };
        let built_in = PolicyWeights::built_in();
        assert_eq!(cuts("", &built_in), (0.15, 0.0), "the default's file");
        assert_eq!(cuts("min_p=0.2", &built_in), (0.2, 0.2));
        assert_eq!(
            cuts("min_p=0", &built_in),
            (0.0, 0.0),
            "the default before 0.14.0"
        );
        assert_eq!(cuts("pick_min_p=0.1", &built_in), (0.15, 0.1));
        assert_eq!(cuts("min_p=0.2:pick_min_p=0.05", &built_in), (0.2, 0.05));
        // Weights that say nothing cut nothing; a file's `min_p` alone cuts the draft too.
        assert_eq!(cuts("", &PolicyWeights::casts()), (0.0, 0.0));
        let mut file = PolicyWeights::new(vec![0.0; features::FEATURES], None, "f".into());
        file.min_p = Share::new(0.3);
        assert_eq!(cuts("", &file), (0.3, 0.3));
        assert_eq!(cuts("pick_min_p=0", &file), (0.3, 0.0));
        // The default's fit at 2 players (`two-players`) says nothing: it cuts nothing.
        assert_eq!(cuts("", built_in.at_players(2)), (0.0, 0.0));
    }

    /// min-p sampling: at temperature 1 and `min_p` 0.5, a candidate whose chance is below
    /// half the likeliest one's (score more than ln 2 below the top) is never drawn, and the
    /// others all are; at `min_p` 0 the draw is `best`'s, from the same stream.
    #[test]
    fn min_p_cuts_the_unlikely_candidates_only() {
        let scores = [1.0f32, 0.5, 0.2, 1.0 - 0.75, -3.0];
        // Kept: 1.0, 0.5 (above 1 - 0.693); cut: 0.2, 0.25 and -3.
        let mut rng = GameRng::new(5);
        let mut drawn = [0u32; 5];
        for _ in 0..4000 {
            drawn[draw(5, 1.0, 0.5, &mut rng, |i| scores[i])] += 1;
        }
        assert!(drawn[0] > 0 && drawn[1] > 0, "{drawn:?}");
        assert_eq!(drawn[2..], [0, 0, 0], "{drawn:?}");
        // Without the cut every candidate is drawn, as `best` draws them.
        let (mut a, mut b) = (GameRng::new(6), GameRng::new(6));
        let mut drawn = [0u32; 5];
        for _ in 0..4000 {
            let i = draw(5, 1.0, 0.0, &mut a, |i| scores[i]);
            assert_eq!(i, best(5, 1.0, &mut b, |i| scores[i]));
            drawn[i] += 1;
        }
        assert!(drawn.iter().all(|&n| n > 0), "{drawn:?}");
        // At min_p 1 only the top is drawn, however hot the draw.
        let mut rng = GameRng::new(7);
        for _ in 0..1000 {
            assert_eq!(draw(5, 100.0, 1.0, &mut rng, |i| scores[i]), 0);
        }
    }
}
