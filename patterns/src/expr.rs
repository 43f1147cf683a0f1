//! Autohelper constraint (`;`) and action (`>`) expressions: their typed AST and the
//! conversion from the pest parse tree (operator precedence by pest's Pratt parser, C rules).
//! This module owns expressions only; where their text comes from is `parse`'s business.

use crate::error::pest_expected;
use crate::grammar::{DbParser, Rule};
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// Prefix operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Not,
    Neg,
    Plus,
    BitNot,
}

/// Binary operators, C semantics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    BitOr,
    BitXor,
    BitAnd,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Shl,
    Shr,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// A C-like integer/boolean expression over pattern labels.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Int(i64),
    Float(f64),
    /// A point of the constraint diagram: a one-letter name, or `*` for the move.
    Label(char),
    /// `?` as an argument: a tenuki in a move sequence.
    Tenuki,
    /// Any other name, e.g. a constant such as `WIN`.
    Ident(String),
    Call {
        name: String,
        args: Vec<Expr>,
    },
    Unary {
        op: UnaryOp,
        expr: Box<Expr>,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Ternary {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
    },
}

/// A statement of an action line.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    Expr(Expr),
    Return(Option<Expr>),
    If { cond: Expr, then: Box<Stmt>, otherwise: Option<Box<Stmt>> },
    Block(Vec<Stmt>),
    Empty,
}

impl Expr {
    /// Adds the names of all functions called in this expression to `out`.
    pub fn collect_calls(&self, out: &mut BTreeSet<String>) {
        match self {
            Expr::Call { name, args } => {
                out.insert(name.clone());
                args.iter().for_each(|a| a.collect_calls(out));
            }
            Expr::Unary { expr, .. } => expr.collect_calls(out),
            Expr::Binary { lhs, rhs, .. } => {
                lhs.collect_calls(out);
                rhs.collect_calls(out);
            }
            Expr::Ternary { cond, then, otherwise } => {
                cond.collect_calls(out);
                then.collect_calls(out);
                otherwise.collect_calls(out);
            }
            Expr::Int(_) | Expr::Float(_) | Expr::Label(_) | Expr::Tenuki | Expr::Ident(_) => {}
        }
    }

    /// Adds every label referred to (including `*`) to `out`.
    pub fn collect_labels(&self, out: &mut BTreeSet<char>) {
        match self {
            Expr::Label(c) => {
                out.insert(*c);
            }
            Expr::Call { args, .. } => args.iter().for_each(|a| a.collect_labels(out)),
            Expr::Unary { expr, .. } => expr.collect_labels(out),
            Expr::Binary { lhs, rhs, .. } => {
                lhs.collect_labels(out);
                rhs.collect_labels(out);
            }
            Expr::Ternary { cond, then, otherwise } => {
                cond.collect_labels(out);
                then.collect_labels(out);
                otherwise.collect_labels(out);
            }
            Expr::Int(_) | Expr::Float(_) | Expr::Tenuki | Expr::Ident(_) => {}
        }
    }
}

impl Stmt {
    /// The expressions directly held by this statement and its sub-statements.
    pub fn for_each_expr(&self, f: &mut dyn FnMut(&Expr)) {
        match self {
            Stmt::Expr(e) | Stmt::Return(Some(e)) => f(e),
            Stmt::If { cond, then, otherwise } => {
                f(cond);
                then.for_each_expr(f);
                if let Some(o) = otherwise {
                    o.for_each_expr(f);
                }
            }
            Stmt::Block(b) => b.iter().for_each(|s| s.for_each_expr(f)),
            Stmt::Return(None) | Stmt::Empty => {}
        }
    }
}

/// An expression syntax error: 1-based line and column inside the parsed text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    pub line: usize,
    pub column: usize,
    pub expected: String,
}

/// Deeper nesting is refused before parsing: the recursive descent would otherwise be able
/// to exhaust the stack on hostile input.
const MAX_NESTING: usize = 64;

