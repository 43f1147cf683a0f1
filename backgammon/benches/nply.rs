//! n-ply search throughput with the embedded nets, on 20 positions from seeded random games
//! (each with one seeded roll):
//! - `choose_2ply`: `NPly::choose` at 2 ply with gnubg's normal filters (the chequer play of
//!   "world class", of `tests/tests/chequer_vs_gnubg.rs` and of the trainer's labels);
//! - `choose_2ply_memo`: the same, each choice inside its own `NPly::with_memo`;
//! - `evaluate_2ply`: `NPly::evaluate` of each position at 2 ply (the cubeless half of a 2-ply
//!   cube decision);
//! - `cube_2ply`: `evaluate_position` at 2 ply (money, centred cube): the cubeless value, then the
//!   cubeful walk.
//!
//! Throughput is counted in positions.

use backgammon::cube::decision::{evaluate_position, CubeContext};
use backgammon::eval::nply::{NPly, Settings};
use backgammon::eval::Evaluator;
use backgammon::rules::sampling::random_game_positions;
use backgammon::Variant;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine_core::rng::seeded_rng;
use rand::Rng;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let ev = Evaluator::embedded();
    let positions = random_game_positions(Variant::Standard, 20, 2027);
    let mut rng = seeded_rng(2028);
    let rolls: Vec<(u8, u8)> =
        positions.iter().map(|_| (rng.random_range(1..=6u8), rng.random_range(1..=6u8))).collect();
    let mut search = NPly::new(ev, 1);
    // load the bearoff databases before timing
    for p in &positions {
        black_box(search.evaluate(p, 1));
    }
    let mut group = c.benchmark_group("nply");
    group.sample_size(10).throughput(Throughput::Elements(positions.len() as u64));
    let two = Settings::plies(2);
    group.bench_function("choose_2ply", |b| {
        b.iter(|| {
            for (p, &(d1, d2)) in positions.iter().zip(&rolls) {
                black_box(search.choose(p, d1, d2, &two));
            }
        })
    });
    // the same inside `with_memo`, one memo per choice: what sharing between the survivors'
    // trees would give
    group.bench_function("choose_2ply_memo", |b| {
        b.iter(|| {
            for (p, &(d1, d2)) in positions.iter().zip(&rolls) {
                black_box(search.with_memo(|s| s.choose(p, d1, d2, &two)));
            }
        })
    });
    group.bench_function("evaluate_2ply", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(search.evaluate(p, 2));
            }
        })
    });
    // a 2-ply cube decision (money, centred cube): the cubeless value, then the cubeful walk
    let money = CubeContext::money();
    group.bench_function("cube_2ply", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(evaluate_position(&mut search, p, &money, 2).expect("money play"));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
