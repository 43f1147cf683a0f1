//! The two players of a game, match or session: 0 is the first player (X in gnubg's records,
//! the human in `gammon`), 1 the second (O). Knows nothing else.

/// Index of a player: 0 or 1.
pub type PlayerId = usize;

/// The other player.
pub fn opponent(player: PlayerId) -> PlayerId {
    1 - player
}
