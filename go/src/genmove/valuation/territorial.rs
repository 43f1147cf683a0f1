//! Territorial value of a move (GNU Go's `estimate_territorial_value`, `move_generation.texi`
//! "Territorial Value"): the change of the influence-based territory when the move is played, with
//! the stones its reasons capture counted dead and the stones they save counted alive, corrected for
//! what one influence computation cannot see (ko, dead stones, combination attacks); plus the followup
//! values the threats among its reasons carry and the secondary value of minor reasons.
//!
//! Facts it follows (GNU Go 3.8's engine, read off its valuation trace and its documentation):
//! * A worm captured or saved is worth nothing by itself: its stones are marked captured (dead) or
//!   saved (full strength) for the influence after the move, and the change of territory counts them.
//!   Only a ko costs: good ko (`KoA`) 0.3, bad ko (`KoB`) 0.5 times twice the effective size is
//!   subtracted. The owl's reasons mark the whole dragon (its worm only for `OwlAttackGain`, all but the
//!   worm for `OwlDefendLoss`), with the dragon's effective size for the ko.
//! * A worm without defence, or of a dead dragon, gives only secondary value (its effective size, or
//!   0.2 times twice it).
//! * Threats give followup, not value: twice the effective size of the worm or dragon threatened;
//!   preventing a threat against a dead dragon gives reverse followup.
//! * The change in territory: the territory balance of the influence after the move minus that of the
//!   influence before it, both with the opponent to move (GNU Go's `OPPOSITE_INFLUENCE`), from our
//!   side, plus the stones the move itself removes (the prisoners). Only moves with a reason that
//!   blocks or expands (attack, defence, owl, cut, connect, territory, moyo, invasion, strategic,
//!   combination defence) are measured. The move's own stone radiates fully when the move is safe
//!   (legal, and more than one liberty after it or a capture), else it counts dead; a move that only
//!   extends dead stones no reason saves counts dead with them (GNU Go saves only what a reason
//!   saves; before, such a move revived the dead string in the influence: incident291 move 250's R15
//!   next to black's dead P16 and S15 was worth 54 points, GNU Go's best move 4.7; with this rule
//!   endgame.tst (classic) 22 → 25/65, gains 218 219 900, no loss; strategy.tst the same 13 tests).
//!   The opponent's
//!   inessential worms count dead.
//! * The influence followup: the territory of the followup influence ([`Influence::followup`]: the
//!   intrusions the move's string and the strings it saved make possible) minus that after the move.
//! * Tried and dropped (2026-11-27): a move next to a dead dragon of ours that none of its reasons
//!   saves (owl defence, semeai) counted strategically unsafe (GNU Go's `move_safety` 0), its stone
//!   captured. Alone it gained endgame.tst 218 219 900, which the dead-extension rule above also
//!   gains; merged with that rule it gained 207 and lost 604 (27/65 either way) but lost 9x9.tst 150
//!   280 310 (15 against 18/73 without it): on 9x9 the stones beside a dragon the owl reads dead are
//!   often what saves it.
//! * The pattern bounds (`terri`/`minterri`, `maxterri`): the sum so far is raised to the minimum
//!   territory when it is positive and below it, and lowered to the maximum; a move with a minimum
//!   territory and no reason is valued too (the endgame patterns, `patterns/databases/endgame.db`).
//!
//! Not carried over (no data for them here): GNU Go's reading of whether an attack threat can be
//! answered by a counter-threat (we take the threat at twice the effective size, adjusted only by the
//! neighbouring dead and attackable strings), the break-in analysis of the influence after the move,
//! and the delta-territory cache.
//!
//! Tried and dropped (2026-11-27, evening; endgame.tst through `go-gtp --engine classic`, main 27/65):
//! * [`is_safe`] by the reader (GNU Go's `safe_move`: after the move the opponent's attack on the
//!   move's string does not win), the stone counted dead otherwise, except for semeai, atari-atari,
//!   either and owl-defence moves: 27/65 (+860, −980). endgame2's J19 (White under Black's J18,
//!   captured by K19) fell from 10.5 to 4.5 but stayed first. 980's F4 is lost with it: the reader
//!   captures F4 by E4 (GNU Go's reader too) yet GNU Go values it 4.55 as a safe territorial move,
//!   so GNU Go's `move_safety` does not ask `safe_move` of its territorial moves; J19 is unsafe there
//!   because its only reason is a threat (GNU Go's expand-territory patterns are checked for safety
//!   before they match; our territory gatherer's reasons are not).
//! * Skipping the measurement altogether for such unsafe moves without an attack or defence reason
//!   ("not a safe move"): one more loss on top of the rest (21 against 22/65).
//! * GNU Go's lively stones (`get_lively_stones`) in the base and the after-move influence: a worm
//!   the reader captures counts dead unless its owner moves next and the reader defends it. It
//!   gives saving a worm in atari its value (endgame4's C4 18.3, GNU Go 16.8, first; endgame7's E3
//!   2.9, GNU Go 3.0), but with the reader's safety above 24/65 (+205 401 860, −207 603 951 980
//!   1000): the strategic value counts the saved worm's dragon a second time (endgame14's E5:
//!   change 2.19 as GNU Go's 2.00, plus 1.99 strategic where GNU Go says "strategic value already
//!   counted", 4.44 against its 2.25; J2 wanted). To take up again with the strategic value's
//!   "already counted" rule extended to tactically defended worms. (Taken up 2026-11-28 in the
//!   narrower form below, "Lively stones"; the 1.99 was the lunch value of white's dragons, see
//!   [`super::strategic`].)
//!
//! Lively stones (2026-11-28): a worm in atari that a tactical `Defend` reason saves (the block
//! case: its dragon not dead, not critical without an owl defence) counts dead in the influence
//! before the move, as GNU Go's base influence with the opponent to move does not count stones the
//! opponent captures (its `get_lively_stones`); one more influence computation per such candidate.
//! endgame2's T17 (White connecting its ko stone T18, which our dragons join to White's big dragon)
//! gets GNU Go's change 1.00, endgame14's E5 2.19 (GNU Go 2.00). Measured with the lunch rule of
//! [`super::strategic`] (endgame.tst through `go-gtp --engine classic`, gtp_regress; main 28/65):
//! * the lunch rule alone: 27/65 (+218 602 991, −219 703 803 970: the ko-stone connections T17, J7,
//!   G2, which GNU Go values 0.69, had won only through the lunch value and were then worth 0);
//! * with every tactically defended worm lively (any number of liberties): 32/65 (+205 218 401 602
//!   701 991, −603 951, both GNU Go known failures; 951 played GNU Go's C1) and strategy.tst 11/45
//!   (+24 43, −12 13), but the 9x9 corner of `gtp::genmove_commands`' tests valued B1 (defending
//!   the five-stone, three-liberty A2 string) 28.49 above E7 22.58 (GNU Go: E7 55.81, B1 17.42:
//!   GNU Go counts the whole critical dragon dead, which our default does not, see
//!   [`critical_dead_default`], so only the tactical defence gained);
//! * worms in atari only (kept): 31/65 (+218 602 991, no loss), 43.1 s CPU against 47.1.
//! * worms with up to two liberties (kept since 2026-11-29, issue 25; `GO_LIVELY_LIBS`): in a 9x9
//!   game against GNU Go level 10 Black's D2, saving E2 E1 F1 (two liberties, White's D2
//!   captures), was worth −1 and Black played E5 and lost the three stones and the game; GNU Go
//!   plays D2 at 17.70, ours now 17.74 (`classic::tests`). endgame.tst 44 → 44/65 (+205, −951: a
//!   GNU Go known failure, C1 played as GNU Go does; gtp-regress -j 2 against main a9367f6's
//!   grades, 17.0 s CPU as every variant of the same binary under the same load); 9x9.tst 31 → 33
//!   (+210 +640), strategy.tst 21 → 22 (+43), nngs.tst 52 (the same tests), no loss (CPU not
//!   compared A/B: load 14–18). The three-liberty case stays out (the 9x9 corner above).
//!
//! Ko stones (2026-11-28): GNU Go's −0.5 "penalty for ko stone (workaround)" is subtracted once per
//! single ko stone ([`is_ko_stone`]: one stone, one liberty, whose capture there would be a ko)
//! that a reason of the move attacks or defends, tactically or by the owl
//! ([`KO_STONE_PENALTY`](super::weights::KO_STONE_PENALTY); GNU Go's trace prints it for the owl
//! reason, which our dragons, joining the ko stone to its neighbours, rarely give). endgame2's T17
//! (White connecting its ko stone T18) 1.19 → 0.63 (GNU Go 0.69), Black's capture there 1.30 →
//! 0.79 (GNU Go 0.58): it had been the best move in 213, 215 and 217 once the pattern values of
//! `endgame.db` were corrected. The blunder check no longer counts the retake of a ko capture
//! (`selection::blunder`): with the penalty, endgame8's J7 (GNU Go 0.58, its move) fell below F5.
//!
//! Tried and dropped (2026-11-27): a lost stone (not [`is_safe`]) played for territorial reasons
//! alone keeping no positive change in territory: endgame.tst unchanged (26/65), the overvalued
//! moves there are safe ones (201's J19 gains 7 points in our influence, 0 in GNU Go's).

