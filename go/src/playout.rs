//! Random playouts: from a position, both sides play uniformly random legal moves that do not fill their
//! own eye-like points (all neighbours their own colour) until two passes in a row. Used by the benchmark,
//! by [`crate::status`] to estimate who owns what at the end of a game, and available to search code.
//! Allocation-free: works on a [`Board`] in place.

use crate::board::{Board, Color, Point, MAX_SIZE};
use rand::Rng;

/// Whether `p` is an empty point whose neighbours are all `color` (or off the board).
#[inline]
pub fn is_eyelike(board: &Board, p: Point, color: Color) -> bool {
    Board::neighbors(p).iter().all(|&q| board.is_border(q) || board.color(q) == Some(color))
}

/// Plays a random game to the end (or `max_moves`) and returns the number of stones placed.
pub fn playout<R: Rng + ?Sized>(board: &mut Board, mut to_move: Color, rng: &mut R, max_moves: usize) -> usize {
    let mut points = [0 as Point; MAX_SIZE * MAX_SIZE];
    let mut n = 0;
    for p in board.points() {
        points[n] = p;
        n += 1;
    }
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        let start = rng.random_range(0..n);
        let mut played = false;
        for i in 0..n {
            let p = points[(start + i) % n];
            if board.is_empty(p) && !is_eyelike(board, p, to_move) && board.is_legal(p, to_move) {
                board.play_unchecked(p, to_move);
                played = true;
                break;
            }
        }
        if played {
            moves += 1;
            passes = 0;
        } else {
            board.clear_ko();
            passes += 1;
        }
        to_move = to_move.opponent();
    }
    moves
}

/// Who owns `p` at the end of a playout: its stone's colour, or the colour of all neighbours of an empty
/// point (`None` when mixed).
pub fn owner(board: &Board, p: Point) -> Option<Color> {
    if let Some(c) = board.color(p) {
        return Some(c);
    }
    let mut owner = None;
    for q in Board::neighbors(p) {
        if let Some(c) = board.color(q) {
            match owner {
                None => owner = Some(c),
                Some(o) if o != c => return None,
                _ => {}
            }
        }
    }
    owner
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::rng::seeded_rng;

    #[test]
    fn playouts_keep_invariants_and_fill_the_board() {
        let mut rng = seeded_rng(1);
        for size in [1, 2, 5, 9, 19] {
            for _ in 0..5 {
                let mut b = Board::new(size);
                playout(&mut b, Color::Black, &mut rng, 3 * size * size + 10);
                b.check_invariants().unwrap();
                // At the end every empty point is an eye of someone (or a point neither may fill).
                for p in b.points() {
                    if b.is_empty(p) && size > 1 {
                        assert!(owner(&b, p).is_some() || !b.is_legal(p, Color::Black) || !b.is_legal(p, Color::White));
                    }
                }
            }
        }
    }
}
