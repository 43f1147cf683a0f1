//! Self-play TD(λ) training of the evaluator's nets.
//!
//! Each training game is played by 0-ply greedy choice (the play with the best cubeless equity
//! for the mover, as [`Evaluator::best_play`] picks it) with seeded dice. After every move the
//! net of the position that was on roll is moved towards its successor's value (from the same
//! player's view): the exact result when the game ends, the exact bearoff probabilities when the
//! successor is a bearoff position, otherwise the nets' own evaluation. With `lambda == 0` the
//! update is a sparse gradient step; with `lambda > 0` eligibility traces (one per output and
//! net) carry each error back to earlier positions of the game.
//!
//! Parallelism: an *epoch* runs `workers` independent copies of the current nets, each playing
//! `sync_games` games with its own seeded dice (rayon, one task per worker), then the nets are
//! replaced by the element-wise mean of the copies (periodic weight averaging). Worker seeds
//! depend on the run seed, the epoch and the worker number only, and the mean is taken in worker
//! order, so a run is deterministic whatever the number of threads.
//!
//! Checkpoints: `DIR/latest/*.bgw` and `DIR/state.txt` after every checkpoint interval, plus a
//! copy in `DIR/games-NNNNNNNN/`; [`Trainer::resume`] continues from them.
//!
//! This module owns training only; it never changes how positions are evaluated.

// index loops over parallel arrays (board sides, weight rows) read more clearly than zips here
#![allow(clippy::needless_range_loop)]

use super::features::{features, INPUTS};
use super::net::{sigmoid, Net, MAX_HIDDEN, OUTPUTS};
use super::{classify, Evaluator, Probabilities, Scratch};
use crate::movegen::MoveGenerator;
use crate::position::{Position, ON_ROLL};
use crate::variant::Variant;
use engine_core::rng::seeded_rng;
use rand::Rng;
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Training settings.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    pub seed: u64,
    /// Hidden units of the contact, crashed and race nets (new runs only).
    pub hidden: [usize; 3],
    /// Learning rate at the start and at `total_games` (geometric in between).
    pub alpha: f32,
    pub alpha_end: f32,
    pub lambda: f32,
    pub total_games: u64,
    pub workers: usize,
    /// Games each worker plays between weight averagings.
    pub sync_games: u64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            seed: 1,
            hidden: [96, 64, 48],
            alpha: 0.1,
            alpha_end: 0.02,
            lambda: 0.0,
            total_games: 200_000,
            workers: 2,
            sync_games: 250,
        }
    }
}

/// What an epoch did.
#[derive(Clone, Copy, Debug, Default)]
pub struct EpochStats {
    pub games: u64,
    pub plies: u64,
    /// Games ending in a gammon or backgammon.
    pub gammons: u64,
    pub backgammons: u64,
    /// Net updates per class (contact, crashed, race).
    pub updates: [u64; 3],
    /// Sum of |target - output| of the win output over all updates.
    pub abs_error: f64,
}

impl EpochStats {
    fn add(&mut self, o: &EpochStats) {
        self.games += o.games;
        self.plies += o.plies;
        self.gammons += o.gammons;
        self.backgammons += o.backgammons;
        for k in 0..3 {
            self.updates[k] += o.updates[k];
        }
        self.abs_error += o.abs_error;
    }

    /// Mean absolute TD error of the win output.
    pub fn mean_error(&self) -> f64 {
        let n: u64 = self.updates.iter().sum();
        if n == 0 {
            0.0
        } else {
            self.abs_error / n as f64
        }
    }
}

/// A training run.
pub struct Trainer {
    pub config: TrainConfig,
    pub eval: Evaluator,
    pub games: u64,
    pub epoch: u64,
}

/// Why a run could not resume.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    #[error("{path}: {message}")]
    State { path: String, message: String },
    #[error(transparent)]
    Weights(#[from] super::net::WeightsError),
}

impl Trainer {
    /// A new run with seeded random nets.
    pub fn new(config: TrainConfig) -> Trainer {
        let nets = [0, 1, 2].map(|c| Net::new_random(c as u32, config.hidden[c], config.seed.wrapping_add(c as u64)));
        Trainer { config, eval: Evaluator::from_nets(nets).expect("class order"), games: 0, epoch: 0 }
    }

