//! `--json` output of `gammon moves`, `gammon best` and `gammon show`: one JSON object per
//! request (one line), with the same framing in batch mode as the plain forms (each answer
//! followed by an empty line; a bad request is answered `{"error": "…", "line": N}`). Field names are stable for scripts:
//!
//! - moves: `{"position_id", "dice": [d1, d2], "plays": [{"play", "position_id"}, …]}` — every
//!   distinct legal play in gnubg notation and the position ID after it (mover still on roll);
//! - best: `{"position_id", "dice", "play", "position_id_after", "probabilities": {win,
//!   win_gammon, win_backgammon, lose_gammon, lose_backgammon}, "equity"}` — the 0-ply best play
//!   (`play` and the rest `null` when no play is legal), cubeless figures from the mover's view;
//!   with `--plies N` / `--level NAME` the play `hint` ranks first there ([`best_json_at`]), the
//!   figures at the depth it was evaluated to;
//! - show: `{"position_id", "match_id", "board", "on_roll", "dice", "cube", "cube_owner",
//!   "match_length", "score", "crawford", "pips": [player 0, player 1]}` — `board` is the text of
//!   `gammon show`; players are numbered as in the match ID (0 is O, 1 is X).
//!
//! Owns only these objects; parsing and the plain formats are `batch`'s and `eval_cli`'s.

use crate::eval::{Evaluator, Probabilities, Scratch};
use crate::frontends::batch::{
    parse_moves_request, parse_position, serve_lines_styled, show, ErrorStyle, RequestError,
};
use crate::rules::cube::CubeOwner;
use crate::rules::match_id::{GameState, MatchState};
use crate::rules::movegen::MoveGenerator;
use crate::rules::position::{ON_ROLL, OPPONENT};
use serde_json::{json, Value};
use std::io::{self, BufRead, Write};

fn round6(x: f32) -> f64 {
    (f64::from(x) * 1e6).round() / 1e6
}

/// The `best --json` object: the play (notation, position after it, its probabilities), or nulls when
/// no play is legal.
fn best_object(id: &str, d1: u8, d2: u8, best: Option<(String, String, Probabilities)>) -> String {
    let obj = match best {
        Some((play, after, p)) => json!({
            "position_id": id,
            "dice": [d1, d2],
            "play": play,
            "position_id_after": after,
            "probabilities": probabilities(&p),
            "equity": round6(p.equity()),
        }),
        None => json!({
            "position_id": id,
            "dice": [d1, d2],
            "play": null,
            "position_id_after": null,
            "probabilities": null,
            "equity": null,
        }),
    };
    obj.to_string()
}

fn probabilities(p: &Probabilities) -> Value {
    let [w, wg, wbg, lg, lbg] = p.0.map(round6);
    json!({"win": w, "win_gammon": wg, "win_backgammon": wbg, "lose_gammon": lg, "lose_backgammon": lbg})
}

/// `moves POSID D1 D2 --json`.
pub fn moves_json(gen: &mut MoveGenerator, fields: &[&str]) -> Result<String, RequestError> {
    let (pos, d1, d2) = parse_moves_request(fields)?;
    let plays: Vec<Value> = gen
        .generate(&pos, d1, d2)
        .iter()
        .map(|p| json!({"play": p.notation(), "position_id": p.result().id()}))
        .collect();
    Ok(json!({"position_id": pos.id(), "dice": [d1, d2], "plays": plays}).to_string())
}

/// `best POSID D1 D2 --json`.
pub fn best_json(
    ev: &Evaluator,
    gen: &mut MoveGenerator,
    scratch: &mut Scratch,
    buf: &mut Vec<Probabilities>,
    fields: &[&str],
) -> Result<String, RequestError> {
    let (pos, d1, d2) = parse_moves_request(fields)?;
    let best = ev.best_play(gen, &pos, d1, d2, scratch, buf).map(|(play, p)| (play.notation(), play.result().id(), p));
    Ok(best_object(&pos.id(), d1, d2, best))
}

/// `best POSID D1 D2 --json --plies N` (or `--level NAME`): the object of [`best_json`] for the
/// play the interactive `hint` ranks first at `settings`.
pub fn best_json_at(
    search: &mut crate::eval::nply::NPly<'_>,
    settings: &crate::eval::nply::Settings,
    fields: &[&str],
) -> Result<String, RequestError> {
    let (pos, d1, d2) = parse_moves_request(fields)?;
    let best = crate::frontends::eval_cli::best_at(search, fields, settings)?
        .map(|(play, p)| (play.notation(), play.result().id(), p));
    Ok(best_object(&pos.id(), d1, d2, best))
}

