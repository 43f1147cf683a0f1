//! The Go Modem Protocol against GNU Go 3.8's own (`gnugo --mode gmp`), connected by pipes through a
//! relay thread that can damage or drop packets: a 9x9 game with our engine as White (GNU Go sets the
//! game up), a 9x9 game as Black (we set it up), a 19x19 game with two handicap stones, and a 9x9 game
//! where one packet in ten is corrupted or lost. Each game must end in two passes with both programs
//! agreeing on every move (GNU Go's record, `-o`, against ours) and both reporting a score. The
//! simplified variant plays GNU Go's `--mode sgmp` the same way: a 9x9 game each side, and a 19x19 game
//! with two handicap stones.
//! Without GNU Go the test is skipped with a message, or fails under `REQUIRE_REFERENCES=1`.

use go::gmp::{self, GmpOptions};
use go::gtp::Options;
use go::{Color, Rules, Scoring};
use interop_tests::{have_gnugo, GNUGO};
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Moves of an SGF record as (colour, point) pairs, passes as empty points.
fn sgf_moves(text: &str) -> Vec<(char, String)> {
    let mut out = Vec::new();
    let bytes: Vec<char> = text.chars().collect();
    for i in 0..bytes.len().saturating_sub(2) {
        if bytes[i] == ';' && (bytes[i + 1] == 'B' || bytes[i + 1] == 'W') && bytes[i + 2] == '[' {
            let end = bytes[i + 3..].iter().position(|&c| c == ']').map_or(i + 3, |k| i + 3 + k);
            out.push((bytes[i + 1], bytes[i + 3..end].iter().collect()));
        }
    }
    out
}

struct Game {
    ours: gmp::GmpOutcome,
    our_moves: Vec<(char, String)>,
    their_moves: Vec<(char, String)>,
    their_result: String,
}

