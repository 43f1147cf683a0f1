//! Hand-written patterns, one syntax feature at a time, and error locations.

use patterns::*;

fn parse(text: &str) -> DbFile {
    parse_db("test.db", text)
}

fn one(text: &str) -> Pattern {
    let db = parse(text);
    assert!(db.errors.is_empty(), "unexpected errors: {:?}", db.errors);
    assert_eq!(db.patterns.len(), 1);
    db.patterns.into_iter().next().unwrap()
}

fn body(p: &Pattern, row: usize) -> String {
    match &p.diagram.rows[row].kind {
        RowKind::Body { cells, .. } => cells.clone(),
        RowKind::Edge { .. } => String::from("<edge>"),
    }
}

const HEADERS: &str = "\
# a comment before the headers
attribute_map general

goal_elements none
# comments between headers
callback_data XOxo


Pattern T1
# first comment
#second comment

?X?        side note
O*O

:8,OX

Pattern T2

o*O

:|,-
# a trailing comment
callback_data X!

Pattern T3

X*X

:+,C
";

#[test]
fn headers_names_comments_and_side_notes() {
    let db = parse(HEADERS);
    assert!(db.errors.is_empty(), "{:?}", db.errors);
    assert_eq!(db.patterns.len(), 3);
    let p = &db.patterns[0];
    assert_eq!(p.name, "T1");
    assert_eq!(p.line, 9);
    assert_eq!(p.comments, vec![" first comment".to_string(), "second comment".to_string()]);
    assert_eq!(p.diagram.rows[0].note.as_deref(), Some("side note"));
    assert_eq!(body(p, 1), "O*O");
    assert_eq!(p.colon.class, "OX");
    assert_eq!(db.directives.len(), 4);
    assert_eq!(db.directive_for(DirectiveKind::AttributeMap, 0), Some("general"));
    assert_eq!(db.directive_for(DirectiveKind::CallbackData, 1), Some("XOxo"));
    // A header after pattern T2 governs T3 onwards.
    assert_eq!(db.directive_for(DirectiveKind::CallbackData, 2), Some("X!"));
    assert_eq!(db.patterns[1].colon.symmetry, Symmetry::Vertical);
    assert_eq!(db.patterns[1].colon.class, "");
    assert_eq!(db.patterns[2].colon.symmetry, Symmetry::Plus);
}

#[test]
fn every_standard_element_character() {
    let p = one("Pattern E1\n\n.XOxo\n,!*?Q\n\n:8,-\n");
    let g = geometry(&p.diagram, None, AnchorPolicy::Either).unwrap();
    // `Q` names the anchor explicitly, whatever the policy.
    assert_eq!(g.anchor, (1, 4));
    assert_eq!(g.anchor_element, Element::OwnAnchor);
    let kinds: Vec<char> = g.elements.iter().map(|e| e.element.as_char()).collect();
    assert_eq!(kinds, vec!['.', 'X', 'O', 'x', 'o', ',', '!', '*', 'Q'], "no element for `?`");
    assert_eq!(g.move_offset, Some((0, -2)));
    assert_eq!(g.elements[1], PatElement { row: -1, col: -3, element: Element::Opponent });
    let y = one("Pattern E2\n\nY*\n\n:8,-\n");
    assert_eq!(geometry(&y.diagram, None, AnchorPolicy::Own).unwrap().anchor_element, Element::OpponentAnchor);
}

#[test]
fn anchor_policies() {
    let p = one("Pattern A1\n\n.X.\n.*O\n\n:8,-\n");
    let anchor = |policy| geometry(&p.diagram, None, policy).unwrap().anchor;
    assert_eq!(anchor(AnchorPolicy::Either), (0, 1));
    assert_eq!(anchor(AnchorPolicy::Opponent), (0, 1));
    assert_eq!(anchor(AnchorPolicy::Own), (1, 2));
    assert_eq!(anchor(AnchorPolicy::Move), (1, 1));
    // No stone of the wanted colour: fall back to the move.
    let q = one("Pattern A2\n\n.X.\n.*.\n\n:8,-\n");
    assert_eq!(geometry(&q.diagram, None, AnchorPolicy::Own).unwrap().anchor, (1, 1));
}

