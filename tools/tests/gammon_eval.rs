//! `gammon eval` and `gammon best`: output format, exact answers in finished and bearoff
//! positions (the seed's one-sided figures), output invariants, batch mode and exit codes, and
//! agreement with gnubg-nn on position classes and bearoff play.

use backgammon::eval::{classify, PositionClass};
use backgammon::rules::sampling::random_game_positions;
use backgammon::{Position, Variant};
use interop_tests::{have_gnubg_nn, python_script};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn gammon(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gammon")).args(args).output().expect("gammon runs")
}

fn eval(id: &str) -> [f64; 6] {
    let out = gammon(&["eval", id]);
    assert!(out.status.success(), "{id}: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    let v: Vec<f64> = text.split_whitespace().map(|f| f.parse().unwrap()).collect();
    v.try_into().expect("six numbers")
}

#[test]
fn finished_games_are_exact() {
    // the player on roll has borne off; the opponent has 15 chequers, one still on its 24 point
    let bg = Position::from_points(&[], &[(24, 1), (6, 14)]).unwrap().id();
    assert_eq!(eval(&bg), [1.0, 1.0, 1.0, 0.0, 0.0, 3.0]);
    let single = Position::from_points(&[], &[(3, 4)]).unwrap().id();
    assert_eq!(eval(&single), [1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
    let lost_gammon = Position::from_points(&[(6, 15)], &[]).unwrap().id();
    assert_eq!(eval(&lost_gammon), [0.0, 0.0, 0.0, 1.0, 0.0, -2.0]);
}

#[test]
fn seed_one_sided_figures_give_the_seed_winning_chance() {
    // The seed's worked example: the chance of bearing off in exactly n = 1..6 rolls, player on
    // roll and opponent, and the resulting 56.7% for the player on roll.
    let me = [1.917, 18.749, 44.271, 32.998, 2.029, 0.037];
    let opp = [2.811, 28.403, 50.307, 18.114, 0.363, 0.002];
    let from_seed: f64 = (0..6).map(|i| me[i] / 100.0 * opp[i..].iter().sum::<f64>() / 100.0).sum();
    assert!((from_seed - 0.567).abs() < 5e-4, "{from_seed}");
    let e = eval("2x0AAOi2AQAAAA");
    // our value comes from the database's distributions, which the seed prints rounded to 0.001%
    assert!((e[0] - from_seed).abs() < 1e-4, "{e:?} vs {from_seed}");
    assert_eq!(&e[1..5], &[0.0; 4]);
    assert!((e[5] - (2.0 * e[0] - 1.0)).abs() < 2e-6);
}

#[test]
fn bearoff_gammons_by_hand() {
    // 15 chequers on my 6 point against one opponent chequer on its 1 point: I lose, and lose a
    // gammon unless this roll bears a chequer off (any 6, 5-1, 4-2, 3-3, 2-2: 17 rolls of 36)
    let id = Position::from_points(&[(6, 15)], &[(1, 1)]).unwrap().id();
    let e = eval(&id);
    assert_eq!(e[0], 0.0);
    assert!((e[3] - 19.0 / 36.0).abs() < 1e-4, "{e:?}");
    assert!((e[5] - (-1.0 - e[3])).abs() < 2e-6);
}

#[test]
fn outputs_respect_the_invariants() {
    let ids: String = random_game_positions(Variant::Standard, 300, 8).iter().map(|p| p.id() + "\n").collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gammon"))
        .arg("eval")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(ids.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(answers.len(), 300);
    for (line, id) in answers.iter().zip(ids.lines()) {
        let v: Vec<f64> = line.split_whitespace().map(|f| f.parse().unwrap()).collect();
        let [w, wg, wbg, lg, lbg, eq] = v[..] else { panic!("{line}") };
        assert!((0.0..=1.0).contains(&w), "{id}: {line}");
        assert!(wbg <= wg && wg <= w, "{id}: {line}");
        assert!(lbg <= lg && lg <= 1.0 - w + 1e-6, "{id}: {line}");
        assert!((eq - (2.0 * w - 1.0 + wg - lg + wbg - lbg)).abs() < 1e-5, "{id}: {line}");
    }
}

#[test]
fn best_prints_a_legal_play_in_moves_format() {
    let out = gammon(&["best", "4HPwATDgc/ABMA", "6", "2"]);
    assert!(out.status.success());
    let best = String::from_utf8(out.stdout).unwrap();
    let moves = String::from_utf8(gammon(&["moves", "4HPwATDgc/ABMA", "6", "2"]).stdout).unwrap();
    assert_eq!(best.lines().count(), 1);
    assert!(moves.lines().any(|l| l == best.trim_end()), "{best} not in\n{moves}");
    // the only play bears off both chequers of the 5 point
    let out = gammon(&["best", "2x0AAOi2AQAAAA", "6", "5"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "5/off(2)\t2x0AAOg2AAAAAA\n");
    // the last two chequers come off: the only sensible play wins at once
    let id = Position::from_points(&[(1, 1), (2, 1)], &[(6, 15)]).unwrap().id();
    let out = gammon(&["best", &id, "2", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let (_, after) = text.trim_end().split_once('\t').unwrap();
    assert_eq!(Position::from_id(after).unwrap().chequers_in_play(1), 0, "{text}");
    // on the bar against a closed board: no play, no output, success
    let closed = Position::from_points(&[(25, 1), (6, 14)], &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)]).unwrap();
    let out = gammon(&["best", &closed.id(), "6", "6"]);
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn malformed_input_is_one_line_on_stderr_and_exit_2() {
    for args in [
        &["eval", "4HPwATDgc/AB!A"][..],
        &["eval", "short"],
        &["best", "4HPwATDgc/ABMA", "0", "2"],
        &["best", "4HPwATDgc/ABMA", "6"],
    ] {
        let out = gammon(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
    // one position per command line (more go through standard input); the usage says so
    let out = gammon(&["eval", "4HPwATDgc/ABMA", "4HPwATDgc/ABMA"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    for (command, usage) in [("eval", "[POSID]\n"), ("best", "[POSID D1 D2]\n"), ("moves", "[POSID D1 D2]\n")] {
        let help = String::from_utf8(gammon(&[command, "--help"]).stdout).unwrap();
        assert!(help.contains(&format!("Usage: gammon {command} [OPTIONS] {usage}")), "{help}");
    }
}

#[test]
fn batch_modes_stream_one_answer_per_line() {
    for (cmd, good, bad) in [("eval", "4HPwATDgc/ABMA", "4HPwATDgc/ABMA 6"), ("best", "4HPwATDgc/ABMA 3 1", "nonsense")]
    {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gammon"))
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let read_answer = |reader: &mut BufReader<_>| {
            let mut lines = Vec::new();
            loop {
                let mut line = String::new();
                assert!(reader.read_line(&mut line).unwrap() > 0, "gammon {cmd} closed its output early");
                if line == "\n" {
                    return lines;
                }
                lines.push(line.trim_end().to_string());
            }
        };
        // each answer must arrive while standard input is still open
        writeln!(stdin, "{good}").unwrap();
        stdin.flush().unwrap();
        let a = read_answer(&mut reader);
        assert_eq!(a.len(), 1, "{a:?}");
        assert!(!a[0].starts_with("error"), "{a:?}");
        writeln!(stdin, "{bad}").unwrap();
        stdin.flush().unwrap();
        let a = read_answer(&mut reader);
        assert_eq!(a.len(), 1);
        assert!(a[0].starts_with("error: "), "{a:?}");
        drop(stdin);
        assert!(child.wait().unwrap().success());
    }
}

/// Asks `tests/python/gnubg_player.py` (gnubg-nn) one question per line.
fn ask_gnubg(requests: &[String]) -> Vec<String> {
    let mut child = Command::new("python3")
        .arg(python_script("gnubg_player.py"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let input: String = requests.iter().map(|r| r.clone() + "\n").collect();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn classes_agree_with_gnubg_nn() {
    if !have_gnubg_nn() {
        return;
    }
    let positions = random_game_positions(Variant::Standard, 3000, 21);
    let answers = ask_gnubg(&positions.iter().map(|p| format!("class {}", p.id())).collect::<Vec<_>>());
    assert_eq!(answers.len(), positions.len());
    let mut seen = std::collections::HashSet::new();
    for (p, a) in positions.iter().zip(&answers) {
        let ours = classify(p);
        seen.insert(ours);
        let want = match a.as_str() {
            "0" => PositionClass::Over,
            "1" | "2" => PositionClass::Bearoff,
            "3" => PositionClass::Race,
            "4" => PositionClass::Crashed,
            "5" => PositionClass::Contact,
            other => panic!("unexpected class {other}"),
        };
        assert_eq!(ours, want, "{p:?}");
    }
    // the sample reaches every class but over (sampled positions always have a player on roll)
    assert!(seen.len() >= 4, "{seen:?}");
}

#[test]
fn bearoff_plays_match_gnubg_nn() {
    if !have_gnubg_nn() {
        return;
    }
    // bearoff positions from random games, with a few rolls each
    let positions: Vec<Position> = random_game_positions(Variant::Standard, 6000, 4)
        .into_iter()
        .filter(|p| classify(p) == PositionClass::Bearoff)
        .take(150)
        .collect();
    assert!(positions.len() >= 50, "{}", positions.len());
    let rolls = [(6, 5), (4, 1), (2, 2), (3, 1)];
    let requests: Vec<(Position, u8, u8)> =
        positions.iter().flat_map(|p| rolls.iter().map(move |&(a, b)| (*p, a, b))).collect();
    let answers = ask_gnubg(&requests.iter().map(|(p, a, b)| format!("gnubg {} {a} {b}", p.id())).collect::<Vec<_>>());
    let mut child = Command::new(env!("CARGO_BIN_EXE_gammon"))
        .arg("best")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input: String = requests.iter().map(|(p, a, b)| format!("{} {a} {b}\n", p.id())).collect();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let ours = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let ours: Vec<&str> = ours.split("\n\n").collect();
    let (mut same, mut differ) = (0, Vec::new());
    for ((req, theirs), mine) in requests.iter().zip(&answers).zip(&ours) {
        let mine = mine.split_once('\t').map(|(_, id)| id).unwrap_or("none");
        if mine == theirs {
            same += 1;
        } else {
            differ.push((req.0.id(), req.1, req.2, mine.to_string(), theirs.clone()));
        }
    }
    // both choose from exact one-sided bearoff values (gnubg-nn's two-sided database can break
    // near-ties differently): the plays nearly always coincide, and where they differ the
    // evaluations of the two results are within a hair
    for (id, a, b, mine, theirs) in &differ {
        let e = |x: &str| eval(&Position::from_id(x).unwrap().swapped().id())[5];
        assert!((e(mine) - e(theirs)).abs() < 0.02, "{id} {a}{b}: ours {mine}, gnubg {theirs}");
    }
    assert!(same * 10 >= requests.len() * 9, "{same} of {}: {differ:?}", requests.len());
}
