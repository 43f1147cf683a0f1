//! The file and analysis commands: `save match`, `load match`, `import
//! mat|gam|oldmoves|pos|snowietxt|auto` (`auto`: the format told from the content by
//! `formats::detect`), `export match mat|sgf|text|html|plot|latex|pdf|ps`, `export game
//! text|html|gam|latex|pdf|ps`, `export position text|html|svg|png|temperaturemap|pos|snowietxt|pdf|ps`,
//! `show temperaturemap`, `analyse move|game|match|session` and
//! `show statistics game|match|session`. They only move data between the shell's session and
//! `formats` (reading and writing files, atomically) and `analysis` (grading and statistics); the
//! formats, the pictures and the analysis are those modules'. What a picture shows beyond the
//! record (win chances and equities after the moves of the plot, the best play of every roll of
//! the temperature map) is computed here, with the shell's evaluator, and handed to
//! `formats::picture` to draw.

use super::advice;
use super::state::{fail, no_args, session_message, syntax, Reply, State, NO_GAME};
use crate::analysis::{
    analyse_game, analyse_session, AnalysisSettings, CubeDecisionKind, CubeRecord, GameAnalysis, LuckMark, MoveRecord,
    SessionAnalysis, Skill,
};
use crate::cube::met::MatchScore;
use crate::formats::picture::plot::{ErrorMark, Luck, MatchPlot, PlotPoint};
use crate::formats::picture::temperature::{RollResult, TemperatureMap};
use crate::formats::picture::{self, PictureError};
use crate::formats::{self, printable, write_atomic, FormatError, MatchRecord, PositionRecord};
use crate::rules::cube::{Cube, CubeOwner};
use crate::rules::game::{Action, Game, Phase};
use crate::rules::session::Rules;
use engine_core::command::{Args, CommandError};
use std::fmt::Write as _;
use std::path::Path;

fn file_arg<'a>(args: &'a Args, usage: &str) -> Result<&'a str, CommandError> {
    match args.tokens() {
        [f] => Ok(f.as_str()),
        _ => syntax(format!("You must specify a file (usage: {usage}).")),
    }
}

/// The text of a file to load, at most [`engine_core::limits::MAX_INPUT_FILE_BYTES`] of it.
fn read_text(path: &str) -> Result<String, CommandError> {
    formats::read_text_file(Path::new(path)).map_err(|e| CommandError::Failed(format!("{path}: {e}")))
}

fn write_file(st: &mut State, path: &str, text: &str) -> Result<(), CommandError> {
    write_bytes(st, path, text.as_bytes())
}

fn write_bytes(st: &mut State, path: &str, bytes: &[u8]) -> Result<(), CommandError> {
    write_atomic(Path::new(path), bytes).map_err(|e| CommandError::Failed(format!("{path}: {e}")))?;
    st.say(format!("Written to {path}."));
    Ok(())
}

/// A PNG picture's width in pixels (the last argument of a picture's export).
fn png_width(a: &str) -> Result<Option<u32>, CommandError> {
    match a.parse::<u32>() {
        Ok(w) if (picture::MIN_PNG_WIDTH..=picture::MAX_PNG_WIDTH).contains(&w) => Ok(Some(w)),
        _ => syntax(format!(
            "The size of a PNG picture is its width in pixels, {} to {} (not `{}').",
            picture::MIN_PNG_WIDTH,
            picture::MAX_PNG_WIDTH,
            engine_core::limits::excerpt(a)
        )),
    }
}

fn picture_error(path: &str, e: &PictureError) -> CommandError {
    CommandError::Failed(format!("{path}: {e}"))
}

/// Writes the picture `svg` to `path`: PNG (`width` pixels wide, the picture's own width when
/// `None`) when `png`, otherwise an SVG file.
fn write_picture(st: &mut State, path: &str, svg: &str, png: bool, width: Option<u32>) -> Result<(), CommandError> {
    if png {
        let bytes = picture::png(svg, width).map_err(|e| picture_error(path, &e))?;
        write_bytes(st, path, &bytes)
    } else {
        write_file(st, path, &picture::standalone(svg))
    }
}

