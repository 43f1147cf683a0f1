//! gnubg's command language for `gammon`: `new match 5`, `roll`, `move 8/4 6/4`, `double`, `take`,
//! `hint`, `set player 1 chequerplay evaluation plies 2`, `show board` and the rest, read one line at
//! a time by the interactive terminal and by `gammon -t` alike. [`Shell::execute`] answers a line
//! with the text gnubg would print (messages in gnubg 1.07's wording, the board after every
//! action) and then lets the computer play its side; every bad command or argument is answered with
//! one line (at most [`MAX_ERROR_CHARS`] characters, quoting input through
//! `engine_core::limits::excerpt`) and the session goes on. [`Shell::answer`] keeps that line
//! apart, so `gammon -t` ([`Shell::run_batch`], lines bounded by `MAX_LINE_BYTES`) prints it on
//! standard error and counts the failures.
//!
//! Built on `engine_core::command` (a registry of multi-word command names with typed arguments).
//! Owns the command table, the settings of the players and the session in progress; the rules are
//! `session`'s and `game`'s, evaluations `nply`'s and `cube_decision`'s (through [`advice`]), the
//! board `display`'s. It must not touch the terminal: the binary reads lines (with history and
//! completion) and prints what comes back.

pub mod advice;
mod files;
pub mod moves;
mod rollouts;

use crate::cube::{Cube, CubeOwner};
use crate::display::{draw_board, BoardAnnotations};
use crate::eval::Evaluator;
use crate::game::{opponent, Action, Game, GameError, GameEvent, Phase};
use crate::match_id::MatchState;
use crate::met::MatchEquityTable;
use crate::nply::{NPly, Settings, MAX_PLIES};
use crate::position::Position;
use crate::score::WinKind;
use crate::session::{Rules, Session, SessionError};
use crate::variant::Variant;
use engine_core::command::{Args, CommandError, Registry};
use engine_core::dice::{parse_die, Dice, DiceError};
use engine_core::limits::{excerpt, read_line_limited, LineRead, MAX_LINE_BYTES};
use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

/// Longest match `new match` starts (gnubg's limit).
pub const MAX_MATCH_LENGTH: usize = 64;

/// Most games of one rollout (`set rollout trials`, `gammon rollout --trials`): about four
/// minutes at 0-ply on two cores, so a mistyped count cannot keep a session busy for days.
pub const MAX_ROLLOUT_TRIALS: u64 = 1_000_000;

/// Longest player name `set player N name` accepts, in characters (gnubg keeps 31). Names are
/// printed on every board and written into every match file.
pub const MAX_PLAYER_NAME_CHARS: usize = 31;

/// Longest error line the shell prints, in characters: messages quote offending input through
/// [`excerpt`], and any message longer than this (one quoting something else the user typed) is
/// cut, so no input makes an error reply long.
pub const MAX_ERROR_CHARS: usize = 300;

/// Who plays a side and how well.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerConfig {
    /// The computer plays this side.
    pub computer: bool,
    pub chequer: Settings,
    /// Depth of the cubeless evaluation behind cube decisions.
    pub cube_plies: usize,
}

impl Default for PlayerConfig {
    fn default() -> Self {
        PlayerConfig { computer: true, chequer: Settings::plies(0), cube_plies: 0 }
    }
}

/// Everything a command may read or change.
pub struct State {
    session: Option<Session>,
    /// Rules for the next `new match` / `new session`.
    rules: Rules,
    players: [PlayerConfig; 2],
    names: [String; 2],
    /// Dice for the next session when none is in progress.
    dice: Dice,
    /// `set dice`: the next roll.
    next_roll: Option<(u8, u8)>,
    /// `set rng manual`: every roll must be entered with `set dice`.
    manual_dice: bool,
    seed: u64,
    /// Sessions before each player action, for `undo`.
    undo: Vec<Session>,
    /// Games whose end has been announced.
    announced: usize,
    /// Levels of `hint`/`eval` (chequer play, and the cube's plies).
    hint: Settings,
    hint_cube_plies: usize,
    rollout: rollouts::RolloutSettings,
    met: MatchEquityTable,
    search: NPly<'static>,
    log: String,
    quit: bool,
    /// The computer is making the current decision (for the player's side too, with `play`).
    computer_acting: bool,
    /// Depth of `analyse` (0: gnubg's expert level).
    analysis_plies: usize,
    /// The last analyses, dropped whenever the session changes.
    game_analysis: Option<crate::analysis::GameAnalysis>,
    session_analysis: Option<crate::analysis::SessionAnalysis>,
}

type Reply = Result<String, CommandError>;

fn fail<T>(message: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError::Failed(message.into()))
}

fn syntax<T>(message: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError::Syntax(message.into()))
}

const NO_GAME: &str = "No game in progress (type `new game' to start one).";

fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn on_off(args: &Args, what: &str) -> Result<bool, CommandError> {
    match args.get(0).map(str::to_ascii_lowercase).as_deref() {
        Some("on" | "yes" | "true" | "1") if args.len() == 1 => Ok(true),
        Some("off" | "no" | "false" | "0") if args.len() == 1 => Ok(false),
        _ => syntax(format!("You must specify either `on' or `off' (see `help set {what}').")),
    }
}

impl State {
    fn new(seed: u64) -> State {
        State {
            session: None,
            // gnubg's defaults: the Jacoby rule and 3 beavers in money sessions
            rules: Rules { jacoby: true, beavers: 3, ..Rules::money(Variant::Standard) },
            players: [PlayerConfig::default(), PlayerConfig { computer: false, ..PlayerConfig::default() }],
            names: ["gnubg".to_string(), "user".to_string()],
            dice: Dice::seeded(seed),
            next_roll: None,
            manual_dice: false,
            seed,
            undo: Vec::new(),
            announced: 0,
            hint: Settings::plies(2),
            hint_cube_plies: 2,
            rollout: rollouts::RolloutSettings::new(seed),
            met: MatchEquityTable::kazaross_xg2(),
            search: NPly::new(Evaluator::embedded(), seed),
            log: String::new(),
            quit: false,
            computer_acting: false,
            analysis_plies: 0,
            game_analysis: None,
            session_analysis: None,
        }
    }

    fn say(&mut self, line: impl AsRef<str>) {
        self.log.push_str(line.as_ref());
        if !line.as_ref().ends_with('\n') {
            self.log.push('\n');
        }
    }

    fn game(&self) -> Result<&Game, CommandError> {
        self.session.as_ref().and_then(Session::game).ok_or_else(|| CommandError::Failed(NO_GAME.into()))
    }

    fn session_mut(&mut self) -> Result<&mut Session, CommandError> {
        match &mut self.session {
            Some(s) if s.game().is_some() => Ok(s),
            _ => fail(NO_GAME),
        }
    }

    /// The game in progress, refusing a finished one.
    fn live_game(&self) -> Result<&Game, CommandError> {
        let g = self.game()?;
        if g.is_over() {
            return fail("The game is over (type `new game' to start the next one).");
        }
        Ok(g)
    }

