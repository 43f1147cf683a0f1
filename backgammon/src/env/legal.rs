//! The legal action list of one agent step: every legal play (or, for a double, the half of it
//! played in this step) as an action number, with the position it leads to.
//!
//! Legality is [`MoveGenerator`]'s: a sequence of steps is legal exactly when it uses as many dice
//! as the generator's plays do and reaches one of the generator's resulting positions (which also
//! settles the larger-die rule). The generator keeps one play per resulting position, but the
//! action space tells apart plays that differ only in the order or route of their chequers, so
//! this module enumerates the step sequences itself and lets the generator judge them.
//!
//! Each play is listed in PettingZoo's (gym-backgammon's) canonical order: steps sorted by source
//! point, highest first (ties: the shorter step first), except that two chequers entering from the
//! bar with different dice keep the order of the dice as rolled. A double is two agent steps of
//! two dice each; each step's actions are the first two steps of the canonical full plays.

use super::action::encode;
use super::colour::Colour;
use crate::rules::movegen::{apply_step, step_target, MoveGenerator};
use crate::rules::position::Position;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

type Board = [[u8; 25]; 2];

/// A multiply-rotate hasher for the result set: std's SipHash took a third of a step's time, and
/// the keys are positions we generated ourselves, so no flooding defence is needed.
#[derive(Default)]
struct FoldHasher(u64);

impl FoldHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FoldHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(w));
        }
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}
type Step = (u8, u8);

/// Reusable buffers for listing legal actions; one per environment.
pub(crate) struct LegalActions {
    gen: MoveGenerator,
    targets: HashSet<Position, BuildHasherDefault<FoldHasher>>,
    max_len: usize,
    colour: Colour,
    dice: (u8, u8),
    double: bool,
    steps: [Step; 4],
    prefix: Board,
    /// action numbers, sorted, distinct
    pub actions: Vec<usize>,
    /// `results[i]`: the position after `actions[i]`, mover still on roll
    pub results: Vec<Position>,
}

impl LegalActions {
    pub fn new() -> Self {
        LegalActions {
            gen: MoveGenerator::new(),
            targets: HashSet::with_capacity_and_hasher(256, BuildHasherDefault::default()),
            max_len: 0,
            colour: Colour::White,
            dice: (1, 2),
            double: false,
            steps: [(0, 0); 4],
            prefix: [[0; 25]; 2],
            actions: Vec::with_capacity(64),
            results: Vec::with_capacity(64),
        }
    }

    /// Fills `actions`/`results` for `pos` (the mover on roll, of `colour`) and `dice` as rolled.
    /// With no legal play the list is the single do-nothing action, leading to `pos` itself.
    pub fn compute(&mut self, pos: &Position, colour: Colour, dice: (u8, u8)) {
        self.actions.clear();
        self.results.clear();
        self.targets.clear();
        self.colour = colour;
        self.dice = dice;
        self.double = dice.0 == dice.1;
        let plays = self.gen.generate(pos, dice.0, dice.1);
        self.max_len = plays.first().map_or(0, |p| p.steps().len());
        self.targets.extend(plays.iter().map(|p| *p.result()));
        if self.max_len == 0 {
            self.push(super::action::DO_NOTHING, *pos);
            return;
        }
        let board = *pos.board();
        if self.double {
            self.search(&board, 0, [dice.0; 4], 25);
        } else {
            let (hi, lo) = (dice.0.max(dice.1), dice.0.min(dice.1));
            self.search(&board, 0, [hi, lo, 0, 0], 25);
            self.search(&board, 0, [lo, hi, 0, 0], 25);
        }
        // a double's list holds half plays, so only a whole play's results can be checked
        debug_assert!(
            (self.double && self.max_len > 2) || self.targets.iter().all(|t| self.results.contains(t)),
            "a legal result has no listed play"
        );
    }

    fn push(&mut self, action: usize, result: Position) {
        match self.actions.binary_search(&action) {
            Ok(_) => {}
            Err(i) => {
                self.actions.insert(i, action);
                self.results.insert(i, result);
            }
        }
    }

    /// Depth-first over step sequences; for a double only in canonical (non-increasing source) order.
    fn search(&mut self, board: &Board, depth: usize, dice: [u8; 4], top: u8) {
        if depth == self.max_len {
            self.leaf(board);
            return;
        }
        if depth == 2 {
            self.prefix = *board;
        }
        let die = dice[depth];
        let highest = if self.double { top } else { 25 };
        for from in (1..=highest).rev() {
            if let Some((to, hit)) = step_target(board, from, die) {
                let mut next = *board;
                apply_step(&mut next, from, to, hit);
                self.steps[depth] = (from, to);
                self.search(&next, depth + 1, dice, from);
            }
        }
    }

    fn leaf(&mut self, board: &Board) {
        let result = Position::from_board_unchecked(*board);
        if !self.targets.contains(&result) {
            return;
        }
        let n = self.max_len;
        if self.double {
            let half = n.min(2);
            let after = if n > 2 { Position::from_board_unchecked(self.prefix) } else { result };
            let code = encode(self.colour, self.dice, &self.steps[..half]);
            self.push(code, after);
            return;
        }
        let mut steps = [self.steps[0], self.steps[1]];
        if n == 2 {
            let both_from_bar = steps[0].0 == 25 && steps[1].0 == 25;
            let swap = if both_from_bar {
                // the step that used the first die rolled goes first
                25 - steps[0].1 != self.dice.0
            } else {
                (steps[0].0, steps[0].1) < (steps[1].0, steps[1].1)
            };
            if swap {
                steps.swap(0, 1);
            }
        }
        let code = encode(self.colour, self.dice, &steps[..n]);
        self.push(code, result);
    }
}
