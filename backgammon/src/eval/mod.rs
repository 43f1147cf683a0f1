//! Static (0-ply) evaluation: for a position with a player on roll, the five cubeless
//! probabilities and the cubeless money equity, in gnubg's conventions.
//!
//! - [`classify`]: gnubg's position classes (over, bearoff, race, crashed, contact);
//! - over: exact; bearoff (both sides home): the two-sided 6×6 database's cubeless value when
//!   both sides have at most 6 chequers, else exact race probabilities from the two one-sided
//!   15×6 distributions (both databases from [`crate::eval::bearoff::cache`]); race, crashed, contact: one
//!   [`net::Net`] each on the inputs of [`features`];
//! - [`Evaluator::evaluate_plays`] evaluates all candidate plays of a roll in one pass, updating
//!   a shared first-layer accumulator for the few raw units and hand-crafted features each play
//!   changes;
//! - on x86-64 CPUs with AVX2 (x86-64-v3), evaluation runs a build of its code for those
//!   instructions, chosen at run time;
//! - [`train`]: self-play TD(λ) and supervised (1-ply expert iteration) training of the nets.
//!
//! Outputs follow gnubg: `[win, win gammon, win backgammon, lose gammon, lose backgammon]`,
//! gammons including backgammons, equity `2w - 1 + wg - lg + wbg - lbg`.
//!
//! This module owns evaluation and the choice of when to consult a bearoff database; the
//! databases themselves (their solving, files and caching) belong to [`crate::eval::bearoff`].

pub mod bearoff;
pub mod cpu;
pub mod features;
pub mod net;
pub mod nply;
pub mod probabilities;

pub use probabilities::Probabilities;

use crate::eval::bearoff::one_sided::MAX_ROLLS;
use crate::eval::bearoff::QuantisedOneSided;
use crate::rules::movegen::{MoveGenerator, Play};
use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};
use features::{borne_off, HAND, RAW};
use net::{Accumulator, Input, Net, SparseInputs, WeightsError, MAX_HIDDEN, OUTPUTS};
use std::path::Path;
use std::sync::OnceLock;

/// gnubg's position classes (bearoff meaning the one-sided 15-chequer 6-point database).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionClass {
    /// One side has borne off every chequer.
    Over,
    /// No contact and every chequer of both sides on its own points 1 to 6.
    Bearoff,
    /// No contact.
    Race,
    /// Contact, and one side has few chequers left in play outside its lowest points.
    Crashed,
    /// Contact.
    Contact,
}

/// Net classes: index into [`Evaluator`]'s nets and the `class` field of weights files.
pub const CONTACT: usize = 0;
pub const CRASHED: usize = 1;
pub const RACE: usize = 2;
/// Names of the net classes, by index.
pub const NET_NAMES: [&str; 3] = ["contact", "crashed", "race"];

impl PositionClass {
    /// The net used for this class, if any.
    pub fn net(self) -> Option<usize> {
        match self {
            PositionClass::Contact => Some(CONTACT),
            PositionClass::Crashed => Some(CRASHED),
            PositionClass::Race => Some(RACE),
            PositionClass::Over | PositionClass::Bearoff => None,
        }
    }
}

/// The class of `pos`, by gnubg's rules: over when a side has no chequer left; contact when the
/// two sides' rearmost chequers have not passed each other; among contact positions, crashed
/// when a side has at most 6 chequers in play beyond what sits on its 1 point (and, with two or
/// more on its 2 point, on its 2 point too); otherwise race, or bearoff when both sides are
/// entirely within their home boards.
#[inline]
pub fn classify(pos: &Position) -> PositionClass {
    let b = pos.board();
    let back = |s: usize| b[s].iter().rposition(|&n| n > 0);
    let (Some(opp_back), Some(my_back)) = (back(OPPONENT), back(ON_ROLL)) else {
        return PositionClass::Over;
    };
    if opp_back + my_back > 22 {
        const N: i32 = 6;
        for side in &b[..] {
            let tot: i32 = side.iter().map(|&n| i32::from(n)).sum();
            let (a0, a1) = (i32::from(side[0]), i32::from(side[1]));
            let crashed = if tot <= N {
                true
            } else if a0 > 1 {
                tot <= N + a0 || (a1 > 1 && 1 + tot - (a0 + a1) <= N)
            } else {
                tot <= N + (a1 - 1)
            };
            if crashed {
                return PositionClass::Crashed;
            }
        }
        return PositionClass::Contact;
    }
    if opp_back < 6 && my_back < 6 {
        PositionClass::Bearoff
    } else {
        PositionClass::Race
    }
}

