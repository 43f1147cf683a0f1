use super::*;
use crate::rules::movegen::{apply_step, step_target};
use crate::rules::position::{BAR, OPPONENT};

fn pos(me: &[(usize, u8)], opp: &[(usize, u8)]) -> Position {
    Position::from_points(me, opp).unwrap()
}

fn start() -> Position {
    Variant::Standard.starting_position()
}

/// Plays a decoded action on the mover's board, as the seed's table reads it.
fn play_decoded(env: &BackgammonEnv, action: usize) -> Option<Position> {
    let moves = decode(env.current_colour(), env.dice(), action)?;
    let mut board = *env.position().board();
    for m in moves.into_iter().flatten() {
        let (to, hit) = step_target(&board, m.from, m.die)?;
        apply_step(&mut board, m.from, to, hit);
    }
    Some(Position::from_board_unchecked(board))
}

#[test]
fn opening_observation() {
    let env = BackgammonEnv::new(1);
    let obs = env.observe(0);
    assert_eq!(obs, env.observe(1), "both agents see the same board");
    let mut want = [0.0f32; 198];
    // White: 5 on location 6, 3 on 8, 5 on 13, 2 on 24
    for (loc, units) in
        [(6, [1.0, 1.0, 1.0, 1.0]), (8, [1.0, 1.0, 1.0, 0.0]), (13, [1.0, 1.0, 1.0, 1.0]), (24, [1.0, 1.0, 0.0, 0.0])]
    {
        want[4 * (loc - 1)..4 * loc].copy_from_slice(&units);
    }
    // Black: 2 on location 1, 5 on 12, 3 on 17, 5 on 19 (its own 24, 13, 8 and 6 points)
    for (loc, units) in
        [(1, [1.0, 1.0, 0.0, 0.0]), (12, [1.0, 1.0, 1.0, 1.0]), (17, [1.0, 1.0, 1.0, 0.0]), (19, [1.0, 1.0, 1.0, 1.0])]
    {
        want[98 + 4 * (loc - 1)..98 + 4 * loc].copy_from_slice(&units);
    }
    match env.current_colour() {
        Colour::White => want[196] = 1.0,
        Colour::Black => want[197] = 1.0,
    }
    assert_eq!(obs, want);
}

#[test]
fn bar_off_and_tall_point_units() {
    // White to move: 7 on its 1 point, 2 on the bar, 6 borne off; Black: 1 on the bar, 14 on its 23
    let p = pos(&[(1, 7), (25, 2)], &[(23, 14), (25, 1)]);
    let mut obs = [0.0; 198];
    features(&p, Colour::White, &mut obs);
    assert_eq!(&obs[0..4], &[1.0, 1.0, 1.0, 2.0]);
    assert_eq!(obs[96], 1.0);
    assert_eq!(obs[97], 6.0 / 15.0);
    // Black's 23 point is location 2
    assert_eq!(&obs[98..102], &[0.0; 4]);
    assert_eq!(&obs[102..106], &[1.0, 1.0, 1.0, 5.5]);
    assert_eq!(obs[194], 0.5);
    assert_eq!(obs[195], 0.0);
    assert_eq!(&obs[196..], &[1.0, 0.0]);
    // the same board with Black to move (and so on roll)
    features(&p.swapped(), Colour::Black, &mut obs);
    assert_eq!(&obs[0..4], &[1.0, 1.0, 1.0, 2.0]);
    assert_eq!(&obs[196..], &[0.0, 1.0]);
}

#[test]
fn reset_assigns_colours_from_the_opening_roll() {
    let mut seen = [false; 2];
    for seed in 0..40 {
        let mut env = BackgammonEnv::new(seed);
        let mut dice = Dice::seeded(seed);
        let opening = loop {
            let r = dice.roll().unwrap();
            if r.0 != r.1 {
                break r;
            }
        };
        assert_eq!(env.dice(), opening, "player_0 plays the opening roll");
        assert_eq!(env.current_agent(), 0);
        let want = if opening.0 > opening.1 { Colour::White } else { Colour::Black };
        assert_eq!(env.colour_of(0), want);
        assert_eq!(env.colour_of(1), want.other());
        seen[usize::from(want == Colour::White)] = true;
        env.reset(seed);
        assert_eq!(env.dice(), opening, "reset with the same seed repeats the game");
    }
    assert_eq!(seen, [true, true]);
}

