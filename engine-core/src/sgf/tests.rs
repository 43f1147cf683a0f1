//! Tests of the SGF reader and writer: hand-written SGF for each feature, property tests for the round trip
//! and for robustness, and every SGF file of GNU Go's regression suite when it is present.

use super::*;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn props(node: &Node) -> Vec<(&str, Vec<&str>)> {
    node.props.iter().map(|p| (p.ident.as_str(), p.values.iter().map(String::as_str).collect())).collect()
}

fn one_tree(text: &str) -> GameTree {
    let mut c = parse(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.trees.len(), 1);
    c.trees.remove(0)
}

fn syntax_error(text: &str) -> (usize, usize, &'static str) {
    match parse(text) {
        Err(SgfError::Syntax { line, column, expected, .. }) => (line, column, expected),
        other => panic!("expected a syntax error for {text:?}, got {other:?}"),
    }
}

// ---- structure ----

#[test]
fn simple_game() {
    let tree = one_tree("(;FF[4]GM[1]SZ[9];B[ee];W[gc])");
    assert_eq!(tree.nodes.len(), 3);
    assert!(tree.variations.is_empty());
    assert_eq!(props(&tree.nodes[0]), vec![("FF", vec!["4"]), ("GM", vec!["1"]), ("SZ", vec!["9"])]);
    assert_eq!(tree.nodes[1].get("B"), Some("ee"));
    assert_eq!(tree.nodes[2].get("W"), Some("gc"));
    assert_eq!(tree.root().and_then(|r| r.get("SZ")), Some("9"));
}

#[test]
fn variations_and_main_line() {
    let tree = one_tree("(;GM[1];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff]))");
    assert_eq!(tree.nodes.len(), 2);
    assert_eq!(tree.variations.len(), 2);
    assert_eq!(tree.variations[0].variations.len(), 2);
    assert_eq!(tree.variations[1].nodes[0].get("W"), Some("ff"));
    let line: Vec<_> = tree.main_line().filter_map(|n| n.get("B").or(n.get("W"))).collect();
    assert_eq!(line, ["aa", "bb", "cc", "dd"]);
    assert_eq!(tree.main_line().count(), 5);
}

#[test]
fn several_trees_and_surrounding_text() {
    let text =
        "From: someone\nSubject: games (see below)\n\n(;GM[1]C[one])\njunk ( not a tree\n(\n ;GM[6]C[two])\n\x1a";
    let c = parse(text).unwrap();
    assert_eq!(c.trees.len(), 2);
    assert_eq!(c.trees[0].nodes[0].get("C"), Some("one"));
    assert_eq!(c.trees[1].nodes[0].get("GM"), Some("6"));
}

#[test]
fn byte_order_mark_is_skipped() {
    let c = parse_bytes(b"\xef\xbb\xbf(;GM[1]PB[\xc3\xa9])").unwrap();
    assert_eq!(c.trees[0].nodes[0].get("PB"), Some("é"));
    assert_eq!(parse("\u{feff}(;GM[1])").unwrap().trees.len(), 1);
}

#[test]
fn gnubg_style_backgammon_record() {
    let text = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.06.002]\n\
        MI[length:7][game:0][ws:0][bs:0]PW[gnubg]PB[me]RU[Crawford]CV[1]\n;B[31hfge]\n;W[double]\n;B[take]\n;W[63xsxr])\n\
        (;FF[4]GM[6]MI[length:7][game:1][ws:0][bs:2];B[52lmfe])";
    let c = parse(text).unwrap();
    assert_eq!(c.trees.len(), 2);
    let root = &c.trees[0].nodes[0];
    assert_eq!(root.values("MI"), ["length:7", "game:0", "ws:0", "bs:0"]);
    assert_eq!(split_compose(root.get("AP").unwrap()), Some(("GNU Backgammon", "1.06.002")));
    let moves: Vec<_> = c.trees[0].main_line().skip(1).filter_map(|n| n.get("B").or(n.get("W"))).collect();
    assert_eq!(moves, ["31hfge", "double", "take", "63xsxr"]);
    assert_eq!(parse(&c.to_sgf()), Ok(c));
}

