//! `gammon_go._gammon_go`: the Python extension module of the `gammon_go` package.
//!
//! Owns the translation between Python and the `backgammon` crate: the reinforcement-learning
//! environment as a class (`Env`, whose observations and action masks are numpy arrays filled
//! here, so a Python step runs no per-element loop), and the engine as plain functions over gnubg
//! position and match IDs (legal plays, 0- to 2-ply evaluation in batches, cubeful evaluation and
//! cube decisions, rollouts, bearoff lookups). Long computations release the GIL.
//!
//! It must not hold rules, evaluation or formats of its own: every figure comes from the
//! `backgammon` crate, and the answers that `gammon` also prints (cubeful evaluation, rollouts)
//! are `gammon`'s own JSON objects, so the Python figures are those of the command line. Bad input
//! raises `ValueError` (or `TypeError` from pyo3's conversions); nothing here may panic on it.

mod gnubg_session;

use backgammon::analysis::rollout::RolloutConfig;
use backgammon::env::{self, BackgammonEnv, Colour, EnvError, NUM_ACTIONS, OBSERVATION_SIZE};
use backgammon::eval::nply::{NPly, Settings, MAX_PLIES};
use backgammon::eval::{classify, exact_bearoff, one_sided_database, Evaluator, PositionClass, Probabilities};
use backgammon::frontends::batch::show;
use backgammon::frontends::eval_cli::{eval_with, rollout_command, EvalOptions, RolloutArgs};
use backgammon::rules::match_id::MatchState;
use backgammon::{MoveGenerator, Position, ON_ROLL, OPPONENT};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyInt, PyList};

mod forward;

/// Plies the Python evaluation functions accept (the "0- to 2-ply"; deeper is slow
/// enough that a user should go through `gammon` or a rollout).
const MAX_PY_PLIES: usize = 2;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn parse_position(id: &str) -> PyResult<Position> {
    Position::from_id(id).map_err(|e| PyValueError::new_err(format!("bad position ID {id:?}: {e}")))
}

fn parse_colour(name: &str) -> PyResult<Colour> {
    match name.to_ascii_lowercase().as_str() {
        "white" => Ok(Colour::White),
        "black" => Ok(Colour::Black),
        _ => Err(PyValueError::new_err(format!("colour must be 'White' or 'Black', not {name:?}"))),
    }
}

fn check_die(d: u8) -> PyResult<u8> {
    if (1..=6).contains(&d) {
        Ok(d)
    } else {
        Err(PyValueError::new_err(format!("a die is 1 to 6, not {d}")))
    }
}

fn check_plies(plies: usize) -> PyResult<usize> {
    if plies <= MAX_PY_PLIES {
        Ok(plies)
    } else {
        Err(PyValueError::new_err(format!("plies must be 0 to {MAX_PY_PLIES}, not {plies}")))
    }
}

/// `[win, wg, wbg, lg, lbg, equity]` of cubeless probabilities.
fn six(p: &Probabilities) -> [f32; 6] {
    let [w, wg, wbg, lg, lbg] = p.0;
    [w, wg, wbg, lg, lbg, p.equity()]
}

/// An observation and an action mask, as numpy arrays.
type ObservationAndMask<'py> = (Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<i8>>);

/// What [`Env::step_aec`] returns: the agent to act, whether the game is over, both rewards and
/// the legal actions of the agent to act.
type StepReport<'py> = (usize, bool, f32, f32, Bound<'py, PyList>);

/// The Python ints of every action number, made once: a legal list is then a list of new
/// references to them, not one new int object per action (most action numbers are above the
/// small ints Python keeps).
static ACTION_INTS: GILOnceCell<Vec<Py<PyInt>>> = GILOnceCell::new();

/// A Python list of the action numbers `actions` (each below `NUM_ACTIONS`).
fn action_list<'py>(py: Python<'py>, actions: &[usize]) -> PyResult<Bound<'py, PyList>> {
    let ints = ACTION_INTS.get_or_init(py, || (0..NUM_ACTIONS).map(|a| PyInt::new(py, a).unbind()).collect());
    PyList::new(py, actions.iter().map(|&a| ints[a].bind(py)))
}

/// PettingZoo `backgammon_v0`'s game as one object: two agents (0 and 1) stepping in turn, the
/// 198-float observation and the `Discrete(1353)` action space (see the Rust `backgammon::env`).
///
/// `Env(seed)` starts a game whose dice all come from `seed`. The PettingZoo class
/// `gammon_go.pettingzoo.backgammon_v0.raw_env` wraps this one.
#[pyclass(module = "gammon_go._gammon_go")]
struct Env {
    inner: BackgammonEnv,
}

