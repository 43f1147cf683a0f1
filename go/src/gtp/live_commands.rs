//! Live analysis for clients (Sabaki, Lizzie and their kind): Leela Zero's `lz-analyze` and
//! `lz-genmove_analyze`, KataGo's `kata-analyze` and `kata-genmove_analyze` where their fields map onto
//! the tree search's ([`crate::genmove::mcts`]).
//!
//! `lz-analyze [COLOR] [INTERVAL] [interval N] [maxmoves N] [visits N]` answers `=` at once, then every
//! INTERVAL centiseconds one line of `info` records, one per root move searched, most visited first:
//! `info move D4 visits 120 winrate 5230 prior 1210 lcb 4980 order 0 pv D4 E6 C5` — win rate (for the
//! side to move) and prior in 1/10000, the lower 95% bound of the win rate as `lcb`, the principal
//! variation after `pv`. It searches until the next command arrives (on standard input:
//! [`engine_core::gtp::Engine::run_live`]), or until `visits N` simulations (our extension), then writes
//! a last report and ends the answer with the empty line. `kata-analyze` writes the same records with
//! the win rate, prior and bound as fractions, and with `ownership true` appends `ownership` and one
//! value per point from the top row down, left to right, from -1 (the opponent's) to 1 (the side to
//! move's), from the playouts' final positions. The `genmove` variants search as `genmove` would (its
//! level or clock), report on the way and end with `play MOVE` (the move is played).
//!
//! The tree's priors are the one-ply heuristics' values ([`crate::genmove::tree_candidates`]), not
//! probabilities: `prior` reports each root move's share of their sum. Interval 0 reports only at the
//! end. This group reads and changes the engine state ([`crate::gtp::state`]) and must not import the
//! other command groups.

use crate::genmove;
use crate::genmove::mcts::{Search, CLOCK_CHECK};
use crate::gtp::state::GtpState;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Move, Point};
use crate::rules::vertex::{format_vertex, parse_color};
use engine_core::command::{Args, CommandError, Live, Registry};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// Moves of a principal variation at most.
pub const PV_MOVES: usize = 12;

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register_live(
        "lz-analyze",
        "lz-analyze [COLOR] [INTERVAL] [interval N] [maxmoves N] [visits N]: live analysis, Leela Zero's format",
        |s, a, live| analyze(s, a, live, Format::Leela),
    );
    r.register_live(
        "kata-analyze",
        "kata-analyze [COLOR] [INTERVAL] [interval N] [maxmoves N] [visits N] [ownership true|false]: live analysis, KataGo's format",
        |s, a, live| analyze(s, a, live, Format::Kata),
    );
    r.register_live(
        "lz-genmove_analyze",
        "lz-genmove_analyze COLOR [INTERVAL]: genmove, reporting the search as lz-analyze does",
        |s, a, live| genmove_analyze(s, a, live, Format::Leela),
    );
    r.register_live(
        "kata-genmove_analyze",
        "kata-genmove_analyze COLOR [INTERVAL]: genmove, reporting the search as kata-analyze does",
        |s, a, live| genmove_analyze(s, a, live, Format::Kata),
    );
}

/// Whose record format to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// Leela Zero's: win rates and priors in 1/10000.
    Leela,
    /// KataGo's: fractions, and ownership on request.
    Kata,
}

/// An analysis request's arguments.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Request {
    color: Color,
    interval: Duration,
    max_moves: usize,
    visits: Option<usize>,
    ownership: bool,
}

