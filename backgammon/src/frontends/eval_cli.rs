//! The `gammon eval` and `gammon best` commands: request parsing, output lines and batch mode
//! (the same framing as `gammon moves`: each request line is answered by its output lines and an
//! empty line, or `error: …` and an empty line, flushed at once).
//!
//! `eval` output (one line per position, player on roll's view):
//!
//! - plain: `win wg wbg lg lbg equity` (cubeless; gammons include backgammons), six decimals;
//! - `--cubeful`: the same six fields, then `cubeful nd dt dp action`: the cubeful equity under
//!   the proper cube action, the cubeful equities of no double, double/take and double/pass, and
//!   the action as one token (`no-double`, `double-take`, `double-pass`, `too-good-pass`,
//!   `too-good-take`, `no-double-beaver`, `double-beaver`, `redouble-…`, `unavailable-crawford`,
//!   `unavailable-opponent-owns-cube`, `unavailable-dead-cube`, `unavailable-max-cube`). Cubeful
//!   equities are normalised to the current cube: money equity per cube value (double/pass is
//!   +1), or in match play the manual's normalised equity (NEMG) of the MWC at the current cube,
//!   whose MWCs the `--json` object also gives. Match play uses the Kazaross XG2 table;
//!   money play the Jacoby rule (unless the match ID turns it off) and beavers;
//! - `--json`: one object per line with the same figures (`position_id`, `match_id`, `plies`,
//!   `probabilities`, `equity`, and with `--cubeful` a `cubeful` object).
//!
//! `best` answers `POSID D1 D2` with `<play>\t<resulting POSID>`: the 0-ply cubeless best play, or
//! with a depth or level ([`best_at`], `--plies N` / `--level NAME`) the play the interactive
//! `hint` lists first at that setting (the shell's ranking, `commands::advice::rank_plays`, on the
//! game `set board POSID` and the roll would give it).
//!
//! An `eval` request is `POSID [MATCHID]`; the match ID (gnubg's, 12 characters) gives the cube, its
//! owner, the score and the player on roll, whose view the position ID must be in. Without one,
//! a money game with a centred cube.
//!
//! Owns these two commands' formats only; evaluation is [`crate::eval::Evaluator`]'s, cube decisions
//! [`crate::cube::decision`]'s, the ranking of plays at depth `hint`'s.

use crate::cube::cubeful::Scoring;
use crate::cube::decision::{evaluate_position, CubeContext};
use crate::cube::met::default_met;
use crate::eval::nply::NPly;
use crate::eval::{Evaluator, Probabilities, Scratch};
use crate::frontends::batch::{parse_moves_request, parse_position, RequestError};
use crate::rules::match_id::MatchState;
use crate::rules::movegen::MoveGenerator;
use std::io::{self, BufRead, Write};

/// `win wg wbg lg lbg equity`, six decimals each.
pub fn format_probabilities(p: &Probabilities) -> String {
    let [w, wg, wbg, lg, lbg] = p.0;
    format!("{w:.6} {wg:.6} {wbg:.6} {lg:.6} {lbg:.6} {:.6}", p.equity())
}

/// Answers `eval POSID` (fields after the command).
pub fn eval_request(ev: &Evaluator, fields: &[&str]) -> Result<String, RequestError> {
    let [id] = fields else { return Err(RequestError::Fields(fields.len())) };
    let pos = parse_position(id)?;
    Ok(format_probabilities(&ev.evaluate(&pos)))
}

/// Answers `eval POSID` at `plies` plies ([`crate::eval::nply`]); 0 is [`eval_request`].
pub fn eval_plies_request(ev: &Evaluator, fields: &[&str], plies: usize) -> Result<String, RequestError> {
    let [id] = fields else { return Err(RequestError::Fields(fields.len())) };
    let pos = parse_position(id)?;
    Ok(format_probabilities(&crate::eval::nply::NPly::new(ev, 0).evaluate(&pos, plies)))
}

