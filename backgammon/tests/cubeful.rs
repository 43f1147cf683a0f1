//! Janowski cubeful equities and cube decisions against the GNU Backgammon manual's worked
//! figures (chapter "Cubeful equities", position 4HPMwQCMz+AIIQ) and hand-checked positions.

use backgammon::cube::cubeful::*;
use backgammon::cube::decision::{analyse, analyse_opponent, CubeAction, Unavailable};
use backgammon::cube::met::{MatchEquityTable, MatchScore};
use backgammon::eval::Probabilities;

/// The manual's evaluation of 4HPMwQCMz+AIIQ, from X's (the player on roll's) view.
fn seed_probs() -> Probabilities {
    Probabilities::from_f64([0.454, 0.103, 0.001, 0.106, 0.003])
}

fn round(v: f64, places: i32) -> f64 {
    let m = 10f64.powi(places);
    (v * m).round() / m
}

#[test]
fn janowski_money_example() {
    let p = seed_probs();
    // W = (0.454 + 0.103 + 0.001) / 0.454 = 1.229
    assert_eq!(round(p.avg_win(), 3), 1.229);
    // the manual prints L = (0.556 + 0.106 + 0.003) / 0.556 = 1.196, but 1 - 0.454 is 0.546
    // (its own gammon rate below uses 0.106/54.6): L is (0.546 + 0.109) / 0.546 = 1.200
    assert_eq!(round(p.avg_loss(), 3), 1.2);
    assert_eq!(round((0.556 + 0.106 + 0.003) / 0.556, 3), 1.196);
    assert_eq!(round(p.cubeless_equity(), 3), -0.097);
    let x = PositionClass::Contact.cube_efficiency();
    assert_eq!(x, 0.68);
    // the manual's figures follow from its W and L: live cube -0.157, cubeful -0.138
    let (w, l) = (1.229, 1.196);
    let live = janowski_live(0.454, w, l, Ownership::Centred);
    assert_eq!(round(live, 3), -0.157);
    assert_eq!(round(p.cubeless_equity() * (1.0 - x) + live * x, 3), -0.138);
    // with L computed from the probabilities: -0.160 and -0.140
    assert_eq!(round(money_live(&p, Ownership::Centred), 3), -0.160);
    assert_eq!(round(money_cubeful(&p, Ownership::Centred, x, false), 3), -0.140);
}

#[test]
fn gammonless_take_point_is_twenty_percent() {
    // the manual: "For gammonless play this is the well-known take point of 20%"
    assert!((money_take_point(1.0, 1.0) - 0.2).abs() < 1e-15);
    let (tp, cp) = money_points(&Probabilities::from_f64([0.5, 0.0, 0.0, 0.0, 0.0]));
    assert!((tp - 0.2).abs() < 1e-15 && (cp - 0.8).abs() < 1e-15);
}

#[test]
fn cube_efficiency_by_position_class() {
    assert_eq!(PositionClass::OneSidedBearoff.cube_efficiency(), 0.6);
    assert_eq!(PositionClass::Crashed.cube_efficiency(), 0.68);
    assert!((PositionClass::Race { pips: 40 }.cube_efficiency() - 0.6).abs() < 1e-12);
    assert!((PositionClass::Race { pips: 20 }.cube_efficiency() - 0.6).abs() < 1e-12);
    assert!((PositionClass::Race { pips: 80 }.cube_efficiency() - 0.65).abs() < 1e-12);
    assert!((PositionClass::Race { pips: 120 }.cube_efficiency() - 0.7).abs() < 1e-12);
    assert!((PositionClass::Race { pips: 167 }.cube_efficiency() - 0.7).abs() < 1e-12);
    // x(eff) isolates x: with dead -0.097 and live -0.157, cubeful -0.1378 means x = 0.68
    let p = seed_probs();
    let (dead, live) = (p.cubeless_equity(), money_live(&p, Ownership::Centred));
    let cf = money_cubeful(&p, Ownership::Centred, 0.68, false);
    assert!((effective_efficiency(cf, dead, live).unwrap() - 0.68).abs() < 1e-12);
}

