//! Shared helpers for the integration and interop tests in `tests/`: finding the reference
//! programs (gnubg, gnubg-nn, gym-backgammon, GNU Go) and deciding whether a test that needs one
//! may be skipped. Outside CI a missing reference skips the test with a message; in CI
//! (`CI` set) it is a failure, because `.ci/run` installs them all.

use std::path::PathBuf;
use std::process::Command;

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ has a parent").to_path_buf()
}

/// `../shared` beside the workspace (reference material), if present.
pub fn shared_dir() -> Option<PathBuf> {
    let d = workspace_root().join("../shared");
    d.is_dir().then_some(d)
}

/// True when running in CI, where every reference program must be present.
pub fn in_ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false")
}

/// Returns whether `what` is available; if not, panics in CI and prints a skip notice elsewhere.
pub fn require(available: bool, what: &str) -> bool {
    if !available {
        assert!(!in_ci(), "{what} is required in CI but is missing (see .ci/run)");
        eprintln!("SKIPPED: {what} is not installed");
    }
    available
}

/// Whether `python3` can import `module`.
pub fn python_has(module: &str) -> bool {
    Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// Path of a script in `tests/python/`.
pub fn python_script(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("python").join(name)
}

/// The Debian gnubg 1.07 binary `.ci/run` installs.
pub const GNUBG: &str = "/usr/games/gnubg";

/// Runs `gnubg -t -q` (batch mode) on `script` and returns its output once it quits at the end of
/// the script.
pub fn gnubg_batch(script: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(GNUBG)
        .args(["-t", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gnubg starts");
    child.stdin.take().expect("piped stdin").write_all(script.as_bytes()).expect("script written");
    child.wait_with_output().expect("gnubg finishes")
}