impl Probabilities {
    /// Makes the outputs consistent, as gnubg's sanity check does: every value in [0, 1],
    /// backgammons within gammons within wins (and losses), and no gammon or backgammon the
    /// position rules out: none for a side whose opponent has borne off a chequer, no backgammon
    /// without contact unless the loser still has a chequer in the winner's home board or on the bar.
    pub fn sanitise(&mut self, pos: &Position) {
        self.sanitise_class(pos, classify(pos));
    }

    /// [`Probabilities::sanitise`] for a position of the known class `class`.
    fn sanitise_class(&mut self, pos: &Position, class: PositionClass) {
        let b = pos.board();
        let p = &mut self.0;
        for v in p.iter_mut() {
            *v = if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) };
        }
        let race = !matches!(class, PositionClass::Contact | PositionClass::Crashed);
        let back = |s: usize| b[s][18..25].iter().any(|&n| n > 0);
        // the player on roll wins a gammon only if the opponent has not borne off
        if borne_off(b, OPPONENT) > 0 {
            p[1] = 0.0;
        }
        if borne_off(b, ON_ROLL) > 0 {
            p[3] = 0.0;
        }
        if race && !back(OPPONENT) {
            p[2] = 0.0;
        }
        if race && !back(ON_ROLL) {
            p[4] = 0.0;
        }
        p[1] = p[1].min(p[0]);
        p[2] = p[2].min(p[1]);
        p[3] = p[3].min(1.0 - p[0]);
        p[4] = p[4].min(p[3]);
    }
}

/// The exact result of a finished position (one side has no chequer), from the view of the
/// player on roll.
pub fn over_probabilities(pos: &Position) -> Probabilities {
    let b = pos.board();
    let result = |loser: usize| {
        let gammon = borne_off(b, loser) == 0;
        let backgammon = gammon && b[loser][18..25].iter().any(|&n| n > 0);
        (gammon, backgammon)
    };
    if pos.chequers_in_play(ON_ROLL) == 0 {
        let (g, bg) = result(OPPONENT);
        Probabilities([1.0, f32::from(u8::from(g)), f32::from(u8::from(bg)), 0.0, 0.0])
    } else {
        let (g, bg) = result(ON_ROLL);
        Probabilities([0.0, 0.0, 0.0, f32::from(u8::from(g)), f32::from(u8::from(bg))])
    }
}

/// The one-sided 15-chequer 6-point database with gammon distributions (gnubg's `makebearoff
/// -o 6` values), from the bearoff cache (generated on first use).
pub fn one_sided_database() -> &'static QuantisedOneSided {
    crate::eval::bearoff::cache::one_sided_default()
}

/// Exact probabilities of a [`PositionClass::Bearoff`] position: from the two-sided database
/// (cubeless, best play for winning) when both sides have at most 6 chequers left — then no
/// gammon is possible — otherwise from the one-sided database ([`bearoff_probabilities`]).
pub fn exact_bearoff(pos: &Position) -> Probabilities {
    use crate::eval::bearoff::cache::{two_sided_default, TWO_SIDED_CHEQUERS};
    let small = |s: usize| pos.chequers_in_play(s) <= TWO_SIDED_CHEQUERS as u32;
    if small(ON_ROLL) && small(OPPONENT) {
        if let Some(e) = two_sided_default().equities(pos) {
            return Probabilities([e.win_probability() as f32, 0.0, 0.0, 0.0, 0.0]);
        }
    }
    bearoff_probabilities(one_sided_database(), pos).expect("bearoff class positions are in the one-sided database")
}