#[test]
fn cube_efficiency_after_the_crawford_game() {
    let met = MatchEquityTable::woolsey();
    let at = |me, opp, crawford| Scoring::Match { met: &met, score: MatchScore::new(me, opp, crawford) };
    let money = Scoring::Money { jacoby: true, beavers: true };
    for class in [PositionClass::Contact, PositionClass::Crashed, PositionClass::Race { pips: 60 }] {
        // the trailer's cube after the Crawford game (either side's view), measured by rollouts
        assert_eq!(class.cube_efficiency_in(at(4, 1, false)), POST_CRAWFORD_EFFICIENCY);
        assert_eq!(class.cube_efficiency_in(at(1, 6, false)), POST_CRAWFORD_EFFICIENCY);
        // the manual's table everywhere else: the Crawford game itself, other scores, money
        for scoring in [at(4, 1, true), at(4, 2, false), at(2, 2, false), money] {
            assert_eq!(class.cube_efficiency_in(scoring), class.cube_efficiency());
        }
    }
    assert_eq!(PositionClass::OneSidedBearoff.cube_efficiency_in(at(4, 1, false)), 0.6);
    // the trailer 4-away: "no double" is Janowski's mix with x = 0.86, not 0.68
    let p = Probabilities::from_f64([0.7, 0.2, 0.01, 0.1, 0.005]);
    let s = MatchScore::new(4, 1, false);
    let a = analyse(&p, at(4, 1, false), 1, Ownership::Centred, PositionClass::Contact).unwrap();
    let (dead, live) = (met.mwc_cubeless(&p, s, 1).unwrap(), match_live(&met, &p, s, 1, Ownership::Centred).unwrap());
    assert!(live - dead > 0.01, "{dead} {live}");
    assert!((a.equities.no_double - (0.14 * dead + 0.86 * live)).abs() < 1e-12, "{a}");
}

/// 3-0 to 7 with O (the manual's gnubg) leading: X, on roll, is 7-away, O 4-away.
fn seed_match() -> (MatchEquityTable, MatchScore) {
    (MatchEquityTable::woolsey(), MatchScore::new(7, 4, false))
}

#[test]
fn janowski_match_take_points_with_woolseys_table() {
    let (met, s) = seed_match();
    let p = seed_probs();
    // the manual's table: cube 4: X 0%, O 41%; cube 2: X 15%, O 38.5%; cube 1: X 24.5%, O 27.3%
    let x_tp = |cube| match_take_point(&met, &p, s, cube).unwrap();
    let o_tp = |cube| match_take_point(&met, &p.flipped(), s.swapped(), cube).unwrap();
    assert_eq!(round(x_tp(4), 2), 0.0);
    assert_eq!(round(o_tp(4), 2), 0.41);
    assert_eq!(round(x_tp(2), 3), 0.15);
    assert_eq!(round(o_tp(2), 3), 0.385);
    assert_eq!(round(x_tp(1), 3), 0.245);
    assert_eq!(round(o_tp(1), 3), 0.273);
    // the recursion TP(live, n) = TP(dead, n) (1 - TP(live, 2n)), at n = 1 for X:
    // TP(dead) = (MWC(pass) - MWC(lose 2, gammons)) / (MWC(cash 2) - MWC(lose 2, gammons))
    let cash_points = match_points(&met, &p, s, 1).unwrap().unwrap();
    assert_eq!(round(cash_points.1, 3), 0.727);
}

