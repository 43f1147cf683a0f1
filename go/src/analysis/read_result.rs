//! The result of every reading: tactical reading ([`crate::analysis::reading`]), connection reading
//! ([`crate::analysis::connection`]), the owl ([`crate::analysis::owl`]) and the pattern helpers
//! ([`crate::analysis::pattern_context`]) all answer with a [`ReadResult`] for the side that moves first,
//! as GNU Go's reading functions answer with `0`, `KO_B`, `KO_A` or `WIN`.
//!
//! This module owns the type, its order and its two numeric spellings: the pattern language's constants
//! ([`ReadResult::pattern_code`], `patterns::eval::codes`) and GNU Go's GTP answers
//! ([`ReadResult::gtp_code`]: `0`, `1` for a win, `2` for `KO_A`, `3` for `KO_B`). Nothing else converts
//! a result to a number. It imports nothing of the crate.

use patterns::eval::codes;

/// How well the side that moves first does, worst first (GNU Go's order: `0 < KO_B < KO_A < WIN`, so
/// the best of several results is their maximum).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum ReadResult {
    /// It fails (GNU Go's 0).
    #[default]
    Lose,
    /// It succeeds through a ko in which it must find the first ko threat.
    KoB,
    /// It succeeds through a ko in which the other side must find the first ko threat.
    KoA,
    /// It succeeds unconditionally.
    Win,
}

impl ReadResult {
    /// The result for the other side when this is the best result of the side to move (GNU Go's
    /// `REVERSE_RESULT`): a win is the other's loss, a ko won with the first threat (`KoA`) is one the
    /// other side wins only by finding the first threat (`KoB`), and the other way round.
    pub fn reverse(self) -> ReadResult {
        match self {
            ReadResult::Lose => ReadResult::Win,
            ReadResult::KoB => ReadResult::KoA,
            ReadResult::KoA => ReadResult::KoB,
            ReadResult::Win => ReadResult::Lose,
        }
    }

    /// Whether the side succeeds at all (unconditionally or through a ko).
    pub fn succeeds(self) -> bool {
        self != ReadResult::Lose
    }

    /// The number GNU Go's GTP commands answer (`attack`, `defend`, `connect`, `owl_attack`, …): 0 for
    /// a failure, 1 for a win, 2 for `KO_A`, 3 for `KO_B`.
    pub fn gtp_code(self) -> u8 {
        match self {
            ReadResult::Lose => 0,
            ReadResult::Win => 1,
            ReadResult::KoA => 2,
            ReadResult::KoB => 3,
        }
    }

    /// The pattern language's constant for this result (`LOSE`, `KO_B`, `KO_A`, `WIN` as the pattern
    /// databases compare them; `patterns::eval::codes`).
    pub fn pattern_code(self) -> f64 {
        match self {
            ReadResult::Lose => codes::LOSE,
            ReadResult::KoB => codes::KO_B,
            ReadResult::KoA => codes::KO_A,
            ReadResult::Win => codes::WIN,
        }
    }
}

impl std::fmt::Display for ReadResult {
    /// The GTP answer's number ([`ReadResult::gtp_code`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.gtp_code())
    }
}

#[cfg(test)]
mod tests {
    use super::ReadResult::{self, *};

    #[test]
    fn order_reverse_and_codes_follow_gnu_go() {
        assert!(Lose < KoB && KoB < KoA && KoA < Win);
        for r in [Lose, KoB, KoA, Win] {
            assert_eq!(r.reverse().reverse(), r);
        }
        assert_eq!([Lose, KoB, KoA, Win].map(ReadResult::reverse), [Win, KoA, KoB, Lose]);
        assert_eq!([Lose, KoB, KoA, Win].map(ReadResult::gtp_code), [0, 3, 2, 1]);
        assert_eq!([Lose, KoB, KoA, Win].map(ReadResult::pattern_code), [0.0, 3.0, 4.0, 5.0]);
        assert_eq!(Win.to_string(), "1");
        assert_eq!(ReadResult::default(), Lose);
    }
}
