//! Evaluating constraints (`;`) and actions (`>`) against a position: the [`PatternContext`]
//! trait a Go engine implements (the board questions the autohelpers ask, one method per
//! family), the [`Registry`] of helper functions looked up by name at runtime, the
//! compilation of an expression into a [`Program`] (labels resolved to offsets from the
//! anchor, names resolved to helpers and constants — an unknown name is a typed
//! [`CompileError`]), and its evaluation bound to one [`Match`].
//!
//! This module owns the semantics of the expression language (C arithmetic, short-circuit
//! `&&`/`||`/`?:`, move sequences with `?` for a tenuki) and the mapping of every GNU Go
//! autohelper name onto the context; it must not know how a Go engine answers (that is the
//! engine's side of [`PatternContext`]) nor match patterns. A resolved tree is evaluated
//! directly: constraints are short and their cost is the helpers', so a bytecode would not
//! pay. Evaluation allocates nothing: arguments go to a fixed stack buffer.

use crate::autohelpers::Arity;
use crate::board::{Cell, Match, Vertex};
use crate::expr::{BinOp, Expr, Stmt, UnaryOp};
use crate::transform::Transform;
use engine_core::limits::excerpt;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::Arc;

/// Result codes of reading functions (GNU Go's `WIN`, `KO_A`, … as the databases compare them).
pub mod codes {
    pub const LOSE: f64 = 0.0;
    pub const LOSS: f64 = 1.0;
    pub const GAIN: f64 = 2.0;
    pub const KO_B: f64 = 3.0;
    pub const KO_A: f64 = 4.0;
    pub const WIN: f64 = 5.0;
    /// Dragon statuses as `status(x)` returns them.
    pub const DEAD: f64 = 0.0;
    pub const ALIVE: f64 = 1.0;
    pub const CRITICAL: f64 = 2.0;
    pub const UNKNOWN: f64 = 3.0;
}

/// Names usable as constants in expressions.
const CONSTANTS: &[(&str, f64)] = &[
    ("LOSE", codes::LOSE),
    ("LOSS", codes::LOSS),
    ("GAIN", codes::GAIN),
    ("KO_B", codes::KO_B),
    ("KO_A", codes::KO_A),
    ("WIN", codes::WIN),
    ("DEAD", codes::DEAD),
    ("ALIVE", codes::ALIVE),
    ("CRITICAL", codes::CRITICAL),
    ("UNKNOWN", codes::UNKNOWN),
    ("TRUE", 1.0),
    ("FALSE", 0.0),
];

/// A side, as the patterns see it: `O` the side the patterns are matched for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    O,
    X,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::O => Side::X,
            Side::X => Side::O,
        }
    }

    /// The stone of this side.
    pub fn cell(self) -> Cell {
        match self {
            Side::O => Cell::O,
            Side::X => Cell::X,
        }
    }

    /// The side owning a stone.
    pub fn of(cell: Cell) -> Option<Side> {
        match cell {
            Cell::O => Some(Side::O),
            Cell::X => Some(Side::X),
            Cell::Empty => None,
        }
    }
}

/// An evaluated argument or result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    Num(f64),
    /// A label or `*`, bound to a board point.
    Point(Vertex),
    /// `?` in a move sequence.
    Tenuki,
}

impl Value {
    /// C truth: non-zero numbers; points and tenuki count as true.
    pub fn truthy(self) -> bool {
        match self {
            Value::Num(x) => x != 0.0,
            _ => true,
        }
    }
}

/// Tactical (string capture) questions: `attack`, `defend`, `does_attack`, `safe_xmove`, ….
/// Answers are reading codes ([`codes::WIN`] for success, 0 for failure).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tactical {
    /// Can the string at the point be captured (the opponent of its owner moving first)?
    Attack(Vertex),
    /// Can it be attacked and also defended (its owner moving first)? 0 when not attacked.
    Defend(Vertex),
    /// Does a move at `mv` by the string's opponent capture the string at `target`?
    DoesAttack { mv: Vertex, target: Vertex },
    /// Does a move at `mv` by the string's owner save the string at `target`?
    DoesDefend { mv: Vertex, target: Vertex },
    /// Can `side` play at the point without being captured at once?
    SafeMove { side: Side, at: Vertex },
    /// After `side` plays at `mv`, is the other side's move at `target` no longer safe?
    DefendAgainst { side: Side, mv: Vertex, target: Vertex },
    /// Can `side` cut at the (empty) point?
    Cut { side: Side, at: Vertex },
}

/// What a move sequence (`xplay_*`, `oplay_*`) tests once its moves are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SequenceTest {
    Attack(Vertex),
    Defend(Vertex),
    AttackEither(Vertex, Vertex),
    DefendBoth(Vertex, Vertex),
    Connect(Vertex, Vertex),
    Disconnect(Vertex, Vertex),
    /// `x`, `y`, `z` as in the documentation: 1-like codes when one is captured, 2 when cut through.
    BreakThrough(Vertex, Vertex, Vertex),
    /// The liberties of the string at the point.
    Lib(Vertex),
}

