//! Two-sided bearoff databases: for every pair of one-sided positions (player on roll, opponent),
//! the cubeless money equity of the player on roll and, optionally, the three cubeful money
//! equities (player owns the cube, centred cube, opponent owns the cube), exactly as gnubg's
//! `makebearoff -t PxC` computes and stores them, plus gnubg's `.bd` layout for such files.
//!
//! Positions are numbered `on_roll * N + opponent`, N = binom(C + P, P), with the one-sided
//! numbering of [`super::index`] (the seed's technical notes). Values are stored as `u16`:
//! `u / 32767.5 - 1` is the equity, so 0 is a certain loss and 65535 a certain win.
//!
//! The stored cubeful values are *no-double* equities: the player on roll has not yet used their
//! own cube access, but every later cube decision in the game is taken optimally (money play,
//! no gammons). Whoever reads them decides on a double by comparing `centred` with
//! `2 * opponent_owns` (double/take) and 1 (double/pass).
//!
//! This module owns the two-sided mathematics and file layout only; caching files on disk is
//! [`super::cache`]'s, and deciding when to consult the database is the evaluator's.

use super::index::OneSidedIndex;
use super::one_sided::children;
use super::{check_memory, try_vec, try_with_capacity, MemoryError, MAX_DATABASE_BYTES};
use crate::rules::dice::ROLLS;
use crate::rules::movegen::MoveGenerator;
use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};
use engine_core::atomic_file::AtomicFile;
use engine_core::limits::read_file_limited;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use thiserror::Error;

/// Length of gnubg's header line, newline included.
pub const HEADER_LEN: usize = 40;

/// The stored value of a certain win (equity +1).
pub const WIN: u16 = u16::MAX;

/// Largest database this module will build or load, in stored values of a cubeful database
/// (4 per pair of positions, whether or not the database is cubeful): 2^30, gnubg's own limit of
/// a 2 GB file.
pub const MAX_VALUES: usize = 1 << 30;

/// Index of each value within a cubeful position's record.
const CUBELESS: usize = 0;
const OWNED: usize = 1;
const CENTRED: usize = 2;
const OPPONENT_OWNS: usize = 3;

/// Why a database could not be built, read or written.
#[derive(Debug, Error)]
pub enum TwoSidedError {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("not a gnubg two-sided bearoff file (header {0:?})")]
    Header(String),
    #[error("points must be 1..=24 and chequers 1..=15 (got {points} points, {chequers} chequers)")]
    Size { points: usize, chequers: usize },
    #[error("{points} points and {chequers} chequers make {positions} positions, more than the limit of {} (MAX_VALUES / 4, gnubg's 2 GB file)", MAX_VALUES / 4)]
    TooLarge { points: usize, chequers: usize, positions: u64 },
    #[error("file is {actual} bytes, but {points}x{chequers} needs {needed}")]
    Length { points: usize, chequers: usize, actual: usize, needed: usize },
    #[error(transparent)]
    Memory(#[from] MemoryError),
    #[error("the file is larger than the limit of {limit} bytes (MAX_DATABASE_BYTES)")]
    FileTooLarge { limit: u64 },
}

super::from_read_error!(TwoSidedError);

/// The memory [`TwoSided::generate`] needs for `positions` one-sided positions: 2 bytes per value
/// (4 values per pair of positions when `cubeful`), and per one-sided position its pip count, its
/// place in the solving order and its table of children (at most 21 rolls of a handful of
/// children each, 256 bytes allowed).
pub fn memory_needed(positions: u64, cubeful: bool) -> u64 {
    let width: u64 = if cubeful { 4 } else { 1 };
    positions.saturating_mul(positions).saturating_mul(2 * width).saturating_add(positions.saturating_mul(256))
}

/// The equities of one two-sided position, for the player on roll.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Equities {
    /// Cubeless money equity, 2p - 1 (no gammons in a bearoff of fewer than 15 chequers).
    pub cubeless: f64,
    /// Cubeful money equities before the player on roll's cube action, when the database has them.
    pub cubeful: Option<Cubeful>,
}

