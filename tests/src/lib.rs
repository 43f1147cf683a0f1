//! Shared helpers for the integration and interop tests in `tests/`: finding the reference
//! programs (gnubg, gnubg-nn, gym-backgammon, GNU Go), running gnubg in batch mode and Python
//! scripts. Whether a test may skip when a reference is missing is decided by `test-support`'s
//! [`require`] alone (re-exported here): a notice by default, a failure under
//! `REQUIRE_REFERENCES=1`, which `.ci/run` sets. This crate must not read `CI`.

use std::path::PathBuf;
use std::process::Command;

pub use test_support::{require, require_path, workspace_root};

/// `../shared` beside the workspace (reference material), if present; [`require`]d, so a missing
/// directory is a notice (or a failure under `REQUIRE_REFERENCES=1`).
pub fn shared_dir() -> Option<PathBuf> {
    let d = workspace_root().join("../shared");
    require(d.is_dir(), test_support::SHARED).then_some(d)
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

/// GNU Go 3.8's binary `.ci/run` installs.
pub const GNUGO: &str = "/usr/games/gnugo";

/// Whether gnubg 1.07 is installed, through [`require`].
pub fn have_gnubg() -> bool {
    require_path(GNUBG, test_support::GNUBG)
}

/// Whether python3 has gnubg-nn, through [`require`].
pub fn have_gnubg_nn() -> bool {
    require(python_has("gnubg_nn"), test_support::GNUBG_NN)
}

/// Whether python3 has gym-backgammon, through [`require`].
pub fn have_gym_backgammon() -> bool {
    require(python_has("gym_backgammon"), test_support::GYM_BACKGAMMON)
}

/// Whether GNU Go 3.8 is installed, through [`require`].
pub fn have_gnugo() -> bool {
    require_path(GNUGO, test_support::GNUGO)
}

/// The `gammon` binary of the profile these tests were built with, brought up to date once per test
/// binary (a binary of another crate is not built for this crate's tests).
pub fn gammon() -> PathBuf {
    static BIN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BIN.get_or_init(|| {
        let exe = std::env::current_exe().expect("test executable");
        // target/<profile>/deps/<test>-… → target/<profile>
        let profile_dir = exe.parent().and_then(|d| d.parent()).expect("target/<profile>").to_path_buf();
        let bin = profile_dir.join("gammon");
        let release = profile_dir.file_name().is_some_and(|n| n == "release");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        // `cargo test --workspace --no-run` builds gammon as `cargo test --workspace` does: a plain
        // `cargo build -p tools` resolves features without the dev-dependencies (criterion turns on
        // serde's `alloc`, zerocopy's `derive`, either's `std`), so it rebuilt some thirty crates
        // and relinked gammon in the middle of the tests: two minutes of CI's test phase.
        let mut build = Command::new(cargo);
        build.current_dir(workspace_root()).args(["test", "-q", "--workspace", "--no-run"]);
        if release {
            build.arg("--release");
        }
        // the target dir is where this test lives, whatever CARGO_TARGET_DIR says
        if let Some(target) = profile_dir.parent() {
            build.env("CARGO_TARGET_DIR", target);
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success() && bin.exists(), "building gammon failed");
        bin
    })
    .clone()
}

/// GNU Go 3.8 in GTP mode with `args`, fed `lines` (one command each) on standard input; its whole
/// standard output once it has read them all and quit.
pub fn gnugo_gtp_transcript<S: AsRef<str>>(args: &[&str], lines: &[S]) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(GNUGO)
        .args(["--mode", "gtp"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("gnugo starts");
    let input: String = lines.iter().map(|l| format!("{}\n", l.as_ref())).collect();
    child.stdin.take().expect("piped stdin").write_all(input.as_bytes()).expect("commands written");
    let out = child.wait_with_output().expect("gnugo finishes");
    assert!(out.status.success(), "gnugo failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The moves of a backgammon game as files record them (plays by the position they reach, cube
/// actions, the end), to compare a game with the same game written and read back by another program.
pub fn recorded_moves(game: &backgammon::rules::game::Game) -> Vec<String> {
    use backgammon::rules::game::GameEvent;
    game.events()
        .iter()
        .filter_map(|e| match *e {
            GameEvent::Play { player, dice, play, .. } => Some(format!("{player} {dice:?} {}", play.result().id())),
            GameEvent::Pass { player, dice } => Some(format!("{player} {dice:?} pass")),
            GameEvent::Double { player, cube } => Some(format!("{player} double {cube}")),
            GameEvent::Take { player, .. } => Some(format!("{player} take")),
            GameEvent::Drop { player } => Some(format!("{player} drop")),
            GameEvent::End(r) => Some(format!("end {} {}", r.winner, r.points)),
            _ => None,
        })
        .collect()
}
