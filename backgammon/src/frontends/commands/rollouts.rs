//! The interactive `rollout` command and its `set rollout …` / `show rollout` settings, as gnubg's:
//! before the roll a cubeful rollout of the cube decision (no double and double/take on the same
//! dice), after the roll rollouts of the plays `hint` ranks first (`rollout =1 =3` picks them).
//!
//! Owns the wording and the mapping of the settings onto [`RolloutConfig`]; the rollouts are
//! `crate::analysis::rollout`'s, the ranking of plays `advice`'s. It must not change either.

use super::advice::{self, ownership, scoring};
use super::state::{fail, no_args, on_off, syntax, Reply, State, MAX_ROLLOUT_TRIALS};
use crate::analysis::rollout::{rollout, rollout_cube, RolloutResult};
use crate::cube::decision::CubeContext;
use crate::eval::nply::MAX_PLIES;
use crate::rules::game::{opponent, Phase};
use engine_core::command::Args;
use std::fmt::Write as _;

/// Plays rolled out when `rollout` names none.
const DEFAULT_PLAYS: usize = 5;

fn row(v: &[f64; 6]) -> String {
    let mut s = String::new();
    for x in &v[..5] {
        let _ = write!(s, "{x:.3}   ");
    }
    let _ = write!(s, "{:+.3}", v[5]);
    s
}

fn table(r: &RolloutResult) -> String {
    format!("        Win     W(g)    W(bg)   L(g)    L(bg)   Equity\n  mean: {}\n  s.e.: {}", row(&r.mean), row(&r.se))
}

pub(super) fn cmd_rollout(st: &mut State, args: &Args) -> Reply {
    let g = st.live_game()?.clone();
    match g.phase() {
        Phase::Play => rollout_plays(st, args),
        Phase::Roll | Phase::CubeOffered => {
            no_args(args, "rollout")?;
            // the decision of the player on roll, or of the doubler while the double is pending
            let player = if g.phase() == Phase::Roll { g.on_roll() } else { opponent(g.to_act().unwrap_or(0)) };
            let pos = g.position_of(player);
            let cfg = st.rollout.config;
            if !(st.rollout.cubeful && g.setup().cube) {
                let r = rollout(st.search.ev, &pos, &cfg);
                return Ok(format!("Rollout of {} ({}):\n{}", pos.id(), st.rollout.tag(false), table(&r)));
            }
            let cube = CubeContext {
                scoring: scoring(&g, &st.met, player),
                cube: g.cube().value(),
                owner: ownership(&g, player),
            };
            let r = match rollout_cube(st.search.ev, &pos, &cube, &cfg) {
                Ok(r) => r,
                Err(e) => return fail(format!("No cube rollout at this score: {e}")),
            };
            // the branches come normalised (money equity per cube, NEMG in a match): as `hint` shows them
            let mut out =
                format!("Rollout of {} ({}):\n{}\n", pos.id(), st.rollout.tag(true), table(&r.no_double.cubeless));
            out.push_str("Cubeful equities:\n");
            let re = if r.redouble { "re" } else { "" };
            let d = if r.redouble { "Red" } else { "D" };
            let nd = r.no_double.cubeful;
            let _ = writeln!(out, "1. {:<19} {nd:+.3} (s.e. {:.3})", format!("No {re}double"), r.no_double.cubeful_se);
            let _ = writeln!(out, "2. {:<19} {:+.3}", format!("{d}ouble, pass"), r.double_pass);
            if let Some(dt) = &r.double_take {
                let _ = writeln!(
                    out,
                    "3. {:<19} {:+.3} (s.e. {:.3})",
                    format!("{d}ouble, take"),
                    dt.cubeful,
                    dt.cubeful_se
                );
            }
            let _ = write!(out, "Proper cube action: {}", r.action.describe(r.redouble));
            Ok(out)
        }
        Phase::ResignationOffered | Phase::Opening | Phase::Over => {
            fail("There is nothing to roll out now: roll the dice or decide on the cube first.")
        }
    }
}

