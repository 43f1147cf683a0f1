//! Connection reading: can two strings of one colour be connected (`connect`) or kept apart
//! (`disconnect`), with GNU Go's result codes and moves; plus the `same_dragon` test (combination
//! attacks are [`crate::analysis::combination`]'s).
//!
//! This module owns the connection search only. It reads on the [`Reader`]'s board (played moves are
//! always taken back) and uses its tactical `attack`/`defend` and ladder reading to tell whether a
//! string, a cutting stone or a connecting stone falls. It must not change the reader's limits, except
//! for the length of a break-in query (see `with_break_in_limits`), which puts them back.
//!
//! The search follows the idea of GNU Go's "alternate" connection reader (readconnect): a connector
//! node and a cutter node call each other; each side only tries moves that change an approximate
//! connection distance. The distance is spread outwards from each string like a shortest-path search
//! with fractional costs (in hundredths): own stones cost nothing, points the opponent cannot usefully
//! occupy (suicide, self-atari) almost nothing, diagonal and bamboo links a little, plain empty points
//! about one move (a little more where the opponent would have many liberties), opponent strings that
//! cannot escape a capture a fraction of a move. Each point also carries the "delta" (what occupying it
//! saves), so the candidate moves of both sides are the points where the distance *after* the move,
//! seen from both strings, is smallest, adjusted by tactical bonuses (captures, ataris, weak stones),
//! sorted, and cut off when they get much worse than the best. A side with no candidate move wins for
//! the connector when the distance is below one move; the cutter may then pass once to let the connector
//! try. Either string being capturable by the tactical reader cuts. Node and depth limits make failure
//! of the connector (success of the cutter) the answer at the horizon. Results are cached per query.
//!
//! Ko: a forbidden ko capture may be made once per line "conditionally" (as after a ko threat); a side
//! that wins only that way gets [`ReadResult::KoB`] (the other side then [`ReadResult::KoA`]), as in
//! GNU Go. The [`Reader`] cannot lift a ko on its own stack, so that line is read on a spare reader (a
//! copy of the position with the ko lifted) swapped in for the caller's, whose move stack is never
//! touched.
//!
//! `break_in` and `block_off` (GNU Go's break-ins into territory) are the same search with an area in
//! place of the second string: the goal's points all start at distance zero, and the string has arrived
//! when one of its stones stands on a goal point.
//!
//! `same_dragon` also counts strings on a diagonal with both gaps empty as one dragon, as GNU Go's
//! amalgamation does, before asking the cutter.

use crate::analysis::candidates::Scored;
use crate::analysis::read_result::ReadResult::{self, KoB, Lose, Win};
use crate::analysis::reading::Reader;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY, STRIDE};

/// One move of connection distance, in hundredths.
const ONE: i32 = 100;
/// Distance of points not reached.
const HUGE: i32 = 100_000;
/// Spreading stops beyond this distance.
const CUTOFF: i32 = 305;
/// Connection nodes per top-level query (GNU Go's connection node limit is of this order).
const NODE_LIMIT: u64 = 2_500;
/// Connection nodes per break-in query: an area gives many more ways in than a string, and the
/// break-ins are asked for every territory, so each query reads less deeply.
const BREAK_IN_NODE_LIMIT: u64 = 400;
/// Tactical nodes per read inside a break-in query (see [`with_break_in_limits`]).
const BREAK_IN_TACTICAL_NODES: u64 = 2_000;
/// Plies read at most. GNU Go reads up to 20 (`connect_depth2`); 14 answers connection.tst as well or
/// better here (one more pass than 20) at less cost, our node budget being spent less on deep lines.
const DEPTH_LIMIT: usize = 14;
const MAX_MOVES: usize = 40;

/// Distances spread from one string.
struct Dist {
    d: [i32; ARRAY],
    delta: [i32; ARRAY],
    from: [Point; ARRAY],
    queue: [Point; ARRAY],
    qe: usize,
    cutoff: i32,
}

impl Dist {
    fn new() -> Dist {
        Dist { d: [HUGE; ARRAY], delta: [0; ARRAY], from: [0; ARRAY], queue: [0; ARRAY], qe: 0, cutoff: CUTOFF }
    }

    fn clear(&mut self) {
        for &p in &self.queue[..self.qe] {
            self.d[usize::from(p)] = HUGE;
            self.delta[usize::from(p)] = 0;
            self.from[usize::from(p)] = 0;
        }
        self.qe = 0;
        self.cutoff = CUTOFF;
    }

    #[inline]
    fn dist(&self, p: Point) -> i32 {
        self.d[usize::from(p)]
    }

    /// Distance after occupying `p`.
    #[inline]
    fn after(&self, p: Point) -> i32 {
        self.d[usize::from(p)] - self.delta[usize::from(p)]
    }

    fn enqueue(&mut self, from: Point, p: Point, dist: i32, delta: i32) {
        let i = usize::from(p);
        if dist < self.d[i] {
            if self.d[i] == HUGE {
                self.queue[self.qe] = p;
                self.qe += 1;
            }
            self.d[i] = dist;
            self.delta[i] = delta;
            self.from[i] = from;
        }
    }

    /// Enqueues every stone of the string at `p`; reaching `target` lowers the cutoff to its distance.
    fn enqueue_string(&mut self, b: &Board, from: Point, p: Point, dist: i32, delta: i32, target: Point) {
        if dist >= self.d[usize::from(p)] {
            return;
        }
        for s in b.string_stones(p) {
            self.enqueue(from, s, dist, delta);
        }
        if target != 0 && b.string_id(p) == b.string_id(target) && dist < self.cutoff {
            self.cutoff = dist - 1;
        }
    }
}

/// Candidate moves with their estimated distances (a point found twice keeps the shorter).
type Moves = Scored<MAX_MOVES>;

/// The board cell `p + off` if it is on the board.
#[inline]
fn at(b: &Board, p: Point, off: i32) -> Option<Point> {
    let q = i32::from(p) + off;
    if q < 0 || q as usize >= ARRAY {
        return None;
    }
    let q = q as Point;
    b.on_board(q).then_some(q)
}

#[inline]
fn is(b: &Board, p: Option<Point>, c: Color) -> bool {
    p.is_some_and(|p| b.color(p) == Some(c))
}

#[inline]
fn empty(b: &Board, p: Option<Point>) -> bool {
    p.is_some_and(|p| b.is_empty(p))
}