impl Env {
    fn play(&mut self, action: i64) -> PyResult<()> {
        let a = usize::try_from(action).unwrap_or(usize::MAX);
        self.inner.step(a).map_err(|e| match e {
            EnvError::OutOfRange(_) => {
                PyValueError::new_err(format!("action {action} is outside the action space 0..{NUM_ACTIONS}"))
            }
            EnvError::Terminated => PyRuntimeError::new_err(e.to_string()),
        })
    }
}

#[pymethods]
impl Env {
    #[new]
    #[pyo3(signature = (seed = 0))]
    fn new(seed: u64) -> Self {
        Env { inner: BackgammonEnv::new(seed) }
    }

    /// An environment in a given state: `position_id` (gnubg's, the agent to act on roll) played
    /// by `colour` ('White' is agent 0, 'Black' agent 1) with `dice` as rolled; `second_step` for
    /// the second half of a double. Later rolls come from `seed`.
    #[staticmethod]
    #[pyo3(signature = (position_id, colour, dice, second_step = false, seed = 0))]
    fn from_state(position_id: &str, colour: &str, dice: (u8, u8), second_step: bool, seed: u64) -> PyResult<Self> {
        let pos = parse_position(position_id)?;
        let colour = parse_colour(colour)?;
        let dice = (check_die(dice.0)?, check_die(dice.1)?);
        if second_step && dice.0 != dice.1 {
            return Err(PyValueError::new_err("only a double has a second step"));
        }
        Ok(Env { inner: BackgammonEnv::from_state(pos, colour, dice, second_step, seed) })
    }

    /// Starts a new game; all its dice come from `seed`.
    fn reset(&mut self, seed: u64) {
        self.inner.reset(seed);
    }

    /// The current agent takes `action` (0..1353). An action that is not legal ends the game
    /// (reward -1 for the agent, 0 for the other). Raises `ValueError` outside the action space
    /// and `RuntimeError` once the game is over.
    fn step(&mut self, action: i64) -> PyResult<()> {
        self.play(action)
    }

    /// [`step`](Self::step), then everything PettingZoo's bookkeeping needs after it, in one call:
    /// `(current_agent, terminated, reward_0, reward_1, legal_actions)`, the legal actions being
    /// those of the agent now to act (empty once the game is over).
    fn step_aec<'py>(&mut self, py: Python<'py>, action: i64) -> PyResult<StepReport<'py>> {
        self.play(action)?;
        let [r0, r1] = self.inner.rewards();
        let legal = action_list(py, self.inner.legal_actions())?;
        Ok((self.inner.current_agent(), self.inner.terminated(), r0, r1, legal))
    }

    /// The observation (198 float32), the same for both agents.
    fn observe<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        let mut out = [0f32; OBSERVATION_SIZE];
        self.inner.observe_into(0, &mut out);
        PyArray1::from_slice(py, &out)
    }

    /// The action mask of `agent` (1353 int8): the legal actions of the agent to act; all zero
    /// for the other agent and once the game is over.
    fn action_mask<'py>(&self, py: Python<'py>, agent: usize) -> PyResult<Bound<'py, PyArray1<i8>>> {
        if agent > 1 {
            return Err(PyValueError::new_err(format!("agent must be 0 or 1, not {agent}")));
        }
        let mask = PyArray1::<i8>::zeros(py, NUM_ACTIONS, false);
        if agent == self.inner.current_agent() {
            // SAFETY: the array was created just above and no other reference to it exists yet.
            let slice = unsafe { mask.as_slice_mut() }.map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
            for &a in self.inner.legal_actions() {
                slice[a] = 1;
            }
        }
        Ok(mask)
    }

    /// The observation and `agent`'s action mask together (one call per PettingZoo `observe`).
    fn observe_with_mask<'py>(&self, py: Python<'py>, agent: usize) -> PyResult<ObservationAndMask<'py>> {
        Ok((self.observe(py), self.action_mask(py, agent)?))
    }

    /// PettingZoo's observation of `agent`: a new dict `{"observation": ..., "action_mask": ...}`
    /// of new arrays (the caller owns them; nothing here keeps a reference).
    fn observe_dict<'py>(&self, py: Python<'py>, agent: usize) -> PyResult<Bound<'py, PyDict>> {
        let mask = self.action_mask(py, agent)?;
        let d = PyDict::new(py);
        d.set_item(intern!(py, "observation"), self.observe(py))?;
        d.set_item(intern!(py, "action_mask"), mask)?;
        Ok(d)
    }

    /// The legal actions of the current agent, ascending (`[1352]`, "do nothing", when it cannot
    /// move; empty once the game is over).
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        action_list(py, self.inner.legal_actions())
    }

    /// The agent to act (0 or 1).
    #[getter]
    fn current_agent(&self) -> usize {
        self.inner.current_agent()
    }

    /// 'White' or 'Black', the colour of `agent`.
    fn colour_of(&self, agent: usize) -> PyResult<String> {
        if agent > 1 {
            return Err(PyValueError::new_err(format!("agent must be 0 or 1, not {agent}")));
        }
        Ok(self.inner.colour_of(agent).to_string())
    }

    /// The roll being played, as rolled.
    #[getter]
    fn dice(&self) -> (u8, u8) {
        self.inner.dice()
    }

    /// Whether this step is the second half of a double.
    #[getter]
    fn second_step(&self) -> bool {
        self.inner.is_second_step()
    }

    /// Each agent's reward from the last step.
    fn rewards(&self) -> (f32, f32) {
        let [a, b] = self.inner.rewards();
        (a, b)
    }

    /// Whether the game is over (a win, or an illegal action).
    #[getter]
    fn terminated(&self) -> bool {
        self.inner.terminated()
    }

    /// gnubg's position ID of the board, the agent to act on roll.
    fn position_id(&self) -> String {
        self.inner.position().id()
    }

    /// The board as text: who is to act with which dice, then gnubg's board diagram (the agent
    /// to act is X, on roll).
    fn render(&self) -> String {
        let me = self.inner.current_agent();
        let (d1, d2) = self.inner.dice();
        let head = if self.inner.terminated() {
            "game over".to_string()
        } else {
            format!(
                "{} ({}) to play {d1}-{d2}{}",
                env::AGENTS[me],
                self.inner.current_colour(),
                if self.inner.is_second_step() { " (second half of the double)" } else { "" }
            )
        };
        let board = show(&self.inner.position().id(), None).unwrap_or_default();
        format!("{head}\n{board}")
    }
}

