//! Tactical reading: can a string be captured (`attack`), can it be saved (`defend`), with GNU Go's
//! result codes ([`WIN`], [`KO_A`], [`KO_B`], 0 for failure) and the move that achieves it.
//!
//! This module owns the search (move generation, ko handling, the transposition cache, depth and node
//! limits). It plays only on its own [`TryBoard`] and never changes the caller's position.
//!
//! Search: the attacker tries the string's liberties (and, with two liberties, the points next to them,
//! which finds nets), and saves its own surrounding strings in atari; the defender extends on its
//! liberties, captures or counter-ataris adjacent attackers, or plays next to its liberties. Depth limits
//! follow GNU Go's scheme: strings with four liberties count as safe below `fourlib_depth`, with three
//! below `depth`, and beyond `depth` only ladders (ataris answered by the one extension or a capture) are
//! read, to `ladder_depth` at most. Ko: a capture the simple-ko rule forbids may be played once per side
//! and line ("tryko"); winning only through it gives [`KO_B`] (the player needs a ko threat), and winning
//! against an opponent who could only succeed that way gives [`KO_A`]. Each query is bounded by a node
//! limit; when it runs out the string counts as safe, so answers stay deterministic.

use crate::board::{Board, Color, Point, TryBoard};
use crate::zobrist;
use std::collections::HashMap;

/// The reading succeeds unconditionally.
pub const WIN: u8 = 1;
/// Succeeds if the player may take the ko first (the opponent needs a ko threat).
pub const KO_A: u8 = 2;
/// Succeeds only if the player finds a ko threat first.
pub const KO_B: u8 = 3;

/// Liberties (at most 8) of the string a stone of `color` on empty `p` would form, captures ignored.
fn approx_libs(b: &Board, p: Point, color: Color) -> usize {
    let mut seen = [0 as Point; 8];
    let mut n = 0;
    let mut add = |q: Point, n: &mut usize| {
        if q != p && *n < seen.len() && !seen[..*n].contains(&q) {
            seen[*n] = q;
            *n += 1;
        }
    };
    for q in Board::neighbors(p) {
        if b.is_empty(q) {
            add(q, &mut n);
        } else if b.color(q) == Some(color) {
            let mut ls = [0 as Point; 8];
            let k = b.liberties_into(q, &mut ls);
            for &l in &ls[..k] {
                add(l, &mut n);
            }
        }
    }
    n
}

/// How good a result code is for the player who achieves it (larger is better).
#[inline]
fn rank(code: u8) -> u8 {
    match code {
        WIN => 3,
        KO_A => 2,
        KO_B => 1,
        _ => 0,
    }
}

/// The player's result when the opponent's best reply achieves `code`.
#[inline]
fn reverse(code: u8) -> u8 {
    match code {
        0 => WIN,
        KO_A => KO_B,
        KO_B => KO_A,
        _ => 0,
    }
}

/// A result obtained through a forbidden ko capture needs a ko threat first.
#[inline]
fn through_ko(code: u8) -> u8 {
    if code == 0 {
        0
    } else {
        KO_B
    }
}

/// Depth and node limits (GNU Go's `depth`, `fourlib_depth`, `ko_depth` and a node budget per query).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Beyond this many moves only ladders are read and three liberties count as safe.
    pub depth: usize,
    /// Beyond this many moves four liberties count as safe.
    pub fourlib_depth: usize,
    /// Beyond this many moves no forbidden ko capture is tried.
    pub ko_depth: usize,
    /// Longest ladder read.
    pub ladder_depth: usize,
    /// Nodes per top-level query before giving up (the string then counts as safe).
    pub node_limit: u64,
    /// Beyond this many moves the defender no longer reads attacks on its neighbours.
    pub break_chain_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: 16,
            fourlib_depth: 10,
            ko_depth: 8,
            ladder_depth: 80,
            node_limit: 150_000,
            break_chain_depth: 1,
        }
    }
}

impl Limits {
    /// GNU Go's `increase_depths` / `decrease_depths` (by `delta`).
    pub fn shift(&mut self, delta: isize) {
        let f = |v: usize| v.saturating_add_signed(delta).max(1);
        self.depth = f(self.depth);
        self.fourlib_depth = f(self.fourlib_depth);
        self.ko_depth = f(self.ko_depth);
    }
}

