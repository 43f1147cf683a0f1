//! Rollouts of a position (and of each candidate play of a roll), cubeless and cubeful, as the
//! seed manual's "Rollouts" section describes them: games played to the end (or truncated after a
//! number of plies, or at the bearoff databases, whose exact values are then used) with
//! quasi-random dice ([`crate::analysis::quasi_dice::QuasiDice`]: the first rolls rotated and
//! stratified), optional luck-based variance reduction, and a standard error for every output.
//!
//! Variance reduction: before each roll the 0-ply value of the best play of every one of the 21
//! rolls is computed; their roll-weighted mean is the 1-ply value of the position, and the chosen
//! roll's value minus that mean is the roll's *luck* (zero mean under the dice, whatever the
//! values are). Each game's result minus its summed luck is an unbiased, lower-variance estimate.
//! Cubeless games measure luck in the five probabilities; cubeful games also in the cubeful
//! value, a roll being worth the opponent's 0-ply cubeful equity after their own best cube action
//! under the cube as it then stands (owner, level, score), turned into the original player's
//! value per starting cube (money) or MWC (match play) before it is subtracted.
//!
//! Cubeful rollouts ([`rollout_cube`]) roll out a cube decision as the manual's "Rollout of cube
//! decisions" does: the "no double" and "double, take" branches are played with the same dice
//! (game `g` of both uses the dice of game `g`), and in every later turn the player on roll makes
//! the cube decision of [`crate::cube::decision::evaluate_position`] at the play's depth (a double
//! is taken or passed as that analysis says). A game's value is its points times the final cube
//! (money, per the starting cube value; the Jacoby rule counts gammons single while the cube is
//! centred) or the MWC after it (match play), converted to a normalised equity per starting cube
//! (the manual's NEMG in match play). A game stopped at the truncation ply or on reaching the
//! bearoff databases takes the cubeful value of the position there, the player on roll making
//! their best cube action (none at ply 0, where the branch has made it): the two-sided
//! database's exact cubeful money equities in money play, otherwise Janowski's model applied to
//! the position's probabilities (exact in the databases).
//!
//! Resumable state: [`RolloutState`] (position, match ID, configuration, games done and the
//! running sums, stored bit-exactly) is written as JSON after every batch (temp file + rename)
//! and read back by [`RolloutState::load`]; since games depend only on `(seed, game)` and are
//! summed in game order, a resumed rollout gives exactly the figures of an uninterrupted one.
//! States of the first format, whose cubeful games were neither variance-reduced nor truncated at
//! the bearoff databases, resume with both settings off for the same reason.
//!
//! Games run in parallel with rayon; each game's dice and noise depend only on `(seed, game)`
//! and results are summed in game order, so a seeded rollout gives the same figures whatever the
//! thread count. Owns rollouts only; chequer play is [`crate::eval::nply`]'s, cube decisions
//! [`crate::cube::decision`]'s.

use crate::analysis::quasi_dice::{roll_outcome, QuasiDice, OUTCOMES};
use crate::cube::cubeful::Scoring;
use crate::cube::decision::{evaluate_position, leaf_value, over_outcome, CubeAction, CubeContext, CubeEquities};
use crate::cube::met::ScoreOutOfRange;
use crate::eval::nply::{NPly, Settings, MAX_PLIES};
use crate::eval::{classify, over_probabilities, Evaluator, PositionClass, Probabilities};
use crate::rules::dice::{distinct_rolls, roll_index};
use crate::rules::match_id::MatchState;
use crate::rules::position::Position;
use engine_core::progress::Task;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// How to roll out.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RolloutConfig {
    /// Games to play (at most; see `max_se`).
    pub trials: u64,
    /// Chequer play (and truncation evaluation depth).
    pub play: Settings,
    /// Stop each game after this many plies and use the evaluation of the position reached.
    pub truncate: Option<u32>,
    /// Stop at bearoff database positions and use their exact value (cubeful: the two-sided
    /// database's cubeful money equity, or Janowski's model of the exact probabilities).
    pub bearoff_truncation: bool,
    /// Luck-based variance reduction.
    pub variance_reduction: bool,
    /// Stop early once the equity's standard error is at most this (checked between batches).
    pub max_se: Option<f64>,
    /// Rollout as initial position (the first roll is never a double).
    pub initial_position: bool,
    pub seed: u64,
    /// Report the games played to the program's progress observer (`engine_core::progress`; the
    /// binaries draw a bar on standard error when it is a terminal).
    #[serde(skip)]
    pub progress: bool,
}

/// Why a [`RolloutConfig`] is refused: the field (its path in a state file, dotted) and what is
/// wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub field: &'static str,
    pub message: String,
}

/// A standard error to stop at (`--max-se`, `max_se` in a state file): a finite number, zero or
/// more. A NaN never compares below anything, so a rollout waiting for it would never stop early.
pub fn check_max_se(x: f64) -> Result<f64, String> {
    if x.is_finite() && x >= 0.0 {
        Ok(x)
    } else {
        Err(format!("{x} is not a finite number of 0 or more"))
    }
}

impl RolloutConfig {
    /// Checks every setting against the limits `gammon rollout` enforces on its command line
    /// (plies 0 to [`MAX_PLIES`], a finite non-negative `max_se`), and the settings the command
    /// line cannot give (noise and move filters) against what they can mean. A resumed state file
    /// goes through this: a depth of 200 plies from a file would never finish.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let bad = |field, message: String| Err(ConfigError { field, message });
        if self.play.plies > MAX_PLIES {
            return bad("config.play.plies", format!("{} plies, at most {MAX_PLIES}", self.play.plies));
        }
        if !(self.play.noise.is_finite() && self.play.noise >= 0.0) {
            return bad("config.play.noise", format!("{} is not a finite number of 0 or more", self.play.noise));
        }
        for f in &self.play.filters {
            if f.accept < -1 {
                return bad("config.play.filters", format!("accept {} is below -1", f.accept));
            }
            if !(f.threshold.is_finite() && f.threshold >= 0.0) {
                return bad(
                    "config.play.filters",
                    format!("threshold {} is not a finite number of 0 or more", f.threshold),
                );
            }
        }
        if let Some(x) = self.max_se {
            check_max_se(x).map_err(|message| ConfigError { field: "config.max_se", message })?;
        }
        Ok(())
    }
}

impl Default for RolloutConfig {
    fn default() -> Self {
        RolloutConfig {
            trials: 1296,
            play: Settings::plies(0),
            truncate: None,
            bearoff_truncation: true,
            variance_reduction: true,
            max_se: None,
            initial_position: false,
            seed: 1,
            progress: false,
        }
    }
}

/// Means and standard errors of `[win, wg, wbg, lg, lbg, equity]` from the view of the player on
/// roll in the rolled-out position.
#[derive(Clone, Debug, PartialEq)]
pub struct RolloutResult {
    pub mean: [f64; 6],
    pub se: [f64; 6],
    pub trials: u64,
    /// How many games started with each of the 36 ordered first rolls (outcome index).
    pub first_rolls: [u32; OUTCOMES],
}

impl RolloutResult {
    /// The result from the other side's view (same standard errors, permuted).
    #[must_use]
    pub fn flipped(&self) -> RolloutResult {
        let [w, wg, wbg, lg, lbg, e] = self.mean;
        let [sw, swg, swbg, slg, slbg, se] = self.se;
        RolloutResult {
            mean: [1.0 - w, lg, lbg, wg, wbg, -e],
            se: [sw, slg, slbg, swg, swbg, se],
            trials: self.trials,
            first_rolls: self.first_rolls,
        }
    }
}

/// Outputs per game: cubeless `[win, wg, wbg, lg, lbg, equity]` and the cubeful equity of the
/// "no double" branch (or of the cubeless rollout), then the same seven of "double, take".
const WIDTH: usize = 14;
/// Offset of the "double, take" branch's outputs.
const DT: usize = 7;

