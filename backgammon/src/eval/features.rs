//! Net inputs of a position, seen by the player on roll: the seed environment's raw board units
//! and a few hand-crafted features per side. Nothing here allocates; the raw units are also
//! exposed slot by slot so the net can accumulate its first layer sparsely and incrementally.
//!
//! Layout (`INPUTS` floats):
//! - `0..98`: the player on roll ("me"), `98..196`: the opponent, each in the seed's
//!   (gym-backgammon) per-side layout over the side's own points 1..=24: four units per point
//!   (1 if at least one chequer, 1 if at least two, 1 if at least three, (n - 3) / 2 beyond),
//!   then bar / 2, then borne off / 15. The seed's two colour units are constant from the
//!   on-roll view and are left out.
//! - `196..196 + HAND`: hand-crafted features of me, then the same for the opponent
//!   (see [`HAND_NAMES`]).
//!
//! This module owns the inputs only: it neither classifies positions nor evaluates them.

// index loops over parallel arrays (board sides, weight rows) read more clearly than zips here
#![allow(clippy::needless_range_loop)]

use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};

/// Raw board units: 98 per side.
pub const RAW_PER_SIDE: usize = 98;
/// Raw board units for both sides.
pub const RAW: usize = 2 * RAW_PER_SIDE;
/// Hand-crafted features per side.
pub const HAND: usize = 23;
/// Hand-crafted features per side in feature set 1 (the first `HAND_V1` of [`HAND_NAMES`]), kept
/// so that nets trained on set 1 can be carried over with zero weights on the newer inputs.
pub const HAND_V1: usize = 10;
/// All inputs.
pub const INPUTS: usize = RAW + 2 * HAND;

/// What each hand-crafted feature measures (per side, the side's own view).
pub const HAND_NAMES: [&str; HAND] = [
    "pips / 167",
    "blots / 5",
    "home-board points made / 6",
    "longest prime / 6",
    "anchors in the opponent's home board / 3",
    "chequers back (opponent's home board or bar) / 15",
    "rolls (of 36) letting the rearmost chequer pass the opponent's blockade / 36",
    "containment of the opponent: 1 - fewest escaping rolls from its points 16..=25 / 36",
    "rolls (of 36) on which the opponent can hit one of this side's blots / 36",
    "pips of wastage-free race lead: (opponent pips - own pips) / 50, clamped to [-1, 1]",
    // feature set 2
    "pips this side still needs to pass every opponent chequer (break contact) / 160",
    "rearmost chequer: (own index + 1) / 25",
    "rearmost anchor in the opponent's home board: (own index + 1) / 24, 0 without one",
    "most advanced anchor on the opponent's side: (24 - own index) / 12, 0 without one",
    "pips lost when hit: rolls (of 36) weighted by the pips of the rearmost hittable blot / 864",
    "rolls (of 36) on which the opponent can hit two or more blots / 36",
    "rolls (of 36) that dance from the bar: (opponent home points made / 6)^2",
    "the dance chance above when this side has a chequer on the bar, else 0",
    "mobility: chequers that can move each die 1..=6 (no bearing off), summed / 90",
    "mean escaping rolls of the chequers back (opponent's home board or bar) / 36, 1 without any",
    "pips to bring every chequer home / 100",
    "chequers outside the home board / 15",
    "rolls (of 36) on which the opponent can hit a blot with a single die / 36",
];

/// Raw-unit slot `slot` (0..24 points, 24 bar, 25 off) of a side with `n` chequers there: the
/// (input offset within the side, value) pairs that are non-zero, written into `out`; returns
/// how many. At most four.
#[inline]
pub fn slot_units(slot: usize, n: u8, out: &mut [(usize, f32); 4]) -> usize {
    if n == 0 {
        return 0;
    }
    match slot {
        BAR => {
            out[0] = (96, f32::from(n) / 2.0);
            1
        }
        25 => {
            out[0] = (97, f32::from(n) / 15.0);
            1
        }
        _ => {
            let base = 4 * slot;
            let k = usize::from(n.min(3));
            for (j, o) in out.iter_mut().enumerate().take(k) {
                *o = (base + j, 1.0);
            }
            if n > 3 {
                out[3] = (base + 3, (f32::from(n) - 3.0) / 2.0);
                return 4;
            }
            k
        }
    }
}

/// Chequers of `side` borne off (15 minus those in play).
#[inline]
pub fn borne_off(board: &[[u8; 25]; 2], side: usize) -> u8 {
    15u8.saturating_sub(board[side].iter().sum::<u8>())
}

/// Calls `f(input, value)` for every non-zero raw board unit of `b` (player on roll's view), in
/// input order: the one walk over the board that both the plain inputs and the net's sparse
/// accumulator use (the units of [`slot_units`]).
#[inline]
pub fn for_each_raw_unit(b: &[[u8; 25]; 2], mut f: impl FnMut(usize, f32)) {
    for (k, side) in [ON_ROLL, OPPONENT].into_iter().enumerate() {
        let base = k * RAW_PER_SIDE;
        let s = &b[side];
        // visiting only the occupied points (a third of them, typically) beats testing all 24
        let mut occupied = 0u32;
        for i in 0..24 {
            occupied |= u32::from(s[i] != 0) << i;
        }
        while occupied != 0 {
            let slot = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let n = s[slot];
            let i = base + 4 * slot;
            f(i, 1.0);
            if n >= 2 {
                f(i + 1, 1.0);
                if n >= 3 {
                    f(i + 2, 1.0);
                    if n > 3 {
                        f(i + 3, (f32::from(n) - 3.0) / 2.0);
                    }
                }
            }
        }
        if s[BAR] > 0 {
            f(base + 96, f32::from(s[BAR]) / 2.0);
        }
        let off = borne_off(b, side);
        if off > 0 {
            f(base + 97, f32::from(off) / 15.0);
        }
    }
}

