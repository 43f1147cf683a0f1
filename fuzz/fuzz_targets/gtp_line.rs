//! GTP command lines into the Go engine: every line is answered, none may panic. This target runs
//! the board, setup, time and query commands, many per input; the reading and owl commands, slow
//! under the sanitizer, are `gtp_analysis`'s.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "common/gtp.rs"]
mod gtp;

fuzz_target!(|data: &[u8]| {
    gtp::run_session(&String::from_utf8_lossy(data), 64, 0, None);
});
