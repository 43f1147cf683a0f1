//! GNU Go's move generation commands over GTP: `gg_genmove` and `restricted_genmove` (a move by the
//! classic generator, [`crate::genmove::classic`], not played), `genmove_black`/`genmove_white` (GNU
//! Go's old spellings of `genmove COLOR`, by the engine's generator), and the reports on the last
//! classic generation — `move_reasons`, `top_moves`, `top_moves_black`, `top_moves_white`,
//! `all_move_values`, `move_probabilities`, `move_uncertainty` — in GNU Go 3.8's formats and error
//! texts, and GNU Go's limited search: `limit_search N` (non-zero: on), `set_search_diamond VERTEX`
//! (the mask becomes the points within [`SEARCH_DIAMOND`] steps, and the limit is turned on),
//! `set_search_limit VERTEX` (adds a point), `reset_search_mask`; with the limit on, `genmove` (not
//! `gg_genmove`, as in GNU Go) chooses among the masked points and passes when the mask is empty.
//! GNU Go 3.8 dies on `set_search_limit` without a vertex and accepts an invalid one silently; we
//! answer `invalid coordinate` to both.
//!
//! GNU Go's reports: `top_moves` lists up to ten moves of positive value, best first, as `MOVE VALUE`
//! pairs each followed by a space (values with two decimals); `all_move_values` one `MOVE VALUE` line
//! per valued point (the move left-aligned in three columns) in board order from the top row;
//! `move_reasons` a line `Move reasons:` after an empty first line, then one `Move at …` line per
//! reason, the reasons last found first (GNU Go lists them in that order). GNU Go's extra empty line
//! after an empty list and its remarks on move safety (`strategically or tactically unsafe`, from its
//! valuation) are not reproduced.
//!
//! This group reads the position and the engine state's reader and last generation
//! ([`crate::gtp::state`]) and must not import the other command groups.

use crate::genmove::selection::probabilities;
use crate::gtp::args::vertex;
use crate::gtp::state::GtpState;
use crate::gtp::trace::reason_text;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Move, Point};
use crate::rules::vertex::{format_vertex, parse_color, parse_vertex};
use engine_core::command::{Args, CommandError, Registry};

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("gg_genmove", "gg_genmove COLOR: the classic generator's move, not played", |s, a| {
        let color = color_arg(a)?;
        let chosen = s.generate_classic(color, None).chosen;
        Ok(v(s.board(), chosen.map(|(p, _)| p)))
    });
    r.register(
        "restricted_genmove",
        "restricted_genmove COLOR VERTEX...: the classic generator's best move among the vertices, not played",
        restricted_genmove,
    );
    r.register("genmove_black", "genmove_black: genmove black (GNU Go's old name)", |s, _| {
        play_generated(s, Color::Black)
    });
    r.register("genmove_white", "genmove_white: genmove white (GNU Go's old name)", |s, _| {
        play_generated(s, Color::White)
    });
    r.register("move_reasons", "move_reasons VERTEX: the reasons the last generation found for the move", |s, a| {
        let p = vertex(s, a, 0)?;
        if !s.board().is_empty(p) {
            return Err(CommandError::failed("vertex must not be occupied"));
        }
        let b = s.board();
        let mut lines = vec![String::new(), "Move reasons:".to_string()];
        if let Some(g) = s.last_generation() {
            for &reason in g.reasons.at(p).reasons.iter().rev() {
                lines.push(reason_text(b, p, reason));
            }
        }
        Ok(lines.join("\n"))
    });
    r.register("top_moves", "top_moves: the best moves of the last generation and their values", |s, _| {
        Ok(s.last_generation().map_or_else(String::new, |g| top_moves(s.board(), &g.values)))
    });
    r.register("top_moves_black", "top_moves_black: the best moves for black and their values", |s, _| {
        let values = s.generate_classic(Color::Black, None).values.clone();
        Ok(top_moves(s.board(), &values))
    });
    r.register("top_moves_white", "top_moves_white: the best moves for white and their values", |s, _| {
        let values = s.generate_classic(Color::White, None).values.clone();
        Ok(top_moves(s.board(), &values))
    });
    r.register("all_move_values", "all_move_values: every valued move of the last generation", |s, _| {
        let b = s.board();
        let Some(g) = s.last_generation() else { return Ok(String::new()) };
        let lines: Vec<String> = g
            .values
            .iter()
            .filter(|&&(_, x)| x > 0.0)
            .map(|&(p, x)| format!("{:<3} {:.2}", format_vertex(b, Move::Play(p)), x))
            .collect();
        Ok(lines.join("\n"))
    });
    r.register("move_probabilities", "move_probabilities: each move's probability in the last generation", |s, _| {
        let b = s.board();
        let Some(g) = s.last_generation() else { return Ok(String::new()) };
        let lines: Vec<String> = probabilities::move_probabilities(&g.values)
            .iter()
            .map(|&(p, x)| format!("{} {:.4}", format_vertex(b, Move::Play(p)), x))
            .collect();
        Ok(lines.join("\n"))
    });
    r.register("move_uncertainty", "move_uncertainty: bits of uncertainty in the last generation's move", |s, _| {
        let bits = s.last_generation().map_or(0.0, |g| probabilities::move_uncertainty(&g.values));
        Ok(format!("{bits:.4}"))
    });
    r.register("limit_search", "limit_search VALUE: genmove among the search mask only (0: off)", |s, a| {
        let n = a.get(0).and_then(leading_int).ok_or_else(|| CommandError::failed("invalid value for search limit"))?;
        s.set_limit_search(n != 0);
        Ok(String::new())
    });
    r.register("set_search_diamond", "set_search_diamond VERTEX: limit the search to the diamond around it", |s, a| {
        let p = search_vertex(s, a)?;
        let b = s.board();
        let (pc, pr) = b.coords(p);
        let diamond: Vec<Point> = b
            .points()
            .filter(|&q| {
                let (c, r) = b.coords(q);
                (i32::from(c) - i32::from(pc)).abs() + (i32::from(r) - i32::from(pr)).abs() <= SEARCH_DIAMOND
            })
            .collect();
        s.reset_search_mask();
        s.mark_search_area(diamond);
        s.set_limit_search(true);
        Ok(String::new())
    });
    r.register("set_search_limit", "set_search_limit VERTEX: add the vertex to the search mask", |s, a| {
        let p = search_vertex(s, a)?;
        s.mark_search_area([p]);
        Ok(String::new())
    });
    r.register("reset_search_mask", "reset_search_mask: empty the search mask", |s, _| {
        s.reset_search_mask();
        Ok(String::new())
    });
}

