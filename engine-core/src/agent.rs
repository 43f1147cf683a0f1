//! Agents: anything that chooses an action in a [`Game`]. Search, neural nets and humans behind a
//! protocol all appear to match runners through this trait.

use crate::game::Game;
use rand::{Rng, RngCore};

/// A player of game `G`.
pub trait Agent<G: Game> {
    /// A short name for tables and logs.
    fn name(&self) -> String;

    /// Chooses one of the legal actions for the player to move. `legal` is never empty.
    fn choose(&mut self, game: &G, legal: &[G::Action], rng: &mut dyn RngCore) -> G::Action;
}

/// Plays a uniformly random legal action: the baseline every agent must beat.
#[derive(Debug, Default, Clone)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, _game: &G, legal: &[G::Action], rng: &mut dyn RngCore) -> G::Action {
        legal[rng.random_range(0..legal.len())].clone()
    }
}
