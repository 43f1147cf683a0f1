//! `GnubgSession`: the Rust side of the Python module `gammon_go.gnubg`, a gnubg-style scripting
//! interface (gnubg 1.07's embedded `gnubg` module).
//!
//! Owns one `gammon` command session ([`Shell`], the very command engine of the `gammon` command
//! line, so `gnubg.command("…")` does what typing the line does) and a navigation cursor over the
//! games of its match (`gnubg.navigate`). It reads the match (records, analysis, statistics) and
//! answers with JSON in gnubg's key names, which `gnubg.py` turns into gnubg's Python shapes
//! (tuples); evaluations, best moves and hints are the library's (`advice::rank_plays`,
//! `eval_cli::eval_with`, `NPly`), so their figures are `gammon hint`'s and `gammon eval`'s.
//!
//! It must not change the session except through commands, and must hold no rules, formats or
//! evaluation of its own. Bad input raises `ValueError`; nothing here may panic on it.

use backgammon::analysis::{CubeRecord, GameAnalysis, LuckMark, MoveRecord, PlayerStatistics, Skill, Statistics};
use backgammon::cube::met::MatchScore;
use backgammon::eval::nply::{MoveFilter, NPly, Settings, MAX_PLIES};
use backgammon::eval::{classify, Evaluator, PositionClass};
use backgammon::frontends::commands::{advice, Shell};
use backgammon::frontends::eval_cli::{eval_with, EvalOptions};
use backgammon::rules::match_id::MatchState;
use backgammon::{Cube, CubeOwner, Game, GameEvent, GameSetup, GameState, Phase, Position, Session, Variant};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::{json, Value};

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn parse_position(id: &str) -> PyResult<Position> {
    Position::from_id(id).map_err(|e| PyValueError::new_err(format!("bad position ID {id:?}: {e}")))
}

fn parse_match(id: &str) -> PyResult<MatchState> {
    MatchState::from_id(id).map_err(|e| PyValueError::new_err(format!("bad match ID {id:?}: {e}")))
}

/// gnubg's player symbols in `gnubg.match()`: player 0 is X, player 1 is O.
fn symbol(player: usize) -> &'static str {
    if player == 0 {
        "X"
    } else {
        "O"
    }
}

/// A play's steps as gnubg's move tuple lists them: pairs (from, to), bar 25 and off 0, in
/// gnubg's canonical order (highest starting point first).
fn steps(play: &backgammon::Play) -> Vec<(u8, u8)> {
    let mut s: Vec<(u8, u8)> = play.steps().iter().map(|m| (m.from, m.to)).collect();
    s.sort_by(|a, b| b.cmp(a));
    s
}

/// Rows of match winning chances.
type Table = Vec<Vec<f64>>;

/// One record of a game as gnubg's match dictionary lists them.
struct Record {
    action: &'static str,
    player: usize,
    dice: Option<(u8, u8)>,
    play: Option<Vec<(u8, u8)>>,
    /// The position before the record, seen from the player acting (move and double records).
    board: Option<Position>,
    /// Index into `Game::replay()` of the state the record is taken in (the cursor's position).
    state: usize,
    /// Index of the record's event in `Game::events()`.
    event: usize,
    /// For a move, the event index of its roll (where the analysis keeps the no-double decision).
    roll_event: Option<usize>,
    /// For a resignation, the level offered: 1 single, 2 gammon, 3 backgammon.
    resigned: Option<u32>,
}

