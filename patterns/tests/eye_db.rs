//! Conformance: GNU Go 3.8's own `eyes.db` (in `shared/gnugo/patterns`, beside the workspace) reads as
//! eye graphs without a single error, every shape matching itself (read at run time for comparison only;
//! none of it is copied into the project). Skipped when the directory is absent outside CI.

use crate::common;

use patterns::eye_db::{Content, EyeDb, QueryGraph, QueryVertex};

#[test]
fn gnugo_eyes_db_reads_as_graphs() {
    let Some(files) = common::gnugo_database_files() else { return };
    let path = files.iter().find(|p| p.file_name().is_some_and(|n| n == "eyes.db")).expect("eyes.db");
    let db = EyeDb::read(path).expect("readable");
    assert!(db.errors.is_empty(), "{} errors, first: {}", db.errors.len(), db.errors[0]);
    let text = std::fs::read_to_string(path).expect("readable");
    let declared = text.lines().filter(|l| l.starts_with("Pattern ")).count();
    assert_eq!(db.graphs.len(), declared);
    println!("{}: {} eye graphs", db.name, db.graphs.len());
    // Each shape finds a match (itself or an earlier, more general one) when its wildcards are empty.
    for g in &db.graphs {
        let q = QueryGraph {
            vertices: g
                .vertices
                .iter()
                .map(|v| QueryVertex { marginal: v.marginal, stone: v.content == Content::Stone, edge: v.edge })
                .collect(),
            adj: g.adj.clone(),
        };
        let m = db.find(&q).unwrap_or_else(|| panic!("pattern {} matches nothing", g.name));
        assert!(m.graph.line <= g.line, "pattern {} matched a later one", g.name);
    }
}

#[test]
fn our_eyes_db_reads_without_error() {
    let db = EyeDb::builtin();
    assert!(db.errors.is_empty(), "{} errors, first: {}", db.errors.len(), db.errors[0]);
}
