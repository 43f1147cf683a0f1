//! GTP version 2 framing (<http://www.lysator.liu.se/~gunnar/gtp/>), game-independent: preprocessing of
//! input lines, the optional numeric id, and the `=id result` / `?id error` answers each followed by an
//! empty line. Commands themselves live in a [`Registry`]; this module must not know any game.
//!
//! Sessions read bounded lines ([`crate::limits::MAX_LINE_BYTES`]; a longer one is answered `? line too
//! long`). A network session ([`Engine::run_connection`]) drops a last line cut off by a disconnect and
//! answers a panicking command `? internal error`; a local one ([`Engine::run`]) does neither.
//!
//! Live commands ([`Registry::register_live`], live analysis such as `lz-analyze`) answer `=id` on a
//! line of its own, then their lines as they come, and end with the empty line once done — or once the
//! next command arrives in a session that reads its input while commands run ([`Engine::run_live`]; in
//! the others, they stop at their first look).

use crate::command::{Args, CommandError, Live, Registry};
use crate::limits::{read_line_limited, read_line_or_stop, LineRead, MAX_LINE_BYTES};
use std::io::{self, BufRead, Write};

/// One parsed command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The optional numeric id, echoed in the answer.
    pub id: Option<u64>,
    /// The command name.
    pub name: String,
    /// The arguments.
    pub args: Args,
}

/// Applies the spec's preprocessing: control characters other than HT and LF are removed, HT becomes a
/// space, everything after `#` is dropped. The caller skips the line when the result is blank.
pub fn preprocess(line: &str) -> String {
    let line = line.split('#').next().unwrap_or("");
    line.chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            '\n' => Some('\n'),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

/// Parses one input line; `None` for a line that is empty after preprocessing (no answer is due).
pub fn parse_line(line: &str) -> Option<Command> {
    let clean = preprocess(line);
    let mut tokens = clean.split_whitespace();
    let first = tokens.next()?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        match first.parse::<u64>() {
            // An id alone on a line has no command: answered as an unknown (empty) command.
            Ok(id) => (Some(id), tokens.next().unwrap_or("")),
            Err(_) => (None, first),
        }
    } else {
        (None, first)
    };
    Some(Command { id, name: name.to_string(), args: Args::new(tokens.map(str::to_string).collect()) })
}

/// The answer bytes for a command's result.
pub fn format_answer(id: Option<u64>, result: &Result<String, CommandError>) -> String {
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    match result {
        Ok(text) => format!("={id} {}\n\n", clean_answer(text)),
        Err(e) => format!("?{id} {}\n\n", clean_answer(e.message())),
    }
}

// An empty line inside an answer would end it early for the controller.
fn clean_answer(text: &str) -> String {
    let mut out = text.trim_end_matches('\n').to_string();
    while out.contains("\n\n") {
        out = out.replace("\n\n", "\n");
    }
    out
}

/// A GTP engine: a command registry and the context it runs on.
pub struct Engine<C> {
    /// The commands.
    pub registry: Registry<C>,
    /// The state they act on.
    pub context: C,
    quit: bool,
}

impl<C> Engine<C> {
    /// An engine over this registry and context. The registry should contain `quit`; after a successful
    /// `quit` the engine reports [`Engine::quit_requested`].
    pub fn new(registry: Registry<C>, context: C) -> Self {
        Engine { registry, context, quit: false }
    }