#[test]
fn edges_and_corners() {
    let bottom = one("Pattern B1\n\n?X?\nO*O\n---\n\n:|,-\n");
    let g = geometry(&bottom.diagram, None, AnchorPolicy::Move).unwrap();
    assert_eq!(g.edges, Edges { north: false, south: true, west: false, east: false });
    assert_eq!((g.width, g.height), (3, 2));

    let lower_left = one("Pattern B2\n\n|X?\n|*O\n+--\n\n:8,-\n");
    let g = geometry(&lower_left.diagram, None, AnchorPolicy::Move).unwrap();
    assert_eq!(g.edges, Edges { north: false, south: true, west: true, east: false });
    assert_eq!(lower_left.diagram.rows[2].kind, RowKind::Edge { left_corner: true, right_corner: false, width: 2 });

    let upper_right = one("Pattern B3\n\n---+\nX*O|\n..?|\n\n:8,-\n");
    let g = geometry(&upper_right.diagram, None, AnchorPolicy::Move).unwrap();
    assert_eq!(g.edges, Edges { north: true, south: false, west: false, east: true });
    assert_eq!(g.min, (0, -1));
    assert_eq!(g.max, (1, 1));

    let right = one("Pattern B4\n\n.X|\n*O|\n\n:8,-\n");
    let g = geometry(&right.diagram, None, AnchorPolicy::Move).unwrap();
    assert!(g.edges.east && !g.edges.west && !g.edges.north && !g.edges.south);
}

#[test]
fn every_symmetry_character() {
    for (c, s) in [
        ('8', Symmetry::None),
        ('|', Symmetry::Vertical),
        ('-', Symmetry::Horizontal),
        ('\\', Symmetry::Diagonal),
        ('/', Symmetry::AntiDiagonal),
        ('+', Symmetry::Plus),
        ('X', Symmetry::Cross),
        ('O', Symmetry::Rotation180),
    ] {
        let p = one(&format!("Pattern S\n\n.X.\n.*.\n...\n\n:{c},OX\n"));
        assert_eq!(p.colon.symmetry, s);
        assert_eq!(s.as_char(), c);
    }
}

#[test]
fn colon_values_and_helper() {
    let p = one("Pattern V1\n\n.X.\n.*.\n\n:8,OXe, value(35),minvalue(1.5),maxvalue(90),terri(-0.5),minterri(.01),\
         maxterri(4),shape(-2), followup(3),reverse_followup(7),my_helper\n");
    let c = &p.colon;
    assert_eq!(c.class, "OXe");
    assert!(c.has_class('e') && !c.has_class('C'));
    let names: Vec<&str> = c.values.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(
        names,
        ["value", "minvalue", "maxvalue", "terri", "minterri", "maxterri", "shape", "followup", "reverse_followup"]
    );
    assert_eq!(c.value("minvalue").and_then(ValueAttr::number), Some(1.5));
    assert_eq!(c.value("terri").and_then(ValueAttr::number), Some(-0.5));
    assert_eq!(c.value("minterri").and_then(ValueAttr::number), Some(0.01));
    assert_eq!(c.helper.as_deref(), Some("my_helper"));

    let owl =
        parse("attribute_map owl_attack\n\nPattern V2\n\n.X.\n.*.\n\n:8,s,threatens_eye(a),value(20)\n\n.X.\n.*a\n");
    assert!(owl.errors.is_empty(), "{:?}", owl.errors);
    assert_eq!(owl.patterns[0].colon.values[0].args, vec![ColonArg::Label('a')]);

    let null = one("Pattern V3\n\n.*X\n\n:8,ed,NULL\n");
    assert_eq!((null.colon.class.as_str(), null.colon.helper.as_deref()), ("ed", None));
}

#[test]
fn legacy_numeric_colon_line() {
    let p = one("Pattern OLD1\n\n?o?|\nXO*|\n.x.|\n\n:8,42,0,OX,3,4,6,0,1,my_old_helper\n");
    assert_eq!(p.colon.legacy_numbers, vec![42.0, 0.0, 3.0, 4.0, 6.0, 0.0, 1.0]);
    assert_eq!(p.colon.class, "OX");
    assert_eq!(p.colon.helper.as_deref(), Some("my_old_helper"));
    let w = one("Pattern OLD2\n\n.XO\nO*.\n\n:8,30,wind(10,2,5,1),-,0,0,0,NULL\n");
    assert_eq!(w.colon.values[0].name, "wind");
    assert_eq!(w.colon.values[0].args.len(), 4);
    assert_eq!(w.colon.helper, None);
}

const CONSTRAINT: &str = "\
Pattern C1

?O.X
O*.x
----

:8,C

?ab?
c*dE
----

;lib(E)>1 && !attack(a)
;  || oplay_attack(*,?,b,c,d,E) ? xlib(d) + 2 * lib(a) - 1 >= 3 : -olib(c) != 0

