//! Backgammon files: matches and sessions saved and loaded as SGF (`GM[6]`, as gnubg 1.07 writes
//! it) and Jellyfish `.mat`; single games as Jellyfish `.gam`; positions as Jellyfish `.pos` and
//! Snowie `.txt`; the format of a file to import told from its content (`detect`); matches
//! exported as plain text and HTML; pictures of the board, of a match's equity and of a
//! position's temperature map as SVG and PNG (`picture`). A loaded match is a [`MatchRecord`]: a
//! [`Session`] rebuilt by replaying every recorded action (the recorded dice, plays, cube actions
//! and resignations) through the game's state machine, so its state is exactly what playing it
//! would give, and an illegal record is refused with the line it is on.
//!
//! Hostile files cost bounded time and memory: files are read through [`read_text_file`] (at
//! most [`engine_core::limits::MAX_INPUT_FILE_BYTES`]), lines of the line-based formats are at
//! most [`MAX_FORMAT_LINE_BYTES`], a file holds at most [`MAX_GAMES`] games of at most
//! [`MAX_GAME_EVENTS`] events, a play at most [`MAX_PLAY_STEPS`] steps; each is refused with its
//! line. Every reader walks its input once. A loaded match costs about 11 times the size of its
//! `.mat` file and 21 times that of its SGF file at the peak of reading (the parsed SGF tree is
//! held while the match is built from it; measured on 10 MB files of 10,000 and 20,000 games).
//!
//! This module owns file syntax and the mapping between files and sessions. It must not know the
//! rules (that is `game`/`session`'s) nor decide anything about play; it writes files through
//! [`write_atomic`] so that a failed save never destroys the previous file.

pub mod detect;
pub mod display;
pub mod fibs_board;
pub mod gam;
pub mod html;
pub mod mat;
pub mod oldmoves;
pub mod picture;
pub mod pos;
pub mod printable;
pub mod sgf;
pub mod snowie;
pub mod text;

use crate::rules::game::{Action, Phase};
use crate::rules::match_id::MatchState;
use crate::rules::player::PlayerId;
use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};
use crate::rules::score::WinKind;
use crate::rules::session::{Rules, Session, SessionError};
use engine_core::dice::Dice;
use std::path::Path;
use thiserror::Error;

/// Facts about a match that are not moves: what gnubg keeps as "match information".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Metadata {
    pub event: Option<String>,
    /// `YYYY-MM-DD`, as SGF's `DT`.
    pub date: Option<String>,
    pub place: Option<String>,
    pub round: Option<String>,
    pub annotator: Option<String>,
    pub comment: Option<String>,
    /// Players' ratings, player 0 first.
    pub ratings: [Option<String>; 2],
}

/// A match or money session with its players and match information.
#[derive(Debug, Clone)]
pub struct MatchRecord {
    pub session: Session,
    /// Player 0 (gnubg's O, SGF's White, the left column of `.mat`) first.
    pub players: [String; 2],
    pub meta: Metadata,
}

impl MatchRecord {
    /// A record of `session` with these players and no match information.
    pub fn new(session: Session, players: [String; 2]) -> MatchRecord {
        MatchRecord { session, players, meta: Metadata::default() }
    }
}

/// A single position read from a position file, seen from the player on roll (`state.on_roll`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionRecord {
    pub position: Position,
    pub state: MatchState,
}

/// Why a file could not be read. Every variant says where: a 1-based line (binary files count
/// as one line and give the byte offset + 1 as the column).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FormatError {
    /// The text does not follow the format here.
    #[error("line {line}, column {column}: {message}")]
    Syntax { line: usize, column: usize, message: String },
    /// The file records something the rules do not allow at that point.
    #[error("line {line}: {what} is not allowed: {source}")]
    Illegal {
        line: usize,
        what: String,
        #[source]
        source: SessionError,
    },
    /// The file is well formed but its content is inconsistent or unsupported.
    #[error("line {line}: {message}")]
    Invalid { line: usize, message: String },
}

impl FormatError {
    /// The 1-based line of the error.
    pub fn line(&self) -> usize {
        match *self {
            FormatError::Syntax { line, .. }
            | FormatError::Illegal { line, .. }
            | FormatError::Invalid { line, .. } => line,
        }
    }

    pub(crate) fn syntax(line: usize, column: usize, message: impl Into<String>) -> FormatError {
        FormatError::Syntax { line, column, message: message.into() }
    }