#[test]
fn encoding_of_opening_plays() {
    // 62 rolled as (6, 2). White's low roll is -6, so "low first" plays the 6 first.
    assert_eq!(encode(Colour::White, (6, 2), &[(24, 18), (13, 11)]), 24 + 26 * 13);
    assert_eq!(encode(Colour::White, (2, 6), &[(24, 18), (13, 11)]), 24 + 26 * 13);
    // 13/11/5: the 2 first is White's high roll
    assert_eq!(encode(Colour::White, (6, 2), &[(13, 11), (11, 5)]), 676 + 13 + 26 * 11);
    // Black: its own 24 and 13 points are locations 1 and 12; the 6 is its high roll
    assert_eq!(encode(Colour::Black, (6, 2), &[(24, 18), (13, 11)]), 676 + 1 + 26 * 12);
    assert_eq!(encode(Colour::Black, (6, 2), &[(13, 11), (11, 5)]), 12 + 26 * 14);
    // a single step: location 0 in the second digit is "unused"
    assert_eq!(encode(Colour::White, (6, 2), &[(8, 2)]), 8);
    assert_eq!(encode(Colour::White, (6, 2), &[(8, 6)]), 676 + 8);
    // entering from the bar
    assert_eq!(encode(Colour::Black, (5, 3), &[(25, 20), (25, 22)]), 676 + 25 + 26 * 25);
    assert_eq!(encode(Colour::Black, (3, 5), &[(25, 22), (25, 20)]), 25 + 26 * 25);
    // a bear-off alone is credited with the low roll unless its distance exceeds it
    assert_eq!(encode(Colour::Black, (5, 3), &[(2, 0)]), 23);
    assert_eq!(encode(Colour::Black, (5, 3), &[(4, 0)]), 676 + 21);
    assert_eq!(encode(Colour::White, (5, 3), &[(4, 0)]), 4);
    // beside an ordinary step it takes the other die
    assert_eq!(encode(Colour::White, (6, 3), &[(8, 5), (2, 0)]), 676 + 8 + 26 * 2);
    assert_eq!(encode(Colour::White, (6, 3), &[]), DO_NOTHING);

    let d = decode(Colour::White, (6, 2), 24 + 26 * 13).unwrap();
    assert_eq!(d, [Some(DecodedMove { from: 24, die: 6 }), Some(DecodedMove { from: 13, die: 2 })]);
    let d = decode(Colour::Black, (6, 2), 676 + 1 + 26 * 12).unwrap();
    assert_eq!(d, [Some(DecodedMove { from: 24, die: 6 }), Some(DecodedMove { from: 13, die: 2 })]);
    assert_eq!(decode(Colour::White, (6, 2), 676 + 8).unwrap(), [Some(DecodedMove { from: 8, die: 2 }), None]);
    assert_eq!(decode(Colour::White, (6, 2), DO_NOTHING), None);
}

#[test]
fn opening_six_two_actions() {
    let env = BackgammonEnv::from_state(start(), Colour::White, (6, 2), false, 0);
    let legal = env.legal_actions();
    // 24/18 13/11; and 13/5 by either route (13/7/5 and 13/11/5), reaching one position
    for a in [24 + 26 * 13, 13 + 26 * 7, 676 + 13 + 26 * 11] {
        assert!(legal.contains(&a), "{a} missing from {legal:?}");
    }
    assert_eq!(env.result_of(13 + 26 * 7), env.result_of(676 + 13 + 26 * 11));
    // 13/11 24/18 is the same play in non-canonical order: not listed
    assert!(!legal.contains(&(676 + 13 + 26 * 24)));
    // every listed action decodes (by the seed's table) to the play it stands for
    for &a in legal {
        assert_eq!(play_decoded(&env, a).as_ref(), env.result_of(a), "action {a}");
    }
    // the 14 distinct results gnubg lists for 62
    let results: std::collections::HashSet<_> = legal.iter().map(|&a| *env.result_of(a).unwrap()).collect();
    assert_eq!(results.len(), 14);
}

#[test]
fn do_nothing_when_no_move() {
    // White on the bar against a closed board
    let p = pos(&[(25, 1), (6, 5)], &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)]);
    let mut env = BackgammonEnv::from_state(p, Colour::White, (6, 5), false, 3);
    assert_eq!(env.legal_actions(), &[DO_NOTHING]);
    assert_eq!(env.current_agent(), 0);
    env.step(DO_NOTHING).unwrap();
    assert!(!env.terminated());
    assert_eq!(env.rewards(), [0.0, 0.0]);
    assert_eq!(env.current_agent(), 1);
    assert_eq!(env.current_colour(), Colour::Black);
    assert_eq!(*env.position(), p.swapped());
}

