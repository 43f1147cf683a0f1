//! Cube actions from cubeful equities, as the GNU Backgammon manual ("Cube decisions") makes them:
//! compare the doubler's cubeful equity for "no double", "double, take" and "double, pass" and
//! pick no double / double, take / double, pass / too good to double (pass or take) / beaver.
//!
//! Owns only the decision. The equities come from anywhere: [`analyse`] computes 0-ply ones from
//! the five cubeless probabilities with `cubeful` (Janowski's model); [`evaluate_position`] feeds
//! it n-ply cubeless probabilities of a position ([`crate::eval::nply`]) with the position's cube
//! efficiency class; rollouts pass their own to [`CubeAction::from_equities`]. Whether the cube may
//! be turned (Crawford game, who owns it, a dead cube) is checked here from the score and the
//! owner. [`CubeContext`] is the cube, score and rules as the player on roll sees them, read from
//! a match ID. Must not search or play: probabilities come from `nply`, plays from rollouts.

use crate::cube::cubeful::{match_cubeful, money_cubeful, Ownership, PositionClass, Scoring};
use crate::cube::met::{MatchEquityTable, MatchScore, ScoreOutOfRange};
use crate::eval::nply::NPly;
use crate::eval::Probabilities;
use crate::rules::cube::CubeOwner;
use crate::rules::match_id::MatchState;
use crate::rules::position::{Position, ON_ROLL};
use std::fmt;

/// The doubler's cubeful equities, all in one unit: money equity per current cube value (so
/// "double, pass" is +1), or MWC in match play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CubeEquities {
    pub no_double: f64,
    pub double_take: f64,
    pub double_pass: f64,
}

impl CubeEquities {
    /// The equity of the proper action: the better of "no double" and the taker's best reply.
    pub fn optimal(&self) -> f64 {
        self.no_double.max(self.double_take.min(self.double_pass))
    }
}

/// Why the player cannot double.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unavailable {
    /// The Crawford game: no doubling.
    Crawford,
    /// The opponent owns the cube.
    OpponentOwnsCube,
    /// Winning the current cube already wins the match (e.g. the leader after Crawford).
    DeadCube,
    /// The cube is at 32768.
    MaxCube,
}

/// The proper cube action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CubeAction {
    /// Don't double; if doubled the opponent should take.
    NoDouble,
    /// Don't double; if doubled the opponent should beaver (money play with beavers).
    NoDoubleBeaver,
    DoubleTake,
    /// Double, and the opponent should beaver.
    DoubleBeaver,
    DoublePass,
    /// Playing on is better than cashing; the opponent would pass a double.
    TooGoodPass,
    /// Playing on is better than cashing although the opponent would take a double.
    TooGoodTake,
    /// Doubling is not possible.
    NotAvailable(Unavailable),
}

impl CubeAction {
    /// gnubg's decision rule on the doubler's cubeful equities. `beavers`: the taker may beaver,
    /// which is right when "double, take" is worse than 0 for the doubler (money play only).
    pub fn from_equities(e: CubeEquities, beavers: bool) -> CubeAction {
        let taker_passes = e.double_take >= e.double_pass;
        if taker_passes {
            if e.no_double > e.double_pass {
                CubeAction::TooGoodPass
            } else {
                CubeAction::DoublePass
            }
        } else if e.no_double > e.double_pass {
            CubeAction::TooGoodTake
        } else {
            let beaver = beavers && e.double_take < 0.0;
            match (e.no_double >= e.double_take, beaver) {
                (true, false) => CubeAction::NoDouble,
                (true, true) => CubeAction::NoDoubleBeaver,
                (false, false) => CubeAction::DoubleTake,
                (false, true) => CubeAction::DoubleBeaver,
            }
        }
    }