/// Dragon and worm questions (`status`, `weak`, `dragonsize`, `same_dragon`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DragonQuery {
    /// One of the [`codes`] statuses.
    Status(Vertex),
    Weak(Vertex),
    /// A weakness between 0 (strong) and 1.
    Weakness(Vertex),
    DragonSize(Vertex),
    WormSize(Vertex),
    EffectiveSize(Vertex),
    Genus(Vertex),
    SameDragon(Vertex, Vertex),
    SameWorm(Vertex, Vertex),
    VitalChain(Vertex),
    PotentialCutstone(Vertex),
    /// `seki_helper`: true unless the string can capture a neighbour.
    SekiHelper(Vertex),
}

/// Influence questions: `xarea`, `omoyo`, `oterri`, ….
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Territory {
    Area,
    Moyo,
    Terri,
    /// `xmoyo_opposite` / `omoyo_opposite`.
    MoyoOpposite,
}

/// Eye-space questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EyeQuery {
    Eye(Vertex),
    ProperEye(Vertex),
    MarginalEye(Vertex),
    HalfEye(Vertex),
    MaxEyeValue(Vertex),
    ObviousFalseEye { side: Side, at: Vertex },
    FalseEye(Vertex),
}

/// The questions autohelpers ask of a position, from the patterns' point of view (`O` is the
/// side the patterns are matched for). The engine implements it; `size`, `color`,
/// `liberties`, `liberties_after_move` and `ko` are required, the other families default to
/// neutral answers (documented per method) so an engine can grow into them.
pub trait PatternContext {
    fn size(&self) -> usize;
    /// The stone on a point (`row, col < size`).
    fn color(&self, v: Vertex) -> Cell;
    /// `lib(x)` (order 1) and `lib2`…`lib4`: liberties of that order of the string at `v`; 0
    /// on an empty point.
    fn liberties(&mut self, v: Vertex, order: u8) -> u32;
    /// `xlib`/`olib`: liberties a stone of `side` would have if played at `v` (captures
    /// made); 0 when the move is illegal or `v` is occupied.
    fn liberties_after_move(&mut self, v: Vertex, side: Side) -> u32;
    /// `ko(x)`: a stone or empty point involved in a ko.
    fn ko(&mut self, v: Vertex) -> bool;
    /// Whether `side` may legally play at `v`. Default: `v` empty.
    fn legal(&mut self, v: Vertex, side: Side) -> bool {
        let _ = side;
        self.color(v) == Cell::Empty
    }
    /// Whether a stone of `side` at `v` would be suicide. Default: no liberty after the move.
    fn suicide(&mut self, v: Vertex, side: Side) -> bool {
        self.color(v) == Cell::Empty && self.liberties_after_move(v, side) == 0
    }
    /// Tactical reading. Default: 0 (nothing found).
    fn tactical(&mut self, q: Tactical) -> f64 {
        let _ = q;
        0.0
    }
    /// Plays `moves` alternately starting with `first` (`None` a tenuki; illegal moves are
    /// skipped as if played), tests, and restores the position. Default: 0.
    fn play_sequence(&mut self, first: Side, moves: &[Option<Vertex>], test: SequenceTest) -> f64 {
        let _ = (first, moves, test);
        0.0
    }
    /// Dragon and worm data. Default: 0.
    fn dragon(&mut self, q: DragonQuery) -> f64 {
        let _ = q;
        0.0
    }
    /// Whether `v` belongs to `side`'s area, moyo or territory. Default: false.
    fn territory(&mut self, kind: Territory, side: Side, v: Vertex) -> bool {
        let _ = (kind, side, v);
        false
    }
    /// Eye-space data. Default: 0.
    fn eye(&mut self, q: EyeQuery) -> f64 {
        let _ = q;
        0.0
    }
    /// The `owl_*` helpers (life-and-death search data). Default: 0.
    fn owl(&mut self, name: &str, args: &[Value]) -> f64 {
        let _ = (name, args);
        0.0
    }
    /// Side effects of action helpers (`antisuji`, `replace`, `amalgamate`, `add_*_move`, …),
    /// which the engine may record. Default: nothing; the helper returns 0.
    fn action(&mut self, name: &str, args: &[Value]) -> f64 {
        let _ = (name, args);
        0.0
    }
    /// GNU Go's hand-written special-purpose helpers named in constraints
    /// (`disconnect_helper`, `bent_four_helper`, …) and other rare queries. Default: 0.
    fn special(&mut self, name: &str, args: &[Value]) -> f64 {
        let _ = (name, args);
        0.0
    }
}

/// Why an expression could not be evaluated (compiled programs only hit these when a helper
/// receives a value of the wrong kind or a label falls off the board).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EvalError {
    #[error("`{helper}` argument {index} must be a board point")]
    NotAPoint { helper: String, index: usize },
    #[error("label `{label}` falls off the board")]
    OffBoard { label: char },
    #[error("division by zero")]
    DivisionByZero,
}

/// Why an expression could not be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompileErrorKind {
    #[error("unknown helper function `{0}`")]
    UnknownHelper(String),
    #[error("unknown name `{0}`")]
    UnknownName(String),
    #[error("label `{0}` is not in the constraint diagram")]
    UnknownLabel(char),
    #[error("`{name}` takes {expected} arguments, not {found}")]
    Arity { name: String, expected: String, found: usize },
    #[error("`?` (tenuki) only as a move of a sequence")]
    MisplacedTenuki,
}

