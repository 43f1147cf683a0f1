//! Semeai reasons ("Semeai winning moves" in `move_generation.texi`; GNU Go 3.8 sets them from its
//! semeai code): for each pair of adjacent dragons of opposite colours where neither is alive (the
//! owl found both dead or critical), the race is read with our dragon moving first
//! ([`crate::analysis::semeai::analyze_semeai`]); when our move kills the opponent's dragon, a
//! [`MoveReason::Semeai`] for that dragon goes to the move.
//!
//! This module asks the race reader only (through the caller's reader, which it leaves on the
//! analysed position). Not done yet: [`MoveReason::SemeaiThreat`] (moves that lengthen a race we lose).

use crate::analysis::dragon::DragonStatus;
use crate::analysis::reading::Reader;
use crate::analysis::semeai::{analyze_semeai, SemeaiLimits};
use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveReason, MoveReasons};

/// Adds the semeai reasons for the side of `out`.
pub fn gather(a: &Analysed, r: &mut Reader, out: &mut MoveReasons) {
    let color = out.color();
    let weak = |s: DragonStatus| matches!(s, DragonStatus::Dead | DragonStatus::Critical);
    let mut pairs = Vec::new();
    for e in a.dragons.graph.edge_indices() {
        let Some((i, j)) = a.dragons.graph.edge_endpoints(e) else { continue };
        let (di, dj) = (&a.dragons.graph[i], &a.dragons.graph[j]);
        let (ours, theirs) = match (di.color, dj.color) {
            (Some(ci), Some(cj)) if ci == color && cj == color.opponent() => (di.origin, dj.origin),
            (Some(ci), Some(cj)) if cj == color && ci == color.opponent() => (dj.origin, di.origin),
            _ => continue,
        };
        if weak(a.status(ours)) && weak(a.status(theirs)) {
            pairs.push((ours, theirs));
        }
    }
    for (ours, theirs) in pairs {
        let s = analyze_semeai(r, &a.board, ours, theirs, SemeaiLimits::default());
        if let Some(m) = s.mv {
            if s.attack.succeeds() {
                out.add(m, MoveReason::Semeai { dragon: theirs });
            }
        }
    }
    r.set_board(&a.board);
}
