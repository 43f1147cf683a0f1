//! A small multilayer perceptron (inputs → one sigmoid hidden layer → 5 sigmoid outputs) and its
//! versioned weights file.
//!
//! The first layer is stored input-major (`w1[input * hidden + j]`) so that a position's hidden
//! accumulator is a sum of a few weight rows: raw board units are mostly zero, and a play changes
//! only the units of the points it touches. Evaluation takes the non-zero (or changed) inputs as
//! a [`SparseInputs`] list and keeps blocks of hidden sums in registers while it walks the list
//! ([`Net::forward_sparse`]). The loops are built twice: portable, and for AVX2 + FMA, chosen at
//! run time ([`super::cpu::simd_available`]); the two differ only in rounding.
//!
//! File format (all little-endian): magic `BGNETW\0\0` (8 bytes), then `u32` fields version (1),
//! class (0 contact, 1 crashed, 2 race), inputs, hidden, outputs (5), feature-set version, then a
//! `u64` count of training games, then `f32` arrays `w1` (inputs × hidden, input-major), `b1`
//! (hidden), `w2` (outputs × hidden), `b2` (outputs), then a `u32` FNV-1a checksum of everything
//! before it. Files of feature set 1 (216 inputs) are read too: their first-layer rows are moved
//! to the current layout and the newer inputs get zero rows, so the net computes what it did.
//!
//! This module owns the arithmetic and the file format; which net to use is `super`'s business.

// index loops over parallel arrays (board sides, weight rows) read more clearly than zips here
#![allow(clippy::needless_range_loop)]

use super::cpu::simd_available;
use super::features::{HAND, HAND_V1, INPUTS, RAW};
use thiserror::Error;

/// The five outputs.
pub const OUTPUTS: usize = 5;
/// Magic bytes at the start of a weights file.
pub const MAGIC: [u8; 8] = *b"BGNETW\0\0";
/// The weights file version this code writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// Version of the input layout in `features` (bumped whenever inputs change meaning).
pub const FEATURE_VERSION: u32 = 2;
const HEADER_LEN: usize = 8 + 6 * 4 + 8;
/// Inputs of feature set 1: the raw units and `HAND_V1` hand features per side.
const V1_INPUTS: usize = RAW + 2 * HAND_V1;

/// First-layer rows of a feature set 1 net laid out for the current inputs: each side's first
/// `HAND_V1` hand features keep their rows, the newer features get zero rows (so the net computes
/// exactly what it computed before, and training can start from it).
fn upgrade_v1_rows(w1: &[f32], hidden: usize) -> Vec<f32> {
    let mut out = vec![0f32; INPUTS * hidden];
    let row = |i: usize| &w1[i * hidden..(i + 1) * hidden];
    for i in 0..V1_INPUTS {
        // raw units and the on-roll side's hand features keep their index
        let to = if i < RAW + HAND_V1 { i } else { RAW + HAND + (i - RAW - HAND_V1) };
        out[to * hidden..(to + 1) * hidden].copy_from_slice(row(i));
    }
    out
}

/// A weights file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WeightsError {
    #[error("weights file too short: {0} bytes")]
    Truncated(usize),
    #[error("not a weights file (bad magic at byte 0)")]
    Magic,
    #[error("weights format version {0}, this program reads version {FORMAT_VERSION}")]
    Version(u32),
    #[error("weights for feature set {found}, this program computes feature set {FEATURE_VERSION}")]
    Features { found: u32 },
    #[error("bad net shape at byte {offset}: {what}")]
    Shape { offset: usize, what: String },
    #[error("weights file checksum mismatch (stored {stored:#010x}, computed {computed:#010x})")]
    Checksum { stored: u32, computed: u32 },
    #[error("weights file has {0} bytes after the checksum")]
    Trailing(usize),
    #[error("cannot read weights file {path}: {message}")]
    Io { path: String, message: String },
}

/// One net.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    pub class: u32,
    pub hidden: usize,
    pub games: u64,
    /// input-major: `w1[i * hidden + j]`
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// output-major: `w2[k * hidden + j]`
    pub w2: Vec<f32>,
    pub b2: [f32; OUTPUTS],
}

/// Largest hidden layer supported (the accumulator lives on the stack).
pub const MAX_HIDDEN: usize = 256;

/// A hidden-layer accumulator: bias plus the weighted inputs seen so far, before the sigmoid.
#[derive(Clone, Copy)]
pub struct Accumulator {
    pub sums: [f32; MAX_HIDDEN],
}

/// One non-zero input of a position: its index and value.
pub type Input = (u32, f32);

/// The non-zero inputs of a position (or the changed inputs of a play), in a fixed buffer on the
/// stack: every input index appears at most once, so `INPUTS` entries always suffice.
#[derive(Clone)]
pub struct SparseInputs {
    items: [Input; INPUTS],
    len: usize,
}

impl Default for SparseInputs {
    fn default() -> Self {
        SparseInputs { items: [(0, 0.0); INPUTS], len: 0 }
    }
}

