//! Cubeful equities from cubeless probabilities with Rick Janowski's model ("Take-Points in Money
//! Games", 1993), as the GNU Backgammon manual's chapter "Cubeful equities" describes it:
//! `E(cubeful) = E(dead) (1 - x) + E(live) x` in money play and the same with MWCs in match play,
//! where the live-cube value interpolates linearly between (0, lose), (take point, -1),
//! (cash point, +1) and (1, win), and `x` is the cube efficiency of the position class (after
//! the Crawford game, outside one-sided bearoffs, the trailer's cube efficiency our rollouts
//! measure: [`POST_CRAWFORD_EFFICIENCY`]).
//!
//! Owns only this arithmetic on five probabilities; it must not evaluate positions (the evaluator
//! supplies the probabilities and the position class) nor decide cube actions (`cube_decision`).
//!
//! Match play: live-cube take points come from the recursion over cube levels
//! `TP(live, n) = TP(dead, n) (1 - TP(live, 2n))` (the opponent's take point at the next level),
//! with the MWCs of the match equity table; a level is dead when the taker, owning the cube, could
//! gain nothing by redoubling (winning the doubled cube already wins the match) or in the
//! Crawford game. When the cube is the opponent's and I could never use it again, their redouble
//! is free and assumed at once when it helps them (as gnubg's 0-ply figures show).

use crate::cube::met::{MatchEquityTable, MatchScore, ScoreOutOfRange};
use crate::eval::probabilities::Probabilities;

/// The position class that fixes the cube efficiency (the evaluator classifies positions).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PositionClass {
    /// One-sided bearoff database positions: x = 0.6.
    OneSidedBearoff,
    /// Crashed positions: x = 0.68.
    Crashed,
    /// Contact positions: x = 0.68.
    Contact,
    /// A race, with the pip count of the player on roll: x from 0.6 at 40 pips to 0.7 at 120.
    Race { pips: u32 },
}

/// The cube efficiency of the trailer's cube after the Crawford game, measured by our own
/// cubeful rollouts: the leader can never usefully double, so the trailer holds the only live
/// cube and loses little market with it. `bg-efficiency --score post-crawford` fits
/// `MWC = MWC(dead)(1-x) + MWC(live)x` to the "no double" MWCs of 1296-game 0-ply cubeful
/// rollouts of the 62 post-Crawford positions of `tests/data/cube_positions.txt`, the players
/// using this 0.86 in the games: x = 0.863 (95% bootstrap interval 0.821 to 0.903) with the
/// Kazaross XG2 table (contact 0.89, races 0.84); with 0.84 in play 0.862 (Kazaross XG2) and
/// 0.864 (Woolsey's). The manual's 0.68 lies far outside. Before the
/// Crawford game, at scores where neither side is 2-away, the same fit on contact positions gives
/// 0.77 (0.68 to 0.84, 25 positions), where the manual's 0.68 stands. gnubg-nn's post-Crawford
/// figures behave as x = 0.825; gnubg 1.07 keeps the position class's value. One-sided bearoff
/// positions keep theirs (0.60 measured).
pub const POST_CRAWFORD_EFFICIENCY: f64 = 0.86;

impl PositionClass {
    /// The cube efficiency x, the manual's table.
    pub fn cube_efficiency(self) -> f64 {
        match self {
            PositionClass::OneSidedBearoff => 0.6,
            PositionClass::Crashed | PositionClass::Contact => 0.68,
            PositionClass::Race { pips } => {
                let p = f64::from(pips.clamp(40, 120));
                0.6 + 0.1 * (p - 40.0) / 80.0
            }
        }
    }

    /// The class's name in reports: `contact`, `crashed`, `race`, `bearoff`.
    pub fn name(self) -> &'static str {
        match self {
            PositionClass::Contact => "contact",
            PositionClass::Crashed => "crashed",
            PositionClass::Race { .. } => "race",
            PositionClass::OneSidedBearoff => "bearoff",
        }
    }

    /// The cube efficiency under `scoring`: the manual's table, except after the Crawford game,
    /// where [`POST_CRAWFORD_EFFICIENCY`] replaces it outside one-sided bearoffs.
    pub fn cube_efficiency_in(self, scoring: Scoring<'_>) -> f64 {
        match scoring {
            Scoring::Match { score, .. } if score.is_post_crawford() && self != PositionClass::OneSidedBearoff => {
                POST_CRAWFORD_EFFICIENCY
            }
            _ => self.cube_efficiency(),
        }
    }
}

/// The cube efficiency that reproduces a known cubeful equity (the manual: two-sided bearoff
/// positions in match play take x from the database's cubeful money equity), found by isolating
/// x in `E = E(dead)(1-x) + E(live)x`. `None` when dead and live equities (nearly) coincide, as
/// in a near-certain game: x is then undetermined, and dividing by the tiny difference would
/// give any value at all (gnubg draws the line at the same 1e-4).
pub fn effective_efficiency(cubeful: f64, dead: f64, live: f64) -> Option<f64> {
    let d = live - dead;
    (d.abs() > 1e-4).then(|| (cubeful - dead) / d)
}

