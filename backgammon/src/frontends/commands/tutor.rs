//! gnubg's tutor mode: `set tutor mode|chequer|cube on|off`, `set tutor skill
//! doubtful|bad|verybad`, `set tutor eval …` and `show tutor`, and the check itself. Before a
//! human's play, double, take, pass, beaver or roll (a roll is a decision not to double) is
//! carried out, the tutor evaluates it as `hint` would (at the tutor's settings) and, when it
//! gives up enough to be marked at least the chosen skill class, prints a warning naming the
//! better choice and the cost, then gnubg's question ("You may be about to make a very bad play.
//! Are you sure?"). The next line is the answer: `y` carries the decision out, `n` drops it and
//! the player decides again; anything else is asked again. The interactive terminal shows the
//! question as its prompt ([`question`]); `gammon -t` reads the answer from the next input line.
//!
//! The marks are the analysis's ([`Thresholds`], the same the `analyse` commands use), the errors
//! graded as the analysis grades them: a play against the best play evaluated at the same depth,
//! a cube decision against the proper action, in normalised equity (money equity per cube, NEMG
//! in a match). Evaluations are `advice`'s; this module owns the settings' wording and the
//! question, and must not change the session except by carrying out the decision it asked about.

use super::advice;
use super::state::*;
use crate::analysis::{cube_error, CubeDecisionKind, Skill, Thresholds};
use crate::cube::decision::CubeAction;
use crate::eval::nply::{Settings, MAX_PLIES};
use crate::rules::game::{opponent, Action, Phase};
use engine_core::command::{Args, CommandError};
use engine_core::limits::excerpt;

/// The chequer play settings and cube depth the tutor evaluates with.
fn tutor_levels(st: &State) -> (Settings, usize) {
    match st.tutor.eval {
        TutorEval::Hint => (st.hint, st.hint_cube_plies),
        TutorEval::Analysis => (Settings::plies(st.analysis_plies), st.analysis_plies),
        TutorEval::Own { chequer, cube_plies } => (chequer, cube_plies),
    }
}

/// gnubg's words for a skill class.
fn skill_name(skill: Skill) -> &'static str {
    match skill {
        Skill::None => "none",
        Skill::Doubtful => "doubtful",
        Skill::Bad => "bad",
        Skill::VeryBad => "very bad",
    }
}

/// gnubg's question for a decision marked `skill`.
fn question_for(skill: Skill) -> String {
    format!("You may be about to make a {} play. Are you sure?", skill_name(skill))
}

