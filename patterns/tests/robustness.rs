//! The parser never panics, whatever the input.

use patterns::{parse_action, parse_constraint, parse_db, parse_db_as, Dialect};
use proptest::prelude::*;

const VALID: &str = "attribute_map general\n\nPattern P1\n# c\n\n?X?  n\nO*O\n---\n\n:|,OX,value(3),helper\n\n?A?\nb*c\n---\n\n;lib(A)>1 && oplay_attack(*,b,?,c,A)\n>antisuji(b);\n";

fn db_chars() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "PatenrX.Oxo*?,!QY%|-+#:;>()<@$ \n\tabcAB0123456789&=_\\/".chars().collect();
    proptest::collection::vec(proptest::sample::select(alphabet), 0..400).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(s in any::<String>()) {
        for d in [Dialect::Standard, Dialect::Eyes, Dialect::MonteCarlo] {
            let _ = parse_db_as("fuzz.db", &s, d);
        }
        let _ = parse_constraint(&s);
        let _ = parse_action(&s);
    }

    #[test]
    fn pattern_like_text_never_panics(s in db_chars()) {
        for d in [Dialect::Standard, Dialect::Eyes, Dialect::MonteCarlo] {
            let db = parse_db_as("fuzz.db", &s, d);
            for e in &db.errors {
                prop_assert!(e.line >= 1 && e.column >= 1, "{}", e);
            }
        }
        let _ = parse_constraint(&s);
        let _ = parse_action(&s);
    }

    #[test]
    fn mutated_valid_pattern_never_panics(pos in 0usize..VALID.len(), c in any::<char>(), cut in any::<bool>()) {
        let mut s: String = VALID.to_string();
        if s.is_char_boundary(pos) {
            if cut { s.truncate(pos) } else { s.insert(pos, c) }
        }
        let db = parse_db("fuzz.db", &s);
        if s.contains("\nPattern ") {
            prop_assert!(db.patterns.len() + db.errors.len() >= 1);
        }
    }
}

#[test]
fn the_valid_sample_is_valid() {
    let db = parse_db("sample.db", VALID);
    assert!(db.errors.is_empty(), "{:?}", db.errors);
    assert_eq!(db.patterns.len(), 1);
}

// ---------------------------------------------------------------- issue 22: hostile input

use patterns::limits::{
    MAX_COLON_FIELDS, MAX_DB_FILE_BYTES, MAX_DIAGRAM_SIDE, MAX_ERRORS, MAX_EXPR_BYTES, MAX_EXPR_DEPTH, MAX_PATTERNS,
    MAX_PATTERN_BYTES,
};
use patterns::{ParseError, PatternLibrary, Registry};

/// A pattern with a constraint diagram labelling `a`, then `tail` (constraint or action
/// lines, each with its own `;`/`>`) from line 12 on.
fn with_lines(tail: &str) -> String {
    format!("attribute_map none\n\nPattern H1\n\n?O?\n.*.\n---\n\n:8,-\n\n?a?\n.*.\n---\n\n{tail}")
}

fn only_error(text: &str) -> ParseError {
    let db = parse_db("hostile.db", text);
    assert_eq!(db.errors.len(), 1, "{:?}", db.errors);
    assert!(db.patterns.is_empty());
    db.errors[0].clone()
}

/// Regression (issue 22): a constraint of 100,000 `&&` terms overflowed the stack in
/// `mkpat`, `mkpat --match` and `list_pattern_matches`. The pattern is now refused, located
/// at its `Pattern` line, and the patterns after it still load.
#[test]
fn a_hundred_thousand_term_constraint_is_refused_at_its_pattern() {
    let chain = vec!["lib(a)>1"; 100_000].join(" && ");
    let text = format!("{}\nPattern H2\n\nO*\n\n:8,-\n", with_lines(&format!(";{chain}\n")));
    let db = parse_db("hostile.db", &text);
    assert_eq!(db.errors.len(), 1, "{:?}", db.errors);
    let e = &db.errors[0];
    assert_eq!((e.line, e.column), (3, 1));
    assert_eq!(
        e.to_string(),
        format!("hostile.db:3:1: expected a pattern of at most {MAX_PATTERN_BYTES} bytes (pattern H1)")
    );
    assert_eq!(db.patterns.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["H2"]);
    // The same run over 50,000 lines is as long, and refused the same way.
    let lines = vec![";lib(a)>1 &&\n"; 50_000].concat() + ";1\n";
    assert_eq!(only_error(&with_lines(&lines)).line, 3);
}

