//! The bitmask matcher over a [`PackedBoard`]. Per anchor point it reads the composite
//! word (the point's 5×5 neighbourhood, kept up to date by the board) once. Ten of its bits —
//! the anchor's code and the codes of its four orthogonal neighbours — pick a group: the
//! orientations whose anchor element admits that colour and whose elements admit those
//! neighbours (the seed's anchor-colour pre-filter, widened; an orientation is filed in every
//! group it admits). Within the group a bit-parallel index leaves only orientations that fit
//! the board there (transformed bounding box and declared edges: the room rows) and agree with
//! the other 20 points of the window: one bitset of members per (window point, code) and per
//! (side, room to that edge), 64 members a word, four words (one 32-byte aligned quad) an and;
//! up to four quads are and-ed in registers at a time, with one early exit when they all die
//! after the eight nearest points. Members are ordered by what they ask of those points, so
//! members that die together share words. A survivor has passed its whole core (the
//! composite-word and-compare, bit-sliced over the members); only its residual tests (points
//! beyond the window, stones first) remain, the first inline in the member's 20-byte record.
//!
//! The index is large (megabytes for `patterns.db`) and the rows an anchor reads depend on the
//! board, so a full scan prefetches the next anchor's rows while it matches the current one,
//! and asks for all survivors' records before testing any: their cache misses overlap instead
//! of following one another. Scanning allocates nothing but the caller's output. This module
//! owns scanning; it must not change the compiled patterns nor evaluate constraints.

use crate::board::{Match, Vertex};
use crate::compile::{Compiled, PatternSet, Residual};
use crate::packed::{window_shift, PackedBoard};
use crate::transform::Transform;

/// The window points whose codes key the groups, with the anchor.
const KEYED: [(i32, i32); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];
/// The other window points, in the order the index ands them: diagonal neighbours and the
/// orthogonal points at distance 2 first (they reject most), then the rest.
const REST: [(i32, i32); NR] = [
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
    (-2, 0),
    (2, 0),
    (0, -2),
    (0, 2),
    (-2, -1),
    (-2, 1),
    (2, -1),
    (2, 1),
    (-1, -2),
    (1, -2),
    (-1, 2),
    (1, 2),
    (-2, -2),
    (-2, 2),
    (2, -2),
    (2, 2),
];
const NR: usize = 20;
/// Index rows and-ed before the first check that some member is still alive.
const EARLY: usize = 8;
/// Quads and-ed together in registers.
const CHUNK: usize = 4;

const fn rest_shifts() -> [u32; NR] {
    let mut s = [0; NR];
    let mut k = 0;
    while k < NR {
        s[k] = window_shift(REST[k].0, REST[k].1);
        k += 1;
    }
    s
}
const SHIFTS: [u32; NR] = rest_shifts();

/// The group of an anchor: `(0,-1)`, the anchor and `(0,1)` are adjacent in the composite
/// word (bits 22..28), `(-1,0)` and `(1,0)` follow as bits 6..10. The anchor's code is
/// bits 2..4 of the key.
#[inline(always)]
fn group_key(w: u64) -> usize {
    const WEST: u32 = window_shift(0, -1);
    const NORTH: u32 = window_shift(-1, 0);
    const SOUTH: u32 = window_shift(1, 0);
    ((w >> WEST) & 0x3F) as usize | (((w >> NORTH) & 3) as usize) << 6 | (((w >> SOUTH) & 3) as usize) << 8
}
const GROUPS: usize = 1 << 10;

/// Four words of member bits: members `256 q .. 256 q + 256` of a group.
#[repr(C, align(32))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Quad([u64; 4]);

impl Quad {
    #[inline(always)]
    fn and(self, o: &Quad) -> Quad {
        Quad([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2], self.0[3] & o.0[3]])
    }

    #[inline(always)]
    fn any(&self) -> u64 {
        self.0[0] | self.0[1] | self.0[2] | self.0[3]
    }

    fn set(&mut self, i: usize) {
        self.0[i / 64 % 4] |= 1 << (i % 64);
    }
}