    pub(crate) fn invalid(line: usize, message: impl Into<String>) -> FormatError {
        FormatError::Invalid { line, message: message.into() }
    }
}

/// The longest line the line-based importers (`.mat`, oldmoves, Snowie) accept, in bytes. Their
/// longest legitimate lines (a `.mat` move pair, a Snowie position, a comment) are a few hundred
/// bytes; a longer line is refused at its line, so no line costs more than this to take apart.
pub const MAX_FORMAT_LINE_BYTES: usize = 64 * 1024;

/// The most games one match file (SGF, `.mat`, oldmoves) may hold. A long money session has a few
/// hundred; a file at [`engine_core::limits::MAX_INPUT_FILE_BYTES`] of short games has about this
/// many.
pub const MAX_GAMES: usize = 100_000;

/// The most events (rolls, plays, cube actions, set-ups) one game of a file may record. Real games
/// have well under 500; each event costs about 150 bytes in memory, so this bounds a game.
pub const MAX_GAME_EVENTS: usize = 10_000;

/// The most steps one recorded play may have (a double moves four chequers).
pub const MAX_PLAY_STEPS: usize = 4;

/// Refuses a line longer than [`MAX_FORMAT_LINE_BYTES`], at its line.
pub(crate) fn check_line_length(line: usize, text: &str) -> Result<(), FormatError> {
    if text.len() <= MAX_FORMAT_LINE_BYTES {
        return Ok(());
    }
    let mut cut = MAX_FORMAT_LINE_BYTES;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    Err(FormatError::syntax(
        line,
        text[..cut].chars().count() + 1,
        format!("the line is longer than the limit of {MAX_FORMAT_LINE_BYTES} bytes"),
    ))
}

/// Reads a text file to import, at most [`engine_core::limits::MAX_INPUT_FILE_BYTES`] of it (a
/// larger file, or a device or FIFO that never ends, is refused without being read to its end);
/// bytes that are not UTF-8 become U+FFFD.
pub fn read_text_file(path: &Path) -> Result<String, engine_core::limits::ReadError> {
    engine_core::limits::read_to_string_limited(path, engine_core::limits::MAX_INPUT_FILE_BYTES)
}

/// [`read_text_file`] for binary files (`.pos`).
pub fn read_binary_file(path: &Path) -> Result<Vec<u8>, engine_core::limits::ReadError> {
    engine_core::limits::read_file_limited(path, engine_core::limits::MAX_INPUT_FILE_BYTES)
}

/// Why a record cannot be written in a format.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("game {game}: {message}")]
pub struct ExportError {
    /// The game (from 1) the format cannot hold.
    pub game: usize,
    pub message: String,
}

/// Every file the formats write goes through the workspace's one atomic writer: whole or not at
/// all, never through a symlink planted at its temporary name.
pub use engine_core::atomic_file::write_atomic;

/// "1 point", "4 points".
pub(crate) fn points_text(n: u32) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

/// One step of a recorded play, in the mover's numbering: `from` 1..=25 (25 = bar), `to`
/// 0..=24 (0 = off).
pub(crate) type Step = (u8, u8);

/// Plays the recorded `steps` on `pos` (seen from the mover) and returns the position reached,
/// still seen from the mover. Steps may come in any order: a step whose chequer only arrives with
/// a later step waits for it.
pub(crate) fn apply_steps(pos: &Position, steps: &[Step]) -> Result<Position, String> {
    if steps.len() > MAX_PLAY_STEPS {
        return Err(format!("{} steps in one play, at most {MAX_PLAY_STEPS}", steps.len()));
    }
    let mut board = *pos.board();
    let mut pending: Vec<Step> = steps.to_vec();
    while !pending.is_empty() {
        let Some(i) =
            pending.iter().position(|&(from, _)| (1..=25).contains(&from) && board[ON_ROLL][from as usize - 1] > 0)
        else {
            let (from, to) = pending[0];
            return Err(format!("no chequer to move from {from} to {to}"));
        };
        let (from, to) = pending.remove(i);
        if to >= from || to > 24 {
            return Err(format!("{from}/{to} does not move forward"));
        }
        board[ON_ROLL][from as usize - 1] -= 1;
        if to > 0 {
            let opp = &mut board[OPPONENT][24 - to as usize];
            match *opp {
                0 => {}
                1 => {
                    *opp = 0;
                    board[OPPONENT][BAR] += 1;
                }
                _ => return Err(format!("point {to} is blocked")),
            }
            board[ON_ROLL][to as usize - 1] += 1;
        }
    }
    Position::from_board(board).map_err(|e| e.to_string())
}

