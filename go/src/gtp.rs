//! The GTP version 2 commands for Go, registered on `engine_core`'s command [`Registry`] and framed by
//! `engine_core::gtp`. This module owns the engine state behind the protocol ([`GtpState`]: the game,
//! rules, clock settings, seed) and the exact answers and error strings; board rules, scoring, SGF and
//! move choice are delegated to their modules.
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

use crate::board::{Board, Color, Move};
use crate::game::{GoGame, Rules, Scoring};
use crate::genmove::{self, Decision};
use crate::handicap;
use crate::score::format_result;
use crate::sgf::{self, Until};
use crate::status::{statuses, Status};
use crate::vertex::{format_vertex, parse_color, parse_vertex};
use crate::{display, Point};
use engine_core::atomic_file::write_atomic;
use engine_core::command::{Args, CommandError, Registry};
use engine_core::file_access::FileAccess;
use engine_core::gtp::Engine;
use engine_core::limits::{excerpt, read_file_limited, ReadError, MAX_INPUT_FILE_BYTES};
use engine_core::net::{bind_listener, remote_warning, ListenError};
use engine_core::rng::{seeded_rng, GameRng};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The highest strength level accepted (`level N`, `go-gtp --level`). Search effort grows linearly with the
/// level (400 tree-search simulations per level), so an unbounded level would make `genmove` run for ever;
/// GNU Go's own levels stop well below this.
pub const MAX_LEVEL: u32 = 50;

/// Start-up options (the `go-gtp` command line).
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub boardsize: usize,
    pub komi: f64,
    pub rules: Rules,
    pub seed: u64,
    pub level: u32,
    pub allow_resign: bool,
    /// A directory whose `.db` pattern files are loaded after the built-in ones (`go-gtp --patterns`).
    pub patterns: Option<std::path::PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            boardsize: 19,
            komi: 7.5,
            rules: Rules::default(),
            seed: 0,
            level: 10,
            allow_resign: false,
            patterns: None,
        }
    }
}

/// Time settings: main time, then `byo_stones` moves per `byo_time` seconds (`byo_stones == 0` with
/// `byo_time > 0` means no time limit, as GTP defines).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TimeSettings {
    pub main: f64,
    pub byo_time: f64,
    pub byo_stones: u32,
}

/// The engine state behind the protocol.
pub struct GtpState {
    pub game: GoGame,
    pub options: Options,
    pub rng: GameRng,
    pub time: TimeSettings,
    /// Last `time_left` per colour: seconds and stones.
    pub time_left: [Option<(f64, u32)>; 2],
    /// GNU Go's analysis commands' state (trymove stack, tactical reader): [`crate::gtp_analysis`].
    pub analysis: crate::gtp_analysis::Analysis,
    /// Pattern databases (built-in, plus `options.patterns`) with their load errors:
    /// [`crate::pattern_context`].
    pub patterns: patterns::PatternLibrary,
    /// Which files `loadsgf` and `printsgf FILE` may open: any on standard input, those of `--files-dir` (or
    /// none) over a network connection ([`serve_tcp`] sets it per connection).
    pub files: FileAccess,
}

impl GtpState {
    /// A fresh state with an empty board.
    pub fn new(options: Options) -> GtpState {
        let level = options.level;
        GtpState {
            game: GoGame::new(options.boardsize, options.komi, options.rules),
            patterns: crate::pattern_context::load_library(options.patterns.as_deref()),
            rng: seeded_rng(options.seed),
            options,
            time: TimeSettings::default(),
            time_left: [None, None],
            files: FileAccess::Any,
            analysis: {
                let mut a = crate::gtp_analysis::Analysis::default();
                a.set_level(level);
                a
            },
        }
    }

    fn clear(&mut self) {
        let komi = self.game.komi();
        let size = self.game.board().size();
        self.game = GoGame::new(size, komi, self.game.rules());
    }

    fn board(&self) -> &Board {
        self.game.board()
    }

    /// Whether the last `time_left` for `color` leaves under ten seconds (or under one per stone).
    pub fn short_of_time(&self, color: Color) -> bool {
        matches!(self.time_left[color.index()],
            Some((seconds, stones)) if seconds < 10.0 || (stones > 0 && seconds / f64::from(stones) < 1.0))
    }

    /// Ownership playouts per move: 8 plus 8 per level (GNU Go's levels run 0 to 10 and beyond), cut to 8
    /// when the clock is nearly out, so the engine never loses on time.
    pub fn playouts_for(&self, color: Color) -> usize {
        if self.short_of_time(color) {
            8
        } else {
            8 + 8 * self.options.level as usize
        }
    }

    /// Flat Monte-Carlo playouts per candidate move: 4 per level, none at level 0 or when short of time.
    pub fn mc_playouts_for(&self, color: Color) -> usize {
        if self.short_of_time(color) {
            0
        } else {
            4 * self.options.level as usize
        }
    }

    /// Tree-search simulations per move: 400 per level (GNU Go's default level 10 gives 4,000).
    pub fn mcts_simulations_for(&self, color: Color) -> usize {
        if self.short_of_time(color) {
            0
        } else {
            400 * self.options.level as usize
        }
    }

    /// When the search must stop: a share of the remaining time per move (the byo-yomi period split over
    /// its stones, or main time over the moves likely left), so the engine never loses on time.
    pub fn move_deadline(&self, color: Color) -> Option<std::time::Instant> {
        let (seconds, stones) = self.time_left[color.index()]?;
        let empty = self.board().points().filter(|&p| self.board().is_empty(p)).count();
        let moves_left = if stones > 0 { f64::from(stones) } else { (empty as f64 / 2.0).max(20.0) };
        let share = (seconds / moves_left * 0.7 - 0.2).max(0.05);
        // `time_left` may be any finite number: a share too large for a `Duration` or an `Instant` is no
        // deadline at all (the level still bounds the search).
        let share = std::time::Duration::try_from_secs_f64(share).ok()?;
        std::time::Instant::now().checked_add(share)
    }

    fn generate(&mut self, color: Color, cleanup: bool) -> Decision {
        let config = genmove::Config {
            allow_resign: self.options.allow_resign,
            cleanup,
            playouts: self.playouts_for(color),
            mc_playouts: self.mc_playouts_for(color),
            mcts_simulations: self.mcts_simulations_for(color),
            deadline: self.move_deadline(color),
            ..Default::default()
        };
        genmove::genmove(&self.game, color, &mut self.rng, &config)
    }
}

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
    crate::gtp_analysis::register(&mut r);
    crate::pattern_context::register(&mut r);
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
