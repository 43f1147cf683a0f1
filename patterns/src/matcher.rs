//! The bitmask matcher over a [`PackedBoard`]. Only points whose code some pattern's anchor
//! admits are anchors (stones, for GNU Go's databases), found a board row at a time from the
//! packed row. Per anchor the matcher reads the composite word (the point's 5×5
//! neighbourhood, kept up to date by the board) once. Ten of its bits — the anchor's code and
//! the codes of its four orthogonal neighbours — pick a group: the orientations whose anchor
//! element admits that colour and whose elements admit those neighbours (the seed's
//! anchor-colour pre-filter, widened; an orientation is filed in every group it admits).
//! Within the group a bit-parallel index leaves only orientations that fit the board there
//! (transformed bounding box and declared edges: the room rows) and agree with the other 20
//! points of the window: one bitset of members per (window point, code) and per (side, room
//! to that edge), 64 members a word, four words (one 32-byte aligned quad: one AVX2 and) at
//! a time. Each quad exits early when its members all die at the room rows or after the
//! eight nearest points; members are ordered by the edges they declare, then by reach, then
//! by what they ask of those points, so members that die together share quads. A survivor
//! has passed its whole core (the composite-word and-compare, bit-sliced over the members);
//! only its residual tests (points beyond the window, stones first) remain, the first inline
//! in the member's 20-byte record.
//!
//! The index is large (megabytes for `patterns.db`, in flat arrays) and the rows an anchor
//! reads depend on the board, so a full scan prefetches the next anchor's rows while it
//! matches the current one, and asks for all survivors' records before testing any: their
//! cache misses overlap instead of following one another. The scanning loops are built twice,
//! portable and with AVX2 (chosen at run time by CPU detection; [`BitmaskMatcher::with_simd`]
//! forces the portable one); they allocate nothing but the caller's output, whose capacity is
//! reused. This module owns scanning; it must not change the compiled patterns nor evaluate
//! constraints.

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
/// Table rows a quad ands (after its room rows, the first check) before the second check
/// that some member is still alive.
const EARLY: usize = 8;

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
    const ONES: Quad = Quad([u64::MAX; 4]);

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

/// Where one group (the orientations of one [`group_key`]) lies in the matcher's flat
/// arrays. Its bit rows, `quads` quads each, are the index table (row `p * 4 + code`: the
/// members admitting `code` at [`REST`]`[p]`), then the room rows (row `TABLE_ROWS + side *
/// room_rows + d`: the members that fit with `d` points, clamped to `room_rows - 1`, between
/// the anchor and that side's edge — north, south, west, east — touching exactly the edges
/// they declare), then the extent rows (row `TABLE_ROWS + 4 * room_rows + side * room_rows +
/// k`: the members reaching at least `k` points towards that side, for incremental
/// re-matching).
#[derive(Debug, Clone, Copy, Default)]
struct GroupHead {
    /// First quad of the group's rows in `bits`.
    bits: u32,
    /// Quads per row (members rounded up to 256); 0 for a group without members.
    quads: u32,
    /// First of the group's members in `hot` and `members`.
    hot: u32,
}

const TABLE_ROWS: usize = NR * 4;
/// Rows an anchor reads at most: room and extent per side, then the table's.
const MAX_ROWS: usize = 8 + NR;

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
    heads: Vec<GroupHead>,
    /// Every group's bit rows (see [`GroupHead`]).
    bits: Vec<Quad>,
    /// Every group's members (orientation numbers) and their records, group after group, in
    /// member order.
    members: Vec<u32>,
    hot: Vec<Hot>,
    /// The anchor codes some group has members for (bit `k`: code `k`): the other points
    /// are never anchors.
    anchor_codes: u8,
    reach: i32,
    /// Distances to an edge the room index tells apart: farther ones act as `reach + 1`.
    room_rows: usize,
    /// Whether scans run the AVX2 build of their loops (where the CPU has it).
    avx2: bool,
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

