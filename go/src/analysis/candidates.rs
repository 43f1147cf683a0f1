//! Fixed-capacity lists of candidate moves with one score each, for the nodes of the tactical
//! reader and of the connection search: no allocation per node, duplicates merged, stable sorts.
//!
//! Owns the list only; what a score means (a priority, a distance) is the caller's.

use crate::rules::stone::Point;

/// Up to `N` distinct points with a score each, in the order they were first added.
#[derive(Clone, Copy)]
pub(crate) struct Scored<const N: usize> {
    pub(crate) pts: [Point; N],
    pub(crate) score: [i32; N],
    pub(crate) n: usize,
}

impl<const N: usize> Scored<N> {
    pub(crate) fn new() -> Self {
        Scored { pts: [0; N], score: [0; N], n: 0 }
    }

    /// Adds `p` with score `s`; a point already listed keeps `merge` of both scores, and a full
    /// list drops new points.
    #[inline]
    fn add_with(&mut self, p: Point, s: i32, merge: fn(i32, i32) -> i32) {
        if let Some(i) = self.pts[..self.n].iter().position(|&q| q == p) {
            self.score[i] = merge(self.score[i], s);
        } else if self.n < N {
            self.pts[self.n] = p;
            self.score[self.n] = s;
            self.n += 1;
        }
    }

    /// Adds a priority: a point found twice keeps the higher.
    pub(crate) fn add_max(&mut self, p: Point, s: i32) {
        self.add_with(p, s, i32::max);
    }

    /// Adds a distance: a point found twice keeps the shorter.
    pub(crate) fn add_min(&mut self, p: Point, s: i32) {
        self.add_with(p, s, i32::min);
    }

    /// An inlined loop: the library's `contains` on `u16` slices is an out-of-line call, and the reader
    /// asks this at every node.
    #[inline]
    pub(crate) fn contains(&self, p: Point) -> bool {
        for &q in &self.pts[..self.n] {
            if q == p {
                return true;
            }
        }
        false
    }

    /// Stable sort, highest score first (insertion sort: the lists are short).
    pub(crate) fn sort_descending(&mut self) {
        self.sort_by(|a, b| a < b);
    }

    /// Stable sort, lowest score first.
    pub(crate) fn sort_ascending(&mut self) {
        self.sort_by(|a, b| a > b);
    }

    /// Insertion sort moving an entry left while `out_of_order(left, right)`.
    fn sort_by(&mut self, out_of_order: fn(i32, i32) -> bool) {
        for i in 1..self.n {
            let mut j = i;
            while j > 0 && out_of_order(self.score[j - 1], self.score[j]) {
                self.pts.swap(j - 1, j);
                self.score.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Scored;

    #[test]
    fn merges_duplicates_and_sorts_stably() {
        let mut s = Scored::<4>::new();
        for (p, v) in [(10, 5), (11, 7), (10, 9), (12, 7), (13, 1), (14, 0)] {
            s.add_max(p, v);
        }
        assert_eq!((s.n, s.contains(14)), (4, false), "full lists drop new points");
        s.sort_descending();
        assert_eq!(&s.pts[..4], &[10, 11, 12, 13]);
        assert_eq!(&s.score[..4], &[9, 7, 7, 1]);
        let mut d = Scored::<4>::new();
        for (p, v) in [(20, 5), (21, 3), (20, 2), (22, 3)] {
            d.add_min(p, v);
        }
        d.sort_ascending();
        assert_eq!(&d.pts[..3], &[20, 21, 22]);
        assert_eq!(&d.score[..3], &[2, 3, 3]);
    }
}