use super::context::ValuationContext;
use super::formulas::ko_deduction;
use super::weights::*;
use crate::analysis::dragon::DragonStatus;
use crate::analysis::influence::Influence;
use crate::analysis::influence_patterns::status_strength;
use crate::analysis::read_result::ReadResult;
use crate::genmove::ab_switch::Switch;
use crate::genmove::reasons::{MoveData, MoveReason};
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY};

/// The territorial part of a move's value and what the territorial reasons add elsewhere.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Territorial {
    /// The territorial value (the change in territory plus the corrections).
    pub value: f32,
    /// The change in territory alone (GNU Go's "change in territory"), 0 when not measured.
    pub change: f32,
    /// Whether the change in territory was measured (a blocking or expanding reason).
    pub measured: bool,
    /// Secondary value from minor reasons.
    pub secondary: f32,
    /// Followup from threats.
    pub followup: f32,
    /// Reverse followup from prevented threats.
    pub reverse_followup: f32,
    /// The territorial followup of the influence (not below 0).
    pub influence_followup: f32,
}

/// Dead stones and source strengths from the dragons' status, as the influence of the position
/// takes them with `to_move` moving next: [`status_strength`], except that the critical dragons of
/// the side not to move count dead (GNU Go's rule: with white to move its `initial_influence white
/// black_strength` is 0 on every stone of black's critical dragons and 80.5 with black to move, on
/// the 9x9 corner of `valuation/tests.rs`' `saving_a_critical_dragon_gains_its_territory`). Both the
/// influence the territorial value compares with ([`base_influence`], the opponent to move) and the
/// influence after the move take it, so a move saves a critical dragon of ours only through a
/// reason that marks it saved (owl defence, semeai), and gains its territory then: E7 owl-defending
/// C7 there 48.48 (GNU Go 51.66; 20.72 before, our critical stones at half strength), B1 15.00
/// (GNU Go 15.00; −1.00 before). On by default ([`critical_dead_default`]; `GO_CRIT_DEAD=0` turns
/// it off).
///
/// Measured 2026-11-27 (issue 25, `go-gtp --engine classic`, gtp_regress, with the owl's weakness
/// in `genmove::analysed`, which changed no test of these two files): 9x9.tst 18 → 19/73 (+10 90
/// 270 300 700, −150 280 310 370: 150, 280 and 370 are GNU Go known failures, all four positions
/// where our owl calls a dragon critical that GNU Go calls alive or dead, e.g. 370's lone D7, so a
/// wrong verdict now weighs its whole territory), endgame.tst 27 → 27/65 (+401 701, −603 1000; 603
/// is a GNU Go known failure where we now play GNU Go's G6; 1000's E5 owl-defends E4 at 1.38
/// territory, GNU Go 2.00, but keeps a strategic 1.99 GNU Go counts already: E5 3.57 against J2
/// 2.96). CPU the same (9x9.tst 126 s). The earlier try of this rule (with the small-board escape
/// rule `2,12,10,9`, see `owl_tuning::SmallEscape`) broke the 9x9 corner of `gtp::genmove_commands`'
/// tests and `opening_against_gnugo`; alone it breaks neither.
pub fn dragon_strengths(ctx: &ValuationContext, to_move: Color) -> (Vec<bool>, Vec<f32>) {
    strengths_of(ctx.dragons, to_move, ctx.critical_dead)
}

