//! The temperature map of a position (gnubg's `show temperaturemap`): for each of the 36 rolls of
//! the player on roll, the equity after the best play of that roll and the play, as a 6x6 grid
//! (first die down, second across, so the 15 non-doubles appear twice) coloured from blue (the
//! worst roll) through white to red (the best), with the mean over the 36 rolls; and the same as
//! text.
//!
//! The equities are computed by the caller (the command, with the evaluator at the `hint`
//! settings); this module only lays them out. Owns the map's layout and colour scale.

use super::{blend, clip, Svg};
use std::fmt::Write;

/// One of the 21 distinct rolls.
#[derive(Debug, Clone, PartialEq)]
pub struct RollResult {
    /// The dice, smaller first or not: the map shows the roll both ways round.
    pub dice: (u8, u8),
    /// Equity for the player on roll after the best play (normalised).
    pub equity: f64,
    /// The best play (`cannot move` when none is legal).
    pub best: String,
}

/// A position's temperature map.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TemperatureMap {
    /// The player on roll.
    pub player: String,
    /// The 21 rolls, in any order.
    pub rolls: Vec<RollResult>,
    pub position_id: String,
    pub match_id: String,
}

impl TemperatureMap {
    /// The result for a roll, either way round.
    pub fn roll(&self, d1: u8, d2: u8) -> Option<&RollResult> {
        let key = (d1.min(d2), d1.max(d2));
        self.rolls.iter().find(|r| (r.dice.0.min(r.dice.1), r.dice.0.max(r.dice.1)) == key)
    }

    /// The mean equity over the 36 rolls (a non-double counts twice); `None` without all 21.
    pub fn mean(&self) -> Option<f64> {
        let mut sum = 0.0;
        for d1 in 1..=6 {
            for d2 in 1..=6 {
                sum += self.roll(d1, d2)?.equity;
            }
        }
        Some(sum / 36.0)
    }

    /// The lowest and highest equity of the rolls.
    fn bounds(&self) -> (f64, f64) {
        let eq = self.rolls.iter().map(|r| r.equity).filter(|e| e.is_finite());
        let lo = eq.clone().fold(f64::INFINITY, f64::min);
        let hi = eq.fold(f64::NEG_INFINITY, f64::max);
        if lo.is_finite() {
            (lo, hi)
        } else {
            (0.0, 0.0)
        }
    }

    /// Where `equity` is between the worst and the best roll, 0 to 1 (a half when all are equal).
    fn heat(&self, equity: f64) -> f64 {
        let (lo, hi) = self.bounds();
        if hi - lo < 1e-9 || !equity.is_finite() {
            0.5
        } else {
            (equity - lo) / (hi - lo)
        }
    }
}

const COLD: [u8; 3] = [0x2c, 0x5a, 0xc8];
const MILD: [u8; 3] = [0xff, 0xff, 0xff];
const HOT: [u8; 3] = [0xd0, 0x26, 0x1c];

/// The colour of a heat from 0 (cold) to 1 (hot).
pub fn heat_colour(t: f64) -> String {
    if t < 0.5 {
        blend(COLD, MILD, t * 2.0)
    } else {
        blend(MILD, HOT, (t - 0.5) * 2.0)
    }
}

/// The map's measurements.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MapLayout {
    pub cell_w: f64,
    pub cell_h: f64,
    /// The left column and the top row of dice faces.
    pub header: f64,
    /// The title above the grid.
    pub title: f64,
    /// The colour scale below the grid.
    pub footer: f64,
    pub margin: f64,
}

/// The one layout of the map.
pub const LAYOUT: MapLayout =
    MapLayout { cell_w: 100.0, cell_h: 70.0, header: 34.0, title: 44.0, footer: 56.0, margin: 10.0 };

impl MapLayout {
    pub fn width(&self) -> f64 {
        2.0 * self.margin + self.header + 6.0 * self.cell_w
    }

    pub fn height(&self) -> f64 {
        self.title + self.header + 6.0 * self.cell_h + self.footer
    }

    /// The top-left corner of the cell of `d1` (row) and `d2` (column).
    pub fn cell(&self, d1: u8, d2: u8) -> (f64, f64) {
        let x = self.margin + self.header + f64::from(d2.clamp(1, 6) - 1) * self.cell_w;
        let y = self.title + self.header + f64::from(d1.clamp(1, 6) - 1) * self.cell_h;
        (x, y)
    }
}

fn signed(e: f64) -> String {
    format!("{e:+.3}")
}

