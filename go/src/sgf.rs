//! Go game records in SGF: turning the main line of an [`engine_core::sgf`] game tree into a
//! [`GoGame`] (with GNU Go's `loadsgf` semantics for stopping early: [`load`], [`load_position`] with
//! the command's move-number-or-vertex argument, [`load_file`] from a file read within the input
//! limit) and writing a game as SGF. The SGF syntax itself belongs to `engine_core::sgf`; the meaning
//! of Go properties belongs here.
//!
//! A written record may carry [`Annotation`]s on its move nodes ([`to_sgf_annotated`]): labels (`LB`),
//! marks (`MA`, `TR`, `CR`) and a comment (`C`) on the node of the move played from the position they
//! describe, as GNU Go's `-o` output puts its move values there (`go-gtp -o --output-flags`,
//! `printsgf`, `--replay`). What the marks mean is decided above (the GTP layer); this layer writes them.
//!
//! The SGF layer builds on the rules and the game; it must not import analysis, move generation or GTP
//! (GTP's `loadsgf` and `go-gtp -l` call [`load_file`], `mkpat` calls [`load_position`]).

use crate::game::{GoGame, Rules, SetupChange};
use crate::rules::board::Board;
use crate::rules::score::Scoring;
use crate::rules::stone::{Color, IllegalMove, Move, Point};
use engine_core::limits::{excerpt, read_file_limited, ReadError, MAX_INPUT_FILE_BYTES};
use engine_core::sgf::{self, Collection, GameTree, Node, Property};
use thiserror::Error;

/// Where to stop loading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// Play the whole main line.
    End,
    /// Stop before move number `n` (the first move is 1); 0 means the whole game.
    MoveNumber(usize),
    /// Stop before the first move on this point `(column, row from top)`.
    Vertex(u8, u8),
}

/// Why a record could not be loaded.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum LoadError {
    #[error(transparent)]
    Syntax(#[from] sgf::SgfError),
    #[error("the file has no game")]
    Empty,
    #[error("not a Go record (GM[{0}])")]
    NotGo(String),
    #[error("unsupported board size {0}")]
    BadSize(String),
    #[error("illegal move {number} in the record: {reason}")]
    IllegalMove { number: usize, reason: IllegalMove },
}

/// Loads an SGF record as GNU Go's `loadsgf FILE [MOVE]` does: `until` a move number (stop before it) or
/// a vertex (stop before the first move there; a vertex off the record's board, or `pass`, loads the
/// whole record); without it, the whole main line.
pub fn load_position(text: &str, until: Option<&str>, rules: Rules) -> Result<GoGame, LoadError> {
    let whole = load(text, Until::End, rules)?;
    let until = match until {
        None => Until::End,
        Some(t) if t.bytes().all(|b| b.is_ascii_digit()) => Until::MoveNumber(t.parse().unwrap_or(0)),
        Some(t) => match crate::rules::vertex::parse_vertex(t, whole.board()) {
            Some(Move::Play(p)) => {
                let (c, r) = whole.board().coords(p);
                Until::Vertex(c, r)
            }
            _ => Until::End,
        },
    };
    if until == Until::End {
        Ok(whole)
    } else {
        load(text, until, rules)
    }
}

