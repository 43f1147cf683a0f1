//! `gtp-match` against engines that break the protocol in ways that used to cost unbounded memory (issue 22):
//! an answer that never ends, a line that never ends. Each is a protocol error, reported on standard error
//! with a non-zero exit, within a bounded time and memory. An engine that stops answering forfeits and is
//! restarted. Also: the SGF records it writes load back.

use std::process::Command;
use std::time::{Duration, Instant};

fn gtp_match(second: &str, out: &std::path::Path) -> (i32, String) {
    let start = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_gtp-match"))
        .args(["--first", &format!("{} --level 0", env!("CARGO_BIN_EXE_go-gtp")), "--second", second])
        .args(["--games", "1", "--size", "5", "--max-moves", "6", "--out"])
        .arg(out)
        .output()
        .unwrap();
    assert!(start.elapsed() < Duration::from_secs(60), "{:?}", start.elapsed());
    (o.status.code().unwrap_or(-1), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gtp-match-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn an_answer_that_never_ends_is_a_protocol_error() {
    // `yes` answers every command with endless `y` lines and never the empty line that ends an answer.
    let dir = temp_dir("yes");
    let (code, err) = gtp_match("yes", &dir);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("with over 4194304 bytes"), "{err}");
}

#[test]
#[cfg(unix)]
fn a_line_that_never_ends_is_a_protocol_error() {
    // `cat /dev/zero` writes zero bytes without any newline.
    let dir = temp_dir("zero");
    let (code, err) = gtp_match("cat /dev/zero", &dir);
    assert_eq!(code, 1, "{err}");
    // Its reader may see the endless line before the first command is written: either way, the line is named.
    assert!(err.contains("a line over 1048576 bytes"), "{err}");
}

#[test]
fn refused_settings_and_saved_records() {
    let dir = temp_dir("records");
    let o = Command::new(env!("CARGO_BIN_EXE_gtp-match"))
        .args(["--first", "x", "--second", "y", "--komi", "NaN"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a finite number"));
    let o = Command::new(env!("CARGO_BIN_EXE_gtp-match"))
        .args(["--first", "x", "--second", "y", "--max-moves", "5001"])
        .output()
        .unwrap();
    assert_ne!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("max moves 5001"), "{}", String::from_utf8_lossy(&o.stderr));
    // One stone is no handicap, and 7x7 has 4 fixed points: refused before any engine starts.
    for (handicap, size, said) in
        [("1", "9", "handicap 1 on 9x9: 0, or 2 to 9"), ("5", "7", "handicap 5 on 7x7: 0, or 2 to 4")]
    {
        let o = Command::new(env!("CARGO_BIN_EXE_gtp-match"))
            .args(["--first", "x", "--second", "y", "--handicap", handicap, "--size", size])
            .output()
            .unwrap();
        assert_ne!(o.status.code(), Some(0));
        assert!(String::from_utf8_lossy(&o.stderr).contains(said), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let engine = format!("{} --level 0", env!("CARGO_BIN_EXE_go-gtp"));
    let (code, err) = gtp_match(&engine, &dir);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(dir.join("game-001.sgf")).unwrap();
    let game = go::sgf::load(&text, go::sgf::Until::End, go::Rules::default()).unwrap();
    assert_eq!(game.move_count(), 6);
    // Only the record: no temporary file is left beside it.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_engine_that_stops_answering_forfeits_and_is_restarted() {
    // Answers every command but `genmove`, after which it reads on and never answers.
    let dir = temp_dir("silent");
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("silent-engine");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    genmove*) while read -r x; do :; done ;;\n    *) printf '= \\n\\n' ;;\n  esac\ndone\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let out = dir.join("games");
    let start = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_gtp-match"))
        .args(["--first", &format!("{} --level 0", env!("CARGO_BIN_EXE_go-gtp")), "--second"])
        .arg(&script)
        .args(["--games", "2", "--size", "5", "--answer-timeout", "1", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(start.elapsed() < Duration::from_secs(60), "{:?}", start.elapsed());
    let (stdout, stderr) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    // Game 1: the silent engine is white and forfeits at its first move; game 2: black, the same.
    assert!(stderr.contains("game 1: B+F (NoAnswer(White)), 1 moves"), "{stderr}");
    assert!(stderr.contains("game 2: W+F (NoAnswer(Black)), 0 moves"), "{stderr}");
    assert_eq!(stderr.matches("stopped answering: restarting it").count(), 2, "{stderr}");
    assert!(stdout.contains("go-gtp"), "{stdout}");
    for game in ["game-001.sgf", "game-002.sgf"] {
        let text = std::fs::read_to_string(out.join(game)).unwrap();
        assert!(text.contains("RE[") && text.contains("+F]"), "{text}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
