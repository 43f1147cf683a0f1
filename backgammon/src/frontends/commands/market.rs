//! `show marketwindow`: each player's gammon and backgammon rates in the position and the window
//! of winning chances in which that player should double, as gnubg 1.07 prints them.
//!
//! The rates come from the cubeless evaluation at the cube decisions' depth (`set evaluation
//! cubedecision`), as gnubg takes them: a player's gammon rate is the share of their wins that
//! are gammons but not backgammons, the backgammon rate the share that are backgammons; the
//! average win is then `W = 1 + gammon rate + 2 backgammon rate`, the average loss `L` the
//! opponent's `W`.
//!
//! - Money play ([`money_points`]): Janowski's points for a dead (x = 0) and a live (x = 1) cube,
//!   `TP = (L - 1/2)/(W + L + x/2)`, `BP = L/(W + L + x/2)`, `RP = (L + x/2)/(W + L + x/2)`,
//!   `RDP = (L + x)/(W + L + x/2)`, `CP = (L + 1/2 + x/2)/(W + L + x/2)`, `TGP = (L + 1)/(W + L +
//!   x/2)`, and the initial double point equal to the redouble point except that under the Jacoby
//!   rule the dead cube's is `(L - 1/4)/(W + L - 1/2)` (gnubg 1.07's figures, checked below).
//! - Match play ([`match_window`]): from the match equity table, the dead cube window runs from
//!   the point where doubling and not doubling are worth the same MWC (gammons weighted by the
//!   rates, the cube dead) to the opponent's dead take point; the live window ends at the
//!   opponent's live take point (`cube::cubeful::match_points`, which `gammon eval --cubeful`
//!   uses), and starts where the dead one does, as gnubg's does; where the taker could never
//!   redouble usefully the cube is dead either way and only the dead window is printed.
//!
//! Owns the wording and this arithmetic on rates; evaluations are `nply`'s, match equities
//! `cube::met`'s. It must not change the session.

use super::state::*;
use crate::cube::cubeful::match_points;
use crate::cube::met::{MatchEquityTable, MatchScore, ScoreOutOfRange};
use crate::eval::Probabilities;
use engine_core::command::Args;
use std::fmt::Write as _;

/// A player's share of wins that are gammons (not backgammons) and backgammons.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rates {
    pub gammon: f64,
    pub backgammon: f64,
}

impl Rates {
    /// The rates of the player on roll (`[0]`) and of the opponent (`[1]`) in `p` (on roll's view).
    pub fn of(p: &Probabilities) -> [Rates; 2] {
        let [w, wg, wbg, lg, lbg] = p.wide();
        let share = |part: f64, all: f64| if all > 0.0 { part / all } else { 0.0 };
        [
            Rates { gammon: share(wg - wbg, w), backgammon: share(wbg, w) },
            Rates { gammon: share(lg - lbg, 1.0 - w), backgammon: share(lbg, 1.0 - w) },
        ]
    }

    /// The average value of a win.
    pub fn average_win(&self) -> f64 {
        1.0 + self.gammon + 2.0 * self.backgammon
    }

    /// Probabilities with winning chance `win` and these rates (`mine`) and the opponent's.
    fn probabilities(win: f64, mine: Rates, theirs: Rates) -> Probabilities {
        let lose = 1.0 - win;
        Probabilities::from_f64([
            win,
            win * (mine.gammon + mine.backgammon),
            win * mine.backgammon,
            lose * (theirs.gammon + theirs.backgammon),
            lose * theirs.backgammon,
        ])
    }
}

/// The money points of one player, in gnubg's order: take, beaver, raccoon, initial double,
/// redouble, cash, too good.
pub const MONEY_POINT_NAMES: [&str; 7] = [
    "Take Point (TP)",
    "Beaver Point (BP)",
    "Raccoon Point (RP)",
    "Initial Double Point (IDP)",
    "Redouble Point (RDP)",
    "Cash Point (CP)",
    "Too good Point (TGP)",
];

/// Janowski's money points of the player whose average win is `w` and average loss `l`, for the
/// cube efficiency `x` (0 dead, 1 live); `jacoby`: the Jacoby rule moves the dead cube's initial
/// double point.
pub fn money_points(w: f64, l: f64, x: f64, jacoby: bool) -> [f64; 7] {
    let d = w + l + x / 2.0;
    let redouble = (l + x) / d;
    let initial = if jacoby && x == 0.0 { (l - 0.25) / (w + l - 0.5) } else { redouble };
    [(l - 0.5) / d, l / d, (l + x / 2.0) / d, initial, redouble, (l + 0.5 + x / 2.0) / d, (l + 1.0) / d]
}

