//! Replaying a game record against the engine (`go-gtp -l game.sgf --replay black|white|both`, GNU Go's
//! `--replay`): at each move of the replayed colour(s), the classic generator ([`GtpState::generate_classic`])
//! is asked for a move on the position before it, and its choice is compared with the record's. The
//! result ([`Replay`]) is the record rewritten as SGF with a note on each compared move's node — a
//! comment in GNU Go's words (`gammon-go plays C6 (20.60) - game move F4 (14.78)`, or `gammon-go plays
//! the same move H6 (53.38)`, then one line per move naming its reasons in `move_reasons`' words:
//! `C6: attacks D5, expands territory`), the engine's move circled (`CR`) where it differs, the two moves' values as
//! labels where they differ, and with the output flags ([`OutputFlags`]) every candidate's value and the
//! dragons' marks ([`crate::gtp::sgf_notes`]) — one line per disagreement (GNU Go's `Move 13 (white):
//! … ` lines) and the agreement figures: the record's move the engine's first choice (top-1) or among
//! its five best valued moves (top-5; a pass agrees with a pass).
//!
//! Each position is analysed afresh ([`GtpState::reset`] before each generation: a new reader and its
//! cache), so a move's values are those `loadsgf FILE N` then `gg_genmove` and `top_moves` give in a new
//! engine, whatever was replayed before. With `-L N` only the moves before `N` are replayed and written.
//! GNU Go writes the whole record with its variations; we write its main line, with the root's game
//! information kept (`GN`, `PB`, `PW`, `BR`, `WR`, `RE`, `DT`, `EV`; `KM` and `RU` as loaded).
//!
//! A driver over the GTP state, as [`crate::gtp::serve`] is: it imports the state and the SGF notes,
//! and no command group.

use crate::game::GoGame;
use crate::gtp::sgf_notes::{self, value_label, OutputFlags};
use crate::gtp::state::GtpState;
use crate::rules::stone::{Color, Move, Point};
use crate::rules::vertex::{format_color, format_vertex};
use crate::sgf::{self, Annotation, LoadError, Until};
use engine_core::limits::{read_file_limited, ReadError, MAX_INPUT_FILE_BYTES};
use std::io::Write;
use std::path::Path;
use thiserror::Error;

/// Which moves of the record to replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayColor {
    Black,
    White,
    Both,
}

impl ReplayColor {
    /// Reads `black`, `white` or `both` (GNU Go's words; `b` and `w` too).
    pub fn parse(text: &str) -> Option<ReplayColor> {
        match text.to_ascii_lowercase().as_str() {
            "black" | "b" => Some(ReplayColor::Black),
            "white" | "w" => Some(ReplayColor::White),
            "both" => Some(ReplayColor::Both),
            _ => None,
        }
    }

    fn includes(self, c: Color) -> bool {
        match self {
            ReplayColor::Both => true,
            ReplayColor::Black => c == Color::Black,
            ReplayColor::White => c == Color::White,
        }
    }
}

/// Why a replay could not run.
#[derive(Debug, Error)]
pub enum ReplayError {
    #[error("cannot read '{file}': {source}")]
    Io { file: String, source: std::io::Error },
    #[error("'{file}': {source}")]
    TooLarge { file: String, source: ReadError },
    #[error("'{file}': {source}")]
    Load { file: String, source: LoadError },
}

/// One compared move.
#[derive(Debug, Clone, PartialEq)]
pub struct Compared {
    /// The move's number in the record (the first move is 1).
    pub number: usize,
    pub color: Color,
    /// The record's move and its value in the engine's generation (0 when it had none).
    pub game_move: Move,
    pub game_value: f32,
    /// The engine's choice and its value.
    pub our_move: Move,
    pub our_value: f32,
    /// The record's move is the engine's choice.
    pub top1: bool,
    /// The record's move is among the engine's five best valued moves (or both pass).
    pub top5: bool,
}

/// A replayed record.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The record (as far as it was replayed) with the notes, as SGF.
    pub sgf: String,
    /// Every compared move, in the record's order.
    pub compared: Vec<Compared>,
}

impl Replay {
    /// The moves where the record and the engine agree: (top-1, top-5).
    pub fn agreement(&self) -> (usize, usize) {
        (self.compared.iter().filter(|c| c.top1).count(), self.compared.iter().filter(|c| c.top5).count())
    }

    /// The summary line: moves compared, top-1 and top-5 agreement (counts and percentages).
    pub fn summary(&self) -> String {
        let n = self.compared.len();
        let (t1, t5) = self.agreement();
        let pct = |k: usize| if n == 0 { 0.0 } else { 100.0 * k as f64 / n as f64 };
        format!("Moves compared: {n}, top-1 agreement: {t1} ({:.1}%), top-5 agreement: {t5} ({:.1}%)", pct(t1), pct(t5))
    }
}

/// The root properties of the record kept in the replay's SGF.
const KEPT_ROOT: [&str; 8] = ["GN", "PB", "PW", "BR", "WR", "RE", "DT", "EV"];

