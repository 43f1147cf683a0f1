//! The `gammon` binary's script-friendly contract: output format, exit codes, one-line errors on
//! standard error, and a batch mode that answers each line as soon as it is read.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn gammon(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gammon")).args(args).output().expect("gammon runs")
}

#[test]
fn moves_prints_play_tab_position_id() {
    let out = gammon(&["moves", "4HPwATDgc/ABMA", "6", "2"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // gnubg lists 14 plays for an opening 62
    assert_eq!(lines.len(), 14, "{text}");
    for l in &lines {
        let (play, id) = l.split_once('\t').expect("tab separated");
        assert!(!play.is_empty());
        assert_eq!(id.len(), 14);
    }
    // 24/18 13/11: the mover (still on roll) has left the 24 and 13 points
    assert!(lines.contains(&"24/18 13/11\t4HPwATDgc+RBIA"), "{text}");
}

#[test]
fn no_legal_play_prints_nothing_and_succeeds() {
    // X on the bar against a closed board: no play with any roll
    let closed = backgammon::Position::from_board({
        let mut b = [[0u8; 25]; 2];
        b[0][..6].copy_from_slice(&[2, 2, 2, 2, 2, 2]);
        b[1][24] = 1;
        b
    })
    .unwrap()
    .id();
    let out = gammon(&["moves", &closed, "6", "6"]);
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn malformed_input_is_one_line_on_stderr_and_exit_2() {
    for args in [
        &["moves", "4HPwATDgc/ABMA", "7", "2"][..],
        &["moves", "4HPwATDgc/AB!A", "6", "2"],
        &["moves", "4HPwATDgc/ABMA", "6"],
        &["show", "tooshort"],
        &["show", "4HPwATDgc/ABMA", "cAkAAAAAAAA*"],
    ] {
        let out = gammon(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn batch_mode_streams_one_answer_per_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gammon"))
        .arg("moves")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    // the answer must arrive while standard input is still open
    writeln!(stdin, "4HPwATDgc/ABMA 2 1").unwrap();
    stdin.flush().unwrap();
    let mut answer = Vec::new();
    loop {
        let mut line = String::new();
        assert!(reader.read_line(&mut line).unwrap() > 0, "gammon closed its output early");
        if line == "\n" {
            break;
        }
        answer.push(line);
    }
    assert!(answer.iter().any(|l| l.starts_with("13/11 6/5\t")), "{answer:?}");
    writeln!(stdin, "4HPwATDgc/ABMA 9 9").unwrap();
    stdin.flush().unwrap();
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    assert!(line.starts_with("error: bad die \"9\""), "{line}");
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn show_prints_gnubg_layout() {
    let out = gammon(&["show", "4HPwATDgc/ABMA", "QYkqASAAIAAA"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], " GNU Backgammon  Position ID: 4HPwATDgc/ABMA");
    assert_eq!(lines[1], "                 Match ID   : QYkqASAAIAAA");
    // the seed's example: player 0 (O) owns a 2-cube, 2-4 in a 9-point match, X rolled 52
    assert!(lines[2].ends_with("O: gammon (Cube: 2)"), "{text}");
    assert!(lines[3].ends_with("2 points"));
    assert!(lines[8].ends_with("9 points match"));
    assert!(lines[12].ends_with("Rolled 52"));
    assert!(lines[13].ends_with("4 points"));
    assert_eq!(lines[15], "Pip counts: O 167, X 167");
}

/// Regression (issue 22): `--max-se NaN` was taken, and a rollout waiting for its standard error
/// to fall below NaN never stopped early as asked. Every spelling of NaN and infinity is refused.
#[test]
fn max_se_must_be_a_finite_number() {
    for bad in ["NaN", "nan", "inf", "-inf", "infinity", "1e999", "-0.1", "x"] {
        let out = gammon(&["rollout", "4HPwATDgc/ABMA", "--trials", "2", &format!("--max-se={bad}")]);
        assert_eq!(out.status.code(), Some(2), "--max-se={bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--max-se"), "{bad}");
        assert!(out.stdout.is_empty());
    }
    // trials are bounded as `set rollout trials` bounds them
    for bad in ["0", "1000001", "18446744073709551615"] {
        let out = gammon(&["rollout", "4HPwATDgc/ABMA", "--trials", bad]);
        assert_eq!(out.status.code(), Some(2), "--trials {bad}");
    }
}

/// `--json` errors are JSON objects on standard output (and one line on standard error, exit 2);
/// in batch mode `{"error", "line"}` and the run goes on.
#[test]
fn json_mode_errors_are_json_objects() {
    for args in [
        &["moves", "--json", "4HPwATDgc/ABMA", "7", "2"][..],
        &["best", "--json", "bad", "1", "2"],
        &["show", "--json", "tooshort"],
        &["eval", "--json", "bad"],
    ] {
        let out = gammon(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with("{\"error\":\""), "{args:?}: {text}");
        assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
    }
    for sub in [&["moves", "--json"][..], &["best", "--json"], &["eval", "--json"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gammon"))
            .args(sub)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let long = "Q".repeat(5000);
        child.stdin.take().unwrap().write_all(format!("nonsense\n{long} 1 2\n").as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{sub:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let errors: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(errors.len(), 2, "{sub:?}: {text}");
        assert!(errors[0].starts_with("{\"error\":") && errors[0].ends_with("\"line\":1}"), "{}", errors[0]);
        assert!(errors[1].ends_with("\"line\":2}") && errors[1].len() < 300, "{}", errors[1]);
    }
}

/// `gammon external` listens on loopback only unless --allow-remote, and says so.
#[test]
fn external_refuses_a_remote_address_without_allow_remote() {
    let out = gammon(&["external", "--listen", "0.0.0.0:0", "--once"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("not a loopback address") && err.contains("--allow-remote"), "{err}");
    let out = gammon(&["external", "--listen", "no-port-here"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(gammon(&["external", "--idle-timeout", "0"]).status.code(), Some(2));
}

/// With --allow-remote a non-loopback address is taken with a warning, and port 0 reports the
/// port chosen (the test connects to it, then the server ends with --once).
#[test]
fn external_with_allow_remote_warns_and_reports_the_port() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_gammon"))
        .args(["external", "--listen", "0.0.0.0:0", "--allow-remote", "--once", "--idle-timeout", "5"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let (mut warning, mut listening) = (String::new(), String::new());
    err.read_line(&mut warning).unwrap();
    err.read_line(&mut listening).unwrap();
    assert!(warning.contains("warning: listening on 0.0.0.0:0, reachable from other hosts"), "{warning}");
    let port: u16 = listening.trim().rsplit(':').next().unwrap().parse().expect(&listening);
    assert_ne!(port, 0);
    let stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    drop(stream);
    let status = child.wait().unwrap();
    assert!(status.success());
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    assert!(rest.contains("0 boards"), "{rest}");
}
