//! Eye reasons ("Making or destroying eyes" in `move_generation.texi`): for each critical dragon
//! (after the owl), the eye spaces next to it whose value the next move decides (fewer eyes when the
//! opponent moves first than when the owner does) give a [`MoveReason::VitalEye`] at their vital
//! point: the owner's defence point for our dragons, the attacker's point for the opponent's. As in
//! GNU Go, one vital point per unstable eye space.
//!
//! This module reads the dragons' eye spaces ([`crate::analysis::dragon::Dragons::eyes`]) only.

use crate::analysis::dragon::DragonStatus;
use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveReason, MoveReasons};

/// Adds the vital-eye reasons for the side of `out`.
pub fn gather(a: &Analysed, out: &mut MoveReasons) {
    let color = out.color();
    for d in a.dragons.graph.node_weights() {
        let Some(c) = d.color else { continue };
        if a.status(d.origin) != DragonStatus::Critical {
            continue;
        }
        for &k in &d.eye_spaces {
            let Some(space) = a.dragons.eyes.spaces.get(k) else { continue };
            if space.color != c || space.min >= space.max {
                continue;
            }
            let vital = if c == color { space.defend } else { space.attack };
            if let Some(m) = vital.filter(|&m| a.board.is_empty(m)) {
                out.add(m, MoveReason::VitalEye { dragon: d.origin });
            }
        }
    }
}