/// Calls `f(input, change)` for every raw unit that differs between the boards `from` and `to`
/// (player on roll's view), in input order: a play moves few chequers, so the units of the
/// others cancel, and unit by unit (rather than a changed slot's old units out and new units in)
/// only the units that really change are visited.
#[inline(always)]
pub fn for_each_raw_delta(from: &[[u8; 25]; 2], to: &[[u8; 25]; 2], mut f: impl FnMut(usize, f32)) {
    // beyond three chequers a point's fourth unit is (n - 3) / 2
    let extra = |n: u8| if n > 3 { (f32::from(n) - 3.0) / 2.0 } else { 0.0 };
    for (k, side) in [ON_ROLL, OPPONENT].into_iter().enumerate() {
        let base = k * RAW_PER_SIDE;
        let (old, new) = (&from[side], &to[side]);
        // the changed points, eight per word
        let mut changed = 0u32;
        for (c, (o, n)) in old[..24].chunks_exact(8).zip(new[..24].chunks_exact(8)).enumerate() {
            let o = u64::from_le_bytes(o.try_into().expect("8 points"));
            let n = u64::from_le_bytes(n.try_into().expect("8 points"));
            changed |= at_least(o ^ n, 1) << (8 * c);
        }
        while changed != 0 {
            let slot = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            let (o, n) = (old[slot], new[slot]);
            for j in 0..3u8 {
                let d = i8::from(n > j) - i8::from(o > j);
                if d != 0 {
                    f(base + 4 * slot + usize::from(j), f32::from(d));
                }
            }
            let d = extra(n) - extra(o);
            if d != 0.0 {
                f(base + 4 * slot + 3, d);
            }
        }
        if old[BAR] != new[BAR] {
            f(base + 96, f32::from(new[BAR]) / 2.0 - f32::from(old[BAR]) / 2.0);
        }
        let (o, n) = (borne_off(from, side), borne_off(to, side));
        if o != n {
            f(base + 97, f32::from(n) / 15.0 - f32::from(o) / 15.0);
        }
    }
}

/// Writes all inputs of `pos` (player on roll's view) into `out`.
pub fn features(pos: &Position, out: &mut [f32; INPUTS]) {
    out.fill(0.0);
    let b = pos.board();
    for_each_raw_unit(b, |i, v| out[i] = v);
    let hand: &mut [f32; 2 * HAND] = (&mut out[RAW..]).try_into().expect("2 * HAND hand features");
    hand_features_both(b, hand);
}

/// One side's chequers as bit masks over its own points (bit i = own index i, the bar excluded),
/// computed once per position and shared by both sides' features (each side's features look at
/// the other side's chequers too).
#[derive(Clone, Copy, Debug, Default)]
struct SideMasks {
    /// Points with two or more chequers.
    points: u32,
    /// Points with exactly one chequer.
    blots: u32,
    /// Points with any chequer.
    any: u32,
    /// Pips to bear off, the bar counting 25.
    pips: u32,
}

impl SideMasks {
    #[inline(always)]
    fn of(side: &[u8; 25]) -> SideMasks {
        // eight points per word: a byte-wise compare and a gather of each byte's top bit
        // (instead of 24 compares and shifts per mask)
        let mut points = 0u32;
        let mut any = 0u32;
        for (k, chunk) in side[..24].chunks_exact(8).enumerate() {
            let w = u64::from_le_bytes(chunk.try_into().expect("8 points"));
            points |= at_least(w, 2) << (8 * k);
            any |= at_least(w, 1) << (8 * k);
        }
        let mut pips = 0u32;
        for (i, &c) in side.iter().enumerate() {
            pips += (i as u32 + 1) * u32::from(c);
        }
        SideMasks { points, blots: any & !points, any, pips }
    }
}

