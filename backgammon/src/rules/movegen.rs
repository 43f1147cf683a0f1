//! Legal play generation: for a position and a roll, every distinct resulting position with one
//! play that reaches it.
//!
//! The rules are those of the GNU Backgammon manual ("Rules of Backgammon"): chequers on the bar
//! enter first (a chequer that cannot enter forfeits the rest of the roll); both dice are used when
//! possible, otherwise the larger one when either could be played alone; as many of a double as
//! possible; bearing off only with every chequer home, exactly or — with no chequer higher — from
//! the highest point. A chequer moving twice must land legally on its intermediate point.
//!
//! Hot path: a depth-first search over the dice on a private copy of the board with bit masks of
//! occupied points, an incrementally updated Zobrist hash, and a reusable open-addressing table to
//! drop duplicate results. Nothing is allocated per generated play once the output list has grown
//! to its working size. This module owns generation only; formatting lives in `notation`.

use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};

/// One chequer moving once: `from` is 1..=24 or 25 for the bar, `to` is 1..=24 or 0 for off.
/// Points are numbered from the mover's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SubMove {
    pub from: u8,
    pub to: u8,
    /// The die this step used (it can exceed `from - to` when bearing off from below).
    pub die: u8,
    /// The step hit a blot.
    pub hit: bool,
}

/// A whole play (up to four steps) and the position it leads to (same player on roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    steps: [SubMove; 4],
    len: u8,
    result: Position,
}

impl Play {
    /// The steps in the order they were played.
    pub fn steps(&self) -> &[SubMove] {
        &self.steps[..self.len as usize]
    }

    /// The position after the play, with the player who moved still on roll (not swapped).
    pub fn result(&self) -> &Position {
        &self.result
    }
}

/// The maximum number of distinct plays in any position is a few thousand (gnubg uses 3,060);
/// the dedupe table keeps its load under one half.
const TABLE_BITS: u32 = 13;
const TABLE_SIZE: usize = 1 << TABLE_BITS;

#[derive(Clone, Copy, Default)]
struct Slot {
    stamp: u32,
    index: u32,
}

/// Zobrist keys per side, slot and count (0..=15).
static ZOBRIST: [[[u64; 16]; 25]; 2] = zobrist_table();