    /// The board as `show board` draws it.
    fn board_text(&self) -> Option<String> {
        let s = self.session.as_ref()?;
        let g = s.game()?;
        let a = BoardAnnotations {
            on_roll: g.on_roll(),
            dice: g.dice(),
            cube_value: g.cube().value(),
            cube_owner: match g.cube().owner() {
                CubeOwner::Centred => None,
                CubeOwner::Player(p) => Some(p),
            },
            match_length: u32::from(s.rules().match_length),
            score: s.score(),
            crawford: g.setup().crawford,
            chequers: g.setup().variant.chequers(),
            names: self.names.clone(),
        };
        Some(draw_board(g.position(), &g.position().id(), &s.match_id(), &a))
    }

    fn show_board(&mut self) {
        if let Some(b) = self.board_text() {
            self.say(b);
            // gnubg leaves an empty line after each board
            self.say("");
        }
    }

    fn score_line(&self) -> String {
        let Some(s) = &self.session else {
            return "No match or session in progress.".to_string();
        };
        let games = s.games().iter().filter(|g| g.is_over()).count() as u32;
        let [a, b] = s.score();
        let rules = s.rules();
        let what = if s.is_money() {
            let jacoby = if rules.jacoby { "with" } else { "without" };
            let beavers = if rules.beavers > 0 { "with" } else { "without" };
            format!("money session, {jacoby} Jacoby rule, {beavers} beavers")
        } else {
            let mut t = format!("match to {}", plural(u32::from(rules.match_length), "point"));
            let crawford_now =
                s.game().is_some_and(|g| !g.is_over() && g.setup().crawford) || s.next_game_is_crawford();
            if crawford_now {
                t.push_str(", Crawford game");
            } else if rules.crawford && s.score().contains(&(u32::from(rules.match_length) - 1)) && s.winner().is_none()
            {
                t.push_str(", post-Crawford play");
            }
            t
        };
        let game_word = if games == 1 { "game" } else { "games" };
        format!("The score (after {games} {game_word}) is: {} {a}, {} {b} ({what})", self.names[0], self.names[1])
    }

    /// Takes the dice for a new session: those of the session in progress, so one seed drives a
    /// whole run of sessions.
    fn take_dice(&mut self) -> Dice {
        match &mut self.session {
            Some(s) => std::mem::replace(s.dice_mut(), Dice::seeded(0)),
            None => std::mem::replace(&mut self.dice, Dice::seeded(0)),
        }
    }

    fn start_session(&mut self, rules: Rules) -> Result<(), CommandError> {
        let dice = self.take_dice();
        let session = match Session::new(rules, dice.clone()) {
            Ok(s) => s,
            Err(e) => {
                self.dice = dice;
                return fail(e.to_string());
            }
        };
        self.session = Some(session);
        self.undo.clear();
        self.announced = 0;
        self.forget_analysis();
        Ok(())
    }

    fn start_game(&mut self) -> Result<(), CommandError> {
        let s = self.session.as_mut().ok_or_else(|| CommandError::Failed(NO_GAME.into()))?;
        s.new_game().map_err(|e| CommandError::Failed(session_message(&e)))?;
        Ok(())
    }

    /// Rolls for the player to act (the opening roll included), using `set dice` if given.
    fn roll_dice(&mut self) -> Result<(), CommandError> {
        let manual = self.manual_dice;
        let next = self.next_roll.take();
        let s = self.session_mut()?;
        let result = match next {
            Some((a, b)) => s.apply(&Action::Roll(a, b)),
            None if manual => Err(SessionError::Dice(DiceError::NoManualRoll)),
            None => s.roll().map(|_| ()),
        };
        result.map_err(|e| CommandError::Failed(session_message(&e)))
    }

    fn name(&self, p: usize) -> String {
        self.names[p].clone()
    }

    /// Applies a player's action and reports it as gnubg does.
    fn act(&mut self, action: Action) -> Result<(), CommandError> {
        let game = self.live_game()?;
        let actor = game.to_act().unwrap_or(game.on_roll());
        let cube_before = game.cube().value();
        let dice = game.dice();
        self.forget_analysis();
        let s = self.session_mut()?;
        s.apply(&action).map_err(|e| match e {
            SessionError::Game(g) => CommandError::Failed(action_message(&action, &g)),
            e => CommandError::Failed(session_message(&e)),
        })?;
        let name = self.name(actor);
        let computer = self.players[actor].computer || self.computer_acting;
        match action {
            Action::Play(p) if computer => self.say(format!("{name} moves {}.", p.notation())),
            Action::Play(_) => {}
            Action::Double => self.say(format!("{name} doubles.")),
            Action::Take => self.say(format!("{name} accepts the cube.")),
            Action::Beaver => self.say(format!("{name} accepts and immediately redoubles to {}.", cube_before * 4)),
            Action::Drop => self.say(format!("{name} refuses the cube and gives up {}.", plural(cube_before, "point"))),
            Action::Resign(k) => self.say(format!("{name} offers to resign a {}.", k.name())),
            Action::AcceptResignation | Action::DeclineResignation => {
                if let Some(GameEvent::AcceptResignation { kind, .. } | GameEvent::DeclineResignation { kind, .. }) =
                    self.game()?.events().iter().rev().find(|e| {
                        matches!(e, GameEvent::AcceptResignation { .. } | GameEvent::DeclineResignation { .. })
                    })
                {
                    let kind = *kind;
                    if action == Action::AcceptResignation {
                        self.say(format!("{name} accepts and wins a {}.", kind.name()));
                    } else {
                        self.say(format!("{name} declines the {}.", kind.name()));
                    }
                }
            }
            Action::Roll(..) => {}
        }
        let _ = dice;
        self.show_board();
        Ok(())
    }

    /// Rolls for the player on roll and reports a pass.
    fn roll_and_report(&mut self) -> Result<(), CommandError> {
        let roller = self.live_game()?.on_roll();
        self.live_game()?.may_roll().map_err(|e| CommandError::Failed(roll_message(&e)))?;
        self.roll_dice()?;
        let g = self.game()?;
        if let Some(GameEvent::Pass { player, .. }) = g.events().last() {
            let player = *player;
            self.show_board();
            self.say(format!("{} cannot move.", self.name(player)));
        } else if !self.players[roller].computer {
            self.show_board();
        }
        Ok(())
    }

    fn forget_analysis(&mut self) {
        self.game_analysis = None;
        self.session_analysis = None;
    }

    fn checkpoint(&mut self) {
        self.forget_analysis();
        if let Some(s) = &self.session {
            self.undo.push(s.clone());
        }
    }

    /// A player's command: saved for `undo` unless it fails.
    fn player_action(&mut self, f: impl FnOnce(&mut State) -> Result<(), CommandError>) -> Reply {
        self.checkpoint();
        match f(self) {
            Ok(()) => Ok(String::new()),
            Err(e) => {
                self.undo.pop();
                Err(e)
            }
        }
    }

    /// Announces games that have ended since the last call.
    fn announce_end(&mut self) {
        let Some(s) = &self.session else { return };
        let over = s.games().iter().filter(|g| g.is_over()).count();
        if over <= self.announced {
            self.announced = over;
            return;
        }
        self.announced = over;
        let Some(r) = s.game().and_then(Game::result).copied() else { return };
        let winner = s.winner();
        self.say(format!("{} wins a {} and {}.", self.names[r.winner], r.kind.name(), plural(r.points, "point")));
        self.say(self.score_line());
        if let Some(w) = winner {
            self.say(format!("{} has won the match.", self.names[w]));
        }
    }

