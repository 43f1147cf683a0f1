//! Harvesting local shapes from game records into a pattern database (`mkpat --harvest`, issue 26
//! item 6): the features `mkpat --tune` needs when a hand-written database has too few patterns.
//!
//! * What is harvested: at every move of a record's main line (passes left out), the square of side
//!   `2r + 1` around the move ([`Shape`]: `r` 1 gives 3×3, 2 gives 5×5), seen by the mover (`O` the
//!   mover's stones, `X` the opponent's), with the distance from the move to each edge of the board up to
//!   [`EDGE_HORIZON`] (lines 1 to 4 are told apart; farther is "far"). Each shape is brought to a
//!   canonical form under the eight symmetries of the board (the least of its eight images), so a shape
//!   and its rotations and reflections count together. A move near the edge also counts for the same
//!   square with the edges left out (when the square is wholly on the board): the generic shape matches
//!   there too, so the tuner fits both and the edge-specific one says what the edge adds.
//! * The database ([`harvest_db`]): every canonical shape played at least `min_count` times, as a pattern
//!   in our language: the square (`*` the move), `?` rows and columns out to an edge nearer than the
//!   horizon, the edge drawn (`-`, `|`, `+`), class `-` (the engine applies it only to safe moves) and
//!   `shape(0)`, the value `mkpat --tune` fits. The symmetry field is the largest of GNU Go's symmetries
//!   the shape has (the compiler then tries only the distinct orientations); a shape invariant under all
//!   eight transformations gets `+` and so matches twice at one point (the tuner counts a pattern once
//!   per point; the engine adds its shape twice). Shapes without a stone are left out: the matcher
//!   anchors on a stone (they are the tuner's "plain" moves).
//! * Only the training files are harvested (`mkpat --harvest --holdout H --seed S` uses
//!   [`crate::gtp::tune::split_files`], the split `mkpat --tune` makes with the same H and S), so the
//!   held-out prediction is not measured on the games the patterns came from.
//!
//! The patterns are matched by the engine's matcher like any other database: the tuner extracts their
//! features with [`crate::gtp::tune::extract_record`], so what is fitted is what the engine sees.

use crate::rules::board::Board;
use crate::rules::stone::{Color, Move, Point};
use crate::sgf::{self, LoadError, Until};
use patterns::transform::Transform;
use patterns::Symmetry;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Edge distances below this are told apart (0 is the first line); this or more is "far".
pub const EDGE_HORIZON: u8 = 4;

/// The code of an empty point, an own stone, an opponent stone and a point off the board in
/// [`Shape::cells`].
const EMPTY: u8 = 0;
const OWN: u8 = 1;
const OPPONENT: u8 = 2;
const OFF: u8 = 3;

/// The outward unit vectors of the north, south, west and east edges, as (row, col) offsets.
const SIDES: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// A local shape around a move: see the module documentation.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    /// The distance (points between) from the move to the north, south, west and east edges, at most
    /// [`EDGE_HORIZON`].
    pub edges: [u8; 4],
    /// The square's points row by row from the top, `(2r + 1)²` of them (the move in the middle).
    pub cells: Vec<u8>,
}

fn side(r: i32) -> i32 {
    2 * r + 1
}

fn radius(cells: &[u8]) -> i32 {
    ((cells.len() as f64).sqrt() as i32 - 1) / 2
}

impl Shape {
    /// The shape around `p` on `board` for `own`, `r` points each way.
    pub fn at(board: &Board, p: Point, own: Color, r: i32) -> Shape {
        let n = board.size() as i32;
        let (col, row) = board.coords(p);
        let (col, row) = (i32::from(col), i32::from(row));
        let far = |d: i32| d.clamp(0, i32::from(EDGE_HORIZON)) as u8;
        let edges = [far(row), far(n - 1 - row), far(col), far(n - 1 - col)];
        let mut cells = Vec::with_capacity((side(r) * side(r)) as usize);
        for i in -r..=r {
            for j in -r..=r {
                let (y, x) = (row + i, col + j);
                cells.push(if y < 0 || x < 0 || y >= n || x >= n {
                    OFF
                } else {
                    match board.color(board.point(x as u8, y as u8)) {
                        None => EMPTY,
                        Some(c) if c == own => OWN,
                        Some(_) => OPPONENT,
                    }
                });
            }
        }
        Shape { edges, cells }
    }

    /// The image of the shape under `t`.
    pub fn transformed(&self, t: Transform) -> Shape {
        let r = radius(&self.cells);
        let index = |i: i32, j: i32| ((i + r) * side(r) + j + r) as usize;
        let mut cells = vec![EMPTY; self.cells.len()];
        for i in -r..=r {
            for j in -r..=r {
                let (ti, tj) = t.apply(i, j);
                cells[index(ti, tj)] = self.cells[index(i, j)];
            }
        }
        let mut edges = [EDGE_HORIZON; 4];
        for (k, &v) in SIDES.iter().enumerate() {
            let to = t.apply(v.0, v.1);
            let m = SIDES.iter().position(|&s| s == to).expect("a side goes to a side");
            edges[m] = self.edges[k];
        }
        Shape { edges, cells }
    }

