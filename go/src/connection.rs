//! Connection reading: can two strings of one colour be connected (`connect`) or kept apart
//! (`disconnect`), with GNU Go's result codes and moves; plus the `same_dragon` test and the combination
//! (multiple-atari) commands built on it.
//!
//! This module owns the connection search only. It reads on the [`Reader`]'s board (played moves are
//! always taken back) and uses its tactical `attack` to tell whether a string or a connecting stone falls.
//!
//! The search is guided by a connection distance: a 0-1 breadth-first search from each string where own
//! stones cost nothing, empty points one move, and opponent stones in atari one move (the capture). The
//! points on the cheapest paths between the two strings are the candidates of both sides (the connector
//! fills them, the cutter occupies them), plus captures of opponent stones in atari next to either string
//! and ataris on weak strings. Two strings count as connected with the cutter to move when they are one
//! string that cannot be captured, or when two separate single points would each join them; they count
//! as cut when either string can be captured, when the distance is three moves or more, or at the
//! search horizon.

use crate::board::{Board, Color, Point, ARRAY};
use crate::reading::{Reader, WIN};

/// Connector moves read ahead (each followed by a cutter move).
const CONNECT_DEPTH: usize = 4;
/// Node budget of one connection query (counted on the reader's node counter too).
const CONNECT_NODES: u64 = 6_000;
/// Distances at or beyond this are "far".
const FAR: u8 = 8;
const MAX_CAND: usize = 24;

struct Search<'a> {
    r: &'a mut Reader,
    nodes: u64,
    da: [u8; ARRAY],
    dc: [u8; ARRAY],
    queue: [Point; ARRAY],
}

fn same(b: &Board, a: Point, c: Point) -> bool {
    b.color(a).is_some() && b.color(a) == b.color(c) && b.string_id(a) == b.string_id(c)
}

/// Cost of entering `q` for a path of `color`: 0 own stone, 1 empty or an opponent stone in atari.
#[inline]
fn cost(b: &Board, q: Point, color: Color) -> Option<u8> {
    if b.is_empty(q) {
        Some(1)
    } else if b.color(q) == Some(color) {
        Some(0)
    } else if b.color(q) == Some(color.opponent()) && b.liberties(q) == 1 {
        Some(1)
    } else {
        None
    }
}

/// Adds `p` to the fixed candidate list unless present or full.
fn add(out: &mut ([Point; MAX_CAND], usize), p: Point) {
    if out.1 < MAX_CAND && !out.0[..out.1].contains(&p) {
        out.0[out.1] = p;
        out.1 += 1;
    }
}