fn same(b: &Board, a: Point, c: Point) -> bool {
    b.color(a).is_some() && b.color(a) == b.color(c) && b.string_id(a) == b.string_id(c)
}

/// Liberties a stone of `color` on empty `p` would have, ignoring captures, counted up to `cap`.
fn approxlib(b: &Board, p: Point, color: Color, cap: usize) -> usize {
    let mut seen = [0 as Point; 16];
    let mut n = 0;
    let mut push = |q: Point, n: &mut usize| {
        if q != p && *n < seen.len() && !seen[..*n].contains(&q) {
            seen[*n] = q;
            *n += 1;
        }
    };
    for q in Board::neighbors(p) {
        if b.is_empty(q) {
            push(q, &mut n);
        } else if b.color(q) == Some(color) {
            let mut ls = [0 as Point; 8];
            let k = b.liberties_into(q, &mut ls);
            for &l in &ls[..k] {
                push(l, &mut n);
            }
        }
        if n >= cap {
            return cap;
        }
    }
    n
}

/// Liberties after `color` plays on `p` (captures included); `None` when illegal.
fn accuratelib(r: &mut Reader, p: Point, color: Color) -> Option<usize> {
    if !r.trymove(p, color) {
        return None;
    }
    let n = r.board().liberties(p);
    r.popgo();
    Some(n)
}

/// Whether a stone of `color` on `p` would be in atari (or illegal).
fn self_atari(r: &mut Reader, p: Point, color: Color) -> bool {
    accuratelib(r, p, color).is_none_or(|n| n <= 1)
}

/// Whether the string at `s` (two liberties at most) is captured in a ladder or at once.
fn ladder_capture(r: &mut Reader, s: Point) -> bool {
    match r.board().liberties(s) {
        1 => true,
        2 => r.ladder_attack(s).is_some_and(|(c, _)| c == Win),
        _ => false,
    }
}

/// Whether a stone of `color` on `p` could be captured at once or in a ladder (or may not be played).
fn ladder_capturable(r: &mut Reader, p: Point, color: Color) -> bool {
    if !r.trymove(p, color) {
        return true;
    }
    let res = match r.board().liberties(p) {
        0 | 1 => true,
        2 => ladder_capture(r, p),
        _ => false,
    };
    r.popgo();
    res
}

/// Whether `color` playing `mv` makes an opponent stone on `p` self-atari.
fn does_secure(r: &mut Reader, color: Color, mv: Point, p: Point) -> bool {
    if !r.trymove(mv, color) {
        return false;
    }
    let res = self_atari(r, p, color.opponent());
    r.popgo();
    res
}

/// Whether `color` playing `mv` makes an opponent stone on `p` capturable in a ladder.
fn does_secure_through_ladder(r: &mut Reader, color: Color, mv: Point, p: Point) -> bool {
    if !r.trymove(mv, color) {
        return false;
    }
    let res = ladder_capturable(r, p, color.opponent());
    r.popgo();
    res
}

/// Number of opponent strings next to the string at `s` with exactly `libs` liberties.
fn weak_neighbours(b: &Board, s: Point, libs: usize) -> usize {
    let color = b.color(s);
    let mut seen = [0 as Point; 16];
    let mut n = 0;
    for st in b.string_stones(s) {
        for q in Board::neighbors(st) {
            if b.color(q).is_some() && b.color(q) != color && b.liberties(q) == libs {
                let h = b.string_id(q);
                if n < seen.len() && !seen[..n].contains(&h) {
                    seen[n] = h;
                    n += 1;
                }
            }
        }
    }
    n
}

/// A string in atari that cannot get out: extending leaves it in atari and it captures nothing.
fn no_escape_from_atari(r: &mut Reader, s: Point) -> bool {
    let b = r.board();
    if b.liberties(s) != 1 || weak_neighbours(b, s, 1) > 0 {
        return false;
    }
    let (Some(l), Some(c)) = (b.first_liberty(s), b.color(s)) else { return false };
    accuratelib(r, l, c).is_none_or(|n| n <= 1)
}

/// A string short of liberties that is captured however it is defended.
fn no_escape_from_ladder(r: &mut Reader, s: Point) -> bool {
    let b = r.board();
    match b.liberties(s) {
        1 => r.defend(s).0 == Lose,
        2 => {
            let Some(c) = b.color(s) else { return false };
            let mut ls = [0 as Point; 2];
            b.liberties_into(s, &mut ls);
            weak_neighbours(b, s, 1) == 0
                && approxlib(b, ls[0], c, 2) == 1
                && approxlib(b, ls[1], c, 2) == 1
                && ladder_capture(r, s)
                && r.defend(s).0 == Lose
        }
        _ => false,
    }
}

/// Whether `color` on `p` captures a single stone in a ko shape.
fn is_ko(b: &Board, p: Point, color: Color) -> bool {
    if !b.is_empty(p) {
        return false;
    }
    let mut caught = 0;
    for q in Board::neighbors(p) {
        if b.is_empty(q) || b.color(q) == Some(color) {
            return false;
        }
        if b.color(q).is_some() && b.liberties(q) == 1 {
            caught += b.string_size(q);
        }
    }
    caught == 1
}