#[test]
fn whitespace_between_all_tokens() {
    let text = " \t(\r\n ;\n FF [4]\x0b GM\t[1]\x0c\nAB [aa] \n [bb]\r\n ; B\n[cc] (\n;W[dd]\n)\n ( ; W [ee] ) \n) ";
    let tree = one_tree(text);
    assert_eq!(props(&tree.nodes[0]), vec![("FF", vec!["4"]), ("GM", vec!["1"]), ("AB", vec!["aa", "bb"])]);
    assert_eq!(tree.nodes[1].get("B"), Some("cc"));
    assert_eq!(tree.variations.len(), 2);
}

#[test]
fn empty_nodes_and_empty_values() {
    let tree = one_tree("(;;B[];AE[];C[])");
    assert_eq!(tree.nodes.len(), 4);
    assert!(tree.nodes[0].props.is_empty());
    assert_eq!(tree.nodes[1].values("B"), [""]);
    assert_eq!(tree.nodes[2].get("AE"), Some(""));
}

#[test]
fn old_style_lowercase_idents() {
    let tree = one_tree("(;GaMe[1]AddBlack[aa][bb]CoPyright[me]Black[cc])");
    assert_eq!(
        props(&tree.nodes[0]),
        vec![("GM", vec!["1"]), ("AB", vec!["aa", "bb"]), ("CP", vec!["me"]), ("B", vec!["cc"])]
    );
}

#[test]
fn repeated_property_is_merged() {
    let tree = one_tree("(;AB[aa]AW[bb]AB[cc]AddBlack[dd])");
    assert_eq!(props(&tree.nodes[0]), vec![("AB", vec!["aa", "cc", "dd"]), ("AW", vec!["bb"])]);
}

#[test]
fn multiple_and_compose_values_kept_raw() {
    let tree = one_tree("(;AB[aa:cc][ee]LB[dd:label: two]AP[GNU Go:3.8]SZ[19:13])");
    let root = &tree.nodes[0];
    assert_eq!(root.values("AB"), ["aa:cc", "ee"]);
    assert_eq!(root.get("LB"), Some("dd:label: two"));
    assert_eq!(split_compose(root.get("LB").unwrap()), Some(("dd", "label: two")));
    assert_eq!(split_compose(root.get("AP").unwrap()), Some(("GNU Go", "3.8")));
    assert_eq!(split_compose("aa"), None);
}

// ---- escapes and line breaks ----

#[test]
fn escapes_are_resolved() {
    let tree = one_tree(r"(;C[a\]b\\c\:d\e[f]LB[aa:x\:y]GN[\\])");
    assert_eq!(tree.nodes[0].get("C"), Some(r"a]b\c:de[f"));
    assert_eq!(tree.nodes[0].get("LB"), Some("aa:x:y"));
    assert_eq!(tree.nodes[0].get("GN"), Some("\\"));
}

#[test]
fn soft_line_breaks_are_removed() {
    for (text, want) in [
        ("(;C[ab\\\ncd])", "abcd"),
        ("(;C[ab\\\r\ncd])", "abcd"),
        ("(;C[ab\\\rcd])", "abcd"),
        ("(;C[ab\\\n\rcd])", "abcd"),
        ("(;C[ab\\\n\ncd])", "ab\ncd"),
    ] {
        assert_eq!(one_tree(text).nodes[0].get("C"), Some(want), "{text:?}");
    }
}

#[test]
fn hard_line_breaks_are_kept_verbatim() {
    let tree = one_tree("(;C[one\ntwo\r\nthree\rfour])");
    assert_eq!(tree.nodes[0].get("C"), Some("one\ntwo\r\nthree\rfour"));
    assert_eq!(text_value(tree.nodes[0].get("C").unwrap()), "one\ntwo\nthree\nfour");
}

#[test]
fn crlf_and_cr_files() {
    for eol in ["\n", "\r\n", "\r"] {
        let text = ["(;GM[1]", ";B[aa]", ";W[bb])"].join(eol);
        let tree = one_tree(&text);
        assert_eq!(tree.nodes.len(), 3);
        let bad = ["(;GM[1]", ";B[aa]", "  ;W[bb]x)"].join(eol);
        let (line, column, _) = syntax_error(&bad);
        assert_eq!((line, column), (3, 9), "{eol:?}");
    }
}

