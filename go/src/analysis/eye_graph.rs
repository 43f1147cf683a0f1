//! The local game on an eye graph (GNU Go's `eyes.texi`, "The eyespace as local game"), solved by
//! exhaustive search, and the generator of the project's eye database (`patterns/databases/eyes.db`,
//! written by `mkeyes`): every small eye shape with its marginal vertices and dead opponent stones,
//! valued by that search.
//!
//! This module owns the abstract game and the enumeration only: it sees graphs, not boards (finding eye
//! spaces on a board and building their graphs is [`crate::analysis::eye`]'s job) and must not read or
//! change a position.
//!
//! The game, on vertices that are marginal or not and empty or holding a dead attacker stone:
//! * The defender (`O`) fills an empty vertex: it leaves the eye space for good, and attacker strings
//!   left without an empty neighbour are captured (their vertices become empty, marginal as before).
//!   The defender may also capture an attacker string that has no empty neighbour at all (it can only
//!   have liberties outside, where the defender plays).
//! * The attacker (`X`) plays on an empty marginal vertex: it connects out, so that vertex and every
//!   attacker string touching it leave the eye space, and what they touched becomes marginal (eyes.texi's
//!   RULE 3). On an empty vertex that is not marginal it puts a stone, which must have an empty neighbour
//!   (no suicide: a stone without liberties would be taken at once).
//! * A defender stone on a vertex without a neighbour outside the space (a corner point between two
//!   points of the space, say) is cut off from its wall: the defender fills such a vertex only next to
//!   one it has filled already, or where the stone keeps two liberties, or takes two stones or more
//!   (taking one is a ko, counted for the attacker).
//! * Either may pass; two passes in a row end the game. Each connected part of what is left that holds
//!   no marginal vertex is one eye (dead attacker stones inside count as eye space); eyes are capped at 2.
//!
//! The four digits are GNU Go's: the attacker moves first and then again (a threat), the attacker moves
//! first, the defender moves first, the defender moves first and then again. The vital points are the
//! first moves that decide between the middle two (the point both want when there is one).
//!
//! The search: a game's value (0, 1 or 2) is found as two yes-or-no searches, "at least one eye" and
//! "at least two" (each side stops at its first move that settles the question), memoised per graph
//! on the state packed in one word; moves are generated one at a time (no list per node). Measured
//! (2026-11-27, issue 25): the exact three-valued search with a move list per node and the state as
//! the memo key took 54% of the classic generator's CPU on strategy.tst 10 (incident108b move 176,
//! 4.75 s in all; owl and semeai value their eye spaces through [`solve_cached`]); now 2.35 s, the
//! search 17% of it. Answers unchanged: `mkeyes` writes the same `eyes.db` byte for byte, owl.tst,
//! semeai.tst, strategy.tst and endgame.tst grade test for test as before, and a test checks the two
//! searches against the exact one on random labellings of every graph up to six cells.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Largest graph the search values (bigger spaces count as two eyes).
pub const MAX_SOLVE: usize = 10;

/// Graphs valued per thread kept by [`solve_cached`] before it starts afresh.
const CACHE_LIMIT: usize = 1 << 16;

/// A multiplicative hasher for the search's small fixed-size keys (the standard one dominates the
/// search's time otherwise).
#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        // The table picks its bucket from the low bits, which a product leaves depending on the key's
        // low bits only: fold the well-mixed high half down.
        self.0 ^ (self.0 >> 32)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

thread_local! {
    static CACHE: RefCell<FastMap<Graph, GraphValue>> = RefCell::new(FastMap::default());
}

/// [`solve`], remembering the values of the graphs this thread has seen (the owl values the same few
/// spaces at many nodes).
pub fn solve_cached(g: &Graph) -> GraphValue {
    if let Some(v) = CACHE.with(|c| c.borrow().get(g).copied()) {
        return v;
    }
    let v = solve(g);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_LIMIT {
            c.clear();
        }
        c.insert(g.clone(), v);
    });
    v
}

/// Forgets the graphs [`solve_cached`] has valued on this thread (a benchmark's cold start).
pub fn clear_cache() {
    CACHE.with(|c| c.borrow_mut().clear());
}

