//! Per-player statistics of analysed games and gnubg's `show statistics` tables: chequer play,
//! luck, cube and overall, with the rating names, the luck ratings and the absolute rating
//! estimate of the manual's "Absolute ratings" chapter (`R = a2(N)*EPM + b(N)*EPC`).
//!
//! Counting follows gnubg 1.07: error rates are per unforced move (chequer play), per close or
//! actual cube decision (cube) and per both (overall); the luck rate is per move; the "Snowie
//! error rate" divides by both players' moves. Owns only the arithmetic and the layout.

use super::{CubeDecisionKind, CubeError, CubeRecord, MoveRecord};
use crate::cube::met::{MatchEquityTable, MatchScore};
use crate::rules::game::Game;
use std::fmt::Write as _;

/// gnubg's skill rating of a normalised error rate per decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rating {
    Awful,
    Beginner,
    CasualPlayer,
    Intermediate,
    Advanced,
    Expert,
    WorldClass,
    Supernatural,
}

impl Rating {
    /// Upper bounds (exclusive) of the error rate per decision, best rating first: the manual's
    /// "Threshold for ratings" table.
    pub const THRESHOLDS: [(Rating, f64); 7] = [
        (Rating::Supernatural, 0.002),
        (Rating::WorldClass, 0.005),
        (Rating::Expert, 0.008),
        (Rating::Advanced, 0.012),
        (Rating::Intermediate, 0.018),
        (Rating::CasualPlayer, 0.026),
        (Rating::Beginner, 0.035),
    ];

    /// The rating of a normalised error rate per decision (>= 0).
    pub fn of(rate: f64) -> Rating {
        Rating::THRESHOLDS.iter().find(|(_, t)| rate < *t).map_or(Rating::Awful, |(r, _)| *r)
    }

    /// gnubg 1.07's wording.
    pub fn name(self) -> &'static str {
        match self {
            Rating::Awful => "Awful!",
            Rating::Beginner => "Beginner",
            Rating::CasualPlayer => "Casual player",
            Rating::Intermediate => "Intermediate",
            Rating::Advanced => "Advanced",
            Rating::Expert => "Expert",
            Rating::WorldClass => "World class",
            Rating::Supernatural => "Supernatural",
        }
    }
}

/// gnubg 1.07's luck rating of the normalised luck rate per move: the roll marks' thresholds
/// divided by ten (0.03 and 0.06 with the default 0.3 and 0.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LuckRating {
    GoToBed,
    BadDice,
    None,
    GoodDice,
    GoToLasVegas,
}

impl LuckRating {
    /// With the default roll thresholds (lucky 0.3, very lucky 0.6).
    pub fn of(rate: f64) -> LuckRating {
        LuckRating::with_thresholds(rate, 0.3, 0.6)
    }

    pub fn with_thresholds(rate: f64, lucky: f64, very_lucky: f64) -> LuckRating {
        let r = rate * 10.0;
        if r > very_lucky {
            LuckRating::GoToLasVegas
        } else if r > lucky {
            LuckRating::GoodDice
        } else if r < -very_lucky {
            LuckRating::GoToBed
        } else if r < -lucky {
            LuckRating::BadDice
        } else {
            LuckRating::None
        }
    }

    /// gnubg 1.07's wording.
    pub fn name(self) -> &'static str {
        match self {
            LuckRating::GoToBed => "Go to bed",
            LuckRating::BadDice => "Bad dice, man!",
            LuckRating::None => "None",
            LuckRating::GoodDice => "Good dice, man!",
            LuckRating::GoToLasVegas => "Go to Las Vegas",
        }
    }
}

