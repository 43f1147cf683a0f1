use super::*;
use crate::rules::position::Position;
use proptest::prelude::*;

/// A shell where both sides are the computer at 0-ply and hints are 0-ply (fast).
fn quick_shell(seed: u64) -> Shell {
    let mut sh = Shell::new(seed);
    sh.set_player(0, PlayerConfig::default());
    sh.set_player(1, PlayerConfig::default());
    sh.execute("set evaluation chequerplay evaluation plies 0");
    sh.execute("set evaluation cubedecision evaluation plies 0");
    sh
}

fn lines(s: &str) -> Vec<&str> {
    s.lines().collect()
}

#[test]
fn a_seeded_match_between_computers_is_played_out_and_repeats() {
    let run = |seed| {
        let mut sh = quick_shell(seed);
        let out = sh.execute("new match 3");
        (out, sh.session().unwrap().score(), sh.session().unwrap().winner())
    };
    let (out, score, winner) = run(7);
    let w = winner.expect("the match is over");
    assert_eq!(score[w], 3);
    assert!(score[1 - w] < 3);
    assert!(out.contains(" has won the match."), "{out}");
    assert!(out.contains(" GNU Backgammon  Position ID: "));
    assert_eq!(run(7).0, out, "same seed, same match");
    assert_ne!(run(8).0, out);
}

#[test]
fn human_turns_moves_in_gnubg_spellings_and_undo() {
    let mut sh = quick_shell(3);
    sh.execute("set player 0 human");
    sh.execute("set player 1 human");
    sh.execute("new session");
    // the position and dice are ours to choose: X (player 1) on roll with 42 at the start
    let out = sh.execute("set matchid cIkFAAAAAAAA");
    assert!(out.contains("Rolled 31"), "{out}");
    let g = sh.session().unwrap().game().unwrap();
    assert_eq!((g.on_roll(), g.dice()), (1, Some((3, 1))));
    let out = sh.execute("8/5 6/5");
    assert!(out.contains("Position ID: "), "{out}");
    assert_eq!(sh.session().unwrap().game().unwrap().on_roll(), 0);
    let out = sh.execute("undo");
    assert!(out.contains("Rolled 31"), "{out}");
    let out = sh.execute("m 6/5 8/5");
    assert!(!out.contains("Illegal"), "{out}");
    sh.execute("set dice 4 4");
    sh.execute("roll");
    assert_eq!(sh.session().unwrap().game().unwrap().dice(), Some((4, 4)));
    let out = sh.execute("move 13/9(2) 6/2(2)");
    assert!(!out.contains("Illegal"), "{out}");
    assert_eq!(sh.execute("move 24/20").trim(), "You must roll the dice before you can move.");
    assert_eq!(sh.session().unwrap().game().unwrap().on_roll(), 1);
}

#[test]
fn every_error_is_one_line_and_the_session_goes_on() {
    let mut sh = quick_shell(1);
    sh.execute("set player 0 human");
    sh.execute("set player 1 human");
    let cases = [
        ("show board", "No position specified and no game in progress."),
        ("roll", NO_GAME),
        ("double", NO_GAME),
        ("frobnicate", "Unknown keyword `frobnicate'."),
        ("new match 0", "You must specify a match length from 1 to 64 (see `help new match')."),
        ("new match x", "You must specify a match length from 1 to 64 (see `help new match')."),
        ("set seed x", "You must specify a valid seed (see `help set seed')."),
        ("set dice 7 1", "You must specify two numbers from 1 to 6 for the dice."),
        ("set player 2 human", "Unknown player `2' (see `help set player')."),
        ("set player 0 foo", "Unknown keyword `foo' (see `help set player')."),
        ("set player 0 chequerplay evaluation plies 9", "Valid numbers of plies to look ahead are 0 to 4."),
        ("set player 0 level godlike", ""),
        ("set board xyz", ""),
        ("set matchid xx", "Illegal match ID 'xx'"),
        ("set crawford maybe", "You must specify either `on' or `off' (see `help set crawford')."),
        ("set variant chess", ""),
        ("set beavers 99", ""),
        ("help nosuch", "No help available for topic `nosuch'"),
        ("load match /nonexistent/x.sgf", ""),
        ("import mat /nonexistent/x.mat", ""),
        ("save match", "You must specify a file (usage: save match FILE)."),
        ("export match mat /tmp/never-written.mat", NO_GAME),
        ("analyse game", NO_GAME),
        ("show statistics match", NO_GAME),
    ];
    for (command, want) in cases {
        let out = sh.execute(command);
        assert_eq!(lines(&out).len(), 1, "{command}: {out}");
        if !want.is_empty() {
            assert_eq!(out.trim_end(), want, "{command}");
        }
    }
    sh.execute("new match 5");
    let in_game = [
        ("move 8/4 6/4", "Illegal or unparsable move."),
        ("move 1/2", "Illegal or unparsable move."),
        ("move", "Illegal or unparsable move."),
        ("take", "The cube must have been offered before you can take it."),
        ("drop", "The cube must have been offered before you can drop it."),
        ("beaver", "The cube must have been offered before you can take it."),
        ("double", "You can't double after rolling the dice -- wait until your next turn."),
        ("roll", "You have already rolled the dice."),
        ("accept", "You can only accept or reject if the cube or a resignation has been offered."),
        ("resign foo", "Unknown keyword `foo' (see `help resign')."),
        ("hint 0", "hint: the number of moves to show must be a positive integer."),
        ("hint x", "hint: the number of moves to show must be a positive integer."),
        ("new game", "A game is already in progress."),
        ("eval now", "`eval' takes no arguments."),
    ];
    for (command, want) in in_game {
        let out = sh.execute(command);
        assert_eq!(out.trim_end(), want, "{command}");
    }
    // and the game still goes on
    let g = sh.session().unwrap().game().unwrap();
    assert_eq!(g.phase(), Phase::Play);
    let play = g.legal_plays()[0].notation();
    let out = sh.execute(&format!("move {play}"));
    assert!(out.contains("Position ID"), "{out}");
    let out = sh.execute("double");
    assert!(out.contains("doubles."), "{out}");
    let out = sh.execute("beaver");
    assert_eq!(out.trim_end(), "Beavers and Raccoons are not permitted during match play.");
    let out = sh.execute("take");
    assert!(out.contains("accepts the cube."), "{out}");
}

