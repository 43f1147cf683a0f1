//! GoGui's analyze commands: `gogui-analyze_commands` lists, one `type/label/command` line each (GoGui's
//! documented format; GoGui puts them in its *Tools → Analyze Commands* window and draws the answers), the
//! engine's influence, territory, dragon status, owl and move-value commands, and this group adds the
//! few answers GoGui can only draw in its own shapes: boards of numbers (`dboard`), of black/white marks
//! (`bwboard`), graphics (`gfx`: coloured stones, labels, territory) and point/label pairs (`pspairs`),
//! plus the engine's settings as a parameter dialog (`param`).
//!
//! The wrappers compute nothing of their own: influence and territory come from
//! [`crate::analysis::influence`] over the dragons of [`crate::analysis::dragon`], statuses from the
//! owl ([`crate::analysis::owl`]) and [`crate::analysis::score`], move values from the move generator's
//! tree search ([`crate::genmove::mcts`]). This group reads the engine state ([`crate::gtp::state`]),
//! never changes the game, and must not import the other command groups (the commands it lists from
//! them are named, not called).
//!
//! `gogui-interrupt` is not offered: it needs the GTP reader to watch its input while a command runs.

use crate::analysis::dragon::{DragonStatus, Dragons};
use crate::analysis::influence::Influence;
use crate::analysis::owl::{self, OwlLimits};
use crate::analysis::score::{FinalStatus, FinalStatuses};
use crate::genmove::mcts::{Budget, Candidate, Search};
use crate::gtp::args::{list, stone};
use crate::gtp::state::{GtpState, MAX_LEVEL};
use crate::rules::board::Board;
use crate::rules::score::format_result;
use crate::rules::stone::{Color, Move, Point};
use crate::rules::vertex::{format_vertex, parse_color};
use engine_core::command::{Args, CommandError, Registry};

/// The analyze commands, as GoGui reads them: type, label, command (with GoGui's wildcards: `%p` a point
/// the user picks, `%c` a colour the user picks, `%m` the colour to move).
pub const ANALYZE_COMMANDS: &[(&str, &str, &str)] = &[
    ("dboard", "Influence", "gogui-influence %m"),
    ("dboard", "Territory (influence)", "gogui-territory %m"),
    ("bwboard", "Moyo", "gogui-moyo %m"),
    ("sboard", "Territory values", "initial_influence %m territory_value"),
    ("string", "Estimate score", "estimate_score"),
    ("gfx", "Final status", "gogui-final_status"),
    ("plist", "Dead stones", "final_status_list dead"),
    ("plist", "Seki stones", "final_status_list seki"),
    ("string", "Final score", "final_score"),
    ("gfx", "Dragon status", "gogui-dragon_status"),
    ("pstring", "Dragon status at point", "dragon_status %p"),
    ("plist", "Dragon stones", "dragon_stones %p"),
    ("string", "Dragon data", "dragon_data %p"),
    ("gfx", "Owl", "gogui-owl %p"),
    ("pstring", "Owl attack", "owl_attack %p"),
    ("pstring", "Owl defend", "owl_defend %p"),
    ("pstring", "Attack (tactical)", "attack %p"),
    ("pstring", "Defend (tactical)", "defend %p"),
    ("plist", "Worm stones", "worm_stones %p"),
    ("string", "Worm data", "worm_data %p"),
    ("pspairs", "Move values (win %)", "gogui-move_values %c"),
    ("pstring", "Best move", "reg_genmove %c"),
    ("param", "Engine settings", "gogui-params"),
    ("string", "Show board", "showboard"),
];

