//! Jellyfish `.pos` positions: a binary file of little-endian 16-bit words, as gnubg 1.07 reads
//! it with `import pos` and writes it with `export position pos` (Jellyfish 3.0's layout, version
//! 126; 153 bytes and the two names, 162 bytes for `gnubg` and `root`). The layout, worked out
//! from gnubg's exports of known positions (see the tests):
//!
//! | bytes | meaning |
//! |---|---|
//! | 0-1 | version (124 to 126) |
//! | 2-5 | "caution" and an unused word (0) |
//! | 6-11 | the cube in use, the Jacoby rule, beavers (1 or 0) |
//! | 12-13 | cube value |
//! | 14-15 | cube owner: 0 centred, 1 player 0 (gnubg's O), 2 player 1 (X) |
//! | 16-17 | whose turn: 1 O to play the dice, 2 X to play, 3 O to roll, 4 X to roll (0: no game, read as O to roll) |
//! | 18-23 | Jellyfish's moves left with each die and an unused word (0) |
//! | 24-25 | 1 a match, 3 a money game |
//! | 26-29 | Jellyfish's opponent and level (gnubg writes 2 and 7) |
//! | 30-31 | match length (0: money) |
//! | 32-35 | scores of O and X |
//! | 36- | the two names (O's first), each a length byte and the characters |
//! | then 2 | the lower die drawn left (0) |
//! | then 2 | 2 the Crawford game, 3 after it, 1 otherwise |
//! | then 3 | "Jellyfish played last" (0) and the length of its last move's text (0, nothing follows) |
//! | then 4 | the dice (0 before the roll) |
//! | then 104 | 26 board entries of two words each (the position now and before the last move; the first is read): the value + 20; entry 0 is X's bar, entries 1-24 are O's points 1-24, entry 25 O's bar; X's chequers count positive, O's negative |
//!
//! gnubg writes the turn of the player to decide (the taker while a double is offered); this
//! writer writes the player on roll, so that a position exported with a double or a resignation
//! pending reads back as the position of the player to roll.

use super::{FormatError, PositionRecord};
use crate::rules::cube::{Cube, CubeOwner};
use crate::rules::match_id::{GameState, MatchState};
use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};

/// The size of a file whose names are empty.
const MIN_SIZE: usize = 153;

/// Options of the game a `.pos` file records besides the position (gnubg's settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub cube_use: bool,
    /// gnubg's Jacoby setting (written whatever the match length; read for money games only).
    pub jacoby: bool,
    pub beavers: bool,
}

impl Default for Settings {
    /// gnubg's defaults: the cube in use, the Jacoby rule, beavers allowed.
    fn default() -> Self {
        Settings { cube_use: true, jacoby: true, beavers: true }
    }
}

/// Reads a `.pos` file whose bytes were loaded as text (they are ASCII for ordinary positions);
/// see [`read_bytes`].
pub fn read(text: &str) -> Result<PositionRecord, FormatError> {
    read_bytes(text.as_bytes())
}

/// Reads a `.pos` file. Errors give line 1 and the byte offset + 1 as the column.
pub fn read_bytes(bytes: &[u8]) -> Result<PositionRecord, FormatError> {
    read_with_names(bytes).map(|(rec, _)| rec)
}

