//! The front ends: the languages in which programs and people talk to the engine. The `gammon`
//! command language ([`commands`]), one-shot batch answers ([`batch`], [`batch_json`],
//! [`eval_cli`]), the external player that speaks the FIBS board protocol over a socket
//! ([`external`]) and cubeless money matches against other programs ([`matchplay`]).
//!
//! The top layer: it may use everything in the crate, and nothing in the crate uses it. It holds
//! no terminal handling (the binaries in `tools` read lines and print answers).

pub mod batch;
pub mod batch_json;
pub mod commands;
pub mod eval_cli;
pub mod external;
pub mod matchplay;