    /// Continues the run checkpointed in `dir`, or `None` when there is no checkpoint.
    pub fn resume(config: TrainConfig, dir: &Path) -> Result<Option<Trainer>, ResumeError> {
        let state = dir.join("state.txt");
        let Ok(text) = std::fs::read_to_string(&state) else { return Ok(None) };
        let bad = |message: String| ResumeError::State { path: state.display().to_string(), message };
        let (mut games, mut epoch) = (None, None);
        for (n, line) in text.lines().enumerate() {
            let mut f = line.split_whitespace();
            let (Some(key), Some(value)) = (f.next(), f.next()) else { continue };
            let parsed = value.parse::<u64>().map_err(|e| bad(format!("line {}: {e}", n + 1)));
            match key {
                "games" => games = Some(parsed?),
                "epoch" => epoch = Some(parsed?),
                _ => {}
            }
        }
        let (Some(games), Some(epoch)) = (games, epoch) else {
            return Err(bad("missing `games` or `epoch`".into()));
        };
        let eval = Evaluator::load_dir(&dir.join("latest"))?;
        Ok(Some(Trainer { config, eval, games, epoch }))
    }

    /// The learning rate after `games` games.
    pub fn alpha(&self) -> f32 {
        let c = &self.config;
        let t = (self.games as f64 / c.total_games.max(1) as f64).min(1.0);
        (f64::from(c.alpha) * (f64::from(c.alpha_end) / f64::from(c.alpha)).powf(t)) as f32
    }

    /// Plays one epoch on all workers and averages their nets.
    pub fn run_epoch(&mut self) -> EpochStats {
        let alpha = self.alpha();
        let c = self.config.clone();
        let epoch = self.epoch;
        let base = &self.eval;
        let results: Vec<(Evaluator, EpochStats)> = (0..c.workers.max(1))
            .into_par_iter()
            .map(|w| {
                let seed =
                    c.seed ^ epoch.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (w as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
                let mut worker = Worker::new(base.clone(), seed, alpha, c.lambda);
                let mut stats = EpochStats::default();
                for _ in 0..c.sync_games {
                    worker.play_game(&mut stats);
                }
                (worker.eval, stats)
            })
            .collect();
        let mut stats = EpochStats::default();
        for (_, s) in &results {
            stats.add(s);
        }
        self.eval = average(&results.iter().map(|(e, _)| e).collect::<Vec<_>>());
        self.games += stats.games;
        for n in &mut self.eval.nets {
            n.games = self.games;
        }
        self.epoch += 1;
        stats
    }

    /// Writes `dir/latest`, `dir/state.txt` and a copy under `dir/games-NNNNNNNN`.
    pub fn checkpoint(&self, dir: &Path) -> std::io::Result<PathBuf> {
        let snap = dir.join(format!("games-{:08}", self.games));
        self.eval.save_dir(&snap)?;
        self.eval.save_dir(&dir.join("latest"))?;
        let c = &self.config;
        let state = format!(
            "games {}\nepoch {}\nseed {}\nalpha {}\nalpha_end {}\nlambda {}\ntotal_games {}\nworkers {}\nsync_games {}\n",
            self.games, self.epoch, c.seed, c.alpha, c.alpha_end, c.lambda, c.total_games, c.workers, c.sync_games
        );
        let tmp = dir.join("state.tmp");
        std::fs::write(&tmp, state)?;
        std::fs::rename(tmp, dir.join("state.txt"))?;
        Ok(snap)
    }
}

/// Element-wise mean of evaluators with identical shapes.
pub fn average(evals: &[&Evaluator]) -> Evaluator {
    let mut out = evals[0].clone();
    let n = evals.len() as f32;
    for c in 0..3 {
        let net = &mut out.nets[c];
        let mean = |dst: &mut [f32], get: &dyn Fn(&Net) -> &[f32]| {
            for (i, d) in dst.iter_mut().enumerate() {
                *d = evals.iter().map(|e| get(&e.nets[c])[i]).sum::<f32>() / n;
            }
        };
        mean(&mut net.w1, &|x| &x.w1);
        mean(&mut net.b1, &|x| &x.b1);
        mean(&mut net.w2, &|x| &x.w2);
        mean(&mut net.b2, &|x| &x.b2);
    }
    out
}

/// One worker's state: its nets, dice and buffers.
struct Worker {
    eval: Evaluator,
    rng: engine_core::rng::GameRng,
    alpha: f32,
    lambda: f32,
    gen: MoveGenerator,
    scratch: Scratch,
    buf: Vec<Probabilities>,
    /// eligibility traces per net: `OUTPUTS` blocks of the net's parameter count (lambda > 0 only)
    traces: [Vec<f32>; 3],
    x: [f32; INPUTS],
}

impl Worker {
    fn new(eval: Evaluator, seed: u64, alpha: f32, lambda: f32) -> Worker {
        let traces = if lambda > 0.0 {
            [0, 1, 2].map(|c| vec![0f32; OUTPUTS * eval.nets[c].parameters()])
        } else {
            Default::default()
        };
        Worker {
            eval,
            rng: seeded_rng(seed),
            alpha,
            lambda,
            gen: MoveGenerator::new(),
            scratch: Scratch::default(),
            buf: Vec::with_capacity(64),
            traces,
            x: [0.0; INPUTS],
        }
    }