/// The warning and the question for `what`, or `None` when the tutor has nothing to say (off, a
/// computer's decision, a decision the rules refuse anyway, or one within the threshold).
fn warning(st: &mut State, what: Tutored) -> Option<(String, String)> {
    if !st.tutor.on || st.computer_acting {
        return None;
    }
    let g = st.live_game().ok()?.clone();
    let actor = g.to_act()?;
    if st.players[actor].computer {
        return None;
    }
    let (chequer, cube_plies) = tutor_levels(st);
    let thresholds = Thresholds::default();
    let (text, error) = match what {
        Tutored::Act(Action::Play(play)) if st.tutor.chequer && g.phase() == Phase::Play => {
            let ranked = advice::rank_plays(&mut st.search, &g, &st.met, &chequer);
            let best = ranked.first()?.clone();
            if best.play.result() == play.result() {
                return None;
            }
            let mut chosen = ranked.iter().find(|r| r.play.result() == play.result())?.clone();
            if chosen.plies < best.plies {
                chosen = advice::evaluate_play(&mut st.search, &g, &st.met, &chosen.play, best.plies);
            }
            let error = (best.equity - chosen.equity).max(0.0);
            let text = format!(
                "Tutor: {} gives up {error:.3} against {} ({}-ply cubeful equities {:+.3} and {:+.3}).\n",
                chosen.play.notation(),
                best.play.notation(),
                best.plies,
                chosen.equity,
                best.equity
            );
            (text, error)
        }
        Tutored::Act(Action::Double) | Tutored::Roll if st.tutor.cube => {
            let rolling = what == Tutored::Roll;
            if g.phase() != Phase::Roll || !g.may_double() {
                return None;
            }
            let (a, p) = advice::cube_analysis(&mut st.search, &g, &st.met, actor, cube_plies)?;
            if matches!(a.action, CubeAction::NotAvailable(_)) {
                return None;
            }
            let e = advice::shown_equities(&g, &st.met, actor, &a);
            let (kind, verb, other) = if rolling {
                (CubeDecisionKind::NoDouble, "rolling", "doubling")
            } else {
                (CubeDecisionKind::Double, "doubling", "not doubling")
            };
            let (error, _) = cube_error(&e, kind);
            let mut text = advice::format_cube_hint(&g, &st.met, actor, cube_plies, &a, &p);
            text.push_str(&format!("\nTutor: {verb} gives up {error:.3} against {other}.\n"));
            (text, error)
        }
        Tutored::Act(action @ (Action::Take | Action::Drop | Action::Beaver))
            if st.tutor.cube && g.phase() == Phase::CubeOffered =>
        {
            if action == Action::Beaver && !g.setup().is_money() {
                return None;
            }
            let doubler = opponent(actor);
            let (a, p) = advice::cube_analysis(&mut st.search, &g, &st.met, doubler, cube_plies)?;
            let e = advice::shown_equities(&g, &st.met, doubler, &a);
            let (kind, verb, other) = match action {
                Action::Drop => (CubeDecisionKind::Drop, "passing", "taking"),
                Action::Beaver => (CubeDecisionKind::Beaver, "beavering", "passing"),
                _ => (CubeDecisionKind::Take, "taking", "passing"),
            };
            let (error, _) = cube_error(&e, kind);
            let mut text = advice::format_cube_hint(&g, &st.met, doubler, cube_plies, &a, &p);
            text.push_str(&format!("\nTutor: {verb} gives up {error:.3} against {other}.\n"));
            (text, error)
        }
        _ => return None,
    };
    let skill = thresholds.skill(error);
    if skill == Skill::None || skill < st.tutor.skill {
        return None;
    }
    Some((text, question_for(skill)))
}

/// Carries out a human's decision, unless the tutor warns about it first: then the decision waits
/// for the answer to the question.
pub(super) fn human_action(st: &mut State, what: Tutored) -> Reply {
    if let Some((text, question)) = warning(st, what) {
        st.say(text.trim_end());
        st.say(&question);
        st.tutor.pending = Some((what, question));
        return Ok(String::new());
    }
    perform(st, what)
}

fn perform(st: &mut State, what: Tutored) -> Reply {
    match what {
        Tutored::Act(action) => st.player_action(|st| st.act(action)),
        Tutored::Roll => st.player_action(|st| {
            if st.live_game()?.phase() == Phase::Opening {
                return st.opening_roll();
            }
            st.roll_and_report()
        }),
    }
}

/// The question waiting for an answer, if any (the interactive prompt).
pub(super) fn question(st: &State) -> Option<&str> {
    st.tutor.pending.as_ref().map(|(_, q)| q.as_str())
}

/// Answers the tutor's question with `line`: `y`/`yes` carries the decision out, `n`/`no` drops
/// it; anything else is asked again, as gnubg does.
pub(super) fn reply(st: &mut State, line: &str) -> Reply {
    let Some((what, q)) = st.tutor.pending.clone() else { return Ok(String::new()) };
    match line.trim().to_ascii_lowercase().as_str() {
        "y" | "yes" => {
            st.tutor.pending = None;
            perform(st, what)
        }
        "n" | "no" => {
            st.tutor.pending = None;
            Ok(String::new())
        }
        _ => {
            st.say("Please answer `y' or `n'.");
            st.say(q);
            Ok(String::new())
        }
    }
}

/// `on`/`off` with gnubg's message for a missing or wrong word (`set tutor mode`: "You must
/// specify whether to set 'tutor-mode' on or off.").
fn switch(args: &Args, name: &str) -> Result<bool, CommandError> {
    match args.tokens() {
        [w] => match w.to_ascii_lowercase().as_str() {
            "on" | "yes" | "true" => Ok(true),
            "off" | "no" | "false" => Ok(false),
            _ => syntax(format!("You must specify whether to set '{name}' on or off.")),
        },
        _ => syntax(format!("You must specify whether to set '{name}' on or off.")),
    }
}

