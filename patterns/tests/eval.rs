//! Constraint evaluation against hand-built boards through a mock context whose liberty
//! counts come from a flood fill written here (independent of any engine), and the helper
//! registry: unknown names fail at compile time, helpers registered at runtime are called
//! with their arguments bound through the match's transformation.

use crate::common;

use patterns::eval::{compile_expr, Evaluator, Node};
use patterns::*;
use std::collections::BTreeMap;

/// A plain board with flood-fill liberties; records the move sequences it is asked about.
struct Mock {
    grid: Grid,
    sequences: Vec<(Side, Vec<Option<Vertex>>, SequenceTest)>,
}

impl Mock {
    fn new(rows: &[&str]) -> Mock {
        Mock { grid: Grid::from_rows(rows), sequences: Vec::new() }
    }
}

fn neighbours(n: usize, v: Vertex) -> Vec<Vertex> {
    let (r, c) = (v.row as i32, v.col as i32);
    [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        .into_iter()
        .filter(|&(a, b)| a >= 0 && b >= 0 && a < n as i32 && b < n as i32)
        .map(|(a, b)| Vertex::new(a as usize, b as usize))
        .collect()
}

/// Stones of the string at `v` and its liberties.
fn string(g: &Grid, v: Vertex) -> (Vec<Vertex>, Vec<Vertex>) {
    let colour = g.get(v.row as usize, v.col as usize);
    let (mut stones, mut libs, mut todo) = (vec![v], Vec::new(), vec![v]);
    while let Some(p) = todo.pop() {
        for q in neighbours(g.size(), p) {
            let c = g.get(q.row as usize, q.col as usize);
            if c == colour && !stones.contains(&q) {
                stones.push(q);
                todo.push(q);
            } else if c == Cell::Empty && !libs.contains(&q) {
                libs.push(q);
            }
        }
    }
    (stones, libs)
}

impl PatternContext for Mock {
    fn size(&self) -> usize {
        self.grid.size()
    }
    fn color(&self, v: Vertex) -> Cell {
        self.grid.get(v.row as usize, v.col as usize)
    }
    fn liberties(&mut self, v: Vertex, order: u8) -> u32 {
        assert_eq!(order, 1, "the mock only counts first-order liberties");
        if self.color(v) == Cell::Empty {
            return 0;
        }
        string(&self.grid, v).1.len() as u32
    }
    fn liberties_after_move(&mut self, v: Vertex, side: Side) -> u32 {
        if self.color(v) != Cell::Empty {
            return 0;
        }
        let mut g = self.grid.clone();
        g.set(v.row as usize, v.col as usize, side.cell());
        for q in neighbours(g.size(), v) {
            if g.get(q.row as usize, q.col as usize) == side.other().cell() {
                let (stones, libs) = string(&g, q);
                if libs.is_empty() {
                    for s in stones {
                        g.set(s.row as usize, s.col as usize, Cell::Empty);
                    }
                }
            }
        }
        string(&g, v).1.len() as u32
    }
    fn ko(&mut self, _: Vertex) -> bool {
        false
    }
    fn play_sequence(&mut self, first: Side, moves: &[Option<Vertex>], test: SequenceTest) -> f64 {
        self.sequences.push((first, moves.to_vec(), test));
        0.0
    }
}

/// One O stone in atari (0,3); two O strings with two liberties ((2,2)-(3,2) and (6,0));
/// one with six ((4,5)-(5,5)). Counted by hand.
const BOARD: [&str; 7] = ["..XOX..", ".......", ".XO....", ".XOX...", "..X..O.", ".....O.", "O.....X"];

fn library(text: &str) -> PatternLibrary {
    let db = parse_db("test.db", text);
    assert!(db.errors.is_empty(), "{:?}", db.errors);
    let lib = PatternLibrary::new(vec![db], Registry::standard());
    assert!(lib.errors.is_empty(), "{:?}", lib.errors.iter().map(|e| e.to_string()).collect::<Vec<_>>());
    lib
}

fn held(lib: &PatternLibrary, mock: &mut Mock) -> Vec<(Vertex, Option<bool>)> {
    let matches = lib.matches(&mock.grid, false);
    let mut out: Vec<(Vertex, Option<bool>)> = lib
        .evaluate(mock, &matches)
        .into_iter()
        .map(|e| (e.m.anchor, e.constraint.map(|r| r.expect("evaluates"))))
        .collect();
    out.sort();
    out.dedup();
    out
}

const ONE_STONE: &str = "Pattern T1\n\nO*\n\n:-,-\n\na*\n\n;lib(a)==LIBS\n";

#[test]
fn lib_one_holds_only_for_the_stone_in_atari() {
    let lib = library(&ONE_STONE.replace("LIBS", "1"));
    let mut mock = Mock::new(&BOARD);
    let results = held(&lib, &mut mock);
    let holding: Vec<Vertex> = results.iter().filter(|r| r.1 == Some(true)).map(|r| r.0).collect();
    assert_eq!(holding, [Vertex::new(0, 3)]);
    // Every O stone next to an empty point matched, the others evaluated false.
    let anchors: Vec<Vertex> = results.iter().map(|r| r.0).collect();
    let expected: Vec<Vertex> =
        [(0, 3), (2, 2), (4, 5), (5, 5), (6, 0)].into_iter().map(|(r, c)| Vertex::new(r, c)).collect();
    assert_eq!(anchors, expected);
    // The stone in atari has one empty neighbour, south of it: one match, transformation
    // g (quarter turn clockwise takes the diagram's east to south).
    let at = lib.matches(&mock.grid, false);
    let atari: Vec<&Match> = at.iter().filter(|m| m.anchor == Vertex::new(0, 3)).collect();
    assert_eq!(atari.len(), 1);
    assert_eq!(atari[0].transform.letter(), 'g');
    assert_eq!(atari[0].move_vertex, Some(Vertex::new(1, 3)));
}

#[test]
fn lib_two_holds_for_the_two_liberty_strings() {
    let lib = library(&ONE_STONE.replace("LIBS", "2"));
    let mut mock = Mock::new(&BOARD);
    let holding: Vec<Vertex> = held(&lib, &mut mock).into_iter().filter(|r| r.1 == Some(true)).map(|r| r.0).collect();
    assert_eq!(holding, [Vertex::new(2, 2), Vertex::new(6, 0)], "(3,2) has no empty neighbour, so no match");
}

#[test]
fn olib_counts_the_liberties_after_the_move() {
    // O at (1,0) among three X stones. O at (1,1) makes the string (1,0)-(1,1) with
    // liberties (0,0), (2,0); O at (0,0) gives (2,0), (1,1); O at (2,0) gives (0,0), (1,1):
    // two each, counted by hand.
    let rows = [".X.", "O.X", ".X."];
    let mut mock = Mock::new(&rows);
    for (n, expect) in [(2, true), (3, false)] {
        let lib = library(&format!("Pattern T2\n\nO*\n\n:8,-\n\n;olib(*)=={n}\n"));
        let results = held(&lib, &mut mock);
        assert_eq!(results.len(), 1, "one anchor");
        assert_eq!(results[0].1, Some(expect));
    }
    // X at (1,1) joins its three stones: liberties (0,0), (0,2), (2,0), (2,2).
    assert_eq!(mock.liberties_after_move(Vertex::new(1, 1), Side::X), 4);
}

#[test]
fn move_sequences_bind_labels_through_the_transformation() {
    // `b` east of the anchor, `a` the anchor, `*` south: xplay_attack(*,?,b,a) must ask
    // X-first sequence [*, tenuki, b] then attack at a, all placed by the match's
    // transformation.
    let text = "Pattern T3\n\nO.\n*?\n\n:8,-\n\nab\n*?\n\n;xplay_attack(*,?,b,a)\n";
    let lib = library(text);
    let mut mock = Mock::new(&[".....", ".....", "..O..", ".....", "....."]);
    let matches = lib.matches(&mock.grid, false);
    assert_eq!(matches.len(), 8, "a lone stone matches in every orientation");
    for m in &matches {
        mock.sequences.clear();
        let r = lib.programs[m.pattern as usize].holds(&lib.registry, &mut mock, m).unwrap();
        assert!(!r, "the mock answers 0");
        let (first, moves, test) = mock.sequences.pop().expect("one sequence asked");
        let place = |i: i32, j: i32| {
            let (a, b) = m.transform.apply(i, j);
            Vertex::new((2 + a) as usize, (2 + b) as usize)
        };
        assert_eq!(first, Side::X);
        assert_eq!(moves, vec![Some(place(1, 0)), None, Some(place(0, 1))]);
        assert_eq!(test, SequenceTest::Attack(Vertex::new(2, 2)));
        assert_eq!(m.move_vertex, Some(place(1, 0)));
    }
}

fn compile_error(constraint: &str) -> CompileError {
    let db = parse_db("bad.db", &format!("Pattern Bad\n\nO*\n\n:8,-\n\na*\n\n;{constraint}\n"));
    assert!(db.errors.is_empty(), "{:?}", db.errors);
    let lib = PatternLibrary::new(vec![db], Registry::standard());
    assert!(lib.set.is_empty(), "the bad pattern is left out");
    match lib.errors.as_slice() {
        [LibraryError::Compile(e)] => e.clone(),
        other => panic!("one compile error expected, got {other:?}"),
    }
}

#[test]
fn unknown_names_are_compile_errors_with_their_location() {
    let e = compile_error("lib(a)>1 && frobnicate(a)");
    assert_eq!(e.kind, CompileErrorKind::UnknownHelper("frobnicate".into()));
    assert_eq!((e.file.as_str(), e.line, e.pattern.as_str()), ("bad.db", 9, "Bad"));
    assert_eq!(e.to_string(), "bad.db:9:1: unknown helper function `frobnicate` (pattern Bad)");
    assert_eq!(compile_error("lib(a)==NOWHERE").kind, CompileErrorKind::UnknownName("NOWHERE".into()));
    assert_eq!(compile_error("lib(?)>0").kind, CompileErrorKind::MisplacedTenuki);
}

#[test]
fn runtime_helpers_and_c_arithmetic() {
    let mut registry = Registry::standard();
    let calls = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = calls.clone();
    registry.register("row_of", Arity::Exactly(1), move |_, args| {
        counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        match args[0] {
            Value::Point(v) => Ok(f64::from(v.row)),
            _ => Ok(-1.0),
        }
    });
    let labels: BTreeMap<char, (i32, i32)> = [('a', (0, 0)), ('*', (1, 0))].into_iter().collect();
    let mut mock = Mock::new(&[".....", ".....", "..O..", ".....", "....."]);
    let binding = Binding { anchor: Vertex::new(2, 2), transform: Transform::Rotate180 };
    let mut eval = |src: &str| -> Value {
        let node: Node = compile_expr(&registry, &parse_constraint(src).unwrap(), &labels).unwrap();
        Evaluator { registry: &registry, ctx: &mut mock, binding }.eval(&node).unwrap()
    };
    // `*` is one row below the anchor in the diagram, one above it after the half turn.
    assert_eq!(eval("row_of(*)"), Value::Num(1.0));
    assert_eq!(eval("row_of(a) * 10 + lib(a)"), Value::Num(24.0));
    assert_eq!(eval("7/2 == 3 && -7/2 == -3 && 7%3 == 1 && (1<<4) == 16"), Value::Num(1.0));
    // Short circuits: the right-hand sides are never called.
    let before = calls.load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(eval("0 && row_of(a)"), Value::Num(0.0));
    assert_eq!(eval("1 || row_of(a)"), Value::Num(1.0));
    assert_eq!(eval("0 ? row_of(a) : 5"), Value::Num(5.0));
    assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), before);
}

