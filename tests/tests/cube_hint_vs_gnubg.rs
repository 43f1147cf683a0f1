//! `set board simple`, `set turn` and the cube lines of `hint` against the real gnubg 1.07: the
//! same script goes to both programs. The boards built from 26 integers must have gnubg's position
//! IDs; the cube analysis must list its three lines in gnubg's order (the proper action first,
//! the others by equity) and name the same proper action, on positions chosen so that every
//! kind of decision appears and none is close (our nets are not gnubg's, so close decisions may
//! differ in substance, not in layout).

use interop_tests::{gammon, gnubg_batch, have_gnubg};
use std::process::{Command, Stdio};

/// `(jacoby, simple board)`, the kinds of decision gnubg finds there (player 1 on roll).
const CASES: [(bool, &str, &str); 4] = [
    (false, "0 3 3 3 2 2 2 0 0 0 0 0 0 0 0 -5 -5 -5 0 0 0 0 0 0 0 0", "Too good to double, pass"),
    (true, "0 2 2 2 2 2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 -3 -3 -3 -3 -3 0", "Double, pass"),
    (true, "0 0 0 0 0 0 5 0 3 0 0 0 0 0 0 0 0 0 0 -2 -2 -2 -3 -3 -3 0", "No double, take"),
    (true, "0 3 3 3 2 2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -5 -5 -5 0", "No double, beaver"),
];

fn script(jacoby: bool, board: &str) -> String {
    let j = if jacoby { "on" } else { "off" };
    format!("set jacoby {j}\nnew session\nset board simple {board}\nset turn 1\nshow board\nhint\n")
}

fn gammon_run(script: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(gammon())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gammon starts");
    child.stdin.take().expect("piped").write_all(script.as_bytes()).expect("script written");
    let out = child.wait_with_output().expect("gammon finishes");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The last position ID shown, the labels of the numbered cube lines and the proper action
/// (without its percentage).
fn digest(out: &str) -> (String, Vec<String>, String) {
    let id = out.lines().rev().find_map(|l| l.strip_prefix(" GNU Backgammon  Position ID: ")).unwrap_or("").trim();
    let labels = out
        .lines()
        .filter(|l| l.len() > 3 && l.as_bytes()[0].is_ascii_digit() && &l[1..3] == ". ")
        .map(|l| l[3..].split(['+', '-']).next().unwrap_or("").trim().to_string())
        .collect();
    let proper = out
        .lines()
        .find_map(|l| l.strip_prefix("Proper cube action: "))
        .map(|p| p.split(" (").next().unwrap_or(p).to_string())
        .unwrap_or_default();
    (id.to_string(), labels, proper)
}

#[test]
fn cube_lines_in_gnubgs_order_on_boards_set_like_gnubg() {
    if !have_gnubg() {
        return;
    }
    for (jacoby, board, kind) in CASES {
        let s = script(jacoby, board);
        let theirs = digest(&String::from_utf8_lossy(&gnubg_batch(&s).stdout));
        let ours = digest(&gammon_run(&s));
        assert_eq!(theirs.2, kind, "gnubg's decision on {board} changed: {theirs:?}");
        assert_eq!(theirs.1.len(), 3, "gnubg printed no cube lines for {board}: {theirs:?}");
        assert_eq!(ours, theirs, "{board}");
    }
}

#[test]
fn simple_boards_have_gnubgs_ids_and_bad_ones_are_refused() {
    if !have_gnubg() {
        return;
    }
    // bars on both sides, chequers borne off, every point used by someone
    let boards = [
        "2 3 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -4 1",
        "0 -2 0 0 0 0 5 0 3 0 0 0 -5 5 0 0 0 -3 0 -5 0 0 0 0 2 0",
        "0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 -1 -1 -1 -1 -1 -1 -1 -1 -1 5",
    ];
    for board in boards {
        let s = format!("new session\nset board simple {board}\nshow board\n");
        let theirs = digest(&String::from_utf8_lossy(&gnubg_batch(&s).stdout)).0;
        let ours = digest(&gammon_run(&s)).0;
        assert!(!theirs.is_empty(), "gnubg showed no board for {board}");
        assert_eq!(ours, theirs, "{board}");
    }
    let out = Command::new(gammon())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().expect("piped").write_all(
                b"new session\nset board simple 1 2\nset board simple 0 16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\nset turn 7\nset turn\n",
            )?;
            c.wait_with_output()
        })
        .expect("gammon runs");
    // (interactive mode on a pipe answers on standard output, as gnubg -t does)
    let err = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    for line in [
        "`simple' must be followed by 26 integers; found only 2",
        "Illegal position: more than 15 chequers on one point or the bar",
        "Unknown player `7' (see `help set turn').",
        "Which player do you want to set on roll?",
    ] {
        assert!(err.contains(line), "missing {line:?} in {err}");
    }
}
