//! What the computer knows about the game in progress: the plays ranked (for `hint` and the
//! computer's own moves), the cube decision of the player on roll, whether to take a double or
//! accept a resignation, and the text of `hint` and `eval` in gnubg's layout. Cubeful equities
//! use Janowski's model (`cubeful`) on n-ply cubeless probabilities; match equities come from the
//! MET and are shown as normalised money equities, as gnubg shows them. Owns no game state: it
//! reads a [`Game`] and answers.

use crate::cube::cubeful::{cubeful, Ownership, PositionClass as CubeClass, Scoring};
use crate::cube::decision::{analyse, CubeAction, CubeAnalysis, CubeEquities};
use crate::cube::met::{MatchEquityTable, MatchScore};
use crate::eval::nply::{NPly, Settings};
use crate::eval::{classify, PositionClass, Probabilities};
use crate::rules::cube::CubeOwner;
use crate::rules::game::{opponent, Game};
use crate::rules::movegen::Play;
use crate::rules::position::{Position, ON_ROLL};
use crate::rules::score::WinKind;
use std::fmt::Write;

/// The cube efficiency class of `pos` (player on roll's view).
pub fn cube_class(pos: &Position) -> CubeClass {
    match classify(pos) {
        PositionClass::Over | PositionClass::Bearoff => CubeClass::OneSidedBearoff,
        PositionClass::Race => CubeClass::Race { pips: pos.pips(ON_ROLL) },
        PositionClass::Crashed => CubeClass::Crashed,
        PositionClass::Contact => CubeClass::Contact,
    }
}

/// Money or match scoring of `game` from `player`'s view.
pub fn scoring<'m>(game: &Game, met: &'m MatchEquityTable, player: usize) -> Scoring<'m> {
    let s = game.setup();
    if s.is_money() {
        Scoring::Money { jacoby: s.jacoby, beavers: s.beavers > 0 }
    } else {
        Scoring::Match { met, score: match_score(game, player) }
    }
}

fn match_score(game: &Game, player: usize) -> MatchScore {
    let s = game.setup();
    let len = u32::from(s.match_length);
    MatchScore::from_points(len, u32::from(s.score[player]), u32::from(s.score[opponent(player)]), s.crawford)
}

/// Who owns the cube from `player`'s view.
pub fn ownership(game: &Game, player: usize) -> Ownership {
    match game.cube().owner() {
        CubeOwner::Centred => Ownership::Centred,
        CubeOwner::Player(p) if p == player => Ownership::Mine,
        CubeOwner::Player(_) => Ownership::Theirs,
    }
}

/// An equity in `scoring`'s unit (MWC in a match) as a normalised money equity.
fn display_equity(game: &Game, met: &MatchEquityTable, player: usize, value: f64) -> f64 {
    if game.setup().is_money() {
        value
    } else {
        met.nemg(value, match_score(game, player), game.cube().value()).unwrap_or(value)
    }
}

/// One candidate play with its evaluation from the mover's view.
#[derive(Debug, Clone)]
pub struct RankedPlay {
    pub play: Play,
    /// Cubeless probabilities after the play, mover's view.
    pub probabilities: Probabilities,
    /// The depth the play was last evaluated at.
    pub plies: usize,
    /// Cubeful equity after the play, mover's view (normalised money equity in a match).
    pub equity: f64,
}

/// The mover's cubeful equity after a play with probabilities `p` (mover's view).
fn play_equity(game: &Game, met: &MatchEquityTable, play: &Play, p: &Probabilities) -> f64 {
    let mover = game.on_roll();
    let opp = opponent(mover);
    let child = play.result().swapped();
    let probs = p.flipped();
    let value = cubeful(scoring(game, met, opp), &probs, game.cube().value(), ownership(game, opp), cube_class(&child));
    match (value, game.setup().is_money()) {
        (Ok(v), true) => -v,
        (Ok(v), false) => display_equity(game, met, mover, 1.0 - v),
        (Err(_), _) => f64::from(p.equity()),
    }
}