/// Whether the classic generator counts the critical dragons of the side not to move dead
/// ([`dragon_strengths`]): on by default since 2026-11-28, `GO_CRIT_DEAD=0` turns it off. Measured
/// on main 2026-11-27 night with every branch of that session merged (gtp_regress, classic): on,
/// strategy.tst 10/45 (+20, −6 12 against off), semeai.tst 109 (−128: `restricted_genmove` takes
/// the ko at T15), 9x9.tst 20 (off 19), endgame.tst 28 either way. Losses traced (2026-11-28): 12
/// was not a false verdict (H6 critical in both engines) but our owl's other defence point (L4;
/// GNU Go's N4, which our owl also finds through `owl_does_defend`): fixed by
/// `gather::owl::more_owl_moves`, GNU Go's `find_more_owl_attack_and_defense_moves`. With it and
/// the owl's weakness (`genmove::analysed`), all three on against main 6b291ac (gtp_regress,
/// classic; semeai plain): strategy.tst 11 → 11 (+20, −6: a GNU Go known failure, GNU Go plays
/// J13; ours S12 owl-defends R11, a dragon our dragons split off that GNU Go reads as part of its
/// living Q8), 12 32 39 kept; 9x9.tst 19 → 25 (+10 90 100 210 270 300 700, −370: a GNU Go known
/// failure, our owl's false critical D7); endgame.tst 28 → 28 (+401 701, −603 992: both GNU Go known
/// failures, 992's J6 is GNU Go's own move); semeai.tst 110 → 110, the same tests (128 kept: P19
/// 62.73 against T15 24.87); CPU strategy 117 s, 9x9 146 s, endgame 43 s, semeai 27 s against 117,
/// 128.5, 47, 32 on main (a loaded machine; the 9x9 rise is `more_owl_moves`' owl reads).
pub fn critical_dead_default() -> bool {
    static SWITCH: Switch = Switch::new("GO_CRIT_DEAD", true);
    SWITCH.on()
}

