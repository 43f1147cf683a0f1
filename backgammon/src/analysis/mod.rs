//! Post-mortem analysis of games, matches and sessions, as gnubg's `analyse game|match|session`
//! and `show statistics` do it (the manual's "Analysis" and "Absolute ratings" chapters, gnubg
//! 1.07's observed output where the 2003 manual is out of date).
//!
//! For every decision recorded in a [`Game`]'s events:
//! - **Chequer play** ([`MoveRecord`]): every legal play is valued by its cubeful equity after the
//!   play (the opponent on roll, with their own best cube action), normalised to money equity per
//!   current cube (the manual's NEMG in match play). The error is the best play's equity minus the
//!   played one's, marked doubtful / bad / very bad by [`Thresholds`]. At more than 0 ply the
//!   move filters of [`nply::Settings`] prune the candidates; the played move is always evaluated
//!   at the full depth (the manual: "gnubg will force evaluation at the specified ply if the
//!   actual move made is doubtful").
//! - **Cube decisions** ([`CubeRecord`]): before every roll with the cube available to the roller
//!   (no double), every double, take and pass, graded against `cube_decision`'s proper action:
//!   missed doubles (below or above the cash point), wrong doubles (below the double point or
//!   above the too-good point), wrong takes and wrong passes.
//! - **Luck** ([`Luck`]): the 0-ply cubeful equity after the best play of the roll minus its mean
//!   over the 21 rolls (over the 30 non-double opening outcomes, either side to move, for the
//!   opening roll, as gnubg does).
//!
//! Statistics ([`Statistics`], in `stats`) sum these per player and print gnubg's tables. Work is
//! spread over decisions with rayon; each worker owns its search state, so nothing allocates per
//! node in the evaluator.
//!
//! [`race`] holds the over-the-board race formulas (Kleinman, Thorp, Keith, EPC) that `show`
//! prints beside the analysis.
//!
//! Owns only grading and bookkeeping: evaluation is `eval`'s and `nply`'s, cubeful arithmetic
//! `cubeful`'s and `cube_decision`'s, the game record `game`'s. Must not change games.

pub mod quasi_dice;
pub mod race;
pub mod rollout;
mod stats;

pub use stats::{
    a2, b, manual_luck_rating, relative_fibs_rating, LuckRating, Pair, PlayerStatistics, Rating, Statistics,
};

use crate::cube::cubeful::{Ownership, Scoring};
use crate::cube::decision::{analyse as cube_analyse, cube_class, CubeAction, CubeContext, CubeEquities};
use crate::cube::met::{MatchEquityTable, MatchScore, ScoreOutOfRange};
use crate::eval::nply::{self, NPly};
use crate::eval::{Evaluator, Probabilities, Scratch};
use crate::rules::cube::CubeOwner;
use crate::rules::dice::distinct_rolls;
use crate::rules::game::{Game, GameEvent, GameSetup};
use crate::rules::match_id::MatchState;
use crate::rules::movegen::{MoveGenerator, Play};
use crate::rules::player::PlayerId;
use crate::rules::position::Position;
use crate::rules::session::Session;
use rayon::prelude::*;

/// How far from the best a decision may be before it is marked, and how far from the average a
/// roll must be to count as lucky; all in normalised equity (money equity per cube, NEMG).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    pub doubtful: f64,
    pub bad: f64,
    pub very_bad: f64,
    pub lucky: f64,
    pub very_lucky: f64,
}

impl Thresholds {
    /// The manual's values ("What do ! and ? mean?": -0.040 doubtful, -0.080 bad, -0.160 very bad;
    /// "Thresholds for marking of rolls": 0.3 lucky, 0.6 very lucky).
    pub const MANUAL: Thresholds =
        Thresholds { doubtful: 0.04, bad: 0.08, very_bad: 0.16, lucky: 0.3, very_lucky: 0.6 };
    /// gnubg 1.07's defaults (`show analysis`: -0.030, -0.060, -0.120; rolls as the manual).
    pub const GNUBG_107: Thresholds =
        Thresholds { doubtful: 0.03, bad: 0.06, very_bad: 0.12, lucky: 0.3, very_lucky: 0.6 };