    /// Lets the computer play every decision that is its own, starting the next game of a match
    /// (or of a session with a human in it) when one ends, until a human must act.
    fn advance(&mut self) {
        // a match to 64 between two computers is some thousands of actions
        for _ in 0..1_000_000 {
            let Some(s) = &self.session else { return };
            let Some(g) = s.game() else { return };
            if g.is_over() {
                self.announce_end();
                let both_computers = self.players.iter().all(|p| p.computer);
                let s = self.session.as_ref().expect("checked");
                if s.winner().is_some() || (s.is_money() && both_computers) {
                    return;
                }
                if self.start_game().is_err() {
                    return;
                }
                continue;
            }
            if g.phase() == Phase::Opening {
                if self.opening_roll().is_err() {
                    return;
                }
                continue;
            }
            let Some(p) = g.to_act() else { return };
            if !self.players[p].computer {
                return;
            }
            if self.computer_step().is_err() {
                return;
            }
        }
    }

    fn opening_roll(&mut self) -> Result<(), CommandError> {
        let before = self.game()?.events().len();
        self.roll_dice()?;
        let g = self.game()?;
        let rolls: Vec<[u8; 2]> = g.events()[before..]
            .iter()
            .filter_map(|e| match e {
                GameEvent::OpeningRoll { dice } => Some(*dice),
                _ => None,
            })
            .collect();
        let on_roll = g.on_roll();
        let passed = matches!(g.events().last(), Some(GameEvent::Pass { .. }));
        for [a, b] in rolls {
            self.say(format!("{} rolls {a}, {} rolls {b}.", self.names[0], self.names[1]));
        }
        if passed {
            self.say(format!("{} cannot move.", self.name(on_roll)));
        }
        if !self.players[on_roll].computer || passed {
            self.show_board();
        }
        Ok(())
    }

    /// One decision of the player to act, made by the computer at that player's level.
    fn computer_step(&mut self) -> Result<(), CommandError> {
        self.computer_acting = true;
        let result = self.computer_decision();
        self.computer_acting = false;
        result
    }

    fn computer_decision(&mut self) -> Result<(), CommandError> {
        let g = self.live_game()?.clone();
        let me = g.to_act().unwrap_or(g.on_roll());
        let level = self.players[me];
        match g.phase() {
            Phase::Opening => self.opening_roll(),
            Phase::Roll => {
                let declined = matches!(g.events().last(), Some(GameEvent::DeclineResignation { .. }));
                if !declined {
                    if let Some(kind) = advice::resignation(&mut self.search, &g) {
                        return self.act(Action::Resign(kind));
                    }
                }
                if advice::should_double(&mut self.search, &g, &self.met, level.cube_plies) {
                    return self.act(Action::Double);
                }
                self.roll_and_report()
            }
            Phase::Play => match advice::choose_play(&mut self.search, &g, &level.chequer) {
                Some(play) => self.act(Action::Play(play)),
                None => fail("no legal play"),
            },
            Phase::CubeOffered => {
                let (take, beaver) = advice::take_decision(&mut self.search, &g, &self.met, level.cube_plies);
                if beaver && self.act(Action::Beaver).is_ok() {
                    return Ok(());
                }
                self.act(if take { Action::Take } else { Action::Drop })
            }
            Phase::ResignationOffered => {
                let kind = g.pending_resignation().unwrap_or(WinKind::Single);
                let accept = advice::accept_resignation(&mut self.search, &g, &self.met, kind, level.cube_plies);
                self.act(if accept { Action::AcceptResignation } else { Action::DeclineResignation })
            }
            Phase::Over => Ok(()),
        }
    }

    /// `set player N …`: a player by number or name, or `both`.
    fn players_named(&self, who: &str) -> Result<Vec<usize>, CommandError> {
        match who {
            "0" => Ok(vec![0]),
            "1" => Ok(vec![1]),
            "both" => Ok(vec![0, 1]),
            _ => match self.names.iter().position(|n| n.eq_ignore_ascii_case(who)) {
                Some(p) => Ok(vec![p]),
                None => fail(format!("Unknown player `{}' (see `help set player').", excerpt(who))),
            },
        }
    }
}

fn session_message(e: &SessionError) -> String {
    match e {
        SessionError::Game(g) => game_message(g),
        SessionError::Dice(DiceError::NoManualRoll) => {
            "You must set the dice first with `set dice D1 D2' (the dice are manual).".into()
        }
        SessionError::MatchOver => "The match is over (type `new match N' to start another).".into(),
        SessionError::GameInProgress => "A game is already in progress.".into(),
        SessionError::NoGame => NO_GAME.into(),
        e => e.to_string(),
    }
}

fn game_message(e: &GameError) -> String {
    match e {
        GameError::GameOver => "The game is over (type `new game' to start the next one).".into(),
        GameError::AlreadyRolled => "You have already rolled the dice.".into(),
        GameError::NotRolled => "You must roll the dice before you can move.".into(),
        GameError::DoublePending(_) => "The cube has been offered: take or drop it first.".into(),
        GameError::ResignationPending(_) => "A resignation has been offered: accept or reject it first.".into(),
        GameError::IllegalPlay { .. } => "Illegal or unparsable move.".into(),
        GameError::CrawfordGame => "The cube is disabled during the Crawford game.".into(),
        GameError::CubeDisabled => "The doubling cube has been disabled.".into(),
        GameError::NotYourCube(_) => "You do not own the cube.".into(),
        GameError::DeadCube => "The cube is dead: you already win the match with a single game.".into(),
        e => {
            let mut s = e.to_string();
            if let Some(c) = s.get(..1) {
                s.replace_range(..1, &c.to_ascii_uppercase());
            }
            s.push('.');
            s
        }
    }
}

fn roll_message(e: &GameError) -> String {
    game_message(e)
}

fn action_message(action: &Action, e: &GameError) -> String {
    match (action, e) {
        (Action::Double, GameError::AlreadyRolled) => {
            "You can't double after rolling the dice -- wait until your next turn.".into()
        }
        (Action::Take | Action::Beaver, GameError::NoDoubleOffered) => {
            "The cube must have been offered before you can take it.".into()
        }
        (Action::Drop, GameError::NoDoubleOffered) => "The cube must have been offered before you can drop it.".into(),
        (Action::Beaver, GameError::BeaverNotAllowed("match play")) => {
            "Beavers and Raccoons are not permitted during match play.".into()
        }
        (Action::AcceptResignation | Action::DeclineResignation, GameError::NoResignationOffered) => {
            "You can only accept or reject if the cube or a resignation has been offered.".into()
        }
        _ => game_message(e),
    }
}

// ---- command handlers: each writes its messages to the state's log ----

fn cmd_new_game(st: &mut State, args: &Args) -> Reply {
    args.expect_len(0).or_else(|_| syntax("`new game' takes no arguments."))?;
    let continue_session = st.session.as_ref().is_some_and(|s| s.winner().is_none());
    if !continue_session {
        st.start_session(st.rules)?;
    }
    st.start_game()?;
    st.say("A new game has been started.");
    Ok(String::new())
}

