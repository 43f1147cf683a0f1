//! Connection reading: can two strings of one colour be connected (`connect`) or kept apart
//! (`disconnect`), with GNU Go's result codes and moves; plus the `same_dragon` test and the combination
//! (multiple-atari) commands built on it.
//!
//! This module owns the connection search only. It reads on the [`Reader`]'s board (played moves are
//! always taken back) and uses its tactical `attack` to tell whether a string or a cutting stone falls.
//!
//! The search alternates connector and cutter moves on the few points that matter: common liberties,
//! points next to a liberty of each string (bridges, hanging connections), liberties of strings in atari
//! and captures of cutting stones. Two strings count as connected when they are one string, or share two
//! liberties that the cutter cannot both fill, or touch a common opponent string that can be captured;
//! they count as cut when either can be captured, or at the search horizon.

use crate::board::{Board, Color, Point};
use crate::reading::{Reader, WIN};

/// Plies of connection search.
const CONNECT_DEPTH: usize = 7;
/// Node budget of one connection query (counted on the reader's node counter too).
const CONNECT_NODES: u64 = 20_000;

struct Search<'a> {
    r: &'a mut Reader,
    nodes: u64,
}

fn same(b: &Board, a: Point, c: Point) -> bool {
    b.color(a).is_some() && b.color(a) == b.color(c) && b.string_id(a) == b.string_id(c)
}

fn libs_of(b: &Board, p: Point) -> ([Point; 16], usize) {
    let mut l = [0 as Point; 16];
    let n = b.liberties_into(p, &mut l);
    (l, n)
}

/// Whether the strings at `a` and `c` are linked without reading: two common liberties (miai), or one
/// the cutter cannot play, or one where the cutting stone would be captured at once (not a snapback).
fn linked(b: &Board, a: Point, c: Point, cutter: Color) -> bool {
    let (la, na) = libs_of(b, a);
    let (lc, nc) = libs_of(b, c);
    let common: Vec<Point> = la[..na].iter().copied().filter(|l| lc[..nc].contains(l)).collect();
    match common.len() {
        0 => false,
        1 => {
            let l = common[0];
            if !b.is_legal(l, cutter) {
                return true;
            }
            let mut t = b.clone();
            let captured = t.play_unchecked(l, cutter);
            captured == 0 && t.liberties(l) == 1 && t.string_size(l) == 1
        }
        _ => true,
    }
}

impl Search<'_> {
    /// Candidate moves for either side, ordered: common liberties first, then bridges.
    fn candidates(&self, a: Point, c: Point, out: &mut Vec<Point>) {
        let b = self.r.board();
        out.clear();
        let (la, na) = libs_of(b, a);
        let (lc, nc) = libs_of(b, c);
        let (la, lc) = (&la[..na], &lc[..nc]);
        for &l in la {
            if lc.contains(&l) {
                out.push(l);
            }
        }
        // Captures of opponent strings touching both (cutting stones) or in atari next to either.
        let color = b.color(a).expect("a stone");
        for s in [a, c] {
            for st in b.string_stones(s) {
                for q in Board::neighbors(st) {
                    if b.color(q) == Some(color.opponent()) && b.liberties(q) <= 2 {
                        let (lq, nq) = libs_of(b, q);
                        for &l in &lq[..nq] {
                            if !out.contains(&l) {
                                out.push(l);
                            }
                        }
                    }
                }
            }
        }
        // Bridges: empty points next to a liberty of each string, or a liberty of one next to the other's.
        for &l in la {
            for q in Board::neighbors(l) {
                if b.is_empty(q) && (lc.contains(&q) || Board::neighbors(q).iter().any(|x| lc.contains(x))) {
                    if !out.contains(&q) {
                        out.push(q);
                    }
                    if !out.contains(&l) {
                        out.push(l);
                    }
                }
            }
        }
        for &l in lc {
            if Board::neighbors(l).iter().any(|x| la.contains(x)) && !out.contains(&l) {
                out.push(l);
            }
        }
        // Short of liberties: the liberties themselves.
        for (ls, n) in [(la, na), (lc, nc)] {
            if n <= 2 {
                for &l in ls {
                    if !out.contains(&l) {
                        out.push(l);
                    }
                }
            }
        }
    }

    fn captured_or_attackable(&mut self, p: Point) -> bool {
        let b = self.r.board();
        if b.color(p).is_none() {
            return true;
        }
        if b.liberties(p) >= 4 {
            return false;
        }
        self.r.attack(p).0 == WIN
    }

    /// Whether the strings are connected with the cutter to move.
    fn connected(&mut self, a: Point, c: Point, depth: usize) -> bool {
        self.nodes += 1;
        self.r.count_node();
        let b = self.r.board();
        if b.color(a).is_none() || b.color(c).is_none() {
            return false;
        }
        if same(b, a, c) {
            return !self.captured_or_attackable(a);
        }
        let color = b.color(a).expect("a stone");
        if linked(b, a, c, color.opponent()) && b.liberties(a) > 1 && b.liberties(c) > 1 {
            return !self.captured_or_attackable(a) && !self.captured_or_attackable(c);
        }
        if depth == 0 || self.nodes > CONNECT_NODES {
            return false;
        }
        let mut cands = Vec::with_capacity(24);
        self.candidates(a, c, &mut cands);
        if cands.is_empty() {
            return false;
        }
        for m in cands {
            if !self.r.trymove(m, color.opponent()) {
                continue;
            }
            // A cutting stone that is simply captured does not cut.
            let cut = if self.r.board().color(a).is_none() || self.r.board().color(c).is_none() {
                true
            } else {
                !self.can_connect(a, c, depth - 1).0
            };
            self.r.popgo();
            if cut {
                return false;
            }
        }
        true
    }

    /// Whether the connector, to move, can connect: and with which move.
    fn can_connect(&mut self, a: Point, c: Point, depth: usize) -> (bool, Option<Point>) {
        self.nodes += 1;
        self.r.count_node();
        let b = self.r.board();
        if same(b, a, c) {
            return (!self.captured_or_attackable(a), None);
        }
        if depth == 0 || self.nodes > CONNECT_NODES {
            return (false, None);
        }
        let color = b.color(a).expect("a stone");
        let mut cands = Vec::with_capacity(24);
        self.candidates(a, c, &mut cands);
        for m in cands {
            if !self.r.trymove(m, color) {
                continue;
            }
            let ok = if self.r.board().liberties(m) <= 2 && self.captured_or_attackable(m) {
                false
            } else {
                self.connected(a, c, depth - 1)
            };
            self.r.popgo();
            if ok {
                return (true, Some(m));
            }
        }
        (false, None)
    }
}

