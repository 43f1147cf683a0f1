//! The pattern-tuning recorder of the classic generator (issue 26 item 1, GNU Go's `-t`, `-a` and
//! `--profile-patterns`): per thread, what the move databases' matches did during a generation and,
//! when profiling, counts and time per pattern. It only records; the words and the printing are the
//! front end's ([`crate::gtp::trace`]).
//!
//! Settings ([`Settings`], [`set`]): `level` 0 records nothing, 1 (`-t`) records each match of the
//! move databases (shape and joseki, [`crate::genmove::gather::shape::gather_with`]) whose checks and
//! constraint passed, with what it added to its move(s); 2 (`-t -t`) also the matches a class check,
//! the safety test or the constraint rejected. `all_patterns` (`-a`): the constraint of a match the
//! class checks (`O`, `o`, `X`, `x`) or the safety tests (`s` absent, `n`) rejected is evaluated
//! anyway and its answer recorded (the match still adds nothing: as in GNU Go, `-a` never changes the
//! move, it makes the trace more informative). `profile`: per pattern, its geometric matches, its
//! constraint evaluations and the time spent on its matches after the matcher (class checks, safety
//! reading, constraint, action).
//!
//! Cost when off: one thread-local read per match list (no allocation, no clock, no formatting).
//! Measured (2026-11-28, strategy.tst, `go-gtp --engine classic`, gtp_regress, the three runs side by
//! side on a machine at load 27): main's binary 13/45 in 121.0 s of CPU, this one 13/45 in 122.5 s
//! without `-t` and 13/45 in 123.0 s with `-t` (223 kB of trace, 689 matches traced), the same tests
//! passing in all three.

use crate::genmove::reasons::MoveData;
use crate::rules::stone::Point;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::time::Duration;

/// What to record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Settings {
    /// 0 nothing, 1 the matches that passed, 2 every match.
    pub level: u8,
    /// Evaluate the constraints of matches the class and safety filters rejected (recorded only).
    pub all_patterns: bool,
    /// Count matches, constraint evaluations and time per pattern.
    pub profile: bool,
}

/// Why a match added nothing, or that it passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The checks and the constraint passed: the class, values and action were applied.
    Applied,
    /// The class check of this letter (`O`, `o`, `X`, `x`) failed.
    Class(char),
    /// Without `s`: the move is not tactically safe for us.
    Unsafe,
    /// With `n`: the opponent's stone at the move could be captured outright.
    OpponentCapturable,
    /// The constraint did not hold (or failed to evaluate).
    Constraint,
}

/// What one match changed at one point: the point's move data before and after.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub at: Point,
    pub before: MoveData,
    pub after: MoveData,
}

/// One match of a move database during a generation.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternEvent {
    pub database: String,
    pub pattern: String,
    /// The pattern's anchor on the board and its transformation (the documentation's letter, a–h).
    pub anchor: Point,
    pub transform: char,
    /// The move (`*`).
    pub at: Point,
    pub outcome: Outcome,
    /// With `all_patterns`, the constraint's answer for a match the filters rejected (`None`: not
    /// evaluated, or no constraint).
    pub constraint: Option<bool>,
    /// What the match added ([`Outcome::Applied`] only).
    pub changes: Vec<Change>,
}

/// The profile of one pattern.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Counts {
    /// Geometric matches (every match the matcher returned, legal move or not).
    pub matches: u64,
    /// Constraint evaluations.
    pub constraints: u64,
    /// Time spent on its matches after the matcher.
    pub time: Duration,
}

thread_local! {
    static SETTINGS: Cell<Settings> = const { Cell::new(Settings { level: 0, all_patterns: false, profile: false }) };
    static EVENTS: RefCell<Vec<PatternEvent>> = const { RefCell::new(Vec::new()) };
    static PROFILE: RefCell<Option<HashMap<(String, String), Counts>>> = const { RefCell::new(None) };
}

/// Sets what this thread records from now on.
pub fn set(settings: Settings) {
    SETTINGS.with(|s| s.set(settings));
}

/// What this thread records.
pub fn settings() -> Settings {
    SETTINGS.with(Cell::get)
}

/// Records a match (call only when [`Settings::level`] > 0).
pub fn record(event: PatternEvent) {
    EVENTS.with(|e| e.borrow_mut().push(event));
}

/// The matches recorded since the last call, in the order they were met.
pub fn take_events() -> Vec<PatternEvent> {
    EVENTS.with(|e| std::mem::take(&mut *e.borrow_mut()))
}

/// Adds one match list's profile (call only when [`Settings::profile`]).
pub fn add_profile(database: &str, pattern: &str, counts: Counts) {
    PROFILE.with(|p| {
        let mut p = p.borrow_mut();
        let c = p.get_or_insert_with(HashMap::new).entry((database.to_string(), pattern.to_string())).or_default();
        c.matches += counts.matches;
        c.constraints += counts.constraints;
        c.time += counts.time;
    });
}

/// The profile so far, most time first (then most matches, then database and name): (database,
/// pattern, counts).
pub fn profile() -> Vec<(String, String, Counts)> {
    let mut v: Vec<(String, String, Counts)> =
        PROFILE.with(|p| p.borrow().iter().flatten().map(|((d, n), c)| (d.clone(), n.clone(), *c)).collect());
    v.sort_by(|a, b| {
        b.2.time.cmp(&a.2.time).then(b.2.matches.cmp(&a.2.matches)).then_with(|| (&a.0, &a.1).cmp(&(&b.0, &b.1)))
    });
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_profile_sums_per_pattern_and_sorts_by_time() {
        set(Settings { profile: true, ..Settings::default() });
        let ms = Duration::from_millis;
        add_profile("a.db", "P1", Counts { matches: 2, constraints: 1, time: ms(1) });
        add_profile("a.db", "P2", Counts { matches: 1, constraints: 1, time: ms(5) });
        add_profile("a.db", "P1", Counts { matches: 3, constraints: 2, time: ms(1) });
        let p = profile();
        assert_eq!(p[0].1, "P2");
        assert_eq!((p[1].1.as_str(), p[1].2.matches, p[1].2.constraints, p[1].2.time), ("P1", 5, 3, ms(2)));
        set(Settings::default());
    }
}
