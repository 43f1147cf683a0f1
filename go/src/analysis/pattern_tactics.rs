//! The pattern language's questions that need only a board and the tactical reader: liberties at a
//! distance (`lib2`–`lib4`), `ko`, the tactical autohelpers (`attack`, `defend`, `safe_xmove`, `xcut`, …),
//! move sequences (`xplay_*`/`oplay_*`), the openness of a point (`owl_escape_value`), `vital_chain`,
//! the board-level false eyes and `o/x_captures_something`.
//! Both pattern contexts answer from here: [`crate::analysis::pattern_context`] (the general databases,
//! above the owl, whose verdicts it also maps) and [`crate::analysis::owl_context`] (the owl's databases,
//! inside the owl's search) — which is why this sits below both and below the owl.
//!
//! It owns these answers only: it must not import the dragons, the owl or either context, and it never
//! changes a position (every move is taken back on the reader).

use crate::analysis::connection;
use crate::analysis::read_result::ReadResult::{self, Lose, Win};
use crate::analysis::reading::Reader;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY};
use crate::Move;
use patterns::eval::{SequenceTest, Side, Tactical};
use patterns::Vertex;

pub(crate) fn flag(b: bool) -> f64 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// GNU Go's `safe_move`: can `c` play at `p` without being captured? [`Win`] when safe, [`Lose`] when
/// not or when illegal. The reader's position is restored.
fn safe_move(r: &mut Reader, p: Point, c: Color) -> ReadResult {
    if !r.trymove(p, c) {
        return Lose;
    }
    let a = r.attack(p).0;
    r.popgo();
    a.reverse()
}

/// The tactical autohelpers (`attack`, `defend`, `does_attack`, `safe_xmove`, `xcut`, …) answered by
/// the reader on its current position, `own` being the patterns' `O`; shared by [`crate::analysis::pattern_context::GoPatternContext`]
/// and the owl's context ([`crate::analysis::owl_context`]).
pub(crate) fn tactical_on(r: &mut Reader, own: Color, q: Tactical) -> f64 {
    let colour_of = |side: Side| if side == Side::O { own } else { own.opponent() };
    let pt = |r: &Reader, v: Vertex| r.board().point(v.col, v.row);
    match q {
        Tactical::Attack(v) => {
            let p = pt(r, v);
            if r.board().color(p).is_none() {
                return 0.0;
            }
            r.attack(p).0.pattern_code()
        }
        Tactical::Defend(v) => {
            let p = pt(r, v);
            if r.board().color(p).is_none() || r.attack(p).0 == Lose {
                return 0.0;
            }
            r.defend(p).0.pattern_code()
        }
        Tactical::DoesAttack { mv, target } => {
            let (m, t) = (pt(r, mv), pt(r, target));
            r.does_attack(m, t).pattern_code()
        }
        Tactical::DoesDefend { mv, target } => {
            let (m, t) = (pt(r, mv), pt(r, target));
            r.does_defend(m, t).pattern_code()
        }
        Tactical::SafeMove { side, at } => {
            let p = pt(r, at);
            safe_move(r, p, colour_of(side)).pattern_code()
        }
        Tactical::DefendAgainst { side, mv, target } => {
            let (m, t, c) = (pt(r, mv), pt(r, target), colour_of(side));
            if !r.trymove(m, c) {
                return 0.0;
            }
            let unsafe_now = safe_move(r, t, c.opponent()) == Lose;
            r.popgo();
            flag(unsafe_now)
        }
        Tactical::Cut { side, at } => {
            // A safe stone of `side` after which two of the other colour's strings next to it no
            // longer connect.
            let (p, c) = (pt(r, at), colour_of(side));
            let b = r.board();
            if !b.is_empty(p) {
                return 0.0;
            }
            let mut heads = [0 as Point; 4];
            let mut n = 0;
            for q in Board::neighbors(p) {
                if b.color(q) == Some(c.opponent()) && !heads[..n].contains(&b.string_id(q)) {
                    heads[n] = b.string_id(q);
                    n += 1;
                }
            }
            if n < 2 || safe_move(r, p, c) == Lose || !r.trymove(p, c) {
                return 0.0;
            }
            let mut cut = false;
            'pairs: for (i, &x) in heads[..n].iter().enumerate() {
                for &y in &heads[i + 1..n] {
                    if connection::connect(r, x, y).0 == Lose {
                        cut = true;
                        break 'pairs;
                    }
                }
            }
            r.popgo();
            flag(cut)
        }
    }
}

