//! Hand-written patterns with hand-checked match lists (edge, corner, interior, colour
//! swap), the eight transformations seen through the matcher, the packed board's
//! incremental upkeep, and the weight threshold. Every case also runs the naive matcher.

use patterns::*;
use proptest::prelude::*;

fn set(text: &str) -> PatternSet {
    let db = parse_db("hand.db", text);
    assert!(db.errors.is_empty(), "{:?}", db.errors);
    PatternSet::from_dbs(&[&db])
}

fn m(anchor: (usize, usize), transform: Transform, mv: (usize, usize)) -> Match {
    Match { pattern: 0, anchor: Vertex::new(anchor.0, anchor.1), transform, move_vertex: Some(Vertex::new(mv.0, mv.1)) }
}

/// Both matchers' sorted results, which must agree.
fn matches(set: &PatternSet, board: &Grid, swap: bool) -> Vec<Match> {
    let mut a = Vec::new();
    NaiveMatcher::new(set).scan(board, swap, &mut a);
    let mut b = Vec::new();
    BitmaskMatcher::new(set).scan(&PackedBoard::from_board(board, swap), &mut b);
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "naive and bitmask disagree");
    a
}

#[test]
fn edge_pattern_matches_only_on_the_edge() {
    let s = set("Pattern E1\n\nO*O\n---\n\n:|,-\n");
    let board = Grid::from_rows(&[".....", "O....", "..O.O", "O....", ".O.O."]);
    // Bottom edge as drawn; left edge turned clockwise; the middle row is no edge.
    assert_eq!(
        matches(&s, &board, false),
        vec![m((1, 0), Transform::RotateRight, (2, 0)), m((4, 1), Transform::Identity, (4, 2))]
    );
}

#[test]
fn corner_pattern_matches_in_its_corners() {
    let s = set("Pattern C1\n\n|.X\n|*O\n+--\n\n:8,-\n");
    let board = Grid::from_rows(&["...O.", "...X.", ".....", ".X...", ".O..."]);
    let expected = vec![m((1, 3), Transform::Rotate180, (0, 4)), m((3, 1), Transform::Identity, (4, 0))];
    assert_eq!(matches(&s, &board, false), expected);
    // Seen by the other side, the stones are the wrong colour ...
    assert_eq!(matches(&s, &board, true), vec![]);
    // ... unless the board's colours are swapped too.
    let mut swapped = Grid::new(5);
    for r in 0..5 {
        for c in 0..5 {
            swapped.set(r, c, board.get(r, c).swapped());
        }
    }
    assert_eq!(matches(&s, &swapped, true), expected);
}

#[test]
fn question_marks_keep_interior_patterns_on_the_board() {
    let s = set("Pattern I1\n\n?X?\n.*.\n\n:|,-\n");
    let centre = Grid::from_rows(&[".....", ".....", "..X..", ".....", "....."]);
    assert_eq!(
        matches(&s, &centre, false),
        vec![
            m((2, 2), Transform::Identity, (3, 2)),
            m((2, 2), Transform::RotateRight, (2, 1)),
            m((2, 2), Transform::Rotate180, (1, 2)),
            m((2, 2), Transform::RotateLeft, (2, 3)),
        ]
    );
    let edge = Grid::from_rows(&["X....", ".....", ".....", ".....", "..X.."]);
    assert_eq!(matches(&s, &edge, false), vec![m((4, 2), Transform::Rotate180, (3, 2))]);
}

