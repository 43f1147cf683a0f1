//! Reading whole `.db` files into the AST, with error recovery: the file is cut into
//! chunks at `Pattern` lines (for `mc_*.db`, at each diagram that follows a `:` line),
//! each chunk is parsed with the pest grammar on its own, and a chunk that fails is
//! reported and skipped. This module owns file-level structure, the checks `mkpat` makes
//! per pattern and the file-level limits of [`crate::limits`] (file, pattern, `:` line,
//! pattern and error counts); expression syntax is `expr`'s, coordinates are `geometry`'s.

use crate::ast::*;
use crate::autohelpers::{self, Arity};
use crate::error::{pest_expected, Origin, ParseError};
use crate::expr::{parse_action, parse_constraint, ExprError};
use crate::geometry::{element_set, eye_geometry, geometry, move_required, AnchorPolicy, GeometryError};
use crate::grammar::{DbParser, Rule};
use crate::limits::{MAX_COLON_FIELDS, MAX_DB_FILE_BYTES, MAX_ERRORS, MAX_PATTERNS, MAX_PATTERN_BYTES};
use engine_core::limits::excerpt;
use engine_core::limits::{read_to_string_limited, ReadError};
use pest::iterators::Pair;
use pest::Parser;
use std::collections::BTreeSet;
use std::path::Path;

/// Reads a file from disk; the dialect follows from its name. Bytes that are not UTF-8
/// (some databases carry Latin-1 comments) are replaced, not refused. A file larger than
/// [`MAX_DB_FILE_BYTES`] is refused (an `InvalidData` error) without being read further.
pub fn parse_path(path: &Path) -> std::io::Result<DbFile> {
    let text = read_to_string_limited(path, MAX_DB_FILE_BYTES).map_err(|e| match e {
        ReadError::Io(e) => e,
        e @ ReadError::TooLarge { .. } => std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string()),
    })?;
    let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    Ok(parse_db(&name, &text))
}

/// Parses a file's text; the dialect follows from `file` (`eyes.db`, `mc_*.db`, else
/// standard).
pub fn parse_db(file: &str, text: &str) -> DbFile {
    parse_db_as(file, text, Dialect::from_file_name(file))
}

/// Parses a file's text in the given dialect.
pub fn parse_db_as(file: &str, text: &str, dialect: Dialect) -> DbFile {
    let mut reader = Reader { file: file.to_string(), db: DbFile { name: file.to_string(), ..DbFile::default() } };
    for chunk in chunks(text, dialect) {
        // Both limits keep what a file costs proportional to what is kept, not to its size.
        let full = if reader.db.pattern_count() >= MAX_PATTERNS && chunk.kind == ChunkKind::Pattern {
            Some(format!("at most {MAX_PATTERNS} patterns in a file (the rest is not read)"))
        } else if reader.db.errors.len() >= MAX_ERRORS {
            Some(format!("at most {MAX_ERRORS} errors in a file (the rest is not read)"))
        } else {
            None
        };
        if let Some(message) = full {
            reader.error(chunk.line, 1, message, None);
            break;
        }
        reader.chunk(text, chunk, dialect);
    }
    reader.db
}

