//! The Go board: stones, strings (worms) with exactly maintained liberty counts, captures, simple ko,
//! suicide, and the incremental Zobrist hash of the stones.
//!
//! This module owns the position and the rules of a single move. It must not know about move history,
//! superko, whose turn it is, komi or scoring: those are in [`crate::game`] and [`crate::rules::score`]. It builds
//! on [`crate::rules::stone`] (points, colours, moves, why a move is illegal) and [`crate::rules::zobrist`] (the keys),
//! and re-exports neither: how a colour is stored in a cell is its own.
//!
//! Layout: a fixed `27 x 27` array (25 x 25 plus a one-point border on every side) indexed by [`Point`], so
//! neighbours are `p ± 1` and `p ± STRIDE` and no move allocates. Every string is a circular linked list of
//! its stones (`next`), each stone knows its string's head (`head`), and the head holds the string's
//! stone and liberty counts. Liberty counts are updated incrementally: a move takes one liberty from each
//! distinct adjacent string, a capture gives one back to each distinct string next to each removed stone,
//! and only a merge recounts (walking the merged string's stones, never flooding the board).

use crate::rules::stone::{Color, IllegalMove, Move, Point, ARRAY, MAX_SIZE, STRIDE};
use crate::rules::zobrist;
use std::fmt;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

/// How a colour is stored in the board's cells (the encoding is the board's own).
trait CellCode: Sized {
    fn code(self) -> u8;
    fn from_code(code: u8) -> Option<Self>;
}

impl CellCode for Color {
    fn code(self) -> u8 {
        match self {
            Color::Black => BLACK,
            Color::White => WHITE,
        }
    }