/// Whether a picture's file name asks for PNG (`.png`, any case); anything else is SVG.
fn is_png_name(path: &str) -> bool {
    Path::new(path).extension().is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

fn format_error(path: &str, e: &FormatError) -> CommandError {
    CommandError::Failed(format!("{path}: {e}"))
}

/// Calls `f` with the session as a record. The session is lent, not copied: a long session's
/// copy would double what saving it costs.
fn with_record<T>(st: &mut State, f: impl FnOnce(&MatchRecord) -> T) -> Result<T, CommandError> {
    match st.session.take() {
        Some(s) if !s.games().is_empty() => {
            let rec = MatchRecord::new(s, st.names.clone());
            let out = f(&rec);
            st.session = Some(rec.session);
            Ok(out)
        }
        other => {
            st.session = other;
            fail("No game in progress (type `new game' to start one).")
        }
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
    let text = with_record(st, formats::sgf::write)?;
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
    let bytes = formats::read_binary_file(Path::new(path)).map_err(|e| CommandError::Failed(format!("{path}: {e}")))?;
    import_pos(st, path, &bytes)
}

pub(super) fn cmd_import_snowie(st: &mut State, args: &Args) -> Reply {
    let path = file_arg(args, "import snowietxt FILE")?;
    import_snowie(st, path, &read_text(path)?)
}

/// A position file's players become the shell's, as gnubg's import makes them.
fn adopt_named_position(st: &mut State, (rec, names): (PositionRecord, [String; 2])) -> Reply {
    let old = std::mem::replace(&mut st.names, names);
    if let Err(e) = adopt_position(st, rec) {
        st.names = old;
        return Err(e);
    }
    Ok(String::new())
}

fn import_snowie(st: &mut State, path: &str, text: &str) -> Reply {
    let read = formats::snowie::read_with_names(text).map_err(|e| format_error(path, &e))?;
    adopt_named_position(st, read)
}

fn import_pos(st: &mut State, path: &str, bytes: &[u8]) -> Reply {
    let read = formats::pos::read_with_names(bytes).map_err(|e| format_error(path, &e))?;
    adopt_named_position(st, read)
}

/// `import gam FILE`: a Jellyfish game file (a `.mat` match too, as gnubg 1.07's `import gam`
/// reads one).
pub(super) fn cmd_import_gam(st: &mut State, args: &Args) -> Reply {
    let path = file_arg(args, "import gam FILE")?;
    let rec = formats::gam::read(&read_text(path)?).map_err(|e| format_error(path, &e))?;
    adopt(st, rec);
    Ok(String::new())
}

/// `import auto FILE`: the format told from the file's content, as gnubg 1.07's `import auto`
/// does, then read as `load match` or `import FORMAT` would read it.
pub(super) fn cmd_import_auto(st: &mut State, args: &Args) -> Reply {
    use formats::detect::Format;
    let path = file_arg(args, "import auto FILE")?;
    let bytes = formats::read_binary_file(Path::new(path)).map_err(|e| CommandError::Failed(format!("{path}: {e}")))?;
    let Some(format) = formats::detect::detect(&bytes) else {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        return fail(format!("The format of `{path}' is not recognised (gammon imports {}).", names.join(", ")));
    };
    let text = String::from_utf8_lossy(&bytes);
    let rec = match format {
        Format::Pos => return import_pos(st, path, &bytes),
        Format::SnowieTxt => return import_snowie(st, path, &text),
        Format::Sgf => formats::sgf::read(&text),
        Format::Mat => formats::mat::read(&text),
        Format::Gam => formats::gam::read(&text),
        Format::Oldmoves => formats::oldmoves::read(&text),
    }
    .map_err(|e| format_error(path, &e))?;
    adopt(st, rec);
    Ok(String::new())
}

/// `export match mat|sgf|text|html FILE` and `export match plot FILE.svg|FILE.png [WIDTH]`
/// (also `export session …`). The HTML page has the equity plot when the match has been analysed
/// (`analyse match`); `plot` analyses it first when it has not.
pub(super) fn cmd_export_match(st: &mut State, args: &Args) -> Reply {
    const USAGE: &str =
        "Usage: export match mat|sgf|text|html|latex|pdf|ps FILE, or export match plot FILE.svg|FILE.png [WIDTH]";
    let (kind, path, width) = match args.tokens() {
        [k, f] => (k.to_ascii_lowercase(), f.clone(), None),
        [k, f, w] if k.eq_ignore_ascii_case("plot") => (k.to_ascii_lowercase(), f.clone(), png_width(w)?),
        _ => return syntax(USAGE),
    };
    if kind == "plot" {
        let plot = match_plot(st, true).ok_or_else(|| CommandError::Failed(NO_GAME.into()))?;
        let svg = picture::plot::svg(&plot);
        write_picture(st, &path, &svg, is_png_name(&path), width)?;
        return Ok(String::new());
    }
    if is_printable(&kind) {
        return export_printable_session(st, &kind, &path);
    }
    let plot = if kind == "html" { match_plot(st, false) } else { None };
    let text = with_record(st, |rec| match kind.as_str() {
        "mat" => formats::mat::write(rec).map_err(|e| CommandError::Failed(format!("{path}: {e}"))),
        "sgf" => Ok(formats::sgf::write(rec)),
        "text" => Ok(formats::text::session(rec)),
        "html" => Ok(formats::html::session(rec, plot.as_ref())),
        other => syntax(format!("Unknown format `{other}' (mat, sgf, text, html, plot, latex, pdf, ps).")),
    })??;
    write_file(st, &path, &text)?;
    Ok(String::new())
}

/// The equity plot of the session, from its analysis: the one `analyse match` made, or (when
/// `analyse` is set) a new one. `None` without a session, or without an analysis when not
/// `analyse`.
fn match_plot(st: &mut State, analyse: bool) -> Option<MatchPlot> {
    let session = st.session.as_ref().filter(|s| !s.games().is_empty())?;
    if st.session_analysis.is_none() {
        if !analyse {
            return None;
        }
        st.session_analysis = Some(analyse_session(session, &settings(st)));
    }
    let analysis = st.session_analysis.as_ref()?;
    Some(plot_points(&mut st.search, analysis, &st.names))
}

fn error_mark(skill: Skill) -> ErrorMark {
    match skill {
        Skill::None => ErrorMark::None,
        Skill::Doubtful => ErrorMark::Doubtful,
        Skill::Bad => ErrorMark::Bad,
        Skill::VeryBad => ErrorMark::VeryBad,
    }
}

/// A roll's luck from player 0's side.
fn plot_luck(mark: LuckMark, mover: usize) -> Luck {
    let luck = match mark {
        LuckMark::VeryUnlucky => Luck::VeryUnlucky,
        LuckMark::Unlucky => Luck::Unlucky,
        LuckMark::None => Luck::None,
        LuckMark::Lucky => Luck::Lucky,
        LuckMark::VeryLucky => Luck::VeryLucky,
    };
    if mover == 0 {
        luck
    } else {
        luck.flipped()
    }
}

/// The plot's points: after every analysed move, player 0's chance to win the game (the 0-ply
/// evaluation of the position after the move) and equity (the analysis's equity of the move
/// played; the 0-ply cubeless equity after a dance or an unanalysed move), the move's and the
/// turn's cube marks and the roll's luck.
fn plot_points(search: &mut crate::eval::nply::NPly<'_>, analysis: &SessionAnalysis, names: &[String; 2]) -> MatchPlot {
    let mut points: Vec<PlotPoint> = Vec::new();
    for (game, a) in analysis.games.iter().enumerate() {
        let first = points.len();
        for m in &a.moves {
            let after = m.played.map_or(m.before, |p| *p.result());
            // the evaluation is of the opponent on roll: flipped back to the mover
            let p = search.evaluate(&after.swapped(), 0).flipped();
            let played = m.played_rank.and_then(|r| m.candidates.get(r)).filter(|_| !m.unanalysed);
            let equity = played.map_or(f64::from(p.equity()), |c| c.equity);
            let (win, equity) =
                if m.player == 0 { (f64::from(p.win()), equity) } else { (1.0 - f64::from(p.win()), -equity) };
            let what = m.played.map_or_else(|| "cannot move".to_string(), |p| p.notation());
            points.push(PlotPoint {
                game,
                player: m.player,
                win,
                equity,
                error: error_mark(m.skill),
                cube_error: ErrorMark::None,
                luck: m.luck.map_or(Luck::None, |l| plot_luck(l.mark, m.player)),
                text: format!("{} {}{}: {what}", names[m.player.min(1)], m.dice.0, m.dice.1),
            });
        }
        // a cube error is marked on the first move after it (the game's last when none follows)
        for c in a.cubes.iter().filter(|c| c.skill != Skill::None) {
            let at = a.moves.iter().position(|m| m.event > c.event).or(a.moves.len().checked_sub(1));
            if let Some(i) = at {
                let point = &mut points[first + i];
                point.cube_error = point.cube_error.max(error_mark(c.skill));
            }
        }
    }
    MatchPlot { names: names.clone(), match_length: u32::from(analysis.match_length), points }
}

pub(super) fn cmd_export_game(st: &mut State, args: &Args) -> Reply {
    let (kind, path) = match args.tokens() {
        [k, f] => (k.to_ascii_lowercase(), f.clone()),
        _ => return syntax("Usage: export game text|html|gam|latex|pdf|ps FILE"),
    };
    if is_printable(&kind) {
        return export_printable_game(st, &kind, &path);
    }
    let text = with_record(st, |rec| {
        let index = rec.session.games().len() - 1;
        match kind.as_str() {
            "text" => Ok(formats::text::game(rec, index)),
            "html" => Ok(formats::html::game(rec, index)),
            "gam" => formats::gam::write(rec, index).map_err(|e| CommandError::Failed(format!("{path}: {e}"))),
            other => syntax(format!("Unknown format `{other}' (text, html, gam, latex, pdf, ps).")),
        }
    })??;
    write_file(st, &path, &text)?;
    Ok(String::new())
}

/// `export position text|html|svg|pos|snowietxt|pdf|ps FILE`, `export position png FILE [WIDTH]` and
/// `export position temperaturemap FILE.svg|FILE.png [WIDTH]`.
pub(super) fn cmd_export_position(st: &mut State, args: &Args) -> Reply {
    const USAGE: &str =
        "Usage: export position text|html|svg|pos|snowietxt|pdf|ps FILE, export position png FILE [WIDTH], \
                         or export position temperaturemap FILE.svg|FILE.png [WIDTH]";
    let (kind, path, width) = match args.tokens() {
        [k, f] => (k.to_ascii_lowercase(), f.clone(), None),
        [k, f, w] if k.eq_ignore_ascii_case("png") || k.eq_ignore_ascii_case("temperaturemap") => {
            (k.to_ascii_lowercase(), f.clone(), png_width(w)?)
        }
        _ => return syntax(USAGE),
    };
    let s = st.session.as_ref().ok_or_else(|| CommandError::Failed(NO_GAME.into()))?;
    let g = st.game()?;
    let (pos, state, chequers) = (*g.position(), s.match_state(), g.setup().variant.chequers());
    let text = match kind.as_str() {
        "text" => formats::text::position(&pos, &state, &st.names),
        "html" => formats::html::position(&pos, &state, &st.names, chequers),
        "snowietxt" => formats::snowie::write(&pos, &state, &st.names),
        "pos" => {
            let rules = st.rules;
            let settings =
                formats::pos::Settings { cube_use: rules.cube, jacoby: rules.jacoby, beavers: rules.beavers > 0 };
            let bytes = formats::pos::write(&pos, &state, &st.names, settings);
            write_bytes(st, &path, &bytes)?;
            return Ok(String::new());
        }
        "svg" | "png" => {
            let svg = picture::board::svg(&pos, &state, &st.names, chequers);
            write_picture(st, &path, &svg, kind == "png", width)?;
            return Ok(String::new());
        }
        "temperaturemap" => {
            let map = temperature_map(st)?;
            let svg = picture::temperature::svg(&map);
            write_picture(st, &path, &svg, is_png_name(&path), width)?;
            return Ok(String::new());
        }
        "pdf" | "ps" => {
            let doc = printable::position(&pos, &state, &st.names, chequers);
            write_printable(st, &kind, &path, &doc)?;
            return Ok(String::new());
        }
        other => {
            return syntax(format!(
                "Unknown format `{other}' (text, html, svg, png, temperaturemap, pos, snowietxt, pdf, ps)."
            ))
        }
    };
    write_file(st, &path, &text)?;
    Ok(String::new())
}

/// The printable formats: LaTeX, PDF and PostScript.
fn is_printable(kind: &str) -> bool {
    matches!(kind, "latex" | "pdf" | "ps")
}

/// Writes a printable document to `path` as `kind` (`latex`, `pdf` or `ps`). LaTeX's pictures go
/// beside the source (`NAME-1.png`, …), each written atomically, before the source.
fn write_printable(st: &mut State, kind: &str, path: &str, doc: &printable::Document) -> Result<(), CommandError> {
    match kind {
        "pdf" => write_bytes(st, path, &printable::pdf::write(doc)),
        "ps" => write_file(st, path, &printable::ps::write(doc)),
        _ => {
            let file = Path::new(path);
            let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("gammon");
            let latex = printable::latex::write(doc, stem).map_err(|e| picture_error(path, &e))?;
            let dir = file.parent().unwrap_or(Path::new(""));
            for (name, bytes) in &latex.pictures {
                let at = dir.join(name);
                write_atomic(&at, bytes).map_err(|e| CommandError::Failed(format!("{}: {e}", at.display())))?;
            }
            write_file(st, path, &latex.source)
        }
    }
}

/// `export match|session latex|pdf|ps FILE`: the analysis of `analyse match` when it covers every
/// game of the session (the record alone otherwise), and its equity plot.
fn export_printable_session(st: &mut State, kind: &str, path: &str) -> Reply {
    let games = st.session.as_ref().map_or(0, |s| s.games().len());
    let plot = match_plot(st, false);
    let analysis = st.session_analysis.take();
    let usable = analysis.as_ref().filter(|a| a.games.len() == games);
    let names = st.names.clone();
    let doc = with_record(st, |rec| {
        let notes = usable.map(|a| printable::SessionNotes {
            games: a.games.iter().zip(rec.session.games()).map(|(ga, g)| game_notes(ga, g, &names)).collect(),
            statistics: a.statistics_text(&names),
        });
        printable::session(rec, notes.as_ref(), plot.as_ref())
    });
    st.session_analysis = analysis;
    write_printable(st, kind, path, &doc?)?;
    Ok(String::new())
}

/// `export game latex|pdf|ps FILE`: the game in progress (or the last one), with its analysis from
/// `analyse match` or `analyse game` when there is one.
fn export_printable_game(st: &mut State, kind: &str, path: &str) -> Reply {
    let games = st.session.as_ref().map_or(0, |s| s.games().len());
    let from_match = st.session_analysis.as_ref().filter(|a| a.games.len() == games).and_then(|a| a.games.last());
    let analysis = from_match.or(st.game_analysis.as_ref()).cloned();
    let names = st.names.clone();
    let doc = with_record(st, |rec| {
        let index = games.saturating_sub(1);
        let notes = analysis.as_ref().zip(rec.session.games().get(index)).map(|(a, g)| game_notes(a, g, &names));
        printable::game(rec, index, notes.as_ref())
    })?;
    write_printable(st, kind, path, &doc)?;
    Ok(String::new())
}

/// How many alternatives a marked move lists in the printable exports (the played move is added
/// when it is not among them), as gnubg's lists five.
const PRINTED_ALTERNATIVES: usize = 5;

/// A game's analysis as the printable exports' notes: the played moves' equities and marks, the
/// best plays at marked moves, the cube analysis of every decision.
fn game_notes(a: &GameAnalysis, game: &Game, names: &[String; 2]) -> printable::GameNotes {
    let moves = a
        .moves
        .iter()
        .filter(|m| !m.unanalysed && m.played.is_some())
        .map(|m| printable::MoveNote {
            event: m.event,
            equity: m.played_rank.and_then(|r| m.candidates.get(r)).map_or(0.0, |c| c.equity),
            error: m.error,
            mark: if m.is_unforced() { m.skill.symbol().to_string() } else { String::new() },
            lines: move_lines(m),
        })
        .collect();
    let replay = game.replay();
    let cubes = a
        .cubes
        .iter()
        .map(|c| {
            let redouble = replay.get(c.event).is_some_and(|(_, s)| s.cube_owner != CubeOwner::Centred);
            printable::CubeNote {
                event: c.event,
                no_double: c.kind == CubeDecisionKind::NoDouble,
                player: c.player,
                mark: c.skill.symbol().to_string(),
                lines: cube_lines(c, names, redouble),
            }
        })
        .collect();
    printable::GameNotes { moves, cubes, statistics: a.statistics_text(names) }
}

/// The best plays (and the played one, marked `*`), each with its equity and its loss against
/// the best, and the luck of the roll.
fn move_lines(m: &MoveRecord) -> Vec<String> {
    let mut lines = Vec::new();
    let best = m.candidates.first().map_or(0.0, |c| c.equity);
    for (i, c) in m.candidates.iter().enumerate() {
        let played = Some(i) == m.played_rank;
        if i >= PRINTED_ALTERNATIVES && !played {
            continue;
        }
        let diff = if i == 0 { String::new() } else { format!(" ({:+.3})", c.equity - best) };
        lines.push(format!(
            "{}{:>3}. {}-ply {:<28} Eq.: {:+.3}{diff}",
            if played { "*" } else { " " },
            i + 1,
            c.plies,
            c.play.notation(),
            c.equity
        ));
    }
    if let Some(l) = m.luck {
        lines.push(format!("      Luck of the roll: {:+.3}", l.equity));
    }
    lines
}

/// A cube decision's analysis: the doubler's equities, the proper action, the error.
fn cube_lines(c: &CubeRecord, names: &[String; 2], redouble: bool) -> Vec<String> {
    let e = &c.equities;
    let kind = match c.kind {
        CubeDecisionKind::NoDouble => "no double",
        CubeDecisionKind::Double => "double",
        CubeDecisionKind::Take => "take",
        CubeDecisionKind::Drop => "pass",
        CubeDecisionKind::Beaver => "beaver",
    };
    let who = &names[c.player.min(1)];
    let verdict = if c.skill == Skill::None {
        format!("  {who}'s {kind}: no error")
    } else {
        format!("  {who}'s {kind}: error {:.3} {}", c.error, c.skill.symbol())
    };
    vec![
        "Cube analysis".to_string(),
        format!("  1. No double      {:+.3}", e.no_double),
        format!("  2. Double, take   {:+.3}", e.double_take),
        format!("  3. Double, pass   {:+.3}", e.double_pass),
        format!("  Proper cube action: {}", c.action.describe(redouble)),
        verdict,
    ]
}

/// `show temperaturemap`: the equity after the best play of each roll, as text.
pub(super) fn cmd_show_temperaturemap(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show temperaturemap")?;
    let map = temperature_map(st)?;
    Ok(picture::temperature::text(&map))
}

/// The temperature map of the position of the player on roll, before their roll: for each of
/// the 21 rolls the best play at the `hint` settings and the mover's cubeful equity after it
/// (normalised in a match), as `hint` ranks plays.
fn temperature_map(st: &mut State) -> Result<TemperatureMap, CommandError> {
    let g = st.game()?;
    if g.phase() == Phase::Over {
        return fail("The game is over (type `new game' to start the next one).");
    }
    let mover = g.on_roll();
    let base = Game::from_position(*g.setup(), *g.position(), mover, g.cube());
    let match_id = st.session.as_ref().map(|s| s.match_state().id()).unwrap_or_default();
    let mut rolls = Vec::with_capacity(21);
    for d1 in 1..=6u8 {
        for d2 in d1..=6u8 {
            let mut game = base.clone();
            game.roll(d2, d1).map_err(|e| CommandError::Failed(super::state::game_message(&e)))?;
            let (equity, best) = if game.phase() == Phase::Play {
                let ranked = advice::rank_plays(&mut st.search, &game, &st.met, &st.hint);
                match ranked.first() {
                    Some(r) => (r.equity, r.play.notation()),
                    None => (pass_equity(st, &base), "cannot move".to_string()),
                }
            } else {
                (pass_equity(st, &base), "cannot move".to_string())
            };
            rolls.push(RollResult { dice: (d2, d1), equity, best });
        }
    }
    Ok(TemperatureMap { player: st.names[mover.min(1)].clone(), rolls, position_id: base.position().id(), match_id })
}

/// The mover's cubeful equity when their roll in `game` (before it) cannot be played: minus the
/// opponent's, on roll in the same position with their proper cube action, normalised in a match.
fn pass_equity(st: &mut State, game: &Game) -> f64 {
    let mover = game.on_roll();
    let opp = 1 - mover.min(1);
    let after = Game::from_position(*game.setup(), game.position().swapped(), opp, game.cube());
    let plies = st.hint.plies;
    let Some((a, p)) = advice::cube_analysis(&mut st.search, &after, &st.met, opp, plies) else {
        return -f64::from(st.search.evaluate(&game.position().swapped(), plies).equity());
    };
    let setup = game.setup();
    if setup.is_money() {
        return -a.value();
    }
    let score = MatchScore::from_points(
        u32::from(setup.match_length),
        u32::from(setup.score[mover.min(1)]),
        u32::from(setup.score[opp]),
        setup.crawford,
    );
    st.met.nemg(1.0 - a.value(), score, game.cube().value()).unwrap_or(-f64::from(p.equity()))
}

fn settings(st: &State) -> AnalysisSettings {
    AnalysisSettings::plies(st.analysis_plies)
}

pub(super) fn cmd_analyse_move(st: &mut State, args: &Args) -> Reply {
    no_args(args, "analyse move")?;
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
    no_args(args, "analyse game")?;
    let g = st.game()?.clone();
    let a = analyse_game(&g, &settings(st));
    let marked = a.moves.iter().filter(|m| m.skill != crate::analysis::Skill::None).count();
    st.game_analysis = Some(a);
    Ok(format!("Game analysed: {marked} chequer play(s) marked (`show statistics game' for the tables)."))
}

pub(super) fn cmd_analyse_match(st: &mut State, args: &Args) -> Reply {
    no_args(args, "analyse match")?;
    let s = st.session.as_ref().ok_or_else(|| CommandError::Failed(NO_GAME.into()))?;
    let a = analyse_session(s, &settings(st));
    let games = a.games.len();
    st.session_analysis = Some(a);
    Ok(format!("{games} game(s) analysed (`show statistics match' for the tables)."))
}

pub(super) fn cmd_show_statistics_game(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show statistics game")?;
    if st.game_analysis.is_none() {
        let g = st.game()?.clone();
        st.game_analysis = Some(analyse_game(&g, &settings(st)));
    }
    Ok(st.game_analysis.as_ref().map(|a| a.statistics_text(&st.names)).unwrap_or_default())
}

pub(super) fn cmd_show_statistics_match(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show statistics match")?;
    if st.session_analysis.is_none() {
        let s = st.session.as_ref().ok_or_else(|| CommandError::Failed(NO_GAME.into()))?;
        st.session_analysis = Some(analyse_session(s, &settings(st)));
    }
    Ok(st.session_analysis.as_ref().map(|a| a.statistics_text(&st.names)).unwrap_or_default())
}

pub(super) fn cmd_set_analysis_plies(st: &mut State, args: &Args) -> Reply {
    match (args.len(), args.value::<usize>(0)) {
        (1, Ok(n)) if n <= crate::eval::nply::MAX_PLIES => {
            st.analysis_plies = n;
            st.say(format!("Analysis will use {n} ply."));
            Ok(String::new())
        }
        _ => syntax(format!("Valid numbers of plies to look ahead are 0 to {}.", crate::eval::nply::MAX_PLIES)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Shell;
    use crate::formats::tests_support::recordable;
    use crate::rules::game::{GameEvent, Phase};
    use crate::rules::match_id::MatchState;
    use crate::rules::session::Session;
    use std::path::PathBuf;

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("gammon-files-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// Both sides human: the shell waits for every command.
    fn human_shell(seed: u64) -> Shell {
        let mut sh = Shell::new(seed);
        sh.execute("set player 0 human");
        sh.execute("set player 1 human");
        sh
    }

    /// Rolls when the dice are to be rolled and plays the first legal play, `turns` times.
    fn play_turns(sh: &mut Shell, turns: usize) {
        for _ in 0..turns {
            let phase = sh.session().and_then(Session::game).map(|g| g.phase());
            match phase {
                Some(Phase::Opening | Phase::Roll) => {
                    sh.execute("roll");
                }
                Some(Phase::Play) => {}
                _ => return,
            }
            let g = sh.session().unwrap().game().unwrap();
            if g.phase() == Phase::Play {
                let play = g.legal_plays()[0].notation();
                let out = sh.execute(&format!("move {play}"));
                assert!(!out.contains("Illegal"), "{out}");
            }
        }
    }

    /// The positions and match states a game passes through, but for equal opening rolls (thrown
    /// again, and not recorded by files).
    fn states(g: &crate::rules::game::Game) -> Vec<(crate::rules::position::Position, MatchState)> {
        let replay = g.replay();
        let tied = |e: &GameEvent| matches!(e, GameEvent::OpeningRoll { dice } if dice[0] == dice[1]);
        let mut out = vec![replay[0]];
        out.extend(g.events().iter().zip(&replay[1..]).filter(|(e, _)| !tied(e)).map(|(_, s)| *s));
        out
    }

    /// Every game of `a` and `b` has the same events and passes through the same positions and
    /// match states, and the sessions end at the same score.
    fn assert_same_match(a: &Session, b: &Session) {
        assert_eq!(a.games().len(), b.games().len());
        for (i, (x, y)) in a.games().iter().zip(b.games()).enumerate() {
            assert_eq!(recordable(x), recordable(y), "game {}", i + 1);
            assert_eq!(states(x), states(y), "game {}", i + 1);
            // jacoby, beavers and automatic doubles are the shell's money options, unused in a match
            let (sx, sy) = (x.setup(), y.setup());
            assert_eq!(
                (sx.variant, sx.match_length, sx.score, sx.crawford, sx.cube),
                (sy.variant, sy.match_length, sy.score, sy.crawford, sy.cube),
                "game {}",
                i + 1
            );
        }
        assert_eq!(a.score(), b.score());
        assert_eq!(a.match_id(), b.match_id());
    }

    fn save_and_load(sh: &mut Shell, path: &std::path::Path) -> Shell {
        let out = sh.execute(&format!("save match {}", path.display()));
        assert!(out.contains("Written to"), "{out}");
        let mut back = human_shell(1);
        let out = back.execute(&format!("load match {}", path.display()));
        assert!(!out.contains(": line"), "{out}\n{}", std::fs::read_to_string(path).unwrap());
        back
    }

    #[test]
    fn set_board_mid_game_is_saved_with_the_moves_before_it_and_loads_back() {
        // `save match` after `set board` used to drop the moves before it and write no set-up,
        // so `load match` refused the file
        let dir = temp_dir("setboard");
        let path = dir.join("m.sgf");
        let mut sh = human_shell(5);
        sh.execute("new match 5");
        play_turns(&mut sh, 2);
        let before = sh.session().unwrap().game().unwrap().events().len();
        sh.execute("set board 4HPkQSDgc/ABMA");
        // the moves before the set-up stay in the game
        assert!(sh.session().unwrap().game().unwrap().events().len() > before);
        play_turns(&mut sh, 1);
        // a set-up with the dice rolled (they stay rolled) and a cube change by match ID
        sh.execute("roll");
        sh.execute("set board sGfwATDgc+RBIA");
        assert_eq!(sh.session().unwrap().game().unwrap().phase(), Phase::Play);
        play_turns(&mut sh, 1);
        let mut m: MatchState = sh.session().unwrap().match_state();
        m.cube_log2 = 2;
        m.cube_owner = crate::rules::cube::CubeOwner::Player(m.on_roll);
        let out = sh.execute(&format!("set matchid {}", m.id()));
        assert!(!out.contains("Illegal"), "{out}");
        assert_eq!(sh.session().unwrap().game().unwrap().cube().value(), 4);
        assert_eq!(sh.session().unwrap().games().len(), 1, "same score: the same game goes on");
        play_turns(&mut sh, 3);
        let back = save_and_load(&mut sh, &path);
        assert_same_match(sh.session().unwrap(), back.session().unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_score_set_by_match_id_is_saved_and_loads_back() {
        let dir = temp_dir("matchid");
        let path = dir.join("m.sgf");
        let mut sh = human_shell(9);
        sh.execute("new match 7");
        play_turns(&mut sh, 3);
        // a new score mid-game: the game restarts at it, from the same position
        let mut m: MatchState = sh.session().unwrap().match_state();
        m.score = [3, 5];
        let out = sh.execute(&format!("set matchid {}", m.id()));
        assert!(!out.contains("Illegal"), "{out}");
        assert_eq!(sh.session().unwrap().score(), [3, 5]);
        play_turns(&mut sh, 4);
        let back = save_and_load(&mut sh, &path);
        assert_same_match(sh.session().unwrap(), back.session().unwrap());
        // the next game after a finished one continues from the score that was set
        let mut sh = human_shell(10);
        sh.execute("new session");
        sh.execute("set board 4P8HAIAAAAAAAA");
        play_turns(&mut sh, 1);
        // the shell starts the next game at once
        assert!(sh.session().unwrap().games()[0].is_over());
        let mut m: MatchState = sh.session().unwrap().match_state();
        m.score = [7, 2];
        sh.execute(&format!("set matchid {}", m.id()));
        assert_eq!(sh.session().unwrap().games().len(), 2);
        assert_eq!(sh.session().unwrap().score(), [7, 2]);
        play_turns(&mut sh, 3);
        sh.execute("new game");
        play_turns(&mut sh, 3);
        let back = save_and_load(&mut sh, &path);
        assert_same_match(sh.session().unwrap(), back.session().unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_set_up_match_is_not_exported_as_mat() {
        let dir = temp_dir("mat");
        let path = dir.join("m.mat");
        let mut sh = human_shell(5);
        sh.execute("new match 5");
        play_turns(&mut sh, 2);
        sh.execute("set board 4HPkQSDgc/ABMA");
        let out = sh.execute(&format!("export match mat {}", path.display()));
        assert!(out.contains("cannot record (save the match as SGF)"), "{out}");
        assert!(!path.exists());
        // text and HTML describe the set-up
        let text = dir.join("m.txt");
        sh.execute(&format!("export match text {}", text.display()));
        assert!(std::fs::read_to_string(&text).unwrap().contains("the board is set up (position ID 4HPkQSDgc/ABMA"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn gam_pos_and_snowie_exports_import_back_by_content() {
        let dir = temp_dir("gampos");
        let mut sh = human_shell(21);
        sh.execute("set player 0 name Alice");
        sh.execute("new match 5");
        play_turns(&mut sh, 9);
        sh.execute("roll");
        let want = sh.session().unwrap().match_state();
        let want_pos = *sh.session().unwrap().game().unwrap().position();
        let want_game = sh.session().unwrap().game().unwrap().clone();
        for (kind, name) in [("position pos", "p.pos"), ("position snowietxt", "p.txt"), ("game gam", "g.gam")] {
            let out = sh.execute(&format!("export {kind} {}", dir.join(name).display()));
            assert!(out.contains("Written to"), "{kind}: {out}");
        }
        for name in ["p.pos", "p.txt"] {
            let mut back = human_shell(1);
            let out = back.execute(&format!("import auto {}", dir.join(name).display()));
            assert!(!out.contains(": line"), "{name}: {out}");
            let s = back.session().unwrap();
            assert_eq!(s.match_state().id(), want.id(), "{name}");
            assert_eq!(s.game().unwrap().position(), &want_pos, "{name}");
            assert!(back.prompt().contains("Alice") || want.on_roll == 1, "{name}: the names come with the file");
        }
        // the game: its moves, read as a money game, by `import gam` and `import auto`
        for command in ["import gam", "import auto"] {
            let mut back = human_shell(1);
            let out = back.execute(&format!("{command} {}", dir.join("g.gam").display()));
            assert!(!out.contains(": line"), "{command}: {out}");
            let g = back.session().unwrap().game().unwrap();
            assert_eq!(recordable(g), recordable(&want_game), "{command}");
            assert_eq!(g.position(), &want_pos);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn import_auto_names_what_it_cannot_tell_and_bad_files_give_their_place() {
        let dir = temp_dir("auto");
        let unknown = dir.join("u.bin");
        std::fs::write(&unknown, b"%PDF-1.4 nothing to import").unwrap();
        let mut sh = human_shell(3);
        let out = sh.execute(&format!("import auto {}", unknown.display()));
        assert_eq!(out.lines().count(), 1, "{out}");
        assert!(out.contains("is not recognised (gammon imports sgf, snowietxt, oldmoves, mat, pos, gam)"), "{out}");
        assert!(sh.session().is_none());
        // a .gam file with an illegal move: the error names the line
        let bad = dir.join("b.gam");
        std::fs::write(&bad, " a b\n  1) 31: 8/5 6/5     42: 8/4 6/4\n  2) 62: 24/14\n").unwrap();
        let out = sh.execute(&format!("import auto {}", bad.display()));
        assert!(out.contains("line 3"), "{out}");
        // a .pos file cut short
        let short = dir.join("s.pos");
        std::fs::write(&short, [126u8, 0, 0, 0]).unwrap();
        let out = sh.execute(&format!("import pos {}", short.display()));
        assert!(out.contains("line 1, column 5"), "{out}");
        // exports of no game answer as gnubg's do
        let out = sh.execute(&format!("export position pos {}", dir.join("x.pos").display()));
        assert!(out.contains("No game"), "{out}");
        assert!(!dir.join("x.pos").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
