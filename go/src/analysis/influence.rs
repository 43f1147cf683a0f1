//! The influence function (GNU Go's `influence.texi`): every living stone radiates influence of its
//! colour, damped by distance (attenuation), by the board (permeability: stones and tight enemy
//! connections stop it) and by direction (no bending around stones); from both colours' influence, a
//! territory value in -1 … +1 per point (white positive) and the territory / moyo / area segmentation.
//!
//! This module owns the computation and its fields ([`Influence`]); it reads a position and the dead
//! stones its caller decided (dragon status: dead stones radiate nothing, stop nothing and count as
//! the other colour's territory) and never changes the position. It must not import the move
//! generator or GTP.
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
//!    are small (more so in the centre than on the edge), then lowered to the weakest value of its
//!    empty neighbours (no territory in the centre); points a non-territory pattern forbids to a colour
//!    get none of its territory; dead stones count `±(1 + |v|)` for the colour that takes them; living
//!    stones 0.
//! 5. Regions: stones ±4, territory ±3 (`|v| ≥` [`TERRITORY`]), moyo ±2 (own influence at least
//!    [`MOYO_RATIO`] times the other's and the other's below [`MOYO_OTHER`]), area ±1 (more own
//!    influence than the other's), 0 elsewhere; white positive.
//!
//! The patterns (GNU Go's `influence.db` and `barriers.db` roles; ours are
//! `patterns/databases/influence.db` and `barriers.db`, or GNU Go's files from the directory of
//! [`set_pattern_dir`]) are matched through the `patterns` crate on [`BoardView`]s, their constraints
//! answered by [`GoPatternContext`] (the tactical reader); a pattern applies only when every stone of
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

