//! A ready-to-use pattern library: databases (the project's own, built into the binary, and
//! any loaded from a directory), their [`PatternSet`] and [`BitmaskMatcher`], a helper
//! [`Registry`] and each pattern's compiled [`Program`]; every problem found on the way
//! (unreadable file, syntax, geometry, unknown helper, more than
//! [`MAX_PATTERNS`](crate::limits::MAX_PATTERNS) patterns) is kept as a [`LibraryError`] with
//! file, line and column, and the offending pattern is left out while the rest still
//! work. This module owns assembling those pieces and the built-in database texts; it must
//! not know how a Go engine answers constraints.

use crate::ast::{DbFile, Pattern};
use crate::board::{Match, MatchBoard};
use crate::compile::PatternSet;
use crate::error::ParseError;
use crate::eval::{CompileError, EvalError, PatternContext, Program, Registry};
use crate::limits::MAX_PATTERNS;
use crate::matcher::BitmaskMatcher;
use crate::packed::PackedBoard;
use crate::parse::{parse_db, parse_path};
use engine_core::limits::excerpt;
use std::fmt;
use std::path::{Path, PathBuf};

/// The project's own databases (original work, not GNU Go's), as (file name, text). They
/// are embedded as text and compiled at start-up by the same compiler as any other file.
pub const BUILTIN: &[(&str, &str)] = &[
    ("shape.db", include_str!("../databases/shape.db")),
    // 3x3 shapes harvested from the regression games' training files and fitted to the moves played
    // (`mkpat --harvest`, `mkpat --tune --within --max-shape 1 --min-shape 0`: README, "Tune mode")
    ("harvest.db", include_str!("../databases/harvest.db")),
    ("endgame.db", include_str!("../databases/endgame.db")),
    ("connect.db", include_str!("../databases/connect.db")),
    ("edge.db", include_str!("../databases/edge.db")),
];

/// The project's own connection database (original work, the `conn.db` role), as (file name, text).
/// Its patterns have no move: they tell the dragons which strings belong together. Kept apart from
/// [`BUILTIN`] for the same reason as [`OWL_BUILTIN`]: a library of moves must not list them.
pub const CONN_BUILTIN: (&str, &str) = ("conn.db", include_str!("../databases/conn.db"));

/// The project's own owl databases (original work, not GNU Go's), as (file name, text): the owl's
/// attacker, defender and vital-point moves. They are kept apart from [`BUILTIN`] because only the owl
/// reads them (its search judges their moves); a general library of shape moves must not offer them.
pub const OWL_BUILTIN: &[(&str, &str)] = &[
    ("owl_attack.db", include_str!("../databases/owl_attack.db")),
    ("owl_defend.db", include_str!("../databases/owl_defend.db")),
    ("owl_vital.db", include_str!("../databases/owl_vital.db")),
];

/// The project's own joseki database (original work, compiled by `mkpat --joseki` from
/// `databases/joseki.sgf`; a test keeps the two in step), as (file name, text). Kept apart from
/// [`BUILTIN`]: the move generator's joseki gatherer matches it on its own.
pub const JOSEKI_BUILTIN: (&str, &str) = ("joseki.db", include_str!("../databases/joseki.db"));

/// The project's own influence databases (original work, not GNU Go's), as (file name, text): the
/// `influence.db` role (invasion and strength sources) first, then the `barriers.db` role (barriers,
/// intrusions, non-territory). Kept apart from [`BUILTIN`] for the same reason as [`OWL_BUILTIN`]:
/// their patterns are no moves, only the influence function reads them.
pub const INFLUENCE_BUILTIN: [(&str, &str); 2] = [
    ("influence.db", include_str!("../databases/influence.db")),
    ("barriers.db", include_str!("../databases/barriers.db")),
];

/// The built-in databases, parsed.
pub fn builtin() -> Vec<DbFile> {
    BUILTIN.iter().map(|(name, text)| parse_db(name, text)).collect()
}

/// Anything that kept a file or a pattern out of a library.
#[derive(Debug, Clone, PartialEq)]
pub enum LibraryError {
    Io {
        path: PathBuf,
        message: String,
    },
    Parse(ParseError),
    Compile(CompileError),
    /// The first pattern left out because the library already holds
    /// [`MAX_PATTERNS`](crate::limits::MAX_PATTERNS) patterns (those after it are left out
    /// too).
    TooManyPatterns {
        file: String,
        line: usize,
        pattern: String,
    },
    /// A pattern whose diagram gives no geometry for the matcher.
    Geometry {
        file: String,
        line: usize,
        column: usize,
        pattern: String,
        message: String,
    },
}

impl fmt::Display for LibraryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LibraryError::Io { path, message } => write!(f, "{}: {message}", path.display()),
            LibraryError::Parse(e) => write!(f, "{e}"),
            LibraryError::Compile(e) => write!(f, "{e}"),
            LibraryError::TooManyPatterns { file, line, pattern } => {
                write!(f, "{file}:{line}:1: expected at most {MAX_PATTERNS} patterns in a library (pattern {pattern})")
            }
            LibraryError::Geometry { file, line, column, pattern, message } => {
                write!(f, "{file}:{line}:{column}: expected {message} (pattern {pattern})")
            }
        }
    }
}

/// One match with its pattern and, when evaluated, whether its constraint held.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluated {
    pub m: Match,
    /// `None` when the pattern has no constraint.
    pub constraint: Option<Result<bool, EvalError>>,
}

/// Databases compiled for matching and evaluation.
#[derive(Debug, Clone)]
pub struct PatternLibrary {
    pub dbs: Vec<DbFile>,
    pub set: PatternSet,
    pub matcher: BitmaskMatcher,
    pub registry: Registry,
    /// One per pattern of `set`.
    pub programs: Vec<Program>,
    pub errors: Vec<LibraryError>,
}