/// Parses a match ID argument.
pub fn parse_match_id(id: &str) -> Result<MatchState, RequestError> {
    MatchState::from_id(id).map_err(|e| RequestError::MatchId { id: id.to_string(), reason: e.to_string() })
}

/// How `eval` answers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EvalOptions {
    /// Search depth of the cubeless probabilities (0 to [`crate::eval::nply::MAX_PLIES`]).
    pub plies: usize,
    /// Add cubeful equities and the cube action.
    pub cubeful: bool,
    /// One JSON object instead of the line.
    pub json: bool,
    /// Match ID used when a request gives none.
    pub match_id: Option<String>,
}

fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// Answers `eval POSID [MATCHID]` with `opts` (the format is in the module doc).
pub fn eval_with(ev: &Evaluator, fields: &[&str], opts: &EvalOptions) -> Result<String, RequestError> {
    let (id, mid) = match fields {
        [id] => (*id, opts.match_id.as_deref()),
        [id, mid] => (*id, Some(*mid)),
        _ => return Err(RequestError::Fields(fields.len())),
    };
    let pos = parse_position(id)?;
    let state = mid.map(parse_match_id).transpose()?;
    let met = default_met();
    let cube = state.as_ref().map_or_else(CubeContext::money, |s| CubeContext::from_match_state(s, met));
    let mut search = NPly::new(ev, 0);
    let (p, analysis) = if opts.cubeful {
        let (p, a) = evaluate_position(&mut search, &pos, &cube, opts.plies)
            .map_err(|e| RequestError::MatchId { id: mid.unwrap_or_default().to_string(), reason: e.to_string() })?;
        (p, Some(a))
    } else {
        (search.evaluate(&pos, opts.plies), None)
    };
    let norm = |v: f64| cube.normalised(v).unwrap_or(f64::NAN);
    if !opts.json {
        let mut line = format_probabilities(&p);
        if let Some(a) = analysis {
            let e = a.equities;
            line.push_str(&format!(
                " {:.6} {:.6} {:.6} {:.6} {}",
                norm(a.value()),
                norm(e.no_double),
                norm(e.double_take),
                norm(e.double_pass),
                a.action.token(a.redouble)
            ));
        }
        return Ok(line);
    }
    let [w, wg, wbg, lg, lbg] = p.0.map(|x| round6(f64::from(x)));
    let mut obj = serde_json::json!({
        "position_id": pos.id(),
        "match_id": mid,
        "plies": opts.plies,
        "probabilities": {"win": w, "win_gammon": wg, "win_backgammon": wbg, "lose_gammon": lg, "lose_backgammon": lbg},
        "equity": round6(f64::from(p.equity())),
    });
    if let Some(a) = analysis {
        let e = a.equities;
        let mwc = match cube.scoring {
            Scoring::Match { .. } => serde_json::json!({
                "cubeful": round6(a.value()),
                "no_double": round6(e.no_double),
                "double_take": round6(e.double_take),
                "double_pass": round6(e.double_pass),
            }),
            Scoring::Money { .. } => serde_json::Value::Null,
        };
        obj["cubeful"] = serde_json::json!({
            "equity": round6(norm(a.value())),
            "no_double": round6(norm(e.no_double)),
            "double_take": round6(norm(e.double_take)),
            "double_pass": round6(norm(e.double_pass)),
            "action": a.action.token(a.redouble),
            "description": a.action.describe(a.redouble),
            "mwc": mwc,
        });
    }
    Ok(obj.to_string())
}

/// Answers `rollout POSID`: the means line and the standard errors line of
/// [`crate::analysis::rollout::format_result`].
pub fn rollout_request(
    ev: &Evaluator,
    id: &str,
    cfg: &crate::analysis::rollout::RolloutConfig,
) -> Result<String, RequestError> {
    let pos = parse_position(id)?;
    Ok(crate::analysis::rollout::format_result(&crate::analysis::rollout::rollout(ev, &pos, cfg)))
}

