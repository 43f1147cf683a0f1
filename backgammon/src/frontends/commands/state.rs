//! The state every command of the language reads or changes — the session in progress, the
//! players' and rollouts' settings, the computer's search — with the replies and messages all
//! command groups share. Below every command group (`mod.rs`'s table, `files`, `rollouts`), which
//! import it; it imports none of them (only `advice`, the library's decisions the computer acts on).

use super::advice;
use crate::analysis::rollout::RolloutConfig;
use crate::cube::met::MatchEquityTable;
use crate::eval::nply::{NPly, Settings};
use crate::eval::Evaluator;
use crate::formats::display::{draw_board, BoardAnnotations};
use crate::rules::cube::CubeOwner;
use crate::rules::game::{Action, Game, GameError, GameEvent, Phase};
use crate::rules::score::WinKind;
use crate::rules::session::{Rules, Session, SessionError};
use crate::rules::variant::Variant;
use engine_core::command::{Args, CommandError};
use engine_core::dice::{Dice, DiceError};
use engine_core::limits::excerpt;
use std::fmt::Write as _;

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

/// What the tutor evaluates with (`set tutor eval …`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TutorEval {
    /// The settings of `hint` and `eval` (`set evaluation`), as gnubg 1.07's tutor does.
    Hint,
    /// The settings of `analyse` (`set analysis plies`), as `set tutor eval off` chose in gnubg 0.14.
    Analysis,
    /// Its own chequer play settings and cube depth (`set tutor eval plies N|level NAME`).
    Own { chequer: Settings, cube_plies: usize },
}

/// A human's decision the tutor looks at before it is carried out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Tutored {
    /// A play, double, take, pass or beaver.
    Act(Action),
    /// Rolling the dice (not doubling).
    Roll,
}

/// The tutor's settings and the decision it is asking about (`set tutor …`, `show tutor`).
#[derive(Debug, Clone)]
pub struct TutorSettings {
    /// `set tutor mode on`: warn before a human's doubtful (or worse) decision is carried out.
    pub on: bool,
    /// Warn about chequer plays.
    pub chequer: bool,
    /// Warn about cube decisions (double, take, pass, beaver, and rolling instead of doubling).
    pub cube: bool,
    /// The least mark warned about (`set tutor skill doubtful|bad|verybad`), in the analysis's
    /// classes ([`crate::analysis::Thresholds`]).
    pub skill: crate::analysis::Skill,
    pub eval: TutorEval,
    /// The decision waiting for the user's yes or no, with the question to ask again.
    pub(super) pending: Option<(Tutored, String)>,
}

impl Default for TutorSettings {
    /// gnubg's: off, chequer play and cube on, doubtful, the evaluation settings.
    fn default() -> Self {
        TutorSettings {
            on: false,
            chequer: true,
            cube: true,
            skill: crate::analysis::Skill::Doubtful,
            eval: TutorEval::Hint,
            pending: None,
        }
    }
}

/// Everything a command may read or change.
pub struct State {
    pub(super) session: Option<Session>,
    /// Rules for the next `new match` / `new session`.
    pub(super) rules: Rules,
    pub(super) players: [PlayerConfig; 2],
    pub(super) names: [String; 2],
    /// Dice for the next session when none is in progress.
    pub(super) dice: Dice,
    /// `set dice`: the next roll.
    pub(super) next_roll: Option<(u8, u8)>,
    /// `set rng manual`: every roll must be entered with `set dice`.
    pub(super) manual_dice: bool,
    pub(super) seed: u64,
    /// Sessions before each player action, for `undo`.
    pub(super) undo: Vec<Session>,
    /// Games whose end has been announced.
    pub(super) announced: usize,
    /// Levels of `hint`/`eval` (chequer play, and the cube's plies).
    pub(super) hint: Settings,
    pub(super) hint_cube_plies: usize,
    pub(super) rollout: RolloutSettings,
    pub(super) met: MatchEquityTable,
    pub(super) search: NPly<'static>,
    pub(super) log: String,
    pub(super) quit: bool,
    /// The computer is making the current decision (for the player's side too, with `play`).
    pub(super) computer_acting: bool,
    /// Depth of `analyse` (0: gnubg's expert level).
    pub(super) analysis_plies: usize,
    /// The last analyses, dropped whenever the session changes.
    pub(super) game_analysis: Option<crate::analysis::GameAnalysis>,
    pub(super) session_analysis: Option<crate::analysis::SessionAnalysis>,
    pub(super) tutor: TutorSettings,
    /// The match database's file and options (`relational setup`, `set relational file`).
    pub(super) relational: crate::database::DatabaseSettings,
}

