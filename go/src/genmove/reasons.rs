//! Move reasons: the first phase of GNU Go-style move generation (seed 003, `move_generation.texi`).
//! Each analysis (worms, owl, semeai, connections, eyes, influence, patterns) proposes moves and says
//! why; the reasons are gathered per point in one [`MoveReasons`] store, then valued
//! ([`crate::genmove`]'s valuation phase) and the best valued move is selected.
//!
//! A reason is objective: anyone can check that the move at the point attacks the worm, defends the
//! dragon or cuts the two worms it names. Besides the reasons, a point carries the value bounds, shape
//! tallies and followup values that patterns set ([`MoveData`]).
//!
//! This module owns the reason type, the per-point record and the store only: it must not analyse a
//! position (the gatherers do) nor value a move (the valuation does). Worms and dragons are named by
//! their origin point (the smallest point of the string, as `worm_data`/`dragon_data` print them),
//! so the store holds no reference into the analysis that produced it.

use crate::analysis::read_result::ReadResult;
use crate::rules::stone::{Color, Point, ARRAY};
use smallvec::SmallVec;

/// Why a move is suggested (GNU Go's move reason kinds; the `_GOOD_KO`/`_BAD_KO` variants of the
/// attack and defence reasons are their [`ReadResult`]: `KoA` good ko, `KoB` bad ko, `Win` no ko).
/// Some reasons argue against a move ([`MoveReason::Antisuji`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveReason {
    /// Captures the worm (tactically).
    Attack { worm: Point, result: ReadResult },
    /// Saves the worm from a tactical capture.
    Defend { worm: Point, result: ReadResult },
    /// Threatens to capture the worm.
    AttackThreat { worm: Point },
    /// Threatens to save the worm (a move after which it has a defence it had not).
    DefendThreat { worm: Point },
    /// Attacks one of two worms: the opponent cannot defend both (GNU Go's `EITHER_MOVE`).
    Either { first: Point, second: Point },
    /// Defends both worms of a double attack (GNU Go's `ALL_MOVE`).
    All { first: Point, second: Point },
    /// Connects the two worms.
    Connect { first: Point, second: Point },
    /// Cuts the two worms apart.
    Cut { first: Point, second: Point },
    /// A move never to be played here (an antisuji pattern).
    Antisuji,
    /// Wins the capturing race of the dragon (one of the opponent's dragons in the race).
    Semeai { dragon: Point },
    /// Threatens to win the capturing race.
    SemeaiThreat { dragon: Point },
    /// Expands our territory.
    ExpandTerritory,
    /// Expands our moyo.
    ExpandMoyo,
    /// Invades the opponent's area.
    Invasion,
    /// The vital point of the dragon's eye space (life and death).
    VitalEye { dragon: Point },
    /// Attacks the dragon without killing it (class `a` patterns, weak dragons).
    StrategicAttack { dragon: Point },
    /// Defends the dragon without settling its life (class `d` patterns, weak dragons).
    StrategicDefend { dragon: Point },
    /// Kills the dragon (owl).
    OwlAttack { dragon: Point, result: ReadResult },
    /// Saves the dragon (owl).
    OwlDefend { dragon: Point, result: ReadResult },
    /// Kills part of the dragon: the worm is captured, the rest lives (GNU Go's `OWL_ATTACK_MOVE_GAIN`).
    OwlAttackGain { dragon: Point, worm: Point },
    /// Saves the dragon but gives up the worm (GNU Go's `OWL_DEFEND_MOVE_LOSS`).
    OwlDefendLoss { dragon: Point, worm: Point },
    /// Threatens to kill the dragon.
    OwlAttackThreat { dragon: Point },
    /// Threatens to save the dragon.
    OwlDefendThreat { dragon: Point },
    /// Removes the opponent's threat to kill the dragon.
    OwlPreventThreat { dragon: Point },
    /// Kills the dragon as far as the owl could read (node limit reached).
    UncertainOwlAttack { dragon: Point },
    /// Saves the dragon as far as the owl could read (node limit reached).
    UncertainOwlDefense { dragon: Point },
    /// Starts a chain of ataris that captures `stones` stones.
    MyAtariAtari { stones: u16 },
    /// Prevents the opponent's chain of ataris that would capture `stones` stones.
    YourAtariAtari { stones: u16 },
}

