//! The [`Game`] trait: the one abstraction both backgammon and Go implement, so agents, match
//! runners and search code can be written once.
//!
//! It models a two-player game with optional chance events (dice), legal actions, apply and undo,
//! and a terminal outcome with a score per player. It deliberately says nothing about boards,
//! cubes, komi or time: those stay in the games.

use rand::RngCore;
use std::fmt::Debug;

/// Index of a player: 0 or 1.
pub type PlayerId = usize;

/// Who acts next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// A player chooses an action.
    Player(PlayerId),
    /// A chance event (a dice roll) happens next.
    Chance,
    /// The game is over.
    Over,
}

/// How a finished game ended: points won by each player (the loser's entry is negative in a
/// zero-sum game, e.g. a gammon with a 2-cube is `[4.0, -4.0]`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    pub scores: [f64; 2],
}

impl Outcome {
    /// A zero-sum win for `winner` worth `points`.
    pub fn win(winner: PlayerId, points: f64) -> Self {
        let mut scores = [-points, -points];
        scores[winner] = points;
        Outcome { scores }
    }

    /// A drawn game (jigo in Go).
    pub fn draw() -> Self {
        Outcome { scores: [0.0, 0.0] }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<PlayerId> {
        if self.scores[0] > self.scores[1] {
            Some(0)
        } else if self.scores[1] > self.scores[0] {
            Some(1)
        } else {
            None
        }
    }
}

/// A two-player game with chance events.
pub trait Game: Clone {
    /// A player's move.
    type Action: Clone + Debug + PartialEq;
    /// The result of a chance event (a roll of the dice). Games without chance use `()`.
    type Chance: Clone + Debug + PartialEq;
    /// Why an action or chance event was refused.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Who acts next.
    fn turn(&self) -> Turn;

    /// Appends the legal actions of the player to move to `out` (cleared first). Empty when the
    /// turn is not a player's.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Plays an action for the player to move.
    fn apply(&mut self, action: &Self::Action) -> Result<(), Self::Error>;

    /// Draws a chance event from `rng` (only called when `turn()` is `Turn::Chance`).
    fn sample_chance(&self, rng: &mut dyn RngCore) -> Self::Chance;

    /// Applies a chance event.
    fn apply_chance(&mut self, chance: &Self::Chance) -> Result<(), Self::Error>;

    /// Takes back the last action or chance event; `false` when there is nothing to undo.
    fn undo(&mut self) -> bool;

    /// The result once `turn()` is `Turn::Over`.
    fn outcome(&self) -> Option<Outcome>;
}