/// Running sums of the outputs, in game order.
#[derive(Clone, Debug, Default, PartialEq)]
struct Sums {
    n: u64,
    s: [f64; WIDTH],
    s2: [f64; WIDTH],
}

impl Sums {
    fn add(&mut self, x: &[f64; WIDTH]) {
        self.n += 1;
        for ((s, s2), &v) in self.s.iter_mut().zip(self.s2.iter_mut()).zip(x) {
            *s += v;
            *s2 += v * v;
        }
    }

    fn mean_se(&self) -> ([f64; WIDTH], [f64; WIDTH]) {
        let n = self.n.max(1) as f64;
        let mean = self.s.map(|s| s / n);
        let mut se = [0.0; WIDTH];
        if self.n > 1 {
            for k in 0..WIDTH {
                let var = ((self.s2[k] / n - mean[k] * mean[k]) * n / (n - 1.0)).max(0.0);
                se[k] = (var / n).sqrt();
            }
        }
        (mean, se)
    }
}

/// Index of a roll among [`distinct_rolls`].
fn distinct_index(d1: u8, d2: u8) -> usize {
    roll_index(d1, d2).expect("dice are 1..=6")
}

/// `p` from the original player's view, given whether the player on roll is that player.
fn view(p: Probabilities, original: bool) -> Probabilities {
    if original {
        p
    } else {
        p.flipped()
    }
}

/// The six cubeless outputs of final (or truncation) probabilities minus the summed luck.
fn cubeless_outputs(p: Probabilities, luck: &[f32; 5]) -> [f64; 6] {
    let mut out = [0f64; 6];
    for k in 0..5 {
        out[k] = f64::from(p.0[k] - luck[k]);
    }
    let [w, wg, wbg, lg, lbg] = [out[0], out[1], out[2], out[3], out[4]];
    out[5] = 2.0 * w - 1.0 + wg - lg + wbg - lbg;
    out
}

/// Plays game `game` from `start`; returns the six outputs (original player's view) and the first roll.
fn play_game(ctx: &mut NPly, start: &Position, plan: &QuasiDice, cfg: &RolloutConfig, game: u64) -> ([f64; 6], usize) {
    ctx.reseed(cfg.seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut dice = plan.game(game);
    let mut cur = *start;
    let mut original = true;
    let mut luck = [0f32; 5];
    let mut first = None;
    let mut values = [Probabilities::default(); 21];
    for ply in 0u32.. {
        let class = classify(&cur);
        let end = match class {
            PositionClass::Over => Some(over_probabilities(&cur)),
            PositionClass::Bearoff if cfg.bearoff_truncation => Some(ctx.ev.evaluate(&cur)),
            _ if cfg.truncate == Some(ply) => Some(ctx.evaluate(&cur, cfg.play.plies)),
            _ => None,
        };
        if let Some(p) = end {
            return (cubeless_outputs(view(p, original), &luck), first.unwrap_or(0));
        }
        let (d1, d2) = dice.roll();
        first.get_or_insert(roll_outcome((d1, d2)));
        if cfg.variance_reduction {
            let mean = ctx.roll_values(&cur, &mut values);
            let (got, avg) = (view(values[distinct_index(d1, d2)], original), view(mean, original));
            for ((l, g), a) in luck.iter_mut().zip(got.0).zip(avg.0) {
                *l += g - a;
            }
        }
        cur = match ctx.choose(&cur, d1, d2, &cfg.play) {
            Some(c) => c.play.result().swapped(),
            None => cur.swapped(),
        };
        original = !original;
    }
    unreachable!("the loop returns")
}

/// The mover's value `v` (money: per their current cube; match: their MWC) as the original
/// player's, in the starting scoring's unit; `difference`: `v` is a difference of such values
/// (luck), which turns round without the MWC's offset.
fn to_original(v: f64, cube: &CubeContext<'_>, cube0: &CubeContext<'_>, original: bool, difference: bool) -> f64 {
    match cube.scoring {
        Scoring::Money { .. } => {
            let x = v * f64::from(cube.cube) / f64::from(cube0.cube);
            if original {
                x
            } else {
                -x
            }
        }
        Scoring::Match { .. } if original => v,
        Scoring::Match { .. } if difference => -v,
        Scoring::Match { .. } => 1.0 - v,
    }
}

/// The best 0-ply play of each distinct roll (in [`distinct_rolls`] order) for the player on
/// roll in `pos`: its result (opponent on roll) and probabilities (mover's view). Plays are
/// ranked as cubeful searches rank them ([`CubeContext::play_key`], of which `rank_cube` is the
/// cube-dependent part: the cube value in match play, 0 in money play).
#[derive(Clone, Copy)]
struct RollPlays {
    pos: Position,
    rank_cube: u32,
    plays: [(Position, Probabilities); 21],
}

impl RollPlays {
    fn rank_cube(cube: &CubeContext<'_>) -> u32 {
        match cube.scoring {
            Scoring::Money { .. } => 0,
            Scoring::Match { .. } => cube.cube,
        }
    }

    fn search(ctx: &mut NPly, pos: &Position, cube: &CubeContext<'_>) -> RollPlays {
        let mut out = RollPlays {
            pos: *pos,
            rank_cube: RollPlays::rank_cube(cube),
            plays: [(Position::default(), Probabilities::default()); 21],
        };
        for (slot, (a, b, _)) in out.plays.iter_mut().zip(distinct_rolls()) {
            *slot = ctx.best_0ply_by(pos, a, b, 0, &mut |q| cube.play_key(q));
        }
        out
    }

    /// The luck of roll `chosen` (a [`distinct_index`]) for the mover holding `cube` (this turn's
    /// cube decision made): the roll's cubeful value minus its mean over the 21 rolls, in the
    /// mover's unit (money per current cube, or MWC), with the chosen roll's cubeless
    /// probabilities and their mean (mover's view). A roll's value is the opponent's 0-ply value
    /// after their own best cube action, turned round, so a roll that hands them a winning double
    /// counts as the bad luck it is.
    fn luck(
        &self,
        cube: &CubeContext<'_>,
        chosen: usize,
    ) -> Result<(f64, Probabilities, Probabilities), ScoreOutOfRange> {
        let theirs = cube.swapped();
        let (mut sum_v, mut sum_p) = (0.0, [0f32; 5]);
        let (mut got_v, mut got_p) = (0.0, Probabilities::default());
        for (i, ((child, p), (_, _, w))) in self.plays.iter().zip(distinct_rolls()).enumerate() {
            let v = leaf_value(child, &p.flipped(), &theirs)?;
            let v = match cube.scoring {
                Scoring::Money { .. } => -v,
                Scoring::Match { .. } => 1.0 - v,
            };
            sum_v += f64::from(w) * v;
            for (s, x) in sum_p.iter_mut().zip(p.0) {
                *s += w * x;
            }
            if i == chosen {
                (got_v, got_p) = (v, *p);
            }
        }
        Ok((got_v - sum_v / 36.0, got_p, Probabilities(sum_p.map(|s| s / 36.0))))
    }
}

/// The [`RollPlays`] of every ply of a thread's last "no double" game, by ply. The "double, take"
/// game of the same index meets the same positions until a cube action ends either (chequer
/// play ignores the cube), so it reads them rather than searching the 21 rolls again, which is
/// most of a variance-reduced game's work. Kept from game to game: it allocates only to grow.
#[derive(Default)]
struct PlyCache {
    plies: Vec<RollPlays>,
}

/// A rollout thread's search state and its [`PlyCache`].
struct Worker<'e> {
    ctx: NPly<'e>,
    cache: PlyCache,
}

