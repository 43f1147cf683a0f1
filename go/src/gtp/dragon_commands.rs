//! GNU Go's dragon commands over GTP (`dragon_status`, `dragon_stones`, `dragon_data`): the dragons of
//! [`crate::analysis::dragon`], their status decided by the owl ([`crate::analysis::owl`]) as the
//! dragons' [`crate::analysis::dragon::LifeReading`], answered in GNU Go 3.8's formats and error texts.
//! `dragon_status` then revises a dead or critical dragon by its capturing races with dead or critical
//! neighbours, as GNU Go does ([`crate::analysis::semeai::semeai_status`]); `dragon_data` does not (yet).
//!
//! `dragon_data` prints every field GNU Go prints: `escape_route` on GNU Go's scale
//! ([`crate::analysis::dragon::escape_route`]), `strategic_size` by GNU Go's rule
//! ([`crate::analysis::dragon::Dragons::strategic_sizes`]). Those this engine does not compute yet print
//! GNU Go's neutral values: `moyo_size` and `moyo_territorial_value` 0
//! (influence is not read here), `owl_threat_status` `unchecked`, no second owl points, no ko worms, no
//! semeai fields.
//!
//! This group reads the position and the reader of the engine state ([`crate::gtp::state`]) and must not
//! import the other command groups; [`crate::gtp::decide`] prints its records (`--decide-dragon-data`).

use crate::analysis::dragon::{Dragon, DragonStatus, Dragons};
use crate::analysis::owl::OwlLimits;
use crate::analysis::semeai::semeai_status;
use crate::gtp::args::{list, reader, vertex};
use crate::gtp::state::GtpState;
use crate::rules::board::Board;
use crate::rules::stone::{Move, Point};
use crate::rules::vertex::{format_color, format_vertex};
use engine_core::command::{Args, CommandError, Registry};
use std::collections::HashMap;

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("dragon_status", "dragon_status [VERTEX]: alive, critical (with moves), dead or unknown", |s, a| {
        let b = s.board().clone();
        let only = optional_stone(s, a, "vertex must not be empty")?;
        let mut ds = Dragons::compute(&b, reader(s), None);
        let line = |st: (DragonStatus, Option<Point>, Option<Point>)| match st {
            (DragonStatus::Critical, att, def) => format!("critical {} {}", v(&b, att), v(&b, def)),
            (other, _, _) => other.gtp_name().to_string(),
        };
        let mut races = HashMap::new();
        if let Some(p) = only {
            let st = semeai_status(reader(s), &b, &mut ds, p, &OwlLimits::default(), &mut races).expect("a stone");
            return Ok(line(st));
        }
        let origins: Vec<Point> = ds.graph.node_weights().map(|d| d.origin).collect();
        let mut lines = Vec::new();
        for o in origins {
            let st = semeai_status(reader(s), &b, &mut ds, o, &OwlLimits::default(), &mut races).expect("a stone");
            lines.push(format!("{}: {}", format_vertex(&b, Move::Play(o)), line(st)));
        }
        Ok(lines.join("\n"))
    });
    r.register("dragon_stones", "dragon_stones [VERTEX]: the stones of a dragon (of every dragon)", |s, a| {
        let b = s.board().clone();
        let only = optional_stone(s, a, "dragon_stones called on an empty vertex")?;
        let ds = Dragons::compute(&b, reader(s), None);
        if let Some(p) = only {
            return Ok(list(&b, ds.at(p).map(|d| d.stones.clone()).unwrap_or_default()));
        }
        Ok(ds.graph.node_weights().map(|d| list(&b, d.stones.clone())).collect::<Vec<_>>().join("\n"))
    });
    r.register("dragon_data", "dragon_data [VERTEX]: the dragon data structure (of every dragon)", dragon_data);
}

fn v(b: &Board, p: Option<Point>) -> String {
    format_vertex(b, p.map_or(Move::Pass, Move::Play))
}

/// The optional first argument, which must be a stone: GNU Go's "invalid coordinate", then `empty_error`.
fn optional_stone(s: &GtpState, a: &Args, empty_error: &str) -> Result<Option<Point>, CommandError> {
    if a.get(0).is_none() {
        return Ok(None);
    }
    let p = vertex(s, a, 0)?;
    if s.board().is_empty(p) {
        return Err(CommandError::failed(empty_error));
    }
    Ok(Some(p))
}

fn dragon_data(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let b = s.board().clone();
    let only = if a.get(0).is_some() { Some(vertex(s, a, 0)?) } else { None };
    if let Some(p) = only.filter(|&p| b.is_empty(p)) {
        // GNU Go answers an empty vertex with a line, not an error.
        return Ok(format!("{} empty", format_vertex(&b, Move::Play(p))));
    }
    let mut ds = Dragons::compute(&b, reader(s), None);
    let targets: Vec<Point> = match only {
        Some(p) => vec![p],
        None => ds.graph.node_weights().map(|d| d.origin).collect(),
    };
    let mut out = Vec::new();
    for p in targets {
        ds.owl_status(reader(s), &b, p, &OwlLimits::default());
        out.extend(record(&b, &ds, p));
    }
    Ok(out.join("\n"))
}

