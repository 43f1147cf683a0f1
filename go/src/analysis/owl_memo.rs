//! The owl's per-position answer store (GNU Go's persistent owl cache, issue 25's speed): the answer of
//! every [`crate::analysis::owl::owl_attack`] and [`crate::analysis::owl::owl_defend`] query and every
//! [`crate::analysis::owl::dragon_goal`] (and of every race, [`crate::analysis::semeai::analyze_semeai`]), kept by the position's hash with everything else the read
//! depends on (the goal's stones in order, the owl's limits, the reader's limits, its stack offset and
//! the root's last move), so that the same question on the same position is read once per thread: the
//! classic generator's analyse phase, the semeai gatherer (each race asked `attack_dragon` of the same
//! dragon up to twice, and one dragon is in several races), `more_owl_moves`, the blunder check, and the
//! GTP analysis commands on an unchanged board all share it.
//!
//! An answer from the store is the answer of the first read of the question. A fresh read of the same
//! question could differ only through the reader's own transposition table, which is shared by all
//! queries and lossy (a later read may meet deeper cached tactical results); measured on the regression
//! files, see [`crate::genmove::classic`]'s module doc for the figures.
//!
//! Not used while a read is being traced (`GO_OWL_TRACE`, [`crate::analysis::sgf_trace`]): a trace must
//! show the read. Cleared when the owl's pattern databases change ([`crate::analysis::owl::set_pattern_dir`])
//! and when it holds [`CAPACITY`] entries (answers of positions long gone).
//!
//! This module owns the store only; it reads nothing and must not change an answer.

use crate::analysis::read_result::ReadResult;
use crate::analysis::reading::{Limits, Reader};
use crate::rules::board::Board;
use crate::rules::stone::Point;
use std::cell::RefCell;
use std::collections::HashMap;

/// Entries kept before the store is emptied (a 19x19 generation asks a few hundred questions).
pub const CAPACITY: usize = 1 << 14;

/// The question asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    Attack,
    Defend,
    Goal,
    /// A capturing race ([`crate::analysis::semeai::analyze_semeai`]), the stones its two dragons.
    Semeai,
}

/// A stored answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Read(ReadResult, Option<Point>),
    Goal(Vec<Point>),
    /// A race's defence and attack results, its move, and whether it was read to the end.
    Race(ReadResult, ReadResult, Option<Point>, bool),
}

#[derive(Default)]
struct Store {
    map: HashMap<(u64, u64), Answer>,
    hits: u64,
    misses: u64,
}

thread_local! {
    static STORE: RefCell<Store> = RefCell::new(Store::default());
}

/// Whether the store is off: `GO_OWL_MEMO=0` (for measuring), or a read being traced.
fn off() -> bool {
    use std::sync::OnceLock;
    static OFF: OnceLock<bool> = OnceLock::new();
    *OFF.get_or_init(|| {
        std::env::var("GO_OWL_MEMO").is_ok_and(|v| v == "0")
            || std::env::var_os("GO_OWL_TRACE").is_some()
            || std::env::var_os("GO_SEMEAI_TRACE").is_some()
    }) || crate::analysis::sgf_trace::on()
}

fn mix(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
}

