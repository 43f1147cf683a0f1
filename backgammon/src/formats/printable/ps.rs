//! PostScript of a laid-out document: DSC 3.0 conforming, Language Level 2, A4. The prolog
//! defines short path operators and re-encodes the four standard fonts (Helvetica, Courier and
//! their bold faces, resident in every Level 2 interpreter) to ISO Latin-1; each page is a
//! `save`/`restore` pair of path and text operators ending in `showpage`. The file is 7-bit
//! clean: bytes above 127 are written as octal escapes. Owns the PostScript syntax only.

use super::layout::{Font, Op, Pages, PAGE_HEIGHT, PAGE_WIDTH};
use super::vector::Seg;
use super::{latin1, Document};
use std::fmt::Write;

/// The name of the re-encoded copy of a standard font.
fn font_name(f: Font) -> &'static str {
    match f {
        Font::Sans => "GammonSans",
        Font::SansBold => "GammonSansBold",
        Font::Mono => "GammonMono",
        Font::MonoBold => "GammonMonoBold",
    }
}

/// A PostScript string literal: parentheses and backslashes escaped, bytes outside printable
/// ASCII as octal escapes.
fn string(text: &str) -> String {
    let mut out = String::from("(");
    let mut line = 0;
    for b in latin1(text) {
        // a backslash at the end of a line continues the string: DSC lines stay under 255
        if out.len() - line > 200 {
            out.push_str("\\\n");
            line = out.len();
        }
        match b {
            b'(' | b')' | b'\\' => {
                out.push('\\');
                out.push(b as char);
            }
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:03o}");
            }
        }
    }
    out.push(')');
    out
}

/// A number with at most two decimals.
fn n(v: f32) -> String {
    super::super::picture::num(f64::from(v))
}

/// A DSC text value (`%%Title:`): printable ASCII only, parenthesised.
fn dsc_text(s: &str) -> String {
    let clean: String = s
        .chars()
        .map(|c| if c.is_ascii_graphic() || c == ' ' { c } else { '?' })
        .filter(|&c| c != '(' && c != ')')
        .collect();
    format!("({clean})")
}

/// The PostScript file of `doc`.
pub fn write(doc: &Document) -> String {
    render(&super::layout::layout(doc))
}

