//! Jellyfish `.gam`: one game as text, as gnubg 1.07 writes it with `export game gam`: a line of
//! the two names (player 0, gnubg's O, in the left column, padded to 31 characters after a
//! leading space), then the move lines and the `Wins` line of a `.mat` game, then a blank line:
//!
//! ```text
//!  gnubg                          root
//!   1)                             21: 13/11 24/23
//!   2) 52: 13/8 24/22              63: 8/5 11/5
//!  ...
//!  19)  Doubles => 2                Drops
//!       Wins 1 point
//! ```
//!
//! The file says nothing of the match: no length, no score, no Crawford game. A game read from
//! it is a money game (without the Jacoby rule, beavers allowed), as gnubg 1.07's `import auto`
//! reads it; a file that is a `.mat` match (an `N point match` line) is read as one, as gnubg's
//! `import gam` does.
//!
//! This module owns the `.gam` layout only: the move lines are `mat`'s (one writer and one
//! reader for both formats).

use super::{mat, Builder, ExportError, FormatError, MatchRecord, Metadata};
use crate::rules::session::Rules;
use crate::rules::variant::Variant;
use std::fmt::Write;

/// The `.gam` text of game `index` (from 0) of a record. Refused, as for `.mat`, when the board
/// was set up in that game (the format cannot say so) or when the game is not of standard
/// backgammon (the format cannot say which variant it is).
pub fn write(rec: &MatchRecord, index: usize) -> Result<String, ExportError> {
    let Some(game) = rec.session.games().get(index) else {
        return Err(ExportError { game: index + 1, message: "there is no such game".into() });
    };
    if super::was_set_up(game) {
        return Err(ExportError {
            game: index + 1,
            message: "the board was set up in this game, which a .gam file cannot record (save the match as SGF)"
                .into(),
        });
    }
    if game.setup().variant != Variant::Standard {
        return Err(ExportError {
            game: index + 1,
            message: "a .gam file holds standard backgammon only (save the match as SGF)".into(),
        });
    }
    let mut out = String::new();
    let _ = writeln!(out, " {:<31}{}", rec.players[0], rec.players[1]);
    mat::write_game_moves(&mut out, game);
    out.push('\n');
    Ok(out)
}

/// Reads a `.gam` file: the game of a Jellyfish game file, as a money game; a `.mat` match when
/// the file is one.
pub fn read(text: &str) -> Result<MatchRecord, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if super::detect::detect(text.as_bytes()) == Some(super::detect::Format::Mat) {
        return mat::read(text);
    }
    let rules = Rules { beavers: 3, ..Rules::money(Variant::Standard) };
    let mut builder: Option<Builder> = None;
    let mut players: Option<[String; 2]> = None;
    let mut moves_read = false;
    let mut last_line = 1;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        last_line = line;
        super::check_line_length(line, raw)?;
        let t = raw.trim();
        if t.is_empty() {
            if moves_read {
                // the blank line after the game ends it
                break;
            }
            continue;
        }
        // comments, as `.mat` files have them
        if t.starts_with(';') && builder.is_none() {
            continue;
        }
        let Some(b) = builder.as_mut() else {
            players = Some(names(raw, line)?);
            let mut b = Builder::new(rules, line)?;
            b.new_game(line)?;
            builder = Some(b);
            continue;
        };
        mat::read_move_line(b, raw, line)?;
        moves_read = true;
    }
    let Some(builder) = builder else {
        return Err(FormatError::invalid(last_line, "expected the line of the players' names"));
    };
    let players = players.unwrap_or_else(|| ["Player 1".into(), "Player 2".into()]);
    Ok(MatchRecord { session: builder.finish(last_line)?, players, meta: Metadata::default() })
}

