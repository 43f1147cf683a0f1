//! Opening moves in empty corners (GNU Go's `fuseki()` without its whole-board database; issue 25
//! item 5): the pattern matcher anchors every pattern on a stone, so a corner with no stone in it
//! can only be proposed in code.
//!
//! Facts it follows (GNU Go 3.8's behaviour, read off its `-t` trace, "Fuseki Player suggests …"):
//! * A corner is empty when the square of [`corner_width`] lines from it holds no stone (8 lines on
//!   boards of 18 and more, half the board below that).
//! * Each empty corner's moves get the minimum value [`EMPTY_CORNER_VALUE`]` · size / 19` (integer
//!   division, as GNU Go: 25 on 19x19, 17 on 13x13): on an empty 19x19 board GNU Go values Q16 and
//!   R16 at exactly 25.00 ("minimum accepted value"), on 13x13 K10, L10 and K9 at 17.00; with three
//!   corners taken (Q16, D4, Q4) it suggests C16 at 25 against 24.9 for the side extensions.
//!
//! Ours: GNU Go picks one corner move at random (the four-four, a three-four point, sometimes a
//! five-point); we propose the four-four point and both three-four points of every empty corner, each
//! with an expand-moyo and expand-territory reason, and let the valuation's territorial value break
//! the tie above the minimum (the `tot / 200` raise of the minimum value). Not on boards below 13 (GNU
//! Go's 9x9 opening comes from its fuseki database, and 9x9.tst's positions are another matter).
//!
//! Measured (2026-11-27): no position of strategy.tst, endgame.tst or nngs.tst has an empty corner
//! region (checked on the SGF setup and moves), so their grades cannot move; the gatherer matters in
//! games (the first moves of a 19x19 or 13x13 game).
//!
//! This module reads the board of the analysed position only; it values nothing.

use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveReason, MoveReasons};
use crate::genmove::valuation::weights::EMPTY_CORNER_VALUE;
use crate::rules::board::Board;
use crate::rules::stone::Point;

/// The smallest board the empty-corner moves are proposed on.
pub const MIN_SIZE: usize = 13;

/// The side of the square, counted from a corner, that must be empty (GNU Go: 8 lines on boards of 18
/// and more, half the board otherwise).
pub fn corner_width(size: usize) -> usize {
    if size >= 18 {
        8
    } else {
        size / 2
    }
}

/// The minimum value of an empty corner's moves on a board of `size` (integer division by 19).
pub fn empty_corner_value(size: usize) -> f32 {
    ((EMPTY_CORNER_VALUE as usize * size) / 19) as f32
}

/// The moves proposed in the empty corners of `board`: per empty corner the four-four point and the
/// two three-four points (none below [`MIN_SIZE`]).
pub fn corner_moves(board: &Board) -> Vec<Point> {
    let n = board.size();
    if n < MIN_SIZE {
        return Vec::new();
    }
    let w = corner_width(n);
    let mut out = Vec::new();
    for (right, bottom) in [(false, false), (true, false), (false, true), (true, true)] {
        // Board coordinates of the corner square's column and row `i` lines in (0 = the edge).
        let col = |i: usize| if right { n - 1 - i } else { i };
        let row = |i: usize| if bottom { n - 1 - i } else { i };
        let empty = (0..w).all(|i| (0..w).all(|j| board.is_empty(board.point(col(i) as u8, row(j) as u8))));
        if !empty {
            continue;
        }
        for (i, j) in [(3, 3), (2, 3), (3, 2)] {
            out.push(board.point(col(i) as u8, row(j) as u8));
        }
    }
    out
}

/// Adds the empty-corner moves for the side of `out`.
pub fn gather(a: &Analysed, out: &mut MoveReasons) {
    let value = empty_corner_value(a.board.size());
    for p in corner_moves(&a.board) {
        if !a.board.is_legal(p, out.color()) {
            continue;
        }
        out.add(p, MoveReason::ExpandMoyo);
        out.add(p, MoveReason::ExpandTerritory);
        out.set_min_value(p, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::owl::OwlLimits;
    use crate::analysis::reading::Reader;
    use crate::game::{GoGame, Rules};
    use crate::genmove::analysed::analyse;
    use crate::genmove::classic::value;
    use crate::rules::stone::Color;

    #[test]
    fn values_scale_as_gnugo_s() {
        assert_eq!(empty_corner_value(19), 25.0);
        assert_eq!(empty_corner_value(13), 17.0);
        assert_eq!((corner_width(19), corner_width(13), corner_width(17)), (8, 6, 8));
    }

    #[test]
    fn only_empty_corners_get_moves() {
        let mut g = GoGame::new(19, 6.5, Rules::default());
        assert_eq!(corner_moves(g.board()).len(), 12);
        // Black on Q16 (upper right four-four), white on D4, black on Q4: only the upper left corner is
        // left, as in GNU Go's trace (it suggests C16 there at 25).
        let b = g.board().clone();
        for (c, (x, y)) in [(Color::Black, (15, 3)), (Color::White, (3, 15)), (Color::Black, (15, 15))] {
            g.play(c, crate::rules::stone::Move::Play(b.point(x, y))).unwrap();
        }
        let moves = corner_moves(g.board());
        let d16 = b.point(3, 3);
        let c16 = b.point(2, 3);
        let d17 = b.point(3, 2);
        assert_eq!(moves, vec![d16, c16, d17]);
        // A stone on the eighth line from the corner (H12 region: column 7, row 7) takes it too.
        g.play(Color::White, crate::rules::stone::Move::Play(b.point(7, 7))).unwrap();
        assert!(corner_moves(g.board()).is_empty());
        // Small boards: none.
        assert!(corner_moves(GoGame::new(9, 6.5, Rules::default()).board()).is_empty());
    }

    #[test]
    fn an_empty_corner_is_worth_at_least_its_minimum() {
        let mut g = GoGame::new(19, 6.5, Rules::default());
        let b = g.board().clone();
        for (c, (x, y)) in [(Color::Black, (15, 3)), (Color::White, (3, 15)), (Color::Black, (15, 15))] {
            g.play(c, crate::rules::stone::Move::Play(b.point(x, y))).unwrap();
        }
        let mut r = Reader::new(g.board());
        let a = analyse(g.board(), &mut r, OwlLimits::default());
        let mut out = MoveReasons::new(Color::White);
        gather(&a, &mut out);
        let valued = value(&g, Color::White, &a, &out);
        let c16 = b.point(2, 3);
        let v = valued.parts.iter().find(|(p, _)| *p == c16).map(|(_, v)| v.total).unwrap();
        assert!(v >= 25.0, "{v}");
    }
}
