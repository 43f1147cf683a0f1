//! One game of backgammon as a state machine: the opening roll, turns of rolling and playing, the
//! doubling cube (double, take, drop, beaver), resignations, and the game's end with its score,
//! together with a full record of every event for export and analysis.
//!
//! Rules follow the seed's "Rules of Backgammon": each side throws one die to start (equal dice are
//! thrown again, and with automatic doubles turn the cube), the higher die moves first with both
//! dice; a player with no legal play loses the turn; a double is offered only before rolling by a
//! player who owns the cube or while it is centred; a refused double loses the stake before it; a
//! beaver accepts and immediately redoubles while keeping the cube. Where the seed is silent,
//! gnubg 1.07's observed behaviour decides: the Jacoby rule voids gammons won by play while the
//! cube is centred (an automatic double does not lift it; a resigned gammon still counts); the
//! dice are kept higher die first; after the winning play the loser is on roll; and in match play
//! a player who would already win the match by winning at the current cube may not double
//! (gnubg: "The cube is dead").
//!
//! This module owns one game. Scores across games, the Crawford rule's bookkeeping and the dice
//! source are `session`'s; what the game is worth is `score`'s; legal plays are `movegen`'s.

use crate::rules::cube::{Cube, CubeOwner};
use crate::rules::match_id::{GameState, MatchState};
use crate::rules::movegen::{MoveGenerator, Play};
pub use crate::rules::player::{opponent, PlayerId};
use crate::rules::position::{Position, ON_ROLL, OPPONENT};
use crate::rules::score::WinKind;
use crate::rules::variant::Variant;
use std::cell::RefCell;
use thiserror::Error;

thread_local! {
    // One generator per thread: its tables are large, and games are cloned often (undo, search).
    static GENERATOR: RefCell<MoveGenerator> = RefCell::new(MoveGenerator::new());
}

fn generate(pos: &Position, dice: (u8, u8), out: &mut Vec<Play>) {
    GENERATOR.with(|g| {
        out.clear();
        out.extend_from_slice(g.borrow_mut().generate(pos, dice.0, dice.1));
    });
}

/// How one game is played: variant, cube rules and the match context it belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSetup {
    pub variant: Variant,
    /// Points to win the match, 0 for money play.
    pub match_length: u16,
    /// The match score before this game (for the match ID).
    pub score: [u16; 2],
    /// This game is the Crawford game: no doubling.
    pub crawford: bool,
    /// The doubling cube is in use.
    pub cube: bool,
    /// Money only: gammons count single while the cube is centred.
    pub jacoby: bool,
    /// Money only: how many beavers may follow one double (0: none).
    pub beavers: u8,
    /// Money only: how many times equal opening dice turn the cube (0: never).
    pub automatic_doubles: u8,
}

impl GameSetup {
    /// A money game with the cube and none of the optional rules.
    pub fn money(variant: Variant) -> Self {
        GameSetup {
            variant,
            match_length: 0,
            score: [0, 0],
            crawford: false,
            cube: true,
            jacoby: false,
            beavers: 0,
            automatic_doubles: 0,
        }
    }

    /// A game without the cube (the single game every agent trains on).
    pub fn cubeless(variant: Variant) -> Self {
        GameSetup { cube: false, ..GameSetup::money(variant) }
    }

    /// A game of a match at `score`. The seed: "Automatic doubles, beavers, and the Jacoby rule are
    /// not used in match play", so those fields are ignored when `match_length > 0`.
    pub fn match_game(variant: Variant, match_length: u16, score: [u16; 2], crawford: bool) -> Self {
        GameSetup { match_length, score, crawford, ..GameSetup::money(variant) }
    }

    pub fn is_money(&self) -> bool {
        self.match_length == 0
    }

    fn jacoby_in_force(&self) -> bool {
        self.is_money() && self.jacoby
    }

    fn beavers_allowed(&self) -> u8 {
        if self.is_money() {
            self.beavers
        } else {
            0
        }
    }

    fn automatic_doubles_allowed(&self) -> u8 {
        if self.is_money() && self.cube {
            self.automatic_doubles
        } else {
            0
        }
    }
}

/// What the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The opening roll: one die each.
    Opening,
    /// The player on roll may double or must roll.
    Roll,
    /// The player on roll must play the dice.
    Play,
    /// The player to decide must take, drop (or beaver) a double.
    CubeOffered,
    /// The player to decide must accept or decline a resignation.
    ResignationOffered,
    /// The game has ended.
    Over,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The winner bore off all chequers.
    BoreOff,
    /// The loser's resignation was accepted.
    Resigned,
    /// The loser refused a double.
    Dropped,
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameResult {
    pub winner: PlayerId,
    /// Single, gammon or backgammon (single for a drop; the resigned level for a resignation).
    pub kind: WinKind,
    /// The cube value the game was decided at.
    pub cube: u32,
    /// Points won: kind × cube, unless the Jacoby rule made a gammon won by play single. A match
    /// score adds these capped at the match length.
    pub points: u32,
    pub ending: Ending,
    /// The Jacoby rule reduced a gammon or backgammon to a single game.
    pub jacoby: bool,
}

/// Everything that happened in a game, in order. Players are 0 and 1; plays and positions are
/// seen from the player who moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEvent {
    /// One die each: `dice[p]` is player `p`'s. Equal dice are thrown again.
    OpeningRoll { dice: [u8; 2] },
    /// Equal opening dice turned the cube to `cube` (it stays centred).
    AutomaticDouble { cube: u32 },
    /// A player rolled, in the order thrown.
    Roll { player: PlayerId, dice: (u8, u8) },
    /// A player played `play` from `before` with `dice` (higher die first).
    Play { player: PlayerId, dice: (u8, u8), before: Position, play: Play },
    /// A player could not move with `dice`.
    Pass { player: PlayerId, dice: (u8, u8) },
    /// A player offered to double to `cube`.
    Double { player: PlayerId, cube: u32 },
    /// A player accepted; the cube is now `cube`.
    Take { player: PlayerId, cube: u32 },
    /// A player accepted at `cube` and immediately redoubled, keeping the cube.
    Beaver { player: PlayerId, cube: u32 },
    /// A player refused the double.
    Drop { player: PlayerId },
    /// A player offered to resign a game of `kind`.
    Resign { player: PlayerId, kind: WinKind },
    /// A player accepted the resignation offered.
    AcceptResignation { player: PlayerId, kind: WinKind },
    /// A player declined the resignation offered.
    DeclineResignation { player: PlayerId, kind: WinKind },
    /// The board was set up during play (gnubg's `set board`): `position` seen from `player`,
    /// who is now to roll, with `cube`. What happened before stays in the record.
    SetUp { player: PlayerId, position: Position, cube: Cube },
    /// The game ended.
    End(GameResult),
}

