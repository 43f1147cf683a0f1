//! The backgammon crate's integration tests, one module per file (`perft`, `gnubg_session`, ...),
//! built as this one test binary. `no_alloc.rs` stays a binary of its own: it installs a counting
//! global allocator, which would count every other test's allocations. Run one file's tests with
//! `cargo test -p backgammon --test main MODULE::`.

mod bearoff_parsers;
mod best_matches_hint;
mod cubeful;
mod cubeful_gnubg;
mod gnubg_session;
mod id_properties;
mod met;
mod perft;
mod pictures;
mod quasi_dice;
mod race_counts;
