//! Cube efficiency measured by rollouts, as the manual suggests ("calculate easily from
//! rollouts"): for each position a cubeless rollout gives the dead-cube MWC and Janowski's
//! fully live MWC (from the rolled-out probabilities), a cubeful rollout of the cube decision
//! gives the true "no double" MWC of our play, and the x of `MWC = MWC(dead)(1-x) + MWC(live)x`
//! is fitted to them by least squares over a set of positions, with a bootstrap interval over
//! the positions.
//!
//! Owns the measurement and the fit only; the rollouts are `rollout`'s and the model's
//! arithmetic is `cubeful`'s. Match play only: the money model's Jacoby rule would make the dead
//! equity depend on the cube as well.

use backgammon::analysis::rollout::{rollout, rollout_cube, RolloutConfig};
use backgammon::cube::cubeful::{match_live, Scoring};
use backgammon::cube::decision::{CubeContext, Unavailable};
use backgammon::cube::met::MatchScore;
use backgammon::eval::Evaluator;
use backgammon::eval::Probabilities;
use backgammon::rules::match_id::MatchState;
use backgammon::rules::position::Position;
use rand::Rng;

/// One position's rolled-out figures, MWCs of the player on roll at the cube as it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EfficiencySample {
    /// "No double" from the cubeful rollout.
    pub no_double: f64,
    /// Its standard error.
    pub no_double_se: f64,
    /// The cubeless MWC of the rolled-out probabilities.
    pub dead: f64,
    /// Janowski's fully live MWC of the same probabilities.
    pub live: f64,
}

impl EfficiencySample {
    /// The x this position alone implies (`None` when dead and live nearly coincide).
    pub fn efficiency(&self) -> Option<f64> {
        backgammon::cube::cubeful::effective_efficiency(self.no_double, self.dead, self.live)
    }
}

/// Why a position cannot be measured.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum EfficiencyError {
    #[error("money play: cube efficiencies are measured in match play only")]
    MoneyPlay,
    #[error("the player on roll cannot double here: {}", why_not(*.0))]
    NoDouble(Unavailable),
    #[error(transparent)]
    Score(#[from] backgammon::cube::met::ScoreOutOfRange),
}

fn why_not(u: Unavailable) -> &'static str {
    match u {
        Unavailable::Crawford => "the Crawford game",
        Unavailable::OpponentOwnsCube => "the opponent owns the cube",
        Unavailable::DeadCube => "the cube is dead",
        Unavailable::MaxCube => "the cube is at its maximum",
    }
}

/// Rolls `pos` out twice with `cfg` (cubeless, then the cube decision, same seed) at the match
/// score and cube of `cube`.
pub fn measure(
    ev: &Evaluator,
    pos: &Position,
    cube: &CubeContext<'_>,
    cfg: &RolloutConfig,
) -> Result<EfficiencySample, EfficiencyError> {
    let Scoring::Match { met, score } = cube.scoring else {
        return Err(EfficiencyError::MoneyPlay);
    };
    if let Some(why) = cube.unavailable() {
        return Err(EfficiencyError::NoDouble(why));
    }
    let cubeless = rollout(ev, pos, cfg);
    let decision = rollout_cube(ev, pos, cube, cfg)?;
    let m = cubeless.mean;
    let p = Probabilities::from_f64([m[0], m[1], m[2], m[3], m[4]]);
    // the rollout normalises per current cube (NEMG); back to MWC, the standard error scaled by
    // what one normalised unit is worth
    let mwc = |nemg: f64| met.mwc_of_nemg(nemg, score, cube.cube);
    let nd = &decision.no_double;
    Ok(EfficiencySample {
        no_double: mwc(nd.cubeful)?,
        no_double_se: mwc(nd.cubeful_se)? - mwc(0.0)?,
        dead: met.mwc_cubeless(&p, score, cube.cube)?,
        live: match_live(met, &p, score, cube.cube, cube.owner)?,
    })
}

/// The score groups a measurement is broken down by, from the view of the player on roll: the
/// efficiency differs most after the Crawford game and where either side is 2-away.
pub fn score_group(s: MatchScore) -> &'static str {
    match (s.me, s.opp) {
        _ if s.is_post_crawford() => "post-Crawford",
        (2, 2) => "2-away/2-away",
        (2, _) => "on roll 2-away",
        (_, 2) => "opponent 2-away",
        _ => "other scores",
    }
}

