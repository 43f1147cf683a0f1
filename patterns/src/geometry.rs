//! From a diagram to matcher-ready geometry: the rectangle of points, the edge/corner
//! constraints, the anchor, and every element as a (row, col) offset from the anchor with
//! its kind; constraint-diagram labels likewise. This module owns diagram validation and
//! coordinates; it must not parse text nor apply transformations (see `transform`).

use crate::ast::{Diagram, EyePattern, RowKind};
use crate::limits::MAX_DIAGRAM_SIDE;
use crate::transform::{Edges, Transform};
use std::collections::BTreeMap;

/// What a diagram point requires of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Element {
    /// `.` empty.
    Empty,
    /// `O` a stone of the player to move.
    Own,
    /// `X` an opponent stone.
    Opponent,
    /// `o` own stone or empty.
    OwnOrEmpty,
    /// `x` opponent stone or empty.
    OpponentOrEmpty,
    /// `*` the move: an empty point.
    Move,
    /// `?` anything on the board (no element is generated).
    DontCare,
    /// `,` an empty point with a database-specific meaning (e.g. territory in influence
    /// patterns).
    EmptyComma,
    /// `!` an empty point with a database-specific meaning (e.g. inhibited connection).
    EmptyBang,
    /// `Q` an own stone that is also the anchor.
    OwnAnchor,
    /// `Y` an opponent stone that is also the anchor.
    OpponentAnchor,
    /// `%` (Monte Carlo only) anything, including off the board.
    Anything,
}

impl Element {
    pub fn from_char(c: char) -> Option<Element> {
        Some(match c {
            '.' => Element::Empty,
            'O' => Element::Own,
            'X' => Element::Opponent,
            'o' => Element::OwnOrEmpty,
            'x' => Element::OpponentOrEmpty,
            '*' => Element::Move,
            '?' => Element::DontCare,
            ',' => Element::EmptyComma,
            '!' => Element::EmptyBang,
            'Q' => Element::OwnAnchor,
            'Y' => Element::OpponentAnchor,
            '%' => Element::Anything,
            _ => return None,
        })
    }

    pub fn as_char(self) -> char {
        match self {
            Element::Empty => '.',
            Element::Own => 'O',
            Element::Opponent => 'X',
            Element::OwnOrEmpty => 'o',
            Element::OpponentOrEmpty => 'x',
            Element::Move => '*',
            Element::DontCare => '?',
            Element::EmptyComma => ',',
            Element::EmptyBang => '!',
            Element::OwnAnchor => 'Q',
            Element::OpponentAnchor => 'Y',
            Element::Anything => '%',
        }
    }

    /// `O`/`Q`: must be an own stone.
    pub fn is_own_stone(self) -> bool {
        matches!(self, Element::Own | Element::OwnAnchor)
    }

    /// `X`/`Y`: must be an opponent stone.
    pub fn is_opponent_stone(self) -> bool {
        matches!(self, Element::Opponent | Element::OpponentAnchor)
    }
}

/// The elements listed by a `goal_elements` or `callback_data` header (`none` is empty),
/// or the first character that is no element.
pub fn element_set(value: &str) -> Result<Vec<Element>, char> {
    if value == "none" {
        return Ok(Vec::new());
    }
    value.chars().map(|c| Element::from_char(c).ok_or(c)).collect()
}

/// Which element becomes the anchor when the diagram names none with `Q`/`Y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AnchorPolicy {
    /// The first `O` in reading order (`mkpat -O`).
    Own,
    /// The first `X` (`mkpat -X`).
    Opponent,
    /// The first stone of either colour (`mkpat -b`).
    #[default]
    Either,
    /// Always the move `*`.
    Move,
}

