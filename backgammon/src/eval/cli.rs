//! The `gammon eval` and `gammon best` commands: request parsing, output lines and batch mode
//! (the same framing as `gammon moves`: each request line is answered by its output lines and an
//! empty line, or `error: …` and an empty line, flushed at once).
//!
//! Owns these two commands' formats only; evaluation is [`super::Evaluator`]'s.

use super::{Evaluator, Probabilities, Scratch};
use crate::batch::{parse_moves_request, parse_position, RequestError};
use crate::movegen::MoveGenerator;
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

/// Answers `eval POSID` at `plies` plies ([`crate::nply`]); 0 is [`eval_request`].
pub fn eval_plies_request(ev: &Evaluator, fields: &[&str], plies: usize) -> Result<String, RequestError> {
    let [id] = fields else { return Err(RequestError::Fields(fields.len())) };
    let pos = parse_position(id)?;
    Ok(format_probabilities(&crate::nply::NPly::new(ev, 0).evaluate(&pos, plies)))
}

/// Answers `rollout POSID`: the means line and the standard errors line of
/// [`crate::rollout::format_result`].
pub fn rollout_request(ev: &Evaluator, id: &str, cfg: &crate::rollout::RolloutConfig) -> Result<String, RequestError> {
    let pos = parse_position(id)?;
    Ok(crate::rollout::format_result(&crate::rollout::rollout(ev, &pos, cfg)))
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

/// Which command a batch answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BatchCommand {
    Eval,
    /// `eval --plies N` with N > 0.
    EvalPlies(usize),
    Best,
}

/// Batch mode of `eval` and `best`.
pub fn batch(ev: &Evaluator, command: BatchCommand, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut state = BestState::default();
    crate::batch::serve_lines(input, out, |fields, out| {
        let answer = match command {
            BatchCommand::Eval => eval_request(ev, fields).map(Some),
            BatchCommand::EvalPlies(n) => eval_plies_request(ev, fields, n).map(Some),
            BatchCommand::Best => best_request(ev, &mut state, fields),
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
        let lost = crate::position::Position::from_points(&[(6, 15)], &[]).unwrap().id();
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
}
