//! Bearoff databases: exact results for positions where every chequer is in the home board.
//!
//! - [`index`]: the enumeration of one-sided positions (gnubg's order, so files can be shared);
//! - [`one_sided`]: per position, the probability of bearing everything off in exactly n rolls
//!   and of bearing off at least one chequer in n rolls, and the cubeless winning chance of two
//!   one-sided positions.
//!
//! Owns the exact bearoff mathematics only; file formats and caching live beside it, and the
//! evaluator decides when to consult a database.

pub mod index;
pub mod one_sided;

pub use index::OneSidedIndex;
pub use one_sided::{win_probability, OneSided};
