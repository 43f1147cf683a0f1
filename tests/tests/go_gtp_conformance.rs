//! GTP conformance of the Go engine (`go::gtp` framed by `engine_core::gtp`): every standard command,
//! malformed input, and the exact bytes of each answer.

use go::gtp::{engine, Options};

/// Runs a session on a 9x9 board and returns the concatenated answers.
fn session(lines: &[&str]) -> String {
    let mut e = engine(Options { boardsize: 9, komi: 7.5, ..Options::default() });
    lines.iter().filter_map(|l| e.handle_line(l)).collect()
}

fn one(line: &str) -> String {
    session(&[line])
}

#[test]
fn administrative_commands() {
    assert_eq!(one("protocol_version"), "= 2\n\n");
    assert_eq!(one("name"), "= gammon-go\n\n");
    assert_eq!(one("version"), format!("= {}\n\n", env!("CARGO_PKG_VERSION")));
    assert_eq!(one("known_command play"), "= true\n\n");
    assert_eq!(one("known_command kgs-genmove_cleanup"), "= true\n\n");
    assert_eq!(one("known_command frobnicate"), "= false\n\n");
    assert_eq!(one("known_command"), "= false\n\n");
    let list = one("list_commands");
    for cmd in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "undo",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "time_settings",
        "time_left",
        "kgs-time_settings",
        "final_score",
        "final_status_list",
        "showboard",
        "loadsgf",
        "printsgf",
        "reg_genmove",
        "kgs-genmove_cleanup",
    ] {
        assert!(list.lines().any(|l| l.trim_start_matches("= ") == cmd), "{cmd} missing from list_commands");
    }
    assert!(list.starts_with("= ") && list.ends_with("\n\n") && !list[..list.len() - 2].contains("\n\n"));
    assert_eq!(one("quit"), "= \n\n");
}

#[test]
fn framing_ids_comments_and_whitespace() {
    assert_eq!(one("42 name"), "=42 gammon-go\n\n");
    assert_eq!(one("7 frobnicate"), "?7 unknown command\n\n");
    assert_eq!(one("frobnicate"), "? unknown command\n\n");
    assert_eq!(one("\tname\t# a comment"), "= gammon-go\n\n");
    assert_eq!(one("# only a comment"), "");
    assert_eq!(one("   \t  "), "");
    assert_eq!(one(""), "");
    assert_eq!(one("na\x01me\r"), "= gammon-go\n\n");
    assert_eq!(one("3 quit"), "=3 \n\n");
    assert_eq!(one("NAME"), "? unknown command\n\n", "command names are case-sensitive");
    assert_eq!(session(&["1 boardsize 9", "2 play b e5", "3 play w e5"]), "=1 \n\n=2 \n\n?3 illegal move\n\n");
}

#[test]
fn boardsize_clear_board_komi() {
    assert_eq!(one("boardsize 19"), "= \n\n");
    assert_eq!(one("boardsize 25"), "= \n\n");
    assert_eq!(one("boardsize 1"), "= \n\n");
    assert_eq!(one("boardsize 26"), "? unacceptable size\n\n");
    assert_eq!(one("boardsize 0"), "? unacceptable size\n\n");
    assert_eq!(one("boardsize -3"), "? unacceptable size\n\n");
    assert_eq!(one("boardsize nine"), "? syntax error\n\n");
    assert_eq!(one("boardsize"), "? syntax error\n\n");
    assert_eq!(one("boardsize 99999999999999999999999"), "? syntax error\n\n");
    assert_eq!(session(&["play b e5", "clear_board", "play b e5"]), "= \n\n".repeat(3));
    assert_eq!(session(&["play b e5", "boardsize 9", "play b e5"]), "= \n\n".repeat(3));
    assert_eq!(session(&["komi 6.5", "final_score"]), "= \n\n= W+6.5\n\n");
    assert_eq!(session(&["komi -2", "final_score"]), "= \n\n= B+2.0\n\n");
    assert_eq!(session(&["komi 0", "final_score"]), "= \n\n= 0\n\n");
    assert_eq!(one("komi x"), "? syntax error\n\n");
    assert_eq!(one("komi nan"), "? syntax error\n\n");
    assert_eq!(one("komi"), "? syntax error\n\n");
}