/// Plays game `game` of a cubeful rollout from `start` with the cube `cube0` (the original
/// player's view, before any double this turn); `doubled`: the original player doubles at once
/// and is taken. Returns the six cubeless outputs and the cubeful normalised equity (original
/// player's view, per starting cube), each less the game's summed luck when variance reduction
/// is on, and the first roll.
fn play_cubeful(
    worker: &mut Worker<'_>,
    start: &Position,
    plan: &QuasiDice,
    cfg: &RolloutConfig,
    game: u64,
    cube0: &CubeContext<'_>,
    doubled: bool,
) -> ([f64; 7], usize) {
    let Worker { ctx, cache } = worker;
    if !doubled {
        cache.plies.clear();
    }
    ctx.reseed(cfg.seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut dice = plan.game(game);
    let mut cur = *start;
    let mut original = true;
    let mut cube = if doubled { cube0.doubled() } else { *cube0 };
    let mut first = None;
    // summed luck, original player's view: cubeful in the starting unit (money per starting cube,
    // or MWC, which the normalisation maps affinely), cubeless per output
    let mut luck_v = 0.0f64;
    let mut luck_p = [0f32; 5];
    let finish = |p: Probabilities, v: f64, original: bool, cube: &CubeContext<'_>, luck_v: f64, luck_p: &[f32; 5]| {
        let c = cubeless_outputs(view(p, original), luck_p);
        let v = cube0.normalised(to_original(v, cube, cube0, original, false) - luck_v).unwrap_or(f64::NAN);
        [c[0], c[1], c[2], c[3], c[4], c[5], v]
    };
    const FAILED: [f64; 7] = [f64::NAN; 7];
    for ply in 0u32.. {
        let class = classify(&cur);
        if class == PositionClass::Over {
            let p = over_probabilities(&cur);
            let (i_win, kind) = over_outcome(&p);
            let v = cube.game_value(i_win, kind).unwrap_or(f64::NAN);
            return (finish(p, v, original, &cube, luck_v, &luck_p), first.unwrap_or(0));
        }
        // scored where it stands: at the truncation ply, or in the bearoff databases (whose
        // positions evaluate_position scores exactly, cubefully from the two-sided one in money
        // play) before this turn's cube decision, which the value includes
        if cfg.truncate == Some(ply) || (cfg.bearoff_truncation && class == PositionClass::Bearoff) {
            let Ok((p, a)) = evaluate_position(ctx, &cur, &cube, cfg.play.plies) else {
                return (FAILED, first.unwrap_or(0));
            };
            // at ply 0 the branch has made the decision already: no double, or double and take
            let v = if ply == 0 { a.equities.no_double } else { a.value() };
            return (finish(p, v, original, &cube, luck_v, &luck_p), first.unwrap_or(0));
        }
        if ply > 0 && cube.unavailable().is_none() {
            match evaluate_position(ctx, &cur, &cube, cfg.play.plies) {
                Ok((_, a)) if a.action.doubles() => {
                    if a.action.takes() == Some(true) {
                        cube = cube.doubled();
                    } else {
                        let won = Probabilities([1.0, 0.0, 0.0, 0.0, 0.0]);
                        let v = a.equities.double_pass;
                        return (finish(won, v, original, &cube, luck_v, &luck_p), first.unwrap_or(0));
                    }
                }
                Ok(_) => {}
                Err(_) => return (FAILED, first.unwrap_or(0)),
            }
        }
        let (d1, d2) = dice.roll();
        first.get_or_insert(roll_outcome((d1, d2)));
        if cfg.variance_reduction {
            let at = ply as usize;
            let hit = cache.plies.get(at).is_some_and(|e| e.pos == cur && e.rank_cube == RollPlays::rank_cube(&cube));
            let fresh;
            let plays = if hit {
                &cache.plies[at]
            } else {
                fresh = RollPlays::search(ctx, &cur, &cube);
                if !doubled && cache.plies.len() == at {
                    cache.plies.push(fresh);
                }
                &fresh
            };
            let Ok((v, got, mean)) = plays.luck(&cube, distinct_index(d1, d2)) else {
                return (FAILED, first.unwrap_or(0));
            };
            luck_v += to_original(v, &cube, cube0, original, true);
            let (got, mean) = (view(got, original), view(mean, original));
            for ((l, g), m) in luck_p.iter_mut().zip(got.0).zip(mean.0) {
                *l += g - m;
            }
        }
        // plays are ranked as the luck above ranks them: by MWC at the score in match play
        let choice = match cube.scoring {
            Scoring::Money { .. } => ctx.choose(&cur, d1, d2, &cfg.play),
            Scoring::Match { .. } => ctx.choose_by(&cur, d1, d2, &cfg.play, &mut |p| {
                let k = cube.play_key(p);
                cube.normalised(k).unwrap_or(k) as f32
            }),
        };
        cur = match choice {
            Some(c) => c.play.result().swapped(),
            None => cur.swapped(),
        };
        cube = cube.swapped();
        original = !original;
    }
    unreachable!("the loop returns")
}

/// A rollout's resumable progress: games done, sums in game order, first-roll counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    sums: Sums,
    first_rolls: [u32; OUTCOMES],
}

impl Default for Progress {
    fn default() -> Self {
        Progress { sums: Sums::default(), first_rolls: [0; OUTCOMES] }
    }
}

impl Progress {
    /// Games played so far.
    pub fn done(&self) -> u64 {
        self.sums.n
    }

    /// The cubeless result so far (of the "no double" branch in a cubeful rollout).
    pub fn result(&self) -> RolloutResult {
        self.branch(0).cubeless
    }

    fn branch(&self, at: usize) -> BranchResult {
        let (mean, se) = self.sums.mean_se();
        let six = |v: &[f64; WIDTH]| [v[at], v[at + 1], v[at + 2], v[at + 3], v[at + 4], v[at + 5]];
        BranchResult {
            cubeless: RolloutResult {
                mean: six(&mean),
                se: six(&se),
                trials: self.sums.n,
                first_rolls: self.first_rolls,
            },
            cubeful: mean[at + 6],
            cubeful_se: se[at + 6],
        }
    }
}

/// What a cubeful game plays: the cube and whether to roll out "double, take" too.
#[derive(Clone, Copy)]
struct CubeJob<'a> {
    cube: CubeContext<'a>,
    double_branch: bool,
}

/// Plays games `progress.done()..cfg.trials` (in batches of whole 36-game blocks, stopping early
/// on `max_se`), calling `after_batch` after each batch (to save the state).
fn run<E>(
    ev: &Evaluator,
    pos: &Position,
    cube: Option<CubeJob<'_>>,
    cfg: &RolloutConfig,
    progress: &mut Progress,
    after_batch: &mut dyn FnMut(&Progress) -> Result<(), E>,
) -> Result<(), E> {
    let plan = QuasiDice::new(cfg.seed, cfg.initial_position);
    // Reported to the program's observer (which draws a bar) only when the user asked for progress.
    let mut task = Task::begin("rollout", "games", Some(cfg.trials), cfg.progress);
    task.set(progress.done(), None);
    // batches of whole 36-game blocks keep the stratification when stopping early
    let batch = (36 * rayon::current_num_threads().max(1) as u64 * 4).max(36);
    let key = if cube.is_some() { 6 } else { 5 };
    while progress.done() < cfg.trials {
        let done = progress.done();
        let end = (done + batch).min(cfg.trials);
        let results: Vec<([f64; WIDTH], usize)> = (done..end)
            .into_par_iter()
            .map_init(
                || Worker { ctx: NPly::new(ev, cfg.seed), cache: PlyCache::default() },
                |w, g| {
                    let mut out = [0f64; WIDTH];
                    let first = match cube {
                        None => {
                            let (x, f) = play_game(&mut w.ctx, pos, &plan, cfg, g);
                            out[..6].copy_from_slice(&x);
                            f
                        }
                        Some(job) => {
                            let (x, f) = play_cubeful(w, pos, &plan, cfg, g, &job.cube, false);
                            out[..7].copy_from_slice(&x);
                            if job.double_branch {
                                let (y, _) = play_cubeful(w, pos, &plan, cfg, g, &job.cube, true);
                                out[DT..].copy_from_slice(&y);
                            }
                            f
                        }
                    };
                    (out, first)
                },
            )
            .collect();
        for (x, f) in &results {
            progress.sums.add(x);
            progress.first_rolls[*f] += 1;
        }
        let (mean, se) = progress.sums.mean_se();
        task.set(progress.done(), None);
        task.set_message(format!("equity {:+.4} ± {:.4}", mean[key], se[key]));
        after_batch(progress)?;
        if cfg.max_se.is_some_and(|m| progress.done() >= 36 && se[key] <= m) {
            break;
        }
    }
    Ok(())
}

