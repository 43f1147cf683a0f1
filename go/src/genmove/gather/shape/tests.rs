use super::*;
use crate::analysis::owl::OwlLimits;
use crate::analysis::reading::Reader;
use crate::game::{GoGame, Rules};
use crate::genmove::analysed::analyse;
use crate::rules::stone::Color;

fn analysed(rows: &[&str]) -> Analysed {
    let g = GoGame::from_rows(rows, 0.5, Rules::default()).unwrap();
    let b = g.board().clone();
    let mut r = Reader::new(&b);
    analyse(&b, &mut r, OwlLimits::default())
}

fn library(text: &str) -> PatternLibrary {
    let lib = PatternLibrary::new(vec![patterns::parse_db("t.db", text)], patterns::Registry::standard());
    assert!(lib.errors.is_empty(), "{:?}", lib.errors);
    lib
}

const SEVEN: [&str; 7] = [".......", ".......", ".......", "...X...", ".......", ".......", "......."];

/// An approach to a lone stone: class `E` and `a`, every value attribute, and an action.
const APPROACH: &str = "Pattern TApproach\n\n.X.\n.*.\n...\n\n:|,Ea,value(7),shape(2),followup(3),reverse_followup(1.5),terri(4)\n\n.X.\n.*.\n.a.\n\n>antisuji(a)\n";

#[test]
fn a_match_adds_its_classes_values_and_action() {
    let a = analysed(&SEVEN);
    let b = &a.board;
    let mut out = MoveReasons::new(Color::White);
    gather_with(&library(APPROACH), &a, &mut out);
    let d4 = b.point(3, 3);
    // The four points next to D4 each match once (the diagram's left-right symmetry: four orientations).
    for (mv, beyond) in [((3, 4), (3, 5)), ((3, 2), (3, 1)), ((2, 3), (1, 3)), ((4, 3), (5, 3))] {
        let (p, q) = (b.point(mv.0, mv.1), b.point(beyond.0, beyond.1));
        let d = out.at(p);
        assert!(d.reasons.contains(&MoveReason::ExpandMoyo), "{d:?}");
        assert!(d.reasons.contains(&MoveReason::StrategicAttack { dragon: d4 }), "{d:?}");
        assert!(!d.reasons.contains(&MoveReason::ExpandTerritory));
        assert_eq!((d.min_value, d.followup, d.reverse_followup, d.min_territory), (7.0, 3.0, 1.5, 4.0));
        assert_eq!((d.shape.max_pos, d.shape.num_pos), (2.0, 1));
        // The action marks the point beyond the move.
        assert_eq!(out.at(q).reasons.as_slice(), &[MoveReason::Antisuji]);
    }
    // Nothing else: diagonal points and the far corner have nothing.
    assert!(out.at(b.point(2, 2)).is_empty());
    assert_eq!(out.points().count(), 8);
    // For black, D4 is our own stone: no match.
    let mut black = MoveReasons::new(Color::Black);
    gather_with(&library(APPROACH), &a, &mut black);
    assert_eq!(black.points().count(), 0);
}

#[test]
fn without_class_s_the_move_must_be_safe() {
    // D4 between black C4, E4 and D5: a white stone there has one liberty (D3) and is captured.
    let a = analysed(&[".......", ".......", "...X...", "..X.X..", ".......", ".......", "......."]);
    let b = &a.board;
    let db = "Pattern TSafe\n\nX*X\n\n:|,e,value(9)\n\nPattern TSacrifice\n\nX*X\n\n:|,s,value(6)\n";
    let mut out = MoveReasons::new(Color::White);
    gather_with(&library(db), &a, &mut out);
    let d4 = b.point(3, 3);
    assert_eq!(out.at(d4).min_value, 6.0);
    assert!(!out.at(d4).reasons.contains(&MoveReason::ExpandTerritory));
    assert_eq!(out.points().collect::<Vec<_>>(), vec![d4]);
    // A black stone at D4 would be safe: the pattern with black's stones applies for black.
    let mut black = MoveReasons::new(Color::Black);
    gather_with(&library("Pattern TMine\n\nO*O\n\n:|,e,value(9)\n"), &a, &mut black);
    assert!(black.at(d4).reasons.contains(&MoveReason::ExpandTerritory));
    assert_eq!(black.at(d4).min_value, 9.0);
}

