//! The legal action list of one agent step: every legal play (or, for a double, the half of it
//! played in this step) as an action number, with the position it leads to.
//!
//! Legality is the GNU Backgammon manual's, as [`MoveGenerator`](crate::rules::movegen) applies it:
//! chequers on the bar enter first, both dice are played when possible (all four of a double, or
//! as many as possible), and when only one die of a non-double can be played the larger one is
//! played if it can be. A single step follows the generator's step rules
//! ([`step_target`](crate::rules::movegen::step_target)); the search below keeps an incremental
//! copy of them (a bit mask of occupied points and a count of chequers outside the home board) so
//! that a step is a few instructions, as the generator's own search does. The action space tells
//! apart plays that differ only in the order or route of their chequers, which the generator (one
//! play per resulting position) does not, so this module enumerates the step sequences itself.
//! The env tests hold the list, action for action and position for position, to one built by
//! judging every step sequence with the generator's list of resulting positions.
//!
//! Each play is listed in PettingZoo's (gym-backgammon's) canonical order: steps sorted by source
//! point, highest first (ties: the shorter step first), except that two chequers entering from the
//! bar with different dice keep the order of the dice as rolled. A double is two agent steps of
//! two dice each; each step's actions are the first two steps of the canonical full plays.
//!
//! Hot path (one call per environment step): nothing is allocated once the lists have grown to
//! their working size, duplicates are dropped through a stamp per action number (no hashing), and
//! the list is sorted once at the end.

use super::action::{encode, DO_NOTHING, NUM_ACTIONS};
use super::colour::Colour;
use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};

type Board = [[u8; 25]; 2];
/// One step, `(from, to)` in the mover's own point numbering (`from` 25 = bar, `to` 0 = off).
type Step = (u8, u8);

/// One candidate action found by the search, before the filter on the number of dice played.
#[derive(Clone, Copy)]
struct Found {
    action: u16,
    /// dice a full play starting with this action uses (for a double's half play, the most any
    /// canonical continuation reaches)
    dice_used: u8,
    result: Position,
}

/// Reusable buffers for listing legal actions; one per environment.
pub(crate) struct LegalActions {
    colour: Colour,
    dice: (u8, u8),
    // search state: the mover's board, a bit per occupied slot (0..24 = points 1..=24, 24 = bar)
    // and the chequers outside the home board (slots 6..=24)
    board: Board,
    mine: u32,
    outside: u8,
    steps: [Step; 2],
    found: Vec<Found>,
    /// `seen[a] == stamp`: action `a` is already listed in this call
    seen: Box<[u32]>,
    stamp: u32,
    /// action numbers, sorted, distinct
    pub actions: Vec<usize>,
    /// `results[i]`: the position after `actions[i]`, mover still on roll
    pub results: Vec<Position>,
}

impl LegalActions {
    pub fn new() -> Self {
        LegalActions {
            colour: Colour::White,
            dice: (1, 2),
            board: [[0; 25]; 2],
            mine: 0,
            outside: 0,
            steps: [(0, 0); 2],
            found: Vec::with_capacity(128),
            seen: vec![0; NUM_ACTIONS].into_boxed_slice(),
            stamp: 0,
            actions: Vec::with_capacity(64),
            results: Vec::with_capacity(64),
        }
    }

    /// Fills `actions`/`results` for `pos` (the mover on roll, of `colour`) and `dice` as rolled.
    /// With no legal play the list is the single do-nothing action, leading to `pos` itself.
    pub fn compute(&mut self, pos: &Position, colour: Colour, dice: (u8, u8)) {
        self.actions.clear();
        self.results.clear();
        self.found.clear();
        self.colour = colour;
        self.dice = dice;
        self.load(pos);
        if dice.0 == dice.1 {
            self.double_halves(dice.0);
            if self.found.is_empty() {
                self.singles(dice.0);
            }
        } else {
            let (hi, lo) = (dice.0.max(dice.1), dice.0.min(dice.1));
            self.pairs(hi, lo);
            self.pairs(lo, hi);
            if self.found.is_empty() {
                // only one die can be played: the larger one if it can
                self.singles(hi);
                if self.found.is_empty() {
                    self.singles(lo);
                }
            }
        }
        if self.found.is_empty() {
            self.actions.push(DO_NOTHING);
            self.results.push(*pos);
            return;
        }
        self.finish();
    }

