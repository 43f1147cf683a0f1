//! Counting a finished position: area (Chinese) and territory (Japanese) scoring with komi, given the
//! dead stones (see [`crate::game::status`]). It owns the scoring method ([`Scoring`], part of
//! [`crate::game::Rules`]) and only counts: deciding what is dead is not this module's job, and it must
//! not import [`crate::game`], which builds on it.

use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY};

/// How the final position is counted (the scoring method of [`crate::game::Rules`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    /// Chinese: stones plus surrounded empty points.
    Area,
    /// Japanese: surrounded empty points plus prisoners.
    Territory,
}

/// Points of each colour before komi: `[black, white]`. Empty points next to a string in `seki` belong to
/// nobody, under both scorings: GNU Go 3.8 counts them so (as Japanese rules prescribe) even with
/// `--chinese-rules`, and our scores are meant to agree with its.
pub fn count(board: &Board, dead: &[Point], seki: &[Point], scoring: Scoring) -> [f64; 2] {
    let mut is_dead = vec![false; ARRAY];
    for &p in dead {
        is_dead[usize::from(p)] = true;
    }
    let mut in_seki = vec![false; ARRAY];
    for &p in seki {
        in_seki[usize::from(p)] = true;
    }
    let alive = |p: Point| if is_dead[usize::from(p)] { None } else { board.color(p) };
    let mut owner_done = vec![false; ARRAY];
    let mut points = [0f64; 2];
    let mut stack = Vec::new();
    let mut region = Vec::new();
    for p in board.points() {
        if let Some(c) = alive(p) {
            if scoring == Scoring::Area {
                points[c.index()] += 1.0;
            }
            continue;
        }
        if owner_done[usize::from(p)] {
            continue;
        }
        // A region of empty points and dead stones, owned by the one colour of live stones around it.
        region.clear();
        let mut border = 0u8;
        owner_done[usize::from(p)] = true;
        stack.push(p);
        while let Some(q) = stack.pop() {
            region.push(q);
            for n in Board::neighbors(q) {
                if board.is_border(n) {
                    continue;
                }
                match alive(n) {
                    Some(_) if in_seki[usize::from(n)] => border |= 4,
                    Some(c) => border |= 1 << c.index(),
                    None if !owner_done[usize::from(n)] => {
                        owner_done[usize::from(n)] = true;
                        stack.push(n);
                    }
                    None => {}
                }
            }
        }
        let owner = match border {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        };
        if let Some(o) = owner {
            for &q in &region {
                points[o.index()] += 1.0;
                // Japanese counting: a dead enemy stone is a prisoner as well as a point of territory.
                if scoring == Scoring::Territory && board.color(q) == Some(o.opponent()) {
                    points[o.index()] += 1.0;
                }
            }
        }
    }
    if scoring == Scoring::Territory {
        points[0] += f64::from(board.captures(Color::Black));
        points[1] += f64::from(board.captures(Color::White));
    }
    points
}

/// Black's margin with komi (positive: black wins).
pub fn score(board: &Board, dead: &[Point], seki: &[Point], scoring: Scoring, komi: f64) -> f64 {
    let [b, w] = count(board, dead, seki, scoring);
    b - w - komi
}

/// GTP's result text: `B+3.5`, `W+0.5`, or `0` for a draw.
pub fn format_result(margin: f64) -> String {
    if margin > 0.0 {
        format!("B+{margin:.1}")
    } else if margin < 0.0 {
        format!("W+{:.1}", -margin)
    } else {
        "0".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::stone::Move;

    #[test]
    fn area_and_territory() {
        // Black owns columns a-b (wall on b), white owns d-e (wall on d), c is dame; one white stone
        // was captured by black earlier.
        let mut b = Board::new(5);
        for r in 0..5 {
            let (pb, pw) = (b.point(1, r), b.point(3, r));
            b.play(Move::Play(pb), Color::Black).unwrap();
            b.play(Move::Play(pw), Color::White).unwrap();
        }
        assert_eq!(count(&b, &[], &[], Scoring::Area), [10.0, 10.0]);
        assert_eq!(count(&b, &[], &[], Scoring::Territory), [5.0, 5.0]);
        assert_eq!(score(&b, &[], &[], Scoring::Area, 0.5), -0.5);
        // A dead white stone in black's area.
        let p = b.point(0, 0);
        b.place_stone(p, Color::White);
        assert_eq!(count(&b, &[p], &[], Scoring::Area), [10.0, 10.0]);
        assert_eq!(count(&b, &[p], &[], Scoring::Territory), [6.0, 5.0]);
        assert_eq!(format_result(score(&b, &[p], &[], Scoring::Area, 7.5)), "W+7.5");
        assert_eq!(format_result(3.0), "B+3.0");
        assert_eq!(format_result(0.0), "0");
    }

    #[test]
    fn eyes_of_seki_strings_are_nobodys() {
        // GNU Go 3.8 (game 13 of a gtp-match run, `final_status_list dame` = A3 C3 A1): the white eye C3
        // inside a seki group is dame even under Chinese rules. Here: a white eye at (0,0) walled by white
        // stones in seki counts for nobody; without the seki marks it is white's.
        let mut b = Board::new(5);
        for p in [b.point(1, 0), b.point(0, 1), b.point(1, 1)] {
            b.place_stone(p, Color::White);
        }
        let seki = [b.point(1, 0), b.point(0, 1), b.point(1, 1)];
        let eye = count(&b, &[], &[], Scoring::Area)[1];
        let in_seki = count(&b, &[], &seki, Scoring::Area)[1];
        assert_eq!(eye, 25.0, "an unchallenged white wall owns the board");
        assert_eq!(in_seki, 3.0, "stones only: the eye and the rest border a seki string");
    }
}
