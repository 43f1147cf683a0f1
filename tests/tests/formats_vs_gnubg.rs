//! Interop of `backgammon::formats` with the real gnubg 1.07: (a) we read the `.mat` and SGF
//! files of matches gnubg played against itself and agree with gnubg's own score and game count;
//! (b) gnubg reads the `.mat` and SGF files of matches we played (seeded random legal plays) and
//! reports the same score, and its re-export of our match reads back to the same moves.

use backgammon::formats::{mat, sgf, MatchRecord};
use backgammon::rules::game::{Action, Game, GameEvent, Phase};
use backgammon::rules::score::WinKind;
use backgammon::rules::session::{Rules, Session};
use backgammon::rules::variant::Variant;
use engine_core::dice::Dice;
use interop_tests::{gnubg_batch, have_gnubg, recorded_moves};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

fn gnubg_available() -> bool {
    have_gnubg()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("formats-vs-gnubg-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs gnubg in batch mode with `script` on stdin and returns its standard output.
fn gnubg(script: &str) -> String {
    let out = gnubg_batch(script);
    // gnubg reports import problems ("Take record found but doesn't follow a double") on stderr
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    text
}

/// The last "The score (after N games) is: A a, B b" gnubg printed: (games, [a, b]).
fn last_score(output: &str, names: [&str; 2]) -> (usize, [u32; 2]) {
    let line = output
        .lines()
        .rev()
        .find_map(|l| l.find("The score (after ").map(|i| &l[i..]))
        .unwrap_or_else(|| panic!("no score in gnubg's output:\n{output}"));
    let games: usize =
        line["The score (after ".len()..].split_whitespace().next().unwrap().parse().expect("game count");
    let rest = &line[line.find("is: ").expect("is:") + 4..];
    let mut score = [0u32; 2];
    for (p, name) in names.iter().enumerate() {
        let at = rest.find(&format!("{name} ")).unwrap_or_else(|| panic!("{name} in {line}"));
        let digits: String = rest[at + name.len() + 1..].chars().take_while(char::is_ascii_digit).collect();
        score[p] = digits.parse().unwrap();
    }
    (games, score)
}

/// Points won per player, not capped at the match length (gnubg's `show score` does not cap).
fn raw_score(session: &Session) -> [u32; 2] {
    let mut s = [0; 2];
    for g in session.games() {
        if let Some(r) = g.result() {
            s[r.winner] += r.points;
        }
    }
    s
}

#[test]
fn we_read_matches_gnubg_played_against_itself() {
    if !gnubg_available() {
        return;
    }
    let dir = temp_dir("a");
    let mut games_checked = 0;
    for seed in [7, 1, 2] {
        let (m, s) = (dir.join(format!("m{seed}.mat")), dir.join(format!("m{seed}.sgf")));
        let script = format!(
            "set seed {seed}\nset player 0 gnubg\nset player 1 gnubg\n\
             set player 0 chequerplay evaluation plies 0\nset player 1 chequerplay evaluation plies 0\n\
             set player 0 cubedecision evaluation plies 0\nset player 1 cubedecision evaluation plies 0\n\
             new match 3\nexport match mat {}\nsave match {}\nshow score\n",
            m.display(),
            s.display()
        );
        let out = gnubg(&script);
        let (games, score) = last_score(&out, ["gnubg", "root"]);
        let from_mat = mat::read(&std::fs::read_to_string(&m).unwrap()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let from_sgf = sgf::read(&std::fs::read_to_string(&s).unwrap()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for rec in [&from_mat, &from_sgf] {
            assert_eq!(rec.players, ["gnubg".to_string(), "root".to_string()]);
            assert_eq!(rec.session.games().len(), games, "seed {seed}");
            assert_eq!(raw_score(&rec.session), score, "seed {seed}");
            assert!(rec.session.winner().is_some(), "seed {seed}: the match is over");
        }
        // both files describe the same moves
        for (a, b) in from_mat.session.games().iter().zip(from_sgf.session.games()) {
            assert_eq!(recorded_moves(a), recorded_moves(b), "seed {seed}");
        }
        games_checked += games;
    }
    assert!(games_checked >= 3);
    std::fs::remove_dir_all(&dir).ok();
}

/// A match played with seeded dice and seeded random legal actions (including cube actions and
/// resignations), so every kind of record reaches gnubg.
/// A money session stops after `money_games` games.
fn our_match(seed: u64, rules: Rules, money_games: usize) -> MatchRecord {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut s = Session::new(rules, Dice::seeded(seed)).unwrap();
    for _ in 0..50_000 {
        match s.game().map(Game::phase) {
            None | Some(Phase::Over) => {
                if (s.is_money() && s.games().len() >= money_games) || s.new_game().is_err() {
                    break;
                }
            }
            Some(Phase::Opening) => {
                s.roll().unwrap();
            }
            Some(Phase::Roll) => {
                if s.game().unwrap().may_double() && rng.random_range(0..10) == 0 {
                    s.apply(&Action::Double).unwrap();
                } else if rng.random_range(0..200) == 0 {
                    s.apply(&Action::Resign(WinKind::Single)).unwrap();
                    s.apply(&Action::AcceptResignation).unwrap();
                } else {
                    s.roll().unwrap();
                }
            }
            Some(Phase::Play) => {
                let legal = s.game().unwrap().legal_plays();
                let play = legal[rng.random_range(0..legal.len())];
                s.apply(&Action::Play(play)).unwrap();
            }
            Some(Phase::CubeOffered) => {
                let pick = rng.random_range(0..6);
                if pick == 0 && s.apply(&Action::Beaver).is_ok() {
                    continue;
                }
                // gnubg 1.07's `.mat` import garbles a drop after a beaver ("Take record found
                // but doesn't follow a double"), so the doubler always takes a beaver here
                let after_beaver = matches!(s.game().unwrap().events().last(), Some(GameEvent::Beaver { .. }));
                let a = if pick < 3 && !after_beaver { Action::Drop } else { Action::Take };
                s.apply(&a).unwrap();
            }
            Some(Phase::ResignationOffered) => s.apply(&Action::AcceptResignation).unwrap(),
        }
    }
    assert!(s.winner().is_some() || s.is_money(), "the match ran to its end");
    MatchRecord::new(s, ["alice".into(), "bob".into()])
}

#[test]
fn gnubg_reads_our_mat_and_sgf() {
    if !gnubg_available() {
        return;
    }
    let dir = temp_dir("b");
    let money = Rules { beavers: 3, ..Rules::money(Variant::Standard) };
    let cases =
        [(3u64, Rules::match_to(5, Variant::Standard)), (11, Rules::match_to(5, Variant::Standard)), (5, money)];
    for (seed, rules) in cases {
        let rec = our_match(seed, rules, 4);
        let ours_score = raw_score(&rec.session);
        let games = rec.session.games().len();
        let (m, s) = (dir.join(format!("ours{seed}.mat")), dir.join(format!("ours{seed}.sgf")));
        backgammon::formats::write_atomic(&m, mat::write(&rec).unwrap().as_bytes()).unwrap();
        backgammon::formats::write_atomic(&s, sgf::write(&rec).as_bytes()).unwrap();
        let (again_mat, again_sgf) = (dir.join(format!("g{seed}.mat")), dir.join(format!("g{seed}.sgf")));
        let out = gnubg(&format!(
            "set jacoby off\nset beavers 3\nimport mat {}\nshow score\nsave match {}\nload match {}\nshow score\nexport match mat {}\n",
            m.display(),
            again_sgf.display(),
            s.display(),
            again_mat.display()
        ));
        assert!(!out.contains("rror") && !out.contains("found but"), "seed {seed}: gnubg reported a problem:\n{out}");
        // one score after the import, one after the load
        let scores: Vec<&str> = out.lines().filter(|l| l.contains("The score (after ")).collect();
        assert_eq!(scores.len(), 2, "seed {seed}: {out}");
        for line in scores {
            assert_eq!(last_score(line, ["alice", "bob"]), (games, ours_score), "seed {seed}");
        }
        // gnubg's own files of our match: the same moves, game by game
        for file in [again_mat, again_sgf] {
            let text = std::fs::read_to_string(&file).unwrap();
            let back = if file.extension().unwrap() == "mat" { mat::read(&text) } else { sgf::read(&text) }
                .unwrap_or_else(|e| panic!("seed {seed}, {}: {e}", file.display()));
            assert_eq!(back.session.games().len(), games);
            for (a, b) in back.session.games().iter().zip(rec.session.games()) {
                assert_eq!(recorded_moves(a), recorded_moves(b), "seed {seed}, {}", file.display());
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Positions reached in a seeded game with random legal plays, each seen from the player on roll.
fn some_positions(seed: u64, count: usize) -> Vec<backgammon::rules::position::Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut s = Session::new(Rules::money(Variant::Standard), Dice::seeded(seed)).unwrap();
    s.new_game().unwrap();
    let mut out = Vec::new();
    while out.len() < count && !s.game().unwrap().is_over() {
        match s.game().unwrap().phase() {
            Phase::Play => {
                let legal = s.game().unwrap().legal_plays();
                let play = legal[rng.random_range(0..legal.len())];
                s.apply(&Action::Play(play)).unwrap();
                if rng.random_range(0..3) == 0 {
                    out.push(*s.game().unwrap().position());
                }
            }
            _ => {
                s.roll().unwrap();
            }
        }
    }
    out
}

#[test]
fn we_read_positions_gnubg_exports_as_pos_and_snowie_txt() {
    if !gnubg_available() {
        return;
    }
    let dir = temp_dir("p");
    let mut checked = 0;
    for (k, pos) in some_positions(21, 8).into_iter().enumerate() {
        let (p, t) = (dir.join(format!("p{k}.pos")), dir.join(format!("p{k}.txt")));
        let out = gnubg(&format!(
            "set player 0 human\nset player 1 human\nnew match 7\nset score {} {}\nset board {}\nset dice 5 3\n\
             show board\nexport position pos {}\nexport position snowietxt {}\n",
            k % 3,
            k % 5,
            pos.id(),
            p.display(),
            t.display()
        ));
        // gnubg's IDs after the set-up: the last Match ID it showed
        let match_id = out.lines().rev().find_map(|l| l.trim().strip_prefix("Match ID   : ")).expect("a match ID");
        let state = backgammon::MatchState::from_id(match_id.trim()).unwrap();
        let from_pos = backgammon::formats::pos::read_bytes(&std::fs::read(&p).unwrap()).unwrap();
        let from_txt = backgammon::formats::snowie::read(&std::fs::read_to_string(&t).unwrap()).unwrap();
        for rec in [from_pos, from_txt] {
            assert_eq!(rec.position, pos, "position {k}");
            assert_eq!(rec.state.on_roll, state.on_roll, "position {k}");
            assert_eq!(rec.state.dice.map(|(a, b)| (a.max(b), a.min(b))), Some((5, 3)), "position {k}");
            assert_eq!((rec.state.score, rec.state.match_length), (state.score, 7), "position {k}");
            assert_eq!(rec.state.cube_value(), state.cube_value(), "position {k}");
        }
        checked += 1;
    }
    assert_eq!(checked, 8);
    std::fs::remove_dir_all(&dir).ok();
}

/// Rolls and plays seeded random legal plays for `turns` turns (fewer if the game ends).
fn play_turns(s: &mut Session, rng: &mut StdRng, turns: usize) {
    for _ in 0..turns {
        match s.game().map(Game::phase) {
            Some(Phase::Opening | Phase::Roll) => {
                s.roll().unwrap();
            }
            Some(Phase::Play) => {}
            _ => return,
        }
        if s.game().unwrap().phase() == Phase::Play {
            let legal = s.game().unwrap().legal_plays();
            let play = legal[rng.random_range(0..legal.len())];
            s.apply(&Action::Play(play)).unwrap();
        }
    }
}

/// The last position and match IDs gnubg showed.
fn last_ids(out: &str) -> (String, String) {
    let pos = out.lines().rev().find_map(|l| l.split("Position ID: ").nth(1)).expect("a position ID");
    let mid = out.lines().rev().find_map(|l| l.trim().strip_prefix("Match ID   : ")).expect("a match ID");
    (pos.trim().to_string(), mid.trim().to_string())
}

#[test]
fn gnubg_loads_our_matches_with_boards_set_during_play() {
    use backgammon::rules::cube::{Cube, CubeOwner};
    if !gnubg_available() {
        return;
    }
    let dir = temp_dir("setup");
    for seed in [1u64, 2, 3, 4] {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut s = Session::new(Rules::match_to(7, Variant::Standard), Dice::seeded(seed)).unwrap();
        s.new_game().unwrap();
        play_turns(&mut s, &mut rng, 4);
        // `set board` with a position the game went through (seen from the player to roll, who
        // stays on roll, as in `set board`) and (seed 3, 4) a new cube, as `set matchid` sets it
        let states = s.game().unwrap().replay();
        let (position, _) = states[states.len() / 2];
        let on_roll = s.game().unwrap().on_roll();
        let cube = if seed >= 3 { Cube::new(1, CubeOwner::Player(on_roll)).unwrap() } else { s.game().unwrap().cube() };
        s.set_up(s.score(), false, position, on_roll, cube).unwrap();
        play_turns(&mut s, &mut rng, 3);
        let rec = MatchRecord::new(s, ["alice".into(), "bob".into()]);
        let file = dir.join(format!("setup{seed}.sgf"));
        backgammon::formats::write_atomic(&file, sgf::write(&rec).as_bytes()).unwrap();
        let again = dir.join(format!("again{seed}.sgf"));
        let out = gnubg(&format!("load match {}\nshow board\nsave match {}\n", file.display(), again.display()));
        assert!(!out.contains("rror"), "seed {seed}: gnubg reported a problem:\n{out}");
        let g = rec.session.game().unwrap();
        assert_eq!(last_ids(&out), (g.position().id(), rec.session.match_id()), "seed {seed}");
        // and gnubg's save of it reads back to the same position
        let back = sgf::read(&std::fs::read_to_string(&again).unwrap()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back.session.game().unwrap().position(), g.position(), "seed {seed}");
        assert_eq!(back.session.match_id(), rec.session.match_id(), "seed {seed}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
