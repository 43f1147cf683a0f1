//! gnubg position and match IDs; an ID that reads must write back to an ID that reads to the same.
#![no_main]
use backgammon::{MatchState, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(p) = Position::from_id(&text) {
        assert_eq!(Position::from_id(&p.id()).ok(), Some(p));
    }
    if let Ok(m) = MatchState::from_id(&text) {
        assert!(MatchState::from_id(&m.id()).is_ok());
    }
});
