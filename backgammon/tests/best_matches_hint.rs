//! `gammon best POSID D1 D2 --plies N` / `--level NAME` chooses the play the interactive `hint`
//! lists first at the same setting: the shell is set up as a user would (`set evaluation`, `set
//! board`, the dice rolled) and its first `hint` line is compared with `best_at_request`'s play.

use backgammon::eval::nply::{NPly, Settings};
use backgammon::eval::Evaluator;
use backgammon::frontends::commands::Shell;
use backgammon::frontends::eval_cli::best_at_request;

/// Contact, race, bearoff-against-contact and opening positions (X on roll).
const POSITIONS: [&str; 6] =
    ["4HPwATDgc/ABMA", "4HPwATCYZ/ABMA", "sGfwATDgc/ABMA", "jGfkATDg8+ABUA", "2+4OAADbtgEAAA", "4HPwATDg28HBAA"];

/// The play of `hint`'s first line (`    1. Cubeful 2-ply    24/18 13/11     Eq.: …`).
fn hint_first(sh: &mut Shell, plies: usize, pos: &str, d1: u8, d2: u8) -> Option<String> {
    sh.execute("set player 0 human");
    sh.execute("set player 1 human");
    sh.execute(&format!("set evaluation chequerplay evaluation plies {plies}"));
    // the opening roll gives the dice: player 0's die first
    sh.execute(&format!("set dice {d1} {d2}"));
    sh.execute("new session");
    let a = sh.answer(&format!("set board {pos}"));
    assert_eq!(a.error, None, "{pos}");
    let a = sh.answer("hint 1");
    assert_eq!(a.error, None, "{pos} {d1}{d2}");
    let line = a.before.lines().find(|l| l.trim_start().starts_with("1. Cubeful"))?;
    let rest = line.split("-ply").nth(1)?;
    Some(rest.split("Eq.:").next()?.trim().to_string())
}

#[test]
fn best_at_two_plies_is_hints_first_play() {
    let mut search = NPly::new(Evaluator::embedded(), 0);
    let mut sh = Shell::new(1);
    let mut compared = 0;
    for pos in POSITIONS {
        for (d1, d2) in [(4, 2), (6, 5), (3, 1), (5, 2)] {
            for plies in [0, 2] {
                let fields = [pos, &d1.to_string(), &d2.to_string()];
                let best = best_at_request(&mut search, &fields, &Settings::plies(plies)).unwrap();
                let hint = hint_first(&mut sh, plies, pos, d1, d2);
                let best_play = best.as_deref().map(|l| l.split('\t').next().unwrap().to_string());
                assert_eq!(best_play, hint, "{pos} {d1}{d2} at {plies} plies");
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 48);
}

#[test]
fn levels_choose_at_their_depth() {
    let mut search = NPly::new(Evaluator::embedded(), 0);
    let fields = ["4HPwATDgc/ABMA", "6", "2"];
    let world = best_at_request(&mut search, &fields, &Settings::named("worldclass").unwrap()).unwrap();
    let two = best_at_request(&mut search, &fields, &Settings::plies(2)).unwrap();
    assert_eq!(world, two);
    // the noisy levels rank as `hint` does, without noise: as expert
    let beginner = best_at_request(&mut search, &fields, &Settings::named("beginner").unwrap()).unwrap();
    let expert = best_at_request(&mut search, &fields, &Settings::named("expert").unwrap()).unwrap();
    assert_eq!(beginner, expert);
    // bad requests are errors, no legal play is no answer
    assert!(best_at_request(&mut search, &["bad", "6", "2"], &Settings::plies(2)).is_err());
    assert!(best_at_request(&mut search, &["4HPwATDgc/ABMA", "7", "2"], &Settings::plies(1)).is_err());
    assert!(best_at_request(&mut search, &["4HPwATDgc/ABMA"], &Settings::plies(1)).is_err());
}