fn cmd_new_match(st: &mut State, args: &Args) -> Reply {
    let len = match (args.len(), args.value::<usize>(0)) {
        (1, Ok(n)) if (1..=MAX_MATCH_LENGTH).contains(&n) => n as u16,
        _ => {
            return syntax(format!(
                "You must specify a match length from 1 to {MAX_MATCH_LENGTH} (see `help new match')."
            ))
        }
    };
    st.start_session(Rules { match_length: len, ..st.rules })?;
    st.start_game()?;
    st.say(format!("A new {} match has been started.", plural(u32::from(len), "point")));
    Ok(String::new())
}

fn cmd_new_session(st: &mut State, args: &Args) -> Reply {
    args.expect_len(0).or_else(|_| syntax("`new session' takes no arguments."))?;
    st.start_session(Rules { match_length: 0, ..st.rules })?;
    st.start_game()?;
    st.say("A new session has been started.");
    Ok(String::new())
}

fn cmd_roll(st: &mut State, args: &Args) -> Reply {
    args.expect_len(0).or_else(|_| syntax("`roll' takes no arguments."))?;
    st.player_action(|st| {
        if st.live_game()?.phase() == Phase::Opening {
            return st.opening_roll();
        }
        st.roll_and_report()
    })
}

fn cmd_move(st: &mut State, args: &Args) -> Reply {
    let g = st.live_game()?;
    match g.phase() {
        Phase::Play => {}
        Phase::Roll | Phase::Opening => return fail("You must roll the dice before you can move."),
        _ => return fail(game_message(&g.may_roll().err().unwrap_or(GameError::NotRolled))),
    }
    let words: Vec<&str> = args.tokens().iter().map(String::as_str).collect();
    let result = moves::typed_result(g.position(), &words)
        .map_err(|_| CommandError::Failed("Illegal or unparsable move.".into()))?;
    let Some(play) = g.legal_plays().iter().find(|p| *p.result() == result).copied() else {
        return fail("Illegal or unparsable move.");
    };
    st.player_action(|st| st.act(Action::Play(play)))
}

fn simple_action(action: Action) -> impl FnOnce(&mut State) -> Result<(), CommandError> {
    move |st| st.act(action)
}

fn no_args(args: &Args, name: &str) -> Result<(), CommandError> {
    args.expect_len(0).or_else(|_| syntax(format!("`{name}' takes no arguments.")))
}

fn cmd_double(st: &mut State, args: &Args) -> Reply {
    no_args(args, "double")?;
    st.player_action(simple_action(Action::Double))
}

fn cmd_take(st: &mut State, args: &Args) -> Reply {
    no_args(args, "take")?;
    st.player_action(simple_action(Action::Take))
}

fn cmd_drop(st: &mut State, args: &Args) -> Reply {
    no_args(args, "drop")?;
    st.player_action(simple_action(Action::Drop))
}

fn cmd_beaver(st: &mut State, args: &Args) -> Reply {
    no_args(args, "beaver")?;
    st.player_action(simple_action(Action::Beaver))
}

fn cmd_resign(st: &mut State, args: &Args) -> Reply {
    let kind = match args.get(0).map(str::to_ascii_lowercase).as_deref() {
        None | Some("n" | "normal" | "single" | "1") => WinKind::Single,
        Some("g" | "gammon" | "2") => WinKind::Gammon,
        Some("b" | "backgammon" | "3") => WinKind::Backgammon,
        Some(other) => return syntax(format!("Unknown keyword `{}' (see `help resign').", excerpt(other))),
    };
    if args.len() > 1 {
        return syntax("`resign' takes one argument: normal, gammon or backgammon.");
    }
    st.player_action(simple_action(Action::Resign(kind)))
}

fn cmd_accept(st: &mut State, args: &Args) -> Reply {
    no_args(args, "accept")?;
    let action = if st.live_game()?.phase() == Phase::CubeOffered { Action::Take } else { Action::AcceptResignation };
    st.player_action(simple_action(action))
}

fn cmd_reject(st: &mut State, args: &Args) -> Reply {
    no_args(args, "reject")?;
    let action = if st.live_game()?.phase() == Phase::CubeOffered { Action::Drop } else { Action::DeclineResignation };
    st.player_action(simple_action(action))
}

fn cmd_undo(st: &mut State, args: &Args) -> Reply {
    no_args(args, "undo")?;
    let Some(previous) = st.undo.pop() else { return fail("Nothing to undo.") };
    st.announced = previous.games().iter().filter(|g| g.is_over()).count();
    st.session = Some(previous);
    st.show_board();
    Ok(String::new())
}

fn cmd_play(st: &mut State, args: &Args) -> Reply {
    no_args(args, "play")?;
    st.live_game()?;
    st.player_action(|st| {
        let roll_phase = st.live_game()?.phase() == Phase::Roll;
        st.computer_step()?;
        // a whole turn: after rolling, the play too
        if roll_phase && st.live_game().is_ok_and(|g| g.phase() == Phase::Play) {
            st.computer_step()?;
        }
        Ok(())
    })
}

fn cmd_set_player(st: &mut State, args: &Args) -> Reply {
    let who =
        args.get(0).ok_or_else(|| CommandError::Syntax("You must specify a player (see `help set player').".into()))?;
    let players = st.players_named(who)?;
    let rest: Vec<String> = args.tokens()[1..].iter().map(|t| t.to_ascii_lowercase()).collect();
    let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
    let plies = |v: Option<&&str>| -> Result<usize, CommandError> {
        match v.and_then(|t| t.parse::<usize>().ok()) {
            Some(n) if n <= MAX_PLIES => Ok(n),
            _ => syntax(format!("Valid numbers of plies to look ahead are 0 to {MAX_PLIES}.")),
        }
    };
    for p in players {
        let name = st.name(p);
        match rest.as_slice() {
            ["gnu" | "gnubg" | "computer"] => {
                st.players[p].computer = true;
                st.say(format!("Moves for {name} will now be played by GNU Backgammon."));
            }
            ["human"] => {
                st.players[p].computer = false;
                st.say(format!("Moves for {name} must now be entered manually."));
            }
            ["chequerplay" | "chequer" | "checkerplay", "evaluation", "plies", n] => {
                let n = plies(Some(n))?;
                st.players[p].chequer = Settings { plies: n, ..Settings::plies(n) };
                st.say(format!("{name} will use {n} ply evaluation."));
            }
            ["cubedecision" | "cube", "evaluation", "plies", n] => {
                st.players[p].cube_plies = plies(Some(n))?;
                st.say(format!("{name} will use {} ply evaluation for cube decisions.", st.players[p].cube_plies));
            }
            ["level" | "setting", level @ ..] if !level.is_empty() => {
                let level = level.join(" ");
                let Some(settings) = Settings::named(&level) else {
                    return syntax(format!(
                        "Unknown level `{}' (beginner, casual, intermediate, advanced, expert, world class, supremo, grandmaster).",
                        excerpt(&level)
                    ));
                };
                st.players[p].chequer = settings;
                st.players[p].cube_plies = settings.plies;
                st.say(format!("{name} will play at level {level}."));
            }
            ["name", _] => {
                let new = args.tokens()[2].clone();
                if new.chars().count() > MAX_PLAYER_NAME_CHARS || new.chars().any(char::is_control) {
                    return fail(format!(
                        "The name `{}' cannot be used: names are at most {MAX_PLAYER_NAME_CHARS} printable characters.",
                        excerpt(&new)
                    ));
                }
                if new.eq_ignore_ascii_case(&st.names[1 - p]) || new == "0" || new == "1" || *new == *"both" {
                    return fail(format!("The name `{new}' cannot be used."));
                }
                st.say(format!("Player {p} is now known as `{new}'."));
                st.names[p] = new;
            }
            ["external", ..] => {
                return fail("External players are served by `gammon external --listen HOST:PORT', not set here.")
            }
            [] => return syntax("You must say what to set for the player (see `help set player')."),
            [other, ..] => return syntax(format!("Unknown keyword `{}' (see `help set player').", excerpt(other))),
        }
    }
    Ok(String::new())
}