#[test]
fn text_conversions() {
    assert_eq!(text_value("a\tb\r\nc\n\rd\n\ne"), "a b\nc\nd\n\ne");
    assert_eq!(simple_text_value("a\tb\r\nc\nd"), "a b c d");
}

// ---- character sets ----

#[test]
fn bytes_utf8_latin1_fallback_and_ca() {
    let utf8 = "(;CA[UTF-8]PW[Jörg 囲碁])".as_bytes();
    assert_eq!(parse_bytes(utf8).unwrap().trees[0].nodes[0].get("PW"), Some("Jörg 囲碁"));

    let latin1 = b"(;PW[J\xf6rg]C[caf\xe9 ok])";
    let tree = &parse_bytes(latin1).unwrap().trees[0];
    assert_eq!(tree.nodes[0].get("PW"), Some("Jörg"));
    assert_eq!(tree.nodes[0].get("C"), Some("café ok"));

    // Fallback is per value: a valid UTF-8 value stays UTF-8 next to a Latin-1 one.
    let mixed = b"(;PW[J\xf6rg]PB[J\xc3\xb6rg])";
    let node = &parse_bytes(mixed).unwrap().trees[0].nodes[0];
    assert_eq!((node.get("PW"), node.get("PB")), (Some("Jörg"), Some("Jörg")));

    // A declared Latin-1 wins even over bytes that happen to be valid UTF-8, in every node of the tree.
    let declared = b"(;CA[ISO8859_1]PW[J\xc3\xb6rg];C[\xe9])(;PW[J\xc3\xb6rg])";
    let c = parse_bytes(declared).unwrap();
    assert_eq!(c.trees[0].nodes[0].get("PW"), Some("J\u{c3}\u{b6}rg"));
    assert_eq!(c.trees[0].nodes[1].get("C"), Some("é"));
    assert_eq!(c.trees[1].nodes[0].get("PW"), Some("Jörg"));

    // Text input is already Unicode: `CA` does not change it.
    assert_eq!(parse("(;CA[latin1]PW[Jörg])").unwrap().trees[0].nodes[0].get("PW"), Some("Jörg"));
}

#[test]
fn bytes_error_positions() {
    let err = parse_bytes(b"(;PW[J\xf6rg]\n  ;B[aa]?").unwrap_err();
    assert_eq!(err.position(), Some((2, 9)));
    let err = parse_bytes("(;PW[Jörg]?".as_bytes()).unwrap_err();
    assert_eq!(err.position(), Some((1, 11)));
    assert!(err.to_string().contains("'?'"), "{err}");
    let err = parse_bytes(b"(;PW[J]\xf6").unwrap_err();
    assert!(err.to_string().contains("byte 0xF6"), "{err}");
}

// ---- leniency and errors ----

#[test]
fn missing_final_parentheses_close_everything() {
    let tree = one_tree("(;GM[1];B[aa](;W[bb];B[cc]\n");
    assert_eq!(tree.nodes.len(), 2);
    assert_eq!(tree.variations.len(), 1);
    assert_eq!(tree.variations[0].nodes.len(), 2);
    let tree = one_tree("(;GM[1](;B[aa])(;B[bb]");
    assert_eq!(tree.variations.len(), 2);
}

#[test]
fn syntax_errors_have_positions_and_expectations() {
    let (line, column, expected) = syntax_error("(;GM[1]\n;B[aa]x[bb])");
    assert_eq!((line, column), (2, 7));
    assert!(expected.contains("upper-case"), "{expected}");
    assert!(matches!(syntax_error("(;GM[1];B[aa]]"), (1, 14, _)));
    let (_, _, expected) = syntax_error("(;GM[1](;B[aa]);W[bb])");
    assert!(expected.contains("no node may follow a variation"), "{expected}");
    let (line, column, expected) = syntax_error("(;GM[1]()\n)");
    assert_eq!((line, column), (1, 9));
    assert!(expected.contains("`;`"), "{expected}");
    let (line, column, expected) = syntax_error("(;GM[1]B ;W[aa])");
    assert_eq!((line, column), (1, 10));
    assert!(expected.contains("`[`"), "{expected}");
    let (line, column, expected) = syntax_error("no tree here (");
    assert_eq!((line, column), (1, 15));
    assert!(expected.contains("game tree"), "{expected}");
    assert!(matches!(syntax_error(""), (1, 1, _)));
    let (_, _, expected) = syntax_error("(;GM[1](");
    assert!(expected.contains("`;`"), "{expected}");
}

