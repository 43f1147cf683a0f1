//! The command-line programs' tests, one module per file (`go_binaries`, `gammon_rollout`, ...),
//! built as this one test binary (each file its own binary linked the whole workspace again).
//! Run one file's tests with `cargo test -p tools --test main MODULE::`.

mod bg_efficiency;
mod bg_tools_options;
mod gammon_cli;
mod gammon_eval;
mod gammon_rollout;
mod gammon_train;
mod go_binaries;
mod go_decide;
mod go_gtp_match_hostile;
mod go_gtp_network;
mod go_sgf_output;
mod go_support;
mod go_trace;
mod gtp_regress;
mod makebearoff;
mod mkpat;
mod mkpat_hostile;
