//! A fixed static-evaluation workload for comparing evaluator versions by CPU time or instruction
//! counts (`perf stat`, `valgrind --tool=cachegrind`), which a loaded machine distorts far less than
//! wall-clock benchmarks do. The same corpus as `benches/eval.rs`.
//!
//! `cargo run --release -p backgammon --example eval_workload -- MODE ITERATIONS [HIDDEN]`:
//! MODE `single` (every position through `evaluate`) or `plays` (every play of every roll through
//! `evaluate_plays`); ITERATIONS passes over the corpus (0 measures the setup alone, to subtract);
//! HIDDEN widens the contact net to that many hidden units (`Net::widened`, same outputs).
//! `EVAL_WEIGHTS=DIR` takes the nets from a weights directory instead of the embedded ones.

use backgammon::eval::{Evaluator, Probabilities, Scratch};
use backgammon::rules::sampling::random_game_positions;
use backgammon::{MoveGenerator, Play, Position, Variant};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("single", String::as_str);
    let iters: usize = args.get(2).map_or(10, |s| s.parse().expect("ITERATIONS"));
    let mut ev = match std::env::var("EVAL_WEIGHTS") {
        Ok(dir) => Evaluator::load_dir(std::path::Path::new(&dir)).expect("EVAL_WEIGHTS holds weights files"),
        Err(_) => Evaluator::embedded().clone(),
    };
    if let Some(h) = args.get(3) {
        ev.nets[0] = ev.nets[0].widened(h.parse().expect("HIDDEN"), 1);
    }
    let corpus = random_game_positions(Variant::Standard, 1000, 2026);
    for p in &corpus {
        black_box(ev.evaluate(p));
    }
    let mut gen = MoveGenerator::new();
    let batches: Vec<(Position, Vec<Play>)> = corpus
        .iter()
        .flat_map(|p| backgammon::rules::dice::ROLLS.iter().map(move |&(a, b, _)| (*p, a, b)))
        .map(|(p, d1, d2)| (p, gen.generate(&p, d1, d2).to_vec()))
        .filter(|(_, plays)| !plays.is_empty())
        .collect();
    let mut scratch = Scratch::default();
    let mut out = vec![Probabilities::default(); 4096];
    let start = Instant::now();
    let mut n = 0u64;
    for _ in 0..iters {
        match mode {
            "single" => {
                for p in &corpus {
                    black_box(ev.evaluate(p));
                }
                n += corpus.len() as u64;
            }
            "plays" => {
                for (p, v) in &batches {
                    ev.evaluate_plays(p, v, &mut scratch, &mut out[..v.len()]);
                    black_box(&out[0]);
                    n += v.len() as u64;
                }
            }
            other => panic!("unknown mode {other}"),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    if n > 0 {
        eprintln!("{mode}: {n} evaluations in {secs:.3}s, {:.0}/s", n as f64 / secs);
    }
}