/// The records of a game: moves (a roll and its play or dance), doubles, takes, drops,
/// resignations and set-ups, as gnubg keeps them.
fn records(game: &Game, replay: &[(Position, MatchState)]) -> Vec<Record> {
    let mut out = Vec::new();
    let mut roll_event = None;
    let before = |i: usize| replay.get(i).map(|s| s.0);
    for (i, event) in game.events().iter().enumerate() {
        let rec = |action, player, dice, play, board| Record {
            action,
            player,
            dice,
            play,
            board,
            state: i,
            event: i,
            roll_event: None,
            resigned: None,
        };
        match *event {
            GameEvent::Roll { .. } => roll_event = Some(i),
            GameEvent::Play { player, dice, before: b, play } => {
                out.push(Record {
                    roll_event: roll_event.take(),
                    ..rec("move", player, Some(dice), Some(steps(&play)), Some(b))
                });
            }
            GameEvent::Pass { player, dice } => {
                // a dance passes the turn with the roll: the mover's position is the one before it
                let roll = roll_event.take();
                let at = roll.unwrap_or(i);
                out.push(Record {
                    roll_event: roll,
                    state: at,
                    ..rec("move", player, Some(dice), Some(Vec::new()), before(at))
                });
            }
            GameEvent::Double { player, .. } => out.push(rec("double", player, None, None, before(i))),
            GameEvent::Take { player, .. } | GameEvent::Beaver { player, .. } => {
                out.push(rec("take", player, None, None, None));
            }
            GameEvent::Drop { player } => out.push(rec("drop", player, None, None, None)),
            GameEvent::Resign { player, kind } => {
                out.push(Record { resigned: Some(kind.multiplier()), ..rec("resign", player, None, None, None) });
            }
            GameEvent::SetUp { player, position, .. } => {
                out.push(rec("setboard", player, None, None, Some(position)));
            }
            GameEvent::OpeningRoll { .. }
            | GameEvent::AutomaticDouble { .. }
            | GameEvent::AcceptResignation { .. }
            | GameEvent::DeclineResignation { .. }
            | GameEvent::End(_) => {}
        }
    }
    out
}

fn skill_name(s: Skill) -> Option<&'static str> {
    match s {
        Skill::None => None,
        Skill::Doubtful => Some("doubtful"),
        Skill::Bad => Some("bad"),
        Skill::VeryBad => Some("very bad"),
    }
}

fn luck_name(m: LuckMark) -> Option<&'static str> {
    match m {
        LuckMark::VeryUnlucky => Some("verybad"),
        LuckMark::Unlucky => Some("bad"),
        LuckMark::None => None,
        LuckMark::Lucky => Some("good"),
        LuckMark::VeryLucky => Some("verygood"),
    }
}

fn cube_part(obj: &mut serde_json::Map<String, Value>, c: &CubeRecord, skill_key: &str) {
    obj.insert("nd-cubeful-eq".into(), json!(c.equities.no_double));
    obj.insert("dt-cubeful-eq".into(), json!(c.equities.double_take));
    obj.insert("type".into(), json!("eval"));
    if let Some(s) = skill_name(c.skill) {
        obj.insert(skill_key.into(), json!(s));
    }
}

fn move_analysis(m: Option<&MoveRecord>, cube: Option<&CubeRecord>) -> Option<Value> {
    let mut obj = serde_json::Map::new();
    if let Some(c) = cube {
        cube_part(&mut obj, c, "cube-skill");
    }
    if let Some(m) = m.filter(|m| !m.unanalysed) {
        if let Some(rank) = m.played_rank {
            obj.insert("imove".into(), json!(rank));
        }
        if !m.candidates.is_empty() {
            let moves: Vec<Value> = m
                .candidates
                .iter()
                .map(|c| json!({"move": steps(&c.play), "score": c.equity, "type": "eval"}))
                .collect();
            obj.insert("moves".into(), Value::Array(moves));
        }
        if let Some(l) = m.luck {
            obj.insert("luck-value".into(), json!(l.equity));
            if let Some(name) = luck_name(l.mark) {
                obj.insert("luck".into(), json!(name));
            }
        }
        if let Some(s) = skill_name(m.skill) {
            obj.insert("skill".into(), json!(s));
        }
    }
    (!obj.is_empty()).then_some(Value::Object(obj))
}

fn record_analysis(r: &Record, a: &GameAnalysis) -> Option<Value> {
    let cube_at = |event: usize| a.cubes.iter().find(|c| c.event == event);
    match r.action {
        "move" => {
            let m = a.moves.iter().find(|m| m.event == r.event);
            move_analysis(m, r.roll_event.and_then(cube_at))
        }
        "double" => cube_at(r.event).map(|c| {
            let mut obj = serde_json::Map::new();
            cube_part(&mut obj, c, "skill");
            Value::Object(obj)
        }),
        "take" | "drop" => cube_at(r.event).and_then(|c| skill_name(c.skill)).map(|s| json!({ "skill": s })),
        _ => None,
    }
}