>antisuji(d);
>if (!ko(b)) replace(c,*); else { amalgamate(a,b); }
>return (lib(a) == 2);
";

#[test]
fn constraint_diagram_labels_and_joined_constraint() {
    let p = one(CONSTRAINT);
    let g = geometry(&p.diagram, p.constraint_diagram.as_ref(), AnchorPolicy::Move).unwrap();
    assert_eq!(g.labels.get(&'a'), Some(&(-1, 0)));
    assert_eq!(g.labels.get(&'E'), Some(&(0, 2)));
    assert_eq!(g.labels.get(&'*'), Some(&(0, 0)));
    let c = p.constraint.as_ref().unwrap();
    assert_eq!(c.line, 13);
    assert!(c.source.contains('\n'), "lines are joined, keeping line structure for errors");
    // `a && b || c ? x : y` is `((a && b) || c) ? x : y`.
    let Expr::Ternary { cond, then, otherwise } = &c.expr else { panic!("{:?}", c.expr) };
    let Expr::Binary { first, rest } = cond.as_ref() else { panic!("{cond:?}") };
    assert!(matches!(first.as_ref(), Expr::Binary { rest, .. } if rest[0].0 == BinOp::And));
    let [(BinOp::Or, Expr::Call { name, args })] = rest.as_slice() else { panic!("{rest:?}") };
    assert_eq!(name, "oplay_attack");
    assert_eq!(
        args,
        &vec![Expr::Label('*'), Expr::Tenuki, Expr::Label('b'), Expr::Label('c'), Expr::Label('d'), Expr::Label('E')]
    );
    // `xlib(d) + 2 * lib(a) - 1 >= 3`: comparison over additive over multiplicative, the
    // additive run `+ … -` one flat node.
    let Expr::Binary { first: sum, rest } = then.as_ref() else { panic!("{then:?}") };
    assert!(matches!(rest.as_slice(), [(BinOp::Ge, Expr::Int(3))]), "{rest:?}");
    let Expr::Binary { first, rest } = sum.as_ref() else { panic!("{sum:?}") };
    assert!(matches!(first.as_ref(), Expr::Call { .. }));
    let [(BinOp::Add, product), (BinOp::Sub, Expr::Int(1))] = rest.as_slice() else { panic!("{rest:?}") };
    assert!(matches!(product, Expr::Binary { rest, .. } if rest[0].0 == BinOp::Mul));
    let Expr::Binary { first, rest } = otherwise.as_ref() else { panic!("{otherwise:?}") };
    assert_eq!(rest[0].0, BinOp::Ne);
    assert!(matches!(first.as_ref(), Expr::Unary { op: UnaryOp::Neg, .. }));

    let a = p.action.as_ref().unwrap();
    assert_eq!(a.stmts.len(), 3);
    assert!(
        matches!(&a.stmts[1], Stmt::If { otherwise: Some(o), .. } if matches!(o.as_ref(), Stmt::Block(b) if b.len() == 1))
    );
    assert!(matches!(&a.stmts[2], Stmt::Return(Some(Expr::Binary { rest, .. })) if rest[0].0 == BinOp::Eq));
    let calls: Vec<String> = db_calls(&p);
    assert_eq!(calls, ["amalgamate", "antisuji", "attack", "ko", "lib", "olib", "oplay_attack", "replace", "xlib"]);
}

fn db_calls(p: &Pattern) -> Vec<String> {
    let mut out = std::collections::BTreeSet::new();
    p.collect_calls(&mut out);
    out.into_iter().collect()
}

#[test]
fn action_without_constraint_diagram_and_constants() {
    let p = one("Pattern D1\n\n.O.\n.*X\n\n:8,-\n\n>if (!safe_omove(*)) known_safe_move(*)\n");
    assert!(p.constraint_diagram.is_none());
    let q = one("Pattern D2\n\nXO\n*.\n\n:8,-\n\nXO\n*a\n\n;oplay_break_through(*,a,a,a,a) == WIN;\n");
    let Expr::Binary { rest, .. } = &q.constraint.as_ref().unwrap().expr else { panic!() };
    assert_eq!(rest, &[(BinOp::Eq, Expr::Ident("WIN".into()))]);
}

