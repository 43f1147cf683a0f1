//! The external-player server: our engine as a player for gnubg's `set player N external
//! HOST:PORT` (or any program that speaks the same line protocol, e.g. a FIBS bot framework).
//!
//! The protocol, as gnubg 1.07 speaks it (observed with `/usr/games/gnubg -t`): gnubg connects
//! to us and, whenever its external player is to act, sends one FIBS `board:` line
//! ([`crate::formats::fibs_board`], gnubg's dialect) ended by `\n` and a NUL byte, then waits for one
//! line back:
//! - dice on the board, no double pending: the play, in gnubg's move syntax from the mover's
//!   side (we send every step, `13/11 13/11 6/4 6/4`, `bar/22 6/off`), or an empty line when
//!   no play is legal (gnubg records the dance);
//! - no dice, no double pending (gnubg only asks when the external player may double):
//!   `double` or `roll`;
//! - a double pending (the external player is the one doubled): `take` or `drop`;
//! - an answer starting `Error: ` makes gnubg print it and stop (we send one for lines we cannot
//!   read, so a protocol fault is visible rather than a silent wrong move).
//!
//! gnubg checks only the first letters of cube answers (`a`/`t` take, `d`/`p`/`rej` drop,
//! `b`/`red` beaver, `r` roll, `d` double) and silently treats an unparsable or illegal move as
//! no move, so this module answers only with exact legal plays.
//!
//! Chequer play uses [`NPly::choose`] at the configured depth (cubeless), cube decisions
//! [`decision::evaluate_position`] with the score and cube of the line (Kazaross XG2 MET,
//! gnubg's default). One client at a time, blocking `std::net`; the binary binds to loopback
//! unless told otherwise (`engine_core::net`). A client silent for longer than
//! [`ServeOptions::idle_timeout`] is dropped so the next can be served; lines are read with at
//! most [`MAX_LINE_BYTES`] held (a longer one is answered with an error and ends the
//! connection), and a line cut off by
//! a disconnect (no newline) is not acted on. Owns the protocol loop only: no board format
//! parsing (fibs_board), no evaluation code of its own.

use crate::cube::decision::{self, CubeContext};
use crate::cube::met::MatchEquityTable;
use crate::eval::nply::{NPly, Settings};
use crate::eval::Evaluator;
use crate::formats::fibs_board::{BoardState, Dialect, FibsBoard};
use crate::rules::position::Position;
use engine_core::limits::{excerpt, read_line_or_stop, LineRead, MAX_LINE_BYTES};
use engine_core::net::DEFAULT_IDLE_TIMEOUT_SECS;
use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::net::TcpListener;
use std::time::Duration;

/// One answer to a board line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// The play, and the position after it with the mover still on roll.
    Play {
        play: String,
        result: Position,
    },
    /// No legal play (an empty line).
    NoPlay,
    Double,
    Roll,
    Take,
    Drop,
    /// The line could not be used; sent as `Error: …`.
    Error(String),
}

impl fmt::Display for Reply {
    /// The line sent back, without its line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Play { play, .. } => f.write_str(play),
            Reply::NoPlay => Ok(()),
            Reply::Double => f.write_str("double"),
            Reply::Roll => f.write_str("roll"),
            Reply::Take => f.write_str("take"),
            Reply::Drop => f.write_str("drop"),
            Reply::Error(e) => write!(f, "Error: {e}"),
        }
    }
}

/// What a connection or a server run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub boards: u64,
    pub plays: u64,
    pub no_plays: u64,
    pub doubles: u64,
    pub rolls: u64,
    pub takes: u64,
    pub drops: u64,
    pub errors: u64,
}

impl Stats {
    fn count(&mut self, reply: &Reply) {
        self.boards += 1;
        match reply {
            Reply::Play { .. } => self.plays += 1,
            Reply::NoPlay => self.no_plays += 1,
            Reply::Double => self.doubles += 1,
            Reply::Roll => self.rolls += 1,
            Reply::Take => self.takes += 1,
            Reply::Drop => self.drops += 1,
            Reply::Error(_) => self.errors += 1,
        }
    }