#[test]
fn play_and_undo() {
    assert_eq!(one("play b d4"), "= \n\n");
    assert_eq!(one("play BLACK D4"), "= \n\n");
    assert_eq!(one("play White j9"), "= \n\n");
    assert_eq!(one("play w pass"), "= \n\n");
    assert_eq!(one("play w PASS"), "= \n\n");
    for bad in
        ["play", "play b", "play x d4", "play b i4", "play b k1", "play b d10", "play b d0", "play b 44", "play b d"]
    {
        assert_eq!(one(bad), "? syntax error\n\n", "{bad}");
    }
    assert_eq!(session(&["play b d4", "play w d4"]), "= \n\n? illegal move\n\n");
    // Suicide in the corner.
    assert_eq!(session(&["play b a2", "play b b1", "play w a1"]), "= \n\n= \n\n? illegal move\n\n");
    // Ko: black c5 d6 d4, white e6 e4 f5 d5; black e5 takes d5; white may not retake at d5 at once, but
    // may after a move elsewhere (here a white pass, which also lifts the ko).
    let out = session(&[
        "play b c5",
        "play b d6",
        "play b d4",
        "play w e6",
        "play w e4",
        "play w f5",
        "play w d5",
        "play b e5",
        "play w d5",
        "play w pass",
        "play w d5",
    ]);
    assert_eq!(out, format!("{}= \n\n? illegal move\n\n= \n\n= \n\n", "= \n\n".repeat(7)));
    assert_eq!(one("undo"), "? cannot undo\n\n");
    assert_eq!(session(&["play b d4", "undo", "undo"]), "= \n\n= \n\n? cannot undo\n\n");
    assert_eq!(session(&["play b d4", "undo", "play w d4"]), "= \n\n".repeat(3));
}

#[test]
fn handicap_commands() {
    assert_eq!(one("fixed_handicap 2"), "= G7 C3\n\n");
    assert_eq!(one("fixed_handicap 9"), "= C7 E7 G7 C5 E5 G5 C3 E3 G3\n\n");
    assert_eq!(one("fixed_handicap 1"), "? invalid handicap\n\n");
    assert_eq!(one("fixed_handicap 10"), "? invalid handicap\n\n");
    assert_eq!(one("fixed_handicap -1"), "? invalid handicap\n\n");
    assert_eq!(one("fixed_handicap x"), "? syntax error\n\n");
    assert_eq!(session(&["play b a1", "fixed_handicap 2"]), "= \n\n? board not empty\n\n");
    assert_eq!(session(&["boardsize 19", "fixed_handicap 4"]), "= \n\n= D16 Q16 D4 Q4\n\n");
    assert_eq!(session(&["boardsize 5", "fixed_handicap 2"]), "= \n\n? invalid handicap\n\n");
    let free = one("place_free_handicap 3");
    assert!(free.starts_with("= ") && free.split_whitespace().count() == 4, "{free:?}");
    assert_eq!(one("place_free_handicap 1"), "? invalid handicap\n\n");
    assert_eq!(one("place_free_handicap 81"), "? invalid handicap\n\n");
    assert_eq!(one("place_free_handicap"), "? syntax error\n\n");
    assert_eq!(session(&["boardsize 5", "place_free_handicap 6"]).matches(' ').count(), 1 + 6);
    assert_eq!(one("set_free_handicap a1 b2 c3"), "= \n\n");
    assert_eq!(one("set_free_handicap a1 a1"), "? bad vertex list\n\n");
    assert_eq!(one("set_free_handicap a1"), "? bad vertex list\n\n");
    assert_eq!(one("set_free_handicap a1 zz"), "? bad vertex list\n\n");
    assert_eq!(one("set_free_handicap a1 pass"), "? bad vertex list\n\n");
    assert_eq!(one("set_free_handicap"), "? syntax error\n\n");
    assert_eq!(session(&["play w e5", "set_free_handicap a1 b2"]), "= \n\n? board not empty\n\n");
    // After a handicap white is to move: genmove for white works and black's stones are on the board.
    let out = session(&["set_free_handicap a1 b2", "showboard"]);
    assert!(out.contains("\n 2 . X ") && out.contains("\n 1 X . "), "{out}");
}