impl Equities {
    /// The cubeless probability that the player on roll wins.
    pub fn win_probability(&self) -> f64 {
        (self.cubeless + 1.0) / 2.0
    }
}

/// Cubeful money equities per cube position, normalised to a cube of 1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cubeful {
    pub owned: f64,
    pub centred: f64,
    pub opponent_owns: f64,
}

impl Cubeful {
    /// The equities once the player on roll has taken their best cube action where they have
    /// access: doubling is worth `2 * opponent_owns` if the opponent takes, 1 if they pass,
    /// and the opponent chooses the smaller. These are the figures gnubg's manual quotes (the
    /// seed's `CgAAEAEAAAAAAA`: stored 0.3441 / 0.1605 / 0.1605, after the action 0.3441 /
    /// 0.3210 / 0.1605, an initial double but no redouble).
    #[must_use]
    pub fn after_cube_action(&self) -> Cubeful {
        let double = (2.0 * self.opponent_owns).min(1.0);
        Cubeful { owned: self.owned.max(double), centred: self.centred.max(double), opponent_owns: self.opponent_owns }
    }

    /// Whether the player on roll should double with a centred cube (or redouble when `owned`).
    pub fn should_double(&self, owned: bool) -> bool {
        let no_double = if owned { self.owned } else { self.centred };
        (2.0 * self.opponent_owns).min(1.0) > no_double
    }
}

/// A stored value as an equity.
pub fn equity(u: u16) -> f64 {
    f64::from(u) / 32767.5 - 1.0
}

/// gnubg's rounding of a parent: `t` is 36 times its value in storage units (exact, as the sum
/// of `weight * (65535 - child)` over the rolls), and the quotient is truncated towards 32768 —
/// down above it, up below it. Found by comparing with every value of gnubg's 1- to 6-chequer
/// databases; no rounding to nearest reproduces them.
fn store(t: i64) -> u16 {
    let q = 32768 + (t - 36 * 32768) / 36;
    u16::try_from(q).expect("an equity within [-1, 1]")
}

/// The opponent's value (their storage units) of a child position in which they are on roll
/// with cube access: the better of not doubling (`no_double`) and doubling, where `take` is
/// their stored value with us owning the cube. gnubg doubles when `2 * take - 32767 >=
/// no_double`, counts a take as `2 * take - 32768`, and a pass as a certain win once
/// `2 * take - 32767` reaches 65535 — offsets of half a unit either side of the exact
/// `2 * take - 32767.5`, learned (like [`store`]) from gnubg's files.
fn with_cube_access(no_double: u16, take: u16) -> i64 {
    let doubled = 2 * i64::from(take) - 32767;
    if doubled >= i64::from(WIN) {
        i64::from(WIN)
    } else if doubled >= i64::from(no_double) {
        doubled - 1
    } else {
        i64::from(no_double)
    }
}

/// A two-sided database held in memory.
#[derive(Debug, Clone)]
pub struct TwoSided {
    index: OneSidedIndex,
    cubeful: bool,
    /// 1 or 4 values per position, position after position
    values: Vec<u16>,
}

/// Every distinct child of each one-sided position for each roll, flattened: the children of
/// position `i` for roll `r` are `kids[start[21 * i + r]..start[21 * i + r + 1]]`.
struct ChildTable {
    start: Vec<u32>,
    kids: Vec<u32>,
}

