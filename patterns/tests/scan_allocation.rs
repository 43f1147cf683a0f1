//! A full scan allocates nothing once its output vector has held a board's matches: the
//! engine scans during reading and owl search, where a heap allocation per position would
//! cost more than the scan. An allocator that counts this thread's allocations while a
//! flag is up checks it on GNU Go's `patterns.db` + `patterns2.db` (the built-in databases
//! when they are absent), for the AVX2 and the portable builds of the scanning loops, and
//! for the incremental matcher's re-scan after a move.

use patterns::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell as Flag;
use std::sync::atomic::{AtomicUsize, Ordering};

mod common;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static COUNTING: Flag<bool> = const { Flag::new(false) };
}

// SAFETY: every call is forwarded unchanged to the system allocator; the counter and the
// const-initialised thread-local flag never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.with(|c| c.get()) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout (through `alloc` above).
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.with(|c| c.get()) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: the caller's contract for `realloc` is passed on as is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by this thread while `f` runs.
fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

/// Deterministic 19×19 positions, 20% to 60% stones (a xorshift generator).
fn boards(count: usize) -> Vec<Grid> {
    let mut s = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    (0..count)
        .map(|k| {
            let density = 20 + (40 * k / count) as u64;
            let mut g = Grid::new(19);
            for r in 0..19 {
                for c in 0..19 {
                    let x = next() % 100;
                    g.set(
                        r,
                        c,
                        [Cell::O, Cell::X, Cell::Empty][usize::from(x >= density / 2) + usize::from(x >= density)],
                    );
                }
            }
            g
        })
        .collect()
}

#[test]
fn scans_allocate_nothing_once_the_output_has_grown() {
    let dbs = common::scan_databases();
    let set = PatternSet::from_dbs(&dbs.iter().collect::<Vec<_>>());
    let grids = boards(12);
    for simd in [true, false] {
        let matcher = BitmaskMatcher::new(&set).with_simd(simd);
        let mut packed = PackedBoard::default();
        let mut out = Vec::new();
        let mut total = 0;
        // First round: the output grows to the largest board's matches.
        for g in &grids {
            packed.load(g, false);
            matcher.scan(&packed, &mut out);
            total += out.len();
        }
        assert!(total > 0, "the boards match some patterns");
        let mut again = 0;
        let n = allocations(|| {
            for g in &grids {
                packed.load(g, true);
                packed.load(g, false);
                matcher.scan(&packed, &mut out);
                again += out.len();
            }
        });
        assert_eq!(again, total, "the same boards, the same matches");
        assert_eq!(n, 0, "allocations during {} scans (simd: {simd})", grids.len());
    }
}

#[test]
fn incremental_rescans_allocate_nothing_once_grown() {
    let dbs = common::scan_databases();
    let set = PatternSet::from_dbs(&dbs.iter().collect::<Vec<_>>());
    let matcher = BitmaskMatcher::new(&set);
    let grid = &boards(1)[0];
    let empty: Vec<(usize, usize)> =
        (0..19).flat_map(|r| (0..19).map(move |c| (r, c))).filter(|&(r, c)| grid.get(r, c) == Cell::Empty).collect();
    let mut inc = IncrementalMatcher::new(&matcher, grid, false);
    // A stone played and taken back at every empty point, once to grow the buffers...
    let play_all = |inc: &mut IncrementalMatcher| {
        for &(r, c) in &empty {
            inc.update(&matcher, &[(r, c, Cell::X)]);
            inc.update(&matcher, &[(r, c, Cell::Empty)]);
        }
    };
    play_all(&mut inc);
    let before = inc.matches().len();
    // ...then again, counted.
    let n = allocations(|| play_all(&mut inc));
    assert_eq!(inc.matches().len(), before, "back to the starting position");
    assert_eq!(n, 0, "allocations during {} updates", 2 * empty.len());
}