#[test]
fn illegal_action_ends_the_game() {
    let mut env = BackgammonEnv::from_state(start(), Colour::Black, (6, 2), false, 0);
    assert_eq!(env.current_agent(), 1);
    assert_eq!(env.step(NUM_ACTIONS), Err(EnvError::OutOfRange(NUM_ACTIONS)));
    assert!(!env.terminated());
    // do nothing is illegal when a move exists
    env.step(DO_NOTHING).unwrap();
    assert!(env.terminated());
    assert_eq!(env.rewards(), [0.0, -1.0]);
    assert!(env.legal_actions().is_empty());
    assert_eq!(env.step(0), Err(EnvError::Terminated));
}

#[test]
fn a_double_is_two_steps_of_the_same_agent() {
    let mut env = BackgammonEnv::from_state(start(), Colour::White, (6, 6), false, 9);
    let legal = env.legal_actions().to_vec();
    // first halves of 24/18(2) 13/7(2), 13/7(2) 8/2(2), 24/18 13/7 8/2(2): higher sources first
    for a in [24 + 26 * 24, 13 + 26 * 13, 24 + 26 * 13] {
        assert!(legal.contains(&a), "{a} missing from {legal:?}");
    }
    assert!(!legal.contains(&(13 + 26 * 24)));
    // 24/18/12 is blocked by Black's 13 point
    assert!(!legal.contains(&(24 + 26 * 18)));
    env.step(24 + 26 * 24).unwrap();
    assert_eq!(env.current_agent(), 0);
    assert!(env.is_second_step());
    assert_eq!(env.dice(), (6, 6));
    assert_eq!(env.position().at(ON_ROLL, 18), 2);
    assert!(env.legal_actions().contains(&(13 + 26 * 13)));
    env.step(13 + 26 * 13).unwrap();
    assert_eq!(env.current_agent(), 1);
    assert!(!env.is_second_step());
    let p = env.position();
    // Black now on roll; White's 24 point is empty, its 7 and 18 points hold two each
    assert_eq!(p.at(OPPONENT, 24), 0);
    assert_eq!(p.at(OPPONENT, 18), 2);
    assert_eq!(p.at(OPPONENT, 7), 2);
}

#[test]
fn double_with_one_step_playable() {
    // White can play one 6 only: 13/7, then everything is blocked
    let p = pos(&[(13, 1), (3, 14)], &[(24, 15)]);
    let mut env = BackgammonEnv::from_state(p, Colour::White, (6, 6), false, 0);
    assert_eq!(env.legal_actions(), &[676 + 13]);
    env.step(676 + 13).unwrap();
    assert!(env.is_second_step());
    assert_eq!(env.legal_actions(), &[DO_NOTHING]);
    env.step(DO_NOTHING).unwrap();
    assert_eq!(env.current_agent(), 1);
}

#[test]
fn bearing_off_the_last_chequer_wins() {
    let p = pos(&[(2, 1)], &[(24, 15)]);
    let mut env = BackgammonEnv::from_state(p, Colour::Black, (5, 3), false, 0);
    // Black's own 2 point is location 23; a lone bear-off no longer than the low roll is credited
    // with the low roll
    assert_eq!(env.legal_actions(), &[23]);
    env.step(23).unwrap();
    assert!(env.terminated());
    assert_eq!(env.rewards(), [-1.0, 1.0]);
}

#[test]
fn bar_entry_order_follows_the_roll() {
    let p = pos(&[(25, 2), (6, 13)], &[(24, 15)]);
    let env = BackgammonEnv::from_state(p, Colour::White, (5, 3), false, 0);
    // both enter; White's low roll is -5, rolled first, so low first
    assert_eq!(env.legal_actions(), &[25 + 26 * 25]);
    let env = BackgammonEnv::from_state(p, Colour::White, (3, 5), false, 0);
    assert_eq!(env.legal_actions(), &[676 + 25 + 26 * 25]);
    let r = env.result_of(676 + 25 + 26 * 25).unwrap();
    assert_eq!((r.on_bar(ON_ROLL), r.at(ON_ROLL, 20), r.at(ON_ROLL, 22)), (0, 1, 1));
    assert_eq!(play_decoded(&env, 676 + 25 + 26 * 25).as_ref(), Some(r));
    assert_eq!(r.board()[OPPONENT][BAR], 0);
}