    /// The mark of a decision that gave up `error` (>= 0) normalised equity.
    pub fn skill(&self, error: f64) -> Skill {
        if error > self.very_bad {
            Skill::VeryBad
        } else if error > self.bad {
            Skill::Bad
        } else if error > self.doubtful {
            Skill::Doubtful
        } else {
            Skill::None
        }
    }

    /// The mark of a roll `luck` better (or worse) than the average roll.
    pub fn luck(&self, luck: f64) -> LuckMark {
        if luck > self.very_lucky {
            LuckMark::VeryLucky
        } else if luck > self.lucky {
            LuckMark::Lucky
        } else if luck < -self.very_lucky {
            LuckMark::VeryUnlucky
        } else if luck < -self.lucky {
            LuckMark::Unlucky
        } else {
            LuckMark::None
        }
    }
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds::MANUAL
    }
}

/// How a chequer play or cube decision is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Skill {
    None,
    Doubtful,
    Bad,
    VeryBad,
}

impl Skill {
    /// gnubg's annotation: `?!`, `?`, `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Skill::None => "",
            Skill::Doubtful => "?!",
            Skill::Bad => "?",
            Skill::VeryBad => "??",
        }
    }
}

/// How a roll is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LuckMark {
    VeryUnlucky,
    Unlucky,
    None,
    Lucky,
    VeryLucky,
}

impl LuckMark {
    /// Index 0 (very unlucky) to 4 (very lucky).
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What the analysis evaluates with.
#[derive(Debug, Clone)]
pub struct AnalysisSettings {
    /// Chequer play: depth and move filters (noise is ignored).
    pub chequer: nply::Settings,
    /// Cube decisions: the depth of the cubeless probabilities fed to Janowski's model.
    pub cube: nply::Settings,
    pub thresholds: Thresholds,
    /// The table for match play (gnubg 1.07's default is Kazaross XG2).
    pub met: MatchEquityTable,
    /// A cube decision counts as close when the proper action's equity is within this of the
    /// doubler's "double" equity (capped at the cash): gnubg's 0.16.
    pub close_cube: f64,
    /// The rating of perfect play in the absolute rating estimate (gnubg's 2050).
    pub rating_offset: f64,
}

impl Default for AnalysisSettings {
    /// 0-ply chequer play and cube, the manual's thresholds, the Kazaross XG2 table.
    fn default() -> Self {
        AnalysisSettings {
            chequer: nply::Settings::plies(0),
            cube: nply::Settings::plies(0),
            thresholds: Thresholds::default(),
            met: MatchEquityTable::kazaross_xg2(),
            close_cube: 0.16,
            rating_offset: 2050.0,
        }
    }
}

impl AnalysisSettings {
    /// Chequer play and cube decisions at `plies` plies with the normal move filters.
    pub fn plies(plies: usize) -> Self {
        AnalysisSettings {
            chequer: nply::Settings::plies(plies),
            cube: nply::Settings::plies(plies),
            ..AnalysisSettings::default()
        }
    }
}

/// One candidate play and its normalised cubeful equity for the mover.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    pub play: Play,
    pub equity: f64,
    /// The depth it was last evaluated at.
    pub plies: usize,
}

/// A roll's luck.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Luck {
    /// Normalised equity after the best play of this roll minus the mean over all rolls.
    pub equity: f64,
    /// The same in MWC (match) or points (money: times the cube).
    pub cost: f64,
    pub mark: LuckMark,
}

/// The analysis of one chequer play (a `Play` or `Pass` event).
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRecord {
    /// Index into `game.events()` of the `Play` or `Pass`.
    pub event: usize,
    pub player: PlayerId,
    pub dice: (u8, u8),
    /// The position before the play, seen from the mover.
    pub before: Position,
    /// The play made (`None` for a dance).
    pub played: Option<Play>,
    /// Every legal play, best first (empty for a dance).
    pub candidates: Vec<Candidate>,
    /// Where the played move is in `candidates`.
    pub played_rank: Option<usize>,
    /// Normalised equity given up (>= 0).
    pub error: f64,
    /// The same in MWC or points.
    pub cost: f64,
    pub skill: Skill,
    pub luck: Option<Luck>,
    /// The evaluation failed (a score beyond the match equity table): not counted.
    pub unanalysed: bool,
}