    fn load(&mut self, pos: &Position) {
        self.board = *pos.board();
        self.mine = 0;
        self.outside = 0;
        for (i, &n) in self.board[ON_ROLL].iter().enumerate() {
            if n > 0 {
                self.mine |= 1 << i;
                if i >= 6 {
                    self.outside += n;
                }
            }
        }
    }

    /// Keeps the actions of the plays that use the most dice, the first found of each number,
    /// sorted by number.
    fn finish(&mut self) {
        let most = self.found.iter().map(|f| f.dice_used).max().unwrap_or(0);
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let (seen, stamp) = (&mut self.seen, self.stamp);
        self.found.retain(|f| {
            let slot = &mut seen[usize::from(f.action)];
            let keep = f.dice_used == most && *slot != stamp;
            if keep {
                *slot = stamp;
            }
            keep
        });
        self.found.sort_unstable_by_key(|f| f.action);
        self.actions.extend(self.found.iter().map(|f| usize::from(f.action)));
        self.results.extend(self.found.iter().map(|f| f.result));
    }

    /// Slots the mover may step from, highest first when read from the top bit: the bar alone
    /// while it holds a chequer (none if `top` is below it), else the occupied slots `<= top`.
    #[inline]
    fn candidates(&self, top: usize) -> u32 {
        if self.board[ON_ROLL][BAR] > 0 {
            if top < BAR {
                0
            } else {
                1 << BAR
            }
        } else {
            self.mine & ((2u32 << top) - 1)
        }
    }

    /// Where a chequer on slot `i` lands with `die` (negative: borne off) and whether it hits, or
    /// `None` if the step is illegal: the generator's step rules on the incremental state.
    #[inline]
    fn target(&self, i: usize, die: u8) -> Option<(i32, bool)> {
        let to = i as i32 - i32::from(die);
        if to >= 0 {
            let opp = self.board[OPPONENT][23 - to as usize];
            (opp < 2).then_some((to, opp == 1))
        } else if self.outside > 0 {
            None
        } else if to == -1 || self.mine >> (i + 1) == 0 {
            // exactly off, or from below the die with no chequer on a higher point
            Some((-1, false))
        } else {
            None
        }
    }

    #[inline]
    fn apply(&mut self, i: usize, to: i32, hit: bool) -> Step {
        let me = &mut self.board[ON_ROLL];
        me[i] -= 1;
        if me[i] == 0 {
            self.mine &= !(1 << i);
        }
        if to >= 0 {
            let t = to as usize;
            me[t] += 1;
            self.mine |= 1 << t;
            if i >= 6 && t < 6 {
                self.outside -= 1;
            }
            if hit {
                let opp = &mut self.board[OPPONENT];
                opp[23 - t] = 0;
                opp[BAR] += 1;
            }
        }
        ((i + 1) as u8, if to < 0 { 0 } else { (to + 1) as u8 })
    }

    #[inline]
    fn undo(&mut self, i: usize, to: i32, hit: bool) {
        if to >= 0 {
            let t = to as usize;
            if hit {
                let opp = &mut self.board[OPPONENT];
                opp[23 - t] = 1;
                opp[BAR] -= 1;
            }
            let me = &mut self.board[ON_ROLL];
            me[t] -= 1;
            if me[t] == 0 {
                self.mine &= !(1 << t);
            }
            if i >= 6 && t < 6 {
                self.outside += 1;
            }
        }
        self.board[ON_ROLL][i] += 1;
        self.mine |= 1 << i;
    }