/// One player's market window in a match: `(low, dead high, live high)` winning chances, or
/// `None` where this player cannot double usefully (the Crawford game).
pub fn match_window(
    met: &MatchEquityTable,
    mine: Rates,
    theirs: Rates,
    score: MatchScore,
    cube: u32,
) -> Result<Option<(f64, f64, f64)>, ScoreOutOfRange> {
    if !score.doubling_allowed() {
        return Ok(None);
    }
    let doubled = cube.saturating_mul(2);
    // MWC of a win (lose) with the cube at `c`, gammons weighted by the winner's rates
    let won = |c: u32| -> Result<f64, ScoreOutOfRange> {
        let single = 1.0 - mine.gammon - mine.backgammon;
        Ok(single * met.mwc_after(score, true, c)?
            + mine.gammon * met.mwc_after(score, true, 2 * c)?
            + mine.backgammon * met.mwc_after(score, true, 3 * c)?)
    };
    let lost = |c: u32| -> Result<f64, ScoreOutOfRange> {
        let single = 1.0 - theirs.gammon - theirs.backgammon;
        Ok(single * met.mwc_after(score, false, c)?
            + theirs.gammon * met.mwc_after(score, false, 2 * c)?
            + theirs.backgammon * met.mwc_after(score, false, 3 * c)?)
    };
    let (nd_win, nd_lose, dt_win, dt_lose) = (won(cube)?, lost(cube)?, won(doubled)?, lost(doubled)?);
    let pass = met.mwc_after(score, true, cube)?;
    let ratio = |a: f64, b: f64| if b.abs() > 1e-12 { (a / b).clamp(0.0, 1.0) } else { 1.0 };
    let (risk, gain) = (nd_lose - dt_lose, dt_win - nd_win);
    let low = ratio(risk, risk + gain);
    let dead_high = ratio(pass - dt_lose, dt_win - dt_lose);
    // the live end at the opponent's live take point, at any winning chance (the rates fix it)
    let p = Rates::probabilities(0.5, mine, theirs);
    let live_high = match match_points(met, &p, score, cube)? {
        Some((_, cash)) => cash,
        None => dead_high,
    };
    Ok(Some((low, dead_high, live_high)))
}

