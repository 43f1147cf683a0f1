//! Focused analysis with SGF traces (GNU Go's `--decide-*` options and `start_sgftrace` /
//! `finish_sgftrace`): one reading question on the loaded position, GNU Go's summary lines for standard
//! output, and the reader's tree of variations ([`crate::analysis::sgf_trace`]) written as SGF.
//!
//! `go-gtp -l FILE [-L N] --decide-string V [-o OUT]` runs [`decide`]: the tactical attack and, when the
//! string can be attacked, its defence (`V can be attacked at M (N variations)`, `V cannot be defended
//! (N variations)`, …, GNU Go's lines); `--decide-owl` the owl's attack and defence of the dragon (the
//! dragon's goal is found before the recording starts, as GNU Go examines the position first);
//! `--decide-connection A/B` the connection and disconnection readings; `--decide-semeai A/B` the
//! capturing race from both sides (`Analyzing semeai between A and B, white moves first`, then the
//! defence and attack results and the node count); `--decide-dragon-data V` the dragon's
//! `dragon_data` record under GNU Go's header `Dragon at V:` (the dragons are found outside the tree,
//! the owl's reading of this dragon is recorded); `--decide-position` every dragon whose escape route
//! is under 6, in GNU Go's scan order (top row first): `analyzing V`, `status=CRUDE, escape=N`, the
//! owl's attack and, when it succeeds, defence (`--decide-owl`'s lines), `status of V revised to
//! ALIVE|CRITICAL|DEAD`; `--decide-eye V` each colour's eye space holding V (`Black eyespace at
//! ORIGIN: abcd`, then `  vital points: A (attack) D (defense)` when the next move decides it, as
//! `eval_eye` gives them), or `The eye at V is not of a single color.` (GNU Go 3.8 also says this of
//! a space of White alone, looking at Black's spaces only for that test; we print White's space). The
//! dragon record and the eye spaces are [`crate::gtp::dragon_commands`]' and
//! [`crate::gtp::eye_commands`]' (this module imports those two groups; they import neither it nor
//! each other). N, the variation count, is the number of moves the
//! reading played (the move nodes of its part of the tree), so the written file has as many move nodes
//! as the counts printed add up to (cache hits play no move: counts are smaller than GNU Go's, whose
//! counter counts positions entered).
//!
//! The tree's comments follow GNU Go's: a move node says `move at D19 (variation 3)` (`ko capture at` for
//! a forbidden ko capture made as after a threat), then the results found at that node (`attack2 C19:
//! 0`, `defend1 E19: WIN D19`, `owl_attack D8: WIN E9`); the root holds the question's results.
//!
//! [`register`] adds GTP's `start_sgftrace` (record every reading from now on) and `finish_sgftrace
//! FILE` (write what was recorded; the file access is `printsgf`'s).

use crate::analysis::connection;
use crate::analysis::dragon::{DragonStatus, Dragons};
use crate::analysis::owl::{self, OwlLimits};
use crate::analysis::read_result::ReadResult;
use crate::analysis::semeai::{self, SemeaiLimits};
use crate::analysis::sgf_trace::{self, Note, Trace};
use crate::gtp::state::GtpState;
use crate::gtp::{dragon_commands, eye_commands};
use crate::rules::board::Board;
use crate::rules::stone::{Color, Move, Point};
use crate::rules::vertex::{format_vertex, parse_vertex};
use engine_core::atomic_file::write_atomic;
use engine_core::command::{CommandError, Registry};
use engine_core::limits::excerpt;
use engine_core::sgf::{Collection, GameTree, Node};

/// Which question `--decide-*` asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecideKind {
    String,
    Owl,
    Connection,
    Semeai,
    /// `--decide-dragon-data V`: the dragon's `dragon_data` record.
    DragonData,
    /// `--decide-position`: the owl's attack and defence of every dragon with an escape route under 6.
    Position,
    /// `--decide-eye V`: the eye spaces holding the point, their values and vital points.
    Eye,
}

/// What a decision prints and writes.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// GNU Go's summary lines (each ending in a newline).
    pub text: String,
    /// The reading tree as SGF.
    pub sgf: String,
    /// Moves recorded in the tree (the printed variation counts add up to it).
    pub moves: usize,
}

fn vertex_name(b: &Board, p: Point) -> String {
    format_vertex(b, if p == 0 { Move::Pass } else { Move::Play(p) })
}

/// GNU Go's words for a successful result: `` (win), ` with ko (good)`, ` with ko (bad)`.
fn ko_words(code: ReadResult) -> &'static str {
    match code {
        ReadResult::KoA => " with ko (good)",
        ReadResult::KoB => " with ko (bad)",
        _ => "",
    }
}

