//! Worms (GNU Go's name for strings) and the data GNU Go keeps per worm (`dragon.texi`, "Worms"): origin,
//! colour, size, effective size, liberties of first to fourth order, cutting-stone classes, genus,
//! invincibility, lunch, inessential strings, and the tactical attack and defence points and threats (up to
//! [`MAX_TACTICAL_POINTS`] each, as GNU Go keeps them).
//!
//! This module owns that bookkeeping only. [`worms`] is the static part (no reading: the dragons build on it
//! many times per position); [`worms_read`] adds what needs the tactical reader ([`crate::analysis::reading`]):
//! attack and defence codes and points, threats, lunches and inessential strings. Unconditional status comes
//! from [`crate::game::unconditional`]. It reads on the caller's reader, always taking its moves back, and
//! must not change the reader's limits.
//!
//! Definitions (GNU Go's, from its documentation):
//! * Effective size: the stones, plus for each empty point within distance 4 (walking over empty points)
//!   half a point shared equally among the worms of either colour closest to it.
//! * Liberties of order n: empty points that `n` stones of the worm's colour would connect to the worm and
//!   no fewer; the path may pass through other strings of that colour; points at distance more than one
//!   may not touch the other colour; a liberty flanked on opposite sides by two stones of the other colour
//!   leads nowhere.
//! * Lunch: an opponent worm next to the worm, orthogonally or diagonally, that the reader can capture (its
//!   own defence does not matter);
//!   with several, the best cutting stone, then the fewest liberties, then the smallest, then the first in
//!   board order (as GNU Go 3.8's `worm_data` chooses on regression positions).
//! * Inessential: genus 0, no capturable neighbour, no liberty on the first line, no second-order liberty,
//!   and the cavity left when the string is removed borders one string of the other colour only.

use crate::analysis::read_result::ReadResult::{self, Lose};
use crate::analysis::reading::Reader;
use crate::game::unconditional::unconditional_life;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY};

/// How many attack points, defence points and threats of each kind a worm keeps (GNU Go's
/// `MAX_TACTICAL_POINTS`).
pub const MAX_TACTICAL_POINTS: usize = 10;

/// Distance over which effective sizes are shared out.
const EFFECTIVE_DISTANCE: u8 = 4;

/// Data of the worm through one point (an empty point: itself as origin, size 0, the rest zero).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Worm {
    /// The worm's smallest point (GNU Go's `origin`: one point per worm, the same for all its stones).
    pub origin: Point,
    /// The stones' colour; `None` on an empty point.
    pub color: Option<Color>,
    pub size: usize,
    /// Stones plus half of each empty point within distance 4 that is at least as close to this worm as to
    /// any other, shared equally among the closest worms.
    pub effective_size: f64,
    /// Liberties of order 1 to 4 (see the module documentation).
    pub liberties: [usize; 4],
    /// GNU Go's `cutstone`: 2 when the worm touches two opponent worms that share no liberty, 1 when it
    /// touches two that do, else 0.
    pub cutstone: u8,
    /// GNU Go's `cutstone2` (set from the connection patterns' cutting points by the dragons; 0 here, as
    /// GNU Go's `worm_data` prints it).
    pub cutstone2: u8,
    /// Number of regions of the complement the worm encloses (connected components minus one).
    pub genus: usize,
    /// Whether the worm can never be captured (Benson).
    pub invincible: bool,
    /// A neighbouring opponent worm the reader captures ([`worms_read`] only).
    pub lunch: Option<Point>,
    /// GNU Go's inessential string ([`worms_read`] only).
    pub inessential: bool,
    /// Moves capturing the worm with their codes, the reader's own first ([`worms_read`] only).
    pub attack_points: Vec<(Point, ReadResult)>,
    /// Moves saving an attacked worm with their codes, the reader's own first ([`worms_read`] only).
    pub defense_points: Vec<(Point, ReadResult)>,
    /// Moves after which a worm not attacked now can be captured ([`worms_read`] only).
    pub attack_threats: Vec<(Point, ReadResult)>,
    /// Moves after which a worm that cannot be saved now could be ([`worms_read`] only).
    pub defense_threats: Vec<(Point, ReadResult)>,
}

impl Worm {
    /// The first attack's code and point (GNU Go's `attack_code`, `attack_point`).
    pub fn attack(&self) -> (ReadResult, Option<Point>) {
        self.attack_points.first().map_or((Lose, None), |&(p, c)| (c, Some(p)))
    }

    /// The first defence's code and point (GNU Go's `defense_code`, `defense_point`).
    pub fn defense(&self) -> (ReadResult, Option<Point>) {
        self.defense_points.first().map_or((Lose, None), |&(p, c)| (c, Some(p)))
    }
}

