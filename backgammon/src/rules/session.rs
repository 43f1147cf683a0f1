//! A match to N points or a money session: the series of games, the score, the Crawford rule, and
//! the dice that drive them. Each game is a [`Game`]; this module starts games with the right
//! setup, adds their points to the score and answers the match ID for the state at any time.
//!
//! From the seed's "Rules for Match Play": the first player to reach the match length wins, and
//! there is no bonus beyond it (the score is capped at the match length); when a player first
//! reaches one point short of the match, the next game is the Crawford game, without doubling,
//! and doubling is allowed again afterwards. Automatic doubles, beavers and the Jacoby rule are
//! money-session options only. gnubg 1.07 shows the Crawford flag for the next game as soon as a
//! game is over, and so does [`Session::match_state`].

use crate::rules::cube::Cube;
use crate::rules::game::{Action, Game, GameError, GameSetup};
use crate::rules::match_id::{MatchState, MAX_MATCH_VALUE};
use crate::rules::movegen::Play;
use crate::rules::player::PlayerId;
use crate::rules::position::Position;
use crate::rules::variant::Variant;
use engine_core::dice::{Dice, DiceError};
use thiserror::Error;

/// The rules a session is played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub variant: Variant,
    /// Points to win, 0 for a money session.
    pub match_length: u16,
    /// Play the Crawford game (match play).
    pub crawford: bool,
    /// Use the doubling cube.
    pub cube: bool,
    /// Money only: gammons count single while the cube is centred.
    pub jacoby: bool,
    /// Money only: beavers allowed after one double (0: none).
    pub beavers: u8,
    /// Money only: how many times equal opening dice turn the cube.
    pub automatic_doubles: u8,
}

impl Rules {
    /// A match to `length` points with the Crawford rule.
    pub fn match_to(length: u16, variant: Variant) -> Rules {
        Rules {
            variant,
            match_length: length,
            crawford: true,
            cube: true,
            jacoby: false,
            beavers: 0,
            automatic_doubles: 0,
        }
    }

    /// A money session with the cube and no optional rules.
    pub fn money(variant: Variant) -> Rules {
        Rules::match_to(0, variant)
    }
}

/// Why a session refused an action.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SessionError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Dice(#[from] DiceError),
    #[error("match length {0} is beyond the largest a match ID holds, 32767")]
    MatchLength(u16),
    #[error("the match is over")]
    MatchOver,
    #[error("a game is in progress")]
    GameInProgress,
    #[error("no game has been started")]
    NoGame,
}

/// A match or money session.
#[derive(Debug, Clone)]
pub struct Session {
    rules: Rules,
    dice: Dice,
    score: [u32; 2],
    /// The Crawford game has been started (it happens at most once per match).
    crawford_started: bool,
    games: Vec<Game>,
}

