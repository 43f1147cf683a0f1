//! A game of Go: the board plus everything a single position does not know — side to move, komi, rules
//! (suicide, positional superko, scoring method), handicap/setup stones, the move list and unlimited undo.
//!
//! Undo keeps a board snapshot (about 6.5 KB) every [`SNAPSHOT_INTERVAL`] moves, and after any setup or rule
//! change, and replays the moves since the nearest one: a move costs about 40 bytes of history instead of a
//! board. A game holds at most [`MAX_GAME_MOVES`] moves. Playouts and search that need speed use [`Board`]
//! directly.
//!
//! The game layer (this module and its children [`unconditional`], Benson-style life, and [`status`], dead
//! stones and seki at the end) sits on the rules ([`crate::rules`]) and the random playouts
//! ([`crate::playout`], which the status estimate uses); it uses [`status`] and [`crate::rules::score`]
//! for the final score, and imports nothing above it (SGF, analysis, move generation, GTP). The scoring
//! method [`Scoring`] is [`crate::rules::score`]'s.

pub mod status;
pub mod unconditional;

use crate::rules::board::Board;
use crate::rules::score::{self, Scoring};
use crate::rules::stone::{Color, IllegalMove, Move, Point};

/// The rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub scoring: Scoring,
    pub allow_suicide: bool,
    pub positional_superko: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules { scoring: Scoring::Area, allow_suicide: false, positional_superko: false }
    }
}

/// The most moves a game holds; [`GoGame::play`] refuses the next one with [`IllegalMove::TooManyMoves`]
/// (and loading a longer SGF record fails). Defined with that error in [`crate::rules::stone`], whose text names
/// it.
pub use crate::rules::stone::MAX_GAME_MOVES;

/// Moves between two undo snapshots: undo replays at most this many moves.
pub const SNAPSHOT_INTERVAL: usize = 32;

/// One point changed by setup (not by a move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetupChange {
    /// Moves played before the change: 0 for the setup of the start position.
    pub after_moves: usize,
    pub point: Point,
    /// What the point holds after the change.
    pub color: Option<Color>,
}

/// One played move and the state before it, for undo.
#[derive(Clone)]
struct Played {
    /// The board before the move, kept every [`SNAPSHOT_INTERVAL`] moves and after setup; otherwise undo
    /// replays from the last snapshot.
    before: Option<Box<Board>>,
    to_move_before: Color,
    passes_before: u32,
    color: Color,
    mv: Move,
}

/// A game in progress.
#[derive(Clone)]
pub struct GoGame {
    board: Board,
    to_move: Color,
    komi: f64,
    rules: Rules,
    history: Vec<Played>,
    /// Hashes of every position since the setup, for superko.
    seen: Vec<u64>,
    passes: u32,
    handicap: usize,
    setup: Vec<(Color, Point)>,
    /// Every change setup made to a point (a stone added, a point emptied, a stone a setup stone
    /// captured), with the number of moves played before it: what an SGF record must replay.
    setup_log: Vec<SetupChange>,
    resigned: Option<Color>,
    /// Whether the board changed other than by a move since the last move (setup, rules), so that the next
    /// move must keep a snapshot, and so that `seen` ends with the setup's position.
    changed: bool,
}

impl GoGame {
    /// A new game on an empty board.
    pub fn new(size: usize, komi: f64, rules: Rules) -> GoGame {
        let mut board = Board::new(size);
        board.set_allow_suicide(rules.allow_suicide);
        let seen = vec![board.hash()];
        GoGame {
            board,
            to_move: Color::Black,
            komi,
            rules,
            history: Vec::new(),
            seen,
            passes: 0,
            handicap: 0,
            setup: Vec::new(),
            setup_log: Vec::new(),
            resigned: None,
            changed: true,
        }
    }

    /// Records a change of the board that is not a move: the next move keeps a snapshot, and the position
    /// joins `seen` once however many setup stones make it (the last hash is replaced while setup goes on).
    fn board_changed(&mut self) {
        if self.changed {
            if let Some(last) = self.seen.last_mut() {
                *last = self.board.hash();
                return;
            }
        }
        self.seen.push(self.board.hash());
        self.changed = true;
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Who plays next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets who plays next.
    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
    }