#[test]
fn unclosed_value_points_at_its_bracket() {
    assert_eq!(parse("(;GM[1]\r\n;C[never closed\n)"), Err(SgfError::UnclosedValue { line: 2, column: 3 }));
    assert_eq!(parse("(;C[ends in escape\\"), Err(SgfError::UnclosedValue { line: 1, column: 4 }));
    let err = parse("(;C[x").unwrap_err();
    assert!(err.to_string().contains("line 1, column 4"), "{err}");
}

#[test]
fn nesting_limit() {
    let ok = "(;".repeat(MAX_SGF_DEPTH) + &")".repeat(MAX_SGF_DEPTH);
    // The derived recursive impls must cope with the deepest accepted tree on a test thread's stack.
    let c = parse(&ok).unwrap();
    assert_eq!(parse(&c.to_sgf()).as_ref(), Ok(&c));
    assert_eq!(c.trees[0].main_line().count(), MAX_SGF_DEPTH);
    let copy = c.clone();
    assert!(!format!("{copy:?}").is_empty());
    drop(copy);

    let deep = "(;".repeat(MAX_SGF_DEPTH + 1) + &")".repeat(MAX_SGF_DEPTH + 1);
    assert!(matches!(parse(&deep), Err(SgfError::TooDeep { line: 1, limit: MAX_SGF_DEPTH, .. })));
    let huge = "(;".repeat(1_000_000);
    assert!(matches!(parse(&huge), Err(SgfError::TooDeep { .. })));
}

#[test]
fn node_value_and_property_limits() {
    // One node too many, spread over a sequence and a variation; the error names the first node past the limit.
    let ok = format!("(;{}(;))", ";".repeat(MAX_SGF_NODES - 2));
    assert_eq!(parse(&ok).unwrap().trees[0].main_line().count(), MAX_SGF_NODES);
    let over = format!("(;{}(;))", ";".repeat(MAX_SGF_NODES - 1));
    let err = parse(&over).unwrap_err();
    assert!(
        matches!(err, SgfError::TooMany { line: 1, column, what: "nodes", limit: MAX_SGF_NODES } if column == MAX_SGF_NODES + 3),
        "{err:?}"
    );
    assert!(err.to_string().contains("more than 1000000 nodes"), "{err}");
    // The count covers every game tree of the collection, and parse_bytes alike.
    let two = format!("(;{})\n(;{})", ";".repeat(MAX_SGF_NODES / 2), ";".repeat(MAX_SGF_NODES / 2));
    assert!(matches!(parse_bytes(two.as_bytes()), Err(SgfError::TooMany { line: 2, what: "nodes", .. })));

    let values = format!("(;AB{})", "[]".repeat(MAX_SGF_VALUES));
    assert_eq!(parse(&values).unwrap().trees[0].nodes[0].values("AB").len(), MAX_SGF_VALUES);
    let values = format!("(;AB{}\n;B[][])", "[]".repeat(MAX_SGF_VALUES - 1));
    assert_eq!(
        parse(&values),
        Err(SgfError::TooMany { line: 2, column: 5, what: "property values", limit: MAX_SGF_VALUES })
    );

    let ident =
        |i: usize| -> String { format!("{}{}", char::from(b'A' + (i / 26) as u8), char::from(b'A' + (i % 26) as u8)) };
    let full: String = (0..MAX_SGF_NODE_PROPERTIES).map(|i| ident(i) + "[x]").collect();
    assert_eq!(parse(&format!("(;{full}AA[y])")).unwrap().trees[0].nodes[0].props.len(), MAX_SGF_NODE_PROPERTIES);
    let over = format!("(;{full}ZZZ[y])");
    let err = parse(&over).unwrap_err();
    assert!(
        matches!(err, SgfError::TooMany { what: "properties in one node", column, .. } if column == full.len() + 3),
        "{err:?}"
    );
}

