//! The cubeless outcome probabilities of a game from one player's view, in `f64`, as the cube and
//! match equity arithmetic (cubeful, MET, cube decisions, rollout averages) uses them. Below
//! everything that values a position; knows no position and no evaluator. (The net's own `f32`
//! outputs are `eval::Probabilities`; merging the two is due.)

/// gnubg's five cubeless outputs from one player's view; gammons include backgammons.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Probs {
    pub win: f64,
    pub win_gammon: f64,
    pub win_backgammon: f64,
    pub lose_gammon: f64,
    pub lose_backgammon: f64,
}

impl Probs {
    /// From `[win, win gammon, win backgammon, lose gammon, lose backgammon]`.
    pub fn new(p: [f64; 5]) -> Self {
        Probs { win: p[0], win_gammon: p[1], win_backgammon: p[2], lose_gammon: p[3], lose_backgammon: p[4] }
    }

    /// From the evaluator's `f32` outputs.
    pub fn from_f32(p: [f32; 5]) -> Self {
        Probs::new(p.map(f64::from))
    }

    pub fn lose(&self) -> f64 {
        1.0 - self.win
    }

    /// The same game from the opponent's view.
    #[must_use]
    pub fn flipped(&self) -> Self {
        Probs {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }

    /// Without gammons and backgammons (the Jacoby rule with a centred cube; gammonless races).
    #[must_use]
    pub fn gammonless(&self) -> Self {
        Probs { win: self.win, ..Probs::default() }
    }

    /// Probabilities of the six exclusive outcomes: win single, gammon, backgammon; lose single,
    /// gammon, backgammon.
    pub fn outcomes(&self) -> [f64; 6] {
        [
            self.win - self.win_gammon,
            self.win_gammon - self.win_backgammon,
            self.win_backgammon,
            self.lose() - self.lose_gammon,
            self.lose_gammon - self.lose_backgammon,
            self.lose_backgammon,
        ]
    }

    /// Cubeless money equity per unit cube. (The manual's "2 p(wg)" and "3 p(wbg)" count
    /// exclusive outcomes; with gnubg's cumulative gammon outputs each term counts once.)
    pub fn equity(&self) -> f64 {
        self.win - self.lose() + self.win_gammon - self.lose_gammon + self.win_backgammon - self.lose_backgammon
    }

    /// Janowski's W: the average cubeless value of the games I win (1 if I never win).
    pub fn avg_win(&self) -> f64 {
        if self.win > 0.0 {
            (self.win + self.win_gammon + self.win_backgammon) / self.win
        } else {
            1.0
        }
    }

    /// Janowski's L: the average cubeless value of the games I lose (1 if I never lose).
    pub fn avg_loss(&self) -> f64 {
        self.flipped().avg_win()
    }

    /// My conditional outcome distribution given that I win: single, gammon, backgammon.
    pub(crate) fn win_split(&self) -> [f64; 3] {
        if self.win > 0.0 {
            let o = self.outcomes();
            [o[0] / self.win, o[1] / self.win, o[2] / self.win]
        } else {
            [1.0, 0.0, 0.0]
        }
    }
}
