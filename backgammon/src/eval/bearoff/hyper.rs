//! Hypergammon databases: every position of the 1-, 2- or 3-chequer variant (backgammon rules,
//! gammons and backgammons count) with its cubeless outcome probabilities and cubeful money
//! equities, solved by iterating to convergence as gnubg's `makehyper` does, and gnubg's
//! `hyper{C}.bd` layout so that its `bearoffdump` and gnubg itself read our files.
//!
//! Positions are numbered like the two-sided bearoff databases, `on_roll * N + opponent`, where
//! one side's position is up to C chequers on 25 "points" — its points 1 to 24 and the bar as
//! the 25th — in [`OneSidedIndex`] order (N = 26, 351, 3276). Illegal pairs (both sides on one
//! point, or no chequers at all) are kept, zero-filled, so the numbering stays simple. A side with
//! no chequers has borne them all off: it has won, whichever side is on roll.
//!
//! Values, for the player on roll: P(win), P(win gammon), P(win backgammon), P(lose gammon),
//! P(lose backgammon) (gammons include backgammons), each roll played to the best cubeless money
//! equity; then four cubeful money equities normalised to the cube value — player owns the cube,
//! centred, centred under the Jacoby rule (gammons count only once the cube has been turned),
//! opponent owns — each before the player on roll's own cube action (as in
//! [`super::two_sided`]) with every later cube decision optimal, each roll played to the best
//! value for that cube position.
//!
//! This module owns the hypergammon solver and file layout only.

use super::index::OneSidedIndex;
use super::{check_memory, try_vec, try_with_capacity, MemoryError, MAX_DATABASE_BYTES};
use crate::rules::dice::ROLLS;
use crate::rules::movegen::MoveGenerator;
use crate::rules::position::{Position, ON_ROLL, OPPONENT};
use engine_core::atomic_file::AtomicFile;
use engine_core::limits::read_file_limited;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use thiserror::Error;

/// The 25 slots of one side: points 1..=24 and the bar.
pub const SLOTS: usize = 25;
/// Length of gnubg's header line, newline included.
pub const HEADER_LEN: usize = 40;
/// Bytes per position in gnubg's files: nine 24-bit values and a zero byte.
pub const RECORD_LEN: usize = 28;
/// gnubg's default convergence threshold.
pub const DEFAULT_THRESHOLD: f64 = 1e-5;

/// Index of each value in a position's record.
pub const WIN: usize = 0;
pub const WIN_GAMMON: usize = 1;
pub const WIN_BACKGAMMON: usize = 2;
pub const LOSE_GAMMON: usize = 3;
pub const LOSE_BACKGAMMON: usize = 4;
pub const OWNED: usize = 5;
pub const CENTRED: usize = 6;
pub const CENTRED_JACOBY: usize = 7;
pub const OPPONENT_OWNS: usize = 8;

/// The nine values of one position (see the module docs for their order).
pub type Values = [f32; 9];

/// Why a database could not be built, read or written.
#[derive(Debug, Error)]
pub enum HyperError {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("hypergammon has 1 to 3 chequers per side, not {0}")]
    Chequers(usize),
    #[error("not a gnubg hypergammon file (header {0:?})")]
    Header(String),
    #[error("file is {actual} bytes, but {chequers} chequers need {needed}")]
    Length { chequers: usize, actual: usize, needed: usize },
    #[error(transparent)]
    Memory(#[from] MemoryError),
    #[error("the file is larger than the limit of {limit} bytes (MAX_DATABASE_BYTES)")]
    FileTooLarge { limit: u64 },
}

super::from_read_error!(HyperError);

/// The memory [`Hyper::generate`] needs for `chequers`: per pair of sides its nine values
/// (36 bytes) and its place in the list of open positions (4), and up to 2 chequers the table
/// of every position's children (21 starts and about as many children, 200 bytes allowed).
/// 3 chequers: about 430 MB.
pub fn memory_needed(chequers: usize) -> u64 {
    let n = super::one_sided_positions(SLOTS, chequers);
    let per: u64 = 36 + 4 + if chequers <= 2 { 200 } else { 0 };
    n.saturating_mul(n).saturating_mul(per)
}

/// A hypergammon database held in memory.
#[derive(Debug, Clone)]
pub struct Hyper {
    chequers: usize,
    index: OneSidedIndex,
    values: Vec<Values>,
}

