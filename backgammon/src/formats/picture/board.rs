//! The board as a picture, laid out as gnubg's board window and its manual's figures show it:
//! player 0 (O) at the top, player 1 (X) at the bottom, both home boards on the right with the
//! borne-off trays beside them, the bar in the middle, the cube in the left tray (in the middle
//! when nobody owns it, at its owner's end otherwise, showing 64 when centred at 1 as gnubg's
//! does), the dice of the player on roll in their half of the board, five chequers drawn per
//! point with the count written on the fifth of a taller stack, and the points numbered from the
//! side of the player on roll. Names, scores, pip counts and the match length are written above
//! and below the board.
//!
//! All of the geometry is in [`Geometry`] (every coordinate the drawing uses comes from its
//! methods, which tests use to find a chequer's pixel), all colours in [`Colours`]. Owns the
//! picture only: positions and match states are read, never judged.

use super::{clip, Svg};
use crate::rules::cube::CubeOwner;
use crate::rules::match_id::MatchState;
use crate::rules::position::{Position, BAR, ON_ROLL, OPPONENT};

/// The board's measurements, in SVG user units (one pixel at the picture's own size).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Geometry {
    /// Width of the wooden frame around the board.
    pub frame: f64,
    /// Height of the strip of text above and below the board.
    pub info: f64,
    /// Height of the frame above and below the playing field, where the point numbers are.
    pub labels: f64,
    /// Width of each tray (cube on the left, borne-off chequers on the right).
    pub tray: f64,
    /// Width of the frame between a tray and the field.
    pub gap: f64,
    /// Width of a point.
    pub point: f64,
    pub bar: f64,
    /// Radius of a chequer.
    pub radius: f64,
    /// Height of the band between the top and bottom points, where the dice lie.
    pub band: f64,
    /// Side of the cube and of a die.
    pub cube: f64,
    pub die: f64,
    /// Height of one borne-off chequer seen edge-on in the tray, and the space between two.
    pub off: f64,
    pub off_gap: f64,
}

/// The one geometry of the board.
pub const GEOMETRY: Geometry = Geometry {
    frame: 12.0,
    info: 28.0,
    labels: 18.0,
    tray: 40.0,
    gap: 8.0,
    point: 36.0,
    bar: 40.0,
    radius: 16.0,
    band: 48.0,
    cube: 32.0,
    die: 28.0,
    off: 10.0,
    off_gap: 2.0,
};

impl Geometry {
    /// The picture's width.
    pub fn width(&self) -> f64 {
        2.0 * (self.frame + self.tray + self.gap) + 12.0 * self.point + self.bar
    }

    /// The picture's height.
    pub fn height(&self) -> f64 {
        2.0 * (self.info + self.labels) + self.field_height()
    }

    /// Length of a point: five chequers.
    pub fn point_length(&self) -> f64 {
        10.0 * self.radius
    }

    pub fn field_height(&self) -> f64 {
        2.0 * self.point_length() + self.band
    }

    /// The top of the playing field (below the top numbers).
    pub fn field_top(&self) -> f64 {
        self.info + self.labels
    }

    pub fn field_bottom(&self) -> f64 {
        self.field_top() + self.field_height()
    }

    /// The vertical middle of the field.
    pub fn middle(&self) -> f64 {
        self.field_top() + self.field_height() / 2.0
    }

    /// The outer rectangle of the board (frame included): x, y, width, height.
    pub fn board_rect(&self) -> (f64, f64, f64, f64) {
        (0.0, self.info, self.width(), self.field_height() + 2.0 * self.labels)
    }

    pub fn left_tray_x(&self) -> f64 {
        self.frame
    }

    pub fn left_field_x(&self) -> f64 {
        self.frame + self.tray + self.gap
    }

    pub fn bar_x(&self) -> f64 {
        self.left_field_x() + 6.0 * self.point
    }

    pub fn right_field_x(&self) -> f64 {
        self.bar_x() + self.bar
    }

    pub fn right_tray_x(&self) -> f64 {
        self.right_field_x() + 6.0 * self.point + self.gap
    }

