//! The `kgs-*` extensions kgsGtp (CGoban 3's bridge to the KGS Go server) sends besides standard GTP:
//! `kgs-rules` (the game's rule set), `kgs-game_over` (the game has ended) and `kgs-chat` (a message
//! from a player, answered with one line). `kgs-time_settings` and `kgs-genmove_cleanup` belong with
//! the clock and move generation in [`crate::gtp::standard`].
//!
//! This group reads and sets the game's rules through the engine state ([`crate::gtp::state`]) and
//! must not import the other command groups.

use crate::game::Rules;
use crate::gtp::state::GtpState;
use crate::rules::score::Scoring;
use engine_core::command::{CommandError, Registry};

/// The rule sets kgsGtp names, as this engine plays them: Japanese rules score territory with simple
/// ko; Chinese and AGA rules score area with positional superko (AGA's pass stones make its area and
/// territory counts agree, so area scoring gives AGA's result); New Zealand rules also allow suicide.
pub fn rules_named(name: &str) -> Option<Rules> {
    let area = |allow_suicide| Rules { scoring: Scoring::Area, allow_suicide, positional_superko: true };
    match name.to_ascii_lowercase().as_str() {
        "japanese" => Some(Rules { scoring: Scoring::Territory, allow_suicide: false, positional_superko: false }),
        "chinese" | "aga" => Some(area(false)),
        "new_zealand" => Some(area(true)),
        _ => None,
    }
}

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("kgs-rules", "kgs-rules japanese|chinese|aga|new_zealand: the rules of the game", |s, a| {
        let name = a.get(0).ok_or_else(|| CommandError::failed("missing rule set"))?;
        let rules = rules_named(name).ok_or_else(|| CommandError::failed("unknown rule set"))?;
        s.game_mut().set_rules(rules);
        Ok(String::new())
    });
    r.register("kgs-game_over", "kgs-game_over: the game has ended (acknowledged)", |_, _| Ok(String::new()));
    r.register("kgs-chat", "kgs-chat game|private NAME MESSAGE: one line in answer", |s, a| {
        let tokens = a.tokens();
        if tokens.len() < 3 || !matches!(tokens[0].as_str(), "game" | "private") {
            return Err(CommandError::failed("syntax error"));
        }
        let message = tokens[2..].join(" ").to_ascii_lowercase();
        if message.trim() == "help" {
            return Ok("I am gammon-go, a Go engine. Say \"status\" for my settings.".into());
        }
        let g = s.game();
        let rules = match g.rules().scoring {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        };
        Ok(format!(
            "gammon-go {}: level {}, {rules} scoring, komi {}, move {}.",
            env!("CARGO_PKG_VERSION"),
            s.options().level,
            g.komi(),
            g.move_count() + 1
        ))
    });
}

#[cfg(test)]
mod tests {
    use crate::gtp::{engine, Options};
    use crate::rules::score::Scoring;

    #[test]
    fn kgs_session_commands_answer_as_kgsgtp_expects() {
        let mut e = engine(Options { boardsize: 9, ..Options::default() });
        for cmd in ["kgs-rules", "kgs-game_over", "kgs-chat", "kgs-time_settings", "kgs-genmove_cleanup"] {
            assert_eq!(e.handle_line(&format!("known_command {cmd}")), Some("= true\n\n".into()), "{cmd}");
        }
        assert_eq!(e.handle_line("kgs-rules japanese"), Some("= \n\n".into()));
        assert_eq!(e.context.game().rules().scoring, Scoring::Territory);
        assert_eq!(e.handle_line("kgs-rules new_zealand"), Some("= \n\n".into()));
        assert!(e.context.game().rules().allow_suicide);
        assert_eq!(e.handle_line("kgs-rules chinese"), Some("= \n\n".into()));
        assert_eq!(e.context.game().rules().scoring, Scoring::Area);
        assert!(!e.context.game().rules().allow_suicide);
        assert_eq!(e.handle_line("kgs-rules go"), Some("? unknown rule set\n\n".into()));
        assert_eq!(e.handle_line("kgs-game_over"), Some("= \n\n".into()));
        let chat = e.handle_line("kgs-chat private alice status").unwrap();
        assert!(chat.starts_with("= gammon-go ") && chat.contains("area scoring, komi 7.5"), "{chat}");
        assert_eq!(e.handle_line("kgs-chat shout alice hi"), Some("? syntax error\n\n".into()));
    }
}