/// Reads `[COLOR] [INTERVAL] [key value]...` (Leela Zero's and KataGo's order; the colour defaults to the
/// side to move).
fn request(s: &GtpState, a: &Args, format: Format) -> Result<Request, CommandError> {
    let mut r = Request {
        color: s.game().to_move(),
        interval: Duration::ZERO,
        max_moves: usize::MAX,
        visits: None,
        ownership: false,
    };
    let tokens = a.tokens();
    let mut i = 0;
    if let Some(c) = tokens.first().and_then(|t| parse_color(t)) {
        r.color = c;
        i += 1;
    }
    let centis = |t: &str| {
        t.parse::<u64>()
            .ok()
            .filter(|&c| c <= 360_000)
            .map(|c| Duration::from_millis(10 * c))
            .ok_or_else(CommandError::syntax)
    };
    if let Some(t) = tokens.get(i).filter(|t| t.bytes().all(|b| b.is_ascii_digit())) {
        r.interval = centis(t)?;
        i += 1;
    }
    while i < tokens.len() {
        let value = tokens.get(i + 1).ok_or_else(CommandError::syntax)?;
        let count = || value.parse::<usize>().map_err(|_| CommandError::syntax());
        match tokens[i].to_ascii_lowercase().as_str() {
            "interval" => r.interval = centis(value)?,
            "maxmoves" => r.max_moves = count()?,
            "visits" => r.visits = Some(count()?),
            "ownership" if format == Format::Kata => {
                r.ownership = match value.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(CommandError::syntax()),
                }
            }
            _ => return Err(CommandError::syntax()),
        }
        i += 2;
    }
    Ok(r)
}

fn analyze(s: &mut GtpState, a: &Args, live: &mut dyn Live, format: Format) -> Result<String, CommandError> {
    let r = request(s, a, format)?;
    let game = s.game().clone();
    let board = game.board();
    // The same analysis for the same position and seed.
    let mut rng = engine_core::rng::seeded_rng(s.options().seed ^ board.hash());
    let config = genmove::Config { playouts: s.playouts_for(r.color), ..Default::default() };
    let scored = genmove::scored_moves(&game, r.color, &mut rng, &config);
    let candidates = genmove::tree_candidates(board, &scored);
    if live.begin().is_err() {
        return Ok(String::new());
    }
    let mut search = Search::new();
    search.set_parallel(s.options().parallel);
    search.set_threads(s.options().threads);
    search.track_ownership(r.ownership);
    if !search.start(&candidates) {
        // Nothing worth a move: no records, the answer just ends.
        return Ok(String::new());
    }
    let mut reporter = Reporter::new(format, r);
    loop {
        search.step(board, r.color, game.komi(), CLOCK_CHECK, &mut rng);
        let done = r.visits.is_some_and(|v| search.simulations() >= v) || live.interrupted();
        if done || reporter.due() {
            let line = reporter.report(&search, board);
            if live.line(&line).is_err() {
                break;
            }
        }
        if done {
            break;
        }
    }
    Ok(String::new())
}

fn genmove_analyze(s: &mut GtpState, a: &Args, live: &mut dyn Live, format: Format) -> Result<String, CommandError> {
    let color = a.get(0).and_then(parse_color).ok_or_else(CommandError::syntax)?;
    let r = request(s, a, format)?;
    if live.begin().is_err() {
        return Ok(String::new());
    }
    let board = s.board().clone();
    let mut reporter = Reporter::new(format, r);
    let mut out_gone = false;
    let mut observe = |search: &Search| {
        if !out_gone && reporter.due() {
            out_gone = live.line(&reporter.report(search, &board)).is_err();
        }
    };
    let decision = s.generate_observed(color, false, &mut observe);
    let Some(mv) = decision.as_move() else {
        s.game_mut().resign(color);
        return Ok("play resign".into());
    };
    let text = format_vertex(s.board(), mv);
    s.game().check_move(color, mv).map_err(|_| CommandError::failed("illegal move"))?;
    s.note_generated_move(color, mv);
    s.game_mut().play(color, mv).map_err(|_| CommandError::failed("illegal move"))?;
    Ok(format!("play {text}"))
}

/// Words the search's state as one line of records, at most every interval.
struct Reporter {
    format: Format,
    request: Request,
    last: Instant,
    pv: Vec<Point>,
}

impl Reporter {
    fn new(format: Format, request: Request) -> Reporter {
        Reporter { format, request, last: Instant::now(), pv: Vec::with_capacity(PV_MOVES) }
    }

    /// Whether an interval has passed since the last report (never with interval 0).
    fn due(&self) -> bool {
        !self.request.interval.is_zero() && self.last.elapsed() >= self.request.interval
    }