impl AnchorPolicy {
    /// Whether the element may serve as anchor under this policy (`Move`: any stone, as
    /// the matcher still needs one).
    pub fn accepts(self, e: Element) -> bool {
        match self {
            AnchorPolicy::Own => e.is_own_stone(),
            AnchorPolicy::Opponent => e.is_opponent_stone(),
            AnchorPolicy::Either | AnchorPolicy::Move => e.is_own_stone() || e.is_opponent_stone(),
        }
    }

    /// The policy GNU Go's build gives `mkpat` for a database: `-X` for `attack.db`, the
    /// default `-O` for `defense.db`, `conn.db` and `influence.db`, `-b` for the others.
    pub fn for_database(file_name: &str) -> AnchorPolicy {
        match base_name(file_name) {
            "attack.db" => AnchorPolicy::Opponent,
            "defense.db" | "conn.db" | "influence.db" => AnchorPolicy::Own,
            _ => AnchorPolicy::Either,
        }
    }
}

/// Whether patterns of that database must have their move `*`: connection-style databases
/// (`mkpat -c`: `conn.db`, `barriers.db`, `influence.db`) may leave it out.
pub fn move_required(file_name: &str) -> bool {
    !matches!(base_name(file_name), "conn.db" | "barriers.db" | "influence.db")
}

fn base_name(file_name: &str) -> &str {
    file_name.rsplit(['/', '\\']).next().unwrap_or(file_name)
}

/// An element with its offset from the anchor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PatElement {
    pub row: i32,
    pub col: i32,
    pub element: Element,
}

/// A diagram turned into offsets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    /// Points per row and number of rows (edges excluded).
    pub width: usize,
    pub height: usize,
    pub edges: Edges,
    /// The anchor as (row, col) in the diagram's points.
    pub anchor: (usize, usize),
    pub anchor_element: Element,
    /// The move `*` relative to the anchor.
    pub move_offset: Option<(i32, i32)>,
    /// All elements except `?`, relative to the anchor, in reading order.
    pub elements: Vec<PatElement>,
    /// Top-left and bottom-right points relative to the anchor (including `?`).
    pub min: (i32, i32),
    pub max: (i32, i32),
    /// Constraint-diagram labels (first point carrying each, and `*`) relative to the anchor.
    pub labels: BTreeMap<char, (i32, i32)>,
}

/// A diagram problem: file line and 1-based column of the offending row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeometryError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

fn err(line: usize, column: usize, message: impl Into<String>) -> GeometryError {
    GeometryError { line, column, message: message.into() }
}

/// The points of a rectangular diagram with its edges.
#[derive(Debug, Clone)]
pub(crate) struct Grid {
    pub cells: Vec<Vec<char>>,
    pub lines: Vec<usize>,
    pub edges: Edges,
}

