//! Cubeless n-ply evaluation and move choice with gnubg's move filters, as the seed manual
//! ("n-ply evaluation", "Move filters") describes them.
//!
//! - [`NPly::evaluate`]: the n-ply probabilities of a position for the player on roll. 0-ply is
//!   [`Evaluator::evaluate`]; n-ply averages, over the 21 distinct rolls (non-doubles weighted
//!   2/36, doubles 1/36), the (n-1)-ply value of the position after the mover's best play, the
//!   best play being chosen by 0-ply as gnubg does inside an evaluation. Over and bearoff
//!   positions are exact at every ply (the databases are exact), so the recursion stops there.
//! - [`NPly::choose`]: chequer play at n ply with move filters: all plays are ranked at 0-ply,
//!   then at each sub-ply the filter keeps `accept` plays plus up to `extra` more within
//!   `threshold` of the best, and the survivors are re-ranked one ply deeper. A sub-ply whose
//!   next filter keeps every survivor is not evaluated (the next one replaces its values, and
//!   ties go by the generator's order): the 1-ply pass of a normal 2-ply choice, about 5% of it.
//! - [`NPly::with_memo`]: 0-ply batches and static evaluations kept for the length of a call, for
//!   walks that go through the same tree twice (cube decisions: the cubeless n-ply value, then
//!   the cubeful walk) and for every evaluation of 2 plies or more, whose trees repeat
//!   (position, roll)s (a side dancing with several rolls leaves the same position; figures on
//!   `NPly::expand`). Profile of the 2-ply choice: 87% in the nets' 0-ply evaluation of every
//!   play of every roll, 8% in move generation.
//! - [`Settings`]: gnubg's predefined playing levels by name (the weak ones add seeded noise).
//!
//! Owns only cubeless search; static evaluation is [`crate::eval`]'s, cube handling
//! [`crate::cube::cubeful`]'s.

use crate::eval::{classify, Evaluator, PositionClass, Probabilities, Scratch};
use crate::rules::dice::distinct_rolls;
use crate::rules::movegen::{MoveGenerator, Play};
use crate::rules::position::Position;
use engine_core::rng::{seeded_rng, GameRng};
use rand::Rng;
use std::collections::HashMap;

/// Deepest supported search.
pub const MAX_PLIES: usize = 4;

/// One sub-ply of a move filter: keep the first `accept` plays (a negative value means no
/// pruning at this sub-ply), then add up to `extra` more whose equity is within `threshold` of
/// the best.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MoveFilter {
    pub accept: i32,
    pub extra: u32,
    pub threshold: f32,
}

impl MoveFilter {
    /// No pruning at this sub-ply.
    pub const NONE: MoveFilter = MoveFilter { accept: -1, extra: 0, threshold: 0.0 };
    /// gnubg's "Normal" pruning: accept 0, add up to 8 within 0.16.
    pub const NORMAL: MoveFilter = MoveFilter { accept: 0, extra: 8, threshold: 0.16 };
    /// gnubg's "Normal" 2-sub-ply pruning at 2 ply below a 3/4-ply search: add up to 2 within 0.04.
    pub const NARROW: MoveFilter = MoveFilter { accept: 0, extra: 2, threshold: 0.04 };
    /// gnubg's "Large" pruning: add up to 16 within 0.32.
    pub const LARGE: MoveFilter = MoveFilter { accept: 0, extra: 16, threshold: 0.32 };

    /// How many of `sorted_equities` (best first) survive the filter.
    pub fn keep(&self, sorted_equities: &[f32]) -> usize {
        let n = sorted_equities.len();
        if self.accept < 0 || n == 0 {
            return n;
        }
        let best = sorted_equities[0];
        let mut k = (self.accept as usize).min(n);
        let limit = (k + self.extra as usize).min(n);
        while k < limit && sorted_equities[k] >= best - self.threshold {
            k += 1;
        }
        // gnubg always keeps at least one play
        k.max(1)
    }
}

