//! The Go engine's side of the pattern language: [`BoardView`] shows a [`Board`] to the matchers from one
//! colour's point of view (that colour is the patterns' `O`), and [`GoPatternContext`] answers the
//! autohelpers' questions ([`patterns::PatternContext`]) on that board; [`list_matches`] ties both to a
//! [`PatternLibrary`] for tools and the GTP command `list_pattern_matches`.
//!
//! Liberty helpers are exact: `lib` (and `lib2`–`lib4`, liberties of higher order: empty points at
//! distance 2–4 from the string through empty points), `xlib`/`olib` (liberties after the move, captures
//! made), `ko`, legality and suicide. Tactical helpers go through the two functions of [`tactics`], a
//! small documented stand-in for full reading that can be swapped for `crate::reading` in one place.
//! Dragon helpers treat each string as its own dragon with a status derived from [`tactics`];
//! territory, eye-space beyond simple true eyes and owl helpers answer neutral defaults (listed on
//! [`GoPatternContext`]). This module owns the mapping only: it must not change the board rules, the
//! matchers or the expression semantics.

use crate::board::{Board, Color, Point, ARRAY};
use crate::game::GoGame;
use crate::vertex::format_vertex;
use crate::Move;
use patterns::eval::{codes, DragonQuery, EyeQuery, SequenceTest, Side, Tactical, Territory, Value};
use patterns::{Cell, Evaluated, MatchBoard, PatternContext, PatternLibrary, Vertex};

/// A board as the matchers see it, `own` playing the patterns' `O`.
#[derive(Clone, Copy)]
pub struct BoardView<'a> {
    pub board: &'a Board,
    pub own: Color,
}

fn cell(board: &Board, own: Color, p: Point) -> Cell {
    match board.color(p) {
        None => Cell::Empty,
        Some(c) if c == own => Cell::O,
        Some(_) => Cell::X,
    }
}

impl MatchBoard for BoardView<'_> {
    fn size(&self) -> usize {
        self.board.size()
    }

    fn get(&self, row: usize, col: usize) -> Cell {
        cell(self.board, self.own, self.board.point(col as u8, row as u8))
    }
}

/// The stand-in tactical reader: one liberty short of real reading, ladder-free.
///
/// * [`attack`](tactics::attack): a string with one liberty is captured there if the move is legal; a
///   string with two liberties is attacked by an atari on either liberty after which the owner cannot
///   escape: neither extending on the last liberty nor capturing an adjacent string in atari leaves it
///   with two or more liberties. Escapes are not read further (ladders count as escapes).
/// * [`defend`](tactics::defend): for an attackable string, a move of its owner (on its liberties, or
///   capturing an adjacent string in atari) after which [`attack`](tactics::attack) fails.
///
/// Swapping these two functions (e.g. for `crate::reading`) upgrades every tactical helper at once.
pub mod tactics {
    use crate::board::{Board, Color, Move, Point};

    fn play(board: &Board, p: Point, c: Color) -> Option<Board> {
        let mut b = board.clone();
        b.play(Move::Play(p), c).ok().map(|_| b)
    }

    /// Liberties of the string at `s` (at most 8 listed).
    fn libs(board: &Board, s: Point) -> ([Point; 8], usize) {
        let mut v = Vec::with_capacity(8);
        board.string_liberties(s, 8, &mut v);
        let mut out = [0; 8];
        out[..v.len()].copy_from_slice(&v);
        (out, v.len())
    }

    /// The liberties of adjacent opponent strings in atari (capturing moves for the owner of `s`).
    fn captures_next_to(board: &Board, s: Point, out: &mut Vec<Point>) {
        let Some(owner) = board.color(s) else { return };
        for st in board.string_stones(s) {
            for q in Board::neighbors(st) {
                if board.color(q) == Some(owner.opponent()) && board.liberties(q) == 1 {
                    if let Some(l) = board.first_liberty(q) {
                        if !out.contains(&l) {
                            out.push(l);
                        }
                    }
                }
            }
        }
    }

    /// Whether the owner of the string at `s`, in atari and to move, can get it two liberties.
    fn escapes(board: &Board, s: Point) -> bool {
        let Some(owner) = board.color(s) else { return false };
        let mut tries = Vec::new();
        if let Some(l) = board.first_liberty(s) {
            tries.push(l);
        }
        captures_next_to(board, s, &mut tries);
        tries.into_iter().any(|m| play(board, m, owner).is_some_and(|b| b.color(s).is_some() && b.liberties(s) >= 2))
    }