/// The 2003 manual's seven luck ratings ("Luck ratings" table), which gnubg 1.07 replaced by
/// [`LuckRating`]'s five. The table gives "Go to bed" for -0.06 to -0.10 and "Haaa-haaa" below.
pub fn manual_luck_rating(rate: f64) -> &'static str {
    if rate > 0.10 {
        "Cheater :-)"
    } else if rate > 0.06 {
        "Go to Las Vegas immediately"
    } else if rate > 0.02 {
        "Good dice, man!"
    } else if rate >= -0.02 {
        "none"
    } else if rate >= -0.06 {
        "Better luck next time"
    } else if rate >= -0.10 {
        "Go to bed"
    } else {
        "Haaa-haaa"
    }
}

/// The manual's a2(N) = 8798 + 25526/N: rating points per unit of chequer error per move.
pub fn a2(match_length: u32) -> f64 {
    8798.0 + 25526.0 / f64::from(match_length.max(1))
}

/// The manual's b(N) = 863 - 519/N: rating points per unit of cube error per decision.
pub fn b(match_length: u32) -> f64 {
    863.0 - 519.0 / f64::from(match_length.max(1))
}

/// The FIBS rating difference that makes `p` the winning chance of an `n`-point match
/// (`P = 1/(1 + 10^(-D sqrt(N)/2000))`), floored at -2100 as gnubg does.
pub fn relative_fibs_rating(p: f64, n: u32) -> f64 {
    let x = -2000.0 / f64::from(n.max(1)).sqrt() * (1.0 / p - 1.0).log10();
    x.max(-2100.0)
}

/// An error or luck total: normalised equity and its MWC (match) or points (money) counterpart.
pub type Pair = [f64; 2];

fn add_pair(a: &mut Pair, b: Pair) {
    a[0] += b[0];
    a[1] += b[1];
}

fn per(a: Pair, n: u32) -> Pair {
    if n == 0 {
        [0.0, 0.0]
    } else {
        [a[0] / f64::from(n), a[1] / f64::from(n)]
    }
}

/// One player's counts and totals (errors positive).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PlayerStatistics {
    pub total_moves: u32,
    pub unforced_moves: u32,
    /// Moves marked: none, doubtful, bad, very bad (forced moves count as unmarked).
    pub marked: [u32; 4],
    pub chequer_error: Pair,
    /// Rolls marked very unlucky, unlucky, none, lucky, very lucky.
    pub luck_marks: [u32; 5],
    pub luck: Pair,
    pub total_cube: u32,
    pub close_cube: u32,
    pub doubles: u32,
    pub takes: u32,
    pub passes: u32,
    /// Indexed by [`CubeError`] in declaration order: count and error.
    pub cube_errors: [(u32, Pair); 6],
    /// MWC gained in the games (match) or points won (money).
    pub actual_result: f64,
    pub luck_adjusted: f64,
    pub variance_actual: f64,
    pub variance_luck_adjusted: f64,
}

fn cube_error_index(e: CubeError) -> usize {
    match e {
        CubeError::MissedDoubleBelowCashPoint => 0,
        CubeError::MissedDoubleAboveCashPoint => 1,
        CubeError::WrongDoubleBelowDoublePoint => 2,
        CubeError::WrongDoubleAboveTooGood => 3,
        CubeError::WrongTake => 4,
        CubeError::WrongPass => 5,
    }
}

impl PlayerStatistics {
    pub fn cube_error(&self) -> Pair {
        let mut t = [0.0, 0.0];
        for (_, e) in &self.cube_errors {
            add_pair(&mut t, *e);
        }
        t
    }

    pub fn total_error(&self) -> Pair {
        let mut t = self.chequer_error;
        add_pair(&mut t, self.cube_error());
        t
    }

    /// Chequer error per unforced move (EPM when normalised).
    pub fn chequer_rate(&self) -> Pair {
        per(self.chequer_error, self.unforced_moves)
    }

    /// Cube error per close or actual cube decision (EPC when normalised).
    pub fn cube_rate(&self) -> Pair {
        per(self.cube_error(), self.close_cube)
    }

    /// Total error per unforced move or close cube decision.
    pub fn overall_rate(&self) -> Pair {
        per(self.total_error(), self.unforced_moves + self.close_cube)
    }

    /// Luck per move.
    pub fn luck_rate(&self) -> Pair {
        per(self.luck, self.total_moves)
    }

