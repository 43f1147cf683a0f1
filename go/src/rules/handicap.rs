//! Handicap stone placement: the fixed placements of the GTP specification (as GNU Go answers them,
//! sorted top row first) and a free placement for `place_free_handicap`. Only chooses points; putting
//! the stones on the board is [`crate::game`]'s.

use thiserror::Error;

/// Why a handicap cannot be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum HandicapError {
    #[error("invalid handicap")]
    Invalid,
}

/// Most fixed handicap stones for a board size (0 when fixed handicap is not defined for it).
pub fn max_fixed(size: usize) -> usize {
    if size < 7 {
        0
    } else if size.is_multiple_of(2) || size == 7 {
        4
    } else {
        9
    }
}

/// The fixed handicap points `(column, row from top)`, sorted top row first, left to right.
pub fn fixed(size: usize, stones: usize) -> Result<Vec<(u8, u8)>, HandicapError> {
    if stones < 2 || stones > max_fixed(size) {
        return Err(HandicapError::Invalid);
    }
    let e = if size < 12 { 2 } else { 3 };
    let (lo, hi, mid) = (e as u8, (size - 1 - e) as u8, (size / 2) as u8);
    let (tl, tr, bl, br) = ((lo, lo), (hi, lo), (lo, hi), (hi, hi));
    let (centre, left, right, top, bottom) = ((mid, mid), (lo, mid), (hi, mid), (mid, lo), (mid, hi));
    let mut pts = vec![tr, bl];
    if stones >= 3 {
        pts.push(tl);
    }
    if stones >= 4 {
        pts.push(br);
    }
    if stones >= 6 {
        pts.extend([left, right]);
    }
    if stones >= 8 {
        pts.extend([top, bottom]);
    }
    if stones % 2 == 1 && stones >= 5 {
        pts.push(centre);
    }
    pts.sort_by_key(|&(c, r)| (r, c));
    Ok(pts)
}

/// A free placement of `stones` handicap stones: the fixed points when defined; beyond them, each
/// extra stone goes to the point farthest (Manhattan distance) from the stones already chosen, less
/// a smaller penalty per line away from the fourth line (the third below 12x12), and never on the lowest lines (the first
/// two on 13x13 and larger, the first on 7x7 to 12x12) while other points remain. Distance dominates:
/// on 19x19 the 10th to 13th stones land on the seventh line between the star points (G13, N13,
/// G7, N7), the next ones on the third (G17, N17, C13, …). GNU Go 3.8 keeps all its extra stones on
/// the third and fourth lines; this placement differs from it.
pub fn free(size: usize, stones: usize) -> Result<Vec<(u8, u8)>, HandicapError> {
    if stones < 2 || stones >= size * size {
        return Err(HandicapError::Invalid);
    }
    if let Ok(p) = fixed(size, stones) {
        return Ok(p);
    }
    let mut chosen: Vec<(u8, u8)> = fixed(size, max_fixed(size).min(stones)).unwrap_or_default();
    let line = |v: u8| usize::from(v.min(size as u8 - 1 - v));
    let good_line = if size < 12 { 2 } else { 3 };
    // Stones on the first two lines (three on large boards) do little for black: they are used only
    // when the board has no room left elsewhere.
    let lowest_line = if size >= 13 {
        2
    } else if size >= 7 {
        1
    } else {
        0
    };
    while chosen.len() < stones {
        let mut best = None;
        let mut best_score = i64::MIN;
        for r in 0..size as u8 {
            for c in 0..size as u8 {
                if chosen.contains(&(c, r)) {
                    continue;
                }
                let low = line(c).min(line(r)) < lowest_line;
                let dist = chosen
                    .iter()
                    .map(|&(cc, rr)| (i64::from(c) - i64::from(cc)).abs() + (i64::from(r) - i64::from(rr)).abs())
                    .min()
                    .unwrap_or(i64::MAX / 4)
                    .min(2 * size as i64);
                let off = (line(c).abs_diff(good_line) + line(r).abs_diff(good_line)) as i64;
                let score = if low { i64::MIN / 2 + dist } else { dist * 4 - 3 * off };
                if score > best_score {
                    best_score = score;
                    best = Some((c, r));
                }
            }
        }
        chosen.push(best.ok_or(HandicapError::Invalid)?);
    }
    chosen.sort_by_key(|&(c, r)| (r, c));
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_matches_gnugo_on_9x9_and_19x19() {
        // Expected values from GNU Go 3.8's `fixed_handicap` answers (vertices written as (col, row-from-top)).
        assert_eq!(fixed(9, 3).unwrap(), vec![(2, 2), (6, 2), (2, 6)]);
        assert_eq!(fixed(19, 5).unwrap(), vec![(3, 3), (15, 3), (9, 9), (3, 15), (15, 15)]);
        assert_eq!(fixed(7, 5), Err(HandicapError::Invalid));
        assert_eq!(fixed(10, 5), Err(HandicapError::Invalid));
        assert_eq!(fixed(19, 1), Err(HandicapError::Invalid));
        assert_eq!(fixed(5, 2), Err(HandicapError::Invalid));
    }

    #[test]
    fn free_placements_are_distinct() {
        for size in [2, 5, 9, 19] {
            for n in [2, 5, 10, size * size - 1] {
                if n >= size * size || n < 2 {
                    continue;
                }
                let p = free(size, n).unwrap();
                let mut q = p.clone();
                q.dedup();
                assert_eq!(q.len(), n);
            }
        }
        assert!(free(9, 81).is_err());
    }

    #[test]
    fn extra_free_stones_stay_off_the_edge() {
        // GNU Go 3.8 places 12 free stones on 19x19 on the third and fourth lines only
        // (Q17 D16 F16 K16 Q14 Q11 D10 Q6 C5 K4 Q4 D3); on 9x9 it keeps them off the first line.
        for (size, lowest) in [(19usize, 2u8), (13, 2), (9, 1)] {
            for n in 10..=16 {
                let placed = free(size, n).unwrap();
                assert_eq!(placed.len(), n);
                for (c, r) in placed {
                    let line = c.min(r).min(size as u8 - 1 - c).min(size as u8 - 1 - r);
                    assert!(line >= lowest, "size {size}, {n} stones: ({c},{r}) on line {}", line + 1);
                }
            }
        }
    }
}
