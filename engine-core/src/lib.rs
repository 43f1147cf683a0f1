//! The shared core of the engine: what backgammon and Go both need and nothing more.
//!
//! - [`command`] and [`gtp`]: the command registry and GTP framing both games' front ends use;
//! - [`sgf`]: SGF syntax (both games keep their records in it); [`progress`]: long work's reports;
//! - [`rng`] and [`dice`]: one user-settable seed from which every random choice flows, and dice
//!   that are either seeded or entered by hand;
//! - [`limits`], [`atomic_file`], [`file_access`] and [`net`]: what every program needs to face hostile
//!   input: bounded reads and lines, whole-or-nothing file writes that never follow a planted
//!   symlink, file commands confined to a directory, loopback-only listening unless told otherwise.
//!
//! This crate must not know the rules of any game.

pub mod atomic_file;
pub mod command;
pub mod dice;
pub mod file_access;
pub mod gtp;
pub mod limits;
pub mod net;
pub mod progress;
pub mod rng;
pub mod sgf;

pub use dice::{Dice, DiceError};
pub use rng::{seeded_rng, GameRng};
