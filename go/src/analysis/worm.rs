//! Worms (GNU Go's name for strings) and the data GNU Go keeps per worm: origin, size, effective size,
//! liberties of first to fourth order, cutting-stone class, genus and invincibility.
//!
//! This module owns that static bookkeeping only; tactical attack and defense points come from
//! [`crate::analysis::reading`] and unconditional status from [`crate::game::unconditional`].

use crate::game::unconditional::unconditional_life;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY};

/// Data of the worm through one point (an empty point: itself as origin, size 0, the rest zero).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Worm {
    /// The worm's smallest point (GNU Go's `origin`: one point per worm, the same for all its stones).
    pub origin: Point,
    pub size: usize,
    /// Stones plus the empty points within distance 4 that are at least as close to this worm as to any
    /// other, shared points counted fractionally.
    pub effective_size: f64,
    /// Empty points at distance exactly 1, 2, 3 and 4 from the worm, walking over empty points.
    pub liberties: [usize; 4],
    /// GNU Go's `cutstone`: 2 when the worm touches at least two opponent worms that it separates
    /// (they share no liberty), 1 when it touches two opponent worms, else 0.
    pub cutstone: u8,
    /// Number of regions of the complement the worm encloses (connected components minus one).
    pub genus: usize,
    /// Whether the worm can never be captured (Benson).
    pub invincible: bool,
}

/// Distances (1..=4) from the string through `p` over empty points; 0 where unreached.
fn distances(b: &Board, p: Point) -> Vec<u8> {
    let mut d = vec![0u8; ARRAY];
    let mut frontier: Vec<Point> = b.string_stones(p).collect();
    for step in 1..=4u8 {
        let mut next = Vec::new();
        for &x in &frontier {
            for q in Board::neighbors(x) {
                if b.is_empty(q) && d[usize::from(q)] == 0 {
                    d[usize::from(q)] = step;
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    d
}

/// The worm data of every point of `b`, indexed by point: a stone's worm; an empty point is its own origin,
/// of size 0, every other field zero (GNU Go's answer). Points off the board keep [`Worm::default`].
pub fn worms(b: &Board) -> Vec<Worm> {
    let lives = [unconditional_life(b, Color::Black), unconditional_life(b, Color::White)];
    let mut out = vec![Worm::default(); ARRAY];
    let heads: Vec<Point> = b.points().filter(|&p| b.color(p).is_some() && b.string_id(p) == p).collect();
    let dists: Vec<Vec<u8>> = heads.iter().map(|&h| distances(b, h)).collect();
    for (i, &h) in heads.iter().enumerate() {
        let color = b.color(h).expect("a stone");
        let stones: Vec<Point> = b.string_stones(h).collect();
        let origin = *stones.iter().min().expect("a stone");
        let mut w = Worm {
            origin,
            size: stones.len(),
            cutstone: cutstone(b, h),
            genus: genus(b, h),
            invincible: lives[color.index()].invincible[usize::from(h)],
            ..Worm::default()
        };
        let mut eff = stones.len() as f64;
        for p in b.points() {
            let d = dists[i][usize::from(p)];
            if d == 0 {
                continue;
            }
            w.liberties[usize::from(d) - 1] += 1;
            let closer = dists.iter().filter(|o| o[usize::from(p)] != 0 && o[usize::from(p)] < d).count();
            if closer == 0 {
                let ties = dists.iter().filter(|o| o[usize::from(p)] == d).count();
                eff += 1.0 / ties as f64;
            }
        }
        w.effective_size = eff;
        for s in stones {
            out[usize::from(s)] = w.clone();
        }
    }
    // An empty point is its own origin with size 0 and every other field zero, as GNU Go 3.8's `worm_data`
    // answers for it; without this its data would name the array's first cell, which is off the board.
    for p in b.points() {
        if b.is_empty(p) {
            out[usize::from(p)] = Worm { origin: p, size: 0, ..Worm::default() };
        }
    }
    out
}

/// GNU Go's `cutstone` class of the worm through `p` (see [`Worm::cutstone`]).
pub fn cutstone(b: &Board, p: Point) -> u8 {
    let Some(color) = b.color(p) else { return 0 };
    let mut adj: Vec<Point> = Vec::new();
    for s in b.string_stones(p) {
        for q in Board::neighbors(s) {
            if b.color(q) == Some(color.opponent()) && !adj.contains(&b.string_id(q)) {
                adj.push(b.string_id(q));
            }
        }
    }
    if adj.len() < 2 {
        return 0;
    }
    let libs = |h: Point| {
        let mut v = Vec::new();
        b.string_liberties(h, usize::MAX, &mut v);
        v
    };
    for (i, &x) in adj.iter().enumerate() {
        let lx = libs(x);
        for &y in &adj[i + 1..] {
            if !libs(y).iter().any(|l| lx.contains(l)) {
                return 2;
            }
        }
    }
    1
}

/// Regions of the board the worm through `p` cuts off, minus one.
pub fn genus(b: &Board, p: Point) -> usize {
    let h = b.string_id(p);
    let mine = |q: Point| b.color(q).is_some() && b.string_id(q) == h;
    let mut seen = vec![false; ARRAY];
    let mut parts = 0usize;
    for start in b.points() {
        if mine(start) || seen[usize::from(start)] {
            continue;
        }
        parts += 1;
        let mut stack = vec![start];
        seen[usize::from(start)] = true;
        while let Some(x) = stack.pop() {
            for q in Board::neighbors(x) {
                if b.on_board(q) && !mine(q) && !seen[usize::from(q)] {
                    seen[usize::from(q)] = true;
                    stack.push(q);
                }
            }
        }
    }
    parts.saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::tests::board_from;

    #[test]
    fn lone_stone_liberty_orders_and_genus() {
        let b = board_from(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . X . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ]);
        let w = &worms(&b)[usize::from(b.point(4, 4))];
        // GNU Go's worm_data for a lone E5 on 9x9: 4, 8, 12, 16.
        assert_eq!(w.liberties, [4, 8, 12, 16]);
        assert_eq!((w.size, w.genus, w.cutstone), (1, 0, 0));
        let b = board_from(&[". X . .", "X X . .", ". . . .", ". . . ."]);
        assert_eq!(genus(&b, b.point(1, 1)), 1);
    }

    #[test]
    fn empty_points_are_their_own_origin() {
        // GNU Go 3.8 (`worm_data A1`, `worm_data D4` on 9x9 after B E5, W C3): origin the point itself, size 0.
        let b = board_from(&[". X . .", "X X . .", ". . . .", ". . . ."]);
        let ws = worms(&b);
        for p in [b.point(0, 0), b.point(3, 3)] {
            let w = &ws[usize::from(p)];
            assert_eq!((w.origin, w.size, w.liberties), (p, 0, [0; 4]));
        }
        assert!(b.points().all(|p| b.on_board(ws[usize::from(p)].origin)));
    }
}