use crate::analysis::board_view::BoardView;
use crate::analysis::dragon::{DragonStatus, Dragons};
use crate::analysis::pattern_context::GoPatternContext;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY, MAX_SIZE, STRIDE};
use patterns::eval::{DragonQuery, EyeQuery, SequenceTest, Side, Tactical, Territory, Value};
use patterns::{Binding, Cell, Element, PatternContext, PatternLibrary, Vertex};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
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
/// Influence below which territory is reduced, on the first line, the second, and elsewhere.
pub const SMALL: [f32; 3] = [6.0, 10.0, 15.0];
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
    /// The influence on `board`: `dead[p]` marks dead stones, `strength[p]` the strength of the living
    /// stone on `p` (0 for none); `to_move` is the colour assumed to move next (it decides which
    /// barrier and intrusion patterns apply: [`PatternEffects::of_position`], for territory).
    pub fn compute(board: &Board, dead: &[bool], strength: &[f32], to_move: Color) -> Influence {
        let effects = PatternEffects::of_position(board, dead, strength, to_move, true);
        Influence::compute_with(board, dead, strength, &effects)
    }

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
            let (x, y) = board.coords(p);
            let line = i32::from(x).min(i32::from(y)).min(n - 1 - i32::from(x)).min(n - 1 - i32::from(y));
            let small = match line {
                0 => SMALL[0],
                1 => SMALL[1],
                _ => SMALL[2],
            };
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
                let u = first[usize::from(q)];
                if v > 0.0 {
                    v = v.min(u.max(0.0));
                } else if v < 0.0 {
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

/// Strength of a stone of a dragon with this status: safe stones radiate fully, weak ones less,
/// dead ones not at all (their points are the other colour's).
pub fn status_strength(status: DragonStatus, owner_to_move: bool) -> f32 {
    match status {
        DragonStatus::Alive => DEFAULT_STRENGTH,
        DragonStatus::Unknown => 0.75 * DEFAULT_STRENGTH,
        DragonStatus::Critical if owner_to_move => 0.75 * DEFAULT_STRENGTH,
        DragonStatus::Critical => 0.5 * DEFAULT_STRENGTH,
        DragonStatus::Dead => 0.0,
    }
}

impl Influence {
    /// The influence of a position whose dragons are known: dead dragons' stones are dead, the others
    /// radiate by [`status_strength`]; `to_move` moves next.
    pub fn of_dragons(board: &Board, dragons: &Dragons, to_move: Color) -> Influence {
        let (dead, strength) = dragon_strengths(dragons, to_move);
        Influence::compute(board, &dead, &strength, to_move)
    }
}

impl Influence {
    /// The followup influence of `mover`'s move (GNU Go's `followup_influence`; see the module
    /// documentation): on `board` (after the move, the other colour to move), with sources at the
    /// intrusions of the `B` patterns whose anchor stone is marked in `anchors` (the move's string and
    /// the strings it saved).
    pub fn followup(board: &Board, dead: &[bool], strength: &[f32], mover: Color, anchors: &[bool]) -> Influence {
        let mut effects = PatternEffects::of_position(board, dead, strength, mover.opponent(), true);
        let extra = followup_sources(board, dead, strength, mover, anchors);
        let mi = mover.index();
        for p in board.points() {
            let pi = usize::from(p);
            effects.sources[mi][pi] = effects.sources[mi][pi].max(extra[pi]);
        }
        Influence::compute_with(board, dead, strength, &effects)
    }

    /// [`Influence::followup`] of a position whose dragons are known (as [`Influence::of_dragons`]).
    pub fn followup_of_dragons(board: &Board, dragons: &Dragons, mover: Color, anchors: &[bool]) -> Influence {
        let (dead, strength) = dragon_strengths(dragons, mover.opponent());
        Influence::followup(board, &dead, &strength, mover, anchors)
    }
}

/// Dead stones and source strengths from the dragons' status, `to_move` moving next.
fn dragon_strengths(dragons: &Dragons, to_move: Color) -> (Vec<bool>, Vec<f32>) {
    let mut dead = vec![false; ARRAY];
    let mut strength = vec![0f32; ARRAY];
    for d in dragons.graph.node_weights() {
        let s = status_strength(d.status, d.color == Some(to_move));
        for &p in &d.stones {
            dead[usize::from(p)] = s == 0.0;
            strength[usize::from(p)] = s;
        }
    }
    (dead, strength)
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

    /// The patterns' effects on `board` with `to_move` moving next; `territory`: the influence is
    /// for territory valuation (class `E` left out, `Y` in, `FY` out) rather than for strength.
    pub fn of_position(
        board: &Board,
        dead: &[bool],
        strength: &[f32],
        to_move: Color,
        territory: bool,
    ) -> PatternEffects {
        let libs = influence_libraries();
        let mut e = PatternEffects::none();
        let living = |p: Point| board.color(p).is_some() && !dead[usize::from(p)];
        // barriers.db: the side to move is O.
        {
            let lib = &libs.barriers;
            let own = to_move;
            let mut ctx = InfluenceContext::new(board, own);
            for m in lib.matches(&BoardView { board, own }, false) {
                let k = m.pattern as usize;
                let colon = &lib.pattern(m.pattern).colon;
                if !applies(colon, territory) || !stones_living(lib, &m, board, &living) {
                    continue;
                }
                let (stop_o, stop_x, intrusion, nonterritory) =
                    (colon.has_class('A'), colon.has_class('D'), colon.has_class('B'), colon.has_class('t'));
                if !(stop_o || stop_x || intrusion || nonterritory) {
                    continue;
                }
                // Nothing new to learn (symmetric diagrams match many times): no reading.
                if !nonterritory && !adds_something(lib, &m, board, strength, &e, own, (stop_o, stop_x, intrusion)) {
                    continue;
                }
                if !lib.programs[k].holds(&lib.registry, &mut ctx, &m).unwrap_or(false) {
                    continue;
                }
                if stop_o || stop_x {
                    for (p, el) in marked(lib, &m, board) {
                        for (stops, c) in [(stop_o, own), (stop_x, own.opponent())] {
                            if !stops {
                                continue;
                            }
                            let perm = &mut e.permeability[c.index()][usize::from(p)];
                            match el {
                                Element::EmptyComma => *perm = 0.0,
                                Element::EmptyBang => *perm = perm.min(BANG_PERMEABILITY),
                                _ => {}
                            }
                        }
                    }
                }
                if intrusion {
                    intrusions(lib, &m, board, strength, |p, s| {
                        let v = &mut e.sources[own.index()][usize::from(p)];
                        *v = v.max(s);
                    });
                }
                if nonterritory {
                    ctx.forbidden.clear();
                    let _ = lib.programs[k].act(&lib.registry, &mut ctx, &m);
                    for &(p, c) in &ctx.forbidden {
                        e.non_territory[usize::from(p)] |= match c {
                            Color::Black => NON_TERRITORY_BLACK,
                            Color::White => NON_TERRITORY_WHITE,
                        };
                    }
                }
            }
        }
        // influence.db: both colours are O in turn.
        let lib = &libs.influence;
        for own in [Color::Black, Color::White] {
            let mut ctx = InfluenceContext::new(board, own);
            for m in lib.matches(&BoardView { board, own }, false) {
                let k = m.pattern as usize;
                let colon = &lib.pattern(m.pattern).colon;
                let (invasion, enhance) = (colon.has_class('I'), colon.has_class('E'));
                let both = colon.has_class('s');
                // An invasion point is the invader's: the colour the diagram's stones are not.
                let invader = own.opponent();
                let wanted = (invasion && (invader == to_move || both)) || (enhance && !territory);
                let Some(v) = m.move_vertex else { continue };
                if !wanted || !applies(colon, territory) || !stones_living(lib, &m, board, &living) {
                    continue;
                }
                let value = colon.value("value").and_then(|v| v.number()).unwrap_or(0.0) as f32;
                if value <= 0.0 || !lib.programs[k].holds(&lib.registry, &mut ctx, &m).unwrap_or(false) {
                    continue;
                }
                let pi = usize::from(board.point(v.col, v.row));
                let colours: &[Color] = match (invasion, both) {
                    (true, true) => &[Color::Black, Color::White],
                    (true, false) => &[invader],
                    _ => &[own],
                };
                for c in colours {
                    let s = &mut e.sources[c.index()][pi];
                    *s = s.max(value);
                }
            }
        }
        e
    }
}

/// The followup sources of `mover` (see [`Influence::followup`]) per point, at most
/// [`DEFAULT_STRENGTH`] together.
pub fn followup_sources(board: &Board, dead: &[bool], strength: &[f32], mover: Color, anchors: &[bool]) -> Vec<f32> {
    let libs = influence_libraries();
    let lib = &libs.barriers;
    let living = |p: Point| board.color(p).is_some() && !dead[usize::from(p)];
    let mut out = vec![0f32; ARRAY];
    let mut ctx = InfluenceContext::new(board, mover);
    for m in lib.matches(&BoardView { board, own: mover }, false) {
        let k = m.pattern as usize;
        let colon = &lib.pattern(m.pattern).colon;
        let anchor = board.point(m.anchor.col, m.anchor.row);
        if !colon.has_class('B') || !anchors[usize::from(anchor)] || !stones_living(lib, &m, board, &living) {
            continue;
        }
        let program = &lib.programs[k];
        if !program.holds(&lib.registry, &mut ctx, &m).unwrap_or(false) {
            continue;
        }
        // The action's `return` tells whether the intrusion survives the other side's answer.
        let unstoppable = match program.act(&lib.registry, &mut ctx, &m) {
            Ok(Some(v)) => v.truthy(),
            Ok(None) => true,
            Err(_) => false,
        };
        if unstoppable {
            intrusions(lib, &m, board, strength, |p, s| {
                let v = &mut out[usize::from(p)];
                *v = v.max(s);
            });
        }
    }
    let total: f32 = out.iter().sum();
    if total > DEFAULT_STRENGTH {
        let scale = DEFAULT_STRENGTH / total;
        out.iter_mut().for_each(|v| *v *= scale);
    }
    out
}

/// Whether a barrier match (`stops`: class A, class D, class B) would change `e`: a `,`/`!` point not yet
/// as closed for a colour it stops, or an intrusion stronger than the source already there.
fn adds_something(
    lib: &PatternLibrary,
    m: &patterns::Match,
    board: &Board,
    strength: &[f32],
    e: &PatternEffects,
    own: Color,
    (stop_o, stop_x, intrusion): (bool, bool, bool),
) -> bool {
    let barrier = marked(lib, m, board).any(|(p, el)| {
        let limit = if el == Element::EmptyComma { 0.0 } else { BANG_PERMEABILITY };
        [(stop_o, own), (stop_x, own.opponent())]
            .iter()
            .any(|&(stops, c)| stops && e.permeability[c.index()][usize::from(p)] > limit)
    });
    if barrier {
        return true;
    }
    if !intrusion {
        return false;
    }
    let mut stronger = false;
    intrusions(lib, m, board, strength, |p, s| stronger |= s > e.sources[own.index()][usize::from(p)]);
    stronger
}

/// Whether a pattern of these classes serves this kind of influence (`Y`: territory only; `FY`:
/// the other kinds only).
fn applies(colon: &patterns::ColonLine, territory: bool) -> bool {
    if colon.has_class('Y') {
        return colon.has_class('F') != territory;
    }
    true
}

/// Whether every stone of the matched diagram is living (a pattern built on dead stones says nothing).
fn stones_living(lib: &PatternLibrary, m: &patterns::Match, board: &Board, living: &impl Fn(Point) -> bool) -> bool {
    let binding = Binding::of(m);
    lib.set.patterns[m.pattern as usize].geometry.elements.iter().all(|e| {
        if !(e.element.is_own_stone() || e.element.is_opponent_stone()) {
            return true;
        }
        binding.locate((e.row, e.col), board.size()).is_some_and(|v| living(board.point(v.col, v.row)))
    })
}

/// The `,` and `!` points of a match on the board.
fn marked<'a>(
    lib: &'a PatternLibrary,
    m: &'a patterns::Match,
    board: &'a Board,
) -> impl Iterator<Item = (Point, Element)> + 'a {
    let binding = Binding::of(m);
    lib.set.patterns[m.pattern as usize].geometry.elements.iter().filter_map(move |e| {
        if !matches!(e.element, Element::EmptyComma | Element::EmptyBang) {
            return None;
        }
        binding.locate((e.row, e.col), board.size()).map(|v| (board.point(v.col, v.row), e.element))
    })
}