/// What a move sequence's test (`xplay_attack`, `oplay_connect`, `oplay_lib`, …) answers on the
/// reader's current position, once the sequence's moves are played there; shared with the owl's context.
pub(crate) fn sequence_test(r: &mut Reader, test: SequenceTest) -> f64 {
    let pt = |r: &Reader, v: Vertex| r.board().point(v.col, v.row);
    let gone = |r: &Reader, p: Point| r.board().color(p).is_none();
    match test {
        SequenceTest::Attack(z) => {
            let z = pt(r, z);
            if gone(r, z) {
                Win.pattern_code()
            } else {
                r.attack(z).0.pattern_code()
            }
        }
        SequenceTest::Defend(z) => {
            let z = pt(r, z);
            if gone(r, z) {
                0.0
            } else {
                r.defend(z).0.pattern_code()
            }
        }
        SequenceTest::AttackEither(y, z) => {
            let (y, z) = (pt(r, y), pt(r, z));
            if gone(r, y) || gone(r, z) {
                Win.pattern_code()
            } else if r.board().color(y) == r.board().color(z) {
                r.attack_either(y, z).pattern_code()
            } else {
                r.attack(y).0.max(r.attack(z).0).pattern_code()
            }
        }
        SequenceTest::DefendBoth(y, z) => {
            let (y, z) = (pt(r, y), pt(r, z));
            if gone(r, y) || gone(r, z) {
                0.0
            } else {
                r.defend_both(y, z).pattern_code()
            }
        }
        SequenceTest::Connect(y, z) => {
            let (y, z) = (pt(r, y), pt(r, z));
            if gone(r, y) || gone(r, z) {
                0.0
            } else {
                connection::connect(r, y, z).0.pattern_code()
            }
        }
        SequenceTest::Disconnect(y, z) => {
            let (y, z) = (pt(r, y), pt(r, z));
            if gone(r, y) || gone(r, z) {
                Win.pattern_code()
            } else {
                connection::disconnect(r, y, z).0.pattern_code()
            }
        }
        SequenceTest::BreakThrough(x, y, z) => {
            // One of the three captured (or capturable), or two of them cut apart.
            let ps = [pt(r, x), pt(r, y), pt(r, z)];
            let hit = ps.iter().any(|&p| gone(r, p) || r.attack(p).0 == Win);
            let cut = !hit && connection::disconnect(r, ps[0], ps[2]).0 == Win;
            if hit || cut { Win } else { Lose }.pattern_code()
        }
        SequenceTest::Lib(z) => {
            let z = pt(r, z);
            r.board().liberties(z) as f64
        }
    }
}

/// Liberties of order `order` (2–4: empty points at that distance through empty points) of the string
/// at `s`, breadth-first; shared with the owl's context.
pub(crate) fn liberty_order(b: &Board, s: Point, order: u8) -> u32 {
    let mut seen = [false; ARRAY];
    let mut layer: Vec<Point> = b.string_stones(s).collect();
    for &p in &layer {
        seen[usize::from(p)] = true;
    }
    for _ in 0..order {
        let mut next = Vec::new();
        for &p in &layer {
            for q in Board::neighbors(p) {
                if b.is_empty(q) && !seen[usize::from(q)] {
                    seen[usize::from(q)] = true;
                    next.push(q);
                }
            }
        }
        layer = next;
    }
    layer.len() as u32
}