#[derive(Debug, Clone, Copy)]
struct Chunk {
    start: usize,
    end: usize,
    line: usize,
    kind: ChunkKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ChunkKind {
    Preamble,
    Pattern,
}

fn is_pattern_line(line: &str) -> bool {
    line.strip_prefix("Pattern").is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r']))
}

fn significant(line: &str) -> Option<char> {
    let t = line.trim_end_matches(['\r', '\n']);
    if t.trim().is_empty() || t.starts_with('#') {
        None
    } else {
        t.chars().next()
    }
}

/// Splits the text at recovery points, keeping byte ranges and first line numbers.
fn chunks(text: &str, dialect: Dialect) -> Vec<Chunk> {
    let mut starts: Vec<(usize, usize)> = Vec::new(); // (byte, line)
    let mut pos = 0;
    let mut previous: Option<char> = None;
    for (k, line) in text.split_inclusive('\n').enumerate() {
        let boundary = match dialect {
            Dialect::Standard | Dialect::Eyes => is_pattern_line(line),
            Dialect::MonteCarlo => {
                let first = significant(line);
                let starts_diagram = first.is_some_and(|c| c != ':');
                let b = starts_diagram && previous == Some(':');
                if first.is_some() {
                    previous = first;
                }
                b
            }
        };
        if boundary {
            starts.push((pos, k + 1));
        }
        pos += line.len();
    }
    let mut out = Vec::new();
    let first_kind = if dialect == Dialect::MonteCarlo { ChunkKind::Pattern } else { ChunkKind::Preamble };
    let first_end = starts.first().map_or(text.len(), |s| s.0);
    out.push(Chunk { start: 0, end: first_end, line: 1, kind: first_kind });
    for (k, &(start, line)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(text.len(), |s| s.0);
        out.push(Chunk { start, end, line, kind: ChunkKind::Pattern });
    }
    out
}

struct Reader {
    file: String,
    db: DbFile,
}

/// 1-based (line, column) of a pair within its chunk.
fn pos(pair: &Pair<'_, Rule>) -> (usize, usize) {
    // The pair's line index: `Position::line_col` would rescan the chunk from its start at
    // every call, quadratic in the number of rows.
    pair.line_col()
}

fn inner_text(pair: Pair<'_, Rule>, rule: Rule) -> String {
    pair.into_inner().find(|p| p.as_rule() == rule).map(|p| p.as_str().to_string()).unwrap_or_default()
}

/// An error's file line, column and message.
struct Located(usize, usize, String);

impl From<GeometryError> for Located {
    fn from(e: GeometryError) -> Located {
        Located(e.line, e.column, e.message)
    }
}

/// Maps an error inside joined `;`/`>` lines back to the file.
fn locate(parts: &[(Origin, String)], e: ExprError) -> Located {
    match parts.get(e.line.saturating_sub(1)) {
        Some((o, _)) => Located(o.line, o.column + e.column.saturating_sub(1), e.expected),
        None => Located(parts.first().map_or(0, |p| p.0.line), 1, e.expected),
    }
}

fn arity_error(bad: Option<(String, usize, Arity)>, line: usize) -> Result<(), Located> {
    let Some((name, n, arity)) = bad else { return Ok(()) };
    let want = match arity {
        Arity::Exactly(k) => format!("{k}"),
        Arity::AtLeast(k) => format!("at least {k}"),
    };
    Err(Located(line, 1, format!("{want} arguments to `{}`, not {n}", excerpt(&name))))
}

/// A pattern being assembled, with the pieces still to be checked.
struct Draft {
    name: String,
    line: usize,
    comments: Vec<String>,
    diagram: Option<Diagram>,
    colon: Option<ColonLine>,
    cdiagram: Option<Diagram>,
    constraint: Vec<(Origin, String)>,
    action: Vec<(Origin, String)>,
}

impl Reader {
    fn error(&mut self, line: usize, column: usize, expected: impl Into<String>, pattern: Option<&str>) {
        self.db.errors.push(ParseError {
            file: self.file.clone(),
            line,
            column,
            expected: expected.into(),
            pattern: pattern.map(excerpt),
        });
    }

    fn chunk(&mut self, text: &str, chunk: Chunk, dialect: Dialect) {
        let src = &text[chunk.start..chunk.end];
        let off = chunk.line - 1;
        if src.len() > MAX_PATTERN_BYTES {
            // The grammar's token queue would cost many times the text: refused unparsed.
            let name = src.lines().next().filter(|l| is_pattern_line(l)).map(|l| l[7..].trim().to_string());
            let (what, name) = match chunk.kind {
                ChunkKind::Preamble => ("headers", None),
                ChunkKind::Pattern => ("a pattern", name.filter(|n| !n.is_empty())),
            };
            self.error(chunk.line, 1, format!("{what} of at most {MAX_PATTERN_BYTES} bytes"), name.as_deref());
            self.salvage_directives(src, off);
            return;
        }
        let rule = match (chunk.kind, dialect) {
            (ChunkKind::Preamble, _) => Rule::preamble_chunk,
            (ChunkKind::Pattern, Dialect::Standard) => Rule::pattern_chunk,
            (ChunkKind::Pattern, Dialect::Eyes) => Rule::eye_chunk,
            (ChunkKind::Pattern, Dialect::MonteCarlo) => Rule::mc_chunk,
        };
        let name = src.lines().next().filter(|l| is_pattern_line(l)).map(|l| l[7..].trim().to_string());
        let parsed = match DbParser::parse(rule, src) {
            Ok(mut pairs) => pairs.next(),
            Err(e) => {
                let (l, c, expected) = pest_expected(&e);
                self.error(off + l, c, expected, name.as_deref());
                self.salvage_directives(src, off);
                return;
            }
        };
        let Some(top) = parsed else { return };
        for item in top.into_inner() {
            match item.as_rule() {
                Rule::preamble => {
                    for d in item.into_inner().filter(|p| p.as_rule() == Rule::directive) {
                        self.directive(d, off);
                    }
                }
                Rule::directive => self.directive(item, off),
                Rule::pattern => self.pattern(item, off),
                Rule::eye_pattern => self.eye_pattern(item, off),
                Rule::mc_pattern => self.mc_pattern(item, off),
                _ => {}
            }
        }
    }

