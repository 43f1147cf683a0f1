//! Training of the evaluator's nets: self-play TD(λ) and supervised expert iteration.
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
//! Supervised expert iteration ([`run_supervised`]): positions sampled from 0-ply self-play of
//! the current nets are labelled with the same nets' 1-ply values (the mean over the 21 rolls of
//! the best play's 0-ply value, exact in bearoff and finished successors), and each net is fitted
//! to its class's labels by minibatch Adam on the cross-entropy of its sigmoid outputs; repeated,
//! each iteration learns from a lookahead of the previous one. With `rollout_crashed`, crashed
//! positions are labelled by short rollouts instead ([`relabel_by_rollouts`]): the nets'
//! lookahead cannot correct a class they misjudge as a whole, a rollout that plays it out can.
//! [`fit_files`] fits chosen nets to the samples earlier runs left on disk.
//!
//! This module owns training only; it never changes how positions are evaluated.

// index loops over parallel arrays (board sides, weight rows) read more clearly than zips here
#![allow(clippy::needless_range_loop)]

use backgammon::eval::features::{features, INPUTS};
use backgammon::eval::net::{sigmoid, Net, MAX_HIDDEN, OUTPUTS};
use backgammon::eval::nply::{MoveFilter, NPly, Settings};
use backgammon::eval::{classify, Evaluator, Probabilities, Scratch};
use backgammon::rules::movegen::MoveGenerator;
use backgammon::rules::position::{Position, ON_ROLL};
use backgammon::rules::variant::Variant;
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

/// The largest `state.txt` a training run resumes from: [`Trainer::checkpoint`] writes about
/// 150 bytes.
pub const MAX_TRAIN_STATE_BYTES: u64 = 64 * 1024;

/// A learning rate (`--alpha`, `--alpha-end`, `--lr`, and in `state.txt`): finite, 0 or more.
pub fn check_rate(x: f32) -> Result<f32, String> {
    if x.is_finite() && x >= 0.0 {
        Ok(x)
    } else {
        Err(format!("{x} is not a finite number of 0 or more"))
    }
}

/// TD(λ)'s λ (`--lambda`, and in `state.txt`): from 0 to 1.
pub fn check_lambda(x: f32) -> Result<f32, String> {
    if (0.0..=1.0).contains(&x) {
        Ok(x)
    } else {
        Err(format!("{x} is not a number from 0 to 1"))
    }
}

/// Reads a `state.txt` as [`Trainer::checkpoint`] writes it: one `key value` per line, every key
/// once (`games`, `epoch`, `seed`, `alpha`, `alpha_end`, `lambda`, `total_games`, `workers`,
/// `sync_games`), each value checked as the command line checks it. Returns (games, epoch), the
/// progress a run resumes with (the settings are the command line's); errors carry the line.
pub fn parse_train_state(text: &str) -> Result<(u64, u64), (usize, String)> {
    const KEYS: [&str; 9] =
        ["games", "epoch", "seed", "alpha", "alpha_end", "lambda", "total_games", "workers", "sync_games"];
    let mut seen = [false; KEYS.len()];
    let (mut games, mut epoch) = (0, 0);
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        let mut f = line.split_whitespace();
        let (key, value) = match (f.next(), f.next(), f.next()) {
            (None, _, _) => continue,
            (Some(k), Some(v), None) => (k, v),
            _ => {
                return Err((
                    line_no,
                    format!("expected \"key value\", found {:?}", engine_core::limits::excerpt(line)),
                ))
            }
        };
        let Some(k) = KEYS.iter().position(|&known| known == key) else {
            return Err((line_no, format!("unknown key {:?}", engine_core::limits::excerpt(key))));
        };
        if std::mem::replace(&mut seen[k], true) {
            return Err((line_no, format!("{key} is given twice")));
        }
        let bad = |e: String| (line_no, format!("{key}: {e}"));
        let integer =
            || value.parse::<u64>().map_err(|e| bad(format!("{:?}: {e}", engine_core::limits::excerpt(value))));
        let float = || value.parse::<f32>().map_err(|e| bad(format!("{:?}: {e}", engine_core::limits::excerpt(value))));
        match key {
            "games" => games = integer()?,
            "epoch" => epoch = integer()?,
            "alpha" | "alpha_end" => {
                check_rate(float()?).map_err(bad)?;
            }
            "lambda" => {
                check_lambda(float()?).map_err(bad)?;
            }
            _ => {
                integer()?;
            }
        }
    }
    if let Some(k) = seen.iter().position(|s| !s) {
        return Err((text.lines().count().max(1), format!("missing {}", KEYS[k])));
    }
    Ok((games, epoch))
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
    Weights(#[from] backgammon::eval::net::WeightsError),
}

impl Trainer {
    /// A new run with seeded random nets.
    pub fn new(config: TrainConfig) -> Trainer {
        let nets = [0, 1, 2].map(|c| Net::new_random(c as u32, config.hidden[c], config.seed.wrapping_add(c as u64)));
        Trainer { config, eval: Evaluator::from_nets(nets).expect("class order"), games: 0, epoch: 0 }
    }

