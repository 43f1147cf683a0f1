//! GNU Go's owl commands over GTP: life-and-death reading of a dragon by [`crate::analysis::owl`]
//! (`owl_attack`, `owl_defend`, `owl_does_attack`, `owl_does_defend`, `owl_threaten_attack`,
//! `owl_threaten_defense`, `owl_substantial`, `owl_connection_defends`) and its node counter
//! (`get_owl_node_counter`, `reset_owl_node_counter`), answered with GNU Go 3.8's result codes, moves and
//! error texts.
//!
//! This group reads the position and the reader of the engine state ([`crate::gtp::state`]) and must not
//! import the other command groups.

use crate::analysis::owl::{self, OwlLimits};
use crate::gtp::args::{code_move, reader, stone, vertex};
use crate::gtp::state::GtpState;
use crate::rules::board::Board;
use crate::rules::stone::{Move, Point};
use crate::rules::vertex::format_vertex;
use engine_core::command::{Args, CommandError, Registry};

/// A move vertex (must be empty) and a dragon vertex (must hold a stone), as GNU Go checks them.
fn move_and_dragon(s: &GtpState, a: &Args) -> Result<(Point, Point), CommandError> {
    let m = vertex(s, a, 0)?;
    let p = vertex(s, a, 1)?;
    if !s.board().is_empty(m) {
        return Err(CommandError::failed("move vertex must be empty"));
    }
    if s.board().is_empty(p) {
        return Err(CommandError::failed("dragon vertex must not be empty"));
    }
    Ok((m, p))
}

/// GNU Go's answer for a threat: the code, then both moves when there is one.
fn code_two_moves(b: &Board, code: owl::ReadResult, moves: Option<(Point, Point)>) -> String {
    match moves {
        Some((m1, m2)) if code.succeeds() => {
            format!("{} {} {}", code.gtp_code(), format_vertex(b, Move::Play(m1)), format_vertex(b, Move::Play(m2)))
        }
        _ => "0".to_string(),
    }
}

/// The reader, with the owl told which pattern databases the engine was started with.
fn owl_reader(s: &mut GtpState) -> &mut crate::analysis::reading::Reader {
    owl::set_pattern_dir(s.options().patterns.as_deref());
    reader(s)
}

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("owl_attack", "owl_attack VERTEX: code and move killing the dragon", |s, a| {
        let p = stone(s, a, 0)?;
        let b = s.board().clone();
        let (code, mv) = owl::attack_dragon(owl_reader(s), &b, p, OwlLimits::default());
        Ok(code_move(&b, code, mv))
    });
    r.register("owl_defend", "owl_defend VERTEX: code and move saving the dragon", |s, a| {
        let p = stone(s, a, 0)?;
        let b = s.board().clone();
        let (code, mv) = owl::defend_dragon(owl_reader(s), &b, p, OwlLimits::default());
        Ok(code_move(&b, code, mv))
    });
    r.register("owl_does_attack", "owl_does_attack MOVE DRAGON: does the move kill the dragon? (code)", |s, a| {
        let (m, p) = move_and_dragon(s, a)?;
        let b = s.board().clone();
        Ok(owl::does_attack(owl_reader(s), &b, m, p, OwlLimits::default()).gtp_code().to_string())
    });
    r.register("owl_does_defend", "owl_does_defend MOVE DRAGON: does the move save the dragon? (code)", |s, a| {
        let (m, p) = move_and_dragon(s, a)?;
        let b = s.board().clone();
        Ok(owl::does_defend(owl_reader(s), &b, m, p, OwlLimits::default()).gtp_code().to_string())
    });
    r.register(
        "owl_threaten_attack",
        "owl_threaten_attack VERTEX: code and two moves that kill the dragon if the owner ignores the first",
        |s, a| {
            let p = stone(s, a, 0)?;
            let b = s.board().clone();
            let (code, moves) = owl::threaten_attack(owl_reader(s), &b, p, OwlLimits::default());
            Ok(code_two_moves(&b, code, moves))
        },
    );
    r.register(
        "owl_threaten_defense",
        "owl_threaten_defense VERTEX: code and two moves that save the dragon if the attacker ignores the first",
        |s, a| {
            let p = stone(s, a, 0)?;
            let b = s.board().clone();
            let (code, moves) = owl::threaten_defense(owl_reader(s), &b, p, OwlLimits::default());
            Ok(code_two_moves(&b, code, moves))
        },
    );
    r.register(
        "owl_substantial",
        "owl_substantial VERTEX: would capturing the string let the surrounding dragon live? (0 or 1)",
        |s, a| {
            let p = stone(s, a, 0)?;
            let b = s.board().clone();
            Ok(u8::from(owl::substantial(owl_reader(s), &b, p, OwlLimits::default())).to_string())
        },
    );
    r.register(
        "owl_connection_defends",
        "owl_connection_defends MOVE DRAGON1 DRAGON2: does the move join and save both dragons? (code)",
        |s, a| {
            let m = vertex(s, a, 0)?;
            let p = vertex(s, a, 1)?;
            let q = vertex(s, a, 2)?;
            let b = s.board();
            if !b.is_empty(m) {
                return Err(CommandError::failed("move vertex must be empty"));
            }
            if b.is_empty(p) || b.is_empty(q) {
                return Err(CommandError::failed("dragon vertex must not be empty"));
            }
            if b.color(p) != b.color(q) {
                return Err(CommandError::failed("dragon vertices must have the same color"));
            }
            let b = b.clone();
            Ok(owl::connection_defends(owl_reader(s), &b, m, p, q, OwlLimits::default()).gtp_code().to_string())
        },
    );
    r.register("get_owl_node_counter", "get_owl_node_counter: owl nodes read since the last reset", |_, _| {
        Ok(owl::node_counter().to_string())
    });
    r.register("reset_owl_node_counter", "reset_owl_node_counter: sets the owl node counter to zero", |_, _| {
        owl::reset_node_counter();
        Ok(String::new())
    });
}
