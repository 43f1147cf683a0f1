//! `mkpat FILE.db…` (or `mkpat DIR`): reads GNU Go pattern databases with the `patterns`
//! crate and prints `FILE: N patterns, E errors` per file, then each error on standard
//! error. Exit status 1 when any file has an error or cannot be read, 2 on bad usage.
//! `--stats` adds per file the compiled orientations and how many elements fall inside
//! the matcher's 5×5 composite window; `--dump NAME` prints the compiled masks of the
//! patterns called NAME (one block per transformation the symmetry calls for).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn inputs(args: &[String]) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for a in args {
        let p = Path::new(a);
        if p.is_dir() {
            let mut dir: Vec<PathBuf> = std::fs::read_dir(p)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "db"))
                .collect();
            dir.sort();
            files.extend(dir);
        } else {
            files.push(p.to_path_buf());
        }
    }
    Ok(files)
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let stats = take_flag(&mut args, "--stats");
    let dump = match args.iter().position(|a| a == "--dump") {
        Some(k) if k + 1 < args.len() => {
            let name = args.remove(k + 1);
            args.remove(k);
            Some(name)
        }
        Some(_) => {
            eprintln!("mkpat: --dump needs a pattern name");
            return ExitCode::from(2);
        }
        None => None,
    };
    if args.is_empty() || args.iter().any(|a| a == "-h" || a == "--help") {
        eprintln!("usage: mkpat [--stats] [--dump NAME] FILE.db|DIR...");
        return ExitCode::from(2);
    }
    let files = match inputs(&args) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("mkpat: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut failed = false;
    for path in files {
        match patterns::parse_path(&path) {
            Ok(db) => {
                println!("{}: {} patterns, {} errors", path.display(), db.pattern_count(), db.errors.len());
                for e in &db.errors {
                    eprintln!("{e}");
                }
                failed |= !db.errors.is_empty();
                if stats || dump.is_some() {
                    report(&db, stats, dump.as_deref());
                }
            }
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn take_flag(args: &mut Vec<String>, flag: &str) -> bool {
    let before = args.len();
    args.retain(|a| a != flag);
    args.len() != before
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
    }
    if let Some(name) = dump {
        for o in compiled.iter().filter(|o| set.patterns[o.pattern as usize].name == name) {
            let p = &set.patterns[o.pattern as usize];
            print!("  {} (symmetry `{}`): {}", p.name, p.symmetry.as_char(), o.describe());
        }
    }
}
