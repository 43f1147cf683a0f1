//! Plays in gnubg's notation: steps sorted by starting point (highest first), the steps of one
//! chequer joined (`24/13`) showing only the intermediate points where it hit (`13/7*/1`),
//! repeated moves counted (`13/11(2)`), `bar` and `off` for the bar and borne-off chequers. A step
//! is marked `*` when it hit, i.e. the first chequer landing on a blot; grouping of repeats goes by
//! start and end point and shows the first one's marks, as gnubg 1.07 prints them.

use crate::rules::movegen::{Play, SubMove};
use std::fmt::Write;

impl Play {
    /// The play in gnubg notation, e.g. `8/4 6/4`, `24/18*`, `13/7*/1*(2)`.
    pub fn notation(&self) -> String {
        format_play(self.steps())
    }
}

fn point(out: &mut String, p: u8) {
    match p {
        25 => out.push_str("bar"),
        0 => out.push_str("off"),
        n => {
            let _ = write!(out, "{n}");
        }
    }
}

/// One chequer's path: start, end, and where it hit along the way.
#[derive(Clone, Copy)]
struct Chain {
    from: u8,
    to: u8,
    /// points where it hit, in order (intermediate and final)
    hits: [u8; 4],
    nhits: u8,
    final_hit: bool,
}

/// Formats the steps of a play (in playing order) as gnubg does.
pub fn format_play(steps: &[SubMove]) -> String {
    let mut sorted: [SubMove; 4] = [SubMove::default(); 4];
    let n = steps.len().min(4);
    sorted[..n].copy_from_slice(&steps[..n]);
    let sorted = &mut sorted[..n];
    // stable: equal steps keep playing order, so the one that hit comes first
    sorted.sort_by(|a, b| b.from.cmp(&a.from).then(b.to.cmp(&a.to)));

    let mut used = [false; 4];
    let mut chains: Vec<Chain> = Vec::with_capacity(4);
    for i in 0..n {
        if used[i] {
            continue;
        }
        used[i] = true;
        let s = sorted[i];
        let mut c = Chain { from: s.from, to: s.to, hits: [0; 4], nhits: 0, final_hit: s.hit };
        if s.hit {
            c.hits[0] = s.to;
            c.nhits = 1;
        }
        // extend while some unused step starts where this chain ends
        while c.to != 0 {
            let Some(j) = (0..n).find(|&j| !used[j] && sorted[j].from == c.to) else { break };
            used[j] = true;
            c.to = sorted[j].to;
            c.final_hit = sorted[j].hit;
            if sorted[j].hit {
                c.hits[c.nhits as usize] = sorted[j].to;
                c.nhits += 1;
            }
        }
        chains.push(c);
    }

    let mut out = String::with_capacity(24);
    let mut done = [false; 4];
    for i in 0..chains.len() {
        if done[i] {
            continue;
        }
        let c = chains[i];
        let mut count = 1;
        for j in i + 1..chains.len() {
            if !done[j] && chains[j].from == c.from && chains[j].to == c.to {
                done[j] = true;
                count += 1;
            }
        }
        if !out.is_empty() {
            out.push(' ');
        }
        point(&mut out, c.from);
        for &h in &c.hits[..c.nhits as usize] {
            if h != c.to {
                out.push('/');
                point(&mut out, h);
                out.push('*');
            }
        }
        out.push('/');
        point(&mut out, c.to);
        if c.final_hit {
            out.push('*');
        }
        if count > 1 {
            let _ = write!(out, "({count})");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(from: u8, to: u8, hit: bool) -> SubMove {
        SubMove { from, to, die: 0, hit }
    }

    #[test]
    fn formats_like_gnubg() {
        assert_eq!(format_play(&[s(6, 4, false), s(8, 4, false)]), "8/4 6/4");
        assert_eq!(format_play(&[s(24, 18, true)]), "24/18*");
        assert_eq!(format_play(&[s(8, 3, true), s(3, 2, false)]), "8/3*/2");
        assert_eq!(format_play(&[s(25, 22, false)]), "bar/22");
        assert_eq!(format_play(&[s(6, 0, false)]), "6/off");
        assert_eq!(format_play(&[s(13, 11, false), s(13, 11, false)]), "13/11(2)");
        assert_eq!(format_play(&[s(6, 4, false); 4]), "6/4(4)");
        assert_eq!(format_play(&[s(24, 18, false), s(18, 13, false)]), "24/13");
        assert_eq!(format_play(&[s(13, 10, false), s(10, 7, true), s(7, 4, false), s(13, 10, false)]), "13/7*/4 13/10");
    }

    mod hostile {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            /// Steps no legal play has (loops, points past the bar, more than four, every one
            /// a hit) still format without a panic, as at most four short groups.
            #[test]
            fn any_steps_format_without_panic(
                steps in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<bool>()), 0..8)
            ) {
                let steps: Vec<SubMove> = steps.into_iter().map(|(from, to, hit)| s(from, to, hit)).collect();
                let text = format_play(&steps);
                prop_assert!(text.split(' ').count() <= 4 && text.len() <= 4 * 24, "{}", text);
            }
        }
    }
}