    /// A move capturing (or irrecoverably ataring) the string at `s`, its opponent moving first.
    pub fn attack(board: &Board, s: Point) -> Option<Point> {
        let owner = board.color(s)?;
        let (ls, n) = libs(board, s);
        match n {
            1 => board.is_legal(ls[0], owner.opponent()).then_some(ls[0]),
            2 => ls[..2].iter().copied().find(|&l| {
                play(board, l, owner.opponent()).is_some_and(|b| {
                    // Captured outright, or in atari with no escape (extension or capture).
                    b.color(s).is_none() || (b.liberties(s) == 1 && !escapes(&b, s))
                })
            }),
            _ => None,
        }
    }

    /// A move saving the string at `s` (its owner moving first) when it is attacked.
    pub fn defend(board: &Board, s: Point) -> Option<Point> {
        let owner = board.color(s)?;
        attack(board, s)?;
        let (ls, n) = libs(board, s);
        let mut tries: Vec<Point> = ls[..n].to_vec();
        captures_next_to(board, s, &mut tries);
        tries.into_iter().find(|&m| play(board, m, owner).is_some_and(|b| attack(&b, s).is_none()))
    }
}

/// Answers autohelper questions on a board for the side `own` (the patterns' `O`).
///
/// Neutral defaults, pending dragon, influence and owl analysis: a dragon is its string; `status` is
/// `ALIVE` when [`tactics::attack`] fails, `CRITICAL` when it succeeds and [`tactics::defend`] saves the
/// string, `DEAD` otherwise (`UNKNOWN` on an empty point); `weak` means critical; `weakness` is 1 for
/// critical and dead strings, else 0; `genus` counts the true eyes next to the string; `potential_cutstone`
/// is 0; area, moyo and territory are never claimed; `eye`/`proper_eye` are true eyes of either colour,
/// `marginal_eye`, `halfeye`, `max_eye_value` 0; every `owl_*` helper, action and special helper answers
/// 0 (`total_handicap_stones` answers the game's handicap).
pub struct GoPatternContext<'a> {
    board: &'a Board,
    own: Color,
    handicap: usize,
}