/// The two names of the header line: ` gnubg                          root` (the second name
/// starts at column 33 when the first is shorter than 31 characters), or the `.mat` score line
/// ` gnubg : 0     root : 0` that some programs write instead.
fn names(raw: &str, line: usize) -> Result<[String; 2], FormatError> {
    if raw.contains(':') {
        return mat::score_line(raw, line);
    }
    let chars: Vec<char> = raw.chars().collect();
    // gnubg's layout: the left name padded to column 32, the right one after it
    if chars.len() > 32 && chars[0] == ' ' && chars[31] == ' ' && !chars[32].is_whitespace() {
        let left: String = chars[1..32].iter().collect();
        let right: String = chars[32..].iter().collect();
        if !left.trim().is_empty() {
            return Ok([left.trim().to_string(), right.trim().to_string()]);
        }
    }
    // otherwise two words
    let mut words = raw.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some(a), Some(b), None) => Ok([a.to_string(), b.to_string()]),
        _ => Err(FormatError::syntax(line, 1, "expected the two players' names")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::tests_support::{assert_same_record, play_random, recordable};
    use crate::rules::game::{Ending, GameEvent};
    use crate::rules::session::Session;
    use engine_core::dice::Dice;
    use proptest::prelude::*;

    /// The second game of a 3-point match exported by gnubg 1.07 with `export game gam` (`set
    /// seed 7`, both players gnubg at 0-ply, `new match 3`).
    const GNUBG_GAME_2: &str = " gnubg                          root
  1) 63: 24/18 18/15             65: 24/18 18/13 
  2) 22: 13/11 13/11 6/4 6/4     41: 13/9 9/8 
  3) 21: 15/13 11/10             43: 13/10 13/9 
  4) 32: 13/10 13/11             42: 8/4 6/4 
  5) 63: 24/18 18/15*            33: 25/22 13/10* 8/5 8/5
  6) 53: 25/22 22/17*            63: 25/22 22/16 
  7)  Doubles => 2                Takes
  8) 65: 17/11 11/6               Doubles => 4
  9)  Takes                      32: 9/7 10/7 
 10) 52: 13/8 13/11              43: 6/3 13/9 
 11) 43: 11/8 8/4                44: 16/12 9/5 7/3 6/2
 12) 42: 6/2 4/2                 33: 12/9 9/6 7/4 5/2
 13) 51: 8/3* 3/2                31: 25/22 6/5 
 14) 55: 10/5 10/5 8/3* 8/3      54: 
 15) 55: 11/6 8/3 6/1* 6/1       63: 
 16) 65: 11/6 6/0                11: 
 17) 42: 6/4 6/2                 44: 
 18) 62: 5/3 5/0                 61: 25/19 
 19) 63: 4/0 3/0                 64: 25/19 19/15 
 20) 43: 3/0 4/0                 66: 19/13 15/9 13/7 13/7
 21) 41: 1/0 4/0                 21: 7/5 7/6 
 22) 31: 3/0 1/0                 55: 9/4 5/0 5/0 5/0
 23) 33: 3/0 2/0 2/0 2/0         
      Wins 4 points