/// A compile error located in its database.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {kind} (pattern {pattern})")]
pub struct CompileError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub pattern: String,
    pub kind: CompileErrorKind,
}

/// A helper: the context and the evaluated arguments in, a number out.
pub type HelperFn = Arc<dyn Fn(&mut dyn PatternContext, &[Value]) -> Result<f64, EvalError> + Send + Sync>;

/// A registered helper.
#[derive(Clone)]
pub struct Helper {
    pub name: String,
    pub arity: Arity,
    /// How many leading arguments form a move sequence (which may hold `?`).
    pub sequence: bool,
    pub f: HelperFn,
}

impl fmt::Debug for Helper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Helper({}, {:?})", self.name, self.arity)
    }
}

/// Helper functions by name. [`Registry::standard`] holds every GNU Go autohelper and the
/// special helpers its databases name; more can be registered at runtime.
#[derive(Debug, Clone, Default)]
pub struct Registry {
    helpers: Vec<Helper>,
    by_name: HashMap<String, usize>,
}

/// The most arguments a call may have (the evaluation buffer lives on the stack).
pub const MAX_ARGS: usize = 24;

fn point(name: &str, args: &[Value], index: usize) -> Result<Vertex, EvalError> {
    match args.get(index) {
        Some(Value::Point(v)) => Ok(*v),
        _ => Err(EvalError::NotAPoint { helper: name.to_string(), index }),
    }
}

fn flag(b: bool) -> f64 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// A move list: points are moves, `?` a tenuki. At most `MAX_ARGS` moves.
fn moves_of(name: &str, args: &[Value], out: &mut [Option<Vertex>; MAX_ARGS]) -> Result<usize, EvalError> {
    for (k, a) in args.iter().take(MAX_ARGS).enumerate() {
        out[k] = match a {
            Value::Point(v) => Some(*v),
            Value::Tenuki => None,
            Value::Num(_) => return Err(EvalError::NotAPoint { helper: name.to_string(), index: k }),
        };
    }
    Ok(args.len().min(MAX_ARGS))
}

impl Registry {
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Registers (or replaces) a helper.
    pub fn register(
        &mut self,
        name: &str,
        arity: Arity,
        f: impl Fn(&mut dyn PatternContext, &[Value]) -> Result<f64, EvalError> + Send + Sync + 'static,
    ) {
        self.insert(name, arity, false, Arc::new(f));
    }

    /// Registers a move-sequence helper: its arguments before the last `fixed` ones are moves.
    pub fn register_sequence(
        &mut self,
        name: &str,
        fixed: usize,
        f: impl Fn(&mut dyn PatternContext, &[Value]) -> Result<f64, EvalError> + Send + Sync + 'static,
    ) {
        self.insert(name, Arity::AtLeast(fixed), true, Arc::new(f));
    }

    fn insert(&mut self, name: &str, arity: Arity, sequence: bool, f: HelperFn) {
        let h = Helper { name: name.to_string(), arity, sequence, f };
        match self.by_name.get(name) {
            Some(&k) => self.helpers[k] = h,
            None => {
                self.by_name.insert(name.to_string(), self.helpers.len());
                self.helpers.push(h);
            }
        }
    }

    pub fn get(&self, name: &str) -> Option<&Helper> {
        self.by_name.get(name).map(|&k| &self.helpers[k])
    }

