//! SGF `GM[6]` (backgammon) as gnubg 1.07 saves matches with `save match`: one game tree per
//! game, whose root node holds the match information and whose other nodes are the moves.
//!
//! Root: `FF[4]GM[6]CA[UTF-8]AP[…]`, `MI[length:N][game:i][ws:S0][bs:S1]` (match length, game
//! number from 0, score before the game of White = player 0 and Black = player 1), `PW`/`PB`
//! (names), `RU` (rules: `Crawford`, `Crawford:CrawfordGame` for the Crawford game, `Jacoby`),
//! `RE[W+2]`/`RE[B+4R]` (winner, points, `R` when resigned), and in the first game `DT`, `EV`,
//! `RO`, `PC`, `AN`, `GC`, `WR`/`BR`.
//!
//! Moves: `B[21lnab]` is Black rolling 21 and playing two steps, each step a pair of letters on
//! the absolute board: `a`..`x` are White's points 1..24 (Black's 24..1), `y` the bar and `z`
//! off. `W[66]` is a roll without a legal play. `W[double]`, `B[take]`, `B[drop]`; a beaver is
//! the beaverer's `double` while the cube is offered. A roll the player resigned after is
//! `PL[W]DI[21]`. Resignations themselves are not nodes: `RE` ends a game that play did not
//! finish. gnubg's analysis properties (`A`, `DA`, `GS`, `MR`, …) are ignored on reading.
//!
//! A board set up during play (`set board`, `set matchid`) is a node like gnubg's:
//! `AE[a:y]AW[f][f]…AB[s]…PL[W]`, clearing the points listed in `AE` (`y` both bars), then adding
//! one White (`AW`) or Black (`AB`) chequer per letter, with `PL` the player to roll (on reading,
//! the player of the next move or double when there is one: gnubg's `PL` can be the other player);
//! `CV[2]` and
//! `CP[w]` (`b`, `c` for centred) set the cube when it changes. The moves before it stay in the
//! game. A game that starts from a set-up position has the set-up node first, and its `MI`
//! score (which may differ from the games before it, after `set matchid`) is its score.
//!
//! Errors name the line of the node (SGF syntax errors their line and column).

use super::{raw_scores_before, Builder, FormatError, MatchRecord, Metadata, Step};
use crate::rules::cube::{Cube, CubeOwner};
use crate::rules::game::{Action, Ending, Game, GameEvent, Phase};
use crate::rules::player::PlayerId;
use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};
use crate::rules::session::Rules;
use crate::rules::variant::Variant;
use engine_core::sgf::{self, Collection, GameTree, Node};

/// The SGF letter of `point` (1..=24, 25 bar, 0 off) counted from `player`'s side.
fn letter(player: PlayerId, point: u8) -> char {
    match point {
        25 => 'y',
        0 => 'z',
        p if player == 0 => char::from(b'a' + p - 1),
        p => char::from(b'a' + 24 - p),
    }
}

/// The point (in `player`'s numbering) of an SGF letter.
fn point_of(player: PlayerId, c: u8) -> Option<u8> {
    match c {
        b'y' => Some(25),
        b'z' => Some(0),
        b'a'..=b'x' if player == 0 => Some(c - b'a' + 1),
        b'a'..=b'x' => Some(24 - (c - b'a')),
        _ => None,
    }
}

fn colour(player: PlayerId) -> &'static str {
    if player == 0 {
        "W"
    } else {
        "B"
    }
}

