//! Monte-Carlo tree search (UCT with RAVE) over the random playouts of [`crate::playout`]: the search that
//! refines [`crate::genmove`]'s candidate moves. It owns the tree, the selection rule and the
//! all-moves-as-first bookkeeping; which moves are worth considering at the root (and their prior values)
//! come from the caller, and the rules of a move from [`Board`]. It never changes the game it is given.
//!
//! Tree nodes live in one arena that is reused from simulation to simulation; a simulation copies the
//! board once, descends the tree, plays one playout and backs the result up. The tree ignores superko (the
//! caller checks the chosen move against the game's rules) and passes (the caller decides when to pass).
//!
//! Tree reuse ([`Search::advance`]): after our move and the opponent's reply the next [`Search::start`]
//! keeps the subtree under those two moves, copied breadth first into a second arena (the compaction
//! step), so that the next search begins with the simulations the last one spent on that line.
//!
//! Two or more threads ([`Search::set_threads`]) search in one of two ways ([`Search::set_parallel`];
//! `go-gtp --parallel`):
//! - [`Parallel::Shared`] (the default): one tree searched by all threads. The tree sits behind one
//!   lock; a thread descends and expands under it, putting a virtual loss ([`VIRTUAL_LOSS`], a visit
//!   without a win in [`Node::score`]) on every node of its path so that the other threads' descents
//!   spread out, plays its playout without the lock, and backs the result up under the lock again,
//!   taking its virtual losses off. The playout, not the tree, is most of a simulation, so the lock is
//!   seldom waited on; each thread keeps its own scratch ([`Walk`]), so a simulation allocates nothing
//!   new. Exactly `budget.simulations` simulations are run (each claimed under the lock), and tree reuse,
//!   the clock's deadlines and live analysis ([`Search::step`] too runs on all threads) work on the one
//!   tree as with one thread. Not deterministic with two or more threads: which thread descends first,
//!   and so which playout meets which virtual losses, depends on the scheduler; the simulation count
//!   is exact, the moves may differ between runs.
//! - [`Parallel::Root`]: root parallelisation: one tree per thread, the simulations split evenly, the
//!   helper trees' generators seeded from draws of the caller's one, and the root statistics summed
//!   ([`Search::result`]). No tree is shared, so a search at a fixed number of simulations is
//!   deterministic for a seed whatever the thread count (the moves differ between thread counts, not
//!   between runs); a deadline cuts each tree where the clock finds it, as with one thread.
//!
//! With one thread both are the same search, and exactly the search before the shared tree existed
//! (no virtual loss, the same code path: deterministic for a seed at a fixed number of simulations).
//!
//! Measured (2026-11-29, idle machine, 2 cores; `cargo bench -p go --bench playout -- tree_search`,
//! simulations per second from the opening, 1 thread / 2 threads shared / 2 threads root): 9x9 plain
//! 20.2k / 37.7k / 40.2k (×1.87 shared), with the hybrid's priors 20.7k / 37.5k / 40.4k; 19x19 plain
//! 4.16k / 8.18k / 8.15k (×1.97), with priors 4.13k / 8.14k / 8.02k. CPU per simulation is the same in
//! every mode (so the lock costs nothing measurable). Strength on 9x9 against GNU Go 3.8 `--level 10`
//! (`gtp-match`, 60 games, seeds 61000, 62000, 63000, colours alternating): `--level 29 --threads 2`
//! (shared) won 37/60 (12, 11, 14; 95% Wilson 49–73%) at 0.252 s/move wall against GNU Go's 0.330
//! (0.47 s/move of CPU over both cores against GNU Go's 0.33); under load a helper measured
//! shared against root parallelisation at equal simulations 12/20 in self-play (not significant).

use crate::playout::{area_margin, area_margin_seen, is_eyelike, owner, playout_recording, shapes};
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY};
use engine_core::rng::seeded_rng;
use rand::Rng;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// RAVE equivalence: after this many real visits a node's own statistics and its all-moves-as-first
/// statistics weigh the same.
pub const RAVE_EQUIVALENCE: f32 = 1000.0;

/// UCB exploration constant (small: RAVE does most of the exploring). Measured 2026-11-29 (9x9, one
/// thread): 0 won self-play against 0.15 20/25 at 2,000 simulations, yet against GNU Go 3.8 level 10
/// at `--level 15` only 33/63 (Wilson 40–64%) where 0.15 has 39/60, so 0.15 stays. In the same
/// self-play, against 0.15's settings: score-margin reward 0.1 6/11, RAVE equivalence 3000 6/11,
/// prior visits 20 3/10 (stopped early).
pub const EXPLORATION: f32 = 0.15;

/// Virtual visits given to every move's prior (an even game for ordinary moves).
pub const PRIOR_VISITS: f32 = 10.0;

/// A node is expanded when it has been visited this many times.
const EXPAND_AFTER: u32 = 2;

/// A root move with its prior win rate for the player making it (0.5 for no opinion) and how many
/// virtual visits that prior is worth ([`PRIOR_VISITS`] for an ordinary opinion).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    pub point: Point,
    pub prior: f32,
    pub visits: f32,
}

impl Candidate {
    /// A candidate whose prior weighs [`PRIOR_VISITS`] virtual visits.
    pub fn new(point: Point, prior: f32) -> Candidate {
        Candidate { point, prior, visits: PRIOR_VISITS }
    }
}

/// Progressive widening at the root ([`Search::set_widening`]): the first `WIDEN_BASE` root moves in the
/// caller's order are searched from the start, one more each time the root's visits grow by the factor
/// `WIDEN_GROWTH` past `WIDEN_SCALE` (after 500 simulations 14 moves, after 4,000 20). First picks, not
/// tuned: the 9x9 match of the hybrid engine ([`crate::genmove::hybrid`]) was measured with them.
pub const WIDEN_BASE: usize = 3;
pub const WIDEN_SCALE: f32 = 10.0;
pub const WIDEN_GROWTH: f32 = 1.4;

/// Root moves open to the search after `visits` simulations under progressive widening.
pub fn widened(visits: u32) -> usize {
    WIDEN_BASE + ((1.0 + visits as f32 / WIDEN_SCALE).ln() / WIDEN_GROWTH.ln()) as usize
}

/// How long to search.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Budget {
    pub simulations: usize,
    /// Where the search stops once its best move is clear ([`Search::unclear`]), checked every few
    /// simulations: a clock's nominal share of time for the move.
    pub soft_deadline: Option<Instant>,
    /// Wall-clock limit, checked every few simulations.
    pub deadline: Option<Instant>,
}

/// Simulations between two looks at the clock.
pub const CLOCK_CHECK: usize = 64;

/// The best root move is unclear while the second most visited has at least this share of its visits:
/// the search then goes on past its soft deadline, up to the hard one.
pub const UNCLEAR_SHARE: f32 = 0.6;

/// A root move's figures for analysis ([`Search::root_moves`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RootMove {
    pub point: Point,
    pub visits: u32,
    /// Win rate for the player to move at the root over the move's own simulations (0 without any).
    pub win_rate: f32,
    /// The caller's prior win rate for the move.
    pub prior: f32,
}

/// The outcome of a search at the root.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult {
    /// The most visited root move.
    pub best: Point,
    /// Its win rate for the player to move.
    pub win_rate: f32,
    pub simulations: usize,
    /// Root moves with visits and win rates, most visited first.
    pub moves: Vec<(Point, u32, f32)>,
}