impl MoveRecord {
    /// More than one legal play.
    pub fn is_unforced(&self) -> bool {
        self.candidates.len() > 1
    }
}

/// Which cube decision a [`CubeRecord`] grades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CubeDecisionKind {
    /// The roller could have doubled and rolled instead.
    NoDouble,
    Double,
    Take,
    Drop,
    /// Accepted by beavering (graded as a take).
    Beaver,
}

/// The kind of cube error, as gnubg's statistics split them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CubeError {
    /// A missed double where "double, take" was right (below the cash point).
    MissedDoubleBelowCashPoint,
    /// A missed double where "double, pass" was right.
    MissedDoubleAboveCashPoint,
    /// A double where "no double" was right, below the double point.
    WrongDoubleBelowDoublePoint,
    /// A double of a position too good to double.
    WrongDoubleAboveTooGood,
    WrongTake,
    WrongPass,
}

/// The error of a cube decision of `kind` and its kind, from the doubler's equities `e` in one
/// unit (normalised, so the error is in that unit): what the analysis records and what the tutor
/// warns about, graded the same way. A beaver is graded as a take; `NoDouble` is the roll
/// after a missed double.
pub fn cube_error(e: &CubeEquities, kind: CubeDecisionKind) -> (f64, Option<CubeError>) {
    let (error, if_wrong) = match kind {
        CubeDecisionKind::NoDouble => (
            e.optimal() - e.no_double,
            if e.double_take > e.double_pass {
                CubeError::MissedDoubleAboveCashPoint
            } else {
                CubeError::MissedDoubleBelowCashPoint
            },
        ),
        CubeDecisionKind::Double => (
            e.optimal() - e.double_take.min(e.double_pass),
            if e.no_double > e.double_pass {
                CubeError::WrongDoubleAboveTooGood
            } else {
                CubeError::WrongDoubleBelowDoublePoint
            },
        ),
        CubeDecisionKind::Drop => (e.double_pass - e.double_take, CubeError::WrongPass),
        CubeDecisionKind::Take | CubeDecisionKind::Beaver => (e.double_take - e.double_pass, CubeError::WrongTake),
    };
    let error = error.max(0.0);
    (error, (error > 0.0).then_some(if_wrong))
}

/// The analysis of one cube decision.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CubeRecord {
    /// Index into `game.events()`: the `Roll` after no double, or the `Double`, `Take`, `Drop`
    /// or `Beaver`.
    pub event: usize,
    /// Who decided (the taker for takes and drops).
    pub player: PlayerId,
    pub kind: CubeDecisionKind,
    /// The doubler's equities.
    pub equities: CubeEquities,
    /// The doubler's proper action.
    pub action: CubeAction,
    /// gnubg's "close or actual" decision.
    pub close: bool,
    /// Normalised equity given up (>= 0).
    pub error: f64,
    /// The same in MWC or points.
    pub cost: f64,
    pub skill: Skill,
    pub error_kind: Option<CubeError>,
}

/// The analysis of one game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameAnalysis {
    /// Points to win the match, 0 for money play.
    pub match_length: u16,
    pub moves: Vec<MoveRecord>,
    pub cubes: Vec<CubeRecord>,
    /// The game's statistics.
    pub statistics: Statistics,
}

impl GameAnalysis {
    /// gnubg's `show statistics game` tables.
    pub fn statistics_text(&self, names: &[String; 2]) -> String {
        self.statistics.text(names, self.match_length)
    }
}

/// The analysis of a match or session: its games in order and the totals.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionAnalysis {
    pub match_length: u16,
    pub games: Vec<GameAnalysis>,
    pub statistics: Statistics,
}

impl SessionAnalysis {
    /// gnubg's `show statistics match` (or `session`) tables.
    pub fn statistics_text(&self, names: &[String; 2]) -> String {
        self.statistics.text(names, self.match_length)
    }
}

/// Analyses one game with the embedded evaluator.
pub fn analyse_game(game: &Game, settings: &AnalysisSettings) -> GameAnalysis {
    analyse_game_with(Evaluator::embedded(), game, settings)
}