/// Why [`load_file`] failed.
#[derive(Debug, Error)]
pub enum FileError {
    /// The file could not be read (missing, unreadable).
    #[error("cannot read the file: {0}")]
    Io(std::io::Error),
    /// The file is larger than `engine_core::limits::MAX_INPUT_FILE_BYTES` (or another read limit).
    #[error("{0}")]
    TooLarge(ReadError),
    /// The record does not load.
    #[error(transparent)]
    Load(#[from] LoadError),
}

/// Reads the SGF file at `path` (up to `engine_core::limits::MAX_INPUT_FILE_BYTES`, bytes that are not
/// UTF-8 replaced) and loads it as [`load_position`] does.
pub fn load_file(path: &std::path::Path, until: Option<&str>, rules: Rules) -> Result<GoGame, FileError> {
    let bytes = read_file_limited(path, MAX_INPUT_FILE_BYTES).map_err(|e| match e {
        ReadError::Io(e) => FileError::Io(e),
        too_large => FileError::TooLarge(too_large),
    })?;
    Ok(load_position(&String::from_utf8_lossy(&bytes), until, rules)?)
}

/// Reads the first game of `text` up to `until`, with `rules` (the record's `RU` picks the scoring method
/// when it names Chinese or Japanese rules). Komi comes from `KM` (0 when absent).
pub fn load(text: &str, until: Until, rules: Rules) -> Result<GoGame, LoadError> {
    let collection = sgf::parse(text)?;
    let tree = collection.trees.first().ok_or(LoadError::Empty)?;
    let root = tree.root().ok_or(LoadError::Empty)?;
    if let Some(gm) = root.get("GM") {
        if gm.trim() != "1" {
            return Err(LoadError::NotGo(excerpt(gm)));
        }
    }
    let size = match root.get("SZ") {
        None => 19,
        Some(v) => {
            let s = v.split(':').next().unwrap_or("").trim();
            s.parse::<usize>().ok().filter(|&n| Board::valid_size(n)).ok_or_else(|| LoadError::BadSize(excerpt(v)))?
        }
    };
    let komi = root.get("KM").and_then(|k| k.trim().parse::<f64>().ok()).filter(|k| k.is_finite()).unwrap_or(0.0);
    let mut rules = rules;
    if let Some(ru) = root.get("RU") {
        let ru = ru.to_ascii_lowercase();
        if ru.contains("chinese") || ru.contains("aga") || ru.contains("new zealand") {
            rules.scoring = Scoring::Area;
        } else if ru.contains("japanese") || ru.contains("korean") {
            rules.scoring = Scoring::Territory;
        }
    }
    let mut game = GoGame::new(size, komi, rules);
    let size8 = size as u8;
    let handicap: usize = root.get("HA").and_then(|h| h.trim().parse().ok()).unwrap_or(0);
    let mut number = 0;
    for (i, node) in tree.main_line().enumerate() {
        apply_setup(&mut game, node, size8)?;
        if i == 0 && handicap >= 2 && !game.setup().is_empty() {
            game.set_to_move(Color::White);
        }
        if let Some(pl) = node.get("PL") {
            if let Some(c) = crate::rules::vertex::parse_color(pl.trim()) {
                game.set_to_move(c);
            }
        }
        for (ident, color) in [("B", Color::Black), ("W", Color::White)] {
            let Some(value) = node.get(ident) else { continue };
            let point = sgf::parse_point(value, size8)?;
            number += 1;
            let stop = match until {
                Until::End | Until::MoveNumber(0) => false,
                Until::MoveNumber(n) => number >= n,
                Until::Vertex(c, r) => point == Some((c, r)),
            };
            if stop {
                game.set_to_move(color);
                return Ok(game);
            }
            let mv = point.map_or(Move::Pass, |(c, r)| Move::Play(game.board().point(c, r)));
            game.play(color, mv).map_err(|reason| LoadError::IllegalMove { number, reason })?;
        }
    }
    Ok(game)
}

/// The moves marked good at each move of the main line (`mkpat --tune --labels marked`), one entry per
/// move (`B`/`W` property) in order, as `(column, row from top)`: the move itself when its node has
/// `TE` (tesuji) and not `BM` (bad move), and the points the node marks with `TR` or labels with `LB`
/// (marks on a move's node describe the position the move was played from, as [`Annotation`]s do). A
/// move marked `BM` gives no label of its own: the ranking model has winners, not losers.
pub fn marked_moves(text: &str) -> Result<Vec<Vec<(u8, u8)>>, LoadError> {
    let collection = sgf::parse(text)?;
    let tree = collection.trees.first().ok_or(LoadError::Empty)?;
    let root = tree.root().ok_or(LoadError::Empty)?;
    let size = root.get("SZ").and_then(|v| v.split(':').next()?.trim().parse::<u8>().ok()).unwrap_or(19);
    let mut out = Vec::new();
    for node in tree.main_line() {
        for ident in ["B", "W"] {
            let Some(value) = node.get(ident) else { continue };
            let mut good = Vec::new();
            if node.has("TE") && !node.has("BM") {
                good.extend(sgf::parse_point(value, size)?);
            }
            good.extend(sgf::expand_point_list(node.values("TR"), size)?);
            for label in node.values("LB") {
                let at = label.split_once(':').map_or(label.as_str(), |(p, _)| p);
                good.extend(sgf::parse_point(at, size)?);
            }
            good.sort_unstable();
            good.dedup();
            out.push(good);
        }
    }
    Ok(out)
}

fn apply_setup(game: &mut GoGame, node: &Node, size: u8) -> Result<(), LoadError> {
    let point = |(c, r): (u8, u8)| game.board().point(c, r);
    let clear: Vec<Point> = sgf::expand_point_list(node.values("AE"), size)?.into_iter().map(point).collect();
    let white: Vec<Point> = sgf::expand_point_list(node.values("AW"), size)?.into_iter().map(point).collect();
    // A point in both AB and AW (the SGF specification forbids it) is white: AW is applied last.
    // Dropping it from AB here, not replacing the black stone point by point, keeps a node of two
    // full-board rectangles linear in the board's area.
    let mut in_white = vec![false; crate::rules::stone::ARRAY];
    for &p in &white {
        in_white[usize::from(p)] = true;
    }
    let black: Vec<Point> = sgf::expand_point_list(node.values("AB"), size)?
        .into_iter()
        .map(point)
        .filter(|&p| !in_white[usize::from(p)])
        .collect();
    game.apply_setup(&clear, &black, &white);
    Ok(())
}

/// The game as an SGF record: root properties, the setup stones, then one node per move.
pub fn to_sgf(game: &GoGame, program: &str) -> String {
    to_sgf_with(game, program, &[])
}

/// As [`to_sgf`], with extra root properties (`PB`, `PW`, `RE`, …).
pub fn to_sgf_with(game: &GoGame, program: &str, extra: &[(&str, String)]) -> String {
    to_sgf_annotated(game, program, extra, &[])
}

/// The root node of a record that starts from `board` as it stands (no moves): `GM`, `FF`, `SZ`, `KM`,
/// the stones as setup (`AB`, `AW`) and `AP`, as GNU Go's reading traces begin. Variations hang below
/// it (`crate::gtp::decide` writes the reader's trees so).
pub fn position_root(board: &Board, komi: f64, program: &str) -> Node {
    let mut root = Node::new();
    root.set("GM", "1");
    root.set("FF", "4");
    root.set("CA", "UTF-8");
    root.set("SZ", board.size().to_string());
    root.set("KM", format!("{komi}"));
    for (ident, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let pts: Vec<String> = board
            .points()
            .filter(|&p| board.color(p) == Some(color))
            .map(|p| {
                let (c, r) = board.coords(p);
                sgf::format_point(c, r)
            })
            .collect();
        if !pts.is_empty() {
            root.props.push(Property::new(ident, pts));
        }
    }
    root.set("AP", program);
    root
}

/// What to add to the node of one move: what the engine made of the position the move was played from.
/// Points are the game board's; a point may carry a label and one mark (SGF forbids two marks on one
/// point in a node: [`Annotation::add_to`] keeps the first of `MA`, `TR`, `CR` that names it).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Annotation {
    /// `LB`: a text on a point (a move's value).
    pub labels: Vec<(Point, String)>,
    /// `MA`: crossed points (stones the engine reads dead).
    pub marked: Vec<Point>,
    /// `TR`: triangled points (stones of critical dragons).
    pub triangled: Vec<Point>,
    /// `CR`: circled points (the engine's own choice, when the record's move differs).
    pub circled: Vec<Point>,
    /// `C`: a comment.
    pub comment: Option<String>,
}