#[derive(Debug, Clone, Copy)]
struct Node {
    point: Point,
    visits: u32,
    /// Wins for the player who played `point` (priors included in `prior_*`).
    wins: f32,
    prior_visits: f32,
    prior_wins: f32,
    amaf_visits: f32,
    amaf_wins: f32,
    first_child: u32,
    children: u16,
    expanded: bool,
    /// Virtual losses of the shared tree's descents now under this node ([`VIRTUAL_LOSS`] each): counted
    /// as visits without a win until the descent backs its playout up. Always 0 with one thread.
    pending: u32,
}

impl Node {
    fn new(point: Point, prior: f32) -> Node {
        Node::weighted(point, prior, PRIOR_VISITS)
    }

    fn weighted(point: Point, prior: f32, prior_visits: f32) -> Node {
        Node {
            point,
            visits: 0,
            wins: 0.0,
            prior_visits,
            prior_wins: prior_visits * prior,
            amaf_visits: 0.0,
            amaf_wins: 0.0,
            first_child: 0,
            children: 0,
            expanded: false,
            pending: 0,
        }
    }

    /// Win rate for the player who made this node's move, RAVE-blended, plus exploration.
    fn score(&self, parent_visits: f32) -> f32 {
        let n = (self.visits + self.pending) as f32 + self.prior_visits;
        let q = (self.wins + self.prior_wins) / n;
        let value = if self.amaf_visits > 0.0 {
            let amaf = self.amaf_wins / self.amaf_visits;
            let beta = self.amaf_visits / (self.amaf_visits + n + n * self.amaf_visits / RAVE_EQUIVALENCE);
            (1.0 - beta) * q + beta * amaf
        } else {
            q
        };
        value + EXPLORATION * (parent_visits.max(1.0).ln() / n).sqrt()
    }
}

/// A reusable search tree. [`Search::run`] searches within a budget; analysis drives the same search in
/// steps ([`Search::start`], [`Search::step`]) and reads the root's moves, their principal variations and
/// the playouts' ownership between steps.
pub struct Search {
    nodes: Vec<Node>,
    /// The first thread's scratch.
    walk: Walk,
    /// With [`Search::track_ownership`]: per point, the playouts black owned it at the end minus those
    /// white did, and the playouts counted.
    owned: Vec<i32>,
    owned_playouts: u32,
    track_ownership: bool,
    /// Progressive widening at the root ([`widened`]).
    widening: bool,
    /// Per point: 1 + the colour index of a stone the caller's analysis calls dead (0: none), counted
    /// for its owner's opponent at the end of every playout ([`Search::set_dead`]).
    dead: Vec<u8>,
    any_dead: bool,
    /// How two or more threads search ([`Search::set_parallel`]).
    parallel: Parallel,
    /// Root parallelisation: the trees of the other threads ([`Search::set_threads`]; empty: one thread).
    helpers: Vec<Search>,
    /// Shared tree: the other threads' scratch (empty: one thread, or root parallelisation).
    workers: Vec<Walk>,
    /// Set by [`Search::advance`]: the node whose subtree the next [`Search::start`] keeps.
    kept: Option<u32>,
    /// The other arena of the compaction step, and per new node its old index (`u32::MAX`: new).
    spare: Vec<Node>,
    source: Vec<u32>,
    /// Root visits the last [`Search::start`] kept from the previous search.
    reused: u32,
}

impl Default for Search {
    fn default() -> Self {
        Search::new()
    }
}

impl Search {
    pub fn new() -> Search {
        Search {
            nodes: Vec::new(),
            walk: Walk::new(),
            owned: Vec::new(),
            owned_playouts: 0,
            track_ownership: false,
            widening: false,
            dead: vec![0; ARRAY],
            any_dead: false,
            parallel: Parallel::default(),
            helpers: Vec::new(),
            workers: Vec::new(),
            kept: None,
            spare: Vec::new(),
            source: Vec::new(),
            reused: 0,
        }
    }

    /// Searches with `threads` threads from the next search on, in the way [`Search::set_parallel`] chose
    /// (see the module doc; 0 counts as 1). Forgets the trees kept for reuse.
    pub fn set_threads(&mut self, threads: usize) {
        self.forget();
        self.helpers.clear();
        self.workers.clear();
        let others = threads.max(1) - 1;
        match self.parallel {
            Parallel::Shared => self.workers.resize_with(others, Walk::new),
            Parallel::Root => self.helpers.resize_with(others, Search::new),
        }
    }

    /// How two or more threads search from the next search on (the thread count stays; the trees kept
    /// for reuse are forgotten).
    pub fn set_parallel(&mut self, parallel: Parallel) {
        let threads = self.threads();
        self.parallel = parallel;
        self.set_threads(threads);
    }

