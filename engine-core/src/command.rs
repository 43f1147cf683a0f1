//! A generic text-protocol command engine: a [`Registry`] of named commands, each with a one-line help text
//! and a handler over a user context `C`, plus typed argument access ([`Args`]) and the errors a command can
//! answer with ([`CommandError`]).
//!
//! GTP (see [`crate::gtp`]) and the backgammon command language are both built on it. This module owns the
//! command table and argument parsing only: it must not know any protocol's framing (ids, `=`/`?`, blank
//! lines) nor any game's types. Games plug their own argument types in through [`FromArg`].

use std::collections::BTreeMap;
use std::fmt;

/// Why a command failed. The message is what the protocol shows the user (GTP puts it after `?`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandError {
    /// No command of this name is registered.
    Unknown,
    /// The arguments do not have the expected form; the message says what was wrong.
    Syntax(String),
    /// The command was understood but cannot be carried out (`illegal move`, `cannot undo`, …).
    Failed(String),
}

impl CommandError {
    /// The generic `syntax error`.
    pub fn syntax() -> Self {
        CommandError::Syntax("syntax error".into())
    }

    /// A failure with this message.
    pub fn failed(message: impl Into<String>) -> Self {
        CommandError::Failed(message.into())
    }

    /// The text shown to the user.
    pub fn message(&self) -> &str {
        match self {
            CommandError::Unknown => "unknown command",
            CommandError::Syntax(m) | CommandError::Failed(m) => m,
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for CommandError {}

/// A value that can be read from one argument token. Games implement it for their own types (vertices,
/// colours, …); the error is the message the command answers with.
pub trait FromArg: Sized {
    /// Parses one token.
    fn from_arg(token: &str) -> Result<Self, CommandError>;
}

impl FromArg for i64 {
    fn from_arg(token: &str) -> Result<Self, CommandError> {
        token.parse().map_err(|_| CommandError::syntax())
    }
}

impl FromArg for i32 {
    fn from_arg(token: &str) -> Result<Self, CommandError> {
        token.parse().map_err(|_| CommandError::syntax())
    }
}

impl FromArg for u32 {
    fn from_arg(token: &str) -> Result<Self, CommandError> {
        token.parse().map_err(|_| CommandError::syntax())
    }
}

impl FromArg for u64 {
    fn from_arg(token: &str) -> Result<Self, CommandError> {
        token.parse().map_err(|_| CommandError::syntax())
    }
}

impl FromArg for usize {
    fn from_arg(token: &str) -> Result<Self, CommandError> {
        token.parse().map_err(|_| CommandError::syntax())
    }
}

impl FromArg for f64 {
    fn from_arg(token: &str) -> Result<Self, CommandError> {
        // `f64::from_str` accepts "inf" and "NaN", which no protocol means by a number.
        match token.parse::<f64>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(CommandError::syntax()),
        }
    }
}

impl FromArg for String {
    fn from_arg(token: &str) -> Result<Self, CommandError> {
        Ok(token.to_string())
    }
}

/// The arguments of one command: whitespace-separated tokens.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Args {
    tokens: Vec<String>,
}

impl Args {
    /// Arguments from already split tokens.
    pub fn new(tokens: Vec<String>) -> Self {
        Args { tokens }
    }

    /// Splits `text` at whitespace.
    pub fn parse(text: &str) -> Self {
        Args { tokens: text.split_whitespace().map(str::to_string).collect() }
    }

    /// How many tokens there are.
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// All tokens.
    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// Token `i`, if present.
    pub fn get(&self, i: usize) -> Option<&str> {
        self.tokens.get(i).map(String::as_str)
    }

    /// Token `i`, or a syntax error when missing.
    pub fn str(&self, i: usize) -> Result<&str, CommandError> {
        self.get(i).ok_or_else(CommandError::syntax)
    }

    /// Token `i` read as a `T`; a missing token is a syntax error.
    pub fn value<T: FromArg>(&self, i: usize) -> Result<T, CommandError> {
        T::from_arg(self.str(i)?)
    }

    /// Token `i` read as a `T`, any failure (missing or malformed) answered with `message`.
    pub fn value_or<T: FromArg>(&self, i: usize, message: &str) -> Result<T, CommandError> {
        self.get(i).and_then(|t| T::from_arg(t).ok()).ok_or_else(|| CommandError::Syntax(message.to_string()))
    }

    /// Token `i` as an integer.
    pub fn int(&self, i: usize) -> Result<i64, CommandError> {
        self.value(i)
    }

    /// Token `i` as a finite float.
    pub fn float(&self, i: usize) -> Result<f64, CommandError> {
        self.value(i)
    }

