//! The script-friendly one-shot commands of `gammon` — `moves` (one request or a stream of them)
//! and `show` — with their argument parsing and typed errors. The `gammon` binary only
//! dispatches here; the interactive command language is elsewhere.

use crate::cube::CubeOwner;
use crate::display::{draw_board, BoardAnnotations};
use crate::match_id::{GameState, MatchState};
use crate::movegen::MoveGenerator;
use crate::position::{Position, PositionError};
use std::io::{self, BufRead, Write};
use thiserror::Error;

/// A malformed request.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RequestError {
    #[error("expected `POSID D1 D2`, got {0} field(s)")]
    Fields(usize),
    #[error("bad position ID {id:?}: {source}")]
    Position { id: String, source: PositionError },
    #[error("bad die {text:?} in field {field}: a die is 1 to 6")]
    Die { text: String, field: usize },
    #[error("bad match ID {id:?}: {reason}")]
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

/// The batch framing every `gammon` subcommand shares: each non-blank line of `input`, split into
/// fields, is answered by `answer` (which writes the answer's lines or returns a request error, then
/// written `error: …`), followed by an empty line and a flush so a caller can stream. A line that is not
/// UTF-8 is a bad request, not the end of the run.
pub fn serve_lines<W: Write>(
    input: impl BufRead,
    out: &mut W,
    mut answer: impl FnMut(&[&str], &mut W) -> io::Result<Result<(), RequestError>>,
) -> io::Result<()> {
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                writeln!(out, "error: input line is not valid UTF-8\n")?;
                out.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.is_empty() {
            continue;
        }
        if let Err(e) = answer(&fields, out)? {
            writeln!(out, "error: {e}")?;
        }
        writeln!(out)?;
        out.flush()?;
    }
    Ok(())
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

    #[test]
    fn show_defaults_to_a_money_game_with_x_on_roll() {
        let board = show("4HPwATDgc/ABMA", None).unwrap();
        assert!(board.contains("Match ID   : cAkAAAAAAAAA"), "{board}");
        assert!(board.contains("v|                  |BAR|                  |     (Cube: 1)"), "{board}");
        assert!(matches!(show("4HPwATDgc/ABMA", Some("cAkAAAAAAAA!")), Err(RequestError::MatchId { .. })));
        assert!(matches!(show("bad", None), Err(RequestError::Position { .. })));
    }
}