/// Every legal play of the dice rolled, evaluated as gnubg's n-ply search does: all at 0-ply,
/// then the survivors of each sub-ply's filter one ply deeper, up to `settings.plies`. Deepest
/// first, then by cubeful equity, best first. Empty unless the game waits for a play.
pub fn rank_plays(search: &mut NPly<'_>, game: &Game, met: &MatchEquityTable, settings: &Settings) -> Vec<RankedPlay> {
    let plays = game.legal_plays();
    let mut ranked: Vec<RankedPlay> = plays
        .iter()
        .map(|play| {
            let p = search.evaluate(&play.result().swapped(), 0).flipped();
            RankedPlay { play: *play, probabilities: p, plies: 0, equity: play_equity(game, met, play, &p) }
        })
        .collect();
    let sort = |r: &mut Vec<RankedPlay>| {
        r.sort_by(|a, b| b.plies.cmp(&a.plies).then(b.equity.total_cmp(&a.equity)));
    };
    sort(&mut ranked);
    for ply in 1..=settings.plies {
        let equities: Vec<f32> = ranked.iter().take_while(|r| r.plies == ply - 1).map(|r| r.equity as f32).collect();
        let keep = settings.filters[ply - 1].keep(&equities).max(1);
        for r in ranked.iter_mut().take(keep) {
            let p = search.evaluate(&r.play.result().swapped(), ply).flipped();
            r.probabilities = p;
            r.plies = ply;
            r.equity = play_equity(game, met, &r.play, &p);
        }
        sort(&mut ranked);
    }
    ranked
}

/// One play evaluated at `plies` as [`rank_plays`] evaluates its candidates (the tutor values the
/// play a human chose at the depth of the best one, as the analysis does).
pub fn evaluate_play(
    search: &mut NPly<'_>,
    game: &Game,
    met: &MatchEquityTable,
    play: &Play,
    plies: usize,
) -> RankedPlay {
    let p = search.evaluate(&play.result().swapped(), plies).flipped();
    RankedPlay { play: *play, probabilities: p, plies, equity: play_equity(game, met, play, &p) }
}

/// The cube equities of [`cube_analysis`] for `player` as `hint` shows them: money equity per
/// cube, or the normalised equity (NEMG) of each MWC in a match.
pub fn shown_equities(game: &Game, met: &MatchEquityTable, player: usize, a: &CubeAnalysis) -> CubeEquities {
    let e = a.equities;
    let shown = |v: f64| display_equity(game, met, player, v);
    CubeEquities { no_double: shown(e.no_double), double_take: shown(e.double_take), double_pass: shown(e.double_pass) }
}

/// The play the computer makes at `settings` (noise included), `None` when no play is legal.
pub fn choose_play(search: &mut NPly<'_>, game: &Game, settings: &Settings) -> Option<Play> {
    let (d1, d2) = game.dice()?;
    search.choose(game.position(), d1, d2, settings).map(|c| c.play)
}

/// The cube decision of `player` as if it were about to offer a double now (the position seen
/// from `player`), with cubeless probabilities at `plies`.
pub fn cube_analysis(
    search: &mut NPly<'_>,
    game: &Game,
    met: &MatchEquityTable,
    player: usize,
    plies: usize,
) -> Option<(CubeAnalysis, Probabilities)> {
    let pos = game.position_of(player);
    let p = search.evaluate(&pos, plies);
    let probs = p;
    analyse(&probs, scoring(game, met, player), game.cube().value(), ownership(game, player), cube_class(&pos))
        .ok()
        .map(|a| (a, p))
}

/// Whether the player on roll (the computer) should double now.
pub fn should_double(search: &mut NPly<'_>, game: &Game, met: &MatchEquityTable, plies: usize) -> bool {
    game.may_double()
        && cube_analysis(search, game, met, game.on_roll(), plies).is_some_and(|(a, _)| a.action.doubles())
}

/// The answer to a double offered to the player to act: `Some(true)` take, `Some(false)` drop;
/// and whether a beaver is right (money play, taker the favourite).
pub fn take_decision(search: &mut NPly<'_>, game: &Game, met: &MatchEquityTable, plies: usize) -> (bool, bool) {
    let Some(taker) = game.to_act() else { return (true, false) };
    match cube_analysis(search, game, met, opponent(taker), plies) {
        Some((a, _)) => {
            let take = a.equities.double_take < a.equities.double_pass;
            let beaver = take && game.setup().is_money() && a.equities.double_take < 0.0;
            (take, beaver)
        }
        None => (true, false),
    }
}

