//! `gammon rollout` and `gammon eval --plies`: output format (means line, standard errors
//! line), exact answers where the databases or a finished game make the value known, seeded
//! reproducibility, and exit codes.

use backgammon::Position;
use interop_tests::have_gnubg_nn;
use std::process::Command;

fn gammon(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gammon")).args(args).output().expect("gammon runs")
}

fn numbers(line: &str) -> [f64; 6] {
    let v: Vec<f64> = line.split_whitespace().map(|f| f.parse().unwrap()).collect();
    v.try_into().expect("six numbers")
}

/// Runs a rollout and returns (means, standard errors).
fn rollout(args: &[&str]) -> ([f64; 6], [f64; 6]) {
    let mut all = vec!["rollout"];
    all.extend_from_slice(args);
    let out = gammon(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    // not a terminal: no progress bar
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    (numbers(lines[0]), numbers(lines[1]))
}

const OPENING: &str = "4HPwATDgc/ABMA";

#[test]
fn rollout_format_and_reproducibility() {
    let a = rollout(&[OPENING, "--trials", "72", "--truncate", "8", "--seed", "7"]);
    let b = rollout(&[OPENING, "--trials", "72", "--truncate", "8", "--seed", "7"]);
    assert_eq!(a, b);
    let c = rollout(&[OPENING, "--trials", "72", "--truncate", "8", "--seed", "8"]);
    assert_ne!(a.0, c.0);
    let (m, se) = a;
    let eq = 2.0 * m[0] - 1.0 + m[1] - m[3] + m[2] - m[4];
    // the six figures are printed to 6 decimals: the identity holds to 7 half-units (2 for the
    // doubled win chance, one for each other term and the equity), 3.5e-6
    assert!((eq - m[5]).abs() <= 3.5e-6 + 1e-9, "{m:?}");
    assert!(m[1] <= m[0] && m[2] <= m[1] && m[3] <= 1.0 - m[0] + 1e-6 && m[4] <= m[3] + 1e-6);
    assert!(se.iter().all(|&s| s >= 0.0) && se[5] > 0.0 && se[5] < 0.5, "{se:?}");
}

#[test]
fn bearoff_rollout_is_the_database_value() {
    // both sides home: bearoff truncation scores the position from the database at once
    let pos = Position::from_points(&[(1, 2), (3, 1), (5, 2)], &[(2, 2), (4, 2), (6, 1)]).unwrap().id();
    let (m, se) = rollout(&[&pos, "--trials", "36"]);
    assert_eq!(se, [0.0; 6]);
    let out = gammon(&["eval", &pos]);
    let e = numbers(std::str::from_utf8(&out.stdout).unwrap().trim());
    for k in 0..6 {
        assert!((m[k] - e[k]).abs() < 2e-6, "{m:?} vs {e:?}");
    }
}

#[test]
fn race_rollout_agrees_with_gnubg() {
    if !have_gnubg_nn() {
        return;
    }
    // a short race outside the databases (64 pips on roll against 59): our played-out rollout
    // against gnubg-nn's 2-ply winning chance (gnubg gives 0.530; its 0-ply also 0.530)
    let pos = Position::from_points(&[(8, 3), (6, 4), (4, 4)], &[(9, 3), (5, 4), (3, 4)]).unwrap();
    assert_eq!(pos.id(), "PA8HAIDnOQAAAA");
    let script =
        "import gnubg_nn as g, sys\nb = g.board_from_position_id(sys.argv[1])\nprint(g.probabilities(b, 2)[0])";
    let out = Command::new("python3").args(["-c", script, &pos.id()]).output().expect("python3 runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let gnubg: f64 = String::from_utf8(out.stdout).unwrap().trim().parse().unwrap();
    let (m, se) = rollout(&[&pos.id(), "--trials", "360"]);
    assert!((m[0] - gnubg).abs() < 3.0 * se[0] + 0.03, "{m:?} ± {se:?} vs gnubg {gnubg}");
}

#[test]
fn eval_plies() {
    let lost = Position::from_points(&[(6, 15)], &[]).unwrap().id();
    for plies in ["0", "1", "2"] {
        let out = gammon(&["eval", &lost, "--plies", plies]);
        assert_eq!(String::from_utf8(out.stdout).unwrap(), "0.000000 0.000000 0.000000 1.000000 0.000000 -2.000000\n");
    }
    let one = gammon(&["eval", OPENING, "--plies", "1"]);
    assert!(one.status.success());
    let v = numbers(std::str::from_utf8(&one.stdout).unwrap().trim());
    // the opening is close to even for the side to roll
    assert!(v[0] > 0.4 && v[0] < 0.65 && v[5].abs() < 0.3, "{v:?}");
    let bad = gammon(&["eval", OPENING, "--plies", "5"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn errors_and_help() {
    let out = gammon(&["rollout", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad position ID"));
    let help = gammon(&["rollout", "--help"]);
    let text = String::from_utf8(help.stdout).unwrap();
    assert!(text.contains("standard errors") && text.contains("--truncate") && text.contains("--seed"), "{text}");
}

/// The third line of `gammon rollout --cubeful`: `nd nd_se dt dt_se dp`.
fn cube_line(args: &[&str]) -> [f64; 5] {
    let mut all = vec!["rollout", "--cubeful"];
    all.extend_from_slice(args);
    let out = gammon(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let third = text.lines().nth(2).unwrap_or_else(|| panic!("{text}"));
    let v: Vec<f64> = third.split_whitespace().take(5).map(|f| f.parse().unwrap()).collect();
    v.try_into().expect("five numbers")
}

#[test]
fn cubeful_rollout_honours_truncation_and_variance_reduction() {
    // the seed's two-sided example: scored from the exact cubeful database at once
    let [nd, nd_se, dt, dt_se, _] = cube_line(&["CgAAEAEAAAAAAA", "--trials", "36"]);
    assert!((nd - 0.1605).abs() < 1e-4 && (dt - 0.3210).abs() < 1e-4 && nd_se == 0.0 && dt_se == 0.0);
    // a race truncated at once: the 0-ply cubeful no double and double/take of `eval --cubeful`
    let race = "PA8HAIDnOQAAAA";
    let out = gammon(&["eval", race, "--cubeful"]);
    let e: Vec<f64> =
        String::from_utf8(out.stdout).unwrap().split_whitespace().filter_map(|t| t.parse().ok()).collect();
    let [nd, nd_se, dt, _, _] = cube_line(&[race, "--trials", "36", "--truncate", "0"]);
    assert!((nd - e[7]).abs() < 2e-6 && (dt - e[8]).abs() < 2e-6 && nd_se == 0.0, "{nd} {dt} vs {e:?}");
    // played out: luck-based variance reduction takes most of the error away
    let plain = cube_line(&[race, "--trials", "144", "--no-variance-reduction"]);
    let reduced = cube_line(&[race, "--trials", "144"]);
    assert!(reduced[1] < plain[1] / 3.0 && reduced[3] < plain[3] / 3.0, "{plain:?} vs {reduced:?}");
    assert!((reduced[0] - plain[0]).abs() < 3.0 * plain[1].hypot(reduced[1]), "{plain:?} vs {reduced:?}");
}

#[test]
fn bearoff_truncation_and_initial_position_flags() {
    // two chequers on our 6 point against one on their 1 point: we win only by rolling 3-3 or
    // higher doubles now, 4 rolls in 36
    let pos = Position::from_points(&[(6, 2)], &[(1, 1)]).unwrap().id();
    // the database knows it exactly
    let (m, se) = rollout(&[&pos, "--trials", "36"]);
    assert!((m[0] - 4.0 / 36.0).abs() < 2e-5 && se[0] == 0.0, "{m:?} {se:?}");
    // played out, plain dice: the 36 stratified first rolls hold each roll once
    let (m, se) = rollout(&[&pos, "--trials", "36", "--no-bearoff-truncation", "--no-variance-reduction"]);
    assert!((m[0] - 4.0 / 36.0).abs() < 1e-6 && se[0] > 0.0, "{m:?} {se:?}");
    // as an initial position the first roll is never a double: no wins at all
    let (m, _) =
        rollout(&[&pos, "--trials", "36", "--no-bearoff-truncation", "--no-variance-reduction", "--initial-position"]);
    assert_eq!(m[0], 0.0, "{m:?}");
}
