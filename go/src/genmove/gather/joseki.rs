//! Joseki reasons (GNU Go's joseki databases, issue 25 item 5): our joseki database
//! ([`patterns::library::JOSEKI_BUILTIN`], compiled by `mkpat --joseki` from
//! `patterns/databases/joseki.sgf`) matched for the side to move, each match handled as a shape
//! pattern is ([`crate::genmove::gather::shape::gather_with`]): the joseki classes add their reasons and
//! minimum values there — `U` strategic attack and defence, shape 15, minimum 40; `J` attack and
//! defence, minimum 35; `j` and `t` expand territory and moyo, minimum 24 and 16 scaled by board
//! size / 19 ([`crate::genmove::valuation::weights`]); an antisuji variation forbids its move.
//!
//! The patterns cover a corner exactly up to the marked point (every point of the area as drawn), so
//! they fire only while the corner still looks like the joseki; with `go-gtp --patterns DIR` the
//! database stays ours (GNU Go's joseki databases are generated, not in its pattern directory).
//!
//! Measured (2026-11-27, `go-gtp --engine classic`, gtp_regress): strategy.tst 11/45 before and after,
//! the same tests passing; only strategy1 (test 1, a failure either way) has a joseki match for the
//! side to move (white approaches black's lone four-four stones, F3 61.2 instead of C6; GNU Go plays
//! Q13). nngs.tst: joseki matches only at tests 900 and 1220 (`mkpat --match` with `--db joseki.db`
//! for the side to move on every test position); both answer as before (900 Q15 passes, 1220 R14
//! fails), so nngs stays 41/157; endgame.tst and 9x9.tst have no match at all.
//!
//! The low knight's approach to a lone four-four stone is `jF` (2026-11-28): a fuseki move, its value
//! held at the lesser joseki's 24 (scaled), as GNU Go 3.8 holds its approaches in strategy1 (F3, F17,
//! C14 and the rest at 24.1–24.9 by its own fuseki patterns). strategy1's F3 (61.2) and F17 (45.5)
//! fall to 24 and out of `top_moves`; C6 (54.0) and C14 (48.3) are not matched, since a stone lies
//! inside the pattern's area on that side, and the first choice becomes C6 (GNU Go's Q13: a failure
//! either way). nngs.tst's two matches answer as before (900 Q15, 1220 R14).
//!
//! This module owns which database the joseki gatherer reads; it values nothing.

use crate::genmove::analysed::Analysed;
use crate::genmove::gather::shape::gather_with;
use crate::genmove::reasons::MoveReasons;
use patterns::{parse_db, PatternLibrary, Registry};
use std::rc::Rc;

thread_local! {
    static LIBRARY: Rc<PatternLibrary> = Rc::new(PatternLibrary::new(
        vec![parse_db(patterns::library::JOSEKI_BUILTIN.0, patterns::library::JOSEKI_BUILTIN.1)],
        Registry::standard(),
    ));
}

/// Our joseki database, compiled on first use.
pub fn joseki_library() -> Rc<PatternLibrary> {
    LIBRARY.with(Rc::clone)
}

/// Adds the joseki reasons for the side of `out`.
pub fn gather(a: &Analysed, out: &mut MoveReasons) {
    gather_with(&joseki_library(), a, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::owl::OwlLimits;
    use crate::analysis::reading::Reader;
    use crate::game::{GoGame, Rules};
    use crate::genmove::analysed::analyse;
    use crate::rules::stone::{Color, Move};

    #[test]
    fn the_database_compiles_clean() {
        let lib = joseki_library();
        assert!(lib.errors.is_empty(), "{:?}", lib.errors);
        assert_eq!(lib.set.len(), 22);
    }

    /// Black's four-four Q16 and white's low approach R14: black's joseki answers are the knight's
    /// move O17 (`J`, minimum 35) and the one-space jump O16 (`j`, 24). GNU Go 3.8's `top_moves_black`
    /// after `play B Q16`, `play W R14` lists both (O16 74.04, O17 74.01).
    #[test]
    fn the_approach_to_a_four_four_gets_the_joseki_answers() {
        let mut g = GoGame::new(19, 6.5, Rules::default());
        let b = g.board().clone();
        let (q16, r14, o17, o16) = (b.point(15, 3), b.point(16, 5), b.point(13, 2), b.point(13, 3));
        g.play(Color::Black, Move::Play(q16)).unwrap();
        g.play(Color::White, Move::Play(r14)).unwrap();
        let mut r = Reader::new(g.board());
        let a = analyse(g.board(), &mut r, OwlLimits::default());
        let mut out = MoveReasons::new(Color::Black);
        gather(&a, &mut out);
        let moves: Vec<_> = out.points().collect();
        assert!(moves.contains(&o17) && moves.contains(&o16), "{moves:?}");
        assert_eq!(moves.len(), 2, "{moves:?}");
        // White to move: the database has no white move here.
        let mut white = MoveReasons::new(Color::White);
        gather(&a, &mut white);
        assert_eq!(white.points().count(), 0);
    }

    /// The classic generator plays the joseki: after black R16 (three-four) and white's small
    /// knight's approach P17, black answers Q14 or Q15 (`J`, at least 35 against the empty corners'
    /// 25). GNU Go 3.8's `top_moves_black` there: Q14 35.05, Q15 35.01 (its own joseki at 35).
    /// After black Q16 and white R14 it plays O17 (GNU Go rates it 74.01, among its top moves).
    #[test]
    fn the_classic_generator_plays_a_joseki_answer() {
        use crate::genmove::classic::generate;
        for (moves, answers) in
            [(vec![(16, 3), (14, 2)], vec![(15, 5), (15, 4)]), (vec![(15, 3), (16, 5)], vec![(13, 2)])]
        {
            let mut g = GoGame::new(19, 6.5, Rules::default());
            let b = g.board().clone();
            for (i, &(c, r)) in moves.iter().enumerate() {
                let colour = if i % 2 == 0 { Color::Black } else { Color::White };
                g.play(colour, Move::Play(b.point(c, r))).unwrap();
            }
            let mut r = Reader::new(g.board());
            let gen = generate(&g, Color::Black, &mut r, None);
            let (p, v) = gen.chosen.expect("a move");
            let answers: Vec<_> = answers.iter().map(|&(c, r)| b.point(c, r)).collect();
            assert!(answers.contains(&p), "{p} ({v}) not among {answers:?}");
            assert!(v >= 35.0, "{v}");
        }
    }
}