#[test]
fn comments_and_blank_lines_between_parts() {
    let p = one(
        "Pattern K1\n# about it\n\n\nX*O\n# between diagram and colon\n\n:8,-\n# after colon\n\nXab\n\n# before constraint\n;lib(a)>1\n# between\n;&& lib(b)>1\n\n# before action\n>antisuji(b)\n# at the end\n\n",
    );
    assert!(p.constraint.is_some() && p.action.is_some());
    assert_eq!(p.comments, vec![" about it".to_string()]);
}

#[test]
fn eyes_dialect() {
    let text = "# eyes\n\nPattern E1\n\n .\nx.X\n\n:1221\n\nPattern E2\n\n|(\n|!x.\n+---\n\n:0101\n\nPattern E3\n\n(<>!@$*x\n\n:0112\n";
    let db = parse_db("eyes.db", text);
    assert!(db.errors.is_empty(), "{:?}", db.errors);
    assert_eq!(db.eye_patterns.len(), 3);
    let p = &db.eye_patterns[0];
    assert_eq!(p.rows[0].1, " .", "leading space kept");
    assert_eq!(p.value, [1, 2, 2, 1]);
    let g = eye_geometry(p).unwrap();
    assert_eq!(g.vertices[0], (0, 1, EyeElement::Space));
    assert_eq!(g.vertices[3], (1, 2, EyeElement::DeadStone));
    let edge = eye_geometry(&db.eye_patterns[1]).unwrap();
    assert!(edge.edges.west && edge.edges.south);
    assert_eq!(edge.vertices[0], (0, 0, EyeElement::MarginalAttack));
    assert_eq!(db.eye_patterns[2].value, [0, 1, 1, 2]);
}

#[test]
fn monte_carlo_dialect() {
    let text = "# mc\n\nxXx\n.*.\n?O?\n\n:7\n\n%O?\n%*X\n%%%\n\n:15,xcap1,ounsafe\n:25,xcap2-\n:35,xcap2+,far\n\n|Xo\n|*.\n+--\n\n:2\n";
    let db = parse_db("mc_test.db", text);
    assert!(db.errors.is_empty(), "{:?}", db.errors);
    assert_eq!(db.mc_patterns.len(), 3);
    let p = &db.mc_patterns[1];
    assert_eq!(p.values.len(), 3);
    assert_eq!(p.values[2].value, 35);
    assert_eq!(p.values[0].properties, vec!["xcap1".to_string(), "ounsafe".to_string()]);
    assert_eq!(db.mc_patterns[2].grid(), [['|', 'X', 'o'], ['|', '*', '.'], ['+', '-', '-']]);
    let bad = parse_db("mc_bad.db", "xXx\n.*.\n?O?\n\n:5,nearby\n");
    assert_eq!(bad.errors.len(), 1);
    assert_eq!((bad.errors[0].line, bad.errors[0].column), (5, 4));
}

// ------------------------------------------------------------------- errors

fn errors(text: &str) -> Vec<ParseError> {
    parse(text).errors
}

