//! The GTP engine's state: the game, the start-up [`Options`], clock settings, the random generator, the
//! analysis commands' state ([`Analysis`]: the `trymove` stack and the tactical reader with its cache),
//! the pattern databases ([`load_library`]) and which files the file commands may open, with the
//! per-move effort the level and the clock allow.
//!
//! This module owns the state only, behind narrow accessors (its fields are private): each command group
//! reads what it needs — the standard commands ([`crate::gtp::standard`]) the game, the clock, the level
//! and the file access; GNU Go's analysis commands ([`crate::gtp::analysis_commands`]) the game, the
//! `trymove` stack and the reader ([`GtpState::reader`]); the pattern commands
//! ([`crate::gtp::pattern_commands`]) the game and the pattern library. It must not import any command
//! group (they all import it).

use crate::analysis::reading::{Limits, Reader};
use crate::game::{GoGame, Rules};
use crate::genmove::classic::{self, Generation};
pub use crate::genmove::clock::TimeSettings;
use crate::genmove::clock::{Clock, MoveBudget};
use crate::genmove::{self, Decision};
use crate::gtp::sgf_notes::{self, OutputFlags};
use crate::rules::board::Board;
use crate::rules::stone::{Color, Move};
use crate::sgf::Annotation;
use engine_core::file_access::FileAccess;
use engine_core::rng::{seeded_rng, GameRng};
use patterns::eye_db::EyeDb;
use patterns::PatternLibrary;

/// The highest strength level accepted (`level N`, `go-gtp --level`). Search effort grows linearly with the
/// level (400 tree-search simulations per level), so an unbounded level would make `genmove` run for ever;
/// GNU Go's own levels stop well below this.
pub const MAX_LEVEL: u32 = 50;

/// The most tree-search threads accepted (`go-gtp --threads`, GTP `threads`): each holds a tree.
pub const MAX_THREADS: usize = 64;

/// With a clock, the tree search may run up to this many times the level's simulations: the budget
/// decides, and the cap bounds the tree's memory.
pub const CLOCK_SIMULATIONS: usize = 4;

/// A hard limit per move under which the engine is short of time ([`GtpState::short_of_time`]).
pub const SHORT_OF_TIME: std::time::Duration = std::time::Duration::from_millis(150);

/// A hard limit per move under which the classic engine's generation (about a second on an empty 19x19
/// board, a few tenths on 9x9, scaled by the board's points) gives way to the tree search's quicker
/// one-ply candidates: the classic engine's optional work capped by the clock.
pub const CLASSIC_SECONDS_PER_POINT: f64 = 0.004;

/// Start-up options (the `go-gtp` command line).
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub boardsize: usize,
    pub komi: f64,
    pub rules: Rules,
    pub seed: u64,
    pub level: u32,
    pub allow_resign: bool,
    /// The tree search resigns on two consecutive moves whose best win rate is under this
    /// ([`genmove::resign_verdict`]; 0: never). `go-gtp --resign-threshold`.
    pub resign_threshold: f32,
    /// A directory whose `.db` pattern files are loaded after the built-in ones (`go-gtp --patterns`).
    pub patterns: Option<std::path::PathBuf>,
    /// The move generator behind `genmove` (`go-gtp --engine`).
    pub engine: EngineKind,
    /// What the game record notes on each generated move (`go-gtp --output-flags`, GNU Go's flags):
    /// written by `printsgf` and `go-gtp -o`.
    pub output_flags: OutputFlags,
    /// Threads of the tree search (`go-gtp --threads`, GTP `threads`), searching as `parallel` says
    /// ([`crate::genmove::mcts`]).
    pub threads: usize,
    /// How two or more threads search (`go-gtp --parallel`): one shared tree with virtual loss, or one
    /// tree per thread with the root statistics merged (deterministic for a seed).
    pub parallel: crate::genmove::mcts::Parallel,
}

/// Which move generator `genmove`, `reg_genmove`, `genmove_black` and `genmove_white` use (`gg_genmove`,
/// `restricted_genmove` and `top_moves` always use the classic one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EngineKind {
    /// The one-ply heuristics refined by the Monte-Carlo tree search ([`crate::genmove::genmove`]).
    #[default]
    Mcts,
    /// GNU Go's move generation: reasons, valuation, selection ([`crate::genmove::classic`]).
    Classic,
    /// The tree search guided by a classic generation: priors, widening, dead stones
    /// ([`crate::genmove::hybrid`]).
    Hybrid,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            boardsize: 19,
            komi: 7.5,
            rules: Rules::default(),
            seed: 0,
            level: 10,
            allow_resign: false,
            resign_threshold: genmove::RESIGN_THRESHOLD,
            patterns: None,
            engine: EngineKind::Mcts,
            output_flags: OutputFlags::default(),
            threads: 1,
            parallel: crate::genmove::mcts::Parallel::default(),
        }
    }
}