    /// How many threads a search runs.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len() + self.workers.len()
    }

    /// Keeps, for the next [`Search::start`], the subtree reached by root move `first` and then `second`
    /// (our move and the opponent's reply): the next search's root moves take the statistics and
    /// subtrees of the same moves there. False, and the next search starts afresh, when the last search
    /// did not reach that node.
    pub fn advance(&mut self, first: Point, second: Point) -> bool {
        let mut all = true;
        for h in &mut self.helpers {
            all &= h.advance(first, second);
        }
        self.kept = self.child_of(0, first).and_then(|a| self.child_of(a, second)).map(|k| k as u32);
        if self.kept.is_none() {
            self.nodes.clear();
        }
        all && self.kept.is_some()
    }

    /// Forgets the last search: the next [`Search::start`] begins with an empty tree.
    pub fn forget(&mut self) {
        self.nodes.clear();
        self.kept = None;
        for h in &mut self.helpers {
            h.forget();
        }
    }

    /// Root visits the last [`Search::start`] kept from the previous search (summed over the trees).
    pub fn reused(&self) -> u32 {
        self.reused + self.helpers.iter().map(|h| h.reused).sum::<u32>()
    }

    /// Nodes in the tree (the first thread's).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the last [`Search::start`] found candidates and no [`Search::advance`] waits since.
    pub fn started(&self) -> bool {
        !self.nodes.is_empty() && self.kept.is_none()
    }

    fn child_of(&self, node: usize, p: Point) -> Option<usize> {
        let n = self.nodes.get(node)?;
        if !n.expanded {
            return None;
        }
        let first = n.first_child as usize;
        (first..first + usize::from(n.children)).find(|&i| self.nodes[i].point == p)
    }

    /// Whether the root's moves open up one by one in the caller's order ([`widened`]) from the next
    /// simulation on (off by default: every root move from the start).
    pub fn set_widening(&mut self, on: bool) {
        self.widening = on;
    }

    /// Marks the stones on `points` of `board` dead: at the end of every playout such a point still
    /// holding its owner's stone, and an empty point whose owner by [`owner`] is that colour next to
    /// such a stone, count for the opponent ([`dead_area_margin`]). An empty list clears the marks.
    pub fn set_dead(&mut self, board: &Board, points: &[Point]) {
        self.dead.iter_mut().for_each(|d| *d = 0);
        self.any_dead = false;
        for &p in points {
            if let (Some(c), Some(d)) = (board.color(p), self.dead.get_mut(usize::from(p))) {
                *d = 1 + c.index() as u8;
                self.any_dead = true;
            }
        }
    }

    /// Whether the playouts' final owners are counted from the next [`Search::start`] on (for
    /// [`Search::ownership`]; off by default, as it costs a pass over the board per simulation).
    pub fn track_ownership(&mut self, on: bool) {
        self.track_ownership = on;
    }

    /// Searches from `board` with `to_move` to play among `candidates`; `komi` decides who won a
    /// playout (area counting). `None` without candidates.
    pub fn run<R: Rng + ?Sized>(
        &mut self,
        board: &Board,
        to_move: Color,
        komi: f64,
        candidates: &[Candidate],
        budget: Budget,
        rng: &mut R,
    ) -> Option<SearchResult> {
        self.run_observed(board, to_move, komi, candidates, budget, rng, &mut |_| {})
    }

    /// [`Search::run`], showing the search to `observe` every [`CLOCK_CHECK`] simulations (live analysis;
    /// with several threads `observe` sees the first thread's tree).
    #[allow(clippy::too_many_arguments)]
    pub fn run_observed<R: Rng + ?Sized>(
        &mut self,
        board: &Board,
        to_move: Color,
        komi: f64,
        candidates: &[Candidate],
        budget: Budget,
        rng: &mut R,
        observe: &mut dyn FnMut(&Search),
    ) -> Option<SearchResult> {
        if !self.workers.is_empty() {
            if !self.start(candidates) {
                return None;
            }
            self.run_shared(board, to_move, komi, budget, rng, observe);
            return self.result();
        }
        if self.helpers.is_empty() {
            return self.run_one(board, to_move, komi, candidates, budget, rng, observe);
        }
        if candidates.is_empty() {
            self.forget();
            return None;
        }
        let trees = self.threads();
        let total = budget.simulations.max(1);
        let share = total / trees;
        let seeds: Vec<u64> = (0..trees - 1).map(|_| rng.random()).collect();
        let mut helpers = std::mem::take(&mut self.helpers);
        for h in &mut helpers {
            h.widening = self.widening;
            h.track_ownership = self.track_ownership;
            h.dead.copy_from_slice(&self.dead);
            h.any_dead = self.any_dead;
        }
        std::thread::scope(|scope| {
            for (h, seed) in helpers.iter_mut().zip(seeds) {
                let b = Budget { simulations: share.max(1), ..budget };
                scope.spawn(move || {
                    h.run_one(board, to_move, komi, candidates, b, &mut seeded_rng(seed), &mut |_| {});
                });
            }
            let b = Budget { simulations: total - share * (trees - 1), ..budget };
            self.run_one(board, to_move, komi, candidates, b, rng, observe);
        });
        self.helpers = helpers;
        self.result()
    }

    /// One tree's search (the whole search with one thread).
    #[allow(clippy::too_many_arguments)]
    fn run_one<R: Rng + ?Sized>(
        &mut self,
        board: &Board,
        to_move: Color,
        komi: f64,
        candidates: &[Candidate],
        budget: Budget,
        rng: &mut R,
        observe: &mut dyn FnMut(&Search),
    ) -> Option<SearchResult> {
        if !self.start(candidates) {
            return None;
        }
        let timed = budget.deadline.is_some() || budget.soft_deadline.is_some();
        let mut done = 0;
        while done < budget.simulations.max(1) {
            if done % CLOCK_CHECK == CLOCK_CHECK - 1 {
                observe(self);
            }
            if timed && done % CLOCK_CHECK == CLOCK_CHECK - 1 {
                let now = Instant::now();
                if budget.deadline.is_some_and(|d| now >= d)
                    || (budget.soft_deadline.is_some_and(|d| now >= d) && !self.unclear())
                {
                    break;
                }
            }
            self.step(board, to_move, komi, 1, rng);
            done += 1;
        }
        self.result()
    }

    /// Starts a search among `candidates` (the root's moves, in the caller's order), forgetting the
    /// last one except the subtree [`Search::advance`] kept; false without candidates. (With several
    /// threads, [`Search::run_observed`] starts every tree; this starts the first thread's.)
    pub fn start(&mut self, candidates: &[Candidate]) -> bool {
        let kept = self.kept.take();
        // The old tree moves to `spare`; the new one is built in the other arena.
        std::mem::swap(&mut self.nodes, &mut self.spare);
        self.nodes.clear();
        self.reused = 0;
        if candidates.is_empty() {
            return false;
        }
        let mut root = Node::new(0, 0.5);
        root.expanded = true;
        root.first_child = 1;
        root.children = candidates.len().min(usize::from(u16::MAX)) as u16;
        self.nodes.push(root);
        for c in candidates.iter().take(usize::from(root.children)) {
            self.nodes.push(Node::weighted(c.point, c.prior.clamp(0.01, 0.99), c.visits.clamp(1.0, 1e4)));
        }
        if let Some(k) = kept {
            self.keep_subtree(k as usize);
        }
        self.owned_playouts = 0;
        if self.track_ownership {
            self.owned.clear();
            self.owned.resize(ARRAY, 0);
        }
        true
    }

    /// The compaction step of tree reuse: the root moves just pushed take the statistics of the same
    /// moves under the old tree's node `kept` (in `spare`; their priors stay the caller's), and their
    /// subtrees are copied breadth first, so that every node's children stay one block.
    fn keep_subtree(&mut self, kept: usize) {
        let old = &self.spare;
        let Some(&k) = old.get(kept) else { return };
        if !k.expanded {
            return;
        }
        self.source.clear();
        self.source.resize(self.nodes.len(), u32::MAX);
        let old_kids = k.first_child as usize..k.first_child as usize + usize::from(k.children);
        let mut visits = 0u32;
        for i in 1..self.nodes.len() {
            let p = self.nodes[i].point;
            if let Some(j) = old_kids.clone().find(|&j| old[j].point == p) {
                let o = old[j];
                let n = &mut self.nodes[i];
                n.visits = o.visits;
                n.wins = o.wins;
                n.amaf_visits = o.amaf_visits;
                n.amaf_wins = o.amaf_wins;
                self.source[i] = j as u32;
                visits += o.visits;
            }
        }
        self.nodes[0].visits = visits;
        self.reused = visits;
        let mut i = 1;
        while i < self.nodes.len() {
            if let Some(&o) = old.get(self.source[i] as usize) {
                if o.expanded {
                    let first = self.nodes.len();
                    let kids = o.first_child as usize..o.first_child as usize + usize::from(o.children);
                    self.nodes.extend_from_slice(&old[kids.clone()]);
                    self.source.extend(kids.map(|j| j as u32));
                    let n = &mut self.nodes[i];
                    n.expanded = true;
                    n.first_child = first as u32;
                    n.children = o.children;
                }
            }
            i += 1;
        }
    }

    /// Runs `n` more simulations of the search started last, from `board` with `to_move` to play (the
    /// position it was started on). Nothing without a started search.
    /// With a shared tree all threads run them; with root parallelisation only the first thread's tree.
    pub fn step<R: Rng + ?Sized>(&mut self, board: &Board, to_move: Color, komi: f64, n: usize, rng: &mut R) {
        if self.nodes.is_empty() {
            return;
        }
        if !self.workers.is_empty() {
            let budget = Budget { simulations: n, ..Budget::default() };
            self.run_shared(board, to_move, komi, budget, rng, &mut |_| {});
            return;
        }
        let max_moves = 3 * board.size() * board.size() + 20;
        let mut walk = std::mem::take(&mut self.walk);
        for _ in 0..n {
            self.simulate(&mut walk, board, to_move, komi, max_moves, rng);
        }
        self.walk = walk;
    }

    /// The shared tree's search (see the module doc): `budget.simulations` more simulations of the
    /// search started last, run by this thread and the workers' threads together, each descending under
    /// the tree's lock with [`VIRTUAL_LOSS`] on its path, playing its playout without the lock and backing
    /// it up under the lock again. The workers' generators are seeded from draws of `rng`.
    fn run_shared<R: Rng + ?Sized>(
        &mut self,
        board: &Board,
        to_move: Color,
        komi: f64,
        budget: Budget,
        rng: &mut R,
        observe: &mut dyn FnMut(&Search),
    ) {
        let seeds: Vec<u64> = self.workers.iter().map(|_| rng.random()).collect();
        let mut workers = std::mem::take(&mut self.workers);
        let mut walk = std::mem::take(&mut self.walk);
        // Read by every playout without the lock: one copy per search, not per simulation.
        let dead = self.any_dead.then(|| self.dead.clone());
        let job = SharedJob {
            board,
            to_move,
            komi,
            budget,
            total: budget.simulations.max(1),
            max_moves: 3 * board.size() * board.size() + 20,
            dead: dead.as_deref(),
        };
        let tree = Mutex::new(SharedTree { search: &mut *self, claimed: 0, stop: false });
        std::thread::scope(|scope| {
            for (w, seed) in workers.iter_mut().zip(seeds) {
                let (tree, job) = (&tree, &job);
                scope.spawn(move || job.work(tree, w, &mut seeded_rng(seed), &mut |_| {}));
            }
            job.work(&tree, &mut walk, rng, observe);
        });
        self.walk = walk;
        self.workers = workers;
    }

    /// Simulations run since [`Search::start`].
    pub fn simulations(&self) -> usize {
        self.nodes.first().map_or(0, |r| r.visits as usize)
    }

    /// Whether the best root move is still unclear: the second most visited has at least
    /// [`UNCLEAR_SHARE`] of the first's visits.
    pub fn unclear(&self) -> bool {
        let Some(root) = self.nodes.first() else { return false };
        let (mut first, mut second) = (0u32, 0u32);
        for n in &self.nodes[root.first_child as usize..][..usize::from(root.children)] {
            if n.visits > first {
                second = first;
                first = n.visits;
            } else if n.visits > second {
                second = n.visits;
            }
        }
        second as f32 >= UNCLEAR_SHARE * first as f32
    }

    /// The root's moves with their figures, in the caller's order (empty without a started search),
    /// summed over the threads' trees.
    pub fn root_moves(&self) -> impl Iterator<Item = RootMove> + '_ {
        self.root_children().iter().enumerate().map(|(i, n)| {
            let (mut visits, mut wins) = (n.visits, n.wins);
            for h in &self.helpers {
                if let Some(o) = h.root_children().get(i).filter(|o| o.point == n.point) {
                    visits += o.visits;
                    wins += o.wins;
                }
            }
            RootMove {
                point: n.point,
                visits,
                win_rate: if visits > 0 { wins / visits as f32 } else { 0.0 },
                prior: n.prior_wins / n.prior_visits,
            }
        })
    }

    fn root_children(&self) -> &[Node] {
        self.nodes
            .first()
            .map_or(&[][..], |root| &self.nodes[root.first_child as usize..][..usize::from(root.children)])
    }

    /// The principal variation from root move `point`: the move, then each node's most visited child, up
    /// to `max_len` moves, written into `pv` (cleared first).
    pub fn principal_variation(&self, point: Point, max_len: usize, pv: &mut Vec<Point>) {
        pv.clear();
        let Some(root) = self.nodes.first() else { return };
        let first = root.first_child as usize;
        let Some(mut node) = (first..first + usize::from(root.children)).find(|&i| self.nodes[i].point == point) else {
            return;
        };
        pv.push(point);
        while pv.len() < max_len {
            let n = self.nodes[node];
            if !n.expanded || n.children == 0 {
                break;
            }
            let kids = n.first_child as usize..n.first_child as usize + usize::from(n.children);
            let Some(best) = kids.max_by_key(|&i| self.nodes[i].visits).filter(|&i| self.nodes[i].visits > 0) else {
                break;
            };
            pv.push(self.nodes[best].point);
            node = best;
        }
    }

    /// Per point (indexed by [`Point`]), how surely black owns it at the end of the playouts since
    /// [`Search::start`]: from 1 (always black's) to -1 (always white's); `None` unless ownership is
    /// tracked and a playout ran.
    pub fn ownership(&self, p: Point) -> Option<f32> {
        (self.track_ownership && self.owned_playouts > 0)
            .then(|| self.owned.get(usize::from(p)).map_or(0.0, |&o| o as f32 / self.owned_playouts as f32))
    }

    /// The search's outcome at the root (`None` without a started search): the root statistics summed
    /// over the threads' trees.
    pub fn result(&self) -> Option<SearchResult> {
        let root = *self.nodes.first()?;
        let mut moves: Vec<(Point, u32, f32)> = self.root_moves().map(|m| (m.point, m.visits, m.win_rate)).collect();
        moves.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        let (best, _, win_rate) = *moves.first()?;
        let simulations = root.visits as usize
            + self.helpers.iter().filter_map(|h| h.nodes.first()).map(|r| r.visits as usize).sum::<usize>();
        Some(SearchResult { best, win_rate, simulations, moves })
    }

    fn simulate<R: Rng + ?Sized>(
        &mut self,
        walk: &mut Walk,
        root: &Board,
        to_move: Color,
        komi: f64,
        max_moves: usize,
        rng: &mut R,
    ) {
        let mut board = root.clone();
        board.set_allow_suicide(false);
        let color = self.descend(walk, &mut board, to_move, 0);
        walk.first.iter_mut().for_each(|f| *f = 0);
        playout_recording(&mut board, color, rng, max_moves, Some(&mut walk.first));
        self.count_owners(&board);
        let margin = if self.any_dead { dead_area_margin(&board, &self.dead) } else { area_margin(&board) };
        let black_wins = f64::from(margin) > komi;
        self.backup(walk, to_move, black_wins, 0);
    }

    /// Descends from the root on `board` (the root's position; the tree's moves are played on it),
    /// expanding the node it stops at when due, and records the path in `walk`; `pending` virtual losses
    /// go on every node of the path. Returns the colour to play at the end of the path.
    fn descend(&mut self, walk: &mut Walk, board: &mut Board, to_move: Color, pending: u32) -> Color {
        walk.path.clear();
        walk.moves.clear();
        walk.path.push(0);
        self.nodes[0].pending += pending;
        let mut color = to_move;
        let mut node = 0usize;
        // Descend while the node has children.
        loop {
            let n = self.nodes[node];
            if !n.expanded {
                if n.visits + 1 >= EXPAND_AFTER {
                    self.expand(node, board, color, walk.moves.last().map(|&(p, _)| p));
                }
                if !self.nodes[node].expanded || self.nodes[node].children == 0 {
                    break;
                }
            }
            let n = self.nodes[node];
            let parent_visits = (n.visits + n.pending) as f32;
            let mut best = None;
            let mut best_score = f32::NEG_INFINITY;
            let open = if node == 0 && self.widening { widened(n.visits) } else { usize::MAX };
            for i in 0..usize::from(n.children).min(open) {
                let c = n.first_child as usize + i;
                let s = self.nodes[c].score(parent_visits);
                if s > best_score && board.is_legal(self.nodes[c].point, color) {
                    best_score = s;
                    best = Some(c);
                }
            }
            let Some(child) = best else { break };
            let p = self.nodes[child].point;
            board.play_unchecked(p, color);
            walk.moves.push((p, color));
            walk.path.push(child as u32);
            self.nodes[child].pending += pending;
            node = child;
            color = color.opponent();
        }
        color
    }

    /// With [`Search::track_ownership`], counts the owners at the end of a playout.
    fn count_owners(&mut self, board: &Board) {
        if self.track_ownership {
            for p in board.points() {
                match owner(board, p) {
                    Some(Color::Black) => self.owned[usize::from(p)] += 1,
                    Some(Color::White) => self.owned[usize::from(p)] -= 1,
                    None => {}
                }
            }
            self.owned_playouts += 1;
        }
    }

    /// Gives `node` its children; `last` is the move into it (none at the root, whose moves the caller
    /// gives).
    fn expand(&mut self, node: usize, board: &Board, color: Color, last: Option<Point>) {
        let first = self.nodes.len();
        for p in board.points() {
            if board.is_empty(p) && !is_eyelike(board, p, color) && !open_edge(board, p) && board.is_legal(p, color) {
                self.nodes.push(Node::new(p, prior(board, p, color, last)));
            }
        }
        let children = (self.nodes.len() - first) as u16;
        let n = &mut self.nodes[node];
        n.expanded = true;
        n.first_child = first as u32;
        n.children = children;
    }

    /// Backs the playout's result up `walk`'s path, taking off the `pending` virtual losses its descent
    /// put there.
    fn backup(&mut self, walk: &mut Walk, to_move: Color, black_wins: bool, pending: u32) {
        // `seen[p]`: who played first on `p` from the current depth on (1 black, 2 white), starting with
        // the playout's record and moving up the tree.
        walk.seen.copy_from_slice(&walk.first);
        for depth in (0..walk.path.len()).rev() {
            let node = walk.path[depth] as usize;
            self.nodes[node].pending -= pending;
            // The move into this node was made by the player to move at depth - 1.
            if depth > 0 {
                let (p, c) = walk.moves[depth - 1];
                walk.seen[usize::from(p)] = 1 + c.index() as u8;
                let won = (c == Color::Black) == black_wins;
                let n = &mut self.nodes[node];
                n.visits += 1;
                if won {
                    n.wins += 1.0;
                }
            } else {
                self.nodes[0].visits += 1;
            }
            // All moves as first: the children of this node are moves by the player to move here.
            let mover = if depth % 2 == 0 { to_move } else { to_move.opponent() };
            let won = (mover == Color::Black) == black_wins;
            let n = self.nodes[node];
            if !n.expanded {
                continue;
            }
            let tag = 1 + mover.index() as u8;
            for i in 0..usize::from(n.children) {
                let c = &mut self.nodes[n.first_child as usize + i];
                if walk.seen[usize::from(c.point)] == tag {
                    c.amaf_visits += 1.0;
                    if won {
                        c.amaf_wins += 1.0;
                    }
                }
            }
        }
    }
}

