//! Chequer-play error rate against a reference program's deeper analysis: a reference file lists
//! positions from real play, each with its roll and every legal play's resulting position and
//! equities (made by `tests/python/gnubg_chequer_ref.py` from gnubg-nn at 2 plies; committed as
//! `tests/data/chequer_2ply.txt`). [`error_rate`] lets a chooser pick a play in each position and
//! measures what the choice loses against the reference's best play, in millipoints of cubeless
//! money equity (mEMG) per move, with its standard error.
//!
//! File format (text, UTF-8; empty lines and lines starting with `#` are ignored):
//! ```text
//! POSID D1 D2 N            position (gnubg position ID, player on roll first) and roll
//! RESULTID EQ2 EQ1 EQ0     N lines, one per legal play: the position after it (mover still on
//!                          roll) and the mover's equity at 2, 1 and 0 plies (EQ2 `-` if skipped)
//! ```
//! A play without a 2-ply equity (the generator's filter judged it far below the best at 1 ply)
//! is valued at its 1-ply equity shifted by the 2-ply minus 1-ply difference of the position's
//! best 1-ply play; [`ErrorRate::estimated`] counts how often a choice needed that estimate.
//!
//! This module owns the file's parser and the statistics; choosing plays is the caller's
//! (see [`nply_chooser`]) and evaluation is [`backgammon::eval`]'s and [`backgammon::eval::nply`]'s.

use backgammon::eval::nply::{NPly, Settings};
use backgammon::eval::{Evaluator, PositionClass};
use backgammon::rules::position::{Position, PositionError};
use rayon::prelude::*;
use std::path::Path;
use thiserror::Error;

/// One legal play of a reference position.
#[derive(Clone, Debug, PartialEq)]
pub struct RefPlay {
    /// The position after the play, the mover still on roll.
    pub result: Position,
    /// Mover's cubeless money equity at 2 plies, if the reference evaluated it.
    pub equity2: Option<f32>,
    pub equity1: f32,
    pub equity0: f32,
}

/// A reference position with its roll and all its legal plays.
#[derive(Clone, Debug, PartialEq)]
pub struct RefPosition {
    pub position: Position,
    pub dice: (u8, u8),
    pub plays: Vec<RefPlay>,
    /// 1-based line of the position in its file.
    pub line: usize,
}

/// Why a reference file could not be read.
#[derive(Debug, Error)]
pub enum RefError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("line {line}: {what}")]
    Syntax { line: usize, what: String },
    #[error("line {line}: {source}")]
    Position { line: usize, source: PositionError },
}

impl RefPosition {
    /// The 2-ply equity of play `i`, or its estimate (see the module docs).
    pub fn equity(&self, i: usize) -> f32 {
        let p = &self.plays[i];
        p.equity2.unwrap_or_else(|| {
            let lead = self.plays.iter().filter(|q| q.equity2.is_some()).max_by(|a, b| a.equity1.total_cmp(&b.equity1));
            p.equity1 + lead.map_or(0.0, |q| q.equity2.unwrap_or(q.equity1) - q.equity1)
        })
    }

    /// The best 2-ply equity of the position.
    pub fn best(&self) -> f32 {
        (0..self.plays.len()).map(|i| self.equity(i)).fold(f32::NEG_INFINITY, f32::max)
    }

    /// Index of the play leading to `result`, if listed.
    pub fn find(&self, result: &Position) -> Option<usize> {
        self.plays.iter().position(|p| p.result == *result)
    }
}

fn syntax(line: usize, what: impl Into<String>) -> RefError {
    RefError::Syntax { line, what: what.into() }
}

fn parse_equity(line: usize, field: &str) -> Result<f32, RefError> {
    match field.parse::<f32>() {
        Ok(x) if x.is_finite() && x.abs() <= 3.0 => Ok(x),
        _ => Err(syntax(line, format!("bad equity {field:?}"))),
    }
}

fn parse_position(line: usize, field: &str) -> Result<Position, RefError> {
    Position::from_id(field).map_err(|source| RefError::Position { line, source })
}

