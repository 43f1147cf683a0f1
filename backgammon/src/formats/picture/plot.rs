//! The equity-over-the-match plot: after every move of an analysed match or session, player 0's
//! chance to win the game (left axis) and equity (right axis), one line each, broken between
//! games; moves marked doubtful, bad or very bad as circles on the equity line (squares for cube
//! errors, in the same colours as the marks), and the luck of every roll shaded behind it, green
//! when it favoured player 0 and red when it favoured player 1, darker when very lucky.
//!
//! The points are computed by the caller (the command that exports the plot, from the analysis);
//! this module only draws them. Owns the plot's layout and colours ([`PlotLayout`]).

use super::{clip, num, Svg};

/// How a decision is marked (the analysis's skill marks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum ErrorMark {
    #[default]
    None,
    Doubtful,
    Bad,
    VeryBad,
}

impl ErrorMark {
    fn colour(self) -> &'static str {
        match self {
            ErrorMark::None => "none",
            ErrorMark::Doubtful => "#f2c500",
            ErrorMark::Bad => "#ff7f0e",
            ErrorMark::VeryBad => "#d62728",
        }
    }

    fn size(self) -> f64 {
        match self {
            ErrorMark::None => 0.0,
            ErrorMark::Doubtful => 3.5,
            ErrorMark::Bad => 4.5,
            ErrorMark::VeryBad => 6.0,
        }
    }

    fn name(self) -> &'static str {
        match self {
            ErrorMark::None => "",
            ErrorMark::Doubtful => "doubtful",
            ErrorMark::Bad => "bad",
            ErrorMark::VeryBad => "very bad",
        }
    }
}

/// A roll's luck from player 0's side: lucky for player 0 is unlucky for player 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Luck {
    VeryUnlucky,
    Unlucky,
    #[default]
    None,
    Lucky,
    VeryLucky,
}

impl Luck {
    /// The same roll's luck from the other side.
    pub fn flipped(self) -> Luck {
        match self {
            Luck::VeryUnlucky => Luck::VeryLucky,
            Luck::Unlucky => Luck::Lucky,
            Luck::None => Luck::None,
            Luck::Lucky => Luck::Unlucky,
            Luck::VeryLucky => Luck::VeryUnlucky,
        }
    }

    /// The shade behind the move: colour and opacity.
    fn shade(self) -> Option<(&'static str, &'static str)> {
        match self {
            Luck::VeryUnlucky => Some((UNLUCKY, "0.38")),
            Luck::Unlucky => Some((UNLUCKY, "0.16")),
            Luck::None => None,
            Luck::Lucky => Some((LUCKY, "0.16")),
            Luck::VeryLucky => Some((LUCKY, "0.38")),
        }
    }
}

const LUCKY: &str = "#2ca02c";
const UNLUCKY: &str = "#d62728";
/// The win chance line and the equity line.
pub const WIN_COLOUR: &str = "#1f77b4";
pub const EQUITY_COLOUR: &str = "#222222";

/// One move of the plot.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlotPoint {
    /// The game (from 0) the move belongs to.
    pub game: usize,
    /// Who moved.
    pub player: usize,
    /// Player 0's chance to win the game after the move, 0 to 1.
    pub win: f64,
    /// Player 0's equity after the move (normalised: per cube, money equivalent in a match).
    pub equity: f64,
    /// The mark of the mover's chequer play.
    pub error: ErrorMark,
    /// The worst mark of the mover's cube decisions of this turn.
    pub cube_error: ErrorMark,
    /// The roll's luck, from player 0's side.
    pub luck: Luck,
    /// What happened (e.g. `gnubg 31: 8/5 6/5`): the point's tooltip.
    pub text: String,
}

/// An analysed match or session to plot.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MatchPlot {
    pub names: [String; 2],
    /// Points to win the match, 0 for a money session.
    pub match_length: u32,
    /// Every move, in order.
    pub points: Vec<PlotPoint>,
}

/// The plot's measurements: the picture, and the plotting area inside its margins.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlotLayout {
    pub width: f64,
    pub height: f64,
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
}

