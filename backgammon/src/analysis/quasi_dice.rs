//! Quasi-random rollout dice, as the GNU Backgammon manual ("Rollout of cube decisions",
//! "Quasi-Random Dice") describes them: the first three rolls of every game are *rotated* and
//! *stratified*, later rolls are plain seeded dice, and the whole set of roll sequences is fixed
//! by one seed before the first game starts.
//!
//! Owns only the choice of dice for game `n` of a rollout; playing the games, truncation and
//! variance reduction belong to `rollout`; the rules (dice 1 to 6, 21 distinct rolls) are `rules::dice`'s. Deterministic when seeded and
//! allocation free: a game's dice are computed from `(seed, sequence number)`, so games can be
//! rolled out in parallel in any order and still get the same dice.
//!
//! Design. A roll is one of 36 ordered outcomes `(d1, d2)`; a sequence number `s` is written in
//! base 36 as `s = a + 36 b + 1296 c + …`. The outcome indices of the first three rolls are
//! `a`, `a + b` and `a + 2b + c` (mod 36), each passed through its own seeded permutation of the
//! 36 outcomes. Hence:
//! - the first roll depends on `s mod 36` only, so *any* 36 consecutive sequences contain every
//!   first roll exactly once (rotation of the first roll);
//! - within an aligned block of 36 sequences, the second and the third rolls are also all
//!   different (stratification: stopping a rollout after 36 games leaves no skew);
//! - every aligned block of 1296 sequences holds each (first, second) pair once, and every
//!   aligned block of 46656 each (first, second, third) triple once (rotation of rolls 2 and 3).
//!
//! "Rollout as initial position" skips every sequence whose first roll is a double (the opening
//! roll cannot be one), remembering how many it has skipped, so 30 (1080, 38880) games give the
//! full sets of 1 (2, 3) rolls instead of 36 (1296, 46656).

use engine_core::rng::GameRng;
use rand::{Rng, SeedableRng};

/// Number of different rolls of two distinguishable dice.
pub const OUTCOMES: usize = 36;
/// How many rolls of a game are rotated and stratified.
pub const ROTATED_ROLLS: usize = 3;

/// The roll for outcome index `i` (0..36): `(i / 6 + 1, i % 6 + 1)`.
pub fn outcome_roll(i: usize) -> (u8, u8) {
    debug_assert!(i < OUTCOMES);
    ((i / 6) as u8 + 1, (i % 6) as u8 + 1)
}

/// The outcome index of a roll (inverse of [`outcome_roll`]); dice must be 1..=6.
pub fn roll_outcome(roll: (u8, u8)) -> usize {
    usize::from(roll.0 - 1) * 6 + usize::from(roll.1 - 1)
}

/// splitmix64: turns (seed, index) pairs into unrelated 64-bit seeds.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The dice plan of a whole rollout, fixed by one seed.
#[derive(Debug, Clone)]
pub struct QuasiDice {
    seed: u64,
    /// One permutation of the 36 outcomes per rotated roll, so the order is not 11, 12, 13, …
    perms: [[u8; OUTCOMES]; ROTATED_ROLLS],
    /// Rollout as initial position: sequences starting with a double are skipped.
    skip_doubles: bool,
    /// With `skip_doubles`: the residues `a` (mod 36) whose first roll is not a double, in order.
    non_double: [u8; 30],
}

impl QuasiDice {
    /// The plan for `seed`; `initial_position` selects "rollout as initial position".
    pub fn new(seed: u64, initial_position: bool) -> Self {
        let mut rng = GameRng::seed_from_u64(mix(seed));
        let mut perms = [[0u8; OUTCOMES]; ROTATED_ROLLS];
        for p in &mut perms {
            for (i, v) in p.iter_mut().enumerate() {
                *v = i as u8;
            }
            // Fisher-Yates with the seeded generator
            for i in (1..OUTCOMES).rev() {
                let j = rng.random_range(0..=i);
                p.swap(i, j);
            }
        }
        let mut non_double = [0u8; 30];
        let mut k = 0;
        for (a, &o) in perms[0].iter().enumerate() {
            let (x, y) = outcome_roll(usize::from(o));
            if x != y {
                non_double[k] = a as u8;
                k += 1;
            }
        }
        QuasiDice { seed, perms, skip_doubles: initial_position, non_double }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether sequences starting with a double are skipped (rollout as initial position).
    pub fn skips_doubles(&self) -> bool {
        self.skip_doubles
    }

    /// The sequence number game `game` (0-based) of the rollout uses: `game` itself, or, for a
    /// rollout as initial position, `game` plus the number of double-first sequences skipped so far.
    pub fn sequence_of_game(&self, game: u64) -> u64 {
        if self.skip_doubles {
            (game / 30) * OUTCOMES as u64 + u64::from(self.non_double[(game % 30) as usize])
        } else {
            game
        }
    }

    /// The outcome index of roll `turn` (0-based) of sequence `seq`, for a rotated roll.
    fn rotated_outcome(&self, seq: u64, turn: usize) -> usize {
        let n = OUTCOMES as u64;
        let (a, b, c) = (seq % n, (seq / n) % n, (seq / (n * n)) % n);
        let idx = match turn {
            0 => a,
            1 => (a + b) % n,
            _ => (a + 2 * b + c) % n,
        };
        usize::from(self.perms[turn][idx as usize])
    }

    /// The dice for game `game` of the rollout.
    pub fn game(&self, game: u64) -> GameDice<'_> {
        self.sequence(self.sequence_of_game(game))
    }

    /// The dice of sequence `seq` (no skipping applied).
    pub fn sequence(&self, seq: u64) -> GameDice<'_> {
        GameDice { plan: self, seq, turn: 0, rng: None }
    }
}

/// The rolls of one game of a rollout, in order.
#[derive(Debug, Clone)]
pub struct GameDice<'a> {
    plan: &'a QuasiDice,
    seq: u64,
    turn: usize,
    /// Created at the first unrotated roll, so the common short truncated rollout never pays for it.
    rng: Option<GameRng>,
}

impl GameDice<'_> {
    /// The sequence number these dice come from.
    pub fn sequence(&self) -> u64 {
        self.seq
    }

    /// The next roll.
    pub fn roll(&mut self) -> (u8, u8) {
        let t = self.turn;
        self.turn += 1;
        if t < ROTATED_ROLLS {
            return outcome_roll(self.plan.rotated_outcome(self.seq, t));
        }
        let (seed, seq) = (self.plan.seed, self.seq);
        let rng = self.rng.get_or_insert_with(|| GameRng::seed_from_u64(mix(mix(seed) ^ mix(seq.wrapping_add(1)))));
        (rng.random_range(1..=6), rng.random_range(1..=6))
    }
}

impl Iterator for GameDice<'_> {
    type Item = (u8, u8);
    fn next(&mut self) -> Option<(u8, u8)> {
        Some(self.roll())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_index_round_trip() {
        for i in 0..OUTCOMES {
            assert_eq!(roll_outcome(outcome_roll(i)), i);
        }
        assert_eq!(outcome_roll(0), (1, 1));
        assert_eq!(outcome_roll(35), (6, 6));
    }

    #[test]
    fn same_seed_same_dice_other_seed_other_dice() {
        let a = QuasiDice::new(1, false);
        let b = QuasiDice::new(1, false);
        let c = QuasiDice::new(2, false);
        let ra: Vec<_> = a.game(5).take(10).collect();
        assert_eq!(ra, b.game(5).take(10).collect::<Vec<_>>());
        assert_ne!(ra, c.game(5).take(10).collect::<Vec<_>>());
    }
}