    fn play_game(&mut self, stats: &mut EpochStats) {
        for t in &mut self.traces {
            t.fill(0.0);
        }
        let mut pos = Variant::Standard.starting_position();
        for _ in 0..10_000 {
            let (d1, d2) = (self.rng.random_range(1..=6u8), self.rng.random_range(1..=6u8));
            let chosen = self
                .eval
                .best_play(&mut self.gen, &pos, d1, d2, &mut self.scratch, &mut self.buf)
                .map(|(play, p)| (*play.result(), p));
            let (after, target) = match chosen {
                Some(x) => x,
                None => (pos, self.eval.evaluate(&pos.swapped()).flipped()),
            };
            stats.plies += 1;
            if let Some(c) = classify(&pos).net() {
                self.update(c, &pos, &target, stats);
            }
            if after.chequers_in_play(ON_ROLL) == 0 {
                stats.games += 1;
                if target.0[1] > 0.5 {
                    stats.gammons += 1;
                }
                if target.0[2] > 0.5 {
                    stats.backgammons += 1;
                }
                return;
            }
            pos = after.swapped();
        }
        stats.games += 1;
    }

    /// Moves net `c`'s output for `pos` towards `target`.
    fn update(&mut self, c: usize, pos: &Position, target: &Probabilities, stats: &mut EpochStats) {
        features(pos, &mut self.x);
        let net = &mut self.eval.nets[c];
        let h = net.hidden;
        let mut hid = [0f32; MAX_HIDDEN];
        let acc = net.accumulate(&self.x);
        for j in 0..h {
            hid[j] = sigmoid(acc.sums[j]);
        }
        let mut out = [0f32; OUTPUTS];
        for (k, o) in out.iter_mut().enumerate() {
            let row = &net.w2[k * h..k * h + h];
            *o = sigmoid(net.b2[k] + row.iter().zip(&hid[..h]).map(|(w, x)| w * x).sum::<f32>());
        }
        let mut delta = [0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            delta[k] = target.0[k] - out[k];
        }
        stats.updates[c] += 1;
        stats.abs_error += f64::from(delta[0].abs());
        let alpha = self.alpha;
        if self.lambda <= 0.0 {
            // sparse TD(0) step: gradient of 0.5 * sum_k delta_k^2
            let mut dh = [0f32; MAX_HIDDEN];
            for k in 0..OUTPUTS {
                let g = delta[k] * out[k] * (1.0 - out[k]);
                let row = &mut net.w2[k * h..k * h + h];
                for j in 0..h {
                    dh[j] += g * row[j];
                    row[j] += alpha * g * hid[j];
                }
                net.b2[k] += alpha * g;
            }
            for j in 0..h {
                dh[j] *= hid[j] * (1.0 - hid[j]) * alpha;
                net.b1[j] += dh[j];
            }
            for (i, &v) in self.x.iter().enumerate() {
                if v != 0.0 {
                    let row = &mut net.w1[i * h..i * h + h];
                    for j in 0..h {
                        row[j] += v * dh[j];
                    }
                }
            }
            return;
        }
        // TD(lambda): decay every net's traces, add this net's output gradients, then step every
        // net along its traces weighted by this step's errors.
        let lambda = self.lambda;
        for t in &mut self.traces {
            for v in t.iter_mut() {
                *v *= lambda;
            }
        }
        let np = net.parameters();
        let (n1, nb1, n2) = (net.w1.len(), net.b1.len(), net.w2.len());
        for k in 0..OUTPUTS {
            let t = &mut self.traces[c][k * np..(k + 1) * np];
            let g = out[k] * (1.0 - out[k]);
            let (tw1, rest) = t.split_at_mut(n1);
            let (tb1, rest) = rest.split_at_mut(nb1);
            let (tw2, tb2) = rest.split_at_mut(n2);
            let w2row = &net.w2[k * h..k * h + h];
            let mut gh = [0f32; MAX_HIDDEN];
            for j in 0..h {
                gh[j] = g * w2row[j] * hid[j] * (1.0 - hid[j]);
                tb1[j] += gh[j];
                tw2[k * h + j] += g * hid[j];
            }
            tb2[k] += g;
            for (i, &v) in self.x.iter().enumerate() {
                if v != 0.0 {
                    let row = &mut tw1[i * h..i * h + h];
                    for j in 0..h {
                        row[j] += v * gh[j];
                    }
                }
            }
        }
        for (cc, net) in self.eval.nets.iter_mut().enumerate() {
            let np = net.parameters();
            let t = &self.traces[cc];
            let (n1, nb1, n2) = (net.w1.len(), net.b1.len(), net.w2.len());
            for k in 0..OUTPUTS {
                let step = alpha * delta[k];
                let tk = &t[k * np..(k + 1) * np];
                for (w, e) in net.w1.iter_mut().zip(&tk[..n1]) {
                    *w += step * e;
                }
                for (w, e) in net.b1.iter_mut().zip(&tk[n1..n1 + nb1]) {
                    *w += step * e;
                }
                for (w, e) in net.w2.iter_mut().zip(&tk[n1 + nb1..n1 + nb1 + n2]) {
                    *w += step * e;
                }
                for (w, e) in net.b2.iter_mut().zip(&tk[n1 + nb1 + n2..]) {
                    *w += step * e;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn training_is_deterministic_and_moves_the_weights() {
        let config = TrainConfig { hidden: [8, 8, 8], sync_games: 3, total_games: 100, ..TrainConfig::default() };
        let mut a = Trainer::new(config.clone());
        let mut b = Trainer::new(config);
        let before = a.eval.nets[0].clone();
        let sa = a.run_epoch();
        let sb = b.run_epoch();
        assert_eq!(sa.games, 6);
        assert_eq!(sa.plies, sb.plies);
        assert_eq!(a.eval.nets, b.eval.nets);
        assert_ne!(a.eval.nets[0].w1, before.w1);
        assert_eq!(a.games, 6);
    }

    #[test]
    fn td_lambda_runs_and_checkpoints_resume() {
        let config = TrainConfig { hidden: [4, 4, 4], sync_games: 1, lambda: 0.7, ..TrainConfig::default() };
        let mut t = Trainer::new(config.clone());
        t.run_epoch();
        let dir = std::env::temp_dir().join(format!("bg-train-test-{}", std::process::id()));
        t.checkpoint(&dir).unwrap();
        let r = Trainer::resume(config.clone(), &dir).unwrap().expect("checkpoint found");
        assert_eq!(r.games, t.games);
        assert_eq!(r.epoch, 1);
        assert_eq!(r.eval.nets, t.eval.nets);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(Trainer::resume(config, &dir).unwrap().is_none());
    }
}