/// The one layout of the plot.
pub const LAYOUT: PlotLayout =
    PlotLayout { width: 800.0, height: 420.0, left: 56.0, right: 62.0, top: 58.0, bottom: 40.0 };

impl PlotLayout {
    pub fn x0(&self) -> f64 {
        self.left
    }

    pub fn x1(&self) -> f64 {
        self.width - self.right
    }

    pub fn y0(&self) -> f64 {
        self.top
    }

    pub fn y1(&self) -> f64 {
        self.height - self.bottom
    }

    /// The centre x of move `i` of `n`.
    pub fn move_x(&self, i: usize, n: usize) -> f64 {
        let step = (self.x1() - self.x0()) / n.max(1) as f64;
        self.x0() + (i as f64 + 0.5) * step
    }

    /// The y of a win chance (0 to 1).
    pub fn win_y(&self, win: f64) -> f64 {
        let w = if win.is_finite() { win.clamp(0.0, 1.0) } else { 0.5 };
        self.y1() - w * (self.y1() - self.y0())
    }

    /// The y of an equity on an axis from `-range` to `range`.
    pub fn equity_y(&self, equity: f64, range: f64) -> f64 {
        let e = if equity.is_finite() { equity.clamp(-range, range) } else { 0.0 };
        self.y1() - (e + range) / (2.0 * range) * (self.y1() - self.y0())
    }
}

/// The equity axis runs from minus to plus this: 1, or the largest equity plotted rounded up to
/// a half, at most 3 (a backgammon).
pub fn equity_range(plot: &MatchPlot) -> f64 {
    let max = plot.points.iter().map(|p| p.equity.abs()).filter(|e| e.is_finite()).fold(0.0, f64::max);
    ((max * 2.0).ceil() / 2.0).clamp(1.0, 3.0)
}

/// Every how many moves the x axis is labelled, so that about ten labels show.
fn label_step(n: usize) -> usize {
    [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000].into_iter().find(|&s| n / s <= 12).unwrap_or(10_000)
}

/// The plot as a bare `<svg>` element.
pub fn svg(plot: &MatchPlot) -> String {
    let l = LAYOUT;
    let n = plot.points.len();
    let range = equity_range(plot);
    let what =
        if plot.match_length == 0 { "money session".to_string() } else { format!("{} point match", plot.match_length) };
    let name0 = clip(&plot.names[0], 24);
    let title =
        format!("{name0} vs {}, {what}: win chance and equity for {name0} after every move", clip(&plot.names[1], 24));
    let mut s = Svg::new(l.width, l.height, &title);
    s.rect(0.0, 0.0, l.width, l.height, "#ffffff", "");
    s.text((l.width / 2.0, 18.0), 14.0, "middle", "#000000", "font-weight=\"bold\"", &title);
    legend(&mut s, &l, &plot.names);
    s.rect(l.x0(), l.y0(), l.x1() - l.x0(), l.y1() - l.y0(), "#fbfbfb", "stroke=\"#999999\"");

    // luck behind everything
    let step = (l.x1() - l.x0()) / n.max(1) as f64;
    for (i, p) in plot.points.iter().enumerate() {
        if let Some((colour, opacity)) = p.luck.shade() {
            s.rect(
                l.x0() + i as f64 * step,
                l.y0(),
                step,
                l.y1() - l.y0(),
                colour,
                &format!("fill-opacity=\"{opacity}\""),
            );
        }
    }
    axes(&mut s, &l, range, n);
    // game boundaries; a label too near the one before goes one line lower
    let mut last_label: Option<(f64, f64)> = None;
    for i in 1..n {
        if plot.points[i].game != plot.points[i - 1].game {
            let x = l.x0() + i as f64 * step;
            s.line(x, l.y0(), x, l.y1(), "#666666", "stroke-dasharray=\"4,3\"");
            let y = match last_label {
                Some((lx, ly)) if x - lx < 50.0 && ly < l.y0() + 40.0 => ly + 12.0,
                _ => l.y0() + 12.0,
            };
            s.text((x + 3.0, y), 10.0, "start", "#444444", "", &format!("Game {}", plot.points[i].game + 1));
            last_label = Some((x, y));
        }
    }
    // the two lines, one polyline per game
    let mut start = 0;
    while start < n {
        let game = plot.points[start].game;
        let end = plot.points[start..].iter().position(|p| p.game != game).map_or(n, |k| start + k);
        let win: Vec<(f64, f64)> = (start..end).map(|i| (l.move_x(i, n), l.win_y(plot.points[i].win))).collect();
        let eq: Vec<(f64, f64)> =
            (start..end).map(|i| (l.move_x(i, n), l.equity_y(plot.points[i].equity, range))).collect();
        s.polyline(&win, WIN_COLOUR, "stroke-width=\"2\"");
        s.polyline(&eq, EQUITY_COLOUR, "stroke-width=\"1.5\" stroke-dasharray=\"5,2\"");
        start = end;
    }
    // the marks, each with its move as a tooltip
    for (i, p) in plot.points.iter().enumerate() {
        if p.error == ErrorMark::None && p.cube_error == ErrorMark::None {
            continue;
        }
        let (x, y) = (l.move_x(i, n), l.equity_y(p.equity, range));
        let mut tip = format!("Move {}: {}", i + 1, p.text);
        for (kind, mark) in [("chequer play", p.error), ("cube decision", p.cube_error)] {
            if mark != ErrorMark::None {
                tip.push_str(&format!(" ({kind} {})", mark.name()));
            }
        }
        s.group("class=\"error\"", &tip);
        if p.cube_error != ErrorMark::None {
            let r = p.cube_error.size() + 1.0;
            s.rect(x - r, y - r, 2.0 * r, 2.0 * r, p.cube_error.colour(), "stroke=\"#000000\" stroke-width=\"0.8\"");
        }
        if p.error != ErrorMark::None {
            s.circle(x, y, p.error.size(), p.error.colour(), "stroke=\"#000000\" stroke-width=\"0.8\"");
        }
        s.end_group();
    }
    if n == 0 {
        s.text(((l.x0() + l.x1()) / 2.0, (l.y0() + l.y1()) / 2.0), 14.0, "middle", "#666666", "", "No analysed move");
    }
    s.finish()
}

