//! A first move generator: one-ply heuristics, no reading, optionally refined by flat Monte-Carlo over the
//! best candidates (`Config::mc_playouts`) or by a Monte-Carlo tree search over them
//! (`Config::mcts_simulations`, [`crate::genmove::mcts`]). It picks, for the colour to play, the legal
//! move with the best score from: capturing (most stones first), saving its own strings from atari when
//! the move really gains liberties, giving atari, reducing liberties, a small shape/position value and a
//! seeded random tie-break. It never fills its own true eyes, never plays a self-atari that captures
//! nothing, does not play on points that random playouts show settled for either side (see
//! [`crate::game::status::ownership`]) unless it captures, saves or gives atari there, and passes when nothing
//! useful is left.
//! Resigning is off by default.
//!
//! It owns move choice only: legality comes from [`GoGame`], counting from [`crate::rules::score`].
//!
//! Layer: the move generator imports the rules, the random playouts, the game layer (the status
//! estimate) and the analysis. This one-ply generator uses none of the analysis; GNU Go's move
//! generation (issue 25) is the classic generator beside it: [`classic`] runs the phases — analyse
//! ([`analysed`]: worms, dragons, owl), gather the move reasons ([`gather`] into [`reasons`]), value
//! them ([`valuation`]: GNU Go 3.8's formulas over worms, dragons and the influence), select
//! ([`selection`]); [`trace`] records what the move databases' matches did, for pattern tuners (`go-gtp -t`);
//! [`ab_switch`] reads the `GO_*` variables that turn a kept rule off for A/B measurements.
//! `go-gtp --engine classic` puts it behind `genmove`; `go-gtp --engine hybrid` puts the tree search
//! guided by a classic generation there ([`hybrid`]); GTP's `gg_genmove`,
//! `restricted_genmove` and `top_moves` always use it.

pub mod ab_switch;
pub mod analysed;
pub mod classic;
pub mod clock;
pub mod gather;
pub mod hybrid;
pub mod mcts;
pub mod reasons;
pub mod selection;
pub mod trace;
pub mod valuation;

use crate::game::GoGame;
use crate::genmove::mcts::{Budget, Candidate, Search};
use crate::rules::board::Board;
use crate::rules::stone::{Color, Move, Point, ARRAY};
use rand::Rng;

/// Points owned by one side in at least this share of the playouts count as settled.
pub const SETTLED: f32 = 0.8;

/// Weight of the all-moves-as-first win rate in a move's value.
pub const AMAF_WEIGHT: f64 = 60.0;

/// The tree search's default resign threshold ([`resign_verdict`]; `go-gtp --resign-threshold`): a best
/// root win rate under 10%, as Leela and KataGo ship, on two consecutive moves.
pub const RESIGN_THRESHOLD: f32 = 0.1;

/// Simulations a search must have run before its win rate may resign a game (a search the clock cut
/// short is not sure of anything).
pub const RESIGN_MIN_SIMULATIONS: usize = 2000;

/// A search resigns only when the playouts' mean area margin also puts it behind by more than this
/// share of the board's points (4 points on 9x9, 18 on 19x19): a settled position lost by half a point
/// has a win rate near 0 but is no position to resign.
pub const RESIGN_MARGIN_SHARE: f64 = 0.05;

/// What a tree search said of its own position: the best root move's win rate for the player to move,
/// the simulations it ran, and the playouts' mean area margin for that player after komi.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Verdict {
    pub win_rate: f32,
    pub simulations: usize,
    pub margin: f64,
}

/// Whether a search's verdict is hopeless at `threshold` (0 never): a win rate under it over at least
/// [`RESIGN_MIN_SIMULATIONS`] simulations, and behind by more than [`RESIGN_MARGIN_SHARE`] of the
/// board's points. The caller resigns on the second hopeless verdict in a row ([`crate::gtp`]).
pub fn resign_verdict(verdict: &Verdict, threshold: f32, board_points: usize) -> bool {
    threshold > 0.0
        && verdict.win_rate < threshold
        && verdict.simulations >= RESIGN_MIN_SIMULATIONS
        && verdict.margin < -RESIGN_MARGIN_SHARE * board_points as f64
}