/// The radius (in steps along the lines) of `set_search_diamond`'s diamond, as GNU Go 3.8 draws it.
pub const SEARCH_DIAMOND: i32 = 6;

/// A vertex argument of the search-mask commands (GNU Go's error text; a pass is no vertex).
fn search_vertex(s: &GtpState, a: &Args) -> Result<Point, CommandError> {
    match a.get(0).and_then(|t| parse_vertex(t, s.board())) {
        Some(Move::Play(p)) => Ok(p),
        _ => Err(CommandError::failed("invalid coordinate")),
    }
}

/// The integer at the start of `t` (C's `sscanf("%d")`: `1.5` reads 1, `x` nothing).
fn leading_int(t: &str) -> Option<i64> {
    let sign_len = usize::from(t.starts_with(['-', '+']));
    let digits = t[sign_len..].chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    t[..sign_len + digits].parse().ok()
}

fn v(b: &Board, p: Option<Point>) -> String {
    format_vertex(b, p.map_or(Move::Pass, Move::Play))
}

fn color_arg(a: &Args) -> Result<Color, CommandError> {
    a.get(0).and_then(parse_color).ok_or_else(|| CommandError::failed("invalid color"))
}

fn restricted_genmove(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let color = color_arg(a)?;
    let mut allowed = Vec::new();
    let mut i = 1;
    while let Some(t) = a.get(i) {
        match parse_vertex(t, s.board()) {
            Some(Move::Play(p)) => allowed.push(p),
            _ => return Err(CommandError::failed("invalid coordinate")),
        }
        i += 1;
    }
    if allowed.is_empty() {
        return Err(CommandError::failed("no allowed vertex"));
    }
    let chosen = s.generate_classic(color, Some(&allowed)).chosen;
    Ok(v(s.board(), chosen.map(|(p, _)| p)))
}

