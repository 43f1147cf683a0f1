//! The pattern command group: `list_pattern_matches [COLOR]` and `pattern_profile`, for pattern tuners,
//! registered by [`register`] over the engine state. It reads the game and the pattern library only
//! ([`GtpState::game`], [`GtpState::patterns`]); the matching and the constraints' answers are the
//! analysis layer's ([`crate::analysis::pattern_context::list_matches`]).

use crate::analysis::pattern_context::list_matches;
use crate::gtp::state::GtpState;
use crate::rules::vertex::parse_color;
use engine_core::command::{CommandError, Registry};

/// Registers the GTP extension `list_pattern_matches [COLOR]`: every match of the engine's pattern
/// databases in the current position for COLOR (default: the side to move) as the patterns' `O`, one
/// [`crate::analysis::pattern_context::MatchLine`] per line (`DB:PATTERN ANCHOR TRANSFORM MOVE
/// CONSTRAINT`).
pub fn register(r: &mut Registry<GtpState>) {
    r.register(
        "list_pattern_matches",
        "list_pattern_matches [COLOR]: the pattern matches in the position, one per line",
        |s, a| {
            let own = match a.get(0) {
                None => s.game().to_move(),
                Some(t) => parse_color(t).ok_or_else(|| CommandError::failed("invalid color"))?,
            };
            let lines = list_matches(s.patterns(), s.game(), own);
            Ok(lines.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
        },
    );
    r.register(
        "pattern_profile",
        "pattern_profile: the move databases' pattern profile so far (go-gtp --profile-patterns), most time first",
        |_, _| Ok(crate::gtp::trace::profile_table(&crate::genmove::trace::profile())),
    );
}