    /// The left edge of column `c` (0 to 11, left to right).
    fn column_x(&self, c: usize) -> f64 {
        if c < 6 {
            self.left_field_x() + c as f64 * self.point
        } else {
            self.right_field_x() + (c - 6) as f64 * self.point
        }
    }

    /// The column (0 to 11) and whether it is in the top half, of point `p` in player 1's
    /// numbering (1 to 24): the bottom row is 12 to 1, the top row 13 to 24, left to right.
    fn column(&self, p: usize) -> (usize, bool) {
        if p <= 12 {
            (12 - p.clamp(1, 12), false)
        } else {
            (p.min(24) - 13, true)
        }
    }

    /// The centre x of point `p` (player 1's numbering, 1 to 24).
    pub fn point_centre_x(&self, p: usize) -> f64 {
        let (c, _) = self.column(p);
        self.column_x(c) + self.point / 2.0
    }

    /// The centre of the `k`-th chequer (from 0, at most 4) of `player` on their own point
    /// `point` (1 to 24), or on the bar (`point` 25).
    pub fn chequer_centre(&self, player: usize, point: usize, k: usize) -> (f64, f64) {
        let k = k.min(4) as f64;
        let step = 2.0 * self.radius;
        if point >= 25 {
            let x = self.bar_x() + self.bar / 2.0;
            // each side's bar chequers pile from the middle outwards, on their own half
            let y = if player == 0 {
                self.field_top() + self.point_length() - self.radius - k * step
            } else {
                self.field_bottom() - self.point_length() + self.radius + k * step
            };
            return (x, y);
        }
        let p = if player == 1 { point } else { 25 - point.clamp(1, 24) };
        let (_, top) = self.column(p);
        let y =
            if top { self.field_top() + self.radius + k * step } else { self.field_bottom() - self.radius - k * step };
        (self.point_centre_x(p), y)
    }

    /// The centre of the cube: in the left tray, in the middle when centred, at the owner's end
    /// otherwise.
    pub fn cube_centre(&self, owner: Option<usize>) -> (f64, f64) {
        let x = self.left_tray_x() + self.tray / 2.0;
        let inset = self.cube / 2.0 + 4.0;
        let y = match owner {
            None => self.middle(),
            Some(0) => self.field_top() + inset,
            Some(_) => self.field_bottom() - inset,
        };
        (x, y)
    }

    /// The centre of a cube `doubler` offers: in the middle of their half of the board, where
    /// their dice would lie.
    pub fn offered_cube_centre(&self, doubler: usize) -> (f64, f64) {
        let field = if doubler == 0 { self.left_field_x() } else { self.right_field_x() };
        (field + 3.0 * self.point, self.middle())
    }

    /// The centre of die `which` (0 or 1) of `player`: in the middle band of their half of the
    /// board (player 0's on the left, player 1's on the right).
    pub fn die_centre(&self, player: usize, which: usize) -> (f64, f64) {
        let field = if player == 0 { self.left_field_x() } else { self.right_field_x() };
        let centre = field + 3.0 * self.point;
        let offset = (self.die / 2.0 + 4.0) * if which == 0 { -1.0 } else { 1.0 };
        (centre + offset, self.middle())
    }

    /// The rectangle (x, y, width, height) of the `k`-th (from 0) borne-off chequer of `player`:
    /// player 0's fill the right tray from the top, player 1's from the bottom.
    pub fn off_rect(&self, player: usize, k: usize) -> (f64, f64, f64, f64) {
        let x = self.right_tray_x() + 4.0;
        let w = self.tray - 8.0;
        let step = self.off + self.off_gap;
        let y = if player == 0 {
            self.field_top() + self.off_gap + k as f64 * step
        } else {
            self.field_bottom() - self.off_gap - self.off - k as f64 * step
        };
        (x, y, w, self.off)
    }
}

/// The colours of the board, as `#rrggbb` (and as RGB, which tests look for in the pixels).
pub struct Colours;

