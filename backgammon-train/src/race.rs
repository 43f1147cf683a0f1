//! The race benchmark of absolute values and the race training positions.
//!
//! Chequer play in races needs only the order of the plays, which the race net gets right; cube
//! decisions need absolute winning chances, which it can get wrong in lopsided races (one side
//! home, the other with a few chequers outside) that self-play seldom reaches. This module reads
//! the reference file `tests/data/race_values.txt` (gnubg-nn's 0-ply and 2-ply cubeless
//! probabilities of race positions, made by `tests/python/gnubg_race_ref.py`), measures our
//! n-ply values against its 2-ply ones ([`value_errors`]), and generates race positions for
//! training ([`lopsided_positions`], [`race_positions`]): their targets come from our own
//! rollouts (`gammon-train --mode rollouts`), never from the reference file.
//!
//! It owns measurement and position generation only; it never changes how positions are evaluated.

use crate::train::{self_play_positions, Recording};
use backgammon::eval::nply::NPly;
use backgammon::eval::{classify, Evaluator, PositionClass, Probabilities};
use backgammon::rules::position::{Position, PositionError};
use engine_core::rng::seeded_rng;
use rand::Rng;
use rayon::prelude::*;
use std::path::Path;
use thiserror::Error;

/// One reference position: gnubg-nn's cubeless probabilities at 0 and 2 plies.
#[derive(Clone, Debug, PartialEq)]
pub struct RaceRef {
    /// Line number in the file (1-based).
    pub line: usize,
    /// `s` from self-play, `l` generated lopsided.
    pub kind: char,
    pub pos: Position,
    pub gnubg0: Probabilities,
    pub gnubg2: Probabilities,
}

/// Why a reference file could not be read.
#[derive(Debug, Error)]
pub enum RaceRefError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("line {line}: {message}")]
    Syntax { line: usize, message: String },
}

/// Parses a race reference file (format: `tests/python/gnubg_race_ref.py`).
pub fn parse_race_refs(text: &str) -> Result<Vec<RaceRef>, RaceRefError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let bad = |message: String| RaceRefError::Syntax { line, message };
        let f: Vec<&str> = l.split_whitespace().collect();
        if f.len() != 12 {
            return Err(bad(format!("{} fields, 12 expected", f.len())));
        }
        let pos = Position::from_id(f[0]).map_err(|e: PositionError| bad(e.to_string()))?;
        let kind = match f[1] {
            "s" => 's',
            "l" => 'l',
            k => return Err(bad(format!("kind {k:?}, `s` or `l` expected"))),
        };
        let mut p = [0f32; 10];
        for (v, s) in p.iter_mut().zip(&f[2..]) {
            *v = s
                .parse()
                .ok()
                .filter(|x: &f32| (0.0..=1.0).contains(x))
                .ok_or_else(|| bad(format!("bad probability {s:?}")))?;
        }
        let five = |a: &[f32]| Probabilities([a[0], a[1], a[2], a[3], a[4]]);
        out.push(RaceRef { line, kind, pos, gnubg0: five(&p[..5]), gnubg2: five(&p[5..]) });
    }
    Ok(out)
}

/// Reads a race reference file.
pub fn read_race_refs(path: &Path) -> Result<Vec<RaceRef>, RaceRefError> {
    parse_race_refs(&std::fs::read_to_string(path)?)
}

/// Mean absolute errors against gnubg-nn's 2-ply values.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ValueErrors {
    pub positions: usize,
    /// Win probability.
    pub win: f64,
    /// Gammon probabilities: the mean of the win-gammon and lose-gammon errors.
    pub gammon: f64,
    /// Cubeless money equity.
    pub equity: f64,
    /// Mean signed error of the win probability (ours minus the reference).
    pub win_bias: f64,
    /// The largest win-probability error and the file line of its position.
    pub max_win: (f64, usize),
    /// Positions whose win probability is off by more than 0.05.
    pub over_5pc: usize,
}

impl std::fmt::Display for ValueErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "win {:.4} (bias {:+.4}, max {:.3} line {}, {} over 0.05), gammon {:.4}, equity {:.4} ({} positions)",
            self.win,
            self.win_bias,
            self.max_win.0,
            self.max_win.1,
            self.over_5pc,
            self.gammon,
            self.equity,
            self.positions
        )
    }
}