/// Report on a sweep of the iteration: at its end (`done == total`) and, for the 3-chequer
/// database whose sweeps take minutes, every 1/64th of the way.
#[derive(Debug, Clone, Copy)]
pub struct Sweep {
    /// 1 for the first sweep
    pub number: usize,
    /// largest change of any value of any position so far in this sweep
    pub delta: f64,
    /// positions updated so far in this sweep
    pub done: usize,
    /// positions updated by a whole sweep (the legal, unfinished ones)
    pub total: usize,
}

impl Sweep {
    /// Whether the sweep is complete.
    pub fn finished(&self) -> bool {
        self.done == self.total
    }
}

fn cubeless_equity(v: &[f64; 9]) -> f64 {
    2.0 * v[WIN] - 1.0 + v[WIN_GAMMON] - v[LOSE_GAMMON] + v[WIN_BACKGAMMON] - v[LOSE_BACKGAMMON]
}

/// The final values of a finished game won by the side whose opponent has `loser` (their own
/// orientation) left; negated and swapped by the caller for a loss.
fn won_against(loser: &[u8], chequers: usize) -> Values {
    let left: usize = loser.iter().map(|&c| usize::from(c)).sum();
    let gammon = left == chequers;
    // the loser still in the winner's home board (the loser's 19..24 points) or on the bar
    let backgammon = gammon && loser[18..SLOTS].iter().any(|&c| c > 0);
    let (g, b) = (f32::from(u8::from(gammon)), f32::from(u8::from(backgammon)));
    let points = 1.0 + g + b;
    [1.0, g, b, 0.0, 0.0, points, points, 1.0, points]
}

/// The player on roll's view of a value record from the other side's view.
fn flip(v: &Values) -> Values {
    [
        1.0 - v[WIN],
        v[LOSE_GAMMON],
        v[LOSE_BACKGAMMON],
        v[WIN_GAMMON],
        v[WIN_BACKGAMMON],
        -v[OWNED],
        -v[CENTRED],
        -v[CENTRED_JACOBY],
        -v[OPPONENT_OWNS],
    ]
}

impl Hyper {
    /// Solves the `chequers`-chequer variant: Gauss-Seidel sweeps over all legal positions in
    /// index order, from a start of even chances and no gammons, until no value changes by more
    /// than `threshold` (at least 1e-6: values are stored as `f32`) in a sweep. `progress`
    /// hears of every sweep. The 3-chequer database takes
    /// about 10.7 million positions (300 MB) and many sweeps: hours, not seconds.
    pub fn generate(chequers: usize, threshold: f64, mut progress: impl FnMut(Sweep)) -> Result<Self, HyperError> {
        if !(1..=3).contains(&chequers) {
            return Err(HyperError::Chequers(chequers));
        }
        check_memory(|| format!("the {chequers}-chequer Hypergammon database"), memory_needed(chequers))?;
        let index = OneSidedIndex::new(SLOTS, chequers);
        let n = index.len();
        let sides: Vec<[u8; SLOTS]> = (0..n)
            .map(|i| {
                let mut s = [0u8; SLOTS];
                s.copy_from_slice(&index.unrank(i).expect("in range"));
                s
            })
            .collect();
        let ranks = SlotRank::new(&index, &sides);
        let mut db = Hyper { chequers, index, values: try_vec([0.0; 9], n * n, "the Hypergammon values")? };
        // fixed values: finished games; even chances elsewhere
        let mut open = try_with_capacity(n * n, "the open Hypergammon positions")?;
        for i in 0..n {
            for j in 0..n {
                let k = i * n + j;
                match (i, j) {
                    // no chequers at all: gnubg stores no chances and cubeful -1
                    (0, 0) => db.values[k][OWNED..].fill(-1.0),
                    (0, _) => db.values[k] = won_against(&sides[j], chequers),
                    (_, 0) => db.values[k] = flip(&won_against(&sides[i], chequers)),
                    _ if legal(&sides[i], &sides[j]) => {
                        db.values[k][WIN] = 0.5;
                        open.push(k as u32);
                    }
                    _ => {}
                }
            }
        }
        let mut gen = MoveGenerator::new();
        let mut lists: [Vec<u32>; 21] = Default::default();
        // up to 2 chequers, every position's children (about 40 MB) are listed once rather than
        // generated again in every sweep
        let table = (chequers <= 2).then(|| {
            let mut start = Vec::with_capacity(21 * open.len() + 1);
            let mut kids = Vec::new();
            start.push(0u32);
            for &k in &open {
                db.children(&mut gen, &sides, &ranks, k as usize, &mut lists);
                for list in &lists {
                    kids.extend_from_slice(list);
                    start.push(kids.len() as u32);
                }
            }
            (start, kids)
        });
        let total = open.len();
        let report_every = if table.is_some() { usize::MAX } else { total.div_ceil(64) };
        for number in 1.. {
            let mut delta: f64 = 0.0;
            for (o, &k) in open.iter().enumerate() {
                if o > 0 && o % report_every == 0 {
                    progress(Sweep { number, delta, done: o, total });
                }
                let k = k as usize;
                let new = match &table {
                    Some((start, kids)) => db.update(|roll| {
                        let at = 21 * o + roll;
                        &kids[start[at] as usize..start[at + 1] as usize]
                    }),
                    None => {
                        db.children(&mut gen, &sides, &ranks, k, &mut lists);
                        db.update(|roll| &lists[roll])
                    }
                };
                for (old, v) in db.values[k].iter_mut().zip(new) {
                    delta = delta.max((f64::from(*old) - v).abs());
                    *old = v as f32;
                }
            }
            progress(Sweep { number, delta, done: total, total });
            // values are kept as f32: changes below a few ulps of 3 are rounding noise
            if delta < threshold.max(1e-6) {
                break;
            }
        }
        Ok(db)
    }

