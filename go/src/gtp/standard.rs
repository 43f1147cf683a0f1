//! The standard GTP version 2 commands for Go (`protocol_version` … `showboard`, `loadsgf`, `printsgf`,
//! `level`): one command group, registered by [`register`] over the engine state ([`GtpState`]), with
//! their exact answers and error strings. Board rules, scoring, SGF and move choice are delegated to
//! their layers; this module reads the state through its accessors only.
//!
//! Error strings follow the GTP specification where it names one (`syntax error`, `illegal move`,
//! `cannot undo`, `unacceptable size`, `board not empty`, `invalid handicap`, `bad vertex list`,
//! `cannot score`) and GNU Go 3.8 elsewhere (`invalid status`, `missing filename`,
//! `cannot open or parse 'FILE'`). Files are read up to `engine_core::limits::MAX_INPUT_FILE_BYTES` and
//! written whole or not at all.

use crate::analysis::owl::OwlLimits;
use crate::analysis::score::{FinalStatus, FinalStatuses};
use crate::game::GoGame;
use crate::gtp::display;
use crate::gtp::state::{GtpState, TimeSettings, MAX_LEVEL, MAX_THREADS};
use crate::rules::board::Board;
use crate::rules::handicap;
use crate::rules::score::format_result;
use crate::rules::stone::{Color, Move, Point};
use crate::rules::vertex::{format_color, format_vertex, parse_color, parse_vertex};
use crate::sgf::{self, FileError};
use engine_core::atomic_file::write_atomic;
use engine_core::command::{Args, CommandError, Registry};
use engine_core::limits::excerpt;

/// Registers the standard commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("protocol_version", "GTP version: 2", |_, _| Ok("2".into()));
    r.register("name", "engine name", |_, _| Ok("gammon-go".into()));
    r.register("version", "engine version", |_, _| Ok(env!("CARGO_PKG_VERSION").into()));
    r.register("quit", "end the session", |_, _| Ok(String::new()));
    r.register("boardsize", "boardsize N: set the size (1-25) and clear the board", boardsize);
    r.register("clear_board", "remove every stone, forget the game", |s, _| {
        s.clear();
        Ok(String::new())
    });
    r.register("komi", "komi K", komi);
    r.register("get_komi", "the current komi", |s, _| Ok(format!("{}", s.game().komi())));
    r.register("play", "play COLOR VERTEX", play);
    r.register("genmove", "genmove COLOR: choose and play a move", |s, a| gen(s, a, true, false));
    r.register("reg_genmove", "reg_genmove COLOR: choose a move without playing it", |s, a| gen(s, a, false, false));
    r.register("kgs-genmove_cleanup", "genmove that also captures dead stones", |s, a| gen(s, a, true, true));
    r.register("undo", "take back the last move", |s, _| {
        if s.game_mut().undo() {
            Ok(String::new())
        } else {
            Err(CommandError::failed("cannot undo"))
        }
    });
    r.register("fixed_handicap", "fixed_handicap N: place N handicap stones", fixed_handicap);
    r.register("place_free_handicap", "place_free_handicap N: the engine places N handicap stones", place_free);
    r.register("set_free_handicap", "set_free_handicap VERTEX...: place these handicap stones", set_free);
    r.register("time_settings", "time_settings MAIN BYO_TIME BYO_STONES", time_settings);
    r.register("kgs-time_settings", "kgs-time_settings none|absolute|byoyomi|canadian ...", kgs_time_settings);
    r.register("time_left", "time_left COLOR TIME STONES", time_left);
    r.register(
        "final_score",
        "final_score [SEED]: the score (B+n, W+n or 0) from the dragons' status and territory",
        |s, _| {
            let m = final_statuses(s).score(s.board(), s.game().rules().scoring, s.game().komi());
            if m.is_finite() {
                Ok(format_result(m))
            } else {
                Err(CommandError::failed("cannot score"))
            }
        },
    );
    r.register(
        "final_status_list",
        "final_status_list alive|dead|seki|white_territory|black_territory|dame [SEED]",
        final_status_list,
    );
    r.register("showboard", "the board in GNU Go's layout", |s, _| Ok(display::showboard(s.board())));
    r.register("loadsgf", "loadsgf FILE [MOVE_NUMBER|VERTEX]: load a game up to (not including) that move", loadsgf);
    r.register("printsgf", "printsgf [FILE]: the game as SGF", printsgf);
    r.register("level", "level N: strength 0 to MAX_LEVEL", |s, a| {
        let level = a.value_or::<u32>(0, "level not an integer")?;
        if level > MAX_LEVEL {
            return Err(CommandError::failed(format!("level must be 0 to {MAX_LEVEL}")));
        }
        s.set_level(level);
        Ok(String::new())
    });
    r.register("threads", "threads N: tree-search threads, 1 to MAX_THREADS (go-gtp --parallel)", |s, a| {
        let n = a.value_or::<usize>(0, "threads not an integer")?;
        if !(1..=MAX_THREADS).contains(&n) {
            return Err(CommandError::failed(format!("threads must be 1 to {MAX_THREADS}")));
        }
        s.set_threads(n);
        Ok(String::new())
    });
}