    /// A one-word (hyphenated) name for machine-readable output: `no-double`, `double-take`,
    /// `too-good-pass`, `unavailable-crawford`, … (`redouble` when the doubler owns the cube).
    pub fn token(self, redouble: bool) -> &'static str {
        let d = |plain: &'static str, re: &'static str| if redouble { re } else { plain };
        match self {
            CubeAction::NoDouble => d("no-double", "no-redouble"),
            CubeAction::NoDoubleBeaver => d("no-double-beaver", "no-redouble-beaver"),
            CubeAction::DoubleTake => d("double-take", "redouble-take"),
            CubeAction::DoubleBeaver => d("double-beaver", "redouble-beaver"),
            CubeAction::DoublePass => d("double-pass", "redouble-pass"),
            CubeAction::TooGoodPass => d("too-good-pass", "too-good-pass"),
            CubeAction::TooGoodTake => d("too-good-take", "too-good-take"),
            CubeAction::NotAvailable(Unavailable::Crawford) => "unavailable-crawford",
            CubeAction::NotAvailable(Unavailable::OpponentOwnsCube) => "unavailable-opponent-owns-cube",
            CubeAction::NotAvailable(Unavailable::DeadCube) => "unavailable-dead-cube",
            CubeAction::NotAvailable(Unavailable::MaxCube) => "unavailable-max-cube",
        }
    }

    /// Whether the action is to turn the cube.
    pub fn doubles(self) -> bool {
        matches!(self, CubeAction::DoubleTake | CubeAction::DoubleBeaver | CubeAction::DoublePass)
    }

    /// Whether the taker should take (or beaver) if doubled; `None` when no double is possible.
    pub fn takes(self) -> Option<bool> {
        match self {
            CubeAction::DoublePass | CubeAction::TooGoodPass => Some(false),
            CubeAction::NotAvailable(_) => None,
            _ => Some(true),
        }
    }

    /// gnubg's wording; `redouble` when the doubler owns the cube.
    pub fn describe(self, redouble: bool) -> &'static str {
        match (self, redouble) {
            (CubeAction::NoDouble, false) => "No double, take",
            (CubeAction::NoDouble, true) => "No redouble, take",
            (CubeAction::NoDoubleBeaver, false) => "No double, beaver",
            (CubeAction::NoDoubleBeaver, true) => "No redouble, beaver",
            (CubeAction::DoubleTake, false) => "Double, take",
            (CubeAction::DoubleTake, true) => "Redouble, take",
            (CubeAction::DoubleBeaver, false) => "Double, beaver",
            (CubeAction::DoubleBeaver, true) => "Redouble, beaver",
            (CubeAction::DoublePass, false) => "Double, pass",
            (CubeAction::DoublePass, true) => "Redouble, pass",
            (CubeAction::TooGoodPass, false) => "Too good to double, pass",
            (CubeAction::TooGoodPass, true) => "Too good to redouble, pass",
            (CubeAction::TooGoodTake, false) => "Too good to double, take",
            (CubeAction::TooGoodTake, true) => "Too good to redouble, take",
            (CubeAction::NotAvailable(Unavailable::Crawford), _) => "No double (Crawford game)",
            (CubeAction::NotAvailable(Unavailable::OpponentOwnsCube), _) => "No double (opponent owns the cube)",
            (CubeAction::NotAvailable(Unavailable::DeadCube), _) => "No double (dead cube)",
            (CubeAction::NotAvailable(Unavailable::MaxCube), _) => "No double (cube at maximum)",
        }
    }
}

/// A cube decision with the equities behind it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CubeAnalysis {
    pub equities: CubeEquities,
    pub action: CubeAction,
    /// The doubler owns the cube (a redouble).
    pub redouble: bool,
}

impl fmt::Display for CubeAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.equities;
        write!(
            f,
            "{} (no double {:+.3}, double/take {:+.3}, double/pass {:+.3})",
            self.action.describe(self.redouble),
            e.no_double,
            e.double_take,
            e.double_pass
        )
    }
}

impl CubeAnalysis {
    /// The doubler's cubeful equity under the proper action: "no double" unless doubling is
    /// right, then the taker's better reply (the smaller of "double, take" and "double, pass").
    pub fn value(&self) -> f64 {
        let e = self.equities;
        if self.action.doubles() {
            e.double_take.min(e.double_pass)
        } else {
            e.no_double
        }
    }
}

/// The cube, the score and the rules as the player on roll sees them.
#[derive(Debug, Clone, Copy)]
pub struct CubeContext<'a> {
    pub scoring: Scoring<'a>,
    /// The cube value.
    pub cube: u32,
    pub owner: Ownership,
}

