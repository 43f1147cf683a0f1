//! Chequer play against gnubg 2-ply on 2,000 positions from real play:
//! `tests/data/chequer_2ply.txt`, written by
//! `tests/python/gnubg_chequer_ref.py --count 2000 --seed 2026 --jobs 2` (seeded money games
//! played by gnubg-nn at 0 plies, a quarter of the non-forced turns kept; every legal play with
//! gnubg-nn's 2-ply cubeless money equity). The file is the independent truth: its plays are
//! gnubg's move generator's and its equities gnubg's.
//!
//! - our move generator lists exactly gnubg's plays in every position (and in the 2,000 of
//!   `tests/data/chequer_2ply_dev.txt`, `--seed 2027`);
//! - our 0-ply choice loses at most [`FLOOR_0PLY`] millipoints per move on average (the issue's
//!   goal is under 4, the wildbg anchor about 5.9); the floor guards regressions of the nets;
//!   our 1- and 2-ply choices stay under [`FLOOR_1PLY`] and [`FLOOR_2PLY`];
//! - gnubg-nn's own 0-ply choice, read from the file, is the sanity anchor: a few millipoints
//!   (2.74 ± 0.21 measured);
//! - with gnubg-nn installed, the script recomputes three records of the file identically, and
//!   its `--check` confirms that its plies are gnubg's (the table's 2-ply best play and equity
//!   are `best_move(n=2)`'s on four opening rolls).

use backgammon::eval::Evaluator;
use backgammon::MoveGenerator;
use backgammon_train::benchmark::{evaluator_error_rate, read_file, reference_0ply_error_rate, RefPosition};
use interop_tests::{have_gnubg_nn, python_script, workspace_root};
use std::collections::BTreeSet;
use std::process::Command;

/// Mean loss (mEMG per move) our 0-ply choice must stay under: 14.89 ± 0.92 measured on
/// 2026-11-23 with the nets of commit 01c27a5 (1-ply 8.60 ± 0.60), 10.13 ± 0.65 with the
/// retrained nets of the same day, 6.77 ± 0.50 with the 2-ply-trained nets of 2026-11-24, 5.50 ±
/// 0.41 with the nets whose crashed positions were labelled by rollouts (stage 4, the same day),
/// 5.02 ± 0.37 with stage 5's (contact output layer recalibrated on rollouts, two more 2-ply
/// iterations), 4.83 ± 0.38 with stage 6's (2-ply iterations on a roll's near-best plays side by
/// side, 2026-11-25), 3.49 ± 0.28 with stage 7's (contact and crashed nets widened to 256 units and
/// fitted to every 2-ply sample, the same day), 3.11 ± 0.26 with stage 8's (two more iterations, the
/// oldest samples relabelled), the same 3.11 on 2026-11-26; the positions and nets being fixed,
/// the figure is too, and the floor sits just above it.
const FLOOR_0PLY: f64 = 3.2;

/// Mean loss our 1-ply and 2-ply choices (gnubg's normal filters) must stay under: 3.22 ± 0.27
/// and 1.40 ± 0.14 measured on 2026-11-25 with stage 5's nets, 3.20 ± 0.27 and 1.40 ± 0.15 with
/// stage 6's, 2.17 ± 0.21 and 0.98 ± 0.10 with stage 7's, 2.03 ± 0.20 and 0.91 ± 0.10 with stage
/// 8's, the same 2.03 and 0.91 on 2026-11-26 (floors just above). The 2-ply choice ranks the plays
/// by the values the nets are trained on, so it guards the search and the training targets.
const FLOOR_1PLY: f64 = 2.1;
const FLOOR_2PLY: f64 = 0.95;

fn refs() -> Vec<RefPosition> {
    read_file(workspace_root().join("tests/data/chequer_2ply.txt")).expect("reference file parses")
}

#[test]
fn move_generation_matches_gnubg_on_every_reference_position() {
    let refs = refs();
    assert_eq!(refs.len(), 2000);
    // the second set (`--seed 2027`), on which training runs choose between nets
    let dev = read_file(workspace_root().join("tests/data/chequer_2ply_dev.txt")).expect("dev file parses");
    assert_eq!(dev.len(), 2000);
    let mut gen = MoveGenerator::new();
    for p in refs.iter().chain(&dev) {
        let ours: BTreeSet<String> =
            gen.generate(&p.position, p.dice.0, p.dice.1).iter().map(|m| m.result().id()).collect();
        let theirs: BTreeSet<String> = p.plays.iter().map(|m| m.result.id()).collect();
        assert_eq!(ours, theirs, "line {}: {} {:?}", p.line, p.position.id(), p.dice);
        assert!(theirs.len() >= 2, "line {}: forced positions are not kept", p.line);
    }
}

#[test]
fn zero_ply_error_rate_against_gnubg_2ply() {
    let refs = refs();
    let anchor = reference_0ply_error_rate(&refs);
    eprintln!("gnubg-nn 0-ply: {anchor}");
    assert_eq!(anchor.positions, 2000);
    // gnubg-nn's own 0-ply choice on the same file: 2.74 mEMG per move measured on 2026-11-26
    assert!(anchor.mean_loss > 2.7 && anchor.mean_loss < 2.8, "gnubg 0-ply anchor {anchor}");
    let ours = evaluator_error_rate(&refs, Evaluator::embedded(), 0);
    eprintln!("ours 0-ply: {ours}");
    assert_eq!(ours.unmatched, 0);
    assert!(ours.mean_loss < FLOOR_0PLY, "our 0-ply error rate {ours} is above the floor {FLOOR_0PLY}");
}

fn run_script(args: &[&str]) -> String {
    let out =
        Command::new("python3").arg(python_script("gnubg_chequer_ref.py")).args(args).output().expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    text
}

#[test]
fn reference_file_is_gnubgs() {
    if !have_gnubg_nn() {
        return;
    }
    let text = run_script(&["--check"]);
    assert_eq!(text.matches("agrees with best_move n=2").count(), 4, "{text}");
    let file = workspace_root().join("tests/data/chequer_2ply.txt");
    let text = run_script(&["--verify", file.to_str().expect("UTF-8 path"), "--records", "3"]);
    assert_eq!(text.trim(), "verified 3 of 2000 records");
}

#[test]
fn one_and_two_ply_error_rates_against_gnubg_2ply() {
    let refs = refs();
    let one = evaluator_error_rate(&refs, Evaluator::embedded(), 1);
    eprintln!("ours 1-ply: {one}");
    let two = evaluator_error_rate(&refs, Evaluator::embedded(), 2);
    eprintln!("ours 2-ply: {two}");
    assert_eq!((one.unmatched, two.unmatched), (0, 0));
    assert!(one.mean_loss < FLOOR_1PLY, "our 1-ply error rate {one} is above the floor {FLOOR_1PLY}");
    assert!(two.mean_loss < FLOOR_2PLY, "our 2-ply error rate {two} is above the floor {FLOOR_2PLY}");
    // each ply looks further: the deeper choice loses less
    assert!(two.mean_loss < one.mean_loss, "2-ply {two} against 1-ply {one}");
}
