//! Snowie `.txt` positions.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = backgammon::formats::snowie::read(&String::from_utf8_lossy(data));
});
