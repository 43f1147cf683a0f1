//! gnubg `oldmoves` match files; a match that loads must export and load again.
#![no_main]
use backgammon::formats::{oldmoves, sgf};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(rec) = oldmoves::read(&text) {
        assert!(sgf::read(&sgf::write(&rec)).is_ok(), "an imported match must save to a file that loads");
    }
});