/// An eye graph: at most [`MAX_SOLVE`] vertices, each with a neighbour mask.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Graph {
    pub adj: Vec<u32>,
    pub marginal: u32,
    pub stones: u32,
    /// Vertices with a neighbour outside the space on the board (the defender's wall): a defender stone
    /// there is connected. The others (in a corner, say) take a defender stone only next to one already
    /// there. Database shapes have every vertex anchored.
    pub anchored: u32,
}

/// A move of the local game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocalMove {
    /// A play on this vertex.
    Vertex(usize),
    /// The defender captures the attacker string through this vertex from outside the space.
    Capture(usize),
}

/// The value of an eye graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GraphValue {
    /// GNU Go's four digits (see the module documentation).
    pub digits: [u8; 4],
    /// The attacker's first move down to `digits[1]` when `digits[1] < digits[2]`.
    pub attack: Option<LocalMove>,
    /// The defender's first move up to `digits[2]` when `digits[1] < digits[2]`.
    pub defend: Option<LocalMove>,
    /// The attacker's first move of the threat (down to `digits[0]`) when `digits[0] < digits[1]`.
    pub attack_threat: Option<LocalMove>,
    /// The defender's first move of the threat (up to `digits[3]`) when `digits[2] < digits[3]`.
    pub defend_threat: Option<LocalMove>,
    /// Every vertex where the attacker's first move reaches `digits[1]` (when below `digits[2]`) or
    /// `digits[0]` (when below `digits[1]`): GNU Go's `analyze_eyegraph` marks.
    pub attacks: u32,
    /// Every vertex where the defender's first move reaches `digits[2]` (when above `digits[1]`) or
    /// `digits[3]` (when above `digits[2]`).
    pub defends: u32,
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct State {
    /// Vertices that have left the space (filled by the defender, or connected out by the attacker).
    removed: u32,
    /// The defender's fills among them.
    filled: u32,
    /// Attacker stones.
    x: u32,
    marginal: u32,
    /// Bit 0: the attacker to move; bit 1: the last move was a pass.
    turn: u8,
}

impl State {
    /// The state in one word (the search's memo key): 12 bits per mask ([`MAX_SOLVE`] vertices at most).
    fn key(&self) -> u64 {
        u64::from(self.removed)
            | u64::from(self.filled) << 12
            | u64::from(self.x) << 24
            | u64::from(self.marginal) << 36
            | u64::from(self.turn) << 48
    }
}

const _: () = assert!(MAX_SOLVE <= 12);

/// The rules of the local game on one graph.
#[derive(Clone, Copy)]
struct Game<'a> {
    g: &'a Graph,
}

struct Solver<'a> {
    game: Game<'a>,
    memo: Memo,
}

thread_local! {
    /// The search's memo, kept between graphs for its allocation (emptied for each graph).
    static MEMO: RefCell<Memo> = RefCell::new(Memo::new());
}

/// The search's memo: an open-addressed table (linear probing) of the states' keys, each slot
/// `generation << GEN_SHIFT | key << 1 | value`. A new graph starts a new generation, so emptying the
/// memo touches no slot (a slot of an older generation is an empty one); a hash map's clear and
/// probes cost more than the search they serve (the memo was a third of the search's time).
/// `Default` is the empty table a taken memo leaves behind; [`Memo::new`] allocates one to use.
#[derive(Default)]
struct Memo {
    slots: Vec<u64>,
    len: usize,
    gen: u64,
}

/// Keys take 54 bits ([`State::key`] and the goal's 2 above it), the value 1.
const GEN_SHIFT: u32 = 55;
/// Generations run `1..GEN_END`; then every slot is zeroed.
const GEN_END: u64 = 1 << (64 - GEN_SHIFT);
const PAYLOAD: u64 = (1 << GEN_SHIFT) - 1;
/// Slots of a fresh memo, and most kept between graphs (a larger one is dropped after its graph).
const MEMO_START: usize = 1 << 12;
const MEMO_KEEP: usize = 1 << 17;

impl Memo {
    fn new() -> Self {
        Memo { slots: vec![0; MEMO_START], len: 0, gen: 1 }
    }

