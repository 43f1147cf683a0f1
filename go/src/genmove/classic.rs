//! The classic move generator (GNU Go's `genmove`, seed 003), its phases in order: **analyse** the
//! position ([`crate::genmove::analysed::analyse`]: worms, dragons, owl), **gather** the move reasons
//! ([`crate::genmove::gather::gather`]), **value** each move ([`crate::genmove::selection::values`],
//! provisional until the valuation phase lands), **select** the best
//! ([`crate::genmove::selection::select`]). The result ([`Generation`]) keeps the reasons and values so
//! that GTP's `move_reasons`, `top_moves` and `all_move_values` can show them.
//!
//! Measured (2026-11-27, provisional values, our databases, `go-gtp --engine classic`, gtp_regress):
//! strategy.tst 11/45, nngs.tst 34/157, endgame.tst 13/65, 9x9.tst 13/73 (the default mcts engine:
//! 8, 20, 10 in issue 25's figures, plus now the `restricted_genmove` tests classic passes: strategy
//! 30, endgame 870 890 980, 9x9 440 580, nngs 111 120 302 304 335 1630); semeai.tst 102/154 with
//! classic behind `reg_genmove` (gains 29 92 95 98 132, loses 107: our owl finds D9 alive, so no race
//! is read), 98/154 with mcts. One generation costs worms + dragons + owl + races: up to 4.9 s of CPU
//! on strategy.tst's positions (incident108b move 176: dragons and owl 2.0 s, the rest mostly the
//! races between dragons the owl finds dead or critical, by elimination: not profiled).
//!
//! This module owns only the order of the phases; each phase is its module's. It reads through the
//! caller's reader (left on the position) and never changes the game.

use crate::analysis::owl::OwlLimits;
use crate::analysis::reading::Reader;
use crate::game::GoGame;
use crate::genmove::analysed::analyse;
use crate::genmove::gather::gather;
use crate::genmove::reasons::MoveReasons;
use crate::genmove::selection::{select, values};
use crate::rules::stone::{Color, Point};

/// One move generation: the reasons, the values, the choice.
#[derive(Debug, Clone)]
pub struct Generation {
    pub color: Color,
    pub reasons: MoveReasons,
    /// Every point with reasons and its value, in board-array order.
    pub values: Vec<(Point, f32)>,
    /// The chosen move and its value (`None`: pass).
    pub chosen: Option<(Point, f32)>,
}

/// Generates a move for `color` on `game`'s position, among `allowed` points when given.
pub fn generate(game: &GoGame, color: Color, r: &mut Reader, allowed: Option<&[Point]>) -> Generation {
    let board = game.board();
    // 1. Analyse.
    let analysed = analyse(board, r, OwlLimits::default());
    // 2. Gather the reasons.
    let reasons = gather(&analysed, r, color);
    // 3. Value (provisional).
    let values = values(&reasons, &analysed);
    // 4. Select.
    let chosen = select(game, color, &values, &reasons, allowed);
    Generation { color, reasons, values, chosen }
}