impl SparseInputs {
    /// Appends input `index` with `value` (the caller skips zeros and never repeats an index).
    #[inline(always)]
    pub fn push(&mut self, index: usize, value: f32) {
        self.items[self.len] = (index as u32, value);
        self.len += 1;
    }

    /// Appends input `index` with `value` when `keep`, without a branch: the entry is written
    /// either way and only counted when kept (for lists filtered on unpredictable conditions).
    #[inline(always)]
    pub fn push_if(&mut self, keep: bool, index: usize, value: f32) {
        self.items[self.len] = (index as u32, value);
        self.len += usize::from(keep);
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn as_slice(&self) -> &[Input] {
        &self.items[..self.len]
    }
}

/// Hidden units handled together: one AVX2 register of `f32`.
const LANES: usize = 8;
type Lanes = [f32; LANES];

/// The multiply-add of one build of the hidden-layer loops. Both builds compute the same function;
/// they differ only in rounding (one rounding for a fused multiply-add instead of two).
trait MulAdd {
    /// `a * b + c`
    fn mul_add(a: f32, b: f32, c: f32) -> f32;
}

/// Separate multiply and add: the portable build (a fused `mul_add` without the FMA instruction
/// is a slow library call).
struct Separate;

impl MulAdd for Separate {
    #[inline(always)]
    fn mul_add(a: f32, b: f32, c: f32) -> f32 {
        a * b + c
    }
}

/// Fused multiply-add: only inlined into functions built with the `fma` target feature, where
/// it is one instruction.
#[cfg(target_arch = "x86_64")]
struct Fused;

#[cfg(target_arch = "x86_64")]
impl MulAdd for Fused {
    #[inline(always)]
    fn mul_add(a: f32, b: f32, c: f32) -> f32 {
        a.mul_add(b, c)
    }
}

/// `e^x` for |x| up to 87 with a relative error under 2e-7, in plain arithmetic: no library call,
/// so loops over a hidden layer vectorise (the library `exp` was a fifth of an evaluation).
/// Cody-Waite reduction `x = n ln 2 + r`, |r| <= ln 2 / 2, a degree-6 Taylor polynomial for
/// `e^r` (truncation error r^7/7! < 1.3e-7), and `2^n` built in the exponent bits.
#[inline(always)]
fn exp_approx<A: MulAdd>(x: f32) -> f32 {
    let x = x.clamp(-87.0, 87.0);
    // round to nearest by the 1.5 * 2^23 trick (no rounding instruction needed on baseline x86-64):
    // `t` is an integer in the binade where floats are one apart, so its bits minus those of
    // ROUND are `n` as an integer, without a float-to-int conversion (which does not vectorise
    // as cheaply)
    const ROUND: f32 = 12_582_912.0;
    let t = x * std::f32::consts::LOG2_E + ROUND;
    let n = t - ROUND;
    let r = A::mul_add(-n, 0.693_359_4, x);
    let r = A::mul_add(-n, -2.121_944_4e-4, r);
    let mut p = A::mul_add(r, 1.0 / 720.0, 1.0 / 120.0);
    p = A::mul_add(r, p, 1.0 / 24.0);
    p = A::mul_add(r, p, 1.0 / 6.0);
    p = A::mul_add(r, p, 0.5);
    p = A::mul_add(r, p, 1.0);
    p = A::mul_add(r, p, 1.0);
    let n = (t.to_bits() as i32).wrapping_sub(ROUND.to_bits() as i32);
    let scale = f32::from_bits(((n + 127) as u32) << 23);
    p * scale
}

#[inline(always)]
fn sigmoid_with<A: MulAdd>(x: f32) -> f32 {
    1.0 / (1.0 + exp_approx::<A>(-x))
}

/// [`sigmoid_with`] of 8 values at once, element for element the same arithmetic (the portable
/// build; see `sigmoid8_avx2` for the AVX2 one).
#[inline(always)]
fn sigmoid_lanes<A: MulAdd>(x: &Lanes) -> Lanes {
    const ROUND: f32 = 12_582_912.0;
    let mut t = [0f32; LANES];
    let mut n = [0f32; LANES];
    let mut p = [0f32; LANES];
    let mut r = [0f32; LANES];
    let mut y = [0f32; LANES];
    for l in 0..LANES {
        y[l] = (-x[l]).clamp(-87.0, 87.0);
    }
    for l in 0..LANES {
        t[l] = y[l] * std::f32::consts::LOG2_E + ROUND;
    }
    for l in 0..LANES {
        n[l] = t[l] - ROUND;
    }
    for l in 0..LANES {
        r[l] = A::mul_add(-n[l], 0.693_359_4, y[l]);
    }
    for l in 0..LANES {
        r[l] = A::mul_add(-n[l], -2.121_944_4e-4, r[l]);
    }
    for l in 0..LANES {
        p[l] = A::mul_add(r[l], 1.0 / 720.0, 1.0 / 120.0);
    }
    for c in [1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0] {
        for l in 0..LANES {
            p[l] = A::mul_add(r[l], p[l], c);
        }
    }
    let mut out = [0f32; LANES];
    for l in 0..LANES {
        let e = (t[l].to_bits() as i32).wrapping_sub(ROUND.to_bits() as i32);
        out[l] = 1.0 / (1.0 + p[l] * f32::from_bits(((e + 127) as u32) << 23));
    }
    out
}

/// The logistic function (within 2e-7 of `1 / (1 + e^-x)`).
#[inline(always)]
pub fn sigmoid(x: f32) -> f32 {
    sigmoid_with::<Separate>(x)
}

/// `start[j] + sum over inputs of value * w1[index][j]` for the hidden units `off..off + 8L`: the
/// `L` registers of sums stay in registers for the whole input list, and each weight row is read
/// once, instead of the sums being loaded and stored for every input.
#[inline(always)]
fn block_sums<A: MulAdd, const L: usize>(
    w1: &[f32],
    h: usize,
    off: usize,
    start: &[f32],
    inputs: &[Input],
) -> [Lanes; L] {
    let mut s = [[0f32; LANES]; L];
    for (l, lane) in s.iter_mut().enumerate() {
        lane.copy_from_slice(&start[off + LANES * l..off + LANES * (l + 1)]);
    }
    for &(index, value) in inputs {
        let row = &w1[index as usize * h + off..][..LANES * L];
        for (lane, w) in s.iter_mut().zip(row.chunks_exact(LANES)) {
            for (x, &w) in lane.iter_mut().zip(w) {
                *x = A::mul_add(value, w, *x);
            }
        }
    }
    s
}

/// What becomes of each block of hidden sums: a method rather than a closure so that it is
/// always inlined (into the AVX2 build too, where an outlined closure would lose the features).
trait Blocks {
    fn block(&mut self, off: usize, sums: &[Lanes]);
}

/// Feeds `sink` the hidden sums of consecutive blocks of units from 0, in blocks of `WIDE`
/// registers (as many as the build's register file holds beside a weight and the input value),
/// then smaller ones; returns where the units left to [`unit_sum`] (fewer than 8) begin.
#[inline(always)]
fn for_each_block<A: MulAdd, const WIDE: usize>(
    w1: &[f32],
    h: usize,
    start: &[f32],
    inputs: &[Input],
    sink: &mut impl Blocks,
) -> usize {
    let mut off = 0;
    while off + LANES * WIDE <= h {
        sink.block(off, &block_sums::<A, WIDE>(w1, h, off, start, inputs));
        off += LANES * WIDE;
    }
    if WIDE > 4 && off + LANES * 4 <= h {
        sink.block(off, &block_sums::<A, 4>(w1, h, off, start, inputs));
        off += LANES * 4;
    }
    while off + LANES <= h {
        sink.block(off, &block_sums::<A, 1>(w1, h, off, start, inputs));
        off += LANES;
    }
    off
}

/// The hidden sum of unit `j` alone (for hidden sizes that are not a multiple of 8).
#[inline(always)]
fn unit_sum<A: MulAdd>(w1: &[f32], h: usize, start: &[f32], inputs: &[Input], j: usize) -> f32 {
    let mut s = start[j];
    for &(index, value) in inputs {
        s = A::mul_add(value, w1[index as usize * h + j], s);
    }
    s
}

/// Stores the sums.
struct StoreSums<'a>(&'a mut [f32; MAX_HIDDEN]);