    pub fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// Registered names, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.helpers.iter().map(|h| h.name.as_str()).collect();
        v.sort_unstable();
        v
    }

    pub fn len(&self) -> usize {
        self.helpers.len()
    }

    pub fn is_empty(&self) -> bool {
        self.helpers.is_empty()
    }

    /// Every autohelper of GNU Go's documentation and `mkpat`, mapped onto the context's
    /// families, plus the special helpers GNU Go's databases call (answered by
    /// [`PatternContext::special`]).
    pub fn standard() -> Registry {
        let mut r = Registry::new();
        r.register_liberties();
        r.register_tactics();
        r.register_sequences();
        r.register_dragons();
        r.register_territory();
        r.register_eyes();
        r.register_owl();
        r.register_actions();
        r.register_special();
        r
    }

    fn one(&mut self, name: &'static str, f: fn(&mut dyn PatternContext, Vertex) -> f64) {
        self.register(name, Arity::Exactly(1), move |ctx, args| Ok(f(ctx, point(name, args, 0)?)));
    }

    fn two(&mut self, name: &'static str, f: fn(&mut dyn PatternContext, Vertex, Vertex) -> f64) {
        self.register(name, Arity::Exactly(2), move |ctx, args| {
            Ok(f(ctx, point(name, args, 0)?, point(name, args, 1)?))
        });
    }

    fn register_liberties(&mut self) {
        self.one("lib", |c, v| f64::from(c.liberties(v, 1)));
        self.one("lib2", |c, v| f64::from(c.liberties(v, 2)));
        self.one("lib3", |c, v| f64::from(c.liberties(v, 3)));
        self.one("lib4", |c, v| f64::from(c.liberties(v, 4)));
        self.one("xlib", |c, v| f64::from(c.liberties_after_move(v, Side::X)));
        self.one("olib", |c, v| f64::from(c.liberties_after_move(v, Side::O)));
        // GNU Go's approximations stop counting at a small bound; the exact count serves.
        self.one("approx_xlib", |c, v| f64::from(c.liberties_after_move(v, Side::X)));
        self.one("approx_olib", |c, v| f64::from(c.liberties_after_move(v, Side::O)));
        self.one("ko", |c, v| flag(c.ko(v)));
        self.one("legal_xmove", |c, v| flag(c.legal(v, Side::X)));
        self.one("legal_omove", |c, v| flag(c.legal(v, Side::O)));
        self.one("x_suicide", |c, v| flag(c.suicide(v, Side::X)));
        self.one("o_suicide", |c, v| flag(c.suicide(v, Side::O)));
        for (name, side) in [("x_somewhere", Side::X), ("o_somewhere", Side::O)] {
            self.register_sequence(name, 0, move |ctx, args| {
                let mut any = false;
                for k in 0..args.len() {
                    any |= ctx.color(point(name, args, k)?) == side.cell();
                }
                Ok(flag(any))
            });
        }
    }

    fn register_tactics(&mut self) {
        self.one("attack", |c, v| c.tactical(Tactical::Attack(v)));
        self.one("defend", |c, v| c.tactical(Tactical::Defend(v)));
        self.two("does_attack", |c, mv, target| c.tactical(Tactical::DoesAttack { mv, target }));
        self.two("does_defend", |c, mv, target| c.tactical(Tactical::DoesDefend { mv, target }));
        self.one("safe_xmove", |c, at| c.tactical(Tactical::SafeMove { side: Side::X, at }));
        self.one("safe_omove", |c, at| c.tactical(Tactical::SafeMove { side: Side::O, at }));
        self.two("xdefend_against", |c, mv, target| c.tactical(Tactical::DefendAgainst { side: Side::X, mv, target }));
        self.two("odefend_against", |c, mv, target| c.tactical(Tactical::DefendAgainst { side: Side::O, mv, target }));
        self.one("xcut", |c, at| c.tactical(Tactical::Cut { side: Side::X, at }));
        self.one("ocut", |c, at| c.tactical(Tactical::Cut { side: Side::O, at }));
    }

    fn register_sequences(&mut self) {
        type Test = fn(&[Vertex]) -> SequenceTest;
        let attack: Test = |v| SequenceTest::Attack(v[0]);
        let defend: Test = |v| SequenceTest::Defend(v[0]);
        let either: Test = |v| SequenceTest::AttackEither(v[0], v[1]);
        let both: Test = |v| SequenceTest::DefendBoth(v[0], v[1]);
        let connect: Test = |v| SequenceTest::Connect(v[0], v[1]);
        let disconnect: Test = |v| SequenceTest::Disconnect(v[0], v[1]);
        let through: Test = |v| SequenceTest::BreakThrough(v[0], v[1], v[2]);
        let lib: Test = |v| SequenceTest::Lib(v[0]);
        let table: [(&'static str, Side, usize, Test); 16] = [
            ("xplay_attack", Side::X, 1, attack),
            ("oplay_attack", Side::O, 1, attack),
            ("xplay_defend", Side::X, 1, defend),
            ("oplay_defend", Side::O, 1, defend),
            ("xplay_attack_either", Side::X, 2, either),
            ("oplay_attack_either", Side::O, 2, either),
            ("xplay_defend_both", Side::X, 2, both),
            ("oplay_defend_both", Side::O, 2, both),
            ("xplay_connect", Side::X, 2, connect),
            ("oplay_connect", Side::O, 2, connect),
            ("xplay_disconnect", Side::X, 2, disconnect),
            ("oplay_disconnect", Side::O, 2, disconnect),
            ("xplay_break_through", Side::X, 3, through),
            ("oplay_break_through", Side::O, 3, through),
            ("xplay_lib", Side::X, 1, lib),
            ("oplay_lib", Side::O, 1, lib),
        ];
        for (name, first, fixed, test) in table {
            self.register_sequence(name, fixed, move |ctx, args| {
                let split = args.len().saturating_sub(fixed);
                let mut targets = [Vertex::new(0, 0); 3];
                for (k, t) in targets.iter_mut().enumerate().take(fixed) {
                    *t = point(name, args, split + k)?;
                }
                let mut moves = [None; MAX_ARGS];
                let n = moves_of(name, &args[..split], &mut moves)?;
                Ok(ctx.play_sequence(first, &moves[..n], test(&targets[..fixed])))
            });
        }
    }

    fn register_dragons(&mut self) {
        use DragonQuery as D;
        self.one("status", |c, v| c.dragon(D::Status(v)));
        self.one("alive", |c, v| flag(c.dragon(D::Status(v)) == codes::ALIVE));
        self.one("dead", |c, v| flag(c.dragon(D::Status(v)) == codes::DEAD));
        self.one("critical", |c, v| flag(c.dragon(D::Status(v)) == codes::CRITICAL));
        self.one("unknown", |c, v| flag(c.dragon(D::Status(v)) == codes::UNKNOWN));
        self.one("weak", |c, v| c.dragon(D::Weak(v)));
        self.one("weakness", |c, v| c.dragon(D::Weakness(v)));
        self.one("dragonsize", |c, v| c.dragon(D::DragonSize(v)));
        self.one("wormsize", |c, v| c.dragon(D::WormSize(v)));
        self.one("effective_size", |c, v| c.dragon(D::EffectiveSize(v)));
        self.one("genus", |c, v| c.dragon(D::Genus(v)));
        self.one("vital_chain", |c, v| c.dragon(D::VitalChain(v)));
        self.one("potential_cutstone", |c, v| c.dragon(D::PotentialCutstone(v)));
        self.one("seki_helper", |c, v| c.dragon(D::SekiHelper(v)));
        self.two("same_dragon", |c, a, b| c.dragon(D::SameDragon(a, b)));
        self.two("same_string", |c, a, b| c.dragon(D::SameWorm(a, b)));
        self.two("same_worm", |c, a, b| c.dragon(D::SameWorm(a, b)));
        for (name, side) in [("x_alive_somewhere", Side::X), ("o_alive_somewhere", Side::O)] {
            self.register_sequence(name, 0, move |ctx, args| {
                for k in 0..args.len() {
                    let v = point(name, args, k)?;
                    if ctx.color(v) == side.cell() && ctx.dragon(D::Status(v)) == codes::ALIVE {
                        return Ok(1.0);
                    }
                }
                Ok(0.0)
            });
        }
    }

    fn register_territory(&mut self) {
        let table: [(&'static str, Territory, Side); 6] = [
            ("xarea", Territory::Area, Side::X),
            ("oarea", Territory::Area, Side::O),
            ("xmoyo", Territory::Moyo, Side::X),
            ("omoyo", Territory::Moyo, Side::O),
            ("xterri", Territory::Terri, Side::X),
            ("oterri", Territory::Terri, Side::O),
        ];
        for (name, kind, side) in table {
            self.register(name, Arity::Exactly(1), move |ctx, args| {
                Ok(flag(ctx.territory(kind, side, point(name, args, 0)?)))
            });
        }
        self.one("xmoyo_opposite", |c, v| flag(c.territory(Territory::MoyoOpposite, Side::X, v)));
        self.one("omoyo_opposite", |c, v| flag(c.territory(Territory::MoyoOpposite, Side::O, v)));
    }

    fn register_eyes(&mut self) {
        use EyeQuery as E;
        self.one("eye", |c, v| c.eye(E::Eye(v)));
        self.one("proper_eye", |c, v| c.eye(E::ProperEye(v)));
        self.one("marginal_eye", |c, v| c.eye(E::MarginalEye(v)));
        self.one("halfeye", |c, v| c.eye(E::HalfEye(v)));
        self.one("max_eye_value", |c, v| c.eye(E::MaxEyeValue(v)));
        self.one("false_eye", |c, v| c.eye(E::FalseEye(v)));
        self.one("obvious_false_oeye", |c, at| c.eye(E::ObviousFalseEye { side: Side::O, at }));
        self.one("obvious_false_xeye", |c, at| c.eye(E::ObviousFalseEye { side: Side::X, at }));
    }

    fn register_owl(&mut self) {
        let owl: [(&str, usize); 13] = [
            ("owl_escape_value", 1),
            ("owl_goal_dragon", 1),
            ("owl_eyespace", 1),
            ("owl_big_eyespace", 1),
            ("owl_mineye", 1),
            ("owl_maxeye", 1),
            ("owl_proper_eye", 1),
            ("owl_eye_size", 1),
            ("owl_lunch", 1),
            ("owl_strong_dragon", 1),
            ("owl_topological_eye", 2),
            ("owl_threatens", 2),
            ("oracle_threatens", 2),
        ];
        for (name, n) in owl {
            self.register(name, Arity::Exactly(n), move |ctx, args| {
                for k in 0..n {
                    point(name, args, k)?;
                }
                Ok(ctx.owl(name, args))
            });
        }
    }

    fn register_actions(&mut self) {
        let actions: [(&str, usize); 27] = [
            ("antisuji", 1),
            ("replace", 2),
            ("backfill_replace", 2),
            ("prevent_attack_threat", 1),
            ("threaten_to_save", 1),
            ("threaten_to_capture", 1),
            ("defend_against_atari", 1),
            ("add_connect_move", 2),
            ("add_cut_move", 2),
            ("add_attack_either_move", 2),
            ("add_defend_both_move", 2),
            ("test_attack_either_move", 2),
            ("amalgamate", 2),
            ("amalgamate_most_valuable_helper", 3),
            ("make_proper_eye", 1),
            ("remove_halfeye", 1),
            ("remove_eyepoint", 1),
            ("remove_attack", 1),
            ("not_lunch", 2),
            ("non_oterritory", 1),
            ("non_xterritory", 1),
            ("false_eye_territory", 1),
            ("known_safe_move", 1),
            ("finish_ko_helper", 1),
            ("squeeze_ko_helper", 1),
            ("backfill_helper", 3),
            ("surround_map", 2),
        ];
        for (name, n) in actions {
            self.register(name, Arity::Exactly(n), move |ctx, args| {
                for k in 0..n {
                    point(name, args, k)?;
                }
                Ok(ctx.action(name, args))
            });
        }
    }

    fn register_special(&mut self) {
        let special: [(&str, Arity); 24] = [
            ("doing_scoring", Arity::Exactly(0)),
            ("disconnect_helper", Arity::Exactly(2)),
            ("distrust_tactics_helper", Arity::Exactly(1)),
            ("bent_four_helper", Arity::Exactly(1)),
            ("break_mirror_helper", Arity::Exactly(1)),
            ("connect_and_cut_helper", Arity::Exactly(3)),
            ("connect_and_cut_helper2", Arity::Exactly(3)),
            ("o_visible_along_edge", Arity::Exactly(2)),
            ("x_visible_along_edge", Arity::Exactly(2)),
            ("o_captures_something", Arity::Exactly(1)),
            ("x_captures_something", Arity::Exactly(1)),
            ("adjacent_to_stone_in_atari", Arity::Exactly(1)),
            ("adjacent_to_defendable_stone_in_atari", Arity::Exactly(1)),
            ("good_attack_threat", Arity::Exactly(2)),
            ("has_aji", Arity::Exactly(1)),
            ("is_surrounded", Arity::Exactly(1)),
            ("does_surround", Arity::Exactly(2)),
            ("antisuji_helper", Arity::Exactly(1)),
            ("cutstone", Arity::Exactly(1)),
            ("weak_helper", Arity::Exactly(1)),
            ("remaining_handicap_stones", Arity::Exactly(0)),
            ("total_handicap_stones", Arity::Exactly(0)),
            ("value", Arity::Exactly(0)),
            ("edge_double_sente", Arity::AtLeast(4)),
        ];
        for (name, arity) in special {
            let f = move |ctx: &mut dyn PatternContext, args: &[Value]| Ok(ctx.special(name, args));
            match arity {
                Arity::AtLeast(k) => self.register_sequence(name, k, f),
                Arity::Exactly(_) => self.register(name, arity, f),
            }
        }
    }
}

/// Where a label sits: an offset from the anchor in the untransformed pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LabelRef {
    pub label: char,
    pub offset: (i32, i32),
}