/// One thing a player (or the dice) can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// The dice: at the opening, player 0's die then player 1's; later the roller's two dice.
    Roll(u8, u8),
    Play(Play),
    Double,
    Take,
    Drop,
    Beaver,
    Resign(WinKind),
    AcceptResignation,
    DeclineResignation,
}

/// Why an action was refused. The game is unchanged after any error.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    #[error("the game is over")]
    GameOver,
    #[error("die value {0} is not between 1 and 6")]
    BadDie(u8),
    #[error("the dice are already rolled: play them")]
    AlreadyRolled,
    #[error("roll the dice first")]
    NotRolled,
    #[error("the opening roll has not been made")]
    BeforeOpeningRoll,
    #[error("player {0} must first answer the double")]
    DoublePending(PlayerId),
    #[error("player {0} must first answer the resignation")]
    ResignationPending(PlayerId),
    #[error("{play} is not a legal play of {d1}{d2}")]
    IllegalPlay { play: String, d1: u8, d2: u8 },
    #[error("the doubling cube is not in use in this game")]
    CubeDisabled,
    #[error("no doubling in the Crawford game")]
    CrawfordGame,
    #[error("player {0} owns the cube")]
    NotYourCube(PlayerId),
    #[error("the cube is at 32768, the largest a match ID holds")]
    CubeAtMaximum,
    #[error("the cube is dead: winning at the current cube already wins the match")]
    DeadCube,
    #[error("no double has been offered")]
    NoDoubleOffered,
    #[error("beavers are not allowed here ({0})")]
    BeaverNotAllowed(&'static str),
    #[error("no resignation has been offered")]
    NoResignationOffered,
}

/// A pending double.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Offer {
    /// The offer is a beaver's redouble: the beaverer keeps the cube when it is taken.
    after_beaver: bool,
    /// Beavers so far in this exchange.
    beavers: u8,
}

/// One game of backgammon.
#[derive(Debug, Clone)]
pub struct Game {
    setup: GameSetup,
    /// Seen from `on_roll` (side [`ON_ROLL`]).
    position: Position,
    on_roll: PlayerId,
    turn: PlayerId,
    cube: Cube,
    /// Higher die first; `None` until rolled.
    dice: Option<(u8, u8)>,
    phase: Phase,
    offer: Option<Offer>,
    /// A pending resignation and the phase to return to when it is declined.
    resignation: Option<(WinKind, Phase)>,
    automatic_doubles: u8,
    legal: Vec<Play>,
    events: Vec<GameEvent>,
    result: Option<GameResult>,
    /// Where a game set up with [`Game::from_position`] started, for [`Game::replay`].
    origin: Option<(Position, PlayerId, Cube)>,
}

impl Game {
    /// A new game from the variant's starting position, waiting for the opening roll.
    pub fn new(setup: GameSetup) -> Game {
        Game {
            setup,
            position: setup.variant.starting_position(),
            on_roll: 0,
            turn: 0,
            cube: Cube::default(),
            dice: None,
            phase: Phase::Opening,
            offer: None,
            resignation: None,
            automatic_doubles: 0,
            legal: Vec::new(),
            events: Vec::new(),
            result: None,
            origin: None,
        }
    }

    /// A game already under way: `position` seen from `on_roll`, who is about to roll (or
    /// double), with `cube`. For setting up positions (gnubg's `set board`) and for tests. Both
    /// sides should still have chequers: a side with none never wins by play.
    pub fn from_position(setup: GameSetup, position: Position, on_roll: PlayerId, cube: Cube) -> Game {
        let on_roll = on_roll.min(1);
        let origin = Some((position, on_roll, cube));
        Game { position, on_roll, turn: on_roll, cube, phase: Phase::Roll, origin, ..Game::new(setup) }
    }

    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// Where a game set up with [`Game::from_position`] (or set up before anything happened)
    /// started: the position seen from the player to roll, that player and the cube.
    pub fn origin(&self) -> Option<(Position, PlayerId, Cube)> {
        self.origin
    }

