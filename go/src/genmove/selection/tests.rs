//! The selection on hand-checked positions.

use super::*;
use crate::analysis::owl::OwlLimits;
use crate::game::Rules;
use crate::genmove::analysed::analyse;
use crate::genmove::classic::generate;

fn game(rows: &[&str]) -> GoGame {
    GoGame::from_rows(rows, 0.5, Rules::default()).unwrap()
}

/// Black's lone stone played where white surrounds it on three sides is captured at once (a
/// blunder of one point); a move in open space loses nothing.
#[test]
fn a_self_atari_is_a_blunder() {
    let g = game(&[". O . . .", "O . O . .", ". . . . .", ". . . . .", ". . . . ."]);
    let b = g.board();
    let mut r = Reader::new(b);
    let a = analyse(b, &mut r, OwlLimits::default());
    assert_eq!(blunder::blunder_size(&a, &mut r, Color::Black, b.point(1, 1)), 1.0);
    assert_eq!(blunder::blunder_size(&a, &mut r, Color::Black, b.point(3, 3)), 0.0);
    // The reader is left on the position.
    assert_eq!(r.board().stone_counts(), b.stone_counts());
}

/// Black's C3 captures at the ko: white may not retake at B3 at once, so its best valued move
/// drops out and a move with an additional value as a ko threat wins over a larger plain move.
#[test]
fn an_illegal_ko_capture_makes_ko_threats_worth_their_followup() {
    let mut g = game(&[". . . . .", ". X O . .", "X O . O .", ". X O . .", ". . . . ."]);
    let b = g.board().clone();
    let (retake, threat, plain) = (b.point(1, 2), b.point(4, 4), b.point(4, 0));
    g.play(Color::Black, Move::Play(b.point(2, 2))).unwrap();
    assert_eq!(g.check_move(Color::White, Move::Play(retake)), Err(IllegalMove::Ko));
    let b = g.board();
    let mut r = Reader::new(b);
    let a = analyse(b, &mut r, OwlLimits::default());
    let reasons = MoveReasons::new(Color::White);
    let value = |total: f32, ko: f32| MoveValue { total, additional_ko_value: ko, ..Default::default() };
    let parts = vec![(retake, value(20.0, 0.0)), (threat, value(1.0, 5.0)), (plain, value(3.0, 0.0))];
    let input = Input {
        game: &g,
        color: Color::White,
        analysed: &a,
        reasons: &reasons,
        parts: &parts,
        allowed: None,
        our_score: 0.0,
    };
    let c = choose(&input, &mut r, Options::default());
    assert_eq!(c.chosen, Some((threat, 6.0)));
    assert_eq!(c.source, Some(Source::Valued));
    // Without the ko the larger plain move wins.
    let parts = vec![(threat, value(1.0, 5.0)), (plain, value(3.0, 0.0))];
    let input = Input { parts: &parts, ..input };
    assert_eq!(choose(&input, &mut r, Options::default()).chosen, Some((plain, 3.0)));
}

/// Two walls with a column of dame between them (the 7x7 position GNU Go 3.8 fills with D1/D7 at
/// 0.10): nothing is worth a move, so the selection fills a dame rather than passing; with the walls
/// touching there is nothing left and it passes.
#[test]
fn fills_the_dame_then_passes() {
    let rows = [
        ". . X . O . .",
        ". . X . O . .",
        ". . X . O . .",
        ". . X X O . .",
        ". . X O O . .",
        ". . X . O . .",
        ". . X . O . .",
    ];
    let g = game(&rows);
    let b = g.board();
    let mut r = Reader::new(b);
    let gen = generate(&g, Color::Black, &mut r, None);
    let (p, _) = gen.chosen.expect("a dame");
    assert_eq!(gen.source, Some(Source::Dame));
    let (col, row) = b.coords(p);
    assert_eq!(col, 3, "{row}");
    assert!(!gen.resign);
    let done = game(&[
        ". . X O . . .",
        ". . X O . . .",
        ". . X O . . .",
        ". . X O . . .",
        ". . X O . . .",
        ". . X O . . .",
        ". . X O . . .",
    ]);
    let mut r = Reader::new(done.board());
    let gen = generate(&done, Color::Black, &mut r, None);
    assert_eq!(gen.chosen, None);
    assert_eq!(gen.source, None);
}

