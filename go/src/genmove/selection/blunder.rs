//! The blunder check of a chosen move (GNU Go's `blunder_size`, tactical and owl parts): what the
//! mover loses by playing it. Tactical: our worms the move joins (and the new stone) that were safe,
//! or that the move was meant to save, and that the opponent can capture after it — twice their
//! effective size each (half of that when the capture needs a ko); a lone new stone counts one
//! point, only when it is a plain self-atari (GNU Go checks the worms that were on the board; a
//! lone stone the reader can capture is the valuation's concern: endgame.tst 980, F4 with two
//! liberties, is right). Owl: our dragons next to the move (orthogonally) that the owl read and found alive and
//! that the owl kills after the move — twice their effective size (a critical dragon is lost to a
//! move elsewhere anyway; its defences are valued by the valuation). GNU Go's combination part (`atari_atari_blunder_size`) is not done (the combinations themselves are [`crate::analysis::combination`]'s, used by the gatherer only).
//!
//! `GO_BLUNDER_TRACE=1` prints each checked move's two parts and the owl verdicts of its neighbouring
//! dragons on stderr (for comparing with GNU Go's `-t` trace).
//!
//! Reads through the caller's reader and leaves it on the analysed position.

use crate::analysis::dragon::DragonStatus;
use crate::analysis::owl::{does_defend, OwlLimits};
use crate::analysis::read_result::ReadResult;
use crate::analysis::reading::Reader;
use crate::genmove::ab_switch::Switch;
use crate::genmove::analysed::Analysed;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Move, Point};
use crate::rules::vertex::format_vertex;

/// What `color` loses by playing `p` on the analysed position (0: no blunder found).
pub fn blunder_size(a: &Analysed, r: &mut Reader, color: Color, p: Point) -> f32 {
    let tactical = tactical(a, r, color, p);
    let owl = owl(a, r, color, p);
    r.set_board(&a.board);
    if trace() {
        eprintln!("blunder {}: tactical {tactical:.2} owl {owl:.2}", vertex(&a.board, p));
    }
    tactical + owl
}

/// Whether `GO_BLUNDER_TRACE=1` asks for the trace (read once).
fn trace() -> bool {
    static SWITCH: Switch = Switch::new("GO_BLUNDER_TRACE", false);
    SWITCH.on()
}

/// `p` as GTP names it, for the trace.
fn vertex(b: &Board, p: Point) -> String {
    format_vertex(b, Move::Play(p))
}

/// The tactical part: the string the move makes, if the opponent then captures it.
fn tactical(a: &Analysed, r: &mut Reader, color: Color, p: Point) -> f32 {
    let b = &a.board;
    r.set_board(b);
    // The worms the move joins, and what each is worth to us.
    let mut joined: Vec<Point> = Vec::with_capacity(4);
    let mut at_stake = 0.0f32;
    for q in Board::neighbors(p) {
        if !b.on_board(q) || b.color(q) != Some(color) {
            continue;
        }
        let w = &a.worms[usize::from(q)];
        if joined.contains(&w.origin) {
            continue;
        }
        joined.push(w.origin);
        let attacked = w.attack().0.succeeds();
        let saved_here = w.defense_points.iter().any(|&(d, code)| d == p && code == ReadResult::Win);
        if !attacked || saved_here {
            at_stake += 2.0 * w.effective_size as f32;
        }
    }
    if !r.trymove(p, color) {
        return 0.0;
    }
    if joined.is_empty() {
        // A lone new stone counts only as a plain self-atari (GNU Go leaves the safety of the
        // stone itself to the valuation: a first-line stone the reader captures is often right).
        // A ko capture is no blunder: the valuation counts what the ko costs (its ko deduction and
        // the ko-stone penalty); counting the retake here as well lost endgame.tst 804's J7.
        let ko_capture = r.board().ko().is_some();
        at_stake =
            if r.board().color(p) == Some(color) && r.board().liberties(p) == 1 && !ko_capture { 1.0 } else { 0.0 };
        if at_stake == 0.0 {
            r.popgo();
            return 0.0;
        }
    }
    let code = if r.board().color(p) == Some(color) { r.attack(p).0 } else { ReadResult::Lose };
    r.popgo();
    match code {
        ReadResult::Win => at_stake,
        ReadResult::Lose => 0.0,
        _ => at_stake / 2.0,
    }
}

/// The owl part: our read dragons next to the move that were alive and die after it.
fn owl(a: &Analysed, r: &mut Reader, color: Color, p: Point) -> f32 {
    let b = &a.board;
    let mut seen: Vec<Point> = Vec::with_capacity(4);
    let mut loss = 0.0;
    for q in Board::neighbors(p) {
        if !b.on_board(q) || b.color(q) != Some(color) {
            continue;
        }
        let Some(v) = a.verdict(q) else { continue };
        if seen.contains(&v.dragon) || !v.read {
            continue;
        }
        seen.push(v.dragon);
        if trace() {
            eprintln!("  neighbour {}: owl {:?}, attack {:?}", vertex(b, q), v.status, v.attack.0);
        }
        if v.status != DragonStatus::Alive {
            continue;
        }
        if does_defend(r, b, p, q, OwlLimits::default()) == ReadResult::Lose {
            loss += 2.0 * a.dragons.at(q).map_or(0.0, |d| d.effective_size as f32);
        }
    }
    loss
}
