//! Cubeless 0-ply rollout throughput of the opening position: 1,296 games (one full rotation of
//! the first two rolls), played to the end with bearoff truncation, both with and without
//! luck-based variance reduction; throughput is counted in games (criterion prints games/s).
//!
//! The reference figure is gnubg's own rollout speed on this machine (gnubg-nn's Python
//! `rollout` is not usable for this: on the opening key it returns a finished-game result in a
//! tenth of a second, or crashes when given a level argument).

use backgammon::analysis::rollout::{rollout, RolloutConfig};
use backgammon::eval::Evaluator;
use backgammon::Position;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

fn bench(c: &mut Criterion) {
    let ev = Evaluator::embedded();
    let opening = Position::from_id("4HPwATDgc/ABMA").expect("opening ID");
    let trials = 1296;
    // load the bearoff databases before timing
    black_box(rollout(ev, &opening, &RolloutConfig { trials: 36, ..RolloutConfig::default() }));
    let mut group = c.benchmark_group("rollout");
    group.sample_size(10).measurement_time(Duration::from_secs(20)).throughput(Throughput::Elements(trials));
    let plain = RolloutConfig { trials, variance_reduction: false, ..RolloutConfig::default() };
    group.bench_function("opening_1296_0ply", |b| b.iter(|| black_box(rollout(ev, &opening, &plain))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
