//! `go-gtp -o FILE --output-flags dv` and `--replay`: the labelled record a replayed regression game
//! gives (its labels are the values `all_move_values` and `top_moves` give at the same positions in a new
//! engine; our loader, sgfmill and GNU Go's `loadsgf` read it), the record of a GTP session (values and
//! dragon marks on the generated move), and the typed errors of bad flags and files.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use crate::go_support;
use go_support::run;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-sgf-output-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// An SGF point as a GTP vertex on a `size` board.
fn vertex(point: &str, size: u8) -> String {
    let (c, r) = engine_core::sgf::parse_point(point, size).unwrap().expect("a point");
    let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    format!("{}{}", &letters[usize::from(c)..=usize::from(c)], size - r)
}

/// Each labelled node of the record's main line: (move number, colour letter, labels by vertex).
fn labelled_nodes(text: &str, size: u8) -> Vec<(usize, &'static str, BTreeMap<String, String>)> {
    let tree = engine_core::sgf::parse(text).unwrap().trees.remove(0);
    let mut out = Vec::new();
    let mut number = 0;
    for node in tree.main_line() {
        let color = if node.has("B") {
            "black"
        } else if node.has("W") {
            "white"
        } else {
            continue;
        };
        number += 1;
        let labels: BTreeMap<String, String> = node
            .values("LB")
            .iter()
            .map(|v| {
                let (p, t) = v.split_once(':').unwrap();
                (vertex(p, size), t.to_string())
            })
            .collect();
        if !labels.is_empty() {
            out.push((number, color, labels));
        }
    }
    out
}

/// The comment of each move node of the record's main line (empty when it has none), in order.
fn node_comments(text: &str) -> Vec<String> {
    let tree = engine_core::sgf::parse(text).unwrap().trees.remove(0);
    tree.main_line()
        .filter(|n| n.has("B") || n.has("W"))
        .map(|n| n.values("C").first().cloned().unwrap_or_default())
        .collect()
}

/// The answers of a GTP transcript, in order (without the `= `).
fn answers(transcript: &str) -> Vec<String> {
    transcript.split("\n\n").filter(|a| !a.is_empty()).map(|a| a.trim_start_matches("= ").to_string()).collect()
}

