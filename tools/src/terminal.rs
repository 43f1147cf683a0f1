//! The interactive `gammon` session: reads lines with rustyline (history kept in
//! `~/.gammon_history`, tab completion of command words) and prints what
//! `backgammon::frontends::commands::Shell` answers. Terminal glue only: every command is the library's.

use backgammon::frontends::commands::Shell;
use engine_core::command::{Args, CommandError, Registry};
use engine_core::limits::{MAX_INPUT_FILE_BYTES, MAX_LINE_BYTES};
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

/// Completes command words from a copy of the shell's command table.
struct Words(Registry<()>);

fn nothing(_: &mut (), _: &Args) -> Result<String, CommandError> {
    Ok(String::new())
}

impl Completer for Words {
    type Candidate = String;
    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<String>)> {
        let before = &line[..pos];
        let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        Ok((start, self.0.completions(before)))
    }
}

impl Hinter for Words {
    type Hint = String;
}
impl Highlighter for Words {}
impl Validator for Words {}
impl Helper for Words {}

fn history_file() -> Option<PathBuf> {
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".gammon_history"))
}

/// Runs the interactive session until `quit` or end of input. When standard input is not a
/// terminal, rustyline would read each line whole however long it is; the shell's own bounded
/// loop reads it instead (lines over `MAX_LINE_BYTES` refused), errors shown among the answers
/// as in a terminal.
pub fn interactive(mut shell: Shell) -> io::Result<()> {
    if !io::stdin().is_terminal() {
        shell.run_batch(io::stdin().lock(), &mut io::stdout(), &mut io::stdout())?;
        return Ok(());
    }
    let mut editor: Editor<Words, DefaultHistory> = Editor::new().map_err(io::Error::other)?;
    let mut words = Registry::new();
    for name in shell.command_names() {
        words.register(&name, "", nothing);
    }
    editor.set_helper(Some(Words(words)));
    let history = history_file();
    if let Some(h) = &history {
        // a history file is a few kilobytes; one grown beyond reason is not read at all
        if std::fs::metadata(h).is_ok_and(|m| m.len() <= MAX_INPUT_FILE_BYTES) {
            let _ = editor.load_history(h);
        }
    }
    let mut stdout = io::stdout();
    writeln!(stdout, "gammon: backgammon in gnubg's command language. Type `help' for the commands, `quit' to leave.")?;
    loop {
        match editor.readline(&shell.prompt()) {
            Ok(line) => {
                if !line.trim().is_empty() && line.len() <= MAX_LINE_BYTES {
                    let _ = editor.add_history_entry(line.as_str());
                }
                stdout.write_all(shell.execute(&line).as_bytes())?;
                stdout.flush()?;
                if shell.finished() {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(io::Error::other(e)),
        }
    }
    if let Some(h) = &history {
        save_history(h, editor.history().iter().map(String::as_str));
    }
    Ok(())
}

/// Writes the history through `engine_core::atomic_file` (rustyline's own saving truncates the
/// file first, and a crash then loses it), one entry a line: rustyline reads such a file back
/// (its first format, used when the first line is not `#V2`). Failures only mean the history
/// is not kept.
fn save_history<'a>(path: &std::path::Path, entries: impl Iterator<Item = &'a str>) {
    let mut text = String::new();
    for e in entries.filter(|e| !e.contains(['\n', '\r']) && !e.starts_with("#V2")) {
        text.push_str(e);
        text.push('\n');
    }
    let _ = engine_core::atomic_file::write_atomic(path, text.as_bytes());
}
