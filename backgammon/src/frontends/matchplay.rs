//! Cubeless money games between two players, for strength benchmarks (`bg-match`).
//!
//! Games are played in duplicate pairs: both games of a pair use the same seeded dice sequence,
//! with the players' seats swapped, so the luck of the dice largely cancels; the reported
//! standard error is that of the pair means. The opening roll is re-rolled until it is not a
//! double (money-game rules). A player is anything that picks the position after its play; the
//! external player talks to `tests/python/gnubg_player.py` over a line protocol and every answer
//! is checked against our own legal plays.
//!
//! This module owns match play and statistics; it never evaluates positions itself.

use crate::eval::{Evaluator, Probabilities, Scratch};
use crate::rules::movegen::MoveGenerator;
use crate::rules::position::{Position, ON_ROLL, OPPONENT};
use crate::rules::score::WinKind;
use crate::rules::variant::Variant;
use engine_core::rng::seeded_rng;
use rand::Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Why a match could not go on.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error("external player: {0}")]
    Io(#[from] std::io::Error),
    #[error("external player answered {answer:?} to {request:?}")]
    BadAnswer { request: String, answer: String },
    #[error("external player chose {answer} for {request:?}, which is not a legal play")]
    Illegal { request: String, answer: String },
}

/// Something that plays a roll: the position after its play (the mover still on roll), or `None`
/// when no play is legal.
pub trait Player {
    fn play(&mut self, pos: &Position, d1: u8, d2: u8) -> Result<Option<Position>, MatchError>;
}

/// Our 0-ply player.
pub struct NetPlayer<'e> {
    eval: &'e Evaluator,
    gen: MoveGenerator,
    scratch: Scratch,
    buf: Vec<Probabilities>,
}

impl<'e> NetPlayer<'e> {
    pub fn new(eval: &'e Evaluator) -> Self {
        NetPlayer { eval, gen: MoveGenerator::new(), scratch: Scratch::default(), buf: Vec::new() }
    }
}

impl Player for NetPlayer<'_> {
    fn play(&mut self, pos: &Position, d1: u8, d2: u8) -> Result<Option<Position>, MatchError> {
        Ok(self.eval.best_play(&mut self.gen, pos, d1, d2, &mut self.scratch, &mut self.buf).map(|(p, _)| *p.result()))
    }
}

/// A player answering `KIND POSID D1 D2` requests with the resulting POSID (or `none`).
pub struct ExternalPlayer {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    kind: String,
    gen: MoveGenerator,
}

impl ExternalPlayer {
    /// Starts `program args…`; requests will be prefixed with `kind` (`pub` or `gnubg`).
    pub fn spawn(program: &str, args: &[String], kind: &str) -> Result<Self, MatchError> {
        let mut child = Command::new(program).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        Ok(ExternalPlayer { child, stdin, stdout, kind: kind.to_string(), gen: MoveGenerator::new() })
    }
}

impl Drop for ExternalPlayer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Player for ExternalPlayer {
    fn play(&mut self, pos: &Position, d1: u8, d2: u8) -> Result<Option<Position>, MatchError> {
        let request = format!("{} {} {d1} {d2}", self.kind, pos.id());
        writeln!(self.stdin, "{request}")?;
        self.stdin.flush()?;
        let mut line = String::new();
        self.stdout.read_line(&mut line)?;
        let answer = line.trim().to_string();
        let plays = self.gen.generate(pos, d1, d2);
        if answer == "none" {
            return if plays.is_empty() { Ok(None) } else { Err(MatchError::Illegal { request, answer }) };
        }
        let Ok(after) = Position::from_id(&answer) else { return Err(MatchError::BadAnswer { request, answer }) };
        if plays.iter().any(|p| *p.result() == after) {
            Ok(Some(after))
        } else {
            Err(MatchError::Illegal { request, answer })
        }
    }
}