/// Parses a reference file's text.
pub fn parse(text: &str) -> Result<Vec<RefPosition>, RefError> {
    let mut lines =
        text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let mut out = Vec::new();
    while let Some((line, header)) = lines.next() {
        let f: Vec<&str> = header.split_whitespace().collect();
        let [id, d1, d2, n] = f[..] else {
            return Err(syntax(line, format!("expected `POSID D1 D2 N`, got {} fields", f.len())));
        };
        let position = parse_position(line, id)?;
        let die = |s: &str| {
            s.parse::<u8>().ok().filter(|d| (1..=6).contains(d)).ok_or_else(|| syntax(line, format!("bad die {s:?}")))
        };
        let dice = (die(d1)?, die(d2)?);
        let n: usize = n
            .parse()
            .ok()
            .filter(|&n| n > 0 && n <= 10_000)
            .ok_or_else(|| syntax(line, format!("bad play count {n:?}")))?;
        let mut plays = Vec::with_capacity(n);
        for _ in 0..n {
            let (pl, text) =
                lines.next().ok_or_else(|| syntax(line, format!("file ends before the {n} plays of this position")))?;
            let f: Vec<&str> = text.split_whitespace().collect();
            let [rid, e2, e1, e0] = f[..] else {
                return Err(syntax(pl, format!("expected `RESULTID EQ2 EQ1 EQ0`, got {} fields", f.len())));
            };
            plays.push(RefPlay {
                result: parse_position(pl, rid)?,
                equity2: if e2 == "-" { None } else { Some(parse_equity(pl, e2)?) },
                equity1: parse_equity(pl, e1)?,
                equity0: parse_equity(pl, e0)?,
            });
        }
        out.push(RefPosition { position, dice, plays, line });
    }
    Ok(out)
}

/// Reads and parses a reference file.
pub fn read_file(path: impl AsRef<Path>) -> Result<Vec<RefPosition>, RefError> {
    parse(&std::fs::read_to_string(path)?)
}

/// The outcome of a chooser over a reference file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ErrorRate {
    /// Positions scored.
    pub positions: usize,
    /// Mean equity loss per move in millipoints (mEMG).
    pub mean_loss: f64,
    /// Standard error of `mean_loss`.
    pub std_error: f64,
    /// Choices equal to the reference's best play.
    pub agree: usize,
    /// Choices losing more than 0.080 (gnubg's "blunder" threshold for chequer play).
    pub blunders: usize,
    /// Choices valued by the 1-ply estimate.
    pub estimated: usize,
    /// Positions where the chooser's result is not among the listed plays (or it found none):
    /// a move generation disagreement, not scored.
    pub unmatched: usize,
    /// The same figures for the positions of each class (of the position before the play:
    /// contact, crashed, race, bearoff), in that order, classes without positions left out.
    pub by_class: Vec<(PositionClass, ErrorRate)>,
    /// The same figures by the longest prime on the board before the play
    /// ([`Position::longest_prime_either_side`]), shortest first, lengths without positions left out: the
    /// value of a prime shows over many rolls, beyond a lookahead, so nets trained on lookahead
    /// targets lose most there.
    pub by_prime: Vec<(u32, ErrorRate)>,
    /// The costliest choices, worst first (at most [`WORST_KEPT`]): the position's line in its
    /// file and the loss in millipoints.
    pub worst: Vec<(usize, f64)>,
}

/// How many of the costliest choices an [`ErrorRate`] keeps.
pub const WORST_KEPT: usize = 20;

impl std::fmt::Display for ErrorRate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.2} ± {:.2} mEMG per move over {} positions; best play {} ({:.1}%), blunders {}, estimated {}, unmatched {}",
            self.mean_loss,
            self.std_error,
            self.positions,
            self.agree,
            100.0 * self.agree as f64 / self.positions.max(1) as f64,
            self.blunders,
            self.estimated,
            self.unmatched
        )
    }
}