impl<'a> CubeContext<'a> {
    /// A money game with a centred 1-cube, the Jacoby rule and beavers (gnubg's defaults).
    pub fn money() -> CubeContext<'static> {
        CubeContext { scoring: Scoring::Money { jacoby: true, beavers: true }, cube: 1, owner: Ownership::Centred }
    }

    /// From a match ID's state, for its player on roll; match scores use `met`. Money games keep
    /// the Jacoby rule unless the state says it is off, and allow beavers.
    pub fn from_match_state(state: &MatchState, met: &'a MatchEquityTable) -> Self {
        let me = state.on_roll;
        let owner = match state.cube_owner {
            CubeOwner::Centred => Ownership::Centred,
            CubeOwner::Player(p) if p == me => Ownership::Mine,
            CubeOwner::Player(_) => Ownership::Theirs,
        };
        let scoring = match MatchScore::of_state(state, me) {
            None => Scoring::Money { jacoby: !state.no_jacoby, beavers: true },
            Some(score) => Scoring::Match { met, score },
        };
        CubeContext { scoring, cube: state.cube_value(), owner }
    }

    /// The same cube seen by the other player.
    #[must_use]
    pub fn swapped(&self) -> Self {
        let scoring = match self.scoring {
            Scoring::Match { met, score } => Scoring::Match { met, score: score.swapped() },
            money => money,
        };
        let owner = match self.owner {
            Ownership::Mine => Ownership::Theirs,
            Ownership::Theirs => Ownership::Mine,
            Ownership::Centred => Ownership::Centred,
        };
        CubeContext { scoring, cube: self.cube, owner }
    }

    /// After I double and my opponent takes: twice the cube, theirs.
    #[must_use]
    pub fn doubled(&self) -> Self {
        CubeContext { cube: self.cube.saturating_mul(2), owner: Ownership::Theirs, ..*self }
    }

    /// A value in this scoring's unit per cube (money) as an absolute one (points; MWC as is).
    fn absolute(&self, value: f64) -> f64 {
        match self.scoring {
            Scoring::Money { .. } => value * f64::from(self.cube),
            Scoring::Match { .. } => value,
        }
    }

    /// An absolute value of the other player turned into mine.
    fn flip(&self, theirs: f64) -> f64 {
        match self.scoring {
            Scoring::Money { .. } => -theirs,
            Scoring::Match { .. } => 1.0 - theirs,
        }
    }

    /// The absolute value of cashing: my opponent passes my double of this cube.
    pub fn pass_value(&self) -> Result<f64, ScoreOutOfRange> {
        match self.scoring {
            Scoring::Money { .. } => Ok(f64::from(self.cube)),
            Scoring::Match { met, score } => met.mwc_after(score, true, self.cube),
        }
    }

    /// How the mover ranks plays by their 0-ply probabilities (mover's view): money equity, or in
    /// match play cubeless MWC at this cube, so gammons count as the score makes them count (a
    /// gammon is worth nothing to a player 2-away with the cube on 2). gnubg picks plays by match
    /// equity too (gnubg-nn's best play depends on the score set).
    pub fn play_key(&self, p: &Probabilities) -> f64 {
        match self.scoring {
            Scoring::Money { .. } => f64::from(p.equity()),
            Scoring::Match { met, score } => {
                met.mwc_cubeless(p, score, self.cube).unwrap_or_else(|_| f64::from(p.equity()))
            }
        }
    }

    /// Why I cannot double now, if I cannot.
    pub fn unavailable(&self) -> Option<Unavailable> {
        unavailable(self.scoring, self.cube, self.owner)
    }

    /// A value in this scoring's unit (money equity per cube, or my MWC) as a normalised money
    /// equity per current cube (money: itself; match: the manual's NEMG at the current cube).
    pub fn normalised(&self, value: f64) -> Result<f64, ScoreOutOfRange> {
        match self.scoring {
            Scoring::Money { .. } => Ok(value),
            Scoring::Match { met, score } => met.nemg(value, score, self.cube),
        }
    }

    /// My value (money: points per current cube; match: MWC) when the game ends with `points`
    /// points (cube times 1, 2 or 3) for me (`i_win`) or my opponent. Under the Jacoby rule, with
    /// the cube never turned, gammons count single.
    pub fn game_value(&self, i_win: bool, kind: u32) -> Result<f64, ScoreOutOfRange> {
        match self.scoring {
            Scoring::Money { jacoby, .. } => {
                let k = if jacoby && self.owner == Ownership::Centred { 1 } else { kind };
                Ok(if i_win { f64::from(k) } else { -f64::from(k) })
            }
            Scoring::Match { met, score } => met.mwc_after(score, i_win, self.cube.saturating_mul(kind)),
        }
    }
}