fn cmd_set_evaluation(st: &mut State, args: &Args) -> Reply {
    let rest: Vec<String> = args.tokens().iter().map(|t| t.to_ascii_lowercase()).collect();
    let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
    let n = match rest.as_slice() {
        [_, "evaluation", "plies", n] | [_, "plies", n] => n.parse::<usize>().ok().filter(|&n| n <= MAX_PLIES),
        _ => return syntax("Usage: set evaluation chequerplay|cubedecision evaluation plies N"),
    };
    let Some(n) = n else { return syntax(format!("Valid numbers of plies to look ahead are 0 to {MAX_PLIES}.")) };
    match rest[0] {
        "chequerplay" | "chequer" | "checkerplay" => {
            st.hint = Settings::plies(n);
            st.say(format!("Hints and evaluations will use {n} ply for chequer play."));
        }
        "cubedecision" | "cube" => {
            st.hint_cube_plies = n;
            st.say(format!("Hints and evaluations will use {n} ply for cube decisions."));
        }
        other => return syntax(format!("Unknown keyword `{}' (see `help set evaluation').", excerpt(other))),
    }
    Ok(String::new())
}

fn cmd_set_board(st: &mut State, args: &Args) -> Reply {
    let Some(id) = args.get(0).filter(|_| args.len() == 1) else {
        return syntax("You must specify a position ID (see `help set board').");
    };
    let pos = Position::from_id(id)
        .map_err(|e| CommandError::Failed(format!("Illegal position ID '{}': {e}", excerpt(id))))?;
    let g = st.game().map_err(|_| CommandError::Failed("You must set up a board first (type `new game').".into()))?;
    let (on_roll, cube, crawford) = (g.on_roll(), g.cube(), g.setup().crawford && !g.is_over());
    // the dice stay rolled, as in gnubg
    let dice = g.dice();
    st.player_action(|st| {
        let s = st.session.as_mut().expect("a game exists");
        let score = s.score();
        s.set_up(score, crawford, pos, on_roll, cube).map_err(|e| CommandError::Failed(session_message(&e)))?;
        if let Some((a, b)) = dice {
            s.apply(&Action::Roll(a, b)).map_err(|e| CommandError::Failed(session_message(&e)))?;
        }
        st.show_board();
        Ok(())
    })
}

fn cmd_set_matchid(st: &mut State, args: &Args) -> Reply {
    let Some(id) = args.get(0).filter(|_| args.len() == 1) else {
        return syntax("You must specify a match ID (see `help set matchid').");
    };
    let m = MatchState::from_id(id).map_err(|_| CommandError::Failed(format!("Illegal match ID '{}'", excerpt(id))))?;
    if usize::from(m.match_length) > MAX_MATCH_LENGTH {
        return fail(format!("Illegal match ID '{}': matches are at most {MAX_MATCH_LENGTH} points", excerpt(id)));
    }
    let cube = Cube::new(m.cube_log2, m.cube_owner)
        .ok_or_else(|| CommandError::Failed(format!("Illegal match ID '{}'", excerpt(id))))?;
    st.player_action(|st| {
        let position = match st.session.as_ref().and_then(Session::game) {
            Some(g) => g.position_of(m.on_roll),
            None => st.rules.variant.starting_position(),
        };
        let same_rules = st.session.as_ref().is_some_and(|s| s.rules().match_length == m.match_length);
        if !same_rules {
            st.start_session(Rules { match_length: m.match_length, ..st.rules })?;
        }
        let s = st.session.as_mut().expect("started");
        let score = m.score.map(u32::from);
        s.set_up(score, m.crawford, position, m.on_roll, cube)
            .map_err(|e| CommandError::Failed(session_message(&e)))?;
        if let Some((a, b)) = m.dice {
            s.apply(&Action::Roll(a, b)).map_err(|e| CommandError::Failed(session_message(&e)))?;
        } else if m.doubled {
            let _ = s.apply(&Action::Double);
        }
        st.announced = s.games().iter().filter(|g| g.is_over()).count();
        st.show_board();
        Ok(())
    })
}

fn cmd_set_dice(st: &mut State, args: &Args) -> Reply {
    const MSG: &str = "You must specify two numbers from 1 to 6 for the dice.";
    // `set dice 63` is accepted as well as `set dice 6 3`
    let dice: Vec<&str> = match args.tokens() {
        [one] if one.len() == 2 && one.is_char_boundary(1) => vec![&one[..1], &one[1..]],
        [a, b] => vec![a.as_str(), b.as_str()],
        _ => return syntax(MSG),
    };
    let (Ok(a), Ok(b)) = (parse_die(dice[0]), parse_die(dice[1])) else { return syntax(MSG) };
    st.next_roll = Some((a, b));
    st.say(format!("The dice have been set to {a} and {b}."));
    Ok(String::new())
}

fn cmd_set_seed(st: &mut State, args: &Args) -> Reply {
    let Some(seed) = args.get(0).filter(|_| args.len() == 1).and_then(|t| t.parse::<u64>().ok()) else {
        return syntax("You must specify a valid seed (see `help set seed').");
    };
    st.seed = seed;
    match &mut st.session {
        Some(s) => *s.dice_mut() = Dice::seeded(seed),
        None => st.dice = Dice::seeded(seed),
    }
    st.search.reseed(seed);
    st.say(format!("Seed set to {seed}."));
    Ok(String::new())
}

fn cmd_set_rng(st: &mut State, args: &Args) -> Reply {
    let name = args.get(0).map(str::to_ascii_lowercase);
    let label = match name.as_deref() {
        Some("manual") => {
            st.manual_dice = true;
            st.say("Dice will now be entered manually (`set dice D1 D2' before each roll).");
            return Ok(String::new());
        }
        Some("mersenne") => "Mersenne Twister",
        Some("ansi") => "ANSI",
        Some("bsd") => "BSD",
        Some("isaac") => "ISAAC",
        Some("md5") => "MD5",
        Some("bbs") => "Blum, Blum and Shub",
        Some("random.org") => "random.org",
        _ => return syntax("Unknown generator (ansi, bbs, bsd, isaac, manual, md5, mersenne, random.org)."),
    };
    st.manual_dice = false;
    st.say(format!("The {label} generator is played by gammon's seeded generator (set seed S repeats a run)."));
    Ok(String::new())
}

