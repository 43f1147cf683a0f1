//! Seeded randomness. Every random choice in the engine flows from one [`GameRng`] built from a
//! user-visible seed, so a seeded run is reproducible bit for bit on every platform.
//!
//! ChaCha8 is used instead of `rand::rngs::StdRng` because `StdRng`'s algorithm may change between
//! `rand` releases, which would silently change every seeded game.

use rand::SeedableRng;

/// The engine's random number generator: portable and reproducible.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// The generator for a user seed.
pub fn seeded_rng(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A seed for runs where the user gave none (time and process based). The chosen seed should be
/// reported to the user so the run can be repeated.
pub fn fresh_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
    // splitmix64 finaliser so close timestamps give unrelated seeds
    let mut z = nanos ^ (u64::from(std::process::id()) << 32);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn same_seed_same_stream_different_seed_different_stream() {
        let a: Vec<u32> = (0..8).map(|_| 0).scan(seeded_rng(7), |r, _: u32| Some(r.random())).collect();
        let b: Vec<u32> = (0..8).map(|_| 0).scan(seeded_rng(7), |r, _: u32| Some(r.random())).collect();
        let c: Vec<u32> = (0..8).map(|_| 0).scan(seeded_rng(8), |r, _: u32| Some(r.random())).collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
