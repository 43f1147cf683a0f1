//! Tactical reading: can a string be captured (`attack`), can it be saved (`defend`), with a
//! [`ReadResult`] (GNU Go's `WIN`, `KO_A`, `KO_B`, 0 for failure) and the move that achieves it.
//!
//! This module owns the search (move generation, ko handling, the transposition cache, depth and node
//! limits). It plays only on its own [`TryBoard`] and never changes the caller's position.
//!
//! Structure (after GNU Go's `reading.texi`): the attacker's and the defender's move generators depend on the string's
//! liberty count (one to four). Both sides try the string's liberties; the defender also captures or counter-ataris
//! neighbouring attackers ("break chain"), plays second-order liberties and the liberties of its superstring, and
//! backfills where extending would be self-atari; the attacker saves its own neighbours in atari, plays nets
//! (second-order liberties), backfills where its atari would be self-atari, and fills superstring liberties. Beyond
//! those, the defender shortens neighbours it races from outside, puts an attacker next to a self-atari counter-atari
//! point in atari first (so that the point becomes a capture), saves friendly strings in atari next to its liberties,
//! takes points shared by two short boundary strings and keeps the shape point of four liberties; the attacker takes
//! the points where the defender would double-atari its boundary and the boundary liberties that capture; the defender
//! takes a stone just played that is in atari (the reader remembers the move played at each level), and tries first the
//! liberties that make it safe and the move that last defended at the same level (a killer move). Depth limits follow
//! GNU Go's defaults: strings with four liberties count as safe beyond `fourlib_depth`, with three beyond `depth`
//! (which leaves ladders), and the extra move kinds stop at their own depths. Ko uses GNU Go's komaster scheme 5: a
//! forbidden ko capture may be made "conditionally" (as if after a ko threat) and makes the player komaster; winning
//! only that way gives [`ReadResult::KoB`], and winning against an opponent who could only succeed that way gives
//! [`ReadResult::KoA`]; such a forbidden capture is tried only while no other move has succeeded. Each
//! query is bounded by a node limit; when it runs out the string counts as safe, so answers stay deterministic. The
//! cache is a fixed table allocated once; it is keyed by position and not by depth, and a result stands in for a
//! read with as many or fewer moves left before `depth` (a shallower one only suggests its move first), so the
//! same position reached at different depths is read once (GNU Go's `tt_get` with its remaining depth).
//!
//! Cut-offs that keep the trees near GNU Go's size (counted against `c19b`-like corner fights, where the tree was
//! 10-1000 times larger): the defender stops at once with a "fast defence" (a liberty giving enough liberties to
//! count as safe, or capturing a neighbour in atari that gives as many); from `branch_depth` on neither side
//! branches against three liberties or more; ladders more than [`PLAIN_LADDER`] moves beyond `depth` are read
//! plainly; and crawling along the first line under a strong wall with no friend ahead is not tried. The node
//! counter counts every node visited, cache hits too (GNU Go's counts only the nodes expanded), so the budgets
//! of the owl, connection and break-in searches that call the reader bound the same work as before.
//!
//! A string in atari is captured at once unless the capture is only a ko or runs into a snapback; then
//! the attacker also tries to take liberties from the defender's strings around the capturing point. A
//! defender in atari also counter-ataris, and a single stone whose capture would be a ko first gives the
//! point of its liberty more room (GNU Go's backfilling in `defend1`). Setting `GO_READ_TRACE` prints
//! every move tried with its result to standard error (for debugging the reader).

use crate::analysis::candidates::Scored;
use crate::analysis::read_result::ReadResult::{self, KoA, KoB, Lose, Win};
use crate::analysis::sgf_trace;
use crate::rules::board::{Board, TryBoard};
use crate::rules::stone::{Color, Point, ARRAY};
use crate::rules::zobrist;
use std::cell::Cell;

