//! Bearoff databases: exact results for positions where every chequer is in the home board.
//!
//! - [`index`]: the enumeration of one-sided positions (gnubg's order, so files can be shared);
//! - [`one_sided`]: per position, the probability of bearing everything off in exactly n rolls
//!   and of bearing off at least one chequer in n rolls, and the cubeless winning chance of two
//!   one-sided positions; exact (`f64`) or gnubg's 16-bit values, bit for bit;
//! - [`file`](mod@file): gnubg's one-sided `.bd` files, read and written;
//! - [`two_sided`]: cubeless and cubeful money equities of both sides' positions, gnubg's
//!   two-sided databases and files, bit for bit;
//! - [`hyper`]: Hypergammon (1 to 3 chequers) solved by iteration, in gnubg's file layout;
//! - [`cache`]: the default databases, generated on first use into a cache directory.
//!
//! Owns bearoff mathematics, files and the on-disk cache of the default databases; the choice of
//! when to consult a database belongs to the evaluator.

pub mod cache;
pub mod file;
pub mod hyper;
pub mod index;
pub mod one_sided;
pub mod two_sided;

pub use index::OneSidedIndex;
pub use one_sided::{win_probability, OneSided, QuantisedOneSided};
pub use two_sided::{Cubeful, Equities, TwoSided};
