//! SGF FF\[4\] (Smart Game Format, <https://www.red-bean.com/sgf/>): reading and writing game records.
//!
//! This module owns the *syntax* of SGF and nothing else: a [`Collection`] of [`GameTree`]s, each a sequence
//! of [`Node`]s followed by child variations, each node an ordered list of [`Property`]s whose values are kept
//! raw (escapes resolved, otherwise untouched: compose values such as `aa:cc` or `aa:label` stay one string).
//! On top of that it offers the point coding Go (GM\[1\]) uses ([`parse_point`], [`expand_point_list`],
//! [`format_point`]) and the FF\[4\] `Text`/`SimpleText` conversions ([`text_value`], [`simple_text_value`]),
//! because those are pure SGF conventions. It must not know any game's rules or what a property *means*:
//! turning `B[pd]` into a move, `SZ` into a board or `GM[6]` properties into a backgammon position belongs
//! to the games.
//!
//! # Reading
//!
//! [`parse`] reads text, [`parse_bytes`] reads a file's bytes. FF\[4\] is followed, with these deliberate
//! leniencies for the sloppy files found in the wild:
//!
//! - anything before the first `(;`, between top-level game trees and after the last one is ignored (mail
//!   headers, a DOS `^Z`, …);
//! - whitespace (space, tab, CR, LF, VT, FF) is allowed between any two tokens, including between a property
//!   identifier and its first value;
//! - lower-case letters in property identifiers are dropped, as FF\[4\] asks of readers of FF\[1–3\] files:
//!   `AddBlack[aa]` is `AB`, `CoPyright[…]` is `CP`; an identifier without any upper-case letter is an error;
//! - a property repeated within one node (illegal in FF\[4\]) is merged: its values are appended to the first
//!   occurrence, so that [`Node::values`] sees all of them;
//! - a missing `)` at the end of the input closes every open game tree (truncated files keep what was read);
//!   end of input inside a property value is still an error, since the value cannot be trusted;
//! - line breaks may be LF, CRLF or CR (error positions count each as one line).
//!
//! Escapes are resolved: `\]` → `]`, `\\` → `\`, `\:` → `:`, `\` + any other character → that character,
//! and `\` + a line break (LF, CR, CRLF or LFCR) is a soft line break and is removed. Other line breaks are
//! kept exactly as in the file. Because `\:` is resolved, the boundary of a compose value is its *first*
//! `:` ([`split_compose`]); an escaped `:` in the first half of a compose value (e.g. an `AP` name with a
//! colon) cannot be told apart afterwards.
//!
//! Errors are an [`SgfError`] with a 1-based line and column (counted in characters when the line is valid
//! UTF-8, otherwise in bytes) and what was expected. Parsing never panics, whatever the input; game trees
//! nested deeper than [`MAX_SGF_DEPTH`] are refused so that no recursive walk of the result can overflow the
//! stack, and input with more than [`MAX_SGF_NODES`] nodes, [`MAX_SGF_VALUES`] property values or
//! [`MAX_SGF_NODE_PROPERTIES`] properties in a node is refused ([`SgfError::TooMany`]) so that memory and
//! time stay bounded. The parsed collection costs at most about 60 times the size of the input in memory
//! (measured: 53 times for a file of empty variations `(;)(;)...`, the worst case; 39 for one-move nodes
//! `;B[]`, 13 for a long list of values), and with the limits never more than about 400 MB whatever the
//! input's size (measured: 280 MB for 10 MB of nested variations refused at the node limit).
//!
//! ## Character sets
//!
//! [`parse`] takes text that is already Unicode and ignores `CA`. [`parse_bytes`] decodes each property
//! value on its own: as ISO-8859-1 (Latin-1) when the game tree's root node has a `CA` naming Latin-1,
//! otherwise as UTF-8, falling back to Latin-1 for a value that is not valid UTF-8. Other charsets named by
//! `CA` (GB2312, Shift_JIS, …) are not decoded; their values go through the UTF-8/Latin-1 rule.
//!
//! # Writing
//!
//! [`Collection::to_sgf`] writes one node per line, a variation starting on a new line with `(`, closing
//! parentheses right after the last node, like GNU Go and gnubg do. In values `]` and `\` are escaped, and
//! in the compose-typed properties (`AP`, `AR`, `FG`, `LB`, `LN`, `SZ`) every `:` after the first one is
//! escaped too. Output is always UTF-8 text: whoever stores it as bytes should set `CA[UTF-8]` (or drop a
//! `CA` naming another charset).
//!
//! `parse(&c.to_sgf()) == Ok(c)` holds for every collection that SGF can express: at least one game tree,
//! every game tree with at least one node and nested at most [`MAX_SGF_DEPTH`] deep, within the other limits, every property with at
//! least one value, identifiers made of upper-case ASCII letters and not repeated within a node. (A property
//! without values is written with one empty value `[]`, the nearest valid SGF.)