    /// Adds another run's counts (totals over several connections).
    pub fn add(&mut self, o: &Stats) {
        self.boards += o.boards;
        self.plays += o.plays;
        self.no_plays += o.no_plays;
        self.doubles += o.doubles;
        self.rolls += o.rolls;
        self.takes += o.takes;
        self.drops += o.drops;
        self.errors += o.errors;
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} boards: {} plays, {} without a legal play, {} doubles, {} rolls, {} takes, {} drops, {} errors",
            self.boards, self.plays, self.no_plays, self.doubles, self.rolls, self.takes, self.drops, self.errors
        )
    }
}

/// The play in gnubg's move syntax, one `from/to` per step (`bar`, `off`), which gnubg's move
/// parser reads without ambiguity.
pub fn wire_play(steps: &[crate::rules::movegen::SubMove]) -> String {
    let point = |p: u8| match p {
        25 => "bar".to_string(),
        0 => "off".to_string(),
        n => n.to_string(),
    };
    steps.iter().map(|s| format!("{}/{}", point(s.from), point(s.to))).collect::<Vec<_>>().join(" ")
}

/// The engine side: answers board lines.
pub struct ExternalPlayer<'e> {
    search: NPly<'e>,
    settings: Settings,
    met: MatchEquityTable,
    dialect: Dialect,
}

impl<'e> ExternalPlayer<'e> {
    /// A player searching `plies` deep (0 to 4) for plays and cube decisions, reading gnubg's
    /// dialect of the board line.
    pub fn new(ev: &'e Evaluator, plies: usize) -> Self {
        ExternalPlayer {
            search: NPly::new(ev, 0),
            settings: Settings::plies(plies),
            met: MatchEquityTable::kazaross_xg2(),
            dialect: Dialect::Gnubg,
        }
    }

    /// Reads lines in `dialect` (FIBS's own, or gnubg's).
    #[must_use]
    pub fn with_dialect(mut self, dialect: Dialect) -> Self {
        self.dialect = dialect;
        self
    }

    /// The answer to one line.
    pub fn respond(&mut self, line: &str) -> Reply {
        let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\0');
        if !line.starts_with("board:") {
            let word = line.split_whitespace().next().unwrap_or("");
            return Reply::Error(format!("unknown command {:?} (expected a FIBS board: line)", excerpt(word)));
        }
        let board = match FibsBoard::parse(line).and_then(|b| b.to_state(self.dialect)) {
            Ok(b) => b,
            Err(e) => return Reply::Error(e.to_string()),
        };
        self.decide(&board)
    }

    fn decide(&mut self, b: &BoardState) -> Reply {
        let s = &b.state;
        let cube = CubeContext::from_match_state(s, &self.met);
        if s.doubled {
            // the doubler is on roll in the line; we answer for the other side
            return match decision::evaluate_position(&mut self.search, &b.position, &cube, self.settings.plies) {
                Ok((_, a)) if a.action.takes() == Some(false) => Reply::Drop,
                Ok(_) => Reply::Take,
                Err(e) => Reply::Error(e.to_string()),
            };
        }
        match s.dice {
            None => match decision::evaluate_position(&mut self.search, &b.position, &cube, self.settings.plies) {
                Ok((_, a)) if a.action.doubles() => Reply::Double,
                Ok(_) => Reply::Roll,
                Err(e) => Reply::Error(e.to_string()),
            },
            Some((d1, d2)) => match self.search.choose(&b.position, d1, d2, &self.settings) {
                Some(c) => Reply::Play { play: wire_play(c.play.steps()), result: *c.play.result() },
                None => Reply::NoPlay,
            },
        }
    }

