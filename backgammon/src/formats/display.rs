//! The board as text, in the ASCII layout `gnubg -t` prints with `show board`, so that people and
//! scripts used to gnubg read ours the same way: O (player 0) on top, X (player 1) below, the
//! points numbered from the side of the player on roll (`v` when X is on roll, `^` when O is), five
//! chequers drawn per point with the count (hex digit) in the fifth place of a taller stack, the
//! bar in the middle column, borne-off chequers three to a row at the right, and the score, dice,
//! cube and match length beside the board. Owns presentation only: no rules, no IDs.

use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};
use std::fmt::Write;

/// What is drawn beside the board: who is on roll, dice, cube, score and names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardAnnotations {
    /// The player on roll: 0 is O, 1 is X (gnubg's numbering).
    pub on_roll: usize,
    /// The dice the player on roll has rolled, if any.
    pub dice: Option<(u8, u8)>,
    pub cube_value: u32,
    /// The cube owner (0 = O, 1 = X), `None` when centred.
    pub cube_owner: Option<usize>,
    /// Match length, 0 for money play.
    pub match_length: u32,
    pub score: [u32; 2],
    pub crawford: bool,
    /// Chequers per side in the variant (15 in the standard game).
    pub chequers: u32,
    pub names: [String; 2],
}

impl Default for BoardAnnotations {
    fn default() -> Self {
        BoardAnnotations {
            on_roll: 1,
            dice: None,
            cube_value: 1,
            cube_owner: None,
            match_length: 0,
            score: [0, 0],
            crawford: false,
            chequers: 15,
            names: ["gammon".into(), "you".into()],
        }
    }
}

fn stack_char(count: u8, row: usize, owner: char) -> char {
    if (count as usize) <= row {
        ' '
    } else if row == 4 && count > 5 {
        char::from_digit(u32::from(count), 16).map_or('?', |c| c.to_ascii_uppercase())
    } else {
        owner
    }
}

/// Borne-off chequers fill columns of five, one per row, so row `row` shows one chequer for each
/// column that reaches it.
fn off_in_row(off: usize, row: usize) -> usize {
    (0..3).filter(|col| col * 5 + row < off).count()
}

fn points(n: u32) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

/// Draws `pos` (seen from the player on roll) with its IDs and annotations, as gnubg does.
pub fn draw_board(pos: &Position, position_id: &str, match_id: &str, a: &BoardAnnotations) -> String {
    // each player's own counts: x[i] is X's point i+1, o[i] is O's point i+1
    let (x, o) = if a.on_roll == 1 {
        (&pos.board()[ON_ROLL], &pos.board()[OPPONENT])
    } else {
        (&pos.board()[OPPONENT], &pos.board()[ON_ROLL])
    };
    let x_off = a.chequers.saturating_sub(x.iter().map(|&c| u32::from(c)).sum()) as usize;
    let o_off = a.chequers.saturating_sub(o.iter().map(|&c| u32::from(c)).sum()) as usize;
    let x_to_move = a.on_roll == 1;

    // the columns left to right, as X's point numbers
    let top: [usize; 12] = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
    let bottom: [usize; 12] = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    let header = |cols: &[usize; 12]| -> String {
        let mut s = String::from("+");
        for (k, &p) in cols.iter().enumerate() {
            let shown = if x_to_move { p } else { 25 - p };
            if k == 6 {
                s.push_str("-----");
            }
            if shown < 10 {
                let _ = write!(s, "-{shown}-");
            } else {
                let _ = write!(s, "{shown}-");
            }
        }
        s.push('+');
        s
    };

    let cell = |p: usize, row: usize| -> char {
        let xc = x[p - 1];
        let oc = o[24 - p];
        if xc > 0 {
            stack_char(xc, row, 'X')
        } else {
            stack_char(oc, row, 'O')
        }
    };

    let cube_text = format!("(Cube: {})", a.cube_value);
    let match_text = if a.match_length > 0 {
        if a.match_length == 1 {
            "1 point match".to_string()
        } else {
            format!("{} points match", a.match_length)
        }
    } else {
        String::new()
    };
    let dice_text = match a.dice {
        Some((d1, d2)) => format!("Rolled {d1}{d2}"),
        None => "On roll".to_string(),
    };

    let mut out = String::new();
    let _ = writeln!(out, " GNU Backgammon  Position ID: {position_id}");
    let _ = writeln!(out, "                 Match ID   : {match_id}");
    let mut top_line = format!(" {}     O: {}", header(&top), a.names[0]);
    if a.cube_owner == Some(0) {
        let _ = write!(top_line, " {cube_text}");
    }
    let _ = writeln!(out, "{top_line}");

    // the half-board of one player: its columns, bar and borne-off chequers, and its notes
    let half = |out: &mut String, cols: &[usize; 12], rows: &[usize], player: usize| {
        let (mark, bar, off) = if player == 0 { ('O', o[BAR], o_off) } else { ('X', x[BAR], x_off) };
        for &row in rows {
            let mut line = String::from(" |");
            for (k, &p) in cols.iter().enumerate() {
                if k == 6 {
                    let _ = write!(line, "| {} |", stack_char(bar, row, mark));
                }
                let _ = write!(line, " {} ", cell(p, row));
            }
            line.push('|');
            let off = mark.to_string().repeat(off_in_row(off, row));
            let annotation = match row {
                0 => points(a.score[player]),
                1 if a.on_roll == player => dice_text.clone(),
                _ => String::new(),
            };
            // the row next to the middle has no note column, as gnubg draws it
            if row == 4 {
                let _ = write!(line, " {off:<3}");
            } else {
                let _ = write!(line, " {off:<3} {annotation}");
            }
            let _ = writeln!(out, "{line}");
        }
    };
    half(&mut out, &top, &[0, 1, 2, 3, 4], 0);

    let mut middle = format!("{}|                  |BAR|                  |     ", if x_to_move { 'v' } else { '^' });
    let mut mid_text = match_text;
    if a.crawford {
        if !mid_text.is_empty() {
            mid_text.push(' ');
        }
        mid_text.push_str("(Crawford game)");
    } else if a.cube_owner.is_none() {
        if !mid_text.is_empty() {
            mid_text.push(' ');
        }
        mid_text.push_str(&cube_text);
    }
    middle.push_str(&mid_text);
    let _ = writeln!(out, "{middle}");

    half(&mut out, &bottom, &[4, 3, 2, 1, 0], 1);
    let mut bottom_line = format!(" {}     X: {}", header(&bottom), a.names[1]);
    if a.cube_owner == Some(1) {
        let _ = write!(bottom_line, " {cube_text}");
    }
    let _ = writeln!(out, "{bottom_line}");
    let _ = writeln!(out, "Pip counts: O {}, X {}", pips(o), pips(x));
    out
}

