//! The GTP version 2 commands for Go, registered on `engine_core`'s command [`Registry`] and framed by
//! `engine_core::gtp`, and the assembly of the engine: [`registry`] registers the standard commands
//! (here) and the command groups of [`crate::gtp_analysis`] (GNU Go's analysis commands) and
//! [`crate::pattern_context`] (`list_pattern_matches`), all over the engine state of [`crate::gtp_state`]
//! ([`GtpState`]: the game, rules, clock settings, seed; re-exported here with [`Options`],
//! [`TimeSettings`] and [`MAX_LEVEL`]). This module owns the standard commands' exact answers and error
//! strings and the serving of the protocol; board rules, scoring, SGF and move choice are delegated to
//! their modules. It is the top of the GTP layers: nothing it assembles imports it.
//!
//! Served on standard input ([`serve_stdio`]) any file may be named; served on the network ([`serve_tcp`]:
//! loopback unless allowed otherwise, idle controllers dropped, one connection at a time) file commands reach
//! only the `--files-dir` directory, or nothing ([`GtpState::files`]). Files are read up to
//! `engine_core::limits::MAX_INPUT_FILE_BYTES` and written whole or not at all.
//!
//! Error strings follow the GTP specification where it names one (`syntax error`, `illegal move`,
//! `cannot undo`, `unacceptable size`, `board not empty`, `invalid handicap`, `bad vertex list`,
//! `cannot score`) and GNU Go 3.8 elsewhere (`invalid status`, `missing filename`,
//! `cannot open or parse 'FILE'`).

use crate::board::Board;
use crate::game::GoGame;
use crate::handicap;
use crate::score::{format_result, Scoring};
use crate::sgf::{self, Until};
use crate::status::{statuses, Status};
use crate::stone::{Color, Move, Point};
use crate::vertex::{format_vertex, parse_color, parse_vertex};
use crate::{display, gtp_analysis, pattern_context};
use engine_core::atomic_file::write_atomic;
use engine_core::command::{Args, CommandError, Registry};
use engine_core::file_access::FileAccess;
use engine_core::gtp::Engine;
use engine_core::limits::{excerpt, read_file_limited, ReadError, MAX_INPUT_FILE_BYTES};
use engine_core::net::{bind_listener, remote_warning, ListenError};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

pub use crate::gtp_state::{GtpState, Options, TimeSettings, MAX_LEVEL};

