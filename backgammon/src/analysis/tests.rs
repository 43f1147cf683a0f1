use super::*;
use crate::rules::cube::Cube;
use crate::rules::game::Action;
use crate::rules::variant::Variant;

fn money() -> GameSetup {
    GameSetup::money(Variant::Standard)
}

/// Bear-off race: the mover has chequers on its 6 and 5 points, the opponent two on its 1 point
/// (13 off each: no gammons). Only 6-5, 5-5 and 6-6 bear both off; anything else loses.
fn last_roll() -> Position {
    Position::from_points(&[(6, 1), (5, 1)], &[(1, 2)]).unwrap()
}

fn game_at(pos: Position) -> Game {
    Game::from_position(money(), pos, 0, Cube::default())
}

fn settings() -> AnalysisSettings {
    AnalysisSettings::default()
}

#[test]
fn blunder_is_very_bad_and_the_joker_very_lucky() {
    let mut g = game_at(last_roll());
    g.apply(&Action::Roll(6, 5)).unwrap();
    // the blunder: a play that leaves a chequer behind (6/1 5/off) instead of bearing off both
    let blunder = *g.legal_plays().iter().find(|p| p.result().chequers_in_play(crate::ON_ROLL) > 0).unwrap();
    g.apply(&Action::Play(blunder)).unwrap();
    let a = analyse_game(&g, &settings());
    assert_eq!(a.moves.len(), 1);
    let m = &a.moves[0];
    assert!(m.is_unforced(), "{} plays", m.candidates.len());
    // winning (+1) against losing for sure (-1): the error is about 2 and the best play wins
    assert!((m.error - 2.0).abs() < 0.05, "error {}", m.error);
    assert_eq!(m.skill, Skill::VeryBad);
    assert_eq!(m.candidates[0].play.result().chequers_in_play(crate::ON_ROLL), 0);
    // about 4 rolls in 36 win: the 6-5 gains nearly 2 x 32/36 over the average
    let luck = m.luck.unwrap();
    assert!(luck.equity > 1.5 && luck.equity < 1.9, "luck {}", luck.equity);
    assert_eq!(luck.mark, LuckMark::VeryLucky);
    // money play with a 1-cube: the cost in points equals the normalised error
    assert!((m.cost - m.error).abs() < 1e-12);
    let s = &a.statistics.players[0];
    assert_eq!((s.total_moves, s.unforced_moves, s.marked), (1, 1, [0, 0, 0, 1]));
    assert_eq!(s.luck_marks, [0, 0, 0, 0, 1]);
    // the underdog's "no double" before the roll is right and counted, and not close (ND ~ -0.8)
    assert_eq!(a.cubes.len(), 1);
    let c = &a.cubes[0];
    assert_eq!((c.kind, c.error, c.error_kind), (CubeDecisionKind::NoDouble, 0.0, None));
    assert!(!c.close, "{:?}", c.equities);
    assert_eq!((s.total_cube, s.close_cube), (1, 0));
}

#[test]
fn best_play_is_unmarked() {
    let mut g = game_at(last_roll());
    g.apply(&Action::Roll(6, 5)).unwrap();
    let best = *g.legal_plays().iter().find(|p| p.result().chequers_in_play(crate::ON_ROLL) == 0).unwrap();
    g.apply(&Action::Play(best)).unwrap();
    let a = analyse_game(&g, &settings());
    assert_eq!(a.moves[0].played_rank, Some(0));
    assert_eq!((a.moves[0].error, a.moves[0].skill), (0.0, Skill::None));
    // the winner's result is one point; luck adjusted = result - own luck
    let p = &a.statistics.players;
    assert_eq!(p[0].actual_result, 1.0);
    assert!((p[0].luck_adjusted - (1.0 - p[0].luck[1])).abs() < 1e-12);
}

#[test]
fn forced_move_is_not_unforced() {
    // one chequer left on the 2 point: 2-1 bears it off whichever die goes first
    let pos = Position::from_points(&[(2, 1)], &[(6, 3), (5, 3)]).unwrap();
    let mut g = game_at(pos);
    g.apply(&Action::Roll(2, 1)).unwrap();
    let play = g.legal_plays()[0];
    g.apply(&Action::Play(play)).unwrap();
    let a = analyse_game(&g, &settings());
    let m = &a.moves[0];
    assert_eq!(m.candidates.len(), 1);
    assert!(!m.is_unforced());
    let s = &a.statistics.players[0];
    assert_eq!((s.total_moves, s.unforced_moves, s.marked[0]), (1, 0, 1));
    assert_eq!(s.chequer_rating(), None);
    assert!(a
        .statistics_text(&["a".into(), "b".into()])
        .contains("Chequerplay rating                       n/a                     n/a                    \n"));
}