/// A compiled expression: names resolved, labels turned into offsets.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Num(f64),
    Label(LabelRef),
    Tenuki,
    Call {
        helper: u32,
        args: Box<[Node]>,
    },
    Unary {
        op: UnaryOp,
        expr: Box<Node>,
    },
    /// A run of operators of one precedence level, applied left to right (as
    /// [`Expr::Binary`]): flat, so that a long run costs no recursion depth.
    Binary {
        first: Box<Node>,
        rest: Box<[(BinOp, Node)]>,
    },
    Ternary {
        cond: Box<Node>,
        then: Box<Node>,
        otherwise: Box<Node>,
    },
}

/// A compiled action statement.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtNode {
    Expr(Node),
    Return(Option<Node>),
    If { cond: Node, then: Box<StmtNode>, otherwise: Option<Box<StmtNode>> },
    Block(Vec<StmtNode>),
    Empty,
}

/// A compile error without its file location (column 1-based in the joined source is not
/// tracked by the AST; callers attach the pattern's line).
type Compiled<T> = Result<T, CompileErrorKind>;

/// Compiles expressions against a registry and a label table.
pub struct Compiler<'a> {
    registry: &'a Registry,
    labels: &'a BTreeMap<char, (i32, i32)>,
}

impl<'a> Compiler<'a> {
    pub fn new(registry: &'a Registry, labels: &'a BTreeMap<char, (i32, i32)>) -> Compiler<'a> {
        Compiler { registry, labels }
    }

    pub fn expr(&self, e: &Expr) -> Compiled<Node> {
        self.node(e, false)
    }

    fn node(&self, e: &Expr, in_sequence: bool) -> Compiled<Node> {
        Ok(match e {
            Expr::Int(n) => Node::Num(*n as f64),
            Expr::Float(x) => Node::Num(*x),
            Expr::Label(c) => match self.labels.get(c) {
                Some(&offset) => Node::Label(LabelRef { label: *c, offset }),
                None => return Err(CompileErrorKind::UnknownLabel(*c)),
            },
            Expr::Tenuki if in_sequence => Node::Tenuki,
            Expr::Tenuki => return Err(CompileErrorKind::MisplacedTenuki),
            Expr::Ident(name) => match CONSTANTS.iter().find(|(n, _)| n == name) {
                Some((_, v)) => Node::Num(*v),
                // Engine variables (`doing_scoring`) are helpers without arguments.
                None => match self.registry.by_name.get(name) {
                    Some(&id) if self.registry.helpers[id].arity == Arity::Exactly(0) => {
                        Node::Call { helper: id as u32, args: Box::new([]) }
                    }
                    _ => return Err(CompileErrorKind::UnknownName(excerpt(name))),
                },
            },
            Expr::Call { name, args } => {
                let Some(&id) = self.registry.by_name.get(name) else {
                    return Err(CompileErrorKind::UnknownHelper(excerpt(name)));
                };
                let h = &self.registry.helpers[id];
                if !h.arity.accepts(args.len()) || args.len() > MAX_ARGS {
                    let expected = match h.arity {
                        Arity::Exactly(k) => format!("{k}"),
                        Arity::AtLeast(k) => format!("at least {k} (at most {MAX_ARGS})"),
                    };
                    return Err(CompileErrorKind::Arity { name: excerpt(name), expected, found: args.len() });
                }
                let moves = match h.arity {
                    Arity::AtLeast(k) if h.sequence => args.len() - k,
                    _ => 0,
                };
                let args =
                    args.iter().enumerate().map(|(k, a)| self.node(a, k < moves)).collect::<Compiled<Vec<Node>>>()?;
                Node::Call { helper: id as u32, args: args.into_boxed_slice() }
            }
            Expr::Unary { op, expr } => Node::Unary { op: *op, expr: Box::new(self.node(expr, false)?) },
            Expr::Binary { first, rest } => Node::Binary {
                first: Box::new(self.node(first, false)?),
                rest: rest.iter().map(|(op, e)| Ok((*op, self.node(e, false)?))).collect::<Compiled<_>>()?,
            },
            Expr::Ternary { cond, then, otherwise } => Node::Ternary {
                cond: Box::new(self.node(cond, false)?),
                then: Box::new(self.node(then, false)?),
                otherwise: Box::new(self.node(otherwise, false)?),
            },
        })
    }

    pub fn stmt(&self, s: &Stmt) -> Compiled<StmtNode> {
        Ok(match s {
            Stmt::Expr(e) => StmtNode::Expr(self.expr(e)?),
            Stmt::Return(e) => StmtNode::Return(e.as_ref().map(|e| self.expr(e)).transpose()?),
            Stmt::If { cond, then, otherwise } => StmtNode::If {
                cond: self.expr(cond)?,
                then: Box::new(self.stmt(then)?),
                otherwise: otherwise.as_ref().map(|o| self.stmt(o).map(Box::new)).transpose()?,
            },
            Stmt::Block(b) => StmtNode::Block(b.iter().map(|s| self.stmt(s)).collect::<Compiled<_>>()?),
            Stmt::Empty => StmtNode::Empty,
        })
    }
}