/// Registers the group's commands on `r`.
pub fn register(r: &mut Registry<GtpState>) {
    r.register("gogui-analyze_commands", "GoGui's analyze commands, one type/label/command line each", |_, _| {
        Ok(ANALYZE_COMMANDS.iter().map(|(t, l, c)| format!("{t}/{l}/{c}")).collect::<Vec<_>>().join("\n"))
    });
    r.register(
        "gogui-influence",
        "gogui-influence COLOR: black's influence less white's, squashed to -1..1, COLOR to move (dboard)",
        |s, a| {
            let (b, inf) = influence(s, a)?;
            Ok(board_of(&b, |p| {
                let d = inf.influence[0][usize::from(p)] - inf.influence[1][usize::from(p)];
                number((d / INFLUENCE_SCALE).tanh())
            }))
        },
    );
    r.register(
        "gogui-territory",
        "gogui-territory COLOR: territory values from influence, black positive, COLOR to move (dboard)",
        |s, a| {
            let (b, inf) = influence(s, a)?;
            // A dead stone's point is worth 2 (the stone and the point): drawn as full territory.
            Ok(board_of(&b, |p| number((-inf.territory_value[usize::from(p)]).clamp(-1.0, 1.0))))
        },
    );
    r.register(
        "gogui-moyo",
        "gogui-moyo COLOR: whose territory or moyo each point is, COLOR to move (bwboard)",
        |s, a| {
            let (b, inf) = influence(s, a)?;
            Ok(board_of(&b, |p| match inf.whose_moyo(p) {
                Some(Color::Black) => "B".into(),
                Some(Color::White) => "W".into(),
                None => "\"\"".into(),
            }))
        },
    );
    r.register(
        "gogui-dragon_status",
        "gogui-dragon_status: every dragon coloured by its owl status, critical ones' moves labelled (gfx)",
        dragon_status_gfx,
    );
    r.register("gogui-owl", "gogui-owl VERTEX: the owl's attack and defence of a dragon (gfx)", owl_gfx);
    r.register(
        "gogui-final_status",
        "gogui-final_status: territory, dead stones and the score as final_score counts them (gfx)",
        final_status_gfx,
    );
    r.register(
        "gogui-move_values",
        "gogui-move_values COLOR: tree-search win rates (percent) of COLOR's moves (pspairs)",
        move_values,
    );
    r.register("gogui-params", "gogui-params [KEY VALUE]: the engine's settings, or set one (param)", params);
}

/// Influence differences this large are drawn at about three quarters of the largest square.
const INFLUENCE_SCALE: f32 = 50.0;

/// Tree-search simulations for `gogui-move_values` at the lowest levels (the level's own budget when
/// larger).
const MIN_SIMULATIONS: usize = 100;

/// Exactly `n` arguments: these commands read the whole board, so a call GoGui would never make is
/// refused before any of that work.
fn arity(a: &Args, n: usize) -> Result<(), CommandError> {
    if a.len() == n {
        Ok(())
    } else {
        Err(CommandError::syntax())
    }
}

fn color_arg(a: &Args, i: usize) -> Result<Color, CommandError> {
    a.get(i).and_then(parse_color).ok_or_else(|| CommandError::failed("invalid color"))
}

/// The position and its influence, the colour of argument 0 to move (dragons judged by the owl, as
/// `initial_influence` judges them).
fn influence(s: &mut GtpState, a: &Args) -> Result<(Board, Influence), CommandError> {
    arity(a, 1)?;
    let color = color_arg(a, 0)?;
    let b = s.board().clone();
    let dragons = Dragons::compute(&b, owl_reader(s), Some(&OwlLimits::default()));
    let inf = Influence::of_dragons(&b, &dragons, color);
    Ok((b, inf))
}

/// The reader, with the owl told which pattern databases the engine was started with.
fn owl_reader(s: &mut GtpState) -> &mut crate::analysis::reading::Reader {
    owl::set_pattern_dir(s.options().patterns.as_deref());
    s.reader()
}

/// A number of a `dboard`, two decimals, never `-0.00`.
fn number(v: f32) -> String {
    let v = (v * 100.0).round() / 100.0;
    format!("{:.2}", if v == 0.0 { 0.0 } else { v })
}