impl<'a> GoPatternContext<'a> {
    pub fn new(board: &'a Board, own: Color) -> GoPatternContext<'a> {
        GoPatternContext { board, own, handicap: 0 }
    }

    /// For the side to move, or `own`, in a game (which also knows the handicap).
    pub fn for_game(game: &'a GoGame, own: Color) -> GoPatternContext<'a> {
        GoPatternContext { board: game.board(), own, handicap: game.handicap() }
    }

    fn point(&self, v: Vertex) -> Point {
        self.board.point(v.col, v.row)
    }

    fn colour_of(&self, side: Side) -> Color {
        match side {
            Side::O => self.own,
            Side::X => self.own.opponent(),
        }
    }

    fn after(&self, p: Point, c: Color) -> Option<Board> {
        let mut b = self.board.clone();
        b.play(Move::Play(p), c).ok().map(|_| b)
    }

    fn attack_code(board: &Board, s: Point) -> f64 {
        if tactics::attack(board, s).is_some() {
            codes::WIN
        } else {
            0.0
        }
    }

    /// `defend`: WIN when attacked and defended; in a sequence a string that is not attacked counts
    /// as defended (`xplay_defend`'s convention).
    fn defend_code(board: &Board, s: Point, unattacked: f64) -> f64 {
        if tactics::attack(board, s).is_none() {
            unattacked
        } else if tactics::defend(board, s).is_some() {
            codes::WIN
        } else {
            0.0
        }
    }

    fn safe(board: &Board, p: Point, c: Color) -> bool {
        let mut b = board.clone();
        b.play(Move::Play(p), c).is_ok() && b.color(p).is_some() && tactics::attack(&b, p).is_none()
    }

    fn connected(board: &Board, a: Point, b: Point) -> bool {
        let (Some(ca), Some(cb)) = (board.color(a), board.color(b)) else { return false };
        if ca != cb {
            return false;
        }
        if board.string_id(a) == board.string_id(b) {
            return true;
        }
        let (mut la, mut lb) = (Vec::new(), Vec::new());
        board.string_liberties(a, usize::MAX, &mut la);
        board.string_liberties(b, usize::MAX, &mut lb);
        let common: Vec<Point> = la.into_iter().filter(|p| lb.contains(p)).collect();
        // Two shared liberties are miai; one is enough when the opponent cannot safely take it.
        common.len() >= 2 || common.iter().any(|&p| !Self::safe(board, p, ca.opponent()))
    }

    fn sequence_board(&self, first: Side, moves: &[Option<Vertex>]) -> Board {
        let mut b = self.board.clone();
        let mut c = self.colour_of(first);
        for m in moves {
            if let Some(v) = m {
                // Illegal moves are skipped as if played (the documented convention).
                let _ = b.play(Move::Play(self.point(*v)), c);
            }
            c = c.opponent();
        }
        b
    }

    fn orders(&self, s: Point, order: u8) -> u32 {
        // Breadth-first through empty points: layer k holds the liberties of order k.
        let mut seen = [false; ARRAY];
        let mut layer: Vec<Point> = self.board.string_stones(s).collect();
        for &p in &layer {
            seen[usize::from(p)] = true;
        }
        for _ in 0..order {
            let mut next = Vec::new();
            for &p in &layer {
                for q in Board::neighbors(p) {
                    if self.board.is_empty(q) && !seen[usize::from(q)] {
                        seen[usize::from(q)] = true;
                        next.push(q);
                    }
                }
            }
            layer = next;
        }
        layer.len() as u32
    }

    fn is_ko_capture(board: &Board, p: Point, c: Color) -> bool {
        let before = board.captures(c);
        let mut b = board.clone();
        b.play(Move::Play(p), c).is_ok() && b.captures(c) == before + 1 && b.string_size(p) == 1 && b.liberties(p) == 1
    }
}

fn flag(b: bool) -> f64 {
    if b {
        1.0
    } else {
        0.0
    }
}

impl PatternContext for GoPatternContext<'_> {
    fn size(&self) -> usize {
        self.board.size()
    }

    fn color(&self, v: Vertex) -> Cell {
        cell(self.board, self.own, self.point(v))
    }

    fn liberties(&mut self, v: Vertex, order: u8) -> u32 {
        let p = self.point(v);
        match (self.board.color(p), order) {
            (None, _) => 0,
            (Some(_), 1) => self.board.liberties(p) as u32,
            (Some(_), k) => self.orders(p, k),
        }
    }

    fn liberties_after_move(&mut self, v: Vertex, side: Side) -> u32 {
        let p = self.point(v);
        self.after(p, self.colour_of(side)).map_or(0, |b| b.liberties(p) as u32)
    }

    fn ko(&mut self, v: Vertex) -> bool {
        let p = self.point(v);
        if self.board.ko().is_some_and(|(k, _)| k == p) {
            return true;
        }
        match self.board.color(p) {
            None => [Color::Black, Color::White].into_iter().any(|c| Self::is_ko_capture(self.board, p, c)),
            Some(c) => {
                self.board.string_size(p) == 1
                    && self.board.liberties(p) == 1
                    && self.board.first_liberty(p).is_some_and(|l| Self::is_ko_capture(self.board, l, c.opponent()))
            }
        }
    }

    fn legal(&mut self, v: Vertex, side: Side) -> bool {
        self.board.is_legal(self.point(v), self.colour_of(side))
    }

    fn suicide(&mut self, v: Vertex, side: Side) -> bool {
        let p = self.point(v);
        self.board.is_empty(p) && self.board.is_suicide(p, self.colour_of(side))
    }

    fn tactical(&mut self, q: Tactical) -> f64 {
        let b = self.board;
        match q {
            Tactical::Attack(v) => Self::attack_code(b, self.point(v)),
            Tactical::Defend(v) => Self::defend_code(b, self.point(v), 0.0),
            Tactical::DoesAttack { mv, target } => {
                let (m, t) = (self.point(mv), self.point(target));
                let Some(owner) = b.color(t) else { return 0.0 };
                match self.after(m, owner.opponent()) {
                    // Captured, or in a position where the owner to move cannot save it.
                    Some(a) => flag(
                        a.color(t).is_none() || (Self::attack_code(&a, t) > 0.0 && tactics::defend(&a, t).is_none()),
                    ),
                    None => 0.0,
                }
            }
            Tactical::DoesDefend { mv, target } => {
                let (m, t) = (self.point(mv), self.point(target));
                let Some(owner) = b.color(t) else { return 0.0 };
                match self.after(m, owner) {
                    Some(a) => flag(a.color(t).is_some() && tactics::attack(&a, t).is_none()),
                    None => 0.0,
                }
            }
            Tactical::SafeMove { side, at } => flag(Self::safe(b, self.point(at), self.colour_of(side))),
            Tactical::DefendAgainst { side, mv, target } => {
                let c = self.colour_of(side);
                match self.after(self.point(mv), c) {
                    Some(a) => flag(!Self::safe(&a, self.point(target), c.opponent())),
                    None => 0.0,
                }
            }
            Tactical::Cut { side, at } => {
                // A safe stone of `side` between two distinct strings of the other colour.
                let (p, c) = (self.point(at), self.colour_of(side));
                if !b.is_empty(p) {
                    return 0.0;
                }
                let mut heads: Vec<Point> = Vec::new();
                for q in Board::neighbors(p) {
                    if b.color(q) == Some(c.opponent()) && !heads.contains(&b.string_id(q)) {
                        heads.push(b.string_id(q));
                    }
                }
                flag(heads.len() >= 2 && Self::safe(b, p, c))
            }
        }
    }

    fn play_sequence(&mut self, first: Side, moves: &[Option<Vertex>], test: SequenceTest) -> f64 {
        let b = self.sequence_board(first, moves);
        let gone = |v: Vertex| b.color(self.point(v)).is_none();
        match test {
            SequenceTest::Attack(z) if gone(z) => codes::WIN,
            SequenceTest::Attack(z) => Self::attack_code(&b, self.point(z)),
            SequenceTest::Defend(z) if gone(z) => 0.0,
            SequenceTest::Defend(z) => Self::defend_code(&b, self.point(z), codes::WIN),
            SequenceTest::AttackEither(y, z) if gone(y) || gone(z) => codes::WIN,
            SequenceTest::AttackEither(y, z) => {
                Self::attack_code(&b, self.point(y)).max(Self::attack_code(&b, self.point(z)))
            }
            SequenceTest::DefendBoth(y, z) if gone(y) || gone(z) => 0.0,
            SequenceTest::DefendBoth(y, z) => {
                let (py, pz) = (self.point(y), self.point(z));
                let ay = tactics::attack(&b, py).is_some();
                let az = tactics::attack(&b, pz).is_some();
                // Two separate strings both under attack cannot both be saved by one move (ladder-free).
                let both = ay && az && b.string_id(py) != b.string_id(pz);
                let ok =
                    !both && (!ay || tactics::defend(&b, py).is_some()) && (!az || tactics::defend(&b, pz).is_some());
                flag(ok) * codes::WIN
            }
            SequenceTest::Connect(y, z) => flag(Self::connected(&b, self.point(y), self.point(z))) * codes::WIN,
            SequenceTest::Disconnect(y, z) => flag(!Self::connected(&b, self.point(y), self.point(z))) * codes::WIN,
            SequenceTest::BreakThrough(x, y, z) => {
                let hit = [x, y, z].into_iter().any(|v| gone(v) || Self::attack_code(&b, self.point(v)) > 0.0);
                flag(hit) * codes::WIN
            }
            SequenceTest::Lib(z) => b.liberties(self.point(z)) as f64,
        }
    }

    fn dragon(&mut self, q: DragonQuery) -> f64 {
        let b = self.board;
        let status = |p: Point| {
            if b.color(p).is_none() {
                codes::UNKNOWN
            } else if tactics::attack(b, p).is_none() {
                codes::ALIVE
            } else if tactics::defend(b, p).is_some() {
                codes::CRITICAL
            } else {
                codes::DEAD
            }
        };
        match q {
            DragonQuery::Status(v) => status(self.point(v)),
            DragonQuery::Weak(v) => flag(status(self.point(v)) == codes::CRITICAL),
            DragonQuery::Weakness(v) => {
                flag(matches!(status(self.point(v)), s if s == codes::CRITICAL || s == codes::DEAD))
            }
            DragonQuery::DragonSize(v) | DragonQuery::WormSize(v) | DragonQuery::EffectiveSize(v) => {
                b.string_size(self.point(v)) as f64
            }
            DragonQuery::Genus(v) => {
                let p = self.point(v);
                let Some(c) = b.color(p) else { return 0.0 };
                let mut eyes: Vec<Point> = Vec::new();
                for s in b.string_stones(p) {
                    for q in Board::neighbors(s) {
                        if b.is_true_eye(q, c) && !eyes.contains(&q) {
                            eyes.push(q);
                        }
                    }
                }
                eyes.len() as f64
            }
            DragonQuery::SameDragon(x, y) | DragonQuery::SameWorm(x, y) => {
                let (p, q) = (self.point(x), self.point(y));
                flag(b.color(p).is_some() && b.color(p) == b.color(q) && b.string_id(p) == b.string_id(q))
            }
            DragonQuery::VitalChain(v) => {
                // GNU Go's rule: anything but a lone stone on the first line.
                let p = self.point(v);
                let (col, row) = b.coords(p);
                let n = b.size() as u8 - 1;
                let edge = col == 0 || row == 0 || col == n || row == n;
                flag(b.color(p).is_some() && !(b.string_size(p) == 1 && edge))
            }
            DragonQuery::PotentialCutstone(_) => 0.0,
            DragonQuery::SekiHelper(v) => {
                let p = self.point(v);
                let Some(c) = b.color(p) else { return 0.0 };
                let mut can_capture = false;
                for s in b.string_stones(p) {
                    for q in Board::neighbors(s) {
                        can_capture |= b.color(q) == Some(c.opponent()) && tactics::attack(b, q).is_some();
                    }
                }
                flag(!can_capture)
            }
        }
    }

    fn territory(&mut self, _kind: Territory, _side: Side, _v: Vertex) -> bool {
        false
    }

    fn eye(&mut self, q: EyeQuery) -> f64 {
        let b = self.board;
        let true_eye = |p: Point| b.is_true_eye(p, Color::Black) || b.is_true_eye(p, Color::White);
        match q {
            EyeQuery::Eye(v) | EyeQuery::ProperEye(v) => flag(true_eye(self.point(v))),
            EyeQuery::ObviousFalseEye { side, at } => {
                // Surrounded by `side` but with too many opponent diagonals to be a true eye.
                let (p, c) = (self.point(at), self.colour_of(side));
                let closed =
                    b.is_empty(p) && Board::neighbors(p).iter().all(|&q| b.is_border(q) || b.color(q) == Some(c));
                flag(closed && !b.is_true_eye(p, c))
            }
            EyeQuery::FalseEye(v) => {
                let p = self.point(v);
                let closed = |c: Color| {
                    b.is_empty(p)
                        && Board::neighbors(p).iter().all(|&q| b.is_border(q) || b.color(q) == Some(c))
                        && !b.is_true_eye(p, c)
                };
                flag(closed(Color::Black) || closed(Color::White))
            }
            EyeQuery::MarginalEye(_) | EyeQuery::HalfEye(_) | EyeQuery::MaxEyeValue(_) => 0.0,
        }
    }

    fn special(&mut self, name: &str, args: &[Value]) -> f64 {
        let b = self.board;
        let captures_something = |v: &Value, c: Color| match v {
            Value::Point(v) => {
                let p = self.point(*v);
                b.is_empty(p)
                    && Board::neighbors(p).iter().any(|&q| b.color(q) == Some(c.opponent()) && b.liberties(q) == 1)
            }
            _ => false,
        };
        match (name, args) {
            ("total_handicap_stones", _) => self.handicap as f64,
            ("o_captures_something", [v]) => flag(captures_something(v, self.own)),
            ("x_captures_something", [v]) => flag(captures_something(v, self.own.opponent())),
            _ => 0.0,
        }
    }
}

/// Loads an SGF record as GNU Go's `loadsgf FILE [MOVE]` does: `until` a move number (stop before it) or
/// a vertex (stop before the first move there); without it, the whole main line.
pub fn load_position(text: &str, until: Option<&str>, rules: crate::Rules) -> Result<GoGame, crate::sgf::LoadError> {
    use crate::sgf::{load, Until};
    let whole = load(text, Until::End, rules)?;
    let until = match until {
        None => Until::End,
        Some(t) if t.bytes().all(|b| b.is_ascii_digit()) => Until::MoveNumber(t.parse().unwrap_or(0)),
        Some(t) => match crate::vertex::parse_vertex(t, whole.board()) {
            Some(Move::Play(p)) => {
                let (c, r) = whole.board().coords(p);
                Until::Vertex(c, r)
            }
            _ => Until::End,
        },
    };
    if until == Until::End {
        Ok(whole)
    } else {
        load(text, until, rules)
    }
}

/// One evaluated match, ready to print.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchLine {
    pub database: String,
    pub pattern: String,
    pub anchor: String,
    /// The documentation's letter (a–h).
    pub transform: char,
    /// `-` when the pattern has no `*`.
    pub move_vertex: String,
    /// `true`, `false`, `-` (no constraint) or `error: …`.
    pub constraint: String,
}

