//! The FIBS `board:` line (FIBS client protocol, "boardstyle 3"): reading, writing, and the
//! conversion to and from our [`Position`] (player on roll's view) and [`MatchState`].
//!
//! A line is 53 colon-separated fields; this module numbers them from 0 (`board`) as
//! [`FIELD_NAMES`] lists: names, match length (9999 for an unlimited match, i.e. money), both
//! scores, 26 board fields, turn, both players' dice, cube, both may-double flags, was-doubled,
//! colour, direction, home, bar, chequers borne off and on the bar for both, can-move,
//! forced-move, did-Crawford and redoubles. Fields past 53 are kept as integers
//! ([`FibsBoard::extra`]) so newer writers' extensions survive a round trip, up to
//! [`MAX_FIELDS`] in all. Errors quote at most an excerpt of a bad field
//! (`engine_core::limits::excerpt`).
//!
//! Board fields: the sign of a count says whose chequers they are (`colour` for "you", the
//! line's first player); `direction` -1 means you bear off at field 0 and enter from 25, so your
//! point *k* is field *k*; direction +1 mirrors it. `turn` is the colour of the player on roll.
//!
//! gnubg 1.07's `set player N external` writes this format with quirks (observed against
//! `/usr/games/gnubg` and recorded in [`Dialect::Gnubg`]): the board's "you" is always gnubg's
//! player 1 (colour 1, direction -1) whoever is to act; both dice slots hold the roll; the
//! on-bar fields are always 0 (the bar counts are in board fields 0 and 25); was-doubled is 1
//! whenever a double is pending; field 51 ("did Crawford") is 1 in post-Crawford games (and in a
//! 1-point match) and field 52 ("redoubles") is 0 in the Crawford game and 1 otherwise (seen
//! over whole 3-point matches: 0-0 gives `0:1`, the Crawford game `0:0`, post-Crawford `1:1`);
//! and the names and scores are those of (player 0, player 1) — i.e. of (the *other* side,
//! "you") — unless a double is pending.
//!
//! Owns only the line format and its mapping to game state; it does not decide plays (see
//! `external`) and must not touch the match ID or position ID codecs beyond calling them.

use crate::rules::cube::{CubeOwner, MAX_CUBE_LOG2};
use crate::rules::match_id::{GameState, MatchIdError, MatchState};
use crate::rules::position::{Position, PositionError, BAR, MAX_CHEQUERS, ON_ROLL, OPPONENT};
use engine_core::limits::excerpt;
use std::fmt;
use std::num::IntErrorKind;
use thiserror::Error;

/// Fields of a standard board line, `board` included.
pub const FIELDS: usize = 53;

/// The name of every field, by index.
pub const FIELD_NAMES: [&str; FIELDS] = {
    let mut n = [""; FIELDS];
    n[0] = "board";
    n[1] = "player name";
    n[2] = "opponent name";
    n[3] = "match length";
    n[4] = "player score";
    n[5] = "opponent score";
    let mut i = 6;
    while i < 32 {
        n[i] = "board point";
        i += 1;
    }
    n[32] = "turn";
    n[33] = "player die 1";
    n[34] = "player die 2";
    n[35] = "opponent die 1";
    n[36] = "opponent die 2";
    n[37] = "cube";
    n[38] = "player may double";
    n[39] = "opponent may double";
    n[40] = "was doubled";
    n[41] = "colour";
    n[42] = "direction";
    n[43] = "home";
    n[44] = "bar";
    n[45] = "player borne off";
    n[46] = "opponent borne off";
    n[47] = "player on bar";
    n[48] = "opponent on bar";
    n[49] = "can move";
    n[50] = "forced move";
    n[51] = "did Crawford";
    n[52] = "redoubles";
    n
};

/// The most fields a board line may have, `board` included (FIBS writes 53; the rest are
/// extensions kept in [`FibsBoard::extra`]). A longer line is refused before its fields are
/// collected: "a board line has at most 256 fields, this one has N".
pub const MAX_FIELDS: usize = 256;

/// Index of board field 0 in the line.
const BOARD_AT: usize = 6;
/// FIBS's match length for an unlimited match.
pub const UNLIMITED: u32 = 9999;

