//! GNU Go's eye commands over GTP: `eval_eye`, `eye_data`, `half_eye_data` (the eye spaces of
//! [`crate::analysis::eye`] with the stones GNU Go's `make_dragons` treats as dead when it builds them:
//! strings the reader captures without defence and stones enclosed in small regions, not the dragons'
//! final statuses (optics.tst 80 → 82: a dead dragon's stones no longer open the other colour's space
//! through them); a space's single opening joins it as a marginal point, as in GNU Go's domains,
//! [`Eyes::compute_reported`]; valued from the engine's eye database; `half_eye_data` prints 10.00 for
//! points never graded, as GNU Go does, and every decisive diagonal) and `analyze_eyegraph` (the local game of
//! [`crate::analysis::eye_graph`] on a graph given as text), with GNU Go 3.8's answers and error texts.
//!
//! This group reads the position, the reader and the eye database of the engine state
//! ([`crate::gtp::state`]) and must not import the other command groups.

use crate::analysis::dragon::mark_enclosed;
use crate::analysis::eye::{builtin_db, diagonal_moves, Eyes, Safety, Topology};
use crate::analysis::eye_graph::{self, Graph};
use crate::analysis::read_result::ReadResult;
use crate::analysis::reading::Reader;
use crate::gtp::args::{reader, vertex};
use crate::gtp::state::GtpState;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Move, Point, ARRAY};
use crate::rules::vertex::{format_vertex, parse_color, parse_vertex};
use engine_core::command::{CommandError, Registry};

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("eval_eye", "eval_eye VERTEX: min and max eyes of the eye space (attack and defence points)", |s, a| {
        let p = vertex(s, a, 0)?;
        let (b, eyes, _) = eyes(s);
        Ok(match eyes.unique_space(p) {
            None => "-1".into(),
            Some(e) if e.min < e.max => format!(
                "{} {} {} {}",
                e.min,
                e.max,
                format_vertex(&b, e.attack.map_or(Move::Pass, Move::Play)),
                format_vertex(&b, e.defend.map_or(Move::Pass, Move::Play))
            ),
            Some(e) => format!("{} {}", e.min, e.max),
        })
    });
    r.register("eye_data", "eye_data COLOR VERTEX: the eye space data of COLOR at VERTEX", |s, a| {
        let bad = || CommandError::failed("invalid color or coordinate");
        let color = a.get(0).and_then(parse_color).ok_or_else(bad)?;
        let p = match a.get(1).and_then(|t| parse_vertex(t, s.board())) {
            Some(Move::Play(p)) => p,
            _ => return Err(bad()),
        };
        let (b, eyes, _) = eyes(s);
        Ok(eye_data(&b, &eyes, color, p))
    });
    r.register("half_eye_data", "half_eye_data VERTEX: topological eye value and key points at VERTEX", |s, a| {
        let p = vertex(s, a, 0)?;
        let (b, eyes, dead) = eyes(s);
        Ok(half_eye_data(&eyes, &b, &dead, reader(s), p))
    });
    r.register(
        "analyze_eyegraph",
        "analyze_eyegraph GRAPH: eye value and vital points of an eye graph (`%` ends a row, `O` is no vertex)",
        |_, a| analyze_eyegraph(a.get(0).unwrap_or("")),
    );
}

/// The position, its eye spaces with the dragons' dead stones (valued from the engine's database)
/// and those dead stones (also [`crate::gtp::decide`]'s `--decide-eye`).
pub(crate) fn eyes(s: &mut GtpState) -> (Board, Eyes, Vec<bool>) {
    let b = s.board().clone();
    let dead = tactically_dead(&b, reader(s));
    let loaded = s.loaded_eye_db();
    let db = match loaded.as_deref() {
        Some(db) => db,
        None => builtin_db(),
    };
    let eyes = Eyes::compute_reported(&b, &dead, Safety::Read(reader(s)), db);
    (b, eyes, dead)
}