#[test]
fn random_games_are_reproducible_and_consistent() {
    use rand::Rng;
    let run = |seed: u64| {
        let mut env = BackgammonEnv::new(seed);
        let mut rng = engine_core::seeded_rng(seed ^ 0xabc);
        let mut trace = Vec::new();
        let mut steps = 0;
        while !env.terminated() {
            let legal = env.legal_actions();
            assert!(!legal.is_empty());
            assert!(legal.windows(2).all(|w| w[0] < w[1]));
            for &a in legal {
                if a != DO_NOTHING {
                    assert_eq!(play_decoded(&env, a).as_ref(), env.result_of(a), "seed {seed} action {a} {env:?}");
                }
            }
            let a = legal[rng.random_range(0..legal.len())];
            let (agent, second) = (env.current_agent(), env.is_second_step());
            let double = env.dice().0 == env.dice().1;
            trace.push((agent, env.dice(), a));
            env.step(a).unwrap();
            env.position().validate().unwrap();
            if !env.terminated() {
                // a double's first step keeps the agent; every other step passes the turn
                assert_eq!(env.current_agent() == agent, double && !second);
            }
            steps += 1;
            assert!(steps < 5000, "game does not end");
        }
        let r = env.rewards();
        assert!(r == [1.0, -1.0] || r == [-1.0, 1.0], "{r:?}");
        trace
    };
    for seed in 0..30 {
        assert_eq!(run(seed), run(seed));
    }
}

#[test]
fn action_mask_marks_the_legal_actions_of_the_agent_to_act_only() {
    let env = BackgammonEnv::from_state(start(), Colour::White, (6, 2), false, 0);
    let mut mask = [false; NUM_ACTIONS];
    env.action_mask(0, &mut mask);
    let marked: Vec<usize> = (0..NUM_ACTIONS).filter(|&a| mask[a]).collect();
    assert_eq!(marked, env.legal_actions());
    env.action_mask(1, &mut mask);
    assert!(mask.iter().all(|&m| !m));
}

/// The legal list as the environment first built it, kept as the reference the fast search in
/// `legal` is held to: every step sequence (both die orders; a double's in non-increasing source
/// order) played with `step_target`, kept when it uses as many dice as the generator's plays and
/// reaches one of the generator's resulting positions, encoded in canonical order; the first
/// sequence found of each action number wins.
fn reference_legal(pos: &Position, colour: Colour, dice: (u8, u8)) -> (Vec<usize>, Vec<Position>) {
    struct Search<'a> {
        targets: &'a std::collections::HashSet<Position>,
        max_len: usize,
        colour: Colour,
        dice: (u8, u8),
        double: bool,
        steps: [(u8, u8); 4],
        prefix: [[u8; 25]; 2],
        out: Vec<(usize, Position)>,
    }
    impl Search<'_> {
        fn push(&mut self, action: usize, result: Position) {
            if !self.out.iter().any(|&(a, _)| a == action) {
                self.out.push((action, result));
            }
        }
        fn search(&mut self, board: &[[u8; 25]; 2], depth: usize, dice: [u8; 4], top: u8) {
            if depth == self.max_len {
                let result = Position::from_board_unchecked(*board);
                if !self.targets.contains(&result) {
                    return;
                }
                let n = self.max_len;
                if self.double {
                    let after = if n > 2 { Position::from_board_unchecked(self.prefix) } else { result };
                    let code = encode(self.colour, self.dice, &self.steps[..n.min(2)]);
                    self.push(code, after);
                    return;
                }
                let mut steps = [self.steps[0], self.steps[1]];
                if n == 2 {
                    let swap = if steps[0].0 == 25 && steps[1].0 == 25 {
                        25 - steps[0].1 != self.dice.0
                    } else {
                        steps[0] < steps[1]
                    };
                    if swap {
                        steps.swap(0, 1);
                    }
                }
                let code = encode(self.colour, self.dice, &steps[..n]);
                self.push(code, result);
                return;
            }
            if depth == 2 {
                self.prefix = *board;
            }
            let highest = if self.double { top } else { 25 };
            for from in (1..=highest).rev() {
                if let Some((to, hit)) = step_target(board, from, dice[depth]) {
                    let mut next = *board;
                    apply_step(&mut next, from, to, hit);
                    self.steps[depth] = (from, to);
                    self.search(&next, depth + 1, dice, from);
                }
            }
        }
    }
    let mut gen = crate::MoveGenerator::new();
    let plays = gen.generate(pos, dice.0, dice.1);
    let max_len = plays.first().map_or(0, |p| p.steps().len());
    if max_len == 0 {
        return (vec![DO_NOTHING], vec![*pos]);
    }
    let targets = plays.iter().map(|p| *p.result()).collect();
    let double = dice.0 == dice.1;
    let mut s = Search {
        targets: &targets,
        max_len,
        colour,
        dice,
        double,
        steps: [(0, 0); 4],
        prefix: [[0; 25]; 2],
        out: Vec::new(),
    };
    let board = *pos.board();
    if double {
        s.search(&board, 0, [dice.0; 4], 25);
    } else {
        let (hi, lo) = (dice.0.max(dice.1), dice.0.min(dice.1));
        s.search(&board, 0, [hi, lo, 0, 0], 25);
        s.search(&board, 0, [lo, hi, 0, 0], 25);
    }
    s.out.sort_by_key(|&(a, _)| a);
    s.out.into_iter().unzip()
}

