//! Parse errors with their location (file, 1-based line and column) and what was expected.
//! This module owns the error type and the conversion from pest's errors; it must not know
//! about the AST.

use crate::grammar::{describe, Rule};
use std::fmt;

/// One problem found while reading a `.db` file. A pattern with an error is skipped; the
/// rest of the file is still read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    pub file: String,
    /// 1-based line in the file.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What the reader expected (or what was wrong) at that point.
    pub expected: String,
    /// The pattern being read, when known.
    pub pattern: Option<String>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: expected {}", self.file, self.line, self.column, self.expected)?;
        if let Some(p) = &self.pattern {
            write!(f, " (pattern {p})")?;
        }
        Ok(())
    }
}

/// Where a piece of text parsed on its own sits in the file, so that positions inside it
/// can be reported as file positions.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Origin {
    /// 1-based file line of the text's first line.
    pub line: usize,
    /// 1-based file column of the text's first character.
    pub column: usize,
}

/// Turns a pest error into "expected …" wording; the 1-based line/column it reports are
/// relative to the parsed text.
pub(crate) fn pest_expected(err: &pest::error::Error<Rule>) -> (usize, usize, String) {
    let (line, col) = match err.line_col {
        pest::error::LineColLocation::Pos(p) => p,
        pest::error::LineColLocation::Span(p, _) => p,
    };
    let expected = match &err.variant {
        pest::error::ErrorVariant::ParsingError { positives, negatives } => {
            let mut names: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
            names.sort_unstable();
            names.dedup();
            let mut s = if names.is_empty() { String::from("valid input") } else { names.join(" or ") };
            if !negatives.is_empty() {
                let mut neg: Vec<&str> = negatives.iter().map(|r| describe(*r)).collect();
                neg.sort_unstable();
                neg.dedup();
                s.push_str(&format!(", not {}", neg.join(" or ")));
            }
            s
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    (line, col, expected)
}
