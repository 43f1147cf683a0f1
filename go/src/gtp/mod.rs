//! GTP version 2 for Go, on `engine_core`'s command [`Registry`] and framed by `engine_core::gtp`, as
//! command groups over one engine state (Fuego's style): [`state`] holds the state ([`GtpState`]: the game,
//! options, clock, random generator, analysis state, pattern databases, file access) behind accessors;
//! each group registers its own commands and reads only what it needs — [`standard`] (the GTP standard
//! commands, `loadsgf`/`printsgf`, `level`; [`display`] draws `showboard`), GNU Go's analysis extension in
//! [`analysis_commands`] (reading, connections, worms), [`owl_commands`], [`dragon_commands`] and
//! [`eye_commands`], [`semeai_commands`] (capturing races), [`influence_commands`] (influence, surround,
//! score estimates, `final_status`), [`pattern_commands`] (`list_pattern_matches`), [`query_commands`] (GNU
//! Go's setup and query commands: `black`, `white`, `color`, `list_stones`, counters, ...) and
//! [`genmove_commands`] (GNU Go's move generation commands: `gg_genmove`, `restricted_genmove`,
//! `move_reasons`, `top_moves`, …) and [`kgs_commands`] (kgsGtp's `kgs-rules`, `kgs-game_over`, `kgs-chat`), [`live_commands`] (live analysis for clients:
//! `lz-analyze`, `kata-analyze`, `lz-genmove_analyze`) and [`gogui_commands`] (GoGui's
//! `gogui-analyze_commands` and the board-shaped answers it draws); [`args`] reads their arguments
//! and words their answers. [`serve`] serves the engine on standard input or TCP; [`replay`] replays a game
//! record against it (`go-gtp --replay`); [`sgf_notes`] turns GNU Go's `--output-flags` into the notes
//! of a written record's moves (`printsgf`, `go-gtp -o`); [`trace`] words the pattern-tuning trace of
//! classic generations and the pattern profile (`go-gtp -t`, `-a`, `--profile-patterns`); [`decide`] answers `go-gtp --decide-*` and
//! registers `start_sgftrace`/`finish_sgftrace` (reading trees written as SGF).
//! [`tune`], [`harvest`] and [`playout_fit`] are the game side of `mkpat --tune`, `--harvest` and
//! `--fit-playout` (positions and features from SGF records).
//!
//! This module assembles the engine ([`registry`], [`engine`]) and re-exports what front ends use; it is
//! the top of the GTP layer: no group imports it, each imports [`state`] and [`args`] only (and the layers below;
//! [`decide`] also prints [`dragon_commands`]' records and [`eye_commands`]' eye spaces).

pub mod analysis_commands;
pub(crate) mod args;
pub mod decide;
pub mod display;
pub mod dragon_commands;
pub mod eye_commands;
pub mod genmove_commands;
pub mod gogui_commands;
pub mod harvest;
pub mod influence_commands;
pub mod kgs_commands;
pub mod live_commands;
pub mod owl_commands;
pub mod pattern_commands;
pub mod playout_fit;
pub mod query_commands;
pub mod replay;
pub mod semeai_commands;
pub mod serve;
pub mod sgf_notes;
pub mod standard;
pub mod state;
pub mod trace;
pub mod tune;

use crate::rules::score::Scoring;
use engine_core::command::Registry;
use engine_core::gtp::Engine;

pub use decide::{decide, DecideKind, Decision};
pub use replay::{replay_file, Replay, ReplayColor, ReplayError};
pub use serve::{serve_stdio, serve_tcp, ServeError, ServeOptions, MAX_FAILED_ACCEPTS};
pub use sgf_notes::{FlagsError, OutputFlags};
pub use standard::load_start_position;
pub use state::{EngineKind, GtpState, Options, TimeSettings, MAX_LEVEL, MAX_THREADS};

