//! Scans the benchmark's regression positions with `patterns.db` many times, for profilers
//! that count instructions (`valgrind --tool=callgrind`), which a shared machine's load does
//! not disturb: `cargo run --release --example scan_profile [ROUNDS]`.

#[path = "../benches/support/mod.rs"]
mod support;

use patterns::*;

use support::cpu_ns;

#[inline(never)]
fn incremental_update(m: &mut IncrementalMatcher, matcher: &BitmaskMatcher, changes: &[(usize, usize, Cell)]) {
    m.update(matcher, changes);
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let Some(dir) = support::gnugo() else {
        eprintln!("skipped: shared/gnugo not found");
        return;
    };
    let db = parse_path(&dir.join("patterns/patterns.db")).expect("readable database");
    let matcher = BitmaskMatcher::new(&PatternSet::from_dbs(&[&db]));
    let positions = support::positions(&dir);
    let packed: Vec<PackedBoard> = positions.iter().map(|p| PackedBoard::from_board(&p.grid, !p.white)).collect();
    let mut out = Vec::with_capacity(4096);
    let mut total = 0;
    let start = std::time::Instant::now();
    let cpu0 = cpu_ns();
    for _ in 0..rounds {
        for p in &packed {
            matcher.scan(std::hint::black_box(p), &mut out);
            total += out.len();
        }
    }
    let cpu = cpu_ns() - cpu0;
    if std::env::var_os("INCREMENTAL").is_some() {
        // The next move of each game, re-matched incrementally (same side's view).
        let starts: Vec<IncrementalMatcher> =
            positions.iter().map(|p| IncrementalMatcher::new(&matcher, &p.grid, !p.white)).collect();
        let t0 = cpu_ns();
        let mut kept = 0;
        for _ in 0..rounds {
            let mut ms = starts.clone();
            for (m, p) in ms.iter_mut().zip(&positions) {
                incremental_update(m, &matcher, &p.next);
                kept += m.matches().len();
            }
        }
        let t = cpu_ns() - t0;
        println!(
            "{} updates, {:.1} matches after, {:.1} us per update (thread CPU time, clone included)",
            rounds * positions.len(),
            kept as f64 / (rounds * positions.len()) as f64,
            t as f64 / 1e3 / (rounds * positions.len()) as f64
        );
    }
    let scans = rounds * packed.len();
    println!(
        "{scans} scans, {:.1} matches per scan, {:.1} us per scan (thread CPU time), {:.1} us (wall)",
        total as f64 / scans as f64,
        cpu as f64 / 1e3 / scans as f64,
        start.elapsed().as_secs_f64() * 1e6 / scans as f64
    );
}
