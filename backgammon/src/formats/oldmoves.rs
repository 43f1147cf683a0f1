//! FIBS `oldmoves` logs, read as gnubg 1.07's `import oldmoves` reads them (its expectations were
//! found by feeding it candidate files, not from its source):
//!
//! ```text
//! Score is 0-0 in a 3 point match.
//! alice is X - bob is O
//! X: (3 1) 8-5 6-5
//! O: (6 4) 24-18 13-9
//! X: doubles
//! O: accepts
//! X: (6 6)
//! O: wins 2 points
//! Score is 0-2 in a 3 point match.
//! alice is X - bob is O
//! ...
//! ```
//!
//! A `Score is A-B in a N point match.` line (A is X's score) opens a game and the players line
//! after it starts it; X is player 0 (gnubg's O, the left column of `.mat`). Each turn is a line
//! `X:` or `O:` followed by the dice in parentheses and the steps, by `doubles`, `accepts`
//! (`accepts the double.`), `rejects`, or `wins [N point(s)]`. A roll with no steps is a forced
//! pass or a roll the player resigned after. Steps are `from-to` with `bar` and `off`; a step that
//! counts upwards (`1-7`, `bar-5`, `19-off`) is in FIBS's numbering from the other side and is
//! turned round, as gnubg does; like gnubg, a move must count all its steps from one side. A first game at a score other than 0-0 starts from the opening
//! position at that score, as gnubg's import does.
//!
//! Where gnubg only warns and goes on (an unknown line, a roll under the wrong letter, a `Score`
//! line that disagrees with the games before it), this reader refuses the file with the line, so
//! that a damaged log is never taken for a different match. gnubg records `wins N points` before
//! the game is over as a single game at the cube; this reader takes N at its word (a gammon when N
//! is twice the cube). This module owns the syntax only; the replay is [`Builder`]'s.

use super::{Builder, FormatError, MatchRecord, Step};
use crate::rules::cube::Cube;
use crate::rules::game::Action;
use crate::rules::player::PlayerId;
use crate::rules::session::Rules;
use crate::rules::variant::Variant;

/// Reads a FIBS `oldmoves` log (see the module documentation).
pub fn read(text: &str) -> Result<MatchRecord, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut builder: Option<Builder> = None;
    let mut players: Option<[String; 2]> = None;
    // the score of the last `Score is` line, until a players line starts its game
    let mut announced: Option<[u32; 2]> = None;
    // a first game at a score other than 0-0 waits for its first mover to be set up
    let mut pending_start: Option<[u32; 2]> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        super::check_line_length(line, raw)?;
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        if let Some((score, length)) = score_line(t, line)? {
            match builder.as_ref() {
                None => builder = Some(Builder::new(Rules::match_to(length, Variant::Standard), line)?),
                Some(b) => {
                    if b.session.rules().match_length != length {
                        return Err(FormatError::invalid(
                            line,
                            format!("a {length} point match, but the log began as a {} point match", {
                                b.session.rules().match_length
                            }),
                        ));
                    }
                    if pending_start.is_some() || b.session.game().is_some_and(|g| !g.is_over()) {
                        return Err(FormatError::invalid(line, "a new game starts before the last one ended"));
                    }
                }
            }
            announced = Some(score);
            continue;
        }
        let Some(b) = builder.as_mut() else {
            return Err(FormatError::invalid(line, "expected \"Score is A-B in a N point match.\" first"));
        };
        if let Some(names) = players_line(t) {
            let Some(score) = announced.take() else {
                return Err(FormatError::invalid(line, "a players line without a \"Score is\" line before it"));
            };
            if let Some(known) = &players {
                if *known != names {
                    return Err(FormatError::invalid(
                        line,
                        format!("the players are {} and {}, not {} and {}", known[0], known[1], names[0], names[1]),
                    ));
                }
            }
            players.get_or_insert(names);
            if b.session.games().is_empty() && score != [0, 0] {
                pending_start = Some(score);
            } else if score != b.session.score() {
                let [x, o] = b.session.score();
                return Err(FormatError::invalid(
                    line,
                    format!("the score is {}-{} by the games before, not {x}-{o}", score[0], score[1]),
                ));
            } else {
                b.new_game(line)?;
            }
            continue;
        }
        let (player, rest, rest_at) = turn_label(raw, line)?;
        if let Some(score) = pending_start.take() {
            let start = Variant::Standard.starting_position();
            b.session.set_up(score, true, start, player, Cube::default()).map_err(|source| FormatError::Illegal {
                line,
                what: "the first game at the announced score".into(),
                source,
            })?;
        }
        if b.session.game().is_none() || announced.is_some() {
            return Err(FormatError::invalid(line, "a turn before the players line that starts the game"));
        }
        turn(b, player, rest, rest_at, line)?;
    }
    let Some(builder) = builder else {
        return Err(FormatError::invalid(text.lines().count().max(1), "no \"Score is\" line"));
    };
    let players = players.unwrap_or_else(|| ["Player 1".into(), "Player 2".into()]);
    Ok(MatchRecord::new(builder.finish(text.lines().count().max(1))?, players))
}

