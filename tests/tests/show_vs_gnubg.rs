//! `gammon show` against the real gnubg 1.07: gnubg sets random positions and match states
//! (random games, match lengths, scores, cube values and owners, Crawford, dice or none, either
//! player on roll) and prints its boards; each board gnubg prints is redrawn by us from the
//! position ID and match ID gnubg itself reports, and the 15 board lines must be identical
//! (player names aside: gnubg names X after the Unix user; and the order of the dice in "Rolled
//! 53": gnubg shows them as rolled but always writes the higher die first in its match ID, so
//! the order cannot be read back from the ID — the pair itself must agree).

use backgammon::frontends::batch::show;
use interop_tests::python_script;
use std::collections::BTreeSet;
use std::process::Command;

/// Replaces the player names after `O: ` / `X: ` with a fixed word, keeping a trailing cube,
/// and writes the dice of "Rolled ab" higher first.
fn normalise(line: &str) -> String {
    if let Some(i) = line.find("Rolled ") {
        let d: Vec<char> = line[i + 7..].chars().collect();
        if d.len() == 2 {
            let (hi, lo) = if d[0] >= d[1] { (d[0], d[1]) } else { (d[1], d[0]) };
            return format!("{}Rolled {hi}{lo}", &line[..i]);
        }
    }
    for tag in ["     O: ", "     X: "] {
        if let Some(i) = line.find(tag) {
            let rest = &line[i + tag.len()..];
            let cube = rest.find(" (Cube").map_or("", |j| &rest[j..]);
            return format!("{}{tag}NAME{cube}", &line[..i]);
        }
    }
    line.to_string()
}

#[test]
fn boards_match_gnubg_show_board() {
    // (gnubg_oracle.py runs /usr/games/gnubg; both checked, so the log names each one missing)
    let (gnubg, nn) = (interop_tests::have_gnubg(), interop_tests::have_gnubg_nn());
    if !gnubg || !nn {
        return;
    }
    let out = Command::new("python3")
        .arg(python_script("gnubg_oracle.py"))
        .args(["boards", "--count", "120", "--seed", "11"])
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "oracle failed: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let mut seen = BTreeSet::new();
    let mut compared = 0;
    let mut flipped = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some(pid) = line.strip_prefix(" GNU Backgammon  Position ID: ") else { continue };
        let theirs: Vec<String> = lines[i..(i + 15).min(lines.len())].iter().map(|l| normalise(l)).collect();
        if theirs.len() < 15 || !seen.insert(theirs.clone()) {
            continue;
        }
        let mid = lines[i + 1].trim_start().strip_prefix("Match ID   : ").expect("match ID line").trim();
        let ours = show(pid.trim(), Some(mid)).unwrap_or_else(|e| panic!("{pid} {mid}: {e}"));
        let ours: Vec<String> = ours.lines().take(15).map(normalise).collect();
        assert_eq!(ours, theirs, "board for {pid} {mid}");
        compared += 1;
        flipped += usize::from(theirs[8].starts_with('^'));
    }
    println!("{compared} distinct gnubg boards reproduced ({flipped} with O on roll)");
    // measured 2026-11-26: 241 distinct boards, 135 with O on roll
    assert!(compared >= 241, "only {compared} boards compared (241 measured)");
    assert!(flipped > 10 && flipped < compared - 10, "both orientations must be covered");
}