#[test]
fn bad_diagram_character_is_located() {
    let e = errors("Pattern E1\n\n..X\n.#*\n\n:8,-\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].line, e[0].column), (4, 2), "{}", e[0]);
    assert_eq!(e[0].file, "test.db");
    assert_eq!(e[0].pattern.as_deref(), Some("E1"));
    assert!(e[0].to_string().starts_with("test.db:4:2: expected "), "{}", e[0]);
}

#[test]
fn bad_colon_line_is_located() {
    let e = errors("Pattern E2\n\n.X.\n.*.\n\n:8,OX,value(3\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].line, e[0].column), (6, 14), "{}", e[0]);
    let sym = errors("Pattern E3\n\n.*\n\n:7,OX\n");
    assert_eq!((sym[0].line, sym[0].column), (5, 2), "{}", sym[0]);
    assert!(sym[0].expected.contains("symmetry"), "{}", sym[0]);
    let class = errors("Pattern E4\n\n.*\n\n:8,OXq\n");
    assert_eq!((class[0].line, class[0].column), (5, 6), "{}", class[0]);
}

#[test]
fn bad_constraint_is_located_on_its_own_line() {
    let e = errors("Pattern E5\n\n.X.\n.*.\n\n:8,-\n\n.A.\n.*b\n\n;lib(A) > 1\n;  && (lib(b) >)\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].line, e[0].column), (12, 16), "{}", e[0]);
    assert!(e[0].expected.contains("expression") || e[0].expected.contains("name"), "{}", e[0]);
}

#[test]
fn undefined_label_is_an_error() {
    let e = errors("Pattern E6\n\n.X.\n.*.\n\n:8,-\n\n.A.\n.*b\n\n;lib(c) > 1\n");
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].line, 11);
    assert!(e[0].expected.contains("`c`"), "{}", e[0]);
}

#[test]
fn shape_errors_are_located() {
    let ragged = errors("Pattern R1\n\n.X.\n.*\n\n:8,-\n");
    assert_eq!((ragged[0].line, ragged[0].column), (4, 3), "{}", ragged[0]);
    let stars = errors("Pattern R2\n\n*X*\n\n:8,-\n");
    assert_eq!((stars[0].line, stars[0].column), (3, 3), "{}", stars[0]);
    let edge = errors("Pattern R3\n\n|.X\n.*.\n\n:8,-\n");
    assert_eq!((edge[0].line, edge[0].column), (4, 1), "{}", edge[0]);
    let corner = errors("Pattern R4\n\n|.X\n|*.\n---\n\n:8,-\n");
    assert_eq!(corner[0].line, 5, "{}", corner[0]);
    let width = errors("Pattern R5\n\n.X\n*.\n-----\n\n:8,-\n");
    assert_eq!(width[0].line, 5, "{}", width[0]);
    let cd = errors("Pattern R6\n\n.X.\n.*.\n\n:8,-\n\n.O.\n.*a\n\n;lib(a)\n");
    assert_eq!((cd[0].line, cd[0].column), (8, 2), "{}", cd[0]);
}

#[test]
fn a_bad_pattern_is_skipped_and_the_rest_parse() {
    let text = "attribute_map general\n\nPattern G1\n\n.*X\n\n:8,-\n\nPattern BAD\n\n.*X\n\n:8,-,value(\n\nPattern G2\n\nX*.\n\n:8,-\ncallback_data O\n\nPattern BAD2\n\n.%.\n\n:8\n\nPattern G3\n\n.*O\n\n:8,s\n";
    let db = parse(text);
    let names: Vec<&str> = db.patterns.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["G1", "G2", "G3"]);
    assert_eq!(db.errors.len(), 2);
    assert_eq!(db.errors[0].pattern.as_deref(), Some("BAD"));
    assert_eq!(db.errors[0].line, 13);
    assert_eq!(db.errors[1].pattern.as_deref(), Some("BAD2"));
    assert_eq!((db.errors[1].line, db.errors[1].column), (24, 2));
    assert_eq!(db.directive_for(DirectiveKind::CallbackData, 2), Some("O"));
}

#[test]
fn garbage_in_the_preamble_is_reported() {
    let db = parse("attribute_map general\nnonsense here\n\nPattern P\n\n*X\n\n:8,-\n");
    assert_eq!(db.errors.len(), 1);
    assert_eq!((db.errors[0].line, db.errors[0].column), (2, 1));
    assert_eq!(db.patterns.len(), 1);
}

#[test]
fn values_must_fit_the_attribute_map() {
    let e = errors("attribute_map value_only\n\nPattern M1\n\nO*\n\n:8,-,shape(3)\n");
    assert_eq!(e.len(), 1);
    assert!(e[0].expected.contains("value_only"), "{}", e[0]);
}

#[test]
fn expression_entry_points() {
    assert_eq!(parse_constraint("a").unwrap(), Expr::Label('a'));
    assert_eq!(
        parse_constraint("1 - 2 - 3").unwrap(),
        Expr::Binary {
            first: Box::new(Expr::Int(1)),
            rest: vec![(BinOp::Sub, Expr::Int(2)), (BinOp::Sub, Expr::Int(3))]
        }
    );
    // A looser operator closes the tighter run: `1 * 2 - 3 * 4 + 5` is `((1*2) - (3*4)) + 5`.
    let product = |a, b| Expr::Binary { first: Box::new(Expr::Int(a)), rest: vec![(BinOp::Mul, Expr::Int(b))] };
    assert_eq!(
        parse_constraint("1 * 2 - 3 * 4 + 5").unwrap(),
        Expr::Binary {
            first: Box::new(product(1, 2)),
            rest: vec![(BinOp::Sub, product(3, 4)), (BinOp::Add, Expr::Int(5))]
        }
    );
    assert!(matches!(parse_constraint("!a == b").unwrap(), Expr::Binary { rest, .. } if rest[0].0 == BinOp::Eq));
    assert!(parse_constraint("f(a,,b)").is_err());
    assert!(parse_constraint("if").is_err());
    let deep = format!("{}a{}", "(".repeat(500), ")".repeat(500));
    assert!(parse_constraint(&deep).is_err(), "deep nesting is refused, not a stack overflow");
    assert!(parse_constraint(&format!("{}a", "!".repeat(100_000))).is_err());
    assert!(parse_constraint(&"a ? b : ".repeat(10_000)).is_err());
    assert!(parse_action(&"if (a) ".repeat(10_000)).is_err());
    assert!(parse_constraint(&format!("{}a", "! - ".repeat(20))).is_ok());
    assert_eq!(parse_action("").unwrap(), vec![]);
    assert_eq!(parse_action("return;").unwrap(), vec![Stmt::Return(None)]);
}