/// Appends one group's rows to `bits` and returns its members in member order.
fn build_group(
    orientations: &[Compiled],
    admits: &[u128],
    mut members: Vec<u32>,
    room_rows: usize,
    bits: &mut Vec<Quad>,
) -> Vec<u32> {
    // Members that fit the same anchors sit together (by the edges they declare, then by
    // how far they reach), then those asking the same of the nearest window points, so the
    // room rows and a board that refuses them clear whole quads.
    let nibble = |m: u32, p: usize| (admits[m as usize] >> (4 * (KEYED.len() + p))) as u8 & 15;
    members.sort_by_key(|&m| {
        let s = sides(&orientations[m as usize]);
        let edges = s.iter().enumerate().fold(0u8, |e, (k, &(_, edge))| e | u8::from(edge) << k);
        let reach = s.iter().map(|&(r, _)| r).max().unwrap_or(0);
        let mut key = [0u8; EARLY];
        for (p, k) in key.iter_mut().enumerate() {
            let a = nibble(m, p);
            *k = (a.count_ones() as u8) << 4 | a;
        }
        (edges, reach, key, m)
    });
    let quads = members.len().div_ceil(256);
    let base = bits.len();
    bits.resize(base + (TABLE_ROWS + 8 * room_rows) * quads, Quad::default());
    let rows = &mut bits[base..];
    let (room, extent) = (TABLE_ROWS, TABLE_ROWS + 4 * room_rows);
    for (i, &m) in members.iter().enumerate() {
        let q = i / 256;
        for p in 0..NR {
            for code in 0..4 {
                if nibble(m, p) >> code & 1 == 1 {
                    rows[(p * 4 + code) * quads + q].set(i);
                }
            }
        }
        for (side, (reach, edge)) in sides(&orientations[m as usize]).into_iter().enumerate() {
            for d in 0..room_rows as i32 {
                let row = side * room_rows + d as usize;
                if d >= reach && (!edge || d == reach) {
                    rows[(room + row) * quads + q].set(i);
                }
                if d <= reach {
                    rows[(extent + row) * quads + q].set(i);
                }
            }
        }
    }
    members
}

impl BitmaskMatcher {
    pub fn new(set: &PatternSet) -> BitmaskMatcher {
        let orientations = set.compile();
        let admits: Vec<u128> = orientations.iter().map(admitted).collect();
        let reach =
            orientations.iter().map(|o| o.min.0.abs().max(o.min.1.abs()).max(o.max.0).max(o.max.1)).max().unwrap_or(0);
        let room_rows = reach as usize + 2;
        let mut residuals = Vec::new();
        let records: Vec<Hot> = orientations
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
        let (mut heads, mut bits, mut members, mut hot) =
            (Vec::with_capacity(GROUPS), Vec::new(), Vec::new(), Vec::new());
        let mut anchor_codes = 0u8;
        for key in 0..GROUPS {
            let anchor = (key >> 2) & 3;
            // Key bits 0..2, 4..6, 6..8, 8..10: the KEYED points in order.
            let near = [key & 3, (key >> 4) & 3, (key >> 6) & 3, (key >> 8) & 3];
            let wanted = near.iter().enumerate().fold(0u128, |m, (p, &code)| m | 1 << (p * 4 + code));
            let group: Vec<u32> = (0..orientations.len() as u32)
                .filter(|&k| {
                    anchor < 3 && orientations[k as usize].anchor_codes[anchor] && admits[k as usize] & wanted == wanted
                })
                .collect();
            if group.is_empty() {
                heads.push(GroupHead::default());
                continue;
            }
            anchor_codes |= 1 << anchor;
            let head = GroupHead {
                bits: bits.len() as u32,
                quads: group.len().div_ceil(256) as u32,
                hot: members.len() as u32,
            };
            let group = build_group(&orientations, &admits, group, room_rows, &mut bits);
            hot.extend(group.iter().map(|&m| records[m as usize]));
            members.extend(group);
            heads.push(head);
        }
        // Row offsets (and the heads' fields) are u32: a row's end must still fit.
        assert!(u32::try_from(bits.len()).is_ok() && u32::try_from(members.len()).is_ok(), "index too large");
        let weights = orientations.iter().map(|o| o.weight).collect();
        let mut first = Vec::with_capacity(set.len());
        for (k, o) in orientations.iter().enumerate() {
            if first.len() <= o.pattern as usize {
                first.push(k as u32);
            }
        }
        BitmaskMatcher {
            orientations,
            weights,
            residuals,
            first,
            heads,
            bits,
            members,
            hot,
            anchor_codes,
            reach,
            room_rows,
            avx2: avx2_available(),
        }
    }