    /// Serves one connection: answers every line until the peer closes it. Every line received
    /// (`< `) and sent (`> `) is written to `log` (pass `io::sink()` for none); a play's line also shows the
    /// position ID after it as the opponent, now on roll, sees it (what gnubg then shows).
    ///
    /// A line longer than [`MAX_LINE_BYTES`] is answered `Error: …` and ends the connection, its
    /// rest not read (a peer streaming bytes without a newline cannot hold the server); a last line with no newline (the peer went away mid-line) is logged and not
    /// answered.
    ///
    /// # Errors
    /// Reading or writing failed, a read or write timeout of the stream among them.
    pub fn serve_connection<R: BufRead, W: Write>(
        &mut self,
        mut input: R,
        mut output: W,
        log: &mut dyn Write,
    ) -> io::Result<Stats> {
        let mut stats = Stats::default();
        let mut buf = Vec::with_capacity(256);
        loop {
            let read = read_line_or_stop(&mut input, &mut buf, MAX_LINE_BYTES)?;
            let reply = match read {
                LineRead::Eof => return Ok(stats),
                LineRead::Unterminated => {
                    // gnubg ends each line with "\n\0": a lone NUL before the disconnect is no command
                    if buf.iter().any(|&c| c != 0 && !c.is_ascii_whitespace()) {
                        let line = String::from_utf8_lossy(&buf);
                        writeln!(log, "< {} (cut off by the disconnect: not answered)", excerpt(line.trim()))?;
                    }
                    return Ok(stats);
                }
                LineRead::TooLong => {
                    writeln!(log, "< (a line over {MAX_LINE_BYTES} bytes: connection closed)")?;
                    Reply::Error(format!("line longer than the limit of {MAX_LINE_BYTES} bytes"))
                }
                LineRead::Line => {
                    // gnubg ends each line with "\n\0": the NUL arrives at the start of the next one
                    buf.retain(|&c| c != 0);
                    let line = String::from_utf8_lossy(&buf);
                    let line = line.trim();
                    if line.is_empty() {
                        continue;
                    }
                    writeln!(log, "< {line}")?;
                    self.respond(line)
                }
            };
            stats.count(&reply);
            // one write per answer: gnubg reads until it sees the line end
            output.write_all(format!("{reply}\n").as_bytes())?;
            output.flush()?;
            match &reply {
                Reply::Play { result, .. } => writeln!(log, "> {reply}\t(then {})", result.swapped().id())?,
                _ => writeln!(log, "> {reply}")?,
            }
            // The rest of an overlong line is not read: a peer that never sends a newline must not
            // hold the server, so the connection ends once it is answered.
            if read == LineRead::TooLong {
                return Ok(stats);
            }
        }
    }
}

/// How [`serve`] runs.
#[derive(Debug, Clone, Copy)]
pub struct ServeOptions {
    /// Stop after the first client disconnects (otherwise wait for the next one).
    pub once: bool,
    /// Drop a client that sends nothing (or reads nothing of our answers) for this long, so one
    /// silent client cannot keep the next waiting forever; `None` waits without limit.
    pub idle_timeout: Option<Duration>,
}

impl Default for ServeOptions {
    /// Serve clients until killed, each dropped after [`DEFAULT_IDLE_TIMEOUT_SECS`] of silence.
    fn default() -> Self {
        ServeOptions { once: false, idle_timeout: Some(Duration::from_secs(DEFAULT_IDLE_TIMEOUT_SECS)) }
    }
}

