//! Combination attacks (GNU Go's `atari_atari`, `owl.texi` "Combination reading" and
//! `move_generation.texi` "Combination Attacks"): a sequence of threats — mostly ataris — after which
//! some string of the defender that no single move could capture before is lost, because the
//! defender can answer only one threat at a time. Also the defender's moves that break such a
//! combination ([`Combination::defenses`]).
//!
//! The search ([`CombinationSearch`]) is ours. The attacker first tries the liberties of the
//! defender's strings with at most three liberties, then the ataris of strings with two (deeper in
//! the sequence only strings near the moves already played, so that the sequence stays one fight); a move is a threat when some target string
//! becomes tactically attackable. The defender then tries every candidate defence of the threatened
//! strings (the reader's candidates, so captures of the attacking stones too); the combination works
//! when every answer leaves a target attackable with the attacker to move, or leads to a further
//! working threat. Targets are the defender's strings that were not attackable before the sequence
//! (the caller may drop dead ones); a target lost is worth [`aa_value`].
//!
//! The defences are found GNU Go's way: every point the search played on while reading the
//! combination (and the first move itself) is tried as a defender's move, and kept when the move is
//! safe and no combination of at least the same value remains after it.
//!
//! The search reuses its buffers (one candidate list per depth) and allocates nothing per node; each
//! search is bounded by [`NODE_BUDGET`] moves of its own (the reader's tactical reading inside is
//! bounded by the reader's limits).

use crate::analysis::read_result::ReadResult::{Lose, Win};
use crate::analysis::reading::Reader;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY, STRIDE};

/// How many threats (attacker moves) a sequence may hold before the final capture.
pub const MAX_THREATS: usize = 5;

/// The most liberties of a target whose liberties the attacker tries after the first threat.
const MOST_LIBERTIES_LATER: usize = 2;

/// The most moves (both colours) one search plays itself; beyond it the search gives up.
pub const NODE_BUDGET: u32 = 1500;

/// The value of losing a target string of `stones` stones: twice its stones plus three. This is ours;
/// it equals the values GNU Go 3.8 prints for the two-liberty strings that combinations reach on
/// strategy.tst 35–38's position (`-d 0x040000`: one stone 5, three stones 9, four stones 11).
pub fn aa_value(stones: usize) -> u16 {
    (2 * stones + 3).min(u16::MAX as usize) as u16
}

/// A combination found for the attacker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Combination {
    /// The first move of the sequence.
    pub attack: Point,
    /// The value of the smallest target the sequence wins ([`aa_value`]).
    pub size: u16,
    /// The defender's moves that break it (board-array order); empty unless asked for.
    pub defenses: Vec<Point>,
}

/// The reusable state of combination searches.
pub struct CombinationSearch {
    /// The defender's target strings (a stone of each) and their values.
    targets: Vec<(Point, u16)>,
    /// Candidate lists, one per ply of the search.
    lists: Vec<Vec<Point>>,
    /// The moves of the current sequence.
    seq: Vec<Point>,
    /// Points played on while reading the current first move (defence candidates).
    touched: Vec<bool>,
    /// Moves played by the current search.
    nodes: u32,
    /// A first move the search must not try.
    forbidden: Option<Point>,
}

impl Default for CombinationSearch {
    fn default() -> Self {
        Self::new()
    }
}

impl CombinationSearch {
    pub fn new() -> Self {
        CombinationSearch {
            targets: Vec::with_capacity(64),
            lists: (0..2 * MAX_THREATS + 2).map(|_| Vec::with_capacity(64)).collect(),
            seq: Vec::with_capacity(2 * MAX_THREATS + 2),
            touched: vec![false; ARRAY],
            nodes: 0,
            forbidden: None,
        }
    }

