//! The script-friendly one-shot commands of `gammon` — `moves` (one request or a stream of them)
//! and `show` — with their argument parsing and typed errors. The `gammon` binary only
//! dispatches here; the interactive command language is elsewhere.

use crate::formats::display::{draw_board, BoardAnnotations};
use crate::rules::cube::CubeOwner;
use crate::rules::match_id::{GameState, MatchState};
use crate::rules::movegen::MoveGenerator;
use crate::rules::position::{Position, PositionError};
use engine_core::limits::{excerpt, read_line_limited, LineRead, MAX_LINE_BYTES};
use serde_json::json;
use std::io::{self, BufRead, Write};
use thiserror::Error;

/// A malformed request. Its message quotes at most [`excerpt`] of what was given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RequestError {
    #[error("expected `POSID D1 D2`, got {0} field(s)")]
    Fields(usize),
    #[error("bad position ID {:?}: {source}", excerpt(id))]
    Position { id: String, source: PositionError },
    #[error("bad die {:?} in field {field}: a die is 1 to 6", excerpt(text))]
    Die { text: String, field: usize },
    #[error("bad match ID {:?}: {reason}", excerpt(id))]
    MatchId { id: String, reason: String },
}

/// Parses a position ID argument.
pub fn parse_position(id: &str) -> Result<Position, RequestError> {
    Position::from_id(id).map_err(|source| RequestError::Position { id: id.to_string(), source })
}

fn parse_die(text: &str, field: usize) -> Result<u8, RequestError> {
    match text.parse::<u8>() {
        Ok(d @ 1..=6) => Ok(d),
        _ => Err(RequestError::Die { text: text.to_string(), field }),
    }
}

/// Parses the fields `POSID D1 D2` of a `moves` request.
pub fn parse_moves_request(fields: &[&str]) -> Result<(Position, u8, u8), RequestError> {
    let [id, d1, d2] = fields else { return Err(RequestError::Fields(fields.len())) };
    Ok((parse_position(id)?, parse_die(d1, 2)?, parse_die(d2, 3)?))
}

/// Writes every distinct legal play, one per line: `<play>\t<resulting POSID>`.
pub fn write_plays(gen: &mut MoveGenerator, pos: &Position, d1: u8, d2: u8, out: &mut impl Write) -> io::Result<()> {
    for play in gen.generate(pos, d1, d2) {
        writeln!(out, "{}\t{}", play.notation(), play.result().id())?;
    }
    Ok(())
}

/// How a batch reports a bad request line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ErrorStyle {
    /// `error: …`
    #[default]
    Text,
    /// `{"error": "…", "line": N}` (`--json`), N counting input lines from 1.
    Json,
}

/// The batch framing every `gammon` subcommand shares: each non-blank line of `input`, split into
/// fields, is answered by `answer` (which writes the answer's lines or returns a request error, then
/// written `error: …`), followed by an empty line and a flush so a caller can stream. A line that is not
/// UTF-8 is a bad request, not the end of the run.
pub fn serve_lines<W: Write>(
    input: impl BufRead,
    out: &mut W,
    answer: impl FnMut(&[&str], &mut W) -> io::Result<Result<(), RequestError>>,
) -> io::Result<()> {
    serve_lines_styled(input, out, ErrorStyle::Text, answer)
}

/// [`serve_lines`] with the errors in `style`. Lines are read with at most [`MAX_LINE_BYTES`]
/// held: a longer one is answered with an error, not stored; the last line needs no newline.
/// An error quotes at most [`excerpt`] of the request and is one line of at most
/// [`crate::frontends::commands::MAX_ERROR_CHARS`] characters.
pub fn serve_lines_styled<W: Write>(
    mut input: impl BufRead,
    out: &mut W,
    style: ErrorStyle,
    mut answer: impl FnMut(&[&str], &mut W) -> io::Result<Result<(), RequestError>>,
) -> io::Result<()> {
    let mut buf = Vec::new();
    let mut number = 0u64;
    loop {
        let error = match read_line_limited(&mut input, &mut buf, MAX_LINE_BYTES)? {
            LineRead::Eof => return Ok(()),
            LineRead::TooLong => {
                number += 1;
                Some(format!("input line is longer than the limit of {MAX_LINE_BYTES} bytes (MAX_LINE_BYTES)"))
            }
            LineRead::Line | LineRead::Unterminated => {
                number += 1;
                match std::str::from_utf8(&buf) {
                    Err(_) => Some("input line is not valid UTF-8".to_string()),
                    Ok(line) => {
                        let fields: Vec<&str> = line.split_whitespace().collect();
                        if fields.is_empty() {
                            continue;
                        }
                        answer(&fields, out)?.err().map(|e| e.to_string())
                    }
                }
            }
        };
        if let Some(e) = error {
            let e = crate::frontends::commands::one_bounded_line(&e);
            match style {
                ErrorStyle::Text => writeln!(out, "error: {e}")?,
                ErrorStyle::Json => writeln!(out, "{}", json!({"error": e, "line": number}))?,
            }
        }
        writeln!(out)?;
        out.flush()?;
    }
}

