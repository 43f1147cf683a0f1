//! Random playouts: from a position, both sides play random legal moves that do not fill their own
//! eye-like points (all neighbours their own colour) until two passes in a row. Light rules in the
//! manner of MoGo and Fuego make the result a better judge of life and death than uniform play, tried in
//! order after each move: a string left in atari next to the last move is captured at once (or, when it
//! is the mover's own, extended or connected if that leaves it at least two liberties, else freed by
//! capturing an enemy string in atari beside it); the middle point of a three-point eye space that the
//! last move closed is taken (nakade: it kills); a neighbour of the last move is played by its 3×3
//! neighbourhood ([`Policy`]: drawn in proportion to weights fitted from games, [`gammas`], fitted
//! by `mkpat --fit-playout`, or one completing a hand-written shape, [`shapes`]); and a move that puts a string of more
//! than two stones into atari without capturing is never played. Used by the benchmark, by
//! [`crate::game::status`] to estimate who owns what at the end of a game, and by the tree search.
//! Allocation-free: works on a [`Board`] in place.

pub mod gammas;
pub mod shapes;

use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, MAX_SIZE};
use rand::Rng;

/// Whether `p` is an empty point whose neighbours are all `color` (or off the board).
#[inline]
pub fn is_eyelike(board: &Board, p: Point, color: Color) -> bool {
    Board::neighbors(p).iter().all(|&q| board.is_border(q) || board.color(q) == Some(color))
}

/// Plays a random game to the end (or `max_moves`) and returns the number of stones placed.
pub fn playout<R: Rng + ?Sized>(board: &mut Board, to_move: Color, rng: &mut R, max_moves: usize) -> usize {
    playout_recording(board, to_move, rng, max_moves, None)
}

/// As [`playout`], also recording in `first` (indexed by [`Point`], 0 = nobody) which colour played first
/// on each point (1 black, 2 white): the "all moves as first" statistics of move generation.
pub fn playout_recording<R: Rng + ?Sized>(
    board: &mut Board,
    mut to_move: Color,
    rng: &mut R,
    max_moves: usize,
    mut first: Option<&mut [u8]>,
) -> usize {
    let mut points = [0 as Point; MAX_SIZE * MAX_SIZE];
    let mut n = 0;
    for p in board.points() {
        points[n] = p;
        n += 1;
    }
    let mut passes = 0;
    let mut moves = 0;
    let shape_moves = 2 * n;
    let mut last: Option<Point> = None;
    while passes < 2 && moves < max_moves {
        let mut played = false;
        if let Some(q) = last {
            if let Some(p) = capture_near(board, q, to_move) {
                board.play_unchecked(p, to_move);
                played = true;
                last = Some(p);
            }
        }
        if let (false, Some(q)) = (played, last) {
            if let Some(p) = nakade_near(board, q, to_move) {
                board.play_unchecked(p, to_move);
                played = true;
                last = Some(p);
            }
        }
        // Shape replies can feed a capture cycle; late in a long playout only random moves break it.
        if let (false, Some(q), true) = (played, last, moves < shape_moves) {
            let reply = match policy() {
                Policy::Shapes => shape_reply(board, q, to_move, rng),
                Policy::Gammas { threshold, rest, orthogonal } => {
                    gamma_reply(board, q, to_move, rng, threshold, rest, orthogonal)
                }
            };
            if let Some(p) = reply {
                board.play_unchecked(p, to_move);
                played = true;
                last = Some(p);
            }
        }
        if let (true, Some(f), Some(p)) = (played, first.as_deref_mut(), last) {
            if f[usize::from(p)] == 0 {
                f[usize::from(p)] = 1 + to_move.index() as u8;
            }
        }
        let start = rng.random_range(0..n);
        for i in 0..n {
            if played {
                break;
            }
            let p = points[(start + i) % n];
            if board.is_empty(p)
                && !is_eyelike(board, p, to_move)
                && board.is_legal(p, to_move)
                && !is_big_self_atari(board, p, to_move)
            {
                board.play_unchecked(p, to_move);
                played = true;
                last = Some(p);
                if let Some(f) = first.as_deref_mut() {
                    if f[usize::from(p)] == 0 {
                        f[usize::from(p)] = 1 + to_move.index() as u8;
                    }
                }
            }
        }
        if !played {
            last = None;
        }
        if played {
            moves += 1;
            passes = 0;
        } else {
            board.clear_ko();
            passes += 1;
        }
        to_move = to_move.opponent();
    }
    moves
}