#[test]
fn huge_values_and_identifiers_cost_their_size_only() {
    // A value or identifier of megabytes is read as it is (its memory is the input's own size) and
    // errors about it do not repeat it.
    let big = "x".repeat(4 << 20);
    let c = parse(&format!("(;C[{big}];{}[1])", "Q".repeat(1 << 20))).unwrap();
    assert_eq!(c.trees[0].nodes[0].get("C").map(str::len), Some(big.len()));
    let err = parse_point(&big, 19).unwrap_err();
    assert!(err.to_string().len() < 200, "error quotes the whole value: {} bytes", err.to_string().len());
    let err = expand_point_list(&[format!("aa:{big}")], 19).unwrap_err();
    assert!(err.to_string().len() < 200, "error quotes the whole value: {} bytes", err.to_string().len());
    let err = parse(&format!("(;C[{big}")).unwrap_err();
    assert_eq!(err, SgfError::UnclosedValue { line: 1, column: 4 });
}

// ---- node editing ----

#[test]
fn node_accessors() {
    let mut node = Node::new();
    assert_eq!(node.get("B"), None);
    assert!(node.values("AB").is_empty());
    node.set("B", "aa");
    node.push("AB", "bb");
    node.push("AB", "cc");
    node.set("B", "dd");
    assert_eq!(props(&node), vec![("B", vec!["dd"]), ("AB", vec!["bb", "cc"])]);
    assert!(node.has("AB"));
    node.set_values("AB", vec!["ee".into()]);
    assert_eq!(node.values("AB"), ["ee"]);
    assert_eq!(node.remove("B"), Some(Property::new("B", vec!["dd".into()])));
    assert_eq!(node.remove("B"), None);
    assert_eq!(props(&node), vec![("AB", vec!["ee"])]);
}

// ---- writing ----

#[test]
fn writer_layout() {
    let text = "(;GM[1]FF[4]SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))(;GM[6])";
    let written = parse(text).unwrap().to_sgf();
    assert_eq!(written, "(;GM[1]FF[4]SZ[9]\n;B[aa]\n(;W[bb]\n;B[cc])\n(;W[dd]))\n(;GM[6])\n");
    assert_eq!(written, parse(text).unwrap().to_string());
    assert_eq!(written.parse::<Collection>().unwrap(), parse(text).unwrap());
}

#[test]
fn writer_escapes() {
    let mut node = Node::new();
    node.set("C", "a]b\\c:d:e\n");
    node.set("LB", "aa:x:y]");
    node.set("AP", "name:1:2");
    node.set_values("AB", vec![]);
    let c = Collection::new(vec![GameTree::new(vec![node])]);
    let written = c.to_sgf();
    assert_eq!(written, "(;C[a\\]b\\\\c:d:e\n]LB[aa:x\\:y\\]]AP[name:1\\:2]AB[])\n");
    let back = parse(&written).unwrap();
    assert_eq!(back.trees[0].nodes[0].get("LB"), Some("aa:x:y]"));
    assert_eq!(back.trees[0].nodes[0].values("AB"), [""]);
}

// ---- Go points ----

#[test]
fn points() {
    assert_eq!(parse_point("aa", 19), Ok(Some((0, 0))));
    assert_eq!(parse_point("sa", 19), Ok(Some((18, 0))));
    assert_eq!(parse_point("cb", 9), Ok(Some((2, 1))));
    assert_eq!(parse_point("", 19), Ok(None));
    assert_eq!(parse_point("tt", 19), Ok(None));
    assert_eq!(parse_point("tt", 9), Ok(None));
    assert_eq!(parse_point("tt", 21), Ok(Some((19, 19))));
    assert_eq!(parse_point("zA", 52), Ok(Some((25, 26))));
    assert_eq!(parse_point("ZZ", 52), Ok(Some((51, 51))));
    assert_eq!(parse_point(" dd ", 19), Ok(Some((3, 3))));
    for bad in ["ja", "a", "abc", "a1", "aj", "éa"] {
        assert_eq!(parse_point(bad, 9), Err(SgfError::InvalidPoint { value: bad.into(), size: 9 }), "{bad}");
    }
    assert_eq!(parse_point("aa", 0), Err(SgfError::InvalidBoardSize(0)));
    assert_eq!(parse_point("aa", 53), Err(SgfError::InvalidBoardSize(53)));
}