#[test]
fn the_computer_answers_doubles_and_resignations() {
    let mut sh = quick_shell(5);
    sh.execute("set player 1 human");
    sh.execute("new session");
    // a hopeless position for the computer (player 0): we double and it drops
    // X (player 1, the user) on roll bears off next turn; O has not left its 20 point
    let won = Position::from_points(&[(1, 2)], &[(20, 15)]).unwrap().id();
    sh.execute("set matchid MAEAAAAAAAAA");
    let out = sh.execute(&format!("set board {won}"));
    assert!(out.contains(&format!("Position ID: {won}")), "{out}");
    let out = sh.execute("double");
    assert!(out.contains("gnubg refuses the cube and gives up 1 point."), "{out}");
    assert!(out.contains("user wins a single game and 1 point."), "{out}");
    // the other way round: the user resigns; a single game is refused, a gammon accepted
    let lost = Position::from_points(&[(12, 15)], &[(1, 2)]).unwrap().id();
    sh.execute("new game");
    sh.execute("set matchid MAEAAAAAAAAA");
    sh.execute(&format!("set board {lost}"));
    let out = sh.execute("resign");
    assert!(
        out.contains("user offers to resign a single game.") && out.contains("gnubg declines the single game."),
        "{out}"
    );
    let out = sh.execute("resign gammon");
    assert!(out.contains("gnubg accepts and wins a gammon."), "{out}");
    // `set matchid` set the score to 0-0 again
    assert_eq!(sh.session().unwrap().score(), [2, 0]);
}

#[test]
fn hint_lists_plays_and_cube_in_gnubgs_layout() {
    let mut sh = quick_shell(1);
    sh.execute("set player 1 human");
    sh.execute("new match 5");
    if sh.session().unwrap().game().unwrap().phase() == Phase::Roll {
        sh.execute("roll");
    }
    let out = sh.execute("hint 3");
    let l = lines(&out);
    assert_eq!(l.len(), 9, "{out}");
    assert!(l[0].starts_with("    1. Cubeful 0-ply    ") && l[0][53..].starts_with("Eq.: "), "{out}");
    assert!(l[3].starts_with("    2. Cubeful 0-ply    ") && l[3].ends_with(')'), "{out}");
    assert_eq!(l[2], "        0-ply cubeful prune [expert]");
    let g = sh.session().unwrap().game().unwrap();
    let probs: Vec<f64> = l[1].split_whitespace().filter(|t| *t != "-").map(|t| t.parse().unwrap()).collect();
    assert_eq!(probs.len(), 6);
    assert!((probs[0] + probs[3] - 1.0).abs() < 0.0015, "{out}");
    // the best play is the computer's own choice at the same level
    let best = l[0][24..53].trim().to_string();
    assert!(g.legal_plays().iter().any(|p| p.notation() == best));
    sh.execute(&format!("move {best}"));
    let out = sh.execute("hint");
    assert!(out.contains("Cube analysis") && out.contains("Proper cube action: "), "{out}");
}