    /// Headers inside a chunk that failed still apply to later patterns.
    fn salvage_directives(&mut self, src: &str, off: usize) {
        for (k, line) in src.lines().enumerate() {
            let mut words = line.split_whitespace();
            let kind = match words.next() {
                Some("attribute_map") => DirectiveKind::AttributeMap,
                Some("goal_elements") => DirectiveKind::GoalElements,
                Some("callback_data") => DirectiveKind::CallbackData,
                _ => continue,
            };
            if let Some(value) = words.next() {
                let applies_from = self.db.patterns.len();
                self.db.directives.push(Directive { kind, value: value.to_string(), line: off + k + 1, applies_from });
            }
        }
    }

    fn directive(&mut self, pair: Pair<'_, Rule>, off: usize) {
        let line = off + pos(&pair).0;
        let mut kind = None;
        let mut value = String::new();
        let mut value_column = 1;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::directive_name => {
                    kind = Some(match p.as_str() {
                        "attribute_map" => DirectiveKind::AttributeMap,
                        "goal_elements" => DirectiveKind::GoalElements,
                        _ => DirectiveKind::CallbackData,
                    })
                }
                Rule::directive_value => {
                    value = p.as_str().to_string();
                    value_column = pos(&p).1;
                }
                _ => {}
            }
        }
        if let Some(kind) = kind {
            let bad = match kind {
                DirectiveKind::AttributeMap => (!ATTRIBUTE_MAPS.contains(&value.as_str()))
                    .then(|| format!("an attribute map ({}), not `{}`", ATTRIBUTE_MAPS.join(", "), excerpt(&value))),
                _ => element_set(&value).err().map(|c| format!("`none` or diagram elements, not `{c}`")),
            };
            if let Some(msg) = bad {
                self.error(line, value_column, msg, None);
                return;
            }
            // A header written after a pattern applies from the next one on.
            let applies_from = self.db.patterns.len();
            self.db.directives.push(Directive { kind, value, line, applies_from });
        }
    }

    fn pattern(&mut self, pair: Pair<'_, Rule>, off: usize) {
        let mut d = Draft {
            name: String::new(),
            line: off + pos(&pair).0,
            comments: Vec::new(),
            diagram: None,
            colon: None,
            cdiagram: None,
            constraint: Vec::new(),
            action: Vec::new(),
        };
        let mut trailing = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::pattern_header => d.name = inner_text(p, Rule::pattern_name),
                Rule::comment_line if d.diagram.is_none() => d.comments.push(inner_text(p, Rule::text)),
                Rule::diagram => d.diagram = Some(diagram(p, off)),
                Rule::cdiagram => d.cdiagram = Some(diagram(p, off)),
                Rule::colon_line => match self.colon_line(p, off, &d.name) {
                    Some(c) => d.colon = Some(c),
                    None => return,
                },
                Rule::constraint_line | Rule::action_line => {
                    let (l, c) = pos(&p);
                    let origin = Origin { line: off + l, column: c + 1 };
                    let is_constraint = p.as_rule() == Rule::constraint_line;
                    let t = inner_text(p, Rule::text);
                    if is_constraint {
                        d.constraint.push((origin, t));
                    } else {
                        d.action.push((origin, t));
                    }
                }
                Rule::directive => trailing.push(p),
                _ => {}
            }
        }
        if let Some(p) = self.finish(d) {
            self.db.patterns.push(p);
        }
        for p in trailing {
            self.directive(p, off);
        }
    }

    fn geometry_error(&mut self, e: GeometryError, name: &str) {
        self.error(e.line, e.column, e.message, Some(name));
    }

    fn finish(&mut self, d: Draft) -> Option<Pattern> {
        let name = d.name.clone();
        match self.build(d) {
            Ok(p) => Some(p),
            Err(Located(line, column, msg)) => {
                self.error(line, column, msg, Some(&name));
                None
            }
        }
    }

    /// The checks `mkpat` makes on a whole pattern, first failure only.
    fn build(&self, d: Draft) -> Result<Pattern, Located> {
        let (Some(diagram), Some(colon)) = (d.diagram, d.colon) else {
            return Err(Located(d.line, 1, "a diagram and a `:` line".into()));
        };
        let first_row = diagram.rows.first().map_or(d.line, |r| r.line);
        let policy = AnchorPolicy::for_database(&self.file);
        let geo = geometry(&diagram, d.cdiagram.as_ref(), policy)?;
        if !policy.accepts(geo.anchor_element) {
            // mkpat's "No origin": the matcher starts from a stone of the anchor colour.
            let which = match policy {
                AnchorPolicy::Own => "an `O` stone",
                AnchorPolicy::Opponent => "an `X` stone",
                AnchorPolicy::Either | AnchorPolicy::Move => "an `O` or `X` stone",
            };
            return Err(Located(first_row, 1, format!("{which} to anchor the pattern on")));
        }
        if geo.move_offset.is_none() && move_required(&self.file) {
            return Err(Located(first_row, 1, "a move `*` in the diagram".into()));
        }
        let constraint = match d.constraint.first() {
            None => None,
            Some((origin, _)) => {
                let source = join(&d.constraint);
                let expr = parse_constraint(&source).map_err(|e| locate(&d.constraint, e))?;
                let mut bad = None;
                check_arities(&expr, &mut bad);
                arity_error(bad, origin.line)?;
                Some(Constraint { line: origin.line, source, expr })
            }
        };
        let action = match d.action.first() {
            None => None,
            Some((origin, _)) => {
                let source = join(&d.action);
                let stmts = parse_action(&source).map_err(|e| locate(&d.action, e))?;
                let mut bad = None;
                for s in &stmts {
                    s.for_each_expr(&mut |e| check_arities(e, &mut bad));
                }
                arity_error(bad, origin.line)?;
                Some(Action { line: origin.line, source, stmts })
            }
        };
        let pattern = Pattern {
            name: d.name,
            line: d.line,
            comments: d.comments,
            diagram,
            colon,
            constraint_diagram: d.cdiagram,
            constraint,
            action,
        };
        let missing: Vec<String> = pattern
            .used_labels()
            .into_iter()
            .filter(|c| *c != '*' && !geo.labels.contains_key(c))
            .map(|c| format!("`{c}`"))
            .collect();
        if !missing.is_empty() {
            let line = match (&pattern.constraint, &pattern.action) {
                (Some(c), _) => c.line,
                (None, Some(a)) => a.line,
                (None, None) => pattern.colon.line,
            };
            return Err(Located(line, 1, format!("label {} in the constraint diagram", missing.join(", "))));
        }
        if let Some(map) = self.db.directive_for(DirectiveKind::AttributeMap, self.db.patterns.len()) {
            if let Some(bad) = pattern.colon.values.iter().find(|v| !attribute_allowed(map, &v.name)) {
                let msg = format!("a value allowed by `attribute_map {}`, not `{}`", excerpt(map), excerpt(&bad.name));
                return Err(Located(pattern.colon.line, 1, msg));
            }
        }
        Ok(pattern)
    }

    fn colon_line(&mut self, pair: Pair<'_, Rule>, off: usize, name: &str) -> Option<ColonLine> {
        let line = off + pos(&pair).0;
        let text = pair.as_str();
        let start = pair.as_span().start();
        // Byte offsets in `text`; a column is counted only for an error, as counting one per
        // field would be quadratic in the length of the line.
        let mut offsets = Vec::new();
        let mut symmetry = Symmetry::None;
        let mut fields = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::symmetry => symmetry = p.as_str().chars().next().and_then(Symmetry::from_char)?,
                Rule::colon_field => {
                    let offset = p.as_span().start() - start;
                    if fields.len() == MAX_COLON_FIELDS {
                        let msg = format!("at most {MAX_COLON_FIELDS} fields after the symmetry");
                        self.error(line, column_at(text, offset), msg, Some(name));
                        return None;
                    }
                    offsets.push(offset);
                    fields.push(colon_field(p));
                }
                _ => {}
            }
        }
        let finite = |x: &f64| x.is_finite();
        for (k, f) in fields.iter().enumerate() {
            let ok = match f {
                ColonField::Number(n) => finite(n),
                ColonField::Call { args, .. } => {
                    args.iter().all(|a| if let ColonArg::Number(n) = a { finite(n) } else { true })
                }
                ColonField::Word(_) => true,
            };
            if !ok {
                self.error(line, column_at(text, offsets[k]), "a finite number", Some(name));
                return None;
            }
        }
        let mut class = None;
        let mut values = Vec::new();
        let mut helper = None;
        let mut legacy_numbers = Vec::new();
        for (k, f) in fields.iter().enumerate() {
            match f {
                ColonField::Number(n) => legacy_numbers.push(*n),
                ColonField::Call { name, args } => values.push(ValueAttr { name: name.clone(), args: args.clone() }),
                ColonField::Word(w) => {
                    let class_like = w.chars().all(|c| CLASS_LETTERS.contains(c));
                    if class.is_none() && (k == 0 || (!legacy_numbers.is_empty() && class_like)) {
                        if let Some((i, bad)) = w.char_indices().find(|(_, c)| !CLASS_LETTERS.contains(*c)) {
                            let msg = format!("a classification letter of `{CLASS_LETTERS}`, not `{bad}`");
                            self.error(line, column_at(text, offsets[k]) + i, msg, Some(name));
                            return None;
                        }
                        class = Some(w.chars().filter(|c| *c != '-').collect::<String>());
                    } else if w == "NULL" {
                        helper = None;
                    } else {
                        helper = Some(w.clone());
                    }
                }
            }
        }
        Some(ColonLine { line, symmetry, fields, class: class.unwrap_or_default(), values, helper, legacy_numbers })
    }

    fn eye_pattern(&mut self, pair: Pair<'_, Rule>, off: usize) {
        let line = off + pos(&pair).0;
        let mut p = EyePattern { name: String::new(), line, comments: Vec::new(), rows: Vec::new(), value: [0; 4] };
        for item in pair.into_inner() {
            match item.as_rule() {
                Rule::pattern_header => p.name = inner_text(item, Rule::pattern_name),
                Rule::comment_line if p.rows.is_empty() => p.comments.push(inner_text(item, Rule::text)),
                Rule::eye_diagram => {
                    for row in item.into_inner() {
                        let l = off + pos(&row).0;
                        p.rows.push((l, inner_text(row, Rule::eye_cells).trim_end().to_string()));
                    }
                }
                Rule::eye_colon => {
                    let digits = inner_text(item, Rule::eye_value);
                    for (k, b) in digits.bytes().take(4).enumerate() {
                        p.value[k] = b - b'0';
                    }
                }
                _ => {}
            }
        }
        match eye_geometry(&p) {
            Ok(_) => self.db.eye_patterns.push(p),
            Err(e) => {
                let name = p.name.clone();
                self.geometry_error(e, &name);
            }
        }
    }

    fn mc_pattern(&mut self, pair: Pair<'_, Rule>, off: usize) {
        let line = off + pos(&pair).0;
        let label = format!("at line {line}");
        let mut p = McPattern { line, diagram: Diagram::default(), values: Vec::new() };
        for item in pair.into_inner() {
            match item.as_rule() {
                Rule::mc_diagram => p.diagram = diagram(item, off),
                Rule::mc_colon => {
                    let l = off + pos(&item).0;
                    let mut v = McValue { line: l, value: 0, properties: Vec::new() };
                    for part in item.into_inner() {
                        match part.as_rule() {
                            Rule::mc_value => match part.as_str().parse() {
                                Ok(n) => v.value = n,
                                Err(_) => {
                                    let msg = format!("a move value at most {}", u64::MAX);
                                    self.error(l, pos(&part).1, msg, Some(&label));
                                    return;
                                }
                            },
                            Rule::mc_prop => {
                                if !MC_PROPERTIES.contains(&part.as_str()) {
                                    let msg = format!("a Monte Carlo property, not `{}`", excerpt(part.as_str()));
                                    self.error(l, pos(&part).1, msg, Some(&label));
                                    return;
                                }
                                v.properties.push(part.as_str().to_string());
                            }
                            _ => {}
                        }
                    }
                    p.values.push(v);
                }
                _ => {}
            }
        }
        match check_mc_shape(&p.diagram) {
            Ok(()) => self.db.mc_patterns.push(p),
            Err(e) => self.geometry_error(e, &label),
        }
    }
}