impl Annotation {
    /// Whether it adds nothing.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
            && self.marked.is_empty()
            && self.triangled.is_empty()
            && self.circled.is_empty()
            && self.comment.is_none()
    }

    /// Adds the annotation's properties to `node` (points of `board`).
    pub fn add_to(&self, node: &mut Node, board: &Board) {
        let at = |p: Point| {
            let (c, r) = board.coords(p);
            sgf::format_point(c, r)
        };
        if let Some(c) = &self.comment {
            node.set("C", c.clone());
        }
        let mut used: Vec<Point> = Vec::new();
        for (ident, points) in [("MA", &self.marked), ("TR", &self.triangled), ("CR", &self.circled)] {
            let mut values = Vec::new();
            for &p in points {
                if board.on_board(p) && !used.contains(&p) {
                    used.push(p);
                    values.push(at(p));
                }
            }
            if !values.is_empty() {
                node.props.push(Property::new(ident, values));
            }
        }
        let mut labelled: Vec<Point> = Vec::new();
        let mut labels = Vec::new();
        for (p, text) in &self.labels {
            // One label per point (SGF forbids two).
            if board.on_board(*p) && !labelled.contains(p) {
                labelled.push(*p);
                labels.push(format!("{}:{}", at(*p), text));
            }
        }
        if !labels.is_empty() {
            node.props.push(Property::new("LB", labels));
        }
    }
}

