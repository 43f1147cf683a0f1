//! Shape-pattern reasons (GNU Go's `shapes()` and its callback, `patterns.texi` "Pattern Attributes" and
//! "Autohelper Actions"; the `patterns.db`/`patterns2.db`/`fuseki.db` roles): the move databases are
//! matched once for the side to move on the analysed position, and every match whose class checks,
//! safety test and constraint pass adds to its move what its class letters, value attributes and action
//! say.
//!
//! Which databases ([`shape_library`]): ours, built in (`patterns/databases/shape.db`, `harvest.db`,
//! `endgame.db`, `connect.db`, `edge.db`: [`patterns::library::BUILTIN`]; `harvest.db` the tuned 3×3
//! shapes of `mkpat --harvest`/`--tune`, rewards of 0 or 1 only); with `go-gtp --patterns DIR`
//! ([`set_pattern_dir`]) the `patterns.db`, `patterns2.db` and `fuseki.db` of that directory instead
//! (GNU Go's, for comparison); with `go-gtp --shape-db FILE` ([`set_shape_db`]) the built-in ones with FILE
//! in place of `shape.db` (a tuned copy: `mkpat --tune`).
//!
//! What a match does, in order (GNU Go's rules, from its documentation and behaviour):
//! * Class checks on the pattern's stones: `O` every own stone's dragon alive or unknown (not critical,
//!   not dead) and no own worm the reader captures unless the move is one of its defences; `o` own
//!   dragons dead or unknown; `X` no opponent dragon dead; `x` opponent dragons dead or unknown.
//! * Safety: without `s` the move must be tactically safe for us (`safe_omove` = WIN); with `n` the
//!   opponent's stone there must not be capturable outright either (its `safe_xmove` not 0).
//! * The constraint (`;`), evaluated lazily (only for matches that passed the above), through a
//!   [`GoPatternContext`] on the analysed dragons and worms, with the influence for the side to move
//!   answering `*area`/`*moyo`/`*terri`.
//! * Class letters: `C` connect each pair of distinct own dragons, `B` cut each pair of opponent dragons,
//!   `d` strategic defence of each own dragon and `a` strategic attack of each opponent dragon (own
//!   dragons whose worm in the pattern is captured and not defended by the move are left out of `C`,
//!   `c` and `d`), `c` strategic defence plus shape 1, `e` expand territory, `E` expand moyo, `I`
//!   invasion; joseki: `J` a + d with minimum value [`JOSEKI_J`], `U` a + d, shape 15 and minimum
//!   [`JOSEKI_U`], `j` e + E with minimum [`JOSEKI_LOWER_J`], `t` e + E with minimum [`JOSEKI_T`] (`j`
//!   and `t` scaled by board size / 19; with `F` the value is fixed: maximum = minimum).
//! * Value attributes: `value`/`minvalue` minimum value, `maxvalue` maximum value, `shape` a shape
//!   contribution, `followup`/`followup_value` and `reverse_followup` the followups, `terri`/`minterri`
//!   and `maxterri` the territorial bounds ([`crate::genmove::reasons::MoveData`] keeps them; the
//!   valuation clamps the territorial value between them, as GNU Go does).
//! * The action (`>`): `antisuji(a)`, `add_cut_move(a,b)`, `add_connect_move(a,b)`,
//!   `add_attack_either_move(a,b)`, `add_defend_both_move(a,b)`, `threaten_to_save(a)` (followup
//!   `2 + 2·effective size`), `threaten_to_capture(a)` (followup `2·effective size`),
//!   `prevent_attack_threat(a)` and `defend_against_atari(a)` (reverse followup `2·effective size`, the
//!   latter only when `a` has two liberties). Not run: `replace` (point redistribution, the selection's),
//!   `test_attack_either_move` (needs a reading after the move), `backfill_*`.
//!
//! Not carried over: class `W` (GNU Go's "worthwhile threat") and `T`; GNU Go's randomness of `F`
//! patterns. The joseki database (compiled from SGF by `mkpat --joseki`) is matched through
//! [`gather_with`] by [`crate::genmove::gather::joseki`].
//!
//! Measured (2026-11-27, `go-gtp --engine classic`, gtp_regress, a loaded machine):
//! * Our databases (shape.db with 13 patterns, connect.db, edge.db): strategy.tst 12/45, the same
//!   tests as before the gatherer (one failing move changes: 1 C6 for S14), 89.3 s of CPU against 82.2;
//!   endgame.tst 14/65 (was 12: gains 202 960, no loss), 38.5 s against 41.7; 9x9.tst 19/73 (was 16:
//!   gains 150 220 420, no loss), 127.5 s against 117.4.
//! * GNU Go's `patterns.db`, `patterns2.db`, `fuseki.db` (`--patterns`): about 9.6 s per 19x19
//!   generation (strategy1: 0.5 s without them), 42 % of it in the constraints' `*play_*` sequences
//!   (the connection reader's `oplay_connect`/`oplay_disconnect` and `defend_both`); with the default
//!   600 s budget strategy.tst answered 7 of 45 positions (3 passed) and endgame.tst 38 of 65 (12
//!   passed): the reading behind the constraints must get cheaper before these figures mean anything.
//! * Patterns without a stone (an empty corner's four-four or three-four point, an empty side's third
//!   or fourth line) cannot be written: the matcher anchors on a stone (GNU Go's `fuseki()` proposes
//!   those points in code).
//!
//! The tuning trace (`go-gtp -t`, `-a`, `--profile-patterns`): each match's outcome (applied, or which
//! check rejected it) and what it added are handed to [`crate::genmove::trace`] when its settings ask;
//! with them off the loop reads one thread-local per match list and allocates nothing more.
//!
//! This module owns the mapping from pattern classes, values and actions to move reasons only: it
//! values nothing and plays nothing on the analysed board (the reading helpers play on their own).

