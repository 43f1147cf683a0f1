//! The game clock as the engine sees it, and the time it may spend on one move.
//!
//! It owns the clock's bookkeeping: the settings (`time_settings`, `kgs-time_settings`: absolute time,
//! byo-yomi, Canadian overtime), the time each side has left as the controller last reported it
//! (`time_left`) and, between reports, as we count it ourselves ([`Clock::charge`]: the controller's
//! rules, main time first, then the overtime period), and the per-move budget ([`Clock::budget`]).
//! Which move to play and how to search are the move generators' ([`crate::genmove`]); the protocol's
//! commands are [`crate::gtp`]'s.
//!
//! The budget follows the policy tree-search programs describe (Pachi, Fuego; GNU Go splits its time
//! the same way without a search): a nominal share of the time left per move — main time over the moves
//! the side is still likely to play, an overtime period over its stones — and a hard limit a few times
//! larger that the search may run into only while its best move is unclear (the best and second root
//! moves close in visits, [`crate::genmove::mcts`]). A fixed reserve per move and a share of the time
//! left are never spent, for the controller's own lag and for the work around the search, so that the
//! engine does not lose on time.

use std::time::Duration;

/// Time settings: main time, then `byo_stones` moves per `byo_time` seconds (`byo_stones == 0` with
/// `byo_time > 0` means no time limit, as GTP defines; all zero: no clock was set).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TimeSettings {
    pub main: f64,
    pub byo_time: f64,
    pub byo_stones: u32,
}

impl TimeSettings {
    /// Whether these settings put no limit on the game (GTP's `byo_stones == 0` with `byo_time > 0`, or
    /// no settings at all).
    pub fn unlimited(&self) -> bool {
        (self.byo_stones == 0 && self.byo_time > 0.0) || (self.main <= 0.0 && self.byo_time <= 0.0)
    }

    /// Whether an overtime period follows main time.
    fn has_overtime(&self) -> bool {
        self.byo_stones > 0 && self.byo_time > 0.0
    }
}

/// Time left for one side: `seconds` of main time (`stones == 0`) or `seconds` for the next `stones`
/// moves of an overtime period.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Remaining {
    pub seconds: f64,
    pub stones: u32,
}

/// What one move may take: the search stops at `soft` when its best move is clear and at `hard` in any
/// case.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveBudget {
    pub soft: Duration,
    pub hard: Duration,
}

/// Seconds kept back on every move for the controller's lag and the work outside the search.
pub const RESERVE_SECONDS: f64 = 0.3;

/// Share of the time left that is never planned for (a cushion against slow moves and a loaded machine).
pub const RESERVE_SHARE: f64 = 0.05;

/// How many times its nominal share a move may take when its best move is unclear.
pub const EXTENSION: f64 = 3.0;

/// Moves a side is still expected to play, at least: main time is never planned over fewer.
pub const MIN_MOVES_LEFT: f64 = 12.0;

/// The clock of both sides.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Clock {
    settings: TimeSettings,
    /// Per colour index: the last report or our own count since; `None`: the full clock.
    left: [Option<Remaining>; 2],
}

impl Clock {
    /// Sets the clock and starts both sides on it in full (`time_settings`).
    pub fn set_settings(&mut self, settings: TimeSettings) {
        self.settings = settings;
        self.left = [None, None];
    }

    /// The settings as last set.
    pub fn settings(&self) -> TimeSettings {
        self.settings
    }

    /// Records the controller's report for the side of colour index `side` (`time_left`): `stones == 0`
    /// is main time. A report counts even without settings (the controller keeps a clock we were not
    /// told about).
    pub fn set_time_left(&mut self, side: usize, seconds: f64, stones: u32) {
        self.left[side] = Some(Remaining { seconds: seconds.max(0.0), stones });
    }

    /// The time left for side `side`, `None` when there is no limit.
    pub fn remaining(&self, side: usize) -> Option<Remaining> {
        match self.left[side] {
            Some(r) => Some(r),
            None if self.settings.unlimited() => None,
            None if self.settings.main > 0.0 => Some(Remaining { seconds: self.settings.main, stones: 0 }),
            None => Some(Remaining { seconds: self.settings.byo_time, stones: self.settings.byo_stones }),
        }
    }