/// The SGF text of a record: one game tree per game.
pub fn write(rec: &MatchRecord) -> String {
    let session = &rec.session;
    let rules = session.rules();
    let scores = raw_scores_before(session);
    // one game tree at a time: the nodes of a whole long session would cost many times its text
    let mut out = String::new();
    for (i, game) in session.games().iter().enumerate() {
        let mut root = Node::new();
        root.set("FF", "4");
        root.set("GM", "6");
        root.set("CA", "UTF-8");
        root.set("AP", format!("gammon:{}", env!("CARGO_PKG_VERSION")));
        root.set_values(
            "MI",
            vec![
                format!("length:{}", rules.match_length),
                format!("game:{i}"),
                format!("ws:{}", scores[i][0]),
                format!("bs:{}", scores[i][1]),
            ],
        );
        root.set("PW", rec.players[0].clone());
        root.set("PB", rec.players[1].clone());
        if i == 0 {
            write_meta(&mut root, &rec.meta);
        }
        let mut ru = Vec::new();
        if rules.match_length > 0 && rules.crawford {
            ru.push("Crawford");
            if game.setup().crawford {
                ru.push("CrawfordGame");
            }
        }
        if rules.match_length == 0 && rules.jacoby {
            ru.push("Jacoby");
        }
        if !ru.is_empty() {
            root.set("RU", ru.join(":"));
        }
        if let Some(r) = game.result() {
            let resigned = if r.ending == Ending::Resigned { "R" } else { "" };
            root.set("RE", format!("{}+{}{resigned}", colour(r.winner), r.points));
        }
        let mut nodes = vec![root];
        nodes.extend(move_nodes(game));
        out.push_str(&Collection::new(vec![GameTree::new(nodes)]).to_sgf());
    }
    out
}

fn write_meta(root: &mut Node, meta: &Metadata) {
    let fields = [
        ("WR", &meta.ratings[0]),
        ("BR", &meta.ratings[1]),
        ("DT", &meta.date),
        ("EV", &meta.event),
        ("RO", &meta.round),
        ("PC", &meta.place),
        ("AN", &meta.annotator),
        ("GC", &meta.comment),
    ];
    for (ident, value) in fields {
        if let Some(v) = value {
            root.set(ident, v.clone());
        }
    }
}

/// The set-up node of `position` (seen from `player`, who is to roll), with the cube when it is
/// not `cube_before`.
fn setup_node(position: &Position, player: PlayerId, cube: Cube, cube_before: Cube) -> Node {
    let mut n = Node::new();
    n.set_values("AE", vec!["a:y".to_string()]);
    for (ident, who) in [("AW", 0usize), ("AB", 1usize)] {
        let side = if who == player { ON_ROLL } else { OPPONENT };
        let mut letters = Vec::new();
        for (i, &count) in position.board()[side].iter().enumerate() {
            let point = if i == BAR { 25 } else { i as u8 + 1 };
            for _ in 0..count {
                letters.push(letter(who, point).to_string());
            }
        }
        if !letters.is_empty() {
            n.set_values(ident, letters);
        }
    }
    n.set("PL", colour(player));
    if cube != cube_before {
        n.set("CV", cube.value().to_string());
        let owner = match cube.owner() {
            CubeOwner::Centred => "c",
            CubeOwner::Player(0) => "w",
            CubeOwner::Player(_) => "b",
        };
        n.set("CP", owner);
    }
    n
}

fn move_nodes(game: &Game) -> Vec<Node> {
    let mut nodes = Vec::new();
    let node = |nodes: &mut Vec<Node>, player: PlayerId, value: String| {
        let mut n = Node::new();
        n.set(colour(player), value);
        nodes.push(n);
    };
    if let Some((position, player, cube)) = game.origin() {
        nodes.push(setup_node(&position, player, cube, Cube::default()));
    }
    let mut pending_roll: Option<(PlayerId, (u8, u8))> = None;
    // the cube before each event, for set-ups that change it (replayed only when needed)
    let has_setup = game.events().iter().any(|e| matches!(e, GameEvent::SetUp { .. }));
    let replay = if has_setup { game.replay() } else { Vec::new() };
    for (k, event) in game.events().iter().enumerate() {
        match *event {
            GameEvent::SetUp { player, position, cube } => {
                // dice rolled and not played before the set-up: recorded as gnubg records dice
                // that were set, so that the game reads back event for event
                if let Some((roller, dice)) = pending_roll.take() {
                    let mut n = Node::new();
                    n.set("PL", colour(roller));
                    n.set("DI", format!("{}{}", dice.0, dice.1));
                    nodes.push(n);
                }
                let before = replay[k].1;
                let cube_before = Cube::new(before.cube_log2, before.cube_owner).unwrap_or_default();
                nodes.push(setup_node(&position, player, cube, cube_before));
            }
            GameEvent::OpeningRoll { dice } if dice[0] != dice[1] => {
                let first = if dice[0] > dice[1] { 0 } else { 1 };
                pending_roll = Some((first, (dice[0].max(dice[1]), dice[0].min(dice[1]))));
            }
            GameEvent::Roll { player, dice } => pending_roll = Some((player, dice)),
            GameEvent::Play { player, dice, play, .. } => {
                pending_roll = None;
                let mut v = format!("{}{}", dice.0, dice.1);
                for s in play.steps() {
                    v.push(letter(player, s.from));
                    v.push(letter(player, s.to));
                }
                node(&mut nodes, player, v);
            }
            GameEvent::Pass { player, dice } => {
                pending_roll = None;
                node(&mut nodes, player, format!("{}{}", dice.0, dice.1));
            }
            GameEvent::Double { player, .. } | GameEvent::Beaver { player, .. } => {
                node(&mut nodes, player, "double".into())
            }
            GameEvent::Take { player, .. } => node(&mut nodes, player, "take".into()),
            GameEvent::Drop { player } => node(&mut nodes, player, "drop".into()),
            GameEvent::End(r) if r.ending == Ending::Resigned => {
                if let Some((player, dice)) = pending_roll.take() {
                    let mut n = Node::new();
                    n.set("PL", colour(player));
                    n.set("DI", format!("{}{}", dice.0, dice.1));
                    nodes.push(n);
                }
            }
            _ => {}
        }
    }
    nodes
}