/// A reply to the last move `q` on one of its 8 neighbours that completes a 3×3 shape
/// ([`crate::playout::shapes`]), chosen at random among those that are legal and no self-atari.
fn shape_reply<R: Rng + ?Sized>(board: &Board, q: Point, color: Color, rng: &mut R) -> Option<Point> {
    let mut found = [0 as Point; 8];
    let mut n = 0;
    let around = Board::neighbors(q);
    let diag = Board::diagonals(q);
    for p in around.into_iter().chain(diag) {
        if board.is_empty(p)
            && !board.is_border(p)
            && shapes::matches(board, p)
            && !is_eyelike(board, p, color)
            && board.is_legal(p, color)
            && !is_big_self_atari(board, p, color)
        {
            found[n] = p;
            n += 1;
        }
    }
    (n > 0).then(|| found[rng.random_range(0..n)])
}

/// How the playout answers the last move on its neighbours.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Policy {
    /// The hand-written shapes ([`shapes`]), uniformly among those that match.
    Shapes,
    /// The fitted weights ([`gammas`]): among the neighbours with γ at least `threshold`, one in
    /// proportion to γ, or none (a random move elsewhere) with weight `rest`.
    Gammas { threshold: f32, rest: f32, orthogonal: f32 },
}

/// The policy in force: `GO_PLAYOUT_POLICY` = `shapes` or `THRESHOLD,REST,ORTHOGONAL` (read once), else the default.
pub fn policy() -> Policy {
    static POLICY: std::sync::OnceLock<Policy> = std::sync::OnceLock::new();
    *POLICY.get_or_init(|| {
        let v = std::env::var("GO_PLAYOUT_POLICY").unwrap_or_default();
        if v == "shapes" {
            return Policy::Shapes;
        }
        let mut f = v.split(',').map(|x| x.trim().parse::<f32>());
        match (f.next(), f.next(), f.next()) {
            (Some(Ok(threshold)), Some(Ok(rest)), Some(Ok(orthogonal))) => {
                Policy::Gammas { threshold, rest, orthogonal }
            }
            _ => DEFAULT_POLICY,
        }
    })
}

/// The default policy: the hand-written shapes. The fitted weights predict the games' moves better
/// (held-out top-1 21.7 % against 17.8 %, `mkpat --fit-playout`) but did not play better: self-play
/// against the shapes at `--level 5` on 9x9 (40 games each, 2026-11-29) 20/40 with `2,0,1` (and about
/// 10 % more CPU per simulation), 20/40 with `20,0,1` and 16/30 with `50,0,1`; against GNU Go level 10
/// at `--level 15` with `2,0,1`, 10/20, where the shapes win 39/60.
pub const DEFAULT_POLICY: Policy = Policy::Shapes;

