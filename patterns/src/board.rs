//! What the matchers read and report: the [`MatchBoard`] view of a position (a size and
//! the colour on each point, as `O`/`X` from the pattern's point of view), a plain
//! [`Grid`] implementation for tests and benchmarks, and the [`Match`] record. This
//! module owns no matching logic and must not depend on the Go engine: callers adapt
//! their boards to [`MatchBoard`].

use crate::transform::Transform;

/// The largest board the packed representation holds (rows of `size + 4` two-bit
/// points must fit one 64-bit word).
pub const MAX_BOARD: usize = 25;

/// A board point as the pattern sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Cell {
    #[default]
    Empty,
    /// A stone of the colour the patterns call `O` (normally the side to move).
    O,
    /// A stone of the other colour.
    X,
}

impl Cell {
    /// The same point seen by the other side.
    pub fn swapped(self) -> Cell {
        match self {
            Cell::Empty => Cell::Empty,
            Cell::O => Cell::X,
            Cell::X => Cell::O,
        }
    }

    /// The seed's two-bit code: empty 00, O 01, X 10 (off-board is 11).
    pub fn code(self) -> u64 {
        match self {
            Cell::Empty => 0,
            Cell::O => 1,
            Cell::X => 2,
        }
    }
}

/// A square board for matching; `get` is only called with `row, col < size()`.
pub trait MatchBoard {
    fn size(&self) -> usize;
    fn get(&self, row: usize, col: usize) -> Cell;
}

/// A plain square board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    size: usize,
    cells: Vec<Cell>,
}

impl Grid {
    pub fn new(size: usize) -> Grid {
        Grid { size, cells: vec![Cell::Empty; size * size] }
    }

    /// Rows of `.`, `O`, `X` (anything else reads as empty); the board is as wide as it
    /// is high, so the row count is the size.
    pub fn from_rows(rows: &[&str]) -> Grid {
        let mut g = Grid::new(rows.len());
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().take(rows.len()).enumerate() {
                g.set(r, c, Cell::from_char(ch));
            }
        }
        g
    }

    pub fn set(&mut self, row: usize, col: usize, cell: Cell) {
        self.cells[row * self.size + col] = cell;
    }
}

impl Cell {
    fn from_char(ch: char) -> Cell {
        match ch {
            'O' => Cell::O,
            'X' => Cell::X,
            _ => Cell::Empty,
        }
    }
}

impl MatchBoard for Grid {
    fn size(&self) -> usize {
        self.size
    }

    fn get(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.size + col]
    }
}

/// A board point, row 0 at the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex {
    pub row: u8,
    pub col: u8,
}

impl Vertex {
    pub fn new(row: usize, col: usize) -> Vertex {
        Vertex { row: row as u8, col: col as u8 }
    }
}

/// One geometric match; constraints and actions are left to the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Match {
    /// Index into the [`crate::PatternSet`] the matcher was built from.
    pub pattern: u32,
    pub anchor: Vertex,
    pub transform: Transform,
    /// Where the pattern's `*` lies on the board, if it has one.
    pub move_vertex: Option<Vertex>,
}