/// Line numbers of the nodes in document order (the k-th `;` outside property values).
fn node_lines(text: &str) -> Vec<usize> {
    let mut lines = Vec::new();
    let mut line = 1;
    let mut in_value = false;
    let mut escaped = false;
    let mut prev_cr = false;
    for c in text.chars() {
        if c == '\n' && !prev_cr || c == '\r' {
            line += 1;
        }
        prev_cr = c == '\r';
        if in_value {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == ']' {
                in_value = false;
            }
        } else if c == '[' {
            in_value = true;
        } else if c == ';' {
            lines.push(line);
        }
    }
    lines
}

/// The nodes of a tree in document order (the sequence, then each variation).
fn document_order<'a>(tree: &'a GameTree, out: &mut Vec<(&'a Node, bool)>, main: bool) {
    for n in &tree.nodes {
        out.push((n, main));
    }
    for (k, v) in tree.variations.iter().enumerate() {
        document_order(v, out, main && k == 0);
    }
}

/// Reads an SGF file of backgammon games (gnubg's `save match`).
pub fn read(text: &str) -> Result<MatchRecord, FormatError> {
    let collection = sgf::parse(text).map_err(|e| {
        let (line, column) = e.position().unwrap_or((1, 1));
        FormatError::syntax(line, column, e.to_string())
    })?;
    let lines = node_lines(text);
    let mut k = 0usize;
    let mut builder: Option<Builder> = None;
    let mut players: Option<[String; 2]> = None;
    let mut meta = Metadata::default();
    // each tree is dropped once read, so the parsed file and the match read from it are not both
    // held whole
    for (t, tree) in collection.trees.into_iter().enumerate() {
        let mut nodes = Vec::new();
        document_order(&tree, &mut nodes, true);
        let first_line = lines.get(k).copied().unwrap_or(1);
        let Some(&(root, _)) = nodes.first() else {
            return Err(FormatError::invalid(first_line, "a game tree without nodes"));
        };
        let line_of = |i: usize| lines.get(k + i).copied().unwrap_or(first_line);
        if root.get("GM").is_some_and(|g| g.trim() != "6") {
            return Err(FormatError::invalid(first_line, "not a backgammon game (GM is not 6)"));
        }
        let mi = root.values("MI");
        let field = |key: &str| -> Option<&str> {
            mi.iter().find_map(|v| v.split_once(':').filter(|(k2, _)| k2.trim() == key).map(|(_, v)| v.trim()))
        };
        if t == 0 {
            let length = match field("length") {
                Some(v) => v
                    .parse::<u16>()
                    .map_err(|_| FormatError::invalid(first_line, format!("match length {v:?} is not a number")))?,
                None => 0,
            };
            let ru = root.get("RU").unwrap_or("");
            let has = |flag: &str| ru.split(':').any(|f| f.trim().eq_ignore_ascii_case(flag));
            let rules = if length == 0 {
                Rules { jacoby: has("Jacoby"), beavers: 3, ..Rules::money(Variant::Standard) }
            } else {
                Rules { crawford: has("Crawford"), ..Rules::match_to(length, Variant::Standard) }
            };
            builder = Some(Builder::new(rules, first_line)?);
            meta = read_meta(root);
            players = Some([
                sgf::simple_text_value(root.get("PW").unwrap_or("White")),
                sgf::simple_text_value(root.get("PB").unwrap_or("Black")),
            ]);
        }
        let b = builder.as_mut().expect("set at the first tree");
        if let Some(g) = b.session.game() {
            if !g.is_over() {
                return Err(FormatError::invalid(first_line, "a new game starts before the last one ended"));
            }
        }
        // the score the file gives this game: a different one than the games before make is a
        // score that was set, which only a game starting from a set-up position can have
        let number = |key: &str| -> Result<Option<u32>, FormatError> {
            field(key)
                .map(|v| {
                    v.parse::<u32>()
                        .map_err(|_| FormatError::invalid(first_line, format!("{key} {v:?} is not a number")))
                })
                .transpose()
        };
        let set_score = match (number("ws")?, number("bs")?) {
            (Some(w), Some(bl)) if [w, bl] != b.session.score() => Some([w, bl]),
            _ => None,
        };
        let mut pending = None;
        // a game that starts set up takes its score and Crawford flag from the file: a set-up
        // may have skipped the Crawford game
        let starts_set_up = nodes.get(1).is_some_and(|&(n, main)| main && is_setup(n));
        match set_score {
            _ if starts_set_up => {
                let ru = root.get("RU").unwrap_or("");
                let crawford = ru.split(':').any(|f| f.trim().eq_ignore_ascii_case("CrawfordGame"));
                pending = Some((set_score.unwrap_or(b.session.score()), crawford));
            }
            None => b.new_game(first_line)?,
            Some([w, bl]) => {
                let [x, y] = b.session.score();
                return Err(FormatError::invalid(
                    first_line,
                    format!("the score before this game is {w}-{bl}, but the games before make it {x}-{y}"),
                ));
            }
        }
        for (i, &(node, main)) in nodes.iter().enumerate().skip(1) {
            if main {
                let next = nodes[i + 1..].iter().find(|&&(_, m)| m).map(|&(n, _)| n);
                read_node(b, node, next, line_of(i), &mut pending)?;
            }
        }
        if pending.is_some() {
            return Err(FormatError::invalid(first_line, "a game at a set score without its set-up"));
        }
        if let Some(re) = root.get("RE") {
            finish(b, re, first_line)?;
        }
        k += nodes.len();
    }
    let Some(builder) = builder else {
        return Err(FormatError::invalid(1, "no game in the file"));
    };
    Ok(MatchRecord { session: builder.session, players: players.expect("set with the builder"), meta })
}