/// `rollout [=N …]` after the roll: the plays of `hint`'s ranking, each rolled out on the same dice.
fn rollout_plays(st: &mut State, args: &Args) -> Reply {
    let mut picks = Vec::new();
    for t in args.tokens() {
        match t.strip_prefix('=').and_then(|n| n.parse::<usize>().ok()) {
            Some(n) if n >= 1 => picks.push(n),
            _ => {
                return syntax(format!(
                    "rollout: `{}' is not a move number (=1, =2, … of `hint')",
                    engine_core::limits::excerpt(t)
                ))
            }
        }
    }
    let g = st.live_game()?.clone();
    let hint = st.hint;
    let ranked = advice::rank_plays(&mut st.search, &g, &st.met, &hint);
    if picks.is_empty() {
        picks = (1..=ranked.len().min(DEFAULT_PLAYS)).collect();
    }
    if let Some(n) = picks.iter().find(|&&n| n > ranked.len()) {
        return fail(format!("There is no move {n}: `hint' lists {}.", ranked.len()));
    }
    // each play once, however often it is named: `=1` repeated down a long line is one rollout
    let mut seen = vec![false; ranked.len() + 1];
    picks.retain(|&n| !std::mem::replace(&mut seen[n], true));
    let cfg = st.rollout.config;
    let mut results: Vec<(usize, String, RolloutResult)> = picks
        .iter()
        .map(|&n| {
            let play = &ranked[n - 1].play;
            (n, play.notation(), rollout(st.search.ev, &play.result().swapped(), &cfg).flipped())
        })
        .collect();
    results.sort_by(|a, b| b.2.mean[5].total_cmp(&a.2.mean[5]));
    let mut out = format!("Rollout of {} plays ({}):\n", results.len(), st.rollout.tag(false));
    let best = results.first().map_or(0.0, |r| r.2.mean[5]);
    for (i, (n, notation, r)) in results.iter().enumerate() {
        let _ = write!(out, "{:>5}. {notation:<28} Eq.: {:+.3} (s.e. {:.3})", i + 1, r.mean[5], r.se[5]);
        if i > 0 {
            let _ = write!(out, " ({:+.3})", r.mean[5] - best);
        }
        let _ = writeln!(out, "  [hint ={n}]");
        let [w, wg, wbg, lg, lbg, _] = r.mean;
        let _ = writeln!(out, "       {w:.3} {wg:.3} {wbg:.3} - {:.3} {lg:.3} {lbg:.3}", 1.0 - w);
    }
    out.pop();
    Ok(out)
}

pub(super) fn cmd_set_rollout_trials(st: &mut State, args: &Args) -> Reply {
    match (args.len(), args.value::<u64>(0)) {
        (1, Ok(n)) if (1..=MAX_ROLLOUT_TRIALS).contains(&n) => {
            st.rollout.config.trials = n;
            st.say(format!("{n} games will be played per rollout."));
            Ok(String::new())
        }
        _ => syntax(format!("You must specify a number of trials from 1 to {}.", MAX_ROLLOUT_TRIALS)),
    }
}

pub(super) fn cmd_set_rollout_cubeful(st: &mut State, args: &Args) -> Reply {
    st.rollout.cubeful = on_off(args, "rollout cubeful")?;
    st.say(if st.rollout.cubeful {
        "Cubeful rollouts will be performed."
    } else {
        "Cubeless rollouts will be performed."
    });
    Ok(String::new())
}

pub(super) fn cmd_set_rollout_varredn(st: &mut State, args: &Args) -> Reply {
    st.rollout.config.variance_reduction = on_off(args, "rollout varredn")?;
    st.say(if st.rollout.config.variance_reduction {
        "Will use variance reduction in rollouts."
    } else {
        "Will not use variance reduction in rollouts."
    });
    Ok(String::new())
}

pub(super) fn cmd_set_rollout_bearofftruncation(st: &mut State, args: &Args) -> Reply {
    st.rollout.config.bearoff_truncation = on_off(args, "rollout bearofftruncation")?;
    st.say(if st.rollout.config.bearoff_truncation {
        "Will truncate rollouts when reaching the bearoff databases."
    } else {
        "Will not truncate rollouts when reaching the bearoff databases."
    });
    Ok(String::new())
}

pub(super) fn cmd_set_rollout_chequerplay_plies(st: &mut State, args: &Args) -> Reply {
    match (args.len(), args.value::<usize>(0)) {
        (1, Ok(n)) if n <= MAX_PLIES => {
            st.rollout.config.play = crate::eval::nply::Settings::plies(n);
            st.say(format!("Chequer play in rollouts will use {n}-ply evaluation."));
            Ok(String::new())
        }
        _ => syntax(format!("You must specify a number of plies from 0 to {MAX_PLIES}.")),
    }
}

pub(super) fn cmd_set_rollout_truncation_plies(st: &mut State, args: &Args) -> Reply {
    match (args.len(), args.value::<u32>(0)) {
        (1, Ok(n)) => {
            st.rollout.config.truncate = (n > 0).then_some(n);
            st.say(if n > 0 {
                format!("Rollouts will be truncated after {n} plies.")
            } else {
                "Rollouts will not be truncated.".to_string()
            });
            Ok(String::new())
        }
        _ => syntax("You must specify a number of plies (0: no truncation)."),
    }
}

pub(super) fn cmd_set_rollout_seed(st: &mut State, args: &Args) -> Reply {
    match (args.len(), args.value::<u64>(0)) {
        (1, Ok(n)) => {
            st.rollout.config.seed = n;
            st.say(format!("Rollout seed set to {n}."));
            Ok(String::new())
        }
        _ => syntax("You must specify a non-negative integer seed."),
    }
}

pub(super) fn cmd_show_rollout(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show rollout")?;
    Ok(st.rollout.describe())
}
