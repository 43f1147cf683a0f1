//! The pattern crate's integration tests, one module per file (`matcher_conformance`, `eval`, ...),
//! built as this one test binary. `scan_allocation.rs` stays a binary of its own: it installs a
//! counting global allocator. Run one file's tests with `cargo test -p patterns --test main MODULE::`.

mod bench_clock;
mod common;
mod eval;
mod eye_db;
mod gnugo_databases;
mod joseki;
mod matcher_conformance;
mod matcher_hand;
mod matcher_simd;
mod robustness;
mod syntax;
mod transforms;