    /// Forgets every entry.
    fn reset(&mut self) {
        self.len = 0;
        self.gen += 1;
        if self.gen == GEN_END {
            self.slots.iter_mut().for_each(|e| *e = 0);
            self.gen = 1;
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (self.slots.len() - 1)
    }

    #[inline]
    fn get(&self, key: u64) -> Option<bool> {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let e = self.slots[i];
            if e >> GEN_SHIFT != self.gen {
                return None;
            }
            if (e & PAYLOAD) >> 1 == key {
                return Some(e & 1 != 0);
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, key: u64, value: bool) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        let entry = self.gen << GEN_SHIFT | key << 1 | u64::from(value);
        loop {
            let e = self.slots[i];
            if e >> GEN_SHIFT != self.gen {
                self.slots[i] = entry;
                self.len += 1;
                return;
            }
            if (e & PAYLOAD) >> 1 == key {
                self.slots[i] = entry;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table, keeping this generation's entries.
    fn grow(&mut self) {
        let size = 2 * self.slots.len();
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        let gen = self.gen;
        self.len = 0;
        for e in old {
            if e >> GEN_SHIFT == gen {
                self.insert((e & PAYLOAD) >> 1, e & 1 != 0);
            }
        }
    }
}

const X_TO_MOVE: u8 = 1;
const PASSED: u8 = 2;

impl Game<'_> {
    fn n(&self) -> usize {
        self.g.adj.len()
    }

    fn all(&self) -> u32 {
        if self.n() == 32 {
            u32::MAX
        } else {
            (1u32 << self.n()) - 1
        }
    }

    /// The vertices of `set` connected within `set` to `seed`'s vertices.
    fn flood(&self, set: u32, seed: u32) -> u32 {
        let mut g = seed & set;
        loop {
            let mut next = g;
            let mut rest = g;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                next |= self.g.adj[i] & set;
            }
            if next == g {
                return g;
            }
            g = next;
        }
    }

    fn neighbours(&self, set: u32) -> u32 {
        let mut out = 0;
        let mut rest = set;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= self.g.adj[i];
        }
        out & !set
    }

    fn empty(&self, s: &State) -> u32 {
        self.all() & !s.removed & !s.x
    }

    fn count(&self, s: &State) -> u8 {
        let mut rest = self.all() & !s.removed;
        let mut eyes = 0u8;
        while rest != 0 {
            let part = self.flood(rest, 1 << rest.trailing_zeros());
            rest &= !part;
            if part & s.marginal == 0 {
                eyes += 1;
            }
        }
        eyes.min(2)
    }

    /// The positions each move of the side to move leads to (the other side to move next).
    fn moves(&self, s: &State) -> Vec<(LocalMove, State)> {
        let mut out = Vec::new();
        self.each_move(s, |m, t| {
            out.push((m, t));
            true
        });
        out
    }

    /// Calls `f` with each move of the side to move and the position it leads to, in the order of
    /// [`Game::moves`], until `f` answers false.
    fn each_move(&self, s: &State, mut f: impl FnMut(LocalMove, State) -> bool) {
        let empty = self.empty(s);
        let attacker = s.turn & X_TO_MOVE != 0;
        let next_turn = if attacker { 0 } else { X_TO_MOVE };
        let mut rest = empty;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let bit = 1u32 << i;
            let mut t = State { turn: next_turn, ..*s };
            if !attacker {
                t.removed |= bit;
                t.filled |= bit;
                let free = self.empty(&t);
                let mut near = self.g.adj[i] & t.x;
                while near != 0 {
                    let string = self.flood(t.x, 1 << near.trailing_zeros());
                    near &= !string;
                    if self.neighbours(string) & free == 0 {
                        t.x &= !string;
                    }
                }
                // A defender stone cut off from its wall (no neighbour outside the space, none filled
                // next to it) holds with two liberties, or after taking two stones or more; taking one
                // is a ko, counted for the attacker.
                let hangs = self.g.anchored & bit == 0 && self.g.adj[i] & s.filled == 0;
                let taken = (s.x & !t.x).count_ones();
                if hangs && (self.g.adj[i] & self.empty(&t)).count_ones() < 2 && taken < 2 {
                    continue;
                }
            } else if s.marginal & bit != 0 {
                let strings = self.flood(s.x, self.g.adj[i] & s.x);
                let out_now = bit | strings;
                t.removed |= out_now;
                t.x &= !strings;
                t.marginal |= self.neighbours(out_now) & !t.removed;
            } else {
                t.x |= bit;
                let string = self.flood(t.x, bit);
                if self.neighbours(string) & self.empty(&t) == 0 {
                    continue;
                }
            }
            if !f(LocalMove::Vertex(i), t) {
                return;
            }
        }
        if !attacker {
            let mut stones = s.x;
            while stones != 0 {
                let string = self.flood(s.x, 1 << stones.trailing_zeros());
                stones &= !string;
                if self.neighbours(string) & empty == 0 {
                    let t = State { x: s.x & !string, turn: next_turn, ..*s };
                    if !f(LocalMove::Capture(string.trailing_zeros() as usize), t) {
                        return;
                    }
                }
            }
        }
    }
}