/// A board answer for GoGui: one line per row from the top, one entry per point.
fn board_of(b: &Board, mut entry: impl FnMut(Point) -> String) -> String {
    let n = b.size() as u8;
    let rows: Vec<String> =
        (0..n).map(|row| (0..n).map(|col| entry(b.point(col, row))).collect::<Vec<_>>().join(" ")).collect();
    rows.join("\n")
}

fn status_colour(status: DragonStatus) -> &'static str {
    match status {
        DragonStatus::Alive => "green",
        DragonStatus::Critical => "yellow",
        DragonStatus::Dead => "red",
        DragonStatus::Unknown => "gray",
    }
}

/// `LABEL` pairs for a dragon's attacking (`a`) and defending (`d`) moves; one label `ad` when they are
/// the same point (two labels on one point would hide each other).
fn move_labels(b: &Board, attack: Option<Point>, defend: Option<Point>) -> Vec<String> {
    match (attack, defend) {
        (Some(x), Some(y)) if x == y => vec![format!("{} ad", vertex_of(b, x))],
        _ => attack
            .map(|p| format!("{} a", vertex_of(b, p)))
            .into_iter()
            .chain(defend.map(|p| format!("{} d", vertex_of(b, p))))
            .collect(),
    }
}

fn vertex_of(b: &Board, p: Point) -> String {
    format_vertex(b, Move::Play(p))
}

fn dragon_status_gfx(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    arity(a, 0)?;
    let b = s.board().clone();
    let mut ds = Dragons::compute(&b, owl_reader(s), None);
    let dragons: Vec<(Point, Vec<Point>)> = ds.graph.node_weights().map(|d| (d.origin, d.stones.clone())).collect();
    let mut by_status: [(DragonStatus, Vec<Point>); 4] = [
        (DragonStatus::Alive, Vec::new()),
        (DragonStatus::Critical, Vec::new()),
        (DragonStatus::Dead, Vec::new()),
        (DragonStatus::Unknown, Vec::new()),
    ];
    let mut labels = Vec::new();
    let mut counts = [0usize; 4];
    for (origin, stones) in dragons {
        let Some((status, attack, defend)) = ds.owl_status(owl_reader(s), &b, origin, &OwlLimits::default()) else {
            continue;
        };
        let i = by_status.iter().position(|(st, _)| *st == status).unwrap_or(3);
        by_status[i].1.extend(stones);
        counts[i] += 1;
        if status == DragonStatus::Critical {
            labels.extend(move_labels(&b, attack, defend));
        }
    }
    let mut lines = Vec::new();
    for (status, stones) in by_status {
        if !stones.is_empty() {
            lines.push(format!("COLOR {} {}", status_colour(status), list(&b, stones)));
        }
    }
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    lines.push(format!(
        "TEXT dragons: {} alive (green), {} critical (yellow; a attacks, d defends), {} dead (red), {} unknown",
        counts[0], counts[1], counts[2], counts[3]
    ));
    Ok(lines.join("\n"))
}

fn owl_gfx(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    arity(a, 1)?;
    let p = stone(s, a, 0)?;
    let b = s.board().clone();
    let stones = Dragons::compute(&b, owl_reader(s), None).at(p).map(|d| d.stones.clone()).unwrap_or_else(|| vec![p]);
    let (attack, attack_move) = owl::attack_dragon(owl_reader(s), &b, p, OwlLimits::default());
    let (defend, defend_move) = owl::defend_dragon(owl_reader(s), &b, p, OwlLimits::default());
    let status = match (attack.succeeds(), defend.succeeds()) {
        (false, _) => DragonStatus::Alive,
        (true, true) => DragonStatus::Critical,
        (true, false) => DragonStatus::Dead,
    };
    let mut lines = vec![format!("COLOR {} {}", status_colour(status), list(&b, stones))];
    let labels = move_labels(&b, attack_move.filter(|_| attack.succeeds()), defend_move.filter(|_| defend.succeeds()));
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    let word = |code: owl::ReadResult, mv: Option<Point>| match mv {
        Some(m) if code.succeeds() => format!("{} {}", code.gtp_code(), vertex_of(&b, m)),
        _ => code.gtp_code().to_string(),
    };
    lines.push(format!(
        "TEXT {}: {} (owl_attack {}, owl_defend {})",
        vertex_of(&b, p),
        status.gtp_name(),
        word(attack, attack_move),
        word(defend, defend_move)
    ));
    Ok(lines.join("\n"))
}