/// Spreads connection distances of `color` from the stones and points already queued in `dist`.
fn spread(b: &Board, r: &mut Reader, dist: &mut Dist, color: Color, target: Point) {
    const S: i32 = STRIDE as i32;
    const DIRS: [i32; 4] = [1, S, -1, -S];
    let other = color.opponent();
    let mut qs = 0;
    while qs < dist.qe {
        // The queued point with the smallest distance next (the queue stays small: cutoff ~3 moves).
        let mut best = qs;
        for k in qs + 1..dist.qe {
            if dist.dist(dist.queue[k]) < dist.dist(dist.queue[best]) {
                best = k;
            }
        }
        dist.queue.swap(qs, best);
        let pos = dist.queue[qs];
        qs += 1;
        let d = dist.dist(pos);
        if d > dist.cutoff {
            break;
        }
        if b.color(pos) == Some(color) {
            for k in 0..4 {
                let (right, up) = (DIRS[k], DIRS[(k + 1) % 4]);
                let a = at(b, pos, right);
                let bp = at(b, pos, right + up);
                let cp = at(b, pos, 2 * right);
                let e = at(b, pos, 2 * up);
                let f = at(b, pos, right + 2 * up);
                let g = at(b, pos, up);
                let h = at(b, pos, -right);
                let i = at(b, pos, -right + up);
                let j = at(b, pos, -right + 2 * up);
                let kk = at(b, pos, -2 * right);
                let dd = |p: Option<Point>, dist: &Dist| p.map_or(HUGE, |p| dist.dist(p));
                if let Some(ap) = a.filter(|&ap| b.is_empty(ap)) {
                    // A point the opponent cannot occupy (suicide) or only as self-atari.
                    if b.is_suicide(ap, other) {
                        dist.enqueue(pos, ap, d, 0);
                    } else if dist.dist(ap) > d + 10 && self_atari(r, ap, other) {
                        dist.enqueue(pos, ap, d + 10, 10);
                    }
                }
                // Bamboo joint.
                if is(b, a, color) && empty(b, bp) && is(b, f, color) && is(b, e, color) && empty(b, g) {
                    dist.enqueue(pos, bp.unwrap(), d + 10, 10);
                    dist.enqueue(pos, g.unwrap(), d + 10, 10);
                }
                // Diagonal link to an own stone.
                if is(b, bp, color) && empty(b, a) && empty(b, g) && dd(bp, dist) > d + 10 {
                    dist.enqueue_string(b, pos, bp.unwrap(), d + 10, 10, target);
                }
                // A plain empty neighbour: cheaper when an opponent stone there is caught in a ladder.
                if let Some(ap) = a.filter(|&ap| b.is_empty(ap) && dist.dist(ap) > d + 60) {
                    if ladder_capturable(r, ap, other) {
                        dist.enqueue(pos, ap, d + 60, 60);
                    } else {
                        let t = 85 + 5 * approxlib(b, ap, other, 5) as i32;
                        dist.enqueue(pos, ap, d + t, t);
                    }
                }
                if let Some(ap) = a.filter(|&ap| b.color(ap) == Some(other)) {
                    if dist.dist(ap) > d + 10 && no_escape_from_atari(r, ap) {
                        dist.enqueue_string(b, pos, ap, d + 10, 10, target);
                    }
                    if dist.dist(ap) > d + 30 {
                        if no_escape_from_ladder(r, ap) {
                            dist.enqueue_string(b, pos, ap, d + 30, 30, target);
                        } else {
                            dist.enqueue_string(b, pos, ap, d + 70, 100, target);
                        }
                    }
                }
                // Diagonal or one-space links to empty points that make the gap self-atari.
                if empty(b, bp) && dd(bp, dist) > d + 110 {
                    let bq = bp.unwrap();
                    if (empty(b, a) && does_secure(r, color, bq, a.unwrap()))
                        || (empty(b, g) && does_secure(r, color, bq, g.unwrap()))
                    {
                        dist.enqueue(pos, bq, d + 110, 100);
                    }
                }
                if empty(b, g) && empty(b, e) && dd(e, dist) > d + 110 {
                    let eq = e.unwrap();
                    let bamboo = (is(b, a, color) && is(b, f, color) && empty(b, bp))
                        || (is(b, h, color) && is(b, j, color) && empty(b, i));
                    if bamboo || does_secure(r, color, eq, g.unwrap()) {
                        dist.enqueue(pos, eq, d + 110, 100);
                    }
                }
                if empty(b, bp) && empty(b, a) && empty(b, g) && dd(bp, dist) > d + 130 {
                    dist.enqueue(pos, bp.unwrap(), d + 130, 100);
                }
                // Small knight's move and one-space jump along the edge.
                let libs3 = b.liberties(pos) >= 3;
                if libs3
                    && empty(b, a)
                    && empty(b, bp)
                    && empty(b, g)
                    && empty(b, e)
                    && empty(b, f)
                    && (cp.is_none() || h.is_none())
                    && (dd(f, dist) > d + 130 || dd(e, dist) > d + 130)
                {
                    dist.enqueue(pos, f.unwrap(), d + 130, 100);
                    dist.enqueue(pos, e.unwrap(), d + 130, 100);
                }
                if libs3
                    && empty(b, h)
                    && empty(b, i)
                    && empty(b, g)
                    && empty(b, e)
                    && empty(b, j)
                    && (a.is_none() || kk.is_none())
                    && (dd(j, dist) > d + 130 || dd(e, dist) > d + 130)
                {
                    dist.enqueue(pos, j.unwrap(), d + 130, 100);
                    dist.enqueue(pos, e.unwrap(), d + 130, 100);
                }
                // Diagonal step to an empty point past one empty and one occupied gap.
                if empty(b, bp) && (empty(b, a) || empty(b, g)) && dd(bp, dist) > d + 120 {
                    let bq = bp.unwrap();
                    if (empty(b, a) && does_secure_through_ladder(r, color, bq, a.unwrap()))
                        || (empty(b, g) && does_secure_through_ladder(r, color, bq, g.unwrap()))
                    {
                        dist.enqueue(pos, bq, d + 120, 100);
                    } else if dist.dist(bq) > d + 150 {
                        let weak = |x: Option<Point>| is(b, x, other) && b.liberties(x.unwrap()) <= 3;
                        if (empty(b, a) && weak(g)) || (empty(b, g) && weak(a)) {
                            dist.enqueue(pos, bq, d + 150, 100);
                        } else {
                            dist.enqueue(pos, bq, d + 180, 90);
                        }
                    }
                }
                // Clamp of a single opponent stone.
                if is(b, g, other) && empty(b, e) && dd(e, dist) > d + 200 && b.string_size(g.unwrap()) == 1 {
                    dist.enqueue(pos, e.unwrap(), d + 200, 100);
                }
                // Diagonal through two weak opponent strings.
                if is(b, a, other) && is(b, g, other) {
                    let libs = b.liberties(a.unwrap()) + b.liberties(g.unwrap());
                    if empty(b, bp) && dd(bp, dist) > d + 200 && libs <= 6 {
                        dist.enqueue(pos, bp.unwrap(), d + 200, 100);
                    }
                    if is(b, bp, color) && dd(bp, dist) > d + 200 && libs <= 5 {
                        dist.enqueue_string(b, pos, bp.unwrap(), d + 200, 100, target);
                    }
                }
            }
        } else if b.is_empty(pos) || (b.liberties(pos) <= 2 && no_escape_from_ladder(r, pos)) {
            for k in 0..4 {
                let (right, up) = (DIRS[k], DIRS[(k + 1) % 4]);
                let a = at(b, pos, right);
                let bp = at(b, pos, right + up);
                let g = at(b, pos, up);
                if let Some(ap) = a {
                    match b.color(ap) {
                        Some(c) if c == color => dist.enqueue_string(b, pos, ap, d, 0, target),
                        Some(_) => dist.enqueue_string(b, pos, ap, d + ONE, ONE, target),
                        None => {
                            let t = 80 + 5 * approxlib(b, ap, other, 6) as i32;
                            dist.enqueue(pos, ap, d + t, t);
                        }
                    }
                }
                if empty(b, a) && empty(b, g) {
                    let bq = bp.unwrap_or(0);
                    if empty(b, bp) && dist.dist(bq) > d + 150 {
                        dist.enqueue(pos, bq, d + 150, ONE);
                    } else if is(b, bp, color) && dist.dist(bq) > d + 130 {
                        dist.enqueue_string(b, pos, bq, d + 130, ONE, target);
                    }
                }
            }
        }
    }
}