#[test]
fn every_helper_of_gnu_go_databases_resolves() {
    let Some(files) = common::gnugo_database_files() else { return };
    let lib = PatternLibrary::load_files(&files, Vec::new(), Registry::standard());
    let errors: Vec<String> = lib.errors.iter().map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{} errors, first: {:?}", errors.len(), errors.first());
    // No pattern left out: every one compiled.
    assert_eq!(lib.set.len(), lib.dbs.iter().map(|d| d.patterns.len()).sum::<usize>());
    assert!(lib.set.len() > 2500, "{} patterns", lib.set.len());
}

#[test]
fn builtin_databases_compile_without_errors() {
    let lib = PatternLibrary::builtin();
    let errors: Vec<String> = lib.errors.iter().map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    // The move databases: shape.db, harvest.db (generated by `mkpat --harvest`/`--tune`), endgame.db,
    // connect.db, edge.db.
    assert_eq!(lib.dbs.len(), 5);
    assert_eq!(lib.set.len(), lib.dbs.iter().map(|d| d.patterns.len()).sum::<usize>());
    assert!(lib.set.len() >= 15);
    // Original names: none of GNU Go's.
    assert!(lib.set.patterns.iter().all(|p| ["Sh", "H3", "Eg", "Cn", "Ed"].iter().any(|x| p.name.starts_with(x))));
}