/// Virtual losses a shared-tree descent puts on each node of its path: visits without a win until its
/// playout is backed up, so that the other threads' descents look elsewhere meanwhile (Fuego's and
/// Pachi's one loss).
pub const VIRTUAL_LOSS: u32 = 1;

/// How two or more threads search ([`Search::set_parallel`]; see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Parallel {
    /// One tree searched by every thread, with virtual loss (not deterministic with two threads).
    #[default]
    Shared,
    /// One tree per thread, root statistics summed (deterministic for a seed at fixed simulations).
    Root,
}

/// One thread's scratch for a simulation: its path down the tree and the moves on it, the playout's
/// record of who played first where, and the backup's copy of that record. Sized once; a simulation
/// allocates nothing here.
#[derive(Default)]
struct Walk {
    path: Vec<u32>,
    moves: Vec<(Point, Color)>,
    first: Vec<u8>,
    seen: Vec<u8>,
}

impl Walk {
    fn new() -> Walk {
        Walk { path: Vec::new(), moves: Vec::new(), first: vec![0; ARRAY], seen: vec![0; ARRAY] }
    }
}

/// The shared tree's state under its lock: the search, the simulations claimed so far and whether a
/// clock stopped the search.
struct SharedTree<'a> {
    search: &'a mut Search,
    claimed: usize,
    stop: bool,
}

