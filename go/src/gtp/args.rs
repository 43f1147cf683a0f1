//! Reading GTP arguments (vertices, stones, colours) and writing GNU Go's answers (vertex lists, a
//! reading's code and move), shared by the command groups so that every group words its errors as GNU Go
//! 3.8 does ("invalid coordinate", "vertex must not be empty", ...).
//!
//! This module owns only that conversion; it reads the engine state's board and reader and must not
//! register commands.

use crate::analysis::read_result::ReadResult;
use crate::analysis::reading::Reader;
use crate::gtp::state::GtpState;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Move, Point};
use crate::rules::vertex::{format_vertex, parse_color, parse_vertex};
use engine_core::command::{Args, CommandError};

/// The reader, on the current position.
pub(crate) fn reader(s: &mut GtpState) -> &mut Reader {
    s.reader()
}

pub(crate) fn list(b: &Board, mut pts: Vec<Point>) -> String {
    pts.sort_unstable();
    pts.iter().map(|&p| format_vertex(b, Move::Play(p))).collect::<Vec<_>>().join(" ")
}

/// GNU Go's answer for a reading: the result's number, then the move when it succeeds.
pub(crate) fn code_move(b: &Board, code: ReadResult, mv: Option<Point>) -> String {
    if code == ReadResult::Lose {
        code.gtp_code().to_string()
    } else {
        format!("{} {}", code.gtp_code(), format_vertex(b, mv.map_or(Move::Pass, Move::Play)))
    }
}

pub(crate) fn vertex(s: &GtpState, a: &Args, i: usize) -> Result<Point, CommandError> {
    match a.get(i).and_then(|t| parse_vertex(t, s.board())) {
        Some(Move::Play(p)) => Ok(p),
        _ => Err(CommandError::failed("invalid coordinate")),
    }
}

pub(crate) fn stone(s: &GtpState, a: &Args, i: usize) -> Result<Point, CommandError> {
    let p = vertex(s, a, i)?;
    if s.board().is_empty(p) {
        return Err(CommandError::failed("vertex must not be empty"));
    }
    Ok(p)
}

pub(crate) fn move_and_stone(s: &GtpState, a: &Args) -> Result<(Point, Point), CommandError> {
    let m = vertex(s, a, 0)?;
    let p = vertex(s, a, 1)?;
    if !s.board().is_empty(m) {
        return Err(CommandError::failed("move vertex must be empty"));
    }
    if s.board().is_empty(p) {
        return Err(CommandError::failed("vertex must not be empty"));
    }
    Ok((m, p))
}

pub(crate) fn move_arg(s: &GtpState, a: &Args) -> Result<(Color, Move), CommandError> {
    let bad = || CommandError::failed("invalid color or coordinate");
    let c = a.get(0).and_then(parse_color).ok_or_else(bad)?;
    let mv = a.get(1).and_then(|t| parse_vertex(t, s.board())).ok_or_else(bad)?;
    Ok((c, mv))
}