/// Why a board line was rejected. `field` is the 0-based index of the offending field
/// (`board` is 0; see [`FIELD_NAMES`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FibsBoardError {
    #[error("not a board line: it must start with `board:`")]
    NotABoard,
    #[error("a board line has {FIELDS} fields, this one has {found}")]
    TooFewFields { found: usize },
    #[error("a board line has at most {MAX_FIELDS} fields, this one has {found}")]
    TooManyFields { found: usize },
    /// `text` is the field as written, cut to [`excerpt`]'s bound.
    #[error("field {field} ({}): {text:?} is not an integer", field_name(*field))]
    NotANumber { field: usize, text: String },
    /// An integer beyond `i64`; `text` as in `NotANumber`.
    #[error("field {field} ({}): {text} is too large", field_name(*field))]
    TooLarge { field: usize, text: String },
    #[error("field {field} ({}): {value} is out of range ({expected})", field_name(*field))]
    OutOfRange { field: usize, value: i64, expected: &'static str },
    #[error("field {field} (turn): 0 means the game is over, no player is to act")]
    GameOver { field: usize },
    #[error("field {field} (board point): {source}")]
    Position { field: usize, source: PositionError },
    #[error("field {field}: the match state is inconsistent: {source}")]
    MatchState { field: usize, source: MatchIdError },
}

fn field_name(i: usize) -> &'static str {
    FIELD_NAMES.get(i).copied().unwrap_or("extension")
}

/// One board line, field by field ("player" is the line's "you").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FibsBoard {
    pub player: String,
    pub opponent: String,
    /// Points to win; [`UNLIMITED`] (9999) for an unlimited match.
    pub match_length: u32,
    pub player_score: u32,
    pub opponent_score: u32,
    /// Fields 0..=25: signed chequer counts (sign = colour of the owner).
    pub board: [i8; 26],
    /// Colour of the player on roll; 0 when the game is over.
    pub turn: i8,
    pub player_dice: [u8; 2],
    pub opponent_dice: [u8; 2],
    pub cube: u32,
    pub player_may_double: bool,
    pub opponent_may_double: bool,
    /// Non-zero while a double is pending (FIBS: 1 if "you" were doubled; gnubg: always 1).
    pub was_doubled: i8,
    /// Your colour: -1 (X) or 1 (O).
    pub colour: i8,
    /// Your direction of play: -1 (home at field 0) or 1 (home at field 25).
    pub direction: i8,
    pub home: u8,
    pub bar: u8,
    pub player_borne_off: u8,
    pub opponent_borne_off: u8,
    pub player_on_bar: u8,
    pub opponent_on_bar: u8,
    pub can_move: u8,
    pub forced_move: u8,
    pub did_crawford: bool,
    pub redoubles: u32,
    /// Integer fields after the 53rd, as sent.
    pub extra: Vec<i64>,
}

/// Whose conventions a line follows where gnubg's writer departs from FIBS's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// The FIBS server: names and scores are "you" then the opponent.
    Fibs,
    /// gnubg 1.07's external player lines: names and scores are the other side's then "you"'s,
    /// except while a double is pending; field 52 is 0 in the Crawford game, field 51 is 1 after
    /// it.
    #[default]
    Gnubg,
}

/// A board line turned into game state. Player 0 of `state` is the line's "you" (`colour`),
/// player 1 the opponent; `position` is seen by the player on roll (`state.on_roll`), and
/// `state.turn` is the player to act (the other one while a double is pending).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardState {
    pub position: Position,
    pub state: MatchState,
    pub names: [String; 2],
}

fn number(fields: &[&str], i: usize) -> Result<i64, FibsBoardError> {
    let text = fields[i].trim();
    text.parse::<i64>().map_err(|e| match e.kind() {
        IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
            FibsBoardError::TooLarge { field: i, text: excerpt(text) }
        }
        _ => FibsBoardError::NotANumber { field: i, text: excerpt(text) },
    })
}

fn ranged(fields: &[&str], i: usize, lo: i64, hi: i64, expected: &'static str) -> Result<i64, FibsBoardError> {
    let v = number(fields, i)?;
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(FibsBoardError::OutOfRange { field: i, value: v, expected })
    }
}

fn sign(fields: &[&str], i: usize) -> Result<i8, FibsBoardError> {
    match number(fields, i)? {
        v @ (-1 | 1) => Ok(v as i8),
        v => Err(FibsBoardError::OutOfRange { field: i, value: v, expected: "-1 or 1" }),
    }
}

