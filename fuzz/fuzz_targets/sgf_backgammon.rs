//! Backgammon match records in SGF (`GM[6]`); a record that loads must write back and load again.
#![no_main]
use backgammon::formats::sgf;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(rec) = sgf::read(&text) {
        let again = sgf::write(&rec);
        assert!(sgf::read(&again).is_ok(), "a loaded match must save to a file that loads");
    }
});
