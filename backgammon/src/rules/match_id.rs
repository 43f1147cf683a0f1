//! gnubg's match ID: the 9-byte match key (score, match length, cube, Crawford flag, whose roll and
//! whose decision, pending double or resignation, dice) and its 12-character Base64 form, as the
//! seed's "A technical description of the match ID" lays it out. Fields are packed least
//! significant bit first, each field after the previous one, bit 0 being bit 0 of byte 0.
//!
//! | bits  | field                                                      |
//! |-------|------------------------------------------------------------|
//! | 0-3   | log2 of the cube value                                      |
//! | 4-5   | cube owner: 0, 1, or 3 for centred                          |
//! | 6     | player on roll (or who did roll)                            |
//! | 7     | Crawford game                                               |
//! | 8-10  | game state: none, playing, over, resigned, dropped          |
//! | 11    | player to make a decision                                   |
//! | 12    | a double is offered                                         |
//! | 13-14 | resignation offered: none, single, gammon, backgammon       |
//! | 15-17, 18-20 | the dice, 0 when not rolled                          |
//! | 21-35 | match length, 0 for money                                   |
//! | 36-50, 51-65 | scores of player 0 and player 1                      |
//! | 66    | gnubg 1.07's extension (not in the seed): the Jacoby rule is not in force |
//!
//! gnubg 1.07 sets bit 66 in every match game and in money games played without the Jacoby rule
//! (observed: `new match 5` gives `…AAAE`, `set jacoby off` + `new session` too, Jacoby on gives
//! `…AAAA`). The seed's 66-bit IDs have it clear. Bits 67-71 are unused and must be zero.
//!
//! This module only converts between [`MatchState`] and keys/IDs and checks that a state is
//! self-consistent; it knows nothing of positions or the rules of play.

use crate::rules::base64;
use crate::rules::cube::{CubeOwner, MAX_CUBE_LOG2};
use crate::rules::player::PlayerId;
use crate::rules::score::WinKind;
use std::fmt;
use thiserror::Error;

/// Largest match length and score a match ID can hold (15 bits).
pub const MAX_MATCH_VALUE: u16 = 0x7fff;

/// Where a game stands (bits 9-11 of the seed's numbering).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameState {
    /// No game started.
    #[default]
    NoGame = 0,
    Playing = 1,
    /// Finished by bearing off.
    Over = 2,
    /// Ended by an accepted resignation.
    Resigned = 3,
    /// Ended by a dropped double.
    Dropped = 4,
}

impl GameState {
    fn from_bits(v: u64) -> Option<GameState> {
        Some(match v {
            0 => GameState::NoGame,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            4 => GameState::Dropped,
            _ => return None,
        })
    }

    /// The game has ended (by play, resignation or drop).
    pub fn is_finished(self) -> bool {
        matches!(self, GameState::Over | GameState::Resigned | GameState::Dropped)
    }
}

/// Everything a match ID records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchState {
    /// log2 of the cube value, 0..=15.
    pub cube_log2: u8,
    pub cube_owner: CubeOwner,
    /// The player on roll, or who did roll.
    pub on_roll: PlayerId,
    /// This game is the Crawford game.
    pub crawford: bool,
    pub game_state: GameState,
    /// The player to make a decision (the opponent of a player who doubles or resigns).
    pub turn: PlayerId,
    /// A double is being offered.
    pub doubled: bool,
    /// A resignation is being offered (by the opponent of `turn`).
    pub resignation: Option<WinKind>,
    /// The dice as rolled (each 1..=6), `None` before the roll.
    pub dice: Option<(u8, u8)>,
    /// Points to win the match, 0 for a money game.
    pub match_length: u16,
    /// Scores of player 0 and player 1.
    pub score: [u16; 2],
    /// gnubg 1.07's bit 66: the Jacoby rule is not in force for this game.
    pub no_jacoby: bool,
}