impl Solver<'_> {
    /// The value of the game from `s` (0, 1 or 2 eyes), as two yes-or-no searches: at least one eye,
    /// then at least two (each side stops at its first move that settles the question, which an
    /// exact search over three values cannot do).
    fn solve(&mut self, s: State) -> u8 {
        if !self.at_least(s, 1) {
            0
        } else if self.at_least(s, 2) {
            2
        } else {
            1
        }
    }

    /// Whether the game from `s` is worth at least `k` eyes.
    fn at_least(&mut self, s: State, k: u8) -> bool {
        let key = s.key() | u64::from(k) << 52;
        if let Some(v) = self.memo.get(key) {
            return v;
        }
        // Every move leaves the space or the attacker's stones changed for good (no position repeats:
        // a string without liberties cannot be rebuilt without suicide), so the recursion ends.
        let attacker = s.turn & X_TO_MOVE != 0;
        let pass = if s.turn & PASSED != 0 {
            self.game.count(&s) >= k
        } else {
            self.at_least(State { turn: (s.turn & X_TO_MOVE) ^ X_TO_MOVE | PASSED, ..s }, k)
        };
        // The attacker needs one way below `k`, the defender one way up to it.
        let mut reached = pass;
        if reached == attacker {
            let game = self.game;
            game.each_move(&s, |_, t| {
                reached = self.at_least(t, k);
                reached == attacker
            });
        }
        self.memo.insert(key, reached);
        reached
    }
}

/// Values a graph of at most [`MAX_SOLVE`] vertices (a larger one is worth `2222`).
pub fn solve(g: &Graph) -> GraphValue {
    if g.adj.len() > MAX_SOLVE || g.adj.is_empty() {
        return GraphValue { digits: [2; 4], ..GraphValue::default() };
    }
    let mut memo = MEMO.with(|m| std::mem::take(&mut *m.borrow_mut()));
    if memo.slots.is_empty() {
        memo = Memo::new();
    }
    memo.reset();
    let mut solver = Solver { game: Game { g }, memo };
    let start = |turn: u8| State { removed: 0, filled: 0, x: g.stones, marginal: g.marginal, turn };
    // Every first move of each side with the value of the game after it: alternating, and again by
    // the same side.
    let mut firsts = |turn: u8| -> Vec<(LocalMove, u8, u8)> {
        let s = start(turn);
        solver
            .game
            .moves(&s)
            .into_iter()
            .map(|(m, t)| {
                let alternate = solver.solve(t);
                let again = solver.solve(State { turn, ..t });
                (m, alternate, again)
            })
            .collect()
    };
    let x_moves = firsts(X_TO_MOVE);
    let o_moves = firsts(0);
    let b = solver.solve(start(X_TO_MOVE));
    let c = solver.solve(start(0));
    if solver.memo.slots.len() <= MEMO_KEEP {
        MEMO.with(|m| *m.borrow_mut() = std::mem::take(&mut solver.memo));
    }
    let a = x_moves.iter().map(|m| m.2).min().unwrap_or(b).min(b);
    let d = o_moves.iter().map(|m| m.2).max().unwrap_or(c).max(c);
    let mut v = GraphValue { digits: [a, b, c, d], ..GraphValue::default() };
    let x_best: Vec<LocalMove> = x_moves.iter().filter(|m| m.1 == b).map(|m| m.0).collect();
    let o_best: Vec<LocalMove> = o_moves.iter().filter(|m| m.1 == c).map(|m| m.0).collect();
    // The vital point both sides want when there is one; otherwise each side's first best move.
    let shared = x_best.iter().find(|m| o_best.contains(m)).copied();
    if b < c {
        v.attack = shared.or_else(|| x_best.first().copied());
        v.defend = shared.or_else(|| o_best.first().copied());
    }
    if a < b {
        v.attack_threat = x_moves.iter().find(|m| m.2 == a).map(|m| m.0);
    }
    if d > c {
        v.defend_threat = o_moves.iter().find(|m| m.2 == d).map(|m| m.0);
    }
    let mask = |moves: &[(LocalMove, u8, u8)], keep: &dyn Fn(&(LocalMove, u8, u8)) -> bool| {
        moves.iter().filter(|m| keep(m)).fold(0u32, |acc, m| match m.0 {
            LocalMove::Vertex(i) => acc | 1 << i,
            LocalMove::Capture(_) => acc,
        })
    };
    // A threat is a first move that loses nothing if answered and gains if not.
    v.attacks = mask(&x_moves, &|m| m.1 == b && (b < c || (a < b && m.2 == a)));
    v.defends = mask(&o_moves, &|m| m.1 == c && (b < c || (c < d && m.2 == d)));
    v
}

