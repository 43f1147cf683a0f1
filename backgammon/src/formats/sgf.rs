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
//! Errors name the line of the node (SGF syntax errors their line and column).

use super::{raw_scores_before, Builder, FormatError, MatchRecord, Metadata, Step};
use crate::game::{Action, Ending, Game, GameEvent, Phase};
use crate::session::Rules;
use crate::variant::Variant;
use engine_core::game::PlayerId;
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
    let mut trees = Vec::with_capacity(session.games().len());
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
        trees.push(GameTree::new(nodes));
    }
    Collection::new(trees).to_sgf()
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

fn move_nodes(game: &Game) -> Vec<Node> {
    let mut nodes = Vec::new();
    let node = |nodes: &mut Vec<Node>, player: PlayerId, value: String| {
        let mut n = Node::new();
        n.set(colour(player), value);
        nodes.push(n);
    };
    let mut pending_roll: Option<(PlayerId, (u8, u8))> = None;
    for event in game.events() {
        match *event {
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
    for (t, tree) in collection.trees.iter().enumerate() {
        let mut nodes = Vec::new();
        document_order(tree, &mut nodes, true);
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
        b.new_game(first_line)?;
        for (i, &(node, main)) in nodes.iter().enumerate().skip(1) {
            if main {
                read_node(b, node, line_of(i))?;
            }
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

fn read_node(b: &mut Builder, node: &Node, line: usize) -> Result<(), FormatError> {
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
    if ["AE", "AW", "AB"].iter().any(|p| node.has(p)) {
        return Err(FormatError::invalid(line, "position set-up nodes (AE/AW/AB) are not supported"));
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
    use crate::session::Session;
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
