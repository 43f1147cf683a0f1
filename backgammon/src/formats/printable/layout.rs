//! A [`Document`] laid out on A4 pages as what the PDF and PostScript exports draw: lines of text
//! in the standard fonts at page positions, and filled or stroked shapes (the pictures' shapes,
//! scaled and placed; the tables' shading). Coordinates are PostScript's and PDF's: points, the
//! origin at the bottom left of the page.
//!
//! Text is measured without font files: fixed-width text (Courier) is 0.6 em a character
//! exactly, so analysis lines, tables and captions are set in it; running text (Helvetica) is
//! wrapped at 0.6 em a character, wider than its average, so a line never runs over the margin.
//! A move's lines are kept on one page. Owns the layout only.

use super::vector::{self, Rgb, Seg, Shape};
use super::{Block, Document, PictureKind};

/// A4 in points.
pub const PAGE_WIDTH: f32 = 595.0;
pub const PAGE_HEIGHT: f32 = 842.0;
/// The margin on every side.
pub const MARGIN: f32 = 50.0;
/// Courier's advance: 0.6 em for every character.
pub const MONO_ADVANCE: f32 = 0.6;

const TITLE_SIZE: f32 = 16.0;
const HEADING_SIZE: f32 = 12.0;
const TEXT_SIZE: f32 = 10.0;
const MONO_SIZE: f32 = 8.0;
const CAPTION_SIZE: f32 = 7.0;
/// The width a board diagram inside a game is printed at.
const BOARD_WIDTH: f32 = 300.0;

/// The standard fonts the exports use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    Sans,
    SansBold,
    Mono,
    MonoBold,
}

impl Font {
    pub const ALL: [Font; 4] = [Font::Sans, Font::SansBold, Font::Mono, Font::MonoBold];

    /// The PostScript name of the standard font.
    pub fn base_name(self) -> &'static str {
        match self {
            Font::Sans => "Helvetica",
            Font::SansBold => "Helvetica-Bold",
            Font::Mono => "Courier",
            Font::MonoBold => "Courier-Bold",
        }
    }

    /// Its index in [`Font::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// One thing drawn on a page.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// Text starting at (`x`, `y`), the baseline.
    Text { x: f32, y: f32, size: f32, font: Font, text: String },
    /// A shape, in page coordinates.
    Shape(Shape),
}

/// A laid-out page.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Page {
    pub ops: Vec<Op>,
}

/// Where a picture was put: on page `page` (from 0), the picture's point (`x`, `y`) (SVG user
/// units, y down) at page point (`left + x * scale`, `top - y * scale`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    pub page: usize,
    pub left: f32,
    pub top: f32,
    pub scale: f32,
}

/// A laid-out document: its title, pages, and where each picture went (in the document's order).
#[derive(Debug, Clone, PartialEq)]
pub struct Pages {
    pub title: String,
    pub pages: Vec<Page>,
    pub pictures: Vec<Placement>,
}

