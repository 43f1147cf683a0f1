//! Owl reasons (GNU Go's `owl_reasons`, "Owl attack and defense" in `move_generation.texi`): for each
//! critical dragon (the owl kills it moving first and saves it moving first), an
//! [`MoveReason::OwlDefend`] at the owl's defence point when the dragon is ours, an
//! [`MoveReason::OwlAttack`] at its attack point when it is the opponent's, each with the owl's result
//! (`KoA`/`KoB` for a ko).
//!
//! [`more_owl_moves`] then asks the owl about the other moves with a reason about a critical dragon
//! (GNU Go's `find_more_owl_attack_and_defense_moves`).
//!
//! The verdicts are [`crate::genmove::analysed::analyse`]'s; this module reads them only. Not done yet
//! (each needs more owl reading per dragon: two-move threats cost several owl reads per dragon, and
//! our owl does not report when its node limit decided): owl threats
//! ([`MoveReason::OwlAttackThreat`], [`MoveReason::OwlDefendThreat`], [`MoveReason::OwlPreventThreat`]),
//! the uncertain reasons, and the gain/loss variants (a dragon saved by giving up a worm).

use crate::analysis::dragon::DragonStatus;
use crate::analysis::owl::OwlLimits;
use crate::analysis::reading::Reader;
use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveReason, MoveReasons};
use crate::rules::stone::Point;

/// Adds the owl reasons for the side of `out`.
pub fn gather(a: &Analysed, out: &mut MoveReasons) {
    let color = out.color();
    for v in &a.owl {
        if v.status != DragonStatus::Critical {
            continue;
        }
        if v.color == color {
            if let (result, Some(m)) = v.defend {
                if result.succeeds() {
                    out.add(m, MoveReason::OwlDefend { dragon: v.dragon, result });
                }
            }
        } else if let (result, Some(m)) = v.attack {
            if result.succeeds() {
                out.add(m, MoveReason::OwlAttack { dragon: v.dragon, result });
            }
        }
    }
}

/// Whether the owl reasons reach beyond the owl's own attack and defence points
/// ([`more_owl_moves`]; `GO_MORE_OWL=0` turns it off).
fn more_owl_on() -> bool {
    use std::sync::OnceLock;
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var("GO_MORE_OWL").map_or(true, |v| v != "0"))
}

/// GNU Go's `find_more_owl_attack_and_defense_moves` (run after every gatherer, before the
/// valuation): a move with a reason about a critical dragon (a tactical attack or defence of one of
/// its worms, a vital eye point, a connection or cut of its worms, a strategic attack or defence)
/// that is not already the owl's move for it is asked whether it saves the dragon (ours) or kills it
/// (the opponent's), and gets the owl reason when it does. The owl answers one move per dragon; a
/// dragon with two saving moves (GNU Go's N4 and our L4 in strategy.tst 12) needs this, and so does a
/// critical dragon whose defence the owl finds without a move (strategy.tst 6's F11, `PASS`).
pub fn more_owl_moves(a: &Analysed, r: &mut Reader, out: &mut MoveReasons) {
    if !more_owl_on() {
        return;
    }
    let color = out.color();
    let limits = OwlLimits::default();
    let points: Vec<Point> = out.points().collect();
    for m in points {
        if a.board.color(m).is_some() {
            continue;
        }
        let mut concerned: Vec<Point> = Vec::new();
        for &reason in &out.at(m).reasons {
            let stones: [Option<Point>; 2] = match reason {
                MoveReason::Attack { worm, .. } | MoveReason::Defend { worm, .. } => [Some(worm), None],
                MoveReason::Connect { first, second } | MoveReason::Cut { first, second } => {
                    [Some(first), Some(second)]
                }
                MoveReason::VitalEye { dragon }
                | MoveReason::StrategicAttack { dragon }
                | MoveReason::StrategicDefend { dragon } => [Some(dragon), None],
                _ => [None, None],
            };
            for s in stones.into_iter().flatten() {
                let Some(v) = a.verdict(s) else { continue };
                if v.status == DragonStatus::Critical && !concerned.contains(&v.dragon) {
                    concerned.push(v.dragon);
                }
            }
        }
        for d in concerned {
            let Some(v) = a.verdict(d) else { continue };
            let ours = v.color == color;
            let has = out.at(m).reasons.iter().any(|&x| match x {
                MoveReason::OwlDefend { dragon, .. } if ours => dragon == v.dragon,
                MoveReason::OwlAttack { dragon, .. } if !ours => dragon == v.dragon,
                _ => false,
            });
            if has {
                continue;
            }
            if ours {
                let result = crate::analysis::owl::does_defend(r, &a.board, m, v.dragon, limits);
                if result.succeeds() {
                    out.add(m, MoveReason::OwlDefend { dragon: v.dragon, result });
                }
            } else {
                let result = crate::analysis::owl::does_attack(r, &a.board, m, v.dragon, limits);
                if result.succeeds() {
                    out.add(m, MoveReason::OwlAttack { dragon: v.dragon, result });
                }
            }
        }
    }
}