#[test]
fn time_commands() {
    assert_eq!(one("time_settings 300 30 5"), "= \n\n");
    assert_eq!(one("time_settings 0 1 0"), "= \n\n");
    assert_eq!(one("time_settings 300 30"), "? syntax error\n\n");
    assert_eq!(one("time_settings a b c"), "? syntax error\n\n");
    assert_eq!(one("time_settings -1 0 0"), "? syntax error\n\n");
    assert_eq!(one("time_left b 120 0"), "= \n\n");
    assert_eq!(one("time_left white 10.5 3"), "= \n\n");
    assert_eq!(one("time_left x 10 0"), "? syntax error\n\n");
    assert_eq!(one("time_left b 10"), "? syntax error\n\n");
    assert_eq!(one("kgs-time_settings none"), "= \n\n");
    assert_eq!(one("kgs-time_settings absolute 600"), "= \n\n");
    assert_eq!(one("kgs-time_settings byoyomi 600 30 5"), "= \n\n");
    assert_eq!(one("kgs-time_settings canadian 600 300 25"), "= \n\n");
    assert_eq!(one("kgs-time_settings canadian 600 300"), "? syntax error\n\n");
    assert_eq!(one("kgs-time_settings sudden 1"), "? syntax error\n\n");
    assert_eq!(one("kgs-time_settings"), "? syntax error\n\n");
}

#[test]
fn genmove_family() {
    let out = session(&["genmove b"]);
    assert!(out.starts_with("= ") && out.ends_with("\n\n") && out.len() <= 8, "{out:?}");
    // genmove plays the move: the same point is then occupied.
    let v = out.trim_start_matches("= ").trim().to_string();
    assert_eq!(session(&["genmove b", &format!("play w {v}")]), format!("{out}? illegal move\n\n"));
    // reg_genmove does not play it.
    let reg = session(&["reg_genmove b"]);
    assert_eq!(session(&["reg_genmove b", &format!("play w {v}")]), format!("{reg}= \n\n"));
    assert_eq!(one("genmove x"), "? syntax error\n\n");
    assert_eq!(one("genmove"), "? syntax error\n\n");
    assert_eq!(one("reg_genmove"), "? syntax error\n\n");
    assert_eq!(one("kgs-genmove_cleanup purple"), "? syntax error\n\n");
    // Same seed, same moves.
    let lines = ["genmove b", "genmove w", "genmove b", "kgs-genmove_cleanup w"];
    assert_eq!(session(&lines), session(&lines));
    // On a 1x1 board the only move is suicide: pass.
    assert_eq!(session(&["boardsize 1", "genmove b"]), "= \n\n= PASS\n\n");
}