/// Exact bearoff probabilities of a [`PositionClass::Bearoff`] position from two one-sided
/// distributions: the player on roll wins if it needs no more rolls than the opponent; it wins a
/// gammon if the opponent, with all 15 chequers still in play, has not borne one off by then.
/// Backgammons are impossible with both sides home. `None` outside the database.
pub fn bearoff_probabilities(db: &QuantisedOneSided, pos: &Position) -> Option<Probabilities> {
    let b = pos.board();
    let dist = |side: usize| db.distribution(&b[side][..6]);
    let (me, opp) = (dist(ON_ROLL)?, dist(OPPONENT)?);
    let at_least = |d: &[f64; MAX_ROLLS]| {
        let mut a = [0f64; MAX_ROLLS + 1];
        for j in (0..MAX_ROLLS).rev() {
            a[j] = a[j + 1] + d[j];
        }
        a
    };
    let opp_ge = at_least(&opp);
    let win: f64 = (0..MAX_ROLLS).map(|i| me[i] * opp_ge[i]).sum();
    let mut wg = 0.0;
    if pos.chequers_in_play(OPPONENT) == 15 {
        if let Some(g) = db.first_off_distribution(&b[OPPONENT][..6]) {
            let g_ge = at_least(&g);
            wg = (0..MAX_ROLLS).map(|i| me[i] * g_ge[i]).sum();
        }
    }
    let mut lg = 0.0;
    if pos.chequers_in_play(ON_ROLL) == 15 {
        if let Some(g) = db.first_off_distribution(&b[ON_ROLL][..6]) {
            let g_ge = at_least(&g);
            lg = (0..MAX_ROLLS).map(|j| opp[j] * g_ge[(j + 1).min(MAX_ROLLS)]).sum();
        }
    }
    Some(Probabilities([win as f32, wg as f32, 0.0, lg as f32, 0.0]))
}

/// The evaluator: three nets and the bearoff database.
#[derive(Clone, Debug)]
pub struct Evaluator {
    pub nets: [Net; 3],
}

/// Embedded weights (see `backgammon/weights/README.md` for how they were trained).
const EMBEDDED: [&[u8]; 3] = [
    include_bytes!("../../weights/contact.bgw"),
    include_bytes!("../../weights/crashed.bgw"),
    include_bytes!("../../weights/race.bgw"),
];

/// Scratch space for a batch of plays; keep one per thread.
#[derive(Default)]
pub struct Scratch {
    base: [Option<Base>; 3],
    inputs: SparseInputs,
}

/// What the plays of one batch evaluated by one net start from: the first layer of the parent's
/// raw units plus the hand-crafted features of the first such play, and those features.
#[derive(Clone, Copy)]
struct Base {
    acc: Accumulator,
    hand: [f32; 2 * HAND],
}