/// Whether the player to act should accept a resignation of `kind`: it gives at least what the
/// player expects to win by playing on (cubeless, at `plies`).
pub fn accept_resignation(
    search: &mut NPly<'_>,
    game: &Game,
    met: &MatchEquityTable,
    kind: WinKind,
    plies: usize,
) -> bool {
    let Some(me) = game.to_act() else { return true };
    // the resigner is on roll or to act before the winner: evaluate from the winner's side as on roll
    let p = search.evaluate(&game.position_of(me), plies);
    let cube = game.cube().value();
    if game.setup().is_money() {
        f64::from(kind.multiplier()) >= f64::from(p.equity()) - 1e-9
    } else {
        let score = match_score(game, me);
        let offered = met.mwc_after(score, true, kind.multiplier() * cube);
        let playing = met.mwc_cubeless(&p, score, cube);
        match (offered, playing) {
            (Ok(o), Ok(p)) => o >= p - 1e-9,
            _ => true,
        }
    }
}

/// The resignation the player on roll (the computer) should offer: only when the game is lost
/// for certain, at the level the opponent is sure to win.
pub fn resignation(search: &mut NPly<'_>, game: &Game) -> Option<WinKind> {
    let p = search.evaluate(game.position(), 0);
    let [win, _, _, lg, lbg] = p.0;
    // only the exact databases give certainties; nets never reach 0 exactly
    if !matches!(classify(game.position()), PositionClass::Bearoff | PositionClass::Over) || win > 0.0 {
        return None;
    }
    Some(if lbg >= 1.0 {
        WinKind::Backgammon
    } else if lg >= 1.0 {
        WinKind::Gammon
    } else if lg <= 0.0 {
        WinKind::Single
    } else {
        return None;
    })
}

/// gnubg's tag for a level: `[world class]` for 2-ply and so on.
fn level_tag(plies: usize) -> &'static str {
    match plies {
        0 => " [expert]",
        2 => " [world class]",
        3 => " [grandmaster]",
        _ => "",
    }
}

fn probability_line(p: &Probabilities) -> String {
    let [w, wg, wbg, lg, lbg] = p.0;
    format!("{w:.3} {wg:.3} {wbg:.3} - {:.3} {lg:.3} {lbg:.3}", 1.0 - w)
}

/// `hint` for a play: the best `n` plays, three lines each, as gnubg 1.07 prints them:
/// `    1. Cubeful 2-ply    24/18 13/10                  Eq.: +0.013`, the probabilities, the level.
pub fn format_play_hint(ranked: &[RankedPlay], n: usize) -> String {
    let mut out = String::new();
    let best = ranked.first().map_or(0.0, |r| r.equity);
    for (i, r) in ranked.iter().take(n).enumerate() {
        let _ = write!(out, "{:>5}. Cubeful {}-ply    {:<28} Eq.: {:+.3}", i + 1, r.plies, r.play.notation(), r.equity);
        if i > 0 {
            let _ = write!(out, " ({:+.3})", r.equity - best);
        }
        out.push('\n');
        let _ = writeln!(out, "       {}", probability_line(&r.probabilities));
        let _ = writeln!(out, "        {}-ply cubeful prune{}", r.plies, level_tag(r.plies));
    }
    out
}

/// `hint` before rolling: gnubg's "Cube analysis" block for `player`.
pub fn format_cube_hint(
    game: &Game,
    met: &MatchEquityTable,
    player: usize,
    plies: usize,
    a: &CubeAnalysis,
    p: &Probabilities,
) -> String {
    let shown = |v: f64| display_equity(game, met, player, v);
    let mut out = String::from("\nCube analysis\n");
    let money = f64::from(p.equity());
    // in a match the first figure is the cubeless MWC as a normalised equity
    let cubeless = match scoring(game, met, player) {
        Scoring::Match { score, .. } => {
            met.mwc_cubeless(p, score, game.cube().value()).map_or(money, |mwc| display_equity(game, met, player, mwc))
        }
        Scoring::Money { .. } => money,
    };
    let _ = writeln!(out, "{plies}-ply cubeless equity {cubeless:+.3} (Money: {money:+.3})");
    let _ = writeln!(out, "  {}", probability_line(p));
    out.push_str("Cubeful equities:\n");
    let e = a.equities;
    let (nd, dp, dt) = (shown(e.no_double), shown(e.double_pass), shown(e.double_take));
    let re = if a.redouble { "re" } else { "" };
    let d = if a.redouble { "Red" } else { "D" };
    // gnubg's order: the proper action first, then the others by equity, each with its
    // difference from the proper one
    let mut rows = [(format!("No {re}double"), nd), (format!("{d}ouble, pass"), dp), (format!("{d}ouble, take"), dt)];
    let proper = match a.action {
        CubeAction::DoubleTake | CubeAction::DoubleBeaver => 2,
        CubeAction::DoublePass => 1,
        _ => 0,
    };
    rows.swap(0, proper);
    rows[1..].sort_by(|x, y| y.1.total_cmp(&x.1));
    for (i, (label, v)) in rows.iter().enumerate() {
        let _ = write!(out, "{}. {label:<19} {v:+.3}", i + 1);
        if i > 0 {
            let _ = write!(out, "  ({:+.3})", v - rows[0].1);
        }
        out.push('\n');
    }
    let _ = write!(out, "Proper cube action: {}", a.action.describe(a.redouble));
    let margin = match a.action {
        CubeAction::NoDouble | CubeAction::NoDoubleBeaver => no_double_margin(nd, dt, dp),
        // how far "no double" stands above cashing, against the gain of doubling in
        CubeAction::TooGoodPass => no_double_margin(nd, dp, dt),
        _ => None,
    };
    if let Some(margin) = margin {
        let _ = write!(out, " ({:.1}%)", 100.0 * margin);
    }
    out.push('\n');
    if let CubeAction::NotAvailable(_) = a.action {
        out.push_str("(the cube cannot be turned now)\n");
    }
    out
}