/// A generated move's note: the key of the line before it, the move, the annotation.
type MoveNote = (u64, (Color, Move), Annotation);

/// The engine state behind the protocol.
pub struct GtpState {
    game: GoGame,
    options: Options,
    rng: GameRng,
    /// The clock: settings, the time each side has left (reported by `time_left`, or counted by us
    /// between reports), and the per-move budget.
    clock: Clock,
    /// GNU Go's analysis commands' state (trymove stack, tactical reader), read by the commands of
    /// [`crate::gtp::analysis_commands`].
    analysis: Analysis,
    /// Pattern databases (built-in, plus `options.patterns`) with their load errors, read by
    /// [`crate::gtp::pattern_commands`]. Built at the first question: parsing every built-in database
    /// cost each engine process about 0.03 s of CPU at start-up, which the commands that never look
    /// at them (the owl's, the reader's) do not pay.
    patterns: std::cell::OnceCell<PatternLibrary>,
    /// The eye database eye spaces are valued from (ours, or `eyes.db` of `options.patterns`), read by
    /// [`crate::gtp::eye_commands`].
    /// `None`: ours.
    eye_db: Option<std::sync::Arc<EyeDb>>,
    /// Which files `loadsgf` and `printsgf FILE` may open: any on standard input, those of `--files-dir` (or
    /// none) over a network connection ([`crate::gtp::serve::serve_tcp`] sets it per connection).
    files: FileAccess,
    /// The last classic move generation (its reasons and values, for `move_reasons`, `top_moves`,
    /// `all_move_values`; GNU Go keeps them until the next generation, whatever is played since).
    last_generation: Option<Generation>,
    /// GNU Go's limited search (`limit_search`, `set_search_diamond`, `set_search_limit`,
    /// `reset_search_mask`): when on, `genmove` chooses among the masked points only.
    limit_search: bool,
    search_mask: Vec<crate::rules::stone::Point>,
    /// Where and for whom `last_generation` was made: the board's hash, the moves played, the colour.
    generated_at: Option<(u64, usize, Color)>,
    /// The notes of generated moves (with `options.output_flags`), by move number from 0, each with the
    /// key of the line it was made in ([`sgf_notes::line_keys`]) and the move generated: written only on
    /// that move of that line.
    notes: Vec<Option<MoveNote>>,
    /// The tree search of `genmove` (mcts and hybrid engines), kept between moves for tree reuse.
    search: crate::genmove::mcts::Search,
    /// Where `search` last searched ([`ReuseKey`]); `None`: nothing to reuse.
    reuse: Option<ReuseKey>,
    /// Bumped by every change of the game through this state ([`GtpState::game_mut`], `load_game`,
    /// `clear`, `reset`): reuse needs exactly two since the search (our move played, the reply).
    edits: u64,
    /// Per colour, the move number of its last tree search whose verdict was hopeless
    /// ([`genmove::resign_verdict`]): a second one two moves later resigns.
    hopeless_at: [Option<usize>; 2],
}

/// The position a kept search tree was searched from: the game's edit count, its moves, the colour
/// searched for, komi and the board.
struct ReuseKey {
    edits: u64,
    moves: usize,
    color: Color,
    komi: f64,
    board: Board,
}

impl GtpState {
    /// A fresh state with an empty board.
    pub fn new(options: Options) -> GtpState {
        let level = options.level;
        let (threads, parallel) = (options.threads, options.parallel);
        // The dragons read their connection patterns per thread; this thread answers the commands.
        crate::analysis::dragon::set_pattern_dir(options.patterns.as_deref());
        crate::analysis::influence_patterns::set_pattern_dir(options.patterns.as_deref());
        crate::genmove::gather::shape::set_pattern_dir(options.patterns.as_deref());
        GtpState {
            game: GoGame::new(options.boardsize, options.komi, options.rules),
            patterns: std::cell::OnceCell::new(),
            eye_db: load_eye_db(options.patterns.as_deref()),
            rng: seeded_rng(options.seed),
            options,
            clock: Clock::default(),
            files: FileAccess::Any,
            last_generation: None,
            limit_search: false,
            search_mask: Vec::new(),
            generated_at: None,
            notes: Vec::new(),
            search: {
                let mut s = crate::genmove::mcts::Search::new();
                s.set_parallel(parallel);
                s.set_threads(threads);
                s
            },
            reuse: None,
            edits: 0,
            hopeless_at: [None; 2],
            analysis: {
                let mut a = Analysis::default();
                a.set_level(level);
                a
            },
        }
    }

