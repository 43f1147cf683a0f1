//! The influence function (GNU Go's `influence.texi`): every living stone radiates influence of its
//! colour, damped by distance (attenuation), by the board (permeability: stones and tight enemy
//! connections stop it) and by direction (no bending around stones); from both colours' influence, a
//! territory value in -1 … +1 per point (white positive) and the territory / moyo / area segmentation.
//!
//! This module owns the computation and its fields ([`Influence`]); it reads a position and the dead
//! stones its caller decided (dragon status: dead stones radiate nothing, stop nothing and count as
//! the other colour's territory) and never changes the position. It must not import the move
//! generator or GTP. It imports nothing above the board: the patterns' effects, the strengths from the
//! dragons' status and [`Influence::compute`] / [`Influence::of_dragons`] / [`Influence::followup`] live in
//! [`crate::analysis::influence_patterns`] (the dragons read this propagation for their escape route).
//!
//! Method ([`Influence::compute`]):
//! 1. Sources: each living stone, of strength [`DEFAULT_STRENGTH`] scaled by its dragon's safety
//!    (the caller's `strength` per point), attenuation [`DEFAULT_ATTENUATION`] (twice that diagonally);
//!    plus the extra sources of the influence patterns ([`PatternEffects`]).
//! 2. Permeability per colour: 1 on empty points and dead stones, 0 on living stones, times what the
//!    barrier patterns say (0 on a `,` point, 0.7 on a `!` point).
//! 3. Propagation from each source outwards in order of Euclidean distance (a point receives all its
//!    contributions before it passes influence on, since each step outwards lengthens the distance):
//!    to each of the eight neighbours whose direction points away from the source (all eight at the
//!    source), `P · D · S / A` where `P` is the permeability of the point passed from (diagonally also
//!    the larger permeability of the two points squeezed between), `D` the squared cosine between the
//!    step and the way from the source, `S` the influence arriving there. Points receiving less than
//!    [`CUTOFF`] pass nothing on.
//! 4. Territory value (`new_value_territory`): `((w - b) / (w + b))^3`, reduced where both influences
//!    are small (below [`small_influence`]: 15 in the corner, 23 on the first line, 45 in the centre,
//!    GNU Go 3.8's thresholds; until 2026-11-27 6, 10 and 15 by line, which made the centre and
//!    the sides territory far sooner than GNU Go's), then lowered to the weakest value of its
//!    empty neighbours (no territory in the centre), a neighbour counting as the colour's by as
//!    much as the other colour's permeability there is reduced (a barrier's `,` point lowers
//!    nothing, as in GNU Go 3.8: endgame2's black corner behind G1 was -0.07 here, -1 there; with
//!    barriers.db's `TheirBlockBeyondOurHane`, endgame.tst 27 → 28/65, +860 920 941 992, −218 890
//!    1000; 1000 because our barriers close J3 to Black where GNU Go's do not, so J2 became White's
//!    territory and got no reason); points a non-territory pattern forbids to a colour
//!    get none of its territory; dead stones count `±(1 + |v|)` for the colour that takes them; living
//!    stones 0.
//! 5. Regions: stones ±4, territory ±3 (`|v| ≥` [`TERRITORY`]), moyo ±2 (own influence at least
//!    [`MOYO_RATIO`] times the other's and the other's below [`MOYO_OTHER`]), area ±1 (more own
//!    influence than the other's), 0 elsewhere; white positive.
//!
//! The patterns (GNU Go's `influence.db` and `barriers.db` roles; ours are
//! `patterns/databases/influence.db` and `barriers.db`, or GNU Go's files from the directory of
//! [`set_pattern_dir`](crate::analysis::influence_patterns::set_pattern_dir)) are matched through the `patterns` crate on
//! [`BoardView`](crate::analysis::board_view::BoardView)s, their constraints answered by
//! [`GoPatternContext`](crate::analysis::pattern_context::GoPatternContext) (the tactical reader); a pattern applies only when every stone of
//! its diagram is living. [`PatternEffects::of_position`] collects what they say:
//! * `barriers.db`, matched once, for the colour to move as `O`: class `A` (a connection of theirs the
//!   side to move cannot break: its `,` points stop `O`'s influence), class `D` (a connection of ours,
//!   looser since we move first: its `,` points stop `X`'s influence), `!` points in both lower the
//!   permeability to 0.7; class `B` (intrusions: at each `!` a source for `O` of `value`% of the anchor
//!   stone's strength, shared among the pattern's `!` points); class `t` (the action's
//!   `non_xterritory(p)` / `non_oterritory(p)` forbid that colour territory at `p`).
//! * `influence.db`, matched for both colours: class `I` (invasion points: a source of strength `value`
//!   on `*` for `X` when `X` moves next, for both colours with class `s`), class `E` (strength-building
//!   sources near walls, for `O`, only when the influence is not for territory). An invasion point is
//!   the invader's: the diagram's stones are those of the colour invaded.
//! * Classes `Y` (territory influence only) and `FY` (other influence only) as in GNU Go.
//!   Tried and dropped (2026-11-28): `barriers.db`'s intrusions from open ground (a jump or
//!   knight's move out of any stone of the side to move: `OpenJumpFromOurStone`,
//!   `OpenKnightFromOurStone`, sources of 20 around every stone of the side to move; a lone D4
//!   with its owner to move has 84 next to it, GNU Go 3.8 47) made followup only (`BFY`):
//!   strategy1's F3 (white) changes the territory by 22.9 instead of 46.7 (GNU Go 26.5), but the
//!   same position with Black to move then gives Black 50.7 points of territory where GNU Go's
//!   `initial_influence` gives 111.4 (136.3 with the sources; `territory::tests`), and the
//!   regression counts did not move (strategy.tst 14 +28 −20, endgame.tst 40 +850 −941, 9x9.tst
//!   26, the same tests): the sources stand in for influence ours lacks elsewhere, to be found
//!   before they are taken out. Lowered instead (2026-11-28) to `value(8)`, GNU Go 3.8's scale (its
//!   intrusion sources around a living stone are 5–9% of the stone's strength per point): a lone
//!   D4 has 61 beside it; 9x9.tst 28 → 29/73 (+270 320, −420), strategy.tst 14 → 15/45 (+28),
//!   endgame.tst 42 (+850, −941).
//!
//! Followup influence ([`Influence::followup`], GNU Go's `followup_influence`): the influence after a
//! move, the other colour to move, plus sources at the intrusions (`B` patterns matched for the mover)
//! whose anchor stone is the move's string or a string the move saved, whose constraint holds and whose
//! action, if any, returns true (the intrusion cannot be stopped in sente); one point takes the
//! largest source offered, and together they are at most [`DEFAULT_STRENGTH`].
//!
//! The propagation allocates nothing: the propagation order is one table built once, and the working
//! values live in the [`Influence`] buffers. Pattern matching allocates its match lists and runs the
//! reader; it is done once per position and colour to move, outside the propagation.

