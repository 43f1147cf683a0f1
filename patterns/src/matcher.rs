//! The bitmask matcher over a [`PackedBoard`]. Per anchor point it reads the composite
//! word once; the anchor's code and the codes of its four orthogonal neighbours select a
//! group of orientations that admit them (the seed's anchor-colour pre-filter, widened;
//! an orientation is filed in every group it admits); within it a bit-parallel index —
//! one bitset of orientations per (window point, code) and per (side, room to that edge),
//! 64 orientations a word — leaves only orientations that fit the board there and agree
//! with the other points of the 5×5 window; each survivor is then checked by its core
//! and-compare and its residual (outside the window) tests, stones first.
//! Within a group orientations are ordered by decreasing maximum weight, so a weight
//! threshold cuts a prefix. Scanning allocates nothing but the caller's output. This module owns scanning; it must not change the compiled patterns nor
//! evaluate constraints.

use crate::board::{Match, Vertex, MAX_BOARD};
use crate::compile::{Compiled, PatternSet};
use crate::packed::{window_shift, PackedBoard};

/// The window points the index looks at, nearest first.
const INDEX_POINTS: [(i32, i32); 24] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
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
const NP: usize = INDEX_POINTS.len();
/// Index points whose codes pick the group (the four orthogonal neighbours).
const KEYED: usize = 4;
const KEYS: usize = 1 << (2 * KEYED);
/// Blocks of 64 orientations and-ed together per pass (a stack buffer: no allocation).
const CHUNK: usize = 64;

/// The orientations that admit one anchor code and one set of codes at the four
/// orthogonal neighbours (an orientation sits in every group it admits), with their index.
#[derive(Debug, Clone, Default)]
struct Group {
    /// Orientation numbers, by decreasing weight.
    members: Vec<u32>,
    weights: Vec<f64>,
    /// Members' core (mask, value), in member order: the hot loop reads these
    /// contiguously instead of chasing each orientation.
    cores: Vec<(u64, u64)>,
    blocks: usize,
    /// `table[(point * 4 + code) * blocks + block]`: bit `i` set when member `64 * block + i`
    /// admits `code` at that index point. Block-minor, so one anchor's rows are contiguous
    /// runs the and-loop streams through.
    table: Vec<u64>,
    /// `room[(side * MAX_BOARD + d) * blocks + block]`: bit `i` set when member `64 * block + i`
    /// fits with `d` points between the anchor and that side's edge (north, south, west,
    /// east), its declared edges exactly there. Independent of the board size.
    room: Vec<u64>,
    /// `extent[(side * MAX_BOARD + k) * blocks + block]`: bit `i` set when member `64 * block + i`
    /// reaches at least `k` points from the anchor towards that side (north, south, west,
    /// east): which orientations can cover a point, for incremental re-matching.
    extent: Vec<u64>,
}

/// Compiled patterns and their index; build once, scan many boards.
#[derive(Debug, Clone)]
pub struct BitmaskMatcher {
    orientations: Vec<Compiled>,
    /// Index of each pattern's first orientation (orientations follow `transforms()`).
    first: Vec<u32>,
    /// By anchor code and the codes of the first [`KEYED`] index points.
    groups: Vec<Group>,
    reach: i32,
}

impl Group {
    fn new(orientations: &[Compiled], admits: &[u128], members: Vec<u32>) -> Group {
        let blocks = members.len().div_ceil(64);
        let mut table = vec![0u64; blocks * NP * 4];
        for (i, &m) in members.iter().enumerate() {
            for bit in 0..NP * 4 {
                if admits[m as usize] >> bit & 1 == 1 {
                    table[bit * blocks + i / 64] |= 1 << (i % 64);
                }
            }
        }
        let mut room = vec![0u64; blocks * 4 * MAX_BOARD];
        for (i, &m) in members.iter().enumerate() {
            let o = &orientations[m as usize];
            let sides = [
                (-o.min.0, o.edges.north),
                (o.max.0, o.edges.south),
                (-o.min.1, o.edges.west),
                (o.max.1, o.edges.east),
            ];
            for (side, (reach, edge)) in sides.into_iter().enumerate() {
                for d in 0..MAX_BOARD as i32 {
                    if d >= reach && (!edge || d == reach) {
                        room[(side * MAX_BOARD + d as usize) * blocks + i / 64] |= 1 << (i % 64);
                    }
                }
            }
        }
        let mut extent = vec![0u64; blocks * 4 * MAX_BOARD];
        for (i, &m) in members.iter().enumerate() {
            let o = &orientations[m as usize];
            for (side, reach) in [-o.min.0, o.max.0, -o.min.1, o.max.1].into_iter().enumerate() {
                for k in 0..=reach.min(MAX_BOARD as i32 - 1) {
                    extent[(side * MAX_BOARD + k as usize) * blocks + i / 64] |= 1 << (i % 64);
                }
            }
        }
        let weights = members.iter().map(|&m| orientations[m as usize].weight).collect();
        let cores = members
            .iter()
            .map(|&m| (orientations[m as usize].core_mask, orientations[m as usize].core_value))
            .collect();
        Group { members, weights, cores, blocks, table, room, extent }
    }
}

