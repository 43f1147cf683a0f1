//! SGF text into the shared parser and the Go loader (whole game and up to a move number).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = engine_core::sgf::parse(&text);
    let rules = go::Rules::default();
    if let Ok(game) = go::sgf::load(&text, go::sgf::Until::End, rules) {
        let _ = go::sgf::to_sgf(&game, "fuzz");
    }
    let _ = go::sgf::load(&text, go::sgf::Until::MoveNumber(3), rules);
});