/// The cube-efficiency class of a position (the manual's table): bearoff database positions 0.6,
/// contact and crashed 0.68, races by the pip count of the player on roll (after the Crawford
/// game the score changes the efficiency: [`PositionClass::cube_efficiency_in`]).
pub fn cube_class(pos: &Position) -> PositionClass {
    use crate::eval::PositionClass as E;
    match crate::eval::classify(pos) {
        E::Over | E::Bearoff => PositionClass::OneSidedBearoff,
        E::Race => PositionClass::Race { pips: pos.pips(ON_ROLL) },
        E::Crashed => PositionClass::Crashed,
        E::Contact => PositionClass::Contact,
    }
}

/// The cube decision of the player on roll in `pos` (before the roll) at `plies` plies, with the
/// cubeless probabilities at the same depth ([`NPly::evaluate`]). At 0 ply the probabilities are
/// turned into cubeful equities by [`analyse`] with the position's cube efficiency; deeper, as
/// gnubg's cubeful n-ply evaluation does, "no double" and "double, take" are each the mean over
/// the 21 rolls of the opponent's cubeful value one ply less deep after the best 0-ply play
/// ([`CubeContext::play_key`]: by money equity, or in match play by MWC at the score),
/// the opponent (and every later player) taking their own best cube action at their turn, down
/// to Janowski's formula at the leaves. Two-sided bearoff database positions use the
/// database's cubeful money equities, as the manual says: directly in money play, and in match
/// play through the effective cube efficiency that reproduces them, one per cube position
/// (centred or owned for "no double", the opponent's for "double, take").
pub fn evaluate_position(
    search: &mut NPly<'_>,
    pos: &Position,
    cube: &CubeContext<'_>,
    plies: usize,
) -> Result<(Probabilities, CubeAnalysis), ScoreOutOfRange> {
    // the cubeful walk below goes mostly through the plays and leaves of the cubeless one: the
    // memo computes each once (figures on `NPly::with_memo`)
    search.with_memo(|search| {
        let p = search.evaluate(pos, plies);
        evaluate_position_from(search, pos, cube, plies, p)
    })
}

/// [`evaluate_position`] from the cubeless probabilities `p` of `pos` at `plies` plies
/// (`search.evaluate(pos, plies)`). Decisions of one position under several cubes or scores
/// share the whole search when computed inside one [`NPly::with_memo`].
fn evaluate_position_from(
    search: &mut NPly<'_>,
    pos: &Position,
    cube: &CubeContext<'_>,
    plies: usize,
    p: Probabilities,
) -> Result<(Probabilities, CubeAnalysis), ScoreOutOfRange> {
    let stops =
        matches!(crate::eval::classify(pos), crate::eval::PositionClass::Over | crate::eval::PositionClass::Bearoff);
    if plies == 0 || stops {
        return Ok((p, leaf_analysis(pos, &p, cube)?));
    }
    let mut branches = vec![cube.swapped()];
    let available = cube.unavailable();
    if available.is_none() {
        branches.push(cube.doubled().swapped());
    }
    let mut sums = [0.0; 2];
    let mut values = [0.0; 2];
    for (d1, d2, w) in crate::rules::dice::distinct_rolls() {
        let child = search.best_0ply_by(pos, d1, d2, plies, &mut |p| cube.play_key(p)).0;
        cubeful_values(search, &child, &branches, plies - 1, &mut values[..branches.len()])?;
        for (k, b) in branches.iter().enumerate() {
            sums[k] += f64::from(w) * b.flip(values[k]);
        }
    }
    let per_cube = |v: f64| match cube.scoring {
        Scoring::Money { .. } => v / f64::from(cube.cube),
        Scoring::Match { .. } => v,
    };
    let no_double = per_cube(sums[0] / 36.0);
    let double_pass = per_cube(cube.pass_value()?);
    let double_take = if available.is_none() {
        per_cube(sums[1] / 36.0)
    } else {
        // shown as at 0 ply when the cube cannot be turned
        leaf_analysis(pos, &p, cube)?.equities.double_take
    };
    let equities = CubeEquities { no_double, double_take, double_pass };
    let beavers = matches!(cube.scoring, Scoring::Money { beavers: true, .. });
    let action = match available {
        Some(why) => CubeAction::NotAvailable(why),
        None => CubeAction::from_equities(equities, beavers),
    };
    Ok((p, CubeAnalysis { equities, action, redouble: cube.owner == Ownership::Mine }))
}

