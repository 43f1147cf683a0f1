//! `gammon-train` as a command: flags a mode does not read are refused (exit 2, one line naming
//! them), and `--mode rollouts` writes rollout- or lookahead-labelled samples of the chosen class
//! only.

use backgammon::eval::{classify, Evaluator, Probabilities, RACE};
use backgammon::Position;
use backgammon_train::train::{load_samples, save_samples, Sample};
use std::process::Command;

fn train(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gammon-train")).args(args).output().expect("gammon-train runs")
}

#[test]
fn flags_another_mode_reads_are_refused() {
    let out = train(&["--mode", "fit", "--positions", "5", "--rollout-crashed", "3", "--samples", "x.bin"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim(), "gammon-train: --positions, --rollout-crashed not used by --mode fit");
    let out = train(&["--mode", "rollouts", "--epochs", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--epochs not used by --mode rollouts"));
    let out = train(&["--mode", "rollouts", "--siblings", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--siblings not used by --mode rollouts"));
    // a lookahead labels instead of rollouts: with --trials it is refused, as is a 3-ply one
    for bad in [&["--lookahead", "2", "--trials", "36"][..], &["--lookahead", "3"]] {
        let out = train(&[&["--mode", "rollouts"][..], bad].concat());
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    let out = train(&["--mode", "rollouts", "--siblings", "8"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Regression (issue 22): the float options took `NaN` and `inf` (Rust's float parsing accepts
/// them), which ruin a run. Each is refused by clap (exit 2, naming the option), as are values
/// outside an option's range.
#[test]
fn float_options_refuse_nan_infinities_and_out_of_range_values() {
    let options = [
        ("--alpha", "td"),
        ("--alpha-end", "td"),
        ("--lambda", "td"),
        ("--lr", "supervised"),
        ("--lr-end", "supervised"),
        ("--explore", "supervised"),
        ("--alternatives", "supervised"),
    ];
    for (option, mode) in options {
        for bad in ["NaN", "nan", "inf", "-inf", "infinity", "1e999", "-0.5", "x"] {
            let out = train(&["--mode", mode, &format!("{option}={bad}")]);
            assert_eq!(out.status.code(), Some(2), "{option}={bad}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains(option), "{option}={bad}: {err}");
        }
    }
    // probabilities stop at 1
    for option in ["--lambda", "--explore", "--alternatives"] {
        let mode = if option == "--lambda" { "td" } else { "supervised" };
        assert_eq!(train(&["--mode", mode, &format!("{option}=1.5")]).status.code(), Some(2), "{option}");
    }
}

#[test]
fn rollouts_mode_labels_the_chosen_class_by_rollouts() {
    let dir = std::env::temp_dir().join(format!("gammon-train-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // a race (111 pips on roll against 114, chequers outside both home boards: the race net's)
    // and a contact position, both with a made-up target
    let race = Position::from_points(&[(9, 3), (8, 4), (7, 4), (6, 4)], &[(9, 4), (8, 4), (7, 4), (6, 3)]).unwrap();
    let contact = backgammon::rules::variant::Variant::Standard.starting_position();
    assert_eq!(classify(&race).net(), Some(RACE));
    let made_up = Probabilities([0.5, 0.0, 0.0, 0.0, 0.0]);
    let input = dir.join("samples.bin");
    let samples = [Sample { pos: race, target: made_up }, Sample { pos: contact, target: made_up }];
    save_samples(&input, &samples).unwrap();
    let out_file = dir.join("rolled.bin");
    let out = train(&[
        "--mode",
        "rollouts",
        "--samples",
        input.to_str().unwrap(),
        "--nets",
        "race",
        "--trials",
        "36",
        "--limit",
        "10",
        "--out",
        out_file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rolled = load_samples(&out_file).unwrap();
    assert_eq!(rolled.len(), 1);
    assert_eq!(rolled[0].pos, race);
    // the rollout's win chance is near the race net's own (a variance-reduced 36-game rollout)
    let net = Evaluator::embedded().evaluate(&race).win();
    assert!((rolled[0].target.win() - net).abs() < 0.1, "{:?} vs {net}", rolled[0].target);
    assert!(rolled[0].target.win() > 0.5, "{:?}: 3 pips ahead on roll", rolled[0].target);
    // --lookahead 1: the race position's 1-ply value, which a 0-ply evaluation of the same nets
    // is near but not equal to
    let looked_file = dir.join("looked.bin");
    let args = ["--mode", "rollouts", "--samples", input.to_str().unwrap(), "--nets", "race", "--lookahead", "1"];
    let out = train(&[&args[..], &["--out", looked_file.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let looked = load_samples(&looked_file).unwrap();
    assert_eq!(looked.len(), 1);
    assert_eq!(looked[0].pos, race);
    assert!((looked[0].target.win() - net).abs() < 0.05 && looked[0].target != made_up, "{:?}", looked[0].target);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn supervised_mode_fits_the_given_samples_with_every_iteration() {
    let dir = std::env::temp_dir().join(format!("gammon-train-fixed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // the opening position, claimed won with a gammon, 2,000 times over
    let start = backgammon::rules::variant::Variant::Standard.starting_position();
    let claim = Probabilities([1.0, 1.0, 0.0, 0.0, 0.0]);
    let fixed = dir.join("fixed.bin");
    save_samples(&fixed, &vec![Sample { pos: start, target: claim }; 2000]).unwrap();
    let run = |out: &str, extra: &[&str]| {
        let out_dir = dir.join(out);
        let mut args = vec![
            "--mode",
            "supervised",
            "--dir",
            out_dir.to_str().unwrap(),
            "--positions",
            "60",
            "--epochs",
            "2",
            "--seed",
            "3",
        ];
        args.extend_from_slice(extra);
        let o = train(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        (
            Evaluator::load_dir(&out_dir.join("iter-1")).unwrap().evaluate(&start),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let (plain, _) = run("plain", &[]);
    let (with, log) = run("with", &["--samples", fixed.to_str().unwrap()]);
    assert!(log.contains("2000 samples of"), "{log}");
    // the claim pulls the opening's value towards it; without it the nets keep a near-even game
    assert!(plain.win() < 0.6 && plain.0[1] < 0.3, "{plain:?}");
    assert!(with.win() > plain.win() + 0.1 && with.0[1] > plain.0[1] + 0.1, "{with:?} vs {plain:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