use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY, MAX_SIZE, STRIDE};
use std::sync::OnceLock;

/// Strength of a safe stone.
pub const DEFAULT_STRENGTH: f32 = 100.0;
/// Attenuation of a source along rows and columns. GNU Go 3.8 prints 2.40 but its lone stone's field
/// nearly halves per step (49.3 next to a source of 98.1, 33.9 diagonally); 2.2 here, with
/// [`DIAGONAL_FACTOR`], came closest to its fields on the scoring games (tuned, not derived).
pub const DEFAULT_ATTENUATION: f32 = 2.2;
/// Diagonal attenuation as a multiple of the straight one (influence.texi's example uses 2; GNU Go
/// 3.8's fields come closest with 1.6 here).
pub const DIAGONAL_FACTOR: f32 = 1.6;
/// Influence below which a point passes nothing on.
pub const CUTOFF: f32 = 1.0;
/// Influence below which territory is reduced, by centrality (GNU Go 3.8's `min_infl_for_territory`):
/// interpolated over a centrality of 0, 4, …, 24; see [`small_influence`].
pub const SMALL: [f32; 7] = [6.0, 15.0, 26.0, 36.0, 45.0, 50.0, 55.0];

/// The influence below which territory on `p` is reduced: GNU Go 3.8's centrality
/// `4 + a + b + 2·min(a, b)` (`a`, `b` the distances to the nearest vertical and horizontal edge,
/// each at most 3: 4 in the corner, 7 on the first line, 16 from the fourth line in) interpolated in
/// [`SMALL`].
pub fn small_influence(board: &Board, p: Point, n: i32) -> f32 {
    let (x, y) = board.coords(p);
    let (x, y) = (i32::from(x), i32::from(y));
    let a = x.min(n - 1 - x).min(3);
    let b = y.min(n - 1 - y).min(3);
    let central = (4 + a + b + 2 * a.min(b)) as f32;
    let t = central / 4.0;
    let i = (t.floor() as usize).min(SMALL.len() - 2);
    let f = t - i as f32;
    SMALL[i] + f * (SMALL[i + 1] - SMALL[i])
}
/// Territory value from which a point is territory.
pub const TERRITORY: f32 = 0.95;
/// Moyo: own influence at least this many times the other colour's …
pub const MOYO_RATIO: f32 = 2.0;
/// … and the other colour's influence below this.
pub const MOYO_OTHER: f32 = 15.0;