    /// Sets the board up during play, as gnubg's `set board` does: `position` seen from
    /// `on_roll`, who is to roll (or double) next, with `cube`; dice, offers and resignations
    /// pending are dropped. The game's record keeps what happened before and records a
    /// [`GameEvent::SetUp`], so that saving the game shows both; a game set up before anything
    /// was played (equal opening dice at most) simply starts there (as [`Game::from_position`]).
    pub fn set_position(&mut self, position: Position, on_roll: PlayerId, cube: Cube) -> Result<(), GameError> {
        if self.phase == Phase::Over {
            return Err(GameError::GameOver);
        }
        let on_roll = on_roll.min(1);
        // equal opening dice (and the automatic doubles they made) are superseded by the set-up
        // and no file records them: the game simply starts at the set-up
        let nothing_played =
            self.events.iter().all(|e| matches!(e, GameEvent::OpeningRoll { .. } | GameEvent::AutomaticDouble { .. }));
        if nothing_played {
            *self = Game::from_position(self.setup, position, on_roll, cube);
            return Ok(());
        }
        self.events.push(GameEvent::SetUp { player: on_roll, position, cube });
        self.position = position;
        self.on_roll = on_roll;
        self.turn = on_roll;
        self.cube = cube;
        self.dice = None;
        self.phase = Phase::Roll;
        self.offer = None;
        self.resignation = None;
        self.legal.clear();
        Ok(())
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The position seen from the player on roll.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position seen from `player` (as if `player` were on roll).
    pub fn position_of(&self, player: PlayerId) -> Position {
        if player == self.on_roll {
            self.position
        } else {
            self.position.swapped()
        }
    }

    /// The player on roll, or who did roll (player 0 before the opening roll).
    pub fn on_roll(&self) -> PlayerId {
        self.on_roll
    }

    /// The player who must act next, `None` once the game is over or before the opening roll.
    pub fn to_act(&self) -> Option<PlayerId> {
        match self.phase {
            Phase::Opening | Phase::Over => None,
            _ => Some(self.turn),
        }
    }

    pub fn cube(&self) -> Cube {
        self.cube
    }

    /// The dice to play, higher first.
    pub fn dice(&self) -> Option<(u8, u8)> {
        self.dice
    }

    /// The legal plays of the dice rolled (empty unless the phase is [`Phase::Play`]).
    pub fn legal_plays(&self) -> &[Play] {
        &self.legal
    }

    /// Every event so far.
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The player on roll may double now (before rolling, cube available).
    pub fn may_double(&self) -> bool {
        self.check_double().is_ok()
    }

    /// The state as a match ID would record it.
    pub fn match_state(&self) -> MatchState {
        let game_state = match (self.phase, self.result.map(|r| r.ending)) {
            (Phase::Opening, _) => GameState::NoGame,
            (Phase::Over, Some(Ending::BoreOff)) => GameState::Over,
            (Phase::Over, Some(Ending::Resigned)) => GameState::Resigned,
            (Phase::Over, Some(Ending::Dropped)) => GameState::Dropped,
            _ => GameState::Playing,
        };
        MatchState {
            cube_log2: self.cube.log2(),
            cube_owner: self.cube.owner(),
            on_roll: self.on_roll,
            // a Crawford flag in money play would make an ID gnubg refuses
            crawford: self.setup.crawford && !self.setup.is_money(),
            game_state,
            turn: self.turn,
            doubled: self.phase == Phase::CubeOffered,
            resignation: self.resignation.map(|(k, _)| k),
            dice: self.dice,
            match_length: self.setup.match_length,
            score: self.setup.score,
            // gnubg 1.07 sets this bit whenever the Jacoby rule does not apply, matches included
            no_jacoby: !self.setup.jacoby_in_force(),
        }
    }

    /// The position (seen from the player on roll) and match state before the first event and
    /// after each event: entry `i + 1` is the state after `events()[i]`. Events that follow from
    /// the one before (an automatic double, a pass, the end) repeat that state.
    pub fn replay(&self) -> Vec<(Position, MatchState)> {
        let mut g = match self.origin {
            Some((position, on_roll, cube)) => Game::from_position(self.setup, position, on_roll, cube),
            None => Game::new(self.setup),
        };
        let mut states = Vec::with_capacity(self.events.len() + 1);
        states.push((g.position, g.match_state()));
        for event in &self.events {
            if let GameEvent::SetUp { player, position, cube } = *event {
                let set = g.set_position(position, player, cube);
                debug_assert_eq!(set, Ok(()), "replaying {event:?}");
                states.push((g.position, g.match_state()));
                continue;
            }
            let action = match *event {
                GameEvent::OpeningRoll { dice } => Some(Action::Roll(dice[0], dice[1])),
                GameEvent::Roll { dice, .. } => Some(Action::Roll(dice.0, dice.1)),
                GameEvent::Play { play, .. } => Some(Action::Play(play)),
                GameEvent::Double { .. } => Some(Action::Double),
                GameEvent::Take { .. } => Some(Action::Take),
                GameEvent::Beaver { .. } => Some(Action::Beaver),
                GameEvent::Drop { .. } => Some(Action::Drop),
                GameEvent::Resign { kind, .. } => Some(Action::Resign(kind)),
                GameEvent::AcceptResignation { .. } => Some(Action::AcceptResignation),
                GameEvent::DeclineResignation { .. } => Some(Action::DeclineResignation),
                GameEvent::AutomaticDouble { .. }
                | GameEvent::Pass { .. }
                | GameEvent::End(_)
                | GameEvent::SetUp { .. } => None,
            };
            if let Some(action) = action {
                // the record was made by this state machine, so replaying it cannot fail
                let replayed = g.apply(&action);
                debug_assert_eq!(replayed, Ok(()), "replaying {event:?}");
            }
            states.push((g.position, g.match_state()));
        }
        states
    }

    /// Applies one action for the player to act (or the dice).
    pub fn apply(&mut self, action: &Action) -> Result<(), GameError> {
        match *action {
            Action::Roll(a, b) => self.roll(a, b),
            Action::Play(ref p) => self.play(p),
            Action::Double => self.double(),
            Action::Take => self.take(),
            Action::Drop => self.drop_cube(),
            Action::Beaver => self.beaver(),
            Action::Resign(k) => self.resign(k),
            Action::AcceptResignation => self.accept_resignation(),
            Action::DeclineResignation => self.decline_resignation(),
        }
    }

    fn pending(&self) -> Result<(), GameError> {
        match self.phase {
            Phase::Over => Err(GameError::GameOver),
            Phase::CubeOffered => Err(GameError::DoublePending(self.turn)),
            Phase::ResignationOffered => Err(GameError::ResignationPending(self.turn)),
            _ => Ok(()),
        }
    }

    /// Whether the dice may be rolled now, and if not, why.
    pub fn may_roll(&self) -> Result<(), GameError> {
        self.pending()?;
        match self.phase {
            Phase::Opening | Phase::Roll => Ok(()),
            _ => Err(GameError::AlreadyRolled),
        }
    }

    /// Rolls the dice: at the opening `a` is player 0's die and `b` player 1's; otherwise the
    /// roller's two dice. A player with no legal play passes at once.
    pub fn roll(&mut self, a: u8, b: u8) -> Result<(), GameError> {
        for d in [a, b] {
            if !(1..=6).contains(&d) {
                return Err(GameError::BadDie(d));
            }
        }
        self.may_roll()?;
        match self.phase {
            Phase::Opening => {
                self.events.push(GameEvent::OpeningRoll { dice: [a, b] });
                if a == b {
                    if self.automatic_doubles < self.setup.automatic_doubles_allowed() && self.cube.can_double() {
                        self.automatic_doubles += 1;
                        self.cube = self.cube.doubled(CubeOwner::Centred).unwrap_or(self.cube);
                        self.events.push(GameEvent::AutomaticDouble { cube: self.cube.value() });
                    }
                    return Ok(());
                }
                let first = if a > b { 0 } else { 1 };
                if first != self.on_roll {
                    self.position = self.position.swapped();
                }
                self.on_roll = first;
                self.turn = first;
                self.start_play((a.max(b), a.min(b)));
            }
            Phase::Roll => {
                self.events.push(GameEvent::Roll { player: self.on_roll, dice: (a, b) });
                self.start_play((a.max(b), a.min(b)));
            }
            _ => return Err(GameError::AlreadyRolled),
        }
        Ok(())
    }

    fn start_play(&mut self, dice: (u8, u8)) {
        generate(&self.position, dice, &mut self.legal);
        if self.legal.is_empty() {
            self.events.push(GameEvent::Pass { player: self.on_roll, dice });
            self.pass_turn(self.position);
        } else {
            self.dice = Some(dice);
            self.phase = Phase::Play;
        }
    }

    /// Hands the dice to the opponent; `after` is the position with the mover still on roll.
    fn pass_turn(&mut self, after: Position) {
        self.position = after.swapped();
        self.on_roll = opponent(self.on_roll);
        self.turn = self.on_roll;
        self.dice = None;
        self.legal.clear();
        self.phase = Phase::Roll;
    }

    /// Plays a legal play of the dice rolled. Any play reaching the same position as a legal one
    /// is accepted and recorded as the generator's play.
    pub fn play(&mut self, play: &Play) -> Result<(), GameError> {
        self.play_position(play.result()).map_err(|e| match e {
            GameError::IllegalPlay { d1, d2, .. } => GameError::IllegalPlay { play: play.notation(), d1, d2 },
            e => e,
        })
    }

    /// Plays the legal play that leads to `result` (seen from the mover, not swapped).
    pub fn play_position(&mut self, result: &Position) -> Result<(), GameError> {
        self.pending()?;
        let dice = match self.phase {
            Phase::Opening => return Err(GameError::BeforeOpeningRoll),
            Phase::Roll => return Err(GameError::NotRolled),
            _ => self.dice.ok_or(GameError::NotRolled)?,
        };
        let Some(chosen) = self.legal.iter().find(|p| p.result() == result).copied() else {
            return Err(GameError::IllegalPlay {
                play: format!("the play to {}", result.id()),
                d1: dice.0,
                d2: dice.1,
            });
        };
        self.commit(chosen, dice);
        Ok(())
    }

    /// Plays the legal play written `notation` with the parts gnubg writes (`24/18 13/11`), in
    /// any order. Other spellings of the same play (`24/16` as `24/18/16`) are not recognised.
    pub fn play_notation(&mut self, notation: &str) -> Result<(), GameError> {
        self.pending()?;
        let dice = match self.phase {
            Phase::Opening => return Err(GameError::BeforeOpeningRoll),
            Phase::Roll => return Err(GameError::NotRolled),
            _ => self.dice.ok_or(GameError::NotRolled)?,
        };
        let wanted = notation.split_whitespace().collect::<Vec<_>>().join(" ");
        let key = |text: &str| {
            let mut parts: Vec<String> = text.split_whitespace().map(str::to_ascii_lowercase).collect();
            parts.sort();
            parts
        };
        let want = key(&wanted);
        let Some(chosen) = self.legal.iter().find(|p| key(&p.notation()) == want).copied() else {
            return Err(GameError::IllegalPlay { play: wanted, d1: dice.0, d2: dice.1 });
        };
        self.commit(chosen, dice);
        Ok(())
    }

    fn commit(&mut self, play: Play, dice: (u8, u8)) {
        let player = self.on_roll;
        self.events.push(GameEvent::Play { player, dice, before: self.position, play });
        let after = *play.result();
        let won = after.chequers_in_play(ON_ROLL) == 0;
        // gnubg passes the turn after the winning play too: the loser is on roll at game over
        self.pass_turn(after);
        if won {
            let kind = WinKind::of_position(&after, OPPONENT, self.setup.variant);
            self.finish(player, kind, Ending::BoreOff);
        }
    }

    fn check_double(&self) -> Result<(), GameError> {
        self.pending()?;
        match self.phase {
            Phase::Opening => return Err(GameError::BeforeOpeningRoll),
            Phase::Play => return Err(GameError::AlreadyRolled),
            _ => {}
        }
        if !self.setup.cube {
            return Err(GameError::CubeDisabled);
        }
        if self.setup.crawford {
            return Err(GameError::CrawfordGame);
        }
        if let CubeOwner::Player(owner) = self.cube.owner() {
            if owner != self.on_roll {
                return Err(GameError::NotYourCube(owner));
            }
        }
        if !self.cube.can_double() {
            return Err(GameError::CubeAtMaximum);
        }
        // gnubg 1.07 refuses ("The cube is dead") once winning a single game at the current cube
        // would already take the player on roll to the match length.
        let needs = u32::from(self.setup.match_length).saturating_sub(u32::from(self.setup.score[self.on_roll]));
        if self.setup.match_length > 0 && self.cube.value() >= needs {
            return Err(GameError::DeadCube);
        }
        Ok(())
    }

    /// The player on roll offers to double, before rolling.
    pub fn double(&mut self) -> Result<(), GameError> {
        self.check_double()?;
        self.events.push(GameEvent::Double { player: self.on_roll, cube: self.cube.value() * 2 });
        self.offer = Some(Offer { after_beaver: false, beavers: 0 });
        self.turn = opponent(self.on_roll);
        self.phase = Phase::CubeOffered;
        Ok(())
    }

    fn offer(&self) -> Result<Offer, GameError> {
        match self.phase {
            Phase::Over => Err(GameError::GameOver),
            Phase::CubeOffered => self.offer.ok_or(GameError::NoDoubleOffered),
            _ => Err(GameError::NoDoubleOffered),
        }
    }

    /// The player offered a double accepts it. The taker owns the cube, except after a beaver,
    /// where the beaverer keeps it.
    pub fn take(&mut self) -> Result<(), GameError> {
        let offer = self.offer()?;
        let taker = self.turn;
        let owner = if offer.after_beaver { opponent(taker) } else { taker };
        self.cube = self.cube.doubled(CubeOwner::Player(owner)).ok_or(GameError::CubeAtMaximum)?;
        self.events.push(GameEvent::Take { player: taker, cube: self.cube.value() });
        self.offer = None;
        self.turn = self.on_roll;
        self.phase = Phase::Roll;
        Ok(())
    }

    /// The player offered a double refuses it and loses the stake before the double.
    pub fn drop_cube(&mut self) -> Result<(), GameError> {
        self.offer()?;
        let dropper = self.turn;
        self.events.push(GameEvent::Drop { player: dropper });
        self.offer = None;
        // gnubg 1.07 leaves the dropper as the player to decide in the dropped game's match ID
        self.finish(opponent(dropper), WinKind::Single, Ending::Dropped);
        Ok(())
    }

    /// The player offered a double accepts it and immediately redoubles, keeping the cube (money
    /// play with beavers allowed).
    pub fn beaver(&mut self) -> Result<(), GameError> {
        let offer = self.offer()?;
        if !self.setup.is_money() {
            return Err(GameError::BeaverNotAllowed("match play"));
        }
        if offer.beavers >= self.setup.beavers_allowed() {
            return Err(GameError::BeaverNotAllowed(if self.setup.beavers == 0 {
                "beavers are off"
            } else {
                "no more beavers after this many"
            }));
        }
        let beaverer = self.turn;
        // the beaver's own redouble must fit as well
        let accepted = self.cube.doubled(CubeOwner::Player(beaverer)).filter(|c| c.can_double());
        let Some(accepted) = accepted else { return Err(GameError::CubeAtMaximum) };
        self.cube = accepted;
        self.events.push(GameEvent::Beaver { player: beaverer, cube: self.cube.value() });
        self.offer = Some(Offer { after_beaver: true, beavers: offer.beavers + 1 });
        self.turn = opponent(beaverer);
        Ok(())
    }

    /// The player to act offers to resign a game of `kind` (before or after rolling).
    pub fn resign(&mut self, kind: WinKind) -> Result<(), GameError> {
        self.pending()?;
        if self.phase == Phase::Opening {
            return Err(GameError::BeforeOpeningRoll);
        }
        self.events.push(GameEvent::Resign { player: self.turn, kind });
        self.resignation = Some((kind, self.phase));
        self.turn = opponent(self.turn);
        self.phase = Phase::ResignationOffered;
        Ok(())
    }

    /// The resignation waiting for an answer, if any.
    pub fn pending_resignation(&self) -> Option<WinKind> {
        self.offered_resignation().ok().map(|(kind, _)| kind)
    }

    fn offered_resignation(&self) -> Result<(WinKind, Phase), GameError> {
        match (self.phase, self.resignation) {
            (Phase::Over, _) => Err(GameError::GameOver),
            (Phase::ResignationOffered, Some(r)) => Ok(r),
            _ => Err(GameError::NoResignationOffered),
        }
    }

    /// The player offered a resignation accepts it and wins that much.
    pub fn accept_resignation(&mut self) -> Result<(), GameError> {
        let (kind, _) = self.offered_resignation()?;
        let winner = self.turn;
        self.events.push(GameEvent::AcceptResignation { player: winner, kind });
        self.finish(winner, kind, Ending::Resigned);
        Ok(())
    }

    /// The player offered a resignation declines it; play goes on where it stopped.
    pub fn decline_resignation(&mut self) -> Result<(), GameError> {
        let (kind, resume) = self.offered_resignation()?;
        self.events.push(GameEvent::DeclineResignation { player: self.turn, kind });
        self.resignation = None;
        self.turn = opponent(self.turn);
        self.phase = resume;
        Ok(())
    }

    fn finish(&mut self, winner: PlayerId, kind: WinKind, ending: Ending) {
        // gnubg 1.07 scores an accepted gammon resignation as a gammon even under the Jacoby rule
        // ("root accepts and wins a gammon … 2 points" with a centred 1-cube).
        let jacoby = ending == Ending::BoreOff
            && self.setup.jacoby_in_force()
            && self.cube.owner() == CubeOwner::Centred
            && kind > WinKind::Single;
        let result = GameResult {
            winner,
            kind,
            cube: self.cube.value(),
            points: kind.points(self.cube.value(), jacoby),
            ending,
            jacoby,
        };
        self.events.push(GameEvent::End(result));
        self.result = Some(result);
        // The dice, the resignation level and the player to decide stay as they were: gnubg
        // 1.07's match ID of a resigned game keeps all three (`MOuuACAAGAAE`).
        self.offer = None;
        // a finished game is kept for the record (a loaded file holds thousands): it must not keep
        // the capacity of its largest list of legal plays, nor the slack of its event list (a
        // third of a loaded match's memory)
        self.legal = Vec::new();
        self.events.shrink_to_fit();
        self.phase = Phase::Over;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(me: &[(usize, u8)], opp: &[(usize, u8)]) -> Position {
        Position::from_points(me, opp).unwrap()
    }

    fn match5() -> Game {
        Game::new(GameSetup::match_game(Variant::Standard, 5, [0, 0], false))
    }

    #[test]
    fn opening_roll_rerolls_equal_dice_and_the_higher_die_moves_first_with_both() {
        let mut g = match5();
        assert_eq!(g.phase(), Phase::Opening);
        assert_eq!(g.to_act(), None);
        g.roll(4, 4).unwrap();
        assert_eq!(g.phase(), Phase::Opening, "equal opening dice are thrown again");
        // gnubg 1.07 `new match 5`, "gnubg rolls 2, root rolls 6": root (player 1) plays 62
        g.roll(2, 6).unwrap();
        assert_eq!((g.phase(), g.on_roll(), g.dice()), (Phase::Play, 1, Some((6, 2))));
        assert_eq!(g.match_state().id(), "cAmrAAAAAAAE");
        assert_eq!(g.position().id(), "4HPwATDgc/ABMA");
        assert_eq!(g.legal_plays().len(), 14, "the 14 plays of an opening 62");
        assert_eq!(g.events(), &[GameEvent::OpeningRoll { dice: [4, 4] }, GameEvent::OpeningRoll { dice: [2, 6] }][..]);
        // and "gnubg rolls 6, root rolls 2": player 0 on roll
        let mut g = match5();
        g.roll(6, 2).unwrap();
        assert_eq!(g.match_state().id(), "MAGrAAAAAAAE");
    }

    #[test]
    fn first_play_passes_the_turn_like_gnubg() {
        // gnubg 1.07: opening 62 for player 0, `move 13/11 24/18`
        let mut g = match5();
        g.roll(6, 2).unwrap();
        g.play_notation("13/11 24/18").unwrap();
        assert_eq!(g.position().id(), "4HPkQSDgc/ABMA");
        assert_eq!(g.match_state().id(), "cAmgAAAAAAAE");
        assert_eq!((g.phase(), g.on_roll(), g.to_act()), (Phase::Roll, 1, Some(1)));
        let GameEvent::Play { player, dice, before, play } = g.events()[1] else { panic!("{:?}", g.events()) };
        assert_eq!((player, dice, before.id()), (0, (6, 2), "4HPwATDgc/ABMA".to_string()));
        assert_eq!(play.notation(), "24/18 13/11");
        assert_eq!(play.result().swapped(), *g.position());
        // the player who moved sees its own play from its own side
        assert_eq!(g.position_of(0), *play.result());
    }

    #[test]
    fn no_legal_play_passes_automatically() {
        // on the bar against a closed board (the opponent's points 1-6 are our 24-19)
        let p = pos(&[(25, 1), (6, 14)], &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)]);
        let mut g = Game::from_position(GameSetup::money(Variant::Standard), p, 1, Cube::default());
        g.roll(6, 5).unwrap();
        assert_eq!((g.phase(), g.on_roll(), g.dice()), (Phase::Roll, 0, None));
        assert_eq!(g.position_of(1), p, "nothing moved");
        assert_eq!(
            g.events(),
            &[GameEvent::Roll { player: 1, dice: (6, 5) }, GameEvent::Pass { player: 1, dice: (6, 5) }][..]
        );
    }