impl Blocks for StoreSums<'_> {
    #[inline(always)]
    fn block(&mut self, off: usize, sums: &[Lanes]) {
        for (l, lane) in sums.iter().enumerate() {
            self.0[off + LANES * l..off + LANES * (l + 1)].copy_from_slice(lane);
        }
    }
}

/// Hidden sums of `start` (at least `h` values) plus `inputs` into `out`.
#[inline(always)]
fn sums<A: MulAdd, const WIDE: usize>(
    w1: &[f32],
    h: usize,
    start: &[f32],
    inputs: &[Input],
    out: &mut [f32; MAX_HIDDEN],
) {
    let whole = for_each_block::<A, WIDE>(w1, h, start, inputs, &mut StoreSums(out));
    for j in whole..h {
        out[j] = unit_sum::<A>(w1, h, start, inputs, j);
    }
}

/// Takes each block of sums through its sigmoids and into the output dot products while it is
/// still in registers; keeps the activations when asked to.
struct Outputs<'a, A, S> {
    w2: &'a [f32],
    h: usize,
    hidden_out: Option<&'a mut [f32; MAX_HIDDEN]>,
    dots: [Lanes; OUTPUTS],
    sigmoid8: S,
    arithmetic: std::marker::PhantomData<A>,
}

impl<A: MulAdd, S: Fn(&Lanes) -> Lanes> Blocks for Outputs<'_, A, S> {
    #[inline(always)]
    fn block(&mut self, off: usize, sums: &[Lanes]) {
        for (l, lane) in sums.iter().enumerate() {
            let o = off + LANES * l;
            let hid = (self.sigmoid8)(lane);
            if let Some(out) = self.hidden_out.as_deref_mut() {
                out[o..o + LANES].copy_from_slice(&hid);
            }
            for (k, dot) in self.dots.iter_mut().enumerate() {
                let w = &self.w2[k * self.h + o..][..LANES];
                for ((d, &w), &x) in dot.iter_mut().zip(w).zip(&hid) {
                    *d = A::mul_add(w, x, *d);
                }
            }
        }
    }
}

