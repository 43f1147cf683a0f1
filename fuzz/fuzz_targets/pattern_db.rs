//! `.db` pattern files through the parser, the geometry compiler, the constraint compiler and the
//! bitmask matcher, in both dialects GNU Go's files use.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let db = patterns::parse_db("fuzz.db", &text);
    let _ = patterns::PatternSet::from_dbs(&[&db]).compile();
    let _ = patterns::PatternLibrary::new(vec![db], patterns::Registry::standard());
    let _ = patterns::parse_db("eyes.db", &text);
});
