//! Tactical reading: can a string be captured (`attack`), can it be saved (`defend`), with GNU Go's
//! result codes ([`WIN`], [`KO_A`], [`KO_B`], 0 for failure) and the move that achieves it.
//!
//! This module owns the search (move generation, ko handling, the transposition cache, depth and node
//! limits). It plays only on its own [`TryBoard`] and never changes the caller's position.
//!
//! Structure (after GNU Go's `reading.texi`): the attacker's and the defender's move generators depend on
//! the string's liberty count (one to four). Both sides try the string's liberties; the defender also
//! captures or counter-ataris neighbouring attackers ("break chain"), plays second-order liberties and
//! the liberties of its superstring, and backfills where extending would be self-atari; the attacker
//! saves its own neighbours in atari, plays nets (second-order liberties), backfills where its atari
//! would be self-atari, and fills superstring liberties. Depth limits follow GNU Go's defaults: strings
//! with four liberties count as safe beyond `fourlib_depth`, with three beyond `depth` (which leaves
//! ladders), and the extra move kinds stop at their own depths. Ko uses GNU Go's komaster scheme 5: a
//! forbidden ko capture may be made "conditionally" (as if after a ko threat) and makes the player
//! komaster; winning only that way gives [`KO_B`], and winning against an opponent who could only succeed
//! that way gives [`KO_A`]. Each query is bounded by a node limit; when it runs out the string counts as
//! safe, so answers stay deterministic. The cache is a fixed table allocated once.
//!
//! A string in atari is captured at once unless the capture is only a ko or runs into a snapback; then
//! the attacker also tries to take liberties from the defender's strings around the capturing point. A
//! defender in atari also counter-ataris, and a single stone whose capture would be a ko first gives the
//! point of its liberty more room (GNU Go's backfilling in `defend1`). Setting `GO_READ_TRACE` prints
//! every move tried with its result to standard error (for debugging the reader).

use crate::board::{Board, Color, Point, TryBoard, ARRAY};
use crate::candidates::Scored;
use crate::zobrist;

/// The reading succeeds unconditionally.
pub const WIN: u8 = 1;
/// Succeeds if the player may take the ko first (the opponent needs a ko threat).
pub const KO_A: u8 = 2;
/// Succeeds only if the player finds a ko threat first.
pub const KO_B: u8 = 3;

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
pub(crate) fn reverse(code: u8) -> u8 {
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

/// Depth and node limits (GNU Go's reading depths and a node budget per query).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Beyond this many moves three liberties count as safe (only ladders are read).
    pub depth: usize,
    /// Beyond this many moves attacks on three liberties try the liberties only.
    pub branch_depth: usize,
    /// Beyond this many moves no backfilling is tried.
    pub backfill_depth: usize,
    /// Beyond this many moves four liberties count as safe.
    pub fourlib_depth: usize,
    /// Beyond this many moves no forbidden ko capture is tried.
    pub ko_depth: usize,
    /// Beyond this many moves the defender no longer counter-ataris neighbours with two liberties.
    pub break_chain_depth: usize,
    /// Beyond this many moves superstrings are not considered.
    pub superstring_depth: usize,
    /// Longest line read at all.
    pub ladder_depth: usize,
    /// Nodes per top-level query before giving up (the string then counts as safe).
    pub node_limit: u64,
}

impl Default for Limits {
    /// GNU Go 3.8's defaults at level 10.
    fn default() -> Self {
        Limits {
            depth: 16,
            branch_depth: 13,
            backfill_depth: 12,
            fourlib_depth: 7,
            ko_depth: 8,
            break_chain_depth: 7,
            superstring_depth: 7,
            ladder_depth: 80,
            node_limit: 400_000,
        }
    }
}

impl Limits {
    /// GNU Go's `increase_depths` / `decrease_depths` (by `delta`).
    pub fn shift(&mut self, delta: isize) {
        let f = |v: usize| v.saturating_add_signed(delta).max(1);
        self.depth = f(self.depth);
        self.branch_depth = f(self.branch_depth);
        self.backfill_depth = f(self.backfill_depth);
        self.fourlib_depth = f(self.fourlib_depth);
        self.ko_depth = f(self.ko_depth);
        self.break_chain_depth = f(self.break_chain_depth);
        self.superstring_depth = f(self.superstring_depth);
    }
}

/// GNU Go's komaster (scheme 5): who has made a conditional ko capture on the current line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Komaster {
    Empty,
    /// This colour made a conditional ko capture.
    Master(Color),
    /// Both sides took a ko; the first komaster is recorded.
    Gray(Color),
    /// An unconditional ko capture answered a ko capture.
    Weak,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct KoState {
    km: Komaster,
    /// The point of the stone the komaster last captured.
    pos: Point,
}

