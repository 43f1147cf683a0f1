//! GNU Go's influence and score commands over GTP: `initial_influence`, `move_influence`,
//! `followup_influence` (the fields of [`crate::analysis::influence`] printed as GNU Go prints them; GNU Go
//! 3.8 answers the last two only for a move its last move generation considered, we for any legal move),
//! `estimate_score`, `new_score`,
//! `experimental_score` and `final_status` (from [`crate::analysis::score`]).
//!
//! This group reads the position and the reader of the engine state ([`crate::gtp::state`]); dragons
//! are judged by the owl as in [`crate::gtp::dragon_commands`]. It must not import the other command
//! groups (the standard group's `final_score` and `final_status_list` share [`crate::analysis::score`],
//! not this file).

use crate::analysis::dragon::Dragons;
use crate::analysis::influence::{Field, Influence};
use crate::analysis::owl::OwlLimits;
use crate::analysis::read_result::ReadResult::Lose;
use crate::analysis::reading::Reader;
use crate::analysis::score::FinalStatuses;
use crate::analysis::surround::does_surround;
use crate::gtp::args::{move_and_stone, vertex};
use crate::gtp::state::GtpState;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Point, ARRAY};
use crate::rules::vertex::parse_color;
use engine_core::command::{Args, CommandError, Registry};

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("initial_influence", "initial_influence COLOR FIELD: an influence field, COLOR to move", |s, a| {
        let color = color(a, 0)?;
        let field = field(a, 1)?;
        let b = s.board().clone();
        Ok(influence(s, &b, color).format(&b, field))
    });
    r.register(
        "move_influence",
        "move_influence COLOR VERTEX FIELD: an influence field after COLOR plays VERTEX, the other colour to move",
        |s, a| {
            let color = color(a, 0).map_err(|_| CommandError::failed("invalid move"))?;
            let p = vertex(s, a, 1).map_err(|_| CommandError::failed("invalid move"))?;
            let mut b = s.board().clone();
            if !b.is_legal(p, color) {
                return Err(CommandError::failed("invalid move"));
            }
            let field = field(a, 2)?;
            b.play_unchecked(p, color);
            let inf = influence(s, &b, color.opponent());
            Ok(inf.format(&b, field))
        },
    );
    r.register(
        "followup_influence",
        "followup_influence COLOR VERTEX FIELD: an influence field after COLOR plays VERTEX, with its followup moves",
        |s, a| {
            // GNU Go reads COLOR VERTEX as one move: a bad colour is an invalid move too.
            let color = color(a, 0).map_err(|_| CommandError::failed("invalid move"))?;
            let p = vertex(s, a, 1).map_err(|_| CommandError::failed("invalid move"))?;
            let before = s.board().clone();
            if !before.is_legal(p, color) {
                return Err(CommandError::failed("invalid move"));
            }
            let field = field(a, 2)?;
            let mut b = before.clone();
            b.play_unchecked(p, color);
            let anchors = followup_anchors(&before, &b, p, color);
            let dragons = Dragons::compute(&b, s.reader(), Some(&OwlLimits::default()));
            Ok(Influence::followup_of_dragons(&b, &dragons, color, &anchors).format(&b, field))
        },
    );
    r.register("estimate_score", "estimate_score: the score from influence, with its bounds", |s, _| {
        let b = s.board().clone();
        let to_move = s.game().to_move();
        let w = white_margin(s, &b, to_move);
        Ok(estimate_text(w))
    });
    r.register(
        "experimental_score",
        "experimental_score COLOR: the score (white positive) from influence, COLOR to move",
        |s, a| {
            let color = color(a, 0)?;
            let b = s.board().clone();
            Ok(format!("{:.1}", white_margin(s, &b, color)))
        },
    );
    r.register("new_score", "new_score: the score from the dragons' status and territory", |s, _| {
        let b = s.board().clone();
        let f = FinalStatuses::compute(&b, s.reader(), &OwlLimits::default());
        let w = -f.score(&b, s.game().rules().scoring, s.game().komi());
        Ok(estimate_text(w as f32))
    });
    r.register("is_surrounded", "is_surrounded DRAGON: 0, 1 (surrounded) or 2 (weakly surrounded)", |s, a| {
        let p = dragon(s, a, 0)?;
        let b = s.board().clone();
        let ds = Dragons::compute(&b, s.reader(), Some(&OwlLimits::default()));
        Ok(ds.surround(&b, p).0.to_string())
    });
    r.register("surround_map", "surround_map DRAGON VERTEX: 1 when VERTEX is in the dragon's surround map", |s, a| {
        let p = dragon(s, a, 0)?;
        let q = vertex(s, a, 1)?;
        let b = s.board().clone();
        let ds = Dragons::compute(&b, s.reader(), Some(&OwlLimits::default()));
        Ok(u8::from(ds.surround(&b, p).1[usize::from(q)]).to_string())
    });
    r.register(
        "does_surround",
        "does_surround MOVE DRAGON: whether the other colour's MOVE surrounds the dragon (0, 1 or 2)",
        |s, a| {
            let (mv, p) = move_and_stone(s, a)?;
            let b = s.board().clone();
            let Some(color) = b.color(p) else { return Err(CommandError::failed("vertex must not be empty")) };
            let ds = Dragons::compute(&b, s.reader(), Some(&OwlLimits::default()));
            let before = ds.surround(&b, p).0;
            let mut after_board = b.clone();
            if !after_board.is_legal(mv, color.opponent()) {
                return Ok("0".into());
            }
            after_board.play_unchecked(mv, color.opponent());
            if after_board.color(p) != Some(color) {
                return Ok("0".into());
            }
            let ds = Dragons::compute(&after_board, s.reader(), Some(&OwlLimits::default()));
            let after = ds.surround(&after_board, p).0;
            Ok(does_surround(before, after).to_string())
        },
    );
    r.register(
        "final_status",
        "final_status VERTEX [SEED]: alive, dead, seki, white_territory, black_territory or dame",
        |s, a| {
            let p = vertex(s, a, 0)?;
            let b = s.board().clone();
            let f = FinalStatuses::compute(&b, s.reader(), &OwlLimits::default());
            Ok(f.at(p).gtp_name().to_string())
        },
    );
}