    /// Fails with a syntax error unless there are exactly `n` tokens.
    pub fn expect_len(&self, n: usize) -> Result<(), CommandError> {
        if self.len() == n {
            Ok(())
        } else {
            Err(CommandError::syntax())
        }
    }
}

/// A command handler: the context, the arguments, and either the answer text or an error.
pub type Handler<C> = fn(&mut C, &Args) -> Result<String, CommandError>;

#[derive(Clone, Copy)]
enum Action<C> {
    Call(Handler<C>),
    Live(LiveHandler<C>),
    KnownCommand,
    ListCommands,
    Help,
}

struct Entry<C> {
    help: String,
    action: Action<C>,
}

/// Where a live command ([`Registry::register_live`]: live analysis) writes the lines of its answer while
/// it runs, and how it learns that it should stop. The protocol frames the lines (GTP: [`crate::gtp`]).
pub trait Live {
    /// Opens the answer now, before any line (a command that reports later says at once that it runs).
    ///
    /// # Errors
    /// The output is gone: the command should stop.
    fn begin(&mut self) -> std::io::Result<()>;
    /// Writes one line of the answer now (an empty line is skipped: it would end the answer).
    ///
    /// # Errors
    /// The output is gone: the command should stop.
    fn line(&mut self, text: &str) -> std::io::Result<()>;
    /// Whether the command should stop now: more input has arrived (or the session cannot tell, as with
    /// [`Registry::dispatch`]: then at the first look).
    fn interrupted(&mut self) -> bool;
}

/// A live command: writes lines through [`Live`] while it runs; what it returns ends the answer.
pub type LiveHandler<C> = fn(&mut C, &Args, &mut dyn Live) -> Result<String, CommandError>;

/// The [`Live`] of [`Registry::dispatch`]: lines are collected into the answer, and the command is
/// interrupted at its first look, so that it reports once and ends.
#[derive(Debug, Default)]
struct Collected(Vec<String>);

impl Live for Collected {
    fn begin(&mut self) -> std::io::Result<()> {
        Ok(())
    }
    fn line(&mut self, text: &str) -> std::io::Result<()> {
        if !text.is_empty() {
            self.0.push(text.to_string());
        }
        Ok(())
    }
    fn interrupted(&mut self) -> bool {
        true
    }
}

/// A table of named commands over a context `C`.
pub struct Registry<C> {
    commands: BTreeMap<String, Entry<C>>,
}

impl<C> Default for Registry<C> {
    fn default() -> Self {
        Registry { commands: BTreeMap::new() }
    }
}

impl<C> fmt::Debug for Registry<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Registry").field("commands", &self.commands.keys().collect::<Vec<_>>()).finish()
    }
}