#[test]
fn or_elements_follow_the_documentation() {
    // `o`: O or empty, never X; `x`: X or empty, never O.
    let s = set("Pattern OX\n\nXo\n*x\n\n:8,-\n");
    let p = &s.patterns[0];
    assert_eq!(p.geometry.anchor_element, Element::Opponent);
    for (cell, o_ok, x_ok) in [(Cell::Empty, true, true), (Cell::O, true, false), (Cell::X, false, true)] {
        assert_eq!(admits(Element::OwnOrEmpty, cell), o_ok);
        assert_eq!(admits(Element::OpponentOrEmpty, cell), x_ok);
        for (e, ok) in [(Element::OwnOrEmpty, o_ok), (Element::OpponentOrEmpty, x_ok)] {
            let (mask, value) = element_mask(e);
            assert_eq!(cell.code() & mask == value, ok, "{e:?} on {cell:?}");
            assert_ne!(3 & mask, value, "{e:?} rejects off-board");
        }
    }
    // Identity at (1,1): X, o right of it, * below, x diagonal.
    let mut board = Grid::from_rows(&[".....", ".X...", ".....", ".....", "....."]);
    let base = matches(&s, &board, false);
    assert!(base.contains(&m((1, 1), Transform::Identity, (2, 1))));
    board.set(1, 2, Cell::X);
    assert!(!matches(&s, &board, false).contains(&m((1, 1), Transform::Identity, (2, 1))));
    board.set(1, 2, Cell::O);
    assert!(matches(&s, &board, false).contains(&m((1, 1), Transform::Identity, (2, 1))));
    board.set(2, 2, Cell::O);
    assert!(!matches(&s, &board, false).contains(&m((1, 1), Transform::Identity, (2, 1))));
}

#[test]
fn each_of_the_eight_transformations_is_reported_as_itself() {
    let s = set("Pattern T8\n\nXO.\n.*.\n...\n\n:8,-\n");
    let g = &s.patterns[0].geometry;
    for t in Transform::ALL {
        // Stones everywhere else, so that no other orientation finds its empty points.
        let mut board = Grid::new(9);
        for r in 0..9 {
            for c in 0..9 {
                board.set(r, c, Cell::O);
            }
        }
        for e in g.transformed(t) {
            let (r, c) = ((4 + e.row) as usize, (4 + e.col) as usize);
            board.set(
                r,
                c,
                if e.element == Element::Opponent {
                    Cell::X
                } else if e.element == Element::Own {
                    Cell::O
                } else {
                    Cell::Empty
                },
            );
        }
        let (i, j) = t.apply(1, 1);
        assert_eq!(matches(&s, &board, false), vec![m((4, 4), t, ((4 + i) as usize, (4 + j) as usize))], "{t:?}");
    }
    // The table of the documentation, read off the matcher: the letter of the pattern
    // point `A` (top left of ABC/DEF/GHI) lands where the table draws it.
    let corner_of_a = |t: Transform| t.apply(-1, -1);
    assert_eq!(corner_of_a(Transform::FlipVertical), (1, -1)); // b: GHI/DEF/ABC
    assert_eq!(corner_of_a(Transform::RotateRight), (-1, 1)); // g: GDA/HEB/IFC
    assert_eq!(corner_of_a(Transform::AntiTranspose), (1, 1)); // h: IFC/HEB/GDA
}

#[test]
fn declared_symmetry_gives_each_placement_once() {
    // `+`: a cross of X around the move; `X`: diagonal X; `O`: half-turn.
    for (text, count) in [
        ("Pattern P\n\nX.X\nO*O\nX.X\n\n:+,-\n", 1),
        ("Pattern D\n\nX.O\n.*.\nO.X\n\n:X,-\n", 1),
        ("Pattern R\n\nXO.\n.*.\n.OX\n\n:O,-\n", 1),
        ("Pattern V\n\n.X.\nO*O\n\n:|,-\n", 1),
    ] {
        let s = set(text);
        let g = &s.patterns[0].geometry;
        let mut board = Grid::new(7);
        for e in &g.elements {
            let (i, j) = g.move_offset.unwrap();
            let (r, c) = ((3 + e.row - i) as usize, (3 + e.col - j) as usize);
            match e.element {
                Element::Opponent => board.set(r, c, Cell::X),
                Element::Own => board.set(r, c, Cell::O),
                _ => {}
            }
        }
        let found = matches(&s, &board, false);
        let moves: std::collections::BTreeSet<_> = found.iter().map(|m| m.move_vertex).collect();
        assert_eq!(moves.len(), found.len(), "{text}: a move reported twice: {found:?}");
        assert_eq!(found.len(), count, "{text}: {found:?}");
    }
}

