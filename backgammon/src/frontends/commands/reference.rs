//! gnubg's reference `show` commands: the race counts (`show kleinman`, `show thorp`,
//! `show keith`), the effective pip count and the bearoff database's figures (`show epc`,
//! `show bearoff`), the match equity table (`show matchequitytable [N]`), the gammon values at the
//! score (`show gammonvalues`), the settings of `eval` and `hint` (`show evaluation`, gnubg's
//! layout), and `show version`, `show rng`.
//!
//! The race counts print gnubg 1.07's lines (the fixture test compares them with gnubg's own
//! output); where gnubg's words carry a stray space or run into the next line, ours are clean.
//! The arithmetic is `analysis::race`'s, the tables `cube::met`'s and the databases
//! `eval::bearoff`'s; this module only words the answers and must not change the session.

use super::state::*;
use crate::analysis::race::{self, RaceAdvice, RaceCount};
use crate::cube::met::MatchScore;
use crate::eval::bearoff::cache::one_sided_default;
use crate::eval::bearoff::one_sided::win_probability;
use crate::rules::game::opponent;
use crate::rules::position::{Position, ON_ROLL, OPPONENT};
use engine_core::command::Args;
use std::fmt::Write as _;

/// C's `%.Ng` with at most `precision` significant digits, as gnubg prints the Kleinman count.
pub(crate) fn format_g(x: f64, precision: usize) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.into();
    }
    if x == 0.0 {
        return "0".into();
    }
    let p = precision.max(1);
    // The exponent after rounding to `p` digits decides between fixed and scientific notation.
    let sci = format!("{:.*e}", p - 1, x);
    let exp: i32 = sci.split('e').nth(1).and_then(|e| e.parse().ok()).unwrap_or(0);
    let strip = |s: String| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    };
    if exp < -4 || exp >= p as i32 {
        let (mantissa, _) = sci.split_once('e').unwrap_or((&sci, "0"));
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", strip(mantissa.to_string()), exp.abs())
    } else {
        let decimals = (p as i32 - 1 - exp).max(0) as usize;
        strip(format!("{x:.decimals$}"))
    }
}

/// The position on roll and the names of the player on roll and the opponent.
fn position_and_names(st: &State) -> Result<(Position, String, String), engine_core::command::CommandError> {
    let g = st.game()?;
    let me = g.on_roll();
    Ok((*g.position(), st.names[me].clone(), st.names[opponent(me)].clone()))
}

pub(super) fn cmd_show_kleinman(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show kleinman")?;
    let (pos, _, _) = position_and_names(st)?;
    let k = race::kleinman(&pos);
    let mut out = String::new();
    let _ = writeln!(out, "Leader Pip Count : {}", k.leader_pips);
    let _ = writeln!(out, "Trailer Pip Count: {}\n", k.trailer_pips);
    let _ = writeln!(out, "sum              : {}", k.sum);
    let _ = writeln!(out, "diff             : {}\n", k.diff);
    let _ = writeln!(out, "K = (diff+4)/(2 sqrt(sum-4)) = {:>8}", format_g(k.k, 4));
    match k.cubeless_win {
        Some(p) => {
            let _ = write!(out, "Cubeless Winning Chance: {p:.4}");
        }
        // gnubg prints 0.0000 here; the formula needs more than four pips in all.
        None => out.push_str("Cubeless Winning Chance: undefined (the count needs more than 4 pips in all)"),
    }
    Ok(out)
}

/// The advice line of a Thorp or Keith count.
fn advice_line(advice: RaceAdvice, thresholds: [&str; 4]) -> String {
    let [drop, redouble, double, no_double] = thresholds;
    match advice {
        RaceAdvice::DoubleDrop => format!("Double, Drop (since L <= {drop})"),
        RaceAdvice::RedoubleTake => format!("Redouble, Take (since L <= {redouble})"),
        RaceAdvice::DoubleTake => format!("Double, Take (since L <= {double})"),
        RaceAdvice::NoDoubleTake => format!("No Double, Take (since L > {no_double})"),
    }
}