/// Analyses every game of a session, in order, with the embedded evaluator.
pub fn analyse_session(session: &Session, settings: &AnalysisSettings) -> SessionAnalysis {
    analyse_games_with(Evaluator::embedded(), session.games(), settings)
}

/// [`analyse_game`] with a given evaluator.
pub fn analyse_game_with(ev: &Evaluator, game: &Game, settings: &AnalysisSettings) -> GameAnalysis {
    let mut all = analyse_games_with(ev, std::slice::from_ref(game), settings);
    all.games.pop().expect("one game analysed")
}

/// Analyses `games` (of one match or session) with `ev`; decisions of all games are evaluated in
/// parallel.
pub fn analyse_games_with(ev: &Evaluator, games: &[Game], settings: &AnalysisSettings) -> SessionAnalysis {
    let jobs: Vec<(usize, Job)> =
        games.iter().enumerate().flat_map(|(g, game)| jobs(game).map(move |j| (g, j))).collect();
    let results: Vec<(usize, JobResult)> =
        jobs.par_iter().map_init(|| Worker::new(ev), |w, (g, job)| (*g, w.run(&games[*g], job, settings))).collect();
    let mut per_game: Vec<Vec<JobResult>> = vec![Vec::new(); games.len()];
    for (g, r) in results {
        per_game[g].push(r);
    }
    let mut statistics = Statistics::default();
    let mut out = Vec::with_capacity(games.len());
    for (game, results) in games.iter().zip(per_game) {
        let analysis = assemble(game, results, settings);
        statistics.add(&analysis.statistics);
        out.push(analysis);
    }
    let match_length = games.first().map_or(0, |g| g.setup().match_length);
    SessionAnalysis { match_length, games: out, statistics }
}

/// A decision to evaluate: everything needed is copied in, so jobs run in any order.
#[derive(Debug, Clone, Copy)]
enum Job {
    /// A chequer play (with the roll's luck) at event `event`.
    Move {
        event: usize,
        player: PlayerId,
        dice: (u8, u8),
        before: Position,
        played: Option<Play>,
        state: MatchState,
        opening: bool,
    },
    /// The cube decision of `player` on roll in `before` (seen from them), decided at `event`.
    Cube { event: usize, player: PlayerId, before: Position, state: MatchState, kind: CubeDecisionKind },
}

#[derive(Debug, Clone)]
enum JobResult {
    Move(MoveRecord),
    /// The doubler's equities and proper action (`None` when the evaluation failed).
    Cube {
        event: usize,
        player: PlayerId,
        kind: CubeDecisionKind,
        eval: Option<(CubeEquities, CubeAction, f64)>,
    },
}

/// The decisions of a game, in event order.
fn jobs(game: &Game) -> impl Iterator<Item = Job> {
    let states = game.replay();
    let events = game.events().to_vec();
    let setup = *game.setup();
    let mut out = Vec::new();
    let mut opening = false;
    // the state before the last roll (a pass repeats the state after it, with the turn passed)
    let mut before_roll: Option<(Position, MatchState)> = None;
    for (i, event) in events.iter().enumerate() {
        let (pos, state) = states[i];
        match *event {
            GameEvent::OpeningRoll { .. } => opening = true,
            GameEvent::Roll { player, .. } => {
                before_roll = Some((pos, state));
                let ctx_owner_ok = match state.cube_owner {
                    CubeOwner::Centred => true,
                    CubeOwner::Player(p) => p == player,
                };
                if setup.cube && ctx_owner_ok && state.on_roll == player {
                    out.push(Job::Cube { event: i, player, before: pos, state, kind: CubeDecisionKind::NoDouble });
                }
            }
            GameEvent::Play { player, dice, before, play } => {
                out.push(Job::Move { event: i, player, dice, before, played: Some(play), state, opening });
                opening = false;
            }
            GameEvent::Pass { player, dice } => {
                let (before, state) = before_roll.unwrap_or((pos, state));
                out.push(Job::Move { event: i, player, dice, before, played: None, state, opening });
                opening = false;
            }
            GameEvent::Double { player, .. } => {
                out.push(Job::Cube { event: i, player, before: pos, state, kind: CubeDecisionKind::Double });
            }
            _ => {}
        }
    }
    out.into_iter()
}

