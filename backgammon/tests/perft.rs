//! Perft-style check of legal play generation against a committed fixture, with no external
//! program: `tests/fixtures/perft.txt` holds, for each (position, roll), the number of distinct
//! legal results gnubg's move generator finds and a digest of their sorted position IDs (the file's
//! header says how it was generated and defines the digest). This test owns only the reading of
//! that file and the comparison; it must not regenerate the file or need gnubg installed.

use backgammon::{MoveGenerator, Position};
use std::collections::BTreeSet;
use test_support::fnv1a64;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/perft.txt");

/// Lines the committed fixture holds: 27 hand-picked and 2,000 seeded random positions, 21 rolls
/// each. A shorter file (truncated, emptied, or regenerated smaller) must fail, not pass quietly.
const EXPECTED_LINES: usize = (27 + 2000) * 21;

#[test]
fn legal_plays_match_the_gnubg_perft_fixture() {
    let text = std::fs::read_to_string(FIXTURE).unwrap_or_else(|e| panic!("cannot read {FIXTURE}: {e}"));
    let mut gen = MoveGenerator::new();
    let (mut lines, mut plays, mut no_play) = (0usize, 0usize, 0usize);
    let mut positions = BTreeSet::new();
    let mut mismatches = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [id, d1, d2, count, digest] = fields[..] else {
            panic!("line {}: expected POSITION_ID D1 D2 NPLAYS DIGEST, got {line:?}", n + 1);
        };
        let die = |s: &str| s.parse::<u8>().ok().filter(|d| (1..=6).contains(d));
        let (Some(d1), Some(d2)) = (die(d1), die(d2)) else { panic!("line {}: bad dice in {line:?}", n + 1) };
        let want_count: usize = count.parse().unwrap_or_else(|_| panic!("line {}: bad count in {line:?}", n + 1));
        let want_digest =
            u64::from_str_radix(digest, 16).unwrap_or_else(|_| panic!("line {}: bad digest in {line:?}", n + 1));
        let pos = Position::from_id(id).unwrap_or_else(|e| panic!("line {}: gnubg's ID {id} rejected: {e}", n + 1));
        assert_eq!(pos.id(), id, "line {}: ID round trip", n + 1);

        let got: BTreeSet<String> = gen.generate(&pos, d1, d2).iter().map(|p| p.result().id()).collect();
        let joined = got.iter().map(String::as_str).collect::<Vec<_>>().join(" ");
        let got_digest = fnv1a64(&joined);
        lines += 1;
        plays += got.len();
        no_play += usize::from(want_count == 0);
        positions.insert(id);
        if (got.len(), got_digest) != (want_count, want_digest) {
            mismatches.push(format!(
                "line {}: {id} roll {d1}-{d2}: gnubg {want_count} plays (digest {want_digest:016x}), ours {} \
                 (digest {got_digest:016x}): {joined}",
                n + 1,
                got.len()
            ));
        }
    }
    println!(
        "checked {lines} (position, roll) lines over {} positions: {plays} distinct plays, {no_play} rolls with no play",
        positions.len()
    );
    assert!(
        mismatches.is_empty(),
        "{} of {lines} lines differ from gnubg; first ones:\n{}",
        mismatches.len(),
        mismatches.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
    assert_eq!(lines, EXPECTED_LINES, "the fixture should hold {EXPECTED_LINES} lines");
    assert_eq!(lines, positions.len() * 21, "every position with all 21 rolls, once");
}
