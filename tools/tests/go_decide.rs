//! `go-gtp -l FILE -L N --decide-string V -o OUT` (issue 26 item 4): the same attack and defence as GTP
//! `attack`/`defend` on reading.tst positions, GNU Go's summary lines, and a reading tree that sgfmill
//! and GNU Go's `loadsgf` read, with as many move nodes as the printed variation counts add up to; GTP
//! `start_sgftrace`/`finish_sgftrace` record the reads between them.

use std::path::PathBuf;
use std::process::Command;

use crate::go_support;
use go_support::run;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-decide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn regression_game(name: &str) -> Option<PathBuf> {
    let game = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/regression/games").join(name);
    test_support::require(game.exists(), "GNU Go's regression games in ../shared/gnugo/regression/games")
        .then_some(game)
}

/// Move nodes of every variation of the file's first game tree.
fn move_nodes(text: &str) -> usize {
    fn count(t: &engine_core::sgf::GameTree) -> usize {
        t.nodes.iter().filter(|n| n.has("B") || n.has("W")).count() + t.variations.iter().map(count).sum::<usize>()
    }
    count(&engine_core::sgf::parse(text).unwrap().trees[0])
}

/// The sum of the `(N variations)` counts of the summary.
fn printed_variations(summary: &str) -> usize {
    summary.lines().filter_map(|l| l.rsplit_once(" (")?.1.strip_suffix(" variations)")?.parse::<usize>().ok()).sum()
}