/// Where a match put the pattern: labels map to `anchor + transform(offset)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Binding {
    pub anchor: Vertex,
    pub transform: Transform,
}

impl Binding {
    pub fn of(m: &Match) -> Binding {
        Binding { anchor: m.anchor, transform: m.transform }
    }

    /// The board point of a label, if on a board of `size`.
    pub fn locate(&self, offset: (i32, i32), size: usize) -> Option<Vertex> {
        let (dr, dc) = self.transform.apply(offset.0, offset.1);
        let (r, c) = (self.anchor.row as i32 + dr, self.anchor.col as i32 + dc);
        let n = size as i32;
        (r >= 0 && c >= 0 && r < n && c < n).then(|| Vertex::new(r as usize, c as usize))
    }
}

/// An evaluator: a registry, a context and a binding.
pub struct Evaluator<'r, 'c> {
    pub registry: &'r Registry,
    pub ctx: &'c mut dyn PatternContext,
    pub binding: Binding,
}

fn int(x: f64) -> i64 {
    x as i64
}

/// A value as a number (a point or a tenuki counts as 1, as a non-null C pointer would).
fn number(v: Value) -> f64 {
    match v {
        Value::Num(x) => x,
        _ => 1.0,
    }
}

/// A binary operator other than `&&` and `||`, with C's integer semantics where both
/// operands are integral.
fn arithmetic(op: BinOp, a: f64, b: f64) -> Result<f64, EvalError> {
    let integral = a.fract() == 0.0 && b.fract() == 0.0;
    Ok(match op {
        BinOp::Eq => flag(a == b),
        BinOp::Ne => flag(a != b),
        BinOp::Lt => flag(a < b),
        BinOp::Le => flag(a <= b),
        BinOp::Gt => flag(a > b),
        BinOp::Ge => flag(a >= b),
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => a * b,
        BinOp::Div if b == 0.0 => return Err(EvalError::DivisionByZero),
        // C: integer division truncates.
        BinOp::Div if integral && int(b) != 0 => int(a).wrapping_div(int(b)) as f64,
        BinOp::Div => a / b,
        BinOp::Rem if int(b) == 0 => return Err(EvalError::DivisionByZero),
        BinOp::Rem => int(a).wrapping_rem(int(b)) as f64,
        BinOp::BitAnd => (int(a) & int(b)) as f64,
        BinOp::BitOr => (int(a) | int(b)) as f64,
        BinOp::BitXor => (int(a) ^ int(b)) as f64,
        BinOp::Shl => int(a).wrapping_shl(int(b) as u32) as f64,
        BinOp::Shr => int(a).wrapping_shr(int(b) as u32) as f64,
        // Short-circuit operators never get here (see `Evaluator::eval`); as plain
        // operators they give the same value.
        BinOp::And => flag(a != 0.0 && b != 0.0),
        BinOp::Or => flag(a != 0.0 || b != 0.0),
    })
}