fn stone_arg(b: &Board, text: &str, option: &str) -> Result<Point, String> {
    match parse_vertex(text, b) {
        Some(Move::Play(p)) if !b.is_empty(p) => Ok(p),
        Some(Move::Play(_)) => Err(format!("--decide-{option} called on an empty vertex")),
        _ => Err(format!("--decide-{option}: invalid coordinate '{}'", excerpt(text))),
    }
}

fn pair_arg(b: &Board, text: &str, option: &str) -> Result<(Point, Point), String> {
    let Some((x, y)) = text.split_once('/') else {
        return Err(format!("usage: --decide-{option} [first]/[second]"));
    };
    Ok((stone_arg(b, x, option)?, stone_arg(b, y, option)?))
}

/// Moves recorded while `f` runs, with its result.
fn counted<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = sgf_trace::moves();
    let r = f();
    (r, sgf_trace::moves() - before)
}

/// Runs one `--decide-*` question on the state's position (`arg`: a vertex, or two as `A/B`).
pub fn decide(s: &mut GtpState, kind: DecideKind, arg: &str) -> Result<Decision, String> {
    let b = s.board().clone();
    owl::set_pattern_dir(s.options().patterns.as_deref());
    let v = |p: Point| vertex_name(&b, p);
    let mut text = String::new();
    match kind {
        DecideKind::String => {
            let p = stone_arg(&b, arg, "string")?;
            sgf_trace::start();
            let ((acode, amv), n) = counted(|| s.reader().attack(p));
            if acode == ReadResult::Lose {
                text += &format!("{} cannot be attacked ({n} variations)\n", v(p));
            } else {
                let m = v(amv.unwrap_or(0));
                text += &format!("{} can be attacked{} at {m} ({n} variations)\n", v(p), ko_words(acode));
                let ((dcode, dmv), n) = counted(|| s.reader().defend(p));
                if dcode == ReadResult::Lose {
                    text += &format!("{} cannot be defended ({n} variations)\n", v(p));
                } else {
                    let m = v(dmv.unwrap_or(0));
                    text += &format!("{} can be defended{} at {m} ({n} variations)\n", v(p), ko_words(dcode));
                }
            }
        }
        DecideKind::Owl => {
            let p = stone_arg(&b, arg, "owl")?;
            // The dragon first (GNU Go's examine_position), outside the tree.
            let goal = owl::dragon_goal(s.reader(), &b, p);
            sgf_trace::start();
            owl_lines(s, &b, &goal, true, &mut text);
        }
        DecideKind::DragonData => {
            let p = stone_arg(&b, arg, "dragon-data")?;
            // The dragons are found outside the tree; the owl's reading of this one is recorded.
            let record = dragon_commands::dragon_record(s, p, sgf_trace::start).expect("a stone");
            let fields = record.split_once('\n').map_or("", |(_, rest)| rest);
            text += &format!("Dragon at {}:\n{fields}\n", v(p));
        }
        DecideKind::Position => {
            let ds = Dragons::compute(&b, s.reader(), None);
            // GNU Go's scan order: the top row first, each row from the left.
            let mut origins: Vec<(Point, usize)> =
                ds.graph.node_weights().map(|d| (d.origin, d.escape_route)).filter(|&(_, e)| e < 6).collect();
            origins.sort_unstable_by_key(|&(p, _)| p);
            sgf_trace::start();
            for (p, escape) in origins {
                let Some(d) = ds.at(p) else { continue };
                let mut goal = vec![p];
                goal.extend(d.stones.iter().copied().filter(|&q| q != p));
                text += &format!("\nanalyzing {}\n", v(p));
                text += &format!("status={}, escape={escape}\n", d.crude_status.gtp_name());
                let status = owl_lines(s, &b, &goal, false, &mut text);
                text += &format!("status of {} revised to {}\n", v(p), status.gtp_name().to_uppercase());
            }
        }
        DecideKind::Eye => {
            let p = match parse_vertex(arg, &b) {
                Some(Move::Play(p)) => p,
                _ => return Err(format!("--decide-eye: invalid coordinate '{}'", excerpt(arg))),
            };
            let (_, eyes, _) = eye_commands::eyes(s);
            sgf_trace::start();
            for (color, name) in [(Color::Black, "Black"), (Color::White, "White")] {
                let Some(e) = eyes.space(p, color) else { continue };
                let [a, b2, c, d] = e.value;
                text += &format!("{name} eyespace at {}: {a}{b2}{c}{d}\n", v(e.points[0]));
                if e.min < e.max {
                    let (att, def) = (v(e.attack.unwrap_or(0)), v(e.defend.unwrap_or(0)));
                    text += &format!("  vital points: {att} (attack) {def} (defense)\n");
                }
            }
            if text.is_empty() {
                text += &format!("The eye at {} is not of a single color.\n", v(p));
            }
        }
        DecideKind::Connection => {
            let (p, q) = pair_arg(&b, arg, "connection")?;
            if b.color(p) != b.color(q) {
                return Err("--decide-connection called for strings of different colors".into());
            }
            sgf_trace::start();
            for (word, connect) in [("connected", true), ("disconnected", false)] {
                let ((code, mv), n) = counted(|| {
                    let r = s.reader();
                    if connect {
                        connection::connect(r, p, q)
                    } else {
                        connection::disconnect(r, p, q)
                    }
                });
                text += &if code == ReadResult::Lose {
                    format!("{} and {} cannot be {word} ({n} variations)\n", v(p), v(q))
                } else {
                    format!(
                        "{} and {} can be {word}{} at {} ({n} variations)\n",
                        v(p),
                        v(q),
                        ko_words(code),
                        v(mv.unwrap_or(0))
                    )
                };
            }
        }
        DecideKind::Semeai => {
            let (p, q) = pair_arg(&b, arg, "semeai")?;
            if b.color(p) == b.color(q) {
                return Err("--decide-semeai called on dragons of the same color".into());
            }
            sgf_trace::start();
            for (x, y) in [(p, q), (q, p)] {
                let mover = if b.color(x) == Some(Color::White) { "white" } else { "black" };
                sgf_trace::comment(format!("semeai between {} and {}, {mover} moves first", v(x), v(y)));
                let (r, n) = counted(|| semeai::analyze_semeai(s.reader(), &b, x, y, SemeaiLimits::default()));
                let m = v(r.mv.unwrap_or(0));
                text += &format!("Analyzing semeai between {} and {}, {mover} moves first\n", v(x), v(y));
                text += &format!("Semeai defense of {}: result {} {m}\n", v(x), Note::code_name(r.defend));
                text += &format!("Semeai attack of {}: result {} {m}\n", v(y), Note::code_name(r.attack));
                text += &format!("{n} nodes\n\n");
            }
        }
    }
    let trace = sgf_trace::finish().unwrap_or_default();
    let sgf = trace_sgf(&b, s.game().komi(), &trace, &text);
    Ok(Decision { text, sgf, moves: trace.moves() })
}

