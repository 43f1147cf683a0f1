//! Worm reasons (GNU Go's `worm_reasons`, "Attack and Defense" and "Threats to Attack or Defend" in
//! `move_generation.texi`): for each opponent worm the tactical reader captures, an
//! [`MoveReason::Attack`] at every attack point with its result (a ko is `KoA`/`KoB`); for each own worm
//! that can be captured and saved, a [`MoveReason::Defend`] at every defence point; for opponent worms
//! that cannot be captured now, [`MoveReason::AttackThreat`] at the moves after which they could be; for
//! own worms that cannot be saved now, [`MoveReason::DefendThreat`] at the moves after which they could.
//!
//! The points and results are the worms' own ([`crate::analysis::worm::worms_read`]: the reader's
//! move first, then the liberties and nearby points that also work, at most
//! [`crate::analysis::worm::MAX_TACTICAL_POINTS`] of each). This module reads them only; it does no
//! reading of its own. Not done (GNU Go's `EITHER_MOVE`/`ALL_MOVE` need a reading of both targets
//! after the move): [`MoveReason::Either`], [`MoveReason::All`].

use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveReason, MoveReasons};

/// Adds the worm reasons for the side of `out`.
pub fn gather(a: &Analysed, out: &mut MoveReasons) {
    let color = out.color();
    let b = &a.board;
    for p in b.points() {
        let Some(c) = b.color(p) else { continue };
        let w = &a.worms[usize::from(p)];
        if w.origin != p {
            continue;
        }
        if c == color.opponent() {
            for &(m, result) in &w.attack_points {
                if result.succeeds() {
                    out.add(m, MoveReason::Attack { worm: p, result });
                }
            }
            if w.attack_points.is_empty() {
                for &(m, result) in &w.attack_threats {
                    if result.succeeds() {
                        out.add(m, MoveReason::AttackThreat { worm: p });
                    }
                }
            }
        } else if !w.attack_points.is_empty() {
            for &(m, result) in &w.defense_points {
                if result.succeeds() {
                    out.add(m, MoveReason::Defend { worm: p, result });
                }
            }
            if w.defense_points.is_empty() {
                for &(m, result) in &w.defense_threats {
                    if result.succeeds() {
                        out.add(m, MoveReason::DefendThreat { worm: p });
                    }
                }
            }
        }
    }
}
