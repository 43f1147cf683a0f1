//! Conformance: every pattern of GNU Go 3.8's databases (in `shared/gnugo/patterns`,
//! beside the workspace) must parse without error. Skipped when the directory is absent
//! outside CI; a failure in CI.

use std::path::PathBuf;

use crate::common;

fn databases() -> Option<Vec<PathBuf>> {
    common::gnugo_database_files()
}

#[test]
fn every_gnugo_pattern_parses() {
    let Some(files) = databases() else { return };
    assert!(!files.is_empty(), "no .db files found");
    let mut total = 0;
    let mut errors = Vec::new();
    let mut parsed = Vec::new();
    for path in &files {
        let db = patterns::parse_path(path).expect("readable database");
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("readable database")).into_owned();
        let declared = if db.name.starts_with("mc_") { mc_diagrams(&text) } else { pattern_lines(&text) };
        if let Err(e) = patterns::check_grammar(&db.name, &text, patterns::Dialect::from_file_name(&db.name)) {
            errors.push(e);
        }
        println!("{}: {} patterns (of {}), {} errors", db.name, db.pattern_count(), declared, db.errors.len());
        for e in db.errors.iter().take(20) {
            println!("  {e}");
        }
        assert_eq!(db.pattern_count() + db.errors.len(), declared, "{}: patterns + errors", db.name);
        let policy = patterns::AnchorPolicy::for_database(&db.name);
        for p in &db.patterns {
            let g = p.geometry(policy).expect("checked by the parser");
            // mkpat refuses a pattern without a stone it may anchor on ("No origin").
            assert!(
                policy.accepts(g.anchor_element),
                "{}: pattern {} has no anchor stone for {policy:?}",
                db.name,
                p.name
            );
            for t in p.colon.symmetry.transforms() {
                assert_eq!(g.transformed(*t).len(), g.elements.len());
            }
        }
        total += db.pattern_count();
        errors.extend(db.errors.iter().cloned());
        parsed.push(db);
    }
    let helpers = patterns::autohelper_functions(&parsed);
    println!("total: {total} patterns, {} errors", errors.len());
    println!("autohelper functions ({}): {}", helpers.len(), helpers.into_iter().collect::<Vec<_>>().join(" "));
    assert!(errors.is_empty(), "{} errors, first: {}", errors.len(), errors[0]);
}

fn pattern_lines(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("Pattern ")).count()
}

/// Monte Carlo patterns have no names: count the `:` lines that follow a diagram.
fn mc_diagrams(text: &str) -> usize {
    let mut previous = ' ';
    let mut n = 0;
    for l in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let c = l.chars().next().unwrap_or(' ');
        if c == ':' && previous != ':' {
            n += 1;
        }
        previous = c;
    }
    n
}