#[test]
fn completion_and_help() {
    let sh = Shell::new(1);
    assert_eq!(sh.completions("sh"), ["show"]);
    assert!(sh.completions("show ").contains(&"board".to_string()));
    assert_eq!(sh.completions("set player"), ["player"]);
    let mut sh = sh;
    let out = sh.execute("help new match");
    assert_eq!(out, "new match - Start a new match\n\nUsage: new match <length>\n");
    assert!(sh.execute("help").lines().count() > 40);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Random command lines built from the command words and junk never panic, and every
    /// error is answered on one line.
    #[test]
    fn random_command_lines_never_panic(
        lines in proptest::collection::vec(
            proptest::collection::vec(
                prop_oneof![
                    proptest::sample::select(vec![
                        "new", "match", "game", "session", "roll", "move", "m", "double", "take", "drop", "pass",
                        "beaver", "redouble", "resign", "accept", "reject", "undo", "play", "set", "player", "board",
                        "matchid", "dice", "seed", "rng", "crawford", "jacoby", "beavers", "variant", "cube", "use",
                        "show", "score", "pipcount", "hint", "help", "0", "1", "2", "6", "-1", "99999999999999999999",
                        "human", "gnu", "on", "off", "8/4", "6/4", "bar/22", "6/off", "13/7*/1", "8/4(2)", "24/18",
                        "4HPwATDgc/ABMA", "cAkFAAAAAAAA", "gammon", "level", "expert", "evaluation", "plies",
                        "chequerplay", "nackgammon", "hypergammon1", "automatic", "doubles", "automaticdoubles",
                        "statistics", "//", "(", "*", "bar", "off", "eval", "quit",
                    ]).prop_map(str::to_string),
                    "[ -~]{0,12}",
                ],
                0..6,
            ),
            1..40,
        )
    ) {
        let mut sh = quick_shell(11);
        // humans on both sides, so the random lines act in a game in progress
        sh.execute("set player both human");
        sh.execute("new match 5");
        for words in lines {
            let line = words.join(" ");
            if line.trim().starts_with('q') || line.contains("rollout") || line.contains("exit") {
                continue;
            }
            let out = sh.execute(&line);
            // an unknown command or a bad argument is one line; actions may print boards
            if out.starts_with("Unknown keyword") {
                prop_assert_eq!(out.lines().count(), 1);
            }
            if let Some(s) = sh.session() {
                let m = s.match_state();
                prop_assert_eq!(crate::rules::match_id::MatchState::from_id(&m.id()), Ok(m));
            }
        }
    }
}

/// Hostile arguments: numbers out of every range, NaN and infinities, long and odd text.
fn hostile_arg() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(vec![
            "0",
            "1",
            "2",
            "-1",
            "65",
            "1000001",
            "99999999999999999999",
            "-99999999999999999999",
            "NaN",
            "nan",
            "inf",
            "-inf",
            "infinity",
            "1e309",
            "0x10",
            "1.5",
            "+3",
            "=0",
            "=1",
            "=999999999999",
            "both",
            "human",
            "gnu",
            "name",
            "on",
            "off",
            "plies",
            "evaluation",
            "chequerplay",
            "cubedecision",
            "level",
            "world",
            "class",
            "4HPwATDgc/ABMA",
            "cAkFAAAAAAAA",
            "8/4",
            "bar/22",
            "6/off",
            "25/0",
            "8/4(99999999999)",
            "/",
            "*",
            "(",
            "\u{0}",
            "\u{7f}",
            "é",
            "\u{202e}",
            "🎲",
            "/nonexistent/gammon-go/x",
            "..",
            ".",
        ])
        .prop_map(str::to_string),
        "[ -~]{0,20}",
        // long words: error replies must quote a bounded part
        ("[a-zA-Z0-9/=]{1,3}", 100usize..5000).prop_map(|(w, n)| w.repeat(n)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every command word of the registry, with hostile arguments: nothing panics, and every
    /// error is one line of at most MAX_ERROR_CHARS characters whatever was typed.
    #[test]
    fn every_command_with_hostile_arguments(
        picks in proptest::collection::vec((any::<proptest::sample::Index>(), proptest::collection::vec(hostile_arg(), 0..5)), 1..12),
        in_game in any::<bool>(),
    ) {
        let mut sh = quick_shell(5);
        let names: Vec<String> = sh
            .command_names()
            .into_iter()
            // these write files where the test runs, or end the session
            .filter(|n| !["save match", "export match", "export session", "export game", "export position",
                          "quit", "q", "exit"].contains(&n.as_str()))
            .collect();
        sh.execute("set rollout trials 1");
        sh.execute("set player both human");
        if in_game {
            sh.execute("new match 3");
        }
        for (pick, args) in picks {
            let name = pick.get(&names);
            let line = format!("{name} {}", args.join(" "));
            let answer = sh.answer(&line);
            if let Some(e) = &answer.error {
                prop_assert!(!e.contains('\n'), "{line:.200}: {e}");
                prop_assert!(e.chars().count() <= MAX_ERROR_CHARS, "{line:.200}: {e}");
            }
            // nothing typed makes the output hold the typed line whole (names are bounded too)
            prop_assert!(answer.before.len() + answer.after.len() < 200_000, "{line:.200}");
        }
    }
}

