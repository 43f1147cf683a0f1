//! The 198-float observation, gym-backgammon's `get_board_features` layout.
//!
//! Entries 0..96: White's chequers on board locations 1..=24 in location order, four units per
//! point (1 if at least one chequer, 1 if at least two, 1 if at least three, (n - 3) / 2 beyond);
//! 96: White's bar chequers / 2; 97: White's borne-off chequers / 15. Entries 98..196: the same for
//! Black, over the same locations (so Black's own 24 point comes first). 196..198: the colour to
//! move, [1, 0] White, [0, 1] Black. Location `S` is White's own point `S` and Black's `25 - S`.
//!
//! Values are computed in `f64` and rounded once to `f32`, exactly as PettingZoo converts the Python
//! floats. This module owns the layout only.

use super::colour::Colour;
use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};

/// Length of an observation.
pub const OBSERVATION_SIZE: usize = 198;

/// Writes the observation of `pos` (the player on roll plays `to_move`) into `out`.
pub fn features(pos: &Position, to_move: Colour, out: &mut [f32; OBSERVATION_SIZE]) {
    let b = pos.board();
    let (white, black) = match to_move {
        Colour::White => (&b[ON_ROLL], &b[OPPONENT]),
        Colour::Black => (&b[OPPONENT], &b[ON_ROLL]),
    };
    side(white, |loc| loc, &mut out[..98]);
    side(black, |loc| 25 - loc, &mut out[98..196]);
    out[196..].copy_from_slice(match to_move {
        Colour::White => &[1.0, 0.0],
        Colour::Black => &[0.0, 1.0],
    });
}

fn side(own: &[u8; 25], point_at: impl Fn(usize) -> usize, out: &mut [f32]) {
    for loc in 1..=24 {
        let n = own[point_at(loc) - 1];
        let units = &mut out[4 * (loc - 1)..4 * loc];
        units[0] = f32::from(u8::from(n >= 1));
        units[1] = f32::from(u8::from(n >= 2));
        units[2] = f32::from(u8::from(n >= 3));
        units[3] = if n > 3 { ((f64::from(n) - 3.0) / 2.0) as f32 } else { 0.0 };
    }
    let on_board: u32 = own.iter().map(|&n| u32::from(n)).sum();
    out[96] = (f64::from(own[BAR]) / 2.0) as f32;
    out[97] = (f64::from(15u32.saturating_sub(on_board)) / 15.0) as f32;
}