#[test]
fn builtin_databases_of_other_roles_compile_without_errors() {
    use patterns::library::{CONN_BUILTIN, INFLUENCE_BUILTIN, OWL_BUILTIN};
    let roles =
        [("conn", vec![CONN_BUILTIN]), ("owl", OWL_BUILTIN.to_vec()), ("influence", INFLUENCE_BUILTIN.to_vec())];
    for (role, texts) in roles {
        let dbs: Vec<_> = texts.iter().map(|(name, text)| patterns::parse_db(name, text)).collect();
        let lib = PatternLibrary::new(dbs, Registry::standard());
        let errors: Vec<String> = lib.errors.iter().map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{role}: {errors:?}");
        assert!(lib.set.len() >= 5, "{role}: {} patterns", lib.set.len());
        assert_eq!(lib.set.len(), lib.dbs.iter().map(|d| d.patterns.len()).sum::<usize>(), "{role}: none left out");
    }
}

/// Evaluates `src` with label `a` on the lone O stone (four liberties) of a 5x5 board.
fn eval_on_small_board(src: &str) -> Result<Value, EvalError> {
    let registry = Registry::standard();
    let labels: BTreeMap<char, (i32, i32)> = [('a', (0, 0))].into_iter().collect();
    let node = compile_expr(&registry, &parse_constraint(src).unwrap(), &labels).unwrap();
    let mut mock = Mock::new(&[".....", ".....", "..O..", ".....", "....."]);
    let binding = Binding { anchor: Vertex::new(2, 2), transform: Transform::Identity };
    Evaluator { registry: &registry, ctx: &mut mock, binding }.eval(&node)
}

