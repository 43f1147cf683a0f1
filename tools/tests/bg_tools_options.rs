//! Option limits of the measuring tools (issue 22): counts that would start a million processes or
//! run for days are refused by clap with exit 2 and a line naming the option.

use std::process::Command;

fn refused(bin: &str, args: &[&str]) {
    let out = Command::new(bin).args(args).output().expect("the tool runs");
    assert_eq!(out.status.code(), Some(2), "{bin} {args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let option = args.iter().find(|a| a.starts_with("--")).expect("an option").split('=').next().unwrap();
    assert!(err.contains(option), "{bin} {args:?}: {err}");
}

#[test]
fn bg_match_bounds_jobs_and_games() {
    let bin = env!("CARGO_BIN_EXE_bg-match");
    for args in [&["--jobs", "0"][..], &["--jobs", "257"], &["--jobs", "1000000"], &["--games", "0"], &["--games=-1"]] {
        refused(bin, args);
    }
}

#[test]
fn bg_efficiency_bounds_trials() {
    let bin = env!("CARGO_BIN_EXE_bg-efficiency");
    for args in [&["--trials", "0"][..], &["--trials", "1000001"], &["--trials", "NaN"]] {
        refused(bin, args);
    }
}

#[test]
fn bg_errors_bounds_plies() {
    refused(env!("CARGO_BIN_EXE_bg-errors"), &["--plies", "9"]);
}