impl KoState {
    const EMPTY: KoState = KoState { km: Komaster::Empty, pos: 0 };

    fn code(self) -> u64 {
        let k = match self.km {
            Komaster::Empty => 0u64,
            Komaster::Master(c) => 1 + c.index() as u64,
            Komaster::Gray(c) => 3 + c.index() as u64,
            Komaster::Weak => 5,
        };
        k | (u64::from(self.pos) << 3)
    }
}

/// Whether the ko captured at `new` is nested in the one at `old` (diagonal neighbours).
#[inline]
fn nested(old: Point, new: Point) -> bool {
    let d = (i32::from(old) - i32::from(new)).abs();
    let s = crate::board::STRIDE as i32;
    d == s - 1 || d == s + 1
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    code: u8,
    mv: Point,
}

const CACHE_BITS: u32 = 16;
const MAX_CAND: usize = 64;

/// A fixed-capacity list of candidate moves (no allocation per node), priorities merged by max.
type Cands = Scored<MAX_CAND>;

/// A small fixed set of points (liberties, string heads).
#[derive(Clone, Copy)]
struct Set<const N: usize> {
    p: [Point; N],
    n: usize,
}

impl<const N: usize> Set<N> {
    fn new() -> Self {
        Set { p: [0; N], n: 0 }
    }
    fn push(&mut self, q: Point) -> bool {
        if self.n < N && !self.p[..self.n].contains(&q) {
            self.p[self.n] = q;
            self.n += 1;
            true
        } else {
            false
        }
    }
    fn contains(&self, q: Point) -> bool {
        self.p[..self.n].contains(&q)
    }
    fn as_slice(&self) -> &[Point] {
        &self.p[..self.n]
    }
}

fn libs_of(b: &Board, s: Point) -> Set<8> {
    let mut out = Set { p: [0; 8], n: 0 };
    out.n = b.liberties_into(s, &mut out.p);
    out
}

/// Heads of the strings of colour `c` adjacent to the string at `s` with at most `maxlib` liberties.
fn neighbours(b: &Board, s: Point, c: Color, minlib: usize, maxlib: usize) -> Set<24> {
    let mut out = Set::new();
    for st in b.string_stones(s) {
        for q in Board::neighbors(st) {
            if b.color(q) == Some(c) {
                let l = b.liberties(q);
                if l >= minlib && l <= maxlib {
                    out.push(b.string_id(q));
                }
            }
        }
    }
    out
}

/// The points that would be liberties of a stone of `color` on empty `p` (at most 9 kept), counting
/// the stones it captures next to it as freed points.
fn approx_lib_set(b: &Board, p: Point, color: Color) -> Set<9> {
    let mut seen = Set::<9>::new();
    for q in Board::neighbors(p) {
        if b.is_empty(q) {
            seen.push(q);
        } else if b.color(q) == Some(color) {
            let mut ls = [0 as Point; 8];
            let k = b.liberties_into(q, &mut ls);
            for &l in &ls[..k] {
                if l != p {
                    seen.push(l);
                }
            }
        } else if b.color(q) == Some(color.opponent()) && b.liberties(q) == 1 {
            seen.push(q);
        }
    }
    seen
}

/// Liberties a stone of `color` on empty `p` would have (up to 8), counting the stones it captures next
/// to it as freed points.
fn approx_libs(b: &Board, p: Point, color: Color) -> usize {
    approx_lib_set(b, p, color).n.min(8)
}

/// [`approx_libs`] when the opponent has just played on `x`.
fn approx_libs_without(b: &Board, p: Point, color: Color, x: Point) -> usize {
    let seen = approx_lib_set(b, p, color);
    seen.n - usize::from(seen.contains(x))
}

/// Whether a move of `color` on `p` captures exactly one stone and leaves the new stone with no
/// other liberty (a ko capture, if the point of the captured stone could be retaken).
fn is_ko_capture(b: &Board, p: Point, color: Color) -> bool {
    let mut captured = 0;
    for q in Board::neighbors(p) {
        match b.color(q) {
            Some(c) if c == color => return false,
            Some(_) if b.liberties(q) == 1 => captured += b.string_size(q),
            Some(_) => {}
            None if b.is_empty(q) => return false,
            None => {}
        }
    }
    captured == 1
}

/// Stones a move of `color` on `p` captures.
fn captures_at(b: &Board, p: Point, color: Color) -> usize {
    let mut heads = Set::<4>::new();
    let mut n = 0;
    for q in Board::neighbors(p) {
        if b.color(q) == Some(color.opponent()) && b.liberties(q) == 1 && heads.push(b.string_id(q)) {
            n += b.string_size(q);
        }
    }
    n
}

