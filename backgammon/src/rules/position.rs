//! A backgammon position (where every chequer stands) and its gnubg position ID.
//!
//! Orientation follows gnubg: `board[side][i]` counts `side`'s chequers on its *own* point `i + 1`
//! (`i` in `0..24`) or on the bar (`i == 24`). Side [`ON_ROLL`] (1) is the player to move, side
//! [`OPPONENT`] (0) the other. The position key lists side 0 first, then side 1 — so the first half
//! of an ID is the player *not* on roll. (The seed's prose says the opposite, but its worked
//! figures, `2x0AAOi2AQAAAA` and `CgAAEAEAAAAAAA`, and gnubg itself put the opponent first.)
//!
//! This module knows nothing of dice, legality of plays or match state.

use crate::rules::base64;
use std::fmt;
use thiserror::Error;

/// Index of the player not on roll in [`Position`]'s board.
pub const OPPONENT: usize = 0;
/// Index of the player on roll.
pub const ON_ROLL: usize = 1;
/// Index of the bar in a side's array.
pub const BAR: usize = 24;
/// Most chequers a side may have.
pub const MAX_CHEQUERS: u32 = 15;

/// Why a position ID or position was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("position ID must be 14 characters, got {0}")]
    IdLength(usize),
    #[error("position ID has an invalid character {ch:?} at column {column}")]
    IdCharacter { ch: char, column: usize },
    #[error("position ID does not describe a board (its bits run out before both sides are complete)")]
    IdTruncated,
    #[error("{side} has {count} chequers; at most 15 are allowed")]
    TooManyChequers { side: &'static str, count: u32 },
    #[error("both players have chequers on the same point ({point} for the player on roll)")]
    SharedPoint { point: usize },
    #[error("there is no point {point} (points are 1 to 24, and 25 for the bar)")]
    BadPoint { point: usize },
}

fn side_name(side: usize) -> &'static str {
    if side == ON_ROLL {
        "the player on roll"
    } else {
        "the opponent"
    }
}

/// Where every chequer stands, seen from the player on roll.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Position {
    board: [[u8; 25]; 2],
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.id())
    }
}

impl Position {
    /// An empty board.
    pub const EMPTY: Position = Position { board: [[0; 25]; 2] };

    /// A position from both sides' arrays, validated.
    pub fn from_board(board: [[u8; 25]; 2]) -> Result<Self, PositionError> {
        let p = Position { board };
        p.validate()?;
        Ok(p)
    }

    /// A position from lists of `(point, chequers)` for the player on roll and the opponent, each
    /// numbered from its own side (1..=24, 25 for the bar), validated.
    pub fn from_points(on_roll: &[(usize, u8)], opponent: &[(usize, u8)]) -> Result<Self, PositionError> {
        let mut board = [[0u8; 25]; 2];
        for (side, list) in [(ON_ROLL, on_roll), (OPPONENT, opponent)] {
            for &(point, n) in list {
                if let Some(slot) = point.checked_sub(1).and_then(|i| board[side].get_mut(i)) {
                    *slot = slot.saturating_add(n);
                } else {
                    return Err(PositionError::BadPoint { point });
                }
            }
        }
        Position::from_board(board)
    }

    /// A position from both sides' arrays without validation (callers that built it by legal play).
    pub(crate) const fn from_board_unchecked(board: [[u8; 25]; 2]) -> Self {
        Position { board }
    }

    /// Both sides' arrays, gnubg orientation (`[OPPONENT, ON_ROLL]`).
    pub fn board(&self) -> &[[u8; 25]; 2] {
        &self.board
    }

    /// Chequers of `side` on its own point `point` (1..=24) or the bar (25).
    pub fn at(&self, side: usize, point: usize) -> u8 {
        self.board[side][point - 1]
    }

    /// Chequers of `side` on the bar.
    pub fn on_bar(&self, side: usize) -> u8 {
        self.board[side][BAR]
    }

    /// Chequers of `side` still on the board (including the bar).
    pub fn chequers_in_play(&self, side: usize) -> u32 {
        self.board[side].iter().map(|&c| u32::from(c)).sum()
    }

    /// Pip count of `side`.
    pub fn pips(&self, side: usize) -> u32 {
        self.board[side].iter().enumerate().map(|(i, &c)| (i as u32 + 1) * u32::from(c)).sum()
    }

    /// The longest run of consecutive points `side` has made (two or more chequers each), anywhere
    /// on the board: 6 is a full prime.
    pub fn longest_prime(&self, side: usize) -> u32 {
        let (mut best, mut run) = (0, 0);
        for &c in &self.board[side][..24] {
            run = if c >= 2 { run + 1 } else { 0 };
            best = best.max(run);
        }
        best
    }