    /// Continues the run checkpointed in `dir`, or `None` when there is no checkpoint (no
    /// `state.txt`). A `state.txt` that cannot be read or is damaged is an error, never taken for
    /// "no checkpoint": the run would start again and overwrite the checkpoints.
    pub fn resume(config: TrainConfig, dir: &Path) -> Result<Option<Trainer>, ResumeError> {
        use engine_core::limits::{read_to_string_limited, ReadError};
        let state = dir.join("state.txt");
        let bad = |message: String| ResumeError::State { path: state.display().to_string(), message };
        let text = match read_to_string_limited(&state, MAX_TRAIN_STATE_BYTES) {
            Ok(text) => text,
            Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(bad(e.to_string())),
        };
        let (games, epoch) = parse_train_state(&text).map_err(|(line, m)| bad(format!("line {line}: {m}")))?;
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
        engine_core::atomic_file::write_atomic(&dir.join("state.txt"), state.as_bytes())?;
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

// ---------------------------------------------------------------------------------------------
// Supervised training on 1-ply targets of our own nets (expert iteration)
// ---------------------------------------------------------------------------------------------

/// Settings of [`run_supervised`].
#[derive(Clone, Debug, PartialEq)]
pub struct SupervisedConfig {
    pub seed: u64,
    /// Iterations to reach (each: new positions, their targets, a fit).
    pub iterations: u32,
    /// Positions sampled from self-play per iteration.
    pub positions: usize,
    /// Passes over an iteration's positions.
    pub epochs: usize,
    /// Adam step size at the first and the last epoch (geometric in between).
    pub lr: f32,
    pub lr_end: f32,
    /// Minibatch size.
    pub batch: usize,
    /// How self-play chooses its moves and which positions it records.
    pub recording: Recording,
    /// Share of the positions held out to measure the fit.
    pub holdout: f64,
    /// Lookahead of the targets: 1 (the best play of each roll at 0 ply) or 2 (see [`lookahead_settings`]).
    pub label_plies: u8,
    /// At 2 ply, the plays of each roll (best first at 0 ply) whose 1-ply values are compared.
    pub label_keep: usize,
    /// Earlier iterations whose samples are fitted again with the new ones.
    pub history: u32,
    /// When not 0, crashed positions are labelled by rollouts of this many games
    /// ([`relabel_by_rollouts`]) instead of the nets' lookahead.
    pub rollout_crashed: u64,
    /// Fit the output layer only (the hidden layer kept): recalibrates what the nets' hidden
    /// units already see against other targets (rollouts) with few parameters.
    pub output_only: bool,
}

impl Default for SupervisedConfig {
    fn default() -> Self {
        SupervisedConfig {
            seed: 1,
            iterations: 1,
            positions: 200_000,
            epochs: 4,
            lr: 5e-4,
            lr_end: 5e-5,
            batch: 128,
            recording: Recording { explore: 0.05, alternatives: 0.0, siblings: 1 },
            holdout: 0.05,
            label_plies: 1,
            label_keep: 1,
            history: 0,
            rollout_crashed: 0,
            output_only: false,
        }
    }
}

/// A training example: a position (player on roll) and its target probabilities.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub pos: Position,
    pub target: Probabilities,
}

/// What the supervised trainer reports to its caller (for a progress bar).
#[derive(Clone, Debug)]
pub enum Progress {
    /// A phase of `len` units starts.
    Phase { name: String, len: u64 },
    /// `n` more units of the current phase are done.
    Advance(u64),
    /// A line worth keeping in a log.
    Note(String),
}

/// Why a supervised run stopped.
#[derive(Debug, thiserror::Error)]
pub enum SupervisedError {
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("{path}: bad sample file at byte {offset}: {message}")]
    Data { path: String, offset: usize, message: String },
    #[error(transparent)]
    Weights(#[from] backgammon::eval::net::WeightsError),
}

fn io_error(path: &Path, e: std::io::Error) -> SupervisedError {
    SupervisedError::Io { path: path.display().to_string(), message: e.to_string() }
}

/// The lookahead of the labels: 0-ply choices averaged over the rolls (the 1-ply value of a
/// position) when `plies` is 1, else each roll's `keep` (1 to 8) best plays at 0 ply compared at
/// 1 ply (a 2-ply value); both are [`NPly::lookahead`]. Exact in finished and bearoff successors.
pub fn lookahead_settings(plies: u8, keep: usize) -> Settings {
    let mut settings = Settings::plies(0);
    if plies >= 2 {
        settings.plies = 1;
        settings.filters[0] = MoveFilter { accept: keep.clamp(1, 8) as i32, extra: 0, threshold: 0.0 };
    }
    settings
}

/// The indices of the `k` (at most 8) best of `values` by equity, best first (the first of
/// equals first), and how many there are; a short insertion list, so nothing is allocated.
fn best_indices(values: &[Probabilities], k: usize) -> ([usize; 8], usize) {
    let k = k.clamp(1, 8);
    let mut top = [(f32::NEG_INFINITY, 0usize); 8];
    let mut n = 0;
    for (i, q) in values.iter().enumerate() {
        let e = q.equity();
        if n < k || e > top[k - 1].0 {
            let mut j = n.min(k - 1);
            while j > 0 && top[j - 1].0 < e {
                top[j] = top[j - 1];
                j -= 1;
            }
            top[j] = (e, i);
            n = (n + 1).min(k);
        }
    }
    (top.map(|(_, i)| i), n)
}

/// Fisher-Yates with `rng`: the one shuffle of the trainer (held-out splits, epochs, the choice
/// of rollout positions), written out so a seed gives the same order whatever rand's own
/// `shuffle` does in later versions.
fn shuffle<T>(v: &mut [T], rng: &mut impl Rng) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.random_range(0..=i));
    }
}

/// Seed of task `task` of a run seeded `seed` in iteration `iteration`.
fn task_seed(seed: u64, iteration: u32, task: u64) -> u64 {
    seed ^ u64::from(iteration).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ task.wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
}

/// Which moves of [`self_play_positions`]' games are random and which plays' positions they record
/// besides the best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recording {
    /// Probability that a move is a uniformly random legal play instead of the best.
    pub explore: f64,
    /// Probability that a move also records the positions after near-best alternative plays, so
    /// the nets see what they must rank.
    pub alternatives: f64,
    /// How many: 1 is one of the 2nd to 5th plays at 0 ply at random, more the 2nd to the
    /// `siblings + 1`th (at most 7), so that a roll's near-best plays are fitted side by side.
    pub siblings: usize,
}