impl FibsBoard {
    /// Parses a board line (surrounding white space and a trailing NUL, as gnubg sends, are
    /// ignored).
    pub fn parse(line: &str) -> Result<FibsBoard, FibsBoardError> {
        let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\0');
        let rest = line.strip_prefix("board:").ok_or(FibsBoardError::NotABoard)?;
        let found = 1 + rest.split(':').count();
        if found > MAX_FIELDS {
            return Err(FibsBoardError::TooManyFields { found });
        }
        let mut fields: Vec<&str> = Vec::with_capacity(found);
        fields.push("board");
        fields.extend(rest.split(':'));
        if fields.len() < FIELDS {
            return Err(FibsBoardError::TooFewFields { found: fields.len() });
        }
        const COUNT: &str = "0 to 15";
        const DIE: &str = "0 to 6";
        const FLAG: &str = "0 or 1";
        let u32_field = |i| ranged(&fields, i, 0, i64::from(u32::MAX), "0 to 4294967295").map(|v| v as u32);
        let flag = |i| ranged(&fields, i, 0, 1, FLAG).map(|v| v == 1);
        let small = |i, hi, what| ranged(&fields, i, 0, hi, what).map(|v| v as u8);
        let mut board = [0i8; 26];
        for (k, slot) in board.iter_mut().enumerate() {
            *slot = ranged(&fields, BOARD_AT + k, -15, 15, "-15 to 15")? as i8;
        }
        let turn = ranged(&fields, 32, -1, 1, "-1, 0 or 1")? as i8;
        let extra = (FIELDS..fields.len()).map(|i| number(&fields, i)).collect::<Result<Vec<_>, _>>()?;
        Ok(FibsBoard {
            player: fields[1].to_string(),
            opponent: fields[2].to_string(),
            match_length: u32_field(3)?,
            player_score: u32_field(4)?,
            opponent_score: u32_field(5)?,
            board,
            turn,
            player_dice: [small(33, 6, DIE)?, small(34, 6, DIE)?],
            opponent_dice: [small(35, 6, DIE)?, small(36, 6, DIE)?],
            cube: u32_field(37)?,
            player_may_double: flag(38)?,
            opponent_may_double: flag(39)?,
            was_doubled: ranged(&fields, 40, -1, 1, "-1, 0 or 1")? as i8,
            colour: sign(&fields, 41)?,
            direction: sign(&fields, 42)?,
            home: small(43, 25, "0 or 25")?,
            bar: small(44, 25, "0 or 25")?,
            player_borne_off: small(45, 15, COUNT)?,
            opponent_borne_off: small(46, 15, COUNT)?,
            player_on_bar: small(47, 15, COUNT)?,
            opponent_on_bar: small(48, 15, COUNT)?,
            can_move: small(49, 4, "0 to 4")?,
            forced_move: small(50, 1, FLAG)?,
            did_crawford: flag(51)?,
            redoubles: u32_field(52)?,
            extra,
        })
    }

    /// Your point `k` (1..=24, your numbering) as a board field index.
    fn field_of_my_point(&self, k: usize) -> usize {
        if self.direction < 0 {
            k
        } else {
            25 - k
        }
    }

