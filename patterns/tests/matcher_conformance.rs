//! The bitmask matcher against the naive reference on random boards of sizes 5 to 19, for
//! every standard-dialect GNU Go database in `shared/gnugo/patterns` (skipped when the
//! directory is absent outside CI; a failure in CI); incremental re-matching after random
//! moves (patterns.db + patterns2.db) against full scans; and the symmetry reduction seen
//! on real patterns: a pattern declared (exactly) symmetric never reports the same
//! placement twice. `PATTERN_BOARDS_BUDGET` scales the number of random boards.

use patterns::*;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::cell::RefCell;
use std::collections::HashSet;

use crate::common;

fn databases() -> Option<Vec<DbFile>> {
    let files = common::gnugo_database_files()?;
    let dbs: Vec<DbFile> =
        files.iter().map(|p| parse_path(p).expect("readable database")).filter(|db| !db.patterns.is_empty()).collect();
    assert!(!dbs.is_empty(), "no standard-dialect databases among {} files", files.len());
    Some(dbs)
}

/// A random position: size, then each point empty or a stone with a random density.
fn board() -> impl Strategy<Value = (Grid, bool)> {
    (5usize..=19, 5u8..85, any::<bool>()).prop_flat_map(|(n, density, swap)| {
        prop::collection::vec(0u8..100, n * n).prop_map(move |cells| {
            let mut g = Grid::new(n);
            for (k, x) in cells.iter().enumerate() {
                let cell = if *x < density / 2 {
                    Cell::O
                } else if *x < density {
                    Cell::X
                } else {
                    Cell::Empty
                };
                g.set(k / n, k % n, cell);
            }
            (g, swap)
        })
    })
}

/// Random boards for one database; fewer for the big ones so the whole run stays short.
fn compare(db: &DbFile, budget: usize) -> (usize, usize) {
    let set = PatternSet::from_dbs(&[db]);
    assert!(set.rejected.is_empty(), "{}: {:?}", db.name, set.rejected);
    let naive = NaiveMatcher::new(&set);
    let fast = BitmaskMatcher::new(&set);
    let cases = (budget / fast.orientations().len().max(1)).clamp(6, 512) as u32;
    let boards = std::cell::Cell::new(0usize);
    let matches = std::cell::Cell::new(0usize);
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let buffers = RefCell::new((PackedBoard::default(), Vec::new(), Vec::new()));
    let result = runner.run(&board(), |(g, swap)| {
        let (packed, a, b) = &mut *buffers.borrow_mut();
        naive.scan(&g, swap, a);
        packed.load(&g, swap);
        fast.scan(packed, b);
        a.sort_unstable();
        b.sort_unstable();
        prop_assert_eq!(&*a, &*b, "{} on\n{:?}", db.name, packed);
        boards.set(boards.get() + 1);
        matches.set(matches.get() + a.len());
        Ok(())
    });
    if let Err(e) = result {
        panic!("{}: {e}", db.name);
    }
    (boards.get(), matches.get())
}

fn budget() -> usize {
    std::env::var("PATTERN_BOARDS_BUDGET").ok().and_then(|v| v.parse().ok()).unwrap_or(if cfg!(debug_assertions) {
        60_000
    } else {
        2_000_000
    })
}

#[test]
fn bitmask_equals_naive_on_every_gnugo_database() {
    let Some(dbs) = databases() else { return };
    let (mut boards, mut matches) = (0, 0);
    for db in &dbs {
        let (b, m) = compare(db, budget());
        println!("{}: {} patterns, {b} random boards, {m} matches, identical", db.name, db.patterns.len());
        boards += b;
        matches += m;
    }
    println!("total: {} databases, {boards} boards, {matches} matches", dbs.len());
    assert!(matches > 0);
}