    fn report(&mut self, search: &Search, board: &Board) -> String {
        self.last = Instant::now();
        let prior_sum: f32 = search.root_moves().map(|m| m.prior).sum();
        let mut moves: Vec<_> = search.root_moves().filter(|m| m.visits > 0).collect();
        moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.win_rate.total_cmp(&a.win_rate)));
        let mut line = String::new();
        for (order, m) in moves.iter().take(self.request.max_moves).enumerate() {
            let prior = if prior_sum > 0.0 { m.prior / prior_sum } else { 0.0 };
            let lcb = lower_bound(m.win_rate, m.visits);
            let vertex = format_vertex(board, Move::Play(m.point));
            if !line.is_empty() {
                line.push(' ');
            }
            let _ = match self.format {
                Format::Leela => write!(
                    line,
                    "info move {vertex} visits {} winrate {} prior {} lcb {} order {order} pv",
                    m.visits,
                    per_10000(m.win_rate),
                    per_10000(prior),
                    per_10000(lcb)
                ),
                Format::Kata => write!(
                    line,
                    "info move {vertex} visits {} winrate {:.6} prior {:.6} lcb {:.6} order {order} pv",
                    m.visits, m.win_rate, prior, lcb
                ),
            };
            search.principal_variation(m.point, PV_MOVES, &mut self.pv);
            for &p in &self.pv {
                line.push(' ');
                line.push_str(&format_vertex(board, Move::Play(p)));
            }
        }
        if self.format == Format::Kata && self.request.ownership {
            line.push_str(" ownership");
            let sign = if self.request.color == Color::Black { 1.0 } else { -1.0 };
            let size = board.size() as u8;
            // Row 0 is the top row (`format_vertex`).
            for row in 0..size {
                for col in 0..size {
                    let own = search.ownership(board.point(col, row)).unwrap_or(0.0) * sign;
                    let _ = write!(line, " {own:.4}");
                }
            }
        }
        line
    }
}

/// A rate in Leela Zero's units, 0 to 10000.
fn per_10000(x: f32) -> u32 {
    (x.clamp(0.0, 1.0) * 10_000.0).round() as u32
}

