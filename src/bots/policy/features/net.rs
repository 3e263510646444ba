//! Where an action's feature values go: `Dot`, the linear score, and `Net`, the score with
//! a hidden layer (its units summed side by side), behind the `Sink` trait.

use super::layout::FEATURES;
use crate::bots::policy::weights::{Hidden, MAX_UNITS, Octet};

/// Where a feature value goes: a dot product while playing, a record while training.
pub trait Sink {
    fn add(&mut self, index: usize, value: f32);

    /// Adds `values` at consecutive indices from `at`, in order.
    #[inline]
    fn add_all(&mut self, at: usize, values: &[f32]) {
        for (i, &value) in values.iter().enumerate() {
            self.add(at + i, value);
        }
    }

    /// `add_all` for a block whose input rows into the hidden units are all 0: a sink that
    /// scores with a layer may leave the units out, which gives the same score.
    #[inline]
    fn add_all_linear(&mut self, at: usize, values: &[f32]) {
        self.add_all(at, values);
    }
}

/// The dot product of the features with a weight vector.
pub struct Dot<'w> {
    pub(super) weights: &'w [f32; FEATURES],
    pub total: f32,
}

impl<'w> Dot<'w> {
    /// `weights`: one per feature (`PolicyWeights::values`).
    pub fn new(weights: &'w [f32]) -> Dot<'w> {
        Dot {
            weights: weights.try_into().expect("one weight per feature"),
            total: 0.0,
        }
    }
}

impl Sink for Dot<'_> {
    #[inline]
    fn add(&mut self, index: usize, value: f32) {
        self.total += self.weights[index] * value;
    }

    /// The same sums in the same order as `add` one by one (the same total to the bit),
    /// with one bounds check for the block.
    #[inline(always)]
    fn add_all(&mut self, at: usize, values: &[f32]) {
        let weights = &self.weights[at..at + values.len()];
        let mut total = self.total;
        for (&w, &value) in weights.iter().zip(values) {
            total += w * value;
        }
        self.total = total;
    }
}

/// An action's score under weights with a hidden layer (`weights::Hidden`): the linear dot
/// product plus the units' output. (Linear weights score with `Dot` alone, which does not
/// pay for the units.)
pub struct Net<'w> {
    pub(super) linear: Dot<'w>,
    pub(super) hidden: &'w Hidden,
    /// Each unit's input so far (the first `hidden.units()`).
    pub(super) units: [f32; MAX_UNITS],
}

impl<'w> Net<'w> {
    pub fn new(values: &'w [f32], hidden: &'w Hidden) -> Net<'w> {
        Net {
            linear: Dot::new(values),
            hidden,
            units: [0.0; MAX_UNITS],
        }
    }

    /// The score of the features added so far. The units' outputs are worked out side by
    /// side (a vector loop) and summed in eight lanes, unit `u` into lane `u % 8` (the
    /// units past the last eight first go to the linear score one by one), and the lanes
    /// are added pairwise. Summed one by one in unit order, the 32 additions of a 32-unit
    /// layer would each wait on the last, which cost the draft layer 6% of its time (paired
    /// whole-process timings, 5 players); the two orders' scores differ in their last bits
    /// only.
    #[inline(always)]
    pub fn total(&self) -> f32 {
        let h = self.hidden;
        let n = h.units();
        let mut outputs = [0.0f32; MAX_UNITS];
        let outputs = &mut outputs[..n];
        for (((output, &z), &bias), &out) in
            outputs.iter_mut().zip(&self.units).zip(&h.bias).zip(&h.out)
        {
            *output = out * (z + bias).max(0.0);
        }
        let mut lanes = [0.0f32; 8];
        let mut eights = outputs.chunks_exact(8);
        for eight in eights.by_ref() {
            for (lane, &output) in lanes.iter_mut().zip(eight) {
                *lane += output;
            }
        }
        let mut total = self.linear.total;
        for &output in eights.remainder() {
            total += output;
        }
        let [l0, l1, l2, l3, l4, l5, l6, l7] = lanes;
        total + (((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)))
    }
}