/// The intrusion sources of a `B` match: each `!` point gets `value`% of the anchor stone's strength,
/// shared among the pattern's `!` points.
fn intrusions(
    lib: &PatternLibrary,
    m: &patterns::Match,
    board: &Board,
    strength: &[f32],
    mut add: impl FnMut(Point, f32),
) {
    let colon = &lib.pattern(m.pattern).colon;
    let value = colon.value("value").and_then(|v| v.number()).unwrap_or(0.0) as f32;
    let anchor = board.point(m.anchor.col, m.anchor.row);
    let s = strength[usize::from(anchor)];
    let bangs: Vec<Point> = marked(lib, m, board).filter(|&(_, e)| e == Element::EmptyBang).map(|(p, _)| p).collect();
    if value <= 0.0 || s <= 0.0 || bangs.is_empty() {
        return;
    }
    let each = value / 100.0 * s / bangs.len() as f32;
    for p in bangs {
        add(p, each);
    }
}

/// The two influence databases.
pub struct InfluenceLibraries {
    /// The `influence.db` role: invasion and enhancement sources.
    pub influence: PatternLibrary,
    /// The `barriers.db` role: barriers, intrusions, non-territory.
    pub barriers: PatternLibrary,
}

thread_local! {
    /// The `--patterns` directory whose `influence.db`/`barriers.db` replace ours (`None`: ours).
    static PATTERN_DIR: RefCell<Option<PathBuf>> = const { RefCell::new(None) };
    /// The libraries compiled for the directory they came from.
    static LIBRARIES: RefCell<Option<(Option<PathBuf>, Rc<InfluenceLibraries>)>> = const { RefCell::new(None) };
}

