//! Valuation: the second phase of GNU Go-style move generation (seed 003, `move_generation.texi`
//! "Valuation of suggested moves"): each point with move reasons ([`MoveReasons`]) gets a value in
//! points, from its territorial value ([`territorial`]), its strategical value ([`strategic`]), the
//! shape factor, followup and reverse followup, secondary value, the connect/cut bonus, pure threats
//! and the minimum and maximum values, by GNU Go 3.8's formulas ([`formulas`], every number in
//! [`weights`]).
//!
//! Entry point: build a [`ValuationContext`] once per position and colour (the board, the side to
//! move, the read worms, the dragons, the influence with the opponent to move from
//! [`territorial::base_influence`], the score estimate), then [`value_moves`] values every point of
//! the store, or [`value_move`] one point. Each [`MoveValue`] keeps every part, so a `move_reasons` or
//! trace command can print them as GNU Go's "Move valuation" trace does.
//!
//! This module values moves only: it never gathers reasons, selects a move or checks a move for
//! blunders (the selection does). It reads the analysis and never changes the position; the only
//! board it plays on is a copy, once per candidate with a blocking or expanding reason, for the
//! influence after the move ([`territorial::territorial_value`]).
//!
//! Order of the total (GNU Go 3.8's `value_move_reasons`): antisuji and unconditionally settled
//! points are worth 0; `tot = territorial + strategic`; if `tot > 0`: followup contribution (when
//! `tot ≥ 0.5`), secondary value, shape factor (on at most 15 points of territory), connect/cut bonus,
//! dame cut/connect bonus; then the pure-threat rule; then the minimum and maximum values.
//!
//! The pure-threat rule applies only to a move whose stone keeps two liberties and that the reader
//! cannot capture afterwards ([`ValuationContext::tactically_unsafe`], read by
//! [`crate::genmove::classic::unsafe_threats`]; GNU Go 3.8 values such threats 0, "strategically or
//! tactically unsafe"): 9x9.tst 250's B9 (0.36, chosen) threatened B8 where white's C9 captures it;
//! with the rule no move is worth anything there (as in GNU Go) and `genmove`'s fallback plays A2,
//! wanted (9x9.tst 24 → 25/73, no loss; strategy.tst the same 13, its 28 answering PASS instead of
//! F2, G3 wanted; gtp-regress).
//! A broader form (helper strat, same day): no pure-threat value for any move GNU Go's
//! `examine_move_safety` calls unsafe (threats alone, no cut, connection, strategic or antisuji
//! reason, no pattern minimum territory) gave the same 9x9 +250 and the same strategy and endgame
//! tests; strategy.tst 31 (PASS wanted) then plays S10 at 0.26 (the territory gatherer's expand
//! reason and the threat; GNU Go has no reason there) instead of T10.
//!
//! Measured against GNU Go 3.8 (`gnugo -t`, its "Move valuation" trace; `valuation/tests.rs`):
//! * The combination ([`combine`]) reproduces GNU Go's totals from its own parts within 0.015 on seven
//!   traced moves of two 9x9 positions (shape factor, the 15-point territory exemption, followup,
//!   connect bonus).
//! * The territorial value inherits our influence function: on the 9x9 opening of the tests our
//!   influence gives black 7 points of territory before the move where GNU Go's gives 25, so moves in
//!   the open gain more here (E6 11.7 against GNU Go's 5.6, E8 12.7 against 5.1) and G5 less (11.5
//!   against 15.3); G5 is still the best move (17.7 against GNU Go's 21.1). Where our dragons judge
//!   differently the values follow our dragons: on the second position of the combination test
//!   (black C5 D6 E5 G6, white D5 C3 F3) our dragons call white's C3 and F3 dead where GNU Go calls
//!   them alive, so the whole board is black's already and every territory change is near 0 here
//!   (GNU Go: 3.2 to 12.6).
//! * The connect value: GNU Go counts more than the neighbouring strings when the move captures (D4
//!   capturing D5 next to three black strings: 5, ours 0); ours matches its trace on plain moves.
//! * 19x19 opening (strategy1, white to move; 2026-11-28): our change in territory for F3 was 46.7
//!   against GNU Go's 26.5 (its `initial_influence black` / `move_influence white F3` sum to the same
//!   delta: the difference is the influence, not the formula). `barriers.db`'s open-ground
//!   intrusions, applied to every influence for the side to move, account for most of it; made
//!   followup only (tried and dropped, see [`crate::analysis::influence`]) F3 gets 22.9 and a total
//!   of 35.9 (GNU Go 24.8, capped there by its `jF`/`tF` joseki patterns, which our joseki database
//!   lacks), strategy.tst stays 14/45 (+28 G3, −20: J4 19.9 over Q11 18.8, GNU Go's Q11 47.97 from an
//!   owl defence and pattern strategic effects we do not find, our Q11 only territory: 20.3 → 15.4,
//!   GNU Go's change 14.9), endgame.tst 40/65 (+850, −941, a GNU Go known failure), 9x9.tst 26/73
//!   (the same tests); CPU 120 s, 44 s, 160 s on a loaded machine (main: 102, 50, 160).
//! * The strategic effect of an `a`/`d` reason: GNU Go's traces (strategy1: D4 5.53 with strategic
//!   size 19, weakness 0.37; D16 6.08, 21.47, 0.38; O16 6.25, 21.90, 0.39; R6 4.14, 27.77, 0.24; the
//!   9x9 opening of `tests.rs`: G7 8.56, 12.73, 0.69) all fit `1.8·soft_cap(size, 15)·weakness` with
//!   `soft_cap(x, c) = x/(1 + x/c)` within the weaknesses' rounding (8.55, 5.58, 6.04, 6.25, 4.21),
//!   and so does its connection value of merlenoir move 233's J10 (K14's dragon, 27.92 and 0.37,
//!   joining a strongly alive one: 7.14 by that form if the joint weakness is 0.04, which GNU Go
//!   does not print; GNU Go 7.16). Our [`formulas::soft_cap`] (`x`
//!   up to `c`, then `c·(2 − c/x)`) gives 15.8, 12.1, 13.4, 13.9, 9.5: 2.2 times GNU Go's on 19x19,
//!   and on 9x9 about GNU Go's only because our G7 is half as weak (0.35 against 0.69). Taken up
//!   (helper strat, 2026-11-28, gtp-regress classic against main 9949a24's grades on this machine):
//!   strategy.tst 15 → 13 (−39 −50), endgame.tst 44 → 43 (−960: our K11 belongs to a strongly alive
//!   dragon of weakness 0.05 where GNU Go's K14 dragon has 0.37, so only the inflated form gave J10
//!   enough), 9x9.tst 27 → 26 (−420), nngs.tst 900 (Q15 → R6), no gain anywhere: the larger values
//!   stand in for our dragons' lower weakness and different amalgamation, so the form stays until
//!   those match GNU Go's. CPU 94.8 / 23.0 / 119.0 s (main's grades 96.0 / 22.6 / 119.4).
//!   The experiment knob for the fitted cap (`GO_SOFTCAP`: 1 everywhere, 2 for strategic dragon
//!   values only) was removed (issue 25, 2026-11-28): with GNU Go's crude weakness on our dragons it
//!   graded exactly as the piecewise form (strategy.tst 15, endgame.tst 40, 9x9.tst 25, the same
//!   tests), without it as above (lower on all three).
//! * Cost: one copy of the board, the influence after the move and the followup influence (both
//!   with their pattern matching) per candidate with a blocking reason: 0.65 ms per candidate on
//!   9x9, 14 ms on a 19x19 opening (112 candidates in 1.6 s), release build.