    /// Forgets the game: an empty board of the same size, komi and rules (`clear_board`).
    pub(crate) fn clear(&mut self) {
        let komi = self.game.komi();
        let size = self.game.board().size();
        self.game = GoGame::new(size, komi, self.game.rules());
        self.edits += 1;
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The game.
    pub fn game(&self) -> &GoGame {
        &self.game
    }

    /// The game, to play, undo or replace it (`play`, `trymove`, `boardsize`, …). Replacing it keeps the
    /// `trymove` stack: only [`GtpState::load_game`] forgets it.
    pub fn game_mut(&mut self) -> &mut GoGame {
        self.edits += 1;
        &mut self.game
    }

    /// Replaces the game by a loaded one and forgets the `trymove` stack (`loadsgf`, `go-gtp -l`).
    pub fn load_game(&mut self, game: GoGame) {
        self.game = game;
        self.edits += 1;
        self.analysis.tried.clear();
    }

    /// Puts `game` on the board at strength `level` and forgets everything commands have changed since
    /// start-up: the analysis state (a fresh reader at that level, an empty `trymove` stack) and the clock.
    /// The options other than the level, the random generator, the patterns and the file access stay.
    pub fn reset(&mut self, game: GoGame, level: u32) {
        self.game = game;
        self.edits += 1;
        self.set_level(level);
        self.analysis = Analysis::default();
        self.analysis.set_level(level);
        self.clock = Clock::default();
    }

    /// The start-up options, with the level and seed as commands last set them.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Sets the strength level (`level`): the search effort per move and the reader's depths.
    pub fn set_level(&mut self, level: u32) {
        self.options.level = level;
        self.analysis.set_level(level);
    }

    /// Sets the tree search's threads (`threads`; 0 counts as 1), forgetting the kept tree.
    pub fn set_threads(&mut self, threads: usize) {
        self.options.threads = threads.max(1);
        self.search.set_threads(threads);
        self.reuse = None;
    }

    /// Root visits the last `genmove`'s tree search kept from the move before (tree reuse; 0: it
    /// started afresh).
    pub fn search_reused(&self) -> u32 {
        self.search.reused()
    }

    /// Readies `search` for a search for `color`: the subtree under our last move and the reply when the
    /// game went on from the last search's position by exactly those two moves through `play` and
    /// `genmove` (any other change of the game — undo, loadsgf, clear_board, setup, komi — starts
    /// afresh).
    fn prepare_search(&mut self, color: Color) {
        let kept = self.reuse.take().and_then(|k| {
            let game = &self.game;
            if k.edits + 2 != self.edits
                || k.color != color
                || k.komi != game.komi()
                || game.move_count() != k.moves + 2
            {
                return None;
            }
            let mut replies = game.moves().skip(k.moves);
            let (Some((c1, Move::Play(a))), Some((c2, Move::Play(b)))) = (replies.next(), replies.next()) else {
                return None;
            };
            if c1 != color || c2 != color.opponent() {
                return None;
            }
            let mut board = k.board;
            board.play_unchecked(a, c1);
            board.play_unchecked(b, c2);
            (board.hash() == game.board().hash()).then_some((a, b))
        });
        match kept {
            Some((a, b)) => {
                self.search.advance(a, b);
            }
            None => self.search.forget(),
        }
    }

    /// Notes where `search` searched for `color` (when it did), for the next move's reuse.
    fn record_search(&mut self, color: Color) {
        self.reuse = self.search.started().then(|| ReuseKey {
            edits: self.edits,
            moves: self.game.move_count(),
            color,
            komi: self.game.komi(),
            board: self.game.board().clone(),
        });
        if self.reuse.is_none() {
            self.search.forget();
        }
    }

    /// Sets the random seed and restarts the random generator from it (`set_random_seed`).
    pub fn set_seed(&mut self, seed: u64) {
        self.options.seed = seed;
        self.rng = seeded_rng(seed);
    }

    /// Sets the clock (`time_settings`, `kgs-time_settings`).
    pub fn set_time_settings(&mut self, time: TimeSettings) {
        self.clock.set_settings(time);
    }

    /// The clock as last set.
    pub fn time_settings(&self) -> TimeSettings {
        self.clock.settings()
    }

    /// Records the time left for `color` (`time_left`): seconds and stones.
    pub fn set_time_left(&mut self, color: Color, seconds: f64, stones: u32) {
        self.clock.set_time_left(color.index(), seconds, stones);
    }

    /// The pattern databases, with the errors met loading them.
    pub fn patterns(&self) -> &PatternLibrary {
        self.patterns.get_or_init(|| load_library(self.options.patterns.as_deref()))
    }

    /// The eye database eye spaces are valued from.
    pub fn eye_db(&self) -> &EyeDb {
        match self.eye_db.as_deref() {
            Some(db) => db,
            None => crate::analysis::eye::builtin_db(),
        }
    }

    /// The eye database loaded from `--patterns`, shared (`None`: ours, [`crate::analysis::eye::builtin_db`]).
    pub fn loaded_eye_db(&self) -> Option<std::sync::Arc<EyeDb>> {
        self.eye_db.clone()
    }

    /// Which files the file commands may open.
    pub fn files(&self) -> &FileAccess {
        &self.files
    }

    /// Sets which files the file commands may open (per network connection: `--files-dir` or none).
    pub fn set_files(&mut self, files: FileAccess) {
        self.files = files;
    }

    /// GNU Go's analysis commands' state: the `trymove` stack and the reader.
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// The analysis state, to change (`trymove`, `popgo`, `clear_cache`, the depth commands).
    pub fn analysis_mut(&mut self) -> &mut Analysis {
        &mut self.analysis
    }

    /// The tactical reader, set on the current position: the `trymove` levels count in its depth and the
    /// last move is its root's (the cache survives between commands, keyed by position).
    pub fn reader(&mut self) -> &mut Reader {
        let a = &mut self.analysis;
        a.reader.set_board(self.game.board());
        a.reader.depth_offset = a.tried.len();
        a.reader.root_last = match self.game.last_move() {
            Some((_, Move::Play(p))) => Some(p),
            _ => None,
        };
        &mut a.reader
    }

    /// Whether the clock leaves `color` almost nothing for its next move (a hard limit under
    /// [`SHORT_OF_TIME`]): the extra playouts before the search are cut then.
    pub fn short_of_time(&self, color: Color) -> bool {
        self.move_budget(color).is_some_and(|b| b.hard < SHORT_OF_TIME)
    }

    /// Ownership playouts per move: 8 plus 8 per level (GNU Go's levels run 0 to 10 and beyond), cut to 8
    /// when the clock is nearly out, so the engine never loses on time.
    pub fn playouts_for(&self, color: Color) -> usize {
        if self.short_of_time(color) {
            8
        } else {
            8 + 8 * self.options.level as usize
        }
    }

    /// Flat Monte-Carlo playouts per candidate move: 4 per level, none at level 0 or when short of time.
    pub fn mc_playouts_for(&self, color: Color) -> usize {
        if self.short_of_time(color) {
            0
        } else {
            4 * self.options.level as usize
        }
    }

    /// Tree-search simulations per move: 400 per level (GNU Go's default level 10 gives 4,000) without a
    /// clock; with one, the clock's budget stops the search, up to [`CLOCK_SIMULATIONS`] times the
    /// level's simulations (which bounds the tree's memory).
    pub fn mcts_simulations_for(&self, color: Color) -> usize {
        let level = self.level_simulations();
        if self.move_budget(color).is_some() {
            level * CLOCK_SIMULATIONS
        } else {
            level
        }
    }

    /// Tree-search simulations the level asks for: 400 per level.
    pub fn level_simulations(&self) -> usize {
        400 * self.options.level as usize
    }

    /// The time `color` may spend on its next move by the clock ([`Clock::budget`]); `None` without one.
    pub fn move_budget(&self, color: Color) -> Option<MoveBudget> {
        let empty = self.board().points().filter(|&p| self.board().is_empty(p)).count();
        self.clock.budget(color.index(), empty)
    }

    /// When the search must stop at the latest (the budget's hard limit from now); `None` without a clock.
    pub fn move_deadline(&self, color: Color) -> Option<std::time::Instant> {
        std::time::Instant::now().checked_add(self.move_budget(color)?.hard)
    }

    /// The clock: settings and the time each side has left.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Runs the classic move generator for `color` (among `allowed` points when given) and keeps the
    /// generation for the reason and value commands.
    pub fn generate_classic(&mut self, color: Color, allowed: Option<&[crate::rules::stone::Point]>) -> &Generation {
        self.run_classic(color, allowed, crate::genmove::selection::Options::default())
    }

    /// Runs the classic move generator for `color` to play its choice (resigning when allowed, ties
    /// broken by the seed) and keeps the generation for the reason and value commands.
    fn generate_to_play(&mut self, color: Color) -> &Generation {
        let options = crate::genmove::selection::Options {
            allow_resign: self.options.allow_resign,
            tie_seed: Some(self.options.seed),
        };
        self.run_classic(color, None, options)
    }

    fn run_classic(
        &mut self,
        color: Color,
        allowed: Option<&[crate::rules::stone::Point]>,
        options: crate::genmove::selection::Options,
    ) -> &Generation {
        crate::analysis::owl::set_pattern_dir(self.options.patterns.as_deref());
        crate::genmove::gather::shape::set_pattern_dir(self.options.patterns.as_deref());
        let game = self.game.clone();
        trace_begin();
        let g = classic::generate_with(&game, color, self.reader(), allowed, options);
        trace_generation(game.board(), &g);
        self.generated_at = Some((game.board().hash(), game.move_count(), color));
        self.last_generation.insert(g)
    }

    /// What the classic generator records for pattern tuners on this thread from now on (`go-gtp -t`,
    /// `-a`, `--profile-patterns`): with a trace level, each classic generation's trace goes to
    /// standard error ([`crate::gtp::trace::generation`]).
    pub fn set_trace(&mut self, settings: crate::genmove::trace::Settings) {
        crate::genmove::trace::set(settings);
    }

    /// Notes what the engine made of the position before `color` plays its generated move, as the output
    /// flags ask ([`sgf_notes::annotate`]): the values of the last classic generation when it was made
    /// here for `color` (otherwise the classic generator runs for them: `genmove` with the tree search),
    /// and the dragons. Call it before `mv` is played; without output flags it does nothing.
    pub(crate) fn note_generated_move(&mut self, color: Color, mv: Move) {
        let flags = self.options.output_flags;
        if !flags.any() {
            return;
        }
        let here = (self.game.board().hash(), self.game.move_count(), color);
        if flags.values && (self.generated_at != Some(here) || self.last_generation.is_none()) {
            self.generate_classic(color, None);
        }
        let values = match (&self.last_generation, flags.values) {
            (Some(g), true) => g.values.clone(),
            _ => Vec::new(),
        };
        let board = self.game.board().clone();
        let note = sgf_notes::annotate(&board, &values, flags, self.reader());
        let keys = sgf_notes::line_keys(&self.game);
        let i = self.game.move_count();
        // Notes beyond this move belong to a line taken back.
        self.notes.truncate(i);
        self.notes.resize(i + 1, None);
        self.notes[i] = Some((keys[i], (color, mv), note));
    }

    /// The game as SGF (`printsgf`, `go-gtp -o`), with the notes of its generated moves.
    pub fn game_sgf(&self) -> String {
        let keys = sgf_notes::line_keys(&self.game);
        let notes: Vec<Option<Annotation>> = self
            .notes
            .iter()
            .zip(keys.iter().zip(self.game.moves()))
            .map(|(note, (&key, played))| {
                note.as_ref().filter(|(k, m, _)| *k == key && *m == played).map(|(_, _, a)| a.clone())
            })
            .collect();
        let program = format!("gammon-go:{}", env!("CARGO_PKG_VERSION"));
        crate::sgf::to_sgf_annotated(&self.game, &program, &[], &notes)
    }

    /// Turns GNU Go's limited search on or off (`limit_search`).
    pub fn set_limit_search(&mut self, on: bool) {
        self.limit_search = on;
    }

    /// Adds points to the search mask (`set_search_limit`, `set_search_diamond`).
    pub fn mark_search_area(&mut self, points: impl IntoIterator<Item = crate::rules::stone::Point>) {
        for p in points {
            if !self.search_mask.contains(&p) {
                self.search_mask.push(p);
            }
        }
    }

    /// Empties the search mask (`reset_search_mask`; the limit stays as it was).
    pub fn reset_search_mask(&mut self) {
        self.search_mask.clear();
    }

    /// The points `genmove` may choose among when the search is limited (`None`: no limit).
    pub fn search_area(&self) -> Option<Vec<crate::rules::stone::Point>> {
        let b = self.game.board();
        self.limit_search.then(|| self.search_mask.iter().copied().filter(|&p| b.on_board(p)).collect())
    }

    /// The last classic move generation, if any.
    pub fn last_generation(&self) -> Option<&Generation> {
        self.last_generation.as_ref()
    }

    /// Chooses a move for `color` with the effort the level and the clock allow (`genmove`), by the
    /// generator of [`Options::engine`]. The classic generator passes when no move has a reason yet
    /// (no territorial reasons exist before the pattern phase): it then falls back to the one-ply
    /// heuristics without tree search, so that `genmove` still plays the game out.
    /// With a limited search (GNU Go's `limit_search`), the classic generator chooses among the
    /// masked points, whichever engine is set, and passes when none is worth a move.
    pub(crate) fn generate(&mut self, color: Color, cleanup: bool) -> Decision {
        self.generate_observed(color, cleanup, &mut |_| {})
    }

    /// [`GtpState::generate`], showing the tree search (when it runs) to `observe` as it goes
    /// ([`genmove::genmove_judged`]: `lz-genmove_analyze`).
    pub(crate) fn generate_observed(
        &mut self,
        color: Color,
        cleanup: bool,
        observe: &mut dyn FnMut(&crate::genmove::mcts::Search),
    ) -> Decision {
        let start = std::time::Instant::now();
        let decision = self.generate_timed(color, cleanup, observe);
        // Our own count of the clock, for controllers that send no `time_left` (a report replaces it).
        self.clock.charge(color.index(), start.elapsed().as_secs_f64());
        decision
    }

    fn generate_timed(
        &mut self,
        color: Color,
        cleanup: bool,
        observe: &mut dyn FnMut(&crate::genmove::mcts::Search),
    ) -> Decision {
        let budget = self.move_budget(color);
        let now = std::time::Instant::now();
        let soft_deadline = budget.and_then(|b| now.checked_add(b.soft));
        let deadline = budget.and_then(|b| now.checked_add(b.hard));
        if let Some(area) = self.search_area().filter(|_| !cleanup) {
            return match self.generate_classic(color, Some(&area)).chosen {
                Some((p, _)) => Decision::Play(p),
                None => Decision::Pass,
            };
        }
        let points = self.board().size() * self.board().size();
        // The classic generation cannot be stopped midway: under a clock too short for it, the tree
        // search's candidates (which the deadline does stop) play instead.
        let classic_fits = budget.is_none_or(|b| b.hard.as_secs_f64() >= CLASSIC_SECONDS_PER_POINT * points as f64);
        if self.options.engine == EngineKind::Classic && !cleanup && classic_fits {
            let g = self.generate_to_play(color);
            if g.resign {
                return Decision::Resign;
            }
            if let Some((p, _)) = g.chosen {
                return Decision::Play(p);
            }
            let config = genmove::Config {
                allow_resign: self.options.allow_resign,
                playouts: self.playouts_for(color),
                ..Default::default()
            };
            return genmove::genmove(&self.game, color, &mut self.rng, &config);
        }
        let config = genmove::Config {
            allow_resign: self.options.allow_resign,
            cleanup,
            playouts: self.playouts_for(color),
            mc_playouts: self.mc_playouts_for(color),
            mcts_simulations: self.mcts_simulations_for(color),
            soft_deadline,
            deadline,
            resign_threshold: if cleanup { 0.0 } else { self.options.resign_threshold },
            ..Default::default()
        };
        if self.options.engine == EngineKind::Hybrid && !cleanup && config.mcts_simulations > 0 {
            // The classic generation when the clock leaves room for it (the search then has what is
            // left of the move's budget); without it the hybrid root is the one-ply heuristics'.
            if classic_fits && self.generate_to_play(color).resign {
                return Decision::Resign;
            }
            self.prepare_search(color);
            let generation = if classic_fits { self.last_generation.as_ref() } else { None };
            let d = crate::genmove::hybrid::genmove(
                &self.game,
                color,
                &mut self.rng,
                &config,
                generation,
                &mut self.search,
                observe,
            );
            self.record_search(color);
            return d;
        }
        self.prepare_search(color);
        let (decision, verdict) =
            genmove::genmove_judged(&self.game, color, &mut self.rng, &config, &mut self.search, observe);
        self.record_search(color);
        if self.judge_resign(color, verdict, config.resign_threshold) {
            return Decision::Resign;
        }
        decision
    }

    /// Whether `color` resigns on this search's `verdict`: hopeless now and on its search two moves ago
    /// (the colour's previous move; a `reg_genmove` at the same move number does not count twice).
    fn judge_resign(&mut self, color: Color, verdict: Option<genmove::Verdict>, threshold: f32) -> bool {
        let n = self.game.move_count();
        let points = self.board().size() * self.board().size();
        let hopeless = verdict.is_some_and(|v| genmove::resign_verdict(&v, threshold, points));
        let before = std::mem::replace(&mut self.hopeless_at[color.index()], hopeless.then_some(n));
        hopeless && before.is_some_and(|m| m + 2 == n)
    }
}

/// Forgets matches recorded outside a traced generation.
fn trace_begin() {
    if crate::genmove::trace::settings().level > 0 {
        crate::genmove::trace::take_events();
    }
}

/// Prints the trace of a classic generation on standard error when a trace level is set (the matches
/// recorded since the last trace are this generation's; stdout, the protocol's, is untouched).
fn trace_generation(board: &Board, g: &Generation) {
    let level = crate::genmove::trace::settings().level;
    if level > 0 {
        let events = crate::genmove::trace::take_events();
        eprint!("{}", crate::gtp::trace::generation(board, g, &events, level));
    }
}

/// Analysis state kept between commands.
pub struct Analysis {
    /// Positions saved by `trymove`/`tryko`, restored by `popgo`.
    tried: Vec<GoGame>,
    /// The tactical reader (its cache survives between commands, keyed by position).
    reader: Reader,
    /// Moves the readers tried before the reading node counter's last reset, less those before the last
    /// `reset_trymove_counter` (GNU Go's trymove counter has its own reset, apart from the reading node
    /// counter's): the trymove counter is the reader's node count plus this.
    trymove_offset: i64,
}

impl Default for Analysis {
    fn default() -> Self {
        Analysis { tried: Vec::new(), reader: Reader::new(&Board::new(1)), trymove_offset: 0 }
    }
}

impl Analysis {
    /// Depth limits as `--level` sets them: GNU Go's defaults at level 10, one less per two levels below.
    pub fn set_level(&mut self, level: u32) {
        let mut l = Limits::default();
        if level < 10 {
            l.shift(-((10 - level as isize) / 2));
            l.node_limit = l.node_limit * (u64::from(level) + 2) / 12;
        }
        self.reader.limits = l;
    }