impl Colours {
    pub const FRAME: [u8; 3] = [0x6b, 0x3f, 0x1d];
    pub const FIELD: [u8; 3] = [0x1f, 0x5e, 0x3b];
    pub const TRAY: [u8; 3] = [0x17, 0x47, 0x2c];
    pub const POINT_DARK: [u8; 3] = [0x9a, 0x2e, 0x25];
    pub const POINT_LIGHT: [u8; 3] = [0xd8, 0xc8, 0xa0];
    /// Player 0's (O's) chequers and dice, then player 1's (X's).
    pub const CHEQUER: [[u8; 3]; 2] = [[0xf2, 0xf0, 0xea], [0x22, 0x22, 0x22]];
    pub const CHEQUER_EDGE: [[u8; 3]; 2] = [[0x70, 0x70, 0x70], [0x90, 0x90, 0x90]];
    pub const CUBE: [u8; 3] = [0xf6, 0xe7, 0x9e];
    pub const TEXT: [u8; 3] = [0x20, 0x20, 0x20];
    pub const LABEL: [u8; 3] = [0xf0, 0xe6, 0xc8];
    pub const BACKGROUND: [u8; 3] = [0xff, 0xff, 0xff];
}

fn c(rgb: [u8; 3]) -> String {
    super::hex(rgb[0], rgb[1], rgb[2])
}

/// Everything the picture shows besides the chequers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardInfo {
    /// The player on roll (0 is O, 1 is X).
    pub on_roll: usize,
    pub dice: Option<(u8, u8)>,
    pub cube_value: u32,
    /// The cube's owner, `None` when centred.
    pub cube_owner: Option<usize>,
    /// The player on roll has offered the cube (at twice its value).
    pub offered: bool,
    /// Points to win the match, 0 for money play.
    pub match_length: u32,
    pub score: [u32; 2],
    pub crawford: bool,
    /// Chequers per side in the variant (15 in the standard game).
    pub chequers: u32,
    pub names: [String; 2],
}

impl BoardInfo {
    /// What a match state says, with the players' names and the variant's chequers.
    pub fn of_state(state: &MatchState, names: &[String; 2], chequers: u32) -> BoardInfo {
        BoardInfo {
            on_roll: state.on_roll.min(1),
            dice: state.dice,
            cube_value: state.cube_value(),
            cube_owner: match state.cube_owner {
                CubeOwner::Player(p) => Some(p.min(1)),
                CubeOwner::Centred => None,
            },
            offered: state.doubled,
            match_length: u32::from(state.match_length),
            score: state.score.map(u32::from),
            crawford: state.crawford,
            chequers,
            names: names.clone(),
        }
    }
}

/// The picture of `pos` (seen from the player on roll) with the match state's cube, dice and
/// score: a bare `<svg>` element.
pub fn svg(pos: &Position, state: &MatchState, names: &[String; 2], chequers: u32) -> String {
    draw(pos, &BoardInfo::of_state(state, names, chequers))
}

/// Each player's own counts: `[player 0's, player 1's]`, index `i` their point `i + 1`, 24 the bar.
fn sides(pos: &Position, on_roll: usize) -> [[u8; 25]; 2] {
    let b = pos.board();
    if on_roll == 1 {
        [b[OPPONENT], b[ON_ROLL]]
    } else {
        [b[ON_ROLL], b[OPPONENT]]
    }
}

fn pips(side: &[u8; 25]) -> u32 {
    side.iter().enumerate().map(|(i, &n)| (i as u32 + 1) * u32::from(n)).sum()
}

/// Draws the board with `info`.
pub fn draw(pos: &Position, info: &BoardInfo) -> String {
    let g = GEOMETRY;
    let on_roll = info.on_roll.min(1);
    let side = sides(pos, on_roll);
    let title = format!(
        "Backgammon board: {} (O) {} pips, {} (X) {} pips, {} on roll; position ID {}",
        info.names[0],
        pips(&side[0]),
        info.names[1],
        pips(&side[1]),
        info.names[on_roll],
        pos.id()
    );
    let mut s = Svg::new(g.width(), g.height(), &title);
    s.rect(0.0, 0.0, g.width(), g.height(), &c(Colours::BACKGROUND), "");
    draw_frame(&mut s, &g);
    draw_points(&mut s, &g, on_roll);
    draw_chequers(&mut s, &g, &side);
    draw_off(&mut s, &g, &side, info.chequers);
    draw_cube(&mut s, &g, info);
    if let Some((d1, d2)) = info.dice {
        draw_die(&mut s, &g, on_roll, 0, d1);
        draw_die(&mut s, &g, on_roll, 1, d2);
    }
    draw_info(&mut s, &g, &side, info);
    s.finish()
}