/// The board of a position ID: a `(2, 25)` uint8 array in gnubg's order, row 0 the opponent,
/// row 1 the player on roll, each counted from its own side (index 0 = its 1 point, 24 = the bar).
#[pyfunction]
fn board_from_id<'py>(py: Python<'py>, position_id: &str) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let pos = parse_position(position_id)?;
    let rows: Vec<Vec<u8>> = pos.board().iter().map(|r| r.to_vec()).collect();
    PyArray2::from_vec2(py, &rows).map_err(value_error)
}

/// The position ID of a board given as [`board_from_id`] returns it (two rows of 25 counts).
#[pyfunction]
fn id_from_board(board: Vec<Vec<u8>>) -> PyResult<String> {
    if board.len() != 2 || board.iter().any(|r| r.len() != 25) {
        return Err(PyValueError::new_err("a board is two rows of 25 chequer counts"));
    }
    let mut b = [[0u8; 25]; 2];
    for (row, src) in b.iter_mut().zip(&board) {
        row.copy_from_slice(src);
    }
    Position::from_board(b).map(|p| p.id()).map_err(value_error)
}

/// The fields of a gnubg match ID, as a dict.
#[pyfunction]
fn match_from_id(py: Python<'_>, match_id: &str) -> PyResult<PyObject> {
    let s =
        MatchState::from_id(match_id).map_err(|e| PyValueError::new_err(format!("bad match ID {match_id:?}: {e}")))?;
    let d = pyo3::types::PyDict::new(py);
    d.set_item("cube", s.cube_value())?;
    d.set_item(
        "cube_owner",
        match s.cube_owner {
            backgammon::CubeOwner::Centred => None,
            backgammon::CubeOwner::Player(p) => Some(p),
        },
    )?;
    d.set_item("on_roll", s.on_roll)?;
    d.set_item("turn", s.turn)?;
    d.set_item("crawford", s.crawford)?;
    d.set_item("game_state", format!("{:?}", s.game_state))?;
    d.set_item("doubled", s.doubled)?;
    d.set_item("resignation", s.resignation.map(|w| format!("{w:?}")))?;
    d.set_item("dice", s.dice)?;
    d.set_item("match_length", s.match_length)?;
    d.set_item("score", (s.score[0], s.score[1]))?;
    d.set_item("jacoby", !s.no_jacoby)?;
    Ok(d.into_any().unbind())
}

