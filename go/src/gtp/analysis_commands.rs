//! GNU Go's reading extension commands over GTP (`attack`, `defend`, `countlib`, `trymove`/`popgo`,
//! `unconditional_status`, `connect`, `break_in`/`block_off`, `same_dragon` (the dragons of [`crate::analysis::dragon`], confirmed
//! by the connection reader), `worm_data` (every field, [`crate::analysis::worm::worms_read`]),
//! combinations, ...), with GNU Go 3.8's
//! exact names, answers and error strings, so its regression suites (`reading.tst`, `connection.tst`,
//! `unconditional.tst`) can grade the engine.
//!
//! This module owns the command handlers, registered by [`register`] over the engine state of
//! [`crate::gtp::state`], which they read through its accessors: the position, the `trymove` stack and
//! the reader with its cache and node counter ([`GtpState::reader`]). The analysis itself lives in the
//! analysis layer: [`crate::analysis::reading`], [`crate::analysis::connection`],
//! [`crate::analysis::worm`], [`crate::game::unconditional`]; results are printed as GNU Go's numbers by
//! [`crate::analysis::read_result::ReadResult::gtp_code`]. The owl, dragon and eye commands are their own
//! groups; no other command group is imported.

use crate::analysis::connection;
use crate::analysis::dragon::Dragons;
use crate::analysis::worm;
use crate::game::unconditional::unconditional_statuses;
use crate::gtp::args::{code_move, list, move_and_stone, move_arg, reader, stone, vertex};
use crate::gtp::state::GtpState;
use crate::rules::stone::{Color, Move, Point};
use crate::rules::vertex::{format_vertex, parse_color, parse_vertex};
use engine_core::command::{Args, CommandError, Registry};

