//! The rules layer: what a position is and what one move does, with nothing about history or analysis.
//! [`stone`] (points, colours, moves, why a move is illegal) → [`zobrist`] (the hash keys) → [`board`]
//! (a position and the rules of one move); [`vertex`] (GTP coordinates), [`handicap`] (where handicap
//! stones go) and [`score`] (counting a finished position, the scoring method) build on the board.
//!
//! This layer imports no other layer of the crate; every other layer builds on it.

pub mod board;
pub mod handicap;
pub mod score;
pub mod stone;
pub mod vertex;
pub mod zobrist;
