//! The match database through `gammon` (gnubg's `relational` commands): 50 analysed computer
//! matches added by one process, the file reopened and queried by others, the stored figures
//! equal to the analysis statistics computed directly from the saved matches, and an add
//! interrupted by a crash between inserts leaving the database as it was.

use backgammon::analysis::{analyse_session, AnalysisSettings, PlayerStatistics};
use backgammon::database::{add_statistics, MatchDatabase, ENV_DATABASE};
use interop_tests::gammon;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Instant;

const MATCHES: usize = 50;

fn opponent(i: usize) -> &'static str {
    if i % 5 == 4 {
        "carol"
    } else {
        "bob"
    }
}

/// Runs `gammon -t` on `script` with the database at `db` (and a private home folder).
fn run(dir: &Path, db: &Path, script: &str, extra_env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(gammon());
    cmd.arg("-t")
        .current_dir(dir)
        .env(ENV_DATABASE, db)
        .env("HOME", dir)
        .env_remove("XDG_DATA_HOME")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in extra_env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("gammon runs");
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The error lines of a run, without `gammon -t`'s closing count of failed lines.
fn errors(out: &Output) -> Vec<String> {
    text(&out.stderr).lines().filter(|l| !l.starts_with("gammon: ")).map(str::to_string).collect()
}

fn close(a: &PlayerStatistics, b: &PlayerStatistics) -> bool {
    let f = |x: f64, y: f64| (x - y).abs() < 1e-9;
    a.total_moves == b.total_moves
        && a.unforced_moves == b.unforced_moves
        && a.marked == b.marked
        && a.luck_marks == b.luck_marks
        && a.total_cube == b.total_cube
        && a.close_cube == b.close_cube
        && (a.doubles, a.takes, a.passes) == (b.doubles, b.takes, b.passes)
        && a.chequer_error.iter().zip(b.chequer_error).all(|(x, y)| f(*x, y))
        && a.luck.iter().zip(b.luck).all(|(x, y)| f(*x, y))
        && a.cube_errors.iter().zip(b.cube_errors).all(|(x, y)| x.0 == y.0 && f(x.1[0], y.1[0]) && f(x.1[1], y.1[1]))
        && f(a.actual_result, b.actual_result)
}

#[test]
fn fifty_matches_added_queried_reopened_and_an_interrupted_add_rolled_back() {
    let dir = std::env::temp_dir().join(format!("gammon-relational-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // the folder of the database does not exist yet: `relational add match` creates it
    let db_path: PathBuf = dir.join("data").join("matches.db");

    // 1. one process plays, analyses, saves and adds 50 matches of 0-ply computers
    gammon(); // built before the clock starts
    let mut script = String::from("set player both gnubg\nset player 0 name alice\n");
    for i in 0..MATCHES {
        script.push_str(&format!(
            "set player 1 name {}\nset seed {}\nnew match {}\nanalyse match\nsave match m{i}.sgf\nrelational add match\n",
            opponent(i),
            1000 + i,
            1 + 2 * (i % 2)
        ));
    }
    script.push_str("relational test\nquit\n");
    let started = Instant::now();
    let out = run(&dir, &db_path, &script, &[]);
    let elapsed = started.elapsed();
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(errors(&out), Vec::<String>::new(), "no command failed");
    assert_eq!(stdout.matches("Match added to the database").count(), MATCHES, "{stdout}");
    assert!(stdout.contains("Database test is successful!"));
    eprintln!("{MATCHES} matches played, analysed, saved and added in {:.1} s", elapsed.as_secs_f64());

    // 2. a second process reopens the file and queries it
    let out = run(
        &dir,
        &db_path,
        "relational show players\nrelational select count(*) AS n FROM session\n\
         relational select name FROM player WHERE name = 'nobody'\n\
         relational select DELETE FROM player\nrelational select 1; DELETE FROM player\n\
         relational show details alice plot alice.svg\nrelational show details nobody\nquit\n",
        &[],
    );
    let stdout = text(&out.stdout);
    let errs = errors(&out);
    let stderr = errs.join("\n");
    assert!(stdout.contains("Player\n-------\n alice\n   bob\n carol\n"), "{stdout}");
    assert!(stdout.contains(" n\n---\n50\n"), "{stdout}");
    assert!(stdout.contains("No rows found."), "{stdout}");
    assert!(stdout.contains("Player statistics"), "{stdout}");
    assert!(stdout.contains("Written to alice.svg."), "{stdout}");
    assert_eq!(errs.len(), 3, "two refused writes and an unknown player: {stderr}");
    assert!(errs[0].starts_with("SQL error:"), "{stderr}");
    assert!(errs[1].starts_with("SQL error:") || errs[1].starts_with("Only SELECT"), "{stderr}");
    assert_eq!(errs[2], "Empty player stats or player(s) not found");
    let svg = std::fs::read_to_string(dir.join("alice.svg")).unwrap();
    assert!(svg.contains("alice: 50 matches"));
    assert!(svg.matches("<circle").count() >= 2 * MATCHES, "every match is a point of the chequer and overall series");

    // 3. the stored figures are the analysis statistics computed directly from the saved matches
    let db = MatchDatabase::open(&db_path).unwrap();
    assert_eq!(db.integrity_check().unwrap(), "ok");
    let history = db.player_history("alice").unwrap();
    assert_eq!(history.len(), MATCHES);
    let mut alice = PlayerStatistics::default();
    let mut opponents = PlayerStatistics::default();
    for (i, h) in history.iter().enumerate() {
        let sgf = std::fs::read_to_string(dir.join(format!("m{i}.sgf"))).unwrap();
        let rec = backgammon::formats::sgf::read(&sgf).unwrap();
        assert_eq!(rec.players, ["alice".to_string(), opponent(i).to_string()]);
        assert!(db.contains(["alice", opponent(i)], &rec.session).unwrap(), "match {i} recognised by its moves");
        let a = analyse_session(&rec.session, &AnalysisSettings::plies(0));
        assert!(
            close(&h.statistics, &a.statistics.players[0]),
            "match {i}: {:?} vs {:?}",
            h.statistics,
            a.statistics.players[0]
        );
        assert_eq!(h.opponent, opponent(i));
        assert_eq!(h.result, if rec.session.winner() == Some(0) { 1 } else { -1 });
        add_statistics(&mut alice, &a.statistics.players[0]);
        add_statistics(&mut opponents, &a.statistics.players[1]);
    }
    let [a, o] = db.player_statistics("alice", None).unwrap().unwrap();
    assert!(close(&a, &alice), "{a:?}\n{alice:?}");
    assert!(close(&o, &opponents));
    let total = format!("{:3}", alice.total_moves);
    assert!(stdout.contains(&format!("{:<40} {total:<23}", "Total moves")), "{stdout}");
    let carol = db.player_history("carol").unwrap();
    assert_eq!(carol.len(), MATCHES / 5);
    let before = db.counts().unwrap();
    drop(db);

    // 4. a crash between two inserts of `relational add match` leaves the database as it was
    for fault in [1, 3, 6] {
        let out = run(
            &dir,
            &db_path,
            "set player both gnubg\nset player 0 name dave\nset seed 77\nnew match 3\nrelational add match\nquit\n",
            &[("GAMMON_RELATIONAL_FAULT", &fault.to_string())],
        );
        assert!(!out.status.success(), "the process was aborted mid-add");
        let db = MatchDatabase::open(&db_path).unwrap();
        assert_eq!(db.integrity_check().unwrap(), "ok", "fault after insert {fault}");
        assert_eq!(db.counts().unwrap(), before, "fault after insert {fault}");
        assert!(db.players().unwrap().iter().all(|p| p.name != "dave"));
    }
    // and the file goes on working: the same match added by a later process
    let out = run(
        &dir,
        &db_path,
        "set player both gnubg\nset player 0 name dave\nset seed 77\nnew match 3\nrelational add match\n\
         relational add match\nrelational erase player dave\nrelational erase player dave\nquit\n",
        &[],
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Match added to the database"), "{stdout}");
    assert!(stdout.contains("Match exists, overwritten."), "added twice: replaced, as gnubg does");
    assert_eq!(errors(&out), ["Player not found or player stats empty"]);
    let db = MatchDatabase::open(&db_path).unwrap();
    assert_eq!(db.counts().unwrap()[1..], before[1..], "dave's match erased with him");
    assert_eq!(db.integrity_check().unwrap(), "ok");
    drop(db);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn relational_commands_answer_bad_input_with_one_line() {
    let dir = std::env::temp_dir().join(format!("gammon-relational-bad-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db_path = dir.join("m.db");
    let out = run(
        &dir,
        &db_path,
        "relational add match\nrelational show details\nrelational erase player\nrelational select\n\
         relational setup dbtype=mysql\nrelational setup nonsense\nrelational show players\nrelational test\nquit\n",
        &[],
    );
    let stdout = text(&out.stdout);
    let errs = errors(&out);
    assert_eq!(
        errs[..4],
        [
            "No match is being played.",
            "You must specify a player name to list the details for (see `help relational show details').",
            "You must specify a player name to remove (see `help relational erase player').",
            "You must specify a SQL query to run.",
        ]
    );
    assert_eq!(errs.len(), 6, "{errs:?}");
    assert!(stdout.contains("No rows found."));
    assert!(stdout.contains("Database test is successful!"));
    // a file that is not a database: an error line, not a panic
    std::fs::write(dir.join("bad.db"), vec![b'x'; 4096]).unwrap();
    let out = run(&dir, &dir.join("bad.db"), "relational test\nrelational show players\nquit\n", &[]);
    let errs = errors(&out).join("\n");
    assert!(out.status.code().is_some());
    assert!(
        errs.starts_with("Database connection test failed, installation problem!\nError opening database"),
        "{errs}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
