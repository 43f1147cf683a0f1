//! What a written game record says about each generated move (`go-gtp -o FILE --output-flags dv`,
//! `printsgf`, `--replay`): GNU Go's output flags ([`OutputFlags`]: `v` the candidate moves' values, `d`
//! the dragons' status) turned into an [`Annotation`] of the move's node ([`annotate`]), and the key that
//! ties a note to the line of play it was made in ([`line_keys`]; the state keeps the move too), so that
//! a note taken back by `undo` or replaced by `loadsgf` is never written on another move.
//!
//! As GNU Go 3.8 writes them (its `-o` with `--output-flags dv`, seen on regression games): values are
//! the move generator's total values of every move valued above zero, on the node of the move played
//! from that position; dead and critical dragons are those of the dragons' *crude* status (eyes and
//! escape, before the owl: GNU Go marks by `crude_status`, so a living group short of eyes is marked).
//! The forms differ: GNU Go writes each value as an integer label (`<1` below one) and the dragons as
//! `X` and `!` labels; we write the value with two decimals, as `top_moves` prints it (so a label can
//! be compared with `top_moves` at that position), and the dragons as marks — `MA` (a cross) on the
//! stones of dead dragons, `TR` (a triangle) on those of critical ones — which every viewer draws and
//! which leave the labels to the values.
//!
//! This module is a helper of the GTP state ([`crate::gtp::state`]) and of the replay
//! ([`crate::gtp::replay`]); it imports neither (nor any command group).

use crate::analysis::dragon::{DragonStatus, Dragons};
use crate::analysis::reading::Reader;
use crate::game::GoGame;
use crate::rules::board::Board;
use crate::rules::stone::{Color, Move, Point};
use crate::sgf::Annotation;
use thiserror::Error;

/// GNU Go's `--output-flags`: what the record's move nodes carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OutputFlags {
    /// `v`: the value of every candidate move, as an `LB` label.
    pub values: bool,
    /// `d`: the stones of dead dragons marked (`MA`), of critical dragons triangled (`TR`).
    pub dragons: bool,
}

/// A flag GNU Go's `--output-flags` does not have.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown output flag '{0}' (d, v or both)")]
pub struct FlagsError(pub char);

impl OutputFlags {
    /// Reads GNU Go's flags: `d`, `v`, or both in any order (`dv`); an empty string is no flag.
    pub fn parse(text: &str) -> Result<OutputFlags, FlagsError> {
        let mut flags = OutputFlags::default();
        for c in text.chars() {
            match c {
                'v' => flags.values = true,
                'd' => flags.dragons = true,
                other => return Err(FlagsError(other)),
            }
        }
        Ok(flags)
    }

    /// Whether any flag is set.
    pub fn any(self) -> bool {
        self.values || self.dragons
    }
}

/// A move's value as its label shows it: two decimals, as `top_moves` prints it.
pub fn value_label(value: f32) -> String {
    format!("{value:.2}")
}

/// The annotation of a generated move's node: with `flags.values`, every move of `values` valued above
/// zero labelled with its value (in `values`' order); with `flags.dragons`, the stones of the dragons of
/// `board` whose crude status is dead marked, of those critical triangled (read with `r`).
pub fn annotate(board: &Board, values: &[(Point, f32)], flags: OutputFlags, r: &mut Reader) -> Annotation {
    let mut note = Annotation::default();
    if flags.values {
        note.labels = values.iter().filter(|&&(_, x)| x > 0.0).map(|&(p, x)| (p, value_label(x))).collect();
    }
    if flags.dragons {
        let dragons = Dragons::compute(board, r, None);
        for d in dragons.graph.node_weights() {
            if d.color.is_none() {
                continue;
            }
            match d.crude_status {
                DragonStatus::Dead => note.marked.extend(&d.stones),
                DragonStatus::Critical => note.triangled.extend(&d.stones),
                _ => {}
            }
        }
        note.marked.sort_unstable();
        note.triangled.sort_unstable();
    }
    note
}

/// A key of the line of play before each move of `game`: entry `i` (for `i` in `0..=move_count`) stands
/// for the board size, the setup and the moves before move `i` (the first move is 0). Two games share
/// key `i` only when they reach move `i` the same way (up to hash collisions).
pub fn line_keys(game: &GoGame) -> Vec<u64> {
    const MUL: u64 = 0x0100_0000_01b3;
    let mix = |h: u64, x: u64| (h ^ x).wrapping_mul(MUL).rotate_left(29);
    let point_code = |mv: Move| match mv {
        Move::Pass => 0u64,
        Move::Play(p) => u64::from(usize::from(p) as u32) + 1,
    };
    let color_code = |c: Option<Color>| match c {
        None => 0u64,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    };
    let log = game.setup_log();
    let mut next_setup = 0;
    let mut h = mix(0xcbf2_9ce4_8422_2325, game.board().size() as u64);
    let mut keys = Vec::with_capacity(game.move_count() + 1);
    let mut fold_setup = |h: &mut u64, moves: usize| {
        while next_setup < log.len() && log[next_setup].after_moves <= moves {
            let change = log[next_setup];
            *h = mix(*h, 0x5e70 ^ (point_code(Move::Play(change.point)) << 2) ^ color_code(change.color));
            next_setup += 1;
        }
    };
    for (i, (color, mv)) in game.moves().enumerate() {
        fold_setup(&mut h, i);
        keys.push(h);
        h = mix(h, (point_code(mv) << 2) ^ color_code(Some(color)));
    }
    fold_setup(&mut h, game.move_count());
    keys.push(h);
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    #[test]
    fn flags_read_as_gnu_go_reads_them() {
        assert_eq!(OutputFlags::parse("dv"), Ok(OutputFlags { values: true, dragons: true }));
        assert_eq!(OutputFlags::parse("v"), Ok(OutputFlags { values: true, dragons: false }));
        assert_eq!(OutputFlags::parse("vd"), OutputFlags::parse("dv"));
        assert!(!OutputFlags::parse("").unwrap().any());
        assert_eq!(OutputFlags::parse("dx"), Err(FlagsError('x')));
    }

    #[test]
    fn line_keys_tell_lines_apart() {
        let mut a = GoGame::new(9, 7.5, Rules::default());
        let b9 = |g: &GoGame, c, r| Move::Play(g.board().point(c, r));
        let (m1, m2) = (b9(&a, 2, 2), b9(&a, 6, 6));
        a.play(Color::Black, m1).unwrap();
        a.play(Color::White, m2).unwrap();
        let mut b = a.clone();
        assert!(b.undo());
        b.play(Color::White, b9(&a, 5, 5)).unwrap();
        let (ka, kb) = (line_keys(&a), line_keys(&b));
        assert_eq!(ka.len(), 3);
        assert_eq!(ka[..2], kb[..2], "the same line up to the second move");
        assert_ne!(ka[2], kb[2]);
        // A setup stone between moves changes the key of what follows.
        let mut c = a.clone();
        c.add_setup_stone(c.board().point(0, 0), Color::Black).unwrap();
        assert_eq!(line_keys(&c)[..2], ka[..2]);
        assert_ne!(line_keys(&c)[2], ka[2]);
        // Another board size, another line.
        assert_ne!(
            line_keys(&GoGame::new(13, 7.5, Rules::default()))[0],
            line_keys(&GoGame::new(9, 7.5, Rules::default()))[0]
        );
    }
}