#[test]
fn point_lists() {
    let list = expand_point_list(&["aa:cb", "dd", "bb", "", "ca:ab"], 19).unwrap();
    assert_eq!(list, [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 3)]);
    assert_eq!(expand_point_list(&["ss"], 19), Ok(vec![(18, 18)]));
    assert_eq!(expand_point_list(&["aa", "tt"], 19), Err(SgfError::InvalidPoint { value: "tt".into(), size: 19 }));
    assert_eq!(
        expand_point_list(&[String::from("aa:zz")], 19),
        Err(SgfError::InvalidPoint { value: "aa:zz".into(), size: 19 })
    );
    assert_eq!(expand_point_list::<&str>(&[], 60), Err(SgfError::InvalidBoardSize(60)));
}

#[test]
fn point_formatting() {
    assert_eq!(format_point(0, 0), "aa");
    assert_eq!(format_point(3, 15), "dp");
    assert_eq!(format_point(26, 51), "AZ");
    assert_eq!(format_move(None), "");
    assert_eq!(format_move(Some((18, 18))), "ss");
    for col in 0..MAX_BOARD_SIZE {
        for row in 0..MAX_BOARD_SIZE {
            assert_eq!(parse_point(&format_point(col, row), MAX_BOARD_SIZE), Ok(Some((col, row))));
        }
    }
}

// ---- property tests ----

fn arb_value() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        4 => any::<char>(),
        2 => prop::sample::select(vec![']', '[', '\\', ':', '\n', '\r', ' ', '\t', '(', ')', ';', 'a', 'Z']),
    ];
    prop::collection::vec(c, 0..12).prop_map(String::from_iter)
}

fn arb_ident() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Z]{1,3}",
        prop::sample::select(vec!["B", "W", "C", "AB", "LB", "AP", "SZ", "FG"]).prop_map(String::from),
    ]
}

fn arb_node() -> impl Strategy<Value = Node> {
    prop::collection::vec((arb_ident(), prop::collection::vec(arb_value(), 1..4)), 0..5).prop_map(|props| {
        let mut node = Node::new();
        for (ident, values) in props {
            // Identifiers are unique within a node (the parser merges repeats).
            if !node.has(&ident) {
                node.props.push(Property::new(ident, values));
            }
        }
        node
    })
}

fn arb_tree() -> impl Strategy<Value = GameTree> {
    let leaf = prop::collection::vec(arb_node(), 1..4).prop_map(GameTree::new);
    leaf.prop_recursive(5, 48, 3, |inner| {
        (prop::collection::vec(arb_node(), 1..4), prop::collection::vec(inner, 0..4))
            .prop_map(|(nodes, variations)| GameTree { nodes, variations })
    })
}

fn arb_collection() -> impl Strategy<Value = Collection> {
    prop::collection::vec(arb_tree(), 1..3).prop_map(Collection::new)
}

/// Structured hostile SGF: deep openings, long runs of nodes, values and identifiers, escapes and line breaks at
/// the end of input, non-UTF-8 bytes; pieces repeated so that counts and positions grow large.
fn hostile_sgf() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"(".to_vec()),
        Just(b"(;".to_vec()),
        Just(b")".to_vec()),
        Just(b";".to_vec()),
        Just(b"B[]".to_vec()),
        Just(b"[]".to_vec()),
        Just(b"AB[aa:zz]".to_vec()),
        Just(b"C[\\\\\\]\\:\\\r\n]".to_vec()),
        Just(b"\\".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"CA[latin1]".to_vec()),
        Just(vec![0xff, 0xfe, 0xc3]),
        "[A-Z]{1,8}".prop_map(String::into_bytes),
    ];
    prop::collection::vec((piece, 1usize..2_000), 0..12).prop_map(|pieces| {
        let mut out = b"(;".to_vec();
        for (p, n) in pieces {
            for _ in 0..n {
                out.extend_from_slice(&p);
            }
        }
        out
    })
}

/// Text made mostly of SGF's own characters, to reach the parser's deeper states more often.
fn sgf_like_text() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "(", ")", ";", "[", "]", "\\", ":", "B", "AB", "aa", "Cc", " ", "\n", "\r", "é", "(;", "[]", "\\\n",
    ]);
    prop::collection::vec(token, 0..60).prop_map(|tokens| tokens.concat())
}

