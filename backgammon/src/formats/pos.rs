//! Jellyfish `.pos` positions: a binary file of little-endian 16-bit words, as gnubg 1.07 writes
//! it with `export position pos` (162 bytes, version 126). The layout, worked out from gnubg's
//! exports of known positions (see the tests):
//!
//! | bytes | meaning |
//! |---|---|
//! | 0-1 | version (124 to 126) |
//! | 12-13 | cube value |
//! | 14-15 | cube owner: 0 centred, 1 player 0 (gnubg's O), 2 player 1 (X) |
//! | 16-17 | whose turn: 1 O to play the dice, 2 X to play, 3 O to roll, 4 X to roll |
//! | 30-31 | match length (0: money) |
//! | 32-35 | scores of O and X |
//! | 36- | the two names, each a length byte and the characters |
//! | 54-57 | the dice (0 before the roll) |
//! | 58-161 | 26 board entries of two words each (the first is used): the value + 20; entry 0 is X's bar, entries 1-24 are O's points 1-24, entry 25 O's bar; X's chequers count positive, O's negative |
//!
//! The Crawford flag is not read (its place depends on the names' lengths).

use super::{FormatError, PositionRecord};
use crate::rules::cube::{Cube, CubeOwner};
use crate::rules::match_id::{GameState, MatchState};
use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};

const SIZE: usize = 162;

/// Reads a `.pos` file whose bytes were loaded as text (they are ASCII for ordinary positions);
/// see [`read_bytes`].
pub fn read(text: &str) -> Result<PositionRecord, FormatError> {
    read_bytes(text.as_bytes())
}

