//! The `gammon` binary's tutor and `best` at depth, driven as users drive them: `gammon -t` with
//! the tutor on answering its questions from the script, the interactive terminal's `(y/n)`
//! prompt in a pseudo-terminal (python3's `pty`), and `gammon best --plies N|--level NAME`
//! against the first play `hint` lists at the same setting.

use interop_tests::{gammon, python_script, require};
use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &str) -> std::process::Output {
    let mut child = Command::new(gammon())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gammon starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn tutor_questions_are_answered_from_the_script() {
    let script = "set player 0 human\nset tutor mode on\nset tutor skill bad\nshow tutor\n\
                  set evaluation chequerplay evaluation plies 0\nset dice 1 3\nnew session\n\
                  move 24/21 24/23\nwhat\nn\nmove 8/5 6/5\nshow board\n";
    let out = run(&["-t", "--seed", "1"], script);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("Warnings are given for 'bad' or worse chequer moves."), "{text}");
    assert!(text.contains("Tutor: 24/23 24/21 gives up"), "{text}");
    assert_eq!(text.matches("You may be about to make a very bad play. Are you sure?").count(), 2, "{text}");
    assert!(text.contains("Please answer `y' or `n'."), "{text}");
    // the play taken back, the better one made
    assert!(text.contains("Position ID: sGfwATDgc/ABMA"), "{text}");
}

#[test]
fn tutor_in_the_interactive_terminal() {
    if !require(interop_tests::python_has("pty"), "python3 with its standard pty module") {
        return;
    }
    let out =
        Command::new("python3").arg(python_script("gammon_tutor_pty.py")).arg(gammon()).output().expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("exit status 0"), "{text}");
}

/// `hint`'s first play for `pos` with dice `d1 d2` (d1 > d2: player 0's opening die) at `level`.
fn hint_first(level: &str, pos: &str, d1: u8, d2: u8) -> String {
    let script = format!(
        "set player 0 human\nset player 1 human\nset player 0 level {level}\n{}set dice {d1} {d2}\nnew session\nset board {pos}\nhint 1\n",
        // `hint` follows `set evaluation`: the level's depth
        match level {
            "expert" => "set evaluation chequerplay evaluation plies 0\n",
            "worldclass" => "set evaluation chequerplay evaluation plies 2\n",
            _ => "",
        }
    );
    let out = run(&["-t", "--seed", "1"], &script);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let line = text.lines().find(|l| l.trim_start().starts_with("1. Cubeful")).unwrap_or_else(|| panic!("{text}"));
    line.split("-ply").nth(1).unwrap().split("Eq.:").next().unwrap().trim().to_string()
}

#[test]
fn best_at_depth_is_hints_first_play() {
    let requests =
        [("4HPwATDgc/ABMA", 4, 2), ("jGfkATDg8+ABUA", 6, 5), ("sGfwATDgc/ABMA", 5, 2), ("4HPwATCYZ/ABMA", 3, 1)];
    let mut input = String::new();
    for (pos, d1, d2) in requests {
        input.push_str(&format!("{pos} {d1} {d2}\n"));
    }
    for (flag, value, level) in
        [("--plies", "2", "worldclass"), ("--level", "world-class", "worldclass"), ("--plies", "0", "expert")]
    {
        // batch mode: one answer and an empty line per request
        let out = run(&["best", flag, value], &input);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let answers: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(answers.len(), requests.len(), "{text}");
        for ((pos, d1, d2), answer) in requests.iter().zip(answers) {
            let play = answer.split('\t').next().unwrap();
            assert_eq!(play, hint_first(level, pos, *d1, *d2), "{pos} {d1}{d2} {flag} {value}");
            // one request on the command line answers the same
            let one = run(&["best", pos, &d1.to_string(), &d2.to_string(), flag, value], "");
            assert_eq!(String::from_utf8_lossy(&one.stdout).trim_end(), answer);
        }
    }
    let json = run(&["best", "4HPwATDgc/ABMA", "6", "2", "--plies", "1", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    assert!(v["play"].is_string() && v["probabilities"]["win"].is_number(), "{v}");
    // bad input: exit code 2 and one line
    for args in
        [vec!["best", "4HPwATDgc/ABMA", "6", "2", "--level", "nobody"], vec!["best", "x", "6", "2", "--plies", "2"]]
    {
        let out = run(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let both = run(&["best", "4HPwATDgc/ABMA", "6", "2", "--plies", "2", "--level", "expert"], "");
    assert_eq!(both.status.code(), Some(2));
}
