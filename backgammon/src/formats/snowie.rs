//! Snowie `.txt` positions: one line of `;`-separated fields, as gnubg 1.07 writes them with
//! `export position snowietxt` (and reads them with `import snowietxt`):
//!
//! | field | meaning |
//! |---|---|
//! | 0 | match length (0: money) |
//! | 1 | Jacoby rule in force (money) |
//! | 2, 3 | not used here (gnubg writes 0, and 1 for money, 0 for a match) |
//! | 4 | which player is on roll: 0 (gnubg's O, player 0) or 1 |
//! | 5, 6 | names of the player on roll and of the other |
//! | 7 | Crawford game |
//! | 8, 9 | scores of the player on roll and of the other |
//! | 10 | cube value |
//! | 11 | cube owner: 1 the player on roll, -1 the other, 0 centred |
//! | 12 | the other player's chequers on the bar, negative |
//! | 13..=36 | points 1..24 counted from the player on roll: positive for that player's chequers, negative for the other's |
//! | 37 | the player on roll's chequers on the bar |
//! | 38, 39 | the dice, 0 0 before the roll |
//!
//! (Worked out from gnubg's exports of known positions; see the tests.) Each field is followed by
//! `;`, the last one too; gnubg ends the line there. A `;` or a line break in a name would break
//! the line into other fields, so the writer writes `_` for them.

use super::{FormatError, PositionRecord};
use crate::rules::cube::{Cube, CubeOwner};
use crate::rules::match_id::{GameState, MatchState};
use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};

/// Reads a Snowie `.txt` position (the first non-empty line).
pub fn read(text: &str) -> Result<PositionRecord, FormatError> {
    read_with_names(text).map(|(rec, _)| rec)
}

/// The Snowie `.txt` line (with its line break) of `position`, seen from `state.on_roll`, in the
/// match `state`, with the players' `names` (player 0's first), as gnubg writes it.
pub fn write(position: &Position, state: &MatchState, names: &[String; 2]) -> String {
    use std::fmt::Write as _;
    let mover = state.on_roll.min(1);
    let money = state.match_length == 0;
    let clean = |n: &str| n.replace([';', '\n', '\r'], "_");
    let length = state.match_length;
    let crawford = length > 0 && state.crawford && state.score.iter().any(|&s| s + 1 == length);
    let owner = match state.cube_owner {
        CubeOwner::Centred => 0,
        CubeOwner::Player(p) if p == mover => 1,
        CubeOwner::Player(_) => -1,
    };
    let board = position.board();
    let mut out = String::new();
    let _ = write!(
        out,
        "{};{};0;{};{mover};{};{};{};{};{};{};{owner};{};",
        length,
        u8::from(money && !state.no_jacoby),
        u8::from(money),
        clean(&names[mover]),
        clean(&names[1 - mover]),
        u8::from(crawford),
        state.score[mover],
        state.score[1 - mover],
        state.cube_value(),
        -i32::from(board[OPPONENT][BAR]),
    );
    for i in 0..24 {
        let own = board[ON_ROLL][i];
        let v = if own > 0 { i32::from(own) } else { -i32::from(board[OPPONENT][23 - i]) };
        let _ = write!(out, "{v};");
    }
    let (d1, d2) = state.dice.unwrap_or((0, 0));
    let _ = writeln!(out, "{};{d1};{d2};", board[ON_ROLL][BAR]);
    out
}

