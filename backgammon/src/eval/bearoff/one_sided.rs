//! One-sided bearoff databases: for each position of one side (up to `C` chequers on the lowest
//! `P` points), the probability of bearing all chequers off in exactly n rolls and, for positions
//! with all `C` chequers still on the board, the probability that the first chequer comes off on
//! roll n (for gammon chances). Positions are solved in order of increasing pip count, since every
//! play lowers the pips.
//!
//! Two solvers live here:
//! - [`OneSided`]: exact `f64` distributions, each roll played to minimise the exact expected
//!   number of rolls;
//! - [`QuantisedOneSided`]: gnubg's 16-bit distributions, bit for bit what `makebearoff -o P`
//!   stores (the rule is documented on [`QuantisedOneSided::generate`]).
//!
//! This module owns the mathematics only; the file format is in [`super::file`].

use super::index::OneSidedIndex;
use super::{check_memory, try_vec, try_with_capacity, MemoryError};
use crate::rules::dice::ROLLS;
use crate::rules::movegen::MoveGenerator;
use crate::rules::position::{Position, ON_ROLL};

/// Longest distribution kept (15 chequers on the 6 point need at most 15 rolls; larger
/// databases need more).
pub const MAX_ROLLS: usize = 32;

/// A distribution over the number of rolls: `d[n]` = probability of exactly n rolls.
pub type Distribution = [f64; MAX_ROLLS];

/// Every play of each of the 21 rolls from the side with `counts`, as (child index, bears a chequer
/// off), in the generator's order; `out[r]` is for `ROLLS[r]`.
pub(crate) fn children(
    gen: &mut MoveGenerator,
    index: &OneSidedIndex,
    counts: &[u8],
    out: &mut [Vec<(usize, bool)>; 21],
) {
    let points = index.points();
    let mut board = [[0u8; 25]; 2];
    board[ON_ROLL][..points].copy_from_slice(counts);
    let pos = Position::from_board(board).expect("one side only");
    for (list, &(a, b, _)) in out.iter_mut().zip(&ROLLS) {
        list.clear();
        for play in gen.generate(&pos, a, b) {
            let child = index.rank(&play.result().board()[ON_ROLL][..points]).expect("bearoff stays home");
            list.push((child, play.steps().iter().any(|s| s.to == 0)));
        }
    }
}

/// Position indices sorted by pip count, so every child comes before its parent.
pub(crate) fn solve_order(index: &OneSidedIndex) -> Result<Vec<usize>, MemoryError> {
    let mut order: Vec<(u32, usize)> = try_with_capacity(index.len(), "the solving order")?;
    order.extend((0..index.len()).map(|i| {
        let c = index.unrank(i).expect("in range");
        let pips: u32 = c.iter().enumerate().map(|(p, &k)| (p as u32 + 1) * u32::from(k)).sum();
        (pips, i)
    }));
    order.sort_unstable();
    // in place: the pairs' allocation is reused for the indices
    Ok(order.into_iter().map(|(_, i)| i).collect())
}

/// Bytes per position while [`solve_order`] is built: the (pips, index) pairs.
const ORDER_BYTES: u64 = std::mem::size_of::<(u32, usize)>() as u64;

/// The memory [`OneSided::generate`] needs: per position two `f64` distributions, two means and
/// the solving order.
pub fn exact_memory_needed(points: usize, chequers: usize) -> u64 {
    let per = 2 * std::mem::size_of::<Distribution>() as u64 + 16 + ORDER_BYTES;
    super::one_sided_positions(points, chequers).saturating_mul(per)
}

/// The memory [`QuantisedOneSided::generate`] needs: per position two 16-bit distributions (128
/// bytes), two means and the solving order, 160 bytes in all.
pub fn quantised_memory_needed(points: usize, chequers: usize) -> u64 {
    let per = 2 * std::mem::size_of::<Quantised>() as u64 + 16 + ORDER_BYTES;
    super::one_sided_positions(points, chequers).saturating_mul(per)
}

