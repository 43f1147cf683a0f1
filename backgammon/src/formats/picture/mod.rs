//! Pictures: the board ([`board`]), the equity-over-the-match plot ([`plot`]) and the temperature
//! map of a position ([`temperature`]), each written as SVG text through this module's small
//! writer ([`Svg`]), and any of them rasterised to PNG by [`png`] (resvg and tiny-skia; text is
//! drawn with the system's fonts, DejaVu Sans asked for first).
//!
//! Owns drawing only: every picture is drawn from plain data its caller computed (a position and
//! match state, equities after moves, equities per roll). It must not evaluate, analyse or change
//! games, and writes no file (the commands do, through `write_atomic`). The SVG is deterministic:
//! numbers are written with fixed precision and nothing depends on time, randomness or the
//! machine. A PNG's shapes are as deterministic; its text depends on the fonts installed.
//!
//! The SVG written is a bare `<svg>` element, fit to be put inline in HTML (the HTML exports do);
//! [`standalone`] adds the XML declaration a `.svg` file starts with.

pub mod board;
pub mod plot;
pub mod temperature;

use std::fmt::Write;
use std::sync::{Arc, OnceLock};
use thiserror::Error;

/// The font families every picture asks for, in order.
pub const FONT_FAMILY: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// The narrowest and widest PNG [`png`] draws, in pixels: a wider one would cost more memory
/// (4 bytes a pixel) than a picture of a board is worth.
pub const MIN_PNG_WIDTH: u32 = 50;
pub const MAX_PNG_WIDTH: u32 = 4000;

/// Why a picture could not be rasterised.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PictureError {
    #[error("a PNG picture is {MIN_PNG_WIDTH} to {MAX_PNG_WIDTH} pixels wide, not {0}")]
    Width(u32),
    #[error("the picture is not SVG that can be drawn: {0}")]
    Svg(String),
    #[error("the PNG could not be written: {0}")]
    Encode(String),
}

/// Escapes text for XML (SVG, XHTML).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // control characters are not allowed in XML 1.0 (a name read from a file may hold one)
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

/// `s` cut to at most `max` characters (with an ellipsis), so a long name cannot run over the
/// picture.
pub(crate) fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
        out.push('…');
        out
    }
}

/// A coordinate or length as SVG text: at most two decimals, no trailing zeros, never `-0`.
pub fn num(v: f64) -> String {
    if !v.is_finite() || v.abs() < 0.005 {
        return "0".to_string();
    }
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// An SVG document being written: shapes in drawing order (later ones on top).
pub struct Svg {
    out: String,
    width: f64,
    height: f64,
}

impl Svg {
    /// A picture `width` by `height` user units (drawn at one pixel each by default), with a
    /// title (what the picture shows: the tooltip, and the text a screen reader reads).
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut out = String::with_capacity(16 * 1024);
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"{FONT_FAMILY}\">",
            w = num(width),
            h = num(height)
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        Svg { out, width, height }
    }

    pub fn width(&self) -> f64 {
        self.width
    }

    pub fn height(&self) -> f64 {
        self.height
    }

    /// A rectangle; `style` holds further attributes (`stroke="…"`, `rx="…"`), or is empty.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, style: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"{}{style}/>",
            num(x),
            num(y),
            num(w.max(0.0)),
            num(h.max(0.0)),
            if style.is_empty() { "" } else { " " }
        );
    }

    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str, style: &str) {
        let _ = writeln!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\"{}{style}/>",
            num(cx),
            num(cy),
            num(r.max(0.0)),
            if style.is_empty() { "" } else { " " }
        );
    }

    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, stroke: &str, style: &str) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{stroke}\"{}{style}/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            if style.is_empty() { "" } else { " " }
        );
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, style: &str) {
        let pts: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect();
        let _ = writeln!(
            self.out,
            "<polygon points=\"{}\" fill=\"{fill}\"{}{style}/>",
            pts.join(" "),
            if style.is_empty() { "" } else { " " }
        );
    }

    /// An open line through `points`.
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, style: &str) {
        if points.is_empty() {
            return;
        }
        let pts: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect();
        let _ = writeln!(
            self.out,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{stroke}\"{}{style}/>",
            pts.join(" "),
            if style.is_empty() { "" } else { " " }
        );
    }

    /// Text at (`x`, `y`) (the baseline), `anchor` `start`, `middle` or `end`; the text is escaped.
    pub fn text(&mut self, (x, y): (f64, f64), size: f64, anchor: &str, fill: &str, style: &str, text: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\" fill=\"{fill}\"{}{style}>{}</text>",
            num(x),
            num(y),
            num(size),
            if style.is_empty() { "" } else { " " },
            escape(text)
        );
    }

    /// Opens a group; `attributes` are written as they are (e.g. `class="…"`), `tip` becomes its
    /// `<title>` (a tooltip in browsers) when not empty. Close it with [`Svg::end_group`].
    pub fn group(&mut self, attributes: &str, tip: &str) {
        if attributes.is_empty() {
            self.out.push_str("<g>\n");
        } else {
            let _ = writeln!(self.out, "<g {attributes}>");
        }
        if !tip.is_empty() {
            let _ = writeln!(self.out, "<title>{}</title>", escape(tip));
        }
    }

    pub fn end_group(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// The finished `<svg>` element.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// `svg` as a file: the XML declaration, then the element.
pub fn standalone(svg: &str) -> String {
    format!("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n{svg}")
}

/// The system's fonts, loaded once per process (reading them costs tens of milliseconds).
fn fonts() -> Arc<resvg::usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = resvg::usvg::fontdb::Database::new();
            db.load_system_fonts();
            // the generic family when none of FONT_FAMILY's is installed: the first sans font
            let sans = ["DejaVu Sans", "Liberation Sans", "Arial", "Verdana"]
                .into_iter()
                .find(|f| db.faces().any(|face| face.families.iter().any(|(name, _)| name == f)));
            if let Some(f) = sans {
                db.set_sans_serif_family(f);
            }
            Arc::new(db)
        })
        .clone()
}

