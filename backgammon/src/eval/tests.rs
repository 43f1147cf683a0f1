use super::*;
use crate::rules::sampling::random_game_positions;
use crate::rules::variant::Variant;

fn pos(me: &[(usize, u8)], opp: &[(usize, u8)]) -> Position {
    Position::from_points(me, opp).unwrap()
}

#[test]
fn classes_by_hand() {
    assert_eq!(classify(&Variant::Standard.starting_position()), PositionClass::Contact);
    assert_eq!(classify(&pos(&[], &[(3, 2)])), PositionClass::Over);
    assert_eq!(classify(&pos(&[(1, 1)], &[])), PositionClass::Over);
    assert_eq!(classify(&Position::from_id("2x0AAOi2AQAAAA").unwrap()), PositionClass::Bearoff);
    // passed each other, one side still outside its home board
    assert_eq!(classify(&pos(&[(8, 2)], &[(3, 2)])), PositionClass::Race);
    // my 13 faces their 12 (= my 13): they have passed; my 14 against their 12 (my 13) is contact
    assert_eq!(classify(&pos(&[(12, 1)], &[(12, 1)])), PositionClass::Race);
    assert_eq!(classify(&pos(&[(14, 1)], &[(12, 1)])), PositionClass::Crashed);
    // 15 chequers each in contact: contact; a side with 6 chequers left: crashed
    let crashed = pos(&[(24, 2), (6, 4)], &[(6, 5), (8, 3), (13, 5), (24, 2)]);
    assert_eq!(classify(&crashed), PositionClass::Crashed);
    // 13 chequers on the 1 point plus 2 elsewhere counts as few chequers in play
    let mut b = [[0u8; 25]; 2];
    b[ON_ROLL][0] = 8;
    b[ON_ROLL][23] = 7;
    b[OPPONENT][5] = 5;
    b[OPPONENT][12] = 5;
    b[OPPONENT][7] = 5;
    assert_eq!(classify(&Position::from_board(b).unwrap()), PositionClass::Contact);
    b[ON_ROLL][0] = 13;
    b[ON_ROLL][23] = 2;
    assert_eq!(classify(&Position::from_board(b).unwrap()), PositionClass::Crashed);
}

#[test]
fn finished_games_are_exact() {
    // I have borne off everything; the opponent still has 15 with one on my 1 point (its 24)
    let p = pos(&[], &[(24, 1), (6, 14)]);
    assert_eq!(over_probabilities(&p).0, [1.0, 1.0, 1.0, 0.0, 0.0]);
    assert_eq!(Evaluator::embedded().evaluate(&p).equity(), 3.0);
    let p = pos(&[], &[(6, 15)]);
    assert_eq!(over_probabilities(&p).0, [1.0, 1.0, 0.0, 0.0, 0.0]);
    let p = pos(&[], &[(6, 3)]);
    assert_eq!(over_probabilities(&p).0, [1.0, 0.0, 0.0, 0.0, 0.0]);
    // the opponent has won a gammon against my 15 home chequers
    let p = pos(&[(1, 15)], &[]);
    assert_eq!(over_probabilities(&p).0, [0.0, 0.0, 0.0, 1.0, 0.0]);
    assert_eq!(Evaluator::embedded().evaluate(&p).equity(), -2.0);
}

#[test]
fn seed_bearoff_position_wins_56_7_percent() {
    // the seed's one-sided example: 56.7% for the player on roll (gnubg-nn: 0.566956); no
    // gammons (the opponent has borne off chequers, so have I)
    let p = Position::from_id("2x0AAOi2AQAAAA").unwrap();
    let e = Evaluator::embedded().evaluate(&p);
    assert!((e.win() - 0.566_956).abs() < 5e-5, "{e:?}");
    assert_eq!(&e.0[1..], &[0.0; 4]);
    // one chequer each on the 1 point: the player on roll always wins
    let p = pos(&[(1, 1)], &[(1, 1)]);
    assert_eq!(Evaluator::embedded().evaluate(&p).win(), 1.0);
    // my last chequer against its 15: I win at once, a gammon since none of its chequers is off
    let p = pos(&[(2, 1)], &[(6, 15)]);
    let e = Evaluator::embedded().evaluate(&p);
    assert_eq!(e.win(), 1.0);
    assert!((e.0[1] - 1.0).abs() < 1e-6, "{e:?}");
}

#[test]
fn small_bearoffs_use_the_two_sided_database() {
    // the seed's two-sided example: 67.1% cubeless for the player on roll
    let p = Position::from_id("CgAAEAEAAAAAAA").unwrap();
    let e = Evaluator::embedded().evaluate(&p);
    assert!((e.win() - 0.671).abs() < 5e-4, "{e:?}");
    assert_eq!(&e.0[1..], &[0.0; 4]);
}