/// Liberties of order 1 to 4 of the string through `h` (see the module documentation).
pub fn liberty_orders(b: &Board, h: Point) -> [usize; 4] {
    let Some(color) = b.color(h) else { return [0; 4] };
    let opp = color.opponent();
    // 0: unseen; 1..=4: an empty point's order; 5: a stone already passed through.
    let mut seen = [0u8; ARRAY];
    let mut out = [0usize; 4];
    for s in b.string_stones(h) {
        seen[usize::from(s)] = 5;
    }
    let mut frontier: Vec<Point> = Vec::new();
    let mut libs = Vec::new();
    b.string_liberties(h, usize::MAX, &mut libs);
    for &l in &libs {
        seen[usize::from(l)] = 1;
        frontier.push(l);
    }
    out[0] = libs.len();
    let touches_opp = |q: Point| Board::neighbors(q).iter().any(|&n| b.color(n) == Some(opp));
    let flanked = |q: Point| {
        let [e, n, w, s] = Board::neighbors(q);
        (b.color(e) == Some(opp) && b.color(w) == Some(opp)) || (b.color(n) == Some(opp) && b.color(s) == Some(opp))
    };
    for order in 2..=4u8 {
        let mut next = Vec::new();
        for &x in &frontier {
            if order == 2 && flanked(x) {
                continue;
            }
            // The points one more stone reaches: empty neighbours, and the liberties of own strings the
            // stone on `x` would join.
            let reach = |q: Point, seen: &mut [u8; ARRAY], next: &mut Vec<Point>| {
                if b.is_empty(q) && seen[usize::from(q)] == 0 && !touches_opp(q) {
                    seen[usize::from(q)] = order;
                    next.push(q);
                }
            };
            for q in Board::neighbors(x) {
                if b.is_empty(q) {
                    reach(q, &mut seen, &mut next);
                } else if b.color(q) == Some(color) && seen[usize::from(q)] == 0 {
                    for s in b.string_stones(q) {
                        seen[usize::from(s)] = 5;
                    }
                    libs.clear();
                    b.string_liberties(q, usize::MAX, &mut libs);
                    for &l in &libs {
                        reach(l, &mut seen, &mut next);
                    }
                }
            }
        }
        out[usize::from(order) - 1] = next.len();
        frontier = next;
    }
    out
}

/// Effective sizes of every worm, indexed by the worm's head (see the module documentation).
fn effective_sizes(b: &Board, heads: &[Point]) -> Vec<f64> {
    const CLOSE: usize = 8;
    let mut size = vec![0.0f64; ARRAY];
    // Distance of each point to its closest worms, and those worms (their heads).
    let mut dist = vec![u8::MAX; ARRAY];
    let mut close: Vec<[Point; CLOSE]> = vec![[0; CLOSE]; ARRAY];
    let mut n_close = vec![0usize; ARRAY];
    let mut frontier: Vec<Point> = Vec::new();
    for &h in heads {
        for s in b.string_stones(h) {
            dist[usize::from(s)] = 0;
            close[usize::from(s)][0] = h;
            n_close[usize::from(s)] = 1;
            frontier.push(s);
        }
        size[usize::from(h)] = b.string_size(h) as f64;
    }
    for d in 1..=EFFECTIVE_DISTANCE {
        let mut next = Vec::new();
        for &x in &frontier {
            for q in Board::neighbors(x) {
                let qi = usize::from(q);
                if !b.is_empty(q) || (dist[qi] != u8::MAX && dist[qi] != d) {
                    continue;
                }
                if dist[qi] == u8::MAX {
                    dist[qi] = d;
                    next.push(q);
                }
                for k in 0..n_close[usize::from(x)] {
                    let w = close[usize::from(x)][k];
                    if n_close[qi] < CLOSE && !close[qi][..n_close[qi]].contains(&w) {
                        close[qi][n_close[qi]] = w;
                        n_close[qi] += 1;
                    }
                }
            }
        }
        frontier = next;
    }
    for p in b.points() {
        let pi = usize::from(p);
        if b.is_empty(p) && dist[pi] != u8::MAX && n_close[pi] > 0 {
            let share = 0.5 / n_close[pi] as f64;
            for &w in &close[pi][..n_close[pi]] {
                size[usize::from(w)] += share;
            }
        }
    }
    size
}