pub(super) fn cmd_set_tutor_mode(st: &mut State, args: &Args) -> Reply {
    st.tutor.on = switch(args, "tutor-mode")?;
    st.say(if st.tutor.on { "Warn about possibly bad play." } else { "No warnings for possibly bad play." });
    Ok(String::new())
}

pub(super) fn cmd_set_tutor_chequer(st: &mut State, args: &Args) -> Reply {
    st.tutor.chequer = switch(args, "tutor-chequer")?;
    st.say(if st.tutor.chequer {
        "Include advice on chequer play in tutor mode."
    } else {
        "Exclude advice on chequer play from tutor mode."
    });
    Ok(String::new())
}

pub(super) fn cmd_set_tutor_cube(st: &mut State, args: &Args) -> Reply {
    st.tutor.cube = switch(args, "tutor-cube")?;
    st.say(if st.tutor.cube {
        "Include advice on cube decisions in tutor mode."
    } else {
        "Exclude advice on cube decisions from tutor mode."
    });
    Ok(String::new())
}

pub(super) fn cmd_set_tutor_skill(st: &mut State, args: &Args) -> Reply {
    let word = args.tokens().join(" ").to_ascii_lowercase();
    st.tutor.skill = match word.as_str() {
        "doubtful" => Skill::Doubtful,
        "bad" => Skill::Bad,
        "verybad" | "very bad" => Skill::VeryBad,
        "" => return syntax("You must specify a skill level: doubtful, bad or verybad (see `help set tutor skill')."),
        _ => return syntax(format!("Unknown keyword `{}'.", excerpt(args.get(0).unwrap_or_default()))),
    };
    st.say(format!("Tutor warnings will be given for play marked `{}'.", skill_name(st.tutor.skill)));
    Ok(String::new())
}

pub(super) fn cmd_set_tutor_eval(st: &mut State, args: &Args) -> Reply {
    let words: Vec<String> = args.tokens().iter().map(|t| t.to_ascii_lowercase()).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    st.tutor.eval = match words.as_slice() {
        ["on" | "hint" | "evaluation"] => TutorEval::Hint,
        ["off" | "analysis"] => TutorEval::Analysis,
        ["plies", n] => match n.parse::<usize>() {
            Ok(n) if n <= MAX_PLIES => TutorEval::Own { chequer: Settings::plies(n), cube_plies: n },
            _ => return syntax(format!("Valid numbers of plies to look ahead are 0 to {MAX_PLIES}.")),
        },
        ["level", level @ ..] if !level.is_empty() => match Settings::named(&level.join(" ")) {
            Some(s) => TutorEval::Own { chequer: s, cube_plies: s.plies },
            None => {
                return syntax(format!(
                    "Unknown level `{}' (beginner, casual, intermediate, advanced, expert, world class, supremo, grandmaster).",
                    excerpt(&level.join(" "))
                ))
            }
        },
        _ => return syntax("Usage: set tutor eval on|off|plies <n>|level <name> (on: the `set evaluation' settings, off: the analysis settings)."),
    };
    st.say(eval_line(st));
    Ok(String::new())
}

/// Which settings the tutor evaluates with, in words.
fn eval_line(st: &State) -> String {
    let (chequer, cube) = tutor_levels(st);
    let source = match st.tutor.eval {
        TutorEval::Hint => "the settings of `hint' and `eval'",
        TutorEval::Analysis => "the settings of `analyse'",
        TutorEval::Own { .. } => "its own settings",
    };
    format!("The tutor evaluates chequer play at {} ply and cube decisions at {cube} ply ({source}).", chequer.plies)
}

pub(super) fn cmd_show_tutor(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show tutor")?;
    let class = match st.tutor.skill {
        Skill::VeryBad => "'very bad'".to_string(),
        s => format!("'{}' or worse", skill_name(s)),
    };
    let line = |on: bool, what: &str| {
        if st.tutor.on && on {
            format!("Warnings are given for {class} {what}.")
        } else {
            format!("No warnings are given for {what}.")
        }
    };
    Ok(format!(
        "{}\n{}\n{}",
        line(st.tutor.chequer, "chequer moves"),
        line(st.tutor.cube, "cube decisions"),
        eval_line(st)
    ))
}

#[cfg(test)]
mod tests {
    use super::super::Shell;