#[derive(Clone, Copy)]
struct Entry {
    code: u8,
    mv: Point,
}

const MAX_CAND: usize = 48;

/// A fixed-capacity list of candidate moves (no allocation per node).
struct Cands {
    pts: [Point; MAX_CAND],
    score: [i32; MAX_CAND],
    n: usize,
}

impl Cands {
    fn new() -> Self {
        Cands { pts: [0; MAX_CAND], score: [0; MAX_CAND], n: 0 }
    }
    fn add(&mut self, p: Point, s: i32) {
        if let Some(i) = self.pts[..self.n].iter().position(|&q| q == p) {
            self.score[i] += s;
        } else if self.n < MAX_CAND {
            self.pts[self.n] = p;
            self.score[self.n] = s;
            self.n += 1;
        }
    }
    /// Stable sort by descending score (insertion sort: the lists are short).
    fn sort(&mut self) {
        for i in 1..self.n {
            let mut j = i;
            while j > 0 && self.score[j - 1] < self.score[j] {
                self.pts.swap(j - 1, j);
                self.score.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}

/// The tactical reader: a board to read on, the cache and the node counters.
pub struct Reader {
    t: TryBoard,
    cache: HashMap<u64, Entry>,
    /// Nodes visited since the counter was reset (GNU Go's reading node counter).
    pub nodes: u64,
    query_nodes: u64,
    pub limits: Limits,
    /// Which colours have used a forbidden ko capture on the current line.
    ko_used: [bool; 2],
    ladder_only: bool,
    /// Moves already tried before the query (GTP `trymove`s): they count towards the depth limits, as
    /// GNU Go's `stackp` does.
    pub depth_offset: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Attack = 1,
    Defend = 2,
}

impl Reader {
    /// A reader on `board`.
    pub fn new(board: &Board) -> Reader {
        Reader {
            t: TryBoard::new(board.clone()),
            cache: HashMap::new(),
            nodes: 0,
            query_nodes: 0,
            limits: Limits::default(),
            ko_used: [false; 2],
            ladder_only: false,
            depth_offset: 0,
        }
    }

    /// Reads from `board` from now on (the cache stays valid: it is keyed by position).
    pub fn set_board(&mut self, board: &Board) {
        self.t.reset(board);
    }

    /// The position read from.
    pub fn board(&self) -> &Board {
        self.t.board()
    }

    /// Plays a move on the reading board (for searches built on the reader, like connections).
    pub fn trymove(&mut self, p: Point, c: Color) -> bool {
        self.t.trymove(p, c)
    }

    /// Takes back the last [`Reader::trymove`].
    pub fn popgo(&mut self) -> bool {
        self.t.popgo()
    }

    /// Counts one node of a search built on the reader.
    pub fn count_node(&mut self) {
        self.nodes += 1;
    }

    /// The depth the limits compare against: moves on the reading stack plus [`Reader::depth_offset`].
    #[inline]
    fn depth(&self) -> usize {
        self.t.depth() + self.depth_offset
    }

    /// Forgets every cached result.
    pub fn clear_cache(&mut self) {
        self.cache.clear();
    }

    fn key(&self, kind: Kind, s: Point) -> u64 {
        let b = self.t.board();
        let mut h = b.hash() ^ (u64::from(s) << 40) ^ ((kind as u64) << 56);
        if let Some((k, c)) = b.ko() {
            h ^= zobrist::stone(c, k).rotate_left(17);
        }
        h ^= (u64::from(self.ko_used[0]) << 60) | (u64::from(self.ko_used[1]) << 61);
        h ^= u64::from(self.ladder_only) << 62;
        h ^= (self.depth() as u64) << 32;
        h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn start_query(&mut self) {
        self.query_nodes = 0;
        self.ko_used = [false; 2];
        if self.cache.len() > 2_000_000 {
            self.cache.clear();
        }
    }

    /// Can the string at `s` be captured? The code and the attacking move.
    pub fn attack(&mut self, s: Point) -> (u8, Option<Point>) {
        if self.t.board().color(s).is_none() {
            return (0, None);
        }
        self.start_query();
        self.ladder_only = false;
        let (c, m) = self.do_attack(s);
        (c, (c != 0).then_some(m))
    }

    /// Can the string at `s` be saved? The code and the defending move (`None` when the string is not
    /// attackable at all, GNU Go's PASS).
    pub fn defend(&mut self, s: Point) -> (u8, Option<Point>) {
        if self.t.board().color(s).is_none() {
            return (0, None);
        }
        self.start_query();
        self.ladder_only = false;
        // Like GNU Go, a string that is not attackable still gets a defending move when it has few
        // liberties (the first candidate that keeps it safe); with five or more the move is PASS.
        let (c, m) = self.do_defend(s);
        if c == 0 {
            self.query_nodes = 0;
            if self.do_attack(s).0 == 0 {
                return (WIN, None);
            }
        }
        (c, (c != 0 && m != 0).then_some(m))
    }

    /// Attack by ladder only: every attacking move is an atari answered by the single extension or a
    /// capture. `None` when the string does not have exactly two liberties.
    pub fn ladder_attack(&mut self, s: Point) -> Option<(u8, Option<Point>)> {
        if self.t.board().liberties(s) != 2 {
            return None;
        }
        self.start_query();
        self.ladder_only = true;
        let (c, m) = self.do_attack(s);
        self.ladder_only = false;
        Some((c, (c != 0).then_some(m)))
    }

    /// Whether `mv` (by the opponent of the string) attacks the string at `s`: the code, 0 if not.
    pub fn does_attack(&mut self, mv: Point, s: Point) -> u8 {
        let Some(color) = self.t.board().color(s) else { return 0 };
        self.start_query();
        self.ladder_only = false;
        if !self.t.trymove(mv, color.opponent()) {
            return 0;
        }
        let code = if self.t.board().color(s).is_none() { WIN } else { reverse(self.do_defend(s).0) };
        self.t.popgo();
        code
    }

    /// Whether `mv` (by the string's colour) defends the string at `s`: the code, 0 if not.
    pub fn does_defend(&mut self, mv: Point, s: Point) -> u8 {
        let Some(color) = self.t.board().color(s) else { return 0 };
        self.start_query();
        self.ladder_only = false;
        // As in GNU Go, a move cannot defend a string that is not under attack.
        if self.do_attack(s).0 == 0 || !self.t.trymove(mv, color) {
            return 0;
        }
        let code = reverse(self.do_attack(s).0);
        self.t.popgo();
        code
    }

    /// Can either of two strings of one colour be captured? (GNU Go's `attack_either`: the code only.)
    pub fn attack_either(&mut self, a: Point, b: Point) -> u8 {
        let (x, _) = self.attack(a);
        let (y, _) = self.attack(b);
        let best = if rank(x) >= rank(y) { x } else { y };
        if best == WIN {
            return WIN;
        }
        // A move that threatens both (double atari and the like): the defender must save both at once.
        let Some(color) = self.t.board().color(a) else { return best };
        let mut cands = Cands::new();
        self.attack_candidates(a, color.opponent(), &mut cands);
        self.attack_candidates(b, color.opponent(), &mut cands);
        let mut result = best;
        for i in 0..cands.n {
            let m = cands.pts[i];
            if !self.t.trymove(m, color.opponent()) {
                continue;
            }
            let code = if self.t.board().color(a).is_none() || self.t.board().color(b).is_none() {
                WIN
            } else {
                reverse(self.defend_both_here(a, b))
            };
            self.t.popgo();
            if rank(code) > rank(result) {
                result = code;
                if code == WIN {
                    break;
                }
            }
        }
        result
    }

    /// Can both strings be saved with one move? (GNU Go's `defend_both`: the code only.)
    pub fn defend_both(&mut self, a: Point, b: Point) -> u8 {
        self.start_query();
        self.defend_both_here(a, b)
    }

    fn defend_both_here(&mut self, a: Point, b: Point) -> u8 {
        let Some(color) = self.t.board().color(a) else { return 0 };
        let (x, _) = self.do_attack(a);
        let (y, _) = self.do_attack(b);
        if x == 0 && y == 0 {
            return WIN;
        }
        let mut cands = Cands::new();
        self.defense_candidates(a, color, &mut cands);
        self.defense_candidates(b, color, &mut cands);
        let mut best = 0;
        for i in 0..cands.n {
            let m = cands.pts[i];
            if !self.t.trymove(m, color) {
                continue;
            }
            let ra = reverse(self.do_attack(a).0);
            let rb = if ra == 0 { 0 } else { reverse(self.do_attack(b).0) };
            self.t.popgo();
            let r = if rank(ra) <= rank(rb) { ra } else { rb };
            if rank(r) > rank(best) {
                best = r;
                if r == WIN {
                    break;
                }
            }
        }
        best
    }

    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        self.query_nodes += 1;
        self.query_nodes > self.limits.node_limit
    }

    /// Attacker's candidate moves against the string at `s`, scored for ordering.
    fn attack_candidates(&self, s: Point, attacker: Color, c: &mut Cands) {
        let b = self.t.board();
        let mut libs = [0 as Point; 8];
        let n = b.liberties_into(s, &mut libs);
        let libs = &libs[..n];
        for &l in libs {
            // Prefer liberties where the attacking stone itself has more liberties; self-ataris last.
            let al = approx_libs(b, l, attacker) as i32;
            let sc = 10 + 4 * al.min(4) - if al <= 1 { 12 } else { 0 };
            c.add(l, sc);
        }
        if self.ladder_only {
            return;
        }
        let depth = self.depth();
        // Save own neighbouring strings in atari (else the defender captures them and escapes).
        let defender = attacker.opponent();
        if n >= 2 {
            for st in b.string_stones(s) {
                for q in Board::neighbors(st) {
                    let ql = b.liberties(q);
                    if b.color(q) == Some(attacker) && ql == 1 {
                        let mut two = [0 as Point; 2];
                        let k = b.liberties_into(q, &mut two);
                        for &l in &two[..k] {
                            c.add(l, if ql == 1 { 8 } else { 1 });
                        }
                    }
                }
            }
        }
        // Nets and backfilling: the points next to the liberties when the string is short of them.
        if n == 2 || (n == 3 && depth < self.limits.fourlib_depth) {
            for &l in libs {
                for q in Board::neighbors(l) {
                    if b.is_empty(q) && !libs.contains(&q) {
                        let al = approx_libs(b, q, attacker) as i32;
                        c.add(q, al.min(4) - if al <= 1 { 12 } else { 0 });
                    }
                }
            }
            if n == 2 {
                for d in Board::diagonals(s) {
                    if usize::from(d) < crate::board::ARRAY && b.is_empty(d) {
                        c.add(d, 0);
                    }
                }
            }
        }
        let _ = defender;
    }

    /// Defender's candidate moves for the string at `s`, scored for ordering.
    fn defense_candidates(&self, s: Point, defender: Color, c: &mut Cands) {
        let b = self.t.board();
        let attacker = defender.opponent();
        let mut libs = [0 as Point; 8];
        let n = b.liberties_into(s, &mut libs);
        let libs = &libs[..n];
        // Capture or counter-atari adjacent attacking strings.
        let mut seen = [0 as Point; 24];
        let mut ns = 0;
        for st in b.string_stones(s) {
            for q in Board::neighbors(st) {
                if b.color(q) != Some(attacker) {
                    continue;
                }
                let h = b.string_id(q);
                if seen[..ns].contains(&h) || ns == seen.len() {
                    continue;
                }
                seen[ns] = h;
                ns += 1;
                let ql = b.liberties(q);
                if ql == 1 {
                    let mut one = [0 as Point; 1];
                    b.liberties_into(q, &mut one);
                    c.add(one[0], 30 + b.string_size(q) as i32);
                } else if !self.ladder_only && (ql == 2 || (ql == 3 && n <= 2 && self.depth() < self.limits.depth)) {
                    // Counter-attack: a move against a weak neighbour may save the string.
                    let mut ls = [0 as Point; 3];
                    let k = b.liberties_into(q, &mut ls);
                    for &l in &ls[..k] {
                        c.add(l, if ql == 2 { 6 } else { 2 });
                    }
                }
            }
        }
        for &l in libs {
            // The liberties the string has after extending there.
            let after = approx_libs(b, l, defender) as i32;
            c.add(l, 10 + 5 * after);
        }
        if self.ladder_only || n == 1 {
            return;
        }
        // Second-order liberties: hanging connections and jumps.
        if n == 2 && self.depth() < self.limits.depth {
            for &l in libs {
                for q in Board::neighbors(l) {
                    if b.is_empty(q) && !libs.contains(&q) {
                        let own = Board::neighbors(q).iter().filter(|&&r| b.is_empty(r)).count() as i32;
                        c.add(q, own - 2);
                    }
                }
            }
        }
    }

    /// Defending by capturing a neighbour: for each adjacent attacking string short of liberties, the
    /// move that attacks it (read, so ladders and nets on the neighbour count, not just its liberties).
    fn break_chain(&mut self, s: Point, defender: Color, libs: usize, c: &mut Cands) {
        let attacker = defender.opponent();
        let mut heads = [0 as Point; 16];
        let mut n = 0;
        let b = self.t.board();
        for st in b.string_stones(s) {
            for q in Board::neighbors(st) {
                if b.color(q) == Some(attacker) {
                    let h = b.string_id(q);
                    let ql = b.liberties(q);
                    if !heads[..n].contains(&h) && n < heads.len() && ql >= 2 && ql <= libs.min(3) {
                        heads[n] = h;
                        n += 1;
                    }
                }
            }
        }
        for &h in &heads[..n] {
            let (code, mv) = self.do_attack(h);
            if code != 0 && mv != 0 {
                c.add(mv, if code == WIN { 20 } else { 4 });
            }
        }
    }

    /// Whether the string at `s` counts as safe without reading at this depth.
    fn safe_by_liberties(&self, libs: usize) -> bool {
        let d = self.depth();
        libs >= 5
            || (libs == 4 && d > self.limits.fourlib_depth)
            || (libs == 3 && (d > self.limits.depth || self.ladder_only))
            || d > self.limits.ladder_depth
    }

    fn do_attack(&mut self, s: Point) -> (u8, Point) {
        let b = self.t.board();
        let Some(color) = b.color(s) else { return (WIN, 0) };
        let attacker = color.opponent();
        let libs = b.liberties(s);
        if self.safe_by_liberties(libs) {
            return (0, 0);
        }
        if libs == 1 {
            let mut one = [0 as Point; 1];
            b.liberties_into(s, &mut one);
            let l = one[0];
            if b.is_legal(l, attacker) {
                // Capturing a single stone as a ko: the defender may take back after a ko threat.
                let ko = b.string_size(s) == 1 && {
                    let mut t = b.clone();
                    t.play_unchecked(l, attacker);
                    t.ko().is_some()
                };
                return (if ko { KO_A } else { WIN }, l);
            }
            if b.ko().map(|(k, _)| k) == Some(l)
                && !self.ko_used[attacker.index()]
                && self.depth() <= self.limits.ko_depth
            {
                return (KO_B, l);
            }
            return (0, 0);
        }
        if self.out_of_budget() {
            return (0, 0);
        }
        let key = self.key(Kind::Attack, s);
        if let Some(e) = self.cache.get(&key) {
            return (e.code, e.mv);
        }
        let mut cands = Cands::new();
        self.attack_candidates(s, attacker, &mut cands);
        // Retaking a ko the opponent just took is always worth a look (played as tryko).
        if let Some((k, c)) = self.t.board().ko() {
            if c == attacker && !self.ladder_only {
                cands.add(k, 5);
            }
        }
        // Beyond the reading depth only ataris are tried (ladders).
        let ladder = self.ladder_only || self.depth() > self.limits.depth;
        cands.sort();
        let mut best = (0u8, 0 as Point);
        for i in 0..cands.n {
            let m = cands.pts[i];
            let mut used_ko = false;
            if !self.t.trymove(m, attacker) {
                let b = self.t.board();
                if b.ko().map(|(k, _)| k) == Some(m)
                    && !self.ko_used[attacker.index()]
                    && self.depth() < self.limits.ko_depth
                    && self.t.tryko(m, attacker)
                {
                    used_ko = true;
                    self.ko_used[attacker.index()] = true;
                } else {
                    continue;
                }
            }
            let b = self.t.board();
            let code = if b.color(s).is_none() {
                if b.ko().is_some() {
                    KO_A
                } else {
                    WIN
                }
            } else if ladder && b.liberties(s) != 1 {
                0
            } else if b.liberties(m) == 1 && b.liberties(s) > 1 && b.string_size(m) > 1 {
                // Putting several own stones into atari while the target keeps two liberties: the
                // defender captures them (a throw-in is a single stone and is read normally).
                0
            } else {
                reverse(self.do_defend(s).0)
            };
            if used_ko {
                self.ko_used[attacker.index()] = false;
            }
            self.t.popgo();
            let code = if used_ko { through_ko(code) } else { code };
            if rank(code) > rank(best.0) {
                best = (code, m);
                if code == WIN {
                    break;
                }
            }
        }
        if self.query_nodes <= self.limits.node_limit {
            self.cache.insert(key, Entry { code: best.0, mv: best.1 });
        }
        best
    }

    fn do_defend(&mut self, s: Point) -> (u8, Point) {
        let b = self.t.board();
        let Some(defender) = b.color(s) else { return (0, 0) };
        let libs = b.liberties(s);
        if self.safe_by_liberties(libs) {
            return (WIN, 0);
        }
        if self.out_of_budget() {
            return (WIN, 0);
        }
        let key = self.key(Kind::Defend, s);
        if let Some(e) = self.cache.get(&key) {
            return (e.code, e.mv);
        }
        let mut cands = Cands::new();
        self.defense_candidates(s, defender, &mut cands);
        if let Some((k, c)) = self.t.board().ko() {
            if c == defender && !self.ladder_only {
                cands.add(k, 5);
            }
        }
        if !self.ladder_only && self.depth() < self.limits.break_chain_depth {
            self.break_chain(s, defender, libs, &mut cands);
        }
        cands.sort();
        let mut best = (0u8, 0 as Point);
        for i in 0..cands.n {
            let m = cands.pts[i];
            let mut used_ko = false;
            if !self.t.trymove(m, defender) {
                let b = self.t.board();
                if b.ko().map(|(k, _)| k) == Some(m)
                    && !self.ko_used[defender.index()]
                    && self.depth() < self.limits.ko_depth
                    && self.t.tryko(m, defender)
                {
                    used_ko = true;
                    self.ko_used[defender.index()] = true;
                } else {
                    continue;
                }
            }
            // Still in atari after the move is not special-cased: the attacker's reading answers it
            // (capturing at once, or not when the move took a ko).
            let code = reverse(self.do_attack(s).0);
            if used_ko {
                self.ko_used[defender.index()] = false;
            }
            self.t.popgo();
            let code = if used_ko { through_ko(code) } else { code };
            if rank(code) > rank(best.0) {
                best = (code, m);
                if code == WIN {
                    break;
                }
            }
        }
        if self.query_nodes <= self.limits.node_limit {
            self.cache.insert(key, Entry { code: best.0, mv: best.1 });
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board_from;

    #[test]
    fn lone_stone_is_safe_and_edge_ladder_captures() {
        let b = board_from(&[". . . . .", ". . . . .", ". . O . .", ". . . . .", ". . . . ."]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(b.point(2, 2)), (0, None));
        assert_eq!(r.defend(b.point(2, 2)).0, WIN);
        // White on the first line under a black wall: two liberties, black ataris from the open side.
        let b = board_from(&[". . . . .", ". . . . .", ". . . . .", "X X X . .", ". O . . ."]);
        let mut r = Reader::new(&b);
        let (code, mv) = r.attack(b.point(1, 4));
        assert_eq!(code, WIN);
        assert!([b.point(0, 4), b.point(2, 4)].map(Some).contains(&mv));
        // With a white stone on D1 both A1 and C1 still capture (GNU Go 3.8: `attack B1` = 1 C1, and
        // after A1 `defend B1` = 0).
        let b = board_from(&[". . . . .", ". . . . .", ". . . . .", "X X X . .", ". O . O ."]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(b.point(1, 4)).0, WIN);
        assert_eq!(r.does_attack(b.point(0, 4), b.point(1, 4)), WIN);
        assert_eq!(r.does_attack(b.point(2, 4), b.point(1, 4)), WIN);
    }

    #[test]
    fn one_liberty_capture_and_ko() {
        // Taking the single white stone at B3 is a ko: black may be retaken after a threat (KO_A).
        let b = board_from(&[". X O .", "X O . O", ". X O .", ". . . ."]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(b.point(1, 1)), (KO_A, Some(b.point(2, 1))));
        // Without the white stone on D3 the capture is clean.
        let b = board_from(&[". X O .", "X O . .", ". X O .", ". . . ."]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(b.point(1, 1)).0, WIN);
    }
}
