//! `mkpat`: checks and compiles GNU Go pattern databases with the `patterns` crate, and lists the
//! matches of databases in a position. Argument parsing only: reading and compiling are
//! `patterns::{parse_path, PatternLibrary}`, loading the position is `go::sgf::load_position`, matching
//! in a game is `go::analysis::pattern_context`.

use clap::Parser;
use engine_core::limits::{read_to_string_limited, MAX_INPUT_FILE_BYTES};
use go::analysis::pattern_context::list_matches;
use go::sgf::load_position;
use go::Color;
use patterns::{database_files, LibraryError, PatternLibrary, Registry};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const AFTER_HELP: &str = "\
Check mode (default): prints `FILE: N patterns, E errors` per file, each error on standard error as
`FILE:LINE:COLUMN: expected ...`. Exit status: 0 when every file is clean; 1 when a file cannot be read
(or is larger than 16 MiB); else 2 when a file has an error (syntax, geometry, a constraint naming an
unknown helper, or a limit of the patterns crate passed: see `patterns::limits`).

Joseki mode (--joseki SGF [-o OUT.db]): compiles a joseki tree in GNU Go's joseki SGF format (moves
marked with MA/SQ in the upper right corner, the class the comment's first letter) into a database in
our pattern language (see the `patterns::joseki` documentation); prints `SGF: N patterns (M on the
main line), K skipped` on standard error. Exit status 1 when the SGF cannot be read or OUT cannot be
written, 2 when it is malformed (the error names the SGF node).

Match mode (--match SGF [MOVE]): loads the game as GNU Go's `loadsgf` does (MOVE a move number to stop
before, or a vertex: stop before the first move there; default the whole game), matches every pattern of
the databases (--db FILE|DIR..., default the built-in shape.db, endgame.db, connect.db and edge.db) for the side to
move (or --color), and prints one line per match, sorted by database, pattern, anchor, transformation:

    DB:PATTERN ANCHOR TRANSFORM MOVE CONSTRAINT

DB the database file name, ANCHOR the vertex of the pattern's anchor stone, TRANSFORM the letter a-h of
GNU Go's transformation table, MOVE the vertex of `*` (`-` when none), CONSTRAINT `true` or `false` (the
constraint evaluated in the position), `-` (no constraint) or `error: ...`. Exit status as in check mode
(1 also when the SGF file cannot be read, 2 when it is malformed).";

#[derive(Parser, Debug)]
#[command(name = "mkpat", version, about = "Check, compile and match GNU Go pattern databases", after_help = AFTER_HELP)]
struct Cli {
    /// Databases to check (files, or directories of .db files).
    files: Vec<PathBuf>,
    /// Also print per file the compiled orientations, the composite-window coverage, and the
    /// patterns per class letter, per symmetry and per helper function.
    #[arg(long)]
    stats: bool,
    /// Print the compiled masks of the patterns called NAME.
    #[arg(long, value_name = "NAME")]
    dump: Option<String>,
    /// List the matches in the position of an SGF file, optionally before MOVE.
    #[arg(long = "match", num_args = 1..=2, value_names = ["SGF", "MOVE"])]
    match_position: Option<Vec<String>>,
    /// With --match: databases to match (files or directories) instead of the built-in ones.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    db: Vec<PathBuf>,
    /// With --match: the side playing the patterns' O (default: the side to move).
    #[arg(long, value_parser = ["black", "white"])]
    color: Option<String>,
    /// Compile a joseki SGF (GNU Go's joseki format) into a database: `patterns::joseki`.
    #[arg(long, value_name = "SGF")]
    joseki: Option<PathBuf>,
    /// With --joseki: write the database here instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT.db", requires = "joseki")]
    output: Option<PathBuf>,
}

fn expand(args: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for p in args {
        if p.is_dir() {
            files.extend(database_files(p)?);
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(sgf) = &cli.joseki {
        return joseki_mode(sgf, cli.output.as_deref());
    }
    if let Some(m) = &cli.match_position {
        return match_mode(&cli, &m[0], m.get(1).map(String::as_str));
    }
    if cli.files.is_empty() {
        eprintln!("mkpat: no database given (see mkpat --help)");
        return ExitCode::from(2);
    }
    let files = match expand(&cli.files) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("mkpat: {e}");
            return ExitCode::FAILURE;
        }
    };
    let registry = Registry::standard();
    let mut status = Status::default();
    for path in files {
        match patterns::parse_path(&path) {
            Ok(db) => {
                let lib = PatternLibrary::new(vec![db], registry.clone());
                let db = &lib.dbs[0];
                println!("{}: {} patterns, {} errors", path.display(), db.pattern_count(), lib.errors.len());
                for e in &lib.errors {
                    eprintln!("{e}");
                }
                status.malformed |= !lib.errors.is_empty();
                if cli.stats || cli.dump.is_some() {
                    report(db, cli.stats, cli.dump.as_deref());
                }
            }
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                status.unreadable = true;
            }
        }
    }
    status.code()
}