/// gnubg's default ("Normal") filters of a search of `plies` plies, one per sub-ply 0..plies.
pub fn normal_filters(plies: usize) -> [MoveFilter; MAX_PLIES] {
    use MoveFilter as F;
    match plies {
        0 | 1 => [F::NORMAL, F::NONE, F::NONE, F::NONE],
        2 => [F::NORMAL, F::NONE, F::NONE, F::NONE],
        _ => [F::NORMAL, F::NONE, F::NARROW, F::NONE],
    }
}

/// A playing level: search depth, filters and noise.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    pub plies: usize,
    pub filters: [MoveFilter; MAX_PLIES],
    /// Standard deviation of the Gaussian noise added to each candidate's equity (0: none).
    pub noise: f32,
}

impl Settings {
    /// Plain n-ply with the normal filters.
    pub fn plies(plies: usize) -> Settings {
        Settings { plies: plies.min(MAX_PLIES), filters: normal_filters(plies), noise: 0.0 }
    }

    /// gnubg's predefined levels as its manual ("Predefined settings") documents them: beginner
    /// (0-ply, noise 0.060), casual play (0.050), intermediate (0.030), advanced (0.015), expert
    /// (0-ply), world class (2-ply), supremo (2-ply, large filter), grandmaster (3-ply). Case
    /// and `-`/`_`/space are ignored; `casualplay` is accepted for casual.
    pub fn named(name: &str) -> Option<Settings> {
        let key: String = name.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
        let noisy = |noise| Settings { noise, ..Settings::plies(0) };
        Some(match key.as_str() {
            "beginner" => noisy(0.060),
            "casual" | "casualplay" => noisy(0.050),
            "intermediate" => noisy(0.030),
            "advanced" => noisy(0.015),
            "expert" => Settings::plies(0),
            "worldclass" => Settings::plies(2),
            "supremo" => {
                let mut s = Settings::plies(2);
                s.filters[0] = MoveFilter::LARGE;
                s
            }
            "grandmaster" => Settings::plies(3),
            _ => return None,
        })
    }
}

/// Per-thread search state: one move generator per depth (a generator's plays are borrowed
/// while deeper levels generate), evaluation scratch, the noise generator and the memo of
/// [`NPly::with_memo`].
pub struct NPly<'e> {
    pub ev: &'e Evaluator,
    gens: Vec<MoveGenerator>,
    scratch: Scratch,
    buf: Vec<Probabilities>,
    noise_rng: GameRng,
    memo: Option<Memo>,
}

/// What a search under [`NPly::with_memo`] has computed at 0 ply: each (position, roll)'s plays,
/// as their results (mover still on roll) with their probabilities (mover's view) in the
/// generator's order, and each static evaluation. Both are deterministic, so a hit returns
/// exactly what computing again would.
#[derive(Default)]
struct Memo {
    batches: HashMap<(Position, u8, u8), Vec<(Position, Probabilities)>>,
    statics: HashMap<Position, Probabilities>,
}

/// Entries a memo holds at most (about 2 KB each for batches): a 2-ply cube decision needs about
/// 500 batches and 450 static evaluations, a 3-ply one about 21 times as many; deeper searches
/// stop memoising rather than grow without bound.
const MEMO_CAPACITY: usize = 20_000;

/// The result of [`NPly::choose`].
#[derive(Clone, Debug)]
pub struct Choice {
    pub play: Play,
    /// From the mover's view, at the depth the play was last evaluated.
    pub probabilities: Probabilities,
    /// How many candidates survived each sub-ply's filter (index i: after ranking at i ply).
    pub survivors: Vec<usize>,
}

impl<'e> NPly<'e> {
    /// `seed` drives the noise of noisy levels only.
    pub fn new(ev: &'e Evaluator, seed: u64) -> Self {
        NPly {
            ev,
            gens: (0..=MAX_PLIES + 1).map(|_| MoveGenerator::new()).collect(),
            scratch: Scratch::default(),
            buf: Vec::new(),
            noise_rng: seeded_rng(seed),
            memo: None,
        }
    }

