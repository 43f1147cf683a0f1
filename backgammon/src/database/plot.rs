//! The picture of a player's record over time: error rates (chequer play, cube, overall, in
//! normalised millipoints per decision, gnubg's mEMG) and the error-based absolute rating of each
//! stored match, in the order the matches were added. Drawn as SVG through `formats::picture`'s
//! writer; deterministic (no time, no randomness). Owns the layout only.

use super::HistoryEntry;
use crate::formats::picture::Svg;

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 480.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 20.0;
const PANEL_H: f64 = 170.0;
const TOP1: f64 = 50.0;
const TOP2: f64 = 270.0;

/// Chequer, cube and overall colours, then the rating's.
const COLOURS: [&str; 4] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];

/// "Round" axis bounds and a step for about five grid lines.
fn nice_range(lo: f64, hi: f64) -> (f64, f64, f64) {
    let (lo, hi) = if hi - lo < 1e-9 { (lo - 1.0, hi + 1.0) } else { (lo, hi) };
    let raw = (hi - lo) / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0].iter().map(|m| m * mag).find(|s| *s >= raw).unwrap_or(10.0 * mag);
    ((lo / step).floor() * step, (hi / step).ceil() * step, step)
}

struct Panel {
    top: f64,
    lo: f64,
    hi: f64,
}

impl Panel {
    fn y(&self, v: f64) -> f64 {
        self.top + PANEL_H - (v - self.lo) / (self.hi - self.lo) * PANEL_H
    }
}

fn x_of(i: usize, n: usize) -> f64 {
    let w = WIDTH - LEFT - RIGHT;
    if n <= 1 {
        LEFT + w / 2.0
    } else {
        LEFT + w * i as f64 / (n - 1) as f64
    }
}

fn axes(svg: &mut Svg, p: &Panel, step: f64, title: &str, n: usize) {
    svg.rect(LEFT, p.top, WIDTH - LEFT - RIGHT, PANEL_H, "#fafafa", "stroke=\"#888\"");
    let mut v = p.lo;
    let mut guard = 0;
    while v <= p.hi + step * 1e-6 && guard < 50 {
        let y = p.y(v);
        svg.line(LEFT, y, WIDTH - RIGHT, y, "#ddd", "");
        let label = if step >= 1.0 { format!("{v:.0}") } else { format!("{v:.1}") };
        svg.text((LEFT - 6.0, y + 4.0), 11.0, "end", "#333", "", &label);
        v += step;
        guard += 1;
    }
    svg.text((LEFT, p.top - 8.0), 13.0, "start", "#000", "", title);
    // match numbers along the bottom: at most about ten labels
    let every = n.div_ceil(10).max(1);
    for i in (0..n).step_by(every) {
        svg.text((x_of(i, n), p.top + PANEL_H + 14.0), 10.0, "middle", "#333", "", &(i + 1).to_string());
    }
}

fn series(svg: &mut Svg, p: &Panel, values: &[Option<f64>], n: usize, colour: &str, tip: &str) {
    svg.group(&format!("class=\"series\" data-name=\"{tip}\""), tip);
    let mut run: Vec<(f64, f64)> = Vec::new();
    for (i, v) in values.iter().enumerate() {
        match v {
            Some(v) => run.push((x_of(i, n), p.y(*v))),
            None => {
                svg.polyline(&run, colour, "stroke-width=\"1.5\"");
                run.clear();
            }
        }
    }
    svg.polyline(&run, colour, "stroke-width=\"1.5\"");
    for (i, v) in values.iter().enumerate() {
        if let Some(v) = v {
            svg.circle(x_of(i, n), p.y(*v), 2.5, colour, "");
        }
    }
    svg.end_group();
}

/// The SVG element of `player`'s history (matches in the order given).
pub fn history_svg(player: &str, history: &[HistoryEntry]) -> String {
    let n = history.len();
    let mut svg = Svg::new(WIDTH, HEIGHT, &format!("Record of {player}: error rates and rating per match"));
    svg.rect(0.0, 0.0, WIDTH, HEIGHT, "#ffffff", "");
    svg.text((WIDTH / 2.0, 24.0), 16.0, "middle", "#000", "", &format!("{player}: {n} matches"));
    let milli = |v: f64| v * 1000.0;
    let rates: [Vec<Option<f64>>; 3] = [
        history
            .iter()
            .map(|h| (h.statistics.unforced_moves > 0).then(|| milli(h.statistics.chequer_rate()[0])))
            .collect(),
        history.iter().map(|h| (h.statistics.close_cube > 0).then(|| milli(h.statistics.cube_rate()[0]))).collect(),
        history
            .iter()
            .map(|h| {
                (h.statistics.unforced_moves + h.statistics.close_cube > 0)
                    .then(|| milli(h.statistics.overall_rate()[0]))
            })
            .collect(),
    ];
    let all: Vec<f64> = rates.iter().flatten().flatten().copied().filter(|v| v.is_finite()).collect();
    let hi = all.iter().copied().fold(0.0, f64::max);
    let (lo, hi, step) = nice_range(0.0, hi);
    let p1 = Panel { top: TOP1, lo, hi };
    axes(&mut svg, &p1, step, "Error rate (mEMG per decision)", n);
    for (k, (values, name)) in rates.iter().zip(["chequer play", "cube", "overall"]).enumerate() {
        series(&mut svg, &p1, values, n, COLOURS[k], name);
    }
    for (k, name) in ["chequer play", "cube", "overall"].iter().enumerate() {
        let x = WIDTH - RIGHT - 300.0 + 100.0 * k as f64;
        svg.rect(x, TOP1 - 18.0, 10.0, 10.0, COLOURS[k], "");
        svg.text((x + 14.0, TOP1 - 9.0), 11.0, "start", "#333", "", name);
    }
    let ratings: Vec<Option<f64>> = history.iter().map(|h| h.rating.filter(|r| r.is_finite())).collect();
    let known: Vec<f64> = ratings.iter().flatten().copied().collect();
    let (rlo, rhi) = if known.is_empty() {
        (1500.0, 2100.0)
    } else {
        (known.iter().copied().fold(f64::INFINITY, f64::min), known.iter().copied().fold(f64::NEG_INFINITY, f64::max))
    };
    let (lo, hi, step) = nice_range(rlo, rhi);
    let p2 = Panel { top: TOP2, lo, hi };
    axes(&mut svg, &p2, step, "Error based absolute FIBS rating", n);
    series(&mut svg, &p2, &ratings, n, COLOURS[3], "rating");
    svg.text((WIDTH / 2.0, HEIGHT - 8.0), 11.0, "middle", "#333", "", "match (in the order added)");
    svg.finish()
}
