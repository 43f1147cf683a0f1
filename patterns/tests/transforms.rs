//! The eight transformations and their reduction by each declared symmetry, checked on
//! hand-written patterns that have exactly that symmetry.

use patterns::*;
use proptest::prelude::*;
use std::collections::BTreeSet;

type Shape = Vec<(i32, i32, char)>;

/// The pattern's elements under `t`, translated so that the top-left corner is (0, 0):
/// two transformations give the same matcher work exactly when the shapes are equal.
fn shape(g: &Geometry, t: Transform) -> Shape {
    let els = g.transformed(t);
    let mi = els.iter().map(|e| e.row).min().unwrap_or(0);
    let mj = els.iter().map(|e| e.col).min().unwrap_or(0);
    let mut s: Shape = els.iter().map(|e| (e.row - mi, e.col - mj, e.element.as_char())).collect();
    s.sort_unstable();
    s
}

fn pattern(sym: char, rows: &[&str]) -> (Symmetry, Geometry) {
    let text = format!("Pattern S\n\n{}\n\n:{sym},-\n", rows.join("\n"));
    let db = parse_db("sym.db", &text);
    assert!(db.errors.is_empty(), "{:?}", db.errors);
    let p = &db.patterns[0];
    (p.colon.symmetry, geometry(&p.diagram, None, AnchorPolicy::Either).unwrap())
}

const CASES: &[(char, &[&str])] = &[
    ('8', &["XO.", ".*o", "x.."]),
    ('|', &["X.X", "O*O", ".o."]),
    ('-', &["XO.", ".*o", "XO."]),
    ('\\', &["XO.", "O*x", ".xo"]),
    ('/', &["ox.", ".*x", "O.o"]),
    ('+', &["X.X", "O*O", "X.X"]),
    ('X', &["X.O", ".*.", "O.X"]),
    ('O', &["XO.", ".*.", ".OX"]),
];

#[test]
fn each_symmetry_keeps_exactly_the_distinct_transformations() {
    for (c, rows) in CASES {
        let (sym, g) = pattern(*c, rows);
        let all: BTreeSet<Shape> = Transform::ALL.iter().map(|t| shape(&g, *t)).collect();
        let kept: Vec<Shape> = sym.transforms().iter().map(|t| shape(&g, *t)).collect();
        let kept_set: BTreeSet<Shape> = kept.iter().cloned().collect();
        assert_eq!(kept_set, all, "symmetry `{c}` must still cover every orientation");
        assert_eq!(kept_set.len(), kept.len(), "symmetry `{c}` must not try an orientation twice");
        assert_eq!(kept.len(), 8 / sym.invariants().len(), "symmetry `{c}`");
        for t in sym.invariants() {
            assert_eq!(shape(&g, *t), shape(&g, Transform::Identity), "`{c}` is invariant under {t:?}");
        }
    }
}

#[test]
fn transform_counts_follow_gnugo() {
    let n = |c| Symmetry::from_char(c).unwrap().transforms().len();
    assert_eq!([n('8'), n('|'), n('-'), n('\\'), n('/'), n('+'), n('X'), n('O')], [8, 4, 4, 4, 4, 2, 2, 4]);
    assert_eq!(Symmetry::Rotation180.transforms()[0], Transform::Rotate180);
    assert_eq!(Symmetry::from_char('7'), None);
}

