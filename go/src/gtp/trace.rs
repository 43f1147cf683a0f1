//! The words of the pattern-tuning trace (`go-gtp -t`, `-t -t`, `-a`, `--profile-patterns`; GNU Go's
//! `doc/patterns.texi`, "Tuning the pattern database"): what the recorder of the classic generator
//! ([`crate::genmove::trace`]) kept about a generation, as text for standard error, in GNU Go 3.8's
//! wording where it has one (`pattern 'NAME'+T matched at V`, `...expands territory`, `...shape value
//! -3.00`, `Move generation values V to X`, `Top moves:`, `genmove() recommends V with value X`), and
//! the pattern profile as a table. Also the `move_reasons` lines ([`reason_text`]), shared with
//! [`crate::gtp::genmove_commands`].
//!
//! Per generation ([`generation`]): the matches of the move databases (with `-t`, those whose checks
//! and constraint passed, each followed by what it added: reasons, shape, value bounds, followups;
//! with `-t -t` also the rejected ones and why; with `-a` the rejected ones with the answer their
//! constraint would have given); with `-t -t` the reasons per point; the valuation terms of the top
//! ten moves (`-t -t`: of every valued move) — territorial, strategic, followup, secondary, shape,
//! connection, pure threat, minimum and maximum, total, the numbers of `top_moves` and
//! `all_move_values`; the top moves and the move chosen.
//!
//! Differences from GNU Go: the transformation is the documentation's letter (a–h, as
//! `list_pattern_matches` prints it) rather than GNU Go's internal number, each match names its
//! database and anchor, and the trace covers the move databases (shape and joseki) only: the owl's,
//! the connection and the eye databases are not traced.

use crate::genmove::classic::Generation;
use crate::genmove::reasons::{MoveData, MoveReason};
use crate::genmove::trace::{Counts, Outcome, PatternEvent};
use crate::rules::board::Board;
use crate::rules::stone::{Move, Point};
use crate::rules::vertex::format_vertex;
use std::fmt::Write;

fn vx(b: &Board, p: Point) -> String {
    format_vertex(b, Move::Play(p))
}

/// One `move_reasons` line, in GNU Go 3.8's words.
pub fn reason_text(b: &Board, p: Point, reason: MoveReason) -> String {
    format!("Move at {} {}", vx(b, p), reason_words(b, reason))
}

/// What a reason says, without the move (`expands territory`, `attacks C4`).
pub fn reason_words(b: &Board, reason: MoveReason) -> String {
    use crate::analysis::read_result::ReadResult::{KoA, KoB};
    use MoveReason::*;
    let at = |q: Point| vx(b, q);
    let ko = |r| match r {
        KoA => " with good ko",
        KoB => " with bad ko",
        _ => "",
    };
    match reason {
        Attack { worm, result } => format!("attacks {}{}", at(worm), ko(result)),
        Defend { worm, result } => format!("defends {}{}", at(worm), ko(result)),
        AttackThreat { worm } => format!("threatens to attack {}", at(worm)),
        DefendThreat { worm } => format!("threatens to defend {}", at(worm)),
        Either { first, second } => format!("either attacks {} or attacks {}", at(first), at(second)),
        All { first, second } => format!("both defends {} and defends {}", at(first), at(second)),
        Connect { first, second } => format!("connects {} and {}", at(first), at(second)),
        Cut { first, second } => format!("cuts {} and {}", at(first), at(second)),
        Antisuji => "is an antisuji".to_string(),
        Semeai { dragon } => format!("wins semeai for {}", at(dragon)),
        SemeaiThreat { dragon } => format!("threatens to win semeai for {}", at(dragon)),
        ExpandTerritory => "expands territory".to_string(),
        ExpandMoyo => "expands moyo".to_string(),
        Invasion => "is an invasion".to_string(),
        VitalEye { dragon } => format!("is a vital eye point for {}", at(dragon)),
        StrategicAttack { dragon } => format!("strategically attacks {}", at(dragon)),
        StrategicDefend { dragon } => format!("strategically defends {}", at(dragon)),
        OwlAttack { dragon, result } => format!("owl-attacks {}{}", at(dragon), ko(result)),
        OwlDefend { dragon, result } => format!("owl-defends {}{}", at(dragon), ko(result)),
        OwlAttackGain { dragon, worm } => format!("owl-attacks {} with gain (losing {})", at(dragon), at(worm)),
        OwlDefendLoss { dragon, worm } => format!("owl-defends {} with loss (losing {})", at(dragon), at(worm)),
        OwlAttackThreat { dragon } => format!("owl-threatens to attack {}", at(dragon)),
        OwlDefendThreat { dragon } => format!("owl-threatens to defend {}", at(dragon)),
        OwlPreventThreat { dragon } => format!("owl-prevents a threat to attack or defend {}", at(dragon)),
        UncertainOwlAttack { dragon } => format!("attacks {} with uncertainty", at(dragon)),
        UncertainOwlDefense { dragon } => format!("defends {} with uncertainty", at(dragon)),
        MyAtariAtari { .. } => "captures something".to_string(),
        YourAtariAtari { .. } => "defends against combination attack".to_string(),
    }
}

