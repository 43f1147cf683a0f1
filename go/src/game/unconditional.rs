//! Unconditional (pass-alive) life and death, as GNU Go's `unconditional_status` reports it: stones that
//! can never be captured even if the opponent plays any number of moves in a row (Benson's algorithm),
//! stones that can never be made so, and the empty points the opponent can never live in.
//!
//! This module owns only that static analysis; it must not read tactically (see [`crate::analysis::reading`]) and
//! it does not change the position it is given.
//!
//! For each colour C (GNU Go's algorithm as its documentation describes it): the opponent, moving as
//! often as it likes, captures every C string that filling its liberties captures; the C strings left are
//! invincible (none left: nothing is settled). The opponent then fills the survivors' liberties, extends
//! its strings in atari, splits two-point eyes, and breaks one special seki shape of isolated two-stone
//! strings. The survivors' remaining liberties and opponent strings left in atari are C's territory;
//! opponent stones there are dead, and a capturable C string next to C's territory counts as alive.

use crate::rules::board::{Board, TryBoard};
use crate::rules::stone::{Color, Point, ARRAY};

/// The unconditional status of one point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unconditional {
    Undecided,
    Alive,
    Dead,
    Territory(Color),
}

impl Unconditional {
    /// GNU Go's GTP word for the status.
    pub fn gtp_name(self) -> &'static str {
        match self {
            Unconditional::Undecided => "undecided",
            Unconditional::Alive => "alive",
            Unconditional::Dead => "dead",
            Unconditional::Territory(Color::Black) => "black_territory",
            Unconditional::Territory(Color::White) => "white_territory",
        }
    }
}

/// What [`unconditional_life`] finds for one colour, indexed by point of the original board.
pub struct Life {
    /// Stones of the colour that can never be captured.
    pub invincible: Vec<bool>,
    /// Points (empty, or opponent stones that are dead) the opponent can never live on.
    pub territory: Vec<bool>,
}

/// Liberties of the string through `p`, in the board's walking order.
fn libs_of(b: &Board, p: Point) -> Vec<Point> {
    let mut v = Vec::new();
    b.string_liberties(p, usize::MAX, &mut v);
    v
}

/// The opponent, playing as many moves in a row as it likes, captures every string of `color` that such
/// moves capture (strings marked in `except` are left alone). Returns whether any string of `color`
/// outside `except` remains.
fn capture_strings(t: &mut TryBoard, color: Color, except: &[bool]) -> bool {
    let other = color.opponent();
    loop {
        let mut captured = false;
        let mut found = false;
        let points: Vec<Point> = t.board().points().collect();
        for &p in &points {
            let b = t.board();
            if b.color(p) != Some(color) || b.string_id(p) != p || except[usize::from(p)] {
                continue;
            }
            found = true;
            let start = t.depth();
            for l in libs_of(b, p) {
                t.trymove(l, other);
            }
            let b = t.board();
            if b.color(p).is_none() {
                captured = true;
            } else if b.liberties(p) == 1 {
                // The last liberty may be a ko capture the simple-ko rule forbids right now.
                let l = b.first_liberty(p).expect("one liberty");
                t.tryko(l, other);
                captured = true;
            } else {
                while t.depth() > start {
                    t.popgo();
                }
            }
        }
        if !captured {
            return found;
        }
    }
}

/// Liberties (at most 4) a stone of `color` on empty `p` would have, captures ignored.
fn approxlib(b: &Board, p: Point, color: Color) -> usize {
    let mut libs: Vec<Point> = Vec::new();
    for q in Board::neighbors(p) {
        if b.is_empty(q) {
            if !libs.contains(&q) {
                libs.push(q);
            }
        } else if b.color(q) == Some(color) {
            for l in libs_of(b, q) {
                if l != p && !libs.contains(&l) {
                    libs.push(l);
                }
            }
        }
    }
    libs.len().min(4)
}