/// Whether to print each node's candidate moves and each tried move's result to standard error (set by
/// the `GO_CONN_TRACE` environment variable; for debugging, as `GO_READ_TRACE` is for the reader).
fn ctrace() -> bool {
    static T: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *T.get_or_init(|| std::env::var_os("GO_CONN_TRACE").is_some())
}

/// A point as a GTP vertex for the trace (`-` for none).
fn vx(b: &Board, p: Point) -> String {
    if p == 0 {
        "-".into()
    } else {
        crate::rules::vertex::format_vertex(b, crate::rules::stone::Move::Play(p))
    }
}

struct Search<'a> {
    r: &'a mut Reader,
    nodes: u64,
    ply: usize,
    /// A copy of the position the distances are spread on (the reader's board moves during checks).
    b: Board,
    d1: Dist,
    d2: Dist,
    /// Results already read in this query, keyed by position, strings, side to move and pass state.
    tt: Vec<(u64, ReadResult, Point)>,
    /// Whether a conditional ko capture was made on the current line (at most one per line).
    ko_used: bool,
    /// A second reader for lines after a conditional ko capture (the caller's reader keeps its stack).
    spare: Option<Box<Reader>>,
    /// For `break_in`/`block_off`: the area the string must reach (the second string is then `0`).
    goal: Option<Box<[bool; ARRAY]>>,
    /// Nodes this query may read ([`NODE_LIMIT`], [`BREAK_IN_NODE_LIMIT`]).
    node_limit: u64,
}

/// Conditional ko captures are tried up to this depth (GNU Go's `ko_depth`).
const KO_DEPTH: usize = 8;

const TT_BITS: u32 = 12;