/// `genmove COLOR` under GNU Go's old name: the engine's generator chooses, the move is played.
fn play_generated(s: &mut GtpState, color: Color) -> Result<String, CommandError> {
    let Some(mv) = s.generate(color, false).as_move() else {
        s.game_mut().resign(color);
        return Ok("resign".into());
    };
    let text = format_vertex(s.board(), mv);
    s.game().check_move(color, mv).map_err(|_| CommandError::failed("illegal move"))?;
    s.note_generated_move(color, mv);
    s.game_mut().play(color, mv).map_err(|_| CommandError::failed("illegal move"))?;
    Ok(text)
}

/// GNU Go's `top_moves` answer: up to ten moves of positive value, best first, each `MOVE VALUE `.
fn top_moves(b: &Board, values: &[(Point, f32)]) -> String {
    crate::genmove::selection::top(values, 10)
        .iter()
        .map(|&(p, x)| format!("{} {:.2} ", format_vertex(b, Move::Play(p)), x))
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::gtp::{engine, Options};

    fn run(lines: &[&str]) -> Vec<String> {
        let mut e = engine(Options { boardsize: 9, ..Options::default() });
        lines.iter().filter_map(|l| e.handle_line(l)).collect()
    }

    /// Black's corner group with a straight three inside White's wall (see `genmove::gather`'s tests):
    /// GNU Go 3.8 answers `move_reasons B1` after `gg_genmove white` with "Move at B1 owl-attacks A2"
    /// and "Move at B1 attacks A2" (after its own "strategically defends A3"), the reasons last found first.
    pub(super) const SETUP: [&str; 15] = [
        "play b a2",
        "play b b2",
        "play b c2",
        "play b d2",
        "play b d1",
        "play w a3",
        "play w b3",
        "play w c3",
        "play w d3",
        "play w e3",
        "play w e2",
        "play w e1",
        "play w g7",
        "play b c7",
        "top_moves",
    ];

    #[test]
    fn reasons_values_and_errors_in_gnu_go_formats() {
        let mut cmds: Vec<&str> = SETUP.to_vec();
        cmds.extend([
            "move_reasons B1",
            "gg_genmove white",
            "move_reasons B1",
            "move_reasons A1",
            "move_reasons A2",
            "move_reasons Z1",
            "restricted_genmove white B1 C1",
            "restricted_genmove white J1",
            "restricted_genmove white",
            "restricted_genmove white Z1",
            "restricted_genmove x B1",
        ]);
        let out = run(&cmds);
        let answers: Vec<&str> = out[SETUP.len() - 1..].iter().map(|s| s.as_str()).collect();
        assert_eq!(answers[0], "= \n\n", "no generation yet: top_moves says nothing");
        // GNU Go adds one more empty line here; the framing ends every answer with one.
        assert_eq!(answers[1], "= \nMove reasons:\n\n", "no generation yet: no reasons");
        assert!(answers[2].starts_with("= "));
        assert!(answers[3].starts_with("= \nMove reasons:\n") && answers[3].ends_with("\n\n"));
        let lines: Vec<&str> = answers[3].trim_end().lines().skip(2).collect();
        assert!(lines.contains(&"Move at B1 owl-attacks A2"), "{lines:?}");
        assert!(lines.contains(&"Move at B1 attacks A2"), "{lines:?}");
        // Found after the tactical attack, so listed before it.
        let pos = |t: &str| lines.iter().position(|l| *l == t).unwrap();
        assert!(pos("Move at B1 owl-attacks A2") < pos("Move at B1 attacks A2"));
        assert_eq!(answers[4], "= \nMove reasons:\n\n");
        assert_eq!(answers[5], "? vertex must not be occupied\n\n");
        assert_eq!(answers[6], "? invalid coordinate\n\n");
        assert_eq!(answers[7], "= B1\n\n");
        assert_eq!(answers[8], "= PASS\n\n");
        assert_eq!(answers[9], "? no allowed vertex\n\n");
        assert_eq!(answers[10], "? invalid coordinate\n\n");
        assert_eq!(answers[11], "? invalid color\n\n");
    }

    #[test]
    fn top_moves_and_all_move_values_list_the_last_generation() {
        let mut cmds: Vec<&str> = SETUP[..SETUP.len() - 1].to_vec();
        cmds.extend(["top_moves_black", "top_moves", "all_move_values", "move_reasons B1"]);
        let out = run(&cmds);
        let n = SETUP.len() - 1;
        let top = out[n].trim_end();
        assert_eq!(out[n + 1], out[n], "top_moves repeats the last generation's");
        // `MOVE VALUE ` pairs, best first, two decimals.
        let words: Vec<&str> = top.trim_start_matches("= ").split(' ').collect();
        assert!(words.len() >= 2 && words.len().is_multiple_of(2), "{top}");
        let values: Vec<f32> = words.chunks(2).map(|c| c[1].parse().unwrap()).collect();
        assert!(values.windows(2).all(|w| w[0] >= w[1]) && words[1].split('.').nth(1).unwrap().len() == 2);
        // E7 first, as GNU Go 3.8's `top_moves_black` (E7 55.81, F6 35.54, B1 17.42); B1 (owl-defends
        // A2) has fallen out of our ten since the territorial reasons (gather/territory.rs) added
        // the open points.
        assert_eq!(words[0], "E7", "{top}");
        // all_move_values: `MOVE VALUE` lines, the move in three columns, board order from the top.
        let all = out[n + 2].trim_start_matches("= ").trim_end();
        assert!(all.lines().any(|l| l.starts_with("B1  ")), "{all}");
        assert!(out[n + 3].contains("Move at B1 owl-defends A2"), "{}", out[n + 3]);
    }
}