#[test]
fn move_and_anchor_stone_are_required_where_mkpat_requires_them() {
    let no_move = errors("Pattern N1\n\n.X.\n...\n\n:8,-\n");
    assert_eq!((no_move[0].line, no_move[0].column), (3, 1), "{}", no_move[0]);
    assert!(no_move[0].expected.contains('*'), "{}", no_move[0]);
    // Connection databases may leave the move out.
    assert!(parse_db("conn.db", "Pattern C1\n\nO.O\n\n:8,C\n").errors.is_empty());
    let no_stone = errors("Pattern N2\n\n.*.\n\n:8,-\n");
    assert!(no_stone[0].expected.contains("anchor"), "{}", no_stone[0]);
    // attack.db anchors on `X` (mkpat -X): a pattern with only `O` stones has no origin.
    let attack = parse_db("attack.db", "Pattern A1\n\nO*\n\n:8,A\n");
    assert_eq!(attack.errors.len(), 1);
    assert_eq!(AnchorPolicy::for_database("patterns/attack.db"), AnchorPolicy::Opponent);
    assert_eq!(AnchorPolicy::for_database("defense.db"), AnchorPolicy::Own);
    assert_eq!(AnchorPolicy::for_database("patterns.db"), AnchorPolicy::Either);
}

#[test]
fn crlf_line_ends_and_no_final_newline() {
    let db = parse("attribute_map general\r\n\r\nPattern L1\r\n\r\n.X.\r\n.*.\r\n\r\n:8,-\r\n\r\n.A.\r\n.*.\r\n\r\n;lib(A)>1\r\n\r\nPattern L2\n\nX*\n\n:8,s");
    assert!(db.errors.is_empty(), "{:?}", db.errors);
    assert_eq!(db.patterns.len(), 2);
    assert_eq!(db.patterns[0].constraint.as_ref().map(|c| c.source.as_str()), Some("lib(A)>1"));
    assert_eq!(db.patterns[0].geometry(AnchorPolicy::Either).unwrap().labels.get(&'A'), Some(&(0, 0)));
}

#[test]
fn whole_file_grammar_agrees() {
    assert!(check_grammar("t.db", HEADERS, Dialect::Standard).is_ok());
    assert!(check_grammar("t.db", CONSTRAINT, Dialect::Standard).is_ok());
    let e = check_grammar("t.db", "Pattern X\n\n.#\n\n:8,-\n", Dialect::Standard).unwrap_err();
    assert_eq!((e.line, e.column), (3, 2));
}

#[test]
fn header_values_are_checked() {
    let db = parse("attribute_map bogus\ngoal_elements Xx\ncallback_data X#\ncallback_data none\n");
    assert_eq!(db.errors.len(), 2, "{:?}", db.errors);
    assert_eq!((db.errors[0].line, db.errors[0].column), (1, 15));
    assert_eq!(db.errors[1].line, 3);
    assert_eq!(db.directives.len(), 2);
    assert_eq!(element_set("XO,!"), Ok(vec![Element::Opponent, Element::Own, Element::EmptyComma, Element::EmptyBang]));
    assert_eq!(element_set("none"), Ok(vec![]));
}

#[test]
fn known_autohelpers_get_the_right_number_of_arguments() {
    let e = errors("Pattern H1\n\n.X.\n.*.\n\n:8,-\n\n.A.\n.*.\n\n;lib(A,A) > 1\n");
    assert_eq!(e.len(), 1);
    assert!(e[0].expected.contains("1 arguments to `lib`, not 2"), "{}", e[0]);
    let e = errors("Pattern H2\n\n.X.\n.*.\n\n:8,-\n\n.A.\n.*.\n\n>if (1) oplay_attack_either(A);\n");
    assert!(e[0].expected.contains("at least 2"), "{}", e[0]);
    // Helpers that mkpat passes through to C are not checked.
    assert!(errors("Pattern H3\n\n.X.\n.*.\n\n:8,-\n\n;my_c_helper(1,2,3)\n").is_empty());
}