/// The owl's attack of `goal` and, when it can be attacked (or always, with `always_defend`, as
/// `--decide-owl` asks), its defence, in GNU Go's lines; the status they give (alive when the attack
/// fails, dead when the defence does, else critical).
fn owl_lines(s: &mut GtpState, b: &Board, goal: &[Point], always_defend: bool, text: &mut String) -> DragonStatus {
    let v = |p: Point| vertex_name(b, p);
    let p = goal[0];
    let ((acode, amv), n) = counted(|| owl::owl_attack(s.reader(), b, goal, OwlLimits::default()));
    *text += &match (acode, amv) {
        (ReadResult::Lose, _) => format!("{} cannot be attacked ({n} variations)\n", v(p)),
        (ReadResult::Win, None) => format!("{} is dead as it stands\n", v(p)),
        (c, m) => format!("{} can be attacked{} at {} ({n} variations)\n", v(p), ko_words(c), v(m.unwrap_or(0))),
    };
    if acode == ReadResult::Lose && !always_defend {
        return DragonStatus::Alive;
    }
    let ((dcode, dmv), n) = counted(|| owl::owl_defend(s.reader(), b, goal, OwlLimits::default()));
    *text += &match (dcode, dmv) {
        (ReadResult::Lose, _) => format!("{} cannot be defended ({n} variations)\n", v(p)),
        (ReadResult::Win, None) => format!("{} is alive as it stands\n", v(p)),
        (c, m) => format!("{} can be defended{} at {} ({n} variations)\n", v(p), ko_words(c), v(m.unwrap_or(0))),
    };
    match (acode, dcode) {
        (ReadResult::Lose, _) => DragonStatus::Alive,
        (_, ReadResult::Lose) => DragonStatus::Dead,
        _ => DragonStatus::Critical,
    }
}

/// A node's comment: the move, then the results found there and the caller's lines.
fn node_comment(b: &Board, t: &Trace, i: usize) -> String {
    let n = &t.nodes[i];
    let mut lines: Vec<String> = Vec::new();
    if let Some((_, p)) = n.mv {
        let how = if n.ko { "ko capture" } else { "move" };
        lines.push(format!("{how} at {} (variation {})", vertex_name(b, p), n.variation));
    }
    lines.extend(n.text.iter().cloned());
    for note in &n.notes {
        let libs = if note.libs > 0 { note.libs.to_string() } else { String::new() };
        let mut line = format!("{}{libs} {}: {}", note.what, vertex_name(b, note.target), Note::code_name(note.code));
        if note.code != ReadResult::Lose && note.mv != 0 {
            line += &format!(" {}", vertex_name(b, note.mv));
        }
        lines.push(line);
    }
    lines.join("\n")
}