/// The arguments of `gammon rollout`.
#[derive(Clone, Debug, Default)]
pub struct RolloutArgs {
    /// Required unless resuming.
    pub position_id: Option<String>,
    pub match_id: Option<String>,
    pub cubeful: bool,
    /// Total games; when resuming, `None` keeps the saved total.
    pub trials: Option<u64>,
    /// Everything else of the configuration (its `trials` is used when `trials` is `None` and
    /// not resuming).
    pub config: crate::analysis::rollout::RolloutConfig,
    /// Write the state here after every batch and at the end.
    pub save: Option<std::path::PathBuf>,
    /// Continue the rollout saved here (and keep saving to it unless `save` is given).
    pub resume: Option<std::path::PathBuf>,
    /// Answer one JSON object ([`crate::analysis::rollout::RolloutOutcome::json`]) instead of text lines.
    pub json: bool,
}

/// Runs `gammon rollout`: a new or resumed rollout, cubeless ([`crate::analysis::rollout::format_result`])
/// or cubeful ([`crate::analysis::rollout::format_cube_result`]).
pub fn rollout_command(ev: &Evaluator, args: &RolloutArgs) -> Result<String, crate::analysis::rollout::RolloutError> {
    use crate::analysis::rollout::{RolloutError, RolloutState};
    let mut state = match &args.resume {
        Some(path) => {
            let mut s = RolloutState::load(path)?;
            if let Some(id) = &args.position_id {
                if *id != s.position_id {
                    return Err(RolloutError::State {
                        path: path.clone(),
                        line: 0,
                        column: 0,
                        message: format!("saved for position {}, not {id}", s.position_id),
                    });
                }
            }
            if let Some(t) = args.trials {
                s.config.trials = t;
            }
            s.config.progress = args.config.progress;
            s
        }
        None => {
            // The position and match IDs are checked by the run, before anything is played or saved.
            let id = args.position_id.as_deref().unwrap_or_default();
            let mut cfg = args.config;
            if let Some(t) = args.trials {
                cfg.trials = t;
            }
            RolloutState::new(id, args.match_id.as_deref(), args.cubeful, cfg)
        }
    };
    let save = args.save.as_deref().or(args.resume.as_deref());
    let outcome = state.run_outcome(ev, save)?;
    Ok(if args.json { outcome.json().to_string() } else { outcome.text() })
}

/// Reused state of `best` requests.
#[derive(Default)]
pub struct BestState {
    gen: MoveGenerator,
    scratch: Scratch,
    buf: Vec<Probabilities>,
}

/// Answers `best POSID D1 D2`: `<play>\t<resulting POSID>` (the mover still on roll, as `moves`
/// prints it), or `None` when no play is legal.
pub fn best_request(ev: &Evaluator, state: &mut BestState, fields: &[&str]) -> Result<Option<String>, RequestError> {
    let (pos, d1, d2) = parse_moves_request(fields)?;
    Ok(ev
        .best_play(&mut state.gen, &pos, d1, d2, &mut state.scratch, &mut state.buf)
        .map(|(play, _)| format!("{}\t{}", play.notation(), play.result().id())))
}

/// The game the interactive shell would hold after `set board POSID` and a roll of `d1 d2`: a
/// money game under the shell's default rules (gnubg's: the Jacoby rule, beavers), cube centred,
/// X on roll. `None` when the dice leave no legal play.
fn hint_game(pos: &crate::rules::position::Position, d1: u8, d2: u8) -> Option<crate::rules::game::Game> {
    use crate::rules::game::{Game, GameSetup, Phase};
    use crate::rules::variant::Variant;
    let setup = GameSetup { jacoby: true, beavers: 3, ..GameSetup::money(Variant::Standard) };
    let mut game = Game::from_position(setup, *pos, 1, crate::rules::cube::Cube::default());
    game.roll(d1, d2).ok()?;
    (game.phase() == Phase::Play).then_some(game)
}

