//! GNU Go's dragon commands over GTP (`dragon_status`, `dragon_stones`): the dragons of
//! [`crate::analysis::dragon`], their status decided by the owl ([`crate::analysis::owl`]) as the
//! dragons' [`crate::analysis::dragon::LifeReading`].
//!
//! This group reads the position and the reader of the engine state ([`crate::gtp::state`]) and must not
//! import the other command groups.

use crate::analysis::dragon::{DragonStatus, Dragons};
use crate::analysis::owl::OwlLimits;
use crate::gtp::args::{list, reader, stone};
use crate::gtp::state::GtpState;
use crate::rules::stone::{Move, Point};
use crate::rules::vertex::format_vertex;
use engine_core::command::Registry;

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("dragon_status", "dragon_status [VERTEX]: alive, critical (with moves), dead or unknown", |s, a| {
        let b = s.board().clone();
        let only = if a.get(0).is_some() { Some(stone(s, a, 0)?) } else { None };
        let mut ds = Dragons::compute(&b, reader(s), None);
        let line = |st: (DragonStatus, Option<Point>, Option<Point>)| match st {
            (DragonStatus::Critical, att, def) => format!(
                "critical {} {}",
                format_vertex(&b, att.map_or(Move::Pass, Move::Play)),
                format_vertex(&b, def.map_or(Move::Pass, Move::Play))
            ),
            (other, _, _) => other.gtp_name().to_string(),
        };
        if let Some(p) = only {
            let st = ds.owl_status(reader(s), &b, p, &OwlLimits::default()).expect("a stone");
            return Ok(line(st));
        }
        let origins: Vec<Point> = ds.graph.node_weights().map(|d| d.origin).collect();
        let mut lines = Vec::new();
        for o in origins {
            let st = ds.owl_status(reader(s), &b, o, &OwlLimits::default()).expect("a stone");
            lines.push(format!("{}: {}", format_vertex(&b, Move::Play(o)), line(st)));
        }
        Ok(lines.join("\n"))
    });
    r.register("dragon_stones", "dragon_stones [VERTEX]: the stones of a dragon (of every dragon)", |s, a| {
        let b = s.board().clone();
        let only = if a.get(0).is_some() { Some(stone(s, a, 0)?) } else { None };
        let ds = Dragons::compute(&b, reader(s), None);
        if let Some(p) = only {
            return Ok(list(&b, ds.at(p).map(|d| d.stones.clone()).unwrap_or_default()));
        }
        Ok(ds.graph.node_weights().map(|d| list(&b, d.stones.clone())).collect::<Vec<_>>().join("\n"))
    });
}