/// The orientations of one group key, with their index.
#[derive(Debug, Clone, Default)]
struct Group {
    /// Orientation numbers, in member order.
    members: Vec<u32>,
    /// What a surviving member needs, in member order: one cache line away from the index.
    hot: Vec<Hot>,
    /// Quads per index row (members rounded up to 256).
    quads: usize,
    /// `table[(p * 4 + code) * quads + q]`: the members of quad `q` admitting `code` at
    /// [`REST`]`[p]`. Row-major, so one anchor's rows are contiguous runs.
    table: Vec<Quad>,
    /// `room[(side * room_rows + d) * quads + q]`: the members that fit with `d` points
    /// (clamped to `room_rows - 1`) between the anchor and that side's edge (north, south,
    /// west, east), touching exactly the edges they declare.
    room: Vec<Quad>,
    /// `extent[(side * room_rows + k) * quads + q]`: the members reaching at least `k` points
    /// from the anchor towards that side: which can cover a point, for incremental re-matching.
    extent: Vec<Quad>,
}

/// What a survivor needs, per orientation, packed small (20 bytes), with its first residual
/// test inline: most survivors that fail, fail there, without reading the residual array.
#[derive(Debug, Clone, Copy)]
struct Hot {
    pattern: u32,
    /// The other residual tests: `residuals[rest_start..rest_start + rest_len]`.
    rest_start: u32,
    rest_len: u16,
    transform: Transform,
    move_offset: Option<(i8, i8)>,
    /// The first residual test (mask 0, always true, when there is none).
    first: Residual,
}

/// Compiled patterns and their index; build once, scan many boards.
#[derive(Debug, Clone)]
pub struct BitmaskMatcher {
    orientations: Vec<Compiled>,
    weights: Vec<f64>,
    /// Every orientation's residual tests, one after another.
    residuals: Vec<Residual>,
    /// Index of each pattern's first orientation (orientations follow `transforms()`).
    first: Vec<u32>,
    /// By [`group_key`].
    groups: Vec<Group>,
    reach: i32,
    /// Distances to an edge the room index tells apart: farther ones act as `reach + 1`.
    room_rows: usize,
}

/// Bit `p * 4 + code`: the codes an orientation admits at the window point `p` (the
/// [`KEYED`] points, then [`REST`]).
fn admitted(o: &Compiled) -> u128 {
    let mut bits = 0u128;
    for (p, &(dr, dc)) in KEYED.iter().chain(REST.iter()).enumerate() {
        for code in 0..4u64 {
            if o.admits_code_at(dr, dc, code) {
                bits |= 1 << (p * 4 + code as usize);
            }
        }
    }
    bits
}

/// How far an orientation reaches north, south, west and east of its anchor, and whether
/// it declares that edge.
fn sides(o: &Compiled) -> [(i32, bool); 4] {
    [(-o.min.0, o.edges.north), (o.max.0, o.edges.south), (-o.min.1, o.edges.west), (o.max.1, o.edges.east)]
}

