//! The board as the pattern matchers see it: [`BoardView`] shows a [`Board`] from one colour's point of
//! view (that colour is the patterns' `O`). Shared by the dragons (connection patterns), the owl (owl
//! patterns) and [`crate::analysis::pattern_context`], so it sits below all three.
//!
//! This module owns only that mapping; it reads the board and must not change it.

use crate::rules::board::Board;
use crate::rules::stone::{Color, Point};
use patterns::{Cell, MatchBoard};

/// A board as the matchers see it, `own` playing the patterns' `O`.
#[derive(Clone, Copy)]
pub struct BoardView<'a> {
    pub board: &'a Board,
    pub own: Color,
}

impl BoardView<'_> {
    /// The cell at `p` from `own`'s side.
    pub fn cell(&self, p: Point) -> Cell {
        match self.board.color(p) {
            None => Cell::Empty,
            Some(c) if c == self.own => Cell::O,
            Some(_) => Cell::X,
        }
    }
}

impl MatchBoard for BoardView<'_> {
    fn size(&self) -> usize {
        self.board.size()
    }

    fn get(&self, row: usize, col: usize) -> Cell {
        self.cell(self.board.point(col as u8, row as u8))
    }
}
