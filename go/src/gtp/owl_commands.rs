//! GNU Go's owl commands over GTP (`owl_attack`, `owl_defend`): life-and-death reading of a dragon by
//! [`crate::analysis::owl`], answered with GNU Go's result codes and moves.
//!
//! This group reads the position and the reader of the engine state ([`crate::gtp::state`]) and must not
//! import the other command groups.

use crate::analysis::owl::{self, OwlLimits};
use crate::gtp::args::{code_move, reader, stone};
use crate::gtp::state::GtpState;
use engine_core::command::Registry;

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("owl_attack", "owl_attack VERTEX: code and move killing the dragon", |s, a| {
        let p = stone(s, a, 0)?;
        let b = s.board().clone();
        let (code, mv) = owl::attack_dragon(reader(s), &b, p, OwlLimits::default());
        Ok(code_move(&b, code, mv))
    });
    r.register("owl_defend", "owl_defend VERTEX: code and move saving the dragon", |s, a| {
        let p = stone(s, a, 0)?;
        let b = s.board().clone();
        let (code, mv) = owl::defend_dragon(reader(s), &b, p, OwlLimits::default());
        Ok(code_move(&b, code, mv))
    });
}
