//! Go: the rules (board, strings and liberties, ko and superko, Zobrist hashing, scoring, handicap),
//! random playouts, the game record and its end (dead stones, seki), SGF, GNU Go-style analysis
//! (tactical reading, connections, eyes, dragons, owl, the pattern language's view of a position), a
//! move generator, and GTP (version 2) on top of `engine_core`'s command engine.
//!
//! The layers, one folder (or file) each; a layer imports only layers listed above it (the workspace's
//! architecture test, `tests/tests/architecture.rs`, fails on any import cycle between files or layers):
//!
//! ```text
//! rules/      stone, zobrist, board, vertex, handicap, score:   -
//!             a position, the rules of one move, GTP coordinates, counting
//! playout/    random games and their 3x3 replies (shapes)       rules
//! game/       GoGame (history, undo, superko, komi),            rules, playout
//!             unconditional (Benson) life, status (dead/seki)
//! sgf         game records; loading a position from a record    rules, game
//! analysis/   read_result, candidates, worm, reading,           rules, game
//!             connection, eye, dragon, owl, semeai,
//!             pattern_context
//! genmove/    the move generator: move reasons (reasons), and   rules, playout, game, analysis
//!             today's heuristic generator with its tree search
//!             (mcts)
//! gtp/        state, the command groups (standard,              everything above
//!             analysis, owl, dragon, eye, semeai, pattern
//!             commands),
//!             serving on stdio and TCP
//! gtp_match   matches between GTP engines (a front end)         gtp, sgf, game, rules
//! gmp         the Go Modem Protocol (a front end: one game)     gtp, rules
//! regress     GNU Go's .tst regression files run against GTP    -
//!             engine processes (a front end)
//! ```
//!
//! The move generator ([`genmove`]) is becoming GNU Go's: move reasons gathered from the analysis
//! ([`genmove::reasons`]), valued, then selected. Today's `genmove` still plays from one-ply heuristics
//! and its tree search; the analysis modules answer GNU Go's analysis commands and the pattern
//! constraints.

pub mod analysis;
pub mod game;
pub mod genmove;
pub mod gmp;
pub mod gtp;
pub mod gtp_match;
pub mod playout;
pub mod regress;
pub mod rules;
pub mod sgf;

pub use game::{GoGame, Rules};
pub use rules::board::{Board, TryBoard};
pub use rules::score::Scoring;
pub use rules::stone::{Color, IllegalMove, Move, Point};