impl Search<'_> {
    fn tt_key(&self, a: Point, c: Point, connect: bool, has_passed: bool) -> u64 {
        let b = self.r.board();
        let (x, y) = (u64::from(b.string_id(a)), if c == 0 { 0 } else { u64::from(b.string_id(c)) });
        let ko = b.ko().map_or(0, |(k, _)| u64::from(k) + 1);
        let k = b.hash()
            ^ (x << 16 | y << 32 | ko << 48).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (u64::from(self.ko_used) << 2 | u64::from(connect) << 1 | u64::from(has_passed))
                .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        k | 1
    }

    fn tt_get(&self, key: u64) -> Option<(ReadResult, Point)> {
        let e = self.tt[(key >> (64 - TT_BITS)) as usize];
        (e.0 == key).then_some((e.1, e.2))
    }

    fn tt_put(&mut self, key: u64, res: (ReadResult, Point)) -> (ReadResult, Point) {
        if self.nodes <= self.node_limit {
            self.tt[(key >> (64 - TT_BITS)) as usize] = (key, res.0, res.1);
        }
        res
    }

    /// Candidate moves for `to_move` (the connector when it is the strings' colour) and the connection
    /// distance.
    fn find_moves(&mut self, a: Point, c: Point, to_move: Color, out: &mut Moves) -> i32 {
        self.b.clone_from(self.r.board());
        let b = &self.b;
        let r = &mut *self.r;
        let color = b.color(a).expect("a stone");
        let other = color.opponent();
        let connect = to_move == color;
        let (d1, d2) = (&mut self.d1, &mut self.d2);
        d1.clear();
        d1.enqueue_string(b, 0, a, 0, 0, 0);
        spread(b, r, d1, color, c);
        d2.clear();
        match &self.goal {
            // The goal's empty points and own stones are where the second "string" is: all at distance
            // zero. An opponent stone in the goal is no way in: it is reached only through a capture.
            Some(goal) => {
                for p in (0..ARRAY as Point).filter(|&p| goal[usize::from(p)]) {
                    match b.color(p) {
                        Some(x) if x == color => d2.enqueue_string(b, 0, p, 0, 0, 0),
                        Some(_) => {}
                        None => d2.enqueue(0, p, 0, 0),
                    }
                }
            }
            None => d2.enqueue_string(b, 0, c, 0, 0, 0),
        }
        spread(b, r, d2, color, a);
        // A liberty of a string in atari belongs to that string.
        if b.liberties(a) == 1 {
            let l = usize::from(b.first_liberty(a).expect("a liberty"));
            if d1.d[l] == HUGE {
                d1.queue[d1.qe] = l as Point;
                d1.qe += 1;
            }
            d1.d[l] = 0;
            d1.delta[l] = 0;
            d1.from[l] = 0;
            d2.d[l] = d2.dist(a);
            d2.from[l] = d1.from[usize::from(a)];
        }
        if c != 0 && b.liberties(c) == 1 {
            let l = usize::from(b.first_liberty(c).expect("a liberty"));
            if d1.d[l] == HUGE {
                d1.queue[d1.qe] = l as Point;
                d1.qe += 1;
            }
            d2.d[l] = 0;
            d2.delta[l] = 0;
            d1.d[l] = d1.dist(c);
        }
        let max1 = match &self.goal {
            Some(goal) => (0..ARRAY)
                .filter(|&p| goal[p] && b.color(p as Point) != Some(other))
                .map(|p| d1.d[p])
                .min()
                .unwrap_or(HUGE),
            None => d1.dist(c),
        };
        let max2 = d2.dist(a);
        let total = max1.min(max2);
        let mut seen = [0 as Point; 24];
        let mut nseen = 0;
        for qi in 0..d1.qe {
            let pos = d1.queue[qi];
            let (x1, x2) = (d1.dist(pos), d2.dist(pos));
            if x2 >= HUGE {
                continue;
            }
            let (e1, e2) = (d1.after(pos), d2.after(pos));
            if e1 + e2 > 250 || x1 > max1 + 20 || x2 > max2 + 20 {
                continue;
            }
            let mut v = e1 + e2;
            if 3 * e1 / 2 > e2 && 3 * e2 / 2 > e1 {
                v -= 10;
            }
            let f = d1.from[usize::from(pos)];
            if f != 0 && f == d2.from[usize::from(pos)] {
                continue;
            }
            if b.is_empty(pos) {
                if !self_atari(r, pos, to_move) || is_ko(b, pos, to_move) {
                    out.add_min(pos, v);
                }
            } else if b.color(pos) == Some(other) {
                let h = b.string_id(pos);
                if seen[..nseen].contains(&h) || nseen == seen.len() {
                    continue;
                }
                seen[nseen] = h;
                nseen += 1;
                let (acode, amove) = r.attack(h);
                let Some(am) = amove.filter(|_| acode != Lose) else { continue };
                if connect {
                    let (dcode, _) = r.defend(h);
                    if dcode == Lose || d1.dist(am).saturating_add(d2.dist(am)) > x1 + x2 {
                        v += 50;
                    }
                    out.add_min(am, v - 15);
                } else {
                    let (dcode, dmove) = r.defend(h);
                    if let Some(dm) = dmove.filter(|_| dcode != Lose) {
                        out.add_min(dm, v - 50);
                    }
                }
            }
        }
        // Tactical bonuses.
        for k in 0..out.n {
            let mv = out.pts[k];
            let mut next_to_cutter = false;
            let mut bonus_given = false;
            for q in Board::neighbors(mv) {
                match b.color(q) {
                    Some(x) if x == other => {
                        next_to_cutter = true;
                        out.score[k] -= 15;
                        if b.liberties(q) <= 2 {
                            out.score[k] -= 20;
                            let near = |d: &Dist| d.after(mv) <= 50 || d.after(q) <= 50;
                            if (connect || !bonus_given)
                                && near(d1)
                                && near(d2)
                                && d1.dist(q) < total
                                && d2.dist(q) < total
                            {
                                bonus_given = true;
                                out.score[k] -= 70;
                            }
                        }
                    }
                    Some(_) => {
                        if b.liberties(q) <= 2 {
                            out.score[k] -= 20;
                        }
                        if !connect && b.liberties(q) == 1 && accuratelib(r, mv, other).is_some_and(|n| n > 1) {
                            let two = weak_neighbours(b, q, 2) as i32;
                            let one = weak_neighbours(b, q, 1) as i32;
                            out.score[k] -= 10 * two + 50 * one;
                        }
                    }
                    None => {}
                }
            }
            if next_to_cutter && !connect && Board::neighbors(mv).iter().any(|&q| b.is_border(q)) {
                out.score[k] -= 10;
            }
            if ladder_capturable(r, mv, to_move) {
                out.score[k] += 30;
            }
            let lib_of =
                |s: Point| s != 0 && b.liberties(s) == 3 && Board::neighbors(mv).iter().any(|&q| same(b, q, s));
            if lib_of(a) || lib_of(c) {
                out.score[k] -= 10;
            }
        }
        // Sort by distance (stable: ties keep discovery order) and cut off the clearly worse ones.
        let n = out.n;
        out.sort_ascending();
        if n == 0 {
            return total;
        }
        let mut limit = if n > 1 && is_ko(b, out.pts[0], to_move) { out.score[1] + 150 } else { out.score[0] + 150 };
        if n > 1 && out.score[1] < ONE && out.score[1] > limit {
            limit = out.score[1];
        }
        let mut keep = n;
        for k in 0..n {
            if k > 1 && out.score[k] > out.score[k - 1] && out.score[k] - out.score[k - 1] > (8 - k as i32) * 20 {
                keep = k;
                break;
            }
            if out.score[k] > limit {
                keep = k;
                break;
            }
        }
        out.n = keep;
        total
    }

    /// Plays the forbidden ko capture `m` for `color` as if after a ko threat and reads on with the
    /// other side to move; the other side's code, or `None` when the move cannot be played. The line is
    /// read on a spare reader swapped in, so the caller's reader and its move stack stay untouched.
    fn ko_branch(&mut self, a: Point, c: Point, m: Point, color: Color, has_passed: bool) -> Option<ReadResult> {
        let mut nb = self.r.board().clone();
        nb.clear_ko();
        let mut spare = self.spare.take().unwrap_or_else(|| Box::new(Reader::new(&nb)));
        spare.set_board(&nb);
        spare.limits = self.r.limits;
        spare.depth_offset = self.r.depth_offset + self.ply;
        spare.nodes = self.r.nodes;
        std::mem::swap(&mut *self.r, &mut *spare);
        let connector = self.r.board().color(a) == Some(color);
        let res = if self.r.trymove(m, color) {
            self.ko_used = true;
            self.ply += 1;
            let code =
                if connector { self.disconnect_rec(a, c, has_passed).0 } else { self.connect_rec(a, c, has_passed).0 };
            self.ply -= 1;
            self.ko_used = false;
            self.r.popgo();
            Some(code)
        } else {
            None
        };
        std::mem::swap(&mut *self.r, &mut *spare);
        self.r.nodes = spare.nodes;
        self.spare = Some(spare);
        res
    }

    /// Whether `m` is a ko capture `color` may only make conditionally here.
    fn ko_allowed(&self, m: Point, color: Color, saved: ReadResult) -> bool {
        saved == Lose
            && !self.ko_used
            && self.ply + self.r.depth_offset < KO_DEPTH
            && self.r.board().ko() == Some((m, color))
    }

    fn count(&mut self) {
        self.nodes += 1;
        self.r.count_node();
        NODES.with(|n| n.set(n.get() + 1));
    }

    /// Connector to move: the code and the connecting move (0 for none).
    fn connect_rec(&mut self, a: Point, c: Point, has_passed: bool) -> (ReadResult, Point) {
        self.count();
        if self.r.board().color(a).is_none() || self.lost_target(c) {
            return (Lose, 0);
        }
        if self.reached(a, c) {
            return (Win, 0);
        }
        if self.nodes > self.node_limit || self.ply > DEPTH_LIMIT {
            return (Lose, 0);
        }
        let key = self.tt_key(a, c, true, has_passed);
        if let Some(res) = self.tt_get(key) {
            return res;
        }
        let res = self.connect_moves(a, c, has_passed);
        self.tt_put(key, res)
    }

    fn connect_moves(&mut self, a: Point, c: Point, has_passed: bool) -> (ReadResult, Point) {
        if let Some(m) = self.trivial_connection(a, c) {
            return (Win, m);
        }
        let color = self.r.board().color(a).expect("a stone");
        let mut moves = Moves::new();
        let distance = self.find_moves(a, c, color, &mut moves);
        let (saved, saved_move, tried) = match self.try_moves(a, c, &moves, color, has_passed, Self::disconnect_rec) {
            Ok(m) => return (Win, m),
            Err(best) => best,
        };
        if tried == 0 && distance < ONE {
            return (Win, 0);
        }
        (saved, saved_move)
    }

    /// Plays each of `moves` for `color` in turn (a forbidden ko capture through [`Self::ko_branch`])
    /// and lets `reply` answer for the other side: `Ok(move)` at the first move the reply cannot
    /// refute, otherwise `Err((best code, its move, moves tried))`. Shared by both sides' searches.
    fn try_moves(
        &mut self,
        a: Point,
        c: Point,
        moves: &Moves,
        color: Color,
        has_passed: bool,
        reply: fn(&mut Self, Point, Point, bool) -> (ReadResult, Point),
    ) -> Result<Point, (ReadResult, Point, usize)> {
        let (mut saved, mut saved_move) = (Lose, 0 as Point);
        let mut tried = 0;
        if ctrace() {
            let b = self.r.board();
            let v: Vec<String> = (0..moves.n).map(|k| format!("{}:{}", vx(b, moves.pts[k]), moves.score[k])).collect();
            eprintln!("{:w$}ply {} {color:?} moves {}", "", self.ply, v.join(" "), w = 2 * self.ply);
        }
        for &m in &moves.pts[..moves.n] {
            if !self.r.trymove(m, color) {
                if self.ko_allowed(m, color, saved) {
                    if let Some(code) = self.ko_branch(a, c, m, color, has_passed) {
                        tried += 1;
                        if code != Win {
                            saved = KoB;
                            saved_move = m;
                        }
                    }
                }
                continue;
            }
            tried += 1;
            self.ply += 1;
            let (code, rm) = reply(self, a, c, has_passed);
            self.ply -= 1;
            if ctrace() {
                let b = self.r.board();
                eprintln!("{:w$}ply {} {} -> {code:?} {}", "", self.ply, vx(b, m), vx(b, rm), w = 2 * self.ply);
            }
            self.r.popgo();
            if code == Lose {
                return Ok(m);
            }
            if code.reverse() > saved {
                saved = code.reverse();
                saved_move = m;
            }
        }
        Err((saved, saved_move, tried))
    }

    /// Cutter to move: the code and the cutting move (0 for none).
    fn disconnect_rec(&mut self, a: Point, c: Point, has_passed: bool) -> (ReadResult, Point) {
        self.count();
        if self.r.board().color(a).is_none() || self.lost_target(c) {
            return (Win, 0);
        }
        if self.reached(a, c) {
            return (Lose, 0);
        }
        if self.nodes > self.node_limit || self.ply > DEPTH_LIMIT {
            return (Win, 0);
        }
        let key = self.tt_key(a, c, false, has_passed);
        if let Some(res) = self.tt_get(key) {
            return res;
        }
        let res = self.disconnect_moves(a, c, has_passed);
        self.tt_put(key, res)
    }

    fn disconnect_moves(&mut self, a: Point, c: Point, has_passed: bool) -> (ReadResult, Point) {
        let (ac1, am1) = self.r.attack(a);
        if ac1 == Win {
            return (Win, am1.unwrap_or(0));
        }
        let (ac2, am2) = if c == 0 { (Lose, None) } else { self.r.attack(c) };
        if ac2 == Win {
            return (Win, am2.unwrap_or(0));
        }
        let color = self.r.board().color(a).expect("a stone");
        let other = color.opponent();
        let mut moves = Moves::new();
        let distance = self.find_moves(a, c, other, &mut moves);
        for (code, m) in [(ac1, am1), (ac2, am2)] {
            if let Some(m) = m.filter(|_| code != Lose) {
                moves.add_min(m, HUGE);
            }
        }
        let (mut saved, mut saved_move, tried) =
            match self.try_moves(a, c, &moves, other, has_passed, Self::connect_rec) {
                Ok(m) => return (Win, m),
                Err(best) => best,
            };
        if tried == 0 && distance >= ONE && (has_passed || self.connect_rec(a, c, true).0 == Lose) {
            return (Win, 0);
        }
        // Either string lost to a ko is a ko cut.
        for (code, m) in [(ac1, am1), (ac2, am2)] {
            if code > saved {
                saved = code;
                saved_move = m.unwrap_or(0);
            }
        }
        (saved, saved_move)
    }

    /// Whether the string at `a` has reached its target: one string with `c`, or a stone in the goal.
    fn reached(&self, a: Point, c: Point) -> bool {
        let b = self.r.board();
        match &self.goal {
            Some(goal) => b.string_stones(a).any(|s| goal[usize::from(s)]),
            None => same(b, a, c),
        }
    }

    /// Whether the target string is gone (captured); a goal area cannot be.
    fn lost_target(&self, c: Point) -> bool {
        c != 0 && self.r.board().color(c).is_none()
    }

    /// Whether `p` belongs to the target: a stone of the string at `c`, or a goal point.
    fn in_target(&self, b: &Board, p: Point, c: Point) -> bool {
        match &self.goal {
            Some(goal) => goal[usize::from(p)],
            None => same(b, p, c),
        }
    }

    /// A liberty shared with the target (or one in the goal), or the capture of an opponent string
    /// touching both.
    fn trivial_connection(&mut self, a: Point, c: Point) -> Option<Point> {
        let b = self.r.board();
        let mut la = [0 as Point; 32];
        let na = b.liberties_into(a, &mut la);
        for &l in &la[..na] {
            if self.goal.as_ref().is_some_and(|g| g[usize::from(l)]) {
                return Some(l);
            }
            if c != 0 && Board::neighbors(l).iter().any(|&q| same(b, q, c)) {
                return Some(l);
            }
        }
        let color = b.color(a)?;
        let mut adj = [0 as Point; 16];
        let mut n = 0;
        for st in b.string_stones(a) {
            for q in Board::neighbors(st) {
                if b.color(q) == Some(color.opponent()) {
                    let h = b.string_id(q);
                    let touches_c = b.string_stones(h).any(|x| {
                        Board::neighbors(x).iter().any(|&y| b.color(y) == Some(color) && self.in_target(b, y, c))
                    });
                    if touches_c && n < adj.len() && !adj[..n].contains(&h) {
                        adj[n] = h;
                        n += 1;
                    }
                }
            }
        }
        // Whether the string between them is captured is read as if from the query's position: the
        // connection plies are not charged to the tactical `depth` (three liberties count as safe
        // beyond it). Our reader's captures run a few plies deeper than GNU Go's (its defender also
        // tries counter-ataris beyond `break_chain_depth`), so, charged, a capture GNU Go still sees
        // five plies down is lost to us there (nngs.tst 320: `disconnect D16 F16`, where the reply to
        // W E16 B E17 W E15 B D17 W F17 is capturing F17). Only `depth`, and only here: shifting every
        // limit at every tactical read of the search cost 13x the CPU and four connection.tst tests.
        let ply = self.ply;
        self.r.limits.depth += ply;
        let mut found = None;
        for &h in &adj[..n] {
            let (code, mv) = self.r.attack(h);
            if code == Win {
                found = mv;
                break;
            }
        }
        self.r.limits.depth -= ply;
        found
    }
}