    /// With `false`, scans run the portable build of their loops even where the CPU has
    /// AVX2 (for tests and benchmarks of the fallback); with `true`, the AVX2 build where the
    /// CPU has it (the default).
    pub fn with_simd(mut self, simd: bool) -> BitmaskMatcher {
        self.avx2 = simd && avx2_available();
        self
    }

    /// Whether scans run the AVX2 build of their loops.
    pub fn simd(&self) -> bool {
        self.avx2
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
        std::mem::size_of::<Quad>() * self.bits.len()
            + (4 + std::mem::size_of::<Hot>()) * self.hot.len()
            + std::mem::size_of::<GroupHead>() * self.heads.len()
            + std::mem::size_of::<Residual>() * self.residuals.len()
    }

    /// The farthest any pattern point lies from its anchor, in rows or columns.
    pub fn reach(&self) -> i32 {
        self.reach
    }

    /// All matches on `board`, replacing the contents of `out` (whose capacity is reused:
    /// the scan allocates nothing once `out` has held a board's matches).
    pub fn scan(&self, board: &PackedBoard, out: &mut Vec<Match>) {
        out.clear();
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is only set when the running CPU reports AVX2, the one
            // requirement of calling a function built with that feature.
            unsafe { self.scan_avx2(board, out) };
            return;
        }
        self.scan_all(board, out);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn scan_avx2(&self, board: &PackedBoard, out: &mut Vec<Match>) {
        self.scan_all(board, out);
    }

    /// The full scan's loop, built once portable and once for AVX2: everything it calls on
    /// the way to a match is inlined into it.
    #[inline(always)]
    fn scan_all(&self, board: &PackedBoard, out: &mut Vec<Match>) {
        // One anchor behind: the next anchor's index rows are fetched while this one is
        // matched, as their addresses depend on the board and defeat the hardware prefetcher.
        let mut rows = [[0u32; MAX_ROWS]; 2];
        let mut pending: Option<(usize, usize, GroupHead)> = None;
        let mut k = 0;
        for r in 0..board.size() {
            let mut anchors = board.row_points_with(r, self.anchor_codes);
            while anchors != 0 {
                let c = anchors.trailing_zeros() as usize / 2;
                anchors &= anchors - 1;
                let w = board.window(r, c);
                let head = self.heads[group_key(w)];
                if head.quads == 0 {
                    continue;
                }
                k ^= 1;
                let len = self.anchor_rows(head, board, r, c, [0; 4], &mut rows[k]);
                self.prefetch_rows(&rows[k][..len]);
                if let Some((pr, pc, ph)) = pending.replace((r, c, head)) {
                    self.match_anchor::<false>(board, pr, pc, ph, &rows[k ^ 1][..4 + NR], 4 + EARLY, 0.0, out);
                }
            }
        }
        if let Some((pr, pc, ph)) = pending {
            self.match_anchor::<false>(board, pr, pc, ph, &rows[k][..4 + NR], 4 + EARLY, 0.0, out);
        }
    }

    /// The matches of patterns whose maximum weight is at least `min_weight`.
    pub fn scan_min_weight(&self, board: &PackedBoard, min_weight: f64, out: &mut Vec<Match>) {
        out.clear();
        let mut rows = [0u32; MAX_ROWS];
        for r in 0..board.size() {
            for c in 0..board.size() {
                let w = board.window(r, c);
                let head = self.heads[group_key(w)];
                if head.quads != 0 {
                    let len = self.anchor_rows(head, board, r, c, [0; 4], &mut rows);
                    self.match_anchor::<true>(board, r, c, head, &rows[..len], 4 + EARLY, min_weight, out);
                }
            }
        }
    }

    /// Appends the matches anchored at `(row, col)`.
    pub fn scan_anchor(&self, board: &PackedBoard, row: usize, col: usize, out: &mut Vec<Match>) {
        self.scan_anchor_covering_unchecked(board, row, col, [0; 4], out);
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
        if let Some(need) = self.need(row, col, rows, cols) {
            self.scan_anchor_covering_unchecked(board, row, col, need, out);
        }
    }

    fn scan_anchor_covering_unchecked(
        &self,
        board: &PackedBoard,
        row: usize,
        col: usize,
        need: [i32; 4],
        out: &mut Vec<Match>,
    ) {
        let w = board.window(row, col);
        let head = self.heads[group_key(w)];
        if head.quads != 0 {
            let mut rows = [0u32; MAX_ROWS];
            let len = self.anchor_rows(head, board, row, col, need, &mut rows);
            self.match_anchor::<false>(board, row, col, head, &rows[..len], len - NR + EARLY, 0.0, out);
        }
    }