pub mod context;
pub mod formulas;
pub mod strategic;
pub mod territorial;
pub mod weights;

use crate::genmove::reasons::{MoveData, MoveReason, MoveReasons};
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point};
pub use context::ValuationContext;
use formulas::*;
use weights::*;

/// The value of one move and its parts.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MoveValue {
    /// The territorial part ([`territorial::Territorial`]).
    pub territorial: territorial::Territorial,
    /// The strategical part ([`strategic::Strategic`]).
    pub strategic: strategic::Strategic,
    /// The shape factor (1 without shape values).
    pub shape_factor: f32,
    /// What the shape factor changed.
    pub shape: f32,
    /// Followup (reasons and patterns, plus the influence followup) and reverse followup.
    pub followup: f32,
    pub reverse_followup: f32,
    /// What the followups added.
    pub followup_contribution: f32,
    /// The secondary value (before its weight) and what it added.
    pub secondary: f32,
    pub secondary_contribution: f32,
    /// The connect value `c` and the bonus it gave.
    pub connect_value: u32,
    pub connect_bonus: f32,
    /// What the pure-threat rule added.
    pub pure_threat: f32,
    /// The additional value as a ko threat (GNU Go's `additional_ko_value`).
    pub additional_ko_value: f32,
    /// The minimum value as applied (raised by the tie-break) and the maximum value.
    pub min_value: f32,
    pub max_value: f32,
    /// The move's value.
    pub total: f32,
}

/// The connect value of `color` playing `p`: our neighbouring strings (those of at most
/// [`CONNECT_FEW_LIBERTIES`] liberties twice), plus the opponent's neighbouring strings when at least
/// two distinct ones touch the move (a cut).
pub fn connect_value_at(board: &Board, p: Point, color: Color) -> u32 {
    let mut own: Vec<Point> = Vec::with_capacity(4);
    let mut theirs: Vec<Point> = Vec::with_capacity(4);
    for q in Board::neighbors(p) {
        if !board.on_board(q) {
            continue;
        }
        match board.color(q) {
            Some(c) if c == color => {
                let h = board.string_id(q);
                if !own.contains(&h) {
                    own.push(h);
                }
            }
            Some(_) => {
                let h = board.string_id(q);
                if !theirs.contains(&h) {
                    theirs.push(h);
                }
            }
            None => {}
        }
    }
    let few = own.iter().filter(|&&h| board.liberties(h) <= CONNECT_FEW_LIBERTIES).count();
    let cut = if theirs.len() >= 2 { theirs.len() } else { 0 };
    connect_value(own.len(), few, cut)
}