    #[test]
    fn bearing_off_the_last_chequer_wins_single_gammon_or_backgammon() {
        let cases = [
            (pos(&[(1, 1)], &[(6, 14)]), WinKind::Single, 1),
            (pos(&[(1, 1)], &[(6, 14), (18, 1)]), WinKind::Gammon, 2),
            (pos(&[(1, 1)], &[(6, 14), (19, 1)]), WinKind::Backgammon, 3),
            (pos(&[(1, 1)], &[(6, 14), (25, 1)]), WinKind::Backgammon, 3),
        ];
        for (p, kind, points) in cases {
            let mut g = Game::from_position(GameSetup::money(Variant::Standard), p, 0, Cube::default());
            g.roll(6, 2).unwrap();
            g.play_notation("1/off").unwrap();
            let r = *g.result().unwrap();
            assert_eq!((r.winner, r.kind, r.points, r.ending), (0, kind, points, Ending::BoreOff), "{p:?}");
            // gnubg passes the turn after the winning play: the loser is on roll
            assert_eq!((g.on_roll(), g.dice(), g.match_state().game_state), (1, None, GameState::Over));
            assert_eq!(g.events().last(), Some(&GameEvent::End(r)));
        }
        // times the cube: a gammon with a 4-cube owned by the loser
        let p = pos(&[(1, 1)], &[(6, 15)]);
        let cube = Cube::new(2, CubeOwner::Player(1)).unwrap();
        let mut g = Game::from_position(GameSetup::money(Variant::Standard), p, 0, cube);
        g.roll(3, 1).unwrap();
        g.play_notation("1/off").unwrap();
        assert_eq!(g.result().unwrap().points, 8);
    }