fn draw_frame(s: &mut Svg, g: &Geometry) {
    let (x, y, w, h) = g.board_rect();
    s.rect(x, y, w, h, &c(Colours::FRAME), "rx=\"6\"");
    let (top, height) = (g.field_top(), g.field_height());
    s.rect(g.left_tray_x(), top, g.tray, height, &c(Colours::TRAY), "");
    s.rect(g.right_tray_x(), top, g.tray, height, &c(Colours::TRAY), "");
    s.rect(g.left_field_x(), top, 6.0 * g.point, height, &c(Colours::FIELD), "");
    s.rect(g.right_field_x(), top, 6.0 * g.point, height, &c(Colours::FIELD), "");
    // the bar is the frame's wood, as on a real board
    s.line(
        g.right_tray_x(),
        g.middle(),
        g.right_tray_x() + g.tray,
        g.middle(),
        &c(Colours::FRAME),
        "stroke-width=\"4\"",
    );
}

fn draw_points(s: &mut Svg, g: &Geometry, on_roll: usize) {
    let (top, bottom, len) = (g.field_top(), g.field_bottom(), g.point_length() - 4.0);
    for p in 1..=24 {
        let (_, upper) = g.column(p);
        let cx = g.point_centre_x(p);
        let half = g.point / 2.0 - 1.0;
        // neighbouring points alternate colours; the two 1-points differ
        let colour = if p % 2 == 0 { Colours::POINT_LIGHT } else { Colours::POINT_DARK };
        let tri = if upper {
            [(cx - half, top), (cx + half, top), (cx, top + len)]
        } else {
            [(cx - half, bottom), (cx + half, bottom), (cx, bottom - len)]
        };
        s.polygon(&tri, &c(colour), "");
        // numbered from the side of the player on roll (player 1's numbering when X is on roll)
        let shown = if on_roll == 1 { p } else { 25 - p };
        let y = if upper { top - 5.0 } else { bottom + g.labels - 5.0 };
        s.text((cx, y), 11.0, "middle", &c(Colours::LABEL), "", &shown.to_string());
    }
}

/// One chequer, with `count` written on it when the stack is taller than drawn.
fn chequer(s: &mut Svg, g: &Geometry, player: usize, (x, y): (f64, f64), count: Option<u8>) {
    s.circle(
        x,
        y,
        g.radius - 1.0,
        &c(Colours::CHEQUER[player]),
        &format!("stroke=\"{}\" stroke-width=\"1.5\"", c(Colours::CHEQUER_EDGE[player])),
    );
    if let Some(n) = count {
        s.text((x, y + 5.0), 14.0, "middle", &c(Colours::CHEQUER[1 - player]), "font-weight=\"bold\"", &n.to_string());
    }
}

fn draw_chequers(s: &mut Svg, g: &Geometry, side: &[[u8; 25]; 2]) {
    for (player, counts) in side.iter().enumerate() {
        for (i, &n) in counts.iter().enumerate() {
            let point = if i == BAR { 25 } else { i + 1 };
            let shown = usize::from(n.min(5));
            for k in 0..shown {
                let count = (k == 4 && n > 5).then_some(n);
                chequer(s, g, player, g.chequer_centre(player, point, k), count);
            }
        }
    }
}

fn draw_off(s: &mut Svg, g: &Geometry, side: &[[u8; 25]; 2], chequers: u32) {
    for (player, counts) in side.iter().enumerate() {
        let on_board: u32 = counts.iter().map(|&n| u32::from(n)).sum();
        let off = chequers.saturating_sub(on_board).min(15) as usize;
        for k in 0..off {
            let (x, y, w, h) = g.off_rect(player, k);
            s.rect(
                x,
                y,
                w,
                h,
                &c(Colours::CHEQUER[player]),
                &format!("rx=\"2\" stroke=\"{}\" stroke-width=\"1\"", c(Colours::CHEQUER_EDGE[player])),
            );
        }
    }
}