#[cfg(test)]
mod search_and_probabilities {
    use super::tests::SETUP;
    use crate::gtp::{engine, Options};

    fn run(lines: &[&str]) -> Vec<String> {
        let mut e = engine(Options { boardsize: 9, ..Options::default() });
        lines.iter().filter_map(|l| e.handle_line(l)).collect()
    }

    /// GNU Go 3.8 on SETUP after `gg_genmove white`: `move_probabilities` "= E7 1.0000" (its best move
    /// stands a point and more above the next), `move_uncertainty` "= 0.0000"; before any generation
    /// both say nothing and 0.
    #[test]
    fn probabilities_and_uncertainty_in_gnu_go_formats() {
        let mut cmds: Vec<&str> = vec!["move_probabilities", "move_uncertainty"];
        cmds.extend(&SETUP[..SETUP.len() - 1]);
        cmds.extend(["gg_genmove white", "move_probabilities", "move_uncertainty"]);
        let out = run(&cmds);
        assert_eq!(out[0], "= \n\n");
        assert_eq!(out[1], "= 0.0000\n\n");
        let n = out.len();
        let chosen = out[n - 3].trim_start_matches("= ").trim_end().to_string();
        assert_eq!(out[n - 2], format!("= {chosen} 1.0000\n\n"), "one certain move, four decimals");
        assert_eq!(out[n - 1], "= 0.0000\n\n");
    }

    /// GNU Go 3.8's answers: `limit_search x` and `limit_search` fail with "invalid value for search
    /// limit", `limit_search 1.5` is accepted (C's `%d`), `set_search_diamond` without a vertex or
    /// with an invalid one fails with "invalid coordinate"; with the limit on and an empty mask
    /// `genmove` passes; `set_search_diamond VERTEX` limits `genmove` (not `gg_genmove`) to the
    /// points within six steps of the vertex (GNU Go played C3 in A1's diamond on an empty 19x19
    /// board after R16 D4, its unlimited choice elsewhere); `limit_search 0` lifts it.
    #[test]
    fn the_search_mask_limits_genmove() {
        let mut e = engine(Options { boardsize: 9, ..Options::default() });
        let mut ask = |l: &str| e.handle_line(l).unwrap();
        assert_eq!(ask("limit_search x"), "? invalid value for search limit\n\n");
        assert_eq!(ask("limit_search"), "? invalid value for search limit\n\n");
        assert_eq!(ask("set_search_diamond"), "? invalid coordinate\n\n");
        assert_eq!(ask("set_search_diamond Z9"), "? invalid coordinate\n\n");
        assert_eq!(ask("set_search_limit pass"), "? invalid coordinate\n\n");
        assert_eq!(ask("limit_search 1.5"), "= \n\n");
        assert_eq!(ask("genmove w"), "= PASS\n\n", "the limit is on and the mask empty");
        for l in &SETUP[..SETUP.len() - 1] {
            ask(l);
        }
        // Unlimited, white's best is C8 (B1 next); B1's diamond leaves C8 out (eight steps away).
        assert_eq!(ask("gg_genmove w"), "= C8\n\n");
        assert_eq!(ask("set_search_diamond B1"), "= \n\n");
        assert_eq!(ask("gg_genmove w"), "= C8\n\n", "gg_genmove ignores the limit, as GNU Go's");
        assert_eq!(ask("genmove w"), "= B1\n\n");
        assert_eq!(ask("undo"), "= \n\n");
        assert_eq!(ask("reset_search_mask"), "= \n\n");
        assert_eq!(ask("set_search_limit A1"), "= \n\n");
        let mv = ask("genmove b");
        assert!(mv == "= A1\n\n" || mv == "= PASS\n\n", "A1 is the only point of the mask: {mv}");
        assert_eq!(ask("limit_search 0"), "= \n\n");
        assert!(ask("genmove w").starts_with("= "));
    }
}

