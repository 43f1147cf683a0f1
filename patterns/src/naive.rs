//! The reference matcher: for every pattern, every transformation its symmetry calls for
//! and every board point as anchor, it checks the rectangle, the edges and each element
//! directly against [`MatchBoard::get`]. Slow and obvious on purpose — it is the oracle
//! the bitmask matcher is tested against, so it must not use the compiled masks nor the
//! packed board.

use crate::board::{Match, MatchBoard, Vertex};
use crate::compile::{admits, PatternSet};
use crate::geometry::Orientation;

/// Patterns with their orientations, matched point by point.
#[derive(Debug, Clone)]
pub struct NaiveMatcher {
    orientations: Vec<(u32, Orientation)>,
}

impl NaiveMatcher {
    pub fn new(set: &PatternSet) -> NaiveMatcher {
        let mut orientations = Vec::new();
        for (k, p) in set.patterns.iter().enumerate() {
            for o in p.geometry.orientations(p.symmetry) {
                orientations.push((k as u32, o));
            }
        }
        NaiveMatcher { orientations }
    }

    /// All matches on `board` (with `swap`, the board's `X` plays `O`), appended to `out`
    /// after clearing it, in pattern, transformation, anchor order.
    pub fn scan(&self, board: &impl MatchBoard, swap: bool, out: &mut Vec<Match>) {
        out.clear();
        let n = board.size() as i32;
        let cell = |r: i32, c: i32| {
            let v = board.get(r as usize, c as usize);
            if swap {
                v.swapped()
            } else {
                v
            }
        };
        for (pattern, o) in &self.orientations {
            for r in 0..n {
                for c in 0..n {
                    if !fits(o, n, r, c) {
                        continue;
                    }
                    if o.elements.iter().all(|e| admits(e.element, cell(r + e.row, c + e.col))) {
                        out.push(Match {
                            pattern: *pattern,
                            anchor: Vertex::new(r as usize, c as usize),
                            transform: o.transform,
                            move_vertex: o.move_offset.map(|(i, j)| Vertex::new((r + i) as usize, (c + j) as usize)),
                        });
                    }
                }
            }
        }
    }
}

/// The whole rectangle on the board, and each declared edge exactly on the board's edge.
fn fits(o: &Orientation, n: i32, r: i32, c: i32) -> bool {
    let (top, left) = (r + o.min.0, c + o.min.1);
    let (bottom, right) = (r + o.max.0, c + o.max.1);
    if top < 0 || left < 0 || bottom >= n || right >= n {
        return false;
    }
    (!o.edges.north || top == 0)
        && (!o.edges.south || bottom == n - 1)
        && (!o.edges.west || left == 0)
        && (!o.edges.east || right == n - 1)
}
