//! The selection's fallbacks when no move has a positive value (GNU Go's `genmove` after
//! `review_move_reasons`): revising semeai ([`semeai_moves`], GNU Go's `revise_semeai`), filling the
//! neutral points ([`dame`], GNU Go's `fill_liberty`: "this should pick up all missing dame
//! points"), and the thrashing dragon ([`thrashing_attack`], GNU Go's `revise_thrashing_dragon`);
//! the resignation test ([`should_resign`]).
//!
//! Reads the analysis only; the blunder check of what these propose is the caller's.

use crate::analysis::dragon::DragonStatus;
use crate::game::GoGame;
use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::{MoveReason, MoveReasons};
use crate::rules::board::Board;
use crate::rules::score::{self, Scoring};
use crate::rules::stone::{Color, Move, Point};

/// GNU Go's `revise_semeai`: the opponent's dragons found dead but still in a race with ours are
/// treated as undecided, so the moves that win the race are worth playing. Here: every point with a
/// [`MoveReason::Semeai`] against an opponent dragon the owl found dead, valued at the dragon's
/// effective size, best first.
pub fn semeai_moves(a: &Analysed, reasons: &MoveReasons, color: Color) -> Vec<(Point, f32)> {
    let mut out: Vec<(Point, f32)> = Vec::new();
    for p in reasons.points() {
        for &m in &reasons.at(p).reasons {
            let MoveReason::Semeai { dragon } = m else { continue };
            let Some(d) = a.dragons.at(dragon) else { continue };
            if d.color == Some(color.opponent()) && a.status(dragon) == DragonStatus::Dead {
                out.push((p, d.effective_size as f32));
            }
        }
    }
    out.sort_by(|x, y| y.1.total_cmp(&x.1));
    out
}

/// Whether the stone on `q` belongs to a dragon that is not dead.
fn living(a: &Analysed, q: Point) -> bool {
    a.board.color(q).is_some() && a.status(q) != DragonStatus::Dead
}

/// GNU Go's `fill_liberty`, for the dame: empty points next to living stones of both colours (a
/// dame in the strict sense), or next to the opponent's living stones only with an empty neighbour
/// that touches ours (a neutral point one step away), that the mover can play without putting its
/// new string in atari (unless it captures). The strict dame first, then board order; value 1.
/// Last, the backfills (GNU Go's `fill_liberty` "generates a backfilling move if necessary"): a
/// strict dame that would be a self-atari proposes its string's last liberty instead, when our
/// stone there has two liberties (or captures) and makes the dame safe to fill next. 9x9.tst 680
/// (atari-crash): White's dame J6 between H6 and J5 is a self-atari (H5-H6-J6-J7 left with H7);
/// GNU Go fills H7 ("Filling a liberty at H7"), our classic generator passed.
pub fn dame(a: &Analysed, game: &GoGame, color: Color, allowed: Option<&[Point]>) -> Vec<(Point, f32)> {
    let b = &a.board;
    let touches = |p: Point, c: Color| {
        Board::neighbors(p).into_iter().any(|q| b.on_board(q) && b.color(q) == Some(c) && living(a, q))
    };
    let mut strict = Vec::new();
    let mut near = Vec::new();
    let mut back = Vec::new();
    for p in b.points() {
        if !b.is_empty(p) {
            continue;
        }
        if !touches(p, color.opponent()) || b.is_true_eye(p, color.opponent()) {
            continue;
        }
        let ours = touches(p, color);
        let near_ours =
            !ours && Board::neighbors(p).into_iter().any(|q| b.on_board(q) && b.is_empty(q) && touches(q, color));
        if !ours && !near_ours {
            continue;
        }
        if game.check_move(color, Move::Play(p)).is_err() {
            continue;
        }
        let mut after = b.clone();
        let captured = after.play_unchecked(p, color);
        if after.color(p) != Some(color) {
            continue;
        }
        if after.liberties(p) < 2 && captured == 0 {
            // Backfilling: the dame is a self-atari now; filling its string's last liberty
            // first, when that move is safe, makes it playable next.
            if ours {
                if let Some(l) = after.first_liberty(p) {
                    if game.check_move(color, Move::Play(l)).is_ok() && !b.is_true_eye(l, color) {
                        let mut fill = b.clone();
                        let took = fill.play_unchecked(l, color);
                        let mut next = fill.clone();
                        let _ = next.play_unchecked(p, color);
                        if fill.color(l) == Some(color)
                            && (fill.liberties(l) >= 2 || took > 0)
                            && next.color(p) == Some(color)
                            && next.liberties(p) >= 2
                            && !back.contains(&(l, 1.0))
                            && allowed.is_none_or(|al| al.contains(&l))
                        {
                            back.push((l, 1.0));
                        }
                    }
                }
            }
            continue;
        }
        if allowed.is_some_and(|al| !al.contains(&p)) {
            continue;
        }
        if ours {
            strict.push((p, 1.0));
        } else {
            near.push((p, 1.0));
        }
    }
    strict.extend(near);
    back.retain(|x| !strict.contains(x));
    strict.extend(back);
    strict
}

