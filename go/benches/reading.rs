//! Tactical reading speed (`go::analysis::reading`): `attack` on a fixed set of strings from GNU Go's reading
//! regression games (`../shared/gnugo/regression/games`), each with a cold cache. Criterion reports the
//! time per attack; the answer, nodes and time of each case and nodes per second over the whole set are
//! printed once. For GNU Go's figures run `tests/python/gnugo_reading_bench.py` (the same commands
//! through `gnugo --mode gtp` with `get_reading_node_counter`).

use criterion::{criterion_group, criterion_main, Criterion};
use go::analysis::reading::Reader;
use go::rules::vertex::parse_vertex;
use go::sgf::{self, Until};
use go::{Board, Move, Point, Rules};
use std::path::PathBuf;
use std::time::Instant;

/// (game, load up to move, string to attack), from reading.tst.
const CASES: [(&str, usize, &str); 8] = [
    ("incident2.sgf", 212, "E3"),
    ("incident79.sgf", 168, "L19"),
    ("incident64.sgf", 52, "F7"),
    ("incident80.sgf", 141, "T10"),
    ("incident82.sgf", 184, "B16"),
    ("incident114.sgf", 36, "S4"),
    ("incident231.sgf", 206, "B4"),
    ("incident85.sgf", 214, "H17"),
];

/// The cases whose games were found: position, string, and the case's name for the per-case lines.
fn positions() -> Vec<(Board, Point, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/regression/games");
    let mut out = Vec::new();
    for (file, until, v) in CASES {
        let Ok(text) = std::fs::read(dir.join(file)) else { continue };
        let text = String::from_utf8_lossy(&text);
        let Ok(game) = sgf::load(&text, Until::MoveNumber(until), Rules::default()) else { continue };
        let b = game.board().clone();
        if let Some(Move::Play(p)) = parse_vertex(v, &b) {
            if b.color(p).is_some() {
                out.push((b, p, format!("{file} {until} attack {v}")));
            }
        }
    }
    out
}

fn bench_attack(c: &mut Criterion) {
    let cases = positions();
    if cases.is_empty() {
        eprintln!("reading bench: regression games not found, nothing to measure");
        return;
    }
    let (mut secs, mut nodes) = (0.0, 0u64);
    for (b, p, name) in &cases {
        let t = Instant::now();
        let mut r = Reader::new(b);
        let (code, mv) = r.attack(*p);
        let dt = t.elapsed().as_secs_f64();
        secs += dt;
        nodes += r.nodes;
        let mv = mv.map_or(String::new(), |m| go::rules::vertex::format_vertex(b, Move::Play(m)));
        println!("{name}: {code} {mv}  {} nodes  {:.0} us", r.nodes, dt * 1e6);
    }
    println!("{} attacks: {nodes} nodes in {secs:.3}s, {:.0} nodes/s", cases.len(), nodes as f64 / secs);
    c.bench_function("attack/regression-set", |bench| {
        bench.iter(|| {
            for (b, p, _) in &cases {
                let mut r = Reader::new(b);
                r.attack(*p);
            }
        })
    });
}

criterion_group!(benches, bench_attack);
criterion_main!(benches);
