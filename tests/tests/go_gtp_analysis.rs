//! GTP conformance of GNU Go's analysis extension commands (`go::gtp::analysis_commands`): each
//! session is sent to our engine and, live, to the installed GNU Go 3.8 (`gnugo --mode gtp`), and
//! every answer and error must be the same bytes. Our own answers must also be framed exactly (each
//! one ends with one empty line).
//!
//! One difference in framing is GNU Go's and is allowed for: its `echo` copies the end of the
//! command line into the answer, so `echo` answers end with two empty lines; answers are compared
//! with blank lines between them dropped.

use go::gtp::{engine, Options};
use interop_tests::{gnugo_gtp_transcript, have_gnugo};

/// Runs a session on a 9x9 board with komi 7.5 and returns the concatenated answers.
fn session(lines: &[&str]) -> String {
    let mut e = engine(Options { boardsize: 9, komi: 7.5, ..Options::default() });
    lines.iter().filter_map(|l| e.handle_line(l)).collect()
}

/// The same session through GNU Go 3.8 with the same board size and komi.
fn gnugo_session(lines: &[&str]) -> String {
    gnugo_gtp_transcript(&["--boardsize", "9", "--komi", "7.5"], lines)
}

/// The answers of a GTP transcript, each with its closing empty line, blank lines between them
/// dropped.
fn answers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.split_inclusive('\n') {
        if line == "\n" {
            if !current.is_empty() {
                current.push('\n');
                out.push(std::mem::take(&mut current));
            }
        } else {
            current.push_str(line);
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// The position of every test: black E5 D6, white E6 F5.
const SETUP: [&str; 4] = ["play b e5", "play w e6", "play b d6", "play w f5"];

/// Runs `lines` after `SETUP` (or alone with `setup` false) through both engines, checks that
/// every answer is the same, and returns our answers to `lines` (after the setup's).
fn compare(setup: bool, lines: &[&str]) -> Vec<String> {
    let mut all: Vec<&str> = if setup { SETUP.to_vec() } else { Vec::new() };
    all.extend_from_slice(lines);
    let ours = session(&all);
    let mine = answers(&ours);
    assert_eq!(mine.concat(), ours, "our answers are framed by exactly one empty line");
    let theirs = answers(&gnugo_session(&all));
    assert_eq!(mine.len(), all.len(), "one answer of ours per command: {ours:?}");
    for (i, cmd) in all.iter().enumerate() {
        assert_eq!(mine.get(i), theirs.get(i), "`{cmd}` (command {} of {:?})", i + 1, all);
    }
    assert_eq!(mine.len(), theirs.len(), "GNU Go gave {} answers to {} commands", theirs.len(), all.len());
    let skip = if setup { SETUP.len() } else { 0 };
    assert!(mine[..skip].iter().all(|a| a == "= \n\n"), "setup accepted: {mine:?}");
    mine[skip..].to_vec()
}

#[test]
fn liberty_and_legality_queries() {
    if !have_gnugo() {
        return;
    }
    compare(true, &["countlib e5", "findlib e6", "accuratelib w d5"]);
    compare(true, &["captures black", "captures white", "is_legal w e5", "is_legal b e4", "is_legal w d5"]);
    let errors = compare(true, &["countlib a1", "countlib z1"]);
    assert!(errors.iter().all(|a| a.starts_with("? ")), "{errors:?}");
    compare(false, &["boardsize 2", "all_legal b", "play b a1", "all_legal w"]);
}

#[test]
fn trymove_and_popgo() {
    if !have_gnugo() {
        return;
    }
    compare(true, &["trymove b f6", "countlib e6", "popgo", "popgo"]);
    compare(true, &["trymove b e5", "trymove x e4"]);
    // popgo restores the position exactly: E6 has its two liberties back.
    let a = compare(true, &["trymove b e7", "attack e6", "popgo", "countlib e6"]);
    assert_eq!(a[3], "= 2\n\n");
}

#[test]
fn reading_answers() {
    if !have_gnugo() {
        return;
    }
    compare(true, &["attack e6", "ladder_attack e5", "defend e6", "defend e5"]);
    compare(true, &["does_attack e7 e6", "does_defend e7 e6", "does_attack e5 e6", "attack a1"]);
    compare(true, &["clear_cache", "reset_reading_node_counter", "get_reading_node_counter"]);
}

#[test]
fn worms_seeds_and_unconditional_status() {
    if !have_gnugo() {
        return;
    }
    compare(true, &["worm_stones e5", "worm_stones a1", "unconditional_status e5", "unconditional_status a1"]);
    compare(false, &["echo hello world", "set_random_seed 17", "get_random_seed", "set_random_seed x"]);
}
