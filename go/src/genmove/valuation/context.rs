//! What the valuation reads for one position and side to move ([`ValuationContext`]), apart from
//! the valuation's modules so that they import it without importing one another.

use crate::analysis::dragon::Dragons;
use crate::analysis::influence::Influence;
use crate::analysis::worm::Worm;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point};

/// What the valuation reads, for one position and side to move.
pub struct ValuationContext<'a> {
    pub board: &'a Board,
    /// The side whose moves are valued.
    pub color: Color,
    /// The read worms of every point ([`crate::analysis::worm::worms_read`]).
    pub worms: &'a [Worm],
    /// The dragons, their status settled (the owl's).
    pub dragons: &'a Dragons,
    /// The influence with the opponent to move (`territorial::base_influence`).
    pub base: &'a Influence,
    /// How far we are ahead (points; negative behind), as GNU Go's `our_score`.
    pub our_score: f32,
    /// The opponent's last move, if known (a thrashing dead dragon is attacked again).
    pub last_opponent_move: Option<Point>,
    /// The value a pure threat may reach (`weights::PURE_THREAT_VALUE`; 0 disables the rule).
    pub pure_threat_value: f32,
    /// Points where the reader captures the mover's new stone (GNU Go's `safe_move` fails), by point;
    /// computed for the points with a threat reason only ([`crate::genmove::classic::unsafe_threats`]).
    /// A threat played there gets no pure-threat value. `None`: not read (every point counts safe).
    pub tactically_unsafe: Option<&'a [bool]>,
    /// Points no move is worth playing on (unconditional territory of either side), by point.
    pub unconditional: Option<&'a [bool]>,
    /// Whether the critical dragons of the side not to move count dead in the influences the
    /// territorial value compares (GNU Go's rule; off by default: see
    /// [`crate::genmove::valuation::territorial::critical_dead_default`]).
    pub critical_dead: bool,
}
