//! Shared by the conformance tests: where GNU Go's databases are. Whether a test may go on without
//! them is `test_support::require`'s rule alone (a failure under `REQUIRE_REFERENCES=1`).

use std::path::PathBuf;

/// The `.db` files of GNU Go 3.8 beside the workspace, sorted; `None` when absent (see
/// `test_support::require`).
pub fn gnugo_database_files() -> Option<Vec<PathBuf>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/patterns");
    if !test_support::require(dir.is_dir(), "GNU Go 3.8's pattern databases in ../shared/gnugo/patterns") {
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