/// Who owns the cube, from the point of view of the player whose equity is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ownership {
    Centred,
    Mine,
    Theirs,
}

/// Janowski's money take point `TP = (L - 0.5) / (W + L + 0.5)` for a player whose average win
/// and loss are `w` and `l`.
pub fn money_take_point(w: f64, l: f64) -> f64 {
    (l - 0.5) / (w + l + 0.5)
}

/// Linear interpolation through points sorted by x.
fn interpolate(points: &[(f64, f64)], x: f64) -> f64 {
    let mut pts = [(0.0, 0.0); 4];
    let n = points.len().min(4);
    pts[..n].copy_from_slice(&points[..n]);
    let pts = &mut pts[..n];
    pts.sort_by(|a, b| a.0.total_cmp(&b.0));
    for w in pts.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if x <= x1 {
            return if x1 - x0 > 1e-12 { y0 + (y1 - y0) * (x - x0) / (x1 - x0) } else { y1 };
        }
    }
    pts[n - 1].1
}

/// Money play: my take point and cash point (1 - the opponent's take point) per Janowski.
pub fn money_points(p: &Probabilities) -> (f64, f64) {
    let (w, l) = (p.avg_win(), p.avg_loss());
    (money_take_point(w, l), 1.0 - money_take_point(l, w))
}

/// Money play: fully live cube equity per unit cube.
pub fn money_live(p: &Probabilities, owner: Ownership) -> f64 {
    janowski_live(p.p_win(), p.avg_win(), p.avg_loss(), owner)
}

/// Janowski's live-cube money equity from the winning chance `win` and the averages `w` and `l`:
/// the piecewise linear line through (0, -L), (TP, -1), (CP, +1), (1, +W), without the points an
/// ownership rules out (the owner has no take point to fear, the opponent-owned side no cash point).
pub fn janowski_live(win: f64, w: f64, l: f64, owner: Ownership) -> f64 {
    let (tp, cp) = (money_take_point(w, l), 1.0 - money_take_point(l, w));
    let pts: &[(f64, f64)] = match owner {
        Ownership::Centred => &[(0.0, -l), (tp, -1.0), (cp, 1.0), (1.0, w)],
        Ownership::Mine => &[(0.0, -l), (cp, 1.0), (1.0, w)],
        Ownership::Theirs => &[(0.0, -l), (tp, -1.0), (1.0, w)],
    };
    interpolate(pts, win)
}

/// Money play: cubeful equity per unit cube with efficiency `x`. Under the Jacoby rule with a
/// centred cube gammons and backgammons do not count.
pub fn money_cubeful(p: &Probabilities, owner: Ownership, x: f64, jacoby: bool) -> f64 {
    let q = if jacoby && owner == Ownership::Centred { p.gammonless() } else { *p };
    q.cubeless_equity() * (1.0 - x) + money_live(&q, owner) * x
}

/// Match play: my MWC when the game ends with the cube at `cube`, won (by my conditional outcome
/// split) or lost (by my opponent's), gammons counting as the score makes them count.
fn gammon_weighted(
    met: &MatchEquityTable,
    p: &Probabilities,
    s: MatchScore,
    cube: u32,
    i_win: bool,
) -> Result<f64, ScoreOutOfRange> {
    let split = if i_win { p.win_split() } else { p.flipped().win_split() };
    let mut m = 0.0;
    for (k, f) in split.iter().enumerate() {
        if *f != 0.0 {
            m += f * met.mwc_after(s, i_win, cube.saturating_mul(k as u32 + 1))?;
        }
    }
    Ok(m)
}

/// Whether the owner of a `cube` could gain by redoubling it: doubling is allowed in this game and
/// winning `cube` points does not already win the owner the match.
fn redouble_live(s: MatchScore, owner_away: u32, cube: u32) -> bool {
    s.doubling_allowed() && owner_away > cube && cube < 1 << 15
}

/// Match play: my live-cube take point when my opponent doubles `cube` to `2 cube`
/// (`p` and `s` from my view). 0 when I should take any double.
pub fn match_take_point(
    met: &MatchEquityTable,
    p: &Probabilities,
    s: MatchScore,
    cube: u32,
) -> Result<f64, ScoreOutOfRange> {
    let doubled = cube.saturating_mul(2);
    let pass = met.mwc_after(s, false, cube)?;
    let lose = gammon_weighted(met, p, s, doubled, false)?;
    let tp = if redouble_live(s, s.me, doubled) {
        // I own 2n and redouble at my cash point, where my opponent is indifferent: I cash 2n
        let cash_point = 1.0 - match_take_point(met, &p.flipped(), s.swapped(), doubled)?;
        let cash = met.mwc_after(s, true, doubled)?;
        cash_point * ratio(pass - lose, cash - lose)
    } else {
        let win = gammon_weighted(met, p, s, doubled, true)?;
        ratio(pass - lose, win - lose)
    };
    Ok(tp.clamp(0.0, 1.0))
}