/// A reply to the last move `q` on one of its 8 neighbours drawn in proportion to the fitted weights
/// ([`gammas`]) among those with γ ≥ `threshold` that are legal, no eye of `color` and no big
/// self-atari; `rest` is the weight of answering elsewhere (`None`).
fn gamma_reply<R: Rng + ?Sized>(
    board: &Board,
    q: Point,
    color: Color,
    rng: &mut R,
    threshold: f32,
    rest: f32,
    orthogonal: f32,
) -> Option<Point> {
    let mut found = [0 as Point; 8];
    let mut weight = [0f32; 8];
    let mut n = 0;
    let mut total = 0f32;
    let around = Board::neighbors(q);
    let diag = Board::diagonals(q);
    for (i, p) in around.into_iter().chain(diag).enumerate() {
        if !board.is_empty(p) || board.is_border(p) {
            continue;
        }
        let g = gammas::gamma(board, p, color) * if i < 4 { orthogonal } else { 1.0 };
        if g >= threshold
            && !is_eyelike(board, p, color)
            && board.is_legal(p, color)
            && !is_big_self_atari(board, p, color)
        {
            found[n] = p;
            weight[n] = g;
            total += g;
            n += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let mut r = rng.random::<f32>() * (total + rest);
    for i in 0..n {
        if r < weight[i] {
            return Some(found[i]);
        }
        r -= weight[i];
    }
    // rounding: the draw fell past the last weight
    (rest == 0.0).then(|| found[n - 1])
}

/// A forced reply to the last move `q`: take the liberty of an opponent string in atari on or next to `q`,
/// or else extend a string of `color` next to `q` that `q` put in atari when the extension gains liberties.
fn capture_near(board: &Board, q: Point, color: Color) -> Option<Point> {
    let mut candidates = [q; 5];
    candidates[1..].copy_from_slice(&Board::neighbors(q));
    for s in candidates {
        if board.color(s) == Some(color.opponent()) && board.liberties(s) == 1 {
            let lib = board.first_liberty(s)?;
            if board.is_legal(lib, color) {
                return Some(lib);
            }
        }
    }
    for s in Board::neighbors(q) {
        if board.color(s) == Some(color) && board.liberties(s) == 1 {
            let lib = board.first_liberty(s)?;
            if escapes(board, lib, color) && board.is_legal(lib, color) {
                return Some(lib);
            }
            // No way out by extending: capture an enemy string in atari next to it instead.
            if let Some(p) = counter_capture(board, s, color) {
                return Some(p);
            }
        }
    }
    None
}

/// The liberty of an opponent string in atari that touches the string of `color` through `s`: taking
/// it frees the string (counter-capture), or `None`.
fn counter_capture(board: &Board, s: Point, color: Color) -> Option<Point> {
    for t in board.string_stones(s) {
        for r in Board::neighbors(t) {
            if board.color(r) == Some(color.opponent()) && board.liberties(r) == 1 {
                let lib = board.first_liberty(r)?;
                if board.is_legal(lib, color) {
                    return Some(lib);
                }
            }
        }
    }
    None
}

/// The vital point of a three-point eye space next to the last move `q`: an empty region of exactly
/// three points (straight or bent) touching `q`, enclosed by one colour's stones. Its middle point
/// decides life for both sides — the owner makes two eyes there, the opponent kills — so the player to
/// move takes it (when legal). Uniform playouts leave such spaces to chance and misjudge the group.
fn nakade_near(board: &Board, q: Point, color: Color) -> Option<Point> {
    let open = |p: Point| Board::neighbors(p).iter().filter(|&&r| board.is_empty(r) && !board.is_border(r)).count();
    for e in Board::neighbors(q) {
        // A point of a three-point space has at most two empty neighbours: most points fail at once.
        if !board.is_empty(e) || board.is_border(e) || open(e) > 2 {
            continue;
        }
        let mut region = [e; 3];
        let mut n = 1;
        let mut i = 0;
        let mut encloser: Option<Color> = None;
        let mut fits = true;
        'flood: while i < n {
            for r in Board::neighbors(region[i]) {
                if board.is_border(r) {
                    continue;
                }
                match board.color(r) {
                    Some(c) => {
                        if encloser.is_some_and(|o| o != c) {
                            fits = false;
                            break 'flood;
                        }
                        encloser = Some(c);
                    }
                    None if region[..n].contains(&r) => {}
                    None if n == 3 => {
                        fits = false;
                        break 'flood;
                    }
                    None => {
                        region[n] = r;
                        n += 1;
                    }
                }
            }
            i += 1;
        }
        if !fits || n != 3 {
            continue;
        }
        // The middle point touches both others (the one with two region neighbours).
        let Some(middle) = region
            .iter()
            .copied()
            .find(|&m| Board::neighbors(m).iter().filter(|r| region.contains(r) && **r != m).count() == 2)
        else {
            continue;
        };
        if board.is_legal(middle, color) {
            return Some(middle);
        }
    }
    None
}

/// Whether `color` on `p` leaves the new string at least two liberties, counting those of the strings it
/// joins (connecting out of atari counts, not only empty neighbours) or captures something.
pub(crate) fn escapes(board: &Board, p: Point, color: Color) -> bool {
    let mut libs = [0 as Point; 2];
    let mut nlibs = 0;
    let mut add = |l: Point| {
        if l != p && !libs[..nlibs].contains(&l) {
            if nlibs == 2 {
                return true;
            }
            libs[nlibs] = l;
            nlibs += 1;
        }
        nlibs >= 2
    };
    for q in Board::neighbors(p) {
        if board.is_empty(q) {
            if add(q) {
                return true;
            }
        } else if board.color(q) == Some(color.opponent()) && board.liberties(q) == 1 {
            return true;
        }
    }
    for q in Board::neighbors(p) {
        if board.color(q) != Some(color) {
            continue;
        }
        if board.liberties(q) > 2 {
            return true;
        }
        for s in board.string_stones(q) {
            for l in Board::neighbors(s) {
                if board.is_empty(l) && add(l) {
                    return true;
                }
            }
        }
    }
    false
}

/// Whether `color` on `p` would leave a string of more than two stones with one liberty, capturing nothing.
fn is_big_self_atari(board: &Board, p: Point, color: Color) -> bool {
    let mut stones = 1;
    let mut libs = [0 as Point; 2];
    let mut nlibs = 0;
    let mut add = |l: Point, nlibs: &mut usize| {
        if l != p && !libs[..*nlibs].contains(&l) {
            if *nlibs == 2 {
                return false;
            }
            libs[*nlibs] = l;
            *nlibs += 1;
        }
        true
    };
    for q in Board::neighbors(p) {
        if board.is_empty(q) {
            if !add(q, &mut nlibs) {
                return false;
            }
        } else if board.color(q) == Some(color.opponent()) && board.liberties(q) == 1 {
            return false; // captures
        }
    }
    for q in Board::neighbors(p) {
        if board.color(q) != Some(color) {
            continue;
        }
        if board.liberties(q) > 2 {
            return false;
        }
        stones += board.string_size(q);
        for s in board.string_stones(q) {
            for l in Board::neighbors(s) {
                if board.is_empty(l) && !add(l, &mut nlibs) {
                    return false;
                }
            }
        }
    }
    nlibs <= 1 && stones > 2
}

/// Black's area margin (before komi) at the end of a playout: stones plus eye points.
pub fn area_margin(board: &Board) -> i32 {
    area_margin_seen(board, |q| board.color(q))
}

/// [`area_margin`] with each stone counted for the colour `seen` gives it (the stone's own, or its
/// opponent's for a stone known dead): every stone point, and every empty point whose stone neighbours
/// are all seen as one colour.
pub fn area_margin_seen(board: &Board, seen: impl Fn(Point) -> Option<Color>) -> i32 {
    let mut m = 0;
    for p in board.points() {
        match owner_seen(board, p, &seen) {
            Some(Color::Black) => m += 1,
            Some(Color::White) => m -= 1,
            None => {}
        }
    }
    m
}

/// Who owns `p` at the end of a playout: its stone's colour, or the colour of all neighbours of an empty
/// point (`None` when mixed).
pub fn owner(board: &Board, p: Point) -> Option<Color> {
    owner_seen(board, p, &|q| board.color(q))
}

/// [`owner`] with the stones' colours as `seen` gives them.
fn owner_seen(board: &Board, p: Point, seen: &impl Fn(Point) -> Option<Color>) -> Option<Color> {
    if board.color(p).is_some() {
        return seen(p);
    }
    let mut owner = None;
    for q in Board::neighbors(p) {
        if let Some(c) = seen(q) {
            match owner {
                None => owner = Some(c),
                Some(o) if o != c => return None,
                _ => {}
            }
        }
    }
    owner
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::rng::seeded_rng;

    #[test]
    fn playouts_keep_invariants_and_fill_the_board() {
        let mut rng = seeded_rng(1);
        for size in [1, 2, 5, 9, 19] {
            for _ in 0..5 {
                let mut b = Board::new(size);
                let moves = playout(&mut b, Color::Black, &mut rng, 3 * size * size + 10);
                b.check_invariants().unwrap();
                if moves == 3 * size * size + 10 {
                    continue; // a capture cycle ran into the move limit (a few percent of playouts)
                }
                // At the end no empty point is left that the policy would let either side fill, except a
                // ko point that became legal again with the last pass.
                let playable =
                    |p: Point, c: Color| b.is_legal(p, c) && !is_eyelike(&b, p, c) && !is_big_self_atari(&b, p, c);
                let open: Vec<_> = b
                    .points()
                    .filter(|&p| size > 1 && (playable(p, Color::Black) || playable(p, Color::White)))
                    .map(|p| b.coords(p))
                    .collect();
                assert!(open.len() <= 1, "{size}x{size}: still open {open:?}");
            }
        }
    }

    #[test]
    fn nakade_takes_the_middle_of_a_three_point_space() {
        use crate::rules::board::tests::board_from;
        // Black's straight three on the top edge, closed by black's last move on D5: white kills in the
        // middle (B5). Hand-checked.
        let b = board_from(&[". . . X O", "X X X X O", "O O O O O", ". . . . .", ". . . . ."]);
        assert_eq!(nakade_near(&b, b.point(3, 0), Color::White), Some(b.point(1, 0)));
        // A bent three in the corner (A5 B5 A4, closed by C5): the middle is the corner point A5, the one
        // touching both others.
        let b = board_from(&[". . X O .", ". X X O .", "X X O O .", "O O O . .", ". . . . ."]);
        assert_eq!(nakade_near(&b, b.point(2, 0), Color::White), Some(b.point(0, 0)));
        // Four points, or a space touching both colours: no rule.
        let b = board_from(&[". . . . X", "X X X X O", "O O O O O", ". . . . .", ". . . . ."]);
        assert_eq!(nakade_near(&b, b.point(4, 0), Color::White), None);
        let b = board_from(&[". . . O X", "X X X X O", "O O O O O", ". . . . .", ". . . . ."]);
        assert_eq!(nakade_near(&b, b.point(3, 0), Color::White), None);
    }
}