/// The worm data of every point of `b`, indexed by point, without reading: a stone's worm; an empty point
/// is its own origin, of size 0, every other field zero (GNU Go's answer). Points off the board keep
/// [`Worm::default`].
pub fn worms(b: &Board) -> Vec<Worm> {
    let lives = [unconditional_life(b, Color::Black), unconditional_life(b, Color::White)];
    let mut out = vec![Worm::default(); ARRAY];
    let heads: Vec<Point> = b.points().filter(|&p| b.color(p).is_some() && b.string_id(p) == p).collect();
    let eff = effective_sizes(b, &heads);
    for &h in &heads {
        let color = b.color(h).expect("a stone");
        let stones: Vec<Point> = b.string_stones(h).collect();
        let origin = *stones.iter().min().expect("a stone");
        let w = Worm {
            origin,
            color: Some(color),
            size: stones.len(),
            effective_size: eff[usize::from(h)],
            liberties: liberty_orders(b, h),
            cutstone: cutstone(b, h),
            genus: genus(b, h),
            invincible: lives[color.index()].invincible[usize::from(h)],
            ..Worm::default()
        };
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

/// Adds `(p, code)` to a tactical point list unless `p` is there already or the list is full.
fn push_point(list: &mut Vec<(Point, ReadResult)>, p: Point, code: ReadResult) {
    if code != Lose && list.len() < MAX_TACTICAL_POINTS && !list.iter().any(|&(q, _)| q == p) {
        list.push((p, code));
    }
}

/// Empty points a move near the worm through `h` is tried on: its liberties, then its second-order
/// liberties (plain distance two over empty points), then the liberties of neighbouring opponent strings
/// of at most two liberties (capturing or threatening them), in board order within each group.
fn nearby_moves(b: &Board, h: Point) -> Vec<Point> {
    let color = b.color(h);
    let mut out: Vec<Point> = Vec::new();
    let mut libs = Vec::new();
    b.string_liberties(h, usize::MAX, &mut libs);
    libs.sort_unstable();
    out.extend(&libs);
    let mut second: Vec<Point> = Vec::new();
    for &l in &libs {
        for q in Board::neighbors(l) {
            if b.is_empty(q) && !out.contains(&q) && !second.contains(&q) {
                second.push(q);
            }
        }
    }
    second.sort_unstable();
    out.extend(second);
    let mut weak: Vec<Point> = Vec::new();
    let mut ls = Vec::new();
    for s in b.string_stones(h) {
        for q in Board::neighbors(s) {
            if b.color(q).is_some() && b.color(q) != color && b.liberties(q) <= 2 {
                ls.clear();
                b.string_liberties(q, 2, &mut ls);
                for &l in &ls {
                    if !out.contains(&l) && !weak.contains(&l) {
                        weak.push(l);
                    }
                }
            }
        }
    }
    weak.sort_unstable();
    out.extend(weak);
    out
}

/// The opponent strings with a stone next to the string through `h` (of `color`), orthogonally or
/// diagonally: GNU Go's lunch candidates (its worm `lunch` looks at all eight neighbours of each stone,
/// e.g. 9x9.tst 160's white D7 has the diagonal black E8 as its lunch).
pub fn lunch_candidates(b: &Board, h: Point, color: Color) -> Vec<Point> {
    let mut adj: Vec<Point> = Vec::new();
    for s in b.string_stones(h) {
        for q in Board::neighbors(s).into_iter().chain(Board::diagonals(s)) {
            if b.on_board(q) && b.color(q) == Some(color.opponent()) && !adj.contains(&b.string_id(q)) {
                adj.push(b.string_id(q));
            }
        }
    }
    adj
}

/// Every worm's data with the reading ([`worms`] plus attack and defence points, threats, lunch and
/// inessential strings), read through `r` on `b` (the reader is set to `b` and left there).
///
/// Attack and defence: the reader's answer first, then every liberty and second-order liberty (and the
/// liberties of weak neighbours) that also captures or saves the worm. Threats, for worms of at most four
/// liberties: an attack threat is a move of the opponent after which the worm can be captured (the
/// worm not being attackable now); a defence threat a move of the owner after which the worm, dead now,
/// could be saved by one more move.
pub fn worms_read(b: &Board, r: &mut Reader) -> Vec<Worm> {
    r.set_board(b);
    let mut out = worms(b);
    let heads: Vec<Point> = b.points().filter(|&p| b.color(p).is_some() && b.string_id(p) == p).collect();
    let mut data: Vec<Worm> = Vec::with_capacity(heads.len());
    for &h in &heads {
        let mut w = out[usize::from(h)].clone();
        let color = b.color(h).expect("a stone");
        let (code, mv) = r.attack(h);
        if code != Lose {
            if let Some(m) = mv {
                push_point(&mut w.attack_points, m, code);
            }
            let (dcode, dmv) = r.defend(h);
            if let Some(m) = dmv.filter(|_| dcode != Lose) {
                push_point(&mut w.defense_points, m, dcode);
            }
        }
        let cands = if b.liberties(h) <= 4 { nearby_moves(b, h) } else { Vec::new() };
        for &m in &cands {
            if code != Lose {
                if w.attack_points.len() < MAX_TACTICAL_POINTS && !w.attack_points.iter().any(|&(q, _)| q == m) {
                    let c = r.does_attack(m, h);
                    push_point(&mut w.attack_points, m, c);
                }
                if !w.defense_points.is_empty() {
                    if w.defense_points.len() < MAX_TACTICAL_POINTS && !w.defense_points.iter().any(|&(q, _)| q == m) {
                        // A further point counts only when it does better than no move at all: against
                        // an attack through a ko, a move after which the ko remains (`does_defend` the
                        // reverse of the attack's result) saves nothing. Otherwise every move near a ko
                        // stone "defended it with bad ko" (issue 25: a 9x9 game's C3 beside black's D4,
                        // valued 15.36 for a stone white then captured; GNU Go gives C3 no defence).
                        let c = r.does_defend(m, h);
                        if c > code.reverse() {
                            push_point(&mut w.defense_points, m, c);
                        }
                    }
                } else if w.defense_threats.len() < MAX_TACTICAL_POINTS && r.trymove(m, color) {
                    // Dead now: does this move give the worm a defence if its owner plays again?
                    let c = if r.board().color(h).is_some() && r.attack(h).0 != Lose { r.defend(h).0 } else { Lose };
                    r.popgo();
                    push_point(&mut w.defense_threats, m, c);
                }
            } else if w.attack_threats.len() < MAX_TACTICAL_POINTS && r.trymove(m, color.opponent()) {
                // Safe now: can the worm be captured after this move, the opponent moving again?
                let threatened = r.board().color(h).is_some() && r.board().liberties(h) > 1;
                let c = if threatened { r.attack(h).0 } else { Lose };
                r.popgo();
                push_point(&mut w.attack_threats, m, c);
            }
        }
        data.push(w);
    }
    // Lunches and inessential strings need every worm's attack code.
    let attacked = |p: Point, data: &[Worm]| {
        heads.iter().position(|&h| h == b.string_id(p)).is_some_and(|i| !data[i].attack_points.is_empty())
    };
    for i in 0..heads.len() {
        let h = heads[i];
        let color = b.color(h).expect("a stone");
        let adj = lunch_candidates(b, h, color);
        // GNU Go's choice among several (matching its `worm_data` on regression positions): the best cutting
        // stone, then the fewest liberties, then the smallest, then the first in board order.
        let mut best: Option<((u8, usize, usize, Point), Point)> = None;
        for &a in &adj {
            if !attacked(a, &data) {
                continue;
            }
            let wa = &out[usize::from(a)];
            let key = (u8::MAX - wa.cutstone, b.liberties(a), wa.size, wa.origin);
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, wa.origin));
            }
        }
        data[i].lunch = best.map(|(_, o)| o);
        data[i].inessential = data[i].genus == 0
            && best.is_none()
            && data[i].liberties[1] == 0
            && !edge_liberty(b, h)
            && cavity_borders_only_opponent(b, h);
    }
    for (i, &h) in heads.iter().enumerate() {
        for s in b.string_stones(h) {
            out[usize::from(s)] = data[i].clone();
        }
    }
    r.set_board(b);
    out
}