/// Registers every analysis command on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("echo", "echo ARGS: answers its arguments", |_, a| Ok(a.tokens().join(" ")));
    r.register("echo_err", "echo ARGS also to stderr", |_, a| {
        let t = a.tokens().join(" ");
        eprintln!("{t}");
        Ok(t)
    });
    r.register("countlib", "countlib VERTEX: liberties of the string", |s, a| {
        let p = stone(s, a, 0)?;
        Ok(s.board().liberties(p).to_string())
    });
    r.register("findlib", "findlib VERTEX: the liberties of the string", |s, a| {
        let p = stone(s, a, 0)?;
        let b = s.board();
        let mut libs = Vec::new();
        b.string_liberties(p, usize::MAX, &mut libs);
        Ok(list(b, libs))
    });
    r.register("accuratelib", "accuratelib COLOR VERTEX: liberties a stone played there gets", accuratelib);
    r.register("accurate_approxlib", "accurate_approxlib COLOR VERTEX: as accuratelib", accuratelib);
    r.register("captures", "captures COLOR: stones captured by that colour", |s, a| {
        let c = a.get(0).and_then(parse_color).ok_or_else(|| CommandError::failed("invalid color"))?;
        Ok(s.board().captures(c).to_string())
    });
    r.register("is_legal", "is_legal COLOR VERTEX: 1 if the move is legal", |s, a| {
        let (c, mv) = move_arg(s, a)?;
        Ok(if s.game().check_move(c, mv).is_ok() { "1" } else { "0" }.into())
    });
    r.register("all_legal", "all_legal COLOR: every legal move", |s, a| {
        let c = a.get(0).and_then(parse_color).ok_or_else(|| CommandError::failed("invalid color"))?;
        let b = s.board();
        let pts = b.points().filter(|&p| s.game().check_move(c, Move::Play(p)).is_ok()).collect();
        Ok(list(b, pts))
    });
    r.register("trymove", "trymove COLOR VERTEX: play a move that popgo takes back", |s, a| trymove(s, a, false));
    r.register("tryko", "tryko COLOR VERTEX: trymove allowing an illegal ko capture", |s, a| trymove(s, a, true));
    r.register("popgo", "popgo: take back a trymove or tryko", |s, _| match s.analysis_mut().pop_tried() {
        Some(g) => {
            *s.game_mut() = g;
            Ok(String::new())
        }
        None => Err(CommandError::failed("Stack empty.")),
    });
    r.register("clear_cache", "clear_cache: forget cached reading results", |s, _| {
        s.analysis_mut().reader_mut().clear_cache();
        crate::analysis::owl_memo::clear();
        Ok(String::new())
    });
    r.register("get_reading_node_counter", "reading nodes since the last reset", |s, _| {
        Ok(s.analysis_mut().reader_mut().nodes.to_string())
    });
    r.register("reset_reading_node_counter", "set the reading node counter to zero", |s, _| {
        s.analysis_mut().reset_reading_nodes();
        Ok(String::new())
    });
    r.register("increase_depths", "increase the reading depths by one", |s, _| {
        s.analysis_mut().reader_mut().limits.shift(1);
        Ok(String::new())
    });
    r.register("decrease_depths", "decrease the reading depths by one", |s, _| {
        s.analysis_mut().reader_mut().limits.shift(-1);
        Ok(String::new())
    });
    r.register("get_random_seed", "the random seed", |s, _| Ok(s.options().seed.to_string()));
    r.register("set_random_seed", "set_random_seed N", |s, a| {
        let seed = a.get(0).and_then(|t| t.parse::<u64>().ok()).ok_or_else(|| CommandError::failed("invalid seed"))?;
        s.set_seed(seed);
        Ok(String::new())
    });
    r.register("worm_stones", "worm_stones [VERTEX] [COLOR]: the stones of worms", worm_stones);
    r.register("worm_cutstone", "worm_cutstone VERTEX: the cutstone field", |s, a| {
        let p = stone(s, a, 0)?;
        Ok(worm::cutstone(s.board(), p).to_string())
    });
    r.register("worm_data", "worm_data [VERTEX]: the worm data structure", worm_data);
    r.register("unconditional_status", "unconditional_status VERTEX", |s, a| {
        let p = vertex(s, a, 0)?;
        let st = unconditional_statuses(s.board());
        Ok(st[usize::from(p)].gtp_name().into())
    });
    r.register("attack", "attack VERTEX: code and move capturing the string", |s, a| {
        let p = stone(s, a, 0)?;
        let (code, mv) = reader(s).attack(p);
        Ok(code_move(s.board(), code, mv))
    });
    r.register("defend", "defend VERTEX: code and move saving the string", |s, a| {
        let p = stone(s, a, 0)?;
        let (code, mv) = reader(s).defend(p);
        Ok(code_move(s.board(), code, mv))
    });
    r.register("ladder_attack", "ladder_attack VERTEX: attack by ladder only", |s, a| {
        let p = stone(s, a, 0)?;
        match reader(s).ladder_attack(p) {
            Some((code, mv)) => Ok(code_move(s.board(), code, mv)),
            None => Err(CommandError::failed("string must have exactly 2 liberties")),
        }
    });
    r.register("does_attack", "does_attack MOVE VERTEX: code of that attack", |s, a| {
        let (m, p) = move_and_stone(s, a)?;
        Ok(reader(s).does_attack(m, p).gtp_code().to_string())
    });
    r.register("does_defend", "does_defend MOVE VERTEX: code of that defense", |s, a| {
        let (m, p) = move_and_stone(s, a)?;
        Ok(reader(s).does_defend(m, p).gtp_code().to_string())
    });
    r.register("attack_either", "attack_either V1 V2: can either string be captured", |s, a| {
        let (p, q) = (stone(s, a, 0)?, stone(s, a, 1)?);
        Ok(reader(s).attack_either(p, q).gtp_code().to_string())
    });
    r.register("defend_both", "defend_both V1 V2: can both strings be saved", |s, a| {
        let (p, q) = (stone(s, a, 0)?, stone(s, a, 1)?);
        Ok(reader(s).defend_both(p, q).gtp_code().to_string())
    });
    r.register("connect", "connect V1 V2: code and move connecting the strings", |s, a| {
        let (p, q) = (stone(s, a, 0)?, stone(s, a, 1)?);
        let (code, mv) = connection::connect(reader(s), p, q);
        Ok(code_move(s.board(), code, mv))
    });
    r.register("disconnect", "disconnect V1 V2: code and move cutting the strings", |s, a| {
        let (p, q) = (stone(s, a, 0)?, stone(s, a, 1)?);
        let (code, mv) = connection::disconnect(reader(s), p, q);
        Ok(code_move(s.board(), code, mv))
    });
    r.register("break_in", "break_in V VERTICES: code and move by which the string reaches the area", |s, a| {
        let (p, goal) = string_and_area(s, a)?;
        let (code, mv) = connection::break_in(reader(s), p, &goal);
        Ok(code_move(s.board(), code, mv))
    });
    r.register("block_off", "block_off V VERTICES: code and move keeping the string out of the area", |s, a| {
        let (p, goal) = string_and_area(s, a)?;
        let (code, mv) = connection::block_off(reader(s), p, &goal);
        Ok(code_move(s.board(), code, mv))
    });
    r.register("same_dragon", "same_dragon V1 V2: 1 if the stones are in one dragon", |s, a| {
        let (p, q) = (stone(s, a, 0)?, stone(s, a, 1)?);
        let b = s.board().clone();
        // One dragon when the amalgamation joins them and the connection reader cannot cut them apart: the
        // amalgamation alone joins too much through distant strings (connection.tst 95/128 against 100 for
        // the reader alone; both together do at least as well as either).
        let ds = Dragons::compute(&b, reader(s), None);
        Ok(if ds.same(p, q) && connection::same_dragon(reader(s), p, q) { "1" } else { "0" }.into())
    });
    r.register("combination_attack", "combination_attack COLOR: a capturing combination, or PASS", |s, a| {
        let c = a.get(0).and_then(parse_color).ok_or_else(|| CommandError::failed("invalid color"))?;
        let mv = combination(s, c, false).map(|k| k.attack);
        Ok(format_vertex(s.board(), mv.map_or(Move::Pass, Move::Play)))
    });
    r.register(
        "combination_defend",
        "combination_defend COLOR: the other colour's moves defending against COLOR's combination",
        |s, a| {
            let c = a.get(0).and_then(parse_color).ok_or_else(|| CommandError::failed("invalid color"))?;
            // GNU Go's convention: COLOR is the attacker; the answer is the other colour's defences.
            let moves = combination(s, c, true).map(|k| k.defenses).unwrap_or_default();
            if moves.is_empty() {
                Ok("PASS".into())
            } else {
                Ok(list(s.board(), moves))
            }
        },
    );
}