#[test]
fn weight_threshold_cuts_light_patterns() {
    let s = set("Pattern L\n\nX*\n\n:-,-,value(10)\n\nPattern H\n\nX.*\n\n:-,-,value(50)\n");
    assert_eq!(s.patterns[1].max_weight, 50.0);
    let fast = BitmaskMatcher::new(&s);
    let board = PackedBoard::from_board(&Grid::from_rows(&[".....", ".....", "..X..", ".....", "....."]), false);
    let (mut all, mut heavy) = (Vec::new(), Vec::new());
    fast.scan(&board, &mut all);
    fast.scan_min_weight(&board, 20.0, &mut heavy);
    assert_eq!(all.len(), 8);
    assert_eq!(heavy.len(), 4);
    assert!(heavy.iter().all(|m| m.pattern == 1));
}

fn grid(n: usize, cells: &[u8]) -> Grid {
    let mut g = Grid::new(n);
    for (k, x) in cells.iter().take(n * n).enumerate() {
        g.set(k / n, k % n, [Cell::Empty, Cell::O, Cell::X][*x as usize % 3]);
    }
    g
}

proptest! {
    #[test]
    fn packed_board_updates_like_a_reload(
        n in 1usize..=MAX_BOARD,
        cells in prop::collection::vec(0u8..3, MAX_BOARD * MAX_BOARD),
        changes in prop::collection::vec((0usize..MAX_BOARD, 0usize..MAX_BOARD, 0u8..3), 0..20),
        swap: bool,
    ) {
        let mut board = grid(n, &cells);
        let mut packed = PackedBoard::from_board(&board, swap);
        for (r, c, x) in changes {
            let (r, c) = (r % n, c % n);
            let cell = [Cell::Empty, Cell::O, Cell::X][x as usize];
            board.set(r, c, cell);
            packed.set(r, c, cell);
        }
        let fresh = PackedBoard::from_board(&board, swap);
        for r in 0..n {
            for c in 0..n {
                prop_assert_eq!(packed.window(r, c), fresh.window(r, c));
                for dr in -2..=2i32 {
                    for dc in -2..=2i32 {
                        let code = (fresh.window(r, c) >> patterns::packed::window_shift(dr, dc)) & 3;
                        prop_assert_eq!(code, fresh.code_at(r as i32 + dr, c as i32 + dc));
                    }
                }
            }
        }
        packed.swap_colours();
        let other = PackedBoard::from_board(&board, !swap);
        for r in 0..n {
            for c in 0..n {
                prop_assert_eq!(packed.window(r, c), other.window(r, c));
                prop_assert_eq!(packed.code(r, c), other.code(r, c));
            }
        }
    }
}

/// A few real-looking patterns of every kind (edge, corner, interior, `o`/`x`).
const MIXED: &str = "Pattern E1\n\nO*O\n---\n\n:|,-\n\nPattern C1\n\n|.X\n|*O\n+--\n\n:8,-\n\n\
Pattern I1\n\n?X?\n.*.\n\n:|,-\n\nPattern OX\n\nXo\n*x\n\n:8,-\n\nPattern B\n\nXO?x\n.*.o\n?.X.\n\n:8,-\n";

proptest! {
    #[test]
    fn incremental_updates_equal_a_full_scan(
        n in 5usize..=11,
        cells in prop::collection::vec(0u8..3, 121),
        moves in prop::collection::vec(prop::collection::vec((0usize..11, 0usize..11, 0u8..3), 1..4), 1..12),
        swap: bool,
    ) {
        let s = set(MIXED);
        let fast = BitmaskMatcher::new(&s);
        let mut board = grid(n, &cells);
        let mut inc = IncrementalMatcher::new(&fast, &board, swap);
        let mut full = Vec::new();
        for changes in moves {
            let changes: Vec<(usize, usize, Cell)> =
                changes.into_iter().map(|(r, c, x)| (r % n, c % n, [Cell::Empty, Cell::O, Cell::X][x as usize])).collect();
            for &(r, c, cell) in &changes {
                board.set(r, c, cell);
            }
            inc.update(&fast, &changes);
            fast.scan(&PackedBoard::from_board(&board, swap), &mut full);
            let mut got = inc.matches().to_vec();
            got.sort_unstable();
            full.sort_unstable();
            prop_assert_eq!(&got, &full);
        }
        inc.swap_colours(&fast);
        fast.scan(&PackedBoard::from_board(&board, !swap), &mut full);
        let mut got = inc.matches().to_vec();
        got.sort_unstable();
        full.sort_unstable();
        prop_assert_eq!(got, full);
    }
}