    /// Komi.
    pub fn komi(&self) -> f64 {
        self.komi
    }

    /// Sets komi.
    pub fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Changes the rules (suicide takes effect on the next move).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
        self.board.set_allow_suicide(rules.allow_suicide);
        // Moves replayed for undo must see the rules they were played under.
        self.changed = true;
    }

    /// Number of handicap stones placed.
    pub fn handicap(&self) -> usize {
        self.handicap
    }

    /// Setup stones (handicap and SGF `AB`/`AW`), in placement order.
    pub fn setup(&self) -> &[(Color, Point)] {
        &self.setup
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl Iterator<Item = (Color, Move)> + '_ {
        self.history.iter().map(|h| (h.color, h.mv))
    }

    /// Number of moves played.
    pub fn move_count(&self) -> usize {
        self.history.len()
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.history.last().map(|h| (h.color, h.mv))
    }

    /// Consecutive passes at the end of the move list.
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// Who resigned, if someone did.
    pub fn resigned(&self) -> Option<Color> {
        self.resigned
    }

    /// Records a resignation (ends the game).
    pub fn resign(&mut self, c: Color) {
        self.resigned = Some(c);
    }

    /// Places a setup stone (not a move: cannot be undone, the side to move does not change). Any
    /// captures happen as on a move. Fails on an occupied point.
    pub fn add_setup_stone(&mut self, p: Point, c: Color) -> Result<(), IllegalMove> {
        if !self.board.on_board(p) {
            return Err(IllegalMove::OffBoard);
        }
        if !self.board.is_empty(p) {
            return Err(IllegalMove::Occupied);
        }
        // The stones this one may remove: opposing strings it takes the last liberty of, or (suicide
        // allowed) its own. Captures are rare, so only those strings are listed.
        let mut at_risk: Vec<Point> = Vec::new();
        let suicide = self.board.is_suicide(p, c);
        for q in Board::neighbors(p) {
            match self.board.color(q) {
                Some(o) if o != c && self.board.liberties(q) == 1 => at_risk.extend(self.board.string_stones(q)),
                Some(o) if o == c && suicide => at_risk.extend(self.board.string_stones(q)),
                _ => {}
            }
        }
        let removed = |b: &Board| b.captures(Color::Black) + b.captures(Color::White);
        let captures = removed(&self.board);
        self.board.place_stone(p, c);
        if removed(&self.board) != captures {
            // Stones a setup stone captured (or its own string, when suicide is allowed and it takes
            // its last liberty) are no longer part of the setup.
            let board = &self.board;
            self.setup.retain(|&(col, q)| board.color(q) == Some(col));
        }
        if self.board.color(p) == Some(c) {
            self.setup.push((c, p));
        }
        let after_moves = self.history.len();
        self.setup_log.push(SetupChange { after_moves, point: p, color: self.board.color(p) });
        at_risk.sort_unstable();
        at_risk.dedup();
        for q in at_risk.into_iter().filter(|&q| self.board.is_empty(q)) {
            self.setup_log.push(SetupChange { after_moves, point: q, color: None });
        }
        self.board_changed();
        Ok(())
    }

    /// Every change setup made, in order (see [`SetupChange`]), so `after_moves` never decreases: the
    /// start position's setup first (`after_moves` 0), then any made between moves (an SGF record's `AB`/`AW`/`AE` after its first
    /// node).
    pub fn setup_log(&self) -> &[SetupChange] {
        &self.setup_log
    }

    /// A game set up from a diagram: rows of `X` (black), `O` (white) and any other character for
    /// an empty point, top row first, whitespace ignored. Used by tests and diagrams in docs; the
    /// board is as large as the number of rows.
    pub fn from_rows(rows: &[&str], komi: f64, rules: Rules) -> Result<GoGame, IllegalMove> {
        let mut g = GoGame::new(rows.len(), komi, rules);
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
                let p = g.board().point(c as u8, r as u8);
                match ch {
                    'X' => g.add_setup_stone(p, Color::Black)?,
                    'O' => g.add_setup_stone(p, Color::White)?,
                    _ => {}
                }
            }
        }
        Ok(g)
    }

    /// One SGF node's setup: `clear` emptied (`AE`), then `black` and `white` stones placed (`AB`,
    /// `AW`), with the same board, setup list and log as [`GoGame::clear_points`] and
    /// [`GoGame::add_setup_stone`] point by point, which capture as a move would. Emptying is one
    /// rebuild of the board; the stones go down in the longest runs that leave no string without a
    /// liberty (nothing would have been captured in such a run either, so one rebuild gives the same
    /// board), found by bisection, and only a stone that captures is placed alone. Placing stones
    /// one at a time recounts a string's liberties at every merge: a node of full-board rectangles
    /// cost the square of the board's area; now it costs the area times its logarithm.
    pub fn apply_setup(&mut self, clear: &[Point], black: &[Point], white: &[Point]) {
        let board = &self.board;
        let occupied = |q: &Point| board.on_board(*q) && !board.is_empty(*q);
        let emptied: Vec<Point> = clear.iter().chain(black).chain(white).copied().filter(occupied).collect();
        if !emptied.is_empty() {
            self.clear_points(&emptied);
        }
        let stones: Vec<(Point, Option<Color>)> = black
            .iter()
            .map(|&q| (q, Some(Color::Black)))
            .chain(white.iter().map(|&q| (q, Some(Color::White))))
            .filter(|&(q, _)| self.board.on_board(q))
            .collect();
        let mut rest = &stones[..];
        while !rest.is_empty() {
            // The longest run from the start that leaves every string a liberty (adding stones never
            // gives one back, so the runs that do are the prefixes up to some length).
            let quiet = |n: usize| !self.board.clone().set_points(&rest[..n]);
            let (mut lo, mut hi) = (0, rest.len());
            if quiet(hi) {
                lo = hi;
            }
            while hi - lo > 1 {
                let mid = (lo + hi) / 2;
                if quiet(mid) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            if lo > 0 {
                self.place_setup_run(&rest[..lo]);
            }
            rest = &rest[lo..];
            if let Some((&(q, Some(c)), tail)) = rest.split_first() {
                if !self.board.is_empty(q) {
                    self.clear_points(&[q]);
                }
                // Setup stones never fail on an empty point of the board.
                let _ = self.add_setup_stone(q, c);
                rest = tail;
            }
        }
    }

    /// Places setup stones that capture nothing, in one rebuild of the board; logged and listed as
    /// one at a time would (a point listed twice is one setup stone).
    fn place_setup_run(&mut self, run: &[(Point, Option<Color>)]) {
        let after_moves = self.history.len();
        let mut placed = vec![false; crate::rules::stone::ARRAY];
        for &(q, color) in run {
            self.setup_log.push(SetupChange { after_moves, point: q, color });
            if let Some(c) = color.filter(|_| !placed[usize::from(q)] && self.board.is_empty(q)) {
                placed[usize::from(q)] = true;
                self.setup.push((c, q));
            }
        }
        self.board.set_points(run);
        self.board_changed();
    }

    /// Empties these points (SGF `AE`, or a setup stone replaced): the board is rebuilt from the
    /// remaining stones, so strings split correctly. Not undoable, like all setup.
    pub fn clear_points(&mut self, points: &[Point]) {
        let mut cleared = vec![false; crate::rules::stone::ARRAY];
        let mut changes = Vec::new();
        for &p in points {
            if self.board.on_board(p) && !self.board.is_empty(p) && !cleared[usize::from(p)] {
                cleared[usize::from(p)] = true;
                changes.push((p, None));
            }
        }
        changes.sort_unstable_by_key(|&(p, _)| p);
        let after_moves = self.history.len();
        for &(p, _) in &changes {
            self.setup_log.push(SetupChange { after_moves, point: p, color: None });
        }
        // Emptying points leaves every string at least the liberties it had.
        self.board.set_points(&changes);
        let board = &self.board;
        self.setup.retain(|&(c, p)| board.color(p) == Some(c));
        self.board_changed();
    }

    /// Places handicap stones for black; white moves next.
    pub fn place_handicap(&mut self, points: &[Point]) -> Result<(), IllegalMove> {
        for &p in points {
            self.add_setup_stone(p, Color::Black)?;
        }
        self.handicap = points.len();
        self.to_move = Color::White;
        Ok(())
    }

    /// Whether `color` may play `mv` now (including superko when enabled).
    pub fn check_move(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let Move::Play(p) = mv else { return Ok(()) };
        self.board.check_legal(p, color)?;
        if self.rules.positional_superko && self.seen.contains(&self.board.hash_after(p, color)) {
            return Err(IllegalMove::Superko);
        }
        Ok(())
    }

    /// Plays `mv` for `color` (which need not be the side to move, as GTP allows); the opponent moves next.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.history.len() >= MAX_GAME_MOVES {
            return Err(IllegalMove::TooManyMoves);
        }
        self.check_move(color, mv)?;
        let snapshot = self.changed || self.history.len().is_multiple_of(SNAPSHOT_INTERVAL);
        let before = snapshot.then(|| Box::new(self.board.clone()));
        self.board.play(mv, color)?;
        self.history.push(Played { before, to_move_before: self.to_move, passes_before: self.passes, color, mv });
        self.seen.push(self.board.hash());
        self.changed = false;
        self.passes = if mv == Move::Pass { self.passes + 1 } else { 0 };
        self.to_move = color.opponent();
        Ok(())
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(h) = self.history.pop() else { return false };
        self.board = match h.before {
            Some(board) => *board,
            None => {
                // The moves since the last snapshot were played with no setup in between: replaying them
                // gives the same board, ko and captures.
                let from = self.history.iter().rposition(|p| p.before.is_some()).expect("the first move keeps one");
                let mut board = (**self.history[from].before.as_ref().expect("found above")).clone();
                for p in &self.history[from..] {
                    board.play(p.mv, p.color).expect("a move that was legal replays");
                }
                board
            }
        };
        self.changed = false;
        self.to_move = h.to_move_before;
        self.passes = h.passes_before;
        // Setup made after the move taken back is gone from the board with it.
        let moves = self.history.len();
        self.setup_log.retain(|change| change.after_moves <= moves);
        self.seen.pop();
        self.resigned = None;
        true
    }

    /// Whether the game is over (two passes in a row, or a resignation).
    pub fn is_over(&self) -> bool {
        self.passes >= 2 || self.resigned.is_some()
    }

    /// Score from black's point of view (positive: black wins) with komi, under the game's rules, with
    /// dead stones as [`crate::game::status`] judges them.
    pub fn score(&self) -> f64 {
        let st = crate::game::status::statuses(&self.board);
        let with = |s: crate::game::status::Status| -> Vec<Point> {
            self.board.points().filter(|&p| st[usize::from(p)] == Some(s)).collect()
        };
        let (dead, seki) = (with(crate::game::status::Status::Dead), with(crate::game::status::Status::Seki));
        score::score(&self.board, &dead, &seki, self.rules.scoring, self.komi)
    }
}

