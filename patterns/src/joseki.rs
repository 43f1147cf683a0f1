//! The joseki compiler: a joseki tree in SGF, in the format GNU Go's joseki sources use
//! (`gnugo/joseki/*.sgf`, described in GNU Go's `patterns.texi`, "The Joseki Compiler"), turned into
//! a `.db` file of our pattern language (`mkpat --joseki`). This module owns that conversion and
//! nothing else: it reads SGF through `engine_core::sgf`, plays the moves on a board of its own
//! (captures only: no ko, no rules beyond what a joseki diagram needs), and checks its output with
//! this crate's own parser and compiler; it must not know how an engine values the patterns.
//!
//! The format (facts of GNU Go's format; the text written is ours):
//! * Every node with a move (`B`/`W`, not a pass) and a square mark (`MA` or `SQ`) gives one pattern;
//!   other nodes only advance the board (setup `AB`/`AW`/`AE` is applied too). The joseki lies in the
//!   upper right corner; the marked point is the far corner of the pattern's area: the area runs from
//!   the marked column to the right edge and from the top edge to the marked row (with several marks,
//!   the leftmost column and the lowest row). The move must lie in the area.
//! * The diagram: the area as it stands before the move, `O` the stones of the player of the move, `X`
//!   the other player's, `*` the move, `.` the empty points; points beyond the area are not drawn (the
//!   matcher does not look at them). Edges are drawn where the area touches the board's edge. Symmetry
//!   `8`: the pattern matches in all four corners, either way round.
//! * The class: the first character of the comment (`C`): `U` urgent (class `U`), `S` or `J` standard
//!   (`J`), `s` or `j` lesser (`j`), `T` trick (`T`), `t` tenuki is fine (`t`), `0` or `A` antisuji (no
//!   class letter; the action `antisuji(*)`); anything else, or no comment, is a standard move. The
//!   case of the letter matters (`S` and `s` differ). The colon line is `:8,s` and the class letter
//!   (the `s`: a joseki move is not checked for tactical safety).
//! * Further lines of the comment: `#…` are copied as comments above the diagram, `;…` as constraint
//!   lines, `>…` as action lines, `:…` is appended to the colon line (its first field, when made of
//!   class letters, merged into the class: `:-,shape(8)` gives `:8,sJ,shape(8)`). Other lines are
//!   ignored. An `N` (node name) becomes a comment line.
//! * Labels (`LB`, one letter each, in the area) give a constraint diagram: the diagram with each
//!   labelled point replaced by its letter (a label on the move names the move as `*` does).
//! * Names: the file's stem, the variation path (the index of the variation taken at every node
//!   where the tree branches, `0` the main line) and the move number: `komoku-0.2.1-m7`.
//!
//! Not a pattern, reported in [`JosekiDb::skipped`]: a marked move whose area holds no stone (our
//! matcher anchors patterns on a stone; an empty corner's move is the fuseki gatherer's), and a marked
//! pass. Everything else that does not fit is a [`JosekiError`] naming the node; the generated text
//! is parsed and compiled before it is returned, so a comment line that is not valid pattern language
//! is an error at its node too. Never a panic.

use crate::board::{Cell, Grid, MAX_BOARD};
use crate::eval::Registry;
use crate::library::PatternLibrary;
use crate::parse::parse_db;
use engine_core::sgf::{self, expand_point_list, parse_point, simple_text_value, split_compose, text_value};
use std::fmt;

/// A move's class, from the first character of its comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JosekiClass {
    /// `U`: urgent, never tenuki.
    Urgent,
    /// `S`/`J` (and the default): a standard joseki move.
    Standard,
    /// `s`/`j`: a lesser joseki move.
    Lesser,
    /// `T`: a trick move.
    Trick,
    /// `t`: a minor move, tenuki is fine.
    Minor,
    /// `0`/`A`: a move not to play.
    Antisuji,
}