/// The lower end of the 95% normal interval of a win rate over `visits` simulations (0 to 1).
fn lower_bound(rate: f32, visits: u32) -> f32 {
    let n = visits.max(1) as f32;
    (rate - 1.96 * (rate * (1.0 - rate) / n).sqrt()).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use crate::gtp::{engine, Options};
    use crate::rules::board::Board;
    use crate::rules::stone::Move;
    use crate::rules::vertex::parse_vertex;
    use engine_core::command::{Args, Live};

    /// One `info` record as Sabaki reads it: the key-value pairs before `pv`, then the variation.
    #[derive(Debug)]
    struct Info {
        fields: Vec<(String, String)>,
        pv: Vec<String>,
    }

    impl Info {
        fn get(&self, key: &str) -> &str {
            &self.fields.iter().find(|(k, _)| k == key).unwrap_or_else(|| panic!("no {key} in {self:?}")).1
        }
        fn num(&self, key: &str) -> f64 {
            self.get(key).parse().unwrap_or_else(|_| panic!("{key} not a number in {self:?}"))
        }
    }

    /// Reads one line of records the way Sabaki's analysis parser does (rewritten here): the
    /// `ownership` tail is cut off first and read as numbers; the rest is split at each `info`; in each
    /// record the trailing run of vertices is the variation, the word before it (`pv`) is dropped, and
    /// the words before that are key-value pairs.
    fn parse_sabaki(line: &str) -> (Vec<Info>, Option<Vec<f64>>) {
        let (records, ownership) = match line.find(" ownership ").or_else(|| line.strip_prefix("ownership ").map(|_| 0))
        {
            Some(i) => {
                let values =
                    line[i..].split_whitespace().skip(1).map(|v| v.parse().expect("ownership value")).collect();
                (&line[..i], Some(values))
            }
            None => (line, None),
        };
        let is_vertex = |t: &str| {
            t.eq_ignore_ascii_case("pass")
                || (t.len() >= 2 && t.as_bytes()[0].is_ascii_alphabetic() && t[1..].bytes().all(|b| b.is_ascii_digit()))
        };
        let infos = records
            .split("info ")
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(|r| {
                let tokens: Vec<&str> = r.split_whitespace().collect();
                let pv_start = tokens.iter().rposition(|t| !is_vertex(t)).map_or(0, |i| i + 1);
                assert_eq!(tokens[pv_start - 1], "pv", "{r}");
                let pairs = &tokens[..pv_start - 1];
                assert_eq!(pairs.len() % 2, 0, "{r}");
                Info {
                    fields: pairs.chunks(2).map(|kv| (kv[0].to_string(), kv[1].to_string())).collect(),
                    pv: tokens[pv_start..].iter().map(|t| t.to_string()).collect(),
                }
            })
            .collect();
        (infos, ownership)
    }

    /// A client that never interrupts: the analysis ends at its `visits` limit.
    #[derive(Default)]
    struct Patient(Vec<String>, bool);

    impl Live for Patient {
        fn begin(&mut self) -> std::io::Result<()> {
            self.1 = true;
            Ok(())
        }
        fn line(&mut self, text: &str) -> std::io::Result<()> {
            self.0.push(text.to_string());
            Ok(())
        }
        fn interrupted(&mut self) -> bool {
            false
        }
    }

    /// A 9x9 position after a few moves: black to play.
    fn position() -> engine_core::gtp::Engine<crate::gtp::GtpState> {
        let mut e = engine(Options { boardsize: 9, level: 1, seed: 3, ..Options::default() });
        for m in ["play b e5", "play w c4", "play b g4", "play w e3"] {
            assert_eq!(e.handle_line(m), Some("= \n\n".into()), "{m}");
        }
        e
    }

    fn analyse(e: &mut engine_core::gtp::Engine<crate::gtp::GtpState>, command: &str, args: &str) -> Vec<String> {
        let mut client = Patient::default();
        let result = e.registry.dispatch_live(&mut e.context, command, &Args::parse(args), &mut client);
        assert_eq!(result, Ok(String::new()));
        assert!(client.1, "the answer was not opened");
        client.0
    }

    /// Checks one report against the position: legal moves, visits within the search's, the variation
    /// starting with the move and alternating over empty points.
    fn check_report(board: &Board, infos: &[Info], simulations: u32, scale: f64) {
        assert!(!infos.is_empty());
        let mut total = 0;
        for (order, info) in infos.iter().enumerate() {
            let mv = parse_vertex(info.get("move"), board).expect("a vertex");
            let Move::Play(p) = mv else { panic!("a pass in {info:?}") };
            assert!(board.is_empty(p) && board.is_legal(p, crate::rules::stone::Color::Black), "{info:?}");
            assert_eq!(info.num("order") as usize, order);
            let visits = info.num("visits") as u32;
            assert!(visits > 0);
            if order > 0 {
                assert!(visits <= infos[order - 1].num("visits") as u32, "most visited first");
            }
            total += visits;
            for key in ["winrate", "prior", "lcb"] {
                assert!((0.0..=scale).contains(&info.num(key)), "{key} in {info:?}");
            }
            assert!(info.num("lcb") <= info.num("winrate"), "{info:?}");
            assert_eq!(info.pv[0], info.get("move"));
            let mut seen = std::collections::HashSet::new();
            for v in &info.pv {
                let Some(Move::Play(q)) = parse_vertex(v, board) else { panic!("pv {v}") };
                assert!(board.is_empty(q) && seen.insert(q), "pv {:?} over stones or repeated", info.pv);
            }
        }
        // Every simulation descends through exactly one root move.
        assert_eq!(total, simulations, "{infos:?}");
    }

    #[test]
    fn lz_analyze_reports_as_sabaki_reads_it() {
        let mut e = position();
        let board = e.context.board().clone();
        let lines = analyse(&mut e, "lz-analyze", "b 0 visits 300");
        // Interval 0: one report, at the end (300 visits are reached after 5 steps of 64 simulations).
        assert_eq!(lines.len(), 1, "{lines:?}");
        let (infos, ownership) = parse_sabaki(&lines[0]);
        assert!(ownership.is_none());
        check_report(&board, &infos, 320, 10_000.0);
        assert!(infos.iter().all(|i| i.get("winrate").bytes().all(|b| b.is_ascii_digit())), "integers");
        // The same position and seed give the same analysis; `maxmoves` cuts the list.
        assert_eq!(analyse(&mut e, "lz-analyze", "b 0 visits 300"), lines);
        let (few, _) = parse_sabaki(&analyse(&mut e, "lz-analyze", "b interval 0 maxmoves 2 visits 300")[0]);
        assert_eq!(few.len(), 2);
        assert_eq!(few[0].pv, infos[0].pv);
    }

    #[test]
    fn kata_analyze_adds_ownership_for_the_side_to_move() {
        let mut e = position();
        let board = e.context.board().clone();
        let lines = analyse(&mut e, "kata-analyze", "b interval 0 visits 200 ownership true");
        let (infos, ownership) = parse_sabaki(lines.last().unwrap());
        check_report(&board, &infos, 256, 1.0);
        let own = ownership.expect("ownership");
        assert_eq!(own.len(), 81);
        assert!(own.iter().all(|v| (-1.0..=1.0).contains(v)));
        // Top row first: E5 (black, to move) is index 4 * 9 + 4, E3 (white) index 6 * 9 + 4. GNU Go 3.8
        // calls all four stones alive (`dragon_status`), so each must be its colour's in a clear majority
        // of playouts. Random playouts this early still capture a lone stone in a quarter to a third of
        // them (0.4 to 0.7 over seeds and playout policies), and 64 to 256 playouts leave a standard
        // error near 0.1: 0.2 (its colour's in 60% of the playouts) keeps three of them below the mean.
        assert!(own[40] > 0.2 && own[58] < -0.2, "{} {}", own[40], own[58]);
        // For white the signs turn.
        let (_, white) = parse_sabaki(&analyse(&mut e, "kata-analyze", "w interval 0 visits 64 ownership true")[0]);
        let white = white.unwrap();
        assert!(white[40] < -0.2 && white[58] > 0.2, "{} {}", white[40], white[58]);
    }

    #[test]
    fn bad_requests_are_refused_before_the_answer_opens() {
        let mut e = position();
        for bad in
            ["lz-analyze b x", "lz-analyze b 10 interval", "lz-analyze b 10 bogus 3", "kata-analyze ownership maybe"]
        {
            assert_eq!(e.handle_line(bad), Some("? syntax error\n\n".into()), "{bad}");
        }
        assert_eq!(e.handle_line("lz-genmove_analyze 10"), Some("? syntax error\n\n".into()));
        assert_eq!(e.handle_line("lz-analyze b 10 ownership true"), Some("? syntax error\n\n".into()));
    }

    #[test]
    fn lz_genmove_analyze_plays_its_move() {
        let mut e = position();
        let answer = e.handle_line("7 lz-genmove_analyze b 1").unwrap();
        assert!(answer.starts_with("=7\n") && answer.ends_with("\n\n"), "{answer:?}");
        let last = answer.trim_end().lines().last().unwrap();
        let vertex = last.strip_prefix("play ").unwrap_or_else(|| panic!("{answer:?}"));
        for line in answer.trim_end().lines().skip(1).filter(|l| l.starts_with("info")) {
            parse_sabaki(line);
        }
        let Some(Move::Play(p)) = parse_vertex(vertex, e.context.board()) else { panic!("{vertex}") };
        assert_eq!(e.context.board().color(p), Some(crate::rules::stone::Color::Black));
        assert_eq!(e.context.game().to_move(), crate::rules::stone::Color::White);
    }

    #[test]
    fn over_a_live_session_analysis_stops_at_the_next_command() {
        let mut e = position();
        let input = std::io::Cursor::new(b"lz-analyze b 1\nname\n".to_vec());
        let mut out = Vec::new();
        e.run_live(input, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let (analysis, rest) = out.split_once("\n\n").unwrap();
        assert_eq!(rest, "= gammon-go\n\n");
        let mut lines = analysis.lines();
        assert_eq!(lines.next(), Some("="));
        let board = e.context.board().clone();
        for line in lines {
            let (infos, _) = parse_sabaki(line);
            let total: f64 = infos.iter().map(|i| i.num("visits")).sum();
            check_report(&board, &infos, total as u32, 10_000.0);
        }
    }
}
