//! Random legal playouts from the empty board on 19x19 and 9x9 (`go::playout`): the throughput of the
//! board code. Criterion reports time per playout; moves per second is printed once per size.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use engine_core::rng::seeded_rng;
use go::playout::playout;
use go::{Board, Color};
use std::time::Instant;

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    for size in [9usize, 19] {
        let empty = Board::new(size);
        let mut rng = seeded_rng(42);
        // Measure the average length first so the throughput is in moves.
        let (mut moves, start, n) = (0usize, Instant::now(), 200);
        for _ in 0..n {
            let mut b = empty.clone();
            moves += playout(&mut b, Color::Black, &mut rng, 3 * size * size);
        }
        let per = moves / n;
        println!("{size}x{size}: {per} moves per playout, {:.0} moves/s", moves as f64 / start.elapsed().as_secs_f64());
        group.throughput(Throughput::Elements(per as u64));
        group.bench_with_input(BenchmarkId::from_parameter(format!("{size}x{size}")), &size, |bench, &size| {
            bench.iter(|| {
                let mut b = empty.clone();
                playout(&mut b, Color::Black, &mut rng, 3 * size * size)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_playouts);
criterion_main!(benches);
