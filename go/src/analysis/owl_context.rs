//! The owl's answers to its pattern databases' constraints: [`OwlContext`] implements
//! [`patterns::PatternContext`] at one node of an owl search (GNU Go evaluates the owl databases'
//! constraints inside the search, against the owl's own goal and eye data, not the whole board's dragons).
//!
//! Where the answers come from:
//! * The board and the tactics: the node's position and the owl's [`Reader`], which stands on that
//!   position; `lib`, `xlib`/`olib` (played on the reader and taken back), `ko`, legality, and the
//!   tactical and sequence helpers shared with [`crate::analysis::pattern_context`] through `pattern_tactics` (`attack`,
//!   `defend`, `does_attack`, `safe_xmove`, `oplay_attack`, `xplay_defend_both`, …; a sequence is played on
//!   the reader's stack, so its moves count in the reader's depth, and taken back).
//! * The goal: `owl_goal_dragon` is a stone of the goal (strings holding the dragon's original
//!   stones); `owl_lunch` a stone the owl's evaluation found dead; `owl_strong_dragon` a stone outside
//!   the goal, not dead, that the reader cannot capture; `status` answers `DEAD`, `CRITICAL` (the goal),
//!   `ALIVE` (strong) or `UNKNOWN` from these.
//! * Eyes: the node's eye spaces of the goal's colour (what the owl computed for its evaluation):
//!   `owl_eyespace`, `owl_big_eyespace`, `owl_proper_eye`, `owl_mineye`, `owl_maxeye`, `owl_eye_size`,
//!   `eye`, `proper_eye`, `marginal_eye`, `halfeye`, `max_eye_value`; `owl_topological_eye` is the
//!   diagonal sum judged by the reader.
//! * `owl_escape_value`: the openness of the point ([`crate::analysis::pattern_context`]'s measure).
//! * Neutral: territory helpers, actions and other special helpers answer 0.
//!
//! The context borrows everything it answers from (no allocation when it is made, once per evaluated
//! match); it leaves the reader on the node's position and must not change the owl's marks or eyes.

use crate::analysis::board_view::BoardView;
use crate::analysis::eye::{diagonal_sum, Eyes, Safety, Topology};
use crate::analysis::pattern_tactics::{
    captures_something, escape_value, false_eye, ko_at, liberties_at, obvious_false_eye, sequence_test, tactical_on,
    vital_chain,
};
use crate::analysis::read_result::ReadResult::Lose;
use crate::analysis::reading::Reader;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point};
use patterns::eval::{codes, DragonQuery, EyeQuery, SequenceTest, Side, Tactical, Territory, Value};
use patterns::{Cell, PatternContext, Vertex};

fn flag(b: bool) -> f64 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// One owl node seen by the patterns: `own` is the patterns' `O` (the side to move).
pub(crate) struct OwlContext<'a> {
    /// The node's position; the reader stands on it.
    pub board: &'a Board,
    pub own: Color,
    /// The colour of the dragon read.
    pub goal_color: Color,
    pub r: &'a mut Reader,
    /// Stones of the goal's strings.
    pub goal: &'a [bool],
    /// Stones the evaluation found dead (lunches, enclosed stones).
    pub dead: &'a [bool],
    /// The node's eye spaces.
    pub eyes: &'a Eyes,
}

impl OwlContext<'_> {
    fn point(&self, v: Vertex) -> Point {
        self.board.point(v.col, v.row)
    }

    fn colour_of(&self, side: Side) -> Color {
        if side == Side::O {
            self.own
        } else {
            self.own.opponent()
        }
    }

    fn space(&self, p: Point) -> Option<&crate::analysis::eye::EyeSpace> {
        self.eyes.space(p, self.goal_color)
    }

    /// A stone outside the goal, not dead, that the reader cannot capture.
    fn strong(&mut self, p: Point) -> bool {
        let i = usize::from(p);
        self.board.color(p).is_some()
            && !self.goal[i]
            && !self.dead[i]
            && (self.board.liberties(p) >= 5 || self.r.attack(p).0 == Lose)
    }

    fn owl_helper(&mut self, name: &str, args: &[Value]) -> Option<f64> {
        let b = self.board;
        let pt = |i: usize| match args.get(i) {
            Some(Value::Point(v)) => Some(b.point(v.col, v.row)),
            _ => None,
        };
        let p = pt(0)?;
        let i = usize::from(p);
        Some(match name {
            "owl_goal_dragon" => flag(b.color(p).is_some() && self.goal[i]),
            "owl_strong_dragon" => flag(self.strong(p)),
            "owl_escape_value" => escape_value(b, p),
            "owl_eyespace" => flag(self.space(p).is_some_and(|e| e.max > 0)),
            "owl_big_eyespace" => flag(self.space(p).is_some_and(|e| e.max >= 2)),
            "owl_mineye" => self.space(p).map_or(0.0, |e| f64::from(e.min)),
            "owl_maxeye" => self.space(p).map_or(0.0, |e| f64::from(e.max)),
            "owl_eye_size" => self.space(p).map_or(0.0, |e| e.points.len() as f64),
            "owl_proper_eye" => flag(
                self.space(p).is_some()
                    && !self.eyes.is_marginal(p, self.goal_color)
                    && self.eyes.topology(p, self.goal_color) == Topology::Proper,
            ),
            "owl_lunch" => flag(b.color(p) == Some(self.goal_color.opponent()) && self.dead[i]),
            "owl_topological_eye" => {
                let c = b.color(pt(1)?)?;
                if !b.is_empty(p) {
                    return Some(0.0);
                }
                let (sum, _) = diagonal_sum(b, p, c, self.dead, &[], &mut Safety::Read(self.r));
                f64::from(sum)
            }
            _ => 0.0,
        })
    }
}

