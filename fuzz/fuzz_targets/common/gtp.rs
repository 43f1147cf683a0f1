//! What both GTP targets share: one engine per process (building it compiles the pattern
//! databases), reset before every input, and the commands neither may run. Commands that generate
//! moves (seconds each) are bounded by time settings, not input; commands that touch files must not
//! write where the fuzzer runs.

use engine_core::gtp::Engine;
use go::gtp::GtpState;

const NEVER: &[&str] = &[
    "genmove",
    "reg_genmove",
    "gg_genmove",
    "kgs-genmove_cleanup",
    "genmove_black",
    "genmove_white",
    "final_score",
    "final_status_list",
    "estimate_score",
    "experimental_score",
    "top_moves",
    "top_moves_black",
    "top_moves_white",
    "loadsgf",
    "printsgf",
    "quit",
];

/// The reading, owl, dragon and pattern commands (and `worm_data`, which reads every worm's attack and
/// defence): each may read thousands of nodes, which under the sanitizer costs milliseconds, so they
/// have their own target that runs a few per input.
pub const ANALYSIS: &[&str] = &[
    "worm_data",
    "worm_cutstone",
    "attack",
    "attack_either",
    "defend",
    "defend_both",
    "does_attack",
    "does_defend",
    "connect",
    "disconnect",
    "owl_attack",
    "owl_defend",
    "combination_attack",
    "combination_defend",
    "dragon_status",
    "dragon_stones",
    "dragon_data",
    "same_dragon",
    "ladder_attack",
    "eval_eye",
    "unconditional_status",
    "list_pattern_matches",
    "increase_depths",
];

/// The command name of a line, past an optional numeric id.
pub fn command_name(line: &str) -> &str {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
        words.next().unwrap_or("")
    } else {
        first
    }
}

fn is_in(list: &[&str], name: &str) -> bool {
    list.iter().any(|s| name.eq_ignore_ascii_case(s))
}

pub fn is_never(name: &str) -> bool {
    is_in(NEVER, name)
}

pub fn is_analysis(name: &str) -> bool {
    is_in(ANALYSIS, name)
}

/// Runs `text` as a session on the process's engine at strength `level`: at most `max_lines` lines,
/// of which at most `max_analysis` analysis commands. With a `level`, the input's own `level`
/// commands are skipped: the reading depths follow the level, and a 9x9 `dragon_status` at the default
/// level 10 (every dragon's owl read, about 1 s in release) ran over the 30 s hang limit under the
/// sanitizer.
pub fn run_session(text: &str, max_lines: usize, max_analysis: usize, level: Option<u32>) {
    thread_local! {
        static ENGINE: std::cell::RefCell<Engine<GtpState>> =
            std::cell::RefCell::new(go::gtp::engine(go::gtp::Options { boardsize: 9, ..Default::default() }));
    }
    ENGINE.with(|engine| {
        let engine = &mut engine.borrow_mut();
        engine.handle_line("boardsize 9");
        engine.handle_line("clear_board");
        engine.handle_line("komi 7.5");
        engine.handle_line(&format!("level {}", level.unwrap_or(10)));
        let mut analysis = 0;
        for line in text.lines().take(max_lines) {
            let name = command_name(line);
            if is_never(name) || (level.is_some() && name.eq_ignore_ascii_case("level")) {
                continue;
            }
            if is_analysis(name) {
                if analysis == max_analysis {
                    continue;
                }
                analysis += 1;
            }
            let _ = engine.handle_line(line);
        }
    });
}
