//! Interop of `backgammon::formats`' `.gam`, `.pos` and Snowie `.txt` files with the real gnubg
//! 1.07: (a) gnubg imports our `.pos` and Snowie exports of positions reached in our seeded games
//! and shows the same position ID and match ID as we do; (b) we read gnubg's exports of the same
//! positions (set with `set matchid` and `set board`) and get the same IDs back; (c) gnubg's
//! `import auto` reads our `.gam` games (it takes them for GammonEmpire games, which share the
//! layout), scores them as we do and re-exports the same moves; (d) we read the `.gam` games gnubg
//! exports of a match it played and find the moves of its `.mat` export of that match; (e) our
//! `import auto` tells each of gnubg's exports from its content.

use backgammon::formats::{detect, gam, mat, pos, snowie, MatchRecord};
use backgammon::rules::game::{Action, Game, Phase};
use backgammon::rules::match_id::MatchState;
use backgammon::rules::position::Position;
use backgammon::rules::score::WinKind;
use backgammon::rules::session::{Rules, Session};
use backgammon::rules::variant::Variant;
use engine_core::dice::Dice;
use interop_tests::{gnubg_batch, have_gnubg, recorded_moves};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gam-pos-vs-gnubg-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// gnubg's standard output of `script`, after checking that it reported no problem on its
/// standard error (import warnings and errors go there).
fn gnubg(script: &str) -> String {
    let out = gnubg_batch(script);
    let errors = String::from_utf8_lossy(&out.stderr);
    for bad in ["rror", "not a valid", "found but", "nvalid"] {
        assert!(!errors.contains(bad), "gnubg reported a problem:\n{errors}");
    }
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The sections of gnubg's output after each `help zzmarkN` line of a script (gnubg answers "No
/// help available for topic `zzmarkN'" on its standard output, in order with the rest), section
/// N holding what the commands after marker N printed.
fn sections(output: &str, count: usize) -> Vec<String> {
    let mut out = Vec::with_capacity(count);
    for n in 0..count {
        let start = output.find(&format!("`zzmark{n}'")).unwrap_or_else(|| panic!("marker {n} in {output}"));
        let end = output.find(&format!("`zzmark{}'", n + 1)).unwrap_or(output.len());
        out.push(output[start..end].to_string());
    }
    out
}

/// The last position ID and match ID gnubg printed in `text`.
fn ids(text: &str) -> Option<(String, String)> {
    let last = |key: &str| text.lines().rev().find_map(|l| l.split_once(key).map(|(_, id)| id.trim().to_string()));
    Some((last("Position ID:")?, last("Match ID   :")?))
}

/// Positions reached in seeded games with random legal actions: money and matches, scores,
/// cubes on either side, the Crawford game, dice rolled or not; each with its match state and
/// the players. Only positions with nothing offered (no double or resignation pending), which is
/// what the position formats record.
fn positions(count: usize) -> Vec<(Position, MatchState)> {
    let mut out = Vec::new();
    let mut seed = 0u64;
    while out.len() < count {
        seed += 1;
        let mut rng = StdRng::seed_from_u64(seed);
        let rules = match seed % 3 {
            0 => Rules { jacoby: seed.is_multiple_of(2), beavers: 3, ..Rules::money(Variant::Standard) },
            1 => Rules::match_to(3, Variant::Standard),
            _ => Rules::match_to(7, Variant::Standard),
        };
        let mut s = Session::new(rules, Dice::seeded(seed)).unwrap();
        for step in 0..3000 {
            match s.game().map(Game::phase) {
                None | Some(Phase::Over) => {
                    if s.games().len() >= 6 || s.new_game().is_err() {
                        break;
                    }
                }
                Some(Phase::Opening) => {
                    s.roll().unwrap();
                }
                Some(Phase::Roll) => {
                    if s.game().unwrap().may_double() && rng.random_range(0..12) == 0 {
                        s.apply(&Action::Double).unwrap();
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
                    let a = if rng.random_range(0..4) == 0 { Action::Drop } else { Action::Take };
                    s.apply(&a).unwrap();
                }
                Some(Phase::ResignationOffered) => s.apply(&Action::AcceptResignation).unwrap(),
            }
            let g = s.game();
            let phase = g.map(Game::phase);
            if matches!(phase, Some(Phase::Roll | Phase::Play)) && step % 17 == 5 {
                out.push((*g.unwrap().position(), s.match_state()));
            }
        }
    }
    out.truncate(count);
    out
}

const NAMES: [&str; 2] = ["alice", "bob"];

fn names() -> [String; 2] {
    NAMES.map(String::from)
}

#[test]
fn gnubg_imports_our_pos_and_snowie_files_as_the_same_position() {
    if !have_gnubg() {
        return;
    }
    let dir = temp_dir("ours");
    let cases = positions(40);
    assert!(cases.iter().any(|(_, m)| m.match_length == 0) && cases.iter().any(|(_, m)| m.match_length > 0));
    assert!(cases.iter().any(|(_, m)| m.dice.is_none()) && cases.iter().any(|(_, m)| m.dice.is_some()));
    let mut script = String::new();
    for (i, (position, state)) in cases.iter().enumerate() {
        let (p, t) = (dir.join(format!("p{i}.pos")), dir.join(format!("p{i}.txt")));
        let settings = pos::Settings { jacoby: !state.no_jacoby, ..pos::Settings::default() };
        std::fs::write(&p, pos::write(position, state, &names(), settings)).unwrap();
        std::fs::write(&t, snowie::write(position, state, &names())).unwrap();
        script.push_str(&format!(
            "help zzmark{}\nimport pos {}\nhelp zzmark{}\nimport snowietxt {}\n",
            2 * i,
            p.display(),
            2 * i + 1,
            t.display()
        ));
    }
    script.push_str(&format!("help zzmark{}\n", 2 * cases.len()));
    let out = gnubg(&script);
    let parts = sections(&out, 2 * cases.len());
    for (i, (position, state)) in cases.iter().enumerate() {
        for (k, what) in ["pos", "snowietxt"].iter().enumerate() {
            let part = &parts[2 * i + k];
            assert!(!part.contains("not a valid") && !part.contains("rror"), "case {i} {what}: {part}");
            let (pid, mid) = ids(part).unwrap_or_else(|| panic!("case {i} {what}: no IDs in {part}"));
            assert_eq!(pid, position.id(), "case {i} {what}: {state:?}");
            assert_eq!(mid, state.id(), "case {i} {what}: {state:?}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn we_read_gnubgs_pos_and_snowie_exports_of_the_same_positions() {
    if !have_gnubg() {
        return;
    }
    let dir = temp_dir("theirs");
    let cases = positions(30);
    let mut script = String::from("set player 0 human\nset player 1 human\n");
    for (i, (position, state)) in cases.iter().enumerate() {
        let start = if state.match_length == 0 {
            "new session".to_string()
        } else {
            format!("new match {}", state.match_length)
        };
        script.push_str(&format!(
            "{start}\nset matchid {}\nset board {}\nexport position pos {}\nexport position snowietxt {}\n",
            state.id(),
            position.id(),
            dir.join(format!("g{i}.pos")).display(),
            dir.join(format!("g{i}.txt")).display()
        ));
    }
    let out = gnubg(&script);
    for (i, (position, state)) in cases.iter().enumerate() {
        let bytes = std::fs::read(dir.join(format!("g{i}.pos"))).unwrap_or_else(|e| panic!("case {i}: {e}\n{out}"));
        assert_eq!(detect::detect(&bytes), Some(detect::Format::Pos));
        let (rec, names) = pos::read_with_names(&bytes).unwrap_or_else(|e| panic!("case {i}: {e}"));
        assert_eq!(names, ["gnubg".to_string(), "root".to_string()]);
        assert_eq!((rec.position.id(), rec.state.id()), (position.id(), state.id()), "case {i} pos: {state:?}");
        let text = std::fs::read_to_string(dir.join(format!("g{i}.txt"))).unwrap();
        assert_eq!(detect::detect(text.as_bytes()), Some(detect::Format::SnowieTxt));
        let (rec, _) = snowie::read_with_names(&text).unwrap_or_else(|e| panic!("case {i}: {e}\n{text}"));
        assert_eq!((rec.position.id(), rec.state.id()), (position.id(), state.id()), "case {i} snowie: {text}");
        // and we write what gnubg wrote, byte for byte, but for the names
        let ours = snowie::write(&rec.position, &rec.state, &["gnubg".into(), "root".into()]);
        assert_eq!(ours, text, "case {i}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// One game played with seeded dice and random legal actions (cube actions, beavers,
/// resignations), in a money session or as the first game of a match.
fn our_game(seed: u64) -> MatchRecord {
    let mut rng = StdRng::seed_from_u64(seed);
    let rules = if seed.is_multiple_of(2) {
        Rules { beavers: 3, ..Rules::money(Variant::Standard) }
    } else {
        Rules::match_to(5, Variant::Standard)
    };
    let mut s = Session::new(rules, Dice::seeded(seed)).unwrap();
    s.new_game().unwrap();
    for _ in 0..5000 {
        match s.game().map(Game::phase) {
            None | Some(Phase::Over) => break,
            Some(Phase::Opening) => {
                s.roll().unwrap();
            }
            Some(Phase::Roll) => {
                if s.game().unwrap().may_double() && rng.random_range(0..10) == 0 {
                    s.apply(&Action::Double).unwrap();
                } else if rng.random_range(0..150) == 0 {
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
                let a = if rng.random_range(0..4) == 0 { Action::Drop } else { Action::Take };
                s.apply(&a).unwrap();
            }
            Some(Phase::ResignationOffered) => s.apply(&Action::AcceptResignation).unwrap(),
        }
    }
    MatchRecord::new(s, names())
}

#[test]
fn gnubg_imports_our_gam_games() {
    if !have_gnubg() {
        return;
    }
    let dir = temp_dir("gam");
    let seeds: Vec<u64> = (1..=12).collect();
    let mut script = String::from("set jacoby off\nhelp zzmark0\n");
    for &seed in &seeds {
        let rec = our_game(seed);
        let f = dir.join(format!("ours{seed}.gam"));
        std::fs::write(&f, gam::write(&rec, 0).unwrap()).unwrap();
        script.push_str(&format!(
            "help zzmark{seed}\nimport auto {}\nshow score\nexport game gam {}\n",
            f.display(),
            dir.join(format!("again{seed}.gam")).display()
        ));
    }
    script.push_str(&format!("help zzmark{}\n", seeds.len() + 1));
    let out = gnubg(&script);
    let parts = sections(&out, seeds.len() + 1);
    for &seed in &seeds {
        let rec = our_game(seed);
        let game = &rec.session.games()[0];
        let part = &parts[seed as usize];
        assert!(!part.contains("rror") && !part.contains("found but"), "seed {seed}: {part}");
        let r = game.result().expect("the game is over");
        let mut want = [0u32; 2];
        want[r.winner] = r.points;
        let score = part
            .lines()
            .find_map(|l| l.split_once("The score (after 1 game) is: ").map(|(_, s)| s.to_string()))
            .unwrap_or_else(|| panic!("seed {seed}: no score in {part}"));
        assert!(
            score.starts_with(&format!("alice {}, bob {} ", want[0], want[1])),
            "seed {seed}: gnubg's score {score}, ours {want:?}"
        );
        // gnubg's own .gam of our game: the same moves
        let again = std::fs::read_to_string(dir.join(format!("again{seed}.gam"))).unwrap();
        let back = gam::read(&again).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{again}"));
        assert_eq!(recorded_moves(&back.session.games()[0]), recorded_moves(game), "seed {seed}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn we_read_the_gam_games_gnubg_exports() {
    if !have_gnubg() {
        return;
    }
    let dir = temp_dir("gnubg-gam");
    let m = dir.join("m.mat");
    let mut script = format!(
        "set seed 11\nset player 0 gnubg\nset player 1 gnubg\n\
         set player 0 chequerplay evaluation plies 0\nset player 1 chequerplay evaluation plies 0\n\
         set player 0 cubedecision evaluation plies 0\nset player 1 cubedecision evaluation plies 0\n\
         new match 5\nexport match mat {}\n",
        m.display()
    );
    // the games from the last back to the first
    for k in 0..12 {
        script.push_str(&format!("export game gam {}\nprevious game\n", dir.join(format!("back{k}.gam")).display()));
    }
    gnubg(&script);
    let from_mat = mat::read(&std::fs::read_to_string(&m).unwrap()).unwrap();
    let games = from_mat.session.games();
    assert!(games.len() >= 2, "a 5-point match has more than one game");
    for (k, game) in games.iter().rev().enumerate() {
        let text = std::fs::read_to_string(dir.join(format!("back{k}.gam"))).unwrap();
        assert_eq!(detect::detect(text.as_bytes()), Some(detect::Format::Gam), "{text}");
        let rec = gam::read(&text).unwrap_or_else(|e| panic!("game {}: {e}\n{text}", games.len() - k));
        assert_eq!(rec.players, ["gnubg".to_string(), "root".to_string()]);
        assert_eq!(recorded_moves(&rec.session.games()[0]), recorded_moves(game), "game {}", games.len() - k);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn our_import_auto_tells_gnubgs_exports_apart() {
    if !have_gnubg() {
        return;
    }
    let dir = temp_dir("auto");
    let f = |name: &str| dir.join(name).display().to_string();
    gnubg(&format!(
        "set seed 3\nset player 0 gnubg\nset player 1 gnubg\n\
         set player 0 chequerplay evaluation plies 0\nset player 1 chequerplay evaluation plies 0\n\
         set player 0 cubedecision evaluation plies 0\nset player 1 cubedecision evaluation plies 0\n\
         new match 1\nexport match mat {}\nsave match {}\nexport game gam {}\n\
         set player 0 human\nset player 1 human\nnew match 3\nexport position pos {}\nexport position snowietxt {}\n",
        f("m.mat"),
        f("m.sgf"),
        f("g.gam"),
        f("p.pos"),
        f("p.txt")
    ));
    for (name, format) in [
        ("m.mat", detect::Format::Mat),
        ("m.sgf", detect::Format::Sgf),
        ("g.gam", detect::Format::Gam),
        ("p.pos", detect::Format::Pos),
        ("p.txt", detect::Format::SnowieTxt),
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        assert_eq!(detect::detect(&bytes), Some(format), "{name}");
        // and the shell imports each
        let mut sh = backgammon::frontends::commands::Shell::new(1);
        sh.execute("set player 0 human");
        let out = sh.execute(&format!("import auto {}", f(name)));
        assert!(!out.contains(": line") && !out.contains("not recognised"), "{name}: {out}");
        assert!(sh.session().and_then(Session::game).is_some(), "{name}: {out}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