/// `Score is A-B in a N point match.`: ([A, B], N).
fn score_line(t: &str, line: usize) -> Result<Option<([u32; 2], u16)>, FormatError> {
    let Some(rest) = t.strip_prefix("Score is ") else {
        return Ok(None);
    };
    let bad = || FormatError::syntax(line, 1, "expected \"Score is A-B in a N point match.\"");
    let words: Vec<&str> = rest.trim_end_matches('.').split_whitespace().collect();
    let [score, "in", "a", length, "point" | "points", "match"] = words[..] else {
        return Err(bad());
    };
    let (a, b) = score.split_once('-').ok_or_else(bad)?;
    let number = |s: &str| s.parse::<u32>().ok().filter(|_| s.bytes().all(|c| c.is_ascii_digit()));
    let (Some(a), Some(b)) = (number(a), number(b)) else {
        return Err(bad());
    };
    let length = number(length).and_then(|n| u16::try_from(n).ok()).ok_or_else(bad)?;
    if length == 0 {
        return Err(FormatError::invalid(line, "a 0 point match (money play) is not an oldmoves match"));
    }
    Ok(Some(([a, b], length)))
}

/// `alice is X - bob is O`: [X's name, O's name].
fn players_line(t: &str) -> Option<[String; 2]> {
    let (x, o) = t.split_once(" - ")?;
    let x = x.trim().strip_suffix(" is X")?.trim();
    let o = o.trim().strip_suffix(" is O")?.trim();
    (!x.is_empty() && !o.is_empty()).then(|| [x.to_string(), o.to_string()])
}

/// `X: rest` or `O: rest`: the player (X is player 0), the rest and its 0-based column.
fn turn_label(raw: &str, line: usize) -> Result<(PlayerId, &str, usize), FormatError> {
    let lead = raw.len() - raw.trim_start().len();
    let t = raw.trim_start();
    let player = if t.starts_with("X:") {
        0
    } else if t.starts_with("O:") {
        1
    } else {
        return Err(FormatError::syntax(line, lead + 1, "expected \"X:\", \"O:\", \"Score is\" or a players line"));
    };
    Ok((player, &t[2..], lead + 2))
}

/// One turn of `player`: a roll and its play, a cube action or a result.
fn turn(b: &mut Builder, player: PlayerId, rest: &str, rest_at: usize, line: usize) -> Result<(), FormatError> {
    let toks = tokens(rest, rest_at);
    let Some(&(first_at, first)) = toks.first() else {
        return Err(FormatError::syntax(line, rest_at + 1, "a turn with nothing in it"));
    };
    let word = first.to_ascii_lowercase();
    let column = first_at + 1;
    if first.starts_with('(') {
        return roll(b, player, &toks, line);
    }
    match word.as_str() {
        "doubles" | "doubles." => b.cube(player, Action::Double, line),
        "accepts" | "accepts." => b.cube(player, Action::Take, line),
        "rejects" | "rejects." => b.cube(player, Action::Drop, line),
        "wins" | "wins." => {
            let points = match toks.get(1) {
                None => b.session.game().map_or(1, |g| g.cube().value()),
                Some(&(at, n)) => n.parse::<u32>().map_err(|_| FormatError::syntax(line, at + 1, "expected points"))?,
            };
            if let Some(&(at, unit)) = toks.get(2) {
                if !matches!(unit.trim_end_matches('.'), "point" | "points") {
                    return Err(FormatError::syntax(line, at + 1, "expected \"point(s)\""));
                }
            }
            b.wins(player, points, line)
        }
        _ => Err(FormatError::syntax(line, column, format!("unknown turn \"{first}\""))),
    }
}