    /// Whether `quit` was executed.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Handles one input line: `None` when no answer is due (a blank or comment line).
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        self.answer_to_string(line, false)
    }

    fn answer_to_string(&mut self, line: &str, guarded: bool) -> Option<String> {
        let mut out = Vec::new();
        let answered = self.answer(line, &mut out, &mut || true, guarded).expect("writing to memory");
        answered.then(|| String::from_utf8_lossy(&out).into_owned())
    }

    /// Answers one input line on `output` (false when no answer is due): a live command writes as it
    /// goes and stops when `interrupted` says so; `guarded` answers a panic `? internal error`.
    fn answer(
        &mut self,
        line: &str,
        output: &mut dyn Write,
        interrupted: &mut dyn FnMut() -> bool,
        guarded: bool,
    ) -> io::Result<bool> {
        let Some(cmd) = parse_line(line) else { return Ok(false) };
        let mut live = GtpLive { out: output, id: cmd.id, started: false, interrupted };
        let result = if guarded {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.registry.dispatch_live(&mut self.context, &cmd.name, &cmd.args, &mut live)
            }))
            .unwrap_or_else(|_| Err(CommandError::failed("internal error")))
        } else {
            self.registry.dispatch_live(&mut self.context, &cmd.name, &cmd.args, &mut live)
        };
        if cmd.name == "quit" && result.is_ok() {
            self.quit = true;
        }
        if live.started {
            // The answer is open: its last words (a live `genmove`'s move), then the empty line.
            if let Ok(text) = &result {
                let text = clean_answer(text);
                if !text.is_empty() {
                    writeln!(live.out, "{text}")?;
                }
            }
            writeln!(live.out)?;
        } else {
            live.out.write_all(format_answer(cmd.id, &result).as_bytes())?;
        }
        live.out.flush()?;
        Ok(true)
    }

    /// Reads commands from `input` until `quit` or end of input, writing and flushing each answer: the
    /// session of a local controller (standard input).
    ///
    /// Lines are read with [`read_line_limited`]: one longer than [`MAX_LINE_BYTES`] is answered
    /// `? line too long` and the session goes on, memory staying bounded. A last line without a newline is
    /// executed: on standard input the end of input is the controller's own doing (`printf 'genmove b' |
    /// go-gtp`, a script file without a final newline), not a cut.
    ///
    /// # Errors
    /// Input or output failures.
    pub fn run<R: BufRead, W: Write>(&mut self, input: R, output: W) -> io::Result<()> {
        self.run_session(input, output, Session::Local)
    }

    /// As [`Engine::run`] for a network connection: a last line without a newline is a command cut off by a
    /// disconnect and is not executed, a line longer than [`MAX_LINE_BYTES`] is answered `? line too long`
    /// and ends the connection (its rest is not read: a peer that never sends a newline cannot hold the
    /// server), and a panic inside a command is answered `? internal error` (after which the session goes
    /// on) instead of taking the whole server down with it.
    ///
    /// # Errors
    /// Input or output failures, a read timeout among them.
    pub fn run_connection<R: BufRead, W: Write>(&mut self, input: R, output: W) -> io::Result<()> {
        self.run_session(input, output, Session::Network)
    }

    fn run_session<R: BufRead, W: Write>(&mut self, mut input: R, mut output: W, session: Session) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            let read = match session {
                Session::Local => read_line_limited(&mut input, &mut buf, MAX_LINE_BYTES)?,
                Session::Network => read_line_or_stop(&mut input, &mut buf, MAX_LINE_BYTES)?,
            };
            let answer = match read {
                LineRead::Eof => return Ok(()),
                LineRead::Unterminated if session == Session::Network => return Ok(()),
                LineRead::TooLong => Some(format_answer(None, &Err(CommandError::failed("line too long")))),
                LineRead::Line | LineRead::Unterminated => {
                    // Invalid UTF-8 must not end the session; it just cannot name a command.
                    let line = String::from_utf8_lossy(&buf).into_owned();
                    self.answer(&line, &mut output, &mut || true, session == Session::Network)?;
                    None
                }
            };
            if let Some(answer) = answer {
                output.write_all(answer.as_bytes())?;
                output.flush()?;
            }
            // Over the network the rest of an overlong line is not read (a peer that never sends a
            // newline would hold the server): the connection ends once it is answered.
            if self.quit || (read == LineRead::TooLong && session == Session::Network) {
                return Ok(());
            }
        }
    }

    /// [`Engine::handle_line`], a panic inside the command answered `? internal error`: the safety net of a
    /// server, so that one bad command cannot end every other client's session. (Panics are bugs, and tests
    /// find them through [`Engine::handle_line`], which has no net.)
    pub fn handle_line_guarded(&mut self, line: &str) -> Option<String> {
        self.answer_to_string(line, true)
    }

    /// As [`Engine::run`], with the input read on a thread of its own, so that a live command (live
    /// analysis) runs until the next command arrives: the session of an analysis client (Sabaki, Lizzie)
    /// on standard input. The reader stays at most [`LIVE_QUEUE`] lines ahead.
    ///
    /// # Errors
    /// Input or output failures.
    pub fn run_live<R: BufRead + Send + 'static, W: Write>(&mut self, input: R, mut output: W) -> io::Result<()> {
        let (send, lines) = std::sync::mpsc::sync_channel::<io::Result<(LineRead, Vec<u8>)>>(LIVE_QUEUE);
        std::thread::spawn(move || {
            let mut input = input;
            loop {
                let mut buf = Vec::new();
                let read = read_line_limited(&mut input, &mut buf, MAX_LINE_BYTES);
                let last = !matches!(read, Ok(LineRead::Line | LineRead::TooLong));
                if send.send(read.map(|r| (r, buf))).is_err() || last {
                    return;
                }
            }
        });
        let mut pending = None;
        loop {
            let next = match pending.take() {
                Some(n) => n,
                // The reader ended: end of input.
                None => lines.recv().unwrap_or(Ok((LineRead::Eof, Vec::new()))),
            };
            let (read, buf) = next?;
            let line = match read {
                LineRead::Eof => return Ok(()),
                LineRead::TooLong => {
                    output.write_all(format_answer(None, &Err(CommandError::failed("line too long"))).as_bytes())?;
                    output.flush()?;
                    continue;
                }
                LineRead::Line | LineRead::Unterminated => String::from_utf8_lossy(&buf).into_owned(),
            };
            let mut interrupted = || {
                if pending.is_none() {
                    pending = lines.try_recv().ok();
                }
                pending.is_some()
            };
            self.answer(&line, &mut output, &mut interrupted, false)?;
            if self.quit {
                return Ok(());
            }
        }
    }
}