fn player_statistics(s: &PlayerStatistics) -> Value {
    let cube_error = s.cube_error();
    let mut cube = serde_json::Map::new();
    let names = [
        "missed-double-below-cp",
        "missed-double-above-cp",
        "wrong-double-below-dp",
        "wrong-double-above-tg",
        "wrong-take",
        "wrong-drop",
    ];
    for (name, (n, e)) in names.iter().zip(s.cube_errors.iter()) {
        cube.insert((*name).into(), json!(n));
        cube.insert(format!("err-{name}-skill"), json!(e[0]));
        cube.insert(format!("err-{name}-cost"), json!(e[1]));
    }
    cube.insert("close-cube".into(), json!(s.close_cube));
    cube.insert("total-cube".into(), json!(s.total_cube));
    cube.insert("n-doubles".into(), json!(s.doubles));
    cube.insert("n-takes".into(), json!(s.takes));
    cube.insert("n-drops".into(), json!(s.passes));
    cube.insert("error-skill".into(), json!(cube_error[0]));
    cube.insert("error-cost".into(), json!(cube_error[1]));
    let [none, doubtful, bad, very_bad] = s.marked;
    let [vb, b, un, g, vg] = s.luck_marks;
    json!({
        "moves": {
            "total-moves": s.total_moves,
            "unforced-moves": s.unforced_moves,
            "error-skill": s.chequer_error[0],
            "error-cost": s.chequer_error[1],
            "marked": {"unmarked": none, "doubtful": doubtful, "bad": bad, "very bad": very_bad},
        },
        "dice": {
            "luck": s.luck[0],
            "luck-cost": s.luck[1],
            "actual-result": s.actual_result,
            "luck-adjusted-result": s.luck_adjusted,
            "marked-rolls": {"verybad": vb, "bad": b, "unmarked": un, "good": g, "verygood": vg},
        },
        "cube": Value::Object(cube),
    })
}

fn stats_value(s: &Statistics) -> Value {
    json!({"X": player_statistics(&s.players[0]), "O": player_statistics(&s.players[1])})
}

fn variation(v: Variant) -> &'static str {
    match v {
        Variant::Standard => "Standard",
        Variant::Nackgammon => "Nackgammon",
        Variant::Hypergammon1 => "Hypergammon1",
        Variant::Hypergammon2 => "Hypergammon2",
        Variant::Hypergammon3 => "Hypergammon3",
    }
}

/// gnubg's game state numbers (`posinfo`'s `gamestate`): none, playing, over, resigned, dropped.
fn game_state_number(s: GameState) -> u8 {
    match s {
        GameState::NoGame => 0,
        GameState::Playing => 1,
        GameState::Over => 2,
        GameState::Resigned => 3,
        GameState::Dropped => 4,
    }
}

/// gnubg's position classes (`classifypos`): over 0, two-sided bearoff 4, race 8, crashed 9,
/// contact 10 (gnubg's enumeration; the hypergammon and one-sided classes are not told apart here).
fn class_number(c: PositionClass) -> u8 {
    match c {
        PositionClass::Over => 0,
        PositionClass::Bearoff => 4,
        PositionClass::Race => 8,
        PositionClass::Crashed => 9,
        PositionClass::Contact => 10,
    }
}

/// The game a position and match state describe, with the dice rolled when the state has them
/// (for `findbestmove` and `hint`): money play under gnubg's default rules (Jacoby as the match
/// ID says, beavers), or a game of the match at the state's score.
fn game_of(pos: &Position, m: &MatchState) -> PyResult<Game> {
    let setup = if m.match_length == 0 {
        GameSetup { jacoby: !m.no_jacoby, beavers: 3, ..GameSetup::money(Variant::Standard) }
    } else {
        GameSetup::match_game(Variant::Standard, m.match_length, m.score, m.crawford)
    };
    let cube = Cube::new(m.cube_log2, m.cube_owner).ok_or_else(|| PyValueError::new_err("bad cube in the match ID"))?;
    let mut game = Game::from_position(setup, *pos, m.on_roll, cube);
    if let Some((a, b)) = m.dice {
        game.roll(a, b).map_err(value_error)?;
    }
    Ok(game)
}

fn settings_with(plies: usize, filters: Option<Vec<(i32, u32, f32)>>) -> PyResult<Settings> {
    if plies > MAX_PLIES {
        return Err(PyValueError::new_err(format!("plies must be 0 to {MAX_PLIES}, not {plies}")));
    }
    let mut s = Settings::plies(plies);
    if let Some(f) = filters {
        for (slot, (accept, extra, threshold)) in s.filters.iter_mut().zip(f) {
            *slot = MoveFilter { accept, extra, threshold };
        }
    }
    Ok(s)
}

