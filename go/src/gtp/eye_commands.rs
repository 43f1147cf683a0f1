//! GNU Go's eye commands over GTP (`eval_eye`): the eye spaces of [`crate::analysis::eye`] as the
//! dragons ([`crate::analysis::dragon`]) see them, with GNU Go's answers.
//!
//! This group reads the position and the reader of the engine state ([`crate::gtp::state`]) and must not
//! import the other command groups.

use crate::analysis::dragon::Dragons;
use crate::gtp::args::{reader, vertex};
use crate::gtp::state::GtpState;
use crate::rules::stone::Move;
use crate::rules::vertex::format_vertex;
use engine_core::command::Registry;

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("eval_eye", "eval_eye VERTEX: min and max eyes of the eye space (attack and defence points)", |s, a| {
        let p = vertex(s, a, 0)?;
        let b = s.board().clone();
        let ds = Dragons::compute(&b, reader(s), None);
        Ok(match ds.eyes.unique_space(p) {
            None => "-1".into(),
            Some(e) if e.min < e.max => format!(
                "{} {} {} {}",
                e.min,
                e.max,
                format_vertex(&b, e.attack.map_or(Move::Pass, Move::Play)),
                format_vertex(&b, e.defend.map_or(Move::Pass, Move::Play))
            ),
            Some(e) => format!("{} {}", e.min, e.max),
        })
    });
}
