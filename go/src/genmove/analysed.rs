//! The analyse phase of the classic move generator (GNU Go's `make_worms` and `make_dragons`, seed
//! 003): the position with its worms (with the tactical reading), its dragons, and the owl's verdict
//! on every dragon the dragons could not settle alone ([`analyse`]). The gatherers
//! ([`crate::genmove::gather`]), the valuation and the selection read it.
//!
//! The dragons the owl reads take the weakness of the owl's status and the strategic sizes are
//! recomputed after the owl (on by default since 2026-11-28; `GO_OWL_WEAKNESS=0` keeps the weakness
//! of their unsettled status, about 0.6 for a dragon the owl then finds alive where `dragon_data`
//! prints 0.05). It goes with `valuation::territorial::critical_dead_default` and
//! `gather::owl::more_owl_moves`: see the first for the measured figures. History: on main
//! 2026-11-27 night, without `more_owl_moves`, strategy.tst 11 off, 9 on (−32 39; +6 12 −20 against
//! both rules on); earlier (issue 25, classic, gtp_regress, critical dragons counted dead):
//! strategy.tst 10 → 11/45 (+47); 9x9.tst and endgame.tst the same tests with and without it.
//!
//! This module owns that record and the order it is computed in; the reading is the analysis
//! layer's. It must not propose, value or choose moves.

use crate::analysis::dragon::{DragonStatus, Dragons};
use crate::analysis::owl::OwlLimits;
use crate::analysis::read_result::ReadResult;
use crate::analysis::reading::Reader;
use crate::analysis::worm::{worms_read, Worm};
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point};

/// The owl's verdict on one dragon: GNU Go's `owl_attack_code`/`owl_attack_point` and
/// `owl_defense_code`/`owl_defense_point`, with the status they give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwlVerdict {
    /// The dragon's origin.
    pub dragon: Point,
    pub color: Color,
    pub status: DragonStatus,
    /// Can the dragon be killed, the attacker moving first (result and move)?
    pub attack: (ReadResult, Option<Point>),
    /// Can it live, its owner moving first (read only when the attack succeeds; `Lose` otherwise)?
    pub defend: (ReadResult, Option<Point>),
    /// Whether the owl read it (else the dragons settled it without reading).
    pub read: bool,
}

/// What the gatherers read: the position with its worms (with the tactical reading), its dragons and
/// the owl's verdicts, one per dragon in the dragons' node order.
pub struct Analysed {
    pub board: Board,
    /// Per point of the board array (GNU Go's `worm[]`), from [`worms_read`].
    pub worms: Vec<Worm>,
    pub dragons: Dragons,
    pub owl: Vec<OwlVerdict>,
}

impl Analysed {
    /// The owl's verdict on the dragon through the stone on `p`.
    pub fn verdict(&self, p: Point) -> Option<&OwlVerdict> {
        let d = self.dragons.at(p)?;
        self.owl.iter().find(|v| v.dragon == d.origin)
    }

    /// The dragon's status after the owl (unknown on an empty point).
    pub fn status(&self, p: Point) -> DragonStatus {
        self.verdict(p).map_or(DragonStatus::Unknown, |v| v.status)
    }
}

/// Whether the weakness follows the owl's status (on by default; `GO_OWL_WEAKNESS=0` keeps the
/// pre-owl one).
fn owl_weakness() -> bool {
    use std::sync::OnceLock;
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var("GO_OWL_WEAKNESS").map_or(true, |v| v != "0"))
}

/// Analyses `board` through the reader: worms with their attack and defence points
/// ([`worms_read`]), dragons ([`Dragons::compute`] without life reading), then for every dragon the
/// dragons did not settle, the owl's attack and (when the attack succeeds) defence, with their ko
/// results (GNU Go's `make_dragons`). The reader is left on `board`.
pub fn analyse(board: &Board, r: &mut Reader, limits: OwlLimits) -> Analysed {
    let worms = worms_read(board, r);
    let mut dragons = Dragons::compute(board, r, None);
    let mut owl = Vec::with_capacity(dragons.graph.node_count());
    let idx: Vec<_> = dragons.graph.node_indices().collect();
    for i in idx {
        let d = &dragons.graph[i];
        let Some(color) = d.color else { continue };
        let origin = d.origin;
        if d.settled {
            let attack = (if d.status == DragonStatus::Alive { ReadResult::Lose } else { ReadResult::Win }, d.attack);
            owl.push(OwlVerdict {
                dragon: origin,
                color,
                status: d.status,
                attack,
                defend: (ReadResult::Lose, d.defend),
                read: false,
            });
            continue;
        }
        let mut goal = vec![origin];
        goal.extend(d.stones.iter().copied().filter(|&s| s != origin));
        let attack = crate::analysis::owl::owl_attack(r, board, &goal, limits);
        let (status, defend) = if !attack.0.succeeds() {
            (DragonStatus::Alive, (ReadResult::Lose, None))
        } else {
            let defend = crate::analysis::owl::owl_defend(r, board, &goal, limits);
            if defend.0.succeeds() {
                (DragonStatus::Critical, defend)
            } else {
                (DragonStatus::Dead, defend)
            }
        };
        let d = &mut dragons.graph[i];
        d.status = status;
        d.attack = attack.1.filter(|_| attack.0.succeeds());
        d.defend = defend.1.filter(|_| defend.0.succeeds());
        d.settled = true;
        d.owl_read = true;
        if owl_weakness() {
            d.weakness = crate::analysis::dragon::weakness(d);
        }
        owl.push(OwlVerdict { dragon: origin, color, status, attack, defend, read: true });
    }
    if owl_weakness() {
        dragons.strategic_sizes();
    }
    r.set_board(board);
    Analysed { board: board.clone(), worms, dragons, owl }
}