    /// The game state this line describes, read with `dialect`'s conventions.
    pub fn to_state(&self, dialect: Dialect) -> Result<BoardState, FibsBoardError> {
        if self.turn == 0 {
            return Err(FibsBoardError::GameOver { field: 32 });
        }
        // your chequers and the opponent's, each in its own numbering (index 24 = bar)
        let mut mine = [0u8; 25];
        let mut theirs = [0u8; 25];
        for k in 1..=24 {
            let v = self.board[self.field_of_my_point(k)];
            if v.signum() == self.colour {
                mine[k - 1] = v.unsigned_abs();
            } else if v != 0 {
                theirs[24 - k] = v.unsigned_abs();
            }
        }
        // the bar: your bar is where you enter (the end opposite your home); FIBS servers may
        // leave it in the on-bar fields instead
        let (my_bar, their_bar) = if self.direction < 0 { (25, 0) } else { (0, 25) };
        mine[BAR] = self.board[my_bar].unsigned_abs().max(self.player_on_bar);
        theirs[BAR] = self.board[their_bar].unsigned_abs().max(self.opponent_on_bar);
        let you_on_roll = self.turn == self.colour;
        let board = if you_on_roll { [theirs, mine] } else { [mine, theirs] };
        let position =
            Position::from_board(board).map_err(|source| FibsBoardError::Position { field: BOARD_AT, source })?;

        let doubled = self.was_doubled != 0;
        let swap_names = dialect == Dialect::Gnubg && !doubled;
        let (mut names, mut score) =
            ([self.player.clone(), self.opponent.clone()], [self.player_score, self.opponent_score]);
        if swap_names {
            names.swap(0, 1);
            score.swap(0, 1);
        }
        let money = self.match_length == UNLIMITED || self.match_length == 0;
        let to_u16 = |v: u32, field: usize| {
            u16::try_from(v)
                .ok()
                .filter(|&v| v <= crate::rules::match_id::MAX_MATCH_VALUE)
                .ok_or(FibsBoardError::OutOfRange { field, value: i64::from(v), expected: "0 to 32767" })
        };
        let match_length = if money { 0 } else { to_u16(self.match_length, 3)? };
        let score_field = |p: usize| if (p == 0) != swap_names { 4 } else { 5 };
        let score = [to_u16(score[0], score_field(0))?, to_u16(score[1], score_field(1))?];
        if !self.cube.is_power_of_two() || self.cube.trailing_zeros() > u32::from(MAX_CUBE_LOG2) {
            return Err(FibsBoardError::OutOfRange {
                field: 37,
                value: i64::from(self.cube),
                expected: "a power of two up to 32768",
            });
        }
        let cube_owner = match (self.player_may_double, self.opponent_may_double) {
            (true, false) => CubeOwner::Player(0),
            (false, true) => CubeOwner::Player(1),
            _ => CubeOwner::Centred,
        };
        let roller = if you_on_roll { 0 } else { 1 };
        let roller_dice = if you_on_roll { self.player_dice } else { self.opponent_dice };
        let other_dice = if you_on_roll { self.opponent_dice } else { self.player_dice };
        let dice = [roller_dice, other_dice].into_iter().find(|d| d[0] != 0 || d[1] != 0);
        let dice = match dice {
            None => None,
            Some([a, b]) if a != 0 && b != 0 => Some((a, b)),
            Some(_) => {
                let field = if roller_dice[0] == 0 || roller_dice[1] == 0 { 33 } else { 35 };
                return Err(FibsBoardError::OutOfRange { field, value: 0, expected: "both dice 1 to 6, or both 0" });
            }
        };
        let state = MatchState {
            cube_log2: self.cube.trailing_zeros() as u8,
            cube_owner,
            on_roll: roller,
            crawford: !money
                && match dialect {
                    Dialect::Fibs => self.did_crawford,
                    Dialect::Gnubg => self.redoubles == 0,
                },
            game_state: GameState::Playing,
            turn: if doubled { 1 - roller } else { roller },
            doubled,
            resignation: None,
            dice: if doubled { None } else { dice },
            match_length,
            score,
            no_jacoby: false,
        };
        state.validate().map_err(|source| FibsBoardError::MatchState { field: 32, source })?;
        Ok(BoardState { position, state, names })
    }