    /// The longer of the two sides' [`Position::longest_prime`].
    pub fn longest_prime_either_side(&self) -> u32 {
        self.longest_prime(ON_ROLL).max(self.longest_prime(OPPONENT))
    }

    /// The same position with the other player on roll.
    #[must_use]
    pub fn swapped(&self) -> Position {
        Position { board: [self.board[1], self.board[0]] }
    }

    /// Checks the invariants every ID and every legal game keeps.
    pub fn validate(&self) -> Result<(), PositionError> {
        for side in 0..2 {
            let count = self.chequers_in_play(side);
            if count > MAX_CHEQUERS {
                return Err(PositionError::TooManyChequers { side: side_name(side), count });
            }
        }
        for i in 0..24 {
            if self.board[ON_ROLL][i] > 0 && self.board[OPPONENT][23 - i] > 0 {
                return Err(PositionError::SharedPoint { point: i + 1 });
            }
        }
        Ok(())
    }

    /// The 10-byte position key (80 bits, little-endian bit packing).
    pub fn key(&self) -> [u8; 10] {
        let mut key = [0u8; 10];
        let mut bit = 0usize;
        for side in self.board.iter() {
            for &n in side.iter() {
                for _ in 0..n {
                    if bit < 80 {
                        key[bit / 8] |= 1 << (bit % 8);
                    }
                    bit += 1;
                }
                bit += 1;
            }
        }
        key
    }

    /// The position from a 10-byte key.
    pub fn from_key(key: &[u8; 10]) -> Result<Self, PositionError> {
        let mut board = [[0u8; 25]; 2];
        let mut bit = 0usize;
        for (s, side) in board.iter_mut().enumerate() {
            let mut total = 0u32;
            for slot in side.iter_mut() {
                loop {
                    if bit >= 80 {
                        return Err(PositionError::IdTruncated);
                    }
                    let set = (key[bit / 8] >> (bit % 8)) & 1 == 1;
                    bit += 1;
                    if !set {
                        break;
                    }
                    *slot += 1;
                    total += 1;
                    if total > MAX_CHEQUERS {
                        return Err(PositionError::TooManyChequers { side: side_name(s), count: total });
                    }
                }
            }
        }
        let p = Position { board };
        p.validate()?;
        Ok(p)
    }

    /// The 14-character gnubg position ID.
    pub fn id(&self) -> String {
        base64::encode(&self.key(), 14)
    }

    /// Parses a 14-character gnubg position ID.
    pub fn from_id(id: &str) -> Result<Self, PositionError> {
        let bytes = id.as_bytes();
        let chars = id.chars().count();
        if chars != 14 || bytes.len() != 14 {
            // a bad character of several bytes counts as a bad character, not a bad length
            if chars == 14 {
                let (column, ch) = id.chars().enumerate().find(|(_, c)| !c.is_ascii()).unwrap_or((0, '?'));
                return Err(PositionError::IdCharacter { ch, column: column + 1 });
            }
            return Err(PositionError::IdLength(chars));
        }
        let key = base64::decode::<10>(bytes)
            .map_err(|i| PositionError::IdCharacter { ch: bytes[i] as char, column: i + 1 })?;
        Position::from_key(&key)
    }
}