/// A dragon argument: a vertex with a stone, in GNU Go's words.
fn dragon(s: &GtpState, a: &Args, i: usize) -> Result<crate::rules::stone::Point, CommandError> {
    let p = vertex(s, a, i)?;
    if s.board().is_empty(p) {
        return Err(CommandError::failed("dragon vertex must be nonempty"));
    }
    Ok(p)
}

fn color(a: &Args, i: usize) -> Result<Color, CommandError> {
    a.get(i).and_then(parse_color).ok_or_else(|| CommandError::failed("invalid color"))
}

fn field(a: &Args, i: usize) -> Result<Field, CommandError> {
    a.get(i).and_then(Field::from_name).ok_or_else(|| CommandError::failed("unknown influence data"))
}

/// The influence on `b` with `to_move` to play, its dragons judged by the owl.
fn influence(s: &mut GtpState, b: &Board, to_move: Color) -> Influence {
    let dragons = Dragons::compute(b, s.reader(), Some(&OwlLimits::default()));
    Influence::of_dragons(b, &dragons, to_move)
}

/// The stones whose intrusions count in the followup of `color`'s move at `p` (`before` → `after`): the
/// move's string and the strings of `color` the reader could capture before and cannot after.
fn followup_anchors(before: &Board, after: &Board, p: Point, color: Color) -> Vec<bool> {
    let mut anchors = vec![false; ARRAY];
    for q in after.string_stones(p) {
        anchors[usize::from(q)] = true;
    }
    let (mut r0, mut r1) = (Reader::new(before), Reader::new(after));
    for q in after.points() {
        if after.color(q) != Some(color) || anchors[usize::from(q)] || after.string_id(q) != q {
            continue;
        }
        // A string the move joined is already marked; the others are read (those short of liberties).
        if before.color(q) == Some(color)
            && before.liberties(q) <= 4
            && r0.attack(q).0 != Lose
            && r1.attack(q).0 == Lose
        {
            for s in after.string_stones(q) {
                anchors[usize::from(s)] = true;
            }
        }
    }
    anchors
}

/// White's margin estimated from influence: territory values (dead stones included), captures, komi.
fn white_margin(s: &mut GtpState, b: &Board, to_move: Color) -> f32 {
    let inf = influence(s, b, to_move);
    let caps = b.captures(Color::White) as f32 - b.captures(Color::Black) as f32;
    inf.territory_balance(b) + caps + s.game().komi() as f32
}

/// GNU Go's wording: `W+n (upper bound: u, lower: l)`, bounds as white's margin.
fn estimate_text(w: f32) -> String {
    let lead = if w >= 0.0 { format!("W+{w:.1}") } else { format!("B+{:.1}", -w) };
    format!("{lead} (upper bound: {w:.1}, lower: {w:.1})")
}