/// One gnubg-style scripting session: a `gammon` command session and a cursor over its match.
#[pyclass(module = "gammon_go._gammon_go", unsendable)]
pub struct GnubgSession {
    shell: Shell,
    /// `(game, record)` after `navigate`; `None` follows the game in play.
    cursor: Option<(usize, usize)>,
    search: NPly<'static>,
    seed: u64,
}

impl GnubgSession {
    fn session(&self) -> Option<&Session> {
        self.shell.session().filter(|s| !s.games().is_empty())
    }

    /// The position (player on roll's view) and match state at the cursor, or of the game in play.
    fn current(&self) -> Option<(Position, MatchState)> {
        let s = self.session()?;
        match self.cursor {
            Some((g, r)) => {
                let game = s.games().get(g)?;
                let replay = game.replay();
                let recs = records(game, &replay);
                let index = recs.get(r).map_or(replay.len() - 1, |rec| rec.state);
                let (pos, mut m) = replay.get(index).copied()?;
                // a dance is shown before its roll, with the dice it rolled
                if let Some(rec) = recs.get(r).filter(|rec| rec.action == "move" && m.dice.is_none()) {
                    m.dice = rec.dice;
                }
                Some((pos, m))
            }
            None => {
                let g = s.game()?;
                Some((*g.position(), s.match_state()))
            }
        }
    }
}

#[pymethods]
impl GnubgSession {
    /// A session whose dice come from `seed` (`set seed` changes them).
    #[new]
    #[pyo3(signature = (seed = 0))]
    fn new(seed: u64) -> Self {
        GnubgSession { shell: Shell::new(seed), cursor: None, search: NPly::new(Evaluator::embedded(), seed), seed }
    }

    /// Runs one `gammon` command line: `(output, error, after)`, the error one line or None. The
    /// navigation cursor returns to the game in play.
    fn command(&mut self, line: &str) -> (String, Option<String>, String) {
        self.cursor = None;
        let a = self.shell.answer(line);
        (a.before, a.error, a.after)
    }

    /// The position ID and match ID at the cursor (or of the game in play); None without a game.
    fn ids(&self) -> Option<(String, String)> {
        self.current().map(|(p, m)| (p.id(), m.id()))
    }

    /// The players' names, player 0 first.
    fn names(&self) -> (String, String) {
        let n = self.shell.player_names();
        (n[0].clone(), n[1].clone())
    }

    /// Where the cursor is: `(game, record)`, None when it follows the game in play.
    fn cursor(&self) -> Option<(usize, usize)> {
        self.cursor
    }

    /// gnubg's `navigate`: no arguments go to the first record of the first game; `game=N` moves
    /// N games (to the start of the game), `next=N` then N records forward. Returns None when done,
    /// else `(next not done, games not done)`. Raises ValueError for a negative `next`.
    #[pyo3(signature = (next = None, game = None))]
    fn navigate(&mut self, next: Option<i64>, game: Option<i64>) -> PyResult<Option<(i64, i64)>> {
        if next.is_some_and(|n| n < 0) {
            return Err(PyValueError::new_err("negative next record"));
        }
        let Some(s) = self.session() else { return Ok(None) };
        let games = s.games();
        let (mut g, mut r) = match self.cursor {
            Some(c) => c,
            None => {
                let last = games.len() - 1;
                let replay = games[last].replay();
                (last, records(&games[last], &replay).len())
            }
        };
        if next.is_none() && game.is_none() {
            self.cursor = Some((0, 0));
            return Ok(None);
        }
        let mut game_left = 0;
        if let Some(n) = game {
            let target = (g as i64).saturating_add(n).clamp(0, games.len() as i64 - 1);
            game_left = n - (target - g as i64);
            g = target as usize;
            r = 0;
        }
        let mut next_left = 0;
        if let Some(n) = next {
            let replay = games[g].replay();
            let len = records(&games[g], &replay).len() as i64;
            let target = (r as i64).saturating_add(n).min(len);
            next_left = n - (target - r as i64);
            r = target as usize;
        }
        self.cursor = Some((g, r));
        Ok((next_left != 0 || game_left != 0).then_some((next_left, game_left)))
    }