impl JosekiClass {
    /// The class of a comment's first character, `None` when it names none.
    pub fn from_char(c: char) -> Option<JosekiClass> {
        Some(match c {
            'U' => JosekiClass::Urgent,
            'S' | 'J' => JosekiClass::Standard,
            's' | 'j' => JosekiClass::Lesser,
            'T' => JosekiClass::Trick,
            't' => JosekiClass::Minor,
            '0' | 'A' => JosekiClass::Antisuji,
            _ => return None,
        })
    }

    /// The class letter of the pattern (empty for an antisuji, which is an action instead).
    pub fn letter(self) -> &'static str {
        match self {
            JosekiClass::Urgent => "U",
            JosekiClass::Standard => "J",
            JosekiClass::Lesser => "j",
            JosekiClass::Trick => "T",
            JosekiClass::Minor => "t",
            JosekiClass::Antisuji => "",
        }
    }
}

/// Where a node sits in the SGF tree.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NodeRef {
    /// 1-based number of the node in the file, counted in reading order.
    pub index: usize,
    /// Moves played from the root to this node, its own included.
    pub moves: usize,
    /// The variation taken at every node where the tree branches (0 the first).
    pub path: Vec<usize>,
}

impl NodeRef {
    fn path_text(&self) -> String {
        if self.path.is_empty() {
            "0".to_string()
        } else {
            self.path.iter().map(usize::to_string).collect::<Vec<_>>().join(".")
        }
    }
}

impl fmt::Display for NodeRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node {} (move {}, variation {})", self.index, self.moves, self.path_text())
    }
}

/// What is wrong at a node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeProblem {
    /// A property value that is not a point of the board.
    InvalidPoint { property: String, value: String },
    /// Both `B` and `W` in one node.
    TwoMoves,
    /// The move is on a stone.
    Occupied { point: String },
    /// The move leaves its own stones without a liberty.
    Suicide { point: String },
    /// A marked move outside the area its mark gives (the joseki belongs in the upper right corner).
    OutsideArea { point: String },
    /// A label that cannot be one of the constraint diagram's.
    Label { value: String, reason: &'static str },
    /// The pattern written for the node does not compile (a comment line that is no pattern language).
    Pattern { message: String },
}

impl fmt::Display for NodeProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeProblem::InvalidPoint { property, value } => {
                write!(f, "{property}[{value}] is not a point of the board")
            }
            NodeProblem::TwoMoves => write!(f, "a node with both a black and a white move"),
            NodeProblem::Occupied { point } => write!(f, "the move {point} is on a stone"),
            NodeProblem::Suicide { point } => write!(f, "the move {point} is suicide"),
            NodeProblem::OutsideArea { point } => {
                write!(
                    f,
                    "the move {point} lies outside the area of its mark (the joseki goes in the upper right corner)"
                )
            }
            NodeProblem::Label { value, reason } => write!(f, "label LB[{value}]: {reason}"),
            NodeProblem::Pattern { message } => write!(f, "the pattern does not compile: {message}"),
        }
    }
}

/// Why a joseki file could not be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JosekiError {
    /// The text is not SGF (with its line and column).
    #[error("{file}: {source}")]
    Sgf { file: String, source: sgf::SgfError },
    /// The SGF holds no game tree.
    #[error("{file}: no game tree")]
    Empty { file: String },
    /// `SZ` is not a board size the matcher takes (2 to 25).
    #[error("{file}: board size SZ[{value}] (expected 2 to {MAX_BOARD})")]
    BoardSize { file: String, value: String },
    /// A problem at one node.
    #[error("{file}: {node}: {problem}")]
    Node { file: String, node: NodeRef, problem: NodeProblem },
}

/// One pattern written, with the position it was written from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JosekiPattern {
    pub name: String,
    pub node: NodeRef,
    pub class: JosekiClass,
    /// Whether black plays the move.
    pub black: bool,
    /// The move: column and row from the top left.
    pub at: (u8, u8),
    /// Whether the node is on the main line (the first variation everywhere).
    pub main_line: bool,
    /// The board before the move, `O` the player of the move.
    pub before: Grid,
}