/// `n` net-class positions (contact, crashed, race; player on roll) from 0-ply self-play games,
/// with the random moves and near-best alternatives `recording` asks for (the game goes on with
/// the best play).
/// Games are played in tasks of 20 with their own seeds and collected in task order, so the
/// result does not depend on the number of threads.
pub fn self_play_positions(
    eval: &Evaluator,
    n: usize,
    seed: u64,
    iteration: u32,
    recording: Recording,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Position> {
    let Recording { explore, alternatives, siblings } = recording;
    const GAMES_PER_TASK: usize = 20;
    const TASKS_PER_ROUND: u64 = 16;
    let mut out = Vec::with_capacity(n + 2_000);
    let mut task = 0u64;
    while out.len() < n {
        let round: Vec<Vec<Position>> = (task..task + TASKS_PER_ROUND)
            .into_par_iter()
            .map(|t| {
                let mut rng = seeded_rng(task_seed(seed, iteration, t));
                let mut gen = MoveGenerator::new();
                let mut scratch = Scratch::default();
                let mut buf = Vec::with_capacity(64);
                let mut found = Vec::with_capacity(GAMES_PER_TASK * 50);
                for _ in 0..GAMES_PER_TASK {
                    let mut pos = Variant::Standard.starting_position();
                    for _ in 0..10_000 {
                        if classify(&pos).net().is_some() {
                            found.push(pos);
                        }
                        let (d1, d2) = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
                        let after = if rng.random_bool(explore) {
                            let plays = gen.generate(&pos, d1, d2);
                            if plays.is_empty() {
                                pos
                            } else {
                                *plays[rng.random_range(0..plays.len())].result()
                            }
                        } else {
                            let plays = gen.generate(&pos, d1, d2);
                            if plays.is_empty() {
                                pos
                            } else {
                                buf.clear();
                                buf.resize(plays.len(), Probabilities::default());
                                eval.evaluate_plays(&pos, plays, &mut scratch, &mut buf);
                                // the best play first (the first of equals, as `best_play` picks it)
                                let wanted = match (alternatives > 0.0, siblings) {
                                    (false, _) => 1,
                                    (true, 0 | 1) => 5,
                                    (true, k) => (k + 1).min(8),
                                };
                                let (order, m) = best_indices(&buf, wanted);
                                if m > 1 && rng.random_bool(alternatives) {
                                    let mut record = |k: usize| {
                                        let alt = plays[order[k]].result().swapped();
                                        if classify(&alt).net().is_some() {
                                            found.push(alt);
                                        }
                                    };
                                    if siblings <= 1 {
                                        record(rng.random_range(1..m));
                                    } else {
                                        (1..m).for_each(&mut record);
                                    }
                                }
                                *plays[order[0]].result()
                            }
                        };
                        if after.chequers_in_play(ON_ROLL) == 0 {
                            break;
                        }
                        pos = after.swapped();
                    }
                }
                found
            })
            .collect();
        task += TASKS_PER_ROUND;
        for r in round {
            progress(Progress::Advance(r.len().min(n.saturating_sub(out.len())) as u64));
            out.extend(r);
        }
    }
    out.truncate(n);
    out
}

/// The targets of `positions` (in order; parallel over chunks): 1-ply values when `plies` is 1, else
/// 2-ply values comparing the `keep` best plays of each roll ([`lookahead_settings`]).
pub fn label(
    eval: &Evaluator,
    positions: &[Position],
    plies: u8,
    keep: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Sample> {
    let settings = lookahead_settings(plies, keep);
    positions
        .par_chunks(16)
        .map_init(
            || NPly::new(eval, 0),
            |search, chunk| {
                let v: Vec<Sample> =
                    chunk.iter().map(|pos| Sample { pos: *pos, target: search.lookahead(pos, &settings) }).collect();
                progress(Progress::Advance(v.len() as u64));
                v
            },
        )
        .collect::<Vec<_>>()
        .concat()
}

/// Replaces the targets of the samples of net `class` ([`backgammon::eval::CONTACT`], [`backgammon::eval::CRASHED`] or
/// [`backgammon::eval::RACE`]) by the means of `trials`-game cubeless rollouts of their positions (0-ply
/// play, luck-based variance reduction, quasi-random dice, exact bearoff values, `truncate` plies
/// at most; see [`backgammon::analysis::rollout`]), each seeded from `seed` and the sample's index. Rollouts see
/// further than a lookahead of nets that misjudge a class (crashed positions, where the race to
/// come decides the gammons). Probabilities are clamped into their bounds (a variance-reduced
/// mean can stray slightly out of them). Returns how many samples were relabelled.
pub fn relabel_by_rollouts(
    eval: &Evaluator,
    samples: &mut [Sample],
    class: usize,
    trials: u64,
    truncate: Option<u32>,
    seed: u64,
    progress: &(dyn Fn(Progress) + Sync),
) -> usize {
    use backgammon::analysis::rollout::{rollout, RolloutConfig};
    let chosen: Vec<usize> = (0..samples.len()).filter(|&i| classify(&samples[i].pos).net() == Some(class)).collect();
    progress(Progress::Phase {
        name: format!(
            "{trials}-game rollouts of the {} positions",
            backgammon::eval::NET_NAMES.get(class).unwrap_or(&"?")
        ),
        len: chosen.len() as u64,
    });
    let targets: Vec<Probabilities> = chosen
        .par_iter()
        .map(|&i| {
            let cfg =
                RolloutConfig { trials, truncate, seed: task_seed(seed, 0, i as u64), ..RolloutConfig::default() };
            let m = rollout(eval, &samples[i].pos, &cfg).mean;
            progress(Progress::Advance(1));
            let win = m[0].clamp(0.0, 1.0);
            let (lose, wg, lg) = (1.0 - win, m[1].clamp(0.0, win), m[3].clamp(0.0, 1.0 - win));
            Probabilities([
                win as f32,
                wg as f32,
                m[2].clamp(0.0, wg) as f32,
                lg.min(lose) as f32,
                m[4].clamp(0.0, lg) as f32,
            ])
        })
        .collect();
    for (&i, t) in chosen.iter().zip(targets) {
        samples[i].target = t;
    }
    chosen.len()
}

const SAMPLE_MAGIC: [u8; 8] = *b"BGSAMP1\0";
const SAMPLE_LEN: usize = 10 + 4 * OUTPUTS;

/// Writes samples: magic `BGSAMP1\0`, `u64` count, then per sample the 10-byte position key and
/// five little-endian `f32` targets.
pub fn save_samples(path: &Path, samples: &[Sample]) -> Result<(), SupervisedError> {
    let mut v = Vec::with_capacity(16 + samples.len() * SAMPLE_LEN);
    v.extend_from_slice(&SAMPLE_MAGIC);
    v.extend_from_slice(&(samples.len() as u64).to_le_bytes());
    for s in samples {
        v.extend_from_slice(&s.pos.key());
        for x in s.target.0 {
            v.extend_from_slice(&x.to_le_bytes());
        }
    }
    engine_core::atomic_file::write_atomic(path, &v).map_err(|e| io_error(path, e))
}

/// Reads a file written by [`save_samples`].
pub fn load_samples(path: &Path) -> Result<Vec<Sample>, SupervisedError> {
    let bytes = std::fs::read(path).map_err(|e| io_error(path, e))?;
    parse_samples(&bytes).map_err(|(offset, message)| SupervisedError::Data {
        path: path.display().to_string(),
        offset,
        message,
    })
}

/// The samples of `files` whose positions `keep` admits, in file order; `each` hears how many each
/// file gave.
fn load_files(
    files: &[PathBuf],
    keep: impl Fn(&Position) -> bool,
    mut each: impl FnMut(&Path, usize),
) -> Result<Vec<Sample>, SupervisedError> {
    let mut samples = Vec::new();
    for f in files {
        let before = samples.len();
        samples.extend(load_samples(f)?.into_iter().filter(|s| keep(&s.pos)));
        each(f, samples.len() - before);
    }
    Ok(samples)
}

/// Parses sample file bytes; errors carry the byte offset.
pub fn parse_samples(bytes: &[u8]) -> Result<Vec<Sample>, (usize, String)> {
    if bytes.len() < 16 || bytes[..8] != SAMPLE_MAGIC {
        return Err((0, "missing BGSAMP1 header".into()));
    }
    let count = u64::from_le_bytes(bytes[8..16].try_into().expect("8 bytes"));
    let want = (count as usize).checked_mul(SAMPLE_LEN).and_then(|n| n.checked_add(16));
    if want != Some(bytes.len()) {
        return Err((8, format!("{count} samples do not fit {} bytes", bytes.len())));
    }
    bytes[16..]
        .chunks_exact(SAMPLE_LEN)
        .enumerate()
        .map(|(i, c)| {
            let offset = 16 + i * SAMPLE_LEN;
            let key: [u8; 10] = c[..10].try_into().expect("10 bytes");
            let pos = Position::from_key(&key).map_err(|e| (offset, e.to_string()))?;
            let mut target = [0f32; OUTPUTS];
            for (k, t) in target.iter_mut().enumerate() {
                let o = 10 + 4 * k;
                *t = f32::from_le_bytes(c[o..o + 4].try_into().expect("4 bytes"));
                if !(0.0..=1.0).contains(t) {
                    return Err((offset + o, format!("target {t} outside [0, 1]")));
                }
            }
            Ok(Sample { pos, target: Probabilities(target) })
        })
        .collect()
}

/// Gradients (or Adam moments) shaped like a net.
#[derive(Clone)]
struct Grads {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
}

impl Grads {
    fn zeros(net: &Net) -> Grads {
        Grads {
            w1: vec![0.0; net.w1.len()],
            b1: vec![0.0; net.hidden],
            w2: vec![0.0; net.w2.len()],
            b2: [0.0; OUTPUTS],
        }
    }

    fn clear(&mut self) {
        self.w1.fill(0.0);
        self.b1.fill(0.0);
        self.w2.fill(0.0);
        self.b2 = [0.0; OUTPUTS];
    }

    fn add(&mut self, o: &Grads) {
        for (a, b) in self.w1.iter_mut().zip(&o.w1) {
            *a += b;
        }
        for (a, b) in self.b1.iter_mut().zip(&o.b1) {
            *a += b;
        }
        for (a, b) in self.w2.iter_mut().zip(&o.w2) {
            *a += b;
        }
        for k in 0..OUTPUTS {
            self.b2[k] += o.b2[k];
        }
    }
}

/// Adds the cross-entropy gradient of `samples` to `g` (of the output layer only when
/// `output_only`); returns the summed squared equity error.
fn accumulate_gradient(net: &Net, samples: &[&Sample], g: &mut Grads, output_only: bool) -> f64 {
    let h = net.hidden;
    let mut x = [0f32; INPUTS];
    let mut hid = [0f32; MAX_HIDDEN];
    let mut sq = 0f64;
    for s in samples {
        features(&s.pos, &mut x);
        let out = net.finish(&net.accumulate(&x), &mut hid);
        let mut dz = [0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            dz[k] = out[k] - s.target.0[k];
        }
        let e = Probabilities(out).equity() - s.target.equity();
        sq += f64::from(e * e);
        let mut dh = [0f32; MAX_HIDDEN];
        for k in 0..OUTPUTS {
            let row = &net.w2[k * h..k * h + h];
            let grow = &mut g.w2[k * h..k * h + h];
            for j in 0..h {
                dh[j] += dz[k] * row[j];
                grow[j] += dz[k] * hid[j];
            }
            g.b2[k] += dz[k];
        }
        if output_only {
            continue;
        }
        for j in 0..h {
            dh[j] *= hid[j] * (1.0 - hid[j]);
            g.b1[j] += dh[j];
        }
        for (i, &v) in x.iter().enumerate() {
            if v != 0.0 {
                let row = &mut g.w1[i * h..i * h + h];
                for j in 0..h {
                    row[j] += v * dh[j];
                }
            }
        }
    }
    sq
}

/// Root mean squared cubeless equity error of `net` on `samples`.
fn rms_equity_error(net: &Net, samples: &[&Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sq: f64 = samples
        .par_chunks(256)
        .map(|chunk| {
            let mut x = [0f32; INPUTS];
            let mut hid = [0f32; MAX_HIDDEN];
            chunk
                .iter()
                .map(|s| {
                    features(&s.pos, &mut x);
                    let e = Probabilities(net.finish(&net.accumulate(&x), &mut hid)).equity() - s.target.equity();
                    f64::from(e * e)
                })
                .sum::<f64>()
        })
        .sum();
    (sq / samples.len() as f64).sqrt()
}

/// Fits each net to the samples of its class: Adam on minibatches (cross-entropy of the five
/// sigmoid outputs), `epochs` seeded shuffles, the last `holdout` share of each class held out.
/// Each minibatch's gradient is summed from two fixed halves (one per core) in a fixed order, so
/// the fit is deterministic. Returns per class `(train, held out)` RMS equity errors after the fit.
pub fn fit(
    eval: &mut Evaluator,
    samples: &[Sample],
    cfg: &SupervisedConfig,
    iteration: u32,
    progress: &(dyn Fn(Progress) + Sync),
) -> [(f64, f64); 3] {
    let mut result = [(0.0, 0.0); 3];
    for c in 0..3 {
        let mut rng = seeded_rng(task_seed(cfg.seed, iteration, 1_000_000 + c as u64));
        let mut mine: Vec<&Sample> = samples.iter().filter(|s| classify(&s.pos).net() == Some(c)).collect();
        if mine.is_empty() {
            continue;
        }
        // a seeded shuffle before the split, so the held-out share is a random one
        shuffle(&mut mine, &mut rng);
        let held = ((mine.len() as f64 * cfg.holdout) as usize).min(mine.len() - 1);
        let (train, test) = mine.split_at(mine.len() - held);
        let mut train = train.to_vec();
        let net = &mut eval.nets[c];
        progress(Progress::Note(format!(
            "iteration {iteration} {}: {} samples ({} held out), RMS equity error before {:.4} / {:.4}",
            backgammon::eval::NET_NAMES[c],
            mine.len(),
            test.len(),
            rms_equity_error(net, &train),
            rms_equity_error(net, test)
        )));
        let mut m = Grads::zeros(net);
        let mut v = Grads::zeros(net);
        let mut ga = Grads::zeros(net);
        let mut gb = Grads::zeros(net);
        let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        let mut step = 0i32;
        let batch = cfg.batch.max(2);
        progress(Progress::Phase {
            name: format!("fit {} ({} epochs)", backgammon::eval::NET_NAMES[c], cfg.epochs),
            len: (cfg.epochs * train.len()) as u64,
        });
        for epoch in 0..cfg.epochs {
            let t = if cfg.epochs > 1 { epoch as f64 / (cfg.epochs - 1) as f64 } else { 0.0 };
            let lr = (f64::from(cfg.lr) * (f64::from(cfg.lr_end) / f64::from(cfg.lr)).powf(t)) as f32;
            shuffle(&mut train, &mut rng);
            for mb in train.chunks(batch) {
                let half = mb.len() / 2;
                let (first, second) = mb.split_at(half);
                ga.clear();
                gb.clear();
                let net_ref: &Net = net;
                rayon::join(
                    || accumulate_gradient(net_ref, first, &mut ga, cfg.output_only),
                    || accumulate_gradient(net_ref, second, &mut gb, cfg.output_only),
                );
                ga.add(&gb);
                step += 1;
                let scale = 1.0 / mb.len() as f32;
                let c1 = 1.0 - beta1.powi(step);
                let c2 = 1.0 - beta2.powi(step);
                let adam = |p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32]| {
                    for i in 0..p.len() {
                        let gi = g[i] * scale;
                        m[i] = beta1 * m[i] + (1.0 - beta1) * gi;
                        v[i] = beta2 * v[i] + (1.0 - beta2) * gi * gi;
                        p[i] -= lr * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
                    }
                };
                if !cfg.output_only {
                    adam(&mut net.w1, &ga.w1, &mut m.w1, &mut v.w1);
                    adam(&mut net.b1, &ga.b1, &mut m.b1, &mut v.b1);
                }
                adam(&mut net.w2, &ga.w2, &mut m.w2, &mut v.w2);
                adam(&mut net.b2, &ga.b2, &mut m.b2, &mut v.b2);
                progress(Progress::Advance(mb.len() as u64));
            }
            progress(Progress::Note(format!(
                "iteration {iteration} {} epoch {}: lr {lr:.2e}, held-out RMS equity error {:.4}",
                backgammon::eval::NET_NAMES[c],
                epoch + 1,
                rms_equity_error(net, test)
            )));
        }
        result[c] = (rms_equity_error(net, &train), rms_equity_error(net, test));
    }
    result
}

/// Runs supervised iterations into `dir`: iteration `i` samples positions by self-play with the
/// current nets (`samples-i.bin`, reused when present), labels them with the nets' 1-ply or 2-ply
/// values (crashed positions by rollouts when asked), fits the nets to them and writes `iter-i/`
/// and `latest/`. A run resumes after the last finished iteration; `init` is the starting point of
/// a new run. The samples of `fixed` (files of earlier runs, e.g. rollout targets of
/// [`rollout_file`], which see what a lookahead of the nets cannot) are fitted with every
/// iteration's own.
pub fn run_supervised(
    dir: &Path,
    init: Evaluator,
    cfg: &SupervisedConfig,
    fixed: &[PathBuf],
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Evaluator, SupervisedError> {
    std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
    let mut eval = init;
    let mut first = 1;
    for i in (1..=cfg.iterations).rev() {
        let done = dir.join(format!("iter-{i}"));
        if done.join("race.bgw").exists() {
            eval = Evaluator::load_dir(&done)?;
            progress(Progress::Note(format!("resuming after iteration {i}")));
            first = i + 1;
            break;
        }
    }
    // read once: every iteration fits them again
    let fixed = load_files(
        fixed,
        |_| true,
        |f, n| {
            progress(Progress::Note(format!("{n} samples of {} are fitted with every iteration's", f.display())));
        },
    )?;
    for i in first..=cfg.iterations {
        let file = dir.join(format!("samples-{i}.bin"));
        let samples = if file.exists() {
            load_samples(&file)?
        } else {
            progress(Progress::Phase {
                name: format!("iteration {i}: self-play positions"),
                len: cfg.positions as u64,
            });
            let positions = self_play_positions(&eval, cfg.positions, cfg.seed, i, cfg.recording, progress);
            use backgammon::eval::CRASHED;
            let by_rollout = |p: &Position| cfg.rollout_crashed > 0 && classify(p).net() == Some(CRASHED);
            let (rolled, looked): (Vec<Position>, Vec<Position>) = positions.iter().partition(|p| by_rollout(p));
            progress(Progress::Phase {
                name: format!("iteration {i}: {}-ply targets", cfg.label_plies.max(1)),
                len: looked.len() as u64,
            });
            let mut samples = label(&eval, &looked, cfg.label_plies, cfg.label_keep, progress);
            if !rolled.is_empty() {
                let mut more: Vec<Sample> =
                    rolled.iter().map(|&pos| Sample { pos, target: Probabilities::default() }).collect();
                let seed = task_seed(cfg.seed, i, 2_000_000);
                relabel_by_rollouts(&eval, &mut more, CRASHED, cfg.rollout_crashed, None, seed, progress);
                samples.extend(more);
            }
            save_samples(&file, &samples)?;
            samples
        };
        // earlier iterations' samples (still on disk) are fitted again with the new ones
        let mut samples = samples;
        for j in i.saturating_sub(cfg.history).max(1)..i {
            let earlier = dir.join(format!("samples-{j}.bin"));
            if earlier.exists() {
                let more = load_samples(&earlier)?;
                progress(Progress::Note(format!("iteration {i}: {} samples of iteration {j} too", more.len())));
                samples.extend(more);
            }
        }
        samples.extend_from_slice(&fixed);
        let errors = fit(&mut eval, &samples, cfg, i, progress);
        progress(Progress::Note(format!("iteration {i} done: RMS equity error (train, held out) {errors:.4?}")));
        let out = dir.join(format!("iter-{i}"));
        eval.save_dir(&out).map_err(|e| io_error(&out, e))?;
        let latest = dir.join("latest");
        eval.save_dir(&latest).map_err(|e| io_error(&latest, e))?;
    }
    Ok(eval)
}

/// One fit of the nets marked in `nets` (contact, crashed, race) to the samples of `files`
/// (earlier runs' `samples-N.bin`), as an iteration of [`run_supervised`] fits them (seeded by
/// `cfg.seed`), written to `out`; the other nets are left as they are. Returns per net
/// `(train, held out)` RMS equity errors after the fit (zeros for nets not fitted).
pub fn fit_files(
    eval: &mut Evaluator,
    files: &[PathBuf],
    nets: [bool; 3],
    cfg: &SupervisedConfig,
    out: &Path,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<[(f64, f64); 3], SupervisedError> {
    let chosen_net = |pos: &Position| classify(pos).net().is_some_and(|c| nets[c]);
    let samples = load_files(files, chosen_net, |f, n| {
        progress(Progress::Note(format!("{}: {n} samples kept", f.display())));
    })?;
    let errors = fit(eval, &samples, cfg, 0, progress);
    eval.save_dir(out).map_err(|e| io_error(out, e))?;
    Ok(errors)
}

/// Positions per block of [`rollout_file`]: the output file is rewritten after each block, so an
/// interrupted run loses at most one block.
pub const ROLLOUT_BLOCK: usize = 1_000;

/// Which samples [`rollout_file`] rolls out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutChoice {
    /// The nets (contact, crashed, race) whose samples are taken.
    pub nets: [bool; 3],
    /// Only positions where either side has made at least this many points in a row
    /// ([`Position::longest_prime_either_side`]); 0 takes all. Our 2-ply targets are furthest from gnubg's
    /// where primes stand (the value of a prime shows over many rolls, beyond the lookahead).
    pub min_prime: u32,
    /// How many of them, at most.
    pub limit: usize,
}

/// How [`rollout_file`] labels the samples it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relabel {
    /// The means of this many games' rollouts ([`relabel_by_rollouts`]).
    Rollouts { trials: u64 },
    /// The values of a lookahead of the nets (1 or 2 plies, as [`label`] gives them with one play
    /// kept per roll): a class whose positions the nets' fit trails can be fitted again to
    /// targets as deep as the iterations' without running them.
    Lookahead { plies: u8 },
}

/// Relabelled samples for a fit: the samples `choice` admits are taken from `files` (earlier
/// runs' `samples-N.bin`, in file order), put in a seeded random order, and the first
/// `choice.limit` of them get new targets as `labels` says (rollouts: each block of
/// [`ROLLOUT_BLOCK`] seeded from `seed` and its number). They are written to `out` after every
/// block; when `out` already holds samples (an interrupted run with the same arguments), those
/// are kept and the run goes on after them.
/// Rollouts see past the nets' own lookahead, which biases every lookahead target the same way
/// (our 2-ply targets' gammon chances are too low on average; rollouts' are not).
/// Returns how many samples `out` holds.
pub fn rollout_file(
    eval: &Evaluator,
    files: &[PathBuf],
    choice: RolloutChoice,
    labels: Relabel,
    seed: u64,
    out: &Path,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<usize, SupervisedError> {
    let nets = choice.nets;
    let admits = |pos: &Position| {
        classify(pos).net().is_some_and(|c| nets[c]) && pos.longest_prime_either_side() >= choice.min_prime
    };
    let mut chosen = load_files(files, admits, |_, _| {})?;
    shuffle(&mut chosen, &mut seeded_rng(task_seed(seed, 0, 3_000_000)));
    chosen.truncate(choice.limit);
    let mut done = if out.exists() { load_samples(out)? } else { Vec::new() };
    if done.len() > chosen.len() || done.iter().zip(&chosen).any(|(a, b)| a.pos != b.pos) {
        return Err(SupervisedError::Data {
            path: out.display().to_string(),
            offset: 0,
            message: "holds other positions than these arguments choose (remove it or change --out)".into(),
        });
    }
    let how = match labels {
        Relabel::Rollouts { trials } => format!("to roll out ({trials} games each)"),
        Relabel::Lookahead { plies } => format!("to label at {plies} ply"),
    };
    progress(Progress::Note(format!("{} positions {how}, {} done before", chosen.len(), done.len())));
    // only the last block can be short, so a finished file skips every block
    let start = done.len().div_ceil(ROLLOUT_BLOCK);
    for (b, block) in chosen.chunks(ROLLOUT_BLOCK).enumerate().skip(start) {
        let mut block = block.to_vec();
        match labels {
            Relabel::Rollouts { trials } => {
                for c in (0..3).filter(|&c| nets[c]) {
                    let block_seed = task_seed(seed, b as u32 + 1, c as u64);
                    relabel_by_rollouts(eval, &mut block, c, trials, None, block_seed, progress);
                }
            }
            Relabel::Lookahead { plies } => {
                let positions: Vec<Position> = block.iter().map(|s| s.pos).collect();
                block = label(eval, &positions, plies, 1, progress);
            }
        }
        done.truncate(b * ROLLOUT_BLOCK);
        done.extend(block);
        save_samples(out, &done)?;
        progress(Progress::Note(format!("{}: {} of {} samples written", out.display(), done.len(), chosen.len())));
    }
    Ok(done.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use backgammon::eval::CONTACT as CONTACT_NET;

    fn rec(explore: f64, alternatives: f64, siblings: usize) -> Recording {
        Recording { explore, alternatives, siblings }
    }

    /// Self-play positions of the shipped nets (`n`, seeded, a share `explore` of random moves)
    /// with 1-ply targets of a small random net, so the shipped nets start far from them.
    fn samples_of_a_random_net(n: usize, seed: u64, explore: f64) -> Vec<Sample> {
        let positions = self_play_positions(Evaluator::embedded(), n, seed, 1, rec(explore, 0.0, 1), &|_| {});
        let other = Trainer::new(TrainConfig { hidden: [8, 8, 8], ..TrainConfig::default() }).eval;
        label(&other, &positions, 1, 1, &|_| {})
    }

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
    fn one_ply_of_a_bearoff_position_is_exact() {
        // both sides' last chequer on the 1 point: whatever the roll, the player on roll wins
        let p = Position::from_points(&[(1, 1)], &[(1, 1)]).unwrap();
        let mut search = NPly::new(Evaluator::embedded(), 0);
        let v = search.lookahead(&p, &lookahead_settings(1, 1));
        assert_eq!(v.0, [1.0, 0.0, 0.0, 0.0, 0.0]);
        // my two chequers on my 6 point against the opponent's one on its 1 point: only doubles of
        // 3 or more bear both off in one roll, 4 of 36; otherwise the opponent wins
        let p = Position::from_points(&[(6, 2)], &[(1, 1)]).unwrap();
        let v = search.lookahead(&p, &lookahead_settings(1, 1));
        assert!((v.win() - 4.0 / 36.0).abs() < 1e-6, "{v:?}");
    }

    #[test]
    fn two_ply_is_exact_when_every_successor_is_a_bearoff_position() {
        // my chequers on my 7 and 1 points, the opponent's last one on its 1 point: only 3-3 to
        // 6-6 take both off at once (4 of 36), and otherwise the opponent bears off next roll
        let p = Position::from_points(&[(7, 1), (1, 1)], &[(1, 1)]).unwrap();
        assert_eq!(classify(&p).net(), Some(backgammon::eval::RACE));
        for keep in [1, 3, 8] {
            let v = NPly::new(Evaluator::embedded(), 0).lookahead(&p, &lookahead_settings(2, keep));
            assert!((v.win() - 4.0 / 36.0).abs() < 1e-6, "keep {keep}: {v:?}");
            assert_eq!(&v.0[1..], &[0.0; 4]);
        }
    }

    #[test]
    fn best_indices_orders_the_best_first() {
        let v: Vec<Probabilities> =
            [0.2f32, 0.9, 0.5, 0.9, 0.1, 0.7].iter().map(|&w| Probabilities([w, 0.0, 0.0, 0.0, 0.0])).collect();
        assert_eq!(best_indices(&v, 3), ([1, 3, 5, 0, 0, 0, 0, 0], 3));
        assert_eq!(best_indices(&v[..1], 4).1, 1);
        assert_eq!(best_indices(&v, 8).0[..6], [1, 3, 5, 2, 0, 4]);
    }

    #[test]
    fn siblings_are_the_next_best_plays_of_the_roll_in_order() {
        let eval = Evaluator::embedded();
        // no random moves, every move records its 2nd to 4th plays: the opening position, its
        // three siblings, then the best play's position (the game goes on with it)
        let positions = self_play_positions(eval, 5, 9, 1, rec(0.0, 1.0, 3), &|_| {});
        let start = Variant::Standard.starting_position();
        assert_eq!(positions[0], start);
        let mut gen = MoveGenerator::new();
        let mut scratch = Scratch::default();
        let wanted: Vec<Position> = [4, 1, 2, 3].iter().map(|&k| positions[k].swapped()).collect();
        let mut found = false;
        for &(d1, d2, _) in &backgammon::rules::dice::ROLLS {
            let plays = gen.generate(&start, d1, d2);
            let mut values = vec![Probabilities::default(); plays.len()];
            eval.evaluate_plays(&start, plays, &mut scratch, &mut values);
            let mut order: Vec<usize> = (0..plays.len()).collect();
            order.sort_by(|&a, &b| values[b].equity().total_cmp(&values[a].equity()));
            let ranked: Vec<Position> = order.iter().take(4).map(|&i| *plays[i].result()).collect();
            found |= ranked == wanted;
        }
        assert!(found, "no roll whose four best plays are the best and the three recorded siblings");
        // one sibling at random (the default) records one position per move
        let one = self_play_positions(eval, 3, 9, 1, rec(0.0, 1.0, 1), &|_| {});
        assert_eq!(one[2], positions[4]);
    }

    #[test]
    fn samples_round_trip_and_bad_files_are_located() {
        let eval = Evaluator::embedded();
        let positions = self_play_positions(eval, 30, 5, 1, rec(0.1, 0.0, 1), &|_| {});
        assert_eq!(positions.len(), 30);
        assert_eq!(positions, self_play_positions(eval, 30, 5, 1, rec(0.1, 0.0, 1), &|_| {}));
        let samples = label(eval, &positions, 1, 1, &|_| {});
        let dir = std::env::temp_dir().join(format!("bg-samples-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.bin");
        save_samples(&path, &samples).unwrap();
        assert_eq!(load_samples(&path).unwrap(), samples);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.pop();
        assert!(matches!(parse_samples(&bytes), Err((8, _))));
        let mut bytes = std::fs::read(&path).unwrap();
        // the first target of the first sample set to 2.0
        bytes[16 + 10..16 + 14].copy_from_slice(&2f32.to_le_bytes());
        assert_eq!(parse_samples(&bytes).unwrap_err().0, 26);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn fitting_reduces_the_error_on_the_training_samples_and_an_output_layer_fit_keeps_the_hidden_layer() {
        let eval = Evaluator::embedded();
        let samples = samples_of_a_random_net(400, 9, 0.0);
        let refs: Vec<&Sample> = samples.iter().filter(|s| classify(&s.pos).net() == Some(CONTACT_NET)).collect();
        let before = rms_equity_error(&eval.nets[CONTACT_NET], &refs);
        // the whole net gets closer than its output layer alone can
        for (output_only, factor) in [(false, 0.5), (true, 0.8)] {
            let cfg = SupervisedConfig {
                epochs: 10,
                batch: 16,
                lr: 1e-2,
                lr_end: 3e-3,
                holdout: 0.0,
                output_only,
                ..SupervisedConfig::default()
            };
            let mut fitted = eval.clone();
            let errors = fit(&mut fitted, &samples, &cfg, 1, &|_| {});
            assert!(errors[CONTACT_NET].0 < factor * before, "{output_only}: {before} -> {errors:?}");
            let (old, new) = (&eval.nets[CONTACT_NET], &fitted.nets[CONTACT_NET]);
            assert_ne!(new.w2, old.w2);
            assert_eq!(output_only, (&new.w1, &new.b1) == (&old.w1, &old.b1), "{output_only}");
        }
    }

    #[test]
    fn training_state_files_are_checked_field_by_field() {
        let good = "games 10\nepoch 2\nseed 1\nalpha 0.1\nalpha_end 0.02\nlambda 0\ntotal_games 100\nworkers 2\nsync_games 5\n";
        assert_eq!(parse_train_state(good), Ok((10, 2)));
        let cases = [
            ("alpha 0.1", "alpha NaN", 4),
            ("alpha_end 0.02", "alpha_end -1", 5),
            ("lambda 0", "lambda 1.5", 6),
            ("workers 2", "workers -2", 8),
            ("seed 1", "seed 1 2", 3),
            ("seed 1", "seeds 1", 3),
            ("epoch 2", "games 3", 2),
            ("sync_games 5\n", "", 8),
        ];
        for (from, to, line) in cases {
            let text = good.replacen(from, to, 1);
            assert_eq!(parse_train_state(&text).map_err(|e| e.0), Err(line), "{to:?}");
        }
        // a state.txt that is not a file is an error, not "no checkpoint" (which would start
        // again over the checkpoints)
        let dir = std::env::temp_dir().join(format!("gammon-train-state-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("state.txt")).unwrap();
        assert!(matches!(Trainer::resume(TrainConfig::default(), &dir), Err(ResumeError::State { .. })));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(matches!(Trainer::resume(TrainConfig::default(), &dir), Ok(None)));
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

    #[test]
    fn rollout_labels_replace_only_their_class_and_match_a_rollout() {
        use backgammon::analysis::rollout::{rollout, RolloutConfig};
        let eval = Evaluator::embedded();
        let positions = self_play_positions(eval, 300, 3, 1, rec(0.1, 0.0, 1), &|_| {});
        let labelled = label(eval, &positions, 1, 1, &|_| {});
        let race = 2;
        let mut relabelled = labelled.clone();
        let n = relabel_by_rollouts(eval, &mut relabelled, race, 36, None, 4, &|_| {});
        let races: Vec<usize> = (0..positions.len()).filter(|&i| classify(&positions[i]).net() == Some(race)).collect();
        assert!(n > 0 && n == races.len(), "{n} race positions of {}", races.len());
        for (i, (a, b)) in labelled.iter().zip(&relabelled).enumerate() {
            assert_eq!(a.pos, b.pos);
            if !races.contains(&i) {
                assert_eq!(a.target, b.target);
                continue;
            }
            // each target is the mean of a 36-game rollout seeded by the sample's index
            let cfg = RolloutConfig { trials: 36, seed: task_seed(4, 0, i as u64), ..RolloutConfig::default() };
            let m = rollout(eval, &a.pos, &cfg).mean;
            let p = b.target.0;
            assert!((f64::from(p[0]) - m[0].clamp(0.0, 1.0)).abs() < 1e-6, "{i}: {p:?} vs {m:?}");
            assert!(p[1] <= p[0] && p[2] <= p[1] && p[3] <= 1.0 - p[0] && p[4] <= p[3], "{p:?}");
            // a rollout and a 1-ply lookahead agree roughly in a race
            assert!((b.target.equity() - a.target.equity()).abs() < 0.5, "{i}: {:?} vs {:?}", b.target, a.target);
        }
    }

    #[test]
    fn rollout_file_labels_a_seeded_choice_of_one_class_and_resumes() {
        use backgammon::eval::RACE;
        let eval = Evaluator::embedded();
        let samples = samples_of_a_random_net(400, 4, 0.2);
        let races = samples.iter().filter(|s| classify(&s.pos).net() == Some(RACE)).count();
        assert!(races > 5, "{races} race samples");
        let dir = std::env::temp_dir().join(format!("bg-rollout-file-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("samples-1.bin");
        save_samples(&file, &samples).unwrap();
        let (a, b) = (dir.join("a.bin"), dir.join("b.bin"));
        let choice = RolloutChoice { nets: [false, false, true], min_prime: 0, limit: 5 };
        let files = [file];
        assert_eq!(rollout_file(eval, &files, choice, Relabel::Rollouts { trials: 4 }, 7, &a, &|_| {}).unwrap(), 5);
        let rolled = load_samples(&a).unwrap();
        let mut relabelled = 0;
        for r in &rolled {
            let input = samples.iter().find(|s| s.pos == r.pos).expect("an input position");
            assert_eq!(classify(&r.pos).net(), Some(RACE));
            // (a race decided either way has the same value whoever labels it)
            relabelled += usize::from(r.target != input.target);
            let t = r.target.0;
            assert!(t.iter().all(|v| (0.0..=1.0).contains(v)) && t[1] <= t[0] && t[3] <= 1.0 - t[0], "{t:?}");
        }
        assert!(relabelled > 0, "none of the 5 targets changed");
        // the same seed chooses and rolls out the same; another seed chooses others
        assert_eq!(rollout_file(eval, &files, choice, Relabel::Rollouts { trials: 4 }, 7, &b, &|_| {}).unwrap(), 5);
        assert_eq!(load_samples(&b).unwrap(), rolled);
        std::fs::remove_file(&b).unwrap();
        rollout_file(eval, &files, choice, Relabel::Rollouts { trials: 4 }, 8, &b, &|_| {}).unwrap();
        assert_ne!(load_samples(&b).unwrap(), rolled);
        // a finished file is kept as it is; one from other arguments is refused
        let notes = std::sync::Mutex::new(Vec::new());
        let report = |p: Progress| {
            if let Progress::Note(n) = p {
                notes.lock().unwrap().push(n);
            }
        };
        assert_eq!(rollout_file(eval, &files, choice, Relabel::Rollouts { trials: 4 }, 7, &a, &report).unwrap(), 5);
        assert!(notes.lock().unwrap()[0].contains("5 done before"), "{notes:?}");
        assert_eq!(load_samples(&a).unwrap(), rolled);
        let refused = rollout_file(eval, &files, choice, Relabel::Rollouts { trials: 4 }, 9, &a, &|_| {});
        assert!(matches!(refused, Err(SupervisedError::Data { .. })), "{refused:?}");
        // a minimum prime admits only positions with one: three contact positions with 4+ points in a row
        let primed = |p: &Position| p.longest_prime_either_side();
        let eligible =
            samples.iter().filter(|s| classify(&s.pos).net() == Some(CONTACT_NET) && primed(&s.pos) >= 4).count();
        assert!(eligible > 3 && eligible < samples.len() / 2, "{eligible} of {}", samples.len());
        let c = dir.join("c.bin");
        let choice = RolloutChoice { nets: [true, false, false], min_prime: 4, limit: 3 };
        assert_eq!(rollout_file(eval, &files, choice, Relabel::Rollouts { trials: 2 }, 7, &c, &|_| {}).unwrap(), 3);
        assert!(load_samples(&c)
            .unwrap()
            .iter()
            .all(|s| primed(&s.pos) >= 4 && classify(&s.pos).net() == Some(CONTACT_NET)));
        // a lookahead labels the same choice with the 2-ply values `label` gives its positions
        let d = dir.join("d.bin");
        let choice = RolloutChoice { nets: [false, false, true], min_prime: 0, limit: 5 };
        assert_eq!(rollout_file(eval, &files, choice, Relabel::Lookahead { plies: 2 }, 7, &d, &|_| {}).unwrap(), 5);
        let looked = load_samples(&d).unwrap();
        let positions: Vec<Position> = rolled.iter().map(|s| s.pos).collect();
        assert_eq!(looked, label(eval, &positions, 2, 1, &|_| {}));
        assert_ne!(looked, rolled);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn fit_files_fits_only_the_chosen_nets() {
        let eval = Evaluator::embedded();
        let samples = samples_of_a_random_net(300, 8, 0.2);
        let dir = std::env::temp_dir().join(format!("bg-fit-files-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("samples-1.bin");
        save_samples(&file, &samples).unwrap();
        let cfg = SupervisedConfig { epochs: 2, batch: 16, holdout: 0.0, ..SupervisedConfig::default() };
        let mut fitted = eval.clone();
        let out = dir.join("out");
        let errors = fit_files(&mut fitted, &[file], [true, false, false], &cfg, &out, &|_| {}).unwrap();
        assert!(errors[0].0 > 0.0 && errors[1] == (0.0, 0.0) && errors[2] == (0.0, 0.0), "{errors:?}");
        assert_ne!(fitted.nets[CONTACT_NET], eval.nets[CONTACT_NET]);
        assert_eq!(fitted.nets[1..], eval.nets[1..]);
        assert_eq!(Evaluator::load_dir(&out).unwrap().nets, fitted.nets);
        let missing = fit_files(&mut fitted, &[dir.join("none.bin")], [true; 3], &cfg, &out, &|_| {});
        assert!(missing.is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
