//! FIBS `board:` lines, as gnubg's external player interface and FIBS send them, in both dialects.
#![no_main]
use backgammon::formats::fibs_board::{Dialect, FibsBoard};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    if let Ok(board) = FibsBoard::parse(&line) {
        let _ = board.to_state(Dialect::Fibs);
        let _ = board.to_state(Dialect::Gnubg);
    }
});