mod parser;
mod point;
mod writer;

#[cfg(test)]
mod tests;

pub use parser::{parse, parse_bytes, MAX_SGF_DEPTH, MAX_SGF_NODES, MAX_SGF_NODE_PROPERTIES, MAX_SGF_VALUES};
pub use point::{expand_point_list, format_move, format_point, parse_point, MAX_BOARD_SIZE};

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why SGF text could not be read, or a point could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SgfError {
    /// The input is not SGF at this position.
    #[error("SGF syntax error at line {line}, column {column}: expected {expected}, found {found}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the grammar allows here.
        expected: &'static str,
        /// What is there instead (a quoted character, or `end of input`).
        found: String,
    },
    /// A property value opened with `[` at this position is never closed by `]`.
    #[error("SGF syntax error at line {line}, column {column}: property value never closed (expected `]`)")]
    UnclosedValue {
        /// 1-based line of the opening `[`.
        line: usize,
        /// 1-based column of the opening `[`.
        column: usize,
    },
    /// Game trees are nested deeper than [`MAX_SGF_DEPTH`].
    #[error("SGF game trees nested deeper than {limit} levels at line {line}, column {column}")]
    TooDeep {
        /// 1-based line of the `(` that goes too deep.
        line: usize,
        /// 1-based column of that `(`.
        column: usize,
        /// The limit, [`MAX_SGF_DEPTH`].
        limit: usize,
    },
    /// The input has more nodes ([`MAX_SGF_NODES`]), property values ([`MAX_SGF_VALUES`]) or properties in
    /// one node ([`MAX_SGF_NODE_PROPERTIES`]) than the reader accepts.
    #[error("SGF input has more than {limit} {what} (line {line}, column {column})")]
    TooMany {
        /// 1-based line of the first item beyond the limit.
        line: usize,
        /// 1-based column of that item.
        column: usize,
        /// What was counted: `nodes`, `property values` or `properties in one node`.
        what: &'static str,
        /// The limit.
        limit: usize,
    },
    /// A value is not a point (or a `point:point` rectangle) of a board of this size.
    #[error("invalid SGF point {value:?} for a {size}x{size} board")]
    InvalidPoint {
        /// The offending value, cut to its first few dozen characters (`...` marks the cut): a value may be
        /// megabytes long.
        value: String,
        /// The board size it was read for.
        size: u8,
    },
    /// SGF letters can only address boards from 1 to [`MAX_BOARD_SIZE`] points wide.
    #[error("board size {0} cannot be coded in SGF points (1 to 52)")]
    InvalidBoardSize(u8),
}

impl SgfError {
    /// The 1-based (line, column) of a syntax error; `None` for point errors.
    pub fn position(&self) -> Option<(usize, usize)> {
        match *self {
            SgfError::Syntax { line, column, .. }
            | SgfError::UnclosedValue { line, column }
            | SgfError::TooDeep { line, column, .. }
            | SgfError::TooMany { line, column, .. } => Some((line, column)),
            SgfError::InvalidPoint { .. } | SgfError::InvalidBoardSize(_) => None,
        }
    }
}

/// An SGF file: one or more game trees.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Collection {
    /// The game trees, in file order.
    pub trees: Vec<GameTree>,
}

/// A game tree: a sequence of nodes, then the variations that branch off after its last node.
///
/// The first variation is the main line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameTree {
    /// The sequence, in order; SGF requires at least one node.
    pub nodes: Vec<Node>,
    /// The child game trees branching off after the last node, main line first.
    pub variations: Vec<GameTree>,
}

/// A node: properties in file order, each identifier at most once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Node {
    /// The properties, in file order.
    pub props: Vec<Property>,
}

/// One property: an upper-case identifier and its values, escapes resolved.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Property {
    /// The identifier, upper-case ASCII letters (`B`, `AB`, `SZ`, …).
    pub ident: String,
    /// The raw values; SGF requires at least one (it may be empty: `B[]`).
    pub values: Vec<String>,
}

impl Property {
    /// A property with these values.
    pub fn new(ident: impl Into<String>, values: Vec<String>) -> Self {
        Property { ident: ident.into(), values }
    }
}