use crate::analysis::dragon::DragonStatus;
use crate::analysis::pattern_context::{BoardView, GoPatternContext};
use crate::analysis::pattern_dir::DirCache;
use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveReason, MoveReasons};
use crate::genmove::trace::{self, Change, Outcome, PatternEvent};
use crate::genmove::valuation::weights::{JOSEKI_J, JOSEKI_LOWER_J, JOSEKI_T, JOSEKI_U};
use crate::rules::stone::{Point, ARRAY};
use patterns::eval::{codes, Tactical};
use patterns::{Binding, Element, PatternContext, PatternLibrary, Side};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// GNU Go's move databases, read from a `--patterns` directory in this order.
pub const GNU_GO_MOVE_DATABASES: [&str; 3] = ["patterns.db", "patterns2.db", "fuseki.db"];

/// The shape bonus of class `c` and of class `U`.
const WEAK_CONNECTION_SHAPE: f32 = 1.0;
const URGENT_JOSEKI_SHAPE: f32 = 15.0;

thread_local! {
    /// The move databases: ours, or those of the `--patterns` directory set last.
    static LIBRARY: RefCell<DirCache<PatternLibrary>> = const { RefCell::new(DirCache::new()) };
}

/// Reads GNU Go's move databases ([`GNU_GO_MOVE_DATABASES`]) from `dir` instead of ours (`go-gtp
/// --patterns DIR`); `None`, or a directory without `patterns.db`, goes back to ours. Applies to move
/// generation on this thread from now on.
pub fn set_pattern_dir(dir: Option<&Path>) {
    let dir = dir.filter(|d| d.join(GNU_GO_MOVE_DATABASES[0]).is_file()).map(Path::to_path_buf);
    LIBRARY.with(|l| l.borrow_mut().set_dir(dir));
}

/// A replacement for the built-in `shape.db` (`go-gtp --shape-db FILE`, `mkpat --tune`'s engine figures):
/// its text, for every thread of the process.
static SHAPE_DB: std::sync::RwLock<Option<std::sync::Arc<str>>> = std::sync::RwLock::new(None);

thread_local! {
    /// The built-in databases with [`SHAPE_DB`] in place of `shape.db`, compiled for the text set last.
    static REPLACED: RefCell<Option<(std::sync::Arc<str>, Rc<PatternLibrary>)>> = const { RefCell::new(None) };
}

