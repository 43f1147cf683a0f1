//! Race formulas a player can work out over the board, as gnubg's `show kleinman`, `show thorp`
//! and `show keith` print them, and the effective pip count (EPC) from the one-sided bearoff
//! database.
//!
//! * **Kleinman count**: with `diff` the trailer's pips minus the leader's and `sum` both counts,
//!   `K = (diff + 4) / (2 √(sum − 4))` and the cubeless winning chance `(1 + erf K) / 2`.
//! * **Thorp count**: pips + 2 × chequers left + chequers on the ace point − home board points
//!   made (held by at least one chequer); the leader's count is raised by a tenth when it is above
//!   30. Double when `L ≤ T + 2`, redouble when `L ≤ T + 1`, the trailer passes when `L ≤ T − 2`.
//! * **Keith count**: pips + 2 per chequer beyond the first on the ace point, + 1 per chequer
//!   beyond the first on the deuce point and beyond the third on the three point, + 1 per empty
//!   four, five and six point; the leader's count is raised by a seventh. Double when `L ≤ T + 4`,
//!   redouble when `L ≤ T + 3`, the trailer passes when `L ≤ T + 2`.
//! * **EPC**: the mean number of rolls to bear off (one-sided database) × 49/6, the mean pips of a
//!   roll; the wastage is EPC minus the pip count.
//!
//! The leader is the player on roll (gnubg's words: the player who considers doubling), whatever
//! the counts. These formulas and thresholds are checked against gnubg 1.07's own output on 300
//! positions (`backgammon/tests/fixtures/race_counts.txt`, written by
//! `tests/python/make_race_fixture.py`).
//!
//! Owns the arithmetic only; it reads a [`Position`] and the bearoff database and must not print.

use crate::eval::bearoff::one_sided::QuantisedOneSided;
use crate::rules::position::{Position, ON_ROLL, OPPONENT};

/// Mean pips of a roll (doubles count four times): 49/6.
pub const MEAN_ROLL_PIPS: f64 = 49.0 / 6.0;

/// The cube action a race count advises for the player on roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RaceAdvice {
    /// Double, and the opponent should pass.
    DoubleDrop,
    /// Only a redouble (the cube already turned), and the opponent should take.
    RedoubleTake,
    /// Double, and the opponent should take.
    DoubleTake,
    /// No double; the opponent would take.
    NoDoubleTake,
}

/// The Kleinman count of a position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Kleinman {
    pub leader_pips: u32,
    pub trailer_pips: u32,
    /// Both pip counts.
    pub sum: u32,
    /// The trailer's pips minus the leader's.
    pub diff: i64,
    /// `(diff + 4) / (2 √(sum − 4))`; infinite (or NaN) when `sum ≤ 4`.
    pub k: f64,
    /// `(1 + erf K) / 2`; `None` when `sum ≤ 4`, where the formula says nothing.
    pub cubeless_win: Option<f64>,
}

/// A Thorp or Keith count: the leader's count, raised, against the trailer's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RaceCount {
    pub leader: u32,
    /// The leader's count after the formula's adjustment (`L`).
    pub adjusted: f64,
    /// The trailer's count (`T`).
    pub trailer: u32,
    pub advice: RaceAdvice,
}

/// The Kleinman count with the player on roll as the leader.
pub fn kleinman(pos: &Position) -> Kleinman {
    let leader_pips = pos.pips(ON_ROLL);
    let trailer_pips = pos.pips(OPPONENT);
    let sum = leader_pips + trailer_pips;
    let diff = i64::from(trailer_pips) - i64::from(leader_pips);
    let k = (diff + 4) as f64 / (2.0 * (f64::from(sum) - 4.0).sqrt());
    let cubeless_win = (sum > 4).then(|| (1.0 + libm::erf(k)) / 2.0);
    Kleinman { leader_pips, trailer_pips, sum, diff, k, cubeless_win }
}

/// Thorp's count of `side` (before the leader's adjustment).
pub fn thorp_count(pos: &Position, side: usize) -> u32 {
    let home_points = (1..=6).filter(|&p| pos.at(side, p) > 0).count() as u32;
    pos.pips(side) + 2 * pos.chequers_in_play(side) + u32::from(pos.at(side, 1)) - home_points
}

/// Keith's count of `side` (before the leader's adjustment).
pub fn keith_count(pos: &Position, side: usize) -> u32 {
    let beyond = |point: usize, keep: u8| u32::from(pos.at(side, point).saturating_sub(keep));
    let gaps = (4..=6).filter(|&p| pos.at(side, p) == 0).count() as u32;
    pos.pips(side) + 2 * beyond(1, 1) + beyond(2, 1) + beyond(3, 3) + gaps
}

/// Thorp's advice for the player on roll.
pub fn thorp(pos: &Position) -> RaceCount {
    let leader = thorp_count(pos, ON_ROLL);
    let trailer = thorp_count(pos, OPPONENT);
    // gnubg raises the count in single precision (`L * 1.1`), which decides ties at a threshold.
    let adjusted = if leader > 30 { f64::from(leader as f32 * 1.1f32) } else { f64::from(leader) };
    let t = f64::from(trailer);
    let advice = if adjusted <= t - 2.0 {
        RaceAdvice::DoubleDrop
    } else if adjusted <= t + 1.0 {
        RaceAdvice::RedoubleTake
    } else if adjusted <= t + 2.0 {
        RaceAdvice::DoubleTake
    } else {
        RaceAdvice::NoDoubleTake
    };
    RaceCount { leader, adjusted, trailer, advice }
}

/// Keith's advice for the player on roll.
pub fn keith(pos: &Position) -> RaceCount {
    let leader = keith_count(pos, ON_ROLL);
    let trailer = keith_count(pos, OPPONENT);
    // In single precision, as gnubg (`L * 8/7`): 42 becomes 48.000004, above a threshold of 48.
    let adjusted = f64::from(leader as f32 * (8.0f32 / 7.0));
    let t = f64::from(trailer);
    let advice = if adjusted <= t + 2.0 {
        RaceAdvice::DoubleDrop
    } else if adjusted <= t + 3.0 {
        RaceAdvice::RedoubleTake
    } else if adjusted <= t + 4.0 {
        RaceAdvice::DoubleTake
    } else {
        RaceAdvice::NoDoubleTake
    };
    RaceCount { leader, adjusted, trailer, advice }
}

/// The effective pip count of `side` and its wastage, when all its chequers are in the database's
/// points (its home board for the default six-point database).
pub fn epc(pos: &Position, side: usize, db: &QuantisedOneSided) -> Option<Epc> {
    let points = db.index().points();
    let outside: u32 = (points + 1..=25).map(|p| u32::from(pos.at(side, p))).sum();
    if outside > 0 {
        return None;
    }
    let counts: Vec<u8> = (1..=points).map(|p| pos.at(side, p)).collect();
    let mean_rolls = db.mean_rolls(&counts)?;
    let epc = mean_rolls * MEAN_ROLL_PIPS;
    Some(Epc { pips: pos.pips(side), mean_rolls, epc, wastage: epc - f64::from(pos.pips(side)) })
}

/// A side's effective pip count.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Epc {
    pub pips: u32,
    pub mean_rolls: f64,
    pub epc: f64,
    pub wastage: f64,
}
