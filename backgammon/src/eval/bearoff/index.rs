//! Enumeration of one-sided bearoff positions: up to `C` chequers on the lowest `P` points of one
//! side. Positions are numbered by total chequers first (the empty position is 0); among equal
//! totals, by the point counts from the 1 point upwards in *descending* lexicographic order —
//! `[1,0,…]` before `[0,1,…]`, `[2,0,0,…]` before `[1,1,0,…]` — the order of the seed's technical
//! notes and of gnubg's databases (index 100 of the 15×6 database is 2,0,0,1,1,0, as
//! `bearoffdump -n 100` shows).

/// Ranking and unranking for one (points, chequers) size.
#[derive(Debug, Clone)]
pub struct OneSidedIndex {
    points: usize,
    chequers: usize,
    /// binom[n][k]
    binom: Vec<Vec<u64>>,
    /// first index of the positions with exactly n chequers
    offset: Vec<u64>,
}

impl OneSidedIndex {
    /// The index for `points` (1..=24) and `chequers` (1..=15).
    pub fn new(points: usize, chequers: usize) -> Self {
        let n = points + chequers + 2;
        let mut binom = vec![vec![0u64; n + 1]; n + 1];
        for i in 0..=n {
            binom[i][0] = 1;
            for k in 1..=i {
                binom[i][k] = binom[i - 1][k - 1] + if k < i { binom[i - 1][k] } else { 0 };
            }
        }
        let mut idx = OneSidedIndex { points, chequers, binom, offset: vec![0; chequers + 2] };
        for c in 0..=chequers {
            idx.offset[c + 1] = idx.offset[c] + idx.ways(c, points);
        }
        idx
    }

    pub fn points(&self) -> usize {
        self.points
    }

    pub fn chequers(&self) -> usize {
        self.chequers
    }

    /// Number of ways to put exactly `n` chequers on `k` points.
    fn ways(&self, n: usize, k: usize) -> u64 {
        if k == 0 {
            u64::from(n == 0)
        } else {
            self.binom[n + k - 1][k - 1]
        }
    }

    /// Number of positions: binom(C + P, P).
    pub fn len(&self) -> usize {
        self.offset[self.chequers + 1] as usize
    }

    /// Never empty (the empty position is always there).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The index of `counts` (chequers on points 1..=P); `None` if too many chequers or any
    /// chequer lies above point P.
    pub fn rank(&self, counts: &[u8]) -> Option<usize> {
        if counts.iter().skip(self.points).any(|&c| c > 0) {
            return None;
        }
        let total: usize = counts.iter().take(self.points).map(|&c| c as usize).sum();
        if total > self.chequers {
            return None;
        }
        let mut r = self.offset[total];
        let mut remaining = total;
        for i in 0..self.points {
            let c = counts.get(i).copied().unwrap_or(0) as usize;
            let rest = self.points - 1 - i;
            // every vector with more chequers on this point (same prefix) comes first
            for more in c + 1..=remaining {
                r += self.ways(remaining - more, rest);
            }
            remaining -= c;
        }
        Some(r as usize)
    }

    /// The counts on points 1..=P of position `index`.
    pub fn unrank(&self, index: usize) -> Option<Vec<u8>> {
        if index >= self.len() {
            return None;
        }
        let mut r = index as u64;
        let total = (0..=self.chequers).rev().find(|&c| self.offset[c] <= r)?;
        r -= self.offset[total];
        let mut counts = vec![0u8; self.points];
        let mut remaining = total;
        for (i, slot) in counts.iter_mut().enumerate() {
            let rest = self.points - 1 - i;
            let mut c = remaining;
            loop {
                let block = self.ways(remaining - c, rest);
                if r < block {
                    break;
                }
                r -= block;
                c -= 1;
            }
            *slot = c as u8;
            remaining -= c;
        }
        Some(counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_from_the_seed_table() {
        // The seed's table: 15 chequers on 6 points 54,264; 7 points 170,544; 9 points 1,307,504;
        // 11 points 7,726,160. Its 10-point row says 3,268,870, a typo: binom(25, 10) is
        // 3,268,760, and every other row equals binom(C + P, P) exactly.
        assert_eq!(OneSidedIndex::new(6, 15).len(), 54_264);
        assert_eq!(OneSidedIndex::new(7, 15).len(), 170_544);
        assert_eq!(OneSidedIndex::new(9, 15).len(), 1_307_504);
        assert_eq!(OneSidedIndex::new(10, 15).len(), 3_268_760);
        assert_eq!(OneSidedIndex::new(11, 15).len(), 7_726_160);
    }

    #[test]
    fn order_of_the_seed_and_gnubg() {
        let idx = OneSidedIndex::new(6, 15);
        assert_eq!(idx.rank(&[0, 0, 0, 0, 0, 0]), Some(0));
        assert_eq!(idx.rank(&[1, 0, 0, 0, 0, 0]), Some(1));
        assert_eq!(idx.rank(&[0, 1, 0, 0, 0, 0]), Some(2));
        assert_eq!(idx.rank(&[0, 0, 0, 0, 0, 1]), Some(6));
        assert_eq!(idx.rank(&[2, 0, 0, 0, 0, 0]), Some(7));
        assert_eq!(idx.rank(&[1, 1, 0, 0, 0, 0]), Some(8));
        assert_eq!(idx.rank(&[1, 0, 1, 0, 0, 0]), Some(9));
        // gnubg's bearoffdump: index 100 is owAAAAAAAAAAAA's side, 2,0,0,1,1,0
        assert_eq!(idx.rank(&[2, 0, 0, 1, 1, 0]), Some(100));
        assert_eq!(idx.rank(&[0, 0, 0, 0, 0, 15]), Some(54_263));
        assert_eq!(idx.rank(&[0, 0, 0, 0, 0, 0, 1]), None);
        assert_eq!(idx.rank(&[16, 0, 0, 0, 0, 0]), None);
        for i in (0..idx.len()).step_by(7) {
            assert_eq!(idx.rank(&idx.unrank(i).unwrap()), Some(i));
        }
        assert_eq!(idx.unrank(idx.len()), None);
    }
}