/// Rolls out `pos` (player on roll's view).
pub fn rollout(ev: &Evaluator, pos: &Position, cfg: &RolloutConfig) -> RolloutResult {
    let mut progress = Progress::default();
    let _ = run::<()>(ev, pos, None, cfg, &mut progress, &mut |_| Ok(()));
    progress.result()
}

/// One branch of a cubeful rollout.
#[derive(Clone, Debug, PartialEq)]
pub struct BranchResult {
    /// The games' outcomes (a pass counts as a single win).
    pub cubeless: RolloutResult,
    /// Mean cubeful equity, normalised per starting cube (NEMG in match play).
    pub cubeful: f64,
    pub cubeful_se: f64,
}

/// A rolled-out cube decision of the player on roll.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeRolloutResult {
    pub no_double: BranchResult,
    /// `None` when the player cannot double.
    pub double_take: Option<BranchResult>,
    /// Normalised: +1.
    pub double_pass: f64,
    pub action: CubeAction,
    pub redouble: bool,
}

impl CubeRolloutResult {
    fn from_progress(progress: &Progress, cube: &CubeContext<'_>) -> Result<Self, ScoreOutOfRange> {
        let available = cube.unavailable();
        let no_double = progress.branch(0);
        let double_take = available.is_none().then(|| progress.branch(DT));
        let dp_value = match cube.scoring {
            Scoring::Money { .. } => 1.0,
            Scoring::Match { met, score } => met.mwc_after(score, true, cube.cube)?,
        };
        let double_pass = cube.normalised(dp_value)?;
        let beavers = matches!(cube.scoring, Scoring::Money { beavers: true, .. });
        let action = match (available, &double_take) {
            (Some(why), _) => CubeAction::NotAvailable(why),
            (None, Some(dt)) => CubeAction::from_equities(
                CubeEquities { no_double: no_double.cubeful, double_take: dt.cubeful, double_pass },
                beavers,
            ),
            (None, None) => CubeAction::NoDouble,
        };
        Ok(CubeRolloutResult {
            no_double,
            double_take,
            double_pass,
            action,
            redouble: cube.owner == crate::cube::cubeful::Ownership::Mine,
        })
    }

    /// The cubeful equity under the proper action.
    pub fn value(&self) -> f64 {
        match &self.double_take {
            Some(dt) if self.action.doubles() => dt.cubeful.min(self.double_pass),
            _ => self.no_double.cubeful,
        }
    }
}

/// Cubeful rollout of the cube decision of the player on roll in `pos` with the cube `cube`:
/// "no double" and (when the cube is available) "double, take", same dice for both.
pub fn rollout_cube(
    ev: &Evaluator,
    pos: &Position,
    cube: &CubeContext<'_>,
    cfg: &RolloutConfig,
) -> Result<CubeRolloutResult, ScoreOutOfRange> {
    let mut progress = Progress::default();
    // checks the score against the table before any game
    CubeRolloutResult::from_progress(&progress, cube)?;
    let job = CubeJob { cube: *cube, double_branch: cube.unavailable().is_none() };
    let _ = run::<()>(ev, pos, Some(job), cfg, &mut progress, &mut |_| Ok(()));
    CubeRolloutResult::from_progress(&progress, cube)
}

/// Rolls out every legal play of `d1 d2` from `pos` (same seed for each: common random numbers),
/// returning `(play notation, result from the mover's view)`, best mean equity first.
pub fn rollout_plays(
    ev: &Evaluator,
    pos: &Position,
    d1: u8,
    d2: u8,
    cfg: &RolloutConfig,
) -> Vec<(String, RolloutResult)> {
    let plays = crate::rules::movegen::legal_plays(pos, d1, d2);
    let mut out: Vec<(String, RolloutResult)> =
        plays.iter().map(|p| (p.notation(), rollout(ev, &p.result().swapped(), cfg).flipped())).collect();
    out.sort_by(|a, b| b.1.mean[5].total_cmp(&a.1.mean[5]));
    out
}

/// The two output lines of `gammon rollout`: means then standard errors, six decimals each.
pub fn format_result(r: &RolloutResult) -> String {
    let line = |v: &[f64; 6]| v.iter().map(|x| format!("{x:.6}")).collect::<Vec<_>>().join(" ");
    format!("{}\n{}", line(&r.mean), line(&r.se))
}

/// The three output lines of `gammon rollout --cubeful`: the "no double" branch's
/// `win wg wbg lg lbg equity cubeful` means, their standard errors, then
/// `nd nd_se dt dt_se dp action` (`-` for "double, take" when the cube is not available).
pub fn format_cube_result(r: &CubeRolloutResult) -> String {
    let b = &r.no_double;
    let seven = |v: &[f64; 6], c: f64| {
        v.iter().chain(std::iter::once(&c)).map(|x| format!("{x:.6}")).collect::<Vec<_>>().join(" ")
    };
    let dt = match &r.double_take {
        Some(d) => format!("{:.6} {:.6}", d.cubeful, d.cubeful_se),
        None => "- -".to_string(),
    };
    format!(
        "{}\n{}\n{:.6} {:.6} {dt} {:.6} {}",
        seven(&b.cubeless.mean, b.cubeful),
        seven(&b.cubeless.se, b.cubeful_se),
        b.cubeful,
        b.cubeful_se,
        r.double_pass,
        r.action.token(r.redouble)
    )
}

/// Why a rollout job failed.
#[derive(Debug, thiserror::Error)]
pub enum RolloutError {
    #[error("bad position ID {:?}: {source}", engine_core::limits::excerpt(id))]
    Position { id: String, source: crate::rules::position::PositionError },
    #[error("bad match ID {:?}: {source}", engine_core::limits::excerpt(id))]
    MatchId { id: String, source: crate::rules::match_id::MatchIdError },
    #[error(transparent)]
    Score(#[from] ScoreOutOfRange),
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}:{line}:{column}: bad rollout state: {message}")]
    State { path: PathBuf, line: usize, column: usize, message: String },
}

/// Everything needed to continue a rollout: what is rolled out, how, and the progress so far
/// (sums stored as the bits of their `f64`s, so a resumed rollout is bit-identical).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RolloutState {
    pub format: String,
    pub position_id: String,
    pub match_id: Option<String>,
    pub cubeful: bool,
    pub config: RolloutConfig,
    pub games: u64,
    pub sums: Vec<u64>,
    pub squares: Vec<u64>,
    pub first_rolls: Vec<u32>,
}

/// The `format` of state files.
pub const STATE_FORMAT: &str = "gammon-rollout-state-2";
/// The format before cubeful games were variance-reduced and truncated at the bearoff
/// databases; [`RolloutState::load`] still reads it.
const STATE_FORMAT_1: &str = "gammon-rollout-state-1";

impl RolloutState {
    /// A new job with nothing done.
    pub fn new(position_id: &str, match_id: Option<&str>, cubeful: bool, config: RolloutConfig) -> Self {
        let mut s = RolloutState {
            format: STATE_FORMAT.to_string(),
            position_id: position_id.to_string(),
            match_id: match_id.map(str::to_string),
            cubeful,
            config,
            games: 0,
            sums: Vec::new(),
            squares: Vec::new(),
            first_rolls: Vec::new(),
        };
        s.store(&Progress::default());
        s
    }

    fn store(&mut self, p: &Progress) {
        self.games = p.sums.n;
        self.sums = p.sums.s.iter().map(|x| x.to_bits()).collect();
        self.squares = p.sums.s2.iter().map(|x| x.to_bits()).collect();
        self.first_rolls = p.first_rolls.to_vec();
    }