/// GNU Go's `lively` test for the eye spaces it prints: a string is dead only when the reader captures
/// it and finds no defence (stones enclosed in small regions too, as the dragons' first step has it).
fn tactically_dead(b: &Board, r: &mut Reader) -> Vec<bool> {
    let mut dead = vec![false; ARRAY];
    for h in b.points().filter(|&p| b.color(p).is_some() && b.string_id(p) == p) {
        if b.liberties(h) <= 4 && r.attack(h).0 == ReadResult::Win && r.defend(h).0 == ReadResult::Lose {
            for s in b.string_stones(h) {
                dead[usize::from(s)] = true;
            }
        }
    }
    mark_enclosed(b, &mut dead, true, None);
    dead
}

fn eye_data(b: &Board, eyes: &Eyes, color: Color, p: Point) -> String {
    let row = |name: &str, value: String| format!("{name:<21}{value}");
    let lines = match eyes.space(p, color) {
        None => vec![
            row("origin", "PASS".into()),
            row("color", "empty".into()),
            row("esize", "0".into()),
            row("msize", "0".into()),
            row("value", "0000".into()),
            row("marginal", "0".into()),
            row("neighbors", "0".into()),
            row("marginal_neighbors", "0".into()),
        ],
        Some(e) => {
            let inside: Vec<Point> = Board::neighbors(p).iter().copied().filter(|q| e.points.contains(q)).collect();
            let v = e.value;
            vec![
                row("origin", format_vertex(b, Move::Play(e.points[0]))),
                row("color", if color == Color::Black { "black" } else { "white" }.into()),
                row("esize", e.points.len().to_string()),
                row("msize", e.marginal.len().to_string()),
                row("value", format!("{}{}{}{}", v[0], v[1], v[2], v[3])),
                row("marginal", u8::from(e.marginal.contains(&p)).to_string()),
                row("neighbors", inside.len().to_string()),
                row("marginal_neighbors", inside.iter().filter(|q| e.marginal.contains(q)).count().to_string()),
            ]
        }
    };
    lines.join("\n")
}

/// GNU Go's `half_eye_data`: the topological value of a graded point (10.00, GNU Go's "something big",
/// for points not graded), its type and the decisive diagonals ([`diagonal_moves`]) as attack and
/// defence points.
fn half_eye_data(eyes: &Eyes, b: &Board, dead: &[bool], r: &mut Reader, p: Point) -> String {
    // The colour whose eye space holds the point (black first, as GNU Go lists its data).
    let graded = [Color::Black, Color::White].into_iter().find_map(|c| eyes.half_eye(p, c).map(|h| (c, h.0)));
    let (value, kind, moves) = match graded {
        None => (40, "0", Vec::new()),
        Some((c, sum)) => {
            let region = eyes.space(p, c).map(|e| e.points.clone()).unwrap_or_default();
            let moves = diagonal_moves(b, p, c, dead, &region, r);
            let kind = match eyes.topology(p, c) {
                Topology::Half => "HALF_EYE",
                Topology::False => "FALSE_EYE",
                Topology::Proper => "0",
            };
            (sum, kind, moves)
        }
    };
    let mut lines =
        vec![format!("{:<21}{}.{:02}", "value", value / 4, value % 4 * 25), format!("{:<21}{kind}", "type")];
    lines.push(format!("{:<21}{}", "num_attacks", moves.len()));
    for (i, &(a, _)) in moves.iter().enumerate() {
        lines.push(format!("{:<21}{}", format!("attack_point[{i}]"), format_vertex(b, Move::Play(a))));
    }
    lines.push(format!("{:<21}{}", "num_defenses", moves.len()));
    for (i, &(_, d)) in moves.iter().enumerate() {
        lines.push(format!("{:<21}{}", format!("defense_point[{i}]"), format_vertex(b, Move::Play(d))));
    }
    lines.join("\n")
}