/// Accepts clients on `listener` one at a time and serves each until it disconnects or stays
/// idle past [`ServeOptions::idle_timeout`]. A client whose connection fails is logged and
/// dropped; the server goes on unless `once`. `log` gets the connections and every exchange
/// ([`ExternalPlayer::serve_connection`]).
///
/// # Errors
/// Accepting a connection or writing the log failed.
pub fn serve(
    listener: &TcpListener,
    player: &mut ExternalPlayer<'_>,
    options: ServeOptions,
    log: &mut dyn Write,
) -> io::Result<Stats> {
    let mut total = Stats::default();
    loop {
        let (stream, peer) = listener.accept()?;
        writeln!(log, "connection from {peer}")?;
        let _ = stream.set_nodelay(true);
        let result = stream
            .set_read_timeout(options.idle_timeout)
            .and_then(|()| stream.set_write_timeout(options.idle_timeout))
            .and_then(|()| stream.try_clone())
            .and_then(|w| player.serve_connection(BufReader::new(stream), w, &mut *log));
        match result {
            Ok(stats) => {
                total.add(&stats);
                writeln!(log, "{peer} disconnected: {stats}")?;
            }
            Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {
                let secs = options.idle_timeout.map_or(0.0, |d| d.as_secs_f64());
                writeln!(log, "{peer}: idle for {secs} s, disconnected")?;
            }
            Err(e) => writeln!(log, "{peer}: {e}")?,
        }
        if options.once {
            return Ok(total);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::movegen::legal_plays;

    /// gnubg 1.07's first line to its external player 0 after `set seed 3`, `new match 3`: the
    /// external side is on roll at the start with 41.
    const OPENING_41: &str = "board:gnubg:root:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:4:1:4:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";

    fn player() -> ExternalPlayer<'static> {
        ExternalPlayer::new(Evaluator::embedded(), 0)
    }

    #[test]
    fn answers_the_opening_41_with_a_legal_play() {
        let reply = player().respond(OPENING_41);
        let Reply::Play { play, result } = &reply else { panic!("{reply:?}") };
        let start = crate::rules::variant::Variant::Standard.starting_position();
        let legal = legal_plays(&start, 4, 1);
        let chosen = legal.iter().find(|p| p.result() == result).expect("the reply is a legal play");
        assert_eq!(&wire_play(chosen.steps()), play);
        // the same play `gammon best 4HPwATDgc/ABMA 4 1` prints (the evaluator's 0-ply best)
        let mut gen = crate::MoveGenerator::new();
        let (scratch, mut buf) = (&mut Default::default(), Vec::new());
        let (best, _) = Evaluator::embedded().best_play(&mut gen, &start, 4, 1, scratch, &mut buf).unwrap();
        assert_eq!(best.result(), result);
    }

    #[test]
    fn cube_answers() {
        // no dice: the opening position is no double
        let no_dice = OPENING_41.replacen(":-1:4:1:4:1:", ":-1:0:0:0:0:", 1);
        assert_eq!(player().respond(&no_dice), Reply::Roll);
        // a double pending in a position the taker has long lost (all 15 of the doubler's
        // chequers home, the taker's 15 on the bar side of the board): drop
        let mut b = FibsBoard::parse(OPENING_41).unwrap();
        b.board = [0; 26];
        b.board[1] = 5;
        b.board[2] = 5;
        b.board[3] = 5;
        b.board[20] = -5;
        b.board[21] = -5;
        b.board[22] = -5;
        b.turn = 1;
        b.was_doubled = 1;
        b.player_dice = [0, 0];
        b.opponent_dice = [0, 0];
        assert_eq!(player().respond(&b.to_string()), Reply::Drop);
        // the same with the doubler far behind: take; and it would not double there itself
        b.board[1] = 0;
        b.board[2] = 0;
        b.board[3] = 0;
        b.board[24] = 15;
        b.board[20] = -10;
        b.board[21] = -5;
        b.board[22] = 0;
        assert_eq!(player().respond(&b.to_string()), Reply::Take);
        b.was_doubled = 0;
        assert_eq!(player().respond(&b.to_string()), Reply::Roll);
    }

    #[test]
    fn bad_lines_get_error_replies() {
        assert!(matches!(player().respond("hello"), Reply::Error(_)));
        let r = player().respond("board:a:b:3:0:0");
        assert_eq!(r.to_string(), "Error: a board line has 53 fields, this one has 6");
    }

    #[test]
    fn dance_is_an_empty_line() {
        // on the bar against a closed board
        let mut b = FibsBoard::parse(OPENING_41).unwrap();
        b.board = [0; 26];
        for f in 19..=24 {
            b.board[f] = -2; // the opponent's home board, fields 19-24 = its points 6..1
        }
        b.board[0] = 0;
        b.board[25] = 1; // "you" on the bar
        b.board[6] = 14;
        b.board[12] = -3;
        b.turn = 1;
        let reply = player().respond(&b.to_string());
        assert_eq!(reply, Reply::NoPlay);
        assert_eq!(reply.to_string(), "");
    }

    #[test]
    fn serves_a_connection_line_by_line() {
        let input = format!("{OPENING_41}\n\0hello\n\0");
        let mut out = Vec::new();
        let mut log = Vec::new();
        let stats = player().serve_connection(input.as_bytes(), &mut out, &mut log).unwrap();
        assert_eq!((stats.boards, stats.plays, stats.errors), (2, 1, 1));
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], player().respond(OPENING_41).to_string());
        assert!(lines[1].starts_with("Error: unknown command"));
        assert!(String::from_utf8(log).unwrap().contains(&format!("> {}\t(then ", lines[0])));
    }

    /// Regression: a board line cut off by a disconnect (no newline) was answered as if whole.
    #[test]
    fn a_line_cut_off_by_a_disconnect_is_not_answered() {
        for input in [OPENING_41.to_string(), format!("{OPENING_41}\n\0hello\n\0{OPENING_41}")] {
            let (mut out, mut log) = (Vec::new(), Vec::new());
            let stats = player().serve_connection(input.as_bytes(), &mut out, &mut log).unwrap();
            let answered = input.matches('\n').count() as u64;
            assert_eq!(stats.boards, answered, "{input}");
            assert_eq!(String::from_utf8(out).unwrap().lines().count() as u64, answered);
            assert!(String::from_utf8(log).unwrap().contains("cut off by the disconnect: not answered"));
        }
        // gnubg's NUL after the last line is no command
        let (mut out, mut log) = (Vec::new(), Vec::new());
        let stats = player().serve_connection(format!("{OPENING_41}\n\0").as_bytes(), &mut out, &mut log).unwrap();
        assert_eq!(stats.boards, 1);
        assert!(!String::from_utf8(log).unwrap().contains("cut off"));
    }

    /// Regression: one endless line made the server hold all of it in memory; then, a peer
    /// streaming bytes without a newline kept the single-client server reading for ever (never
    /// idle, so the idle timeout could not fire). The line is refused and the connection closed.
    #[test]
    fn an_overlong_line_is_refused_and_the_connection_closed() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
        input.push(b'\n');
        input.extend_from_slice(OPENING_41.as_bytes());
        input.push(b'\n');
        let (mut out, mut log) = (Vec::new(), Vec::new());
        let stats = player().serve_connection(&input[..], &mut out, &mut log).unwrap();
        assert_eq!((stats.boards, stats.errors, stats.plays), (1, 1, 0));
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out, format!("Error: line longer than the limit of {MAX_LINE_BYTES} bytes\n"));
        assert!(log.len() < 10_000, "the log does not hold the line either");
        // A stream that never ends and never has a newline: the server returns all the same.
        let endless = io::BufReader::new(io::repeat(b'x'));
        let stats = player().serve_connection(endless, &mut Vec::new(), &mut io::sink()).unwrap();
        assert_eq!(stats.errors, 1);
    }

    fn local_listener() -> (TcpListener, std::net::SocketAddr) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        (listener, addr)
    }

    /// Regression: a client that connected and said nothing kept every later client waiting
    /// forever. Over real loopback TCP: a silent client is dropped after the idle timeout and the
    /// next one is served.
    #[test]
    fn a_silent_client_does_not_block_the_next() {
        use std::io::Read;
        use std::net::TcpStream;
        let (listener, addr) = local_listener();
        let options = ServeOptions { once: false, idle_timeout: Some(Duration::from_millis(300)) };
        let (tx, rx) = std::sync::mpsc::channel();
        // serves until the test process ends; every wait below is bounded
        std::thread::spawn(move || {
            let mut log = LogTo(tx);
            let _ = serve(&listener, &mut player(), options, &mut log);
        });
        let silent = TcpStream::connect(addr).unwrap();
        let mut next = TcpStream::connect(addr).unwrap();
        next.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let started = std::time::Instant::now();
        next.write_all(format!("{OPENING_41}\n").as_bytes()).unwrap();
        let mut reply = Vec::new();
        let mut byte = [0u8; 1];
        while !reply.ends_with(b"\n") {
            assert_eq!(next.read(&mut byte).unwrap(), 1, "the server answers the second client");
            reply.push(byte[0]);
        }
        assert_eq!(String::from_utf8(reply).unwrap().trim_end(), player().respond(OPENING_41).to_string());
        assert!(started.elapsed() >= Duration::from_millis(250), "served only once the first was dropped");
        let log: String = rx.try_iter().collect();
        assert!(log.contains("idle for 0.3 s, disconnected"), "{log}");
        drop(silent);
    }

    /// Over TCP: a board line without its newline, then the client half-closes: no answer.
    #[test]
    fn a_command_cut_off_by_a_disconnect_gets_no_answer_over_tcp() {
        use std::io::Read;
        use std::net::TcpStream;
        let (listener, addr) = local_listener();
        let server = std::thread::spawn(move || {
            let options = ServeOptions { once: true, idle_timeout: Some(Duration::from_secs(20)) };
            serve(&listener, &mut player(), options, &mut io::sink()).unwrap()
        });
        let mut client = TcpStream::connect(addr).unwrap();
        client.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        client.write_all(OPENING_41.as_bytes()).unwrap();
        client.shutdown(std::net::Shutdown::Write).unwrap();
        let mut rest = Vec::new();
        client.read_to_end(&mut rest).unwrap();
        assert!(rest.is_empty(), "{}", String::from_utf8_lossy(&rest));
        assert_eq!(server.join().unwrap().boards, 0);
    }

    /// A board line with some of its 53 fields replaced by hostile values.
    fn mutated_board() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let field = prop_oneof![
            Just(String::new()),
            Just("-1".to_string()),
            Just("99999999999999999999".to_string()),
            Just("NaN".to_string()),
            Just("25".to_string()),
            Just("-15".to_string()),
            "[ -~]{0,8}",
            (0u8..=30).prop_map(|n| n.to_string()),
        ];
        proptest::collection::vec((0usize..60, field), 0..8).prop_map(|changes| {
            let mut fields: Vec<String> = OPENING_41.split(':').map(str::to_string).collect();
            for (at, value) in changes {
                if at < fields.len() {
                    fields[at] = value;
                } else {
                    fields.push(value);
                }
            }
            fields.join(":")
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Hostile board lines, NULs and a possibly unterminated last line: every complete line
        /// gets exactly one answer, nothing panics, and an unterminated line gets none.
        #[test]
        fn hostile_board_lines_get_one_answer_each(
            lines in proptest::collection::vec(mutated_board(), 1..6),
            terminated in proptest::prelude::any::<bool>(),
        ) {
            let mut input = lines.join("\n\0");
            if terminated {
                input.push('\n');
            }
            let (mut out, mut log) = (Vec::new(), Vec::new());
            let stats = player().serve_connection(input.as_bytes(), &mut out, &mut log).unwrap();
            let complete = lines.len() - usize::from(!terminated);
            proptest::prop_assert_eq!(stats.boards as usize, complete);
            let out = String::from_utf8(out).unwrap();
            proptest::prop_assert_eq!(out.matches('\n').count(), complete);
            for reply in out.lines().filter(|l| l.starts_with("Error: ")) {
                proptest::prop_assert!(reply.chars().count() < 400, "{}", reply);
            }
        }
    }

    /// A log that sends what is written down a channel.
    struct LogTo(std::sync::mpsc::Sender<String>);

    impl Write for LogTo {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let _ = self.0.send(String::from_utf8_lossy(buf).into_owned());
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
}