impl Node {
    /// A node without properties.
    pub fn new() -> Self {
        Node::default()
    }

    /// The property with this identifier.
    pub fn property(&self, ident: &str) -> Option<&Property> {
        self.props.iter().find(|p| p.ident == ident)
    }

    /// Whether the node has this property.
    pub fn has(&self, ident: &str) -> bool {
        self.property(ident).is_some()
    }

    /// The first value of this property.
    pub fn get(&self, ident: &str) -> Option<&str> {
        self.values(ident).first().map(String::as_str)
    }

    /// All values of this property; empty when the node does not have it.
    pub fn values(&self, ident: &str) -> &[String] {
        self.property(ident).map_or(&[], |p| p.values.as_slice())
    }

    /// Gives the property this single value, replacing any it had; a new property goes last.
    pub fn set(&mut self, ident: &str, value: impl Into<String>) {
        self.set_values(ident, vec![value.into()]);
    }

    /// Gives the property these values, replacing any it had; a new property goes last.
    pub fn set_values(&mut self, ident: &str, values: Vec<String>) {
        match self.props.iter_mut().find(|p| p.ident == ident) {
            Some(p) => p.values = values,
            None => self.props.push(Property::new(ident, values)),
        }
    }

    /// Appends one value to the property, creating it (last) if needed.
    pub fn push(&mut self, ident: &str, value: impl Into<String>) {
        match self.props.iter_mut().find(|p| p.ident == ident) {
            Some(p) => p.values.push(value.into()),
            None => self.props.push(Property::new(ident, vec![value.into()])),
        }
    }

    /// Removes the property and returns it.
    pub fn remove(&mut self, ident: &str) -> Option<Property> {
        let index = self.props.iter().position(|p| p.ident == ident)?;
        Some(self.props.remove(index))
    }
}

impl GameTree {
    /// A game tree with this sequence and no variations.
    pub fn new(nodes: Vec<Node>) -> Self {
        GameTree { nodes, variations: Vec::new() }
    }

    /// The first node (the root node for a top-level tree).
    pub fn root(&self) -> Option<&Node> {
        self.nodes.first()
    }

    /// The nodes of the main line: this sequence, then the first variation's, and so on.
    pub fn main_line(&self) -> MainLine<'_> {
        MainLine { tree: Some(self), index: 0 }
    }
}

/// Iterator over a game tree's main line, from [`GameTree::main_line`].
#[derive(Debug, Clone)]
pub struct MainLine<'a> {
    tree: Option<&'a GameTree>,
    index: usize,
}

impl<'a> Iterator for MainLine<'a> {
    type Item = &'a Node;

    fn next(&mut self) -> Option<&'a Node> {
        loop {
            let tree = self.tree?;
            if let Some(node) = tree.nodes.get(self.index) {
                self.index += 1;
                return Some(node);
            }
            self.tree = tree.variations.first();
            self.index = 0;
        }
    }
}

impl Collection {
    /// A collection of these game trees.
    pub fn new(trees: Vec<GameTree>) -> Self {
        Collection { trees }
    }

    /// The SGF text of the collection (see the module documentation for the layout).
    pub fn to_sgf(&self) -> String {
        writer::write_collection(self)
    }
}

impl fmt::Display for Collection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sgf())
    }
}

impl FromStr for Collection {
    type Err = SgfError;

    fn from_str(s: &str) -> Result<Self, SgfError> {
        parse(s)
    }
}

/// Splits a compose value `a:b` at its first `:`; `None` if it has none.
pub fn split_compose(value: &str) -> Option<(&str, &str)> {
    value.split_once(':')
}

/// A raw value read as FF\[4\] `Text`: line breaks (LF, CRLF, LFCR, CR) become `\n`, other whitespace a space.
///
/// Soft line breaks were already removed by the parser.
pub fn text_value(raw: &str) -> String {
    convert_text(raw, '\n')
}

/// A raw value read as FF\[4\] `SimpleText`: every line break and whitespace character becomes a space.
pub fn simple_text_value(raw: &str) -> String {
    convert_text(raw, ' ')
}

fn convert_text(raw: &str, line_break: char) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' | '\n' => {
                // A two-character break (CRLF or LFCR) is one line break, but LF LF is two.
                let other = if c == '\r' { '\n' } else { '\r' };
                if chars.peek() == Some(&other) {
                    chars.next();
                }
                out.push(line_break);
            }
            c if c.is_whitespace() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}