/// The values (money: points; match: MWC) of `pos` for the player on roll under each cube of
/// `cubes`, after that player's best cube action (the opponent taking or passing as is best
/// for them), at `plies` plies.
fn cubeful_values(
    search: &mut NPly<'_>,
    pos: &Position,
    cubes: &[CubeContext<'_>],
    plies: usize,
    out: &mut [f64],
) -> Result<(), ScoreOutOfRange> {
    use crate::eval::PositionClass as E;
    let class = crate::eval::classify(pos);
    if class == E::Over {
        let (i_win, kind) = over_outcome(&crate::eval::over_probabilities(pos));
        for (o, c) in out.iter_mut().zip(cubes) {
            *o = c.absolute(c.game_value(i_win, kind)?);
        }
        return Ok(());
    }
    if plies == 0 || class == E::Bearoff {
        let p = search.evaluate(pos, 0);
        for (o, c) in out.iter_mut().zip(cubes) {
            *o = c.absolute(leaf_analysis(pos, &p, c)?.value());
        }
        return Ok(());
    }
    // each cube's "no double" branch, then its "double, take" branch where it may double
    let mut branches = Vec::with_capacity(2 * cubes.len());
    for c in cubes {
        branches.push(c.swapped());
        if c.unavailable().is_none() {
            branches.push(c.doubled().swapped());
        }
    }
    let mut sums = vec![0.0; branches.len()];
    let mut values = vec![0.0; branches.len()];
    for (d1, d2, w) in crate::rules::dice::distinct_rolls() {
        let child = search.best_0ply_by(pos, d1, d2, plies, &mut |p| cubes[0].play_key(p)).0;
        cubeful_values(search, &child, &branches, plies - 1, &mut values)?;
        for ((s, v), b) in sums.iter_mut().zip(&values).zip(&branches) {
            *s += f64::from(w) * b.flip(*v);
        }
    }
    let mut k = 0;
    for (o, c) in out.iter_mut().zip(cubes) {
        let no_double = sums[k] / 36.0;
        k += 1;
        *o = if c.unavailable().is_none() {
            let double_take = sums[k] / 36.0;
            k += 1;
            no_double.max(double_take.min(c.pass_value()?))
        } else {
            no_double
        };
    }
    Ok(())
}

/// Whether the player on roll won a finished game and how many points per cube (1 single,
/// 2 gammon, 3 backgammon), from its exact probabilities.
pub(crate) fn over_outcome(p: &Probabilities) -> (bool, u32) {
    let i_win = p.0[0] > 0.5;
    (i_win, 1 + u32::from(p.0[1] + p.0[3] > 0.5) + u32::from(p.0[2] + p.0[4] > 0.5))
}

/// The 0-ply cubeful value of `pos` for the player on roll, whose probabilities are `p`, after
/// their best cube action (money: per cube; match: MWC). A finished game scores its points, not
/// Janowski's interpolation of them, so that a roll that ends the game carries its exact value
/// into a rollout's luck.
pub(crate) fn leaf_value(pos: &Position, p: &Probabilities, cube: &CubeContext<'_>) -> Result<f64, ScoreOutOfRange> {
    if crate::eval::classify(pos) == crate::eval::PositionClass::Over {
        let (i_win, kind) = over_outcome(&crate::eval::over_probabilities(pos));
        return cube.game_value(i_win, kind);
    }
    Ok(leaf_analysis(pos, p, cube)?.value())
}

/// The 0-ply decision from probabilities `p` of `pos` (Janowski, or the two-sided database).
fn leaf_analysis(pos: &Position, p: &Probabilities, cube: &CubeContext<'_>) -> Result<CubeAnalysis, ScoreOutOfRange> {
    let probs = p;
    if let Some(db) = two_sided_cubeful(pos) {
        let no_double = match cube.owner {
            Ownership::Centred => db.centred,
            Ownership::Mine => db.owned,
            Ownership::Theirs => db.opponent_owns,
        };
        match cube.scoring {
            // the database's cubeful money equities are exact: no model needed
            Scoring::Money { beavers, .. } => {
                let equities = CubeEquities { no_double, double_take: 2.0 * db.opponent_owns, double_pass: 1.0 };
                return Ok(decided(equities, cube.scoring, cube.cube, cube.owner, beavers));
            }
            // match play: each cube position's MWC with the cube efficiency that reproduces the
            // database's money figure for that ownership ("double, take" hands the opponent the
            // cube, whose money value is the database's opponent-owns figure, not the centred one)
            Scoring::Match { met, score } => {
                // bounded by the bearoff class's own efficiency, as gnubg bounds it: near the last
                // rolls the money figures give efficiencies outside [0, 1], or ones that money
                // play's cash points earn and a match score's do not
                let bearoff = PositionClass::OneSidedBearoff.cube_efficiency();
                let x = |money: f64, owner: Ownership| {
                    let live = crate::cube::cubeful::money_live(probs, owner);
                    crate::cube::cubeful::effective_efficiency(money, probs.cubeless_equity(), live)
                        .map_or(bearoff, |x| x.clamp(0.0, bearoff))
                };
                let xs = (x(no_double, cube.owner), x(db.opponent_owns, Ownership::Theirs));
                let equities = match_equities(met, probs, score, cube.cube, cube.owner, xs)?;
                return Ok(decided(equities, cube.scoring, cube.cube, cube.owner, false));
            }
        }
    }
    analyse(probs, cube.scoring, cube.cube, cube.owner, cube_class(pos))
}

/// The two-sided bearoff database's cubeful money equities of `pos`, when it holds them.
fn two_sided_cubeful(pos: &Position) -> Option<crate::eval::bearoff::two_sided::Cubeful> {
    use crate::eval::bearoff::cache::{two_sided_default, TWO_SIDED_CHEQUERS};
    use crate::rules::position::OPPONENT;
    let small = |s: usize| (1..=TWO_SIDED_CHEQUERS as u32).contains(&pos.chequers_in_play(s));
    if !(small(ON_ROLL) && small(OPPONENT)) || crate::eval::classify(pos) != crate::eval::PositionClass::Bearoff {
        return None;
    }
    two_sided_default().equities(pos)?.cubeful
}

/// Why doubling is impossible for a player holding `owner` at cube value `cube`, if it is.
pub fn unavailable(scoring: Scoring<'_>, cube: u32, owner: Ownership) -> Option<Unavailable> {
    if owner == Ownership::Theirs {
        return Some(Unavailable::OpponentOwnsCube);
    }
    if cube >= 1 << 15 {
        return Some(Unavailable::MaxCube);
    }
    match scoring {
        Scoring::Money { .. } => None,
        Scoring::Match { score, .. } if score.crawford => Some(Unavailable::Crawford),
        Scoring::Match { score, .. } if score.me <= cube => Some(Unavailable::DeadCube),
        Scoring::Match { .. } => None,
    }
}

/// The 0-ply cube decision of the player to double, from the five cubeless probabilities in that
/// player's view (Janowski's model, cube efficiency from `class` and the score:
/// [`PositionClass::cube_efficiency_in`]). The equities are still computed when doubling is
/// unavailable, so callers can show them.
pub fn analyse(
    p: &Probabilities,
    scoring: Scoring<'_>,
    cube: u32,
    owner: Ownership,
    class: PositionClass,
) -> Result<CubeAnalysis, ScoreOutOfRange> {
    analyse_with_efficiency(p, scoring, cube, owner, class.cube_efficiency_in(scoring))
}

/// [`analyse`] with a given cube efficiency `x` (e.g. the manual's table at every score, as
/// gnubg 1.07 uses it, or an efficiency measured by `cube_efficiency`).
pub fn analyse_with_efficiency(
    p: &Probabilities,
    scoring: Scoring<'_>,
    cube: u32,
    owner: Ownership,
    x: f64,
) -> Result<CubeAnalysis, ScoreOutOfRange> {
    let (equities, beavers) = match scoring {
        Scoring::Money { jacoby, beavers } => (
            CubeEquities {
                no_double: money_cubeful(p, owner, x, jacoby),
                // once turned, gammons count whatever the Jacoby rule says
                double_take: 2.0 * money_cubeful(p, Ownership::Theirs, x, false),
                double_pass: 1.0,
            },
            beavers,
        ),
        Scoring::Match { met, score } => (match_equities(met, p, score, cube, owner, (x, x))?, false),
    };
    Ok(decided(equities, scoring, cube, owner, beavers))
}

/// Match play's three MWCs, with the cube efficiencies `(x no double, x double/take)`: one for
/// the cube as it is, one for the doubled cube the opponent would own.
fn match_equities(
    met: &MatchEquityTable,
    p: &Probabilities,
    score: MatchScore,
    cube: u32,
    owner: Ownership,
    (x_no_double, x_double_take): (f64, f64),
) -> Result<CubeEquities, ScoreOutOfRange> {
    Ok(CubeEquities {
        no_double: match_cubeful(met, p, score, cube, owner, x_no_double)?,
        double_take: match_cubeful(met, p, score, cube.saturating_mul(2), Ownership::Theirs, x_double_take)?,
        double_pass: met.mwc_after(score, true, cube)?,
    })
}

/// The action the equities call for, unless the cube cannot be turned.
fn decided(equities: CubeEquities, scoring: Scoring<'_>, cube: u32, owner: Ownership, beavers: bool) -> CubeAnalysis {
    let action = match unavailable(scoring, cube, owner) {
        Some(why) => CubeAction::NotAvailable(why),
        None => CubeAction::from_equities(equities, beavers),
    };
    CubeAnalysis { equities, action, redouble: owner == Ownership::Mine }
}

/// The decision of the *other* player (as if it were their turn): probabilities, score and
/// ownership are turned round.
pub fn analyse_opponent(
    p: &Probabilities,
    scoring: Scoring<'_>,
    cube: u32,
    owner: Ownership,
    class: PositionClass,
) -> Result<CubeAnalysis, ScoreOutOfRange> {
    let scoring = match scoring {
        Scoring::Match { met, score } => Scoring::Match { met, score: score.swapped() },
        money => money,
    };
    let owner = match owner {
        Ownership::Mine => Ownership::Theirs,
        Ownership::Theirs => Ownership::Mine,
        Ownership::Centred => Ownership::Centred,
    };
    analyse(&p.flipped(), scoring, cube, owner, class)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(nd: f64, dt: f64, dp: f64) -> CubeEquities {
        CubeEquities { no_double: nd, double_take: dt, double_pass: dp }
    }

    #[test]
    fn cubeful_plies_agree_with_the_two_sided_database() {
        let ev = crate::eval::Evaluator::embedded();
        let mut search = NPly::new(ev, 1);
        let db = crate::eval::bearoff::cache::two_sided_default();
        let cube = CubeContext::money();
        // database positions: exact at every depth
        for id in ["CgAAEAEAAAAAAA", "BgAAAAEAAAAAAA"] {
            let pos = Position::from_id(id).unwrap();
            let exact = db.equities(&pos).unwrap().cubeful.unwrap();
            for plies in 0..3 {
                let (_, a) = evaluate_position(&mut search, &pos, &cube, plies).unwrap();
                assert!((a.equities.no_double - exact.centred).abs() < 1e-9, "{id} {plies}: {a}");
                assert!((a.equities.double_take - 2.0 * exact.opponent_owns).abs() < 1e-9, "{id} {plies}: {a}");
            }
        }
        // a race one roll from the database: the 1-ply "no double" is the mean over the rolls
        // of minus the opponent's best cubeful value there, read from the database by hand
        let pos = Position::from_points(&[(7, 1), (2, 1)], &[(2, 1), (3, 1)]).unwrap();
        assert_eq!(crate::eval::classify(&pos), crate::eval::PositionClass::Race);
        let mut sum = 0.0;
        for (d1, d2, w) in crate::rules::dice::distinct_rolls() {
            let child = search.best_0ply_result(&pos, d1, d2, 1);
            let theirs = match crate::eval::classify(&child) {
                crate::eval::PositionClass::Over => -1.0,
                _ => db.equities(&child).unwrap().cubeful.unwrap().after_cube_action().centred,
            };
            sum += f64::from(w) * -theirs;
        }
        let (_, a) = evaluate_position(&mut search, &pos, &cube, 1).unwrap();
        assert!((a.equities.no_double - sum / 36.0).abs() < 1e-9, "{a} vs {}", sum / 36.0);
        // O is favourite (2 and 3 points against a chequer still outside): no double
        assert!(a.equities.no_double < 0.0 && !a.action.doubles() && a.equities.double_pass == 1.0, "{a}");
    }

    #[test]
    fn deeper_cubeful_evaluation_keeps_the_decision_rule() {
        let ev = crate::eval::Evaluator::embedded();
        let mut search = NPly::new(ev, 1);
        let met = crate::cube::met::MatchEquityTable::woolsey();
        let pos = Position::from_id("4HPMwQCMz+AIIQ").unwrap();
        for cube in [
            CubeContext::money(),
            CubeContext {
                scoring: Scoring::Match { met: &met, score: MatchScore::new(5, 5, false) },
                cube: 1,
                owner: Ownership::Centred,
            },
        ] {
            for plies in [1, 2] {
                let (_, a) = evaluate_position(&mut search, &pos, &cube, plies).unwrap();
                let e = a.equities;
                assert_eq!(a.action, CubeAction::from_equities(e, matches!(cube.scoring, Scoring::Money { .. })));
                // the opening-like position: no double, and far from a pass
                assert!(!a.action.doubles() && e.no_double < e.double_pass, "{plies}: {a}");
                // the 1-ply "no double" is within a few hundredths of the 0-ply one
                let (_, a0) = evaluate_position(&mut search, &pos, &cube, 0).unwrap();
                let scale = cube.normalised(e.double_pass).unwrap() / e.double_pass;
                assert!(((e.no_double - a0.equities.no_double) * scale).abs() < 0.15, "{a} vs {a0}");
            }
        }
    }

    /// The memo of [`evaluate_position`] changes no value: the same decisions, bit for bit, as
    /// the cubeless evaluation and the cubeful walk computed each from scratch, in money play
    /// and at a score where the match key picks other plays than money equity.
    #[test]
    fn memoised_decisions_are_the_plain_ones() {
        let ev = crate::eval::Evaluator::embedded();
        let mut search = NPly::new(ev, 1);
        let met = crate::cube::met::MatchEquityTable::woolsey();
        for (id, score) in
            [("4HPMwQCMz+AIIQ", None), ("sGfwATDgc/ABMA", Some((2, 4))), ("4DnyATDgc/ABMA", Some((5, 3)))]
        {
            let pos = Position::from_id(id).unwrap();
            let cube = match score {
                None => CubeContext::money(),
                Some((me, them)) => CubeContext {
                    scoring: Scoring::Match { met: &met, score: MatchScore::new(me, them, false) },
                    cube: 1,
                    owner: Ownership::Centred,
                },
            };
            for plies in [1, 2] {
                let (p, a) = evaluate_position(&mut search, &pos, &cube, plies).unwrap();
                // without the memo: `expand_plain` and `evaluate_position_from` outside
                // `with_memo` compute afresh
                let plain_p = search.expand_plain(&pos, plies);
                let (_, plain) = evaluate_position_from(&mut search, &pos, &cube, plies, plain_p).unwrap();
                assert_eq!(p, plain_p, "{id} {plies}");
                let bits = |e: CubeEquities| [e.no_double, e.double_take, e.double_pass].map(f64::to_bits);
                assert_eq!(bits(a.equities), bits(plain.equities), "{id} {plies}: {a} vs {plain}");
                assert_eq!(a.action, plain.action);
            }
        }
    }

    #[test]
    fn decision_rule_hand_checked() {
        assert_eq!(CubeAction::from_equities(e(0.3, 0.2, 1.0), false), CubeAction::NoDouble);
        assert_eq!(CubeAction::from_equities(e(0.5, 0.7, 1.0), false), CubeAction::DoubleTake);
        assert_eq!(CubeAction::from_equities(e(0.8, 1.2, 1.0), false), CubeAction::DoublePass);
        assert_eq!(CubeAction::from_equities(e(1.1, 1.4, 1.0), false), CubeAction::TooGoodPass);
        assert_eq!(CubeAction::from_equities(e(1.1, 0.9, 1.0), false), CubeAction::TooGoodTake);
        assert_eq!(CubeAction::from_equities(e(-0.1, -0.3, 1.0), true), CubeAction::NoDoubleBeaver);
        assert_eq!(CubeAction::from_equities(e(-0.1, -0.3, 1.0), false), CubeAction::NoDouble);
        assert_eq!(CubeAction::from_equities(e(-0.4, -0.3, 1.0), true), CubeAction::DoubleBeaver);
        assert!(CubeAction::DoublePass.doubles() && !CubeAction::TooGoodPass.doubles());
        assert_eq!(CubeAction::TooGoodPass.takes(), Some(false));
    }
}
