//! Go: board, strings and liberties, ko and superko, Zobrist hashing, scoring, handicap placement, a first
//! move generator, and GTP (version 2) on top of `engine_core`'s command engine.
//!
//! One concept per module: [`board`] (a position and the rules of one move), [`zobrist`], [`game`] (history,
//! undo, superko, komi; implements `engine_core::Game`), [`playout`] (random games), [`status`] (dead stones
//! and ownership), [`score`], [`handicap`],
//! [`vertex`] (GTP coordinates), [`display`] (GNU Go's showboard layout), [`sgf`] (game records),
//! [`genmove`], [`gtp`] (the commands) and [`gtp_match`] (matches between GTP engines).

pub mod board;
pub mod display;
pub mod game;
pub mod genmove;
pub mod gtp;
pub mod gtp_match;
pub mod handicap;
pub mod playout;
pub mod score;
pub mod sgf;
pub mod status;
pub mod vertex;
pub mod zobrist;

pub use board::{Board, Color, IllegalMove, Move, Point};
pub use game::{GoGame, Rules, Scoring};