    /// Looks for a combination of `attacker` on the reader's position; `dead` says which of the
    /// defender's strings not to count (dead dragons). With `defenses`, also the defender's moves that
    /// break the combination found. The reader is left on the position.
    pub fn find(
        &mut self,
        r: &mut Reader,
        attacker: Color,
        dead: &dyn Fn(Point) -> bool,
        defenses: bool,
    ) -> Option<Combination> {
        self.collect_targets(r, attacker, dead);
        if self.targets.is_empty() {
            return None;
        }
        self.forbidden = None;
        let (attack, size) = self.best_first_move(r, attacker, 0, true)?;
        let mut out = Combination { attack, size, defenses: Vec::new() };
        if defenses {
            // The touched points of the winning first move's reading, read again to fill `touched`.
            self.touched.iter_mut().for_each(|t| *t = false);
            self.touched[usize::from(attack)] = true;
            self.nodes = 0;
            self.seq.clear();
            self.first_move_works(r, attacker, attack, 0, true);
            let candidates: Vec<Point> = (0..ARRAY as Point).filter(|&p| self.touched[usize::from(p)]).collect();
            let defender = attacker.opponent();
            for d in candidates {
                if !r.board().is_empty(d) || !r.trymove(d, defender) {
                    continue;
                }
                let safe = r.attack(d).0 != Win;
                let broken = safe && self.best_first_move(r, attacker, size, false).is_none();
                r.popgo();
                if broken {
                    out.defenses.push(d);
                }
            }
        }
        Some(out)
    }

    /// The defender's strings that are not attackable now (and not dead), with their values.
    fn collect_targets(&mut self, r: &mut Reader, attacker: Color, dead: &dyn Fn(Point) -> bool) {
        self.targets.clear();
        let defender = attacker.opponent();
        let b = r.board().clone();
        for p in b.points() {
            if b.color(p) != Some(defender) || b.string_id(p) != p || dead(p) {
                continue;
            }
            if r.attack(p).0 == Lose {
                self.targets.push((p, aa_value(b.string_size(p))));
            }
        }
    }

    /// The first move of a combination worth at least `minsize` (and the smallest value it wins): the
    /// best over all first moves when `all`, else the first found.
    fn best_first_move(&mut self, r: &mut Reader, attacker: Color, minsize: u16, all: bool) -> Option<(Point, u16)> {
        let mut list = std::mem::take(&mut self.lists[0]);
        list.clear();
        self.attack_candidates(r.board(), attacker, false, &mut list);
        let mut best: Option<(Point, u16)> = None;
        for &m in &list {
            if Some(m) == self.forbidden {
                continue;
            }
            self.nodes = 0;
            self.seq.clear();
            if let Some(size) = self.first_move_works(r, attacker, m, 0, false) {
                if size >= minsize.max(1) && best.is_none_or(|(_, s)| size > s) {
                    best = Some((m, size));
                    if !all {
                        break;
                    }
                }
            }
        }
        self.lists[0] = list;
        best
    }

    /// Whether the attacker's move `m` at threat number `depth` starts (or continues) a working
    /// combination: the smallest value it wins. Marks the points played when `mark`.
    fn first_move_works(&mut self, r: &mut Reader, attacker: Color, m: Point, depth: usize, mark: bool) -> Option<u16> {
        if self.nodes >= NODE_BUDGET || !r.trymove(m, attacker) {
            return None;
        }
        self.nodes += 1;
        self.seq.push(m);
        if mark {
            self.touched[usize::from(m)] = true;
        }
        let result = self.after_threat(r, attacker, depth, mark);
        self.seq.pop();
        r.popgo();
        result
    }

