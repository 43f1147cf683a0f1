//! `mkpat` end to end: checking databases (ours always, GNU Go's when present) and `--match` on
//! regression positions, with every expected line checked by hand on the board (see the comments).

use std::path::PathBuf;
use std::process::Command;

const MKPAT: &str = env!("CARGO_BIN_EXE_mkpat");

fn mkpat(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(MKPAT).args(args).output().expect("mkpat runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// GNU Go's material beside the workspace; `None` when absent (see `test_support::require`).
fn gnugo(sub: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo").join(sub);
    let what = format!("GNU Go's {sub} in ../shared/gnugo/{sub}");
    test_support::require(dir.exists(), &what).then_some(dir)
}

#[test]
fn our_databases_check_clean() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../patterns/databases");
    let (out, err, code) = mkpat(&[dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for (file, n) in [
        ("connect.db", 5),
        ("edge.db", 4),
        ("endgame.db", 6),
        ("joseki.db", 22),
        ("shape.db", 14),
        ("harvest.db", 1004),
    ] {
        assert!(out.contains(&format!("{file}: {n} patterns, 0 errors")), "{out}");
    }
    // connect.db by hand: four `C` patterns and one `B`; symmetries `+`, `8`, `\` twice, `|`.
    let (out, _, code) = mkpat(&["--stats", dir.join("connect.db").to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("  classes: B:1 C:4\n  symmetries: +:1 8:1 \\:2 |:1\n"), "{out}");
    assert!(out.contains("safe_omove:2 safe_xmove:2"), "{out}");
}

#[test]
fn joseki_mode_writes_our_committed_database() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../patterns/databases");
    let (out, err, code) = mkpat(&["--joseki", dir.join("joseki.sgf").to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.ends_with("joseki.sgf: 22 patterns (3 on the main line), 0 skipped\n"), "{err}");
    assert_eq!(out, std::fs::read_to_string(dir.join("joseki.db")).unwrap());
    // Malformed input: exit 2, the error naming the node.
    let tmp = std::env::temp_dir().join(format!("mkpat-joseki-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let bad = tmp.join("bad.sgf");
    std::fs::write(&bad, "(;SZ[19];B[pd];W[pd]MA[mj])").unwrap();
    let (out, err, code) = mkpat(&["--joseki", bad.to_str().unwrap(), "-o", tmp.join("bad.db").to_str().unwrap()]);
    std::fs::remove_dir_all(&tmp).ok();
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.ends_with("bad.sgf: node 3 (move 2, variation 0): the move pd is on a stone\n"), "{err}");
}

#[test]
fn unknown_helpers_fail_the_check_with_a_location() {
    let dir = std::env::temp_dir().join(format!("mkpat-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.db");
    std::fs::write(&file, "Pattern Bad\n\nO*\n\n:8,-\n\na*\n\n;lib(a)>1 && no_such_helper(a)\n").unwrap();
    let (out, err, code) = mkpat(&[file.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    // Malformed input: exit 2 (1 is for files that cannot be read).
    assert_eq!(code, 2);
    assert!(out.ends_with("bad.db: 1 patterns, 1 errors\n"), "{out}");
    assert_eq!(err, "bad.db:9:1: unknown helper function `no_such_helper` (pattern Bad)\n");
}

#[test]
fn gnu_go_databases_check_clean() {
    let Some(dir) = gnugo("patterns") else { return };
    let (out, err, code) = mkpat(&[dir.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("patterns.db: 994 patterns, 0 errors"), "{out}");
}

#[test]
fn matches_in_a_setup_position_checked_by_hand() {
    let Some(games) = gnugo("regression/games") else { return };
    let sgf = games.join("endgame9.sgf");
    // A 19x19 setup position, black to move, so the patterns' O is black. Our connect.db and
    // edge.db alone (the built-in list adds shape.db's many peep mends first).
    let ours = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../patterns/databases");
    let (connect, edge) = (ours.join("connect.db"), ours.join("edge.db"));
    let dbs = ["--db", connect.to_str().unwrap(), edge.to_str().unwrap()];
    let (out, err, code) = mkpat(&[&["--match", sgf.to_str().unwrap()][..], &dbs[..]].concat());
    assert_eq!((code, err.as_str()), (0, ""));
    let expected = [
        // Black M11 and O11 with white N12 above and N10 below the gap N11: the mend is found
        // (rotated a quarter turn, anchor the first stone O11), but M11's only liberty is N11,
        // so `lib(b)>=2` fails.
        "connect.db:CnMendTheCut O11 g N11 false",
        // White Q15 peeps between black R16 and R14 (both with several liberties); black R15
        // connects safely.
        "connect.db:CnAnswerThePeep Q15 f R15 true",
        // White G8 peeps between black F9 and F7; F8 connects.
        "connect.db:CnAnswerThePeep G8 g F8 true",
        // White L1 on the first line has one liberty, K1; if white plays K1 first the pair has
        // one liberty (J1) and no escape, so `!xplay_defend(*,a)` holds.
        "edge.db:EdTakeTheEdgeStone L2 c K1 true",
        "",
    ]
    .join("\n");
    assert_eq!(out, expected);
    // The built-in databases list the same matches after shape.db's.
    let (all, _, code) = mkpat(&["--match", sgf.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(all.ends_with(&expected) && all.len() > expected.len(), "{all}");
}

/// `out` (mkpat's lines, or GTP responses) without the lines of the built-in `harvest.db`, whose
/// generated 3x3 shapes match nearly everywhere; the tests here are about the hand-written databases.
fn without_harvest(out: &str) -> String {
    fn keep(body: &str) -> Vec<&str> {
        body.lines().filter(|l| !l.starts_with("harvest.db:")).collect()
    }
    if !out.starts_with("= ") {
        return keep(out).iter().map(|l| format!("{l}\n")).collect();
    }
    out.split("\n\n")
        .filter(|r| !r.is_empty())
        .map(|r| match r.strip_prefix("= ") {
            Some(body) => format!("= {}\n\n", keep(body).join("\n")),
            None => format!("{r}\n\n"),
        })
        .collect()
}

#[test]
fn match_stops_before_a_move_number_or_vertex() {
    let Some(games) = gnugo("regression/games") else { return };
    let sgf = games.join("CrazyStone1.sgf");
    let sgf = sgf.to_str().unwrap();
    // Before move 30 (W F8), white to move: white's pair B3-C3 with nothing around makes an
    // empty triangle at B4, B2, C2 or C4 (no constraint: `-`).
    // On the right edge white's H5 (second line) stands beside black's H4: endgame.db's descent
    // J5 (two liberties after it, J6 and J4) and its first-line hane J4 under H4, which has one
    // liberty after it (J5; J3 and H4 are black), so `olib(*)>=2` fails.
    let expected = "shape.db:ShEmptyTriangle B3 f B4 -\nshape.db:ShEmptyTriangle B3 e B2 -\n\
                    shape.db:ShEmptyTriangle C3 g C2 -\nshape.db:ShEmptyTriangle C3 h C4 -\n\
                    endgame.db:EgBlockTheHane H5 e J5 true\nendgame.db:EgFirstLineHane H5 e J4 false\n";
    let white = mkpat(&["--match", sgf, "30"]).0;
    assert!(white.contains("\nharvest.db:H3"), "the tuned 3x3 shapes are built in: {white}");
    assert_eq!(without_harvest(&white), expected);
    assert_eq!(without_harvest(&mkpat(&["--match", sgf, "F8"]).0), expected, "move 30 is the first move at F8");
    // For black the same pair is the opponent's: no empty triangle. Black's diagonal pairs F6-E5
    // and G3-H4 have white on one cutting point (F5, G4): shape.db's mend at the other (E6, H3),
    // found from either stone of the pair. On the right edge black's H4 beside white's H5: the
    // descent J4 (joining J3) keeps two liberties, but white's hane there would have one (J5;
    // H4 and J3 are black), so `xlib(*)>=2` fails for it and for its followup pattern; the hane
    // J5 under H5 (liberties J6 and J4) keeps two. Black's H3 between G3 and J3 under H4, beside
    // white's H2, would join them into one string of three liberties (J4, H1, J2): endgame.db's
    // connection before the atari wants `olib(*)>=4`, from either side.
    assert_eq!(
        without_harvest(&mkpat(&["--match", sgf, "30", "--color", "black"]).0),
        "shape.db:ShMendThePeep F6 g E6 -\nshape.db:ShMendThePeep E5 b E6 -\n\
         shape.db:ShMendThePeep H4 c H3 -\nshape.db:ShMendThePeep G3 f H3 -\n\
         endgame.db:EgBlockTheHane H4 f J4 false\nendgame.db:EgDescentThenHane H4 f J4 false\n\
         endgame.db:EgFirstLineHane H4 f J5 true\nendgame.db:EgConnectBeforeTheAtari G3 e H3 false\n\
         endgame.db:EgConnectBeforeTheAtari J3 g H3 false\n"
    );
}

#[test]
fn match_with_gnu_go_databases() {
    let (Some(games), Some(pats)) = (gnugo("regression/games"), gnugo("patterns")) else { return };
    let sgf = games.join("endgame9.sgf");
    let db = pats.join("patterns.db");
    let (out, err, code) = mkpat(&["--match", sgf.to_str().unwrap(), "--db", db.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() > 10, "{out}");
    for l in &lines {
        let f: Vec<&str> = l.split(' ').collect();
        assert_eq!(f.len(), 5, "{l}");
        assert!(f[0].starts_with("patterns.db:"), "{l}");
        assert!("abcdefgh".contains(f[2]) && f[2].len() == 1, "{l}");
        assert!(["true", "false", "-"].contains(&f[4]), "{l}");
    }
}

#[test]
fn go_gtp_loads_a_pattern_directory_and_lists_matches() {
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("go-gtp-patterns-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // One broken pattern (label `z` missing from its diagram) and one good one.
    std::fs::write(dir.join("mine.db"), "Pattern Broken\n\nO*\n\n:8,-\n\n;lib(z)>1\n\nPattern Lone\n\nO*\n\n:8,-\n")
        .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_go-gtp"))
        .args(["--patterns", dir.to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"boardsize 5\nplay w c3\nlist_pattern_matches w\nlist_pattern_matches b\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(stderr, "go-gtp: mine.db:7:1: expected label `z` in the constraint diagram (pattern Broken)\n");
    // The lone white stone at the centre: `O*` in all eight transformations, two per neighbour,
    // in GNU Go's transformation order a g d f h b e c; nothing for black.
    let lone: String = ["a D3", "g C2", "d B3", "f C4", "h C4", "b D3", "e C2", "c B3"]
        .iter()
        .map(|t| format!("mine.db:Lone C3 {t} -"))
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(without_harvest(&stdout), format!("= \n\n= \n\n= {lone}\n\n= \n\n"));
}

/// `--tune` on two regression games, one held out: the same seed gives the same database and report
/// (the second run reads the feature cache the first wrote), the written database differs from ours only
/// in `shape(...)` values, and the fit raises the training likelihood.
#[test]
fn tune_is_deterministic_and_changes_only_shape_values() {
    let Some(games) = gnugo("regression/games") else { return };
    let ours = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../patterns/databases/shape.db");
    let tmp = std::env::temp_dir().join(format!("mkpat-tune-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let run = |out: &str| {
        let (stdout, err, code) = mkpat(&[
            "--tune",
            ours.to_str().unwrap(),
            "--games",
            games.join("arion.sgf").to_str().unwrap(),
            games.join("CrazyStone1.sgf").to_str().unwrap(),
            "--holdout",
            "0.5",
            "--seed",
            "3",
            "--cache",
            tmp.join("cache.json").to_str().unwrap(),
            "-o",
            tmp.join(out).to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        // the wall time and the output's name differ between the runs
        stdout.lines().filter(|l| !l.starts_with("wall time") && !l.starts_with("wrote")).collect::<Vec<_>>().join("\n")
    };
    let first = run("a.db");
    assert!(tmp.join("cache.json").is_file());
    let second = run("b.db");
    let a = std::fs::read_to_string(tmp.join("a.db")).unwrap();
    let b = std::fs::read_to_string(tmp.join("b.db")).unwrap();
    std::fs::remove_dir_all(&tmp).ok();
    assert_eq!(first, second);
    assert_eq!(a, b);
    assert!(first.contains("2 files (1 training, 1 held out, seed 3)"), "{first}");
    let text = std::fs::read_to_string(&ours).unwrap();
    let (before, after) = (patterns::parse_db("shape.db", &text), patterns::parse_db("shape.db", &a));
    assert!(after.errors.is_empty(), "{:?}", after.errors);
    assert_eq!(before.patterns.len(), after.patterns.len());
    for (p, q) in before.patterns.iter().zip(&after.patterns) {
        assert_eq!(
            (&p.name, &p.comments, &p.diagram, &p.colon.class),
            (&q.name, &q.comments, &q.diagram, &q.colon.class)
        );
        assert_eq!(
            (&p.constraint_diagram, &p.constraint, &p.action),
            (&q.constraint_diagram, &q.constraint, &q.action)
        );
        let others =
            |c: &patterns::ColonLine| c.values.iter().filter(|v| v.name != "shape").cloned().collect::<Vec<_>>();
        assert_eq!(others(&p.colon), others(&q.colon), "{}", p.name);
    }
    // the lines other than the colon lines are kept byte for byte
    let kept = |t: &str| t.lines().filter(|l| !l.starts_with(':')).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(kept(&text), kept(&a));
    // "training log-likelihood per position: untuned X, fitted Y, as written Z"
    let line = first.lines().find(|l| l.starts_with("training log-likelihood")).expect("likelihood line");
    let numbers: Vec<f64> = line.split([' ', ',']).filter_map(|w| w.parse().ok()).collect();
    assert_eq!(numbers.len(), 3, "{line}");
    assert!(numbers[1] > numbers[0], "{line}");
}

/// `--harvest` on two regression games, one held out: the database holds the shapes of the training
/// game only (the same patterns as a harvest of that game alone), compiles, and `--tune` fits it with
/// the same split, raising the training likelihood.
#[test]
fn harvest_takes_the_training_files_and_tunes() {
    let Some(games) = gnugo("regression/games") else { return };
    let tmp = std::env::temp_dir().join(format!("mkpat-harvest-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let files = [games.join("arion.sgf"), games.join("CrazyStone1.sgf")];
    let harvest = |out: &str, games: &[&PathBuf], holdout: &str| {
        let mut args = vec!["--harvest".to_string(), tmp.join(out).display().to_string(), "--games".to_string()];
        args.extend(games.iter().map(|g| g.display().to_string()));
        args.extend(["--holdout", holdout, "--seed", "3", "--min-count", "2"].map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (stdout, err, code) = mkpat(&args);
        assert_eq!(code, 0, "{err}");
        // the patterns, without the header's comment lines
        let text = std::fs::read_to_string(tmp.join(out)).unwrap();
        (stdout, text.lines().filter(|l| !l.starts_with("# ")).collect::<Vec<_>>().join("\n"))
    };
    let (report, both) = harvest("both.db", &[&files[0], &files[1]], "0.5");
    assert!(report.contains("of 1 training files (1 held out)"), "{report}");
    let alone: Vec<String> = files.iter().map(|f| harvest("alone.db", &[f], "0").1).collect();
    assert_eq!(alone.iter().filter(|a| **a == both).count(), 1, "the training game's shapes alone");
    let db = patterns::parse_db("both.db", &std::fs::read_to_string(tmp.join("both.db")).unwrap());
    assert!(db.errors.is_empty() && db.patterns.len() >= 5, "{} patterns, {:?}", db.patterns.len(), db.errors);
    let (stdout, err, code) = mkpat(&[
        "--tune",
        tmp.join("both.db").to_str().unwrap(),
        "--games",
        files[0].to_str().unwrap(),
        files[1].to_str().unwrap(),
        "--holdout",
        "0.5",
        "--seed",
        "3",
        "--cache",
        tmp.join("cache.json").to_str().unwrap(),
        "--dry-run",
    ]);
    assert_eq!(code, 0, "{err}");
    let line = stdout.lines().find(|l| l.starts_with("training log-likelihood")).expect("likelihood line");
    let numbers: Vec<f64> = line.split([' ', ',']).filter_map(|w| w.parse().ok()).collect();
    assert!(numbers.len() == 3 && numbers[1] > numbers[0], "{line}");
    // --within --max-shape 2 (the cache reused): every value written within ±2, the level feature
    // reported, the likelihood raised; one training file is too few to validate the prior's weight
    let (stdout, err, code) = mkpat(&[
        "--tune",
        tmp.join("both.db").to_str().unwrap(),
        "--games",
        files[0].to_str().unwrap(),
        files[1].to_str().unwrap(),
        "--holdout",
        "0.5",
        "--seed",
        "3",
        "--cache",
        tmp.join("cache.json").to_str().unwrap(),
        "--within",
        "--max-shape",
        "2",
        "--prior-games",
        "1",
        "4",
        "-o",
        tmp.join("within.db").to_str().unwrap(),
    ]);
    let within = std::fs::read_to_string(tmp.join("within.db")).unwrap_or_default();
    std::fs::remove_dir_all(&tmp).ok();
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("~matched: gamma 1.000 untuned"), "{stdout}");
    assert!(stdout.contains("too few training files to validate the prior's weight: 1 used"), "{stdout}");
    let tuned = patterns::parse_db("within.db", &within);
    assert!(tuned.errors.is_empty() && tuned.patterns.len() == db.patterns.len(), "{:?}", tuned.errors);
    let values: Vec<f64> = patterns::tune::shapes(&tuned).into_values().collect();
    assert!(values.iter().all(|v| v.abs() <= 2.0), "{values:?}");
    assert!(values.iter().any(|&v| v != 0.0), "{values:?}");
    let line = stdout.lines().find(|l| l.starts_with("training log-likelihood")).expect("likelihood line");
    let numbers: Vec<f64> = line.split([' ', ',']).filter_map(|w| w.parse().ok()).collect();
    assert!(numbers.len() == 3 && numbers[2] > numbers[0], "{line}");
}

/// `--fit-playout` on a tiny record: the positions counted are the moves that follow a play (5x5: B C3,
/// W C2, B D1, W pass, B B2: two, W C2 and B D1), the three models are reported, and the weights file
/// parses as the engine reads it (hex code, weight).
#[test]
fn fit_playout_counts_the_positions_of_a_tiny_record() {
    let tmp = std::env::temp_dir().join(format!("mkpat-fit-playout-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let sgf = tmp.join("tiny.sgf");
    std::fs::write(&sgf, "(;GM[1]SZ[5];B[cc];W[cd];B[de];W[];B[bd])").unwrap();
    let out = tmp.join("gammas.txt");
    let (stdout, err, code) = mkpat(&[
        "--fit-playout",
        out.to_str().unwrap(),
        "--games",
        sgf.to_str().unwrap(),
        "--holdout",
        "0",
        "--min-count",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    for model in ["3x3 codes:", "hand-written shapes:", "tactical only:"] {
        let line = stdout.lines().find(|l| l.starts_with(model)).unwrap_or_else(|| panic!("{stdout}"));
        assert!(line.contains("training 2 positions"), "{line}");
    }
    let text = std::fs::read_to_string(&out).unwrap();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 2, "{line}");
        assert!(u16::from_str_radix(f[0], 16).is_ok() && f[1].parse::<f64>().is_ok_and(|g| g > 0.0), "{line}");
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