/// Lines [`Engine::run_live`]'s reader may read ahead of the commands.
pub const LIVE_QUEUE: usize = 64;

/// A live command's answer in GTP: `=id` on its own line at the first line or [`Live::begin`], then the
/// lines, flushed one by one.
struct GtpLive<'a> {
    out: &'a mut dyn Write,
    id: Option<u64>,
    started: bool,
    interrupted: &'a mut dyn FnMut() -> bool,
}

impl Live for GtpLive<'_> {
    fn begin(&mut self) -> io::Result<()> {
        if !self.started {
            self.started = true;
            let id = self.id.map(|i| i.to_string()).unwrap_or_default();
            writeln!(self.out, "={id}")?;
            self.out.flush()?;
        }
        Ok(())
    }

    fn line(&mut self, text: &str) -> io::Result<()> {
        let text = clean_answer(text);
        if text.is_empty() {
            return Ok(());
        }
        self.begin()?;
        writeln!(self.out, "{text}")?;
        self.out.flush()
    }

    fn interrupted(&mut self) -> bool {
        (self.interrupted)()
    }
}

/// Who is at the other end of a session, which decides how a cut last line and a panic are handled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Session {
    /// Standard input: the controller ended its input on purpose.
    Local,
    /// A network connection: input may end because the peer went away mid-command.
    Network,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn echo(_: &mut (), args: &Args) -> Result<String, CommandError> {
        Ok(args.tokens().join(" "))
    }
    fn quit(_: &mut (), _: &Args) -> Result<String, CommandError> {
        Ok(String::new())
    }

    /// A live command: a `tick N` line per look until interrupted (at most 100,000 looks, so that a
    /// broken interruption fails the test instead of hanging it), then `done`.
    fn ticks(_: &mut (), args: &Args, live: &mut dyn Live) -> Result<String, CommandError> {
        if !args.is_empty() {
            return Err(CommandError::syntax());
        }
        for n in 0..100_000 {
            live.line(&format!("tick {n}")).map_err(|e| CommandError::failed(e.to_string()))?;
            if live.interrupted() {
                return Ok("done".into());
            }
        }
        Ok("never interrupted".into())
    }

    fn engine() -> Engine<()> {
        let mut r = Registry::new();
        r.register_live("ticks", "", ticks);
        r.register("echo", "", echo);
        r.register("quit", "", quit);
        r.register_introspection();
        Engine::new(r, ())
    }

    #[test]
    fn live_commands_run_until_the_next_command_arrives() {
        // Without a reader thread a live command stops at its first look: one line, then its result.
        let mut e = engine();
        assert_eq!(e.handle_line("3 ticks"), Some("=3\ntick 0\ndone\n\n".into()));
        assert_eq!(e.handle_line("ticks x"), Some("? syntax error\n\n".into()));
        assert_eq!(e.registry.dispatch(&mut (), "ticks", &Args::default()), Ok("tick 0\ndone".into()));
        // With one, it runs until the next line has been read, which is then answered as usual.
        let mut out = Vec::new();
        let input = io::Cursor::new(b"ticks\necho after\nticks\n".to_vec());
        engine().run_live(input, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let answers: Vec<&str> = out.split("\n\n").collect();
        assert_eq!(answers.len(), 4, "{out}");
        assert!(answers[0].starts_with("=\ntick 0\n") && answers[0].ends_with("\ndone"), "{out}");
        assert!(!answers[0].contains("never"), "{out}");
        assert_eq!(answers[1], "= after");
        // The end of input interrupts the last one too (the controller has gone).
        assert!(answers[2].starts_with("=\ntick 0\n") && answers[2].ends_with("\ndone"), "{out}");
        assert_eq!(answers[3], "");
    }

    #[test]
    fn preprocessing_and_framing() {
        let mut e = engine();
        assert_eq!(e.handle_line("echo a\tb # c"), Some("= a b\n\n".into()));
        assert_eq!(e.handle_line("  # only a comment"), None);
        assert_eq!(e.handle_line(" \t \r\n"), None);
        assert_eq!(e.handle_line("12 echo x\x07y"), Some("=12 xy\n\n".into()));
        assert_eq!(e.handle_line("7 nope"), Some("?7 unknown command\n\n".into()));
        assert_eq!(e.handle_line("echo"), Some("= \n\n".into()));
        assert_eq!(e.handle_line("known_command echo"), Some("= true\n\n".into()));
        assert_eq!(e.handle_line("3 quit"), Some("=3 \n\n".into()));
        assert!(e.quit_requested());
    }

    fn boom(_: &mut (), _: &Args) -> Result<String, CommandError> {
        panic!("a bug")
    }

    #[test]
    fn long_lines_are_refused_and_the_session_goes_on() {
        let mut e = engine();
        let mut input = b"echo 1\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 1));
        input.extend(b"\necho 2\n");
        let mut out = Vec::new();
        e.run(&input[..], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "= 1\n\n? line too long\n\n= 2\n\n");
        // A line of exactly the limit is still a command.
        let mut input = b"echo ".to_vec();
        input.extend(std::iter::repeat_n(b'y', MAX_LINE_BYTES - 5));
        input.push(b'\n');
        let mut out = Vec::new();
        e.run(&input[..], &mut out).unwrap();
        assert_eq!(out.len(), "= \n\n".len() + MAX_LINE_BYTES - 5);
    }

    #[test]
    fn an_endless_line_over_the_network_ends_the_connection() {
        // A peer streaming bytes with no newline: the server answers once and lets go.
        let endless = std::io::BufReader::new(b"echo 1\n".chain(std::io::repeat(b'x')));
        let mut out = Vec::new();
        engine().run_connection(endless, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "= 1\n\n? line too long\n\n");
    }

    #[test]
    fn a_cut_last_line_runs_locally_but_not_over_the_network() {
        let mut out = Vec::new();
        engine().run(&b"echo 1\necho 2"[..], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "= 1\n\n= 2\n\n");
        let mut out = Vec::new();
        engine().run_connection(&b"echo 1\necho 2"[..], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "= 1\n\n");
        let mut e = engine();
        let mut out = Vec::new();
        e.run_connection(&b"quit"[..], &mut out).unwrap();
        assert!(out.is_empty() && !e.quit_requested(), "a cut quit is not executed");
    }

    #[test]
    fn a_panic_is_an_internal_error_over_the_network_only() {
        let mut e = engine();
        e.registry.register("boom", "", boom);
        std::panic::set_hook(Box::new(|_| {}));
        let mut out = Vec::new();
        e.run_connection(&b"1 boom\necho after\n"[..], &mut out).unwrap();
        let _ = std::panic::take_hook();
        assert_eq!(String::from_utf8(out).unwrap(), "?1 internal error\n\n= after\n\n");
        assert!(std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| e.handle_line("boom"))).is_err());
    }

    #[test]
    fn run_stops_at_quit() {
        let mut e = engine();
        let mut out = Vec::new();
        e.run(&b"echo 1\n\nquit\necho 2\n"[..], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "= 1\n\n= \n\n");
    }
}
