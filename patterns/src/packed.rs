//! The seed's packed board: every point a two-bit code (empty 00, O 01, X 10, off-board
//! 11), one 64-bit word per row with a two-point off-board border on each side, and the
//! composite words — each point's 5×5 neighbourhood in one `u64` — that let a matcher
//! test a pattern's core in a single and-compare. This module owns the encoding and its
//! incremental upkeep; it must not know about patterns.

use crate::board::{Cell, MatchBoard, MAX_BOARD};

/// Code of a point off the board.
pub const OFF_BOARD: u64 = 3;
/// Half-width of the composite window: it spans offsets `-RADIUS..=RADIUS`.
pub const RADIUS: i32 = 2;
/// Points per side of the composite window.
pub const SPAN: i32 = 2 * RADIUS + 1;

const BORDER: usize = RADIUS as usize;
const ROWS: usize = MAX_BOARD + 2 * BORDER;
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// Bit position of the window offset `(dr, dc)` (both within `-RADIUS..=RADIUS`) in a
/// composite word.
pub const fn window_shift(dr: i32, dc: i32) -> u32 {
    (2 * ((dr + RADIUS) * SPAN + (dc + RADIUS))) as u32
}

/// A board in the matcher's encoding. Fixed-size storage, so loading and updating never
/// allocate.
#[derive(Clone)]
pub struct PackedBoard {
    size: usize,
    swap: bool,
    /// Row `r` of the board is `rows[r + BORDER]`; column `c` sits at bits `2 * (c + BORDER)`.
    rows: [u64; ROWS],
    /// Composite word of point `(r, c)` at `r * MAX_BOARD + c`.
    windows: [u64; MAX_BOARD * MAX_BOARD],
}

impl Default for PackedBoard {
    fn default() -> Self {
        PackedBoard { size: 0, swap: false, rows: [u64::MAX; ROWS], windows: [u64::MAX; MAX_BOARD * MAX_BOARD] }
    }
}

impl std::fmt::Debug for PackedBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "PackedBoard {}x{} swap={}", self.size, self.size, self.swap)?;
        for r in 0..self.size {
            let line: String = (0..self.size).map(|c| ['.', 'O', 'X', '#'][self.code(r, c) as usize]).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl PackedBoard {
    /// Packs `board`; with `swap` its `X` stones become the patterns' `O` (the other side
    /// to move).
    pub fn from_board(board: &impl MatchBoard, swap: bool) -> PackedBoard {
        let mut p = PackedBoard::default();
        p.load(board, swap);
        p
    }

    /// Re-packs a whole board in place.
    pub fn load(&mut self, board: &impl MatchBoard, swap: bool) {
        let n = board.size();
        assert!(n <= MAX_BOARD, "board size {n} above {MAX_BOARD}");
        self.size = n;
        self.swap = swap;
        self.rows = [u64::MAX; ROWS];
        for r in 0..n {
            let mut w = u64::MAX;
            for c in 0..n {
                let shift = 2 * (c + BORDER);
                w &= !(OFF_BOARD << shift);
                w |= self.encode(board.get(r, c)) << shift;
            }
            self.rows[r + BORDER] = w;
        }
        for r in 0..n {
            for c in 0..n {
                self.windows[r * MAX_BOARD + c] = self.compute_window(r, c);
            }
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether the board's `X` plays the patterns' `O`.
    pub fn swapped(&self) -> bool {
        self.swap
    }

    fn encode(&self, cell: Cell) -> u64 {
        if self.swap {
            cell.swapped().code()
        } else {
            cell.code()
        }
    }

    /// The two-bit code at an on-board point.
    #[inline]
    pub fn code(&self, row: usize, col: usize) -> u64 {
        (self.rows[row + BORDER] >> (2 * (col + BORDER))) & OFF_BOARD
    }

    /// The two-bit code at any point, 11 off the board.
    pub fn code_at(&self, row: i32, col: i32) -> u64 {
        let n = self.size as i32;
        if row < 0 || col < 0 || row >= n || col >= n {
            OFF_BOARD
        } else {
            self.code(row as usize, col as usize)
        }
    }

    /// The points of row `row` whose code is among `codes` (bit `k` set: code `k`), as bit
    /// `2 * col` of the result for each such column: a scan's anchors without reading the
    /// points one by one.
    #[inline]
    pub fn row_points_with(&self, row: usize, codes: u8) -> u64 {
        let x = self.rows[row + BORDER] >> (2 * BORDER);
        let (lo, hi) = (x & LOW_BITS, (x >> 1) & LOW_BITS);
        let mut sel = 0;
        for (code, bits) in [!lo & !hi, lo & !hi, hi & !lo].into_iter().enumerate() {
            if codes >> code & 1 == 1 {
                sel |= bits;
            }
        }
        sel & LOW_BITS & ((1u64 << (2 * self.size)) - 1)
    }

    /// The composite word of an on-board point: its 5×5 neighbourhood, offset `(dr, dc)`
    /// at [`window_shift`]`(dr, dc)`.
    #[inline]
    pub fn window(&self, row: usize, col: usize) -> u64 {
        self.windows[row * MAX_BOARD + col]
    }

    fn compute_window(&self, row: usize, col: usize) -> u64 {
        // Board row r + dr is rows[r + dr + BORDER]; its columns c-2..=c+2 start at bit 2c.
        let mut w = 0;
        for k in 0..SPAN as usize {
            let bits = (self.rows[row + k] >> (2 * col)) & 0x3FF;
            w |= bits << (10 * k);
        }
        w
    }

    /// Changes one point and the composite words that see it.
    pub fn set(&mut self, row: usize, col: usize, cell: Cell) {
        let shift = 2 * (col + BORDER);
        let code = self.encode(cell);
        let w = &mut self.rows[row + BORDER];
        *w = (*w & !(OFF_BOARD << shift)) | (code << shift);
        let n = self.size;
        for r in row.saturating_sub(BORDER)..(row + BORDER + 1).min(n) {
            for c in col.saturating_sub(BORDER)..(col + BORDER + 1).min(n) {
                self.windows[r * MAX_BOARD + c] = self.compute_window(r, c);
            }
        }
    }

    /// Hands the move to the other side: O and X trade codes, empty and off-board stay.
    pub fn swap_colours(&mut self) {
        self.swap = !self.swap;
        let flip = |w: u64| ((w & LOW_BITS) << 1) | ((w >> 1) & LOW_BITS);
        for w in self.rows.iter_mut() {
            *w = flip(*w);
        }
        for w in self.windows.iter_mut() {
            *w = flip(*w);
        }
    }
}