    /// The record numbers of the distinct positions (opponent on roll) each roll can lead to from
    /// position `k`; the position itself, turned round, when a roll has no legal play.
    fn children(
        &self,
        gen: &mut MoveGenerator,
        sides: &[[u8; SLOTS]],
        ranks: &SlotRank,
        k: usize,
        out: &mut [Vec<u32>; 21],
    ) {
        let n = self.index.len();
        let mut board = [[0u8; 25]; 2];
        board[ON_ROLL] = sides[k / n];
        board[OPPONENT] = sides[k % n];
        let pos = Position::from_board(board).expect("a legal position");
        for (list, &(a, b, _)) in out.iter_mut().zip(&ROLLS) {
            list.clear();
            let mut add = |child: &Position| {
                // the child seen by its player on roll, the opponent
                let their = child.board();
                let ci = ranks.rank(&their[OPPONENT]).expect("chequers stay within the variant");
                let cj = ranks.rank(&their[ON_ROLL]).expect("chequers stay within the variant");
                let c = (ci * n + cj) as u32;
                if !list.contains(&c) {
                    list.push(c);
                }
            };
            let plays = gen.generate(&pos, a, b);
            if plays.is_empty() {
                add(&pos);
            } else {
                for play in plays {
                    add(play.result());
                }
            }
        }
    }

    /// One Bellman update from the current values of the children `kids(roll)` of each roll.
    fn update<'a>(&self, kids: impl Fn(usize) -> &'a [u32]) -> [f64; 9] {
        let mut sum = [0.0f64; 9];
        for (roll, &(_, _, w)) in ROLLS.iter().enumerate() {
            let w = u64::from(w);
            let w = w as f64 / 36.0;
            let mut best_cubeless: Option<(f64, Values)> = None;
            let mut best_cubeful = [f64::NEG_INFINITY; 4];
            for &c in kids(roll) {
                let c = &self.values[c as usize];
                let ours = flip(c);
                let e = cubeless_equity(&ours.map(f64::from));
                if best_cubeless.is_none_or(|(m, _)| e > m) {
                    best_cubeless = Some((e, ours));
                }
                // the opponent's cube access in the child: no double, double/take (we own a
                // cube of 2) or double/pass (they win 1)
                let take = (2.0 * f64::from(c[OPPONENT_OWNS])).min(1.0);
                let cube = |no_double: f32| -f64::from(no_double).max(take);
                let cubeful = [-f64::from(c[OPPONENT_OWNS]), cube(c[CENTRED]), cube(c[CENTRED_JACOBY]), cube(c[OWNED])];
                for (b, v) in best_cubeful.iter_mut().zip(cubeful) {
                    *b = b.max(v);
                }
            }
            let (_, cubeless) = best_cubeless.expect("every roll has a result");
            for (s, v) in sum.iter_mut().zip(cubeless.iter().take(5)) {
                *s += w * f64::from(*v);
            }
            for (s, v) in sum[OWNED..].iter_mut().zip(best_cubeful) {
                *s += w * v;
            }
        }
        sum
    }

    pub fn chequers(&self) -> usize {
        self.chequers
    }

    pub fn index(&self) -> &OneSidedIndex {
        &self.index
    }

    /// Number of positions, legal or not: N².
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// The values of position number `k`.
    pub fn values_at(&self, k: usize) -> Option<&Values> {
        self.values.get(k)
    }

    /// The position number of `pos` when each side has at most `chequers` chequers.
    pub fn position_number(&self, pos: &Position) -> Option<usize> {
        let b = pos.board();
        Some(self.index.rank(&b[ON_ROLL])? * self.index.len() + self.index.rank(&b[OPPONENT])?)
    }

    /// The values of `pos` for its player on roll.
    pub fn values(&self, pos: &Position) -> Option<&Values> {
        self.values_at(self.position_number(pos)?)
    }
}