/// Batch mode of `moves`: answers each request line of `input` with its plays and an empty
/// line (or `error: …` and an empty line), flushing after each answer so a caller can stream.
/// Blank input lines are ignored.
pub fn moves_batch(input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut gen = MoveGenerator::new();
    serve_lines(input, out, |fields, out| match parse_moves_request(fields) {
        Ok((pos, d1, d2)) => write_plays(&mut gen, &pos, d1, d2, out).map(Ok),
        Err(e) => Ok(Err(e)),
    })
}

/// The board of `show POSID [MATCHID]` in gnubg's layout. Without a match ID the position is
/// shown as a money game with X on roll and the cube centred.
pub fn show(position_id: &str, match_id: Option<&str>) -> Result<String, RequestError> {
    let pos = parse_position(position_id)?;
    let state = match match_id {
        Some(id) => {
            MatchState::from_id(id).map_err(|e| RequestError::MatchId { id: id.to_string(), reason: e.to_string() })?
        }
        // gnubg's `cAkAAAAAAAAA`: money, centred cube, X (player 1) on roll, not yet rolled
        None => MatchState { on_roll: 1, turn: 1, game_state: GameState::Playing, ..MatchState::default() },
    };
    let annotations = BoardAnnotations {
        on_roll: state.on_roll,
        dice: state.dice,
        cube_value: state.cube_value(),
        cube_owner: match state.cube_owner {
            CubeOwner::Centred => None,
            CubeOwner::Player(p) => Some(p),
        },
        match_length: u32::from(state.match_length),
        score: state.score.map(u32::from),
        crawford: state.crawford,
        ..BoardAnnotations::default()
    };
    Ok(draw_board(&pos, &pos.id(), &state.id(), &annotations))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_request_errors_name_the_problem() {
        assert_eq!(parse_moves_request(&["4HPwATDgc/ABMA", "6"]), Err(RequestError::Fields(2)));
        assert_eq!(
            parse_moves_request(&["4HPwATDgc/ABMA", "7", "2"]),
            Err(RequestError::Die { text: "7".into(), field: 2 })
        );
        assert!(matches!(parse_moves_request(&["4HPwATDgc/AB", "6", "2"]), Err(RequestError::Position { .. })));
        let (p, d1, d2) = parse_moves_request(&["4HPwATDgc/ABMA", "6", "2"]).unwrap();
        assert_eq!((p.id().as_str(), d1, d2), ("4HPwATDgc/ABMA", 6, 2));
    }

    #[test]
    fn batch_answers_each_line_and_goes_on_after_errors() {
        let input = b"4HPwATDgc/ABMA 6 6\n\nnonsense\n4HPwATDgc/ABMA 2 1\n";
        let mut out = Vec::new();
        moves_batch(&input[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let blocks: Vec<&str> = text.split("\n\n").collect();
        // three answers and the tail after the last separator
        assert_eq!(blocks.len(), 4, "{text}");
        assert!(blocks[0].lines().any(|l| l.starts_with("24/18(2) 13/7(2)\t")), "{}", blocks[0]);
        assert_eq!(blocks[1], "error: expected `POSID D1 D2`, got 1 field(s)");
        assert!(blocks[2].lines().any(|l| l.starts_with("13/11 6/5\t")), "{}", blocks[2]);
        assert_eq!(blocks[3], "");
    }

    /// Regression (issue 22): batch lines were read whole whatever their length, and errors
    /// quoted the request whole.
    #[test]
    fn hostile_batch_lines_get_bounded_errors() {
        let mut input = vec![b'z'; MAX_LINE_BYTES + 1];
        input.push(b'\n');
        input.extend_from_slice(format!("{} 1 2\n", "P".repeat(50_000)).as_bytes());
        input.extend_from_slice(b"4HPwATDgc/ABMA 9 1\n4HPwATDgc/ABMA 2 1");
        let mut out = Vec::new();
        moves_batch(&input[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let blocks: Vec<&str> = text.split("\n\n").collect();
        assert_eq!(blocks.len(), 5, "{text:.300}");
        assert_eq!(
            blocks[0],
            format!("error: input line is longer than the limit of {MAX_LINE_BYTES} bytes (MAX_LINE_BYTES)")
        );
        assert!(blocks[1].starts_with("error: bad position ID \"PPPP") && blocks[1].len() < 200, "{}", blocks[1]);
        assert_eq!(blocks[2], "error: bad die \"9\" in field 2: a die is 1 to 6");
        // the last line has no newline: answered all the same
        assert!(blocks[3].lines().any(|l| l.starts_with("13/11 6/5\t")), "{}", blocks[3]);
    }

    #[test]
    fn show_defaults_to_a_money_game_with_x_on_roll() {
        let board = show("4HPwATDgc/ABMA", None).unwrap();
        assert!(board.contains("Match ID   : cAkAAAAAAAAA"), "{board}");
        assert!(board.contains("v|                  |BAR|                  |     (Cube: 1)"), "{board}");
        assert!(matches!(show("4HPwATDgc/ABMA", Some("cAkAAAAAAAA!")), Err(RequestError::MatchId { .. })));
        assert!(matches!(show("bad", None), Err(RequestError::Position { .. })));
    }
}
