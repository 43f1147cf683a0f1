use super::*;
use crate::analysis::{analyse_session, AnalysisSettings};
use crate::formats::tests_support::play_random;
use crate::rules::session::Rules;
use crate::rules::variant::Variant;
use engine_core::dice::Dice;
use rand::SeedableRng;

/// A randomly played 3-point match (or money session of two games) and its 0-ply analysis.
fn played(seed: u64, length: u16) -> (Session, SessionAnalysis) {
    let rules = if length > 0 { Rules::match_to(length, Variant::Standard) } else { Rules::money(Variant::Standard) };
    let mut s = Session::new(rules, Dice::seeded(seed)).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    play_random(&mut s, &mut rng, if length > 0 { 30 } else { 2 });
    let a = analyse_session(&s, &AnalysisSettings::default());
    (s, a)
}

fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gammon-db-unit-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("sub").join("matches.db")
}

#[test]
fn a_match_is_added_queried_and_replaced_when_added_again() {
    let mut db = MatchDatabase::open_in_memory().unwrap();
    assert_eq!(db.schema_version().unwrap(), SCHEMA_VERSION);
    db.test().unwrap();
    let (s, a) = played(1, 3);
    let info = Metadata { event: Some("club night".into()), ..Metadata::default() };
    let e = MatchEntry { players: ["alice", "bob"], session: &s, analysis: &a, info: &info };
    let first = db.add_match(&e, true).unwrap();
    assert!(!first.replaced);
    let counts = db.counts().unwrap();
    let games = s.games().len() as i64;
    assert_eq!(counts, [2, 1, games, 2, 2 * games]);
    assert!(db.contains(["alice", "bob"], &s).unwrap());
    let again = db.add_match(&e, true).unwrap();
    assert!(again.replaced);
    assert_eq!(db.counts().unwrap(), counts, "replaced, not added twice");
    let stats = db.player_statistics("alice", None).unwrap().unwrap();
    assert_eq!(stats, a.statistics.players, "stored figures are the analysis's");
    let vs = db.player_statistics("bob", Some("alice")).unwrap().unwrap();
    assert_eq!(vs, [a.statistics.players[1], a.statistics.players[0]]);
    assert!(db.player_statistics("carol", None).unwrap().is_none());
    let h = db.player_history("bob").unwrap();
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].opponent, "alice");
    assert_eq!(h[0].statistics, a.statistics.players[1]);
    let t = db.select("event, length FROM session").unwrap();
    assert_eq!(t.columns, ["event", "length"]);
    assert_eq!(t.rows, [["club night", "3"]]);
    assert_eq!(db.integrity_check().unwrap(), "ok");
}

#[test]
fn select_refuses_writes_and_second_statements() {
    let db = MatchDatabase::open_in_memory().unwrap();
    for q in [
        "DELETE FROM player",
        "1; DELETE FROM player",
        "INSERT INTO player (name) VALUES ('x')",
        "DROP TABLE player",
        "UPDATE player SET name = 'x'",
        "PRAGMA user_version = 9",
        "",
        "nonsense (((",
    ] {
        assert!(db.select(q).is_err(), "{q}");
    }
    assert_eq!(db.select("SELECT 1 + 1").unwrap().rows, [["2"]]);
    assert_eq!(db.select("count(*) from player").unwrap().rows, [["0"]]);
    assert_eq!(db.schema_version().unwrap(), SCHEMA_VERSION);
}

#[test]
fn a_runaway_query_stops_at_the_row_limit() {
    let db = MatchDatabase::open_in_memory().unwrap();
    let t = db.select("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c").unwrap();
    assert!(t.truncated);
    assert_eq!(t.rows.len(), MAX_SELECT_ROWS);
}

#[test]
fn a_fault_between_inserts_leaves_the_database_as_it_was() {
    let mut db = MatchDatabase::open_in_memory().unwrap();
    let (s1, a1) = played(2, 3);
    let info = Metadata::default();
    db.add_match(&MatchEntry { players: ["alice", "bob"], session: &s1, analysis: &a1, info: &info }, true).unwrap();
    let before = db.counts().unwrap();
    let (s2, a2) = played(3, 3);
    let e2 = MatchEntry { players: ["carol", "bob"], session: &s2, analysis: &a2, info: &info };
    for fault_at in 1..8 {
        let r = db.add_match_with(&e2, true, &mut |n| {
            if n == fault_at {
                Err(DbError::Interrupted(format!("after insert {n}")))
            } else {
                Ok(())
            }
        });
        assert!(matches!(r, Err(DbError::Interrupted(_))), "{r:?}");
        assert_eq!(db.counts().unwrap(), before, "fault after insert {fault_at}");
        assert_eq!(db.integrity_check().unwrap(), "ok");
    }
    // replacing is as safe: a fault after the old rows were deleted restores them
    let e1 = MatchEntry { players: ["alice", "bob"], session: &s1, analysis: &a1, info: &info };
    let r = db.add_match_with(&e1, true, &mut |n| if n == 3 { Err(DbError::Interrupted("x".into())) } else { Ok(()) });
    assert!(r.is_err());
    assert_eq!(db.counts().unwrap(), before);
    assert!(db.contains(["alice", "bob"], &s1).unwrap());
}