/// As [`to_sgf_with`], with `notes[i]` (when present and not empty) added to the node of the game's move
/// `i` (the first move is 0).
pub fn to_sgf_annotated(
    game: &GoGame,
    program: &str,
    extra: &[(&str, String)],
    notes: &[Option<Annotation>],
) -> String {
    let board = game.board();
    let mut root = Node::new();
    root.set("GM", "1");
    root.set("FF", "4");
    root.set("CA", "UTF-8");
    root.set("SZ", board.size().to_string());
    root.set("KM", format!("{}", game.komi()));
    root.set("RU", if game.rules().scoring == Scoring::Area { "Chinese" } else { "Japanese" });
    if game.handicap() > 0 {
        root.set("HA", game.handicap().to_string());
    }
    root.set("AP", program);
    for (ident, value) in extra {
        root.set(ident, value.clone());
    }
    let log = game.setup_log();
    // The log is in the order the changes were made, so by move count: each node takes the run of
    // changes made after its move (one pass, however long the log).
    let mut rest = log;
    let mut setup_at = |moves: usize| {
        let n = rest.iter().take_while(|change| change.after_moves == moves).count();
        let (now, later) = rest.split_at(n);
        rest = later;
        now
    };
    add_setup(&mut root, board, setup_at(0));
    let mut nodes = vec![root];
    for (i, (color, mv)) in game.moves().enumerate() {
        let mut n = Node::new();
        let value = match mv {
            Move::Pass => String::new(),
            Move::Play(p) => {
                let (c, r) = board.coords(p);
                sgf::format_point(c, r)
            }
        };
        n.set(if color == Color::Black { "B" } else { "W" }, value);
        if let Some(Some(note)) = notes.get(i) {
            note.add_to(&mut n, board);
        }
        nodes.push(n);
        // Setup between moves gets a node of its own: SGF keeps setup and move properties apart.
        let mut between = Node::new();
        add_setup(&mut between, board, setup_at(i + 1));
        if !between.props.is_empty() {
            nodes.push(between);
        }
    }
    Collection::new(vec![GameTree::new(nodes)]).to_sgf()
}