thread_local! {
    /// Connection nodes read on this thread since the last [`reset_node_counter`] (GNU Go's connection node
    /// counter). Per thread, so that readers on other threads (tests, tools) do not disturb it.
    static NODES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Connection nodes read on this thread since the last [`reset_node_counter`].
pub fn node_counter() -> u64 {
    NODES.with(std::cell::Cell::get)
}

/// Sets the connection node counter to zero.
pub fn reset_node_counter() {
    NODES.with(|n| n.set(0));
}

fn search(r: &mut Reader) -> Box<Search<'_>> {
    let b = r.board().clone();
    Box::new(Search {
        r,
        nodes: 0,
        ply: 0,
        b,
        d1: Dist::new(),
        d2: Dist::new(),
        tt: vec![(0, Lose, 0); 1 << TT_BITS],
        ko_used: false,
        spare: None,
        goal: None,
        node_limit: NODE_LIMIT,
    })
}

fn mv(p: Point) -> Option<Point> {
    (p != 0).then_some(p)
}

/// Can the strings at `a` and `c` be connected (the connector moving first)? Code and move; `None` as
/// the move when they are already one string or connected without a move.
pub fn connect(r: &mut Reader, a: Point, c: Point) -> (ReadResult, Option<Point>) {
    let b = r.board();
    if b.color(a).is_none() || b.color(a) != b.color(c) {
        return (Lose, None);
    }
    if same(b, a, c) {
        return (Win, None);
    }
    let (code, m) = search(r).connect_rec(a, c, false);
    (code, if code == Lose { None } else { mv(m) })
}

