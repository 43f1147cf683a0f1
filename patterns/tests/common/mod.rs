//! Shared by the conformance tests: where GNU Go's databases are, and whether a test may skip
//! without them (outside CI only).

use std::path::PathBuf;

/// The `.db` files of GNU Go 3.8 beside the workspace, sorted; `None` (skip) when absent
/// outside CI; a failure in CI.
pub fn gnugo_database_files() -> Option<Vec<PathBuf>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/patterns");
    if !dir.is_dir() {
        if std::env::var_os("CI").is_some() {
            panic!("GNU Go pattern databases missing at {} (required in CI)", dir.display());
        }
        eprintln!("skipped: GNU Go pattern databases not found at {}", dir.display());
        return None;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("readable database directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "db"))
        .collect();
    files.sort();
    Some(files)
}

/// GNU Go's patterns.db and patterns2.db, parsed, or our built-in databases where GNU Go's are absent:
/// the sets the scan tests run on.
// each test file compiles this module on its own and not every one of them calls this
#[allow(dead_code)]
pub fn scan_databases() -> Vec<patterns::DbFile> {
    match gnugo_database_files() {
        Some(files) => files
            .iter()
            .filter(|p| p.file_name().is_some_and(|n| n == "patterns.db" || n == "patterns2.db"))
            .map(|p| patterns::parse_path(p).expect("readable database"))
            .collect(),
        None => patterns::builtin(),
    }
}
