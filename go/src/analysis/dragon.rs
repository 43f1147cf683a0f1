//! Dragons (GNU Go's `dragon.texi`): worms of one colour amalgamated into the groups that live or die
//! together, as a [`petgraph`] graph whose edges join neighbouring dragons, with per dragon its stones,
//! size, effective size, eye spaces, genus (eyes as a minimum and maximum), escape potential, status
//! and weakness.
//!
//! This module owns the amalgamation and the status decision. It reads through the caller's
//! [`Reader`] (its board is set to the position) and never changes the position; eye spaces come from
//! [`crate::analysis::eye`]. Life-and-death reading is the caller's, passed in as a [`LifeReading`] (the owl's
//! [`crate::analysis::owl::OwlLimits`] is one): the owl builds on this module ([`escape`], [`genus`],
//! [`mark_enclosed`]), so this module must not call the owl.
//!
//! Method, once per position:
//! 1. Worms: each string's tactical status (the reader's attack and defence for strings of at most four
//!    liberties). Dead stones for the eye spaces: strings captured whatever their owner does, and
//!    strings enclosed in a small region (at most [`ENCLOSED`] points of empty points and their own
//!    stones, bounded by the other colour only, one to four stones and at most two more empty points
//!    than stones) that no Benson-invincible stone holds.
//! 2. Eye spaces of both colours ([`Eyes::compute`], diagonals read tactically).
//! 3. Amalgamation (union of strings of one colour): strings sharing two liberties, strings bounding the
//!    same eye space, and strings within two points of each other that the connection reader
//!    ([`connection::same_dragon`]) cannot cut apart.
//! 4. Per dragon: eye spaces touching it; genus as a minimum and maximum number of eyes (the sum of the
//!    spaces' minima; plus one for each space whose value the next move decides, for the maximum: the
//!    spaces are not independent when a half eye's key point lies in another, so the minimum stays
//!    cautious and the owl settles the rest); escape potential ([`escape`]).
//! 5. Status: alive when a worm is invincible or the genus minimum is two; dead when its only worm is
//!    tactically dead; otherwise the caller's [`LifeReading`] decides (the owl, when asked for): not
//!    attackable is alive, attackable and defensible is critical (with both moves), else dead. Without it: an
//!    escape potential of [`ESCAPE_ALIVE`] is alive, a genus maximum of two critical, a small escape
//!    potential dead, the rest unknown. The stones of dead dragons then count as dead for the other
//!    colour's eye spaces, which are computed once more.
//! 6. Weakness from status, genus and escape (0 strong … 1 dead).

use crate::analysis::connection;
use crate::analysis::eye::{Eyes, Safety};
use crate::analysis::read_result::ReadResult::{Lose, Win};
use crate::analysis::reading::Reader;
use crate::game::unconditional::unconditional_life;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY};
use petgraph::graph::{NodeIndex, UnGraph};

/// Largest enclosed region whose stones count as dead before any reading.
pub const ENCLOSED: usize = 8;
/// Escape potential from which a dragon without eyes counts as able to run (without the owl).
pub const ESCAPE_ALIVE: usize = 12;
/// Distance (in empty points) the escape potential looks.
pub const ESCAPE_DEPTH: usize = 4;

/// GNU Go's dragon statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DragonStatus {
    Alive,
    Critical,
    Dead,
    #[default]
    Unknown,
}

impl DragonStatus {
    /// The name GNU Go's `dragon_status` answers.
    pub fn gtp_name(self) -> &'static str {
        match self {
            DragonStatus::Alive => "alive",
            DragonStatus::Critical => "critical",
            DragonStatus::Dead => "dead",
            DragonStatus::Unknown => "unknown",
        }
    }
}

/// Life-and-death reading that settles the dragons eyes and escape leave open, supplied by the caller
/// (the owl implements it for its [`crate::analysis::owl::OwlLimits`]): this module only asks it.
pub trait LifeReading {
    /// The status of the dragon with stones `goal` on `board` (the first stone is the one whose capture
    /// counts), read through `r`: not attackable is alive, attackable and defensible critical (with the
    /// attack and defence points), else dead (with the attack point). The reader is put back on `board`.
    fn verdict(&self, r: &mut Reader, board: &Board, goal: &[Point]) -> (DragonStatus, Option<Point>, Option<Point>);
}