/// Settings of the generator.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    /// Whether to resign a hopeless game.
    pub allow_resign: bool,
    /// Resign when behind by more than this fraction of the board's points (late in the game only).
    pub resign_fraction: f64,
    /// The tree search's resign threshold ([`resign_verdict`]; 0: off): a search whose best win rate is
    /// under it also measures its mean margin for the [`Verdict`].
    pub resign_threshold: f32,
    /// Random playouts for the ownership estimate behind each move choice (more: slower, better judged).
    pub playouts: usize,
    /// Flat Monte-Carlo refinement: how many of the best candidates get playouts, and how many each
    /// (0 playouts: the heuristic choice stands).
    pub mc_candidates: usize,
    pub mc_playouts: usize,
    /// Monte-Carlo tree search over the candidates ([`crate::genmove::mcts`]): simulations per move (0: no tree
    /// search) and optional wall-clock limits: the search stops at `soft_deadline` when its best move
    /// is clear ([`crate::genmove::mcts::Budget`]) and at `deadline` in any case.
    pub mcts_simulations: usize,
    pub soft_deadline: Option<std::time::Instant>,
    pub deadline: Option<std::time::Instant>,
    /// Clean-up mode (`kgs-genmove_cleanup`): liberties of opponent stones judged dead are useful moves,
    /// so that dead stones get captured before the game ends.
    pub cleanup: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            allow_resign: false,
            resign_fraction: 0.35,
            resign_threshold: 0.0,
            playouts: 48,
            mc_candidates: 24,
            mc_playouts: 0,
            mcts_simulations: 0,
            soft_deadline: None,
            deadline: None,
            cleanup: false,
        }
    }
}

/// What to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Play(Point),
    Pass,
    Resign,
}

impl Decision {
    /// The board move (a resignation is `None`).
    pub fn as_move(self) -> Option<Move> {
        match self {
            Decision::Play(p) => Some(Move::Play(p)),
            Decision::Pass => Some(Move::Pass),
            Decision::Resign => None,
        }
    }
}

/// Chooses a move for `color`.
pub fn genmove<R: Rng + ?Sized>(game: &GoGame, color: Color, rng: &mut R, config: &Config) -> Decision {
    genmove_judged(game, color, rng, config, &mut Search::new(), &mut |_| {}).0
}

/// [`genmove`] in the caller's `search` (its threads, and the subtree it kept from the last move:
/// [`Search::advance`]; without one it starts afresh), showing the tree search to `observe` every
/// [`mcts::CLOCK_CHECK`] simulations while it runs (live analysis: `lz-genmove_analyze`), and also
/// returning the search's [`Verdict`] on the position when a search ran (the resign decision's input).
/// The margin costs `config.playouts` more playouts, run only when the win rate is under
/// `config.resign_threshold`.
pub fn genmove_judged<R: Rng + ?Sized>(
    game: &GoGame,
    color: Color,
    rng: &mut R,
    config: &Config,
    search: &mut Search,
    observe: &mut dyn FnMut(&Search),
) -> (Decision, Option<Verdict>) {
    let board = game.board();
    let size = board.size();
    if config.allow_resign && game.move_count() > size * size / 2 {
        let margin = game.score() * if color == Color::Black { 1.0 } else { -1.0 };
        if margin < -config.resign_fraction * (size * size) as f64 {
            return (Decision::Resign, None);
        }
    }
    let mut scored = scored_moves(game, color, rng, config);
    if config.mcts_simulations > 0 && scored.len() >= 2 {
        let candidates = tree_candidates(board, &scored);
        let budget = Budget {
            simulations: config.mcts_simulations,
            soft_deadline: config.soft_deadline,
            deadline: config.deadline,
        };
        search.set_widening(false);
        search.set_dead(board, &[]);
        if let Some(r) = search.run_observed(board, color, game.komi(), &candidates, budget, rng, observe) {
            let hopeful = r.win_rate >= config.resign_threshold;
            let margin = if hopeful { 0.0 } else { mean_margin(game, color, config.playouts, rng.random()) };
            let verdict = Verdict { win_rate: r.win_rate, simulations: r.simulations, margin };
            return (Decision::Play(r.best), Some(verdict));
        }
    }
    let decision = match refine(board, color, game.komi(), &mut scored, rng, config) {
        Some(p) => Decision::Play(p),
        None => Decision::Pass,
    };
    (decision, None)
}