/// An expression longer than the limit but within a pattern's is refused where the limit is
/// crossed, as a file position (line 15, after two lines of 10,000 bytes).
#[test]
fn an_overlong_expression_is_located_where_the_limit_is_crossed() {
    let line = format!(";{}1\n", "1 + ".repeat(2500));
    assert_eq!(line.len(), 10_003);
    let e = only_error(&with_lines(&line.repeat(3)));
    assert_eq!(e.expected, format!("an expression of at most {MAX_EXPR_BYTES} bytes"));
    // Joined lines: 10,001 bytes and a newline, then 6,382 more bytes into line 16.
    assert_eq!((e.line, e.column), (16, 2 + MAX_EXPR_BYTES - 10_002));
    assert!(parse_constraint(&"1+".repeat(MAX_EXPR_BYTES)).is_err());
    assert!(parse_action(&"f();".repeat(MAX_EXPR_BYTES)).is_err());
}

/// Parentheses are at most 64 deep, but each level may hold runs of several precedence
/// levels: the tree's depth is what is limited, and the error is located.
#[test]
fn expression_depth_counts_every_level_and_is_located() {
    let deep = format!("{}a{}", "(a || a && ".repeat(60), ")".repeat(60));
    let e = parse_constraint(&deep).unwrap_err();
    assert_eq!(e.expected, format!("an expression at most {MAX_EXPR_DEPTH} levels deep"));
    assert_eq!(e.line, 1);
    assert!(e.column > 1 && e.column < deep.len(), "{e:?}");
    let fine = format!("{}a{}", "(a || a && ".repeat(40), ")".repeat(40));
    assert_eq!(parse_constraint(&fine).unwrap().depth(), 81);
    // Prefix operators and calls count too.
    let prefixes = format!("{}a{}", "(!-~!-~!-~".repeat(12), ")".repeat(12));
    assert!(parse_constraint(&prefixes).unwrap_err().expected.contains("levels deep"));
    let calls = format!("{}a{}", "lib(".repeat(MAX_EXPR_DEPTH.min(64)), ")".repeat(MAX_EXPR_DEPTH.min(64)));
    assert!(parse_constraint(&calls).is_ok());
    // In a file: the error is on the constraint's line.
    let e = only_error(&with_lines(&format!(";{deep}\n")));
    assert_eq!(e.line, 15);
}

/// Numbers beyond `i64` (expressions), `f64` (expressions, `:` values) or `u64` (Monte Carlo
/// values) were silently saturated (or infinite); they are located errors now.
#[test]
fn numbers_too_large_are_refused_with_their_location() {
    let huge = "9".repeat(400);
    let e = parse_constraint(&format!("lib(a) > {huge}")).unwrap_err();
    assert_eq!((e.line, e.column, e.expected.as_str()), (1, 10, "an integer at most 9223372036854775807"));
    assert!(parse_constraint("9223372036854775807").is_ok());
    let e = parse_constraint(&format!("1 + {huge}.5")).unwrap_err();
    assert_eq!((e.column, e.expected.as_str()), (5, "a finite number"));
    let text = format!("Pattern V\n\nO*\n\n:8,-,value({huge})\n");
    let e = only_error(&text);
    assert_eq!((e.line, e.column, e.expected.as_str()), (5, 6, "a finite number"));
    let legacy = format!("Pattern V\n\nO*\n\n:8,{huge}.0,O\n");
    assert_eq!(only_error(&legacy).expected, "a finite number");
    let mc = format!("XO.\n.*.\n...\n:{huge}\n");
    let db = parse_db_as("mc_test.db", &mc, Dialect::MonteCarlo);
    assert_eq!(db.errors.len(), 1, "{:?}", db.errors);
    assert_eq!((db.errors[0].line, db.errors[0].column), (4, 2));
    assert!(db.errors[0].expected.starts_with("a move value at most"));
    // `1e400` is no number of the language: a syntax error, not infinity.
    assert!(parse_constraint("1e400 > 0").is_err());
}