fn trace_node(b: &Board, t: &Trace, i: usize) -> Node {
    let mut node = Node::new();
    if let Some((c, p)) = t.nodes[i].mv {
        let (col, row) = b.coords(p);
        node.set(if c == Color::Black { "B" } else { "W" }, engine_core::sgf::format_point(col, row));
    }
    let comment = node_comment(b, t, i);
    if !comment.is_empty() {
        node.set("C", comment);
    }
    node
}

/// The variation starting at node `i`: its run of single moves, then its branches.
fn subtree(b: &Board, t: &Trace, mut i: usize) -> GameTree {
    let mut nodes = vec![trace_node(b, t, i)];
    while let [only] = t.nodes[i].children[..] {
        i = only;
        nodes.push(trace_node(b, t, i));
    }
    GameTree { nodes, variations: t.nodes[i].children.iter().map(|&c| subtree(b, t, c)).collect() }
}

/// The recorded tree as an SGF file: the position as setup in the root (with `summary` and the root's
/// results as its comment), each reading move a variation below it.
pub fn trace_sgf(b: &Board, komi: f64, t: &Trace, summary: &str) -> String {
    let mut root = crate::sgf::position_root(b, komi, concat!("go-gtp:", env!("CARGO_PKG_VERSION")));
    let mut comment = summary.trim().to_string();
    let at_root = node_comment(b, t, 0);
    if !at_root.is_empty() {
        if !comment.is_empty() {
            comment.push('\n');
        }
        comment += &at_root;
    }
    if t.dropped > 0 {
        comment += &format!("\n({} moves not recorded: more than {})", t.dropped, sgf_trace::MAX_NODES);
    }
    if !comment.is_empty() {
        root.set("C", comment);
    }
    let variations = t.nodes[0].children.iter().map(|&c| subtree(b, t, c)).collect();
    Collection::new(vec![GameTree { nodes: vec![root], variations }]).to_sgf()
}

/// Registers `start_sgftrace` and `finish_sgftrace`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("start_sgftrace", "start_sgftrace: record the reading trees of the commands that follow", |_, _| {
        sgf_trace::start();
        Ok(String::new())
    });
    r.register("finish_sgftrace", "finish_sgftrace FILE: write the recorded reading trees as SGF", |s, a| {
        let file = a.get(0).ok_or_else(|| CommandError::failed("missing filename"))?;
        let path = s.files().resolve(file).map_err(|e| CommandError::failed(e.to_string()))?;
        let trace = sgf_trace::finish().unwrap_or_default();
        let text = trace_sgf(s.board(), s.game().komi(), &trace, "");
        write_atomic(&path, text.as_bytes())
            .map_err(|e| CommandError::failed(format!("cannot write '{}': {e}", excerpt(file))))?;
        Ok(String::new())
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::{engine, Options};

    #[test]
    fn decide_string_agrees_with_attack_and_defend_and_its_tree_has_the_counted_moves() {
        // Black D5 and E5 in atari (E4 their last liberty) inside white stones.
        let mut e = engine(Options { boardsize: 9, ..Options::default() });
        for m in ["play b d5", "play b e5", "play w c5", "play w d6", "play w e6", "play w f5", "play w d4"] {
            assert_eq!(e.handle_line(m).as_deref(), Some("= \n\n"), "{m}");
        }
        let attack = e.handle_line("attack D5").unwrap();
        let defend = e.handle_line("defend D5").unwrap();
        e.handle_line("clear_cache");
        let d = decide(&mut e.context, DecideKind::String, "D5").unwrap();
        assert_eq!(attack, "= 1 E4\n\n");
        assert!(d.text.starts_with("D5 can be attacked at E4 ("), "{}", d.text);
        assert_eq!(defend, "= 0\n\n");
        assert!(d.text.contains("D5 cannot be defended ("), "{}", d.text);
        let counts: usize =
            d.text.lines().filter_map(|l| l.split_once(" (")?.1.split_once(' ')?.0.parse::<usize>().ok()).sum();
        let c = engine_core::sgf::parse(&d.sgf).unwrap();
        fn moves(t: &GameTree) -> usize {
            t.nodes.iter().filter(|n| n.has("B") || n.has("W")).count() + t.variations.iter().map(moves).sum::<usize>()
        }
        assert_eq!(moves(&c.trees[0]), d.moves);
        assert_eq!(counts, d.moves);
        assert!(d.moves > 0);
        assert!(d.sgf.contains("attack1 D5: WIN E4"), "{}", d.sgf);
        assert!(!sgf_trace::on());
        assert_eq!(
            decide(&mut e.context, DecideKind::String, "A1").unwrap_err(),
            "--decide-string called on an empty vertex"
        );
    }
}