fn read_meta(root: &Node) -> Metadata {
    let get = |ident: &str| root.get(ident).map(sgf::simple_text_value);
    Metadata {
        event: get("EV"),
        date: get("DT"),
        place: get("PC"),
        round: get("RO"),
        annotator: get("AN"),
        comment: root.get("GC").map(sgf::text_value),
        ratings: [get("WR"), get("BR")],
    }
}

/// Whether `node` sets the board, the cube or the player to roll up (rather than recording a move
/// or a roll).
fn is_setup(node: &Node) -> bool {
    ["AE", "AW", "AB", "CV", "CP"].iter().any(|p| node.has(p))
        || (node.has("PL") && !node.has("DI") && !node.has("W") && !node.has("B"))
}

/// A game starting from a set-up position at a set score (and whether it is the Crawford game),
/// waiting for its set-up node.
type PendingStart = Option<([u32; 2], bool)>;

/// Reads a set-up node (see the module documentation) and sets the board up: in the game in
/// progress, or as the start of the game `pending` announces.
fn read_setup(
    b: &mut Builder,
    node: &Node,
    next: Option<&Node>,
    line: usize,
    pending: &mut PendingStart,
) -> Result<(), FormatError> {
    let bad = |m: String| FormatError::invalid(line, m);
    // each player's chequers in that player's own numbering, the player to act and the cube
    let (mut sides, player_before, cube_before) = match b.session.game() {
        Some(g) if pending.is_none() && !g.is_over() => (
            [g.position_of(0).board()[ON_ROLL], g.position_of(1).board()[ON_ROLL]],
            g.to_act().unwrap_or(g.on_roll()),
            g.cube(),
        ),
        _ if pending.is_some() => {
            let start = b.session.rules().variant.starting_position();
            ([start.board()[ON_ROLL], start.board()[OPPONENT]], 0, Cube::default())
        }
        _ => return Err(bad("a set-up node outside a game in progress".into())),
    };
    for value in node.values("AE") {
        let v = value.trim().as_bytes();
        let (from, to) = match v {
            [c] => (*c, *c),
            [c, b':', d] => (*c, *d),
            _ => {
                return Err(bad(format!(
                    "AE[{}] is not a point or a range of points",
                    engine_core::limits::excerpt(value)
                )))
            }
        };
        if !from.is_ascii_lowercase() || !to.is_ascii_lowercase() {
            return Err(bad(format!("AE[{}]: bad point letter", engine_core::limits::excerpt(value))));
        }
        for c in from..=to {
            for (who, side) in sides.iter_mut().enumerate() {
                match point_of(who, c) {
                    Some(25) => side[BAR] = 0,
                    Some(p @ 1..=24) => side[p as usize - 1] = 0,
                    _ => {}
                }
            }
        }
    }
    for (ident, who) in [("AW", 0usize), ("AB", 1usize)] {
        for value in node.values(ident) {
            let v = value.trim().as_bytes();
            let point = match v {
                [c] => point_of(who, *c),
                _ => None,
            }
            .ok_or_else(|| bad(format!("{ident}[{}] is not a point letter", engine_core::limits::excerpt(value))))?;
            let slot = match point {
                0 => continue,
                25 => &mut sides[who][BAR],
                p => &mut sides[who][p as usize - 1],
            };
            if u32::from(*slot) >= crate::rules::position::MAX_CHEQUERS {
                return Err(bad(format!("{ident}: more than {} chequers", crate::rules::position::MAX_CHEQUERS)));
            }
            *slot += 1;
        }
    }
    let player = match node.get("PL").map(str::trim) {
        None => player_before,
        Some(p) if p.eq_ignore_ascii_case("W") => 0,
        Some(p) if p.eq_ignore_ascii_case("B") => 1,
        Some(p) => return Err(bad(format!("PL[{}] is neither W nor B", engine_core::limits::excerpt(p)))),
    };
    // gnubg 1.07 writes a `PL` that is not always the player to roll (`PL[W]` before Black's
    // move, in its save of a match it loaded): the next move, or double, says who rolls
    let mover = |n: &Node| {
        [("W", 0usize), ("B", 1usize)].into_iter().find_map(|(ident, p)| {
            let v = n.get(ident)?.trim().to_ascii_lowercase();
            (v != "take" && v != "drop").then_some(p)
        })
    };
    let player = next.and_then(mover).unwrap_or(player);
    let log2 = match node.get("CV").map(str::trim) {
        None => cube_before.log2(),
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|n| n.is_power_of_two())
            .and_then(|n| u8::try_from(n.trailing_zeros()).ok())
            .filter(|&l| l <= crate::rules::cube::MAX_CUBE_LOG2)
            .ok_or_else(|| bad(format!("CV[{}] is not a cube value", engine_core::limits::excerpt(v))))?,
    };
    let owner = match node.get("CP").map(|v| v.trim().to_ascii_lowercase()) {
        None => cube_before.owner(),
        Some(o) if o == "c" => CubeOwner::Centred,
        Some(o) if o == "w" => CubeOwner::Player(0),
        Some(o) if o == "b" => CubeOwner::Player(1),
        Some(o) => return Err(bad(format!("CP[{}] is not c, w or b", engine_core::limits::excerpt(&o)))),
    };
    let cube = Cube::new(log2, owner).ok_or_else(|| bad("the cube is too large".into()))?;
    let mut board = [[0u8; 25]; 2];
    board[ON_ROLL] = sides[player];
    board[OPPONENT] = sides[1 - player];
    let position = Position::from_board(board).map_err(|e| bad(format!("the set-up position: {e}")))?;
    let illegal = |source| FormatError::Illegal { line, what: "the set-up".into(), source };
    match pending.take() {
        Some((score, crawford)) => {
            b.check_games(line)?;
            b.session.set_up(score, crawford, position, player, cube).map_err(illegal)?;
        }
        None => {
            b.check_events(line)?;
            let (score, crawford) = (b.session.score(), b.session.game().is_some_and(|g| g.setup().crawford));
            b.session.set_up(score, crawford, position, player, cube).map_err(illegal)?;
        }
    }
    Ok(())
}