impl MoveReason {
    /// The worm or dragon the reason is about, if it names one.
    pub fn target(self) -> Option<Point> {
        use MoveReason::*;
        match self {
            Attack { worm, .. } | Defend { worm, .. } | AttackThreat { worm } | DefendThreat { worm } => Some(worm),
            Either { first, .. } | All { first, .. } | Connect { first, .. } | Cut { first, .. } => Some(first),
            Semeai { dragon }
            | SemeaiThreat { dragon }
            | VitalEye { dragon }
            | StrategicAttack { dragon }
            | StrategicDefend { dragon }
            | OwlAttack { dragon, .. }
            | OwlDefend { dragon, .. }
            | OwlAttackGain { dragon, .. }
            | OwlDefendLoss { dragon, .. }
            | OwlAttackThreat { dragon }
            | OwlDefendThreat { dragon }
            | OwlPreventThreat { dragon }
            | UncertainOwlAttack { dragon }
            | UncertainOwlDefense { dragon } => Some(dragon),
            Antisuji | ExpandTerritory | ExpandMoyo | Invasion | MyAtariAtari { .. } | YourAtariAtari { .. } => None,
        }
    }

    /// Whether the reason is only a threat (valued by its followup, not by what it achieves now).
    pub fn is_threat(self) -> bool {
        use MoveReason::*;
        matches!(
            self,
            AttackThreat { .. }
                | DefendThreat { .. }
                | SemeaiThreat { .. }
                | OwlAttackThreat { .. }
                | OwlDefendThreat { .. }
        )
    }
}

/// The shape values patterns gave a move (the `shape(v)` attribute): the largest positive and the
/// largest negative contribution and how many of each, which the shape factor
/// `1.05^(max_pos − max_neg + (num_pos−1) − (num_neg−1))` is computed from. `max_neg` is stored as a
/// positive number (the size of the worst negative contribution).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ShapeTally {
    pub max_pos: f32,
    pub max_neg: f32,
    pub num_pos: u16,
    pub num_neg: u16,
}

impl ShapeTally {
    /// Counts one shape contribution (zero counts as neither).
    pub fn add(&mut self, value: f32) {
        if value > 0.0 {
            self.max_pos = self.max_pos.max(value);
            self.num_pos += 1;
        } else if value < 0.0 {
            self.max_neg = self.max_neg.max(-value);
            self.num_neg += 1;
        }
    }
}

/// Everything the generators said about one point.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveData {
    /// The reasons, each once, in the order they were found.
    pub reasons: SmallVec<[MoveReason; 4]>,
    /// The value the move gets at least (`value`/`minvalue` pattern attributes, joseki minimums).
    pub min_value: f32,
    /// The value the move gets at most (`maxvalue`).
    pub max_value: f32,
    /// Shape contributions.
    pub shape: ShapeTally,
    /// Territory the move threatens to gain next (`followup`; summed).
    pub followup: f32,
    /// Territory the move prevents the opponent from gaining next (`reverse_followup`; summed).
    pub reverse_followup: f32,
    /// The territorial value the move gets at least (`terri`/`minterri`; the largest holds).
    pub min_territory: f32,
    /// The territorial value the move gets at most (`maxterri`; the smallest holds).
    pub max_territory: f32,
}

impl Default for MoveData {
    fn default() -> Self {
        MoveData {
            reasons: SmallVec::new(),
            min_value: 0.0,
            max_value: f32::INFINITY,
            shape: ShapeTally::default(),
            followup: 0.0,
            reverse_followup: 0.0,
            min_territory: 0.0,
            max_territory: f32::INFINITY,
        }
    }
}

impl MoveData {
    /// Whether anything was said about the point.
    pub fn is_empty(&self) -> bool {
        *self == MoveData::default()
    }
}

/// The move reasons for one side to move, per point of the board array.
#[derive(Debug, Clone)]
pub struct MoveReasons {
    color: Color,
    data: Vec<MoveData>,
}