/// Reads GNU Go's `influence.db` and `barriers.db` from `dir` instead of ours, for comparison
/// (`go-gtp --patterns DIR`); a file the directory lacks stays ours, and `None` goes back to ours.
/// Applies to the influence computed on this thread from now on.
pub fn set_pattern_dir(dir: Option<&Path>) {
    let dir =
        dir.filter(|d| ["influence.db", "barriers.db"].iter().any(|f| d.join(f).is_file())).map(Path::to_path_buf);
    PATTERN_DIR.with(|d| *d.borrow_mut() = dir);
}

/// The influence databases for the current directory (see [`set_pattern_dir`]), compiled on first use.
pub fn influence_libraries() -> Rc<InfluenceLibraries> {
    let dir = PATTERN_DIR.with(|d| d.borrow().clone());
    LIBRARIES.with(|l| {
        let mut l = l.borrow_mut();
        if let Some((d, libs)) = &*l {
            if *d == dir {
                return libs.clone();
            }
        }
        let load = |i: usize| {
            let (name, text) = patterns::library::INFLUENCE_BUILTIN[i];
            match dir.as_ref().map(|d| d.join(name)).filter(|f| f.is_file()) {
                Some(f) => PatternLibrary::load_files(&[f], Vec::new(), patterns::Registry::standard()),
                None => PatternLibrary::new(vec![patterns::parse_db(name, text)], patterns::Registry::standard()),
            }
        };
        let libs = Rc::new(InfluenceLibraries { influence: load(0), barriers: load(1) });
        *l = Some((dir, libs.clone()));
        libs
    })
}

/// The autohelpers' answers for the influence patterns: [`GoPatternContext`]'s (the tactical reader),
/// except the actions `non_oterritory(p)` / `non_xterritory(p)`, which are recorded.
struct InfluenceContext<'a> {
    inner: GoPatternContext<'a>,
    board: &'a Board,
    own: Color,
    /// Points and the colour a `t` pattern's action forbids territory there.
    forbidden: Vec<(Point, Color)>,
}