/// A match ID from its main fields (money game when `match_length` is 0): the cube value (a
/// power of two), its owner (None centred, or 0/1), the player on roll, the dice (None before the
/// roll), the score and the Crawford flag. The game is in play, the player on roll to act.
#[pyfunction]
#[pyo3(signature = (match_length = 0, score = (0, 0), cube = 1, cube_owner = None, on_roll = 0, dice = None, crawford = false, jacoby = true))]
#[allow(clippy::too_many_arguments)]
fn match_id(
    match_length: u16,
    score: (u16, u16),
    cube: u32,
    cube_owner: Option<usize>,
    on_roll: usize,
    dice: Option<(u8, u8)>,
    crawford: bool,
    jacoby: bool,
) -> PyResult<String> {
    if !cube.is_power_of_two() {
        return Err(PyValueError::new_err(format!("cube {cube} is not a power of two")));
    }
    if on_roll > 1 || cube_owner.is_some_and(|o| o > 1) {
        return Err(PyValueError::new_err("players are 0 and 1"));
    }
    if let Some((a, b)) = dice {
        check_die(a)?;
        check_die(b)?;
    }
    let state = MatchState {
        cube_log2: u8::try_from(cube.trailing_zeros()).unwrap_or(u8::MAX),
        cube_owner: cube_owner.map_or(backgammon::CubeOwner::Centred, backgammon::CubeOwner::Player),
        on_roll,
        crawford,
        game_state: backgammon::GameState::Playing,
        turn: on_roll,
        doubled: false,
        resignation: None,
        dice,
        match_length,
        score: [score.0, score.1],
        no_jacoby: !jacoby,
    };
    state.validate().map_err(value_error)?;
    Ok(state.id())
}

/// Every distinct legal play of `dice` in a position: `(notation, resulting position ID)` pairs,
/// the mover still on roll in the result (as `gammon moves` prints them). Empty when no play is
/// legal.
#[pyfunction]
fn legal_plays(position_id: &str, d1: u8, d2: u8) -> PyResult<Vec<(String, String)>> {
    let pos = parse_position(position_id)?;
    let (d1, d2) = (check_die(d1)?, check_die(d2)?);
    let mut gen = MoveGenerator::new();
    Ok(gen.generate(&pos, d1, d2).iter().map(|p| (p.notation(), p.result().id())).collect())
}

/// Cubeless evaluations of a batch of positions at `plies` (0 to 2): an `(n, 6)` float32 array of
/// `win, wg, wbg, lg, lbg, equity` (player on roll's view; gammons include backgammons), the
/// figures of `gammon eval --plies N`. The GIL is released while the batch runs (on all cores).
#[pyfunction]
#[pyo3(signature = (position_ids, plies = 0))]
fn evaluate<'py>(py: Python<'py>, position_ids: Vec<String>, plies: usize) -> PyResult<Bound<'py, PyArray2<f32>>> {
    let plies = check_plies(plies)?;
    let positions = position_ids.iter().map(|id| parse_position(id)).collect::<PyResult<Vec<_>>>()?;
    let flat: Vec<f32> = py.allow_threads(|| {
        use rayon::prelude::*;
        let ev = Evaluator::embedded();
        positions
            .par_iter()
            .map_init(|| NPly::new(ev, 0), |search, pos| six(&search.evaluate(pos, plies)))
            .flatten_iter()
            .collect()
    });
    let n = positions.len();
    PyArray1::from_vec(py, flat).reshape([n, 6]).map_err(value_error)
}

/// The cubeful evaluation and cube decision of `gammon eval --cubeful --json`, as that JSON text:
/// cubeless probabilities, then cubeful equities (no double, double/take, double/pass, normalised
/// to the cube) and the action token. `match_id` gives the cube and score (default: money game,
/// centred cube, Jacoby rule and beavers).
#[pyfunction]
#[pyo3(signature = (position_id, match_id = None, plies = 0))]
fn evaluate_cubeful_json(py: Python<'_>, position_id: &str, match_id: Option<&str>, plies: usize) -> PyResult<String> {
    let plies = check_plies(plies)?;
    let opts = EvalOptions { plies, cubeful: true, json: true, match_id: None };
    let fields: Vec<&str> = std::iter::once(position_id).chain(match_id).collect();
    py.allow_threads(|| eval_with(Evaluator::embedded(), &fields, &opts)).map_err(value_error)
}

