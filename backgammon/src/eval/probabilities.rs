//! The one probability type of the engine: gnubg's five cubeless outputs of a position from one
//! player's view (win, win gammon, win backgammon, lose gammon, lose backgammon; gammons include
//! backgammons), as the nets produce them, the n-ply search averages them, rollouts report them and
//! the cube and match equity arithmetic (cubeful, MET, cube decisions) reads them.
//!
//! Stored in `f32`, the evaluator's precision (gnubg's too): the hot paths rank plays by the `f32`
//! [`Probabilities::equity`]; the cube arithmetic reads the same values widened to `f64`
//! ([`Probabilities::cubeless_equity`], [`Probabilities::outcomes`], Janowski's averages), so
//! nothing is converted between two types. Below everything that values a position; knows no
//! position (the sanity check against a position, `sanitise`, is `eval`'s) and no evaluator.

/// The five cubeless probabilities from one side's view: `[win, win gammon, win backgammon,
/// lose gammon, lose backgammon]`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Probabilities(pub [f32; 5]);

impl Probabilities {
    /// From figures computed in `f64` (rollout means, reference programs' outputs, the manual's
    /// examples), rounded to the evaluator's precision.
    pub fn from_f64(p: [f64; 5]) -> Self {
        Probabilities(p.map(|v| v as f32))
    }

    pub fn win(&self) -> f32 {
        self.0[0]
    }

    /// Cubeless money equity, gammons including backgammons, in the evaluator's precision: what
    /// plays are ranked by.
    pub fn equity(&self) -> f32 {
        let [w, wg, wbg, lg, lbg] = self.0;
        2.0 * w - 1.0 + wg - lg + wbg - lbg
    }

    /// The same probabilities from the other side's view.
    #[must_use]
    pub fn flipped(&self) -> Probabilities {
        let [w, wg, wbg, lg, lbg] = self.0;
        Probabilities([1.0 - w, lg, lbg, wg, wbg])
    }

    /// Without gammons and backgammons (the Jacoby rule with a centred cube; gammonless races).
    #[must_use]
    pub fn gammonless(&self) -> Self {
        Probabilities([self.0[0], 0.0, 0.0, 0.0, 0.0])
    }

    /// The five values widened for the cube arithmetic.
    pub fn wide(&self) -> [f64; 5] {
        self.0.map(f64::from)
    }

    /// The chance of winning, widened.
    pub fn p_win(&self) -> f64 {
        f64::from(self.0[0])
    }

    /// The chance of losing, widened.
    pub fn lose(&self) -> f64 {
        1.0 - self.p_win()
    }

    /// Probabilities of the six exclusive outcomes: win single, gammon, backgammon; lose single,
    /// gammon, backgammon.
    pub fn outcomes(&self) -> [f64; 6] {
        let [w, wg, wbg, lg, lbg] = self.wide();
        [w - wg, wg - wbg, wbg, (1.0 - w) - lg, lg - lbg, lbg]
    }

    /// Cubeless money equity per unit cube in `f64`, as the cube arithmetic sums it. (The manual's
    /// "2 p(wg)" and "3 p(wbg)" count exclusive outcomes; with gnubg's cumulative gammon outputs
    /// each term counts once.)
    pub fn cubeless_equity(&self) -> f64 {
        let [w, wg, wbg, lg, lbg] = self.wide();
        w - (1.0 - w) + wg - lg + wbg - lbg
    }

    /// Janowski's W: the average cubeless value of the games I win (1 if I never win).
    pub fn avg_win(&self) -> f64 {
        let [w, wg, wbg, _, _] = self.wide();
        if w > 0.0 {
            (w + wg + wbg) / w
        } else {
            1.0
        }
    }

    /// Janowski's L: the average cubeless value of the games I lose (1 if I never lose).
    pub fn avg_loss(&self) -> f64 {
        let [_, _, _, lg, lbg] = self.wide();
        let l = self.lose();
        if l > 0.0 {
            (l + lg + lbg) / l
        } else {
            1.0
        }
    }

    /// My conditional outcome distribution given that I win: single, gammon, backgammon.
    pub(crate) fn win_split(&self) -> [f64; 3] {
        let w = self.p_win();
        if w > 0.0 {
            let o = self.outcomes();
            [o[0] / w, o[1] / w, o[2] / w]
        } else {
            [1.0, 0.0, 0.0]
        }
    }
}
