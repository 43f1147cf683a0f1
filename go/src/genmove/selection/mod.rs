//! Selection: the last phase of the classic move generator (seed 003; GNU Go 3.8's
//! `find_best_move` and the end of its `do_genmove`). The valued moves are ranked and the best
//! playable one is chosen ([`choose`]):
//!
//! 1. **Ko threats** (GNU Go's `reevaluate_ko_threats`): when the best valued move is a ko capture
//!    the rules forbid now, every other move gets its additional value as a ko threat
//!    ([`MoveValue::additional_ko_value`]) on top of its value, and the ko capture drops out.
//! 2. **Thrashing dragon** ([`endgame::thrashing_attack`]): leading by [`THRASHING_ADVANTAGE`]
//!    points, the owl attack on the dead dragon the opponent just played in is proposed.
//! 3. **Blunder check** ([`blunder::blunder_size`]): the best move is read for what it loses
//!    (our strings it makes capturable, our alive dragons next to it it kills); a blunder's value is
//!    lowered by the loss and the best is picked again, at most [`MAX_BLUNDER_CHECKS`] moves read.
//! 4. When no move has a positive value: **revise semeai** (moves winning a race against a dragon
//!    the owl found dead, [`endgame::semeai_moves`]), then **fill the dame** ([`endgame::dame`],
//!    once at least [`DAME_SETTLED_SHARE`] of the board is settled; last the backfills, the last
//!    liberty a self-atari dame would leave), each blunder-checked; else pass.
//! 5. **Resign** only when asked ([`Options::allow_resign`], off by default as in GNU Go) and
//!    [`endgame::should_resign`] agrees, instead of a small move or a pass.
//!
//! A move is never chosen when it is illegal (ko and superko included, [`GoGame::check_move`]),
//! fills one of the mover's true eyes, or carries an [`MoveReason::Antisuji`].
//!
//! Measured (2026-11-27, our databases, `go-gtp --engine classic`, gtp_regress, a loaded machine):
//! endgame.tst 12 → 13/65 (gains 960; 39.2 s CPU); 9x9.tst 16/73 and strategy.tst 12/45 unchanged
//! test by test (CPU 124.3 s against 121.5, 87.5 against 84.0). Against GNU Go level 10 on 9x9 (4
//! games): 0 wins, every game ended by two passes. A first version also counted a lone new stone the
//! reader can capture as a one-point blunder (lost endgame.tst 980, GNU Go's F4 with two liberties)
//! and attacked a "thrashing" dead dragon after the opponent's last move alone (lost 9x9.tst 20 in
//! the opening, where our score estimate gave black a 15-point lead): both narrowed (see
//! [`blunder`], [`endgame::thrashing_attack`]). That version: 9x9.tst 15/73 against main's 16.
//!
//! The values come from the valuation phase ([`crate::genmove::valuation`]). This module owns the
//! ranking and the choice; it must not gather reasons or value moves. It reads through the caller's
//! reader and leaves it on the analysed position. [`probabilities`] words GNU Go's
//! `move_probabilities` and `move_uncertainty` from the values.

pub mod blunder;
pub mod endgame;
pub mod probabilities;

use crate::analysis::reading::Reader;
use crate::game::GoGame;
use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveReason, MoveReasons};
use crate::genmove::valuation::MoveValue;
use crate::rules::stone::{Color, IllegalMove, Move, Point};

/// Moves read by the blunder check per generation at most (each costs tactical and owl reading).
pub const MAX_BLUNDER_CHECKS: usize = 6;
/// The lead (by the valuation's score estimate) from which a thrashing dragon is attacked (GNU Go: 15).
pub const THRASHING_ADVANTAGE: f32 = 15.0;
/// The settled share of the board ([`endgame::settled_share`]) from which dame are filled rather
/// than passing to the caller's fallback.
pub const DAME_SETTLED_SHARE: f32 = 0.7;
/// A move worth less than this may be replaced by a resignation (GNU Go resigns instead of small moves).
pub const RESIGN_BELOW: f32 = 10.0;

