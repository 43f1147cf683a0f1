//! The cube layer: the value of owning and turning the cube. Match equity tables ([`met`]),
//! cubeful equities from cubeless probabilities by Janowski's model ([`cubeful`]) and the cube
//! decisions gnubg gives (no double, double/take, double/pass, too good; [`decision`]).
//!
//! Built on `eval` (probabilities, n-ply evaluations) and `rules` (positions, match state); the
//! cube's state itself (value, owner) is a rules object, `rules::cube`.

pub mod cubeful;
pub mod decision;
pub mod met;