    /// The match as gnubg's `gnubg.match()` describes it, as JSON (None without a game).
    #[pyo3(signature = (analysis = true, boards = true, statistics = false, verbose = false))]
    fn match_json(&self, analysis: bool, boards: bool, statistics: bool, verbose: bool) -> Option<String> {
        let _ = verbose;
        let s = self.session()?;
        let names = self.shell.player_names();
        let rules = s.rules();
        let session_analysis = if analysis || statistics { self.shell.session_analysis() } else { None };
        let mut rule_names = Vec::new();
        if rules.match_length > 0 && rules.crawford {
            rule_names.push("Crawford");
        }
        if rules.match_length == 0 && rules.jacoby {
            rule_names.push("Jacoby");
        }
        if !rules.cube {
            rule_names.push("NoCube");
        }
        let result = match s.winner() {
            Some(0) => 1,
            Some(_) => -1,
            None => 0,
        };
        let mut info = json!({
            "X": {"name": names[0]},
            "O": {"name": names[1]},
            "match-length": rules.match_length,
            "rules": rule_names,
            "variation": variation(rules.variant),
            "result": result,
        });
        if session_analysis.is_some() {
            info["default-eval-context"] = json!({
                "cubeful": 1, "plies": self.shell.analysis_plies(), "deterministic": 1, "noise": 0.0, "prune": 1,
            });
        }
        let mut games_out = Vec::new();
        for (gi, game) in s.games().iter().enumerate() {
            let replay = game.replay();
            let ga = session_analysis.and_then(|a| a.games.get(gi));
            let score = game.setup().score;
            let mut ginfo = json!({"score-X": score[0], "score-O": score[1], "winner": Value::Null});
            if let Some(res) = game.result() {
                ginfo["winner"] = json!(symbol(res.winner));
                ginfo["points-won"] = json!(res.points);
                ginfo["resigned"] = json!(res.ending == backgammon::Ending::Resigned);
            }
            let mut actions = Vec::new();
            for r in records(game, &replay) {
                let mut a = json!({"action": r.action, "player": symbol(r.player)});
                if let Some(d) = r.dice {
                    a["dice"] = json!(d);
                }
                if let Some(p) = &r.play {
                    a["move"] = json!(p);
                }
                if let Some(level) = r.resigned {
                    a["points"] = json!(level);
                }
                if boards || r.action == "setboard" {
                    if let Some(b) = r.board {
                        a["board"] = json!(b.id());
                    }
                }
                if analysis {
                    if let Some(v) = ga.and_then(|ga| record_analysis(&r, ga)) {
                        a["analysis"] = v;
                    }
                }
                actions.push(a);
            }
            let mut gobj = json!({"info": ginfo, "game": actions});
            if statistics {
                if let Some(ga) = ga {
                    gobj["stats"] = stats_value(&ga.statistics);
                }
            }
            games_out.push(gobj);
        }
        let mut m = json!({"match-info": info, "games": games_out});
        if statistics {
            if let Some(a) = session_analysis {
                m["stats"] = stats_value(&a.statistics);
            }
        }
        Some(m.to_string())
    }

    /// Cubeless `[win, wg, wbg, lg, lbg, equity]` of a position at `plies` (player on roll's view).
    fn evaluate(&mut self, position_id: &str, plies: usize) -> PyResult<[f32; 6]> {
        let pos = parse_position(position_id)?;
        if plies > MAX_PLIES {
            return Err(PyValueError::new_err(format!("plies must be 0 to {MAX_PLIES}, not {plies}")));
        }
        let p = self.search.evaluate(&pos, plies);
        let [w, wg, wbg, lg, lbg] = p.0;
        Ok([w, wg, wbg, lg, lbg, p.equity()])
    }

    /// `gammon eval --cubeful --json`'s object for a position and match state, as JSON text.
    fn cfevaluate_json(&self, position_id: &str, match_id: &str, plies: usize) -> PyResult<String> {
        if plies > MAX_PLIES {
            return Err(PyValueError::new_err(format!("plies must be 0 to {MAX_PLIES}, not {plies}")));
        }
        let opts = EvalOptions { plies, cubeful: true, json: true, match_id: None };
        eval_with(Evaluator::embedded(), &[position_id, match_id], &opts).map_err(value_error)
    }

