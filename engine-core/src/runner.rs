//! Match runners: play agents against each other over any [`Game`] and summarise the results with
//! their statistical error, which is how strength is measured in this project.

use crate::agent::Agent;
use crate::game::{Game, Outcome, Turn};
use crate::rng::seeded_rng;
use rand::RngCore;

/// Why a game could not be finished.
#[derive(Debug, thiserror::Error)]
pub enum RunError<E: std::error::Error + 'static> {
    /// The game refused an action or chance event.
    #[error("game rejected an action: {0}")]
    Game(#[source] E),
    /// An agent chose an action that is not in the legal list.
    #[error("agent {agent} chose an illegal action: {action}")]
    IllegalChoice { agent: String, action: String },
    /// A player had to act but had no legal action (the game should pass for it).
    #[error("player {0} to move has no legal action")]
    NoAction(usize),
    /// The game ran past the move limit.
    #[error("game not finished after {0} steps")]
    TooLong(usize),
}

/// Plays one game from `game`'s current state to the end. `agents[p]` plays for player `p`.
pub fn play_game<G: Game>(
    game: &mut G,
    agents: &mut [&mut dyn Agent<G>; 2],
    rng: &mut dyn RngCore,
    max_steps: usize,
) -> Result<Outcome, RunError<G::Error>> {
    let mut legal = Vec::new();
    for _ in 0..max_steps {
        match game.turn() {
            Turn::Over => return Ok(game.outcome().expect("finished game has an outcome")),
            Turn::Chance => {
                let c = game.sample_chance(rng);
                game.apply_chance(&c).map_err(RunError::Game)?;
            }
            Turn::Player(p) => {
                game.legal_actions(&mut legal);
                if legal.is_empty() {
                    return Err(RunError::NoAction(p));
                }
                let a = agents[p].choose(game, &legal, rng);
                if !legal.contains(&a) {
                    return Err(RunError::IllegalChoice { agent: agents[p].name(), action: format!("{a:?}") });
                }
                game.apply(&a).map_err(RunError::Game)?;
            }
        }
    }
    Err(RunError::TooLong(max_steps))
}

/// Results of a series of games, from player 0's (the first agent's) point of view.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MatchStats {
    pub games: usize,
    pub wins: [usize; 2],
    pub draws: usize,
    /// Sum and sum of squares of the first agent's points per game.
    pub points: f64,
    pub points_sq: f64,
}

impl MatchStats {
    /// Records one outcome, `first_agent_is` telling which player the first agent was.
    pub fn record(&mut self, outcome: &Outcome, first_agent_is: usize) {
        self.games += 1;
        match outcome.winner() {
            Some(w) if w == first_agent_is => self.wins[0] += 1,
            Some(_) => self.wins[1] += 1,
            None => self.draws += 1,
        }
        let s = outcome.scores[first_agent_is];
        self.points += s;
        self.points_sq += s * s;
    }

    /// The first agent's mean points per game.
    pub fn mean_points(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.points / self.games as f64
        }
    }

    /// Standard error of the mean points per game.
    pub fn points_std_error(&self) -> f64 {
        let n = self.games as f64;
        if self.games < 2 {
            return f64::NAN;
        }
        let mean = self.points / n;
        let var = (self.points_sq / n - mean * mean).max(0.0) * n / (n - 1.0);
        (var / n).sqrt()
    }

    /// The first agent's win rate (draws count half) and its 95% Wilson interval.
    pub fn win_rate(&self) -> (f64, f64, f64) {
        let n = self.games as f64;
        if self.games == 0 {
            return (f64::NAN, 0.0, 1.0);
        }
        let p = (self.wins[0] as f64 + 0.5 * self.draws as f64) / n;
        let z = 1.96f64;
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }
}

/// Plays `games` games between two agents, alternating who is player 0, each game from a clone of
/// `start`, all randomness from `seed`.
pub fn run_match<G: Game>(
    start: &G,
    first: &mut dyn Agent<G>,
    second: &mut dyn Agent<G>,
    games: usize,
    seed: u64,
    max_steps: usize,
) -> Result<MatchStats, RunError<G::Error>> {
    let mut rng = seeded_rng(seed);
    let mut stats = MatchStats::default();
    for g in 0..games {
        let mut game = start.clone();
        let first_is = g % 2;
        let outcome = if first_is == 0 {
            play_game(&mut game, &mut [&mut *first, &mut *second], &mut rng, max_steps)?
        } else {
            play_game(&mut game, &mut [&mut *second, &mut *first], &mut rng, max_steps)?
        };
        stats.record(&outcome, first_is);
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_mean_and_error() {
        let mut s = MatchStats::default();
        for i in 0..100 {
            let o = if i % 4 == 0 { Outcome::win(1, 1.0) } else { Outcome::win(0, 1.0) };
            s.record(&o, 0);
        }
        assert_eq!(s.wins, [75, 25]);
        assert!((s.mean_points() - 0.5).abs() < 1e-12);
        // sd of ±1 with p=.75 is sqrt(1 - .25) ≈ .866, /sqrt(100), times the n/(n-1) correction
        assert!((s.points_std_error() - 0.0870).abs() < 1e-3, "{}", s.points_std_error());
        let (p, lo, hi) = s.win_rate();
        assert!((p - 0.75).abs() < 1e-12 && lo < 0.75 && hi > 0.75 && lo > 0.65 && hi < 0.83);
    }
}
