//! `mkpat FILE.db…` (or `mkpat DIR`): reads GNU Go pattern databases with the `patterns`
//! crate and prints `FILE: N patterns, E errors` per file, then each error on standard
//! error. Exit status 1 when any file has an error or cannot be read, 2 on bad usage.
//! A first step towards issue 4's pattern compiler: it does not generate anything yet.

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
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.iter().any(|a| a == "-h" || a == "--help") {
        eprintln!("usage: mkpat FILE.db|DIR...");
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