/// Reads a Snowie `.txt` position and the players' names in it (player 0's first).
pub fn read_with_names(text: &str) -> Result<(PositionRecord, [String; 2]), FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (line_index, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty())
        .ok_or_else(|| FormatError::invalid(1, "empty file"))?;
    let line_no = line_index + 1;
    super::check_line_length(line_no, line)?;
    // fields with the column each starts at; the columns are counted as the line is walked once
    // (counting each field's column from the start of the line made a long line quadratic)
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut start = 0;
    let mut start_column = 1;
    let mut column = 1;
    for (i, c) in line.char_indices() {
        column += 1;
        if c == ';' {
            fields.push((start_column, line[start..i].trim()));
            start = i + 1;
            start_column = column;
        }
    }
    if !line[start..].trim().is_empty() {
        fields.push((start_column, line[start..].trim()));
    }
    if fields.len() < 40 {
        return Err(FormatError::syntax(
            line_no,
            line.chars().count() + 1,
            format!("40 fields expected, found {}", fields.len()),
        ));
    }
    let int = |k: usize, lo: i64, hi: i64| -> Result<i64, FormatError> {
        let (col, f) = fields[k];
        f.parse::<i64>().ok().filter(|v| (lo..=hi).contains(v)).ok_or_else(|| {
            FormatError::syntax(line_no, col, format!("field {k} must be a number from {lo} to {hi}, found {f:?}"))
        })
    };
    let match_length = int(0, 0, 32767)? as u16;
    let jacoby = int(1, 0, 1)? == 1;
    let on_roll = int(4, 0, 1)? as usize;
    let crawford = int(7, 0, 1)? == 1;
    let scores = [int(8, 0, 32767)? as u16, int(9, 0, 32767)? as u16];
    let cube_value = int(10, 1, 32768)? as u32;
    if !cube_value.is_power_of_two() {
        return Err(FormatError::syntax(line_no, fields[10].0, format!("cube {cube_value} is not a power of two")));
    }
    let owner = match int(11, -1, 1)? {
        1 => CubeOwner::Player(on_roll),
        -1 => CubeOwner::Player(1 - on_roll),
        _ => CubeOwner::Centred,
    };
    let cube = Cube::new(cube_value.trailing_zeros() as u8, owner)
        .ok_or_else(|| FormatError::syntax(line_no, fields[10].0, "cube too large"))?;
    let mut board = [[0u8; 25]; 2];
    board[OPPONENT][BAR] = int(12, -15, 0)?.unsigned_abs() as u8;
    for point in 1..=24usize {
        let v = int(12 + point, -15, 15)?;
        if v > 0 {
            board[ON_ROLL][point - 1] = v as u8;
        } else if v < 0 {
            board[OPPONENT][24 - point] = v.unsigned_abs() as u8;
        }
    }
    board[ON_ROLL][BAR] = int(37, 0, 15)? as u8;
    let position = Position::from_board(board).map_err(|e| FormatError::invalid(line_no, e.to_string()))?;
    let (d1, d2) = (int(38, 0, 6)? as u8, int(39, 0, 6)? as u8);
    let dice = match (d1, d2) {
        (0, 0) => None,
        (1..=6, 1..=6) => Some((d1, d2)),
        _ => return Err(FormatError::syntax(line_no, fields[38].0, "the dice must both be 0 or both 1 to 6")),
    };
    let mut score = [0u16; 2];
    score[on_roll] = scores[0];
    score[1 - on_roll] = scores[1];
    let state = MatchState {
        cube_log2: cube.log2(),
        cube_owner: cube.owner(),
        on_roll,
        crawford: crawford && match_length > 0,
        game_state: GameState::Playing,
        turn: on_roll,
        doubled: false,
        resignation: None,
        dice,
        match_length,
        score,
        no_jacoby: !(match_length == 0 && jacoby),
    };
    state.validate().map_err(|e| FormatError::invalid(line_no, e.to_string()))?;
    let mut names = [fields[5].1.to_string(), fields[6].1.to_string()];
    if on_roll == 1 {
        names.swap(0, 1);
    }
    Ok((PositionRecord { position, state }, names))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_gnubgs_exports() {
        // gnubg 1.07: `new match 5`, `set board 4HPkQSDgc/ABMA`, root (X, player 1) on roll, 31
        let rec =
            read("5;0;0;0;1;root;gnubg;0;0;0;1;0;0;-1;0;0;0;0;5;-1;3;0;0;0;-4;5;-1;0;0;-3;0;-5;0;0;0;0;2;0;3;1;\n")
                .unwrap();
        assert_eq!(rec.position.id(), "4HPkQSDgc/ABMA");
        assert_eq!((rec.state.on_roll, rec.state.dice, rec.state.match_length), (1, Some((3, 1)), 5));
        // gnubg: X on roll with one chequer on the bar, O with two (position 4Dn4AGjgc/AAWA)
        let rec = read("7;0;0;0;1;root;gnubg;0;0;0;1;0;-2;-1;0;0;0;0;5;0;3;0;0;0;-5;4;0;0;0;-3;0;-4;0;0;0;0;2;1;5;2;")
            .unwrap();
        assert_eq!(rec.position.id(), "4Dn4AGjgc/AAWA");
        // gnubg on roll at 3-5 (gnubg-root), cube 4 owned by root: owner -1 is the other player
        let rec = read("7;0;0;0;0;gnubg;root;0;3;5;4;-1;0;-2;0;0;0;0;5;0;3;0;0;1;-5;4;0;0;0;-3;1;-5;0;0;0;0;1;0;0;0;")
            .unwrap();
        assert_eq!((rec.state.on_roll, rec.state.score, rec.state.cube_value()), (0, [3, 5], 4));
        assert_eq!(rec.state.cube_owner, CubeOwner::Player(1));
        assert_eq!(rec.state.dice, None);
    }

    #[test]
    fn writes_gnubgs_exports_field_for_field() {
        // gnubg 1.07's `export position snowietxt` of the positions `pos`'s tests hold
        for (line, names) in [
            (
                "5;0;0;0;0;gnubg;root;0;0;0;1;0;0;-1;0;0;0;0;5;-1;3;0;0;0;-4;5;-1;0;0;-3;0;-5;0;0;0;0;2;0;3;1;\n",
                ["gnubg", "root"],
            ),
            (
                "0;1;0;1;1;Bo;Alice_Long;0;0;0;4;1;-2;-1;0;0;0;0;5;0;3;0;0;0;-5;4;0;0;0;-3;0;-4;0;0;0;0;2;1;3;1;\n",
                ["Alice_Long", "Bo"],
            ),
        ] {
            let (rec, read_names) = read_with_names(line).unwrap();
            assert_eq!(read_names, names.map(String::from));
            assert_eq!(write(&rec.position, &rec.state, &read_names), line);
        }
    }

    #[test]
    fn positions_round_trip() {
        let (rec, _) = read_with_names(
            "7;0;0;0;0;gnubg;root;0;3;5;4;-1;0;-2;0;0;0;0;5;0;3;0;0;1;-5;4;0;0;0;-3;1;-5;0;0;0;0;1;0;0;0;",
        )
        .unwrap();
        let names = ["a;b".to_string(), "c".to_string()];
        let text = write(&rec.position, &rec.state, &names);
        let (back, back_names) = read_with_names(&text).unwrap();
        assert_eq!(back, rec);
        assert_eq!(back_names, ["a_b".to_string(), "c".to_string()]);
        // the Crawford game at 6-3 of 7, player 1 to roll
        let mut state = rec.state;
        (state.score, state.crawford, state.on_roll, state.turn) = ([6, 3], true, 1, 1);
        let position = rec.position.swapped();
        let (back, _) = read_with_names(&write(&position, &state, &names)).unwrap();
        assert_eq!((back.position, back.state), (position, state));
    }

    #[test]
    fn errors_have_columns() {
        assert!(matches!(read(""), Err(FormatError::Invalid { line: 1, .. })));
        assert!(matches!(read("\n5;0;0"), Err(FormatError::Syntax { line: 2, .. })));
        let bad = "5;0;0;0;7;root;gnubg;0;0;0;1;0;0;-1;0;0;0;0;5;-1;3;0;0;0;-4;5;-1;0;0;-3;0;-5;0;0;0;0;2;0;3;1;";
        assert!(matches!(read(bad), Err(FormatError::Syntax { line: 1, column: 9, .. })));
        let sixteen = "5;0;0;0;1;root;gnubg;0;0;0;1;0;0;-1;0;0;0;0;16;-1;3;0;0;0;-4;5;-1;0;0;-3;0;-5;0;0;0;0;2;0;3;1;";
        assert!(read(sixteen).is_err());
    }
}