/// The `dragon_data` record (`V:` then the fields) of the dragon through the stone on `p`, its status
/// read by the owl after `before_owl` runs (`go-gtp --decide-dragon-data` starts its SGF trace there, so
/// that the file holds the owl's trees for this dragon); `None` on an empty point.
pub(crate) fn dragon_record(s: &mut GtpState, p: Point, before_owl: impl FnOnce()) -> Option<String> {
    let b = s.board().clone();
    let mut ds = Dragons::compute(&b, reader(s), None);
    before_owl();
    ds.owl_status(reader(s), &b, p, &OwlLimits::default());
    record(&b, &ds, p)
}

fn record(b: &Board, ds: &Dragons, p: Point) -> Option<String> {
    let d = ds.at(p)?;
    let neighbours: Vec<Point> = ds.neighbours(p).iter().map(|n| n.origin).collect();
    Some(format_dragon(b, p, d, &neighbours, ds.hostile_neighbours(p)))
}

/// One dragon's `dragon_data` record, as GNU Go 3.8 prints it.
fn format_dragon(b: &Board, p: Point, d: &Dragon, neighbours: &[Point], hostile: usize) -> String {
    let mut lines: Vec<(&str, String)> = Vec::new();
    let genus = {
        let [a, b2, c, e] = d.genus;
        if d.genus.iter().all(|&x| x < 10) {
            format!("{a}{b2}{c}{e}")
        } else {
            format!("[{a},{b2},{c},{e}]")
        }
    };
    // GNU Go's internal codes: WIN 5, 0 for none (the owl's ko results are not told apart here).
    let (attack_code, defense_code) = match (d.owl_read, d.status) {
        (false, _) | (true, DragonStatus::Alive | DragonStatus::Unknown) => (0, 0),
        (true, DragonStatus::Dead) => (5, 0),
        (true, DragonStatus::Critical) => (5, 5),
    };
    let owl_status = if d.owl_read { d.status.gtp_name() } else { "unchecked" };
    lines.push(("color", d.color.map_or("empty", format_color).to_string()));
    lines.push(("origin", v(b, Some(d.origin))));
    lines.push(("size", d.size().to_string()));
    lines.push(("effective_size", format!("{:.2}", d.effective_size)));
    lines.push(("strategic_size", format!("{:.2}", d.strategic_size)));
    lines.push(("genus", genus));
    lines.push(("heye", v(b, d.heye)));
    lines.push(("escape_route", d.escape_route.to_string()));
    lines.push(("lunch", v(b, d.lunch)));
    lines.push(("crude_status", d.crude_status.gtp_name().to_string()));
    lines.push(("owl_status", owl_status.to_string()));
    lines.push(("status", d.status.gtp_name().to_string()));
    lines.push(("safety", d.safety.gtp_name().to_string()));
    lines.push(("weakness", format!("{:.2}", d.weakness)));
    lines.push(("weakness_pre_owl", format!("{:.2}", d.weakness_pre_owl)));
    lines.push(("surround_status", d.surround_status.to_string()));
    lines.push(("surround_size", d.surround_size.to_string()));
    lines.push(("moyo_size", "0".into()));
    lines.push(("moyo_territorial_value", "0.00".into()));
    lines.push(("neighbors", neighbours.iter().map(|&n| v(b, Some(n)) + " ").collect()));
    lines.push(("hostile_neighbors", hostile.to_string()));
    lines.push(("owl_attack_code", attack_code.to_string()));
    lines.push(("owl_attack_point", v(b, d.attack.filter(|_| attack_code != 0))));
    lines.push(("owl_attack_certain", "YES".into()));
    lines.push(("owl_2nd_attack_point", "PASS".into()));
    lines.push(("owl_threat_status", "unchecked".into()));
    lines.push(("owl_defense_code", defense_code.to_string()));
    lines.push(("owl_defense_point", v(b, d.defend.filter(|_| defense_code != 0))));
    lines.push(("owl_defense_certain", "YES".into()));
    lines.push(("owl_2nd_defense_point", "PASS".into()));
    lines.push(("owl_attack_kworm", "PASS".into()));
    lines.push(("owl_defense_kworm", "PASS".into()));
    lines.push(("semeais", "0".into()));
    for side in ["defense", "attack"] {
        lines.push((if side == "defense" { "semeai_defense_code" } else { "semeai_attack_code" }, "0".into()));
        lines.push((if side == "defense" { "semeai_defense_point" } else { "semeai_attack_point" }, "PASS".into()));
        lines.push((if side == "defense" { "semeai_defense_certain" } else { "semeai_attack_certain" }, "0".into()));
        lines.push((if side == "defense" { "semeai_defense_target" } else { "semeai_attack_target" }, "PASS".into()));
    }
    let mut worms: Vec<Point> = d.worms.iter().map(|&w| b.string_stones(w).min().unwrap_or(w)).collect();
    worms.sort_unstable();
    lines.push(("strings", worms.iter().map(|&w| v(b, Some(w)) + " ").collect()));
    let mut text = format!("{}:", v(b, Some(p)));
    for (k, val) in lines {
        text.push_str(&format!("\n{k:<24}{val}"));
    }
    text
}