/// The registry of every command: introspection (`list_commands`, `known_command`, `help`), then the
/// standard, analysis and pattern groups.
pub fn registry() -> Registry<GtpState> {
    let mut r = Registry::new();
    r.register_introspection();
    standard::register(&mut r);
    analysis_commands::register(&mut r);
    owl_commands::register(&mut r);
    dragon_commands::register(&mut r);
    eye_commands::register(&mut r);
    kgs_commands::register(&mut r);
    semeai_commands::register(&mut r);
    influence_commands::register(&mut r);
    pattern_commands::register(&mut r);
    query_commands::register(&mut r);
    gogui_commands::register(&mut r);
    genmove_commands::register(&mut r);
    decide::register(&mut r);
    live_commands::register(&mut r);
    r
}

/// A GTP engine ready to run.
pub fn engine(options: Options) -> Engine<GtpState> {
    Engine::new(registry(), GtpState::new(options))
}

/// The scoring method's name, for banners.
pub fn scoring_name(s: Scoring) -> &'static str {
    match s {
        Scoring::Area => "chinese",
        Scoring::Territory => "japanese",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;

    fn run(lines: &[&str]) -> String {
        let mut e = engine(Options { boardsize: 9, ..Options::default() });
        lines.iter().filter_map(|l| e.handle_line(l)).collect()
    }

    #[test]
    fn basic_session() {
        assert_eq!(run(&["protocol_version", "2 name"]), "= 2\n\n=2 gammon-go\n\n");
        assert_eq!(run(&["play b e5", "play w e5"]), "= \n\n? illegal move\n\n");
        assert_eq!(run(&["play b i5", "play x e5", "play b"]), "? syntax error\n\n".repeat(3));
        assert_eq!(run(&["undo"]), "? cannot undo\n\n");
        assert_eq!(
            run(&["boardsize 26", "boardsize 0", "boardsize x"]),
            "? unacceptable size\n\n? unacceptable size\n\n? syntax error\n\n"
        );
        assert_eq!(run(&["fixed_handicap 3"]), "= C7 G7 C3\n\n");
        assert_eq!(run(&["play b a1", "fixed_handicap 2"]), "= \n\n? board not empty\n\n");
        assert_eq!(run(&["fixed_handicap 10"]), "? invalid handicap\n\n");
        assert_eq!(run(&["set_free_handicap a1 a1"]), "? bad vertex list\n\n");
        assert_eq!(run(&["komi 0.5", "final_score"]), "= \n\n= W+0.5\n\n");
        assert_eq!(run(&["final_status_list foo"]), "? invalid status\n\n");
        assert_eq!(run(&["time_settings 1 2", "time_left b 10 0"]), "? syntax error\n\n= \n\n");
    }

    #[test]
    fn a_huge_time_left_is_no_deadline() {
        // `Duration::from_secs_f64` panicked on a share of 1e308 seconds.
        let mut e = engine(Options { boardsize: 5, level: 0, ..Options::default() });
        assert_eq!(e.handle_line("time_left b 1e308 0"), Some("= \n\n".into()));
        assert_eq!(e.context.move_deadline(Color::Black), None);
        assert!(e.handle_line("genmove b").unwrap().starts_with("= "));
        e.handle_line("time_left w 60 0");
        assert!(e.context.move_deadline(Color::White).is_some());
        assert_eq!(
            run(&["time_left b nan 0", "time_left b inf 0", "komi NaN", "komi -inf"]),
            "? syntax error\n\n".repeat(4)
        );
    }

    #[test]
    fn levels_are_bounded() {
        // A level of 4294967295 asked for 1.7e12 tree-search simulations: `genmove` never came back.
        assert_eq!(run(&["level 4294967295"]), format!("? level must be 0 to {MAX_LEVEL}\n\n"));
        assert_eq!(run(&[&format!("level {}", MAX_LEVEL + 1)]), format!("? level must be 0 to {MAX_LEVEL}\n\n"));
        assert_eq!(run(&[&format!("level {MAX_LEVEL}"), "level -1"]), "= \n\n? level not an integer\n\n");
    }
}