/// Monte Carlo patterns are exactly 3×3 (edges included) around a central `*`. Their `%`
/// may stand where an edge would be, so the standard rectangle rules do not apply.
fn check_mc_shape(d: &Diagram) -> Result<(), GeometryError> {
    let first = d.rows.first().map_or(0, |r| r.line);
    if d.rows.len() != 3 {
        return Err(GeometryError { line: first, column: 1, message: "a 3x3 diagram (3 rows)".into() });
    }
    for (k, row) in d.rows.iter().enumerate() {
        let (w, star) = match &row.kind {
            RowKind::Edge { left_corner, right_corner, width } => {
                (usize::from(*left_corner) + width + usize::from(*right_corner), None)
            }
            RowKind::Body { left_edge, cells, right_edge } => (
                usize::from(*left_edge) + cells.chars().count() + usize::from(*right_edge),
                cells.find('*').map(|i| i + usize::from(*left_edge)),
            ),
        };
        if w != 3 {
            return Err(GeometryError { line: row.line, column: 1, message: "a row 3 wide".into() });
        }
        if (k == 1) != (star == Some(1)) {
            return Err(GeometryError { line: row.line, column: 1, message: "the move `*` at the centre".into() });
        }
    }
    Ok(())
}

/// The `attribute_map` values `mkpat` knows.
pub const ATTRIBUTE_MAPS: &[&str] = &["general", "value_only", "owl_attack", "owl_defense", "none"];