fn draw_cube(s: &mut Svg, g: &Geometry, info: &BoardInfo) {
    // an offered cube leaves the tray for the doubler's half, turned to its new value
    let (x, y) = if info.offered { g.offered_cube_centre(info.on_roll.min(1)) } else { g.cube_centre(info.cube_owner) };
    let half = g.cube / 2.0;
    s.rect(x - half, y - half, g.cube, g.cube, &c(Colours::CUBE), "rx=\"4\" stroke=\"#000000\" stroke-width=\"1\"");
    // a centred cube at 1 shows 64, as on a real cube (and gnubg's)
    let value = if info.offered {
        info.cube_value.saturating_mul(2)
    } else if info.cube_owner.is_none() && info.cube_value <= 1 {
        64
    } else {
        info.cube_value
    };
    let size = if value >= 1000 {
        10.0
    } else if value >= 100 {
        12.0
    } else {
        16.0
    };
    s.text((x, y + size / 2.8), size, "middle", &c(Colours::TEXT), "font-weight=\"bold\"", &value.to_string());
}

/// The pips of a die face, as offsets from its centre in units of a quarter of its side.
fn pip_offsets(face: u8) -> &'static [(f64, f64)] {
    match face {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        6 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[],
    }
}

fn draw_die(s: &mut Svg, g: &Geometry, player: usize, which: usize, face: u8) {
    let (x, y) = g.die_centre(player, which);
    let half = g.die / 2.0;
    s.rect(
        x - half,
        y - half,
        g.die,
        g.die,
        &c(Colours::CHEQUER[player]),
        &format!("rx=\"4\" stroke=\"{}\" stroke-width=\"1.5\"", c(Colours::CHEQUER_EDGE[player])),
    );
    let q = g.die / 4.0;
    for &(dx, dy) in pip_offsets(face) {
        s.circle(x + dx * q, y + dy * q, 2.6, &c(Colours::CHEQUER[1 - player]), "");
    }
}

