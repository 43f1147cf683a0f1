//! Fitted strengths of the 3×3 neighbourhoods for the playout policy (issue 27 item 1): a weight γ
//! per neighbourhood code ([`crate::playout::shapes::code`]) seen by the side to move, read once from
//! the generated file `gammas.txt` (written by `mkpat --fit-playout`, `gtp::playout_fit`, a layer above) into a
//! flat table of all 65 536 codes, so that a playout looks a neighbour's weight up without allocating.
//!
//! Normalisation: the side to move is always "black" in the file's codes (a white move's code has its
//! colours swapped first, [`to_black`]), and a code stands for its eight rotations and reflections
//! ([`canonical`], the least of them); the table holds every orientation, so a lookup is one load.
//! A code absent from the file has γ 1 (the strength of a move far from the last one: the fit's
//! baseline).

use crate::playout::shapes;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point};
use std::sync::OnceLock;

/// The generated weights: `#` comment lines, then one `CODE GAMMA` line per canonical code (hex code).
const GAMMAS: &str = include_str!("gammas.txt");

/// The code with black and white swapped: each 2-bit field 01 ↔ 10; empty (00) and edge (11) stay.
#[inline]
pub fn swap_colours(code: u16) -> u16 {
    ((code & 0x5555) << 1) | ((code & 0xaaaa) >> 1)
}

/// The code as the side to move `color` sees it (its own stones black).
#[inline]
pub fn to_black(code: u16, color: Color) -> u16 {
    if color == Color::Black {
        code
    } else {
        swap_colours(code)
    }
}

/// The offsets (row, column) of the 8 fields of a code, in code order (NW N NE W E SW S SE).
const CELLS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// `code` seen through symmetry `sym` (0..8: transpose, flip rows, flip columns).
pub fn transform(code: u16, sym: u8) -> u16 {
    let mut out = 0u16;
    for (i, &(r, c)) in CELLS.iter().enumerate() {
        let (r, c) = shapes::transform(sym, r, c);
        let j = CELLS.iter().position(|&x| x == (r, c)).unwrap_or(i);
        let v = (code >> (2 * (7 - i))) & 3;
        out |= v << (2 * (7 - j));
    }
    out
}

/// The least of the code's eight orientations: one name for a shape and its rotations and reflections.
pub fn canonical(code: u16) -> u16 {
    (0..8).map(|s| transform(code, s)).min().unwrap_or(code)
}

/// The table of γ by code (the side to move black).
fn table() -> &'static [f32] {
    static TABLE: OnceLock<Box<[f32]>> = OnceLock::new();
    TABLE.get_or_init(|| build(GAMMAS))
}

/// Parses the weights text into the table; malformed lines are skipped.
fn build(text: &str) -> Box<[f32]> {
    let mut t = vec![1.0f32; 1 << 16].into_boxed_slice();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut f = line.split_whitespace();
        let (Some(c), Some(g)) = (f.next(), f.next()) else { continue };
        let (Ok(c), Ok(g)) = (u16::from_str_radix(c, 16), g.parse::<f32>()) else { continue };
        if !(g.is_finite() && g > 0.0) {
            continue;
        }
        for s in 0..8 {
            t[usize::from(transform(c, s))] = g;
        }
    }
    t
}

/// γ of the empty point `p` for `color` to move.
#[inline]
pub fn gamma(board: &Board, p: Point, color: Color) -> f32 {
    table()[usize::from(to_black(super::shapes::code(board, p), color))]
}

/// γ of a code already seen by the side to move.
#[inline]
pub fn gamma_of(code: u16) -> f32 {
    table()[usize::from(code)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::shapes::code;
    use crate::rules::board::tests::board_from;

    #[test]
    fn symmetries_form_a_group_and_canonical_is_shared() {
        // A lopsided code: black NW, white E, edge S row.
        let c: u16 = (1 << 14) | (2 << 6) | 0b11_1111;
        let orbit: std::collections::BTreeSet<u16> = (0..8).map(|s| transform(c, s)).collect();
        assert_eq!(orbit.len(), 8, "a shape without symmetry has eight orientations");
        for &o in &orbit {
            assert_eq!(canonical(o), canonical(c));
        }
        assert_eq!(swap_colours(swap_colours(c)), c);
        assert_eq!(swap_colours(0xffff), 0xffff, "edges stay");
    }

    #[test]
    fn a_shape_its_rotations_and_colour_swap_share_one_weight() {
        let t = build("# test\n1234 2.5\n");
        let c = 0x1234u16;
        for s in 0..8 {
            assert_eq!(t[usize::from(transform(c, s))], 2.5);
        }
        // On a board: a hane for black at B4 and the same shape turned and with colours swapped for
        // white have the same code once seen by the side to move.
        let b1 = board_from(&[". X O . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."]);
        let b2 = board_from(&[". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . X O ."]);
        let k1 = canonical(to_black(code(&b1, b1.point(1, 1)), Color::White));
        let k2 = canonical(to_black(code(&b2, b2.point(3, 3)), Color::Black));
        assert_eq!(k1, k2);
        assert_eq!(gamma(&b1, b1.point(1, 1), Color::White), gamma(&b2, b2.point(3, 3), Color::Black));
    }

    #[test]
    fn the_committed_table_parses_and_is_not_flat() {
        let t = table();
        assert!(t.iter().all(|g| g.is_finite() && *g > 0.0));
        assert!(t.iter().any(|&g| g > 2.0) && t.iter().any(|&g| g < 0.5), "the fit separates shapes");
    }
}