    fn progress(&self, path: &Path) -> Result<Progress, RolloutError> {
        self.progress_in(path, "")
    }

    /// [`RolloutState::progress`], locating its errors in `text` (the file read) when given.
    fn progress_in(&self, path: &Path, text: &str) -> Result<Progress, RolloutError> {
        let at = |field: &str, message: String| {
            let (line, column) = locate(text, field);
            let message = if field.is_empty() { message } else { format!("{field}: {message}") };
            RolloutError::State { path: path.to_path_buf(), line, column, message }
        };
        let bad = |message: String| at("", message);
        if self.format != STATE_FORMAT {
            return Err(bad(format!("format {:?}, expected {STATE_FORMAT:?}", self.format)));
        }
        let floats = |v: &[u64], what: &str| -> Result<[f64; WIDTH], RolloutError> {
            let a: [u64; WIDTH] =
                v.try_into().map_err(|_| bad(format!("{what}: {} values, expected {WIDTH}", v.len())))?;
            Ok(a.map(f64::from_bits))
        };
        let first_rolls: [u32; OUTCOMES] = self
            .first_rolls
            .as_slice()
            .try_into()
            .map_err(|_| bad(format!("first_rolls: {} values, expected {OUTCOMES}", self.first_rolls.len())))?;
        if first_rolls.iter().map(|&n| u64::from(n)).sum::<u64>() != self.games {
            return Err(at("first_rolls", "they do not add up to games".to_string()));
        }
        self.config.validate().map_err(|e| at(e.field, e.message))?;
        self.position().map_err(|e| at("position_id", e.to_string()))?;
        self.match_state().map_err(|e| at("match_id", e.to_string()))?;
        let (s, s2) = (floats(&self.sums, "sums")?, floats(&self.squares, "squares")?);
        if let Some(x) = s.iter().find(|x| !x.is_finite()) {
            return Err(at("sums", format!("{x} is not a finite number")));
        }
        if let Some(x) = s2.iter().find(|x| !(x.is_finite() && **x >= 0.0)) {
            return Err(at("squares", format!("{x} is not a finite number of 0 or more")));
        }
        Ok(Progress { sums: Sums { n: self.games, s, s2 }, first_rolls })
    }