/// The built-in databases with `text` in place of `shape.db`.
fn replaced_library(text: &str) -> PatternLibrary {
    let dbs = patterns::library::BUILTIN
        .iter()
        .map(|&(name, builtin)| patterns::parse_db(name, if name == "shape.db" { text } else { builtin }))
        .collect();
    PatternLibrary::new(dbs, patterns::Registry::standard())
}

/// Uses `text` instead of the built-in `shape.db` from now on, on every thread (`None`: the built-in one
/// again); a `--patterns` directory ([`set_pattern_dir`]) still takes precedence. Returns the problems
/// found compiling it (its faulty patterns are left out, as for any database).
pub fn set_shape_db(text: Option<&str>) -> Vec<patterns::LibraryError> {
    let errors = text.map(|t| replaced_library(t).errors).unwrap_or_default();
    *SHAPE_DB.write().unwrap_or_else(|e| e.into_inner()) = text.map(std::sync::Arc::from);
    errors
}

/// The move databases for the current directory (see [`set_pattern_dir`]), compiled on first use.
pub fn shape_library() -> Rc<PatternLibrary> {
    let replacement = SHAPE_DB.read().unwrap_or_else(|e| e.into_inner()).clone();
    if let Some(text) = replacement.filter(|_| LIBRARY.with(|l| l.borrow().dir().is_none())) {
        return REPLACED.with(|r| {
            let mut r = r.borrow_mut();
            match &*r {
                Some((t, lib)) if *t == text => lib.clone(),
                _ => {
                    let lib = Rc::new(replaced_library(&text));
                    *r = Some((text, lib.clone()));
                    lib
                }
            }
        });
    }
    LIBRARY.with(|l| {
        l.borrow_mut().get(|dir| match dir {
            Some(d) => {
                let files: Vec<PathBuf> =
                    GNU_GO_MOVE_DATABASES.iter().map(|f| d.join(f)).filter(|f| f.is_file()).collect();
                PatternLibrary::load_files(&files, Vec::new(), patterns::Registry::standard())
            }
            None => PatternLibrary::builtin(),
        })
    })
}

/// Adds the shape-pattern reasons of the current move databases ([`shape_library`]).
pub fn gather(a: &Analysed, out: &mut MoveReasons) {
    gather_with(&shape_library(), a, out);
}

/// The stones a match covers: distinct dragons (origins) and worms (origins) of each side.
#[derive(Default)]
struct Stones {
    own_dragons: Vec<Point>,
    own_worms: Vec<Point>,
    their_dragons: Vec<Point>,
    their_worms: Vec<Point>,
}

fn push_new(v: &mut Vec<Point>, p: Point) {
    if !v.contains(&p) {
        v.push(p);
    }
}

