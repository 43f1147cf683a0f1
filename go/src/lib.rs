//! Go: board, strings and liberties, ko and superko, Zobrist hashing, scoring, handicap placement, a first
//! move generator, and GTP (version 2) on top of `engine_core`'s command engine.
//!
//! One concept per module: [`board`] (a position and the rules of one move), [`zobrist`], [`game`] (history,
//! undo, superko, komi; implements `engine_core::Game`), [`playout`] (random games) and [`playout_shapes`]
//! (their 3×3 replies), [`mcts`] (tree search over playouts), [`status`] (dead stones, seki and ownership),
//! [`score`], [`handicap`],
//! [`vertex`] (GTP coordinates), [`display`] (GNU Go's showboard layout), [`sgf`] (game records),
//! [`genmove`], [`gtp`] (the commands) and [`gtp_match`] (matches between GTP engines). Analysis:
//! [`worm`], [`unconditional`] (Benson-style life), [`reading`] (tactical attack/defense), [`connection`],
//! [`eye`] (eye spaces and their values), [`dragon`] (dragons, their eyes and status), [`owl`] (life and
//! death reading), and GNU Go's analysis commands in [`gtp_analysis`].

pub mod board;
mod candidates;
pub mod connection;
pub mod display;
pub mod dragon;
pub mod eye;
pub mod game;
pub mod genmove;
pub mod gtp;
pub mod gtp_analysis;
pub mod gtp_match;
pub mod handicap;
pub mod mcts;
pub mod owl;
pub mod pattern_context;
pub mod playout;
pub mod playout_shapes;
pub mod reading;
pub mod score;
pub mod sgf;
pub mod status;
pub mod unconditional;
pub mod vertex;
pub mod worm;
pub mod zobrist;

pub use board::{Board, Color, IllegalMove, Move, Point, TryBoard};
pub use game::{GoGame, Rules, Scoring};
