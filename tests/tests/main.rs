//! The integration and interop tests of `tests/`, one module per file (`go_regression`,
//! `cube_vs_gnubg`, ...), built as this one test binary: linking the whole workspace into each of
//! thirty binaries cost minutes of CI, and one harness keeps both cores busy while a test waits
//! on gnubg or GNU Go. Run one file's tests with `cargo test -p interop-tests --test main MODULE::`.

mod analysis_vs_gnubg;
mod architecture;
mod bearoff_vs_gnubg;
mod break_in_vs_gnugo;
mod chequer_vs_gnubg;
mod cube_hint_vs_gnubg;
mod cube_vs_gnubg;
mod external_vs_gnubg;
mod formats_vs_gnubg;
mod gam_pos_vs_gnubg;
mod gammon_cli;
mod gmp_vs_gnugo;
mod go_board_rules;
mod go_gtp_analysis;
mod go_gtp_conformance;
mod go_regression;
mod go_vs_gnugo;
mod gogui_analyze;
mod kgsgtp_session;
mod marketwindow_vs_gnubg;
mod movegen_vs_gnubg;
mod notation_vs_gnubg;
mod owl_status;
mod printable_exports;
mod race_values_vs_gnubg;
mod relational_db;
mod rl_env_vs_gym;
mod show_vs_gnubg;
mod test_rules;
mod tutor_cli;