/// The errors of `values` (one per reference, in order) against the references' 2-ply values,
/// over the references whose kind `keep` admits.
pub fn errors_of(refs: &[RaceRef], values: &[Probabilities], keep: impl Fn(char) -> bool) -> ValueErrors {
    let mut e = ValueErrors::default();
    for (r, v) in refs.iter().zip(values).filter(|(r, _)| keep(r.kind)) {
        let (a, b) = (v.0, r.gnubg2.0);
        e.positions += 1;
        let w = f64::from((a[0] - b[0]).abs());
        e.win += w;
        if w > e.max_win.0 {
            e.max_win = (w, r.line);
        }
        e.over_5pc += usize::from(w > 0.05);
        e.win_bias += f64::from(a[0] - b[0]);
        e.gammon += f64::from((a[1] - b[1]).abs() + (a[3] - b[3]).abs()) / 2.0;
        e.equity += (v.cubeless_equity() - r.gnubg2.cubeless_equity()).abs();
    }
    let n = e.positions.max(1) as f64;
    e.win /= n;
    e.win_bias /= n;
    e.gammon /= n;
    e.equity /= n;
    e
}

/// Our `plies`-ply probabilities of every reference position (parallel; deterministic).
pub fn our_values(refs: &[RaceRef], eval: &Evaluator, plies: usize) -> Vec<Probabilities> {
    refs.par_chunks(8)
        .map_init(
            || NPly::new(eval, 0),
            |search, chunk| chunk.iter().map(|r| search.evaluate(&r.pos, plies)).collect::<Vec<_>>(),
        )
        .collect::<Vec<_>>()
        .concat()
}

/// Our `plies`-ply errors over all references.
pub fn value_errors(refs: &[RaceRef], eval: &Evaluator, plies: usize) -> ValueErrors {
    errors_of(refs, &our_values(refs, eval, plies), |_| true)
}

/// Puts `n` chequers on points `lo..=hi` (1-based) of `side` at random.
fn spread(side: &mut [u8; 25], n: u32, lo: usize, hi: usize, rng: &mut impl Rng) {
    for _ in 0..n {
        side[rng.random_range(lo..=hi) - 1] += 1;
    }
}

/// `n` generated lopsided race positions (seeded): one side, on roll or not at random, has 1 to
/// 15 chequers left, all on its home board; the other has 1 to 5 on its 7 to 14 points and up to
/// 15 in all (at least 3) — the families of `tests/python/gnubg_race_ref.py`.
pub fn lopsided_positions(n: usize, seed: u64) -> Vec<Position> {
    let mut rng = seeded_rng(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut home = [0u8; 25];
        spread(&mut home, rng.random_range(1..=15), 1, 6, &mut rng);
        let mut other = [0u8; 25];
        let outside = rng.random_range(1..=5u32);
        spread(&mut other, outside, 7, 14, &mut rng);
        spread(&mut other, rng.random_range(3u32.saturating_sub(outside)..=15 - outside), 1, 6, &mut rng);
        let board = if rng.random_bool(0.5) { [other, home] } else { [home, other] };
        if let Ok(pos) = Position::from_board(board) {
            if classify(&pos) == PositionClass::Race {
                out.push(pos);
            }
        }
    }
    out
}

/// Race training positions: `self_play` race positions of 0-ply self-play of `eval` (5% random
/// moves) followed by `lopsided` generated ones ([`lopsided_positions`]), all seeded by `seed`.
pub fn race_positions(eval: &Evaluator, self_play: usize, lopsided: usize, seed: u64) -> Vec<Position> {
    let mut out = Vec::with_capacity(self_play + lopsided);
    let mut round = 0u32;
    let recording = Recording { explore: 0.05, alternatives: 0.0, siblings: 1 };
    while out.len() < self_play {
        round += 1;
        let batch = self_play_positions(eval, 50_000, seed, 1_000 + round, recording, &|_| {});
        out.extend(batch.into_iter().filter(|p| classify(p) == PositionClass::Race));
    }
    out.truncate(self_play);
    out.extend(lopsided_positions(lopsided, seed ^ 0x5eed_1095));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lopsided_positions_are_seeded_races() {
        let a = lopsided_positions(200, 3);
        assert_eq!(a, lopsided_positions(200, 3));
        assert!(a.iter().all(|p| classify(p) == PositionClass::Race));
    }

    #[test]
    fn bad_reference_lines_are_located() {
        let good = "# c\n4HPwATDgc/ABMA s 0.5 0 0 0 0 0.5 0 0 0 0\n";
        assert_eq!(parse_race_refs(good).unwrap().len(), 1);
        for bad in ["x", "4HPwATDgc/ABMA q 0.5 0 0 0 0 0.5 0 0 0 0", "4HPwATDgc/ABMA s 1.5 0 0 0 0 0.5 0 0 0 0"] {
            assert!(matches!(parse_race_refs(bad), Err(RaceRefError::Syntax { line: 1, .. })), "{bad}");
        }
    }
}
