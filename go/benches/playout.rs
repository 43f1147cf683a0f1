//! Random legal playouts from the empty board on 19x19 and 9x9 (`go::playout`): the throughput of the
//! board code. Criterion reports time per playout; moves per second is printed once per size.
//!
//! The tree search's simulations per second (`tree_search`, issue 27): a fixed number of simulations
//! from an opening position on 9x9 and 19x19, without prior knowledge (every legal move a root move
//! at an even prior, as `go::genmove::mcts` alone) and with it (the hybrid root of
//! `go::genmove::hybrid`: the classic generation's priors, widening and dead stones; the generation
//! itself is made once, outside the measure), on one thread, on two sharing one tree (`2t`, virtual
//! loss) and on two with a tree each (`2t-root`, root parallelisation). Criterion's throughput is in
//! simulations (playouts) per second, wall clock; one to two threads is the scaling.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use engine_core::rng::seeded_rng;
use go::analysis::reading::Reader;
use go::genmove::mcts::{Budget, Candidate, Parallel, Search};
use go::genmove::{classic, hybrid, scored_moves, Config};
use go::playout::{is_eyelike, playout};
use go::{Board, Color, GoGame, Move, Rules};
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

/// An opening: black on the 3-3/3-4 points and tengen, white on the other corners' (both sizes).
fn opening(size: usize) -> GoGame {
    let mut g = GoGame::new(size, 7.5, Rules::default());
    let b = g.board().clone();
    let far = size as u8 - 3;
    let mid = size as u8 / 2;
    for (i, (c, r)) in [(2, 2), (far, far), (mid, mid), (far, 2), (2, far)].into_iter().enumerate() {
        let color = if i % 2 == 0 { Color::Black } else { Color::White };
        g.play(color, Move::Play(b.point(c, r))).unwrap();
    }
    g
}

fn bench_tree_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("tree_search");
    group.sample_size(10);
    for (size, sims) in [(9usize, 2000usize), (19, 400)] {
        let game = opening(size);
        let board = game.board();
        let color = Color::White;
        let plain: Vec<Candidate> = board
            .points()
            .filter(|&p| board.is_empty(p) && board.is_legal(p, color) && !is_eyelike(board, p, color))
            .map(|p| Candidate::new(p, 0.5))
            .collect();
        let mut rng = seeded_rng(7);
        let generation = classic::generate(&game, color, &mut Reader::new(board), None);
        let scored = scored_moves(&game, color, &mut rng, &Config::default());
        let priors = hybrid::candidates(&game, color, Some(&generation), &scored);
        group.throughput(Throughput::Elements(sims as u64));
        for (name, cands, knowledge) in [("plain", &plain, false), ("priors", &priors, true)] {
            for (threads, parallel, mode) in
                [(1, Parallel::Shared, ""), (2, Parallel::Shared, ""), (2, Parallel::Root, "-root")]
            {
                let mut search = Search::new();
                search.set_parallel(parallel);
                search.set_threads(threads);
                search.set_widening(knowledge);
                search.set_dead(board, if knowledge { &generation.dead } else { &[] });
                let budget = Budget { simulations: sims, ..Budget::default() };
                let id = BenchmarkId::from_parameter(format!("{size}x{size}/{name}/{threads}t{mode}"));
                group.bench_function(id, |bench| {
                    bench.iter(|| search.run(board, color, game.komi(), cands, budget, &mut rng).map(|r| r.best))
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, bench_playouts, bench_tree_search);
criterion_main!(benches);
