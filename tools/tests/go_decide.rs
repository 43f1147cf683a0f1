//! `go-gtp -l FILE -L N --decide-string V -o OUT` (issue 26 item 4): the same attack and defence as GTP
//! `attack`/`defend` on reading.tst positions, GNU Go's summary lines, and a reading tree that sgfmill
//! and GNU Go's `loadsgf` read, with as many move nodes as the printed variation counts add up to; GTP
//! `start_sgftrace`/`finish_sgftrace` record the reads between them.

use std::path::PathBuf;
use std::process::Command;

mod go_support;
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
