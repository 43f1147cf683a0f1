//! Selection: the last phase of the classic move generator (seed 003): the valued moves are ranked
//! and the best legal one is chosen (GNU Go passes when no move has a positive value). A move is
//! never chosen when it is illegal (ko and superko included, [`GoGame::check_move`]), fills one of the
//! mover's true eyes, or carries an [`MoveReason::Antisuji`].
//!
//! Until the valuation phase (`genmove/valuation/`, GNU Go's `value_move_reasons`) lands, moves are
//! valued here by [`provisional_value`]: fixed weights per reason kind ([`weights`]), to be replaced
//! whole by the real valuation. This module owns the ranking and the choice; it must not gather
//! reasons or read the position beyond the sizes the provisional weights need.

use crate::analysis::read_result::ReadResult;
use crate::game::GoGame;
use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveData, MoveReason, MoveReasons};
use crate::rules::stone::{Color, Move, Point};

/// The provisional weights (points of value), in one place.
pub mod weights {
    /// Per stone of a worm captured or saved (a capture swings its stones twice: prisoners and area).
    pub const PER_STONE: f32 = 2.0;
    /// Added to any tactical attack or defence.
    pub const TACTICAL_BASE: f32 = 1.0;
    /// Per point of a dragon's effective size killed or saved (owl, semeai).
    pub const PER_DRAGON_POINT: f32 = 2.0;
    /// A cut or a connection between two dragons.
    pub const CONNECTION: f32 = 3.0;
    /// A vital point of a critical dragon's eye space.
    pub const VITAL_EYE: f32 = 2.0;
    /// A threat (to capture, save, win a race, kill or save a dragon).
    pub const THREAT: f32 = 0.5;
    /// Any other reason (territory, moyo, invasion, strategic, combination).
    pub const OTHER: f32 = 1.0;
    /// What a ko result keeps of the full value: `KoA` (the opponent needs the first threat), `KoB`.
    pub const KO_A: f32 = 0.75;
    pub const KO_B: f32 = 0.5;
}

fn ko_factor(r: ReadResult) -> f32 {
    match r {
        ReadResult::Win => 1.0,
        ReadResult::KoA => weights::KO_A,
        ReadResult::KoB => weights::KO_B,
        ReadResult::Lose => 0.0,
    }
}

/// A provisional value for the move with these reasons (stand-in for the valuation): per target
/// (worm or dragon) the best of its reasons' values, summed over targets, plus the untargeted
/// reasons; then held between the move's minimum and maximum values. An antisuji is worth nothing.
pub fn provisional_value(d: &MoveData, a: &Analysed) -> f32 {
    use MoveReason::*;
    let b = &a.board;
    let dragon_size = |p: Point| a.dragons.at(p).map_or(1.0, |d| d.effective_size as f32);
    let mut per_target: Vec<(Point, f32)> = Vec::new();
    let mut other = 0.0;
    for &r in &d.reasons {
        let v = match r {
            Antisuji => return 0.0,
            Attack { worm, result } | Defend { worm, result } => {
                (weights::TACTICAL_BASE + weights::PER_STONE * b.string_size(worm) as f32) * ko_factor(result)
            }
            OwlAttack { dragon, result } | OwlDefend { dragon, result } => {
                weights::PER_DRAGON_POINT * dragon_size(dragon) * ko_factor(result)
            }
            Semeai { dragon } => weights::PER_DRAGON_POINT * dragon_size(dragon),
            Connect { .. } | Cut { .. } => weights::CONNECTION,
            VitalEye { .. } => weights::VITAL_EYE,
            r if r.is_threat() => weights::THREAT,
            _ => weights::OTHER,
        };
        match r.target() {
            Some(t) if !matches!(r, Connect { .. } | Cut { .. }) => {
                match per_target.iter_mut().find(|(p, _)| *p == t) {
                    Some((_, best)) => *best = best.max(v),
                    None => per_target.push((t, v)),
                }
            }
            _ => other += v,
        }
    }
    let total = per_target.iter().map(|&(_, v)| v).sum::<f32>() + other;
    total.max(d.min_value).min(d.max_value)
}

/// Every point with reasons and its provisional value, in board-array order.
pub fn values(reasons: &MoveReasons, a: &Analysed) -> Vec<(Point, f32)> {
    reasons.points().map(|p| (p, provisional_value(reasons.at(p), a))).collect()
}

/// Whether `color` may play `p` as the chosen move: legal, not into its own true eye, no antisuji.
pub fn playable(game: &GoGame, color: Color, p: Point, reasons: &MoveReasons) -> bool {
    let b = game.board();
    b.is_empty(p)
        && !b.is_true_eye(p, color)
        && game.check_move(color, Move::Play(p)).is_ok()
        && !reasons.has(p, MoveReason::Antisuji)
}

/// The best playable move of positive value, among `allowed` points when given (GNU Go's
/// `restricted_genmove`); ties go to the first in board order. `None`: pass.
pub fn select(
    game: &GoGame,
    color: Color,
    values: &[(Point, f32)],
    reasons: &MoveReasons,
    allowed: Option<&[Point]>,
) -> Option<(Point, f32)> {
    let mut best: Option<(Point, f32)> = None;
    for &(p, v) in values {
        if v <= 0.0 || allowed.is_some_and(|al| !al.contains(&p)) || !playable(game, color, p, reasons) {
            continue;
        }
        if best.is_none_or(|(_, bv)| v > bv) {
            best = Some((p, v));
        }
    }
    best
}

/// The `n` best values, best first (ties in board order): GNU Go's `top_moves`.
pub fn top(values: &[(Point, f32)], n: usize) -> Vec<(Point, f32)> {
    let mut v: Vec<(Point, f32)> = values.iter().copied().filter(|&(_, x)| x > 0.0).collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1));
    v.truncate(n);
    v
}
