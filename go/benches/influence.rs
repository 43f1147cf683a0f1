//! Influence function speed (`go::analysis::influence`): one whole-board influence computation
//! (`Influence::recompute`, buffers reused, the patterns' effects known: `influence/…`) and the same with
//! the influence patterns matched and their constraints read first (`PatternEffects::of_position`, a fresh
//! reader each time: `influence+patterns/…`) on finished and middle-game positions from GNU Go's scoring
//! regression games (`../shared/gnugo/regression/games/scoring`), every stone a source of full strength
//! (dragon status is decided before and outside the timed loop in the engine). For GNU Go's time on
//! the same positions, time its `move_influence` (one influence computation per command) through
//! `gnugo --mode gtp`, as the report of issue 24 does.

use criterion::{criterion_group, criterion_main, Criterion};
use go::analysis::influence::{Influence, PatternEffects, DEFAULT_STRENGTH};
use go::rules::stone::ARRAY;
use go::sgf::{self, Until};
use go::{Board, Color, Rules};
use std::path::PathBuf;

/// (game, load up to move, 0 for all): a finished game and the same game in its middle.
const CASES: [(&str, usize); 2] = [("score10.sgf", 0), ("score10.sgf", 120)];

fn positions() -> Vec<(Board, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/regression/games/scoring");
    let mut out = Vec::new();
    for (file, until) in CASES {
        let Ok(text) = std::fs::read(dir.join(file)) else { continue };
        let text = String::from_utf8_lossy(&text);
        let Ok(game) = sgf::load(&text, Until::MoveNumber(until), Rules::default()) else { continue };
        out.push((game.board().clone(), format!("{file}@{until}")));
    }
    out
}

fn bench_influence(c: &mut Criterion) {
    let cases = positions();
    if cases.is_empty() {
        eprintln!("influence bench: regression games not found, nothing to measure");
        return;
    }
    let dead = vec![false; ARRAY];
    for (b, name) in &cases {
        let mut strength = vec![0f32; ARRAY];
        for p in b.points() {
            if b.color(p).is_some() {
                strength[usize::from(p)] = DEFAULT_STRENGTH;
            }
        }
        let effects = PatternEffects::of_position(b, &dead, &strength, Color::Black, true);
        let mut inf = Influence::compute_with(b, &dead, &strength, &effects);
        c.bench_function(&format!("influence/{name}"), |bench| {
            bench.iter(|| inf.recompute(b, &dead, &strength, &effects))
        });
        c.bench_function(&format!("influence+patterns/{name}"), |bench| {
            bench.iter(|| {
                let effects = PatternEffects::of_position(b, &dead, &strength, Color::Black, true);
                inf.recompute(b, &dead, &strength, &effects)
            })
        });
    }
}

criterion_group!(benches, bench_influence);
criterion_main!(benches);