/// `color`'s combination attack on the current position (every string of the defender not
/// attackable now is a target), with its defences when `defenses`.
fn combination(s: &mut GtpState, color: Color, defenses: bool) -> Option<crate::analysis::combination::Combination> {
    let mut search = crate::analysis::combination::CombinationSearch::new();
    search.find(reader(s), color, &|_| false, defenses)
}

fn accuratelib(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let (c, mv) = move_arg(s, a)?;
    let Move::Play(p) = mv else { return Err(CommandError::failed("invalid color or coordinate")) };
    let b = s.board();
    if !b.is_empty(p) {
        return Err(CommandError::failed("vertex must be empty"));
    }
    let mut t = b.clone();
    t.set_allow_suicide(true);
    t.play_unchecked(p, c);
    let mut libs = Vec::new();
    if t.color(p) == Some(c) {
        t.string_liberties(p, usize::MAX, &mut libs);
    }
    Ok(list(b, libs))
}

/// The deepest `trymove`/`tryko` stack: each level keeps a copy of the game (up to about 1 MB for a game at
/// [`crate::rules::stone::MAX_GAME_MOVES`]), so without a bound a few thousand `trymove` commands would hold gigabytes.
/// Regression suites go a few levels deep.
pub const MAX_TRY_DEPTH: usize = 64;

fn trymove(s: &mut GtpState, a: &Args, ko: bool) -> Result<String, CommandError> {
    let (c, mv) = move_arg(s, a)?;
    if s.analysis().tried_depth() >= MAX_TRY_DEPTH {
        return Err(CommandError::failed(format!("too many trymove levels (at most {MAX_TRY_DEPTH})")));
    }
    let saved = s.game().clone();
    let to_move = s.game().to_move();
    if ko {
        // A pass by the opponent lifts the ko; the saved game restores everything on popgo.
        let _ = s.game_mut().play(c.opponent(), Move::Pass);
    }
    if s.game_mut().play(c, mv).is_err() {
        *s.game_mut() = saved;
        return Err(CommandError::failed("illegal move"));
    }
    s.game_mut().set_to_move(to_move);
    s.analysis_mut().push_tried(saved);
    Ok(String::new())
}

