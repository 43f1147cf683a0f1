//! Selection: the last phase of the classic move generator (seed 003): the valued moves are ranked
//! and the best legal one is chosen (GNU Go passes when no move has a positive value). A move is
//! never chosen when it is illegal (ko and superko included, [`GoGame::check_move`]), fills one of the
//! mover's true eyes, or carries an [`MoveReason::Antisuji`].
//!
//! The values come from the valuation phase ([`crate::genmove::valuation`]). This module owns the
//! ranking and the choice; it must not gather reasons or value moves.

use crate::game::GoGame;
use crate::genmove::reasons::{MoveReason, MoveReasons};
use crate::rules::stone::{Color, Move, Point};

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
