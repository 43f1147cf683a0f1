//! GTP sessions that set up a position and then ask the reading, owl, dragon and pattern commands
//! about it: at most three such questions per input, at strength level 1 (GNU Go's reading code
//! paths at shallower depths), so that the fuzzer explores their arguments and positions rather than
//! waiting on deep reading.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "common/gtp.rs"]
mod gtp;

fuzz_target!(|data: &[u8]| {
    gtp::run_session(&String::from_utf8_lossy(data), 48, 3, Some(1));
});