impl std::fmt::Display for MatchLine {
    /// `DB:PATTERN ANCHOR TRANSFORM MOVE CONSTRAINT`, single spaces.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{} {} {} {} {}",
            self.database, self.pattern, self.anchor, self.transform, self.move_vertex, self.constraint
        )
    }
}

/// Every match of `library` in `game`'s position for `own` (the patterns' `O`), with its constraint
/// evaluated; sorted by database order, pattern, anchor, transformation.
pub fn list_matches(library: &PatternLibrary, game: &GoGame, own: Color) -> Vec<MatchLine> {
    let board = game.board();
    let view = BoardView { board, own };
    let matches = library.matches(&view, false);
    let mut ctx = GoPatternContext::for_game(game, own);
    let vertex = |v: Vertex| format_vertex(board, Move::Play(board.point(v.col, v.row)));
    library
        .evaluate(&mut ctx, &matches)
        .into_iter()
        .map(|Evaluated { m, constraint }| MatchLine {
            database: library.database_of(m.pattern).to_string(),
            pattern: library.pattern(m.pattern).name.clone(),
            anchor: vertex(m.anchor),
            transform: m.transform.letter(),
            move_vertex: m.move_vertex.map_or_else(|| "-".to_string(), vertex),
            constraint: match constraint {
                None => "-".to_string(),
                Some(Ok(held)) => held.to_string(),
                Some(Err(e)) => format!("error: {e}"),
            },
        })
        .collect()
}