#[test]
fn bearoff_gammon_chances_follow_the_first_chequer_off() {
    // I have 15 chequers on my 6 point, the opponent one on its 1 point, and I am on roll: I
    // lose for sure, and lose a gammon unless this roll bears a chequer off: any 6 (11 rolls),
    // 5-1 and 4-2 (2 each), 3-3 and 2-2 (1 each) can; with 5-5, 4-4 or 1-1 the chequers left on
    // the 6 point forbid bearing off from below. So 17 of 36 rolls save the gammon.
    let p = pos(&[(6, 15)], &[(1, 1)]);
    let e = Evaluator::embedded().evaluate(&p);
    assert_eq!(e.win(), 0.0);
    assert!((e.0[3] - 19.0 / 36.0).abs() < 1e-4, "{e:?}");
}

/// Random nets: every input and hidden unit matters (the shipped nets may be anything).
fn random_evaluator() -> Evaluator {
    Evaluator::from_nets([0, 1, 2].map(|c| Net::new_random(c as u32, 16, 11 + c as u64))).unwrap()
}

#[test]
fn batch_evaluation_agrees_with_single_positions() {
    let ev = &random_evaluator();
    let mut gen = MoveGenerator::new();
    let mut scratch = Scratch::default();
    let mut out = Vec::new();
    for p in random_game_positions(Variant::Standard, 150, 77) {
        for (d1, d2) in [(6, 5), (3, 3), (2, 1), (6, 6)] {
            let plays = gen.generate(&p, d1, d2).to_vec();
            out.resize(plays.len(), Probabilities::default());
            ev.evaluate_plays(&p, &plays, &mut scratch, &mut out);
            for (play, got) in plays.iter().zip(&out) {
                let want = ev.evaluate(&play.result().swapped()).flipped();
                for k in 0..OUTPUTS {
                    assert!(
                        (got.0[k] - want.0[k]).abs() < 1e-4,
                        "{p:?} {d1}{d2} {}: {got:?} {want:?}",
                        play.notation()
                    );
                }
            }
        }
    }
}

#[test]
fn outputs_are_consistent_everywhere() {
    let random = random_evaluator();
    for (ev, p) in random_game_positions(Variant::Standard, 500, 3)
        .into_iter()
        .flat_map(|p| [(Evaluator::embedded(), p), (&random, p)])
    {
        let e = ev.evaluate(&p);
        let [w, wg, wbg, lg, lbg] = e.0;
        assert!((0.0..=1.0).contains(&w), "{p:?} {e:?}");
        assert!(wbg <= wg && wg <= w, "{p:?} {e:?}");
        assert!(lbg <= lg && lg <= 1.0 - w + 1e-6, "{p:?} {e:?}");
        assert!((-3.0..=3.0).contains(&e.equity()));
        // no gammon for a side whose opponent has borne off chequers
        if p.chequers_in_play(OPPONENT) < 15 {
            assert_eq!(wg, 0.0);
        }
    }
}

#[test]
fn flipping_twice_is_the_identity_and_equity_negates() {
    let p = Probabilities([0.6, 0.2, 0.05, 0.1, 0.01]);
    assert_eq!(p.flipped().flipped(), p);
    assert!((p.equity() + p.flipped().equity()).abs() < 1e-6);
    assert!((p.equity() - (0.2 + 0.2 - 0.1 + 0.05 - 0.01)).abs() < 1e-6);
}

#[test]
fn shipped_nets_play_the_standard_openings() {
    // gnubg 0-ply (gnubg-nn `best_move`) and opening theory agree on these: make the point with
    // 31, 42, 61, 53, and run a back chequer with 65
    let ev = Evaluator::embedded();
    let start = Variant::Standard.starting_position();
    let mut gen = MoveGenerator::new();
    let mut scratch = Scratch::default();
    let mut buf = Vec::new();
    for (d1, d2, want) in [(3, 1, "8/5 6/5"), (4, 2, "8/4 6/4"), (6, 1, "13/7 8/7"), (5, 3, "8/3 6/3"), (6, 5, "24/13")]
    {
        let (play, p) = ev.best_play(&mut gen, &start, d1, d2, &mut scratch, &mut buf).unwrap();
        assert_eq!(play.notation(), want, "{d1}{d2}");
        // after a good opening move the mover is a small favourite
        assert!(p.equity() > -0.1 && p.equity() < 0.3, "{d1}{d2}: {p:?}");
    }
}