impl std::str::FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_id(s.trim())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;

    #[test]
    fn seed_starting_position_key_and_id() {
        let p = Variant::Standard.starting_position();
        assert_eq!(p.key(), [0xE0, 0x73, 0xF0, 0x01, 0x30, 0xE0, 0x73, 0xF0, 0x01, 0x30]);
        assert_eq!(p.id(), "4HPwATDgc/ABMA");
        assert_eq!(Position::from_id("4HPwATDgc/ABMA").unwrap(), p);
        assert_eq!(p.pips(ON_ROLL), 167);
        assert_eq!(p.pips(OPPONENT), 167);
    }

    #[test]
    fn seed_bearoff_examples_decode_with_opponent_first() {
        // 2x0AAOi2AQAAAA: X (on roll) has 1,3,2,2,2 on points 1-5; O has 2,2,3,3 on points 1-4.
        let p = Position::from_id("2x0AAOi2AQAAAA").unwrap();
        assert_eq!(&p.board()[ON_ROLL][..5], &[1, 3, 2, 2, 2]);
        assert_eq!(&p.board()[OPPONENT][..4], &[2, 2, 3, 3]);
        assert_eq!(p.id(), "2x0AAOi2AQAAAA");
        // CgAAEAEAAAAAAA: X on roll has chequers on its 2 and 5 points, O on its 2 and 3 points.
        let q = Position::from_id("CgAAEAEAAAAAAA").unwrap();
        assert_eq!(&q.board()[ON_ROLL][..5], &[0, 1, 0, 0, 1]);
        assert_eq!(&q.board()[OPPONENT][..3], &[0, 1, 1]);
    }

    #[test]
    fn longest_prime_counts_made_points_in_a_row() {
        let start = Variant::Standard.starting_position();
        assert_eq!((start.longest_prime(ON_ROLL), start.longest_prime(OPPONENT)), (1, 1));
        // the player on roll has made its 4 to 9 points, the opponent its 3 to 6 and its 1 (a blot on 2)
        let p = Position::from_id("a9uJAAjYtk0AYA").unwrap();
        assert_eq!(&p.board()[ON_ROLL][3..9], &[2; 6]);
        assert_eq!((p.longest_prime(ON_ROLL), p.longest_prime(OPPONENT)), (6, 4));
        assert_eq!((p.longest_prime_either_side(), p.swapped().longest_prime_either_side()), (6, 6));
        assert_eq!(Position::from_points(&[(5, 15)], &[(1, 1)]).unwrap().longest_prime(ON_ROLL), 1);
        assert_eq!(Position::from_points(&[(5, 1)], &[(1, 1)]).unwrap().longest_prime(ON_ROLL), 0);
    }

    #[test]
    fn hypergammon_start_from_seed() {
        assert_eq!(Variant::Hypergammon3.starting_position().id(), "AACgAgAAKgAAAA");
    }

    #[test]
    fn bad_ids_are_typed_errors() {
        assert_eq!(Position::from_id("4HPwATDgc/ABM"), Err(PositionError::IdLength(13)));
        assert_eq!(Position::from_id(""), Err(PositionError::IdLength(0)));
        assert_eq!(Position::from_id("4HPwATDgc/AB-A"), Err(PositionError::IdCharacter { ch: '-', column: 13 }));
        // all ones: 80 one bits never terminate a point
        assert!(matches!(Position::from_id("//////////////"), Err(PositionError::TooManyChequers { .. })));
        // 16 chequers for the first side
        let mut b = [[0u8; 25]; 2];
        b[0][5] = 16;
        assert!(Position::from_board(b).is_err());
        // both sides on one point: on-roll point 6 is the opponent's point 19
        let mut b = [[0u8; 25]; 2];
        b[ON_ROLL][5] = 2;
        b[OPPONENT][18] = 1;
        let bad = Position::from_board_unchecked(b).id();
        assert_eq!(Position::from_id(&bad), Err(PositionError::SharedPoint { point: 6 }));
        assert!(Position::from_id("4HPwATDgc/ABMé").is_err());
    }

    /// However long the text, the error names its length and quotes nothing of it.
    #[test]
    fn a_megabyte_id_is_a_short_length_error() {
        let e = Position::from_id(&"4".repeat(1 << 20)).unwrap_err();
        assert_eq!(e, PositionError::IdLength(1 << 20));
        assert_eq!(e.to_string(), "position ID must be 14 characters, got 1048576");
    }

    mod hostile {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Every 14 characters of the alphabet: a valid position that survives its own ID,
            /// or one of the typed errors an ID's bits can give.
            #[test]
            fn any_id_is_a_valid_position_or_a_typed_error(s in "[A-Za-z0-9+/]{14}") {
                match Position::from_id(&s) {
                    Ok(p) => {
                        prop_assert!(p.validate().is_ok());
                        prop_assert_eq!(Position::from_id(&p.id()), Ok(p));
                    }
                    Err(e) => prop_assert!(
                        matches!(
                            e,
                            PositionError::IdTruncated
                                | PositionError::TooManyChequers { .. }
                                | PositionError::SharedPoint { .. }
                        ),
                        "{}",
                        e
                    ),
                }
            }

            /// Arbitrary bytes (as text), near-IDs with one character changed or a multi-byte
            /// one inserted: a typed error with a short message, never a panic.
            #[test]
            fn hostile_text_gives_short_typed_errors(
                bytes in proptest::collection::vec(any::<u8>(), 0..64),
                at in 0usize..14,
                c in any::<char>(),
            ) {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let mut near: Vec<char> = "4HPwATDgc/ABMA".chars().collect();
                near[at] = c;
                let near: String = near.into_iter().collect();
                for t in [text, near] {
                    if let Err(e) = t.parse::<Position>() {
                        prop_assert!(e.to_string().len() < 100, "{}", e);
                    }
                }
            }
        }
    }
}