/// GNU Go's `analyze_eyegraph`: the value, then the graph with the vital points marked (`*` both sides,
/// `<` the attacker, `>` the defender; `@`, `(`, `)` on marginal vertices).
fn analyze_eyegraph(coded: &str) -> Result<String, CommandError> {
    let rows: Vec<Vec<char>> = coded.split('%').map(|r| r.chars().collect()).collect();
    let mut cells: Vec<(usize, usize)> = Vec::new();
    let (mut marginal, mut stones) = (0u32, 0u32);
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let (m, x) = match ch {
                '.' | '*' | '<' | '>' => (false, false),
                '!' | '@' | '(' | ')' => (true, false),
                'X' => (false, true),
                '$' => (true, true),
                _ => continue,
            };
            if cells.len() == eye_graph::MAX_SOLVE {
                return Err(CommandError::failed(format!("eye graph of more than {} vertices", eye_graph::MAX_SOLVE)));
            }
            marginal |= u32::from(m) << cells.len();
            stones |= u32::from(x) << cells.len();
            cells.push((r, c));
        }
    }
    let adj: Vec<u32> = cells
        .iter()
        .map(|a| {
            cells
                .iter()
                .enumerate()
                .fold(0u32, |m, (j, b)| if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1 { m | 1 << j } else { m })
        })
        .collect();
    let v = if cells.is_empty() {
        eye_graph::GraphValue::default()
    } else {
        eye_graph::solve(&Graph { adj, marginal, stones, anchored: u32::MAX >> (32 - cells.len()) })
    };
    let mut out: Vec<Vec<char>> = rows.iter().map(|r| vec![' '; r.len()]).collect();
    for (i, &(r, c)) in cells.iter().enumerate() {
        let (m, x) = (marginal >> i & 1 != 0, stones >> i & 1 != 0);
        let (at, de) = (v.attacks >> i & 1 != 0, v.defends >> i & 1 != 0);
        out[r][c] = match (m, x, at, de) {
            (false, true, ..) => 'X',
            (true, true, ..) => '$',
            (false, false, true, true) => '*',
            (false, false, true, false) => '<',
            (false, false, false, true) => '>',
            (false, false, false, false) => '.',
            (true, false, true, true) => '@',
            (true, false, true, false) => '(',
            (true, false, false, true) => ')',
            (true, false, false, false) => '!',
        };
    }
    let d = v.digits;
    let graph: Vec<String> = out.into_iter().map(|r| r.into_iter().collect()).collect();
    Ok(format!("{}{}{}{}\n{}", d[0], d[1], d[2], d[3], graph.join("\n")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn analyze_eyegraph_answers() {
        assert_eq!(analyze_eyegraph("!").unwrap(), "0000\n!");
        assert_eq!(analyze_eyegraph("O.%..").unwrap(), "1122\n .\n.*");
        assert_eq!(analyze_eyegraph("X.X").unwrap(), "2222\nX.X");
        assert_eq!(analyze_eyegraph("").unwrap(), "0000\n");
        // GNU Go 3.8's answers to the same graphs.
        assert_eq!(analyze_eyegraph("!...").unwrap(), "1112\n).>.");
        assert_eq!(analyze_eyegraph("....").unwrap(), "1222\n.<<.");
        assert_eq!(analyze_eyegraph("!X").unwrap(), "0011\n@X");
        assert_eq!(analyze_eyegraph(".!.").unwrap(), "0022\n.@.");
        assert!(analyze_eyegraph("..............").is_err());
    }

    #[test]
    fn patterns_dir_brings_its_eyes_db() {
        use crate::gtp::state::load_eye_db;
        // No directory, or one without eyes.db: our own database.
        assert!(load_eye_db(None).is_none());
        assert!(load_eye_db(Some(std::path::Path::new("/nonexistent"))).is_none());
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/patterns");
        if dir.join("eyes.db").is_file() {
            let db = load_eye_db(Some(&dir)).expect("GNU Go's eyes.db");
            assert!(db.errors.is_empty() && db.graphs.len() > 1000);
        }
    }
}