/// Replays the record in `file` (up to `until`, as `-L`) for `colors` with the engine `state`, notes as
/// `flags` ask, GNU Go's line for each disagreement written to `out` and progress to `progress`.
pub fn replay_file(
    state: &mut GtpState,
    file: &str,
    until: Option<&str>,
    colors: ReplayColor,
    flags: OutputFlags,
    out: &mut dyn Write,
    progress: &mut dyn Write,
) -> Result<Replay, ReplayError> {
    let bytes = read_file_limited(Path::new(file), MAX_INPUT_FILE_BYTES).map_err(|e| match e {
        ReadError::Io(source) => ReplayError::Io { file: file.to_string(), source },
        source => ReplayError::TooLarge { file: file.to_string(), source },
    })?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let load_error = |source| ReplayError::Load { file: file.to_string(), source };
    let rules = state.game().rules();
    let record = sgf::load_position(&text, until, rules).map_err(load_error)?;
    let root: Vec<(&str, String)> = match engine_core::sgf::parse(&text) {
        Ok(c) => c
            .trees
            .first()
            .and_then(|t| t.root())
            .map(|r| KEPT_ROOT.iter().filter_map(|&k| r.get(k).map(|v| (k, v.to_string()))).collect())
            .unwrap_or_default(),
        Err(_) => Vec::new(),
    };
    let moves: Vec<(Color, Move)> = record.moves().collect();
    let total = moves.iter().filter(|(c, _)| colors.includes(*c)).count();
    let mut notes: Vec<Option<Annotation>> = vec![None; moves.len()];
    let mut compared = Vec::new();
    let level = state.options().level;
    for (i, &(color, game_move)) in moves.iter().enumerate() {
        if !colors.includes(color) {
            continue;
        }
        let before = sgf::load(&text, Until::MoveNumber(i + 1), rules).map_err(load_error)?;
        let (c, note) = compare(state, before, i + 1, color, game_move, flags, level);
        if !c.top1 {
            let _ = writeln!(out, "{}", disagreement_line(&record, &c));
        }
        notes[i] = Some(note);
        compared.push(c);
        if compared.len() % 10 == 0 || compared.len() == total {
            let _ = writeln!(progress, "replay: {}/{total} moves compared", compared.len());
        }
    }
    let program = format!("gammon-go:{}", env!("CARGO_PKG_VERSION"));
    let sgf = sgf::to_sgf_annotated(&record, &program, &root, &notes);
    Ok(Replay { sgf, compared })
}

/// Asks the engine on `before` (the position before the record's move `number`) and compares.
fn compare(
    state: &mut GtpState,
    before: GoGame,
    number: usize,
    color: Color,
    game_move: Move,
    flags: OutputFlags,
    level: u32,
) -> (Compared, Annotation) {
    state.reset(before, level);
    let g = state.generate_classic(color, None).clone();
    let value_at = |p: Point| g.values.iter().find(|&&(q, _)| q == p).map_or(0.0, |&(_, x)| x);
    let our_move = g.chosen.map_or(Move::Pass, |(p, _)| Move::Play(p));
    let our_value = g.chosen.map_or(0.0, |(_, x)| x);
    let game_value = match game_move {
        Move::Play(p) => value_at(p),
        Move::Pass => 0.0,
    };
    let top1 = our_move == game_move;
    let top5 = top1
        || match game_move {
            Move::Play(p) => crate::genmove::selection::top(&g.values, 5).iter().any(|&(q, _)| q == p),
            Move::Pass => false,
        };
    let board = state.board().clone();
    let mut note = sgf_notes::annotate(&board, &g.values, flags, state.reader());
    let v = |m: Move, x: f32| format!("{} ({x:.2})", format_vertex(&board, m));
    // one line per move named in the comment: its reasons, as `move_reasons` words and orders them
    let why = |m: Move| match m {
        Move::Play(p) => {
            let words: Vec<String> =
                g.reasons.at(p).reasons.iter().rev().map(|&r| crate::gtp::trace::reason_words(&board, r)).collect();
            let words = if words.is_empty() { "no move reason".to_string() } else { words.join(", ") };
            format!("\n{}: {words}", format_vertex(&board, m))
        }
        Move::Pass => String::new(),
    };
    if top1 {
        note.comment = Some(format!("gammon-go plays the same move {}{}", v(our_move, our_value), why(our_move)));
    } else {
        note.comment = Some(format!(
            "gammon-go plays {} - game move {}{}{}",
            v(our_move, our_value),
            v(game_move, game_value),
            why(our_move),
            why(game_move)
        ));
        if let Move::Play(p) = our_move {
            note.circled.push(p);
        }
        if !flags.values {
            for (m, x) in [(our_move, our_value), (game_move, game_value)] {
                if let Move::Play(p) = m {
                    note.labels.push((p, value_label(x)));
                }
            }
        }
    }
    let c = Compared { number, color, game_move, game_value, our_move, our_value, top1, top5 };
    (c, note)
}

/// GNU Go's line for a move where the engine differs: `Move 13 (white): gammon-go plays C6 (20.60) -
/// game move F4 (14.78)`.
fn disagreement_line(record: &GoGame, c: &Compared) -> String {
    let b = record.board();
    format!(
        "Move {} ({}): gammon-go plays {} ({:.2}) - game move {} ({:.2})",
        c.number,
        format_color(c.color),
        format_vertex(b, c.our_move),
        c.our_value,
        format_vertex(b, c.game_move),
        c.game_value
    )
}