/// Rebuilds a session from a file's records, one action at a time, turning the game's refusals
/// into errors at the line being read.
pub(crate) struct Builder {
    pub session: Session,
}

impl Builder {
    pub fn new(rules: Rules, line: usize) -> Result<Builder, FormatError> {
        let dice = Dice::manual([]).map_err(|e| FormatError::invalid(line, e.to_string()))?;
        let session = Session::new(rules, dice).map_err(|source| FormatError::Illegal {
            line,
            what: "the match".into(),
            source,
        })?;
        Ok(Builder { session })
    }

    /// The session read, refused when the file holds no game: a match of no game has nothing to
    /// save, and an empty SGF file would not load back.
    pub fn finish(self, last_line: usize) -> Result<Session, FormatError> {
        if self.session.games().is_empty() {
            return Err(FormatError::invalid(last_line, "the file holds no game"));
        }
        Ok(self.session)
    }

    fn apply(&mut self, action: Action, what: &str, line: usize) -> Result<(), FormatError> {
        self.check_events(line)?;
        self.session.apply(&action).map_err(|source| FormatError::Illegal { line, what: what.to_string(), source })
    }

    /// Refuses one more event in a game that has [`MAX_GAME_EVENTS`] already.
    fn check_events(&self, line: usize) -> Result<(), FormatError> {
        match self.session.game() {
            Some(g) if g.events().len() >= MAX_GAME_EVENTS => Err(FormatError::invalid(
                line,
                format!("the game records more than the limit of {MAX_GAME_EVENTS} events"),
            )),
            _ => Ok(()),
        }
    }

    /// Refuses one more game in a file that has [`MAX_GAMES`] already.
    fn check_games(&self, line: usize) -> Result<(), FormatError> {
        if self.session.games().len() >= MAX_GAMES {
            return Err(FormatError::invalid(line, format!("the file holds more than the limit of {MAX_GAMES} games")));
        }
        Ok(())
    }

    pub fn new_game(&mut self, line: usize) -> Result<(), FormatError> {
        self.check_games(line)?;
        self.session.new_game().map(|_| ()).map_err(|source| FormatError::Illegal {
            line,
            what: "a new game".into(),
            source,
        })
    }

    pub fn phase(&self) -> Option<Phase> {
        self.session.game().map(|g| g.phase())
    }

    pub fn to_act(&self) -> Option<PlayerId> {
        self.session.game().and_then(|g| g.to_act())
    }

    fn check_player(&self, player: PlayerId, what: &str, line: usize) -> Result<(), FormatError> {
        match (self.phase(), self.to_act()) {
            (Some(Phase::Opening), _) => Ok(()),
            (_, Some(p)) if p == player => Ok(()),
            (None, _) => Err(FormatError::invalid(line, format!("{what} before any game"))),
            _ => Err(FormatError::invalid(line, format!("{what} by player {player}, who is not to act"))),
        }
    }

    /// `player` rolls `d1 d2` (the opening roll when the game waits for it) and plays `steps`.
    /// Without steps the roll is either a forced pass or a roll the player resigned after.
    pub fn roll_and_play(
        &mut self,
        player: PlayerId,
        dice: (u8, u8),
        steps: &[Step],
        line: usize,
    ) -> Result<(), FormatError> {
        let (d1, d2) = dice;
        let what = format!("the roll {d1}{d2}");
        // a double offered after a beaver is taken without a word in `.mat` files
        if self.phase() == Some(Phase::CubeOffered) && self.to_act() == Some(player) {
            self.apply(Action::Take, "the take implied by a roll", line)?;
        }
        self.check_player(player, &what, line)?;
        if self.phase() == Some(Phase::Opening) {
            if d1 == d2 {
                return Err(FormatError::invalid(line, format!("the opening roll {d1}{d2} cannot be a double")));
            }
            let (hi, lo) = (d1.max(d2), d1.min(d2));
            let roll = if player == 0 { Action::Roll(hi, lo) } else { Action::Roll(lo, hi) };
            self.apply(roll, &what, line)?;
        } else {
            self.apply(Action::Roll(d1, d2), &what, line)?;
        }
        let game = self.session.game().expect("a game is in progress");
        if game.phase() != Phase::Play {
            // no legal play: the game passed the turn already
            if !steps.is_empty() {
                return Err(FormatError::invalid(line, format!("{d1}{d2} has no legal play, but a play is recorded")));
            }
            return Ok(());
        }
        if steps.is_empty() {
            return Ok(());
        }
        let target = apply_steps(game.position(), steps).map_err(|m| FormatError::invalid(line, m))?;
        let Some(play) = game.legal_plays().iter().find(|p| *p.result() == target).copied() else {
            return Err(FormatError::invalid(line, format!("the recorded play is not a legal play of {d1}{d2}")));
        };
        self.apply(Action::Play(play), "the play", line)
    }