/// The pattern library of an engine: the built-in databases, then every `.db` file of `dir` (e.g. GNU
/// Go's `patterns/` directory). Problems are kept in the library's `errors` (file, line, column); the
/// patterns that compiled are usable whatever failed.
pub fn load_library(dir: Option<&std::path::Path>) -> PatternLibrary {
    match dir {
        None => PatternLibrary::builtin(),
        Some(d) => PatternLibrary::load_dir(d, patterns::builtin(), patterns::Registry::standard()),
    }
}

/// Registers the GTP extension `list_pattern_matches [COLOR]`: every match of the engine's pattern
/// databases in the current position for COLOR (default: the side to move) as the patterns' `O`, one
/// [`MatchLine`] per line (`DB:PATTERN ANCHOR TRANSFORM MOVE CONSTRAINT`); for pattern tuners.
pub fn register(r: &mut engine_core::command::Registry<crate::gtp::GtpState>) {
    r.register(
        "list_pattern_matches",
        "list_pattern_matches [COLOR]: the pattern matches in the position, one per line",
        |s, a| {
            let own = match a.get(0) {
                None => s.game.to_move(),
                Some(t) => crate::vertex::parse_color(t)
                    .ok_or_else(|| engine_core::command::CommandError::failed("invalid color"))?,
            };
            let lines = list_matches(&s.patterns, &s.game, own);
            Ok(lines.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    fn game(rows: &[&str]) -> GoGame {
        GoGame::from_rows(rows, 0.0, Rules::default()).expect("legal diagram")
    }

    fn v(row: usize, col: usize) -> Vertex {
        Vertex::new(row, col)
    }

    #[test]
    fn liberty_helpers_count_by_hand() {
        // White (O for white to move) pair at (0,2)-(1,2): liberties (0,3), (1,3). Second order:
        // (0,4), (1,4), (2,3).
        let g = game(&[".XO..", ".XO..", "..X..", ".....", "....."]);
        let mut ctx = GoPatternContext::new(g.board(), Color::White);
        assert_eq!(ctx.liberties(v(0, 2), 1), 2);
        assert_eq!(ctx.liberties(v(1, 2), 2), 3);
        assert_eq!(ctx.liberties(v(0, 1), 1), 3);
        assert_eq!(ctx.liberties(v(3, 3), 1), 0, "empty point");
        // Black (X) at (0,3): neighbours (0,4), (1,3) empty, nothing captured.
        assert_eq!(ctx.liberties_after_move(v(0, 3), Side::X), 2);
        // White at (1,3) joins the pair: (0,3), (1,4), (2,3).
        assert_eq!(ctx.liberties_after_move(v(1, 3), Side::O), 3);
        assert_eq!(ctx.liberties_after_move(v(0, 2), Side::O), 0, "occupied");
        assert_eq!(ctx.color(v(0, 2)), Cell::O);
        assert_eq!(ctx.color(v(0, 1)), Cell::X);
        // Seen from black the colours swap.
        assert_eq!(GoPatternContext::new(g.board(), Color::Black).color(v(0, 2)), Cell::X);
    }

    #[test]
    fn ko_shape_and_tactics() {
        // White (1,1) has one liberty (1,2); black taking there captures one stone and is left
        // with one liberty: a ko.
        let g = game(&[".XO..", "XO.O.", ".XO..", ".....", "....."]);
        let mut ctx = GoPatternContext::new(g.board(), Color::White);
        assert!(ctx.ko(v(1, 1)) && ctx.ko(v(1, 2)));
        assert!(!ctx.ko(v(0, 2)) && !ctx.ko(v(3, 3)));
        assert_eq!(ctx.tactical(Tactical::Attack(v(1, 1))), codes::WIN);
        assert_eq!(ctx.tactical(Tactical::Defend(v(1, 1))), codes::WIN, "connecting at (1,2) saves it");
        assert_eq!(ctx.dragon(DragonQuery::Status(v(1, 1))), codes::CRITICAL);
        assert_eq!(ctx.dragon(DragonQuery::Status(v(0, 2))), codes::ALIVE);
        // X captures something at (1,2); O does not.
        assert_eq!(ctx.special("x_captures_something", &[Value::Point(v(1, 2))]), 1.0);
        assert_eq!(ctx.special("o_captures_something", &[Value::Point(v(1, 2))]), 0.0);
    }

    #[test]
    fn corner_stone_with_two_liberties_is_dead() {
        // White in the corner, black on the diagonal: an atari on either side cannot be escaped.
        let g = game(&["O....", ".X...", ".....", ".....", "....."]);
        let mut ctx = GoPatternContext::new(g.board(), Color::White);
        assert_eq!(ctx.tactical(Tactical::Attack(v(0, 0))), codes::WIN);
        assert_eq!(ctx.tactical(Tactical::Defend(v(0, 0))), 0.0);
        assert_eq!(ctx.dragon(DragonQuery::Status(v(0, 0))), codes::DEAD);
        assert_eq!(ctx.tactical(Tactical::DoesAttack { mv: v(0, 1), target: v(0, 0) }), 1.0);
        assert_eq!(ctx.tactical(Tactical::SafeMove { side: Side::O, at: v(0, 1) }), 0.0);
        assert_eq!(ctx.tactical(Tactical::SafeMove { side: Side::O, at: v(2, 2) }), 1.0);
        // After black (0,1), white's stone has one liberty; after white (0,1), two.
        assert_eq!(ctx.play_sequence(Side::X, &[Some(v(0, 1))], SequenceTest::Lib(v(0, 0))), 1.0);
        assert_eq!(ctx.play_sequence(Side::O, &[Some(v(0, 1))], SequenceTest::Lib(v(0, 0))), 2.0);
        // Black (0,1), white tenuki, black (1,0) captures: the attack has succeeded.
        let seq = [Some(v(0, 1)), None, Some(v(1, 0))];
        assert_eq!(ctx.play_sequence(Side::X, &seq, SequenceTest::Attack(v(0, 0))), codes::WIN);
        assert_eq!(ctx.play_sequence(Side::X, &seq, SequenceTest::Defend(v(0, 0))), 0.0);
    }

    #[test]
    fn builtin_ponnuki_matches_with_its_constraint() {
        // Black (2,2) in atari inside three white stones; white to move takes at D3.
        let g = game(&[".....", "..O..", ".OX..", "..O..", "....."]);
        let lib = PatternLibrary::builtin();
        let lines = list_matches(&lib, &g, Color::White);
        let ponnuki: Vec<String> = lines.iter().filter(|l| l.pattern == "ShPonnuki").map(ToString::to_string).collect();
        assert_eq!(ponnuki, ["shape.db:ShPonnuki C4 a D3 true"]);
        // For black the same stones are the other way round: no ponnuki.
        assert!(list_matches(&lib, &g, Color::Black).iter().all(|l| l.pattern != "ShPonnuki"));
    }
}