/// Bit k set when byte k of `w` is at least `n` (1 or 2; any byte value).
#[inline(always)]
fn at_least(w: u64, n: u8) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // per byte: the low seven bits plus 128 - n carry into the top bit exactly when they reach n
    // (no carry leaves the byte), and a byte with its own top bit set is large anyway
    let add = u64::from_le_bytes([128 - n; 8]);
    let top = (((w & LOW7) + add) | w) & HIGH;
    // top bits at 8k + 7 gathered into bits 56 + k by one multiplication (the partial products
    // land on distinct bits, so nothing carries)
    ((top >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// A mask over one side's points 0..24 in the other side's indices (own index i is the other's
/// 23 - i).
#[inline(always)]
fn mirrored(mask: u32) -> u32 {
    mask.reverse_bits() >> 8
}

/// The hand-crafted features of `side` into `out` (`HAND` floats).
pub fn hand_features(b: &[[u8; 25]; 2], side: usize, out: &mut [f32]) {
    let masks = [SideMasks::of(&b[0]), SideMasks::of(&b[1])];
    side_features(b, side, &masks, out);
}

/// The hand-crafted features of both sides: the player on roll's, then the opponent's (the
/// layout of the inputs from `RAW` on).
pub fn hand_features_both(b: &[[u8; 25]; 2], out: &mut [f32; 2 * HAND]) {
    #[cfg(target_arch = "x86_64")]
    if super::cpu::simd_available() {
        // SAFETY: the running CPU has the features `hand_features_both_v3` is built for.
        unsafe { hand_features_both_v3(b, out) };
        return;
    }
    hand_features_both_in(b, out);
}

/// [`hand_features_both`] built for x86-64-v3: population counts, bit scans and variable shifts
/// are single instructions there (baseline x86-64 emulates `count_ones` in a dozen).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn hand_features_both_v3(b: &[[u8; 25]; 2], out: &mut [f32; 2 * HAND]) {
    hand_features_both_in(b, out);
}

/// [`hand_features_both`] built for the caller's target features (inlined into it).
#[inline(always)]
pub(super) fn hand_features_both_in(b: &[[u8; 25]; 2], out: &mut [f32; 2 * HAND]) {
    let masks = [SideMasks::of(&b[0]), SideMasks::of(&b[1])];
    let (mine, theirs) = out.split_at_mut(HAND);
    side_features(b, ON_ROLL, &masks, mine);
    side_features(b, OPPONENT, &masks, theirs);
}

/// [`hand_features`] from both sides' masks.
#[inline(always)]
fn side_features(b: &[[u8; 25]; 2], side: usize, masks: &[SideMasks; 2], out: &mut [f32]) {
    let me = &b[side];
    let other = 1 - side;
    let them = &b[other];
    let (mine, theirs) = (&masks[side], &masks[other]);
    let (my_pips, their_pips) = (mine.pips, theirs.pips);
    // masks in this side's own indices: bit i = own point i + 1
    let my_points = mine.points;
    let my_blots = mine.blots;
    let my_any = mine.any | u32::from(me[BAR] > 0) << 24;
    // the opponent's made points and chequers, mapped into this side's indices (their i is our 23 - i)
    let their_points = mirrored(theirs.points);
    let their_any = mirrored(theirs.any);
    // the opponent's blockade as `escapes_reversed` wants it
    let their_points_reversed = their_points.reverse_bits() >> 7;
    out[0] = my_pips as f32 / 167.0;
    out[1] = my_blots.count_ones() as f32 / 5.0;
    out[2] = (my_points & 0x3f).count_ones() as f32 / 6.0;
    out[3] = longest_run(my_points) as f32 / 6.0;
    out[4] = (my_points >> 18 & 0x3f).count_ones() as f32 / 3.0;
    out[5] = (me[18..25].iter().map(|&c| u32::from(c)).sum::<u32>()) as f32 / 15.0;
    // the rearmost chequer against the opponent's blockade
    let rear = 31 - my_any.leading_zeros().min(31);
    out[6] = if my_any == 0 { 1.0 } else { f32::from(escapes_reversed(their_points_reversed, rear as usize)) / 36.0 };
    // how well this side's points contain an opponent chequer standing on its points 16..=25
    // (this side's 9..=0 and the bar): opponent chequers move towards our high indices
    let mut fewest = 36u8;
    // in the opponent's own indices our point i is its 23 - i; reversed for escapes_reversed:
    // bit 24 - (23 - i) = i + 1
    let reversed = my_points << 1;
    for start in 15..=24usize {
        fewest = fewest.min(escapes_reversed(reversed, start));
    }
    out[7] = 1.0 - f32::from(fewest) / 36.0;
    // this side's blots and points and the opponent's chequers, in the opponent's indices
    let sources = if them[BAR] > 0 { 1 << 24 } else { theirs.any };
    let hits = hit_stats_of(mirrored(my_blots), mirrored(my_points), sources);
    out[8] = if their_any == 0 && them[BAR] == 0 { 0.0 } else { f32::from(hits.any) / 36.0 };
    let lead = (their_pips as f32 - my_pips as f32) / 50.0;
    out[9] = lead.clamp(-1.0, 1.0);

    // feature set 2. The opponent's rearmost chequer in this side's indices: their index q is
    // our 23 - q, their bar is our -1 (it enters onto our 0..=5); its rearmost point is its
    // highest own index, our lowest.
    let mark = if them[BAR] > 0 {
        -1
    } else if their_any != 0 {
        their_any.trailing_zeros() as i32
    } else {
        24
    };
    let mut contact_pips = 0i32;
    let mut home_pips = 0u32;
    let mut outside = 0u32;
    let mut mobility = 0u32;
    let mut back = 0u32;
    let mut back_escapes = 0u32;
    // only the occupied points (and the bar) contribute
    let mut occupied = my_any;
    while occupied != 0 {
        let i = occupied.trailing_zeros() as usize;
        occupied &= occupied - 1;
        let n = u32::from(me[i]);
        if i as i32 > mark {
            contact_pips += n as i32 * (i as i32 - mark);
        }
        if i >= 6 {
            home_pips += n * (i as u32 - 5);
            outside += n;
        }
        // a die d moves a chequer from i to i - d (not off the board) unless the opponent holds it
        let dice = ((1u32 << i) - 1) & !((1u32 << i.saturating_sub(6)) - 1);
        mobility += n * (dice & !their_points).count_ones();
        if i >= 18 {
            back += n;
            back_escapes += n * u32::from(escapes_reversed(their_points_reversed, i));
        }
    }
    out[10] = contact_pips as f32 / 160.0;
    out[11] = if my_any == 0 { 0.0 } else { (rear + 1) as f32 / 25.0 };
    let back_anchors = my_points & 0x3f << 18;
    out[12] = if back_anchors == 0 { 0.0 } else { (32 - back_anchors.leading_zeros()) as f32 / 24.0 };
    let far_anchors = my_points & 0xfff << 12;
    out[13] = if far_anchors == 0 { 0.0 } else { (24 - far_anchors.trailing_zeros()) as f32 / 12.0 };
    out[14] = hits.pip_loss as f32 / 864.0;
    out[15] = f32::from(hits.double) / 36.0;
    let closed = (theirs.points & 0x3f).count_ones() as f32 / 6.0;
    out[16] = closed * closed;
    out[17] = if me[BAR] > 0 { closed * closed } else { 0.0 };
    out[18] = mobility as f32 / 90.0;
    out[19] = if back == 0 { 1.0 } else { back_escapes as f32 / (36.0 * back as f32) };
    out[20] = home_pips as f32 / 100.0;
    out[21] = outside as f32 / 15.0;
    out[22] = f32::from(hits.direct) / 36.0;
}

#[inline(always)]
fn longest_run(mask: u32) -> u32 {
    let mut m = mask;
    let mut n = 0;
    while m != 0 {
        m &= m << 1;
        n += 1;
    }
    n
}

/// Rolls (of 36) letting a chequer at own index `from` (24 = bar) get past every blocked point
/// among the 12 in front of it; `blocked` has bit i for own index i (0..24).
#[cfg(test)]
fn escapes(blocked: u32, from: usize) -> u8 {
    escapes_reversed(blocked.reverse_bits() >> 7, from)
}

/// [`escapes`] with the mask already reversed (bit `24 - i` for own index `i`), so that the 12
/// points in front of `from` are one shift away: bit k of the pattern is index `from - 1 - k`.
#[inline(always)]
fn escapes_reversed(reversed: u32, from: usize) -> u8 {
    escape_table()[((reversed >> (25 - from)) & 0xfff) as usize]
}

/// Escaping rolls for each 12-bit blockade pattern (bit k: the point k + 1 pips ahead is blocked).
#[inline(always)]
fn escape_table() -> &'static [u8; 4096] {
    &ESCAPES
}