/// My cube context as `player` in `state`, with the game's rules.
fn context<'m>(setup: &GameSetup, state: &MatchState, player: PlayerId, met: &'m MatchEquityTable) -> CubeContext<'m> {
    let owner = match state.cube_owner {
        CubeOwner::Centred => Ownership::Centred,
        CubeOwner::Player(p) if p == player => Ownership::Mine,
        CubeOwner::Player(_) => Ownership::Theirs,
    };
    let scoring = match MatchScore::of_state(state, player) {
        None => Scoring::Money { jacoby: setup.jacoby, beavers: setup.beavers > 0 },
        Some(score) => Scoring::Match { met, score },
    };
    CubeContext { scoring, cube: state.cube_value(), owner }
}

/// How much MWC (match) or points (money) one unit of normalised equity is worth in `ctx`.
fn cost_per_unit(ctx: &CubeContext<'_>) -> Result<f64, ScoreOutOfRange> {
    match ctx.scoring {
        Scoring::Money { .. } => Ok(f64::from(ctx.cube)),
        Scoring::Match { met, score } => {
            Ok((met.mwc_after(score, true, ctx.cube)? - met.mwc_after(score, false, ctx.cube)?) / 2.0)
        }
    }
}

/// Per-thread evaluation state.
struct Worker<'e> {
    ev: &'e Evaluator,
    search: NPly<'e>,
    gen: MoveGenerator,
    scratch: Scratch,
    probs: Vec<Probabilities>,
}

impl<'e> Worker<'e> {
    fn new(ev: &'e Evaluator) -> Self {
        Worker {
            ev,
            search: NPly::new(ev, 0),
            gen: MoveGenerator::new(),
            scratch: Scratch::default(),
            probs: Vec::new(),
        }
    }

    fn run(&mut self, game: &Game, job: &Job, settings: &AnalysisSettings) -> JobResult {
        match *job {
            Job::Move { event, player, dice, before, played, state, opening } => {
                let ctx = context(game.setup(), &state, player, &settings.met);
                let mut rec = MoveRecord {
                    event,
                    player,
                    dice,
                    before,
                    played,
                    candidates: Vec::new(),
                    played_rank: None,
                    error: 0.0,
                    cost: 0.0,
                    skill: Skill::None,
                    luck: None,
                    unanalysed: false,
                };
                if self.grade_move(&mut rec, &ctx, settings).is_err() {
                    rec.unanalysed = true;
                    return JobResult::Move(rec);
                }
                let luck = if opening && dice.0 != dice.1 {
                    self.opening_luck(&before, dice, &ctx)
                } else {
                    self.luck(&before, dice, &ctx)
                };
                if let (Ok(luck), Ok(unit)) = (luck, cost_per_unit(&ctx)) {
                    rec.luck = Some(Luck { equity: luck, cost: luck * unit, mark: settings.thresholds.luck(luck) });
                }
                JobResult::Move(rec)
            }
            Job::Cube { event, player, before, state, kind } => {
                let ctx = context(game.setup(), &state, player, &settings.met);
                let eval = self.cube(&before, &ctx, settings.cube.plies).ok();
                JobResult::Cube { event, player, kind, eval }
            }
        }
    }

    /// The mover's normalised cubeful equity after a play reaching `result` (mover still on roll
    /// in `result`), from the mover's probabilities `p` there: the opponent is on roll and takes
    /// their proper cube action.
    fn after_value(&self, ctx: &CubeContext<'_>, result: &Position, p: &Probabilities) -> Result<f64, ScoreOutOfRange> {
        let opp = ctx.swapped();
        let child = result.swapped();
        let q = p.flipped();
        let a = cube_analyse(&q, opp.scoring, opp.cube, opp.owner, cube_class(&child))?;
        let theirs = a.value();
        let mine = match ctx.scoring {
            Scoring::Money { .. } => -theirs,
            Scoring::Match { .. } => 1.0 - theirs,
        };
        ctx.normalised(mine)
    }

