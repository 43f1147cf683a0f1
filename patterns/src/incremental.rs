//! Incremental matching: a packed board and its current matches kept up to date move by
//! move. The invalidation rule: a match depends only on the points of its rectangle (its
//! bounding box, `?` included) and on the board's edges, which never move. So after a
//! set of points changes, exactly the matches whose rectangle covers a changed point may
//! appear or disappear: those are dropped, and the anchors within the patterns' reach of
//! the changes are re-scanned — only the orientations whose rectangle reaches the changes'
//! bounding box (the matcher's extent index) — keeping only matches that cover a changed
//! point. Every other match stands. A change of side to move swaps every code and is a full re-scan.
//! This module owns that bookkeeping; it must not change how a single anchor is matched.

use crate::board::{Cell, Match, MatchBoard};
use crate::matcher::BitmaskMatcher;
use crate::packed::PackedBoard;

/// A board with its matches under one [`BitmaskMatcher`].
#[derive(Debug, Clone)]
pub struct IncrementalMatcher {
    board: PackedBoard,
    matches: Vec<Match>,
    scratch: Vec<Match>,
}

impl IncrementalMatcher {
    /// Packs `board` and scans it fully.
    pub fn new(matcher: &BitmaskMatcher, board: &impl MatchBoard, swap: bool) -> IncrementalMatcher {
        let board = PackedBoard::from_board(board, swap);
        let mut matches = Vec::new();
        matcher.scan(&board, &mut matches);
        IncrementalMatcher { board, matches, scratch: Vec::new() }
    }

    pub fn board(&self) -> &PackedBoard {
        &self.board
    }

    /// The current matches (not in any particular order).
    pub fn matches(&self) -> &[Match] {
        &self.matches
    }

    /// Applies changed points (a move and its captures) and re-matches what they touch.
    pub fn update(&mut self, matcher: &BitmaskMatcher, changes: &[(usize, usize, Cell)]) {
        if changes.is_empty() {
            return;
        }
        for &(r, c, cell) in changes {
            self.board.set(r, c, cell);
        }
        let touched = |m: &Match| changes.iter().any(|&(r, c, _)| matcher.covers(m, r, c));
        self.matches.retain(|m| !touched(m));
        let n = self.board.size() as i32;
        let reach = matcher.reach();
        let lo_r = changes.iter().map(|c| c.0 as i32).min().unwrap_or(0) - reach;
        let hi_r = changes.iter().map(|c| c.0 as i32).max().unwrap_or(0) + reach;
        let lo_c = changes.iter().map(|c| c.1 as i32).min().unwrap_or(0) - reach;
        let hi_c = changes.iter().map(|c| c.1 as i32).max().unwrap_or(0) + reach;
        let rows = ((lo_r + reach) as usize, (hi_r - reach) as usize);
        let cols = ((lo_c + reach) as usize, (hi_c - reach) as usize);
        self.scratch.clear();
        let anchor_rows = (lo_r.max(0) as usize, hi_r.min(n - 1) as usize);
        let anchor_cols = (lo_c.max(0) as usize, hi_c.min(n - 1) as usize);
        matcher.scan_covering(&self.board, anchor_rows, anchor_cols, rows, cols, &mut self.scratch);
        self.matches.extend(self.scratch.iter().filter(|m| touched(m)));
    }

    /// The other side to move: every code swaps, so everything is re-matched.
    pub fn swap_colours(&mut self, matcher: &BitmaskMatcher) {
        self.board.swap_colours();
        matcher.scan(&self.board, &mut self.matches);
    }
}