#[cfg(test)]
mod engine_choice {
    use crate::gtp::{engine, EngineKind, Options};

    #[test]
    fn the_classic_engine_is_behind_genmove_when_chosen() {
        let setup = super::tests::SETUP;
        let mut e = engine(Options { boardsize: 9, engine: EngineKind::Classic, ..Options::default() });
        let mut out: Vec<String> = setup.iter().filter_map(|l| e.handle_line(l)).collect();
        for cmd in ["gg_genmove white", "reg_genmove white", "genmove_white", "gg_genmove black", "genmove black"] {
            out.push(e.handle_line(cmd).unwrap());
        }
        let n = setup.len();
        assert_eq!(out[n], out[n + 1], "reg_genmove answers as gg_genmove");
        assert_eq!(out[n], out[n + 2], "genmove_white answers as gg_genmove, and plays");
        assert_eq!(out[n + 3], out[n + 4]);
        assert!(out[n].starts_with("= ") && !out[n].contains("PASS"), "{}", out[n]);
    }
}

#[cfg(test)]
mod output_notes {
    use crate::gtp::{engine, EngineKind, Options, OutputFlags};

    /// With `--output-flags v`, the generated move's node carries the values `top_moves` lists (two
    /// decimals); a move taken back takes its note with it, and a move played in its place has none.
    #[test]
    fn printsgf_labels_generated_moves_with_the_values_of_top_moves() {
        let flags = OutputFlags::parse("v").unwrap();
        let mut e =
            engine(Options { boardsize: 9, engine: EngineKind::Classic, output_flags: flags, ..Options::default() });
        let mut ask = |l: &str| e.handle_line(l).unwrap();
        ask("play b e5");
        let mv = ask("genmove w");
        let top = ask("top_moves");
        let sgf = ask("printsgf");
        let node = sgf.lines().find(|l| l.starts_with(";W[")).expect("white's move");
        assert!(node.contains("LB["), "{sgf}");
        // Every `top_moves` pair is a label of the move's node.
        let words: Vec<&str> = top.trim_start_matches("= ").split_whitespace().collect();
        assert!(words.len() >= 2, "{top}");
        for pair in words.chunks(2) {
            let v = crate::rules::vertex::parse_vertex(pair[0], &crate::Board::new(9)).unwrap();
            let crate::Move::Play(p) = v else { panic!("{top}") };
            let (c, r) = crate::Board::new(9).coords(p);
            let label = format!("[{}:{}]", engine_core::sgf::format_point(c, r), pair[1]);
            assert!(node.contains(&label), "{label} missing from {node} ({mv})");
        }
        ask("undo");
        ask("play w j9");
        let sgf = ask("printsgf");
        assert!(!sgf.contains("LB["), "the note went with the move taken back: {sgf}");
        // The same move played again on the same line is the move the note was made for.
        ask("undo");
        ask(&format!("play w {}", mv.trim_start_matches("= ").trim()));
        assert!(ask("printsgf").contains("LB["));
        // Without flags, nothing is noted.
        let mut plain = engine(Options { boardsize: 9, engine: EngineKind::Classic, ..Options::default() });
        plain.handle_line("genmove b");
        assert!(!plain.handle_line("printsgf").unwrap().contains("LB["));
    }
}
