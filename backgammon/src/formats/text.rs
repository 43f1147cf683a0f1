//! Plain-text export of a position, a game, or a whole match or session (gnubg's `export
//! position|game|match text`): the board in gnubg's ASCII layout with its IDs, and the moves as
//! gnubg narrates them ("gnubg rolls 31 and moves 8/5 6/5", "root doubles to 2", …).

use super::{points_text, raw_scores_before, MatchRecord};
use crate::formats::display::{draw_board, BoardAnnotations};
use crate::rules::cube::CubeOwner;
use crate::rules::game::{Game, GameEvent};
use crate::rules::match_id::MatchState;
use crate::rules::player::PlayerId;
use crate::rules::position::Position;
use std::fmt::Write;

/// The board with its position and match IDs and pip counts, as `show board` draws it.
pub fn position(pos: &Position, state: &MatchState, names: &[String; 2]) -> String {
    let a = BoardAnnotations {
        on_roll: state.on_roll,
        dice: state.dice,
        cube_value: state.cube_value(),
        cube_owner: match state.cube_owner {
            CubeOwner::Player(p) => Some(p),
            CubeOwner::Centred => None,
        },
        match_length: u32::from(state.match_length),
        score: state.score.map(u32::from),
        crawford: state.crawford,
        chequers: 15,
        names: names.clone(),
    };
    draw_board(pos, &pos.id(), &state.id(), &a)
}

/// What one event says, and who did it; `None` for events that say nothing on their own.
pub(crate) fn describe(event: &GameEvent, names: &[String; 2]) -> Option<(PlayerId, String)> {
    let name = |p: PlayerId| names[p].as_str();
    Some(match *event {
        GameEvent::OpeningRoll { dice } => (0, format!("{} rolls {}, {} rolls {}", name(0), dice[0], name(1), dice[1])),
        GameEvent::AutomaticDouble { cube } => (0, format!("the cube is turned to {cube} automatically")),
        GameEvent::Roll { .. } => return None,
        GameEvent::Play { player, dice, play, .. } => {
            (player, format!("{} rolls {}{} and moves {}", name(player), dice.0, dice.1, play.notation()))
        }
        GameEvent::Pass { player, dice } => {
            (player, format!("{} rolls {}{} and cannot move", name(player), dice.0, dice.1))
        }
        GameEvent::Double { player, cube } => (player, format!("{} doubles to {cube}", name(player))),
        GameEvent::Take { player, cube } => (player, format!("{} accepts the cube at {cube}", name(player))),
        GameEvent::Beaver { player, cube } => {
            (player, format!("{} accepts and immediately redoubles to {}", name(player), cube.saturating_mul(2)))
        }
        GameEvent::Drop { player } => (player, format!("{} refuses the cube", name(player))),
        GameEvent::Resign { player, kind } => (player, format!("{} offers to resign a {}", name(player), kind.name())),
        GameEvent::AcceptResignation { player, kind } => {
            (player, format!("{} accepts the {}", name(player), kind.name()))
        }
        GameEvent::DeclineResignation { player, kind } => {
            (player, format!("{} declines the {}", name(player), kind.name()))
        }
        GameEvent::End(r) => {
            (r.winner, format!("{} wins a {} and {}", name(r.winner), r.kind.name(), points_text(r.points)))
        }
        GameEvent::SetUp { player, position, cube } => (
            player,
            format!(
                "the board is set up (position ID {}, cube {}), {} to roll",
                position.id(),
                cube.value(),
                name(player)
            ),
        ),
    })
}

/// The header line of game `index`: its number, the score before it and the match it belongs to.
pub(crate) fn game_title(rec: &MatchRecord, index: usize) -> String {
    let s = raw_scores_before(&rec.session).get(index).copied().unwrap_or([0, 0]);
    let length = rec.session.rules().match_length;
    let context =
        if length == 0 { "money session".to_string() } else { format!("match to {}", points_text(u32::from(length))) };
    let crawford = if rec.session.games()[index].setup().crawford { ", Crawford game" } else { "" };
    format!("Game {}: {} {}, {} {} ({context}{crawford})", index + 1, rec.players[0], s[0], rec.players[1], s[1])
}