impl Search<'_> {
    /// 0-1 breadth-first distances from the string at `s` (its stones 0), up to `FAR`.
    fn distances(&mut self, s: Point, first: bool) {
        let b = self.r.board();
        let color = b.color(s).expect("a stone");
        let d = if first { &mut self.da } else { &mut self.dc };
        d.fill(FAR);
        // A deque in a fixed ring: 0-cost moves go to the front.
        let n = ARRAY;
        // Offsets start high so pushing at the front never underflows.
        let (mut head, mut tail) = (4 * n, 4 * n);
        for st in b.string_stones(s) {
            d[usize::from(st)] = 0;
            self.queue[tail % n] = st;
            tail += 1;
        }
        while head < tail {
            let p = self.queue[head % n];
            head += 1;
            let dp = d[usize::from(p)];
            if dp >= 3 {
                continue;
            }
            for q in Board::neighbors(p) {
                let Some(c) = cost(b, q, color) else { continue };
                let nd = dp + c;
                if nd < d[usize::from(q)] && tail - head < n && head > 0 {
                    d[usize::from(q)] = nd;
                    if c == 0 {
                        head -= 1;
                        self.queue[head % n] = q;
                    } else {
                        self.queue[tail % n] = q;
                        tail += 1;
                    }
                }
            }
        }
    }

    /// The connection distance and the points on the cheapest paths (moves to play there: the point, or
    /// the liberty of an opponent stone in atari).
    fn paths(&mut self, a: Point, c: Point, slack: u8, out: &mut ([Point; MAX_CAND], usize)) -> u8 {
        self.distances(a, true);
        self.distances(c, false);
        let b = self.r.board();
        let color = b.color(a).expect("a stone");
        let mut best = FAR;
        for p in b.points() {
            let Some(k) = cost(b, p, color) else { continue };
            if k == 0 {
                continue;
            }
            let (x, y) = (self.da[usize::from(p)], self.dc[usize::from(p)]);
            if x < FAR && y < FAR {
                best = best.min(x + y - k);
            }
        }
        if best >= FAR {
            return best;
        }
        for p in b.points() {
            let Some(k) = cost(b, p, color) else { continue };
            if k == 0 {
                continue;
            }
            let (x, y) = (self.da[usize::from(p)], self.dc[usize::from(p)]);
            if x < FAR && y < FAR && x + y - k <= best + slack {
                if b.is_empty(p) {
                    add(out, p);
                } else if let Some(l) = b.first_liberty(p) {
                    add(out, l);
                }
            }
        }
        best
    }

    /// Number of distinct single points that would join the strings (common liberties and captures of
    /// opponent strings in atari touching both).
    fn joining_points(&self, a: Point, c: Point, cutter: Color) -> usize {
        let b = self.r.board();
        let mut la = [0 as Point; 16];
        let na = b.liberties_into(a, &mut la);
        let mut lc = [0 as Point; 16];
        let nc = b.liberties_into(c, &mut lc);
        let mut n = 0;
        for &l in &la[..na] {
            if lc[..nc].contains(&l) {
                // A common liberty the cutter cannot hold: illegal, or a stone captured at once.
                n += 1;
                if !b.is_legal(l, cutter) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Whether an opponent string touching both strings is tactically dead (capturable and not
    /// defendable): capturing it joins them.
    fn dead_cutting_string(&mut self, a: Point, c: Point) -> bool {
        let b = self.r.board();
        let color = b.color(a).expect("a stone");
        let mut cut = [0 as Point; 8];
        let mut n = 0;
        for st in b.string_stones(a) {
            for q in Board::neighbors(st) {
                if b.color(q) == Some(color.opponent()) && b.liberties(q) <= 3 {
                    let h = b.string_id(q);
                    let touches_c = b.string_stones(h).any(|x| {
                        Board::neighbors(x)
                            .iter()
                            .any(|&y| b.color(y) == Some(color) && b.string_id(y) == b.string_id(c))
                    });
                    if touches_c && n < cut.len() && !cut[..n].contains(&h) {
                        cut[n] = h;
                        n += 1;
                    }
                }
            }
        }
        for &h in &cut[..n] {
            if self.r.attack(h).0 == WIN && self.r.defend(h).0 == 0 {
                return true;
            }
        }
        false
    }

    fn capturable(&mut self, p: Point) -> bool {
        let b = self.r.board();
        if b.color(p).is_none() {
            return true;
        }
        if b.liberties(p) >= 4 {
            return false;
        }
        self.r.attack(p).0 == WIN
    }

    /// Whether the strings stay connected with the cutter to move; the cutting move otherwise.
    fn connected(&mut self, a: Point, c: Point, depth: usize) -> (bool, Option<Point>) {
        self.nodes += 1;
        self.r.count_node();
        let b = self.r.board();
        if b.color(a).is_none() || b.color(c).is_none() {
            return (false, None);
        }
        let color = b.color(a).expect("a stone");
        let cutter = color.opponent();
        for s in [a, c] {
            if self.r.board().liberties(s) <= 3 {
                let (code, mv) = self.r.attack(s);
                if code == WIN {
                    return (false, mv);
                }
            }
        }
        let b = self.r.board();
        if same(b, a, c) {
            return (true, None);
        }
        if self.dead_cutting_string(a, c) {
            return (true, None);
        }
        let mut cands = ([0 as Point; MAX_CAND], 0);
        let best = self.paths(a, c, 0, &mut cands);
        if best >= 3 {
            return (false, cands.0[..cands.1].first().copied());
        }
        if best <= 1 && self.joining_points(a, c, cutter) >= 2 {
            return (true, None);
        }
        if depth == 0 || self.nodes > CONNECT_NODES {
            // At the horizon a single gap counts as connected.
            return if best <= 1 { (true, None) } else { (false, cands.0[..cands.1].first().copied()) };
        }
        // Ataris on either string are cutting tries too.
        for s in [a, c] {
            let b = self.r.board();
            if b.liberties(s) <= 2 {
                let mut ls = [0 as Point; 2];
                let k = b.liberties_into(s, &mut ls);
                for &l in &ls[..k] {
                    add(&mut cands, l);
                }
            }
        }
        for i in 0..cands.1 {
            let m = cands.0[i];
            if !self.r.trymove(m, cutter) {
                continue;
            }
            let ok = if self.r.board().color(a).is_none() || self.r.board().color(c).is_none() {
                false
            } else {
                self.can_connect(a, c, depth - 1).0
            };
            self.r.popgo();
            if !ok {
                return (false, Some(m));
            }
        }
        (true, None)
    }

    /// Whether the connector, to move, can connect: and with which move.
    fn can_connect(&mut self, a: Point, c: Point, depth: usize) -> (bool, Option<Point>) {
        self.nodes += 1;
        self.r.count_node();
        let b = self.r.board();
        if b.color(a).is_none() || b.color(c).is_none() {
            return (false, None);
        }
        if same(b, a, c) {
            return (!self.capturable(a), None);
        }
        let color = b.color(a).expect("a stone");
        let mut cands = ([0 as Point; MAX_CAND], 0);
        // Captures of opponent stones in atari next to either string first.
        for s in [a, c] {
            let b = self.r.board();
            for st in b.string_stones(s) {
                for q in Board::neighbors(st) {
                    if b.color(q) == Some(color.opponent()) && b.liberties(q) == 1 {
                        if let Some(l) = b.first_liberty(q) {
                            add(&mut cands, l);
                        }
                    }
                }
            }
        }
        let best = self.paths(a, c, 1, &mut cands);
        if best >= 4 || depth == 0 || self.nodes > CONNECT_NODES {
            return (false, None);
        }
        // Capturing an opponent string that separates them (next to either, short of liberties).
        let mut weak = [0 as Point; 8];
        let mut nw = 0;
        for s in [a, c] {
            let b = self.r.board();
            for st in b.string_stones(s) {
                for q in Board::neighbors(st) {
                    if b.color(q) == Some(color.opponent()) && (2..=3).contains(&b.liberties(q)) {
                        let h = b.string_id(q);
                        if nw < weak.len() && !weak[..nw].contains(&h) {
                            weak[nw] = h;
                            nw += 1;
                        }
                    }
                }
            }
        }
        for &h in &weak[..nw] {
            let (code, mv) = self.r.attack(h);
            if code == WIN {
                if let Some(m) = mv {
                    add(&mut cands, m);
                }
            }
        }
        // A string in atari must escape first.
        for s in [a, c] {
            let b = self.r.board();
            if b.liberties(s) == 1 {
                if let Some(l) = b.first_liberty(s) {
                    add(&mut cands, l);
                }
            }
        }
        // Order: moves next to both strings' paths first (smaller summed distance), more liberties.
        let mut order = [(0i32, 0 as Point); MAX_CAND];
        let b = self.r.board();
        for (i, &m) in cands.0[..cands.1].iter().enumerate() {
            let (x, y) = (self.da[usize::from(m)], self.dc[usize::from(m)]);
            let libs = Board::neighbors(m).iter().filter(|&&q| b.is_empty(q)).count() as i32;
            order[i] = (-(i32::from(x.min(FAR)) + i32::from(y.min(FAR))) * 4 + libs, m);
        }
        let order = &mut order[..cands.1];
        order.sort_by_key(|q| std::cmp::Reverse(q.0));
        for &(_, m) in order.iter() {
            if !self.r.trymove(m, color) {
                continue;
            }
            // A connecting stone that is simply captured does not connect.
            let ok = if self.r.board().liberties(m) <= 2 && self.capturable(m) {
                false
            } else {
                self.connected(a, c, depth).0
            };
            self.r.popgo();
            if ok {
                return (true, Some(m));
            }
        }
        (false, None)
    }
}

fn search(r: &mut Reader) -> Box<Search<'_>> {
    Box::new(Search { r, nodes: 0, da: [FAR; ARRAY], dc: [FAR; ARRAY], queue: [0; ARRAY] })
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
    let mut s = search(r);
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
    if same(b, a, c) {
        // One string: cut only by capturing it.
        let (code, mv) = r.attack(a);
        return if code == WIN { (WIN, mv) } else { (0, None) };
    }
    let mut s = search(r);
    let (ok, mv) = s.connected(a, c, CONNECT_DEPTH);
    if ok {
        (0, None)
    } else {
        (WIN, mv)
    }
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

/// A move of `color` that starts a combination of ataris (GNU Go's `atari_atari`): after it the
/// opponent has two strings that were safe before and can now be captured, and no single move defends
/// both. The first such point in board order, or `None`.
pub fn combination_attack(r: &mut Reader, color: Color) -> Option<Point> {
    let opp = color.opponent();
    let b = r.board().clone();
    // Opponent strings short of liberties that are not capturable yet.
    let mut safe = Vec::new();
    for p in b.points() {
        if b.color(p) == Some(opp) && b.string_id(p) == p && b.liberties(p) <= 3 && r.attack(p).0 != WIN {
            safe.push(p);
        }
    }
    for m in b.points() {
        if !b.is_empty(m) {
            continue;
        }
        // The move must take a liberty from one of them.
        let near: Vec<Point> = safe
            .iter()
            .copied()
            .filter(|&h| Board::neighbors(m).iter().any(|&q| b.color(q) == Some(opp) && b.string_id(q) == h))
            .collect();
        if near.is_empty() || !r.trymove(m, color) {
            continue;
        }
        let mut found = false;
        if r.board().liberties(m) > 1 || r.attack(m).0 != WIN {
            let threatened: Vec<Point> =
                safe.iter().copied().filter(|&h| r.board().color(h).is_some() && r.attack(h).0 == WIN).collect();
            'pairs: for (i, &x) in threatened.iter().enumerate() {
                for &y in &threatened[i + 1..] {
                    if r.board().string_id(x) != r.board().string_id(y) && r.defend_both(x, y) == 0 {
                        found = true;
                        break 'pairs;
                    }
                }
            }
        }
        r.popgo();
        if found {
            return Some(m);
        }
    }
    None
}

/// Moves that defend against the opponent's combination attack: its starting point (GNU Go lists the
/// points that defuse it; playing the first atari oneself is one of them). Empty when there is none.
pub fn combination_defend(r: &mut Reader, color: Color) -> Vec<Point> {
    combination_attack(r, color.opponent()).into_iter().collect()
}
