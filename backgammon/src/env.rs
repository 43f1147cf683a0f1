//! A reinforcement-learning environment with the semantics of PettingZoo's `backgammon_v0`
//! (two agents, `player_0` and `player_1`, stepping in turn), usable from Rust without Python.
//!
//! - Observation: 198 floats, gym-backgammon's `get_board_features` layout (see [`observation`]).
//! - Actions: `Discrete(1353)` source-location encoding (see [`action`]); the legal list of the
//!   agent to move comes from our [`MoveGenerator`](crate::MoveGenerator) (the GNU Backgammon
//!   manual's rules), listed one play per action in gym-backgammon's canonical move order (module
//!   `legal`); a double's agent steps list the first and then the remaining two moves.
//! - Agent order: at [`reset`](BackgammonEnv::reset) two dice are rolled until they differ; if the
//!   first is larger `player_0` is White, otherwise Black. `player_0` moves first with that roll.
//!   Then the agents alternate, except that a double is played as two consecutive steps of the
//!   same agent with the same roll, two dice per step.
//! - Rewards: +1 to the agent that bears off its last chequer, -1 to the other. An action not in
//!   the legal list ends the game with -1 for the offender and 0 for the other agent.
//!
//! Where PettingZoo's implementation departs from its own documentation or from the rules, this
//! environment follows the documentation and the rules: dice are 1..=6 (PettingZoo draws
//! `randint(1, 6)`, i.e. 1..=5); the observation's current-player units are those of the colour to
//! move (PettingZoo passes the agent's *name*, so they always read Black); two chequers entering
//! from the bar both enter (PettingZoo's decoder drops the second); and plays are those the rules
//! allow. gym-backgammon's generator, which PettingZoo uses, lets a player bearing off play the
//! smaller die when only one die can be played, misses some doubles that bear off and move in the
//! same roll, and after entering from the bar on a double orders the remaining moves arbitrarily;
//! `tests/tests/rl_env_vs_gym.rs` counts these cases by name.
//!
//! Every random choice flows from the seed given to `reset`. This module owns the game flow of the
//! environment only; it must not change the rules (`movegen`) or the position format (`position`).

pub mod action;
pub mod colour;
mod legal;
pub mod observation;

pub use action::{decode, encode, DecodedMove, DO_NOTHING, NUM_ACTIONS};
pub use colour::Colour;
pub use observation::{features, OBSERVATION_SIZE};

use crate::rules::position::{Position, ON_ROLL};
use crate::rules::variant::Variant;
use engine_core::Dice;
use legal::LegalActions;
use std::fmt;
use thiserror::Error;

/// The agents' names, indexed by agent number.
pub const AGENTS: [&str; 2] = ["player_0", "player_1"];

/// Why a call to [`BackgammonEnv::step`] was refused (the state is unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EnvError {
    #[error("action {0} is outside the action space 0..1353")]
    OutOfRange(usize),
    #[error("the game is over; call reset")]
    Terminated,
}

/// The environment. Reuse one across games: its buffers are allocated once.
pub struct BackgammonEnv {
    dice_source: Dice,
    /// colour of each agent
    colours: [Colour; 2],
    current: usize,
    /// the current agent on roll
    pos: Position,
    dice: (u8, u8),
    /// 0: not a double; 1, 2: first or second step of a double
    double_step: u8,
    terminated: bool,
    rewards: [f32; 2],
    legal: LegalActions,
}

impl fmt::Debug for BackgammonEnv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BackgammonEnv")
            .field("colours", &self.colours)
            .field("current", &self.current)
            .field("pos", &self.pos)
            .field("dice", &self.dice)
            .field("double_step", &self.double_step)
            .field("terminated", &self.terminated)
            .field("rewards", &self.rewards)
            .finish()
    }
}

impl BackgammonEnv {
    /// A fresh environment, reset with `seed`.
    pub fn new(seed: u64) -> Self {
        let mut env = BackgammonEnv {
            dice_source: Dice::seeded(seed),
            colours: [Colour::White, Colour::Black],
            current: 0,
            pos: Variant::Standard.starting_position(),
            dice: (1, 2),
            double_step: 0,
            terminated: false,
            rewards: [0.0; 2],
            legal: LegalActions::new(),
        };
        env.reset(seed);
        env
    }

    /// Starts a new game; all dice of the game come from `seed`.
    pub fn reset(&mut self, seed: u64) {
        self.dice_source = Dice::seeded(seed);
        let opening = loop {
            let r = self.roll();
            if r.0 != r.1 {
                break r;
            }
        };
        self.colours =
            if opening.0 > opening.1 { [Colour::White, Colour::Black] } else { [Colour::Black, Colour::White] };
        self.current = 0;
        self.pos = Variant::Standard.starting_position();
        self.dice = opening;
        self.double_step = 0;
        self.terminated = false;
        self.rewards = [0.0; 2];
        self.refresh_legal();
    }