fn read_node(
    b: &mut Builder,
    node: &Node,
    next: Option<&Node>,
    line: usize,
    pending: &mut PendingStart,
) -> Result<(), FormatError> {
    if is_setup(node) {
        return read_setup(b, node, next, line, pending);
    }
    if pending.is_some() {
        return Err(FormatError::invalid(line, "a game at a set score must start with its set-up"));
    }
    for (ident, player) in [("W", 0usize), ("B", 1usize)] {
        let Some(value) = node.get(ident) else { continue };
        let value = value.trim();
        match value.to_ascii_lowercase().as_str() {
            "double" | "beaver" => {
                let action = if b.phase() == Some(Phase::CubeOffered) { Action::Beaver } else { Action::Double };
                return b.cube(player, action, line);
            }
            "take" => return b.cube(player, Action::Take, line),
            "drop" => return b.cube(player, Action::Drop, line),
            _ => {}
        }
        let (dice, steps) = parse_move(player, value).map_err(|m| FormatError::invalid(line, m))?;
        return b.roll_and_play(player, dice, &steps, line);
    }
    if let Some(di) = node.get("DI") {
        // a roll without a move (the player resigned after rolling)
        let player = match node.get("PL").map(str::trim) {
            Some("W") => 0,
            Some("B") => 1,
            _ => b.to_act().unwrap_or(0),
        };
        let (dice, _) = parse_move(player, di.trim()).map_err(|m| FormatError::invalid(line, m))?;
        return b.roll_and_play(player, dice, &[], line);
    }
    Ok(())
}

