//! Owl reasons (GNU Go's `owl_reasons`, "Owl attack and defense" in `move_generation.texi`): for each
//! critical dragon (the owl kills it moving first and saves it moving first), an
//! [`MoveReason::OwlDefend`] at the owl's defence point when the dragon is ours, an
//! [`MoveReason::OwlAttack`] at its attack point when it is the opponent's, each with the owl's result
//! (`KoA`/`KoB` for a ko).
//!
//! The verdicts are [`crate::genmove::analysed::analyse`]'s; this module reads them only. Not done yet
//! (each needs more owl reading per dragon: two-move threats cost several owl reads per dragon, and
//! our owl does not report when its node limit decided): owl threats
//! ([`MoveReason::OwlAttackThreat`], [`MoveReason::OwlDefendThreat`], [`MoveReason::OwlPreventThreat`]),
//! the uncertain reasons, and the gain/loss variants (a dragon saved by giving up a worm).

use crate::analysis::dragon::DragonStatus;
use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveReason, MoveReasons};

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