fn strengths_of(
    dragons: &crate::analysis::dragon::Dragons,
    to_move: Color,
    critical_dead: bool,
) -> (Vec<bool>, Vec<f32>) {
    let mut dead = vec![false; ARRAY];
    let mut strength = vec![0f32; ARRAY];
    for d in dragons.graph.node_weights() {
        let own = d.color == Some(to_move);
        let s = if critical_dead && d.status == DragonStatus::Critical && !own {
            0.0
        } else {
            status_strength(d.status, own)
        };
        for &p in &d.stones {
            dead[usize::from(p)] = s == 0.0;
            strength[usize::from(p)] = s;
        }
    }
    (dead, strength)
}

/// The influence the territorial value compares with: the position's, its dragons by status, with
/// the opponent of `color` to move (GNU Go's `OPPOSITE_INFLUENCE(color)`), the critical dragons of
/// `color` counted dead ([`dragon_strengths`]).
pub fn base_influence(
    board: &Board,
    dragons: &crate::analysis::dragon::Dragons,
    color: Color,
    critical_dead: bool,
) -> Influence {
    let (dead, strength) = strengths_of(dragons, color.opponent(), critical_dead);
    Influence::compute(board, &dead, &strength, color.opponent())
}

/// Our territory minus the opponent's in `inf` on `board` (the balance is white positive).
pub fn balance_for(inf: &Influence, board: &Board, color: Color) -> f32 {
    let b = inf.territory_balance(board);
    match color {
        Color::White => b,
        Color::Black => -b,
    }
}

fn effective_size(ctx: &ValuationContext, worm: Point) -> f32 {
    ctx.worms[usize::from(worm)].effective_size as f32
}

fn dragon_status(ctx: &ValuationContext, p: Point) -> Option<DragonStatus> {
    ctx.dragons.at(p).map(|d| d.status)
}