fn pips(side: &[u8; 25]) -> u32 {
    side.iter().enumerate().map(|(i, &c)| (i as u32 + 1) * u32::from(c)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// gnubg 1.07 `show board` after `new game` with X on roll, 31 rolled (names "gnubg"/"root").
    const GNUBG_OPENING: &str = " GNU Backgammon  Position ID: 4HPwATDgc/ABMA
                 Match ID   : cIkFAAAAAAAA
 +13-14-15-16-17-18------19-20-21-22-23-24-+     O: gnubg
 | X           O    |   | O              X |     0 points
 | X           O    |   | O              X |     
 | X           O    |   | O                |     
 | X                |   | O                |     
 | X                |   | O                |    
v|                  |BAR|                  |     (Cube: 1)
 | O                |   | X                |    
 | O                |   | X                |     
 | O           X    |   | X                |     
 | O           X    |   | X              O |     Rolled 31
 | O           X    |   | X              O |     0 points
 +12-11-10--9--8--7-------6--5--4--3--2--1-+     X: root
";

    #[test]
    fn opening_board_matches_gnubg_byte_for_byte() {
        let p = Position::from_id("4HPwATDgc/ABMA").unwrap();
        let a = BoardAnnotations {
            dice: Some((3, 1)),
            names: ["gnubg".into(), "root".into()],
            ..BoardAnnotations::default()
        };
        let drawn = draw_board(&p, "4HPwATDgc/ABMA", "cIkFAAAAAAAA", &a);
        let board: String = drawn.lines().take(15).map(|l| format!("{l}\n")).collect();
        assert_eq!(board, GNUBG_OPENING);
        assert_eq!(drawn.lines().nth(15), Some("Pip counts: O 167, X 167"));
    }

    #[test]
    fn flipped_board_with_bars_stacks_and_borne_off() {
        // gnubg 1.07 for fwAGADr4BwDAAA with O on roll (MAEFAAAAAAAA, 21 rolled)
        let want = [
            " +12-11-10--9--8--7-------6--5--4--3--2--1-+     O: gnubg",
            " |                  | O | O              O | O   0 points",
            " |                  | O | O              O | O   Rolled 21",
            " |                  |   | O              O |     ",
            " |                  |   | O                |     ",
            " |                  |   | 8                |    ",
            "^|                  |BAR|                  |     (Cube: 1)",
            " |                  |   |                7 | X  ",
            " |                  |   |                X | X   ",
            " |                  |   |                X | X   ",
            " |    X             |   |                X | X   ",
            " |    X             | X |                X | X   0 points",
            " +13-14-15-16-17-18------19-20-21-22-23-24-+     X: root",
        ];
        let p = Position::from_id("fwAGADr4BwDAAA").unwrap();
        let a = BoardAnnotations {
            on_roll: 0,
            dice: Some((2, 1)),
            names: ["gnubg".into(), "root".into()],
            ..BoardAnnotations::default()
        };
        let drawn = draw_board(&p, "fwAGADr4BwDAAA", "MAEFAAAAAAAA", &a);
        let got: Vec<&str> = drawn.lines().skip(2).take(13).collect();
        assert_eq!(got, want);
    }
}
