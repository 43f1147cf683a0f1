#![allow(dead_code)] // shared by the benchmark and the profiling example, which use different parts
//! GNU Go regression positions for benchmarks and profiling: the first 16 19×19 games of
//! `shared/gnugo/regression/games` that reach move 100, replayed with a plain capture rule.

use engine_core::sgf;
use patterns::{Cell, Grid, MatchBoard};
use std::path::PathBuf;

pub const MOVE: usize = 100;

/// Nanoseconds of CPU time this thread has used (Linux: `clock_gettime` with
/// `CLOCK_THREAD_CPUTIME_ID`, which the kernel keeps to the nanosecond, unlike
/// `/proc/thread-self/schedstat` that only advances at scheduler ticks and context switches),
/// or of wall time since the first call elsewhere.
pub fn cpu_ns() -> u64 {
    #[cfg(target_os = "linux")]
    {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `t` is a valid, writable timespec for the call's duration and the clock id
        // is a constant the kernel knows; the call writes only `t`.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64;
        }
    }
    wall_ns()
}

/// Nanoseconds of wall time since the first call.
pub fn wall_ns() -> u64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_nanos() as u64
}

/// A position, its side to move, and the next move's changes.
pub struct Position {
    pub grid: Grid,
    /// Whether white is to move (white plays the patterns' `O`).
    pub white: bool,
    pub next: Vec<(usize, usize, Cell)>,
}

fn neighbours(n: usize, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
    let (r, c, n) = (r as i32, c as i32, n as i32);
    [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        .into_iter()
        .filter(move |&(a, b)| a >= 0 && b >= 0 && a < n && b < n)
        .map(|(a, b)| (a as usize, b as usize))
}

/// The stones of the string at (r, c) if it has no liberty.
fn dead_string(g: &Grid, r: usize, c: usize) -> Vec<(usize, usize)> {
    let colour = g.get(r, c);
    let (mut seen, mut todo) = (vec![(r, c)], vec![(r, c)]);
    while let Some((a, b)) = todo.pop() {
        for (x, y) in neighbours(g.size(), a, b) {
            match g.get(x, y) {
                Cell::Empty => return Vec::new(),
                k if k == colour && !seen.contains(&(x, y)) => {
                    seen.push((x, y));
                    todo.push((x, y));
                }
                _ => {}
            }
        }
    }
    seen
}

/// Plays a stone (black `X`, white `O` in the grid) and returns the changed points.
fn play(g: &mut Grid, r: usize, c: usize, cell: Cell) -> Vec<(usize, usize, Cell)> {
    g.set(r, c, cell);
    let mut changes = vec![(r, c, cell)];
    for (x, y) in neighbours(g.size(), r, c) {
        if g.get(x, y) == cell.swapped() {
            for (a, b) in dead_string(g, x, y) {
                g.set(a, b, Cell::Empty);
                changes.push((a, b, Cell::Empty));
            }
        }
    }
    changes
}

fn load_position(text: &str) -> Option<Position> {
    let coll = sgf::parse(text).ok()?;
    let tree = coll.trees.first()?;
    let size = tree.root()?.get("SZ").map_or(Some(19), |s| s.trim().parse().ok())?;
    if size != 19 {
        return None;
    }
    let mut g = Grid::new(19);
    let mut moves = 0;
    for node in tree.main_line() {
        for (ident, cell) in [("AB", Cell::X), ("AW", Cell::O)] {
            for (c, r) in sgf::expand_point_list(node.values(ident), 19).ok()? {
                g.set(r as usize, c as usize, cell);
            }
        }
        for (ident, cell) in [("B", Cell::X), ("W", Cell::O)] {
            let Some(v) = node.get(ident) else { continue };
            let Some((c, r)) = sgf::parse_point(v, 19).ok()? else { continue };
            moves += 1;
            if moves == MOVE + 1 {
                let before = g.clone();
                let next = play(&mut g, r as usize, c as usize, cell);
                return Some(Position { grid: before, white: cell == Cell::O, next });
            }
            play(&mut g, r as usize, c as usize, cell);
        }
    }
    None
}

pub fn gnugo() -> Option<PathBuf> {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo");
    d.is_dir().then_some(d)
}

pub fn positions(dir: &std::path::Path) -> Vec<Position> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("regression/games"))
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files
        .iter()
        .filter(|f| f.extension().is_some_and(|x| x == "sgf"))
        .filter_map(|f| std::fs::read(f).ok())
        .filter_map(|b| load_position(&String::from_utf8_lossy(&b)))
        .take(16)
        .collect()
}
