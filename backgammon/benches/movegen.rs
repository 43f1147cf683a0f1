//! Legal play generation throughput: all plays for all 21 rolls over a fixed corpus of 1,000
//! positions from seeded random games. The corpus is written to target/movegen-corpus.txt so
//! `tests/python/movegen_bench.py` can time gnubg's generator on the same positions.

use backgammon::rules::dice::ROLLS;
use backgammon::rules::sampling::random_game_positions;
use backgammon::{MoveGenerator, Variant};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let corpus = random_game_positions(Variant::Standard, 1000, 2026);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target");
    let ids: String = corpus.iter().map(|p| p.id() + "\n").collect();
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join("movegen-corpus.txt"), ids);

    let mut gen = MoveGenerator::new();
    let total_plays: usize = corpus
        .iter()
        .flat_map(|p| ROLLS.iter().map(move |&(a, b, _)| (p, a, b)))
        .map(|(p, a, b)| gen.generate(p, a, b).len())
        .sum();
    eprintln!("corpus: {} positions, {} roll answers, {} plays per pass", corpus.len(), corpus.len() * 21, total_plays);

    let mut g = c.benchmark_group("movegen");
    g.throughput(Throughput::Elements((corpus.len() * 21) as u64));
    g.bench_function("corpus_all_rolls (elements = roll answers)", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &corpus {
                for &(d1, d2, _) in &ROLLS {
                    n += gen.generate(black_box(p), d1, d2).len();
                }
            }
            n
        })
    });
    let opening = Variant::Standard.starting_position();
    g.throughput(Throughput::Elements(21));
    g.bench_function("opening_all_rolls (elements = roll answers)", |b| {
        b.iter(|| {
            let mut n = 0;
            for &(d1, d2, _) in &ROLLS {
                n += gen.generate(black_box(&opening), d1, d2).len();
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
