//! Strategical value of a move (GNU Go's `estimate_strategical_value`, `move_generation.texi`
//! "Strategical Value"): the effect of the move on the safety of the dragons around it, measured by
//! their weakness and strategic size.
//!
//! Facts it follows (GNU Go 3.8's engine):
//! * Each dragon is counted once, at the largest value any reason gives it ("dragon value").
//! * Strategic attack or defence (`a`/`d` patterns): `1.8·soft_cap(strategic_size, 15)·weakness`, the
//!   weakness of dead dragons 0; an attack is worth nothing when the attacked dragon has a critical
//!   neighbour of ours the move does not owl-defend.
//! * Tactical attack or defence of a worm that is some dragon's lunch: the same formula on the dragon
//!   the lunch feeds, unless that dragon is the worm itself, and nothing when that dragon lives with
//!   two eyes (GNU Go's strongly alive and invincible dragons have weakness 0.00 and no lunch in its
//!   `dragon_data`; ours kept 0.05, so endgame2's T17 got 2.30 and endgame14's E5 1.99 from the lunch
//!   alone: see `territorial`'s "Lively stones" for the measurement); cutting stones (`cutstone2 > 1`):
//!   `10·(cutstone2 − 1)` times a ko factor, straight into the total.
//! * Connecting or cutting two dragons: GNU Go's `connection_value` on each side
//!   ([`formulas::connection_value`]).
//! * Attacking one of two worms (`Either`): the smaller of the two adjusted attack values; defending
//!   both (`All`): twice the smaller effective size.
//! * Uncertain owl defence: `min(2·strategic_size, 0.65·score)` when ahead, nothing when behind or next
//!   to a critical dragon.
//! * Per dragon: nothing for a critical dragon the move does not owl-attack or -defend; for a dragon
//!   already counted in the territorial value (one worm attacked or defended tactically, owl reasons on
//!   a critical dragon, semeai) only the excess over twice its strategic size.
//! * Invasion penalty: a move whose four neighbours and itself lie in the opponent's area, with only
//!   moyo, invasion, strategic-attack or single-stone defence reasons, loses 12 times the opponent's
//!   territory value at the point.
//!
//! Our approximations: the weakness is our dragons' [`Dragon::weakness`](crate::analysis::dragon::Dragon)
//! (GNU Go's crude weakness also reads the dragon's moyo, which we do not keep), and the joined
//! dragon of a connection is taken as weak as the stronger of the two; the thrashing-dragon
//! heuristics are left out.

use super::context::ValuationContext;
use super::formulas::{connection_value, cutstone_ko_factor, strategic_dragon_value};
use super::territorial::own_critical_neighbour;
use super::weights::*;
use crate::analysis::dragon::{Dragon, DragonStatus};
use crate::genmove::reasons::{MoveData, MoveReason};
use crate::rules::stone::Point;
use std::collections::BTreeMap;

/// One dragon's strategic contribution.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DragonEffect {
    /// The dragon's origin.
    pub dragon: Point,
    /// What the move adds for it.
    pub value: f32,
}

/// The strategical part of a move's value.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Strategic {
    /// The strategical value (the dragons' effects, cutting stones, `Either`/`All`, less the invasion
    /// penalty).
    pub value: f32,
    /// The dragons' effects counted.
    pub dragons: Vec<DragonEffect>,
    /// The invasion penalty subtracted.
    pub penalty: f32,
}

/// Keeps the largest value given to a dragon.
fn raise(m: &mut BTreeMap<Point, f32>, d: Point, v: f32) {
    let e = m.entry(d).or_insert(0.0);
    if v > *e {
        *e = v;
    }
}

/// GNU Go's `dragon_weakness`: the dragon's weakness, 0 for a dead one when `ignore_dead`.
fn weakness(d: &Dragon, ignore_dead: bool) -> f32 {
    if ignore_dead && d.status == DragonStatus::Dead {
        0.0
    } else {
        d.weakness
    }
}

/// The weakness a dragon's lunch is valued with: 0 for a dragon alive with two eyes (GNU Go's
/// `strongly alive` and `invincible` dragons, whose `dragon_data` weakness is 0.00 and which it gives
/// no lunch value), else [`weakness`].
fn lunch_weakness(d: &Dragon) -> f32 {
    if d.status == DragonStatus::Alive && d.eyes_min >= 2 {
        0.0
    } else {
        weakness(d, false)
    }
}

