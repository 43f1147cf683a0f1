//! PDF of a laid-out document, written with `pdf-writer`: one page per [`Page`], its text in the
//! standard 14 fonts (Helvetica, Courier, WinAnsi encoding: nothing embedded) and its shapes as
//! path operators. Owns the PDF syntax only.

use super::layout::{Font, Op, Pages, PAGE_HEIGHT, PAGE_WIDTH};
use super::vector::Seg;
use super::{latin1, Document};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

fn font_name(f: Font) -> Name<'static> {
    match f {
        Font::Sans => Name(b"F1"),
        Font::SansBold => Name(b"F2"),
        Font::Mono => Name(b"F3"),
        Font::MonoBold => Name(b"F4"),
    }
}

/// The PDF file of `doc`.
pub fn write(doc: &Document) -> Vec<u8> {
    render(&super::layout::layout(doc))
}

/// The PDF file of laid-out pages.
pub fn render(pages: &Pages) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let info = Ref::new(3);
    let fonts: Vec<Ref> = (0..Font::ALL.len() as i32).map(|i| Ref::new(4 + i)).collect();
    let first_page = 4 + Font::ALL.len() as i32;
    let page_ids: Vec<Ref> = (0..pages.pages.len() as i32).map(|i| Ref::new(first_page + 2 * i)).collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids(page_ids.iter().copied()).count(page_ids.len() as i32);
    let title = pages.title.clone();
    pdf.document_info(info).title(TextStr(&title)).creator(TextStr("gammon"));
    for (f, id) in Font::ALL.iter().zip(&fonts) {
        pdf.type1_font(*id).base_font(Name(f.base_name().as_bytes())).encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    for (page, id) in pages.pages.iter().zip(&page_ids) {
        let content_id = Ref::new(id.get() + 1);
        let mut p = pdf.page(*id);
        p.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT));
        p.parent(tree);
        p.contents(content_id);
        {
            let mut resources = p.resources();
            let mut dict = resources.fonts();
            for (f, fid) in Font::ALL.iter().zip(&fonts) {
                dict.pair(font_name(*f), *fid);
            }
        }
        p.finish();
        let content = page_content(&page.ops);
        pdf.stream(content_id, &content);
    }
    pdf.finish()
}

fn page_content(ops: &[Op]) -> Vec<u8> {
    let mut c = Content::new();
    for op in ops {
        match op {
            Op::Text { x, y, size, font, text } => {
                c.set_fill_rgb(0.0, 0.0, 0.0);
                c.begin_text();
                c.set_font(font_name(*font), *size);
                c.next_line(*x, *y);
                c.show(Str(&latin1(text)));
                c.end_text();
            }
            Op::Shape(s) => {
                for seg in &s.segs {
                    match *seg {
                        Seg::Move(x, y) => {
                            c.move_to(x, y);
                        }
                        Seg::Line(x, y) => {
                            c.line_to(x, y);
                        }
                        Seg::Cubic(a, b, d, e, x, y) => {
                            c.cubic_to(a, b, d, e, x, y);
                        }
                        Seg::Close => {
                            c.close_path();
                        }
                    }
                }
                if let Some((rgb, _)) = s.fill {
                    c.set_fill_rgb(rgb[0], rgb[1], rgb[2]);
                }
                if let Some((rgb, w)) = s.stroke {
                    c.set_stroke_rgb(rgb[0], rgb[1], rgb[2]);
                    c.set_line_width(w);
                }
                match (s.fill, s.stroke.is_some()) {
                    (Some((_, false)), true) => c.fill_nonzero_and_stroke(),
                    (Some((_, true)), true) => c.fill_even_odd_and_stroke(),
                    (Some((_, false)), false) => c.fill_nonzero(),
                    (Some((_, true)), false) => c.fill_even_odd(),
                    (None, true) => c.stroke(),
                    (None, false) => c.end_path(),
                };
            }
        }
    }
    c.finish().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::printable::{Block, Document};

    #[test]
    fn a_pdf_has_its_pages_fonts_and_trailer() {
        let doc = Document {
            title: "a (b) vs c".into(),
            blocks: vec![Block::Title("a (b) vs c".into()), Block::PageBreak, Block::Text("Jörn".into())],
        };
        let bytes = write(&doc);
        assert!(bytes.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&bytes);
        assert_eq!(text.matches("/Type /Page\n").count() + text.matches("/Type /Page ").count(), 2, "{text}");
        assert!(text.contains("/BaseFont /Courier-Bold"));
        assert!(text.contains("/WinAnsiEncoding"));
        assert!(text.trim_end().ends_with("%%EOF"));
    }
}