impl<C> Registry<C> {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) a command.
    pub fn register(&mut self, name: &str, help: &str, handler: Handler<C>) {
        self.insert(name, help, Action::Call(handler));
    }

    /// Adds (or replaces) a live command: one that writes its answer line by line as it runs, until it
    /// is done or interrupted ([`Live`]).
    pub fn register_live(&mut self, name: &str, help: &str, handler: LiveHandler<C>) {
        self.insert(name, help, Action::Live(handler));
    }

    /// Adds `known_command NAME` (answers `true`/`false`), `list_commands` (one name per line, sorted) and
    /// `help` (the same list), which need the table itself rather than the context.
    pub fn register_introspection(&mut self) {
        self.insert("known_command", "whether a command is known: known_command NAME", Action::KnownCommand);
        self.insert("list_commands", "every known command, one per line", Action::ListCommands);
        self.insert("help", "every known command, one per line", Action::Help);
    }

    fn insert(&mut self, name: &str, help: &str, action: Action<C>) {
        self.commands.insert(name.to_string(), Entry { help: help.to_string(), action });
    }

    /// Whether `name` is a command.
    pub fn is_known(&self, name: &str) -> bool {
        self.commands.contains_key(name)
    }

    /// Every command name, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.commands.keys().map(String::as_str)
    }

    /// The help text of a command.
    pub fn help(&self, name: &str) -> Option<&str> {
        self.commands.get(name).map(|e| e.help.as_str())
    }

    /// The longest registered name made of the first words of `tokens` (names may be several
    /// words joined by one space, as `show board` or `set player`), and how many tokens it took.
    pub fn resolve(&self, tokens: &[String]) -> Option<(&str, usize)> {
        let mut name = String::new();
        let mut found = None;
        for (i, t) in tokens.iter().enumerate() {
            if i > 0 {
                name.push(' ');
            }
            name.push_str(t);
            // a longer name can only match if some registered name continues this one
            if let Some((key, _)) = self.commands.get_key_value(name.as_str()) {
                found = Some((key.as_str(), i + 1));
            }
            let prefix = format!("{name} ");
            if !self.commands.range(prefix.clone()..).next().is_some_and(|(k, _)| k.starts_with(&prefix)) {
                break;
            }
        }
        found
    }

    /// Splits `line` at whitespace and runs the longest registered (possibly multi-word) name it
    /// starts with, the remaining words as arguments. An empty line or an unknown first word is
    /// [`CommandError::Unknown`].
    pub fn dispatch_line(&self, ctx: &mut C, line: &str) -> Result<String, CommandError> {
        let tokens: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let (name, used) = self.resolve(&tokens).ok_or(CommandError::Unknown)?;
        let name = name.to_string();
        self.dispatch(ctx, &name, &Args::new(tokens[used..].to_vec()))
    }

    /// The words that may follow `line` at its end, for tab completion: with `line` ending in a
    /// partial word, the registered words at that place that start with it; after a space, every
    /// word that may come next. Sorted, without repeats.
    pub fn completions(&self, line: &str) -> Vec<String> {
        let mut done: Vec<&str> = line.split_whitespace().collect();
        let partial =
            if line.ends_with(char::is_whitespace) || line.is_empty() { "" } else { done.pop().unwrap_or("") };
        let mut out: Vec<String> = self
            .commands
            .keys()
            .filter_map(|k| {
                let words: Vec<&str> = k.split(' ').collect();
                (words.len() > done.len() && words[..done.len()] == done[..] && words[done.len()].starts_with(partial))
                    .then(|| words[done.len()].to_string())
            })
            .collect();
        out.dedup();
        out.sort();
        out.dedup();
        out
    }

    /// Runs command `name`. A live command's lines come first in the answer, and it is interrupted at
    /// its first look ([`Registry::dispatch_live`] lets it run).
    pub fn dispatch(&self, ctx: &mut C, name: &str, args: &Args) -> Result<String, CommandError> {
        let mut lines = Collected::default();
        let result = self.dispatch_live(ctx, name, args, &mut lines)?;
        if !result.is_empty() {
            lines.0.push(result);
        }
        Ok(lines.0.join("\n"))
    }

    /// Runs command `name`, a live one writing through `live` as it goes.
    pub fn dispatch_live(
        &self,
        ctx: &mut C,
        name: &str,
        args: &Args,
        live: &mut dyn Live,
    ) -> Result<String, CommandError> {
        let entry = self.commands.get(name).ok_or(CommandError::Unknown)?;
        match entry.action {
            Action::Call(handler) => handler(ctx, args),
            Action::Live(handler) => handler(ctx, args, live),
            Action::KnownCommand => Ok(args.get(0).is_some_and(|n| self.is_known(n)).to_string()),
            Action::ListCommands | Action::Help => Ok(self.names().collect::<Vec<_>>().join("\n")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(ctx: &mut i64, args: &Args) -> Result<String, CommandError> {
        *ctx += args.int(0)?;
        Ok(ctx.to_string())
    }

    #[test]
    fn dispatch_and_errors() {
        let mut r = Registry::new();
        r.register("add", "adds", add);
        r.register_introspection();
        let mut c = 1i64;
        assert_eq!(r.dispatch(&mut c, "add", &Args::parse("41")), Ok("42".into()));
        assert_eq!(r.dispatch(&mut c, "add", &Args::parse("x")), Err(CommandError::syntax()));
        assert_eq!(r.dispatch(&mut c, "add", &Args::parse("")).unwrap_err().message(), "syntax error");
        assert_eq!(r.dispatch(&mut c, "nope", &Args::default()), Err(CommandError::Unknown));
        assert_eq!(r.dispatch(&mut c, "known_command", &Args::parse("add")), Ok("true".into()));
        assert_eq!(r.dispatch(&mut c, "known_command", &Args::parse("sub")), Ok("false".into()));
        assert_eq!(r.dispatch(&mut c, "known_command", &Args::default()), Ok("false".into()));
        assert_eq!(
            r.dispatch(&mut c, "list_commands", &Args::default()),
            Ok("add\nhelp\nknown_command\nlist_commands".into())
        );
        assert_eq!(r.help("add"), Some("adds"));
    }

    #[test]
    fn multi_word_names_and_completion() {
        let mut r = Registry::new();
        r.register("show", "shows", add);
        r.register("show board", "the board", add);
        r.register("set player", "player", add);
        r.register("set seed", "seed", add);
        let mut c = 0i64;
        let t = |s: &str| Args::parse(s).tokens().to_vec();
        assert_eq!(r.resolve(&t("show board 3")), Some(("show board", 2)));
        assert_eq!(r.resolve(&t("show 3")), Some(("show", 1)));
        assert_eq!(r.resolve(&t("set 3")), None);
        assert_eq!(r.resolve(&t("")), None);
        assert_eq!(r.dispatch_line(&mut c, "  set   seed 5 "), Ok("5".into()));
        assert_eq!(r.dispatch_line(&mut c, "set"), Err(CommandError::Unknown));
        assert_eq!(r.dispatch_line(&mut c, ""), Err(CommandError::Unknown));
        assert_eq!(r.completions("se"), ["set"]);
        assert_eq!(r.completions("set "), ["player", "seed"]);
        assert_eq!(r.completions("set p"), ["player"]);
        assert_eq!(r.completions(""), ["set", "show"]);
        assert!(r.completions("set player 0 ").is_empty());
    }

    #[test]
    fn typed_arguments() {
        let a = Args::parse("  3 -2.5 inf word ");
        assert_eq!(a.len(), 4);
        assert_eq!(a.int(0), Ok(3));
        assert_eq!(a.float(1), Ok(-2.5));
        assert!(a.float(2).is_err());
        assert_eq!(a.value::<String>(3), Ok("word".into()));
        assert_eq!(a.value_or::<i64>(3, "not an int"), Err(CommandError::Syntax("not an int".into())));
        assert!(a.expect_len(4).is_ok() && a.expect_len(3).is_err());
    }
}
