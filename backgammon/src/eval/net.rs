//! A small multilayer perceptron (inputs → one sigmoid hidden layer → 5 sigmoid outputs) and its
//! versioned weights file.
//!
//! The first layer is stored input-major (`w1[input * hidden + j]`) so that a position's hidden
//! accumulator is a sum of a few weight rows: raw board units are mostly zero, and a play changes
//! only the units of the points it touches ([`Net::slot_delta`] updates an accumulator in place).
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

#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
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

    /// Accumulator of a full input vector (zeros skipped).
    pub fn accumulate(&self, x: &[f32; INPUTS]) -> Accumulator {
        let mut acc = self.bias_accumulator();
        for (i, &v) in x.iter().enumerate() {
            if v != 0.0 {
                self.add_input(&mut acc, i, v);
            }
        }
        acc
    }

    /// The outputs from a finished accumulator; `hidden_out` receives the hidden activations.
    #[inline]
    pub fn finish(&self, acc: &Accumulator, hidden_out: &mut [f32; MAX_HIDDEN]) -> [f32; OUTPUTS] {
        let h = self.hidden;
        for (o, &s) in hidden_out[..h].iter_mut().zip(&acc.sums[..h]) {
            *o = sigmoid(s);
        }
        let mut out = [0f32; OUTPUTS];
        for (k, o) in out.iter_mut().enumerate() {
            let row = &self.w2[k * h..k * h + h];
            let dot: f32 = row.iter().zip(&hidden_out[..h]).map(|(w, x)| w * x).sum();
            *o = sigmoid(self.b2[k] + dot);
        }
        out
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

    /// Writes a weights file (via a temporary file, so a crash never leaves half a file).
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, self.to_bytes())?;
        std::fs::rename(tmp, path)
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
        for pos in crate::sampling::random_game_positions(crate::variant::Variant::Standard, 20, 3) {
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