    /// The settings' messages are gnubg 1.07's (recorded from `gnubg -t`).
    #[test]
    fn settings_answer_as_gnubg() {
        let mut sh = Shell::new(1);
        let show = |sh: &mut Shell| sh.execute("show tutor").lines().take(2).collect::<Vec<_>>().join("\n");
        assert_eq!(
            show(&mut sh),
            "No warnings are given for chequer moves.\nNo warnings are given for cube decisions."
        );
        assert_eq!(sh.execute("set tutor mode on"), "Warn about possibly bad play.\n");
        assert_eq!(
            show(&mut sh),
            "Warnings are given for 'doubtful' or worse chequer moves.\nWarnings are given for 'doubtful' or worse cube decisions."
        );
        assert_eq!(sh.execute("set tutor skill bad"), "Tutor warnings will be given for play marked `bad'.\n");
        assert_eq!(sh.execute("set tutor skill verybad"), "Tutor warnings will be given for play marked `very bad'.\n");
        assert_eq!(sh.execute("set tutor chequer off"), "Exclude advice on chequer play from tutor mode.\n");
        assert_eq!(
            show(&mut sh),
            "No warnings are given for chequer moves.\nWarnings are given for 'very bad' cube decisions."
        );
        assert_eq!(sh.execute("set tutor cube off"), "Exclude advice on cube decisions from tutor mode.\n");
        assert_eq!(sh.execute("set tutor chequer on"), "Include advice on chequer play in tutor mode.\n");
        assert_eq!(sh.execute("set tutor cube on"), "Include advice on cube decisions in tutor mode.\n");
        assert_eq!(sh.answer("set tutor skill foo").error.as_deref(), Some("Unknown keyword `foo'."));
        assert_eq!(
            sh.answer("set tutor mode").error.as_deref(),
            Some("You must specify whether to set 'tutor-mode' on or off.")
        );
        assert_eq!(sh.execute("set tutor mode off"), "No warnings for possibly bad play.\n");
        assert!(sh.execute("set tutor eval plies 1").contains("chequer play at 1 ply and cube decisions at 1 ply"));
        assert!(sh.execute("set tutor eval level world class").contains("at 2 ply"));
        assert!(sh.execute("set tutor eval off").contains("`analyse'"));
        assert!(sh.answer("set tutor eval plies 9").error.is_some());
        assert!(sh.answer("set tutor eval level nobody").error.is_some());
        assert!(sh.execute("set tutor eval on").contains("`hint'"));
    }

    /// Both players human, the tutor on, the opening position with 3-1 for the user (player 1).
    fn opening_31() -> Shell {
        opening(1, 3)
    }

    /// Both players human, the tutor on, the opening roll `d0` for player 0 and `d1` for player 1.
    fn opening(d0: u8, d1: u8) -> Shell {
        let mut sh = Shell::new(1);
        sh.execute("set player 0 human");
        sh.execute("set tutor mode on");
        sh.execute("set evaluation chequerplay evaluation plies 0");
        sh.execute("set evaluation cubedecision evaluation plies 0");
        sh.execute(&format!("set dice {d0} {d1}"));
        sh.execute("new session");
        sh
    }

    #[test]
    fn a_very_bad_play_is_questioned_and_can_be_taken_back() {
        let mut sh = opening_31();
        let before = sh.session().unwrap().game().unwrap().position().id();
        let out = sh.execute("move 24/21 24/23");
        assert!(out.contains("Tutor: 24/23 24/21 gives up"), "{out}");
        assert!(out.contains("against 8/5 6/5"), "{out}");
        assert!(out.contains("You may be about to make a very bad play. Are you sure?"), "{out}");
        assert_eq!(sh.prompt(), "(y/n) ");
        // nothing is played yet; another word is asked again
        assert_eq!(sh.session().unwrap().game().unwrap().position().id(), before);
        let again = sh.execute("hint");
        assert!(again.starts_with("Please answer `y' or `n'.\nYou may be about"), "{again}");
        // `n`: the play is dropped and the user plays again
        assert_eq!(sh.execute("n"), "");
        assert_eq!(sh.session().unwrap().game().unwrap().position().id(), before);
        assert_ne!(sh.prompt(), "(y/n) ");
        // the best play passes without a word
        let out = sh.execute("move 8/5 6/5");
        assert!(!out.contains("Tutor"), "{out}");
        assert_ne!(sh.session().unwrap().game().unwrap().position().id(), before);
    }