/// [`Influence::non_territory`] bit: black gets no territory here.
pub const NON_TERRITORY_BLACK: u8 = 1;
/// [`Influence::non_territory`] bit: white gets no territory here.
pub const NON_TERRITORY_WHITE: u8 = 2;
/// Permeability of a `!` point of a barrier pattern, for the colour the pattern stops.
pub const BANG_PERMEABILITY: f32 = 0.7;

/// Influence of both colours and what is derived from it, each indexed by [`Point`].
#[derive(Debug, Clone)]
pub struct Influence {
    /// Influence per colour (`[black, white]`).
    pub influence: [Vec<f32>; 2],
    /// Source strength per colour.
    pub strength: [Vec<f32>; 2],
    /// Permeability per colour.
    pub permeability: [Vec<f32>; 2],
    /// Attenuation per colour (of the source on the point).
    pub attenuation: [Vec<f32>; 2],
    /// Territory value, -1 (black) … +1 (white); ±2 ranges on dead stones.
    pub territory_value: Vec<f32>,
    /// Regions: ±4 stones, ±3 territory, ±2 moyo, ±1 area, 0; white positive.
    pub regions: Vec<i8>,
    /// Points where a colour can get no territory (bit 1 black, bit 2 white); the `t` patterns' role.
    pub non_territory: Vec<u8>,
    /// Working values of one propagation.
    work: Vec<f32>,
    /// Living stones.
    blocked: Vec<bool>,
    /// Diagonal attenuation over straight.
    diagonal_factor: f32,
}

impl Default for Influence {
    fn default() -> Self {
        let z = || vec![0f32; ARRAY];
        Influence {
            influence: [z(), z()],
            strength: [z(), z()],
            permeability: [z(), z()],
            attenuation: [z(), z()],
            territory_value: z(),
            regions: vec![0; ARRAY],
            non_territory: vec![0; ARRAY],
            work: z(),
            blocked: vec![false; ARRAY],
            diagonal_factor: DIAGONAL_FACTOR,
        }
    }
}

/// The offsets `(dx, dy)` of a square of side `2·MAX_SIZE - 1` around a source, in order of Euclidean
/// distance (then row, then column): the order of propagation.
fn order() -> &'static [(i8, i8)] {
    static ORDER: OnceLock<Vec<(i8, i8)>> = OnceLock::new();
    ORDER.get_or_init(|| {
        let r = MAX_SIZE as i32 - 1;
        let mut v: Vec<(i8, i8)> = Vec::with_capacity(((2 * r + 1) * (2 * r + 1)) as usize);
        for dy in -r..=r {
            for dx in -r..=r {
                v.push((dx as i8, dy as i8));
            }
        }
        v.sort_by_key(|&(dx, dy)| (i32::from(dx).pow(2) + i32::from(dy).pow(2), dy, dx));
        v
    })
}