/// Reads a `.pos` file and the players' names in it (player 0's first).
pub fn read_with_names(bytes: &[u8]) -> Result<(PositionRecord, [String; 2]), FormatError> {
    let short = |needed: usize| {
        FormatError::syntax(
            1,
            bytes.len() + 1,
            format!("a .pos file has at least {needed} bytes, this one {}", bytes.len()),
        )
    };
    if bytes.len() < MIN_SIZE {
        return Err(short(MIN_SIZE));
    }
    let word = |offset: usize| i16::from_le_bytes([bytes[offset], bytes[offset + 1]]);
    let bad = |offset: usize, what: &str| FormatError::syntax(1, offset + 1, format!("{what} ({})", word(offset)));
    let version = word(0);
    if !(124..=126).contains(&version) {
        return Err(bad(0, "unknown .pos version"));
    }
    // unsigned: the largest cube, 32768, does not fit a signed word
    let cube_value = word(12) as u16;
    if !cube_value.is_power_of_two() {
        return Err(bad(12, "the cube value is not a power of two"));
    }
    let owner = match word(14) {
        0 => CubeOwner::Centred,
        1 => CubeOwner::Player(0),
        2 => CubeOwner::Player(1),
        _ => return Err(bad(14, "bad cube owner")),
    };
    let (on_roll, rolled) = match word(16) {
        0 => (0, false),
        1 => (0, true),
        2 => (1, true),
        3 => (0, false),
        4 => (1, false),
        _ => return Err(bad(16, "bad turn")),
    };
    let money = word(24) == 3;
    let match_length = if money { 0 } else { word(30) };
    let scores = if match_length == 0 { [0, 0] } else { [word(32), word(34)] };
    if match_length < 0 || scores.iter().any(|&s| s < 0) {
        return Err(bad(30, "bad match length or score"));
    }
    // the names: a length byte and the characters each
    let mut at = 36;
    let mut names = [String::new(), String::new()];
    for name in &mut names {
        let len = usize::from(bytes[at]);
        let end = at + 1 + len;
        if bytes.len() < MIN_SIZE + end - 38 {
            return Err(short(MIN_SIZE + end - 38));
        }
        *name = String::from_utf8_lossy(&bytes[at + 1..end]).into_owned();
        at = end;
    }
    let crawford_word = at + 2;
    let dice_at = at + 7;
    let board_at = at + 11;
    let dice = if rolled {
        let (d1, d2) = (word(dice_at), word(dice_at + 2));
        if !(1..=6).contains(&d1) || !(1..=6).contains(&d2) {
            return Err(bad(dice_at, "bad dice"));
        }
        Some((d1 as u8, d2 as u8))
    } else {
        None
    };
    // each player's own points: o[i] is O's point i + 1, x[i] X's point i + 1
    let mut o = [0u8; 25];
    let mut x = [0u8; 25];
    for entry in 0..26 {
        let offset = board_at + 4 * entry;
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
    // the Crawford game only where the score allows one (a file may say so at any score)
    let length = match_length as u16;
    let score = [scores[0] as u16, scores[1] as u16];
    let crawford = word(crawford_word) == 2 && length > 0 && score.iter().any(|&s| s + 1 == length);
    let state = MatchState {
        cube_log2: cube.log2(),
        cube_owner: cube.owner(),
        on_roll,
        crawford,
        game_state: GameState::Playing,
        turn: on_roll,
        doubled: false,
        resignation: None,
        dice,
        match_length: length,
        score,
        no_jacoby: !(length == 0 && word(8) == 1),
    };
    state.validate().map_err(|e| FormatError::invalid(1, e.to_string()))?;
    Ok((PositionRecord { position, state }, names))
}

/// The `.pos` file of `position` (seen from `state.on_roll`) in the match `state`, with the
/// players' `names` (player 0's first; each cut to 255 bytes) and gnubg's `settings`.
pub fn write(position: &Position, state: &MatchState, names: &[String; 2], settings: Settings) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(MIN_SIZE + names[0].len() + names[1].len());
    let put = |out: &mut Vec<u8>, v: i32| out.extend_from_slice(&(v as i16).to_le_bytes());
    let money = state.match_length == 0;
    let mover = state.on_roll.min(1) as i32;
    let turn = match state.game_state {
        GameState::Playing if state.dice.is_some() => mover + 1,
        GameState::Playing => mover + 3,
        _ => 0,
    };
    let owner = match state.cube_owner {
        CubeOwner::Centred => 0,
        CubeOwner::Player(p) => p.min(1) as i32 + 1,
    };
    for v in [
        126,
        0,
        0,
        i32::from(settings.cube_use),
        i32::from(settings.jacoby),
        i32::from(settings.beavers),
        // written as the unsigned word it is read as (a cube of 32768 wraps to -32768 here)
        state.cube_value() as i32,
        owner,
        turn,
        0,
        0,
        0,
        if money { 3 } else { 1 },
        2,
        7,
        i32::from(state.match_length),
    ] {
        put(&mut out, v);
    }
    let score = if money { [0, 0] } else { state.score.map(i32::from) };
    put(&mut out, score[0]);
    put(&mut out, score[1]);
    for name in names {
        let mut len = name.len().min(255);
        while !name.is_char_boundary(len) {
            len -= 1;
        }
        out.push(len as u8);
        out.extend_from_slice(&name.as_bytes()[..len]);
    }
    put(&mut out, 0);
    let length = state.match_length;
    let at_match_point = length > 0 && state.score.iter().any(|&s| s + 1 == length);
    put(
        &mut out,
        if state.crawford {
            2
        } else if at_match_point {
            3
        } else {
            1
        },
    );
    put(&mut out, 0);
    out.push(0);
    let (d1, d2) = state.dice.unwrap_or((0, 0));
    put(&mut out, i32::from(d1));
    put(&mut out, i32::from(d2));
    let board = position.board();
    let (o, x) = if state.on_roll == 1 { (board[OPPONENT], board[ON_ROLL]) } else { (board[ON_ROLL], board[OPPONENT]) };
    let mut entries = [0i32; 26];
    entries[0] = i32::from(x[BAR]);
    for (k, e) in entries.iter_mut().enumerate().take(25).skip(1) {
        *e = if o[k - 1] > 0 { -i32::from(o[k - 1]) } else { i32::from(x[24 - k]) };
    }
    entries[25] = -i32::from(o[BAR]);
    for e in entries {
        put(&mut out, e + 20);
        put(&mut out, e + 20);
    }
    out
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
        let mut b = vec![0u8; 162];
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

    fn hex(s: &str) -> Vec<u8> {
        (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
    }

    /// gnubg 1.07's `export position pos` of 4HPkQSDgc/ABMA in a 5-point match at 0-0, gnubg
    /// (O) to play 31.
    const GNUBG_A: &str = "7e000000000001000100010001000000010000000000000001000200070005000000000005676e75626704726f6f7400000100000000030001001400140015001500140014001400140014001400140014000f000f001500150011001100140014001400140014001400180018000f000f00150015001400140014001400170017001400140019001900140014001400140014001400140014001200120014001400";
    /// The same of 4Dn4AGjgc/AAWA in a money session, Bo (X) to play 31 with the cube at 4 on
    /// Bo's side, players Alice_Long and Bo (165 bytes: the names are longer).
    const GNUBG_B: &str = "7e00000000000100010001000400020002000000000000000300020007000000000000000a416c6963655f4c6f6e6702426f0000010000000003000100150015001600160014001400140014001400140014001400100010001400140011001100140014001400140014001400180018000f000f00140014001400140014001400170017001400140019001900140014001400140014001400140014001300130012001200";

    #[test]
    fn reads_and_writes_gnubgs_exports_byte_for_byte() {
        let a = hex(GNUBG_A);
        let (rec, names) = read_with_names(&a).unwrap();
        assert_eq!(rec.position.id(), "4HPkQSDgc/ABMA");
        assert_eq!((rec.state.on_roll, rec.state.dice, rec.state.match_length), (0, Some((3, 1)), 5));
        assert_eq!(names, ["gnubg".to_string(), "root".to_string()]);
        assert_eq!(write(&rec.position, &rec.state, &names, Settings::default()), a);
        let b = hex(GNUBG_B);
        assert_eq!(b.len(), 165);
        let (rec, names) = read_with_names(&b).unwrap();
        assert_eq!(rec.position.id(), "4Dn4AGjgc/AAWA");
        assert_eq!((rec.state.on_roll, rec.state.dice, rec.state.match_length), (1, Some((3, 1)), 0));
        assert_eq!((rec.state.cube_value(), rec.state.cube_owner), (4, CubeOwner::Player(1)));
        assert!(!rec.state.no_jacoby);
        assert_eq!(names, ["Alice_Long".to_string(), "Bo".to_string()]);
        assert_eq!(write(&rec.position, &rec.state, &names, Settings::default()), b);
        // cut short inside the names or the board: refused, not read past the end
        for cut in [37, 50, 100, 164] {
            assert!(matches!(read_bytes(&b[..cut]), Err(FormatError::Syntax { line: 1, .. })), "{cut}");
        }
    }

    #[test]
    fn the_crawford_game_and_a_position_before_the_roll_round_trip() {
        let rec = read_bytes(&hex(GNUBG_A)).unwrap();
        let mut state = rec.state;
        state.score = [4, 2];
        state.crawford = true;
        state.dice = None;
        state.on_roll = 1;
        state.turn = 1;
        let position = rec.position.swapped();
        let bytes = write(&position, &state, &["a".into(), "b".into()], Settings::default());
        let back = read_bytes(&bytes).unwrap();
        assert_eq!((back.position, back.state), (position, state));
        // after the Crawford game the file says so, and it reads back as no Crawford game
        state.crawford = false;
        let back = read_bytes(&write(&position, &state, &["a".into(), "b".into()], Settings::default())).unwrap();
        assert_eq!(back.state, state);
    }

    proptest::proptest! {
        #[test]
        fn any_bytes_are_read_or_refused_at_line_1(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
            if let Err(e) = read_with_names(&bytes) {
                proptest::prop_assert_eq!(e.line(), 1);
            }
        }

        #[test]
        fn a_mutated_export_is_read_or_refused(edits in proptest::collection::vec((0usize..165, proptest::prelude::any::<u8>()), 1..8)) {
            let mut b = hex(GNUBG_B);
            for (at, v) in edits {
                b[at] = v;
            }
            if let Ok((rec, names)) = read_with_names(&b) {
                // what reads, writes and reads back the same
                let settings = Settings { jacoby: !rec.state.no_jacoby, ..Settings::default() };
                let again = write(&rec.position, &rec.state, &names, settings);
                proptest::prop_assert_eq!(read_bytes(&again).unwrap(), rec);
            }
        }
    }

    #[test]
    fn reads_gnubgs_export_of_a_known_position() {
        // the words of gnubg 1.07's export for 4HPkQSDgc/ABMA, X on roll with 31, 5-point match
        let mut b = vec![0u8; 162];
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
