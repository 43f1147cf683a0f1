//! Matching on real positions: `patterns.db` and `patterns.db` + `patterns2.db` over 19×19
//! middle-game positions of GNU Go's regression games (move 100 of the first 16 games that
//! long), for the side to move: full-board scans per second, bitmask (and its portable build,
//! `bitmask-portable`, where the CPU has AVX2) vs naive, and the incremental re-match after the
//! next move of the game (the same side's view, as during a
//! search; the changes are the stone and its captures). Needs `shared/gnugo` beside the
//! workspace; without it the benchmark prints a note and measures nothing.
//!
//! Times are the benchmark thread's CPU time (Linux `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`),
//! not wall time: the machine is shared, and CPU time does not count the time other processes
//! hold the cores (elsewhere the wall clock is used). `WALL=1` measures wall time instead.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
mod support;

use patterns::*;
use std::hint::black_box;
use support::{cpu_ns, gnugo, positions, wall_ns};

/// Criterion measurement of the thread's CPU time (or wall time with `WALL` set), formatted
/// as times.
struct CpuTime {
    wall: bool,
}

impl CpuTime {
    fn now(&self) -> u64 {
        if self.wall {
            wall_ns()
        } else {
            cpu_ns()
        }
    }
}

static WALL: WallTime = WallTime;

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        self.now()
    }
    fn end(&self, i: u64) -> u64 {
        self.now().saturating_sub(i)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}

fn bench(c: &mut Criterion<CpuTime>) {
    let Some(dir) = gnugo() else {
        eprintln!("skipped: GNU Go's databases and games not found");
        return;
    };
    let db = |n: &str| parse_path(&dir.join("patterns").join(n)).expect("readable database");
    let (p1, p2) = (db("patterns.db"), db("patterns2.db"));
    let positions = positions(&dir);
    // Each position packed for its side to move (`swap` when black moves: black is O).
    let packed: Vec<PackedBoard> = positions.iter().map(|p| PackedBoard::from_board(&p.grid, !p.white)).collect();
    for (label, set) in
        [("sgf/patterns.db", PatternSet::from_dbs(&[&p1])), ("sgf/patterns+2.db", PatternSet::from_dbs(&[&p1, &p2]))]
    {
        let naive = NaiveMatcher::new(&set);
        let fast = BitmaskMatcher::new(&set);
        let mut out = Vec::with_capacity(4096);
        let total: usize = packed
            .iter()
            .map(|p| {
                fast.scan(p, &mut out);
                out.len()
            })
            .sum();
        eprintln!(
            "{label}: {} positions, {:.1} matches per position",
            packed.len(),
            total as f64 / packed.len() as f64
        );
        let mut g = c.benchmark_group(label);
        g.throughput(Throughput::Elements(packed.len() as u64));
        g.bench_function("bitmask", |b| {
            b.iter(|| {
                for p in &packed {
                    fast.scan(black_box(p), &mut out);
                }
                out.len()
            })
        });
        let portable = fast.clone().with_simd(false);
        g.bench_function("bitmask-portable", |b| {
            b.iter(|| {
                for p in &packed {
                    portable.scan(black_box(p), &mut out);
                }
                out.len()
            })
        });
        let starts: Vec<IncrementalMatcher> =
            positions.iter().map(|p| IncrementalMatcher::new(&fast, &p.grid, !p.white)).collect();
        g.bench_function("incremental-one-move", |b| {
            b.iter_batched_ref(
                || starts.clone(),
                |ms| {
                    for (m, p) in ms.iter_mut().zip(&positions) {
                        m.update(&fast, black_box(&p.next));
                    }
                },
                BatchSize::SmallInput,
            )
        });
        g.sample_size(10);
        g.bench_function("naive", |b| {
            b.iter(|| {
                for p in &positions {
                    naive.scan(black_box(&p.grid), !p.white, &mut out);
                }
                out.len()
            })
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime { wall: std::env::var_os("WALL").is_some() });
    targets = bench
}
criterion_main!(benches);