    /// Per side, the reach an orientation anchored at `(row, col)` needs to meet the
    /// rectangle `rows` × `cols` (north to its bottom row, and so on); `None` when no
    /// orientation reaches that far.
    fn need(&self, row: usize, col: usize, rows: (usize, usize), cols: (usize, usize)) -> Option<[i32; 4]> {
        let (r, c) = (row as i32, col as i32);
        let need = [r - rows.1 as i32, rows.0 as i32 - r, c - cols.1 as i32, cols.0 as i32 - c];
        need.iter().all(|&k| k <= self.reach).then_some(need)
    }

    /// Appends the matches anchored in `anchor_rows` × `anchor_cols` (inclusive, on the board)
    /// whose rectangle meets `rows` × `cols`: [`Self::scan_anchor_covering`] at each anchor, with
    /// the next anchor's rows prefetched meanwhile.
    pub fn scan_covering(
        &self,
        board: &PackedBoard,
        anchor_rows: (usize, usize),
        anchor_cols: (usize, usize),
        rows: (usize, usize),
        cols: (usize, usize),
        out: &mut Vec<Match>,
    ) {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is only set when the running CPU reports AVX2.
            unsafe { self.scan_covering_avx2(board, anchor_rows, anchor_cols, rows, cols, out) };
            return;
        }
        self.scan_covering_all(board, anchor_rows, anchor_cols, rows, cols, out);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn scan_covering_avx2(
        &self,
        board: &PackedBoard,
        anchor_rows: (usize, usize),
        anchor_cols: (usize, usize),
        rows: (usize, usize),
        cols: (usize, usize),
        out: &mut Vec<Match>,
    ) {
        self.scan_covering_all(board, anchor_rows, anchor_cols, rows, cols, out);
    }

    #[inline(always)]
    fn scan_covering_all(
        &self,
        board: &PackedBoard,
        anchor_rows: (usize, usize),
        anchor_cols: (usize, usize),
        rows: (usize, usize),
        cols: (usize, usize),
        out: &mut Vec<Match>,
    ) {
        if anchor_rows.0 > anchor_rows.1 || anchor_cols.0 > anchor_cols.1 {
            return;
        }
        let mut buf = [[0u32; MAX_ROWS]; 2];
        let mut pending: Option<(usize, usize, GroupHead, usize)> = None;
        let mut k = 0;
        // Columns of the anchor rectangle, as `row_points_with` gives them.
        let span = anchor_cols.1 + 1 - anchor_cols.0;
        let cols_mask = (0x5555_5555_5555_5555u64 >> (64 - 2 * span)) << (2 * anchor_cols.0);
        for r in anchor_rows.0..=anchor_rows.1 {
            let mut anchors = board.row_points_with(r, self.anchor_codes) & cols_mask;
            while anchors != 0 {
                let c = anchors.trailing_zeros() as usize / 2;
                anchors &= anchors - 1;
                let w = board.window(r, c);
                let head = self.heads[group_key(w)];
                if head.quads == 0 {
                    continue;
                }
                let Some(need) = self.need(r, c, rows, cols) else { continue };
                k ^= 1;
                let len = self.anchor_rows(head, board, r, c, need, &mut buf[k]);
                self.prefetch_rows(&buf[k][..len]);
                if let Some((pr, pc, ph, plen)) = pending.replace((r, c, head, len)) {
                    let early = plen - NR + EARLY;
                    self.match_anchor::<false>(board, pr, pc, ph, &buf[k ^ 1][..plen], early, 0.0, out);
                }
            }
        }
        if let Some((pr, pc, ph, plen)) = pending {
            self.match_anchor::<false>(board, pr, pc, ph, &buf[k][..plen], plen - NR + EARLY, 0.0, out);
        }
    }