/// Computed at compile time: a lazily built table costs a synchronised check on every lookup,
/// and the features look it up a dozen times per side.
static ESCAPES: [u8; 4096] = escape_table_build();

const fn escape_table_build() -> [u8; 4096] {
    let mut t = [0u8; 4096];
    let mut pattern = 0usize;
    while pattern < 4096 {
        let last = if pattern == 0 { 0 } else { 32 - (pattern as u32).leading_zeros() } as u8;
        let mut count = 0u8;
        let mut a = 1u8;
        while a <= 6 {
            let mut b = 1u8;
            while b <= 6 {
                let ok = if a == b {
                    let mut d = 0;
                    let mut ok = false;
                    let mut step = 0;
                    while step < 4 {
                        d += a;
                        if !free(pattern, d) {
                            break;
                        }
                        if d > last {
                            ok = true;
                            break;
                        }
                        step += 1;
                    }
                    ok
                } else {
                    (free(pattern, a) && (a > last || (free(pattern, a + b) && a + b > last)))
                        || (free(pattern, b) && (b > last || (free(pattern, a + b) && a + b > last)))
                };
                count += ok as u8;
                b += 1;
            }
            a += 1;
        }
        t[pattern] = count;
        pattern += 1;
    }
    t
}

/// Whether the point `d` pips ahead is open in blockade `pattern` (beyond 12 pips always).
const fn free(pattern: usize, d: u8) -> bool {
    d > 12 || pattern >> (d - 1) & 1 == 0
}

/// Rolls (of 36) on which the opponent of `side` can hit at least one of `side`'s blots on the
/// board, directly or by combination with free intermediate points. With opponent chequers on
/// the bar only hits by the entering chequer are counted (an approximation: a feature, not a rule).
pub fn shots(b: &[[u8; 25]; 2], side: usize) -> u8 {
    hit_stats(b, side).any
}

/// How exposed `side`'s blots are to the opponent's next roll (counts over the 36 rolls, with the
/// approximations of [`shots`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HitStats {
    /// Rolls hitting at least one blot.
    pub any: u8,
    /// Rolls hitting a blot with one die alone (for doubles: the first step).
    pub direct: u8,
    /// Rolls able to reach two or more blots.
    pub double: u8,
    /// Sum over the rolls of the pips the rearmost reachable blot has travelled (own index + 1),
    /// the pips it would lose when hit.
    pub pip_loss: u32,
}

/// [`HitStats`] of `side`'s blots.
#[inline]
pub fn hit_stats(b: &[[u8; 25]; 2], side: usize) -> HitStats {
    let (me, them) = (SideMasks::of(&b[side]), SideMasks::of(&b[1 - side]));
    let sources = if b[1 - side][BAR] > 0 { 1 << 24 } else { them.any };
    hit_stats_of(mirrored(me.blots), mirrored(me.points), sources)
}

