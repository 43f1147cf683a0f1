//! Printable analysis: gnubg's `export game|match|session latex|pdf|ps` and `export position
//! pdf|ps`. One page model ([`Document`]: a title, match information, per game its moves with
//! their analysis — equity, error marks, the alternatives where the move matters — board diagrams
//! at the moves that matter (errors and cube decisions), the statistics tables and the equity
//! plot) is built here from a record and its analysis, and rendered three ways:
//! - [`latex`]: LaTeX source (article class, packages of texlive-latex-base only), the diagrams as
//!   PNG pictures written beside it (`\includegraphics`);
//! - [`layout`] lays the model out on A4 pages as text lines and shapes (the pictures' shapes
//!   taken from resvg's tree of their SVG, [`vector`]), which [`pdf`] (through `pdf-writer`) and
//!   [`ps`] (hand-written DSC-conforming PostScript Level 2) draw, both with the standard fonts
//!   (Helvetica, Courier), so neither embeds a font.
//!
//! Owns the page model and its renderings only: the analysis is `analysis`'s, handed in as plain
//! notes ([`GameNotes`]) its caller made of it (formats and analysis are layers of one rank, which
//! do not import each other), the pictures `picture`'s, the narration of events `text`'s. Writes no file: the
//! commands write what these functions return, atomically.

pub mod latex;
pub mod layout;
pub mod pdf;
pub mod ps;
pub mod vector;

use super::picture::{self, plot::MatchPlot};
use super::{text, MatchRecord};
use crate::rules::game::GameEvent;
use crate::rules::match_id::MatchState;
use crate::rules::position::Position;

/// The analysis of one chequer play, as its caller wrote it.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveNote {
    /// Index into the game's events of the play.
    pub event: usize,
    /// The played move's equity and what it gave up (>= 0).
    pub equity: f64,
    pub error: f64,
    /// The error mark (`?!`, `?`, `??`), empty when the move is not marked.
    pub mark: String,
    /// The alternatives (and the luck of the roll), printed when the move is marked.
    pub lines: Vec<String>,
}

/// The analysis of one cube decision, as its caller wrote it.
#[derive(Debug, Clone, PartialEq)]
pub struct CubeNote {
    /// Index into the game's events: the double, take, pass or beaver, or the roll after a
    /// decision not to double.
    pub event: usize,
    /// A decision not to double (printed only when marked, before the roll).
    pub no_double: bool,
    /// Who decided, and the error mark (empty when not marked).
    pub player: usize,
    pub mark: String,
    /// The cube analysis.
    pub lines: Vec<String>,
}

/// A game's analysis: its plays and cube decisions, and its statistics tables as text (gnubg's
/// `show statistics` layout: a label of 40 characters, then a column of 23 for each player).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameNotes {
    pub moves: Vec<MoveNote>,
    pub cubes: Vec<CubeNote>,
    pub statistics: String,
}

/// A match's or session's analysis: every game's notes and the totals' tables.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SessionNotes {
    pub games: Vec<GameNotes>,
    pub statistics: String,
}

/// What a picture shows: it decides the width it is printed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureKind {
    /// A board diagram inside a game.
    Board,
    /// The board of a position export (the page's width).
    Position,
    /// The equity plot (the page's width).
    Plot,
}

/// One piece of a printable document, in reading order.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// The document's title (once, first).
    Title(String),
    /// A section: a game, the statistics.
    Heading(String),
    /// A line of running text.
    Text(String),
    /// Lines in a fixed-width font kept together (a move with its analysis); `marked` lines are
    /// errors, set in bold.
    Mono { lines: Vec<String>, marked: bool },
    /// A picture (a bare `<svg>` element as `picture` writes it) with a caption under it.
    Picture { svg: String, kind: PictureKind, caption: String },
    /// A table: a header row, then rows; a row of one cell is a section label.
    Table { header: Vec<String>, rows: Vec<Vec<String>> },
    /// The next block starts a new page.
    PageBreak,
}

