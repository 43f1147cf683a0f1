//! The one rule for tests that compare against a reference program or reference data (gnubg,
//! gnubg-nn, gym-backgammon, GNU Go, makebearoff, `../shared`), and the log of what ran.
//!
//! [`require`] is the only place a test decides whether it may skip: without
//! `REQUIRE_REFERENCES=1` a missing reference prints `SKIPPED: …` and the test returns early;
//! with it (CI sets it) the test fails, naming what is missing and how to install it. Every call
//! appends `ran: …`, `skipped: …` or `missing: …` to the log ([`log_path`]), which `.ci/run`
//! empties before the tests and counts after them, so a skipped comparison cannot pass unseen.
//!
//! It also holds [`fnv1a64`], the digest of the committed perft fixtures (backgammon's and Go's),
//! so both tests and their Python generators (`tests/python/perft_common.py`) agree on one.
//!
//! This crate owns only that rule, the log and the digest. It must depend on no workspace crate
//! (every crate's tests use it) and must not read `CI` or any other variable to decide a skip.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The variable that turns a missing reference into a failure when it is `1`.
pub const REQUIRE_VAR: &str = "REQUIRE_REFERENCES";
/// The variable naming the log file; default `target/reference-checks.log` under the workspace root.
pub const LOG_VAR: &str = "REFERENCE_LOG";

/// gnubg 1.07's command-line program.
pub const GNUBG: &str = "gnubg 1.07 at /usr/games/gnubg (apt-get install gnubg)";
/// gnubg's bearoff database builder.
pub const MAKEBEAROFF: &str = "gnubg's makebearoff at /usr/games/makebearoff (apt-get install gnubg)";
/// gnubg's Hypergammon database builder.
pub const MAKEHYPER: &str = "gnubg's makehyper at /usr/games/makehyper (apt-get install gnubg)";
/// gnubg's bearoff database dumper.
pub const BEAROFFDUMP: &str = "gnubg's bearoffdump at /usr/games/bearoffdump (apt-get install gnubg)";
/// gnubg's match equity tables.
pub const GNUBG_METS: &str = "gnubg's match equity tables in /usr/share/gnubg/met (apt-get install gnubg)";
/// gnubg's two-sided 6x6 bearoff database, which its Debian package builds only on request.
pub const GNUBG_TS0: &str = "gnubg's two-sided bearoff database /var/lib/gnubg/gnubg_ts0.bd \
     (/usr/games/makebearoff -t 6x6 -f /var/lib/gnubg/gnubg_ts0.bd, as .ci/run does)";
/// The gnubg-nn Python module.
pub const GNUBG_NN: &str = "python3 module gnubg_nn (pip install gnubg-nn)";
/// The gym-backgammon Python module.
pub const GYM_BACKGAMMON: &str = "python3 module gym_backgammon (pip install gym-backgammon 'pyglet<2')";
/// GNU Go 3.8.
pub const GNUGO: &str = "GNU Go 3.8 at /usr/games/gnugo (apt-get install gnugo)";
/// The reference material beside the workspace.
pub const SHARED: &str = "../shared beside the workspace (GNU Go's regression suite, pattern databases and \
     the seeds: check it out next to this repository)";

/// Whether a missing reference is a failure (`REQUIRE_REFERENCES=1`).
pub fn references_required() -> bool {
    std::env::var_os(REQUIRE_VAR).is_some_and(|v| v == "1")
}

/// Returns `available`. When it is false, fails the test under `REQUIRE_REFERENCES=1` (naming
/// `what`, which should say how to install it) and otherwise prints `SKIPPED: what` so the caller
/// returns early. Either way one line goes to the log.
#[track_caller]
pub fn require(available: bool, what: &str) -> bool {
    let required = references_required();
    let outcome = match (available, required) {
        (true, _) => "ran",
        (false, false) => "skipped",
        (false, true) => "missing",
    };
    record(outcome, what);
    if !available {
        if required {
            panic!("{what} is missing, and {REQUIRE_VAR}=1 makes that a failure (.ci/run installs every reference)");
        }
        eprintln!("SKIPPED: {what} is missing (set {REQUIRE_VAR}=1 to make this a failure)");
    }
    available
}

/// [`require`] on the existence of `path`.
#[track_caller]
pub fn require_path(path: impl AsRef<Path>, what: &str) -> bool {
    require(path.as_ref().exists(), what)
}

/// The workspace root: the nearest ancestor of the crate under test (`CARGO_MANIFEST_DIR` at run
/// time, else this crate's) whose `Cargo.toml` declares `[workspace]`.
pub fn workspace_root() -> PathBuf {
    let start = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    for dir in start.ancestors() {
        let is_root =
            std::fs::read_to_string(dir.join("Cargo.toml")).is_ok_and(|t| t.lines().any(|l| l.trim() == "[workspace]"));
        if is_root {
            return dir.to_path_buf();
        }
    }
    // this crate sits directly under the root
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap_or(Path::new(".")).to_path_buf()
}

/// Where [`require`] appends its lines: `$REFERENCE_LOG`, or `target/reference-checks.log` under
/// the workspace root.
pub fn log_path() -> PathBuf {
    match std::env::var_os(LOG_VAR) {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => workspace_root().join("target").join("reference-checks.log"),
    }
}

/// Appends `outcome: what (package target: test)` to the log. A log that cannot be written is not
/// a test failure: the notice on stderr is still there.
fn record(outcome: &str, what: &str) {
    let package = std::env::var("CARGO_PKG_NAME").unwrap_or_else(|_| "?".into());
    // the test binary is named after its target, with a hash: `met-ba9b76a6bcbc8095`
    let exe = std::env::current_exe().ok();
    let stem = exe.as_deref().and_then(Path::file_stem).and_then(|s| s.to_str()).unwrap_or("?");
    let target = stem.rsplit_once('-').map_or(stem, |(name, _)| name);
    // the test harness names each test's thread after the test
    let test = std::thread::current().name().unwrap_or("?").to_string();
    let line = format!("{outcome}: {what} ({package} {target}: {test})\n");
    let path = log_path();
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    // one write of one short line in append mode, so concurrent tests do not interleave
    if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(&path) {
        let _ = f.write_all(line.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_is_the_workspace() {
        let root = workspace_root();
        assert!(root.join("test-support").is_dir(), "{}", root.display());
        assert!(log_path().ends_with("reference-checks.log") || std::env::var_os(LOG_VAR).is_some());
    }
}

/// FNV-1a, 64 bits (offset basis `cbf29ce484222325`, prime `100000001b3`) over the bytes of
/// `text`: the digest of a line of the perft fixtures.
pub fn fnv1a64(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod digest_tests {
    #[test]
    fn fnv1a64_matches_the_published_vectors() {
        assert_eq!(super::fnv1a64(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(super::fnv1a64("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(super::fnv1a64("foobar"), 0x8594_4171_f739_67e8);
    }
}