/// The outputs of the hidden sums `start` plus `inputs`; the hidden activations into
/// `hidden_out` when given. `sigmoid8` is the build's [`sigmoid_lanes`].
#[inline(always)]
fn forward_from<A: MulAdd, const WIDE: usize>(
    net: &Net,
    start: &[f32],
    inputs: &[Input],
    hidden_out: Option<&mut [f32; MAX_HIDDEN]>,
    sigmoid8: impl Fn(&Lanes) -> Lanes,
) -> [f32; OUTPUTS] {
    let h = net.hidden;
    let mut o = Outputs {
        w2: &net.w2,
        h,
        hidden_out,
        dots: [[0f32; LANES]; OUTPUTS],
        sigmoid8,
        arithmetic: std::marker::PhantomData::<A>,
    };
    let whole = for_each_block::<A, WIDE>(&net.w1, h, start, inputs, &mut o);
    let mut tail = [0f32; OUTPUTS];
    for j in whole..h {
        let x = sigmoid_with::<A>(unit_sum::<A>(&net.w1, h, start, inputs, j));
        if let Some(out) = o.hidden_out.as_deref_mut() {
            out[j] = x;
        }
        for (k, t) in tail.iter_mut().enumerate() {
            *t = A::mul_add(net.w2[k * h + j], x, *t);
        }
    }
    // the five output sigmoids as one vector of 8
    let mut z = [0f32; LANES];
    for k in 0..OUTPUTS {
        z[k] = net.b2[k] + (o.dots[k].iter().sum::<f32>() + tail[k]);
    }
    let z = (o.sigmoid8)(&z);
    let mut out = [0f32; OUTPUTS];
    out.copy_from_slice(&z[..OUTPUTS]);
    out
}

/// Register blocks of the portable build: 4 x 8 sums fill 8 SSE registers, half the file.
const WIDE_PORTABLE: usize = 4;
/// Register blocks of the AVX2 build: 12 x 8 sums (a whole 96-unit layer) in 12 of the 16 YMM
/// registers, leaving room for the broadcast input value and a weight.
#[cfg(target_arch = "x86_64")]
const WIDE_AVX2: usize = 12;

// The AVX2 + FMA builds: the portable loops compiled with those target features and fused
// multiply-adds. Calling one is sound only where `simd_available()` (which includes both
// features) said so, which every caller checks first.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn sums_avx2(w1: &[f32], h: usize, start: &[f32], inputs: &[Input], out: &mut [f32; MAX_HIDDEN]) {
    sums::<Fused, WIDE_AVX2>(w1, h, start, inputs, out)
}

/// [`Net::accumulate_sparse`] in the AVX2 build, for callers built for it themselves.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
pub(crate) fn accumulate_avx2(net: &Net, start: &[f32], inputs: &[Input], acc: &mut Accumulator) {
    sums::<Fused, WIDE_AVX2>(&net.w1, net.hidden, start, inputs, &mut acc.sums)
}

/// [`Net::outputs_sparse`] in the AVX2 build, for callers built for it themselves.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
pub(crate) fn outputs_avx2(net: &Net, start: &[f32], inputs: &[Input]) -> [f32; OUTPUTS] {
    forward_from::<Fused, WIDE_AVX2>(net, start, inputs, None, |x| sigmoid8_avx2(x))
}

/// [`Net::accumulate_sparse`] in the portable build.
pub(crate) fn accumulate_portable(net: &Net, start: &[f32], inputs: &[Input], acc: &mut Accumulator) {
    sums::<Separate, WIDE_PORTABLE>(&net.w1, net.hidden, start, inputs, &mut acc.sums)
}