/// The key of `question` about `stones` (the goal, or the queried stone) on `board` read through `r`
/// with the owl's limits `owl` (their fields in order): two independent 64-bit hashes.
pub fn key(question: Question, board: &Board, stones: &[Point], r: &Reader, owl: [u64; 4]) -> (u64, u64) {
    let mut h = board.hash() ^ 0x2545_F491_4F6C_DD1D;
    let mut g = board.hash().rotate_left(31) ^ 0x6A09_E667_F3BC_C908;
    let mut put = |x: u64| {
        h = mix(h, x);
        g = mix(g.rotate_left(7), x ^ 0xBB67_AE85_84CA_A73B);
    };
    put(question as u64 + 1);
    put(board.size() as u64);
    put(u64::from(board.allow_suicide()));
    put(board.ko().map_or(0, |(k, c)| (u64::from(k) << 1 | c as u64) + 1));
    for x in owl {
        put(x);
    }
    // Every field, so that a new one is not forgotten here.
    let Limits {
        depth,
        branch_depth,
        backfill_depth,
        fourlib_depth,
        ko_depth,
        break_chain_depth,
        superstring_depth,
        ladder_depth,
        node_limit,
    } = r.limits;
    for x in [
        depth,
        branch_depth,
        backfill_depth,
        fourlib_depth,
        ko_depth,
        break_chain_depth,
        superstring_depth,
        ladder_depth,
    ] {
        put(x as u64);
    }
    put(node_limit);
    put(r.depth_offset as u64);
    put(r.root_last.map_or(0, |p| u64::from(p) + 1));
    put(stones.len() as u64);
    for &s in stones {
        put(u64::from(s));
    }
    (h, g)
}

/// The stored answer of `key`, or `read`'s (stored).
pub fn answer(key: (u64, u64), read: impl FnOnce() -> Answer) -> Answer {
    if off() {
        return read();
    }
    if let Some(a) = STORE.with(|s| {
        let mut s = s.borrow_mut();
        let a = s.map.get(&key).cloned();
        if a.is_some() {
            s.hits += 1;
        } else {
            s.misses += 1;
        }
        a
    }) {
        return a;
    }
    let a = read();
    STORE.with(|s| {
        let mut s = s.borrow_mut();
        if s.map.len() >= CAPACITY {
            s.map.clear();
        }
        s.map.insert(key, a.clone());
    });
    a
}

/// Forgets every stored answer (the owl's databases changed).
pub fn clear() {
    STORE.with(|s| s.borrow_mut().map.clear());
}

/// Questions answered from the store and read on this thread so far.
pub fn counts() -> (u64, u64) {
    STORE.with(|s| {
        let s = s.borrow();
        (s.hits, s.misses)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::owl::{attack_dragon, owl_attack, OwlLimits};
    use crate::analysis::read_result::ReadResult::{Lose, Win};
    use crate::rules::board::tests::board_from;
    use crate::rules::stone::Color;

    /// Black's corner with a straight three (vital point B9): the second identical question is answered
    /// from the store with the first read's answer; the same question after black's B9 (another
    /// position) and another reader limit are read again; a cleared store reads again.
    #[test]
    fn the_same_question_on_the_same_position_is_read_once() {
        let b = board_from(&[
            "...XO....",
            "XXXXO....",
            "OOOOO....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let mut r = Reader::new(&b);
        let a9 = b.point(0, 1);
        let limits = OwlLimits::default();
        let first = attack_dragon(&mut r, &b, a9, limits);
        assert_eq!(first, (Win, Some(b.point(1, 0))));
        let (hits, misses) = counts();
        assert_eq!(attack_dragon(&mut r, &b, a9, limits), first);
        // The goal and the read both answered from the store; the reader is back on the position.
        assert_eq!(counts(), (hits + 2, misses));
        assert_eq!(r.board().hash(), b.hash());
        let mut alive = b.clone();
        alive.play(crate::Move::Play(b.point(1, 0)), Color::Black).expect("legal");
        let goal = crate::analysis::owl::dragon_goal(&mut r, &b, a9);
        assert_eq!(owl_attack(&mut r, &alive, &goal, limits).0, Lose);
        assert_eq!(counts().1, misses + 1);
        r.limits.node_limit -= 1;
        assert_eq!(owl_attack(&mut r, &b, &goal, limits), first);
        assert_eq!(counts().1, misses + 2);
        r.limits.node_limit += 1;
        clear();
        assert_eq!(owl_attack(&mut r, &b, &goal, limits), first);
        assert_eq!(counts().1, misses + 3);
    }
}
