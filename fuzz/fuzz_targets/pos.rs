//! Jellyfish `.pos` positions (binary).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = backgammon::formats::pos::read_bytes(data);
});