fn next_rules_note(st: &mut State) {
    if st.session.is_some() {
        st.say("(This takes effect when you start a new match or session.)");
    }
}

fn cmd_set_crawford(st: &mut State, args: &Args) -> Reply {
    st.rules.crawford = on_off(args, "crawford")?;
    st.say(if st.rules.crawford { "Will use the Crawford rule." } else { "Will not use the Crawford rule." });
    next_rules_note(st);
    Ok(String::new())
}

fn cmd_set_jacoby(st: &mut State, args: &Args) -> Reply {
    st.rules.jacoby = on_off(args, "jacoby")?;
    st.say(if st.rules.jacoby {
        "Will use the Jacoby rule for money sessions."
    } else {
        "Will not use the Jacoby rule for money sessions."
    });
    next_rules_note(st);
    Ok(String::new())
}

fn small_count(args: &Args, what: &str) -> Result<u8, CommandError> {
    match (args.len(), args.value::<u32>(0)) {
        (1, Ok(n)) if n <= 15 => Ok(n as u8),
        _ => syntax(format!("You must specify a number from 0 to 15 (see `help set {what}').")),
    }
}

fn cmd_set_automatic_doubles(st: &mut State, args: &Args) -> Reply {
    st.rules.automatic_doubles = small_count(args, "automatic doubles")?;
    match st.rules.automatic_doubles {
        0 => st.say("Automatic doubles will not be used."),
        n => st.say(format!("Automatic doubles will be used (up to a limit of {n}).")),
    }
    next_rules_note(st);
    Ok(String::new())
}

fn cmd_set_beavers(st: &mut State, args: &Args) -> Reply {
    st.rules.beavers = small_count(args, "beavers")?;
    match st.rules.beavers {
        0 => st.say("Beavers will not be allowed in money sessions."),
        1 => st.say("1 beaver allowed in money sessions."),
        n => st.say(format!("{n} beavers allowed in money sessions.")),
    }
    next_rules_note(st);
    Ok(String::new())
}

fn cmd_set_variant(st: &mut State, args: &Args) -> Reply {
    let Some(v) = args.get(0).filter(|_| args.len() == 1) else {
        return syntax("You must specify a variation (standard, nackgammon, 1-, 2- or 3-chequer-hypergammon).");
    };
    let v: Variant = v.parse().map_err(|e: crate::variant::UnknownVariant| CommandError::Syntax(e.to_string()))?;
    st.rules.variant = v;
    st.say(format!("Default variation is: {v}"));
    next_rules_note(st);
    Ok(String::new())
}

fn cmd_set_cube_use(st: &mut State, args: &Args) -> Reply {
    st.rules.cube = on_off(args, "cube use")?;
    st.say(if st.rules.cube { "The doubling cube will be used." } else { "Use of the doubling cube is disabled." });
    next_rules_note(st);
    Ok(String::new())
}

fn cmd_show_board(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show board")?;
    match st.board_text() {
        Some(b) => Ok(b + "\n"),
        None => fail("No position specified and no game in progress."),
    }
}

fn cmd_show_score(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show score")?;
    Ok(st.score_line())
}

fn cmd_show_pipcount(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show pipcount")?;
    let g = st.game()?;
    let me = g.on_roll();
    let pos = g.position();
    Ok(format!(
        "The pip counts are: {} {}, {} {}.",
        st.names[me],
        pos.pips(crate::position::ON_ROLL),
        st.names[opponent(me)],
        pos.pips(crate::position::OPPONENT)
    ))
}

fn cmd_show_matchid(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show matchid")?;
    match &st.session {
        Some(s) => Ok(format!("Match ID: {}", s.match_id())),
        None => fail("No match or session in progress."),
    }
}

fn cmd_show_player(st: &mut State, args: &Args) -> Reply {
    no_args(args, "show player")?;
    let mut out = String::new();
    for p in 0..2 {
        let c = st.players[p];
        let kind = if c.computer { "gnubg" } else { "human" };
        let _ = writeln!(out, "Player {p}:\n  Name: {}\n  Type: {kind}", st.names[p]);
        if c.computer {
            let _ = writeln!(
                out,
                "  Chequer play: {} ply (noise {:.3})\n  Cube decisions: {} ply",
                c.chequer.plies, c.chequer.noise, c.cube_plies
            );
        }
    }
    Ok(out)
}

fn cmd_hint(st: &mut State, args: &Args) -> Reply {
    let n = match args.tokens() {
        [] => 10,
        [t] => match t.parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => return syntax("hint: the number of moves to show must be a positive integer."),
        },
        _ => return syntax("Usage: hint [N]"),
    };
    let g = st.live_game()?.clone();
    match g.phase() {
        Phase::Play => {
            let ranked = advice::rank_plays(&mut st.search, &g, &st.met, &st.hint);
            Ok(advice::format_play_hint(&ranked, n))
        }
        Phase::Roll | Phase::CubeOffered => {
            let player = if g.phase() == Phase::Roll { g.on_roll() } else { opponent(g.to_act().unwrap_or(0)) };
            let plies = st.hint_cube_plies;
            match advice::cube_analysis(&mut st.search, &g, &st.met, player, plies) {
                Some((a, p)) => {
                    let mut text = advice::format_cube_hint(&g, &st.met, player, plies, &a, &p);
                    if g.phase() == Phase::CubeOffered {
                        let take = a.equities.double_take < a.equities.double_pass;
                        let _ = writeln!(text, "Proper response: {}", if take { "take" } else { "pass" });
                    }
                    Ok(text)
                }
                None => fail("No cube analysis at this score."),
            }
        }
        Phase::ResignationOffered => {
            let kind = g.pending_resignation().unwrap_or(WinKind::Single);
            let accept = advice::accept_resignation(&mut st.search, &g, &st.met, kind, st.hint_cube_plies);
            Ok(if accept { "Accept the resignation.".into() } else { "Reject the resignation.".into() })
        }
        Phase::Opening | Phase::Over => fail("There is nothing to advise about yet: roll the dice."),
    }
}

fn cmd_eval(st: &mut State, args: &Args) -> Reply {
    no_args(args, "eval")?;
    let g = st.live_game()?.clone();
    let mid = st.session.as_ref().map(Session::match_id).unwrap_or_default();
    let mut out = format!("\nPosition ID:\t{}\nMatch ID:\t{mid}\n", g.position().id());
    out.push_str(&advice::format_eval(&mut st.search, &g, &st.met, st.hint.plies));
    Ok(out)
}

fn cmd_quit(st: &mut State, _args: &Args) -> Reply {
    st.quit = true;
    Ok(String::new())
}

