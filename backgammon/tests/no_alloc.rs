//! Generating plays allocates nothing per generated position: after one warm-up pass over a
//! corpus, a second pass performs zero heap allocations (counted by a wrapping allocator).

use backgammon::rules::sampling::random_game_positions;
use backgammon::{MoveGenerator, Variant};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn second_pass_over_a_corpus_allocates_nothing() {
    let corpus = random_game_positions(Variant::Standard, 300, 5);
    let mut gen = MoveGenerator::new();
    let pass = |gen: &mut MoveGenerator| {
        let mut plays = 0;
        for p in &corpus {
            for &(d1, d2, _) in &backgammon::rules::dice::ROLLS {
                plays += gen.generate(p, d1, d2).len();
            }
        }
        plays
    };
    let warm = pass(&mut gen);
    let before = ALLOCS.load(Ordering::Relaxed);
    let again = pass(&mut gen);
    let after = ALLOCS.load(Ordering::Relaxed);
    assert_eq!(warm, again);
    assert!(warm > 10_000, "corpus too small to mean anything: {warm} plays");
    assert_eq!(after - before, 0, "{} allocations while generating {again} plays", after - before);
}