    /// Counts `used` seconds of side `side`'s move as the controller would: main time first, then the
    /// period, which starts again full once its stones are played. Without a limit it does nothing.
    pub fn charge(&mut self, side: usize, used: f64) {
        let Some(mut r) = self.remaining(side) else { return };
        let s = self.settings;
        let mut used = used.max(0.0);
        if r.stones == 0 {
            if r.seconds >= used || !s.has_overtime() {
                r.seconds = (r.seconds - used).max(0.0);
                self.left[side] = Some(r);
                return;
            }
            used -= r.seconds;
            r = Remaining { seconds: s.byo_time, stones: s.byo_stones };
        }
        r.seconds = (r.seconds - used).max(0.0);
        r.stones -= 1;
        if r.stones == 0 && s.has_overtime() {
            r = Remaining { seconds: s.byo_time, stones: s.byo_stones };
        }
        self.left[side] = Some(r);
    }

    /// The time side `side` may spend on its next move with `empty_points` empty points on the board;
    /// `None` without a clock.
    pub fn budget(&self, side: usize, empty_points: usize) -> Option<MoveBudget> {
        let r = self.remaining(side)?;
        if !r.seconds.is_finite() {
            return None;
        }
        let usable = |t: f64| (t * (1.0 - RESERVE_SHARE) - RESERVE_SECONDS).max(0.0);
        let s = self.settings;
        let (soft, hard) = if r.stones > 0 {
            // Overtime: the period over its stones; the last stone may take the whole period.
            let period = usable(r.seconds);
            let share = period / f64::from(r.stones);
            let hard = if r.stones == 1 { period } else { (share * 1.5).min(period) };
            (share * 0.8, hard)
        } else {
            // Main time over the moves likely left (each side plays about half the empty points, fewer
            // as captures and passes come); with overtime to follow, a part of a period's share is added
            // and a slow move may run into the period.
            let main = usable(r.seconds);
            let moves_left = (empty_points as f64 * 0.45).max(MIN_MOVES_LEFT);
            let overtime = if s.has_overtime() { usable(s.byo_time) / f64::from(s.byo_stones) } else { 0.0 };
            let soft = main / moves_left + 0.5 * overtime;
            // No single move takes more than a quarter of what is left.
            let hard = (soft * EXTENSION).min(main * 0.25 + 0.8 * overtime).max(soft.min(main + overtime));
            (soft.min(hard), hard)
        };
        let d = |x: f64| Duration::try_from_secs_f64(x).ok();
        Some(MoveBudget { soft: d(soft)?, hard: d(hard)? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(main: f64, byo_time: f64, byo_stones: u32) -> Clock {
        let mut c = Clock::default();
        c.set_settings(TimeSettings { main, byo_time, byo_stones });
        c
    }

    #[test]
    fn no_settings_or_gtp_unlimited_is_no_budget() {
        assert_eq!(Clock::default().budget(0, 81), None);
        assert_eq!(clock(0.0, 1.0, 0).budget(0, 81), None);
        assert_eq!(clock(0.0, 0.0, 0).remaining(1), None);
        // A report alone is a clock.
        let mut c = Clock::default();
        c.set_time_left(1, 30.0, 0);
        assert!(c.budget(1, 81).is_some() && c.budget(0, 81).is_none());
    }

    #[test]
    fn absolute_time_is_shared_over_the_moves_left_and_never_overspent() {
        // 60 s on an empty 9x9 board: about 81 * 0.45 = 36 moves; the share is 60 * 0.95 - 0.3 over them.
        let b = clock(60.0, 0.0, 0).budget(0, 81).unwrap();
        let share = (60.0 * 0.95 - 0.3) / (81.0 * 0.45);
        assert!((b.soft.as_secs_f64() - share).abs() < 1e-9, "{b:?}");
        assert!((b.hard.as_secs_f64() - share * EXTENSION).abs() < 1e-9, "{b:?}");
        // Late in the game the same time left is shared over at least MIN_MOVES_LEFT moves, and a move
        // never takes more than a quarter of what is left.
        let late = clock(10.0, 0.0, 0).budget(0, 3).unwrap();
        assert!((late.soft.as_secs_f64() - (10.0 * 0.95 - 0.3) / MIN_MOVES_LEFT).abs() < 1e-9, "{late:?}");
        assert!(late.hard.as_secs_f64() <= (10.0 * 0.95 - 0.3) * 0.25 + 1e-9, "{late:?}");
        // Nearly out: nothing beyond the reserve is planned.
        let out = clock(0.2, 0.0, 0).budget(0, 40).unwrap();
        assert_eq!((out.soft, out.hard), (Duration::ZERO, Duration::ZERO));
        // Playing every move at its hard limit on 60 s, with 25% more lag each, the clock lasts the
        // whole game: 40 moves of each side, empty points dropping by two per move pair.
        let mut c = clock(60.0, 0.0, 0);
        for m in 0..40 {
            let b = c.budget(0, 81 - 2 * m).unwrap();
            c.charge(0, b.hard.as_secs_f64() * 1.25);
            assert!(c.remaining(0).unwrap().seconds > 0.0, "move {m}: {:?}", c.remaining(0));
        }
    }

    #[test]
    fn overtime_is_shared_over_its_stones() {
        // 5 stones in 30 s: 30 * 0.95 - 0.3 = 28.2 usable, 5.64 per stone.
        let mut c = clock(0.0, 30.0, 5);
        let b = c.budget(0, 50).unwrap();
        assert!((b.soft.as_secs_f64() - 5.64 * 0.8).abs() < 1e-9 && (b.hard.as_secs_f64() - 5.64 * 1.5).abs() < 1e-9);
        // One stone left: the whole usable period.
        c.set_time_left(0, 10.0, 1);
        assert!((c.budget(0, 50).unwrap().hard.as_secs_f64() - 9.2).abs() < 1e-9);
        // With main time left, a part of a period's share is added to main time's.
        let m = clock(10.0, 30.0, 5).budget(0, 81).unwrap();
        assert!(m.soft.as_secs_f64() > (10.0 * 0.95 - 0.3) / (81.0 * 0.45));
    }

    #[test]
    fn our_own_count_follows_the_controllers_rules() {
        let mut c = clock(10.0, 5.0, 2);
        c.charge(0, 9.0);
        assert_eq!(c.remaining(0), Some(Remaining { seconds: 1.0, stones: 0 }));
        // 1 s of main time, 3 s of the first period.
        c.charge(0, 4.0);
        assert_eq!(c.remaining(0), Some(Remaining { seconds: 2.0, stones: 1 }));
        // The period's last stone played: a fresh period.
        c.charge(0, 1.0);
        assert_eq!(c.remaining(0), Some(Remaining { seconds: 5.0, stones: 2 }));
        // The other side's clock is untouched; a report replaces our count; new settings start afresh.
        assert_eq!(c.remaining(1), Some(Remaining { seconds: 10.0, stones: 0 }));
        c.set_time_left(0, 3.0, 1);
        assert_eq!(c.remaining(0), Some(Remaining { seconds: 3.0, stones: 1 }));
        c.set_settings(TimeSettings { main: 60.0, byo_time: 0.0, byo_stones: 0 });
        assert_eq!(c.remaining(0), Some(Remaining { seconds: 60.0, stones: 0 }));
        // Absolute time runs out at zero; unlimited clocks are not counted.
        c.charge(0, 100.0);
        assert_eq!(c.remaining(0), Some(Remaining { seconds: 0.0, stones: 0 }));
        let mut u = clock(0.0, 1.0, 0);
        u.charge(0, 5.0);
        assert_eq!(u.remaining(0), None);
    }

    #[test]
    fn absurd_reports_give_no_budget_rather_than_a_panic() {
        let mut c = Clock::default();
        c.set_time_left(0, 1e308, 0);
        assert_eq!(c.budget(0, 81), None);
        c.set_time_left(0, f64::INFINITY, 3);
        assert_eq!(c.budget(0, 81), None);
        c.set_time_left(0, -5.0, 0);
        assert_eq!(c.budget(0, 81).map(|b| b.hard), Some(Duration::ZERO));
    }
}
