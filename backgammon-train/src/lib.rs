//! What the backgammon engine does not need to play, only to be made and measured: training of the
//! evaluator's nets ([`train`]), benchmarks of its choices against reference positions
//! ([`benchmark`]) and the measurement of cube efficiency by rollouts ([`cube_efficiency`]).
//!
//! Depends on `backgammon`; `backgammon` never depends on it. Front ends (`gammon-train`,
//! `bg-errors`, `bg-efficiency`) live in `tools`.

pub mod benchmark;
pub mod cube_efficiency;
pub mod race;
pub mod train;