impl ChildTable {
    fn new(index: &OneSidedIndex) -> Result<Self, MemoryError> {
        let mut gen = MoveGenerator::new();
        let mut plays: [Vec<(usize, bool)>; 21] = Default::default();
        let mut start = try_with_capacity(21 * index.len() + 1, "the table of children")?;
        let mut kids = Vec::new();
        start.push(0);
        for i in 0..index.len() {
            let counts = index.unrank(i).expect("in range");
            let empty = counts.iter().all(|&c| c == 0);
            if !empty {
                children(&mut gen, index, &counts, &mut plays);
            }
            for list in &plays {
                let first = kids.len();
                if !empty {
                    for &(child, _) in list {
                        let child = child as u32;
                        if !kids[first..].contains(&child) {
                            kids.push(child);
                        }
                    }
                }
                start.push(kids.len() as u32);
            }
        }
        Ok(ChildTable { start, kids })
    }

    fn of(&self, i: usize, roll: usize) -> &[u32] {
        &self.kids[self.start[21 * i + roll] as usize..self.start[21 * i + roll + 1] as usize]
    }
}

/// The index of a `points` x `chequers` database, once its size is known to be one this module
/// handles: at most [`MAX_VALUES`] values (gnubg's file limit) and [`MAX_DATABASE_BYTES`] of
/// memory ([`memory_needed`]).
fn check_size(points: usize, chequers: usize, cubeful: bool) -> Result<OneSidedIndex, TwoSidedError> {
    if !(1..=24).contains(&points) || !(1..=15).contains(&chequers) {
        return Err(TwoSidedError::Size { points, chequers });
    }
    let n = super::one_sided_positions(points, chequers);
    let positions = n.saturating_mul(n);
    if positions.saturating_mul(4) > MAX_VALUES as u64 {
        return Err(TwoSidedError::TooLarge { points, chequers, positions });
    }
    check_memory(
        || format!("a two-sided database of {chequers} chequers on {points} points"),
        memory_needed(n, cubeful),
    )?;
    Ok(OneSidedIndex::new(points, chequers))
}