/// `21lnab`: dice, then pairs of letters.
fn parse_move(player: PlayerId, value: &str) -> Result<((u8, u8), Vec<Step>), String> {
    let b = value.as_bytes();
    if b.len() < 2 || !b[..2].iter().all(|c| (b'1'..=b'6').contains(c)) {
        return Err(format!("{value:?} is not a backgammon move"));
    }
    let dice = (b[0] - b'0', b[1] - b'0');
    let rest = &b[2..];
    if !rest.len().is_multiple_of(2) || rest.len() > 8 {
        return Err(format!("{value:?} does not hold whole steps"));
    }
    let mut steps = Vec::with_capacity(rest.len() / 2);
    for pair in rest.chunks(2) {
        let from = point_of(player, pair[0]).ok_or(format!("{value:?}: bad point letter"))?;
        let to = point_of(player, pair[1]).ok_or(format!("{value:?}: bad point letter"))?;
        steps.push((from, to));
    }
    Ok((dice, steps))
}

/// `RE[W+2R]`: a game that play did not finish ends by resignation.
fn finish(b: &mut Builder, re: &str, line: usize) -> Result<(), FormatError> {
    let re = re.trim();
    let bad = || FormatError::invalid(line, format!("result {re:?} is not like W+2 or B+4R"));
    let winner = match re.as_bytes().first() {
        Some(b'W' | b'w') => 0,
        Some(b'B' | b'b') => 1,
        _ => return Err(bad()),
    };
    let rest = re[1..].strip_prefix('+').ok_or_else(bad)?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let points: u32 = digits.parse().map_err(|_| bad())?;
    b.wins(winner, points, line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::session::Session;
    use engine_core::dice::Dice;

    /// gnubg 1.07 `save match` of a money session (both human, manual dice, 3 beavers): root
    /// doubles, gnubg beavers, root takes, gnubg resigns a backgammon. Analysis removed.
    const GNUBG_BEAVER: &str = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:0][game:0][ws:0][bs:0]PW[gnubg]PB[root]DT[2026-11-23]RE[B+12R]
;W[31hefe]
;B[double]
;W[double]
;B[take]
;B[42qusu])
";

    #[test]
    fn reads_gnubgs_beaver_and_resignation() {
        let rec = read(GNUBG_BEAVER).unwrap();
        assert_eq!(rec.players, ["gnubg".to_string(), "root".to_string()]);
        assert_eq!(rec.meta.date.as_deref(), Some("2026-11-23"));
        let g = rec.session.game().unwrap();
        let r = g.result().unwrap();
        assert_eq!((r.winner, r.points, r.ending, r.cube), (1, 12, Ending::Resigned, 4));
        assert!(g.events().iter().any(|e| matches!(e, GameEvent::Beaver { player: 0, cube: 2 })));
        // and writes the same moves back
        let ours = write(&rec);
        let moves = |t: &str| t.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
        assert_eq!(moves(&ours), moves(GNUBG_BEAVER));
    }

    #[test]
    fn letters_follow_gnubg() {
        // gnubg: B[21lnab] is Black's 13/11 24/23, W[52mhxv] White's 13/8 24/22
        assert_eq!(parse_move(1, "21lnab").unwrap(), ((2, 1), vec![(13, 11), (24, 23)]));
        assert_eq!(parse_move(0, "52mhxv").unwrap(), ((5, 2), vec![(13, 8), (24, 22)]));
        assert_eq!(parse_move(0, "54yu").unwrap().1, vec![(25, 21)]);
        assert_eq!(parse_move(1, "31vzxz").unwrap().1, vec![(3, 0), (1, 0)]);
        for p in 0..=25u8 {
            for player in 0..2 {
                assert_eq!(point_of(player, letter(player, p) as u8), Some(p));
            }
        }
        assert!(parse_move(0, "7").is_err());
        assert!(parse_move(0, "21abc").is_err());
        assert!(parse_move(0, "21a{").is_err());
    }

    #[test]
    fn errors_name_the_node_line() {
        let text = "(;GM[6]MI[length:3]\n;W[31hefe]\n;B[31hefe])";
        // Black's 31 as White's letters: the chequers are not there
        assert_eq!(read(text).unwrap_err().line(), 3);
        assert!(matches!(read("(;GM[6]\n;W[3"), Err(FormatError::Syntax { line: 2, .. })));
        assert_eq!(read("(;GM[1])").unwrap_err().line(), 1);
    }

    #[test]
    fn round_trip_of_random_sessions_with_set_ups() {
        use crate::rules::cube::{Cube, CubeOwner};
        use rand::{Rng, SeedableRng};
        for seed in 0..30u64 {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed + 500);
            let length = [0u16, 3, 7][seed as usize % 3];
            let rules =
                if length == 0 { Rules::money(Variant::Standard) } else { Rules::match_to(length, Variant::Standard) };
            let mut s = Session::new(rules, Dice::seeded(seed)).unwrap();
            for round in 0..6 {
                super::super::tests_support::play_random(&mut s, &mut rng, round + 1);
                let Some(g) = s.game() else { continue };
                if g.is_over() && s.winner().is_some() {
                    break;
                }
                // a position the game went through, either player to roll, any cube; now and
                // then at another score (as `set matchid` does)
                let states = g.replay();
                let (position, _) = states[rng.random_range(0..states.len())];
                let on_roll = rng.random_range(0..2);
                let owner = [CubeOwner::Centred, CubeOwner::Player(0), CubeOwner::Player(1)][rng.random_range(0..3)];
                let cube = Cube::new(rng.random_range(0..3), owner).unwrap();
                let mut score = s.score();
                if rng.random_range(0..3) == 0 {
                    let cap = if length == 0 { 20 } else { u32::from(length) - 1 };
                    score = [rng.random_range(0..=cap), rng.random_range(0..=cap)];
                }
                let crawford = s.game().is_some_and(|g| g.setup().crawford && !g.is_over());
                let dice = s.game().and_then(Game::dice);
                s.set_up(score, crawford, position, on_roll, cube).unwrap();
                if let Some((a, b)) = dice.filter(|_| rng.random_range(0..2) == 0) {
                    s.apply(&Action::Roll(a, b)).unwrap();
                }
            }
            let rec = MatchRecord::new(s, ["a".into(), "b".into()]);
            let text = write(&rec);
            let back = read(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            super::super::tests_support::assert_same_record(&back, &rec, seed);
            for (x, y) in back.session.games().iter().zip(rec.session.games()) {
                assert_eq!(x.setup().score, y.setup().score, "seed {seed}");
                assert_eq!(x.origin(), y.origin(), "seed {seed}");
                assert_eq!(x.position(), y.position(), "seed {seed}");
            }
            assert_eq!(back.session.match_id(), rec.session.match_id(), "seed {seed}");
            let again = write(&back);
            let diff = again.lines().zip(text.lines()).find(|(a, b)| a != b);
            assert_eq!(diff, None, "seed {seed}");
        }
    }

    #[test]
    fn reads_gnubgs_set_board_node() {
        // gnubg 1.07: `new match 5`, opening 62 played, 31 played, `set board 4HPkQSDgc/ABMA`,
        // 52 played, `save match` (analysis removed)
        let text = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:5][game:0][ws:0][bs:0]PW[gnubg]PB[root]RU[Crawford]
