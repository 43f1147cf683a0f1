//! The typed AST of a `.db` file: headers, patterns (diagram, `:` line, constraint diagram,
//! joined constraint and action), `eyes.db` eye shapes and `mc_*.db` Monte Carlo patterns.
//! This module owns the data types and their small accessors; reading text is `parse`'s
//! job and coordinates are `geometry`'s.

use crate::expr::{Expr, Stmt};
use std::collections::BTreeSet;

/// Which of GNU Go's three `.db` formats a file is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// `patterns.db`, `attack.db`, `owl_*.db`, `conn.db`, … (compiled by `mkpat`).
    Standard,
    /// `eyes.db` (compiled by `mkeyes`).
    Eyes,
    /// `mc_*.db`: 3×3 Monte Carlo playout patterns without names.
    MonteCarlo,
}

impl Dialect {
    /// The dialect GNU Go uses for a file of that name.
    pub fn from_file_name(name: &str) -> Dialect {
        let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
        if base == "eyes.db" {
            Dialect::Eyes
        } else if base.starts_with("mc_") {
            Dialect::MonteCarlo
        } else {
            Dialect::Standard
        }
    }
}

/// A parsed file. Patterns with errors are left out and their errors listed.
#[derive(Debug, Clone, Default)]
pub struct DbFile {
    pub name: String,
    pub directives: Vec<Directive>,
    pub patterns: Vec<Pattern>,
    pub eye_patterns: Vec<EyePattern>,
    pub mc_patterns: Vec<McPattern>,
    pub errors: Vec<crate::ParseError>,
}

impl DbFile {
    /// Number of patterns read without error, whatever the dialect.
    pub fn pattern_count(&self) -> usize {
        self.patterns.len() + self.eye_patterns.len() + self.mc_patterns.len()
    }

    /// The names of all autohelper functions called in constraints and actions.
    pub fn autohelper_functions(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for p in &self.patterns {
            p.collect_calls(&mut out);
        }
        out
    }

    /// The header value in force for the pattern at `index` (headers apply to the patterns
    /// that follow them).
    pub fn directive_for(&self, kind: DirectiveKind, index: usize) -> Option<&str> {
        self.directives.iter().rfind(|d| d.kind == kind && d.applies_from <= index).map(|d| d.value.as_str())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DirectiveKind {
    AttributeMap,
    GoalElements,
    CallbackData,
}

/// A file header such as `attribute_map general`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    pub kind: DirectiveKind,
    pub value: String,
    pub line: usize,
    /// Index in `DbFile::patterns` of the first pattern it applies to.
    pub applies_from: usize,
}

/// One row of a diagram, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramRow {
    pub line: usize,
    pub kind: RowKind,
    /// A side comment after the row.
    pub note: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowKind {
    /// `---`, `+---`, `---+`, `+---+`: the top or bottom edge of the board.
    Edge { left_corner: bool, right_corner: bool, width: usize },
    /// Points, optionally between left/right edges `|`.
    Body { left_edge: bool, cells: String, right_edge: bool },
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Diagram {
    pub rows: Vec<DiagramRow>,
}

/// The symmetry declared first on the `:` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// `8`: none; all eight transformations are tried.
    None,
    /// `|`: mirror about the vertical axis.
    Vertical,
    /// `-`: mirror about the horizontal axis.
    Horizontal,
    /// `\`: mirror about the main diagonal.
    Diagonal,
    /// `/`: mirror about the anti-diagonal.
    AntiDiagonal,
    /// `+`: both horizontal and vertical axes.
    Plus,
    /// `X`: both diagonals.
    Cross,
    /// `O`: invariant under rotation by 180 degrees.
    Rotation180,
}

impl Symmetry {
    pub fn from_char(c: char) -> Option<Symmetry> {
        Some(match c {
            '8' => Symmetry::None,
            '|' => Symmetry::Vertical,
            '-' => Symmetry::Horizontal,
            '\\' => Symmetry::Diagonal,
            '/' => Symmetry::AntiDiagonal,
            '+' => Symmetry::Plus,
            'X' => Symmetry::Cross,
            'O' => Symmetry::Rotation180,
            _ => return None,
        })
    }

    pub fn as_char(self) -> char {
        match self {
            Symmetry::None => '8',
            Symmetry::Vertical => '|',
            Symmetry::Horizontal => '-',
            Symmetry::Diagonal => '\\',
            Symmetry::AntiDiagonal => '/',
            Symmetry::Plus => '+',
            Symmetry::Cross => 'X',
            Symmetry::Rotation180 => 'O',
        }
    }
}

/// An argument of a `:` line value such as `value(35)` or `threatens_eye(a)`.
#[derive(Debug, Clone, PartialEq)]
pub enum ColonArg {
    Number(f64),
    /// A one-letter label or `*`.
    Label(char),
    Ident(String),
}

/// A comma-separated field of the `:` line after the symmetry, as written.
#[derive(Debug, Clone, PartialEq)]
pub enum ColonField {
    Number(f64),
    Word(String),
    Call { name: String, args: Vec<ColonArg> },
}

/// A value attribute such as `shape(3)` (or, in the old format, `wind(20,1,0,0)`).
#[derive(Debug, Clone, PartialEq)]
pub struct ValueAttr {
    pub name: String,
    pub args: Vec<ColonArg>,
}

impl ValueAttr {
    /// The single numeric argument, if that is what the attribute has.
    pub fn number(&self) -> Option<f64> {
        match self.args.as_slice() {
            [ColonArg::Number(n)] => Some(*n),
            _ => None,
        }
    }
}

/// Classification letters known to `mkpat` (`-` is a placeholder).
pub const CLASS_LETTERS: &str = "sOoXxDCcnBAbeEadIJjtTUWFNY-";

/// The `:` line: `:symmetry,class,values…,helper`, or the old numeric-weight format.
#[derive(Debug, Clone, PartialEq)]
pub struct ColonLine {
    pub line: usize,
    pub symmetry: Symmetry,
    pub fields: Vec<ColonField>,
    /// Classification letters (without `-`), empty when none.
    pub class: String,
    pub values: Vec<ValueAttr>,
    /// Hand-written helper function; `NULL` is stored as `None`.
    pub helper: Option<String>,
    /// Numeric fields of the old `:8,50,0,O,5,…` format, in order.
    pub legacy_numbers: Vec<f64>,
}

impl ColonLine {
    pub fn has_class(&self, c: char) -> bool {
        self.class.contains(c)
    }