/// A compiled joseki file.
#[derive(Debug, Clone)]
pub struct JosekiDb {
    /// The `.db` text.
    pub text: String,
    /// The patterns in the order of the text.
    pub patterns: Vec<JosekiPattern>,
    /// Marked moves that gave no pattern, and why.
    pub skipped: Vec<(NodeRef, &'static str)>,
}

/// The stem of a file name, with anything but letters, digits and `_` replaced by `_`.
pub fn stem(file: &str) -> String {
    let base = file.rsplit(['/', '\\']).next().unwrap_or(file);
    let base = base.strip_suffix(".sgf").unwrap_or(base);
    let s: String = base.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if s.is_empty() {
        "joseki".to_string()
    } else {
        s
    }
}

/// Compiles the joseki SGF `text`, read from `file` (whose stem names the patterns), into a `.db`.
pub fn compile_joseki(file: &str, text: &str) -> Result<JosekiDb, JosekiError> {
    let collection = sgf::parse(text).map_err(|source| JosekiError::Sgf { file: file.to_string(), source })?;
    if collection.trees.is_empty() {
        return Err(JosekiError::Empty { file: file.to_string() });
    }
    let size = match collection.trees[0].root().and_then(|r| r.get("SZ")) {
        None => 19,
        Some(v) => match v.trim().parse::<usize>() {
            Ok(n) if (2..=MAX_BOARD).contains(&n) => n,
            _ => return Err(JosekiError::BoardSize { file: file.to_string(), value: engine_core::limits::excerpt(v) }),
        },
    };
    let mut w = Writer {
        file: file.to_string(),
        stem: stem(file),
        size,
        index: 0,
        text: String::new(),
        starts: Vec::new(),
        patterns: Vec::new(),
        skipped: Vec::new(),
    };
    w.text.push_str(&format!(
        "# {}: joseki patterns compiled by `mkpat --joseki` from {}.\n\
         # Do not edit: edit the SGF and compile it again. O plays the move `*`; each\n\
         # pattern is the corner as it stands before that move, up to the marked point.\n\n",
        w.stem,
        file.rsplit(['/', '\\']).next().unwrap_or(file)
    ));
    let board = Board { size, cells: vec![None; size * size] };
    let branches = collection.trees.len() > 1;
    for (i, tree) in collection.trees.iter().enumerate() {
        let path = if branches { vec![i] } else { Vec::new() };
        w.walk(tree, board.clone(), path, 0, i == 0)?;
    }
    w.check()?;
    Ok(JosekiDb { text: w.text, patterns: w.patterns, skipped: w.skipped })
}

#[derive(Clone)]
struct Board {
    size: usize,
    /// `Some(true)` black.
    cells: Vec<Option<bool>>,
}

impl Board {
    fn neighbours(&self, p: usize) -> impl Iterator<Item = usize> {
        let n = self.size;
        let (r, c) = (p / n, p % n);
        let mut v = [None; 4];
        if r > 0 {
            v[0] = Some(p - n);
        }
        if r + 1 < n {
            v[1] = Some(p + n);
        }
        if c > 0 {
            v[2] = Some(p - 1);
        }
        if c + 1 < n {
            v[3] = Some(p + 1);
        }
        v.into_iter().flatten()
    }

    /// The string at `p` and whether it has a liberty.
    fn string(&self, p: usize) -> (Vec<usize>, bool) {
        let colour = self.cells[p];
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![p];
        let mut stones = Vec::new();
        let mut liberty = false;
        seen[p] = true;
        while let Some(q) = stack.pop() {
            stones.push(q);
            for r in self.neighbours(q) {
                if seen[r] {
                    continue;
                }
                match self.cells[r] {
                    None => liberty = true,
                    c if c == colour => {
                        seen[r] = true;
                        stack.push(r);
                    }
                    _ => {}
                }
            }
        }
        (stones, liberty)
    }