    /// Reads a state file (at most [`engine_core::limits::MAX_INPUT_FILE_BYTES`] of it) and checks
    /// every field: the settings as the command line would ([`RolloutConfig::validate`]), the
    /// position and match IDs, and the progress (finite sums, first rolls adding up to the games).
    /// Errors give the line and column of the field.
    pub fn load(path: &Path) -> Result<Self, RolloutError> {
        use engine_core::limits::{read_to_string_limited, ReadError, MAX_INPUT_FILE_BYTES};
        let text = read_to_string_limited(path, MAX_INPUT_FILE_BYTES).map_err(|e| match e {
            ReadError::Io(source) => RolloutError::Io { path: path.to_path_buf(), source },
            e @ ReadError::TooLarge { .. } => {
                RolloutError::State { path: path.to_path_buf(), line: 1, column: 1, message: e.to_string() }
            }
        })?;
        let mut state: RolloutState = serde_json::from_str(&text).map_err(|e| RolloutError::State {
            path: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        if state.format == STATE_FORMAT_1 {
            // its cubeful games ignored these two settings: the rest of the rollout must too,
            // or its games would not be alike (cubeless ones are unchanged)
            if state.cubeful {
                state.config.variance_reduction = false;
                state.config.bearoff_truncation = false;
            }
            state.format = STATE_FORMAT.to_string();
        }
        state.progress_in(path, &text)?;
        Ok(state)
    }

    /// Writes the state to `path` atomically ([`engine_core::atomic_file`]).
    pub fn save(&self, path: &Path) -> Result<(), RolloutError> {
        let io = |source| RolloutError::Io { path: path.to_path_buf(), source };
        let text = serde_json::to_string_pretty(self).map_err(|e| io(std::io::Error::other(e)))?;
        engine_core::atomic_file::write_atomic(path, text.as_bytes()).map_err(io)
    }

    /// Games played so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Plays the games still to play (up to `config.trials`), saving to `save` after every batch
    /// and at the end; returns the output lines ([`format_result`] or [`format_cube_result`]).
    pub fn run(&mut self, ev: &Evaluator, save: Option<&Path>) -> Result<String, RolloutError> {
        self.run_outcome(ev, save).map(|o| o.text())
    }

    fn position(&self) -> Result<Position, RolloutError> {
        let id = &self.position_id;
        Position::from_id(id).map_err(|source| RolloutError::Position { id: id.clone(), source })
    }

    fn match_state(&self) -> Result<Option<MatchState>, RolloutError> {
        let Some(id) = &self.match_id else { return Ok(None) };
        MatchState::from_id(id).map(Some).map_err(|source| RolloutError::MatchId { id: id.clone(), source })
    }

    /// [`RolloutState::run`], answering the figures rather than their text.
    pub fn run_outcome(&mut self, ev: &Evaluator, save: Option<&Path>) -> Result<RolloutOutcome, RolloutError> {
        let pos = self.position()?;
        let state = self.match_state()?;
        let met = crate::cube::met::default_met();
        let cube = state.as_ref().map_or_else(CubeContext::money, |s| CubeContext::from_match_state(s, met));
        let mut progress = self.progress(save.unwrap_or(Path::new("-")))?;
        let cfg = self.config;
        let job = self.cubeful.then_some(CubeJob { cube, double_branch: cube.unavailable().is_none() });
        if self.cubeful {
            CubeRolloutResult::from_progress(&progress, &cube)?;
        }
        let mut after = |p: &Progress| -> Result<(), RolloutError> {
            self.store(p);
            match save {
                Some(path) => self.save(path),
                None => Ok(()),
            }
        };
        run(ev, &pos, job, &cfg, &mut progress, &mut after)?;
        self.store(&progress);
        if let Some(path) = save {
            self.save(path)?;
        }
        Ok(if self.cubeful {
            RolloutOutcome::Cubeful(CubeRolloutResult::from_progress(&progress, &cube)?)
        } else {
            RolloutOutcome::Cubeless(progress.result())
        })
    }
}

/// The line and column (from 1) in a JSON `text` of the field at the dotted `path`
/// (`config.play.plies`): each key is looked for after the one before. Where a key is not found
/// (or `text` is empty), the place of the last one found, or 1:1.
fn locate(text: &str, path: &str) -> (usize, usize) {
    let mut at = 0;
    for key in path.split('.').filter(|k| !k.is_empty()) {
        match text[at..].find(&format!("\"{key}\"")) {
            Some(i) => at += i,
            None => break,
        }
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// What `gammon rollout` reports: a position's cubeless figures, or a rolled-out cube decision.
// one value per command, never stored in bulk: the variants' size difference costs nothing
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum RolloutOutcome {
    Cubeless(RolloutResult),
    Cubeful(CubeRolloutResult),
}

impl RolloutOutcome {
    /// The text lines of [`format_result`] or [`format_cube_result`].
    pub fn text(&self) -> String {
        match self {
            RolloutOutcome::Cubeless(r) => format_result(r),
            RolloutOutcome::Cubeful(r) => format_cube_result(r),
        }
    }

    /// The same figures as one JSON object (`gammon rollout --json`): `trials`, `mean` and `se`
    /// (each `win wg wbg lg lbg equity`), and for a cube decision `cubeful` with the branches'
    /// equities, their standard errors and the action.
    pub fn json(&self) -> serde_json::Value {
        let figures = |r: &RolloutResult| {
            let named = |v: &[f64; 6]| serde_json::json!({"win": v[0], "wg": v[1], "wbg": v[2], "lg": v[3], "lbg": v[4], "equity": v[5]});
            serde_json::json!({"trials": r.trials, "mean": named(&r.mean), "se": named(&r.se)})
        };
        match self {
            RolloutOutcome::Cubeless(r) => figures(r),
            RolloutOutcome::Cubeful(r) => {
                let mut obj = figures(&r.no_double.cubeless);
                obj["cubeful"] = serde_json::json!({
                    "no_double": r.no_double.cubeful,
                    "no_double_se": r.no_double.cubeful_se,
                    "double_take": r.double_take.as_ref().map(|d| d.cubeful),
                    "double_take_se": r.double_take.as_ref().map(|d| d.cubeful_se),
                    "double_pass": r.double_pass,
                    "action": r.action.token(r.redouble),
                });
                obj
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::exact_bearoff;

    fn quick(trials: u64) -> RolloutConfig {
        RolloutConfig { trials, ..RolloutConfig::default() }
    }

    #[test]
    fn json_carries_the_text_figures() {
        let ev = Evaluator::embedded();
        let pos = Position::from_id("4HPwATDgc/ABMA").unwrap();
        let r = rollout(ev, &pos, &RolloutConfig { truncate: Some(4), ..quick(72) });
        let outcome = RolloutOutcome::Cubeless(r.clone());
        let j = outcome.json();
        assert_eq!(j["trials"], 72);
        let text: Vec<f64> = outcome.text().split_whitespace().map(|t| t.parse().unwrap()).collect();
        let names = ["win", "wg", "wbg", "lg", "lbg", "equity"];
        for (i, name) in names.iter().enumerate() {
            assert!((j["mean"][name].as_f64().unwrap() - text[i]).abs() < 1e-6, "{name}");
            assert!((j["se"][name].as_f64().unwrap() - text[6 + i]).abs() < 1e-6, "{name} se");
        }
        assert!(j.get("cubeful").is_none());
    }

    #[test]
    fn bearoff_rollout_matches_the_database() {
        let ev = Evaluator::embedded();
        // one-sided database position with gammon chances for the player on roll
        let pos = Position::from_points(&[(1, 3), (2, 2), (3, 2)], &[(6, 5), (5, 5), (4, 5)]).unwrap();
        let exact = exact_bearoff(&pos);
        for vr in [false, true] {
            let cfg = RolloutConfig { bearoff_truncation: false, variance_reduction: vr, ..quick(720) };
            let r = rollout(ev, &pos, &cfg);
            for k in 0..5 {
                let tol = 3.0 * r.se[k] + 0.01;
                assert!((r.mean[k] - f64::from(exact.0[k])).abs() <= tol, "vr={vr} k={k}: {r:?} vs {exact:?}");
            }
            assert!(r.se[0] > 0.0 || exact.0[0] > 0.999);
        }
        // with bearoff truncation the first position is exact at once
        let r = rollout(ev, &pos, &quick(36));
        assert_eq!(r.se, [0.0; 6]);
        assert!((r.mean[5] - f64::from(exact.equity())).abs() < 1e-6);
    }

    #[test]
    fn seeded_and_thread_independent() {
        let ev = Evaluator::embedded();
        let pos = Position::from_id("4HPwATDgc/ABMA").unwrap();
        let cfg = RolloutConfig { truncate: Some(6), ..quick(72) };
        let a = rollout(ev, &pos, &cfg);
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let b = one.install(|| rollout(ev, &pos, &cfg));
        assert_eq!(a, b);
        let c = rollout(ev, &pos, &RolloutConfig { seed: 2, ..cfg });
        assert_ne!(a.mean, c.mean);
        // cubeful and variance-reduced likewise
        let cube = CubeContext::money();
        let a = rollout_cube(ev, &pos, &cube, &cfg).unwrap();
        assert_eq!(a, one.install(|| rollout_cube(ev, &pos, &cube, &cfg)).unwrap());
    }

    #[test]
    fn whole_blocks_see_every_first_roll_equally() {
        let ev = Evaluator::embedded();
        let pos = Position::from_id("4HPwATDgc/ABMA").unwrap();
        let r = rollout(ev, &pos, &RolloutConfig { truncate: Some(1), variance_reduction: false, ..quick(72) });
        assert_eq!(r.first_rolls, [2; OUTCOMES]);
        let r = rollout(
            ev,
            &pos,
            &RolloutConfig { truncate: Some(1), variance_reduction: false, initial_position: true, ..quick(60) },
        );
        for (i, &n) in r.first_rolls.iter().enumerate() {
            let (a, b) = crate::analysis::quasi_dice::outcome_roll(i);
            assert_eq!(n, if a == b { 0 } else { 2 }, "roll {a}{b}");
        }
    }

    #[test]
    fn variance_reduction_lowers_the_error() {
        let ev = Evaluator::embedded();
        let pos = Position::from_id("4HPwATDgc/ABMA").unwrap();
        let plain = rollout(ev, &pos, &RolloutConfig { truncate: Some(4), variance_reduction: false, ..quick(144) });
        let vr = rollout(ev, &pos, &RolloutConfig { truncate: Some(4), ..quick(144) });
        assert!(vr.se[5] < plain.se[5], "{vr:?} vs {plain:?}");
        assert!((vr.mean[5] - plain.mean[5]).abs() < 3.0 * (plain.se[5] + vr.se[5]) + 0.02);
    }

    #[test]
    fn candidate_plays_in_the_database_get_their_exact_values() {
        let ev = Evaluator::embedded();
        let pos = Position::from_points(&[(6, 2), (5, 2), (3, 1)], &[(2, 2), (4, 2), (6, 1)]).unwrap();
        let ranked = rollout_plays(ev, &pos, 4, 1, &quick(36));
        let plays = crate::rules::movegen::legal_plays(&pos, 4, 1);
        assert_eq!(ranked.len(), plays.len());
        for w in ranked.windows(2) {
            assert!(w[0].1.mean[5] >= w[1].1.mean[5]);
        }
        for (name, r) in &ranked {
            let play = plays.iter().find(|p| &p.notation() == name).unwrap();
            let exact = exact_bearoff(&play.result().swapped()).flipped();
            assert!((r.mean[0] - f64::from(exact.0[0])).abs() < 1e-6, "{name}: {r:?} vs {exact:?}");
        }
    }

    #[test]
    fn cubeful_bearoff_rollout_matches_the_cubeful_database() {
        // the seed's two-sided example: X on its 2 and 5 points, O on its 2 and 3; the database's
        // money equities (centred no double 0.1605, opponent owns 0.1605: double/take 0.3210)
        let ev = Evaluator::embedded();
        let pos = Position::from_id("CgAAEAEAAAAAAA").unwrap();
        let db = crate::eval::bearoff::cache::two_sided_default().equities(&pos).unwrap().cubeful.unwrap();
        let cube = CubeContext::money();
        let plain = RolloutConfig { bearoff_truncation: false, variance_reduction: false, ..quick(1296) };
        let r = rollout_cube(ev, &pos, &cube, &plain).unwrap();
        let dt = r.double_take.as_ref().unwrap();
        eprintln!(
            "nd {:.4}±{:.4} dt {:.4}±{:.4} vs {db:?}",
            r.no_double.cubeful, r.no_double.cubeful_se, dt.cubeful, dt.cubeful_se
        );
        assert!((r.no_double.cubeful - db.centred).abs() <= 3.0 * r.no_double.cubeful_se + 0.02, "{r:?} vs {db:?}");
        assert!((dt.cubeful - 2.0 * db.opponent_owns).abs() <= 3.0 * dt.cubeful_se + 0.02, "{r:?} vs {db:?}");
        assert_eq!(r.action, CubeAction::DoubleTake);
        assert_eq!(r.double_pass, 1.0);
        // a pass never happens at the root, so the cubeless win rate is the database's
        assert!((r.no_double.cubeless.mean[0] - db_win(&pos)).abs() < 4.0 * r.no_double.cubeless.se[0] + 0.01);
    }

    #[test]
    fn cubeful_variance_reduction_is_exact_on_the_seeds_bearoff() {
        // the seed's CgAAEAEAAAAAAA played out (no bearoff truncation): with every roll's luck
        // measured by the database's exact cubeful equities, each game's reduced value is the
        // position's exact one. 360 games are not whole blocks of the second roll, so the plain
        // mean is not exact by stratification alone.
        use crate::cube::cubeful::Ownership;
        let ev = Evaluator::embedded();
        let pos = Position::from_id("CgAAEAEAAAAAAA").unwrap();
        let money = CubeContext::money();
        let db = crate::eval::bearoff::cache::two_sided_default().equities(&pos).unwrap().cubeful.unwrap();
        let plain = RolloutConfig { bearoff_truncation: false, variance_reduction: false, ..quick(360) };
        let reduced = RolloutConfig { variance_reduction: true, ..plain };
        // the seed: centred no double 0.1605 (so double, take 2 x 0.1605 = 0.3210), owned 0.3441,
        // opponent-owned 0.1605
        let cases = [
            (money, (0.1605, db.centred), Some((0.3210, 2.0 * db.opponent_owns))),
            (
                CubeContext { cube: 2, owner: Ownership::Mine, ..money },
                (0.3441, db.owned),
                Some((0.3210, 2.0 * db.opponent_owns)),
            ),
            (CubeContext { cube: 2, owner: Ownership::Theirs, ..money }, (0.1605, db.opponent_owns), None),
        ];
        for (cube, nd, dt) in cases {
            let p = rollout_cube(ev, &pos, &cube, &plain).unwrap();
            let r = rollout_cube(ev, &pos, &cube, &reduced).unwrap();
            let mut pairs = vec![(&p.no_double, &r.no_double, nd)];
            if let (Some(pd), Some(rd), Some(dt)) = (&p.double_take, &r.double_take, dt) {
                pairs.push((pd, rd, dt));
            }
            assert_eq!(pairs.len(), 1 + usize::from(dt.is_some()), "{cube:?}");
            for (pb, rb, (seed, exact)) in pairs {
                eprintln!(
                    "{:?} {}-cube: plain {:+.5} ± {:.5}, reduced {:+.7} ± {:.7}, database {exact:+.7}",
                    cube.owner, cube.cube, pb.cubeful, pb.cubeful_se, rb.cubeful, rb.cubeful_se
                );
                // the database stores its figures to about 3e-5; the seed's have four decimals
                assert!((rb.cubeful - exact).abs() <= 2.0 * rb.cubeful_se + 3e-5, "{rb:?} vs {exact}");
                assert!((rb.cubeful - seed).abs() <= 2.0 * rb.cubeful_se + 5e-5, "{rb:?} vs {seed}");
                assert!(rb.cubeful_se < pb.cubeful_se / 100.0, "{rb:?} vs {pb:?}");
                assert!((pb.cubeful - exact).abs() <= 3.0 * pb.cubeful_se + 5e-5, "{pb:?} vs {exact}");
            }
        }
    }

    #[test]
    fn cubeful_variance_reduction_is_unbiased_and_lowers_the_error() {
        // a 64-59 pip race played to the end with cube decisions all the way, in money play and
        // at 5-away 5-away: the reduced and plain means agree, the reduced error is far smaller
        let ev = Evaluator::embedded();
        let pos = Position::from_id("PA8HAIDnOQAAAA").unwrap();
        let met = crate::cube::met::MatchEquityTable::kazaross_xg2();
        let matched = CubeContext {
            scoring: Scoring::Match { met: &met, score: crate::cube::met::MatchScore::new(5, 5, false) },
            ..CubeContext::money()
        };
        for (cube, trials) in [(CubeContext::money(), 2592), (matched, 1296)] {
            let plain = rollout_cube(ev, &pos, &cube, &RolloutConfig { variance_reduction: false, ..quick(trials) });
            let reduced = rollout_cube(ev, &pos, &cube, &quick(trials));
            let (plain, reduced) = (plain.unwrap(), reduced.unwrap());
            let branches = |r: &CubeRolloutResult| [r.no_double.clone(), r.double_take.clone().unwrap()];
            for (p, r) in branches(&plain).iter().zip(&branches(&reduced)) {
                eprintln!(
                    "plain {:+.4} ± {:.4}, reduced {:+.4} ± {:.4}",
                    p.cubeful, p.cubeful_se, r.cubeful, r.cubeful_se
                );
                let both = p.cubeful_se.hypot(r.cubeful_se);
                assert!((p.cubeful - r.cubeful).abs() <= 2.0 * both, "{p:?} vs {r:?}");
                assert!(r.cubeful_se < p.cubeful_se / 3.0, "{p:?} vs {r:?}");
                // the cubeless outputs are reduced too
                let (pc, rc) = (&p.cubeless, &r.cubeless);
                assert!((pc.mean[5] - rc.mean[5]).abs() <= 2.0 * pc.se[5].hypot(rc.se[5]), "{pc:?} vs {rc:?}");
                assert!(rc.se[5] < pc.se[5] / 2.0, "{pc:?} vs {rc:?}");
            }
        }
    }

    #[test]
    fn cubeful_games_stop_where_the_settings_say() {
        let ev = Evaluator::embedded();
        let money = CubeContext::money();
        // the start is in the two-sided database: its exact cubeful equities at once
        let pos = Position::from_id("CgAAEAEAAAAAAA").unwrap();
        let db = crate::eval::bearoff::cache::two_sided_default().equities(&pos).unwrap().cubeful.unwrap();
        // (the mean and error of 36 equal values are only so in floating point)
        let exactly = |b: &BranchResult, v: f64| (b.cubeful - v).abs() < 1e-12 && b.cubeful_se < 1e-6;
        let r = rollout_cube(ev, &pos, &money, &quick(36)).unwrap();
        assert!(exactly(&r.no_double, db.centred), "{r:?} vs {db:?}");
        assert!(exactly(r.double_take.as_ref().unwrap(), 2.0 * db.opponent_owns), "{r:?} vs {db:?}");
        // truncated at once: the 0-ply equities of each branch's decision, not the best action's
        let opening = Position::from_id("4HPwATDgc/ABMA").unwrap();
        let (_, a) = evaluate_position(&mut NPly::new(ev, 1), &opening, &money, 0).unwrap();
        let r = rollout_cube(ev, &opening, &money, &RolloutConfig { truncate: Some(0), ..quick(36) }).unwrap();
        assert!(exactly(&r.no_double, a.equities.no_double), "{r:?} vs {a:?}");
        assert!(exactly(r.double_take.as_ref().unwrap(), a.equities.double_take), "{r:?} vs {a:?}");
        // a one-sided database position (too many chequers for the two-sided one) truncates too,
        // by Janowski's model of its exact probabilities
        let one_sided = Position::from_points(&[(1, 3), (2, 2), (3, 2)], &[(6, 5), (5, 5), (4, 5)]).unwrap();
        let (_, a) = evaluate_position(&mut NPly::new(ev, 1), &one_sided, &money, 0).unwrap();
        let r = rollout_cube(ev, &one_sided, &money, &quick(36)).unwrap();
        assert!(exactly(&r.no_double, a.equities.no_double), "{r:?} vs {a:?}");
    }

    #[test]
    fn double_take_games_reuse_the_no_double_searches_exactly() {
        // the cache only saves work: a "double, take" game gives the same figures without it
        let ev = Evaluator::embedded();
        let met = crate::cube::met::MatchEquityTable::kazaross_xg2();
        let matched = CubeContext {
            scoring: Scoring::Match { met: &met, score: crate::cube::met::MatchScore::new(7, 4, false) },
            ..CubeContext::money()
        };
        let cfg = RolloutConfig { truncate: Some(10), ..quick(36) };
        let plan = QuasiDice::new(cfg.seed, false);
        let pos = Position::from_id("4HPwATDgc/ABMA").unwrap();
        let mut w = Worker { ctx: NPly::new(ev, 1), cache: PlyCache::default() };
        let mut hits = 0;
        for cube in [CubeContext::money(), matched] {
            for g in 0..12 {
                play_cubeful(&mut w, &pos, &plan, &cfg, g, &cube, false);
                let recorded = w.cache.plies.len();
                let (with, _) = play_cubeful(&mut w, &pos, &plan, &cfg, g, &cube, true);
                w.cache.plies.clear();
                let (without, _) = play_cubeful(&mut w, &pos, &plan, &cfg, g, &cube, true);
                assert_eq!(with.map(f64::to_bits), without.map(f64::to_bits), "game {g} {cube:?}");
                hits += recorded;
            }
        }
        assert!(hits > 0);
    }

    fn db_win(pos: &Position) -> f64 {
        f64::from(exact_bearoff(pos).0[0])
    }

    #[test]
    fn cubeful_match_rollout_is_normalised_and_respects_the_cube() {
        let ev = Evaluator::embedded();
        let met = crate::cube::met::MatchEquityTable::kazaross_xg2();
        let pos = Position::from_id("4HPMwQCMz+AIIQ").unwrap();
        let score = crate::cube::met::MatchScore::new(5, 5, false);
        let cube = CubeContext {
            scoring: crate::cube::cubeful::Scoring::Match { met: &met, score },
            cube: 1,
            owner: crate::cube::cubeful::Ownership::Centred,
        };
        let cfg = RolloutConfig { truncate: Some(8), ..quick(144) };
        let r = rollout_cube(ev, &pos, &cube, &cfg).unwrap();
        assert!((r.double_pass - 1.0).abs() < 1e-12);
        let nd = r.no_double.cubeful;
        assert!(nd > -1.5 && nd < 1.0, "{r:?}");
        // the opponent owns the cube: one branch only
        let theirs = CubeContext { cube: 2, owner: crate::cube::cubeful::Ownership::Theirs, ..cube };
        let r = rollout_cube(ev, &pos, &theirs, &cfg).unwrap();
        assert!(r.double_take.is_none());
        assert_eq!(r.action, CubeAction::NotAvailable(crate::cube::decision::Unavailable::OpponentOwnsCube));
        // a score beyond the table is an error, not a panic
        let far = CubeContext {
            scoring: crate::cube::cubeful::Scoring::Match {
                met: &met,
                score: crate::cube::met::MatchScore::new(99, 5, false),
            },
            ..cube
        };
        assert!(rollout_cube(ev, &pos, &far, &cfg).is_err());
    }

    fn temp_path(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("gammon-rollout-{}-{name}.json", std::process::id()))
    }

    #[test]
    fn resumed_rollouts_are_identical_to_uninterrupted_ones() {
        let ev = Evaluator::embedded();
        for (cubeful, mid) in [(false, None), (true, None), (true, Some("cAngACAAIAAA"))] {
            let cfg = RolloutConfig { truncate: Some(6), ..quick(36) };
            let path = temp_path(&format!("{cubeful}-{}", mid.is_some()));
            let mut first = RolloutState::new("4HPMwQCMz+AIIQ", mid, cubeful, cfg);
            first.run(ev, Some(&path)).unwrap();
            let mut resumed = RolloutState::load(&path).unwrap();
            assert_eq!(resumed, first);
            assert_eq!(resumed.games(), 36);
            resumed.config.trials = 108;
            let text = resumed.run(ev, Some(&path)).unwrap();
            let mut straight = RolloutState::new("4HPMwQCMz+AIIQ", mid, cubeful, RolloutConfig { trials: 108, ..cfg });
            let expected = straight.run(ev, None).unwrap();
            assert_eq!(text, expected, "cubeful={cubeful} {mid:?}");
            // bit-identical sums, and the file holds them
            assert_eq!(resumed.sums, straight.sums);
            assert_eq!(RolloutState::load(&path).unwrap(), resumed);
            std::fs::remove_file(&path).unwrap();
        }
    }

    #[test]
    fn first_format_cubeful_states_resume_as_they_were_played() {
        let path = temp_path("format-1");
        for cubeful in [false, true] {
            let mut old = RolloutState::new("4HPMwQCMz+AIIQ", None, cubeful, quick(36));
            old.format = STATE_FORMAT_1.to_string();
            old.save(&path).unwrap();
            let state = RolloutState::load(&path).unwrap();
            assert_eq!(state.format, STATE_FORMAT);
            // cubeful games of that format were neither reduced nor stopped in the databases
            assert_eq!(state.config.variance_reduction, !cubeful);
            assert_eq!(state.config.bearoff_truncation, !cubeful);
        }
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn bad_state_files_are_reported_with_their_location() {
        let path = temp_path("bad");
        std::fs::write(&path, "{\n  \"format\": 3\n}").unwrap();
        match RolloutState::load(&path) {
            Err(RolloutError::State { line, .. }) => assert_eq!(line, 2),
            other => panic!("{other:?}"),
        }
        let mut ok = RolloutState::new("4HPMwQCMz+AIIQ", None, false, quick(36));
        ok.first_rolls.pop();
        ok.save(&path).unwrap();
        assert!(matches!(RolloutState::load(&path), Err(RolloutError::State { .. })));
        std::fs::remove_file(&path).unwrap();
        assert!(matches!(RolloutState::load(&path), Err(RolloutError::Io { .. })));
    }

    #[test]
    fn resumed_state_files_are_held_to_the_command_lines_limits() {
        // a state file with `plies: 200` used to be resumed as it was and never finish
        let path = temp_path("limits");
        let ok = RolloutState::new("4HPMwQCMz+AIIQ", None, false, quick(36));
        type Edit = (&'static str, fn(&mut RolloutState));
        let edits: [Edit; 7] = [
            ("config.play.plies", |s| s.config.play.plies = 200),
            ("config.play.noise", |s| s.config.play.noise = -1.0),
            ("config.play.filters", |s| s.config.play.filters[1].threshold = -0.5),
            ("config.max_se", |s| s.config.max_se = Some(-0.01)),
            ("position_id", |s| s.position_id = "not an ID".into()),
            ("match_id", |s| s.match_id = Some("bad".into())),
            ("sums", |s| s.sums[3] = f64::NAN.to_bits()),
        ];
        for (field, edit) in edits {
            let mut bad = ok.clone();
            edit(&mut bad);
            bad.save(&path).unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            match RolloutState::load(&path) {
                Err(RolloutError::State { line, column, message, .. }) => {
                    assert!(message.starts_with(field), "{field}: {message}");
                    // the error points at the field's key in the file
                    let key = field.rsplit('.').next().unwrap();
                    let at = text.lines().nth(line - 1).unwrap();
                    assert_eq!(&at[column - 1..column - 1 + key.len() + 2], format!("\"{key}\""), "{field}");
                }
                other => panic!("{field}: {other:?}"),
            }
        }
        // the limits are the command line's: MAX_PLIES itself is accepted
        let mut deepest = ok.clone();
        deepest.config.play = Settings::plies(MAX_PLIES);
        deepest.save(&path).unwrap();
        assert!(RolloutState::load(&path).is_ok());
        assert!(check_max_se(f64::NAN).is_err() && check_max_se(f64::INFINITY).is_err() && check_max_se(0.0).is_ok());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn flipped_and_format() {
        let r = RolloutResult {
            mean: [0.6, 0.2, 0.01, 0.1, 0.005, 0.305],
            se: [0.01, 0.02, 0.03, 0.04, 0.05, 0.06],
            trials: 2,
            first_rolls: [0; OUTCOMES],
        };
        let f = r.flipped();
        assert_eq!(f.flipped(), r);
        assert!((f.mean[0] - 0.4).abs() < 1e-12 && f.mean[1] == 0.1 && f.se[1] == 0.04);
        assert_eq!(
            format_result(&r),
            "0.600000 0.200000 0.010000 0.100000 0.005000 0.305000\n0.010000 0.020000 0.030000 0.040000 0.050000 0.060000"
        );
    }
}
