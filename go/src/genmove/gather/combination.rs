//! Combination reasons (GNU Go's `combinations()`, `owl.texi` "Combination reading"): the mover's own
//! combination attack gives its first move "captures something" ([`MoveReason::MyAtariAtari`]); the
//! opponent's combination gives every safe move of ours that breaks it "defends against combination
//! attack" ([`MoveReason::YourAtariAtari`]), both with the combination's value
//! ([`crate::analysis::combination::aa_value`] of the smallest string it wins), which the valuation
//! adds to the territorial value.
//!
//! Strings of dragons the analysis calls dead are not targets. The search is
//! [`crate::analysis::combination`]'s; this module only turns its answers into reasons.

use crate::analysis::combination::CombinationSearch;
use crate::analysis::dragon::DragonStatus;
use crate::analysis::reading::Reader;
use crate::genmove::ab_switch::Switch;
use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveReason, MoveReasons};

/// Adds the combination reasons for `out`'s colour, reading on `r` (left on the analysed position).
pub fn gather(a: &Analysed, r: &mut Reader, out: &mut MoveReasons) {
    if !combinations_on() {
        return;
    }
    let color = out.color();
    r.set_board(&a.board);
    let dead =
        |p| a.verdict(p).map(|v| v.status).or_else(|| a.dragons.at(p).map(|d| d.status)) == Some(DragonStatus::Dead);
    let mut search = CombinationSearch::new();
    if let Some(k) = search.find(r, color, &dead, false) {
        out.add(k.attack, MoveReason::MyAtariAtari { stones: k.size });
    }
    if let Some(k) = search.find(r, color.opponent(), &dead, true) {
        for d in k.defenses {
            out.add(d, MoveReason::YourAtariAtari { stones: k.size });
        }
    }
}

/// Whether combinations are read (on by default; `GO_COMBINATIONS=0` leaves them out, for A/B
/// measurements of their cost and effect).
fn combinations_on() -> bool {
    static SWITCH: Switch = Switch::new("GO_COMBINATIONS", true);
    SWITCH.on()
}
