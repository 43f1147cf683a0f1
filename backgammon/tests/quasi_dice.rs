//! Quasi-random rollout dice against the GNU Backgammon manual's "Quasi-Random Dice" rules:
//! exact rotation and stratification counts for 36, 1296 and 46656 trials, and the
//! "rollout as initial position" skip of doubles.

use backgammon::analysis::quasi_dice::{roll_outcome, QuasiDice, OUTCOMES};
use proptest::prelude::*;
use std::collections::HashMap;

/// The first `k` rolls of `games` games, as outcome indices.
fn rolls(q: &QuasiDice, games: u64, k: usize) -> Vec<Vec<usize>> {
    (0..games).map(|g| q.game(g).take(k).map(roll_outcome).collect()).collect()
}

/// Unordered roll name, as the manual counts them ("two games with 21").
fn unordered(i: usize) -> (usize, usize) {
    let (a, b) = (i / 6, i % 6);
    (a.max(b), a.min(b))
}

#[test]
fn thirty_six_trials_rotate_the_first_roll() {
    let q = QuasiDice::new(2026, false);
    let mut count: HashMap<(usize, usize), u32> = HashMap::new();
    for r in rolls(&q, 36, 1) {
        *count.entry(unordered(r[0])).or_default() += 1;
    }
    // the manual: "one game will start with 11, two games with 21, two games with 31, etc."
    assert_eq!(count.len(), 21);
    for (&(a, b), &n) in &count {
        assert_eq!(n, if a == b { 1 } else { 2 }, "roll {}{}", a + 1, b + 1);
    }
}

#[test]
fn n_times_36_trials_give_n_of_each_first_roll() {
    let q = QuasiDice::new(7, false);
    let mut count = [0u32; OUTCOMES];
    for r in rolls(&q, 36 * 5, 1) {
        count[r[0]] += 1;
    }
    assert_eq!(count, [5; OUTCOMES]);
}

#[test]
fn thirty_seven_trials_never_three_of_a_roll() {
    // "no 37 trial rollout will have 3 games with a initial 66"
    for seed in 0..20 {
        let q = QuasiDice::new(seed, false);
        let mut count = [0u32; OUTCOMES];
        for r in rolls(&q, 37, 1) {
            count[r[0]] += 1;
        }
        assert_eq!(count.iter().filter(|&&n| n == 2).count(), 1);
        assert!(count.iter().all(|&n| (1..=2).contains(&n)));
    }
}

#[test]
fn trials_1296_rotate_the_first_two_rolls_and_stratify() {
    let q = QuasiDice::new(99, false);
    let all = rolls(&q, 1296, 3);
    // every ordered (first, second) pair exactly once: n games 11-11, 2n games 11-21, 4n 21-21
    let mut pairs = vec![0u32; OUTCOMES * OUTCOMES];
    for r in &all {
        pairs[r[0] * OUTCOMES + r[1]] += 1;
    }
    assert!(pairs.iter().all(|&n| n == 1));
    let mut unordered_pairs: HashMap<_, u32> = HashMap::new();
    for r in &all {
        *unordered_pairs.entry((unordered(r[0]), unordered(r[1]))).or_default() += 1;
    }
    assert_eq!(unordered_pairs[&((0, 0), (0, 0))], 1);
    assert_eq!(unordered_pairs[&((0, 0), (1, 0))], 2);
    assert_eq!(unordered_pairs[&((1, 0), (1, 0))], 4);
    // stratification: every aligned block of 36 games has each first, second and third roll once
    for block in all.chunks(36) {
        for turn in 0..3 {
            let mut seen = [0u32; OUTCOMES];
            for r in block {
                seen[r[turn]] += 1;
            }
            assert_eq!(seen, [1; OUTCOMES], "turn {turn}");
        }
    }
    // and any 36 consecutive games (not only aligned ones) contain each first roll once
    for start in 0..=(1296 - 36) {
        let mut seen = [0u32; OUTCOMES];
        for r in &all[start..start + 36] {
            seen[r[0]] += 1;
        }
        assert_eq!(seen, [1; OUTCOMES], "window at {start}");
    }
}

#[test]
fn trials_46656_rotate_the_first_three_rolls() {
    let q = QuasiDice::new(12345, false);
    let n = OUTCOMES;
    let mut triples = vec![0u8; n * n * n];
    let mut per_block_pairs = vec![0u32; n * n];
    for g in 0..46656u64 {
        let r: Vec<usize> = q.game(g).take(3).map(roll_outcome).collect();
        triples[(r[0] * n + r[1]) * n + r[2]] += 1;
        if g < 1296 {
            per_block_pairs[r[1] * n + r[2]] += 1;
        }
    }
    assert!(triples.iter().all(|&c| c == 1), "every triple exactly once in 46656 games");
    // within the first 1296 games each (second, third) pair appears once as well
    assert!(per_block_pairs.iter().all(|&c| c == 1));
}

#[test]
fn rollout_as_initial_position_skips_doubles() {
    let plain = QuasiDice::new(5, false);
    let q = QuasiDice::new(5, true);
    let games = rolls(&q, 1080, 2);
    for r in &games {
        let (a, b) = (r[0] / 6, r[0] % 6);
        assert_ne!(a, b, "an opening roll is never a double");
    }
    // 30 games: a perfect set of the 30 non-double first rolls
    let mut first = [0u32; OUTCOMES];
    for r in &games[..30] {
        first[r[0]] += 1;
    }
    assert_eq!(first.iter().filter(|&&c| c == 1).count(), 30);
    // games 31..36 of a 36-game rollout are the first 6 games of the next perfect set,
    // the same rolls as in a 1080-game rollout
    let short = rolls(&q, 36, 2);
    assert_eq!(short[..], games[..36]);
    // 1080 games: every (non-double first, any second) pair once
    let mut pairs = vec![0u32; OUTCOMES * OUTCOMES];
    for r in &games {
        pairs[r[0] * OUTCOMES + r[1]] += 1;
    }
    assert_eq!(pairs.iter().filter(|&&c| c == 1).count(), 1080);
    assert!(pairs.iter().all(|&c| c <= 1));
    // skipped sequences are the ones that start with a double, in order
    let mut expect = 0u64;
    for g in 0..100u64 {
        while {
            let (a, b) = plain.sequence(expect).roll();
            a == b
        } {
            expect += 1;
        }
        assert_eq!(q.sequence_of_game(g), expect);
        expect += 1;
    }
}

#[test]
fn later_rolls_are_fair_and_reproducible() {
    let q = QuasiDice::new(3, false);
    let mut faces = [0u32; 7];
    for g in 0..2000 {
        let r: Vec<_> = q.game(g).take(10).collect();
        assert_eq!(r, q.game(g).take(10).collect::<Vec<_>>());
        for &(a, b) in &r[3..] {
            faces[usize::from(a)] += 1;
            faces[usize::from(b)] += 1;
        }
    }
    // 28000 dice: about 4667 per face; a fair die stays well inside 4300..5050
    assert_eq!(faces[0], 0);
    for (f, &n) in faces.iter().enumerate().skip(1) {
        assert!((4300..5050).contains(&n), "face {f}: {n}");
    }
}

proptest! {
    #[test]
    fn any_seed_and_game_gives_valid_dice(seed: u64, game in 0u64..u64::MAX / 64, init: bool) {
        let q = QuasiDice::new(seed, init);
        for (a, b) in q.game(game).take(8) {
            prop_assert!((1..=6).contains(&a) && (1..=6).contains(&b));
        }
    }
}
