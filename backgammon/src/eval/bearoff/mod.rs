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
//! Every solver and reader works out the memory a database needs before allocating any of it,
//! refuses more than [`MAX_DATABASE_BYTES`] ([`MemoryError::TooLarge`]), and allocates with
//! `try_reserve`, so a size the machine cannot hold is an error ([`MemoryError::OutOfMemory`]),
//! never an abort. Files are written through [`engine_core::atomic_file::AtomicFile`]: an
//! interrupted run leaves the previous database as it was.
//!
//! Owns bearoff mathematics, files and the on-disk cache of the default databases; the choice of
//! when to consult a database belongs to the evaluator.

/// A database file read past `MAX_DATABASE_BYTES` is the error type's `FileTooLarge`, any other read
/// failure its `Io`: the three file readers (one-sided, two-sided, Hypergammon) say it the same way.
macro_rules! from_read_error {
    ($error:ident) => {
        impl From<engine_core::limits::ReadError> for $error {
            fn from(e: engine_core::limits::ReadError) -> Self {
                match e {
                    engine_core::limits::ReadError::Io(e) => $error::Io(e),
                    engine_core::limits::ReadError::TooLarge { limit } => $error::FileTooLarge { limit },
                }
            }
        }
    };
}
pub(crate) use from_read_error;

pub mod cache;
pub mod file;
pub mod hyper;
pub mod index;
pub mod one_sided;
pub mod two_sided;

pub use index::OneSidedIndex;
pub use one_sided::{win_probability, OneSided, QuantisedOneSided};
pub use two_sided::{Cubeful, Equities, TwoSided};

use thiserror::Error;

/// The most memory one database may take while it is built or loaded: 4 GiB. The machines this
/// runs on have 16-24 GB shared between several programs; 4 GiB admits every database gnubg users
/// make (15 chequers on up to 12 points takes 2.8 GB to build, the largest two-sided file gnubg
/// reads is 2 GB) and refuses at once what would take the machine down (13 points would need
/// 6.0 GB, 18 points 166 GB).
pub const MAX_DATABASE_BYTES: u64 = 4 << 30;

/// A database too large to build or load.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MemoryError {
    #[error(
        "{what} needs about {} of memory, more than the limit of {} (MAX_DATABASE_BYTES)",
        human(*needed),
        human(*limit)
    )]
    TooLarge { what: String, needed: u64, limit: u64 },
    #[error("{what}: out of memory allocating {}", human(*bytes))]
    OutOfMemory { what: String, bytes: u64 },
}

/// Bytes for people: `6.3 GB`, `4 GiB` for exact powers of two.
fn human(bytes: u64) -> String {
    if bytes >= 1 << 30 && bytes & ((1 << 30) - 1) == 0 {
        format!("{} GiB", bytes >> 30)
    } else if bytes >= 1_000_000_000 {
        format!("{:.1} GB", bytes as f64 / 1e9)
    } else if bytes >= 1_000_000 {
        format!("{:.1} MB", bytes as f64 / 1e6)
    } else {
        format!("{bytes} bytes")
    }
}

/// Refuses `needed` bytes (saturated arithmetic: an overflow is simply too much) over the limit.
pub(crate) fn check_memory(what: impl FnOnce() -> String, needed: u64) -> Result<(), MemoryError> {
    if needed > MAX_DATABASE_BYTES {
        return Err(MemoryError::TooLarge { what: what(), needed, limit: MAX_DATABASE_BYTES });
    }
    Ok(())
}

/// `vec![value; n]`, or an error when the allocator cannot give the memory.
pub(crate) fn try_vec<T: Clone>(value: T, n: usize, what: &str) -> Result<Vec<T>, MemoryError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| MemoryError::OutOfMemory {
        what: what.to_string(),
        bytes: (n as u64).saturating_mul(std::mem::size_of::<T>() as u64),
    })?;
    v.resize(n, value);
    Ok(v)
}

/// An empty vector with room for `n`, or an error when the allocator cannot give the memory.
pub(crate) fn try_with_capacity<T>(n: usize, what: &str) -> Result<Vec<T>, MemoryError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| MemoryError::OutOfMemory {
        what: what.to_string(),
        bytes: (n as u64).saturating_mul(std::mem::size_of::<T>() as u64),
    })?;
    Ok(v)
}

/// binom(C + P, P), the number of one-sided positions, without building the index (saturating).
pub fn one_sided_positions(points: usize, chequers: usize) -> u64 {
    let mut n: u64 = 1;
    for k in 1..=points as u64 {
        // exact at every step: n * (C + k) is divisible by k
        n = n.saturating_mul(chequers as u64 + k) / k;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_messages() {
        assert_eq!(one_sided_positions(6, 15), 54_264);
        assert_eq!(one_sided_positions(18, 15), 1_037_158_320);
        assert_eq!(one_sided_positions(24, 15), 25_140_840_660);
        assert!(check_memory(|| "x".into(), MAX_DATABASE_BYTES).is_ok());
        let e = check_memory(|| "15 chequers on 18 points".into(), 170_000_000_000).unwrap_err();
        assert_eq!(
            e.to_string(),
            "15 chequers on 18 points needs about 170.0 GB of memory, more than the limit of 4 GiB (MAX_DATABASE_BYTES)"
        );
        assert!(try_vec(0u8, 10, "x").unwrap().len() == 10);
        // more than any address space: an error, not an abort
        assert!(matches!(try_vec(0u64, usize::MAX / 4, "x"), Err(MemoryError::OutOfMemory { .. })));
    }
}