impl TwoSided {
    /// Solves every position of up to `chequers` chequers per side on `points` points, with
    /// the cubeful equities when `cubeful`, bit for bit as gnubg's `makebearoff -t PxC [-C]`
    /// (the seed's MD5 checksums for 1 to 6 chequers on 6 points hold):
    ///
    /// - a side with no chequers left has won: +1 on roll (even when both are empty), -1 for
    ///   the opponent;
    /// - each roll is played to the child best for the player on roll, chosen separately for
    ///   each of the four values (the maximum does not depend on the order of plays);
    /// - children are read back as stored, so rounding propagates; the parent is
    ///   `sum(w * (65535 - child)) / 36` (w = 1 for doubles, 2 otherwise) in exact integers,
    ///   rounded by [`store`];
    /// - cubeful: owning the cube, the child counts with the opponent unable to double (their
    ///   `opponent owns`); centred, the opponent may double from their `centred` value; when the
    ///   opponent owns it, from their `owned` value (see [`with_cube_access`]).
    ///
    /// Positions are solved in order of total pips, so every child is ready before its parent.
    /// `progress(done, total)` is called now and then.
    pub fn generate(
        points: usize,
        chequers: usize,
        cubeful: bool,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<Self, TwoSidedError> {
        let index = check_size(points, chequers, cubeful)?;
        let n = index.len();
        let width = if cubeful { 4 } else { 1 };
        let mut values = try_vec(0u16, n * n * width, "the two-sided values")?;
        let table = ChildTable::new(&index)?;
        let pips: Vec<usize> = (0..n)
            .map(|i| index.unrank(i).expect("in range").iter().enumerate().map(|(p, &c)| (p + 1) * c as usize).sum())
            .collect();
        let max_pips = pips.iter().copied().max().unwrap_or(0);
        let mut by_pips: Vec<Vec<usize>> = vec![Vec::new(); max_pips + 1];
        for (i, &p) in pips.iter().enumerate() {
            by_pips[p].push(i);
        }
        let total = n * n;
        let mut done = 0usize;
        for sum in 0..=2 * max_pips {
            for p in sum.saturating_sub(max_pips)..=sum.min(max_pips) {
                for &i in &by_pips[p] {
                    for &j in &by_pips[sum - p] {
                        let at = (i * n + j) * width;
                        if i == 0 || j == 0 {
                            let v = if i == 0 { WIN } else { 0 };
                            values[at..at + width].fill(v);
                        } else {
                            let mut t = [0i64; 4];
                            solve(&table, &values, n, width, i, j, &mut t);
                            for (slot, &s) in values[at..at + width].iter_mut().zip(&t) {
                                *slot = store(s);
                            }
                        }
                        done += 1;
                        if done & 0xffff == 0 {
                            progress(done, total);
                        }
                    }
                }
            }
        }
        progress(total, total);
        Ok(TwoSided { index, cubeful, values })
    }

    /// A database from stored values (`n * n` or `4 * n * n` of them for the `index`).
    pub fn from_values(index: OneSidedIndex, cubeful: bool, values: Vec<u16>) -> Option<Self> {
        let n = index.len();
        let width = if cubeful { 4 } else { 1 };
        (values.len() == n * n * width).then_some(TwoSided { index, cubeful, values })
    }

    pub fn index(&self) -> &OneSidedIndex {
        &self.index
    }

    pub fn points(&self) -> usize {
        self.index.points()
    }

    pub fn chequers(&self) -> usize {
        self.index.chequers()
    }

    pub fn has_cubeful(&self) -> bool {
        self.cubeful
    }

    /// Number of positions, N².
    pub fn len(&self) -> usize {
        self.index.len() * self.index.len()
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// The stored values of position number `k` (1 or 4 of them: cubeless, owned, centred,
    /// opponent owns).
    pub fn stored(&self, k: usize) -> Option<&[u16]> {
        let width = if self.cubeful { 4 } else { 1 };
        self.values.get(k * width..(k + 1) * width)
    }

    /// The position number of `pos`, if it is in the database's range: no chequer on the bar
    /// or above point P, at most C chequers per side.
    pub fn position_number(&self, pos: &Position) -> Option<usize> {
        let board = pos.board();
        let p = self.index.points();
        let side = |s: usize| -> Option<usize> {
            if board[s][p..].iter().any(|&c| c > 0) || board[s][BAR] > 0 {
                return None;
            }
            self.index.rank(&board[s][..p])
        };
        Some(side(ON_ROLL)? * self.index.len() + side(OPPONENT)?)
    }

    /// The equities of the player on roll in `pos`, if it is in range.
    pub fn equities(&self, pos: &Position) -> Option<Equities> {
        self.equities_at(self.position_number(pos)?)
    }

    /// The equities of position number `k`.
    pub fn equities_at(&self, k: usize) -> Option<Equities> {
        let v = self.stored(k)?;
        Some(Equities {
            cubeless: equity(v[CUBELESS]),
            cubeful: self.cubeful.then(|| Cubeful {
                owned: equity(v[OWNED]),
                centred: equity(v[CENTRED]),
                opponent_owns: equity(v[OPPONENT_OWNS]),
            }),
        })
    }
}

/// Sums over the 21 rolls of `weight * (65535 - best child value)` for position (i, j), one
/// sum per stored value; allocation-free.
fn solve(table: &ChildTable, values: &[u16], n: usize, width: usize, i: usize, j: usize, t: &mut [i64; 4]) {
    for (roll, &(_, _, w)) in ROLLS.iter().enumerate() {
        let w = u64::from(w);
        let w = w as i64;
        let mut best = [i64::MIN; 4];
        for &k in table.of(i, roll) {
            let at = (j * n + k as usize) * width;
            let c = &values[at..at + width];
            let ours = |theirs: i64| i64::from(WIN) - theirs;
            best[CUBELESS] = best[CUBELESS].max(ours(i64::from(c[CUBELESS])));
            if width == 4 {
                best[OWNED] = best[OWNED].max(ours(i64::from(c[OPPONENT_OWNS])));
                best[CENTRED] = best[CENTRED].max(ours(with_cube_access(c[CENTRED], c[OPPONENT_OWNS])));
                best[OPPONENT_OWNS] = best[OPPONENT_OWNS].max(ours(with_cube_access(c[OWNED], c[OPPONENT_OWNS])));
            }
        }
        for s in 0..width {
            t[s] += w * best[s];
        }
    }
}

/// gnubg's header for a `points` x `chequers` two-sided database.
pub fn header(points: usize, chequers: usize, cubeful: bool) -> [u8; HEADER_LEN] {
    let text = format!("gnubg-TS-{points:02}-{chequers:02}-{}", u8::from(cubeful));
    let mut h = [b'x'; HEADER_LEN];
    h[..text.len()].copy_from_slice(text.as_bytes());
    h[HEADER_LEN - 1] = b'\n';
    h
}

/// Parses a two-sided header: (points, chequers, cubeful).
pub fn parse_header(bytes: &[u8]) -> Result<(usize, usize, bool), TwoSidedError> {
    let raw = bytes.get(..HEADER_LEN).ok_or(TwoSidedError::Length {
        points: 0,
        chequers: 0,
        actual: bytes.len(),
        needed: HEADER_LEN,
    })?;
    let text = String::from_utf8_lossy(raw).into_owned();
    let bad = || TwoSidedError::Header(text.trim_end().to_string());
    let body = text.strip_prefix("gnubg-TS-").ok_or_else(bad)?;
    let b = body.as_bytes();
    if b.len() < 7 || b[2] != b'-' || b[5] != b'-' || raw[HEADER_LEN - 1] != b'\n' {
        return Err(bad());
    }
    // two ASCII digits (checked on bytes: the lossy text may hold multi-byte characters)
    let num = |d: &[u8]| match d {
        [a @ b'0'..=b'9', b @ b'0'..=b'9'] => Ok(usize::from(a - b'0') * 10 + usize::from(b - b'0')),
        _ => Err(bad()),
    };
    let (points, chequers) = (num(&b[0..2])?, num(&b[3..5])?);
    let cubeful = match b[6] {
        b'0' => false,
        b'1' => true,
        _ => return Err(bad()),
    };
    Ok((points, chequers, cubeful))
}

/// Writes `db` in gnubg's layout: the header (unless `with_header` is false, gnubg's `-H`),
/// then each position's values as little-endian `u16`.
pub fn write(db: &TwoSided, with_header: bool, out: impl Write) -> Result<(), TwoSidedError> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    if with_header {
        out.write_all(&header(db.points(), db.chequers(), db.cubeful))?;
    }
    let mut buf = Vec::with_capacity(1 << 16);
    for chunk in db.values.chunks(1 << 15) {
        buf.clear();
        for &u in chunk {
            buf.extend_from_slice(&u.to_le_bytes());
        }
        out.write_all(&buf)?;
    }
    out.flush()?;
    Ok(())
}

/// Writes `db` (with or without gnubg's header) to `path` atomically: an error or an
/// interruption on the way leaves the previous file, if any, as it was.
pub fn write_file_with(db: &TwoSided, with_header: bool, path: impl AsRef<Path>) -> Result<(), TwoSidedError> {
    let mut file = AtomicFile::create(path.as_ref())?;
    write(db, with_header, &mut file)?;
    file.commit()?;
    Ok(())
}

/// Writes `db` to `path` atomically, with gnubg's header.
pub fn write_file(db: &TwoSided, path: impl AsRef<Path>) -> Result<(), TwoSidedError> {
    write_file_with(db, true, path)
}

/// Reads a whole gnubg two-sided file (with its header) held in memory. Its length is checked
/// against the header before anything is allocated: the values take the file's size.
pub fn read(bytes: &[u8]) -> Result<TwoSided, TwoSidedError> {
    let (points, chequers, cubeful) = parse_header(bytes)?;
    let index = check_size(points, chequers, cubeful)?;
    let n = index.len();
    let width = if cubeful { 4 } else { 1 };
    let needed = HEADER_LEN + 2 * width * n * n;
    if bytes.len() != needed {
        return Err(TwoSidedError::Length { points, chequers, actual: bytes.len(), needed });
    }
    let mut values = try_with_capacity(width * n * n, "the two-sided values")?;
    values.extend(bytes[HEADER_LEN..].chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])));
    Ok(TwoSided::from_values(index, cubeful, values).expect("length checked"))
}