/// The mean area margin for `color` after komi over `playouts` playouts from the game's position
/// ([`crate::game::status::estimate`]'s ownership summed).
fn mean_margin(game: &GoGame, color: Color, playouts: usize, seed: u64) -> f64 {
    let board = game.board();
    let estimate = crate::game::status::estimate(board, color, playouts.max(8), seed, game.komi());
    let black: f64 = board.points().map(|p| f64::from(estimate.ownership[usize::from(p)])).sum::<f64>() - game.komi();
    if color == Color::Black {
        black
    } else {
        -black
    }
}

/// The tree search's root moves from [`scored_moves`]: the heuristic value becomes the prior, so that
/// captures and rescues start far ahead.
pub fn tree_candidates(board: &Board, scored: &[(f64, Point)]) -> Vec<Candidate> {
    scored
        .iter()
        .filter(|&&(_, point)| !crate::genmove::mcts::open_edge(board, point))
        .map(|&(value, point)| {
            Candidate::new(
                point,
                0.5 + 0.4 * (value / 150.0).tanh() as f32 + crate::genmove::mcts::open_area_bias(board, point),
            )
        })
        .collect()
}

/// The one-ply heuristics' useful moves for `color` with their values, best first (the ownership
/// estimate behind them takes `config.playouts` playouts).
pub fn scored_moves<R: Rng + ?Sized>(game: &GoGame, color: Color, rng: &mut R, config: &Config) -> Vec<(f64, Point)> {
    let board = game.board();
    let size = board.size();
    // Who owns what if both sides played on at random: points settled for either side are not worth a
    // move unless there is a tactical reason.
    let estimate = crate::game::status::estimate(board, color, config.playouts.max(1), rng.random(), game.komi());
    let own = &estimate.ownership;
    let ci = color.index();
    let last = game.last_move().and_then(|(_, m)| if let Move::Play(p) = m { Some(p) } else { None });
    // Own strings in atari before the move (heads).
    let mut in_atari: Vec<Point> = Vec::new();
    for p in board.points() {
        if board.color(p) == Some(color) && board.liberties(p) == 1 && !in_atari.contains(&board.string_id(p)) {
            in_atari.push(board.string_id(p));
        }
    }
    let mut attack_dead = vec![false; ARRAY];
    if config.cleanup {
        for d in crate::game::status::dead_stones(board) {
            if board.color(d) == Some(color.opponent()) {
                for q in Board::neighbors(d) {
                    if board.is_empty(q) {
                        attack_dead[usize::from(q)] = true;
                    }
                }
            }
        }
    }
    let mut scored: Vec<(f64, Point)> = Vec::new();
    for p in board.points() {
        if !board.is_empty(p) || board.is_true_eye(p, color) || game.check_move(color, Move::Play(p)).is_err() {
            continue;
        }
        let mut after = board.clone();
        let captured = after.play_unchecked(p, color);
        if after.is_empty(p) {
            continue; // suicide under rules that allow it: never useful here
        }
        let libs = after.liberties(p);
        if libs == 1 && captured == 0 {
            continue;
        }
        let mut value = 0.0;
        let mut useful = false;
        if captured > 0 {
            value += 100.0 + 40.0 * f64::from(captured);
            useful = true;
        }
        for &h in &in_atari {
            if after.color(h) == Some(color) && after.liberties(h) >= 2 {
                let n = board.string_size(h) as f64;
                value += 60.0 + 30.0 * n + 5.0 * after.liberties(h).min(4) as f64;
                useful = true;
            }
        }
        if libs == 2 && captured == 0 {
            value -= 4.0 + after.string_size(p).min(10) as f64;
        }
        for q in Board::neighbors(p) {
            if after.color(q) == Some(color.opponent()) {
                match after.liberties(q) {
                    1 if libs >= 2 => {
                        value += 12.0 + 4.0 * after.string_size(q).min(10) as f64;
                        useful = true;
                    }
                    2 => value += 2.0,
                    _ => {}
                }
            }
        }
        if attack_dead[usize::from(p)] {
            value += 5.0;
            useful = true;
        }
        let settled = own[usize::from(p)].abs();
        if settled < SETTLED {
            useful = true;
            // Unsettled points matter most where the outcome is closest to even.
            value += 3.0 * (1.0 - f64::from(settled));
        }
        if !useful {
            continue;
        }
        // How often the side that played here first went on to win (smoothed towards one half).
        let (plays, wins) = (estimate.amaf_plays[usize::from(p)][ci], estimate.amaf_wins[usize::from(p)][ci]);
        value += AMAF_WEIGHT * ((f64::from(wins) + 1.0) / (f64::from(plays) + 2.0) - 0.5);
        // Position: third and fourth lines first on an open board; contact near the last move.
        let (col, row) = board.coords(p);
        let line = usize::from(col.min(size as u8 - 1 - col).min(row).min(size as u8 - 1 - row));
        value += match (size, line) {
            (s, _) if s < 7 => 0.0,
            (_, 0) => -3.0,
            (_, 1) => 0.0,
            (_, 2) | (_, 3) => 3.0,
            _ => 1.5,
        };
        if let Some(l) = last {
            let (lc, lr) = board.coords(l);
            let d = (i32::from(lc) - i32::from(col)).abs() + (i32::from(lr) - i32::from(row)).abs();
            if d <= 2 {
                value += 2.0;
            }
        }
        value += rng.random::<f64>() * 2.0;
        scored.push((value, p));
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored
}

/// Flat Monte-Carlo over the best candidates: each of the first `mc_candidates` moves is followed by
/// `mc_playouts` playouts and judged by how often `color` wins them, the heuristic value breaking ties.
fn refine<R: Rng + ?Sized>(
    board: &Board,
    color: Color,
    komi: f64,
    scored: &mut [(f64, Point)],
    rng: &mut R,
    config: &Config,
) -> Option<Point> {
    let first = scored.first()?.1;
    // A capture or rescue found by the heuristics is not second-guessed by random games.
    if config.mc_playouts == 0 || scored.len() < 2 || scored[0].0 >= 100.0 {
        return Some(first);
    }
    let size = board.size();
    let mut best = (f64::NEG_INFINITY, first);
    for &(heuristic, p) in scored.iter().take(config.mc_candidates.max(1)) {
        let mut wins = 0u32;
        for _ in 0..config.mc_playouts {
            let mut b = board.clone();
            b.set_allow_suicide(false);
            b.play_unchecked(p, color);
            crate::playout::playout(&mut b, color.opponent(), rng, 3 * size * size + 20);
            let margin = f64::from(crate::playout::area_margin(&b)) - komi;
            if (margin > 0.0) == (color == Color::Black) {
                wins += 1;
            }
        }
        let value = f64::from(wins) / config.mc_playouts as f64 + heuristic * 1e-3;
        if value > best.0 {
            best = (value, p);
        }
    }
    Some(best.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;
    use engine_core::rng::seeded_rng;

    fn game_from(rows: &[&str]) -> GoGame {
        GoGame::from_rows(rows, 0.5, Rules::default()).unwrap()
    }

    #[test]
    fn captures_a_string_in_atari() {
        let g = game_from(&[". . . . .", ". X O X .", ". . X . .", ". . . . .", ". . . . ."]);
        let mut rng = seeded_rng(3);
        assert_eq!(genmove(&g, Color::Black, &mut rng, &Config::default()), Decision::Play(g.board().point(2, 0)));
    }

    #[test]
    fn escapes_atari_by_extending() {
        let g = game_from(&[". . . . .", ". O X O .", ". . O . .", ". . . . .", ". . . . ."]);
        let mut rng = seeded_rng(3);
        assert_eq!(genmove(&g, Color::Black, &mut rng, &Config::default()), Decision::Play(g.board().point(2, 0)));
    }

    #[test]
    fn never_fills_own_eyes_and_passes_when_done() {
        let g = game_from(&[". X O . O", "X X O O O", "X X O . O", "X X O O O", ". X O . O"]);
        let mut rng = seeded_rng(3);
        assert_eq!(genmove(&g, Color::Black, &mut rng, &Config::default()), Decision::Pass);
        assert_eq!(genmove(&g, Color::White, &mut rng, &Config::default()), Decision::Pass);
    }

    #[test]
    fn deterministic_for_a_seed() {
        let g = GoGame::new(9, 7.5, Rules::default());
        let a = genmove(&g, Color::Black, &mut seeded_rng(9), &Config::default());
        let b = genmove(&g, Color::Black, &mut seeded_rng(9), &Config::default());
        assert_eq!(a, b);
        assert!(matches!(a, Decision::Play(_)));
    }

    #[test]
    fn the_search_keeps_off_the_first_two_lines_of_an_open_19x19_board() {
        // The empty board, and the position after the base engine's first two moves D8 and P8 (before
        // the open-edge rule its third move was G2).
        let mut after = GoGame::new(19, 7.5, Rules::default());
        let (d8, p8) = (after.board().point(3, 7), after.board().point(14, 7));
        after.play(Color::Black, Move::Play(d8)).unwrap();
        after.play(Color::White, Move::Play(p8)).unwrap();
        let config = Config { mcts_simulations: 300, playouts: 16, ..Config::default() };
        for (game, color) in [(GoGame::new(19, 7.5, Rules::default()), Color::Black), (after, Color::Black)] {
            for seed in 1..=2 {
                let Decision::Play(p) = genmove(&game, color, &mut seeded_rng(seed), &config) else {
                    panic!("seed {seed}: no move on an open board")
                };
                let (c, r) = game.board().coords(p);
                assert!(c.min(r).min(18 - c).min(18 - r) >= 2, "seed {seed}: {:?} on line 1 or 2", (c, r));
            }
        }
        // The rule: the first two lines of an open area from 13x13 up; near a stone, or on 9x9, no.
        let b = GoGame::new(19, 7.5, Rules::default());
        let b = b.board();
        assert!(mcts::open_edge(b, b.point(0, 10)) && mcts::open_edge(b, b.point(6, 1)));
        assert!(!mcts::open_edge(b, b.point(2, 2)) && !mcts::open_edge(b, b.point(9, 9)));
        let mut g = GoGame::new(19, 7.5, Rules::default());
        g.play(Color::Black, Move::Play(b.point(3, 3))).unwrap();
        assert!(!mcts::open_edge(g.board(), g.board().point(3, 1)) && mcts::open_edge(g.board(), b.point(1, 10)));
        let nine = GoGame::new(9, 7.5, Rules::default());
        assert!(!mcts::open_edge(nine.board(), nine.board().point(0, 4)));
    }

    #[test]
    fn resign_verdict_needs_a_low_win_rate_enough_simulations_and_a_clear_deficit() {
        let lost = Verdict { win_rate: 0.02, simulations: 5000, margin: -30.0 };
        assert!(resign_verdict(&lost, RESIGN_THRESHOLD, 81));
        // Off, at or above the threshold, too few simulations, or a close score: no.
        assert!(!resign_verdict(&lost, 0.0, 81));
        assert!(!resign_verdict(&Verdict { win_rate: 0.1, ..lost }, RESIGN_THRESHOLD, 81));
        assert!(!resign_verdict(&Verdict { simulations: RESIGN_MIN_SIMULATIONS - 1, ..lost }, 0.1, 81));
        // Settled and lost by 1.5 points on 9x9 (5% of 81 is 4.05): win rate 0, still no.
        assert!(!resign_verdict(&Verdict { win_rate: 0.0, margin: -1.5, ..lost }, RESIGN_THRESHOLD, 81));
        assert!(resign_verdict(&Verdict { margin: -4.5, ..lost }, RESIGN_THRESHOLD, 81));
        // The same deficit is close on 19x19 (18 points).
        assert!(!resign_verdict(&Verdict { margin: -10.0, ..lost }, RESIGN_THRESHOLD, 361));
    }
}