    /// The 0-ply values of every play of `dice` (or of standing still when none is legal).
    fn values(
        &mut self,
        pos: &Position,
        dice: (u8, u8),
        ctx: &CubeContext<'_>,
    ) -> Result<Vec<(Play, f64)>, ScoreOutOfRange> {
        let plays = self.gen.generate(pos, dice.0, dice.1).to_vec();
        self.probs.clear();
        self.probs.resize(plays.len(), Probabilities::default());
        self.ev.evaluate_plays(pos, &plays, &mut self.scratch, &mut self.probs);
        let mut out = Vec::with_capacity(plays.len());
        for (play, p) in plays.iter().zip(self.probs.iter()) {
            out.push((*play, self.after_value(ctx, play.result(), p)?));
        }
        Ok(out)
    }

    /// The best 0-ply value of `dice` for the player on roll in `pos`.
    fn best_value(&mut self, pos: &Position, dice: (u8, u8), ctx: &CubeContext<'_>) -> Result<f64, ScoreOutOfRange> {
        let values = self.values(pos, dice, ctx)?;
        if values.is_empty() {
            // no play: the opponent is on roll in the same position
            let p = self.ev.evaluate(&pos.swapped()).flipped();
            return self.after_value(ctx, pos, &p);
        }
        Ok(values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max))
    }

    /// The luck of `dice`: its best value minus the mean over the 21 rolls.
    fn luck(&mut self, pos: &Position, dice: (u8, u8), ctx: &CubeContext<'_>) -> Result<f64, ScoreOutOfRange> {
        let mut mean = 0.0;
        let mut actual = 0.0;
        for (a, b, w) in distinct_rolls() {
            let v = self.best_value(pos, (b, a), ctx)?;
            mean += f64::from(w) * v;
            if (a.min(b), a.max(b)) == (dice.0.min(dice.1), dice.0.max(dice.1)) {
                actual = v;
            }
        }
        Ok(actual - mean / 36.0)
    }

    /// The opening roll's luck (gnubg's rule): the 30 non-double outcomes are averaged, 15 with
    /// the mover to play and 15 with the opponent to play from the same starting position.
    fn opening_luck(&mut self, pos: &Position, dice: (u8, u8), ctx: &CubeContext<'_>) -> Result<f64, ScoreOutOfRange> {
        let opp = ctx.swapped();
        let theirs = pos.swapped();
        let mut sum = 0.0;
        let mut actual = 0.0;
        for hi in 2..=6u8 {
            for lo in 1..hi {
                let mine = self.best_value(pos, (hi, lo), ctx)?;
                if (hi, lo) == (dice.0.max(dice.1), dice.0.min(dice.1)) {
                    actual = mine;
                }
                sum += mine - self.best_value(&theirs, (hi, lo), &opp)?;
            }
        }
        Ok(actual - sum / 30.0)
    }

    /// Grades the chequer play of `rec` at `settings.chequer`'s depth.
    fn grade_move(
        &mut self,
        rec: &mut MoveRecord,
        ctx: &CubeContext<'_>,
        settings: &AnalysisSettings,
    ) -> Result<(), ScoreOutOfRange> {
        let values = self.values(&rec.before, rec.dice, ctx)?;
        if values.is_empty() {
            return Ok(());
        }
        let mut cands: Vec<Candidate> =
            values.into_iter().map(|(play, equity)| Candidate { play, equity, plies: 0 }).collect();
        let rank = |c: &mut Vec<Candidate>| {
            c.sort_by(|a, b| b.plies.cmp(&a.plies).then(b.equity.total_cmp(&a.equity)));
        };
        rank(&mut cands);
        let played = rec.played.map(|p| *p.result());
        let plies = settings.chequer.plies.min(nply::MAX_PLIES);
        for ply in 1..=plies {
            let eqs: Vec<f32> = cands.iter().take_while(|c| c.plies == ply - 1).map(|c| c.equity as f32).collect();
            let keep = settings.chequer.filters[ply - 1].keep(&eqs);
            for (i, c) in cands.iter_mut().enumerate() {
                let is_played = played.as_ref() == Some(c.play.result());
                if c.plies != ply - 1 || (i >= keep && !is_played) {
                    continue;
                }
                // gnubg's n-ply value of a play looks n rolls ahead from the position after it
                let child = c.play.result().swapped();
                let p = self.search.evaluate(&child, ply).flipped();
                c.equity = self.after_value(ctx, c.play.result(), &p)?;
                c.plies = ply;
            }
            rank(&mut cands);
        }
        let best = cands[0].equity;
        if let Some(result) = played {
            if let Some(i) = cands.iter().position(|c| *c.play.result() == result) {
                rec.played_rank = Some(i);
                rec.error = (best - cands[i].equity).max(0.0);
                rec.cost = rec.error * cost_per_unit(ctx)?;
                rec.skill = settings.thresholds.skill(rec.error);
            }
        }
        rec.candidates = cands;
        Ok(())
    }

    /// The doubler's normalised equities and proper action, and the cost of one unit.
    fn cube(
        &mut self,
        pos: &Position,
        ctx: &CubeContext<'_>,
        plies: usize,
    ) -> Result<(CubeEquities, CubeAction, f64), ScoreOutOfRange> {
        let p = self.search.evaluate(pos, plies);
        let a = cube_analyse(&p, ctx.scoring, ctx.cube, ctx.owner, cube_class(pos))?;
        let e = a.equities;
        let n = CubeEquities {
            no_double: ctx.normalised(e.no_double)?,
            double_take: ctx.normalised(e.double_take)?,
            double_pass: ctx.normalised(e.double_pass)?,
        };
        Ok((n, a.action, cost_per_unit(ctx)?))
    }
}

