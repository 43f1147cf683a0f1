//! The PettingZoo `backgammon_v0` action space, `Discrete(26^2 * 2 + 1)`: encoding a (partial)
//! play as one action number and decoding an action number back into source locations and rolls.
//!
//! Rolls are *signed* as in the seed's table ("destination ID = source ID + roll"): White moves
//! towards location 0 so its rolls are negative, Black's are positive. "Low roll" and "high roll"
//! therefore compare signed values: for White the low roll is the *larger* die.
//!
//! The encoder reproduces PettingZoo's conversion from a play to a number, including its choice of
//! which die a bear-off "used" (it looks at distances, not dice). This module owns only the number
//! and its parts; which plays are legal is decided in `legal`, the game flow in `env`.

use super::colour::Colour;

/// Base of the two source-location digits.
pub const BASE: usize = 26;
/// Actions `0..HIGH_FIRST` play the low roll first; `HIGH_FIRST..DO_NOTHING` the high roll first.
pub const HIGH_FIRST: usize = BASE * BASE;
/// The "do nothing" action, legal exactly when the player cannot move.
pub const DO_NOTHING: usize = 2 * BASE * BASE;
/// Size of the action space (1353).
pub const NUM_ACTIONS: usize = DO_NOTHING + 1;
/// Location ID of the bar (both colours).
pub const BAR_LOCATION: u8 = 25;

/// The signed roll of `die` for `colour`.
#[inline]
pub fn signed_roll(colour: Colour, die: u8) -> i8 {
    match colour {
        Colour::White => -(die as i8),
        Colour::Black => die as i8,
    }
}

/// Location ID (1..=24, 25 = bar) of the mover's own point `point` (1..=24, 25 = bar).
#[inline]
pub fn location_of(colour: Colour, point: u8) -> u8 {
    match (colour, point) {
        (_, 25) => BAR_LOCATION,
        (Colour::White, p) => p,
        (Colour::Black, p) => 25 - p,
    }
}

/// The mover's own point (1..=24, 25 = bar) at location ID `location` (1..=25).
#[inline]
pub fn point_of(colour: Colour, location: u8) -> u8 {
    // the mapping is its own inverse on 1..=24 and fixes the bar
    location_of(colour, location)
}

/// (low, high) signed rolls of a roll.
#[inline]
fn low_high(colour: Colour, dice: (u8, u8)) -> (i8, i8) {
    let (a, b) = (signed_roll(colour, dice.0), signed_roll(colour, dice.1));
    (a.min(b), a.max(b))
}

/// PettingZoo's view of one step: its source location, signed distance and whether it bears off.
#[inline]
fn step_parts(colour: Colour, from: u8, to: u8) -> (usize, i8, bool) {
    let distance = (from - to) as i8;
    let signed = match colour {
        Colour::White => -distance,
        Colour::Black => distance,
    };
    (location_of(colour, from) as usize, signed, to == 0)
}

/// The action number of a play of at most two steps, each `(from, to)` in the mover's own point
/// numbering (`from` 25 = bar, `to` 0 = borne off), in the order given.
///
/// A borne-off step is credited with the die PettingZoo credits it with: alone, the high roll if
/// the distance exceeds the low roll and the low roll otherwise; beside an ordinary step, the die
/// the other step did not use; beside another bear-off, its distance.
pub fn encode(colour: Colour, dice: (u8, u8), steps: &[(u8, u8)]) -> usize {
    let (low, high) = low_high(colour, dice);
    match *steps {
        [] => DO_NOTHING,
        [(from, to)] => {
            let (s, mut diff, off) = step_parts(colour, from, to);
            if off {
                diff = if diff.abs() > low.abs() { high } else { low };
            }
            s + if diff.abs() == high.abs() { HIGH_FIRST } else { 0 }
        }
        [(f1, t1), (f2, t2), ..] => {
            let (s1, mut diff1, off1) = step_parts(colour, f1, t1);
            let (s2, mut diff2, off2) = step_parts(colour, f2, t2);
            let other = |d: i8| if d.abs() == high.abs() { low } else { high };
            if off1 && !off2 {
                diff1 = other(diff2);
            } else if off2 && !off1 {
                diff2 = other(diff1);
            }
            s1 + BASE * s2 + if diff1 > diff2 { HIGH_FIRST } else { 0 }
        }
    }
}

/// One move of a decoded action: the mover's own source point (25 = bar) and the die it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodedMove {
    pub from: u8,
    pub die: u8,
}

/// What an action number asks for, read as the seed's table says: the first source moves by the
/// first roll, the second source (if it is a location, 1..=25) by the other. `None` for
/// [`DO_NOTHING`] and numbers outside the space; a first source outside 1..=25 yields no move.
///
/// (PettingZoo's own decoder drops a second source of 25, so that two chequers entering from the
/// bar enter only one; our environment never decodes — it plays the legal play the number was
/// listed for — and this function follows the table.)
pub fn decode(colour: Colour, dice: (u8, u8), action: usize) -> Option<[Option<DecodedMove>; 2]> {
    if action >= DO_NOTHING {
        return None;
    }
    let (low, high) = low_high(colour, dice);
    let (rest, first, second) =
        if action < HIGH_FIRST { (action, low, high) } else { (action - HIGH_FIRST, high, low) };
    let loc1 = (rest % BASE) as u8;
    let loc2 = (rest / BASE) as u8;
    let mv = |loc: u8, roll: i8| {
        (1..=25).contains(&loc).then(|| DecodedMove { from: point_of(colour, loc), die: roll.unsigned_abs() })
    };
    Some([mv(loc1, first), mv(loc2, second)])
}