    #[test]
    fn hypergammon_gammons_count() {
        let p = pos(&[(2, 1)], &[(3, 3)]);
        let mut g = Game::from_position(GameSetup::money(Variant::Hypergammon3), p, 1, Cube::default());
        g.roll(2, 1).unwrap();
        g.play_notation("2/off").unwrap();
        assert_eq!((g.result().unwrap().winner, g.result().unwrap().kind), (1, WinKind::Gammon));
        assert_eq!(g.result().unwrap().points, 2);
    }

    #[test]
    fn jacoby_voids_gammons_only_while_the_cube_is_centred() {
        let gammon = pos(&[(1, 1)], &[(6, 15)]);
        let setup = GameSetup { jacoby: true, ..GameSetup::money(Variant::Standard) };
        let finish = |cube: Cube, setup: GameSetup| {
            let mut g = Game::from_position(setup, gammon, 0, cube);
            g.roll(6, 2).unwrap();
            g.play_notation("1/off").unwrap();
            *g.result().unwrap()
        };
        let r = finish(Cube::default(), setup);
        assert_eq!((r.kind, r.points, r.jacoby), (WinKind::Gammon, 1, true));
        // gnubg 1.07 (`set automatic doubles 1`, Jacoby on, opening 33): a centred 2-cube gammon
        // scores "a single game and 2 points"
        let r = finish(Cube::new(1, CubeOwner::Centred).unwrap(), setup);
        assert_eq!((r.points, r.jacoby), (2, true));
        // once a double was taken the gammon counts
        let r = finish(Cube::new(1, CubeOwner::Player(1)).unwrap(), setup);
        assert_eq!((r.points, r.jacoby), (4, false));
        // an accepted gammon resignation counts in full (gnubg 1.07, Jacoby on, centred 1-cube:
        // "root accepts and wins a gammon … 2 points")
        let mut g = Game::from_position(setup, gammon, 0, Cube::default());
        g.resign(WinKind::Gammon).unwrap();
        g.accept_resignation().unwrap();
        assert_eq!((g.result().unwrap().points, g.result().unwrap().jacoby), (2, false));
        // never in match play
        let m = GameSetup { jacoby: true, ..GameSetup::match_game(Variant::Standard, 7, [0, 0], false) };
        assert_eq!(finish(Cube::default(), m).points, 2);
    }

