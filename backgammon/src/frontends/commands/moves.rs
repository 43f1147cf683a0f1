//! Reading a play typed the ways gnubg accepts it: `8/4 6/4`, `8/4(2)`, `bar/22`, `6/off`,
//! `13/7*/1`, `24/18/13`, and steps in any order (`6/4 8/4`). The typed steps are carried out on
//! a copy of the board and the result is matched against the legal plays, so any spelling that
//! reaches a legal play's position is that play. Owns parsing only: legality is the game's.

use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};
use engine_core::limits::excerpt;
use thiserror::Error;

/// Why a typed play was not understood or cannot be carried out on the board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("cannot read {:?} (word {word}): a step is FROM/TO with points 1-24, bar or off", excerpt(text))]
    Syntax { text: String, word: usize },
    #[error("no chequer of yours on {point} (word {word})")]
    NoChequer { point: String, word: usize },
    #[error("point {point} is held by the opponent (word {word})")]
    Blocked { point: u8, word: usize },
    #[error("no play given")]
    Empty,
    #[error("more than {MAX_TYPED_STEPS} steps: no roll moves more chequers")]
    TooManySteps,
}

/// Most steps a typed play may have: a double moves four chequers one die each, and every other
/// play has fewer. Longer input is refused before it is carried out step by step.
pub const MAX_TYPED_STEPS: usize = 4;

/// One typed step: a chequer from `from` to `to` (own numbering, 25 the bar, 0 off), `count` times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    from: u8,
    to: u8,
    word: usize,
}

fn point(text: &str, first: bool, last: bool) -> Option<u8> {
    let t = text.trim_end_matches('*').to_ascii_lowercase();
    match t.as_str() {
        "bar" | "b" if first => Some(25),
        "off" | "o" if last => Some(0),
        _ => t.parse::<u8>().ok().filter(|p| (1..=24).contains(p) || (first && *p == 25) || (last && *p == 0)),
    }
}

/// Splits the words of a play into single steps, in the order typed.
fn steps(words: &[&str]) -> Result<Vec<Step>, MoveError> {
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let word = i + 1;
        let bad = || MoveError::Syntax { text: (*w).to_string(), word };
        // `8/4(2)`: a repeat count at the end
        let (path, count) = match w.find('(') {
            Some(k) => {
                let n = w[k + 1..].strip_suffix(')').and_then(|n| n.parse::<usize>().ok()).ok_or_else(bad)?;
                if !(1..=4).contains(&n) {
                    return Err(bad());
                }
                (&w[..k], n)
            }
            None => (*w, 1),
        };
        let points: Vec<&str> = path.split('/').collect();
        if points.len() < 2 || points.iter().any(|p| p.is_empty()) {
            return Err(bad());
        }
        let mut chain = Vec::with_capacity(points.len());
        for (k, p) in points.iter().enumerate() {
            chain.push(point(p, k == 0, k + 1 == points.len()).ok_or_else(bad)?);
        }
        for _ in 0..count {
            for pair in chain.windows(2) {
                if pair[1] >= pair[0] {
                    return Err(bad());
                }
                out.push(Step { from: pair[0], to: pair[1], word });
                if out.len() > MAX_TYPED_STEPS {
                    return Err(MoveError::TooManySteps);
                }
            }
        }
    }
    if out.is_empty() {
        return Err(MoveError::Empty);
    }
    Ok(out)
}