    /// The plays of the dice in the match state, ranked as `hint` ranks them at `plies` (with
    /// gnubg-style move filters per sub-ply when given): `(steps, notation, equity, probabilities
    /// [5], plies)`, best first. Raises ValueError when the state has no dice.
    #[pyo3(signature = (position_id, match_id, plies, filters = None))]
    #[allow(clippy::type_complexity)]
    fn rank_plays(
        &mut self,
        position_id: &str,
        match_id: &str,
        plies: usize,
        filters: Option<Vec<(i32, u32, f32)>>,
    ) -> PyResult<Vec<(Vec<(u8, u8)>, String, f64, [f32; 5], usize)>> {
        let pos = parse_position(position_id)?;
        let m = parse_match(match_id)?;
        if m.dice.is_none() {
            return Err(PyValueError::new_err("What? No dice?"));
        }
        let settings = settings_with(plies, filters)?;
        let game = game_of(&pos, &m)?;
        if game.phase() != Phase::Play {
            return Ok(Vec::new());
        }
        let ranked = advice::rank_plays(&mut self.search, &game, self.shell.met(), &settings);
        Ok(ranked.iter().map(|r| (steps(&r.play), r.play.notation(), r.equity, r.probabilities.0, r.plies)).collect())
    }

    /// A rollout of a position, `gammon rollout --json`'s object as text.
    #[pyo3(signature = (position_id, match_id = None, trials = 1296, seed = None, plies = 0, truncate = None, cubeful = false, variance_reduction = true, bearoff_truncation = true, initial_position = false))]
    #[allow(clippy::too_many_arguments)]
    fn rollout_json(
        &self,
        py: Python<'_>,
        position_id: &str,
        match_id: Option<String>,
        trials: u64,
        seed: Option<u64>,
        plies: usize,
        truncate: Option<u32>,
        cubeful: bool,
        variance_reduction: bool,
        bearoff_truncation: bool,
        initial_position: bool,
    ) -> PyResult<String> {
        if let Some(m) = &match_id {
            parse_match(m)?;
        }
        // the module's rollout, with the session's seed unless one is given and gnubg's 0 for no truncation
        crate::rollout_json(
            py,
            position_id,
            trials,
            seed.unwrap_or(self.seed),
            plies,
            truncate.filter(|&t| t > 0),
            cubeful,
            match_id,
            variance_reduction,
            bearoff_truncation,
            initial_position,
            None,
        )
    }

    /// gnubg's position class number of a position (see `classifypos`).
    #[staticmethod]
    fn classify(position_id: &str) -> PyResult<u8> {
        Ok(class_number(classify(&parse_position(position_id)?)))
    }

    /// Gammon and backgammon prices of both players at a score and cube:
    /// `((gammon, backgammon) of player 0, (gammon, backgammon) of player 1)`, gnubg's
    /// `gammonprice`; zeros where gammons do not count (money play under the Jacoby rule with the
    /// cube centred).
    #[staticmethod]
    #[pyo3(signature = (match_length, score, cube, centred, jacoby, crawford))]
    fn gammon_prices(
        match_length: u32,
        score: (u32, u32),
        cube: u32,
        centred: bool,
        jacoby: bool,
        crawford: bool,
    ) -> PyResult<((f64, f64), (f64, f64))> {
        if match_length == 0 {
            let v = if jacoby && centred { 0.0 } else { 1.0 };
            return Ok(((v, v), (v, v)));
        }
        let met = backgammon::cube::met::MatchEquityTable::kazaross_xg2();
        let s = [score.0, score.1];
        let price = |p: usize| -> PyResult<(f64, f64)> {
            let ms = MatchScore::from_points(match_length, s[p], s[1 - p], crawford);
            // gnubg's price is twice the gammon value (1 in money play without the Jacoby rule)
            let g = met.gammon_value(ms, cube).map_err(value_error)?;
            let b = met.backgammon_value(ms, cube).map_err(value_error)?;
            Ok((2.0 * g, 2.0 * b))
        };
        Ok((price(0)?, price(1)?))
    }

    /// MWC of a normalised equity (`to_mwc`) or the reverse, for the player `me` at a score.
    #[staticmethod]
    fn convert_equity(
        value: f64,
        to_mwc: bool,
        match_length: u32,
        score: (u32, u32),
        me: usize,
        cube: u32,
        crawford: bool,
    ) -> PyResult<f64> {
        let met = backgammon::cube::met::MatchEquityTable::kazaross_xg2();
        let s = [score.0, score.1];
        let me = me.min(1);
        let ms = MatchScore::from_points(match_length, s[me], s[1 - me], crawford);
        if to_mwc {
            met.mwc_of_nemg(value, ms, cube).map_err(value_error)
        } else {
            met.nemg(value, ms, cube).map_err(value_error)
        }
    }

