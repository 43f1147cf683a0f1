//! Cubeless rollouts of a position (and of each candidate play of a roll), as the seed manual's
//! "Rollouts" section describes them: games played to the end (or truncated after a number of
//! plies, or at the bearoff databases, whose exact values are then used) with quasi-random dice
//! ([`engine_core::quasi_dice::QuasiDice`]: the first rolls rotated and stratified), optional
//! luck-based variance reduction, and a standard error for every output.
//!
//! Variance reduction: before each roll the 0-ply value of the best play of every one of the 21
//! rolls is computed; their roll-weighted mean is the 1-ply value of the position, and the chosen
//! roll's value minus that mean is the roll's *luck* (zero mean under the dice). Each game's
//! result minus its summed luck is an unbiased, lower-variance estimate.
//!
//! Games run in parallel with rayon; each game's dice and noise depend only on `(seed, game)`
//! and results are summed in game order, so a seeded rollout gives the same figures whatever the
//! thread count. Owns rollouts only; chequer play is [`crate::nply`]'s.

use crate::eval::{classify, over_probabilities, Evaluator, PositionClass, Probabilities};
use crate::nply::{distinct_rolls, NPly, Settings};
use crate::position::Position;
use engine_core::quasi_dice::{roll_outcome, QuasiDice, OUTCOMES};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

/// How to roll out.
#[derive(Clone, Copy, Debug)]
pub struct RolloutConfig {
    /// Games to play (at most; see `max_se`).
    pub trials: u64,
    /// Chequer play (and truncation evaluation depth).
    pub play: Settings,
    /// Stop each game after this many plies and use the evaluation of the position reached.
    pub truncate: Option<u32>,
    /// Stop at bearoff database positions and use their exact value.
    pub bearoff_truncation: bool,
    pub variance_reduction: bool,
    /// Stop early once the equity's standard error is at most this (checked between batches).
    pub max_se: Option<f64>,
    /// Rollout as initial position (the first roll is never a double).
    pub initial_position: bool,
    pub seed: u64,
    /// Draw a progress bar on standard error (only shown when it is a terminal).
    pub progress: bool,
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

/// Running sums of the six outputs.
#[derive(Clone, Copy, Default)]
struct Sums {
    n: u64,
    s: [f64; 6],
    s2: [f64; 6],
}

impl Sums {
    fn add(&mut self, x: &[f64; 6]) {
        self.n += 1;
        for ((s, s2), &v) in self.s.iter_mut().zip(self.s2.iter_mut()).zip(x) {
            *s += v;
            *s2 += v * v;
        }
    }

    fn mean_se(&self) -> ([f64; 6], [f64; 6]) {
        let n = self.n.max(1) as f64;
        let mean = self.s.map(|s| s / n);
        let mut se = [0.0; 6];
        if self.n > 1 {
            for k in 0..6 {
                let var = ((self.s2[k] / n - mean[k] * mean[k]) * n / (n - 1.0)).max(0.0);
                se[k] = (var / n).sqrt();
            }
        }
        (mean, se)
    }
}

/// Index of a roll among [`distinct_rolls`].
fn distinct_index(d1: u8, d2: u8) -> usize {
    let (a, b) = (d1.min(d2), d1.max(d2));
    distinct_rolls().position(|(x, y, _)| x == a && y == b).expect("dice are 1..=6")
}

/// `p` from the original player's view, given whether the player on roll is that player.
fn view(p: Probabilities, original: bool) -> Probabilities {
    if original {
        p
    } else {
        p.flipped()
    }
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
            let p = view(p, original);
            let mut out = [0f64; 6];
            for k in 0..5 {
                out[k] = f64::from(p.0[k] - luck[k]);
            }
            let [w, wg, wbg, lg, lbg] = [out[0], out[1], out[2], out[3], out[4]];
            out[5] = 2.0 * w - 1.0 + wg - lg + wbg - lbg;
            return (out, first.unwrap_or(0));
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

/// Rolls out `pos` (player on roll's view).
pub fn rollout(ev: &Evaluator, pos: &Position, cfg: &RolloutConfig) -> RolloutResult {
    let plan = QuasiDice::new(cfg.seed, cfg.initial_position);
    let bar = if cfg.progress {
        let b = ProgressBar::with_draw_target(Some(cfg.trials), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games {msg} [{elapsed}<{eta}]") {
            b.set_style(style);
        }
        b
    } else {
        ProgressBar::hidden()
    };
    // batches of whole 36-game blocks keep the stratification when stopping early
    let batch = (36 * rayon::current_num_threads().max(1) as u64 * 4).max(36);
    let mut sums = Sums::default();
    let mut first_rolls = [0u32; OUTCOMES];
    let mut done = 0u64;
    while done < cfg.trials {
        let end = (done + batch).min(cfg.trials);
        let results: Vec<([f64; 6], usize)> = (done..end)
            .into_par_iter()
            .map_init(|| NPly::new(ev, cfg.seed), |ctx, g| play_game(ctx, pos, &plan, cfg, g))
            .collect();
        for (x, f) in &results {
            sums.add(x);
            first_rolls[*f] += 1;
        }
        done = end;
        let (mean, se) = sums.mean_se();
        bar.set_position(done);
        bar.set_message(format!("equity {:+.4} ± {:.4}", mean[5], se[5]));
        if cfg.max_se.is_some_and(|m| done >= 36 && se[5] <= m) {
            break;
        }
    }
    bar.finish_and_clear();
    let (mean, se) = sums.mean_se();
    RolloutResult { mean, se, trials: sums.n, first_rolls }
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
    let plays = crate::movegen::legal_plays(pos, d1, d2);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::exact_bearoff;

    fn quick(trials: u64) -> RolloutConfig {
        RolloutConfig { trials, ..RolloutConfig::default() }
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
            let (a, b) = engine_core::quasi_dice::outcome_roll(i);
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
        let plays = crate::movegen::legal_plays(&pos, 4, 1);
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