proptest! {
    #[test]
    fn round_trip(c in arb_collection()) {
        let text = c.to_sgf();
        prop_assert_eq!(parse(&text), Ok(c.clone()), "{}", text);
        prop_assert_eq!(parse_bytes(text.as_bytes()), Ok(c));
    }

    #[test]
    fn parse_never_panics_on_strings(text in any::<String>()) {
        let _ = parse(&text);
    }

    #[test]
    fn parse_never_panics_on_sgf_like_text(text in sgf_like_text()) {
        if let Ok(c) = parse(&text) {
            // Whatever parses must survive a round trip.
            prop_assert_eq!(parse(&c.to_sgf()), Ok(c));
        }
    }

    #[test]
    fn parse_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse_bytes(&bytes);
    }

    #[test]
    fn parse_bytes_never_panics_on_sgf_like_bytes(
        text in sgf_like_text(),
        noise in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
    ) {
        let mut bytes = text.into_bytes();
        for (at, byte) in noise {
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] = byte;
            }
        }
        let _ = parse_bytes(&bytes);
    }

    #[test]
    fn parse_never_panics_on_hostile_sgf(bytes in hostile_sgf()) {
        match parse_bytes(&bytes) {
            Ok(c) => prop_assert_eq!(parse(&c.to_sgf()), Ok(c)),
            // Every reading error says where it is.
            Err(e) => prop_assert!(e.position().is_some(), "{}", e),
        }
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let _ = parse(text);
        }
    }

    #[test]
    fn point_helpers_never_panic(value in ".{0,6}", size in any::<u8>()) {
        let _ = parse_point(&value, size);
        let _ = expand_point_list(&[value.as_str(), "aa:bb"], size);
    }
}

// ---- GNU Go's regression games ----

/// Files of the regression suite that are not valid SGF even for this lenient reader: (path relative to the
/// regression directory, why). None so far.
const KNOWN_MALFORMED: &[(&str, &str)] = &[];

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sgf_files(&path, out);
        } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
            out.push(path);
        }
    }
}

#[test]
fn parses_every_gnugo_regression_sgf() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/regression");
    if !test_support::require(dir.is_dir(), "GNU Go's regression suite in ../shared/gnugo/regression") {
        return;
    }
    let mut files = Vec::new();
    sgf_files(&dir, &mut files);
    files.sort();
    let mut parsed = 0;
    let mut failures = Vec::new();
    for path in &files {
        let relative = path.strip_prefix(&dir).unwrap_or(path).to_string_lossy().replace('\\', "/");
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        match parse_bytes(&bytes) {
            Ok(c) => {
                parsed += 1;
                if KNOWN_MALFORMED.iter().any(|(p, _)| *p == relative) {
                    failures.push(format!("{relative}: listed as malformed but parses; drop it from the list"));
                }
                if parse(&c.to_sgf()).as_ref() != Ok(&c) {
                    failures.push(format!("{relative}: does not survive a write and re-read"));
                }
                if let Err(e) = check_go_points(&c) {
                    failures.push(format!("{relative}: {e}"));
                }
            }
            Err(e) if KNOWN_MALFORMED.iter().any(|(p, _)| *p == relative) => {
                println!("known malformed: {relative}: {e}");
            }
            Err(e) => failures.push(format!("{relative}: {e}")),
        }
    }
    println!("parsed {parsed} of {} SGF files under {}", files.len(), dir.display());
    assert!(failures.is_empty(), "{} regression files failed:\n{}", failures.len(), failures.join("\n"));
    assert!(parsed > 0, "no SGF file found under {}", dir.display());
}

/// The point helpers must read every move and setup list of every Go tree.
fn check_go_points(c: &Collection) -> Result<(), SgfError> {
    for tree in &c.trees {
        let Some(root) = tree.root() else { continue };
        if root.get("GM").is_some_and(|gm| gm.trim() != "1") {
            continue;
        }
        let size = root.get("SZ").and_then(|s| s.trim().parse::<u8>().ok()).unwrap_or(19);
        let mut stack = vec![tree];
        while let Some(t) = stack.pop() {
            for node in &t.nodes {
                for ident in ["B", "W"] {
                    if let Some(value) = node.get(ident) {
                        parse_point(value, size)?;
                    }
                }
                for ident in ["AB", "AW", "AE"] {
                    expand_point_list(node.values(ident), size)?;
                }
            }
            stack.extend(&t.variations);
        }
    }
    Ok(())
}
