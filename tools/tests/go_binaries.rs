//! The `go-gtp` and `gtp-match` binaries end to end: flags, standard input until `quit` or end of input,
//! starting from an SGF file, the TCP listener, and a short match between two `go-gtp` processes.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

use crate::go_support;
use go_support::{run, GO_GTP};
const GTP_MATCH: &str = env!("CARGO_BIN_EXE_gtp-match");

#[test]
fn answers_until_quit_or_end_of_input() {
    let (out, code) = run(&["--mode", "gtp", "--quiet"], "1 protocol_version\n2 quit\n3 name\n");
    assert_eq!((out.as_str(), code), ("=1 2\n\n=2 \n\n", 0));
    let (out, code) = run(&[], "name\n");
    assert_eq!((out.as_str(), code), ("= gammon-go\n\n", 0));
}

/// A controller that stops reading has ended the session: `go-gtp` exits 0 without a word, as at
/// the end of its input (it used to say "Broken pipe" and exit 1).
#[test]
fn a_closed_output_ends_the_session_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_go-gtp"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"name\n").unwrap();
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    assert_eq!(line, "= gammon-go\n");
    drop(out);
    // Answers now go nowhere; the writes that fail end the session (our own writes may fail too once
    // it has gone).
    for _ in 0..200 {
        if stdin.write_all(b"showboard\n").is_err() {
            break;
        }
    }
    drop(stdin);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn flags_set_the_game() {
    let (out, _) =
        run(&["--boardsize", "9", "--komi", "0.5", "--japanese-rules"], "final_score\nplay b j9\nplay b j10\n");
    assert_eq!(out, "= W+0.5\n\n= \n\n? syntax error\n\n");
    let (out, _) = run(&["--komi", "-3"], "final_score\n");
    assert_eq!(out, "= B+3.0\n\n");
    let (a, _) = run(&["--boardsize", "9", "--seed", "4", "--level", "1"], "genmove b\ngenmove w\ngenmove b\n");
    let (b, _) = run(&["--boardsize", "9", "--seed", "4", "--level", "1"], "genmove b\ngenmove w\ngenmove b\n");
    assert_eq!(a, b, "same seed, same moves");
    let (_, code) = run(&["--mode", "ascii"], "");
    assert_eq!(code, 2);
    let (_, code) = run(&["--boardsize", "30"], "");
    assert_eq!(code, 2);
}

#[test]
fn starts_from_an_sgf_file() {
    let dir = std::env::temp_dir().join(format!("go-gtp-bin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.sgf");
    std::fs::write(&file, "(;GM[1]SZ[9]KM[5.5];B[ee];W[ce];B[gc])").unwrap();
    let f = file.display().to_string();
    let (out, code) = run(&["-l", &f, "-L", "3"], "showboard\nget_komi\n");
    assert_eq!(code, 0);
    assert!(out.contains("\n 5 . . O . X . . . . 5\n") && !out.contains(" X . . 7"), "{out}");
    assert!(out.ends_with("= 5.5\n\n"));
    let (_, code) = run(&["-l", "/nonexistent.sgf"], "");
    assert_eq!(code, 2);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn listens_on_localhost() {
    let port = 20000 + (std::process::id() % 20000) as u16;
    let mut child = Command::new(GO_GTP)
        .args(["--gtp-listen", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stream = None;
    for _ in 0..100 {
        if let Ok(s) = std::net::TcpStream::connect(("127.0.0.1", port)) {
            stream = Some(s);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let Some(mut stream) = stream else {
        let _ = child.kill();
        panic!("go-gtp did not listen on port {port}");
    };
    stream.write_all(b"5 name\nquit\n").unwrap();
    let mut answer = String::new();
    BufReader::new(stream.try_clone().unwrap()).read_to_string(&mut answer).unwrap();
    assert_eq!(answer, "=5 gammon-go\n\n= \n\n");
    assert!(child.wait().unwrap().success());
}

#[test]
fn gtp_match_between_two_go_gtp_processes() {
    let dir = std::env::temp_dir().join(format!("gtp-match-bin-{}", std::process::id()));
    let first = format!("{GO_GTP} --seed 1");
    let second = format!("{GO_GTP} --seed 2");
    let out = Command::new(GTP_MATCH)
        .args(["-1", &first, "-2", &second, "-n", "2", "--size", "5", "--komi", "0.5", "--time", "60:0:0"])
        .arg("-o")
        .arg(&dir)
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{table}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(table.contains("in 2 games") && table.contains("95% CI"), "{table}");
    for g in ["game-001.sgf", "game-002.sgf"] {
        let text = std::fs::read_to_string(dir.join(g)).unwrap();
        assert!(text.starts_with("(;GM[1]FF[4]") && text.contains("SZ[5]") && text.contains("RE["), "{text}");
    }
    let lines: Vec<String> = BufReader::new(out.stderr.as_slice()).lines().map_while(Result::ok).collect();
    assert_eq!(lines.iter().filter(|l| l.starts_with("game ")).count(), 2);
    std::fs::remove_dir_all(&dir).ok();
}