/// One line of a cube position file: `POSID MATCHID` and anything after (ignored), as in
/// `tests/data/cube_positions.txt`.
#[derive(Debug, Clone, PartialEq)]
pub struct CubePosition {
    pub position: Position,
    pub state: MatchState,
    /// The file's line number (1-based).
    pub line: usize,
}

/// A bad line of a cube position file.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PositionFileError {
    #[error("line {line}: expected `POSID MATCHID`")]
    Fields { line: usize },
    #[error("line {line}: position ID: {source}")]
    Position { line: usize, source: backgammon::rules::position::PositionError },
    #[error("line {line}: match ID: {source}")]
    Match { line: usize, source: backgammon::rules::match_id::MatchIdError },
}

/// Reads a cube position file; blank lines and lines starting with `#` are skipped.
pub fn read_positions(text: &str) -> Result<Vec<CubePosition>, PositionFileError> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let line = i + 1;
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let mut f = l.split_whitespace();
        let (Some(pid), Some(mid)) = (f.next(), f.next()) else {
            return Err(PositionFileError::Fields { line });
        };
        let position = Position::from_id(pid).map_err(|source| PositionFileError::Position { line, source })?;
        let state = MatchState::from_id(mid).map_err(|source| PositionFileError::Match { line, source })?;
        out.push(CubePosition { position, state, line });
    }
    Ok(out)
}

/// The least-squares x over `samples`: minimises the squared "no double" error of the model
/// summed over the positions (`None` when no position separates dead from live).
pub fn fit(samples: &[EfficiencySample]) -> Option<f64> {
    let (mut num, mut den) = (0.0, 0.0);
    for s in samples {
        let d = s.live - s.dead;
        num += (s.no_double - s.dead) * d;
        den += d * d;
    }
    (den > 1e-12).then(|| num / den)
}

