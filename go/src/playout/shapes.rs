//! The 3×3 shapes random playouts answer the last move with: hane, cuts and edge moves in the spirit of
//! the patterns Gelly, Wang, Munos and Teytaud published for MoGo ("Modification of UCT with patterns in
//! Monte-Carlo Go", INRIA RR-6062, 2006), written here as diagrams and expanded once into a table of
//! every 3×3 neighbourhood code (8 neighbours × 2 bits). Owns the shapes and the lookup; which move a
//! playout finally chooses is [`crate::playout`]'s business.
//!
//! Diagram letters (the centre is the empty candidate point): `X` `O` stones (either colour may stand for
//! either: every shape is tried with colours swapped and in all 8 orientations), `.` empty, `x` not `X`
//! (empty or `O`), `o` not `O`, `#` off the board, `?` anything.

use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, STRIDE};
use std::sync::OnceLock;

/// The shapes, rows top to bottom.
const SHAPES: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane that encloses
    ["XO.", "...", "?.?"], // hane that does not cut
    ["XO?", "X..", "x.?"], // hane with a turn (magari)
    ["XOO", "...", "?.?"], // thin hane
    ["XO?", "O.o", "?o?"], // unprotected cut
    ["XO?", "O.X", "???"], // cut after a peep
    ["?X?", "O.O", "ooo"], // push between two stones
    ["OX?", "o.O", "???"], // cut of a knight's move
    ["X.?", "O.?", "###"], // edge: chase
    ["OX?", "X.O", "###"], // edge: block the cut
    ["?X?", "x.O", "###"], // edge: block the connection
    ["?XO", "x.x", "###"], // edge: descend
    ["?OX", "X.O", "###"], // edge: cut
];

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

/// Whether the neighbourhood code of an empty point matches a shape.
fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// The 3×3 code of `p`: its 8 neighbours, row by row (NW N NE W E SW S SE), two bits each.
#[inline]
pub fn code(board: &Board, p: Point) -> u16 {
    let s = STRIDE as Point;
    let cells = [p - s - 1, p - s, p - s + 1, p - 1, p + 1, p + s - 1, p + s, p + s + 1];
    let mut c = 0u16;
    for q in cells {
        let v = match board.color(q) {
            Some(Color::Black) => BLACK,
            Some(Color::White) => WHITE,
            None if board.is_border(q) => EDGE,
            None => EMPTY,
        };
        c = (c << 2) | u16::from(v);
    }
    c
}

/// Whether the empty point `p` completes one of the shapes.
#[inline]
pub fn matches(board: &Board, p: Point) -> bool {
    let c = code(board, p);
    table()[usize::from(c >> 6)] >> (c & 63) & 1 == 1
}

fn build() -> Box<[u64; 1024]> {
    let mut t = Box::new([0u64; 1024]);
    for shape in SHAPES {
        let grid: Vec<Vec<u8>> = shape.iter().map(|r| r.bytes().collect()).collect();
        for sym in 0..8 {
            for swap in [false, true] {
                // The 8 neighbour cells in code order, read through the symmetry.
                let mut cells = [b'?'; 8];
                let mut i = 0;
                for r in 0..3i32 {
                    for c in 0..3i32 {
                        if r == 1 && c == 1 {
                            continue;
                        }
                        let (rr, cc) = transform(sym, r - 1, c - 1);
                        let ch = grid[(rr + 1) as usize][(cc + 1) as usize];
                        cells[i] = if swap { swap_colours(ch) } else { ch };
                        i += 1;
                    }
                }
                expand(&cells, 0, 0, &mut t);
            }
        }
    }
    t
}

/// The 8 symmetries of the square on offsets in -1..=1 (bit 4: transpose, 1: flip rows, 2: flip columns;
/// the fitted weights' codes turn by it too, [`crate::playout::gammas::transform`]).
pub(crate) fn transform(sym: u8, r: i32, c: i32) -> (i32, i32) {
    let (r, c) = if sym & 4 != 0 { (c, r) } else { (r, c) };
    let r = if sym & 1 != 0 { -r } else { r };
    let c = if sym & 2 != 0 { -c } else { c };
    (r, c)
}

fn swap_colours(ch: u8) -> u8 {
    match ch {
        b'X' => b'O',
        b'O' => b'X',
        b'x' => b'o',
        b'o' => b'x',
        other => other,
    }
}

fn allowed(ch: u8) -> &'static [u8] {
    match ch {
        b'X' => &[BLACK],
        b'O' => &[WHITE],
        b'.' => &[EMPTY],
        b'x' => &[EMPTY, WHITE],
        b'o' => &[EMPTY, BLACK],
        b'#' => &[EDGE],
        _ => &[EMPTY, BLACK, WHITE, EDGE],
    }
}

fn expand(cells: &[u8; 8], i: usize, code: u16, t: &mut [u64; 1024]) {
    if i == 8 {
        t[usize::from(code >> 6)] |= 1 << (code & 63);
        return;
    }
    for &v in allowed(cells[i]) {
        expand(cells, i + 1, (code << 2) | u16::from(v), t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::tests::board_from;

    #[test]
    fn hane_and_cut_match_in_every_orientation_and_colour() {
        // A hane at the head of two stones (centre (1,1) of the top-left 3×3) and its mirror images.
        let rows = [". X O . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."];
        let b = board_from(&rows);
        assert!(matches(&b, b.point(1, 1)), "non-cutting hane");
        // The same shape turned and with colours swapped.
        let b = board_from(&[". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . O X ."]);
        assert!(matches(&b, b.point(3, 3)));
        // A cut between two diagonal pairs.
        let b = board_from(&[". . . . .", ". X O . .", ". O . . .", ". . . . .", ". . . . ."]);
        assert!(matches(&b, b.point(2, 2)), "cut");
    }

    #[test]
    fn open_space_and_lone_stones_do_not_match() {
        let b = board_from(&[". . . . .", ". . . . .", ". . X . .", ". . . . .", ". . . . ."]);
        for p in b.points() {
            if b.is_empty(p) {
                assert!(!matches(&b, p), "{:?}", b.coords(p));
            }
        }
    }
}