fn describe(points: usize, chequers: usize) -> impl FnOnce() -> String {
    move || format!("a one-sided database of {chequers} chequers on {points} points")
}

fn mean(d: &Distribution) -> f64 {
    d.iter().enumerate().map(|(n, p)| n as f64 * p).sum()
}

/// For one roll's plays `(child, bears a chequer off)`: the child with the lowest mean rolls
/// to bear off (first in generation order on ties, as gnubg), the non-bearing-off child with the
/// lowest mean rolls to the first chequer off, and whether some play bears a chequer off. Shared
/// by the exact (`f64` means) and the stored (`u64` sums) solvers.
fn best_children<M: PartialOrd + Copy>(
    plays: &[(usize, bool)],
    off_mean: &[M],
    first_mean: &[M],
) -> (usize, Option<(M, usize)>, bool) {
    let mut best_off: Option<(M, usize)> = None;
    let mut best_first: Option<(M, usize)> = None;
    let mut bears_off = false;
    for &(child, bears) in plays {
        if best_off.is_none_or(|(m, _)| off_mean[child] < m) {
            best_off = Some((off_mean[child], child));
        }
        if bears {
            bears_off = true;
        } else if best_first.is_none_or(|(m, _)| first_mean[child] < m) {
            best_first = Some((first_mean[child], child));
        }
    }
    let (_, child) = best_off.expect("every roll has a play when all chequers are home");
    (child, best_first, bears_off)
}

/// An exact one-sided bearoff database held in memory.
#[derive(Debug, Clone)]
pub struct OneSided {
    index: OneSidedIndex,
    off: Vec<Distribution>,
    first_off: Vec<Distribution>,
}

