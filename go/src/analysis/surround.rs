//! Surrounded dragons (GNU Go's `surround.c` as `influence.texi` describes it): a dragon is surrounded
//! when it lies inside the convex hull of its hostile neighbours (the *surround set*), weakly
//! surrounded when that hull has a wide gap.
//!
//! This module owns the surround test and map; it reads a position, the dragon's stones and its
//! hostile neighbours' stones, and never changes them. It imports nothing above the board: the
//! dragons call it (`Dragons::surround` picks the enclosing neighbours), so it must not import them.
//!
//! Method: the surround set is the stones of the neighbouring dragons of the other colour that are
//! not dead and lie within [`REACH`] of the dragon, plus, under each of them on the second or third line, the edge point below it (the edge
//! is a natural wall). The map is every point inside or on the set's convex hull. The dragon is
//! surrounded ([`SURROUNDED`]) when all its stones are in the map; the set's points on the hull's
//! boundary, sorted by angle around the dragon's centre, must then leave no gap wider than [`WEAK_GAP`] (else
//! [`WEAKLY_SURROUNDED`]) nor than [`OPEN_GAP`] (else not surrounded).

use crate::rules::board::Board;
use crate::rules::stone::{Point, ARRAY};

/// Not surrounded.
pub const NOT_SURROUNDED: u8 = 0;
/// Surrounded (GNU Go's 1).
pub const SURROUNDED: u8 = 1;
/// Weakly surrounded (GNU Go's 2).
pub const WEAKLY_SURROUNDED: u8 = 2;
/// Hostile stones count in the surround set within this many points (rows or columns) of the dragon.
pub const REACH: i32 = 4;
/// Widest gap (Euclidean, between angle-consecutive enclosing stones) of a surrounded dragon.
pub const WEAK_GAP: f32 = 7.0;
/// Widest gap of a weakly surrounded dragon.
pub const OPEN_GAP: f32 = 11.0;

/// The surround status of the dragon made of `stones` and its map (indexed by [`Point`]); `walls`
/// are the stones of its hostile neighbours that can enclose it (of the other colour, not dead).
pub fn surround(board: &Board, stones: &[Point], walls: &[&[Point]]) -> (u8, Vec<bool>) {
    let mut map = vec![false; ARRAY];
    if stones.is_empty() {
        return (NOT_SURROUNDED, map);
    }
    let n = board.size() as i32;
    let mut set: Vec<(i32, i32)> = Vec::new();
    for wall in walls {
        for &s in wall.iter() {
            let (x, y) = xy(board, s);
            // Far stones of a big neighbour make no wall here.
            let near = stones.iter().any(|&t| {
                let (tx, ty) = xy(board, t);
                (tx - x).abs().max((ty - y).abs()) <= REACH
            });
            if !near {
                continue;
            }
            set.push((x, y));
            // The edge below a stone on the second or third line.
            if x == 1 || x == 2 {
                set.push((0, y));
            }
            if y == 1 || y == 2 {
                set.push((x, 0));
            }
            if x == n - 2 || x == n - 3 {
                set.push((n - 1, y));
            }
            if y == n - 2 || y == n - 3 {
                set.push((x, n - 1));
            }
        }
    }
    // Stones already count when they touch; the edge points added are deduplicated here.
    set.sort_unstable();
    set.dedup();
    let hull = convex_hull(&set);
    if hull.len() < 3 {
        return (NOT_SURROUNDED, map);
    }
    for q in board.points() {
        if inside(&hull, xy(board, q)) {
            map[usize::from(q)] = true;
        }
    }
    if !stones.iter().all(|&s| map[usize::from(s)]) {
        return (NOT_SURROUNDED, map);
    }
    // Gaps between enclosing stones in angle order around the dragon's centre.
    let (cx, cy) = {
        let (sx, sy) = stones.iter().fold((0i32, 0i32), |(a, b), &s| {
            let (x, y) = xy(board, s);
            (a + x, b + y)
        });
        (sx as f32 / stones.len() as f32, sy as f32 / stones.len() as f32)
    };
    // Only the set's points on the hull's boundary enclose: stones inside it are not part of the wall.
    let on_hull = |q: (i32, i32)| (0..hull.len()).any(|i| on_segment(hull[i], hull[(i + 1) % hull.len()], q));
    let mut by_angle: Vec<(f32, (i32, i32))> =
        set.iter().filter(|&&q| on_hull(q)).map(|&(x, y)| ((y as f32 - cy).atan2(x as f32 - cx), (x, y))).collect();
    by_angle.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut widest = 0f32;
    for i in 0..by_angle.len() {
        let (a, b) = (by_angle[i].1, by_angle[(i + 1) % by_angle.len()].1);
        let g = (((a.0 - b.0).pow(2) + (a.1 - b.1).pow(2)) as f32).sqrt();
        widest = widest.max(g);
    }
    let status = if widest > OPEN_GAP {
        NOT_SURROUNDED
    } else if widest > WEAK_GAP {
        WEAKLY_SURROUNDED
    } else {
        SURROUNDED
    };
    (status, map)
}

