//! Backgammon: rules and variants, positions and their gnubg IDs, legal play generation and
//! notation, match IDs, game/match/session play, and the PettingZoo-compatible RL environment.

pub mod analysis;
mod base64;
pub mod batch;
pub mod batch_json;
pub mod bearoff;
pub mod commands;
pub mod cube;
pub mod cube_decision;
pub mod cubeful;
pub mod display;
pub mod env;
pub mod eval;
pub mod eval_cli;
pub mod external;
pub mod fibs_board;
pub mod formats;
pub mod game;
pub mod match_id;
pub mod met;
pub mod movegen;
pub mod notation;
pub mod nply;
pub mod position;
pub mod probabilities;
pub mod rollout;
pub mod sampling;
pub mod score;
pub mod session;
pub mod single_game;
pub mod variant;

pub use cube::{Cube, CubeOwner};
pub use env::{BackgammonEnv, Colour, EnvError};
pub use game::{Action, Ending, Game, GameError, GameEvent, GameResult, GameSetup, Phase};
pub use match_id::{GameState, MatchIdError, MatchState};
pub use movegen::{legal_plays, MoveGenerator, Play, SubMove};
pub use position::{Position, PositionError, BAR, ON_ROLL, OPPONENT};
pub use score::WinKind;
pub use session::{Rules, Session, SessionError};
pub use single_game::SingleGame;
pub use variant::Variant;