    /// A cube action by `player`.
    pub fn cube(&mut self, player: PlayerId, action: Action, line: usize) -> Result<(), FormatError> {
        let what = format!("{action:?}").to_lowercase();
        self.check_player(player, &what, line)?;
        self.apply(action, &what, line)
    }

    /// The game ends with `winner` winning `points`: checked against a finished game, otherwise
    /// the loser resigns (a game worth `points` at the current cube) and the winner accepts.
    pub fn wins(&mut self, winner: PlayerId, points: u32, line: usize) -> Result<(), FormatError> {
        let Some(game) = self.session.game() else {
            return Err(FormatError::invalid(line, "a result before any game"));
        };
        if let Some(r) = game.result() {
            if r.winner != winner {
                return Err(FormatError::invalid(
                    line,
                    format!("player {} won this game, not player {winner}", r.winner),
                ));
            }
            return Ok(());
        }
        let cube = game.cube().value();
        let kind = points.is_multiple_of(cube).then(|| WinKind::from_multiplier(points / cube)).flatten();
        let Some(kind) = kind else {
            return Err(FormatError::invalid(line, format!("{points} points is no result at cube {cube}")));
        };
        if self.to_act() != Some(1 - winner) {
            return Err(FormatError::invalid(line, format!("player {} cannot resign now", 1 - winner)));
        }
        self.apply(Action::Resign(kind), "the resignation", line)?;
        self.apply(Action::AcceptResignation, "accepting the resignation", line)
    }
}

/// The score before each game as gnubg shows it in its files: the points each game added, not
/// capped at the match length, except where the score was set (`set matchid`, a log starting at
/// a score): there the game's own score starts the count again.
pub(crate) fn raw_scores_before(session: &Session) -> Vec<[u32; 2]> {
    let mut score = [0u32; 2];
    let mut out = Vec::with_capacity(session.games().len());
    let length = u32::from(session.rules().match_length);
    let id_score = |s: u32| s.min(u32::from(crate::rules::match_id::MAX_MATCH_VALUE)) as u16;
    for g in session.games() {
        let capped = score.map(|s| id_score(if length > 0 { s.min(length) } else { s }));
        if capped != g.setup().score {
            score = g.setup().score.map(u32::from);
        }
        out.push(score);
        if let Some(r) = g.result() {
            score[r.winner] = score[r.winner].saturating_add(r.points);
        }
    }
    out
}