/// Regression (issue 22): a long run of one operator was a left-leaning tree as deep as the
/// run, and parsing, compiling, evaluating or dropping it overflowed the stack. Runs are
/// flat now: a thousand `&&` terms, eight thousand `-` terms and their compiled programs
/// go through on a 256 KiB stack (a tenth of a test thread's).
#[test]
fn long_operator_runs_evaluate_without_deep_recursion() {
    let worker = std::thread::Builder::new().stack_size(256 << 10).spawn(|| {
        let and_run = vec!["lib(a) == 4"; 1000].join(" && ");
        assert!(and_run.len() <= limits::MAX_EXPR_BYTES);
        // `&&` run, `==` run, the call, its label.
        assert_eq!(parse_constraint(&and_run).unwrap().depth(), 4);
        assert_eq!(eval_on_small_board(&and_run), Ok(Value::Num(1.0)));
        let or_run = format!("{} || lib(a) == 4", vec!["lib(a) == 3"; 999].join(" || "));
        assert_eq!(eval_on_small_board(&or_run), Ok(Value::Num(1.0)));
        let difference = format!("1{}", "-1".repeat(7999));
        assert_eq!(eval_on_small_board(&difference), Ok(Value::Num(-7998.0)));
        let e = parse_constraint(&difference).unwrap();
        let copy = e.clone();
        assert_eq!(copy, e);
        assert!(!format!("{e:?}").is_empty());
    });
    worker.unwrap().join().expect("no stack overflow");
}

mod robustness {
    use super::*;
    use proptest::prelude::*;

    fn atom() -> impl Strategy<Value = String> {
        prop_oneof![
            // `i64` literals: a larger one is refused by the parser (see `robustness.rs`).
            (0..=i64::MAX).prop_map(|n| n.to_string()),
            Just("a".to_string()),
            Just("WIN".to_string()),
            Just("lib(a)".to_string()),
            Just("olib(*)".to_string()),
            Just("xlib(*)".to_string()),
            Just("oplay_attack(*,?,a,a)".to_string()),
            Just("0.7".to_string()),
        ]
    }