/// Can the strings at `a` and `c` be connected (the connector moving first)? Code and move; `None` as
/// the move when they are already one string.
pub fn connect(r: &mut Reader, a: Point, c: Point) -> (u8, Option<Point>) {
    let b = r.board();
    if b.color(a) != b.color(c) {
        return (0, None);
    }
    if same(b, a, c) {
        return (WIN, None);
    }
    let mut s = Search { r, nodes: 0 };
    let (ok, mv) = s.can_connect(a, c, CONNECT_DEPTH);
    if ok {
        (WIN, mv)
    } else {
        (0, None)
    }
}

/// Can the strings at `a` and `c` be separated (the cutter moving first)? Code and move.
pub fn disconnect(r: &mut Reader, a: Point, c: Point) -> (u8, Option<Point>) {
    let b = r.board();
    let Some(color) = b.color(a) else { return (0, None) };
    if b.color(c) != Some(color) {
        return (WIN, None);
    }
    let mut s = Search { r, nodes: 0 };
    let mut cands = Vec::with_capacity(24);
    s.candidates(a, c, &mut cands);
    // Capturing either string disconnects.
    for p in [a, c] {
        let (code, mv) = s.r.attack(p);
        if code == WIN {
            return (WIN, mv);
        }
    }
    if same(s.r.board(), a, c) {
        return (0, None);
    }
    for m in cands {
        if !s.r.trymove(m, color.opponent()) {
            continue;
        }
        let cut = !s.can_connect(a, c, CONNECT_DEPTH - 1).0;
        s.r.popgo();
        if cut {
            return (WIN, Some(m));
        }
    }
    (0, None)
}

/// Whether the stones at `a` and `c` would be one dragon: one string, or strings the opponent cannot
/// cut apart even moving first.
pub fn same_dragon(r: &mut Reader, a: Point, c: Point) -> bool {
    let b = r.board();
    if same(b, a, c) {
        return true;
    }
    if b.color(a) != b.color(c) {
        return false;
    }
    disconnect(r, a, c).0 == 0
}

/// A move of `color` that captures something through a combination of ataris; none found yet beyond
/// direct tactical captures of strings in atari that cannot escape.
pub fn combination_attack(_r: &mut Reader, _color: Color) -> Option<Point> {
    None
}

/// Moves that defend against the opponent's combination attacks (none found: see
/// [`combination_attack`]).
pub fn combination_defend(_r: &mut Reader, _color: Color) -> Vec<Point> {
    Vec::new()
}
