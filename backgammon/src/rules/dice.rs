//! The 21 distinct rolls of two dice, the one table every part of the engine walks when it
//! averages over a roll (n-ply search, cube decisions, rollouts' variance reduction, luck, the
//! bearoff databases). Order: low die first, then the high die, ascending (11, 12, …, 16, 22, …,
//! 66); a double weighs 1 of 36 outcomes, any other roll 2 (either die may show either number).
//!
//! Knows nothing but dice.

/// `(low die, high die, weight out of 36)` for each distinct roll, in the order above.
pub const ROLLS: [(u8, u8, u8); 21] = {
    let mut r = [(0u8, 0u8, 0u8); 21];
    let (mut k, mut a) = (0, 1);
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            r[k] = (a, b, if a == b { 1 } else { 2 });
            k += 1;
            b += 1;
        }
        a += 1;
    }
    r
};

/// The 21 distinct rolls with their weights out of 36, as the averaging code sums them.
pub fn distinct_rolls() -> impl Iterator<Item = (u8, u8, f32)> {
    ROLLS.iter().map(|&(a, b, w)| (a, b, f32::from(w)))
}

/// The index in [`ROLLS`] of the roll `d1`-`d2` (either order), or `None` unless both are 1..=6.
pub fn roll_index(d1: u8, d2: u8) -> Option<usize> {
    let (lo, hi) = (d1.min(d2), d1.max(d2));
    if !(1..=6).contains(&lo) || hi > 6 {
        return None;
    }
    // Rows for lower dice 1..lo hold 6, 5, … entries; then `hi - lo` into row `lo`.
    let (lo, hi) = (usize::from(lo), usize::from(hi));
    Some((1..lo).map(|a| 7 - a).sum::<usize>() + hi - lo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_weighs_36_and_indexes_itself() {
        assert_eq!(ROLLS.iter().map(|r| u32::from(r.2)).sum::<u32>(), 36);
        assert_eq!(ROLLS[0], (1, 1, 1));
        assert_eq!(ROLLS[5], (1, 6, 2));
        assert_eq!(ROLLS[6], (2, 2, 1));
        assert_eq!(ROLLS[20], (6, 6, 1));
        for (i, &(a, b, _)) in ROLLS.iter().enumerate() {
            assert_eq!(roll_index(a, b), Some(i));
            assert_eq!(roll_index(b, a), Some(i));
        }
        assert_eq!(roll_index(0, 3), None);
        assert_eq!(roll_index(7, 3), None);
    }
}