    fn expr() -> impl Strategy<Value = String> {
        let ops = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "==", "<"];
        atom().prop_recursive(4, 24, 2, move |inner| {
            prop_oneof![
                (inner.clone(), 0..ops.len(), inner.clone()).prop_map(move |(l, k, r)| format!("({l}{}{r})", ops[k])),
                inner.clone().prop_map(|e| format!("-{e}")),
                inner.clone().prop_map(|e| format!("!{e}")),
                (inner.clone(), inner.clone(), inner).prop_map(|(c, t, o)| format!("({c}?{t}:{o})")),
            ]
        })
    }

    /// A reference for C's precedence and short circuits, written independently of the
    /// crate's flat runs: textbook recursive descent over one level at a time, into a binary
    /// tree evaluated with `i64` arithmetic. `None` for a division by zero.
    mod reference {
        pub const OPS: [&str; 16] =
            ["||", "&&", "|", "^", "&", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"];

        fn level(op: &str) -> u8 {
            match op {
                "||" => 0,
                "&&" => 1,
                "|" => 2,
                "^" => 3,
                "&" => 4,
                "==" | "!=" => 5,
                "<" | "<=" | ">" | ">=" => 6,
                "+" | "-" => 8,
                _ => 9,
            }
        }

        enum Tree {
            Leaf(i64),
            Op(&'static str, Box<Tree>, Box<Tree>),
        }

        fn parse(operands: &[i64], ops: &[&'static str], k: &mut usize, at: u8) -> Tree {
            if at > 9 {
                return Tree::Leaf(operands[*k]);
            }
            let mut lhs = parse(operands, ops, k, at + 1);
            while *k < ops.len() && level(ops[*k]) == at {
                let op = ops[*k];
                *k += 1;
                let rhs = parse(operands, ops, k, at + 1);
                lhs = Tree::Op(op, Box::new(lhs), Box::new(rhs));
            }
            lhs
        }

        fn eval(t: &Tree) -> Option<i64> {
            let Tree::Op(op, l, r) = t else {
                let Tree::Leaf(n) = t else { unreachable!() };
                return Some(*n);
            };
            let a = eval(l)?;
            match *op {
                "&&" => return Some(if a != 0 { i64::from(eval(r)? != 0) } else { 0 }),
                "||" => return Some(if a != 0 { 1 } else { i64::from(eval(r)? != 0) }),
                _ => {}
            }
            let b = eval(r)?;
            Some(match *op {
                "|" => a | b,
                "^" => a ^ b,
                "&" => a & b,
                "==" => i64::from(a == b),
                "!=" => i64::from(a != b),
                "<" => i64::from(a < b),
                "<=" => i64::from(a <= b),
                ">" => i64::from(a > b),
                ">=" => i64::from(a >= b),
                "+" => a + b,
                "-" => a - b,
                "*" => a * b,
                "/" => a.checked_div(b)?,
                _ => a.checked_rem(b)?,
            })
        }

        /// `operands[0] ops[0] operands[1] …`
        pub fn value(operands: &[i64], ops: &[&'static str]) -> Option<i64> {
            let mut k = 0;
            let tree = parse(operands, ops, &mut k, 0);
            assert_eq!(k, ops.len());
            eval(&tree)
        }
    }

    fn operator_run() -> impl Strategy<Value = (Vec<i64>, Vec<&'static str>)> {
        proptest::collection::vec((0..reference::OPS.len(), 0i64..10), 1..9).prop_flat_map(|tail| {
            (0i64..10).prop_map(move |head| {
                let mut operands = vec![head];
                let mut ops = Vec::new();
                for &(k, n) in &tail {
                    ops.push(reference::OPS[k]);
                    operands.push(n);
                }
                (operands, ops)
            })
        })
    }

    proptest! {
        /// Mixed runs of operators (no parentheses) get C's precedence, left associativity
        /// and short circuits: the flat runs evaluate as the reference's binary tree.
        #[test]
        fn operator_runs_follow_c_precedence((operands, ops) in operator_run()) {
            let mut src = operands[0].to_string();
            for (op, n) in ops.iter().zip(&operands[1..]) {
                src.push_str(&format!(" {op} {n}"));
            }
            let got = eval_on_small_board(&src);
            match reference::value(&operands, &ops) {
                Some(v) => prop_assert_eq!(got, Ok(Value::Num(v as f64)), "{}", src),
                None => prop_assert_eq!(got, Err(EvalError::DivisionByZero), "{}", src),
            }
        }

        /// Any well-formed constraint compiles and evaluates without panicking (overflow,
        /// division by zero and points in arithmetic are C-like values or typed errors).
        #[test]
        fn evaluation_never_panics(src in expr()) {
            let registry = Registry::standard();
            let labels: BTreeMap<char, (i32, i32)> = [('a', (0, 0)), ('*', (0, 1))].into_iter().collect();
            let node = compile_expr(&registry, &parse_constraint(&src).unwrap(), &labels).unwrap();
            let mut mock = Mock::new(&["...", ".O.", "..."]);
            let binding = Binding { anchor: Vertex::new(1, 1), transform: Transform::Identity };
            let _ = Evaluator { registry: &registry, ctx: &mut mock, binding }.eval(&node);
        }
    }
}
