//! What a game is worth: single game, gammon or backgammon (decided from the final position, or
//! offered in a resignation), times the cube, with the Jacoby rule. Owns only this arithmetic;
//! adding points to a match or session score (and capping at the match length) is `session`'s.
//!
//! From the seed ("Gammons and Backgammons"): a loser who has borne off at least one chequer loses
//! the cube value; one who has borne off none is gammoned (twice); one who has borne off none and
//! still has a chequer on the bar or in the winner's home board is backgammoned (three times).
//! The chequer count comes from the variant, so Hypergammon scores gammons the same way.

use crate::rules::position::{Position, BAR};
use crate::rules::variant::Variant;
use std::fmt;

/// How big a win is; also the level of a resignation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WinKind {
    Single = 1,
    Gammon = 2,
    Backgammon = 3,
}

impl WinKind {
    /// All kinds, smallest first.
    pub const ALL: [WinKind; 3] = [WinKind::Single, WinKind::Gammon, WinKind::Backgammon];

    /// How many times the cube the win is worth: 1, 2 or 3.
    pub fn multiplier(self) -> u32 {
        self as u32
    }

    /// The kind from its multiplier (1..=3).
    pub fn from_multiplier(m: u32) -> Option<WinKind> {
        match m {
            1 => Some(WinKind::Single),
            2 => Some(WinKind::Gammon),
            3 => Some(WinKind::Backgammon),
            _ => None,
        }
    }

    /// The kind of win over `loser`'s chequers in `pos`, where the other side has borne off all
    /// of its chequers. Board indices are the loser's own: the winner's home board is the loser's
    /// points 19-24.
    pub fn of_position(pos: &Position, loser: usize, variant: Variant) -> WinKind {
        if pos.chequers_in_play(loser) < variant.chequers() {
            return WinKind::Single;
        }
        let side = &pos.board()[loser];
        if side[BAR] > 0 || side[18..24].iter().any(|&n| n > 0) {
            WinKind::Backgammon
        } else {
            WinKind::Gammon
        }
    }

    /// Points for this kind of win with `cube`; under the Jacoby rule (`jacoby`, which the caller
    /// decides applies) gammons and backgammons count as a single game.
    pub fn points(self, cube: u32, jacoby: bool) -> u32 {
        if jacoby {
            cube
        } else {
            cube * self.multiplier()
        }
    }

    /// gnubg's word: `single game`, `gammon`, `backgammon`.
    pub fn name(self) -> &'static str {
        match self {
            WinKind::Single => "single game",
            WinKind::Gammon => "gammon",
            WinKind::Backgammon => "backgammon",
        }
    }
}

impl fmt::Display for WinKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::{ON_ROLL, OPPONENT};

    /// The loser (side OPPONENT) with chequers on its own points; the winner has none left.
    fn loser_with(chequers: &[(usize, u8)]) -> Position {
        let mut b = [[0u8; 25]; 2];
        for &(p, n) in chequers {
            b[OPPONENT][p - 1] = n;
        }
        Position::from_board(b).unwrap()
    }

    #[test]
    fn single_gammon_backgammon_hand_checked() {
        let v = Variant::Standard;
        // 14 chequers left: one borne off, a single game even with one in the winner's home
        assert_eq!(WinKind::of_position(&loser_with(&[(6, 13), (20, 1)]), OPPONENT, v), WinKind::Single);
        // all 15 at home: gammon
        assert_eq!(WinKind::of_position(&loser_with(&[(6, 15)]), OPPONENT, v), WinKind::Gammon);
        // the loser's 18 point is the winner's 7 point: outer board, still a gammon
        assert_eq!(WinKind::of_position(&loser_with(&[(6, 14), (18, 1)]), OPPONENT, v), WinKind::Gammon);
        // the loser's 19 point is the winner's 6 point: backgammon
        assert_eq!(WinKind::of_position(&loser_with(&[(6, 14), (19, 1)]), OPPONENT, v), WinKind::Backgammon);
        assert_eq!(WinKind::of_position(&loser_with(&[(6, 14), (24, 1)]), OPPONENT, v), WinKind::Backgammon);
        // on the bar: backgammon
        assert_eq!(WinKind::of_position(&loser_with(&[(6, 14), (25, 1)]), OPPONENT, v), WinKind::Backgammon);
    }

    #[test]
    fn hypergammon_counts_gammons_with_its_own_chequer_count() {
        let v = Variant::Hypergammon3;
        assert_eq!(WinKind::of_position(&loser_with(&[(3, 3)]), OPPONENT, v), WinKind::Gammon);
        assert_eq!(WinKind::of_position(&loser_with(&[(3, 2)]), OPPONENT, v), WinKind::Single);
        assert_eq!(WinKind::of_position(&loser_with(&[(3, 2), (22, 1)]), OPPONENT, v), WinKind::Backgammon);
        // the standard count would call 3 chequers left a single game
        assert_eq!(WinKind::of_position(&loser_with(&[(3, 3)]), OPPONENT, Variant::Standard), WinKind::Single);
        // the side index matters: the same chequers seen as the player on roll
        assert_eq!(WinKind::of_position(&loser_with(&[(3, 3)]).swapped(), ON_ROLL, v), WinKind::Gammon);
    }

    #[test]
    fn points_times_cube_and_jacoby() {
        assert_eq!(WinKind::Single.points(1, false), 1);
        assert_eq!(WinKind::Gammon.points(2, false), 4);
        assert_eq!(WinKind::Backgammon.points(4, false), 12);
        assert_eq!(WinKind::Backgammon.points(2, true), 2);
        assert_eq!(WinKind::from_multiplier(2), Some(WinKind::Gammon));
        assert_eq!(WinKind::from_multiplier(4), None);
    }
}
