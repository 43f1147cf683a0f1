//! A picture's SVG as plain shapes (paths with a fill colour and a stroke), the way the PDF and
//! PostScript exports draw it: the SVG is parsed by resvg's `usvg` (as the PNG export parses it,
//! with the same fonts), and its tree walked, transforms applied, text taken as the outlines
//! `usvg` made of it, quadratic curves raised to cubic ones. Opacity is folded into the colour as
//! if drawn on white (PostScript Level 2 has no transparency, and the pictures draw their
//! translucent shades on white). Owns this conversion only.

use super::super::picture::{self, PictureError};
use resvg::usvg;

/// An RGB colour, each channel 0 to 1.
pub type Rgb = [f32; 3];

/// One piece of a path's outline.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seg {
    Move(f32, f32),
    Line(f32, f32),
    Cubic(f32, f32, f32, f32, f32, f32),
    Close,
}

/// A filled and/or stroked outline, in the picture's coordinates (y down).
#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    pub segs: Vec<Seg>,
    /// The fill colour and whether the even-odd rule fills it.
    pub fill: Option<(Rgb, bool)>,
    /// The stroke colour and width.
    pub stroke: Option<(Rgb, f32)>,
}

/// A picture as shapes: its size (SVG user units) and its shapes in drawing order.
#[derive(Debug, Clone, PartialEq)]
pub struct Vector {
    pub width: f32,
    pub height: f32,
    pub shapes: Vec<Shape>,
}

/// The shapes of `svg` (a picture `picture` writes).
pub fn shapes(svg: &str) -> Result<Vector, PictureError> {
    let tree = picture::tree(svg)?;
    let mut shapes = Vec::new();
    walk(tree.root(), 1.0, &mut shapes);
    Ok(Vector { width: tree.size().width(), height: tree.size().height(), shapes })
}

fn colour(paint: &usvg::Paint, opacity: f32) -> Option<Rgb> {
    match paint {
        usvg::Paint::Color(c) => {
            let on_white = |v: u8| 1.0 - opacity * (1.0 - f32::from(v) / 255.0);
            Some([on_white(c.red), on_white(c.green), on_white(c.blue)])
        }
        // the pictures use plain colours only; a gradient or pattern is drawn grey
        _ => Some([0.5, 0.5, 0.5]),
    }
}

fn walk(group: &usvg::Group, opacity: f32, out: &mut Vec<Shape>) {
    let opacity = opacity * group.opacity().get();
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => walk(g, opacity, out),
            usvg::Node::Path(p) => path(p, opacity, out),
            usvg::Node::Text(t) => walk(t.flattened(), opacity, out),
            usvg::Node::Image(_) => {}
        }
    }
}

fn path(p: &usvg::Path, opacity: f32, out: &mut Vec<Shape>) {
    if !p.is_visible() {
        return;
    }
    let t = p.abs_transform();
    let map = |pt: usvg::tiny_skia_path::Point| (t.sx * pt.x + t.kx * pt.y + t.tx, t.ky * pt.x + t.sy * pt.y + t.ty);
    let mut segs = Vec::new();
    let mut last = (0.0, 0.0);
    for s in p.data().segments() {
        use usvg::tiny_skia_path::PathSegment as S;
        match s {
            S::MoveTo(a) => {
                last = map(a);
                segs.push(Seg::Move(last.0, last.1));
            }
            S::LineTo(a) => {
                last = map(a);
                segs.push(Seg::Line(last.0, last.1));
            }
            S::QuadTo(c, a) => {
                let (c, a) = (map(c), map(a));
                let c1 = (last.0 + 2.0 / 3.0 * (c.0 - last.0), last.1 + 2.0 / 3.0 * (c.1 - last.1));
                let c2 = (a.0 + 2.0 / 3.0 * (c.0 - a.0), a.1 + 2.0 / 3.0 * (c.1 - a.1));
                segs.push(Seg::Cubic(c1.0, c1.1, c2.0, c2.1, a.0, a.1));
                last = a;
            }
            S::CubicTo(c1, c2, a) => {
                let (c1, c2, a) = (map(c1), map(c2), map(a));
                segs.push(Seg::Cubic(c1.0, c1.1, c2.0, c2.1, a.0, a.1));
                last = a;
            }
            S::Close => segs.push(Seg::Close),
        }
    }
    if segs.is_empty() {
        return;
    }
    let fill = p
        .fill()
        .and_then(|f| colour(f.paint(), opacity * f.opacity().get()).map(|c| (c, f.rule() == usvg::FillRule::EvenOdd)));
    // a stroke's width scales with the transform's mean scale
    let scale = (t.sx * t.sy - t.kx * t.ky).abs().sqrt();
    let stroke =
        p.stroke().and_then(|s| colour(s.paint(), opacity * s.opacity().get()).map(|c| (c, s.width().get() * scale)));
    if fill.is_some() || stroke.is_some() {
        out.push(Shape { segs, fill, stroke });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::picture::Svg;

    #[test]
    fn shapes_carry_their_colours_and_transforms() {
        let mut s = Svg::new(100.0, 50.0, "t");
        s.rect(10.0, 10.0, 20.0, 10.0, "#ff0000", "fill-opacity=\"0.5\"");
        s.circle(50.0, 25.0, 5.0, "#000000", "stroke=\"#0000ff\" stroke-width=\"2\"");
        let v = shapes(&s.finish()).unwrap();
        assert_eq!((v.width, v.height), (100.0, 50.0));
        assert_eq!(v.shapes.len(), 2);
        assert_eq!(v.shapes[0].fill, Some(([1.0, 0.5, 0.5], false)));
        assert_eq!(v.shapes[0].segs[0], Seg::Move(10.0, 10.0));
        assert_eq!(v.shapes[1].stroke, Some(([0.0, 0.0, 1.0], 2.0)));
        assert!(shapes("<svg").is_err());
    }
}