    #[test]
    fn double_take_and_redouble() {
        let mut g = Game::from_position(
            GameSetup::money(Variant::Standard),
            Variant::Standard.starting_position(),
            0,
            Cube::default(),
        );
        g.double().unwrap();
        assert_eq!((g.phase(), g.to_act(), g.match_state().doubled), (Phase::CubeOffered, Some(1), true));
        assert_eq!(g.cube().value(), 1, "the cube turns when the double is taken");
        assert_eq!(g.roll(3, 1), Err(GameError::DoublePending(1)));
        g.take().unwrap();
        assert_eq!((g.cube().value(), g.cube().owner()), (2, CubeOwner::Player(1)));
        assert_eq!((g.phase(), g.to_act()), (Phase::Roll, Some(0)));
        // player 0 no longer owns the cube
        assert_eq!(g.double(), Err(GameError::NotYourCube(1)));
        g.roll(3, 1).unwrap();
        g.play_notation("8/5 6/5").unwrap();
        // player 1 redoubles to 4; player 0 takes and owns it
        g.double().unwrap();
        g.take().unwrap();
        assert_eq!((g.cube().value(), g.cube().owner()), (4, CubeOwner::Player(0)));
        let cubes: Vec<_> = g
            .events()
            .iter()
            .filter_map(|e| match e {
                GameEvent::Double { player, cube } => Some(("double", *player, *cube)),
                GameEvent::Take { player, cube } => Some(("take", *player, *cube)),
                _ => None,
            })
            .collect();
        assert_eq!(cubes, [("double", 0, 2), ("take", 1, 2), ("double", 1, 4), ("take", 0, 4)]);
    }