fn axes(s: &mut Svg, l: &PlotLayout, range: f64, n: usize) {
    for k in 0..=4 {
        let win = f64::from(k) / 4.0;
        let y = l.win_y(win);
        s.line(l.x0(), y, l.x1(), y, "#dddddd", "");
        s.text((l.x0() - 6.0, y + 4.0), 11.0, "end", WIN_COLOUR, "", &format!("{}%", k * 25));
        let equity = -range + f64::from(k) * range / 2.0;
        s.text((l.x1() + 6.0, y + 4.0), 11.0, "start", EQUITY_COLOUR, "", &format!("{equity:+.2}"));
    }
    s.text(
        (14.0, (l.y0() + l.y1()) / 2.0),
        11.0,
        "middle",
        WIN_COLOUR,
        &vertical(14.0, (l.y0() + l.y1()) / 2.0),
        "Win chance",
    );
    s.text(
        (l.width - 10.0, (l.y0() + l.y1()) / 2.0),
        11.0,
        "middle",
        EQUITY_COLOUR,
        &vertical(l.width - 10.0, (l.y0() + l.y1()) / 2.0),
        "Equity",
    );
    let step = label_step(n);
    let mut m = step;
    while m <= n {
        let x = l.move_x(m - 1, n);
        s.line(x, l.y1(), x, l.y1() + 4.0, "#999999", "");
        s.text((x, l.y1() + 16.0), 10.0, "middle", "#333333", "", &m.to_string());
        m += step;
    }
    s.text(((l.x0() + l.x1()) / 2.0, l.height - 6.0), 11.0, "middle", "#333333", "", "Move");
}

/// A rotation of text by -90 degrees about (`x`, `y`).
fn vertical(x: f64, y: f64) -> String {
    format!("transform=\"rotate(-90 {} {})\"", num(x), num(y))
}

