//! GNU Go's setup and query commands that its regression suites and tools use besides the standard ones:
//! `black`/`white` (play a move of that colour), `color`, `list_stones`, `last_move`, `move_history`,
//! `query_boardsize`, `get_handicap`, `cputime`, and the node counters that are not the owl's own
//! (`get`/`reset_life_node_counter`, `get`/`reset_connection_node_counter`, `get`/`reset_trymove_counter`),
//! with GNU Go 3.8's answers and error texts ("invalid coordinate", "illegal move", "invalid color",
//! "no previous move known").
//!
//! This group reads the game and the reader of the engine state ([`crate::gtp::state`]) and the connection
//! reader's node counter ([`crate::analysis::connection`]); it must not import the other command groups.
//! The owl's counter belongs to the owl commands.

use crate::analysis::connection;
use crate::gtp::args::list;
use crate::gtp::state::GtpState;
use crate::rules::stone::{Color, Move, Point};
use crate::rules::vertex::{format_color, format_vertex, parse_color, parse_vertex};
use engine_core::command::{Args, CommandError, Registry};

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("black", "black VERTEX: play a black move (GNU Go's setup command)", |s, a| play(s, a, Color::Black));
    r.register("white", "white VERTEX: play a white move (GNU Go's setup command)", |s, a| play(s, a, Color::White));
    r.register("color", "color VERTEX: black, white or empty", |s, a| {
        let b = s.board();
        let p = match a.get(0).and_then(|t| parse_vertex(t, b)) {
            Some(Move::Play(p)) => p,
            _ => return Err(CommandError::failed("invalid coordinate")),
        };
        Ok(b.color(p).map_or("empty", format_color).to_string())
    });
    r.register("list_stones", "list_stones COLOR: the stones of that colour", |s, a| {
        let c = a.get(0).and_then(parse_color).ok_or_else(|| CommandError::failed("invalid color"))?;
        let b = s.board();
        let stones: Vec<Point> = b.points().filter(|&p| b.color(p) == Some(c)).collect();
        Ok(list(b, stones))
    });
    r.register("last_move", "last_move: colour and vertex of the last move", |s, _| {
        let (c, mv) = s.game().last_move().ok_or_else(|| CommandError::failed("no previous move known"))?;
        Ok(format!("{} {}", format_color(c), format_vertex(s.board(), mv)))
    });
    r.register("move_history", "move_history: the moves played, the last first", |s, _| {
        let b = s.board();
        let moves: Vec<(Color, Move)> = s.game().moves().collect();
        Ok(moves
            .iter()
            .rev()
            .map(|&(c, mv)| format!("{} {}", format_color(c), format_vertex(b, mv)))
            .collect::<Vec<_>>()
            .join("\n"))
    });
    r.register("query_boardsize", "query_boardsize: the board size", |s, _| Ok(s.board().size().to_string()));
    r.register("get_handicap", "get_handicap: the number of handicap stones", |s, _| {
        Ok(s.game().handicap().to_string())
    });
    r.register("cputime", "cputime: processor seconds used by the engine", |_, _| Ok(format!("{:.3}", cpu_seconds())));
    // GNU Go 3.8's life code (a reading of eyes apart from the owl) is not compiled in: its counter stays 0.
    // This engine has no such reading either, so the answers are the same.
    r.register("get_life_node_counter", "life nodes since the last reset (always 0: no life reading)", |_, _| {
        Ok("0".into())
    });
    r.register("reset_life_node_counter", "set the life node counter to zero", |_, _| Ok(String::new()));
    r.register("get_connection_node_counter", "connection reading nodes since the last reset", |_, _| {
        Ok(connection::node_counter().to_string())
    });
    r.register("reset_connection_node_counter", "set the connection node counter to zero", |_, _| {
        connection::reset_node_counter();
        Ok(String::new())
    });
    r.register("get_trymove_counter", "moves tried by the readers since the last reset", |s, _| {
        Ok(s.analysis().trymove_count().to_string())
    });
    r.register("reset_trymove_counter", "set the trymove counter to zero", |s, _| {
        s.analysis_mut().reset_trymove_count();
        Ok(String::new())
    });
}

