//! `show marketwindow` against the real gnubg 1.07. Our nets' gammon rates differ from gnubg's,
//! so the test feeds gnubg's own printed rates (to 0.01%) to our formulas
//! (`backgammon::frontends::commands::market`) and compares the points gnubg prints with them:
//! money play (the seven dead and live cube points of each player, with and without the Jacoby
//! rule) and match play (each player's dead and live window at several scores and match lengths,
//! Kazaross XG2, gnubg 1.07's default table). Blocks gnubg words differently (the Crawford game,
//! "opponent redoubles" variants) are counted and left out.

use backgammon::cube::met::{MatchEquityTable, MatchScore};
use backgammon::frontends::commands::market::{match_window, money_points, Rates};
use interop_tests::{gnubg_batch, have_gnubg};

const POSITIONS: [&str; 5] = ["4HPwATDgc/ABMA", "jGfkATDg8+ABUA", "sGfwATDgc/ABMA", "4HPwATCYZ/ABMA", "4HPwATDg28HBAA"];

fn percent(word: &str) -> f64 {
    word.trim().trim_end_matches('%').trim().parse().unwrap_or_else(|_| panic!("a percentage: {word:?}"))
}

/// The two `Player …: gammon rate …, bg rate …` lines of one answer, player 0 first.
fn rates(block: &[&str]) -> [Rates; 2] {
    let mut out = Vec::new();
    for line in block.iter().filter(|l| l.contains(": gammon rate")) {
        let rest = line.split(": gammon rate").nth(1).unwrap();
        let (g, b) = rest.split_once(", bg rate").unwrap();
        out.push(Rates { gammon: percent(g) / 100.0, backgammon: percent(b) / 100.0 });
    }
    [out[0], out[1]]
}

/// Splits gnubg's output into answers, each starting at its first rates line.
fn answers(text: &str) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    let mut previous_was_rates = false;
    for line in text.lines() {
        let is_rates = line.contains(": gammon rate");
        if is_rates && !previous_was_rates {
            out.push(Vec::new());
        }
        previous_was_rates = is_rates;
        if let Some(a) = out.last_mut() {
            a.push(line);
        }
    }
    out
}

#[test]
fn money_points_match_gnubg_from_its_rates() {
    if !have_gnubg() {
        return;
    }
    let mut script = String::from("set evaluation cubedecision evaluation plies 0\n");
    for jacoby in ["on", "off"] {
        script.push_str(&format!("set jacoby {jacoby}\nnew session\n"));
        for p in POSITIONS {
            script.push_str(&format!("set board {p}\nshow marketwindow\n"));
        }
    }
    let out = gnubg_batch(&script);
    let text = String::from_utf8_lossy(&out.stdout);
    let all = answers(&text);
    assert_eq!(all.len(), 2 * POSITIONS.len(), "{text}");
    let (mut compared, mut worst) = (0, 0.0f64);
    for (k, block) in all.iter().enumerate() {
        let jacoby = k < POSITIONS.len();
        let r = rates(block);
        let tables: Vec<usize> =
            block.iter().enumerate().filter(|(_, l)| l.ends_with("cube parameters:")).map(|(i, _)| i).collect();
        assert_eq!(tables.len(), 2, "{block:?}");
        for (player, &start) in tables.iter().enumerate() {
            let rows: Vec<&str> = block[start..].iter().copied().filter(|l| l.contains("Point (")).take(7).collect();
            assert_eq!(rows.len(), 7);
            let (w, l) = (r[player].average_win(), r[1 - player].average_win());
            let (dead, live) = (money_points(w, l, 0.0, jacoby), money_points(w, l, 1.0, jacoby));
            for (i, row) in rows.iter().enumerate() {
                let fields: Vec<&str> = row.split_whitespace().rev().take(2).collect();
                let (gnubg_live, gnubg_dead) = (percent(fields[0]), percent(fields[1]));
                for (ours, theirs) in [(dead[i], gnubg_dead), (live[i], gnubg_live)] {
                    let d = (100.0 * ours - theirs).abs();
                    worst = worst.max(d);
                    assert!(d < 0.015, "{row} (jacoby {jacoby}): ours {:.3}", 100.0 * ours);
                    compared += 1;
                }
            }
        }
    }
    println!("{compared} money points compared with gnubg's, largest difference {worst:.4}%");
    assert_eq!(compared, 2 * POSITIONS.len() * 2 * 14);
}

#[test]
fn match_windows_match_gnubg_from_its_rates() {
    if !have_gnubg() {
        return;
    }
    let scores: [(u32, u32, u32); 9] =
        [(7, 0, 0), (7, 2, 4), (7, 4, 1), (7, 5, 5), (7, 3, 5), (5, 1, 0), (11, 0, 0), (11, 6, 3), (3, 0, 1)];
    let mut script = String::from("set evaluation cubedecision evaluation plies 0\n");
    let mut cases = Vec::new();
    for &(len, a, b) in &scores {
        for p in ["4HPwATDgc/ABMA", "jGfkATDg8+ABUA"] {
            script.push_str(&format!("new match {len}\nset score {a} {b}\nset board {p}\nshow marketwindow\n"));
            cases.push((len, a, b));
        }
    }
    let out = gnubg_batch(&script);
    let text = String::from_utf8_lossy(&out.stdout);
    let all = answers(&text);
    assert_eq!(all.len(), cases.len(), "{text}");
    let met = MatchEquityTable::kazaross_xg2();
    let (mut compared, mut skipped, mut worst) = (0, 0, 0.0f64);
    for (block, &(len, a, b)) in all.iter().zip(&cases) {
        let r = rates(block);
        let starts: Vec<usize> =
            block.iter().enumerate().filter(|(_, l)| l.ends_with("market window:")).map(|(i, _)| i).collect();
        assert_eq!(starts.len(), 2, "{block:?}");
        for (player, &start) in starts.iter().enumerate() {
            let end = starts.get(player + 1).copied().unwrap_or(block.len());
            let lines: Vec<&str> = block[start + 1..end].iter().copied().filter(|l| l.contains("cube")).collect();
            let plain = lines.iter().all(|l| l.starts_with("Dead cube:") || l.starts_with("Live cube:"));
            let score = MatchScore::from_points(len, [a, b][player], [a, b][1 - player], false);
            let ours = match_window(&met, r[player], r[1 - player], score, 1).unwrap();
            let (Some((low, dead, live)), true) = (ours, plain) else {
                skipped += 1;
                continue;
            };
            for line in lines {
                let (from, to) = line.split_once(':').unwrap().1.split_once(" - ").unwrap();
                let high = if line.starts_with("Dead") { dead } else { live };
                for (ours, theirs) in [(low, percent(from)), (high, percent(to))] {
                    let d = (100.0 * ours - theirs).abs();
                    worst = worst.max(d);
                    assert!(
                        d < 0.02,
                        "{len}-point match at {a}-{b}, player {player}: {line}: ours {:.2}",
                        100.0 * ours
                    );
                    compared += 1;
                }
            }
            // one line where gnubg prints one (a cube the taker cannot use again is dead)
            if !block[start + 1..end].iter().any(|l| l.starts_with("Live cube:")) {
                assert!((live - dead).abs() < 5e-4, "{len}-point match at {a}-{b}: gnubg's cube is dead, ours live");
            }
        }
    }
    println!("{compared} match window ends compared with gnubg's ({skipped} blocks worded otherwise), largest difference {worst:.4}%");
    assert!(compared >= 50, "only {compared} compared");
}
