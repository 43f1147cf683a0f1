//! `makebearoff` refuses what it cannot do before trying (issue 22): a database over
//! `backgammon::eval::bearoff::MAX_DATABASE_BYTES` or another limit exits 2 with one line naming the
//! limit, an allocation the machine refuses exits 1 with a message (never an abort), and an
//! existing file is left as it was.

use std::path::PathBuf;
use std::process::{Command, Output};

fn makebearoff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_makebearoff")).args(args).output().expect("makebearoff runs")
}

/// `makebearoff ARGS` under `ulimit -v KB` (virtual memory), through the shell.
fn makebearoff_limited(kb: u64, args: &[&str]) -> Output {
    let script = format!("ulimit -v {kb} && exec \"$0\" \"$@\"");
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_makebearoff"))
        .args(args)
        .output()
        .expect("sh runs")
}

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("makebearoff-test-{}-{name}", std::process::id()))
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Regression: `makebearoff -o 18` aborted asking for 66 GB. Every size over the limit is
/// refused at once, before anything is solved, and an existing file is left alone.
#[test]
fn databases_over_the_memory_limit_are_refused_with_exit_2() {
    let file = temp_file("existing.bd");
    std::fs::write(&file, b"the previous database").unwrap();
    let f = file.to_str().unwrap();
    for points in ["13", "15", "16", "18", "24"] {
        let out = makebearoff(&["-o", points, "-f", f]);
        assert_eq!(out.status.code(), Some(2), "-o {points}: {}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(&format!("15 chequers on {points} points")), "{err}");
        assert!(err.contains("MAX_DATABASE_BYTES"), "{err}");
    }
    // two-sided: gnubg's 2 GB file limit (MAX_VALUES) and impossible sizes
    for size in ["6x12", "24x15", "12x12", "0x3", "6x16", "25x1"] {
        let out = makebearoff(&["-t", size, "-f", f]);
        assert_eq!(out.status.code(), Some(2), "-t {size}: {}", stderr(&out));
        assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    }
    // Hypergammon has 1 to 3 chequers (3 needs about 430 MB, within the limit)
    for chequers in ["0", "4", "99"] {
        assert_eq!(makebearoff(&["-y", chequers, "-f", f]).status.code(), Some(2), "-y {chequers}");
    }
    assert_eq!(std::fs::read(&file).unwrap(), b"the previous database");
    std::fs::remove_file(&file).ok();
}

/// Under `ulimit -v 4000000` (4 GB of address space) `-o 15` and `-o 16` are refused by the
/// limit (exit 2, no signal); with less memory than a database within the limit needs, the
/// allocation failure is an error (exit 1), not an abort.
#[test]
fn a_memory_ulimit_gives_an_error_not_an_abort() {
    let file = temp_file("ulimit.bd");
    let f = file.to_str().unwrap();
    for points in ["15", "16"] {
        let out = makebearoff_limited(4_000_000, &["-o", points, "-f", f]);
        assert_eq!(out.status.code(), Some(2), "-o {points}: {:?} {}", out.status, stderr(&out));
    }
    // 15 chequers on 11 points: 1.2 GB, refused by the allocator under a 300 MB limit
    let out = makebearoff_limited(300_000, &["-o", "11", "-f", f]);
    assert_eq!(out.status.code(), Some(1), "{:?} {}", out.status, stderr(&out));
    assert!(stderr(&out).contains("out of memory"), "{}", stderr(&out));
    assert!(!file.exists());
}

/// `-T` takes a finite threshold: NaN never compares below anything, so the iteration would
/// have no end.
#[test]
fn the_threshold_must_be_a_finite_number() {
    let f = temp_file("threshold.bd");
    for bad in ["NaN", "nan", "inf", "-inf", "infinity", "-1", "1e999"] {
        let out = makebearoff(&["-y", "1", &format!("--threshold={bad}"), "-f", f.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "-T {bad}");
        assert!(stderr(&out).contains("--threshold"), "{}", stderr(&out));
    }
    assert!(!f.exists());
}

/// A small database is written whole, replacing the previous file.
#[test]
fn a_small_database_replaces_the_previous_file() {
    let file = temp_file("small.bd");
    std::fs::write(&file, b"old").unwrap();
    let out = makebearoff(&["-o", "2", "-f", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::read(&file).unwrap();
    assert!(bytes.starts_with(b"gnubg-OS-02-15-1-1-0"));
    assert!(backgammon::eval::bearoff::file::read(&bytes).is_ok());
    std::fs::remove_file(&file).ok();
}
