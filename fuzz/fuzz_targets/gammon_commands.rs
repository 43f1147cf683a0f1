//! The `gammon` command language, one session per input: every line is answered, none may panic.
//! Every search is set to 0 ply first and lines that change a depth are skipped, as are commands
//! that touch files or run long searches: files must not be written where the fuzzer runs, and
//! rollouts, analysis and deep searches are bounded by their settings, not by input.
#![no_main]
use libfuzzer_sys::fuzz_target;

const SKIPPED: &[&str] =
    &["save", "export", "load", "import", "rollout", "analyse", "analyze", "quit", "exit", "external"];

const SHALLOW: &[&str] = &[
    "set evaluation chequerplay evaluation plies 0",
    "set evaluation cubedecision evaluation plies 0",
    "set player 0 chequerplay evaluation plies 0",
    "set player 0 cubedecision evaluation plies 0",
    "set player 1 chequerplay evaluation plies 0",
    "set player 1 cubedecision evaluation plies 0",
];

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut shell = backgammon::frontends::commands::Shell::new(1);
    for line in SHALLOW {
        shell.execute(line);
    }
    for line in text.lines().take(64) {
        let lower = line.to_ascii_lowercase();
        let first = lower.split_whitespace().next().unwrap_or("");
        if SKIPPED.iter().any(|s| !first.is_empty() && s.starts_with(first))
            || ["plies", "level", "evaluation"].iter().any(|w| lower.contains(w))
        {
            continue;
        }
        let _ = shell.execute(line);
    }
});