impl Group {
    fn new(orientations: &[Compiled], admits: &[u128], hot: &[Hot], mut members: Vec<u32>, room_rows: usize) -> Group {
        // Members asking the same of the nearest window points sit together, so a board
        // that refuses them clears whole words.
        let nibble = |m: u32, p: usize| (admits[m as usize] >> (4 * (KEYED.len() + p))) as u8 & 15;
        members.sort_by_key(|&m| {
            let mut key = [0u8; EARLY];
            for (p, k) in key.iter_mut().enumerate() {
                let a = nibble(m, p);
                *k = (a.count_ones() as u8) << 4 | a;
            }
            (key, m)
        });
        let quads = members.len().div_ceil(256);
        let mut table = vec![Quad::default(); NR * 4 * quads];
        let mut room = vec![Quad::default(); 4 * room_rows * quads];
        let mut extent = vec![Quad::default(); 4 * room_rows * quads];
        for (i, &m) in members.iter().enumerate() {
            let q = i / 256;
            for p in 0..NR {
                for code in 0..4 {
                    if nibble(m, p) >> code & 1 == 1 {
                        table[(p * 4 + code) * quads + q].set(i);
                    }
                }
            }
            for (side, (reach, edge)) in sides(&orientations[m as usize]).into_iter().enumerate() {
                for d in 0..room_rows as i32 {
                    if d >= reach && (!edge || d == reach) {
                        room[(side * room_rows + d as usize) * quads + q].set(i);
                    }
                    if d <= reach {
                        extent[(side * room_rows + d as usize) * quads + q].set(i);
                    }
                }
            }
        }
        let hot = members.iter().map(|&m| hot[m as usize]).collect();
        Group { members, hot, quads, table, room, extent }
    }
}

impl BitmaskMatcher {
    pub fn new(set: &PatternSet) -> BitmaskMatcher {
        let orientations = set.compile();
        let admits: Vec<u128> = orientations.iter().map(admitted).collect();
        let reach =
            orientations.iter().map(|o| o.min.0.abs().max(o.min.1.abs()).max(o.max.0).max(o.max.1)).max().unwrap_or(0);
        let room_rows = reach as usize + 2;
        let mut residuals = Vec::new();
        let hot: Vec<Hot> = orientations
            .iter()
            .map(|o| {
                let always = Residual { row: 0, col: 0, mask: 0, value: 0 };
                let first = o.residual.first().copied().unwrap_or(always);
                let rest = o.residual.get(1..).unwrap_or(&[]);
                let rest_start = residuals.len() as u32;
                residuals.extend_from_slice(rest);
                Hot {
                    pattern: o.pattern,
                    rest_start,
                    rest_len: rest.len() as u16,
                    transform: o.transform,
                    move_offset: o.move_offset.map(|(i, j)| (i as i8, j as i8)),
                    first,
                }
            })
            .collect();
        let groups = (0..GROUPS)
            .map(|key| {
                let anchor = (key >> 2) & 3;
                if anchor == 3 {
                    return Group::default();
                }
                // Key bits 0..2, 4..6, 6..8, 8..10: the KEYED points in order.
                let near = [key & 3, (key >> 4) & 3, (key >> 6) & 3, (key >> 8) & 3];
                let wanted = near.iter().enumerate().fold(0u128, |m, (p, &code)| m | 1 << (p * 4 + code));
                let members: Vec<u32> = (0..orientations.len() as u32)
                    .filter(|&k| orientations[k as usize].anchor_codes[anchor] && admits[k as usize] & wanted == wanted)
                    .collect();
                Group::new(&orientations, &admits, &hot, members, room_rows)
            })
            .collect();
        let weights = orientations.iter().map(|o| o.weight).collect();
        let mut first = Vec::with_capacity(set.len());
        for (k, o) in orientations.iter().enumerate() {
            if first.len() <= o.pattern as usize {
                first.push(k as u32);
            }
        }
        BitmaskMatcher { orientations, weights, residuals, first, groups, reach, room_rows }
    }

    /// The compiled orientations, in pattern order.
    pub fn orientations(&self) -> &[Compiled] {
        &self.orientations
    }

    /// The compiled orientation a match was found with.
    pub fn orientation_of(&self, m: &Match) -> &Compiled {
        let base = self.first[m.pattern as usize] as usize;
        let tail = &self.orientations[base..];
        tail.iter()
            .take_while(|o| o.pattern == m.pattern)
            .find(|o| o.transform == m.transform)
            .expect("a match of this matcher")
    }