/// `show POSID [MATCHID] --json`.
pub fn show_json(position_id: &str, match_id: Option<&str>) -> Result<String, RequestError> {
    let board = show(position_id, match_id)?;
    let pos = parse_position(position_id)?;
    let state = match match_id {
        // `show` has already accepted it
        Some(id) => {
            MatchState::from_id(id).map_err(|e| RequestError::MatchId { id: id.into(), reason: e.to_string() })?
        }
        None => MatchState { on_roll: 1, turn: 1, game_state: GameState::Playing, ..MatchState::default() },
    };
    let mut pips = [0u32; 2];
    pips[state.on_roll & 1] = pos.pips(ON_ROLL);
    pips[(state.on_roll & 1) ^ 1] = pos.pips(OPPONENT);
    let obj = json!({
        "position_id": pos.id(),
        "match_id": state.id(),
        "board": board,
        "on_roll": state.on_roll,
        "dice": state.dice.map(|(a, b)| [a, b]),
        "cube": state.cube_value(),
        "cube_owner": match state.cube_owner {
            CubeOwner::Centred => Value::Null,
            CubeOwner::Player(p) => json!(p),
        },
        "match_length": state.match_length,
        "score": state.score,
        "crawford": state.crawford,
        "pips": pips,
    });
    Ok(obj.to_string())
}

/// The object a malformed request is answered with in `--json` mode: `{"error": "…"}`, the
/// message cut to one line of at most [`crate::frontends::commands::MAX_ERROR_CHARS`] characters.
pub fn error_json(message: &str) -> String {
    json!({ "error": crate::frontends::commands::one_bounded_line(message) }).to_string()
}

/// Batch mode with `--json`: each request line answered by `answer`'s object and an empty line;
/// a bad request by `{"error": "…", "line": N}`.
pub fn json_batch(
    input: impl BufRead,
    out: &mut impl Write,
    mut answer: impl FnMut(&[&str]) -> Result<String, RequestError>,
) -> io::Result<()> {
    serve_lines_styled(input, out, ErrorStyle::Json, |fields, out| match answer(fields) {
        Ok(text) => writeln!(out, "{text}").map(Ok),
        Err(e) => Ok(Err(e)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_object_lists_every_play() {
        let text = moves_json(&mut MoveGenerator::new(), &["4HPwATDgc/ABMA", "2", "1"]).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["dice"], json!([2, 1]));
        let plays = v["plays"].as_array().unwrap();
        // the opening 21 has 15 distinct plays (gnubg lists 15 too)
        assert_eq!(plays.len(), 15);
        assert!(plays.iter().any(|p| p["play"] == "13/11 6/5"));
        assert!(moves_json(&mut MoveGenerator::new(), &["4HPwATDgc/ABMA", "7", "1"]).is_err());
    }

    #[test]
    fn best_and_show_objects() {
        let ev = Evaluator::embedded();
        let (mut gen, mut scratch, mut buf) = (MoveGenerator::new(), Scratch::default(), Vec::new());
        let v: Value = serde_json::from_str(
            &best_json(ev, &mut gen, &mut scratch, &mut buf, &["4HPwATDgc/ABMA", "3", "1"]).unwrap(),
        )
        .unwrap();
        // 31: making the 5 point is everyone's opening play
        assert_eq!(v["play"], "8/5 6/5");
        let w = v["probabilities"]["win"].as_f64().unwrap();
        assert!(w > 0.5 && w < 0.6, "{v}");
        let v: Value = serde_json::from_str(&show_json("4HPwATDgc/ABMA", Some("cAkAAAAAAAAA")).unwrap()).unwrap();
        assert_eq!(v["pips"], json!([167, 167]));
        assert_eq!(v["cube"], 1);
        assert_eq!(v["cube_owner"], Value::Null);
        assert!(v["board"].as_str().unwrap().contains("Position ID: 4HPwATDgc/ABMA"));
        assert!(show_json("4HPwATDgc/ABMA", Some("bad")).is_err());
    }

    #[test]
    fn batch_goes_on_after_errors() {
        let mut gen = MoveGenerator::new();
        let mut out = Vec::new();
        json_batch(&b"4HPwATDgc/ABMA 6 6\nnonsense\n"[..], &mut out, |f| moves_json(&mut gen, f)).unwrap();
        let text = String::from_utf8(out).unwrap();
        let blocks: Vec<&str> = text.split("\n\n").collect();
        assert!(serde_json::from_str::<Value>(blocks[0]).is_ok());
        // errors are JSON objects too, naming the input line
        let e: Value = serde_json::from_str(blocks[1]).unwrap();
        assert_eq!(e["line"], 2);
        assert_eq!(e["error"], "expected `POSID D1 D2`, got 1 field(s)");
    }
}
