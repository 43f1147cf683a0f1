//! The Go engine's side of the pattern language: [`BoardView`] shows a [`Board`] to the matchers from one
//! colour's point of view (that colour is the patterns' `O`), and [`GoPatternContext`] answers the
//! autohelpers' questions ([`patterns::PatternContext`]) on that board; [`list_matches`] ties both to a
//! [`PatternLibrary`] for tools and the GTP command `list_pattern_matches`.
//!
//! Where the answers come from:
//! * Liberties (exact): `lib` and `lib2`–`lib4` (empty points at distance 2–4 through empty points),
//!   `xlib`/`olib` (after the move, captures made), `ko`, legality, suicide.
//! * Tactics: the real reader, [`crate::analysis::reading::Reader`], its [`ReadResult`] given to the
//!   patterns as their constants (`WIN`, `KO_A`, `KO_B`, `LOSE`: [`ReadResult::pattern_code`]): `attack`, `defend` (0 when the string is not attacked, as GNU Go's worm
//!   data), `does_attack`/`does_defend`, `safe_xmove`/`safe_omove` (trymove, then the attack's code
//!   reversed), `xdefend_against`/`odefend_against` (trymove, then the other side's safety), `xcut`/`ocut`
//!   (the cut stone is safe and the reader's [`connection::connect`] fails between two of the opponent's
//!   strings next to it).
//! * Sequences (`xplay_*`/`oplay_*`): played with GNU Go's `trymove`/`tryko` convention (a move that is
//!   illegal even as a ko capture is skipped), counted in the reader's depth, then `attack`, `defend`
//!   (GNU Go's `find_defense`: WIN when not attacked), `attack_either`, `defend_both`, `connect` and
//!   `disconnect` ([`crate::analysis::connection`]), `break_through` (a capture or a cut), `lib`.
//! * Dragons: [`crate::analysis::dragon::Dragons`], computed once per context without the owl; a dragon's
//!   `status` is the owl's verdict ([`crate::analysis::owl`], default limits), read the first time that dragon is
//!   asked about and kept (`ALIVE`, `CRITICAL`, `DEAD`; `UNKNOWN` on empty points). `weakness` is the
//!   dragon's (0 strong … 1 dead); `weak` is `CRITICAL`, or not dead with weakness above 0.4 (GNU Go's
//!   rule). `dragonsize`, `same_dragon` and `genus` (the dragon's minimum number of eyes) come from the
//!   dragons; `effective_size` is the worm's ([`crate::analysis::worm`]); `potential_cutstone` is GNU Go's
//!   `cutstone` class 2 ([`crate::analysis::worm::cutstone`]).
//! * Eyes: the dragons' eye spaces ([`crate::analysis::eye`]), either colour: `eye` (in an eye space),
//!   `proper_eye` (not marginal), `marginal_eye`, `halfeye` (the diagonal rule says half eye),
//!   `max_eye_value` (the larger maximum of the spaces through the point); `false_eye` and
//!   `obvious_false_*eye` are closed points that fail the board's true-eye test.
//! * Owl helpers, outside an owl search (the goal is any dragon that is not alive): `owl_goal_dragon`
//!   (the stone's dragon is not alive), `owl_strong_dragon` (alive), `owl_eyespace` /
//!   `owl_big_eyespace` (in an eye space worth at least one / two eyes), `owl_mineye`, `owl_maxeye`,
//!   `owl_eye_size`, `owl_proper_eye` (in a space, not marginal, topologically proper), `owl_lunch`
//!   (a dead stone touching the other colour), `owl_topological_eye(x, y)` (GNU Go's diagonal sum at `x`
//!   for `y`'s colour, read tactically), `owl_escape_value` (2 for an empty point with no stone within
//!   two points, 1 with none next to it, else 0).
//! * Territory: from Monte-Carlo ownership ([`crate::game::status::ownership`], computed once per context, 256
//!   playouts, fixed seed), for `side`: `area` above 0, `moyo` at least 0.3, `terri` at least 0.6 on an
//!   empty point; or, when the caller gives them ([`GoPatternContext::set_territory`]), the owners an
//!   influence function found (the move generator's shape patterns: GNU Go's initial influence).
//! * Actions: every action helper answers 0; when asked ([`GoPatternContext::record_actions`]) the
//!   context records each call with its points and the caller carries them out (the move
//!   generator's shape patterns: `antisuji`, `add_cut_move`, …).
//! * An analysed position ([`GoPatternContext::with_analysis`]) answers from its dragons (owl status
//!   already read) and read worms instead of computing them again.
//! * Neutral defaults, where the engine has nothing yet: `*_moyo_opposite` and `owl_threatens` answer
//!   0; every special helper answers 0 (except `total_handicap_stones` and `o/x_captures_something`).
//!
//! This module owns the mapping only: it must not change the board rules, the matchers, the reader or
//! the expression semantics. It sits above the reading, dragons, eyes and owl whose answers it maps, and
//! below the influence function (whose `barriers.db`/`influence.db` constraints it answers), so it must not
//! import influence, score or semeai, nor GTP: the command
//! `list_pattern_matches` is [`crate::gtp::pattern_commands`]'s, the engine's pattern databases are
//! loaded by [`crate::gtp::state::load_library`], and `mkpat` calls [`list_matches`] directly.