impl BitmaskMatcher {
    pub fn new(set: &PatternSet) -> BitmaskMatcher {
        let orientations = set.compile();
        // Bit `p * 4 + code`: the orientation admits `code` at index point `p`.
        let admits: Vec<u128> = orientations
            .iter()
            .map(|o| {
                let mut bits = 0u128;
                for (p, &(dr, dc)) in INDEX_POINTS.iter().enumerate() {
                    for c in 0..4u64 {
                        if o.admits_code_at(dr, dc, c) {
                            bits |= 1 << (p * 4 + c as usize);
                        }
                    }
                }
                bits
            })
            .collect();
        let groups = (0..3 * KEYS)
            .map(|key| {
                let (code, near) = (key / KEYS, key % KEYS);
                let wanted = (0..KEYED).map(|p| p * 4 + ((near >> (2 * p)) & 3)).fold(0u128, |m, b| m | 1 << b);
                let mut members: Vec<u32> = (0..orientations.len() as u32)
                    .filter(|&k| orientations[k as usize].anchor_codes[code] && admits[k as usize] & wanted == wanted)
                    .collect();
                // Stable: equal weights keep database order.
                members.sort_by(|a, b| orientations[*b as usize].weight.total_cmp(&orientations[*a as usize].weight));
                Group::new(&orientations, &admits, members)
            })
            .collect();
        let mut first = Vec::with_capacity(set.len());
        for (k, o) in orientations.iter().enumerate() {
            if first.len() <= o.pattern as usize {
                first.push(k as u32);
            }
        }
        let reach =
            orientations.iter().map(|o| o.min.0.abs().max(o.min.1.abs()).max(o.max.0).max(o.max.1)).max().unwrap_or(0);
        BitmaskMatcher { orientations, first, groups, reach }
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
        self.groups
            .iter()
            .map(|g| 8 * (g.table.len() + g.room.len() + g.extent.len() + g.weights.len()) + 20 * g.members.len())
            .sum()
    }

    /// The farthest any pattern point lies from its anchor, in rows or columns.
    pub fn reach(&self) -> i32 {
        self.reach
    }

    /// All matches on `board`, replacing the contents of `out` (whose capacity is reused).
    pub fn scan(&self, board: &PackedBoard, out: &mut Vec<Match>) {
        self.scan_min_weight(board, f64::NEG_INFINITY, out);
    }

    /// The matches of patterns whose maximum weight is at least `min_weight`.
    pub fn scan_min_weight(&self, board: &PackedBoard, min_weight: f64, out: &mut Vec<Match>) {
        out.clear();
        let n = board.size();
        for r in 0..n {
            for c in 0..n {
                self.scan_anchor_limited(board, r, c, min_weight, out);
            }
        }
    }

    /// Appends the matches anchored at `(row, col)`.
    pub fn scan_anchor(&self, board: &PackedBoard, row: usize, col: usize, out: &mut Vec<Match>) {
        self.scan_anchor_limited(board, row, col, f64::NEG_INFINITY, out);
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
        if need.iter().any(|&k| k >= MAX_BOARD as i32) {
            return;
        }
        self.scan_anchor_inner::<true>(board, row, col, f64::NEG_INFINITY, need, out);
    }

    #[inline]
    fn scan_anchor_limited(&self, board: &PackedBoard, row: usize, col: usize, min_weight: f64, out: &mut Vec<Match>) {
        self.scan_anchor_inner::<false>(board, row, col, min_weight, [0; 4], out);
    }