#[test]
fn erase_player_removes_their_matches_only() {
    let mut db = MatchDatabase::open_in_memory().unwrap();
    let info = Metadata::default();
    let (s1, a1) = played(4, 3);
    let (s2, a2) = played(5, 0);
    db.add_match(&MatchEntry { players: ["alice", "bob"], session: &s1, analysis: &a1, info: &info }, true).unwrap();
    db.add_match(&MatchEntry { players: ["carol", "bob"], session: &s2, analysis: &a2, info: &info }, false).unwrap();
    let names: Vec<(String, u32)> = db.players().unwrap().into_iter().map(|p| (p.name, p.matches)).collect();
    assert_eq!(names, [("alice".to_string(), 1), ("bob".to_string(), 2), ("carol".to_string(), 1)]);
    assert!(db.erase_player("alice").unwrap());
    assert!(!db.erase_player("alice").unwrap());
    let names: Vec<String> = db.players().unwrap().into_iter().map(|p| p.name).collect();
    assert_eq!(names, ["bob", "carol"]);
    assert_eq!(db.counts().unwrap()[1], 1);
    assert_eq!(db.integrity_check().unwrap(), "ok");
    db.erase_all().unwrap();
    assert_eq!(db.counts().unwrap(), [0; 5]);
}

#[test]
fn an_old_file_is_migrated_and_a_newer_one_refused() {
    let path = temp_file("migrate");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    {
        let mut db = MatchDatabase::open_at_version(&path, 1).unwrap();
        assert_eq!(db.schema_version().unwrap(), 1);
        let (s, a) = played(6, 3);
        let info = Metadata::default();
        db.add_match(&MatchEntry { players: ["alice", "bob"], session: &s, analysis: &a, info: &info }, true).unwrap();
    }
    let db = MatchDatabase::open(&path).unwrap();
    assert_eq!(db.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(db.counts().unwrap()[1], 1, "kept through the migration");
    let t = db.select("name FROM sqlite_master WHERE type = 'index' AND name = 'matchstat_player'").unwrap();
    assert_eq!(t.rows.len(), 1);
    db.conn.execute_batch("PRAGMA user_version = 99").unwrap();
    drop(db);
    assert!(matches!(MatchDatabase::open(&path), Err(DbError::TooNew { found: 99, .. })));
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[test]
fn a_file_that_is_not_a_database_is_an_error_not_a_panic() {
    let path = temp_file("garbage");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, b"this is not an SQLite file, not at all, no header here......................").unwrap();
    assert!(MatchDatabase::open(&path).is_err());
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[test]
fn the_checksum_depends_on_players_and_moves() {
    let (s1, _) = played(7, 3);
    let (s2, _) = played(8, 3);
    let c = checksum(["a", "b"], &s1);
    assert_eq!(c.len(), 32);
    assert_eq!(c, checksum(["a", "b"], &s1));
    assert_ne!(c, checksum(["b", "a"], &s1));
    assert_ne!(c, checksum(["a", "b"], &s2));
    // the same match saved and loaded again is recognised
    for seed in 20..40 {
        let (s, _) = played(seed, 5);
        let rec = crate::formats::MatchRecord::new(s.clone(), ["a".into(), "b".into()]);
        let back = crate::formats::sgf::read(&crate::formats::sgf::write(&rec)).unwrap();
        assert_eq!(checksum(["a", "b"], &back.session), checksum(["a", "b"], &s), "seed {seed}");
    }
}

#[test]
fn the_history_plot_is_an_svg_with_every_match() {
    let mut db = MatchDatabase::open_in_memory().unwrap();
    let info = Metadata::default();
    for seed in 10..13 {
        let (s, a) = played(seed, 3);
        db.add_match(&MatchEntry { players: ["alice", "bob"], session: &s, analysis: &a, info: &info }, false).unwrap();
    }
    let h = db.player_history("alice").unwrap();
    assert_eq!(h.len(), 3);
    let svg = plot::history_svg("alice", &h);
    assert!(svg.starts_with("<svg"));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("alice: 3 matches"));
    assert_eq!(svg, plot::history_svg("alice", &h), "deterministic");
    // no matches: still a picture
    assert!(plot::history_svg("nobody", &[]).contains("nobody: 0 matches"));
}
