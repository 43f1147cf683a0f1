//! End-of-game life and death for `final_score` and `final_status_list`: which stones are alive, dead or
//! in seki. It reads the position only and never changes it.
//!
//! Method: Monte-Carlo ownership. From the position, [`PLAYOUTS`] random playouts (see [`crate::playout`],
//! seeded from the position's hash so the answer is deterministic) are played to the end, and each point
//! is credited to the colour owning it at the end. A string is dead when the opponent owns its points in
//! more than half of the playouts. A living string is in seki when it shares a liberty owned by neither
//! side with a living opponent string, has at most two such neutral liberties and at most two liberties
//! it owns itself (a small eye, no territory).
//!
//! Limits (this is statistics, not reading): it is meant for finished games with closed boundaries. Groups
//! whose fate depends on precise play (a ko, a semeai, a nakade or an eye shape where the random players
//! err) can be misjudged; seki is recognised only when the shared liberties stay empty in the playouts; on
//! a board with open, unsettled areas the answer is a guess.

use crate::board::{Board, Color, Point, ARRAY};
use crate::playout::{area_margin, owner, playout_recording};
use engine_core::rng::seeded_rng;

/// Number of playouts per judgement.
pub const PLAYOUTS: usize = 256;

/// A string's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Alive,
    Dead,
    Seki,
}

/// Average ownership of every point over the playouts, indexed by [`Point`]: +1 black, -1 white.
pub fn ownership(board: &Board, to_move: Color, playouts: usize, seed: u64) -> Vec<f32> {
    estimate(board, to_move, playouts, seed, 0.0).ownership
}

/// What a batch of playouts says about a position.
#[derive(Debug, Clone)]
pub struct Estimate {
    /// Average ownership per point (+1 black, -1 white), indexed by [`Point`].
    pub ownership: Vec<f32>,
    /// Per point and colour (`[black, white]`): playouts in which that colour played there first, and
    /// how many of those it won ("all moves as first").
    pub amaf_plays: Vec<[u32; 2]>,
    pub amaf_wins: Vec<[u32; 2]>,
}

/// Runs `playouts` playouts (alternating who starts, beginning with `to_move`) and gathers ownership and
/// all-moves-as-first statistics, a playout being won by black when its area margin exceeds `komi`.
pub fn estimate(board: &Board, to_move: Color, playouts: usize, seed: u64, komi: f64) -> Estimate {
    let mut rng = seeded_rng(seed ^ board.hash());
    let mut total = vec![0i32; ARRAY];
    let mut amaf_plays = vec![[0u32; 2]; ARRAY];
    let mut amaf_wins = vec![[0u32; 2]; ARRAY];
    let mut first = vec![0u8; ARRAY];
    let size = board.size();
    for i in 0..playouts {
        let mut b = board.clone();
        b.set_allow_suicide(false);
        first.iter_mut().for_each(|f| *f = 0);
        let starter = if i % 2 == 0 { to_move } else { to_move.opponent() };
        playout_recording(&mut b, starter, &mut rng, 3 * size * size + 20, Some(&mut first));
        let black_wins = f64::from(area_margin(&b)) > komi;
        for p in b.points() {
            let pi = usize::from(p);
            match owner(&b, p) {
                Some(Color::Black) => total[pi] += 1,
                Some(Color::White) => total[pi] -= 1,
                None => {}
            }
            if first[pi] != 0 {
                let c = usize::from(first[pi] - 1);
                amaf_plays[pi][c] += 1;
                if black_wins == (c == 0) {
                    amaf_wins[pi][c] += 1;
                }
            }
        }
    }
    let ownership = total.iter().map(|&t| t as f32 / playouts.max(1) as f32).collect();
    Estimate { ownership, amaf_plays, amaf_wins }
}

/// The status of every point's stone (`None` for empty points), indexed by [`Point`].
pub fn statuses(board: &Board) -> Vec<Option<Status>> {
    let own = ownership(board, Color::Black, PLAYOUTS, 0x5eed);
    let mine = |p: Point, c: Color| if c == Color::Black { own[usize::from(p)] } else { -own[usize::from(p)] };
    let mut out = vec![None; ARRAY];
    for p in board.points() {
        let Some(c) = board.color(p) else { continue };
        if out[usize::from(p)].is_some() {
            continue;
        }
        // Judge the string as a whole: the mean over its stones.
        let stones: Vec<Point> = board.string_stones(p).collect();
        let mean = stones.iter().map(|&s| mine(s, c)).sum::<f32>() / stones.len() as f32;
        let status = if mean < 0.0 {
            Status::Dead
        } else if in_seki(board, p, c, &own) {
            Status::Seki
        } else {
            Status::Alive
        };
        for s in stones {
            out[usize::from(s)] = Some(status);
        }
    }
    out
}

// Seki: a living string with a liberty it shares with a living opponent string that neither side owns,
// few such neutral liberties and no real territory of its own (at most a small eye). A living wall next
// to dame has territory behind it, so dame alone does not make seki.
fn in_seki(board: &Board, p: Point, c: Color, own: &[f32]) -> bool {
    let mut libs = Vec::new();
    board.string_liberties(p, usize::MAX, &mut libs);
    let mine = |q: Point| if c == Color::Black { own[usize::from(q)] } else { -own[usize::from(q)] };
    let neutral: Vec<Point> = libs.iter().copied().filter(|&l| mine(l).abs() < 0.5).collect();
    let owned = libs.iter().filter(|&&l| mine(l) >= 0.5).count();
    let shared = neutral
        .iter()
        .any(|&l| Board::neighbors(l).iter().any(|&n| board.color(n) == Some(c.opponent()) && -mine(n) > 0.0));
    shared && neutral.len() <= 2 && owned <= 2
}

/// The dead stones.
pub fn dead_stones(board: &Board) -> Vec<Point> {
    let s = statuses(board);
    board.points().filter(|&p| s[usize::from(p)] == Some(Status::Dead)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::tests::board_from;

    #[test]
    fn dead_stone_in_territory() {
        let b = board_from(&[
            ". . X O . . .",
            ". . X O . X .",
            ". . X O . . .",
            ". . X O . . .",
            ". . X O . . .",
            ". . X O . . .",
            ". . X O . . .",
        ]);
        let s = statuses(&b);
        assert_eq!(s[usize::from(b.point(5, 1))], Some(Status::Dead));
        assert_eq!(s[usize::from(b.point(2, 0))], Some(Status::Alive));
        assert_eq!(s[usize::from(b.point(3, 0))], Some(Status::Alive));
        assert_eq!(dead_stones(&b), vec![b.point(5, 1)]);
    }

    #[test]
    fn one_small_eye_inside_a_living_wall_is_dead() {
        let b = board_from(&[
            ". . X O . . .",
            "X X X O . . .",
            "O O O O . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let s = statuses(&b);
        // Black has one two-point eye inside a living white wall: dead.
        assert_eq!(s[usize::from(b.point(0, 1))], Some(Status::Dead));
        assert_eq!(s[usize::from(b.point(3, 0))], Some(Status::Alive));
    }
}