/// Regression tests for what the hostile-argument search found and for the limits it checks.
#[test]
fn long_arguments_are_quoted_in_part() {
    let mut sh = quick_shell(1);
    let long = "Z".repeat(10_000);
    for line in [
        format!("{long} 1 2"),
        format!("set board {long}"),
        format!("set matchid {long}"),
        format!("set player {long} human"),
        format!("set player 0 {long}"),
        format!("help {long}"),
        format!("resign {long}"),
    ] {
        let a = sh.answer(&line);
        let e = a.error.unwrap_or_else(|| panic!("{line:.40}: no error"));
        assert!(e.to_ascii_lowercase().contains("zzzz...") && e.len() < 200, "{line:.40}: {e}");
    }
    let e = sh.answer(&format!("set player 0 name {}", "n".repeat(MAX_PLAYER_NAME_CHARS + 1))).error.unwrap();
    assert!(e.contains(&format!("at most {MAX_PLAYER_NAME_CHARS} printable characters")), "{e}");
    assert!(sh.answer(&format!("set player 0 name {}", "n".repeat(MAX_PLAYER_NAME_CHARS))).error.is_none());
    assert!(sh.answer("set player 1 name a\u{7}b").error.is_some());
    let e = sh.answer(&"x".repeat(MAX_LINE_BYTES + 1)).error.unwrap();
    assert!(e.starts_with("Input line is longer than the limit"), "{e}");
}

/// `gammon -t`'s loop: errors go to their own stream, one line each, and are counted; a line
/// over the limit is not held whole; the last line needs no newline.
#[test]
fn batch_runs_report_errors_apart_and_count_them() {
    let mut sh = quick_shell(2);
    let mut input = b"frobnicate\nset dice 9 9\n".to_vec();
    input.resize(input.len() + MAX_LINE_BYTES + 5, b'y');
    input.extend_from_slice(b"\n\xff\nset seed 4");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let summary = sh.run_batch(&input[..], &mut out, &mut err).unwrap();
    assert_eq!(summary, BatchSummary { lines: 5, errors: 4, first_error: Some(1) });
    let err = String::from_utf8(err).unwrap();
    assert_eq!(err.lines().count(), 4, "{err}");
    assert_eq!(err.lines().next(), Some("Unknown keyword `frobnicate'."));
    assert_eq!(String::from_utf8(out).unwrap(), "Seed set to 4.\n");
    // a clean script
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let summary = sh.run_batch(&b"set seed 5\n\n# comment\n"[..], &mut out, &mut err).unwrap();
    assert_eq!((summary.errors, summary.first_error), (0, None));
    assert!(err.is_empty());
}

/// `rollout =1 =1 …`: each play is rolled out once, however often it is named.
#[test]
fn rollout_picks_are_deduplicated() {
    let mut sh = quick_shell(3);
    sh.execute("set player both human");
    sh.execute("set rollout trials 1");
    sh.execute("new session");
    sh.execute("set matchid cIkFAAAAAAAA");
    let out = sh.execute(&["=1"; 500].join(" ").replacen("=1", "rollout =1", 1));
    assert!(out.contains("Rollout of 1 plays"), "{out}");
}

/// The figure after `label` in a line of `rollout`'s cubeful table: (value, standard error).
fn cube_row(out: &str, label: &str) -> (f64, f64) {
    let line = out.lines().find(|l| l.contains(label)).unwrap_or_else(|| panic!("no {label} in {out}"));
    let nums: Vec<f64> = line.split([' ', ')']).filter_map(|t| t.trim_start_matches('+').parse().ok()).collect();
    (nums[1], nums[2])
}

