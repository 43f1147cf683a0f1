//! Owl reasons (GNU Go's `owl_reasons`, "Owl attack and defense" in `move_generation.texi`): for each
//! critical dragon (the owl kills it moving first and saves it moving first), an
//! [`MoveReason::OwlDefend`] at the owl's defence point when the dragon is ours, an
//! [`MoveReason::OwlAttack`] at its attack point when it is the opponent's, each with the owl's result
//! (`KoA`/`KoB` for a ko).
//!
//! [`more_owl_moves`] then asks the owl about the other moves with a reason about a critical dragon
//! (GNU Go's `find_more_owl_attack_and_defense_moves`).
//!
//! GNU Go upgrades many territorial moves next to a critical dragon this way because its `ed`/`ea`
//! shape patterns give them a strategic reason first (strategy.tst 1: `EB501` gives Q13 "strategically
//! defends R14", then "upgraded to owl defense"); our shape database has few such patterns.
//! `GO_NEAR_OWL=1` stands in for them: an expand-territory or expand-moyo move within
//! [`NEAR_OWL_DISTANCE`] of a critical dragon's stone is asked too. Measured 2026-11-28 (classic,
//! gtp-regress, main 2d4bb84 13/45): strategy.tst 13 → 13, the same tests (strategy1's Q13 gets
//! "owl-defends R14" as GNU Go does, 25.47 against GNU Go's 37.81, but our F3 is 61.23 against GNU
//! Go's 24.84: our opening territorial values are about 1.8 times GNU Go's and GNU Go's `jF`/`tF`
//! joseki patterns cap F3, C6, D6… at 24.1–24.8). Off by default for lack of a gain. With
//! `barriers.db`'s open-ground intrusions followup only (tried 2026-11-28, see
//! [`crate::analysis::influence`]) F3 is 35.85 and Q13 19.84 with it (change in territory 17.30, GNU
//! Go 26.78): still F3.
//!
//! [`owl_attack_defends_neighbours`] lets every owl attack count as a strategic defence of our
//! tactically safe dragons next to the dragon it kills (GNU Go 3.8's `induce_secondary_move_reasons`:
//! the kill relieves its neighbours; GNU Go's `move_reasons` show it, e.g. strategy.tst 41's N16
//! "owl-attacks O16" also "strategically defends" G10, P11, K13, N15 and R17, 16's H12 defends B13
//! and D18, 26's D3 G4 and D4). Off by default (`GO_OWL_NEIGHBOURS=1` turns it on): measured
//! 2026-11-28 (gtp-regress classic -j 2 against main acec657) strategy.tst 14 → 13 (−39), 9x9.tst
//! 29 → 28 (−270), nngs.tst 50 → 49 (−1230; CPU 165.4 → 163.9 s), endgame.tst 44 → 45 (+702). The
//! losses read are false owl attacks made bigger: 39's R5 "owl-attacks R4" (GNU Go: R4 alive) gains
//! 8.9 for Q4, a lone stone our dragons give weakness 0.35 (GNU Go 0.04), and passes P16; 270's H2
//! "owl-attacks H5" (GNU Go's J5 alone) gains 22.5. The gains GNU Go gets from it (41, 16, 26) also
//! need owl attacks we do not find at its points.
//!
//! The verdicts are [`crate::genmove::analysed::analyse`]'s; this module reads them only. Not done yet
//! (each needs more owl reading per dragon: two-move threats cost several owl reads per dragon, and
//! our owl does not report when its node limit decided): owl threats
//! ([`MoveReason::OwlAttackThreat`], [`MoveReason::OwlDefendThreat`], [`MoveReason::OwlPreventThreat`]),
//! the uncertain reasons, and the gain/loss variants (a dragon saved by giving up a worm).

use crate::analysis::dragon::DragonStatus;
use crate::analysis::owl::OwlLimits;
use crate::analysis::read_result::ReadResult;
use crate::analysis::reading::Reader;
use crate::genmove::ab_switch::Switch;
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
    static SWITCH: Switch = Switch::new("GO_MORE_OWL", true);
    SWITCH.on()
}

/// Whether [`owl_attack_defends_neighbours`] runs (off by default; `GO_OWL_NEIGHBOURS=1`: see the
/// module documentation).
pub fn owl_neighbours_on() -> bool {
    static SWITCH: Switch = Switch::new("GO_OWL_NEIGHBOURS", false);
    SWITCH.on()
}

/// GNU Go's rule from `induce_secondary_move_reasons` (run after every owl reason is in, before the
/// valuation): a move that owl-attacks a dragon outright (not through a ko, not a partial gain) also
/// strategically defends each of our dragons next to it whose origin worm cannot be captured (a
/// capturable one is valued by its tactical reasons already).
pub fn owl_attack_defends_neighbours(a: &Analysed, out: &mut MoveReasons) {
    let color = out.color();
    let points: Vec<Point> = out.points().collect();
    let mut add = Vec::new();
    for m in points {
        for &reason in &out.at(m).reasons {
            let MoveReason::OwlAttack { dragon, result: ReadResult::Win } = reason else { continue };
            for n in a.dragons.neighbours(dragon) {
                let safe = a.worms[usize::from(n.origin)].attack().0 == ReadResult::Lose;
                if n.color == Some(color) && safe {
                    add.push((m, MoveReason::StrategicDefend { dragon: n.origin }));
                }
            }
        }
    }
    for (m, reason) in add {
        out.add(m, reason);
    }
}

/// Whether [`more_owl_moves`] also asks about the territorial moves next to a critical dragon
/// ([`NEAR_OWL_DISTANCE`]; off by default, `GO_NEAR_OWL=1` turns it on: see the module documentation).
fn near_owl_on() -> bool {
    static SWITCH: Switch = Switch::new("GO_NEAR_OWL", false);
    SWITCH.on()
}

/// Largest Manhattan distance from a stone of a critical dragon at which a territorial move
/// (expand territory or moyo) is asked whether it saves or kills the dragon.
pub const NEAR_OWL_DISTANCE: u32 = 2;

/// Whether `m` lies within [`NEAR_OWL_DISTANCE`] of a stone of the dragon `d`.
fn near_dragon(a: &Analysed, m: Point, d: Point) -> bool {
    let Some(dragon) = a.dragons.at(d) else { return false };
    let (mx, my) = a.board.coords(m);
    dragon.stones.iter().any(|&s| {
        let (sx, sy) = a.board.coords(s);
        u32::from(mx.abs_diff(sx)) + u32::from(my.abs_diff(sy)) <= NEAR_OWL_DISTANCE
    })
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
            if near_owl_on() && matches!(reason, MoveReason::ExpandTerritory | MoveReason::ExpandMoyo) {
                for v in a.owl.iter().filter(|v| v.status == DragonStatus::Critical) {
                    if !concerned.contains(&v.dragon) && near_dragon(a, m, v.dragon) {
                        concerned.push(v.dragon);
                    }
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