fn dragon_effective_size(ctx: &ValuationContext, p: Point) -> f32 {
    ctx.dragons.at(p).map_or(0.0, |d| d.effective_size as f32)
}

/// Marks the string through `p` captured (`saved` false) or saved.
fn mark_string(board: &Board, p: Point, saved: bool, dead: &mut [bool], strength: &mut [f32]) {
    if board.color(p).is_none() {
        return;
    }
    for q in board.string_stones(p) {
        dead[usize::from(q)] = !saved;
        strength[usize::from(q)] = if saved { crate::analysis::influence::DEFAULT_STRENGTH } else { 0.0 };
    }
}

/// Marks the dragon through `p` captured or saved, except the string through `except`; returns the
/// effective size of what was marked.
fn mark_dragon(
    ctx: &ValuationContext,
    p: Point,
    saved: bool,
    except: Option<Point>,
    dead: &mut [bool],
    strength: &mut [f32],
) -> f32 {
    let Some(d) = ctx.dragons.at(p) else { return 0.0 };
    let skip = except.map(|e| ctx.board.string_id(e));
    let mut size = 0.0;
    for &w in &d.worms {
        if Some(ctx.board.string_id(w)) == skip {
            continue;
        }
        size += ctx.worms[usize::from(w)].effective_size as f32;
        mark_string(ctx.board, w, saved, dead, strength);
    }
    size
}

/// Whether the string through `p` is a ko stone: one stone with one liberty whose capture there
/// leaves the capturing stone alone with one liberty, the point just emptied (a ko).
pub fn is_ko_stone(board: &Board, p: Point) -> bool {
    let Some(c) = board.color(p) else { return false };
    if board.string_size(p) != 1 || board.liberties(p) != 1 {
        return false;
    }
    let Some(lib) = board.first_liberty(p) else { return false };
    if !board.is_legal(lib, c.opponent()) {
        return false;
    }
    let mut after = board.clone();
    let captured = after.play_unchecked(lib, c.opponent());
    captured == 1 && after.string_size(lib) == 1 && after.liberties(lib) == 1
}

/// Whether the move at `p` of `color` is safe for the influence: legal, and its string keeps more
/// than one liberty or it captures.
pub fn is_safe(board: &Board, p: Point, color: Color) -> bool {
    if !board.is_legal(p, color) {
        return false;
    }
    let mut b = board.clone();
    let captured = b.play_unchecked(p, color);
    captured > 0 || b.liberties(p) > 1
}

/// The territorial value of `ctx.color` playing `p` for the reasons in `data`.
/// The most liberties of a worm a tactical `Defend` reason saves for it to count dead in the
/// influence before the move (see "Lively stones" in the module documentation): 2 by default,
/// `GO_LIVELY_LIBS=N` another figure.
fn lively_liberties() -> usize {
    use std::sync::OnceLock;
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| std::env::var("GO_LIVELY_LIBS").ok().and_then(|v| v.parse().ok()).unwrap_or(2))
}