/// The registry of every command.
pub fn registry() -> Registry<GtpState> {
    let mut r = Registry::new();
    r.register_introspection();
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
    r.register("get_komi", "the current komi", |s, _| Ok(format!("{}", s.game.komi())));
    r.register("play", "play COLOR VERTEX", play);
    r.register("genmove", "genmove COLOR: choose and play a move", |s, a| gen(s, a, true, false));
    r.register("reg_genmove", "reg_genmove COLOR: choose a move without playing it", |s, a| gen(s, a, false, false));
    r.register("kgs-genmove_cleanup", "genmove that also captures dead stones", |s, a| gen(s, a, true, true));
    r.register("undo", "take back the last move", |s, _| {
        if s.game.undo() {
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
    r.register("final_score", "the score of the position: B+n, W+n or 0", |s, _| {
        let m = s.game.score();
        if m.is_finite() {
            Ok(format_result(m))
        } else {
            Err(CommandError::failed("cannot score"))
        }
    });
    r.register("final_status_list", "final_status_list alive|dead|seki", final_status_list);
    r.register("showboard", "the board in GNU Go's layout", |s, _| Ok(display::showboard(s.board())));
    r.register("loadsgf", "loadsgf FILE [MOVE_NUMBER|VERTEX]: load a game up to (not including) that move", loadsgf);
    r.register("printsgf", "printsgf [FILE]: the game as SGF", printsgf);
    r.register("level", "level N: strength 0 to MAX_LEVEL", |s, a| {
        let level = a.value_or::<u32>(0, "level not an integer")?;
        if level > MAX_LEVEL {
            return Err(CommandError::failed(format!("level must be 0 to {MAX_LEVEL}")));
        }
        s.options.level = level;
        s.analysis.set_level(level);
        Ok(String::new())
    });
    gtp_analysis::register(&mut r);
    pattern_context::register(&mut r);
    r
}

/// A GTP engine ready to run.
pub fn engine(options: Options) -> Engine<GtpState> {
    Engine::new(registry(), GtpState::new(options))
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
    let komi = s.game.komi();
    s.game = GoGame::new(n as usize, komi, s.game.rules());
    Ok(String::new())
}

fn komi(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let k: f64 = a.value(0)?;
    s.game.set_komi(k);
    Ok(String::new())
}

fn play(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let color = color_arg(a, 0)?;
    let mv = a.get(1).and_then(|v| parse_vertex(v, s.board())).ok_or_else(syntax)?;
    s.game.play(color, mv).map_err(|_| CommandError::failed("illegal move"))?;
    Ok(String::new())
}

fn gen(s: &mut GtpState, a: &Args, commit: bool, cleanup: bool) -> Result<String, CommandError> {
    let color = color_arg(a, 0)?;
    let decision = s.generate(color, cleanup);
    let Some(mv) = decision.as_move() else {
        if commit {
            s.game.resign(color);
        }
        return Ok("resign".into());
    };
    let text = format_vertex(s.board(), mv);
    if commit {
        s.game.play(color, mv).map_err(|_| CommandError::failed("illegal move"))?;
    }
    Ok(text)
}

fn place_points(s: &mut GtpState, points: &[(u8, u8)]) -> Result<String, CommandError> {
    let pts: Vec<Point> = points.iter().map(|&(c, r)| s.board().point(c, r)).collect();
    s.game.place_handicap(&pts).map_err(|_| CommandError::failed("bad vertex list"))?;
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
    s.game.place_handicap(&pts).map_err(|_| CommandError::failed("bad vertex list"))?;
    Ok(String::new())
}

fn time_settings(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    a.expect_len(3)?;
    let main: u32 = a.value(0)?;
    let byo_time: u32 = a.value(1)?;
    let byo_stones: u32 = a.value(2)?;
    s.time = TimeSettings { main: f64::from(main), byo_time: f64::from(byo_time), byo_stones };
    Ok(String::new())
}

fn kgs_time_settings(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let kind = a.str(0)?.to_ascii_lowercase();
    let int = |i: usize| a.value::<u32>(i).map(f64::from);
    s.time = match kind.as_str() {
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
    Ok(String::new())
}

fn time_left(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    a.expect_len(3)?;
    let color = color_arg(a, 0)?;
    let t: f64 = a.value(1)?;
    let stones: u32 = a.value(2)?;
    s.time_left[color.index()] = Some((t, stones));
    Ok(String::new())
}

fn final_status_list(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let wanted = match a.str(0)?.to_ascii_lowercase().as_str() {
        "alive" => Status::Alive,
        "dead" => Status::Dead,
        "seki" => Status::Seki,
        _ => return Err(CommandError::failed("invalid status")),
    };
    let board = s.board();
    let st = statuses(board);
    let mut done = vec![false; st.len()];
    let mut lines = Vec::new();
    for p in board.points() {
        if st[usize::from(p)] != Some(wanted) || done[usize::from(p)] {
            continue;
        }
        let mut stones: Vec<Point> = board.string_stones(p).collect();
        stones.sort_unstable();
        for &q in &stones {
            done[usize::from(q)] = true;
        }
        lines.push(stones.iter().map(|&q| format_vertex(board, Move::Play(q))).collect::<Vec<_>>().join(" "));
    }
    Ok(lines.join("\n"))
}

fn loadsgf(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let file = a.get(0).ok_or_else(|| CommandError::failed("missing filename"))?;
    let path = s.files.resolve(file).map_err(|e| CommandError::failed(e.to_string()))?;
    // GNU Go's message, with the reason when it is more than "no such file".
    let cannot = |why: Option<String>| {
        let shown = excerpt(file);
        CommandError::failed(match why {
            None => format!("cannot open or parse '{shown}'"),
            Some(why) => format!("cannot open or parse '{shown}': {why}"),
        })
    };
    let bytes = read_file_limited(&path, MAX_INPUT_FILE_BYTES).map_err(|e| match e {
        ReadError::Io(_) => cannot(None),
        too_large => cannot(Some(too_large.to_string())),
    })?;
    let text = String::from_utf8_lossy(&bytes);
    let rules = s.game.rules();
    let whole = sgf::load(&text, Until::End, rules).map_err(|e| cannot(Some(e.to_string())))?;
    let until = match a.get(1) {
        None => Until::End,
        Some(t) if t.bytes().all(|b| b.is_ascii_digit()) => Until::MoveNumber(t.parse().unwrap_or(0)),
        Some(t) => match parse_vertex(t, whole.board()) {
            Some(Move::Play(p)) => {
                let (c, r) = whole.board().coords(p);
                Until::Vertex(c, r)
            }
            _ => Until::End,
        },
    };
    let game = if until == Until::End {
        whole
    } else {
        sgf::load(&text, until, rules).map_err(|e| cannot(Some(e.to_string())))?
    };
    s.game = game;
    s.analysis.tried.clear();
    Ok(crate::vertex::format_color(s.game.to_move()).into())
}

fn printsgf(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let text = sgf::to_sgf(&s.game, &format!("gammon-go:{}", env!("CARGO_PKG_VERSION")));
    match a.get(0) {
        None => Ok(text.trim_end().to_string()),
        Some(file) => {
            let path = s.files.resolve(file).map_err(|e| CommandError::failed(e.to_string()))?;
            // Whole or not at all: an interrupted write leaves the previous file as it was.
            write_atomic(&path, text.as_bytes())
                .map_err(|e| CommandError::failed(format!("cannot write '{}': {e}", excerpt(file))))?;
            Ok(String::new())
        }
    }
}

/// Loads `file` (up to `until`, a move number or vertex as for `loadsgf`) into the engine state, as
/// `go-gtp -l FILE -L MOVE` does before serving (the user named the file: any path is allowed).
pub fn load_start_position(state: &mut GtpState, file: &str, until: Option<&str>) -> Result<(), CommandError> {
    let mut tokens = vec![file.to_string()];
    tokens.extend(until.map(str::to_string));
    let files = std::mem::replace(&mut state.files, FileAccess::Any);
    let result = loadsgf(state, &Args::new(tokens)).map(|_| ());
    state.files = files;
    result
}

/// Serves GTP on standard input and output until `quit` or end of input.
pub fn serve_stdio(engine: &mut Engine<GtpState>) -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    engine.run(stdin.lock(), stdout.lock())
}

/// How [`serve_tcp`] listens and whom it serves (`go-gtp --gtp-listen ...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeOptions {
    /// Where to listen (`engine_core::net::parse_listen_address`); port 0 picks a free port.
    pub addr: SocketAddr,
    /// Whether an address other hosts can reach is allowed (`--allow-remote`).
    pub allow_remote: bool,
    /// How long a connected controller may stay silent (or not read its answers) before it is dropped so
    /// that the next one can connect; `None`: for ever.
    pub idle_timeout: Option<Duration>,
    /// The directory file commands are confined to over the network (`--files-dir`); `None` refuses them.
    pub files_dir: Option<PathBuf>,
}

/// Why [`serve_tcp`] stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The listener could not be opened (a non-loopback address without `--allow-remote`, or the bind
    /// failed).
    #[error(transparent)]
    Listen(#[from] ListenError),
    /// Accepting connections failed for good.
    #[error("accepting connections: {0}")]
    Io(#[from] std::io::Error),
}

/// Serves one controller connection at a time until one sends `quit`. The address actually listened on is
/// written to `log` first (`go-gtp: listening on ADDR`, with the port chosen when port 0 was asked for),
/// after a warning when other hosts can reach it. A connection's failure (reset, idle timeout) ends that
/// connection only; a command cut off by a disconnect is not executed, and a panic inside a command answers
/// `? internal error` ([`Engine::run_connection`]). File commands reach only `options.files_dir`.
///
/// # Errors
/// [`ServeError`] when the listener cannot be opened or accepting fails.
pub fn serve_tcp(engine: &mut Engine<GtpState>, options: &ServeOptions, log: &mut dyn Write) -> Result<(), ServeError> {
    let listener = bind_listener(options.addr, options.allow_remote)?;
    let local = listener.local_addr()?;
    if let Some(warning) = remote_warning(local) {
        let _ = writeln!(log, "go-gtp: {warning}");
    }
    let _ = writeln!(log, "go-gtp: listening on {local}");
    let _ = log.flush();
    let files = match &options.files_dir {
        Some(dir) => FileAccess::Within(dir.clone()),
        None => FileAccess::Refused,
    };
    let mut failed_accepts = 0;
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            // A connection that died before it was accepted, or a passing shortage of descriptors, must not
            // end the server; a listener that only fails must.
            Err(e) => {
                failed_accepts += 1;
                if failed_accepts > MAX_FAILED_ACCEPTS {
                    return Err(ServeError::Io(e));
                }
                let _ = writeln!(log, "go-gtp: accept: {e}");
                std::thread::sleep(Duration::from_millis(100));
                continue;
            }
        };
        failed_accepts = 0;
        let peer = stream.peer_addr().map_or_else(|_| "a client".to_string(), |a| a.to_string());
        if let Err(e) = serve_connection(engine, stream, options.idle_timeout, files.clone()) {
            let why = if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) {
                "idle for too long".to_string()
            } else {
                e.to_string()
            };
            let _ = writeln!(log, "go-gtp: connection from {peer} dropped: {why}");
        }
        if engine.quit_requested() {
            break;
        }
    }
    Ok(())
}