    /// The least of the shape's eight images.
    pub fn canonical(&self) -> Shape {
        Transform::ALL.iter().map(|&t| self.transformed(t)).min().expect("eight images")
    }

    /// The shape with the edges forgotten, when its square is wholly on the board.
    pub fn without_edges(&self) -> Option<Shape> {
        let generic = Shape { edges: [EDGE_HORIZON; 4], cells: self.cells.clone() };
        (generic != *self && !self.cells.contains(&OFF)).then_some(generic)
    }

    /// Whether the square holds a stone (a pattern needs one to anchor on).
    pub fn has_stone(&self) -> bool {
        self.cells.iter().any(|&c| c == OWN || c == OPPONENT)
    }

    /// The largest of GNU Go's symmetries whose invariant transformations all map the shape onto itself.
    pub fn symmetry(&self) -> Symmetry {
        use Symmetry::*;
        let fixed = |t: &Transform| self.transformed(*t) == *self;
        [Plus, Cross, Vertical, Horizontal, Diagonal, AntiDiagonal, Rotation180]
            .into_iter()
            .find(|s| s.invariants().iter().all(fixed))
            .unwrap_or(None)
    }

    /// A name for the pattern of the shape: `H`, the side, the edges and the cells in base 4, in hex.
    pub fn name(&self) -> String {
        let mut name = format!("H{}e", side(radius(&self.cells)));
        for e in self.edges {
            let _ = write!(name, "{e}");
        }
        name.push('_');
        for chunk in self.cells.chunks(4) {
            let v = chunk.iter().fold(0u32, |acc, &c| acc * 4 + u32::from(c));
            let _ = write!(name, "{v:02x}");
        }
        name
    }

    /// The diagram of the shape in our pattern language (see the module documentation).
    pub fn diagram(&self) -> String {
        let r = radius(&self.cells);
        let reach = |e: u8| if e < EDGE_HORIZON { i32::from(e) } else { r };
        let [north, south, west, east] = self.edges.map(|e| e < EDGE_HORIZON);
        let (top, bottom) = (-reach(self.edges[0]), reach(self.edges[1]));
        let (left, right) = (-reach(self.edges[2]), reach(self.edges[3]));
        let width = (right - left + 1) as usize;
        let edge_row = || {
            let mut s = String::new();
            if west {
                s.push('+');
            }
            s.push_str(&"-".repeat(width));
            if east {
                s.push('+');
            }
            s.push('\n');
            s
        };
        let mut out = String::new();
        if north {
            out.push_str(&edge_row());
        }
        for i in top..=bottom {
            if west {
                out.push('|');
            }
            for j in left..=right {
                out.push(if i == 0 && j == 0 {
                    '*'
                } else if i.abs() <= r && j.abs() <= r {
                    match self.cells[((i + r) * side(r) + j + r) as usize] {
                        OWN => 'O',
                        OPPONENT => 'X',
                        _ => '.',
                    }
                } else {
                    '?'
                });
            }
            if east {
                out.push('|');
            }
            out.push('\n');
        }
        if south {
            out.push_str(&edge_row());
        }
        out
    }
}

/// Counts the canonical shapes (side `2r + 1`) of the moves of the record `text` into `counts`; returns
/// the number of moves counted.
pub fn harvest_record(text: &str, r: i32, counts: &mut BTreeMap<Shape, u32>) -> Result<usize, LoadError> {
    let rules = crate::Rules::default();
    let record = sgf::load(text, Until::End, rules)?;
    let mut game = sgf::load(text, Until::MoveNumber(1), rules)?;
    let mut n = 0;
    for (color, mv) in record.moves() {
        if let Move::Play(p) = mv {
            if game.board().is_empty(p) {
                let shape = Shape::at(game.board(), p, color, r);
                if let Some(generic) = shape.without_edges() {
                    *counts.entry(generic.canonical()).or_default() += 1;
                }
                *counts.entry(shape.canonical()).or_default() += 1;
                n += 1;
            }
        }
        if game.to_move() != color {
            game.set_to_move(color);
        }
        if game.play(color, mv).is_err() {
            break;
        }
    }
    Ok(n)
}