impl MoveReasons {
    /// An empty store for `color` to move.
    pub fn new(color: Color) -> MoveReasons {
        MoveReasons { color, data: vec![MoveData::default(); ARRAY] }
    }

    /// The side the reasons are for.
    pub fn color(&self) -> Color {
        self.color
    }

    /// What was said about `p`.
    pub fn at(&self, p: Point) -> &MoveData {
        &self.data[usize::from(p)]
    }

    fn at_mut(&mut self, p: Point) -> &mut MoveData {
        &mut self.data[usize::from(p)]
    }

    /// Adds a reason to `p` (a reason already there is not added twice).
    pub fn add(&mut self, p: Point, reason: MoveReason) {
        let d = self.at_mut(p);
        if !d.reasons.contains(&reason) {
            d.reasons.push(reason);
        }
    }

    /// Whether `p` has this reason.
    pub fn has(&self, p: Point, reason: MoveReason) -> bool {
        self.at(p).reasons.contains(&reason)
    }

    /// Raises the move's minimum value to `value` (the largest minimum holds).
    pub fn set_min_value(&mut self, p: Point, value: f32) {
        let d = self.at_mut(p);
        d.min_value = d.min_value.max(value);
    }

    /// Lowers the move's maximum value to `value` (the smallest maximum holds).
    pub fn set_max_value(&mut self, p: Point, value: f32) {
        let d = self.at_mut(p);
        d.max_value = d.max_value.min(value);
    }

    /// Raises the move's minimum territorial value to `value` (the largest minimum holds).
    pub fn set_min_territory(&mut self, p: Point, value: f32) {
        let d = self.at_mut(p);
        d.min_territory = d.min_territory.max(value);
    }

    /// Lowers the move's maximum territorial value to `value` (the smallest maximum holds).
    pub fn set_max_territory(&mut self, p: Point, value: f32) {
        let d = self.at_mut(p);
        d.max_territory = d.max_territory.min(value);
    }

    /// Counts a shape contribution at `p`.
    pub fn add_shape(&mut self, p: Point, value: f32) {
        self.at_mut(p).shape.add(value);
    }

    /// Adds followup value at `p`.
    pub fn add_followup(&mut self, p: Point, value: f32) {
        self.at_mut(p).followup += value;
    }

    /// Adds reverse followup value at `p`.
    pub fn add_reverse_followup(&mut self, p: Point, value: f32) {
        self.at_mut(p).reverse_followup += value;
    }

    /// The points something was said about, in board-array order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.data.iter().enumerate().filter(|(_, d)| !d.is_empty()).map(|(i, _)| i as Point)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_kept_once_and_bounds_tighten() {
        let mut r = MoveReasons::new(Color::Black);
        let a = MoveReason::Attack { worm: 30, result: ReadResult::Win };
        r.add(40, a);
        r.add(40, a);
        r.add(40, MoveReason::Attack { worm: 30, result: ReadResult::KoA });
        assert_eq!(r.at(40).reasons.len(), 2);
        assert!(r.has(40, a));
        assert!(!r.has(41, a));
        r.set_min_value(40, 5.0);
        r.set_min_value(40, 3.0);
        r.set_max_value(40, 20.0);
        r.set_max_value(40, 30.0);
        assert_eq!((r.at(40).min_value, r.at(40).max_value), (5.0, 20.0));
        assert_eq!(r.points().collect::<Vec<_>>(), vec![40]);
        assert_eq!(r.color(), Color::Black);
    }

    #[test]
    fn shape_tally_keeps_extremes_and_counts() {
        let mut t = ShapeTally::default();
        for v in [1.0, 3.0, -2.0, 0.0, -1.0] {
            t.add(v);
        }
        assert_eq!(t, ShapeTally { max_pos: 3.0, max_neg: 2.0, num_pos: 2, num_neg: 2 });
    }

    #[test]
    fn targets_and_threats() {
        assert_eq!(MoveReason::OwlDefend { dragon: 7, result: ReadResult::Win }.target(), Some(7));
        assert_eq!(MoveReason::ExpandMoyo.target(), None);
        assert!(MoveReason::OwlAttackThreat { dragon: 7 }.is_threat());
        assert!(!MoveReason::Cut { first: 1, second: 2 }.is_threat());
    }
}