/// Words of `s` with their 0-based columns in the line (`offset` is where `s` starts).
fn tokens(s: &str, offset: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(st)) => {
                out.push((offset + st, &s[st..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(st) = start {
        out.push((offset + st, &s[st..]));
    }
    out
}

/// `(d1 d2) from-to ...`.
fn roll(b: &mut Builder, player: PlayerId, toks: &[(usize, &str)], line: usize) -> Result<(), FormatError> {
    let (at, first) = toks[0];
    let bad_dice = || FormatError::syntax(line, at + 1, "expected the dice as \"(d1 d2)\"");
    let (d1, d2, steps_from) = match first.strip_prefix('(').and_then(|s| s.strip_suffix(')')) {
        // `(31)` with no space
        Some(both) if both.len() == 2 => (die(&both[..1]), die(&both[1..]), 1),
        Some(_) => return Err(bad_dice()),
        None => {
            let d1 = first.strip_prefix('(').and_then(die);
            let d2 = toks.get(1).and_then(|&(_, t)| t.strip_suffix(')')).and_then(die);
            (d1, d2, 2)
        }
    };
    let (Some(d1), Some(d2)) = (d1, d2) else {
        return Err(bad_dice());
    };
    let mut steps: Vec<Step> = Vec::new();
    let mut direction = None;
    for &(at, tok) in toks.iter().skip(steps_from) {
        if steps.len() == super::MAX_PLAY_STEPS {
            return Err(FormatError::syntax(
                line,
                at + 1,
                format!("more than {} steps in one play", super::MAX_PLAY_STEPS),
            ));
        }
        let (s, upwards) = step(tok).map_err(|m| FormatError::syntax(line, at + 1, m))?;
        // gnubg refuses a move that counts some steps from one side and some from the other
        if *direction.get_or_insert(upwards) != upwards {
            return Err(FormatError::syntax(line, at + 1, "this step counts from the other side than the ones before"));
        }
        steps.push(s);
    }
    b.roll_and_play(player, (d1, d2), &steps, line)
}

fn die(s: &str) -> Option<u8> {
    s.parse::<u8>().ok().filter(|d| (1..=6).contains(d) && s.len() == 1)
}

/// `8-5`, `bar-20`, `3-off`, or counting upwards from the other side: `1-7`, `bar-5`, `19-off`.
/// Also says whether the step counted upwards.
fn step(tok: &str) -> Result<(Step, bool), String> {
    let bad = || format!("expected a step \"from-to\", found \"{tok}\"");
    let (from, to) = tok.split_once('-').ok_or_else(bad)?;
    // None: the bar (as a start) or off (as an end)
    let point = |s: &str, special: &str| -> Result<Option<u8>, String> {
        if s.eq_ignore_ascii_case(special) {
            return Ok(None);
        }
        match s.parse::<u8>() {
            Ok(n) if (1..=24).contains(&n) && s.bytes().all(|c| c.is_ascii_digit()) => Ok(Some(n)),
            Ok(25) if special == "bar" => Ok(None),
            _ => Err(bad()),
        }
    };
    let (from, to) = (point(from, "bar")?, point(to, "off")?);
    let upwards = match (from, to) {
        (Some(f), Some(t)) => f < t,
        (None, Some(t)) => t <= 6,
        (Some(f), None) => f >= 19,
        (None, None) => return Err(bad()),
    };
    let own = |p: Option<u8>, special: u8| match p {
        None => special,
        Some(n) if upwards => 25 - n,
        Some(n) => n,
    };
    Ok(((own(from, 25), own(to, 0)), upwards))
}

#[cfg(test)]
mod tests {
    use super::super::{mat, tests_support};
    use super::*;
    use crate::rules::game::{Ending, GameEvent, Phase};
    use crate::rules::score::WinKind;
    use crate::rules::session::Session;
    use engine_core::dice::Dice;
    use proptest::prelude::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A short 5-point match, hand-made and checked move by move on a board: alice opens 64 with
    /// 24/18 13/9 (written from the other side: 1-7 12-16), bob hits with 61, alice enters from the bar,
    /// doubles, bob takes, alice resigns a single game at the cube (2 points); game 2 is bob's
    /// opening and a double alice rejects.
    const GAME: &str = "Score is 0-0 in a 5 point match.
alice is X - bob is O
X: (6 4) 1-7 12-16
O: (6 1) 13-7 8-7
X: (5 2) bar-20 13-11
O: (3 3) 6-3 6-3 13-10 13-10
X: doubles
O: accepts the double.
X: (6 5)
X: wins 0 points
";

    fn fixed(text: &str) -> String {
        // the last line is replaced by the tests below
        text.replace("X: wins 0 points\n", "O: wins 2 points\nScore is 0-2 in a 5 point match.\nalice is X - bob is O\nO: (4 2) 8-4 6-4\nX: doubles\nO: rejects\n")
    }

    #[test]
    fn reads_a_hand_made_match() {
        let rec = read(&fixed(GAME)).unwrap();
        assert_eq!(rec.players, ["alice".to_string(), "bob".to_string()]);
        let s = &rec.session;
        assert_eq!(s.rules().match_length, 5);
        assert_eq!(s.games().len(), 2);
        let g1 = &s.games()[0];
        let r1 = g1.result().unwrap();
        assert_eq!((r1.winner, r1.points), (1, 2));
        assert_eq!(g1.cube().value(), 2);
        // alice's 64 is 24/18 13/9 whichever way its steps are counted; bob's 61 hits her on 18
        let plays: Vec<_> = g1
            .events()
            .iter()
            .filter_map(|e| match e {
                GameEvent::Play { player, play, .. } => {
                    Some((*player, play.steps().iter().map(|s| (s.from, s.to, s.hit)).collect::<Vec<_>>()))
                }
                _ => None,
            })
            .collect();
        let mut first = plays[0].1.clone();
        first.sort();
        assert_eq!(first, vec![(13, 9, false), (24, 18, false)]);
        assert!(plays[1].1.iter().any(|&(_, to, hit)| to == 7 && hit));
        assert_eq!(plays[2].1.iter().filter(|s| s.0 == 25).count(), 1);
        // alice resigned with her 65 rolled and unplayed
        assert!(g1.events().iter().any(|e| matches!(e, GameEvent::Resign { player: 0, kind: WinKind::Single })));
        let g2 = &s.games()[1];
        let r2 = g2.result().unwrap();
        assert_eq!((r2.winner, r2.points, r2.ending), (0, 1, Ending::Dropped));
        assert_eq!(s.score(), [1, 2]);
    }

    #[test]
    fn errors_carry_lines() {
        let text = fixed(GAME);
        let cases = [
            // an illegal play: bob's 13-7 on line 4 becomes 13-6
            (text.replace("O: (6 1) 13-7 8-7", "O: (6 1) 13-6 8-7"), 4),
            // a turn under the wrong letter
            (text.replace("X: (5 2)", "O: (5 2)"), 5),
            // an unknown line
            (text.replace("X: doubles\nO: accepts", "X: redoubles\nO: accepts"), 7),
            // a score that disagrees with the games before it (line 11)
            (text.replace("Score is 0-2", "Score is 0-1"), 12),
            // a step that is no step
            (text.replace("8-4 6-4", "8-4 6/4"), 13),
            // turns before any game
            ("X: (3 1) 8-5 6-5\n".to_string(), 1),
            ("Score is 0-0 in a 3 point match.\nX: (3 1) 8-5 6-5\n".to_string(), 2),
        ];
        for (input, line) in cases {
            let e = read(&input).unwrap_err();
            assert_eq!(e.line(), line, "{e}");
        }
        assert!(read("").is_err());
    }

    #[test]
    fn steps_from_either_side() {
        assert_eq!(step("8-5"), Ok(((8, 5), false)));
        assert_eq!(step("1-7"), Ok(((24, 18), true)));
        assert_eq!(step("bar-20"), Ok(((25, 20), false)));
        assert_eq!(step("bar-5"), Ok(((25, 20), true)));
        assert_eq!(step("25-20"), Ok(((25, 20), false)));
        assert_eq!(step("3-off"), Ok(((3, 0), false)));
        assert_eq!(step("22-off"), Ok(((3, 0), true)));
        assert!(step("0-5").is_err());
        assert!(step("bar-off").is_err());
        assert!(step("26-3").is_err());
    }

    #[test]
    fn a_first_game_at_a_score_starts_there() {
        let text = "Score is 2-1 in a 5 point match.\nalice is X - bob is O\nO: (3 1) 8-5 6-5\nX: (6 4) 24-18 13-9\n";
        let rec = read(text).unwrap();
        assert_eq!(rec.session.score(), [2, 1]);
        assert_eq!(rec.session.game().unwrap().to_act(), Some(1));
        assert_eq!(rec.session.game().unwrap().phase(), Phase::Roll);
    }

    /// Writes `session` as an oldmoves log the way gnubg reads it: the test's own writer, so that
    /// gnubg can replay matches we played.
    /// With `x_upwards`, X's steps count from O's side (`1-7`), as FIBS's own numbering does.
    fn write(session: &Session, names: [&str; 2], x_upwards: bool) -> String {
        let label = |p: PlayerId| if p == 0 { "X" } else { "O" };
        let point = |n: u8, special: &str, up: bool| match n {
            0 | 25 => special.to_string(),
            n if up => (25 - n).to_string(),
            n => n.to_string(),
        };
        let mut out = String::new();
        let mut score = [0u32; 2];
        for g in session.games() {
            out += &format!("Score is {}-{} in a {} point match.\n", score[0], score[1], session.rules().match_length);
            out += &format!("{} is X - {} is O\n", names[0], names[1]);
            let mut pending_roll: Option<(PlayerId, (u8, u8))> = None;
            for e in g.events() {
                match *e {
                    GameEvent::Play { player, dice, play, .. } => {
                        let steps: Vec<String> = play
                            .steps()
                            .iter()
                            .map(|s| {
                                let up = x_upwards && player == 0;
                                format!("{}-{}", point(s.from, "bar", up), point(s.to, "off", up))
                            })
                            .collect();
                        out += &format!("{}: ({} {}) {}\n", label(player), dice.0, dice.1, steps.join(" "));
                        pending_roll = None;
                    }
                    GameEvent::Roll { player, dice } => pending_roll = Some((player, dice)),
                    GameEvent::Pass { player, dice } => {
                        out += &format!("{}: ({} {})\n", label(player), dice.0, dice.1);
                        pending_roll = None;
                    }
                    GameEvent::Double { player, .. } => out += &format!("{}: doubles\n", label(player)),
                    GameEvent::Take { player, .. } => out += &format!("{}: accepts\n", label(player)),
                    GameEvent::Drop { player } => out += &format!("{}: rejects\n", label(player)),
                    GameEvent::AcceptResignation { player, kind } => {
                        if let Some((p, dice)) = pending_roll.take() {
                            out += &format!("{}: ({} {})\n", label(p), dice.0, dice.1);
                        }
                        let points = kind as u32 * g.cube().value();
                        out += &format!("{}: wins {}\n", label(player), super::super::points_text(points));
                    }
                    // FIBS announces a game borne off too; the reader checks it against the board
                    GameEvent::End(r) if r.ending == Ending::BoreOff => {
                        out += &format!("{}: wins {}\n", label(r.winner), super::super::points_text(r.points));
                    }
                    _ => {}
                }
            }
            if let Some(r) = g.result() {
                score[r.winner] += r.points;
            }
        }
        out
    }

    fn random_match(seed: u64, length: u16, single_resignations: bool) -> Session {
        let mut rng = StdRng::seed_from_u64(seed);
        loop {
            let mut s = Session::new(Rules::match_to(length, Variant::Standard), Dice::seeded(rng.random())).unwrap();
            tests_support::play_random(&mut s, &mut rng, 40);
            // gnubg takes any resignation in an oldmoves log for a single game
            let ok = !single_resignations
                || s.games().iter().all(|g| {
                    g.events()
                        .iter()
                        .all(|e| !matches!(e, GameEvent::AcceptResignation { kind, .. } if *kind != WinKind::Single))
                });
            if ok {
                return s;
            }
        }
    }

    #[test]
    fn our_matches_read_back_event_for_event() {
        for seed in 0..20 {
            let s = random_match(seed, 5, false);
            let text = write(&s, ["alice", "bob"], seed % 2 == 1);
            let rec = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(rec.session.score(), s.score(), "{text}");
            assert_eq!(rec.session.games().len(), s.games().len());
            for (a, b) in rec.session.games().iter().zip(s.games()) {
                assert_eq!(tests_support::recordable(a), tests_support::recordable(b));
            }
        }
    }

    /// gnubg 1.07 imports the same logs and exports them as `.mat`: our reading of the log and our
    /// reading of gnubg's `.mat` agree on every recorded event and on the score.
    #[test]
    fn gnubg_reads_the_same_matches() {
        let gnubg = std::path::Path::new("/usr/games/gnubg");
        if !test_support::require_path(gnubg, test_support::GNUBG) {
            return;
        }
        let dir = std::env::temp_dir().join(format!("bg-oldmoves-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut compared = 0;
        let mut all_logs = String::new();
        let mut borne_off = 0;
        for seed in 100..108 {
            let s = random_match(seed, 5, true);
            let mut logs = vec![write(&s, ["alice", "bob"], seed % 2 == 1)];
            if seed == 100 {
                logs.push(fixed(GAME));
            }
            for log in logs {
                let ours = read(&log).unwrap();
                let src = dir.join("m.txt");
                let mat_path = dir.join("m.mat");
                let _ = std::fs::remove_file(&mat_path);
                std::fs::write(&src, &log).unwrap();
                let script = format!("import oldmoves {}\nexport match mat {}\n", src.display(), mat_path.display());
                let out = std::process::Command::new(gnubg)
                    .args(["-t", "-q"])
                    .stdin(std::process::Stdio::piped())
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .and_then(|mut c| {
                        use std::io::Write;
                        c.stdin.take().unwrap().write_all(script.as_bytes())?;
                        c.wait_with_output()
                    })
                    .unwrap();
                let said = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
                assert!(!said.contains("Unrecognised") && !said.contains("Illegal"), "{said}\n{log}");
                let theirs = mat::read(&std::fs::read_to_string(&mat_path).unwrap()).unwrap();
                assert_eq!(theirs.players, ours.players);
                assert_eq!(theirs.session.score(), ours.session.score(), "{log}");
                assert_eq!(theirs.session.games().len(), ours.session.games().len());
                for (a, b) in theirs.session.games().iter().zip(ours.session.games()) {
                    assert_eq!(tests_support::recordable(a), tests_support::recordable(b), "{log}");
                }
                compared += 1;
                all_logs += &log;
                borne_off += ours
                    .session
                    .games()
                    .iter()
                    .filter(|g| g.result().is_some_and(|r| r.ending == Ending::BoreOff))
                    .count();
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(compared, 9);
        // the comparison covered every kind of line: cube actions, resignations, the bar, bearing
        // off, forced passes (a roll alone on its line) and several games
        for kind in ["doubles", "accepts", "rejects", "wins", "bar-", "-off", "Score is 1-"] {
            assert!(all_logs.contains(kind), "no {kind} in the logs compared");
        }
        assert!(all_logs.lines().any(|l| l.ends_with(')')));
        assert!(borne_off > 0, "no game borne off (and announced with `wins`) in the logs compared");
    }

    fn check(result: Result<MatchRecord, FormatError>, input: &str) -> Result<(), TestCaseError> {
        if let Err(e) = result {
            let lines = input.matches('\n').count() + input.matches('\r').count() + 1;
            prop_assert!(e.line() >= 1 && e.line() <= lines + 1, "{e} for {input:?}");
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn random_text_never_panics(s in "\\PC{0,300}", bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            check(read(&s), &s)?;
            let lossy = String::from_utf8_lossy(&bytes).into_owned();
            check(read(&lossy), &lossy)?;
            let prefixed = format!("Score is 0-0 in a 3 point match.\nalice is X - bob is O\n{s}");
            check(read(&prefixed), &prefixed)?;
        }

        #[test]
        fn mutated_logs_never_panic(edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6)) {
            let m = crate::formats::tests_support::mutate(&fixed(GAME), &edits);
            check(read(&m), &m)?;
        }
    }
}