impl<'a> InfluenceContext<'a> {
    fn new(board: &'a Board, own: Color) -> InfluenceContext<'a> {
        InfluenceContext { inner: GoPatternContext::new(board, own), board, own, forbidden: Vec::new() }
    }
}

impl PatternContext for InfluenceContext<'_> {
    fn size(&self) -> usize {
        self.inner.size()
    }
    fn color(&self, v: Vertex) -> Cell {
        self.inner.color(v)
    }
    fn liberties(&mut self, v: Vertex, order: u8) -> u32 {
        self.inner.liberties(v, order)
    }
    fn liberties_after_move(&mut self, v: Vertex, side: Side) -> u32 {
        self.inner.liberties_after_move(v, side)
    }
    fn ko(&mut self, v: Vertex) -> bool {
        self.inner.ko(v)
    }
    fn legal(&mut self, v: Vertex, side: Side) -> bool {
        self.inner.legal(v, side)
    }
    fn suicide(&mut self, v: Vertex, side: Side) -> bool {
        self.inner.suicide(v, side)
    }
    fn tactical(&mut self, q: Tactical) -> f64 {
        self.inner.tactical(q)
    }
    fn play_sequence(&mut self, first: Side, moves: &[Option<Vertex>], test: SequenceTest) -> f64 {
        self.inner.play_sequence(first, moves, test)
    }
    fn dragon(&mut self, q: DragonQuery) -> f64 {
        self.inner.dragon(q)
    }
    fn territory(&mut self, kind: Territory, side: Side, v: Vertex) -> bool {
        self.inner.territory(kind, side, v)
    }
    fn eye(&mut self, q: EyeQuery) -> f64 {
        self.inner.eye(q)
    }
    fn owl(&mut self, name: &str, args: &[Value]) -> f64 {
        self.inner.owl(name, args)
    }
    fn action(&mut self, name: &str, args: &[Value]) -> f64 {
        let colour = match name {
            "non_oterritory" => self.own,
            "non_xterritory" => self.own.opponent(),
            _ => return self.inner.action(name, args),
        };
        if let [Value::Point(v)] = args {
            if usize::from(v.row) < self.board.size() && usize::from(v.col) < self.board.size() {
                self.forbidden.push((self.board.point(v.col, v.row), colour));
            }
        }
        0.0
    }
    fn special(&mut self, name: &str, args: &[Value]) -> f64 {
        self.inner.special(name, args)
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
        let mut inf = Influence::compute(&b, &dead, &strength, Color::White);
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

    #[test]
    fn walls_make_territory() {
        let b = crate::rules::board::tests::board_from(&[
            "..X.O..", "..X.O..", "..X.O..", "..X.O..", "..X.O..", "..X.O..", "..X.O..",
        ]);
        let mut strength = vec![0f32; ARRAY];
        for p in b.points() {
            if b.color(p).is_some() {
                strength[usize::from(p)] = DEFAULT_STRENGTH;
            }
        }
        let inf = Influence::compute(&b, &vec![false; ARRAY], &strength, Color::Black);
        assert_eq!(inf.whose_territory(b.point(0, 3)), Some(Color::Black));
        assert_eq!(inf.whose_territory(b.point(6, 3)), Some(Color::White));
        assert_eq!(inf.whose_territory(b.point(3, 3)), None);
        assert!(inf.territory_value[usize::from(b.point(0, 3))] < -0.9);
    }

    fn full_strength(b: &Board) -> Vec<f32> {
        let mut strength = vec![0f32; ARRAY];
        for p in b.points() {
            if b.color(p).is_some() {
                strength[usize::from(p)] = DEFAULT_STRENGTH;
            }
        }
        strength
    }

    #[test]
    fn our_databases_compile_without_errors() {
        set_pattern_dir(None);
        let libs = influence_libraries();
        assert!(libs.influence.errors.is_empty(), "{:?}", libs.influence.errors);
        assert!(libs.barriers.errors.is_empty(), "{:?}", libs.barriers.errors);
        assert!(libs.influence.set.patterns.len() >= 5);
        assert!(libs.barriers.set.patterns.len() >= 12);
        for (name, text) in patterns::library::INFLUENCE_BUILTIN {
            patterns::check_grammar(name, text, patterns::Dialect::from_file_name(name)).unwrap();
        }
    }

    #[test]
    fn a_one_point_jump_stops_the_other_colours_influence_only() {
        // Black's jump C4-E4 with black to move: the gap stops white (class D), not black.
        let b = crate::rules::board::tests::board_from(&[
            ".......", ".......", ".......", "..X.X..", ".......", ".......", ".......",
        ]);
        let strength = full_strength(&b);
        let dead = vec![false; ARRAY];
        let gap = usize::from(b.point(3, 3));
        for to_move in [Color::Black, Color::White] {
            let inf = Influence::compute(&b, &dead, &strength, to_move);
            assert_eq!(inf.permeability[Color::White.index()][gap], 0.0, "{to_move:?}");
            assert_eq!(inf.permeability[Color::Black.index()][gap], 1.0, "{to_move:?}");
        }
        // With a white stone beside the gap and white to move, the jump no longer holds white (class A
        // needs the gap's sides free of the mover's stones).
        let b = crate::rules::board::tests::board_from(&[
            ".......", ".......", "...O...", "..X.X..", ".......", ".......", ".......",
        ]);
        let inf = Influence::compute(&b, &dead, &full_strength(&b), Color::White);
        assert_eq!(inf.permeability[Color::White.index()][gap], 1.0);
    }

    #[test]
    fn dead_stones_build_no_barrier() {
        let b = crate::rules::board::tests::board_from(&[
            ".......", ".......", ".......", "..X.X..", ".......", ".......", ".......",
        ]);
        let mut dead = vec![false; ARRAY];
        dead[usize::from(b.point(2, 3))] = true;
        let mut strength = full_strength(&b);
        strength[usize::from(b.point(2, 3))] = 0.0;
        let inf = Influence::compute(&b, &dead, &strength, Color::Black);
        assert_eq!(inf.permeability[Color::White.index()][usize::from(b.point(3, 3))], 1.0);
    }

    #[test]
    fn false_eyes_are_no_territory() {
        // Black's first-line eye D1 with a white stone on its diagonal C2: false, white to move.
        let b = crate::rules::board::tests::board_from(&[
            ".......", ".......", ".......", ".......", ".......", "..OX...", "..X.X..",
        ]);
        let inf = Influence::compute(&b, &vec![false; ARRAY], &full_strength(&b), Color::White);
        let d1 = usize::from(b.point(3, 6));
        assert_ne!(inf.non_territory[d1] & NON_TERRITORY_BLACK, 0, "{}", inf.format(&b, Field::NonTerritory));
        assert!(inf.territory_value[d1] >= 0.0);
    }

    #[test]
    fn followup_adds_intrusions_from_the_move_only() {
        // White's second-line stones C2-C3 beside black's D2: the hane at D1 is a followup of C2.
        let b = crate::rules::board::tests::board_from(&[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "..O......",
            "..OX.....",
            ".........",
        ]);
        let (dead, strength) = (vec![false; ARRAY], full_strength(&b));
        let d1 = usize::from(b.point(3, 8));
        let mut anchors = vec![false; ARRAY];
        for p in b.string_stones(b.point(2, 7)) {
            anchors[usize::from(p)] = true;
        }
        let extra = followup_sources(&b, &dead, &strength, Color::White, &anchors);
        assert!(extra[d1] > 0.0);
        assert!(extra.iter().sum::<f32>() <= DEFAULT_STRENGTH + 1e-3);
        let none = followup_sources(&b, &dead, &strength, Color::White, &vec![false; ARRAY]);
        assert!(none.iter().all(|&v| v == 0.0));
        let f = Influence::followup(&b, &dead, &strength, Color::White, &anchors);
        let m = Influence::compute(&b, &dead, &strength, Color::Black);
        assert!(f.strength[Color::White.index()][d1] > 0.0);
        assert!(f.influence[Color::White.index()][d1] > m.influence[Color::White.index()][d1]);
    }

    #[test]
    fn a_pattern_directory_replaces_our_influence_patterns() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/patterns");
        if !dir.join("barriers.db").is_file() {
            return;
        }
        set_pattern_dir(Some(&dir));
        let libs = influence_libraries();
        assert!(libs.barriers.set.patterns.len() > 100, "{}", libs.barriers.set.patterns.len());
        assert!(libs.barriers.errors.is_empty(), "{:?}", libs.barriers.errors.first());
        assert!(libs.influence.errors.is_empty(), "{:?}", libs.influence.errors.first());
        set_pattern_dir(None);
        assert!(influence_libraries().barriers.set.patterns.len() < 100);
    }
}
