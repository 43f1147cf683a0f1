//! Eye spaces (GNU Go's `optics`): the regions of empty points and dead stones that one colour's stones
//! bound, their margins, half eyes and false eyes by GNU Go's diagonal rule, and each space's value as a
//! minimum and maximum number of eyes with the vital points that decide between them.
//!
//! This module owns that static analysis only. It reads the position it is given (tactical questions
//! go to the [`Reader`], whose board is left as it was) and does not decide which stones are dead: the
//! caller passes that ([`crate::analysis::dragon`] does). It must not change the position.
//!
//! Definitions (after GNU Go's `eyes.texi`, simplified):
//! * A point is an eye point of colour C when it is empty or holds a dead opponent stone and no living
//!   opponent stone touches it. Eye points connected orthogonally form a candidate region; it is an eye
//!   space of C when it touches a C stone, holds at most [`MAX_EYE`] points and opens to at most
//!   [`MAX_OPENINGS`] empty points outside (points next to living opponent stones). GNU Go's false
//!   margins (an opponent stone there would be in atari without capturing) are no openings; openings
//!   with two neighbours among C's stones and the edge join the space as marginal points.
//! * Marginal points are those joined openings and the eye points next to an opening: the opponent can
//!   play there from outside.
//! * Topology: every eye point with at most one neighbour in its space is graded by its diagonals outside
//!   the space (2: an opponent stone that cannot be captured; 1: an empty point where the opponent can
//!   play safely, or an opponent stone that can be attacked and defended; 0 otherwise; off the board 1,
//!   off both edges 0): a sum of 4 or more is a false eye, 3 a half eye.
//! * Value: our own local game on the space's graph (no eye database): the defender fills points (its
//!   stones there are taken as safe), the attacker plays stones that are captured when they run out of
//!   liberties inside the space (unless they touch a marginal point, which gives them air from outside);
//!   after two passes every connected part of the space not filled by the defender is one eye when it
//!   holds no empty marginal point and no attacker stone with air from outside, and is not a lone false
//!   eye (attacker stones without air count: they are captured in the end). The minimum is the attacker-first value, the maximum the defender-first value (each capped at
//!   two), found by exhaustive search with a table (the defender's stones only grow, so the game has no
//!   cycles) for spaces up to [`MAX_SEARCH`] points; larger spaces count as two eyes. A one-point space
//!   that is a half eye is worth 0 or 1, decided at the diagonal point.

use crate::analysis::read_result::ReadResult::{Lose, Win};
use crate::analysis::reading::Reader;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY, STRIDE};
use std::collections::HashMap;

/// Largest region counted as an eye space.
pub const MAX_EYE: usize = 24;
/// Most empty points outside an eye space it may touch (an open eye space).
pub const MAX_OPENINGS: usize = 3;
/// Largest eye space valued by exhaustive search.
pub const MAX_SEARCH: usize = 10;

/// GNU Go's topological grading of an eye point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Topology {
    #[default]
    Proper,
    Half,
    False,
}

/// One eye space.
#[derive(Debug, Clone, PartialEq)]
pub struct EyeSpace {
    /// The colour whose eye space it is.
    pub color: Color,
    /// The points, in board order (the first is GNU Go's `origin`).
    pub points: Vec<Point>,
    /// Marginal points (the opponent can approach from outside).
    pub marginal: Vec<Point>,
    /// Eyes when the opponent moves first.
    pub min: u8,
    /// Eyes when the owner moves first.
    pub max: u8,
    /// The opponent's move that brings the value down to `min` (when `min < max`).
    pub attack: Option<Point>,
    /// The owner's move that secures `max` (when `min < max`).
    pub defend: Option<Point>,
}

