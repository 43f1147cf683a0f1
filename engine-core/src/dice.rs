//! Dice: seeded from the engine's one random generator, or entered by hand (tests, and players who
//! roll physical dice). Both kinds answer through the same [`Dice`] so game code never knows which.

use crate::rng::{seeded_rng, GameRng};
use rand::Rng;
use std::collections::VecDeque;
use thiserror::Error;

/// Why a roll could not be produced.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiceError {
    /// Manual dice were selected and no roll was entered.
    #[error("no dice entered: manual dice need a roll (e.g. `set dice 6 2`)")]
    NoManualRoll,
    /// A die outside 1..=6 was entered.
    #[error("die value {0} is not between 1 and 6")]
    BadDie(u8),
}

/// Parses one die face, `1` to `6`.
pub fn parse_die(text: &str) -> Result<u8, DiceError> {
    match text.trim().parse::<u8>() {
        Ok(v @ 1..=6) => Ok(v),
        Ok(v) => Err(DiceError::BadDie(v)),
        Err(_) => Err(DiceError::BadDie(0)),
    }
}

/// A source of dice rolls.
#[derive(Debug, Clone)]
pub enum Dice {
    /// Pseudo-random dice from a seeded generator.
    Seeded { rng: Box<GameRng>, seed: u64 },
    /// Rolls entered by hand, used in order.
    Manual(VecDeque<(u8, u8)>),
}

impl Dice {
    /// Seeded dice.
    pub fn seeded(seed: u64) -> Self {
        Dice::Seeded { rng: Box::new(seeded_rng(seed)), seed }
    }

    /// Manual dice with the given rolls queued.
    pub fn manual(rolls: impl IntoIterator<Item = (u8, u8)>) -> Result<Self, DiceError> {
        let mut q = VecDeque::new();
        for (a, b) in rolls {
            for d in [a, b] {
                if !(1..=6).contains(&d) {
                    return Err(DiceError::BadDie(d));
                }
            }
            q.push_back((a, b));
        }
        Ok(Dice::Manual(q))
    }

    /// Queues a roll for manual dice (turning seeded dice into manual ones).
    pub fn push_manual(&mut self, a: u8, b: u8) -> Result<(), DiceError> {
        for d in [a, b] {
            if !(1..=6).contains(&d) {
                return Err(DiceError::BadDie(d));
            }
        }
        match self {
            Dice::Manual(q) => q.push_back((a, b)),
            Dice::Seeded { .. } => *self = Dice::Manual(VecDeque::from([(a, b)])),
        }
        Ok(())
    }

    /// One die.
    pub fn roll_die(&mut self) -> Result<u8, DiceError> {
        match self {
            Dice::Seeded { rng, .. } => Ok(rng.random_range(1..=6)),
            Dice::Manual(q) => q.pop_front().map(|(a, _)| a).ok_or(DiceError::NoManualRoll),
        }
    }

    /// Two dice.
    pub fn roll(&mut self) -> Result<(u8, u8), DiceError> {
        match self {
            Dice::Seeded { rng, .. } => Ok((rng.random_range(1..=6), rng.random_range(1..=6))),
            Dice::Manual(q) => q.pop_front().ok_or(DiceError::NoManualRoll),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_dice_are_reproducible_and_cover_all_faces() {
        let mut a = Dice::seeded(42);
        let mut b = Dice::seeded(42);
        let mut seen = [0u32; 7];
        for _ in 0..3600 {
            let (x, y) = a.roll().unwrap();
            assert_eq!((x, y), b.roll().unwrap());
            seen[x as usize] += 1;
            seen[y as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        // each face about 1200 times; a fair die stays well inside 1000..1400
        for (face, &n) in seen.iter().enumerate().skip(1) {
            assert!((1000..1400).contains(&n), "face {face} seen {n} times");
        }
    }

    #[test]
    fn manual_dice_in_order_then_error() {
        let mut d = Dice::manual([(6, 2), (3, 3)]).unwrap();
        assert_eq!(d.roll(), Ok((6, 2)));
        assert_eq!(d.roll(), Ok((3, 3)));
        assert_eq!(d.roll(), Err(DiceError::NoManualRoll));
        assert_eq!(Dice::manual([(7, 1)]).unwrap_err(), DiceError::BadDie(7));
        assert_eq!(parse_die("0"), Err(DiceError::BadDie(0)));
        assert_eq!(parse_die(" 5 "), Ok(5));
    }
}
