//! Zobrist keys: one fixed pseudo-random 64-bit key per (colour, point), generated at compile time so
//! hashes are identical on every run and platform. This module owns the keys only and builds on
//! [`crate::rules::stone`] alone; the board ([`crate::rules::board`], above it) keeps its hash up to date and
//! [`crate::game`] uses it for positional superko.

use crate::rules::stone::{Color, Point, ARRAY};

const fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn keys() -> [[u64; ARRAY]; 2] {
    let mut k = [[0u64; ARRAY]; 2];
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < ARRAY {
            k[c][p] = splitmix(((c * ARRAY + p) as u64).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x60bd_2f1c_7a3e_55a1);
            p += 1;
        }
        c += 1;
    }
    k
}

static KEYS: [[u64; ARRAY]; 2] = keys();

/// The key of a `color` stone on `p`.
#[inline]
pub fn stone(color: Color, p: Point) -> u64 {
    KEYS[color.index()][usize::from(p)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct() {
        let all: HashSet<u64> = KEYS.iter().flatten().copied().collect();
        assert_eq!(all.len(), 2 * ARRAY);
    }
}
