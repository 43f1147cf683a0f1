//! Tactical reading in a corner fight (`go::analysis::reading`): the 19x19 position of the lead's `c19b.gtp`
//! (black C18-B17-C17-D17 against white C19, B18, A17 and B16 in the upper left corner), where the reader's
//! trees were 10 to 1000 times larger than GNU Go's. After each of five white moves (as GTP's `trymove`)
//! `attack C19` is read with a cold cache, then `defend C19` at the root; the answer and nodes of each are
//! printed once next to GNU Go 3.8's (its nodes from `get_reading_node_counter`), and Criterion times the
//! six reads together.

use criterion::{criterion_group, criterion_main, Criterion};
use go::analysis::reading::Reader;
use go::rules::vertex::{format_vertex, parse_vertex};
use go::{Board, Color, Move, Point};
use std::time::Instant;

/// The moves of `c19b.gtp`, white first.
const SETUP: [&str; 19] = [
    "E17", "D17", "D18", "C18", "C14", "E16", "E18", "F17", "F18", "G17", "B16", "G18", "B18", "B17", "C19", "C17",
    "A17", "B15", "B14",
];

/// White's tries before `attack C19`, with GNU Go 3.8's answer and reading nodes.
const TRIES: [(&str, &str, u64); 5] =
    [("B19", "0", 2065), ("D19", "0", 5020), ("D16", "0", 6), ("A16", "0", 31), ("A18", "0", 277)];

fn point(b: &Board, v: &str) -> Point {
    match parse_vertex(v, b) {
        Some(Move::Play(p)) => p,
        _ => panic!("bad vertex {v}"),
    }
}

fn position() -> Board {
    let mut b = Board::new(19);
    for (i, v) in SETUP.iter().enumerate() {
        let color = if i % 2 == 0 { Color::White } else { Color::Black };
        let p = point(&b, v);
        b.play(Move::Play(p), color).expect("a legal setup move");
    }
    b
}

/// `attack C19` after white's `try` (or `defend C19` at the root when `try` is `None`): the answer and nodes.
fn read(b: &Board, try_: Option<&str>) -> (String, u64) {
    let mut r = Reader::new(b);
    let c19 = point(b, "C19");
    let answer = |code, mv: Option<Point>| {
        let mv = mv.map_or(String::new(), |m| format!(" {}", format_vertex(b, Move::Play(m))));
        format!("{}{mv}", go::analysis::read_result::ReadResult::gtp_code(code))
    };
    match try_ {
        Some(t) => {
            assert!(r.trymove(point(b, t), Color::White));
            let (code, mv) = r.attack(c19);
            (answer(code, mv), r.nodes)
        }
        None => {
            let (code, mv) = r.defend(c19);
            (answer(code, mv), r.nodes)
        }
    }
}

fn bench_corner(c: &mut Criterion) {
    let b = position();
    let mut total = 0;
    for (t, gnugo, gnugo_nodes) in TRIES {
        let clock = Instant::now();
        let (answer, nodes) = read(&b, Some(t));
        total += nodes;
        println!(
            "after W {t}: attack C19 = {answer} in {nodes} nodes, {:.0} us (GNU Go 3.8: {gnugo} in {gnugo_nodes})",
            clock.elapsed().as_secs_f64() * 1e6
        );
    }
    let clock = Instant::now();
    let (answer, nodes) = read(&b, None);
    total += nodes;
    println!(
        "root: defend C19 = {answer} in {nodes} nodes, {:.0} us (GNU Go 3.8: 1 D16 in 7)",
        clock.elapsed().as_secs_f64() * 1e6
    );
    println!("corner reads: {total} nodes (GNU Go 3.8: 7406)");
    c.bench_function("reading/corner-c19", |bench| {
        bench.iter(|| {
            for (t, _, _) in TRIES {
                read(&b, Some(t));
            }
            read(&b, None);
        })
    });
}

criterion_group!(benches, bench_corner);
criterion_main!(benches);