/// The tactical reader: a board to read on, the cache and the node counters.
pub struct Reader {
    t: TryBoard,
    cache: Vec<Entry>,
    /// Nodes visited since the counter was reset (GNU Go's reading node counter).
    pub nodes: u64,
    query_nodes: u64,
    pub limits: Limits,
    ko: KoState,
    ladder_only: bool,
    /// Moves already tried before the query (GTP `trymove`s): they count towards the depth limits, as
    /// GNU Go's `stackp` does.
    pub depth_offset: usize,
    /// Print the tree to standard error (set by the `GO_READ_TRACE` environment variable; for debugging).
    trace: bool,
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
            cache: vec![Entry::default(); 1 << CACHE_BITS],
            nodes: 0,
            query_nodes: 0,
            limits: Limits::default(),
            ko: KoState::EMPTY,
            ladder_only: false,
            depth_offset: 0,
            trace: std::env::var_os("GO_READ_TRACE").is_some(),
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
        self.cache.iter_mut().for_each(|e| *e = Entry::default());
    }

    fn key(&self, kind: Kind, s: Point) -> u64 {
        let b = self.t.board();
        let mut h = b.hash() ^ (u64::from(s) << 40) ^ ((kind as u64) << 56);
        if let Some((k, c)) = b.ko() {
            h ^= zobrist::stone(c, k).rotate_left(17);
        }
        h ^= self.ko.code().wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^= u64::from(self.ladder_only) << 62;
        h ^= (self.depth() as u64) << 32;
        h.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1
    }

    fn lookup(&self, key: u64) -> Option<(u8, Point)> {
        let e = &self.cache[(key >> (64 - CACHE_BITS)) as usize];
        (e.key == key).then_some((e.code, e.mv))
    }

    fn store(&mut self, key: u64, code: u8, mv: Point) {
        if self.query_nodes <= self.limits.node_limit {
            self.cache[(key >> (64 - CACHE_BITS)) as usize] = Entry { key, code, mv };
        }
    }

    fn start_query(&mut self) {
        self.query_nodes = 0;
        self.ko = KoState::EMPTY;
    }

    /// Plays `m` for `color` under the komaster rules; a forbidden ko capture is made conditionally when
    /// `conditional` allows it. Returns whether the move was a conditional ko capture and the ko state to
    /// restore after [`TryBoard::popgo`], or `None` when the move may not be played.
    fn komaster_trymove(&mut self, m: Point, color: Color, conditional: bool) -> Option<(bool, KoState)> {
        let saved = self.ko;
        let other = color.opponent();
        if saved.km == Komaster::Master(other) && m == saved.pos {
            return None;
        }
        let old_ko = self.t.board().ko().map(|(k, _)| k);
        if self.t.board().ko() == Some((m, color)) {
            // A forbidden ko capture: only conditionally.
            if !conditional || self.depth() >= self.limits.ko_depth || self.ladder_only {
                return None;
            }
            if matches!(saved.km, Komaster::Gray(_)) {
                return None;
            }
            if !self.t.tryko(m, color) {
                return None;
            }
            let new = self.t.board().ko().map_or(m, |(k, _)| k);
            let km = match saved.km {
                Komaster::Empty | Komaster::Weak => KoState { km: Komaster::Master(color), pos: new },
                Komaster::Master(c) if c == color => {
                    if !nested(saved.pos, new) {
                        self.t.popgo();
                        return None;
                    }
                    KoState { km: saved.km, pos: new }
                }
                Komaster::Master(c) => KoState { km: Komaster::Gray(c), pos: saved.pos },
                Komaster::Gray(_) => unreachable!("checked above"),
            };
            self.ko = km;
            return Some((true, saved));
        }
        if !self.t.trymove(m, color) {
            return None;
        }
        let b = self.t.board();
        if let Some((new, _)) = b.ko() {
            // A legal ko capture.
            let next = match saved.km {
                Komaster::Empty => match old_ko {
                    Some(k) => KoState { km: Komaster::Weak, pos: k },
                    None => saved,
                },
                Komaster::Master(c) if c == color => {
                    if !nested(saved.pos, new) {
                        self.t.popgo();
                        return None;
                    }
                    KoState { km: saved.km, pos: new }
                }
                Komaster::Master(c) => KoState { km: Komaster::Gray(c), pos: saved.pos },
                Komaster::Gray(_) => {
                    self.t.popgo();
                    return None;
                }
                Komaster::Weak => {
                    if !nested(saved.pos, new) {
                        self.t.popgo();
                        return None;
                    }
                    KoState { km: Komaster::Weak, pos: old_ko.unwrap_or(saved.pos) }
                }
            };
            self.ko = next;
        } else {
            match saved.km {
                Komaster::Weak => self.ko = KoState::EMPTY,
                Komaster::Master(c) | Komaster::Gray(c) => {
                    // The ko is over once its point is filled or the komaster's opponent cannot retake.
                    let p = saved.pos;
                    if !b.is_empty(p) || b.is_suicide(p, c.opponent()) {
                        self.ko = KoState::EMPTY;
                    }
                }
                Komaster::Empty => {}
            }
        }
        Some((false, saved))
    }

    /// One line of the trace: `what` on the string at `s` by `m` gave `code` (indented by depth).
    fn log(&self, what: &str, s: Point, m: Point, code: u8) {
        if self.trace && self.t.depth() <= 16 {
            let b = self.t.board();
            let v = |p: Point| {
                crate::vertex::format_vertex(
                    b,
                    if p == 0 { crate::board::Move::Pass } else { crate::board::Move::Play(p) },
                )
            };
            eprintln!("{:w$}{what} {} {} -> {code}", "", v(s), v(m), w = 2 * self.t.depth());
        }
    }

    fn undo(&mut self, saved: KoState) {
        self.t.popgo();
        self.ko = saved;
    }

    /// Can the string at `s` be captured? The code and the attacking move.
    pub fn attack(&mut self, s: Point) -> (u8, Option<Point>) {
        if self.t.board().color(s).is_none() {
            return (0, None);
        }
        self.start_query();
        self.ladder_only = false;
        let (c, m) = self.do_attack(s);
        (c, (c != 0).then_some(m).filter(|&m| m != 0))
    }

    /// Can the string at `s` be saved? The code and the defending move (`None` when the string is not
    /// attackable at all, GNU Go's PASS).
    pub fn defend(&mut self, s: Point) -> (u8, Option<Point>) {
        if self.t.board().color(s).is_none() {
            return (0, None);
        }
        self.start_query();
        self.ladder_only = false;
        let (c, m) = self.do_defend(s);
        if c == 0 {
            self.start_query();
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
        let Some((cond, saved)) = self.komaster_trymove(mv, color.opponent(), true) else { return 0 };
        let code = if self.t.board().color(s).is_none() { WIN } else { reverse(self.do_defend(s).0) };
        self.undo(saved);
        if cond {
            through_ko(code)
        } else {
            code
        }
    }

    /// Whether `mv` (by the string's colour) defends the string at `s`: the code, 0 if not.
    pub fn does_defend(&mut self, mv: Point, s: Point) -> u8 {
        let Some(color) = self.t.board().color(s) else { return 0 };
        self.start_query();
        self.ladder_only = false;
        // As in GNU Go, a move cannot defend a string that is not under attack.
        if self.do_attack(s).0 == 0 {
            return 0;
        }
        let Some((cond, saved)) = self.komaster_trymove(mv, color, true) else { return 0 };
        let code = reverse(self.do_attack(s).0);
        self.undo(saved);
        if cond {
            through_ko(code)
        } else {
            code
        }
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
        self.attack_moves(a, color.opponent(), &mut cands);
        self.attack_moves(b, color.opponent(), &mut cands);
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
        self.defense_moves(a, color, &mut cands);
        self.defense_moves(b, color, &mut cands);
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

    /// The other strings of the superstring of `s` (connected through points the opponent cannot
    /// usefully play, bamboo joints and open diagonals), as heads; `s`'s own head first.
    fn superstring(&self, s: Point) -> Set<8> {
        let b = self.t.board();
        let color = b.color(s).expect("a stone");
        let mut ss = Set::<8>::new();
        ss.push(b.string_id(s));
        let mut i = 0;
        while i < ss.n {
            let h = ss.p[i];
            i += 1;
            for st in b.string_stones(h) {
                for l in Board::neighbors(st) {
                    if !b.is_empty(l) {
                        continue;
                    }
                    // Through a liberty the opponent cannot play without self-atari.
                    if approx_libs(b, l, color.opponent()) <= 1 && captures_at(b, l, color.opponent()) == 0 {
                        for q in Board::neighbors(l) {
                            if b.color(q) == Some(color) {
                                ss.push(b.string_id(q));
                            }
                        }
                    }
                }
                for d in Board::diagonals(st) {
                    if usize::from(d) >= ARRAY || b.color(d) != Some(color) {
                        continue;
                    }
                    // Open diagonal: both points between empty.
                    let (x, y) = diag_between(st, d);
                    if b.is_empty(x) && b.is_empty(y) {
                        ss.push(b.string_id(d));
                    }
                }
            }
        }
        ss
    }

    /// Attacker's candidate moves against the string at `s` (all liberty counts), scored for ordering.
    fn attack_moves(&self, s: Point, attacker: Color, c: &mut Cands) {
        let b = self.t.board();
        let defender = attacker.opponent();
        let libs = libs_of(b, s);
        let n = libs.n;
        let depth = self.depth();
        let lim = &self.limits;
        for &l in libs.as_slice() {
            let al = approx_libs(b, l, attacker) as i32;
            // Fewer liberties for the defender after our move, more for our stone.
            let dl = approx_libs(b, l, defender) as i32;
            let cap = captures_at(b, l, attacker) as i32;
            let sc = 20 + 4 * al.min(4) - 2 * dl + if al <= 1 && cap == 0 { -15 } else { 0 } + 10 * cap;
            c.add_max(l, sc);
        }
        if self.ladder_only {
            return;
        }
        // Save own neighbouring strings in atari (else the defender captures them and escapes).
        let atari = neighbours(b, s, attacker, 1, 1);
        for &h in atari.as_slice() {
            let mut one = [0 as Point; 1];
            b.liberties_into(h, &mut one);
            if approx_libs(b, one[0], attacker) > 1 {
                c.add_max(one[0], 25);
            }
            // Or capture a defender string that holds it in atari.
            for &d in neighbours(b, h, defender, 1, 1).as_slice() {
                let mut one = [0 as Point; 1];
                b.liberties_into(d, &mut one);
                c.add_max(one[0], 30);
            }
        }
        // Our neighbours as short of liberties as the string gain some by capturing defender strings in
        // atari next to them (else the defender wins the race). Only near the root: deeper it widens
        // the tree more than it finds.
        if n <= 2 && depth <= 3 {
            for &h in neighbours(b, s, attacker, 2, 2).as_slice() {
                for &d in neighbours(b, h, defender, 1, 1).as_slice() {
                    if let Some(x) = b.first_liberty(d) {
                        c.add_max(x, 15);
                    }
                }
            }
        }
        if depth > lim.depth {
            return;
        }
        // Backfilling: where our atari (or liberty fill) would be self-atari, prepare it first.
        if depth <= lim.backfill_depth {
            for &l in libs.as_slice() {
                if approx_libs(b, l, attacker) <= 1 && captures_at(b, l, attacker) == 0 {
                    for q in Board::neighbors(l) {
                        if b.is_empty(q) && !libs.contains(q) {
                            c.add_max(q, 5);
                        }
                        if b.color(q) == Some(attacker) && b.liberties(q) <= 2 {
                            for &x in libs_of(b, q).as_slice() {
                                if x != l {
                                    c.add_max(x, 5);
                                }
                            }
                        }
                        // A defender string next to the liberty that could be attacked instead.
                        if b.color(q) == Some(defender) && b.string_id(q) != b.string_id(s) && b.liberties(q) <= 2 {
                            for &x in libs_of(b, q).as_slice() {
                                c.add_max(x, 3);
                            }
                        }
                    }
                }
            }
        }
        // Nets and hane: the points next to the liberties when the string is short of them.
        if n == 2 || (n == 3 && depth <= lim.backfill_depth) {
            for &l in libs.as_slice() {
                for q in Board::neighbors(l) {
                    if b.is_empty(q) && !libs.contains(q) {
                        let al = approx_libs(b, q, attacker) as i32;
                        c.add_max(q, al.min(4) - if al <= 1 { 12 } else { 0 });
                    }
                }
            }
            if n == 2 {
                for st in b.string_stones(s) {
                    for d in Board::diagonals(st) {
                        if usize::from(d) < ARRAY && b.is_empty(d) && !libs.contains(d) {
                            let al = approx_libs(b, d, attacker) as i32;
                            c.add_max(d, -1 + al.min(3) - if al <= 1 { 12 } else { 0 });
                        }
                    }
                }
            }
        }
        // Superstring: filling the liberties of strings that would connect to the target.
        if depth <= lim.superstring_depth && n <= 3 {
            let ss = self.superstring(s);
            for &h in &ss.as_slice()[1..] {
                for &l in libs_of(b, h).as_slice() {
                    let al = approx_libs(b, l, attacker) as i32;
                    c.add_max(l, 2 + al.min(3) - if al <= 1 { 12 } else { 0 });
                }
            }
        }
    }

    /// Defender's candidate moves for the string at `s`, scored for ordering.
    fn defense_moves(&self, s: Point, defender: Color, c: &mut Cands) {
        let b = self.t.board();
        let attacker = defender.opponent();
        let libs = libs_of(b, s);
        let n = libs.n;
        let depth = self.depth();
        let lim = &self.limits;
        // Capture adjacent attacking strings in atari.
        for &h in neighbours(b, s, attacker, 1, 1).as_slice() {
            let mut one = [0 as Point; 1];
            b.liberties_into(h, &mut one);
            c.add_max(one[0], 40 + 2 * b.string_size(h).min(10) as i32);
        }
        for &l in libs.as_slice() {
            let after = approx_libs(b, l, defender) as i32;
            let cap = captures_at(b, l, defender) as i32;
            c.add_max(l, 10 + 6 * after + if after <= 1 && cap == 0 { -20 } else { 0 });
        }
        if self.ladder_only {
            return;
        }
        if n == 1 {
            let l = libs.p[0];
            // A single stone whose capture is a ko: give the stone on the liberty more room first
            // (GNU Go's backfilling in defend1), so that the ko is fought under better terms.
            if depth <= lim.backfill_depth && b.string_size(s) == 1 && is_ko_capture(b, l, attacker) {
                let room = approx_lib_set(b, l, defender);
                if room.n <= 5 {
                    for &x in room.as_slice() {
                        if room.n == 1 || approx_libs(b, x, attacker) > 1 {
                            c.add_max(x, 2);
                        }
                    }
                }
            }
            // Counter-atari on a neighbour with two liberties: its capture of the string may be a ko
            // or come too late.
            if depth <= lim.break_chain_depth {
                for &h in neighbours(b, s, attacker, 2, 2).as_slice() {
                    for &x in libs_of(b, h).as_slice() {
                        let al = approx_libs(b, x, defender) as i32;
                        c.add_max(x, 4 + al.min(4) - if al <= 1 { 10 } else { 0 });
                    }
                }
            }
            return;
        }
        // Counter-atari: neighbours with two liberties (three when short of liberties).
        let max2 = if depth <= lim.break_chain_depth { 2 } else { 0 };
        let max3 = if n <= 2 && depth <= lim.backfill_depth { 3 } else { max2 };
        for &h in neighbours(b, s, attacker, 2, max3.max(2)).as_slice() {
            let hl = libs_of(b, h);
            let shares = hl.as_slice().iter().any(|&x| libs.contains(x));
            // Deeper, only ataris that chase the neighbour in a ladder (its extension gets two liberties
            // at most) or that also take a shared liberty.
            let chase = || {
                let (x, y) = (hl.p[0], hl.p[1]);
                approx_libs_without(b, y, attacker, x) <= 2 || approx_libs_without(b, x, attacker, y) <= 2
            };
            if hl.n == 2 && (depth <= lim.break_chain_depth || shares || chase()) {
                for &x in hl.as_slice() {
                    let al = approx_libs(b, x, defender) as i32;
                    c.add_max(x, 8 + al.min(4) - if al <= 1 { 10 } else { 0 });
                }
            } else if hl.n == 3 && max3 == 3 {
                for &x in hl.as_slice() {
                    c.add_max(x, 1);
                }
            }
        }
        if depth > lim.depth {
            return;
        }
        // Second-order liberties: hanging connections and jumps.
        if n == 2 || (n == 3 && depth <= lim.backfill_depth) {
            for &l in libs.as_slice() {
                for q in Board::neighbors(l) {
                    if b.is_empty(q) && !libs.contains(q) {
                        let al = approx_libs(b, q, defender) as i32;
                        c.add_max(q, al.min(4) - 2 - if al <= 1 { 12 } else { 0 });
                    }
                }
            }
        }
        // Backfilling: where extending is self-atari, take a liberty from the attacker first.
        if depth <= lim.backfill_depth {
            for &l in libs.as_slice() {
                if approx_libs(b, l, defender) <= 1 {
                    for q in Board::neighbors(l) {
                        if b.color(q) == Some(attacker) && b.liberties(q) <= 3 {
                            for &x in libs_of(b, q).as_slice() {
                                if x != l {
                                    c.add_max(x, 0);
                                }
                            }
                        }
                    }
                }
            }
        }
        // Superstring: capture attackers in atari next to it, extend its liberties.
        if depth <= lim.superstring_depth && n <= 3 {
            let ss = self.superstring(s);
            for &h in &ss.as_slice()[1..] {
                for &a in neighbours(b, h, attacker, 1, 1).as_slice() {
                    let mut one = [0 as Point; 1];
                    b.liberties_into(a, &mut one);
                    c.add_max(one[0], 12);
                }
                for &l in libs_of(b, h).as_slice() {
                    let al = approx_libs(b, l, defender) as i32;
                    c.add_max(l, al.min(4) - 4);
                }
                // Counter-attack the attackers next to the superstring (they may be short of liberties
                // themselves once they have approached).
                for &a in neighbours(b, h, attacker, 2, 3).as_slice() {
                    for &x in libs_of(b, a).as_slice() {
                        let al = approx_libs(b, x, defender) as i32;
                        c.add_max(x, -2 + al.min(3) - if al <= 1 { 10 } else { 0 });
                    }
                }
            }
        }
    }

    /// Whether a string with `libs` liberties counts as safe without reading at this depth.
    fn safe_by_liberties(&self, libs: usize) -> bool {
        let d = self.depth();
        libs >= 5
            || (libs == 4 && (d > self.limits.fourlib_depth || self.ladder_only))
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
        if self.out_of_budget() {
            return (0, 0);
        }
        // One liberty: take it, unless that is only a ko or runs into a snapback; then look for better.
        let direct = if libs == 1 { Some(self.attack1(s, attacker)) } else { None };
        if let Some(d) = direct {
            if d.0 == WIN || self.ladder_only || self.depth() > self.limits.backfill_depth {
                return d;
            }
        }
        let key = self.key(Kind::Attack, s);
        if let Some(r) = self.lookup(key) {
            return r;
        }
        let mut cands = Cands::new();
        self.attack_moves(s, attacker, &mut cands);
        if libs == 1 {
            self.attack1_moves(s, attacker, &mut cands);
        }
        // Retaking a ko the opponent just took is always worth a look (played conditionally).
        if let Some((k, c)) = self.t.board().ko() {
            if c == attacker && !self.ladder_only && !cands.contains(k) {
                cands.add_max(k, -5);
            }
        }
        // Beyond the reading depth only ataris are tried (ladders).
        let ladder = self.ladder_only || self.depth() > self.limits.depth;
        cands.sort_descending();
        // Between branch_depth and depth no branching against three liberties: the best move only.
        if libs >= 3 && self.depth() > self.limits.branch_depth {
            cands.n = cands.n.min(1);
        }
        let mut best = direct.unwrap_or((0, 0));
        let taken = direct.map_or(0, |_| libs_of(self.t.board(), s).p[0]);
        for i in 0..cands.n {
            let m = cands.pts[i];
            if m == taken {
                continue;
            }
            // In a ladder the attacker may still rescue its own strings in atari.
            let rescue = ladder && {
                let b = self.t.board();
                captures_at(b, m, attacker) > 0
                    || Board::neighbors(m).iter().any(|&q| b.color(q) == Some(attacker) && b.liberties(q) == 1)
            };
            let Some((cond, saved)) = self.komaster_trymove(m, attacker, true) else { continue };
            let b = self.t.board();
            let code = if b.color(s).is_none() {
                WIN
            } else if ladder && b.liberties(s) != 1 && !rescue {
                0
            } else if b.liberties(m) == 1 && b.liberties(s) > 1 && b.string_size(m) > 1 {
                // Putting several own stones into atari while the target keeps two liberties: the
                // defender captures them (a throw-in is a single stone and is read normally).
                0
            } else {
                // As in GNU Go, the attack must also work if the defender ignores it (tenuki): otherwise
                // the string was never in danger from this move.
                let dcode = self.do_defend(s).0;
                if dcode != WIN && self.do_attack(s).0 == 0 {
                    0
                } else {
                    reverse(dcode)
                }
            };
            self.undo(saved);
            let code = if cond { through_ko(code) } else { code };
            self.log("attack", s, m, code);
            if rank(code) > rank(best.0) {
                best = (code, m);
                if code == WIN {
                    break;
                }
            }
        }
        self.store(key, best.0, best.1);
        best
    }

    /// Extra attacks on a string in atari whose capture is only a ko or a snapback: take liberties from
    /// the defender's strings around the capturing point, so that the capture comes with atari.
    fn attack1_moves(&self, s: Point, attacker: Color, c: &mut Cands) {
        let b = self.t.board();
        let defender = attacker.opponent();
        let Some(l) = b.first_liberty(s) else { return };
        let id = b.string_id(s);
        let mut seen = Set::<4>::new();
        for q in Board::neighbors(l) {
            if b.color(q) == Some(defender) && b.string_id(q) != id && b.liberties(q) <= 3 && seen.push(b.string_id(q))
            {
                for &x in libs_of(b, q).as_slice() {
                    let al = approx_libs(b, x, attacker) as i32;
                    // A self-atari there is simply captured.
                    if x != l && (al >= 2 || captures_at(b, x, attacker) > 0) {
                        c.add_max(x, 6 + al.min(4));
                    }
                }
            }
        }
    }

    /// The string has one liberty: capture it there. [`WIN`] when the capturing string keeps two
    /// liberties, [`KO_A`] when the defender may take back a single stone (ko), 0 when the capture is
    /// answered by a bigger recapture (snapback).
    fn attack1(&mut self, s: Point, attacker: Color) -> (u8, Point) {
        let b = self.t.board();
        let mut one = [0 as Point; 1];
        b.liberties_into(s, &mut one);
        let l = one[0];
        let size = b.string_size(s);
        let Some((cond, saved)) = self.komaster_trymove(l, attacker, true) else { return (0, 0) };
        let after = self.t.board();
        let code = if size > 1 || after.liberties(l) >= 2 {
            WIN
        } else if after.string_size(l) == 1 {
            // Capturing a single stone as a ko: the defender may take back after a ko threat.
            KO_A
        } else {
            0
        };
        self.undo(saved);
        let code = if cond { through_ko(code) } else { code };
        self.log("attack1", s, l, code);
        (code, if code == 0 { 0 } else { l })
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
        if let Some(r) = self.lookup(key) {
            return r;
        }
        let mut cands = Cands::new();
        self.defense_moves(s, defender, &mut cands);
        if let Some((k, c)) = self.t.board().ko() {
            if c == defender && !self.ladder_only && !cands.contains(k) {
                cands.add_max(k, -5);
            }
        }
        cands.sort_descending();
        let mut best = (0u8, 0 as Point);
        for i in 0..cands.n {
            let m = cands.pts[i];
            let Some((cond, saved)) = self.komaster_trymove(m, defender, true) else { continue };
            let code = reverse(self.do_attack(s).0);
            self.undo(saved);
            let code = if cond { through_ko(code) } else { code };
            self.log("defend", s, m, code);
            if rank(code) > rank(best.0) {
                best = (code, m);
                if code == WIN {
                    break;
                }
            }
        }
        self.store(key, best.0, best.1);
        best
    }
}

/// The two points orthogonally between diagonal neighbours `a` and `d`.
fn diag_between(a: Point, d: Point) -> (Point, Point) {
    let s = crate::board::STRIDE as i32;
    let delta = i32::from(d) - i32::from(a);
    let (dx, dy) = if delta == -s - 1 {
        (-1, -s)
    } else if delta == -s + 1 {
        (1, -s)
    } else if delta == s - 1 {
        (-1, s)
    } else {
        (1, s)
    };
    ((i32::from(a) + dx) as Point, (i32::from(a) + dy) as Point)
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

    #[test]
    fn capture_into_snapback_is_no_attack() {
        // reading.tst 234 (GNU Go 3.8: `attack C1` = 1 A1). White D1 would take C1 but leave its own
        // eight stones with the single liberty C1, and black takes them back; A1 takes A2-B2 first.
        let b = board_from(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            "X X X X . . . . .",
            "O O O X X X . . .",
            "X X O O O X . . .",
            ". O X . O X . . .",
        ]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(b.point(2, 8)), (WIN, Some(b.point(0, 8))));
        // `does_attack` only asks whether the stone comes off the board (GNU Go 3.8: `does_attack D1 C1` = 1).
        assert_eq!(r.does_attack(b.point(3, 8), b.point(2, 8)), WIN);
    }

    #[test]
    fn ko_defended_by_making_room_first() {
        // reading.tst 133 (GNU Go 3.8: `defend J8` = 3 F9): connecting at J9 leaves black one liberty,
        // but F9 first makes white's capture at J9 a ko black can fight after a threat.
        let b = board_from(&[
            ". X . X . . X X .",
            "X X X X X X O O X",
            ". . . . O O O O O",
            ". . . . . . X O O",
            ". . . . . . O X O",
            ". . . . . X O X X",
            ". . . . O O X . X",
            "O O O O O X . O X",
            ". . O . O X X X X",
        ]);
        let mut r = Reader::new(&b);
        assert_eq!(r.defend(b.point(8, 1)), (KO_B, Some(b.point(5, 0))));
    }

    #[test]
    fn diagonal_helpers() {
        let b = Board::new(5);
        let a = b.point(2, 2);
        assert!(nested(a, b.point(3, 3)) && nested(a, b.point(1, 3)) && !nested(a, b.point(2, 3)));
        let (x, y) = diag_between(a, b.point(3, 1));
        let mut both = [x, y];
        both.sort_unstable();
        assert_eq!(both, [b.point(2, 1), b.point(3, 2)]);
    }
}