/// What went wrong across the files: the exit status the README documents for the tools.
#[derive(Default)]
struct Status {
    /// A file could not be read (exit 1).
    unreadable: bool,
    /// A file (or the SGF) is malformed (exit 2).
    malformed: bool,
}

impl Status {
    fn code(&self) -> ExitCode {
        if self.unreadable {
            ExitCode::FAILURE
        } else if self.malformed {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        }
    }
}

fn joseki_mode(sgf: &Path, output: Option<&Path>) -> ExitCode {
    let text = match read_to_string_limited(sgf, MAX_INPUT_FILE_BYTES) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("mkpat: {}: {e}", sgf.display());
            return ExitCode::FAILURE;
        }
    };
    let db = match patterns::compile_joseki(&sgf.display().to_string(), &text) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("mkpat: {e}");
            return ExitCode::from(2);
        }
    };
    for (node, why) in &db.skipped {
        eprintln!("{}: {node}: no pattern: {why}", sgf.display());
    }
    let main = db.patterns.iter().filter(|p| p.main_line).count();
    eprintln!(
        "{}: {} patterns ({main} on the main line), {} skipped",
        sgf.display(),
        db.patterns.len(),
        db.skipped.len()
    );
    let written = match output {
        Some(out) => std::fs::write(out, &db.text).map_err(|e| format!("{}: {e}", out.display())),
        None => std::io::stdout().write_all(db.text.as_bytes()).map_err(|e| e.to_string()),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mkpat: {e}");
            ExitCode::FAILURE
        }
    }
}

fn match_mode(cli: &Cli, sgf: &str, until: Option<&str>) -> ExitCode {
    let text = match read_to_string_limited(Path::new(sgf), MAX_INPUT_FILE_BYTES) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("mkpat: {sgf}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let game = match load_position(&text, until, go::Rules::default()) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("mkpat: {sgf}: {e}");
            return ExitCode::from(2);
        }
    };
    let library = if cli.db.is_empty() {
        PatternLibrary::builtin()
    } else {
        match expand(&cli.db) {
            Ok(files) => PatternLibrary::load_files(&files, Vec::new(), Registry::standard()),
            Err(e) => {
                eprintln!("mkpat: {e}");
                return ExitCode::FAILURE;
            }
        }
    };
    for e in &library.errors {
        eprintln!("{e}");
    }
    let own = match cli.color.as_deref() {
        Some("black") => Color::Black,
        Some(_) => Color::White,
        None => game.to_move(),
    };
    let mut out = std::io::stdout().lock();
    for line in list_matches(&library, &game, own) {
        // a closed pipe (`| head`) ends the listing quietly
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    let unreadable = library.errors.iter().any(|e| matches!(e, LibraryError::Io { .. }));
    Status { unreadable, malformed: !library.errors.is_empty() }.code()
}

fn report(db: &patterns::DbFile, stats: bool, dump: Option<&str>) {
    let set = patterns::PatternSet::from_dbs(&[db]);
    let compiled = set.compile();
    if stats {
        let elements: usize = compiled.iter().map(|o| o.elements.len()).sum();
        let residual: usize = compiled.iter().map(|o| o.residual.len()).sum();
        let whole = compiled.iter().filter(|o| o.residual.is_empty()).count();
        println!(
            "  {} orientations; {} elements, {} inside the 5x5 window ({} orientations wholly inside)",
            compiled.len(),
            elements,
            elements - residual,
            whole
        );
        let mut classes = std::collections::BTreeMap::new();
        let mut symmetries = std::collections::BTreeMap::new();
        let mut helpers = std::collections::BTreeMap::new();
        for p in &db.patterns {
            for c in p.colon.class.chars() {
                *classes.entry(c).or_insert(0) += 1;
            }
            *symmetries.entry(p.colon.symmetry.as_char()).or_insert(0) += 1;
            let mut calls = std::collections::BTreeSet::new();
            p.collect_calls(&mut calls);
            for c in calls {
                *helpers.entry(c).or_insert(0) += 1;
            }
        }
        let join = |m: Vec<String>| if m.is_empty() { "none".to_string() } else { m.join(" ") };
        println!("  classes: {}", join(classes.iter().map(|(c, n)| format!("{c}:{n}")).collect()));
        println!("  symmetries: {}", join(symmetries.iter().map(|(c, n)| format!("{c}:{n}")).collect()));
        println!(
            "  helpers (patterns using each): {}",
            join(helpers.iter().map(|(c, n)| format!("{c}:{n}")).collect())
        );
    }
    if let Some(name) = dump {
        for o in compiled.iter().filter(|o| set.patterns[o.pattern as usize].name == name) {
            let p = &set.patterns[o.pattern as usize];
            print!("  {} (symmetry `{}`): {}", p.name, p.symmetry.as_char(), o.describe());
        }
    }
}