    #[test]
    fn a_dropped_redouble_loses_the_stake_before_it() {
        let cube = Cube::new(2, CubeOwner::Player(0)).unwrap();
        let mut g =
            Game::from_position(GameSetup::money(Variant::Standard), Variant::Standard.starting_position(), 0, cube);
        g.double().unwrap();
        g.drop_cube().unwrap();
        let r = *g.result().unwrap();
        assert_eq!((r.winner, r.points, r.kind, r.ending), (0, 4, WinKind::Single, Ending::Dropped));
        // gnubg 1.07 keeps the dropper as the player to decide in the dropped game's match ID
        assert_eq!((g.match_state().game_state, g.match_state().turn), (GameState::Dropped, 1));
        assert_eq!(g.take(), Err(GameError::GameOver));
    }

    #[test]
    fn beaver_keeps_the_cube_and_a_refused_beaver_pays_the_doubled_stake() {
        let setup = GameSetup { beavers: 1, ..GameSetup::money(Variant::Standard) };
        let start = Variant::Standard.starting_position();
        let mut g = Game::from_position(setup, start, 0, Cube::default());
        g.double().unwrap();
        g.beaver().unwrap();
        // accepted at 2 by player 1, who offers 4 back to player 0
        assert_eq!((g.cube().value(), g.cube().owner(), g.to_act()), (2, CubeOwner::Player(1), Some(0)));
        assert_eq!(g.beaver(), Err(GameError::BeaverNotAllowed("no more beavers after this many")));
        g.take().unwrap();
        assert_eq!((g.cube().value(), g.cube().owner()), (4, CubeOwner::Player(1)), "the beaverer keeps the cube");
        assert_eq!((g.phase(), g.on_roll()), (Phase::Roll, 0));

        let mut g = Game::from_position(setup, start, 0, Cube::default());
        g.double().unwrap();
        g.beaver().unwrap();
        g.drop_cube().unwrap();
        let r = g.result().unwrap();
        assert_eq!((r.winner, r.points), (1, 2));

        // not in matches, not when switched off
        let mut g = Game::from_position(GameSetup { beavers: 1, ..match5().setup }, start, 0, Cube::default());
        g.double().unwrap();
        assert_eq!(g.beaver(), Err(GameError::BeaverNotAllowed("match play")));
        let mut g = Game::from_position(GameSetup::money(Variant::Standard), start, 0, Cube::default());
        g.double().unwrap();
        assert_eq!(g.beaver(), Err(GameError::BeaverNotAllowed("beavers are off")));
    }

    #[test]
    fn automatic_doubles_up_to_the_limit_in_money_play_only() {
        let setup = GameSetup { automatic_doubles: 2, ..GameSetup::money(Variant::Standard) };
        let mut g = Game::new(setup);
        for d in [3, 4, 1] {
            g.roll(d, d).unwrap();
        }
        assert_eq!((g.cube().value(), g.cube().owner()), (4, CubeOwner::Centred));
        let autos = g.events().iter().filter(|e| matches!(e, GameEvent::AutomaticDouble { .. })).count();
        assert_eq!(autos, 2);
        let mut m = Game::new(GameSetup { automatic_doubles: 2, ..match5().setup });
        m.roll(3, 3).unwrap();
        assert_eq!(m.cube().value(), 1);
    }

    #[test]
    fn cube_limits() {
        let start = Variant::Standard.starting_position();
        let mut g = Game::from_position(GameSetup::cubeless(Variant::Standard), start, 0, Cube::default());
        assert_eq!(g.double(), Err(GameError::CubeDisabled));
        let crawford = GameSetup::match_game(Variant::Standard, 5, [4, 2], true);
        let mut g = Game::from_position(crawford, start, 1, Cube::default());
        assert!(!g.may_double());
        assert_eq!(g.double(), Err(GameError::CrawfordGame));
        // gnubg 1.07 in a 7 point match, player 0 on roll owning a 4-cube: "The cube is dead" at
        // 3-0 and 6-0, "gnubg doubles" at 2-0, 0-3 and 0-6; and dead at 6-6 with a 1-cube
        for (score, cube, dead) in [
            ([3, 0], 2, true),
            ([6, 0], 2, true),
            ([2, 0], 2, false),
            ([0, 3], 2, false),
            ([0, 6], 2, false),
            ([6, 6], 0, true),
        ] {
            let setup = GameSetup::match_game(Variant::Standard, 7, score, false);
            let owner = if cube == 0 { CubeOwner::Centred } else { CubeOwner::Player(0) };
            let mut g = Game::from_position(setup, start, 0, Cube::new(cube, owner).unwrap());
            assert_eq!(g.double().err(), dead.then_some(GameError::DeadCube), "{score:?}");
        }
        let max = Cube::new(15, CubeOwner::Player(0)).unwrap();
        let mut g = Game::from_position(GameSetup::money(Variant::Standard), start, 0, max);
        assert_eq!(g.double(), Err(GameError::CubeAtMaximum));
        // a beaver of a double to 2^15 would pass it
        let setup = GameSetup { beavers: 1, ..GameSetup::money(Variant::Standard) };
        let mut g = Game::from_position(setup, start, 0, Cube::new(14, CubeOwner::Player(0)).unwrap());
        g.double().unwrap();
        assert_eq!(g.beaver(), Err(GameError::CubeAtMaximum));
        g.take().unwrap();
        assert_eq!(g.cube().value(), 32768);
    }