    fn from_code(code: u8) -> Option<Color> {
        match code {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }
}

/// A Go position.
#[derive(Clone)]
pub struct Board {
    size: u8,
    allow_suicide: bool,
    cells: [u8; ARRAY],
    head: [Point; ARRAY],
    next: [Point; ARRAY],
    libs: [u16; ARRAY],
    stones: [u16; ARRAY],
    ko: Option<(Point, Color)>,
    hash: u64,
    captures: [u32; 2],
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size && self.cells == other.cells && self.ko == other.ko && self.captures == other.captures
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{} hash {:016x}", self.size, self.size, self.hash)?;
        for row in 0..self.size {
            for col in 0..self.size {
                let c = match self.color(self.point(col, row)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Stack bit set over the array, used to count distinct liberties without allocating.
struct Marks([u64; ARRAY.div_ceil(64)]);

impl Marks {
    fn new() -> Self {
        Marks([0; ARRAY.div_ceil(64)])
    }
    /// Marks `p`; true when it was not marked yet.
    fn insert(&mut self, p: Point) -> bool {
        let (w, b) = (usize::from(p) / 64, usize::from(p) % 64);
        let fresh = self.0[w] & (1 << b) == 0;
        self.0[w] |= 1 << b;
        fresh
    }
}

/// The arrays of a [`Board`] a move writes, as a journal entry names them.
const CELLS: u32 = 0;
const HEAD: u32 = 1;
const NEXT: u32 = 2;
const LIBS: u32 = 3;
const STONES: u32 = 4;
const _: () = assert!(ARRAY <= 1 << 10, "a journal entry holds the index in 10 bits");

/// Where a move hands the old value of each array entry it overwrites (a [`TryBoard`]'s journal, or
/// nowhere for an ordinary move: the no-op is compiled away).
trait Log {
    fn save(&mut self, array: u32, i: usize, old: u16);
}

struct NoLog;

impl Log for NoLog {
    #[inline(always)]
    fn save(&mut self, _: u32, _: usize, _: u16) {}
}

impl Log for Vec<u32> {
    /// One entry: the array (3 bits), the index (10 bits), the old value (16 bits).
    #[inline(always)]
    fn save(&mut self, array: u32, i: usize, old: u16) {
        self.push(array << 26 | (i as u32) << 16 | u32::from(old));
    }
}

impl Board {
    /// An empty board; `size` must be 1 to 25.
    ///
    /// # Panics
    /// For any other size (callers validate user input first, see [`Board::valid_size`]).
    pub fn new(size: usize) -> Board {
        assert!(Self::valid_size(size), "board size {size} out of range");
        let mut b = Board {
            size: size as u8,
            allow_suicide: false,
            cells: [BORDER; ARRAY],
            head: [0; ARRAY],
            next: [0; ARRAY],
            libs: [0; ARRAY],
            stones: [0; ARRAY],
            ko: None,
            hash: 0,
            captures: [0; 2],
        };
        for row in 0..size {
            for col in 0..size {
                b.cells[usize::from(b.point(col as u8, row as u8))] = EMPTY;
            }
        }
        b
    }

    /// Whether `size` is a supported board size.
    pub fn valid_size(size: usize) -> bool {
        (1..=MAX_SIZE).contains(&size)
    }

    /// Board size.
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// Allows or forbids suicide (a move that leaves its own string without liberties); forbidden by default.
    pub fn set_allow_suicide(&mut self, allow: bool) {
        self.allow_suicide = allow;
    }

    /// Whether suicide is allowed.
    pub fn allow_suicide(&self) -> bool {
        self.allow_suicide
    }

    /// The point at column `col` (0 = A) and row `row` counted from the top (0 = the top row).
    pub fn point(&self, col: u8, row: u8) -> Point {
        ((usize::from(row) + 1) * STRIDE + usize::from(col) + 1) as Point
    }

    /// Column and row-from-top of a point.
    pub fn coords(&self, p: Point) -> (u8, u8) {
        let p = usize::from(p);
        ((p % STRIDE - 1) as u8, (p / STRIDE - 1) as u8)
    }

    /// Whether `p` is a point of the board.
    pub fn on_board(&self, p: Point) -> bool {
        usize::from(p) < ARRAY && self.cells[usize::from(p)] != BORDER
    }

    /// Every point of the board, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let n = self.size;
        (0..n).flat_map(move |row| (0..n).map(move |col| self.point(col, row)))
    }

    /// The four orthogonal neighbours (some may be border cells).
    #[inline]
    pub fn neighbors(p: Point) -> [Point; 4] {
        let s = STRIDE as Point;
        [p - s, p - 1, p + 1, p + s]
    }

    /// The four diagonal neighbours (some may be border cells or out of the array for border points).
    #[inline]
    pub fn diagonals(p: Point) -> [Point; 4] {
        let s = STRIDE as Point;
        [p - s - 1, p - s + 1, p + s - 1, p + s + 1]
    }

    /// The stone on `p`, if any.
    #[inline]
    pub fn color(&self, p: Point) -> Option<Color> {
        Color::from_code(self.cells[usize::from(p)])
    }

    /// Whether `p` is an empty point of the board.
    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[usize::from(p)] == EMPTY
    }

    /// Whether `p` is off the board (a border cell).
    #[inline]
    pub fn is_border(&self, p: Point) -> bool {
        self.cells[usize::from(p)] == BORDER
    }

    /// The head point identifying the string through the stone on `p` (meaningless on empty points).
    #[inline]
    pub fn string_id(&self, p: Point) -> Point {
        self.head[usize::from(p)]
    }

    /// Number of liberties of the string through the stone on `p` (0 on empty points).
    #[inline]
    pub fn liberties(&self, p: Point) -> usize {
        if self.color(p).is_none() {
            return 0;
        }
        usize::from(self.libs[usize::from(self.head[usize::from(p)])])
    }

    /// Number of stones of the string through the stone on `p`.
    pub fn string_size(&self, p: Point) -> usize {
        if self.color(p).is_none() {
            return 0;
        }
        usize::from(self.stones[usize::from(self.head[usize::from(p)])])
    }

    /// The stones of the string through `p`.
    pub fn string_stones(&self, p: Point) -> StringStones<'_> {
        StringStones { board: self, start: p, cur: Some(p) }
    }

    /// Appends the liberties of the string through the stone on `p` to `out` (up to `max`).
    pub fn string_liberties(&self, p: Point, max: usize, out: &mut Vec<Point>) {
        let mut marks = Marks::new();
        for s in self.string_stones(p) {
            for q in Self::neighbors(s) {
                if self.is_empty(q) && marks.insert(q) {
                    out.push(q);
                    if out.len() >= max {
                        return;
                    }
                }
            }
        }
    }

    /// Appends to `out` the strings (by string id) of colour `c` with a stone within two points
    /// (Manhattan distance) of the string through `p`, each once, skipping those in `skip`: the
    /// candidates of a dragon's amalgamation (the owl's goal, the semeai's dragons).
    pub fn strings_within_two(&self, p: Point, c: Color, skip: &[Point], out: &mut Vec<Point>) {
        let n = self.size() as i32;
        for st in self.string_stones(p) {
            let (x, y) = self.coords(st);
            for dy in -2i32..=2 {
                for dx in -2i32..=2 {
                    let (nx, ny) = (i32::from(x) + dx, i32::from(y) + dy);
                    if dx.abs() + dy.abs() > 2 || !(0..n).contains(&nx) || !(0..n).contains(&ny) {
                        continue;
                    }
                    let q = self.point(nx as u8, ny as u8);
                    if self.color(q) == Some(c) {
                        let id = self.string_id(q);
                        if !skip.contains(&id) && !out.contains(&id) {
                            out.push(id);
                        }
                    }
                }
            }
        }
    }

    /// Writes up to `out.len()` liberties of the string through the stone on `p` into `out` (in the
    /// order met walking the string) and returns how many; allocation-free, for reading.
    pub fn liberties_into(&self, p: Point, out: &mut [Point]) -> usize {
        if self.color(p).is_none() {
            return 0;
        }
        // The count is known, so the walk stops as soon as it has them all: in the reader most strings
        // are long with few liberties, and this is the hottest loop there.
        let want = usize::from(self.libs[usize::from(self.head[usize::from(p)])]).min(out.len());
        if want == 0 {
            return 0;
        }
        // Few liberties wanted: the ones found so far are the cheapest duplicate check.
        if want <= 16 {
            self.walk_liberties(p, out, want, |found, q| found.iter().all(|&x| x != q))
        } else {
            let mut marks = Marks::new();
            self.walk_liberties(p, out, want, |_, q| marks.insert(q))
        }
    }

    /// The liberties of the string through `p` in walking order until `want` are found; `fresh` tells
    /// whether a liberty is not among those found so far.
    #[inline(always)]
    fn walk_liberties(
        &self,
        p: Point,
        out: &mut [Point],
        want: usize,
        mut fresh: impl FnMut(&[Point], Point) -> bool,
    ) -> usize {
        let mut n = 0;
        let mut s = p;
        loop {
            for q in Self::neighbors(s) {
                if self.is_empty(q) && fresh(&out[..n], q) {
                    out[n] = q;
                    n += 1;
                    if n == want {
                        return n;
                    }
                }
            }
            s = self.next[usize::from(s)];
            if s == p {
                return n;
            }
        }
    }

    /// Calls `f` with the head and the liberty count of the string of colour `c` next to each stone of
    /// the string through `s`, in walking order (a string met several times is passed each time).
    #[inline]
    pub fn for_each_adjacent(&self, s: Point, c: Color, mut f: impl FnMut(Point, usize)) {
        if self.color(s).is_none() {
            return;
        }
        let code = c.code();
        let mut st = s;
        loop {
            for q in Self::neighbors(st) {
                if self.cells[usize::from(q)] == code {
                    let h = self.head[usize::from(q)];
                    f(h, usize::from(self.libs[usize::from(h)]));
                }
            }
            st = self.next[usize::from(st)];
            if st == s {
                return;
            }
        }
    }

    /// One liberty of the string through `p` (the only one when it is in atari).
    pub fn first_liberty(&self, p: Point) -> Option<Point> {
        self.string_stones(p).flat_map(Self::neighbors).find(|&q| self.is_empty(q))
    }

    /// The ko point and the colour that may not play there now.
    pub fn ko(&self) -> Option<(Point, Color)> {
        self.ko
    }

    /// Forgets the ko (a pass or a move elsewhere lifts it).
    pub fn clear_ko(&mut self) {
        self.ko = None;
    }

    /// Zobrist hash of the stones (not of the ko or the side to move: positional superko compares this).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones captured by `color` so far.
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// Number of stones of each colour on the board.
    pub fn stone_counts(&self) -> [usize; 2] {
        let mut n = [0; 2];
        for p in self.points() {
            if let Some(c) = self.color(p) {
                n[c.index()] += 1;
            }
        }
        n
    }

    /// Whether no stone is on the board.
    pub fn is_clear(&self) -> bool {
        self.points().all(|p| self.is_empty(p))
    }

    /// Distinct strings adjacent to `p` (as heads), at most four, in a fixed array.
    #[inline]
    fn adjacent_strings(&self, p: Point) -> ([Point; 4], usize) {
        let mut out = [0; 4];
        let mut n = 0;
        for q in Self::neighbors(p) {
            if self.color(q).is_some() {
                let h = self.head[usize::from(q)];
                if !out[..n].contains(&h) {
                    out[n] = h;
                    n += 1;
                }
            }
        }
        (out, n)
    }

    /// Whether a stone of `color` on empty point `p` would have no liberty after its captures.
    pub fn is_suicide(&self, p: Point, color: Color) -> bool {
        for q in Self::neighbors(p) {
            match self.color(q) {
                None if self.is_empty(q) => return false,
                Some(c) if c == color && self.libs[usize::from(self.head[usize::from(q)])] > 1 => return false,
                Some(c) if c != color && self.libs[usize::from(self.head[usize::from(q)])] == 1 => return false,
                _ => {}
            }
        }
        true
    }

    /// Whether `color` may play on `p` (ignoring superko, which needs the history).
    pub fn check_legal(&self, p: Point, color: Color) -> Result<(), IllegalMove> {
        if !self.on_board(p) {
            return Err(IllegalMove::OffBoard);
        }
        if !self.is_empty(p) {
            return Err(IllegalMove::Occupied);
        }
        if self.ko == Some((p, color)) {
            return Err(IllegalMove::Ko);
        }
        if !self.allow_suicide && self.is_suicide(p, color) {
            return Err(IllegalMove::Suicide);
        }
        Ok(())
    }

    /// Whether `color` may play on `p`.
    pub fn is_legal(&self, p: Point, color: Color) -> bool {
        self.check_legal(p, color).is_ok()
    }

    /// The stone hash after `color` plays a legal move on `p`, computed without playing it.
    pub fn hash_after(&self, p: Point, color: Color) -> u64 {
        let mut h = self.hash ^ zobrist::stone(color, p);
        let (adj, n) = self.adjacent_strings(p);
        let mut captured_any = false;
        for &s in &adj[..n] {
            if self.color(s) == Some(color.opponent()) && self.libs[usize::from(s)] == 1 {
                captured_any = true;
                for st in self.string_stones(s) {
                    h ^= zobrist::stone(color.opponent(), st);
                }
            }
        }
        if !captured_any && self.allow_suicide && self.is_suicide(p, color) {
            h ^= zobrist::stone(color, p);
            for &s in &adj[..n] {
                if self.color(s) == Some(color) {
                    for st in self.string_stones(s) {
                        h ^= zobrist::stone(color, st);
                    }
                }
            }
        }
        h
    }

    /// Plays a move of `color` (a pass only lifts the ko). Returns the number of stones captured.
    pub fn play(&mut self, mv: Move, color: Color) -> Result<u32, IllegalMove> {
        match mv {
            Move::Pass => {
                self.ko = None;
                Ok(0)
            }
            Move::Play(p) => {
                self.check_legal(p, color)?;
                Ok(self.play_unchecked(p, color))
            }
        }
    }

    /// Plays a stone already known to be legal ([`Board::check_legal`]).
    pub fn play_unchecked(&mut self, p: Point, color: Color) -> u32 {
        self.play_logged(p, color, &mut NoLog)
    }

    /// [`Board::play_unchecked`], handing `log` the old value of every array entry it overwrites
    /// (a [`TryBoard`]'s undo journal; the ko, hash and capture counts are saved by the caller).
    #[inline(always)]
    fn play_logged<L: Log>(&mut self, p: Point, color: Color, log: &mut L) -> u32 {
        let pi = usize::from(p);
        let (adj, n) = self.adjacent_strings(p);
        log.save(CELLS, pi, u16::from(self.cells[pi]));
        log.save(HEAD, pi, self.head[pi]);
        log.save(NEXT, pi, self.next[pi]);
        log.save(STONES, pi, self.stones[pi]);
        log.save(LIBS, pi, self.libs[pi]);
        self.cells[pi] = color.code();
        self.hash ^= zobrist::stone(color, p);
        self.head[pi] = p;
        self.next[pi] = p;
        self.stones[pi] = 1;
        self.libs[pi] = Self::neighbors(p).iter().filter(|&&q| self.is_empty(q)).count() as u16;
        for &s in &adj[..n] {
            log.save(LIBS, usize::from(s), self.libs[usize::from(s)]);
            self.libs[usize::from(s)] -= 1;
        }
        let mut me = p;
        let mut merged = false;
        for &s in &adj[..n] {
            if self.cells[usize::from(s)] == color.code() {
                me = self.merge(me, s, log);
                merged = true;
            }
        }
        if merged {
            self.recount_liberties(me, log);
        }
        let mut captured = 0;
        let mut last_captured = p;
        for &s in &adj[..n] {
            if self.cells[usize::from(s)] == color.opponent().code() && self.libs[usize::from(s)] == 0 {
                last_captured = s;
                captured += self.remove_string(s, log);
            }
        }
        self.captures[color.index()] += captured;
        self.ko = None;
        if captured == 1 && self.stones[usize::from(me)] == 1 && self.libs[usize::from(me)] == 1 {
            self.ko = Some((last_captured, color.opponent()));
        }
        if captured == 0 && self.libs[usize::from(me)] == 0 {
            // Only reachable when suicide is allowed: the stones go to the opponent.
            let lost = self.remove_string(me, log);
            self.captures[color.opponent().index()] += lost;
        }
        captured
    }

    /// Sets several points at once, as setup does in bulk: each `(point, colour)` (`None` empties it;
    /// off-board points are ignored), then every string is rebuilt in one pass over the board. Not a
    /// move: nothing is captured, the capture counts stay and the ko ends (as after
    /// [`Board::place_stone`]). Placing stones one at a time
    /// recounts a string's liberties at each merge, which makes a full-board setup cost the square
    /// of the board's area; this costs the area. Returns whether some string is left without a
    /// liberty (the caller then places the stones one at a time instead, which captures).
    pub fn set_points(&mut self, points: &[(Point, Option<Color>)]) -> bool {
        for &(p, c) in points {
            if self.on_board(p) {
                self.cells[usize::from(p)] = c.map_or(EMPTY, Color::code);
            }
        }
        self.ko = None;
        self.rebuild_strings()
    }

    /// Recomputes strings, liberties and the hash from the cells; true when a string has no liberty.
    fn rebuild_strings(&mut self) -> bool {
        let mut seen = Marks::new();
        let mut stack = [0 as Point; ARRAY];
        let mut hash = 0;
        let mut breathless = false;
        let n = self.size;
        for row in 0..n {
            for col in 0..n {
                let p = self.point(col, row);
                let Some(c) = self.color(p) else { continue };
                hash ^= zobrist::stone(c, p);
                if !seen.insert(p) {
                    continue;
                }
                let (mut libs, mut liberties, mut count, mut prev) = (Marks::new(), 0u16, 0u16, p);
                let mut top = 1;
                stack[0] = p;
                while top > 0 {
                    top -= 1;
                    let s = stack[top];
                    self.head[usize::from(s)] = p;
                    self.next[usize::from(prev)] = s;
                    prev = s;
                    count += 1;
                    for q in Self::neighbors(s) {
                        if self.is_empty(q) {
                            if libs.insert(q) {
                                liberties += 1;
                            }
                        } else if self.color(q) == Some(c) && seen.insert(q) {
                            stack[top] = q;
                            top += 1;
                        }
                    }
                }
                self.next[usize::from(prev)] = p;
                self.stones[usize::from(p)] = count;
                self.libs[usize::from(p)] = liberties;
                breathless |= liberties == 0;
            }
        }
        self.hash = hash;
        breathless
    }

    /// Puts a stone on an empty point without a move (handicap and setup stones), capturing as a move would.
    pub fn place_stone(&mut self, p: Point, color: Color) {
        if self.is_empty(p) {
            self.play_unchecked(p, color);
            self.ko = None;
        }
    }

    /// Joins two strings; returns the new head.
    #[inline(always)]
    fn merge<L: Log>(&mut self, a: Point, b: Point, log: &mut L) -> Point {
        if a == b {
            return a;
        }
        let (big, small) = if self.stones[usize::from(a)] >= self.stones[usize::from(b)] { (a, b) } else { (b, a) };
        let mut s = small;
        loop {
            log.save(HEAD, usize::from(s), self.head[usize::from(s)]);
            self.head[usize::from(s)] = big;
            s = self.next[usize::from(s)];
            if s == small {
                break;
            }
        }
        log.save(NEXT, usize::from(big), self.next[usize::from(big)]);
        log.save(NEXT, usize::from(small), self.next[usize::from(small)]);
        self.next.swap(usize::from(big), usize::from(small));
        log.save(STONES, usize::from(big), self.stones[usize::from(big)]);
        self.stones[usize::from(big)] += self.stones[usize::from(small)];
        big
    }

    #[inline(always)]
    fn recount_liberties<L: Log>(&mut self, h: Point, log: &mut L) {
        let mut marks = Marks::new();
        let mut n = 0u16;
        let mut s = h;
        loop {
            for q in Self::neighbors(s) {
                if self.is_empty(q) && marks.insert(q) {
                    n += 1;
                }
            }
            s = self.next[usize::from(s)];
            if s == h {
                break;
            }
        }
        log.save(LIBS, usize::from(h), self.libs[usize::from(h)]);
        self.libs[usize::from(h)] = n;
    }

    /// Removes the string with head `h`; returns its size.
    fn remove_string<L: Log>(&mut self, h: Point, log: &mut L) -> u32 {
        let color = self.color(h).expect("removing a string");
        let mut count = 0;
        let mut s = h;
        loop {
            log.save(CELLS, usize::from(s), u16::from(self.cells[usize::from(s)]));
            self.cells[usize::from(s)] = EMPTY;
            self.hash ^= zobrist::stone(color, s);
            count += 1;
            s = self.next[usize::from(s)];
            if s == h {
                break;
            }
        }
        loop {
            let (adj, n) = self.adjacent_strings(s);
            for &t in &adj[..n] {
                log.save(LIBS, usize::from(t), self.libs[usize::from(t)]);
                self.libs[usize::from(t)] += 1;
            }
            s = self.next[usize::from(s)];
            if s == h {
                break;
            }
        }
        count
    }

    /// Puts back one array entry from a [`TryBoard`] journal entry.
    #[inline(always)]
    fn restore(&mut self, e: u32) {
        let i = ((e >> 16) & 0x3ff) as usize;
        let v = e as u16;
        match e >> 26 {
            CELLS => self.cells[i] = v as u8,
            HEAD => self.head[i] = v,
            NEXT => self.next[i] = v,
            LIBS => self.libs[i] = v,
            _ => self.stones[i] = v,
        }
    }

    /// Whether empty point `p` is a true eye of `color`: every neighbour is `color` (or off the board) and
    /// the opponent holds at most one diagonal (none on the edge).
    pub fn is_true_eye(&self, p: Point, color: Color) -> bool {
        if !self.is_empty(p) {
            return false;
        }
        if Self::neighbors(p).iter().any(|&q| !self.is_border(q) && self.color(q) != Some(color)) {
            return false;
        }
        let mut bad = 0;
        let mut edge = false;
        for d in Self::diagonals(p) {
            if usize::from(d) >= ARRAY || self.is_border(d) {
                edge = true;
            } else if self.color(d) == Some(color.opponent()) {
                bad += 1;
            }
        }
        bad == 0 || (!edge && bad == 1)
    }

    /// Checks every invariant (string membership, counts, liberties, hash) by recomputing from scratch.
    /// Meant for tests.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut h = 0u64;
        for p in self.points() {
            let Some(c) = self.color(p) else { continue };
            h ^= zobrist::stone(c, p);
            let head = self.string_id(p);
            if self.color(head) != Some(c) {
                return Err(format!("stone {p} has head {head} of another colour"));
            }
            for q in Self::neighbors(p) {
                if self.color(q) == Some(c) && self.string_id(q) != head {
                    return Err(format!("adjacent stones {p} {q} in different strings"));
                }
            }
            if head == p {
                let stones: Vec<Point> = self.string_stones(p).collect();
                if stones.len() != usize::from(self.stones[usize::from(p)]) {
                    return Err(format!("string {p}: size {} != {}", stones.len(), self.stones[usize::from(p)]));
                }
                let mut libs = Vec::new();
                self.string_liberties(p, usize::MAX, &mut libs);
                if libs.len() != usize::from(self.libs[usize::from(p)]) {
                    return Err(format!("string {p}: {} liberties, counted {}", self.libs[usize::from(p)], libs.len()));
                }
                if libs.is_empty() {
                    return Err(format!("string {p} without liberties on the board"));
                }
            }
        }
        if h != self.hash {
            return Err("hash mismatch".into());
        }
        Ok(())
    }
}

/// GNU Go's `trymove`/`tryko`/`popgo` on top of a [`Board`]: moves played for reading and taken back in
/// stack order. As GNU Go's change stack does, each move hands the old value of every array entry it
/// overwrites to a journal (a few dozen entries for most moves), and undo writes them back in reverse
/// order with the ko, hash and capture counts saved per level: the board is restored bit for bit,
/// stale entries of empty points included. The journal and the levels keep their capacity, so after
/// the deepest line has been read once no move allocates. (Until 2026-11-28 each level copied the
/// board's rows, about 4.6 kB on 19x19, and undo copied them back: a tenth of owl.tst's CPU.)
#[derive(Clone)]
pub struct TryBoard {
    board: Board,
    /// Old values of the overwritten entries, in the order written (see [`Log`] for `Vec<u32>`).
    journal: Vec<u32>,
    /// Per level: the journal's length before its move, and the ko, hash and captures it changed.
    levels: Vec<Level>,
}

/// What a [`TryBoard`] level puts back besides the journal.
#[derive(Clone, Copy)]
struct Level {
    journal: u32,
    ko: Option<(Point, Color)>,
    hash: u64,
    captures: [u32; 2],
}

impl TryBoard {
    /// Reading starts from `board`.
    pub fn new(board: Board) -> TryBoard {
        TryBoard { board, journal: Vec::with_capacity(1024), levels: Vec::with_capacity(64) }
    }