/// Reads a `.pos` file. Errors give line 1 and the byte offset + 1 as the column.
pub fn read_bytes(bytes: &[u8]) -> Result<PositionRecord, FormatError> {
    if bytes.len() < SIZE {
        return Err(FormatError::syntax(
            1,
            bytes.len() + 1,
            format!("a .pos file has {SIZE} bytes, this one {}", bytes.len()),
        ));
    }
    let word = |offset: usize| i16::from_le_bytes([bytes[offset], bytes[offset + 1]]);
    let bad = |offset: usize, what: &str| FormatError::syntax(1, offset + 1, format!("{what} ({})", word(offset)));
    let version = word(0);
    if !(124..=126).contains(&version) {
        return Err(bad(0, "unknown .pos version"));
    }
    let cube_value = word(12);
    if cube_value < 1 || !(cube_value as u16).is_power_of_two() {
        return Err(bad(12, "the cube value is not a power of two"));
    }
    let owner = match word(14) {
        0 => CubeOwner::Centred,
        1 => CubeOwner::Player(0),
        2 => CubeOwner::Player(1),
        _ => return Err(bad(14, "bad cube owner")),
    };
    let (on_roll, rolled) = match word(16) {
        1 => (0, true),
        2 => (1, true),
        3 => (0, false),
        4 => (1, false),
        _ => return Err(bad(16, "bad turn")),
    };
    let match_length = word(30);
    let scores = [word(32), word(34)];
    if match_length < 0 || scores.iter().any(|&s| s < 0) {
        return Err(bad(30, "bad match length or score"));
    }
    let dice = if rolled {
        let (d1, d2) = (word(54), word(56));
        if !(1..=6).contains(&d1) || !(1..=6).contains(&d2) {
            return Err(bad(54, "bad dice"));
        }
        Some((d1 as u8, d2 as u8))
    } else {
        None
    };
    // each player's own points: o[i] is O's point i + 1, x[i] X's point i + 1
    let mut o = [0u8; 25];
    let mut x = [0u8; 25];
    for entry in 0..26 {
        let offset = 58 + 4 * entry;
        let v = i32::from(word(offset)) - 20;
        if !(-15..=15).contains(&v) {
            return Err(bad(offset, "bad chequer count"));
        }
        let n = v.unsigned_abs() as u8;
        match (entry, v.signum()) {
            (_, 0) => {}
            (0, 1) => x[BAR] = n,
            (25, -1) => o[BAR] = n,
            (1..=24, 1) => x[24 - entry] = n,
            (1..=24, -1) => o[entry - 1] = n,
            _ => return Err(bad(offset, "chequers of the wrong player on a bar")),
        }
    }
    let mut board = [[0u8; 25]; 2];
    (board[ON_ROLL], board[OPPONENT]) = if on_roll == 1 { (x, o) } else { (o, x) };
    let position = Position::from_board(board).map_err(|e| FormatError::invalid(1, e.to_string()))?;
    let cube = Cube::new(cube_value.trailing_zeros() as u8, owner).ok_or_else(|| bad(12, "cube too large"))?;
    let state = MatchState {
        cube_log2: cube.log2(),
        cube_owner: cube.owner(),
        on_roll,
        crawford: false,
        game_state: GameState::Playing,
        turn: on_roll,
        doubled: false,
        resignation: None,
        dice,
        match_length: match_length as u16,
        score: [scores[0] as u16, scores[1] as u16],
        no_jacoby: true,
    };
    state.validate().map_err(|e| FormatError::invalid(1, e.to_string()))?;
    Ok(PositionRecord { position, state })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds a 162-byte file like gnubg's from the fields this reader uses.
    fn file(
        cube: i16,
        owner: i16,
        turn: i16,
        length: i16,
        scores: [i16; 2],
        dice: (i16, i16),
        board: [i16; 26],
    ) -> Vec<u8> {
        let mut b = vec![0u8; SIZE];
        let mut put = |offset: usize, v: i16| b[offset..offset + 2].copy_from_slice(&v.to_le_bytes());
        put(0, 126);
        put(12, cube);
        put(14, owner);
        put(16, turn);
        put(30, length);
        put(32, scores[0]);
        put(34, scores[1]);
        put(54, dice.0);
        put(56, dice.1);
        for (i, v) in board.iter().enumerate() {
            put(58 + 4 * i, v + 20);
            put(60 + 4 * i, v + 20);
        }
        b[36..47].copy_from_slice(b"\x05gnubg\x04root");
        b
    }

    /// gnubg 1.07's board words for position 4Dn4AGjgc/AAWA (X on roll with one chequer on the
    /// bar, O with two), from `export position pos`.
    const BAR_BOARD: [i16; 26] = [1, 2, 0, 0, 0, 0, -4, 0, -3, 0, 0, 0, 4, -5, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, -1, -2];

    #[test]
    fn reads_gnubgs_layout() {
        let rec = read_bytes(&file(1, 0, 2, 7, [0, 0], (5, 2), BAR_BOARD)).unwrap();
        assert_eq!(rec.position.id(), "4Dn4AGjgc/AAWA");
        assert_eq!((rec.state.on_roll, rec.state.dice, rec.state.match_length), (1, Some((5, 2)), 7));
        // the same board with O to roll: seen from O
        let rec = read_bytes(&file(4, 2, 3, 7, [3, 5], (0, 0), BAR_BOARD)).unwrap();
        assert_eq!(rec.position.swapped().id(), "4Dn4AGjgc/AAWA");
        assert_eq!((rec.state.on_roll, rec.state.dice, rec.state.score), (0, None, [3, 5]));
        assert_eq!((rec.state.cube_value(), rec.state.cube_owner), (4, CubeOwner::Player(1)));
    }

    #[test]
    fn errors_give_the_byte() {
        assert!(matches!(read(""), Err(FormatError::Syntax { line: 1, column: 1, .. })));
        let mut f = file(1, 0, 2, 7, [0, 0], (5, 2), BAR_BOARD);
        f[16] = 9;
        assert!(matches!(read_bytes(&f), Err(FormatError::Syntax { column: 17, .. })));
        let mut f = file(1, 0, 2, 7, [0, 0], (5, 2), BAR_BOARD);
        f[58] = 60;
        assert!(matches!(read_bytes(&f), Err(FormatError::Syntax { column: 59, .. })));
        let f = file(3, 0, 2, 7, [0, 0], (5, 2), BAR_BOARD);
        assert!(read_bytes(&f).is_err());
    }

    #[test]
    fn reads_gnubgs_export_of_a_known_position() {
        // the words of gnubg 1.07's export for 4HPkQSDgc/ABMA, X on roll with 31, 5-point match
        let mut b = vec![0u8; SIZE];
        let words: [i16; 18] = [126, 0, 0, 1, 1, 1, 1, 0, 2, 0, 0, 0, 1, 2, 7, 5, 0, 0];
        for (i, w) in words.iter().enumerate() {
            b[2 * i..2 * i + 2].copy_from_slice(&w.to_le_bytes());
        }
        b[36..47].copy_from_slice(b"\x05gnubg\x04root");
        b[49] = 1;
        let board: [i16; 26] = [0, 2, 0, 0, 0, 0, -5, 0, -3, 0, 0, -1, 5, -4, 0, 0, 0, 3, -1, 5, 0, 0, 0, 0, -1, 0];
        let tail: Vec<i16> = [3, 1].into_iter().chain(board.iter().flat_map(|v| [v + 20, v + 20])).collect();
        for (i, w) in tail.iter().enumerate() {
            b[54 + 2 * i..56 + 2 * i].copy_from_slice(&w.to_le_bytes());
        }
        let rec = read_bytes(&b).unwrap();
        assert_eq!((rec.state.on_roll, rec.state.dice, rec.state.match_length), (1, Some((3, 1)), 5));
        assert_eq!(rec.position.id(), "4HPkQSDgc/ABMA");
    }
}
