//! Backgammon as gnubg plays it: rules and IDs, evaluation, cube and match equity, rollouts and
//! analysis, file formats, and the front ends that speak gnubg's languages.
//!
//! The folders are the layers. Each imports only the layers above it in this map (lower in the
//! list means higher in the stack); the workspace's architecture test checks it from the source.
//!
//! ```text
//! frontends/  the `gammon` command language (commands/), batch and JSON answers, eval_cli,
//!             the external player (FIBS board over a socket), matchplay (runs against other programs)
//!   ↑ uses everything below
//! database/   the match database (gnubg's `relational` commands) on SQLite: players, matches,
//!             games and their analysis statistics; a player's record over time
//!   ↑ uses analysis, formats and below
//! analysis/   rollouts (rollout, quasi_dice), post-mortem grading of games and matches, statistics
//! formats/    match and position files (SGF, .mat, .pos, Snowie, text, HTML), the board text
//!             (display), the FIBS board string (fibs_board)           — uses rules only
//! env/        the PettingZoo backgammon_v0 environment                 — uses rules only
//! cube/       cubeful equity (Janowski), match equity tables (met), cube decisions (decision)
//! eval/       one Probabilities type, input features, nets, CPU dispatch, bearoff databases,
//!             n-ply search with move filters (nply)
//! rules/      position and IDs, variants, legal plays and notation, dice rolls, scoring of a
//!             game, the cube's state, match IDs, game and session state machines, sampled positions
//! ```
//!
//! Training, benchmarks and cube-efficiency studies live in the `backgammon-train` crate, which
//! this crate does not know. Nothing here draws on a terminal: long work reports through
//! `engine_core::progress`.

pub mod analysis;
pub mod cube;
pub mod database;
pub mod env;
pub mod eval;
pub mod formats;
pub mod frontends;
pub mod rules;

pub use env::{BackgammonEnv, Colour, EnvError};
pub use rules::cube::{Cube, CubeOwner};
pub use rules::game::{Action, Ending, Game, GameError, GameEvent, GameResult, GameSetup, Phase};
pub use rules::match_id::{GameState, MatchIdError, MatchState};
pub use rules::movegen::{legal_plays, MoveGenerator, Play, SubMove};
pub use rules::position::{Position, PositionError, BAR, ON_ROLL, OPPONENT};
pub use rules::score::WinKind;
pub use rules::session::{Rules, Session, SessionError};
pub use rules::variant::Variant;
