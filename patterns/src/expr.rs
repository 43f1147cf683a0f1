//! Autohelper constraint (`;`) and action (`>`) expressions: their typed AST and the
//! conversion from the pest parse tree (C's operator precedence, by precedence climbing over
//! an explicit stack: runs of one precedence level become one flat node, so neither building
//! nor any walk recurses once per operator; see [`crate::limits`] for what is refused).
//! This module owns expressions only; where their text comes from is `parse`'s business.

use crate::error::pest_expected;
use crate::grammar::{DbParser, Rule};
use crate::limits::{MAX_EXPR_BYTES, MAX_EXPR_DEPTH, MAX_NESTING};
use pest::iterators::Pair;
use pest::Parser;
use std::collections::BTreeSet;

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
    /// `first op₁ e₁ op₂ e₂ …`: binary operators of one precedence level applied left to
    /// right (`a - b + c` is `(a - b) + c`; `rest` is never empty). A run is one flat node
    /// so that a constraint of thousands of `&&` terms costs no recursion depth to build,
    /// walk, compile, evaluate or drop.
    Binary {
        first: Box<Expr>,
        rest: Vec<(BinOp, Expr)>,
    },
    Ternary {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
    },
}

impl BinOp {
    /// C's precedence, 0 (`||`, the loosest) to 9 (`*`, `/`, `%`).
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Or => 0,
            BinOp::And => 1,
            BinOp::BitOr => 2,
            BinOp::BitXor => 3,
            BinOp::BitAnd => 4,
            BinOp::Eq | BinOp::Ne => 5,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 6,
            BinOp::Shl | BinOp::Shr => 7,
            BinOp::Add | BinOp::Sub => 8,
            BinOp::Mul | BinOp::Div | BinOp::Rem => 9,
        }
    }
}

impl Expr {
    /// The direct sub-expressions, in source order.
    pub fn children(&self) -> Vec<&Expr> {
        match self {
            Expr::Call { args, .. } => args.iter().collect(),
            Expr::Unary { expr, .. } => vec![expr],
            Expr::Binary { first, rest } => std::iter::once(&**first).chain(rest.iter().map(|(_, e)| e)).collect(),
            Expr::Ternary { cond, then, otherwise } => vec![cond, then, otherwise],
            Expr::Int(_) | Expr::Float(_) | Expr::Label(_) | Expr::Tenuki | Expr::Ident(_) => Vec::new(),
        }
    }

    /// Calls `f` on this expression and every sub-expression, parents first (an explicit
    /// stack: no recursion).
    pub fn visit(&self, f: &mut dyn FnMut(&Expr)) {
        let mut stack = vec![self];
        while let Some(e) = stack.pop() {
            f(e);
            let mut children = e.children();
            children.reverse();
            stack.extend(children);
        }
    }

    /// Adds the names of all functions called in this expression to `out`.
    pub fn collect_calls(&self, out: &mut BTreeSet<String>) {
        self.visit(&mut |e| {
            if let Expr::Call { name, .. } = e {
                out.insert(name.clone());
            }
        });
    }

    /// Adds every label referred to (including `*`) to `out`.
    pub fn collect_labels(&self, out: &mut BTreeSet<char>) {
        self.visit(&mut |e| {
            if let Expr::Label(c) = e {
                out.insert(*c);
            }
        });
    }

    /// The height of the tree (a leaf is 1), computed without recursion.
    pub fn depth(&self) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(self, 1)];
        while let Some((e, d)) = stack.pop() {
            deepest = deepest.max(d);
            stack.extend(e.children().into_iter().map(|c| (c, d + 1)));
        }
        deepest
    }
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

