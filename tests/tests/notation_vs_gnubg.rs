//! Play notation against the real gnubg 1.07: for 2,000 (position, roll) pairs from seeded random
//! games, gnubg's 0-ply `hint` lists every legal play in its notation; our set of notations for
//! the same pair must be identical.

use backgammon::rules::sampling::random_game_positions;
use backgammon::{MoveGenerator, Variant};
use engine_core::rng::seeded_rng;
use interop_tests::{have_gnubg, python_script};
use rand::Rng;
use std::collections::{BTreeSet, HashMap};
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn notation_matches_gnubg_hint_lists() {
    if !have_gnubg() {
        return;
    }
    let positions = random_game_positions(Variant::Standard, 2000, 77);
    let mut rng = seeded_rng(78);
    let requests: Vec<(String, u8, u8)> =
        positions.iter().map(|p| (p.id(), rng.random_range(1..=6u8), rng.random_range(1..=6u8))).collect();
    let mut child = Command::new("python3")
        .arg(python_script("gnubg_oracle.py"))
        .arg("hints")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    {
        let mut stdin = child.stdin.take().unwrap();
        for (id, d1, d2) in &requests {
            writeln!(stdin, "{id} {d1} {d2}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let mut theirs: HashMap<(String, u8, u8), BTreeSet<String>> = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut f = line.split('\t');
        let id = f.next().unwrap().to_string();
        let d1: u8 = f.next().unwrap().parse().unwrap();
        let d2: u8 = f.next().unwrap().parse().unwrap();
        theirs.insert((id, d1, d2), f.map(str::to_string).collect());
    }
    let mut gen = MoveGenerator::new();
    let (mut compared, mut plays) = (0, 0);
    let mut mismatches = Vec::new();
    for (id, d1, d2) in &requests {
        let pos = backgammon::Position::from_id(id).unwrap();
        let ours: BTreeSet<String> = gen.generate(&pos, *d1, *d2).iter().map(|p| p.notation()).collect();
        // gnubg prints no hint list when there is no play or only one
        let Some(want) = theirs.get(&(id.clone(), *d1, *d2)).filter(|w| !w.is_empty()) else { continue };
        compared += 1;
        plays += want.len();
        if &ours != want {
            mismatches.push(format!(
                "{id} {d1}{d2}: only gnubg {:?} only ours {:?}",
                want.difference(&ours).collect::<Vec<_>>(),
                ours.difference(want).collect::<Vec<_>>()
            ));
        }
    }
    println!("{compared} (position, roll) hint lists compared, {plays} plays; {} differ", mismatches.len());
    // measured 2026-11-26: 1,889 of the 2,000 requests have a hint list (the others no play or one)
    assert!(compared >= 1889, "only {compared} hint lists came back (1889 measured)");
    assert!(mismatches.is_empty(), "{}", mismatches[..mismatches.len().min(15)].join("\n"));
}
