//! The joseki compiler (`patterns::joseki`, `mkpat --joseki`): GNU Go's seven joseki SGFs (read from
//! ../shared at test time, never copied here) compile, their databases compile with our compiler, and
//! at every move of their main lines the pattern written for that move matches there; our own
//! `databases/joseki.sgf` compiles into the committed `databases/joseki.db`; no input makes the
//! compiler panic.

use patterns::board::Vertex;
use patterns::{compile_joseki, parse_db, JosekiDb, PatternLibrary, Registry};
use proptest::prelude::*;
use std::path::PathBuf;

/// Checks that `db` compiles clean and that every pattern (those of the main line, and those of the
/// other variations too) matches, with its move, on the board it was written from. Returns
/// (patterns, main-line moves checked).
fn check_db(file: &str, db: &JosekiDb) -> (usize, usize) {
    let lib = PatternLibrary::new(vec![parse_db(file, &db.text)], Registry::standard());
    let errors: Vec<String> = lib.errors.iter().map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{file}: {errors:?}");
    assert_eq!(lib.set.len(), db.patterns.len(), "{file}: every pattern compiled");
    let mut checked = 0;
    for p in &db.patterns {
        let want = Vertex::new(usize::from(p.at.1), usize::from(p.at.0));
        let found = lib
            .matches(&p.before, false)
            .iter()
            .any(|m| lib.pattern(m.pattern).name == p.name && m.move_vertex == Some(want));
        assert!(found, "{file}: {} does not match at its move ({})", p.name, p.node);
        checked += usize::from(p.main_line);
    }
    (db.patterns.len(), checked)
}

#[test]
fn gnu_go_joseki_files_compile_and_match_along_their_main_lines() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/joseki");
    if !test_support::require(dir.is_dir(), "GNU Go's joseki SGFs in ../shared/gnugo/joseki") {
        return;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 7, "{files:?}");
    let (mut total, mut moves) = (0, 0);
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(f).unwrap();
        let db = compile_joseki(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        assert!(db.skipped.is_empty(), "{name}: {:?}", db.skipped);
        let (n, checked) = check_db(&name.replace(".sgf", ".db"), &db);
        println!("{name}: {n} patterns match at their moves, {checked} of them on the main line");
        assert!(checked >= 4, "{name}: {checked}");
        total += n;
        moves += checked;
    }
    println!("total: {total} patterns matched at their moves, {moves} of them on the main lines");
    // One pattern per marked move: 1622 `MA` marks in the seven files (grep -o 'MA\[' | wc -l).
    assert_eq!(total, 1622);
    assert_eq!(moves, 41);
}

fn ours() -> (String, String) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("databases");
    (std::fs::read_to_string(dir.join("joseki.sgf")).unwrap(), std::fs::read_to_string(dir.join("joseki.db")).unwrap())
}

#[test]
fn our_joseki_db_is_the_compiled_sgf() {
    let (sgf, db) = ours();
    let compiled = compile_joseki("joseki.sgf", &sgf).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        compiled.text == db,
        "databases/joseki.db is stale: run `mkpat --joseki patterns/databases/joseki.sgf -o patterns/databases/joseki.db`"
    );
    assert!(compiled.skipped.is_empty(), "{:?}", compiled.skipped);
    let (n, checked) = check_db("joseki.db", &compiled);
    println!("joseki.sgf: {n} patterns match at their moves, {checked} of them on the main line");
    assert!((20..=80).contains(&n), "{n}");
}

/// A random joseki-like tree in the upper right corner of a 9x9 board: moves, marks, labels and
/// comments, some of them wrong on purpose.
fn joseki_like() -> impl Strategy<Value = String> {
    let point = (0u8..10, 0u8..10).prop_map(|(c, r)| {
        let l = |x: u8| char::from(b'a' + x);
        format!("{}{}", l(c), l(r))
    });
    let comment = proptest::sample::select(vec![
        "",
        "U",
        "S",
        "j",
        "t",
        "T",
        "0",
        "A",
        "#note",
        ";lib(A)>1",
        ":-,shape(3)",
        ":C",
        ">antisuji(A);",
        ";oops(",
        "J\n:x,value(3)",
        "s\n# two\n;!oplay_attack(*,A,A)",
    ]);
    let node = (
        any::<bool>(),
        point.clone(),
        proptest::option::of(point.clone()),
        proptest::option::of((point, proptest::sample::select(vec!["A", "B", "X", "AB", ""]))),
        comment,
    )
        .prop_map(|(black, mv, mark, label, c)| {
            let mut s = format!(";{}[{mv}]", if black { "B" } else { "W" });
            if let Some(m) = mark {
                s.push_str(&format!("MA[{m}]"));
            }
            if let Some((p, l)) = label {
                s.push_str(&format!("LB[{p}:{l}]"));
            }
            if !c.is_empty() {
                s.push_str(&format!("C[{c}]"));
            }
            s
        });
    proptest::collection::vec(proptest::collection::vec(node, 1..8), 1..4).prop_map(|branches| {
        format!("(;SZ[9]{})", branches.iter().map(|b| format!("({})", b.concat())).collect::<String>())
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Whatever the tree, the compiler answers without panicking; when it answers a database, the
    /// database compiles clean and its main-line patterns match where they were written.
    #[test]
    fn joseki_like_trees_compile_or_fail_cleanly(text in joseki_like()) {
        match compile_joseki("fuzz.sgf", &text) {
            Ok(db) => {
                check_db("fuzz.db", &db);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn arbitrary_text_never_panics(s in any::<String>()) {
        let _ = compile_joseki("any.sgf", &s);
    }
}