    /// The line for a game state, written as `dialect` writes it: "you" is player 0 of `state`
    /// (colour 1, direction -1, so your point k is field k), `position` is seen by
    /// `state.on_roll`. Colons in names become `_`, as gnubg writes them, and so do control
    /// characters.
    pub fn from_state(position: &Position, state: &MatchState, names: &[String; 2], dialect: Dialect) -> FibsBoard {
        let you_on_roll = state.on_roll == 0;
        let (mine, theirs) = if you_on_roll {
            (position.board()[ON_ROLL], position.board()[OPPONENT])
        } else {
            (position.board()[OPPONENT], position.board()[ON_ROLL])
        };
        let mut board = [0i8; 26];
        for k in 1..=24 {
            board[k] = if theirs[24 - k] > 0 { -(theirs[24 - k] as i8) } else { mine[k - 1] as i8 };
        }
        board[25] = mine[BAR] as i8;
        board[0] = -(theirs[BAR] as i8);
        // A colon would shift every later field, a line end or NUL would cut the line.
        let clean = |s: &str| s.replace(|c: char| c == ':' || c.is_control(), "_");
        let borne_off =
            |side: &[u8; 25]| (MAX_CHEQUERS.saturating_sub(side.iter().map(|&c| u32::from(c)).sum::<u32>())) as u8;
        let dice = state.dice.map_or([0, 0], |(a, b)| [a, b]);
        let swap_names = dialect == Dialect::Gnubg && !state.doubled;
        let (mut n, mut s) = ([clean(&names[0]), clean(&names[1])], [state.score[0], state.score[1]]);
        if swap_names {
            n.swap(0, 1);
            s.swap(0, 1);
        }
        let [player, opponent] = n;
        let (player_dice, opponent_dice) = match dialect {
            Dialect::Gnubg => (dice, dice),
            Dialect::Fibs if you_on_roll => (dice, [0, 0]),
            Dialect::Fibs => ([0, 0], dice),
        };
        let decider_is_you = state.turn == 0;
        FibsBoard {
            player,
            opponent,
            match_length: if state.match_length == 0 { UNLIMITED } else { u32::from(state.match_length) },
            player_score: u32::from(s[0]),
            opponent_score: u32::from(s[1]),
            board,
            turn: if you_on_roll { 1 } else { -1 },
            player_dice,
            opponent_dice,
            cube: state.cube_value(),
            player_may_double: state.cube_owner.may_double(0),
            opponent_may_double: state.cube_owner.may_double(1),
            was_doubled: match (state.doubled, dialect) {
                (false, _) => 0,
                (true, Dialect::Gnubg) => 1,
                (true, Dialect::Fibs) if decider_is_you => 1,
                (true, Dialect::Fibs) => -1,
            },
            colour: 1,
            direction: -1,
            home: 0,
            bar: 25,
            player_borne_off: borne_off(&mine),
            opponent_borne_off: borne_off(&theirs),
            player_on_bar: if dialect == Dialect::Gnubg { 0 } else { mine[BAR] },
            opponent_on_bar: if dialect == Dialect::Gnubg { 0 } else { theirs[BAR] },
            can_move: 0,
            forced_move: 0,
            did_crawford: match dialect {
                Dialect::Fibs => state.crawford,
                Dialect::Gnubg => {
                    let len = state.match_length;
                    len > 0 && !state.crawford && state.score.iter().any(|&s| s + 1 == len)
                }
            },
            redoubles: u32::from(dialect == Dialect::Gnubg && !state.crawford),
            extra: Vec::new(),
        }
    }
}