/// The data of one dragon.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Dragon {
    pub color: Option<Color>,
    /// The smallest stone (GNU Go's `origin`).
    pub origin: Point,
    /// The stones, in board order.
    pub stones: Vec<Point>,
    /// The heads of its strings.
    pub worms: Vec<Point>,
    /// Sum of its worms' effective sizes.
    pub effective_size: f64,
    /// Indices into [`Dragons::eyes`]'s spaces.
    pub eye_spaces: Vec<usize>,
    /// Eyes when the opponent moves first.
    pub eyes_min: u8,
    /// Eyes when the dragon's owner moves first.
    pub eyes_max: u8,
    /// Escape potential (see [`escape`]).
    pub escape: usize,
    pub status: DragonStatus,
    /// 0 strong … 1 dead.
    pub weakness: f32,
    /// Owl attack and defence points of a critical dragon.
    pub attack: Option<Point>,
    pub defend: Option<Point>,
    /// Whether the status is final without the owl (an invincible worm, two eyes, or a lone worm that
    /// is tactically dead) or the owl has decided it.
    pub settled: bool,
}

impl Dragon {
    pub fn size(&self) -> usize {
        self.stones.len()
    }
}

/// The dragons of a position.
pub struct Dragons {
    /// Dragons as nodes; an edge joins two dragons whose stones touch or share a liberty.
    pub graph: UnGraph<Dragon, ()>,
    /// Node of the dragon through each point (`u32::MAX` on empty points).
    node: Vec<u32>,
    /// The eye spaces of both colours, with dead dragons' stones counted as dead.
    pub eyes: Eyes,
    /// Stones counted as dead.
    pub dead: Vec<bool>,
}

fn find(parent: &mut [Point], p: Point) -> Point {
    let mut r = p;
    while parent[usize::from(r)] != r {
        r = parent[usize::from(r)];
    }
    let mut x = p;
    while parent[usize::from(x)] != r {
        let next = parent[usize::from(x)];
        parent[usize::from(x)] = r;
        x = next;
    }
    r
}

fn union(parent: &mut [Point], a: Point, b: Point) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
        parent[usize::from(hi)] = lo;
    }
}

/// Marks in `dead` the stones enclosed in small regions (see the module documentation).
/// `benson`: spare regions holding a Benson-invincible stone (skipped in searches, where it is too dear);
/// `victims`: only stones of that colour are marked.
pub fn mark_enclosed(b: &Board, dead: &mut [bool], benson: bool, victims: Option<Color>) {
    let invincible = benson.then(|| [unconditional_life(b, Color::Black), unconditional_life(b, Color::White)]);
    let mut seen = vec![false; ARRAY];
    let mut region: Vec<Point> = Vec::new();
    for color in [Color::Black, Color::White] {
        if victims == Some(color) {
            continue;
        }
        // Regions of points that are not `color`'s stones; the opponent's stones inside small ones die.
        seen.iter_mut().for_each(|s| *s = false);
        for start in b.points() {
            if seen[usize::from(start)] || b.color(start) == Some(color) {
                continue;
            }
            region.clear();
            region.push(start);
            seen[usize::from(start)] = true;
            let mut k = 0;
            while k < region.len() && region.len() <= ENCLOSED {
                let p = region[k];
                k += 1;
                for q in Board::neighbors(p) {
                    if b.on_board(q) && !seen[usize::from(q)] && b.color(q) != Some(color) {
                        seen[usize::from(q)] = true;
                        region.push(q);
                    }
                }
            }
            if region.len() > ENCLOSED {
                // Finish marking the big region so no part of it counts as small.
                while k < region.len() {
                    let p = region[k];
                    k += 1;
                    for q in Board::neighbors(p) {
                        if b.on_board(q) && !seen[usize::from(q)] && b.color(q) != Some(color) {
                            seen[usize::from(q)] = true;
                            region.push(q);
                        }
                    }
                }
                continue;
            }
            let opp = color.opponent();
            let safe =
                invincible.as_ref().is_some_and(|l| region.iter().any(|&p| l[opp.index()].invincible[usize::from(p)]));
            let stones = region.iter().filter(|&&p| b.color(p) == Some(opp)).count();
            // A few stones with little room: no shape of their own.
            if !safe && (1..=4).contains(&stones) && region.len() - stones <= 2 + stones {
                for &p in &region {
                    if b.color(p) == Some(opp) {
                        dead[usize::from(p)] = true;
                    }
                }
            }
        }
    }
}