/// The PostScript file of laid-out pages.
pub fn render(pages: &Pages) -> String {
    let mut out = String::with_capacity(64 * 1024);
    let count = pages.pages.len();
    let _ = write!(
        out,
        "%!PS-Adobe-3.0\n%%Title: {}\n%%Creator: gammon\n%%Pages: {count}\n%%PageOrder: Ascend\n\
         %%DocumentData: Clean7Bit\n%%LanguageLevel: 2\n%%DocumentMedia: A4 {w} {h} 0 () ()\n\
         %%BoundingBox: 0 0 {w} {h}\n%%DocumentNeededResources: font Helvetica Helvetica-Bold Courier Courier-Bold\n\
         %%EndComments\n",
        dsc_text(&pages.title),
        w = PAGE_WIDTH,
        h = PAGE_HEIGHT
    );
    out.push_str(
        "%%BeginProlog\n\
         /languagelevel where { pop languagelevel } { 1 } ifelse 2 lt {\n\
         /Helvetica findfont 12 scalefont setfont 50 500 moveto\n\
         (This file needs a PostScript Language Level 2 printer.) show showpage quit } if\n\
         /m { moveto } bind def\n/l { lineto } bind def\n/c { curveto } bind def\n/h { closepath } bind def\n\
         /rgb { setrgbcolor } bind def\n/w { setlinewidth } bind def\n\
         /f { fill } bind def\n/fe { eofill } bind def\n/s { stroke } bind def\n\
         /fs { gsave fill grestore stroke } bind def\n/fes { gsave eofill grestore stroke } bind def\n\
         /t { moveto show } bind def\n\
         % newname basename: a copy of the font with the ISO Latin-1 encoding\n\
         /reencode { findfont dup length dict begin { 1 index /FID ne { def } { pop pop } ifelse } forall\n\
         /Encoding ISOLatin1Encoding def currentdict end definefont pop } bind def\n\
         %%EndProlog\n%%BeginSetup\n",
    );
    for f in Font::ALL {
        let _ = writeln!(out, "%%IncludeResource: font {}", f.base_name());
    }
    for f in Font::ALL {
        let _ = writeln!(out, "/{} /{} reencode", font_name(f), f.base_name());
    }
    out.push_str("%%EndSetup\n");
    for (i, page) in pages.pages.iter().enumerate() {
        let _ = write!(
            out,
            "%%Page: {0} {0}\n%%BeginPageSetup\n/pagesave save def\n%%EndPageSetup\n1 setlinejoin\n",
            i + 1
        );
        let mut font: Option<(Font, f32)> = None;
        for op in &page.ops {
            match op {
                Op::Text { x, y, size, font: f, text } => {
                    if font != Some((*f, *size)) {
                        let _ = writeln!(out, "/{} {} selectfont", font_name(*f), n(*size));
                        font = Some((*f, *size));
                    }
                    let _ = writeln!(out, "0 0 0 rgb {} {} {} t", string(text), n(*x), n(*y));
                }
                Op::Shape(sh) => {
                    out.push_str("newpath");
                    let mut line = out.len();
                    for seg in &sh.segs {
                        if out.len() - line > 200 {
                            out.push('\n');
                            line = out.len();
                        }
                        match *seg {
                            Seg::Move(x, y) => {
                                let _ = write!(out, " {} {} m", n(x), n(y));
                            }
                            Seg::Line(x, y) => {
                                let _ = write!(out, " {} {} l", n(x), n(y));
                            }
                            Seg::Cubic(a, b, d, e, x, y) => {
                                let _ = write!(out, " {} {} {} {} {} {} c", n(a), n(b), n(d), n(e), n(x), n(y));
                            }
                            Seg::Close => out.push_str(" h"),
                        }
                    }
                    out.push('\n');
                    // the fill's colour, then the stroke's inside `fs` (after the fill's grestore)
                    match (sh.fill, sh.stroke) {
                        (Some((fc, eo)), Some((sc, sw))) => {
                            let _ = writeln!(
                                out,
                                "{} {} {} rgb gsave {} grestore {} {} {} rgb {} w s",
                                n(fc[0]),
                                n(fc[1]),
                                n(fc[2]),
                                if eo { "fe" } else { "f" },
                                n(sc[0]),
                                n(sc[1]),
                                n(sc[2]),
                                n(sw)
                            );
                        }
                        (Some((fc, eo)), None) => {
                            let _ = writeln!(
                                out,
                                "{} {} {} rgb {}",
                                n(fc[0]),
                                n(fc[1]),
                                n(fc[2]),
                                if eo { "fe" } else { "f" }
                            );
                        }
                        (None, Some((sc, sw))) => {
                            let _ = writeln!(out, "{} {} {} rgb {} w s", n(sc[0]), n(sc[1]), n(sc[2]), n(sw));
                        }
                        (None, None) => out.push_str("newpath\n"),
                    }
                }
            }
        }
        out.push_str("pagesave restore\nshowpage\n");
    }
    out.push_str("%%Trailer\n%%EOF\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::printable::{Block, Document};

    #[test]
    fn strings_are_escaped_and_seven_bit() {
        assert_eq!(string("a(b)\\c"), "(a\\(b\\)\\\\c)");
        assert_eq!(string("Jörn→"), "(J\\366rn?)");
        assert_eq!(dsc_text("x (y)\n"), "(x y?)");
    }

    #[test]
    fn the_file_follows_the_document_structuring_conventions() {
        let doc = Document {
            title: "t".into(),
            blocks: vec![Block::Title("t".into()), Block::PageBreak, Block::Text("u".into())],
        };
        let ps = write(&doc);
        assert!(ps.starts_with("%!PS-Adobe-3.0\n"));
        assert!(ps.contains("%%Pages: 2\n") && ps.contains("%%Page: 1 1\n") && ps.contains("%%Page: 2 2\n"));
        assert_eq!(ps.matches("showpage\n").count(), 2);
        assert!(ps.ends_with("%%Trailer\n%%EOF\n"));
        assert!(ps.bytes().all(|b| b == b'\n' || (0x20..0x7f).contains(&b)));
        // every DSC comment line is at most 255 characters
        assert!(ps.lines().all(|l| l.len() <= 255));
    }
}