fn final_status_gfx(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    arity(a, 0)?;
    let b = s.board().clone();
    let f = FinalStatuses::compute(&b, owl_reader(s), &OwlLimits::default());
    let (mut black, mut white, mut dead, mut seki) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for p in b.points() {
        match f.at(p) {
            FinalStatus::BlackTerritory => black.push(p),
            FinalStatus::WhiteTerritory => white.push(p),
            FinalStatus::Dead => {
                dead.push(p);
                // A dead stone's point counts for the other side.
                match b.color(p) {
                    Some(Color::White) => black.push(p),
                    Some(Color::Black) => white.push(p),
                    None => {}
                }
            }
            FinalStatus::Seki => seki.push(p),
            FinalStatus::Alive | FinalStatus::Dame => {}
        }
    }
    let mut lines = Vec::new();
    for (word, pts) in [("BLACK", black), ("WHITE", white), ("MARK", dead), ("TRIANGLE", seki)] {
        if !pts.is_empty() {
            lines.push(format!("{word} {}", list(&b, pts)));
        }
    }
    let score = f.score(&b, s.game().rules().scoring, s.game().komi());
    let score = if score.is_finite() { format_result(score) } else { "cannot score".into() };
    lines.push(format!("TEXT {score} (dead stones marked, seki stones triangled)"));
    Ok(lines.join("\n"))
}

fn move_values(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    arity(a, 1)?;
    let color = color_arg(a, 0)?;
    let game = s.game().clone();
    let b = game.board();
    let candidates: Vec<Candidate> = b
        .points()
        .filter(|&p| b.is_empty(p) && !b.is_true_eye(p, color) && game.check_move(color, Move::Play(p)).is_ok())
        .map(|point| Candidate::new(point, 0.5))
        .collect();
    let simulations = s.level_simulations().max(MIN_SIMULATIONS);
    // Seeded from the engine's seed, so that the same position gives the same values.
    let mut rng = engine_core::rng::seeded_rng(s.options().seed);
    let budget = Budget { simulations, ..Budget::default() };
    let Some(result) = Search::new().run(b, color, game.komi(), &candidates, budget, &mut rng) else {
        return Ok(String::new());
    };
    Ok(result
        .moves
        .iter()
        .filter(|&&(_, visits, _)| visits > 0)
        .map(|&(p, _, rate)| format!("{} {:.0}", vertex_of(b, p), 100.0 * rate))
        .collect::<Vec<_>>()
        .join(" "))
}

fn params(s: &mut GtpState, a: &Args) -> Result<String, CommandError> {
    match a.len() {
        0 => Ok(format!("[string] level {}\n[string] random_seed {}", s.options().level, s.options().seed)),
        2 => {
            let key = a.str(0)?;
            match key {
                "level" => {
                    let level = a.value_or::<u32>(1, "level not an integer")?;
                    if level > MAX_LEVEL {
                        return Err(CommandError::failed(format!("level must be 0 to {MAX_LEVEL}")));
                    }
                    s.set_level(level);
                }
                "random_seed" => {
                    let seed = a.value_or::<u64>(1, "seed not an integer")?;
                    s.set_seed(seed);
                }
                _ => return Err(CommandError::failed(format!("unknown parameter {key}"))),
            }
            Ok(String::new())
        }
        _ => Err(CommandError::syntax()),
    }
}
