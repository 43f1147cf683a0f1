//! The board as text in GNU Go's `showboard` layout (column letters above and below, row numbers on both
//! sides, `X` black, `O` white, `.` empty, `+` empty star points, the capture counts to the right of two
//! rows). Presentation only, for the standard command `showboard` ([`crate::gtp::standard`]).

use crate::rules::board::Board;
use crate::rules::stone::Color;
use crate::rules::vertex::column_letter;

/// Whether GNU Go marks (col, row-from-top) as a star point on a board of this size.
pub fn is_star_point(size: usize, col: usize, row: usize) -> bool {
    match size {
        2 | 4 => return false,
        1 | 3 => return col == size / 2 && row == size / 2,
        5 => return (col % 2 == 1 && row % 2 == 1) || (col == 2 && row == 2),
        _ => {}
    }
    let line = if size <= 11 { 2 } else { 3 };
    let mid = size / 2;
    let fold = |v: usize| v.min(size - 1 - v);
    let (c, r) = (fold(col), fold(row));
    if c == line && r == line {
        return true;
    }
    if size.is_multiple_of(2) {
        return false;
    }
    if size < 12 {
        return c == mid && r == mid;
    }
    (c == line || c == mid) && (r == line || r == mid)
}

/// The `showboard` text: starts with a newline (so that after GTP's `= ` the board begins on its own
/// line) and ends without one.
pub fn showboard(board: &Board) -> String {
    let size = board.size();
    let letters: String = (0..size).map(|c| format!(" {}", column_letter(c as u8))).collect();
    let mut out = format!("\n  {letters}\n");
    // GNU Go puts the two capture lines on the rows with index 8 and 9 from the top, or on the last two
    // rows of a smaller board (only the black line on a 1x1 board).
    let white_line = if size >= 10 { Some(8) } else { size.checked_sub(2) };
    let black_line = white_line.map_or(0, |w| w + 1);
    for row in 0..size {
        let number = size - row;
        out.push_str(&format!("{number:2}"));
        for col in 0..size {
            let p = board.point(col as u8, row as u8);
            let ch = match board.color(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if is_star_point(size, col, row) => '+',
                None => '.',
            };
            out.push(' ');
            out.push(ch);
        }
        out.push_str(&format!(" {number}"));
        if Some(row) == white_line {
            out.push_str(&format!("     WHITE (O) has captured {} stones", board.captures(Color::White)));
        } else if row == black_line {
            out.push_str(&format!("     BLACK (X) has captured {} stones", board.captures(Color::Black)));
        }
        out.push('\n');
    }
    out.push_str(&format!("  {letters}"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::stone::Move;

    #[test]
    fn layout_of_a_small_board() {
        let mut b = Board::new(5);
        for (c, r, color) in [(0, 3, Color::Black), (0, 4, Color::White), (1, 4, Color::Black)] {
            let p = b.point(c, r);
            b.play(Move::Play(p), color).unwrap();
        }
        // GNU Go 3.8: boardsize 5, play b a2, play w a1, play b b1, showboard.
        let expected = "
   A B C D E
 5 . . . . . 5
 4 . + . + . 4
 3 . . + . . 3
 2 X + . + . 2     WHITE (O) has captured 0 stones
 1 . X . . . 1     BLACK (X) has captured 1 stones
   A B C D E";
        assert_eq!(showboard(&b), expected);
    }

    #[test]
    fn capture_lines_on_tiny_and_big_boards() {
        let one = showboard(&Board::new(1));
        assert_eq!(one, "\n   A\n 1 + 1     BLACK (X) has captured 0 stones\n   A");
        let nineteen = showboard(&Board::new(19));
        assert!(
            nineteen.contains("\n11 . . . . . . . . . . . . . . . . . . . 11     WHITE (O) has captured 0 stones\n")
        );
        assert!(nineteen.contains("\n10 . . . + . . . . . + . . . . . + . . . 10     BLACK"));
    }
}