/// gnubg's figure after "No double, take": where "no double" lies between "double, take" (0) and
/// "double, pass" (1), i.e. how far the position is from a double; after "Too good to double,
/// pass" the same with the two doubles exchanged. The ratio is the same for money
/// equities, MWC and normalised match equities (each is an affine image of the others).
fn no_double_margin(no_double: f64, double_take: f64, double_pass: f64) -> Option<f64> {
    let span = double_pass - double_take;
    (span.abs() > 1e-9).then(|| (no_double - double_take) / span)
}

/// `eval`: gnubg's table of the position before the roll, at 0-ply up to `plies`.
pub fn format_eval(search: &mut NPly<'_>, game: &Game, met: &MatchEquityTable, plies: usize) -> String {
    let pos = game.position();
    let player = game.on_roll();
    let class = match classify(pos) {
        PositionClass::Over => "Over",
        PositionClass::Bearoff => "Bearoff",
        PositionClass::Race => "Race",
        PositionClass::Crashed => "Crashed",
        PositionClass::Contact => "Contact",
    };
    let mut out = format!("\nEvaluator: \t{class}\n\n\n");
    out.push_str("        Win     W(g)    W(bg)   L(g)    L(bg)   Equity    Cubeful  \n");
    for ply in 0..=plies {
        let p = search.evaluate(pos, ply);
        let probs = p;
        let cubeful_eq =
            analyse(&probs, scoring(game, met, player), game.cube().value(), ownership(game, player), cube_class(pos))
                .map(|a| {
                    let e = a.equities;
                    let best = if a.action.doubles() { e.double_take.min(e.double_pass) } else { e.no_double };
                    display_equity(game, met, player, best)
                })
                .unwrap_or(f64::from(p.equity()));
        let label = if ply == 0 { "static:".to_string() } else { format!("{ply:>2} ply:") };
        let [w, wg, wbg, lg, lbg] = p.0;
        let _ = writeln!(
            out,
            "{label} {w:.3}   {wg:.3}   {wbg:.3}   {lg:.3}   {lbg:.3}   {:+.3}    {cubeful_eq:+.3}    ",
            p.equity()
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::no_double_margin;

    /// Figures gnubg 1.07's `hint` printed (money play, 2-ply): no double, double/pass, double/take
    /// and the percentage it gave after "Proper cube action: No double, take|beaver". Its equities
    /// are shown to 3 decimals, so the percentage is checked to within that rounding.
    #[test]
    fn no_double_margin_matches_gnubg() {
        for (nd, dp, dt, gnubg) in [
            (0.483, 1.0, 0.424, 10.2),
            (0.479, 1.0, 0.394, 14.1),
            (0.389, 1.0, 0.280, 15.2),
            (0.074, 1.0, -0.268, 27.0),
            (0.646, 1.0, 0.622, 6.3),
        ] {
            let m = 100.0 * no_double_margin(nd, dt, dp).unwrap();
            assert!((m - gnubg).abs() < 0.2, "{nd} {dp} {dt}: {m:.2} vs gnubg {gnubg}");
        }
        assert_eq!(no_double_margin(0.5, 1.0, 1.0), None);
    }
}