/// Scores each position's chosen play (`None`: not among the listed plays) against the best,
/// overall and per position class.
fn score(refs: &[RefPosition], chosen: &[Option<usize>]) -> ErrorRate {
    let mut r = score_all(refs.iter().zip(chosen.iter().copied()));
    let classes = [PositionClass::Contact, PositionClass::Crashed, PositionClass::Race, PositionClass::Bearoff];
    r.by_class = score_groups(refs, chosen, classes, |p| backgammon::eval::classify(&p.position));
    r.by_prime = score_groups(refs, chosen, 0..=6, |p| p.position.longest_prime_either_side());
    r
}

/// The figures of the positions whose `key` is each of `keys` in turn (keys without positions
/// left out).
fn score_groups<K: PartialEq + Copy>(
    refs: &[RefPosition],
    chosen: &[Option<usize>],
    keys: impl IntoIterator<Item = K>,
    key: impl Fn(&RefPosition) -> K,
) -> Vec<(K, ErrorRate)> {
    let of: Vec<K> = refs.iter().map(key).collect();
    keys.into_iter()
        .map(|k| {
            let mine = refs.iter().zip(chosen.iter().copied()).zip(&of).filter(|(_, g)| **g == k);
            (k, score_all(mine.map(|(pc, _)| pc)))
        })
        .filter(|(_, rate)| rate.positions + rate.unmatched > 0)
        .collect()
}

fn score_all<'a>(choices: impl Iterator<Item = (&'a RefPosition, Option<usize>)>) -> ErrorRate {
    let mut r = ErrorRate::default();
    let (mut sum, mut sum2) = (0.0f64, 0.0f64);
    for (p, c) in choices {
        let Some(i) = c else {
            r.unmatched += 1;
            continue;
        };
        let loss = f64::from((p.best() - p.equity(i)).max(0.0)) * 1000.0;
        r.positions += 1;
        sum += loss;
        sum2 += loss * loss;
        r.agree += usize::from(loss == 0.0);
        r.blunders += usize::from(loss > 80.0);
        r.estimated += usize::from(p.plays[i].equity2.is_none());
        if loss > 0.0 {
            r.worst.push((p.line, loss));
        }
    }
    r.worst.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    r.worst.truncate(WORST_KEPT);
    let n = r.positions as f64;
    if r.positions > 0 {
        r.mean_loss = sum / n;
        let var = if r.positions > 1 { (sum2 - sum * sum / n) / (n - 1.0) } else { 0.0 };
        r.std_error = (var.max(0.0) / n).sqrt();
    }
    r
}

/// The error rate of `choose(position, d1, d2) -> resulting position (mover on roll)`, run over
/// the positions in parallel (`choose` is built once per worker thread by `make`).
pub fn error_rate<F, M>(refs: &[RefPosition], make: M) -> ErrorRate
where
    M: Fn() -> F + Sync + Send,
    F: FnMut(&Position, u8, u8) -> Option<Position>,
{
    let chosen: Vec<Option<usize>> = refs
        .par_iter()
        .map_init(&make, |choose, p| choose(&p.position, p.dice.0, p.dice.1).and_then(|r| p.find(&r)))
        .collect();
    score(refs, &chosen)
}

/// A chooser playing as `NPly::choose` does at `plies` plies with gnubg's normal filters.
pub fn nply_chooser(ev: &Evaluator, plies: usize) -> impl FnMut(&Position, u8, u8) -> Option<Position> + '_ {
    let mut search = NPly::new(ev, 0);
    let settings = Settings::plies(plies);
    move |pos, d1, d2| search.choose(pos, d1, d2, &settings).map(|c| *c.play.result())
}

/// The error rate of the evaluator `ev` choosing at `plies` plies.
pub fn evaluator_error_rate(refs: &[RefPosition], ev: &Evaluator, plies: usize) -> ErrorRate {
    error_rate(refs, || nply_chooser(ev, plies))
}