impl Evaluator<'_, '_> {
    pub fn eval(&mut self, n: &Node) -> Result<Value, EvalError> {
        Ok(match n {
            Node::Num(x) => Value::Num(*x),
            Node::Tenuki => Value::Tenuki,
            Node::Label(l) => match self.binding.locate(l.offset, self.ctx.size()) {
                Some(v) => Value::Point(v),
                None => return Err(EvalError::OffBoard { label: l.label }),
            },
            Node::Call { helper, args } => {
                let mut buf = [Value::Num(0.0); MAX_ARGS];
                for (slot, a) in buf.iter_mut().zip(args.iter()) {
                    *slot = self.eval(a)?;
                }
                let h = &self.registry.helpers[*helper as usize];
                Value::Num((h.f)(&mut *self.ctx, &buf[..args.len()])?)
            }
            Node::Unary { op, expr } => {
                let v = self.number(expr)?;
                Value::Num(match op {
                    UnaryOp::Not => flag(v == 0.0),
                    UnaryOp::Neg => -v,
                    UnaryOp::Plus => v,
                    UnaryOp::BitNot => !int(v) as f64,
                })
            }
            Node::Binary { first, rest } => {
                let mut acc = self.eval(first)?;
                for (op, rhs) in rest.iter() {
                    acc = Value::Num(match op {
                        // C's short circuit: the right operand is not evaluated.
                        BinOp::And => flag(acc.truthy() && self.eval(rhs)?.truthy()),
                        BinOp::Or => flag(acc.truthy() || self.eval(rhs)?.truthy()),
                        _ => {
                            let a = number(acc);
                            arithmetic(*op, a, self.number(rhs)?)?
                        }
                    });
                }
                acc
            }
            Node::Ternary { cond, then, otherwise } => {
                if self.eval(cond)?.truthy() {
                    self.eval(then)?
                } else {
                    self.eval(otherwise)?
                }
            }
        })
    }

