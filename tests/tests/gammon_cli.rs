//! `gammon`'s command language (`backgammon::frontends::commands`), driven as users drive it: `gammon -t`
//! reading a script on standard input (a complete seeded 5-point match between two computer
//! players, every error path), the interactive mode in a pseudo-terminal (python3's `pty`), and
//! the board and `hint` layouts next to the real gnubg 1.07's for the same positions.

use interop_tests::{gammon, gnubg_batch, have_gnubg, python_script, require};
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `gammon -t` (plus `extra` arguments) on `script`.
fn run_script(script: &[u8], extra: &[&str]) -> std::process::Output {
    let mut child = Command::new(gammon())
        .arg("-t")
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gammon starts");
    let mut stdin = child.stdin.take().unwrap();
    let script = script.to_vec();
    // written from a thread: gammon answers as it reads, and a long script would fill the pipes
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&script);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Runs `gammon -t` (plus `extra` arguments) on `script`, which must succeed without a word on
/// standard error; returns standard output.
fn batch(script: &str, extra: &[&str]) -> String {
    let out = run_script(script.as_bytes(), extra);
    assert!(out.status.success(), "gammon -t failed: {}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// `The score (after N games) is: gnubg A, user B (…)` → (A, B, the parenthesis).
fn score_line(line: &str) -> Option<(u32, u32, String)> {
    let rest = line.strip_prefix("The score (after ")?;
    let (_, rest) = rest.split_once(" is: gnubg ")?;
    let (a, rest) = rest.split_once(", user ")?;
    let (b, note) = rest.split_once(' ')?;
    Some((a.parse().ok()?, b.parse().ok()?, note.to_string()))
}

const MATCH_SCRIPT: &str = "set seed 20261123
set player 1 gnu
set player both chequerplay evaluation plies 0
set player both cubedecision evaluation plies 0
new match 5
show score
";

#[test]
fn a_seeded_five_point_match_between_computers_in_batch_mode() {
    let out = batch(MATCH_SCRIPT, &[]);
    let scores: Vec<(u32, u32, String)> = out.lines().filter_map(score_line).collect();
    let (a, b, note) = scores.last().cloned().expect("score lines");
    assert!(a.max(b) == 5 && a.min(b) < 5, "final score {a}-{b}");
    assert_eq!(note, "(match to 5 points)");
    let winner = if a == 5 { "gnubg" } else { "user" };
    assert!(out.contains(&format!("{winner} has won the match.")), "{out}");
    // every game's points add up to the final score (capped at 5)
    let mut total = [0u32, 0];
    for line in out.lines() {
        if let Some((who, rest)) = line.split_once(" wins a ") {
            // "gnubg accepts and wins a single game." (an accepted resignation) is followed by
            // the game's usual "… wins a single game and N points." line, which counts
            if who.ends_with(" accepts and") {
                continue;
            }
            let points: u32 = rest.split(" and ").nth(1).and_then(|p| p.split(' ').next()).unwrap().parse().unwrap();
            total[usize::from(who == "user")] += points;
        }
    }
    assert_eq!([total[0].min(5), total[1].min(5)], [a, b]);
    // the Crawford game: the first time a side reaches 4, the next game is the Crawford game,
    // its boards say so and nobody doubles in it
    if let Some(k) = scores.iter().position(|(x, y, _)| (*x == 4 || *y == 4) && *x < 5 && *y < 5) {
        assert!(scores[k].2.contains("Crawford game"), "{:?}", scores[k]);
        let after: Vec<&str> = out.split(&format!("The score (after {} game", k + 1)).collect();
        let crawford_game = after[1].split("wins a ").next().unwrap();
        assert!(crawford_game.contains("5 points match (Crawford game)"), "{crawford_game}");
        assert!(!crawford_game.contains(" doubles."), "{crawford_game}");
        eprintln!("Crawford game after game {} ({}-{})", k + 1, scores[k].0, scores[k].1);
    } else {
        eprintln!("no side reached 4 before the end: {scores:?}");
    }
    // gnubg's board after every action
    let boards = out.matches(" GNU Backgammon  Position ID: ").count();
    assert!(boards > 50, "{boards} boards");
    assert!(out.contains("                 Match ID   : "));
    assert!(out.contains(" +13-14-15-16-17-18------19-20-21-22-23-24-+     O: gnubg"));
    // seeded: the same script gives the same match
    assert_eq!(batch(MATCH_SCRIPT, &[]), out);
}

#[test]
fn a_saved_match_loads_back_identically() {
    let dir = std::env::temp_dir().join(format!("gammon_cli_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = |name: &str| dir.join(name).display().to_string();
    let script = format!("{MATCH_SCRIPT}save match {}\nexport match mat {}\nshow score\n", f("m.sgf"), f("m.mat"));
    let out = batch(&script, &[]);
    let final_score = out.lines().rfind(|l| l.starts_with("The score")).unwrap().to_string();
    let again = batch(
        &format!(
            "load match {}\nshow score\nsave match {}\nimport mat {}\nshow score\nexport match mat {}\n",
            f("m.sgf"),
            f("m2.sgf"),
            f("m.mat"),
            f("m2.mat")
        ),
        &["--seed", "1"],
    );
    let scores: Vec<&str> = again.lines().filter(|l| l.starts_with("The score")).collect();
    assert_eq!(scores, [final_score.as_str(), final_score.as_str()], "{again}");
    let read = |n: &str| std::fs::read_to_string(f(n)).unwrap();
    assert_eq!(read("m2.sgf"), read("m.sgf"));
    assert_eq!(read("m2.mat"), read("m.mat"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every bad command is answered with one line on standard error, the session goes on, and the
/// run exits 2 with a last line counting the failures (issue 22: errors used to go to standard
/// output and the run exited 0).
#[test]
fn every_bad_command_answers_one_line_on_stderr_and_the_run_exits_2() {
    let bad = [
        "frobnicate",
        "show board",
        "roll",
        "new match 65",
        "set seed -3",
        "set dice 0 7",
        "set player 3 human",
        "set player 0 chequerplay evaluation plies 12",
        "set matchid !!!",
        "set board 4HPwATDgc",
        "set variant chess",
        "set jacoby perhaps",
        "resign",
        "help frobnicate",
    ];
    let mut script = String::from("set player 0 human\n");
    for b in bad {
        script.push_str(b);
        script.push('\n');
    }
    script.push_str("new match 3\nmove 1/2 3/4\nmove x\ntake\nbeaver\nhint -1\nshow score\n");
    let run = run_script(script.as_bytes(), &["--seed", "1"]);
    assert_eq!(run.status.code(), Some(2));
    let out = String::from_utf8(run.stdout).unwrap();
    let err = String::from_utf8(run.stderr).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    let errors: Vec<&str> = err.lines().collect();
    assert_eq!(lines[0], "Moves for gnubg must now be entered manually.");
    // nothing of the bad commands on standard output: the match starts on the next line
    assert!(lines[1].starts_with("A new 3 points match"), "{out}");
    for (i, b) in bad.iter().enumerate() {
        assert!(!errors[i].is_empty(), "{b}: {}", errors[i]);
    }
    assert_eq!(errors[0], "Unknown keyword `frobnicate'.");
    assert_eq!(errors[5], "You must specify two numbers from 1 to 6 for the dice.");
    assert!(err.contains("Illegal or unparsable move.\nIllegal or unparsable move.\n"), "{err}");
    assert!(err.contains("The cube must have been offered before you can take it.\n"));
    assert!(err.contains("hint: the number of moves to show must be a positive integer.\n"));
    assert!(out.trim_end().ends_with("(match to 3 points)"), "{out}");
    let failed = errors.len() - 1;
    assert_eq!(errors[failed], format!("gammon: {failed} of 22 command lines failed (the first on line 2)"), "{err}");
}

/// Hostile input to `gammon -t`: a line of 2 MB, bytes that are not UTF-8, a last line without
/// a newline, a huge argument. Each is one bounded error line; the session goes on.
#[test]
fn hostile_lines_are_refused_in_one_bounded_line() {
    let mut script = vec![b'x'; 2 << 20];
    script.extend_from_slice(b"\n\xff\xfe\n");
    script.extend_from_slice(format!("set board {}\n", "A".repeat(100_000)).as_bytes());
    script.extend_from_slice(b"new match 1\nshow score");
    let run = run_script(&script, &["--seed", "1"]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8(run.stderr).unwrap();
    let errors: Vec<&str> = err.lines().collect();
    assert_eq!(errors.len(), 4, "{err}");
    assert!(errors[0].starts_with("Input line is longer than the limit of 1048576 bytes"), "{}", errors[0]);
    assert_eq!(errors[1], "Input line is not valid UTF-8.");
    assert!(errors[2].starts_with("Illegal position ID 'AAAA") && errors[2].len() < 200, "{}", errors[2]);
    assert_eq!(errors[3], "gammon: 3 of 5 command lines failed (the first on line 1)");
    // the last line, without its newline, was run
    let out = String::from_utf8(run.stdout).unwrap();
    assert!(out.trim_end().lines().last().unwrap().contains("(match to 1 point"), "{out}");
}

/// `gammon` without -t on a standard input that is not a terminal reads lines with the same bound
/// (rustyline would have held a line of any length), errors among the answers.
#[test]
fn interactive_mode_on_a_pipe_bounds_its_lines() {
    let mut child = Command::new(gammon())
        .args(["--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gammon starts");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut script = vec![b'w'; 3 << 20];
        script.extend_from_slice(b"\nset seed 9\n");
        let _ = stdin.write_all(&script);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Input line is longer than the limit of 1048576 bytes"), "{text:.200}");
    assert!(text.ends_with("Seed set to 9.\n"), "{text:.200}");
    assert!(text.len() < 1000);
}

/// The 15 lines of the last board in `out`, player names cut off (gnubg names player 1 after
/// the login).
fn last_board(out: &str) -> Vec<String> {
    let start = out.rfind(" GNU Backgammon  Position ID: ").expect("a board");
    out[start..]
        .lines()
        .take(15)
        .map(|l| match l.find(" O: ").or_else(|| l.find(" X: ")) {
            Some(k) => l[..k].to_string(),
            None => l.to_string(),
        })
        .collect()
}

fn gnubg(script: &str) -> String {
    String::from_utf8_lossy(&gnubg_batch(script).stdout).into_owned()
}

fn gnubg_available() -> bool {
    have_gnubg()
}

#[test]
fn boards_and_hint_layout_like_gnubg() {
    if !gnubg_available() {
        return;
    }
    // (match ID, position ID): X on roll with 63 at the start; O on roll with 21 in a mixed
    // position; a 2-cube in a 5-point match, 31 rolled; a money game before the roll
    let cases = [
        ("cAmvAAAAAAAE", "4HPwATDgc/ABMA", "new match 5"),
        ("MAEFAAAAAAAA", "fwAGADr4BwDAAA", "new session"),
        ("QYmlAAAAAAAE", "4HPkQSDgc/ABMA", "new match 5"),
        ("cAkAAAAAAAAA", "4HPkQSDgc/ABMA", "new session"),
    ];
    for (mid, pid, start) in cases {
        let script = format!("set player 0 human\n{start}\nset matchid {mid}\nset board {pid}\nshow board\n");
        let theirs = last_board(&gnubg(&script));
        let ours = last_board(&batch(&script, &["--seed", "1"]));
        assert_eq!(ours, theirs, "{mid} {pid}");
    }
    // `hint 3` on the opening 63: the layout, the labels and the first play are gnubg's
    let script = "set player 0 human\nnew match 5\nset matchid cAmvAAAAAAAE\nset board 4HPwATDgc/ABMA\nhint 3\n";
    let theirs = gnubg(script);
    let ours = batch(script, &["--seed", "1"]);
    let hint = |out: &str| -> Vec<String> {
        let start = out.find("    1. Cubeful").expect("a hint");
        out[start..].lines().take(9).map(str::to_string).collect()
    };
    let (t, o) = (hint(&theirs), hint(&ours));
    for (a, b) in t.iter().zip(&o) {
        // the same columns: everything but the figures
        let shape = |s: &str| s.chars().map(|c| if c.is_ascii_digit() { '9' } else { c }).collect::<String>();
        if a.starts_with("    ") && a.contains("Cubeful") {
            assert_eq!(&a[..24], &b[..24]);
            assert_eq!(a.find("Eq.:"), b.find("Eq.:"), "{a}\n{b}");
        } else {
            assert_eq!(shape(a), shape(b), "{a}\n{b}");
        }
    }
    // the engines differ in the last hundredths: the best plays agree within each other's top 3
    let plays = |h: &[String]| -> Vec<String> { h.iter().step_by(3).map(|l| l[24..53].trim().to_string()).collect() };
    let (tp, op) = (plays(&t), plays(&o));
    assert!(tp.contains(&op[0]) && op.contains(&tp[0]), "gnubg {tp:?}, ours {op:?}");
    eprintln!("gnubg: {}\nours:  {}", t[0], o[0]);
    // the cube analysis block before the roll
    let script = "set player 0 human\nnew match 5\nset matchid cAmgAAAAAAAE\nset board 4HPwATDgc/ABMA\nhint\n";
    let cube = |out: &str| -> Vec<String> {
        let start = out.find("Cube analysis").expect("a cube hint");
        out[start..]
            .lines()
            .take(8)
            .map(|l| l.chars().map(|c| if c.is_ascii_digit() { '9' } else { c }).collect())
            .collect()
    };
    let (t, o) = (cube(&gnubg(script)), cube(&batch(script, &["--seed", "1"])));
    assert_eq!(o[..7], t[..7]);
    assert!(t[7].starts_with(&o[7]), "{}\n{}", t[7], o[7]);
}

#[test]
fn interactive_session_in_a_terminal() {
    if !require(interop_tests::python_has("pty"), "python3 with its standard pty module") {
        return;
    }
    let out = Command::new("python3").arg(python_script("gammon_pty.py")).arg(gammon()).output().expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    // the script checks prompts and answers itself; these are what it saw
    assert!(text.contains("Cubeful"), "{text}");
    assert!(text.contains("exit status 0"), "{text}");
}