/// [`HitStats`] from masks in the hitting side's own indices (bit q = its point q + 1, bit 24 =
/// its bar): the target `blots`, the points `blocks`ed against it, and the chequers it can move
/// (only the bar when it has chequers there).
#[inline(always)]
fn hit_stats_of(blots: u32, blocks: u32, sources: u32) -> HitStats {
    if blots == 0 {
        return HitStats::default();
    }
    let open = !blocks;
    // where each die alone takes a chequer, shared by the rolls containing it
    let mut first = [0u32; 7];
    for d in 1..=6 {
        first[d] = (sources >> d) & open;
    }
    // counts over the doubles and over the non-doubles (each of those two of the 36 rolls),
    // weighted at the end; branch-free, so the 21 rolls run in a straight line
    let mut doubles = Tally::default();
    for a in 1..=6usize {
        let r1 = first[a];
        let r2 = (r1 >> a) & open;
        let r3 = (r2 >> a) & open;
        let r4 = (r3 >> a) & open;
        doubles.add((r1 | r2 | r3 | r4) & blots, r1 & blots);
    }
    let mut others = Tally::default();
    for &(a, c) in &NON_DOUBLES {
        let (ra, rc) = (first[a], first[c]);
        let direct = (ra | rc) & blots;
        others.add(direct | ((ra >> c) | (rc >> a)) & open & blots, direct);
    }
    let weigh = |d: u32, o: u32| d + 2 * o;
    HitStats {
        any: weigh(doubles.any, others.any) as u8,
        direct: weigh(doubles.direct, others.direct) as u8,
        double: weigh(doubles.double, others.double) as u8,
        pip_loss: weigh(doubles.pip_loss, others.pip_loss),
    }
}

/// The 15 non-double rolls as (smaller die, larger die).
const NON_DOUBLES: [(usize, usize); 15] = [
    (1, 2),
    (1, 3),
    (1, 4),
    (1, 5),
    (1, 6),
    (2, 3),
    (2, 4),
    (2, 5),
    (2, 6),
    (3, 4),
    (3, 5),
    (3, 6),
    (4, 5),
    (4, 6),
    (5, 6),
];

/// [`HitStats`] counts over rolls of one weight.
#[derive(Default)]
struct Tally {
    any: u32,
    direct: u32,
    double: u32,
    pip_loss: u32,
}

