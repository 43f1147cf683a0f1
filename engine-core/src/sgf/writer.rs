//! The SGF writer: [`Collection`] to text, one node per line. Iterative, like the parser, so the depth of a
//! hand-built tree cannot overflow the stack here.

use super::tree::{Collection, GameTree, Node};

/// Properties whose values are FF\[4\] compose types: a `:` in their second half must be escaped.
const COMPOSE_IDENTS: [&str; 6] = ["AP", "AR", "FG", "LB", "LN", "SZ"];

pub(super) fn write_collection(collection: &Collection) -> String {
    let mut out = String::new();
    for tree in &collection.trees {
        write_tree(&mut out, tree);
        out.push('\n');
    }
    out
}

enum Step<'a> {
    Open(&'a GameTree),
    Close,
}

fn write_tree(out: &mut String, tree: &GameTree) {
    let mut steps = vec![Step::Open(tree)];
    while let Some(step) = steps.pop() {
        match step {
            Step::Open(tree) => {
                if !out.is_empty() && !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push('(');
                for (i, node) in tree.nodes.iter().enumerate() {
                    if i > 0 {
                        out.push('\n');
                    }
                    write_node(out, node);
                }
                steps.push(Step::Close);
                steps.extend(tree.variations.iter().rev().map(Step::Open));
            }
            Step::Close => out.push(')'),
        }
    }
}

fn write_node(out: &mut String, node: &Node) {
    out.push(';');
    for prop in &node.props {
        out.push_str(&prop.ident);
        let compose = COMPOSE_IDENTS.contains(&prop.ident.as_str());
        if prop.values.is_empty() {
            out.push_str("[]");
        }
        for value in &prop.values {
            out.push('[');
            escape_into(out, value, compose);
            out.push(']');
        }
    }
}

fn escape_into(out: &mut String, value: &str, compose: bool) {
    let mut seen_colon = false;
    for c in value.chars() {
        match c {
            ']' | '\\' => out.push('\\'),
            // The first `:` separates the halves of a compose value; later ones are part of the text.
            ':' if compose && std::mem::replace(&mut seen_colon, true) => out.push('\\'),
            _ => {}
        }
        out.push(c);
    }
}