    /// The position after the attacker's threat number `depth`, the defender to move.
    fn after_threat(&mut self, r: &mut Reader, attacker: Color, depth: usize, mark: bool) -> Option<u16> {
        let defender = attacker.opponent();
        // A target captured outright, or one that cannot be saved any more: the combination works.
        // Only targets near the threat can have changed (a ladder breaker farther away is missed).
        let m = *self.seq.last().expect("the threat was pushed");
        let mut threatened = false;
        let mut lost: Option<u16> = None;
        for i in 0..self.targets.len() {
            let (t, v) = self.targets[i];
            if r.board().color(t) != Some(defender) {
                lost = Some(lost.map_or(v, |l| l.min(v)));
                continue;
            }
            if r.board().liberties(t) > 2 || !near(r.board(), t, m) || r.attack(t).0 == Lose {
                continue;
            }
            threatened = true;
            if r.defend(t).0 == Lose {
                lost = Some(lost.map_or(v, |l| l.min(v)));
            }
        }
        if lost.is_some() {
            if mark {
                self.mark_final(r, attacker);
            }
            return lost;
        }
        // The attacker's own move must not simply be lost with nothing threatened.
        if !threatened || depth + 1 >= MAX_THREATS {
            return None;
        }
        // The defender answers: every candidate defence of the threatened targets.
        let ply = 2 * depth + 1;
        let mut answers = std::mem::take(&mut self.lists[ply]);
        answers.clear();
        for i in 0..self.targets.len() {
            let t = self.targets[i].0;
            let b = r.board();
            if b.color(t) == Some(defender) && b.liberties(t) <= 2 && near(b, t, m) && r.attack(t).0 != Lose {
                r.defense_candidates(t, &mut answers);
            }
        }
        answers.sort_unstable();
        answers.dedup();
        let mut worst: Option<u16> = None;
        let mut refuted = false;
        for &d in &answers {
            if self.nodes >= NODE_BUDGET {
                refuted = true;
                break;
            }
            if !r.trymove(d, defender) {
                continue;
            }
            self.nodes += 1;
            self.seq.push(d);
            if mark {
                self.touched[usize::from(d)] = true;
            }
            let won = self.after_answer(r, attacker, depth, mark);
            self.seq.pop();
            r.popgo();
            match won {
                Some(v) => worst = Some(worst.map_or(v, |w| w.min(v))),
                None => {
                    refuted = true;
                    if !mark {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = answers;
        if refuted {
            None
        } else {
            worst
        }
    }

    /// The position after the defender's answer, the attacker to move: a target still attackable is
    /// captured (the double threat), otherwise the next threat.
    fn after_answer(&mut self, r: &mut Reader, attacker: Color, depth: usize, mark: bool) -> Option<u16> {
        let defender = attacker.opponent();
        // Only targets near the threat or the answer can be attackable now.
        let (m, d) = (self.seq[self.seq.len() - 2], self.seq[self.seq.len() - 1]);
        let mut lost: Option<u16> = None;
        for i in 0..self.targets.len() {
            let (t, v) = self.targets[i];
            let b = r.board();
            if b.color(t) != Some(defender) || b.liberties(t) > 2 || !(near(b, t, m) || near(b, t, d)) {
                continue;
            }
            if r.attack(t).0 == Win {
                lost = Some(lost.map_or(v, |l| l.min(v)));
            }
        }
        if lost.is_some() {
            if mark {
                self.mark_final(r, attacker);
            }
            return lost;
        }
        let ply = 2 * depth + 2;
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        self.attack_candidates(r.board(), attacker, true, &mut list);
        let mut best: Option<u16> = None;
        for &m in &list {
            if let Some(v) = self.first_move_works(r, attacker, m, depth + 1, mark) {
                best = Some(best.map_or(v, |b| b.max(v)));
                if !mark {
                    break;
                }
            }
            if self.nodes >= NODE_BUDGET {
                break;
            }
        }
        self.lists[ply] = list;
        best
    }

    /// Marks the capturing moves of the targets the attacker can take now (defence candidates).
    fn mark_final(&mut self, r: &mut Reader, attacker: Color) {
        let defender = attacker.opponent();
        for i in 0..self.targets.len() {
            let t = self.targets[i].0;
            if r.board().color(t) == Some(defender) && r.board().liberties(t) <= 2 {
                if let (Win, Some(p)) = r.attack(t) {
                    self.touched[usize::from(p)] = true;
                }
            }
        }
    }

    /// The attacker's threats: the liberties of the target strings with at most three liberties (the
    /// first threat) or two (with `near`: later threats, and only of targets within two points of a
    /// move of the sequence).
    fn attack_candidates(&self, b: &Board, attacker: Color, near: bool, out: &mut Vec<Point>) {
        let defender = attacker.opponent();
        let mut libs = [0 as Point; 3];
        // The first threat may take a third liberty (the defender's answer then starts the ataris:
        // `owl.texi`'s example); later threats are ataris.
        let most = if near { MOST_LIBERTIES_LATER } else { 3 };
        for &(t, _) in &self.targets {
            if b.color(t) != Some(defender) {
                continue;
            }
            let n = b.liberties(t);
            if n == 0 || n > most {
                continue;
            }
            let n = b.liberties_into(t, &mut libs);
            if near && !self.string_near_sequence(b, t, &libs[..n]) {
                continue;
            }
            for &l in &libs[..n] {
                if !out.contains(&l) && b.is_legal(l, attacker) {
                    out.push(l);
                }
            }
        }
    }

    /// Whether a stone or liberty of the string at `t` lies within two points of a move of the sequence.
    fn string_near_sequence(&self, b: &Board, t: Point, libs: &[Point]) -> bool {
        let close = |p: Point| self.seq.iter().any(|&m| distance(p, m) <= 2);
        libs.iter().any(|&l| close(l)) || b.string_stones(t).any(close)
    }
}

/// The Manhattan distance between two points.
fn distance(p: Point, q: Point) -> usize {
    let (pc, pr) = (usize::from(p) % STRIDE, usize::from(p) / STRIDE);
    let (qc, qr) = (usize::from(q) % STRIDE, usize::from(q) / STRIDE);
    pc.abs_diff(qc) + pr.abs_diff(qr)
}

/// Whether the string at `t` has a stone within two points of `m` (so a liberty next to `m` too): the
/// strings whose tactical status a move at `m` is taken to change.
fn near(b: &Board, t: Point, m: Point) -> bool {
    b.string_stones(t).any(|p| distance(p, m) <= 2)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::{GoGame, Rules};

    fn v(b: &Board, s: &str) -> Point {
        let col = "ABCDEFGHJKLMNOPQRST".find(&s[..1]).expect("a column") as u8;
        let row: u8 = s[1..].parse().expect("a row");
        b.point(col, (b.size() as u8) - row)
    }

    /// strategy.tst 38's position (nicklas8.sgf after move 86), black to play.
    pub(crate) const NICKLAS8_86: [&str; 19] = [
        ". . . X . . . . . . . . . . . . . . .",
        ". O O X X O . . . . . . . . . . . . .",
        "X X X X O . O . . . . . . X . . X X .",
        ". O O X O O X . X X . . . . . X X . X",
        ". . O O O X X . . . . . X X O O O X .",
        "O O . O . O O . . . . . . O X X O O .",
        "X X X O . O X . . . . O . O . . . X .",
        "X O O X O O . . . . . . . . . O O . .",
        ". . X X . . . . . . . . . . X . . . .",
        ". . . X . . . . . X . . . . . X . X .",
        ". . . . . . . . . . . . . . . . . . .",
        ". . . . . . . . . . . . . . X . O . .",
        ". . . . . . . . . . . . . . . . . . .",
        ". . X . . . . . . . . . . . . . . . .",
        ". . . . . X . . . . . . . . . . . . .",
        ". . . X O X O O . X . . X . . X O . .",
        ". . X . O O . . . . . . . . . . O . .",
        ". . X O . . . . . . . . . . . . . . .",
        ". . . . . . . . . . . . . . . . . . .",
    ];

    /// GNU Go 3.8 on that position: `combination_attack white` H16 (W H16, B H15, W H14 and the
    /// black stone G13 falls at H12: "Combination attack for white with size 5"), `combination_defend
    /// white` H17 H16 H15 J15 H14 H13 J13 G12 H12 G11, `combination_attack black` PASS.
    #[test]
    fn whites_combination_on_nicklas8_and_blacks_defences_match_gnugo() {
        let g = GoGame::from_rows(&NICKLAS8_86, 0.5, Rules::default()).unwrap();
        let b = g.board().clone();
        let mut r = Reader::new(&b);
        let mut s = CombinationSearch::new();
        let k = s.find(&mut r, Color::White, &|_| false, true).expect("white has a combination");
        assert_eq!(k.attack, v(&b, "H16"));
        assert_eq!(k.size, 5, "the lone stone G13 is what falls");
        let mut want: Vec<Point> =
            ["H17", "H16", "H15", "J15", "H14", "H13", "J13", "G12", "H12", "G11"].iter().map(|x| v(&b, x)).collect();
        want.sort_unstable();
        assert_eq!(k.defenses, want);
        assert_eq!(s.find(&mut r, Color::Black, &|_| false, true), None);
        assert_eq!(r.board(), &b, "the search leaves the position as it was");
        // With G13 counted dead, nothing is left to win.
        let g13 = v(&b, "G13");
        let without = s.find(&mut r, Color::White, &|p| b.string_id(p) == g13, false);
        assert!(without.as_ref().is_none_or(|k| k.attack != v(&b, "H16")), "{without:?}");
    }

    #[test]
    fn an_empty_board_has_no_combination() {
        let g = GoGame::from_rows(&[". . .", ". . .", ". . ."], 0.5, Rules::default()).unwrap();
        let b = g.board().clone();
        let mut r = Reader::new(&b);
        assert_eq!(CombinationSearch::new().find(&mut r, Color::Black, &|_| false, true), None);
    }

    #[test]
    fn aa_value_counts_two_per_stone_plus_three() {
        assert_eq!((aa_value(1), aa_value(3), aa_value(4)), (5, 9, 11));
    }
}