impl Tally {
    /// One roll hitting the blots `hit`, `direct` of them with one die alone.
    #[inline(always)]
    fn add(&mut self, hit: u32, direct: u32) {
        self.any += u32::from(hit != 0);
        // the rearmost blot (its own highest index) is the opponent's lowest bit (at most 23)
        self.pip_loss += 24 - hit.trailing_zeros().min(24);
        self.double += u32::from(hit & hit.wrapping_sub(1) != 0);
        self.direct += u32::from(direct != 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;

    /// The feature code the shipped nets were trained on, kept verbatim as the reference that
    /// the faster code above must reproduce bit for bit.
    mod reference {
        #![allow(clippy::all)]
        use super::super::{escape_table, escapes_reversed, longest_run, HitStats};
        use crate::rules::position::BAR;

        fn escapes(blocked: u32, from: usize) -> u8 {
            escape_table()[((blocked.reverse_bits() >> 7 >> (25 - from)) & 0xfff) as usize]
        }

        /// The hand-crafted features of `side` into `out` (`HAND` floats).
        pub(super) fn hand_features(b: &[[u8; 25]; 2], side: usize, out: &mut [f32]) {
            let me = &b[side];
            let other = 1 - side;
            let them = &b[other];
            let my_pips: u32 = me.iter().enumerate().map(|(i, &c)| (i as u32 + 1) * u32::from(c)).sum();
            let their_pips: u32 = them.iter().enumerate().map(|(i, &c)| (i as u32 + 1) * u32::from(c)).sum();
            // masks in this side's own indices: bit i = own point i + 1
            let mut my_points = 0u32;
            let mut my_blots = 0u32;
            let mut my_any = 0u32;
            for i in 0..24 {
                match me[i] {
                    0 => {}
                    1 => {
                        my_blots |= 1 << i;
                        my_any |= 1 << i;
                    }
                    _ => {
                        my_points |= 1 << i;
                        my_any |= 1 << i;
                    }
                }
            }
            if me[BAR] > 0 {
                my_any |= 1 << 24;
            }
            // the opponent's made points and chequers, mapped into this side's indices (their i is our 23 - i)
            let mut their_points = 0u32;
            let mut their_any = 0u32;
            for i in 0..24 {
                if them[i] >= 2 {
                    their_points |= 1 << (23 - i);
                }
                if them[i] > 0 {
                    their_any |= 1 << (23 - i);
                }
            }
            out[0] = my_pips as f32 / 167.0;
            out[1] = my_blots.count_ones() as f32 / 5.0;
            out[2] = (my_points & 0x3f).count_ones() as f32 / 6.0;
            out[3] = longest_run(my_points) as f32 / 6.0;
            out[4] = (my_points >> 18 & 0x3f).count_ones() as f32 / 3.0;
            out[5] = (me[18..25].iter().map(|&c| u32::from(c)).sum::<u32>()) as f32 / 15.0;
            // the rearmost chequer against the opponent's blockade
            let rear = 31 - my_any.leading_zeros().min(31);
            out[6] = if my_any == 0 { 1.0 } else { f32::from(escapes(their_points, rear as usize)) / 36.0 };
            // how well this side's points contain an opponent chequer standing on its points 16..=25
            // (this side's 9..=0 and the bar): opponent chequers move towards our high indices
            let mut fewest = 36u8;
            // in the opponent's own indices our point i is its 23 - i; reversed for escapes_reversed:
            // bit 24 - (23 - i) = i + 1
            let reversed = my_points << 1;
            for start in 15..=24usize {
                fewest = fewest.min(escapes_reversed(reversed, start));
            }
            out[7] = 1.0 - f32::from(fewest) / 36.0;
            out[8] = if their_any == 0 && them[BAR] == 0 { 0.0 } else { f32::from(hit_stats(b, side).any) / 36.0 };
            let lead = (their_pips as f32 - my_pips as f32) / 50.0;
            out[9] = lead.clamp(-1.0, 1.0);

            // feature set 2. The opponent's rearmost chequer in this side's indices: their index q is
            // our 23 - q, their bar is our -1 (it enters onto our 0..=5).
            let their_back = if them[BAR] > 0 { Some(24) } else { (0..24).rev().find(|&q| them[q] > 0) };
            let mark = their_back.map_or(24, |q| 23 - q as i32);
            let mut contact_pips = 0i32;
            let mut home_pips = 0u32;
            let mut outside = 0u32;
            let mut mobility = 0u32;
            let mut back = 0u32;
            let mut back_escapes = 0u32;
            for i in 0..25usize {
                let n = u32::from(me[i]);
                if n == 0 {
                    continue;
                }
                if i as i32 > mark {
                    contact_pips += n as i32 * (i as i32 - mark);
                }
                if i >= 6 {
                    home_pips += n * (i as u32 - 5);
                    outside += n;
                }
                for d in 1..=6usize {
                    if i >= d && them[23 - (i - d)] < 2 {
                        mobility += n;
                    }
                }
                if i >= 18 {
                    back += n;
                    back_escapes += n * u32::from(escapes(their_points, i));
                }
            }
            out[10] = contact_pips as f32 / 160.0;
            out[11] = if my_any == 0 { 0.0 } else { (rear + 1) as f32 / 25.0 };
            out[12] = (18..24).rev().find(|&i| me[i] >= 2).map_or(0.0, |i| (i + 1) as f32 / 24.0);
            out[13] = (12..24).find(|&i| me[i] >= 2).map_or(0.0, |i| (24 - i) as f32 / 12.0);
            let hits = hit_stats(b, side);
            out[14] = hits.pip_loss as f32 / 864.0;
            out[15] = f32::from(hits.double) / 36.0;
            let closed = (0..6).filter(|&q| them[q] >= 2).count() as f32 / 6.0;
            out[16] = closed * closed;
            out[17] = if me[BAR] > 0 { closed * closed } else { 0.0 };
            out[18] = mobility as f32 / 90.0;
            out[19] = if back == 0 { 1.0 } else { back_escapes as f32 / (36.0 * back as f32) };
            out[20] = home_pips as f32 / 100.0;
            out[21] = outside as f32 / 15.0;
            out[22] = f32::from(hits.direct) / 36.0;
        }

        /// [`HitStats`] of `side`'s blots.
        pub(super) fn hit_stats(b: &[[u8; 25]; 2], side: usize) -> HitStats {
            let me = &b[side];
            let them = &b[1 - side];
            // everything in the opponent's own indices: bit q = their point q + 1, bit 24 = their bar
            let mut blots = 0u32;
            let mut blocks = 0u32;
            for i in 0..24 {
                if me[i] == 1 {
                    blots |= 1 << (23 - i);
                } else if me[i] >= 2 {
                    blocks |= 1 << (23 - i);
                }
            }
            let mut stats = HitStats::default();
            if blots == 0 {
                return stats;
            }
            let mut sources = 0u32;
            if them[BAR] > 0 {
                sources = 1 << 24;
            } else {
                for (q, &c) in them.iter().enumerate().take(24) {
                    if c > 0 {
                        sources |= 1 << q;
                    }
                }
            }
            let open = !blocks;
            for a in 1..=6u32 {
                for c in a..=6u32 {
                    let (hit, direct) = if a == c {
                        let mut reach = sources;
                        let mut hit = 0u32;
                        for _ in 0..4 {
                            reach = (reach >> a) & open;
                            hit |= reach & blots;
                        }
                        (hit, (sources >> a) & open & blots)
                    } else {
                        let ra = (sources >> a) & open;
                        let rc = (sources >> c) & open;
                        let direct = (ra | rc) & blots;
                        (direct | ((ra >> c) | (rc >> a)) & open & blots, direct)
                    };
                    let weight = if a == c { 1 } else { 2 };
                    if hit != 0 {
                        stats.any += weight;
                        // the rearmost blot (its own highest index) is the opponent's lowest bit
                        stats.pip_loss += u32::from(weight) * (24 - hit.trailing_zeros());
                        if hit.count_ones() >= 2 {
                            stats.double += weight;
                        }
                    }
                    if direct != 0 {
                        stats.direct += weight;
                    }
                }
            }
            stats
        }
    }
    /// The table as it was built before it moved to compile time.
    /// Escaping rolls for each 12-bit blockade pattern (bit k: the point k + 1 pips ahead is blocked).
    fn escape_table_at_run_time() -> &'static [u8; 4096] {
        static TABLE: std::sync::OnceLock<Box<[u8; 4096]>> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            let mut t = Box::new([0u8; 4096]);
            for (pattern, slot) in t.iter_mut().enumerate() {
                let last = if pattern == 0 { 0 } else { 32 - (pattern as u32).leading_zeros() } as u8;
                let free = |d: u8| d > 12 || pattern >> (d - 1) & 1 == 0;
                let mut count = 0u8;
                for a in 1..=6u8 {
                    for b in 1..=6u8 {
                        let ok = if a == b {
                            let mut d = 0;
                            let mut ok = false;
                            for _ in 0..4 {
                                d += a;
                                if !free(d) {
                                    break;
                                }
                                if d > last {
                                    ok = true;
                                    break;
                                }
                            }
                            ok
                        } else {
                            (free(a) && (a > last || (free(a + b) && a + b > last)))
                                || (free(b) && (b > last || (free(a + b) && a + b > last)))
                        };
                        count += u8::from(ok);
                    }
                }
                *slot = count;
            }
            t
        })
    }

    #[test]
    fn the_compile_time_escape_table_is_the_run_time_one() {
        assert_eq!(escape_table(), escape_table_at_run_time());
    }

    #[test]
    fn raw_units_are_the_slot_units() {
        for pos in crate::rules::sampling::random_game_positions(Variant::Standard, 2000, 12) {
            let b = pos.board();
            let mut want = Vec::new();
            let mut units = [(0usize, 0f32); 4];
            for (k, side) in [ON_ROLL, OPPONENT].into_iter().enumerate() {
                for slot in 0..26 {
                    let n = if slot == 25 { borne_off(b, side) } else { b[side][slot] };
                    let m = slot_units(slot, n, &mut units);
                    want.extend(units[..m].iter().map(|&(i, v)| (k * RAW_PER_SIDE + i, v.to_bits())));
                }
            }
            let mut got = Vec::new();
            for_each_raw_unit(b, |i, v| got.push((i, v.to_bits())));
            assert_eq!(got, want, "{pos:?}");
        }
    }

    #[test]
    fn raw_deltas_turn_one_board_s_units_into_the_other_s() {
        let positions = crate::rules::sampling::random_game_positions(Variant::Standard, 600, 31);
        for pair in positions.windows(2) {
            let (a, b) = (pair[0].board(), pair[1].board());
            let mut x = [0f32; INPUTS];
            for_each_raw_unit(a, |i, v| x[i] = v);
            let mut seen = Vec::new();
            for_each_raw_delta(a, b, |i, d| {
                assert!(d != 0.0);
                x[i] += d;
                seen.push(i);
            });
            assert!(seen.windows(2).all(|w| w[0] < w[1]), "each unit once, in order");
            let mut want = [0f32; INPUTS];
            for_each_raw_unit(b, |i, v| want[i] = v);
            for i in 0..RAW {
                assert!((x[i] - want[i]).abs() < 1e-6, "{:?} -> {:?}: unit {i}", pair[0], pair[1]);
            }
        }
    }

    #[test]
    fn hand_features_match_the_reference_bit_for_bit() {
        let mut positions = crate::rules::sampling::random_game_positions(Variant::Standard, 5000, 41);
        positions.extend(crate::rules::sampling::random_game_positions(Variant::Standard, 3000, 7));
        // extremes the random games rarely reach: crowded bars, closed boards, a side fully off
        let extra: [&[(usize, u8)]; 4] =
            [&[(25, 3), (1, 12)], &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (25, 3)], &[(24, 15)], &[(13, 1)]];
        for me in extra {
            for them in extra {
                // pairs that put both sides on one point are not positions
                positions.extend(Position::from_points(me, them));
            }
        }
        let mut checked = 0;
        for pos in positions.iter().flat_map(|p| [*p, p.swapped()]) {
            let b = pos.board();
            let mut both = [0f32; 2 * HAND];
            hand_features_both(b, &mut both);
            // `both` holds the player on roll's features first
            for (k, side) in [ON_ROLL, OPPONENT].into_iter().enumerate() {
                let mut want = [0f32; HAND];
                reference::hand_features(b, side, &mut want);
                let mut got = [0f32; HAND];
                hand_features(b, side, &mut got);
                let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&got), bits(&want), "{pos:?} side {side}");
                assert_eq!(bits(&both[k * HAND..(k + 1) * HAND]), bits(&want), "{pos:?} side {side}");
                assert_eq!(hit_stats(b, side), reference::hit_stats(b, side), "{pos:?} side {side}");
                checked += 1;
            }
        }
        assert!(checked >= 32_000);
    }

    #[test]
    fn raw_units_match_the_seed_observation_for_white_on_roll() {
        use crate::env::observation::{features as observation, OBSERVATION_SIZE};
        use crate::env::Colour;
        for pos in crate::rules::sampling::random_game_positions(Variant::Standard, 200, 5) {
            let mut obs = [0f32; OBSERVATION_SIZE];
            observation(&pos, Colour::White, &mut obs);
            let mut f = [0f32; INPUTS];
            features(&pos, &mut f);
            // White = on roll: the first 98 units agree exactly
            assert_eq!(&f[..98], &obs[..98], "{pos:?}");
            // the opponent's units are the same quantities over its own points
            let swapped = pos.swapped();
            let mut g = [0f32; INPUTS];
            features(&swapped, &mut g);
            assert_eq!(&f[98..196], &g[..98]);
            assert_eq!(&f[RAW..RAW + HAND], &g[RAW + HAND..]);
        }
    }

    #[test]
    fn hand_features_by_hand() {
        let start = Variant::Standard.starting_position();
        let mut f = [0f32; INPUTS];
        features(&start, &mut f);
        let h = &f[RAW..RAW + HAND];
        assert!((h[0] - 1.0).abs() < 1e-6); // 167 pips
        assert_eq!(h[1], 0.0); // no blots
        assert!((h[2] - 1.0 / 6.0).abs() < 1e-6); // the 6 point
        assert!((h[3] - 1.0 / 6.0).abs() < 1e-6); // no two adjacent points
        assert!((h[4] - 1.0 / 3.0).abs() < 1e-6); // the 24-point anchor
        assert!((h[5] - 2.0 / 15.0).abs() < 1e-6);
        assert_eq!(h[8], 0.0);
        // a lone blot 6 pips in front of an opponent chequer: 11 direct rolls plus 5-1, 4-2, 3-3
        // (6 via 3+3), 2-2 (6 via 2+2+2) = 11 + 2 + 2 + 1 + 1 = 17
        let p = Position::from_points(&[(10, 1)], &[(9, 1)]).unwrap();
        // my blot on my 10 is their 15; their chequer on their 9 is behind? it moves down from 9:
        // it cannot reach their 15. Place it on their 21 instead: 6 pips away.
        assert_eq!(shots(p.board(), ON_ROLL), 0);
        let p = Position::from_points(&[(10, 1)], &[(21, 1)]).unwrap();
        assert_eq!(shots(p.board(), ON_ROLL), 17);
        // the shifted lookup equals the direct definition
        for blocked in [0u32, 0b1011_0110_1100_0011_0101_0110, 0x00ff_ffff, 0x0055_5555] {
            for from in 1..=24usize {
                let mut pattern = 0usize;
                for k in 0..12 {
                    if from > k && blocked >> (from - 1 - k) & 1 == 1 {
                        pattern |= 1 << k;
                    }
                }
                assert_eq!(escapes(blocked, from), escape_table()[pattern], "{blocked:#x} {from}");
            }
        }
        // feature set 2 on the starting position (worked by hand, see each line)
        let h = &f[RAW..RAW + HAND];
        // every chequer must pass the opponent's 24-point chequers on our 1 point (index 0):
        // 2 x 23 + 5 x 12 + 3 x 7 + 5 x 5 = 152 pips
        assert!((h[10] - 152.0 / 160.0).abs() < 1e-6);
        assert!((h[11] - 24.0 / 25.0).abs() < 1e-6); // rearmost on index 23
        assert!((h[12] - 1.0).abs() < 1e-6); // the 24-point anchor
        assert!((h[13] - 1.0).abs() < 1e-6); // the mid-point (index 12) is the most advanced
        assert_eq!((h[14], h[15], h[22]), (0.0, 0.0, 0.0)); // no blots
        assert!((h[16] - 1.0 / 36.0).abs() < 1e-6); // one home point made against us
        assert_eq!(h[17], 0.0); // nobody on the bar
                                // our indices blocked by the opponent: 0, 11, 16, 18. The back chequers move 5 dice of 6
                                // (not 6: index 18), the mid-point 5 (not 1: index 11), the 8-point all 6, the 6-point 4
                                // (not 5: index 0; 6 would bear off): 2 x 5 + 5 x 5 + 3 x 6 + 5 x 4 = 73
        assert!((h[18] - 73.0 / 90.0).abs() < 1e-6);
        assert_eq!(h[19], h[6]); // both back chequers stand on the rearmost point
        assert!((h[20] - 0.77).abs() < 1e-6); // 2 x 18 + 5 x 7 + 3 x 2 pips to come home
        assert!((h[21] - 10.0 / 15.0).abs() < 1e-6);
        // the lone blot 6 pips away: 11 direct rolls of 17 hitting, each costing its 10 pips
        let p = Position::from_points(&[(10, 1)], &[(21, 1)]).unwrap();
        let hs = hit_stats(p.board(), ON_ROLL);
        assert_eq!(hs, HitStats { any: 17, direct: 11, double: 0, pip_loss: 170 });
        // a second blot one pip further on: 6-1 hits both (6 then 1, or 1 then 6)
        let p = Position::from_points(&[(10, 1), (9, 1)], &[(21, 1)]).unwrap();
        let hs = hit_stats(p.board(), ON_ROLL);
        assert!(hs.double >= 2 && hs.double <= hs.any, "{hs:?}");
        // escapes: no blockade, every roll escapes
        assert_eq!(escapes(0, 24), 36);
        // a full six-point prime directly in front: nothing escapes
        assert_eq!(escapes(0b11_1111 << 17, 24), 0);
    }
}