fn check_nesting(src: &str) -> Result<(), ExprError> {
    let too_deep = |line, column| ExprError { line, column, expected: format!("at most {MAX_NESTING} nested levels") };
    let mut depth = 0usize;
    // Prefix operators, `?:` and `if` also recurse, once per occurrence.
    let mut prefix_run = 0usize;
    let mut ternaries = 0usize;
    let mut ifs = 0usize;
    let mut previous = ' ';
    let (mut line, mut column) = (1, 0);
    for ch in src.chars() {
        column += 1;
        if matches!(ch, '!' | '-' | '+' | '~') {
            prefix_run += 1;
        } else if !ch.is_whitespace() {
            prefix_run = 0;
        }
        ternaries += usize::from(ch == '?');
        ifs += usize::from(previous == 'i' && ch == 'f');
        previous = ch;
        if prefix_run > MAX_NESTING || ternaries > MAX_NESTING || ifs > MAX_NESTING {
            return Err(too_deep(line, column));
        }
        match ch {
            '(' | '{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(too_deep(line, column));
                }
            }
            ')' | '}' => depth = depth.saturating_sub(1),
            '\n' => {
                line += 1;
                column = 0;
            }
            _ => {}
        }
    }
    Ok(())
}

fn to_expr_error(e: &pest::error::Error<Rule>) -> ExprError {
    let (line, column, expected) = pest_expected(e);
    ExprError { line, column, expected }
}

/// Parses a (joined) constraint: one expression, optionally followed by `;`.
pub fn parse_constraint(src: &str) -> Result<Expr, ExprError> {
    check_nesting(src)?;
    let mut pairs = DbParser::parse(Rule::constraint_expr, src).map_err(|e| to_expr_error(&e))?;
    let top = pairs.next().and_then(|p| p.into_inner().find(|p| p.as_rule() == Rule::expr));
    match top {
        Some(e) => Ok(build_expr(e)),
        None => Err(ExprError { line: 1, column: 1, expected: "an expression".into() }),
    }
}

/// Parses (joined) action lines: a sequence of C-like statements.
pub fn parse_action(src: &str) -> Result<Vec<Stmt>, ExprError> {
    check_nesting(src)?;
    let mut pairs = DbParser::parse(Rule::action_stmts, src).map_err(|e| to_expr_error(&e))?;
    let top = pairs.next().map(|p| p.into_inner());
    Ok(top.map(|inner| inner.filter(|p| p.as_rule() == Rule::stmt).map(build_stmt).collect()).unwrap_or_default())
}

fn build_stmt(pair: Pair<'_, Rule>) -> Stmt {
    // `stmt` wraps exactly one alternative.
    let Some(inner) = pair.into_inner().next() else { return Stmt::Empty };
    match inner.as_rule() {
        Rule::block => Stmt::Block(inner.into_inner().filter(|p| p.as_rule() == Rule::stmt).map(build_stmt).collect()),
        Rule::if_stmt => {
            let mut cond = None;
            let mut stmts = Vec::new();
            for p in inner.into_inner() {
                match p.as_rule() {
                    Rule::expr => cond = Some(build_expr(p)),
                    Rule::stmt => stmts.push(build_stmt(p)),
                    _ => {}
                }
            }
            let mut stmts = stmts.into_iter();
            Stmt::If {
                cond: cond.unwrap_or(Expr::Int(0)),
                then: Box::new(stmts.next().unwrap_or(Stmt::Empty)),
                otherwise: stmts.next().map(Box::new),
            }
        }
        Rule::return_stmt => Stmt::Return(inner.into_inner().find(|p| p.as_rule() == Rule::expr).map(build_expr)),
        Rule::expr_stmt => {
            inner.into_inner().find(|p| p.as_rule() == Rule::expr).map_or(Stmt::Empty, |e| Stmt::Expr(build_expr(e)))
        }
        _ => Stmt::Empty,
    }
}

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    PRATT.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::or, Assoc::Left))
            .op(Op::infix(Rule::and, Assoc::Left))
            .op(Op::infix(Rule::bit_or, Assoc::Left))
            .op(Op::infix(Rule::bit_xor, Assoc::Left))
            .op(Op::infix(Rule::bit_and, Assoc::Left))
            .op(Op::infix(Rule::eq, Assoc::Left) | Op::infix(Rule::ne, Assoc::Left))
            .op(Op::infix(Rule::lt, Assoc::Left)
                | Op::infix(Rule::le, Assoc::Left)
                | Op::infix(Rule::gt, Assoc::Left)
                | Op::infix(Rule::ge, Assoc::Left))
            .op(Op::infix(Rule::shl, Assoc::Left) | Op::infix(Rule::shr, Assoc::Left))
            .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
            .op(Op::infix(Rule::mul, Assoc::Left)
                | Op::infix(Rule::div, Assoc::Left)
                | Op::infix(Rule::rem, Assoc::Left))
            .op(Op::prefix(Rule::not) | Op::prefix(Rule::neg) | Op::prefix(Rule::pos) | Op::prefix(Rule::bit_not))
    })
}