/// A diagram larger than the largest board could never match; it is refused at the row or
/// column where it grows too large.
#[test]
fn oversized_diagrams_are_refused_where_they_grow_too_large() {
    let wide = format!("Pattern W\n\n{}*\n\n:8,-\n", "O".repeat(MAX_DIAGRAM_SIDE));
    let e = only_error(&wide);
    assert_eq!((e.line, e.column), (3, MAX_DIAGRAM_SIDE + 1));
    assert_eq!(e.expected, format!("a diagram at most {MAX_DIAGRAM_SIDE} points wide"));
    let high = format!("Pattern H\n\n{}*\n\n:8,-\n", "O\n".repeat(MAX_DIAGRAM_SIDE));
    let e = only_error(&high);
    assert_eq!((e.line, e.column), (3 + MAX_DIAGRAM_SIDE, 1));
    assert_eq!(e.expected, format!("a diagram at most {MAX_DIAGRAM_SIDE} points high"));
    let largest = format!(
        "Pattern L\n\n|{}|\n{}\n\n:8,-\n",
        "O".repeat(MAX_DIAGRAM_SIDE - 1) + "*",
        format!("|{}|\n", ".".repeat(MAX_DIAGRAM_SIDE)).repeat(MAX_DIAGRAM_SIDE - 1)
    );
    let db = parse_db("largest.db", &largest);
    assert!(db.errors.is_empty(), "{:?}", db.errors);
    let eye = format!("Pattern E\n\n{}\n\n:1111\n", ".".repeat(MAX_DIAGRAM_SIDE + 1));
    let db = parse_db_as("eyes.db", &eye, Dialect::Eyes);
    assert_eq!(db.errors.len(), 1, "{:?}", db.errors);
    assert_eq!((db.errors[0].line, db.errors[0].column), (3, MAX_DIAGRAM_SIDE + 1));
}

/// Files over the limit are refused before they are parsed, whatever they are (a device
/// that never ends included); `check_grammar` refuses such text too.
#[test]
fn files_over_the_limit_are_refused_unread() {
    let e = patterns::parse_path(std::path::Path::new("/dev/zero")).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
    assert!(e.to_string().contains(&format!("larger than the limit of {MAX_DB_FILE_BYTES} bytes")), "{e}");
    let big = "#\n".repeat(MAX_DB_FILE_BYTES as usize / 2 + 1);
    assert!(patterns::check_grammar("big.db", &big, Dialect::Standard).is_err());
}

/// A pattern of 40,000 constraint lines: the position of each line used to be counted from
/// the start of the pattern, quadratic in its length; now it is linear, and the joined
/// expression, past its limit, is located on the line where the limit is crossed.
#[test]
fn many_constraint_lines_are_linear_and_located() {
    let text = format!("Pattern C\n\nO*\n\n:8,-\n\n{}", ";1 &&\n".repeat(40_000));
    assert!(text.len() < MAX_PATTERN_BYTES);
    let start = std::time::Instant::now();
    let e = only_error(&text);
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
    // Joined lines are 5 bytes each (`1 &&` and a newline); each starts at file column 2.
    assert_eq!((e.line, e.column), (7 + MAX_EXPR_BYTES / 5, 2 + MAX_EXPR_BYTES % 5));
    assert_eq!(e.expected, format!("an expression of at most {MAX_EXPR_BYTES} bytes"));
}