/// The database of the shapes of `counts` seen at least `min_count` times (and holding a stone), most
/// frequent first, each with `shape(0)`; `header` is written first as comment lines.
pub fn harvest_db(counts: &BTreeMap<Shape, u32>, min_count: u32, header: &str) -> (String, usize) {
    let mut kept: Vec<(&Shape, u32)> =
        counts.iter().filter(|(s, &n)| n >= min_count && s.has_stone()).map(|(s, &n)| (s, n)).collect();
    kept.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    let mut out = String::new();
    for line in header.lines() {
        let _ = writeln!(out, "# {line}");
    }
    for (shape, n) in &kept {
        let _ = write!(
            out,
            "\n\nPattern {}\n# played {n} times\n\n{}\n:{},-,shape(0)\n",
            shape.name(),
            shape.diagram(),
            shape.symmetry().as_char()
        );
    }
    (out, kept.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use patterns::PatternLibrary;

    #[test]
    fn a_shape_and_its_images_share_one_canonical_form() {
        let game = sgf::load("(;GM[1]SZ[9];B[cc];W[dc];B[ab])", Until::End, crate::Rules::default()).expect("loads");
        let b = game.board();
        let p = b.point(3, 3);
        let s = Shape::at(b, p, Color::Black, 1);
        // D6 (col 3, row 3 from the top) has C7 (black) at its north-west
        assert_eq!(s.cells, vec![OWN, OPPONENT, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]);
        assert_eq!(s.edges, [3, 4, 3, 4]);
        let c = s.canonical();
        for t in Transform::ALL {
            assert_eq!(s.transformed(t).canonical(), c);
        }
        // the first column: off the board to the west
        let e = Shape::at(b, b.point(0, 2), Color::White, 1);
        assert_eq!(e.edges[2], 0);
        assert_eq!((e.cells[0], e.cells[3], e.cells[6]), (OFF, OFF, OFF));
        assert_eq!(e.cells[1], OPPONENT, "A8 black, seen by white");
        assert!(e.without_edges().is_none());
    }

    #[test]
    fn the_harvested_database_matches_where_it_was_harvested() {
        // black C7 D7 E7 on 9x9, then white plays below the middle one; the shapes counted at every
        // move; the database's pattern of white's move matches there for white
        let record = "(;GM[1]SZ[9];B[cc];W[gg];B[dc];W[gf];B[ec];W[dd])";
        let mut counts = BTreeMap::new();
        assert_eq!(harvest_record(record, 1, &mut counts).expect("loads"), 6);
        let (text, kept) = harvest_db(&counts, 1, "test");
        let db = patterns::parse_db("h.db", &text);
        assert!(db.errors.is_empty(), "{:?}\n{text}", db.errors);
        // the first move has no stone around: its shape is counted, not written
        assert_eq!(kept, db.patterns.len());
        assert!(kept < counts.len());
        let lib = PatternLibrary::new(vec![db], patterns::Registry::standard());
        assert!(lib.errors.is_empty(), "{:?}", lib.errors);
        let before = sgf::load(record, Until::MoveNumber(6), crate::Rules::default()).expect("loads");
        let b = before.board();
        let shape = Shape::at(b, b.point(3, 3), Color::White, 1).canonical();
        let name = shape.name();
        assert!(text.contains(&name), "{name} in\n{text}");
        let view = crate::analysis::pattern_context::BoardView { board: b, own: Color::White };
        let hits: Vec<_> = lib
            .matches(&view, false)
            .into_iter()
            .filter(|m| lib.pattern(m.pattern).name == name)
            .filter_map(|m| m.move_vertex)
            .collect();
        assert!(hits.iter().any(|v| (v.col, v.row) == (3, 3)), "{hits:?}");
        // the symmetry field: D6 is on the fourth line from the north and the west, which no mirror
        // keeps; without the edges black's three in a row seen from D6 has one mirror axis (which
        // one depends on the canonical orientation)
        assert_eq!(shape.symmetry(), Symmetry::None);
        let generic = Shape::at(b, b.point(3, 3), Color::White, 1).without_edges().expect("on the board").canonical();
        assert!(matches!(generic.symmetry(), Symmetry::Vertical | Symmetry::Horizontal), "{:?}", generic.symmetry());
        assert!(text.contains(&generic.name()));
    }

    #[test]
    fn edge_shapes_draw_the_edge() {
        let game = sgf::load("(;GM[1]SZ[9];B[bb])", Until::End, crate::Rules::default()).expect("loads");
        let b = game.board();
        // A9, the corner: the diagram is 2x2 with the corner drawn
        let s = Shape::at(b, b.point(0, 0), Color::White, 1);
        let d = s.diagram();
        assert_eq!(d, "+--\n|*.\n|.X\n");
        // B7: the second line from the west, the third from the north: `?` out to the edges
        let t = Shape::at(b, b.point(1, 2), Color::Black, 1);
        assert_eq!(t.diagram(), "+---\n|???\n|.O.\n|.*.\n|...\n");
    }
}