/// Can the strings at `a` and `c` be separated (the cutter moving first)? Code and move.
pub fn disconnect(r: &mut Reader, a: Point, c: Point) -> (ReadResult, Option<Point>) {
    let b = r.board();
    let Some(color) = b.color(a) else { return (Win, None) };
    if b.color(c) != Some(color) {
        return (Win, None);
    }
    if same(b, a, c) {
        return (Lose, None);
    }
    let (code, m) = search(r).disconnect_rec(a, c, false);
    (code, if code == Lose { None } else { mv(m) })
}

/// Runs a break-in search: the connection search's own node limit lowered to [`BREAK_IN_NODE_LIMIT`],
/// and each tactical read inside it to [`BREAK_IN_TACTICAL_NODES`] (an unfinished read counts the
/// string as safe), the reader's limits put back afterwards. A goal area brings many more opponent
/// strings into the distance spreading than a string does, and a few of them can cost the tactical
/// reader tens of thousands of nodes each.
fn with_break_in_limits(
    r: &mut Reader,
    setup: impl FnOnce(&mut Search<'_>),
    read: impl FnOnce(&mut Search<'_>) -> (ReadResult, Point),
) -> (ReadResult, Point) {
    let saved = r.limits.node_limit;
    r.limits.node_limit = saved.min(BREAK_IN_TACTICAL_NODES);
    let res = {
        let mut s = search(r);
        s.node_limit = BREAK_IN_NODE_LIMIT;
        setup(&mut s);
        read(&mut s)
    };
    r.limits.node_limit = saved;
    res
}

/// The goal of a break-in query as a point set (`None` when it is empty).
fn goal_set(goal: &[Point]) -> Option<Box<[bool; ARRAY]>> {
    let mut set = Box::new([false; ARRAY]);
    for &p in goal {
        set[usize::from(p)] = true;
    }
    (!goal.is_empty()).then_some(set)
}

/// Can the string at `a` reach the area `goal` (put a stone connected to it on a goal point), its owner
/// moving first? GNU Go's `break_in`: the code and the move; `None` as the move when a stone of the
/// string is in the goal already or it gets there without a move. An empty goal cannot be reached.
pub fn break_in(r: &mut Reader, a: Point, goal: &[Point]) -> (ReadResult, Option<Point>) {
    let Some(set) = goal_set(goal) else { return (Lose, None) };
    if r.board().color(a).is_none() {
        return (Lose, None);
    }
    let (code, m) = with_break_in_limits(r, |s| s.goal = Some(set), |s| s.connect_rec(a, 0, false));
    (code, if code == Lose { None } else { mv(m) })
}

/// Can the other colour, moving first, keep the string at `a` out of the area `goal`? GNU Go's
/// `block_off`: the code and the blocking move (`None` when no move is needed).
pub fn block_off(r: &mut Reader, a: Point, goal: &[Point]) -> (ReadResult, Option<Point>) {
    let Some(set) = goal_set(goal) else { return (Win, None) };
    if r.board().color(a).is_none() {
        return (Win, None);
    }
    let (code, m) = with_break_in_limits(r, |s| s.goal = Some(set), |s| s.disconnect_rec(a, 0, false));
    (code, if code == Lose { None } else { mv(m) })
}

/// Whether the stones at `a` and `c` would be one dragon: one string, or strings the opponent cannot
/// cut apart even moving first.
pub fn same_dragon(r: &mut Reader, a: Point, c: Point) -> bool {
    let b = r.board();
    if same(b, a, c) {
        return true;
    }
    if b.color(a).is_none() || b.color(a) != b.color(c) {
        return false;
    }
    // GNU Go amalgamates strings on a diagonal with both gaps empty into one dragon whatever the reading
    // says (its basic connection pattern); anything else must survive the cutter's attempts.
    diagonal_link(b, a, c) || disconnect(r, a, c).0 == Lose
}

/// Whether a stone of the string at `a` and one of the string at `c` are diagonal neighbours with both
/// points between them empty.
fn diagonal_link(b: &Board, a: Point, c: Point) -> bool {
    const S: i32 = STRIDE as i32;
    b.string_stones(a).any(|st| {
        [(1, S), (1, -S), (-1, S), (-1, -S)].iter().any(|&(dx, dy)| {
            at(b, st, dx + dy).is_some_and(|q| same(b, q, c)) && empty(b, at(b, st, dx)) && empty(b, at(b, st, dy))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 9x9 position from rows drawn top (row 9) to bottom; `X` black, `O` white.
    fn board(rows: &[&str]) -> Board {
        let mut b = Board::new(9);
        for (row, line) in rows.iter().enumerate() {
            for (col, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
                let p = b.point(col as u8, row as u8);
                match ch {
                    'X' => b.place_stone(p, Color::Black),
                    'O' => b.place_stone(p, Color::White),
                    _ => {}
                }
            }
        }
        b
    }

    /// The point of a GTP vertex like "D7" on a 9x9 board.
    fn v(b: &Board, s: &str) -> Point {
        let col = "ABCDEFGHJ".find(&s[..1]).expect("a column") as u8;
        let row: u8 = s[1..].parse().expect("a row");
        b.point(col, 9 - row)
    }

    const EMPTY_TOP: [&str; 5] = [".........", ".........", ".........", ".........", "........."];

    fn with_bottom(bottom: [&str; 4]) -> Board {
        let rows: Vec<&str> = EMPTY_TOP.iter().copied().chain(bottom).collect();
        board(&rows)
    }

    // Expected answers below are GNU Go 3.8's for the same positions (`gnugo --mode gtp`).

    #[test]
    fn bamboo_joint_cannot_be_cut() {
        let b = with_bottom(["..X.X....", "..X.X....", ".........", "........."]);
        let mut r = Reader::new(&b);
        assert_eq!(disconnect(&mut r, v(&b, "C3"), v(&b, "E3")).0, Lose);
        assert_eq!(connect(&mut r, v(&b, "C3"), v(&b, "E3")).0, Win);
        assert_eq!(r.board(), &b, "reading leaves the position as it was");
    }

    #[test]
    fn diagonal_is_miai_and_one_dragon() {
        let b = with_bottom(["...X.....", "..X......", ".........", "........."]);
        let mut r = Reader::new(&b);
        assert_eq!(disconnect(&mut r, v(&b, "C3"), v(&b, "D4")).0, Lose);
        assert!(same_dragon(&mut r, v(&b, "C3"), v(&b, "D4")));
    }

    #[test]
    fn cutting_stone_in_atari_is_captured() {
        // White D3 has one liberty (D2): capturing it connects, and cutting first does not work.
        let b = with_bottom(["...X.....", "..XOX....", ".........", "........."]);
        let mut r = Reader::new(&b);
        assert_eq!(disconnect(&mut r, v(&b, "C3"), v(&b, "E3")).0, Lose);
        assert_eq!(connect(&mut r, v(&b, "C3"), v(&b, "E3")), (Win, Some(v(&b, "D2"))));
    }

    #[test]
    fn wall_separates() {
        let b = board(&[".........", ".........", ".........", "...O.....", "..XOX....", "...O....."]);
        let mut r = Reader::new(&b);
        assert_eq!(disconnect(&mut r, v(&b, "C5"), v(&b, "E5")).0, Win);
        assert_eq!(connect(&mut r, v(&b, "C5"), v(&b, "E5")).0, Lose);
        assert!(!same_dragon(&mut r, v(&b, "C5"), v(&b, "E5")));
    }

    /// The point of a GTP vertex like "D16" on board `b`.
    fn v19(b: &Board, s: &str) -> Point {
        match crate::rules::vertex::parse_vertex(s, b) {
            Some(crate::rules::stone::Move::Play(p)) => p,
            other => panic!("{s} is no point: {other:?}"),
        }
    }

    /// A 19x19 position from `(vertex, colour)` stones.
    fn board19(stones: &[(&str, Color)]) -> Board {
        let mut b = Board::new(19);
        for &(s, c) in stones {
            let p = v19(&b, s);
            b.place_stone(p, c);
        }
        b
    }

    #[test]
    fn capture_of_the_cutting_stone_is_read_deep_in_the_line() {
        // nngs.tst 320 (Lazarus-gnugo-3.1.17, move 12). GNU Go: `disconnect D16 F16` 0; after white
        // E16, `connect D16 F16` 1 E17 (W E15 B D17 W F17 is answered by capturing F17 at G17).
        use Color::{Black as X, White as O};
        let mut stones = vec![("C17", O), ("D16", X), ("F16", X), ("K16", X), ("Q16", X), ("C15", X)];
        stones.extend([("B14", X), ("C14", O), ("D14", O), ("B13", O), ("C11", O), ("B10", O)]);
        stones.extend([("C10", X), ("D10", X), ("K10", X), ("Q10", X), ("B9", X), ("D4", X), ("K4", X), ("Q4", X)]);
        let b = board19(&stones);
        let p = |s: &str| v19(&b, s);
        let mut r = Reader::new(&b);
        assert_eq!(disconnect(&mut r, p("D16"), p("F16")), (Lose, None));
        assert!(same_dragon(&mut r, p("D16"), p("F16")));
        stones.push(("E16", O));
        let mut r = Reader::new(&board19(&stones));
        assert_eq!(connect(&mut r, p("D16"), p("F16")), (Win, Some(p("E17"))));
    }

    #[test]
    fn cut_through_ko_needs_a_threat() {
        // connection.tst 117 (trevor_15): black E7 takes E6, white must win a ko to stay connected.
        let b = board(&[
            ".........",
            ".........",
            "OOOO.O...",
            "OX.XOXO..",
            "X.X.XXOO.",
            ".XO...XOO",
            "..XX..XXO",
            ".......XX",
            ".........",
        ]);
        let mut r = Reader::new(&b);
        assert_eq!(disconnect(&mut r, v(&b, "D7"), v(&b, "F7")), (KoB, Some(v(&b, "E7"))));
        assert_eq!(connect(&mut r, v(&b, "D7"), v(&b, "F7")), (Win, Some(v(&b, "E7"))));
        assert_eq!(r.board(), &b, "the spare reader for the ko line leaves the caller's board alone");
    }
}