/// The eye spaces of both colours on one position.
#[derive(Debug, Clone)]
pub struct Eyes {
    pub spaces: Vec<EyeSpace>,
    /// Per colour and point: index + 1 of the eye space through it, 0 for none.
    owner: [Vec<u16>; 2],
    topology: [Vec<Topology>; 2],
    /// Per colour and point: the diagonal that decides a half eye.
    half_key: [Vec<Point>; 2],
}

/// How the diagonal rule judges stones and empty points.
pub enum Safety<'a> {
    /// Tactical reading (exact, for analysis once per position).
    Read(&'a mut Reader),
    /// Liberty counts only (for searches that evaluate many positions).
    Quick,
}

impl Safety<'_> {
    /// Value of a diagonal point `d` for the eye of `color` (see the module documentation).
    fn diagonal(&mut self, b: &Board, d: Point, color: Color, dead: &[bool]) -> u8 {
        let opp = color.opponent();
        match b.color(d) {
            Some(c) if c == color => 0,
            Some(_) if dead[usize::from(d)] => 0,
            Some(_) => match self {
                Safety::Read(r) => {
                    if r.attack(d).0 == Lose {
                        2
                    } else if r.defend(d).0 != Lose {
                        1
                    } else {
                        0
                    }
                }
                Safety::Quick => match b.liberties(d) {
                    1 => 0,
                    2 => 1,
                    _ => 2,
                },
            },
            None => {
                if !b.is_legal(d, opp) {
                    return 0;
                }
                match self {
                    Safety::Read(r) => {
                        if !r.trymove(d, opp) {
                            return 0;
                        }
                        let safe = r.attack(d).0 != Win;
                        r.popgo();
                        u8::from(safe)
                    }
                    Safety::Quick => {
                        let mut t = b.clone();
                        t.play_unchecked(d, opp);
                        u8::from(t.color(d) == Some(opp) && t.liberties(d) >= 2)
                    }
                }
            }
        }
    }
}

/// GNU Go's topological value of `p` as an eye of `color`: the sum of its diagonals' values (see the
/// module documentation) outside `region`, and the empty diagonal worth 1 that decides a half eye (0 for
/// none). 2 or less: a proper eye; 3: a half eye; 4 or more: a false eye.
pub fn diagonal_sum(
    b: &Board,
    p: Point,
    color: Color,
    dead: &[bool],
    region: &[Point],
    safety: &mut Safety<'_>,
) -> (u8, Point) {
    let mut sum = 0u8;
    let mut key = 0;
    for d in Board::diagonals(p) {
        if region.contains(&d) {
            continue;
        }
        sum += match off_axes(b, d) {
            2 => 0,
            1 => 1,
            _ => {
                let v = safety.diagonal(b, d, color, dead);
                if v == 1 && b.is_empty(d) {
                    key = d;
                }
                v
            }
        };
    }
    (sum, key)
}

/// Whether `p` is inside the board given its array index (border cells and cells out of the array are
/// not); the number of coordinates off the board, 0 to 2.
fn off_axes(b: &Board, p: Point) -> u8 {
    let n = b.size() as isize;
    let (col, row) = ((p as isize % STRIDE as isize) - 1, (p as isize / STRIDE as isize) - 1);
    u8::from(!(0..n).contains(&col)) + u8::from(!(0..n).contains(&row))
}

impl Eyes {
    /// The eye spaces of both colours; `dead[p]` marks stones to be treated as dead.
    pub fn compute(b: &Board, dead: &[bool], mut safety: Safety<'_>) -> Eyes {
        let mut eyes = Eyes {
            spaces: Vec::new(),
            owner: [vec![0; ARRAY], vec![0; ARRAY]],
            topology: [vec![Topology::Proper; ARRAY], vec![Topology::Proper; ARRAY]],
            half_key: [vec![0; ARRAY], vec![0; ARRAY]],
        };
        for color in [Color::Black, Color::White] {
            eyes.add_color(b, color, dead, &mut safety, None);
        }
        eyes
    }