    #[test]
    fn yes_carries_the_play_out_and_the_threshold_is_respected() {
        let mut sh = opening_31();
        let out = sh.execute("move 24/21 24/23");
        assert!(out.contains("Are you sure?"), "{out}");
        let out = sh.execute("y");
        assert!(!out.contains("Are you sure?"), "{out}");
        let pos = sh.session().unwrap().game().unwrap().position().id();
        assert_ne!(pos, "4HPwATDgc/ABMA");
        // off: no question
        let mut sh = opening_31();
        sh.execute("set tutor chequer off");
        let out = sh.execute("move 24/21 24/23");
        assert!(!out.contains("Are you sure?"), "{out}");
        // the second best play of 65 is not worth a warning at `very bad'
        let mut sh = opening(5, 6);
        sh.execute("set tutor skill verybad");
        let hint = sh.execute("hint 2");
        let second = hint.lines().find(|l| l.trim_start().starts_with("2. Cubeful")).unwrap();
        let play = second.split("-ply").nth(1).unwrap().split("Eq.:").next().unwrap().trim().to_string();
        let out = sh.execute(&format!("move {play}"));
        assert!(!out.contains("Are you sure?"), "{out}");
    }

    #[test]
    fn a_wrong_double_shows_the_cube_analysis_first() {
        let mut sh = opening_31();
        sh.execute("move 8/5 6/5");
        // player 0 to roll in the opening-like position: doubling is a big error
        let out = sh.execute("double");
        assert!(out.contains("Cube analysis"), "{out}");
        assert!(out.contains("Tutor: doubling gives up"), "{out}");
        assert!(out.contains("Are you sure?"), "{out}");
        assert_eq!(sh.session().unwrap().game().unwrap().cube().value(), 1);
        sh.execute("y");
        assert_eq!(sh.session().unwrap().game().unwrap().phase(), crate::rules::game::Phase::CubeOffered);
        // the user takes: a right take, no warning; rolling there was no error either
        let out = sh.execute("take");
        assert!(!out.contains("Are you sure?"), "{out}");
    }

    #[test]
    fn rolling_instead_of_doubling_is_questioned() {
        let mut sh = opening_31();
        sh.execute("move 8/5 6/5");
        // player 0 to roll, far ahead in the race: a missed double (double, pass)
        assert_eq!(sh.answer("set board cHd3AAC4uzsAAA").error, None);
        let out = sh.execute("roll");
        assert!(out.contains("Cube analysis"), "{out}");
        assert!(out.contains("Tutor: rolling gives up"), "{out}");
        assert!(out.contains("Are you sure?"), "{out}");
        assert_eq!(sh.session().unwrap().game().unwrap().dice(), None);
        // `n`: not rolled; doubling instead is the right action, and passing is right for the user
        assert_eq!(sh.execute("n"), "");
        let out = sh.execute("double");
        assert!(!out.contains("Are you sure?"), "{out}");
        let out = sh.execute("take");
        assert!(out.contains("Tutor: taking gives up"), "{out}");
        assert_eq!(sh.execute("n"), "");
        let out = sh.execute("pass");
        assert!(!out.contains("Are you sure?"), "{out}");
        // the game is over (and the next one begun): player 0 won the cube's point
        assert_eq!(sh.session().unwrap().score(), [1, 0]);
    }

    #[test]
    fn batch_answers_come_from_the_input() {
        let mut sh = opening_31();
        let mut out = Vec::new();
        let mut err = Vec::new();
        let script = b"move 24/21 24/23\nperhaps\nn\nmove 8/5 6/5\n";
        let summary = sh.run_batch(&script[..], &mut out, &mut err).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(summary.errors, 0, "{}", String::from_utf8_lossy(&err));
        assert_eq!(text.matches("Are you sure?").count(), 2, "{text}");
        assert!(text.contains("Please answer `y' or `n'."), "{text}");
        assert_eq!(sh.session().unwrap().game().unwrap().position().id(), "sGfwATDgc/ABMA");
    }
}