fn draw_info(s: &mut Svg, g: &Geometry, side: &[[u8; 25]; 2], info: &BoardInfo) {
    let on_roll = info.on_roll.min(1);
    for (player, counts) in side.iter().enumerate() {
        // player 0's line above the board, player 1's below it
        let y = if player == 0 { g.info - 9.0 } else { g.height() - 9.0 };
        let mark = if player == 0 { "O" } else { "X" };
        s.circle(
            g.frame + 7.0,
            y - 5.0,
            7.0,
            &c(Colours::CHEQUER[player]),
            &format!("stroke=\"{}\" stroke-width=\"1.5\"", c(Colours::CHEQUER_EDGE[player])),
        );
        // one space between fields: SVG text collapses runs of spaces
        let mut line = format!(
            "{} ({mark}) \u{b7} Score {} \u{b7} Pips {}",
            clip(&info.names[player], 24),
            info.score[player],
            pips(counts)
        );
        if player == on_roll {
            match info.dice {
                Some((d1, d2)) => line.push_str(&format!(" \u{b7} Rolled {d1}{d2}")),
                None => line.push_str(" \u{b7} On roll"),
            }
        }
        let weight = if player == on_roll { "font-weight=\"bold\"" } else { "" };
        s.text((g.frame + 20.0, y), 13.0, "start", &c(Colours::TEXT), weight, &line);
    }
    let mut about = if info.match_length == 0 {
        "Money game".to_string()
    } else if info.match_length == 1 {
        "1 point match".to_string()
    } else {
        format!("{} points match", info.match_length)
    };
    if info.crawford {
        about.push_str(" (Crawford game)");
    }
    s.text((g.width() - g.frame, g.info - 9.0), 12.0, "end", &c(Colours::TEXT), "", &about);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening() -> (Position, MatchState) {
        let pos = Position::from_id("4HPwATDgc/ABMA").unwrap();
        let mut state = MatchState::from_id("cAkAAAAAAAAA").unwrap();
        state.on_roll = 1;
        state.dice = Some((3, 1));
        (pos, state)
    }

    #[test]
    fn the_geometry_fits_the_picture() {
        let g = GEOMETRY;
        assert_eq!((g.width(), g.height()), (592.0, 460.0));
        // the right tray ends at the frame
        assert_eq!(g.right_tray_x() + g.tray + g.frame, g.width());
        // point 1 of the player on roll (X) is the bottom right column, point 24 the top right
        assert!(g.point_centre_x(1) > g.point_centre_x(6));
        assert_eq!(g.point_centre_x(1), g.point_centre_x(24));
        assert_eq!(g.point_centre_x(12), g.point_centre_x(13));
        // a player's own point p is the other's 25 - p
        assert_eq!(g.chequer_centre(0, 6, 0).0, g.chequer_centre(1, 19, 0).0);
        // five chequers fit in a point's length; the bar's stacks stay on their half
        assert!(g.chequer_centre(1, 6, 4).1 - g.radius >= g.middle() + g.band / 2.0 - 0.01);
        assert!(g.chequer_centre(0, 25, 4).1 - g.radius >= g.field_top() - 0.01);
        assert!(g.chequer_centre(1, 25, 4).1 + g.radius <= g.field_bottom() + 0.01);
        // fifteen borne-off chequers fit in half a tray
        assert!(g.off_rect(0, 14).1 + g.off <= g.middle());
        assert!(g.off_rect(1, 14).1 >= g.middle());
    }

    #[test]
    fn the_opening_position_is_drawn_with_its_dice_cube_and_counts() {
        let (pos, state) = opening();
        let names = ["gnubg".to_string(), "root".to_string()];
        let svg = svg(&pos, &state, &names, 15);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
        // 30 chequers, 2 dice with 4 pips, 2 player marks; no count (no stack over 5)
        assert_eq!(svg.matches("<circle").count(), 30 + 4 + 2);
        assert!(svg.contains(">64</text>"), "centred cube at 1 shows 64");
        assert!(svg.contains("gnubg (O) \u{b7} Score 0 \u{b7} Pips 167<"));
        assert!(svg.contains("root (X) \u{b7} Score 0 \u{b7} Pips 167 \u{b7} Rolled 31<"));
        assert!(svg.contains("Money game"));
        // deterministic
        assert_eq!(svg, super::svg(&pos, &state, &names, 15));
    }

    #[test]
    fn stacks_over_five_show_their_count_and_names_are_escaped() {
        // X has 12 chequers on their 6 point, O 3 on the bar
        let pos = Position::from_points(&[(6, 12), (8, 3)], &[(25, 3), (24, 12)]).unwrap();
        let mut state = MatchState::from_id("cAkAAAAAAAAA").unwrap();
        state.on_roll = 1;
        state.match_length = 7;
        state.score = [2, 6];
        state.crawford = true;
        state.cube_log2 = 2;
        state.cube_owner = CubeOwner::Player(0);
        let svg = svg(&pos, &state, &["<a&b>".into(), "x".into()], 15);
        // the count on the fifth of X's chequers, in O's colour
        assert!(svg.contains("fill=\"#f2f0ea\" font-weight=\"bold\">12</text>"));
        assert!(svg.contains("&lt;a&amp;b&gt; (O)"));
        assert!(!svg.contains("<a&b>"));
        assert!(svg.contains("7 points match (Crawford game)"));
        let cube = |v: u32| format!("fill=\"#202020\" font-weight=\"bold\">{v}</text>");
        assert!(svg.contains(&cube(4)), "the cube shows its value");
        // an offered cube shows its new value, in the doubler's half
        state.doubled = true;
        state.turn = 0;
        let offered = super::svg(&pos, &state, &["a".into(), "b".into()], 15);
        assert!(offered.contains(&cube(8)) && !offered.contains(&cube(4)));
        let (x, y) = GEOMETRY.offered_cube_centre(1);
        assert!(offered.contains(&format!("x=\"{}\" y=\"{}\"", x - 16.0, y - 16.0)));
    }
}