/// Reads a gnubg two-sided file from `path`, refusing a file over [`MAX_DATABASE_BYTES`] without
/// reading it all.
pub fn read_file(path: impl AsRef<Path>) -> Result<TwoSided, TwoSidedError> {
    read(&read_file_limited(path.as_ref(), MAX_DATABASE_BYTES)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_towards_the_middle() {
        // 15/36 to win: equity -1/6, 27306.25 units, stored 27307 (gnubg's 2 on the 1 and 6
        // points against 1 on the 1 point)
        assert_eq!(store(15 * 65535), 27307);
        // equity 8/9: 61894.17 units, stored 61894
        assert_eq!(store(34 * 65535), 61894);
        assert_eq!(store(36 * 65535), WIN);
        assert_eq!(store(0), 0);
        // just above the middle: 32767.89 rounds up to 32768
        assert_eq!(store(36 * 32767 + 32), 32768);
    }

    #[test]
    fn one_chequer_by_hand() {
        let db = TwoSided::generate(6, 1, true, |_, _| {}).unwrap();
        let pos = |me: usize, you: usize| Position::from_points(&[(me, 1)], &[(you, 1)]).unwrap();
        // on the 4 point against the 1 point: only 21 fails, 34/36 to win
        let e = db.equities(&pos(4, 1)).unwrap();
        assert!((e.win_probability() - 34.0 / 36.0).abs() < 1e-4, "{e:?}");
        // both on the 4 point: no double yet; centred, a miss lets the opponent double us out
        let c = db.equities(&pos(4, 4)).unwrap().cubeful.unwrap();
        assert!((c.owned - (34.0 - 2.0 * 32.0 / 36.0) / 36.0).abs() < 1e-4, "{c:?}");
        assert!((c.centred - 32.0 / 36.0).abs() < 1e-4, "{c:?}");
        assert!((c.opponent_owns - 32.0 / 36.0).abs() < 1e-4, "{c:?}");
        assert!(db.equities(&pos(7, 1)).is_none());
    }

    /// The seed's two-sided example: 67.1% cubeless; cubeful +0.3441 (owned), +0.3210
    /// (centred), +0.1605 (opponent owns) once X takes the initial double it has.
    #[test]
    fn seed_example() {
        let db = TwoSided::generate(6, 6, true, |_, _| {}).unwrap();
        let pos = Position::from_id("CgAAEAEAAAAAAA").unwrap();
        let e = db.equities(&pos).unwrap();
        assert_eq!(format!("{:.1}", 100.0 * e.win_probability()), "67.1");
        let stored = e.cubeful.unwrap();
        assert!(stored.should_double(false) && !stored.should_double(true));
        let c = stored.after_cube_action();
        let shown = format!("{:+.4} {:+.4} {:+.4}", c.owned, c.centred, c.opponent_owns);
        assert_eq!(shown, "+0.3441 +0.3210 +0.1605");
        // gnubg's bearoffdump prints the stored no-double values
        let shown = format!("{:+.4} {:+.4} {:+.4}", stored.owned, stored.centred, stored.opponent_owns);
        assert_eq!(shown, "+0.3441 +0.1605 +0.1605");
        assert_eq!(format!("{:+.4}", e.cubeless), "+0.3422");
    }

    #[test]
    fn header_round_trip_and_errors() {
        assert_eq!(&header(6, 6, true), b"gnubg-TS-06-06-1xxxxxxxxxxxxxxxxxxxxxxx\n");
        assert_eq!(parse_header(&header(6, 3, false)).unwrap(), (6, 3, false));
        assert!(matches!(parse_header(b"gnubg-OS-06-15-1-1-0xxxxxxxxxxxxxxxxxxx\n"), Err(TwoSidedError::Header(_))));
        assert!(matches!(parse_header(b"short"), Err(TwoSidedError::Length { .. })));
        assert!(matches!(TwoSided::generate(6, 15, true, |_, _| {}), Err(TwoSidedError::TooLarge { .. })));
        assert!(matches!(TwoSided::generate(0, 3, true, |_, _| {}), Err(TwoSidedError::Size { .. })));
        let db = TwoSided::generate(6, 2, true, |_, _| {}).unwrap();
        let mut file = Vec::new();
        write(&db, true, &mut file).unwrap();
        assert_eq!(file.len(), 40 + 8 * 28 * 28);
        let back = read(&file).unwrap();
        assert_eq!(back.values, db.values);
        assert!(matches!(read(&file[..file.len() - 1]), Err(TwoSidedError::Length { .. })));
    }

    #[test]
    fn sizes_over_the_limits_are_refused_before_allocating() {
        for (points, chequers) in [(6, 12), (24, 15), (12, 12), (18, 15)] {
            let e = TwoSided::generate(points, chequers, true, |_, _| panic!("nothing is solved")).unwrap_err();
            assert!(matches!(e, TwoSidedError::TooLarge { .. }), "{e}");
            assert!(e.to_string().contains("more than the limit of"), "{e}");
            let mut file = header(points, chequers, true).to_vec();
            file.extend_from_slice(&[0; 100]);
            assert!(read(&file).is_err());
        }
        assert!(memory_needed(924, true) < 8_000_000);
    }

    /// Regression: `write_file` truncated the target before writing; an error on the way now
    /// leaves the old file, and the new one replaces it whole.
    #[test]
    fn writing_replaces_the_file_whole() {
        let dir = std::env::temp_dir().join(format!("two-sided-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ts.bd");
        let one = TwoSided::generate(6, 1, true, |_, _| {}).unwrap();
        let two = TwoSided::generate(6, 2, false, |_, _| {}).unwrap();
        write_file(&one, &path).unwrap();
        let before = std::fs::read(&path).unwrap();
        // a directory where the file's directory should be: the write fails, nothing changes
        assert!(write_file(&two, dir.join("ts.bd").join("inside")).is_err());
        assert_eq!(std::fs::read(&path).unwrap(), before);
        write_file_with(&two, false, &path).unwrap();
        assert_eq!(std::fs::read(&path).unwrap().len(), 2 * 28 * 28);
        std::fs::remove_dir_all(&dir).ok();
    }
}

#[cfg(test)]
mod checksums {
    use super::*;
    use crate::eval::bearoff::file::tests::md5;

    fn file_md5(db: &TwoSided) -> String {
        let mut v = Vec::new();
        write(db, true, &mut v).unwrap();
        md5(&v)
    }

    /// The seed's table of MD5 checksums of gnubg's default (cubeful) two-sided databases.
    #[test]
    fn writer_matches_the_seeds_checksums() {
        let table = [
            (1, "7ed6f8e7fce16ea2b80e07a4a516653c"),
            (2, "e9d760bf213841c285245ed757a52f4d"),
            (3, "9d67da3db32ad4720cc38eecf9a67967"),
            (4, "9156f37032d1d4b0352a41186e632dfc"),
            (5, "0db19ab08feae1feb33ddbd709479f62"),
            (6, "44b6040b49b46cb9dd2ce8caa947044d"),
        ];
        for (chequers, sum) in table {
            let db = TwoSided::generate(6, chequers, true, |_, _| {}).unwrap();
            assert_eq!(file_md5(&db), sum, "{chequers} chequers on 6 points");
        }
    }
}