impl Session {
    pub fn new(rules: Rules, dice: Dice) -> Result<Session, SessionError> {
        if rules.match_length > MAX_MATCH_VALUE {
            return Err(SessionError::MatchLength(rules.match_length));
        }
        Ok(Session { rules, dice, score: [0, 0], crawford_started: false, games: Vec::new() })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Points won by each player (capped at the match length in a match).
    pub fn score(&self) -> [u32; 2] {
        self.score
    }

    pub fn is_money(&self) -> bool {
        self.rules.match_length == 0
    }

    /// The match winner, once a player has reached the match length.
    pub fn winner(&self) -> Option<PlayerId> {
        let len = u32::from(self.rules.match_length);
        if len == 0 {
            return None;
        }
        (0..2).find(|&p| self.score[p] >= len)
    }

    /// Every game, the current one last.
    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// The current (or last) game.
    pub fn game(&self) -> Option<&Game> {
        self.games.last()
    }

    /// The dice source (to queue manual rolls).
    pub fn dice_mut(&mut self) -> &mut Dice {
        &mut self.dice
    }

    /// Whether the next game to start is the Crawford game: someone has reached one point short
    /// of the match and the Crawford game has not been played. (A 1-point match starts at that
    /// score without having reached it, and gnubg plays no Crawford game there.)
    pub fn next_game_is_crawford(&self) -> bool {
        let len = u32::from(self.rules.match_length);
        self.rules.crawford
            && len > 1
            && !self.crawford_started
            && self.winner().is_none()
            && self.score.contains(&(len - 1))
    }

    fn id_score(&self) -> [u16; 2] {
        // Money scores can outgrow the 15 bits of a match ID; they saturate there.
        self.score.map(|s| s.min(u32::from(MAX_MATCH_VALUE)) as u16)
    }

    /// Starts the next game, waiting for its opening roll.
    pub fn new_game(&mut self) -> Result<&Game, SessionError> {
        self.start(None)
    }

    /// Starts the next game from `position` (seen from `on_roll`, who is about to roll) with
    /// `cube`, like gnubg's `set board` at the start of a game.
    pub fn new_game_at(&mut self, position: Position, on_roll: PlayerId, cube: Cube) -> Result<&Game, SessionError> {
        self.start(Some((position, on_roll, cube)))
    }

    /// The setup of the next game under the session's rules at the current score.
    fn game_setup(&self, crawford: bool) -> GameSetup {
        let r = &self.rules;
        GameSetup {
            variant: r.variant,
            match_length: r.match_length,
            score: self.id_score(),
            crawford,
            cube: r.cube,
            jacoby: r.jacoby,
            beavers: r.beavers,
            automatic_doubles: r.automatic_doubles,
        }
    }

    fn start(&mut self, at: Option<(Position, PlayerId, Cube)>) -> Result<&Game, SessionError> {
        if self.game().is_some_and(|g| !g.is_over()) {
            return Err(SessionError::GameInProgress);
        }
        if self.winner().is_some() {
            return Err(SessionError::MatchOver);
        }
        let crawford = self.next_game_is_crawford();
        self.crawford_started |= crawford;
        let setup = self.game_setup(crawford);
        self.games.push(match at {
            None => Game::new(setup),
            Some((position, on_roll, cube)) => Game::from_position(setup, position, on_roll, cube),
        });
        Ok(self.games.last().expect("just pushed"))
    }

    /// Sets up `position`, seen from `on_roll` who is about to roll, with `cube`, at match score
    /// `score`; `crawford` makes it the Crawford game. gnubg's `set board` and `set matchid` do
    /// this. When a game is in progress at that score and Crawford flag (`set board`), the set-up
    /// is recorded in it ([`Game::set_position`]) after the moves already played, so a saved match
    /// shows both. Otherwise (no game, a finished one, or a new score) a new game starts there,
    /// replacing an unfinished one, whose moves no longer belong to the match at the new score;
    /// finished games stay in the record. The score is capped at the match length.
    pub fn set_up(
        &mut self,
        score: [u32; 2],
        crawford: bool,
        position: Position,
        on_roll: PlayerId,
        cube: Cube,
    ) -> Result<&Game, SessionError> {
        let len = u32::from(self.rules.match_length);
        let capped = if len > 0 { score.map(|s| s.min(len)) } else { score };
        let crawford_wanted = crawford && self.rules.crawford && len > 0 && capped.contains(&(len - 1));
        let in_progress = self.games.last_mut().filter(|g| !g.is_over());
        if let Some(g) = in_progress {
            if capped == self.score && g.setup().crawford == crawford_wanted {
                g.set_position(position, on_roll, cube)?;
                return Ok(self.games.last().expect("in progress"));
            }
            self.games.pop();
        }
        self.score = capped;
        if self.winner().is_some() {
            return Err(SessionError::MatchOver);
        }
        let crawford = crawford && self.rules.crawford && len > 0 && self.score.contains(&(len - 1));
        // a Crawford game already played (or skipped by this set-up) is never played again
        self.crawford_started = crawford || (len > 0 && self.score.contains(&(len - 1)));
        let setup = self.game_setup(crawford);
        self.games.push(Game::from_position(setup, position, on_roll, cube));
        Ok(self.games.last().expect("just pushed"))
    }

    fn current(&mut self) -> Result<&mut Game, SessionError> {
        self.games.last_mut().ok_or(SessionError::NoGame)
    }

    /// Applies an action to the current game and scores it if it ended.
    pub fn apply(&mut self, action: &Action) -> Result<(), SessionError> {
        self.current()?.apply(action)?;
        self.score_if_over();
        Ok(())
    }

    /// Rolls the session's dice for the current game (the opening roll: player 0's die, then
    /// player 1's). Returns the dice rolled. Nothing is drawn when rolling is not allowed, so a
    /// queued manual roll is not lost.
    pub fn roll(&mut self) -> Result<(u8, u8), SessionError> {
        self.current()?.may_roll()?;
        let dice = self.dice.roll()?;
        self.apply(&Action::Roll(dice.0, dice.1))?;
        Ok(dice)
    }

    pub fn play(&mut self, play: &Play) -> Result<(), SessionError> {
        self.apply(&Action::Play(*play))
    }

    /// Plays the legal play written as gnubg writes it.
    pub fn play_notation(&mut self, notation: &str) -> Result<(), SessionError> {
        self.current()?.play_notation(notation)?;
        self.score_if_over();
        Ok(())
    }

    /// Adds the result of a game that has just ended: a finished game refuses every action, so
    /// a successful action that leaves the game over is the one that ended it.
    fn score_if_over(&mut self) {
        if let Some(result) = self.game().filter(|g| g.is_over()).and_then(|g| g.result().copied()) {
            let w = result.winner;
            self.score[w] = self.score[w].saturating_add(result.points);
            if self.rules.match_length > 0 {
                self.score[w] = self.score[w].min(u32::from(self.rules.match_length));
            }
        }
    }

    /// The match ID's view of the current state. Once a game is over it shows the new score and
    /// whether the next game is the Crawford game, as gnubg does; before any game, a centred
    /// 1-cube with no game started.
    pub fn match_state(&self) -> MatchState {
        match self.game() {
            None => MatchState {
                match_length: self.rules.match_length,
                score: self.id_score(),
                crawford: self.next_game_is_crawford(),
                no_jacoby: !(self.is_money() && self.rules.jacoby),
                ..MatchState::default()
            },
            Some(g) if g.is_over() => {
                MatchState { score: self.id_score(), crawford: self.next_game_is_crawford(), ..g.match_state() }
            }
            Some(g) => g.match_state(),
        }
    }

    /// The 12-character match ID of the current state.
    pub fn match_id(&self) -> String {
        self.match_state().id()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cube::CubeOwner;
    use crate::rules::game::{Ending, Phase};
    use crate::rules::score::WinKind;

    fn manual() -> Dice {
        Dice::manual([]).unwrap()
    }

    fn ids(s: &Session) -> (String, String) {
        (s.game().unwrap().position().id(), s.match_id())
    }

    #[test]
    fn a_five_point_match_against_gnubg_1_07_ids() {
        // Replays a gnubg 1.07 session (both players human, manual dice, `set automatic game off`)
        // and compares the position and match ID after every step.
        let mut s = Session::new(Rules::match_to(5, Variant::Standard), manual()).unwrap();
        assert_eq!(s.match_state().match_length, 5);
        s.new_game().unwrap();
        let step = |s: &mut Session, a: Action, pos: &str, id: &str| {
            s.apply(&a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
            assert_eq!(ids(s), (pos.to_string(), id.to_string()), "after {a:?}");
        };
        step(&mut s, Action::Roll(6, 2), "4HPwATDgc/ABMA", "MAGrAAAAAAAE");
        s.play_notation("13/11 24/18").unwrap();
        assert_eq!(ids(&s), ("4HPkQSDgc/ABMA".into(), "cAmgAAAAAAAE".into()));
        step(&mut s, Action::Double, "4HPkQSDgc/ABMA", "cBGgAAAAAAAE");
        step(&mut s, Action::Take, "4HPkQSDgc/ABMA", "QQmgAAAAAAAE");
        step(&mut s, Action::Roll(3, 1), "4HPkQSDgc/ABMA", "QYmlAAAAAAAE");
        s.play_notation("8/5 6/5").unwrap();
        assert_eq!(ids(&s), ("sGfwATDgc+RBIA".into(), "AQGgAAAAAAAE".into()));
        step(&mut s, Action::Double, "sGfwATDgc+RBIA", "ARmgAAAAAAAE");
        // "root refuses the cube and gives up 2 points"
        step(&mut s, Action::Drop, "sGfwATDgc+RBIA", "AQygACAAAAAE");
        assert_eq!(s.score(), [2, 0]);
        assert_eq!(s.apply(&Action::Roll(1, 2)), Err(SessionError::Game(GameError::GameOver)));
        s.new_game().unwrap();
        step(&mut s, Action::Roll(5, 3), "4HPwATDgc/ABMA", "MIGuACAAAAAE");
        step(&mut s, Action::Resign(WinKind::Gammon), "4HPwATDgc/ABMA", "MMmuACAAAAAE");
        step(&mut s, Action::DeclineResignation, "4HPwATDgc/ABMA", "MIGuACAAAAAE");
        step(&mut s, Action::Resign(WinKind::Backgammon), "4HPwATDgc/ABMA", "MOmuACAAAAAE");
        // "root accepts and wins a backgammon … gnubg 2, root 3"
        step(&mut s, Action::AcceptResignation, "4HPwATDgc/ABMA", "MOuuACAAGAAE");
        assert_eq!(s.score(), [2, 3]);
        assert_eq!(s.games().len(), 2);
    }

    #[test]
    fn a_set_up_during_a_game_is_recorded_in_it() {
        use crate::rules::game::GameEvent;
        let mut s = Session::new(Rules::match_to(5, Variant::Standard), manual()).unwrap();
        s.new_game().unwrap();
        // before anything happened, the game starts there
        let p = Position::from_id("4HPkQSDgc/ABMA").unwrap();
        s.set_up([0, 0], false, p, 1, Cube::default()).unwrap();
        assert_eq!(s.game().unwrap().origin(), Some((p, 1, Cube::default())));
        assert!(s.game().unwrap().events().is_empty());
        s.apply(&Action::Roll(3, 1)).unwrap();
        s.play_notation("8/5 6/5").unwrap();
        // during the game (`set board` used to start the game again there, losing the moves
        // before): recorded after them, in the same game
        let cube = Cube::new(1, CubeOwner::Player(0)).unwrap();
        s.set_up([0, 0], false, p, 0, cube).unwrap();
        assert_eq!(s.games().len(), 1);
        let g = s.game().unwrap();
        assert_eq!(g.events().len(), 3);
        assert_eq!(g.events()[2], GameEvent::SetUp { player: 0, position: p, cube });
        assert_eq!((g.phase(), g.on_roll(), g.cube()), (Phase::Roll, 0, cube));
        assert_eq!(g.replay().last().unwrap().0, p);
        // a new score replaces the unfinished game with one starting there
        s.set_up([2, 1], false, p, 0, Cube::default()).unwrap();
        assert_eq!((s.games().len(), s.score()), (1, [2, 1]));
        assert!(s.game().unwrap().events().is_empty());
        assert_eq!(s.game().unwrap().setup().score, [2, 1]);
        // after equal opening dice nothing was played: the game starts at the set-up too
        s.apply(&Action::Roll(6, 1)).unwrap();
        s.apply(&Action::Resign(crate::rules::score::WinKind::Single)).unwrap();
        s.apply(&Action::AcceptResignation).unwrap();
        s.new_game().unwrap();
        s.apply(&Action::Roll(4, 4)).unwrap();
        s.set_up(s.score(), false, p, 1, Cube::default()).unwrap();
        assert_eq!(s.game().unwrap().origin(), Some((p, 1, Cube::default())));
        assert!(s.game().unwrap().events().is_empty());
    }

    #[test]
    fn game_over_ids_match_gnubg_after_set_board() {
        // gnubg 1.07: opening 62 for player 0, `set board POS`, `move 1/off`
        let cases = [
            ("4P8HAEABAAAAAA", "AAAAwP8PAIAAAA", 3, "cAqgADAAAAAE", "cAoAADAAAAAE"),
            ("4P8HAAEBAAAAAA", "AAAAwP8PAAIAAA", 3, "cAqgADAAAAAE", "cAoAADAAAAAE"),
            ("4P8HgAABAAAAAA", "AAAAwP8PAAEAAA", 2, "cAqgACAAAAAE", "cAoAACAAAAAE"),
            ("4P8HAIAAAAAAAA", "AAAAwP8PAAAAAA", 1, "cAqgABAAAAAE", "cAoAABAAAAAE"),
        ];
        for (start, end, points, match_id, money_id) in cases {
            for (rules, id) in
                [(Rules::match_to(5, Variant::Standard), match_id), (Rules::money(Variant::Standard), money_id)]
            {
                let mut s = Session::new(rules, manual()).unwrap();
                s.new_game_at(Position::from_id(start).unwrap(), 0, Cube::default()).unwrap();
                s.apply(&Action::Roll(6, 2)).unwrap();
                s.play_notation("1/off").unwrap();
                assert_eq!(ids(&s), (end.to_string(), id.to_string()), "{start}");
                assert_eq!(s.score(), [points, 0]);
                assert_eq!(s.game().unwrap().result().unwrap().ending, Ending::BoreOff);
            }
        }
    }

    #[test]
    fn hypergammon_gammons_like_gnubg() {
        // gnubg 1.07, `set variation 3-chequer-hypergammon`, money, opening 62, `set board POS`,
        // `move 1/off`: "wins a gammon and 2 points", "a single game and 1 point", "a backgammon
        // and 3 points"
        for (start, points) in [("4AAAEAAAAAAAAA", 2), ("YAAACAAAAAAAAA", 1), ("YAAQEAAAAAAAAA", 3)] {
            let mut s = Session::new(Rules::money(Variant::Hypergammon3), manual()).unwrap();
            s.new_game_at(Position::from_id(start).unwrap(), 0, Cube::default()).unwrap();
            s.apply(&Action::Roll(6, 2)).unwrap();
            s.play_notation("1/off").unwrap();
            assert_eq!(s.score(), [points, 0], "{start}");
        }
    }

    #[test]
    fn no_bonus_beyond_the_match_length_and_the_match_ends() {
        // gnubg 1.07 reports "gnubg 7" after a backgammon at 4-0 of 5 and then rejects its own
        // ID for it; the seed says there is no bonus beyond the match length.
        let mut s = Session::new(Rules::match_to(5, Variant::Standard), manual()).unwrap();
        s.score = [4, 0];
        s.new_game_at(Position::from_id("4P8HAEABAAAAAA").unwrap(), 0, Cube::default()).unwrap();
        assert!(s.game().unwrap().setup().crawford);
        s.apply(&Action::Roll(6, 2)).unwrap();
        s.play_notation("1/off").unwrap();
        assert_eq!(s.game().unwrap().result().unwrap().points, 3);
        assert_eq!((s.score(), s.winner()), ([5, 0], Some(0)));
        assert_eq!(MatchState::from_id(&s.match_id()).unwrap().score, [5, 0]);
        assert!(matches!(s.new_game(), Err(SessionError::MatchOver)));
    }

    #[test]
    fn crawford_flag_like_gnubg() {
        let mut s = Session::new(Rules::match_to(5, Variant::Standard), manual()).unwrap();
        s.score = [3, 0];
        // gnubg 1.07: a single game at 3-0 sets the Crawford flag in the game-over ID already
        s.new_game_at(Position::from_id("4P8HAIAAAAAAAA").unwrap(), 0, Cube::default()).unwrap();
        s.apply(&Action::Roll(6, 2)).unwrap();
        s.play_notation("1/off").unwrap();
        assert_eq!(s.match_id(), "8AqgAEAAAAAE");
        // the Crawford game ends 4-1: post-Crawford, flag clear (`MAKgAEAACAAE`)
        s.new_game_at(Position::from_id("4P8HAIAAAAAAAA").unwrap(), 1, Cube::default()).unwrap();
        assert!(s.game().unwrap().setup().crawford);
        assert!(s.match_state().crawford);
        s.apply(&Action::Roll(5, 2)).unwrap();
        s.play_notation("1/off").unwrap();
        assert_eq!(s.score(), [4, 1]);
        assert_eq!(s.match_id(), "MAKgAEAACAAE");
        // and the next game's opening "gnubg rolls 2, root rolls 5": `cImqAEAACAAE`
        s.new_game().unwrap();
        s.roll_opening_for_test(2, 5);
        assert_eq!(s.match_id(), "cImqAEAACAAE");
        // post-Crawford: doubling is allowed again, for the trailer; the leader's cube is dead
        s.play_notation("13/11 13/8").unwrap();
        assert_eq!((s.game().unwrap().phase(), s.game().unwrap().on_roll()), (Phase::Roll, 0));
        assert_eq!(s.apply(&Action::Double), Err(SessionError::Game(GameError::DeadCube)));
        s.apply(&Action::Roll(3, 1)).unwrap();
        s.play_notation("8/5 6/5").unwrap();
        assert!(s.game().unwrap().may_double());
        s.apply(&Action::Double).unwrap();
    }

    #[test]
    fn a_one_point_match_has_no_crawford_game() {
        // gnubg 1.07 `new match 1`: `MAErAAAAAAAE`, Crawford bit clear
        let mut s = Session::new(Rules::match_to(1, Variant::Standard), manual()).unwrap();
        s.new_game().unwrap();
        s.apply(&Action::Roll(6, 2)).unwrap();
        assert_eq!(s.match_id(), "MAErAAAAAAAE");
    }

    impl Session {
        fn roll_opening_for_test(&mut self, a: u8, b: u8) {
            self.dice_mut().push_manual(a, b).unwrap();
            assert_eq!(self.roll().unwrap(), (a, b));
        }
    }

    /// Ends the current game with `winner` taking `points` (1-3 by resignation at the cube value,
    /// or by a doubled single game for 2 after `double`).
    fn win_by_resignation(s: &mut Session, winner: PlayerId, kind: WinKind) {
        // the loser must be on roll to resign: the opening die decides who that is
        let (a, b) = if winner == 0 { (1, 2) } else { (2, 1) };
        s.apply(&Action::Roll(a, b)).unwrap();
        assert_eq!(s.game().unwrap().on_roll(), 1 - winner);
        s.apply(&Action::Resign(kind)).unwrap();
        s.apply(&Action::AcceptResignation).unwrap();
    }

    #[test]
    fn the_seeds_five_point_match_table() {
        // Match to 5; White = player 0, Black = player 1. The seed's table:
        // Game 1 White wins 2 (2-0), Game 2 Black 1 (2-1), Game 3 White 2 (4-1),
        // Game 4 Black 1 (4-2, Crawford game), Game 5 Black 2 (4-4, doubling allowed),
        // Game 6 White 2 (the seed writes 6-4; with no bonus beyond the match length, 5-4).
        let (white, black) = (0, 1);
        let mut s = Session::new(Rules::match_to(5, Variant::Standard), manual()).unwrap();
        let mut table = Vec::new();
        for game in 1..=6 {
            s.new_game().unwrap();
            let crawford = s.game().unwrap().setup().crawford;
            match game {
                1 | 3 => win_by_resignation(&mut s, white, WinKind::Gammon),
                2 => win_by_resignation(&mut s, black, WinKind::Single),
                4 => {
                    // no doubling in the Crawford game, for the trailer either
                    s.apply(&Action::Roll(6, 1)).unwrap();
                    s.play_notation("13/7 8/7").unwrap();
                    assert_eq!(s.game().unwrap().on_roll(), black);
                    assert_eq!(s.apply(&Action::Double), Err(SessionError::Game(GameError::CrawfordGame)));
                    s.apply(&Action::Roll(3, 1)).unwrap();
                    s.play_notation("8/5 6/5").unwrap();
                    assert_eq!(s.apply(&Action::Double), Err(SessionError::Game(GameError::CrawfordGame)));
                    s.apply(&Action::Resign(WinKind::Single)).unwrap();
                    s.apply(&Action::AcceptResignation).unwrap();
                }
                5 => {
                    // doubling allowed again: Black doubles, White takes, White resigns single
                    s.apply(&Action::Roll(6, 1)).unwrap();
                    s.play_notation("13/7 8/7").unwrap();
                    assert_eq!(s.game().unwrap().on_roll(), black);
                    s.apply(&Action::Double).unwrap();
                    s.apply(&Action::Take).unwrap();
                    s.apply(&Action::Roll(3, 1)).unwrap();
                    s.play_notation("8/5 6/5").unwrap();
                    s.apply(&Action::Resign(WinKind::Single)).unwrap();
                    s.apply(&Action::AcceptResignation).unwrap();
                }
                _ => win_by_resignation(&mut s, white, WinKind::Gammon),
            }
            let r = *s.game().unwrap().result().unwrap();
            table.push((r.winner, r.points, s.score(), crawford));
        }
        assert_eq!(
            table,
            [
                (white, 2, [2, 0], false),
                (black, 1, [2, 1], false),
                (white, 2, [4, 1], false),
                (black, 1, [4, 2], true),
                (black, 2, [4, 4], false),
                (white, 2, [5, 4], false),
            ]
        );
        // the raw points add up to the seed's 6-4
        let raw = s.games().iter().fold([0, 0], |mut t, g| {
            let r = g.result().unwrap();
            t[r.winner] += r.points;
            t
        });
        assert_eq!(raw, [6, 4]);
        assert_eq!(s.winner(), Some(white));
    }

    #[test]
    fn money_session_with_automatic_doubles_and_a_beaver_like_gnubg() {
        // gnubg 1.07: `set beavers 1`, `set automatic doubles 2`, Jacoby on, `new session`;
        // opening rolls 33, 44, 11, 62
        let rules = Rules { beavers: 1, automatic_doubles: 2, jacoby: true, ..Rules::money(Variant::Standard) };
        let mut s = Session::new(rules, Dice::manual([(3, 3), (4, 4), (1, 1), (6, 2)]).unwrap()).unwrap();
        s.new_game().unwrap();
        for _ in 0..4 {
            s.roll().unwrap();
        }
        assert_eq!(ids(&s), ("4HPwATDgc/ABMA".into(), "MgELAAAAAAAA".into()));
        s.play_notation("13/11 24/18").unwrap();
        assert_eq!(s.match_id(), "cgkAAAAAAAAA");
        s.apply(&Action::Double).unwrap();
        assert_eq!(s.match_id(), "chEAAAAAAAAA");
        // "gnubg accepts and immediately redoubles to 16"
        s.apply(&Action::Beaver).unwrap();
        assert_eq!(s.match_id(), "QxkAAAAAAAAA");
        // "root accepts the cube at 16": gnubg keeps it
        s.apply(&Action::Take).unwrap();
        assert_eq!(s.match_id(), "RAkAAAAAAAAA");
        assert_eq!((s.game().unwrap().cube().value(), s.game().unwrap().cube().owner()), (16, CubeOwner::Player(0)));
        assert_eq!(s.roll(), Err(SessionError::Dice(DiceError::NoManualRoll)));
        // a roll refused by the game does not use up the queued dice
        s.dice_mut().push_manual(5, 4).unwrap();
        s.apply(&Action::Resign(WinKind::Single)).unwrap();
        assert_eq!(s.roll(), Err(SessionError::Game(GameError::ResignationPending(0))));
        s.apply(&Action::DeclineResignation).unwrap();
        assert_eq!(s.roll(), Ok((5, 4)));
    }

    #[test]
    fn money_scores_accumulate_and_sessions_validate() {
        assert_eq!(
            Session::new(Rules::match_to(40000, Variant::Standard), manual()).unwrap_err(),
            SessionError::MatchLength(40000)
        );
        let mut s = Session::new(Rules::money(Variant::Standard), manual()).unwrap();
        assert_eq!(s.apply(&Action::Double), Err(SessionError::NoGame));
        // hand-computed: centred cube (byte 0 = 0x30), no game, bit 66 set as Jacoby is off
        assert_eq!(s.match_id(), "MAAAAAAAAAAE");
        for _ in 0..3 {
            s.new_game().unwrap();
            assert!(matches!(s.new_game(), Err(SessionError::GameInProgress)));
            win_by_resignation(&mut s, 1, WinKind::Backgammon);
        }
        assert_eq!((s.score(), s.winner()), ([0, 9], None));
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        /// A step of a fuzzed session: mostly the action the phase calls for (so games run to the
        /// end), otherwise any action at all, with dice anywhere in 0..=7 so bad dice are tried.
        fn step() -> impl Strategy<Value = (u8, u8, u8, usize)> {
            (0u8..40, 0u8..=7, 0u8..=7, any::<usize>())
        }

        fn choose(s: &Session, (what, a, b, pick): (u8, u8, u8, usize)) -> Option<Action> {
            let play = |s: &Session| {
                s.game().and_then(|g| {
                    let legal = g.legal_plays();
                    (!legal.is_empty()).then(|| Action::Play(legal[pick % legal.len()]))
                })
            };
            if what < 32 {
                let die = |d: u8| d.clamp(1, 6);
                return match s.game().map(Game::phase) {
                    None | Some(Phase::Over) => None,
                    Some(Phase::Opening | Phase::Roll) => Some(Action::Roll(die(a), die(b))),
                    Some(Phase::Play) => play(s),
                    Some(Phase::CubeOffered) => Some(Action::Take),
                    Some(Phase::ResignationOffered) => Some(Action::DeclineResignation),
                };
            }
            match what {
                32 => Some(Action::Roll(a, b)),
                33 => play(s),
                34 | 35 => Some(Action::Double),
                36 => Some([Action::Take, Action::Drop, Action::Beaver][pick % 3]),
                37 => Some(Action::Resign(WinKind::ALL[pick % 3])),
                38 => Some(if pick % 2 == 0 { Action::AcceptResignation } else { Action::DeclineResignation }),
                _ => None,
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]

            #[test]
            fn any_action_sequence_keeps_a_consistent_state(
                length in prop_oneof![Just(0u16), 1u16..9],
                beavers in 0u8..3,
                autos in 0u8..3,
                steps in proptest::collection::vec(step(), 1..1000),
            ) {
                let rules = Rules { beavers, automatic_doubles: autos, jacoby: beavers == 1, ..Rules::match_to(length, Variant::Standard) };
                let mut s = Session::new(rules, manual()).unwrap();
                for step in steps {
                    let action = choose(&s, step);
                    let before = s.score();
                    match action {
                        Some(action) => {
                            let _ = s.apply(&action);
                        }
                        None => {
                            let _ = s.new_game();
                        }
                    }
                    // the match ID always describes a valid state and round-trips
                    let m = s.match_state();
                    prop_assert_eq!(MatchState::from_id(&m.id()), Ok(m));
                    if let Some(g) = s.game() {
                        let p = g.position();
                        prop_assert!(p.validate().is_ok());
                        prop_assert!(p.chequers_in_play(0) <= 15 && p.chequers_in_play(1) <= 15);
                        prop_assert_eq!(g.is_over(), g.result().is_some());
                    }
                    // scores only grow, and never past the match length
                    prop_assert!(s.score()[0] >= before[0] && s.score()[1] >= before[1]);
                    if length > 0 {
                        prop_assert!(s.score().iter().all(|&x| x <= u32::from(length)));
                    }
                }
                // every game's record replays to where it stands
                for g in s.games() {
                    prop_assert_eq!(g.replay().last().copied(), Some((*g.position(), g.match_state())));
                }
            }
        }
    }
}
