//! Matches between two GTP engines run as subprocesses: the controller side of GTP. It alternates
//! colours, checks every move with its own [`GoGame`] (an illegal move loses the game and is reported),
//! keeps the clocks when time settings are given, ends a game on two passes, a resignation or the move
//! limit, asks both engines for `final_score` and scores the game itself, writes each game as SGF and
//! summarises the results with 95% Wilson intervals and each engine's seconds per move (wall clock, and
//! processor time by GTP `cputime` for engines that answer it). With a seed ([`MatchConfig::seed`]) each
//! game pair (the two colourings of one pairing) starts with `set_random_seed`, a different seed per pair
//! and per engine ([`pair_seed`]), so that deterministic engines do not replay the same two games. An engine's output is input like any other: its lines
//! and answers are bounded ([`MAX_ANSWER_BYTES`]), an engine silent for longer than the answer timeout
//! forfeits the game and is restarted, and each record is written whole or not at all.
//!
//! It owns the subprocess protocol, the match loop and its tally ([`MatchStats`]); it must not choose
//! moves itself. It is the crate's front end, above every layer: it imports the GTP engine (for an
//! in-process engine), SGF, the game and the rules, and nothing imports it.

use crate::game::{GoGame, Rules};
use crate::rules::handicap;
use crate::rules::score::{format_result, Scoring};
use crate::rules::stone::{Color, Move, MAX_GAME_MOVES};
use crate::rules::vertex::{format_color, format_vertex, parse_vertex};
use engine_core::atomic_file::write_atomic;
use engine_core::limits::{excerpt, read_line_or_stop, LineRead, MAX_LINE_BYTES};
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use thiserror::Error;

/// What went wrong talking to an engine or running the match.
#[derive(Debug, Error)]
pub enum MatchError {
    #[error("cannot start engine `{cmd}`: {source}")]
    Spawn { cmd: String, source: std::io::Error },
    #[error("engine {engine}: {message}")]
    Protocol { engine: String, message: String },
    #[error("engine {engine} refused `{command}`: {answer}")]
    Refused { engine: String, command: String, answer: String },
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    #[error("bad setting: {0}")]
    Setting(String),
    #[error("engine {engine} did not answer `{command}` within {seconds} s")]
    NoAnswer { engine: String, command: String, seconds: u64 },
}

/// How to start an engine.
#[derive(Debug, Clone, PartialEq)]
pub enum EngineSpec {
    /// A program and its arguments, split at whitespace, run as a subprocess.
    Command(String),
    /// This crate's engine ([`crate::gtp`]) in the same process, still spoken to in GTP text.
    InProcess(crate::gtp::Options),
}

enum Transport {
    /// `stdin` is `None` once closed by [`GtpClient::quit`].
    Process {
        child: Child,
        stdin: Option<ChildStdin>,
        lines: Receiver<OutputLine>,
    },
    InProcess(Box<engine_core::gtp::Engine<crate::gtp::GtpState>>),
}

/// One line of an engine's output as its reader thread saw it.
enum OutputLine {
    Line(Vec<u8>),
    TooLong,
    Closed,
    Failed(String),
}

/// How long the controller waits for any one answer when no other limit is given: longer than any
/// sensible move of a match without time settings, short enough that a hung engine is noticed.
pub const DEFAULT_ANSWER_TIMEOUT: Duration = Duration::from_secs(600);

/// A GTP engine the controller talks to.
pub struct GtpClient {
    name: String,
    transport: Transport,
    timeout: Duration,
    stalled: bool,
}

impl GtpClient {
    /// Starts an engine.
    pub fn start(spec: &EngineSpec, name: &str) -> Result<GtpClient, MatchError> {
        match spec {
            EngineSpec::Command(cmd) => Self::spawn(cmd, name),
            EngineSpec::InProcess(options) => Ok(GtpClient {
                name: name.to_string(),
                transport: Transport::InProcess(Box::new(crate::gtp::engine(options.clone()))),
                timeout: DEFAULT_ANSWER_TIMEOUT,
                stalled: false,
            }),
        }
    }