fn race_count_text(name: &str, raise: &str, c: &RaceCount, thresholds: [&str; 4]) -> String {
    format!(
        "{name} Count Leader            : {}\n{name} Count Leader({raise}){}L: {:.1}\n{name} Count Trailer          T: {}\n\n{}",
        c.leader,
        " ".repeat(9 - raise.len()),
        c.adjusted,
        c.trailer,
        advice_line(c.advice, thresholds)
    )
}

pub(super) fn cmd_show_thorp(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show thorp")?;
    let (pos, _, _) = position_and_names(st)?;
    Ok(race_count_text("Thorp", "+1/10", &race::thorp(&pos), ["T - 2", "T + 1", "T + 2", "T + 2"]))
}

pub(super) fn cmd_show_keith(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show keith")?;
    let (pos, _, _) = position_and_names(st)?;
    Ok(race_count_text("Keith", "+1/7", &race::keith(&pos), ["T + 2", "T + 3", "T + 4", "T + 4"]))
}

pub(super) fn cmd_show_epc(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show epc")?;
    let (pos, me, them) = position_and_names(st)?;
    let db = one_sided_default();
    let width = me.chars().count().max(them.chars().count()).max(6);
    let mut out = format!(
        "Effective pip counts (mean rolls to bear off x 49/6, from the one-sided bearoff database):\n{:width$}  {:>5}  {:>7}  {:>7}  {:>10}\n",
        "Player", "Pips", "EPC", "Wastage", "Mean rolls"
    );
    for (side, name) in [(ON_ROLL, &me), (OPPONENT, &them)] {
        match race::epc(&pos, side, db) {
            Some(e) => {
                let _ = writeln!(
                    out,
                    "{name:width$}  {:>5}  {:>7.2}  {:>7.2}  {:>10.3}",
                    e.pips, e.epc, e.wastage, e.mean_rolls
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "{name:width$}  {:>5}  (not in the database: chequers outside the home board)",
                    pos.pips(side)
                );
            }
        }
    }
    Ok(out.trim_end().to_string())
}

pub(super) fn cmd_show_bearoff(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show bearoff")?;
    let (pos, me, them) = position_and_names(st)?;
    let db = one_sided_default();
    let points = db.index().points();
    let mut dists = Vec::new();
    let mut out = String::new();
    for (side, name) in [(ON_ROLL, &me), (OPPONENT, &them)] {
        let outside: u32 = (points + 1..=25).map(|p| u32::from(pos.at(side, p))).sum();
        let counts: Vec<u8> = (1..=points).map(|p| pos.at(side, p)).collect();
        let dist = if outside == 0 { db.distribution(&counts) } else { None };
        let Some(dist) = dist else {
            let _ = writeln!(out, "{name}: not in the one-sided bearoff database (chequers outside the home board).");
            continue;
        };
        let mean = db.mean_rolls(&counts).unwrap_or(f64::NAN);
        let var: f64 = dist.iter().enumerate().map(|(i, p)| p * (i as f64 - mean).powi(2)).sum();
        let _ = writeln!(out, "{name}: mean {mean:.3} rolls to bear off (standard deviation {:.3}).", var.sqrt());
        let _ = writeln!(out, "  Rolls  Exactly   At most");
        let mut cumulative = 0.0;
        for (i, p) in dist.iter().enumerate() {
            cumulative += p;
            if *p > 0.0 {
                let _ = writeln!(out, "  {i:>5}  {:>6.2}%  {:>7.2}%", 100.0 * p, 100.0 * cumulative);
            }
        }
        dists.push(dist);
    }
    if let [mine, theirs] = dists.as_slice() {
        let _ = writeln!(
            out,
            "Cubeless winning chance of {me} (on roll), from the two one-sided distributions: {:.2}%",
            100.0 * win_probability(mine, theirs)
        );
    }
    Ok(out.trim_end().to_string())
}