    /// Runs `f` with every 0-ply batch of plays and static evaluation this search computes kept
    /// and reused until `f` returns (nested calls share the outer memo). Results are the same as
    /// without it. It pays where one search walks the same tree twice: a cube decision at n ply
    /// computes the cubeless n-ply probabilities, then walks the tree again for the cubeful
    /// values, mostly through the same plays ([`crate::cube::decision::evaluate_position`]; in
    /// the `nply` bench a whole 2-ply money decision of 20 positions took 0.995 s, the cubeless
    /// half alone 1.10 s unmemoised), and the same position's decisions under several cubes or
    /// scores share all of it (`cube_vs_gnubg`, the whole binary: 69.9 s of CPU before, 46.1 s
    /// and 55.0 s in two runs after, the same output line for line; gnubg's share of it is
    /// most of the noise).
    pub fn with_memo<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        if self.memo.is_some() {
            return f(self);
        }
        self.memo = Some(Memo::default());
        let r = f(self);
        self.memo = None;
        r
    }

    /// The static evaluation of `pos` (through the memo when one is on).
    fn evaluate_static(&mut self, pos: &Position) -> Probabilities {
        let Some(memo) = &mut self.memo else { return self.ev.evaluate(pos) };
        if let Some(p) = memo.statics.get(pos) {
            return *p;
        }
        let p = self.ev.evaluate(pos);
        if memo.statics.len() < MEMO_CAPACITY {
            memo.statics.insert(*pos, p);
        }
        p
    }

    /// The best play of `pos` with roll `d1 d2` by `key` (the first of equals in the generator's
    /// order), as its result (mover still on roll) and probabilities (mover's view); `None`
    /// when no play is legal. [`Evaluator::best_play_by`], through the memo when one is on.
    fn best_0ply_memo(
        &mut self,
        pos: &Position,
        d1: u8,
        d2: u8,
        depth: usize,
        key: &mut dyn FnMut(&Probabilities) -> f64,
    ) -> Option<(Position, Probabilities)> {
        let gen = &mut self.gens[depth];
        let Some(memo) = &mut self.memo else {
            return self
                .ev
                .best_play_by(gen, pos, d1, d2, &mut self.scratch, &mut self.buf, key)
                .map(|(play, p)| (*play.result(), p));
        };
        let k = (*pos, d1, d2);
        if !memo.batches.contains_key(&k) {
            let plays = gen.generate(pos, d1, d2);
            self.buf.clear();
            self.buf.resize(plays.len(), Probabilities::default());
            self.ev.evaluate_plays(pos, plays, &mut self.scratch, &mut self.buf);
            let batch: Vec<(Position, Probabilities)> =
                plays.iter().zip(&self.buf).map(|(play, p)| (*play.result(), *p)).collect();
            if memo.batches.len() >= MEMO_CAPACITY {
                return best_by(&batch, key);
            }
            memo.batches.insert(k, batch);
        }
        best_by(&memo.batches[&k], key)
    }

    /// Restarts the noise generator (rollouts reseed per game so results ignore thread splits).
    pub fn reseed(&mut self, seed: u64) {
        self.noise_rng = seeded_rng(seed);
    }

    /// The n-ply probabilities of `pos` for the player on roll (n clamped to [`MAX_PLIES`]).
    pub fn evaluate(&mut self, pos: &Position, plies: usize) -> Probabilities {
        match classify(pos) {
            PositionClass::Over | PositionClass::Bearoff => self.evaluate_static(pos),
            _ if plies == 0 => self.evaluate_static(pos),
            _ => self.expand(pos, plies.min(MAX_PLIES)),
        }
    }

    /// One level of the recursion, without the database shortcut (so tests can check the
    /// databases' consistency): the roll-weighted mean of the (n-1)-ply values after the best
    /// 0-ply play of each roll. From 2 plies on, inside [`NPly::with_memo`]: a tree of 2 plies
    /// or more repeats (position, roll)s, e.g. a side dancing on the bar with several rolls
    /// leaves one position whose 21 replies are then computed once. Measured: little (the
    /// 1- and 2-ply test of `chequer_vs_gnubg`, 123.7 s of CPU without, 122.3 s with, within
    /// the noise of a loaded machine). One memo for a whole 2-ply choice, which its survivors'
    /// trees share, does more: the `nply` bench's 20 choices took 3.05 s that way against
    /// 3.64 s without (not applied yet: `choose` would take it around its sub-ply loop).
    pub(crate) fn expand(&mut self, pos: &Position, plies: usize) -> Probabilities {
        if plies >= 2 {
            self.with_memo(|s| s.expand_plain(pos, plies))
        } else {
            self.expand_plain(pos, plies)
        }
    }

    /// [`NPly::expand`] without a memo of its own (under an outer one if there is one).
    pub(crate) fn expand_plain(&mut self, pos: &Position, plies: usize) -> Probabilities {
        roll_mean(|_, d1, d2| {
            let child = self.best_0ply_result(pos, d1, d2, plies);
            // the child has the opponent on roll: its value is from the opponent's view
            self.evaluate(&child, plies - 1).flipped()
        })
    }

    /// The position after the mover's best 0-ply play (or no play), opponent on roll.
    pub(crate) fn best_0ply_result(&mut self, pos: &Position, d1: u8, d2: u8, depth: usize) -> Position {
        match self.best_0ply_memo(pos, d1, d2, depth, &mut |p| f64::from(p.equity())) {
            Some((result, _)) => result.swapped(),
            None => pos.swapped(),
        }
    }

    /// The position after the mover's best 0-ply play ranked by `key` of its probabilities (the
    /// mover's view; the first of equals wins), or after no play, opponent on roll, with the chosen
    /// play's 0-ply probabilities (with no legal play, the position's as the opponent is on roll).
    /// Match play ranks by match winning chances rather than money equity, as gnubg does; cubeful
    /// rollouts use the probabilities for the luck of a roll.
    pub(crate) fn best_0ply_by(
        &mut self,
        pos: &Position,
        d1: u8,
        d2: u8,
        depth: usize,
        key: &mut dyn FnMut(&Probabilities) -> f64,
    ) -> (Position, Probabilities) {
        match self.best_0ply_memo(pos, d1, d2, depth, key) {
            Some((result, p)) => (result.swapped(), p),
            None => {
                let next = pos.swapped();
                (next, self.evaluate_static(&next).flipped())
            }
        }
    }

    /// The 0-ply best play's probabilities (mover's view) for each of the 21 rolls and their
    /// roll-weighted mean (the 1-ply value of `pos`); used by rollouts for luck.
    pub fn roll_values(&mut self, pos: &Position, out: &mut [Probabilities; 21]) -> Probabilities {
        roll_mean(|i, d1, d2| {
            let gen = &mut self.gens[0];
            out[i] = match self.ev.best_play(gen, pos, d1, d2, &mut self.scratch, &mut self.buf) {
                Some((_, p)) => p,
                None => self.ev.evaluate(&pos.swapped()).flipped(),
            };
            out[i]
        })
    }

    /// The value of `pos` (player on roll) one roll ahead under `settings`: the roll-weighted mean
    /// over the 21 rolls of the probabilities of the play [`NPly::choose`] picks, at the depth it
    /// was last evaluated (with no legal play, the position with the opponent on roll at
    /// `settings.plies`). At 0 ply it is [`NPly::roll_values`]' mean (the 1-ply value); at 1 ply
    /// with a filter keeping `k` plays, each roll's `k` best plays at 0 ply are compared at 1 ply
    /// (a 2-ply value). The trainer labels its positions with it.
    pub fn lookahead(&mut self, pos: &Position, settings: &Settings) -> Probabilities {
        roll_mean(|_, d1, d2| match self.choose(pos, d1, d2, settings) {
            Some(c) => c.probabilities,
            None => self.evaluate(&pos.swapped(), settings.plies).flipped(),
        })
    }

    /// The chosen play for roll `d1 d2` under `settings`; `None` when no play is legal.
    pub fn choose(&mut self, pos: &Position, d1: u8, d2: u8, settings: &Settings) -> Option<Choice> {
        self.choose_by(pos, d1, d2, settings, &mut |p| p.equity())
    }

    /// [`NPly::choose`] with plays ranked by `key` of their probabilities (mover's view) instead
    /// of cubeless money equity: match play ranks by match winning chances, expressed in an
    /// equity-like unit (normalised equity) so that the filters' thresholds keep their meaning.
    pub fn choose_by(
        &mut self,
        pos: &Position,
        d1: u8,
        d2: u8,
        settings: &Settings,
        key: &mut dyn FnMut(&Probabilities) -> f32,
    ) -> Option<Choice> {
        if settings.plies == 0 && settings.noise == 0.0 {
            // the rollout hot path: no filtering, no allocation
            let gen = &mut self.gens[MAX_PLIES + 1];
            let (play, p) =
                self.ev.best_play_by(gen, pos, d1, d2, &mut self.scratch, &mut self.buf, |p| f64::from(key(p)))?;
            return Some(Choice { play: *play, probabilities: p, survivors: Vec::new() });
        }
        let plays: Vec<Play> = self.gens[MAX_PLIES + 1].generate(pos, d1, d2).to_vec();
        if plays.is_empty() {
            return None;
        }
        let mut probs = vec![Probabilities::default(); plays.len()];
        self.ev.evaluate_plays(pos, &plays, &mut self.scratch, &mut probs);
        // (key, index) ranked best first, stable for ties (the generator's order)
        let mut ranked: Vec<(f32, usize)> = probs.iter().enumerate().map(|(i, p)| (key(p), i)).collect();
        let mut survivors = Vec::new();
        let rank = |r: &mut Vec<(f32, usize)>| r.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        rank(&mut ranked);
        for ply in 1..=settings.plies {
            let eqs: Vec<f32> = ranked.iter().map(|r| r.0).collect();
            let keep = settings.filters[ply - 1].keep(&eqs);
            ranked.truncate(keep);
            survivors.push(keep);
            if ply < settings.plies && settings.filters[ply].accept < 0 {
                // the next sub-ply keeps every survivor and evaluates each one ply deeper, and
                // the final ranking breaks ties by generator order, not by this ply's order: the
                // values of this ply would decide nothing (at 2 ply with the normal filters
                // they were about 5% of the search)
                continue;
            }
            for r in ranked.iter_mut() {
                // an n-ply play is the (n-1)-ply lookahead of the opponent's replies: the
                // position after the play is evaluated at `ply` plies, not `ply - 1`, which
                // would make 1-ply the same as 0-ply (gnubg's meaning of plies)
                let child = plays[r.1].result().swapped();
                let p = self.evaluate(&child, ply).flipped();
                probs[r.1] = p;
                r.0 = key(&p);
            }
            rank(&mut ranked);
        }
        if settings.noise > 0.0 {
            for r in ranked.iter_mut() {
                r.0 += settings.noise * gaussian(&mut self.noise_rng);
            }
            rank(&mut ranked);
        }
        let best = ranked[0].1;
        Some(Choice { play: plays[best], probabilities: probs[best], survivors })
    }
}