#[test]
fn the_table_of_the_documentation() {
    // ABC/DEF/GHI around E; each transformation's picture from the documented table.
    let letters = ["ABC", "DEF", "GHI"];
    let picture = |t: Transform| {
        let mut out = [[' '; 3]; 3];
        for (i, row) in letters.iter().enumerate() {
            for (j, ch) in row.chars().enumerate() {
                let (ti, tj) = t.apply(i as i32 - 1, j as i32 - 1);
                out[(ti + 1) as usize][(tj + 1) as usize] = ch;
            }
        }
        out.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("/")
    };
    let expected = [
        ('a', "ABC/DEF/GHI"),
        ('b', "GHI/DEF/ABC"),
        ('c', "CBA/FED/IHG"),
        ('d', "IHG/FED/CBA"),
        ('e', "ADG/BEH/CFI"),
        ('f', "CFI/BEH/ADG"),
        ('g', "GDA/HEB/IFC"),
        ('h', "IFC/HEB/GDA"),
    ];
    for (letter, pic) in expected {
        let t = Transform::ALL.iter().copied().find(|t| t.letter() == letter).unwrap();
        assert_eq!(picture(t), pic, "transformation {letter}");
    }
    let order: String = Transform::ALL.iter().map(|t| t.letter()).collect();
    assert_eq!(order, "agdfhbec");
    for (k, t) in Transform::ALL.iter().enumerate() {
        assert_eq!(t.index(), k);
    }
}

#[test]
fn edges_follow_the_transformation() {
    let lower_left = Edges { north: false, south: true, west: true, east: false };
    assert_eq!(Transform::Identity.apply_edges(lower_left), lower_left);
    assert_eq!(
        Transform::Rotate180.apply_edges(lower_left),
        Edges { north: true, south: false, west: false, east: true }
    );
    assert_eq!(
        Transform::FlipHorizontal.apply_edges(lower_left),
        Edges { north: false, south: true, west: false, east: true }
    );
    // Clockwise: the south edge turns west, the west edge north.
    assert_eq!(
        Transform::RotateRight.apply_edges(lower_left),
        Edges { north: true, south: false, west: true, east: false }
    );
}

#[test]
fn orientations_carry_bounds_edges_and_move() {
    let db = parse_db("o.db", "Pattern O1\n\n|X..\n|.*O\n+---\n\n:8,-\n");
    let p = &db.patterns[0];
    let g = p.geometry(AnchorPolicy::Either).unwrap();
    assert_eq!((g.min, g.max), ((0, 0), (1, 2)));
    let o = g.orientations(p.colon.symmetry);
    assert_eq!(o.len(), 8);
    let half = o.iter().find(|o| o.transform == Transform::Rotate180).unwrap();
    assert_eq!((half.min, half.max), ((-1, -2), (0, 0)));
    assert_eq!(half.move_offset, Some((-1, -1)));
    assert!(half.edges.north && half.edges.east);
    assert_eq!(g.orientations(Symmetry::Plus).len(), 2);
}

fn diagram() -> impl Strategy<Value = (usize, Vec<char>)> {
    (1usize..5, 1usize..5).prop_flat_map(|(w, h)| {
        let cells = proptest::collection::vec(proptest::sample::select(".XOxo,!?".chars().collect::<Vec<_>>()), w * h);
        (Just(w), cells)
    })
}

proptest! {
    #[test]
    fn transformations_are_invertible_and_keep_every_element((w, cells) in diagram(), star in 0usize..25) {
        let mut cells = cells;
        let star = star % cells.len();
        cells[star] = '*';
        let rows: Vec<String> = cells.chunks(w).map(|r| r.iter().collect()).collect();
        let text = format!("Pattern P\n\n{}\n\n:8,-\n", rows.join("\n"));
        let db = parse_db("p.db", &text);
        let Some(p) = db.patterns.first() else { return Ok(()) };
        let g = p.geometry(AnchorPolicy::Move).unwrap();
        prop_assert_eq!(g.move_offset, Some((0, 0)));
        for t in Transform::ALL {
            let moved = g.transformed(t);
            prop_assert_eq!(moved.len(), g.elements.len());
            for (a, b) in moved.iter().zip(&g.elements) {
                prop_assert_eq!(t.inverse().apply(a.row, a.col), (b.row, b.col));
            }
            prop_assert_eq!(t.inverse().apply_edges(t.apply_edges(g.edges)), g.edges);
        }
    }
}
