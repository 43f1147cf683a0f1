//! The classic move generator's cost per phase (`go::genmove::classic`, issue 25): on seven 19x19
//! positions of GNU Go's `strategy.tst` (the side its test asks for; 12 and 17 are the two where ours
//! is slowest against GNU Go's, see `go::genmove::classic`'s module doc), criterion times **analyse**
//! (worms with the tactical reading, dragons, the owl per unsettled dragon), **gather** (the move
//! reasons, the semeai reads among them), **value** (the influence before the move and after each
//! candidate) and **select**, each phase on the previous phases' results.
//!
//! Every analyse and gather iteration starts cold, as a new position does in a game: a fresh reader
//! and the eye-graph cache cleared ([`eye_graph::clear_cache`]). One cold generation per position is
//! also timed phase by phase and printed first, in CPU seconds of this thread (criterion's figures
//! are wall time: on a shared machine they overstate the cost).
//!
//! GNU Go's whole `genmove` on the same positions: `go/benches/genmove_time.sh` (GNU Go 3.8 at its
//! default level 10, `loadsgf` then `reg_genmove` between two `cputime` calls, one process per
//! position). Measured 2026-11-28 night (CPU seconds, under load; tests 6, 10, 12, 16, 17, 39, 45):
//! GNU Go 3.63 0.42 0.13 2.30 1.46 1.92 3.16 (13.0 in all; an earlier run of the five without 12 and
//! 17: 3.50 0.42 2.27 1.84 2.86); ours (`go-gtp --engine classic`, main acec657) 2.37 0.83 1.85 3.25
//! 5.03 1.16 1.19 (15.7; earlier 2.01 0.76 3.41 1.12 1.21). This bench's cold generation of the same
//! binary's code, the same night (CPU s, analyse / gather / value / select): 6: 1.62 0.24 0.11 0.00;
//! 10: 0.63 0.00 0.04 0.00; 12: 0.69 0.96 0.04 0.00; 16: 1.81 0.86 0.42 0.00; 17: 3.87 0.46 0.55
//! 0.03; 39: 0.94 0.09 0.05 0.00; 45: 0.71 0.37 0.04 0.00 (the moves GTP's `reg_genmove` plays). So
//! the analyse phase (worms, dragons, the owl) is most of ours everywhere but 12, where the gather
//! phase's `more_owl_moves` is; on 12 and 17 GNU Go's whole generation costs less than our analyse
//! phase alone.
//!
//! Run: `cargo bench -p go --bench genmove_phases` (the regression games must be in
//! `../shared/gnugo/regression/games`; without them nothing is measured).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use go::analysis::eye_graph;
use go::analysis::owl::OwlLimits;
use go::analysis::reading::Reader;
use go::genmove::analysed::analyse;
use go::genmove::classic;
use go::genmove::gather::gather;
use go::genmove::selection::{choose, Input, Options};
use go::rules::vertex::format_vertex;
use go::sgf::{self, Until};
use go::{Color, GoGame, Move, Rules};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// `strategy.tst` tests: (test number, game, move number, side to move).
pub const POSITIONS: [(u32, &str, usize, Color); 7] = [
    (6, "incident104.sgf", 63, Color::White),
    (10, "incident108b.sgf", 176, Color::Black),
    (12, "incident108b.sgf", 270, Color::Black),
    (16, "incident121.sgf", 116, Color::Black),
    (17, "incident165.sgf", 108, Color::Black),
    (39, "nicklas/nicklas8.sgf", 96, Color::Black),
    (45, "strategy11.sgf", 127, Color::Black),
];

fn load(game: &str, until: usize) -> Option<GoGame> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/regression/games");
    let text = std::fs::read(dir.join(game)).ok()?;
    sgf::load(&String::from_utf8_lossy(&text), Until::MoveNumber(until), Rules::default()).ok()
}

/// CPU seconds this thread has used (Linux `/proc/thread-self/stat`, user plus system, in ticks of
/// 10 ms); 0 elsewhere.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/thread-self/stat") else { return 0.0 };
    // The fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<f64> = rest.split_whitespace().skip(11).take(2).filter_map(|x| x.parse().ok()).collect();
    f.iter().sum::<f64>() / 100.0
}

fn cold_reader(g: &GoGame) -> Reader {
    eye_graph::clear_cache();
    Reader::new(g.board())
}

fn bench_phases(c: &mut Criterion) {
    let games: Vec<_> = POSITIONS.iter().filter_map(|&(n, f, m, col)| Some((n, f, m, col, load(f, m)?))).collect();
    if games.is_empty() {
        eprintln!("genmove_phases bench: regression games not found, nothing to measure");
        return;
    }
    // One cold generation per position, phase by phase.
    for (n, f, m, col, g) in &games {
        let mut r = cold_reader(g);
        let (w0, t0) = (Instant::now(), cpu_seconds());
        let a = analyse(g.board(), &mut r, OwlLimits::default());
        let t1 = cpu_seconds();
        let reasons = gather(&a, &mut r, *col);
        let t2 = cpu_seconds();
        let valued = classic::value(g, *col, &a, &reasons);
        let t3 = cpu_seconds();
        let input = Input {
            game: g,
            color: *col,
            analysed: &a,
            reasons: &reasons,
            parts: &valued.parts,
            allowed: None,
            our_score: valued.our_score,
        };
        let chosen = choose(&input, &mut r, Options::default()).chosen;
        let (t4, wall) = (cpu_seconds(), w0.elapsed().as_secs_f64());
        let mv = chosen.map_or("PASS".to_string(), |(p, _)| format_vertex(g.board(), Move::Play(p)));
        println!(
            "strategy.tst {n} ({f} {m}, {col:?}): {mv}; CPU s: analyse {:.2}, gather {:.2}, value {:.2} ({} candidates), select {:.2}; total {:.2} (wall {wall:.2})",
            t1 - t0,
            t2 - t1,
            t3 - t2,
            reasons.points().count(),
            t4 - t3,
            t4 - t0,
        );
    }
    let mut group = c.benchmark_group("genmove_phases");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    for (n, _, _, col, g) in &games {
        let col = *col;
        group.bench_function(format!("analyse strategy{n}"), |b| {
            b.iter_batched(
                || cold_reader(g),
                |mut r| analyse(g.board(), &mut r, OwlLimits::default()),
                BatchSize::PerIteration,
            )
        });
        let mut r = cold_reader(g);
        let a = analyse(g.board(), &mut r, OwlLimits::default());
        group.bench_function(format!("gather strategy{n}"), |b| {
            b.iter_batched(|| cold_reader(g), |mut r| gather(&a, &mut r, col), BatchSize::PerIteration)
        });
        let reasons = gather(&a, &mut r, col);
        group.bench_function(format!("value strategy{n}"), |b| b.iter(|| classic::value(g, col, &a, &reasons)));
        let valued = classic::value(g, col, &a, &reasons);
        let input = Input {
            game: g,
            color: col,
            analysed: &a,
            reasons: &reasons,
            parts: &valued.parts,
            allowed: None,
            our_score: valued.our_score,
        };
        // The selection reads (the blunder check): a warm reader, as after the gather phase.
        group.bench_function(format!("select strategy{n}"), |b| b.iter(|| choose(&input, &mut r, Options::default())));
    }
    group.finish();
}

criterion_group!(benches, bench_phases);
criterion_main!(benches);