pub(super) fn cmd_show_marketwindow(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show marketwindow")?;
    let g = st.game()?.clone();
    let me = g.on_roll();
    let p = st.search.evaluate(g.position(), st.hint_cube_plies);
    let [on_roll, other] = Rates::of(&p);
    let mut rates = [on_roll, on_roll];
    rates[1 - me] = other;
    let mut out = String::new();
    for (player, r) in rates.iter().enumerate() {
        let _ = writeln!(
            out,
            "Player {:<25}: gammon rate {:6.2}%, bg rate {:6.2}%",
            st.names[player],
            100.0 * r.gammon,
            100.0 * r.backgammon
        );
    }
    let setup = *g.setup();
    if setup.is_money() {
        for player in 0..2 {
            let (w, l) = (rates[player].average_win(), rates[1 - player].average_win());
            let jacoby = setup.jacoby;
            let dead = money_points(w, l, 0.0, jacoby);
            let live = money_points(w, l, 1.0, jacoby);
            let _ = writeln!(out, "\nPlayer {} cube parameters:\n", st.names[player]);
            out.push_str("Cube parameter               Dead Cube      Live Cube\n");
            for (k, name) in MONEY_POINT_NAMES.iter().enumerate() {
                let _ = writeln!(out, "{name:<27}  {:7.3}%     {:7.3}%", 100.0 * dead[k], 100.0 * live[k]);
            }
        }
    } else {
        out.push('\n');
        let state = g.match_state();
        for player in 0..2 {
            let _ = writeln!(out, "\nPlayer {} market window:\n", st.names[player]);
            let Some(score) = MatchScore::of_state(&state, player) else { continue };
            match match_window(&st.met, rates[player], rates[1 - player], score, g.cube().value()) {
                Ok(Some((low, dead, live))) => {
                    let _ = writeln!(out, "Dead cube: {:6.2}% - {:6.2}%", 100.0 * low, 100.0 * dead);
                    // a cube the taker could never use again is dead either way (gnubg prints one line)
                    if (live - dead).abs() > 1e-9 {
                        let _ = writeln!(out, "Live cube: {:6.2}% - {:6.2}%", 100.0 * low, 100.0 * live);
                    }
                }
                Ok(None) => out.push_str("No doubling in the Crawford game.\n"),
                Err(e) => {
                    let _ = writeln!(out, "No market window at this score: {e}");
                }
            }
        }
    }
    Ok(out.trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::cubeful::{Ownership, Scoring};
    use crate::cube::decision::analyse_with_efficiency;

    /// The player's rates, the opponent's, the Jacoby rule, gnubg's dead and live points.
    type MoneyCase = (Rates, Rates, bool, [f64; 7], [f64; 7]);

    fn rates(gammon: f64, backgammon: f64) -> Rates {
        Rates { gammon: gammon / 100.0, backgammon: backgammon / 100.0 }
    }

    /// gnubg 1.07's `show marketwindow` on money positions: the rates it printed and its dead and
    /// live points for each player (three positions, with and without the Jacoby rule). Its
    /// rates are printed to 0.01%, so the points agree to within that rounding.
    #[test]
    fn money_points_are_gnubgs() {
        #[rustfmt::skip]
        let cases: [MoneyCase; 4] = [
            // the opening position, 2-ply, Jacoby rule
            (rates(25.23, 1.12), rates(27.14, 1.30), true,
             [31.003, 50.442, 50.442, 50.549, 50.442, 69.881, 89.320],
             [25.957, 42.232, 58.508, 74.783, 74.783, 74.783, 74.783]),
            (rates(27.14, 1.30), rates(25.23, 1.12), true,
             [30.119, 49.558, 49.558, 49.451, 49.558, 68.997, 88.436],
             [25.217, 41.492, 57.768, 74.043, 74.043, 74.043, 74.043]),
            // the same without the Jacoby rule
            (rates(25.28, 1.12), rates(27.12, 1.30), false,
             [30.992, 50.428, 50.428, 50.428, 50.428, 69.864, 89.300],
             [25.948, 42.222, 58.495, 74.768, 74.768, 74.768, 74.768]),
            // jGfkATDg8+ABUA, gammonish for the player not on roll
            (rates(31.61, 1.52), rates(24.94, 1.17), true,
             [29.505, 48.593, 48.593, 48.261, 48.593, 67.681, 86.769],
             [24.775, 40.804, 56.833, 72.861, 72.861, 72.861, 72.861]),
        ];
        for (mine, theirs, jacoby, dead, live) in cases {
            let (w, l) = (mine.average_win(), theirs.average_win());
            for (x, want) in [(0.0, dead), (1.0, live)] {
                let got = money_points(w, l, x, jacoby);
                for k in 0..7 {
                    assert!(
                        (100.0 * got[k] - want[k]).abs() < 0.012,
                        "{} x={x}: {:.3} against gnubg's {}",
                        MONEY_POINT_NAMES[k],
                        100.0 * got[k],
                        want[k]
                    );
                }
            }
        }
    }

    /// The money points are where our cubeful evaluation (`gammon eval --cubeful`, Janowski's
    /// model at cube efficiency x) changes its mind: at the take point "double, take" is worth
    /// "double, pass" for the doubler; at the redouble point (doubler owning the cube) "no
    /// double" is worth "double, take".
    #[test]
    fn money_points_agree_with_the_cubeful_evaluation() {
        let (mine, theirs) = (rates(22.0, 1.5), rates(17.0, 0.8));
        let (w, l) = (mine.average_win(), theirs.average_win());
        let scoring = Scoring::Money { jacoby: false, beavers: false };
        for x in [0.0, 1.0] {
            let pts = money_points(w, l, x, false);
            // the doubler's cash point is the taker's take point
            let at_cash = Rates::probabilities(pts[5], mine, theirs);
            let a = analyse_with_efficiency(&at_cash, scoring, 1, Ownership::Centred, x).unwrap();
            assert!((a.equities.double_take - a.equities.double_pass).abs() < 1e-5, "x={x}: {a:?}");
            let at_redouble = Rates::probabilities(pts[4], mine, theirs);
            let a = analyse_with_efficiency(&at_redouble, scoring, 1, Ownership::Mine, x).unwrap();
            assert!((a.equities.no_double - a.equities.double_take).abs() < 1e-5, "x={x}: {a:?}");
        }
    }

    /// gnubg 1.07 in a 7-point match at 0-0 with the Kazaross XG2 table: dead cube 50.47% to
    /// 69.39% and live cube to 74.25% for the player with rates 25.28%/1.12% against 27.13%/1.30%,
    /// and 49.53% to 68.48% (live 73.61%) for the other.
    #[test]
    fn match_window_is_gnubgs_at_seven_away_all() {
        let met = MatchEquityTable::kazaross_xg2();
        let (a, b) = (rates(25.28, 1.12), rates(27.13, 1.30));
        let s = MatchScore::from_points(7, 0, 0, false);
        for (mine, theirs, want) in [(a, b, [50.47, 69.39, 74.25]), (b, a, [49.53, 68.48, 73.61])] {
            let (low, dead, live) = match_window(&met, mine, theirs, s, 1).unwrap().unwrap();
            let got = [low, dead, live].map(|v| 100.0 * v);
            for k in 0..3 {
                assert!((got[k] - want[k]).abs() < 0.02, "{got:?} against gnubg's {want:?}");
            }
        }
        // the dead take point is where the doubled cube's MWCs meet the pass
        let (_, dead, _) = match_window(&met, a, b, s, 1).unwrap().unwrap();
        let p = Rates::probabilities(dead, a, b);
        let scoring = Scoring::Match { met: &met, score: s };
        let e = analyse_with_efficiency(&p, scoring, 1, Ownership::Centred, 0.0).unwrap().equities;
        assert!((e.double_take - e.double_pass).abs() < 1e-5, "{e:?}");
        // no window in the Crawford game
        assert_eq!(match_window(&met, a, b, MatchScore::from_points(7, 6, 3, true), 1).unwrap(), None);
    }

    /// The layout of `show marketwindow` (gnubg's columns) and of `show evaluation`.
    #[test]
    fn shell_layouts() {
        use super::super::Shell;
        let mut sh = Shell::new(3);
        sh.execute("set player 0 human");
        sh.execute("set evaluation cubedecision evaluation plies 0");
        assert!(sh.answer("show marketwindow").error.is_some(), "no game yet");
        sh.execute("new session");
        let out = sh.execute("show marketwindow");
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("Player gnubg                    : gammon rate "), "{out}");
        assert!(lines[1].starts_with("Player user                     : gammon rate "), "{out}");
        assert_eq!(lines[3], "Player gnubg cube parameters:");
        assert_eq!(lines[5], "Cube parameter               Dead Cube      Live Cube");
        assert_eq!(lines[6].len(), "Take Point (TP)               31.003%      25.957%".len(), "{out}");
        assert!(lines[6].starts_with("Take Point (TP)               "), "{out}");
        assert_eq!(lines.iter().filter(|l| l.contains("Point (")).count(), 14);
        assert!(sh.answer("show marketwindow now").error.is_some());
        sh.execute("new match 7");
        let out = sh.execute("show marketwindow");
        assert!(out.contains("\n\n\nPlayer gnubg market window:\n\nDead cube:  "), "{out}");
        assert!(out.contains("\nLive cube:  "), "{out}");
        assert!(out.contains("Player user market window:"), "{out}");
        let out = sh.execute("show evaluation");
        assert!(out.starts_with("`eval' and `hint' will use:\n    Chequer play:\n      Neural net evaluation:\n        2-ply evaluation."), "{out}");
        assert!(out.contains("      Move filter for 3 ply:\n        keep the first 0 0-ply moves and up to 8 more moves within equity 0.16\n        Skip pruning for 1-ply moves.\n        keep the first 0 2-ply moves and up to 2 more moves within equity 0.04\n"), "{out}");
        assert!(out.trim_end().ends_with("    Cube decisions:\n      Neural net evaluation:\n        0-ply evaluation.\n        Cubeful evaluations.\n        Noiseless evaluations."), "{out}");
        sh.execute("set evaluation chequerplay evaluation plies 0");
        assert!(sh.execute("show evaluation").contains("        0-ply evaluation."));
    }
}
