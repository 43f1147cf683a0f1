//! The game side of `mkpat --fit-playout` (issue 27 item 1): from SGF records, every move's position as
//! the playout policy sees it, for the generalized Bradley–Terry fit of [`patterns::tune`]. The policy
//! answers the last move on one of its 8 neighbours, so the model is built around that choice:
//!
//! * Candidates: every legal play of the side to move. Those on the 8 neighbours of the previous move
//!   carry features: their 3×3 neighbourhood (the code of [`crate::playout::shapes::code`] seen by the
//!   side to move, canonical under the eight symmetries: [`gammas::canonical`]) and the tactical
//!   features [`TACTICAL`] (captures, escapes atari, gives atari, self-atari, orthogonal to the last
//!   move). Every other legal move is a plain candidate of strength 1, so a neighbourhood's γ says how
//!   much likelier a move there is than a move elsewhere: the weight the playout draws with.
//! * The hand-written shapes ([`crate::playout::shapes`]) as one feature instead of the codes
//!   ([`Model::Shapes`]), to compare the fit with them on the same positions.
//!
//! Positions after a pass or at the first move have no neighbours and are left out.

use crate::playout::gammas;
use crate::playout::shapes;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Move, Point};
use crate::sgf::{self, LoadError, Until};
use patterns::tune::Position;
use std::collections::BTreeMap;

/// The names of the tactical features, numbered first.
pub const TACTICAL: [&str; 5] = ["captures", "escapes", "atari", "self-atari", "orthogonal"];

/// Which features describe a neighbour candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// The tactical features and the canonical 3×3 code.
    Codes,
    /// The tactical features and whether a hand-written shape matches (feature 5).
    Shapes,
    /// The tactical features only.
    Tactical,
}

/// One labelled position: the features of each neighbour candidate (tactical feature indices, then
/// the shape feature: a canonical code for [`Model::Codes`], 0 for a shape match with
/// [`Model::Shapes`]), the number of plain candidates and which neighbour was played (`None`: a plain
/// move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Raw {
    pub plain: u32,
    pub near: Vec<(Vec<u32>, Option<u16>)>,
    pub chosen: Option<usize>,
}

/// The tactical features of `color` on the empty point `p`.
fn tactical(board: &Board, p: Point, color: Color, orthogonal: bool) -> Vec<u32> {
    let mut f = Vec::new();
    let opp = color.opponent();
    let n = Board::neighbors(p);
    if n.iter().any(|&q| board.color(q) == Some(opp) && board.liberties(q) == 1) {
        f.push(0);
    }
    if n.iter().any(|&q| board.color(q) == Some(color) && board.liberties(q) == 1)
        && crate::playout::escapes(board, p, color)
    {
        f.push(1);
    }
    if n.iter().any(|&q| board.color(q) == Some(opp) && board.liberties(q) == 2) {
        f.push(2);
    }
    if !crate::playout::escapes(board, p, color) {
        f.push(3);
    }
    if orthogonal {
        f.push(4);
    }
    f
}

/// The labelled positions of the record `text` under `model`.
pub fn extract(text: &str, model: Model) -> Result<Vec<Raw>, LoadError> {
    let rules = crate::Rules::default();
    let record = sgf::load(text, Until::End, rules)?;
    let mut game = sgf::load(text, Until::MoveNumber(1), rules)?;
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for (color, mv) in record.moves() {
        let last = match game.last_move() {
            Some((_, Move::Play(q))) => Some(q),
            _ => None,
        };
        if game.to_move() != color {
            game.set_to_move(color);
        }
        if let (Some(q), Move::Play(played)) = (last, mv) {
            let board = game.board();
            game.legal_moves(&mut legal);
            let orth = Board::neighbors(q);
            let near: Vec<Point> = orth.iter().chain(Board::diagonals(q).iter()).copied().collect();
            let mut raw = Raw { plain: 0, near: Vec::new(), chosen: None };
            let mut found = false;
            for &m in &legal {
                let Move::Play(p) = m else { continue };
                if p == played {
                    found = true;
                }
                if near.contains(&p) {
                    let f = tactical(board, p, color, orth.contains(&p));
                    let shape = match model {
                        Model::Codes => Some(gammas::canonical(gammas::to_black(shapes::code(board, p), color))),
                        Model::Shapes => shapes::matches(board, p).then_some(0),
                        Model::Tactical => None,
                    };
                    if p == played {
                        raw.chosen = Some(raw.near.len());
                    }
                    raw.near.push((f, shape));
                } else {
                    raw.plain += 1;
                }
            }
            if found {
                out.push(raw);
            }
        }
        if game.play(color, mv).is_err() {
            break;
        }
    }
    Ok(out)
}

/// The feature numbering of a fit: the tactical features, then one per shape feature value seen in
/// training (sorted).
#[derive(Debug, Clone, Default)]
pub struct Index {
    pub shapes: BTreeMap<u16, u32>,
}

impl Index {
    /// Numbers the shape values of `raws`.
    pub fn new(raws: &[Raw]) -> Index {
        let mut shapes = BTreeMap::new();
        for r in raws {
            for (_, s) in &r.near {
                if let Some(s) = s {
                    shapes.entry(*s).or_insert(0);
                }
            }
        }
        for (i, v) in shapes.values_mut().enumerate() {
            *v = (TACTICAL.len() + i) as u32;
        }
        Index { shapes }
    }

    /// The number of features.
    pub fn len(&self) -> usize {
        TACTICAL.len() + self.shapes.len()
    }

    /// Whether there are no features (never: the tactical ones are always there).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The model's position of `raw` (shape values unseen in training carry no shape feature).
    pub fn position(&self, raw: &Raw) -> Position {
        let mut featured = Vec::new();
        let mut plain = raw.plain;
        let mut chosen = None;
        for (i, (f, s)) in raw.near.iter().enumerate() {
            let mut v = f.clone();
            if let Some(k) = s.and_then(|s| self.shapes.get(&s)) {
                v.push(*k);
            }
            if v.is_empty() {
                plain += 1;
                continue;
            }
            if raw.chosen == Some(i) {
                chosen = Some(featured.len() as u32);
            }
            featured.push(v);
        }
        Position { plain, featured, chosen }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tiny_record_gives_its_known_counts() {
        // 5x5: B C3, W C2 (next to C3), B D1 (diagonal to C2), W pass, B B2 (after a pass: no position).
        let sgf = "(;GM[1]SZ[5];B[cc];W[cd];B[de];W[];B[bd])";
        let raws = extract(sgf, Model::Codes).unwrap();
        assert_eq!(raws.len(), 2, "W C2 and B D2 follow a play");
        // W C2: 24 legal moves, of which the 8 around C3 are neighbours; C2 is one.
        assert_eq!(raws[0].plain + raws[0].near.len() as u32, 24);
        assert_eq!(raws[0].near.len(), 8);
        assert!(raws[0].chosen.is_some());
        // B D1: 23 legal moves; around C2 7 empty neighbours (C3 is black).
        assert_eq!(raws[1].plain + raws[1].near.len() as u32, 23);
        assert_eq!(raws[1].near.len(), 7);
        let (f, _) = &raws[1].near[raws[1].chosen.unwrap()];
        assert!(!f.contains(&4), "D1 is diagonal to C2");
        let index = Index::new(&raws);
        let pos = index.position(&raws[1]);
        assert_eq!(pos.plain as usize + pos.featured.len(), 23);
    }
}