/// GNU Go's `revise_thrashing_dragon`: when we lead by at least `advantage` points and the
/// opponent keeps playing in one of its dragons the owl finds dead (its last two moves are stones
/// of that dragon, past the first third of the game), that dragon is treated as undecided: its owl
/// attack point is proposed at its effective size, so that we kill it cleanly rather than tenuki.
/// (With the last move alone and no move-number bound, 9x9.tst 20 was lost: in the opening our
/// influence estimate gave black a lead and the owl, like GNU Go's, finds white's first three
/// stones dead.)
pub fn thrashing_attack(
    a: &Analysed,
    game: &GoGame,
    color: Color,
    our_score: f32,
    advantage: f32,
) -> Option<(Point, f32)> {
    let b = &a.board;
    if our_score < advantage || game.move_count() * 3 < b.size() * b.size() {
        return None;
    }
    let opponent = color.opponent();
    let mut recent = game.moves().filter(|&(c, _)| c == opponent).map(|(_, m)| m).collect::<Vec<_>>().into_iter().rev();
    let (Some(Move::Play(last)), Some(Move::Play(before))) = (recent.next(), recent.next()) else { return None };
    if b.color(last) != Some(opponent) || b.color(before) != Some(opponent) || a.status(last) != DragonStatus::Dead {
        return None;
    }
    let d = a.dragons.at(last)?;
    if a.dragons.at(before).map(|e| e.origin) != Some(d.origin) {
        return None;
    }
    Some((d.attack?, d.effective_size as f32))
}

/// The share of the board that is settled: stones and the empty regions bordered by one colour only
/// (an estimate of GNU Go's `game_status`), i.e. both colours' area count with nothing dead.
pub fn settled_share(b: &Board) -> f32 {
    let [black, white] = score::count(b, &[], &[], Scoring::Area);
    let total = b.points().count().max(1);
    ((black + white) / total as f64) as f32
}

/// GNU Go's `should_resign`: 19x19 games only, behind by more than 45 points (by the valuation's
/// score estimate), none of our dragons critical, no opponent dragon of effective size 10 or more
/// that is weak (critical, or weakness above 0.4), and at least 80% of the board settled.
pub fn should_resign(a: &Analysed, color: Color, our_score: f32) -> bool {
    let b = &a.board;
    if b.size() != 19 || our_score > -45.0 {
        return false;
    }
    for d in a.dragons.graph.node_weights() {
        let Some(c) = d.color else { continue };
        let status = a.status(d.origin);
        if c == color && status == DragonStatus::Critical {
            return false;
        }
        let weak = status == DragonStatus::Critical || d.weakness > 0.4;
        if c != color && status != DragonStatus::Dead && d.effective_size >= 10.0 && weak {
            return false;
        }
    }
    settled_share(b) >= 0.8
}