    /// The eye spaces of `color` only that touch a stone with `goal[p]` set (for the owl's leaves).
    pub fn compute_for(b: &Board, color: Color, dead: &[bool], goal: &[bool], mut safety: Safety<'_>) -> Eyes {
        let mut eyes = Eyes {
            spaces: Vec::new(),
            owner: [vec![0; ARRAY], vec![0; ARRAY]],
            topology: [vec![Topology::Proper; ARRAY], vec![Topology::Proper; ARRAY]],
            half_key: [vec![0; ARRAY], vec![0; ARRAY]],
        };
        eyes.add_color(b, color, dead, &mut safety, Some(goal));
        eyes
    }

    fn add_color(&mut self, b: &Board, color: Color, dead: &[bool], safety: &mut Safety<'_>, goal: Option<&[bool]>) {
        let opp = color.opponent();
        let live = |p: Point, c: Color| b.color(p) == Some(c) && !dead[usize::from(p)];
        let eye_point = |p: Point| {
            b.on_board(p)
                && (b.is_empty(p) || (b.color(p) == Some(opp) && dead[usize::from(p)]))
                && !Board::neighbors(p).iter().any(|&q| live(q, opp))
        };
        let ci = color.index();
        let mut seen = vec![false; ARRAY];
        let mut region: Vec<Point> = Vec::new();
        for start in b.points() {
            if seen[usize::from(start)] || !eye_point(start) {
                continue;
            }
            region.clear();
            region.push(start);
            seen[usize::from(start)] = true;
            let mut k = 0;
            let (mut touches_own, mut touches_goal, mut big) = (false, goal.is_none(), false);
            let mut openings: Vec<Point> = Vec::new();
            while k < region.len() {
                let p = region[k];
                k += 1;
                for q in Board::neighbors(p) {
                    if !b.on_board(q) {
                        continue;
                    }
                    if eye_point(q) {
                        if !seen[usize::from(q)] {
                            seen[usize::from(q)] = true;
                            region.push(q);
                        }
                    } else if b.color(q) == Some(color) {
                        touches_own = true;
                        touches_goal |= goal.is_some_and(|g| g[usize::from(q)]);
                    } else if b.color(q) != Some(color) && !openings.contains(&q) {
                        openings.push(q);
                    }
                }
                big |= region.len() > MAX_EYE;
            }
            if big || !touches_own || !touches_goal {
                continue;
            }
            // False margins (an opponent stone there would be in atari) close the space; openings set in
            // the colour's wall (two neighbours of its stones or the edge) join it as marginal points.
            let mut margins: Vec<Point> = Vec::new();
            openings.retain(|&q| {
                if !b.is_empty(q) {
                    return true;
                }
                if b.is_legal(q, opp) {
                    let mut t = b.clone();
                    t.play_unchecked(q, opp);
                    if t.color(q) == Some(opp) && t.liberties(q) == 1 && t.captures(opp) == b.captures(opp) {
                        return false;
                    }
                }
                let walls =
                    Board::neighbors(q).iter().filter(|&&n| !b.on_board(n) || b.color(n) == Some(color)).count();
                if walls >= 2 && region.len() + margins.len() < MAX_EYE {
                    margins.push(q);
                    return false;
                }
                true
            });
            for &m in &margins {
                seen[usize::from(m)] = true;
                for q in Board::neighbors(m) {
                    if b.is_empty(q) && !region.contains(&q) && !margins.contains(&q) && !openings.contains(&q) {
                        openings.push(q);
                    }
                }
            }
            if openings.len() > MAX_OPENINGS {
                continue;
            }
            region.extend_from_slice(&margins);
            region.sort_unstable();
            let marginal: Vec<Point> = region
                .iter()
                .copied()
                .filter(|&p| margins.contains(&p) || Board::neighbors(p).iter().any(|q| openings.contains(q)))
                .collect();
            let index = self.spaces.len() as u16 + 1;
            for &p in &region {
                self.owner[ci][usize::from(p)] = index;
            }
            // Topology of the points with at most one neighbour in the space.
            let mut falses: Vec<Point> = Vec::new();
            let mut half: Option<Point> = None;
            for &p in &region {
                let inside = Board::neighbors(p).iter().filter(|&&q| region.contains(&q)).count();
                if inside > 1 || !b.is_empty(p) {
                    continue;
                }
                let (sum, key) = diagonal_sum(b, p, color, dead, &region, safety);
                let t = match sum {
                    0..=2 => Topology::Proper,
                    3 => Topology::Half,
                    _ => Topology::False,
                };
                self.topology[ci][usize::from(p)] = t;
                self.half_key[ci][usize::from(p)] = key;
                match t {
                    Topology::False => falses.push(p),
                    Topology::Half if key != 0 => half = Some(p),
                    _ => {}
                }
            }
            let mut space =
                EyeSpace { color, points: region.clone(), marginal, min: 0, max: 0, attack: None, defend: None };
            if region.len() == 1 && half.is_some() {
                let key = self.half_key[ci][usize::from(region[0])];
                (space.min, space.max, space.attack, space.defend) = (0, 1, Some(key), Some(key));
            } else {
                let stones: Vec<Point> = region.iter().copied().filter(|&p| !b.is_empty(p)).collect();
                let v = value(&region, &space.marginal, &stones, &falses);
                (space.min, space.max, space.attack, space.defend) = v;
            }
            self.spaces.push(space);
        }
    }