/// The command table: name, one-line summary, usage, handler.
const COMMANDS: &[(&str, &str, &str, engine_core::command::Handler<State>)] = &[
    ("accept", "Accept a cube or resignation", "accept", cmd_accept),
    ("agree", "Accept a resignation", "agree", cmd_accept),
    ("beaver", "Accept the cube and immediately redouble (money play)", "beaver", cmd_beaver),
    ("decline", "Decline a resignation", "decline", cmd_reject),
    ("double", "Offer a double", "double", cmd_double),
    ("drop", "Refuse the cube", "drop", cmd_drop),
    ("eval", "Display the evaluation of the position", "eval", cmd_eval),
    ("exit", "Leave gammon", "exit", cmd_quit),
    ("hint", "Show the best plays or the cube action", "hint [N]", cmd_hint),
    ("m", "Make a backgammon move", "m <from>/<to> ...", cmd_move),
    ("move", "Make a backgammon move", "move <from> <to> ...", cmd_move),
    ("new game", "Start a new game", "new game", cmd_new_game),
    ("new match", "Start a new match", "new match <length>", cmd_new_match),
    ("new session", "Start a new money session", "new session", cmd_new_session),
    ("pass", "Refuse the cube", "pass", cmd_drop),
    ("play", "Let the computer make the next decision for the side to act", "play", cmd_play),
    ("q", "Leave gammon", "q", cmd_quit),
    ("quit", "Leave gammon", "quit", cmd_quit),
    ("redouble", "Accept the cube and immediately redouble (beaver)", "redouble", cmd_beaver),
    ("reject", "Reject a cube or resignation", "reject", cmd_reject),
    ("resign", "Offer to resign", "resign [normal|gammon|backgammon]", cmd_resign),
    ("roll", "Roll the dice", "roll", cmd_roll),
    ("rollout", "Roll out the cube decision, or the plays of `hint'", "rollout [=N ...]", rollouts::cmd_rollout),
    ("set automatic doubles", "Set the limit of automatic doubles (money)", "set automatic doubles <n>", cmd_set_automatic_doubles),
    ("set automaticdoubles", "Set the limit of automatic doubles (money)", "set automaticdoubles <n>", cmd_set_automatic_doubles),
    ("set beavers", "Set how many beavers are allowed (money)", "set beavers <n>", cmd_set_beavers),
    ("set board", "Set up the board from a position ID", "set board <position ID>", cmd_set_board),
    ("set crawford", "Use the Crawford rule in new matches", "set crawford on|off", cmd_set_crawford),
    ("set cube use", "Use the doubling cube in new games", "set cube use on|off", cmd_set_cube_use),
    ("set dice", "Set the dice of the next roll", "set dice <die> <die>", cmd_set_dice),
    ("set evaluation", "Set the depth of hints and evaluations", "set evaluation chequerplay|cubedecision evaluation plies <n>", cmd_set_evaluation),
    ("set jacoby", "Use the Jacoby rule in new money sessions", "set jacoby on|off", cmd_set_jacoby),
    ("set matchid", "Set the match state from a match ID", "set matchid <match ID>", cmd_set_matchid),
    ("set player", "Set who plays a side and how", "set player 0|1|both|<name> human|gnu|chequerplay evaluation plies <n>|cubedecision evaluation plies <n>|level <name>|name <name>", cmd_set_player),
    ("set rng", "Choose the random number generator", "set rng mersenne|manual|...", cmd_set_rng),
    ("set rollout bearofftruncation", "Stop rollouts at the bearoff databases", "set rollout bearofftruncation on|off", rollouts::cmd_set_rollout_bearofftruncation),
    ("set rollout chequerplay plies", "Depth of chequer play in rollouts", "set rollout chequerplay plies <n>", rollouts::cmd_set_rollout_chequerplay_plies),
    ("set rollout cubeful", "Cubeful or cubeless rollouts", "set rollout cubeful on|off", rollouts::cmd_set_rollout_cubeful),
    ("set rollout seed", "Seed of the rollout dice", "set rollout seed <n>", rollouts::cmd_set_rollout_seed),
    ("set rollout trials", "Set the number of games of a rollout", "set rollout trials <n>", rollouts::cmd_set_rollout_trials),
    ("set rollout truncation plies", "Truncate rollouts after N plies (0: never)", "set rollout truncation plies <n>", rollouts::cmd_set_rollout_truncation_plies),
    ("set rollout varredn", "Variance reduction in rollouts", "set rollout varredn on|off", rollouts::cmd_set_rollout_varredn),
    ("set seed", "Seed the dice", "set seed <n>", cmd_set_seed),
    ("set variant", "Choose the variant of new games", "set variant standard|nackgammon|hypergammon1|hypergammon2|hypergammon3", cmd_set_variant),
    ("set variation", "Choose the variant of new games", "set variation standard|nackgammon|1-chequer-hypergammon|...", cmd_set_variant),
    ("show board", "Show the board", "show board", cmd_show_board),
    ("show matchid", "Show the match ID", "show matchid", cmd_show_matchid),
    ("show pipcount", "Show the pip counts", "show pipcount", cmd_show_pipcount),
    ("show player", "Show the players' settings", "show player", cmd_show_player),
    ("show rollout", "Show the rollout settings", "show rollout", rollouts::cmd_show_rollout),
    ("show score", "Show the score", "show score", cmd_show_score),
    ("take", "Accept the cube", "take", cmd_take),
    ("undo", "Take back the last action", "undo", cmd_undo),
    ("save match", "Save the match as SGF", "save match <file>", files::cmd_save_match),
    ("load match", "Load a match from SGF", "load match <file>", files::cmd_load_match),
    ("import mat", "Import a Jellyfish .mat match", "import mat <file>", files::cmd_import_mat),
    ("import oldmoves", "Import a FIBS oldmoves match", "import oldmoves <file>", files::cmd_import_oldmoves),
    ("import pos", "Import a Jellyfish .pos position", "import pos <file>", files::cmd_import_pos),
    ("import snowietxt", "Import a Snowie .txt position", "import snowietxt <file>", files::cmd_import_snowie),
    ("export match", "Export the match", "export match mat|sgf|text|html <file>", files::cmd_export_match),
    ("export session", "Export the session", "export session mat|sgf|text|html <file>", files::cmd_export_match),
    ("export game", "Export the game", "export game text|html <file>", files::cmd_export_game),
    ("export position", "Export the position", "export position text|html <file>", files::cmd_export_position),
    ("analyse move", "Analyse the last move", "analyse move", files::cmd_analyse_move),
    ("analyse game", "Analyse the game", "analyse game", files::cmd_analyse_game),
    ("analyse match", "Analyse the match", "analyse match", files::cmd_analyse_match),
    ("analyse session", "Analyse the session", "analyse session", files::cmd_analyse_match),
    ("set analysis plies", "Set the depth of analysis", "set analysis plies <n>", files::cmd_set_analysis_plies),
    ("show statistics game", "Statistics of the game", "show statistics game", files::cmd_show_statistics_game),
    ("show statistics match", "Statistics of the match", "show statistics match", files::cmd_show_statistics_match),
    ("show statistics session", "Statistics of the session", "show statistics session", files::cmd_show_statistics_match),
];

/// A command interpreter: the command table and the state it works on.
pub struct Shell {
    registry: Registry<State>,
    usage: std::collections::BTreeMap<&'static str, &'static str>,
    state: State,
}