/// Builds the game's records from the job results (in event order) and sums its statistics.
fn assemble(game: &Game, mut results: Vec<JobResult>, settings: &AnalysisSettings) -> GameAnalysis {
    let event_of = |r: &JobResult| match r {
        JobResult::Move(m) => m.event,
        JobResult::Cube { event, .. } => *event,
    };
    results.sort_by_key(event_of);
    let mut moves = Vec::new();
    let mut cubes = Vec::new();
    let events = game.events();
    let th = &settings.thresholds;
    let close = |e: &CubeEquities| e.optimal() - e.double_take.min(e.double_pass) < settings.close_cube;
    for r in results {
        match r {
            JobResult::Move(m) => moves.push(m),
            JobResult::Cube { event, player, kind, eval } => {
                let Some((e, action, unit)) = eval else {
                    continue;
                };
                let available = !matches!(action, CubeAction::NotAvailable(_));
                // every graded decision shares the position's equities; only its error differs
                let record = |event, player, kind, close, error: f64, error_kind| CubeRecord {
                    event,
                    player,
                    kind,
                    equities: e,
                    action,
                    close,
                    error,
                    cost: error * unit,
                    skill: th.skill(error),
                    error_kind,
                };
                match kind {
                    CubeDecisionKind::NoDouble => {
                        if !available {
                            continue;
                        }
                        let (error, error_kind) = cube_error(&e, kind);
                        cubes.push(record(event, player, kind, close(&e), error, error_kind));
                    }
                    CubeDecisionKind::Double => {
                        let (error, error_kind) = cube_error(&e, kind);
                        cubes.push(record(event, player, kind, true, error, error_kind));
                        // the reply, graded with the same equities
                        if let Some((j, (taker, k))) =
                            events.iter().enumerate().skip(event + 1).find_map(|(j, ev)| match ev {
                                GameEvent::Take { player, .. } => Some((j, (*player, CubeDecisionKind::Take))),
                                GameEvent::Drop { player } => Some((j, (*player, CubeDecisionKind::Drop))),
                                GameEvent::Beaver { player, .. } => Some((j, (*player, CubeDecisionKind::Beaver))),
                                _ => None,
                            })
                        {
                            let (error, error_kind) = cube_error(&e, k);
                            cubes.push(record(j, taker, k, true, error, error_kind));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    let statistics = Statistics::of_game(game, &moves, &cubes, &settings.met, settings.rating_offset);
    GameAnalysis { match_length: game.setup().match_length, moves, cubes, statistics }
}

#[cfg(test)]
mod tests;