/// The position reached by the typed play from `pos` (seen from the mover, mover still on roll),
/// hitting blots it lands on. Steps are carried out from the highest starting point down, so
/// `18/13 24/18` works as well as `24/18 18/13`.
pub fn typed_result(pos: &Position, words: &[&str]) -> Result<Position, MoveError> {
    let mut steps = steps(words)?;
    steps.sort_by_key(|s| std::cmp::Reverse(s.from));
    let mut board = *pos.board();
    for s in steps {
        let from = if s.from == 25 { BAR } else { usize::from(s.from) - 1 };
        if board[ON_ROLL][from] == 0 {
            let point = if s.from == 25 { "the bar".to_string() } else { s.from.to_string() };
            return Err(MoveError::NoChequer { point, word: s.word });
        }
        board[ON_ROLL][from] -= 1;
        if s.to > 0 {
            let to = usize::from(s.to) - 1;
            // the opponent's point `to` is its own 25 - to
            let theirs = 24 - usize::from(s.to);
            match board[OPPONENT][theirs] {
                0 => {}
                1 => {
                    board[OPPONENT][theirs] = 0;
                    board[OPPONENT][BAR] += 1;
                }
                _ => return Err(MoveError::Blocked { point: s.to, word: s.word }),
            }
            board[ON_ROLL][to] += 1;
        }
    }
    Position::from_board(board).map_err(|_| MoveError::Empty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::movegen::legal_plays;

    fn result_of(pos: &Position, d1: u8, d2: u8, typed: &str) -> Option<String> {
        let words: Vec<&str> = typed.split_whitespace().collect();
        let r = typed_result(pos, &words).ok()?;
        legal_plays(pos, d1, d2).into_iter().find(|p| *p.result() == r).map(|p| p.notation())
    }

    #[test]
    fn spellings_gnubg_accepts() {
        let start = Position::from_id("4HPwATDgc/ABMA").unwrap();
        assert_eq!(result_of(&start, 4, 2, "8/4 6/4").as_deref(), Some("8/4 6/4"));
        assert_eq!(result_of(&start, 4, 2, "6/4 8/4").as_deref(), Some("8/4 6/4"));
        assert_eq!(result_of(&start, 6, 5, "24/13").as_deref(), Some("24/13"));
        assert_eq!(result_of(&start, 6, 5, "24/18/13").as_deref(), Some("24/13"));
        assert_eq!(result_of(&start, 6, 5, "18/13 24/18").as_deref(), Some("24/13"));
        assert_eq!(result_of(&start, 3, 3, "8/5(2) 6/3(2)").as_deref(), Some("8/5(2) 6/3(2)"));
        assert_eq!(result_of(&start, 3, 3, "8/5*(2) 6/3(2)").as_deref(), Some("8/5(2) 6/3(2)"));
        // four steps of one chequer
        assert_eq!(result_of(&start, 2, 2, "13/5").as_deref(), Some("13/5"));
        // illegal: uses a die not rolled; unreadable words
        assert_eq!(result_of(&start, 4, 2, "8/3 6/4"), None);
        let words = ["8/x"];
        assert_eq!(typed_result(&start, &words), Err(MoveError::Syntax { text: "8/x".into(), word: 1 }));
        assert!(matches!(typed_result(&start, &["7/3"]), Err(MoveError::NoChequer { .. })));
        assert!(matches!(typed_result(&start, &["13/12"]), Err(MoveError::Blocked { point: 12, .. })));
        assert!(matches!(typed_result(&start, &["4/8"]), Err(MoveError::Syntax { .. })));
        assert!(matches!(typed_result(&start, &["8/4(9)"]), Err(MoveError::Syntax { .. })));
        assert_eq!(typed_result(&start, &[]), Err(MoveError::Empty));
    }

    /// Regression (issue 22): a line of thousands of steps was carried out step by step, and an
    /// unreadable word was quoted whole.
    #[test]
    fn too_many_steps_and_long_words_are_refused_early() {
        let start = Position::from_id("4HPwATDgc/ABMA").unwrap();
        let many = vec!["8/7"; 100_000];
        assert_eq!(typed_result(&start, &many), Err(MoveError::TooManySteps));
        assert_eq!(typed_result(&start, &["13/12/11/10/9/8"]), Err(MoveError::TooManySteps));
        assert_eq!(typed_result(&start, &["8/7(4)", "6/5"]), Err(MoveError::TooManySteps));
        assert!(typed_result(&start, &["6/5(4)"]).is_ok());
        let long = format!("8/{}", "x".repeat(10_000));
        let e = typed_result(&start, &[&long]).unwrap_err().to_string();
        assert!(e.len() < 200 && e.contains("xxx..."), "{e}");
    }

    #[test]
    fn bar_hits_and_bearing_off() {
        // on the bar, opponent blot on our 22 point (its 3 point)
        let pos = Position::from_points(&[(25, 1), (6, 14)], &[(3, 1), (13, 14)]).unwrap();
        let words = ["bar/22*", "6/3"];
        let r = typed_result(&pos, &words).unwrap();
        assert_eq!(r.on_bar(OPPONENT), 1);
        assert_eq!(result_of(&pos, 3, 3, "bar/22* 6/3"), None, "33 cannot play 6/3 from the bar and 22");
        assert_eq!(result_of(&pos, 3, 3, "b/22* 6/3(3)").as_deref(), Some("bar/22* 6/3(3)"));
        let home = Position::from_points(&[(6, 2), (1, 1)], &[(13, 15)]).unwrap();
        assert_eq!(result_of(&home, 6, 1, "6/off 1/off").as_deref(), Some("6/off 1/off"));
        assert_eq!(result_of(&home, 6, 1, "6/o 1/o").as_deref(), Some("6/off 1/off"));
    }
}