/// A generated eye shape: cells on a grid (row, column), marginal and stone masks over them, its value.
#[derive(Debug, Clone)]
pub struct Shape {
    pub cells: Vec<(i32, i32)>,
    pub graph: Graph,
    pub value: GraphValue,
}

/// The free polyominoes' graphs of up to `max` cells, one grid drawing per graph (isomorphic drawings,
/// such as a straight and a bent three, are one graph), smallest first.
fn shape_graphs(max: usize) -> Vec<Vec<(i32, i32)>> {
    let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
    let mut seen_graphs: Vec<Vec<u32>> = Vec::new();
    let mut level: Vec<Vec<(i32, i32)>> = vec![vec![(0, 0)]];
    for size in 1..=max {
        let mut next_level: Vec<Vec<(i32, i32)>> = Vec::new();
        let mut seen_cells: std::collections::HashSet<Vec<(i32, i32)>> = std::collections::HashSet::new();
        for cells in &level {
            let adj = grid_adjacency(cells);
            let code = canonical(&adj, 0, 0);
            if !seen_graphs.contains(&code) {
                seen_graphs.push(code);
                out.push(cells.clone());
            }
            if size == max {
                continue;
            }
            for &(r, c) in cells {
                for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let cell = (r + dr, c + dc);
                    if cells.contains(&cell) {
                        continue;
                    }
                    let mut grown = cells.clone();
                    grown.push(cell);
                    let norm = normalise(&grown);
                    if seen_cells.insert(norm.clone()) {
                        next_level.push(norm);
                    }
                }
            }
        }
        level = next_level;
    }
    out
}

fn normalise(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut v: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    v.sort_unstable();
    v
}

