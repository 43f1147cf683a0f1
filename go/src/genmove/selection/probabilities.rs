//! GNU Go's `move_probabilities` and `move_uncertainty` from the last generation's values: the
//! probability of each valued move being played, and the entropy of that distribution in bits.
//!
//! GNU Go 3.8's distribution is nearly deterministic: the best move gets 1.0000 whenever the next is
//! a third of a point or more behind (observed on strategy25 and 9x9 positions); on a 7x7 dame
//! position with values 0.10, 0.10, 0.09 (printed) it gave 0.3179 to the three best and 0.0231 to
//! two others, and `move_uncertainty` 1.8278 (the entropy of those five, in bits). Its formula is not
//! documented; ours is a softmax `exp(−(best − v)·`[`SHARPNESS`]`)` over the moves of positive value,
//! its sharpness fitted to that ratio (0.0727 for a hundredth of a point), moves below 0.00005
//! left out (GNU Go lists the non-zero ones with four decimals).

use crate::rules::stone::Point;

/// The softmax's sharpness per point of value.
pub const SHARPNESS: f32 = 262.0;

/// Probabilities under this are not listed.
pub const SHOWN: f32 = 0.00005;

/// Each valued move's probability (summing to 1; empty when no move has a positive value), in the
/// order of `values`.
pub fn move_probabilities(values: &[(Point, f32)]) -> Vec<(Point, f32)> {
    let best = values.iter().map(|&(_, v)| v).fold(0.0f32, f32::max);
    if best <= 0.0 {
        return Vec::new();
    }
    let w: Vec<(Point, f64)> = values
        .iter()
        .filter(|&&(_, v)| v > 0.0)
        .map(|&(p, v)| (p, (-(f64::from(best - v)) * f64::from(SHARPNESS)).exp()))
        .collect();
    let sum: f64 = w.iter().map(|&(_, x)| x).sum();
    w.into_iter().map(|(p, x)| (p, (x / sum) as f32)).filter(|&(_, x)| x >= SHOWN).collect()
}

/// The entropy of [`move_probabilities`] in bits (0 for a certain move or none).
pub fn move_uncertainty(values: &[(Point, f32)]) -> f32 {
    move_probabilities(values).iter().map(|&(_, p)| if p > 0.0 { -p * p.log2() } else { 0.0 }).sum::<f32>().max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_gnu_go_on_the_dame_position() {
        let ps: Vec<Point> = (1..=5u16).map(|i| i * 3).collect();
        // Three at the best value, two a hundredth behind.
        let values = vec![(ps[0], 0.10), (ps[1], 0.09), (ps[2], 0.09), (ps[3], 0.10), (ps[4], 0.10)];
        let pr = move_probabilities(&values);
        assert_eq!(pr.len(), 5);
        assert!((pr[0].1 - 0.3179).abs() < 0.002, "{pr:?}");
        assert!((pr[1].1 - 0.0231).abs() < 0.002, "{pr:?}");
        assert!((move_uncertainty(&values) - 1.8278).abs() < 0.01);
        // A third of a point behind: certain.
        let certain = move_probabilities(&[(ps[0], 26.69), (ps[1], 26.35)]);
        assert_eq!(certain, vec![(ps[0], 1.0)]);
        assert_eq!(move_uncertainty(&[(ps[0], 26.69), (ps[1], 26.35)]), 0.0);
        assert!(move_probabilities(&[(ps[0], 0.0)]).is_empty());
    }
}