    fn number(&mut self, n: &Node) -> Result<f64, EvalError> {
        self.eval(n).map(number)
    }

    /// Runs statements; `Some(value)` when a `return` ran.
    pub fn run(&mut self, stmts: &[StmtNode]) -> Result<Option<Value>, EvalError> {
        for s in stmts {
            if let Some(v) = self.run_one(s)? {
                return Ok(Some(v));
            }
        }
        Ok(None)
    }

    fn run_one(&mut self, s: &StmtNode) -> Result<Option<Value>, EvalError> {
        match s {
            StmtNode::Expr(e) => {
                self.eval(e)?;
                Ok(None)
            }
            StmtNode::Return(e) => Ok(Some(match e {
                Some(e) => self.eval(e)?,
                None => Value::Num(0.0),
            })),
            StmtNode::If { cond, then, otherwise } => {
                if self.eval(cond)?.truthy() {
                    self.run_one(then)
                } else if let Some(o) = otherwise {
                    self.run_one(o)
                } else {
                    Ok(None)
                }
            }
            StmtNode::Block(b) => self.run(b),
            StmtNode::Empty => Ok(None),
        }
    }
}

/// A pattern's compiled constraint and action.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Program {
    pub constraint: Option<Node>,
    pub action: Option<Vec<StmtNode>>,
}

impl Program {
    /// Compiles a pattern's constraint and action against its labels.
    pub fn compile(
        registry: &Registry,
        file: &str,
        pattern: &crate::ast::Pattern,
        labels: &BTreeMap<char, (i32, i32)>,
    ) -> Result<Program, CompileError> {
        let c = Compiler::new(registry, labels);
        let located = |line: usize, kind| CompileError {
            file: file.to_string(),
            line,
            column: 1,
            pattern: excerpt(&pattern.name),
            kind,
        };
        let constraint = match &pattern.constraint {
            Some(k) => Some(c.expr(&k.expr).map_err(|e| located(k.line, e))?),
            None => None,
        };
        let action = match &pattern.action {
            Some(a) => {
                Some(a.stmts.iter().map(|s| c.stmt(s)).collect::<Compiled<Vec<_>>>().map_err(|e| located(a.line, e))?)
            }
            None => None,
        };
        Ok(Program { constraint, action })
    }

    /// Whether the constraint holds for a match (true without a constraint).
    pub fn holds(&self, registry: &Registry, ctx: &mut dyn PatternContext, m: &Match) -> Result<bool, EvalError> {
        match &self.constraint {
            None => Ok(true),
            Some(n) => Evaluator { registry, ctx, binding: Binding::of(m) }.eval(n).map(Value::truthy),
        }
    }

    /// Runs the action for a match; the value of its `return`, if any.
    pub fn act(
        &self,
        registry: &Registry,
        ctx: &mut dyn PatternContext,
        m: &Match,
    ) -> Result<Option<Value>, EvalError> {
        match &self.action {
            None => Ok(None),
            Some(s) => Evaluator { registry, ctx, binding: Binding::of(m) }.run(s),
        }
    }
}

/// Compiles an expression on its own (tests, tools): labels as given.
pub fn compile_expr(
    registry: &Registry,
    expr: &Expr,
    labels: &BTreeMap<char, (i32, i32)>,
) -> Result<Node, CompileErrorKind> {
    Compiler::new(registry, labels).expr(expr)
}