/// [`Net::outputs_sparse`] in the portable build.
pub(crate) fn outputs_portable(net: &Net, start: &[f32], inputs: &[Input]) -> [f32; OUTPUTS] {
    forward_from::<Separate, WIDE_PORTABLE>(net, start, inputs, None, sigmoid_lanes::<Separate>)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn forward_avx2(
    net: &Net,
    start: &[f32],
    inputs: &[Input],
    hidden_out: Option<&mut [f32; MAX_HIDDEN]>,
) -> [f32; OUTPUTS] {
    forward_from::<Fused, WIDE_AVX2>(net, start, inputs, hidden_out, |x| sigmoid8_avx2(x))
}

/// [`sigmoid_lanes`] with fused multiply-adds in AVX2 instructions, written out because the
/// vectoriser turns the portable loops into a mix of scalar and vector code. Element for element
/// it computes what `sigmoid_with::<Fused>` does (`fnmadd(n, c, y)` is `mul_add(-n, c, y)`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
#[inline]
fn sigmoid8_avx2(x: &Lanes) -> Lanes {
    use std::arch::x86_64::*;
    const ROUND: f32 = 12_582_912.0;
    let c = _mm256_set1_ps;
    // SAFETY: an unaligned load of 8 floats from an array of 8 floats.
    let x = unsafe { _mm256_loadu_ps(x.as_ptr()) };
    let y = _mm256_min_ps(_mm256_max_ps(_mm256_sub_ps(c(0.0), x), c(-87.0)), c(87.0));
    let t = _mm256_add_ps(_mm256_mul_ps(y, c(std::f32::consts::LOG2_E)), c(ROUND));
    let n = _mm256_sub_ps(t, c(ROUND));
    let r = _mm256_fnmadd_ps(n, c(0.693_359_4), y);
    let r = _mm256_fnmadd_ps(n, c(-2.121_944_4e-4), r);
    let mut p = _mm256_fmadd_ps(r, c(1.0 / 720.0), c(1.0 / 120.0));
    for k in [1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0] {
        p = _mm256_fmadd_ps(r, p, c(k));
    }
    let e = _mm256_sub_epi32(_mm256_castps_si256(t), _mm256_set1_epi32(ROUND.to_bits() as i32));
    let scale = _mm256_castsi256_ps(_mm256_slli_epi32::<23>(_mm256_add_epi32(e, _mm256_set1_epi32(127))));
    let z = _mm256_div_ps(c(1.0), _mm256_add_ps(c(1.0), _mm256_mul_ps(p, scale)));
    let mut out = [0f32; LANES];
    // SAFETY: an unaligned store of 8 floats into an array of 8 floats.
    unsafe { _mm256_storeu_ps(out.as_mut_ptr(), z) };
    out
}

fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

impl Net {
    /// A net with small seeded pseudo-random weights (a fixed linear congruential sequence, so
    /// initial weights do not depend on any RNG crate's stream).
    pub fn new_random(class: u32, hidden: usize, seed: u64) -> Net {
        assert!(hidden > 0 && hidden <= MAX_HIDDEN, "hidden layer size 1..={MAX_HIDDEN}");
        let mut state = seed ^ 0x2545_f491_4f6c_dd1d;
        let mut next = |scale: f32| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((state >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 2.0 * scale
        };
        let s1 = 1.0 / (INPUTS as f32 / 8.0).sqrt();
        let s2 = 1.0 / (hidden as f32).sqrt();
        let w1 = (0..INPUTS * hidden).map(|_| next(s1)).collect();
        let b1 = vec![0.0; hidden];
        let w2 = (0..OUTPUTS * hidden).map(|_| next(s2)).collect();
        Net { class, hidden, games: 0, w1, b1, w2, b2: [0.0; OUTPUTS] }
    }

    /// The same net with `hidden` (at least its own) hidden units: the new units get small
    /// seeded random input weights and zero output weights, so the widened net computes exactly
    /// what this one does until training moves them.
    pub fn widened(&self, hidden: usize, seed: u64) -> Net {
        assert!(hidden >= self.hidden && hidden <= MAX_HIDDEN, "widen to {}..={MAX_HIDDEN}", self.hidden);
        let fresh = Net::new_random(self.class, hidden, seed);
        let old = self.hidden;
        let mut w1 = vec![0f32; INPUTS * hidden];
        for i in 0..INPUTS {
            let row = &mut w1[i * hidden..(i + 1) * hidden];
            row[..old].copy_from_slice(&self.w1[i * old..(i + 1) * old]);
            // a tenth of a fresh net's scale: new units start near 0.5 for every position
            for (w, f) in row[old..].iter_mut().zip(&fresh.w1[i * hidden + old..(i + 1) * hidden]) {
                *w = 0.1 * f;
            }
        }
        let mut b1 = self.b1.clone();
        b1.resize(hidden, 0.0);
        let mut w2 = vec![0f32; OUTPUTS * hidden];
        for k in 0..OUTPUTS {
            w2[k * hidden..k * hidden + old].copy_from_slice(&self.w2[k * old..(k + 1) * old]);
        }
        Net { class: self.class, hidden, games: self.games, w1, b1, w2, b2: self.b2 }
    }

    /// Accumulator holding only the biases.
    #[inline]
    pub fn bias_accumulator(&self) -> Accumulator {
        let mut acc = Accumulator { sums: [0.0; MAX_HIDDEN] };
        acc.sums[..self.hidden].copy_from_slice(&self.b1);
        acc
    }

    /// Adds `value` times input row `input` to `acc`.
    #[inline]
    pub fn add_input(&self, acc: &mut Accumulator, input: usize, value: f32) {
        let h = self.hidden;
        let row = &self.w1[input * h..input * h + h];
        for (s, &w) in acc.sums[..h].iter_mut().zip(row) {
            *s += value * w;
        }
    }

    /// `acc` = the hidden sums `start` (at least `hidden` values: the biases or another
    /// accumulator's sums) plus the weighted `inputs`.
    #[inline]
    pub fn accumulate_sparse(&self, start: &[f32], inputs: &[Input], acc: &mut Accumulator) {
        self.accumulate_sparse_with(true, start, inputs, acc)
    }

    /// The accumulation in the AVX2 build (with `simd`, where the CPU has it) or the portable one.
    pub(crate) fn accumulate_sparse_with(&self, simd: bool, start: &[f32], inputs: &[Input], acc: &mut Accumulator) {
        #[cfg(target_arch = "x86_64")]
        if simd && simd_available() {
            // SAFETY: the running CPU reports AVX2 and FMA, the features `sums_avx2` is built for.
            unsafe { sums_avx2(&self.w1, self.hidden, start, inputs, &mut acc.sums) };
            return;
        }
        let _ = simd;
        accumulate_portable(self, start, inputs, acc)
    }

    /// The outputs of the hidden sums `start` (as in [`Net::accumulate_sparse`]) plus the
    /// weighted `inputs`; `hidden_out` receives the hidden activations.
    #[inline]
    pub fn forward_sparse(
        &self,
        start: &[f32],
        inputs: &[Input],
        hidden_out: &mut [f32; MAX_HIDDEN],
    ) -> [f32; OUTPUTS] {
        self.forward_sparse_with(true, start, inputs, Some(hidden_out))
    }

    /// [`Net::forward_sparse`] without the hidden activations.
    #[inline]
    pub fn outputs_sparse(&self, start: &[f32], inputs: &[Input]) -> [f32; OUTPUTS] {
        self.forward_sparse_with(true, start, inputs, None)
    }

    /// The forward pass in the AVX2 build (with `simd`, where the CPU has it) or the portable one.
    pub(crate) fn forward_sparse_with(
        &self,
        simd: bool,
        start: &[f32],
        inputs: &[Input],
        hidden_out: Option<&mut [f32; MAX_HIDDEN]>,
    ) -> [f32; OUTPUTS] {
        #[cfg(target_arch = "x86_64")]
        if simd && simd_available() {
            // SAFETY: the running CPU reports AVX2 and FMA, the features `forward_avx2` is
            // built for.
            return unsafe { forward_avx2(self, start, inputs, hidden_out) };
        }
        let _ = simd;
        forward_from::<Separate, WIDE_PORTABLE>(self, start, inputs, hidden_out, sigmoid_lanes::<Separate>)
    }

    /// Accumulator of a full input vector (zeros skipped).
    pub fn accumulate(&self, x: &[f32; INPUTS]) -> Accumulator {
        let mut inputs = SparseInputs::default();
        for (i, &v) in x.iter().enumerate() {
            if v != 0.0 {
                inputs.push(i, v);
            }
        }
        let mut acc = Accumulator { sums: [0.0; MAX_HIDDEN] };
        self.accumulate_sparse(&self.b1, inputs.as_slice(), &mut acc);
        acc
    }

    /// The outputs from a finished accumulator; `hidden_out` receives the hidden activations.
    #[inline]
    pub fn finish(&self, acc: &Accumulator, hidden_out: &mut [f32; MAX_HIDDEN]) -> [f32; OUTPUTS] {
        self.forward_sparse(&acc.sums, &[], hidden_out)
    }

    /// Forward pass of a full input vector.
    pub fn forward(&self, x: &[f32; INPUTS]) -> [f32; OUTPUTS] {
        let mut hid = [0f32; MAX_HIDDEN];
        self.finish(&self.accumulate(x), &mut hid)
    }

    /// Number of parameters.
    pub fn parameters(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + OUTPUTS
    }

    /// The file bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(HEADER_LEN + 4 * self.parameters() + 4);
        v.extend_from_slice(&MAGIC);
        for x in [FORMAT_VERSION, self.class, INPUTS as u32, self.hidden as u32, OUTPUTS as u32, FEATURE_VERSION] {
            v.extend_from_slice(&x.to_le_bytes());
        }
        v.extend_from_slice(&self.games.to_le_bytes());
        for x in self.w1.iter().chain(&self.b1).chain(&self.w2).chain(&self.b2) {
            v.extend_from_slice(&x.to_le_bytes());
        }
        let sum = fnv1a(&v);
        v.extend_from_slice(&sum.to_le_bytes());
        v
    }

    /// Parses file bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, WeightsError> {
        if bytes.len() < HEADER_LEN + 4 {
            return Err(WeightsError::Truncated(bytes.len()));
        }
        if bytes[..8] != MAGIC {
            return Err(WeightsError::Magic);
        }
        let u32_at = |o: usize| u32::from_le_bytes([bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]]);
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(WeightsError::Version(version));
        }
        let class = u32_at(12);
        let inputs = u32_at(16) as usize;
        let hidden = u32_at(20) as usize;
        let outputs = u32_at(24) as usize;
        let features = u32_at(28);
        if class > 2 {
            return Err(WeightsError::Shape { offset: 12, what: format!("class {class} (0..=2)") });
        }
        // feature set 1 files are read as set 2 nets with zero weights on the newer inputs
        let v1 = features == 1 && inputs == V1_INPUTS;
        if inputs != INPUTS && !v1 {
            return Err(WeightsError::Shape { offset: 16, what: format!("{inputs} inputs, expected {INPUTS}") });
        }
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(WeightsError::Shape { offset: 20, what: format!("{hidden} hidden units (1..={MAX_HIDDEN})") });
        }
        if outputs != OUTPUTS {
            return Err(WeightsError::Shape { offset: 24, what: format!("{outputs} outputs, expected {OUTPUTS}") });
        }
        if features != FEATURE_VERSION && !v1 {
            return Err(WeightsError::Features { found: features });
        }
        let games = u64::from_le_bytes(bytes[32..40].try_into().expect("8 bytes"));
        let floats = inputs * hidden + hidden + outputs * hidden + outputs;
        let end = HEADER_LEN + 4 * floats;
        if bytes.len() < end + 4 {
            return Err(WeightsError::Truncated(bytes.len()));
        }
        if bytes.len() > end + 4 {
            return Err(WeightsError::Trailing(bytes.len() - end - 4));
        }
        let stored = u32_at(end);
        let computed = fnv1a(&bytes[..end]);
        if stored != computed {
            return Err(WeightsError::Checksum { stored, computed });
        }
        let mut vals = bytes[HEADER_LEN..end].chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut take = |n: usize| (&mut vals).take(n).collect::<Vec<f32>>();
        let w1 = take(inputs * hidden);
        let b1 = take(hidden);
        let w2 = take(outputs * hidden);
        let b2v = take(outputs);
        let mut b2 = [0f32; OUTPUTS];
        b2.copy_from_slice(&b2v);
        let w1 = if v1 { upgrade_v1_rows(&w1, hidden) } else { w1 };
        Ok(Net { class, hidden, games, w1, b1, w2, b2 })
    }

    /// Reads a weights file.
    pub fn load(path: &std::path::Path) -> Result<Net, WeightsError> {
        let bytes = std::fs::read(path)
            .map_err(|e| WeightsError::Io { path: path.display().to_string(), message: e.to_string() })?;
        Net::from_bytes(&bytes)
    }

    /// Writes a weights file whole or not at all ([`engine_core::atomic_file`]).
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        engine_core::atomic_file::write_atomic(path, &self.to_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn round_trip_and_checksum() {
        let net = Net::new_random(1, 16, 7);
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes).unwrap(), net);
        let mut bad = bytes.clone();
        bad[100] ^= 1;
        assert!(matches!(Net::from_bytes(&bad), Err(WeightsError::Checksum { .. })));
        assert_eq!(Net::from_bytes(&bytes[..10]), Err(WeightsError::Truncated(10)));
        let mut bad = bytes.clone();
        bad[0] = b'X';
        assert_eq!(Net::from_bytes(&bad), Err(WeightsError::Magic));
        let mut bad = bytes.clone();
        bad[8] = 9;
        assert_eq!(Net::from_bytes(&bad), Err(WeightsError::Version(9)));
        let mut long = bytes;
        long.push(0);
        assert_eq!(Net::from_bytes(&long), Err(WeightsError::Trailing(1)));
    }

    #[test]
    fn sigmoid_is_within_2e7_of_the_exact_logistic() {
        let mut worst = 0f64;
        for i in -200_000..=200_000 {
            let x = i as f32 * 1e-4;
            let exact = 1.0 / (1.0 + (-f64::from(x)).exp());
            worst = worst.max((f64::from(sigmoid(x)) - exact).abs());
        }
        assert!(worst < 2e-7, "{worst}");
        assert!(sigmoid(-200.0) < 1e-37);
        assert_eq!(sigmoid(200.0), 1.0);
        assert!(sigmoid(0.0) == 0.5);
    }

    #[test]
    fn a_widened_net_computes_the_same_outputs() {
        let net = Net::new_random(0, 8, 3);
        let wide = net.widened(13, 5);
        assert_eq!((wide.hidden, wide.w1.len(), wide.w2.len()), (13, INPUTS * 13, OUTPUTS * 13));
        let mut x = [0f32; INPUTS];
        for (i, v) in x.iter_mut().enumerate() {
            *v = ((i * 7) % 11) as f32 / 10.0;
        }
        let (a, b) = (net.forward(&x), wide.forward(&x));
        for k in 0..OUTPUTS {
            assert!((a[k] - b[k]).abs() < 1e-6, "{a:?} {b:?}");
        }
        // the new units are not dead: they see the inputs
        assert!(wide.w1[8..13].iter().any(|&w| w != 0.0));
    }

    #[test]
    fn forward_matches_a_dense_computation() {
        let net = Net::new_random(0, 8, 3);
        let mut x = [0f32; INPUTS];
        for (i, v) in x.iter_mut().enumerate() {
            if i % 7 == 0 {
                *v = (i % 5) as f32 * 0.25;
            }
        }
        let out = net.forward(&x);
        for k in 0..OUTPUTS {
            let mut z = net.b2[k];
            for j in 0..8 {
                let mut a = net.b1[j];
                for i in 0..INPUTS {
                    a += x[i] * net.w1[i * 8 + j];
                }
                z += net.w2[k * 8 + j] / (1.0 + (-a).exp());
            }
            let want = 1.0 / (1.0 + (-z).exp());
            assert!((out[k] - want).abs() < 1e-5);
        }
    }

    #[test]
    fn feature_set_1_files_are_upgraded_to_the_same_function() {
        // a hand-written set 1 file: 216 inputs, 3 hidden units
        let h = 3;
        let v1 = Net::new_random(0, h, 11);
        let w1: Vec<f32> = (0..V1_INPUTS * h).map(|i| ((i * 37 % 101) as f32 - 50.0) / 200.0).collect();
        let mut bytes = MAGIC.to_vec();
        for x in [FORMAT_VERSION, 0, V1_INPUTS as u32, h as u32, OUTPUTS as u32, 1] {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        bytes.extend_from_slice(&5u64.to_le_bytes());
        for x in w1.iter().chain(&v1.b1).chain(&v1.w2).chain(&v1.b2) {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        let sum = fnv1a(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        let net = Net::from_bytes(&bytes).unwrap();
        assert_eq!(net.games, 5);
        for pos in crate::rules::sampling::random_game_positions(crate::rules::variant::Variant::Standard, 20, 3) {
            let mut x = [0f32; INPUTS];
            super::super::features::features(&pos, &mut x);
            // the set 1 inputs: raw units, then each side's first HAND_V1 hand features
            let old: Vec<f32> = x[..RAW]
                .iter()
                .chain(&x[RAW..RAW + HAND_V1])
                .chain(&x[RAW + HAND..RAW + HAND + HAND_V1])
                .copied()
                .collect();
            let out = net.forward(&x);
            for k in 0..OUTPUTS {
                let mut z = v1.b2[k];
                for j in 0..h {
                    let a: f32 = v1.b1[j] + (0..V1_INPUTS).map(|i| old[i] * w1[i * h + j]).sum::<f32>();
                    z += v1.w2[k * h + j] * sigmoid(a);
                }
                assert!((out[k] - sigmoid(z)).abs() < 1e-5);
            }
        }
    }

    /// A forward pass in f64 with the exact logistic, from a dense input vector.
    fn reference_forward(net: &Net, x: &[f32; INPUTS]) -> [f64; OUTPUTS] {
        let h = net.hidden;
        let logistic = |z: f64| 1.0 / (1.0 + (-z).exp());
        let hid: Vec<f64> = (0..h)
            .map(|j| {
                let a: f64 = (0..INPUTS).map(|i| f64::from(x[i]) * f64::from(net.w1[i * h + j])).sum();
                logistic(f64::from(net.b1[j]) + a)
            })
            .collect();
        std::array::from_fn(|k| {
            logistic(f64::from(net.b2[k]) + (0..h).map(|j| f64::from(net.w2[k * h + j]) * hid[j]).sum::<f64>())
        })
    }

    #[test]
    fn both_builds_compute_the_net_up_to_rounding() {
        // 96 and 128 units fill whole register blocks, 13 and 45 leave a tail of single units
        for hidden in [96, 128, 13, 45] {
            let net = Net::new_random(0, hidden, hidden as u64);
            for pos in crate::rules::sampling::random_game_positions(crate::rules::variant::Variant::Standard, 300, 5) {
                let mut x = [0f32; INPUTS];
                super::super::features::features(&pos, &mut x);
                let mut inputs = SparseInputs::default();
                for (i, &v) in x.iter().enumerate() {
                    if v != 0.0 {
                        inputs.push(i, v);
                    }
                }
                let want = reference_forward(&net, &x);
                let mut hid = [[0f32; MAX_HIDDEN]; 2];
                let mut acc = [Accumulator { sums: [0.0; MAX_HIDDEN] }; 2];
                for (b, simd) in [false, true].into_iter().enumerate() {
                    let out = net.forward_sparse_with(simd, &net.b1, inputs.as_slice(), Some(&mut hid[b]));
                    for k in 0..OUTPUTS {
                        assert!((f64::from(out[k]) - want[k]).abs() < 2e-6, "{hidden} {simd} {out:?} {want:?}");
                    }
                    net.accumulate_sparse_with(simd, &net.b1, inputs.as_slice(), &mut acc[b]);
                    // from an accumulator, with no further inputs: the same outputs
                    let again = net.forward_sparse_with(simd, &acc[b].sums, &[], None);
                    for k in 0..OUTPUTS {
                        assert!((again[k] - out[k]).abs() < 1e-6);
                    }
                }
                for j in 0..hidden {
                    assert!((hid[0][j] - hid[1][j]).abs() < 1e-6);
                    assert!((acc[0].sums[j] - acc[1].sums[j]).abs() < 1e-4 * (1.0 + acc[0].sums[j].abs()));
                }
            }
        }
    }

    #[test]
    fn the_vector_sigmoid_is_the_scalar_one() {
        for i in -2000..2000 {
            let x: Lanes = std::array::from_fn(|l| (i * LANES as i32 + l as i32) as f32 * 7.3e-3);
            let got = sigmoid_lanes::<Separate>(&x);
            for l in 0..LANES {
                assert_eq!(got[l].to_bits(), sigmoid(x[l]).to_bits(), "{}", x[l]);
            }
        }
    }

    proptest! {
        #[test]
        fn parser_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let _ = Net::from_bytes(&bytes);
        }

        #[test]
        fn parser_rejects_any_single_byte_change(pos in 0usize..1000, flip in 1u8..=255) {
            let bytes = Net::new_random(2, 4, 1).to_bytes();
            let mut bad = bytes.clone();
            let p = pos % bad.len();
            bad[p] ^= flip;
            prop_assert!(Net::from_bytes(&bad).is_err());
        }
    }
}
