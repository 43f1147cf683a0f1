//! `mkpat` and `go-gtp --patterns` on hostile databases (issue 22): each ends with a located
//! error (`FILE:LINE:COLUMN: expected ...`) and the documented exit status, never a crash,
//! a hang or a memory blow-up.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const MKPAT: &str = env!("CARGO_BIN_EXE_mkpat");

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mkpat-hostile-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mkpat(args: &[&Path]) -> (String, String, i32) {
    let out = Command::new(MKPAT).args(args).output().expect("mkpat runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

const HEAD: &str = "Pattern Chain\n\n?O?\n.*.\n---\n\n:8,-\n\n?a?\n.*.\n---\n\n";

/// Regression: a constraint of 100,000 `&&` terms overflowed `mkpat`'s stack (killed by
/// SIGABRT). Now: one located error, exit 2, and the file's other pattern still counted.
#[test]
fn a_hundred_thousand_term_constraint_is_a_located_error() {
    let dir = scratch("chain");
    let file = dir.join("chain.db");
    let chain = vec!["lib(a)>1"; 100_000].join(" && ");
    std::fs::write(&file, format!("{HEAD};{chain}\n\nPattern Fine\n\nO*\n\n:8,-\n")).unwrap();
    let (out, err, code) = mkpat(&[&file]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 2, "{err}");
    assert!(out.ends_with("chain.db: 1 patterns, 1 errors\n"), "{out}");
    assert_eq!(err, "chain.db:1:1: expected a pattern of at most 262144 bytes (pattern Chain)\n");
}

/// Expressions past the length and depth limits, numbers past `f64`, oversized diagrams:
/// each a located error with exit 2.
#[test]
fn limits_are_located_errors_with_exit_2() {
    let dir = scratch("limits");
    let cases = [
        (
            "long.db",
            format!("{HEAD};{}\n", vec!["lib(a)>1"; 2000].join(" && ")),
            "long.db:13:16386: expected an expression of at most 16384 bytes (pattern Chain)",
        ),
        ("deep.db", format!("{HEAD};{}a{}\n", "(a || a && ".repeat(60), ")".repeat(60)), "deep.db:13:"),
        (
            "num.db",
            format!("Pattern N\n\nO*\n\n:8,-,value({})\n", "9".repeat(400)),
            "num.db:5:6: expected a finite number (pattern N)",
        ),
        (
            "wide.db",
            format!("Pattern W\n\n{}*\n\n:8,-\n", "O".repeat(40)),
            "wide.db:3:26: expected a diagram at most 25 points wide (pattern W)",
        ),
    ];
    for (name, text, expected) in &cases {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let (_, err, code) = mkpat(&[&file]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(err.starts_with(expected), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A device that never ends is refused at the file limit: exit 1 (a file that cannot be
/// read), no unbounded read.
#[test]
fn an_endless_file_is_refused_with_exit_1() {
    let (_, err, code) = mkpat(&[Path::new("/dev/zero")]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(err, "/dev/zero: the file is larger than the limit of 16777216 bytes\n");
}

/// Regression: `go-gtp --patterns DIR` with such a database overflowed its stack at start-up;
/// now it reports the error and answers `list_pattern_matches` from the patterns that loaded.
#[test]
fn go_gtp_reports_a_hostile_database_and_keeps_serving() {
    let dir = scratch("gtp");
    let chain = vec!["lib(a)>1"; 100_000].join(" && ");
    let deep = format!("{}a{}", "(a || a && ".repeat(60), ")".repeat(60));
    let text = format!("{HEAD};{chain}\n\nPattern Deep\n\n?O?\n.*.\n---\n\n:8,-\n\n?a?\n.*.\n---\n\n;{deep}\n\nPattern Lone\n\nO*\n\n:8,-\n");
    std::fs::write(dir.join("mine.db"), text).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_go-gtp"))
        .args(["--patterns", dir.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"boardsize 5\nplay w c3\nlist_pattern_matches w\n").unwrap();
    let out = child.wait_with_output().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    let errors: Vec<&str> = stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{stderr}");
    assert_eq!(errors[0], "go-gtp: mine.db:1:1: expected a pattern of at most 262144 bytes (pattern Chain)");
    // Line 27 is the constraint; column 115 the run that passes the depth limit.
    assert_eq!(errors[1], "go-gtp: mine.db:27:115: expected an expression at most 100 levels deep (pattern Deep)");
    assert_eq!(stdout.matches("mine.db:Lone C3").count(), 8, "{stdout}");
}

/// `--match` reads its SGF file within the input limit (exit 1 past it) and a malformed one
/// is exit 2.
#[test]
fn match_mode_sgf_limits_and_exit_codes() {
    let out = Command::new(MKPAT).args(["--match", "/dev/zero"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "mkpat: /dev/zero: the file is larger than the limit of 67108864 bytes\n"
    );
    let dir = scratch("sgf");
    let sgf = dir.join("bad.sgf");
    std::fs::write(&sgf, "(;GM[1]SZ[19];B[").unwrap();
    let out = Command::new(MKPAT).arg("--match").arg(&sgf).output().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("mkpat: "));
}