/// Adds the reasons of `lib`'s matches for the side of `out`.
pub fn gather_with(lib: &PatternLibrary, a: &Analysed, out: &mut MoveReasons) {
    let color = out.color();
    let board = &a.board;
    let matches = lib.matches(&BoardView { board, own: color }, false);
    if matches.is_empty() {
        return;
    }
    let mut ctx = GoPatternContext::with_analysis(board, color, a.dragons.clone(), a.worms.clone());
    // GNU Go's initial influence (the side to move next) answers the territory helpers.
    let inf = crate::analysis::influence::Influence::of_dragons(board, &a.dragons, color);
    let mut owners = vec![[None; 3]; ARRAY];
    for p in board.points() {
        owners[usize::from(p)] = [inf.whose_area(p), inf.whose_moyo(p), inf.whose_territory(p)];
    }
    ctx.set_territory(owners);
    ctx.record_actions();
    // Safety per move point, for us and for the opponent: `None` not read yet.
    let mut safe_own: Vec<Option<f64>> = vec![None; ARRAY];
    let mut safe_their: Vec<Option<f64>> = vec![None; ARRAY];
    let size = board.size();
    let scale = (size as f32 / 19.0).min(1.0);
    // The tuning trace (`go-gtp -t`, `-a`, `--profile-patterns`): off, one read per match list.
    let trace = trace::settings();
    let mut profile = trace.profile.then(|| vec![trace::Counts::default(); lib.set.patterns.len()]);
    for m in &matches {
        let k = m.pattern;
        let Some(mv) = m.move_vertex else { continue };
        let start = profile.as_ref().map(|_| std::time::Instant::now());
        let (outcome, constraint, changes) =
            match_one(lib, a, &mut ctx, m, mv, scale, &mut safe_own, &mut safe_their, out, trace);
        if let (Some(prof), Some(start)) = (profile.as_mut(), start) {
            let c = &mut prof[k as usize];
            c.time += start.elapsed();
            c.constraints += u64::from(constraint.is_some());
        }
        let Some(outcome) = outcome else { continue };
        if trace.level >= 2 || (trace.level == 1 && (outcome == Outcome::Applied || constraint.is_some())) {
            let p = board.point(mv.col, mv.row);
            trace::record(PatternEvent {
                database: lib.database_of(k).to_string(),
                pattern: lib.pattern(k).name.clone(),
                anchor: board.point(m.anchor.col, m.anchor.row),
                transform: m.transform.letter(),
                at: p,
                outcome,
                constraint: if outcome == Outcome::Applied { None } else { constraint },
                changes,
            });
        }
    }
    if let Some(prof) = profile {
        let mut per: Vec<u64> = vec![0; prof.len()];
        for m in &matches {
            per[m.pattern as usize] += 1;
        }
        for (k, c) in prof.iter().enumerate() {
            if per[k] > 0 {
                let k32 = k as u32;
                trace::add_profile(
                    lib.database_of(k32),
                    &lib.pattern(k32).name,
                    trace::Counts { matches: per[k], ..*c },
                );
            }
        }
    }
}

/// One match with a move: the checks, the constraint and, when they pass, what the match adds.
/// Returns the outcome (`None`: an illegal move, skipped), whether a constraint was evaluated and its
/// answer, and (when tracing) what the match changed.
#[allow(clippy::too_many_arguments)]
fn match_one(
    lib: &PatternLibrary,
    a: &Analysed,
    ctx: &mut GoPatternContext,
    m: &patterns::Match,
    mv: patterns::Vertex,
    scale: f32,
    safe_own: &mut [Option<f64>],
    safe_their: &mut [Option<f64>],
    out: &mut MoveReasons,
    trace: trace::Settings,
) -> (Option<Outcome>, Option<bool>, Vec<Change>) {
    let color = out.color();
    let board = &a.board;
    let size = board.size();
    let p = board.point(mv.col, mv.row);
    if !board.is_legal(p, color) {
        return (None, None, Vec::new());
    }
    let k = m.pattern;
    let pattern = lib.pattern(k);
    let class = pattern.colon.class.as_str();
    let has = |c: char| class.contains(c);
    let binding = Binding::of(m);
    let mut st = Stones::default();
    for e in &lib.set.patterns[k as usize].geometry.elements {
        if !matches!(e.element, Element::Own | Element::Opponent) {
            continue;
        }
        let Some(v) = binding.locate((e.row, e.col), size) else { continue };
        let q = board.point(v.col, v.row);
        let Some(c) = board.color(q) else { continue };
        let worm = a.worms[usize::from(q)].origin;
        let dragon = a.dragons.at(q).map_or(worm, |d| d.origin);
        if c == color {
            push_new(&mut st.own_dragons, dragon);
            push_new(&mut st.own_worms, worm);
        } else {
            push_new(&mut st.their_dragons, dragon);
            push_new(&mut st.their_worms, worm);
        }
    }
    let program = &lib.programs[k as usize];
    // With `-a`, a rejected match's constraint is still evaluated, for the trace only.
    let rejected = |outcome: Outcome, ctx: &mut GoPatternContext| {
        let held = (trace.all_patterns && program.constraint.is_some())
            .then(|| program.holds(&lib.registry, ctx, m) == Ok(true));
        (Some(outcome), held, Vec::new())
    };
    if let Some(letter) = class_check_failure(a, class, &st, p) {
        return rejected(Outcome::Class(letter), ctx);
    }
    if !has('s') {
        let s =
            *safe_own[usize::from(p)].get_or_insert_with(|| ctx.tactical(Tactical::SafeMove { side: Side::O, at: mv }));
        if s != codes::WIN {
            return rejected(Outcome::Unsafe, ctx);
        }
    }
    if has('n') {
        let s = *safe_their[usize::from(p)]
            .get_or_insert_with(|| ctx.tactical(Tactical::SafeMove { side: Side::X, at: mv }));
        if s == 0.0 {
            return rejected(Outcome::OpponentCapturable, ctx);
        }
    }
    let constraint = program.constraint.as_ref().map(|_| ());
    if program.holds(&lib.registry, ctx, m) != Ok(true) {
        return (Some(Outcome::Constraint), constraint.map(|()| false), Vec::new());
    }
    let tracing = trace.level > 0;
    let before = tracing.then(|| out.at(p).clone());
    apply_classes(a, class, &st, p, scale, out);
    apply_values(pattern, p, out);
    let mut changes = Vec::new();
    if program.action.is_some() {
        let _ = program.act(&lib.registry, ctx, m);
        for (name, args) in ctx.take_actions() {
            // Antisuji marks another point: its change is recorded apart.
            match (tracing, name.as_str(), args.as_slice()) {
                (true, "antisuji", [q]) if *q != p => {
                    let before = out.at(*q).clone();
                    apply_action(a, &name, &args, p, out);
                    changes.push(Change { at: *q, before, after: out.at(*q).clone() });
                }
                _ => apply_action(a, &name, &args, p, out),
            }
        }
    }
    if let Some(before) = before {
        changes.insert(0, Change { at: p, before, after: out.at(p).clone() });
    }
    (Some(Outcome::Applied), constraint.map(|()| true), changes)
}