impl OneSided {
    /// Solves every position of `chequers` chequers on `points` points. `progress(done, total)`
    /// is called now and then.
    ///
    /// # Errors
    /// [`MemoryError`] when the database would take more than [`super::MAX_DATABASE_BYTES`]
    /// ([`exact_memory_needed`]) or the memory cannot be had.
    pub fn generate(
        points: usize,
        chequers: usize,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<Self, MemoryError> {
        check_memory(describe(points, chequers), exact_memory_needed(points, chequers))?;
        let index = OneSidedIndex::new(points, chequers);
        let n = index.len();
        let what = "the one-sided distributions";
        let mut off = try_vec([0.0; MAX_ROLLS], n, what)?;
        let mut first_off = try_vec([0.0; MAX_ROLLS], n, what)?;
        let mut off_mean = try_vec(0.0, n, what)?;
        let mut first_mean = try_vec(0.0, n, what)?;
        let mut gen = MoveGenerator::new();
        let mut kids: [Vec<(usize, bool)>; 21] = Default::default();
        for (done, i) in solve_order(&index)?.into_iter().enumerate() {
            let counts = index.unrank(i).expect("in range");
            let total: usize = counts.iter().map(|&c| c as usize).sum();
            if total == 0 {
                off[i][0] = 1.0;
                first_off[i][0] = 1.0;
                continue;
            }
            children(&mut gen, &index, &counts, &mut kids);
            let all_on_board = total == chequers;
            let (mut d, mut g) = ([0.0; MAX_ROLLS], [0.0; MAX_ROLLS]);
            for (plays, &(_, _, w)) in kids.iter().zip(&ROLLS) {
                let w = u64::from(w);
                let w = w as f64 / 36.0;
                let (child, best_first, bears_off) = best_children(plays, &off_mean, &first_mean);
                for k in 0..MAX_ROLLS - 1 {
                    d[k + 1] += w * off[child][k];
                }
                if all_on_board {
                    if bears_off {
                        g[1] += w;
                    } else if let Some((_, c)) = best_first {
                        for k in 0..MAX_ROLLS - 1 {
                            g[k + 1] += w * first_off[c][k];
                        }
                    }
                }
            }
            if !all_on_board {
                g = [0.0; MAX_ROLLS];
                g[0] = 1.0;
            }
            off_mean[i] = mean(&d);
            first_mean[i] = mean(&g);
            off[i] = d;
            first_off[i] = g;
            if done % 4096 == 0 {
                progress(done, n);
            }
        }
        progress(n, n);
        Ok(OneSided { index, off, first_off })
    }

    pub fn index(&self) -> &OneSidedIndex {
        &self.index
    }

    /// P(all chequers off in exactly n rolls) for the side with `counts` on points 1..=P.
    pub fn distribution(&self, counts: &[u8]) -> Option<&Distribution> {
        self.index.rank(counts).map(|i| &self.off[i])
    }

    /// P(first chequer off in exactly n rolls); certain at 0 rolls once one is off.
    pub fn first_off_distribution(&self, counts: &[u8]) -> Option<&Distribution> {
        self.index.rank(counts).map(|i| &self.first_off[i])
    }

    /// Expected number of rolls to bear off.
    pub fn mean_rolls(&self, counts: &[u8]) -> Option<f64> {
        self.distribution(counts).map(mean)
    }
}

/// A distribution in gnubg's storage units: `q[n] / 65535` is the probability of exactly n rolls,
/// and the entries always sum to exactly 65535.
pub type Quantised = [u16; MAX_ROLLS];

/// The value gnubg stores for certainty.
pub const ONE: u16 = u16::MAX;

/// A one-sided database with gnubg's 16-bit distributions, identical to gnubg's `makebearoff`
/// output (and readable from or writable to its files with [`super::file`]).
#[derive(Debug, Clone)]
pub struct QuantisedOneSided {
    index: OneSidedIndex,
    off: Vec<Quantised>,
    /// empty when the database carries no gammon distributions
    first_off: Vec<Quantised>,
}

/// Rounds sums of 36ths to 16-bit units, half up, then lets the largest entry (the first of
/// equals) absorb the rounding so the total is exactly [`ONE`] — the only arithmetic that
/// reproduces every value gnubg stores.
fn quantise(sums: &[u64; MAX_ROLLS]) -> Quantised {
    let mut q = [0u16; MAX_ROLLS];
    let mut total: i64 = 0;
    let mut largest = 0;
    for (k, &s) in sums.iter().enumerate() {
        q[k] = u16::try_from((s + 18) / 36).expect("a probability");
        total += i64::from(q[k]);
        if q[k] > q[largest] {
            largest = k;
        }
    }
    q[largest] =
        u16::try_from(i64::from(q[largest]) + i64::from(ONE) - total).expect("rounding error below one unit per roll");
    q
}

/// The mean in units of 1/65535 roll: exact, so ties are ties.
fn quantised_mean(q: &Quantised) -> u64 {
    q.iter().enumerate().map(|(n, &p)| n as u64 * u64::from(p)).sum()
}

fn certain_now() -> Quantised {
    let mut q = [0; MAX_ROLLS];
    q[0] = ONE;
    q
}

impl QuantisedOneSided {
    /// Solves every position of `chequers` chequers on `points` points as gnubg's `makebearoff`
    /// does (found by comparing with its 15-chequer 6-point database: all 54,264 bearoff and
    /// gammon distributions agree bit for bit, and the files for 1 to 8 points have the seed's
    /// MD5 checksums):
    ///
    /// - children are read back *quantised*, so rounding propagates;
    /// - each roll is played to the child with the smallest mean of its stored distribution,
    ///   compared exactly; on a tie, the first such play in [`MoveGenerator`]'s order. Ties between
    ///   different distributions are real (88 rolls in the 15x6 database, e.g. 21 from 0,0,1,0,3,5:
    ///   `6/4 5/4` and `3/off`) and neither position index order reproduces gnubg's picks, so a
    ///   change to the generator's play order can break compatibility; the checksum tests in
    ///   [`super::file`] would catch it;
    /// - the parent's entries are `sum(w * child[n - 1]) / 36`, `w` = 1 for doubles and 2 for
    ///   other rolls, rounded half up, and the largest entry absorbs the rounding (`quantise`);
    /// - gammon ("first chequer off"): only with all `chequers` on the board; a roll that can bear
    ///   a chequer off counts as off in one roll, otherwise the non-bearing play whose child has the
    ///   smallest stored gammon mean is taken; positions with fewer chequers store certainty at 0.
    ///
    /// Because rounding propagates and steers the choices, these values drift from the exact
    /// ones of [`OneSided`] by up to a few hundredths of a percentage point (issue 5: 44.271%
    /// stored for the seed's 44.2695%).
    ///
    /// `progress(done, total)` is called now and then.
    ///
    /// # Errors
    /// [`MemoryError`] when the database would take more than [`super::MAX_DATABASE_BYTES`]
    /// ([`quantised_memory_needed`]: 15 chequers on 13 points or more) or the memory cannot be had.
    pub fn generate(
        points: usize,
        chequers: usize,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<Self, MemoryError> {
        check_memory(describe(points, chequers), quantised_memory_needed(points, chequers))?;
        let index = OneSidedIndex::new(points, chequers);
        let n = index.len();
        let what = "the one-sided distributions";
        let mut off = try_vec([0u16; MAX_ROLLS], n, what)?;
        let mut first_off = try_vec([0u16; MAX_ROLLS], n, what)?;
        let mut off_mean = try_vec(0u64, n, what)?;
        let mut first_mean = try_vec(0u64, n, what)?;
        let mut gen = MoveGenerator::new();
        let mut kids: [Vec<(usize, bool)>; 21] = Default::default();
        for (done, i) in solve_order(&index)?.into_iter().enumerate() {
            let counts = index.unrank(i).expect("in range");
            let total: usize = counts.iter().map(|&c| c as usize).sum();
            if total == 0 {
                off[i] = certain_now();
                first_off[i] = certain_now();
                continue;
            }
            children(&mut gen, &index, &counts, &mut kids);
            let all_on_board = total == chequers;
            let (mut d, mut g) = ([0u64; MAX_ROLLS], [0u64; MAX_ROLLS]);
            for (plays, &(_, _, w)) in kids.iter().zip(&ROLLS) {
                let w = u64::from(w);
                let (child, best_first, bears_off) = best_children(plays, &off_mean, &first_mean);
                for k in 0..MAX_ROLLS - 1 {
                    d[k + 1] += w * u64::from(off[child][k]);
                }
                if all_on_board {
                    if bears_off {
                        g[1] += w * u64::from(ONE);
                    } else if let Some((_, c)) = best_first {
                        for k in 0..MAX_ROLLS - 1 {
                            g[k + 1] += w * u64::from(first_off[c][k]);
                        }
                    }
                }
            }
            off[i] = quantise(&d);
            first_off[i] = if all_on_board { quantise(&g) } else { certain_now() };
            off_mean[i] = quantised_mean(&off[i]);
            first_mean[i] = quantised_mean(&first_off[i]);
            if done % 4096 == 0 {
                progress(done, n);
            }
        }
        progress(n, n);
        Ok(QuantisedOneSided { index, off, first_off })
    }

    /// A database from stored distributions, one per position of `index` (`first_off` empty for
    /// none); `None` if the lengths disagree.
    pub fn from_parts(index: OneSidedIndex, off: Vec<Quantised>, first_off: Vec<Quantised>) -> Option<Self> {
        let n = index.len();
        (off.len() == n && (first_off.is_empty() || first_off.len() == n)).then_some(QuantisedOneSided {
            index,
            off,
            first_off,
        })
    }

    /// The same database without its gammon distributions.
    #[must_use]
    pub fn without_gammons(mut self) -> Self {
        self.first_off = Vec::new();
        self
    }

    pub fn index(&self) -> &OneSidedIndex {
        &self.index
    }

    pub fn has_gammons(&self) -> bool {
        !self.first_off.is_empty()
    }

    /// The stored bearoff distribution of position number `i`.
    pub fn off_at(&self, i: usize) -> Option<&Quantised> {
        self.off.get(i)
    }

    /// The stored first-chequer-off distribution of position number `i` (`None` without gammons).
    pub fn first_off_at(&self, i: usize) -> Option<&Quantised> {
        self.first_off.get(i)
    }

    /// P(all chequers off in exactly n rolls) for the side with `counts` on points 1..=P.
    pub fn distribution(&self, counts: &[u8]) -> Option<Distribution> {
        self.index.rank(counts).map(|i| to_probabilities(&self.off[i]))
    }

    /// P(first chequer off in exactly n rolls); `None` without gammons.
    pub fn first_off_distribution(&self, counts: &[u8]) -> Option<Distribution> {
        let i = self.index.rank(counts)?;
        self.first_off.get(i).map(to_probabilities)
    }

    /// Expected number of rolls to bear off.
    pub fn mean_rolls(&self, counts: &[u8]) -> Option<f64> {
        self.distribution(counts).map(|d| mean(&d))
    }
}

/// Stored units to probabilities.
pub fn to_probabilities(q: &Quantised) -> Distribution {
    let mut d = [0.0; MAX_ROLLS];
    for (p, &u) in d.iter_mut().zip(q) {
        *p = f64::from(u) / f64::from(ONE);
    }
    d
}

/// The chance that the player on roll, with distribution `on_roll`, bears off before the
/// opponent with `opponent`: sum over i of P0(i) times P1(at least i).
pub fn win_probability(on_roll: &[f64], opponent: &[f64]) -> f64 {
    let mut at_least = vec![0.0; opponent.len() + 1];
    for j in (0..opponent.len()).rev() {
        at_least[j] = at_least[j + 1] + opponent[j];
    }
    on_roll.iter().enumerate().map(|(i, p)| p * at_least[i.min(opponent.len())]).sum()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::position::OPPONENT;
    use std::sync::OnceLock;

    /// The 15-chequer 6-point database, solved once for all tests.
    fn db15x6() -> &'static OneSided {
        static DB: OnceLock<OneSided> = OnceLock::new();
        DB.get_or_init(|| OneSided::generate(6, 15, |_, _| {}).unwrap())
    }