#[test]
fn dance_against_a_strong_board_is_unlucky() {
    // my chequer on the bar against a four-point board with two blots of theirs waiting to be
    // hit on the open points; a dance leaves me far behind in the race too
    let pos = Position::from_points(
        &[(25, 1), (6, 4), (5, 4), (4, 3), (3, 3)],
        &[(6, 2), (5, 2), (4, 2), (3, 2), (2, 1), (1, 1), (13, 5)],
    )
    .unwrap();
    let mut g = game_at(pos);
    g.apply(&Action::Roll(6, 6)).unwrap();
    assert!(g.legal_plays().is_empty(), "6-6 dances");
    let a = analyse_game(&g, &settings());
    let m = &a.moves[0];
    assert!(m.played.is_none() && m.candidates.is_empty() && !m.is_unforced());
    let luck = m.luck.unwrap();
    assert!(luck.equity < -0.3, "dance luck {}", luck.equity);
    assert!(matches!(luck.mark, LuckMark::Unlucky | LuckMark::VeryUnlucky), "{:?}", luck.mark);
    // 6-6 hits two blots from the bar instead: a joker
    let mut g = game_at(pos);
    g.apply(&Action::Roll(2, 1)).unwrap();
    let best = g.legal_plays()[0];
    g.apply(&Action::Play(best)).unwrap();
    let hit = analyse_game(&g, &settings()).moves[0].luck.unwrap();
    assert!(hit.equity > luck.equity + 0.3, "{} vs dance {}", hit.equity, luck.equity);
}

#[test]
fn wrong_double_and_wrong_pass() {
    // the underdog (about 11%) doubles and the favourite drops: both blunders
    let mut g = game_at(last_roll());
    g.apply(&Action::Double).unwrap();
    g.apply(&Action::Drop).unwrap();
    let a = analyse_game(&g, &settings());
    assert_eq!(a.cubes.len(), 2, "{:?}", a.cubes);
    let (d, p) = (&a.cubes[0], &a.cubes[1]);
    assert_eq!(
        (d.kind, d.player, d.error_kind),
        (CubeDecisionKind::Double, 0, Some(CubeError::WrongDoubleBelowDoublePoint))
    );
    assert!(d.error > 0.5 && d.skill == Skill::VeryBad, "{d:?}");
    assert_eq!((p.kind, p.player, p.error_kind), (CubeDecisionKind::Drop, 1, Some(CubeError::WrongPass)));
    // the taker gives up +1 against about -1.56: 2.56
    assert!(p.error > 2.0, "{p:?}");
    let s = &a.statistics.players;
    assert_eq!((s[0].doubles, s[0].total_cube, s[0].close_cube), (1, 1, 1));
    assert_eq!((s[1].passes, s[1].cube_errors[5].0), (1, 1));
    let text = a.statistics_text(&["x".into(), "y".into()]);
    assert!(text.contains("Wrong doubles below DP (EMG (Points))      1 ("), "{text}");
}

#[test]
fn certain_win_double_take_is_a_wrong_take() {
    let pos = Position::from_points(&[(1, 2)], &[(1, 2)]).unwrap();
    let mut g = game_at(pos);
    g.apply(&Action::Double).unwrap();
    g.apply(&Action::Take).unwrap();
    let a = analyse_game(&g, &settings());
    let (d, t) = (&a.cubes[0], &a.cubes[1]);
    assert_eq!(d.action, CubeAction::DoublePass);
    assert_eq!((d.error, d.error_kind), (0.0, None));
    assert_eq!((t.kind, t.error_kind), (CubeDecisionKind::Take, Some(CubeError::WrongTake)));
    assert!((t.error - 1.0).abs() < 1e-6, "take error {}", t.error);
    // rolling instead of doubling here costs nothing (no double = +1 = the cash): not missed
    let mut g = game_at(pos);
    g.apply(&Action::Roll(2, 1)).unwrap();
    let a = analyse_game(&g, &settings());
    assert_eq!(a.cubes[0].error_kind, None);
}

