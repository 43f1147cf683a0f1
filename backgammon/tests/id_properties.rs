//! Property tests for position IDs: every legal position survives encode/decode, every ID we
//! produce is 14 Base64 characters, and no string whatever makes the parsers panic.

use backgammon::frontends::batch::parse_moves_request;
use backgammon::{Position, BAR, ON_ROLL, OPPONENT};
use proptest::prelude::*;

/// A legal position: up to 15 chequers a side, never both sides on one point.
fn legal_position() -> impl Strategy<Value = Position> {
    (prop::collection::vec((0usize..25, any::<bool>()), 0..30), any::<u64>()).prop_map(|(drops, _)| {
        let mut b = [[0u8; 25]; 2];
        let mut count = [0u32; 2];
        for (slot, side_flag) in drops {
            let side = if side_flag { ON_ROLL } else { OPPONENT };
            if count[side] == 15 {
                continue;
            }
            // the same physical point seen from the other side
            let clash = slot != BAR && b[1 - side][23 - slot] > 0;
            if clash {
                continue;
            }
            b[side][slot] += 1;
            count[side] += 1;
        }
        Position::from_board(b).expect("built legal")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn position_id_round_trips(p in legal_position()) {
        let id = p.id();
        prop_assert_eq!(id.len(), 14);
        prop_assert_eq!(Position::from_id(&id).unwrap(), p);
        prop_assert_eq!(Position::from_key(&p.key()).unwrap(), p);
    }

    #[test]
    fn swapping_twice_is_identity(p in legal_position()) {
        prop_assert_eq!(p.swapped().swapped(), p);
        prop_assert_eq!(p.swapped().pips(ON_ROLL), p.pips(OPPONENT));
    }

    #[test]
    fn arbitrary_strings_never_panic(s in ".{0,40}") {
        let _ = Position::from_id(&s);
        let fields: Vec<&str> = s.split_whitespace().collect();
        let _ = parse_moves_request(&fields);
    }

    #[test]
    fn base64_like_strings_never_panic(s in "[A-Za-z0-9+/]{14}") {
        if let Ok(p) = Position::from_id(&s) {
            prop_assert!(p.validate().is_ok());
            prop_assert_eq!(Position::from_id(&p.id()).unwrap(), p);
        }
    }
}