/// The `...` lines of what one match changed at a point (`at_other`: the point is not the match's
/// move, e.g. an antisuji mark, and is named).
fn change_lines(b: &Board, out: &mut String, at: Point, before: &MoveData, after: &MoveData, at_other: bool) {
    let pre = if at_other { format!("...at {}: ", vx(b, at)) } else { "...".to_string() };
    for r in after.reasons.iter().filter(|r| !before.reasons.contains(r)) {
        let _ = writeln!(out, "{pre}{}", reason_words(b, *r));
    }
    let (s0, s1) = (before.shape, after.shape);
    if s1.num_pos > s0.num_pos {
        let _ = writeln!(out, "{pre}shape value {:.2}", s1.max_pos);
    }
    if s1.num_neg > s0.num_neg {
        let _ = writeln!(out, "{pre}shape value {:.2}", -s1.max_neg);
    }
    let mut num = |name: &str, x0: f32, x1: f32| {
        if x1 != x0 {
            let _ = writeln!(out, "{pre}{name} {x1:.2}");
        }
    };
    num("minimum move value", before.min_value, after.min_value);
    num("maximum move value", before.max_value, after.max_value);
    num("followup value (total)", before.followup, after.followup);
    num("reverse followup value (total)", before.reverse_followup, after.reverse_followup);
    num("minimum territorial value", before.min_territory, after.min_territory);
    num("maximum territorial value", before.max_territory, after.max_territory);
}

/// One match's lines.
pub fn event_lines(b: &Board, e: &PatternEvent) -> String {
    let mut out = format!(
        "pattern '{}'+{} matched at {} ({}, anchor {})",
        e.pattern,
        e.transform,
        vx(b, e.at),
        e.database,
        vx(b, e.anchor)
    );
    let why = match e.outcome {
        Outcome::Applied => None,
        Outcome::Class(c) => Some(format!("rejected by class {c}")),
        Outcome::Unsafe => Some("rejected: the move is not safe".to_string()),
        Outcome::OpponentCapturable => Some("rejected: the opponent's stone there can be captured".to_string()),
        Outcome::Constraint => Some("constraint failed".to_string()),
    };
    if let Some(why) = why {
        let _ = write!(out, ": {why}");
        if let (true, Some(held)) = (e.outcome != Outcome::Constraint, e.constraint) {
            let _ = write!(out, " (constraint {held})");
        }
    }
    out.push('\n');
    for c in &e.changes {
        change_lines(b, &mut out, c.at, &c.before, &c.after, c.at != e.at);
    }
    out
}