/// A printable document: its title (for the file's metadata) and its blocks.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub title: String,
    pub blocks: Vec<Block>,
}

/// A board diagram of `pos` (seen from the player on roll) with the match state's cube, dice and
/// score, and its IDs as the caption.
fn board_block(pos: &Position, state: &MatchState, names: &[String; 2], chequers: u32, kind: PictureKind) -> Block {
    Block::Picture {
        svg: picture::board::svg(pos, state, names, chequers),
        kind,
        caption: format!("Position ID: {}  Match ID: {}", pos.id(), state.id()),
    }
}

/// The document of one position.
pub fn position(pos: &Position, state: &MatchState, names: &[String; 2], chequers: u32) -> Document {
    let title = format!("{} vs {}", names[0], names[1]);
    let mut blocks = vec![Block::Title(title.clone())];
    let what = if state.match_length == 0 {
        "Money session".to_string()
    } else {
        format!(
            "{}-point match, score {} {}, {} {}{}",
            state.match_length,
            names[0],
            state.score[0],
            names[1],
            state.score[1],
            if state.crawford { ", Crawford game" } else { "" }
        )
    };
    blocks.push(Block::Text(what));
    blocks.push(board_block(pos, state, names, chequers, PictureKind::Position));
    Document { title, blocks }
}

/// The document of game `index` (from 0) of the record, with its analysis when there is one; an
/// index past the last game gives a document with the title only.
pub fn game(rec: &MatchRecord, index: usize, analysis: Option<&GameNotes>) -> Document {
    let title = format!("{} vs {}", rec.players[0], rec.players[1]);
    let mut blocks = vec![Block::Title(title.clone())];
    if index < rec.session.games().len() {
        game_blocks(rec, index, analysis, &mut blocks);
        if let Some(a) = analysis {
            statistics_blocks(&a.statistics, &rec.players, "Game statistics", &mut blocks);
        }
    }
    Document { title, blocks }
}

/// The document of the whole match or session: match information, a table of the games, the
/// statistics and the equity plot when it has been analysed, then every game.
pub fn session(rec: &MatchRecord, analysis: Option<&SessionNotes>, plot: Option<&MatchPlot>) -> Document {
    let full = text::session(rec);
    let title = full.lines().next().unwrap_or("").to_string();
    let mut blocks = vec![Block::Title(title.clone())];
    let m = &rec.meta;
    for (label, value) in
        [("Event", &m.event), ("Round", &m.round), ("Place", &m.place), ("Date", &m.date), ("Annotator", &m.annotator)]
    {
        if let Some(v) = value {
            blocks.push(Block::Text(format!("{label}: {v}")));
        }
    }
    if let Some(c) = &m.comment {
        for line in c.lines() {
            blocks.push(Block::Text(line.to_string()));
        }
    }
    let s = rec.session.score();
    let winner = rec.session.winner().map(|w| format!(" ({} wins the match)", rec.players[w])).unwrap_or_default();
    blocks.push(Block::Text(format!("Final score: {} {}, {} {}{winner}", rec.players[0], s[0], rec.players[1], s[1])));
    let mut rows = Vec::new();
    for (i, g) in rec.session.games().iter().enumerate() {
        let (w, p) = match g.result() {
            Some(r) => (rec.players[r.winner].clone(), r.points.to_string()),
            None => ("-".to_string(), "-".to_string()),
        };
        rows.push(vec![(i + 1).to_string(), w, p]);
    }
    blocks.push(Block::Heading("Games".into()));
    blocks.push(Block::Table { header: vec!["Game".into(), "Winner".into(), "Points".into()], rows });
    if let Some(a) = analysis {
        statistics_blocks(&a.statistics, &rec.players, "Statistics", &mut blocks);
    }
    if let Some(p) = plot {
        blocks.push(Block::Heading("Equity over the match".into()));
        blocks.push(Block::Picture {
            svg: picture::plot::svg(p),
            kind: PictureKind::Plot,
            caption: format!("Win chance and equity of {} after every move", rec.players[0]),
        });
    }
    for i in 0..rec.session.games().len() {
        blocks.push(Block::PageBreak);
        game_blocks(rec, i, analysis.and_then(|a| a.games.get(i)), &mut blocks);
    }
    Document { title, blocks }
}

