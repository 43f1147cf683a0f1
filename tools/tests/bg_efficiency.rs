//! `bg-efficiency`: the rollout measurement of the cube efficiency, end to end on tiny inputs.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bg-efficiency")).args(args).output().expect("bg-efficiency runs")
}

fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("bg-efficiency-{}-{name}", std::process::id()));
    std::fs::write(&p, text).expect("write temp file");
    p
}

#[test]
fn measures_the_selected_positions_and_fits_x() {
    // line 2: the trailer 4-away after the Crawford game (5-point match, 1-4); line 3: 4-away
    // against 2-away (1-3), filtered out by --score post-crawford; line 1: a comment
    let f = temp("ok", "# POSID MATCHID\n4HPwATDgc/ABMA MAGgABAAIAAA 4 1\n4HPwATDgc/ABMA MAGgABAAGAAA 4 2\n");
    let out = run(&["--file", f.to_str().unwrap(), "--score", "post-crawford", "--trials", "36", "--seed", "3"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    // `line position match away-away class no-double±se dead live x`
    let f0: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(&f0[..5], ["2", "4HPwATDgc/ABMA", "MAGgABAAIAAA", "4-1", "contact"], "{text}");
    let (nd, dead, live): (f64, f64, f64) =
        (f0[5].split('±').next().unwrap().parse().unwrap(), f0[6].parse().unwrap(), f0[7].parse().unwrap());
    let x: f64 = f0[8].parse().unwrap();
    assert!(((nd - dead) / (live - dead) - x).abs() < 0.01, "{text}");
    // one position: the fit is its own x, overall and for its class
    assert!(lines[1].starts_with(&format!("all: x = {x:.3} ")), "{text}");
    assert!(lines[1].ends_with("over 1 positions"), "{text}");
    assert!(lines[2].starts_with(&format!("contact: x = {x:.3} ")), "{text}");
    assert!(lines[3].starts_with(&format!("post-Crawford: x = {x:.3} ")), "{text}");
    // seeded: the same figures again
    let again = run(&["--file", f.to_str().unwrap(), "--score", "post-crawford", "--trials", "36", "--seed", "3"]);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
    let _ = std::fs::remove_file(f);
}

#[test]
fn bad_files_and_empty_selections_fail_with_a_message() {
    let missing = run(&["--file", "/nonexistent/cube_positions.txt"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/cube_positions.txt"));
    let f = temp("bad", "4HPwATDgc/ABMA MAGgABAAIAAA\n4HPwATDgc/ABMA nonsense\n");
    let bad = run(&["--file", f.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("line 2: match ID"), "{:?}", bad);
    let _ = std::fs::remove_file(f);
    // a post-Crawford position only, asked for races: nothing to measure
    let f = temp("none", "4HPwATDgc/ABMA MAGgABAAIAAA\n");
    let none = run(&["--file", f.to_str().unwrap(), "--class", "race"]);
    assert_eq!(none.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no position measured"));
    let _ = std::fs::remove_file(f);
}