/// What every thread of a shared-tree search reads without the lock.
struct SharedJob<'a> {
    board: &'a Board,
    to_move: Color,
    komi: f64,
    budget: Budget,
    total: usize,
    max_moves: usize,
    dead: Option<&'a [u8]>,
}

/// The tree's lock; a thread that panicked holding it leaves counts, not broken memory, so the others
/// go on (the panic itself reaches the caller through the thread scope).
fn lock<'a, 'b>(tree: &'a Mutex<SharedTree<'b>>) -> MutexGuard<'a, SharedTree<'b>> {
    tree.lock().unwrap_or_else(PoisonError::into_inner)
}

impl SharedJob<'_> {
    /// One thread's share of a shared-tree search: simulations until the budget's count is claimed or a
    /// clock stops the search. `observe` sees the tree every [`CLOCK_CHECK`] simulations of this thread.
    fn work<R: Rng + ?Sized>(
        &self,
        tree: &Mutex<SharedTree<'_>>,
        walk: &mut Walk,
        rng: &mut R,
        observe: &mut dyn FnMut(&Search),
    ) {
        let timed = self.budget.deadline.is_some() || self.budget.soft_deadline.is_some();
        let mut done = 0usize;
        loop {
            let mut board = self.board.clone();
            board.set_allow_suicide(false);
            let color = {
                let mut t = lock(tree);
                if t.stop || t.claimed >= self.total {
                    break;
                }
                if done % CLOCK_CHECK == CLOCK_CHECK - 1 {
                    observe(t.search);
                    if timed {
                        let now = Instant::now();
                        if self.budget.deadline.is_some_and(|d| now >= d)
                            || (self.budget.soft_deadline.is_some_and(|d| now >= d) && !t.search.unclear())
                        {
                            t.stop = true;
                            break;
                        }
                    }
                }
                t.claimed += 1;
                t.search.descend(walk, &mut board, self.to_move, VIRTUAL_LOSS)
            };
            done += 1;
            walk.first.iter_mut().for_each(|f| *f = 0);
            playout_recording(&mut board, color, rng, self.max_moves, Some(&mut walk.first));
            let margin = match self.dead {
                Some(dead) => dead_area_margin(&board, dead),
                None => area_margin(&board),
            };
            let black_wins = f64::from(margin) > self.komi;
            let mut t = lock(tree);
            t.search.count_owners(&board);
            t.search.backup(walk, self.to_move, black_wins, VIRTUAL_LOSS);
        }
    }
}