#[test]
fn rating_names_and_boundaries() {
    assert_eq!(Rating::of(0.0).name(), "Supernatural");
    assert_eq!(Rating::of(0.00199).name(), "Supernatural");
    assert_eq!(Rating::of(0.002).name(), "World class");
    assert_eq!(Rating::of(0.005).name(), "Expert");
    assert_eq!(Rating::of(0.0079).name(), "Expert");
    assert_eq!(Rating::of(0.008).name(), "Advanced");
    assert_eq!(Rating::of(0.012).name(), "Intermediate");
    assert_eq!(Rating::of(0.018).name(), "Casual player");
    assert_eq!(Rating::of(0.026).name(), "Beginner");
    assert_eq!(Rating::of(0.0349).name(), "Beginner");
    assert_eq!(Rating::of(0.035).name(), "Awful!");
    // gnubg 1.07 on a 3-point match: luck rate -92.9 mEMG "Go to bed", -2.0 "None"
    assert_eq!(LuckRating::of(-0.0929).name(), "Go to bed");
    assert_eq!(LuckRating::of(-0.002).name(), "None");
    assert_eq!(LuckRating::of(-0.04).name(), "Bad dice, man!");
    assert_eq!(LuckRating::of(0.04).name(), "Good dice, man!");
    assert_eq!(LuckRating::of(0.07).name(), "Go to Las Vegas");
    // the 2003 manual's table
    assert_eq!(manual_luck_rating(0.11), "Cheater :-)");
    assert_eq!(manual_luck_rating(-0.08), "Go to bed");
    assert_eq!(manual_luck_rating(-0.2), "Haaa-haaa");
    assert_eq!(manual_luck_rating(0.0), "none");
}

#[test]
fn marks_follow_the_thresholds() {
    let t = Thresholds::MANUAL;
    assert_eq!(t.skill(0.04), Skill::None);
    assert_eq!(t.skill(0.041), Skill::Doubtful);
    assert_eq!(t.skill(0.081), Skill::Bad);
    assert_eq!(t.skill(0.161), Skill::VeryBad);
    assert_eq!(Thresholds::GNUBG_107.skill(0.031), Skill::Doubtful);
    assert_eq!(t.luck(0.61), LuckMark::VeryLucky);
    assert_eq!(t.luck(0.31), LuckMark::Lucky);
    assert_eq!(t.luck(0.3), LuckMark::None);
    assert_eq!(t.luck(-0.31), LuckMark::Unlucky);
    assert_eq!(t.luck(-0.61), LuckMark::VeryUnlucky);
}

#[test]
fn absolute_rating_formula_against_the_seed() {
    // the manual: a2(N) = 8798 + 25526/N, b(N) = 863 - 519/N
    assert!((a2(3) - 17306.667).abs() < 1e-3);
    assert!((b(3) - 690.0).abs() < 1e-9);
    // its appendix, 5-point rows with both error kinds: R1-R2 with its 90% interval, EPM, EPC
    for (r_lo, r_hi, epm, epc) in [(451.0, 493.0, 0.0344, 0.01), (103.0, 127.0, 0.00865, -0.0176)] {
        let r: f64 = a2(5) * epm + b(5) * epc;
        assert!((r_lo..=r_hi).contains(&r), "R = {r}");
    }
    // gnubg 1.07's figures for a 3-point match: 6.47 mEMG per move and no cube errors give a
    // chequer rating loss of 112.0 and 2050 - 112.0 = 1938.0
    let mut s = PlayerStatistics { unforced_moves: 6, chequer_error: [0.03883, 0.0], ..Default::default() };
    assert!((s.chequer_rating_loss(3) - 112.0).abs() < 0.05, "{}", s.chequer_rating_loss(3));
    assert!((s.absolute_rating(3, 2050.0) - 1938.0).abs() < 0.05);
    s.close_cube = 10;
    s.cube_errors[0] = (1, [0.1, 0.0]);
    assert!((s.absolute_rating(3, 2050.0) - (1938.0 - 690.0 * 0.01)).abs() < 0.05);
    // luck based rating difference: gnubg shows -119.96 for a luck adjusted result of -5.95%
    assert!((relative_fibs_rating(0.5 - 0.0595, 3) + 119.96).abs() < 0.2);
}