/// Unconditional life for `color` (GNU Go's `unconditional_life`, following the algorithm its
/// documentation describes): invincible stones of `color` and its unconditional territory.
pub fn unconditional_life(board: &Board, color: Color) -> Life {
    let other = color.opponent();
    let mut invincible = vec![false; ARRAY];
    let mut territory = vec![false; ARRAY];
    let mut t = TryBoard::new(board.clone());
    // Isolated two-stone strings may be part of a seki the opponent cannot break: set them aside.
    let mut seki = vec![false; ARRAY];
    for p in board.points() {
        if board.color(p) != Some(color) || board.string_id(p) != p || board.string_size(p) != 2 {
            continue;
        }
        let stones: Vec<Point> = board.string_stones(p).collect();
        let isolated = stones.iter().all(|&s| {
            Board::neighbors(s).iter().chain(Board::diagonals(s).iter()).all(|&q| {
                board.on_board(q) && !(board.color(q) == Some(color) && board.string_id(q) != board.string_id(p))
            })
        });
        if isolated {
            for s in stones {
                seki[usize::from(s)] = true;
            }
        }
    }
    if !capture_strings(&mut t, color, &seki) {
        return Life { invincible, territory };
    }
    let points: Vec<Point> = board.points().collect();
    // 1. The opponent plays on every liberty of the surviving strings where it may.
    for &p in &points {
        let b = t.board();
        if b.color(p) != Some(color) || seki[usize::from(p)] || b.string_id(p) != p {
            continue;
        }
        for l in libs_of(b, p) {
            t.trymove(l, other);
        }
    }
    // 2. Opponent strings in atari extend while they can.
    loop {
        let mut found = false;
        for &p in &points {
            let b = t.board();
            if b.color(p) != Some(other) || b.liberties(p) > 1 {
                continue;
            }
            let l = b.first_liberty(p).expect("a liberty");
            if t.trymove(l, other) {
                found = true;
            }
        }
        if !found {
            break;
        }
    }
    // 3. A two-stone string in the special eye shape would be seki: give it a third stone.
    for &p in &points {
        let b = t.board();
        if !seki[usize::from(p)] || b.is_empty(p) || b.string_id(p) != p {
            continue;
        }
        let s = crate::rules::stone::STRIDE as i32;
        let dirs = [-s, 1, s, -1];
        let at = |x: i32| x as Point;
        let pi = i32::from(p);
        for r in 0..4 {
            let up = dirs[r];
            let mut right = dirs[(r + 1) % 4];
            let b = t.board();
            if b.color(at(pi + up)) != Some(color) || !b.is_empty(at(pi + 2 * up)) || !b.is_empty(at(pi - up)) {
                continue;
            }
            for k in 0..2 {
                if k == 1 {
                    right = -right;
                }
                let b = t.board();
                if !b.is_empty(at(pi + right)) || !b.is_empty(at(pi + up - right)) {
                    continue;
                }
                let mut local = 0;
                if t.board().is_empty(at(pi - right)) && t.trymove(at(pi - right), other) {
                    local += 1;
                }
                if t.board().is_empty(at(pi + up + right)) && t.trymove(at(pi + up + right), other) {
                    local += 1;
                }
                let b = t.board();
                let critical = b.color(at(pi - right)) == Some(other)
                    && b.color(at(pi + up + right)) == Some(other)
                    && b.string_id(at(pi - right)) == b.string_id(at(pi + up + right));
                for _ in 0..local {
                    t.popgo();
                }
                if critical {
                    t.trymove(at(pi - up), color);
                    break;
                }
            }
            if t.board().string_size(p) > 2 {
                break;
            }
        }
    }
    // 4. Capture the strings set aside.
    for &p in &points {
        let b = t.board();
        if !seki[usize::from(p)] || b.is_empty(p) {
            continue;
        }
        for l in libs_of(b, p) {
            t.trymove(l, other);
        }
    }
    // 5. Opponent strings with two adjacent liberties fill one, keeping the most open one.
    for &p in &points {
        let b = t.board();
        if b.color(p) != Some(other) || b.liberties(p) != 2 {
            continue;
        }
        let l = libs_of(b, p);
        let (a, c) = (l[0], l[1]);
        let (ac, ar) = b.coords(a);
        let (cc, cr) = b.coords(c);
        if ac.abs_diff(cc) + ar.abs_diff(cr) != 1 {
            continue;
        }
        let (aopen, copen) = (approxlib(b, a, color), approxlib(b, c, color));
        let (alib, clib) = (approxlib(b, a, other), approxlib(b, c, other));
        let pick = if aopen > copen || (aopen == copen && alib >= clib) { a } else { c };
        t.trymove(pick, other);
    }
    // Survivors are invincible; their liberties and opponent strings left in atari are territory.
    let b = t.board();
    for &p in &points {
        let i = usize::from(p);
        if b.color(p) == Some(color) && !seki[i] {
            invincible[i] = true;
            if b.string_id(p) == p {
                for l in libs_of(b, p) {
                    territory[usize::from(l)] = true;
                }
            }
        } else if b.color(p) == Some(other) && b.liberties(p) == 1 {
            territory[i] = true;
            territory[usize::from(b.first_liberty(p).expect("a liberty"))] = true;
        }
    }
    // Stones the analysis itself placed are not the colour's stones: on an empty point they count as
    // territory.
    for &p in &points {
        let i = usize::from(p);
        if invincible[i] && board.color(p) != Some(color) {
            invincible[i] = false;
            territory[i] = true;
        }
    }
    Life { invincible, territory }
}

/// The unconditional status of every point of `board`, indexed by point.
pub fn unconditional_statuses(board: &Board) -> Vec<Unconditional> {
    let lives = [unconditional_life(board, Color::Black), unconditional_life(board, Color::White)];
    let mut out = vec![Unconditional::Undecided; ARRAY];
    for p in board.points() {
        let i = usize::from(p);
        out[i] = match board.color(p) {
            None => {
                if lives[0].territory[i] {
                    Unconditional::Territory(Color::Black)
                } else if lives[1].territory[i] {
                    Unconditional::Territory(Color::White)
                } else {
                    Unconditional::Undecided
                }
            }
            Some(c) => {
                if lives[c.index()].invincible[i] {
                    Unconditional::Alive
                } else if lives[c.opponent().index()].territory[i] {
                    Unconditional::Dead
                } else if board
                    .string_stones(p)
                    .flat_map(Board::neighbors)
                    .any(|q| board.is_empty(q) && lives[c.index()].territory[usize::from(q)])
                {
                    // Capturable, but next to its own unconditional territory (GNU Go calls it alive).
                    Unconditional::Alive
                } else {
                    Unconditional::Undecided
                }
            }
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::tests::board_from;

    #[test]
    fn two_eyes_alive_and_dead_stone_inside() {
        let b = board_from(&[
            ". X . X O . .",
            "X X X X O . .",
            "O O O O O . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let st = unconditional_statuses(&b);
        let at = |c, r| st[usize::from(b.point(c, r))];
        // Black has two eyes but is enclosed: still pass-alive.
        assert_eq!(at(1, 0), Unconditional::Alive);
        assert_eq!(at(0, 0), Unconditional::Territory(Color::Black));
        assert_eq!(at(4, 0), Unconditional::Undecided);
        assert_eq!(at(6, 6), Unconditional::Undecided);
    }
}