// ---------------------------------------------------------------- structured hostile input

/// Generated expressions stop growing past this: twice the largest pattern the parser
/// accepts, so the too-long paths are still taken. Without it the nested repetitions
/// multiply (3000^k) and one case reached 6 GB, which killed the CI run.
const EXPR_CAP: usize = 2 * MAX_PATTERN_BYTES;

fn capped(mut s: String) -> String {
    if s.len() > EXPR_CAP {
        let mut at = EXPR_CAP;
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        s.truncate(at);
    }
    s
}

/// An expression of the language, bent toward what breaks parsers: deep nesting, long runs
/// of mixed operators, prefix runs, unicode names, huge numbers.
fn hostile_expr() -> impl Strategy<Value = String> {
    let atom = prop_oneof![
        Just("a".to_string()),
        Just("*".to_string()),
        Just("lib(a)".to_string()),
        Just("oplay_attack(*,?,a,a)".to_string()),
        "[0-9]{1,30}",
        "[0-9]{1,400}\\.[0-9]{0,5}",
        "\\PC{1,4}",
        Just("WIN".to_string()),
    ];
    let ops = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "==", "!=", "<", "<=", ">", ">="];
    atom.prop_recursive(6, 256, 8, move |inner| {
        prop_oneof![
            (proptest::collection::vec((0..ops.len(), inner.clone()), 1..40), inner.clone()).prop_map(
                move |(rest, first)| {
                    let mut s = first;
                    for (k, e) in rest {
                        if s.len() > EXPR_CAP {
                            break;
                        }
                        s.push_str(ops[k]);
                        s.push_str(&e);
                    }
                    capped(s)
                }
            ),
            (inner.clone(), 1usize..80).prop_map(|(e, n)| capped(format!("{}{e}{}", "(".repeat(n), ")".repeat(n)))),
            (inner.clone(), "[-!~+]{1,80}").prop_map(|(e, p)| capped(format!("{p}{e}"))),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, t, o)| capped(format!("{c}?{t}:{o}"))),
            (inner.clone(), 1usize..3000)
                .prop_map(|(e, n)| capped(vec![e.clone(); n.min(EXPR_CAP / (e.len() + 2) + 1)].join("&&"))),
            proptest::collection::vec(inner, 0..6).prop_map(|args| capped(format!("f({})", args.join(",")))),
        ]
    })
}

fn hostile_row() -> impl Strategy<Value = String> {
    prop_oneof![
        "[.XOxo,!*?QY|+-]{1,40}",
        "[.XOxo]{1,30}",
        "\\PC{0,10}",
        Just("---".to_string()),
        Just("+---+".to_string()),
    ]
}

fn hostile_pattern() -> impl Strategy<Value = String> {
    (
        "\\PC{0,12}",
        proptest::collection::vec(hostile_row(), 1..40),
        "[8|\\\\/+XO-]",
        proptest::collection::vec(prop_oneof!["[a-zA-Z]{1,8}", "[0-9]{1,400}", "value\\([0-9]{1,400}\\)"], 0..5),
        proptest::collection::vec(hostile_row(), 0..30),
        proptest::collection::vec(hostile_expr(), 0..3),
        proptest::collection::vec(hostile_expr(), 0..2),
    )
        .prop_map(|(name, diagram, symmetry, fields, cdiagram, constraints, actions)| {
            let mut s = format!("Pattern {name}\n\n{}\n\n:{symmetry}", diagram.join("\n"));
            for f in fields {
                s.push(',');
                s.push_str(&f);
            }
            s.push_str("\n\n");
            if !cdiagram.is_empty() {
                s.push_str(&cdiagram.join("\n"));
                s.push_str("\n\n");
            }
            for c in constraints {
                s.push_str(&format!(";{c}\n"));
            }
            for a in actions {
                s.push_str(&format!(">{a};\n"));
            }
            s
        })
}