#[test]
fn opening_luck_of_the_best_and_worst_rolls() {
    use crate::rules::session::{Rules, Session};
    use engine_core::dice::Dice;
    // 3-1 is the best opening roll, 6-5 next; 5-4/6-4 middling; the luck of 3-1 is positive
    let play = |d: (u8, u8)| {
        let mut s = Session::new(Rules::money(Variant::Standard), Dice::manual([(d.0, d.1)]).unwrap()).unwrap();
        s.new_game().unwrap();
        s.apply(&Action::Roll(d.0, d.1)).unwrap();
        let best = s.game().unwrap().legal_plays()[0];
        s.apply(&Action::Play(best)).unwrap();
        let a = analyse_session(&s, &settings());
        a.games[0].moves[0].luck.unwrap().equity
    };
    let l31 = play((3, 1));
    let l62 = play((2, 6));
    assert!(l31 > 0.0 && l31 < 0.3, "3-1 luck {l31}");
    assert!(l62 < l31, "6-2 {l62} vs 3-1 {l31}");
}

#[test]
fn statistics_layout_matches_gnubg() {
    let mut g = game_at(last_roll());
    g.apply(&Action::Roll(6, 5)).unwrap();
    let blunder = *g.legal_plays().iter().find(|p| p.result().chequers_in_play(crate::ON_ROLL) > 0).unwrap();
    g.apply(&Action::Play(blunder)).unwrap();
    let a = analyse_game(&g, &settings());
    let text = a.statistics_text(&["gnubg".into(), "root".into()]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("{:<40} {:<23} {:<23}", "Player", "gnubg", "root"));
    assert_eq!(lines[2], "Chequerplay statistics");
    assert!(
        text.contains("\nTotal moves                                1                       0                    \n")
    );
    assert!(text.contains("\nLuck statistics\n\nRolls marked very lucky                    1 "));
    // money play: points, and no FIBS ratings
    assert!(text.contains("Error total EMG (Points)                      -"), "{text}");
    assert!(!text.contains("FIBS"));
    for section in ["Cube statistics", "Overall statistics", "Snowie error rate", "Overall rating"] {
        assert!(text.contains(section), "{section}");
    }
}

/// A match between two copies of our 0-ply player (cubeless best play, 0-ply cube decisions).
fn self_play_match(seed: u64, length: u16) -> crate::rules::session::Session {
    self_play(seed, crate::rules::session::Rules::match_to(length, Variant::Standard), 0)
}

/// Self-play under `rules` until the match is won, or `games` games of a money session.
fn self_play(seed: u64, rules: crate::rules::session::Rules, games: usize) -> crate::rules::session::Session {
    use crate::rules::game::Phase;
    use crate::rules::session::Session;
    use engine_core::dice::Dice;
    let settings = settings();
    let mut s = Session::new(rules, Dice::seeded(seed)).unwrap();
    let ev = Evaluator::embedded();
    let mut search = NPly::new(ev, 0);
    let cube_action = |search: &mut NPly<'_>, g: &Game| {
        let state = g.match_state();
        let ctx = context(g.setup(), &state, g.on_roll(), &settings.met);
        let p = search.evaluate(g.position(), 0);
        cube_analyse(&p, ctx.scoring, ctx.cube, ctx.owner, cube_class(g.position())).unwrap().action
    };
    let done = |s: &Session| {
        if games == 0 {
            s.winner().is_some()
        } else {
            s.games().len() == games && s.game().is_some_and(|g| g.is_over())
        }
    };
    while !done(&s) {
        if s.game().is_none_or(|g| g.is_over()) {
            s.new_game().unwrap();
        }
        let g = s.game().unwrap().clone();
        match g.phase() {
            Phase::Opening => {
                s.roll().unwrap();
            }
            Phase::Roll => {
                if g.may_double() && cube_action(&mut search, &g).doubles() {
                    s.apply(&Action::Double).unwrap();
                } else {
                    s.roll().unwrap();
                }
            }
            Phase::Play => {
                let (d1, d2) = g.dice().unwrap();
                let c = search.choose(g.position(), d1, d2, &nply::Settings::plies(0)).unwrap();
                s.apply(&Action::Play(c.play)).unwrap();
            }
            Phase::CubeOffered => {
                let take = cube_action(&mut search, &g).takes() != Some(false);
                s.apply(if take { &Action::Take } else { &Action::Drop }).unwrap();
            }
            Phase::ResignationOffered | Phase::Over => unreachable!("no resignations"),
        }
    }
    s
}