/// Whether `color` may play `p` as the chosen move: legal, not into its own true eye, no antisuji.
pub fn playable(game: &GoGame, color: Color, p: Point, reasons: &MoveReasons) -> bool {
    let b = game.board();
    b.is_empty(p)
        && !b.is_true_eye(p, color)
        && game.check_move(color, Move::Play(p)).is_ok()
        && !reasons.has(p, MoveReason::Antisuji)
}

/// Settings of the selection.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Options {
    /// Whether a hopeless game may be resigned (GNU Go's `--resign`... off by default).
    pub allow_resign: bool,
    /// Breaks ties (within [`TIE_TOLERANCE`]) between the best valued moves by this seed (GTP `genmove`), as GNU Go
    /// chooses randomly between moves of identical minimum value in the fuseki
    /// (`move_generation.texi`): two games between seeded engines then differ. `None` (the
    /// regression commands `reg_genmove`, `restricted_genmove`) keeps board order, so their
    /// answers do not depend on the seed.
    pub tie_seed: Option<u64>,
}

/// What the selection read.
pub struct Input<'a> {
    pub game: &'a GoGame,
    pub color: Color,
    pub analysed: &'a Analysed,
    pub reasons: &'a MoveReasons,
    /// The valued moves with their parts, in board-array order.
    pub parts: &'a [(Point, MoveValue)],
    /// GNU Go's `restricted_genmove` (and limited search): only these points.
    pub allowed: Option<&'a [Point]>,
    /// The valuation's score estimate for the mover (GNU Go's `our_score`).
    pub our_score: f32,
}

/// Why a move was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The best valued move (after the ko-threat and blunder revisions).
    Valued,
    /// The attack on the thrashing dragon.
    Thrashing,
    /// A race won against a dragon found dead.
    Semeai,
    /// A dame.
    Dame,
}

/// The selection's answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Choice {
    /// The move and its (revised) value; `None`: pass (or resign).
    pub chosen: Option<(Point, f32)>,
    pub source: Option<Source>,
    /// The game is hopeless and resigning is allowed.
    pub resign: bool,
}

/// Chooses the move (see the module documentation).
pub fn choose(input: &Input, r: &mut Reader, options: Options) -> Choice {
    let Input { game, color, analysed, reasons, parts, allowed, our_score } = *input;
    let allowed_p = |p: Point| allowed.is_none_or(|al| al.contains(&p));
    let mut values: Vec<(Point, f32)> =
        parts.iter().filter(|(p, v)| v.total > 0.0 && allowed_p(*p)).map(|(p, v)| (*p, v.total)).collect();
    // 1. Ko threats.
    if let Some(&(ko, _)) = values.iter().fold(None, |best: Option<&(Point, f32)>, x| match best {
        Some(b) if b.1 >= x.1 => Some(b),
        _ => Some(x),
    }) {
        if game.check_move(color, Move::Play(ko)) == Err(IllegalMove::Ko) {
            for (p, v) in values.iter_mut() {
                if *p != ko {
                    let extra = parts.iter().find(|(q, _)| q == p).map_or(0.0, |(_, m)| m.additional_ko_value);
                    *v += extra.max(0.0);
                }
            }
            for (p, v) in parts {
                if v.total <= 0.0 && v.additional_ko_value > 0.0 && *p != ko && allowed_p(*p) {
                    values.push((*p, v.additional_ko_value));
                }
            }
        }
    }
    let mut sources: Vec<(Point, Source)> = Vec::new();
    // 2. Thrashing dragon.
    if let Some((p, v)) = endgame::thrashing_attack(analysed, game, color, our_score, THRASHING_ADVANTAGE) {
        if allowed_p(p) {
            match values.iter_mut().find(|(q, _)| *q == p) {
                Some(e) if e.1 >= v => {}
                Some(e) => {
                    e.1 = v;
                    sources.push((p, Source::Thrashing));
                }
                None => {
                    values.push((p, v));
                    sources.push((p, Source::Thrashing));
                }
            }
        }
    }
    values.retain(|&(p, _)| playable(game, color, p, reasons));
    // 3. Blunder check.
    let source_of = |p: Point, sources: &[(Point, Source)]| {
        sources.iter().find(|(q, _)| *q == p).map_or(Source::Valued, |(_, s)| *s)
    };
    let tie = options.tie_seed.map(|seed| TieBreak { seed, move_number: game.move_count() as u64 });
    let mut chosen =
        checked_best(input, r, &mut values, MAX_BLUNDER_CHECKS, tie).map(|c| (c, source_of(c.0, &sources)));
    // 4. Revise semeai, then dame.
    if chosen.is_none() {
        let mut semeai: Vec<(Point, f32)> = endgame::semeai_moves(analysed, reasons, color)
            .into_iter()
            .filter(|&(p, _)| allowed_p(p) && playable(game, color, p, reasons))
            .collect();
        chosen = checked_best(input, r, &mut semeai, 3, None).map(|c| (c, Source::Semeai));
    }
    if chosen.is_none() && endgame::settled_share(&analysed.board) >= DAME_SETTLED_SHARE {
        let mut dame: Vec<(Point, f32)> = endgame::dame(analysed, game, color, allowed)
            .into_iter()
            .filter(|&(p, _)| playable(game, color, p, reasons))
            .collect();
        // Board order within each tier: the first safe one.
        for (i, d) in dame.iter_mut().enumerate() {
            d.1 = 1.0 - i as f32 * 1e-4;
        }
        chosen = checked_best(input, r, &mut dame, 4, None).map(|c| (c, Source::Dame));
    }
    // 5. Resign.
    let small = chosen.is_none_or(|((_, v), _)| v < RESIGN_BELOW);
    let resign = options.allow_resign && small && endgame::should_resign(analysed, color, our_score);
    Choice { chosen: chosen.map(|(c, _)| c), source: chosen.map(|(_, s)| s), resign }
}