/// Black's area margin at the end of a playout as [`area_margin`], with the stones `dead` marks (per
/// point, 1 + the colour index of a dead stone) counted as the opponent's stones where the playout
/// left them standing: for their own point and for the empty points around them.
pub fn dead_area_margin(board: &Board, dead: &[u8]) -> i32 {
    area_margin_seen(board, |q| {
        let c = board.color(q)?;
        Some(if dead.get(usize::from(q)) == Some(&(1 + c.index() as u8)) { c.opponent() } else { c })
    })
}

/// Prior bonus for a move that completes one of the playouts' 3×3 shapes ([`shapes`]).
pub const SHAPE_PRIOR: f32 = 0.08;

/// Prior bonus for a move on one of the 8 points around the last move: most good replies are local.
pub const NEAR_LAST_PRIOR: f32 = 0.08;

/// A cheap prior inside the tree: captures and escapes from atari are promising, self-ataris are not;
/// 3×3 shapes and replies next to the last move `last` lean up, as in MoGo's and Pachi's priors.
fn prior(board: &Board, p: Point, color: Color, last: Option<Point>) -> f32 {
    let mut value: f32 = 0.5;
    if shapes::matches(board, p) {
        value += SHAPE_PRIOR;
    }
    if last.is_some_and(|q| Board::neighbors(q).contains(&p) || Board::diagonals(q).contains(&p)) {
        value += NEAR_LAST_PRIOR;
    }
    let mut libs = 0;
    for q in Board::neighbors(p) {
        match board.color(q) {
            None if !board.is_border(q) => libs += 1,
            Some(c) if c == color.opponent() && board.liberties(q) == 1 => value += 0.3,
            Some(c) if c == color && board.liberties(q) == 1 => value += 0.1,
            Some(c) if c == color => libs += board.liberties(q).saturating_sub(1),
            _ => {}
        }
    }
    if libs <= 1 {
        value -= 0.3;
    }
    value += open_area_bias(board, p);
    value.clamp(0.05, 0.95)
}

/// Smallest board on which [`open_edge`] moves are left out of the search.
pub const OPEN_EDGE_MIN_SIZE: usize = 13;

/// A move on the first or second line of an open area (no stone within distance two) on a board of
/// [`OPEN_EDGE_MIN_SIZE`] or more: never worth searching there. On 19x19 the playouts' all-moves-as-first
/// statistics outweigh [`open_area_bias`] within a few hundred simulations, and the search opened on
/// the edge (A11, A12; G2 as its third move); on 9x9 the edge is close to every fight, so the rule
/// stays off there.
pub fn open_edge(board: &Board, p: Point) -> bool {
    let size = board.size();
    if size < OPEN_EDGE_MIN_SIZE {
        return false;
    }
    let (c, r) = board.coords(p);
    let last = size as u8 - 1;
    c.min(r).min(last - c).min(last - r) <= 1 && open_area_bias(board, p) != 0.0
}