pub fn territorial_value(ctx: &ValuationContext, p: Point, data: &MoveData) -> Territorial {
    let color = ctx.color;
    let other = color.opponent();
    let mut t = Territorial::default();
    let (mut dead, mut strength) = dragon_strengths(ctx, other);
    let mut anchors = vec![false; ARRAY];
    // The worms in atari a tactical defence saves: with the opponent to move they are captured, so
    // the influence before the move counts them dead (GNU Go's lively stones).
    let mut lively: Vec<Point> = Vec::new();
    let mut tot = 0f32;
    let mut block = false;
    for &reason in &data.reasons {
        use MoveReason::*;
        match reason {
            Attack { worm, result } => {
                block = true;
                let es = effective_size(ctx, worm);
                if ctx.worms[usize::from(worm)].defense_points.is_empty() {
                    t.secondary += es;
                } else if dragon_status(ctx, worm) == Some(DragonStatus::Dead) {
                    t.secondary += DEAD_STONES_SECONDARY * 2.0 * es;
                } else {
                    mark_string(ctx.board, worm, false, &mut dead, &mut strength);
                    tot -= ko_deduction(result) * 2.0 * es;
                }
            }
            Defend { worm, result } => {
                let es = effective_size(ctx, worm);
                let status = dragon_status(ctx, worm);
                let owl_defended = data.reasons.iter().any(
                    |r| matches!(r, OwlDefend { dragon, .. } | Semeai { dragon } if ctx.dragons.same(*dragon, worm)),
                );
                if status == Some(DragonStatus::Dead) || (status == Some(DragonStatus::Critical) && !owl_defended) {
                    t.secondary += DEAD_STONES_SECONDARY * 2.0 * es;
                } else {
                    block = true;
                    mark_string(ctx.board, worm, true, &mut dead, &mut strength);
                    if ctx.board.liberties(ctx.board.string_id(worm)) <= lively_liberties() {
                        lively.push(worm);
                    }
                    for q in ctx.board.string_stones(worm) {
                        anchors[usize::from(q)] = true;
                    }
                    tot -= ko_deduction(result) * 2.0 * es;
                }
            }
            AttackThreat { worm } => {
                if dragon_status(ctx, worm) != Some(DragonStatus::Dead) {
                    t.followup += threat_value(ctx, worm);
                }
            }
            DefendThreat { worm } => t.followup += 2.0 * effective_size(ctx, worm),
            SemeaiThreat { dragon } => t.followup += 2.0 * dragon_effective_size(ctx, dragon),
            OwlAttackThreat { dragon } => {
                if dragon_status(ctx, dragon) != Some(DragonStatus::Dead) && !own_critical_neighbour(ctx, dragon, data)
                {
                    t.followup += 2.0 * dragon_effective_size(ctx, dragon);
                }
            }
            OwlDefendThreat { dragon } => t.followup += 2.0 * dragon_effective_size(ctx, dragon),
            OwlPreventThreat { dragon } => {
                if dragon_status(ctx, dragon) == Some(DragonStatus::Dead) {
                    let es = dragon_effective_size(ctx, dragon);
                    let size = ctx.board.size() as f32;
                    if ctx.last_opponent_move.is_some_and(|m| ctx.dragons.same(m, dragon)) {
                        tot += THRASHING_ATTACK * es * ATTACK_DRAGON_WEIGHT;
                    } else if ctx.our_score > 0.0 {
                        let v = (AHEAD_ATTACK * es).min(ctx.our_score / 2.0 - size / 2.0 - 1.0).max(0.0);
                        tot += v * ATTACK_DRAGON_WEIGHT;
                    } else {
                        t.reverse_followup += 2.0 * es;
                    }
                }
            }
            Semeai { dragon } | OwlAttack { dragon, .. } | OwlDefend { dragon, .. } => {
                block = true;
                let result = match reason {
                    OwlAttack { result, .. } | OwlDefend { result, .. } => result,
                    _ => ReadResult::Win,
                };
                let saved = ctx.dragons.at(dragon).and_then(|d| d.color) == Some(color);
                let es = mark_dragon(ctx, dragon, saved, None, &mut dead, &mut strength);
                if saved {
                    mark_anchors(ctx, dragon, None, &mut anchors);
                }
                tot -= ko_deduction(result) * 2.0 * es;
                if let OwlAttack { .. } = reason {
                    tot -= ineffective_owl_attack(ctx, dragon, data);
                }
            }
            OwlAttackGain { worm, .. } => {
                block = true;
                mark_string(ctx.board, worm, false, &mut dead, &mut strength);
            }
            OwlDefendLoss { dragon, worm } => {
                block = true;
                mark_dragon(ctx, dragon, true, Some(worm), &mut dead, &mut strength);
                mark_anchors(ctx, dragon, Some(worm), &mut anchors);
            }
            MyAtariAtari { stones } => tot += f32::from(stones) + ATARI_ATARI_BONUS,
            YourAtariAtari { stones } => {
                block = true;
                tot += f32::from(stones);
            }
            Cut { .. }
            | Connect { .. }
            | ExpandTerritory
            | ExpandMoyo
            | Invasion
            | StrategicAttack { .. }
            | StrategicDefend { .. } => block = true,
            Either { .. }
            | All { .. }
            | Antisuji
            | VitalEye { .. }
            | UncertainOwlAttack { .. }
            | UncertainOwlDefense { .. } => {}
        }
    }
    // GNU Go's workaround for a single ko stone: attacking or defending it (tactically or by the
    // owl) costs KO_STONE_PENALTY once per stone, as the capture may be answered by retaking.
    let mut ko_stones: smallvec::SmallVec<[Point; 4]> = smallvec::SmallVec::new();
    for &reason in &data.reasons {
        use MoveReason::*;
        let target = match reason {
            Attack { worm, .. } | Defend { worm, .. } => worm,
            OwlAttack { dragon, .. } | OwlDefend { dragon, .. } => dragon,
            _ => continue,
        };
        if ctx.board.color(target).is_some() && is_ko_stone(ctx.board, target) {
            let id = ctx.board.string_id(target);
            if !ko_stones.contains(&id) {
                ko_stones.push(id);
                tot -= KO_STONE_PENALTY;
            }
        }
    }
    // The opponent's inessential worms count dead.
    for q in ctx.board.points() {
        let w = &ctx.worms[usize::from(q)];
        if w.color == Some(other) && w.inessential {
            dead[usize::from(q)] = true;
            strength[usize::from(q)] = 0.0;
        }
    }
    if block && ctx.board.is_legal(p, color) && !only_rescues_dead_stones(ctx, data) {
        let mut safe = is_safe(ctx.board, p, color);
        let mut after = ctx.board.clone();
        let captured = after.play_unchecked(p, color);
        // Extending stones that are dead (and that no reason saves), joining no living stone, does
        // not bring them back: they and the move stay dead (GNU Go marks saved only what a reason
        // saves).
        let joined = || after.string_stones(p).filter(|&q| q != p);
        if joined().any(|q| dead[usize::from(q)]) && joined().all(|q| dead[usize::from(q)]) {
            safe = false;
        }
        for q in after.string_stones(p) {
            let qi = usize::from(q);
            // The move joins its string: the string lives or dies with the move. (Tried 2026-11-27:
            // only the new stone radiating, the joined stones keeping their dragon's status, which
            // fixes the 9x9 position where every move touching a critical dragon had ~23 and its owl
            // defence 22.55: 9x9.tst 17/73 against 19 (+10 90 300, −150 270 360 520 530), endgame.tst
            // 22 unchanged; dropped.)
            dead[qi] = !safe;
            strength[qi] = if safe { crate::analysis::influence::DEFAULT_STRENGTH } else { 0.0 };
            anchors[qi] = true;
        }
        // Points the move emptied hold no stone any more.
        for q in after.points() {
            if after.color(q).is_none() {
                dead[usize::from(q)] = false;
                strength[usize::from(q)] = 0.0;
            }
        }
        let moved = Influence::compute(&after, &dead, &strength, other);
        let before = if lively.is_empty() {
            balance_for(ctx.base, ctx.board, color)
        } else {
            let (mut d0, mut s0) = dragon_strengths(ctx, other);
            for &w in &lively {
                mark_string(ctx.board, w, false, &mut d0, &mut s0);
            }
            balance_for(&Influence::compute(ctx.board, &d0, &s0, other), ctx.board, color)
        };
        t.change = balance_for(&moved, &after, color) - before + captured as f32;
        t.measured = true;
        let follow = Influence::followup(&after, &dead, &strength, color, &anchors);
        t.influence_followup = (balance_for(&follow, &after, color) - balance_for(&moved, &after, color)).max(0.0);
        tot += t.change;
    }
    // The pattern bounds on the territorial value (GNU Go clamps the sum so far).
    if data.min_territory > 0.0 && tot < data.min_territory {
        tot = data.min_territory;
    }
    tot = tot.min(data.max_territory);
    t.value = tot;
    t
}

