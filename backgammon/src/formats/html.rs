//! HTML export (XHTML 1.0) of a position, a game, or a match or session, with the stylesheet
//! classes the gnubg manual lists for its HTML export (`movetable`, `moveheader`, `movenumber`,
//! `movemove`, `moveodd`, `result`, `stattable`, `stattableheader`, `comment`, `commentheader`,
//! `fontfamily`, `block`, `positionid`, and the analysis classes, defined for when analysis is
//! added), so user style sheets written for gnubg's export apply. The board is drawn as a picture
//! (`picture::board`'s SVG, inline), and an analysed match or session has its equity plot
//! (`picture::plot`) above its games.

use super::picture::{self, plot::MatchPlot};
use super::{text, MatchRecord};
use crate::rules::game::GameEvent;
use crate::rules::match_id::MatchState;
use crate::rules::position::Position;
use std::fmt::Write;

/// The stylesheet written into every page: one rule per class of the manual's list.
pub const STYLESHEET: &str = ".movetable { border-collapse: collapse; background-color: #ffffff }
.moveheader { background-color: #787878; color: #ffffff; font-weight: bold }
.movenumber { width: 2em; text-align: right; vertical-align: top }
.moveply { width: 5em; text-align: center }
.movemove { width: 20em; text-align: left; font-family: monospace }
.moveequity { width: 10em; text-align: left }
.movethemove { background-color: #ffffcc }
.moveodd { background-color: #d0d0d0 }
.percent { text-align: right }
.blunder { font-weight: bold; color: #ff0000 }
.joker { font-weight: bold; color: #000080 }
.stattable { border-collapse: collapse; text-align: left; background-color: #ffffff }
.stattableheader { background-color: #787878; color: #ffffff; font-weight: bold }
.result { background-color: #e0e0e0; text-align: center; font-weight: bold }
.tiny { font-size: 25% }
.cubedecision { background-color: #ddddee; text-align: left }
.cubedecisionheader { background-color: #89d0e2; text-align: left }
.cubeequity { font-weight: bold }
.cubeaction { color: #b00000 }
.cubeply { font-weight: bold }
.cubeprobs { text-align: right }
.comment { background-color: #449911; width: 39.5em; border-width: 1px; border-style: solid }
.commentheader { background-color: #557711; font-weight: bold; text-align: left }
.number { text-align: center; font-weight: bold; font-size: 60% }
.fontfamily { font-family: Verdana, Arial, Helvetica, sans-serif }
.block { display: block }
.positionid { font-size: 75%; color: #787878 }
.board svg, .plot svg { max-width: 100%; height: auto }
";

/// Escapes text for XHTML.
pub(crate) fn escape(s: &str) -> String {
    picture::escape(s)
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\n\
         <html xmlns=\"http://www.w3.org/1999/xhtml\" xml:lang=\"en\" lang=\"en\">\n\
         <head>\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\" />\n\
         <title>{}</title>\n<style type=\"text/css\">\n{STYLESHEET}</style>\n</head>\n\
         <body class=\"fontfamily\">\n{body}</body>\n</html>\n",
        escape(title)
    )
}

/// The board (a picture) with its IDs, without the page around it; `chequers` per side.
fn board(pos: &Position, state: &MatchState, names: &[String; 2], chequers: u32) -> String {
    format!(
        "<div class=\"block board\">\n{}</div>\n<p class=\"positionid\">Position ID: {} Match ID: {}</p>\n",
        picture::board::svg(pos, state, names, chequers),
        pos.id(),
        state.id()
    )
}

/// A page showing one position (of a variant with `chequers` per side).
pub fn position(pos: &Position, state: &MatchState, names: &[String; 2], chequers: u32) -> String {
    page(&format!("{} vs {}", names[0], names[1]), &board(pos, state, names, chequers))
}

fn game_body(rec: &MatchRecord, index: usize) -> String {
    let Some(g) = rec.session.games().get(index) else { return String::new() };
    let mut out = format!("<h2>{}</h2>\n", escape(&text::game_title(rec, index)));
    out.push_str(
        "<table class=\"movetable\">\n<tr class=\"moveheader\"><th>#</th><th>Player</th><th>Action</th></tr>\n",
    );
    let mut n = 0;
    let mut result = None;
    for event in g.events() {
        let Some((player, line)) = text::describe(event, &rec.players) else { continue };
        if matches!(event, GameEvent::End(_)) {
            result = Some(line);
            continue;
        }
        n += 1;
        let class = if n % 2 == 1 { " class=\"moveodd\"" } else { "" };
        let _ = writeln!(
            out,
            "<tr{class}><td class=\"movenumber\">{n}</td><td>{}</td><td class=\"movemove\">{}</td></tr>",
            escape(&rec.players[player]),
            escape(&line)
        );
    }
    out.push_str("</table>\n");
    out.push_str(&board(g.position(), &g.match_state(), &rec.players, g.setup().variant.chequers()));
    if let Some(r) = result {
        let _ = writeln!(out, "<p class=\"result\">{}</p>", escape(&r));
    }
    out
}

/// A page with game `index` (from 0); an index past the last game gives an empty string.
pub fn game(rec: &MatchRecord, index: usize) -> String {
    if index >= rec.session.games().len() {
        return String::new();
    }
    page(&format!("{} vs {}", rec.players[0], rec.players[1]), &game_body(rec, index))
}

/// A page with the whole match or session: match information, a table of the games, the equity
/// plot when the match has been analysed (`plot`), every game.
pub fn session(rec: &MatchRecord, plot: Option<&MatchPlot>) -> String {
    let mut body = String::new();
    let first = text::session(rec);
    let _ = writeln!(body, "<h1>{}</h1>", escape(first.lines().next().unwrap_or("")));
    if let Some(c) = &rec.meta.comment {
        let _ = writeln!(
            body,
            "<table class=\"comment\">\n<tr class=\"commentheader\"><th>Comment</th></tr>\n<tr><td>{}</td></tr>\n</table>",
            escape(c).replace('\n', "<br />")
        );
    }
    body.push_str(
        "<table class=\"stattable\">\n<tr class=\"stattableheader\"><th>Game</th><th>Winner</th><th>Points</th></tr>\n",
    );
    for (i, g) in rec.session.games().iter().enumerate() {
        let (winner, points) = match g.result() {
            Some(r) => (escape(&rec.players[r.winner]), r.points.to_string()),
            None => ("-".to_string(), "-".to_string()),
        };
        let _ = writeln!(body, "<tr><td>{}</td><td>{winner}</td><td>{points}</td></tr>", i + 1);
    }
    body.push_str("</table>\n");
    if let Some(p) = plot {
        let _ = write!(body, "<div class=\"block plot\">\n{}</div>\n", picture::plot::svg(p));
    }
    for i in 0..rec.session.games().len() {
        body.push_str(&game_body(rec, i));
    }
    let s = rec.session.score();
    let _ = writeln!(
        body,
        "<p class=\"result\">Final score: {} {}, {} {}</p>",
        escape(&rec.players[0]),
        s[0],
        escape(&rec.players[1]),
        s[1]
    );
    page(&format!("{} vs {}", rec.players[0], rec.players[1]), &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::mat;

    #[test]
    fn stylesheet_has_every_class_of_the_manual() {
        // the classes the manual's "Description of the CSS stylesheet" lists
        for class in [
            "movetable",
            "moveheader",
            "movenumber",
            "moveply",
            "movemove",
            "moveequity",
            "movethemove",
            "moveodd",
            "percent",
            "blunder",
            "joker",
            "stattable",
            "stattableheader",
            "result",
            "tiny",
            "cubedecision",
            "cubedecisionheader",
            "cubeequity",
            "cubeaction",
            "cubeply",
            "cubeprobs",
            "comment",
            "commentheader",
            "number",
            "fontfamily",
            "block",
            "positionid",
        ] {
            assert!(STYLESHEET.contains(&format!(".{class} {{")), "{class}");
        }
    }

    #[test]
    fn pages_are_well_formed_and_escaped() {
        let text = " 0 point match\n\n Game 1\n <A&B> : 0                      root : 0\n  1) 41: 13/9 24/23               Doubles => 2\n  2)  Drops                       Wins 1 point \n\n";
        let rec = mat::read(text).unwrap();
        for page in [session(&rec, None), game(&rec, 0)] {
            assert!(page.contains("&lt;A&amp;B&gt;"));
            assert!(!page.contains("<A&B>"));
            assert!(page.contains("<tr class=\"moveodd\"><td class=\"movenumber\">1</td>"));
            assert!(page.contains("<p class=\"result\">root wins a single game and 1 point</p>"));
            // every opened element is closed
            for tag in ["html", "head", "body", "table", "svg", "div", "style", "title"] {
                assert_eq!(
                    page.matches(&format!("<{tag}")).count(),
                    page.matches(&format!("</{tag}>")).count(),
                    "{tag}"
                );
            }
        }
        let pos = position(rec.session.game().unwrap().position(), &rec.session.match_state(), &rec.players, 15);
        assert!(pos.contains("class=\"positionid\">Position ID: "));
        // the board is a picture, not text
        assert!(pos.contains("<div class=\"block board\">\n<svg "));
        assert!(!pos.contains("<pre>"));
        // the plot is there when the match is analysed
        let plot = MatchPlot::default();
        assert!(session(&rec, Some(&plot)).contains("<div class=\"block plot\">\n<svg "));
        assert!(!session(&rec, None).contains("class=\"block plot\""));
    }
}
