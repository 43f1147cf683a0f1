//! Full-board scans per second, bitmask vs naive, for `patterns.db` alone and with
//! `patterns2.db`, over a fixed set of 19×19 positions filled 30–50% with both colours.
//! Needs GNU Go's databases beside the workspace (`shared/gnugo/patterns`); without them
//! the benchmark prints a note and measures nothing.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use patterns::*;
use std::hint::black_box;
use std::path::PathBuf;

/// Deterministic positions: a xorshift generator, density between 30% and 50%.
fn positions(count: usize) -> Vec<Grid> {
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    (0..count)
        .map(|k| {
            let density = 30 + (k * 20 / count.max(1)) as u64;
            let mut g = Grid::new(19);
            for r in 0..19 {
                for c in 0..19 {
                    let x = next() % 100;
                    let cell = if x < density / 2 {
                        Cell::O
                    } else if x < density {
                        Cell::X
                    } else {
                        Cell::Empty
                    };
                    g.set(r, c, cell);
                }
            }
            g
        })
        .collect()
}

fn load(name: &str) -> Option<DbFile> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/patterns").join(name);
    path.is_file().then(|| parse_path(&path).expect("readable database"))
}

fn bench(c: &mut Criterion) {
    let (Some(p1), Some(p2)) = (load("patterns.db"), load("patterns2.db")) else {
        eprintln!("skipped: GNU Go databases not found");
        return;
    };
    let boards = positions(16);
    let packed: Vec<PackedBoard> = boards.iter().map(|b| PackedBoard::from_board(b, false)).collect();
    for (label, set) in
        [("patterns.db", PatternSet::from_dbs(&[&p1])), ("patterns+2.db", PatternSet::from_dbs(&[&p1, &p2]))]
    {
        let naive = NaiveMatcher::new(&set);
        let fast = BitmaskMatcher::new(&set);
        let mut out = Vec::with_capacity(4096);
        let mut total = 0;
        for p in &packed {
            fast.scan(p, &mut out);
            total += out.len();
        }
        eprintln!(
            "{label}: {} patterns, {} orientations, index {} KiB, {:.1} matches per position",
            set.len(),
            fast.orientations().len(),
            fast.index_bytes() / 1024,
            total as f64 / packed.len() as f64
        );
        let mut g = c.benchmark_group(label);
        g.throughput(Throughput::Elements(boards.len() as u64));
        g.bench_function("bitmask", |b| {
            b.iter(|| {
                for p in &packed {
                    fast.scan(black_box(p), &mut out);
                }
                out.len()
            })
        });
        g.bench_function("bitmask+pack", |b| {
            let mut board = PackedBoard::default();
            b.iter(|| {
                for grid in &boards {
                    board.load(black_box(grid), false);
                    fast.scan(&board, &mut out);
                }
                out.len()
            })
        });
        g.sample_size(10);
        g.bench_function("naive", |b| {
            b.iter(|| {
                for grid in &boards {
                    naive.scan(black_box(grid), false, &mut out);
                }
                out.len()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