/// Whether a liberty of the string through `h` is on the first line.
fn edge_liberty(b: &Board, h: Point) -> bool {
    let mut libs = Vec::new();
    b.string_liberties(h, usize::MAX, &mut libs);
    libs.iter().any(|&l| Board::neighbors(l).iter().any(|&n| b.is_border(n)))
}

/// Whether the region of the string through `h` and the empty points connected to it borders stones of one
/// string of the other colour only (the string whose capture alone could bring the worm to life).
fn cavity_borders_only_opponent(b: &Board, h: Point) -> bool {
    let Some(color) = b.color(h) else { return false };
    let mut border: Option<Point> = None;
    let mine = |q: Point| b.color(q) == Some(color) && b.string_id(q) == b.string_id(h);
    let mut seen = vec![false; ARRAY];
    let mut stack: Vec<Point> = b.string_stones(h).collect();
    for &s in &stack {
        seen[usize::from(s)] = true;
    }
    while let Some(x) = stack.pop() {
        for q in Board::neighbors(x) {
            if !b.on_board(q) || seen[usize::from(q)] {
                continue;
            }
            if b.is_empty(q) || mine(q) {
                seen[usize::from(q)] = true;
                stack.push(q);
            } else if b.color(q) == Some(color) || border.is_some_and(|o| o != b.string_id(q)) {
                return false;
            } else {
                border = Some(b.string_id(q));
            }
        }
    }
    true
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
    fn liberty_orders_and_effective_sizes_as_gnugo() {
        // GNU Go 3.8 on 19x19, white C3 then black D3 (`worm_data`): C3 3 5 7 7, 9.50; D3 3 5 8 10, 11.50.
        let mut b = Board::new(19);
        b.place_stone(b.point(2, 16), Color::White);
        b.place_stone(b.point(3, 16), Color::Black);
        let ws = worms(&b);
        let c3 = &ws[usize::from(b.point(2, 16))];
        let d3 = &ws[usize::from(b.point(3, 16))];
        assert_eq!((c3.liberties, c3.effective_size), ([3, 5, 7, 7], 9.5));
        assert_eq!((d3.liberties, d3.effective_size), ([3, 5, 8, 10], 11.5));
        // A lone K10: 21.00.
        let mut b = Board::new(19);
        b.place_stone(b.point(9, 9), Color::Black);
        assert_eq!(worms(&b)[usize::from(b.point(9, 9))].effective_size, 21.0);
    }

    #[test]
    fn lunch_and_tactical_points() {
        // White A9 in atari beside black B9-B8: the black string's lunch is the white stone; the
        // white stone's attack point is its last liberty.
        let b = board_from(&[
            "OX.......",
            ".X.......",
            "X........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let mut r = Reader::new(&b);
        let ws = worms_read(&b, &mut r);
        let white = &ws[usize::from(b.point(0, 0))];
        assert_eq!(white.attack(), (crate::analysis::read_result::ReadResult::Win, Some(b.point(0, 1))));
        assert_eq!(white.defense().0, Lose);
        assert_eq!(ws[usize::from(b.point(1, 0))].lunch, Some(b.point(0, 0)));
        // A lone stone in the open has attack threats (none of them captures yet) and no lunch.
        let b = board_from(&[".....", ".....", "..X..", ".....", "....."]);
        let ws = worms_read(&b, &mut r);
        let w = &ws[usize::from(b.point(2, 2))];
        assert!(w.attack_points.is_empty() && w.lunch.is_none());
    }

    /// A 9x9 game against GNU Go 3.8 level 10 (issue 25, 2026-11-29, black to play move 31): black's
    /// D4 is in atari, its liberty D5 inside black's wall, so white's capture there is a ko. GNU Go 3.8
    /// (`worm_data D4`): attack D5 by ko, defence D5; `move_reasons C3` gives no defence of D4. C3
    /// leaves the ko as it is and is no defence point (it had been "defends D4 with bad ko" and
    /// chosen, 15.36 against GNU Go's J8).
    #[test]
    fn a_move_that_leaves_the_ko_is_no_defence() {
        let b = board_from(&[
            ".........",
            ".........",
            ".......XO",
            "..XXX.XO.",
            "XXX.XXOXX",
            "XOOXOOOOX",
            "O..O....O",
            ".O.....O.",
            ".........",
        ]);
        let mut r = Reader::new(&b);
        let ws = worms_read(&b, &mut r);
        let d4 = &ws[usize::from(b.point(3, 5))];
        assert_eq!(d4.attack(), (crate::analysis::read_result::ReadResult::KoA, Some(b.point(3, 4))));
        assert!(d4.defense_points.iter().any(|&(p, _)| p == b.point(3, 4)), "{:?}", d4.defense_points);
        assert!(!d4.defense_points.iter().any(|&(p, _)| p == b.point(2, 6)), "{:?}", d4.defense_points);
    }

    #[test]
    fn a_diagonal_neighbour_is_a_lunch() {
        // 9x9.tst 160 (speciman-gnugo-3.5.2-200312091734.sgf move 13): GNU Go 3.8's `worm_data D7` has the
        // black E8, diagonal to D7 and capturable, as D7's lunch, and no lunch for E6, C6 or D5.
        let b = board_from(&[
            ".........",
            "....X....",
            "...O.O...",
            "..O.OX...",
            "...OX....",
            "...OX....",
            ".....X...",
            ".........",
            ".........",
        ]);
        let mut r = Reader::new(&b);
        let ws = worms_read(&b, &mut r);
        assert_eq!(ws[usize::from(b.point(3, 2))].lunch, Some(b.point(4, 1)));
        for (x, y) in [(4, 3), (2, 3), (3, 4)] {
            assert_eq!(ws[usize::from(b.point(x, y))].lunch, None, "{x},{y}");
        }
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
