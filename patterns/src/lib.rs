//! GNU Go's pattern language: a pest grammar for `.db` files (`patterns.db` and the other
//! `mkpat` databases, `eyes.db`, `mc_*.db`), a typed AST with parsed autohelper
//! constraints and actions, and the geometry (elements relative to an anchor, edge
//! constraints, symmetry-reduced transformations) a matcher needs.
//!
//! Module map: `grammar` (pest parser), `parse` (files → AST, error recovery), `ast`
//! (data types), `expr` (constraint/action expressions), `geometry` (diagrams → offsets),
//! `transform` (the eight board transformations), `autohelpers` (known functions and their
//! arities), `error` (located errors), `limits` (the input limits, each refused with a
//! located error); matching: `board` (the [`MatchBoard`] view and
//! [`Match`] records), `packed` (two-bit board and composite words), `compile` (patterns
//! to and-mask/compare orientations), `matcher` (the indexed bitmask matcher), `naive`
//! (the reference matcher), `incremental` (re-matching after moves); `joseki` (joseki trees in
//! SGF compiled into `.db` text, `mkpat --joseki`); eye shapes: `eye_db` (`eyes.db`
//! graphs, their values and graph matching); evaluation: `eval`
//! (the [`PatternContext`] trait, the helper [`Registry`], compiled constraints and
//! actions), `library` (databases, matcher and programs together; the built-in databases).
//! This crate reads databases, matches them and evaluates their expressions through
//! [`PatternContext`]; it must not depend on the Go engine (which implements that trait)
//! nor generate code.
//!
//! ```
//! use patterns::{parse_db, AnchorPolicy, Element, Transform};
//!
//! let db = parse_db("example.db", "Pattern EX1\n\n?X?   hane\nO*O\n---\n\n:|,OX,shape(1)\n\n?A?\nb*c\n---\n\n;lib(A)>1 && !oplay_attack(*,b,c,A)\n");
//! assert!(db.errors.is_empty());
//! let p = &db.patterns[0];
//! assert_eq!(p.colon.value("shape").and_then(|v| v.number()), Some(1.0));
//! let g = p.geometry(AnchorPolicy::Either).unwrap();
//! assert_eq!(g.anchor_element, Element::Opponent); // the first stone in reading order
//! assert_eq!(g.move_offset, Some((1, 0)));
//! assert!(g.edges.south);
//! // `|` symmetry: the four rotations suffice.
//! assert_eq!(p.colon.symmetry.transforms(), &Transform::ALL[..4]);
//! assert!(db.autohelper_functions().contains("oplay_attack"));
//! ```

pub mod ast;
pub mod autohelpers;
pub mod board;
pub mod compile;
pub mod error;
pub mod eval;
pub mod expr;
pub mod eye_db;
pub mod geometry;
pub mod grammar;
pub mod incremental;
pub mod joseki;
pub mod library;
pub mod limits;
pub mod matcher;
pub mod naive;
pub mod packed;
pub mod parse;
pub mod transform;
pub mod tune;

pub use ast::*;
pub use autohelpers::Arity;
pub use board::{Cell, Grid, Match, MatchBoard, Vertex, MAX_BOARD};
pub use compile::{admits, element_mask, max_weight, Compiled, PatternSet, Residual, SourcePattern};
pub use error::ParseError;
pub use eval::{
    codes, Binding, CompileError, CompileErrorKind, DragonQuery, EvalError, EyeQuery, PatternContext, Program,
    Registry, SequenceTest, Side, Tactical, Territory, Value,
};
pub use expr::{parse_action, parse_constraint, BinOp, Expr, ExprError, Stmt, UnaryOp};
pub use geometry::{
    element_set, eye_geometry, geometry, move_required, AnchorPolicy, Element, EyeElement, EyeGeometry, Geometry,
    GeometryError, Orientation, PatElement,
};
pub use incremental::IncrementalMatcher;
pub use joseki::{compile_joseki, JosekiClass, JosekiDb, JosekiError, JosekiPattern};
pub use library::{builtin, database_files, Evaluated, LibraryError, PatternLibrary};
pub use matcher::BitmaskMatcher;
pub use naive::NaiveMatcher;
pub use packed::PackedBoard;
pub use parse::{autohelper_functions, check_grammar, parse_db, parse_db_as, parse_path, ATTRIBUTE_MAPS};
pub use transform::{Edges, Transform};