    #[test]
    fn resignations_offered_declined_accepted() {
        let mut g = match5();
        g.roll(5, 3).unwrap();
        let before = g.match_state();
        g.resign(WinKind::Gammon).unwrap();
        // gnubg 1.07: player 0 on roll with 53 offers a gammon: `MMmu…` at 0-0 (resignation
        // level 2, player 1 to decide, dice kept)
        let m = g.match_state();
        assert_eq!((m.resignation, m.turn, m.on_roll, m.dice), (Some(WinKind::Gammon), 1, 0, Some((5, 3))));
        assert_eq!(g.play_notation("13/8 13/10"), Err(GameError::ResignationPending(1)));
        g.decline_resignation().unwrap();
        assert_eq!(g.match_state(), before);
        g.resign(WinKind::Backgammon).unwrap();
        g.accept_resignation().unwrap();
        let r = *g.result().unwrap();
        assert_eq!((r.winner, r.kind, r.points, r.ending), (1, WinKind::Backgammon, 3, Ending::Resigned));
        assert_eq!(g.accept_resignation(), Err(GameError::GameOver));
        let kinds: Vec<_> = g.events().iter().skip(1).map(std::mem::discriminant).collect();
        let want = [
            GameEvent::Resign { player: 0, kind: WinKind::Gammon },
            GameEvent::DeclineResignation { player: 1, kind: WinKind::Gammon },
            GameEvent::Resign { player: 0, kind: WinKind::Backgammon },
            GameEvent::AcceptResignation { player: 1, kind: WinKind::Backgammon },
            GameEvent::End(r),
        ];
        assert_eq!(kinds, want.iter().map(std::mem::discriminant).collect::<Vec<_>>());
        assert_eq!(&g.events()[1..], &want[..]);
    }

    #[test]
    fn illegal_actions_are_errors_and_change_nothing() {
        let mut g = match5();
        assert_eq!(g.play_notation("24/18"), Err(GameError::BeforeOpeningRoll));
        assert_eq!(g.double(), Err(GameError::BeforeOpeningRoll));
        assert_eq!(g.resign(WinKind::Single), Err(GameError::BeforeOpeningRoll));
        assert_eq!(g.roll(0, 3), Err(GameError::BadDie(0)));
        assert_eq!(g.roll(3, 7), Err(GameError::BadDie(7)));
        g.roll(6, 2).unwrap();
        let snapshot = (g.match_state(), g.events().len(), *g.position());
        assert_eq!(g.roll(3, 1), Err(GameError::AlreadyRolled));
        assert_eq!(g.double(), Err(GameError::AlreadyRolled));
        assert_eq!(g.take(), Err(GameError::NoDoubleOffered));
        assert_eq!(g.drop_cube(), Err(GameError::NoDoubleOffered));
        assert_eq!(g.beaver(), Err(GameError::NoDoubleOffered));
        assert_eq!(g.accept_resignation(), Err(GameError::NoResignationOffered));
        assert_eq!(g.decline_resignation(), Err(GameError::NoResignationOffered));
        assert_eq!(
            g.play_notation("24/16 13/5"),
            Err(GameError::IllegalPlay { play: "24/16 13/5".into(), d1: 6, d2: 2 })
        );
        // a play of other dice
        let other = crate::rules::movegen::legal_plays(g.position(), 5, 5)[0];
        assert!(matches!(g.play(&other), Err(GameError::IllegalPlay { .. })));
        assert_eq!(snapshot, (g.match_state(), g.events().len(), *g.position()));
        g.play_notation("24/18 13/11").unwrap();
        assert_eq!(g.play_notation("24/18 13/11"), Err(GameError::NotRolled));
    }

    #[test]
    fn replay_gives_the_state_after_every_event() {
        // the first game of the gnubg 1.07 session in `session`'s tests
        let mut g = match5();
        g.roll(6, 2).unwrap();
        g.play_notation("13/11 24/18").unwrap();
        g.double().unwrap();
        g.take().unwrap();
        g.roll(3, 1).unwrap();
        g.play_notation("8/5 6/5").unwrap();
        g.double().unwrap();
        g.drop_cube().unwrap();
        let states = g.replay();
        assert_eq!(states.len(), g.events().len() + 1);
        let ids: Vec<(String, String)> = states.iter().map(|(p, m)| (p.id(), m.id())).collect();
        let want = [
            // before the opening roll, hand-computed: centred cube, player 0, no game, length 5
            ("4HPwATDgc/ABMA", "MACgAAAAAAAE"),
            ("4HPwATDgc/ABMA", "MAGrAAAAAAAE"),
            ("4HPkQSDgc/ABMA", "cAmgAAAAAAAE"),
            ("4HPkQSDgc/ABMA", "cBGgAAAAAAAE"),
            ("4HPkQSDgc/ABMA", "QQmgAAAAAAAE"),
            ("4HPkQSDgc/ABMA", "QYmlAAAAAAAE"),
            ("sGfwATDgc+RBIA", "AQGgAAAAAAAE"),
            ("sGfwATDgc+RBIA", "ARmgAAAAAAAE"),
            // the game's own view keeps the score it started with (the session adds the result)
            ("sGfwATDgc+RBIA", "AQygAAAAAAAE"),
            ("sGfwATDgc+RBIA", "AQygAAAAAAAE"),
        ];
        assert_eq!(ids, want.map(|(p, m)| (p.to_string(), m.to_string())));
        assert_eq!(*states.last().unwrap(), (*g.position(), g.match_state()));
        // a game set up from a position replays from there
        let p = pos(&[(1, 1)], &[(6, 15)]);
        let mut g = Game::from_position(GameSetup::money(Variant::Standard), p, 1, Cube::default());
        g.roll(2, 1).unwrap();
        g.play_notation("1/off").unwrap();
        let states = g.replay();
        assert_eq!(states[0].0, p);
        assert_eq!(*states.last().unwrap(), (*g.position(), g.match_state()));
    }
}