    /// Moves tried by the reader since the last `reset_trymove_counter` (`get_trymove_counter`).
    pub fn trymove_count(&self) -> u64 {
        (self.reader.nodes as i64).saturating_add(self.trymove_offset).max(0) as u64
    }

    /// Sets the trymove counter to zero (`reset_trymove_counter`).
    pub fn reset_trymove_count(&mut self) {
        self.trymove_offset = -(self.reader.nodes as i64);
    }

    /// Sets the reading node counter to zero (`reset_reading_node_counter`); the trymove counter goes on.
    pub fn reset_reading_nodes(&mut self) {
        self.trymove_offset = self.trymove_offset.saturating_add(self.reader.nodes as i64);
        self.reader.nodes = 0;
    }

    /// How many `trymove`/`tryko` positions are saved.
    pub fn tried_depth(&self) -> usize {
        self.tried.len()
    }

    /// Saves a position for `popgo`.
    pub fn push_tried(&mut self, game: GoGame) {
        self.tried.push(game);
    }

    /// The last saved position, taken off the stack (`popgo`).
    pub fn pop_tried(&mut self) -> Option<GoGame> {
        self.tried.pop()
    }

    /// The reader as it stands (its counters and limits), not set on any position: use
    /// [`GtpState::reader`] to read.
    pub fn reader_mut(&mut self) -> &mut Reader {
        &mut self.reader
    }
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

/// The eye database of an engine: `eyes.db` of `dir` when there is one (GNU Go's, to compare), else
/// `None` for the project's own. A file that cannot be read leaves the project's in place; its shapes
/// with errors are left out (the errors stay in the database's `errors`).
pub fn load_eye_db(dir: Option<&std::path::Path>) -> Option<std::sync::Arc<EyeDb>> {
    let path = dir?.join("eyes.db");
    if !path.is_file() {
        return None;
    }
    EyeDb::read(&path).ok().map(std::sync::Arc::new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::{engine, Options};
    use crate::rules::stone::{Color, Move};
    use crate::rules::vertex::format_vertex;

    /// `genmove b`, then white's reply on the point the search explored most after black's move (so
    /// that it is in the tree): the vertex of that reply.
    fn genmove_and_reply(e: &mut engine_core::gtp::Engine<super::GtpState>) -> String {
        assert!(e.handle_line("genmove b").unwrap().starts_with('='));
        let s = &e.context.search;
        let (_, Move::Play(ours)) = e.context.game.last_move().unwrap() else { panic!("black passed") };
        let mut pv = Vec::new();
        s.principal_variation(ours, 2, &mut pv);
        assert_eq!(pv.len(), 2, "no reply explored after {ours}");
        let reply = format_vertex(e.context.board(), Move::Play(pv[1]));
        assert_eq!(e.handle_line(&format!("play w {reply}")).unwrap(), "= \n\n");
        reply
    }

    /// The SGF point of a vertex such as `E5` on 9x9 (columns skip I; SGF rows count from the top).
    fn sgf_point(vertex: &str) -> String {
        let col = vertex.as_bytes()[0].to_ascii_uppercase();
        let col = col - b'A' - u8::from(col > b'I');
        let row: u8 = vertex[1..].parse().unwrap();
        format!("[{}{}]", (b'a' + col) as char, (b'a' + 9 - row) as char)
    }

    #[test]
    fn genmove_reuses_the_tree_only_after_its_own_move_and_a_reply() {
        let mut e = engine(Options { boardsize: 9, level: 1, ..Options::default() });
        e.handle_line("genmove b");
        assert_eq!(e.context.search_reused(), 0);
        e.handle_line("undo");
        let reply = genmove_and_reply(&mut e);
        e.handle_line("genmove b");
        assert!(e.context.search_reused() > 0, "after genmove b, play w {reply}");
        // The same position reached otherwise starts afresh. Undo and the same reply again:
        e.handle_line("undo");
        e.handle_line("undo");
        let reply = genmove_and_reply(&mut e);
        e.handle_line("undo");
        e.handle_line(&format!("play w {reply}"));
        e.handle_line("genmove b");
        assert_eq!(e.context.search_reused(), 0, "undo, play w {reply}");
        // loadsgf of the game so far, as moves and as setup stones:
        let dir = std::env::temp_dir().join(format!("go-gtp-reuse-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (moves, setup) = (dir.join("moves.sgf"), dir.join("setup.sgf"));
        genmove_and_reply(&mut e);
        std::fs::write(&moves, e.context.game_sgf()).unwrap();
        e.handle_line(&format!("loadsgf {}", moves.display()));
        e.handle_line("genmove b");
        assert_eq!(e.context.search_reused(), 0, "loadsgf of the moves");
        genmove_and_reply(&mut e);
        let b = e.context.board().clone();
        let stones = |c| -> String {
            b.points()
                .filter(|&p| b.color(p) == Some(c))
                .map(|p| sgf_point(&format_vertex(&b, Move::Play(p))))
                .collect()
        };
        let record = format!("(;GM[1]SZ[9]KM[7.5]AB{}AW{}PL[B])", stones(Color::Black), stones(Color::White));
        std::fs::write(&setup, record).unwrap();
        assert_eq!(e.handle_line(&format!("loadsgf {}", setup.display())).unwrap(), "= black\n\n");
        assert_eq!(e.context.board().hash(), b.hash());
        e.handle_line("genmove b");
        assert_eq!(e.context.search_reused(), 0, "loadsgf of the stones");
        std::fs::remove_dir_all(&dir).ok();
        // A komi change, clear_board:
        genmove_and_reply(&mut e);
        e.handle_line("komi 6.5");
        e.handle_line("genmove b");
        assert_eq!(e.context.search_reused(), 0, "komi");
        genmove_and_reply(&mut e);
        e.handle_line("clear_board");
        e.handle_line("genmove b");
        assert_eq!(e.context.search_reused(), 0, "clear_board");
        // The control: our move and a reply, nothing else, reuse again.
        genmove_and_reply(&mut e);
        e.handle_line("genmove b");
        assert!(e.context.search_reused() > 0);
    }

    #[test]
    fn threads_command_and_determinism_for_a_seed() {
        let moves = |threads: &str, parallel| {
            let mut e = engine(Options { boardsize: 9, level: 1, seed: 11, parallel, ..Options::default() });
            assert_eq!(e.handle_line(threads).unwrap(), "= \n\n");
            ["genmove b", "genmove w", "genmove b", "genmove w"].map(|l| e.handle_line(l).unwrap())
        };
        use crate::genmove::mcts::Parallel;
        // Root parallelisation is deterministic for a seed with two threads; one thread is, either way,
        // and the same in both modes (the shared tree's moves with two threads vary between runs).
        assert_eq!(moves("threads 2", Parallel::Root), moves("threads 2", Parallel::Root));
        assert_eq!(moves("threads 1", Parallel::Root), moves("threads 1", Parallel::Shared));
        assert_eq!(moves("threads 1", Parallel::Shared), moves("threads 1", Parallel::Shared));
        assert!(moves("threads 2", Parallel::Shared).iter().all(|r| r.starts_with("= ") && r.len() > 4));
        let mut e = engine(Options { boardsize: 9, ..Options::default() });
        assert_eq!(e.handle_line("threads 0").unwrap(), format!("? threads must be 1 to {}\n\n", super::MAX_THREADS));
        assert_eq!(e.handle_line("threads x").unwrap(), "? threads not an integer\n\n");
        assert_eq!(e.context.options().threads, 1);
    }

    /// Black owns columns A to D (36 points: a wall and five single eyes), white F to J (36 as well); the
    /// 9 dame of column E are all that is left. Filling it in turn gives black 5 and white 4, so black
    /// wins the board by 1 point, more if white passes: with komi 2.5 it loses by at most 1.5 (close);
    /// with komi 20.5 it loses by 11.5 at the very best (lost). Hand-counted.
    const SPLIT: [&str; 9] = [
        "X . X X . O O . O",
        "X X X X . O O O O",
        "X . X X . O O . O",
        "X X X X . O O O O",
        "X . X X . O O . O",
        "X X X X . O O O O",
        "X . X X . O O . O",
        "X X X X . O O O O",
        "X . X X . O O . O",
    ];

    /// Black's two searched moves (white passing between them) from `rows` with `komi` at level 5
    /// (2,000 simulations, the fewest that may resign).
    fn two_black_moves(rows: &[&str], komi: f64, threshold: f32) -> [Decision; 2] {
        let mut s =
            GtpState::new(Options { boardsize: 9, level: 5, komi, resign_threshold: threshold, ..Options::default() });
        s.load_game(GoGame::from_rows(rows, komi, Rules::default()).unwrap());
        let first = s.generate(Color::Black, false);
        if let Decision::Play(p) = first {
            s.game_mut().play(Color::Black, Move::Play(p)).unwrap();
            s.game_mut().play(Color::White, Move::Pass).unwrap();
        }
        [first, s.generate(Color::Black, false)]
    }

    #[test]
    fn the_search_resigns_a_lost_game_on_its_second_hopeless_move() {
        let [first, second] = two_black_moves(&SPLIT, 20.5, genmove::RESIGN_THRESHOLD);
        assert!(matches!(first, Decision::Play(_)), "one hopeless search does not resign: {first:?}");
        assert_eq!(second, Decision::Resign);
        // Threshold 0: never.
        let [_, second] = two_black_moves(&SPLIT, 20.5, 0.0);
        assert!(matches!(second, Decision::Play(_)), "{second:?}");
    }

    #[test]
    fn the_search_does_not_resign_an_even_or_close_game() {
        let empty = [". . . . . . . . ."; 9];
        for d in two_black_moves(&empty, 7.5, genmove::RESIGN_THRESHOLD) {
            assert!(matches!(d, Decision::Play(_)), "{d:?}");
        }
        // Lost by 1.5 at most, every playout lost at first: the margin keeps the search playing.
        for d in two_black_moves(&SPLIT, 2.5, genmove::RESIGN_THRESHOLD) {
            assert!(matches!(d, Decision::Play(_)), "{d:?}");
        }
    }
}