#[test]
fn rollout_of_the_seeds_bearoff_cube_decision() {
    // the seed's two-sided example, money play, centred cube: no double 0.1605 and double/take
    // 2 x 0.1605 = 0.3210 (the opponent then owns a 2-cube) in the exact cubeful database
    let mut sh = quick_shell(11);
    sh.execute("set player 0 human");
    sh.execute("set player 1 human");
    sh.execute("new session");
    sh.execute("set matchid MAEAAAAAAAAA");
    sh.execute("set board CgAAEAEAAAAAAA");
    assert!(sh.execute("show rollout").contains("Cubeful rollout."));
    sh.execute("set rollout trials 1296");
    let out = sh.execute("rollout");
    assert!(out.starts_with("Rollout of CgAAEAEAAAAAAA (1296 games, cubeful, 0-ply, seed 11):"), "{out}");
    let (nd, nd_se) = cube_row(&out, "1. No double");
    let (dt, dt_se) = cube_row(&out, "3. Double, take");
    // the start is in the bearoff databases: truncated there at once, exact
    assert!((nd - 0.1605).abs() < 0.001 && nd_se == 0.0, "{out}");
    assert!((dt - 0.3210).abs() < 0.001 && dt_se == 0.0, "{out}");
    assert!(out.contains("2. Double, pass        +1.000"), "{out}");
    assert!(out.trim_end().ends_with("Proper cube action: Double, take"), "{out}");
    // played out, the games vary; the luck measured by the exact database takes that away
    sh.execute("set rollout bearofftruncation off");
    assert!(sh.execute("show rollout").contains("Will not truncate at the bearoff databases."));
    sh.execute("set rollout varredn off");
    let plain = sh.execute("rollout");
    let (nd, nd_se) = cube_row(&plain, "1. No double");
    assert!(nd_se > 0.01 && (nd - 0.1605).abs() <= 3.0 * nd_se + 0.001, "{plain}");
    sh.execute("set rollout varredn on");
    let reduced = sh.execute("rollout");
    let (nd, nd_se) = cube_row(&reduced, "1. No double");
    let (dt, dt_se) = cube_row(&reduced, "3. Double, take");
    assert!(nd_se < 0.001 && (nd - 0.1605).abs() < 0.001, "{reduced}");
    assert!(dt_se < 0.001 && (dt - 0.3210).abs() < 0.001, "{reduced}");
    // cubeless: the position's table only, the same dice for the same seed
    sh.execute("set rollout cubeful off");
    sh.execute("set rollout trials 72");
    let out = sh.execute("rollout");
    assert!(out.starts_with("Rollout of CgAAEAEAAAAAAA (72 games, cubeless, 0-ply, seed 11):"), "{out}");
    assert!(!out.contains("Cubeful equities"), "{out}");
    assert_eq!(sh.execute("rollout"), out);
}

#[test]
fn rollout_of_plays_after_the_roll_and_the_settings() {
    let mut sh = quick_shell(4);
    sh.execute("set player 0 human");
    sh.execute("set player 1 human");
    sh.execute("new session");
    sh.execute("set matchid cIkFAAAAAAAA"); // player 1 on roll with 31 at the start
    for (line, said) in [
        ("set rollout trials 36", "36 games will be played per rollout."),
        ("set rollout truncation plies 6", "Rollouts will be truncated after 6 plies."),
        ("set rollout chequerplay plies 1", "Chequer play in rollouts will use 1-ply evaluation."),
        ("set rollout seed 9", "Rollout seed set to 9."),
        ("set rollout varredn off", "Will not use variance reduction in rollouts."),
    ] {
        assert!(sh.execute(line).contains(said), "{line}");
    }
    let shown = sh.execute("show rollout");
    for said in ["36 games", "Truncated after 6 plies.", "Variance reduction is disabled.", "seed 9.", "1-ply"] {
        assert!(shown.contains(said), "{said}: {shown}");
    }
    sh.execute("set rollout chequerplay plies 0");
    let out = sh.execute("rollout =2 =1");
    let l = lines(&out);
    assert_eq!(l.len(), 5, "{out}");
    assert!(l[0].starts_with("Rollout of 2 plays (36 games, cubeless, 0-ply, truncated at 6 plies, seed 9):"));
    // best mean first; the second line shows its difference from the first
    let eq = |s: &str| -> f64 { s[s.find("Eq.: ").unwrap() + 5..].split_whitespace().next().unwrap().parse().unwrap() };
    assert!(eq(l[1]) >= eq(l[3]), "{out}");
    assert!(l[3].contains(") (-") || l[3].contains(") (+0.000)"), "{out}");
    assert!(sh.execute("rollout =99").contains("There is no move 99"));
    assert!(sh.execute("rollout 2").contains("is not a move number"));
    assert!(sh.execute("set rollout chequerplay plies 9").contains("from 0 to"));
}