#[test]
fn our_own_play_is_nearly_error_free_at_our_level() {
    // gnubg finds no errors when it analyses its own 0-ply play at 0 ply; the same holds for
    // us up to the cubeful-versus-cubeless ranking of plays (the player ranks cubeless)
    let s = self_play_match(11, 5);
    let a = analyse_session(&s, &settings());
    let stats = &a.statistics;
    eprintln!("{}", a.statistics_text(&["p0".into(), "p1".into()]));
    for p in &stats.players {
        assert!(p.unforced_moves > 20);
        // measured 1.7 and 1.1 mEMG (gnubg 0-ply play judged by us: about 30)
        assert!(p.chequer_rate()[0] < 0.003, "{} mEMG", p.chequer_rate()[0] * 1000.0);
        assert_eq!(p.cube_error()[0], 0.0, "the player takes the analysis' own cube actions");
        assert!(p.chequer_rating() >= Some(Rating::WorldClass));
        assert_eq!(p.luck_marks.iter().sum::<u32>(), p.total_moves);
    }
    // the match is won: +50% and -50% of MWC from 0-0
    assert!((stats.players[0].actual_result + stats.players[1].actual_result).abs() < 1e-12);
    assert!((stats.players[0].actual_result.abs() - 0.5).abs() < 1e-9, "{}", stats.players[0].actual_result);
    // luck-adjusted results of both players are opposite
    assert!((stats.players[0].luck_adjusted + stats.players[1].luck_adjusted).abs() < 1e-9);
}

#[test]
fn money_session_reports_points_and_ppg() {
    let rules = crate::rules::session::Rules::money(Variant::Standard);
    let s = self_play(5, rules, 3);
    let a = analyse_session(&s, &settings());
    assert_eq!(a.games.len(), 3);
    assert_eq!(a.statistics.games, 3);
    let won: f64 = s
        .games()
        .iter()
        .map(|g| {
            let r = g.result().unwrap();
            if r.winner == 0 {
                f64::from(r.points)
            } else {
                -f64::from(r.points)
            }
        })
        .sum();
    assert_eq!(a.statistics.players[0].actual_result, won);
    let text = a.statistics_text(&["a".into(), "b".into()]);
    assert!(text.contains("Error rate mEMG (Points)"), "{text}");
    assert!(
        text.contains(&format!("Advantage (actual) in ppg                {:<23}", format!("{:+6.3}", won / 3.0))),
        "{text}"
    );
    assert!(text.contains("95% confidence interval (ppg)"));
    assert!(!text.contains("FIBS"));
}

#[test]
fn deeper_analysis_evaluates_the_played_move_at_full_depth() {
    // the opening 6-2 played as badly as our 0-ply net knows, far outside the 0.16 window of
    // the move filter: it is still evaluated at 1 ply, like the survivors
    let pos = Position::from_id("4HPwATDgc/ABMA").unwrap();
    let play_with = |pick: Option<Play>| {
        let mut g = game_at(pos);
        g.apply(&Action::Roll(6, 2)).unwrap();
        let p = pick.unwrap_or(g.legal_plays()[0]);
        g.apply(&Action::Play(p)).unwrap();
        g
    };
    let worst = analyse_game(&play_with(None), &settings()).moves[0].candidates.last().unwrap().play;
    let g = play_with(Some(worst));
    let s1 = AnalysisSettings { chequer: nply::Settings::plies(1), ..settings() };
    let m1 = analyse_game(&g, &s1).moves[0].clone();
    let m0 = analyse_game(&g, &settings()).moves[0].clone();
    let r = m1.played_rank.unwrap();
    assert_eq!(m1.candidates[r].plies, 1);
    assert_eq!(m1.candidates[0].plies, 1);
    let deep = m1.candidates.iter().filter(|c| c.plies == 1).count();
    assert!(deep >= 2 && deep < m1.candidates.len(), "{deep} of {}", m1.candidates.len());
    // the 1-ply figures differ from the 0-ply ones, both find the move wrong
    assert_ne!(m1.error, m0.error);
    assert!(m1.error > 0.04 && m0.error > 0.04, "{} {}", m1.error, m0.error);
}