/// Plays one cubeless money game; `players[0]` moves first. Dice come from `dice`. Returns the
/// points won by `players[0]` (±1, ±2, ±3).
pub fn play_game(players: &mut [&mut dyn Player; 2], dice: &mut impl FnMut() -> (u8, u8)) -> Result<i32, MatchError> {
    let mut pos = Variant::Standard.starting_position();
    let mut turn = 0usize;
    loop {
        let (d1, d2) = dice();
        if let Some(after) = players[turn].play(&pos, d1, d2)? {
            pos = after;
        }
        if pos.chequers_in_play(ON_ROLL) == 0 {
            let points = WinKind::of_position(&pos, OPPONENT, Variant::Standard).multiplier() as i32;
            return Ok(if turn == 0 { points } else { -points });
        }
        pos = pos.swapped();
        turn = 1 - turn;
    }
}

/// Results of a duplicate match, from player A's view.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MatchStats {
    pub pairs: u64,
    pub points: i64,
    pub wins: u64,
    pub gammons_won: u64,
    pub gammons_lost: u64,
    /// Sum and sum of squares of pair means (for the standard error).
    pub sum: f64,
    pub sum_sq: f64,
}

impl MatchStats {
    pub fn games(&self) -> u64 {
        2 * self.pairs
    }

    /// Points per game for A.
    pub fn ppg(&self) -> f64 {
        self.points as f64 / self.games().max(1) as f64
    }

    /// Standard error of [`Self::ppg`], from the spread of the pair means.
    pub fn std_error(&self) -> f64 {
        let n = self.pairs as f64;
        if n < 2.0 {
            return f64::NAN;
        }
        let mean = self.sum / n;
        let var = (self.sum_sq - n * mean * mean) / (n - 1.0);
        (var.max(0.0) / n).sqrt()
    }

    fn record(&mut self, game: i32) {
        self.points += i64::from(game);
        self.wins += u64::from(game > 0);
        self.gammons_won += u64::from(game >= 2);
        self.gammons_lost += u64::from(game <= -2);
    }

    pub fn merge(&mut self, o: &MatchStats) {
        self.pairs += o.pairs;
        self.points += o.points;
        self.wins += o.wins;
        self.gammons_won += o.gammons_won;
        self.gammons_lost += o.gammons_lost;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
    }
}

/// Plays duplicate pair number `pair` (dice seeded by `seed` and `pair`) between `a` and `b`.
pub fn play_pair(
    a: &mut dyn Player,
    b: &mut dyn Player,
    seed: u64,
    pair: u64,
    stats: &mut MatchStats,
) -> Result<(), MatchError> {
    let pair_seed = seed ^ pair.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17);
    let mut total = 0;
    for a_first in [true, false] {
        let mut rng = seeded_rng(pair_seed);
        let mut first = true;
        let mut dice = || loop {
            let d = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
            if !(first && d.0 == d.1) {
                first = false;
                return d;
            }
        };
        let game = if a_first {
            play_game(&mut [&mut *a, &mut *b], &mut dice)?
        } else {
            -play_game(&mut [&mut *b, &mut *a], &mut dice)?
        };
        stats.record(game);
        total += game;
    }
    let mean = f64::from(total) / 2.0;
    stats.pairs += 1;
    stats.sum += mean;
    stats.sum_sq += mean * mean;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_against_itself_scores_zero_in_duplicate() {
        // the shipped nets: random ones hit back and forth for thousands of plies a game
        let ev = Evaluator::embedded();
        let (mut a, mut b) = (NetPlayer::new(ev), NetPlayer::new(ev));
        let mut stats = MatchStats::default();
        for pair in 0..5 {
            play_pair(&mut a, &mut b, 1, pair, &mut stats).unwrap();
        }
        // identical players with identical dice: each pair's two games mirror each other
        assert_eq!(stats.points, 0);
        assert_eq!(stats.games(), 10);
        assert_eq!(stats.wins, 5);
        assert_eq!(stats.std_error(), 0.0);
    }
}
