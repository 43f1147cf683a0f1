//! The rules layer: everything that is true of backgammon before anyone evaluates a position.
//! Positions and their gnubg IDs ([`position`], with the base-64 coding of IDs), the variants
//! ([`variant`]), legal plays ([`movegen`]) and their notation ([`notation`]), the 21 distinct
//! dice rolls ([`dice`]), the two players ([`player`]), what a finished game scores ([`score`]), the cube's value and owner
//! ([`cube`]), match IDs ([`match_id`]), the game and session state machines ([`game`],
//! [`session`]) and positions sampled from seeded random games ([`sampling`]).
//!
//! Imports nothing else of the crate: evaluation, cube theory, files and front ends are built on it.

mod base64;
pub mod cube;
pub mod dice;
pub mod game;
pub mod match_id;
pub mod movegen;
pub mod notation;
pub mod player;
pub mod position;
pub mod sampling;
pub mod score;
pub mod session;
pub mod variant;