fn attribute_allowed(map: &str, name: &str) -> bool {
    match map {
        "general" => matches!(
            name,
            "value"
                | "minvalue"
                | "maxvalue"
                | "terri"
                | "minterri"
                | "maxterri"
                | "shape"
                | "followup"
                | "followup_value"
                | "reverse_followup"
        ),
        "value_only" => name == "value",
        "owl_attack" | "owl_defense" => {
            matches!(name, "value" | "threatens_to_capture" | "threatens_eye" | "reverse_sente")
        }
        "none" => false,
        // Unknown maps are reported where the header is read.
        _ => true,
    }
}

/// Records the first call of a known autohelper with the wrong number of arguments.
fn check_arities(e: &crate::expr::Expr, bad: &mut Option<(String, usize, Arity)>) {
    e.visit(&mut |e| {
        if let crate::expr::Expr::Call { name, args } = e {
            if bad.is_none() {
                if let Some(a) = autohelpers::arity(name).filter(|a| !a.accepts(args.len())) {
                    *bad = Some((name.clone(), args.len(), a));
                }
            }
        }
    });
}

/// The 1-based column of byte `offset` of a line's text.
fn column_at(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(1, |t| t.chars().count() + 1)
}

fn join(parts: &[(Origin, String)]) -> String {
    parts.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>().join("\n")
}

