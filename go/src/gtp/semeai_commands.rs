//! GNU Go's capturing-race commands over GTP (`analyze_semeai`, `analyze_semeai_after_move`,
//! `tactical_analyze_semeai`): the race search of [`crate::analysis::semeai`], answered as GNU Go 3.8
//! does: A's defence result, the attack result on B, and A's move (`PASS` for none).
//!
//! This group reads the position and the reader of the engine state ([`crate::gtp::state`]) and must not
//! import the other command groups.

use crate::analysis::semeai::{self, Semeai, SemeaiLimits};
use crate::gtp::args::{move_arg, reader, vertex};
use crate::gtp::state::GtpState;
use crate::rules::board::Board;
use crate::rules::stone::{Move, Point};
use crate::rules::vertex::format_vertex;
use engine_core::command::{Args, CommandError, Registry};

fn answer(b: &Board, s: Semeai) -> String {
    format!("{} {} {}", s.defend.gtp_code(), s.attack.gtp_code(), format_vertex(b, s.mv.map_or(Move::Pass, Move::Play)))
}

/// The two dragons' stones from arguments `i` and `i + 1`; GNU Go stops at its assertion when they have
/// one colour, we answer an error instead.
fn dragons(s: &GtpState, a: &Args, i: usize, empty: &str) -> Result<(Point, Point), CommandError> {
    let (pa, pb) = (vertex(s, a, i)?, vertex(s, a, i + 1)?);
    let b = s.board();
    if b.is_empty(pa) || b.is_empty(pb) {
        return Err(CommandError::failed(empty));
    }
    if b.color(pa) == b.color(pb) {
        return Err(CommandError::failed("dragons must have opposite colors"));
    }
    Ok((pa, pb))
}

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("analyze_semeai", "analyze_semeai DRAGONA DRAGONB: A's defence, B's attack, A's move", |s, a| {
        let (pa, pb) = dragons(s, a, 0, "vertex must not be empty")?;
        let b = s.board().clone();
        let res = semeai::analyze_semeai(reader(s), &b, pa, pb, SemeaiLimits::default());
        Ok(answer(&b, res))
    });
    r.register(
        "analyze_semeai_after_move",
        "analyze_semeai_after_move COLOR VERTEX DRAGONA DRAGONB: analyze_semeai after that move",
        |s, a| {
            let (c, mv) = move_arg(s, a)?;
            let Move::Play(m) = mv else { return Err(CommandError::failed("invalid color or coordinate")) };
            if !s.board().is_empty(m) {
                return Err(CommandError::failed("move vertex is not empty"));
            }
            let (pa, pb) = (vertex(s, a, 2)?, vertex(s, a, 3)?);
            let mut b = s.board().clone();
            if b.play(Move::Play(m), c).is_err() {
                return Err(CommandError::failed("illegal move"));
            }
            if b.is_empty(pa) || b.is_empty(pb) {
                return Err(CommandError::failed("dragon vertex must not be empty"));
            }
            if b.color(pa) == b.color(pb) {
                return Err(CommandError::failed("dragons must have opposite colors"));
            }
            let res = semeai::analyze_semeai(reader(s), &b, pa, pb, SemeaiLimits::default());
            Ok(answer(&b, res))
        },
    );
    r.register(
        "tactical_analyze_semeai",
        "tactical_analyze_semeai DRAGONA DRAGONB: analyze_semeai between the two strings only",
        |s, a| {
            let (pa, pb) = dragons(s, a, 0, "vertex must not be empty")?;
            let b = s.board().clone();
            let res = semeai::tactical_analyze_semeai(reader(s), &b, pa, pb, SemeaiLimits::default());
            Ok(answer(&b, res))
        },
    );
}

#[cfg(test)]
mod tests {
    use crate::gtp::{engine, Options};

    fn run(lines: &[&str]) -> Vec<String> {
        let mut e = engine(Options { boardsize: 9, ..Options::default() });
        lines.iter().filter_map(|l| e.handle_line(l)).collect()
    }

    #[test]
    fn answers_and_error_texts_follow_gnu_go() {
        // White B9 and A8 in atari inside black's wall (A9 their last liberty).
        let setup = ["play b c9", "play w b9", "play b b8", "play w a8", "play b c8", "play b a7", "play b b7"];
        let mut cmds: Vec<&str> = setup.to_vec();
        cmds.extend([
            "analyze_semeai C9 B9",
            "analyze_semeai B9 C9",
            "tactical_analyze_semeai C9 B9",
            "analyze_semeai C9",
            "analyze_semeai C9 Z9",
            "analyze_semeai C9 E5",
            "analyze_semeai C9 B8",
            "analyze_semeai_after_move black E5 C9 B9",
            "analyze_semeai_after_move x E5 C9 B9",
            "analyze_semeai_after_move black C9 C9 B9",
            "analyze_semeai_after_move black E5 C9 E6",
            "analyze_semeai_after_move black E5 C9",
        ]);
        let out = run(&cmds);
        let answers: Vec<&str> = out[setup.len()..].iter().map(|s| s.trim_end()).collect();
        assert_eq!(
            answers,
            [
                "= 1 1 A9",
                "= 0 0 PASS",
                "= 1 1 A9",
                "? invalid coordinate",
                "? invalid coordinate",
                "? vertex must not be empty",
                "? dragons must have opposite colors",
                "= 1 1 A9",
                "? invalid color or coordinate",
                "? move vertex is not empty",
                "? dragon vertex must not be empty",
                "? invalid coordinate",
            ]
        );
    }
}