fn too_long(src: &str) -> Result<(), ExprError> {
    if src.len() <= MAX_EXPR_BYTES {
        return Ok(());
    }
    // Located where the limit is crossed, as a file position would be.
    let (mut line, mut column) = (1, 1);
    for (i, ch) in src.char_indices() {
        if i >= MAX_EXPR_BYTES {
            break;
        }
        if ch == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    Err(ExprError { line, column, expected: format!("an expression of at most {MAX_EXPR_BYTES} bytes") })
}

/// Deeper nesting is refused before parsing: the recursive descent (and the tree builder,
/// which recurses once per parenthesis and `?:`) would otherwise be able to exhaust the
/// stack on hostile input.
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

fn error_at(pair: &Pair<'_, Rule>, expected: String) -> ExprError {
    let (line, column) = pair.line_col();
    ExprError { line, column, expected }
}

/// Parses a (joined) constraint: one expression, optionally followed by `;`. Refused:
/// more than [`MAX_EXPR_BYTES`], [`MAX_NESTING`] or [`MAX_EXPR_DEPTH`], integers beyond
/// `i64`, numbers beyond `f64`.
pub fn parse_constraint(src: &str) -> Result<Expr, ExprError> {
    too_long(src)?;
    check_nesting(src)?;
    let mut pairs = DbParser::parse(Rule::constraint_expr, src).map_err(|e| to_expr_error(&e))?;
    let top = pairs.next().and_then(|p| p.into_inner().find(|p| p.as_rule() == Rule::expr));
    match top {
        Some(e) => Ok(build_expr(e)?.0),
        None => Err(ExprError { line: 1, column: 1, expected: "an expression".into() }),
    }
}

/// Parses (joined) action lines: a sequence of C-like statements, with the limits of
/// [`parse_constraint`].
pub fn parse_action(src: &str) -> Result<Vec<Stmt>, ExprError> {
    too_long(src)?;
    check_nesting(src)?;
    let mut pairs = DbParser::parse(Rule::action_stmts, src).map_err(|e| to_expr_error(&e))?;
    let Some(top) = pairs.next() else { return Ok(Vec::new()) };
    top.into_inner().filter(|p| p.as_rule() == Rule::stmt).map(build_stmt).collect()
}

fn build_stmt(pair: Pair<'_, Rule>) -> Result<Stmt, ExprError> {
    // `stmt` wraps exactly one alternative.
    let Some(inner) = pair.into_inner().next() else { return Ok(Stmt::Empty) };
    Ok(match inner.as_rule() {
        Rule::block => Stmt::Block(
            inner.into_inner().filter(|p| p.as_rule() == Rule::stmt).map(build_stmt).collect::<Result<_, _>>()?,
        ),
        Rule::if_stmt => {
            let mut cond = None;
            let mut stmts = Vec::new();
            for p in inner.into_inner() {
                match p.as_rule() {
                    Rule::expr => cond = Some(build_expr(p)?.0),
                    Rule::stmt => stmts.push(build_stmt(p)?),
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
        Rule::return_stmt => Stmt::Return(match inner.into_inner().find(|p| p.as_rule() == Rule::expr) {
            Some(e) => Some(build_expr(e)?.0),
            None => None,
        }),
        Rule::expr_stmt => match inner.into_inner().find(|p| p.as_rule() == Rule::expr) {
            Some(e) => Stmt::Expr(build_expr(e)?.0),
            None => Stmt::Empty,
        },
        _ => Stmt::Empty,
    })
}

/// An expression and the height of its tree.
type Built = (Expr, usize);

/// One level more than `height`, unless that passes [`MAX_EXPR_DEPTH`] (reported at `at`).
fn deeper(height: usize, at: &Pair<'_, Rule>) -> Result<usize, ExprError> {
    if height >= MAX_EXPR_DEPTH {
        return Err(error_at(at, format!("an expression at most {MAX_EXPR_DEPTH} levels deep")));
    }
    Ok(height + 1)
}

fn build_expr(pair: Pair<'_, Rule>) -> Result<Built, ExprError> {
    // expr = binary (ternary expr ":" expr)?
    let at = pair.clone();
    let mut parts = pair.into_inner().filter(|p| matches!(p.as_rule(), Rule::binary | Rule::expr));
    let cond = match parts.next() {
        Some(p) => build_binary_or_expr(p)?,
        None => return Err(error_at(&at, "an expression".into())),
    };
    match (parts.next(), parts.next()) {
        (Some(t), Some(o)) => {
            let (then, otherwise) = (build_binary_or_expr(t)?, build_binary_or_expr(o)?);
            let height = deeper(cond.1.max(then.1).max(otherwise.1), &at)?;
            let e = Expr::Ternary { cond: Box::new(cond.0), then: Box::new(then.0), otherwise: Box::new(otherwise.0) };
            Ok((e, height))
        }
        _ => Ok(cond),
    }
}

fn build_binary_or_expr(pair: Pair<'_, Rule>) -> Result<Built, ExprError> {
    match pair.as_rule() {
        Rule::binary => build_binary(pair),
        _ => build_expr(pair),
    }
}

fn unary_op(rule: Rule) -> Option<UnaryOp> {
    Some(match rule {
        Rule::not => UnaryOp::Not,
        Rule::neg => UnaryOp::Neg,
        Rule::pos => UnaryOp::Plus,
        Rule::bit_not => UnaryOp::BitNot,
        _ => return None,
    })
}

fn binary_op(rule: Rule) -> Option<BinOp> {
    Some(match rule {
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
        Rule::rem => BinOp::Rem,
        _ => return None,
    })
}

/// A run of operators of one precedence level still open while its right end is read.
struct Run<'i> {
    precedence: u8,
    first: Expr,
    rest: Vec<(BinOp, Expr)>,
    /// The operator waiting for its right operand.
    pending: BinOp,
    /// The tallest operand so far.
    height: usize,
    /// The run's first operator, where a depth error is reported.
    at: Pair<'i, Rule>,
}

impl Run<'_> {
    fn close(mut self, last: Built) -> Result<Built, ExprError> {
        let height = deeper(self.height.max(last.1), &self.at)?;
        self.rest.push((self.pending, last.0));
        Ok((Expr::Binary { first: Box::new(self.first), rest: self.rest }, height))
    }
}

/// `prefix* primary (infix prefix* primary)*` into a tree, by precedence climbing with an
/// explicit stack of open runs (strictly increasing precedence from bottom to top): no
/// recursion per operator, and one flat node per run of one precedence level.
fn build_binary(pair: Pair<'_, Rule>) -> Result<Built, ExprError> {
    let whole = pair.clone();
    let mut runs: Vec<Run<'_>> = Vec::new();
    let mut prefixes: Vec<(UnaryOp, Pair<'_, Rule>)> = Vec::new();
    let mut operand: Option<Built> = None;
    for p in pair.into_inner() {
        if let Some(op) = unary_op(p.as_rule()) {
            prefixes.push((op, p));
        } else if let Some(op) = binary_op(p.as_rule()) {
            let Some(mut current) = operand.take() else { return Err(error_at(&p, "an operand".into())) };
            let precedence = op.precedence();
            loop {
                match runs.last_mut() {
                    Some(top) if top.precedence > precedence => {
                        let Some(top) = runs.pop() else { break };
                        current = top.close(current)?;
                    }
                    Some(top) if top.precedence == precedence => {
                        top.height = top.height.max(current.1);
                        top.rest.push((top.pending, current.0));
                        top.pending = op;
                        break;
                    }
                    _ => {
                        let (first, height) = current;
                        runs.push(Run { precedence, first, rest: Vec::new(), pending: op, height, at: p });
                        break;
                    }
                }
            }
        } else {
            let (mut e, mut height) = build_primary(p)?;
            // Prefixes bind tighter than any binary operator; the innermost is the last.
            while let Some((op, at)) = prefixes.pop() {
                height = deeper(height, &at)?;
                e = Expr::Unary { op, expr: Box::new(e) };
            }
            operand = Some((e, height));
        }
    }
    let Some(mut current) = operand else { return Err(error_at(&whole, "an expression".into())) };
    while let Some(top) = runs.pop() {
        current = top.close(current)?;
    }
    Ok(current)
}

fn ident_expr(name: &str) -> Expr {
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Expr::Label(c),
        _ => Expr::Ident(name.to_string()),
    }
}

fn build_primary(pair: Pair<'_, Rule>) -> Result<Built, ExprError> {
    let e = match pair.as_rule() {
        // Digits only, so the sole failure is overflow.
        Rule::int => match pair.as_str().parse() {
            Ok(n) => Expr::Int(n),
            Err(_) => return Err(error_at(&pair, format!("an integer at most {}", i64::MAX))),
        },
        Rule::float => match pair.as_str().parse::<f64>() {
            Ok(x) if x.is_finite() => Expr::Float(x),
            _ => return Err(error_at(&pair, "a finite number".into())),
        },
        Rule::ident => ident_expr(pair.as_str()),
        Rule::move_label => Expr::Label('*'),
        Rule::tenuki => Expr::Tenuki,
        Rule::paren | Rule::expr => {
            let inner = if pair.as_rule() == Rule::expr {
                Some(pair)
            } else {
                pair.into_inner().find(|p| p.as_rule() == Rule::expr)
            };
            return match inner {
                Some(e) => build_expr(e),
                None => Ok((Expr::Int(0), 1)),
            };
        }
        Rule::call => {
            let at = pair.clone();
            let mut inner = pair.into_inner();
            let name = inner.next().map(|p| p.as_str().to_string()).unwrap_or_default();
            let mut args = Vec::new();
            let mut height = 0;
            for p in inner.filter(|p| !matches!(p.as_rule(), Rule::open | Rule::comma | Rule::close)) {
                let (a, h) = build_primary(p)?;
                height = height.max(h);
                args.push(a);
            }
            return Ok((Expr::Call { name, args }, deeper(height, &at)?));
        }
        _ => Expr::Ident(pair.as_str().to_string()),
    };
    Ok((e, 1))
}
