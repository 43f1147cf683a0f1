//! Backgammon: rules and variants, positions and their gnubg IDs, legal play generation and
//! notation, match IDs, game/match/session play, and the PettingZoo-compatible RL environment.

mod base64;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod variant;

pub use movegen::{legal_plays, MoveGenerator, Play, SubMove};
pub use position::{Position, PositionError, BAR, ON_ROLL, OPPONENT};
pub use variant::Variant;