/// Plays one game: `ours` are our options, `theirs` GNU Go's flags; `fault` is the share of packets
/// (each direction) that the relay corrupts or drops, half each. GNU Go gets its own `seed` (it seeds
/// from the clock otherwise, so that two games started in the same second, as the GMP and SGMP tests'
/// are, play the same game, and a run could not be repeated); our engine is deterministic.
fn play(name: &str, size: usize, ours: GmpOptions, theirs: &[&str], fault: f64, seed: u32) -> Game {
    let dir = std::env::temp_dir().join(format!("gmp-vs-gnugo-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let their_sgf = dir.join("gnugo.sgf");
    let our_sgf = dir.join("ours.sgf");
    let mut child = Command::new(GNUGO)
        .args([
            "--mode",
            if ours.simplified { "sgmp" } else { "gmp" },
            "--level",
            "1",
            "--komi",
            "5.5",
            "--boardsize",
            &size.to_string(),
            "--seed",
            &seed.to_string(),
            "-o",
        ])
        .arg(&their_sgf)
        .args(theirs)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gnugo starts");
    let to_gnugo = child.stdin.take().unwrap();
    let from_gnugo = child.stdout.take().unwrap();
    let (our_in, relay_to_us) = std::io::pipe().unwrap();
    let (relay_from_us, our_out) = std::io::pipe().unwrap();
    relay(from_gnugo, relay_to_us, faulty(fault, 1));
    relay(relay_from_us, to_gnugo, faulty(fault, 2));
    let options = Options {
        boardsize: size,
        komi: 5.5,
        rules: Rules { scoring: Scoring::Territory, ..Rules::default() },
        level: 0,
        ..Options::default()
    };
    let mut engine = go::gtp::engine(options);
    let ours = match gmp::play(&mut engine, our_in, our_out, &GmpOptions { sgf_out: Some(our_sgf.clone()), ..ours }) {
        Ok(o) => o,
        Err(e) => {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            // Its exit status tells a crash of GNU Go (a signal) from a protocol failure of ours.
            panic!(
                "{name} (GNU Go --seed {seed}): {e}; GNU Go's exit: {}; it said: {}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            );
        }
    };
    // GNU Go waits to be shut down after the game; its record is written by then.
    std::thread::sleep(Duration::from_millis(300));
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let their_result = stderr
        .lines()
        .find_map(|l| l.strip_prefix("Result: "))
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or("")
        .to_string();
    let game = Game {
        ours,
        our_moves: sgf_moves(&std::fs::read_to_string(&our_sgf).unwrap()),
        their_moves: sgf_moves(&std::fs::read_to_string(&their_sgf).unwrap()),
        their_result,
    };
    let _ = std::fs::remove_dir_all(&dir);
    game
}

/// Damages or drops a share `fault` of packets (half each), from a fixed generator so that a failure
/// repeats; returns whether to pass the packet on.
fn faulty(fault: f64, seed: u64) -> impl FnMut(&mut [u8; 4]) -> bool + Send {
    let mut state = seed;
    move |packet| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let r = (state >> 11) as f64 / (1u64 << 53) as f64;
        if r < fault / 2.0 {
            return false;
        }
        if r < fault {
            packet[3] ^= 1; // the checksum no longer holds
        }
        true
    }
}

/// Copies packets from `from` to `to` through `pass`, until either end closes.
fn relay(
    mut from: impl Read + Send + 'static,
    mut to: impl Write + Send + 'static,
    mut pass: impl FnMut(&mut [u8; 4]) -> bool + Send + 'static,
) {
    std::thread::spawn(move || {
        let mut packet = [0u8; 4];
        while from.read_exact(&mut packet).is_ok() {
            if pass(&mut packet) && (to.write_all(&packet).is_err() || to.flush().is_err()) {
                return;
            }
        }
    });
}

fn options(color: Option<Color>, size: usize, handicap: usize) -> GmpOptions {
    GmpOptions {
        color,
        japanese: Some(true),
        boardsize: Some(size),
        handicap: Some(handicap),
        resend_after: Duration::from_millis(500),
        give_up_after: Duration::from_secs(60),
        sgf_out: None,
        simplified: false,
    }
}

fn check(name: &str, g: &Game, min_moves: usize) {
    assert!(g.ours.moves >= min_moves, "{name}: only {} moves", g.ours.moves);
    assert_eq!(g.our_moves, g.their_moves, "{name}: the two records differ");
    let n = g.our_moves.len();
    assert!(n >= 2 && g.our_moves[n - 1].1.is_empty() && g.our_moves[n - 2].1.is_empty(), "{name}: no two passes");
    // Both sides scored the game. The scores themselves are each engine's own judgement of dead stones
    // (GNU Go plays the game out first and may differ from ours), so they are reported, not compared: the
    // protocol is what this test checks.
    let scored = |r: &str| r == "0" || ((r.starts_with("B+") || r.starts_with("W+")) && r[2..].parse::<f64>().is_ok());
    assert!(
        scored(&g.ours.score) && scored(&g.their_result),
        "{name}: ours {:?}, GNU Go {:?}",
        g.ours.score,
        g.their_result
    );
    eprintln!("{name}: {} moves, ours {}, GNU Go {}", g.ours.moves, g.ours.score, g.their_result);
}

#[test]
fn gmp_games_against_gnu_go_end_scored_and_agree() {
    if !have_gnugo() {
        return;
    }
    let white = play("white9", 9, options(Some(Color::White), 9, 0), &[], 0.0, 1);
    check("9x9 as White", &white, 20);
    let black = play("black9", 9, options(None, 9, 0), &["--color", "white"], 0.0, 2);
    check("9x9 as Black", &black, 20);
    let hcp = play("handicap19", 19, options(Some(Color::White), 19, 2), &["--handicap", "2"], 0.0, 3);
    check("19x19 handicap 2", &hcp, 100);
    assert_eq!(&hcp.their_moves[0].0, &'W', "White moves first after the handicap");
    let faults = play("faults9", 9, options(Some(Color::White), 9, 0), &[], 0.1, 4);
    check("9x9 with damaged packets", &faults, 20);
    assert!(faults.ours.resent > 0, "the faults made us send again");
}

#[test]
fn sgmp_games_against_gnu_go_end_scored_and_agree() {
    if !have_gnugo() {
        return;
    }
    let sgmp = |color, size, handicap| GmpOptions { simplified: true, ..options(color, size, handicap) };
    let white = play("sgmp-white9", 9, sgmp(Some(Color::White), 9, 0), &[], 0.0, 5);
    check("sgmp 9x9 as White", &white, 20);
    let black = play("sgmp-black9", 9, sgmp(None, 9, 0), &["--color", "white"], 0.0, 6);
    check("sgmp 9x9 as Black", &black, 20);
    let hcp = play("sgmp-handicap19", 19, sgmp(Some(Color::White), 19, 2), &["--handicap", "2"], 0.0, 7);
    check("sgmp 19x19 handicap 2", &hcp, 100);
    assert_eq!(&hcp.their_moves[0].0, &'W', "White moves first after the handicap");
}