#[test]
fn janowski_match_mwcs_with_woolseys_table() {
    let (met, s) = seed_match();
    let p = seed_probs();
    // cash values: O cashing 1 point has MWC(-3,-7) = 76%, X cashing has MWC(-4,-6) = 36%
    assert_eq!(round(met.mwc_after(s, false, 1).unwrap(), 2), 0.24);
    assert_eq!(round(met.mwc_after(s, true, 1).unwrap(), 2), 0.36);
    // if O wins: 81% * MWC(-3,-7) + 19% * MWC(-2,-7) = 78% (gammon rate 0.106/0.546 = 19%)
    let o_wins =
        0.81 * met.mwc_after(s.swapped(), true, 1).unwrap() + 0.19 * met.mwc_after(s.swapped(), true, 2).unwrap();
    assert_eq!(round(o_wins, 2), 0.78);
    // if X wins: 78% * MWC(-4,-6) + 22% * MWC(-4,-5). The manual prints 41%; with its own figures
    // (36% and MWC(-4,-5) = 1 - 58% = 42%) the sum is 37.3%: a misprint in the manual.
    let x_wins = 0.78 * met.mwc_after(s, true, 1).unwrap() + 0.22 * met.mwc_after(s, true, 2).unwrap();
    assert_eq!(round(x_wins, 3), 0.373);
    // cubeless 29.1%, live cube 29.2% (interpolating at wins = 45.4%), cubeful with x = 0.68 29.17%
    assert_eq!(round(met.mwc_cubeless(&p, s, 1).unwrap(), 3), 0.291);
    assert_eq!(round(match_live(&met, &p, s, 1, Ownership::Centred).unwrap(), 3), 0.292);
    assert_eq!(round(match_cubeful(&met, &p, s, 1, Ownership::Centred, 0.68).unwrap(), 4), 0.2917);
    // the same through the one money/match API
    let sc = Scoring::Match { met: &met, score: s };
    let mwc = cubeful(sc, &p, 1, Ownership::Centred, PositionClass::Contact).unwrap();
    assert_eq!(round(mwc, 4), 0.2917);
    let money =
        cubeful(Scoring::Money { jacoby: false, beavers: false }, &p, 1, Ownership::Centred, PositionClass::Contact);
    assert_eq!(round(money.unwrap(), 3), -0.140);
}

#[test]
fn dmp_like_take_point_is_the_cash_equity() {
    // 2-away/2-away: a 2-cube decides the match, so the taker's point is MWC after losing 1 point
    // (the Crawford game at 2-away/1-away), independent of gammons
    for met in [MatchEquityTable::kazaross_xg2(), MatchEquityTable::woolsey()] {
        let s = MatchScore::new(2, 2, false);
        let p = Probabilities::from_f64([0.6, 0.2, 0.01, 0.1, 0.0]);
        let tp = match_take_point(&met, &p, s, 1).unwrap();
        assert!((tp - (1.0 - met.pre(1, 2).unwrap())).abs() < 1e-12, "{}", met.name());
    }
    // Woolsey: 30%, Kazaross XG2: 32.264%
    let tp = match_take_point(&MatchEquityTable::woolsey(), &Probabilities::default(), MatchScore::new(2, 2, false), 1);
    assert!((tp.unwrap() - 0.30).abs() < 1e-12);
}

fn money(beavers: bool, jacoby: bool) -> Scoring<'static> {
    Scoring::Money { jacoby, beavers }
}