/// A rollout, as `gammon rollout --json` gives it (the same figures for the same arguments):
/// cubeless means and standard errors (`trials`, `mean`, `se`), and with `cubeful` the rolled-out
/// cube decision. `plies` is the chequer play depth (0 to 4), `truncate` the plies after which a
/// game is scored by evaluation. The GIL is released; the rollout runs on all cores.
#[pyfunction]
#[pyo3(signature = (position_id, trials = 1296, seed = 1, plies = 0, truncate = None, cubeful = false, match_id = None, variance_reduction = true, bearoff_truncation = true, initial_position = false, max_se = None))]
#[allow(clippy::too_many_arguments)]
fn rollout_json(
    py: Python<'_>,
    position_id: &str,
    trials: u64,
    seed: u64,
    plies: usize,
    truncate: Option<u32>,
    cubeful: bool,
    match_id: Option<String>,
    variance_reduction: bool,
    bearoff_truncation: bool,
    initial_position: bool,
    max_se: Option<f64>,
) -> PyResult<String> {
    // the limits `gammon rollout` puts on its command line
    if !(1..=1_000_000).contains(&trials) {
        return Err(PyValueError::new_err(format!("trials must be 1 to 1000000, not {trials}")));
    }
    if plies > MAX_PLIES {
        return Err(PyValueError::new_err(format!("plies must be 0 to {MAX_PLIES}, not {plies}")));
    }
    parse_position(position_id)?;
    let config = RolloutConfig {
        play: Settings::plies(plies),
        truncate,
        seed,
        max_se,
        variance_reduction,
        bearoff_truncation,
        initial_position,
        progress: false,
        ..RolloutConfig::default()
    };
    config.validate().map_err(|e| PyValueError::new_err(format!("{}: {}", e.field, e.message)))?;
    let args = RolloutArgs {
        position_id: Some(position_id.to_string()),
        match_id,
        cubeful,
        trials: Some(trials),
        config,
        save: None,
        resume: None,
        json: true,
    };
    py.allow_threads(|| rollout_command(Evaluator::embedded(), &args)).map_err(value_error)
}

/// Bearoff database lookups of a position: `bearoff` (whether it is a bearoff-class position,
/// both sides home), `probabilities` (the exact `[win, wg, wbg, lg, lbg, equity]` of such a
/// position, else None), and per side (`on_roll`, `opponent`) the one-sided database's
/// distribution of the number of rolls to bear off (None when that side is not within the
/// database's 6 points).
#[pyfunction]
fn bearoff<'py>(py: Python<'py>, position_id: &str) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let pos = parse_position(position_id)?;
    let d = pyo3::types::PyDict::new(py);
    let is_bearoff = classify(&pos) == PositionClass::Bearoff;
    d.set_item("bearoff", is_bearoff)?;
    let probs = if is_bearoff { Some(py.allow_threads(|| six(&exact_bearoff(&pos))).to_vec()) } else { None };
    d.set_item("probabilities", probs)?;
    let db = py.allow_threads(one_sided_database);
    for (name, side) in [("on_roll", ON_ROLL), ("opponent", OPPONENT)] {
        let b = &pos.board()[side];
        let home_only = b[6..].iter().all(|&n| n == 0);
        let dist = if home_only { db.distribution(&b[..6]).map(|d| d.to_vec()) } else { None };
        d.set_item(name, dist)?;
    }
    Ok(d)
}

/// The Python module.
#[pymodule]
fn _gammon_go(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Env>()?;
    m.add_class::<forward::Forward>()?;
    m.add("NUM_ACTIONS", NUM_ACTIONS)?;
    m.add("OBSERVATION_SIZE", OBSERVATION_SIZE)?;
    m.add("DO_NOTHING", env::DO_NOTHING)?;
    m.add_function(wrap_pyfunction!(board_from_id, m)?)?;
    m.add_function(wrap_pyfunction!(id_from_board, m)?)?;
    m.add_function(wrap_pyfunction!(match_from_id, m)?)?;
    m.add_function(wrap_pyfunction!(match_id, m)?)?;
    m.add_function(wrap_pyfunction!(legal_plays, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_cubeful_json, m)?)?;
    m.add_function(wrap_pyfunction!(rollout_json, m)?)?;
    m.add_function(wrap_pyfunction!(bearoff, m)?)?;
    m.add_class::<gnubg_session::GnubgSession>()?;
    Ok(())
}