/// `best POSID D1 D2 --plies N` / `--level NAME`: the play the interactive `hint` ranks first at
/// `settings` (its depth and move filters; `hint` ranks without noise, so the noisy levels choose
/// as expert does), with its cubeless probabilities (mover's view) and the depth it was last
/// evaluated at. `None` when no play is legal.
pub fn best_at(
    search: &mut NPly<'_>,
    fields: &[&str],
    settings: &crate::eval::nply::Settings,
) -> Result<Option<(crate::rules::movegen::Play, Probabilities)>, RequestError> {
    let (pos, d1, d2) = parse_moves_request(fields)?;
    let Some(game) = hint_game(&pos, d1, d2) else { return Ok(None) };
    let met = crate::cube::met::MatchEquityTable::kazaross_xg2();
    let ranked = crate::frontends::commands::advice::rank_plays(search, &game, &met, settings);
    Ok(ranked.first().map(|r| (r.play, r.probabilities)))
}

/// [`best_at`] in `best`'s plain format: `<play>\t<resulting POSID>`.
pub fn best_at_request(
    search: &mut NPly<'_>,
    fields: &[&str],
    settings: &crate::eval::nply::Settings,
) -> Result<Option<String>, RequestError> {
    Ok(best_at(search, fields, settings)?.map(|(play, _)| format!("{}\t{}", play.notation(), play.result().id())))
}

/// Which command a batch answers.
#[derive(Clone, Debug, PartialEq)]
pub enum BatchCommand {
    Eval,
    /// `eval --plies N` with N > 0.
    EvalPlies(usize),
    /// `eval` with options ([`eval_with`]; requests `POSID [MATCHID]`).
    EvalWith(EvalOptions),
    Best,
    /// `best --plies N` / `--level NAME`: as `hint` ranks at these settings ([`best_at`]).
    BestAt(crate::eval::nply::Settings),
}