use crate::analysis::dragon::{DragonStatus, Dragons};
use crate::analysis::eye::Safety;
use crate::analysis::owl::OwlLimits;
use crate::analysis::read_result::ReadResult::Lose;
use crate::analysis::reading::Reader;
use crate::game::GoGame;
use crate::rules::board::{Board, TryBoard};
use crate::rules::stone::{Color, Point};
use crate::rules::vertex::format_vertex;
use crate::Move;
use patterns::eval::{codes, DragonQuery, EyeQuery, SequenceTest, Side, Tactical, Territory, Value};
use patterns::{Cell, Evaluated, PatternContext, PatternLibrary, Vertex};

pub(crate) use crate::analysis::pattern_tactics::{
    captures_something, escape_value, false_eye, flag, ko_at, liberties_at, obvious_false_eye, sequence_test,
    tactical_on, vital_chain,
};

pub use crate::analysis::board_view::BoardView;

/// Answers autohelper questions on a board for the side `own` (the patterns' `O`); see the module
/// documentation for where each answer comes from. The reader and the ownership estimate are made on
/// first use and kept for the context's life (the reader's cache serves every later question).
pub struct GoPatternContext<'a> {
    board: &'a Board,
    own: Color,
    handicap: usize,
    reader: Option<Box<Reader>>,
    /// Mean ownership per point, +1 black, −1 white.
    ownership: Option<Vec<f32>>,
    worms: Option<Vec<crate::analysis::worm::Worm>>,
    /// Dragons and eye spaces, made on first use; the owl reads a dragon's status when first asked.
    dragons: Option<Box<Dragons>>,
    /// Who owns each point's area, moyo and territory (board-array order), when the caller gave an
    /// influence-based answer ([`GoPatternContext::set_territory`]); else the ownership estimate answers.
    territory: Option<Vec<[Option<Color>; 3]>>,
    /// The action helpers called, when recording ([`GoPatternContext::record_actions`]).
    actions: Option<Vec<(String, Vec<Point>)>>,
}

impl<'a> GoPatternContext<'a> {
    pub fn new(board: &'a Board, own: Color) -> GoPatternContext<'a> {
        GoPatternContext {
            board,
            own,
            handicap: 0,
            reader: None,
            ownership: None,
            worms: None,
            dragons: None,
            territory: None,
            actions: None,
        }
    }

    /// On a position already analysed: its dragons (their status settled by the owl, which then is
    /// not read again) and its read worms answer the dragon and worm questions.
    pub fn with_analysis(
        board: &'a Board,
        own: Color,
        dragons: Dragons,
        worms: Vec<crate::analysis::worm::Worm>,
    ) -> GoPatternContext<'a> {
        GoPatternContext { dragons: Some(Box::new(dragons)), worms: Some(worms), ..GoPatternContext::new(board, own) }
    }