    /// Sets how long to wait for any one answer of a subprocess engine before giving up on it.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// Starts `command` (program and arguments, split at whitespace).
    pub fn spawn(command: &str, name: &str) -> Result<GtpClient, MatchError> {
        let mut parts = command.split_whitespace();
        let program = parts.next().ok_or_else(|| MatchError::Setting("empty engine command".into()))?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| MatchError::Spawn { cmd: command.to_string(), source })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        // Pipes have no read timeout: a thread reads the engine's lines, so that waiting for an
        // answer can give up. The channel is bounded, so an engine that floods its output only
        // fills it and then waits.
        let (sender, lines) = mpsc::sync_channel(64);
        std::thread::Builder::new()
            .name(format!("gtp-match {name}"))
            .spawn(move || read_output(stdout, &sender))
            .map_err(|source| MatchError::Spawn { cmd: command.to_string(), source })?;
        Ok(GtpClient {
            name: name.to_string(),
            transport: Transport::Process { child, stdin: Some(stdin), lines },
            timeout: DEFAULT_ANSWER_TIMEOUT,
            stalled: false,
        })
    }

    /// The engine's label.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether an answer timed out: the engine may still answer late, so the protocol is out of step
    /// and the client must be replaced before it is used again.
    pub fn stalled(&self) -> bool {
        self.stalled
    }

    /// The lines of the answer to `command`, up to the empty line that ends it. An engine's answer is input
    /// like any other: lines over [`MAX_LINE_BYTES`] and answers over [`MAX_ANSWER_BYTES`] break the protocol,
    /// and an answer not complete within the client's timeout is given up.
    fn exchange(&mut self, command: &str) -> Result<Vec<String>, Failure> {
        match &mut self.transport {
            Transport::InProcess(engine) => {
                let answer = engine.handle_line(command).ok_or_else(|| Failure::Broken("no answer".into()))?;
                Ok(answer.lines().take_while(|l| !l.is_empty()).map(str::to_string).collect())
            }
            Transport::Process { stdin, lines: output, .. } => {
                let stdin = stdin.as_mut().ok_or_else(|| Failure::Broken("its input is closed".into()))?;
                if let Err(e) = writeln!(stdin, "{command}").and_then(|()| stdin.flush()) {
                    // The engine may have gone because of what it wrote first (its reader stops at a
                    // line over the limit, and the engine then dies of a broken pipe): say that.
                    while let Ok(line) = output.try_recv() {
                        if let OutputLine::TooLong = line {
                            return Err(Failure::Broken(format!(
                                "wrote a line over {MAX_LINE_BYTES} bytes before `{}`",
                                excerpt(command)
                            )));
                        }
                    }
                    return Err(Failure::Broken(format!("writing `{}`: {e}", excerpt(command))));
                }
                let deadline = Instant::now() + self.timeout;
                let mut lines: Vec<String> = Vec::new();
                let mut size = 0;
                loop {
                    let wait = deadline.saturating_duration_since(Instant::now());
                    let buf = match output.recv_timeout(wait) {
                        Ok(OutputLine::Line(buf)) => buf,
                        Err(RecvTimeoutError::Timeout) => return Err(Failure::Timeout),
                        Ok(OutputLine::Closed) | Err(RecvTimeoutError::Disconnected) => {
                            return Err(Failure::Broken(format!("closed its output after `{}`", excerpt(command))));
                        }
                        Ok(OutputLine::TooLong) => {
                            return Err(Failure::Broken(format!(
                                "answered `{}` with a line over {MAX_LINE_BYTES} bytes",
                                excerpt(command)
                            )));
                        }
                        Ok(OutputLine::Failed(e)) => return Err(Failure::Broken(format!("reading: {e}"))),
                    };
                    size += buf.len();
                    if size > MAX_ANSWER_BYTES {
                        return Err(Failure::Broken(format!(
                            "answered `{}` with over {MAX_ANSWER_BYTES} bytes",
                            excerpt(command)
                        )));
                    }
                    let line = String::from_utf8_lossy(&buf);
                    let line = line.trim_end_matches(['\n', '\r']).to_string();
                    if line.is_empty() {
                        if lines.is_empty() {
                            continue;
                        }
                        return Ok(lines);
                    }
                    lines.push(line);
                }
            }
        }
    }

    /// Sends one command; `Ok(Ok(text))` for `=`, `Ok(Err(text))` for `?`, `Err` for a broken protocol.
    pub fn send(&mut self, command: &str) -> Result<Result<String, String>, MatchError> {
        let protocol = |name: &str, m: String| MatchError::Protocol { engine: name.to_string(), message: m };
        let lines = self.exchange(command).map_err(|f| match f {
            Failure::Broken(m) => protocol(&self.name, m),
            Failure::Timeout => {
                self.stalled = true;
                MatchError::NoAnswer {
                    engine: self.name.clone(),
                    command: excerpt(command),
                    seconds: self.timeout.as_secs(),
                }
            }
        })?;
        let Some(first) = lines.first() else {
            return Err(protocol(&self.name, format!("empty answer to `{command}`")));
        };
        let ok = match first.chars().next() {
            Some('=') => true,
            Some('?') => false,
            _ => {
                let m = format!("answer to `{command}` does not start with = or ?: {first:?}");
                return Err(protocol(&self.name, m));
            }
        };
        // Drop the status character, an optional id and one space.
        let rest = first[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        let rest = rest.strip_prefix(' ').unwrap_or(rest);
        let mut text = rest.to_string();
        for l in &lines[1..] {
            text.push('\n');
            text.push_str(l);
        }
        Ok(if ok { Ok(text.trim().to_string()) } else { Err(text.trim().to_string()) })
    }

    /// Sends a command that must succeed.
    pub fn expect(&mut self, command: &str) -> Result<String, MatchError> {
        self.send(command)?.map_err(|answer| MatchError::Refused {
            engine: self.name.clone(),
            command: command.to_string(),
            answer,
        })
    }

    /// Sends `quit`, closes the engine's input and waits a moment for it to exit; one that does not
    /// (or a stalled one) is killed by the drop.
    pub fn quit(mut self) {
        if !self.stalled {
            let _ = self.send("quit");
        }
        if let Transport::Process { child, stdin, .. } = &mut self.transport {
            // An engine that ignores `quit` still sees the end of its input.
            drop(stdin.take());
            let deadline = Instant::now() + QUIT_GRACE;
            while Instant::now() < deadline {
                match child.try_wait() {
                    Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                    _ => return,
                }
            }
        }
    }
}