/// Batch mode of `eval` and `best` (errors as JSON objects for `eval --json`).
pub fn batch(ev: &Evaluator, command: BatchCommand, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut state = BestState::default();
    let mut search = NPly::new(ev, 0);
    let style = match &command {
        BatchCommand::EvalWith(opts) if opts.json => crate::frontends::batch::ErrorStyle::Json,
        _ => crate::frontends::batch::ErrorStyle::Text,
    };
    crate::frontends::batch::serve_lines_styled(input, out, style, |fields, out| {
        let answer = match &command {
            BatchCommand::Eval => eval_request(ev, fields).map(Some),
            BatchCommand::EvalPlies(n) => eval_plies_request(ev, fields, *n).map(Some),
            BatchCommand::EvalWith(opts) => eval_with(ev, fields, opts).map(Some),
            BatchCommand::Best => best_request(ev, &mut state, fields),
            BatchCommand::BestAt(settings) => best_at_request(&mut search, fields, settings),
        };
        match answer {
            Ok(Some(text)) => writeln!(out, "{text}").map(Ok),
            Ok(None) => Ok(Ok(())),
            Err(e) => Ok(Err(e)),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_and_batches() {
        let ev = Evaluator::embedded();
        assert_eq!(eval_request(ev, &[]), Err(RequestError::Fields(0)));
        assert!(matches!(eval_request(ev, &["nonsense"]), Err(RequestError::Position { .. })));
        // the opponent has borne off everything but a gammon's worth: exact -2
        let lost = crate::rules::position::Position::from_points(&[(6, 15)], &[]).unwrap().id();
        assert_eq!(eval_request(ev, &[&lost]).unwrap(), "0.000000 0.000000 0.000000 1.000000 0.000000 -2.000000");
        let input = format!("{lost}\n\nbad\n");
        let mut out = Vec::new();
        batch(ev, BatchCommand::Eval, input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "0.000000 0.000000 0.000000 1.000000 0.000000 -2.000000\n\nerror: bad position ID \"bad\": position ID must be 14 characters, got 3\n\n"
        );
        let mut out = Vec::new();
        batch(ev, BatchCommand::Best, &b"2x0AAOi2AQAAAA 6 5\n2x0AAOi2AQAAAA 6\n"[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "5/off(2)\t2x0AAOg2AAAAAA\n\nerror: expected `POSID D1 D2`, got 2 field(s)\n\n");
        // a finished game is exact at every ply; the opening at 1 ply is not its 0-ply value
        assert_eq!(eval_plies_request(ev, &[&lost], 2).unwrap(), eval_request(ev, &[&lost]).unwrap());
        let open = "4HPwATDgc/ABMA";
        assert_ne!(eval_plies_request(ev, &[open], 1).unwrap(), eval_request(ev, &[open]).unwrap());
        assert!(matches!(rollout_request(ev, "bad", &Default::default()), Err(RequestError::Position { .. })));
    }

    #[test]
    fn cubeful_lines_and_json() {
        let ev = Evaluator::embedded();
        let cubeful = EvalOptions { cubeful: true, ..EvalOptions::default() };
        // the seed's two-sided bearoff example: the database's money figures, an initial double
        let line = eval_with(ev, &["CgAAEAEAAAAAAA"], &cubeful).unwrap();
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f.len(), 11, "{line}");
        assert_eq!(&f[6..], ["0.321019", "0.160510", "0.321019", "1.000000", "double-take"], "{line}");
        // the same position, X owning a 2-cube: no redouble (owned 0.3441 > 0.3210)
        let owned = crate::rules::match_id::MatchState {
            cube_log2: 1,
            cube_owner: crate::rules::cube::CubeOwner::Player(1),
            on_roll: 1,
            turn: 1,
            game_state: crate::rules::match_id::GameState::Playing,
            ..MatchState::default()
        };
        let line = eval_with(ev, &["CgAAEAEAAAAAAA", &owned.id()], &cubeful).unwrap();
        assert!(line.ends_with(" 0.344137 0.344137 0.321019 1.000000 no-redouble"), "{line}");
        // the opponent owns it
        let theirs = MatchState { cube_owner: crate::rules::cube::CubeOwner::Player(0), ..owned };
        let line = eval_with(ev, &["CgAAEAEAAAAAAA", &theirs.id()], &cubeful).unwrap();
        assert!(line.ends_with("unavailable-opponent-owns-cube"), "{line}");
        // match play: double/pass is +1 normalised; JSON carries the MWCs
        let json = EvalOptions { json: true, ..cubeful.clone() };
        let text = eval_with(ev, &["4HPMwQCMz+AIIQ", "cAngACAAIAAA"], &json).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["cubeful"]["double_pass"], 1.0);
        let dp_mwc = v["cubeful"]["mwc"]["double_pass"].as_f64().unwrap();
        let met = default_met();
        let expected = met.mwc_after(crate::cube::met::MatchScore::new(3, 5, false), true, 1).unwrap();
        assert!((dp_mwc - expected).abs() < 1e-6, "{text}");
        assert_eq!(v["position_id"], "4HPMwQCMz+AIIQ");
        assert!(v["probabilities"]["win"].as_f64().unwrap() > 0.3);
        // without --cubeful, no cubeful object; a bad match ID is a typed error
        let plain = eval_with(ev, &["4HPMwQCMz+AIIQ"], &EvalOptions { json: true, ..EvalOptions::default() }).unwrap();
        assert!(!plain.contains("cubeful"), "{plain}");
        assert!(matches!(eval_with(ev, &["4HPMwQCMz+AIIQ", "nonsense"], &cubeful), Err(RequestError::MatchId { .. })));
        assert!(matches!(eval_with(ev, &["a", "b", "c"], &cubeful), Err(RequestError::Fields(3))));
    }
}
