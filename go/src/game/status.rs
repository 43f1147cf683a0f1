//! End-of-game life and death for `final_score` and `final_status_list`: which stones are alive, dead or
//! in seki. It reads the position only and never changes it.
//!
//! Method: unconditional life and death ([`crate::game::unconditional`]) where it decides, otherwise
//! Monte-Carlo ownership. From the position, [`PLAYOUTS`] random playouts (see [`crate::playout`],
//! seeded from the position's hash so the answer is deterministic) are played to the end, and each point
//! is credited to the colour owning it at the end. A string is dead when the opponent owns its points in
//! more than half of the playouts. A living string is in seki when it shares a liberty owned by neither
//! side with a living opponent string, has at most two such neutral liberties and at most two liberties
//! it owns itself (a small eye, no territory).
//!
//! Strings short of liberties that the playouts call alive, and every apparent seki, are then checked by
//! a small local capture search ([`capturable`], [`captured_anyway`]): a semeai lost even with the first
//! move, or a seki refuted by a sacrifice and a killing shape (nakade, bent four), makes them dead.
//!
//! Limits: it is meant for finished games with closed boundaries. Large semeai and eye shapes beyond the
//! local search's depth can be misjudged; on a board with open, unsettled areas the answer is a guess.

use crate::game::unconditional::{unconditional_statuses, Unconditional};
use crate::playout::{area_margin, owner, playout_recording};
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY};
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
    let mut seki_candidates = Vec::new();
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
            seki_candidates.push(p);
            Status::Seki
        } else {
            Status::Alive
        };
        for s in stones {
            out[usize::from(s)] = Some(status);
        }
    }
    // Strings the playouts call alive but which are short of liberties get a local search: if they are
    // captured even when their owner moves first, they are dead (semeai and eye shapes that random play
    // misjudges).
    for p in board.points() {
        let Some(c) = board.color(p) else { continue };
        if board.string_id(p) != p || out[usize::from(p)] != Some(Status::Alive) || board.liberties(p) > 3 {
            continue;
        }
        if captured_anyway(board, p, c.opponent()) == Some(true) {
            set_string(board, p, Status::Dead, &mut out);
        }
    }
    // Random playouts never try the sacrifice that turns a seki-looking shape into a dead one (a
    // self-atari whose capture leaves a killable eye), so every seki is checked by a local search.
    let mut refuted = false;
    for &p in &seki_candidates {
        let attacker = board.color(p).map(Color::opponent).unwrap_or(Color::Black);
        if capturable(board, p, attacker) == Some(true) {
            set_string(board, p, Status::Dead, &mut out);
            refuted = true;
        }
    }
    // A seki needs a living partner: strings whose only seki partners turned out dead are alive.
    if refuted {
        for &p in &seki_candidates {
            if out[usize::from(p)] == Some(Status::Seki) && !has_seki_partner(board, p, &out) {
                set_string(board, p, Status::Alive, &mut out);
            }
        }
    }
    // What is settled unconditionally (pass-alive or dead whatever happens) overrides every estimate.
    let settled = unconditional_statuses(board);
    for p in board.points() {
        match settled[usize::from(p)] {
            Unconditional::Alive if board.color(p).is_some() => out[usize::from(p)] = Some(Status::Alive),
            Unconditional::Dead if board.color(p).is_some() => out[usize::from(p)] = Some(Status::Dead),
            _ => {}
        }
    }
    out
}

fn set_string(board: &Board, p: Point, status: Status, out: &mut [Option<Status>]) {
    for s in board.string_stones(p) {
        out[usize::from(s)] = Some(status);
    }
}

fn has_seki_partner(board: &Board, p: Point, out: &[Option<Status>]) -> bool {
    let Some(c) = board.color(p) else { return false };
    let mut libs = Vec::new();
    board.string_liberties(p, usize::MAX, &mut libs);
    libs.iter().any(|&l| {
        Board::neighbors(l)
            .iter()
            .any(|&n| board.color(n) == Some(c.opponent()) && out[usize::from(n)] == Some(Status::Seki))
    })
}

/// Plies and nodes the local capture search may spend before it gives up (answer unknown).
const LOCAL_DEPTH: u32 = 14;
const LOCAL_NODES: u32 = 100_000;

/// The local search's node count and the positions it has settled (by stones, ko point and whose turn):
/// a proof found once holds wherever the position recurs.
#[derive(Default)]
struct Local {
    nodes: u32,
    known: std::collections::HashMap<LocalKey, bool>,
}

/// Stones' hash, ko point, whether the attacker is to move.
type LocalKey = (u64, Option<(Point, Color)>, bool);
/// A string with this many liberties has more eye space than any killable (nakade) shape, which has at
/// most six points: the local search counts it as saved.
const SAFE_LIBERTIES: usize = 7;

/// Whether `attacker`, moving first, captures the string at `target` whatever its owner answers, playing
/// only on the string's liberties and on the liberties of the attacker's short-of-liberty strings next to
/// it (where seki and nakade are decided). Both sides may pass; the attacker fails when it has nothing
/// better. `None` when the search ran out of depth or nodes.
pub fn capturable(board: &Board, target: Point, attacker: Color) -> Option<bool> {
    let mut b = board.clone();
    b.set_allow_suicide(false);
    attack_node(&b, target, attacker, LOCAL_DEPTH, &mut Local::default())
}

/// As [`capturable`] with the string's owner moving first.
pub fn captured_anyway(board: &Board, target: Point, attacker: Color) -> Option<bool> {
    let mut b = board.clone();
    b.set_allow_suicide(false);
    defend_node(&b, target, attacker, LOCAL_DEPTH, &mut Local::default())
}

