//! The eight board transformations (rotations and reflections) and the subset a pattern
//! needs given its declared symmetry. Coordinates are (row, col) offsets, rows growing
//! downwards. This module owns only the arithmetic; it must not know about diagrams.

use crate::ast::Symmetry;

/// A board transformation, in GNU Go's numbering (0–7) and with the letter of the
/// documentation's table (a–h):
///
/// ```text
/// transformation   I    -    |     .     \    l    r     /
///                 ABC  GHI  CBA   IHG   ADG  CFI  GDA   IFC
///                 DEF  DEF  FED   FED   BEH  BEH  HEB   HEB
///                 GHI  ABC  IHG   CBA   CFI  ADG  IFC   GDA
///                  a    b    c     d     e    f    g     h
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Transform {
    /// a: identity.
    Identity,
    /// g: rotate clockwise, `(i, j) -> (j, -i)`.
    RotateRight,
    /// d: rotate 180°, `(i, j) -> (-i, -j)`.
    Rotate180,
    /// f: rotate counter-clockwise, `(i, j) -> (-j, i)`.
    RotateLeft,
    /// h: mirror about the anti-diagonal, `(i, j) -> (-j, -i)`.
    AntiTranspose,
    /// b: mirror top to bottom, `(i, j) -> (-i, j)`.
    FlipVertical,
    /// e: mirror about the main diagonal, `(i, j) -> (j, i)`.
    Transpose,
    /// c: mirror left to right, `(i, j) -> (i, -j)`.
    FlipHorizontal,
}

/// Edge constraints of a pattern: which sides of it lie on the edge of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Edges {
    pub north: bool,
    pub south: bool,
    pub west: bool,
    pub east: bool,
}

impl Transform {
    /// All eight, in GNU Go's order a, g, d, f, h, b, e, c: the order that makes each
    /// symmetry's set of distinct transformations a contiguous run.
    pub const ALL: [Transform; 8] = [
        Transform::Identity,
        Transform::RotateRight,
        Transform::Rotate180,
        Transform::RotateLeft,
        Transform::AntiTranspose,
        Transform::FlipVertical,
        Transform::Transpose,
        Transform::FlipHorizontal,
    ];

    /// GNU Go's transformation number.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter of the documentation's table.
    pub fn letter(self) -> char {
        ['a', 'g', 'd', 'f', 'h', 'b', 'e', 'c'][self.index()]
    }

    /// Where the offset `(i, j)` goes.
    pub fn apply(self, i: i32, j: i32) -> (i32, i32) {
        match self {
            Transform::Identity => (i, j),
            Transform::RotateRight => (j, -i),
            Transform::Rotate180 => (-i, -j),
            Transform::RotateLeft => (-j, i),
            Transform::AntiTranspose => (-j, -i),
            Transform::FlipVertical => (-i, j),
            Transform::Transpose => (j, i),
            Transform::FlipHorizontal => (i, -j),
        }
    }

    /// The transformation that undoes this one.
    pub fn inverse(self) -> Transform {
        match self {
            Transform::RotateRight => Transform::RotateLeft,
            Transform::RotateLeft => Transform::RotateRight,
            t => t,
        }
    }

    /// Which sides are on the board edge after the transformation.
    pub fn apply_edges(self, e: Edges) -> Edges {
        // Follow each side's outward unit vector.
        let mut out = Edges::default();
        for (on, (i, j)) in [(e.north, (-1, 0)), (e.south, (1, 0)), (e.west, (0, -1)), (e.east, (0, 1))] {
            if !on {
                continue;
            }
            match self.apply(i, j) {
                (-1, 0) => out.north = true,
                (1, 0) => out.south = true,
                (0, -1) => out.west = true,
                _ => out.east = true,
            }
        }
        out
    }
}

impl Symmetry {
    /// The transformations that give distinct patterns under this symmetry (GNU Go's
    /// `trfno`): all 8 for `8`; the 4 rotations for `| - \ /`; identity and the quarter
    /// turn for `X +`; for `O` the four starting at the half turn.
    pub fn transforms(self) -> &'static [Transform] {
        match self {
            Symmetry::None => &Transform::ALL,
            Symmetry::Vertical | Symmetry::Horizontal | Symmetry::Diagonal | Symmetry::AntiDiagonal => {
                &Transform::ALL[..4]
            }
            Symmetry::Plus | Symmetry::Cross => &Transform::ALL[..2],
            Symmetry::Rotation180 => &Transform::ALL[2..6],
        }
    }

    /// The transformations under which a pattern with this symmetry maps onto itself.
    pub fn invariants(self) -> &'static [Transform] {
        use Transform::*;
        match self {
            Symmetry::None => &[Identity],
            Symmetry::Vertical => &[Identity, FlipHorizontal],
            Symmetry::Horizontal => &[Identity, FlipVertical],
            Symmetry::Diagonal => &[Identity, Transpose],
            Symmetry::AntiDiagonal => &[Identity, AntiTranspose],
            Symmetry::Plus => &[Identity, FlipHorizontal, FlipVertical, Rotate180],
            Symmetry::Cross => &[Identity, Transpose, AntiTranspose, Rotate180],
            Symmetry::Rotation180 => &[Identity, Rotate180],
        }
    }
}