const DIRS: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Influence {
    /// The influence with the pattern effects already known (or [`PatternEffects::none`]).
    pub fn compute_with(board: &Board, dead: &[bool], strength: &[f32], effects: &PatternEffects) -> Influence {
        let mut inf = Influence::default();
        inf.recompute(board, dead, strength, effects);
        inf
    }

    /// As [`Influence::compute_with`], into this value's buffers (no allocation).
    pub fn recompute(&mut self, board: &Board, dead: &[bool], strength: &[f32], effects: &PatternEffects) {
        for c in 0..2 {
            self.influence[c].fill(0.0);
            self.strength[c].fill(0.0);
            self.permeability[c].fill(0.0);
            self.attenuation[c].fill(0.0);
        }
        self.territory_value.fill(0.0);
        self.regions.fill(0);
        self.non_territory.copy_from_slice(&effects.non_territory);
        self.work.fill(0.0);
        for p in board.points() {
            self.blocked[usize::from(p)] = board.color(p).is_some() && !dead[usize::from(p)];
        }
        let living = |p: Point| if dead[usize::from(p)] { None } else { board.color(p) };
        // Permeability: stones stop everything, the barrier patterns stop or damp one colour.
        for p in board.points() {
            let pi = usize::from(p);
            let open = if living(p).is_some() { 0.0 } else { 1.0 };
            for c in 0..2 {
                self.permeability[c][pi] = open * effects.permeability[c][pi];
                self.attenuation[c][pi] = DEFAULT_ATTENUATION;
            }
        }
        // Sources: living stones, then the patterns' sources where they are stronger.
        for p in board.points() {
            let pi = usize::from(p);
            if let Some(c) = living(p) {
                let s = strength[pi];
                if s > 0.0 {
                    self.strength[c.index()][pi] = s;
                }
            }
            for c in 0..2 {
                let e = effects.sources[c][pi];
                if e > self.strength[c][pi] && living(p).is_none() {
                    self.strength[c][pi] = e;
                }
            }
        }
        for c in [Color::Black, Color::White] {
            for p in board.points() {
                let s = self.strength[c.index()][usize::from(p)];
                if s > 0.0 {
                    self.accumulate(board, p, c, s);
                }
            }
        }
        self.territory(board, dead);
    }

    /// Spreads the influence of one source of colour `c` and strength `s` on `src`.
    fn accumulate(&mut self, board: &Board, src: Point, c: Color, s: f32) {
        let ci = c.index();
        let n = board.size() as i32;
        let (sx, sy) = board.coords(src);
        let (sx, sy) = (i32::from(sx), i32::from(sy));
        let att = self.attenuation[ci][usize::from(src)];
        let (straight, diagonal) = (1.0 / att, 1.0 / (self.diagonal_factor * att));
        let perm = &self.permeability[ci];
        let blocked = &self.blocked;
        let out = &mut self.influence[ci];
        let work = &mut self.work;
        work[usize::from(src)] = s;
        let mut far = 0;
        for &(dx, dy) in order() {
            let (dx, dy) = (i32::from(dx), i32::from(dy));
            let dist2 = dx * dx + dy * dy;
            // Past the last ring that received anything: done.
            if dist2 > far {
                break;
            }
            let (x, y) = (sx + dx, sy + dy);
            if x < 0 || y < 0 || x >= n || y >= n {
                continue;
            }
            let p = ((y + 1) as usize) * STRIDE + (x + 1) as usize;
            let v = work[p];
            if v == 0.0 {
                continue;
            }
            work[p] = 0.0;
            out[p] += v;
            if v < CUTOFF {
                continue;
            }
            let at_source = dx == 0 && dy == 0;
            let pass = if at_source { 1.0 } else { perm[p] };
            if pass == 0.0 {
                continue;
            }
            for &(ddx, ddy) in &DIRS {
                let dot = ddx * dx + ddy * dy;
                if !at_source && dot <= 0 {
                    continue;
                }
                let (tx, ty) = (x + ddx, y + ddy);
                if tx < 0 || ty < 0 || tx >= n || ty >= n {
                    continue;
                }
                let t = ((ty + 1) as usize) * STRIDE + (tx + 1) as usize;
                // Living stones take no influence but their own.
                if blocked[t] {
                    continue;
                }
                let mut f = pass;
                let diag = ddx != 0 && ddy != 0;
                if diag {
                    // Squeezing between two points: the more permeable of them.
                    let a = ((y + 1) as usize) * STRIDE + (tx + 1) as usize;
                    let b = ((ty + 1) as usize) * STRIDE + (x + 1) as usize;
                    f *= perm[a].max(perm[b]) * diagonal;
                } else {
                    f *= straight;
                }
                if !at_source {
                    let len2 = (ddx * ddx + ddy * ddy) * dist2;
                    f *= (dot * dot) as f32 / len2 as f32;
                }
                if f > 0.0 {
                    work[t] += f * v;
                    let (ex, ey) = (tx - sx, ty - sy);
                    far = far.max(ex * ex + ey * ey);
                }
            }
        }
    }

    /// Territory values and regions from the influence.
    fn territory(&mut self, board: &Board, dead: &[bool]) {
        let n = board.size() as i32;
        let mut first = [0f32; ARRAY];
        for p in board.points() {
            let pi = usize::from(p);
            if board.color(p).is_some() && !dead[pi] {
                continue;
            }
            let (b, w) = (self.influence[0][pi], self.influence[1][pi]);
            if b + w <= 0.0 {
                continue;
            }
            let mut v = ((w - b) / (w + b)).powi(3);
            // Weak influence on both sides is no territory yet; the edge and the corner hold it sooner.
            let small = small_influence(board, p, n);
            let m = b.max(w);
            if m < small {
                v *= m / small;
            }
            first[pi] = v;
        }
        for p in board.points() {
            let pi = usize::from(p);
            let living = board.color(p).is_some() && !dead[pi];
            if living {
                continue;
            }
            let mut v = first[pi];
            // No territory in the centre: a point is worth no more than its weakest empty neighbour.
            for q in Board::neighbors(p) {
                if !board.on_board(q) || (board.color(q).is_some() && !dead[usize::from(q)]) {
                    continue;
                }
                // A neighbour the other colour's influence cannot enter (a barrier's `,` point)
                // does not lower the point (GNU Go 3.8: the corner behind a blocked first-line
                // crawl stays territory, endgame2's F1 beside G1).
                let qi = usize::from(q);
                let u = first[qi];
                if v > 0.0 {
                    let u = u.max(1.0 - self.permeability[0][qi]);
                    v = v.min(u.max(0.0));
                } else if v < 0.0 {
                    let u = u.min(self.permeability[1][qi] - 1.0);
                    v = v.max(u.min(0.0));
                }
            }
            // A point a non-territory pattern forbids to a colour is none of its territory.
            let forbidden = self.non_territory[pi];
            if (v < 0.0 && forbidden & NON_TERRITORY_BLACK != 0) || (v > 0.0 && forbidden & NON_TERRITORY_WHITE != 0) {
                v = 0.0;
            }
            self.territory_value[pi] = match board.color(p) {
                // A dead stone is the taker's twice: the point and the prisoner.
                Some(Color::Black) => 1.0 + v.abs(),
                Some(Color::White) => -1.0 - v.abs(),
                None => v,
            };
        }
        for p in board.points() {
            let pi = usize::from(p);
            self.regions[pi] = match board.color(p) {
                Some(Color::White) => 4,
                Some(Color::Black) => -4,
                None => {
                    let v = self.territory_value[pi];
                    let (b, w) = (self.influence[0][pi], self.influence[1][pi]);
                    if v >= TERRITORY {
                        3
                    } else if v <= -TERRITORY {
                        -3
                    } else if w >= MOYO_RATIO * b && b < MOYO_OTHER && w > 0.0 {
                        2
                    } else if b >= MOYO_RATIO * w && w < MOYO_OTHER && b > 0.0 {
                        -2
                    } else if w > b {
                        1
                    } else if b > w {
                        -1
                    } else {
                        0
                    }
                }
            };
        }
    }

    /// White's territory minus black's (territory values summed, dead stones included).
    pub fn territory_balance(&self, board: &Board) -> f32 {
        board.points().map(|p| self.territory_value[usize::from(p)]).sum()
    }

    /// The colour whose territory `p` is.
    pub fn whose_territory(&self, p: Point) -> Option<Color> {
        Self::whose(self.regions[usize::from(p)], 3)
    }

    /// The colour whose moyo (or territory) `p` is.
    pub fn whose_moyo(&self, p: Point) -> Option<Color> {
        Self::whose(self.regions[usize::from(p)], 2)
    }

    /// The colour whose area (or moyo) `p` is.
    pub fn whose_area(&self, p: Point) -> Option<Color> {
        Self::whose(self.regions[usize::from(p)], 1)
    }

    fn whose(r: i8, at_least: i8) -> Option<Color> {
        if r.abs() == 4 {
            None
        } else if r >= at_least {
            Some(Color::White)
        } else if r <= -at_least {
            Some(Color::Black)
        } else {
            None
        }
    }
}

