//! Gathering move reasons (seed 003, `move_generation.texi`, "Move Reason Details"): one module per
//! source of the analysis, each a function that reads an analysed position
//! ([`crate::genmove::analysed::Analysed`]) and adds its reasons to a [`MoveReasons`] — [`worms`] (tactical attack, defence and threats of worms),
//! [`owl`] (critical dragons: owl attack and defence, with their ko results), [`semeai`] (capturing
//! races between adjacent dragons that are not alive), [`connections`] (cuts and connections between
//! dragons), [`combination`] (combination attacks and the moves that break the opponent's), [`eyes`] (vital points of critical dragons' eye spaces), [`fuseki`] (moves in empty
//! corners, with GNU Go's minimum value), [`shape`] (the shape and
//! fuseki pattern databases: class letters, values and actions), [`joseki`] (our joseki database,
//! compiled from SGF, matched as shape patterns), [`territory`] (expanding territory and
//! moyo, invasions and boundary moves, from the influence).
//!
//! This module owns the order the gatherers run in ([`gather`]). It must not value or choose a move
//! (the valuation and [`crate::genmove::selection`] do); the gatherers only say why a move is worth
//! considering, never how much. Every gatherer reads the analysed position; those that read more
//! (semeai) do it through the caller's reader and leave it on the position.

pub mod combination;
pub mod connections;
pub mod eyes;
pub mod fuseki;
pub mod joseki;
pub mod owl;
pub mod semeai;
pub mod shape;
pub mod territory;
pub mod worms;

use crate::analysis::reading::Reader;
use crate::genmove::analysed::Analysed;
use crate::genmove::reasons::MoveReasons;
use crate::rules::stone::Color;

