//! The limits this crate puts on its input, so that no database, pattern or expression can
//! exhaust the stack, the memory or the time of a program reading it. Each is refused with a
//! located error (file, line, column) that names the limit. GNU Go's own databases stay far
//! below all of them (largest file 144 KB, largest pattern 6.8 KB, longest expression 237
//! bytes, deepest expression 6 levels, largest diagram 19 by 19, at most 4 fields after a `:` line's symmetry,
//! 4,740 patterns in all).
//!
//! Memory, measured with `mkpat` on hostile files: parsing one pattern costs up to about
//! 200 times its text while it lasts (the grammar's token queue; at most 50 MB for a pattern
//! of [`MAX_PATTERN_BYTES`]); what is kept of a file (the AST) costs up to about 15 times
//! its size; a [`crate::PatternLibrary`] adds up to about 30 KB per pattern for the matcher's
//! index (300 MB at [`MAX_PATTERNS`]).

/// The largest `.db` file [`crate::parse_path`] reads (16 MiB, over a hundred times
/// `patterns.db`). A larger file (or a device that never ends) is refused before it is
/// parsed: "the file is larger than the limit of 16777216 bytes" (an `InvalidData` I/O error).
pub const MAX_DB_FILE_BYTES: u64 = 16 << 20;

/// The longest text of one pattern (from its `Pattern` line to the next), or of the headers
/// before the first pattern (256 KiB). The grammar's token queue costs up to about 200 bytes
/// per input byte, so parsing one pattern at a time with this bound keeps that cost bounded
/// too. A longer pattern is reported at its first line and skipped: "expected a pattern of at
/// most 262144 bytes".
pub const MAX_PATTERN_BYTES: usize = 256 << 10;

/// The longest (joined) constraint or action (16 KiB). A longer one is reported where the
/// limit is crossed: "expected an expression of at most 16384 bytes".
pub const MAX_EXPR_BYTES: usize = 16 << 10;

/// The most nested parentheses or braces, prefix operators in a row, `?:` and `if` in one
/// expression or action, checked before parsing so that the recursive descent stays within
/// the stack: "expected at most 64 nested levels".
pub const MAX_NESTING: usize = 64;

/// The deepest expression tree: every call, prefix operator, `?:` and run of binary
/// operators of one precedence level counts one level (a flat run such as
/// `a && b && ... && z` is a single level whatever its length). Evaluation, compilation and
/// every other walk recurse at most this deep: "expected an expression at most 100 levels
/// deep".
pub const MAX_EXPR_DEPTH: usize = 100;

/// The most points a pattern diagram may have across or down, edges excluded: a pattern
/// larger than the largest board ([`crate::MAX_BOARD`]) could never match. "expected a
/// diagram at most 25 points wide" (or "high").
pub const MAX_DIAGRAM_SIDE: usize = crate::board::MAX_BOARD;

/// The most patterns one file may hold, and one [`crate::PatternLibrary`] (all its files
/// together) may match (10,000, twice GNU Go's 4,740 in all its databases). The
/// matcher's index costs up to about 30 KB per pattern (each orientation is filed in every
/// group of neighbours it admits), so this bounds it near 300 MB. A file stops being read at
/// the first pattern past the limit, "expected at most 10000 patterns in a file (the rest is
/// not read)"; a library leaves out the patterns past it, reporting the first: "expected at
/// most 10000 patterns in a library".
pub const MAX_PATTERNS: usize = 10_000;

/// The most comma-separated fields after the symmetry of a `:` line (100): "expected at most
/// 100 fields after the symmetry", at the first one too many.
pub const MAX_COLON_FIELDS: usize = 100;

/// The most errors reported for one file (1,000): a file stops being read there, "expected
/// at most 1000 errors in a file (the rest is not read)", so that a large file of garbage
/// does not cost a record per line.
pub const MAX_ERRORS: usize = 1_000;