impl PatternContext for OwlContext<'_> {
    fn size(&self) -> usize {
        self.board.size()
    }

    fn color(&self, v: Vertex) -> Cell {
        BoardView { board: self.board, own: self.own }.cell(self.point(v))
    }

    fn liberties(&mut self, v: Vertex, order: u8) -> u32 {
        liberties_at(self.board, self.point(v), order)
    }

    fn liberties_after_move(&mut self, v: Vertex, side: Side) -> u32 {
        let (p, c) = (self.point(v), self.colour_of(side));
        if !self.board.is_empty(p) || !self.r.trymove(p, c) {
            return 0;
        }
        let libs = self.r.board().liberties(p) as u32;
        self.r.popgo();
        libs
    }

    fn ko(&mut self, v: Vertex) -> bool {
        ko_at(self.board, self.point(v))
    }

    fn legal(&mut self, v: Vertex, side: Side) -> bool {
        self.board.is_legal(self.point(v), self.colour_of(side))
    }

    fn suicide(&mut self, v: Vertex, side: Side) -> bool {
        let p = self.point(v);
        self.board.is_empty(p) && self.board.is_suicide(p, self.colour_of(side))
    }

    fn tactical(&mut self, q: Tactical) -> f64 {
        tactical_on(self.r, self.own, q)
    }

    fn play_sequence(&mut self, first: Side, moves: &[Option<Vertex>], test: SequenceTest) -> f64 {
        // GNU Go's trymove, else tryko; a move illegal both ways is skipped.
        let mut c = self.colour_of(first);
        let mut played = 0;
        for m in moves {
            if let Some(v) = m {
                let p = self.point(*v);
                if self.r.trymove(p, c) || self.r.play(p, c, true) {
                    played += 1;
                }
            }
            c = c.opponent();
        }
        let out = sequence_test(self.r, test);
        for _ in 0..played {
            self.r.popgo();
        }
        out
    }

    fn dragon(&mut self, q: DragonQuery) -> f64 {
        let b = self.board;
        match q {
            DragonQuery::Status(v) => {
                let p = self.point(v);
                let i = usize::from(p);
                if b.color(p).is_none() {
                    codes::UNKNOWN
                } else if self.dead[i] {
                    codes::DEAD
                } else if self.goal[i] {
                    codes::CRITICAL
                } else if self.strong(p) {
                    codes::ALIVE
                } else {
                    codes::UNKNOWN
                }
            }
            DragonQuery::Weak(v) | DragonQuery::Weakness(v) => {
                let p = self.point(v);
                flag(b.color(p).is_some() && self.goal[usize::from(p)])
            }
            DragonQuery::WormSize(v) | DragonQuery::EffectiveSize(v) | DragonQuery::DragonSize(v) => {
                let p = self.point(v);
                if b.color(p).is_none() {
                    0.0
                } else {
                    b.string_size(p) as f64
                }
            }
            DragonQuery::Genus(_) | DragonQuery::SekiHelper(_) => 0.0,
            DragonQuery::SameDragon(x, y) => {
                let (p, q) = (self.point(x), self.point(y));
                let same_string = b.color(p).is_some() && b.color(p) == b.color(q) && b.string_id(p) == b.string_id(q);
                let both_goal = b.color(p).is_some()
                    && b.color(q).is_some()
                    && self.goal[usize::from(p)]
                    && self.goal[usize::from(q)];
                flag(same_string || both_goal)
            }
            DragonQuery::SameWorm(x, y) => {
                let (p, q) = (self.point(x), self.point(y));
                flag(b.color(p).is_some() && b.color(p) == b.color(q) && b.string_id(p) == b.string_id(q))
            }
            DragonQuery::VitalChain(v) => vital_chain(b, self.point(v)),
            DragonQuery::PotentialCutstone(v) => flag(crate::analysis::worm::cutstone(b, self.point(v)) == 2),
        }
    }

    fn territory(&mut self, _kind: Territory, _side: Side, _v: Vertex) -> bool {
        false
    }

    fn eye(&mut self, q: EyeQuery) -> f64 {
        let b = self.board;
        let c = self.goal_color;
        match q {
            EyeQuery::Eye(v) => flag(self.space(self.point(v)).is_some()),
            EyeQuery::ProperEye(v) => {
                let p = self.point(v);
                flag(self.space(p).is_some() && !self.eyes.is_marginal(p, c))
            }
            EyeQuery::MarginalEye(v) => flag(self.eyes.is_marginal(self.point(v), c)),
            EyeQuery::HalfEye(v) => flag(self.eyes.topology(self.point(v), c) == Topology::Half),
            EyeQuery::MaxEyeValue(v) => self.space(self.point(v)).map_or(0.0, |e| f64::from(e.max)),
            EyeQuery::ObviousFalseEye { side, at } => flag(obvious_false_eye(b, self.point(at), self.colour_of(side))),
            EyeQuery::FalseEye(v) => flag(false_eye(b, self.point(v))),
        }
    }

    fn owl(&mut self, name: &str, args: &[Value]) -> f64 {
        self.owl_helper(name, args).unwrap_or(0.0)
    }

    fn special(&mut self, name: &str, args: &[Value]) -> f64 {
        let b = self.board;
        let captures = |v: &Value, c: Color| match v {
            Value::Point(v) => captures_something(b, b.point(v.col, v.row), c),
            _ => false,
        };
        match (name, args) {
            ("o_captures_something", [v]) => flag(captures(v, self.own)),
            ("x_captures_something", [v]) => flag(captures(v, self.own.opponent())),
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::tests::board_from;
    use crate::rules::stone::ARRAY;

    #[test]
    fn answers_come_from_the_node_and_leave_the_reader_on_it() {
        // Black's corner group with a straight three A9-C9 (vital point B9), walled in by white.
        let b = board_from(&[
            "...XO....",
            "XXXXO....",
            "OOOOO....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let mut r = Reader::new(&b);
        let mut goal = vec![false; ARRAY];
        for s in b.string_stones(b.point(0, 1)) {
            goal[usize::from(s)] = true;
        }
        let dead = vec![false; ARRAY];
        let eyes = Eyes::compute_for(&b, Color::Black, &dead, &goal, Safety::Read(&mut r));
        let mut ctx = OwlContext {
            board: &b,
            own: Color::White,
            goal_color: Color::Black,
            r: &mut r,
            goal: &goal,
            dead: &dead,
            eyes: &eyes,
        };
        let v = |row: usize, col: usize| Vertex::new(row, col);
        let pv = |x: Vertex| Value::Point(x);
        // The black stone at A8 is the goal; the white wall is not.
        assert_eq!(ctx.owl("owl_goal_dragon", &[pv(v(1, 0))]), 1.0);
        assert_eq!(ctx.owl("owl_goal_dragon", &[pv(v(2, 0))]), 0.0);
        assert_eq!(ctx.owl("owl_strong_dragon", &[pv(v(2, 0))]), 1.0);
        // B9 is in black's eye space of three points.
        assert_eq!(ctx.owl("owl_eyespace", &[pv(v(0, 1))]), 1.0);
        assert_eq!(ctx.owl("owl_eye_size", &[pv(v(0, 1))]), 3.0);
        // White (O) at B9 would have one liberty... none after black's reply at A9 or C9: liberties
        // after the move are counted on the reader and taken back.
        assert_eq!(ctx.liberties_after_move(v(0, 1), Side::O), 2);
        assert_eq!(ctx.liberties(v(1, 0), 1), 3);
        // White B9, black A9: black's corner string is still there; white's stone at B9 is in atari.
        let seq = [Some(v(0, 1)), Some(v(0, 0))];
        assert_eq!(ctx.play_sequence(Side::O, &seq, SequenceTest::Lib(v(0, 1))), 1.0);
        assert_eq!(ctx.r.board(), &b);
    }
}