/// The valuation lines of one move (GNU Go's `Move valuation:` block, our terms).
fn valuation_lines(b: &Board, out: &mut String, p: Point, v: &crate::genmove::valuation::MoveValue, total: f32) {
    let m = vx(b, p);
    let t = &v.territorial;
    if t.measured {
        let _ = writeln!(out, "  {m}: {:.2} - territorial value (change in territory {:.2})", t.value, t.change);
    } else {
        let _ = writeln!(out, "  {m}: {:.2} - territorial value", t.value);
    }
    for d in &v.strategic.dragons {
        let _ = writeln!(out, "  {m}: {:.2} - strategic effect on {}", d.value, vx(b, d.dragon));
    }
    if v.strategic.penalty != 0.0 {
        let _ = writeln!(out, "  {m}: {:.2} - strategic penalty, considered as invasion.", -v.strategic.penalty);
    }
    let _ = writeln!(out, "  {m}: {:.2} - strategic value", v.strategic.value);
    let _ = writeln!(
        out,
        "  {m}: {:.2} - added due to followup ({:.2}) and reverse followup values ({:.2})",
        v.followup_contribution, v.followup, v.reverse_followup
    );
    let _ = writeln!(out, "  {m}: {:.2} - secondary value ({:.2})", v.secondary_contribution, v.secondary);
    let _ = writeln!(out, "  {m}: {:.2} - shape (shape factor {:.3})", v.shape, v.shape_factor);
    if v.connect_bonus != 0.0 {
        let _ = writeln!(out, "  {m}: {:.2} - connects strings (connect value {})", v.connect_bonus, v.connect_value);
    }
    if v.pure_threat != 0.0 {
        let _ = writeln!(out, "  {m}: {:.2} - pure threat", v.pure_threat);
    }
    if v.min_value > 0.0 {
        let _ = writeln!(out, "  {m}:   {:.2} - minimum accepted value", v.min_value);
    }
    if v.max_value.is_finite() {
        let _ = writeln!(out, "  {m}:   {:.2} - maximum accepted value", v.max_value);
    }
    let _ = writeln!(out, "Move generation values {m} to {total:.2}");
}

/// The trace of one classic generation on `b` at `level` (1 or 2), from the recorded matches.
pub fn generation(b: &Board, g: &Generation, events: &[PatternEvent], level: u8) -> String {
    let mut out = String::new();
    let side = if g.color == crate::rules::stone::Color::Black { "black" } else { "white" };
    let _ = writeln!(out, "\nPattern matcher is looking for move reasons for {side}!");
    for e in events {
        out.push_str(&event_lines(b, e));
    }
    if level >= 2 {
        let _ = writeln!(out, "\nMove reasons:");
        for p in g.reasons.points() {
            for &r in &g.reasons.at(p).reasons {
                let _ = writeln!(out, "{}", reason_text(b, p, r));
            }
        }
    }
    let top = crate::genmove::selection::top(&g.values, 10);
    let _ = writeln!(out, "\nMove valuation:");
    for (p, v) in &g.parts {
        let Some(&(_, total)) = g.values.iter().find(|(q, _)| q == p) else { continue };
        if level >= 2 || top.iter().any(|(q, _)| q == p) {
            valuation_lines(b, &mut out, *p, v, total);
        }
    }
    let _ = writeln!(out, "\nTop moves:");
    for (i, (p, x)) in top.iter().enumerate() {
        let _ = writeln!(out, "{}. {:<3} {:.2}", i + 1, vx(b, *p), x);
    }
    match g.chosen {
        Some((p, x)) => {
            let _ = writeln!(out, "genmove() recommends {} with value {:.2}", vx(b, p), x);
        }
        None if g.resign => {
            let _ = writeln!(out, "genmove() recommends resignation");
        }
        None => {
            let _ = writeln!(out, "genmove() recommends PASS");
        }
    }
    out
}

/// The pattern profile (GNU Go's `--profile-patterns` report, our columns): one line per pattern
/// matched, most time first — geometric matches, constraint evaluations, microseconds, database and
/// name — and a total line.
pub fn profile_table(rows: &[(String, String, Counts)]) -> String {
    let mut out = format!("{:>8} {:>8} {:>10}  pattern\n", "matches", "tested", "usec");
    let (mut m, mut c, mut t) = (0u64, 0u64, std::time::Duration::ZERO);
    for (db, name, k) in rows {
        let _ = writeln!(out, "{:>8} {:>8} {:>10}  {db}:{name}", k.matches, k.constraints, k.time.as_micros());
        m += k.matches;
        c += k.constraints;
        t += k.time;
    }
    let _ = write!(out, "{m:>8} {c:>8} {:>10}  total ({} patterns)", t.as_micros(), rows.len());
    out
}
