//! Static evaluation throughput with the embedded nets over a fixed corpus of 1,000 positions
//! from seeded random games:
//! - `single`: `Evaluator::evaluate` position by position (classification, inputs, net);
//! - `plays/incremental`: all plays of all 21 rolls of each position through
//!   `Evaluator::evaluate_plays` (one accumulator per roll, updated per play), throughput counted
//!   in evaluated plays;
//! - `plays/one-by-one`: the same plays evaluated one `evaluate` call each, for comparison.
//!
//! `EVAL_BENCH_WEIGHTS=DIR` measures the nets of a weights directory instead of the embedded ones
//! (for comparing versions on the same nets); `EVAL_BENCH_CONTACT_HIDDEN=128` widens the contact net to that many hidden units
//! (`Net::widened`: the same outputs, the cost of a bigger net) until trained weights of that size
//! exist; unset, the embedded nets are measured as shipped.
//!
//! Compare with gnubg's `calibrate` command (`/usr/games/gnubg -t`, then `calibrate`), which
//! reports static evaluations per second on this machine.

use backgammon::eval::{Evaluator, Probabilities, Scratch, CONTACT};
use backgammon::rules::sampling::random_game_positions;
use backgammon::{MoveGenerator, Play, Position, Variant};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn rolls() -> Vec<(u8, u8)> {
    backgammon::rules::dice::ROLLS.iter().map(|&(a, b, _)| (a, b)).collect()
}

fn bench(c: &mut Criterion) {
    let mut ev = match std::env::var("EVAL_BENCH_WEIGHTS") {
        Ok(dir) => Evaluator::load_dir(std::path::Path::new(&dir)).expect("EVAL_BENCH_WEIGHTS holds weights files"),
        Err(_) => Evaluator::embedded().clone(),
    };
    if let Ok(h) = std::env::var("EVAL_BENCH_CONTACT_HIDDEN") {
        let h = h.parse().expect("EVAL_BENCH_CONTACT_HIDDEN is a hidden layer size");
        ev.nets[CONTACT] = ev.nets[CONTACT].widened(h, 1);
    }
    let ev = &ev;
    let corpus = random_game_positions(Variant::Standard, 1000, 2026);
    // solve the bearoff database before timing
    for p in &corpus {
        black_box(ev.evaluate(p));
    }
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(corpus.len() as u64));
    group.bench_function("single", |b| {
        b.iter(|| {
            for p in &corpus {
                black_box(ev.evaluate(p));
            }
        })
    });
    let mut gen = MoveGenerator::new();
    let batches: Vec<(Position, Vec<Play>)> = corpus
        .iter()
        .flat_map(|p| rolls().into_iter().map(move |r| (*p, r)))
        .map(|(p, (d1, d2))| (p, gen.generate(&p, d1, d2).to_vec()))
        .filter(|(_, plays)| !plays.is_empty())
        .collect();
    let plays: u64 = batches.iter().map(|(_, v)| v.len() as u64).sum();
    group.throughput(Throughput::Elements(plays));
    let mut scratch = Scratch::default();
    let mut out = vec![Probabilities::default(); 4096];
    group.bench_function("plays/incremental", |b| {
        b.iter(|| {
            for (p, v) in &batches {
                ev.evaluate_plays(p, v, &mut scratch, &mut out[..v.len()]);
                black_box(&out[0]);
            }
        })
    });
    group.bench_function("plays/one-by-one", |b| {
        b.iter(|| {
            for (_, v) in &batches {
                for play in v {
                    black_box(ev.evaluate(&play.result().swapped()));
                }
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