    /// The match equity table up to `max_score` away: `(pre-Crawford rows, post-Crawford rows of
    /// player 0 and 1)`, gnubg's `met()`.
    #[staticmethod]
    fn met(max_score: usize) -> PyResult<(Table, Table)> {
        let met = backgammon::cube::met::MatchEquityTable::kazaross_xg2();
        let n = max_score.clamp(1, met.length()) as u32;
        let mut pre = Vec::new();
        for i in 1..=n {
            pre.push((1..=n).map(|j| met.pre(i, j)).collect::<Result<Vec<_>, _>>().map_err(value_error)?);
        }
        let mut post = Vec::new();
        for p in 0..2 {
            post.push((1..=n).map(|j| met.post(j, p)).collect::<Result<Vec<_>, _>>().map_err(value_error)?);
        }
        Ok((pre, post))
    }

    /// gnubg's move filters for `plies` 1 to 4 at the normal level: `(ply, level, accept, extra,
    /// threshold)`, `getevalhintfilter`'s entries.
    #[staticmethod]
    fn normal_filters() -> Vec<(usize, usize, i32, u32, f32)> {
        let mut out = Vec::new();
        for ply in 1..=MAX_PLIES {
            let f = backgammon::eval::nply::normal_filters(ply);
            for (level, m) in f.iter().enumerate().take(ply) {
                out.push((ply, level, m.accept, m.extra, m.threshold));
            }
        }
        out
    }

    /// The match ID of a cube-info and pos-info (gnubg's `matchid(cubeinfo, posinfo)`): the
    /// player on move (`move`) and the player to act (`turn`) may differ, as in gnubg.
    #[staticmethod]
    #[pyo3(signature = (cube, owner, on_move, turn, match_length, score, crawford, jacoby, game_state, doubled, resigned, dice))]
    #[allow(clippy::too_many_arguments)]
    fn match_id_of(
        cube: u32,
        owner: i8,
        on_move: usize,
        turn: usize,
        match_length: u16,
        score: (u16, u16),
        crawford: bool,
        jacoby: bool,
        game_state: u8,
        doubled: bool,
        resigned: u8,
        dice: Option<(u8, u8)>,
    ) -> PyResult<String> {
        if !cube.is_power_of_two() {
            return Err(PyValueError::new_err(format!("cube {cube} is not a power of two")));
        }
        let cube_owner = match owner {
            -1 => CubeOwner::Centred,
            0 | 1 => CubeOwner::Player(owner as usize),
            _ => return Err(PyValueError::new_err("cubeowner is -1 (centred), 0 or 1")),
        };
        let game_state = match game_state {
            0 => GameState::NoGame,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            4 => GameState::Dropped,
            n => return Err(PyValueError::new_err(format!("gamestate {n} is not 0 to 4"))),
        };
        let resignation = match resigned {
            0 => None,
            1 => Some(backgammon::WinKind::Single),
            2 => Some(backgammon::WinKind::Gammon),
            3 => Some(backgammon::WinKind::Backgammon),
            n => return Err(PyValueError::new_err(format!("resigned {n} is not 0 to 3"))),
        };
        let state = MatchState {
            cube_log2: u8::try_from(cube.trailing_zeros()).unwrap_or(u8::MAX),
            cube_owner,
            on_roll: on_move,
            crawford,
            game_state,
            turn,
            doubled,
            resignation,
            dice,
            match_length,
            score: [score.0, score.1],
            no_jacoby: !jacoby,
        };
        state.validate().map_err(value_error)?;
        Ok(state.id())
    }

    /// gnubg's rating number of a normalised error per decision: 0 awful to 7 supernatural.
    #[staticmethod]
    fn error_rating(rate: f64) -> u8 {
        backgammon::analysis::Rating::of(rate) as u8
    }

    /// gnubg's luck rating number of a normalised luck per move: 0 very unlucky to 4 very lucky.
    #[staticmethod]
    fn luck_rating(rate: f64) -> u8 {
        backgammon::analysis::LuckRating::of(rate) as u8
    }

    /// The game state number and whether a double is pending, at the cursor (posinfo's fields).
    fn state_numbers(&self) -> Option<(u8, bool)> {
        self.current().map(|(_, m)| (game_state_number(m.game_state), m.doubled))
    }
}