/// Escape potential of the stones `stones` (colour `color`): empty points within [`ESCAPE_DEPTH`] steps
/// over empty points that are in none of the colour's eye spaces, touch no living opponent stone and are
/// not on the first line.
pub fn escape(b: &Board, stones: &[Point], color: Color, eyes: &Eyes, dead: &[bool]) -> usize {
    let opp = color.opponent();
    let mut dist = vec![u8::MAX; ARRAY];
    let mut frontier: Vec<Point> = stones.to_vec();
    let mut count = 0;
    for step in 0..ESCAPE_DEPTH as u8 {
        let mut next = Vec::new();
        for &x in &frontier {
            for q in Board::neighbors(x) {
                if !b.is_empty(q) || dist[usize::from(q)] != u8::MAX || eyes.space(q, color).is_some() {
                    continue;
                }
                dist[usize::from(q)] = step;
                let contested = Board::neighbors(q).iter().any(|&n| b.color(n) == Some(opp) && !dead[usize::from(n)]);
                // Running along the first line gains nothing.
                let edge = Board::neighbors(q).iter().any(|&n| b.is_border(n));
                if !contested && !edge {
                    count += 1;
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    count
}

/// Genus of a set of eye spaces: (min, max) as described in the module documentation.
pub fn genus(eyes: &Eyes, spaces: &[usize]) -> (u8, u8) {
    let base: u32 = spaces.iter().map(|&i| u32::from(eyes.spaces[i].min)).sum();
    let open = spaces.iter().filter(|&&i| eyes.spaces[i].max > eyes.spaces[i].min).count() as u32;
    let min = base.min(u8::MAX.into()) as u8;
    let max = (base + open).min(u8::MAX.into()) as u8;
    (min, max)
}

impl Dragons {
    /// The dragons of `board`; `owl` reads the life and death of unsettled dragons (`None`: no reading,
    /// statuses from eyes and escape alone).
    pub fn compute(board: &Board, r: &mut Reader, owl: Option<&dyn LifeReading>) -> Dragons {
        r.set_board(board);
        let b = board;
        let heads: Vec<Point> = b.points().filter(|&p| b.color(p).is_some() && b.string_id(p) == p).collect();
        let worms = crate::analysis::worm::worms(b);
        let lives = [unconditional_life(b, Color::Black), unconditional_life(b, Color::White)];
        // 1. Tactical status of the worms.
        let mut tactically_dead = vec![false; ARRAY];
        let mut dead = vec![false; ARRAY];
        for &h in &heads {
            if b.liberties(h) <= 4 && r.attack(h).0 == Win && r.defend(h).0 == Lose {
                tactically_dead[usize::from(h)] = true;
                for s in b.string_stones(h) {
                    dead[usize::from(s)] = true;
                }
            }
        }
        mark_enclosed(b, &mut dead, true, None);
        // 2. Eye spaces.
        let eyes = Eyes::compute(b, &dead, Safety::Read(r));
        // 3. Amalgamation.
        let mut parent: Vec<Point> = (0..ARRAY as Point).collect();
        let mut libs: Vec<Vec<Point>> = vec![Vec::new(); heads.len()];
        for (i, &h) in heads.iter().enumerate() {
            b.string_liberties(h, usize::MAX, &mut libs[i]);
        }
        for (i, &x) in heads.iter().enumerate() {
            for (j, &y) in heads.iter().enumerate().skip(i + 1) {
                if b.color(x) != b.color(y) {
                    continue;
                }
                let shared = libs[i].iter().filter(|l| libs[j].contains(l)).count();
                if shared >= 2 {
                    union(&mut parent, x, y);
                }
            }
        }
        for color in [Color::Black, Color::White] {
            for (k, _) in eyes.spaces.iter().enumerate().filter(|(_, s)| s.color == color) {
                let mut first: Option<Point> = None;
                for &p in &eyes.spaces[k].points {
                    for q in Board::neighbors(p) {
                        if b.color(q) == Some(color) {
                            match first {
                                None => first = Some(b.string_id(q)),
                                Some(f) => union(&mut parent, f, b.string_id(q)),
                            }
                        }
                    }
                }
            }
        }
        for (i, &x) in heads.iter().enumerate() {
            if tactically_dead[usize::from(x)] {
                continue;
            }
            for &y in &heads[i + 1..] {
                if b.color(x) != b.color(y)
                    || tactically_dead[usize::from(y)]
                    || find(&mut parent, x) == find(&mut parent, y)
                    || !near(b, x, y)
                {
                    continue;
                }
                if connection::same_dragon(r, x, y) {
                    union(&mut parent, x, y);
                }
            }
        }
        // 4. Dragons.
        let mut graph: UnGraph<Dragon, ()> = UnGraph::default();
        let mut node = vec![u32::MAX; ARRAY];
        let mut root_node = vec![u32::MAX; ARRAY];
        for p in b.points() {
            let Some(color) = b.color(p) else { continue };
            let root = usize::from(find(&mut parent, b.string_id(p)));
            if root_node[root] == u32::MAX {
                let idx = graph.add_node(Dragon { color: Some(color), origin: p, ..Dragon::default() });
                root_node[root] = idx.index() as u32;
            }
            let n = root_node[root];
            node[usize::from(p)] = n;
            let d = &mut graph[NodeIndex::new(n as usize)];
            d.stones.push(p);
            if b.string_id(p) == p {
                d.worms.push(p);
                d.effective_size += worms[usize::from(p)].effective_size;
            }
        }
        // Edges: stones touching, or a shared liberty (an empty point next to both).
        for p in b.points() {
            let n = node[usize::from(p)];
            if n == u32::MAX && !b.is_empty(p) {
                continue;
            }
            let mut nodes = [u32::MAX; 5];
            nodes[4] = n;
            for (k, q) in Board::neighbors(p).into_iter().enumerate() {
                if b.on_board(q) {
                    nodes[k] = node[usize::from(q)];
                }
            }
            for (i, &x) in nodes.iter().enumerate() {
                for &y in &nodes[i + 1..] {
                    if x == u32::MAX || y == u32::MAX || x == y {
                        continue;
                    }
                    let (x, y) = (NodeIndex::new(x as usize), NodeIndex::new(y as usize));
                    if graph.find_edge(x, y).is_none() {
                        graph.add_edge(x, y, ());
                    }
                }
            }
        }
        let mut dragons = Dragons { graph, node, eyes, dead };
        // 5. Status, then the eye spaces once more with dead dragons' stones dead.
        for round in 0..2 {
            for idx in dragons.graph.node_indices() {
                let (color, stones, worms_of) = {
                    let d = &dragons.graph[idx];
                    (d.color.expect("a dragon has stones"), d.stones.clone(), d.worms.clone())
                };
                let spaces = dragons.eyes.spaces_next_to(b, &stones, color);
                let (min, max) = genus(&dragons.eyes, &spaces);
                let esc = escape(b, &stones, color, &dragons.eyes, &dragons.dead);
                let invincible = worms_of.iter().any(|&w| lives[color.index()].invincible[usize::from(w)]);
                let d = &mut dragons.graph[idx];
                d.eye_spaces = spaces;
                (d.eyes_min, d.eyes_max, d.escape) = (min, max, esc);
                if round == 1 {
                    continue;
                }
                let settled =
                    invincible || min >= 2 || (worms_of.len() == 1 && tactically_dead[usize::from(worms_of[0])]);
                dragons.graph[idx].settled = settled;
                let (status, att, def) = if invincible || min >= 2 {
                    (DragonStatus::Alive, None, None)
                } else if settled {
                    (DragonStatus::Dead, None, None)
                } else if let Some(owl) = owl {
                    owl.verdict(r, board, &stones)
                } else if esc >= ESCAPE_ALIVE {
                    (DragonStatus::Alive, None, None)
                } else if max >= 2 {
                    (DragonStatus::Critical, None, None)
                } else if esc <= 2 {
                    (DragonStatus::Dead, None, None)
                } else {
                    (DragonStatus::Unknown, None, None)
                };
                let d = &mut dragons.graph[idx];
                (d.status, d.attack, d.defend) = (status, att, def);
                d.settled |= owl.is_some();
            }
            if round == 0 {
                let mut changed = false;
                for idx in dragons.graph.node_indices() {
                    if dragons.graph[idx].status == DragonStatus::Dead {
                        for &s in &dragons.graph[idx].stones {
                            changed |= !dragons.dead[usize::from(s)];
                            dragons.dead[usize::from(s)] = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
                r.set_board(board);
                dragons.eyes = Eyes::compute(b, &dragons.dead, Safety::Read(r));
            }
        }
        for idx in dragons.graph.node_indices() {
            let d = &mut dragons.graph[idx];
            d.weakness = weakness(d);
        }
        r.set_board(board);
        dragons
    }

    /// The status `owl` reads for the dragon through the stone on `p` (its stored status when settled
    /// without reading), recorded in the dragon; `None` on an empty point.
    pub fn owl_status(
        &mut self,
        r: &mut Reader,
        board: &Board,
        p: Point,
        owl: &dyn LifeReading,
    ) -> Option<(DragonStatus, Option<Point>, Option<Point>)> {
        let idx = self.index(p)?;
        let d = &self.graph[idx];
        if d.settled {
            return Some((d.status, d.attack, d.defend));
        }
        let mut goal = vec![p];
        goal.extend(d.stones.iter().copied().filter(|&s| s != p));
        let v = owl.verdict(r, board, &goal);
        let d = &mut self.graph[idx];
        (d.status, d.attack, d.defend) = v;
        d.settled = true;
        d.weakness = weakness(d);
        Some(v)
    }

    /// The node of the dragon through the stone on `p`.
    pub fn index(&self, p: Point) -> Option<NodeIndex> {
        match self.node.get(usize::from(p)) {
            Some(&n) if n != u32::MAX => Some(NodeIndex::new(n as usize)),
            _ => None,
        }
    }

    /// The dragon through the stone on `p`.
    pub fn at(&self, p: Point) -> Option<&Dragon> {
        self.index(p).map(|i| &self.graph[i])
    }

    /// Whether the stones on `p` and `q` are in one dragon.
    pub fn same(&self, p: Point, q: Point) -> bool {
        matches!((self.index(p), self.index(q)), (Some(a), Some(b)) if a == b)
    }

    /// The dragons next to the dragon through `p` (touching or sharing a liberty).
    pub fn neighbours(&self, p: Point) -> Vec<&Dragon> {
        self.index(p).map_or_else(Vec::new, |i| self.graph.neighbors(i).map(|n| &self.graph[n]).collect())
    }
}

/// Whether two strings have stones within two points (distance counted along rows and columns).
fn near(b: &Board, x: Point, y: Point) -> bool {
    b.string_stones(x).any(|s| {
        let (sc, sr) = b.coords(s);
        b.string_stones(y).any(|t| {
            let (tc, tr) = b.coords(t);
            sc.abs_diff(tc) + sr.abs_diff(tr) <= 2
        })
    })
}

/// GNU Go-like weakness: dead 1, critical 0.9, unknown 0.6 less for escape, alive from 0.05 (two eyes)
/// to 0.35 (alive by running).
fn weakness(d: &Dragon) -> f32 {
    match d.status {
        DragonStatus::Dead => 1.0,
        DragonStatus::Critical => 0.9,
        DragonStatus::Unknown => 0.6 - (d.escape as f32 / 100.0).min(0.15),
        DragonStatus::Alive => match d.eyes_min {
            0 => 0.35,
            1 => 0.2,
            _ => 0.05,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::owl::OwlLimits;
    use crate::rules::board::tests::board_from;

    #[test]
    fn dead_and_alive_groups() {
        // Black lives in the corner with two eyes (B2, D2); in the top right black's G9-G8-H8 and J9 share
        // one eye at H9 inside white's wall: white H9 captures everything.
        let b = board_from(&[
            ".....OX.X",
            ".....OXXO",
            ".....OOOO",
            ".........",
            ".........",
            ".........",
            "XXXXX....",
            "X.X.X....",
            "XXXXX....",
        ]);
        let mut r = Reader::new(&b);
        let ds = Dragons::compute(&b, &mut r, Some(&OwlLimits::default()));
        let black = ds.at(b.point(0, 6)).expect("a dragon");
        assert_eq!(black.status, DragonStatus::Alive, "{black:?}");
        assert!(black.eyes_min >= 2);
        let top = ds.at(b.point(6, 0)).expect("a dragon");
        assert_eq!(top.status, DragonStatus::Dead, "{top:?}");
        assert!(ds.same(b.point(6, 0), b.point(8, 0)));
        // The white wall is one dragon touching the black stones.
        assert!(ds.same(b.point(5, 0), b.point(8, 1)));
        assert!(ds.neighbours(b.point(6, 0)).iter().any(|d| d.color == Some(Color::White)));
    }
}