    /// Whether the rectangle of a match covers the point `(row, col)`.
    pub fn covers(&self, m: &Match, row: usize, col: usize) -> bool {
        let o = self.orientation_of(m);
        let (dr, dc) = (row as i32 - m.anchor.row as i32, col as i32 - m.anchor.col as i32);
        (o.min.0..=o.max.0).contains(&dr) && (o.min.1..=o.max.1).contains(&dc)
    }

    /// Memory taken by the index (bitsets and per-member data), in bytes.
    pub fn index_bytes(&self) -> usize {
        let groups: usize = self
            .groups
            .iter()
            .map(|g| {
                32 * (g.table.len() + g.room.len() + g.extent.len())
                    + (4 + std::mem::size_of::<Hot>()) * g.members.len()
            })
            .sum();
        groups + 4 * self.residuals.len()
    }

    /// The farthest any pattern point lies from its anchor, in rows or columns.
    pub fn reach(&self) -> i32 {
        self.reach
    }

    /// All matches on `board`, replacing the contents of `out` (whose capacity is reused).
    pub fn scan(&self, board: &PackedBoard, out: &mut Vec<Match>) {
        out.clear();
        let n = board.size();
        // One anchor behind: the next anchor's index rows are fetched while this one is
        // matched, as their addresses depend on the board and defeat the hardware prefetcher.
        let mut pending = None;
        for r in 0..n {
            for c in 0..n {
                let w = board.window(r, c);
                let g = &self.groups[group_key(w)];
                if g.quads == 0 {
                    continue;
                }
                self.prefetch(g, w, board.size(), r, c);
                if let Some((pr, pc)) = pending.replace((r, c)) {
                    self.scan_at::<false, false>(board, pr, pc, 0.0, [0; 4], out);
                }
            }
        }
        if let Some((pr, pc)) = pending {
            self.scan_at::<false, false>(board, pr, pc, 0.0, [0; 4], out);
        }
    }

    /// Asks the cache for the index rows an anchor will read.
    #[inline(always)]
    fn prefetch(&self, g: &Group, w: u64, n: usize, row: usize, col: usize) {
        let (rr, stride) = (self.room_rows, g.quads);
        for (side, d) in [row, n - 1 - row, col, n - 1 - col].into_iter().enumerate() {
            prefetch_quads(&g.room, (side * rr + d.min(rr - 1)) * stride, stride);
        }
        for (p, &shift) in SHIFTS.iter().enumerate() {
            let code = ((w >> shift) & 3) as usize;
            prefetch_quads(&g.table, (p * 4 + code) * stride, stride);
        }
    }

    /// The matches of patterns whose maximum weight is at least `min_weight`.
    pub fn scan_min_weight(&self, board: &PackedBoard, min_weight: f64, out: &mut Vec<Match>) {
        out.clear();
        let n = board.size();
        for r in 0..n {
            for c in 0..n {
                self.scan_at::<false, true>(board, r, c, min_weight, [0; 4], out);
            }
        }
    }

    /// Appends the matches anchored at `(row, col)`.
    pub fn scan_anchor(&self, board: &PackedBoard, row: usize, col: usize, out: &mut Vec<Match>) {
        self.scan_at::<false, false>(board, row, col, 0.0, [0; 4], out);
    }

    /// Appends the matches anchored at `(row, col)` whose rectangle meets the board rectangle
    /// `rows` × `cols` (inclusive): the only ones a change there can create. Orientations that
    /// cannot reach it are dropped by the extent index before any other test.
    pub fn scan_anchor_covering(
        &self,
        board: &PackedBoard,
        row: usize,
        col: usize,
        rows: (usize, usize),
        cols: (usize, usize),
        out: &mut Vec<Match>,
    ) {
        let (r, c) = (row as i32, col as i32);
        // Reach needed towards each side: north to the rectangle's bottom row, and so on.
        let need = [r - rows.1 as i32, rows.0 as i32 - r, c - cols.1 as i32, cols.0 as i32 - c];
        if need.iter().any(|&k| k > self.reach) {
            return;
        }
        self.scan_at::<true, false>(board, row, col, 0.0, need, out);
    }

