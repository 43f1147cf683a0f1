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

use crate::position::{Position, BAR, ON_ROLL, OPPONENT};

/// Raw board units: 98 per side.
pub const RAW_PER_SIDE: usize = 98;
/// Raw board units for both sides.
pub const RAW: usize = 2 * RAW_PER_SIDE;
/// Hand-crafted features per side.
pub const HAND: usize = 10;
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

/// Calls `f(input, value)` for every non-zero raw board unit of `b` (player on roll's view): the one
/// walk over the board that both the plain inputs and the net's incremental accumulator use.
#[inline]
pub fn for_each_raw_unit(b: &[[u8; 25]; 2], mut f: impl FnMut(usize, f32)) {
    let mut units = [(0usize, 0f32); 4];
    for (k, side) in [ON_ROLL, OPPONENT].into_iter().enumerate() {
        let base = k * RAW_PER_SIDE;
        for slot in 0..26 {
            let n = if slot == 25 { borne_off(b, side) } else { b[side][slot] };
            let m = slot_units(slot, n, &mut units);
            for &(i, v) in &units[..m] {
                f(base + i, v);
            }
        }
    }
}

/// Writes all inputs of `pos` (player on roll's view) into `out`.
pub fn features(pos: &Position, out: &mut [f32; INPUTS]) {
    out.fill(0.0);
    let b = pos.board();
    for_each_raw_unit(b, |i, v| out[i] = v);
    let (mine, theirs) = out[RAW..].split_at_mut(HAND);
    hand_features(b, ON_ROLL, mine);
    hand_features(b, OPPONENT, theirs);
}

/// The hand-crafted features of `side` into `out` (`HAND` floats).
pub fn hand_features(b: &[[u8; 25]; 2], side: usize, out: &mut [f32]) {
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
    out[8] = if their_any == 0 && them[BAR] == 0 { 0.0 } else { f32::from(shots(b, side)) / 36.0 };
    let lead = (their_pips as f32 - my_pips as f32) / 50.0;
    out[9] = lead.clamp(-1.0, 1.0);
}

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
#[inline]
fn escapes(blocked: u32, from: usize) -> u8 {
    escapes_reversed(blocked.reverse_bits() >> 7, from)
}

/// [`escapes`] with the mask already reversed (bit `24 - i` for own index `i`), so that the 12
/// points in front of `from` are one shift away: bit k of the pattern is index `from - 1 - k`.
#[inline]
fn escapes_reversed(reversed: u32, from: usize) -> u8 {
    escape_table()[((reversed >> (25 - from)) & 0xfff) as usize]
}

/// Escaping rolls for each 12-bit blockade pattern (bit k: the point k + 1 pips ahead is blocked).
fn escape_table() -> &'static [u8; 4096] {
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

/// Rolls (of 36) on which the opponent of `side` can hit at least one of `side`'s blots on the
/// board, directly or by combination with free intermediate points. With opponent chequers on
/// the bar only hits by the entering chequer are counted (an approximation: a feature, not a rule).
pub fn shots(b: &[[u8; 25]; 2], side: usize) -> u8 {
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
    if blots == 0 {
        return 0;
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
    let mut count = 0u8;
    for a in 1..=6u32 {
        for c in a..=6u32 {
            let hit = if a == c {
                let mut reach = sources;
                let mut hit = false;
                for _ in 0..4 {
                    reach = (reach >> a) & open;
                    if reach & blots != 0 {
                        hit = true;
                        break;
                    }
                }
                hit
            } else {
                let ra = (sources >> a) & open;
                let rc = (sources >> c) & open;
                (ra | rc) & blots != 0 || ((ra >> c) | (rc >> a)) & open & blots != 0
            };
            if hit {
                count += if a == c { 1 } else { 2 };
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn raw_units_match_the_seed_observation_for_white_on_roll() {
        use crate::env::observation::{features as observation, OBSERVATION_SIZE};
        use crate::env::Colour;
        for pos in crate::sampling::random_game_positions(Variant::Standard, 200, 5) {
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
        // escapes: no blockade, every roll escapes
        assert_eq!(escapes(0, 24), 36);
        // a full six-point prime directly in front: nothing escapes
        assert_eq!(escapes(0b11_1111 << 17, 24), 0);
    }
}