const fn zobrist_table() -> [[[u64; 16]; 25]; 2] {
    let mut t = [[[0u64; 16]; 25]; 2];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut s = 0;
    while s < 2 {
        let mut i = 0;
        while i < 25 {
            let mut n = 0;
            while n < 16 {
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                t[s][i][n] = z ^ (z >> 31);
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Generates legal plays. Keep one per thread and reuse it: its buffers are allocated once.
pub struct MoveGenerator {
    plays: Vec<Play>,
    hashes: Vec<u64>,
    table: Box<[Slot]>,
    stamp: u32,
    max_used: u8,
    // search state
    board: [[u8; 25]; 2],
    hash: u64,
    /// bit i: the mover has a chequer on slot i (0..24 points, 24 bar)
    mine: u32,
    /// the mover's chequers outside its home board (slots 6..=24)
    outside: u8,
    dice: [u8; 4],
    ndice: u8,
    steps: [SubMove; 4],
}

impl Default for MoveGenerator {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveGenerator {
    pub fn new() -> Self {
        MoveGenerator {
            plays: Vec::with_capacity(64),
            hashes: Vec::with_capacity(64),
            table: vec![Slot::default(); TABLE_SIZE].into_boxed_slice(),
            stamp: 0,
            max_used: 0,
            board: [[0; 25]; 2],
            hash: 0,
            mine: 0,
            outside: 0,
            dice: [0; 4],
            ndice: 0,
            steps: [SubMove::default(); 4],
        }
    }

    /// All distinct legal plays of `pos` (player on roll moving) with dice `d1`, `d2` (1..=6).
    /// Empty when the player cannot move at all. The slice lives until the next call.
    pub fn generate(&mut self, pos: &Position, d1: u8, d2: u8) -> &[Play] {
        debug_assert!((1..=6).contains(&d1) && (1..=6).contains(&d2));
        self.plays.clear();
        self.hashes.clear();
        self.next_stamp();
        self.max_used = 0;
        self.board = *pos.board();
        self.hash = 0;
        self.mine = 0;
        self.outside = 0;
        for s in 0..2 {
            for i in 0..25 {
                self.hash ^= ZOBRIST[s][i][self.board[s][i] as usize & 15];
            }
        }
        for i in 0..25 {
            if self.board[ON_ROLL][i] > 0 {
                self.mine |= 1 << i;
                if i >= 6 {
                    self.outside += self.board[ON_ROLL][i];
                }
            }
        }
        let (hi, lo) = if d1 >= d2 { (d1, d2) } else { (d2, d1) };
        if hi == lo {
            self.dice = [hi; 4];
            self.ndice = 4;
            self.search(0, BAR);
        } else {
            self.ndice = 2;
            self.dice = [hi, lo, 0, 0];
            self.search(0, BAR);
            // The reversed order reaches positions the first cannot (the low die first can
            // enter from the bar, or pass over a blocked intermediate point).
            self.dice = [lo, hi, 0, 0];
            self.search(0, BAR);
            if self.max_used == 1 && self.plays.iter().any(|p| p.steps[0].die == hi) {
                self.plays.retain(|p| p.steps[0].die == hi);
            }
        }
        if self.max_used == 0 {
            self.plays.clear();
        }
        &self.plays
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.table.fill(Slot::default());
            self.stamp = 1;
        }
    }

    /// Tries every legal step for die number `depth` from slots `<= top`.
    fn search(&mut self, depth: u8, top: usize) {
        let die = self.dice[depth as usize];
        let double = self.ndice == 4;
        let mut moved = false;
        let candidates = if self.board[ON_ROLL][BAR] > 0 {
            if top < BAR {
                0
            } else {
                1 << BAR
            }
        } else {
            self.mine & ((2u32 << top) - 1)
        };
        let mut m = candidates;
        while m != 0 {
            let i = 31 - m.leading_zeros() as usize;
            m &= !(1 << i);
            if let Some((to, hit)) = self.step_target(i, die) {
                moved = true;
                self.apply(i, to, hit);
                self.steps[depth as usize] =
                    SubMove { from: (i + 1) as u8, to: if to < 0 { 0 } else { (to + 1) as u8 }, die, hit };
                if depth + 1 < self.ndice {
                    self.search(depth + 1, if double { i } else { BAR });
                } else {
                    self.leaf(depth + 1);
                }
                self.undo(i, to, hit);
            }
        }
        if !moved {
            self.leaf(depth);
        }
    }

    /// Where a chequer on slot `i` lands with `die` (negative: borne off) and whether it hits,
    /// or `None` if the step is illegal.
    #[inline]
    fn step_target(&self, i: usize, die: u8) -> Option<(i32, bool)> {
        let to = i as i32 - i32::from(die);
        if to >= 0 {
            let opp = self.board[OPPONENT][23 - to as usize];
            if opp >= 2 {
                None
            } else {
                Some((to, opp == 1))
            }
        } else if self.outside > 0 {
            None
        } else if to == -1 || self.mine >> (i + 1) == 0 {
            Some((-1, false))
        } else {
            None
        }
    }

    #[inline]
    fn apply(&mut self, i: usize, to: i32, hit: bool) {
        let me = &mut self.board[ON_ROLL];
        let n = me[i] as usize;
        self.hash ^= ZOBRIST[ON_ROLL][i][n] ^ ZOBRIST[ON_ROLL][i][n - 1];
        me[i] -= 1;
        if me[i] == 0 {
            self.mine &= !(1 << i);
        }
        if to >= 0 {
            let t = to as usize;
            let n = me[t] as usize;
            self.hash ^= ZOBRIST[ON_ROLL][t][n] ^ ZOBRIST[ON_ROLL][t][n + 1];
            me[t] += 1;
            self.mine |= 1 << t;
            if i >= 6 && t < 6 {
                self.outside -= 1;
            }
            if hit {
                let opp = &mut self.board[OPPONENT];
                let o = 23 - t;
                let b = opp[BAR] as usize;
                self.hash ^= ZOBRIST[OPPONENT][o][1]
                    ^ ZOBRIST[OPPONENT][o][0]
                    ^ ZOBRIST[OPPONENT][BAR][b]
                    ^ ZOBRIST[OPPONENT][BAR][b + 1];
                opp[o] = 0;
                opp[BAR] += 1;
            }
        }
    }

    #[inline]
    fn undo(&mut self, i: usize, to: i32, hit: bool) {
        if to >= 0 {
            let t = to as usize;
            if hit {
                let opp = &mut self.board[OPPONENT];
                let o = 23 - t;
                let b = opp[BAR] as usize;
                self.hash ^= ZOBRIST[OPPONENT][o][1]
                    ^ ZOBRIST[OPPONENT][o][0]
                    ^ ZOBRIST[OPPONENT][BAR][b]
                    ^ ZOBRIST[OPPONENT][BAR][b - 1];
                opp[o] = 1;
                opp[BAR] -= 1;
            }
            let me = &mut self.board[ON_ROLL];
            let n = me[t] as usize;
            self.hash ^= ZOBRIST[ON_ROLL][t][n] ^ ZOBRIST[ON_ROLL][t][n - 1];
            me[t] -= 1;
            if me[t] == 0 {
                self.mine &= !(1 << t);
            }
            if i >= 6 && t < 6 {
                self.outside += 1;
            }
        }
        let me = &mut self.board[ON_ROLL];
        let n = me[i] as usize;
        self.hash ^= ZOBRIST[ON_ROLL][i][n] ^ ZOBRIST[ON_ROLL][i][n + 1];
        me[i] += 1;
        self.mine |= 1 << i;
    }

    /// Records the current board as a play that used `used` dice.
    fn leaf(&mut self, used: u8) {
        if used < self.max_used {
            return;
        }
        if used > self.max_used {
            self.max_used = used;
            self.plays.clear();
            self.hashes.clear();
            self.next_stamp();
        }
        let mask = TABLE_SIZE - 1;
        let mut slot = (self.hash as usize ^ (self.hash >> 32) as usize) & mask;
        loop {
            let s = self.table[slot];
            if s.stamp != self.stamp {
                break;
            }
            let idx = s.index as usize;
            if self.hashes[idx] == self.hash && *self.plays[idx].result.board() == self.board {
                return;
            }
            slot = (slot + 1) & mask;
        }
        self.table[slot] = Slot { stamp: self.stamp, index: self.plays.len() as u32 };
        self.hashes.push(self.hash);
        self.plays.push(Play { steps: self.steps, len: used, result: Position::from_board_unchecked(self.board) });
    }
}

/// One step on a raw board (`Position::board()` layout): where a chequer of the player on roll
/// on its point `from` (25 = bar) lands with `die` (0 = borne off) and whether it hits, or `None`
/// if the step is not allowed. The rules are those of the generator; its search uses an
/// incremental copy of them for speed, and the differential tests hold both to gnubg.
pub fn step_target(board: &[[u8; 25]; 2], from: u8, die: u8) -> Option<(u8, bool)> {
    let me = &board[ON_ROLL];
    let f = from as usize;
    if me[f - 1] == 0 || (me[BAR] > 0 && f != 25) {
        return None;
    }
    let to = f as i32 - i32::from(die);
    if to >= 1 {
        let opp = board[OPPONENT][24 - to as usize];
        return (opp < 2).then_some((to as u8, opp == 1));
    }
    let all_home = me[6..].iter().all(|&n| n == 0);
    // bearing off from below the die needs no chequer on a higher point
    (all_home && (to == 0 || me[f..24].iter().all(|&n| n == 0))).then_some((0, false))
}

/// Plays one step found by [`step_target`].
pub fn apply_step(board: &mut [[u8; 25]; 2], from: u8, to: u8, hit: bool) {
    board[ON_ROLL][from as usize - 1] -= 1;
    if to > 0 {
        board[ON_ROLL][to as usize - 1] += 1;
        if hit {
            board[OPPONENT][24 - to as usize] = 0;
            board[OPPONENT][BAR] += 1;
        }
    }
}

/// Convenience: the legal plays of `pos` with a fresh generator (allocates; use a
/// [`MoveGenerator`] in loops).
pub fn legal_plays(pos: &Position, d1: u8, d2: u8) -> Vec<Play> {
    MoveGenerator::new().generate(pos, d1, d2).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;
    use std::collections::BTreeSet;

    fn notations(pos: &Position, d1: u8, d2: u8) -> BTreeSet<String> {
        legal_plays(pos, d1, d2).iter().map(|p| p.notation()).collect()
    }

    fn pos(me: &[(usize, u8)], opp: &[(usize, u8)]) -> Position {
        Position::from_points(me, opp).unwrap()
    }

    #[test]
    fn opening_six_two_has_the_fourteen_plays_gnubg_lists() {
        // gnubg 1.07 `hint` lists exactly these 14 plays for 62 from the opening position
        // (gnubg-nn's moves() returns 14 too).
        let want: BTreeSet<String> = [
            "24/18 13/11",
            "24/16",
            "13/5",
            "24/22 24/18",
            "13/11 13/7",
            "24/22 13/7",
            "24/18 8/6",
            "24/18 6/4",
            "13/7 6/4",
            "13/7 8/6",
            "24/22 8/2",
            "13/11 8/2",
            "8/2 6/4",
            "8/6 8/2",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(notations(&Variant::Standard.starting_position(), 6, 2), want);
    }

    #[test]
    fn gnubg_hit_notation() {
        // Observed in gnubg 1.07 hint output for this position (AAAyBMzgAAAAAA).
        let p = pos(&[(13, 3), (8, 2), (6, 2)], &[(18, 1), (24, 1), (20, 2)]);
        assert_eq!(p.id(), "AAAyBMzgAAAAAA");
        let n66 = notations(&p, 6, 6);
        for s in ["13/7*/1*(2)", "13/7*(2) 8/2(2)", "13/7*/1* 13/7(2)", "13/7*(3) 8/2"] {
            assert!(n66.contains(s), "{s} missing from {n66:?}");
        }
        let n65 = notations(&p, 6, 5);
        for s in ["13/8 13/7*", "13/7*/2", "13/2", "13/7* 6/1*", "8/3 8/2"] {
            assert!(n65.contains(s), "{s} missing from {n65:?}");
        }
        let n33 = notations(&p, 3, 3);
        for s in ["13/7*/4 13/10", "13/10(3) 6/3", "13/7*/1*"] {
            assert!(n33.contains(s), "{s} missing from {n33:?}");
        }
    }

    #[test]
    fn bar_entry_first_and_forfeit() {
        // one chequer on the bar; the opponent holds its 1-5 points (our 24-20), so only 6s enter
        let p = pos(&[(25, 1), (13, 2)], &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)]);
        // 66: enter, then three 6s among three chequers; only three distinct results
        let want: BTreeSet<String> =
            ["bar/1", "bar/19 13/1 13/7", "bar/7 13/7"].iter().map(|s| s.to_string()).collect();
        assert_eq!(notations(&p, 6, 6), want);
        // 54 cannot enter: no play at all
        assert!(legal_plays(&p, 5, 4).is_empty());
        // two on the bar, only one can enter: enter it and forfeit the rest
        let p2 = pos(&[(25, 2), (13, 2)], &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)]);
        assert_eq!(notations(&p2, 6, 5), BTreeSet::from(["bar/19".to_string()]));
    }

    #[test]
    fn larger_die_when_only_one_can_be_played() {
        // a lone chequer on our 8 point; 6 and 1 each playable alone but not both in sequence:
        // 8/2 then 2/1 blocked, 8/7 then 7/1 blocked.
        let p = pos(&[(8, 1)], &[(24, 2), (18, 2)]);
        // opponent points 24 and 18 are our 1 and 7
        assert_eq!(notations(&p, 6, 1), BTreeSet::from(["8/2".to_string()]));
    }

    #[test]
    fn bearing_off_rules() {
        let one = |v: &str| BTreeSet::from([v.to_string()]);
        // 55: the 6 point chequer must move first (bearing off from 2 with a 5 needs nothing higher)
        assert_eq!(notations(&pos(&[(6, 1), (2, 2)], &[(1, 2)]), 5, 5), one("6/off 2/off(2)"));
        // a lone chequer: the larger die bears it off
        assert_eq!(notations(&pos(&[(3, 1)], &[(1, 1)]), 6, 5), one("3/off"));
        // 61 with chequers on 6 and 1: both off, or 6/5/off keeping the one on 1
        let q = notations(&pos(&[(6, 1), (1, 1)], &[(1, 1)]), 6, 1);
        assert_eq!(q, ["6/off 1/off", "6/off"].iter().map(|s| s.to_string()).collect());
        // not all home: 7/1 1/off and 7/6/off reach the same position, written 7/off
        assert_eq!(notations(&pos(&[(7, 1), (1, 1)], &[(1, 1)]), 6, 1), one("7/off"));
    }

    #[test]
    fn no_allocation_growth_after_warmup() {
        let mut g = MoveGenerator::new();
        let p = Variant::Standard.starting_position();
        for d1 in 1..=6 {
            for d2 in 1..=6 {
                g.generate(&p, d1, d2);
            }
        }
        let cap = g.plays.capacity();
        for d1 in 1..=6 {
            for d2 in 1..=6 {
                g.generate(&p, d1, d2);
            }
        }
        assert_eq!(cap, g.plays.capacity());
    }
}