/// Wraps `text` into lines of at most `max` characters, at spaces where it can.
fn wrap(text: &str, max: usize) -> Vec<String> {
    let max = max.max(8);
    // a line that fits keeps its spaces (fixed-width lines are aligned with them)
    if text.chars().count() <= max {
        return vec![text.to_string()];
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        while word.chars().count() > max {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let head: String = word.chars().take(max).collect();
            word = word.chars().skip(max).collect();
            lines.push(head);
        }
        let need = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if need > max && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// How many characters of a font of `size` fit across the text width.
fn fit(size: f32) -> usize {
    ((PAGE_WIDTH - 2.0 * MARGIN) / (size * MONO_ADVANCE)).floor() as usize
}

struct Layout {
    pages: Vec<Page>,
    pictures: Vec<Placement>,
    /// The baseline cursor: the top of the next thing to place.
    y: f32,
}

impl Layout {
    fn new() -> Layout {
        Layout { pages: vec![Page::default()], pictures: Vec::new(), y: PAGE_HEIGHT - MARGIN }
    }

    fn page(&mut self) -> &mut Page {
        self.pages.last_mut().expect("a page")
    }

    fn new_page(&mut self) {
        if !self.page().ops.is_empty() {
            self.pages.push(Page::default());
        }
        self.y = PAGE_HEIGHT - MARGIN;
    }

    /// Starts a new page unless `height` fits above the bottom margin.
    fn room(&mut self, height: f32) {
        if self.y - height < MARGIN {
            self.new_page();
        }
    }

    fn line(&mut self, text: &str, size: f32, font: Font, leading: f32, x: f32) {
        self.room(size * leading);
        self.y -= size * leading;
        let y = self.y + size * (leading - 1.0) / 2.0;
        self.page().ops.push(Op::Text { x, y, size, font, text: text.to_string() });
    }

    fn space(&mut self, h: f32) {
        self.y -= h;
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Rgb) {
        let segs = vec![Seg::Move(x, y), Seg::Line(x + w, y), Seg::Line(x + w, y + h), Seg::Line(x, y + h), Seg::Close];
        self.page().ops.push(Op::Shape(Shape { segs, fill: Some((fill, false)), stroke: None }));
    }

    fn picture(&mut self, svg: &str, kind: PictureKind, caption: &str) {
        let width = picture_width(kind);
        let caption_height = CAPTION_SIZE * 1.6;
        match vector::shapes(svg) {
            Ok(v) if v.width > 0.0 && v.height > 0.0 => {
                let scale = width / v.width;
                let height = v.height * scale;
                self.space(4.0);
                self.room(height + caption_height);
                let x0 = (PAGE_WIDTH - width) / 2.0;
                let top = self.y;
                let page = self.pages.len() - 1;
                self.pictures.push(Placement { page, left: x0, top, scale });
                let place = |x: f32, y: f32| (x0 + x * scale, top - y * scale);
                for s in v.shapes {
                    let segs = s
                        .segs
                        .iter()
                        .map(|seg| match *seg {
                            Seg::Move(x, y) => {
                                let (x, y) = place(x, y);
                                Seg::Move(x, y)
                            }
                            Seg::Line(x, y) => {
                                let (x, y) = place(x, y);
                                Seg::Line(x, y)
                            }
                            Seg::Cubic(a, b, c, d, e, f) => {
                                let ((a, b), (c, d), (e, f)) = (place(a, b), place(c, d), place(e, f));
                                Seg::Cubic(a, b, c, d, e, f)
                            }
                            Seg::Close => Seg::Close,
                        })
                        .collect();
                    let stroke = s.stroke.map(|(c, w)| (c, w * scale));
                    self.page().ops.push(Op::Shape(Shape { segs, fill: s.fill, stroke }));
                }
                self.y -= height;
            }
            _ => self.line("(the picture could not be drawn)", TEXT_SIZE, Font::Sans, 1.4, MARGIN),
        }
        let chars = caption.chars().count() as f32;
        let x = ((PAGE_WIDTH - chars * CAPTION_SIZE * MONO_ADVANCE) / 2.0).max(MARGIN);
        self.line(caption, CAPTION_SIZE, Font::Mono, 1.6, x);
        self.space(4.0);
    }

    fn table(&mut self, header: &[String], rows: &[Vec<String>]) {
        let columns = header.len().max(rows.iter().map(Vec::len).max().unwrap_or(0));
        let mut widths = vec![0usize; columns];
        for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
            if row.len() < 2 && columns > 1 {
                continue;
            }
            for (i, cell) in row.iter().enumerate() {
                widths[i] = widths[i].max(cell.chars().count());
            }
        }
        // columns wider than the page share what is left after the first
        let total: usize = widths.iter().sum::<usize>() + 2 * columns.saturating_sub(1);
        let max = fit(MONO_SIZE);
        if total > max && columns > 1 {
            let rest = max.saturating_sub(widths[0] + 2 * (columns - 1)) / (columns - 1);
            for w in widths.iter_mut().skip(1) {
                *w = (*w).min(rest.max(6));
            }
        }
        let cell = |s: &str, w: usize| -> String {
            let mut t: String = s.chars().take(w).collect();
            while t.chars().count() < w {
                t.push(' ');
            }
            t
        };
        let row_text = |row: &[String]| -> String {
            row.iter().enumerate().map(|(i, c)| cell(c, widths[i])).collect::<Vec<_>>().join("  ")
        };
        let leading = 1.35;
        let h = MONO_SIZE * leading;
        let line_width = widths.iter().sum::<usize>() as f32 * MONO_SIZE * MONO_ADVANCE
            + 2.0 * columns.saturating_sub(1) as f32 * MONO_SIZE * MONO_ADVANCE;
        self.room(2.0 * h);
        self.rect(MARGIN - 2.0, self.y - h, line_width + 4.0, h, [0.8, 0.8, 0.8]);
        self.line(&row_text(header), MONO_SIZE, Font::MonoBold, leading, MARGIN);
        for (k, row) in rows.iter().enumerate() {
            if row.len() == 1 && columns > 1 {
                self.space(2.0);
                self.line(&row[0], MONO_SIZE, Font::MonoBold, leading, MARGIN);
                continue;
            }
            self.room(h);
            if k % 2 == 1 {
                self.rect(MARGIN - 2.0, self.y - h, line_width + 4.0, h, [0.93, 0.93, 0.93]);
            }
            self.line(&row_text(row), MONO_SIZE, Font::Mono, leading, MARGIN);
        }
        self.space(6.0);
    }
}

/// The width a picture of `kind` is printed at.
fn picture_width(kind: PictureKind) -> f32 {
    match kind {
        PictureKind::Board => BOARD_WIDTH,
        PictureKind::Position | PictureKind::Plot => PAGE_WIDTH - 2.0 * MARGIN,
    }
}

/// About the height of the start of `block`: what a heading before it keeps on its page.
fn start_height(block: Option<&Block>) -> f32 {
    match block {
        Some(Block::Picture { svg, kind, .. }) => {
            // the picture's proportions, from its `viewBox` (a board is about 2:3)
            let ratio = svg
                .split("viewBox=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .and_then(|v| {
                    let n: Vec<f32> = v.split_whitespace().filter_map(|x| x.parse().ok()).collect();
                    (n.len() == 4 && n[2] > 0.0).then(|| n[3] / n[2])
                })
                .unwrap_or(0.7);
            picture_width(*kind) * ratio + CAPTION_SIZE * 1.6 + 8.0
        }
        _ => 4.0 * MONO_SIZE * 1.35,
    }
}

