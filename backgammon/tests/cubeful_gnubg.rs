//! Differential test: 0-ply match cube decisions from given probabilities against gnubg's own
//! (the `gnubg_nn` Python module's `evaluate_cube_decision` with `p=`), both on Kit Woolsey's MET.
//! Skipped with a notice when `python3 -c "import gnubg_nn"` fails; a failure under
//! `REQUIRE_REFERENCES=1`.

use backgammon::cube::cubeful::{Ownership, PositionClass, Scoring};
use backgammon::cube::decision::analyse;
use backgammon::cube::met::{MatchEquityTable, MatchScore};
use backgammon::eval::Probabilities;
use std::process::Command;

const SCRIPT: &str = r#"
import sys, gnubg_nn as g
g.set.equities('woolsey')
pid = '4HPMwQCMz+AIIQ'
for line in sys.stdin:
    a, b, *p = line.split()
    g.set.score(int(a), int(b))
    r = g.evaluate_cube_decision(pid, n=0, i=1, p=tuple(float(x) for x in p))
    print(' '.join(str(x) for x in r))
"#;

fn have_gnubg_nn() -> bool {
    let ok = Command::new("python3").args(["-c", "import gnubg_nn"]).output().is_ok_and(|o| o.status.success());
    test_support::require(ok, test_support::GNUBG_NN)
}

/// gnubg-nn's decisions for `cases`; once the module imports, any failure here is a test failure.
fn gnubg(cases: &[(u32, u32, [f64; 5])]) -> Vec<Vec<f64>> {
    use std::io::Write;
    let mut child = Command::new("python3")
        .args(["-c", SCRIPT])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 starts");
    let mut input = String::new();
    for (a, b, p) in cases {
        input.push_str(&format!("{a} {b} {} {} {} {} {}\n", p[0], p[1], p[2], p[3], p[4]));
    }
    child.stdin.take().expect("piped stdin").write_all(input.as_bytes()).expect("cases written");
    let out = child.wait_with_output().expect("python3 finishes");
    assert!(out.status.success(), "the gnubg_nn script failed");
    let text = String::from_utf8(out.stdout).expect("UTF-8 answers");
    text.lines().map(|l| l.split_whitespace().map(|x| x.parse().unwrap()).collect()).collect()
}

#[test]
fn zero_ply_match_cube_decisions_agree_with_gnubg() {
    if !have_gnubg_nn() {
        return;
    }
    let met = MatchEquityTable::woolsey();
    // a deterministic spread of probabilities and pre-Crawford scores
    let mut cases = Vec::new();
    let mut z: u64 = 12345;
    let mut next = || {
        z = z.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (z >> 11) as f64 / (1u64 << 53) as f64
    };
    for _ in 0..400 {
        let w = 0.2 + 0.75 * next();
        let wg = w * 0.35 * next();
        let lg = (1.0 - w) * 0.35 * next();
        let p = [w, wg, wg * 0.05 * next(), lg, lg * 0.05 * next()];
        let a = 2 + (next() * 9.0) as u32;
        let b = 2 + (next() * 9.0) as u32;
        cases.push((a, b, p));
    }
    let reference = gnubg(&cases);
    assert_eq!(reference.len(), cases.len(), "gnubg_nn answered {} of {} cases", reference.len(), cases.len());
    let (mut agree, mut err, mut sum) = (0, 0.0f64, 0.0f64);
    for ((a, b, p), r) in cases.iter().zip(&reference) {
        let probs = Probabilities::from_f64(*p);
        let s = Scoring::Match { met: &met, score: MatchScore::new(*a, *b, false) };
        let ours = analyse(&probs, s, 1, Ownership::Centred, PositionClass::Contact).unwrap();
        let e = ours.equities;
        let d = (e.no_double - r[3]).abs().max((e.double_take - r[4]).abs()).max((e.double_pass - r[5]).abs());
        err = err.max(d);
        sum += (e.no_double - r[3]).abs() + (e.double_take - r[4]).abs() + (e.double_pass - r[5]).abs();
        let (double, take) = (r[0] != 0.0, r[1] != 0.0);
        if ours.action.doubles() == double && ours.action.takes() == Some(take) {
            agree += 1;
        } else if std::env::var_os("CUBE_DIFF_VERBOSE").is_some() {
            eprintln!("{a}-away {b}-away {p:?}: ours {ours}, gnubg {r:?}");
        }
    }
    let n = cases.len();
    eprintln!("agreement {agree}/{n}, mean |MWC difference| {:.5}, max {err:.5}", sum / (3 * n) as f64);
    // measured 2026-11-26: 386/400 (96.5%) agree, mean |MWC difference| 0.00115, largest 0.0336;
    // the differences left are borderline double / no double (no double and double/take within a
    // few thousandths) and double/pass against double/take within a thousandth
    assert!(agree >= 386, "{agree}/{n} cube decisions agree with gnubg (386 measured)");
    let mean = sum / (3 * n) as f64;
    assert!(mean < 0.0012 && err < 0.034, "mean |MWC difference| {mean:.5}, largest {err:.5}");
    // the "double, pass" MWC is pure table arithmetic: it must agree to gnubg's float precision
    for ((a, b, _), r) in cases.iter().zip(&reference) {
        let dp = met.mwc_after(MatchScore::new(*a, *b, false), true, 1).unwrap();
        assert!((dp - r[5]).abs() < 1e-4, "{a}/{b}: {dp} vs {}", r[5]);
    }
}
