//! The pattern compiler: collects the standard-dialect patterns of one or more databases
//! into a [`PatternSet`] (anchor chosen per database, maximum weight, declared symmetry)
//! and turns each (pattern, transformation) into a [`Compiled`] orientation — bounding
//! box and edge constraints as anchor ranges, the elements within the composite window
//! as one and-mask/compare pair, the others as stones-first two-bit tests. This module
//! owns the element semantics and the encoding of patterns; it must not read boards
//! (see `packed`) nor scan them (see `matcher`, `naive`).

use crate::ast::{DbFile, Pattern, Symmetry};
use crate::board::Cell;
use crate::geometry::{AnchorPolicy, Element, Geometry, GeometryError, PatElement};
use crate::packed::{window_shift, OFF_BOARD, RADIUS};
use crate::transform::{Edges, Transform};

/// Whether an element accepts an on-board point. Off-board points are never accepted:
/// every point of a pattern's rectangle, `?` included, must be on the board.
pub fn admits(e: Element, cell: Cell) -> bool {
    match e {
        Element::Empty | Element::Move | Element::EmptyComma | Element::EmptyBang => cell == Cell::Empty,
        Element::Own | Element::OwnAnchor => cell == Cell::O,
        Element::Opponent | Element::OpponentAnchor => cell == Cell::X,
        Element::OwnOrEmpty => cell != Cell::X,
        Element::OpponentOrEmpty => cell != Cell::O,
        Element::DontCare | Element::Anything => true,
    }
}

/// The seed's (and-mask, compare) pair for an element: `code & mask == value` exactly
/// for the codes it admits among 00, 01, 10 (off-board 11 passes only when the mask is
/// 0, i.e. for `?`; the bounding box rules that out).
pub fn element_mask(e: Element) -> (u64, u64) {
    match e {
        Element::Empty | Element::Move | Element::EmptyComma | Element::EmptyBang => (3, 0),
        Element::Own | Element::OwnAnchor => (3, 1),
        Element::Opponent | Element::OpponentAnchor => (3, 2),
        // `o` is "not X": the X bit must be clear (also rejects 11).
        Element::OwnOrEmpty => (2, 0),
        // `x` is "not O": the O bit must be clear.
        Element::OpponentOrEmpty => (1, 0),
        Element::DontCare | Element::Anything => (0, 0),
    }
}

/// A pattern as the matchers see it.
#[derive(Debug, Clone)]
pub struct SourcePattern {
    /// Which database (in order of [`PatternSet::add_db`]) and which of its patterns.
    pub db: usize,
    pub index: usize,
    pub name: String,
    pub symmetry: Symmetry,
    pub geometry: Geometry,
    /// The largest value the pattern can contribute, for ordering (see [`max_weight`]).
    pub max_weight: f64,
}

/// The largest weight a pattern declares: the biggest of its `value`, `minvalue`,
/// `maxvalue`, `shape` and `followup` numbers, or the old format's pattern weight; 0 when
/// it declares none.
pub fn max_weight(p: &Pattern) -> f64 {
    let declared = p
        .colon
        .values
        .iter()
        .filter(|v| matches!(v.name.as_str(), "value" | "minvalue" | "maxvalue" | "shape" | "followup"))
        .filter_map(|v| v.number());
    declared.chain(p.colon.legacy_numbers.first().copied()).fold(0.0, f64::max)
}

/// The patterns of one or more databases, numbered in the order added; the `pattern`
/// of a [`crate::Match`] indexes `patterns`.
#[derive(Debug, Clone, Default)]
pub struct PatternSet {
    pub patterns: Vec<SourcePattern>,
    /// Database names in order of addition.
    pub databases: Vec<String>,
    /// Patterns left out because their diagram has no geometry: (db, index, error).
    pub rejected: Vec<(usize, usize, GeometryError)>,
}

impl PatternSet {
    pub fn new() -> PatternSet {
        PatternSet::default()
    }

    /// The standard-dialect patterns of `dbs`, each anchored as GNU Go's build anchors it.
    pub fn from_dbs(dbs: &[&DbFile]) -> PatternSet {
        let mut set = PatternSet::new();
        for db in dbs {
            set.add_db(db);
        }
        set
    }

    /// Adds a database's standard patterns with the anchor policy of its file name;
    /// returns its database number.
    pub fn add_db(&mut self, db: &DbFile) -> usize {
        self.add_db_with(db, AnchorPolicy::for_database(&db.name))
    }

    pub fn add_db_with(&mut self, db: &DbFile, policy: AnchorPolicy) -> usize {
        let n = self.databases.len();
        self.databases.push(db.name.clone());
        for (index, p) in db.patterns.iter().enumerate() {
            match p.geometry(policy) {
                Ok(geometry) => self.patterns.push(SourcePattern {
                    db: n,
                    index,
                    name: p.name.clone(),
                    symmetry: p.colon.symmetry,
                    geometry,
                    max_weight: max_weight(p),
                }),
                Err(e) => self.rejected.push((n, index, e)),
            }
        }
        n
    }

    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// Every (pattern, transformation) the symmetries call for, in pattern order.
    pub fn compile(&self) -> Vec<Compiled> {
        let mut out = Vec::new();
        for (k, p) in self.patterns.iter().enumerate() {
            for &t in p.symmetry.transforms() {
                out.push(Compiled::new(k as u32, p, t));
            }
        }
        out
    }
}

/// A test of one point outside the composite window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Residual {
    pub row: i8,
    pub col: i8,
    pub mask: u8,
    pub value: u8,
}