/// `svg` (as this module writes it) parsed as [`png`] parses it, with the same fonts: the PDF and
/// PostScript exports (`formats::printable`) draw the shapes of its tree, text turned to outlines.
pub fn tree(svg: &str) -> Result<resvg::usvg::Tree, PictureError> {
    let options = resvg::usvg::Options { fontdb: fonts(), ..resvg::usvg::Options::default() };
    resvg::usvg::Tree::from_str(svg, &options).map_err(|e| PictureError::Svg(e.to_string()))
}

/// Rasterises `svg` (as this module writes it) to PNG, `width` pixels wide (its own width when
/// `None`), the height in proportion.
pub fn png(svg: &str, width: Option<u32>) -> Result<Vec<u8>, PictureError> {
    use resvg::{tiny_skia, usvg};
    let options = usvg::Options { fontdb: fonts(), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| PictureError::Svg(e.to_string()))?;
    let size = tree.size();
    let width = width.unwrap_or(size.width().round() as u32);
    if !(MIN_PNG_WIDTH..=MAX_PNG_WIDTH).contains(&width) {
        return Err(PictureError::Width(width));
    }
    let scale = width as f32 / size.width();
    let height = ((size.height() * scale).round() as u32).max(1);
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| PictureError::Encode(format!("no room for {width} by {height} pixels")))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| PictureError::Encode(e.to_string()))
}

/// A colour between `from` and `to` (`t` from 0 to 1), as `#rrggbb`.
pub(crate) fn blend(from: [u8; 3], to: [u8; 3], t: f64) -> String {
    let t = if t.is_finite() { t.clamp(0.0, 1.0) } else { 0.5 };
    let c: Vec<u8> =
        (0..3).map(|i| (f64::from(from[i]) + (f64::from(to[i]) - f64::from(from[i])) * t).round() as u8).collect();
    hex(c[0], c[1], c[2])
}

/// `#rrggbb`.
pub fn hex(r: u8, g: u8, b: u8) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_never_negative_zero() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn text_is_escaped_and_control_characters_replaced() {
        assert_eq!(escape("<a&'b\">\u{1}"), "&lt;a&amp;&#39;b&quot;&gt;?");
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(clip("abc", 4), "abc");
    }

    #[test]
    fn a_picture_rasterises_at_the_width_asked() {
        let mut s = Svg::new(100.0, 50.0, "test");
        s.rect(0.0, 0.0, 100.0, 50.0, "#ff0000", "");
        let svg = s.finish();
        let bytes = png(&svg, Some(200)).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        // IHDR: width and height, big-endian, at bytes 16..24
        assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 200);
        assert_eq!(u32::from_be_bytes(bytes[20..24].try_into().unwrap()), 100);
        assert_eq!(png(&svg, Some(10)), Err(PictureError::Width(10)));
        assert_eq!(png(&svg, Some(5000)), Err(PictureError::Width(5000)));
        assert!(matches!(png("<svg", None), Err(PictureError::Svg(_))));
    }
}
