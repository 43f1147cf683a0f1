//! RL environment throughput (`backgammon::env`): random self-play as a PettingZoo-style loop
//! drives it, one agent step being an observation, the legal actions and a step. Was an ignored
//! test printing steps per second; criterion measures it now.

use backgammon::env::OBSERVATION_SIZE;
use backgammon::BackgammonEnv;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::Rng;
use std::hint::black_box;

/// Agent steps per measured iteration.
const STEPS: u64 = 10_000;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("env");
    g.throughput(Throughput::Elements(STEPS));
    g.bench_function("random_self_play (elements = agent steps)", |b| {
        let mut env = BackgammonEnv::new(0);
        let mut rng = engine_core::seeded_rng(1);
        let mut obs = [0.0; OBSERVATION_SIZE];
        let mut games = 0u64;
        b.iter(|| {
            for _ in 0..STEPS {
                if env.terminated() {
                    games += 1;
                    env.reset(games);
                }
                env.observe_into(env.current_agent(), &mut obs);
                black_box(&obs);
                let legal = env.legal_actions();
                let a = legal[rng.random_range(0..legal.len())];
                env.step(a).expect("a legal action");
            }
            games
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