impl Evaluator {
    /// The evaluator with the weights embedded in the binary, parsed once.
    pub fn embedded() -> &'static Evaluator {
        static EVAL: OnceLock<Evaluator> = OnceLock::new();
        EVAL.get_or_init(|| {
            let nets = EMBEDDED.map(|bytes| Net::from_bytes(bytes).expect("embedded weights are valid"));
            Evaluator::from_nets(nets).expect("embedded nets are in class order")
        })
    }

    /// An evaluator from three nets in class order (contact, crashed, race).
    pub fn from_nets(nets: [Net; 3]) -> Result<Evaluator, WeightsError> {
        for (i, n) in nets.iter().enumerate() {
            if n.class as usize != i {
                return Err(WeightsError::Shape {
                    offset: 12,
                    what: format!("net {} has class {}, expected {i}", NET_NAMES[i], n.class),
                });
            }
        }
        Ok(Evaluator { nets })
    }

    /// Loads `contact.bgw`, `crashed.bgw` and `race.bgw` from `dir`.
    pub fn load_dir(dir: &Path) -> Result<Evaluator, WeightsError> {
        let load = |i: usize| Net::load(&dir.join(format!("{}.bgw", NET_NAMES[i])));
        Evaluator::from_nets([load(0)?, load(1)?, load(2)?])
    }

    /// Writes the three nets into `dir`.
    pub fn save_dir(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        for (i, n) in self.nets.iter().enumerate() {
            n.save(&dir.join(format!("{}.bgw", NET_NAMES[i])))?;
        }
        Ok(())
    }

    /// Appends the non-zero hand-crafted features of `b` (on-roll view) to `inputs`.
    #[inline(always)]
    fn push_hand_inputs(b: &[[u8; 25]; 2], inputs: &mut SparseInputs) {
        let mut h = [0f32; 2 * HAND];
        features::hand_features_both_in(b, &mut h);
        push_nonzero(&h, inputs);
    }

    /// All non-zero inputs of `b` (on-roll view), in input order.
    #[inline(always)]
    fn push_inputs(b: &[[u8; 25]; 2], inputs: &mut SparseInputs) {
        features::for_each_raw_unit(b, |i, v| inputs.push(i, v));
        Self::push_hand_inputs(b, inputs);
    }

    /// The net's probabilities for `pos` (any class; the net of `class`), unsanitised.
    pub fn net_probabilities(&self, class: usize, pos: &Position, hidden: &mut [f32; MAX_HIDDEN]) -> Probabilities {
        let net = &self.nets[class];
        let mut inputs = SparseInputs::default();
        Self::push_inputs(pos.board(), &mut inputs);
        Probabilities(net.forward_sparse(&net.b1, inputs.as_slice(), hidden))
    }

    /// The probabilities of `pos` from the view of the player on roll.
    pub fn evaluate(&self, pos: &Position) -> Probabilities {
        #[cfg(target_arch = "x86_64")]
        if cpu::simd_available() {
            // SAFETY: the running CPU has every feature `evaluate_v3` is built for.
            return unsafe { self.evaluate_v3(pos) };
        }
        self.evaluate_in(pos, net::outputs_portable)
    }

    /// [`Evaluator::evaluate`] built for x86-64-v3 throughout: the features' bit counts and
    /// scans become single instructions, and the net runs its AVX2 build.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma,bmi1,bmi2,lzcnt,popcnt")]
    fn evaluate_v3(&self, pos: &Position) -> Probabilities {
        self.evaluate_in(pos, |net, start, inputs| net::outputs_avx2(net, start, inputs))
    }

    /// [`Evaluator::evaluate`] with the net outputs of `outputs` (the caller's build).
    #[inline(always)]
    fn evaluate_in(&self, pos: &Position, outputs: impl Fn(&Net, &[f32], &[Input]) -> [f32; OUTPUTS]) -> Probabilities {
        let class = classify(pos);
        match class {
            PositionClass::Over => over_probabilities(pos),
            PositionClass::Bearoff => exact_bearoff(pos),
            _ => {
                let net = &self.nets[class.net().expect("net class")];
                let mut inputs = SparseInputs::default();
                Self::push_inputs(pos.board(), &mut inputs);
                let mut p = Probabilities(outputs(net, &net.b1, inputs.as_slice()));
                p.sanitise_class(pos, class);
                p
            }
        }
    }

    /// Evaluates every play of `parent` (its results, with the mover still on roll) and writes
    /// each one's probabilities *from the mover's view* into `out` (same length as `plays`).
    /// The first layer of every net-evaluated result starts from one accumulator of the parent
    /// (seen by the next player on roll) and is updated only for the raw units the play changed
    /// and the hand-crafted features that differ from those of the batch's first play.
    pub fn evaluate_plays(&self, parent: &Position, plays: &[Play], scratch: &mut Scratch, out: &mut [Probabilities]) {
        #[cfg(target_arch = "x86_64")]
        if cpu::simd_available() {
            // SAFETY: the running CPU has every feature `evaluate_plays_v3` is built for.
            unsafe { self.evaluate_plays_v3(parent, plays, scratch, out) };
            return;
        }
        self.evaluate_plays_in(parent, plays, scratch, out, net::accumulate_portable, net::outputs_portable);
    }

    /// [`Evaluator::evaluate_plays`] built for x86-64-v3 (see [`Evaluator::evaluate_v3`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma,bmi1,bmi2,lzcnt,popcnt")]
    fn evaluate_plays_v3(&self, parent: &Position, plays: &[Play], scratch: &mut Scratch, out: &mut [Probabilities]) {
        self.evaluate_plays_in(
            parent,
            plays,
            scratch,
            out,
            |net, start, inputs, acc| net::accumulate_avx2(net, start, inputs, acc),
            |net, start, inputs| net::outputs_avx2(net, start, inputs),
        );
    }

    /// [`Evaluator::evaluate_plays`] with the first layer of `accumulate` and the net outputs of
    /// `outputs` (the caller's build).
    #[inline(always)]
    fn evaluate_plays_in(
        &self,
        parent: &Position,
        plays: &[Play],
        scratch: &mut Scratch,
        out: &mut [Probabilities],
        accumulate: impl Fn(&Net, &[f32], &[Input], &mut Accumulator),
        outputs: impl Fn(&Net, &[f32], &[Input]) -> [f32; OUTPUTS],
    ) {
        scratch.base = [None; 3];
        let pb = parent.swapped();
        let pb = pb.board();
        for (play, o) in plays.iter().zip(out.iter_mut()) {
            let child = play.result().swapped();
            let class = classify(&child);
            let p = match class {
                PositionClass::Over => over_probabilities(&child),
                PositionClass::Bearoff => exact_bearoff(&child),
                _ => {
                    let c = class.net().expect("net class");
                    let net = &self.nets[c];
                    let cb = child.board();
                    let mut hand = [0f32; 2 * HAND];
                    features::hand_features_both_in(cb, &mut hand);
                    let inputs = &mut scratch.inputs;
                    let base = scratch.base[c].get_or_insert_with(|| {
                        inputs.clear();
                        features::for_each_raw_unit(pb, |i, v| inputs.push(i, v));
                        push_nonzero(&hand, inputs);
                        let mut acc = Accumulator { sums: [0.0; MAX_HIDDEN] };
                        accumulate(net, &net.b1, inputs.as_slice(), &mut acc);
                        Base { acc, hand }
                    });
                    inputs.clear();
                    raw_deltas(pb, cb, inputs);
                    // the plays of one roll share many hand-crafted features (all move the same
                    // pips, most leave the far side of the board alone): only those that differ
                    // from the base's are added, by their difference
                    for (i, (&v, &was)) in hand.iter().zip(&base.hand).enumerate() {
                        inputs.push_if(v != was, RAW + i, v - was);
                    }
                    let mut p = Probabilities(outputs(net, &base.acc.sums, inputs.as_slice()));
                    p.sanitise_class(&child, class);
                    p
                }
            };
            *o = p.flipped();
        }
    }

    /// The play with the highest cubeless equity for the mover (the first of equals, in the
    /// generator's order), with its probabilities from the mover's view; `None` when no play is
    /// legal. `buf` is reused between calls.
    pub fn best_play<'g>(
        &self,
        gen: &'g mut MoveGenerator,
        pos: &Position,
        d1: u8,
        d2: u8,
        scratch: &mut Scratch,
        buf: &mut Vec<Probabilities>,
    ) -> Option<(&'g Play, Probabilities)> {
        self.best_play_by(gen, pos, d1, d2, scratch, buf, |p| f64::from(p.equity()))
    }

    /// [`Evaluator::best_play`] ranked by `key` of the probabilities (mover's view) instead of
    /// cubeless money equity, e.g. match winning chances at a score.
    #[allow(clippy::too_many_arguments)]
    pub fn best_play_by<'g>(
        &self,
        gen: &'g mut MoveGenerator,
        pos: &Position,
        d1: u8,
        d2: u8,
        scratch: &mut Scratch,
        buf: &mut Vec<Probabilities>,
        mut key: impl FnMut(&Probabilities) -> f64,
    ) -> Option<(&'g Play, Probabilities)> {
        let plays = gen.generate(pos, d1, d2);
        if plays.is_empty() {
            return None;
        }
        buf.clear();
        buf.resize(plays.len(), Probabilities::default());
        self.evaluate_plays(pos, plays, scratch, buf);
        let (mut best, mut best_key) = (0, f64::NEG_INFINITY);
        for (i, p) in buf.iter().enumerate() {
            let k = key(p);
            if k > best_key {
                (best, best_key) = (i, k);
            }
        }
        Some((&plays[best], buf[best]))
    }
}

/// Appends the non-zero hand-crafted features `hand` (both sides, in input order) to `inputs`.
#[inline(always)]
fn push_nonzero(hand: &[f32; 2 * HAND], inputs: &mut SparseInputs) {
    for (i, &v) in hand.iter().enumerate() {
        inputs.push_if(v != 0.0, RAW + i, v);
    }
}

/// Appends to `inputs` the raw units that differ between the boards `from` and `to` (on-roll
/// view), with the change of each.
#[inline(always)]
fn raw_deltas(from: &[[u8; 25]; 2], to: &[[u8; 25]; 2], inputs: &mut SparseInputs) {
    features::for_each_raw_delta(from, to, |i, v| inputs.push(i, v));
}

/// Guard: the bar slot index used by the features is the position's bar.
const _: () = assert!(BAR == 24);

#[cfg(test)]
mod tests;