/// The entry of `batch` with the highest `key` (the first of equals), as
/// [`Evaluator::best_play_by`] chooses; `None` for an empty batch.
fn best_by(
    batch: &[(Position, Probabilities)],
    key: &mut dyn FnMut(&Probabilities) -> f64,
) -> Option<(Position, Probabilities)> {
    if batch.is_empty() {
        return None;
    }
    let (mut best, mut best_key) = (0, f64::NEG_INFINITY);
    for (i, (_, p)) in batch.iter().enumerate() {
        let k = key(p);
        if k > best_key {
            (best, best_key) = (i, k);
        }
    }
    Some(batch[best])
}

/// The roll-weighted mean (out of 36) of `value(index, d1, d2)` over the 21 distinct rolls, summed
/// in [`distinct_rolls`]' order: the one averaging loop of every n-ply value.
fn roll_mean(mut value: impl FnMut(usize, u8, u8) -> Probabilities) -> Probabilities {
    let mut sum = [0f32; 5];
    for (i, (d1, d2, w)) in distinct_rolls().enumerate() {
        for (s, v) in sum.iter_mut().zip(value(i, d1, d2).0) {
            *s += w * v;
        }
    }
    Probabilities(sum.map(|s| s / 36.0))
}

/// A standard normal deviate (Box-Muller).
fn gaussian(rng: &mut GameRng) -> f32 {
    let u1: f32 = rng.random::<f32>().max(f32::MIN_POSITIVE);
    let u2: f32 = rng.random();
    (-2.0 * u1.ln()).sqrt() * (std::f32::consts::TAU * u2).cos()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::exact_bearoff;

    fn opening() -> Position {
        Position::from_id("4HPwATDgc/ABMA").unwrap()
    }

    #[test]
    fn choose_by_ranks_by_its_key() {
        // a gammonish middle game: the play that wins most often is not the best by equity
        let ev = Evaluator::embedded();
        let mut s = NPly::new(ev, 1);
        let mut found = false;
        for id in ["4HPwATDgc/ABMA", "sGfwATDgc/ABMA", "4DnyATDgc/ABMA", "2L4KSBCfAQAAAA"] {
            let pos = Position::from_id(id).unwrap();
            for (d1, d2, _) in distinct_rolls() {
                let plays = crate::rules::movegen::legal_plays(&pos, d1, d2);
                if plays.is_empty() {
                    continue;
                }
                let mut probs = vec![Probabilities::default(); plays.len()];
                ev.evaluate_plays(&pos, &plays, &mut Scratch::default(), &mut probs);
                let by = |f: &dyn Fn(&Probabilities) -> f32| {
                    (0..plays.len()).fold(0, |b, i| if f(&probs[i]) > f(&probs[b]) { i } else { b })
                };
                let (wins, equity) = (by(&|p| p.0[0]), by(&|p| p.equity()));
                let zero = Settings::plies(0);
                let c = s.choose_by(&pos, d1, d2, &zero, &mut |p| p.0[0]).unwrap();
                assert_eq!(c.play.result(), plays[wins].result(), "{id} {d1}{d2}");
                assert_eq!(s.choose(&pos, d1, d2, &zero).unwrap().play.result(), plays[equity].result());
                found |= plays[wins].result() != plays[equity].result();
            }
        }
        assert!(found, "no roll where winning chances and equity rank differently");
        // deeper, the key ranks the plays too: at 1 ply with no filter the chosen play has the best
        // 1-ply winning chance of all, each play's computed here on its own
        let pos = opening();
        let all = Settings { plies: 1, filters: [MoveFilter::NONE; MAX_PLIES], noise: 0.0 };
        let c = s.choose_by(&pos, 6, 4, &all, &mut |p| p.0[0]).unwrap();
        let best = crate::rules::movegen::legal_plays(&pos, 6, 4)
            .iter()
            .map(|p| s.evaluate(&p.result().swapped(), 1).flipped().0[0])
            .fold(f32::MIN, f32::max);
        assert!(
            (c.probabilities.0[0] - best).abs() < 1e-6,
            "chose {} at {}, best {best}",
            c.play.notation(),
            c.probabilities.0[0]
        );
    }

    /// The 2-ply choice computed by hand: all plays ranked at 0 ply (the generator's order for
    /// equals), the normal filter's survivors each evaluated at 2 ply, the best of them (the
    /// first of equals in the generator's order). `choose` skips the 1-ply pass whose values
    /// the 2-ply pass replaces: the same play and the same probabilities, bit for bit.
    #[test]
    fn two_ply_choice_is_the_best_survivor_at_two_ply() {
        let ev = Evaluator::embedded();
        let mut s = NPly::new(ev, 1);
        for (id, d1, d2) in [("4HPwATDgc/ABMA", 6, 2), ("sGfwATDgc/ABMA", 4, 3)] {
            let pos = Position::from_id(id).unwrap();
            let plays = crate::rules::movegen::legal_plays(&pos, d1, d2);
            let mut probs = vec![Probabilities::default(); plays.len()];
            ev.evaluate_plays(&pos, &plays, &mut Scratch::default(), &mut probs);
            let mut order: Vec<usize> = (0..plays.len()).collect();
            order.sort_by(|&a, &b| probs[b].equity().total_cmp(&probs[a].equity()).then(a.cmp(&b)));
            let eqs: Vec<f32> = order.iter().map(|&i| probs[i].equity()).collect();
            let keep = MoveFilter::NORMAL.keep(&eqs);
            let mut deep: Vec<(usize, Probabilities)> =
                order[..keep].iter().map(|&i| (i, s.evaluate(&plays[i].result().swapped(), 2).flipped())).collect();
            deep.sort_by(|a, b| b.1.equity().total_cmp(&a.1.equity()).then(a.0.cmp(&b.0)));
            let c = s.choose(&pos, d1, d2, &Settings::plies(2)).unwrap();
            assert_eq!(c.play.result(), plays[deep[0].0].result(), "{id} {d1}{d2}");
            assert_eq!(c.probabilities, deep[0].1, "{id} {d1}{d2}");
            assert_eq!(c.survivors, vec![keep, keep]);
            // and the memo of a 2-ply evaluation changes nothing: the same value computed without
            let child = c.play.result().swapped();
            assert_eq!(s.expand_plain(&child, 2).flipped(), c.probabilities, "{id} {d1}{d2}");
        }
    }

    #[test]
    fn filter_keeps_as_the_manual_says() {
        // the manual's 6-2 list: best +0.207, then two within 0.16, the rest below +0.047
        let eqs = [0.207, 0.06, 0.05, 0.04, 0.0, -0.1];
        assert_eq!(MoveFilter::NORMAL.keep(&eqs), 3);
        assert_eq!(MoveFilter::NONE.keep(&eqs), 6);
        assert_eq!(MoveFilter { accept: 2, extra: 0, threshold: 0.16 }.keep(&eqs), 2);
        let flat = [0.0f32; 12];
        assert_eq!(MoveFilter::NORMAL.keep(&flat), 8);
        assert_eq!(MoveFilter::NARROW.keep(&[0.1, 0.0]), 1);
    }

    #[test]
    fn opening_six_two_pruning() {
        let ev = Evaluator::embedded();
        let pos = opening();
        let mut s = NPly::new(ev, 1);
        let plays = crate::rules::movegen::legal_plays(&pos, 6, 2);
        let mut probs = vec![Probabilities::default(); plays.len()];
        ev.evaluate_plays(&pos, &plays, &mut Scratch::default(), &mut probs);
        let best = probs.iter().map(|p| p.equity()).fold(f32::MIN, f32::max);
        // independent count: plays within 0.16 of the best, at most 8
        let within = probs.iter().filter(|p| p.equity() >= best - 0.16).count().min(8);
        let c = s.choose(&pos, 6, 2, &Settings::plies(2)).unwrap();
        assert_eq!(c.survivors, vec![within, within]);
        assert!((1..=8).contains(&within), "{within}");
        // the 2-ply choice is one of the survivors, so no worse than best-0.16 at 0-ply
        let i = plays.iter().position(|p| p.result() == c.play.result()).unwrap();
        assert!(probs[i].equity() >= best - 0.16);
        eprintln!("6-2: {} plays, {within} kept, 2-ply choice {}", plays.len(), c.play.notation());
    }

    /// 1-ply means the opponent's 21 rolls, each answered by their best 0-ply reply; computed
    /// here by brute force over legal plays with the bare evaluator, independently of `expand`.
    #[test]
    fn one_ply_choice_looks_at_the_opponents_replies() {
        let ev = Evaluator::embedded();
        let pos = opening();
        let (d1, d2) = (4, 1);
        let plays = crate::rules::movegen::legal_plays(&pos, d1, d2);
        let one_ply = |play: &Play| -> f32 {
            let child = play.result().swapped();
            let mut sum = 0.0;
            for (r1, r2, w) in distinct_rolls() {
                let replies = crate::rules::movegen::legal_plays(&child, r1, r2);
                // the opponent's best equity, from their view
                let best = replies
                    .iter()
                    .map(|r| ev.evaluate(&r.result().swapped()).flipped().equity())
                    .fold(f32::MIN, f32::max);
                let best = if replies.is_empty() { ev.evaluate(&child.swapped()).flipped().equity() } else { best };
                sum += w * best;
            }
            -sum / 36.0
        };
        let values: Vec<f32> = plays.iter().map(one_ply).collect();
        let best = values.iter().copied().fold(f32::MIN, f32::max);
        let all = Settings { plies: 1, filters: [MoveFilter::NONE; MAX_PLIES], noise: 0.0 };
        let c = NPly::new(ev, 1).choose(&pos, d1, d2, &all).unwrap();
        let i = plays.iter().position(|p| p.result() == c.play.result()).unwrap();
        assert!(values[i] >= best - 1e-4, "chose {} at {}, best {best}", c.play.notation(), values[i]);
        assert!((c.probabilities.equity() - values[i]).abs() < 1e-3, "{} vs {}", c.probabilities.equity(), values[i]);
        // and it is not the 0-ply figure of the same play
        let zero = ev.evaluate(&c.play.result().swapped()).flipped().equity();
        assert!((zero - values[i]).abs() > 1e-4, "1-ply {} = 0-ply {zero}", values[i]);
    }

    #[test]
    fn bearoff_is_consistent_at_every_ply() {
        let ev = Evaluator::embedded();
        let mut s = NPly::new(ev, 1);
        // two-sided database positions (no gammons) and a one-sided one with gammon chances
        let cases = [
            Position::from_points(&[(1, 2), (3, 1), (5, 2)], &[(2, 2), (4, 2), (6, 1)]).unwrap(),
            Position::from_points(&[(2, 3), (6, 1)], &[(1, 1), (5, 3)]).unwrap(),
            Position::from_points(&[(1, 3), (2, 2)], &[(6, 5), (5, 5), (4, 5)]).unwrap(),
        ];
        for pos in cases {
            let exact = exact_bearoff(&pos);
            for n in 1..=2 {
                let e = s.expand(&pos, n);
                for k in 0..5 {
                    assert!((e.0[k] - exact.0[k]).abs() < 0.01, "{pos:?} n={n} k={k}: {e:?} vs {exact:?}");
                }
            }
        }
        // the search at any depth gives a hand-counted bearoff figure: my two chequers on my 6
        // point against the opponent's last one on its 1 point win only with 3-3 to 6-6
        let pos = Position::from_points(&[(6, 2)], &[(1, 1)]).unwrap();
        for n in 0..=3 {
            let p = s.evaluate(&pos, n);
            // (the two-sided database stores chances in 1/65535ths)
            assert!((p.win() - 4.0 / 36.0).abs() < 2e-5, "{n} ply: {p:?}");
            assert_eq!(&p.0[1..], &[0.0; 4], "{n} ply: no gammons once the opponent has borne off");
        }
    }

    #[test]
    fn named_levels() {
        assert_eq!(Settings::named("World Class").unwrap().plies, 2);
        assert_eq!(Settings::named("grandmaster").unwrap().plies, 3);
        // the manual's "Predefined settings": up to 0.060, 0.050, 0.030 and 0.015 noise
        let noise = |n: &str| Settings::named(n).unwrap().noise;
        assert_eq!(
            [noise("beginner"), noise("Casual play"), noise("intermediate"), noise("advanced"), noise("expert")],
            [0.060, 0.050, 0.030, 0.015, 0.0]
        );
        assert_eq!(Settings::named("supremo").unwrap().filters[0], MoveFilter::LARGE);
        assert!(Settings::named("god").is_none());
        // noise is seeded: same seed, same choices
        let ev = Evaluator::embedded();
        let b = Settings::named("beginner").unwrap();
        let pick = |seed| {
            let mut s = NPly::new(ev, seed);
            (0..20).map(|_| s.choose(&opening(), 4, 1, &b).unwrap().play.notation()).collect::<Vec<_>>()
        };
        assert_eq!(pick(5), pick(5));
        assert_ne!(pick(5), pick(6), "the seed drives the noise");
        // and the noise does something: without it every pick is the same play, with it not
        let plain = Settings { noise: 0.0, ..b };
        let noiseless = NPly::new(ev, 5).choose(&opening(), 4, 1, &plain).unwrap().play.notation();
        assert!(pick(5).iter().any(|p| *p != noiseless), "beginner noise never changed the choice {noiseless}");
    }

    #[test]
    fn one_ply_differs_from_zero_ply_but_agrees_roughly() {
        let ev = Evaluator::embedded();
        let mut s = NPly::new(ev, 1);
        let pos = opening();
        let p0 = s.evaluate(&pos, 0);
        let p1 = s.evaluate(&pos, 1);
        assert_ne!(p0, p1);
        assert!((p0.equity() - p1.equity()).abs() < 0.3, "{p0:?} {p1:?}");
        let sum: f32 = p1.0.iter().sum();
        assert!(sum.is_finite() && p1.0[0] > 0.3 && p1.0[0] < 0.7);
    }
}
