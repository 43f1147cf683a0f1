//! The SGF reader: bytes to [`Collection`]. Iterative (an explicit stack of open game trees), so that no
//! input can overflow the call stack; see the parent module for the leniencies it allows.

use super::error::SgfError;
use super::tree::{Collection, GameTree, Node, Property};

/// The deepest nesting of game trees [`parse`] accepts; deeper input is refused with
/// [`SgfError::TooDeep`].
///
/// Real records nest one level per branching point (a few dozen; a few hundred for the rare writer that opens a
/// variation for every move). The limit exists so that the derived, recursive `Clone`, `PartialEq`, `Debug`
/// and `Drop` of [`GameTree`] stay well within a 2 MiB thread stack even in debug builds (they take up to about
/// 1 KiB per level there).
pub const MAX_SGF_DEPTH: usize = 1_000;

/// The most nodes [`parse`] reads from one input, all game trees together; more is refused with
/// [`SgfError::TooMany`].
///
/// A node costs about 50 bytes of memory before its properties, from as little as one byte of input (`;`), so
/// without a limit a file of semicolons would cost 50 times its size. A long game has a few hundred nodes and a
/// large commented one a few thousand; a million leaves room for collections of thousands of games.
pub const MAX_SGF_NODES: usize = 1_000_000;

/// The most property values [`parse`] reads from one input, all nodes together (each property has at least
/// one value, so this bounds properties too); more is refused with [`SgfError::TooMany`].
///
/// A value costs about 30 bytes of memory plus its text, and a property about 100, from as little as two or
/// three bytes of input (`[]`, `B[]`). Real records have one or two values per node.
pub const MAX_SGF_VALUES: usize = 2_000_000;

/// The most distinct properties one node may have; more is refused with [`SgfError::TooMany`].
///
/// FF\[4\] defines about 80 properties and a real node uses a handful. Without a limit a node of millions of
/// distinct identifiers would take quadratic time to read (repeated identifiers are merged, which needs a
/// look-up).
pub const MAX_SGF_NODE_PROPERTIES: usize = 256;

/// Reads SGF text.
///
/// # Errors
/// [`SgfError::Syntax`], [`SgfError::UnclosedValue`], [`SgfError::TooDeep`] or [`SgfError::TooMany`], with the
/// 1-based position.
pub fn parse(text: &str) -> Result<Collection, SgfError> {
    Parser::new(text.as_bytes(), false).collection()
}

