//! GTP command lines into the Go engine: every line is answered, none may panic. One engine serves
//! every input (building it compiles the pattern databases), reset by `boardsize 9` and
//! `clear_board` before each. Commands that generate moves (seconds each) or touch files are
//! skipped: the first are bounded by time settings, not input, and the second must not write where
//! the fuzzer runs.
#![no_main]
use libfuzzer_sys::fuzz_target;

const SKIPPED: &[&str] = &[
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

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    thread_local! {
        static ENGINE: std::cell::RefCell<engine_core::gtp::Engine<go::gtp::GtpState>> =
            std::cell::RefCell::new(go::gtp::engine(go::gtp::Options { boardsize: 9, ..Default::default() }));
    }
    ENGINE.with(|engine| run(&mut engine.borrow_mut(), &text));
});

fn run(engine: &mut engine_core::gtp::Engine<go::gtp::GtpState>, text: &str) {
    engine.handle_line("boardsize 9");
    engine.handle_line("clear_board");
    engine.handle_line("komi 7.5");
    for line in text.lines().take(64) {
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        let name = if first.bytes().all(|b| b.is_ascii_digit()) { words.next().unwrap_or("") } else { first };
        if SKIPPED.iter().any(|s| name.eq_ignore_ascii_case(s)) {
            continue;
        }
        let _ = engine.handle_line(line);
    }
}