/// Whether the move's only blocking reasons are tactical ones that serve stones of ours the
/// dragons call dead: defences of worms in dead dragons, and attacks on small worms (effective size
/// under [`BIG_CATCH`]) whose neighbouring strings of ours all belong to dead dragons, with cuts
/// beside them (a cut alone proves nothing). GNU Go 3.8 calls such a move "strategically or
/// tactically unsafe" and does not measure its change of territory ("not a safe move"): on
/// nicklas8 move 84 (strategy.tst 37) A18 and A17 attack white's B18, the lunch of black's dead
/// D19, and defend D19 tactically; GNU Go values them 0, we valued A18 15.4 from the capture's
/// territory and played it instead of H17.
fn only_rescues_dead_stones(ctx: &ValuationContext, data: &MoveData) -> bool {
    let dead = |q: Point| dragon_status(ctx, q) == Some(DragonStatus::Dead);
    let mut tactical = false;
    for &reason in &data.reasons {
        use MoveReason::*;
        match reason {
            Defend { worm, .. } if dead(worm) => tactical = true,
            Attack { worm, .. } if effective_size(ctx, worm) < BIG_CATCH => {
                let mut ours = 0;
                let mut all_dead = true;
                ctx.board.for_each_adjacent(worm, ctx.color, |adj, _| {
                    ours += 1;
                    all_dead &= dead(adj);
                });
                if ours == 0 || !all_dead {
                    return false;
                }
                tactical = true;
            }
            Cut { .. } | AttackThreat { .. } | DefendThreat { .. } => {}
            _ => return false,
        }
    }
    tactical && data.min_territory <= 0.0
}