    pub fn chequer_rating(&self) -> Option<Rating> {
        (self.unforced_moves > 0).then(|| Rating::of(self.chequer_rate()[0]))
    }

    pub fn cube_rating(&self) -> Option<Rating> {
        (self.close_cube > 0).then(|| Rating::of(self.cube_rate()[0]))
    }

    pub fn overall_rating(&self) -> Option<Rating> {
        (self.unforced_moves + self.close_cube > 0).then(|| Rating::of(self.overall_rate()[0]))
    }

    pub fn luck_rating(&self) -> Option<LuckRating> {
        (self.total_moves > 0).then(|| LuckRating::of(self.luck_rate()[0]))
    }

    /// Rating points lost by chequer play: a2(N) EPM.
    pub fn chequer_rating_loss(&self, match_length: u32) -> f64 {
        a2(match_length) * self.chequer_rate()[0]
    }

    /// Rating points lost by cube decisions: b(N) EPC.
    pub fn cube_rating_loss(&self, match_length: u32) -> f64 {
        b(match_length) * self.cube_rate()[0]
    }

    /// The error-based absolute FIBS rating: `offset - a2(N) EPM - b(N) EPC`.
    pub fn absolute_rating(&self, match_length: u32, offset: f64) -> f64 {
        offset - self.chequer_rating_loss(match_length) - self.cube_rating_loss(match_length)
    }

    fn add(&mut self, o: &PlayerStatistics) {
        self.total_moves += o.total_moves;
        self.unforced_moves += o.unforced_moves;
        for (a, b) in self.marked.iter_mut().zip(o.marked) {
            *a += b;
        }
        add_pair(&mut self.chequer_error, o.chequer_error);
        for (a, b) in self.luck_marks.iter_mut().zip(o.luck_marks) {
            *a += b;
        }
        add_pair(&mut self.luck, o.luck);
        self.total_cube += o.total_cube;
        self.close_cube += o.close_cube;
        self.doubles += o.doubles;
        self.takes += o.takes;
        self.passes += o.passes;
        for (a, b) in self.cube_errors.iter_mut().zip(o.cube_errors) {
            a.0 += b.0;
            add_pair(&mut a.1, b.1);
        }
    }
}

/// Both players' statistics of a game, match or session.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Statistics {
    pub players: [PlayerStatistics; 2],
    /// Games summed (0 for a single game's own statistics).
    pub games: u32,
    /// The rating of perfect play for [`PlayerStatistics::absolute_rating`].
    pub rating_offset: f64,
}

/// The running sample variance gnubg keeps of per-game results.
fn update_variance(var: &mut f64, sum: f64, added: f64, n: u32) {
    if n <= 1 {
        *var = 0.0;
        return;
    }
    let n = f64::from(n);
    let mu_new = sum / n;
    let mu_old = (sum - added) / (n - 1.0);
    let d = mu_new - mu_old;
    *var = *var * (1.0 - 1.0 / (n - 1.0)) + n * d * d;
}