    /// An environment in an arbitrary state (tests, analysis): `pos` has the player to move on
    /// roll, who plays `colour` with `dice` (as rolled); `second_step` says the first half of a
    /// double has been played. `player_0` is White. Later rolls come from `seed`.
    pub fn from_state(pos: Position, colour: Colour, dice: (u8, u8), second_step: bool, seed: u64) -> Self {
        assert!((1..=6).contains(&dice.0) && (1..=6).contains(&dice.1), "dice must be 1..=6");
        assert!(!second_step || dice.0 == dice.1, "only a double has a second step");
        let mut env = BackgammonEnv::new(seed);
        env.colours = [Colour::White, Colour::Black];
        env.current = if colour == Colour::White { 0 } else { 1 };
        env.pos = pos;
        env.dice = dice;
        env.double_step = match (dice.0 == dice.1, second_step) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => 2,
        };
        env.terminated = false;
        env.rewards = [0.0; 2];
        env.refresh_legal();
        env
    }

    fn roll(&mut self) -> (u8, u8) {
        self.dice_source.roll().expect("seeded dice always roll")
    }

    fn refresh_legal(&mut self) {
        let colour = self.colours[self.current];
        self.legal.compute(&self.pos, colour, self.dice);
    }

    /// The agent to act (0 or 1).
    pub fn current_agent(&self) -> usize {
        self.current
    }

    /// The colour of `agent`.
    pub fn colour_of(&self, agent: usize) -> Colour {
        self.colours[agent]
    }

    /// The colour to move.
    pub fn current_colour(&self) -> Colour {
        self.colours[self.current]
    }

    /// The roll being played, as rolled.
    pub fn dice(&self) -> (u8, u8) {
        self.dice
    }

    /// Whether this step is the second of a double.
    pub fn is_second_step(&self) -> bool {
        self.double_step == 2
    }

    /// The position with the agent to act on roll.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The observation (the same for both agents; units 196-197 give the colour to move).
    pub fn observe(&self, agent: usize) -> [f32; OBSERVATION_SIZE] {
        let mut out = [0.0; OBSERVATION_SIZE];
        self.observe_into(agent, &mut out);
        out
    }

    /// [`observe`](Self::observe) into a caller's buffer.
    pub fn observe_into(&self, agent: usize, out: &mut [f32; OBSERVATION_SIZE]) {
        debug_assert!(agent < 2);
        features(&self.pos, self.current_colour(), out);
    }

    /// The legal actions of the current agent, ascending; empty once the game is over.
    /// `[DO_NOTHING]` when it cannot move.
    pub fn legal_actions(&self) -> &[usize] {
        if self.terminated {
            &[]
        } else {
            &self.legal.actions
        }
    }

    /// PettingZoo's `action_mask` for `agent`: legal actions of the agent to act, none for the other.
    pub fn action_mask(&self, agent: usize, mask: &mut [bool; NUM_ACTIONS]) {
        mask.fill(false);
        if agent == self.current {
            for &a in self.legal_actions() {
                mask[a] = true;
            }
        }
    }

    /// The position (current agent still on roll) a legal action leads to.
    pub fn result_of(&self, action: usize) -> Option<&Position> {
        self.legal.actions.binary_search(&action).ok().map(|i| &self.legal.results[i])
    }

    /// Each agent's reward from the last step.
    pub fn rewards(&self) -> [f32; 2] {
        self.rewards
    }

    /// Whether the game has ended (a win or an illegal action).
    pub fn terminated(&self) -> bool {
        self.terminated
    }

    /// The current agent takes `action`. An illegal action (in range) ends the game.
    pub fn step(&mut self, action: usize) -> Result<(), EnvError> {
        if self.terminated {
            return Err(EnvError::Terminated);
        }
        if action >= NUM_ACTIONS {
            return Err(EnvError::OutOfRange(action));
        }
        let me = self.current;
        let Ok(i) = self.legal.actions.binary_search(&action) else {
            self.rewards = [0.0; 2];
            self.rewards[me] = -1.0;
            self.terminated = true;
            return Ok(());
        };
        self.pos = self.legal.results[i];
        self.rewards = [0.0; 2];
        if self.pos.chequers_in_play(ON_ROLL) == 0 {
            self.rewards[me] = 1.0;
            self.rewards[1 - me] = -1.0;
            self.terminated = true;
            return Ok(());
        }
        if self.double_step == 1 {
            self.double_step = 2;
        } else {
            self.current = 1 - me;
            self.pos = self.pos.swapped();
            self.dice = self.roll();
            self.double_step = if self.dice.0 == self.dice.1 { 1 } else { 0 };
        }
        self.refresh_legal();
        Ok(())
    }
}

#[cfg(test)]
mod tests;