    /// With `COVER`, `need` gives per side the reach an orientation must have (only those
    /// above 0 are tested); without, it is ignored and the code is the plain scan's.
    #[inline]
    fn scan_anchor_inner<const COVER: bool>(
        &self,
        board: &PackedBoard,
        row: usize,
        col: usize,
        min_weight: f64,
        need: [i32; 4],
        out: &mut Vec<Match>,
    ) {
        let w = board.window(row, col);
        let code = ((w >> window_shift(0, 0)) & 3) as usize;
        if code == 3 {
            return;
        }
        let near = (0..KEYED).fold(0, |k, p| {
            let (dr, dc) = INDEX_POINTS[p];
            k | (((w >> window_shift(dr, dc)) & 3) as usize) << (2 * p)
        });
        let g = &self.groups[code * KEYS + near];
        let limit = if min_weight == f64::NEG_INFINITY {
            g.members.len()
        } else {
            g.weights.partition_point(|&x| x >= min_weight)
        };
        if limit == 0 {
            return;
        }
        let n = board.size() as i32;
        let (r, c) = (row as i32, col as i32);
        let (stride, last) = (g.blocks, n as usize - 1);
        // The rows of the index this anchor selects: its room to each edge, then the codes
        // of its neighbours.
        let mut rows = [0usize; 4 + NP];
        for (side, d) in [row, last - row, col, last - col].into_iter().enumerate() {
            rows[side] = (side * MAX_BOARD + d) * stride;
        }
        // With `COVER`, filled on first use: an incremental re-scan often rejects every block
        // before.
        let mut rows_ready = false;
        if !COVER {
            for (p, &(dr, dc)) in INDEX_POINTS.iter().enumerate() {
                rows[4 + p] = (p * 4 + ((w >> window_shift(dr, dc)) & 3) as usize) * stride;
            }
        }
        let blocks = limit.div_ceil(64);
        let mut acc = [0u64; CHUNK];
        for start in (0..blocks).step_by(CHUNK) {
            let len = CHUNK.min(blocks - start);
            let acc = &mut acc[..len];
            let room = &g.room;
            for (k, a) in acc.iter_mut().enumerate() {
                let b = start + k;
                *a = room[rows[0] + b] & room[rows[1] + b] & room[rows[2] + b] & room[rows[3] + b];
            }
            if start + len == blocks && limit & 63 != 0 {
                acc[len - 1] &= (1u64 << (limit % 64)) - 1;
            }
            if COVER {
                for (side, &k) in need.iter().enumerate() {
                    if k > 0 {
                        let base = (side * MAX_BOARD + k as usize) * stride + start;
                        for (a, e) in acc.iter_mut().zip(&g.extent[base..base + len]) {
                            *a &= *e;
                        }
                    }
                }
                if acc.iter().all(|&a| a == 0) {
                    continue;
                }
                if !rows_ready {
                    for (p, &(dr, dc)) in INDEX_POINTS.iter().enumerate() {
                        rows[4 + p] = (p * 4 + ((w >> window_shift(dr, dc)) & 3) as usize) * stride;
                    }
                    rows_ready = true;
                }
            }
            // Branch-free and straight through: cheaper than stopping early per block.
            for &base in &rows[4 + KEYED..] {
                let src = &g.table[base + start..base + start + len];
                for (a, s) in acc.iter_mut().zip(src) {
                    *a &= *s;
                }
            }
            for (k, &word) in acc.iter().enumerate() {
                let b = start + k;
                let mut acc = word;
                while acc != 0 {
                    let i = acc.trailing_zeros() as usize;
                    acc &= acc - 1;
                    let (mask, value) = g.cores[b * 64 + i];
                    if w & mask != value {
                        continue;
                    }
                    let o = &self.orientations[g.members[b * 64 + i] as usize];
                    debug_assert!(o.fits(n, r, c), "the room index keeps only fitting orientations");
                    let rest_ok = o.residual.iter().all(|t| {
                        let v = board.code((r + t.row as i32) as usize, (c + t.col as i32) as usize);
                        v & t.mask as u64 == t.value as u64
                    });
                    if rest_ok {
                        out.push(Match {
                            pattern: o.pattern,
                            anchor: Vertex::new(row, col),
                            transform: o.transform,
                            move_vertex: o.move_offset.map(|(i, j)| Vertex::new((r + i) as usize, (c + j) as usize)),
                        });
                    }
                }
            }
        }
    }
}