/// In open areas (no stone within distance two) the first two lines are poor and the third and fourth
/// good, as every opening teaches; random playouts cannot see it on large boards.
pub fn open_area_bias(board: &Board, p: Point) -> f32 {
    let size = board.size() as i32;
    if size < 9 {
        return 0.0;
    }
    let (c, r) = board.coords(p);
    let (c, r) = (i32::from(c), i32::from(r));
    for dr in -2i32..=2 {
        for dc in -2i32..=2 {
            let (cc, rr) = (c + dc, r + dr);
            if dr.abs() + dc.abs() <= 2
                && (0..size).contains(&cc)
                && (0..size).contains(&rr)
                && !board.is_empty(board.point(cc as u8, rr as u8))
            {
                return 0.0;
            }
        }
    }
    let line = c.min(r).min(size - 1 - c).min(size - 1 - r);
    match line {
        0 => -0.25,
        1 => -0.12,
        2 | 3 => 0.1,
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::tests::board_from;
    use engine_core::rng::seeded_rng;

    fn all_moves(board: &Board, color: Color) -> Vec<Candidate> {
        board
            .points()
            .filter(|&p| board.is_empty(p) && board.is_legal(p, color) && !is_eyelike(board, p, color))
            .map(|point| Candidate::new(point, 0.5))
            .collect()
    }

    // Black's corner group has a straight three-point eye space on the edge; whoever plays its middle
    // point decides life. The whole rest of the board is white's, and komi -40 makes black's life worth
    // the game: alive, black's 8 points to white's 41 (-33 > -40); dead, 0 to 49. Hand-checked.
    const EYE_SPACE: [&str; 7] = [
        ". . . X O . .",
        "X X X X O . .",
        "O O O O O . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ];

    #[test]
    fn black_takes_the_vital_point_to_live() {
        let b = board_from(&EYE_SPACE);
        let cands = all_moves(&b, Color::Black);
        let budget = Budget { simulations: 3000, ..Budget::default() };
        let r = Search::new().run(&b, Color::Black, -40.0, &cands, budget, &mut seeded_rng(5)).unwrap();
        assert_eq!(r.best, b.point(1, 0), "{:?}", &r.moves[..4]);
        assert!(r.win_rate > 0.6, "{r:?}");
    }

    #[test]
    fn white_takes_the_vital_point_to_kill() {
        let b = board_from(&EYE_SPACE);
        let cands = all_moves(&b, Color::White);
        let budget = Budget { simulations: 3000, ..Budget::default() };
        let r = Search::new().run(&b, Color::White, -40.0, &cands, budget, &mut seeded_rng(7)).unwrap();
        assert_eq!(r.best, b.point(1, 0), "{:?}", &r.moves[..4]);
        // Random playouts often let black live after the kill, so the win rate stays modest; the visits
        // still go overwhelmingly to the vital point.
        assert!(r.moves[0].1 as usize > r.simulations / 2, "{:?}", &r.moves[..4]);
    }

    #[test]
    fn dead_stones_count_for_the_opponent_with_the_points_around_them() {
        // Hand-counted: black owns the left two columns with a white stone left on A3; white the rest.
        let b = board_from(&[". X O . .", ". X O . .", "O X O . .", ". X O . .", ". X O . ."]);
        let w = b.point(0, 2);
        assert_eq!(b.color(w), Some(Color::White));
        // Standing: black's 5 stones and the two corners of column A (its other two points touch the
        // white stone) = 7; white's 6 stones and column D = 11 (column E touches no stone).
        assert_eq!(area_margin(&b), 7 - 11);
        let mut search = Search::new();
        search.set_dead(&b, &[w]);
        assert_eq!(dead_area_margin(&b, &search.dead), 10 - 10);
        // Black's stones marked instead: the wall and column A become white's (columns A to D: 20).
        search.set_dead(&b, &[b.point(1, 0), b.point(1, 1), b.point(1, 2), b.point(1, 3), b.point(1, 4)]);
        assert_eq!(dead_area_margin(&b, &search.dead), -20);
        // No marks: the plain margin; a mark on an empty point is ignored.
        search.set_dead(&b, &[b.point(0, 0)]);
        assert!(!search.any_dead);
        assert_eq!(dead_area_margin(&b, &search.dead), area_margin(&b));
    }

    #[test]
    fn prior_favours_shapes_and_replies_next_to_the_last_move() {
        // White's last move D4 hanes under black's C5 D5 (hand-checked diagram).
        let b = board_from(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . X X . . . . .",
            ". . . O . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ]);
        let (hane, far) = (b.point(2, 5), b.point(7, 1));
        let last = Some(b.point(3, 5));
        // C4 blocks the hane: a 3×3 shape next to the last move.
        assert!(shapes::matches(&b, hane));
        let near = prior(&b, hane, Color::Black, last);
        assert!((near - prior(&b, hane, Color::Black, None) - NEAR_LAST_PRIOR).abs() < 1e-6);
        // H8 in the open: no shape, not near, on the second line of an empty area (penalised).
        assert!(!shapes::matches(&b, far));
        assert!(prior(&b, far, Color::Black, last) < 0.5 && near > 0.5 + NEAR_LAST_PRIOR, "{near}");
    }

    #[test]
    fn widening_opens_root_moves_in_order() {
        assert_eq!(widened(0), WIDEN_BASE);
        let mut last = 0;
        for v in [0, 10, 100, 500, 1000, 4000, 40000] {
            assert!(widened(v) >= last);
            last = widened(v);
        }
        assert_eq!(widened(500), 14);
        assert_eq!(widened(4000), 20);
        // With widening, a 100-simulation search from the empty board visits only the first moves.
        let b = Board::new(9);
        let cands = all_moves(&b, Color::Black);
        let mut s = Search::new();
        s.set_widening(true);
        s.run(&b, Color::Black, 7.5, &cands, Budget { simulations: 100, ..Budget::default() }, &mut seeded_rng(2));
        let visited: Vec<usize> = s.root_moves().enumerate().filter(|(_, m)| m.visits > 0).map(|(i, _)| i).collect();
        assert!(visited.iter().all(|&i| i < widened(100)), "{visited:?}");
        assert!(visited.len() >= WIDEN_BASE, "{visited:?}");
    }

    /// Nodes in the subtree under `node` (itself included).
    fn subtree(s: &Search, node: usize) -> usize {
        let n = s.nodes[node];
        let kids =
            if n.expanded { n.first_child as usize..n.first_child as usize + usize::from(n.children) } else { 0..0 };
        1 + kids.map(|c| subtree(s, c)).sum::<usize>()
    }

    fn most_visited_child(s: &Search, node: usize) -> usize {
        let n = s.nodes[node];
        (n.first_child as usize..n.first_child as usize + usize::from(n.children))
            .max_by_key(|&i| s.nodes[i].visits)
            .unwrap()
    }

    #[test]
    fn reuse_keeps_the_subtree_under_our_move_and_the_reply() {
        let mut b = Board::new(9);
        let mut s = Search::new();
        let budget = Budget { simulations: 2000, ..Budget::default() };
        s.run(&b, Color::Black, 7.5, &all_moves(&b, Color::Black), budget, &mut seeded_rng(3)).unwrap();
        let a = most_visited_child(&s, 0);
        let r = most_visited_child(&s, a);
        let (pa, pr) = (s.nodes[a].point, s.nodes[r].point);
        let kept_nodes = subtree(&s, r);
        let old_kids: Vec<(Point, u32, f32, f32)> = {
            let n = s.nodes[r];
            (n.first_child as usize..n.first_child as usize + usize::from(n.children))
                .map(|i| (s.nodes[i].point, s.nodes[i].visits, s.nodes[i].wins, s.nodes[i].amaf_visits))
                .collect()
        };
        assert!(kept_nodes > 1 && s.nodes[r].visits > 10, "{kept_nodes} nodes, {} visits", s.nodes[r].visits);
        assert!(s.advance(pa, pr));
        b.play(crate::rules::stone::Move::Play(pa), Color::Black).unwrap();
        b.play(crate::rules::stone::Move::Play(pr), Color::White).unwrap();
        // The reply's children were expanded with the rule of `all_moves`: the new root moves are the
        // same moves in the same order, so the whole subtree is kept, node for node.
        let cands = all_moves(&b, Color::Black);
        assert!(s.start(&cands));
        assert_eq!(s.node_count(), kept_nodes);
        assert_eq!(subtree(&s, 0), kept_nodes);
        let new_kids: Vec<(Point, u32, f32, f32)> =
            s.root_children().iter().map(|n| (n.point, n.visits, n.wins, n.amaf_visits)).collect();
        assert_eq!(new_kids, old_kids);
        let visits: u32 = old_kids.iter().map(|k| k.1).sum();
        assert_eq!((s.reused(), s.simulations()), (visits, visits as usize));
        // The kept tree searches on: 500 more simulations on top of the kept visits.
        s.step(&b, Color::Black, 7.5, 500, &mut seeded_rng(4));
        assert_eq!(s.simulations(), visits as usize + 500);
        // Only half the root moves given: only their subtrees are kept.
        let mut s2 = Search::new();
        let b0 = Board::new(9);
        s2.run(&b0, Color::Black, 7.5, &all_moves(&b0, Color::Black), budget, &mut seeded_rng(3)).unwrap();
        assert!(s2.advance(pa, pr));
        let half: Vec<Candidate> = cands.iter().copied().step_by(2).collect();
        assert!(s2.start(&half));
        // Counted on a third copy of the same search, kept whole.
        let mut s3 = Search::new();
        s3.run(&b0, Color::Black, 7.5, &all_moves(&b0, Color::Black), budget, &mut seeded_rng(3)).unwrap();
        assert!(s3.advance(pa, pr));
        assert!(s3.start(&cands));
        assert_eq!(s3.node_count(), kept_nodes);
        let expected_half: usize = 1 + (0..half.len()).map(|k| subtree(&s3, 1 + 2 * k)).sum::<usize>();
        assert_eq!(s2.node_count(), expected_half);
        assert!(expected_half < kept_nodes);
    }

    #[test]
    fn moves_outside_the_tree_start_afresh() {
        let b = Board::new(9);
        let cands = all_moves(&b, Color::Black);
        let mut s = Search::new();
        s.run(&b, Color::Black, 7.5, &cands, Budget { simulations: 300, ..Budget::default() }, &mut seeded_rng(3));
        // A "reply" on the point just played is in no tree, nor is a first move off the root's list.
        let a = most_visited_child(&s, 0);
        let pa = s.nodes[a].point;
        assert!(s.nodes[a].expanded);
        assert!(!s.advance(pa, pa));
        assert!(s.start(&cands));
        assert_eq!((s.node_count(), s.reused(), s.simulations()), (1 + cands.len(), 0, 0));
        s.run(&b, Color::Black, 7.5, &cands, Budget { simulations: 300, ..Budget::default() }, &mut seeded_rng(3));
        let outside = b.point(4, 4);
        let half: Vec<Candidate> = cands.iter().copied().filter(|c| c.point != outside).collect();
        s.run(&b, Color::Black, 7.5, &half, Budget { simulations: 300, ..Budget::default() }, &mut seeded_rng(3));
        assert!(!s.advance(outside, pa));
        assert!(s.start(&cands));
        assert_eq!(s.reused(), 0);
        // forget() drops a kept subtree.
        s.run(&b, Color::Black, 7.5, &cands, Budget { simulations: 300, ..Budget::default() }, &mut seeded_rng(3));
        let a = most_visited_child(&s, 0);
        let (pa, pr) = (s.nodes[a].point, s.nodes[most_visited_child(&s, a)].point);
        assert!(s.advance(pa, pr));
        s.forget();
        assert!(s.start(&cands));
        assert_eq!(s.reused(), 0);
    }

    #[test]
    fn two_threads_split_the_simulations_deterministically_and_find_the_vital_point() {
        let b = board_from(&EYE_SPACE);
        let cands = all_moves(&b, Color::Black);
        let budget = Budget { simulations: 3001, ..Budget::default() };
        let run = |seed| {
            let mut s = Search::new();
            s.set_parallel(Parallel::Root);
            s.set_threads(2);
            let r = s.run(&b, Color::Black, -40.0, &cands, budget, &mut seeded_rng(seed)).unwrap();
            let per_tree = (s.nodes[0].visits, s.helpers[0].nodes[0].visits);
            (r, per_tree)
        };
        let (a, per_tree) = run(5);
        assert_eq!(per_tree, (1501, 1500));
        assert_eq!(a.simulations, 3001);
        assert_eq!(a.moves.iter().map(|m| m.1 as usize).sum::<usize>(), 3001);
        assert_eq!(a.best, b.point(1, 0), "{:?}", &a.moves[..4]);
        assert_eq!(run(5).0, a);
        // The trees differ (the helper's generator is seeded from the caller's).
        let one = Search::new().run(&b, Color::Black, -40.0, &cands, budget, &mut seeded_rng(5)).unwrap();
        assert_ne!(one.moves, a.moves);
    }

    #[test]
    fn deterministic_for_a_seed_and_empty_without_candidates() {
        let b = Board::new(9);
        let cands = all_moves(&b, Color::Black);
        let budget = Budget { simulations: 500, ..Budget::default() };
        let a = Search::new().run(&b, Color::Black, 7.5, &cands, budget, &mut seeded_rng(1)).unwrap();
        let c = Search::new().run(&b, Color::Black, 7.5, &cands, budget, &mut seeded_rng(1)).unwrap();
        assert_eq!(a, c);
        assert_eq!(a.simulations, 500);
        assert!(Search::new().run(&b, Color::Black, 7.5, &[], budget, &mut seeded_rng(1)).is_none());
    }

    /// A 9x9 middle game, white to move (hand-made, no special point).
    const MIDDLE: [&str; 9] = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X . . . O . .",
        ". . . . . . . . .",
        ". . . . X . . . .",
        ". . . . . O . . .",
        ". . O . . X . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ];

    #[test]
    fn one_thread_search_is_the_same_as_before_the_shared_tree() {
        // Figures of this search recorded on the commit before the shared tree (e40a8cf): one thread
        // searches exactly as it did (same root visits, win rates, tree and principal variation). A
        // change of the priors, playouts or selection changes them on purpose: record them again then.
        let b = board_from(&MIDDLE);
        let cands = all_moves(&b, Color::White);
        let mut s = Search::new();
        let budget = Budget { simulations: 1500, ..Budget::default() };
        let r = s.run(&b, Color::White, 7.5, &cands, budget, &mut seeded_rng(11)).unwrap();
        let digest: u64 = r
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| (i as u64 + 1) * (u64::from(m.0) * 7919 + u64::from(m.1) * 31 + u64::from(m.2.to_bits())))
            .sum();
        let mut pv = Vec::new();
        s.principal_variation(r.best, 6, &mut pv);
        assert_eq!((r.best, r.win_rate.to_bits(), s.node_count()), (167, 0x3f2f477f, 43063));
        assert_eq!(
            (&r.moves[..3], digest),
            (&[(167, 111, 0.6846847), (114, 96, 0.71875), (196, 68, 0.7352941)][..], 2783444903423)
        );
        assert_eq!(pv, [167, 116, 219, 193, 165]);
    }

    fn pending_left(s: &Search) -> u32 {
        s.nodes.iter().map(|n| n.pending).sum()
    }

    #[test]
    fn shared_tree_counts_every_simulation_once_and_finds_the_vital_point() {
        let b = board_from(&EYE_SPACE);
        let cands = all_moves(&b, Color::Black);
        let mut s = Search::new();
        s.set_threads(2);
        assert_eq!((s.threads(), s.workers.len(), s.helpers.len()), (2, 1, 0));
        let budget = Budget { simulations: 3001, ..Budget::default() };
        let r = s.run(&b, Color::Black, -40.0, &cands, budget, &mut seeded_rng(5)).unwrap();
        // One tree: the root's visits are the simulations, each backed up once, every virtual loss
        // taken off again.
        assert_eq!(r.simulations, 3001);
        assert_eq!(r.moves.iter().map(|m| m.1 as usize).sum::<usize>(), 3001);
        assert_eq!(pending_left(&s), 0);
        assert_eq!(r.best, b.point(1, 0), "{:?}", &r.moves[..4]);
        // Analysis steps run on both threads too, exactly the simulations asked for.
        s.step(&b, Color::Black, -40.0, 200, &mut seeded_rng(6));
        assert_eq!((s.simulations(), pending_left(&s)), (3201, 0));
        let mut pv = Vec::new();
        s.principal_variation(r.best, 4, &mut pv);
        assert!(pv.len() >= 2 && pv[0] == r.best, "{pv:?}");
    }

    #[test]
    fn shared_tree_is_kept_between_moves_and_stops_at_a_past_deadline() {
        let mut b = Board::new(9);
        let mut s = Search::new();
        s.set_threads(2);
        let budget = Budget { simulations: 1500, ..Budget::default() };
        s.run(&b, Color::Black, 7.5, &all_moves(&b, Color::Black), budget, &mut seeded_rng(3)).unwrap();
        let a = most_visited_child(&s, 0);
        let r = most_visited_child(&s, a);
        let (pa, pr, kept_nodes) = (s.nodes[a].point, s.nodes[r].point, subtree(&s, r));
        let kept_visits: u32 = {
            let n = s.nodes[r];
            (n.first_child as usize..n.first_child as usize + usize::from(n.children)).map(|i| s.nodes[i].visits).sum()
        };
        assert!(s.advance(pa, pr));
        b.play(crate::rules::stone::Move::Play(pa), Color::Black).unwrap();
        b.play(crate::rules::stone::Move::Play(pr), Color::White).unwrap();
        let cands = all_moves(&b, Color::Black);
        let r2 = s.run(&b, Color::Black, 7.5, &cands, budget, &mut seeded_rng(4)).unwrap();
        // How many visits the kept reply holds varies with the threads' interleaving; the
        // property is that some are kept and counted, not how many.
        assert!(kept_visits > 0, "{kept_visits}");
        assert_eq!((s.reused(), r2.simulations), (kept_visits, kept_visits as usize + 1500));
        assert!(s.node_count() > kept_nodes);
        // A deadline already past stops both threads at their first look at the clock.
        s.forget();
        let past = Budget { simulations: 100_000, deadline: Some(Instant::now()), ..Budget::default() };
        let r3 = s.run(&b, Color::Black, 7.5, &cands, past, &mut seeded_rng(4)).unwrap();
        assert!(r3.simulations < 2 * CLOCK_CHECK, "{}", r3.simulations);
        assert_eq!(pending_left(&s), 0);
    }

    #[test]
    fn parallel_modes_switch_keeping_the_thread_count() {
        let mut s = Search::new();
        s.set_threads(3);
        s.set_parallel(Parallel::Root);
        assert_eq!((s.threads(), s.workers.len(), s.helpers.len()), (3, 0, 2));
        s.set_parallel(Parallel::Shared);
        assert_eq!((s.threads(), s.workers.len(), s.helpers.len()), (3, 2, 0));
        s.set_threads(0);
        assert_eq!(s.threads(), 1);
    }
}