#[test]
fn class_x_rejects_dead_stones_and_b_cuts_distinct_dragons() {
    // White's lone stone A1 in black's corner is dead (two liberties, black on B2); class X refuses
    // it, class x accepts it.
    let a = analysed(&[".......", ".......", ".......", ".......", ".......", ".X.....", "O......"]);
    let b = &a.board;
    let a1 = b.point(0, 6);
    assert_eq!(a.status(a1), DragonStatus::Dead);
    let db = "Pattern TLive\n\n|X*\n+--\n\n:8,Xe\n\nPattern TDead\n\n|X*\n+--\n\n:8,xE\n";
    let mut out = MoveReasons::new(Color::Black);
    gather_with(&library(db), &a, &mut out);
    let b1 = b.point(1, 6);
    assert!(out.at(b1).reasons.contains(&MoveReason::ExpandMoyo), "{:?}", out.at(b1));
    assert!(!out.at(b1).reasons.contains(&MoveReason::ExpandTerritory));
    // Two white stones with black stones between them are two dragons: class B cuts them.
    let a = analysed(&[".......", ".......", ".......", ".OX.XO.", ".......", ".......", "......."]);
    let b = &a.board;
    let (b4, f4, d4) = (b.point(1, 3), b.point(5, 3), b.point(3, 3));
    let mut out = MoveReasons::new(Color::Black);
    gather_with(&library("Pattern TCut\n\nXO*OX\n\n:|,B\n"), &a, &mut out);
    assert_eq!(out.at(d4).reasons.as_slice(), &[MoveReason::Cut { first: b4, second: f4 }]);
}

#[test]
fn our_database_closes_the_corner_and_extends_from_a_lone_stone() {
    // White's lone stone on C4 (the three-four point of the lower left corner), white to move: our
    // shape.db proposes the enclosure E3 (ShCloseTheCorner: territory, shape 1) and the two-point
    // extension C7 along the third line (ShTwoSpaceExtension: territory, shape 1).
    let mut rows = vec!["..................."; 19];
    rows[15] = "..O................";
    let a = analysed(&rows);
    let b = &a.board;
    let (e3, c7) = (b.point(4, 16), b.point(2, 12));
    let mut out = MoveReasons::new(Color::White);
    set_pattern_dir(None);
    gather(&a, &mut out);
    for p in [e3, c7] {
        let d = out.at(p);
        assert!(d.reasons.contains(&MoveReason::ExpandTerritory), "{d:?}");
        assert_eq!((d.shape.max_pos, d.shape.num_pos), (1.0, 1), "{d:?}");
    }
    // The mirror points (D3 beside the corner, C1 towards the edge) get nothing from these patterns.
    assert!(out.at(b.point(3, 16)).is_empty());
    // Black, to move, may approach at E3 (ShApproachLowStone: moyo and a strategic attack on C4).
    let mut black = MoveReasons::new(Color::Black);
    gather(&a, &mut black);
    let c4 = b.point(2, 15);
    assert!(black.has(e3, MoveReason::ExpandMoyo), "{:?}", black.at(e3));
    assert!(black.has(e3, MoveReason::StrategicAttack { dragon: c4 }));
}

/// Black's C7 and E7 with white's wedge D7 backed by D6: ShCapTheWedge links them from D8
/// (incident108b move 172's P15, GNU Go 3.8's move there: "connects O14 and Q14"); the same shape
/// against the edge (black B5 and B3, white's wedge B4 backed by C4) gives A4 nothing.
#[test]
fn our_database_caps_the_wedge_away_from_the_edge() {
    let a = analysed(&[
        ".........",
        ".........",
        "..XOX....",
        "...O.....",
        ".X.......",
        ".OO......",
        ".X.......",
        ".........",
        ".........",
    ]);
    let b = &a.board;
    set_pattern_dir(None);
    let mut out = MoveReasons::new(Color::Black);
    gather(&a, &mut out);
    let origin = |p: Point| a.dragons.at(p).unwrap().origin;
    let (c7, e7, d8) = (b.point(2, 2), b.point(4, 2), b.point(3, 1));
    let (first, second) = (origin(c7).min(origin(e7)), origin(c7).max(origin(e7)));
    assert_ne!(first, second, "C7 and E7 are two dragons");
    assert!(out.has(d8, MoveReason::Connect { first, second }), "{:?}", out.at(d8));
    let a4 = b.point(0, 5);
    assert!(!out.at(a4).reasons.iter().any(|r| matches!(r, MoveReason::Connect { .. })), "{:?}", out.at(a4));
}
