//! Hostile input to every registered Go GTP command (issue 22): each command of `go::gtp::registry` is sent
//! argument lists built to break it (empty and occupied points, `pass`, vertices off the board, huge, negative
//! and non-finite numbers, extra arguments, long tokens) on boards of every size from 1 to 25 and on odd
//! positions (strings without liberties from SGF setup, a full board, a game with a `trymove` stack, a clock
//! nearly out). No command may panic; every answer must be a well-formed GTP answer.
//!
//! The engine is driven through `Engine::handle_line`, which has no panic safety net: a panic is caught here
//! only to list every failing command at once, then the test fails.

use go::gtp::{engine, GtpState, Options};
use go::sgf::{self, Until};
use go::{GoGame, Rules};
use proptest::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Panics are collected and reported by the tests; the default hook would print each one.
fn quiet_panics() {
    std::panic::set_hook(Box::new(|_| {}));
}

/// Fails with the list of failures, the default panic hook back so that the message shows.
fn report(failures: &[String]) {
    let _ = std::panic::take_hook();
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// Commands that only restart or report: state they change is reset before the next case anyway.
/// `quit` is harmless for `handle_line` (it only sets a flag).
fn commands() -> Vec<String> {
    go::gtp::registry().names().map(str::to_string).collect()
}

/// Long enough to stress any copy of a token, short enough that hundreds of cases stay fast.
fn long_token() -> String {
    "A".repeat(20_000)
}

fn numbers() -> Vec<String> {
    [
        "0",
        "1",
        "-1",
        "2",
        "9",
        "25",
        "26",
        "4294967295",
        "4294967296",
        "18446744073709551615",
        "99999999999999999999999",
        "-99999999999999999999999",
        "NaN",
        "nan",
        "inf",
        "-inf",
        "infinity",
        "1e308",
        "-1e308",
        "1e-320",
        "0.5",
        "-0",
        "0x10",
        "+3",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Vertices of interest on `game`'s board: corners, an occupied and an empty point when there are any, and
/// malformed or off-board ones.
fn vertices(game: &GoGame) -> Vec<String> {
    let b = game.board();
    let n = b.size();
    let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let col = |c: usize| letters.as_bytes()[c] as char;
    let mut v = vec![
        "A1".to_string(),
        format!("{}{}", col(n - 1), n),
        format!("{}1", col(n - 1)),
        "pass".into(),
        "PASS".into(),
        format!("A{}", n + 1),
        format!("{}1", col(n.min(24))),
        "Z26".into(),
        "A0".into(),
        "I5".into(),
        "a99999999999999999999".into(),
        "".into(),
        "A1x".into(),
        "é1".into(),
    ];
    if let Some(p) = b.points().find(|&p| !b.is_empty(p)) {
        v.push(go::rules::vertex::format_vertex(b, go::Move::Play(p)));
    }
    if let Some(p) = b.points().filter(|&p| b.is_empty(p)).last() {
        v.push(go::rules::vertex::format_vertex(b, go::Move::Play(p)));
    }
    v.retain(|s| !s.is_empty());
    v
}

/// Argument lists for one command on this position: `rich` adds every number in every place.
fn argument_lists(game: &GoGame, rich: bool) -> Vec<Vec<String>> {
    let vs = vertices(game);
    // For pairs: A1, the far corner, pass, off the board, and an occupied and an empty point when there are.
    let mut few: Vec<String> = vs[..6].to_vec();
    few.extend(vs[14..].iter().cloned());
    let colors = ["b", "w", "black", "WHITE", "x"];
    let words = ["alive", "dead", "seki", "none", "absolute", "byoyomi", "canadian", "all"];
    let mut lists: Vec<Vec<String>> = vec![vec![]];
    for t in &vs {
        lists.push(vec![t.clone()]);
    }
    for w in words.iter().chain(colors.iter()) {
        lists.push(vec![w.to_string()]);
    }
    lists.push(vec![long_token()]);
    for c in &colors[..2] {
        for v in &vs {
            lists.push(vec![c.to_string(), v.clone()]);
        }
        lists.push(vec![c.to_string(), "A1".into(), "extra".into(), "args".into()]);
    }
    for a in &few {
        lists.push(vec![a.clone(), "b".into()]);
        for b in &few {
            lists.push(vec![a.clone(), b.clone()]);
        }
    }
    if rich {
        for n in numbers() {
            lists.push(vec![n.clone()]);
            lists.push(vec![n.clone(), n.clone(), n.clone()]);
            lists.push(vec!["1".into(), n.clone(), "1".into()]);
            for c in &colors[..2] {
                lists.push(vec![c.to_string(), n.clone(), "0".into()]);
                lists.push(vec![c.to_string(), "10".into(), n.clone()]);
            }
            for w in &words[3..7] {
                lists.push(vec![w.to_string(), n.clone(), n.clone(), n.clone()]);
                lists.push(vec![w.to_string(), n.clone()]);
            }
        }
    }
    lists
}

/// Positions to attack: empty boards of every size, and odd ones that only SGF setup or analysis commands
/// reach.
fn positions() -> Vec<(String, GoGame)> {
    let mut out = Vec::new();
    for n in 1..=25 {
        out.push((format!("empty {n}x{n}"), GoGame::new(n, 7.5, Rules::default())));
    }
    let records = [
        // every point black: one string without a liberty
        ("full black 3x3", "(;SZ[3]AB[aa:cc])".to_string()),
        // checkerboard: strings without liberties of both colours
        ("checkerboard 4x4", "(;SZ[4]AB[aa][ca][bb][db][ac][cc][bd][dd]AW[ba][da][ab][cb][bc][dc][ad][cd])".into()),
        ("one stone 1x1", "(;SZ[1]AB[aa])".into()),
        ("edges 25x25", "(;SZ[25]AB[aa][ya][ay]AW[yy][ab];B[ba];W[xy];B[bb])".into()),
        ("ko 5x5", "(;SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb])".into()),
        ("passes 9x9", format!("(;SZ[9]{})", ";B[];W[]".repeat(20))),
        ("atari 9x9", "(;SZ[9]AB[dd][ed][fd]AW[cd][gd][dc][ec][fc][de][fe];B[ee])".into()),
        ("eyes 9x9", "(;SZ[9]AB[aa:ia][ab:ib]AW[ac:ic][ad:id];W[ae])".into()),
    ];
    for (name, text) in records {
        let g = sgf::load(&text, Until::End, Rules::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        out.push((name.to_string(), g));
    }
    out
}

/// Puts the engine back on `game`, at level 0 so that move generation and reading stay fast.
fn reset(state: &mut GtpState, game: &GoGame) {
    state.reset(game.clone(), 0);
}

/// Whether `answer` is one well-formed GTP answer.
fn well_formed(answer: &str) -> bool {
    (answer.starts_with('=') || answer.starts_with('?'))
        && answer.ends_with("\n\n")
        && !answer[..answer.len() - 2].contains("\n\n")
}

/// Runs `line` on the engine; the failure description when it panics or answers badly.
fn attack(e: &mut engine_core::gtp::Engine<GtpState>, line: &str) -> Option<String> {
    match catch_unwind(AssertUnwindSafe(|| e.handle_line(line))) {
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Some(format!("panic: {msg}"))
        }
        Ok(Some(a)) if !well_formed(&a) => Some(format!("malformed answer {a:?}")),
        Ok(_) => None,
    }
}

fn shorten(line: &str) -> String {
    if line.len() > 80 {
        format!("{}...", &line[..80])
    } else {
        line.to_string()
    }
}

/// File commands are left out: they touch the file system and are attacked in their own tests.
fn skipped(cmd: &str, args: &[String]) -> bool {
    (cmd == "printsgf" && !args.is_empty()) || cmd == "loadsgf" || cmd == "finish_sgftrace"
}

// Expensive commands (move generation, whole-board reading) get the rich argument lists only on small
// boards; on the others they still get every vertex and colour.
fn expensive(cmd: &str) -> bool {
    matches!(
        cmd,
        "genmove"
            | "reg_genmove"
            | "kgs-genmove_cleanup"
            | "gg_genmove"
            | "restricted_genmove"
            | "genmove_black"
            | "genmove_white"
            | "top_moves_black"
            | "top_moves_white"
            | "dragon_status"
            | "dragon_stones"
            | "dragon_data"
            | "same_dragon"
            | "eval_eye"
            | "list_pattern_matches"
            | "combination_attack"
            | "combination_defend"
            | "owl_attack"
            | "owl_defend"
            | "final_score"
            | "final_status_list"
            | "worm_data"
            | "place_free_handicap"
            | "owl_does_attack"
            | "owl_does_defend"
            | "owl_threaten_attack"
            | "owl_threaten_defense"
            | "owl_substantial"
            | "owl_connection_defends"
            | "eye_data"
            | "half_eye_data"
            | "analyze_semeai"
            | "analyze_semeai_after_move"
            | "tactical_analyze_semeai"
            | "initial_influence"
            | "move_influence"
            | "estimate_score"
            | "new_score"
            | "experimental_score"
            | "final_status"
            | "is_surrounded"
            | "does_surround"
            | "surround_map"
    )
}

/// The first bug of the class: `worm_data` on an empty point formatted the origin of a worm that was never
/// computed (the array's first cell, off the board) and panicked in `format_vertex`.
#[test]
fn worm_data_on_an_empty_point() {
    let mut e = engine(Options { boardsize: 5, level: 0, ..Options::default() });
    let answer = e.handle_line("worm_data A1").unwrap();
    // GNU Go 3.8's answer (checked with the installed gnugo): an empty point is its own origin, of size 0.
    assert!(
        answer.starts_with("= A1:\norigin               A1\ncolor                empty\nsize                 0\n"),
        "{answer}"
    );
    e.handle_line("play b B1").unwrap();
    let answer = e.handle_line("worm_data C3").unwrap();
    assert!(
        answer.contains("origin               C3\ncolor                empty\nsize                 0\n"),
        "{answer}"
    );
    let all = e.handle_line("worm_data").unwrap();
    assert!(all.starts_with("= B1:\norigin               B1\ncolor                black\n"), "{all}");
}

/// Bad input to the dragon, worm and query commands gets GNU Go 3.8's error texts (each checked with the
/// installed gnugo on the same session): unknown vertex, empty point, wrong colour, missing argument.
#[test]
fn dragon_worm_and_query_errors_as_gnugo() {
    let mut e = engine(Options { boardsize: 9, level: 0, ..Options::default() });
    let mut ask = |line: &str| e.handle_line(line).unwrap();
    assert_eq!(ask("play b E5"), "= \n\n");
    assert_eq!(ask("play w D4"), "= \n\n");
    let cases = [
        ("dragon_data A1", "= A1 empty\n\n"),
        ("dragon_data Z1", "? invalid coordinate\n\n"),
        ("dragon_status A1", "? vertex must not be empty\n\n"),
        ("dragon_status Z1", "? invalid coordinate\n\n"),
        ("dragon_stones A1", "? dragon_stones called on an empty vertex\n\n"),
        ("same_dragon E5 A1", "? vertex must not be empty\n\n"),
        ("same_dragon E5", "? invalid coordinate\n\n"),
        ("same_dragon E5 D4", "= 0\n\n"),
        ("worm_data Z1", "? invalid color or coordinate\n\n"),
        ("worm_stones A1", "? worm_stones called on an empty vertex\n\n"),
        ("black Z1", "? invalid coordinate\n\n"),
        ("white E5", "? illegal move\n\n"),
        ("white", "? invalid coordinate\n\n"),
        ("color", "? invalid coordinate\n\n"),
        ("color J10", "? invalid coordinate\n\n"),
        ("list_stones", "? invalid color\n\n"),
        ("list_stones empty", "? invalid color\n\n"),
        ("dragon_status E5 D4", "= alive\n\n"),
    ];
    for (line, want) in cases {
        assert_eq!(ask(line), want, "{line}");
    }
    // The dragon of the wrong colour: asking whether stones of both colours are one dragon is no error.
    assert!(ask("dragon_data E5").starts_with("= E5:\ncolor                   black\norigin                  E5\n"));
    assert_eq!(ask("clear_board"), "= \n\n");
    assert_eq!(ask("last_move"), "? no previous move known\n\n");
    assert_eq!(ask("move_history"), "= \n\n");
}

#[test]
fn no_command_panics_on_hostile_arguments() {
    quiet_panics();
    let mut e = engine(Options { boardsize: 9, level: 0, ..Options::default() });
    let mut failures = Vec::new();
    let mut time = std::collections::HashMap::new();
    let cmds = commands();
    for (name, game) in positions() {
        let size = game.board().size();
        // Numbers in every place on a few boards; vertices and colours on all of them.
        let rich = matches!(size, 1 | 2 | 9 | 25);
        for cmd in &cmds {
            let mut lists = argument_lists(&game, rich && (size < 25 || !expensive(cmd)));
            if expensive(cmd) {
                // Slow whatever their arguments: the lists up to the colour-vertex pairs, on fewer sizes.
                if !matches!(size, 1 | 2 | 3 | 5 | 9 | 13 | 19 | 25) {
                    continue;
                }
                let keep = match (cmd.as_str(), size <= 9) {
                    // the classic generator reads every worm, dragon and race (seconds on a big board)
                    (
                        "gg_genmove" | "genmove_black" | "genmove_white" | "top_moves_black" | "top_moves_white",
                        true,
                    ) => 6,
                    (
                        "gg_genmove" | "genmove_black" | "genmove_white" | "top_moves_black" | "top_moves_white",
                        false,
                    ) => 1,
                    ("restricted_genmove", true) => 12,
                    ("restricted_genmove", false) => 2,
                    // they take no vertex: a few lists show what extra arguments do
                    (
                        "final_score"
                        | "estimate_score"
                        | "new_score"
                        | "experimental_score"
                        | "kgs-genmove_cleanup"
                        | "genmove"
                        | "reg_genmove",
                        true,
                    ) => 20,
                    (
                        "final_score"
                        | "estimate_score"
                        | "new_score"
                        | "experimental_score"
                        | "kgs-genmove_cleanup"
                        | "genmove"
                        | "reg_genmove",
                        false,
                    ) => 5,
                    (_, true) => 80,
                    (_, false) => 40,
                };
                lists.truncate(keep);
            }
            for args in lists {
                if skipped(cmd, &args) {
                    continue;
                }
                reset(&mut e.context, &game);
                let line = format!("{cmd} {}", args.join(" "));
                let start = std::time::Instant::now();
                if let Some(f) = attack(&mut e, &line) {
                    failures.push(format!("[{name}] {}: {f}", shorten(&line)));
                }
                *time.entry(cmd.clone()).or_insert(0.0) += start.elapsed().as_secs_f64();
            }
        }
    }
    let mut time: Vec<_> = time.into_iter().collect();
    time.sort_by(|a, b| b.1.total_cmp(&a.1));
    println!("slowest commands (seconds in all): {:?}", &time[..time.len().min(12)]);
    report(&failures);
}

/// State-changing commands followed by the commands that use that state: a clock set to absurd values, a
/// huge level, depths raised or lowered many times, a deep `trymove` stack.
#[test]
fn no_command_panics_after_hostile_state() {
    quiet_panics();
    let prefixes: Vec<Vec<String>> = vec![
        vec!["time_left b 1e308 0".into(), "time_left w 1e308 0".into()],
        vec!["time_left b 1e308 1".into(), "time_left w -1e308 1".into()],
        vec!["time_left b 0 0".into(), "time_left w 1e-300 4294967295".into()],
        vec!["time_settings 4294967295 4294967295 4294967295".into()],
        vec!["kgs-time_settings byoyomi 4294967295 4294967295 4294967295".into()],
        vec!["kgs-time_settings canadian 0 0 0".into()],
        vec!["decrease_depths".into(); 40],
        vec!["increase_depths".into(); 40],
        vec!["trymove b A1".into(), "trymove w B1".into(), "trymove b C1".into()],
        vec!["tryko b pass".into(); 30],
        vec!["komi -1e300".into()],
        vec!["komi 1e300".into()],
        vec!["level 4294967295".into()],
        vec!["fixed_handicap 9".into()],
        vec!["boardsize 1".into()],
        vec!["boardsize 2".into(), "play b A1".into()],
    ];
    let followers = [
        "genmove b",
        "reg_genmove w",
        "kgs-genmove_cleanup b",
        "final_score",
        "final_status_list dead",
        "showboard",
        "printsgf",
        "undo",
        "popgo",
        "attack A1",
        "defend A1",
        "owl_attack A1",
        "dragon_status",
        "worm_data",
        "list_pattern_matches",
        "place_free_handicap 9",
        "set_free_handicap A1 B2",
    ];
    let mut e = engine(Options { boardsize: 9, level: 0, ..Options::default() });
    let mut failures = Vec::new();
    for size in [1, 2, 5, 9] {
        let game = GoGame::new(size, 7.5, Rules::default());
        for prefix in &prefixes {
            for follower in followers {
                reset(&mut e.context, &game);
                for line in prefix.iter().map(String::as_str).chain([follower]) {
                    if let Some(f) = attack(&mut e, line) {
                        failures.push(format!("[{size}x{size}] {prefix:?} then {line}: {f}"));
                    }
                }
            }
        }
    }
    report(&failures);
}

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z]{1,2}[0-9]{0,3}",
        "(b|w|black|white|pass|PASS)",
        "-?[0-9]{1,25}",
        "(NaN|inf|-inf|1e308|-1e308|0.5)",
        "[ -~]{0,12}",
        "\\PC{0,6}",
    ]
}