/// What the influence patterns change in one computation (see the module documentation), per point.
#[derive(Debug, Clone)]
pub struct PatternEffects {
    /// Permeability factor per colour (`[black, white]`): 1, [`BANG_PERMEABILITY`] or 0.
    pub permeability: [Vec<f32>; 2],
    /// Extra source strength per colour (the largest any pattern offers the point).
    pub sources: [Vec<f32>; 2],
    /// [`NON_TERRITORY_BLACK`] / [`NON_TERRITORY_WHITE`] bits.
    pub non_territory: Vec<u8>,
}

impl PatternEffects {
    /// No pattern applied.
    pub fn none() -> PatternEffects {
        PatternEffects {
            permeability: [vec![1.0; ARRAY], vec![1.0; ARRAY]],
            sources: [vec![0.0; ARRAY], vec![0.0; ARRAY]],
            non_territory: vec![0; ARRAY],
        }
    }
}

/// One field of [`Influence`], by the name GNU Go's `initial_influence` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    WhiteInfluence,
    BlackInfluence,
    WhiteStrength,
    BlackStrength,
    WhitePermeability,
    BlackPermeability,
    WhiteAttenuation,
    BlackAttenuation,
    TerritoryValue,
    InfluenceRegions,
    NonTerritory,
}

impl Field {
    pub fn from_name(name: &str) -> Option<Field> {
        Some(match name {
            "white_influence" => Field::WhiteInfluence,
            "black_influence" => Field::BlackInfluence,
            "white_strength" => Field::WhiteStrength,
            "black_strength" => Field::BlackStrength,
            "white_permeability" => Field::WhitePermeability,
            "black_permeability" => Field::BlackPermeability,
            "white_attenuation" => Field::WhiteAttenuation,
            "black_attenuation" => Field::BlackAttenuation,
            "territory_value" => Field::TerritoryValue,
            "influence_regions" => Field::InfluenceRegions,
            "non_territory" => Field::NonTerritory,
            _ => return None,
        })
    }
}

