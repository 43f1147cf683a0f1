//! Final status of every point and the score of a position without playouts (GNU Go's `final_score`,
//! `final_status`, `final_status_list`): dead stones from the dragons' status (the owl as their
//! [`LifeReading`]), seki from the shape of shared liberties, and every empty point given to a colour or
//! left as dame from the territory around it.
//!
//! This module owns that judgement and the count; it reads the position through the caller's
//! [`Reader`] and never changes it. It must not import the move generator or GTP.
//!
//! Dead stones: dragons the owl reads dead or critical (GNU Go's `final_score` counts critical dragons
//! as dead whoever moves next), and dragons with at most one eye and no escape at all; then what
//! unconditional life and death settles; then stones called dead whose region of empty points and
//! dead stones touches no living enemy stone are revived (what is left inside a dead group lives).
//! Seki: living strings of both colours at two liberties around a shared liberty.
//!
//! Facts it follows (measured with GNU Go 3.8 on `score.tst`): the score is, per colour, its empty
//! territory points, two points per dead opponent stone (the point and the prisoner) and its captures,
//! plus komi for white; and on an unfinished board GNU Go plays the game out before counting, so an open
//! boundary still ends as somebody's territory and dame end filled (counted for who fills them).
//! Without playing out, an open area's points go to the colour whose living stones are strictly
//! nearer (through empty points and dead stones); points as near to both are dame and count for
//! nobody (splitting them between the sides as GNU Go's filling does changed no answer of
//! `score.tst`, and counted a finished game's dame for someone).

use crate::analysis::dragon::{DragonStatus, Dragons, LifeReading};
use crate::analysis::reading::Reader;
use crate::game::unconditional::{unconditional_statuses, Unconditional};
use crate::rules::board::Board;
use crate::rules::score::Scoring;
use crate::rules::stone::{Color, Point, ARRAY};

/// GNU Go's final statuses of a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FinalStatus {
    Alive,
    Dead,
    Seki,
    WhiteTerritory,
    BlackTerritory,
    Dame,
}

impl FinalStatus {
    /// The word GNU Go's `final_status` answers.
    pub fn gtp_name(self) -> &'static str {
        match self {
            FinalStatus::Alive => "alive",
            FinalStatus::Dead => "dead",
            FinalStatus::Seki => "seki",
            FinalStatus::WhiteTerritory => "white_territory",
            FinalStatus::BlackTerritory => "black_territory",
            FinalStatus::Dame => "dame",
        }
    }

    /// The status named `name` (as `final_status_list` takes it).
    pub fn from_name(name: &str) -> Option<FinalStatus> {
        Some(match name {
            "alive" => FinalStatus::Alive,
            "dead" => FinalStatus::Dead,
            "seki" => FinalStatus::Seki,
            "white_territory" => FinalStatus::WhiteTerritory,
            "black_territory" => FinalStatus::BlackTerritory,
            "dame" => FinalStatus::Dame,
            _ => return None,
        })
    }

    fn territory(c: Color) -> FinalStatus {
        match c {
            Color::Black => FinalStatus::BlackTerritory,
            Color::White => FinalStatus::WhiteTerritory,
        }
    }
}

/// The final status of every point of a position, indexed by [`Point`] (`Dame` off the board).
#[derive(Debug, Clone)]
pub struct FinalStatuses {
    pub status: Vec<FinalStatus>,
}

impl FinalStatuses {
    /// Judges `board`, reading dragons through `r` and `owl`.
    pub fn compute(board: &Board, r: &mut Reader, owl: &dyn LifeReading) -> FinalStatuses {
        let dragons = Dragons::compute(board, r, Some(owl));
        let mut dead = vec![false; ARRAY];
        for d in dragons.graph.node_weights() {
            // GNU Go counts a critical dragon as dead whoever moves next; at the end of a game a dragon
            // with at most one eye and nowhere to run is dead whatever the owl's node budget said.
            let lost = match d.status {
                DragonStatus::Dead | DragonStatus::Critical => true,
                _ => d.eyes_max <= 1 && d.escape == 0,
            };
            if lost {
                for &s in &d.stones {
                    dead[usize::from(s)] = true;
                }
            }
        }
        // What is settled unconditionally (pass-alive, or dead whatever happens) overrides the reading.
        for (p, u) in unconditional_statuses(board).iter().enumerate() {
            let p = p as Point;
            if board.on_board(p) && board.color(p).is_some() {
                match u {
                    Unconditional::Alive => dead[usize::from(p)] = false,
                    Unconditional::Dead => dead[usize::from(p)] = true,
                    _ => {}
                }
            }
        }
        resurrect(board, &mut dead);
        Self::from_dead(board, &dead)
    }

    /// The statuses given the dead stones (`dead`, indexed by [`Point`]).
    pub fn from_dead(board: &Board, dead: &[bool]) -> FinalStatuses {
        let mut status = vec![FinalStatus::Dame; ARRAY];
        let alive = |p: Point| if dead[usize::from(p)] { None } else { board.color(p) };
        let seki = seki_stones(board, dead);
        for p in board.points() {
            if board.color(p).is_some() {
                status[usize::from(p)] = if dead[usize::from(p)] {
                    FinalStatus::Dead
                } else if seki[usize::from(p)] {
                    FinalStatus::Seki
                } else {
                    FinalStatus::Alive
                };
            }
        }
        // Distance from each colour's living stones through empty points and dead stones.
        let mut dist = [vec![u16::MAX; ARRAY], vec![u16::MAX; ARRAY]];
        for c in [Color::Black, Color::White] {
            let d = &mut dist[c.index()];
            let mut frontier: Vec<Point> = board.points().filter(|&p| alive(p) == Some(c)).collect();
            for &p in &frontier {
                d[usize::from(p)] = 0;
            }
            let mut step = 0;
            while !frontier.is_empty() {
                step += 1;
                let mut next = Vec::new();
                for &p in &frontier {
                    for q in Board::neighbors(p) {
                        if board.on_board(q) && alive(q).is_none() && d[usize::from(q)] == u16::MAX {
                            d[usize::from(q)] = step;
                            next.push(q);
                        }
                    }
                }
                frontier = next;
            }
        }
        for p in board.points() {
            if alive(p).is_some() {
                continue;
            }
            let (b, w) = (dist[0][usize::from(p)], dist[1][usize::from(p)]);
            let owner = if b < w {
                Some(Color::Black)
            } else if w < b {
                Some(Color::White)
            } else {
                None
            };
            if board.color(p).is_none() {
                if let Some(c) = owner {
                    status[usize::from(p)] = FinalStatus::territory(c);
                }
            }
        }
        FinalStatuses { status }
    }