fn build_expr(pair: Pair<'_, Rule>) -> Expr {
    // expr = binary (ternary expr ":" expr)?
    let mut parts = pair.into_inner().filter(|p| matches!(p.as_rule(), Rule::binary | Rule::expr));
    let cond = parts.next().map_or(Expr::Int(0), build_binary_or_expr);
    match (parts.next(), parts.next()) {
        (Some(t), Some(o)) => Expr::Ternary {
            cond: Box::new(cond),
            then: Box::new(build_binary_or_expr(t)),
            otherwise: Box::new(build_binary_or_expr(o)),
        },
        _ => cond,
    }
}

fn build_binary_or_expr(pair: Pair<'_, Rule>) -> Expr {
    match pair.as_rule() {
        Rule::binary => build_binary(pair.into_inner()),
        _ => build_expr(pair),
    }
}

fn build_binary(pairs: Pairs<'_, Rule>) -> Expr {
    pratt()
        .map_primary(build_primary)
        .map_prefix(|op, rhs| {
            let op = match op.as_rule() {
                Rule::not => UnaryOp::Not,
                Rule::neg => UnaryOp::Neg,
                Rule::pos => UnaryOp::Plus,
                _ => UnaryOp::BitNot,
            };
            Expr::Unary { op, expr: Box::new(rhs) }
        })
        .map_infix(|lhs, op, rhs| {
            let op = match op.as_rule() {
                Rule::or => BinOp::Or,
                Rule::and => BinOp::And,
                Rule::bit_or => BinOp::BitOr,
                Rule::bit_xor => BinOp::BitXor,
                Rule::bit_and => BinOp::BitAnd,
                Rule::eq => BinOp::Eq,
                Rule::ne => BinOp::Ne,
                Rule::lt => BinOp::Lt,
                Rule::le => BinOp::Le,
                Rule::gt => BinOp::Gt,
                Rule::ge => BinOp::Ge,
                Rule::shl => BinOp::Shl,
                Rule::shr => BinOp::Shr,
                Rule::add => BinOp::Add,
                Rule::sub => BinOp::Sub,
                Rule::mul => BinOp::Mul,
                Rule::div => BinOp::Div,
                _ => BinOp::Rem,
            };
            Expr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) }
        })
        .parse(pairs)
}

fn ident_expr(name: &str) -> Expr {
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Expr::Label(c),
        _ => Expr::Ident(name.to_string()),
    }
}

fn build_primary(pair: Pair<'_, Rule>) -> Expr {
    match pair.as_rule() {
        // Digits only, so the sole failure is overflow: saturate rather than reject.
        Rule::int => Expr::Int(pair.as_str().parse().unwrap_or(i64::MAX)),
        Rule::float => Expr::Float(pair.as_str().parse().unwrap_or(0.0)),
        Rule::ident => ident_expr(pair.as_str()),
        Rule::move_label => Expr::Label('*'),
        Rule::tenuki => Expr::Tenuki,
        Rule::paren => pair.into_inner().find(|p| p.as_rule() == Rule::expr).map_or(Expr::Int(0), build_expr),
        Rule::expr => build_expr(pair),
        Rule::call => {
            let mut inner = pair.into_inner();
            let name = inner.next().map(|p| p.as_str().to_string()).unwrap_or_default();
            let args = inner
                .filter(|p| !matches!(p.as_rule(), Rule::open | Rule::comma | Rule::close))
                .map(build_primary)
                .collect();
            Expr::Call { name, args }
        }
        _ => Expr::Ident(pair.as_str().to_string()),
    }
}