    /// Plays; `false` when the move is suicide (the board is then left with the stone removed).
    fn play(&mut self, p: usize, black: bool) -> bool {
        self.cells[p] = Some(black);
        let around: Vec<usize> = self.neighbours(p).collect();
        for q in around {
            if self.cells[q] == Some(!black) {
                let (stones, liberty) = self.string(q);
                if !liberty {
                    for s in stones {
                        self.cells[s] = None;
                    }
                }
            }
        }
        if !self.string(p).1 {
            self.cells[p] = None;
            return false;
        }
        true
    }
}

struct Writer {
    file: String,
    stem: String,
    size: usize,
    /// Nodes read so far.
    index: usize,
    text: String,
    /// The first line of each pattern in `text`, with its node.
    starts: Vec<(usize, NodeRef)>,
    patterns: Vec<JosekiPattern>,
    skipped: Vec<(NodeRef, &'static str)>,
}

/// The parts of a node's comment.
#[derive(Default)]
struct Comment {
    class: Option<JosekiClass>,
    comments: Vec<String>,
    constraints: Vec<String>,
    actions: Vec<String>,
    colon: Vec<String>,
}

fn read_comment(c: &str) -> Comment {
    let mut out = Comment::default();
    let text = text_value(c);
    for (i, line) in text.lines().enumerate() {
        if i == 0 {
            if let Some(class) = line.chars().next().and_then(JosekiClass::from_char) {
                out.class = Some(class);
                continue;
            }
        }
        let line = line.trim_end();
        match line.chars().next() {
            Some('#') => out.comments.push(line.to_string()),
            Some(';') => out.constraints.push(line.to_string()),
            Some('>') => out.actions.push(line.to_string()),
            Some(':') => out.colon.push(line[1..].trim().to_string()),
            _ => {}
        }
    }
    out
}

fn point_name(col: usize, row: usize) -> String {
    sgf::format_point(col as u8, row as u8)
}

impl Writer {
    fn err(&self, node: &NodeRef, problem: NodeProblem) -> JosekiError {
        JosekiError::Node { file: self.file.clone(), node: node.clone(), problem }
    }

    fn points(&self, node: &sgf::Node, ident: &str, at: &NodeRef) -> Result<Vec<(u8, u8)>, JosekiError> {
        let values = node.values(ident);
        expand_point_list(values, self.size as u8).map_err(|_| {
            let value = values.iter().find(|v| expand_point_list(&[v.as_str()], self.size as u8).is_err());
            self.err(
                at,
                NodeProblem::InvalidPoint {
                    property: ident.to_string(),
                    value: engine_core::limits::excerpt(value.map_or("", String::as_str)),
                },
            )
        })
    }