impl Statistics {
    /// The statistics of one analysed game.
    pub(super) fn of_game(
        game: &Game,
        moves: &[MoveRecord],
        cubes: &[CubeRecord],
        met: &MatchEquityTable,
        rating_offset: f64,
    ) -> Statistics {
        let mut s = Statistics { rating_offset, ..Statistics::default() };
        for m in moves {
            let p = &mut s.players[m.player & 1];
            p.total_moves += 1;
            if m.unanalysed {
                p.marked[0] += 1;
                continue;
            }
            p.marked[m.skill as usize] += 1;
            if m.is_unforced() {
                p.unforced_moves += 1;
                add_pair(&mut p.chequer_error, [m.error, m.cost]);
            }
            if let Some(l) = m.luck {
                p.luck_marks[l.mark.index()] += 1;
                add_pair(&mut p.luck, [l.equity, l.cost]);
            }
        }
        for c in cubes {
            let p = &mut s.players[c.player & 1];
            p.total_cube += 1;
            if c.close {
                p.close_cube += 1;
            }
            match c.kind {
                CubeDecisionKind::Double => p.doubles += 1,
                CubeDecisionKind::Take | CubeDecisionKind::Beaver => p.takes += 1,
                CubeDecisionKind::Drop => p.passes += 1,
                CubeDecisionKind::NoDouble => {}
            }
            if let Some(e) = c.error_kind {
                let slot = &mut p.cube_errors[cube_error_index(e)];
                slot.0 += 1;
                add_pair(&mut slot.1, [c.error, c.cost]);
            }
        }
        if let Some(r) = game.result() {
            let setup = game.setup();
            let w = r.winner & 1;
            let gain = if setup.is_money() {
                f64::from(r.points)
            } else {
                let len = u32::from(setup.match_length);
                let sc = MatchScore::from_points(
                    len,
                    u32::from(setup.score[w]),
                    u32::from(setup.score[1 - w]),
                    setup.crawford,
                );
                match (met.mwc_after(sc, true, r.points), met.mwc(sc)) {
                    (Ok(after), Ok(before)) => after - before,
                    _ => 0.0,
                }
            };
            s.players[w].actual_result = gain;
            s.players[1 - w].actual_result = -gain;
        }
        for i in 0..2 {
            s.players[i].luck_adjusted = s.players[i].actual_result - s.players[i].luck[1] + s.players[1 - i].luck[1];
        }
        s
    }

    /// Adds one game's statistics (gnubg's running sums and variances of per-game results).
    pub fn add(&mut self, game: &Statistics) {
        self.games += 1;
        if self.rating_offset == 0.0 {
            self.rating_offset = game.rating_offset;
        }
        for i in 0..2 {
            let (a, g) = (&mut self.players[i], &game.players[i]);
            a.add(g);
            a.actual_result += g.actual_result;
            a.luck_adjusted += g.luck_adjusted;
            update_variance(&mut a.variance_actual, a.actual_result, g.actual_result, self.games);
            update_variance(&mut a.variance_luck_adjusted, a.luck_adjusted, g.luck_adjusted, self.games);
        }
    }

    /// gnubg's "Snowie error rate": a player's total error over both players' moves.
    pub fn snowie_rate(&self, player: usize) -> Option<f64> {
        let n = self.players[0].total_moves + self.players[1].total_moves;
        (n > 0).then(|| self.players[player & 1].total_error()[0] / f64::from(n))
    }

    /// The luck-based FIBS rating difference of player 0 over player 1 (match play): the
    /// winning chance `0.5 + result - luck(0) + luck(1)` turned into a rating difference.
    pub fn luck_based_rating_difference(&self, match_length: u32) -> Option<f64> {
        let p = &self.players;
        let r = 0.5 + p[0].actual_result - p[0].luck[1] + p[1].luck[1];
        (r > 0.0 && r < 1.0).then(|| relative_fibs_rating(r, match_length))
    }

