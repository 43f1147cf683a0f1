//! The SGF game tree as read and written: a [`Collection`] of [`GameTree`]s of [`Node`]s of
//! [`Property`]s, values kept raw, and the FF\[4\] text conventions for reading values. Data only:
//! reading text is the parser's, writing it the writer's.

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