;W[62xrmk]
;B[31qtst]
;PL[W]AE[a:y]AW[f][f][f][f][f][h][h][h][m][m][m][m][m][x][x]AB[s][s][s][s][s][q][q][q][n][l][l][l][l][g][a]
;W[52mhmk])";
        let rec = read(text).unwrap();
        let g = rec.session.game().unwrap();
        let setup = g.events().iter().find_map(|e| match *e {
            GameEvent::SetUp { player, position, .. } => Some((player, position.id())),
            _ => None,
        });
        assert_eq!(setup, Some((0, "4HPkQSDgc/ABMA".to_string())));
        assert_eq!(g.on_roll(), 1);
        // the moves before the set-up are kept
        assert_eq!(g.events().iter().filter(|e| matches!(e, GameEvent::Play { .. })).count(), 3);
        // damaged set-ups are refused at their node
        let cases = [
            ("AW[f]", "AW[f][f][f][f][f][f][f][f][f][f][f][f][f][f][f][f]"),
            ("AW[f]", "AW[{]"),
            ("PL[W]", "PL[Q]"),
            ("PL[W]", "PL[W]CV[3]"),
            ("PL[W]", "PL[W]CP[x]"),
            ("AE[a:y]", "AE[a:{]"),
            ("AE[a:y]", "AE[abc]"),
            ("AW[f]", "AW[ff]"),
        ];
        for (from, bad) in cases {
            let t = text.replacen(from, bad, 1);
            assert_eq!(read(&t).map(|_| ()).map_err(|e| e.line()), Err(4), "{bad}");
        }
    }

    #[test]
    fn round_trip_of_random_sessions() {
        use rand::SeedableRng;
        for seed in 0..20u64 {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed + 100);
            let length = [0u16, 1, 3, 7][seed as usize % 4];
            let rules = if length == 0 {
                Rules { beavers: 3, jacoby: seed % 8 == 0, ..Rules::money(Variant::Standard) }
            } else {
                Rules::match_to(length, Variant::Standard)
            };
            let mut s = Session::new(rules, Dice::seeded(seed)).unwrap();
            super::super::tests_support::play_random(&mut s, &mut rng, 4);
            let mut rec = MatchRecord::new(s, ["White [x]".into(), "Black\\y".into()]);
            rec.meta.event = Some("Cup: final".into());
            rec.meta.comment = Some("two\nlines".into());
            let text = write(&rec);
            let back = read(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            assert_eq!(back.players, rec.players);
            assert_eq!(back.meta, rec.meta);
            super::super::tests_support::assert_same_record(&back, &rec, seed);
            assert_eq!(write(&back), text);
        }
    }
}