/// Whether the worm (origin) is captured by the reader and not saved by the move at `p`.
fn lost_unless_saved(a: &Analysed, worm: Point, p: Point) -> bool {
    let w = &a.worms[usize::from(worm)];
    w.attack_points.iter().any(|(_, r)| r.succeeds()) && !w.defense_points.iter().any(|&(m, r)| m == p && r.succeeds())
}

/// The class checks `O`, `o`, `X`, `x` (see the module documentation): the letter of the first that
/// fails, if any.
fn class_check_failure(a: &Analysed, class: &str, st: &Stones, p: Point) -> Option<char> {
    let status = |d: Point| a.status(d);
    if class.contains('O') {
        if st.own_dragons.iter().any(|&d| matches!(status(d), DragonStatus::Critical | DragonStatus::Dead)) {
            return Some('O');
        }
        if st.own_worms.iter().any(|&w| lost_unless_saved(a, w, p)) {
            return Some('O');
        }
    }
    if class.contains('o')
        && st.own_dragons.iter().any(|&d| matches!(status(d), DragonStatus::Alive | DragonStatus::Critical))
    {
        return Some('o');
    }
    if class.contains('X') && st.their_dragons.iter().any(|&d| status(d) == DragonStatus::Dead) {
        return Some('X');
    }
    if class.contains('x')
        && st.their_dragons.iter().any(|&d| matches!(status(d), DragonStatus::Alive | DragonStatus::Critical))
    {
        return Some('x');
    }
    None
}

/// The own dragons of the match whose worms in the pattern all survive (or are saved by the move).
fn defendable_own_dragons(a: &Analysed, st: &Stones, p: Point) -> Vec<Point> {
    st.own_dragons
        .iter()
        .copied()
        .filter(|&d| {
            !st.own_worms.iter().any(|&w| a.dragons.at(w).is_some_and(|x| x.origin == d) && lost_unless_saved(a, w, p))
        })
        .collect()
}

