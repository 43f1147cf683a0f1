//! The benchmarks' thread CPU clock (`benches/support`): it must advance by less than the wall
//! clock while this thread computes, and advance at all over a fraction of a millisecond —
//! `/proc/thread-self/schedstat`, its predecessor, only moved at scheduler ticks, and a quiet
//! machine gave criterion zero-length measurements.

#[path = "../benches/support/mod.rs"]
mod support;

use support::{cpu_ns, wall_ns};

/// Busy work the optimiser cannot drop.
fn spin(rounds: u64) -> u64 {
    (0..rounds).fold(0x9E37_79B9_7F4A_7C15u64, |x, k| std::hint::black_box(x.rotate_left(7) ^ k))
}

#[test]
fn thread_cpu_clock_is_fine_grained_and_below_wall_time() {
    let (c0, w0) = (cpu_ns(), wall_ns());
    let mut steps = 0;
    // A few microseconds of work at a time: a tick-based clock would stay put for a
    // millisecond or more; this one must move within the first 100 tries.
    while cpu_ns() == c0 {
        std::hint::black_box(spin(1_000));
        steps += 1;
        assert!(steps < 100, "the CPU clock did not move after {steps} short spins");
    }
    std::hint::black_box(spin(2_000_000));
    let (c1, w1) = (cpu_ns(), wall_ns());
    assert!(c1 > c0, "CPU time went backwards");
    assert!(c1 - c0 <= w1 - w0 + 1_000_000, "one thread's CPU time {} ns above wall time {} ns", c1 - c0, w1 - w0);
}