/// Adds `AE`/`AB`/`AW` to `node` for what these setup changes leave on each point they touched (in
/// the order the points were first touched). Replaying them, as [`load`] does (empty first, then
/// black, then white), captures nothing: the position they lead to has a liberty for every string.
fn add_setup(node: &mut Node, board: &Board, changes: &[SetupChange]) {
    if changes.is_empty() {
        return;
    }
    let mut order: Vec<Point> = Vec::new();
    let mut last: Vec<Option<Option<Color>>> = vec![None; crate::rules::stone::ARRAY];
    for change in changes {
        let slot = &mut last[usize::from(change.point)];
        if slot.is_none() {
            order.push(change.point);
        }
        *slot = Some(change.color);
    }
    for (ident, want) in [("AE", None), ("AB", Some(Color::Black)), ("AW", Some(Color::White))] {
        let pts: Vec<String> = order
            .iter()
            .filter(|&&p| last[usize::from(p)] == Some(want))
            .map(|&p| {
                let (c, r) = board.coords(p);
                sgf::format_point(c, r)
            })
            .collect();
        if !pts.is_empty() {
            node.props.push(Property::new(ident, pts));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "(;GM[1]FF[4]SZ[9]KM[5.5]RU[Japanese];B[fd];W[ff];B[ee](;W[ef];B[tt])(;W[aa]))";

    #[test]
    fn load_whole_and_partial() {
        let g = load(GAME, Until::End, Rules::default()).unwrap();
        assert_eq!(g.move_count(), 5);
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(g.komi(), 5.5);
        assert_eq!(g.rules().scoring, Scoring::Territory);
        let g = load(GAME, Until::MoveNumber(3), Rules::default()).unwrap();
        assert_eq!(g.move_count(), 2);
        assert_eq!(g.to_move(), Color::Black);
        let g = load(GAME, Until::Vertex(4, 5), Rules::default()).unwrap();
        assert_eq!(g.move_count(), 3);
        assert_eq!(g.to_move(), Color::White);
    }

    /// Regression: stones added (or points emptied) by setup after moves were played were written into
    /// the root node, so the saved record loaded to a different game.
    #[test]
    fn setup_between_moves_is_saved_where_it_happened() {
        let same = |a: &GoGame, b: &GoGame| {
            assert_eq!(a.board().hash(), b.board().hash());
            assert_eq!(a.moves().collect::<Vec<_>>(), b.moves().collect::<Vec<_>>());
            assert_eq!(a.to_move(), b.to_move());
        };
        // AW[aa] is captured by the setup stone AB[ab] after B[ba]: the record says so with AE[aa].
        for text in [
            "(;GM[1]SZ[9]AB[ee];B[cc];AB[dd]AW[gg];W[ff];AE[cc]AB[hh];B[ab])",
            "(;GM[1]SZ[9]AW[aa];B[ba];AB[ab];W[ee])",
            "(;GM[1]SZ[9];B[cc];AE[cc];W[cc];AB[dd]AE[dd])",
        ] {
            let g = load(text, Until::End, Rules::default()).unwrap();
            let saved = to_sgf(&g, "test");
            let again = load(&saved, Until::End, Rules::default()).unwrap();
            same(&g, &again);
            assert_eq!(to_sgf(&again, "test"), saved, "saving is stable");
        }
        let g = load("(;GM[1]SZ[9]AW[aa];B[ba];AB[ab];W[ee])", Until::End, Rules::default()).unwrap();
        let saved = to_sgf(&g, "test").replace('\n', "");
        assert!(saved.contains("AW[aa];B[ba];AE[aa]AB[ab];W[ee]"), "{saved}");
        // Undo takes setup made after the last remaining move off the record, as off the board.
        let mut g = load("(;GM[1]SZ[9];B[cc];AB[dd];W[ee])", Until::End, Rules::default()).unwrap();
        assert!(g.undo() && g.undo());
        assert!(g.board().is_clear());
        assert!(!to_sgf(&g, "test").contains("AB"));
    }

    #[test]
    fn annotations_go_on_their_moves_nodes_and_load_back() {
        let g = load("(;GM[1]SZ[9];B[ee];W[cc];B[gg])", Until::End, Rules::default()).unwrap();
        let b = g.board();
        let at = |c, r| b.point(c, r);
        let note = Annotation {
            labels: vec![(at(2, 2), "12.50".into()), (at(6, 2), "0.45".into()), (at(2, 2), "twice".into())],
            marked: vec![at(4, 4)],
            triangled: vec![at(4, 4), at(2, 6)],
            circled: vec![at(6, 2)],
            comment: Some("plays G7 [sic]".into()),
        };
        assert!(Annotation::default().is_empty() && !note.is_empty());
        let text = to_sgf_annotated(&g, "test", &[], &[None, Some(note), Some(Annotation::default())]);
        let nodes: Vec<&str> = text.lines().collect();
        assert_eq!(nodes[2], r";W[cc]C[plays G7 [sic\]]MA[ee]TR[cg]CR[gc]LB[cc:12.50][gc:0.45]", "{text}");
        assert_eq!(nodes[1], ";B[ee]");
        assert_eq!(nodes[3], ";B[gg])");
        let again = load(&text, Until::End, Rules::default()).unwrap();
        assert_eq!(again.board(), g.board());
        assert_eq!(to_sgf(&again, "test"), to_sgf(&g, "test"));
    }

    #[test]
    fn round_trip_and_errors() {
        let g = load(GAME, Until::End, Rules::default()).unwrap();
        let text = to_sgf(&g, "test");
        let g2 = load(&text, Until::End, Rules::default()).unwrap();
        assert_eq!(g2.board(), g.board());
        assert_eq!(g2.move_count(), 5);
        assert!(matches!(load("(;GM[1]SZ[40])", Until::End, Rules::default()), Err(LoadError::BadSize(_))));
        assert!(matches!(load("(;GM[6])", Until::End, Rules::default()), Err(LoadError::NotGo(_))));
        assert!(load("not sgf", Until::End, Rules::default()).is_err());
        assert!(matches!(
            load("(;SZ[9];B[aa];W[aa])", Until::End, Rules::default()),
            Err(LoadError::IllegalMove { number: 2, .. })
        ));
        let h = load("(;SZ[9]HA[2]AB[cc][gg];W[ee])", Until::End, Rules::default()).unwrap();
        assert_eq!(h.setup().len(), 2);
        assert_eq!(h.to_move(), Color::Black);
    }
}