/// Checks the shape rules `mkpat` enforces: edge rows only first/last, `|` on every row or
/// none on each side, corners where edges meet, every row as wide as the first.
pub(crate) fn grid(diagram: &Diagram) -> Result<Grid, GeometryError> {
    let rows = &diagram.rows;
    let Some(first) = rows.first() else { return Err(err(0, 1, "a non-empty diagram")) };
    let mut edges = Edges::default();
    let mut corner_rows = Vec::new();
    let mut cells = Vec::new();
    let mut lines = Vec::new();
    let mut sides: Option<(bool, bool)> = None;
    for (k, row) in rows.iter().enumerate() {
        match &row.kind {
            RowKind::Edge { left_corner, right_corner, width } => {
                if k == 0 {
                    edges.north = true;
                } else if k == rows.len() - 1 {
                    edges.south = true;
                } else {
                    return Err(err(row.line, 1, "an edge row only at the top or bottom of the diagram"));
                }
                if k == 0 && rows.len() == 1 {
                    return Err(err(row.line, 1, "points beside the edge row"));
                }
                corner_rows.push((row.line, *left_corner, *right_corner, *width));
            }
            RowKind::Body { left_edge, cells: c, right_edge } => {
                match sides {
                    None => sides = Some((*left_edge, *right_edge)),
                    Some((l, r)) => {
                        if l != *left_edge {
                            return Err(err(row.line, 1, "`|` on the left of every row or of none"));
                        }
                        if r != *right_edge {
                            let col = 1 + usize::from(*left_edge) + c.chars().count();
                            return Err(err(row.line, col, "`|` on the right of every row or of none"));
                        }
                    }
                }
                let chars: Vec<char> = c.chars().collect();
                if chars.len() > MAX_DIAGRAM_SIDE {
                    let col = 1 + usize::from(*left_edge) + MAX_DIAGRAM_SIDE;
                    return Err(err(row.line, col, format!("a diagram at most {MAX_DIAGRAM_SIDE} points wide")));
                }
                if cells.len() == MAX_DIAGRAM_SIDE {
                    return Err(err(row.line, 1, format!("a diagram at most {MAX_DIAGRAM_SIDE} points high")));
                }
                if let Some(w) = cells.first().map(Vec::len) {
                    if chars.len() != w {
                        let col = 1 + usize::from(*left_edge) + chars.len().min(w);
                        return Err(err(row.line, col, format!("a row of {w} points (diagram not rectangular)")));
                    }
                }
                cells.push(chars);
                lines.push(row.line);
            }
        }
    }
    let Some((west, east)) = sides else { return Err(err(first.line, 1, "a row of points")) };
    edges.west = west;
    edges.east = east;
    let width = cells.first().map_or(0, Vec::len);
    for (line, lc, rc, w) in corner_rows {
        if lc != west {
            return Err(err(
                line,
                1,
                if west { "a corner `+` where `|` meets the edge" } else { "no `+` without `|`" },
            ));
        }
        if rc != east {
            let col = 1 + usize::from(lc) + w;
            return Err(err(
                line,
                col,
                if east { "a corner `+` where `|` meets the edge" } else { "no `+` without `|`" },
            ));
        }
        if w != width {
            return Err(err(line, 1 + usize::from(lc), format!("an edge of {width} `-` (as wide as the rows)")));
        }
    }
    Ok(Grid { cells, lines, edges })
}