    /// The current position (after the moves tried so far).
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Number of moves tried and not yet taken back (GNU Go's `stackp`).
    #[inline]
    pub fn depth(&self) -> usize {
        self.levels.len()
    }

    /// Replaces the root position; every tried move is forgotten.
    pub fn reset(&mut self, board: &Board) {
        self.board.clone_from(board);
        self.journal.clear();
        self.levels.clear();
    }

    #[inline]
    fn push(&mut self) {
        let b = &self.board;
        self.levels.push(Level { journal: self.journal.len() as u32, ko: b.ko, hash: b.hash, captures: b.captures });
    }

    /// Plays `color` on `p` if legal (simple ko respected); false, with nothing changed, otherwise.
    pub fn trymove(&mut self, p: Point, color: Color) -> bool {
        if !self.board.is_legal(p, color) {
            return false;
        }
        self.push();
        self.board.play_logged(p, color, &mut self.journal);
        true
    }

    /// Like [`TryBoard::trymove`] but an illegal ko capture is allowed.
    pub fn tryko(&mut self, p: Point, color: Color) -> bool {
        if !self.board.on_board(p) || !self.board.is_empty(p) {
            return false;
        }
        if !self.board.allow_suicide && self.board.is_suicide(p, color) {
            return false;
        }
        self.push();
        self.board.play_logged(p, color, &mut self.journal);
        true
    }

    /// A pass: lifts the ko, can be taken back with [`TryBoard::popgo`].
    pub fn trypass(&mut self) {
        self.push();
        self.board.clear_ko();
    }

    /// Takes back the last tried move; false when none is left.
    pub fn popgo(&mut self) -> bool {
        let Some(level) = self.levels.pop() else { return false };
        let from = level.journal as usize;
        for &e in self.journal[from..].iter().rev() {
            self.board.restore(e);
        }
        self.journal.truncate(from);
        self.board.ko = level.ko;
        self.board.hash = level.hash;
        self.board.captures = level.captures;
        true
    }
}

/// Iterator over the stones of one string.
pub struct StringStones<'a> {
    board: &'a Board,
    start: Point,
    cur: Option<Point>,
}

impl Iterator for StringStones<'_> {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        let p = self.cur?;
        if self.board.color(p).is_none() {
            self.cur = None;
            return None;
        }
        let n = self.board.next[usize::from(p)];
        self.cur = if n == self.start { None } else { Some(n) };
        Some(p)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Board from rows of `X`, `O`, `.` (top row first).
    pub(crate) fn board_from(rows: &[&str]) -> Board {
        let mut b = Board::new(rows.len());
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
                let p = b.point(c as u8, r as u8);
                match ch {
                    'X' => b.place_stone(p, Color::Black),
                    'O' => b.place_stone(p, Color::White),
                    _ => {}
                }
            }
        }
        b.check_invariants().unwrap();
        b
    }

    #[test]
    fn capture_in_corner_and_liberties() {
        let mut b = board_from(&["O X . .", "X . . .", ". . . .", ". . . ."]);
        assert_eq!(b.color(b.point(0, 0)), None, "the white corner stone was captured on setup");
        assert_eq!(b.captures(Color::Black), 1);
        let p = b.point(1, 1);
        b.play(Move::Play(p), Color::Black).unwrap();
        b.check_invariants().unwrap();
        assert_eq!(b.string_size(p), 3);
        assert_eq!(b.liberties(b.point(1, 0)), 5);
    }

    #[test]
    fn merge_recounts_shared_liberties() {
        let mut b = Board::new(5);
        let pts = [(1u8, 1u8), (3, 1), (2, 1)];
        for (c, r) in pts {
            let p = b.point(c, r);
            b.play(Move::Play(p), Color::Black).unwrap();
        }
        b.check_invariants().unwrap();
        assert_eq!(b.string_size(b.point(1, 1)), 3);
        assert_eq!(b.liberties(b.point(1, 1)), 8);
    }

    #[test]
    fn suicide_forbidden_unless_allowed() {
        let mut b = board_from(&[". X .", "X . .", ". . ."]);
        let corner = b.point(0, 0);
        assert_eq!(b.play(Move::Play(corner), Color::White), Err(IllegalMove::Suicide));
        b.set_allow_suicide(true);
        assert_eq!(b.play(Move::Play(corner), Color::White), Ok(0));
        assert!(b.is_empty(corner));
        assert_eq!(b.captures(Color::Black), 1);
        b.check_invariants().unwrap();
    }

    #[test]
    fn simple_ko() {
        let mut b = board_from(&[". X O .", "X O . O", ". X O .", ". . . ."]);
        let take = b.point(2, 1);
        assert_eq!(b.play(Move::Play(take), Color::Black), Ok(1));
        let retake = b.point(1, 1);
        assert_eq!(b.ko(), Some((retake, Color::White)));
        assert_eq!(b.play(Move::Play(retake), Color::White), Err(IllegalMove::Ko));
        b.play(Move::Pass, Color::White).unwrap();
        assert_eq!(b.play(Move::Play(retake), Color::White), Ok(1));
        b.check_invariants().unwrap();
    }

    #[test]
    fn hash_after_matches_play() {
        let b = board_from(&[". X O .", "X O . O", ". X O .", ". . . ."]);
        for p in b.points() {
            for c in [Color::Black, Color::White] {
                if b.is_legal(p, c) {
                    let mut b2 = b.clone();
                    b2.play(Move::Play(p), c).unwrap();
                    assert_eq!(b.hash_after(p, c), b2.hash(), "{p}");
                    b2.check_invariants().unwrap();
                }
            }
        }
    }

    #[test]
    fn trymove_popgo_restores_exactly() {
        let b = board_from(&[". X O .", "X O . O", ". X O .", ". . . ."]);
        let mut t = TryBoard::new(b.clone());
        let take = b.point(2, 1);
        let retake = b.point(1, 1);
        assert!(t.trymove(take, Color::Black));
        assert_eq!(t.board().captures(Color::Black), 1);
        assert!(!t.trymove(retake, Color::White), "ko");
        assert!(t.tryko(retake, Color::White));
        assert_eq!(t.depth(), 2);
        t.board().check_invariants().unwrap();
        assert!(t.popgo() && t.popgo() && !t.popgo());
        assert_eq!(t.board(), &b);
        assert_eq!(t.board().hash(), b.hash());
        assert!(!t.trymove(b.point(1, 0), Color::White), "occupied");
        assert_eq!(t.depth(), 0);
    }

    /// Every array of the board, stale entries of empty points included.
    fn same_arrays(a: &Board, b: &Board) -> bool {
        a.cells == b.cells
            && a.head == b.head
            && a.next == b.next
            && a.libs == b.libs
            && a.stones == b.stones
            && a.ko == b.ko
            && a.hash == b.hash
            && a.captures == b.captures
    }

    #[test]
    fn the_journal_restores_every_array_bit_for_bit() {
        // Long random lines on a small board (captures, merges, kos, passes, suicide both ways), each
        // level compared with a snapshot taken before its move, arrays and all.
        for allow_suicide in [false, true] {
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            let mut rand = move |n: usize| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed % n as u64) as usize
            };
            let mut b = Board::new(5);
            b.set_allow_suicide(allow_suicide);
            let mut t = TryBoard::new(b);
            let mut snaps: Vec<Board> = Vec::new();
            let mut moves = 0;
            for _ in 0..20_000 {
                if t.depth() > 0 && (rand(3) == 0 || t.depth() > 40) {
                    assert!(t.popgo());
                    let s = snaps.pop().unwrap();
                    assert!(same_arrays(t.board(), &s), "undo at depth {}", t.depth());
                    continue;
                }
                let before = t.board().clone();
                let p = t.board().point(rand(5) as u8, rand(5) as u8);
                let c = if rand(2) == 0 { Color::Black } else { Color::White };
                let played = match rand(8) {
                    0 => {
                        t.trypass();
                        true
                    }
                    1 => t.tryko(p, c),
                    _ => t.trymove(p, c),
                };
                if played {
                    moves += 1;
                    t.board().check_invariants().unwrap();
                    snaps.push(before);
                } else {
                    assert!(same_arrays(t.board(), &before), "a refused move changed nothing");
                }
            }
            assert!(moves > 5000);
            while t.popgo() {
                let s = snaps.pop().unwrap();
                assert!(same_arrays(t.board(), &s));
            }
        }
    }

    #[test]
    fn true_eyes() {
        let b = board_from(&[". X . X", "X X X X", ". . . .", ". . . ."]);
        assert!(b.is_true_eye(b.point(0, 0), Color::Black));
        assert!(b.is_true_eye(b.point(2, 0), Color::Black));
        assert!(!b.is_true_eye(b.point(0, 2), Color::Black));
    }
}