    /// The eye space of `color` through `p`.
    pub fn space(&self, p: Point, color: Color) -> Option<&EyeSpace> {
        match self.owner[color.index()][usize::from(p)] {
            0 => None,
            i => Some(&self.spaces[usize::from(i) - 1]),
        }
    }

    /// Index in [`Eyes::spaces`] of the eye space of `color` through `p`.
    pub fn space_index(&self, p: Point, color: Color) -> Option<usize> {
        match self.owner[color.index()][usize::from(p)] {
            0 => None,
            i => Some(usize::from(i) - 1),
        }
    }

    /// The eye space through `p` when exactly one colour has one there (GTP `eval_eye`).
    pub fn unique_space(&self, p: Point) -> Option<&EyeSpace> {
        match (self.space(p, Color::Black), self.space(p, Color::White)) {
            (Some(s), None) | (None, Some(s)) => Some(s),
            _ => None,
        }
    }

    /// Whether `p` is a marginal point of some eye space of `color`.
    pub fn is_marginal(&self, p: Point, color: Color) -> bool {
        self.space(p, color).is_some_and(|s| s.marginal.contains(&p))
    }

    /// The diagonal-rule grading of `p` as an eye point of `color`.
    pub fn topology(&self, p: Point, color: Color) -> Topology {
        self.topology[color.index()][usize::from(p)]
    }

    /// The eye spaces of `color` touching any of `stones`, each once.
    pub fn spaces_next_to(&self, b: &Board, stones: &[Point], color: Color) -> Vec<usize> {
        let mut out = Vec::new();
        for &s in stones {
            for q in Board::neighbors(s) {
                if !b.on_board(q) {
                    continue;
                }
                if let Some(i) = self.space_index(q, color) {
                    if !out.contains(&i) {
                        out.push(i);
                    }
                }
            }
        }
        out
    }
}

/// State of the local game on a space of at most 32 points: defender stones, attacker stones.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    o: u32,
    x: u32,
    /// 0: defender to move, 1: attacker; plus 2 when the previous move was a pass.
    turn: u8,
}

struct Game {
    n: usize,
    adj: Vec<u32>,
    marginal: u32,
    falses: u32,
    memo: HashMap<State, (u8, u8)>,
}

