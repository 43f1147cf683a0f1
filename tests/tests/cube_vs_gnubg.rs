//! Cube decisions against gnubg-nn's (`gnubg_nn.evaluate_cube_decision`) on 500 positions from
//! real play: `tests/data/cube_positions.txt`, written by
//! `tests/python/gnubg_cube.py positions --count 500 --seed 7` (seeded games played by gnubg-nn at
//! 0-ply, sampled before a roll where the player on roll has 55% to 85% cubeless winning
//! chances, random match lengths 3 to 11 and scores, centred cube; the player on roll is never
//! 1-away). gnubg-nn cannot decide money cubes ("Not implemented for money"), so all positions
//! are match play.
//!
//! Both sides use Kit Woolsey's table with gnubg-nn's post-Crawford row: gnubg-nn computes its
//! own (3-away trailer 0.31955) where gnubg 1.07's `woolsey.xml`, and our built-in table, have
//! 0.30; [`gnubg_nn_post_crawford_row`] reads it off gnubg-nn.
//!
//! gnubg 1.07 itself (`/usr/games/gnubg`, `eval` with cube and chequer play at the same plies, its
//! `woolsey.xml`) is the second reference: gnubg-nn's cube model is not gnubg's, and the two
//! programs agree on only 90% (0-ply) and 93% (2-ply) of these decisions.
//!
//! A decision agrees when both the double/no double and the take/pass verdicts agree ("too good"
//! counts as no double; gnubg's "optional double" accepts either). Measured: our cube model alone
//! (0-ply Janowski on the reference's own probabilities at the same depth) and our whole engine
//! (our cubeful evaluation on our nets), at 0 and at 2 plies. The bar is 90% at 2 plies
//! against gnubg-nn, asserted below with the figures measured on the way there.

use backgammon::cube::cubeful::{PositionClass, Scoring};
use backgammon::cube::decision::{analyse, analyse_with_efficiency, cube_class, evaluate_position, CubeContext};
use backgammon::cube::met::MatchEquityTable;
use backgammon::eval::nply::NPly;
use backgammon::eval::Evaluator;
use backgammon::eval::Probabilities;
use backgammon::rules::cube::CubeOwner;
use backgammon::rules::match_id::MatchState;
use backgammon::Position;
use interop_tests::{have_gnubg, have_gnubg_nn, python_script, require_path, workspace_root};
use std::io::Write;
use std::process::{Command, Stdio};

/// gnubg-nn's post-Crawford MWCs of a trailer 1-away … 15-away against a leader 1-away on its
/// Woolsey table (`gnubg_cube.py post-crawford`; 1-away is 0.5 by definition).
const GNUBG_NN_POST_CRAWFORD: [f64; 15] = [
    0.5, 0.48505, 0.31955, 0.30235, 0.18940, 0.17545, 0.11375, 0.10470, 0.06745, 0.06165, 0.03995, 0.03690, 0.02360,
    0.02210, 0.01435,
];

fn table() -> MatchEquityTable {
    MatchEquityTable::woolsey()
        .with_post_crawford("Kit Woolsey, gnubg-nn's post-Crawford row", &GNUBG_NN_POST_CRAWFORD)
        .expect("MWCs between 0 and 1")
}

struct Case {
    pos: Position,
    state: MatchState,
    line: String,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(workspace_root().join("tests/data/cube_positions.txt")).expect("data file");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let pos = Position::from_id(f[0]).unwrap_or_else(|e| panic!("{l}: {e}"));
            let state = MatchState::from_id(f[1]).unwrap_or_else(|e| panic!("{l}: {e}"));
            Case { pos, state, line: l.to_string() }
        })
        .collect()
}

/// One gnubg-nn answer.
struct Theirs {
    double: bool,
    take: bool,
    /// `[no double, double/take, double/pass]` MWCs.
    mwc: [f64; 3],
    /// Its cubeless probabilities at the same depth.
    probs: [f64; 5],
    /// The double and take verdicts of its 0-ply cube model on `probs` (gnubg-nn only).
    model: (bool, bool),
    /// gnubg's "Optional double": no double and double/take equal, either verdict is right.
    optional: bool,
}

