//! `gtp-regress` end to end on a regression file of our own against `go-gtp`: the exact grade of each
//! test, the same answers with `-j 2`, `-j 1` and whole files, the comparison with a previous run, the
//! exit status on engine failures and malformed files, and the same counts as the reference grader
//! `../shared/tools/gtp_regress.py`.

use go::regress::RunReport;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const GTP_REGRESS: &str = env!("CARGO_BIN_EXE_gtp-regress");
const GO_GTP: &str = env!("CARGO_BIN_EXE_go-gtp");

/// Tests before the first loadsgf are cut at clear_board (boardsize and komi replayed); after it,
/// clear_board and boardsize keep the record's size and komi (tests 9, 10, 13).
const MINI: &str = "# gtp-regress's own test file
boardsize 9
komi 6.5
clear_board
play black C3
play white D3
play white C4
play white B3
1 countlib C3
#? [1]
2 attack C3
#? [1 (B2|C2)]
3 name
#? [!gammon-go]*
4 no_such_command
#? [.*]
5 query_boardsize
#? [9]&

loadsgf mini.sgf 3
6 query_boardsize
#? [7]
7 get_komi
#? [2.5]
8 list_stones black
#? [C5]
clear_board
9 query_boardsize
#? [7]
10 get_komi
#? [2.5]
11 list_stones black
#? []
boardsize 5
12 query_boardsize
#? [5]
13 get_komi
#? [2.5]*

loadsgf mini.sgf
14 get_komi
#? [3]
";

/// (number, passed, answer) of every graded test of MINI against go-gtp.
const GRADES: &[(&str, bool, &str)] = &[
    ("1", true, "= 1"),
    ("2", true, "= 1 C2"),
    ("3", false, "= gammon-go"),
    ("4", false, "? unknown command"),
    ("6", true, "= 7"),
    ("7", true, "= 2.5"),
    ("8", true, "= C5"),
    ("9", true, "= 7"),
    ("10", true, "= 2.5"),
    ("11", true, "="),
    ("12", true, "= 5"),
    ("13", true, "= 2.5"),
    ("14", false, "= 2.5"),
];

/// A fresh directory holding MINI as mini.tst and its game record.
fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gtp-regress-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("mini.tst"), MINI).unwrap();
    std::fs::write(dir.join("mini.sgf"), "(;GM[1]FF[4]SZ[7]KM[2.5];B[cc];W[dc];B[cd])\n").unwrap();
    dir
}

fn regress(dir: &Path, args: &[&str]) -> Output {
    Command::new(GTP_REGRESS).arg("--dir").arg(dir).args(args).output().expect("gtp-regress runs")
}

fn grades(report: &RunReport) -> Vec<(String, bool, String)> {
    report.files[0].tests.iter().map(|t| (t.number.clone(), t.passed, t.answer.clone().unwrap_or_default())).collect()
}

#[test]
fn grades_each_test_the_same_with_any_number_of_jobs() {
    let dir = workdir("jobs");
    let want: Vec<(String, bool, String)> = GRADES.iter().map(|(n, p, a)| (n.to_string(), *p, a.to_string())).collect();
    let mut stdouts = Vec::new();
    for args in
        [&["-j", "2", "--chunk-tests", "1"][..], &["-j", "1", "--chunk-tests", "1"], &["-j", "2", "--whole-files"]]
    {
        let results = dir.join("r.json");
        let out = regress(
            &dir,
            &[args, &["--engine", GO_GTP, "-v", "--results", results.to_str().unwrap(), "mini.tst"]].concat(),
        );
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stdout}{}", String::from_utf8_lossy(&out.stderr));
        let report = RunReport::load(&results).unwrap();
        assert_eq!(grades(&report), want, "{args:?}");
        assert_eq!((report.passed, report.total, report.files[0].known_failures_passed), (10, 13, 1));
        assert!(stdout.contains("mini.tst: 10/13 passed (1 of them GNU Go known failures)"), "{stdout}");
        assert!(stdout.contains("mini.tst:3 FAIL (known failure)  name  expected [!gammon-go]*  got [= gammon-go]"));
        assert!(stdout.contains("mini.tst:13 PASS (known failure)"));
        assert!(stdout.contains("mini.tst:4 FAIL  no_such_command"));
        stdouts.push(
            stdout
                .lines()
                .filter(|l| l.starts_with("mini.tst:") && !l.starts_with("mini.tst: "))
                .map(String::from)
                .collect::<Vec<_>>(),
        );
    }
    assert_eq!(stdouts[0], stdouts[1]);
    assert_eq!(stdouts[0], stdouts[2]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compares_with_a_previous_run() {
    let dir = workdir("compare");
    let first = dir.join("first.json");
    let out = regress(&dir, &["--engine", GO_GTP, "--results", first.to_str().unwrap(), "mini.tst"]);
    assert_eq!(out.status.code(), Some(0));
    // a previous run where test 1 failed and test 14 passed
    let mut previous = RunReport::load(&first).unwrap();
    for t in &mut previous.files[0].tests {
        if t.number == "1" || t.number == "14" {
            t.passed = !t.passed;
        }
    }
    previous.save(&dir.join("previous.json")).unwrap();
    let out = regress(
        &dir,
        &["--engine", GO_GTP, "-j", "2", "--compare", dir.join("previous.json").to_str().unwrap(), "mini.tst"],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout.contains("newly passing (1): mini.tst:1\n"), "{stdout}");
    assert!(stdout.contains("newly failing (1): mini.tst:14\n"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engine_failures_and_malformed_files() {
    let dir = workdir("failures");
    // an engine that cannot start: every test fails, the run says so and exits 1
    let out = regress(&dir, &["--engine", "/nonexistent/engine", "-j", "2", "--chunk-tests", "1", "mini.tst"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("mini.tst: 0/13 passed"), "{stdout}");
    assert!(stdout.contains("engine failure: cannot start"), "{stdout}");
    // an engine killed at the timeout: its answers so far still count
    let out = regress(&dir, &["--engine", "sleep 30", "--timeout", "1", "-j", "3", "--chunk-tests", "1", "mini.tst"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("no end within 1 s: killed"));
    // a malformed file: its name and line, exit 2, no engine started
    std::fs::write(dir.join("bad.tst"), "# x\n#? [1]\n").unwrap();
    let out = regress(&dir, &["--engine", GO_GTP, "bad.tst"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.tst:2: expectation `#? [1]` before any numbered test"));
    let out = regress(&dir, &["--engine", GO_GTP, "missing.tst"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The reference grader gives the same counts on the same file (it runs the file in one process).
#[test]
fn same_counts_as_the_reference_grader() {
    let Some(shared) = interop_tests::shared_dir() else { return };
    let script = shared.join("tools/gtp_regress.py");
    if !interop_tests::require_path(&script, "../shared/tools/gtp_regress.py") {
        return;
    }
    let dir = workdir("python");
    let out = Command::new("python3")
        .arg(&script)
        .args(["--engine", GO_GTP, "--dir"])
        .arg(&dir)
        .arg("mini.tst")
        .output()
        .expect("python3 runs");
    let python = String::from_utf8_lossy(&out.stdout);
    assert!(python.contains("mini.tst: 10/13 passed (1 of them GNU Go known failures)"), "{python}");
    let out = regress(&dir, &["--engine", GO_GTP, "-j", "2", "mini.tst"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("mini.tst: 10/13 passed (1 of them GNU Go known failures)"));
    let _ = std::fs::remove_dir_all(&dir);
}