/// Lays `doc` out on A4 pages, numbered at the foot ("page N of M").
pub fn layout(doc: &Document) -> Pages {
    let mut l = Layout::new();
    for (i, block) in doc.blocks.iter().enumerate() {
        match block {
            Block::Title(t) => {
                for line in wrap(t, fit(TITLE_SIZE)) {
                    l.line(&line, TITLE_SIZE, Font::SansBold, 1.4, MARGIN);
                }
                l.space(6.0);
            }
            Block::Heading(t) => {
                l.space(6.0);
                l.room(HEADING_SIZE * 1.5 + start_height(doc.blocks.get(i + 1)));
                for line in wrap(t, fit(HEADING_SIZE)) {
                    l.line(&line, HEADING_SIZE, Font::SansBold, 1.5, MARGIN);
                }
            }
            Block::Text(t) => {
                for line in wrap(t, fit(TEXT_SIZE)) {
                    l.line(&line, TEXT_SIZE, Font::Sans, 1.4, MARGIN);
                }
            }
            Block::Mono { lines, marked } => {
                let wrapped: Vec<String> = lines.iter().flat_map(|s| wrap(s, fit(MONO_SIZE))).collect();
                let h = wrapped.len() as f32 * MONO_SIZE * 1.25;
                if h < PAGE_HEIGHT - 2.0 * MARGIN {
                    l.room(h);
                }
                for (i, line) in wrapped.iter().enumerate() {
                    // the first line (the move) bold when it is an error
                    let font = if *marked && i == 0 { Font::MonoBold } else { Font::Mono };
                    l.line(line, MONO_SIZE, font, 1.25, MARGIN);
                }
            }
            Block::Picture { svg, kind, caption } => l.picture(svg, *kind, caption),
            Block::Table { header, rows } => l.table(header, rows),
            Block::PageBreak => l.new_page(),
        }
    }
    let n = l.pages.len();
    for (i, page) in l.pages.iter_mut().enumerate() {
        let foot = format!("page {} of {n}", i + 1);
        let x = (PAGE_WIDTH - foot.len() as f32 * CAPTION_SIZE * MONO_ADVANCE) / 2.0;
        page.ops.push(Op::Text { x, y: MARGIN / 2.0, size: CAPTION_SIZE, font: Font::Mono, text: foot });
    }
    Pages { title: doc.title.clone(), pages: l.pages, pictures: l.pictures }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_at_spaces_and_long_words_are_cut() {
        assert_eq!(wrap("aaa bbb ccc", 8), vec!["aaa bbb", "ccc"]);
        assert_eq!(wrap("", 8), vec![""]);
        assert_eq!(wrap("  1.  a", 8), vec!["  1.  a"]);
        assert_eq!(wrap(&"x".repeat(20), 8), vec!["xxxxxxxx", "xxxxxxxx", "xxxx"]);
    }

    #[test]
    fn every_op_is_on_its_page_and_blocks_flow_onto_new_pages() {
        let mut blocks = vec![Block::Title("t".into())];
        for i in 0..200 {
            blocks.push(Block::Mono { lines: vec![format!("line {i}"); 3], marked: i % 7 == 0 });
        }
        blocks.push(Block::Table {
            header: vec!["".into(), "a".into(), "b".into()],
            rows: vec![vec!["Section".into()], vec!["x".into(), "1".into(), "2".into()]],
        });
        let pages = layout(&Document { title: "t".into(), blocks });
        assert!(pages.pages.len() > 3);
        for p in &pages.pages {
            for op in &p.ops {
                if let Op::Text { x, y, size, text, .. } = op {
                    assert!(*y >= MARGIN / 2.0 && *y <= PAGE_HEIGHT - MARGIN, "{y}");
                    let right = x + text.chars().count() as f32 * size * MONO_ADVANCE;
                    assert!(*x >= MARGIN / 2.0 && right <= PAGE_WIDTH - MARGIN + 1.0, "{text}");
                }
            }
        }
    }
}