";

    #[test]
    fn reads_gnubgs_game_and_writes_it_back() {
        let rec = read(GNUBG_GAME_2).unwrap();
        assert_eq!(rec.players, ["gnubg".to_string(), "root".to_string()]);
        assert!(rec.session.is_money());
        let g = rec.session.game().unwrap();
        let r = g.result().unwrap();
        // root resigned a single game at the 4-cube before its roll (gnubg writes no roll)
        assert_eq!((r.winner, r.points, r.ending, r.cube), (0, 4, Ending::Resigned, 4));
        // as for `.mat`, steps are ours (compared by the positions they reach), the rest gnubg's
        let ours = write(&rec, 0).unwrap();
        let normalise = |t: &str| -> Vec<String> {
            t.lines().map(|l| l.split_whitespace().filter(|w| !w.contains('/')).collect::<Vec<_>>().join(" ")).collect()
        };
        assert_eq!(normalise(&ours), normalise(GNUBG_GAME_2));
        assert_eq!(ours.lines().next(), GNUBG_GAME_2.lines().next(), "the names line, column for column");
        let again = read(&ours).unwrap();
        assert_eq!(recordable(again.session.game().unwrap()), recordable(g));
    }

    #[test]
    fn a_mat_file_is_read_as_a_match() {
        let text = " 3 point match\n\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5\n";
        let rec = read(text).unwrap();
        assert_eq!(rec.session.rules().match_length, 3);
    }

    #[test]
    fn names_in_other_layouts() {
        assert_eq!(names(" alice bob", 1).unwrap(), ["alice".to_string(), "bob".to_string()]);
        assert_eq!(names(" a : 0          b : 0", 1).unwrap(), ["a".to_string(), "b".to_string()]);
        let long = format!(" {:<31}{}", "Jo Smith", "Ann Lee");
        assert_eq!(names(&long, 1).unwrap(), ["Jo Smith".to_string(), "Ann Lee".to_string()]);
        assert!(matches!(names(" one", 3), Err(FormatError::Syntax { line: 3, .. })));
    }

    #[test]
    fn errors_carry_lines() {
        assert_eq!(read("").unwrap_err().line(), 1);
        assert_eq!(read("\n\n a b\n  1) 31: 8/5 6/5  42: 8/4 6/4\n  2) 71: 8/1\n").unwrap_err().line(), 5);
        // a take with no double
        let e = read(" a b\n  1) 31: 8/5 6/5   Takes\n").unwrap_err();
        assert_eq!(e.line(), 2, "{e}");
    }

    #[test]
    fn round_trip_of_games_played_with_random_legal_plays() {
        use rand::SeedableRng;
        for seed in 0..30u64 {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let rules = Rules { beavers: 3, ..Rules::money(Variant::Standard) };
            let mut s = Session::new(rules, Dice::seeded(seed)).unwrap();
            play_random(&mut s, &mut rng, 1);
            let rec = MatchRecord::new(s, ["Left Player".into(), "right".into()]);
            let text = write(&rec, 0).unwrap();
            let back = read(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            assert_same_record(&back, &rec, seed);
            assert_eq!(back.players, rec.players);
            assert_eq!(write(&back, 0).unwrap(), text);
        }
    }

    #[test]
    fn a_game_of_a_match_reads_back_as_money_with_the_same_moves() {
        use rand::SeedableRng;
        for seed in 0..10u64 {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let mut s = Session::new(Rules::match_to(5, Variant::Standard), Dice::seeded(seed)).unwrap();
            play_random(&mut s, &mut rng, 3);
            let rec = MatchRecord::new(s, ["a".into(), "b".into()]);
            for (i, g) in rec.session.games().iter().enumerate() {
                let text = write(&rec, i).unwrap();
                let back = read(&text).unwrap_or_else(|e| panic!("seed {seed} game {i}: {e}\n{text}"));
                let moves = |g: &crate::rules::game::Game| {
                    recordable(g).into_iter().filter(|e| !e.starts_with("End")).collect::<Vec<_>>()
                };
                assert_eq!(moves(back.session.game().unwrap()), moves(g), "seed {seed} game {i}");
                assert!(back.session.game().unwrap().events().iter().all(|e| !matches!(e, GameEvent::SetUp { .. })));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn any_text_is_read_or_refused_at_a_line_inside_it(s in "\\PC{0,300}", bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            for input in [s, String::from_utf8_lossy(&bytes).into_owned()] {
                if let Err(e) = read(&input) {
                    let lines = input.matches('\n').count() + input.matches('\r').count() + 1;
                    prop_assert!(e.line() >= 1 && e.line() <= lines + 1, "{e} for {input:?}");
                }
            }
        }

        #[test]
        fn mutated_games_never_panic(edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6)) {
            let m = crate::formats::tests_support::mutate(GNUBG_GAME_2, &edits);
            if let Ok(rec) = read(&m) {
                // what reads, saves as SGF that reads back
                prop_assert!(crate::formats::sgf::read(&crate::formats::sgf::write(&rec)).is_ok());
            }
        }
    }
}
