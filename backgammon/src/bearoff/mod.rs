//! Bearoff databases: exact results for positions where every chequer is in the home board.
//!
//! - [`index`]: the enumeration of one-sided positions (gnubg's order, so files can be shared);
//! - [`one_sided`]: per position, the probability of bearing everything off in exactly n rolls
//!   and of bearing off at least one chequer in n rolls, and the cubeless winning chance of two
//!   one-sided positions; exact (`f64`) or gnubg's 16-bit values, bit for bit;
//! - [`file`](mod@file): gnubg's one-sided `.bd` files, read and written.
//!
//! Owns bearoff mathematics and files only; caching and the choice of when to consult a database
//! belong to the evaluator.

pub mod file;
pub mod index;
pub mod one_sided;

pub use index::OneSidedIndex;
pub use one_sided::{win_probability, OneSided, QuantisedOneSided};