pub(super) type Reply = Result<String, CommandError>;

pub(super) fn fail<T>(message: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError::Failed(message.into()))
}

pub(super) fn syntax<T>(message: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError::Syntax(message.into()))
}

pub(super) const NO_GAME: &str = "No game in progress (type `new game' to start one).";

pub(super) fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

pub(super) fn on_off(args: &Args, what: &str) -> Result<bool, CommandError> {
    match args.get(0).map(str::to_ascii_lowercase).as_deref() {
        Some("on" | "yes" | "true" | "1") if args.len() == 1 => Ok(true),
        Some("off" | "no" | "false" | "0") if args.len() == 1 => Ok(false),
        _ => syntax(format!("You must specify either `on' or `off' (see `help set {what}').")),
    }
}

impl State {
    pub(super) fn new(seed: u64) -> State {
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
            rollout: RolloutSettings::new(seed),
            met: MatchEquityTable::kazaross_xg2(),
            search: NPly::new(Evaluator::embedded(), seed),
            log: String::new(),
            quit: false,
            computer_acting: false,
            analysis_plies: 0,
            game_analysis: None,
            session_analysis: None,
            tutor: TutorSettings::default(),
            relational: Default::default(),
        }
    }

    pub(super) fn say(&mut self, line: impl AsRef<str>) {
        self.log.push_str(line.as_ref());
        if !line.as_ref().ends_with('\n') {
            self.log.push('\n');
        }
    }

    pub(super) fn game(&self) -> Result<&Game, CommandError> {
        self.session.as_ref().and_then(Session::game).ok_or_else(|| CommandError::Failed(NO_GAME.into()))
    }

    pub(super) fn session_mut(&mut self) -> Result<&mut Session, CommandError> {
        match &mut self.session {
            Some(s) if s.game().is_some() => Ok(s),
            _ => fail(NO_GAME),
        }
    }

    /// The game in progress, refusing a finished one.
    pub(super) fn live_game(&self) -> Result<&Game, CommandError> {
        let g = self.game()?;
        if g.is_over() {
            return fail("The game is over (type `new game' to start the next one).");
        }
        Ok(g)
    }

    /// The board as `show board` draws it.
    pub(super) fn board_text(&self) -> Option<String> {
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

    pub(super) fn show_board(&mut self) {
        if let Some(b) = self.board_text() {
            self.say(b);
            // gnubg leaves an empty line after each board
            self.say("");
        }
    }

    pub(super) fn score_line(&self) -> String {
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
    pub(super) fn take_dice(&mut self) -> Dice {
        match &mut self.session {
            Some(s) => std::mem::replace(s.dice_mut(), Dice::seeded(0)),
            None => std::mem::replace(&mut self.dice, Dice::seeded(0)),
        }
    }

    pub(super) fn start_session(&mut self, rules: Rules) -> Result<(), CommandError> {
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

    pub(super) fn start_game(&mut self) -> Result<(), CommandError> {
        let s = self.session.as_mut().ok_or_else(|| CommandError::Failed(NO_GAME.into()))?;
        s.new_game().map_err(|e| CommandError::Failed(session_message(&e)))?;
        Ok(())
    }

    /// Rolls for the player to act (the opening roll included), using `set dice` if given.
    pub(super) fn roll_dice(&mut self) -> Result<(), CommandError> {
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

    pub(super) fn name(&self, p: usize) -> String {
        self.names[p].clone()
    }

    /// Applies a player's action and reports it as gnubg does.
    pub(super) fn act(&mut self, action: Action) -> Result<(), CommandError> {
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
    pub(super) fn roll_and_report(&mut self) -> Result<(), CommandError> {
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

    pub(super) fn forget_analysis(&mut self) {
        self.game_analysis = None;
        self.session_analysis = None;
    }

    pub(super) fn checkpoint(&mut self) {
        self.forget_analysis();
        if let Some(s) = &self.session {
            self.undo.push(s.clone());
        }
    }

    /// A player's command: saved for `undo` unless it fails.
    pub(super) fn player_action(&mut self, f: impl FnOnce(&mut State) -> Result<(), CommandError>) -> Reply {
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
    pub(super) fn announce_end(&mut self) {
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
    pub(super) fn advance(&mut self) {
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

    pub(super) fn opening_roll(&mut self) -> Result<(), CommandError> {
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
    pub(super) fn computer_step(&mut self) -> Result<(), CommandError> {
        self.computer_acting = true;
        let result = self.computer_decision();
        self.computer_acting = false;
        result
    }

    pub(super) fn computer_decision(&mut self) -> Result<(), CommandError> {
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
    pub(super) fn players_named(&self, who: &str) -> Result<Vec<usize>, CommandError> {
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

pub(super) fn session_message(e: &SessionError) -> String {
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

pub(super) fn game_message(e: &GameError) -> String {
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

pub(super) fn roll_message(e: &GameError) -> String {
    game_message(e)
}

pub(super) fn action_message(action: &Action, e: &GameError) -> String {
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

pub(super) fn no_args(args: &Args, name: &str) -> Result<(), CommandError> {
    args.expect_len(0).or_else(|_| syntax(format!("`{name}' takes no arguments.")))
}

/// gnubg's lines for an evaluation setting (`show evaluation`, `show rollout`), each after
/// `indent`: the depth, cubeful, and the noise.
pub(super) fn evaluation_lines(settings: &Settings, indent: &str) -> String {
    let noise = if settings.noise > 0.0 {
        format!("Noise standard deviation {:.3}", settings.noise)
    } else {
        "Noiseless evaluations.".to_string()
    };
    format!("{indent}{}-ply evaluation.\n{indent}Cubeful evaluations.\n{indent}{noise}\n", settings.plies)
}

/// gnubg's move filter table: for each depth of 1 to 4 plies, what each sub-ply keeps (the
/// depth of `settings` with its own filters, the others with the normal ones), each line after
/// `indent` (and two spaces more for a filter's lines).
pub(super) fn move_filter_lines(settings: &Settings, indent: &str) -> String {
    let mut out = String::new();
    for depth in 1..=crate::eval::nply::MAX_PLIES {
        let filters = if depth == settings.plies { settings.filters } else { crate::eval::nply::normal_filters(depth) };
        let _ = writeln!(out, "{indent}Move filter for {depth} ply:");
        for (k, f) in filters.iter().take(depth).enumerate() {
            if f.accept < 0 {
                let _ = writeln!(out, "{indent}  Skip pruning for {k}-ply moves.");
            } else {
                let _ = writeln!(
                    out,
                    "{indent}  keep the first {} {k}-ply moves and up to {} more moves within equity {}",
                    f.accept, f.extra, f.threshold
                );
            }
        }
    }
    out
}

/// The rollout settings of a session.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutSettings {
    pub config: RolloutConfig,
    /// Roll out cube decisions cubefully (gnubg's default); off: the position cubeless.
    pub cubeful: bool,
}

impl RolloutSettings {
    pub fn new(seed: u64) -> Self {
        RolloutSettings { config: RolloutConfig { seed, progress: true, ..RolloutConfig::default() }, cubeful: true }
    }

    /// `show rollout`, in gnubg 1.07's layout (its bearoff lines say what ours do: rollouts stop
    /// at the bearoff databases or play on; luck-based rather than lookahead variance reduction).
    pub(super) fn describe(&self) -> String {
        let c = &self.config;
        let mut out = String::from("`rollout' will use:\n");
        let _ = writeln!(out, "{} games will be played per rollout.", c.trials);
        match c.truncate {
            Some(n) => {
                let _ = writeln!(out, "Truncated after {n} plies.");
            }
            None => out.push_str("No truncation.\n"),
        }
        out.push_str(if c.bearoff_truncation {
            "Will truncate rollouts when reaching the bearoff databases.\n"
        } else {
            "Will not truncate at the bearoff databases.\n"
        });
        out.push_str(if c.variance_reduction {
            "Variance reduction is enabled.\n"
        } else {
            "Variance reduction is disabled.\n"
        });
        out.push_str("Quasi-random dice are enabled.\n");
        out.push_str(if self.cubeful { "Cubeful rollout.\n" } else { "Cubeless rollout.\n" });
        out.push_str(if c.initial_position {
            "Rollout as opening move enabled.\n"
        } else {
            "Rollout as opening move disabled.\n"
        });
        let _ = writeln!(out, "Dice generator seed {}.", c.seed);
        out.push_str("Chequer play parameters:\n");
        out.push_str(&evaluation_lines(&c.play, "        "));
        out.push_str("Cube decision parameters:\n");
        out.push_str(&evaluation_lines(&c.play, "        "));
        out.push_str("Move filter:\n");
        out.push_str(&move_filter_lines(&c.play, "      "));
        out.trim_end().to_string()
    }

    pub(super) fn tag(&self, cubeful: bool) -> String {
        let c = &self.config;
        let trunc = c.truncate.map_or(String::new(), |n| format!(", truncated at {n} plies"));
        let kind = if cubeful { "cubeful" } else { "cubeless" };
        format!("{} games, {kind}, {}-ply{trunc}, seed {}", c.trials, c.play.plies, c.seed)
    }
}
