//! GTP version 2 framing (<http://www.lysator.liu.se/~gunnar/gtp/>), game-independent: preprocessing of
//! input lines, the optional numeric id, and the `=id result` / `?id error` answers each followed by an
//! empty line. Commands themselves live in a [`Registry`]; this module must not know any game.

use crate::command::{Args, CommandError, Registry};
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
        let cmd = parse_line(line)?;
        let result = self.registry.dispatch(&mut self.context, &cmd.name, &cmd.args);
        if cmd.name == "quit" && result.is_ok() {
            self.quit = true;
        }
        Some(format_answer(cmd.id, &result))
    }

    /// Reads commands from `input` until `quit` or end of input, writing and flushing each answer.
    ///
    /// # Errors
    /// Input or output failures.
    pub fn run<R: BufRead, W: Write>(&mut self, mut input: R, mut output: W) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if input.read_until(b'\n', &mut buf)? == 0 {
                return Ok(());
            }
            // Invalid UTF-8 must not end the session; it just cannot name a command.
            let line = String::from_utf8_lossy(&buf);
            if let Some(answer) = self.handle_line(&line) {
                output.write_all(answer.as_bytes())?;
                output.flush()?;
            }
            if self.quit {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn echo(_: &mut (), args: &Args) -> Result<String, CommandError> {
        Ok(args.tokens().join(" "))
    }
    fn quit(_: &mut (), _: &Args) -> Result<String, CommandError> {
        Ok(String::new())
    }

    fn engine() -> Engine<()> {
        let mut r = Registry::new();
        r.register("echo", "", echo);
        r.register("quit", "", quit);
        r.register_introspection();
        Engine::new(r, ())
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

    #[test]
    fn run_stops_at_quit() {
        let mut e = engine();
        let mut out = Vec::new();
        e.run(&b"echo 1\n\nquit\necho 2\n"[..], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "= 1\n\n= \n\n");
    }
}