/// `owl_escape_value` as both contexts answer it: 2 for an empty point with no stone within two
/// points, 1 with none next to it, else 0.
pub(crate) fn escape_value(b: &Board, p: Point) -> f64 {
    if !b.is_empty(p) {
        return 0.0;
    }
    let (col, row) = b.coords(p);
    let n = b.size() as i32;
    let mut near = 0;
    for dy in -2i32..=2 {
        for dx in -2i32..=2 {
            let (x, y) = (i32::from(col) + dx, i32::from(row) + dy);
            if dx.abs() + dy.abs() <= 2 && (0..n).contains(&x) && (0..n).contains(&y) {
                let q = b.point(x as u8, y as u8);
                if b.color(q).is_some() {
                    near = near.max(if dx.abs() + dy.abs() == 1 { 2 } else { 1 });
                }
            }
        }
    }
    f64::from(2 - near)
}

/// `vital_chain`, GNU Go's rule: any string but a lone stone on the first line.
pub(crate) fn vital_chain(b: &Board, p: Point) -> f64 {
    let (col, row) = b.coords(p);
    let n = b.size() as u8 - 1;
    let edge = col == 0 || row == 0 || col == n || row == n;
    flag(b.color(p).is_some() && !(b.string_size(p) == 1 && edge))
}

/// `ko(x)`: the board's ko point, a single stone in atari whose capture is a ko, or an empty point where
/// either colour's capture would be one.
pub(crate) fn ko_at(b: &Board, p: Point) -> bool {
    if b.ko().is_some_and(|(k, _)| k == p) {
        return true;
    }
    match b.color(p) {
        None => [Color::Black, Color::White].into_iter().any(|c| is_ko_capture(b, p, c)),
        Some(c) => {
            b.string_size(p) == 1
                && b.liberties(p) == 1
                && b.first_liberty(p).is_some_and(|l| is_ko_capture(b, l, c.opponent()))
        }
    }
}

fn is_ko_capture(board: &Board, p: Point, c: Color) -> bool {
    let before = board.captures(c);
    let mut b = board.clone();
    b.play(Move::Play(p), c).is_ok() && b.captures(c) == before + 1 && b.string_size(p) == 1 && b.liberties(p) == 1
}

/// `obvious_false_oeye`/`obvious_false_xeye`: an empty point closed by `c` (or the edge) that fails
/// the board's true-eye test (too many opponent diagonals).
pub(crate) fn obvious_false_eye(b: &Board, p: Point, c: Color) -> bool {
    b.is_empty(p)
        && Board::neighbors(p).iter().all(|&q| b.is_border(q) || b.color(q) == Some(c))
        && !b.is_true_eye(p, c)
}

/// `false_eye`: [`obvious_false_eye`] for either colour.
pub(crate) fn false_eye(b: &Board, p: Point) -> bool {
    obvious_false_eye(b, p, Color::Black) || obvious_false_eye(b, p, Color::White)
}

/// `o_captures_something`/`x_captures_something`: `c` playing on the empty point `p` takes an
/// opponent string in atari.
pub(crate) fn captures_something(b: &Board, p: Point, c: Color) -> bool {
    b.is_empty(p) && Board::neighbors(p).iter().any(|&q| b.color(q) == Some(c.opponent()) && b.liberties(q) == 1)
}

/// `lib` (order 1) and `lib2`–`lib4` of the string on `p`: its liberties, or the empty points at
/// distance `order` through empty points ([`liberty_order`]); 0 on an empty point.
pub(crate) fn liberties_at(b: &Board, p: Point, order: u8) -> u32 {
    match (b.color(p), order) {
        (None, _) => 0,
        (Some(_), 1) => b.liberties(p) as u32,
        (Some(_), k) => liberty_order(b, p, k),
    }
}