fn local_moves(board: &Board, target: Point, attacker: Color, out: &mut Vec<Point>) {
    out.clear();
    board.string_liberties(target, usize::MAX, out);
    // Attacker strings touching the target or sharing a liberty with it, when short of liberties: their
    // liberties are where captures (and so seki) are decided.
    let mut near: Vec<Point> = board.string_stones(target).collect();
    near.extend_from_slice(out);
    let mut seen = Vec::new();
    let mut libs = Vec::new();
    for s in near {
        for n in Board::neighbors(s) {
            if board.color(n) == Some(attacker) && board.liberties(n) <= 2 {
                let id = board.string_id(n);
                if !seen.contains(&id) {
                    seen.push(id);
                    libs.clear();
                    board.string_liberties(n, 2, &mut libs);
                    for &l in &libs {
                        if !out.contains(&l) {
                            out.push(l);
                        }
                    }
                }
            }
        }
    }
}

fn attack_node(board: &Board, target: Point, attacker: Color, depth: u32, cx: &mut Local) -> Option<bool> {
    node(board, target, attacker, true, depth, cx)
}

fn defend_node(board: &Board, target: Point, attacker: Color, depth: u32, cx: &mut Local) -> Option<bool> {
    node(board, target, attacker, false, depth, cx)
}

/// One node of the local search: settled answers first (captured, too many liberties, already proved),
/// then the moves of the side to play.
fn node(board: &Board, target: Point, attacker: Color, attacking: bool, depth: u32, cx: &mut Local) -> Option<bool> {
    if board.color(target) != Some(attacker.opponent()) {
        return Some(true);
    }
    if attacking && board.liberties(target) >= SAFE_LIBERTIES {
        return Some(false);
    }
    let key = (board.hash(), board.ko(), attacking);
    if let Some(&known) = cx.known.get(&key) {
        return Some(known);
    }
    cx.nodes += 1;
    if depth == 0 || cx.nodes > LOCAL_NODES {
        return None;
    }
    let result = if attacking {
        attack_moves(board, target, attacker, depth, cx)
    } else {
        defend_moves(board, target, attacker, depth, cx)
    };
    if let Some(r) = result {
        cx.known.insert(key, r);
    }
    result
}

fn attack_moves(board: &Board, target: Point, attacker: Color, depth: u32, cx: &mut Local) -> Option<bool> {
    let mut moves = Vec::new();
    local_moves(board, target, attacker, &mut moves);
    let mut unknown = false;
    for p in moves {
        if !board.is_legal(p, attacker) {
            continue;
        }
        let mut b = board.clone();
        b.play_unchecked(p, attacker);
        match defend_node(&b, target, attacker, depth - 1, cx) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => unknown = true,
        }
    }
    // Passing cannot capture: the defender passes too.
    if unknown {
        None
    } else {
        Some(false)
    }
}

fn defend_moves(board: &Board, target: Point, attacker: Color, depth: u32, cx: &mut Local) -> Option<bool> {
    let defender = attacker.opponent();
    let mut unknown = false;
    // Passing first: in a seki the defender's best move is none.
    let mut passed = board.clone();
    passed.clear_ko();
    match attack_node(&passed, target, attacker, depth - 1, cx) {
        Some(false) => return Some(false),
        Some(true) => {}
        None => unknown = true,
    }
    let mut moves = Vec::new();
    local_moves(board, target, attacker, &mut moves);
    for p in moves {
        if !board.is_legal(p, defender) {
            continue;
        }
        let mut b = board.clone();
        b.play_unchecked(p, defender);
        match attack_node(&b, target, attacker, depth - 1, cx) {
            Some(false) => return Some(false),
            Some(true) => {}
            None => unknown = true,
        }
    }
    if unknown {
        None
    } else {
        Some(true)
    }
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

    use crate::rules::board::tests::board_from;

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

    #[test]
    fn seki_that_a_sacrifice_and_nakade_refute_is_dead() {
        // GNU Go 3.8 vs go-gtp: the black group and the two white stones H9 H8 share the liberties G9 and
        // J9 and look like seki, but white G9 (self-atari), black J9 (captures three), white H9 leaves
        // black one eye. GNU Go scores the black group dead; so must we.
        let b = board_from(&[
            ". . O O X X . O .",
            ". . O X X X X O X",
            ". O O X X O X X X",
            "O O . O O O O O O",
            "X X O . O O X O X",
            ". X O . O X X O .",
            ". X X O O X . O .",
            ". O O . O X X X X",
            ". . . O X X X . X",
        ]);
        let s = statuses(&b);
        let at = |c: u8, r: u8| s[usize::from(b.point(c, r))];
        assert_eq!(at(4, 0), Some(Status::Dead), "E9 group");
        assert_eq!(at(7, 0), Some(Status::Alive), "H9");
        assert_eq!(at(7, 1), Some(Status::Alive), "H8");
        assert_eq!(capturable(&b, b.point(4, 0), Color::White), Some(true));
    }

    #[test]
    fn true_seki_survives_the_local_search() {
        // Hand-checked seki: each inner string has a one-point eye in the corner and they share one
        // liberty; whoever fills a shared liberty first is captured, so nobody can.
        let b = board_from(&[
            ". X X . O O .",
            "X X X O O O O",
            "O O O X X X X",
            ". . O X . . .",
            ". . O X . . .",
            ". . O X . . .",
            ". . O X . . .",
        ]);
        assert_eq!(capturable(&b, b.point(1, 0), Color::White), Some(false));
        assert_eq!(capturable(&b, b.point(4, 0), Color::Black), Some(false));
        let s = statuses(&b);
        assert_ne!(s[usize::from(b.point(1, 0))], Some(Status::Dead));
        assert_ne!(s[usize::from(b.point(4, 0))], Some(Status::Dead));
    }
}