/// A worm at least this large (effective size) is worth catching whatever its neighbours.
const BIG_CATCH: f32 = 8.0;

fn mark_anchors(ctx: &ValuationContext, dragon: Point, except: Option<Point>, anchors: &mut [bool]) {
    let Some(d) = ctx.dragons.at(dragon) else { return };
    let skip = except.map(|e| ctx.board.string_id(e));
    for &s in &d.stones {
        if Some(ctx.board.string_id(s)) != skip {
            anchors[usize::from(s)] = true;
        }
    }
}

/// The followup of threatening to capture `worm`: twice its effective size, plus twice the largest
/// neighbouring dead dragon of ours it holds, minus twice the largest neighbouring worm of ours the
/// reader can attack.
fn threat_value(ctx: &ValuationContext, worm: Point) -> f32 {
    let mut up = 0f32;
    let mut down = 0f32;
    ctx.board.for_each_adjacent(worm, ctx.color, |adj, _| {
        if ctx.dragons.at(adj).is_some_and(|d| d.status == DragonStatus::Dead) {
            up = up.max(2.0 * dragon_effective_size(ctx, adj));
        }
        let w = &ctx.worms[usize::from(adj)];
        if !w.attack_points.is_empty() {
            down = down.max(2.0 * w.effective_size as f32);
        }
    });
    (2.0 * effective_size(ctx, worm) + up - down).max(0.0)
}

/// Whether the dragon has a critical neighbouring dragon of ours that the move does not owl-defend
/// (then threatening it is probably a mistake: it defends itself by capturing ours).
pub(super) fn own_critical_neighbour(ctx: &ValuationContext, dragon: Point, data: &MoveData) -> bool {
    ctx.dragons.neighbours(dragon).iter().any(|n| {
        n.color == Some(ctx.color)
            && n.status == DragonStatus::Critical
            && !data
                .reasons
                .iter()
                .any(|r| matches!(r, MoveReason::OwlDefend { dragon: d, .. } if ctx.dragons.same(*d, n.origin)))
    })
}

/// GNU Go's penalty for an owl attack on a one-worm dragon the reader can attack, when the move is no
/// tactical attack of it: it leaves aji or is a misread.
fn ineffective_owl_attack(ctx: &ValuationContext, dragon: Point, data: &MoveData) -> f32 {
    let Some(d) = ctx.dragons.at(dragon) else { return 0.0 };
    let w = &ctx.worms[usize::from(dragon)];
    let tactical = data
        .reasons
        .iter()
        .any(|r| matches!(r, MoveReason::Attack { worm, result: ReadResult::Win } if ctx.board.string_id(*worm) == ctx.board.string_id(dragon)));
    if d.worms.len() == 1 && w.attack().0 == ReadResult::Win && !w.defense_points.is_empty() && !tactical {
        INEFFECTIVE_OWL_ATTACK * 2.0 * w.effective_size as f32
    } else {
        0.0
    }
}