    fn walk(
        &mut self,
        tree: &sgf::GameTree,
        mut board: Board,
        path: Vec<usize>,
        mut moves: usize,
        main: bool,
    ) -> Result<(), JosekiError> {
        for node in &tree.nodes {
            self.index += 1;
            let mut at = NodeRef { index: self.index, moves, path: path.clone() };
            for (ident, colour) in [("AB", Some(true)), ("AW", Some(false)), ("AE", None)] {
                for (c, r) in self.points(node, ident, &at)? {
                    board.cells[usize::from(r) * self.size + usize::from(c)] = colour;
                }
            }
            let mv = match (node.get("B"), node.get("W")) {
                (Some(_), Some(_)) => return Err(self.err(&at, NodeProblem::TwoMoves)),
                (Some(v), None) => Some((true, v)),
                (None, Some(v)) => Some((false, v)),
                (None, None) => None,
            };
            let Some((black, value)) = mv else { continue };
            moves += 1;
            at.moves = moves;
            let point = parse_point(value, self.size as u8).map_err(|_| {
                let property = if black { "B" } else { "W" }.to_string();
                self.err(&at, NodeProblem::InvalidPoint { property, value: engine_core::limits::excerpt(value) })
            })?;
            let marks = [self.points(node, "MA", &at)?, self.points(node, "SQ", &at)?].concat();
            let Some((col, row)) = point.map(|(c, r)| (usize::from(c), usize::from(r))) else {
                if !marks.is_empty() {
                    self.skipped.push((at, "a marked pass"));
                }
                continue;
            };
            let p = row * self.size + col;
            if board.cells[p].is_some() {
                return Err(self.err(&at, NodeProblem::Occupied { point: point_name(col, row) }));
            }
            if !marks.is_empty() {
                self.pattern(node, &board, &marks, (col, row), black, &at, main)?;
            }
            if !board.play(p, black) {
                return Err(self.err(&at, NodeProblem::Suicide { point: point_name(col, row) }));
            }
        }
        let branches = tree.variations.len() > 1;
        for (i, v) in tree.variations.iter().enumerate() {
            let mut path = path.clone();
            if branches {
                path.push(i);
            }
            self.walk(v, board.clone(), path, moves, main && i == 0)?;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn pattern(
        &mut self,
        node: &sgf::Node,
        board: &Board,
        marks: &[(u8, u8)],
        (col, row): (usize, usize),
        black: bool,
        at: &NodeRef,
        main: bool,
    ) -> Result<(), JosekiError> {
        let n = self.size;
        let left = marks.iter().map(|m| usize::from(m.0)).min().unwrap_or(0);
        let bottom = marks.iter().map(|m| usize::from(m.1)).max().unwrap_or(0);
        if col < left || row > bottom {
            return Err(self.err(at, NodeProblem::OutsideArea { point: point_name(col, row) }));
        }
        let cell = |c: usize, r: usize| match board.cells[r * n + c] {
            None => '.',
            Some(b) if b == black => 'O',
            Some(_) => 'X',
        };
        if !(left..n).any(|c| (0..=bottom).any(|r| cell(c, r) != '.')) {
            self.skipped.push((at.clone(), "no stone in the marked area"));
            return Ok(());
        }
        // Labels: letter per point of the area.
        let mut labels: Vec<((usize, usize), char)> = Vec::new();
        for value in node.values("LB") {
            let bad = |reason| self.err(at, NodeProblem::Label { value: engine_core::limits::excerpt(value), reason });
            let Some((pt, text)) = split_compose(value) else { return Err(bad("expected POINT:LETTER")) };
            let Ok(Some((c, r))) = parse_point(pt, n as u8) else { return Err(bad("not a point of the board")) };
            let (c, r) = (usize::from(c), usize::from(r));
            let mut chars = text.trim().chars();
            let (Some(letter), None) = (chars.next(), chars.next()) else {
                return Err(bad("a label is one letter"));
            };
            if !letter.is_ascii_alphabetic() || "XOxoQY".contains(letter) {
                return Err(bad("a label is a letter other than X, O, x, o, Q and Y"));
            }
            if c < left || r > bottom {
                return Err(bad("outside the marked area"));
            }
            if labels.iter().any(|&(q, l)| q == (c, r) || l == letter) {
                return Err(bad("a point or letter labelled twice"));
            }
            labels.push(((c, r), letter));
        }
        let comment = node.get("C").map(read_comment).unwrap_or_default();
        let class = comment.class.unwrap_or(JosekiClass::Standard);
        let name = format!("{}-{}-m{}", self.stem, at.path_text(), at.moves);
        let mut class_letters = class.letter().to_string();
        let mut extra = String::new();
        for c in &comment.colon {
            let (first, rest) = match c.split_once(',') {
                Some((a, b)) => (a.trim(), Some(b)),
                None => (c.trim(), None),
            };
            if !first.is_empty() && first.chars().all(|ch| crate::ast::CLASS_LETTERS.contains(ch)) {
                for ch in first.chars().filter(|&ch| ch != '-') {
                    if !class_letters.contains(ch) && ch != 's' {
                        class_letters.push(ch);
                    }
                }
                if let Some(rest) = rest.filter(|r| !r.trim().is_empty()) {
                    extra.push(',');
                    extra.push_str(rest.trim());
                }
            } else if !c.is_empty() {
                extra.push(',');
                extra.push_str(c);
            }
        }
        let start = self.text.lines().count() + 1;
        self.starts.push((start, at.clone()));
        let t = &mut self.text;
        t.push_str(&format!("Pattern {name}\n"));
        if let Some(title) = node.get("N").map(simple_text_value) {
            let title = title.trim();
            if !title.is_empty() {
                t.push_str(&format!("# {title}\n"));
            }
        }
        for c in &comment.comments {
            t.push_str(c);
            t.push('\n');
        }
        t.push('\n');
        let diagram = |t: &mut String, label: &dyn Fn(usize, usize) -> Option<char>| {
            let edge = format!("{}{}+\n", if left == 0 { "+" } else { "" }, "-".repeat(n - left));
            t.push_str(&edge);
            for r in 0..=bottom {
                if left == 0 {
                    t.push('|');
                }
                for c in left..n {
                    t.push(label(c, r).unwrap_or(if (c, r) == (col, row) { '*' } else { cell(c, r) }));
                }
                t.push_str("|\n");
            }
            if bottom == n - 1 {
                t.push_str(&edge);
            }
            t.push('\n');
        };
        diagram(t, &|_, _| None);
        t.push_str(&format!(":8,s{class_letters}{extra}\n\n"));
        if !labels.is_empty() {
            diagram(t, &|c, r| labels.iter().find(|&&(q, _)| q == (c, r)).map(|&(_, l)| l));
        }
        for line in comment.constraints.iter().chain(&comment.actions) {
            t.push_str(line);
            t.push('\n');
        }
        if class == JosekiClass::Antisuji {
            t.push_str(">antisuji(*);\n");
        }
        t.push_str("\n\n");
        let mut before = Grid::new(n);
        for r in 0..n {
            for c in 0..n {
                let v = match board.cells[r * n + c] {
                    None => Cell::Empty,
                    Some(b) if b == black => Cell::O,
                    Some(_) => Cell::X,
                };
                before.set(r, c, v);
            }
        }
        self.patterns.push(JosekiPattern {
            name,
            node: at.clone(),
            class,
            black,
            at: (col as u8, row as u8),
            main_line: main && at.path.iter().all(|&i| i == 0),
            before,
        });
        Ok(())
    }

    /// Parses and compiles the text written; the first error is reported at its pattern's node.
    fn check(&self) -> Result<(), JosekiError> {
        let db_name = format!("{}.db", self.stem);
        let db = parse_db(&db_name, &self.text);
        let lib = PatternLibrary::new(vec![db], Registry::standard());
        let Some(e) = lib.errors.first() else { return Ok(()) };
        let line = match e {
            crate::library::LibraryError::Parse(p) => p.line,
            crate::library::LibraryError::Compile(c) => c.line,
            crate::library::LibraryError::Geometry { line, .. } => *line,
            crate::library::LibraryError::TooManyPatterns { line, .. } => *line,
            crate::library::LibraryError::Io { .. } => 0,
        };
        let node = self.starts.iter().rev().find(|(s, _)| *s <= line).map(|(_, n)| n.clone()).unwrap_or_default();
        Err(self.err(&node, NodeProblem::Pattern { message: e.to_string() }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CORNER: &str = "(;GM[1]SZ[19];B[pd];W[qf]MA[mj]C[#approach\n];B[nc]MA[mj]C[J\n# knight's move\n]\
        (;W[qi]C[t]MA[mj])(;W[pc]C[0]MA[mj])(;W[qc]LB[qd:A]MA[mj]C[U\n:-,shape(2)\n;lib(A)>1]))";

    #[test]
    fn a_small_tree_gives_its_patterns() {
        let db = compile_joseki("tiny.sgf", CORNER).unwrap();
        let names: Vec<&str> = db.patterns.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["tiny-0-m2", "tiny-0-m3", "tiny-0-m4", "tiny-1-m4", "tiny-2-m4"]);
        let classes: Vec<JosekiClass> = db.patterns.iter().map(|p| p.class).collect();
        use JosekiClass::*;
        assert_eq!(classes, [Standard, Standard, Minor, Antisuji, Urgent]);
        // White's approach at R14 (qf): the area is columns m..s, rows a..j; Q16 is black's stone, X
        // for white.
        let first = "Pattern tiny-0-m2\n#approach\n\n-------+\n.......|\n.......|\n.......|\n...X...|\n\
                     .......|\n....*..|\n.......|\n.......|\n.......|\n.......|\n\n:8,sJ\n\n\n";
        assert!(db.text.contains(first), "{}", db.text);
        assert!(db.text.contains(":8,s\n\n>antisuji(*);\n"), "{}", db.text);
        assert!(
            db.text.contains(":8,sU,shape(2)\n\n-------+\n.......|\n.......|\n.X..*..|\n...XA..|\n"),
            "{}",
            db.text
        );
        assert!(db.text.contains(";lib(A)>1\n"), "{}", db.text);
        assert!(db.patterns[..3].iter().all(|p| p.main_line) && !db.patterns[3].main_line);
        assert_eq!(db.skipped, vec![]);
        assert!(!db.patterns[0].black && db.patterns[1].black);
    }

    #[test]
    fn problems_name_their_node() {
        let e = compile_joseki("x.sgf", "(;SZ[19];B[pd];W[pd]MA[mj])").unwrap_err();
        assert_eq!(e.to_string(), "x.sgf: node 3 (move 2, variation 0): the move pd is on a stone");
        let e = compile_joseki("x.sgf", "(;SZ[19];B[pd];W[cd]MA[mj])").unwrap_err();
        assert!(matches!(e, JosekiError::Node { problem: NodeProblem::OutsideArea { .. }, .. }), "{e}");
        let e = compile_joseki("x.sgf", "(;SZ[19];B[pd];W[qf]MA[mj]LB[qd:AB])").unwrap_err();
        assert!(matches!(e, JosekiError::Node { problem: NodeProblem::Label { .. }, .. }), "{e}");
        let e = compile_joseki("x.sgf", "(;SZ[19];B[pd];W[qf]MA[mj]C[;no_such_helper(*)])").unwrap_err();
        assert!(matches!(&e, JosekiError::Node { problem: NodeProblem::Pattern { .. }, node, .. } if node.index == 3));
        let e = compile_joseki("x.sgf", "(;SZ[30];B[pd])").unwrap_err();
        assert!(matches!(e, JosekiError::BoardSize { .. }), "{e}");
        let e = compile_joseki("x.sgf", "(;SZ[19];B[pd]W[qf])").unwrap_err();
        assert!(matches!(e, JosekiError::Node { problem: NodeProblem::TwoMoves, .. }), "{e}");
        let e = compile_joseki("x.sgf", "(;B[pd]").unwrap();
        assert!(e.patterns.is_empty());
        let e = compile_joseki("x.sgf", "(;B[zz]").unwrap_err();
        assert!(matches!(e, JosekiError::Node { problem: NodeProblem::InvalidPoint { .. }, .. }), "{e}");
        let e = compile_joseki("x.sgf", "no sgf here").unwrap_err();
        assert!(matches!(e, JosekiError::Sgf { .. } | JosekiError::Empty { .. }), "{e}");
        // An empty corner's move cannot be a pattern: skipped, with the reason.
        let db = compile_joseki("x.sgf", "(;B[pd]MA[mj])").unwrap();
        assert!(db.patterns.is_empty());
        assert_eq!(db.skipped.len(), 1);
    }

    #[test]
    fn captures_are_taken_off() {
        // 9x9: black's corner stone J9 (ia) is captured by white H9 (ha) and J8 (ib); playing J9 again
        // captures nothing and has no liberty: suicide.
        let e = compile_joseki("c.sgf", "(;SZ[9];B[ia];W[ha];B[ee];W[ib];B[ia]MA[fd])").unwrap_err();
        assert!(matches!(e, JosekiError::Node { problem: NodeProblem::Suicide { .. }, .. }), "{e}");
        // Black G8 (gb) instead: the diagram shows J9 empty again.
        let db = compile_joseki("c.sgf", "(;SZ[9];B[ia];W[ha];B[ee];W[ib];B[gb]MA[fd])").unwrap();
        assert!(db.text.contains("----+\n..X.|\n.*.X|\n....|\n....|\n\n:8,sJ\n"), "{}", db.text);
    }
}
