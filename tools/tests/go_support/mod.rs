//! What the go-gtp tests of this crate share: running the binary on a script.

use std::io::Write;
use std::process::{Command, Stdio};

pub const GO_GTP: &str = env!("CARGO_BIN_EXE_go-gtp");

/// Runs go-gtp with `args` on `input` (standard input, then closed): its standard output and exit code.
#[allow(dead_code)]
pub fn run(args: &[&str], input: &str) -> (String, i32) {
    let (stdout, _, code) = run_full(args, input);
    (stdout, code)
}

/// Runs go-gtp with `args` on `input`: its standard output, standard error and exit code.
pub fn run_full(args: &[&str], input: &str) -> (String, String, i32) {
    let mut child = Command::new(GO_GTP)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}