/// The 95% bootstrap interval of [`fit`]: `draws` resamplings of the positions with
/// replacement, seeded.
pub fn bootstrap_interval(samples: &[EfficiencySample], draws: usize, seed: u64) -> Option<(f64, f64)> {
    if samples.is_empty() || draws == 0 {
        return None;
    }
    let mut rng = engine_core::rng::seeded_rng(seed);
    let mut fits = Vec::with_capacity(draws);
    let mut resample = Vec::with_capacity(samples.len());
    for _ in 0..draws {
        resample.clear();
        resample.extend((0..samples.len()).map(|_| samples[rng.random_range(0..samples.len())]));
        if let Some(x) = fit(&resample) {
            fits.push(x);
        }
    }
    if fits.is_empty() {
        return None;
    }
    fits.sort_by(f64::total_cmp);
    let at = |q: f64| fits[((q * fits.len() as f64) as usize).min(fits.len() - 1)];
    Some((at(0.025), at(0.975)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use backgammon::cube::cubeful::Ownership;
    use backgammon::cube::met::MatchEquityTable;

    fn sample(x: f64, dead: f64, live: f64) -> EfficiencySample {
        EfficiencySample { no_double: dead * (1.0 - x) + live * x, no_double_se: 0.0, dead, live }
    }

    #[test]
    fn fit_recovers_the_efficiency_of_exact_samples() {
        let s = [sample(0.7, 0.30, 0.36), sample(0.7, 0.55, 0.50), sample(0.7, 0.20, 0.21)];
        assert!((fit(&s).unwrap() - 0.7).abs() < 1e-12);
        assert!((s[1].efficiency().unwrap() - 0.7).abs() < 1e-12);
        let (lo, hi) = bootstrap_interval(&s, 200, 1).unwrap();
        assert!((lo - 0.7).abs() < 1e-12 && (hi - 0.7).abs() < 1e-12);
        // positions weigh by (live - dead)^2: (0.1 * 0.5 + 0.01 * 0.9) / (0.1 + 0.01)
        let mixed = [sample(0.5, 0.3, 0.3 + 0.1f64.sqrt()), sample(0.9, 0.3, 0.4)];
        assert!((fit(&mixed).unwrap() - 0.059 / 0.11).abs() < 1e-9);
        // no position separates dead from live
        assert_eq!(fit(&[sample(0.7, 0.4, 0.4)]), None);
        assert_eq!(bootstrap_interval(&[], 10, 1), None);
    }

    #[test]
    fn bootstrap_interval_brackets_the_fit_and_is_seeded() {
        let s: Vec<_> =
            (0..40).map(|i| sample(0.6 + 0.01 * f64::from(i % 9), 0.3, 0.35 + 0.001 * f64::from(i))).collect();
        let (lo, hi) = bootstrap_interval(&s, 500, 7).unwrap();
        let x = fit(&s).unwrap();
        assert!(lo < x && x < hi && lo > 0.6 && hi < 0.68, "{lo} {x} {hi}");
        assert_eq!(bootstrap_interval(&s, 500, 7), Some((lo, hi)));
    }

    #[test]
    fn score_groups() {
        let g = |me, opp| score_group(MatchScore::new(me, opp, false));
        assert_eq!(
            (g(4, 1), g(1, 2), g(2, 2), g(2, 5), g(7, 2), g(7, 5)),
            ("post-Crawford", "post-Crawford", "2-away/2-away", "on roll 2-away", "opponent 2-away", "other scores")
        );
    }

    #[test]
    fn position_file_lines_and_errors() {
        let text = "# comment\n\n4HPwATDgc/ABMA cAkgAXAAGAAA 6 2\n4HPwATDgc/ABMA MAEgAAAAAAAA\n";
        let v = read_positions(text).unwrap();
        assert_eq!(v.iter().map(|c| c.line).collect::<Vec<_>>(), [3, 4]);
        assert_eq!(v[0].position, Position::from_id("4HPwATDgc/ABMA").unwrap());
        assert_eq!(v[1].state, MatchState::from_id("MAEgAAAAAAAA").unwrap());
        assert_eq!(read_positions("4HPwATDgc/ABMA\n"), Err(PositionFileError::Fields { line: 1 }));
        assert!(matches!(read_positions("\nxx cAkgAXAAGAAA"), Err(PositionFileError::Position { line: 2, .. })));
        let e = read_positions("4HPwATDgc/ABMA cAkg").unwrap_err();
        assert!(matches!(e, PositionFileError::Match { line: 1, .. }), "{e}");
        assert!(e.to_string().starts_with("line 1: match ID: "), "{e}");
    }

    proptest::proptest! {
        #[test]
        fn position_files_never_panic(text in "\\PC{0,200}") {
            let _ = read_positions(&text);
        }
    }

    #[test]
    fn measure_refuses_money_play_and_dead_cubes() {
        let ev = Evaluator::embedded();
        let pos = Position::from_id("4HPwATDgc/ABMA").unwrap();
        let cfg = RolloutConfig { trials: 36, ..RolloutConfig::default() };
        assert_eq!(measure(ev, &pos, &CubeContext::money(), &cfg), Err(EfficiencyError::MoneyPlay));
        let met = MatchEquityTable::woolsey();
        let crawford = CubeContext {
            scoring: Scoring::Match { met: &met, score: MatchScore::new(3, 1, true) },
            cube: 1,
            owner: Ownership::Centred,
        };
        let e = measure(ev, &pos, &crawford, &cfg).unwrap_err();
        assert_eq!(e, EfficiencyError::NoDouble(Unavailable::Crawford));
        assert_eq!(e.to_string(), "the player on roll cannot double here: the Crawford game");
    }

    #[test]
    fn measure_post_crawford_opening() {
        // the trailer 4-away on roll at the opening: MWCs between losing the match (0) and
        // winning a gammon on the 1-cube (2-away post-Crawford), the trailer's live cube worth
        // more than the dead one, and "no double" between the two (the cube is worth having, but
        // no more than a perfectly efficient one), within three standard errors
        let ev = Evaluator::embedded();
        let pos = Position::from_id("4HPwATDgc/ABMA").unwrap();
        let cfg = RolloutConfig { trials: 36, ..RolloutConfig::default() };
        let met = MatchEquityTable::woolsey();
        let score = MatchScore::new(4, 1, false);
        let post = CubeContext { scoring: Scoring::Match { met: &met, score }, cube: 1, owner: Ownership::Centred };
        let s = measure(ev, &pos, &post, &cfg).unwrap();
        let top = met.mwc_after(score, true, 2).unwrap();
        for v in [s.no_double, s.dead, s.live] {
            assert!(0.0 < v && v < top, "{s:?}");
        }
        assert!(s.live > s.dead && s.no_double_se > 0.0, "{s:?}");
        assert!(s.dead < s.no_double && s.no_double < s.live + 3.0 * s.no_double_se, "{s:?}");
    }
}
