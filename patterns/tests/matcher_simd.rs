//! The two builds of the bitmask matcher's scanning loops — AVX2 (chosen where the CPU has it)
//! and portable — against the naive reference on random boards of sizes 5 to 19, for GNU Go's
//! `patterns.db` + `patterns2.db` (the built-in databases when they are absent): full scans,
//! and incremental re-matching after random moves against full re-scans. On a CPU without
//! AVX2 both matchers run the portable loops and the test still compares them with naive.

use patterns::*;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::common;

/// A random position (size, density, side) and a few random moves on it.
fn case() -> impl Strategy<Value = (Grid, bool, Vec<(usize, usize, u8)>)> {
    (5usize..=19, 5u8..85, any::<bool>()).prop_flat_map(|(n, density, swap)| {
        (prop::collection::vec(0u8..100, n * n), prop::collection::vec((0..n, 0..n, 0u8..3), 1..6)).prop_map(
            move |(cells, moves)| {
                let mut g = Grid::new(n);
                for (k, x) in cells.iter().enumerate() {
                    let cell =
                        [Cell::O, Cell::X, Cell::Empty][usize::from(*x >= density / 2) + usize::from(*x >= density)];
                    g.set(k / n, k % n, cell);
                }
                (g, swap, moves)
            },
        )
    })
}

fn sorted(mut v: Vec<Match>) -> Vec<Match> {
    v.sort_unstable();
    v
}

#[test]
fn simd_and_portable_scans_agree_with_naive() {
    let dbs = common::scan_databases();
    let set = PatternSet::from_dbs(&dbs.iter().collect::<Vec<_>>());
    let naive = NaiveMatcher::new(&set);
    let simd = BitmaskMatcher::new(&set);
    let portable = simd.clone().with_simd(false);
    assert!(!portable.simd());
    let mut runner = TestRunner::new(Config { cases: 48, failure_persistence: None, ..Config::default() });
    runner
        .run(&case(), |(mut g, swap, moves)| {
            let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
            naive.scan(&g, swap, &mut a);
            let packed = PackedBoard::from_board(&g, swap);
            simd.scan(&packed, &mut b);
            portable.scan(&packed, &mut c);
            let a = sorted(a);
            prop_assert_eq!(&a, &sorted(b), "naive vs simd build");
            prop_assert_eq!(&a, &sorted(c), "naive vs portable build");
            // Incremental re-matching through both builds' covering scans.
            let mut incs = [IncrementalMatcher::new(&simd, &g, swap), IncrementalMatcher::new(&portable, &g, swap)];
            for (r, col, k) in moves {
                let cell = [Cell::Empty, Cell::O, Cell::X][k as usize];
                g.set(r, col, cell);
                for (inc, m) in incs.iter_mut().zip([&simd, &portable]) {
                    inc.update(m, &[(r, col, cell)]);
                }
            }
            let mut full = Vec::new();
            naive.scan(&g, swap, &mut full);
            let full = sorted(full);
            for inc in &incs {
                prop_assert_eq!(&sorted(inc.matches().to_vec()), &full, "incremental vs naive");
            }
            Ok(())
        })
        .unwrap();
}
