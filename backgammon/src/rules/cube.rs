//! The doubling cube: its value (a power of two, kept as its base-2 logarithm as the match ID
//! does) and who owns it. Owns only the cube's own arithmetic; when doubling is allowed (whose
//! turn, Crawford game, beavers) is decided by `game`.

use crate::rules::player::PlayerId;
use std::fmt;

/// The largest cube logarithm a match ID can hold (4 bits): a 32768-cube.
pub const MAX_CUBE_LOG2: u8 = 15;

/// Who may make the next double.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CubeOwner {
    /// Nobody has accepted a double yet: either player may double.
    #[default]
    Centred,
    /// The player who accepted the last double.
    Player(PlayerId),
}

impl CubeOwner {
    /// Whether `player` may turn the cube (it is centred or theirs).
    pub fn may_double(self, player: PlayerId) -> bool {
        match self {
            CubeOwner::Centred => true,
            CubeOwner::Player(p) => p == player,
        }
    }
}

/// The doubling cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Cube {
    log2: u8,
    owner: CubeOwner,
}

impl Cube {
    /// A cube with value `2^log2` (at most [`MAX_CUBE_LOG2`]) and an owner; `None` if too large.
    pub fn new(log2: u8, owner: CubeOwner) -> Option<Cube> {
        (log2 <= MAX_CUBE_LOG2).then_some(Cube { log2, owner })
    }

    /// The base-2 logarithm of the value (0 for a 1-cube).
    pub fn log2(self) -> u8 {
        self.log2
    }

    /// The value: 1, 2, 4, … 32768.
    pub fn value(self) -> u32 {
        1 << self.log2
    }

    pub fn owner(self) -> CubeOwner {
        self.owner
    }

    /// Whether the cube can be turned again without passing 32768.
    pub fn can_double(self) -> bool {
        self.log2 < MAX_CUBE_LOG2
    }

    /// The cube doubled and given to `owner`; `None` past the 32768-cube.
    #[must_use]
    pub fn doubled(self, owner: CubeOwner) -> Option<Cube> {
        Cube::new(self.log2 + 1, owner)
    }
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.owner {
            CubeOwner::Centred => write!(f, "{} (centred)", self.value()),
            CubeOwner::Player(p) => write!(f, "{} (owned by player {p})", self.value()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cube_values_and_the_32768_limit() {
        let mut c = Cube::default();
        assert_eq!(c.value(), 1);
        assert!(c.owner().may_double(0) && c.owner().may_double(1));
        for i in 1..=15u8 {
            c = c.doubled(CubeOwner::Player(usize::from(i % 2))).unwrap();
            assert_eq!(c.value(), 1 << i);
        }
        // the seed: "The maximum value of the cube … is 2 to the power of 15, i.e., a 32768-cube"
        assert_eq!(c.value(), 32768);
        assert!(!c.can_double());
        assert_eq!(c.doubled(CubeOwner::Centred), None);
        assert_eq!(Cube::new(16, CubeOwner::Centred), None);
        assert!(c.owner().may_double(1) && !c.owner().may_double(0));
    }
}