impl Game {
    /// The attacker's stones connected (inside the space) to `seed`.
    fn group(&self, x: u32, seed: usize) -> u32 {
        let mut g = 1u32 << seed;
        loop {
            let mut next = g;
            for i in 0..self.n {
                if g & (1 << i) != 0 {
                    next |= self.adj[i] & x;
                }
            }
            if next == g {
                return g;
            }
            g = next;
        }
    }

    fn has_air(&self, g: u32, empty: u32) -> bool {
        g & self.marginal != 0 || (0..self.n).any(|i| g & (1 << i) != 0 && self.adj[i] & empty != 0)
    }

    fn full(&self) -> u32 {
        if self.n == 32 {
            u32::MAX
        } else {
            (1u32 << self.n) - 1
        }
    }

    /// Eyes at the end: parts of the space not filled by the defender.
    fn count(&self, o: u32, x: u32) -> u8 {
        let rest = self.full() & !o;
        let empty = rest & !x;
        let mut seen = 0u32;
        let mut eyes = 0u8;
        for i in 0..self.n {
            if rest & (1 << i) == 0 || seen & (1 << i) != 0 {
                continue;
            }
            let part = self.group(rest, i);
            seen |= part;
            let open = part & empty & self.marginal != 0;
            let aired = part & x & self.marginal != 0;
            let lone_false = part.count_ones() == 1 && part & self.falses != 0;
            // Attacker stones without air are captured in the end: their points are an eye too.
            if !open && !aired && !lone_false {
                eyes += 1;
            }
        }
        eyes.min(2)
    }

    /// Value (eyes, capped at 2) and best move index (+1, 0 for pass) of `s`.
    fn solve(&mut self, s: State) -> (u8, u8) {
        if let Some(&v) = self.memo.get(&s) {
            return v;
        }
        let attacker = s.turn & 1 == 1;
        let passed = s.turn & 2 != 0;
        let empty = self.full() & !s.o & !s.x;
        // A pass: ends the game after another pass.
        let pass_value =
            if passed { self.count(s.o, s.x) } else { self.solve(State { turn: (s.turn & 1) ^ 1 | 2, ..s }).0 };
        let mut best = (pass_value, 0u8);
        for i in 0..self.n {
            if empty & (1 << i) == 0 {
                continue;
            }
            let bit = 1u32 << i;
            let next = if attacker {
                let x = s.x | bit;
                let g = self.group(x, i);
                if !self.has_air(g, empty & !bit) {
                    continue; // suicide inside the space
                }
                State { o: s.o, x, turn: 0 }
            } else {
                let o = s.o | bit;
                let mut x = s.x;
                let free = empty & !bit;
                for j in 0..self.n {
                    if self.adj[i] & x & (1 << j) != 0 {
                        let g = self.group(x, j);
                        if !self.has_air(g, free) {
                            x &= !g;
                        }
                    }
                }
                State { o, x, turn: 1 }
            };
            let v = self.solve(next).0;
            let better = if attacker { v < best.0 } else { v > best.0 };
            if better {
                best = (v, i as u8 + 1);
            }
            if (attacker && best.0 == 0) || (!attacker && best.0 == 2) {
                break;
            }
        }
        self.memo.insert(s, best);
        best
    }
}