impl Shell {
    /// A shell with the default players (player 0 the computer, player 1 human) and dice seeded
    /// by `seed`.
    pub fn new(seed: u64) -> Shell {
        let mut registry = Registry::new();
        let mut usage = std::collections::BTreeMap::new();
        for &(name, help, use_, handler) in COMMANDS {
            registry.register(name, help, handler);
            usage.insert(name, use_);
        }
        // `help` needs the table itself: it is answered by the shell, registered for completion
        registry.register("help", "Describe commands", cmd_quit);
        usage.insert("help", "help [command]");
        Shell { registry, usage, state: State::new(seed) }
    }

    /// Whether `quit` or `exit` was given.
    pub fn finished(&self) -> bool {
        self.state.quit
    }

    /// The prompt gnubg shows: the name of the player to act.
    pub fn prompt(&self) -> String {
        let who = self.state.session.as_ref().and_then(Session::game).and_then(Game::to_act);
        format!("({}) ", self.state.names[who.unwrap_or(1)])
    }

    /// Sets a player's configuration (scripts and tests).
    pub fn set_player(&mut self, player: usize, config: PlayerConfig) {
        self.state.players[player & 1] = config;
    }

    /// The session in progress.
    pub fn session(&self) -> Option<&Session> {
        self.state.session.as_ref()
    }

    /// Every command name (some are several words), for completion tables.
    pub fn command_names(&self) -> Vec<String> {
        self.registry.names().map(str::to_string).collect()
    }

    /// The command words that may complete `line` (tab completion).
    pub fn completions(&self, line: &str) -> Vec<String> {
        self.registry.completions(line)
    }

    fn help(&self, topic: &[&str]) -> Result<String, CommandError> {
        if topic.is_empty() {
            let mut out = String::from("Available commands:\n");
            for name in self.registry.names() {
                let _ = writeln!(out, "{name:<24} {}", self.registry.help(name).unwrap_or(""));
            }
            return Ok(out);
        }
        let tokens: Vec<String> = topic.iter().map(|t| t.to_ascii_lowercase()).collect();
        match self.registry.resolve(&tokens) {
            Some((name, used)) if used == tokens.len() => Ok(format!(
                "{name} - {}\n\nUsage: {}",
                self.registry.help(name).unwrap_or(""),
                self.usage.get(name).copied().unwrap_or(name)
            )),
            _ => Err(CommandError::Failed(format!("No help available for topic `{}'", excerpt(&topic.join(" "))))),
        }
    }

    /// Runs one line and answers with everything gnubg would print for it, including the
    /// computer's moves that follow, an error as one line among the rest. Nothing panics.
    pub fn execute(&mut self, line: &str) -> String {
        let answer = self.answer(line);
        let mut out = answer.before;
        if let Some(e) = answer.error {
            out.push_str(&e);
            out.push('\n');
        }
        out.push_str(&answer.after);
        out
    }

    /// Runs one line, keeping its error (if any) apart from the rest of the output: `gammon -t`
    /// prints errors on standard error.
    pub fn answer(&mut self, line: &str) -> Answer {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Answer::default();
        }
        if line.len() > MAX_LINE_BYTES {
            return Answer { error: Some(too_long_message()), ..Answer::default() };
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let first = words[0].to_ascii_lowercase();
        let result = if first == "help" || first == "?" {
            self.help(&words[1..])
        } else {
            // command words are case-insensitive; arguments (file names, IDs) are kept as typed
            let lowered: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
            let is_play =
                first.starts_with(|c: char| c.is_ascii_digit()) || first.starts_with("bar/") || first.starts_with("b/");
            let (name, used) = if is_play {
                ("move".to_string(), 0)
            } else {
                match self.registry.resolve(&lowered) {
                    Some((n, used)) => (n.to_string(), used),
                    None => (String::new(), 0),
                }
            };
            if name.is_empty() {
                Err(CommandError::Unknown)
            } else {
                let args = Args::new(words[used..].iter().map(|w| w.to_string()).collect());
                self.registry.dispatch(&mut self.state, &name, &args)
            }
        };
        let mut answer = Answer { before: std::mem::take(&mut self.state.log), ..Answer::default() };
        match result {
            Ok(text) => {
                if !text.is_empty() {
                    answer.before.push_str(&text);
                    if !text.ends_with('\n') {
                        answer.before.push('\n');
                    }
                }
            }
            Err(CommandError::Unknown) => answer.error = Some(format!("Unknown keyword `{}'.", excerpt(words[0]))),
            Err(e) => answer.error = Some(one_bounded_line(e.message())),
        }
        self.state.advance();
        answer.after = std::mem::take(&mut self.state.log);
        answer
    }

    /// `gammon -t`: reads commands from `input` until its end or `quit`, writing the answers to
    /// `out` and each error (one line) to `err`. A line over [`MAX_LINE_BYTES`] is refused without
    /// being held in memory; a line that is not UTF-8 is refused; a last line without a newline
    /// is run like the others. The run goes on after errors; the summary counts them.
    ///
    /// # Errors
    /// Reading `input` or writing `out` or `err` failed.
    pub fn run_batch(
        &mut self,
        mut input: impl BufRead,
        out: &mut impl Write,
        err: &mut impl Write,
    ) -> io::Result<BatchSummary> {
        let mut summary = BatchSummary::default();
        let mut buf = Vec::new();
        loop {
            let line = match read_line_limited(&mut input, &mut buf, MAX_LINE_BYTES)? {
                LineRead::Eof => break,
                LineRead::TooLong => Err(too_long_message()),
                LineRead::Line | LineRead::Unterminated => {
                    std::str::from_utf8(&buf).map_err(|_| "Input line is not valid UTF-8.".to_string())
                }
            };
            summary.lines += 1;
            let answer = match line {
                Ok(line) => self.answer(line),
                Err(e) => Answer { error: Some(e), ..Answer::default() },
            };
            out.write_all(answer.before.as_bytes())?;
            if let Some(e) = &answer.error {
                summary.errors += 1;
                summary.first_error.get_or_insert(summary.lines);
                out.flush()?;
                writeln!(err, "{e}")?;
                err.flush()?;
            }
            out.write_all(answer.after.as_bytes())?;
            out.flush()?;
            if self.finished() {
                break;
            }
        }
        Ok(summary)
    }
}

/// What one line made the shell print: `before` and `after` the error line, if there is one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    /// Messages and the command's output.
    pub before: String,
    /// The command's error, one line without its newline (at most [`MAX_ERROR_CHARS`] characters).
    pub error: Option<String>,
    /// What followed: the computer's moves, the end of a game.
    pub after: String,
}

/// How a [`Shell::run_batch`] went.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BatchSummary {
    /// Lines read.
    pub lines: u64,
    /// Lines answered with an error.
    pub errors: u64,
    /// The number of the first such line (1 for the first line).
    pub first_error: Option<u64>,
}

fn too_long_message() -> String {
    format!("Input line is longer than the limit of {MAX_LINE_BYTES} bytes (MAX_LINE_BYTES); ignored.")
}

/// A message as one line of at most [`MAX_ERROR_CHARS`] characters.
pub(crate) fn one_bounded_line(message: &str) -> String {
    let line = message.replace(['\n', '\r'], " ");
    if line.chars().count() <= MAX_ERROR_CHARS {
        return line;
    }
    let mut cut: String = line.chars().take(MAX_ERROR_CHARS - 3).collect();
    cut.push_str("...");
    cut
}

#[cfg(test)]
mod tests;