/// Checks the environment's list for `pos` against the reference for every roll (as rolled, both
/// orders) and both colours; returns the number of lists compared.
fn check_against_reference(pos: &Position) -> usize {
    let mut compared = 0;
    for colour in [Colour::White, Colour::Black] {
        for d1 in 1..=6 {
            for d2 in 1..=6 {
                let env = BackgammonEnv::from_state(*pos, colour, (d1, d2), false, 0);
                let (actions, results) = reference_legal(pos, colour, (d1, d2));
                assert_eq!(env.legal_actions(), &actions[..], "{pos:?} {colour} {d1}-{d2}");
                let got: Vec<Position> = actions.iter().map(|&a| *env.result_of(a).unwrap()).collect();
                assert_eq!(got, results, "{pos:?} {colour} {d1}-{d2}");
                compared += 1;
            }
        }
    }
    compared
}

#[test]
fn legal_lists_equal_the_generator_judged_reference() {
    use rand::Rng;
    // every position of random games, under every roll and colour
    let mut compared = 0;
    let mut rng = engine_core::seeded_rng(77);
    for seed in 0..60 {
        let mut env = BackgammonEnv::new(seed);
        while !env.terminated() {
            compared += check_against_reference(env.position());
            let legal = env.legal_actions();
            env.step(legal[rng.random_range(0..legal.len())]).unwrap();
        }
    }
    // bear-offs from below, chequers on the bar against closed and half-closed boards, one side home
    let special = [
        pos(&[(1, 1)], &[(12, 15)]),
        pos(&[(2, 1), (1, 1)], &[(12, 15)]),
        pos(&[(5, 2), (3, 1)], &[(12, 15)]),
        pos(&[(6, 1), (4, 3), (2, 5)], &[(18, 2), (17, 3)]),
        pos(&[(7, 1), (5, 4), (1, 2)], &[(12, 15)]),
        pos(&[(25, 2), (6, 5)], &[(1, 2), (2, 2), (3, 2), (4, 2)]),
        pos(&[(25, 1), (13, 3)], &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)]),
        pos(&[(25, 3), (8, 2)], &[(2, 2), (4, 2), (6, 2), (12, 1)]),
        pos(&[(13, 1), (3, 14)], &[(24, 15)]),
        pos(&[(24, 2), (19, 5)], &[(7, 2), (8, 2), (9, 2), (10, 2), (11, 2), (12, 2)]),
    ];
    for p in special {
        compared += check_against_reference(&p);
    }
    // random home-board and bar positions
    for _ in 0..400 {
        let mut me = Vec::new();
        let mut left = rng.random_range(1..=15u8);
        while left > 0 {
            let n = rng.random_range(1..=left);
            let point = if rng.random_range(0..8) == 0 { 25 } else { rng.random_range(1..=8usize) };
            if me.iter().all(|&(p, _)| p != point) {
                me.push((point, n));
                left -= n;
            }
        }
        let mut opp = Vec::new();
        for point in 1..=24usize {
            if rng.random_range(0..4) == 0 && opp.len() < 7 && me.iter().all(|&(p, _)| p != 25 - point) {
                opp.push((point, rng.random_range(1..=2u8)));
            }
        }
        if let Ok(p) = Position::from_points(&me, &opp) {
            compared += check_against_reference(&p);
        }
    }
    assert!(compared > 100_000, "{compared}");
}