fn number(s: &str) -> f64 {
    s.parse().unwrap_or(0.0)
}

fn colon_field(pair: Pair<'_, Rule>) -> ColonField {
    let Some(inner) = pair.into_inner().next() else { return ColonField::Word(String::new()) };
    match inner.as_rule() {
        Rule::number => ColonField::Number(number(inner.as_str())),
        Rule::value_call => {
            let mut parts = inner.into_inner();
            let name = parts.next().map(|p| p.as_str().to_string()).unwrap_or_default();
            let args = parts
                .filter(|p| p.as_rule() == Rule::colon_arg)
                .filter_map(|a| a.into_inner().next())
                .map(|a| match a.as_rule() {
                    Rule::number => ColonArg::Number(number(a.as_str())),
                    Rule::move_label => ColonArg::Label('*'),
                    _ => {
                        let s = a.as_str();
                        let mut cs = s.chars();
                        match (cs.next(), cs.next()) {
                            (Some(c), None) => ColonArg::Label(c),
                            _ => ColonArg::Ident(s.to_string()),
                        }
                    }
                })
                .collect();
            ColonField::Call { name, args }
        }
        _ => ColonField::Word(inner.as_str().to_string()),
    }
}

fn diagram(pair: Pair<'_, Rule>, off: usize) -> Diagram {
    let mut rows = Vec::new();
    for row in pair.into_inner() {
        if !matches!(row.as_rule(), Rule::diagram_row | Rule::cdiagram_row | Rule::mc_row) {
            continue;
        }
        let line = off + pos(&row).0;
        let mut kind = None;
        let mut note = None;
        for part in row.into_inner() {
            match part.as_rule() {
                Rule::edge_row => {
                    let (mut left_corner, mut right_corner, mut width, mut seen) = (false, false, 0, false);
                    for q in part.into_inner() {
                        match q.as_rule() {
                            Rule::corner if seen => right_corner = true,
                            Rule::corner => left_corner = true,
                            Rule::dashes => {
                                width = q.as_str().len();
                                seen = true;
                            }
                            _ => {}
                        }
                    }
                    kind = Some(RowKind::Edge { left_corner, right_corner, width });
                }
                Rule::body_row | Rule::label_row | Rule::mc_body_row => {
                    let (mut left_edge, mut right_edge, mut cells, mut seen) = (false, false, String::new(), false);
                    for q in part.into_inner() {
                        match q.as_rule() {
                            Rule::bar if seen => right_edge = true,
                            Rule::bar => left_edge = true,
                            Rule::cells | Rule::label_cells | Rule::mc_cells => {
                                cells = q.as_str().to_string();
                                seen = true;
                            }
                            _ => {}
                        }
                    }
                    kind = Some(RowKind::Body { left_edge, cells, right_edge });
                }
                Rule::note => {
                    let t = part.as_str().trim();
                    if !t.is_empty() {
                        note = Some(t.to_string());
                    }
                }
                _ => {}
            }
        }
        if let Some(kind) = kind {
            rows.push(DiagramRow { line, kind, note });
        }
    }
    Diagram { rows }
}