/// The map as a bare `<svg>` element.
pub fn svg(map: &TemperatureMap) -> String {
    let l = LAYOUT;
    let title = format!("Temperature map: {} on roll", clip(&map.player, 30));
    let mut s = Svg::new(l.width(), l.height(), &format!("{title} (position ID {})", map.position_id));
    s.rect(0.0, 0.0, l.width(), l.height(), "#ffffff", "");
    s.text((l.width() / 2.0, 20.0), 15.0, "middle", "#000000", "font-weight=\"bold\"", &title);
    let sub = match map.mean() {
        Some(m) => {
            format!("Mean equity {} \u{b7} Position ID {} \u{b7} Match ID {}", signed(m), map.position_id, map.match_id)
        }
        None => format!("Position ID {} \u{b7} Match ID {}", map.position_id, map.match_id),
    };
    s.text((l.width() / 2.0, 37.0), 11.0, "middle", "#333333", "", &sub);
    for d in 1..=6u8 {
        let (x, _) = l.cell(1, d);
        s.text(
            (x + l.cell_w / 2.0, l.title + l.header - 10.0),
            16.0,
            "middle",
            "#000000",
            "font-weight=\"bold\"",
            &d.to_string(),
        );
        let (_, y) = l.cell(d, 1);
        s.text(
            (l.margin + l.header / 2.0, y + l.cell_h / 2.0 + 6.0),
            16.0,
            "middle",
            "#000000",
            "font-weight=\"bold\"",
            &d.to_string(),
        );
    }
    for d1 in 1..=6u8 {
        for d2 in 1..=6u8 {
            let (x, y) = l.cell(d1, d2);
            let Some(r) = map.roll(d1, d2) else {
                s.rect(x, y, l.cell_w, l.cell_h, "#eeeeee", "stroke=\"#ffffff\" stroke-width=\"2\"");
                continue;
            };
            let t = map.heat(r.equity);
            s.group("class=\"roll\"", &format!("{}{}: {} ({})", d1.max(d2), d1.min(d2), r.best, signed(r.equity)));
            s.rect(x, y, l.cell_w, l.cell_h, &heat_colour(t), "stroke=\"#ffffff\" stroke-width=\"2\"");
            let ink = if (t - 0.5).abs() > 0.3 { "#ffffff" } else { "#000000" };
            s.text((x + 6.0, y + 14.0), 10.0, "start", ink, "", &format!("{}{}", d1.max(d2), d1.min(d2)));
            s.text(
                (x + l.cell_w / 2.0, y + l.cell_h / 2.0 + 5.0),
                15.0,
                "middle",
                ink,
                "font-weight=\"bold\"",
                &signed(r.equity),
            );
            s.text((x + l.cell_w / 2.0, y + l.cell_h - 9.0), 10.0, "middle", ink, "", &clip(&r.best, 18));
            s.end_group();
        }
    }
    // the colour scale
    let (lo, hi) = map.bounds();
    let y = l.title + l.header + 6.0 * l.cell_h + 16.0;
    let (x0, w) = (l.margin + l.header, 6.0 * l.cell_w);
    let steps = 24;
    for k in 0..steps {
        let t = f64::from(k) / f64::from(steps - 1);
        s.rect(x0 + f64::from(k) * w / f64::from(steps), y, w / f64::from(steps) + 0.5, 12.0, &heat_colour(t), "");
    }
    s.text((x0, y + 28.0), 11.0, "start", "#000000", "", &format!("worst roll {}", signed(lo)));
    s.text((x0 + w, y + 28.0), 11.0, "end", "#000000", "", &format!("best roll {}", signed(hi)));
    s.finish()
}

/// The map as text: the grid of equities, the mean, and the best play of each roll.
pub fn text(map: &TemperatureMap) -> String {
    let mut out = format!("Temperature map for {} (equity after the best play of each roll):\n\n    ", map.player);
    for d2 in 1..=6 {
        let _ = write!(out, "{d2:>8}");
    }
    out.push('\n');
    for d1 in 1..=6u8 {
        let _ = write!(out, "{d1:>4}");
        for d2 in 1..=6u8 {
            match map.roll(d1, d2) {
                Some(r) => {
                    let _ = write!(out, "{:>8}", signed(r.equity));
                }
                None => out.push_str("       -"),
            }
        }
        out.push('\n');
    }
    if let Some(m) = map.mean() {
        let _ = writeln!(out, "\nMean equity: {}", signed(m));
    }
    out.push('\n');
    for d1 in 1..=6u8 {
        for d2 in d1..=6u8 {
            if let Some(r) = map.roll(d1, d2) {
                let _ = writeln!(out, "  {d2}{d1}  {}  {}", signed(r.equity), r.best);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> TemperatureMap {
        let mut rolls = Vec::new();
        for d1 in 1..=6u8 {
            for d2 in d1..=6u8 {
                rolls.push(RollResult {
                    dice: (d2, d1),
                    equity: f64::from(d1 + d2) / 10.0 - 0.7,
                    best: format!("{d2}{d1} play"),
                });
            }
        }
        TemperatureMap {
            player: "root".into(),
            rolls,
            position_id: "4HPwATDgc/ABMA".into(),
            match_id: "cAkAAAAAAAAA".into(),
        }
    }

    #[test]
    fn every_roll_has_a_cell_and_the_mean_counts_non_doubles_twice() {
        let m = map();
        assert_eq!(m.rolls.len(), 21);
        // sum of (d1 + d2) over 36 rolls is 252: mean 7 / 10 - 0.7 = 0
        assert!(m.mean().unwrap().abs() < 1e-12);
        let svg = svg(&m);
        assert_eq!(svg.matches("class=\"roll\"").count(), 36);
        assert!(svg.contains("Mean equity +0.000 \u{b7} Position ID"));
        // the best roll (66) is hot, the worst (11) cold
        assert!(svg.contains(&format!("fill=\"{}\"", heat_colour(1.0))));
        assert_eq!(heat_colour(0.0), "#2c5ac8");
        assert_eq!(heat_colour(0.5), "#ffffff");
        assert_eq!(heat_colour(1.0), "#d0261c");
        let t = text(&m);
        assert!(t.contains("  66  +0.500  66 play"), "{t}");
        assert!(t.contains("Mean equity: +0.000"));
    }

    #[test]
    fn a_map_with_missing_rolls_is_still_drawn() {
        let mut m = map();
        m.rolls.truncate(3);
        assert_eq!(m.mean(), None);
        assert_eq!(svg(&m).matches("class=\"roll\"").count(), 5);
        assert!(svg(&TemperatureMap::default()).contains("</svg>"));
    }
}