/// Whether a game was set up rather than played from its opening roll alone: it started from a
/// given position, or its board was set during play.
pub(crate) fn was_set_up(game: &crate::rules::game::Game) -> bool {
    game.origin().is_some() || game.events().iter().any(|e| matches!(e, crate::rules::game::GameEvent::SetUp { .. }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_apply_in_any_order_and_hit() {
        let start = crate::rules::variant::Variant::Standard.starting_position();
        // 6-1 opening "13/7 8/7" in the written order and reversed
        let a = apply_steps(&start, &[(13, 7), (8, 7)]).unwrap();
        let b = apply_steps(&start, &[(8, 7), (13, 7)]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.at(ON_ROLL, 7), 2);
        // a chain written backwards waits for its chequer
        let c = apply_steps(&start, &[(11, 10), (13, 11)]).unwrap();
        assert_eq!(c.at(ON_ROLL, 10), 1);
        // blocked and empty points are refused
        assert!(apply_steps(&start, &[(24, 19)]).unwrap_err().contains("blocked"));
        assert!(apply_steps(&start, &[(22, 20)]).unwrap_err().contains("no chequer"));
    }
}

#[cfg(test)]
pub(crate) mod tests_support {
    use crate::rules::game::{Action, Game, GameEvent, Phase};
    use crate::rules::score::WinKind;
    use crate::rules::session::Session;
    use rand::Rng;

    /// `base` with each edit applied: (place, kind 0 replace / 1 insert / 2 delete, byte); fuzzing input.
    pub fn mutate(base: &str, edits: &[(usize, u8, u8)]) -> String {
        let mut bytes = base.as_bytes().to_vec();
        for &(at, kind, byte) in edits {
            let at = at % (bytes.len() + 1);
            match kind % 3 {
                0 if at < bytes.len() => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                _ if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => {}
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// The record read back has the same games (event for event) and score as the one written.
    pub fn assert_same_record(back: &super::MatchRecord, rec: &super::MatchRecord, seed: u64) {
        assert_eq!(back.session.games().len(), rec.session.games().len());
        for (a, b) in back.session.games().iter().zip(rec.session.games()) {
            assert_eq!(recordable(a), recordable(b), "seed {seed}");
        }
        assert_eq!(back.session.score(), rec.session.score());
    }

    /// Plays up to `games` games of `session` with random legal actions: doubles, takes, drops,
    /// beavers and accepted resignations now and then, so every kind of record is exercised.
    pub fn play_random(session: &mut Session, rng: &mut impl Rng, games: usize) {
        for _ in 0..20_000 {
            let phase = session.game().map(Game::phase);
            match phase {
                None | Some(Phase::Over) => {
                    if session.games().len() >= games || session.new_game().is_err() {
                        return;
                    }
                }
                Some(Phase::Opening) => {
                    session.roll().unwrap();
                }
                Some(Phase::Roll) => {
                    let g = session.game().unwrap();
                    if g.may_double() && rng.random_range(0..8) == 0 {
                        session.apply(&Action::Double).unwrap();
                    } else if rng.random_range(0..150) == 0 {
                        let kind = WinKind::ALL[rng.random_range(0..3)];
                        session.apply(&Action::Resign(kind)).unwrap();
                        session.apply(&Action::AcceptResignation).unwrap();
                    } else {
                        session.roll().unwrap();
                    }
                }
                Some(Phase::Play) => {
                    let legal = session.game().unwrap().legal_plays();
                    let play = legal[rng.random_range(0..legal.len())];
                    if rng.random_range(0..200) == 0 {
                        // resigning with the dice rolled
                        session.apply(&Action::Resign(WinKind::Single)).unwrap();
                        session.apply(&Action::AcceptResignation).unwrap();
                    } else {
                        session.apply(&Action::Play(play)).unwrap();
                    }
                }
                Some(Phase::CubeOffered) => {
                    let pick = rng.random_range(0..6);
                    if pick == 0 && session.apply(&Action::Beaver).is_ok() {
                        continue;
                    }
                    let action = if pick < 4 { Action::Take } else { Action::Drop };
                    session.apply(&action).unwrap();
                }
                Some(Phase::ResignationOffered) => session.apply(&Action::AcceptResignation).unwrap(),
            }
        }
    }

    /// The events of `game` that files record, comparable: equal opening rolls are thrown again
    /// unrecorded, later rolls are recorded higher die first, plays by their steps and result.
    pub fn recordable(game: &Game) -> Vec<String> {
        game.events()
            .iter()
            .filter(|e| !matches!(e, GameEvent::OpeningRoll { dice } if dice[0] == dice[1]))
            .map(|e| match *e {
                GameEvent::Roll { player, dice } => {
                    format!("Roll {player} {:?}", (dice.0.max(dice.1), dice.0.min(dice.1)))
                }
                GameEvent::Play { player, dice, before, play } => {
                    format!("Play {player} {dice:?} {before:?} {:?} {:?}", play.steps(), play.result())
                }
                e => format!("{e:?}"),
            })
            .collect()
    }
}

#[cfg(test)]
mod fuzz {
    //! Every importer, fed random bytes or random mutations of a valid file, returns a record or
    //! a typed error whose line is inside the input; it never panics.
    use super::tests_support::mutate;
    use super::*;
    use proptest::prelude::*;

    const MAT: &str = " 3 point match\n\n Game 1\n a : 0                      b : 0\n  1)                             21: 13/11 24/23 \n  2) 52: 13/8 24/22              63: 8/5 11/5 \n  3)  Doubles => 2                Takes\n  4) 33: 8/5 8/5 6/3 6/3          Doubles => 4\n  5)  Drops\n                                  Wins 2 points\n\n";
    const SGF: &str = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[a]PB[b]RU[Crawford]RE[B+2]\n;B[21lnab]\n;W[52mhxv]\n;B[63qtnt]\n;W[double]\n;B[take]\n;W[33hehefcfc]\n;B[double]\n;W[drop])\n";
    const SNOWIE: &str =
        "5;0;0;0;1;root;gnubg;0;0;0;1;0;0;-1;0;0;0;0;5;-1;3;0;0;0;-4;5;-1;0;0;-3;0;-5;0;0;0;0;2;0;3;1;";

    /// Numbers as hostile files write them: small, at the edges of the integer types, huge,
    /// negative, or not numbers at all.
    fn number() -> impl Strategy<Value = String> {
        prop_oneof![
            (0u32..40).prop_map(|n| n.to_string()),
            Just("-1".to_string()),
            Just("32767".to_string()),
            Just("65536".to_string()),
            Just("4294967296".to_string()),
            Just("99999999999999999999999999".to_string()),
            Just("1e9".to_string()),
            Just("NaN".to_string()),
            Just(String::new()),
        ]
    }

    /// A `.mat` line: headers, score lines, move lines with dice and steps (in range or not),
    /// cube actions, results, comments, and now and then a very long line.
    fn mat_line() -> impl Strategy<Value = String> {
        let step = (number(), number(), 0u8..4).prop_map(|(a, b, k)| match k {
            0 => format!("{a}/{b}"),
            1 => format!("{a}/{b}*"),
            2 => format!("bar/{b}({a})"),
            _ => format!("{a}/off"),
        });
        let dice = (1u8..8, 0u8..7).prop_map(|(a, b)| format!("{a}{b}:"));
        let entry = (dice, proptest::collection::vec(step, 0..7))
            .prop_map(|(d, steps)| format!("{d} {}", steps.join(" ")))
            .boxed();
        prop_oneof![
            number().prop_map(|n| format!(" {n} point match\n")),
            number().prop_map(|n| format!(" Game {n}\n")),
            (number(), number()).prop_map(|(a, b)| format!(" a : {a}                      b : {b}\n")),
            (0u32..30, entry.clone(), entry).prop_map(|(n, l, r)| format!("{n:>3}) {l:<27} {r}\n")),
            prop_oneof![Just("Doubles => 2"), Just("Takes"), Just("Drops"), Just("Beavers => 4")]
                .prop_map(|a| format!("  1)  {a}\n")),
            number().prop_map(|n| format!("      Wins {n} points\n")),
            Just("; [Event \"x\"]\n".to_string()),
            (1usize..4).prop_map(|k| format!("{}\n", "13/7 ".repeat(k * 20_000))),
        ]
    }

    /// An SGF game tree of backgammon nodes: moves (well formed or not), cube actions, set-ups,
    /// results and match information with hostile numbers, nested variations, long values.
    fn sgf_tree() -> impl Strategy<Value = String> {
        let letters = "[a-z{]{0,10}";
        let node = prop_oneof![
            ("[1-7]{2}", letters).prop_map(|(d, m)| format!(";W[{d}{m}]")),
            ("[1-7]{2}", letters).prop_map(|(d, m)| format!(";B[{d}{m}]")),
            prop_oneof![Just(";W[double]"), Just(";B[take]"), Just(";W[drop]"), Just(";B[double]")]
                .prop_map(str::to_string),
            (letters, letters, prop_oneof![Just("W"), Just("B"), Just("Q")]).prop_map(|(w, b, pl)| {
                let list = |l: &str| l.chars().map(|c| format!("[{c}]")).collect::<String>();
                format!(";AE[a:y]AW{}AB{}PL[{pl}]", list(&w), list(&b))
            }),
            (number(), prop_oneof![Just("c"), Just("w"), Just("b"), Just("z")])
                .prop_map(|(v, o)| format!(";CV[{v}]CP[{o}]")),
            ("[1-7]{2}", prop_oneof![Just("W"), Just("B")]).prop_map(|(d, p)| format!(";PL[{p}]DI[{d}]")),
            (1usize..3).prop_map(|k| format!(";GC[{}]", "x".repeat(k * 30_000))),
        ];
        let root = (
            number(),
            number(),
            number(),
            number(),
            prop_oneof![Just("W+1"), Just("B+99999999999"), Just("W+2R"), Just("")],
        )
            .prop_map(|(l, g, w, b, re)| {
                format!("(;GM[6]MI[length:{l}][game:{g}][ws:{w}][bs:{b}]RU[Crawford:CrawfordGame]RE[{re}]")
            });
        (root, proptest::collection::vec(node, 0..30), 0usize..40).prop_map(|(r, nodes, depth)| {
            // variations nested `depth` deep after the main line
            format!("{r}{}{}{}){}", nodes.concat(), "(;W[21]".repeat(depth), ")".repeat(depth), "\n")
        })
    }

    /// An oldmoves line: score lines with hostile numbers, players lines, turns with many steps.
    fn oldmoves_line() -> impl Strategy<Value = String> {
        let step = (number(), number()).prop_map(|(a, b)| format!("{a}-{b}"));
        prop_oneof![
            (number(), number(), number()).prop_map(|(a, b, n)| format!("Score is {a}-{b} in a {n} point match.\n")),
            Just("alice is X - bob is O\n".to_string()),
            (prop_oneof![Just("X"), Just("O")], 0u8..8, 0u8..8, proptest::collection::vec(step, 0..8))
                .prop_map(|(p, a, b, steps)| format!("{p}: ({a} {b}) {}\n", steps.join(" "))),
            (prop_oneof![Just("X"), Just("O")], prop_oneof![Just("doubles"), Just("accepts"), Just("rejects")])
                .prop_map(|(p, w)| format!("{p}: {w}\n")),
            (prop_oneof![Just("X"), Just("O")], number()).prop_map(|(p, n)| format!("{p}: wins {n} points\n")),
            (1usize..3).prop_map(|k| format!("X: (6 5) {}\n", "24-18 ".repeat(k * 12_000))),
        ]
    }

    #[test]
    fn limits_are_refused_at_their_line() {
        // a line over the limit, in each line-based format
        let long = format!(" 3 point match\n Game 1\n a : 0  b : 0\n  1) 31: {}\n", "8/5 ".repeat(20_000));
        let e = mat::read(&long).unwrap_err();
        assert!(matches!(e, FormatError::Syntax { line: 4, .. }) && e.to_string().contains("limit"), "{e}");
        let log =
            format!("Score is 0-0 in a 3 point match.\nalice is X - bob is O\nX: (3 1) {}\n", "8-5 ".repeat(20_000));
        assert!(matches!(oldmoves::read(&log), Err(FormatError::Syntax { line: 3, .. })));
        let snowie_line = format!("{SNOWIE}{}", "0;".repeat(40_000));
        assert!(matches!(snowie::read(&snowie_line), Err(FormatError::Syntax { line: 1, column: 65_537, .. })));
        // a Snowie line just under the limit, with its fields' columns right (the columns were
        // counted from the line's start for each field: quadratic in the line's length)
        let near = format!("{}{SNOWIE}", "x".repeat(MAX_FORMAT_LINE_BYTES - SNOWIE.len() - 1));
        let start = std::time::Instant::now();
        match snowie::read(&near) {
            Err(FormatError::Syntax { column, .. }) => assert_eq!(column, 1, "field 0 is the long one"),
            other => panic!("{other:?}"),
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(2));
        // more than four steps in an oldmoves play
        let five = "Score is 0-0 in a 3 point match.\nalice is X - bob is O\nX: (3 3) 8-5 8-5 6-3 6-3 6-3\n";
        assert!(matches!(oldmoves::read(five), Err(FormatError::Syntax { line: 3, column: 26, .. })));
        // games and events past their limits
        let mut b = Builder::new(Rules::money(crate::rules::variant::Variant::Standard), 1).unwrap();
        for _ in 0..MAX_GAMES {
            b.session.new_game().unwrap();
            b.session.apply(&Action::Roll(6, 1)).unwrap();
            b.session.apply(&Action::Resign(WinKind::Single)).unwrap();
            b.session.apply(&Action::AcceptResignation).unwrap();
        }
        let err = b.new_game(7).unwrap_err();
        assert_eq!(err.line(), 7);
        assert!(err.to_string().contains(&MAX_GAMES.to_string()));
        // rolls and set-ups make a game as long as a file likes: one event more than the limit
        // is refused at its node (the first set-up starts the game and records no event)
        let sgf_text = format!("(;GM[6]\n;PL[W]\n{})", ";W[21]\n;PL[W]\n".repeat(MAX_GAME_EVENTS / 2 + 1));
        let err = sgf::read(&sgf_text).unwrap_err();
        assert_eq!(err.line(), MAX_GAME_EVENTS + 3, "{err}");
        assert!(err.to_string().contains("limit"), "{err}");
    }

    fn check(result: Result<(), FormatError>, input: &str) -> Result<(), TestCaseError> {
        if let Err(e) = result {
            // CR, LF and CRLF all end a line for some reader
            let lines = input.matches('\n').count() + input.matches('\r').count() + 1;
            prop_assert!(e.line() >= 1 && e.line() <= lines + 1, "{e} for {input:?}");
        }
        Ok(())
    }

    /// As `check`, and a match that reads must save to SGF that reads back: what a user imports
    /// they can always keep.
    fn check_match(result: Result<MatchRecord, FormatError>, input: &str) -> Result<(), TestCaseError> {
        match result {
            Ok(rec) => {
                let saved = sgf::write(&rec);
                prop_assert!(sgf::read(&saved).is_ok(), "{input:?} reads but saves as {saved:?}, which does not");
                Ok(())
            }
            Err(e) => check(Err(e), input),
        }
    }

    #[test]
    fn a_file_of_no_game_is_refused() {
        // Found by the `mat` and `oldmoves` fuzz targets: a header with no game read as an empty
        // match, saved as an empty SGF file that `load match` refused.
        let e = mat::read(" 3 point match\n\n 3 point match\n").unwrap_err();
        assert_eq!((e.line(), e.to_string().contains("no game")), (3, true), "{e}");
        let e = oldmoves::read("Score is 1-0 in a 5 point match.\nalice is X - bob is O").unwrap_err();
        assert_eq!((e.line(), e.to_string().contains("no game")), (2, true), "{e}");
        // one game, however short, is a match
        let one = mat::read(" 3 point match\n\n Game 1\n a : 0   b : 0\n").unwrap();
        assert!(sgf::read(&sgf::write(&one)).is_ok());
    }

    #[test]
    fn the_seeds_of_the_mutations_are_valid() {
        assert_eq!(mat::read(MAT).unwrap().session.score(), [0, 2]);
        assert_eq!(sgf::read(SGF).unwrap().session.score(), [0, 2]);
        assert!(snowie::read(SNOWIE).is_ok());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn random_text_never_panics(s in "\\PC{0,300}", bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            for input in [s.clone(), String::from_utf8_lossy(&bytes).into_owned()] {
                check(mat::read(&input).map(|_| ()), &input)?;
                check(sgf::read(&input).map(|_| ()), &input)?;
                check(snowie::read(&input).map(|_| ()), &input)?;
                check(pos::read(&input).map(|_| ()), &input)?;
            }
            let _ = pos::read_bytes(&bytes);
        }

        #[test]
        fn mutated_files_never_panic(edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6)) {
            let m = mutate(MAT, &edits);
            check_match(mat::read(&m), &m)?;
            let s = mutate(SGF, &edits);
            check_match(sgf::read(&s), &s)?;
            let n = mutate(SNOWIE, &edits);
            check(snowie::read(&n).map(|_| ()), &n)?;
        }

        #[test]
        fn structured_hostile_mat_files_are_refused_or_read(lines in proptest::collection::vec(mat_line(), 0..60)) {
            let text = lines.concat();
            check_match(mat::read(&text), &text)?;
        }

        #[test]
        fn structured_hostile_sgf_files_are_refused_or_read(trees in proptest::collection::vec(sgf_tree(), 1..6)) {
            let text = trees.concat();
            check_match(sgf::read(&text), &text)?;
        }

        #[test]
        fn structured_hostile_oldmoves_logs_are_refused_or_read(lines in proptest::collection::vec(oldmoves_line(), 0..60)) {
            let text = lines.concat();
            check_match(oldmoves::read(&text), &text)?;
        }

        #[test]
        fn structured_hostile_snowie_lines_are_refused_or_read(fields in proptest::collection::vec(number(), 0..60), names in "[a-z;]{0,8}") {
            let mut text = fields.join(";");
            text.insert_str(text.len().min(12), &names);
            check(snowie::read(&text).map(|_| ()), &text)?;
        }

        #[test]
        fn mutated_pos_files_never_panic(edits in proptest::collection::vec((0usize..162, any::<u8>()), 1..8)) {
            let mut b = vec![0u8; 162];
            b[0] = 126;
            b[12] = 1;
            b[16] = 2;
            for (i, v) in [0i16, 2, 0, 0, 0, 0, -5, 0, -3, 0, 0, 0, 5, -5, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, -2, 0].iter().enumerate() {
                b[58 + 4 * i] = (v + 20) as u8;
            }
            b[54] = 3;
            b[56] = 1;
            for (at, v) in edits {
                b[at] = v;
            }
            if let Err(e) = pos::read_bytes(&b) {
                prop_assert_eq!(e.line(), 1);
            }
        }
    }
}