    #[test]
    fn small_database_by_hand() {
        // one chequer on 2 points: from the 1 or 2 point every roll bears it off
        let db = OneSided::generate(2, 1, |_, _| {}).unwrap();
        assert!((db.distribution(&[1, 0]).unwrap()[1] - 1.0).abs() < 1e-12);
        assert!((db.distribution(&[0, 1]).unwrap()[1] - 1.0).abs() < 1e-12);
        assert_eq!(db.distribution(&[0, 0]).unwrap()[0], 1.0);
        // two chequers on the 1 point: any roll takes both
        let db2 = OneSided::generate(6, 2, |_, _| {}).unwrap();
        assert!((db2.distribution(&[2, 0, 0, 0, 0, 0]).unwrap()[1] - 1.0).abs() < 1e-12);
        // two on the 6 point: only 66, 55, 44 and 33 (four moves each) clear both at once: 4/36
        let d = db2.distribution(&[0, 0, 0, 0, 0, 2]).unwrap();
        assert!((d[1] - 4.0 / 36.0).abs() < 1e-12, "{}", d[1]);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    /// The seed's 2x0AAOi2AQAAAA, as gnubg prints its database's 16-bit values (p * 65535
    /// rounded): exact 1.9161% is stored as 1256/65535 = 1.9165%, printed 1.917.
    fn seed_check(side: usize, want: [f64; 6], tolerance: f64) {
        let q = |p: f64| (p * 65535.0).round() / 65535.0 * 100.0;
        let db = db15x6();
        let p = Position::from_id("2x0AAOi2AQAAAA").unwrap();
        let d = db.distribution(&p.board()[side][..6]).unwrap();
        for k in 0..6 {
            assert!((q(d[k + 3]) - want[k]).abs() <= tolerance, "rolls {}: {}", k + 3, q(d[k + 3]));
        }
    }

    const SEED_ON_ROLL: [f64; 6] = [1.917, 18.749, 44.271, 32.998, 2.029, 0.037];
    const SEED_OPPONENT: [f64; 6] = [2.811, 28.403, 50.307, 18.114, 0.363, 0.002];

    #[test]
    fn seed_example_within_a_hundredth_of_a_percent_and_winning_chance() {
        seed_check(ON_ROLL, SEED_ON_ROLL, 0.005);
        seed_check(OPPONENT, SEED_OPPONENT, 0.005);
        let db = db15x6();
        let p = Position::from_id("2x0AAOi2AQAAAA").unwrap();
        let w = win_probability(
            db.distribution(&p.board()[ON_ROLL][..6]).unwrap(),
            db.distribution(&p.board()[OPPONENT][..6]).unwrap(),
        );
        assert!((w * 100.0 - 56.7).abs() < 0.05, "{w}");
    }

    /// gnubg's 15-chequer 6-point database, solved once for all tests of the crate.
    pub(crate) fn quantised15x6() -> &'static QuantisedOneSided {
        static DB: OnceLock<QuantisedOneSided> = OnceLock::new();
        DB.get_or_init(|| QuantisedOneSided::generate(6, 15, |_, _| {}).unwrap())
    }