/// gnubg's statistics tables as a table of three columns (the label, then each player's figure),
/// taken from `Statistics::text`, whose rows are a label of 40 characters and two columns of 23.
fn statistics_blocks(text: &str, names: &[String; 2], heading: &str, out: &mut Vec<Block>) {
    let mut rows = Vec::new();
    for line in text.lines().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        if chars.len() <= 41 {
            rows.push(vec![line.trim().to_string()]);
            continue;
        }
        let cut = |from: usize, to: usize| -> String {
            chars[from.min(chars.len())..to.min(chars.len())].iter().collect::<String>().trim().to_string()
        };
        rows.push(vec![cut(0, 40), cut(41, 64), cut(65, chars.len())]);
    }
    out.push(Block::Heading(heading.to_string()));
    out.push(Block::Table { header: vec![String::new(), names[0].clone(), names[1].clone()], rows });
}

/// The blocks of game `index`: its heading, every event narrated (with the played move's
/// equity and mark when analysed), a diagram and the alternatives at errors, a diagram and the
/// cube analysis at cube decisions, the final board and the result.
fn game_blocks(rec: &MatchRecord, index: usize, notes: Option<&GameNotes>, out: &mut Vec<Block>) {
    let Some(g) = rec.session.games().get(index) else { return };
    let names = &rec.players;
    let chequers = g.setup().variant.chequers();
    out.push(Block::Heading(text::game_title(rec, index)));
    let replay = g.replay();
    let mut n = 0;
    let mut result = None;
    for (i, event) in g.events().iter().enumerate() {
        let state_before = replay.get(i).copied();
        let mv = notes.and_then(|a| a.moves.iter().find(|m| m.event == i));
        let cubes: Vec<&CubeNote> =
            notes.map(|a| a.cubes.iter().filter(|c| c.event == i).collect()).unwrap_or_default();
        let described = text::describe(event, names);
        if matches!(event, GameEvent::End(_)) {
            result = described.map(|(_, t)| t);
            continue;
        }
        // a missed double is recorded at the roll after it, which says nothing on its own
        for c in cubes.iter().filter(|c| c.no_double && !c.mark.is_empty()) {
            if let Some((pos, state)) = state_before {
                out.push(board_block(&pos, &state, names, chequers, PictureKind::Board));
            }
            let mut lines = vec![format!("     {} does not double {}", names[c.player.min(1)], c.mark)];
            lines.extend(c.lines.iter().cloned());
            out.push(Block::Mono { lines, marked: true });
        }
        let Some((_, line)) = described else { continue };
        n += 1;
        let mut head = format!("{n:>3}. {line}");
        let is_cube = matches!(
            event,
            GameEvent::Double { .. } | GameEvent::Take { .. } | GameEvent::Drop { .. } | GameEvent::Beaver { .. }
        );
        let move_marked = mv.is_some_and(|m| !m.mark.is_empty());
        if let Some(m) = mv {
            head.push_str(&format!("  Eq.: {:+.3}", m.equity));
            if move_marked {
                head.push_str(&format!(" ({:+.3}) {}", -m.error, m.mark));
            }
        }
        if move_marked || is_cube {
            if let Some((pos, state)) = state_before {
                out.push(board_block(&pos, &state, names, chequers, PictureKind::Board));
            }
        }
        let marked = move_marked || cubes.iter().any(|c| !c.no_double && !c.mark.is_empty());
        let mut lines = vec![head];
        if let Some(m) = mv.filter(|_| move_marked) {
            lines.extend(m.lines.iter().cloned());
        }
        for c in cubes.iter().filter(|c| !c.no_double) {
            lines.extend(c.lines.iter().cloned());
        }
        out.push(Block::Mono { lines, marked });
    }
    out.push(board_block(g.position(), &g.match_state(), names, chequers, PictureKind::Board));
    if let Some(r) = result {
        out.push(Block::Text(format!("{r}.")));
    }
}

