//! LaTeX source of a printable document, for `pdflatex`: the article class and packages of
//! texlive-latex-base only (inputenc, geometry, graphicx, longtable), every picture (the boards,
//! the plot) a PNG written beside the source and included with `\includegraphics`. Text is
//! escaped for LaTeX; characters beyond the Latin-1 letters LaTeX's default fonts compose are
//! written as `?`. Owns the LaTeX syntax only.

use super::super::picture::{self, PictureError};
use super::{Block, Document, PictureKind};
use std::fmt::Write;

/// The width in pixels of the PNG pictures (about 300 dpi at the printed width of a diagram).
pub const PICTURE_PIXELS: u32 = 1200;

/// A LaTeX document and the pictures it includes, named relative to the source's directory.
#[derive(Debug, Clone)]
pub struct Latex {
    pub source: String,
    pub pictures: Vec<(String, Vec<u8>)>,
}

/// The Latin-1 letters the default (OT1) fonts compose through `inputenc`'s UTF-8.
const COMPOSED: &str = "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝßàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿ";

/// `s` escaped for LaTeX text; with `spaces`, spaces are ties (fixed-width lines keep their
/// alignment).
pub fn escape(s: &str, spaces: bool) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '%' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '"' => out.push_str("''"),
            ' ' if spaces => out.push('~'),
            // `--` and `''` would be ligatures in a fixed-width line
            '-' if spaces => out.push_str("-{}"),
            '\'' if spaces => out.push_str("'{}"),
            c if c.is_ascii_graphic() || c == ' ' => out.push(c),
            c if COMPOSED.contains(c) => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

/// File names of the pictures: `stem` (letters, digits, `-` and `_` of it) and a number.
fn picture_name(stem: &str, k: usize) -> String {
    let clean: String = stem.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
    let clean = if clean.is_empty() { "gammon".to_string() } else { clean };
    format!("{clean}-{k}.png")
}

const PREAMBLE: &str = "\\documentclass[a4paper,10pt]{article}\n\
\\usepackage[utf8]{inputenc}\n\
\\usepackage[margin=2cm]{geometry}\n\
\\usepackage{graphicx}\n\
\\usepackage{longtable}\n\
\\setlength{\\parindent}{0pt}\n\
\\setlength{\\parskip}{2pt}\n";

/// The LaTeX source of `doc`, its pictures named after `stem` (the source's file name without
/// its extension).
pub fn write(doc: &Document, stem: &str) -> Result<Latex, PictureError> {
    let mut out = String::from(PREAMBLE);
    let _ = writeln!(out, "\\title{{{}}}\n\\begin{{document}}", escape(&doc.title, false));
    let mut pictures = Vec::new();
    for block in &doc.blocks {
        match block {
            Block::Title(t) => {
                let _ = writeln!(out, "{{\\Large\\bfseries {}\\par}}\\medskip\n", escape(t, false));
            }
            Block::Heading(t) => {
                let _ = writeln!(out, "\\subsection*{{{}}}\n", escape(t, false));
            }
            Block::Text(t) => {
                let _ = writeln!(out, "{}\\par\n", escape(t, false));
            }
            Block::Mono { lines, marked } => {
                out.push_str("\\begin{minipage}{\\linewidth}\\footnotesize\\ttfamily\n");
                for (i, line) in lines.iter().enumerate() {
                    let text = escape(line, true);
                    let text = if text.is_empty() { "~".to_string() } else { text };
                    if *marked && i == 0 {
                        let _ = writeln!(out, "\\textbf{{{text}}}\\\\");
                    } else {
                        let _ = writeln!(out, "{text}\\\\");
                    }
                }
                out.push_str("\\end{minipage}\n\n");
            }
            Block::Picture { svg, kind, caption } => {
                let name = picture_name(stem, pictures.len() + 1);
                pictures.push((name.clone(), picture::png(svg, Some(PICTURE_PIXELS))?));
                let width = match kind {
                    PictureKind::Board => "0.55\\linewidth",
                    PictureKind::Position | PictureKind::Plot => "\\linewidth",
                };
                let _ = writeln!(
                    out,
                    "\\begin{{center}}\n\\includegraphics[width={width}]{{{name}}}\\\\\n{{\\scriptsize\\ttfamily {}}}\n\\end{{center}}\n",
                    escape(caption, false)
                );
            }
            Block::Table { header, rows } => {
                let columns = header.len().max(rows.iter().map(Vec::len).max().unwrap_or(0)).max(1);
                let _ = writeln!(out, "\\begin{{small}}\\begin{{longtable}}{{{}}}\n\\hline", "l".repeat(columns));
                let cells = |row: &[String], bold: bool| -> String {
                    (0..columns)
                        .map(|i| {
                            let c = escape(row.get(i).map_or("", String::as_str), false);
                            if bold && !c.is_empty() {
                                format!("\\textbf{{{c}}}")
                            } else {
                                c
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(" & ")
                };
                let _ = writeln!(out, "{} \\\\\n\\hline\\endhead", cells(header, true));
                for row in rows {
                    if row.len() == 1 && columns > 1 {
                        let _ = writeln!(
                            out,
                            "\\multicolumn{{{columns}}}{{l}}{{\\textbf{{{}}}}} \\\\",
                            escape(&row[0], false)
                        );
                    } else {
                        let _ = writeln!(out, "{} \\\\", cells(row, false));
                    }
                }
                out.push_str("\\hline\n\\end{longtable}\\end{small}\n\n");
            }
            Block::PageBreak => out.push_str("\\clearpage\n"),
        }
    }
    out.push_str("\\end{document}\n");
    Ok(Latex { source: out, pictures })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a_b & 50% {x} \\ ~^ <J\u{f6}rn> \u{2192}", false), "a\\_b \\& 50\\% \\{x\\} \\textbackslash{} \\textasciitilde{}\\textasciicircum{} \\textless{}J\u{f6}rn\\textgreater{} ?");
        assert_eq!(escape("1. a  -- b", true), "1.~a~~-{}-{}~b");
        assert_eq!(picture_name("my match.v2", 3), "mymatchv2-3.png");
        assert_eq!(picture_name("..", 1), "gammon-1.png");
    }

    #[test]
    fn pictures_are_written_beside_and_included() {
        let svg = {
            let mut s = picture::Svg::new(100.0, 50.0, "t");
            s.rect(0.0, 0.0, 100.0, 50.0, "#000000", "");
            s.finish()
        };
        let doc = Document {
            title: "t".into(),
            blocks: vec![
                Block::Title("t".into()),
                Block::Picture { svg, kind: PictureKind::Board, caption: "c".into() },
                Block::Table {
                    header: vec!["".into(), "a".into()],
                    rows: vec![vec!["S".into()], vec!["x".into(), "1".into()]],
                },
            ],
        };
        let l = write(&doc, "out").unwrap();
        assert_eq!(l.pictures.len(), 1);
        assert_eq!(l.pictures[0].0, "out-1.png");
        assert!(l.source.contains("\\includegraphics[width=0.55\\linewidth]{out-1.png}"));
        assert!(l.source.contains("\\multicolumn{2}{l}{\\textbf{S}}"));
        assert!(l.source.starts_with("\\documentclass") && l.source.ends_with("\\end{document}\n"));
    }
}
