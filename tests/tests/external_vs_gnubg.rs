//! Our engine as gnubg 1.07's external player: gnubg (`/usr/games/gnubg -t -q`) connects with
//! `set player 0 external localhost:PORT` to our server (`backgammon::frontends::external`, the code behind
//! `gammon external --listen`), plays complete 3-point matches against its own 0-ply player and
//! must report no protocol error and a match winner. gnubg silently turns a move it cannot parse
//! or finds illegal into "no move", so the test also checks that every play we sent was applied
//! as we meant it: the position after each of our plays (logged by the server) must be a board
//! gnubg then shows (unless the play ended the game). Seeded, so the matches are reproducible.

use backgammon::eval::Evaluator;
use backgammon::frontends::external::{serve, ExternalPlayer, ServeOptions, Stats};
use backgammon::rules::position::{Position, OPPONENT};
use interop_tests::have_gnubg;
use std::collections::BTreeSet;
use std::io::Write;
use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const GNUBG: &str = "/usr/games/gnubg";

struct MatchRun {
    stats: Stats,
    server_log: String,
    gnubg_out: String,
}

/// One 3-point match, gnubg's player 1 (0-ply, named "opponent") against our player 0 ("gammon")
/// at `plies`. (`new match` gives the players the default names, so those are what we set.)
fn play_match(seed: u64, plies: usize) -> MatchRun {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a local port");
    let port = listener.local_addr().unwrap().port();
    let server = std::thread::spawn(move || {
        let mut player = ExternalPlayer::new(Evaluator::embedded(), plies);
        let mut log = Vec::new();
        let stats = serve(&listener, &mut player, ServeOptions { once: true, ..ServeOptions::default() }, &mut log)
            .expect("server runs");
        (stats, String::from_utf8(log).unwrap())
    });
    let script = format!(
        "set defaultnames gammon opponent\nset player 0 external localhost:{port}\n\
         set player 1 gnubg\nset player 1 chequerplay evaluation plies 0\n\
         set player 1 cubedecision evaluation plies 0\nset seed {seed}\nnew match 3\n"
    );
    let mut child = Command::new(GNUBG)
        .args(["-t", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gnubg starts");
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    // gnubg plays the whole match on `new match`, then quits at the end of its input; a hang
    // (a protocol deadlock) must fail the test rather than block it
    let waiter = {
        let id = child.id();
        std::thread::spawn(move || {
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(180) {
                std::thread::sleep(Duration::from_millis(200));
                if Path::new(&format!("/proc/{id}")).exists() {
                    continue;
                }
                return;
            }
            let _ = Command::new("kill").arg(id.to_string()).status();
        })
    };
    let out = child.wait_with_output().expect("gnubg runs");
    drop(waiter);
    let gnubg_out = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let (stats, server_log) = server.join().expect("server thread");
    MatchRun { stats, server_log, gnubg_out }
}

/// Final scores `(ours, gnubg's)` from gnubg's last "The score (after N games) is: …" line.
fn final_score(out: &str) -> Option<(u32, u32)> {
    let line = out.lines().filter_map(|l| l.split("The score (after ").nth(1)).next_back()?;
    let after = line.split("is: ").nth(1)?;
    let number = |name: &str| -> Option<u32> {
        let i = after.find(name)? + name.len();
        after[i..].trim_start().split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
    };
    Some((number("gammon ")?, number("opponent ")?))
}

#[test]
fn gnubg_plays_complete_matches_against_gammon_external() {
    if !have_gnubg() {
        return;
    }
    let mut totals = Stats::default();
    let mut wins = [0u32; 2];
    for seed in 1..=4u64 {
        let run = play_match(seed, 0);
        let out = &run.gnubg_out;
        for bad in ["Error", "badly formed", "External connection closed", "Illegal", "illegal"] {
            assert!(!out.contains(bad), "seed {seed}: gnubg reported {bad:?}:\n{out}\n--- server:\n{}", run.server_log);
        }
        assert_eq!(run.stats.errors, 0, "seed {seed}: {}", run.server_log);
        assert!(run.stats.plays >= 10, "seed {seed}: {}", run.stats);
        let winner = if out.contains("gammon has won the match.") {
            0
        } else {
            assert!(out.contains("opponent has won the match."), "seed {seed}: no match winner:\n{out}");
            1
        };
        wins[winner] += 1;
        let (ours, theirs) = final_score(out).unwrap_or_else(|| panic!("seed {seed}: no score line:\n{out}"));
        assert!((ours >= 3) != (theirs >= 3), "seed {seed}: final score {ours}-{theirs}");
        assert_eq!(ours >= 3, winner == 0, "seed {seed}: the winner has 3 points");

        // every play we sent was applied: gnubg shows the position after it (with its own player
        // on roll), except after a play that bore off our last chequer
        let shown: BTreeSet<&str> =
            out.lines().filter_map(|l| l.split("Position ID: ").nth(1)).map(str::trim).collect();
        let mut checked = 0;
        for id in run.server_log.lines().filter_map(|l| l.split("\t(then ").nth(1)).map(|s| s.trim_end_matches(')')) {
            let after = Position::from_id(id).expect("the server logs valid IDs");
            if after.chequers_in_play(OPPONENT) == 0 {
                continue;
            }
            assert!(shown.contains(id), "seed {seed}: gnubg never showed the position after our play ({id})");
            checked += 1;
        }
        assert!(checked as u64 + 2 >= run.stats.plays, "seed {seed}: {checked} of {} plays checked", run.stats.plays);
        eprintln!("seed {seed}: {} wins {ours}-{theirs}; {}", ["gammon", "gnubg (opponent)"][winner], run.stats);
        totals.add(&run.stats);
    }
    eprintln!("matches won: gammon {}, gnubg {}; {totals}", wins[0], wins[1]);
    // these seeded matches include cube decisions of ours (gnubg asks only when we may double,
    // and takes/drops when it doubles)
    assert!(totals.rolls + totals.doubles > 0 && totals.takes + totals.drops > 0, "{totals}");
}