/// Accept failures in a row after which [`serve_tcp`] gives up.
pub const MAX_FAILED_ACCEPTS: u32 = 100;

fn serve_connection(
    engine: &mut Engine<GtpState>,
    stream: std::net::TcpStream,
    idle: Option<Duration>,
    files: FileAccess,
) -> std::io::Result<()> {
    stream.set_read_timeout(idle)?;
    // A controller that never reads its answers blocks writes once the buffers are full: the same limit.
    stream.set_write_timeout(idle)?;
    let reader = std::io::BufReader::new(stream.try_clone()?);
    engine.context.files = files;
    let result = engine.run_connection(reader, &stream);
    engine.context.files = FileAccess::Refused;
    result
}

/// The scoring method's name, for banners.
pub fn scoring_name(s: Scoring) -> &'static str {
    match s {
        Scoring::Area => "chinese",
        Scoring::Territory => "japanese",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(lines: &[&str]) -> String {
        let mut e = engine(Options { boardsize: 9, ..Options::default() });
        lines.iter().filter_map(|l| e.handle_line(l)).collect()
    }

    #[test]
    fn basic_session() {
        assert_eq!(run(&["protocol_version", "2 name"]), "= 2\n\n=2 gammon-go\n\n");
        assert_eq!(run(&["play b e5", "play w e5"]), "= \n\n? illegal move\n\n");
        assert_eq!(run(&["play b i5", "play x e5", "play b"]), "? syntax error\n\n".repeat(3));
        assert_eq!(run(&["undo"]), "? cannot undo\n\n");
        assert_eq!(
            run(&["boardsize 26", "boardsize 0", "boardsize x"]),
            "? unacceptable size\n\n? unacceptable size\n\n? syntax error\n\n"
        );
        assert_eq!(run(&["fixed_handicap 3"]), "= C7 G7 C3\n\n");
        assert_eq!(run(&["play b a1", "fixed_handicap 2"]), "= \n\n? board not empty\n\n");
        assert_eq!(run(&["fixed_handicap 10"]), "? invalid handicap\n\n");
        assert_eq!(run(&["set_free_handicap a1 a1"]), "? bad vertex list\n\n");
        assert_eq!(run(&["komi 0.5", "final_score"]), "= \n\n= W+0.5\n\n");
        assert_eq!(run(&["final_status_list foo"]), "? invalid status\n\n");
        assert_eq!(run(&["time_settings 1 2", "time_left b 10 0"]), "? syntax error\n\n= \n\n");
    }

    #[test]
    fn a_huge_time_left_is_no_deadline() {
        // `Duration::from_secs_f64` panicked on a share of 1e308 seconds.
        let mut e = engine(Options { boardsize: 5, level: 0, ..Options::default() });
        assert_eq!(e.handle_line("time_left b 1e308 0"), Some("= \n\n".into()));
        assert_eq!(e.context.move_deadline(Color::Black), None);
        assert!(e.handle_line("genmove b").unwrap().starts_with("= "));
        e.handle_line("time_left w 60 0");
        assert!(e.context.move_deadline(Color::White).is_some());
        assert_eq!(
            run(&["time_left b nan 0", "time_left b inf 0", "komi NaN", "komi -inf"]),
            "? syntax error\n\n".repeat(4)
        );
    }

    #[test]
    fn levels_are_bounded() {
        // A level of 4294967295 asked for 1.7e12 tree-search simulations: `genmove` never came back.
        assert_eq!(run(&["level 4294967295"]), format!("? level must be 0 to {MAX_LEVEL}\n\n"));
        assert_eq!(run(&[&format!("level {}", MAX_LEVEL + 1)]), format!("? level must be 0 to {MAX_LEVEL}\n\n"));
        assert_eq!(run(&[&format!("level {MAX_LEVEL}"), "level -1"]), "= \n\n? level not an integer\n\n");
    }
}