/// A result obtained through a forbidden ko capture needs a ko threat first.
#[inline]
fn through_ko(code: ReadResult) -> ReadResult {
    if code == Lose {
        Lose
    } else {
        KoB
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

/// The komaster state after `color` captures a ko whose point is now `new` (GNU Go's scheme 5), or
/// `None` when the state forbids it. One rule for both kinds of ko capture: a `conditional` one (a
/// forbidden capture, as if after a ko threat) makes `color` komaster; a legal one only answers a ko
/// (`old_ko`, the ko point before the move) and makes the state weak. A komaster may go on only with
/// nested kos; a capture by the other side makes the state gray, where no further ko is taken.
fn ko_capture_transition(
    saved: KoState,
    color: Color,
    new: Point,
    conditional: bool,
    old_ko: Option<Point>,
) -> Option<KoState> {
    match saved.km {
        Komaster::Master(c) if c == color => nested(saved.pos, new).then_some(KoState { km: saved.km, pos: new }),
        Komaster::Master(c) => Some(KoState { km: Komaster::Gray(c), pos: saved.pos }),
        Komaster::Gray(_) => None,
        Komaster::Empty | Komaster::Weak if conditional => Some(KoState { km: Komaster::Master(color), pos: new }),
        Komaster::Empty => Some(old_ko.map_or(saved, |k| KoState { km: Komaster::Weak, pos: k })),
        Komaster::Weak => {
            nested(saved.pos, new).then(|| KoState { km: Komaster::Weak, pos: old_ko.unwrap_or(saved.pos) })
        }
    }
}

/// Whether the ko captured at `new` is nested in the one at `old` (diagonal neighbours).
#[inline]
fn nested(old: Point, new: Point) -> bool {
    let d = (i32::from(old) - i32::from(new)).abs();
    let s = crate::rules::stone::STRIDE as i32;
    d == s - 1 || d == s + 1
}

/// log2 of the cache's entries. An entry is one `u64`: the key's low `64 - CACHE_BITS` bits (its high
/// bits are the entry's index, so the whole key is compared), then the result code (4 bits) and the
/// move (the rest). Half the size of a key and a result side by side, and a zeroed table (every
/// query of the reading benchmark starts with a fresh one) is free from the allocator.
const CACHE_BITS: u32 = 16;
const TAG_BITS: u32 = 46;
const TAG_MASK: u64 = (1 << TAG_BITS) - 1;
const REM_SHIFT: u32 = TAG_BITS + 2;
const MOVE_SHIFT: u32 = REM_SHIFT + 6;
const _: () = assert!(ARRAY <= 1 << (64 - MOVE_SHIFT), "the move must fit above the depth");
const _: () = assert!(TAG_BITS + CACHE_BITS <= 64);
/// The results by their place in the order (`ReadResult as u64`), as a cache entry stores them.
const CACHED: [ReadResult; 4] = [Lose, KoB, KoA, Win];
const MAX_CAND: usize = 64;
/// Beyond `depth` plus this many moves, ladders are read plainly: the attacker plays only the two
/// liberties and the defender only extends or captures (GNU Go's `simple_ladder`).
const PLAIN_LADDER: usize = 10;

/// A fixed-capacity list of candidate moves (no allocation per node), priorities merged by max.
type Cands = Scored<MAX_CAND>;

/// A small fixed set of points (liberties, string heads).
#[derive(Clone, Copy)]
struct Set<const N: usize> {
    p: [Point; N],
    n: usize,
}

/// Whether `q` is in `s`: the lists are short, and an inlined loop beats the library call here (the
/// reader's move generators test membership at every step).
#[inline(always)]
fn has(s: &[Point], q: Point) -> bool {
    for &x in s {
        if x == q {
            return true;
        }
    }
    false
}

impl<const N: usize> Set<N> {
    fn new() -> Self {
        Set { p: [0; N], n: 0 }
    }
    #[inline]
    fn push(&mut self, q: Point) -> bool {
        if self.n < N && !has(&self.p[..self.n], q) {
            self.p[self.n] = q;
            self.n += 1;
            true
        } else {
            false
        }
    }
    #[inline]
    fn contains(&self, q: Point) -> bool {
        has(&self.p[..self.n], q)
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

/// Heads of the strings of colour `c` adjacent to the string at `s` with `minlib..=maxlib` liberties.
fn neighbours(b: &Board, s: Point, c: Color, minlib: usize, maxlib: usize) -> Set<24> {
    let mut out = Set::new();
    b.for_each_adjacent(s, c, |h, l| {
        if l >= minlib && l <= maxlib {
            out.push(h);
        }
    });
    out
}

/// The strings of one colour next to one string, each once in walking order with its liberties: the
/// move generators ask [`neighbours`] of the string read several times per node with different ranges,
/// and one walk answers them all.
struct Adjacent {
    heads: [Point; ADJ_MAX],
    libs: [u16; ADJ_MAX],
    n: usize,
    /// More strings than fit: every question goes to [`neighbours`] itself.
    overflow: bool,
    s: Point,
    c: Color,
}

const ADJ_MAX: usize = 48;

impl Adjacent {
    fn new(b: &Board, s: Point, c: Color) -> Self {
        let mut a = Adjacent { heads: [0; ADJ_MAX], libs: [0; ADJ_MAX], n: 0, overflow: false, s, c };
        b.for_each_adjacent(s, c, |h, l| {
            if !has(&a.heads[..a.n], h) {
                if a.n == ADJ_MAX {
                    a.overflow = true;
                } else {
                    a.heads[a.n] = h;
                    a.libs[a.n] = l as u16;
                    a.n += 1;
                }
            }
        });
        a
    }

    /// `neighbours(b, s, c, minlib, maxlib)`.
    fn within(&self, b: &Board, minlib: usize, maxlib: usize) -> Set<24> {
        if self.overflow {
            return neighbours(b, self.s, self.c, minlib, maxlib);
        }
        let mut out = Set::new();
        for i in 0..self.n {
            let l = usize::from(self.libs[i]);
            if l >= minlib && l <= maxlib && out.n < 24 {
                out.p[out.n] = self.heads[i];
                out.n += 1;
            }
        }
        out
    }
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

/// [`LibView::approx`] of the reading board, remembered per point and colour: a node's move generators
/// ask about the same points many times (about half of the questions are repeats); and the liberties
/// of the short strings it looks at, which many points share. Each entry carries the generation of the
/// position it was computed in and every change of the board starts a new generation, so an entry is
/// never stale.
struct LibMemo {
    /// The current generation, `1..GEN_LIMIT` (0 marks the empty entries).
    gen: u32,
    /// Per point and colour: generation << 4 | liberties.
    cells: Box<[Cell<u32>]>,
    /// Per string head: its liberties, when it has at most eight.
    strings: Box<[Cell<StringLibs>]>,
}

#[derive(Clone, Copy, Default)]
struct StringLibs {
    gen: u32,
    n: u8,
    libs: [Point; 8],
}

/// Generations fit in the 28 bits above the 4 of the count.
const GEN_LIMIT: u32 = 1 << 28;

impl LibMemo {
    fn new() -> Self {
        LibMemo {
            gen: 1,
            cells: (0..2 * ARRAY).map(|_| Cell::new(0)).collect(),
            strings: (0..ARRAY).map(|_| Cell::new(StringLibs::default())).collect(),
        }
    }

    /// The board changed: every entry is now stale.
    #[inline]
    fn next_generation(&mut self) {
        self.gen += 1;
        if self.gen == GEN_LIMIT {
            self.cells.iter().for_each(|c| c.set(0));
            self.strings.iter().for_each(|c| c.set(StringLibs::default()));
            self.gen = 1;
        }
    }
}

/// Liberty estimates through the memo of the current position (a copyable view for the move
/// generators).
#[derive(Clone, Copy)]
struct LibView<'a> {
    b: &'a Board,
    cells: &'a [Cell<u32>],
    strings: &'a [Cell<StringLibs>],
    gen: u32,
}

impl LibView<'_> {
    /// Liberties a stone of `color` on empty `p` would have (up to 8), counting the stones it captures
    /// next to it as freed points: the count of [`approx_lib_set`], capped.
    #[inline]
    fn approx(&self, p: Point, color: Color) -> usize {
        let cell = &self.cells[2 * usize::from(p) + color.index()];
        let v = cell.get();
        if v >> 4 == self.gen {
            return (v & 15) as usize;
        }
        let n = self.count(p, color);
        cell.set(self.gen << 4 | n as u32);
        n
    }

    fn count(&self, p: Point, color: Color) -> usize {
        let b = self.b;
        let mut seen = Set::<8>::new();
        let mut done = [0 as Point; 4];
        let mut nd = 0;
        for q in Board::neighbors(p) {
            if b.is_empty(q) {
                seen.push(q);
            } else if b.color(q) == Some(color) {
                let h = b.string_id(q);
                if b.liberties(q) <= 8 {
                    // All of a short string's liberties were met the first time.
                    if has(&done[..nd], h) {
                        continue;
                    }
                    done[nd] = h;
                    nd += 1;
                    let sl = self.short_libs(h);
                    for &x in &sl.libs[..usize::from(sl.n)] {
                        if x != p {
                            seen.push(x);
                        }
                    }
                } else {
                    // A long string's first eight depend on the stone the walk starts from (as in
                    // the set), so it is walked from `q` each time.
                    let mut ls = [0 as Point; 8];
                    let k = b.liberties_into(q, &mut ls);
                    for &x in &ls[..k] {
                        if x != p {
                            seen.push(x);
                        }
                    }
                }
            } else if b.color(q) == Some(color.opponent()) && b.liberties(q) == 1 {
                seen.push(q);
            }
            if seen.n == 8 {
                return 8;
            }
        }
        seen.n
    }

    /// The liberties of the string with head `h`, which has at most eight.
    #[inline]
    fn short_libs(&self, h: Point) -> StringLibs {
        let cell = &self.strings[usize::from(h)];
        let mut sl = cell.get();
        if sl.gen != self.gen {
            sl.gen = self.gen;
            sl.n = self.b.liberties_into(h, &mut sl.libs) as u8;
            cell.set(sl);
        }
        sl
    }
}

/// [`LibView::approx`] when the opponent has just played on `x`.
fn approx_libs_without(b: &Board, p: Point, color: Color, x: Point) -> usize {
    let seen = approx_lib_set(b, p, color);
    seen.n - usize::from(seen.contains(x))
}

/// Whether a move of `color` on `p` captures exactly one stone and leaves the new stone with no
/// other liberty (a ko capture, if the point of the captured stone could be retaken).
pub(crate) fn is_ko_capture(b: &Board, p: Point, color: Color) -> bool {
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
    cache: Vec<u64>,
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
    /// The move played at each level of the reading stack (a fixed array: no allocation per node).
    moves: [Point; MAX_STACK],
    /// The move that led to the root position, when the caller knows it.
    pub root_last: Option<Point>,
    /// Liberty estimates of the current position.
    memo: LibMemo,
    /// The last successful defence at each level of the stack in this query.
    killers: [Point; MAX_STACK],
}

/// Levels of the reading stack whose moves are remembered (deeper lines are ladders, where the last
/// move is not needed).
const MAX_STACK: usize = 128;

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
            cache: vec![0; 1 << CACHE_BITS],
            nodes: 0,
            query_nodes: 0,
            limits: Limits::default(),
            ko: KoState::EMPTY,
            ladder_only: false,
            depth_offset: 0,
            trace: std::env::var_os("GO_READ_TRACE").is_some(),
            moves: [0; MAX_STACK],
            root_last: None,
            memo: LibMemo::new(),
            killers: [0; MAX_STACK],
        }
    }

    /// Reads from `board` from now on (the cache stays valid: it is keyed by position).
    pub fn set_board(&mut self, board: &Board) {
        self.t.reset(board);
        self.memo.next_generation();
    }

    fn lib_view(&self) -> LibView<'_> {
        LibView { b: self.t.board(), cells: &self.memo.cells, strings: &self.memo.strings, gen: self.memo.gen }
    }

    /// Takes back the last move on the reading board.
    fn pop(&mut self) -> bool {
        self.memo.next_generation();
        sgf_trace::pop();
        self.t.popgo()
    }

    /// The position read from.
    pub fn board(&self) -> &Board {
        self.t.board()
    }

    /// Plays a move on the reading board (for searches built on the reader, like connections).
    pub fn trymove(&mut self, p: Point, c: Color) -> bool {
        self.play(p, c, false)
    }

    /// Plays on the reading board (a forbidden ko capture too when `ko`) and remembers the move.
    pub(crate) fn play(&mut self, p: Point, c: Color, ko: bool) -> bool {
        let ok = if ko { self.t.tryko(p, c) } else { self.t.trymove(p, c) };
        if ok {
            sgf_trace::push(c, p, ko);
            self.memo.next_generation();
            if let Some(slot) = self.moves.get_mut(self.t.depth() - 1) {
                *slot = p;
            }
        }
        ok
    }

    /// The last move on the reading stack, if it is remembered.
    fn last_move(&self) -> Option<Point> {
        match self.t.depth() {
            0 => self.root_last,
            d => (d <= MAX_STACK).then(|| self.moves[d - 1]),
        }
    }

    /// Takes back the last [`Reader::trymove`].
    pub fn popgo(&mut self) -> bool {
        self.pop()
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
        self.cache.iter_mut().for_each(|e| *e = 0);
    }

    fn key(&self, kind: Kind, s: Point) -> u64 {
        let b = self.t.board();
        let mut h = b.hash() ^ (u64::from(s) << 40) ^ ((kind as u64) << 56);
        if let Some((k, c)) = b.ko() {
            h ^= zobrist::stone(c, k).rotate_left(17);
        }
        h ^= self.ko.code().wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^= u64::from(self.ladder_only) << 62;
        // Not the depth itself: a result read with more moves to go serves shallower needs too (see
        // `lookup`); but the limits it was read under.
        h ^= (self.limits.depth as u64) << 32;
        h.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1
    }

    /// Moves left before the reading depth (0 beyond it), as the cache compares them.
    fn remaining(&self) -> u64 {
        ((self.limits.depth + 1).saturating_sub(self.depth()) as u64).min(63)
    }

    /// The cached result of `key` when it was read at least as deep as the current depth would; else
    /// the move it found (0 for none), as a hint for the move order.
    fn lookup(&self, key: u64) -> Result<(ReadResult, Point), Point> {
        // Keys are odd, so an empty (zero) entry never matches.
        let e = self.cache[(key >> (64 - CACHE_BITS)) as usize];
        if e & TAG_MASK != key & TAG_MASK {
            return Err(0);
        }
        let mv = (e >> MOVE_SHIFT) as Point;
        if (e >> REM_SHIFT) & 63 >= self.remaining() {
            Ok((CACHED[((e >> TAG_BITS) & 3) as usize], mv))
        } else {
            Err(mv)
        }
    }

    fn store(&mut self, key: u64, code: ReadResult, mv: Point) {
        if self.query_nodes <= self.limits.node_limit {
            self.cache[(key >> (64 - CACHE_BITS)) as usize] = key & TAG_MASK
                | (code as u64) << TAG_BITS
                | self.remaining() << REM_SHIFT
                | u64::from(mv) << MOVE_SHIFT;
        }
    }

    fn start_query(&mut self) {
        // Killers are per query, so that an answer does not depend on the queries before it.
        self.killers = [0; MAX_STACK];
        self.query_nodes = 0;
        self.ko = KoState::EMPTY;
    }

    /// Plays `m` for `color` under the komaster rules; a forbidden ko capture is made conditionally when
    /// `conditional` allows it. Returns whether the move was a conditional ko capture and the ko state to
    /// restore after [`TryBoard::popgo`], or `None` when the move may not be played.
    fn komaster_trymove(&mut self, m: Point, color: Color, conditional: bool) -> Option<(bool, KoState)> {
        let saved = self.ko;
        let other = color.opponent();
        // The komaster's opponent may not retake the komaster's ko; a move there that captures more
        // than the ko stone is no retake and stays allowed.
        if saved.km == Komaster::Master(other) && m == saved.pos && is_ko_capture(self.t.board(), m, color) {
            return None;
        }
        let old_ko = self.t.board().ko().map(|(k, _)| k);
        // A forbidden ko capture is made only conditionally (as if after a ko threat).
        let forbidden = self.t.board().ko() == Some((m, color));
        if forbidden
            && (!conditional
                || self.depth() >= self.limits.ko_depth
                || self.ladder_only
                || matches!(saved.km, Komaster::Gray(_)))
        {
            return None;
        }
        if !self.play(m, color, forbidden) {
            return None;
        }
        let b = self.t.board();
        let ko_point = match b.ko() {
            Some((k, _)) => Some(k),
            None if forbidden => Some(m),
            None => None,
        };
        if let Some(new) = ko_point {
            match ko_capture_transition(saved, color, new, forbidden, old_ko) {
                Some(next) => self.ko = next,
                None => {
                    self.pop();
                    return None;
                }
            }
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
        Some((forbidden, saved))
    }

    /// One line of the trace: `what` on the string at `s` by `m` gave `code` (indented by depth).
    fn log(&self, what: &str, s: Point, m: Point, code: ReadResult) {
        if self.trace {
            let b = self.t.board();
            let v = |p: Point| {
                crate::rules::vertex::format_vertex(
                    b,
                    if p == 0 { crate::rules::stone::Move::Pass } else { crate::rules::stone::Move::Play(p) },
                )
            };
            let d = self.t.depth().min(MAX_STACK);
            let line: Vec<String> = self.moves[..d].iter().map(|&p| v(p)).collect();
            eprintln!("{:w$}{what} {} {} -> {code}  [{}]", "", v(s), v(m), line.join(" "), w = 2 * self.t.depth());
        }
    }

    fn undo(&mut self, saved: KoState) {
        self.pop();
        self.ko = saved;
    }

    /// Can the string at `s` be captured? The code and the attacking move.
    pub fn attack(&mut self, s: Point) -> (ReadResult, Option<Point>) {
        if self.t.board().color(s).is_none() {
            return (Lose, None);
        }
        self.start_query();
        self.ladder_only = false;
        let (c, m) = self.do_attack(s);
        (c, (c != Lose).then_some(m).filter(|&m| m != 0))
    }

    /// Can the string at `s` be saved? The code and the defending move (`None` when the string is not
    /// attackable at all, GNU Go's PASS).
    pub fn defend(&mut self, s: Point) -> (ReadResult, Option<Point>) {
        if self.t.board().color(s).is_none() {
            return (Lose, None);
        }
        self.start_query();
        self.ladder_only = false;
        let (c, m) = self.do_defend(s);
        if c == Lose {
            self.start_query();
            if self.do_attack(s).0 == Lose {
                return (Win, None);
            }
        }
        (c, (c != Lose && m != 0).then_some(m))
    }

    /// Attack by ladder only: every attacking move is an atari answered by the single extension or a
    /// capture. `None` when the string does not have exactly two liberties.
    pub fn ladder_attack(&mut self, s: Point) -> Option<(ReadResult, Option<Point>)> {
        if self.t.board().liberties(s) != 2 {
            return None;
        }
        self.start_query();
        self.ladder_only = true;
        let (c, m) = self.do_attack(s);
        self.ladder_only = false;
        Some((c, (c != Lose).then_some(m)))
    }

    /// Whether `mv` (by the opponent of the string) attacks the string at `s`: the code, 0 if not.
    pub fn does_attack(&mut self, mv: Point, s: Point) -> ReadResult {
        let Some(color) = self.t.board().color(s) else { return Lose };
        self.start_query();
        self.ladder_only = false;
        let Some((cond, saved)) = self.komaster_trymove(mv, color.opponent(), true) else { return Lose };
        let code = if self.t.board().color(s).is_none() { Win } else { self.do_defend(s).0.reverse() };
        self.undo(saved);
        if cond {
            through_ko(code)
        } else {
            code
        }
    }

    /// Whether `mv` (by the string's colour) defends the string at `s`: the code, 0 if not.
    pub fn does_defend(&mut self, mv: Point, s: Point) -> ReadResult {
        let Some(color) = self.t.board().color(s) else { return Lose };
        self.start_query();
        self.ladder_only = false;
        // As in GNU Go, a move cannot defend a string that is not under attack.
        if self.do_attack(s).0 == Lose {
            return Lose;
        }
        let Some((cond, saved)) = self.komaster_trymove(mv, color, true) else { return Lose };
        let code = self.do_attack(s).0.reverse();
        self.undo(saved);
        if cond {
            through_ko(code)
        } else {
            code
        }
    }

    /// The defender's candidate moves for the string at `s` (its liberties, captures of the attacking
    /// strings next to it and the like; unverified), appended to `out`.
    pub fn defense_candidates(&self, s: Point, out: &mut Vec<Point>) {
        let Some(color) = self.t.board().color(s) else { return };
        let mut cands = Cands::new();
        self.defense_moves(s, color, &mut cands);
        out.extend_from_slice(&cands.pts[..cands.n]);
    }

    /// Can either of two strings of one colour be captured? (GNU Go's `attack_either`: the code only.)
    pub fn attack_either(&mut self, a: Point, b: Point) -> ReadResult {
        let (x, _) = self.attack(a);
        let (y, _) = self.attack(b);
        let best = x.max(y);
        if best == Win {
            return Win;
        }
        // A move that threatens both (double atari and the like): the defender must save both at once.
        let Some(color) = self.t.board().color(a) else { return best };
        let mut cands = Cands::new();
        self.attack_moves(a, color.opponent(), &mut cands);
        self.attack_moves(b, color.opponent(), &mut cands);
        let mut result = best;
        for i in 0..cands.n {
            let m = cands.pts[i];
            if !self.play(m, color.opponent(), false) {
                continue;
            }
            let code = if self.t.board().color(a).is_none() || self.t.board().color(b).is_none() {
                Win
            } else {
                self.defend_both_here(a, b).reverse()
            };
            self.pop();
            if code > result {
                result = code;
                if code == Win {
                    break;
                }
            }
        }
        result
    }

    /// Can both strings be saved with one move? (GNU Go's `defend_both`: the code only.)
    pub fn defend_both(&mut self, a: Point, b: Point) -> ReadResult {
        self.start_query();
        self.defend_both_here(a, b)
    }

    fn defend_both_here(&mut self, a: Point, b: Point) -> ReadResult {
        let Some(color) = self.t.board().color(a) else { return Lose };
        let (x, _) = self.do_attack(a);
        let (y, _) = self.do_attack(b);
        if x == Lose && y == Lose {
            return Win;
        }
        let mut cands = Cands::new();
        self.defense_moves(a, color, &mut cands);
        self.defense_moves(b, color, &mut cands);
        let mut best = Lose;
        for i in 0..cands.n {
            let m = cands.pts[i];
            if !self.play(m, color, false) {
                continue;
            }
            let ra = self.do_attack(a).0.reverse();
            let rb = if ra == Lose { Lose } else { self.do_attack(b).0.reverse() };
            self.pop();
            let r = ra.min(rb);
            if r > best {
                best = r;
                if r == Win {
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
        let lv = self.lib_view();
        let color = b.color(s).expect("a stone");
        let mut ss = Set::<8>::new();
        ss.push(b.string_id(s));
        let mut looked = [0u64; ARRAY.div_ceil(64)];
        let mut i = 0;
        while i < ss.n {
            let h = ss.p[i];
            i += 1;
            for st in b.string_stones(h) {
                for l in Board::neighbors(st) {
                    // A liberty next to several stones links the same strings each time.
                    if !b.is_empty(l) || !mark(&mut looked, l) {
                        continue;
                    }
                    // Through a liberty the opponent cannot play without self-atari.
                    if lv.approx(l, color.opponent()) <= 1 && captures_at(b, l, color.opponent()) == 0 {
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
        let lv = self.lib_view();
        let defender = attacker.opponent();
        let libs = libs_of(b, s);
        let n = libs.n;
        let depth = self.depth();
        let lim = &self.limits;
        for &l in libs.as_slice() {
            let al = lv.approx(l, attacker) as i32;
            // More liberties for our stone; and the liberty where the defender would gain most is its
            // way out, so block that one first (GNU Go's move order).
            let dl = lv.approx(l, defender) as i32;
            let cap = captures_at(b, l, attacker) as i32;
            let sc = 20 + 4 * al.min(4) + dl + if al <= 1 && cap == 0 { -15 } else { 0 } + 10 * cap;
            c.add_max(l, sc);
        }
        if self.ladder_only {
            return;
        }
        let adj = Adjacent::new(b, s, attacker);
        // Save own neighbouring strings in atari (else the defender captures them and escapes).
        let atari = adj.within(b, 1, 1);
        for &h in atari.as_slice() {
            let mut one = [0 as Point; 1];
            b.liberties_into(h, &mut one);
            if lv.approx(one[0], attacker) > 1 {
                c.add_max(one[0], 25);
            }
            // Or capture a defender string that holds it in atari.
            for &d in neighbours(b, h, defender, 1, 1).as_slice() {
                let mut one = [0 as Point; 1];
                b.liberties_into(d, &mut one);
                c.add_max(one[0], 30);
            }
        }
        // Where the defender's move would put two of our boundary strings in atari at once, one of them
        // is lost and the string escapes through it: occupy that point first.
        if depth <= lim.depth {
            let short = adj.within(b, 2, 2);
            for &h in short.as_slice() {
                for &x in libs_of(b, h).as_slice() {
                    let mut ataried = 0;
                    for q in Board::neighbors(x) {
                        if b.color(q) == Some(attacker) && b.liberties(q) == 2 && b.string_id(q) != h {
                            ataried += 1;
                        }
                    }
                    if ataried > 0 && lv.approx(x, attacker) > 1 {
                        c.add_max(x, 4);
                    }
                }
            }
        }
        // A liberty of a short boundary string that captures: the boundary gains liberties.
        if depth <= lim.depth {
            for &h in adj.within(b, 1, 2).as_slice() {
                for &x in libs_of(b, h).as_slice() {
                    if captures_at(b, x, attacker) > 0 {
                        c.add_max(x, 10);
                    }
                }
            }
        }
        // Our neighbours as short of liberties as the string gain some by capturing defender strings in
        // atari next to them (else the defender wins the race). Only near the root: deeper it widens
        // the tree more than it finds.
        if n <= 2 && depth <= 3 {
            for &h in adj.within(b, 2, 2).as_slice() {
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
                if lv.approx(l, attacker) <= 1 && captures_at(b, l, attacker) == 0 {
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
                        let al = lv.approx(q, attacker) as i32;
                        c.add_max(q, al.min(4) - if al <= 1 { 12 } else { 0 });
                    }
                }
            }
            if n == 2 {
                for st in b.string_stones(s) {
                    for d in Board::diagonals(st) {
                        if usize::from(d) < ARRAY && b.is_empty(d) && !libs.contains(d) {
                            let al = lv.approx(d, attacker) as i32;
                            c.add_max(d, -1 + al.min(3) - if al <= 1 { 12 } else { 0 });
                        }
                    }
                }
            }
        }
        // Superstring: filling the liberties of strings that would connect to the target. Not against
        // three liberties: there it multiplies the tree (a fifth of the nodes of the reading benchmark)
        // and finds nothing the liberties and nets do not.
        if depth <= lim.superstring_depth && n <= 2 {
            let ss = self.superstring(s);
            for &h in &ss.as_slice()[1..] {
                for &l in libs_of(b, h).as_slice() {
                    let al = lv.approx(l, attacker) as i32;
                    c.add_max(l, 2 + al.min(3) - if al <= 1 { 12 } else { 0 });
                }
            }
        }
    }

    /// Defender's candidate moves for the string at `s`, scored for ordering.
    fn defense_moves(&self, s: Point, defender: Color, c: &mut Cands) {
        let b = self.t.board();
        let lv = self.lib_view();
        let attacker = defender.opponent();
        let adj = Adjacent::new(b, s, attacker);
        let libs = libs_of(b, s);
        let n = libs.n;
        let depth = self.depth();
        let lim = &self.limits;
        // Capture adjacent attacking strings in atari.
        for &h in adj.within(b, 1, 1).as_slice() {
            let mut one = [0 as Point; 1];
            b.liberties_into(h, &mut one);
            c.add_max(one[0], 40 + 2 * b.string_size(h).min(10) as i32);
        }
        for &l in libs.as_slice() {
            let after = lv.approx(l, defender) as i32;
            let cap = captures_at(b, l, defender) as i32;
            c.add_max(l, 10 + 6 * after + if after <= 1 && cap == 0 { -20 } else { 0 });
        }
        // Far beyond the reading depth a ladder is plain: the liberty and the captures only.
        if self.ladder_only || depth > lim.depth + PLAIN_LADDER {
            return;
        }
        capture_last_move(b, self.last_move(), s, attacker, c);
        // A friendly string in atari next to one of our liberties: its capture takes that liberty with
        // gain, so save it by capturing an attacker that holds it in atari.
        if depth <= lim.break_chain_depth {
            let sid = b.string_id(s);
            for &l in libs.as_slice() {
                for q in Board::neighbors(l) {
                    if b.color(q) == Some(defender) && b.string_id(q) != sid && b.liberties(q) == 1 {
                        for &a in neighbours(b, q, attacker, 1, 1).as_slice() {
                            if let Some(x) = b.first_liberty(a) {
                                c.add_max(x, 10);
                            }
                        }
                    }
                }
            }
        }
        if n == 1 {
            let l = libs.p[0];
            // A single stone whose capture is a ko: give the stone on the liberty more room first
            // (GNU Go's backfilling in defend1), so that the ko is fought under better terms.
            if depth <= lim.backfill_depth && b.string_size(s) == 1 && is_ko_capture(b, l, attacker) {
                let room = approx_lib_set(b, l, defender);
                if room.n <= 5 {
                    for &x in room.as_slice() {
                        if room.n == 1 || lv.approx(x, attacker) > 1 {
                            c.add_max(x, 2);
                        }
                    }
                }
            }
            // Counter-atari on a neighbour with two liberties: its capture of the string may be a ko
            // or come too late.
            if depth <= lim.break_chain_depth {
                for &h in adj.within(b, 2, 2).as_slice() {
                    let hl = libs_of(b, h);
                    for &x in hl.as_slice() {
                        let al = lv.approx(x, defender) as i32;
                        c.add_max(x, 4 + al.min(4) - if al <= 1 { 10 } else { 0 });
                    }
                    unblock_self_atari(b, lv, h, &hl, defender, c);
                }
            }
            return;
        }
        // Counter-atari: neighbours with two liberties (three when short of liberties).
        let max2 = if depth <= lim.break_chain_depth { 2 } else { 0 };
        let max3 = if n <= 2 && depth <= lim.backfill_depth { 3 } else { max2 };
        for &h in adj.within(b, 2, max3.max(2)).as_slice() {
            let hl = libs_of(b, h);
            let shares = hl.as_slice().iter().any(|&x| libs.contains(x));
            // Deeper, only ataris that chase the neighbour in a ladder (its extension gets two liberties
            // at most) or that also take a shared liberty.
            let chase = || {
                let (x, y) = (hl.p[0], hl.p[1]);
                approx_libs_without(b, y, attacker, x) <= 2 || approx_libs_without(b, x, attacker, y) <= 2
            };
            if hl.n == 2 && (depth <= lim.break_chain_depth || shares || chase()) {
                for (i, &x) in hl.as_slice().iter().enumerate() {
                    let al = lv.approx(x, defender) as i32;
                    // An atari the neighbour cannot escape (its extension gets two liberties at most)
                    // usually saves the string, the more so the bigger the neighbour: try it before the
                    // plain extensions (GNU Go's "efficient" chain breaking and its atari bonus). Not
                    // where only the first defence is tried.
                    let y = hl.p[1 - i];
                    if al > 1 && depth < lim.branch_depth && approx_libs_without(b, y, attacker, x) <= 2 {
                        c.add_max(x, 24 + al.min(4) + b.string_size(h).min(6) as i32);
                    }
                    c.add_max(x, 8 + al.min(4) - if al <= 1 { 10 } else { 0 });
                }
                if depth <= lim.break_chain_depth {
                    unblock_self_atari(b, lv, h, &hl, defender, c);
                }
            } else if hl.n == 3 && max3 == 3 {
                for &x in hl.as_slice() {
                    c.add_max(x, 1);
                }
            }
        }
        // A point shared by two short boundary strings shortens both at once (often a double threat).
        if depth <= lim.break_chain_depth {
            let around = adj.within(b, 2, 3);
            for &h in around.as_slice() {
                for &x in libs_of(b, h).as_slice() {
                    let shared = around.as_slice().iter().any(|&g| g != h && libs_of(b, g).contains(x));
                    if shared && !libs.contains(x) && lv.approx(x, defender) > 1 {
                        c.add_max(x, 5);
                    }
                }
            }
        }
        // A liberty race: a neighbour with three or four liberties that shares liberties with the string
        // is shortened from outside (its own liberties that are not ours).
        if (2..=3).contains(&n) && depth <= lim.backfill_depth {
            for &h in adj.within(b, 3, 4).as_slice() {
                let hl = libs_of(b, h);
                if !hl.as_slice().iter().any(|&x| libs.contains(x)) {
                    continue;
                }
                for &x in hl.as_slice() {
                    if !libs.contains(x) {
                        let al = lv.approx(x, defender) as i32;
                        c.add_max(x, 2 + al.min(4) - if al <= 1 { 12 } else { 0 });
                    }
                }
            }
        }
        if depth > lim.depth {
            return;
        }
        // With four liberties, the point next to two or more of them is the shape point that keeps them.
        if n == 4 {
            vital_points(b, lv, &libs, defender, c);
        }
        // Second-order liberties: hanging connections and jumps; with three liberties only near the root
        // (as the counter-ataris), where they are needed: deeper they only widen the tree.
        if n == 2 || (n == 3 && depth < lim.break_chain_depth) {
            for &l in libs.as_slice() {
                for q in Board::neighbors(l) {
                    if b.is_empty(q) && !libs.contains(q) {
                        let al = lv.approx(q, defender) as i32;
                        c.add_max(q, al.min(4) - 2 - if al <= 1 { 12 } else { 0 });
                    }
                }
            }
        }
        // Backfilling: where extending is self-atari, take a liberty from the attacker first.
        if depth <= lim.backfill_depth {
            for &l in libs.as_slice() {
                if lv.approx(l, defender) <= 1 {
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
                    let al = lv.approx(l, defender) as i32;
                    c.add_max(l, al.min(4) - 4);
                }
                // Counter-attack the attackers next to the superstring (they may be short of liberties
                // themselves once they have approached).
                for &a in neighbours(b, h, attacker, 2, 3).as_slice() {
                    for &x in libs_of(b, a).as_slice() {
                        let al = lv.approx(x, defender) as i32;
                        c.add_max(x, -2 + al.min(3) - if al <= 1 { 10 } else { 0 });
                    }
                }
            }
        }
    }

    /// Whether a string with `libs` liberties counts as safe without reading at this depth.
    fn safe_by_liberties(&self, libs: usize) -> bool {
        self.safe_at(libs, self.depth())
    }

    /// [`Reader::safe_by_liberties`] at depth `d`.
    fn safe_at(&self, libs: usize, d: usize) -> bool {
        libs >= 5
            || (libs == 4 && (d > self.limits.fourlib_depth || self.ladder_only))
            || (libs == 3 && (d > self.limits.depth || self.ladder_only))
            || d > self.limits.ladder_depth
    }

    /// Raises the defences most likely to succeed to the front, since a defence node ends at its first
    /// success and most of the tree is defences refuting attacks that fail: first a liberty after which
    /// the string has enough liberties to count as safe (its attack is then a single node), then the
    /// move that last defended at this level of the stack (a killer move: the sibling attacks are
    /// mostly answered alike). Halves the nodes of the reading benchmark.
    fn order_defenses(&self, s: Point, defender: Color, level: usize, cands: &mut Cands) {
        let b = self.t.board();
        let lv = self.lib_view();
        let sid = b.string_id(s);
        let next = self.depth() + 1;
        let killer = self.killers[level];
        for i in 0..cands.n {
            let m = cands.pts[i];
            // On a liberty the estimate is the new string's liberties, less any freed beyond the
            // captured stones next to `m`: never more than it gets.
            if Board::neighbors(m).iter().any(|&q| b.color(q) == Some(defender) && b.string_id(q) == sid)
                && self.safe_at(lv.approx(m, defender), next)
            {
                cands.score[i] += 100;
            }
            if m == killer {
                cands.score[i] += 50;
            }
        }
    }

    /// [`Self::read_attack`], its result written on the SGF trace when one is recorded.
    #[inline]
    fn do_attack(&mut self, s: Point) -> (ReadResult, Point) {
        let r = self.read_attack(s);
        if sgf_trace::on() {
            sgf_trace::note("attack", self.t.board().liberties(s), s, r.0, r.1);
        }
        r
    }

    fn read_attack(&mut self, s: Point) -> (ReadResult, Point) {
        let b = self.t.board();
        let Some(color) = b.color(s) else { return (Win, 0) };
        let attacker = color.opponent();
        let libs = b.liberties(s);
        if self.safe_by_liberties(libs) {
            return (Lose, 0);
        }
        let depth = self.depth();
        let beyond = depth > self.limits.depth;
        if self.out_of_budget() {
            return (Lose, 0);
        }
        // One liberty: take it, unless that is only a ko or runs into a snapback; then look for better.
        let direct = if libs == 1 { Some(self.attack1(s, attacker)) } else { None };
        if let Some(d) = direct {
            if d.0 == Win || self.ladder_only || self.depth() > self.limits.backfill_depth {
                return d;
            }
        }
        let key = self.key(Kind::Attack, s);
        let hint = match self.lookup(key) {
            Ok(r) => return r,
            Err(m) => m,
        };
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
        // The move a shallower read of this position found comes first.
        bump(&mut cands, hint, 50);
        // Beyond the reading depth only ataris are tried (ladders).
        let ladder = self.ladder_only || beyond;
        // Far beyond it only the two liberties (a plain ladder).
        if libs == 2 && depth > self.limits.depth + PLAIN_LADDER {
            let ls = libs_of(self.t.board(), s);
            let mut kept = 0;
            for i in 0..cands.n {
                if ls.contains(cands.pts[i]) {
                    cands.pts[kept] = cands.pts[i];
                    cands.score[kept] = cands.score[i];
                    kept += 1;
                }
            }
            cands.n = kept;
        }
        cands.sort_descending();
        // From branch_depth on no branching against three liberties: the best move only.
        if libs >= 3 && depth >= self.limits.branch_depth {
            cands.n = cands.n.min(1);
        }
        let mut best = direct.unwrap_or((Lose, 0));
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
            // A forbidden ko capture (after a ko threat) only while nothing better is found.
            let Some((cond, saved)) = self.komaster_trymove(m, attacker, best.0 == Lose) else { continue };
            let b = self.t.board();
            let code = if b.color(s).is_none() {
                Win
            } else if ladder && b.liberties(s) != 1 && !rescue {
                Lose
            } else if b.liberties(m) == 1 && b.liberties(s) > 1 && b.string_size(m) > 1 {
                // Putting several own stones into atari while the target keeps two liberties: the
                // defender captures them (a throw-in is a single stone and is read normally).
                Lose
            } else {
                // As in GNU Go, the attack must also work if the defender ignores it (tenuki): otherwise
                // the string was never in danger from this move.
                let dcode = self.do_defend(s).0;
                if dcode.reverse() > best.0 && dcode != Win && self.do_attack(s).0 == Lose {
                    Lose
                } else {
                    dcode.reverse()
                }
            };
            self.undo(saved);
            let code = if cond { through_ko(code) } else { code };
            self.log("attack", s, m, code);
            if code > best.0 {
                best = (code, m);
                if code == Win {
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
        let lv = self.lib_view();
        let defender = attacker.opponent();
        let Some(l) = b.first_liberty(s) else { return };
        let id = b.string_id(s);
        let mut seen = Set::<4>::new();
        for q in Board::neighbors(l) {
            if b.color(q) == Some(defender) && b.string_id(q) != id && b.liberties(q) <= 3 && seen.push(b.string_id(q))
            {
                for &x in libs_of(b, q).as_slice() {
                    let al = lv.approx(x, attacker) as i32;
                    // A self-atari there is simply captured.
                    if x != l && (al >= 2 || captures_at(b, x, attacker) > 0) {
                        c.add_max(x, 6 + al.min(4));
                    }
                }
            }
        }
    }

    /// The string has one liberty: capture it there. [`Win`] when the capturing string keeps two
    /// liberties, [`KoA`] when the defender may take back a single stone (ko), [`Lose`] when the capture
    /// is answered by a bigger recapture (snapback).
    fn attack1(&mut self, s: Point, attacker: Color) -> (ReadResult, Point) {
        let b = self.t.board();
        let mut one = [0 as Point; 1];
        b.liberties_into(s, &mut one);
        let l = one[0];
        let size = b.string_size(s);
        let Some((cond, saved)) = self.komaster_trymove(l, attacker, true) else { return (Lose, 0) };
        let after = self.t.board();
        let code = if size > 1 || after.liberties(l) >= 2 {
            Win
        } else if after.string_size(l) == 1 {
            // Capturing a single stone as a ko: the defender may take back after a ko threat.
            KoA
        } else {
            Lose
        };
        self.undo(saved);
        let code = if cond { through_ko(code) } else { code };
        self.log("attack1", s, l, code);
        (code, if code == Lose { 0 } else { l })
    }

    /// Crawling along the first line under a wall of more than four liberties gains nothing unless a
    /// friendly stone waits on the first two lines ahead: such liberties are no defence (GNU Go's
    /// `propose_edge_moves`, case 1).
    fn drop_hopeless_crawls(&self, s: Point, defender: Color, cands: &mut Cands) {
        let b = self.t.board();
        let attacker = defender.opponent();
        let s_ = crate::rules::stone::STRIDE as i32;
        for &l in libs_of(b, s).as_slice() {
            let mut hopeless = false;
            for (k, up) in [-s_, -1, 1, s_].into_iter().enumerate() {
                let below = (i32::from(l) - up) as Point;
                if b.on_board(below) {
                    continue;
                }
                let above = (i32::from(l) + up) as Point;
                if b.color(above) != Some(attacker) || b.liberties(above) <= 4 {
                    continue;
                }
                let side = if k == 0 || k == 3 { 1 } else { s_ };
                for right in [side, -side] {
                    let mut x = i32::from(l);
                    loop {
                        let p = x as Point;
                        if !b.on_board(p) {
                            hopeless = true;
                            break;
                        }
                        if b.color(p) == Some(defender) || b.color((x + up) as Point) == Some(defender) {
                            break;
                        }
                        x += right;
                    }
                }
            }
            if hopeless {
                if let Some(i) = cands.pts[..cands.n].iter().position(|&q| q == l) {
                    for j in i..cands.n - 1 {
                        cands.pts[j] = cands.pts[j + 1];
                        cands.score[j] = cands.score[j + 1];
                    }
                    cands.n -= 1;
                }
            }
        }
    }

    /// A defence too plain to read (GNU Go's "fast defence"): a liberty where the string gets enough
    /// liberties to count as safe, or the capture of a neighbour in atari whose stones and surrounding
    /// liberties give it as many. Captures that are kos, and captures on the string's own last
    /// liberty (snapbacks, "under the stones"), are left to the search.
    fn fast_defense(&self, s: Point, defender: Color) -> Option<Point> {
        let b = self.t.board();
        let lv = self.lib_view();
        let goal = if self.depth() < self.limits.fourlib_depth { 5 } else { 4 };
        let libs = libs_of(b, s);
        let forbidden = |p: Point| b.ko() == Some((p, defender));
        for &l in libs.as_slice() {
            if !forbidden(l) && lv.approx(l, defender) >= goal {
                return Some(l);
            }
        }
        let attacker = defender.opponent();
        let sid = b.string_id(s);
        let mut lunches = Set::<24>::new();
        b.for_each_adjacent(s, attacker, |h, l| {
            if l == 1 {
                lunches.push(h);
            }
        });
        let missing = goal.saturating_sub(libs.n);
        for &h in lunches.as_slice() {
            let Some(x) = b.first_liberty(h) else { continue };
            if forbidden(x) || is_ko_capture(b, x, defender) || (libs.n == 1 && libs.contains(x)) {
                continue;
            }
            // Stones of the lunch next to the string: each becomes a liberty.
            let touching = b
                .string_stones(h)
                .filter(|&st| {
                    Board::neighbors(st).iter().any(|&q| b.color(q) == Some(defender) && b.string_id(q) == sid)
                })
                .count();
            if !libs.contains(x) && touching >= missing {
                return Some(x);
            }
            // The liberties of all our strings around the lunch, with its stones, less what the
            // opponent can take back (a stone to capture, a liberty to fill, a forced connection).
            let mut marks = [0u64; ARRAY.div_ceil(64)];
            let mut total = 0usize;
            let mut x_counted = false;
            let mut around = Set::<24>::new();
            b.for_each_adjacent(h, defender, |g, _| {
                around.push(g);
            });
            for &g in around.as_slice() {
                let mut ls = [0 as Point; 16];
                let k = b.liberties_into(g, &mut ls);
                for &q in &ls[..k] {
                    if mark(&mut marks, q) {
                        total += 1;
                        x_counted |= q == x;
                    }
                }
            }
            let mut total = total as isize + b.string_size(h) as isize - 2;
            if x_counted {
                total -= 1;
            }
            if touching == 1 {
                total -= 1;
            }
            if total >= goal as isize {
                return Some(x);
            }
        }
        None
    }

    /// [`Self::read_defend`], its result written on the SGF trace when one is recorded.
    #[inline]
    fn do_defend(&mut self, s: Point) -> (ReadResult, Point) {
        let r = self.read_defend(s);
        if sgf_trace::on() {
            sgf_trace::note("defend", self.t.board().liberties(s), s, r.0, r.1);
        }
        r
    }

    fn read_defend(&mut self, s: Point) -> (ReadResult, Point) {
        let b = self.t.board();
        let Some(defender) = b.color(s) else { return (Lose, 0) };
        let libs = b.liberties(s);
        if self.safe_by_liberties(libs) {
            return (Win, 0);
        }
        if self.out_of_budget() {
            return (Win, 0);
        }
        let key = self.key(Kind::Defend, s);
        let hint = match self.lookup(key) {
            Ok(r) => return r,
            Err(m) => m,
        };
        if let Some(m) = self.fast_defense(s, defender) {
            self.store(key, Win, m);
            return (Win, m);
        }
        let mut cands = Cands::new();
        self.defense_moves(s, defender, &mut cands);
        if let Some((k, c)) = self.t.board().ko() {
            if c == defender && !self.ladder_only && !cands.contains(k) {
                cands.add_max(k, -5);
            }
        }
        if libs >= 2 {
            self.drop_hopeless_crawls(s, defender, &mut cands);
        }
        let level = self.t.depth().min(MAX_STACK - 1);
        self.order_defenses(s, defender, level, &mut cands);
        bump(&mut cands, hint, 60);
        cands.sort_descending();
        // From branch_depth on no branching in the defence of three liberties either.
        if libs >= 3 && self.depth() >= self.limits.branch_depth {
            cands.n = cands.n.min(1);
        }
        let mut best = (Lose, 0 as Point);
        for i in 0..cands.n {
            let m = cands.pts[i];
            let Some((cond, saved)) = self.komaster_trymove(m, defender, best.0 == Lose) else { continue };
            let code = self.do_attack(s).0.reverse();
            self.undo(saved);
            let code = if cond { through_ko(code) } else { code };
            self.log("defend", s, m, code);
            if code > best.0 {
                best = (code, m);
                if code == Win {
                    self.killers[level] = m;
                    break;
                }
            }
        }
        self.store(key, best.0, best.1);
        best
    }
}

/// Raises the score of `p` among the candidates, if it is one (0 is no point).
fn bump(c: &mut Cands, p: Point, by: i32) {
    if p != 0 {
        if let Some(i) = c.pts[..c.n].iter().position(|&q| q == p) {
            c.score[i] += by;
        }
    }
}

/// Empty points next to two or more of the liberties `libs` (not liberties themselves) where a stone of
/// `color` would not be in atari, scored by how many liberties they touch.
fn vital_points(b: &Board, lv: LibView, libs: &Set<8>, color: Color, c: &mut Cands) {
    for &l in libs.as_slice() {
        for q in Board::neighbors(l) {
            if !b.is_empty(q) || libs.contains(q) {
                continue;
            }
            let touching = Board::neighbors(q).iter().filter(|&&x| libs.contains(x)).count() as i32;
            if touching >= 2 && lv.approx(q, color) > 1 {
                c.add_max(q, touching - 2);
            }
        }
    }
}

/// A stone of `owner` just played that can be captured at once: whatever it threatened (an atari on
/// some other string, a liberty of a cut), taking it answers the threat, even when it is not next to
/// the string read.
fn capture_last_move(b: &Board, last: Option<Point>, s: Point, owner: Color, c: &mut Cands) {
    let Some(m) = last else { return };
    if b.color(m) == Some(owner) && b.string_id(m) != b.string_id(s) && b.liberties(m) == 1 {
        if let Some(x) = b.first_liberty(m) {
            c.add_max(x, 12);
        }
    }
}

/// The counter-atari on the attacker string `h` (liberties `hl`) is blocked where it would be
/// self-atari; an attacker string with two liberties next to that point can be put in atari first, so
/// that playing there later captures it (GNU Go's break_chain2, case B).
fn unblock_self_atari(b: &Board, lv: LibView, h: Point, hl: &Set<8>, defender: Color, c: &mut Cands) {
    let attacker = defender.opponent();
    for &x in hl.as_slice() {
        if lv.approx(x, defender) > 1 || captures_at(b, x, defender) > 0 {
            continue;
        }
        for q in Board::neighbors(x) {
            if b.color(q) != Some(attacker) || b.string_id(q) == h || b.liberties(q) != 2 {
                continue;
            }
            for &y in libs_of(b, q).as_slice() {
                // A self-atari there is just captured and does not unblock anything.
                if y != x && (lv.approx(y, defender) > 1 || captures_at(b, y, defender) > 0) {
                    c.add_max(y, 3);
                }
            }
        }
    }
}

/// Sets `p`'s bit in `set`; whether it was clear.
#[inline]
fn mark(set: &mut [u64], p: Point) -> bool {
    let (w, bit) = (usize::from(p) / 64, 1u64 << (usize::from(p) % 64));
    let fresh = set[w] & bit == 0;
    set[w] |= bit;
    fresh
}

/// The two points orthogonally between diagonal neighbours `a` and `d`.
fn diag_between(a: Point, d: Point) -> (Point, Point) {
    let s = crate::rules::stone::STRIDE as i32;
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
    use crate::rules::board::tests::board_from;

    #[test]
    fn lone_stone_is_safe_and_edge_ladder_captures() {
        let b = board_from(&[". . . . .", ". . . . .", ". . O . .", ". . . . .", ". . . . ."]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(b.point(2, 2)), (Lose, None));
        assert_eq!(r.defend(b.point(2, 2)).0, Win);
        // White on the first line under a black wall: two liberties, black ataris from the open side.
        let b = board_from(&[". . . . .", ". . . . .", ". . . . .", "X X X . .", ". O . . ."]);
        let mut r = Reader::new(&b);
        let (code, mv) = r.attack(b.point(1, 4));
        assert_eq!(code, Win);
        assert!([b.point(0, 4), b.point(2, 4)].map(Some).contains(&mv));
        // With a white stone on D1 both A1 and C1 still capture (GNU Go 3.8: `attack B1` = 1 C1, and
        // after A1 `defend B1` = 0).
        let b = board_from(&[". . . . .", ". . . . .", ". . . . .", "X X X . .", ". O . O ."]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(b.point(1, 4)).0, Win);
        assert_eq!(r.does_attack(b.point(0, 4), b.point(1, 4)), Win);
        assert_eq!(r.does_attack(b.point(2, 4), b.point(1, 4)), Win);
    }

    #[test]
    fn one_liberty_capture_and_ko() {
        // Taking the single white stone at B3 is a ko: black may be retaken after a threat (KoA).
        let b = board_from(&[". X O .", "X O . O", ". X O .", ". . . ."]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(b.point(1, 1)), (KoA, Some(b.point(2, 1))));
        // Without the white stone on D3 the capture is clean.
        let b = board_from(&[". X O .", "X O . .", ". X O .", ". . . ."]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(b.point(1, 1)).0, Win);
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
        assert_eq!(r.attack(b.point(2, 8)), (Win, Some(b.point(0, 8))));
        // `does_attack` only asks whether the stone comes off the board (GNU Go 3.8: `does_attack D1 C1` = 1).
        assert_eq!(r.does_attack(b.point(3, 8), b.point(2, 8)), Win);
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
        assert_eq!(r.defend(b.point(8, 1)), (KoB, Some(b.point(5, 0))));
    }

    /// The point named like GTP ("B5").
    fn at(b: &Board, name: &str) -> Point {
        match crate::rules::vertex::parse_vertex(name, b) {
            Some(crate::rules::stone::Move::Play(p)) => p,
            _ => panic!("bad vertex {name}"),
        }
    }

    #[test]
    fn counter_atari_blocked_by_self_atari_is_unblocked_first() {
        // reading.tst 94 (GNU Go 3.8: `defend B5` = 2 D1). White D1 takes E1-F1; black's retake at E1
        // captures D1 but leaves E1 with two liberties, and only white's atari at F1 makes D1 a capture
        // that puts the inner black string in atari (a ko white may take first).
        let b = board_from(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . X X X . . .",
            "X X X X . X . . .",
            "X O O O O X . . .",
            "X O X X X O O O .",
            ". O X . X O . O O",
            "O O X X O O O . O",
            ". O X . X X O O .",
        ]);
        let mut r = Reader::new(&b);
        assert_eq!(r.defend(at(&b, "B5")), (KoA, Some(at(&b, "D1"))));
        // reading.tst 96: with F1 empty, white F1 at once (GNU Go 3.8: `defend B5` = 2 F1).
        let b = board_from(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . X X X . . .",
            "X X X X . X . . .",
            "X O O O O X . . .",
            "X O X X X O O O .",
            ". O X . X O . O O",
            "O O X X O O O . O",
            ". O X . X . O O .",
        ]);
        let mut r = Reader::new(&b);
        assert_eq!(r.defend(at(&b, "B5")), (KoA, Some(at(&b, "F1"))));
    }

    #[test]
    fn liberty_race_is_fought_from_outside() {
        // reading.tst 122 (GNU Go 3.8: `defend J9` = 1 F7). Black J9-J8-J7-H7 has three liberties and
        // shares two of them with white G9-G8-G7; black wins the race by taking white's outside
        // liberties (F7 or F9), which no liberty or counter-atari move does.
        let b = board_from(&[
            ". . . . X . O . X",
            ". . . . X X O . X",
            ". . X X X . O X X",
            ". . . O X X X O .",
            ". . O . O X . O O",
            ". O . O X X . O .",
            ". O X X X . . O O",
            "O O O O . . . O .",
            ". O . O . . . O .",
        ]);
        let mut r = Reader::new(&b);
        let (code, mv) = r.defend(at(&b, "J9"));
        assert_eq!(code, Win);
        assert!([at(&b, "F7"), at(&b, "F9")].map(Some).contains(&mv), "{mv:?}");
    }

    #[test]
    fn double_atari_point_is_taken_before_it_is_used() {
        // reading.tst 86 (GNU Go 3.8: `defend E5` = 0). After white D5 the string's only hope is C4,
        // a double atari on C5 and D4; black C4 first closes it in.
        let b = board_from(&[
            ". . . . . . . . .",
            ". X X X . . . . .",
            ". X . X X X . . .",
            "X X . X . X X . .",
            "O O X . O . X . .",
            ". O . X O . X . .",
            ". O . . X X X . .",
            "O O O O O X . . .",
            ". O . . O X . . .",
        ]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(at(&b, "E5")).0, Win);
        assert_eq!(r.defend(at(&b, "E5")), (Lose, None));
        assert_eq!(r.does_attack(at(&b, "C4"), at(&b, "D5")), Lose, "D5 is empty");
    }

    #[test]
    fn capture_that_is_no_ko_retake_is_allowed_against_the_komaster() {
        // reading.tst 216 (GNU Go 3.8: `attack A1` = 1 A2). Black A2 takes A3; white's retake at A3 is
        // a ko capture, but black B1 then threatens A1 and A3 together, and taking both at A2 is no
        // retake of the ko.
        let b = board_from(&[
            ". . . O X . X . .",
            ". O . O X X . . .",
            "O . . O X O X X .",
            "X O O X X O O X X",
            "X X X O O O . O O",
            "X . . X X O O X .",
            "O X X X O . O O X",
            ". O . X O O . . .",
            "O . . X X O . . .",
        ]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(at(&b, "A1")), (Win, Some(at(&b, "A2"))));
    }

    #[test]
    fn last_move_in_atari_is_captured_and_boundary_captures_are_tried() {
        // reading.tst 177 (GNU Go 3.8: `defend K4` = 1 N1) after black L4, white N3, black N2: N1 takes
        // the stone just played, which is not next to K4. The plausible L1 fails to black M4, a
        // liberty of the boundary string L4 that captures white N3-N4.
        let b = board_from(&[
            ". O X . . . X O O O . O .",
            "O X X . X . X X O X O O .",
            ". O X X . X O O O X X O O",
            ". . O X X O O X X . X X O",
            ". O . O O O O X O X . . X",
            ". O O X X X O X . . . X X",
            ". O . O O X O . X . X X O",
            ". . O X X X X X . X X X O",
            ". O . X O X O O X X O O O",
            ". O X X O O X . X O . . O",
            "O X X O . O . X X O . X .",
            "O X O . O . . X O O . O .",
            ". X O O O . . X X O . . .",
        ]);
        let mut r = Reader::new(&b);
        for (name, c) in [("L4", Color::Black), ("N3", Color::White), ("N2", Color::Black)] {
            assert!(r.trymove(at(&b, name), c));
        }
        assert_eq!(r.defend(at(&b, "K4")), (Win, Some(at(&b, "N1"))));
        assert!(r.trymove(at(&b, "L1"), Color::White));
        assert_eq!(r.attack(at(&b, "K4")), (Win, Some(at(&b, "M4"))));
    }

    #[test]
    fn friendly_string_in_atari_next_to_a_liberty_is_saved() {
        // reading.tst 135 (GNU Go 3.8: `attack A7` = 2 A6). After black A6, white A5 takes it; black C6
        // then puts A5-B5-C5-B6 in atari at A6, next to A7's liberty. White saves it by taking D5 at
        // E5, and only a ko remains.
        let b = board_from(&[
            ". . . . . . . . .",
            ". . . . . X . . X",
            "O X X X X O X X X",
            ". O . O O O O O X",
            ". O O X . O X X X",
            "X X X O O . O O O",
            ". X X X O . . . .",
            ". X X O O . . . .",
            ". . O . . . . . .",
        ]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(at(&b, "A7")), (KoA, Some(at(&b, "A6"))));
        for (name, c) in [("A6", Color::Black), ("A5", Color::White), ("C6", Color::Black)] {
            assert!(r.trymove(at(&b, name), c));
        }
        assert_eq!(r.defend(at(&b, "A7")), (KoB, Some(at(&b, "E5"))));
    }

    #[test]
    fn four_liberties_keep_their_shape_point() {
        // reading.tst 195 (GNU Go 3.8: `defend H6` = 1 J4). Black H6 has the liberties J5, H4, J3 and
        // J1; J4 touches three of them, and any liberty played instead leaves J4 to white.
        let b = board_from(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . O O O O O O O",
            ". . X X X X O X X",
            ". . . X . O X X .",
            ". . . X . O X . .",
            ". . . X . O X X .",
            ". . . . . O O X X",
            ". . . X . O O O .",
        ]);
        let mut r = Reader::new(&b);
        assert_eq!(r.attack(at(&b, "H6")).0, Win);
        assert_eq!(r.defend(at(&b, "H6")), (Win, Some(at(&b, "J4"))));
    }

    #[test]
    fn point_shared_by_two_short_boundary_strings() {
        // reading.tst 164 (GNU Go 3.8: `defend B6` = 1 C7). White B6-B5-B4-C4 has three liberties on the
        // edge; C7 takes a liberty from both B7 and C6-C5 and wins, where every edge liberty loses.
        let b = board_from(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". X . . O . . . .",
            ". O X . O . . . .",
            ". O X . . . . . .",
            ". O O X . . . . .",
            ". X X X . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ]);
        let mut r = Reader::new(&b);
        assert_eq!(r.defend(at(&b, "B6")), (Win, Some(at(&b, "C7"))));
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