fn legend(s: &mut Svg, l: &PlotLayout, names: &[String; 2]) {
    let y = 38.0;
    let mut x = l.x0();
    s.line(x, y, x + 22.0, y, WIN_COLOUR, "stroke-width=\"2\"");
    s.text((x + 26.0, y + 4.0), 11.0, "start", "#000000", "", "Win chance");
    x += 100.0;
    s.line(x, y, x + 22.0, y, EQUITY_COLOUR, "stroke-width=\"1.5\" stroke-dasharray=\"5,2\"");
    s.text((x + 26.0, y + 4.0), 11.0, "start", "#000000", "", "Equity");
    x += 80.0;
    for mark in [ErrorMark::Doubtful, ErrorMark::Bad, ErrorMark::VeryBad] {
        s.circle(x + 5.0, y, mark.size(), mark.colour(), "stroke=\"#000000\" stroke-width=\"0.8\"");
        s.text((x + 13.0, y + 4.0), 11.0, "start", "#000000", "", mark.name());
        x += 22.0 + 7.0 * mark.name().len() as f64;
    }
    s.rect(x, y - 5.0, 10.0, 10.0, ErrorMark::Bad.colour(), "stroke=\"#000000\" stroke-width=\"0.8\"");
    s.text((x + 14.0, y + 4.0), 11.0, "start", "#000000", "", "cube error");
    x += 90.0;
    s.rect(x, y - 6.0, 16.0, 12.0, LUCKY, "fill-opacity=\"0.38\"");
    let lucky = |n: &str| format!("{} lucky", clip(n, 12));
    s.text((x + 20.0, y + 4.0), 11.0, "start", "#000000", "", &lucky(&names[0]));
    x += 30.0 + 7.0 * lucky(&names[0]).chars().count() as f64;
    s.rect(x, y - 6.0, 16.0, 12.0, UNLUCKY, "fill-opacity=\"0.38\"");
    s.text((x + 20.0, y + 4.0), 11.0, "start", "#000000", "", &lucky(&names[1]));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(game: usize, win: f64, equity: f64) -> PlotPoint {
        PlotPoint { game, win, equity, text: "a move".into(), ..PlotPoint::default() }
    }

    #[test]
    fn lines_break_between_games_and_marks_and_luck_are_drawn() {
        let mut points =
            vec![point(0, 0.5, 0.0), point(0, 0.6, 0.2), point(0, 0.9, 0.8), point(1, 0.5, 0.0), point(1, 0.3, -0.4)];
        points[1].error = ErrorMark::VeryBad;
        points[2].cube_error = ErrorMark::Doubtful;
        points[3].luck = Luck::VeryLucky;
        points[4].luck = Luck::Unlucky;
        let plot = MatchPlot { names: ["a".into(), "b".into()], match_length: 5, points };
        let svg = svg(&plot);
        assert_eq!(svg.matches("<polyline").count(), 4, "two lines in each of two games");
        assert_eq!(svg.matches("class=\"error\"").count(), 2);
        assert!(svg.contains("(chequer play very bad)"));
        assert!(svg.contains("(cube decision doubtful)"));
        assert_eq!(
            svg.matches(&format!("fill=\"{LUCKY}\" fill-opacity=\"0.38\"")).count(),
            2,
            "one shade and the legend's"
        );
        assert!(svg.contains(">Game 2</text>"));
        assert!(svg.contains("5 point match"));
        assert_eq!(svg, super::svg(&plot), "deterministic");
    }

    #[test]
    fn the_axes_hold_every_equity() {
        let l = LAYOUT;
        let mut plot = MatchPlot::default();
        assert_eq!(equity_range(&plot), 1.0);
        plot.points.push(point(0, 0.99, 1.7));
        assert_eq!(equity_range(&plot), 2.0);
        plot.points.push(point(0, f64::NAN, f64::INFINITY));
        assert_eq!(equity_range(&plot), 2.0);
        assert_eq!(l.equity_y(2.0, 2.0), l.y0());
        assert_eq!(l.equity_y(-9.0, 2.0), l.y1());
        assert_eq!(l.win_y(f64::NAN), (l.y0() + l.y1()) / 2.0);
        assert!(svg(&plot).contains("<polyline"));
        assert!(svg(&MatchPlot::default()).contains("No analysed move"));
        assert_eq!(label_step(9), 1);
        assert_eq!(label_step(250), 20);
        assert_eq!(label_step(260), 50);
    }
}
