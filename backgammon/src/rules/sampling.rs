//! Positions sampled from seeded random games: reproducible corpora for tests, benchmarks and
//! (later) training. Owns sampling only; it plays uniformly random legal plays and never
//! evaluates anything.

use crate::rules::movegen::MoveGenerator;
use crate::rules::position::Position;
use crate::rules::variant::Variant;
use engine_core::rng::seeded_rng;
use rand::Rng;
use std::collections::HashSet;

/// `n` distinct positions (player on roll's view) met in random games of `variant`, seeded.
pub fn random_game_positions(variant: Variant, n: usize, seed: u64) -> Vec<Position> {
    let mut rng = seeded_rng(seed);
    let mut gen = MoveGenerator::new();
    let mut seen = HashSet::with_capacity(n);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = variant.starting_position();
        for _ in 0..1000 {
            if seen.insert(pos) {
                out.push(pos);
                if out.len() == n {
                    break;
                }
            }
            let (d1, d2) = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
            let plays = gen.generate(&pos, d1, d2);
            if !plays.is_empty() {
                pos = *plays[rng.random_range(0..plays.len())].result();
            }
            if pos.chequers_in_play(crate::rules::position::ON_ROLL) == 0 {
                break;
            }
            pos = pos.swapped();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_is_seeded_distinct_and_valid() {
        let a = random_game_positions(Variant::Standard, 500, 9);
        assert_eq!(a, random_game_positions(Variant::Standard, 500, 9));
        assert_ne!(a, random_game_positions(Variant::Standard, 500, 10));
        assert_eq!(a.iter().collect::<HashSet<_>>().len(), 500);
        for p in &a {
            p.validate().unwrap();
        }
        // random games reach bear-offs and hits: some sampled positions have chequers on the bar
        assert!(a.iter().any(|p| p.on_bar(0) + p.on_bar(1) > 0));
    }
}