    /// Fills `rows` with the quad offsets (in `bits`) of the rows an anchor ands: its room
    /// rows, the extent rows of the sides `need` asks to reach (above 0), then its table
    /// rows; returns how many.
    #[inline(always)]
    fn anchor_rows(
        &self,
        head: GroupHead,
        board: &PackedBoard,
        row: usize,
        col: usize,
        need: [i32; 4],
        rows: &mut [u32; MAX_ROWS],
    ) -> usize {
        let (rr, quads, base) = (self.room_rows, head.quads as usize, head.bits as usize);
        let (w, last) = (board.window(row, col), board.size() - 1);
        let mut len = 0;
        for (side, d) in [row, last - row, col, last - col].into_iter().enumerate() {
            rows[len] = (base + (TABLE_ROWS + side * rr + d.min(rr - 1)) * quads) as u32;
            len += 1;
        }
        for (side, &k) in need.iter().enumerate() {
            if k > 0 {
                rows[len] = (base + (TABLE_ROWS + (4 + side) * rr + k as usize) * quads) as u32;
                len += 1;
            }
        }
        for (p, &shift) in SHIFTS.iter().enumerate() {
            let code = ((w >> shift) & 3) as usize;
            rows[len] = (base + (p * 4 + code) * quads) as u32;
            len += 1;
        }
        len
    }

    /// Asks the cache for the lines of an anchor's rows.
    #[inline(always)]
    fn prefetch_rows(&self, rows: &[u32]) {
        // The first line of each row: measured as fast as fetching them whole, with fewer
        // instructions (most rows are one or two lines; the hardware follows the rest).
        for &o in rows {
            prefetch(self.bits.as_ptr().wrapping_add(o as usize) as *const u8);
        }
    }

    /// Matches one anchor: ands `rows` (an early check after the first `early` of them),
    /// then tests the survivors' residual points. With `WEIGHED`, orientations lighter than
    /// `min_weight` are left out.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn match_anchor<const WEIGHED: bool>(
        &self,
        board: &PackedBoard,
        row: usize,
        col: usize,
        head: GroupHead,
        rows: &[u32],
        early: usize,
        min_weight: f64,
        out: &mut Vec<Match>,
    ) {
        let quads = head.quads as usize;
        let bits = &self.bits[..];
        let (room, rest) = rows.split_at(4);
        let (near, far) = rest.split_at(early.min(rows.len()) - 4);
        let and_rows = |acc: &mut Quad, rows: &[u32], q: usize| {
            for &o in rows {
                *acc = acc.and(&bits[o as usize + q]);
            }
        };
        for q in 0..quads {
            // Whole quads die at the room rows (members are sorted by reach) or at the nearest
            // points (members asking the same of them sit together).
            let mut acc = Quad::ONES;
            and_rows(&mut acc, room, q);
            if acc.any() == 0 {
                continue;
            }
            and_rows(&mut acc, near, q);
            if acc.any() == 0 {
                continue;
            }
            and_rows(&mut acc, far, q);
            if acc.any() != 0 {
                self.survivors::<WEIGHED>(&Anchor { board, row, col, head, min_weight }, q, acc, out);
            }
        }
    }

    /// Tests the residual points of the members of quad `q` left in `acc`.
    #[inline(always)]
    fn survivors<const WEIGHED: bool>(&self, at: &Anchor, q: usize, acc: Quad, out: &mut Vec<Match>) {
        let (r, c) = (at.row as i32, at.col as i32);
        let first = at.head.hot as usize + 256 * q;
        let hot = &self.hot[first..];
        // Survivors' records first asked for all at once, so their cache misses overlap.
        for (l, &word) in acc.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                prefetch(hot.as_ptr().wrapping_add(64 * l + i) as *const u8);
            }
        }
        let test = |t: &Residual| {
            let v = at.board.code((r + t.row as i32) as usize, (c + t.col as i32) as usize);
            v & t.mask as u64 == t.value as u64
        };
        for (l, &word) in acc.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = 64 * l + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let h = &hot[i];
                debug_assert!({
                    let o = &self.orientations[self.members[first + i] as usize];
                    let w = at.board.window(at.row, at.col);
                    o.fits(at.board.size() as i32, r, c) && w & o.core_mask == o.core_value
                });
                if WEIGHED && self.weights[self.members[first + i] as usize] < at.min_weight {
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

/// Whether the running CPU has AVX2 (never, off x86-64).
fn avx2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Asks the cache for the line holding `p` (nothing on other architectures).
#[inline(always)]
fn prefetch(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint: it never faults nor changes memory, whatever the
    // address (the callers' addresses are computed with wrapping arithmetic, never read).
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(p as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// An anchor whose survivors are tested: where it is and its group.
struct Anchor<'a> {
    board: &'a PackedBoard,
    row: usize,
    col: usize,
    head: GroupHead,
    min_weight: f64,
}