#[test]
fn the_shipped_nets_compute_what_a_plain_forward_pass_does() {
    // the sparse, blocked, vectorised evaluation against a dense f64 one with the exact logistic:
    // only rounding (and the sigmoid's 2e-7) may differ; a race net widened to 100 units too (a
    // width that is not a multiple of the kernel's blocks; the contact and crashed nets have
    // the widest, 256)
    let ev = Evaluator::embedded();
    let mut wide = ev.clone();
    const WIDTH: usize = 100;
    let old = wide.nets[RACE].hidden;
    wide.nets[RACE] = wide.nets[RACE].widened(WIDTH, 9);
    // the new units get output weights, so that their sums reach the outputs
    for k in 0..OUTPUTS {
        for j in old..WIDTH {
            wide.nets[RACE].w2[k * WIDTH + j] = 0.05 * ((j + k) % 7) as f32 - 0.15;
        }
    }
    let logistic = |z: f64| 1.0 / (1.0 + (-z).exp());
    let mut hidden = [0f32; MAX_HIDDEN];
    for pos in random_game_positions(Variant::Standard, 600, 8) {
        let Some(c) = classify(&pos).net() else { continue };
        let mut x = [0f32; features::INPUTS];
        features::features(&pos, &mut x);
        for ev in [ev, &wide] {
            let net = &ev.nets[c];
            let h = net.hidden;
            let hid: Vec<f64> = (0..h)
                .map(|j| {
                    let a: f64 = x.iter().enumerate().map(|(i, &v)| f64::from(v) * f64::from(net.w1[i * h + j])).sum();
                    logistic(f64::from(net.b1[j]) + a)
                })
                .collect();
            let got = ev.net_probabilities(c, &pos, &mut hidden);
            for k in 0..OUTPUTS {
                let z: f64 = (0..h).map(|j| f64::from(net.w2[k * h + j]) * hid[j]).sum();
                let want = logistic(f64::from(net.b2[k]) + z);
                assert!((f64::from(got.0[k]) - want).abs() < 2e-6, "{pos:?} {k}: {got:?} {want}");
                assert!((f64::from(hidden[k]) - hid[k]).abs() < 2e-6);
            }
        }
    }
}

#[test]
fn batch_evaluation_agrees_with_single_positions_with_the_shipped_nets() {
    let ev = Evaluator::embedded();
    let mut gen = MoveGenerator::new();
    let mut scratch = Scratch::default();
    let mut out = Vec::new();
    for p in random_game_positions(Variant::Standard, 200, 78) {
        for (d1, d2) in [(6, 5), (4, 4), (2, 1)] {
            let plays = gen.generate(&p, d1, d2).to_vec();
            out.resize(plays.len(), Probabilities::default());
            ev.evaluate_plays(&p, &plays, &mut scratch, &mut out);
            for (play, got) in plays.iter().zip(&out) {
                let want = ev.evaluate(&play.result().swapped()).flipped();
                for k in 0..OUTPUTS {
                    assert!((got.0[k] - want.0[k]).abs() < 1e-5, "{p:?} {d1}{d2}: {got:?} {want:?}");
                }
            }
        }
    }
}

#[test]
fn the_portable_build_agrees_with_the_one_this_cpu_runs() {
    // where the CPU has no AVX2, `evaluate` and `evaluate_plays` run these portable builds
    let ev = Evaluator::embedded();
    let mut gen = MoveGenerator::new();
    let (mut a, mut b) = (Scratch::default(), Scratch::default());
    let (mut got, mut want) = (Vec::new(), Vec::new());
    for p in random_game_positions(Variant::Standard, 200, 79) {
        let (x, y) = (ev.evaluate_in(&p, net::outputs_portable), ev.evaluate(&p));
        for k in 0..OUTPUTS {
            assert!((x.0[k] - y.0[k]).abs() < 1e-5, "{p:?}: {x:?} {y:?}");
        }
        let plays = gen.generate(&p, 5, 2).to_vec();
        got.resize(plays.len(), Probabilities::default());
        want.resize(plays.len(), Probabilities::default());
        ev.evaluate_plays_in(&p, &plays, &mut a, &mut got, net::accumulate_portable, net::outputs_portable);
        ev.evaluate_plays(&p, &plays, &mut b, &mut want);
        for (x, y) in got.iter().zip(&want) {
            for k in 0..OUTPUTS {
                assert!((x.0[k] - y.0[k]).abs() < 1e-5, "{p:?}: {x:?} {y:?}");
            }
        }
    }
}