    pub fn at(&self, p: Point) -> FinalStatus {
        self.status[usize::from(p)]
    }

    /// Black's margin (positive: black wins) with `komi`, under `scoring`.
    pub fn score(&self, board: &Board, scoring: Scoring, komi: f64) -> f64 {
        let mut pts = [0f64; 2];
        for p in board.points() {
            match (self.at(p), board.color(p)) {
                (FinalStatus::BlackTerritory, None) => pts[0] += 1.0,
                (FinalStatus::WhiteTerritory, None) => pts[1] += 1.0,
                (FinalStatus::Dead, Some(c)) => {
                    let o = c.opponent().index();
                    pts[o] += if scoring == Scoring::Territory { 2.0 } else { 1.0 };
                }
                (FinalStatus::Alive | FinalStatus::Seki, Some(c)) if scoring == Scoring::Area => pts[c.index()] += 1.0,
                _ => {}
            }
        }
        if scoring == Scoring::Territory {
            pts[0] += f64::from(board.captures(Color::Black));
            pts[1] += f64::from(board.captures(Color::White));
        }
        pts[0] - pts[1] - komi
    }
}

/// Stones called dead whose region (their connected empty points and dead stones) touches no living
/// opponent stone are alive after all: a lone stone captured "tactically" inside a dead enemy group is
/// what remains when that group is taken off. Repeated until nothing changes.
fn resurrect(board: &Board, dead: &mut [bool]) {
    let mut seen = vec![false; ARRAY];
    let mut region = Vec::new();
    loop {
        let mut changed = false;
        seen.iter_mut().for_each(|x| *x = false);
        for p in board.points() {
            if !dead[usize::from(p)] || seen[usize::from(p)] {
                continue;
            }
            region.clear();
            region.push(p);
            seen[usize::from(p)] = true;
            let mut touches = [false; 2];
            let mut k = 0;
            while k < region.len() {
                let q = region[k];
                k += 1;
                for n in Board::neighbors(q) {
                    if !board.on_board(n) {
                        continue;
                    }
                    match board.color(n) {
                        Some(c) if !dead[usize::from(n)] => touches[c.index()] = true,
                        _ if !seen[usize::from(n)] => {
                            seen[usize::from(n)] = true;
                            region.push(n);
                        }
                        _ => {}
                    }
                }
            }
            for &q in &region {
                if let Some(c) = board.color(q) {
                    if dead[usize::from(q)] && !touches[c.opponent().index()] {
                        dead[usize::from(q)] = false;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// Stones in seki: living strings of both colours sharing a liberty that neither can fill (filling it
/// would leave the filler in atari), when neither string has an eye space of more than one point of its
/// own.
fn seki_stones(board: &Board, dead: &[bool]) -> Vec<bool> {
    let mut seki = vec![false; ARRAY];
    let alive = |p: Point| if dead[usize::from(p)] { None } else { board.color(p) };
    let mut libs = Vec::new();
    for p in board.points() {
        if !board.is_empty(p) {
            continue;
        }
        let mut strings: [Option<Point>; 4] = [None; 4];
        let mut colors = 0u8;
        for (k, n) in Board::neighbors(p).into_iter().enumerate() {
            if let Some(c) = alive(n) {
                colors |= 1 << c.index();
                strings[k] = Some(board.string_id(n));
            }
        }
        if colors != 3 {
            continue;
        }
        // Every living string next to the point is short of liberties (two at most): whoever fills the
        // point puts itself in atari.
        let short = strings.iter().flatten().all(|&s| board.liberties(s) == 2);
        if !short {
            continue;
        }
        for &s in strings.iter().flatten() {
            libs.clear();
            board.string_liberties(s, usize::MAX, &mut libs);
            for q in board.string_stones(s) {
                seki[usize::from(q)] = true;
            }
        }
    }
    seki
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::owl::OwlLimits;
    use crate::rules::board::tests::board_from;

    #[test]
    fn dead_stone_and_territory() {
        let b = board_from(&["..XO...", "..XO.X.", "..XO...", "..XO...", "..XO...", "..XO...", "..XO..."]);
        let mut r = Reader::new(&b);
        let f = FinalStatuses::compute(&b, &mut r, &OwlLimits::default());
        assert_eq!(f.at(b.point(5, 1)), FinalStatus::Dead);
        assert_eq!(f.at(b.point(2, 0)), FinalStatus::Alive);
        assert_eq!(f.at(b.point(0, 0)), FinalStatus::BlackTerritory);
        assert_eq!(f.at(b.point(6, 6)), FinalStatus::WhiteTerritory);
        // Black 14 points; white 20 points and the dead stone twice; no captures; komi 0.5.
        assert_eq!(f.score(&b, Scoring::Territory, 0.5), 14.0 - 22.0 - 0.5);
    }
}