/// One pattern in one orientation, ready for and-compare matching.
#[derive(Debug, Clone, PartialEq)]
pub struct Compiled {
    pub pattern: u32,
    pub transform: Transform,
    pub weight: f64,
    /// Which anchor codes (empty, O, X) the anchor element admits.
    pub anchor_codes: [bool; 3],
    /// Transformed bounding box (with `?`) relative to the anchor, and edge constraints.
    pub min: (i32, i32),
    pub max: (i32, i32),
    pub edges: Edges,
    /// Elements within the 5×5 window around the anchor, as one and-compare.
    pub core_mask: u64,
    pub core_value: u64,
    /// The other elements, stones first (they reject sooner on a mostly empty board).
    pub residual: Vec<Residual>,
    /// All non-`?` elements, transformed (for the index and for display).
    pub elements: Vec<PatElement>,
    pub move_offset: Option<(i32, i32)>,
}

fn stones_first(e: Element) -> u8 {
    match e {
        Element::Own | Element::OwnAnchor | Element::Opponent | Element::OpponentAnchor => 0,
        Element::OwnOrEmpty | Element::OpponentOrEmpty => 1,
        _ => 2,
    }
}

impl Compiled {
    pub fn new(pattern: u32, p: &SourcePattern, t: Transform) -> Compiled {
        let g = &p.geometry;
        let mut elements = g.transformed(t);
        elements.sort_by_key(|e| (stones_first(e.element), e.row.abs() + e.col.abs()));
        let (a, b) = (t.apply(g.min.0, g.min.1), t.apply(g.max.0, g.max.1));
        let mut core_mask = 0;
        let mut core_value = 0;
        let mut residual = Vec::new();
        for e in &elements {
            let (m, v) = element_mask(e.element);
            if m == 0 {
                continue;
            }
            if e.row.abs() <= RADIUS && e.col.abs() <= RADIUS {
                let s = window_shift(e.row, e.col);
                core_mask |= m << s;
                core_value |= v << s;
            } else {
                residual.push(Residual { row: e.row as i8, col: e.col as i8, mask: m as u8, value: v as u8 });
            }
        }
        let anchor = g.anchor_element;
        Compiled {
            pattern,
            transform: t,
            weight: p.max_weight,
            anchor_codes: [Cell::Empty, Cell::O, Cell::X].map(|c| admits(anchor, c)),
            min: (a.0.min(b.0), a.1.min(b.1)),
            max: (a.0.max(b.0), a.1.max(b.1)),
            edges: g.transformed_edges(t),
            core_mask,
            core_value,
            residual,
            elements,
            move_offset: g.move_offset.map(|(i, j)| t.apply(i, j)),
        }
    }

    /// Whether the pattern, anchored at `(row, col)`, lies on an `n`×`n` board and touches
    /// exactly the edges it declares (the seed's padding to the board's width).
    #[inline]
    pub fn fits(&self, n: i32, row: i32, col: i32) -> bool {
        let top = row + self.min.0;
        let bottom = n - 1 - (row + self.max.0);
        let left = col + self.min.1;
        let right = n - 1 - (col + self.max.1);
        top >= 0
            && bottom >= 0
            && left >= 0
            && right >= 0
            && (!self.edges.north || top == 0)
            && (!self.edges.south || bottom == 0)
            && (!self.edges.west || left == 0)
            && (!self.edges.east || right == 0)
    }

    /// Whether an anchor with neighbourhood code `code` at offset `(dr, dc)` can still
    /// match: the element there admits it, a point of the rectangle is on the board, a
    /// point beyond a declared edge is off it.
    pub fn admits_code_at(&self, dr: i32, dc: i32, code: u64) -> bool {
        let inside = (self.min.0..=self.max.0).contains(&dr) && (self.min.1..=self.max.1).contains(&dc);
        if inside {
            if code == OFF_BOARD {
                return false;
            }
            return match self.elements.iter().find(|e| e.row == dr && e.col == dc) {
                Some(e) => {
                    let (m, v) = element_mask(e.element);
                    code & m == v
                }
                None => true,
            };
        }
        let beyond_edge = (dr < self.min.0 && self.edges.north)
            || (dr > self.max.0 && self.edges.south)
            || (dc < self.min.1 && self.edges.west)
            || (dc > self.max.1 && self.edges.east);
        !beyond_edge || code == OFF_BOARD
    }

    /// The compiled form in readable text: the window's masks as 5×5 grids of
    /// `mask/value` digits, then the residual tests.
    pub fn describe(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "transform {} ({:?}): box {:?}..{:?}, edges {:?}, anchor codes {:?}, weight {}",
            self.transform.letter(),
            self.transform,
            self.min,
            self.max,
            self.edges,
            self.anchor_codes,
            self.weight
        );
        let _ = writeln!(s, "  core mask {:#018x} value {:#018x}", self.core_mask, self.core_value);
        for dr in -RADIUS..=RADIUS {
            s.push_str("   ");
            for dc in -RADIUS..=RADIUS {
                let sh = window_shift(dr, dc);
                let _ = write!(s, " {:02b}/{:02b}", (self.core_mask >> sh) & 3, (self.core_value >> sh) & 3);
            }
            s.push('\n');
        }
        for r in &self.residual {
            let _ = writeln!(s, "  residual ({:+},{:+}) & {:02b} == {:02b}", r.row, r.col, r.mask, r.value);
        }
        s
    }
}
