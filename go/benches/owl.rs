//! Owl reading speed (`go::analysis::owl`): `owl_attack` of one dragon from GNU Go's owl regression
//! (owl.tst 1: `incident66.sgf` at move 52, `owl_attack D8`), each read with a fresh reader. Criterion
//! reports the time per read; the answer, owl nodes and time of one read are printed once. GNU Go's time
//! on the same position: `loadsgf games/incident66.sgf 52` then `owl_attack D8` through
//! `gnugo --mode gtp`, timed with `cputime` before and after (see the report of issue 24).

use criterion::{criterion_group, criterion_main, Criterion};
use go::analysis::owl::{self, OwlLimits};
use go::analysis::reading::Reader;
use go::rules::vertex::{format_vertex, parse_vertex};
use go::sgf::{self, Until};
use go::{Board, Move, Point, Rules};
use std::path::PathBuf;
use std::time::Instant;

/// The position and the dragon's stone, when the regression games are present.
fn position() -> Option<(Board, Point)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/regression/games");
    let text = std::fs::read(dir.join("incident66.sgf")).ok()?;
    let game = sgf::load(&String::from_utf8_lossy(&text), Until::MoveNumber(52), Rules::default()).ok()?;
    let b = game.board().clone();
    match parse_vertex("D8", &b) {
        Some(Move::Play(p)) if b.color(p).is_some() => Some((b, p)),
        _ => None,
    }
}

fn bench_owl_attack(c: &mut Criterion) {
    let Some((b, p)) = position() else {
        eprintln!("owl bench: regression games not found, nothing to measure");
        return;
    };
    owl::reset_node_counter();
    let t = Instant::now();
    let (code, mv) = owl::attack_dragon(&mut Reader::new(&b), &b, p, OwlLimits::default());
    let dt = t.elapsed().as_secs_f64();
    let mv = mv.map_or(String::new(), |m| format_vertex(&b, Move::Play(m)));
    println!("incident66.sgf 52 owl_attack D8: {code} {mv}  {} owl nodes  {:.1} ms", owl::node_counter(), dt * 1e3);
    c.bench_function("owl_attack incident66 D8", |bench| {
        bench.iter(|| owl::attack_dragon(&mut Reader::new(&b), &b, p, OwlLimits::default()))
    });
}

criterion_group!(benches, bench_owl_attack);
criterion_main!(benches);