/// [`OneSidedIndex::rank`] for sides of at most 3 chequers by table look-up: the solver ranks
/// both sides of every child in every sweep, and the general ranking (a sum of binomials per
/// slot) took half the time of a 3-chequer sweep.
struct SlotRank {
    /// by the chequers' slots in ascending order, padded with `SLOTS` to three
    table: Vec<u32>,
}

impl SlotRank {
    const BASE: usize = SLOTS + 1;

    fn new(index: &OneSidedIndex, sides: &[[u8; SLOTS]]) -> Self {
        let mut table = vec![u32::MAX; Self::BASE.pow(3)];
        for (i, side) in sides.iter().enumerate() {
            let key = Self::key(side).expect("at most 3 chequers");
            table[key] = i as u32;
        }
        debug_assert_eq!(sides.len(), index.len());
        SlotRank { table }
    }

    /// The table key of a side; `None` with more than 3 chequers.
    fn key(side: &[u8; SLOTS]) -> Option<usize> {
        let mut slots = [SLOTS; 3];
        let mut n = 0;
        for (slot, &c) in side.iter().enumerate() {
            for _ in 0..c {
                *slots.get_mut(n)? = slot;
                n += 1;
            }
        }
        Some((slots[0] * Self::BASE + slots[1]) * Self::BASE + slots[2])
    }

    fn rank(&self, side: &[u8; SLOTS]) -> Option<usize> {
        let r = self.table[Self::key(side)?];
        (r != u32::MAX).then_some(r as usize)
    }
}

/// Whether two sides (each in its own orientation) can stand on one board: some chequer left
/// and no point held by both (the bars are separate).
fn legal(a: &[u8; SLOTS], b: &[u8; SLOTS]) -> bool {
    (0..24).all(|p| a[p] == 0 || b[23 - p] == 0) && a.iter().chain(b).any(|&c| c > 0)
}

/// gnubg's header for the `chequers`-chequer database.
pub fn header(chequers: usize) -> [u8; HEADER_LEN] {
    let text = format!("gnubg-H{chequers}");
    let mut h = [b'x'; HEADER_LEN];
    h[..text.len()].copy_from_slice(text.as_bytes());
    h[HEADER_LEN - 1] = b'\n';
    h
}

/// 24-bit fixed point: probabilities over [0, 1], equities over [-3, 3].
fn encode(x: f64, probability: bool) -> [u8; 3] {
    let unit = if probability { x } else { (x + 3.0) / 6.0 };
    let v = (unit.clamp(0.0, 1.0) * f64::from(0xff_ffffu32)).round() as u32;
    [v as u8, (v >> 8) as u8, (v >> 16) as u8]
}

fn decode(b: &[u8], probability: bool) -> f32 {
    let unit = f64::from(u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16) / f64::from(0xff_ffffu32);
    (if probability { unit } else { unit * 6.0 - 3.0 }) as f32
}

/// Writes `db` in gnubg's layout: the header, then a 28-byte record per position.
pub fn write(db: &Hyper, out: impl Write) -> Result<(), HyperError> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    out.write_all(&header(db.chequers))?;
    for v in &db.values {
        let mut rec = [0u8; RECORD_LEN];
        for (i, &x) in v.iter().enumerate() {
            rec[3 * i..3 * i + 3].copy_from_slice(&encode(f64::from(x), i < OWNED));
        }
        out.write_all(&rec)?;
    }
    out.flush()?;
    Ok(())
}

/// Writes `db` to `path` atomically: an error or an interruption on the way leaves the previous
/// file, if any, as it was.
pub fn write_file(db: &Hyper, path: impl AsRef<Path>) -> Result<(), HyperError> {
    let mut file = AtomicFile::create(path.as_ref())?;
    write(db, &mut file)?;
    file.commit()?;
    Ok(())
}