/// sgfmill's count of move nodes (all variations), when sgfmill is there.
fn sgfmill_moves(path: &std::path::Path) -> Option<usize> {
    if !test_support::require(interop_tests::python_has("sgfmill"), "python3's sgfmill (pip install sgfmill)") {
        return None;
    }
    let o = Command::new("python3")
        .args([
            "-c",
            "import sys; from sgfmill import sgf; g = sgf.Sgf_game.from_bytes(open(sys.argv[1], 'rb').read()); \
             st = [g.get_root()]; n = 0\nwhile st:\n    x = st.pop(); st.extend(x); n += x.get_move()[0] is not None\n\
             print(n)",
            path.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{o:?}");
    Some(String::from_utf8_lossy(&o.stdout).trim().parse().unwrap())
}

#[test]
fn decide_string_matches_attack_and_defend_and_writes_the_tree() {
    let Some(game) = regression_game("incident2.sgf") else { return };
    let g = game.to_str().unwrap();
    // reading.tst 2-7: F1 (1 G1 / 1 G1), E19 (attack 2 D19, defend 1 D19), S5 (1 S4|T5 / 0).
    for (v, want) in [
        ("F1", "F1 can be attacked at G1 (N variations)\nF1 can be defended at G1 (N variations)\n"),
        (
            "E19",
            "E19 can be attacked with ko (good) at D19 (N variations)\nE19 can be defended at D19 (N variations)\n",
        ),
        ("S5", "S5 can be attacked at S4 (N variations)\nS5 cannot be defended (N variations)\n"),
    ] {
        let (gtp, code) = run(&["-l", g, "-L", "212"], &format!("attack {v}\ndefend {v}\n"));
        assert_eq!(code, 0);
        let out = temp(&format!("{v}.sgf"));
        let o = Command::new(go_support::GO_GTP)
            .args(["-l", g, "-L", "212", "--decide-string", v, "-o", out.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(o.status.success(), "{o:?}");
        let summary = String::from_utf8_lossy(&o.stdout).into_owned();
        // The same codes and moves as the GTP commands.
        let answers: Vec<&str> = gtp.split("\n\n").filter(|a| !a.is_empty()).collect();
        let word = |a: &str| match a.split_whitespace().nth(1) {
            Some("1") => "",
            Some("2") => " with ko (good)",
            Some("3") => " with ko (bad)",
            _ => "-",
        };
        assert!(
            summary.contains(&format!("can be attacked{} at {}", word(answers[0]), &answers[0][4..])),
            "{summary} {gtp}"
        );
        assert_eq!(summary.contains("cannot be defended"), answers[1] == "= 0", "{summary} {gtp}");
        let masked: String = summary
            .lines()
            .map(|l| match l.rsplit_once(" (") {
                Some((head, _)) => format!("{head} (N variations)\n"),
                None => format!("{l}\n"),
            })
            .collect();
        assert_eq!(masked, want);
        let text = std::fs::read_to_string(&out).unwrap();
        let n = printed_variations(&summary);
        assert_eq!(move_nodes(&text), n, "{v}");
        if let Some(m) = sgfmill_moves(&out) {
            assert_eq!(m, n, "{v}: sgfmill");
        }
        // GNU Go loads it: the position with White to move.
        if interop_tests::have_gnugo() {
            let t = interop_tests::gnugo_gtp_transcript(&[], &[format!("loadsgf {}", out.display())]);
            assert!(t.starts_with("= "), "{t}");
        }
    }
    // reading.tst 1: E3 cannot be attacked, and nothing else is said.
    let o = Command::new(go_support::GO_GTP).args(["-l", g, "-L", "212", "--decide-string", "E3"]).output().unwrap();
    let s = String::from_utf8_lossy(&o.stdout);
    assert!(s.starts_with("E3 cannot be attacked (") && s.lines().count() == 1, "{s}");
    // An empty vertex is GNU Go's error.
    let o = Command::new(go_support::GO_GTP).args(["-l", g, "-L", "212", "--decide-string", "A1"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("called on an empty vertex"));
}

#[test]
fn start_and_finish_sgftrace_record_the_reads_between_them() {
    let Some(game) = regression_game("incident2.sgf") else { return };
    let out = temp("trace.sgf");
    let script = format!(
        "loadsgf {} 212\nattack S5\nstart_sgftrace\nclear_cache\nattack S5\nfinish_sgftrace {}\nfinish_sgftrace\n",
        game.display(),
        out.display()
    );
    let (answers, code) = run(&[], &script);
    assert_eq!(code, 0);
    assert_eq!(answers, "= white\n\n= 1 S4\n\n= \n\n= \n\n= 1 S4\n\n= \n\n? missing filename\n\n");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("C[attack2 S5: WIN S4]") || text.contains("\nattack2 S5: WIN S4]"), "{text}");
    let decided = Command::new(go_support::GO_GTP)
        .args(["-l", game.to_str().unwrap(), "-L", "212", "--decide-string", "S5"])
        .output()
        .unwrap();
    // The attack alone: as many moves as --decide-string's first count.
    let summary = String::from_utf8_lossy(&decided.stdout);
    let first = printed_variations(summary.lines().next().unwrap());
    assert_eq!(move_nodes(&text), first, "{summary}");
}

#[test]
fn decide_owl_and_connection_print_gnu_go_lines() {
    let Some(game) = regression_game("connection1.sgf") else { return };
    let o = Command::new(go_support::GO_GTP)
        .args(["-l", game.to_str().unwrap(), "--decide-connection", "G17/K17"])
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&o.stdout);
    // GNU Go 3.8: "G17 and K17 can be connected at H17", "... can be disconnected at H17".
    assert!(s.starts_with("G17 and K17 can be connected at H17 ("), "{s}");
    assert!(s.contains("\nG17 and K17 can be disconnected at H17 ("), "{s}");
    let Some(game) = regression_game("incident66.sgf") else { return };
    let out = temp("owl.sgf");
    let o = Command::new(go_support::GO_GTP)
        .args(["-l", game.to_str().unwrap(), "-L", "52", "--decide-owl", "D8", "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&o.stdout);
    // owl.tst 1 and 2 (GNU Go: E9 both; F8, E8 and E9 are all right).
    assert!(s.starts_with("D8 can be attacked at "), "{s}");
    assert!(s.contains("\nD8 can be defended at "), "{s}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(move_nodes(&text), printed_variations(&s));
    assert!(text.contains("owl_attack D8: WIN"), "the owl's results are written on the tree");
}

/// The fields of a `dragon_data` record (its first line, `V:` or `Dragon at V:`, left out).
fn fields(record: &str) -> &str {
    record.split_once('\n').map_or("", |(_, rest)| rest).trim_end()
}

#[test]
fn decide_dragon_data_prints_the_gtp_record_and_writes_the_owl_tree() {
    let Some(game) = regression_game("owl32.sgf") else { return };
    let g = game.to_str().unwrap();
    let (gtp, code) = run(&["-l", g], "dragon_data A8\n");
    assert_eq!(code, 0);
    let out = temp("dragon_data.sgf");
    let o = Command::new(go_support::GO_GTP)
        .args(["-l", g, "--decide-dragon-data", "A8", "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{o:?}");
    let s = String::from_utf8_lossy(&o.stdout);
    // GNU Go's header, then the fields GTP's dragon_data prints.
    assert!(s.starts_with("Dragon at A8:\ncolor                   white\n"), "{s}");
    assert_eq!(fields(&s), fields(gtp.strip_prefix("= ").unwrap()), "{gtp}");
    // owl.tst 231 (attack 1 C6|A4) and 232 (defend 3 C6); GNU Go 3.8 prints critical, C6 and C6.
    for line in ["status                  critical", "owl_attack_point        C6", "owl_defense_point       C6"] {
        assert!(s.lines().any(|l| l == line), "{line}: {s}");
    }
    // The file is the owl's tree for this dragon.
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("owl_attack A8: WIN C6"), "the owl's results are written on the tree");
    let n = move_nodes(&text);
    assert!(n > 0);
    if let Some(m) = sgfmill_moves(&out) {
        assert_eq!(m, n, "sgfmill");
    }
    let o = Command::new(go_support::GO_GTP).args(["-l", g, "--decide-dragon-data", "B1"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--decide-dragon-data called on an empty vertex"));
}

#[test]
fn decide_position_reads_each_dragon_with_a_short_escape_route() {
    let Some(game) = regression_game("owl32.sgf") else { return };
    let out = temp("position.sgf");
    let o = Command::new(go_support::GO_GTP)
        .args(["-l", game.to_str().unwrap(), "--decide-position", "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{o:?}");
    let s = String::from_utf8_lossy(&o.stdout).into_owned();
    // GNU Go 3.8 on the same position: B9 cannot be attacked, A8 critical (owl.tst 231-232: the
    // defence is a ko the defender must win first), A6 dead; one block per dragon, top row first.
    let block = |v: &str| {
        let start = s.find(&format!("\nanalyzing {v}\nstatus=")).unwrap_or_else(|| panic!("{v}: {s}"));
        let end = s[start + 1..].find("\nanalyzing ").map_or(s.len(), |e| start + 1 + e);
        (start, s[start..end].to_string())
    };
    let (b9, text) = block("B9");
    assert!(text.contains("\nB9 cannot be attacked (") && text.ends_with("status of B9 revised to ALIVE\n"), "{text}");
    assert!(!text.contains("defended"), "no defence of a dragon that cannot be attacked: {text}");
    let (a8, text) = block("A8");
    assert!(text.contains("\nA8 can be attacked at C6 ("), "{text}");
    assert!(text.contains("\nA8 can be defended with ko (bad) at C6 ("), "{text}");
    assert!(text.ends_with("status of A8 revised to CRITICAL\n"), "{text}");
    let (a6, text) = block("A6");
    assert!(text.contains("\nA6 cannot be defended (") && text.ends_with("status of A6 revised to DEAD\n"), "{text}");
    assert!(b9 < a8 && a8 < a6, "{s}");
    for line in s.lines().filter(|l| l.starts_with("status=")) {
        let escape: usize = line.rsplit_once("escape=").unwrap().1.parse().unwrap();
        assert!(escape < 6, "{line}");
    }
    // The trees: as many move nodes as the counts add up to; GNU Go loads the file.
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(move_nodes(&text), printed_variations(&s));
    assert!(text.contains("owl_attack A8: WIN C6"), "{}", &text[..text.len().min(2000)]);
    if interop_tests::have_gnugo() {
        let t = interop_tests::gnugo_gtp_transcript(&[], &[format!("loadsgf {}", out.display())]);
        assert!(t.starts_with("= "), "{t}");
    }
}

#[test]
fn decide_eye_prints_the_value_and_vital_points_of_the_eye_space() {
    let Some(game) = regression_game("eyes1.sgf") else { return };
    let g = game.to_str().unwrap();
    let decide = |v: &str, out: Option<&std::path::Path>| {
        let mut c = Command::new(go_support::GO_GTP);
        c.args(["-l", g, "--decide-eye", v]);
        if let Some(out) = out {
            c.args(["-o", out.to_str().unwrap()]);
        }
        c.output().unwrap()
    };
    // optics.tst 101, 103, 104, 105 and 110 (eval_eye: 1 1, 0 1 F1 F1, 0 1 K2 K2, 0 0, 0 1 D10 D10); GNU
    // Go 3.8's lines, except at E9, an eye of White alone, where it says "not of a single color".
    for (v, want) in [
        ("A1", "Black eyespace at A1: 1111\n"),
        ("G1", "Black eyespace at F1: 0011\n  vital points: F1 (attack) F1 (defense)\n"),
        ("L1", "Black eyespace at L1: 0011\n  vital points: K2 (attack) K2 (defense)\n"),
        ("P1", "Black eyespace at P1: 0000\n"),
        ("E9", "White eyespace at E9: 0011\n  vital points: D10 (attack) D10 (defense)\n"),
        ("B6", "The eye at B6 is not of a single color.\n"),
    ] {
        let o = decide(v, None);
        assert!(o.status.success(), "{o:?}");
        assert_eq!(String::from_utf8_lossy(&o.stdout), want, "{v}");
    }
    let out = temp("eye.sgf");
    let o = decide("G1", Some(&out));
    assert!(o.status.success(), "{o:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("C[Black eyespace at F1: 0011\n  vital points: F1 (attack) F1 (defense)]"), "{text}");
    if let Some(m) = sgfmill_moves(&out) {
        assert_eq!(m, 0, "the position alone");
    }
    let o = decide("Z99", None);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--decide-eye: invalid coordinate 'Z99'"));
}