impl GoGame {
    /// Appends every legal move of the side to move to `out` (cleared first): each legal play, then the
    /// pass; nothing once the game is over.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.is_over() {
            return;
        }
        for p in self.board.points() {
            if self.check_move(self.to_move, Move::Play(p)).is_ok() {
                out.push(Move::Play(p));
            }
        }
        out.push(Move::Pass);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One node's setup the way it was applied before `apply_setup`: empty, then stone by stone.
    fn setup_one_by_one(g: &mut GoGame, clear: &[Point], black: &[Point], white: &[Point]) {
        let mut emptied: Vec<Point> = clear.iter().chain(black).chain(white).copied().collect();
        emptied.retain(|&q| !g.board().is_empty(q));
        if !emptied.is_empty() {
            g.clear_points(&emptied);
        }
        for (points, color) in [(black, Color::Black), (white, Color::White)] {
            for &q in points {
                if !g.board().is_empty(q) {
                    g.clear_points(&[q]);
                }
                let _ = g.add_setup_stone(q, color);
            }
        }
    }

    #[test]
    fn setup_in_bulk_is_setup_one_stone_at_a_time() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(23);
        let mut counts = [0usize; 2]; // nodes without and with a capture
        for _ in 0..400 {
            let size = rng.random_range(2..=9usize);
            let (mut a, mut b) = (GoGame::new(size, 6.5, Rules::default()), GoGame::new(size, 6.5, Rules::default()));
            for _ in 0..rng.random_range(1..6) {
                let pts: Vec<Point> = a.board().points().collect();
                let (mut clear, mut black, mut white) = (Vec::new(), Vec::new(), Vec::new());
                for &q in &pts {
                    match rng.random_range(0..10) {
                        0 => clear.push(q),
                        1..=3 => black.push(q),
                        4..=5 => white.push(q),
                        _ => {}
                    }
                }
                let before = a.setup_log().len();
                let (prev, prev_setup) = (b.board().clone(), b.setup().to_vec());
                let caps = b.board().captures(Color::Black) + b.board().captures(Color::White);
                a.apply_setup(&clear, &black, &white);
                setup_one_by_one(&mut b, &clear, &black, &white);
                assert_eq!(a.board(), b.board(), "{:?}", b.board());
                assert_eq!(a.board().hash(), b.board().hash());
                for q in pts {
                    assert_eq!(a.board().liberties(q), b.board().liberties(q), "{q}");
                    assert_eq!(a.board().string_size(q), b.board().string_size(q), "{q}");
                    assert_eq!(a.board().string_stones(q).min(), b.board().string_stones(q).min(), "{q}");
                }
                for g in [&a, &b] {
                    assert!(
                        g.setup().iter().all(|&(c, q)| g.board().color(q) == Some(c)),
                        "a setup stone no longer on the board"
                    );
                }
                let mut sa = a.setup().to_vec();
                let mut sb = b.setup().to_vec();
                sa.sort_unstable_by_key(|&(c, q)| (c.index(), q));
                sb.sort_unstable_by_key(|&(c, q)| (c.index(), q));
                assert_eq!(sa, sb, "before {prev:?} {prev_setup:?}\nclear {clear:?}\nblack {black:?}\nwhite {white:?}");
                let last = |g: &GoGame| {
                    let mut m = std::collections::BTreeMap::new();
                    for c in &g.setup_log()[before..] {
                        m.insert(c.point, c.color);
                    }
                    m
                };
                assert_eq!(last(&a), last(&b), "the log's last word on each point");
                let captured = b.board().captures(Color::Black) + b.board().captures(Color::White) != caps;
                counts[usize::from(captured)] += 1;
            }
        }
        assert!(counts[0] > 100 && counts[1] > 100, "{counts:?}");
    }

    fn at(g: &GoGame, col: u8, row: u8) -> Move {
        Move::Play(g.board().point(col, row))
    }

    #[test]
    fn undo_restores_everything() {
        let mut g = GoGame::new(9, 7.5, Rules::default());
        let start = g.board().clone();
        g.play(Color::Black, at(&g, 4, 4)).unwrap();
        g.play(Color::White, Move::Pass).unwrap();
        assert_eq!(g.to_move(), Color::Black);
        assert!(g.undo() && g.undo());
        assert!(!g.undo());
        assert_eq!(g.board(), &start);
        assert_eq!(g.to_move(), Color::Black);
    }

    #[test]
    fn undo_replays_from_snapshots_exactly() {
        // Boards after every move of a long game with captures, ko and passes, against undo back to the start.
        let mut g = GoGame::new(5, 0.5, Rules::default());
        let mut rng = engine_core::rng::seeded_rng(7);
        let mut boards = vec![g.board().clone()];
        let mut legal = Vec::new();
        while g.move_count() < 5 * SNAPSHOT_INTERVAL {
            g.legal_moves(&mut legal);
            let mv =
                if legal.len() > 1 { legal[rand::Rng::random_range(&mut rng, 0..legal.len() - 1)] } else { Move::Pass };
            g.play(g.to_move(), mv).unwrap();
            boards.push(g.board().clone());
            if g.move_count() == 2 * SNAPSHOT_INTERVAL + 3 {
                // setup in the middle of the game: undo must not replay across it
                let empty = g.board().points().find(|&p| g.board().is_empty(p)).unwrap();
                g.add_setup_stone(empty, Color::White).unwrap();
                *boards.last_mut().unwrap() = g.board().clone();
            }
        }
        while g.undo() {
            boards.pop();
            assert_eq!(g.board(), boards.last().unwrap(), "after undo to move {}", g.move_count());
        }
        assert_eq!(boards.len(), 1);
    }

    #[test]
    fn games_are_bounded() {
        // 400,000 passes took 2.7 GB (a board clone per move); now a game stops at MAX_GAME_MOVES.
        let mut g = GoGame::new(19, 7.5, Rules::default());
        for i in 0..MAX_GAME_MOVES {
            g.play(Color::from_index(i % 2), Move::Pass).unwrap();
        }
        assert_eq!(g.play(Color::Black, Move::Pass), Err(IllegalMove::TooManyMoves));
        assert!(g.undo());
        assert!(g.play(Color::White, Move::Pass).is_ok());
    }

    #[test]
    fn setup_joins_seen_once() {
        let mut g = GoGame::new(9, 0.0, Rules::default());
        for p in g.board().points().collect::<Vec<_>>().into_iter().step_by(2) {
            g.add_setup_stone(p, Color::Black).unwrap();
        }
        assert_eq!(g.seen.len(), 1);
        g.clear_points(&[g.board().point(0, 0)]);
        assert_eq!((g.seen.len(), g.setup().len()), (1, 40));
        g.play(Color::White, Move::Pass).unwrap();
        assert_eq!(g.seen.len(), 2);
    }

    #[test]
    fn positional_superko_forbids_repetition() {
        // A ko: under simple ko the immediate retake is refused; after a pass each, it is allowed,
        // but positional superko refuses it because the position repeats.
        let rules = Rules { positional_superko: true, ..Rules::default() };
        let mut g = GoGame::new(4, 0.0, rules);
        let b = |g: &GoGame, c, r| g.board().point(c, r);
        for (c, r) in [(1, 0), (0, 1), (1, 2)] {
            let p = b(&g, c, r);
            g.add_setup_stone(p, Color::Black).unwrap();
        }
        for (c, r) in [(2, 0), (1, 1), (3, 1), (2, 2)] {
            let p = b(&g, c, r);
            g.add_setup_stone(p, Color::White).unwrap();
        }
        g.play(Color::Black, at(&g, 2, 1)).unwrap();
        assert_eq!(g.check_move(Color::White, at(&g, 1, 1)), Err(IllegalMove::Ko));
        g.play(Color::White, Move::Pass).unwrap();
        g.play(Color::Black, Move::Pass).unwrap();
        assert_eq!(g.check_move(Color::White, at(&g, 1, 1)), Err(IllegalMove::Superko));
        let mut simple = g.clone();
        simple.set_rules(Rules::default());
        assert_eq!(simple.check_move(Color::White, at(&simple, 1, 1)), Ok(()));
    }

    #[test]
    fn two_passes_end_the_game() {
        let mut g = GoGame::new(5, 0.5, Rules::default());
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        assert_eq!(legal.len(), 26);
        g.play(Color::Black, Move::Pass).unwrap();
        g.play(Color::White, Move::Pass).unwrap();
        assert!(g.is_over());
        g.legal_moves(&mut legal);
        assert!(legal.is_empty());
        assert_eq!(g.score(), -0.5, "white wins by komi on an empty board");
    }
}