/// Reads a whole gnubg hypergammon file held in memory. Its length is checked against the header
/// before anything is allocated; the values take 36 bytes per 28-byte record (1.3 times the file).
pub fn read(bytes: &[u8]) -> Result<Hyper, HyperError> {
    let raw = bytes.get(..HEADER_LEN).unwrap_or(bytes);
    let text = String::from_utf8_lossy(raw).into_owned();
    let bad = || HyperError::Header(text.trim_end().to_string());
    let rest = text.strip_prefix("gnubg-H").ok_or_else(bad)?;
    let chequers = match rest.as_bytes().first() {
        Some(c @ b'1'..=b'3') => usize::from(c - b'0'),
        _ => return Err(bad()),
    };
    if raw.len() != HEADER_LEN || raw[HEADER_LEN - 1] != b'\n' {
        return Err(bad());
    }
    let index = OneSidedIndex::new(SLOTS, chequers);
    let n = index.len();
    let needed = HEADER_LEN + RECORD_LEN * n * n;
    if bytes.len() != needed {
        return Err(HyperError::Length { chequers, actual: bytes.len(), needed });
    }
    let mut values = try_with_capacity(n * n, "the Hypergammon values")?;
    values.extend(bytes[HEADER_LEN..].chunks_exact(RECORD_LEN).map(|rec| {
        let mut v = [0.0f32; 9];
        for (i, x) in v.iter_mut().enumerate() {
            *x = decode(&rec[3 * i..3 * i + 3], i < OWNED);
        }
        v
    }));
    Ok(Hyper { chequers, index, values })
}

/// Reads a gnubg hypergammon file from `path`, refusing a file over [`MAX_DATABASE_BYTES`]
/// without reading it all.
pub fn read_file(path: impl AsRef<Path>) -> Result<Hyper, HyperError> {
    read(&read_file_limited(path.as_ref(), MAX_DATABASE_BYTES)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_rank_agrees_with_the_index() {
        for chequers in 1..=3 {
            let index = OneSidedIndex::new(SLOTS, chequers);
            let sides: Vec<[u8; SLOTS]> =
                (0..index.len()).map(|i| index.unrank(i).unwrap().try_into().unwrap()).collect();
            let ranks = SlotRank::new(&index, &sides);
            for (i, side) in sides.iter().enumerate() {
                assert_eq!(ranks.rank(side), Some(i));
                assert_eq!(index.rank(side), Some(i));
            }
            let mut four = [0u8; SLOTS];
            four[3] = 4;
            assert_eq!(ranks.rank(&four), None);
        }
    }

    #[test]
    fn one_chequer_by_hand() {
        let mut sweeps = 0;
        let db = Hyper::generate(1, 1e-6, |s| {
            assert!(s.finished(), "small databases report whole sweeps only");
            sweeps = s.number
        })
        .unwrap();
        assert!(sweeps > 3 && sweeps < 100, "{sweeps} sweeps");
        assert_eq!(db.len(), 676);
        // both on their own 1 point: the player on roll wins, a gammon since the opponent has
        // not borne off
        let pos = Position::from_points(&[(1, 1)], &[(1, 1)]).unwrap();
        let v = db.values(&pos).unwrap();
        assert_eq!(v[..5], [1.0, 1.0, 0.0, 0.0, 0.0]);
        assert_eq!(v[OWNED..], [2.0, 2.0, 1.0, 2.0]);
        // against a chequer on the bar it is a backgammon
        let pos = Position::from_points(&[(2, 1)], &[(25, 1)]).unwrap();
        assert_eq!(db.values(&pos).unwrap()[WIN_BACKGAMMON], 1.0);
        let mut file = Vec::new();
        write(&db, &mut file).unwrap();
        assert_eq!(file.len(), 18_968);
        let back = read(&file).unwrap();
        for k in (0..db.len()).step_by(7) {
            for (a, b) in back.values_at(k).unwrap().iter().zip(db.values_at(k).unwrap()) {
                assert!((a - b).abs() < 1e-6, "{k}: {a} {b}");
            }
        }
        assert!(read(&file[..file.len() - 1]).is_err());
        assert!(read(b"gnubg-H4").is_err());
        // written atomically: a failed write leaves the previous file
        let dir = std::env::temp_dir().join(format!("hyper-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("hyper1.bd");
        write_file(&db, &path).unwrap();
        assert!(write_file(&db, path.join("inside")).is_err());
        assert_eq!(std::fs::read(&path).unwrap(), file);
        assert_eq!(read_file(&path).unwrap().len(), 676);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn memory_is_counted_before_solving() {
        // the largest Hypergammon database fits well within the limit
        assert!(memory_needed(3) < 500_000_000, "{}", memory_needed(3));
        assert!(memory_needed(3) < MAX_DATABASE_BYTES);
        assert!(matches!(Hyper::generate(4, 1e-5, |_| {}), Err(HyperError::Chequers(4))));
    }
}
