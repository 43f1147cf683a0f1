//! Go: board, strings and liberties, ko and superko, Zobrist hashing, scoring, handicap placement, a first
//! move generator, and GTP (version 2) on top of `engine_core`'s command engine.
//!
//! One concept per module: [`stone`] (points, colours, moves, why a move is illegal), [`zobrist`] (the
//! hash keys), [`board`] (a position and the rules of one move), [`playout`] (random games) and
//! [`playout_shapes`] (their 3×3 replies), [`mcts`] (tree search over playouts), [`status`] (dead stones,
//! seki and ownership), [`score`] (counting, the scoring method), [`game`] (history, undo, superko, komi;
//! implements `engine_core::Game`), [`handicap`], [`vertex`] (GTP coordinates), [`display`] (GNU Go's
//! showboard layout), [`sgf`] (game records), [`genmove`], [`gtp_state`] (the GTP engine's state),
//! [`gtp`] (the standard commands and the engine's assembly) and [`gtp_match`] (matches between GTP
//! engines). Analysis: [`worm`], [`unconditional`] (Benson-style life), [`reading`] (tactical
//! attack/defense), [`connection`], [`eye`] (eye spaces and their values), [`dragon`] (dragons, their
//! eyes and status), [`owl`] (life and death reading, on top of the dragons), GNU Go's analysis commands
//! in [`gtp_analysis`] and the pattern language's view of a position in [`pattern_context`].
//!
//! Imports only go down, never round (the workspace's architecture test checks it). The rules:
//! `stone` → `zobrist` → `board` → `playout_shapes`, `playout` → `unconditional`, `status` → `score` →
//! `game`. Analysis: `reading` → `connection`, `eye` → `dragon` → `owl` (the dragons take the owl's
//! reading as a [`dragon::LifeReading`] from their caller). GTP: `gtp_state` → `gtp_analysis`,
//! `pattern_context` (each registers its commands over the state) → `gtp` (assembles the engine).

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
pub mod gtp_state;
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
pub mod stone;
pub mod unconditional;
pub mod vertex;
pub mod worm;
pub mod zobrist;

pub use board::{Board, TryBoard};
pub use game::{GoGame, Rules};
pub use score::Scoring;
pub use stone::{Color, IllegalMove, Move, Point};