fn worm_stones(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let b = s.board();
    let mut only: Option<Point> = None;
    let mut color: Option<Color> = None;
    for t in a.tokens() {
        if let Some(c) = parse_color(t) {
            color = Some(c);
        } else {
            match parse_vertex(t, b) {
                Some(Move::Play(p)) => only = Some(p),
                _ => return Err(CommandError::failed("invalid coordinate")),
            }
        }
    }
    if let Some(p) = only {
        if b.is_empty(p) {
            return Err(CommandError::failed("worm_stones called on an empty vertex"));
        }
    }
    let mut lines = Vec::new();
    for p in b.points() {
        let Some(c) = b.color(p) else { continue };
        if b.string_id(p) != p || color.is_some_and(|w| w != c) {
            continue;
        }
        if only.is_some_and(|q| b.string_id(q) != p) {
            continue;
        }
        let mut stones: Vec<Point> = b.string_stones(p).collect();
        stones.sort_unstable();
        lines.push((stones[0], stones.iter().map(|&q| format_vertex(b, Move::Play(q)) + " ").collect::<String>()));
    }
    lines.sort();
    Ok(lines.into_iter().map(|(_, l)| l).collect::<Vec<_>>().join("\n"))
}

fn worm_data(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    let only = match a.get(0) {
        None => None,
        // GNU Go's text for a bad vertex here.
        Some(_) => Some(vertex(s, a, 0).map_err(|_| CommandError::failed("invalid color or coordinate"))?),
    };
    let statuses = unconditional_statuses(s.board());
    let board = s.board().clone();
    let worms = worm::worms_read(&board, reader(s));
    let mut out = Vec::new();
    for p in board.points() {
        if only.is_some_and(|q| q != p) || (only.is_none() && board.is_empty(p)) {
            continue;
        }
        let w = &worms[usize::from(p)];
        let (attack, defense) = (w.attack(), w.defense());
        let v = |m: Option<Point>| format_vertex(&board, m.map_or(Move::Pass, Move::Play));
        let color = match board.color(p) {
            Some(Color::Black) => "black",
            Some(Color::White) => "white",
            None => "empty",
        };
        let status = match statuses[usize::from(p)].gtp_name() {
            "alive" => "alive",
            "dead" => "dead",
            _ => "unknown",
        };
        out.push(format!(
            "{}:\norigin               {}\ncolor                {color}\nsize                 {}\n\
             effective_size       {:.2}\nliberties            {}\nliberties2           {}\n\
             liberties3           {}\nliberties4           {}\nattack_code          {}\n\
             attack_point         {}\ndefense_code         {}\ndefense_point        {}\n\
             lunch                {}\ncutstone             {}\ncutstone2            {}\n\
             genus                {}\ninessential          {}\ninvincible           {}\n\
             unconditional_status {status}",
            v(Some(p)),
            v(Some(w.origin)),
            w.size,
            w.effective_size,
            w.liberties[0],
            w.liberties[1],
            w.liberties[2],
            w.liberties[3],
            // `worm_data` prints GNU Go's internal codes (WIN 5, KO_A 4, KO_B 3), not the GTP ones.
            attack.0.pattern_code(),
            v(attack.1),
            defense.0.pattern_code(),
            v(defense.1),
            v(w.lunch),
            w.cutstone,
            w.cutstone2,
            w.genus,
            u8::from(w.inessential),
            u8::from(w.invincible),
        ));
    }
    Ok(out.join("\n"))
}

/// `break_in`/`block_off` arguments: a stone, then the goal's vertices (GNU Go checks every vertex first,
/// then that the first is a stone).
fn string_and_area(s: &GtpState, a: &Args) -> Result<(Point, Vec<Point>), CommandError> {
    let goal = (1..a.len()).map(|i| vertex(s, a, i)).collect::<Result<Vec<_>, _>>()?;
    Ok((stone(s, a, 0)?, goal))
}
