//! The file and analysis commands: `save match`, `load match`, `import mat|oldmoves|pos|snowietxt`,
//! `export match mat|sgf|text|html`, `export game|position text|html`, `analyse
//! move|game|match|session` and `show statistics game|match|session`. They only move data
//! between the shell's session and `formats` (reading and writing files, atomically) and
//! `analysis` (grading and statistics); the formats and the analysis are those modules'.

use super::{fail, session_message, syntax, Reply, State};
use crate::analysis::{analyse_game, analyse_session, AnalysisSettings};
use crate::cube::Cube;
use crate::formats::{self, write_atomic, FormatError, MatchRecord, PositionRecord};
use crate::game::Action;
use crate::session::Rules;
use engine_core::command::{Args, CommandError};
use std::fmt::Write as _;
use std::path::Path;

fn file_arg<'a>(args: &'a Args, usage: &str) -> Result<&'a str, CommandError> {
    match args.tokens() {
        [f] => Ok(f.as_str()),
        _ => syntax(format!("You must specify a file (usage: {usage}).")),
    }
}

fn read_text(path: &str) -> Result<String, CommandError> {
    let bytes = std::fs::read(path).map_err(|e| CommandError::Failed(format!("{path}: {e}")))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn write_file(st: &mut State, path: &str, text: &str) -> Result<(), CommandError> {
    write_atomic(Path::new(path), text.as_bytes()).map_err(|e| CommandError::Failed(format!("{path}: {e}")))?;
    st.say(format!("Written to {path}."));
    Ok(())
}

fn format_error(path: &str, e: &FormatError) -> CommandError {
    CommandError::Failed(format!("{path}: {e}"))
}

fn record(st: &State) -> Result<MatchRecord, CommandError> {
    match &st.session {
        Some(s) if !s.games().is_empty() => Ok(MatchRecord::new(s.clone(), st.names.clone())),
        _ => fail("No game in progress (type `new game' to start one)."),
    }
}

/// Makes a loaded record the session in progress; the shell's dice go on rolling for it.
fn adopt(st: &mut State, rec: MatchRecord) {
    let mut session = rec.session;
    *session.dice_mut() = st.take_dice();
    st.announced = session.games().iter().filter(|g| g.is_over()).count();
    st.session = Some(session);
    st.names = rec.players;
    st.undo.clear();
    st.forget_analysis();
    st.show_board();
}

fn adopt_position(st: &mut State, rec: PositionRecord) -> Result<(), CommandError> {
    let m = rec.state;
    let cube =
        Cube::new(m.cube_log2, m.cube_owner).ok_or_else(|| CommandError::Failed("bad cube in the file".into()))?;
    st.start_session(Rules { match_length: m.match_length, ..st.rules })?;
    let s = st.session.as_mut().expect("started");
    s.set_up(m.score.map(u32::from), m.crawford, rec.position, m.on_roll, cube)
        .map_err(|e| CommandError::Failed(session_message(&e)))?;
    if let Some((a, b)) = m.dice {
        s.apply(&Action::Roll(a, b)).map_err(|e| CommandError::Failed(session_message(&e)))?;
    }
    st.show_board();
    Ok(())
}

pub(super) fn cmd_save_match(st: &mut State, args: &Args) -> Reply {
    let path = file_arg(args, "save match FILE")?;
    let text = formats::sgf::write(&record(st)?);
    write_file(st, path, &text)?;
    Ok(String::new())
}

pub(super) fn cmd_load_match(st: &mut State, args: &Args) -> Reply {
    let path = file_arg(args, "load match FILE")?;
    let rec = formats::sgf::read(&read_text(path)?).map_err(|e| format_error(path, &e))?;
    adopt(st, rec);
    Ok(String::new())
}

pub(super) fn cmd_import_mat(st: &mut State, args: &Args) -> Reply {
    let path = file_arg(args, "import mat FILE")?;
    let rec = formats::mat::read(&read_text(path)?).map_err(|e| format_error(path, &e))?;
    adopt(st, rec);
    Ok(String::new())
}

pub(super) fn cmd_import_oldmoves(st: &mut State, args: &Args) -> Reply {
    let path = file_arg(args, "import oldmoves FILE")?;
    let rec = formats::oldmoves::read(&read_text(path)?).map_err(|e| format_error(path, &e))?;
    adopt(st, rec);
    Ok(String::new())
}

pub(super) fn cmd_import_pos(st: &mut State, args: &Args) -> Reply {
    let path = file_arg(args, "import pos FILE")?;
    let bytes = std::fs::read(path).map_err(|e| CommandError::Failed(format!("{path}: {e}")))?;
    let rec = formats::pos::read_bytes(&bytes).map_err(|e| format_error(path, &e))?;
    adopt_position(st, rec)?;
    Ok(String::new())
}

pub(super) fn cmd_import_snowie(st: &mut State, args: &Args) -> Reply {
    let path = file_arg(args, "import snowietxt FILE")?;
    let rec = formats::snowie::read(&read_text(path)?).map_err(|e| format_error(path, &e))?;
    adopt_position(st, rec)?;
    Ok(String::new())
}

/// `export match mat|sgf|text|html FILE` (also `export session …`).
pub(super) fn cmd_export_match(st: &mut State, args: &Args) -> Reply {
    let (kind, path) = match args.tokens() {
        [k, f] => (k.to_ascii_lowercase(), f.clone()),
        _ => return syntax("Usage: export match mat|sgf|text|html FILE"),
    };
    let rec = record(st)?;
    let text = match kind.as_str() {
        "mat" => formats::mat::write(&rec),
        "sgf" => formats::sgf::write(&rec),
        "text" => formats::text::session(&rec),
        "html" => formats::html::session(&rec),
        other => return syntax(format!("Unknown format `{other}' (mat, sgf, text, html).")),
    };
    write_file(st, &path, &text)?;
    Ok(String::new())
}

pub(super) fn cmd_export_game(st: &mut State, args: &Args) -> Reply {
    let (kind, path) = match args.tokens() {
        [k, f] => (k.to_ascii_lowercase(), f.clone()),
        _ => return syntax("Usage: export game text|html FILE"),
    };
    let rec = record(st)?;
    let index = rec.session.games().len() - 1;
    let text = match kind.as_str() {
        "text" => formats::text::game(&rec, index),
        "html" => formats::html::game(&rec, index),
        other => return syntax(format!("Unknown format `{other}' (text, html).")),
    };
    write_file(st, &path, &text)?;
    Ok(String::new())
}

pub(super) fn cmd_export_position(st: &mut State, args: &Args) -> Reply {
    let (kind, path) = match args.tokens() {
        [k, f] => (k.to_ascii_lowercase(), f.clone()),
        _ => return syntax("Usage: export position text|html FILE"),
    };
    let s = st.session.as_ref().ok_or_else(|| CommandError::Failed(super::NO_GAME.into()))?;
    let g = st.game()?;
    let (pos, state) = (*g.position(), s.match_state());
    let text = match kind.as_str() {
        "text" => formats::text::position(&pos, &state, &st.names),
        "html" => formats::html::position(&pos, &state, &st.names),
        other => return syntax(format!("Unknown format `{other}' (text, html).")),
    };
    write_file(st, &path, &text)?;
    Ok(String::new())
}

fn settings(st: &State) -> AnalysisSettings {
    AnalysisSettings::plies(st.analysis_plies)
}

pub(super) fn cmd_analyse_move(st: &mut State, args: &Args) -> Reply {
    super::no_args(args, "analyse move")?;
    let g = st.game()?.clone();
    let a = analyse_game(&g, &settings(st));
    let Some(m) = a.moves.last() else { return fail("No move to analyse in this game.") };
    let mut out = String::new();
    let played = m.played.map_or_else(|| "cannot move".to_string(), |p| p.notation());
    let _ = write!(
        out,
        "{} rolled {}{} and played {played}: equity given up {:.3} {}",
        st.names[m.player],
        m.dice.0,
        m.dice.1,
        m.error,
        m.skill.symbol()
    );
    if let Some(best) = m.candidates.first() {
        let _ = write!(out, "\nBest play: {} (Eq.: {:+.3})", best.play.notation(), best.equity);
    }
    Ok(out)
}

pub(super) fn cmd_analyse_game(st: &mut State, args: &Args) -> Reply {
    super::no_args(args, "analyse game")?;
    let g = st.game()?.clone();
    let a = analyse_game(&g, &settings(st));
    let marked = a.moves.iter().filter(|m| m.skill != crate::analysis::Skill::None).count();
    st.game_analysis = Some(a);
    Ok(format!("Game analysed: {marked} chequer play(s) marked (`show statistics game' for the tables)."))
}

pub(super) fn cmd_analyse_match(st: &mut State, args: &Args) -> Reply {
    super::no_args(args, "analyse match")?;
    let s = st.session.as_ref().ok_or_else(|| CommandError::Failed(super::NO_GAME.into()))?;
    let a = analyse_session(s, &settings(st));
    let games = a.games.len();
    st.session_analysis = Some(a);
    Ok(format!("{games} game(s) analysed (`show statistics match' for the tables)."))
}

pub(super) fn cmd_show_statistics_game(st: &mut State, args: &Args) -> Reply {
    super::no_args(args, "show statistics game")?;
    if st.game_analysis.is_none() {
        let g = st.game()?.clone();
        st.game_analysis = Some(analyse_game(&g, &settings(st)));
    }
    Ok(st.game_analysis.as_ref().map(|a| a.statistics_text(&st.names)).unwrap_or_default())
}

pub(super) fn cmd_show_statistics_match(st: &mut State, args: &Args) -> Reply {
    super::no_args(args, "show statistics match")?;
    if st.session_analysis.is_none() {
        let s = st.session.as_ref().ok_or_else(|| CommandError::Failed(super::NO_GAME.into()))?;
        st.session_analysis = Some(analyse_session(s, &settings(st)));
    }
    Ok(st.session_analysis.as_ref().map(|a| a.statistics_text(&st.names)).unwrap_or_default())
}

pub(super) fn cmd_set_analysis_plies(st: &mut State, args: &Args) -> Reply {
    match (args.len(), args.value::<usize>(0)) {
        (1, Ok(n)) if n <= crate::nply::MAX_PLIES => {
            st.analysis_plies = n;
            st.say(format!("Analysis will use {n} ply."));
            Ok(String::new())
        }
        _ => syntax(format!("Valid numbers of plies to look ahead are 0 to {}.", crate::nply::MAX_PLIES)),
    }
}