/// The error rate of the reference's own 0-ply choice (the best `EQ0` of each position, the
/// first listed of equals): how far the reference's static evaluation is from its 2-ply.
pub fn reference_0ply_error_rate(refs: &[RefPosition]) -> ErrorRate {
    let chosen: Vec<Option<usize>> = refs
        .iter()
        .map(|p| (0..p.plays.len()).reduce(|a, b| if p.plays[b].equity0 > p.plays[a].equity0 { b } else { a }))
        .collect();
    score(refs, &chosen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SAMPLE: &str = "# a comment\n\
        4HPwATDgc/ABMA 3 1 3\n\
        4HPwATCwZ/ABMA +0.15922 +0.16292 +0.15970\n\
        4HPwATDgc+IBKA -0.00636 -0.01617 -0.00808\n\
        4HPwATDgc/ABIQ - -0.30000 -0.20000\n";

    #[test]
    fn parses_and_scores_by_hand() {
        let refs = parse(SAMPLE).unwrap();
        assert_eq!(refs.len(), 1);
        let p = &refs[0];
        assert_eq!((p.dice, p.plays.len(), p.line), ((3, 1), 3, 2));
        assert_eq!(p.best(), 0.15922);
        // the estimate shifts the 1-ply value by the 1-ply leader's 2-ply minus 1-ply
        assert!((p.equity(2) - (-0.30000 + 0.15922 - 0.16292)).abs() < 1e-6);
        let r = score(&refs, &[Some(1)]);
        assert!((r.mean_loss - 165.58).abs() < 1e-3, "{r}");
        assert_eq!((r.agree, r.blunders, r.estimated), (0, 1, 0));
        let r = score(&refs, &[Some(2)]);
        assert_eq!(r.estimated, 1);
        assert_eq!(score(&refs, &[None]).unmatched, 1);
        // gnubg's 0-ply choice is the first play here: no loss
        let r = reference_0ply_error_rate(&refs);
        assert_eq!((r.positions, r.agree, r.mean_loss), (1, 1, 0.0));
    }

    #[test]
    fn breaks_the_figures_down_by_the_longest_prime() {
        // the opening (no two points in a row) and a position whose player on roll holds a full
        // prime, each with a choice losing 0.2
        let primed = "a9uJAAjYtk0AYA 6 5 2\n\
            a9uJAAjYtk0AYA +0.10000 +0.10000 +0.10000\n\
            a9uJAAjYtk0AYA -0.10000 -0.10000 -0.10000\n";
        let text =
            SAMPLE.replace("4HPwATDgc/ABIQ - -0.30000 -0.20000", "4HPwATDgc/ABIQ -0.04078 -0.3 -0.2").to_string()
                + primed;
        let refs = parse(&text).unwrap();
        let r = score(&refs, &[Some(2), Some(1)]);
        assert_eq!(r.by_prime.iter().map(|(l, q)| (*l, q.positions)).collect::<Vec<_>>(), [(1, 1), (6, 1)]);
        assert!((r.by_prime[0].1.mean_loss - 200.0).abs() < 1e-3 && (r.by_prime[1].1.mean_loss - 200.0).abs() < 1e-3);
        let r = score(&refs, &[Some(0), Some(1)]);
        assert_eq!((r.by_prime[0].1.mean_loss, r.by_prime[1].1.agree), (0.0, 0));
    }

    #[test]
    fn reports_errors_with_their_lines() {
        let bad = SAMPLE.replace("+0.16292", "x");
        assert!(matches!(parse(&bad), Err(RefError::Syntax { line: 3, .. })));
        let short: String = SAMPLE.lines().take(3).collect::<Vec<_>>().join("\n");
        assert!(matches!(parse(&short), Err(RefError::Syntax { line: 2, .. })));
        let bad = SAMPLE.replace("4HPwATDgc+IBKA", "4HPwATDgc+IB");
        assert!(matches!(parse(&bad), Err(RefError::Position { line: 4, .. })));
        assert!(matches!(parse(&SAMPLE.replace(" 3 1 3", " 3 7 3")), Err(RefError::Syntax { line: 2, .. })));
    }

    proptest! {
        #[test]
        fn parser_never_panics(s in "[ -~\n]{0,200}") {
            let _ = parse(&s);
        }

        #[test]
        fn parser_never_panics_on_mutated_sample(i in 0usize..200, c in "[ -~\n]") {
            let mut s = SAMPLE.to_string();
            let at = i % s.len();
            s.replace_range(at..at + 1, &c);
            let _ = parse(&s);
        }
    }
}
