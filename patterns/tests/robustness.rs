//! The parser never panics, whatever the input.

use patterns::{parse_action, parse_constraint, parse_db, parse_db_as, Dialect};
use proptest::prelude::*;

const VALID: &str = "attribute_map general\n\nPattern P1\n# c\n\n?X?  n\nO*O\n---\n\n:|,OX,value(3),helper\n\n?A?\nb*c\n---\n\n;lib(A)>1 && oplay_attack(*,b,?,c,A)\n>antisuji(b);\n";

fn db_chars() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "PatenrX.Oxo*?,!QY%|-+#:;>()<@$ \n\tabcAB0123456789&=_\\/".chars().collect();
    proptest::collection::vec(proptest::sample::select(alphabet), 0..400).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(s in any::<String>()) {
        for d in [Dialect::Standard, Dialect::Eyes, Dialect::MonteCarlo] {
            let _ = parse_db_as("fuzz.db", &s, d);
        }
        let _ = parse_constraint(&s);
        let _ = parse_action(&s);
    }

    #[test]
    fn pattern_like_text_never_panics(s in db_chars()) {
        for d in [Dialect::Standard, Dialect::Eyes, Dialect::MonteCarlo] {
            let db = parse_db_as("fuzz.db", &s, d);
            for e in &db.errors {
                prop_assert!(e.line >= 1 && e.column >= 1, "{}", e);
            }
        }
        let _ = parse_constraint(&s);
        let _ = parse_action(&s);
    }

    #[test]
    fn mutated_valid_pattern_never_panics(pos in 0usize..VALID.len(), c in any::<char>(), cut in any::<bool>()) {
        let mut s: String = VALID.to_string();
        if s.is_char_boundary(pos) {
            if cut { s.truncate(pos) } else { s.insert(pos, c) }
        }
        let db = parse_db("fuzz.db", &s);
        if s.contains("\nPattern ") {
            prop_assert!(db.patterns.len() + db.errors.len() >= 1);
        }
    }
}

#[test]
fn the_valid_sample_is_valid() {
    let db = parse_db("sample.db", VALID);
    assert!(db.errors.is_empty(), "{:?}", db.errors);
    assert_eq!(db.patterns.len(), 1);
}