fn apply_classes(a: &Analysed, class: &str, st: &Stones, p: Point, scale: f32, out: &mut MoveReasons) {
    let has = |c: char| class.contains(c);
    let joseki_ad = has('J') || has('U');
    let joseki_expand = has('j') || has('t');
    if has('C') {
        let ds = defendable_own_dragons(a, st, p);
        for (i, &x) in ds.iter().enumerate() {
            for &y in &ds[i + 1..] {
                out.add(p, MoveReason::Connect { first: x.min(y), second: x.max(y) });
            }
        }
    }
    if has('B') {
        let ds = &st.their_dragons;
        for (i, &x) in ds.iter().enumerate() {
            for &y in &ds[i + 1..] {
                out.add(p, MoveReason::Cut { first: x.min(y), second: x.max(y) });
            }
        }
    }
    if has('c') || has('d') || joseki_ad {
        for d in defendable_own_dragons(a, st, p) {
            out.add(p, MoveReason::StrategicDefend { dragon: d });
        }
    }
    if has('c') {
        out.add_shape(p, WEAK_CONNECTION_SHAPE);
    }
    if has('a') || joseki_ad {
        for &d in &st.their_dragons {
            out.add(p, MoveReason::StrategicAttack { dragon: d });
        }
    }
    if has('e') || joseki_expand {
        out.add(p, MoveReason::ExpandTerritory);
    }
    if has('E') || joseki_expand {
        out.add(p, MoveReason::ExpandMoyo);
    }
    if has('I') {
        out.add(p, MoveReason::Invasion);
    }
    if has('U') {
        out.add_shape(p, URGENT_JOSEKI_SHAPE);
        out.set_min_value(p, JOSEKI_U);
    }
    if has('J') {
        out.set_min_value(p, JOSEKI_J);
    }
    for (c, v) in [('j', JOSEKI_LOWER_J), ('t', JOSEKI_T)] {
        if has(c) {
            let v = v * scale;
            out.set_min_value(p, v);
            if has('F') {
                out.set_max_value(p, v);
            }
        }
    }
}

fn apply_values(pattern: &patterns::Pattern, p: Point, out: &mut MoveReasons) {
    for attr in &pattern.colon.values {
        let Some(x) = attr.number() else { continue };
        let x = x as f32;
        match attr.name.as_str() {
            "value" | "minvalue" => out.set_min_value(p, x),
            "maxvalue" => out.set_max_value(p, x),
            "shape" => out.add_shape(p, x),
            "followup" | "followup_value" => out.add_followup(p, x),
            "reverse_followup" => out.add_reverse_followup(p, x),
            "terri" | "minterri" => out.set_min_territory(p, x),
            "maxterri" => out.set_max_territory(p, x),
            _ => {}
        }
    }
}

fn apply_action(a: &Analysed, name: &str, args: &[Point], p: Point, out: &mut MoveReasons) {
    let b = &a.board;
    let worm = |q: Point| a.worms[usize::from(q)].origin;
    let es = |q: Point| a.worms[usize::from(q)].effective_size as f32;
    let dragon = |q: Point| a.dragons.at(q).map(|d| d.origin);
    match (name, args) {
        ("antisuji", [q]) => out.add(*q, MoveReason::Antisuji),
        ("add_cut_move" | "add_connect_move", [x, y]) => {
            let (Some(dx), Some(dy)) = (dragon(*x), dragon(*y)) else { return };
            if dx == dy {
                return;
            }
            let (first, second) = (dx.min(dy), dx.max(dy));
            out.add(
                p,
                if name == "add_cut_move" {
                    MoveReason::Cut { first, second }
                } else {
                    MoveReason::Connect { first, second }
                },
            );
        }
        ("add_attack_either_move" | "add_defend_both_move", [x, y]) => {
            if b.color(*x).is_none() || b.color(*y).is_none() {
                return;
            }
            let (first, second) = (worm(*x).min(worm(*y)), worm(*x).max(worm(*y)));
            if first == second {
                return;
            }
            out.add(
                p,
                if name == "add_attack_either_move" {
                    MoveReason::Either { first, second }
                } else {
                    MoveReason::All { first, second }
                },
            );
        }
        ("threaten_to_save", [q]) if b.color(*q).is_some() => out.add_followup(p, 2.0 + 2.0 * es(*q)),
        ("threaten_to_capture", [q]) if b.color(*q).is_some() => out.add_followup(p, 2.0 * es(*q)),
        ("prevent_attack_threat", [q]) if b.color(*q).is_some() => out.add_reverse_followup(p, 2.0 * es(*q)),
        ("defend_against_atari", [q]) if b.color(*q).is_some() && b.liberties(*q) == 2 => {
            out.add_reverse_followup(p, 2.0 * es(*q))
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests;