fn owl_reason_on(ctx: &ValuationContext, data: &MoveData, dragon: Point) -> bool {
    data.reasons.iter().any(|r| match r {
        MoveReason::OwlAttack { dragon: d, .. } | MoveReason::OwlDefend { dragon: d, .. } => {
            ctx.dragons.same(*d, dragon)
        }
        _ => false,
    })
}

fn tactical_reason_on(ctx: &ValuationContext, data: &MoveData, p: Point) -> bool {
    data.reasons.iter().any(|r| match r {
        MoveReason::Attack { worm, .. } | MoveReason::Defend { worm, .. } => ctx.dragons.same(*worm, p),
        _ => false,
    })
}

/// The strategical value of `ctx.color` playing `p` for the reasons in `data`.
pub fn strategic_value(ctx: &ValuationContext, p: Point, data: &MoveData) -> Strategic {
    let mut s = Strategic::default();
    let mut dragon_value: BTreeMap<Point, f32> = BTreeMap::new();
    for &reason in &data.reasons {
        use MoveReason::*;
        match reason {
            Attack { worm, result } | Defend { worm, result } => {
                let w = &ctx.worms[usize::from(worm)];
                if w.defense_points.is_empty() {
                    continue;
                }
                if w.cutstone2 > 1 && !w.inessential {
                    s.value += CUTSTONE_VALUE * f32::from(w.cutstone2 - 1) * cutstone_ko_factor(result);
                }
                if w.inessential {
                    continue;
                }
                // The dragons this worm is the lunch of.
                for d in ctx.dragons.graph.node_weights() {
                    if d.lunch.is_none_or(|l| ctx.board.string_id(l) != ctx.board.string_id(worm)) {
                        continue;
                    }
                    let mut v = strategic_dragon_value(d.strategic_size as f32, lunch_weakness(d));
                    if d.status != DragonStatus::Dead && d.worms.len() == 1 && tactical_reason_on(ctx, data, d.origin) {
                        v = 0.0;
                    }
                    raise(&mut dragon_value, d.origin, v);
                }
            }
            Either { first, second } => {
                let dead = |q: Point| ctx.dragons.at(q).is_some_and(|d| d.status == DragonStatus::Dead);
                if (dead(first) && dead(second)) || data.reasons.iter().any(|r| matches!(r, MyAtariAtari { .. })) {
                    continue;
                }
                let v = adjusted_attack_value(ctx, data, first).min(adjusted_attack_value(ctx, data, second));
                s.value += v;
            }
            All { first, second } => {
                let dead = |q: Point| ctx.dragons.at(q).is_some_and(|d| d.status == DragonStatus::Dead);
                if (dead(first) && dead(second)) || data.reasons.iter().any(|r| matches!(r, YourAtariAtari { .. })) {
                    continue;
                }
                let es = |q: Point| ctx.worms[usize::from(q)].effective_size as f32;
                s.value += 2.0 * es(first).min(es(second));
            }
            Connect { first, second } | Cut { first, second } => {
                let (Some(a), Some(b)) = (ctx.dragons.at(first), ctx.dragons.at(second)) else { continue };
                if a.origin == b.origin {
                    continue;
                }
                let margin = if ctx.our_score > CONNECTION_MARGIN { ctx.our_score } else { 0.0 };
                raise(&mut dragon_value, a.origin, connection(a, b, margin));
                raise(&mut dragon_value, b.origin, connection(b, a, margin));
            }
            StrategicAttack { dragon } | StrategicDefend { dragon } => {
                let Some(d) = ctx.dragons.at(dragon) else { continue };
                let mut v = strategic_dragon_value(d.strategic_size as f32, weakness(d, true));
                if matches!(reason, StrategicAttack { .. }) && own_critical_neighbour(ctx, dragon, data) {
                    v = 0.0;
                }
                raise(&mut dragon_value, d.origin, v * ATTACK_DRAGON_WEIGHT);
            }
            UncertainOwlDefense { dragon } => {
                let Some(d) = ctx.dragons.at(dragon) else { continue };
                if ctx.dragons.neighbours(dragon).iter().any(|n| n.status == DragonStatus::Critical) {
                    continue;
                }
                let v = if ctx.our_score < 0.0 {
                    0.0
                } else {
                    (2.0 * d.strategic_size as f32).min(UNCERTAIN_DEFENSE_SCORE_SHARE * ctx.our_score)
                };
                raise(&mut dragon_value, d.origin, v);
            }
            _ => {}
        }
    }
    for (dragon, v) in dragon_value {
        if v == 0.0 {
            continue;
        }
        let Some(d) = ctx.dragons.at(dragon) else { continue };
        if d.status == DragonStatus::Critical && !owl_reason_on(ctx, data, dragon) {
            continue;
        }
        let w = &ctx.worms[usize::from(dragon)];
        if d.status != DragonStatus::Dead
            && d.worms.len() == 1
            && w.effective_size < w.size as f64 + STRATEGIC_ALREADY_COUNTED
            && tactical_reason_on(ctx, data, dragon)
        {
            continue;
        }
        let semeai =
            data.reasons.iter().any(|r| matches!(r, MoveReason::Semeai { dragon: x } if ctx.dragons.same(*x, dragon)));
        if tactical_reason_on(ctx, data, dragon)
            || (owl_reason_on(ctx, data, dragon) && d.status == DragonStatus::Critical)
            || semeai
        {
            let excess = v - 2.0 * d.strategic_size as f32;
            if excess > 0.0 {
                s.value += excess;
                s.dragons.push(DragonEffect { dragon, value: excess });
            }
            continue;
        }
        s.value += v;
        s.dragons.push(DragonEffect { dragon, value: v });
    }
    s.penalty = invasion_penalty(ctx, p, data) * INVASION_MALUS_WEIGHT;
    s.value -= s.penalty;
    s
}