/// How long [`GtpClient::quit`] gives an engine to exit before it is killed.
const QUIT_GRACE: Duration = Duration::from_secs(5);

/// Why an exchange failed.
enum Failure {
    /// The protocol broke: the engine closed its output, or sent what GTP does not allow.
    Broken(String),
    /// No complete answer within the timeout.
    Timeout,
}

/// The reader thread of a subprocess engine: passes each output line on, bounded, until the output
/// closes, breaks the limits, or the controller has gone.
fn read_output(mut stdout: BufReader<ChildStdout>, sender: &mpsc::SyncSender<OutputLine>) {
    let mut buf = Vec::new();
    loop {
        // Past the limit an engine writing without a newline would never end the line: stop there.
        let (event, last) = match read_line_or_stop(&mut stdout, &mut buf, MAX_LINE_BYTES) {
            Ok(LineRead::Line) => (OutputLine::Line(std::mem::take(&mut buf)), false),
            Ok(LineRead::Eof | LineRead::Unterminated) => (OutputLine::Closed, true),
            Ok(LineRead::TooLong) => (OutputLine::TooLong, true),
            Err(e) => (OutputLine::Failed(e.to_string()), true),
        };
        if sender.send(event).is_err() || last {
            return;
        }
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        // A client dropped without `quit` (after an error) must not leave its engine running.
        if let Transport::Process { child, .. } = &mut self.transport {
            if let Ok(None) = child.try_wait() {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
}

/// Time settings sent with `time_settings`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    pub main: u32,
    pub byo_time: u32,
    pub byo_stones: u32,
}

/// Match settings.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    /// The two engines.
    pub engines: [EngineSpec; 2],
    /// Short names for tables and SGF.
    pub names: [String; 2],
    pub games: usize,
    pub size: usize,
    pub komi: f64,
    pub handicap: usize,
    pub clock: Option<Clock>,
    pub rules: Rules,
    /// Moves (passes included) after which a game is stopped and scored as it stands.
    pub max_moves: usize,
    /// Where SGF files go (created if missing).
    pub out_dir: PathBuf,
    /// How long to wait for any one answer; an engine silent for longer forfeits the game (or, before
    /// the game starts, ends the match) and is restarted.
    pub answer_timeout: Duration,
    /// Seeds per game pair: `None` leaves the engines' seeds alone; `Some(base)` sends
    /// `set_random_seed` ([`pair_seed`]) to both engines before the first game of every pair.
    pub seed: Option<u64>,
}

/// The seed engine `engine` (0 or 1) gets for the pair holding game `game` (0-based: games `2k` and
/// `2k + 1` are pair `k`): different for the two engines and for every pair, the same for both games of
/// a pair, so that each pairing is played once with each colouring.
pub fn pair_seed(base: u64, game: usize, engine: usize) -> u64 {
    base.wrapping_add(2 * (game / 2) as u64).wrapping_add(engine.min(1) as u64)
}

/// Sends the seeds of game `game`'s pair (see [`pair_seed`]) to both engines, before every game (an
/// engine restarted after a forfeit is seeded too); an engine that refuses `set_random_seed` ends the
/// match, since its games would not be seeded as asked.
pub fn seed_game(clients: &mut [GtpClient; 2], base: u64, game: usize) -> Result<(), MatchError> {
    for (i, c) in clients.iter_mut().enumerate() {
        c.expect(&format!("set_random_seed {}", pair_seed(base, game, i)))?;
    }
    Ok(())
}

/// The engine's processor seconds by GTP `cputime`, or `None` when it does not answer one (the
/// command is not in GTP's required set).
fn cputime(client: &mut GtpClient) -> Result<Option<f64>, MatchError> {
    match client.send("cputime") {
        Err(MatchError::NoAnswer { .. }) => Ok(None),
        answer => Ok(answer?.ok().and_then(|t| t.trim().parse::<f64>().ok()).filter(|t| t.is_finite() && *t >= 0.0)),
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Ending {
    TwoPasses,
    Resignation(Color),
    MoveLimit,
    IllegalMove {
        color: Color,
        vertex: String,
    },
    Time(Color),
    /// The engine playing this colour did not answer within the answer timeout: it forfeits, and is
    /// restarted before the next game.
    NoAnswer(Color),
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// Which engine (0 or 1) played black.
    pub black: usize,
    pub ending: Ending,
    pub moves: usize,
    /// Black's margin by our count (positive: black wins), komi included.
    pub our_margin: f64,
    /// Our result text (`B+3.5`, `W+R`, …).
    pub result: String,
    /// Each engine's `final_score` answer (by engine index), when it gave one.
    pub engine_scores: [Option<String>; 2],
    pub sgf: PathBuf,
    /// Wall-clock seconds used by each engine (by engine index).
    pub seconds: [f64; 2],
    /// Each engine's slowest move, in wall-clock seconds.
    pub longest: [f64; 2],
    /// Processor seconds each engine spent in the game, by its `cputime` at the start and the end
    /// (`None` when it does not answer `cputime`).
    pub cpu: [Option<f64>; 2],
    /// Moves (passes included) each engine generated.
    pub generated: [usize; 2],
}

impl GameRecord {
    /// The winner's engine index (`None` for jigo).
    pub fn winner(&self) -> Option<usize> {
        let black_wins = match self.ending {
            Ending::Resignation(c) | Ending::Time(c) | Ending::NoAnswer(c) | Ending::IllegalMove { color: c, .. } => {
                c == Color::White
            }
            _ if self.our_margin == 0.0 => return None,
            _ => self.our_margin > 0.0,
        };
        Some(if black_wins { self.black } else { 1 - self.black })
    }

    /// The engine (by index) that lost this game on time, if one did.
    pub fn lost_on_time(&self) -> Option<usize> {
        match self.ending {
            Ending::Time(c) => Some(if c == Color::Black { self.black } else { 1 - self.black }),
            _ => None,
        }
    }

    /// Whether the game ended normally and every engine that answered `final_score` agrees with our count.
    pub fn scores_agree(&self) -> bool {
        self.engine_scores.iter().flatten().all(|s| same_result(s, &self.result))
    }
}

/// Whether two GTP results (`B+3.5`, `W+0.5`, `0`) say the same.
pub fn same_result(a: &str, b: &str) -> bool {
    fn parse(s: &str) -> Option<f64> {
        let s = s.trim();
        if s == "0" {
            return Some(0.0);
        }
        let (sign, rest) = if let Some(r) = s.strip_prefix("B+") {
            (1.0, r)
        } else if let Some(r) = s.strip_prefix("W+") {
            (-1.0, r)
        } else {
            return None;
        };
        rest.parse::<f64>().ok().map(|v| sign * v)
    }
    match (parse(a), parse(b)) {
        (Some(x), Some(y)) => (x - y).abs() < 1e-9,
        _ => a.trim() == b.trim(),
    }
}

/// Wins and draws of a match, by engine (0: the first named).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MatchStats {
    pub games: usize,
    pub wins: [usize; 2],
    pub draws: usize,
}

impl MatchStats {
    /// Records one game won by engine `winner` (`None`: a draw).
    pub fn record(&mut self, winner: Option<usize>) {
        self.games += 1;
        match winner {
            Some(w) => self.wins[w.min(1)] += 1,
            None => self.draws += 1,
        }
    }

    /// Engine 0's score rate (a draw counts half) with its 95% Wilson interval: `(rate, low, high)`;
    /// `(NaN, 0, 1)` before any game.
    pub fn win_rate(&self) -> (f64, f64, f64) {
        if self.games == 0 {
            return (f64::NAN, 0.0, 1.0);
        }
        let n = self.games as f64;
        let p = (self.wins[0] as f64 + 0.5 * self.draws as f64) / n;
        let z = 1.96f64;
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }
}

/// Seconds per generated move of one engine over a match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveTimes {
    /// Moves generated (passes included).
    pub moves: usize,
    /// Wall-clock seconds per move.
    pub wall: f64,
    /// The slowest move's wall-clock seconds.
    pub longest: f64,
    /// Games lost on time.
    pub time_losses: usize,
    /// Processor seconds per move, over the games where the engine answered `cputime` (`None`: none).
    pub cpu: Option<f64>,
}

/// A whole match.
#[derive(Debug, Clone, Default)]
pub struct MatchReport {
    pub games: Vec<GameRecord>,
    pub stats: MatchStats,
    pub names: [String; 2],
}

impl MatchReport {
    /// Engine `engine`'s seconds per move over all games (`NaN` wall time before any move).
    pub fn move_times(&self, engine: usize) -> MoveTimes {
        let moves: usize = self.games.iter().map(|g| g.generated[engine]).sum();
        let wall: f64 = self.games.iter().map(|g| g.seconds[engine]).sum();
        let timed: Vec<(f64, usize)> =
            self.games.iter().filter_map(|g| g.cpu[engine].map(|c| (c, g.generated[engine]))).collect();
        let timed_moves: usize = timed.iter().map(|t| t.1).sum();
        let cpu = (timed_moves > 0).then(|| timed.iter().map(|t| t.0).sum::<f64>() / timed_moves as f64);
        let longest = self.games.iter().map(|g| g.longest[engine]).fold(0.0, f64::max);
        let time_losses = self.games.iter().filter(|g| g.lost_on_time() == Some(engine)).count();
        MoveTimes { moves, wall: wall / moves as f64, longest, time_losses, cpu }
    }

    /// The results table: one line per game, then win rates with 95% Wilson intervals.
    pub fn table(&self) -> String {
        let mut out = String::from("game  black        white        moves  result     ending         engine scores\n");
        for (i, g) in self.games.iter().enumerate() {
            let (b, w) = (&self.names[g.black], &self.names[1 - g.black]);
            let scores: Vec<String> = g
                .engine_scores
                .iter()
                .zip(&self.names)
                .map(|(s, n)| format!("{n}:{}", s.as_deref().unwrap_or("-")))
                .collect();
            out.push_str(&format!(
                "{:>4}  {:<12} {:<12} {:>5}  {:<10} {:<14} {}\n",
                i + 1,
                b,
                w,
                g.moves,
                g.result,
                format!("{:?}", g.ending).chars().take(14).collect::<String>(),
                scores.join(" ")
            ));
        }
        let (p, lo, hi) = self.stats.win_rate();
        out.push_str(&format!(
            "\n{}: {} wins, {}: {} wins, {} draws in {} games\n{} win rate {:.1}% (95% CI {:.1}%–{:.1}%)\n",
            self.names[0],
            self.stats.wins[0],
            self.names[1],
            self.stats.wins[1],
            self.stats.draws,
            self.stats.games,
            self.names[0],
            100.0 * p,
            100.0 * lo,
            100.0 * hi
        ));
        for (i, name) in self.names.iter().enumerate() {
            let t = self.move_times(i);
            let cpu = t.cpu.map_or("-".to_string(), |c| format!("{c:.3}"));
            out.push_str(&format!(
                "{name}: {} moves, {:.3} s/move wall clock (slowest {:.2} s), {cpu} s/move processor (cputime), {} lost on time\n",
                t.moves, t.wall, t.longest, t.time_losses
            ));
        }
        out
    }
}

fn setup(client: &mut GtpClient, cfg: &MatchConfig) -> Result<(), MatchError> {
    client.expect(&format!("boardsize {}", cfg.size))?;
    client.expect("clear_board")?;
    client.expect(&format!("komi {}", cfg.komi))?;
    if let Some(c) = cfg.clock {
        client.expect(&format!("time_settings {} {} {}", c.main, c.byo_time, c.byo_stones))?;
    }
    Ok(())
}

/// Remaining time bookkeeping for one engine.
#[derive(Debug, Clone, Copy)]
struct TimeLeft {
    main: f64,
    period: f64,
    stones: u32,
}

impl TimeLeft {
    fn new(c: &Clock) -> Self {
        TimeLeft { main: f64::from(c.main), period: f64::from(c.byo_time), stones: c.byo_stones }
    }
    /// Charges `used` seconds; false when the engine ran out of time.
    fn charge(&mut self, used: f64, c: &Clock) -> bool {
        if self.main >= used {
            self.main -= used;
            return true;
        }
        let used = used - self.main;
        self.main = 0.0;
        if c.byo_stones == 0 {
            // GTP: byo-yomi time with zero stones means no limit; without it, absolute time ran out.
            return c.byo_time > 0;
        }
        if used > self.period {
            return false;
        }
        self.period -= used;
        self.stones = self.stones.saturating_sub(1);
        if self.stones == 0 {
            self.period = f64::from(c.byo_time);
            self.stones = c.byo_stones;
        }
        true
    }
}

fn parse_move(answer: &str, game: &GoGame) -> Option<Option<Move>> {
    if answer.eq_ignore_ascii_case("resign") {
        return Some(None);
    }
    parse_vertex(answer, game.board()).map(Some)
}

/// An ending for an engine (playing `color`) that did not answer; other results pass through.
fn no_answer(result: Result<String, MatchError>, color: Color) -> Result<Option<Ending>, MatchError> {
    match result {
        Ok(_) => Ok(None),
        Err(MatchError::NoAnswer { .. }) => Ok(Some(Ending::NoAnswer(color))),
        Err(e) => Err(e),
    }
}

/// Plays one game; `black` is the index of the engine playing black. `number` names the SGF file.
pub fn play_game(
    clients: &mut [GtpClient; 2],
    cfg: &MatchConfig,
    black: usize,
    number: usize,
) -> Result<GameRecord, MatchError> {
    let mut cpu_start = [None, None];
    for (i, c) in clients.iter_mut().enumerate() {
        setup(c, cfg)?;
        cpu_start[i] = cputime(c)?;
    }
    let mut game = GoGame::new(cfg.size, cfg.komi, cfg.rules);
    if cfg.handicap >= 2 {
        let pts = handicap::fixed(cfg.size, cfg.handicap).map_err(|e| MatchError::Setting(e.to_string()))?;
        let points: Vec<_> = pts.iter().map(|&(c, r)| game.board().point(c, r)).collect();
        game.place_handicap(&points).map_err(|e| MatchError::Setting(e.to_string()))?;
        let vertices: Vec<String> = points.iter().map(|&p| format_vertex(game.board(), Move::Play(p))).collect();
        for c in clients.iter_mut() {
            c.expect(&format!("set_free_handicap {}", vertices.join(" ")))?;
        }
    }
    let engine_of = |color: Color| if color == Color::Black { black } else { 1 - black };
    let mut clocks = cfg.clock.map(|c| [TimeLeft::new(&c), TimeLeft::new(&c)]);
    let mut seconds = [0f64; 2];
    let mut longest = [0f64; 2];
    let mut generated = [0usize; 2];
    let mut ending = Ending::MoveLimit;
    while game.move_count() < cfg.max_moves {
        let color = game.to_move();
        let e = engine_of(color);
        if let (Some(clocks), Some(_)) = (&clocks, cfg.clock) {
            let t = clocks[e];
            let stones = if t.main > 0.0 { 0 } else { t.stones };
            let left = if t.main > 0.0 { t.main } else { t.period };
            let command = format!("time_left {} {} {}", format_color(color), left.floor() as i64, stones);
            if let Some(silent) = no_answer(clients[e].expect(&command), color)? {
                ending = silent;
                break;
            }
        }
        let start = Instant::now();
        let answer = match clients[e].expect(&format!("genmove {}", format_color(color))) {
            Err(MatchError::NoAnswer { .. }) => {
                ending = Ending::NoAnswer(color);
                break;
            }
            answer => answer?,
        };
        let used = start.elapsed().as_secs_f64();
        seconds[e] += used;
        longest[e] = longest[e].max(used);
        generated[e] += 1;
        if let (Some(clocks), Some(c)) = (&mut clocks, cfg.clock) {
            if !clocks[e].charge(used, &c) {
                ending = Ending::Time(color);
                break;
            }
        }
        let mv = match parse_move(&answer, &game) {
            Some(None) => {
                game.resign(color);
                ending = Ending::Resignation(color);
                break;
            }
            Some(Some(mv)) if game.check_move(color, mv).is_ok() => mv,
            _ => {
                ending = Ending::IllegalMove { color, vertex: answer };
                break;
            }
        };
        game.play(color, mv).expect("checked above");
        let vertex = format_vertex(game.board(), mv);
        let other = &mut clients[1 - e];
        let sent = other.send(&format!("play {} {}", format_color(color), vertex));
        let sent = match sent {
            Err(MatchError::NoAnswer { .. }) => {
                ending = Ending::NoAnswer(color.opponent());
                break;
            }
            sent => sent?,
        };
        if let Err(answer) = sent {
            return Err(MatchError::Refused {
                engine: other.name().to_string(),
                command: format!("play {} {vertex}", format_color(color)),
                answer,
            });
        }
        if game.is_over() {
            ending = Ending::TwoPasses;
            break;
        }
    }
    let our_margin = game.score();
    let result = match &ending {
        Ending::Resignation(c) => format!("{}+R", if *c == Color::Black { "W" } else { "B" }),
        Ending::Time(c) => format!("{}+T", if *c == Color::Black { "W" } else { "B" }),
        Ending::IllegalMove { color: c, .. } | Ending::NoAnswer(c) => {
            format!("{}+F", if *c == Color::Black { "W" } else { "B" })
        }
        _ => format_result(our_margin),
    };
    let mut engine_scores = [None, None];
    if matches!(ending, Ending::TwoPasses | Ending::MoveLimit) {
        for (i, c) in clients.iter_mut().enumerate() {
            engine_scores[i] = match c.send("final_score") {
                // a silent scorer gives no score; the client is replaced before the next game
                Err(MatchError::NoAnswer { .. }) => None,
                answer => answer?.ok(),
            };
        }
    }
    let mut cpu = [None, None];
    for (i, c) in clients.iter_mut().enumerate() {
        // A stalled engine is restarted before the next game: its clock is not read again.
        if !c.stalled() {
            cpu[i] = cpu_start[i].zip(cputime(c)?).map(|(a, b)| (b - a).max(0.0));
        }
    }
    std::fs::create_dir_all(&cfg.out_dir)?;
    let sgf_path = cfg.out_dir.join(format!("game-{number:03}.sgf"));
    let extra = [
        ("PB", cfg.names[black].clone()),
        ("PW", cfg.names[1 - black].clone()),
        ("RE", if result == "0" { "0".to_string() } else { result.clone() }),
    ];
    // Whole or not at all: a match interrupted while saving leaves no half record (nor a clobbered old one).
    write_atomic(&sgf_path, crate::sgf::to_sgf_with(&game, "gtp-match", &extra).as_bytes())?;
    Ok(GameRecord {
        black,
        ending,
        moves: game.move_count(),
        our_margin,
        result,
        engine_scores,
        sgf: sgf_path,
        seconds,
        longest,
        cpu,
        generated,
    })
}

/// The most bytes of one answer of an engine, all lines together (the longest real answers, `list_commands`
/// or `showboard` of a 25x25 board, are a few kilobytes).
pub const MAX_ANSWER_BYTES: usize = 4 * MAX_LINE_BYTES;

/// Plays the whole match, engine 0 taking black in odd-numbered games. `progress` gets one line per game.
pub fn run_match(cfg: &MatchConfig, progress: &mut dyn Write) -> Result<MatchReport, MatchError> {
    if !crate::rules::board::Board::valid_size(cfg.size) {
        return Err(MatchError::Setting(format!("board size {}", cfg.size)));
    }
    if !cfg.komi.is_finite() {
        return Err(MatchError::Setting(format!("komi {} is not a finite number", cfg.komi)));
    }
    if cfg.max_moves > MAX_GAME_MOVES {
        return Err(MatchError::Setting(format!("max moves {} (a game has at most {MAX_GAME_MOVES})", cfg.max_moves)));
    }
    // Checked before any engine starts: a handicap of one stone is no handicap in GTP (black simply
    // moves first), and one the board has no fixed points for would fail only at the first game.
    if cfg.handicap != 0 && handicap::fixed(cfg.size, cfg.handicap).is_err() {
        let allowed = match handicap::max_fixed(cfg.size) {
            0 => "only 0 (the board has no fixed handicap points)".to_string(),
            max => format!("0, or 2 to {max} fixed stones"),
        };
        return Err(MatchError::Setting(format!("handicap {} on {}x{}: {allowed}", cfg.handicap, cfg.size, cfg.size)));
    }
    let start = |i: usize| -> Result<GtpClient, MatchError> {
        let mut client = GtpClient::start(&cfg.engines[i], &cfg.names[i])?;
        client.set_timeout(cfg.answer_timeout);
        Ok(client)
    };
    let mut clients = [start(0)?, start(1)?];
    let mut report = MatchReport { names: cfg.names.clone(), ..Default::default() };
    for g in 0..cfg.games {
        let black = g % 2;
        if let Some(base) = cfg.seed {
            seed_game(&mut clients, base, g)?;
        }
        let rec = play_game(&mut clients, cfg, black, g + 1)?;
        for (i, client) in clients.iter_mut().enumerate() {
            if client.stalled() {
                writeln!(progress, "{} stopped answering: restarting it", client.name())?;
                *client = start(i)?;
            }
        }
        report.stats.record(rec.winner());
        writeln!(
            progress,
            "game {}: {} ({:?}), {} moves, sgf {}",
            g + 1,
            rec.result,
            rec.ending,
            rec.moves,
            rec.sgf.display()
        )?;
        report.games.push(rec);
    }
    let [a, b] = clients;
    a.quit();
    b.quit();
    Ok(report)
}

/// The default directory for SGF files.
pub fn default_out_dir() -> PathBuf {
    Path::new("gtp-match-games").to_path_buf()
}

/// Reads `MAIN[:BYO_TIME:BYO_STONES]`.
pub fn parse_clock(text: &str) -> Result<Clock, MatchError> {
    let parts: Vec<&str> = text.split(':').collect();
    let num = |s: &str| s.trim().parse::<u32>().map_err(|_| MatchError::Setting(format!("time {text:?}")));
    match parts.as_slice() {
        [m] => Ok(Clock { main: num(m)?, byo_time: 0, byo_stones: 0 }),
        [m, t, s] => Ok(Clock { main: num(m)?, byo_time: num(t)?, byo_stones: num(s)? }),
        _ => Err(MatchError::Setting(format!("time {text:?}: expected MAIN or MAIN:BYO_TIME:BYO_STONES"))),
    }
}

/// The scoring method matching a rules flag.
pub fn rules_for(japanese: bool) -> Rules {
    Rules { scoring: if japanese { Scoring::Territory } else { Scoring::Area }, ..Rules::default() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_count_wins_and_give_a_wilson_interval() {
        let mut s = MatchStats::default();
        assert!(s.win_rate().0.is_nan());
        for i in 0..100 {
            s.record(Some(usize::from(i % 4 == 0)));
        }
        s.record(None);
        assert_eq!((s.games, s.wins, s.draws), (101, [75, 25], 1));
        let (p, lo, hi) = s.win_rate();
        // (75 + 0.5) / 101; the interval of ±1.96 standard errors, about ±8 points here.
        assert!((p - 75.5 / 101.0).abs() < 1e-12 && lo > 0.65 && lo < p && hi > p && hi < 0.83, "{p} {lo} {hi}");
    }

    #[test]
    fn each_pair_gets_its_own_seeds_and_each_engine_its_seconds_per_move() {
        // Both colourings of a pairing share its seeds; engines and pairings differ.
        assert_eq!(
            [pair_seed(40, 0, 0), pair_seed(40, 1, 0), pair_seed(40, 0, 1), pair_seed(40, 1, 1)],
            [40, 40, 41, 41]
        );
        assert_eq!([pair_seed(40, 2, 0), pair_seed(40, 3, 1), pair_seed(40, 5, 0)], [42, 43, 44]);
        assert_eq!(pair_seed(u64::MAX, 2, 1), 2);
        let options = crate::gtp::Options { boardsize: 5, level: 0, ..Default::default() };
        let start = |name: &str| GtpClient::start(&EngineSpec::InProcess(options.clone()), name).unwrap();
        let mut clients = [start("a"), start("b")];
        seed_game(&mut clients, 7, 3).unwrap();
        let seeds: Vec<String> = clients.iter_mut().map(|c| c.expect("get_random_seed").unwrap()).collect();
        assert_eq!(seeds, ["9", "10"]);
        let out_dir = std::env::temp_dir().join(format!("gtp-match-seeds-{}", std::process::id()));
        let cfg = MatchConfig {
            engines: [EngineSpec::InProcess(options.clone()), EngineSpec::InProcess(options)],
            names: ["a".into(), "b".into()],
            games: 2,
            size: 5,
            komi: 0.5,
            handicap: 0,
            clock: None,
            rules: rules_for(false),
            max_moves: 7,
            out_dir: out_dir.clone(),
            answer_timeout: DEFAULT_ANSWER_TIMEOUT,
            seed: Some(3),
        };
        let report = run_match(&cfg, &mut Vec::new()).unwrap();
        let _ = std::fs::remove_dir_all(&out_dir);
        // Black generates 4 of the 7 moves: engine 0 in game 1, engine 1 in game 2.
        for g in &report.games {
            assert_eq!((g.moves, g.generated[g.black], g.generated[1 - g.black]), (7, 4, 3), "{g:?}");
            assert!(g.cpu.iter().all(|c| c.is_some_and(|c| c >= 0.0)), "{g:?}");
        }
        let t = report.move_times(0);
        assert_eq!(t.moves, 7);
        assert!(t.wall >= 0.0 && t.cpu.is_some(), "{t:?}");
        assert!(report.table().contains("a: 7 moves, "), "{}", report.table());
    }

    #[test]
    fn losses_on_time_and_the_slowest_move_are_tallied_per_engine() {
        let game = |black: usize, ending: Ending, longest: [f64; 2]| GameRecord {
            black,
            ending,
            moves: 10,
            our_margin: 1.0,
            result: String::new(),
            engine_scores: [None, None],
            sgf: PathBuf::new(),
            seconds: [2.0, 3.0],
            longest,
            cpu: [None, None],
            generated: [5, 5],
        };
        let report = MatchReport {
            // Engine 1 plays black in game 1 and runs out; engine 0 plays black in game 2 and runs out.
            games: vec![
                game(1, Ending::Time(Color::Black), [0.5, 1.5]),
                game(0, Ending::Time(Color::Black), [0.7, 0.2]),
                game(0, Ending::TwoPasses, [0.1, 0.1]),
            ],
            stats: MatchStats::default(),
            names: ["a".into(), "b".into()],
        };
        let lost: Vec<Option<usize>> = report.games.iter().map(GameRecord::lost_on_time).collect();
        assert_eq!(lost, [Some(1), Some(0), None]);
        let (a, b) = (report.move_times(0), report.move_times(1));
        assert_eq!((a.time_losses, a.longest, b.time_losses, b.longest), (1, 0.7, 1, 1.5));
        assert!(
            report.table().contains(
                "a: 15 moves, 0.400 s/move wall clock (slowest 0.70 s), - s/move processor (cputime), 1 lost on time"
            ),
            "{}",
            report.table()
        );
    }

    #[test]
    fn results_compare_numerically() {
        assert!(same_result("B+3.5", "B+3.5"));
        assert!(same_result("W+0.5", "W+0.50"));
        assert!(same_result("0", "0"));
        assert!(!same_result("B+3.5", "W+3.5"));
    }

    #[test]
    fn clocks() {
        let c = parse_clock("10:5:2").unwrap();
        let mut t = TimeLeft::new(&c);
        assert!(t.charge(9.0, &c));
        assert!(t.charge(4.0, &c)); // 1 s main, 3 s of the first period
        assert!(!t.charge(3.0, &c)); // only 2 s left in the period
        assert!(parse_clock("x").is_err());
        let absolute = parse_clock("1").unwrap();
        assert!(!TimeLeft::new(&absolute).charge(2.0, &absolute));
    }
}