impl Sink for Net<'_> {
    #[inline]
    fn add(&mut self, index: usize, value: f32) {
        self.linear.add(index, value);
        if value != 0.0 {
            // Two slices of one length: the loop is vectorised without a bounds check.
            let row = self.hidden.row(index);
            let units = &mut self.units[..row.len()];
            for (unit, &w) in units.iter_mut().zip(row) {
                *unit += w * value;
            }
        }
    }

    /// The linear part as `Dot::add_all` (one bounds check for the block), then the units
    /// from the rows of the block's values that are not 0 (`Nonzero`, in parts of `BLOCK`
    /// values), which lie one after another, in groups of `LANES` units, then one of
    /// `LANES / 2` if that many are left, then one at a time: each group's sums stay in
    /// registers for the whole block instead of going to memory at every value. Each unit
    /// still adds the values in the block's order, so the sums are those of `add` one by
    /// one, to the bit. (Inlined where an action is scored, so that `net_score_avx2`
    /// compiles it for AVX2.)
    #[inline(always)]
    fn add_all(&mut self, at: usize, values: &[f32]) {
        self.linear.add_all(at, values);
        let n = self.hidden.units();
        if n.is_multiple_of(8) {
            // Every eight units of every row are an `Octet` (`weights::InputRows`).
            let octets = self.hidden.input.octets();
            let stride = n / 8;
            for (c, values) in values.chunks(BLOCK).enumerate() {
                let first = (at + c * BLOCK) * stride;
                let nonzero = Nonzero::of(values);
                let mut groups = self.units[..n].chunks_exact_mut(LANES);
                for (g, group) in groups.by_ref().enumerate() {
                    add_octets::<{ LANES / 8 }>(
                        group,
                        octets,
                        first + g * LANES / 8,
                        stride,
                        values,
                        nonzero,
                    );
                }
                // The units beyond the last whole group: a group of `LANES / 2`, then of 8.
                let mut rest = groups.into_remainder();
                let mut from = (n - rest.len()) / 8;
                if rest.len() >= LANES / 2 {
                    let (half, after) = rest.split_at_mut(LANES / 2);
                    add_octets::<{ LANES / 16 }>(
                        half,
                        octets,
                        first + from,
                        stride,
                        values,
                        nonzero,
                    );
                    (rest, from) = (after, from + LANES / 16);
                }
                if !rest.is_empty() {
                    add_octets::<1>(rest, octets, first + from, stride, values, nonzero);
                }
            }
            return;
        }
        for (c, values) in values.chunks(BLOCK).enumerate() {
            let at = at + c * BLOCK;
            let rows = &self.hidden.input[at * n..(at + values.len()) * n];
            let nonzero = Nonzero::of(values);
            let mut groups = self.units[..n].chunks_exact_mut(LANES);
            for (g, group) in groups.by_ref().enumerate() {
                add_group::<LANES>(group, rows, values, nonzero, n, g * LANES);
            }
            // The units beyond the last whole group: a group of `LANES / 2` if there are
            // that many (so a 16-unit layer is summed in registers too), then one value at a
            // time.
            let mut rest = groups.into_remainder();
            let mut from = n - rest.len();
            if rest.len() >= LANES / 2 {
                const HALF: usize = LANES / 2;
                let (half, after) = rest.split_at_mut(HALF);
                add_group::<HALF>(half, rows, values, nonzero, n, from);
                (rest, from) = (after, from + HALF);
            }
            if rest.is_empty() {
                continue;
            }
            for i in nonzero.places() {
                let (value, row) = (values[i], &rows[i * n..][from..n]);
                for (unit, &w) in rest.iter_mut().zip(row) {
                    *unit += w * value;
                }
            }
        }
    }

    #[inline(always)]
    fn add_all_linear(&mut self, at: usize, values: &[f32]) {
        self.linear.add_all(at, values);
    }
}

/// Adds the block's `values` that are not 0 (`nonzero`), weighted by the rows' entries of
/// units `from..from + W` (rows of `n` entries one after another), to those `W` units:
/// their sums held in registers for the whole block, each unit adding the values in order.
#[inline(always)]
fn add_group<const W: usize>(
    group: &mut [f32],
    rows: &[f32],
    values: &[f32],
    nonzero: Nonzero,
    n: usize,
    from: usize,
) {
    let mut sums: [f32; W] = (&*group).try_into().expect("W units");
    for i in nonzero.places() {
        let value = values[i];
        let weights: &[f32; W] = rows[i * n + from..][..W].try_into().expect("W weights");
        for (sum, &w) in sums.iter_mut().zip(weights) {
            *sum += w * value;
        }
    }
    group.copy_from_slice(&sums);
}

/// `add_group` for a layer of a multiple of 8 units: `K` octets of units (`group`), whose
/// weights for the block's value `i` are octets `first + i * stride` on (`stride` octets a
/// row).
#[inline(always)]
pub(super) fn add_octets<const K: usize>(
    group: &mut [f32],
    octets: &[Octet],
    first: usize,
    stride: usize,
    values: &[f32],
    nonzero: Nonzero,
) {
    let mut sums = [[0.0f32; 8]; K];
    for (sum, units) in sums.iter_mut().zip(group.chunks_exact(8)) {
        sum.copy_from_slice(units);
    }
    for i in nonzero.places() {
        let value = values[i];
        let weights: &[Octet; K] = octets[first + i * stride..][..K]
            .try_into()
            .expect("K octets");
        for (sum, &Octet(weights)) in sums.iter_mut().zip(weights) {
            for (sum, w) in sum.iter_mut().zip(weights) {
                *sum += w * value;
            }
        }
    }
    for (sum, units) in sums.iter().zip(group.chunks_exact_mut(8)) {
        units.copy_from_slice(sum);
    }
}

/// Which values of a block (at most `BLOCK`) are not 0: bit `i` for value `i`.
///
/// Whether a fact is 0 follows no pattern a CPU's branch predictor can learn: a branch per
/// value on it was mispredicted about one time in four (callgrind's branch simulation,
/// 5 players: 2.9 k of the draft layer's 11.3 k mispredicted branches per game). The mask
/// is worked out without a branch on the values (the comparisons are vectorised), and the
/// loops over the units then visit its set bits, in order, with one branch each that is
/// taken but once per block.
#[derive(Clone, Copy)]
pub(super) struct Nonzero(u64);

impl Nonzero {
    #[inline(always)]
    pub(super) fn of(block: &[f32]) -> Nonzero {
        debug_assert!(block.len() <= BLOCK);
        let mut mask = 0u64;
        for (place, &value) in block.iter().enumerate() {
            // `place` < `BLOCK` (the caller's parts), so `% BLOCK` changes nothing; it only
            // keeps the shift below 64 should a longer block ever reach here.
            mask |= ((value != 0.0) as u64) << (place % BLOCK);
        }
        Nonzero(mask)
    }

    /// The places of the values that are not 0, in the block's order.
    #[inline(always)]
    pub(super) fn places(self) -> impl Iterator<Item = usize> {
        let mut mask = self.0;
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let place = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                place
            })
        })
    }
}

/// The most values `Net::add_all` takes at once (`Nonzero`, a bit each); a longer block is
/// taken in parts of this many. Every block of `action_features` is shorter.
pub(super) const BLOCK: usize = 64;

/// How many hidden units `Net::add_all` sums at once: 32 floats are eight SSE registers (of
/// 16) or four AVX ones.
pub(super) const LANES: usize = 32;
