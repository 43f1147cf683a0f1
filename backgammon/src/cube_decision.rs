//! Cube actions from cubeful equities, as the GNU Backgammon manual ("Cube decisions") makes them:
//! compare the doubler's cubeful equity for "no double", "double, take" and "double, pass" and
//! pick no double / double, take / double, pass / too good to double (pass or take) / beaver.
//!
//! Owns only the decision. The equities come from anywhere: [`analyse`] computes 0-ply ones from
//! the five cubeless probabilities with `cubeful` (Janowski's model); n-ply search and rollouts
//! pass their own to [`CubeAction::from_equities`]. Whether the cube may be turned (Crawford game,
//! who owns it, a dead cube) is checked here from the score and the owner.

use crate::cubeful::{match_cubeful, money_cubeful, Ownership, PositionClass, Probs, Scoring};
use crate::met::ScoreOutOfRange;
use std::fmt;

/// The doubler's cubeful equities, all in one unit: money equity per current cube value (so
/// "double, pass" is +1), or MWC in match play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CubeEquities {
    pub no_double: f64,
    pub double_take: f64,
    pub double_pass: f64,
}

/// Why the player cannot double.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unavailable {
    /// The Crawford game: no doubling.
    Crawford,
    /// The opponent owns the cube.
    OpponentOwnsCube,
    /// Winning the current cube already wins the match (e.g. the leader after Crawford).
    DeadCube,
    /// The cube is at 32768.
    MaxCube,
}

/// The proper cube action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CubeAction {
    /// Don't double; if doubled the opponent should take.
    NoDouble,
    /// Don't double; if doubled the opponent should beaver (money play with beavers).
    NoDoubleBeaver,
    DoubleTake,
    /// Double, and the opponent should beaver.
    DoubleBeaver,
    DoublePass,
    /// Playing on is better than cashing; the opponent would pass a double.
    TooGoodPass,
    /// Playing on is better than cashing although the opponent would take a double.
    TooGoodTake,
    /// Doubling is not possible.
    NotAvailable(Unavailable),
}

impl CubeAction {
    /// gnubg's decision rule on the doubler's cubeful equities. `beavers`: the taker may beaver,
    /// which is right when "double, take" is worse than 0 for the doubler (money play only).
    pub fn from_equities(e: CubeEquities, beavers: bool) -> CubeAction {
        let taker_passes = e.double_take >= e.double_pass;
        if taker_passes {
            if e.no_double > e.double_pass {
                CubeAction::TooGoodPass
            } else {
                CubeAction::DoublePass
            }
        } else if e.no_double > e.double_pass {
            CubeAction::TooGoodTake
        } else {
            let beaver = beavers && e.double_take < 0.0;
            match (e.no_double >= e.double_take, beaver) {
                (true, false) => CubeAction::NoDouble,
                (true, true) => CubeAction::NoDoubleBeaver,
                (false, false) => CubeAction::DoubleTake,
                (false, true) => CubeAction::DoubleBeaver,
            }
        }
    }

    /// Whether the action is to turn the cube.
    pub fn doubles(self) -> bool {
        matches!(self, CubeAction::DoubleTake | CubeAction::DoubleBeaver | CubeAction::DoublePass)
    }

    /// Whether the taker should take (or beaver) if doubled; `None` when no double is possible.
    pub fn takes(self) -> Option<bool> {
        match self {
            CubeAction::DoublePass | CubeAction::TooGoodPass => Some(false),
            CubeAction::NotAvailable(_) => None,
            _ => Some(true),
        }
    }

    /// gnubg's wording; `redouble` when the doubler owns the cube.
    pub fn describe(self, redouble: bool) -> &'static str {
        match (self, redouble) {
            (CubeAction::NoDouble, false) => "No double, take",
            (CubeAction::NoDouble, true) => "No redouble, take",
            (CubeAction::NoDoubleBeaver, false) => "No double, beaver",
            (CubeAction::NoDoubleBeaver, true) => "No redouble, beaver",
            (CubeAction::DoubleTake, false) => "Double, take",
            (CubeAction::DoubleTake, true) => "Redouble, take",
            (CubeAction::DoubleBeaver, false) => "Double, beaver",
            (CubeAction::DoubleBeaver, true) => "Redouble, beaver",
            (CubeAction::DoublePass, false) => "Double, pass",
            (CubeAction::DoublePass, true) => "Redouble, pass",
            (CubeAction::TooGoodPass, false) => "Too good to double, pass",
            (CubeAction::TooGoodPass, true) => "Too good to redouble, pass",
            (CubeAction::TooGoodTake, false) => "Too good to double, take",
            (CubeAction::TooGoodTake, true) => "Too good to redouble, take",
            (CubeAction::NotAvailable(Unavailable::Crawford), _) => "No double (Crawford game)",
            (CubeAction::NotAvailable(Unavailable::OpponentOwnsCube), _) => "No double (opponent owns the cube)",
            (CubeAction::NotAvailable(Unavailable::DeadCube), _) => "No double (dead cube)",
            (CubeAction::NotAvailable(Unavailable::MaxCube), _) => "No double (cube at maximum)",
        }
    }
}