impl Default for MatchState {
    /// A money game with a centred 1-cube and nothing started, as gnubg writes `cAkAAAAAAAAA`'s
    /// fields other than the game state and player.
    fn default() -> Self {
        MatchState {
            cube_log2: 0,
            cube_owner: CubeOwner::Centred,
            on_roll: 0,
            crawford: false,
            game_state: GameState::NoGame,
            turn: 0,
            doubled: false,
            resignation: None,
            dice: None,
            match_length: 0,
            score: [0, 0],
            no_jacoby: false,
        }
    }
}

/// Why a match ID or match state was rejected. `column` is the 1-based character of the ID that
/// holds the lowest bit of the offending field.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchIdError {
    #[error("match ID must be 12 characters, got {0}")]
    Length(usize),
    #[error("match ID has an invalid character {ch:?} at column {column}")]
    Character { ch: char, column: usize },
    #[error("die {which} has value {value} (must be 0 for not rolled, or 1-6), column {column}")]
    Die { which: u8, value: u8, column: usize },
    #[error("only one die is rolled ({d1} and {d2}): both are 0 or both are 1-6")]
    HalfRolled { d1: u8, d2: u8 },
    #[error("game state {value} is not one of 0-4 (none, playing, over, resigned, dropped), column {column}")]
    GameState { value: u8, column: usize },
    #[error("cube owner {value} is not 0, 1 or 3 (centred), column {column}")]
    CubeOwner { value: u8, column: usize },
    #[error("cube value 2^{0} is beyond the 32768-cube")]
    CubeTooLarge(u8),
    #[error("player {0} does not exist (players are 0 and 1)")]
    Player(usize),
    #[error("player {player}'s score {score} is not below the match length {length} while the game is {state}")]
    ScoreNotBelowLength { player: usize, score: u16, length: u16, state: &'static str },
    #[error("player {player}'s score {score} exceeds the match length {length}")]
    ScoreAboveLength { player: usize, score: u16, length: u16 },
    #[error("both players have reached the match length {0}")]
    BothWon(u16),
    #[error("{field} {value} is beyond the 15-bit maximum 32767")]
    TooLarge { field: &'static str, value: u16 },
    #[error("the Crawford flag is set in a money game")]
    CrawfordInMoneyGame,
    #[error("the Crawford flag is set but neither score {score:?} is one point short of the match length {length}")]
    CrawfordWithoutMatchPoint { score: [u16; 2], length: u16 },
    #[error("a double is offered after the dice were rolled")]
    DoubleAfterRoll,
    #[error("a double and a resignation are offered at once")]
    DoubleAndResignation,
    #[error("{what} is pending but no game is being played")]
    DecisionWithoutGame { what: &'static str },
    #[error("unused bits after bit 66 are set, column {column}")]
    UnusedBits { column: usize },
}

/// The 1-based ID column holding key bit `bit` (key bits are LSB-first, Base64 reads MSB-first).
fn column_of(bit: usize) -> usize {
    let stream = (bit / 8) * 8 + 7 - bit % 8;
    stream / 6 + 1
}

const CUBE: (usize, usize) = (0, 4);
const OWNER: (usize, usize) = (4, 2);
const ON_ROLL: (usize, usize) = (6, 1);
const CRAWFORD: (usize, usize) = (7, 1);
const STATE: (usize, usize) = (8, 3);
const TURN: (usize, usize) = (11, 1);
const DOUBLED: (usize, usize) = (12, 1);
const RESIGN: (usize, usize) = (13, 2);
const DIE1: (usize, usize) = (15, 3);
const DIE2: (usize, usize) = (18, 3);
const LENGTH: (usize, usize) = (21, 15);
const SCORE0: (usize, usize) = (36, 15);
const SCORE1: (usize, usize) = (51, 15);
const NO_JACOBY: (usize, usize) = (66, 1);
const KEY_BITS: usize = 67;

fn put(key: &mut u128, (at, width): (usize, usize), value: u64) {
    let mask = (1u128 << width) - 1;
    *key |= (u128::from(value) & mask) << at;
}

fn get(key: u128, (at, width): (usize, usize)) -> u64 {
    ((key >> at) & ((1u128 << width) - 1)) as u64
}

impl MatchState {
    /// The cube value, 1 to 32768.
    pub fn cube_value(&self) -> u32 {
        1 << self.cube_log2.min(MAX_CUBE_LOG2)
    }

    /// A money game (match length 0).
    pub fn is_money(&self) -> bool {
        self.match_length == 0
    }

    /// Checks that the fields fit their bits and agree with each other.
    pub fn validate(&self) -> Result<(), MatchIdError> {
        if self.cube_log2 > MAX_CUBE_LOG2 {
            return Err(MatchIdError::CubeTooLarge(self.cube_log2));
        }
        if let CubeOwner::Player(p) = self.cube_owner {
            if p > 1 {
                return Err(MatchIdError::Player(p));
            }
        }
        for p in [self.on_roll, self.turn] {
            if p > 1 {
                return Err(MatchIdError::Player(p));
            }
        }
        if let Some((d1, d2)) = self.dice {
            for (which, value, field) in [(1, d1, DIE1), (2, d2, DIE2)] {
                if !(1..=6).contains(&value) {
                    return Err(MatchIdError::Die { which, value, column: column_of(field.0) });
                }
            }
        }
        for (field, value) in [
            ("match length", self.match_length),
            ("player 0's score", self.score[0]),
            ("player 1's score", self.score[1]),
        ] {
            if value > MAX_MATCH_VALUE {
                return Err(MatchIdError::TooLarge { field, value });
            }
        }
        if self.match_length > 0 {
            let length = self.match_length;
            for (player, &score) in self.score.iter().enumerate() {
                if score > length {
                    return Err(MatchIdError::ScoreAboveLength { player, score, length });
                }
                // Only a finished game may leave a player at the match length.
                if score == length && !self.game_state.is_finished() {
                    let state = if self.game_state == GameState::Playing { "in progress" } else { "not started" };
                    return Err(MatchIdError::ScoreNotBelowLength { player, score, length, state });
                }
            }
            if self.score[0] == length && self.score[1] == length {
                return Err(MatchIdError::BothWon(length));
            }
            if self.crawford && !self.score.contains(&(length - 1)) {
                return Err(MatchIdError::CrawfordWithoutMatchPoint { score: self.score, length });
            }
        } else if self.crawford {
            return Err(MatchIdError::CrawfordInMoneyGame);
        }
        if self.doubled && self.resignation.is_some() {
            return Err(MatchIdError::DoubleAndResignation);
        }
        if self.doubled && self.dice.is_some() {
            return Err(MatchIdError::DoubleAfterRoll);
        }
        if self.game_state == GameState::NoGame {
            if self.doubled {
                return Err(MatchIdError::DecisionWithoutGame { what: "a double" });
            }
            if self.resignation.is_some() {
                return Err(MatchIdError::DecisionWithoutGame { what: "a resignation" });
            }
        }
        Ok(())
    }

    /// The 9-byte match key. Fields are truncated to their widths; call [`validate`](Self::validate)
    /// first for states not built by this crate.
    pub fn key(&self) -> [u8; 9] {
        let mut key = 0u128;
        put(&mut key, CUBE, u64::from(self.cube_log2));
        let owner = match self.cube_owner {
            CubeOwner::Player(p) => p as u64,
            CubeOwner::Centred => 3,
        };
        put(&mut key, OWNER, owner);
        put(&mut key, ON_ROLL, self.on_roll as u64);
        put(&mut key, CRAWFORD, u64::from(self.crawford));
        put(&mut key, STATE, self.game_state as u64);
        put(&mut key, TURN, self.turn as u64);
        put(&mut key, DOUBLED, u64::from(self.doubled));
        put(&mut key, RESIGN, self.resignation.map_or(0, |k| u64::from(k.multiplier())));
        let (d1, d2) = self.dice.unwrap_or((0, 0));
        put(&mut key, DIE1, u64::from(d1));
        put(&mut key, DIE2, u64::from(d2));
        put(&mut key, LENGTH, u64::from(self.match_length));
        put(&mut key, SCORE0, u64::from(self.score[0]));
        put(&mut key, SCORE1, u64::from(self.score[1]));
        put(&mut key, NO_JACOBY, u64::from(self.no_jacoby));
        let bytes = key.to_le_bytes();
        let mut out = [0u8; 9];
        out.copy_from_slice(&bytes[..9]);
        out
    }

    /// The match state from a 9-byte key, validated.
    pub fn from_key(bytes: &[u8; 9]) -> Result<MatchState, MatchIdError> {
        let mut wide = [0u8; 16];
        wide[..9].copy_from_slice(bytes);
        let key = u128::from_le_bytes(wide);
        if key >> KEY_BITS != 0 {
            let first = (key >> KEY_BITS).trailing_zeros() as usize + KEY_BITS;
            return Err(MatchIdError::UnusedBits { column: column_of(first) });
        }
        let owner = match get(key, OWNER) {
            3 => CubeOwner::Centred,
            p @ (0 | 1) => CubeOwner::Player(p as usize),
            v => return Err(MatchIdError::CubeOwner { value: v as u8, column: column_of(OWNER.0) }),
        };
        let state = get(key, STATE);
        let game_state = GameState::from_bits(state)
            .ok_or(MatchIdError::GameState { value: state as u8, column: column_of(STATE.0) })?;
        let (d1, d2) = (get(key, DIE1) as u8, get(key, DIE2) as u8);
        for (which, value, field) in [(1, d1, DIE1), (2, d2, DIE2)] {
            if value > 6 {
                return Err(MatchIdError::Die { which, value, column: column_of(field.0) });
            }
        }
        let dice = match (d1, d2) {
            (0, 0) => None,
            (0, _) | (_, 0) => return Err(MatchIdError::HalfRolled { d1, d2 }),
            d => Some(d),
        };
        let m = MatchState {
            cube_log2: get(key, CUBE) as u8,
            cube_owner: owner,
            on_roll: get(key, ON_ROLL) as usize,
            crawford: get(key, CRAWFORD) == 1,
            game_state,
            turn: get(key, TURN) as usize,
            doubled: get(key, DOUBLED) == 1,
            resignation: WinKind::from_multiplier(get(key, RESIGN) as u32),
            dice,
            match_length: get(key, LENGTH) as u16,
            score: [get(key, SCORE0) as u16, get(key, SCORE1) as u16],
            no_jacoby: get(key, NO_JACOBY) == 1,
        };
        m.validate()?;
        Ok(m)
    }

    /// The 12-character match ID.
    pub fn id(&self) -> String {
        base64::encode(&self.key(), 12)
    }

    /// Parses a 12-character match ID.
    pub fn from_id(id: &str) -> Result<MatchState, MatchIdError> {
        let chars = id.chars().count();
        if chars != 12 {
            return Err(MatchIdError::Length(chars));
        }
        if let Some((column, ch)) = id.chars().enumerate().find(|&(_, c)| !c.is_ascii()) {
            return Err(MatchIdError::Character { ch, column: column + 1 });
        }
        let bytes = id.as_bytes();
        let key =
            base64::decode::<9>(bytes).map_err(|i| MatchIdError::Character { ch: bytes[i] as char, column: i + 1 })?;
        MatchState::from_key(&key)
    }
}

impl fmt::Display for MatchState {
    /// The match ID.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

impl std::str::FromStr for MatchState {
    type Err = MatchIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        MatchState::from_id(s.trim())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn playing(on_roll: PlayerId, dice: Option<(u8, u8)>) -> MatchState {
        MatchState { on_roll, turn: on_roll, game_state: GameState::Playing, dice, ..MatchState::default() }
    }

    #[test]
    fn seed_worked_example_score_2_4_of_9_player_0_owns_2_cube_player_1_rolled_52() {
        let m = MatchState {
            cube_log2: 1,
            cube_owner: CubeOwner::Player(0),
            match_length: 9,
            score: [2, 4],
            ..playing(1, Some((5, 2)))
        };
        // the seed's bytes and ID
        assert_eq!(m.key(), [0x41, 0x89, 0x2A, 0x01, 0x20, 0x00, 0x20, 0x00, 0x00]);
        assert_eq!(m.id(), "QYkqASAAIAAA");
        assert_eq!(MatchState::from_id("QYkqASAAIAAA"), Ok(m));
        assert_eq!(m.cube_value(), 2);
    }

    #[test]
    fn seed_figure_ids_decode_as_gnubg_shows_them() {
        // All checked with gnubg 1.07 `set matchid ID` + `show board`: money game, centred
        // 1-cube, player 1 (X) on roll; gnubg prints the dice in this order ("Rolled 26").
        let cases: [(&str, Option<(u8, u8)>); 7] = [
            // The seed's "opening position where 6-2 has been rolled" figure prints "Rolled 24",
            // but its ID holds die 1 = 2, die 2 = 6 and gnubg shows "Rolled 26".
            ("cAkZAAAAAAAA", Some((2, 6))),
            ("cAkAAAAAAAAA", None),
            // The seed's bearoff figure says "On Roll", but the ID holds 1 and 3: gnubg "Rolled 13".
            ("cIkMAAAAAAAA", Some((1, 3))),
            ("cAkGAAAAAAAA", Some((4, 1))),
            ("cAkLAAAAAAAA", Some((6, 2))),
            ("cIkFAAAAAAAA", Some((3, 1))),
            ("cAkbAAAAAAAA", Some((6, 6))),
        ];
        for (id, dice) in cases {
            let m = MatchState::from_id(id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(m, playing(1, dice), "{id}");
            assert_eq!(m.id(), id);
        }
    }

    #[test]
    fn ids_gnubg_1_07_wrote_during_play() {
        // `new match 5`, opening roll "gnubg rolls 6, root rolls 2": player 0 on roll with 62,
        // bit 66 set (gnubg sets it in every match game).
        let m = MatchState::from_id("MAGrAAAAAAAE").unwrap();
        assert_eq!(m, MatchState { match_length: 5, no_jacoby: true, ..playing(0, Some((6, 2))) });
        // root (player 1) doubles before rolling: player 0 to decide, cube still 1
        let m = MatchState::from_id("cBGgAAAAAAAE").unwrap();
        assert_eq!(m, MatchState { match_length: 5, no_jacoby: true, turn: 0, doubled: true, ..playing(1, None) });
        // gnubg takes: a 2-cube owned by player 0, player 1 to roll
        let m = MatchState::from_id("QQmgAAAAAAAE").unwrap();
        assert_eq!(m.cube_value(), 2);
        assert_eq!(m.cube_owner, CubeOwner::Player(0));
        assert_eq!((m.on_roll, m.turn, m.doubled), (1, 1, false));
        // player 0 bore off its last chequer winning a backgammon: game over, 3-0, the loser on roll
        let m = MatchState::from_id("cAqgADAAAAAE").unwrap();
        assert_eq!(
            m,
            MatchState {
                match_length: 5,
                no_jacoby: true,
                score: [3, 0],
                game_state: GameState::Over,
                ..playing(1, None)
            }
        );
        // after 4-0 the Crawford flag is already set in the game-over state
        let m = MatchState::from_id("8AqgAEAAAAAE").unwrap();
        assert!(m.crawford && m.game_state == GameState::Over && m.score == [4, 0]);
        // 5 point match at 2-0, player 0 (on roll with 53) offering to resign a gammon
        let m = MatchState::from_id("MMmuACAAAAAE").unwrap();
        assert_eq!(m.resignation, Some(WinKind::Gammon));
        assert_eq!((m.on_roll, m.turn, m.dice), (0, 1, Some((5, 3))));
        // money session, automatic doubles to 4, beaver: player 0 beavered root's double to 8
        let m = MatchState::from_id("QxkAAAAAAAAA").unwrap();
        assert_eq!((m.cube_value(), m.cube_owner, m.doubled, m.turn), (8, CubeOwner::Player(0), true, 1));
        assert!(!m.no_jacoby);
    }

    #[test]
    fn bad_ids_are_typed_errors() {
        use MatchIdError as E;
        assert_eq!(MatchState::from_id("QYkqASAAIAA"), Err(E::Length(11)));
        assert_eq!(MatchState::from_id("QYkqASAAIAAAA"), Err(E::Length(13)));
        assert_eq!(MatchState::from_id(""), Err(E::Length(0)));
        assert_eq!(MatchState::from_id("QYkq-SAAIAAA"), Err(E::Character { ch: '-', column: 5 }));
        assert_eq!(MatchState::from_id("QYkqASAAIAA="), Err(E::Character { ch: '=', column: 12 }));
        assert_eq!(MatchState::from_id("QYkqASAAIAAé"), Err(E::Character { ch: 'é', column: 12 }));
        // gnubg 1.07 answers "Illegal match ID" to these two: die 1 = 7 (column 2 turns `c A` into
        // `c I`), and a score of 7 in a 5 point match
        assert_eq!(MatchState::from_id("cIkLAAAAAAAA"), Err(E::Die { which: 1, value: 7, column: 2 }));
        assert_eq!(MatchState::from_id("cAqgAHAAAAAA"), Err(E::ScoreAboveLength { player: 0, score: 7, length: 5 }));
        // ... and this one: the Crawford flag in a money game
        assert_eq!(MatchState::from_id("8AkAAAAAAAAA"), Err(E::CrawfordInMoneyGame));
        // game state 5 and 7, cube owner 2
        assert_eq!(MatchState::from_id("cA0AAAAAAAAA"), Err(E::GameState { value: 5, column: 3 }));
        assert_eq!(MatchState::from_id("cA8AAAAAAAAA"), Err(E::GameState { value: 7, column: 3 }));
        assert_eq!(MatchState::from_id("YAkAAAAAAAAA"), Err(E::CubeOwner { value: 2, column: 1 }));
        // only die 1 rolled
        assert_eq!(MatchState::from_id("cIkBAAAAAAAA"), Err(E::HalfRolled { d1: 3, d2: 0 }));
        // score 5 in a 5 point match while playing
        let m = MatchState { match_length: 5, score: [5, 0], ..playing(1, None) };
        assert_eq!(m.validate(), Err(E::ScoreNotBelowLength { player: 0, score: 5, length: 5, state: "in progress" }));
        assert_eq!(MatchState::from_id(&m.id()), m.validate().map(|_| m));
        // the same score is fine once the game is over
        let over = MatchState { game_state: GameState::Over, ..m };
        assert_eq!(MatchState::from_id(&over.id()), Ok(over));
        // bits beyond 66
        assert_eq!(MatchState::from_id("cAkAAAAAAAAI"), Err(E::UnusedBits { column: 12 }));
        assert_eq!(MatchState::from_id("cAkAAAAAAAA/"), Err(E::UnusedBits { column: 12 }));
        // Crawford flag with neither player at match point
        let m = MatchState { match_length: 5, score: [3, 0], crawford: true, ..playing(1, None) };
        assert!(matches!(MatchState::from_id(&m.id()), Err(E::CrawfordWithoutMatchPoint { .. })));
        // a double offered with dice on the table
        let m = MatchState { doubled: true, turn: 0, ..playing(1, Some((3, 1))) };
        assert_eq!(MatchState::from_id(&m.id()), Err(E::DoubleAfterRoll));
    }

    #[test]
    fn columns_name_the_character_holding_the_field() {
        assert_eq!(column_of(0), 2); // bit 0 is the last bit of byte 0: the second character
        assert_eq!(column_of(7), 1);
        assert_eq!(column_of(66), 12);
        assert_eq!(column_of(64), 12);
        assert_eq!(column_of(63), 10);
    }

    fn valid_state() -> impl Strategy<Value = MatchState> {
        (
            (0u8..=15, prop_oneof![Just(CubeOwner::Centred), (0usize..2).prop_map(CubeOwner::Player)]),
            (0usize..2, 0usize..2, 0u8..5, any::<bool>(), 0u8..4),
            proptest::option::of((1u8..=6, 1u8..=6)),
            prop_oneof![Just(0u16), 1u16..=MAX_MATCH_VALUE],
            (0u16..=MAX_MATCH_VALUE, 0u16..=MAX_MATCH_VALUE, any::<bool>(), any::<bool>()),
        )
            .prop_map(
                |((cube_log2, cube_owner), (on_roll, turn, gs, doubled, resign), dice, len, (a, b, cr, nj))| {
                    let game_state = GameState::from_bits(u64::from(gs)).unwrap();
                    let mut m = MatchState {
                        cube_log2,
                        cube_owner,
                        on_roll,
                        crawford: false,
                        game_state,
                        turn,
                        doubled: false,
                        resignation: WinKind::from_multiplier(u32::from(resign)),
                        dice,
                        match_length: len,
                        score: [a, b],
                        no_jacoby: nj,
                    };
                    if len > 0 {
                        m.score = [a % len, b % len];
                        if cr && len > 1 {
                            m.score[0] = len - 1;
                            m.crawford = true;
                        }
                    }
                    if game_state == GameState::NoGame {
                        m.resignation = None;
                    } else if doubled && m.resignation.is_none() {
                        m.doubled = true;
                        m.dice = None;
                    }
                    m
                },
            )
    }

    proptest! {
        #[test]
        fn decode_encode_round_trip(m in valid_state()) {
            prop_assert_eq!(m.validate(), Ok(()));
            let id = m.id();
            prop_assert_eq!(id.len(), 12);
            prop_assert_eq!(MatchState::from_id(&id), Ok(m));
            prop_assert_eq!(MatchState::from_key(&m.key()), Ok(m));
        }

        #[test]
        fn arbitrary_strings_never_panic(s in ".{0,16}") {
            let _ = MatchState::from_id(&s);
        }

        #[test]
        fn arbitrary_ids_never_panic_and_valid_ones_round_trip(s in "[A-Za-z0-9+/]{12}") {
            if let Ok(m) = MatchState::from_id(&s) {
                prop_assert_eq!(m.id(), s);
            }
        }

        /// Arbitrary bytes (as text) and near-IDs with one character changed: a typed error
        /// with a short message (it quotes at most one character), never a panic.
        #[test]
        fn hostile_text_gives_short_typed_errors(
            bytes in proptest::collection::vec(any::<u8>(), 0..64),
            at in 0usize..12,
            c in any::<char>(),
        ) {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let mut near: Vec<char> = "QYkqASAAIAAA".chars().collect();
            near[at] = c;
            let near: String = near.into_iter().collect();
            for t in [text, near] {
                if let Err(e) = t.parse::<MatchState>() {
                    prop_assert!(e.to_string().len() < 140, "{}", e);
                }
            }
        }
    }

    /// However long the text, the error names its length and quotes nothing of it.
    #[test]
    fn a_megabyte_id_is_a_short_length_error() {
        let e = MatchState::from_id(&"Q".repeat(1 << 20)).unwrap_err();
        assert_eq!(e.to_string(), "match ID must be 12 characters, got 1048576");
    }
}