fn ratio(a: f64, b: f64) -> f64 {
    if b.abs() > 1e-12 {
        a / b
    } else if a > 0.0 {
        1.0
    } else {
        0.0
    }
}

/// Match play: my take point and cash point at `cube` (`None` where the double cannot usefully
/// be offered: the Crawford game).
pub fn match_points(
    met: &MatchEquityTable,
    p: &Probabilities,
    s: MatchScore,
    cube: u32,
) -> Result<Option<(f64, f64)>, ScoreOutOfRange> {
    if !s.doubling_allowed() {
        return Ok(None);
    }
    let tp = match_take_point(met, p, s, cube)?;
    let cp = 1.0 - match_take_point(met, &p.flipped(), s.swapped(), cube)?;
    Ok(Some((tp, cp)))
}

/// Match play: fully live cube MWC at `cube` with the given ownership.
pub fn match_live(
    met: &MatchEquityTable,
    p: &Probabilities,
    s: MatchScore,
    cube: u32,
    owner: Ownership,
) -> Result<f64, ScoreOutOfRange> {
    let lose = gammon_weighted(met, p, s, cube, false)?;
    let win = gammon_weighted(met, p, s, cube, true)?;
    let Some((tp, cp)) = match_points(met, p, s, cube)? else {
        return Ok(interpolate(&[(0.0, lose), (1.0, win)], p.p_win()));
    };
    let pass = met.mwc_after(s, false, cube)?;
    let cash = met.mwc_after(s, true, cube)?;
    let pts: &[(f64, f64)] = match owner {
        Ownership::Centred => &[(0.0, lose), (tp, pass), (cp, cash), (1.0, win)],
        Ownership::Mine => &[(0.0, lose), (cp, cash), (1.0, win)],
        Ownership::Theirs => &[(0.0, lose), (tp, pass), (1.0, win)],
    };
    Ok(interpolate(pts, p.p_win()))
}

/// Match play: cubeful MWC `MWC(dead)(1-x) + MWC(live)x`.
pub fn match_cubeful(
    met: &MatchEquityTable,
    p: &Probabilities,
    s: MatchScore,
    cube: u32,
    owner: Ownership,
    x: f64,
) -> Result<f64, ScoreOutOfRange> {
    let dead = met.mwc_cubeless(p, s, cube)?;
    let janowski = dead * (1.0 - x) + match_live(met, p, s, cube, owner)? * x;
    // My opponent owns the cube and I could never use it again (after a redouble to 2n I would
    // own a cube that already decides the match for me): the redouble costs them nothing, so
    // they redouble at once when that is better for them, and I take or pass, whichever is better
    // for me. gnubg-nn's 0-ply figures behave the same (e.g. 2-away/5-away: double/take = the
    // 4-cube cubeless MWC, floored at the pass); gnubg 1.07's keep Janowski's value. The redouble
    // can only come after my next roll, so the bound is off by what that roll can change (in a
    // short bearoff, the rolls that bear off at once).
    if owner == Ownership::Theirs
        && s.doubling_allowed()
        && s.me <= cube.saturating_mul(2)
        && redouble_live(s, s.opp, cube)
    {
        let doubled = cube.saturating_mul(2);
        let take = match_cubeful(met, p, s, doubled, Ownership::Mine, x)?;
        let pass = met.mwc_after(s, false, cube)?;
        return Ok(janowski.min(take.max(pass)));
    }
    Ok(janowski)
}

/// Money or match play, one API for both.
#[derive(Debug, Clone, Copy)]
pub enum Scoring<'a> {
    /// Money play; `jacoby`: gammons count only once the cube is turned; `beavers` allowed.
    Money { jacoby: bool, beavers: bool },
    /// Match play at `score` (from the view of the player whose equity is asked) with `met`.
    Match { met: &'a MatchEquityTable, score: MatchScore },
}

/// Cubeful equity in the scoring's own unit: money equity per unit cube (money play), MWC (match).
pub fn cubeful(
    scoring: Scoring<'_>,
    p: &Probabilities,
    cube: u32,
    owner: Ownership,
    class: PositionClass,
) -> Result<f64, ScoreOutOfRange> {
    let x = class.cube_efficiency_in(scoring);
    match scoring {
        Scoring::Money { jacoby, .. } => Ok(money_cubeful(p, owner, x, jacoby)),
        Scoring::Match { met, score } => match_cubeful(met, p, score, cube, owner, x),
    }
}