    /// Appends the matches anchored in `anchor_rows` × `anchor_cols` (inclusive, on the board)
    /// whose rectangle meets `rows` × `cols`: [`Self::scan_anchor_covering`] at each anchor, with
    /// the next anchor's room and extent rows prefetched meanwhile.
    pub fn scan_covering(
        &self,
        board: &PackedBoard,
        anchor_rows: (usize, usize),
        anchor_cols: (usize, usize),
        rows: (usize, usize),
        cols: (usize, usize),
        out: &mut Vec<Match>,
    ) {
        let mut pending = None;
        for r in anchor_rows.0..=anchor_rows.1 {
            for c in anchor_cols.0..=anchor_cols.1 {
                let g = &self.groups[group_key(board.window(r, c))];
                let (ri, ci) = (r as i32, c as i32);
                let need = [ri - rows.1 as i32, rows.0 as i32 - ri, ci - cols.1 as i32, cols.0 as i32 - ci];
                if g.quads == 0 || need.iter().any(|&k| k > self.reach) {
                    continue;
                }
                let (rr, stride, last) = (self.room_rows, g.quads, board.size() - 1);
                for (side, d) in [r, last - r, c, last - c].into_iter().enumerate() {
                    prefetch_quads(&g.room, (side * rr + d.min(rr - 1)) * stride, stride);
                    if need[side] > 0 {
                        prefetch_quads(&g.extent, (side * rr + need[side] as usize) * stride, stride);
                    }
                }
                if let Some((pr, pc, pneed)) = pending.replace((r, c, need)) {
                    self.scan_at::<true, false>(board, pr, pc, 0.0, pneed, out);
                }
            }
        }
        if let Some((pr, pc, pneed)) = pending {
            self.scan_at::<true, false>(board, pr, pc, 0.0, pneed, out);
        }
    }

    /// With `COVER`, `need` gives per side the reach an orientation must have (only those
    /// above 0 are tested); with `WEIGHED`, orientations lighter than `min_weight` are left out.
    #[inline(always)]
    fn scan_at<const COVER: bool, const WEIGHED: bool>(
        &self,
        board: &PackedBoard,
        row: usize,
        col: usize,
        min_weight: f64,
        need: [i32; 4],
        out: &mut Vec<Match>,
    ) {
        let w = board.window(row, col);
        let g = &self.groups[group_key(w)];
        if g.quads == 0 {
            return;
        }
        let last = board.size() - 1;
        let (rr, stride) = (self.room_rows, g.quads);
        let mut room = [0; 4];
        for (side, d) in [row, last - row, col, last - col].into_iter().enumerate() {
            room[side] = (side * rr + d.min(rr - 1)) * stride;
        }
        let mut extent = [usize::MAX; 4];
        if COVER {
            for (side, &k) in need.iter().enumerate() {
                if k > 0 {
                    extent[side] = (side * rr + k as usize) * stride;
                }
            }
        }
        let at = Anchor { board, row, col, w, room, extent, min_weight };
        let mut q0 = 0;
        while q0 < stride {
            match stride - q0 {
                1 => self.chunk::<1, COVER, WEIGHED>(g, q0, &at, out),
                2 => self.chunk::<2, COVER, WEIGHED>(g, q0, &at, out),
                3 => self.chunk::<3, COVER, WEIGHED>(g, q0, &at, out),
                _ => self.chunk::<CHUNK, COVER, WEIGHED>(g, q0, &at, out),
            }
            q0 += CHUNK;
        }
    }