impl fmt::Display for FibsBoard {
    /// The line, without a line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board:{}:{}:{}:{}:{}",
            self.player, self.opponent, self.match_length, self.player_score, self.opponent_score
        )?;
        for v in self.board {
            write!(f, ":{v}")?;
        }
        let b = |x: bool| u8::from(x);
        write!(
            f,
            ":{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}",
            self.turn,
            self.player_dice[0],
            self.player_dice[1],
            self.opponent_dice[0],
            self.opponent_dice[1],
            self.cube,
            b(self.player_may_double),
            b(self.opponent_may_double),
            self.was_doubled,
            self.colour,
            self.direction,
            self.home,
            self.bar,
            self.player_borne_off,
            self.opponent_borne_off,
            self.player_on_bar,
            self.opponent_on_bar,
            self.can_move,
            self.forced_move,
            b(self.did_crawford),
            self.redoubles,
        )?;
        for v in &self.extra {
            write!(f, ":{v}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;
    use proptest::prelude::*;

    /// The first line gnubg 1.07 sent its external player 0 (`set seed 3`, `new match 3`):
    /// player 0 rolled 4 and player 1 rolled 1, so player 0 (the external; the negative
    /// chequers, since "you" is always gnubg's player 1) is on roll with 41.
    const GNUBG_OPENING: &str = "board:gnubg:root:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:4:1:4:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
    /// gnubg 1.07 asking its external player 0 to take or drop player 1's redouble to 4.
    const GNUBG_DOUBLED: &str = "board:root:gnubg:3:0:0:-1:-2:0:0:0:0:5:0:3:3:0:0:-5:4:0:0:0:-2:0:-5:0:0:0:0:0:0:1:0:0:0:0:2:1:0:1:1:-1:0:25:0:0:0:0:0:0:0:1";

    #[test]
    fn gnubg_opening_line() {
        let b = FibsBoard::parse(GNUBG_OPENING).unwrap();
        assert_eq!(b.to_string(), GNUBG_OPENING);
        assert_eq!((b.turn, b.colour, b.direction, b.cube), (-1, 1, -1, 1));
        let s = b.to_state(Dialect::Gnubg).unwrap();
        // the opponent side (negative) is on roll with 41, at the starting position
        assert_eq!(s.position, Variant::Standard.starting_position());
        assert_eq!((s.state.on_roll, s.state.turn, s.state.dice), (1, 1, Some((4, 1))));
        assert_eq!(s.state.match_length, 3);
        assert_eq!(s.state.cube_owner, CubeOwner::Centred);
        // gnubg's names are (player 0, player 1) = (the side on roll here, "you")
        assert_eq!(s.names, ["root".to_string(), "gnubg".to_string()]);
        assert!(!s.state.crawford);
    }

    #[test]
    fn gnubg_scores_and_crawford_flags() {
        // seen in a 3-point match after player 1 ("root", "you" on the board) won 2 points:
        // gnubg showed "gnubg 0, root 2 … Crawford game"; the line has 0:2 and ends 0:0
        let crawford = "board:gnubg:root:3:0:2:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:1:0:0:-3:0:-5:0:0:0:0:1:0:-1:6:1:6:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0";
        let s = FibsBoard::parse(crawford).unwrap().to_state(Dialect::Gnubg).unwrap();
        assert_eq!(s.state.score, [2, 0]);
        assert_eq!(s.names, ["root".to_string(), "gnubg".to_string()]);
        assert!(s.state.crawford);
        // read as FIBS would, the scores go to the other players and the game is not Crawford
        let f = FibsBoard::parse(crawford).unwrap().to_state(Dialect::Fibs).unwrap();
        assert_eq!((f.state.score, f.state.crawford), ([0, 2], false));
        // post-Crawford (gnubg 1, root 2) ends 1:1
        let post = crawford.replacen(":3:0:2:", ":3:1:2:", 1).replacen(":0:0:0:0:0:0:0:0", ":0:0:0:0:0:0:1:1", 1);
        let s = FibsBoard::parse(&post).unwrap().to_state(Dialect::Gnubg).unwrap();
        assert_eq!((s.state.score, s.state.crawford), ([2, 1], false));
        let written = FibsBoard::from_state(&s.position, &s.state, &s.names, Dialect::Gnubg).to_string();
        assert_eq!(written, post);
    }

    #[test]
    fn gnubg_pending_double_line() {
        let s = FibsBoard::parse(GNUBG_DOUBLED).unwrap().to_state(Dialect::Gnubg).unwrap();
        // "you" (player 1 of gnubg, positive) doubled: on roll, the other side decides
        assert_eq!((s.state.on_roll, s.state.turn, s.state.doubled, s.state.dice), (0, 1, true, None));
        assert_eq!((s.state.cube_value(), s.state.cube_owner), (2, CubeOwner::Player(0)));
        // the doubler: 5 on its 6 point, 3 on the 8 and 9, 4 on the 13 (hand-read from the line)
        let on_roll = s.position.board()[ON_ROLL];
        assert_eq!((on_roll[5], on_roll[7], on_roll[8], on_roll[12]), (5, 3, 3, 4));
        assert_eq!(s.position.on_bar(OPPONENT), 1);
        assert_eq!(s.names[0], "root");
    }

    #[test]
    fn typed_errors_name_the_field() {
        assert_eq!(FibsBoard::parse("boar:x"), Err(FibsBoardError::NotABoard));
        assert_eq!(FibsBoard::parse("board:a:b:3"), Err(FibsBoardError::TooFewFields { found: 4 }));
        let bad = GNUBG_OPENING.replacen(":4:1:4:1:", ":4:7:4:1:", 1);
        assert_eq!(FibsBoard::parse(&bad), Err(FibsBoardError::OutOfRange { field: 34, value: 7, expected: "0 to 6" }));
        let bad = GNUBG_OPENING.replacen("board:gnubg:root:3:", "board:gnubg:root:x3:", 1);
        assert_eq!(FibsBoard::parse(&bad), Err(FibsBoardError::NotANumber { field: 3, text: "x3".into() }));
        // 16 chequers for the side on roll
        let bad = GNUBG_OPENING.replacen(":-5:0:0:0:0:2:", ":-6:0:0:0:0:2:", 1);
        let err = FibsBoard::parse(&bad).unwrap().to_state(Dialect::Gnubg).unwrap_err();
        assert!(matches!(err, FibsBoardError::Position { field: 6, .. }), "{err}");
        // a cube of 3
        let bad = GNUBG_OPENING.replacen(":4:1:4:1:1:", ":4:1:4:1:3:", 1);
        let err = FibsBoard::parse(&bad).unwrap().to_state(Dialect::Gnubg).unwrap_err();
        assert!(matches!(err, FibsBoardError::OutOfRange { field: 37, .. }));
        assert!(err.to_string().contains("field 37 (cube)"), "{err}");
    }

    /// Regression (issue 22): a bad field was quoted whole in the error, so a megabyte of junk
    /// made a megabyte of message; numbers beyond `i64` read as "not an integer".
    #[test]
    fn errors_quote_a_bounded_excerpt_and_name_overflow() {
        let junk = "x".repeat(100_000);
        let bad = GNUBG_OPENING.replacen("board:gnubg:root:3:", &format!("board:gnubg:root:{junk}:"), 1);
        let err = FibsBoard::parse(&bad).unwrap_err();
        let FibsBoardError::NotANumber { field: 3, text } = &err else { panic!("{err:?}") };
        assert_eq!(text, &format!("{}...", "x".repeat(60)));
        assert!(err.to_string().len() < 120, "{err}");
        let bad = GNUBG_OPENING.replacen("board:gnubg:root:3:", "board:gnubg:root:99999999999999999999:", 1);
        assert_eq!(
            FibsBoard::parse(&bad),
            Err(FibsBoardError::TooLarge { field: 3, text: "99999999999999999999".into() })
        );
        let bad = GNUBG_OPENING.replacen(":-2:", ":-9223372036854775809:", 1);
        assert!(matches!(FibsBoard::parse(&bad), Err(FibsBoardError::TooLarge { field: 7, .. })), "{bad}");
    }

    /// Lines of up to `MAX_FIELDS` fields keep their extensions; longer ones are refused
    /// before their fields are collected.
    #[test]
    fn field_count_is_limited() {
        let extended = format!("{GNUBG_OPENING}{}", ":7".repeat(MAX_FIELDS - FIELDS));
        assert_eq!(FibsBoard::parse(&extended).unwrap().extra.len(), MAX_FIELDS - FIELDS);
        let long = format!("{extended}:7");
        assert_eq!(FibsBoard::parse(&long), Err(FibsBoardError::TooManyFields { found: MAX_FIELDS + 1 }));
        let colons = format!("board{}", ":".repeat(1 << 20));
        assert_eq!(FibsBoard::parse(&colons), Err(FibsBoardError::TooManyFields { found: (1 << 20) + 1 }));
    }

    /// A name with a line end or NUL would have cut the written line in two.
    #[test]
    fn written_names_lose_control_characters() {
        let names = ["al\nice".to_string(), "b\0o\rb:x".to_string()];
        let start = crate::rules::variant::Variant::default().starting_position();
        let board = FibsBoard::from_state(&start, &MatchState::default(), &names, Dialect::Fibs);
        let line = board.to_string();
        assert!(!line.contains(['\n', '\r', '\0']), "{line:?}");
        assert!(line.starts_with("board:al_ice:b_o_b_x:"), "{line}");
    }

    /// One field of a board line, bent toward what breaks parsers.
    fn hostile_field() -> impl Strategy<Value = String> {
        prop_oneof![
            (-20i64..20).prop_map(|v| v.to_string()),
            any::<i64>().prop_map(|v| v.to_string()),
            "-?[0-9]{15,40}",
            "[ +-]{0,2}[0-9]{1,3}[ ]{0,2}",
            "\\PC{0,12}",
            "[\\x00-\\x1f]{0,3}",
        ]
    }

    fn arb_state() -> impl Strategy<Value = (Position, MatchState)> {
        (
            proptest::collection::vec(0usize..25, 0..=15),
            proptest::collection::vec(0usize..25, 0..=15),
            (0u16..8, 0u16..8, 0u16..8),
            (0u8..4, 0u8..3, any::<bool>(), any::<bool>(), any::<bool>()),
            (0u8..=6, 1u8..=6, 1u8..=6),
        )
            .prop_map(|(a, b, (len, s0, s1), (log2, owner, roller, doubled, crawford), (has, d1, d2))| {
                let mut board = [[0u8; 25]; 2];
                for &i in &a {
                    board[ON_ROLL][i] += 1;
                }
                for &i in &b {
                    // drop chequers that would share a point with the other side
                    if i == BAR || board[ON_ROLL][23 - i] == 0 {
                        board[OPPONENT][i] += 1;
                    }
                }
                let pos = Position::from_board(board).unwrap();
                let match_length = if len == 0 { 0 } else { len.max(2) };
                let score = if match_length == 0 { [0, 0] } else { [s0 % match_length, s1 % match_length] };
                let crawford =
                    crawford && match_length > 0 && (score[0] == match_length - 1) != (score[1] == match_length - 1);
                let roller = usize::from(roller);
                let doubled = doubled && !crawford;
                let state = MatchState {
                    cube_log2: if crawford { 0 } else { log2 },
                    cube_owner: match owner {
                        _ if crawford => CubeOwner::Centred,
                        0 => CubeOwner::Centred,
                        o => CubeOwner::Player(usize::from(o - 1)),
                    },
                    on_roll: roller,
                    crawford,
                    game_state: GameState::Playing,
                    turn: if doubled { 1 - roller } else { roller },
                    doubled,
                    resignation: None,
                    dice: (has > 0 && !doubled).then_some((d1, d2)),
                    match_length,
                    score,
                    no_jacoby: false,
                };
                (pos, state)
            })
    }

    proptest! {
        #[test]
        fn random_text_never_panics(s in "\\PC{0,200}") {
            if let Ok(b) = FibsBoard::parse(&s) {
                let _ = b.to_state(Dialect::Fibs);
                let _ = b.to_state(Dialect::Gnubg);
            }
        }

        #[test]
        fn random_numeric_lines_never_panic(v in proptest::collection::vec(-40i64..40000, 50..56)) {
            let line = format!("board:a:b:{}", v.iter().map(i64::to_string).collect::<Vec<_>>().join(":"));
            if let Ok(b) = FibsBoard::parse(&line) {
                prop_assert_eq!(FibsBoard::parse(&b.to_string()), Ok(b.clone()));
                let _ = b.to_state(Dialect::Gnubg);
            }
        }

        /// Hostile lines (wrong field counts, overflowing or negative numbers, unicode and
        /// control characters): a typed error whose message stays short, or a board whose
        /// written form parses back to it; never a panic.
        #[test]
        fn hostile_lines_give_bounded_errors_or_round_trip(
            fields in proptest::collection::vec(hostile_field(), 0..300),
            numeric in proptest::collection::vec(-20i64..20, 0..60),
        ) {
            let mut all = numeric.iter().map(i64::to_string).collect::<Vec<_>>();
            all.extend(fields);
            for line in [format!("board:{}", all.join(":")), format!("board:a:b:{}", all.join(":"))] {
                match FibsBoard::parse(&line) {
                    Ok(b) => {
                        prop_assert_eq!(FibsBoard::parse(&b.to_string()), Ok(b.clone()));
                        for d in [Dialect::Fibs, Dialect::Gnubg] {
                            if let Err(e) = b.to_state(d) {
                                prop_assert!(e.to_string().len() < 300, "{}", e);
                            }
                        }
                    }
                    Err(e) => prop_assert!(e.to_string().len() < 300, "{}", e),
                }
            }
        }

        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000), prefix in any::<bool>()) {
            let text = String::from_utf8_lossy(&bytes);
            let line = if prefix { format!("board:{text}") } else { text.into_owned() };
            if let Ok(b) = FibsBoard::parse(&line) {
                let _ = b.to_state(Dialect::Gnubg);
            }
        }

        #[test]
        fn state_write_parse_round_trip((pos, state) in arb_state(), gnubg in any::<bool>()) {
            prop_assume!(state.validate().is_ok());
            let dialect = if gnubg { Dialect::Gnubg } else { Dialect::Fibs };
            let names = ["alice".to_string(), "bob:x".to_string()];
            let line = FibsBoard::from_state(&pos, &state, &names, dialect).to_string();
            let parsed = FibsBoard::parse(&line).unwrap();
            prop_assert_eq!(parsed.to_string(), line.clone());
            let back = parsed.to_state(dialect).unwrap();
            prop_assert_eq!(back.position, pos);
            prop_assert_eq!(back.state, state);
            prop_assert_eq!(&back.names[1], "bob_x");
        }
    }
}