fn command_line(names: Vec<String>) -> impl Strategy<Value = String> {
    (prop::sample::select(names), prop::collection::vec(token(), 0..5)).prop_map(|(name, args)| {
        let mut line = name;
        for a in args {
            line.push(' ');
            line.push_str(&a);
        }
        line
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random sessions: sequences of commands with random arguments on a small board.
    #[test]
    fn random_sessions_never_panic(
        size in 1usize..8,
        lines in prop::collection::vec(
            command_line(commands().into_iter().filter(|c| !skipped(c, &["x".into()])).collect()),
            1..40,
        ),
    ) {
        quiet_panics();
        let mut e = engine(Options { boardsize: size, level: 0, ..Options::default() });
        let game = GoGame::new(size, 7.5, Rules::default());
        reset(&mut e.context, &game);
        for line in &lines {
            // A random `level` would make move generation slow, not wrong.
            if line.starts_with("level") {
                continue;
            }
            let f = attack(&mut e, line);
            prop_assert!(f.is_none(), "{}: {:?} after {:?}", shorten(line), f, lines);
        }
    }
}

/// A `trymove` stack kept a copy of the game per level without a bound: thousands of levels held gigabytes.
#[test]
fn trymove_stacks_are_bounded() {
    let mut e = engine(Options { boardsize: 9, level: 0, ..Options::default() });
    for _ in 0..go::gtp::analysis_commands::MAX_TRY_DEPTH {
        assert_eq!(e.handle_line("trymove b pass"), Some("= \n\n".into()));
    }
    assert_eq!(
        e.handle_line("tryko w pass"),
        Some(format!("? too many trymove levels (at most {})\n\n", go::gtp::analysis_commands::MAX_TRY_DEPTH))
    );
    assert_eq!(e.handle_line("popgo"), Some("= \n\n".into()));
    assert_eq!(e.handle_line("trymove w pass"), Some("= \n\n".into()));
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("go-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `loadsgf` of files built to exhaust memory, time or the stack: each is refused with its reason, or loaded,
/// without a panic.
#[test]
fn loadsgf_of_hostile_files() {
    let dir = temp_dir("loadsgf");
    let mut e = engine(Options { boardsize: 9, level: 0, ..Options::default() });
    let mut load = |name: &str, text: &[u8]| -> String {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        // No wall-clock bound here (it failed under load; speed belongs to benchmarks): a load that went
        // quadratic in these sizes would not finish within the test run at all.
        let answer = e.handle_line(&format!("loadsgf {}", path.display())).unwrap();
        assert!(well_formed(&answer) && answer.len() < 400, "{name}: {answer}");
        answer
    };
    // 400,000 passes took 2.7 GB: now the game's move limit refuses the record.
    let passes = format!("(;SZ[19]{})", ";B[];W[]".repeat(200_000));
    let a = load("passes.sgf", passes.as_bytes());
    assert!(a.contains(&format!("most moves a game may have ({})", go::game::MAX_GAME_MOVES)), "{a}");
    let a = load("deep.sgf", "(;".repeat(5_000).as_bytes());
    assert!(a.contains("nested deeper than 1000 levels at line 1, column 2001"), "{a}");
    let a = load("nodes.sgf", format!("(;{})", ";".repeat(engine_core::sgf::MAX_SGF_NODES)).as_bytes());
    assert!(a.contains("more than 1000000 nodes"), "{a}");
    let a = load("size.sgf", format!("(;SZ[{}])", "9".repeat(100_000)).as_bytes());
    assert!(a.contains("unsupported board size 999") && a.contains("..."), "{a}");
    let a = load("gm.sgf", format!("(;GM[{}])", "6".repeat(100_000)).as_bytes());
    assert!(a.contains("not a Go record"), "{a}");
    let a = load("point.sgf", format!("(;SZ[9];B[{}])", "a".repeat(100_000)).as_bytes());
    assert!(a.contains("invalid SGF point"), "{a}");
    let a = load("binary.sgf", &[0xff, 0xfe, 0, 1, 2, b'(', b';', 0xc3]);
    assert!(a.starts_with("= ") || a.starts_with("? "), "{a}");
    // Setup that fills and clears the whole board at every node: linear in the nodes, not quadratic in the
    // board's area.
    let storm = format!("(;SZ[25]{})", ";AB[aa:yy];AW[aa:yy]AE[aa:mm]".repeat(5_000));
    assert_eq!(load("storm.sgf", storm.as_bytes()), "= black\n\n");
    // Capturing setup stones do not pile up in the setup list.
    let captures = format!("(;SZ[3]{})", ";AB[ab][ba][bc][cb];AW[bb];AW[aa][cc];AB[bb]".repeat(2_000));
    assert_eq!(load("captures.sgf", captures.as_bytes()), "= black\n\n");
    assert!(e.context.game().setup().len() <= 9, "{}", e.context.game().setup().len());
    // Devices and directories.
    // (every Unix has both devices: their absence is a failure, not a skip)
    for special in ["/dev/zero", "/dev/urandom"].into_iter().filter(|_| cfg!(unix)) {
        let a = e.handle_line(&format!("loadsgf {special}")).unwrap();
        assert_eq!(
            a,
            format!("? cannot open or parse '{special}': the file is larger than the limit of 67108864 bytes\n\n")
        );
    }
    let a = e.handle_line(&format!("loadsgf {}", dir.display())).unwrap();
    assert!(a.starts_with("? cannot open or parse"), "{a}");
    let a = e.handle_line(&format!("loadsgf {}", "x".repeat(100_000))).unwrap();
    assert!(a.starts_with("? cannot open or parse 'xxx") && a.len() < 200, "{a}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `loadsgf FILE ARG` and `printsgf NAME` with hostile arguments, confined to a directory as over the network.
#[test]
fn file_commands_with_hostile_arguments() {
    quiet_panics();
    let dir = temp_dir("files");
    std::fs::write(dir.join("game.sgf"), "(;GM[1]SZ[9]KM[5.5];B[ee];W[ce];B[gc];W[];B[cc])").unwrap();
    let mut e = engine(Options { boardsize: 9, level: 0, ..Options::default() });
    e.context.set_files(engine_core::file_access::FileAccess::Within(dir.clone()));
    let game = GoGame::new(9, 7.5, Rules::default());
    let mut failures = Vec::new();
    let mut names: Vec<String> =
        vec!["game.sgf".into(), "".into(), ".".into(), "..".into(), "/dev/zero".into(), "no/such/dir.sgf".into()];
    names.push("n".repeat(300));
    names.push(long_token());
    for name in &names {
        for args in argument_lists(&game, true).into_iter().take(60) {
            for cmd in ["loadsgf", "printsgf"] {
                reset(&mut e.context, &game);
                let line = format!("{cmd} {name} {}", args.join(" "));
                if let Some(f) = attack(&mut e, &line) {
                    failures.push(format!("{}: {f}", shorten(&line)));
                }
            }
        }
    }
    // Whatever was written is a whole record that loads back.
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap();
        if let Err(err) = sgf::load(&text, Until::End, Rules::default()) {
            failures.push(format!("{}: {err}", entry.path().display()));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    report(&failures);
}
