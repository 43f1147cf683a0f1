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

mod error;
mod parser;
mod point;
mod tree;
mod writer;

#[cfg(test)]
mod tests;

pub use parser::{parse, parse_bytes, MAX_SGF_DEPTH, MAX_SGF_NODES, MAX_SGF_NODE_PROPERTIES, MAX_SGF_VALUES};
pub use point::{expand_point_list, format_move, format_point, parse_point, MAX_BOARD_SIZE};

pub use error::SgfError;
pub use tree::{simple_text_value, split_compose, text_value, Collection, GameTree, MainLine, Node, Property};

use std::fmt;
use std::str::FromStr;

impl Collection {
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