/// Text as the standard fonts' encodings hold it (ISO Latin-1, which WinAnsi agrees with from
/// 0xA0): printable ASCII and Latin-1 letters kept, anything else a `?`, one byte per character.
pub(crate) fn latin1(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| match c as u32 {
            0x20..=0x7e | 0xa0..=0xff => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::mat;

    pub(crate) const MATCH: &str = " 3 point match\n\n Game 1\n alice : 0                      bob : 0\n  1)                             52: 13/8 24/22 \n  2) 51: 13/8 24/23              41: 6/2* 2/1* \n  3) 53: 25/20 25/22             21: 6/5* 5/3* \n  4) 62: 25/23                   33: 13/10 8/5 8/5 6/3\n  5) 63:                          Doubles => 2\n  6)  Drops                       Wins 1 point \n\n";

    #[test]
    fn the_model_has_the_games_the_errors_and_the_cube() {
        let rec = mat::read(MATCH).unwrap();
        let g = &rec.session.games()[0];
        // notes as a caller writes them: an error at the first play, a missed double at the
        // last roll, the double and the pass
        let play = g.events().iter().position(|e| matches!(e, GameEvent::Play { .. })).unwrap();
        let roll = g.events().iter().rposition(|e| matches!(e, GameEvent::Roll { .. })).unwrap();
        let double = g.events().iter().position(|e| matches!(e, GameEvent::Double { .. })).unwrap();
        let note = |event, no_double, mark: &str| CubeNote {
            event,
            no_double,
            player: 1,
            mark: mark.into(),
            lines: vec!["Proper cube action: Double, pass".into()],
        };
        let notes = SessionNotes {
            games: vec![GameNotes {
                moves: vec![MoveNote {
                    event: play,
                    equity: -0.2,
                    error: 0.2,
                    mark: "??".into(),
                    lines: vec!["* 2. 0-ply 13/8 24/22".into()],
                }],
                cubes: vec![note(roll, true, "?"), note(double, false, ""), note(double + 1, false, "??")],
                statistics: "Player  a  b\n\nChequerplay statistics\n\nTotal moves                               3                       2                    \n".into(),
            }],
            statistics: String::new(),
        };
        let doc = session(&rec, Some(&notes), None);
        assert_eq!(doc.blocks[0], Block::Title("3 points match: alice vs bob".into()));
        let pictures = doc.blocks.iter().filter(|b| matches!(b, Block::Picture { .. })).count();
        // the error, the missed double, the double, the pass and the final board
        assert_eq!(pictures, 5);
        let marked = doc.blocks.iter().filter(|b| matches!(b, Block::Mono { marked: true, .. })).count();
        assert_eq!(marked, 3);
        assert!(doc.blocks.iter().any(|b| matches!(b, Block::Mono { lines, .. } if lines[0].ends_with("(-0.200) ??"))));
        let g = game(&rec, 0, Some(&notes.games[0]));
        let table = g.blocks.iter().find_map(|b| match b {
            Block::Table { rows, .. } => Some(rows.clone()),
            _ => None,
        });
        assert_eq!(
            table.unwrap(),
            vec![vec!["Chequerplay statistics".to_string()], vec!["Total moves".into(), "3".into(), "2".into()]]
        );
        // without analysis: the moves and the boards at the cube and the end
        let plain = session(&rec, None, None);
        assert_eq!(plain.blocks.iter().filter(|b| matches!(b, Block::Picture { .. })).count(), 3);
        assert_eq!(game(&rec, 5, None).blocks.len(), 1);
    }

    #[test]
    fn text_is_latin1() {
        assert_eq!(latin1("Jörn → x"), b"J\xf6rn ? x".to_vec());
    }
}