fn grid_adjacency(cells: &[(i32, i32)]) -> Vec<u32> {
    cells
        .iter()
        .map(|a| {
            cells.iter().enumerate().fold(
                0u32,
                |m, (j, b)| {
                    if (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1 {
                        m | 1 << j
                    } else {
                        m
                    }
                },
            )
        })
        .collect()
}

/// A canonical code of a labelled graph: the smallest (labels, adjacency rows) over all vertex orders.
fn canonical(adj: &[u32], marginal: u32, stones: u32) -> Vec<u32> {
    let n = adj.len();
    let label = |i: usize| (marginal >> i & 1) | (stones >> i & 1) << 1 | adj[i].count_ones() << 2;
    let mut perm: Vec<usize> = (0..n).collect();
    // Only orders that sort the vertices by label (with degree) can give the smallest code.
    perm.sort_by_key(|&i| label(i));
    let mut best: Option<Vec<u32>> = None;
    fn code(adj: &[u32], perm: &[usize], label: &dyn Fn(usize) -> u32) -> Vec<u32> {
        let mut pos = vec![0usize; perm.len()];
        for (k, &i) in perm.iter().enumerate() {
            pos[i] = k;
        }
        perm.iter()
            .map(|&i| {
                let row = (0..perm.len()).filter(|&j| adj[i] & (1 << j) != 0).fold(0u32, |m, j| m | 1 << pos[j]);
                label(i) << 16 | row
            })
            .collect()
    }
    fn permute(
        k: usize,
        perm: &mut Vec<usize>,
        adj: &[u32],
        label: &dyn Fn(usize) -> u32,
        best: &mut Option<Vec<u32>>,
    ) {
        if k == perm.len() {
            let c = code(adj, perm, label);
            if !matches!(best.as_ref(), Some(b) if *b <= c) {
                *best = Some(c);
            }
            return;
        }
        for j in k..perm.len() {
            if label(perm[j]) != label(perm[k]) {
                continue;
            }
            perm.swap(k, j);
            permute(k + 1, perm, adj, label, best);
            perm.swap(k, j);
        }
    }
    permute(0, &mut perm, adj, &label, &mut best);
    best.unwrap_or_default()
}

/// Every eye shape of up to `max_cells` cells (one per labelled graph), with at most `max_marks`
/// marginal vertices and at most `max_marks` dead stones once it has more than four cells (all labellings
/// up to four), valued by [`solve`]. Shapes worth `2222` are left out (what no database shape matches is
/// searched, which gives the same).
pub fn generate(max_cells: usize, max_marks: u32) -> Vec<Shape> {
    let mut out = Vec::new();
    for cells in shape_graphs(max_cells.min(MAX_SOLVE)) {
        let n = cells.len();
        let adj = grid_adjacency(&cells);
        let mut seen: std::collections::HashSet<Vec<u32>> = std::collections::HashSet::new();
        for marginal in 0u32..(1 << n) {
            if n > 4 && marginal.count_ones() > max_marks {
                continue;
            }
            for stones in 0u32..(1 << n) {
                if n > 4 && stones.count_ones() > max_marks {
                    continue;
                }
                if !seen.insert(canonical(&adj, marginal, stones)) {
                    continue;
                }
                let graph = Graph { adj: adj.clone(), marginal, stones, anchored: (1u32 << n) - 1 };
                let value = solve(&graph);
                if value.digits != [2; 4] {
                    out.push(Shape { cells: cells.clone(), graph, value });
                }
            }
        }
    }
    out
}

/// The shapes as `eyes.db` text, after `header` (comment lines), named from 1 in order.
pub fn database_text(header: &str, shapes: &[Shape]) -> String {
    use patterns::eye_db::{Content, EyeGraph, EyeVertex};
    let mut text = String::from(header);
    for (k, s) in shapes.iter().enumerate() {
        let at = |m: Option<LocalMove>, i: usize| m == Some(LocalMove::Vertex(i));
        let vertices = s
            .cells
            .iter()
            .enumerate()
            .map(|(i, &(row, col))| EyeVertex {
                row,
                col,
                marginal: s.graph.marginal & (1 << i) != 0,
                content: if s.graph.stones & (1 << i) != 0 { Content::Stone } else { Content::Empty },
                attack: at(s.value.attack, i),
                defend: at(s.value.defend, i),
                edge: 0,
            })
            .collect();
        text.push_str(&EyeGraph::from_vertices(&(k + 1).to_string(), vertices, s.value.digits).to_text());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(n: usize, marginal: u32, stones: u32) -> Graph {
        let adj = (0..n)
            .map(|i| {
                let mut m = 0;
                if i > 0 {
                    m |= 1 << (i - 1);
                }
                if i + 1 < n {
                    m |= 1 << (i + 1);
                }
                m
            })
            .collect();
        Graph { adj, marginal, stones, anchored: (1 << n) - 1 }
    }

    /// The plain exact minimax over 0, 1 and 2 eyes (the search before the yes-or-no split).
    fn exact(game: Game, s: State, memo: &mut HashMap<u64, u8>) -> u8 {
        if let Some(&v) = memo.get(&s.key()) {
            return v;
        }
        let attacker = s.turn & X_TO_MOVE != 0;
        let mut best = if s.turn & PASSED != 0 {
            game.count(&s)
        } else {
            exact(game, State { turn: (s.turn & X_TO_MOVE) ^ X_TO_MOVE | PASSED, ..s }, memo)
        };
        for (_, t) in game.moves(&s) {
            let v = exact(game, t, memo);
            best = if attacker { best.min(v) } else { best.max(v) };
        }
        memo.insert(s.key(), best);
        best
    }

    #[test]
    fn the_two_threshold_search_gives_the_exact_values() {
        // Every graph of up to six grid cells, with pseudo-random marginal, stone and anchored masks;
        // both sides first and every position one move in.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u32
        };
        let mut checked = 0;
        for cells in shape_graphs(6) {
            let n = cells.len();
            let all = (1u32 << n) - 1;
            for _ in 0..12 {
                let (marginal, stones) = (next() & all, next() & next() & all);
                let anchored = all & !(next() & next() & next());
                let g = Graph { adj: grid_adjacency(&cells), marginal, stones, anchored };
                let game = Game { g: &g };
                let mut solver = Solver { game, memo: Memo::new() };
                let mut memo = HashMap::new();
                for turn in [0, X_TO_MOVE] {
                    let s = State { removed: 0, filled: 0, x: stones, marginal, turn };
                    assert_eq!(solver.solve(s), exact(game, s, &mut memo), "{g:?} turn {turn}");
                    for (_, t) in game.moves(&s) {
                        assert_eq!(solver.solve(t), exact(game, t, &mut memo), "{g:?} after a move");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn eyes_texi_values() {
        // One point, two points: one eye. A lone marginal point: none.
        assert_eq!(solve(&path(1, 0, 0)).digits, [1, 1, 1, 1]);
        assert_eq!(solve(&path(2, 0, 0)).digits, [1, 1, 1, 1]);
        assert_eq!(solve(&path(1, 1, 0)).digits, [0, 0, 0, 0]);
        // `!.`: half an eye, decided at the marginal point.
        let v = solve(&path(2, 1, 0));
        assert_eq!(v.digits, [0, 0, 1, 1]);
        assert_eq!((v.attack, v.defend), (Some(LocalMove::Vertex(0)), Some(LocalMove::Vertex(0))));
        // Straight three: the middle decides between one and two eyes.
        let v = solve(&path(3, 0, 0));
        assert_eq!(v.digits[1..3], [1, 2]);
        assert_eq!((v.attack, v.defend), (Some(LocalMove::Vertex(1)), Some(LocalMove::Vertex(1))));
        // Straight four: two eyes. `X.X`: two eyes (the attacker cannot connect its stones: suicide).
        assert_eq!(solve(&path(4, 0, 0)).digits[1], 2);
        assert_eq!(solve(&path(3, 0, 0b101)).digits, [2, 2, 2, 2]);
        // `$.`: none (capturing the stone leaves a lone marginal point); `$.X`: one.
        assert_eq!(solve(&path(2, 1, 1)).digits, [0, 0, 0, 0]);
        assert_eq!(solve(&path(3, 1, 0b101)).digits, [1, 1, 1, 1]);
        // `!...` (a half eye at the end of a straight three): one eye.
        assert_eq!(solve(&path(4, 1, 0)).digits[1..3], [1, 1]);
        // `!....`: one eye and a half (eyes.texi's example).
        assert_eq!(solve(&path(5, 1, 0)).digits[1..3], [1, 2]);
        // Bent four in the corner (the bend on the corner point, vertex 1): one eye and a half, decided
        // next to the corner on the longer arm.
        let mut corner = path(4, 0, 0);
        corner.anchored = 0b1101;
        let v = solve(&corner);
        assert_eq!(v.digits[1..3], [1, 2]);
        assert_eq!(v.attack, Some(LocalMove::Vertex(2)));
        // Four stones in a row captured from outside: the straight four is two eyes.
        assert_eq!(solve(&path(4, 0, 0b1111)).digits[1], 2);
    }

    #[test]
    fn generator_dedupes_graphs() {
        // Polyomino graphs of up to four cells: 1, 1, 1 (straight and bent three are one path), 3 (path,
        // T, square).
        assert_eq!(shape_graphs(4).len(), 6);
        let shapes = generate(3, 2);
        assert!(shapes.iter().all(|s| s.value.digits != [2; 4]));
        let text = database_text("# test\n\n", &shapes);
        let db = patterns::eye_db::EyeDb::parse("eyes.db", &text);
        assert!(db.errors.is_empty(), "{:?}", db.errors.first());
        assert_eq!(db.graphs.len(), shapes.len());
    }
}