/// The value of `ctx.color` playing `p` for what `data` says about it.
pub fn value_move(ctx: &ValuationContext, p: Point, data: &MoveData) -> MoveValue {
    let mut v = MoveValue { shape_factor: 1.0, max_value: data.max_value, ..MoveValue::default() };
    if data.reasons.contains(&MoveReason::Antisuji) || ctx.unconditional.is_some_and(|u| u[usize::from(p)]) {
        return v;
    }
    if !data.reasons.is_empty() || data.min_territory > 0.0 {
        v.territorial = territorial::territorial_value(ctx, p, data);
        v.strategic = strategic::strategic_value(ctx, p, data);
    }
    let connects = data.reasons.iter().any(|r| matches!(r, MoveReason::Connect { .. } | MoveReason::Cut { .. }));
    let threat = data.reasons.iter().any(|r| r.is_threat())
        && ctx.board.is_empty(p)
        && territorial::is_safe(ctx.board, p, ctx.color)
        && !ctx.tactically_unsafe.is_some_and(|u| u[usize::from(p)]);
    let parts = Parts {
        territorial: v.territorial.value,
        strategic: v.strategic.value,
        followup: data.followup + v.territorial.followup + v.territorial.influence_followup,
        reverse_followup: data.reverse_followup + v.territorial.reverse_followup,
        secondary: v.territorial.secondary,
        connect_value: connect_value_at(ctx.board, p, ctx.color),
        connects,
        pure_threat_value: if threat { ctx.pure_threat_value } else { 0.0 },
    };
    combine(&parts, data, &mut v);
    v
}

/// The parts of a move's value the total is combined from (see [`combine`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Parts {
    pub territorial: f32,
    pub strategic: f32,
    /// All followup (reasons, patterns and the influence's territorial followup).
    pub followup: f32,
    pub reverse_followup: f32,
    pub secondary: f32,
    /// The connect value `c` ([`connect_value_at`]).
    pub connect_value: u32,
    /// Whether the move has a cut or connect reason (the dame bonus).
    pub connects: bool,
    /// The pure-threat value, 0 unless the move is a threat that may use the rule.
    pub pure_threat_value: f32,
}

/// Combines the parts into the total as GNU Go 3.8's `value_move_reasons` does (see the module
/// documentation for the order), with the shape tallies and value bounds of `data`; fills `v`'s
/// combination fields and total (its territorial and strategic records are left as they are).
pub fn combine(parts: &Parts, data: &MoveData, v: &mut MoveValue) {
    let sh = data.shape;
    v.shape_factor = shape_factor(sh.max_pos, sh.max_neg, sh.num_pos, sh.num_neg);
    v.followup = parts.followup.max(0.0);
    v.reverse_followup = parts.reverse_followup;
    v.secondary = parts.secondary;
    v.max_value = data.max_value;
    let mut tot = TERRITORIAL_WEIGHT * parts.territorial + STRATEGICAL_WEIGHT * parts.strategic;
    if tot > 0.0 {
        if tot >= FOLLOWUP_MIN_TOTAL {
            v.followup_contribution = followup_contribution(tot, v.followup, v.reverse_followup, FOLLOWUP_WEIGHT);
            tot += v.followup_contribution;
            v.additional_ko_value = additional_ko_value(v.followup, v.reverse_followup, v.followup_contribution);
        } else {
            v.additional_ko_value = v.shape_factor * (v.followup + v.reverse_followup);
        }
        v.secondary_contribution = secondary_contribution(v.secondary);
        tot += v.secondary_contribution;
        if sh.num_pos + sh.num_neg > 0 {
            let shaped = apply_shape(tot, parts.territorial, v.shape_factor);
            v.shape = shaped - tot;
            tot = shaped;
        }
        v.connect_value = parts.connect_value;
        v.connect_bonus = connect_bonus(v.connect_value, tot);
        tot += v.connect_bonus;
        if parts.connects {
            tot = dame_connect_bonus(tot);
        }
    } else {
        v.additional_ko_value = v.shape_factor * (v.followup + v.followup.min(v.reverse_followup));
    }
    let t = pure_threat(tot, v.additional_ko_value, parts.pure_threat_value);
    v.pure_threat = t - tot;
    tot = t;
    let (t, min) = bound(tot, data.min_value, data.max_value);
    v.min_value = min;
    v.total = t;
}

/// The value of every point of `reasons` for `ctx.color` (the store's side), in board-array order;
/// points worth 0 are left out. Illegal points are left out too (a ko recapture the selection may want
/// to reconsider for ko threats is valued by [`value_move`] directly).
pub fn value_moves(ctx: &ValuationContext, reasons: &MoveReasons) -> Vec<(Point, MoveValue)> {
    debug_assert_eq!(ctx.color, reasons.color());
    reasons
        .points()
        .filter(|&p| ctx.board.is_legal(p, ctx.color))
        .map(|p| (p, value_move(ctx, p, reasons.at(p))))
        .filter(|(_, v)| v.total != 0.0)
        .collect()
}

#[cfg(test)]
mod tests;