    /// Ands the index rows of quads `q0 .. q0 + NQ` in registers, then checks the survivors.
    #[inline(never)]
    fn chunk<const NQ: usize, const COVER: bool, const WEIGHED: bool>(
        &self,
        g: &Group,
        q0: usize,
        at: &Anchor,
        out: &mut Vec<Match>,
    ) {
        let stride = g.quads;
        let row = |v: &'_ [Quad], base: usize| -> [Quad; NQ] {
            let s: &[Quad; NQ] = v[base + q0..base + q0 + NQ].try_into().expect("NQ quads");
            *s
        };
        let mut acc = row(&g.room, at.room[0]);
        let and_row = |acc: &mut [Quad; NQ], r: [Quad; NQ]| {
            for (a, b) in acc.iter_mut().zip(&r) {
                *a = a.and(b);
            }
        };
        for &base in &at.room[1..] {
            and_row(&mut acc, row(&g.room, base));
        }
        if COVER {
            for &base in &at.extent {
                if base != usize::MAX {
                    and_row(&mut acc, row(&g.extent, base));
                }
            }
            if acc.iter().all(|a| a.any() == 0) {
                return;
            }
        }
        let w = at.w;
        for (p, &shift) in SHIFTS[..EARLY].iter().enumerate() {
            let code = ((w >> shift) & 3) as usize;
            and_row(&mut acc, row(&g.table, (p * 4 + code) * stride));
        }
        if acc.iter().all(|a| a.any() == 0) {
            return;
        }
        for (p, &shift) in SHIFTS.iter().enumerate().skip(EARLY) {
            let code = ((w >> shift) & 3) as usize;
            and_row(&mut acc, row(&g.table, (p * 4 + code) * stride));
        }
        let (r, c) = (at.row as i32, at.col as i32);
        // Survivors' data first asked for all at once, so their cache misses overlap.
        for (j, quad) in acc.iter().enumerate() {
            for (l, &word) in quad.0.iter().enumerate() {
                let base = ((q0 + j) * 4 + l) * 64;
                let mut bits = word;
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    prefetch(g.hot.get(base + i));
                }
            }
        }
        let test = |t: &Residual| {
            let v = at.board.code((r + t.row as i32) as usize, (c + t.col as i32) as usize);
            v & t.mask as u64 == t.value as u64
        };
        for (j, quad) in acc.iter().enumerate() {
            for (l, &word) in quad.0.iter().enumerate() {
                let base = ((q0 + j) * 4 + l) * 64;
                let mut bits = word;
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let h = &g.hot[base + i];
                    debug_assert!({
                        let o = &self.orientations[g.members[base + i] as usize];
                        o.fits(at.board.size() as i32, r, c) && at.w & o.core_mask == o.core_value
                    });
                    if WEIGHED && self.weights[g.members[base + i] as usize] < at.min_weight {
                        continue;
                    }
                    if !test(&h.first) {
                        continue;
                    }
                    let start = h.rest_start as usize;
                    if !self.residuals[start..start + h.rest_len as usize].iter().all(test) {
                        continue;
                    }
                    out.push(Match {
                        pattern: h.pattern,
                        anchor: Vertex::new(at.row, at.col),
                        transform: h.transform,
                        move_vertex: h
                            .move_offset
                            .map(|(i, j)| Vertex::new((r + i as i32) as usize, (c + j as i32) as usize)),
                    });
                }
            }
        }
    }
}

/// Prefetches `v[start..start + len]`, a cache line (two quads) at a time.
#[inline(always)]
fn prefetch_quads(v: &[Quad], start: usize, len: usize) {
    let Some(run) = v.get(start..start + len) else { return };
    for q in run.iter().step_by(2) {
        prefetch(Some(q));
    }
}

/// Asks the cache for the line holding `x` (nothing on other architectures).
#[inline(always)]
fn prefetch<T>(x: Option<&T>) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = x {
        // SAFETY: a prefetch is only a hint: it never faults nor changes memory, and the
        // address is that of a live value anyway.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(x as *const T as *const i8);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// One anchor's inputs to the index: its composite word and its room and extent rows.
struct Anchor<'a> {
    board: &'a PackedBoard,
    row: usize,
    col: usize,
    w: u64,
    room: [usize; 4],
    extent: [usize; 4],
    min_weight: f64,
}