fn syntax() -> CommandError {
    CommandError::syntax()
}

fn color_arg(a: &Args, i: usize) -> Result<Color, CommandError> {
    a.get(i).and_then(parse_color).ok_or_else(syntax)
}

fn boardsize(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let n: i64 = a.value(0)?;
    if n < 1 || !Board::valid_size(n as usize) {
        return Err(CommandError::failed("unacceptable size"));
    }
    let (komi, rules) = (s.game().komi(), s.game().rules());
    *s.game_mut() = GoGame::new(n as usize, komi, rules);
    Ok(String::new())
}

fn komi(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let k: f64 = a.value(0)?;
    s.game_mut().set_komi(k);
    Ok(String::new())
}

fn play(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let color = color_arg(a, 0)?;
    let mv = a.get(1).and_then(|v| parse_vertex(v, s.board())).ok_or_else(syntax)?;
    s.game_mut().play(color, mv).map_err(|_| CommandError::failed("illegal move"))?;
    Ok(String::new())
}

fn gen(s: &mut GtpState, a: &Args, commit: bool, cleanup: bool) -> Result<String, CommandError> {
    let color = color_arg(a, 0)?;
    let decision = s.generate(color, cleanup);
    let Some(mv) = decision.as_move() else {
        if commit {
            s.game_mut().resign(color);
        }
        return Ok("resign".into());
    };
    let text = format_vertex(s.board(), mv);
    if commit {
        s.game().check_move(color, mv).map_err(|_| CommandError::failed("illegal move"))?;
        s.note_generated_move(color, mv);
        s.game_mut().play(color, mv).map_err(|_| CommandError::failed("illegal move"))?;
    }
    Ok(text)
}

fn place_points(s: &mut GtpState, points: &[(u8, u8)]) -> Result<String, CommandError> {
    let pts: Vec<Point> = points.iter().map(|&(c, r)| s.board().point(c, r)).collect();
    s.game_mut().place_handicap(&pts).map_err(|_| CommandError::failed("bad vertex list"))?;
    Ok(pts.iter().map(|&p| format_vertex(s.board(), Move::Play(p))).collect::<Vec<_>>().join(" "))
}

fn fixed_handicap(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let n: i64 = a.value(0)?;
    if !s.board().is_clear() {
        return Err(CommandError::failed("board not empty"));
    }
    let pts = usize::try_from(n)
        .ok()
        .and_then(|n| handicap::fixed(s.board().size(), n).ok())
        .ok_or_else(|| CommandError::failed("invalid handicap"))?;
    place_points(s, &pts)
}

fn place_free(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let n: i64 = a.value(0)?;
    if !s.board().is_clear() {
        return Err(CommandError::failed("board not empty"));
    }
    let pts = usize::try_from(n)
        .ok()
        .and_then(|n| handicap::free(s.board().size(), n).ok())
        .ok_or_else(|| CommandError::failed("invalid handicap"))?;
    place_points(s, &pts)
}

fn set_free(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    if a.is_empty() {
        return Err(syntax());
    }
    if !s.board().is_clear() {
        return Err(CommandError::failed("board not empty"));
    }
    let mut pts = Vec::new();
    for t in a.tokens() {
        match parse_vertex(t, s.board()) {
            Some(Move::Play(p)) if !pts.contains(&p) => pts.push(p),
            _ => return Err(CommandError::failed("bad vertex list")),
        }
    }
    let area = s.board().size() * s.board().size();
    if pts.len() < 2 || pts.len() >= area {
        return Err(CommandError::failed("bad vertex list"));
    }
    s.game_mut().place_handicap(&pts).map_err(|_| CommandError::failed("bad vertex list"))?;
    Ok(String::new())
}

fn time_settings(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    a.expect_len(3)?;
    let main: u32 = a.value(0)?;
    let byo_time: u32 = a.value(1)?;
    let byo_stones: u32 = a.value(2)?;
    s.set_time_settings(TimeSettings { main: f64::from(main), byo_time: f64::from(byo_time), byo_stones });
    Ok(String::new())
}