impl Influence {
    /// The field printed as GNU Go prints it: one line per row from the top, each value as `%6.2f `
    /// (floats) or `%2d ` (regions and non-territory).
    pub fn format(&self, board: &Board, field: Field) -> String {
        let mut out = String::new();
        let n = board.size() as u8;
        for row in 0..n {
            for col in 0..n {
                let pi = usize::from(board.point(col, row));
                let f = match field {
                    Field::WhiteInfluence => self.influence[1][pi],
                    Field::BlackInfluence => self.influence[0][pi],
                    Field::WhiteStrength => self.strength[1][pi],
                    Field::BlackStrength => self.strength[0][pi],
                    Field::WhitePermeability => self.permeability[1][pi],
                    Field::BlackPermeability => self.permeability[0][pi],
                    Field::WhiteAttenuation => self.attenuation[1][pi],
                    Field::BlackAttenuation => self.attenuation[0][pi],
                    Field::TerritoryValue => self.territory_value[pi],
                    Field::InfluenceRegions => {
                        out.push_str(&format!("{:2} ", self.regions[pi]));
                        continue;
                    }
                    Field::NonTerritory => {
                        out.push_str(&format!("{:2} ", self.non_territory[pi]));
                        continue;
                    }
                };
                out.push_str(&format!("{f:6.2} "));
            }
            out.push('\n');
        }
        out.pop();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_source_matches_the_documented_field() {
        // influence.texi's lone source of strength 100 with attenuation 3: 33 next to it, 16 diagonally,
        // 11 two points away, 5 at the knight's move (rounded down).
        let mut b = Board::new(11);
        let c = b.point(5, 5);
        b.place_stone(c, Color::Black);
        let mut strength = vec![0f32; ARRAY];
        strength[usize::from(c)] = 100.0;
        let dead = vec![false; ARRAY];
        let mut inf = Influence::compute_with(&b, &dead, &strength, &PatternEffects::none());
        // The documentation's attenuation is 3.
        inf.influence[0].fill(0.0);
        inf.attenuation[0].fill(3.0);
        inf.diagonal_factor = 2.0;
        inf.accumulate(&b, c, Color::Black, 100.0);
        let inf3 = inf;
        let at = |x: u8, y: u8| inf3.influence[0][usize::from(b.point(x, y))].floor();
        assert_eq!(at(6, 5), 33.0);
        assert_eq!(at(6, 6), 16.0);
        assert_eq!(at(7, 5), 11.0);
        assert_eq!(at(7, 6), 5.0);
        assert_eq!(at(7, 7), 3.0);
    }
}