/// Whole files: headers, hostile patterns, cut anywhere.
fn hostile_db() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(
            prop_oneof!["# \\PC{0,20}", "attribute_map [a-z_]{1,12}", "goal_elements \\PC{1,8}"],
            0..4,
        ),
        proptest::collection::vec(hostile_pattern(), 1..5),
        any::<proptest::sample::Index>(),
        any::<bool>(),
    )
        .prop_map(|(headers, patterns, cut, truncate)| {
            let mut s = headers.join("\n");
            s.push_str("\n\n");
            s.push_str(&patterns.join("\n"));
            if truncate {
                let mut at = cut.index(s.len() + 1);
                while !s.is_char_boundary(at) {
                    at -= 1;
                }
                s.truncate(at);
            }
            s
        })
}

/// A board where every answer is neutral, to run compiled programs on.
struct Empty19;

impl patterns::PatternContext for Empty19 {
    fn size(&self) -> usize {
        19
    }
    fn color(&self, _: patterns::Vertex) -> patterns::Cell {
        patterns::Cell::Empty
    }
    fn liberties(&mut self, _: patterns::Vertex, _: u8) -> u32 {
        0
    }
    fn liberties_after_move(&mut self, _: patterns::Vertex, _: patterns::Side) -> u32 {
        1
    }
    fn ko(&mut self, _: patterns::Vertex) -> bool {
        false
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Hostile expressions: a typed, located error or a tree within the depth limit, never
    /// a panic or a stack overflow.
    #[test]
    fn hostile_expressions_parse_or_fail_located(src in hostile_expr()) {
        match parse_constraint(&src) {
            Ok(e) => prop_assert!(e.depth() <= MAX_EXPR_DEPTH),
            Err(e) => prop_assert!(e.line >= 1 && e.column >= 1 && !e.expected.is_empty(), "{:?}", e),
        }
        let _ = parse_action(&src);
    }

    /// Hostile files in every dialect: every error located inside the file, and whatever
    /// loads compiles into a library whose programs run on a board without panicking.
    #[test]
    fn hostile_databases_never_panic(text in hostile_db()) {
        let lines = text.lines().count() + 1;
        for d in [Dialect::Standard, Dialect::Eyes, Dialect::MonteCarlo] {
            let db = parse_db_as("fuzz.db", &text, d);
            for e in &db.errors {
                prop_assert!(e.line >= 1 && e.line <= lines && e.column >= 1, "{} ({} lines)", e, lines);
            }
        }
        let lib = PatternLibrary::new(vec![parse_db("fuzz.db", &text)], Registry::standard());
        let mut ctx = Empty19;
        for (k, program) in lib.programs.iter().enumerate() {
            let m = patterns::Match {
                pattern: k as u32,
                anchor: patterns::Vertex::new(9, 9),
                transform: patterns::Transform::Identity,
                move_vertex: None,
            };
            let _ = program.holds(&lib.registry, &mut ctx, &m);
            let _ = program.act(&lib.registry, &mut ctx, &m);
        }
    }
}

/// Regression (issue 22): 200,000 two-line patterns (7.5 MB) cost 5.7 GB and 110 s in
/// `mkpat`, the matcher's index taking some 30 KB per pattern. A file stops being read past
/// `MAX_PATTERNS` patterns, and a file of nothing but errors past `MAX_ERRORS` errors.
#[test]
fn pattern_and_error_counts_are_limited() {
    let one = "Pattern P\n\n...\n.O*\n...\n\n:+\n\n";
    let text = one.repeat(MAX_PATTERNS + 5);
    let db = parse_db("many.db", &text);
    assert_eq!(db.patterns.len(), MAX_PATTERNS);
    assert_eq!(db.errors.len(), 1, "{:?}", db.errors.first());
    let e = &db.errors[0];
    assert_eq!((e.line, e.column), (8 * MAX_PATTERNS + 1, 1));
    assert_eq!(e.expected, format!("at most {MAX_PATTERNS} patterns in a file (the rest is not read)"));
    let garbage = "Pattern G\n".repeat(MAX_ERRORS + 50);
    let db = parse_db("garbage.db", &garbage);
    assert_eq!(db.errors.len(), MAX_ERRORS + 1);
    assert_eq!(db.errors[MAX_ERRORS].line, MAX_ERRORS + 1);
    assert!(db.errors[MAX_ERRORS].expected.starts_with(&format!("at most {MAX_ERRORS} errors")));
}

/// A library of several files holds at most `MAX_PATTERNS` patterns; the first left out is
/// reported with its location.
#[test]
fn a_library_holds_at_most_the_pattern_limit() {
    // Every neighbour of the anchor given: each orientation sits in one group of the index.
    let one = "Pattern P\n\n...\n.O*\n...\n\n:+\n\n";
    let half = MAX_PATTERNS / 2 + 1;
    let dbs = vec![parse_db("a.db", &one.repeat(half)), parse_db("b.db", &one.repeat(half))];
    let lib = PatternLibrary::new(dbs, Registry::standard());
    assert_eq!(lib.set.len(), MAX_PATTERNS);
    assert_eq!(lib.programs.len(), MAX_PATTERNS);
    let [e] = lib.errors.as_slice() else { panic!("{:?}", lib.errors) };
    let line = 8 * (MAX_PATTERNS - half) + 1;
    assert_eq!(
        e.to_string(),
        format!("b.db:{line}:1: expected at most {MAX_PATTERNS} patterns in a library (pattern P)")
    );
}

/// Regression (issue 22): 64 patterns of 130,000 `:` fields each (16 MB) kept 700 MB. A `:`
/// line holds at most `MAX_COLON_FIELDS` fields; the first one too many is located.
#[test]
fn colon_fields_are_limited() {
    let at_limit = format!("Pattern C\n\nO*\n\n:8,-{}\n", ",a".repeat(MAX_COLON_FIELDS - 1));
    assert!(parse_db("c.db", &at_limit).errors.is_empty());
    let e = only_error(&format!("Pattern C\n\nO*\n\n:8,-{}\n", ",a".repeat(130_000)));
    assert_eq!((e.line, e.column), (5, 4 + 2 * MAX_COLON_FIELDS));
    assert_eq!(e.expected, format!("at most {MAX_COLON_FIELDS} fields after the symmetry"));
}

/// Error messages quote at most an excerpt of the input (`engine_core::limits::excerpt`):
/// a pattern name or a header value of 100,000 characters, a helper name of 10,000, each give
/// a message of a hundred or so.
#[test]
fn errors_quote_bounded_excerpts() {
    let long = "n".repeat(100_000);
    let db = parse_db("x.db", &format!("Pattern {long}\n\nO*\n\n:8,-,{long}(1)\n\n;1 +\n"));
    let [e] = db.errors.as_slice() else { panic!("{:?}", db.errors) };
    assert_eq!(e.pattern.as_deref(), Some(format!("{}...", "n".repeat(60)).as_str()));
    assert!(e.to_string().len() < 200, "{e}");
    let db = parse_db("x.db", &format!("attribute_map {long}\n"));
    assert!(db.errors[0].to_string().len() < 200, "{}", db.errors[0]);
    let text = format!("attribute_map value_only\n\nPattern P\n\nO*\n\n:8,-,{long}(1)\n");
    assert!(only_error(&text).to_string().len() < 250);
    // Within the expression limit.
    let text = format!("Pattern P\n\nO*\n\n:8,-\n\n;{}(*)\n", &long[..10_000]);
    let lib = PatternLibrary::new(vec![parse_db("x.db", &text)], Registry::standard());
    let [e] = lib.errors.as_slice() else { panic!("{:?}", lib.errors) };
    assert!(e.to_string().len() < 150, "{e}");
    assert!(e.to_string().contains(&format!("unknown helper function `{}...`", "n".repeat(60))), "{e}");
}
