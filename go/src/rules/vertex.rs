//! GTP vertices (`D4`, `pass`, column letters A–Z without I, rows counted from the bottom) and colours
//! (`b`, `black`, `w`, `white`), all case-insensitive. Text conversion only: legality is the board's.

use crate::rules::board::Board;
use crate::rules::stone::{Color, Move};

const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The column letter of column `col` (0 = A); `?` past the 25 columns a board can have.
pub fn column_letter(col: u8) -> char {
    LETTERS.get(usize::from(col)).map_or('?', |&c| char::from(c))
}

/// Reads a colour.
pub fn parse_color(token: &str) -> Option<Color> {
    match token.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// Reads a vertex of a board of `board`'s size.
pub fn parse_vertex(token: &str, board: &Board) -> Option<Move> {
    let t = token.to_ascii_uppercase();
    if t == "PASS" {
        return Some(Move::Pass);
    }
    let mut chars = t.chars();
    let letter = chars.next()?;
    let col = LETTERS.iter().position(|&l| char::from(l) == letter)?;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
        return None;
    }
    let row: usize = digits.parse().ok()?;
    let size = board.size();
    if col >= size || row == 0 || row > size {
        return None;
    }
    Some(Move::Play(board.point(col as u8, (size - row) as u8)))
}

/// Writes a vertex (`PASS` for a pass, `??` for a point off the board).
pub fn format_vertex(board: &Board, mv: Move) -> String {
    match mv {
        Move::Pass => "PASS".into(),
        // Off the board is a caller's bug; it is written visibly wrong rather than panicking.
        Move::Play(p) if !board.on_board(p) => "??".into(),
        Move::Play(p) => {
            let (col, row) = board.coords(p);
            format!("{}{}", column_letter(col), board.size() - usize::from(row))
        }
    }
}

/// Writes a colour the way GTP answers use it.
pub fn format_color(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_round_trip_and_reject() {
        let b = Board::new(19);
        for p in b.points() {
            let s = format_vertex(&b, Move::Play(p));
            assert_eq!(parse_vertex(&s, &b), Some(Move::Play(p)));
            assert_eq!(parse_vertex(&s.to_lowercase(), &b), Some(Move::Play(p)));
        }
        assert_eq!(parse_vertex("Pass", &b), Some(Move::Pass));
        for bad in ["i5", "T20", "A0", "a", "5", "", "A+1", "Z1", "A01x", "A-1"] {
            assert_eq!(parse_vertex(bad, &b), None, "{bad}");
        }
        assert_eq!(format_vertex(&b, Move::Play(b.point(0, 18))), "A1");
        assert_eq!(format_vertex(&b, Move::Play(b.point(8, 0))), "J19");
        assert_eq!(parse_color("WHITE"), Some(Color::White));
        assert_eq!(parse_color("x"), None);
    }

    /// Regression: a point off the board (a border point, or past the array) panicked.
    #[test]
    fn points_off_the_board_are_written_without_panicking() {
        for size in [1, 9, 25] {
            let b = Board::new(size);
            for p in (0..=crate::rules::stone::ARRAY as u16 + 10).chain([u16::MAX]) {
                let s = format_vertex(&b, Move::Play(p));
                assert_eq!(b.on_board(p), s != "??", "{size} {p}");
            }
        }
        assert_eq!(column_letter(24), 'Z');
        assert_eq!(column_letter(25), '?');
    }
}
