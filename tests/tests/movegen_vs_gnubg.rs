//! Differential test of legal play generation and position IDs against gnubg's own move
//! generator (PyPI gnubg-nn): 20,000 distinct positions from seeded random games, each with all
//! 21 rolls; the sets of resulting positions (as gnubg position IDs) must be identical.

use backgammon::{MoveGenerator, Position};
use interop_tests::{have_gnubg_nn, python_script};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[test]
fn legal_plays_match_gnubg_on_20000_positions_all_rolls() {
    if !have_gnubg_nn() {
        return;
    }
    let mut child = Command::new("python3")
        .arg(python_script("movegen_diff.py"))
        .args(["--positions", "20000", "--seed", "2026"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let reader = BufReader::new(child.stdout.take().unwrap());
    let mut gen = MoveGenerator::new();
    let (mut lines, mut positions, mut plays, mut no_play) = (0usize, BTreeSet::new(), 0usize, 0usize);
    let mut mismatches = Vec::new();
    for line in reader.lines() {
        let line = line.unwrap();
        let mut f = line.split_whitespace();
        let id = f.next().unwrap();
        let d1: u8 = f.next().unwrap().parse().unwrap();
        let d2: u8 = f.next().unwrap().parse().unwrap();
        let want: BTreeSet<String> = f.map(str::to_string).collect();
        let pos = Position::from_id(id).unwrap_or_else(|e| panic!("gnubg's ID {id} rejected: {e}"));
        assert_eq!(pos.id(), id, "ID round trip");
        let got: BTreeSet<String> = gen.generate(&pos, d1, d2).iter().map(|p| p.result().id()).collect();
        lines += 1;
        positions.insert(id.to_string());
        plays += got.len();
        no_play += usize::from(want.is_empty());
        if got != want && mismatches.len() < 10 {
            mismatches.push(format!(
                "{id} {d1}{d2}: only gnubg {:?}; only ours {:?}",
                want.difference(&got).collect::<Vec<_>>(),
                got.difference(&want).collect::<Vec<_>>()
            ));
        }
    }
    assert!(child.wait().unwrap().success(), "oracle script failed");
    println!(
        "compared {lines} (position, roll) pairs over {} positions: {plays} plays, {no_play} rolls with no play",
        positions.len()
    );
    assert!(mismatches.is_empty(), "{} mismatches, first ones:\n{}", mismatches.len(), mismatches.join("\n"));
    assert!(positions.len() >= 20_000, "only {} positions", positions.len());
    assert_eq!(lines, positions.len() * 21);
}
