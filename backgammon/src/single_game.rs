//! A single cubeless game as an [`engine_core::Game`], so the shared agents, runners and search
//! code can play backgammon: the actions are plays, the chance events are rolls of the dice (the
//! opening roll is one die per player, `(player 0's, player 1's)`; equal dice are thrown again),
//! and the outcome is the game's points (1, 2 or 3) for the winner, zero-sum.
//!
//! It wraps [`Game`] and adds only undo; the cube, resignations and match scores are not part of
//! this interface (use `game` and `session` for those).

use crate::game::{Game, GameError, GameSetup, Phase};
use crate::movegen::Play;
use crate::position::Position;
use crate::variant::Variant;
use engine_core::game::{Outcome, Turn};
use rand::{Rng, RngCore};

/// A cubeless game with undo.
#[derive(Debug, Clone)]
pub struct SingleGame {
    game: Game,
    history: Vec<(Game, usize)>,
}

impl SingleGame {
    /// A new game of `variant`, waiting for the opening roll.
    pub fn new(variant: Variant) -> SingleGame {
        SingleGame { game: Game::new(GameSetup::cubeless(variant)), history: Vec::new() }
    }

    /// The underlying game (its record, position and match ID).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position seen from the player on roll.
    pub fn position(&self) -> &Position {
        self.game.position()
    }
}

impl engine_core::Game for SingleGame {
    type Action = Play;
    type Chance = (u8, u8);
    type Error = GameError;

    fn turn(&self) -> Turn {
        match self.game.phase() {
            Phase::Opening | Phase::Roll => Turn::Chance,
            Phase::Over => Turn::Over,
            // only plays reach this interface; cube and resignation phases cannot occur
            Phase::Play | Phase::CubeOffered | Phase::ResignationOffered => {
                Turn::Player(self.game.to_act().unwrap_or(self.game.on_roll()))
            }
        }
    }

    fn legal_actions(&self, out: &mut Vec<Play>) {
        out.clear();
        if self.game.phase() == Phase::Play {
            out.extend_from_slice(self.game.legal_plays());
        }
    }

    fn apply(&mut self, action: &Play) -> Result<(), GameError> {
        let snapshot = self.game.snapshot();
        self.game.play(action)?;
        self.history.push(snapshot);
        Ok(())
    }

    fn sample_chance(&self, rng: &mut dyn RngCore) -> (u8, u8) {
        (rng.random_range(1..=6), rng.random_range(1..=6))
    }

    fn apply_chance(&mut self, chance: &(u8, u8)) -> Result<(), GameError> {
        let snapshot = self.game.snapshot();
        self.game.roll(chance.0, chance.1)?;
        self.history.push(snapshot);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(snapshot) => {
                self.game.restore(snapshot);
                true
            }
            None => false,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.result().map(|r| Outcome::win(r.winner, f64::from(r.points)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::ON_ROLL;
    use engine_core::agent::RandomAgent;
    use engine_core::game::Game as _;
    use engine_core::rng::seeded_rng;
    use engine_core::runner::{play_game, run_match};

    #[test]
    fn two_hundred_seeded_random_games_finish_and_repeat() {
        let start = SingleGame::new(Variant::Standard);
        let stats = run_match(&start, &mut RandomAgent, &mut RandomAgent, 200, 7, 10_000).unwrap();
        assert_eq!(stats.games, 200);
        assert_eq!(stats.wins[0] + stats.wins[1], 200);
        assert_eq!(stats.draws, 0);
        // every game is worth 1, 2 or 3 points, so the first agent's total lies within ±600 and
        // has the parity of the sum of those values; its mean is far from the bounds
        assert!(stats.points.abs() <= 600.0 && stats.points.fract() == 0.0);
        assert!(stats.points_sq >= 200.0 && stats.points_sq <= 1800.0);
        let again = run_match(&start, &mut RandomAgent, &mut RandomAgent, 200, 7, 10_000).unwrap();
        assert_eq!(stats, again, "same seed, same games");
        let other = run_match(&start, &mut RandomAgent, &mut RandomAgent, 200, 8, 10_000).unwrap();
        assert_ne!(stats, other, "another seed, other games");
    }

    #[test]
    fn random_games_end_with_the_winner_borne_off_and_gammons_happen() {
        let mut rng = seeded_rng(11);
        let mut kinds = [0usize; 4];
        for variant in [Variant::Standard, Variant::Hypergammon3] {
            for _ in 0..40 {
                let mut g = SingleGame::new(variant);
                let o = play_game(&mut g, &mut [&mut RandomAgent, &mut RandomAgent], &mut rng, 10_000).unwrap();
                let r = *g.game().result().unwrap();
                assert_eq!(o.scores, [0, 1].map(|p| if p == r.winner { 1.0 } else { -1.0 } * f64::from(r.points)));
                assert_eq!(r.points, r.kind.multiplier(), "cubeless: no cube, no Jacoby");
                // the winner bore off everything and the loser (now on roll) still has chequers
                let final_pos = g.game().position_of(r.winner);
                assert_eq!(final_pos.chequers_in_play(ON_ROLL), 0);
                assert!(g.position().chequers_in_play(ON_ROLL) > 0);
                assert_eq!(g.turn(), Turn::Over);
                kinds[r.points as usize] += 1;
            }
        }
        // random play loses many gammons; a test that saw none would be testing nothing
        assert!(kinds[2] + kinds[3] > 0, "{kinds:?}");
        assert!(kinds[1] > 0, "{kinds:?}");
    }

    #[test]
    fn undo_rewinds_to_the_start() {
        let mut rng = seeded_rng(3);
        let mut g = SingleGame::new(Variant::Standard);
        let start = g.clone();
        let mut legal = Vec::new();
        let mut steps = 0;
        while g.turn() != Turn::Over && steps < 60 {
            match g.turn() {
                Turn::Chance => {
                    let c = g.sample_chance(&mut rng);
                    g.apply_chance(&c).unwrap();
                }
                Turn::Player(_) => {
                    g.legal_actions(&mut legal);
                    g.apply(&legal[legal.len() / 2]).unwrap();
                }
                Turn::Over => unreachable!(),
            }
            steps += 1;
        }
        assert!(!g.game().events().is_empty());
        // an illegal action is refused and leaves nothing to undo
        let before = g.history.len();
        let bogus = crate::movegen::legal_plays(&Variant::Standard.starting_position(), 6, 5)[0];
        if g.turn() != Turn::Over && g.apply(&bogus).is_err() {
            assert_eq!(g.history.len(), before);
        }
        while g.undo() {}
        assert_eq!(g.game().match_state(), start.game().match_state());
        assert_eq!(g.position(), start.position());
        assert!(g.game().events().is_empty());
        assert_eq!(g.turn(), Turn::Chance);
        assert!(!g.undo());
    }
}