/// `black`/`white`: the move as `play` makes it, with GNU Go's errors.
fn play(s: &mut GtpState, a: &Args, c: Color) -> Result<String, CommandError> {
    let mv =
        a.get(0).and_then(|t| parse_vertex(t, s.board())).ok_or_else(|| CommandError::failed("invalid coordinate"))?;
    s.game_mut().play(c, mv).map_err(|_| CommandError::failed("illegal move"))?;
    Ok(String::new())
}

/// Processor time of the process: user plus system time from `/proc/self/stat` (Linux, in clock ticks of
/// 1/100 s, the kernel's fixed `USER_HZ`), else the time since the first call.
fn cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    let start = *START.get_or_init(std::time::Instant::now);
    let from_proc = std::fs::read_to_string("/proc/self/stat").ok().and_then(|t| {
        // The command name (field 2) may hold spaces; the fields after its closing parenthesis are plain.
        let rest = &t[t.rfind(')')? + 1..];
        let f: Vec<&str> = rest.split_whitespace().collect();
        // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12.
        let ut: f64 = f.get(11)?.parse().ok()?;
        let st: f64 = f.get(12)?.parse().ok()?;
        Some((ut + st) / 100.0)
    });
    from_proc.unwrap_or_else(|| start.elapsed().as_secs_f64())
}

#[cfg(test)]
mod tests {
    use crate::gtp::{engine, Options};

    fn run(lines: &[&str]) -> Vec<String> {
        let mut e = engine(Options { boardsize: 9, ..Options::default() });
        lines.iter().filter_map(|l| e.handle_line(l)).collect()
    }

    #[test]
    fn answers_as_gnugo() {
        // Each answer checked against GNU Go 3.8 (`gnugo --mode gtp`) on the same session.
        let out = run(&[
            "black E5",
            "white D4",
            "black z9",
            "black E5",
            "color E5",
            "color D4",
            "color A1",
            "color Z1",
            "list_stones black",
            "list_stones WHITE",
            "list_stones red",
            "last_move",
            "move_history",
            "query_boardsize",
            "get_handicap",
            "get_life_node_counter",
            "reset_connection_node_counter",
            "get_connection_node_counter",
            "black pass",
            "last_move",
            "clear_board",
            "last_move",
            "move_history",
            "fixed_handicap 3",
            "get_handicap",
        ]);
        let want = [
            "= \n\n",
            "= \n\n",
            "? invalid coordinate\n\n",
            "? illegal move\n\n",
            "= black\n\n",
            "= white\n\n",
            "= empty\n\n",
            "? invalid coordinate\n\n",
            "= E5\n\n",
            "= D4\n\n",
            "? invalid color\n\n",
            "= white D4\n\n",
            "= white D4\nblack E5\n\n",
            "= 9\n\n",
            "= 0\n\n",
            "= 0\n\n",
            "= \n\n",
            "= 0\n\n",
            "= \n\n",
            "= black PASS\n\n",
            "= \n\n",
            "? no previous move known\n\n",
            "= \n\n",
            "= C7 G7 C3\n\n",
            "= 3\n\n",
        ];
        assert_eq!(out, want);
        let cpu = run(&["cputime"]).remove(0);
        assert!(cpu.starts_with("= ") && cpu.trim_end().split('.').nth(1).is_some_and(|d| d.len() == 3), "{cpu}");
    }

    #[test]
    fn trymove_counter_counts_reading_and_resets() {
        let out = run(&[
            "black E5",
            "white E4",
            "black D4",
            "white F4",
            "reset_trymove_counter",
            "attack E4",
            "get_trymove_counter",
            "reset_trymove_counter",
            "get_trymove_counter",
        ]);
        let n: u64 = out[6].trim_start_matches("= ").trim().parse().expect("a number");
        assert!(n > 0, "{out:?}");
        assert_eq!(out[8], "= 0\n\n");
    }
}