/// A cube decision with the equities behind it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CubeAnalysis {
    pub equities: CubeEquities,
    pub action: CubeAction,
    /// The doubler owns the cube (a redouble).
    pub redouble: bool,
}

impl fmt::Display for CubeAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.equities;
        write!(
            f,
            "{} (no double {:+.3}, double/take {:+.3}, double/pass {:+.3})",
            self.action.describe(self.redouble),
            e.no_double,
            e.double_take,
            e.double_pass
        )
    }
}

/// Why doubling is impossible for a player holding `owner` at cube value `cube`, if it is.
pub fn unavailable(scoring: Scoring<'_>, cube: u32, owner: Ownership) -> Option<Unavailable> {
    if owner == Ownership::Theirs {
        return Some(Unavailable::OpponentOwnsCube);
    }
    if cube >= 1 << 15 {
        return Some(Unavailable::MaxCube);
    }
    match scoring {
        Scoring::Money { .. } => None,
        Scoring::Match { score, .. } if score.crawford => Some(Unavailable::Crawford),
        Scoring::Match { score, .. } if score.me <= cube => Some(Unavailable::DeadCube),
        Scoring::Match { .. } => None,
    }
}

/// The 0-ply cube decision of the player to double, from the five cubeless probabilities in that
/// player's view (Janowski's model, cube efficiency from `class`). The equities are still computed
/// when doubling is unavailable, so callers can show them.
pub fn analyse(
    p: &Probs,
    scoring: Scoring<'_>,
    cube: u32,
    owner: Ownership,
    class: PositionClass,
) -> Result<CubeAnalysis, ScoreOutOfRange> {
    let x = class.cube_efficiency();
    let doubled = cube.saturating_mul(2);
    let (equities, beavers) = match scoring {
        Scoring::Money { jacoby, beavers } => (
            CubeEquities {
                no_double: money_cubeful(p, owner, x, jacoby),
                // once turned, gammons count whatever the Jacoby rule says
                double_take: 2.0 * money_cubeful(p, Ownership::Theirs, x, false),
                double_pass: 1.0,
            },
            beavers,
        ),
        Scoring::Match { met, score } => (
            CubeEquities {
                no_double: match_cubeful(met, p, score, cube, owner, x)?,
                double_take: match_cubeful(met, p, score, doubled, Ownership::Theirs, x)?,
                double_pass: met.mwc_after(score, true, cube)?,
            },
            false,
        ),
    };
    let action = match unavailable(scoring, cube, owner) {
        Some(why) => CubeAction::NotAvailable(why),
        None => CubeAction::from_equities(equities, beavers),
    };
    Ok(CubeAnalysis { equities, action, redouble: owner == Ownership::Mine })
}

/// The decision of the *other* player (as if it were their turn): probabilities, score and
/// ownership are turned round.
pub fn analyse_opponent(
    p: &Probs,
    scoring: Scoring<'_>,
    cube: u32,
    owner: Ownership,
    class: PositionClass,
) -> Result<CubeAnalysis, ScoreOutOfRange> {
    let scoring = match scoring {
        Scoring::Match { met, score } => Scoring::Match { met, score: score.swapped() },
        money => money,
    };
    let owner = match owner {
        Ownership::Mine => Ownership::Theirs,
        Ownership::Theirs => Ownership::Mine,
        Ownership::Centred => Ownership::Centred,
    };
    analyse(&p.flipped(), scoring, cube, owner, class)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(nd: f64, dt: f64, dp: f64) -> CubeEquities {
        CubeEquities { no_double: nd, double_take: dt, double_pass: dp }
    }

    #[test]
    fn decision_rule_hand_checked() {
        assert_eq!(CubeAction::from_equities(e(0.3, 0.2, 1.0), false), CubeAction::NoDouble);
        assert_eq!(CubeAction::from_equities(e(0.5, 0.7, 1.0), false), CubeAction::DoubleTake);
        assert_eq!(CubeAction::from_equities(e(0.8, 1.2, 1.0), false), CubeAction::DoublePass);
        assert_eq!(CubeAction::from_equities(e(1.1, 1.4, 1.0), false), CubeAction::TooGoodPass);
        assert_eq!(CubeAction::from_equities(e(1.1, 0.9, 1.0), false), CubeAction::TooGoodTake);
        assert_eq!(CubeAction::from_equities(e(-0.1, -0.3, 1.0), true), CubeAction::NoDoubleBeaver);
        assert_eq!(CubeAction::from_equities(e(-0.1, -0.3, 1.0), false), CubeAction::NoDouble);
        assert_eq!(CubeAction::from_equities(e(-0.4, -0.3, 1.0), true), CubeAction::DoubleBeaver);
        assert!(CubeAction::DoublePass.doubles() && !CubeAction::TooGoodPass.doubles());
        assert_eq!(CubeAction::TooGoodPass.takes(), Some(false));
    }
}