/// Values this close are equal for [`TieBreak`]: symmetric moves sum the same contributions in
/// different orders, so their values can differ in the last bits.
const TIE_TOLERANCE: f32 = 1e-3;

/// A seeded order among moves of equal value: each point gets a key mixed from the seed,
/// the move number and the point, so the choice changes from seed to seed and from move to move.
#[derive(Debug, Clone, Copy)]
struct TieBreak {
    seed: u64,
    move_number: u64,
}

impl TieBreak {
    fn key(&self, p: Point) -> u64 {
        // splitmix64's finaliser: every input bit reaches every output bit.
        let mut z = self.seed ^ self.move_number.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(p).rotate_left(32);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The best of `values` that survives the blunder check: a blunder's value is lowered by its loss
/// and the best picked again; after `max_checks` reads, the best of the moves read. Ties go to the
/// first in the list, or by `tie`'s keys when given.
fn checked_best(
    input: &Input,
    r: &mut Reader,
    values: &mut [(Point, f32)],
    max_checks: usize,
    tie: Option<TieBreak>,
) -> Option<(Point, f32)> {
    let mut checked: Vec<Point> = Vec::new();
    loop {
        let mut best: Option<(usize, f32)> = None;
        for (i, &(p, v)) in values.iter().enumerate() {
            if v <= 0.0 || (checked.len() >= max_checks && !checked.contains(&p)) {
                continue;
            }
            let better = match (best, tie) {
                (None, _) => true,
                (Some((_, bv)), None) => v > bv,
                (Some((_, bv)), Some(_)) if (v - bv).abs() > TIE_TOLERANCE => v > bv,
                (Some((bi, _)), Some(t)) => t.key(p) < t.key(values[bi].0),
            };
            if better {
                best = Some((i, v));
            }
        }
        let (i, v) = best?;
        let p = values[i].0;
        if checked.contains(&p) {
            return Some((p, v));
        }
        checked.push(p);
        let loss = blunder::blunder_size(input.analysed, r, input.color, p);
        if loss <= 0.0 {
            return Some((p, v));
        }
        values[i].1 = v - loss;
    }
}

/// The `n` best values, best first (ties in board order): GNU Go's `top_moves`.
pub fn top(values: &[(Point, f32)], n: usize) -> Vec<(Point, f32)> {
    let mut v: Vec<(Point, f32)> = values.iter().copied().filter(|&(_, x)| x > 0.0).collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1));
    v.truncate(n);
    v
}

#[cfg(test)]
mod tests;