#[test]
fn a_replayed_game_is_labelled_with_the_values_of_top_moves() {
    let game = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/regression/games/9x9-4.sgf");
    if !test_support::require(game.exists(), "GNU Go's regression games in ../shared/gnugo/regression/games") {
        return;
    }
    let game = game.to_str().unwrap();
    let out = temp("replay.sgf");
    let (stdout, code) =
        run(&["-l", game, "-L", "12", "--replay", "white", "-o", out.to_str().unwrap(), "--output-flags", "dv"], "");
    assert_eq!(code, 0, "{stdout}");
    let summary = stdout.lines().last().unwrap();
    assert!(summary.starts_with("Moves compared: 5, top-1 agreement: "), "{stdout}");
    let disagreements = stdout.lines().filter(|l| l.starts_with("Move ")).count();
    let top1: usize = summary.split("top-1 agreement: ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert_eq!(disagreements + top1, 5, "{stdout}");
    let text = std::fs::read_to_string(&out).unwrap();
    // Our loader: the record's first eleven moves.
    let ours = go::sgf::load(&text, go::sgf::Until::End, go::Rules::default()).unwrap();
    let record = go::sgf::load_file(std::path::Path::new(game), Some("12"), go::Rules::default()).unwrap();
    assert_eq!(ours.moves().collect::<Vec<_>>(), record.moves().collect::<Vec<_>>());
    assert_eq!(ours.move_count(), 11);
    // Every white move is labelled; the labels are the values a new engine gives at that position.
    let nodes = labelled_nodes(&text, 9);
    assert_eq!(nodes.iter().map(|n| n.0).collect::<Vec<_>>(), [2, 4, 6, 8, 10]);
    let mut script = String::new();
    for (n, color, _) in &nodes {
        script.push_str(&format!("loadsgf {game} {n}\ngg_genmove {color}\nall_move_values\ntop_moves\n"));
    }
    let (transcript, _) = run(&["--boardsize", "9"], &script);
    let a = answers(&transcript);
    assert_eq!(a.len(), 4 * nodes.len(), "{transcript}");
    for (k, (n, _, labels)) in nodes.iter().enumerate() {
        let all: BTreeMap<String, String> = a[4 * k + 2]
            .lines()
            .map(|l| {
                let mut w = l.split_whitespace();
                (w.next().unwrap().to_string(), w.next().unwrap().to_string())
            })
            .collect();
        assert_eq!(labels, &all, "move {n}: the labels are all_move_values");
        let top: Vec<&str> = a[4 * k + 3].split_whitespace().collect();
        assert!(top.len() >= 10, "{}", a[4 * k + 3]);
        for pair in top.chunks(2) {
            assert_eq!(labels.get(pair[0]).map(String::as_str), Some(pair[1]), "move {n}: top_moves {}", a[4 * k + 3]);
        }
    }
    // Each comment names the engine's move and its reasons in `move_reasons`' words.
    let comments = node_comments(&text);
    let mut script = String::new();
    for (k, (n, color, _)) in nodes.iter().enumerate() {
        script.push_str(&format!("loadsgf {game} {n}\ngg_genmove {color}\nmove_reasons {}\n", a[4 * k + 1]));
    }
    let (transcript, _) = run(&["--boardsize", "9"], &script);
    let r = answers(&transcript);
    assert_eq!(r.len(), 3 * nodes.len(), "{transcript}");
    for (k, (n, _, _)) in nodes.iter().enumerate() {
        let ours = &a[4 * k + 1];
        let words: Vec<&str> =
            r[3 * k + 2].lines().filter_map(|l| l.strip_prefix(&format!("Move at {ours} "))).collect();
        let line =
            if words.is_empty() { format!("{ours}: no move reason") } else { format!("{ours}: {}", words.join(", ")) };
        let comment = &comments[n - 1];
        assert!(comment.lines().any(|l| l == line), "move {n}: {line:?} in {comment:?}");
        assert!(comment.starts_with("gammon-go plays "), "{comment}");
    }
    // sgfmill reads it, labels included.
    if test_support::require(interop_tests::python_has("sgfmill"), "python3's sgfmill (pip install sgfmill)") {
        let o = Command::new("python3")
            .args([
                "-c",
                "import sys; from sgfmill import sgf; g = sgf.Sgf_game.from_bytes(open(sys.argv[1], 'rb').read()); \
                 s = g.get_main_sequence(); print(len(s) - 1, sum(len(n.get('LB')) for n in s if n.has_property('LB')))",
                out.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        let total: usize = nodes.iter().map(|n| n.2.len()).sum();
        assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), format!("11 {total}"), "{o:?}");
    }
    // GNU Go loads it: white to move after the eleventh move.
    if interop_tests::have_gnugo() {
        let t = interop_tests::gnugo_gtp_transcript(&[], &[format!("loadsgf {}", out.display())]);
        assert_eq!(t, "= white\n\n");
    }
}

/// A GTP session with `-o` and `--output-flags dv`: the generated move's node carries the values
/// `top_moves` lists, a cross on the dead black stone J9 and triangles on black's critical corner group
/// (`dragon_data`'s crude status: J9 dead, A2 critical); `printsgf` answers the same record.
#[test]
fn a_gtp_session_is_written_with_its_notes() {
    let out = temp("session.sgf");
    let setup = "boardsize 9\nplay b a2\nplay b b2\nplay b c2\nplay b d2\nplay b d1\nplay w a3\nplay w b3\nplay w c3\n\
                 play w d3\nplay w e3\nplay w e2\nplay w e1\nplay w g7\nplay b c7\nplay w h8\nplay b j9\n";
    let input = format!("{setup}genmove w\ntop_moves\nprintsgf\n");
    let (transcript, code) = run(&["--engine", "classic", "-o", out.to_str().unwrap(), "-O", "dv"], &input);
    assert_eq!(code, 0);
    let a = answers(&transcript);
    let n = a.len();
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(a[n - 1].trim(), text.trim(), "printsgf answers what -o writes");
    let last = text.trim_end().lines().last().unwrap();
    assert!(last.contains("MA[ia]TR[ah][bh][ch][dh][di]"), "{last}");
    let nodes = labelled_nodes(&text, 9);
    assert_eq!(nodes.len(), 1);
    let top: Vec<&str> = a[n - 2].split_whitespace().collect();
    assert!(top.len() >= 2);
    for pair in top.chunks(2) {
        assert_eq!(nodes[0].2.get(pair[0]).map(String::as_str), Some(pair[1]), "{}", a[n - 2]);
    }
}

#[test]
fn bad_flags_and_files_are_refused() {
    assert_eq!(run(&["--output-flags", "dx"], "").1, 2);
    assert_eq!(run(&["--replay", "white"], "").1, 2, "--replay needs -l");
    assert_eq!(run(&["-l", "/nonexistent/game.sgf", "--replay", "red"], "").1, 2);
    assert_eq!(run(&["-l", "/nonexistent/game.sgf", "--replay", "both"], "").1, 2);
    let bad = temp("bad.sgf");
    std::fs::write(&bad, "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
    assert_eq!(run(&["-l", bad.to_str().unwrap(), "--replay", "both"], "").1, 2, "an illegal move in the record");
}