    pub fn value(&self, name: &str) -> Option<&ValueAttr> {
        self.values.iter().find(|v| v.name == name)
    }
}

/// Joined `;` lines and their expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Constraint {
    pub line: usize,
    pub source: String,
    pub expr: Expr,
}

/// Joined `>` lines and their statements.
#[derive(Debug, Clone, PartialEq)]
pub struct Action {
    pub line: usize,
    pub source: String,
    pub stmts: Vec<Stmt>,
}

/// A pattern of the standard dialect.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    pub name: String,
    /// Line of `Pattern NAME`.
    pub line: usize,
    /// `#` lines between the name and the diagram.
    pub comments: Vec<String>,
    pub diagram: Diagram,
    pub colon: ColonLine,
    pub constraint_diagram: Option<Diagram>,
    pub constraint: Option<Constraint>,
    pub action: Option<Action>,
}

impl Pattern {
    /// Adds the functions called by the constraint and the action to `out`.
    pub fn collect_calls(&self, out: &mut BTreeSet<String>) {
        if let Some(c) = &self.constraint {
            c.expr.collect_calls(out);
        }
        if let Some(a) = &self.action {
            for s in &a.stmts {
                s.for_each_expr(&mut |e| e.collect_calls(out));
            }
        }
    }

    /// Labels referred to by the constraint and the action (with `*`).
    pub fn used_labels(&self) -> BTreeSet<char> {
        let mut out = BTreeSet::new();
        if let Some(c) = &self.constraint {
            c.expr.collect_labels(&mut out);
        }
        if let Some(a) = &self.action {
            for s in &a.stmts {
                s.for_each_expr(&mut |e| e.collect_labels(&mut out));
            }
        }
        for v in &self.colon.values {
            for a in &v.args {
                if let ColonArg::Label(c) = a {
                    out.insert(*c);
                }
            }
        }
        out
    }
}

/// An `eyes.db` eye shape with its local game value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EyePattern {
    pub name: String,
    pub line: usize,
    pub comments: Vec<String>,
    /// Diagram rows as written (leading spaces are meaningful, trailing ones removed).
    pub rows: Vec<(usize, String)>,
    /// The four digits of the `:` line: eyes if the attacker moves first with a tenuki
    /// allowed, attacker first, defender first, defender first with a tenuki allowed.
    pub value: [u8; 4],
}

/// One `:` line of a Monte Carlo pattern: a move value and the properties it needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McValue {
    pub line: usize,
    pub value: u64,
    pub properties: Vec<String>,
}

/// Monte Carlo playout property names (GNU Go's montecarlo documentation).
pub const MC_PROPERTIES: &[&str] = &[
    "near",
    "far",
    "osafe",
    "ounsafe",
    "xsafe",
    "xunsafe",
    "xsuicide",
    "xnosuicide",
    "ocap0",
    "ocap1",
    "ocap2",
    "ocap3",
    "ocap1+",
    "ocap1-",
    "ocap2+",
    "ocap2-",
    "xcap0",
    "xcap1",
    "xcap2",
    "xcap3",
    "xcap1+",
    "xcap1-",
    "xcap2+",
    "xcap2-",
];

/// An `mc_*.db` pattern: a 3×3 diagram around the move and its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McPattern {
    pub line: usize,
    pub diagram: Diagram,
    pub values: Vec<McValue>,
}

impl McPattern {
    /// The 3×3 neighbourhood as written, the move at `[1][1]`; edge characters (`|`, `-`,
    /// `+`) mark points off the board. The parser only accepts 3×3 diagrams; anything else
    /// reads as `%`.
    pub fn grid(&self) -> [[char; 3]; 3] {
        let mut g = [['%'; 3]; 3];
        for (r, row) in self.diagram.rows.iter().take(3).enumerate() {
            let text: String = match &row.kind {
                RowKind::Edge { left_corner, right_corner, width } => {
                    let mut s = String::new();
                    if *left_corner {
                        s.push('+');
                    }
                    s.extend(std::iter::repeat_n('-', *width));
                    if *right_corner {
                        s.push('+');
                    }
                    s
                }
                RowKind::Body { left_edge, cells, right_edge } => {
                    format!("{}{}{}", if *left_edge { "|" } else { "" }, cells, if *right_edge { "|" } else { "" })
                }
            };
            for (c, ch) in text.chars().take(3).enumerate() {
                g[r][c] = ch;
            }
        }
        g
    }
}