    /// Every play of a non-double that plays `first` then `second`.
    fn pairs(&mut self, first: u8, second: u8) {
        let mut m1 = self.candidates(BAR);
        while m1 != 0 {
            let i = 31 - m1.leading_zeros() as usize;
            m1 &= !(1 << i);
            let Some((to1, hit1)) = self.target(i, first) else { continue };
            self.steps[0] = self.apply(i, to1, hit1);
            let mut m2 = self.candidates(BAR);
            while m2 != 0 {
                let j = 31 - m2.leading_zeros() as usize;
                m2 &= !(1 << j);
                if let Some((to2, hit2)) = self.target(j, second) {
                    self.steps[1] = self.apply(j, to2, hit2);
                    self.record_pair();
                    self.undo(j, to2, hit2);
                }
            }
            self.undo(i, to1, hit1);
        }
    }

    /// The action of the two steps just played (a non-double), in canonical order.
    fn record_pair(&mut self) {
        let mut steps = self.steps;
        let both_from_bar = steps[0].0 == 25 && steps[1].0 == 25;
        let swap = if both_from_bar {
            // the step that used the first die rolled goes first
            25 - steps[0].1 != self.dice.0
        } else {
            steps[0] < steps[1]
        };
        if swap {
            steps.swap(0, 1);
        }
        self.record(encode(self.colour, self.dice, &steps), 2);
    }

    /// Every single step with `die` (a roll of which only one die, or one of a double, plays).
    fn singles(&mut self, die: u8) {
        let mut m = self.candidates(BAR);
        while m != 0 {
            let i = 31 - m.leading_zeros() as usize;
            m &= !(1 << i);
            if let Some((to, hit)) = self.target(i, die) {
                self.steps[0] = self.apply(i, to, hit);
                self.record(encode(self.colour, self.dice, &self.steps[..1]), 1);
                self.undo(i, to, hit);
            }
        }
    }

    /// The first halves (two steps, sources non-increasing) of a double's plays, each with the
    /// most dice a canonical continuation reaches.
    fn double_halves(&mut self, die: u8) {
        let mut m1 = self.candidates(BAR);
        while m1 != 0 {
            let i = 31 - m1.leading_zeros() as usize;
            m1 &= !(1 << i);
            let Some((to1, hit1)) = self.target(i, die) else { continue };
            self.steps[0] = self.apply(i, to1, hit1);
            let mut m2 = self.candidates(i);
            while m2 != 0 {
                let j = 31 - m2.leading_zeros() as usize;
                m2 &= !(1 << j);
                if let Some((to2, hit2)) = self.target(j, die) {
                    self.steps[1] = self.apply(j, to2, hit2);
                    let used = 2 + self.deepest(j, die, 2);
                    self.record(encode(self.colour, self.dice, &self.steps), used);
                    self.undo(j, to2, hit2);
                }
            }
            self.undo(i, to1, hit1);
        }
    }

    /// The most further steps of `die` (at most `left`) playable from slots `<= top` in canonical
    /// order; stops as soon as `left` is reached.
    fn deepest(&mut self, top: usize, die: u8, left: u8) -> u8 {
        if left == 0 {
            return 0;
        }
        let mut best = 0;
        let mut m = self.candidates(top);
        while m != 0 {
            let i = 31 - m.leading_zeros() as usize;
            m &= !(1 << i);
            if let Some((to, hit)) = self.target(i, die) {
                self.apply(i, to, hit);
                let d = 1 + self.deepest(i, die, left - 1);
                self.undo(i, to, hit);
                if d == left {
                    return d;
                }
                best = best.max(d);
            }
        }
        best
    }

    fn record(&mut self, action: usize, dice_used: u8) {
        // action numbers are below NUM_ACTIONS (1353), so they fit a u16
        let action = action as u16;
        self.found.push(Found { action, dice_used, result: Position::from_board_unchecked(self.board) });
    }
}