/// The `.db` files of a directory, sorted by name.
pub fn database_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "db") && p.is_file())
        .collect();
    files.sort();
    Ok(files)
}

impl PatternLibrary {
    /// Compiles `dbs` with `registry`. Patterns whose geometry or program fails are dropped
    /// from the set (and reported); parse errors already in the files are reported too.
    pub fn new(dbs: Vec<DbFile>, registry: Registry) -> PatternLibrary {
        let mut errors: Vec<LibraryError> =
            dbs.iter().flat_map(|d| d.errors.iter().cloned().map(LibraryError::Parse)).collect();
        let full = PatternSet::from_dbs(&dbs.iter().collect::<Vec<_>>());
        for (db, index, e) in &full.rejected {
            let p = &dbs[*db].patterns[*index];
            errors.push(LibraryError::Geometry {
                file: dbs[*db].name.clone(),
                line: e.line,
                column: e.column,
                pattern: excerpt(&p.name),
                message: e.message.clone(),
            });
        }
        let mut set = PatternSet { databases: full.databases, rejected: full.rejected, patterns: Vec::new() };
        let mut programs = Vec::new();
        for sp in full.patterns {
            let db = &dbs[sp.db];
            if set.patterns.len() == MAX_PATTERNS {
                let p = &db.patterns[sp.index];
                errors.push(LibraryError::TooManyPatterns {
                    file: db.name.clone(),
                    line: p.line,
                    pattern: excerpt(&p.name),
                });
                break;
            }
            match Program::compile(&registry, &db.name, &db.patterns[sp.index], &sp.geometry.labels) {
                Ok(p) => {
                    programs.push(p);
                    set.patterns.push(sp);
                }
                Err(e) => errors.push(LibraryError::Compile(e)),
            }
        }
        let matcher = BitmaskMatcher::new(&set);
        PatternLibrary { dbs, set, matcher, registry, programs, errors }
    }

    /// The built-in databases with the standard registry.
    pub fn builtin() -> PatternLibrary {
        PatternLibrary::new(builtin(), Registry::standard())
    }

    /// Reads every `.db` file of `dir` (standard dialect; `eyes.db` and `mc_*.db` are read
    /// but hold no matcher patterns), after `extra` databases (e.g. [`builtin`]).
    pub fn load_dir(dir: &Path, extra: Vec<DbFile>, registry: Registry) -> PatternLibrary {
        let (dbs, io) = read_files_or_dir(dir, extra);
        let mut lib = PatternLibrary::new(dbs, registry);
        lib.errors.splice(0..0, io);
        lib
    }

    /// Reads the given files after `extra`.
    pub fn load_files(files: &[PathBuf], extra: Vec<DbFile>, registry: Registry) -> PatternLibrary {
        let mut dbs = extra;
        let mut io = Vec::new();
        for f in files {
            match parse_path(f) {
                Ok(db) => dbs.push(db),
                Err(e) => io.push(LibraryError::Io { path: f.clone(), message: e.to_string() }),
            }
        }
        let mut lib = PatternLibrary::new(dbs, registry);
        lib.errors.splice(0..0, io);
        lib
    }

    /// The source pattern of pattern number `k` of the set.
    pub fn pattern(&self, k: u32) -> &Pattern {
        let sp = &self.set.patterns[k as usize];
        &self.dbs[sp.db].patterns[sp.index]
    }

    /// The database file name of pattern number `k`.
    pub fn database_of(&self, k: u32) -> &str {
        &self.set.databases[self.set.patterns[k as usize].db]
    }

    /// Geometric matches on `board` (with `swap`, the board's `X` plays the patterns' `O`),
    /// sorted by pattern, anchor and transformation.
    pub fn matches(&self, board: &impl MatchBoard, swap: bool) -> Vec<Match> {
        let packed = PackedBoard::from_board(board, swap);
        let mut out = Vec::new();
        self.matcher.scan(&packed, &mut out);
        out.sort();
        out
    }

    /// The geometric matches in the matcher's scan order, unsorted, into `out` (cleared first; its
    /// capacity is kept): for a caller that keeps a few of them and sorts only those, once per node.
    /// Sorting what it keeps gives the order of [`Self::matches`].
    pub fn scan_into(&self, board: &impl MatchBoard, swap: bool, out: &mut Vec<Match>) {
        let packed = PackedBoard::from_board(board, swap);
        self.matcher.scan(&packed, out);
    }

    /// Matches with their constraints evaluated in `ctx` (which must describe the same
    /// position and side).
    pub fn evaluate(&self, ctx: &mut dyn PatternContext, matches: &[Match]) -> Vec<Evaluated> {
        matches
            .iter()
            .map(|m| {
                let program = &self.programs[m.pattern as usize];
                let constraint = program.constraint.as_ref().map(|_| program.holds(&self.registry, ctx, m));
                Evaluated { m: *m, constraint }
            })
            .collect()
    }
}

fn read_files_or_dir(dir: &Path, extra: Vec<DbFile>) -> (Vec<DbFile>, Vec<LibraryError>) {
    let mut dbs = extra;
    let mut io = Vec::new();
    match database_files(dir) {
        Ok(files) => {
            for f in files {
                match parse_path(&f) {
                    Ok(db) => dbs.push(db),
                    Err(e) => io.push(LibraryError::Io { path: f, message: e.to_string() }),
                }
            }
        }
        Err(e) => io.push(LibraryError::Io { path: dir.to_path_buf(), message: e.to_string() }),
    }
    (dbs, io)
}