/// Runs every gatherer for `color` to move, in GNU Go's order (worms, semeai, owl, connections, eyes,
/// then the shape patterns, which GNU Go matches after collecting the analysis' reasons, the joseki
/// patterns, and the
/// empty-corner moves of its `fuseki()`), then the influence's territorial reasons,
/// on the reader (set to the analysed position and left there).
pub fn gather(a: &Analysed, r: &mut Reader, color: Color) -> MoveReasons {
    let mut out = MoveReasons::new(color);
    let times = std::env::var("GO_PHASE_TIMES").is_ok_and(|v| v == "1");
    let mut t = std::time::Instant::now();
    let mut lap = |name: &str| {
        if times {
            eprintln!("  gather {name}: {:.2?}", t.elapsed());
            t = std::time::Instant::now();
        }
    };
    worms::gather(a, &mut out);
    lap("worms");
    semeai::gather(a, r, &mut out);
    lap("semeai");
    owl::gather(a, &mut out);
    combination::gather(a, r, &mut out);
    lap("owl, combinations");
    connections::gather(a, &mut out);
    eyes::gather(a, &mut out);
    lap("connections, eyes");
    shape::gather(a, &mut out);
    lap("shape");
    joseki::gather(a, &mut out);
    fuseki::gather(a, &mut out);
    lap("joseki, fuseki");
    territory::gather(a, r, &mut out);
    lap("territory");
    owl::more_owl_moves(a, r, &mut out);
    lap("more owl moves");
    if owl::owl_neighbours_on() {
        owl::owl_attack_defends_neighbours(a, &mut out);
    }
    r.set_board(&a.board);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::owl::OwlLimits;
    use crate::analysis::read_result::ReadResult::Win;
    use crate::game::{GoGame, Rules};
    use crate::genmove::analysed::analyse;
    use crate::genmove::reasons::MoveReason;
    use crate::rules::board::Board;

    fn reasons_for(rows: &[&str], color: Color) -> (Board, MoveReasons) {
        let g = GoGame::from_rows(rows, 0.5, Rules::default()).unwrap();
        let b = g.board().clone();
        let mut r = Reader::new(&b);
        let a = analyse(&b, &mut r, OwlLimits::default());
        let out = gather(&a, &mut r, color);
        (b, out)
    }

    /// Black's corner group with a straight three (A1 B1 C1) inside White's wall: critical, B1 the
    /// point for both sides. GNU Go 3.8: `owl_attack A2` and `owl_defend A2` answer `1 B1`; after
    /// `gg_genmove`, `move_reasons B1` lists "owl-defends A2" and "defends A2" for Black, "owl-attacks
    /// A2" and "attacks A2" for White.
    const CORNER: [&str; 9] = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X . . . O . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O . . . .",
        "X X X X O . . . .",
        ". . . X O . . . .",
    ];

    #[test]
    fn a_critical_corner_gives_owl_and_tactical_reasons_at_the_vital_point() {
        let (b, black) = reasons_for(&CORNER, Color::Black);
        let (a2, b1) = (b.point(0, 7), b.point(1, 8));
        assert!(black.has(b1, MoveReason::OwlDefend { dragon: a2, result: Win }), "{:?}", black.at(b1));
        assert!(black.has(b1, MoveReason::Defend { worm: a2, result: Win }), "{:?}", black.at(b1));
        assert!(black.has(b1, MoveReason::VitalEye { dragon: a2 }));
        let (_, white) = reasons_for(&CORNER, Color::White);
        assert!(white.has(b1, MoveReason::OwlAttack { dragon: a2, result: Win }), "{:?}", white.at(b1));
        assert!(white.has(b1, MoveReason::Attack { worm: a2, result: Win }), "{:?}", white.at(b1));
        // Neither side gets the other's reasons.
        assert!(!white
            .at(b1)
            .reasons
            .iter()
            .any(|r| matches!(r, MoveReason::OwlDefend { .. } | MoveReason::Defend { .. })));
    }

    /// GNU Go 3.8 on CORNER, White to move: `move_reasons B1` lists "strategically defends A3" (White's
    /// wall, next to the dragon B1 kills) with "owl-attacks A2" and "attacks A2"
    /// (`owl::owl_attack_defends_neighbours`). Black's B1 defends, so it gets no such reason.
    #[test]
    fn an_owl_attack_strategically_defends_the_wall_beside_the_dragon() {
        let g = GoGame::from_rows(&CORNER, 0.5, Rules::default()).unwrap();
        let b = g.board().clone();
        let mut r = Reader::new(&b);
        let a = analyse(&b, &mut r, OwlLimits::default());
        let (a2, a3, b1) = (b.point(0, 7), b.point(0, 6), b.point(1, 8));
        let wall = a.dragons.at(a3).unwrap().origin;
        let mut white = gather(&a, &mut r, Color::White);
        owl::owl_attack_defends_neighbours(&a, &mut white);
        assert!(white.has(b1, MoveReason::StrategicDefend { dragon: wall }), "{:?}", white.at(b1));
        // Only our dragons: the killed dragon is not defended.
        assert!(!white.has(b1, MoveReason::StrategicDefend { dragon: a2 }));
        let mut black = gather(&a, &mut r, Color::Black);
        owl::owl_attack_defends_neighbours(&a, &mut black);
        assert!(!black.at(b1).reasons.iter().any(|r| matches!(r, MoveReason::StrategicDefend { .. })));
        // A kill through a ko relieves nothing yet.
        let mut ko = MoveReasons::new(Color::White);
        ko.add(b1, MoveReason::OwlAttack { dragon: a2, result: crate::analysis::read_result::ReadResult::KoA });
        owl::owl_attack_defends_neighbours(&a, &mut ko);
        assert_eq!(ko.at(b1).reasons.len(), 1);
    }

    #[test]
    fn a_string_in_atari_is_attacked_at_its_liberty_and_defended_there() {
        // White's C4 stone in atari (last liberty C5); Black's D3-E3 pair beside it is safe.
        let rows = [
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". X O X . . .",
            ". . X . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ];
        let (b, black) = reasons_for(&rows, Color::Black);
        let (c4, c5) = (b.point(2, 3), b.point(2, 2));
        assert!(black.has(c5, MoveReason::Attack { worm: c4, result: Win }), "{:?}", black.at(c5));
        // Every attack reason is about C4 (the capture at C5, and moves such as C6 after which the
        // stone cannot escape either); Black's own stones get no defence (none is attacked).
        for p in black.points() {
            for r in &black.at(p).reasons {
                assert!(!matches!(r, MoveReason::Attack { worm, .. } if *worm != c4), "{r:?} at {p}");
                assert!(!matches!(r, MoveReason::Defend { .. }), "{r:?} at {p}");
            }
        }
        // White saves it by extending at C5 (two liberties after; Black cannot then capture).
        let (_, white) = reasons_for(&rows, Color::White);
        assert!(white.has(c5, MoveReason::Defend { worm: c4, result: Win }), "{:?}", white.at(c5));
        assert!(!white.at(c5).reasons.iter().any(|r| matches!(r, MoveReason::Attack { .. })));
    }
}