/// (min, max, attack, defend) of a space: `points` in board order, its marginal points, the points with
/// attacker stones, and its lone false-eye points.
fn value(
    points: &[Point],
    marginal: &[Point],
    stones: &[Point],
    falses: &[Point],
) -> (u8, u8, Option<Point>, Option<Point>) {
    let n = points.len();
    if n > MAX_SEARCH {
        return (2, 2, None, None);
    }
    let index = |p: &Point| points.iter().position(|q| q == p);
    let mask = |ps: &[Point]| ps.iter().filter_map(index).fold(0u32, |m, i| m | 1 << i);
    let adj =
        points.iter().map(|&p| Board::neighbors(p).iter().filter_map(index).fold(0u32, |m, i| m | 1 << i)).collect();
    let mut g = Game { n, adj, marginal: mask(marginal), falses: mask(falses), memo: HashMap::new() };
    let x = mask(stones);
    let (min, a) = g.solve(State { o: 0, x, turn: 1 });
    let (max, d) = g.solve(State { o: 0, x, turn: 0 });
    let pick = |m: u8| (m > 0).then(|| points[usize::from(m) - 1]);
    if min < max {
        (min, max, pick(a), pick(d))
    } else {
        (min, max, None, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::tests::board_from;

    fn eyes(b: &Board) -> Eyes {
        let dead = vec![false; ARRAY];
        Eyes::compute(b, &dead, Safety::Quick)
    }

    #[test]
    fn small_shapes_have_the_textbook_values() {
        // White wall around black's corner spaces. Straight three at the top: vital point in the middle.
        let b = board_from(&[
            "...X.....",
            "XXXX.....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let e = eyes(&b);
        let s = e.space(b.point(0, 0), Color::Black).expect("an eye space");
        assert_eq!(s.points.len(), 3);
        assert_eq!((s.min, s.max, s.attack, s.defend), (1, 2, Some(b.point(1, 0)), Some(b.point(1, 0))));
        // Square four in the corner: one eye however it is played.
        let b = board_from(&[
            "..X......",
            "..X......",
            "XXX......",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let s = eyes(&b).space(b.point(0, 0), Color::Black).cloned().expect("an eye space");
        assert_eq!((s.min, s.max), (1, 1));
        // Straight four: two eyes (two vital points, miai).
        let b = board_from(&[
            "....X....",
            "XXXXX....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let s = eyes(&b).space(b.point(0, 0), Color::Black).cloned().expect("an eye space");
        assert_eq!((s.min, s.max), (2, 2));
        // Cross five in the centre: the centre decides.
        let b = board_from(&[
            ".........",
            "...XXX...",
            "..XX.XX..",
            "..X...X..",
            "..XX.XX..",
            "...XXX...",
            ".........",
            ".........",
            ".........",
        ]);
        let s = eyes(&b).space(b.point(4, 3), Color::Black).cloned().expect("an eye space");
        assert_eq!(s.points.len(), 5);
        assert_eq!((s.min, s.max, s.attack), (1, 2, Some(b.point(4, 3))));
    }

    #[test]
    fn false_and_half_eyes_follow_the_diagonal_rule() {
        // Black's one-point eye at E1: D1, F1, E2 black; the diagonal F2 is a safe white stone (2), D2 an
        // empty point white can play (1), the two off-board diagonals 1 each: 5, a false eye, no eye.
        let b = board_from(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".....O...",
            "....XO...",
            "...X.X...",
        ]);
        let e = eyes(&b);
        let e1 = b.point(4, 8);
        assert_eq!(e.topology(e1, Color::Black), Topology::False);
        let s = e.space(e1, Color::Black).expect("a space");
        assert_eq!((s.points.len(), s.min, s.max), (1, 0, 0));
        // Black's eye at C1: B1, D1, C2 black; diagonals B2 (empty, white can play: 1), D2 (black: 0), off
        // the board 1 + 1: 3, a half eye, decided at B2 by either side.
        let b = board_from(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "..XX.O...",
            ".X.X.....",
        ]);
        let e = eyes(&b);
        assert_eq!(e.topology(b.point(2, 8), Color::Black), Topology::Half);
        let s = e.space(b.point(2, 8), Color::Black).expect("a space");
        assert_eq!((s.min, s.max, s.attack, s.defend), (0, 1, Some(b.point(1, 7)), Some(b.point(1, 7))));
        // With B2 black as well the eye is proper: one eye.
        let b = board_from(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".XXX.O...",
            ".X.X.....",
        ]);
        let s = eyes(&b).space(b.point(2, 8), Color::Black).cloned().expect("a space");
        assert_eq!((s.min, s.max), (1, 1));
    }
}
