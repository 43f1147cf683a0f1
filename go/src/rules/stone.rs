//! The words every Go module shares, below the board and its Zobrist keys: a [`Point`] of the board
//! array (and the array's geometry: [`MAX_SIZE`], [`STRIDE`], [`ARRAY`]), a stone's [`Color`], a
//! [`Move`], and why a move is illegal ([`IllegalMove`], with the game length limit [`MAX_GAME_MOVES`]
//! that its last variant names).
//!
//! This module owns these definitions only. It must not know about positions (that is
//! [`crate::rules::board`], which also keeps how a colour is stored in its cells), Zobrist keys
//! ([`crate::rules::zobrist`]) or games ([`crate::game`], which enforces [`MAX_GAME_MOVES`]); every other module
//! builds on it.

/// The largest supported board.
pub const MAX_SIZE: usize = 25;
/// Row length of the internal array.
pub const STRIDE: usize = MAX_SIZE + 2;
/// Number of cells of the internal array.
pub const ARRAY: usize = STRIDE * STRIDE;

/// A point of the internal array (see [`crate::rules::board::Board::point`]).
pub type Point = u16;

/// The most moves a game holds; [`crate::game::GoGame::play`] refuses the next one with
/// [`IllegalMove::TooManyMoves`] (and loading a longer SGF record fails). Real games stay under a thousand
/// moves even on 25x25; the limit bounds the memory of a game (under 1 MB), of SGF records and of
/// `trymove` stacks built from it. Defined here because the error's text names it; [`crate::game`]
/// re-exports it.
pub const MAX_GAME_MOVES: usize = 5_000;

/// A player's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    Black,
    White,
}

// `#[inline]`: called in the hot loops of the board and the readers, which sit in other modules (and
// codegen units) than these methods.
impl Color {
    /// The other colour.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white (the `Game` player ids).
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The colour of player `i` (0 black).
    #[inline]
    pub fn from_index(i: usize) -> Color {
        if i == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Pass,
    Play(Point),
}

/// Why a stone cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("point is not on the board")]
    OffBoard,
    #[error("point is occupied")]
    Occupied,
    #[error("retaking the ko")]
    Ko,
    #[error("suicide")]
    Suicide,
    #[error("repeats an earlier position (superko)")]
    Superko,
    /// The game already has [`MAX_GAME_MOVES`] moves.
    #[error("the game already has the most moves a game may have ({})", MAX_GAME_MOVES)]
    TooManyMoves,
}