#[test]
fn money_cube_actions_hand_checked() {
    let c = PositionClass::Contact;
    let gammonless = |w: f64| Probabilities::from_f64([w, 0.0, 0.0, 0.0, 0.0]);
    // 75% gammonless: TP 20%, CP 80%; ND = .32*.5 + .68*(-1 + 2*.55/.6) = 0.72667,
    // DT = 2*(.32*.5 + .68*(-1 + 2*.55/.8)) = 0.83: double, take
    let a = analyse(&gammonless(0.75), money(false, false), 1, Ownership::Centred, c).unwrap();
    assert!((a.equities.no_double - 0.726_666_666_666_666_7).abs() < 1e-12);
    assert!((a.equities.double_take - 0.83).abs() < 1e-12);
    assert_eq!(a.action, CubeAction::DoubleTake);
    // 85%: DT = 2*(.32*.7 + .68*.625) = 1.298 > 1, ND = .224 + .68 = 0.904 < 1: double, pass
    // (1e-6: the probabilities are stored in f32, 0.85 as 0.85000002)
    let a = analyse(&gammonless(0.85), money(false, false), 1, Ownership::Centred, c).unwrap();
    assert!((a.equities.double_take - 1.298).abs() < 1e-6);
    assert_eq!(a.action, CubeAction::DoublePass);
    // 60%: no double
    let a = analyse(&gammonless(0.6), money(false, false), 1, Ownership::Centred, c).unwrap();
    assert_eq!(a.action, CubeAction::NoDouble);
    // big gammon chances: cubeless 1.4 > 1: too good to double
    let a = analyse(&Probabilities::from_f64([0.9, 0.6, 0.0, 0.0, 0.0]), money(false, false), 1, Ownership::Centred, c)
        .unwrap();
    assert_eq!(a.action, CubeAction::TooGoodPass);
    // with the Jacoby rule gammons do not count before the cube is turned: now double, pass
    let a = analyse(&Probabilities::from_f64([0.9, 0.6, 0.0, 0.0, 0.0]), money(false, true), 1, Ownership::Centred, c)
        .unwrap();
    assert_eq!(a.action, CubeAction::DoublePass);
    // 30%: a double would be beavered
    let a = analyse(&gammonless(0.3), money(true, false), 1, Ownership::Centred, c).unwrap();
    assert_eq!(a.action, CubeAction::NoDoubleBeaver);
    // the opponent's view of the 30% position: 70% for them; they own no cube either
    let o = analyse_opponent(&gammonless(0.3), money(false, false), 1, Ownership::Centred, c).unwrap();
    let direct = analyse(&gammonless(0.7), money(false, false), 1, Ownership::Centred, c).unwrap();
    assert_eq!(o, direct);
    // an owned cube: the redouble window is the same Janowski line without the take point
    let a = analyse(&gammonless(0.75), money(false, false), 2, Ownership::Mine, c).unwrap();
    assert!(a.redouble);
    assert_eq!(a.action.describe(true), "Redouble, take");
    let a = analyse(&gammonless(0.75), money(false, false), 2, Ownership::Theirs, c).unwrap();
    assert_eq!(a.action, CubeAction::NotAvailable(Unavailable::OpponentOwnsCube));
}

#[test]
fn match_cube_actions_respect_crawford() {
    let met = MatchEquityTable::kazaross_xg2();
    let c = PositionClass::Contact;
    let p = Probabilities::from_f64([0.7, 0.2, 0.01, 0.1, 0.005]);
    // Crawford game: nobody may double
    let s = MatchScore::new(3, 1, true);
    let a = analyse(&p, Scoring::Match { met: &met, score: s }, 1, Ownership::Centred, c).unwrap();
    assert_eq!(a.action, CubeAction::NotAvailable(Unavailable::Crawford));
    // post-Crawford: the leader's cube is dead, the trailer doubles at once and the leader takes
    let s = MatchScore::new(1, 3, false);
    let a = analyse(&p, Scoring::Match { met: &met, score: s }, 1, Ownership::Centred, c).unwrap();
    assert_eq!(a.action, CubeAction::NotAvailable(Unavailable::DeadCube));
    let weak = Probabilities::from_f64([0.4, 0.1, 0.0, 0.1, 0.0]);
    let a = analyse(&weak, Scoring::Match { met: &met, score: s.swapped() }, 1, Ownership::Centred, c).unwrap();
    assert_eq!(a.action, CubeAction::DoubleTake, "{a}");
    // 2-away/2-away: the 2-cube decides the match, the taker's point is 1 - MWC(1-away/2-away
    // Crawford) = 32.264%: with 66% the double is taken, with 70% passed
    let s = MatchScore::new(2, 2, false);
    let sc = Scoring::Match { met: &met, score: s };
    let a = analyse(&Probabilities::from_f64([0.66, 0.0, 0.0, 0.0, 0.0]), sc, 1, Ownership::Centred, c).unwrap();
    assert_eq!(a.action, CubeAction::DoubleTake, "{a}");
    let a = analyse(&Probabilities::from_f64([0.70, 0.0, 0.0, 0.0, 0.0]), sc, 1, Ownership::Centred, c).unwrap();
    assert_eq!(a.action, CubeAction::DoublePass, "{a}");
    assert!((a.equities.double_pass - 0.67736).abs() < 1e-6);
}
