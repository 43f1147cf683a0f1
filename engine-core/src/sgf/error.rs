//! Why SGF text could not be read, or a point could not be decoded: the one error type of the SGF
//! reader, below both the parser and the point coding.

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