pub(super) fn cmd_show_matchequitytable(st: &mut State, args: &Args) -> Reply {
    let met = &st.met;
    let length = match args.len() {
        0 => st
            .session
            .as_ref()
            .map(|s| usize::from(s.rules().match_length))
            .filter(|&n| n > 0)
            .unwrap_or(met.length())
            .min(met.length()),
        1 => match args.value::<usize>(0) {
            Ok(n) if (1..=met.length()).contains(&n) => n,
            _ => return syntax(format!("You must specify a match length from 1 to {}.", met.length())),
        },
        _ => return syntax("`show matchequitytable' takes at most one argument (the match length)."),
    };
    let header = |out: &mut String| {
        out.push_str("         ");
        for j in 1..=length {
            let _ = write!(out, "{:>10}", format!("{j}-away"));
        }
        out.push('\n');
    };
    let mut out = format!("Match equity table: {}\n{}\nPre-Crawford table:\n", met.name(), met.description());
    header(&mut out);
    for i in 1..=length as u32 {
        let _ = write!(out, "{:>9}", format!("{i}-away"));
        for j in 1..=length as u32 {
            let _ = write!(out, "{:>10.4}", 100.0 * met.pre(i, j).unwrap_or(f64::NAN));
        }
        out.push('\n');
    }
    for player in 0..2 {
        let _ = writeln!(out, "Post-Crawford table for player {player} ({}):", st.names[player]);
        header(&mut out);
        out.push_str("   1-away");
        for j in 1..=length as u32 {
            let _ = write!(out, "{:>10.4}", 100.0 * met.post(j, player).unwrap_or(f64::NAN));
        }
        out.push('\n');
    }
    Ok(out.trim_end().to_string())
}

pub(super) fn cmd_show_gammonvalues(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show gammonvalues")?;
    let mut out = format!("{:<16} {:<15} {}\n", "Player", "Gammon value", "Backgammon value");
    let state = st.session.as_ref().map(|s| s.match_state());
    let cube = st.game().map_or(1, |g| g.cube().value());
    for player in 0..2 {
        // Values relative to a single game's swing, as gnubg defines them: in money play
        // (2 - 1) / 2 and (3 - 1) / 2 (gnubg prints zeros there).
        let (gv, bgv) = match state.as_ref().and_then(|s| MatchScore::of_state(s, player)) {
            Some(score) => {
                let gv = st.met.gammon_value(score, cube).unwrap_or(f64::NAN);
                (gv, gv + st.met.backgammon_value(score, cube).unwrap_or(f64::NAN))
            }
            None => (0.5, 1.0),
        };
        let _ = writeln!(out, "{:<16} {gv:<15.5} {bgv:.5}", st.names[player]);
    }
    Ok(out.trim_end().to_string())
}

pub(super) fn cmd_show_evaluation(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show evaluation")?;
    let mut out = String::from("`eval' and `hint' will use:\n    Chequer play:\n      Neural net evaluation:\n");
    out.push_str(&evaluation_lines(&st.hint, "        "));
    out.push_str("    Move filters:\n");
    out.push_str(&move_filter_lines(&st.hint, "      "));
    out.push_str("\n    Cube decisions:\n      Neural net evaluation:\n");
    out.push_str(&evaluation_lines(&crate::eval::nply::Settings::plies(st.hint_cube_plies), "        "));
    Ok(out.trim_end().to_string())
}

pub(super) fn cmd_show_version(_st: &mut State, args: &Args) -> Reply {
    no_args(args, "show version")?;
    Ok(format!(
        "gammon {} (gammon-go: backgammon and Go engines in Rust)\nEvaluation: our own neural nets (gnubg's inputs and outputs), bearoff databases generated by makebearoff.",
        env!("CARGO_PKG_VERSION")
    ))
}

pub(super) fn cmd_show_rng(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show rng")?;
    Ok(if st.manual_dice {
        "Dice are entered by hand (`set dice D1 D2' before each roll).".to_string()
    } else {
        format!("You are using gammon's seeded generator (seed {}); `set seed N' repeats a run.", st.seed)
    })
}

#[cfg(test)]
mod tests {
    use super::format_g;

    #[test]
    fn g_format_matches_c() {
        // printf("%.4g") of these values.
        for (x, want) in [
            (0.0, "0"),
            (0.1101, "0.1101"),
            (1.654_23, "1.654"),
            (-4.8493, "-4.849"),
            (2.70833, "2.708"),
            (12345.0, "1.234e+04"),
            (0.000_012_345, "1.234e-05"),
            (0.5, "0.5"),
            (10.0, "10"),
            (9999.6, "1e+04"),
            (f64::INFINITY, "inf"),
        ] {
            assert_eq!(format_g(x, 4), want, "{x}");
        }
    }
}