/// The connection value on `a` of joining it to `b` (see [`formulas::connection_value`]).
fn connection(a: &Dragon, b: &Dragon, margin: f32) -> f32 {
    if a.status == DragonStatus::Dead {
        return 0.0;
    }
    connection_value(
        a.strategic_size as f32,
        b.strategic_size as f32,
        a.weakness,
        a.weakness.min(b.weakness),
        a.status == DragonStatus::Critical,
        margin,
    )
}

/// GNU Go's adjusted attack value of a worm (for `Either`): twice its effective size, plus twice the
/// largest neighbouring dead dragon (when some neighbour lives), minus twice the largest neighbouring
/// worm the reader can attack that the move does not defend.
fn adjusted_attack_value(ctx: &ValuationContext, data: &MoveData, worm: Point) -> f32 {
    let Some(owner) = ctx.board.color(worm) else { return 0.0 };
    let mut live = false;
    let (mut up, mut down) = (0f32, 0f32);
    ctx.board.for_each_adjacent(worm, owner.opponent(), |adj, _| {
        let d = ctx.dragons.at(adj);
        if d.is_some_and(|d| d.status != DragonStatus::Dead) {
            live = true;
        }
        if let Some(d) = d.filter(|d| d.status == DragonStatus::Dead) {
            up = up.max(2.0 * d.effective_size as f32);
        }
        let w = &ctx.worms[usize::from(adj)];
        let defended = data
            .reasons
            .iter()
            .any(|r| matches!(r, MoveReason::Defend { worm: x, .. } if ctx.board.string_id(*x) == adj));
        if !w.attack_points.is_empty() && !defended {
            down = down.max(2.0 * w.effective_size as f32);
        }
    });
    let mut v = 2.0 * ctx.worms[usize::from(worm)].effective_size as f32;
    if live {
        v += up;
    }
    (v - down).max(0.0)
}

/// GNU Go's invasion penalty (see the module documentation).
fn invasion_penalty(ctx: &ValuationContext, p: Point, data: &MoveData) -> f32 {
    let other = ctx.color.opponent();
    let board = ctx.board;
    for q in crate::rules::board::Board::neighbors(p) {
        if board.on_board(q) && board.is_empty(q) && ctx.base.whose_area(q) != Some(other) {
            return 0.0;
        }
    }
    if ctx.base.whose_area(p) != Some(other) {
        return 0.0;
    }
    for r in &data.reasons {
        match r {
            MoveReason::ExpandMoyo | MoveReason::StrategicAttack { .. } | MoveReason::Invasion => {}
            MoveReason::Defend { worm, .. } if ctx.dragons.at(*worm).is_some_and(|d| d.size() == 1) => {}
            _ => return 0.0,
        }
    }
    let v = ctx.base.territory_value[usize::from(p)];
    let theirs = match other {
        crate::rules::stone::Color::White => v,
        crate::rules::stone::Color::Black => -v,
    };
    (INVASION_PENALTY * theirs).max(0.0)
}