    /// The tables of gnubg's `show statistics game|match|session` for `names` (players 0 and 1)
    /// in a match of `match_length` points (0: money).
    pub fn text(&self, names: &[String; 2], match_length: u16) -> String {
        let n = u32::from(match_length);
        let is_match = n > 0;
        let p = &self.players;
        let mut out = String::new();
        let line = |out: &mut String, a: &str, b: &str, c: &str| {
            let _ = writeln!(out, "{a:<40} {b:<23} {c:<23}");
        };
        let total_text = if is_match { "EMG (MWC)" } else { "EMG (Points)" };
        let rate_text = if is_match { "mEMG (MWC)" } else { "mEMG (Points)" };
        let num = |v: u32| format!("{v:3}");
        let total = |x: Pair| {
            if is_match {
                format!("     {:+6.3} ({:+7.3}%)", x[0], x[1] * 100.0)
            } else {
                format!("     {:+6.3} ({:+7.3})", x[0], x[1])
            }
        };
        let rate = |x: Pair| {
            if is_match {
                format!("   {:+6.1}   ({:+7.3}%)", x[0] * 1000.0, x[1] * 100.0)
            } else {
                format!("   {:+6.1}   ({:+7.3})", x[0] * 1000.0, x[1])
            }
        };
        let neg = |x: Pair| [-x[0], -x[1]];
        let rating = |r: Option<Rating>| r.map_or("n/a", Rating::name).to_string();

        line(&mut out, "Player", &names[0], &names[1]);
        out.push('\n');

        out.push_str("Chequerplay statistics\n\n");
        line(&mut out, "Total moves", &num(p[0].total_moves), &num(p[1].total_moves));
        line(&mut out, "Unforced moves", &num(p[0].unforced_moves), &num(p[1].unforced_moves));
        for (k, label) in
            ["Unmarked moves", "Moves marked doubtful", "Moves marked bad", "Moves marked very bad"].iter().enumerate()
        {
            line(&mut out, label, &num(p[0].marked[k]), &num(p[1].marked[k]));
        }
        let label = format!("Error total {total_text}");
        line(&mut out, &label, &total(neg(p[0].chequer_error)), &total(neg(p[1].chequer_error)));
        let label = format!("Error rate {rate_text}");
        line(&mut out, &label, &rate(neg(p[0].chequer_rate())), &rate(neg(p[1].chequer_rate())));
        line(&mut out, "Chequerplay rating", &rating(p[0].chequer_rating()), &rating(p[1].chequer_rating()));
        out.push_str("\n\n");

        out.push_str("Luck statistics\n\n");
        for (k, label) in [
            "Rolls marked very lucky",
            "Rolls marked lucky",
            "Rolls unmarked",
            "Rolls marked unlucky",
            "Rolls marked very unlucky",
        ]
        .iter()
        .enumerate()
        {
            line(&mut out, label, &num(p[0].luck_marks[4 - k]), &num(p[1].luck_marks[4 - k]));
        }
        let label = format!("Luck total {total_text}");
        line(&mut out, &label, &total(p[0].luck), &total(p[1].luck));
        let label = format!("Luck rate {rate_text}");
        let luck_rate = |s: &PlayerStatistics| if s.total_moves > 0 { rate(s.luck_rate()) } else { "n/a".into() };
        line(&mut out, &label, &luck_rate(&p[0]), &luck_rate(&p[1]));
        let luck_rating = |s: &PlayerStatistics| s.luck_rating().map_or("n/a", LuckRating::name).to_string();
        line(&mut out, "Luck rating", &luck_rating(&p[0]), &luck_rating(&p[1]));
        out.push_str("\n\n");

        out.push_str("Cube statistics\n\n");
        line(&mut out, "Total cube decisions", &num(p[0].total_cube), &num(p[1].total_cube));
        line(&mut out, "Close or actual cube decisions", &num(p[0].close_cube), &num(p[1].close_cube));
        line(&mut out, "Doubles", &num(p[0].doubles), &num(p[1].doubles));
        line(&mut out, "Takes", &num(p[0].takes), &num(p[1].takes));
        line(&mut out, "Passes", &num(p[0].passes), &num(p[1].passes));
        let cube_entry = |(n, e): (u32, Pair)| {
            if n == 0 {
                "  0".to_string()
            } else if is_match {
                format!("{n:3} ({:+6.3} ({:+7.3}%))", -e[0], -e[1] * 100.0)
            } else {
                format!("{n:3} ({:+6.3} ({:+7.3}))", -e[0], -e[1])
            }
        };
        for (k, label) in [
            "Missed doubles below CP",
            "Missed doubles above CP",
            "Wrong doubles below DP",
            "Wrong doubles above TG",
            "Wrong takes",
            "Wrong passes",
        ]
        .iter()
        .enumerate()
        {
            let label = format!("{label} ({total_text})");
            line(&mut out, &label, &cube_entry(p[0].cube_errors[k]), &cube_entry(p[1].cube_errors[k]));
        }
        let label = format!("Error total {total_text}");
        line(&mut out, &label, &total(neg(p[0].cube_error())), &total(neg(p[1].cube_error())));
        let label = format!("Error rate {rate_text}");
        line(&mut out, &label, &rate(neg(p[0].cube_rate())), &rate(neg(p[1].cube_rate())));
        line(&mut out, "Cube decision rating", &rating(p[0].cube_rating()), &rating(p[1].cube_rating()));
        out.push_str("\n\n");

        out.push_str("Overall statistics\n\n");
        let label = format!("Error total {total_text}");
        line(&mut out, &label, &total(neg(p[0].total_error())), &total(neg(p[1].total_error())));
        let label = format!("Error rate {rate_text}");
        line(&mut out, &label, &rate(neg(p[0].overall_rate())), &rate(neg(p[1].overall_rate())));
        let snowie = |i: usize| self.snowie_rate(i).map_or("n/a".to_string(), |r| rate([-r, 0.0]));
        line(&mut out, "Snowie error rate", &snowie(0), &snowie(1));
        line(&mut out, "Overall rating", &rating(p[0].overall_rating()), &rating(p[1].overall_rating()));
        if p[0].actual_result > 0.0 || p[1].actual_result > 0.0 {
            let result = |x: f64| if is_match { format!("{:+7.2}%", 100.0 * x) } else { format!("{x:+7.3}") };
            line(&mut out, "Actual result", &result(p[0].actual_result), &result(p[1].actual_result));
            line(&mut out, "Luck adjusted result", &result(p[0].luck_adjusted), &result(p[1].luck_adjusted));
            if is_match {
                let d = self.luck_based_rating_difference(n).map_or("n/a".to_string(), |d| format!("{d:+7.2}"));
                line(&mut out, "Luck based FIBS rating diff.", &d, "");
            }
        }
        if is_match {
            let abs = |s: &PlayerStatistics| {
                if s.unforced_moves + s.close_cube > 0 {
                    format!("{:6.1}", s.absolute_rating(n, self.rating_offset))
                } else {
                    "n/a".into()
                }
            };
            line(&mut out, "Error based abs. FIBS rating", &abs(&p[0]), &abs(&p[1]));
            let chequer = |s: &PlayerStatistics| {
                if s.unforced_moves > 0 {
                    format!("{:6.1}", s.chequer_rating_loss(n))
                } else {
                    "n/a".into()
                }
            };
            line(&mut out, "Chequerplay errors rating loss", &chequer(&p[0]), &chequer(&p[1]));
            let cube = |s: &PlayerStatistics| {
                if s.close_cube > 0 {
                    format!("{:6.1}", s.cube_rating_loss(n))
                } else {
                    "n/a".into()
                }
            };
            line(&mut out, "Cube errors rating loss", &cube(&p[0]), &cube(&p[1]));
        } else if self.games > 1 {
            let g = f64::from(self.games);
            let rows = [
                (
                    "Advantage (actual) in ppg",
                    p[0].actual_result,
                    p[1].actual_result,
                    p[0].variance_actual,
                    p[1].variance_actual,
                ),
                (
                    "Advantage (luck adjusted) in ppg",
                    p[0].luck_adjusted,
                    p[1].luck_adjusted,
                    p[0].variance_luck_adjusted,
                    p[1].variance_luck_adjusted,
                ),
            ];
            for (label, r0, r1, v0, v1) in rows {
                line(&mut out, label, &format!("{:+6.3}", r0 / g), &format!("{:+6.3}", r1 / g));
                // gnubg centres the interval on the total, not the mean; kept for identical output
                let ci = |r: f64, v: f64| {
                    let c = 1.95996 * (v / g).sqrt();
                    format!("[{:6.3},{:6.3}]", r - c, r + c)
                };
                line(&mut out, "95% confidence interval (ppg)", &ci(r0, v0), &ci(r1, v1));
            }
        }
        out.push_str("\n\n");
        out
    }
}