fn python(args: &[&str], input: &str) -> String {
    let mut child = Command::new("python3")
        .arg(python_script("gnubg_cube.py"))
        .args(args)
        .current_dir(python_script(""))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child.stdin.take().expect("piped").write_all(input.as_bytes()).expect("write");
    let out = child.wait_with_output().expect("python3 finishes");
    assert!(out.status.success(), "gnubg_cube.py {args:?} failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn gnubg(cases: &[Case], plies: usize) -> Vec<Theirs> {
    let input: String = cases.iter().map(|c| format!("{}\n", c.line)).collect();
    python(&["decide", "--plies", &plies.to_string()], &input)
        .lines()
        .map(|l| {
            let v: Vec<f64> = l.split_whitespace().map(|x| x.parse().expect("number")).collect();
            Theirs {
                double: v[0] != 0.0,
                take: v[1] != 0.0,
                mwc: [v[2], v[3], v[4]],
                probs: [v[5], v[6], v[7], v[8], v[9]],
                model: (v[10] != 0.0, v[11] != 0.0),
                optional: false,
            }
        })
        .collect()
}

/// gnubg 1.07's own decisions (`/usr/games/gnubg`, its `woolsey.xml`) at `plies`, its
/// normalised equities turned back into MWCs with `met` (the same table).
fn real_gnubg(cases: &[Case], met: &MatchEquityTable, plies: usize) -> Vec<Theirs> {
    let input: String = cases.iter().map(|c| format!("{}\n", c.line)).collect();
    python(&["gnubg-decide", "--plies", &plies.to_string()], &input)
        .lines()
        .zip(cases)
        .map(|(l, c)| {
            let v: Vec<f64> = l.split_whitespace().map(|x| x.parse().expect("number")).collect();
            // gnubg normalises per current cube: money equity per cube as we do; in match play
            // NEMG, which we turn back into MWC at the current cube
            let cube = CubeContext::from_match_state(&c.state, met);
            let mwc = |v: f64| match cube.scoring {
                Scoring::Money { .. } => v,
                Scoring::Match { score, .. } => met.mwc_of_nemg(v, score, cube.cube).unwrap(),
            };
            Theirs {
                double: v[0] != 0.0,
                take: v[1] != 0.0,
                mwc: [mwc(v[2]), mwc(v[3]), mwc(v[4])],
                probs: [v[5], v[6], v[7], v[8], v[9]],
                model: (false, false),
                optional: v[10] != 0.0,
            }
        })
        .collect()
}

fn gnubg_installed() -> bool {
    // both checked, so the log names each one that is missing
    let (gnubg, nn) = (have_gnubg(), have_gnubg_nn());
    gnubg && nn
}

/// A decision of ours: double, take, `[nd, dt, dp]`.
type Decision = (bool, bool, [f64; 3]);

/// Our decisions from our own evaluation at `plies` (two threads): the cubeful search's and
/// Janowski's 0-ply model on our `plies`-ply cubeless probabilities.
fn ours(cases: &[Case], met: &MatchEquityTable, plies: usize) -> Vec<(Decision, Decision)> {
    ours_at(cases, &[met], plies).pop().expect("one table")
}

/// [`ours`] under each table of `mets`: a position's decisions under all of them come from one
/// memoised search ([`NPly::with_memo`]), so the cubeless probabilities, the same under every
/// table, and most of the cubeful walk are computed once.
fn ours_at(cases: &[Case], mets: &[&MatchEquityTable], plies: usize) -> Vec<Vec<(Decision, Decision)>> {
    let ev = Evaluator::embedded();
    let half = cases.len().div_ceil(2);
    let per_case: Vec<Vec<(Decision, Decision)>> = std::thread::scope(|s| {
        let jobs: Vec<_> = cases
            .chunks(half)
            .map(|chunk| {
                s.spawn(move || {
                    let mut search = NPly::new(ev, 1);
                    chunk
                        .iter()
                        .map(|c| {
                            search.with_memo(|search| {
                                mets.iter()
                                    .map(|met| {
                                        let cube = CubeContext::from_match_state(&c.state, met);
                                        let (p, a) =
                                            evaluate_position(search, &c.pos, &cube, plies).expect("score in table");
                                        let m = analyse(&p, cube.scoring, cube.cube, cube.owner, cube_class(&c.pos))
                                            .expect("score in table");
                                        (decision(&a), decision(&m))
                                    })
                                    .collect::<Vec<_>>()
                            })
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        jobs.into_iter().flat_map(|j| j.join().expect("thread")).collect()
    });
    (0..mets.len()).map(|t| per_case.iter().map(|d| d[t]).collect()).collect()
}

fn decision(a: &backgammon::cube::decision::CubeAnalysis) -> Decision {
    let e = a.equities;
    (a.action.doubles(), a.action.takes() == Some(true), [e.no_double, e.double_take, e.double_pass])
}

/// Our cube model on the reference's probabilities.
fn model(cases: &[Case], theirs: &[Theirs], met: &MatchEquityTable) -> Vec<Decision> {
    model_at(cases, theirs, met, |class, scoring| class.cube_efficiency_in(scoring))
}

/// Our cube model on the reference's probabilities with the manual's cube efficiencies at every
/// score, as gnubg 1.07 uses them (ours differ after the Crawford game:
/// [`backgammon::cube::cubeful::POST_CRAWFORD_EFFICIENCY`]).
fn manual_model(cases: &[Case], theirs: &[Theirs], met: &MatchEquityTable) -> Vec<Decision> {
    model_at(cases, theirs, met, |class, _| class.cube_efficiency())
}

fn model_at(
    cases: &[Case],
    theirs: &[Theirs],
    met: &MatchEquityTable,
    efficiency: impl Fn(PositionClass, Scoring<'_>) -> f64,
) -> Vec<Decision> {
    cases
        .iter()
        .zip(theirs)
        .map(|(c, t)| {
            let cube = CubeContext::from_match_state(&c.state, met);
            let x = efficiency(cube_class(&c.pos), cube.scoring);
            let a = analyse_with_efficiency(&Probabilities::from_f64(t.probs), cube.scoring, cube.cube, cube.owner, x)
                .expect("in table");
            decision(&a)
        })
        .collect()
}

/// Agreements with gnubg-nn's decisions, printed with the mean |MWC error| of no double and
/// double/take. Double/pass is table arithmetic and must agree to gnubg-nn's float precision
/// when both sides use the same table (`same_table`).
fn compare(cases: &[Case], decisions: &[Decision], theirs: &[Theirs], what: &str) -> usize {
    compare_tables(cases, decisions, theirs, what, true)
}

fn compare_tables(cases: &[Case], decisions: &[Decision], theirs: &[Theirs], what: &str, same_table: bool) -> usize {
    let (mut agree, mut double_agree, mut take_agree) = (0, 0, 0);
    let (mut err_nd, mut err_dt) = (0.0f64, 0.0f64);
    for ((c, t), (d, k, e)) in cases.iter().zip(theirs).zip(decisions) {
        let double_ok = *d == t.double || t.optional;
        double_agree += usize::from(double_ok);
        take_agree += usize::from(*k == t.take);
        if double_ok && *k == t.take {
            agree += 1;
        } else if std::env::var_os("CUBE_DIFF_VERBOSE").is_some() {
            eprintln!("{what}: {}: ours double={d} take={k} {e:?}, gnubg {} {} {:?}", c.line, t.double, t.take, t.mwc);
        }
        err_nd += (e[0] - t.mwc[0]).abs();
        err_dt += (e[1] - t.mwc[1]).abs();
        assert!(
            !same_table || (e[2] - t.mwc[2]).abs() < 2e-4,
            "{what}: {}: double/pass {} vs {}",
            c.line,
            e[2],
            t.mwc[2]
        );
    }
    let n = cases.len();
    eprintln!(
        "{what}: {agree}/{n} agree ({:.1}%; double {double_agree}, take {take_agree}); \
         mean |MWC error| no double {:.4}, double/take {:.4}",
        100.0 * agree as f64 / n as f64,
        err_nd / n as f64,
        err_dt / n as f64
    );
    agree
}

/// How often gnubg-nn's own 0-ply cube model on its own probabilities makes its decision at
/// that depth: the most a 0-ply model fed those probabilities can reach.
fn ceiling(theirs: &[Theirs], what: &str) -> usize {
    let n = theirs.iter().filter(|t| t.model == (t.double, t.take)).count();
    eprintln!("{what}: gnubg-nn's 0-ply model on its own probabilities makes its decision on {n}/{}", theirs.len());
    n
}

#[test]
fn gnubg_nn_post_crawford_row() {
    if !have_gnubg_nn() {
        return;
    }
    let out = python(&["post-crawford"], "");
    let row: Vec<f64> = out.split_whitespace().map(|x| x.parse().expect("number")).collect();
    assert_eq!(row.len(), 14, "{out}");
    for (k, v) in row.iter().enumerate() {
        assert!((v - GNUBG_NN_POST_CRAWFORD[k + 1]).abs() < 1e-5, "{}-away: {v}", k + 2);
    }
    // the table the tests use carries it; the built-in Woolsey row (gnubg's woolsey.xml) differs
    let (t, w) = (table(), MatchEquityTable::woolsey());
    assert_eq!(t.post(3, 0).unwrap(), 0.31955);
    assert_eq!(w.post(3, 0).unwrap(), 0.30);
    assert_eq!(t.pre(3, 7).unwrap(), w.pre(3, 7).unwrap());
}

/// gnubg-nn's decisions as decisions of ours, to measure how far the two reference programs agree.
fn as_decisions(theirs: &[Theirs]) -> Vec<Decision> {
    theirs.iter().map(|t| (t.double, t.take, t.mwc)).collect()
}

#[test]
fn zero_ply_cube_decisions_agree_with_gnubg_on_500_positions() {
    if !gnubg_installed() {
        return;
    }
    let cases = cases();
    let n = cases.len();
    let (nn_met, met) = (table(), MatchEquityTable::woolsey());
    let nn = gnubg(&cases, 0);
    let real = real_gnubg(&cases, &met, 0);
    assert_eq!((nn.len(), real.len()), (n, n));
    // gnubg-nn's 0-ply decision is its model on its 0-ply probabilities
    assert_eq!(ceiling(&nn, "0-ply"), n);
    // the two reference programs: the same nets nearly, other cube models
    compare_tables(&cases, &as_decisions(&nn), &real, "0-ply gnubg-nn against gnubg 1.07", false);
    let model_real = compare(
        &cases,
        &manual_model(&cases, &real, &met),
        &real,
        "0-ply cube model (manual's x) on gnubg 1.07's 0-ply",
    );
    compare(&cases, &model(&cases, &real, &met), &real, "0-ply cube model on gnubg 1.07's 0-ply");
    let model_nn = compare(&cases, &model(&cases, &nn, &nn_met), &nn, "0-ply cube model on gnubg-nn's 0-ply");
    let mine: Vec<Vec<Decision>> =
        ours_at(&cases, &[&met, &nn_met], 0).into_iter().map(|d| d.into_iter().map(|(a, _)| a).collect()).collect();
    let agree_real = compare(&cases, &mine[0], &real, "our 0-ply cube decisions against gnubg 1.07");
    let agree_nn = compare(&cases, &mine[1], &nn, "our 0-ply cube decisions against gnubg-nn");
    // Measured (2026-11-23): gnubg-nn and gnubg 1.07 agree on 449/500 (89.8%); our model on
    // gnubg's probabilities makes gnubg's decision on 495/500 (99.0%), on gnubg-nn's makes
    // gnubg-nn's on 446/500 (89.2%): gnubg-nn's is another model (its "no double" behaves as
    // Janowski's with x = 0.75-0.78 in every position class, where gnubg and we use the manual's
    // 0.68 for contact, 0.6-0.7 for races and bearoffs). Our whole engine (our nets): 393/500
    // against gnubg, 380/500 against gnubg-nn; with the stage 4 nets of 2026-11-24 (crashed
    // positions trained on rollouts) 422/500 and 399/500, with the stage 5 nets 437/500 and
    // 413/500, with the stage 6 nets (2026-11-25) 445/500 and 415/500, with stage 7's 446/500
    // and 416/500, and 447/500 and 417/500 once two-sided bearoff positions took one cube
    // efficiency per cube position (the same day); with stage 8's 450/500 and 419/500. With the
    // post-Crawford efficiency measured by rollouts (0.86, the same day): 444/500 and 425/500; our
    // model on gnubg-nn's probabilities 449/500, on gnubg 1.07's 482/500 (the manual's x at
    // every score, as gnubg 1.07 uses it: still 495/500, `model_real`).
    // Floors just under what was measured on 2026-11-26: 495, 449, 444 and 425 of 500 (one or two
    // borderline decisions of room, for float rounding in the nets' SIMD paths).
    assert!(model_real >= 494, "{model_real}/{n}: the cube model disagrees with gnubg's (495 measured)");
    assert!(model_nn >= 447, "{model_nn}/{n}: the cube model disagrees with gnubg-nn's (449 measured)");
    assert!(agree_real >= 442, "{agree_real}/{n} 0-ply cube decisions agree with gnubg's (444 measured)");
    assert!(agree_nn >= 423, "{agree_nn}/{n} 0-ply cube decisions agree with gnubg-nn's (425 measured)");
}

#[test]
fn two_ply_cube_decisions_agree_with_gnubg_on_500_positions() {
    if !gnubg_installed() {
        return;
    }
    let cases = cases();
    assert_eq!(cases.len(), 500);
    let n = cases.len();
    let (nn_met, met) = (table(), MatchEquityTable::woolsey());
    let nn = gnubg(&cases, 2);
    let real = real_gnubg(&cases, &met, 2);
    assert_eq!((nn.len(), real.len()), (n, n));
    let top = ceiling(&nn, "2-ply");
    compare_tables(&cases, &as_decisions(&nn), &real, "2-ply gnubg-nn against gnubg 1.07", false);
    // the cube model alone: our 0-ply decision from gnubg-nn's own 2-ply probabilities
    let model_agree = compare(&cases, &model(&cases, &nn, &nn_met), &nn, "cube model on gnubg-nn's 2-ply");
    // the whole engine: our cubeful 2-ply search, and Janowski on our 2-ply probabilities
    // (under both tables at once: one memoised search per position)
    let [with_nn, with_met]: [Vec<(Decision, Decision)>; 2] =
        ours_at(&cases, &[&nn_met, &met], 2).try_into().expect("two tables");
    let (search_nn, janowski): (Vec<Decision>, Vec<Decision>) = with_nn.into_iter().unzip();
    let agree = compare(&cases, &search_nn, &nn, "our 2-ply cubeful search against gnubg-nn");
    compare(&cases, &janowski, &nn, "Janowski on our 2-ply probabilities against gnubg-nn");
    let search_real: Vec<Decision> = with_met.into_iter().map(|(a, _)| a).collect();
    let agree_real = compare(&cases, &search_real, &real, "our 2-ply cubeful search against gnubg 1.07");
    // Measured (2026-11-23): gnubg-nn and gnubg 1.07 agree on 467/500 (93.4%). gnubg-nn's own
    // model on its 2-ply probabilities makes its 2-ply decision on 458/500 (its 2-ply cube
    // decision is a recursion of its own: n=1 and n=2 give identical figures); our model on them
    // 433/500. Our cubeful search: 406/500 (81.2%) against gnubg, 384/500 (76.8%) against
    // gnubg-nn; Janowski on our 2-ply probabilities does worse (368/500), so the search stays.
    // With the 2-ply-trained nets (2026-11-24, four iterations): 430/500 (86.0%) and 417/500
    // (83.4%); Janowski on their 2-ply probabilities 393/500; at 0 ply 409/500 and 390/500.
    // Stage 4 nets (the same day, crashed positions trained on rollouts): 431/500 (86.2%) and
    // 420/500 (84.0%), mean |MWC error| against gnubg-nn 0.0096 (no double) and 0.0178
    // (double/take); Janowski on their 2-ply probabilities 395/500. Stage 5 nets (the same day,
    // contact output layer recalibrated on rollouts, two more 2-ply iterations): 452/500 (90.4%)
    // and 433/500 (86.6%), mean |MWC error| 0.0074 and 0.0132; Janowski 409/500. Stage 6 nets
    // (2026-11-25, 2-ply iterations on a roll's near-best plays side by side): 462/500 (92.4%)
    // and 445/500 (89.0%), mean |MWC error| 0.0065 and 0.0111; Janowski 421/500. Stage 7 nets (the
    // same day, contact and crashed nets at 256 units fitted to every 2-ply sample): 466/500
    // (93.2%) and 443/500 (88.6%), mean |MWC error| 0.0062 and 0.0109; at 0 ply 446 and 416.
    // Two-sided bearoff positions priced with one cube efficiency per cube position, as gnubg
    // 1.07 does (`two_sided_bearoff_match_cubes_agree_with_gnubg`): 467/500 and 444/500. Stage 8
    // nets (the same day, two more iterations, the oldest samples relabelled): 461/500 (92.2%) and
    // 447/500 (89.4%), mean |MWC error| against gnubg-nn 0.0060 and 0.0101 (gnubg 1.07: 0.0046
    // and 0.0084, stage 7 0.0050 and 0.0090).
    // After the Crawford game the trailer's cube takes the efficiency our rollouts measure
    // (`bg-efficiency`, [`backgammon::cube::cubeful::POST_CRAWFORD_EFFICIENCY`] = 0.86; gnubg-nn's figures
    // behave as 0.825 there, gnubg 1.07 keeps the manual's 0.68), the same day: 451/500 (90.2%)
    // against gnubg-nn, mean |MWC error| 0.0058 and 0.0101, and 458/500 (91.6%) against gnubg 1.07;
    // our model on gnubg-nn's 2-ply probabilities 443/500 (was 433). With x = 0.75, 0.825 and 0.84
    // there: 449, 452 and 452 against gnubg-nn (462, 460, 460 against gnubg 1.07). 11 of the 53 disagreements
    // before were post-Crawford positions (62 of the 500), 6 of them gnubg-nn's "too good"
    // where our "no double" was 0.0004-0.015 lower. The rest is our nets' probabilities, e.g.
    // back games and trapped chequers (`1BYC4DnOthkBQA`: 72% for us, 61% for gnubg-nn).
    // Floors just under what was measured on 2026-11-26: 458, 443, 451 and 458 of 500; the
    // cubeful search against gnubg-nn keeps the bar of 90% (450), one decision under.
    assert!(top >= 456, "{top}/{n} (458 measured)");
    assert!(model_agree >= 441, "{model_agree}/{n}: the cube model disagrees with gnubg-nn's (443 measured)");
    assert!(agree >= 450, "{agree}/{n} cube decisions agree with gnubg-nn 2-ply (451 measured)");
    assert!(agree_real >= 456, "{agree_real}/{n} cube decisions agree with gnubg 2-ply (458 measured)");
}

/// Owned cubes against gnubg 1.07 at 0 ply: the first 200 positions with a 2-cube owned by the
/// player on roll (redoubles), in money play (gnubg's defaults: Jacoby rule, beavers) and at the
/// position's own score where the redouble is live (more than 2 points to go).
#[test]
fn zero_ply_redoubles_agree_with_gnubg() {
    if !gnubg_installed() {
        return;
    }
    let mut owned = Vec::new();
    for c in cases().into_iter().take(200) {
        let f: Vec<&str> = c.line.split_whitespace().collect();
        let mut st = c.state;
        st.cube_log2 = 1;
        st.cube_owner = CubeOwner::Player(st.on_roll);
        if f[2].parse::<u32>().expect("away") > 2 {
            owned.push(Case { pos: c.pos, state: st, line: format!("{} {} {} {}", f[0], st.id(), f[2], f[3]) });
        }
        let money = MatchState { match_length: 0, score: [0, 0], crawford: false, ..st };
        owned.push(Case { pos: c.pos, state: money, line: format!("{} {} 0 0", f[0], money.id()) });
    }
    let n = owned.len();
    let met = MatchEquityTable::woolsey();
    let real = real_gnubg(&owned, &met, 0);
    assert_eq!(real.len(), n);
    let model_agree =
        compare(&owned, &manual_model(&owned, &real, &met), &real, "0-ply redoubles, model (manual's x) on gnubg's");
    let mine: Vec<Decision> = ours(&owned, &met, 0).into_iter().map(|(a, _)| a).collect();
    let agree = compare(&owned, &mine, &real, "our 0-ply redoubles against gnubg 1.07");
    // Measured (2026-11-23), 350 decisions: our model on gnubg's probabilities 349/350, our
    // whole engine 265/350 with the TD nets, 261/350 with the expert-iteration nets that replaced
    // them, 278/350 with the 2-ply-trained nets of 2026-11-24, 287/350 with the stage 4 nets and
    // 296/350 with the stage 5 nets of the same day, 302/350 with the stage 6 nets of 2026-11-25,
    // 300/350 with stage 7's and 304/350 with stage 8's (the printed errors mix money equity and
    // MWC here), 299/350 once post-Crawford cubes took the measured 0.86 (gnubg 1.07 keeps 0.68;
    // the model check uses the manual's x, as gnubg does). The floor sits under the shipped nets.
    // Floors just under what was measured on 2026-11-26: 349 and 299 of 350.
    assert_eq!(n, 350);
    assert!(model_agree >= 348, "{model_agree}/{n}: redoubles disagree with gnubg's model (349 measured)");
    assert!(agree >= 297, "{agree}/{n} redoubles agree with gnubg (299 measured)");
}

/// Two-sided bearoff positions in match play against gnubg 1.07 at 0 ply, value for value:
/// gnubg reads its 6x6 two-sided database (`/var/lib/gnubg/gnubg_ts0.bd`) and, as the manual
/// says, turns each cube position's exact money equity into the cube efficiency Janowski's match
/// formula then uses. Seeded positions (1 to 6 chequers a side on the home board, the player on
/// roll winning 55% to 95%) at the scores of the first 150 cases where the player on roll is at
/// least 5-away: nearer the end two rules of the models part (our "double, take" is bounded by
/// the opponent's redouble when we could never use the cube again, see
/// [`backgammon::cube::cubeful::match_cubeful`]; and gnubg 1.07's "no double" at 2-away/2-away is the
/// dead cube's MWC, where the manual's formula, ours, blends in the live cube).
#[test]
fn two_sided_bearoff_match_cubes_agree_with_gnubg() {
    use rand::{Rng, SeedableRng};
    let ts0 = require_path("/var/lib/gnubg/gnubg_ts0.bd", test_support::GNUBG_TS0);
    if !gnubg_installed() || !ts0 {
        return;
    }
    let db = backgammon::eval::bearoff::cache::two_sided_default();
    let mut rng = rand::rngs::StdRng::seed_from_u64(23);
    let side = |rng: &mut rand::rngs::StdRng| {
        let mut points = [0u8; 7];
        for _ in 0..rng.random_range(1..=6) {
            points[rng.random_range(1..=6)] += 1;
        }
        (1..=6).filter(|&p| points[p] > 0).map(|p| (p, points[p])).collect::<Vec<_>>()
    };
    let mut bearoffs = Vec::new();
    for c in cases() {
        let f: Vec<&str> = c.line.split_whitespace().collect();
        if f[2].parse::<u32>().expect("away") < 5 {
            continue;
        }
        let pos = loop {
            let (a, b) = (side(&mut rng), side(&mut rng));
            let pos = Position::from_points(&a, &b).expect("legal");
            let win = db.equities(&pos).expect("in the database").win_probability();
            if (0.55..0.95).contains(&win) {
                break pos;
            }
        };
        bearoffs.push(Case { pos, state: c.state, line: format!("{} {} {} {}", pos.id(), f[1], f[2], f[3]) });
        if bearoffs.len() == 150 {
            break;
        }
    }
    let n = bearoffs.len();
    assert_eq!(n, 150);
    let met = MatchEquityTable::woolsey();
    let real = real_gnubg(&bearoffs, &met, 0);
    assert_eq!(real.len(), n);
    let mine: Vec<Decision> = ours(&bearoffs, &met, 0).into_iter().map(|(a, _)| a).collect();
    let agree = compare(&bearoffs, &mine, &real, "0-ply two-sided bearoffs against gnubg 1.07");
    for ((c, t), (_, _, e)) in bearoffs.iter().zip(&real).zip(&mine) {
        // gnubg prints five decimals of normalised equity, computed in single precision
        assert!((e[0] - t.mwc[0]).abs() < 1e-4, "{}: no double {} vs gnubg {}", c.line, e[0], t.mwc[0]);
        assert!((e[1] - t.mwc[1]).abs() < 1e-4, "{}: double/take {} vs gnubg {}", c.line, e[1], t.mwc[1]);
    }
    // Measured (2026-11-25): 150/150, every equity within 1e-4. Before, one efficiency (the
    // cube's own, bounded only to [0, 1]) priced "double, take" too: 139/150, mean |MWC error|
    // of "double, take" 0.0028.
    assert_eq!(agree, n);
}