/// Computes the geometry of a standard (or Monte Carlo) diagram, with labels from an
/// optional constraint diagram.
pub fn geometry(
    diagram: &Diagram,
    constraint: Option<&Diagram>,
    policy: AnchorPolicy,
) -> Result<Geometry, GeometryError> {
    let g = grid(diagram)?;
    let height = g.cells.len();
    let width = g.cells.first().map_or(0, Vec::len);
    let col_base = 1 + usize::from(g.edges.west);
    let mut points: Vec<(usize, usize, Element)> = Vec::new();
    let mut star = None;
    let mut explicit = None;
    for (r, row) in g.cells.iter().enumerate() {
        for (c, ch) in row.iter().enumerate() {
            let Some(e) = Element::from_char(*ch) else {
                return Err(err(g.lines[r], col_base + c, format!("a diagram element, not `{ch}`")));
            };
            if e == Element::Move {
                if star.is_some() {
                    return Err(err(g.lines[r], col_base + c, "at most one `*`"));
                }
                star = Some((r, c));
            }
            // Like mkpat, the last `Q`/`Y` wins when a diagram marks several stones.
            if matches!(e, Element::OwnAnchor | Element::OpponentAnchor) {
                explicit = Some((r, c));
            }
            points.push((r, c, e));
        }
    }
    let pick = |f: &dyn Fn(Element) -> bool| points.iter().find(|p| f(p.2)).map(|p| (p.0, p.1));
    let anchor = explicit
        .or_else(|| match policy {
            AnchorPolicy::Own => pick(&|e: Element| e.is_own_stone()),
            AnchorPolicy::Opponent => pick(&|e: Element| e.is_opponent_stone()),
            AnchorPolicy::Either => pick(&|e: Element| e.is_own_stone() || e.is_opponent_stone()),
            AnchorPolicy::Move => None,
        })
        .or(star)
        .or_else(|| pick(&|e: Element| e != Element::DontCare))
        .unwrap_or((0, 0));
    let anchor_element = Element::from_char(g.cells[anchor.0][anchor.1]).unwrap_or(Element::DontCare);
    let rel = |r: usize, c: usize| (r as i32 - anchor.0 as i32, c as i32 - anchor.1 as i32);
    let elements = points
        .iter()
        .filter(|p| p.2 != Element::DontCare)
        .map(|&(r, c, element)| {
            let (row, col) = rel(r, c);
            PatElement { row, col, element }
        })
        .collect();
    let move_offset = star.map(|(r, c)| rel(r, c));
    let mut labels = BTreeMap::new();
    if let Some((r, c)) = star {
        labels.insert('*', rel(r, c));
    }
    if let Some(cd) = constraint {
        let cg = grid(cd)?;
        if cg.cells.len() != height || cg.edges != g.edges {
            let line = cg.lines.first().copied().unwrap_or(0);
            return Err(err(line, 1, "a constraint diagram of the same shape as the pattern"));
        }
        for (r, row) in cg.cells.iter().enumerate() {
            let cbase = 1 + usize::from(cg.edges.west);
            if row.len() != width {
                return Err(err(cg.lines[r], cbase, format!("a constraint row of {width} points")));
            }
            for (c, ch) in row.iter().enumerate() {
                let orig = g.cells[r][c];
                if matches!(ch, 'X' | 'O' | 'x' | 'o') && *ch != orig {
                    return Err(err(cg.lines[r], cbase + c, format!("`{orig}` as in the pattern diagram")));
                }
                if ch.is_ascii_alphanumeric() && Element::from_char(*ch).is_none() {
                    labels.entry(*ch).or_insert_with(|| rel(r, c));
                }
            }
        }
    }
    Ok(Geometry {
        width,
        height,
        edges: g.edges,
        anchor,
        anchor_element,
        move_offset,
        elements,
        min: rel(0, 0),
        max: rel(height.saturating_sub(1), width.saturating_sub(1)),
        labels,
    })
}

impl crate::ast::Pattern {
    /// This pattern's geometry, labels from its constraint diagram included.
    pub fn geometry(&self, policy: AnchorPolicy) -> Result<Geometry, GeometryError> {
        geometry(&self.diagram, self.constraint_diagram.as_ref(), policy)
    }
}

/// A pattern in one orientation, as the matcher tries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Orientation {
    pub transform: Transform,
    /// Elements relative to the (unmoved) anchor.
    pub elements: Vec<PatElement>,
    pub edges: Edges,
    /// Bounding box relative to the anchor, after the transformation.
    pub min: (i32, i32),
    pub max: (i32, i32),
    pub move_offset: Option<(i32, i32)>,
}

impl Geometry {
    /// The orientations to try for a pattern declaring `symmetry`: one per transformation
    /// in [`crate::Symmetry::transforms`].
    pub fn orientations(&self, symmetry: crate::ast::Symmetry) -> Vec<Orientation> {
        symmetry
            .transforms()
            .iter()
            .map(|&t| {
                let (a, b) = (t.apply(self.min.0, self.min.1), t.apply(self.max.0, self.max.1));
                Orientation {
                    transform: t,
                    elements: self.transformed(t),
                    edges: self.transformed_edges(t),
                    min: (a.0.min(b.0), a.1.min(b.1)),
                    max: (a.0.max(b.0), a.1.max(b.1)),
                    move_offset: self.move_offset.map(|(i, j)| t.apply(i, j)),
                }
            })
            .collect()
    }

    /// The elements under a transformation, still relative to the anchor.
    pub fn transformed(&self, t: Transform) -> Vec<PatElement> {
        self.elements
            .iter()
            .map(|e| {
                let (row, col) = t.apply(e.row, e.col);
                PatElement { row, col, element: e.element }
            })
            .collect()
    }

