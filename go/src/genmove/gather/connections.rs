//! Cut and connect reasons ("Cutting and connecting moves" in `move_generation.texi`), from the
//! attack and defence of cutting stones: a move that captures an opponent worm next to two or more of
//! our dragons connects them ([`MoveReason::Connect`] for each pair), and a move that saves our worm
//! next to two or more opponent dragons cuts them ([`MoveReason::Cut`]). The pairs are named by the
//! dragons' origins, smaller first.
//!
//! This module reads the attack and defence reasons [`crate::genmove::gather::worms`] has already
//! added (it must run after it) and the dragons; it does no reading. Not done yet: the pattern
//! sources (GNU Go's class B and C patterns) and cuts/connections the connection reader finds between
//! worms of different dragons.

use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveReason, MoveReasons};
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point};

/// Adds the connection reasons for the side of `out`.
pub fn gather(a: &Analysed, out: &mut MoveReasons) {
    let color = out.color();
    let points: Vec<Point> = out.points().collect();
    let mut add = Vec::new();
    for m in points {
        for &reason in &out.at(m).reasons {
            let (worm, around, connect) = match reason {
                MoveReason::Attack { worm, .. } => (worm, color, true),
                MoveReason::Defend { worm, .. } => (worm, color.opponent(), false),
                _ => continue,
            };
            let ds = neighbour_dragons(a, worm, around);
            for (i, &x) in ds.iter().enumerate() {
                for &y in &ds[i + 1..] {
                    let (first, second) = (x.min(y), x.max(y));
                    add.push((
                        m,
                        if connect { MoveReason::Connect { first, second } } else { MoveReason::Cut { first, second } },
                    ));
                }
            }
        }
    }
    for (m, reason) in add {
        out.add(m, reason);
    }
}

/// The origins of the dragons of `color` touching the worm through `worm`, in board order.
fn neighbour_dragons(a: &Analysed, worm: Point, color: Color) -> Vec<Point> {
    let b = &a.board;
    let mut out: Vec<Point> = Vec::new();
    for s in b.string_stones(worm) {
        for q in Board::neighbors(s) {
            if b.color(q) == Some(color) {
                if let Some(d) = a.dragons.at(q) {
                    if !out.contains(&d.origin) {
                        out.push(d.origin);
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out
}