    /// Answers `*area`, `*moyo` and `*terri` from these owners (per point of the board array: area,
    /// moyo, territory), e.g. GNU Go's initial influence, instead of the ownership estimate.
    pub fn set_territory(&mut self, owners: Vec<[Option<Color>; 3]>) {
        self.territory = Some(owners);
    }

    /// From now on, records the action helpers (`antisuji`, `replace`, `add_cut_move`, …) called with
    /// their points, for the caller to carry out ([`GoPatternContext::take_actions`]).
    pub fn record_actions(&mut self) {
        self.actions.get_or_insert_with(Vec::new);
    }

    /// The action helpers recorded since the last call, in call order.
    pub fn take_actions(&mut self) -> Vec<(String, Vec<Point>)> {
        self.actions.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// For the side to move, or `own`, in a game (which also knows the handicap).
    pub fn for_game(game: &'a GoGame, own: Color) -> GoPatternContext<'a> {
        GoPatternContext { handicap: game.handicap(), ..GoPatternContext::new(game.board(), own) }
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

    /// The reader, on the context's position.
    fn reader(&mut self) -> &mut Reader {
        let board = self.board;
        self.reader.get_or_insert_with(|| Box::new(Reader::new(board)))
    }

    fn after(&self, p: Point, c: Color) -> Option<Board> {
        let mut b = self.board.clone();
        b.play(Move::Play(p), c).ok().map(|_| b)
    }

    /// The dragons of the position (computed once, without the owl).
    fn dragons(&mut self) -> &mut Dragons {
        if self.dragons.is_none() {
            let board = self.board;
            let ds = Dragons::compute(board, self.reader(), None);
            self.dragons = Some(Box::new(ds));
        }
        self.dragons.as_mut().expect("just made")
    }

    /// GNU Go's dragon status of the stone at `p` (the owl's verdict, read once per dragon), and its
    /// weakness (0 strong … 1 dead).
    fn status(&mut self, p: Point) -> (f64, f64) {
        if self.board.color(p).is_none() {
            return (codes::UNKNOWN, 0.0);
        }
        let board = self.board;
        self.dragons();
        let (Some(ds), Some(r)) = (self.dragons.as_mut(), self.reader.as_mut()) else { return (codes::UNKNOWN, 0.0) };
        let status = ds.owl_status(r, board, p, &OwlLimits::default()).map(|v| v.0);
        let weakness = ds.at(p).map_or(0.0, |d| f64::from(d.weakness));
        // A string the reader captures is at best critical whatever its dragon's status.
        let r = self.reader.as_mut().expect("made with the dragons");
        if status == Some(DragonStatus::Alive) && r.attack(p).0 != Lose {
            let saved = r.defend(p).0 != Lose;
            return (if saved { codes::CRITICAL } else { codes::DEAD }, weakness.max(0.9));
        }
        let code = match status {
            Some(DragonStatus::Alive) => codes::ALIVE,
            Some(DragonStatus::Dead) => codes::DEAD,
            Some(DragonStatus::Critical) => codes::CRITICAL,
            _ => codes::UNKNOWN,
        };
        (code, weakness)
    }

    /// The eye space through `p` of either colour (black's first).
    fn any_space(&mut self, p: Point) -> Option<crate::analysis::eye::EyeSpace> {
        let ds = self.dragons();
        ds.eyes.space(p, Color::Black).or_else(|| ds.eyes.space(p, Color::White)).cloned()
    }

    /// The owl helpers (see the module documentation).
    fn owl_helper(&mut self, name: &str, args: &[Value]) -> Option<f64> {
        let b = self.board;
        let pt = |i: usize| match args.get(i) {
            Some(Value::Point(v)) => Some(b.point(v.col, v.row)),
            _ => None,
        };
        let p = pt(0)?;
        Some(match name {
            "owl_goal_dragon" => {
                b.color(p)?;
                let st = self.status(p).0;
                flag(st != codes::ALIVE)
            }
            "owl_strong_dragon" => {
                b.color(p)?;
                flag(self.status(p).0 == codes::ALIVE)
            }
            "owl_escape_value" => escape_value(b, p),
            "owl_eyespace" => flag(self.any_space(p).is_some_and(|e| e.max > 0)),
            "owl_big_eyespace" => flag(self.any_space(p).is_some_and(|e| e.max >= 2)),
            "owl_mineye" => self.any_space(p).map_or(0.0, |e| f64::from(e.min)),
            "owl_maxeye" => self.any_space(p).map_or(0.0, |e| f64::from(e.max)),
            "owl_eye_size" => self.any_space(p).map_or(0.0, |e| e.points.len() as f64),
            "owl_proper_eye" => {
                let ds = self.dragons();
                flag([Color::Black, Color::White].into_iter().any(|c| {
                    ds.eyes.space(p, c).is_some()
                        && !ds.eyes.is_marginal(p, c)
                        && ds.eyes.topology(p, c) == crate::analysis::eye::Topology::Proper
                }))
            }
            "owl_lunch" => {
                let Some(c) = b.color(p) else { return Some(0.0) };
                let touches =
                    b.string_stones(p).any(|s| Board::neighbors(s).iter().any(|&q| b.color(q) == Some(c.opponent())));
                let dead = self.dragons().dead[usize::from(p)];
                flag(touches && dead)
            }
            "owl_topological_eye" => {
                let c = b.color(pt(1)?)?;
                if !b.is_empty(p) {
                    return Some(0.0);
                }
                let dead = self.dragons().dead.clone();
                let r = self.reader();
                let (sum, _) = crate::analysis::eye::diagonal_sum(b, p, c, &dead, &[], &mut Safety::Read(r));
                f64::from(sum)
            }
            _ => 0.0,
        })
    }

    /// Plays `moves` alternately from `first` as GNU Go's `play_*_test` do (`trymove`, else `tryko`;
    /// a move illegal both ways is skipped), runs `test` on the reader there (the moves counting towards
    /// its depth limits), and puts the reader back on the context's position.
    fn with_sequence<T>(&mut self, first: Side, moves: &[Option<Vertex>], test: impl FnOnce(&mut Reader) -> T) -> T {
        let mut t = TryBoard::new(self.board.clone());
        let mut c = self.colour_of(first);
        let mut played = 0;
        for m in moves {
            if let Some(v) = m {
                let p = self.point(*v);
                if t.trymove(p, c) || t.tryko(p, c) {
                    played += 1;
                }
            }
            c = c.opponent();
        }
        let board = self.board;
        let r = self.reader();
        r.set_board(t.board());
        r.depth_offset = played;
        let out = test(r);
        r.set_board(board);
        r.depth_offset = 0;
        out
    }
}

impl PatternContext for GoPatternContext<'_> {
    fn size(&self) -> usize {
        self.board.size()
    }

    fn color(&self, v: Vertex) -> Cell {
        BoardView { board: self.board, own: self.own }.cell(self.point(v))
    }

    fn liberties(&mut self, v: Vertex, order: u8) -> u32 {
        liberties_at(self.board, self.point(v), order)
    }

    fn liberties_after_move(&mut self, v: Vertex, side: Side) -> u32 {
        let p = self.point(v);
        self.after(p, self.colour_of(side)).map_or(0, |b| b.liberties(p) as u32)
    }

    fn ko(&mut self, v: Vertex) -> bool {
        ko_at(self.board, self.point(v))
    }

    fn legal(&mut self, v: Vertex, side: Side) -> bool {
        self.board.is_legal(self.point(v), self.colour_of(side))
    }

    fn suicide(&mut self, v: Vertex, side: Side) -> bool {
        let p = self.point(v);
        self.board.is_empty(p) && self.board.is_suicide(p, self.colour_of(side))
    }

    fn tactical(&mut self, q: Tactical) -> f64 {
        let own = self.own;
        tactical_on(self.reader(), own, q)
    }

    fn play_sequence(&mut self, first: Side, moves: &[Option<Vertex>], test: SequenceTest) -> f64 {
        self.with_sequence(first, moves, |r| sequence_test(r, test))
    }

    fn dragon(&mut self, q: DragonQuery) -> f64 {
        let b = self.board;
        match q {
            DragonQuery::Status(v) => self.status(self.point(v)).0,
            DragonQuery::Weak(v) => {
                let (s, w) = self.status(self.point(v));
                flag(s == codes::CRITICAL || (s != codes::DEAD && w > 0.4))
            }
            DragonQuery::Weakness(v) => self.status(self.point(v)).1,
            DragonQuery::WormSize(v) => b.string_size(self.point(v)) as f64,
            DragonQuery::DragonSize(v) => {
                let p = self.point(v);
                self.dragons().at(p).map_or(0.0, |d| d.size() as f64)
            }
            DragonQuery::EffectiveSize(v) => {
                let p = self.point(v);
                if b.color(p).is_none() {
                    return 0.0;
                }
                let worms = self.worms.get_or_insert_with(|| crate::analysis::worm::worms(b));
                worms[usize::from(p)].effective_size
            }
            DragonQuery::Genus(v) => {
                let p = self.point(v);
                self.dragons().at(p).map_or(0.0, |d| f64::from(d.eyes_min))
            }
            DragonQuery::SameDragon(x, y) => {
                let (p, q) = (self.point(x), self.point(y));
                if b.color(p).is_none() || b.color(p) != b.color(q) {
                    return 0.0;
                }
                flag(self.dragons().same(p, q))
            }
            DragonQuery::SameWorm(x, y) => {
                let (p, q) = (self.point(x), self.point(y));
                flag(b.color(p).is_some() && b.color(p) == b.color(q) && b.string_id(p) == b.string_id(q))
            }
            DragonQuery::VitalChain(v) => vital_chain(b, self.point(v)),
            DragonQuery::PotentialCutstone(v) => flag(crate::analysis::worm::cutstone(b, self.point(v)) == 2),
            DragonQuery::SekiHelper(v) => {
                let p = self.point(v);
                let Some(c) = b.color(p) else { return 0.0 };
                let mut neighbours: Vec<Point> = Vec::new();
                for s in b.string_stones(p) {
                    for q in Board::neighbors(s) {
                        if b.color(q) == Some(c.opponent()) && !neighbours.contains(&b.string_id(q)) {
                            neighbours.push(b.string_id(q));
                        }
                    }
                }
                let r = self.reader();
                flag(!neighbours.into_iter().any(|q| r.attack(q).0 != Lose))
            }
        }
    }

    fn territory(&mut self, kind: Territory, side: Side, v: Vertex) -> bool {
        let (p, c) = (self.point(v), self.colour_of(side));
        let (board, own) = (self.board, self.own);
        if let Some(t) = &self.territory {
            let owners = t[usize::from(p)];
            return match kind {
                Territory::Area => owners[0] == Some(c),
                Territory::Moyo => owners[1] == Some(c),
                Territory::Terri => owners[2] == Some(c),
                Territory::MoyoOpposite => false,
            };
        }
        let o = self
            .ownership
            .get_or_insert_with(|| crate::game::status::ownership(board, own, crate::game::status::PLAYOUTS, 0x5eed));
        let mine = if c == Color::Black { o[usize::from(p)] } else { -o[usize::from(p)] };
        match kind {
            Territory::Area => mine > 0.0,
            Territory::Moyo => mine >= 0.3,
            Territory::Terri => board.is_empty(p) && mine >= 0.6,
            Territory::MoyoOpposite => false,
        }
    }

    fn eye(&mut self, q: EyeQuery) -> f64 {
        let b = self.board;
        match q {
            EyeQuery::Eye(v) => flag(self.any_space(self.point(v)).is_some()),
            EyeQuery::ProperEye(v) => {
                let p = self.point(v);
                let ds = self.dragons();
                flag(
                    [Color::Black, Color::White]
                        .into_iter()
                        .any(|c| ds.eyes.space(p, c).is_some() && !ds.eyes.is_marginal(p, c)),
                )
            }
            EyeQuery::MarginalEye(v) => {
                let p = self.point(v);
                let ds = self.dragons();
                flag(ds.eyes.is_marginal(p, Color::Black) || ds.eyes.is_marginal(p, Color::White))
            }
            EyeQuery::HalfEye(v) => {
                let p = self.point(v);
                let ds = self.dragons();
                flag(
                    [Color::Black, Color::White]
                        .into_iter()
                        .any(|c| ds.eyes.topology(p, c) == crate::analysis::eye::Topology::Half),
                )
            }
            EyeQuery::MaxEyeValue(v) => {
                let p = self.point(v);
                let ds = self.dragons();
                let m = |c: Color| ds.eyes.space(p, c).map_or(0, |e| e.max);
                f64::from(m(Color::Black).max(m(Color::White)))
            }
            EyeQuery::ObviousFalseEye { side, at } => flag(obvious_false_eye(b, self.point(at), self.colour_of(side))),
            EyeQuery::FalseEye(v) => flag(false_eye(b, self.point(v))),
        }
    }

    fn owl(&mut self, name: &str, args: &[Value]) -> f64 {
        self.owl_helper(name, args).unwrap_or(0.0)
    }

    fn action(&mut self, name: &str, args: &[Value]) -> f64 {
        let b = self.board;
        if let Some(rec) = self.actions.as_mut() {
            let points = args
                .iter()
                .filter_map(|a| match a {
                    Value::Point(v) => Some(b.point(v.col, v.row)),
                    _ => None,
                })
                .collect();
            rec.push((name.to_string(), points));
        }
        0.0
    }

    fn special(&mut self, name: &str, args: &[Value]) -> f64 {
        let b = self.board;
        let captures = |v: &Value, c: Color| match v {
            Value::Point(v) => captures_something(b, self.point(*v), c),
            _ => false,
        };
        match (name, args) {
            ("total_handicap_stones", _) => self.handicap as f64,
            ("o_captures_something", [v]) => flag(captures(v, self.own)),
            ("x_captures_something", [v]) => flag(captures(v, self.own.opponent())),
            _ => 0.0,
        }
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
        // Taking the ko first wins it (GNU Go's KO_A); connecting at (1,2) saves the stone outright.
        assert_eq!(ctx.tactical(Tactical::Attack(v(1, 1))), codes::KO_A);
        assert_eq!(ctx.tactical(Tactical::Defend(v(1, 1))), codes::WIN);
        assert_eq!(ctx.dragon(DragonQuery::Status(v(1, 1))), codes::CRITICAL);
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
        assert_eq!(ctx.tactical(Tactical::DoesAttack { mv: v(0, 1), target: v(0, 0) }), codes::WIN);
        assert_eq!(ctx.tactical(Tactical::SafeMove { side: Side::O, at: v(0, 1) }), 0.0);
        assert_eq!(ctx.tactical(Tactical::SafeMove { side: Side::O, at: v(2, 2) }), codes::WIN);
        // After black (0,1), white's stone has one liberty; after white (0,1), two.
        assert_eq!(ctx.play_sequence(Side::X, &[Some(v(0, 1))], SequenceTest::Lib(v(0, 0))), 1.0);
        assert_eq!(ctx.play_sequence(Side::O, &[Some(v(0, 1))], SequenceTest::Lib(v(0, 0))), 2.0);
        // Black (0,1), white tenuki, black (1,0) captures: the attack has succeeded.
        let seq = [Some(v(0, 1)), None, Some(v(1, 0))];
        assert_eq!(ctx.play_sequence(Side::X, &seq, SequenceTest::Attack(v(0, 0))), codes::WIN);
        assert_eq!(ctx.play_sequence(Side::X, &seq, SequenceTest::Defend(v(0, 0))), 0.0);
    }

    #[test]
    fn a_working_ladder_is_read_out() {
        // White (2,2) inside black (1,2), (2,1), (3,3): after an atari at (3,2) or (2,3) the extension has
        // two liberties again, and the ladder runs to an empty edge: the stone is captured. The old
        // one-liberty stand-in counted any extension as an escape.
        let g = game(&[".......", "..X....", ".XO....", "...X...", ".......", ".......", "......."]);
        let mut ctx = GoPatternContext::new(g.board(), Color::White);
        assert_eq!(ctx.tactical(Tactical::Attack(v(2, 2))), codes::WIN);
        assert_eq!(ctx.tactical(Tactical::DoesAttack { mv: v(3, 2), target: v(2, 2) }), codes::WIN);
        // White extending first has three liberties: (3,2), (1,3), (2,4).
        assert_eq!(ctx.play_sequence(Side::O, &[Some(v(2, 3))], SequenceTest::Lib(v(2, 2))), 3.0);
        // Black's atari and white's extension, then black's next atari: still captured.
        let ladder = [Some(v(3, 2)), Some(v(2, 3)), Some(v(2, 4))];
        assert_eq!(ctx.play_sequence(Side::X, &ladder, SequenceTest::Attack(v(2, 2))), codes::WIN);
        assert_eq!(ctx.play_sequence(Side::X, &ladder, SequenceTest::Lib(v(2, 2))), 1.0);
    }

    #[test]
    fn connections_go_through_the_connection_reader() {
        // White (1,1) and (2,2) share the liberties (1,2) and (2,1): miai, one dragon.
        let g = game(&[".....", ".O...", "..O..", ".....", "....."]);
        let mut ctx = GoPatternContext::new(g.board(), Color::White);
        assert_eq!(ctx.dragon(DragonQuery::SameDragon(v(1, 1), v(2, 2))), 1.0);
        assert_eq!(ctx.dragon(DragonQuery::SameWorm(v(1, 1), v(2, 2))), 0.0);
        assert_eq!(ctx.dragon(DragonQuery::DragonSize(v(1, 1))), 2.0);
        assert_eq!(ctx.play_sequence(Side::X, &[], SequenceTest::Connect(v(1, 1), v(2, 2))), codes::WIN);
        // Black takes one point, white tenukis, black takes the other: cut.
        let cut = [Some(v(1, 2)), None, Some(v(2, 1))];
        assert_eq!(ctx.play_sequence(Side::X, &cut, SequenceTest::Disconnect(v(1, 1), v(2, 2))), codes::WIN);
        // Black takes one, white answers at the other: still connected (one string now).
        let answered = [Some(v(1, 2)), Some(v(2, 1))];
        assert_eq!(ctx.play_sequence(Side::X, &answered, SequenceTest::Connect(v(1, 1), v(2, 2))), codes::WIN);
    }

    #[test]
    fn eye_and_owl_helpers_read_the_eye_spaces() {
        // Black's straight three A9-C9 inside white's wall (vital point B9), and a half eye at G1 (F1,
        // H1, G2 black; F2 empty where white can play, H2 black).
        let g = game(&[
            "...XO....",
            "XXXXO....",
            "OOOOO....",
            ".........",
            ".........",
            ".........",
            ".........",
            "......XX.",
            ".....X.X.",
        ]);
        let mut ctx = GoPatternContext::new(g.board(), Color::White);
        assert_eq!(ctx.eye(EyeQuery::Eye(v(0, 1))), 1.0);
        assert_eq!(ctx.eye(EyeQuery::ProperEye(v(0, 1))), 1.0);
        assert_eq!(ctx.eye(EyeQuery::MarginalEye(v(0, 1))), 0.0);
        assert_eq!(ctx.eye(EyeQuery::MaxEyeValue(v(0, 1))), 2.0);
        assert_eq!(ctx.eye(EyeQuery::Eye(v(4, 4))), 0.0, "open board");
        assert_eq!(ctx.owl("owl_mineye", &[Value::Point(v(0, 0))]), 1.0);
        assert_eq!(ctx.owl("owl_eye_size", &[Value::Point(v(0, 0))]), 3.0);
        assert_eq!(ctx.eye(EyeQuery::HalfEye(v(8, 6))), 1.0);
        assert_eq!(ctx.owl("owl_topological_eye", &[Value::Point(v(8, 6)), Value::Point(v(8, 5))]), 3.0);
        // The black corner group is critical: B9 kills or lives.
        assert_eq!(ctx.dragon(DragonQuery::Status(v(1, 0))), codes::CRITICAL);
        assert_eq!(ctx.dragon(DragonQuery::DragonSize(v(1, 0))), 5.0);
        assert_eq!(ctx.owl("owl_goal_dragon", &[Value::Point(v(1, 0))]), 1.0);
        assert_eq!(ctx.owl("owl_strong_dragon", &[Value::Point(v(2, 0))]), 1.0, "the white wall");
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
