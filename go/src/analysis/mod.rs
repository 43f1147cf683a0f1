//! The analysis layer: GNU Go-style reading of a position, for GNU Go's analysis commands and the pattern
//! language. [`read_result`] (the result of every reading: `Lose < KoB < KoA < Win`) → [`worm`] (strings
//! and their data) and [`reading`] (tactical attack and defence, with `candidates`' move lists) →
//! [`connection`], [`combination`] (combination attacks: sequences of ataris, and their defences) and [`eye`] (eye spaces and their values, from an eye database or the local game of
//! [`eye_graph`], which also generates our database) → [`dragon`] (dragons, their eyes and status)
//! ([`board_view`], the matchers' view of the board, sits under the pattern users) → [`owl`] (life and death reading on top of the dragons; its tuning settings are `owl_tuning`'s; its patterns' constraints are answered by
//! `owl_context`; the board-level answers both pattern contexts share are `pattern_tactics`'s, below the owl) → [`semeai`] (capturing races between two
//! dragons) → [`pattern_context`] (the pattern language's view of a position: `patterns::PatternContext`);
//! [`influence`] (the influence function's propagation, territory, moyo and area: below the dragons, which
//! read it for their escape route) and, on the dragons and patterns, [`influence_patterns`] (its pattern
//! effects and dragon strengths), [`surround`]
//! (surrounded dragons) and [`score`] (final statuses and the score without playouts).
//!
//! [`owl_memo`] keeps the owl's and the race reader's answers per position (one read per question per
//! position and thread, shared by the move generator's phases and the GTP commands).
//!
//! [`pattern_dir`] caches the databases a `--patterns` directory replaces ours with (for the dragons, the
//! owl and the move generator).
//!
//! It imports the rules and game layers only; it must not import the move generator or GTP. The classic
//! move generator ([`crate::genmove::classic`]) gathers its move reasons from it.

pub mod board_view;
pub(crate) mod candidates;
pub mod combination;
pub mod connection;
pub mod dragon;
pub mod eye;
pub mod eye_graph;
pub mod influence;
pub mod influence_patterns;
pub mod owl;
pub(crate) mod owl_context;
pub mod owl_memo;
pub(crate) mod owl_tuning;
pub mod pattern_context;
pub mod pattern_dir;
pub(crate) mod pattern_tactics;
pub mod read_result;
pub mod reading;
pub mod score;
pub mod semeai;
pub mod sgf_trace;
pub mod surround;
pub mod worm;