fn kgs_time_settings(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let kind = a.str(0)?.to_ascii_lowercase();
    let int = |i: usize| a.value::<u32>(i).map(f64::from);
    let time = match kind.as_str() {
        "none" if a.len() == 1 => TimeSettings { main: 0.0, byo_time: 1.0, byo_stones: 0 },
        "absolute" if a.len() == 2 => TimeSettings { main: int(1)?, byo_time: 0.0, byo_stones: 0 },
        // Japanese byo-yomi (periods of `time` seconds, one move each) is approximated as Canadian with
        // one stone per period; the number of periods adds to main time.
        "byoyomi" if a.len() == 4 => {
            let (main, time, periods) = (int(1)?, int(2)?, int(3)?);
            TimeSettings { main: main + time * (periods - 1.0).max(0.0), byo_time: time, byo_stones: 1 }
        }
        "canadian" if a.len() == 4 => TimeSettings { main: int(1)?, byo_time: int(2)?, byo_stones: a.value(3)? },
        _ => return Err(syntax()),
    };
    s.set_time_settings(time);
    Ok(String::new())
}

fn time_left(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    a.expect_len(3)?;
    let color = color_arg(a, 0)?;
    let t: f64 = a.value(1)?;
    let stones: u32 = a.value(2)?;
    s.set_time_left(color, t, stones);
    Ok(String::new())
}

/// The final statuses of the current position (dragons read by the owl, territory around them).
pub(crate) fn final_statuses(s: &mut GtpState) -> FinalStatuses {
    let b = s.board().clone();
    FinalStatuses::compute(&b, s.reader(), &OwlLimits::default())
}

fn final_status_list(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    // No argument is a syntax error; an unknown word is GNU Go's "invalid status".
    let wanted = FinalStatus::from_name(&a.str(0)?.to_ascii_lowercase())
        .ok_or_else(|| CommandError::failed("invalid status"))?;
    let st = final_statuses(s);
    let board = s.board();
    let mut done = vec![false; st.status.len()];
    let mut lines = Vec::new();
    let mut empty = Vec::new();
    for p in board.points() {
        if st.at(p) != wanted || done[usize::from(p)] {
            continue;
        }
        if board.is_empty(p) {
            empty.push(format_vertex(board, Move::Play(p)));
            continue;
        }
        let mut stones: Vec<Point> = board.string_stones(p).collect();
        stones.sort_unstable();
        for &q in &stones {
            done[usize::from(q)] = true;
        }
        lines.push(stones.iter().map(|&q| format_vertex(board, Move::Play(q))).collect::<Vec<_>>().join(" "));
    }
    // Territory and dame are empty points, listed on one line as GNU Go does.
    if !empty.is_empty() {
        lines.push(empty.join(" "));
    }
    Ok(lines.join("\n"))
}

fn loadsgf(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let file = a.get(0).ok_or_else(|| CommandError::failed("missing filename"))?;
    let path = s.files().resolve(file).map_err(|e| CommandError::failed(e.to_string()))?;
    load(s, file, &path, a.get(1))
}

/// Loads the record at `path` (named `file` by the user) up to `until` into the state, answering the side
/// to move, or GNU Go's `cannot open or parse 'FILE'` with the reason when it is more than "no such file".
fn load(s: &mut GtpState, file: &str, path: &std::path::Path, until: Option<&str>) -> Result<String, CommandError> {
    let cannot = |why: Option<String>| {
        let shown = excerpt(file);
        CommandError::failed(match why {
            None => format!("cannot open or parse '{shown}'"),
            Some(why) => format!("cannot open or parse '{shown}': {why}"),
        })
    };
    let game = sgf::load_file(path, until, s.game().rules()).map_err(|e| match e {
        FileError::Io(_) => cannot(None),
        FileError::TooLarge(too_large) => cannot(Some(too_large.to_string())),
        FileError::Load(e) => cannot(Some(e.to_string())),
    })?;
    s.load_game(game);
    Ok(format_color(s.game().to_move()).into())
}

fn printsgf(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let text = s.game_sgf();
    match a.get(0) {
        None => Ok(text.trim_end().to_string()),
        Some(file) => {
            let path = s.files().resolve(file).map_err(|e| CommandError::failed(e.to_string()))?;
            // Whole or not at all: an interrupted write leaves the previous file as it was.
            write_atomic(&path, text.as_bytes())
                .map_err(|e| CommandError::failed(format!("cannot write '{}': {e}", excerpt(file))))?;
            Ok(String::new())
        }
    }
}

/// Loads `file` (up to `until`, a move number or vertex as for `loadsgf`) into the engine state, as
/// `go-gtp -l FILE -L MOVE` does before serving (the user named the file: any path is allowed, whatever
/// the state's file access); the error is `loadsgf`'s.
pub fn load_start_position(state: &mut GtpState, file: &str, until: Option<&str>) -> Result<(), CommandError> {
    load(state, file, std::path::Path::new(file), until).map(|_| ())
}