/// Distinct autohelper names across several files.
pub fn autohelper_functions<'a>(files: impl IntoIterator<Item = &'a DbFile>) -> BTreeSet<String> {
    files.into_iter().flat_map(|f| f.autohelper_functions()).collect()
}

/// Checks a whole file against the grammar's whole-file rule in one pass, without the
/// chunking and recovery of [`parse_db_as`] and without the per-pattern checks: the first
/// syntax error only. Being one pass, its token queue costs up to about 80 times the text,
/// so text over [`MAX_DB_FILE_BYTES`] is refused.
pub fn check_grammar(file: &str, text: &str, dialect: Dialect) -> Result<(), ParseError> {
    if text.len() as u64 > MAX_DB_FILE_BYTES {
        let expected = format!("a file of at most {MAX_DB_FILE_BYTES} bytes");
        return Err(ParseError { file: file.to_string(), line: 1, column: 1, expected, pattern: None });
    }
    let rule = match dialect {
        Dialect::Standard => Rule::db_file,
        Dialect::Eyes => Rule::eyes_file,
        Dialect::MonteCarlo => Rule::mc_file,
    };
    DbParser::parse(rule, text).map(|_| ()).map_err(|e| {
        let (line, column, expected) = pest_expected(&e);
        ParseError { file: file.to_string(), line, column, expected, pattern: None }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_start_at_pattern_lines() {
        let text = "# head\nattribute_map none\n\nPattern A\n\n*X\n\n:8,-\nPatternless\nPattern B\r\n";
        let c = chunks(text, Dialect::Standard);
        let starts: Vec<(usize, ChunkKind)> = c.iter().map(|c| (c.line, c.kind)).collect();
        assert_eq!(starts, [(1, ChunkKind::Preamble), (4, ChunkKind::Pattern), (10, ChunkKind::Pattern)]);
        assert_eq!(c.last().map(|c| c.end), Some(text.len()));
    }

    #[test]
    fn monte_carlo_chunks_start_at_diagrams_after_colon_lines() {
        let text = "# mc\n\nXO.\n.*.\n...\n\n:1\n:2\n# x\n\nOX.\n.*.\n...\n:3\n";
        let lines: Vec<usize> = chunks(text, Dialect::MonteCarlo).iter().map(|c| c.line).collect();
        assert_eq!(lines, [1, 11]);
    }
}