    /// The edge constraints under a transformation.
    pub fn transformed_edges(&self, t: Transform) -> Edges {
        t.apply_edges(self.edges)
    }
}

/// What an `eyes.db` vertex is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EyeElement {
    /// `.` ordinary eye space.
    Space,
    /// `*` ordinary eye space and key point (attack and defence).
    Key,
    /// `<` ordinary eye space and attack point.
    AttackPoint,
    /// `>` ordinary eye space and defence point.
    DefensePoint,
    /// `!` marginal eye space.
    Marginal,
    /// `@` marginal eye space and key point.
    MarginalKey,
    /// `$` marginal eye space holding an opponent stone.
    MarginalStone,
    /// `(` marginal eye space and attack point.
    MarginalAttack,
    /// `)` marginal eye space and defence point.
    MarginalDefense,
    /// `X` dead opponent stone.
    DeadStone,
    /// `x` `.` or `X`.
    SpaceOrStone,
}

impl EyeElement {
    pub fn from_char(c: char) -> Option<EyeElement> {
        Some(match c {
            '.' => EyeElement::Space,
            '*' => EyeElement::Key,
            '<' => EyeElement::AttackPoint,
            '>' => EyeElement::DefensePoint,
            '!' => EyeElement::Marginal,
            '@' => EyeElement::MarginalKey,
            '$' => EyeElement::MarginalStone,
            '(' => EyeElement::MarginalAttack,
            ')' => EyeElement::MarginalDefense,
            'X' => EyeElement::DeadStone,
            'x' => EyeElement::SpaceOrStone,
            _ => return None,
        })
    }
}

/// An eye shape's vertices as (row, col, kind), with the board edges it touches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EyeGeometry {
    pub vertices: Vec<(i32, i32, EyeElement)>,
    pub edges: Edges,
}

/// Vertices of an eye shape. Eye diagrams need not be rectangular: a space is no vertex,
/// `|` marks the west edge, `-`/`+` rows the north or south edge.
pub fn eye_geometry(p: &EyePattern) -> Result<EyeGeometry, GeometryError> {
    let mut vertices = Vec::new();
    let mut edges = Edges::default();
    let mut r = 0i32;
    let n = p.rows.len();
    for (k, (line, text)) in p.rows.iter().enumerate() {
        let t = text.trim_start();
        if t.starts_with(['-', '+']) {
            if k == 0 {
                edges.north = true;
            } else if k == n - 1 {
                edges.south = true;
            } else {
                return Err(err(*line, 1, "an edge row only at the top or bottom of the eye shape"));
            }
            if let Some(bad) = t.chars().position(|c| !matches!(c, '-' | '+')) {
                return Err(err(*line, 1 + text.len() - t.len() + bad, "only `-` and `+` in an edge row"));
            }
            continue;
        }
        if r as usize == MAX_DIAGRAM_SIDE {
            return Err(err(*line, 1, format!("an eye shape at most {MAX_DIAGRAM_SIDE} points high")));
        }
        let mut c = 0i32;
        for (col, ch) in text.chars().enumerate() {
            if c as usize == MAX_DIAGRAM_SIDE && ch != '|' {
                return Err(err(*line, col + 1, format!("an eye shape at most {MAX_DIAGRAM_SIDE} points wide")));
            }
            match ch {
                ' ' => c += 1,
                '|' if col == 0 => edges.west = true,
                '|' => edges.east = true,
                _ => match EyeElement::from_char(ch) {
                    Some(e) => {
                        vertices.push((r, c, e));
                        c += 1;
                    }
                    None => return Err(err(*line, col + 1, format!("an eye vertex, not `{ch}`"))),
                },
            }
        }
        r += 1;
    }
    if vertices.is_empty() {
        return Err(err(p.line, 1, "at least one eye vertex"));
    }
    Ok(EyeGeometry { vertices, edges })
}