/// GNU Go's `does_surround` from the dragon's status before and after a move of the other colour: the
/// new status when the move surrounds it more than before, else [`NOT_SURROUNDED`].
pub fn does_surround(before: u8, after: u8) -> u8 {
    let rank = |s: u8| match s {
        SURROUNDED => 2,
        WEAKLY_SURROUNDED => 1,
        _ => 0,
    };
    if rank(after) > rank(before) {
        after
    } else {
        NOT_SURROUNDED
    }
}

fn xy(board: &Board, p: Point) -> (i32, i32) {
    let (x, y) = board.coords(p);
    (i32::from(x), i32::from(y))
}

fn cross(o: (i32, i32), a: (i32, i32), b: (i32, i32)) -> i32 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// Andrew's monotone chain over sorted, distinct points: the hull counter-clockwise, no collinear
/// corners.
fn convex_hull(pts: &[(i32, i32)]) -> Vec<(i32, i32)> {
    if pts.len() < 3 {
        return pts.to_vec();
    }
    let mut lower: Vec<(i32, i32)> = Vec::new();
    for &p in pts {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= 0 {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<(i32, i32)> = Vec::new();
    for &p in pts.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= 0 {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// Whether `q` lies on the segment from `a` to `b`.
fn on_segment(a: (i32, i32), b: (i32, i32), q: (i32, i32)) -> bool {
    cross(a, b, q) == 0 && q.0 >= a.0.min(b.0) && q.0 <= a.0.max(b.0) && q.1 >= a.1.min(b.1) && q.1 <= a.1.max(b.1)
}

/// Whether `q` is inside or on the counter-clockwise hull.
fn inside(hull: &[(i32, i32)], q: (i32, i32)) -> bool {
    (0..hull.len()).all(|i| cross(hull[i], hull[(i + 1) % hull.len()], q) >= 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::tests::board_from;
    use crate::rules::stone::Color;

    #[test]
    fn ring_surrounds_and_open_side_does_not() {
        let b = board_from(&[
            ".........",
            ".........",
            "..OOOOO..",
            "..O...O..",
            "..O.X.O..",
            "..O...O..",
            "..OOOOO..",
            ".........",
            ".........",
        ]);
        let white = |b: &Board| b.points().filter(|&q| b.color(q) == Some(Color::White)).collect::<Vec<_>>();
        let ring = white(&b);
        let (status, map) = surround(&b, &[b.point(4, 4)], &[&ring]);
        assert_eq!(status, SURROUNDED);
        assert!(map[usize::from(b.point(3, 3))] && !map[usize::from(b.point(0, 0))]);
        let open = board_from(&[
            ".........",
            ".........",
            ".........",
            ".........",
            "..O.X.O..",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let two = white(&open);
        assert_eq!(surround(&open, &[open.point(4, 4)], &[&two]).0, NOT_SURROUNDED);
    }
}