#[test]
fn declared_symmetry_never_reports_a_placement_twice() {
    let Some(dbs) = databases() else { return };
    let set = PatternSet::from_dbs(&dbs.iter().collect::<Vec<_>>());
    // Some diagrams have more symmetry than declared (conn.db's CC502b `.O/O.` says `\`
    // but is also `/`): their duplicates are the database's, so only exact declarations
    // are held to the rule.
    let exact: Vec<bool> =
        set.patterns.iter().map(|p| distinct_shapes(&p.geometry) == p.symmetry.transforms().len()).collect();
    let under = set.patterns.iter().zip(&exact).filter(|(p, e)| p.symmetry != Symmetry::None && !**e).count();
    println!("{under} patterns declare less symmetry than they have");
    let fast = BitmaskMatcher::new(&set);
    let mut runner = TestRunner::new(Config { cases: 24, failure_persistence: None, ..Config::default() });
    let buffers = RefCell::new((PackedBoard::default(), Vec::new()));
    let checked = std::cell::Cell::new(0usize);
    runner
        .run(&board(), |(g, swap)| {
            let (packed, out) = &mut *buffers.borrow_mut();
            packed.load(&g, swap);
            fast.scan(packed, out);
            let mut seen = HashSet::new();
            for m in out.iter() {
                let p = &set.patterns[m.pattern as usize];
                if p.symmetry == Symmetry::None || !exact[m.pattern as usize] {
                    continue;
                }
                // A placement: the pattern's elements on absolute points.
                let mut placed: Vec<(i32, i32, char)> = p
                    .geometry
                    .transformed(m.transform)
                    .iter()
                    .map(|e| (m.anchor.row as i32 + e.row, m.anchor.col as i32 + e.col, e.element.as_char()))
                    .collect();
                placed.sort_unstable();
                prop_assert!(seen.insert((m.pattern, placed)), "{} ({:?}) twice", p.name, m);
                checked.set(checked.get() + 1);
            }
            Ok(())
        })
        .unwrap();
    println!("{} matches of symmetric patterns, no duplicates", checked.get());
}

/// How many different shapes the eight transformations make of a pattern.
fn distinct_shapes(g: &Geometry) -> usize {
    let shapes: HashSet<Vec<(i32, i32, char)>> = Transform::ALL
        .iter()
        .map(|&t| {
            let els = g.transformed(t);
            let (a, b) = (t.apply(g.min.0, g.min.1), t.apply(g.max.0, g.max.1));
            let (mi, mj) = (a.0.min(b.0), a.1.min(b.1));
            let mut s: Vec<(i32, i32, char)> =
                els.iter().map(|e| (e.row - mi, e.col - mj, e.element.as_char())).collect();
            let edges = t.apply_edges(g.edges);
            s.push((-1, -1, if edges.north { 'n' } else { ' ' }));
            s.push((-1, -2, if edges.south { 's' } else { ' ' }));
            s.push((-1, -3, if edges.west { 'w' } else { ' ' }));
            s.push((-1, -4, if edges.east { 'e' } else { ' ' }));
            s.sort_unstable();
            s
        })
        .collect();
    shapes.len()
}

#[test]
fn incremental_matching_follows_real_databases() {
    let Some(dbs) = databases() else { return };
    let picked: Vec<&DbFile> =
        dbs.iter().filter(|d| matches!(d.name.as_str(), "patterns.db" | "patterns2.db")).collect();
    let set = PatternSet::from_dbs(&picked);
    let fast = BitmaskMatcher::new(&set);
    let moves = prop::collection::vec(prop::collection::vec((0usize..19, 0usize..19, 0u8..3), 1..4), 1..10);
    let mut runner = TestRunner::new(Config { cases: 16, failure_persistence: None, ..Config::default() });
    runner
        .run(&(board(), moves), |((mut g, swap), moves)| {
            let n = g.size();
            let mut inc = IncrementalMatcher::new(&fast, &g, swap);
            let mut full = Vec::new();
            for changes in moves {
                let changes: Vec<(usize, usize, Cell)> = changes
                    .into_iter()
                    .map(|(r, c, x)| (r % n, c % n, [Cell::Empty, Cell::O, Cell::X][x as usize]))
                    .collect();
                for &(r, c, cell) in &changes {
                    g.set(r, c, cell);
                }
                inc.update(&fast, &changes);
                fast.scan(&PackedBoard::from_board(&g, swap), &mut full);
                let mut got = inc.matches().to_vec();
                got.sort_unstable();
                full.sort_unstable();
                prop_assert_eq!(got, full.clone());
            }
            Ok(())
        })
        .unwrap();
}