/// Reads an SGF file's bytes, decoding values as UTF-8 or Latin-1 (see the module documentation).
///
/// # Errors
/// As [`parse`].
pub fn parse_bytes(bytes: &[u8]) -> Result<Collection, SgfError> {
    Parser::new(bytes, true).collection()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Charset {
    /// UTF-8, with Latin-1 for a value that is not valid UTF-8.
    Utf8,
    Latin1,
}

#[derive(Debug, Clone, Copy)]
enum Counted {
    Nodes,
    Values,
}

struct Parser<'a> {
    src: &'a [u8],
    pos: usize,
    /// Whether a `CA` property may change the charset (only for bytes: text is already decoded).
    honour_ca: bool,
    charset: Charset,
    /// Whether the tree being read had a non-ASCII byte in a value, i.e. whether the charset matters.
    saw_non_ascii: bool,
    /// Nodes read so far, against [`MAX_SGF_NODES`].
    nodes: usize,
    /// Property values read so far, against [`MAX_SGF_VALUES`].
    values: usize,
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

impl<'a> Parser<'a> {
    fn new(src: &'a [u8], honour_ca: bool) -> Self {
        Parser { src, pos: 0, honour_ca, charset: Charset::Utf8, saw_non_ascii: false, nodes: 0, values: 0 }
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.pos += 1;
        }
    }

    fn collection(mut self) -> Result<Collection, SgfError> {
        let mut trees = Vec::new();
        while self.skip_to_tree() {
            let (start, nodes, values) = (self.pos, self.nodes, self.values);
            self.charset = Charset::Utf8;
            self.saw_non_ascii = false;
            let mut tree = self.game_tree()?;
            if self.honour_ca && self.saw_non_ascii && declares_latin1(&tree) {
                // Reading the same bytes again with the other charset yields the same structure.
                (self.pos, self.nodes, self.values) = (start, nodes, values);
                self.charset = Charset::Latin1;
                tree = self.game_tree()?;
            }
            trees.push(tree);
        }
        if trees.is_empty() {
            return Err(self.syntax(self.src.len(), "a game tree `(;`"));
        }
        Ok(Collection { trees })
    }

    /// Moves to the next `(` that is followed by `;` (whitespace allowed); false at end of input.
    fn skip_to_tree(&mut self) -> bool {
        while let Some(c) = self.peek() {
            if c == b'(' {
                let mut next = self.pos + 1;
                while self.src.get(next).copied().is_some_and(is_space) {
                    next += 1;
                }
                if self.src.get(next) == Some(&b';') {
                    return true;
                }
            }
            self.pos += 1;
        }
        false
    }

    /// Reads a game tree starting at its `(`.
    fn game_tree(&mut self) -> Result<GameTree, SgfError> {
        self.pos += 1;
        let mut current = GameTree::default();
        let mut parents: Vec<GameTree> = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some(b';') if current.variations.is_empty() => {
                    self.count(Counted::Nodes, self.pos)?;
                    self.pos += 1;
                    let node = self.node()?;
                    current.nodes.push(node);
                }
                Some(b'(') if !current.nodes.is_empty() => {
                    if parents.len() + 1 >= MAX_SGF_DEPTH {
                        let (line, column) = self.line_column(self.pos);
                        return Err(SgfError::TooDeep { line, column, limit: MAX_SGF_DEPTH });
                    }
                    self.pos += 1;
                    parents.push(std::mem::take(&mut current));
                }
                Some(b')') if !current.nodes.is_empty() => {
                    self.pos += 1;
                    shrink(&mut current);
                    match parents.pop() {
                        None => return Ok(current),
                        Some(mut parent) => {
                            parent.variations.push(current);
                            current = parent;
                        }
                    }
                }
                None if !current.nodes.is_empty() => {
                    // Lenient: a truncated file, or one missing its final `)`, keeps what was read.
                    shrink(&mut current);
                    while let Some(mut parent) = parents.pop() {
                        parent.variations.push(current);
                        current = parent;
                        shrink(&mut current);
                    }
                    return Ok(current);
                }
                _ => {
                    let expected = if current.nodes.is_empty() {
                        "`;` starting the game tree's first node"
                    } else if !current.variations.is_empty() {
                        "`(` or `)` (no node may follow a variation)"
                    } else {
                        "a property identifier, `;`, `(` or `)`"
                    };
                    return Err(self.syntax(self.pos, expected));
                }
            }
        }
    }

    /// Reads a node's properties; the `;` has been consumed.
    fn node(&mut self) -> Result<Node, SgfError> {
        let mut node = Node::default();
        loop {
            self.skip_space();
            if !self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                node.props.shrink_to_fit();
                return Ok(node);
            }
            let ident_start = self.pos;
            let mut ident = String::new();
            while let Some(c) = self.peek().filter(u8::is_ascii_alphabetic) {
                // FF[3] allowed lower-case letters in identifiers; FF[4] readers must ignore them.
                if c.is_ascii_uppercase() {
                    ident.push(char::from(c));
                }
                self.pos += 1;
            }
            if ident.is_empty() {
                return Err(self.syntax(ident_start, "a property identifier (upper-case letters)"));
            }
            // Nearly every property has one value; a growing `Vec` would reserve four.
            let mut values = Vec::with_capacity(1);
            loop {
                self.skip_space();
                if self.peek() != Some(b'[') {
                    break;
                }
                self.count(Counted::Values, self.pos)?;
                values.push(self.value()?);
            }
            if values.is_empty() {
                return Err(self.syntax(self.pos, "`[` starting a property value"));
            }
            let known = node.props.len();
            match node.props.iter_mut().find(|p| p.ident == ident) {
                Some(p) => p.values.append(&mut values),
                None if known >= MAX_SGF_NODE_PROPERTIES => {
                    let (line, column) = self.line_column(ident_start);
                    return Err(SgfError::TooMany {
                        line,
                        column,
                        what: "properties in one node",
                        limit: MAX_SGF_NODE_PROPERTIES,
                    });
                }
                None => node.props.push(Property { ident, values }),
            }
        }
    }

    /// Reads a property value starting at its `[`, resolving escapes.
    fn value(&mut self) -> Result<String, SgfError> {
        let open = self.pos;
        self.pos += 1;
        let mut raw = Vec::new();
        loop {
            let Some(c) = self.peek() else { return Err(self.unclosed(open)) };
            self.pos += 1;
            match c {
                b']' => break,
                b'\\' => match self.peek() {
                    None => return Err(self.unclosed(open)),
                    Some(first @ (b'\n' | b'\r')) => {
                        // A soft line break: the escaped line break (one or two characters) disappears.
                        self.pos += 1;
                        let second = if first == b'\n' { b'\r' } else { b'\n' };
                        if self.peek() == Some(second) {
                            self.pos += 1;
                        }
                    }
                    Some(escaped) => {
                        raw.push(escaped);
                        self.pos += 1;
                    }
                },
                _ => raw.push(c),
            }
        }
        if !raw.is_ascii() {
            self.saw_non_ascii = true;
        }
        // A long value grew by doubling: up to twice its size, kept for the life of the tree.
        raw.shrink_to_fit();
        Ok(match self.charset {
            Charset::Latin1 => latin1(&raw),
            Charset::Utf8 => String::from_utf8(raw).unwrap_or_else(|e| latin1(e.as_bytes())),
        })
    }

    /// Counts one more node or value, refusing the input (at `offset`) past the limit.
    fn count(&mut self, what: Counted, offset: usize) -> Result<(), SgfError> {
        let (count, limit, name) = match what {
            Counted::Nodes => (&mut self.nodes, MAX_SGF_NODES, "nodes"),
            Counted::Values => (&mut self.values, MAX_SGF_VALUES, "property values"),
        };
        *count += 1;
        if *count > limit {
            let (line, column) = self.line_column(offset);
            return Err(SgfError::TooMany { line, column, what: name, limit });
        }
        Ok(())
    }

    fn syntax(&self, offset: usize, expected: &'static str) -> SgfError {
        let (line, column) = self.line_column(offset);
        let found = match self.src.get(offset..).and_then(|rest| rest.utf8_chunks().next()) {
            None => "end of input".to_string(),
            Some(chunk) => match (chunk.valid().chars().next(), chunk.invalid().first()) {
                (Some(c), _) => format!("{c:?}"),
                (None, Some(&b)) => format!("byte 0x{b:02X}"),
                (None, None) => "end of input".to_string(),
            },
        };
        SgfError::Syntax { line, column, expected, found }
    }

    fn unclosed(&self, open: usize) -> SgfError {
        let (line, column) = self.line_column(open);
        SgfError::UnclosedValue { line, column }
    }

    /// The 1-based line and column of a byte offset (errors only, so a scan from the start is fine).
    fn line_column(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.src.len());
        let mut line = 1;
        let mut line_start = 0;
        for (i, &c) in self.src[..offset].iter().enumerate() {
            match c {
                b'\r' => {
                    line += 1;
                    line_start = i + 1;
                }
                b'\n' => {
                    // The LF of a CRLF ends the line the CR already counted.
                    if i == 0 || self.src[i - 1] != b'\r' {
                        line += 1;
                    }
                    line_start = i + 1;
                }
                _ => {}
            }
        }
        let segment = &self.src[line_start..offset];
        let width = std::str::from_utf8(segment).map_or(segment.len(), |s| s.chars().count());
        (line, width + 1)
    }
}

/// Gives back the spare capacity of a finished game tree: a `Vec` reserves room for four items at its first
/// push and doubles after, which on records of one-property nodes more than doubled the parsed size.
fn shrink(tree: &mut GameTree) {
    tree.nodes.shrink_to_fit();
    tree.variations.shrink_to_fit();
}

fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// Whether the tree's root node names ISO-8859-1 in `CA` (spelled in any of the usual ways).
fn declares_latin1(tree: &GameTree) -> bool {
    let Some(ca) = tree.root().and_then(|root| root.get("CA")) else { return false };
    let name: String = ca.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_uppercase();
    matches!(name.as_str(), "ISO88591" | "LATIN1" | "L1" | "ISOLATIN1" | "CP819" | "IBM819" | "ISOIR100")
}