/// Where a game stands now, drawn as a board.
pub(crate) fn final_board(game: &Game, names: &[String; 2]) -> String {
    position(game.position(), &game.match_state(), names)
}

/// Game `index` (from 0) of the record: its title, every move, the final board and the result.
/// An index past the last game gives an empty string.
pub fn game(rec: &MatchRecord, index: usize) -> String {
    let Some(g) = rec.session.games().get(index) else { return String::new() };
    let mut out = String::new();
    let _ = writeln!(out, "{}\n", game_title(rec, index));
    let mut n = 0;
    for event in g.events() {
        if let Some((_, text)) = describe(event, &rec.players) {
            if matches!(event, GameEvent::End(_)) {
                continue;
            }
            n += 1;
            let _ = writeln!(out, "{n:>3}. {text}");
        }
    }
    out.push('\n');
    out.push_str(&final_board(g, &rec.players));
    if let Some(end) = g.events().iter().rev().find(|e| matches!(e, GameEvent::End(_))) {
        if let Some((_, text)) = describe(end, &rec.players) {
            let _ = writeln!(out, "\n{text}.");
        }
    }
    out
}

/// The whole match or session: match information, every game, and the final score.
pub fn session(rec: &MatchRecord) -> String {
    let mut out = String::new();
    let length = rec.session.rules().match_length;
    if length == 0 {
        let _ = writeln!(out, "Money session: {} vs {}", rec.players[0], rec.players[1]);
    } else {
        let _ = writeln!(out, "{} match: {} vs {}", points_text(u32::from(length)), rec.players[0], rec.players[1]);
    }
    let m = &rec.meta;
    for (label, value) in [
        ("Event", &m.event),
        ("Round", &m.round),
        ("Place", &m.place),
        ("Date", &m.date),
        ("Annotator", &m.annotator),
        ("Comment", &m.comment),
    ] {
        if let Some(v) = value {
            let _ = writeln!(out, "{label}: {v}");
        }
    }
    out.push('\n');
    for i in 0..rec.session.games().len() {
        out.push_str(&game(rec, i));
        out.push('\n');
    }
    let s = rec.session.score();
    let _ = write!(out, "Final score: {} {}, {} {}", rec.players[0], s[0], rec.players[1], s[1]);
    match rec.session.winner() {
        Some(w) => {
            let _ = writeln!(out, " ({} wins the match)", rec.players[w]);
        }
        None => out.push('\n'),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::mat;

    #[test]
    fn position_is_gnubgs_board() {
        // gnubg 1.07 `export position text` of 4HPkQSDgc/ABMA, root (X) on roll with 31, 5-point match
        let pos = Position::from_id("4HPkQSDgc/ABMA").unwrap();
        let state = MatchState::from_id("cImlAAAAAAAE").unwrap();
        let t = position(&pos, &state, &["gnubg".into(), "root".into()]);
        assert!(
            t.starts_with(" GNU Backgammon  Position ID: 4HPkQSDgc/ABMA\n                 Match ID   : cImlAAAAAAAE\n")
        );
        assert!(t.contains(" | O           X  O |   | X              O |     0 points\n"));
        assert!(t.contains("Rolled 31"));
        assert!(t.ends_with("Pip counts: O 159, X 167\n"));
    }

    #[test]
    fn games_and_sessions_narrate_every_move() {
        let text = " 0 point match\n\n Game 1\n gnubg : 0                      root : 0\n  1) 41: 13/9 24/23               Doubles => 2\n  2)  Drops                       Wins 1 point \n\n";
        let rec = mat::read(text).unwrap();
        let g = game(&rec, 0);
        assert!(g.starts_with("Game 1: gnubg 0, root 0 (money session)\n"), "{g}");
        assert!(g.contains("  1. gnubg rolls 4, root rolls 1\n  2. gnubg rolls 41 and moves 24/23 13/9\n  3. root doubles to 2\n  4. gnubg refuses the cube\n"), "{g}");
        assert!(g.ends_with("root wins a single game and 1 point.\n"), "{g}");
        assert_eq!(game(&rec, 1), "");
        let s = session(&rec);
        assert!(s.starts_with("Money session: gnubg vs root\n"));
        assert!(s.ends_with("Final score: gnubg 0, root 1\n"));
    }
}