    /// Issue 5: the exact database misses the seed's digits in some positions of 10+ chequers
    /// (44.269% against 44.271% here); gnubg's quantised rule prints them all.
    #[test]
    fn seed_example_exact_to_the_printed_digit() {
        let db = quantised15x6();
        let p = Position::from_id("2x0AAOi2AQAAAA").unwrap();
        for (side, want) in [(ON_ROLL, SEED_ON_ROLL), (OPPONENT, SEED_OPPONENT)] {
            let d = db.distribution(&p.board()[side][..6]).unwrap();
            for k in 0..6 {
                assert_eq!(
                    format!("{:.3}", d[k + 3] * 100.0),
                    format!("{:.3}", want[k]),
                    "side {side}, {} rolls",
                    k + 3
                );
            }
            assert_eq!(d[0..3].iter().chain(&d[9..]).sum::<f64>(), 0.0);
        }
    }

    #[test]
    fn quantised_units_sum_to_one_and_track_the_exact_values() {
        let (q, exact) = (quantised15x6(), db15x6());
        let mut worst: f64 = 0.0;
        for i in (0..q.index().len()).step_by(97) {
            let off = q.off_at(i).unwrap();
            assert_eq!(off.iter().map(|&u| u32::from(u)).sum::<u32>(), u32::from(ONE));
            assert_eq!(q.first_off_at(i).unwrap().iter().map(|&u| u32::from(u)).sum::<u32>(), u32::from(ONE));
            let counts = q.index().unrank(i).unwrap();
            let e = exact.distribution(&counts).unwrap();
            for (a, b) in to_probabilities(off).iter().zip(e) {
                worst = worst.max((a - b).abs());
            }
        }
        assert!(worst < 4e-4, "{worst}");
        // two on the 6 point clear in one roll with 4/36 = 7281.7 units, stored rounded
        assert_eq!(q.off_at(q.index().rank(&[0, 0, 0, 0, 0, 2]).unwrap()).unwrap()[1], 7282);
        assert!(q.clone().without_gammons().first_off_distribution(&[1]).is_none());
    }
}
