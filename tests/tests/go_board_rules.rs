//! Board rules of the Go crate on hand-checked positions: captures, ko, suicide, positional superko, undo,
//! plus a property test that random games keep every incremental structure exact and undo is exact.

use engine_core::rng::seeded_rng;
use go::{Board, Color, GoGame, IllegalMove, Move, Rules};
use proptest::prelude::*;
use rand::Rng;

/// A game whose setup is given as rows of `X`, `O`, `.` (top row first).
fn game_from(rows: &[&str], rules: Rules) -> GoGame {
    let g = GoGame::from_rows(rows, 0.0, rules).unwrap();
    g.board().check_invariants().unwrap();
    g
}

fn at(g: &GoGame, vertex: &str) -> Move {
    go::rules::vertex::parse_vertex(vertex, g.board()).unwrap()
}

fn rows(g: &GoGame) -> Vec<String> {
    let b = g.board();
    (0..b.size() as u8)
        .map(|r| {
            (0..b.size() as u8)
                .map(|c| match b.color(b.point(c, r)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect()
}

#[test]
fn captures_two_strings_at_once() {
    let mut g = game_from(&["X O . O X", ". X . X .", ". . . . .", ". . . . .", ". . . . ."], Rules::default());
    g.play(Color::Black, at(&g, "c5")).unwrap();
    assert_eq!(g.board().captures(Color::Black), 2);
    assert!(g.board().is_empty(g.board().point(1, 0)) && g.board().is_empty(g.board().point(3, 0)));
    assert_eq!(g.board().liberties(g.board().point(2, 0)), 3);
    g.board().check_invariants().unwrap();
}

#[test]
fn capture_then_count() {
    // White c3 string of two (c3, c2) in atari at c1; black plays c1 and captures both.
    let mut g = game_from(&[". . . . .", ". . X . .", ". X O X .", ". X O X .", ". . . . ."], Rules::default());
    g.play(Color::Black, at(&g, "c1")).unwrap();
    let expected: Vec<String> =
        [". . . . .", ". . X . .", ". X . X .", ". X . X .", ". . X . ."].iter().map(|r| r.replace(' ', "")).collect();
    assert_eq!(rows(&g), expected);
    assert_eq!(g.board().captures(Color::Black), 2);
    g.board().check_invariants().unwrap();
    assert!(g.undo());
    assert_eq!(g.board().captures(Color::Black), 0);
    assert_eq!(g.board().color(g.board().point(2, 2)), Some(Color::White));
}

#[test]
fn capture_is_not_suicide_and_multi_stone_suicide_when_allowed() {
    // White a4 has no empty neighbour but captures b4, so it is legal.
    let mut g = game_from(&[". X O .", "X O . .", ". . . .", ". . . ."], Rules::default());
    g.play(Color::White, at(&g, "a4")).unwrap();
    assert_eq!(g.board().captures(Color::White), 1);
    // A stone with no liberty and no capture is suicide (the setup stone at a3 was itself captured).
    let mut s = game_from(&["X O .", "O . .", ". . ."], Rules::default());
    assert!(s.board().is_empty(s.board().point(0, 0)));
    assert_eq!(s.play(Color::Black, at(&s, "a3")), Err(IllegalMove::Suicide));
    // With suicide allowed, black a4 fills the last liberty of its three-stone string: all four stones go.
    let rules = Rules { allow_suicide: true, ..Rules::default() };
    let mut t = game_from(&[". X O .", "X X O .", "O O O .", ". . . ."], rules);
    t.play(Color::Black, at(&t, "a4")).unwrap();
    assert_eq!(t.board().captures(Color::White), 4);
    assert_eq!(t.board().stone_counts(), [0, 5]);
    t.board().check_invariants().unwrap();
}

#[test]
fn simple_ko_and_its_end() {
    let mut g = game_from(&[". X O .", "X O . O", ". X O .", ". . . ."], Rules::default());
    g.play(Color::Black, at(&g, "c3")).unwrap();
    assert_eq!(g.check_move(Color::White, at(&g, "b3")), Err(IllegalMove::Ko));
    // The ko forbids only the recapture: black may fill the point itself.
    assert!(g.check_move(Color::Black, at(&g, "b3")).is_ok());
    g.play(Color::White, at(&g, "d1")).unwrap();
    g.play(Color::Black, at(&g, "a1")).unwrap();
    assert!(g.check_move(Color::White, at(&g, "b3")).is_ok());
}

#[test]
fn positional_superko_only_when_enabled() {
    let rows_ko = [". X O .", "X O . O", ". X O .", ". . . ."];
    for superko in [false, true] {
        let mut g = game_from(&rows_ko, Rules { positional_superko: superko, ..Rules::default() });
        g.play(Color::Black, at(&g, "c3")).unwrap();
        g.play(Color::White, Move::Pass).unwrap();
        g.play(Color::Black, Move::Pass).unwrap();
        let r = g.check_move(Color::White, at(&g, "b3"));
        assert_eq!(r, if superko { Err(IllegalMove::Superko) } else { Ok(()) });
    }
}

#[test]
fn undo_is_unlimited_and_exact() {
    let mut g = GoGame::new(9, 7.5, Rules::default());
    let mut rng = seeded_rng(5);
    let mut boards = vec![g.board().clone()];
    let mut legal = Vec::new();
    for _ in 0..150 {
        g.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        g.play(g.to_move(), mv).unwrap();
        boards.push(g.board().clone());
    }
    while g.move_count() > 0 {
        boards.pop();
        assert!(g.undo());
        assert_eq!(g.board(), boards.last().unwrap());
    }
    assert!(!g.undo());
}

#[test]
fn board_sizes() {
    for n in 1..=25 {
        assert!(Board::valid_size(n));
        let b = Board::new(n);
        assert_eq!(b.points().count(), n * n);
    }
    assert!(!Board::valid_size(0) && !Board::valid_size(26));
    // 1x1: every move is suicide.
    let g = GoGame::new(1, 0.0, Rules::default());
    assert_eq!(g.check_move(Color::Black, Move::Play(g.board().point(0, 0))), Err(IllegalMove::Suicide));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_games_keep_invariants(seed in any::<u64>(), size in 2usize..=13, suicide in any::<bool>(), superko in any::<bool>()) {
        let rules = Rules { allow_suicide: suicide, positional_superko: superko, ..Rules::default() };
        let mut g = GoGame::new(size, 0.5, rules);
        let mut rng = seeded_rng(seed);
        let mut legal = Vec::new();
        for _ in 0..(2 * size * size) {
            g.legal_moves(&mut legal);
            if legal.is_empty() { break; }
            let mv = legal[rng.random_range(0..legal.len())];
            let before = g.board().clone();
            if let Move::Play(p) = mv {
                let predicted = g.board().hash_after(p, g.to_move());
                g.play(g.to_move(), mv).unwrap();
                prop_assert_eq!(predicted, g.board().hash());
            } else {
                g.play(g.to_move(), mv).unwrap();
            }
            prop_assert!(g.board().check_invariants().is_ok(), "{:?}", g.board().check_invariants());
            if rng.random_bool(0.1) {
                prop_assert!(g.undo());
                prop_assert_eq!(g.board(), &before);
            }
        }
    }
}