/// GNU Go resigns 19x19 games only, and only when the board is mostly settled.
#[test]
fn resigns_only_when_hopeless_on_19x19() {
    let g = game(&[". . . . .", ". X . . .", ". . . . .", ". . . O .", ". . . . ."]);
    let mut r = Reader::new(g.board());
    let a = analyse(g.board(), &mut r, OwlLimits::default());
    assert!(!endgame::should_resign(&a, Color::Black, -100.0), "a 5x5 game");
    let g = GoGame::new(19, 7.5, Rules::default());
    let mut r = Reader::new(g.board());
    let a = analyse(g.board(), &mut r, OwlLimits::default());
    assert!(!endgame::should_resign(&a, Color::Black, -100.0), "an empty board is not settled");
    assert_eq!(endgame::settled_share(g.board()), 0.0);
}

/// 9x9.tst 680 (atari-crash, white to move; GNU Go 3.8 plays H7, "Filling a liberty"): the dame J6
/// between White's H6 and Black's J5 would leave H5-H6-J6-J7 with the one liberty H7, so the dame
/// list backfills H7 (next to Black's dead H8-J8 only, no dame itself) and leaves J6 out; a
/// restricted generation allowed H7 alone still gets it.
#[test]
fn backfills_a_dame_that_would_be_a_self_atari() {
    let g = game(&[
        "X . O X O O . O .",
        "X . O X X O O X X",
        "X . O X X . O . O",
        "O . O O X X X O .",
        ". O O . O O X O X",
        "O O . O . O X X X",
        "X O O O O X X . .",
        ". O X X X X . . .",
        "O O O O X X . . .",
    ]);
    let b = g.board();
    let mut r = Reader::new(b);
    let a = analyse(b, &mut r, OwlLimits::default());
    let (h7, j6) = (b.point(7, 2), b.point(8, 3));
    let dame = endgame::dame(&a, &g, Color::White, None);
    assert!(dame.contains(&(h7, 1.0)), "{dame:?}");
    assert!(!dame.iter().any(|&(p, _)| p == j6), "{dame:?}");
    assert_eq!(endgame::dame(&a, &g, Color::White, Some(&[h7])), vec![(h7, 1.0)]);
}

/// GTP `genmove` breaks ties between equally valued moves by the seed (as GNU Go chooses randomly
/// between moves of identical minimum value), so seeded engines play different games; without a
/// seed (`reg_genmove`) the first in board order is chosen, and a larger value always wins.
#[test]
fn ties_are_broken_by_the_seed_and_only_ties() {
    let g = game(&[". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."]);
    let b = g.board();
    let mut r = Reader::new(b);
    let a = analyse(b, &mut r, OwlLimits::default());
    let reasons = MoveReasons::new(Color::Black);
    let value = |total: f32| MoveValue { total, ..Default::default() };
    let tied = [b.point(1, 1), b.point(1, 3), b.point(3, 1), b.point(3, 3)];
    // The last differs from the others in its last bits only, as symmetric sums do.
    let mut parts: Vec<(Point, MoveValue)> = tied.iter().map(|&p| (p, value(24.0))).collect();
    parts[3].1.total = 24.0 + 1e-5;
    parts.push((b.point(2, 2), value(23.9)));
    let input = Input {
        game: &g,
        color: Color::Black,
        analysed: &a,
        reasons: &reasons,
        parts: &parts,
        allowed: None,
        our_score: 0.0,
    };
    let pick = |r: &mut Reader, tie_seed: Option<u64>| {
        choose(&input, r, Options { allow_resign: false, tie_seed }).chosen.map(|(p, _)| p).unwrap()
    };
    assert_eq!(pick(&mut r, None), tied[3], "without a seed the larger value, by its last bits, wins");
    let chosen: Vec<Point> = (0..16).map(|seed| pick(&mut r, Some(seed))).collect();
    assert!(chosen.iter().all(|p| tied.contains(p)), "{chosen:?}");
    let distinct = tied.iter().filter(|p| chosen.contains(p)).count();
    assert!(distinct >= 3, "16 seeds chose only {distinct} of the 4 tied moves");
    assert_eq!(chosen[5], pick(&mut r, Some(5)), "the same seed chooses the same move");
    // A clearly larger value is never passed over.
    let mut parts2 = parts.clone();
    parts2[4].1.total = 24.1;
    let input2 = Input { parts: &parts2, ..input };
    for seed in 0..8 {
        let c = choose(&input2, &mut r, Options { allow_resign: false, tie_seed: Some(seed) });
        assert_eq!(c.chosen.map(|(p, _)| p), Some(b.point(2, 2)));
    }
}