#[test]
fn scoring_commands() {
    // Black wall on column c, white wall on column e; black owns a-b (18 + 9 stones = 27), white f-j
    // (36 + 9 = 45), column d is dame. Area counting: W+18 + komi.
    let mut lines = vec!["boardsize 9".to_string(), "komi 0.5".into()];
    for row in 1..=9 {
        lines.push(format!("play b c{row}"));
        lines.push(format!("play w e{row}"));
    }
    lines.push("final_score".into());
    lines.push("final_status_list dead".into());
    lines.push("final_status_list seki".into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let out = session(&refs);
    assert!(out.ends_with("= W+18.5\n\n= \n\n= \n\n"), "{out}");
    let alive = session(&[refs.as_slice(), &["final_status_list alive"]].concat());
    assert!(alive.ends_with("= C9 C8 C7 C6 C5 C4 C3 C2 C1\nE9 E8 E7 E6 E5 E4 E3 E2 E1\n\n"), "{alive}");
    assert_eq!(one("final_status_list"), "? syntax error\n\n");
    assert_eq!(one("final_status_list dying"), "? invalid status\n\n");
}

#[test]
fn showboard_layout() {
    let out = session(&["play b e5", "play w d5", "showboard"]);
    let expected = "= \n   A B C D E F G H J\n 9 . . . . . . . . . 9\n 8 . . . . . . . . . 8\n 7 . . + . . . + . . 7\n 6 . . . . . . . . . 6\n 5 . . . O X . . . . 5\n 4 . . . . . . . . . 4\n 3 . . + . . . + . . 3\n 2 . . . . . . . . . 2     WHITE (O) has captured 0 stones\n 1 . . . . . . . . . 1     BLACK (X) has captured 0 stones\n   A B C D E F G H J\n\n";
    assert_eq!(out, format!("= \n= \n{}", expected).replace("= \n= \n= \n", "= \n\n= \n\n= \n"));
}

#[test]
fn sgf_commands() {
    let dir = std::env::temp_dir().join(format!("go-gtp-conformance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    std::fs::write(&file, "(;GM[1]FF[4]SZ[9]KM[5.5];B[ee];W[ce];B[gc];W[tt];B[cc])").unwrap();
    let f = file.display().to_string();
    assert_eq!(one(&format!("loadsgf {f}")), "= white\n\n");
    assert_eq!(one(&format!("loadsgf {f} 3")), "= black\n\n");
    assert_eq!(one(&format!("loadsgf {f} 2")), "= white\n\n");
    assert_eq!(one(&format!("loadsgf {f} C5")), "= white\n\n");
    assert_eq!(one(&format!("loadsgf {f} 0")), "= white\n\n");
    assert_eq!(one(&format!("loadsgf {f} 1000")), "= white\n\n");
    let board = session(&[&format!("loadsgf {f} 3"), "showboard"]);
    assert!(board.contains("\n 5 . . O . X . . . . 5\n"), "{board}");
    assert_eq!(one("loadsgf"), "? missing filename\n\n");
    assert_eq!(one("loadsgf /nonexistent/x.sgf"), "? cannot open or parse '/nonexistent/x.sgf'\n\n");
    let bad = dir.join("bad.sgf");
    std::fs::write(&bad, "this is not sgf").unwrap();
    // GNU Go's message, then why: the SGF error with its position.
    assert_eq!(
        one(&format!("loadsgf {}", bad.display())),
        format!(
            "? cannot open or parse '{}': SGF syntax error at line 1, column 16: expected a game tree `(;`, found end of input\n\n",
            bad.display()
        )
    );
    // printsgf writes a record that loads back to the same position.
    let printed = session(&[&format!("loadsgf {f}"), "printsgf"]);
    assert!(
        printed.starts_with("= white\n\n= (;GM[1]FF[4]") && printed.contains("SZ[9]") && printed.contains("KM[5.5]")
    );
    let out = dir.join("out.sgf");
    assert_eq!(session(&[&format!("loadsgf {f}"), &format!("printsgf {}", out.display())]), "= white\n\n= \n\n");
    let a = session(&[&format!("loadsgf {f}"), "showboard"]);
    let b = session(&[&format!("loadsgf {}", out.display()), "showboard"]);
    assert_eq!(a, b);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn malformed_input_never_panics() {
    let junk = [
        "play b \u{fffd}",
        "boardsize 4294967296",
        "komi 1e400",
        "fixed_handicap 99999999999999999999",
        "\u{7}\u{1b}[0m",
        "loadsgf /dev/null",
        "loadsgf . x",
        "set_free_handicap \u{0}",
        "time_left b -1 -1",
        "play b a-1",
        "12345678901234567890123 name",
        "#",
        "=",
        "?",
        "play b a99999999999999999999",
    ];
    let out = session(&junk);
    assert!(out.split("\n\n").all(|a| a.is_empty() || a.starts_with('=') || a.starts_with('?')), "{out}");
}
