//! Backgammon variants: the starting position and chequer count of each. The rules of play are
//! the same in all of them (Hypergammon counts gammons and backgammons like the standard game).

use crate::rules::position::{Position, BAR};
use std::fmt;
use std::str::FromStr;

/// A variant of the game, as gnubg names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    #[default]
    Standard,
    Nackgammon,
    Hypergammon1,
    Hypergammon2,
    Hypergammon3,
}

impl Variant {
    /// All variants, in gnubg's order.
    pub const ALL: [Variant; 5] =
        [Variant::Standard, Variant::Nackgammon, Variant::Hypergammon1, Variant::Hypergammon2, Variant::Hypergammon3];

    /// Chequers each side plays with.
    pub fn chequers(self) -> u32 {
        match self {
            Variant::Standard | Variant::Nackgammon => 15,
            Variant::Hypergammon1 => 1,
            Variant::Hypergammon2 => 2,
            Variant::Hypergammon3 => 3,
        }
    }

    /// The points (own numbering) and counts of one side at the start.
    fn layout(self) -> &'static [(usize, u8)] {
        match self {
            Variant::Standard => &[(24, 2), (13, 5), (8, 3), (6, 5)],
            Variant::Nackgammon => &[(24, 2), (23, 2), (13, 4), (8, 3), (6, 4)],
            Variant::Hypergammon1 => &[(24, 1)],
            Variant::Hypergammon2 => &[(24, 1), (23, 1)],
            Variant::Hypergammon3 => &[(24, 1), (23, 1), (22, 1)],
        }
    }

    /// The starting position (both sides alike).
    pub fn starting_position(self) -> Position {
        let mut side = [0u8; BAR + 1];
        for &(point, n) in self.layout() {
            side[point - 1] = n;
        }
        Position::from_board_unchecked([side, side])
    }

    /// gnubg's name for the variant (`set variation …`).
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Nackgammon => "nackgammon",
            Variant::Hypergammon1 => "1-chequer-hypergammon",
            Variant::Hypergammon2 => "2-chequer-hypergammon",
            Variant::Hypergammon3 => "3-chequer-hypergammon",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {0:?} (standard, nackgammon, 1-, 2- or 3-chequer-hypergammon)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        Ok(match lower.as_str() {
            "standard" | "backgammon" => Variant::Standard,
            "nackgammon" => Variant::Nackgammon,
            "1-chequer-hypergammon" | "hypergammon1" | "hyper1" => Variant::Hypergammon1,
            "2-chequer-hypergammon" | "hypergammon2" | "hyper2" => Variant::Hypergammon2,
            "3-chequer-hypergammon" | "hypergammon3" | "hyper3" | "hypergammon" => Variant::Hypergammon3,
            _ => return Err(UnknownVariant(s.to_string())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::{ON_ROLL, OPPONENT};

    #[test]
    fn starting_positions_have_the_variant_chequer_count() {
        for v in Variant::ALL {
            let p = v.starting_position();
            assert_eq!(p.chequers_in_play(ON_ROLL), v.chequers(), "{v}");
            assert_eq!(p.chequers_in_play(OPPONENT), v.chequers(), "{v}");
            p.validate().unwrap();
            assert_eq!(v.name().parse::<Variant>().unwrap(), v);
        }
        assert_eq!(Variant::Nackgammon.starting_position().pips(ON_ROLL), 48 + 46 + 52 + 24 + 24);
    }
}
