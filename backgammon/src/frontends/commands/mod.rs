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
pub mod market;
pub mod moves;
mod reference;
mod relational;
mod rollouts;
mod scripting;
mod state;
mod tutor;

use state::*;
pub use state::{
    PlayerConfig, RolloutSettings, State, MAX_ERROR_CHARS, MAX_MATCH_LENGTH, MAX_PLAYER_NAME_CHARS, MAX_ROLLOUT_TRIALS,
};

use crate::eval::nply::{Settings, MAX_PLIES};
use crate::rules::cube::Cube;
use crate::rules::game::{opponent, Action, Game, GameError, Phase};
use crate::rules::match_id::MatchState;
use crate::rules::position::{Position, BAR, MAX_CHEQUERS, ON_ROLL, OPPONENT};
use crate::rules::score::WinKind;
use crate::rules::session::{Rules, Session};
use crate::rules::variant::Variant;
use engine_core::command::{Args, CommandError, Registry};
use engine_core::dice::{parse_die, Dice};
use engine_core::limits::{excerpt, read_line_limited, LineRead, MAX_LINE_BYTES};
use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

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
    tutor::human_action(st, Tutored::Roll)
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
    tutor::human_action(st, Tutored::Act(Action::Play(play)))
}

fn simple_action(action: Action) -> impl FnOnce(&mut State) -> Result<(), CommandError> {
    move |st| st.act(action)
}

fn cmd_double(st: &mut State, args: &Args) -> Reply {
    no_args(args, "double")?;
    tutor::human_action(st, Tutored::Act(Action::Double))
}

fn cmd_take(st: &mut State, args: &Args) -> Reply {
    no_args(args, "take")?;
    tutor::human_action(st, Tutored::Act(Action::Take))
}

fn cmd_drop(st: &mut State, args: &Args) -> Reply {
    no_args(args, "drop")?;
    tutor::human_action(st, Tutored::Act(Action::Drop))
}

fn cmd_beaver(st: &mut State, args: &Args) -> Reply {
    no_args(args, "beaver")?;
    tutor::human_action(st, Tutored::Act(Action::Beaver))
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
    tutor::human_action(st, Tutored::Act(action))
}

fn cmd_reject(st: &mut State, args: &Args) -> Reply {
    no_args(args, "reject")?;
    let action = if st.live_game()?.phase() == Phase::CubeOffered { Action::Drop } else { Action::DeclineResignation };
    tutor::human_action(st, Tutored::Act(action))
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

/// gnubg's `set board simple`: 26 integers, the bar of the player on roll, the points 1 to 24 from
/// that player's side (positive: the player's chequers, negative: the opponent's), the opponent's
/// bar. Chequers not on the board are borne off.
fn simple_board(args: &Args) -> Result<Position, CommandError> {
    let numbers: Vec<i64> = (1..args.len()).map_while(|i| args.get(i).and_then(|a| a.parse().ok())).collect();
    if numbers.len() < 26 {
        return fail(format!("`simple' must be followed by 26 integers; found only {}", numbers.len()));
    }
    let mut board = [[0u8; 25]; 2];
    let count = |v: i64| u8::try_from(v.unsigned_abs()).ok().filter(|&n| u32::from(n) <= MAX_CHEQUERS);
    let too_many = || CommandError::Failed("Illegal position: more than 15 chequers on one point or the bar".into());
    board[ON_ROLL][BAR] = count(numbers[0]).ok_or_else(too_many)?;
    board[OPPONENT][BAR] = count(numbers[25]).ok_or_else(too_many)?;
    for (i, &v) in numbers[1..25].iter().enumerate() {
        let n = count(v).ok_or_else(too_many)?;
        // point i+1 from the player on roll is point 24-i from the opponent
        if v > 0 {
            board[ON_ROLL][i] = n;
        } else {
            board[OPPONENT][23 - i] = n;
        }
    }
    Position::from_board(board).map_err(|e| CommandError::Failed(format!("Illegal position: {e}")))
}

fn cmd_set_board(st: &mut State, args: &Args) -> Reply {
    let pos = match args.get(0) {
        Some("simple") => simple_board(args)?,
        Some(id) if args.len() == 1 => Position::from_id(id)
            .map_err(|e| CommandError::Failed(format!("Illegal position ID '{}': {e}", excerpt(id))))?,
        _ => return syntax("You must specify a position ID (see `help set board')."),
    };
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

/// `set turn 0|1|NAME`: the player on roll, the board and cube unchanged (seen from the new player
/// on roll); the dice are taken back, as gnubg does, even when the player was already on roll.
fn cmd_set_turn(st: &mut State, args: &Args) -> Reply {
    let g = st
        .game()
        .map_err(|_| CommandError::Failed("There must be a game in progress to set a player on roll.".into()))?;
    let Some(who) = args.get(0).filter(|_| args.len() == 1) else {
        return syntax("Which player do you want to set on roll?");
    };
    let player = match who {
        "0" => 0,
        "1" => 1,
        _ => match st.names.iter().position(|n| n.eq_ignore_ascii_case(who)) {
            Some(p) => p,
            None => return fail(format!("Unknown player `{}' (see `help set turn').", excerpt(who))),
        },
    };
    if g.is_over() {
        return fail("There must be a game in progress to set a player on roll.");
    }
    let (pos, cube, crawford) = (g.position_of(player), g.cube(), g.setup().crawford);
    st.player_action(|st| {
        let s = st.session.as_mut().expect("a game exists");
        let score = s.score();
        s.set_up(score, crawford, pos, player, cube).map_err(|e| CommandError::Failed(session_message(&e)))?;
        let name = st.names[player].clone();
        st.say(format!("`{name}' is now on roll."));
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
    let v: Variant =
        v.parse().map_err(|e: crate::rules::variant::UnknownVariant| CommandError::Syntax(e.to_string()))?;
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
        pos.pips(crate::rules::position::ON_ROLL),
        st.names[opponent(me)],
        pos.pips(crate::rules::position::OPPONENT)
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
    ("set board", "Set up the board from a position ID or 26 integers", "set board <position ID>|simple <26 integers>", cmd_set_board),
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
    ("set tutor chequer", "Include chequer play in the tutor's advice", "set tutor chequer on|off", tutor::cmd_set_tutor_chequer),
    ("set tutor cube", "Include cube decisions in the tutor's advice", "set tutor cube on|off", tutor::cmd_set_tutor_cube),
    ("set tutor eval", "What the tutor evaluates with", "set tutor eval on|off|plies <n>|level <name>", tutor::cmd_set_tutor_eval),
    ("set tutor mode", "Warn before doubtful or worse decisions", "set tutor mode on|off", tutor::cmd_set_tutor_mode),
    ("set tutor skill", "Set the level of tutor warnings", "set tutor skill doubtful|bad|verybad", tutor::cmd_set_tutor_skill),
    ("set turn", "Set the player on roll", "set turn 0|1|<name>", cmd_set_turn),
    ("set variant", "Choose the variant of new games", "set variant standard|nackgammon|hypergammon1|hypergammon2|hypergammon3", cmd_set_variant),
    ("set variation", "Choose the variant of new games", "set variation standard|nackgammon|1-chequer-hypergammon|...", cmd_set_variant),
    ("show board", "Show the board", "show board", cmd_show_board),
    ("show bearoff", "Bearoff database figures of the position", "show bearoff", reference::cmd_show_bearoff),
    ("show epc", "Effective pip counts", "show epc", reference::cmd_show_epc),
    ("show evaluation", "Show the settings of `eval' and `hint'", "show evaluation", reference::cmd_show_evaluation),
    ("show gammonvalues", "Gammon and backgammon values at the score", "show gammonvalues", reference::cmd_show_gammonvalues),
    ("show keith", "Keith count of the race", "show keith", reference::cmd_show_keith),
    ("show kleinman", "Kleinman count of the race", "show kleinman", reference::cmd_show_kleinman),
    ("show marketwindow", "Show the market window for doubles", "show marketwindow", market::cmd_show_marketwindow),
    ("show matchequitytable", "Show the match equity table", "show matchequitytable [N]", reference::cmd_show_matchequitytable),
    ("show matchid", "Show the match ID", "show matchid", cmd_show_matchid),
    ("show pipcount", "Show the pip counts", "show pipcount", cmd_show_pipcount),
    ("show player", "Show the players' settings", "show player", cmd_show_player),
    ("show rng", "Show the dice generator", "show rng", reference::cmd_show_rng),
    ("show rollout", "Show the rollout settings", "show rollout", rollouts::cmd_show_rollout),
    ("show score", "Show the score", "show score", cmd_show_score),
    ("show thorp", "Thorp count of the race", "show thorp", reference::cmd_show_thorp),
    ("show version", "Show the version", "show version", reference::cmd_show_version),
    ("show tutor", "Show the tutor's settings", "show tutor", tutor::cmd_show_tutor),
    ("take", "Accept the cube", "take", cmd_take),
    ("undo", "Take back the last action", "undo", cmd_undo),
    ("save match", "Save the match as SGF", "save match <file>", files::cmd_save_match),
    ("load match", "Load a match from SGF", "load match <file>", files::cmd_load_match),
    ("import mat", "Import a Jellyfish .mat match", "import mat <file>", files::cmd_import_mat),
    ("import gam", "Import a Jellyfish .gam game", "import gam <file>", files::cmd_import_gam),
    ("import auto", "Import a file of any known format (told from its content)", "import auto <file>", files::cmd_import_auto),
    ("import oldmoves", "Import a FIBS oldmoves match", "import oldmoves <file>", files::cmd_import_oldmoves),
    ("import pos", "Import a Jellyfish .pos position", "import pos <file>", files::cmd_import_pos),
    ("import snowietxt", "Import a Snowie .txt position", "import snowietxt <file>", files::cmd_import_snowie),
    ("export match", "Export the match", "export match mat|sgf|text|html|plot|latex|pdf|ps <file> [width]", files::cmd_export_match),
    ("export session", "Export the session", "export session mat|sgf|text|html|plot|latex|pdf|ps <file> [width]", files::cmd_export_match),
    ("export game", "Export the game", "export game text|html|gam|latex|pdf|ps <file>", files::cmd_export_game),
    ("export position", "Export the position", "export position text|html|svg|png|temperaturemap|pos|snowietxt|pdf|ps <file> [width]", files::cmd_export_position),
    ("show temperaturemap", "Equity after the best play of each roll", "show temperaturemap", files::cmd_show_temperaturemap),
    ("analyse move", "Analyse the last move", "analyse move", files::cmd_analyse_move),
    ("analyse game", "Analyse the game", "analyse game", files::cmd_analyse_game),
    ("analyse match", "Analyse the match", "analyse match", files::cmd_analyse_match),
    ("analyse session", "Analyse the session", "analyse session", files::cmd_analyse_match),
    ("set analysis plies", "Set the depth of analysis", "set analysis plies <n>", files::cmd_set_analysis_plies),
    ("show statistics game", "Statistics of the game", "show statistics game", files::cmd_show_statistics_game),
    ("show statistics match", "Statistics of the match", "show statistics match", files::cmd_show_statistics_match),
    ("show statistics session", "Statistics of the session", "show statistics session", files::cmd_show_statistics_match),
    ("relational add match", "Log the match to the match database", "relational add match [quiet]", relational::cmd_relational_add_match),
    ("relational erase allplayers", "Remove all players and matches from the match database", "relational erase allplayers", relational::cmd_relational_erase_allplayers),
    ("relational erase player", "Remove a player and their matches from the match database", "relational erase player <player>", relational::cmd_relational_erase_player),
    ("relational select", "Query the match database (one read-only SQL SELECT)", "relational select <query>", relational::cmd_relational_select),
    ("relational setup", "Set up the match database", "relational setup [dbtype=sqlite] [storegamestats=yes|no] [sqlite-database=<file>]", relational::cmd_relational_setup),
    ("relational show details", "A player's statistics and record in the match database", "relational show details <player> [<opponent>] [plot <file.svg>]", relational::cmd_relational_show_details),
    ("relational show players", "List the players in the match database", "relational show players", relational::cmd_relational_show_players),
    ("relational test", "Test the match database", "relational test", relational::cmd_relational_test),
    ("set relational file", "Choose the match database's file", "set relational file <file>", relational::cmd_set_relational_file),
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
        if tutor::question(&self.state).is_some() {
            return "(y/n) ".to_string();
        }
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
        let result = if tutor::question(&self.state).is_some() {
            tutor::reply(&mut self.state, line)
        } else if first == "help" || first == "?" {
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
            Err(CommandError::Unknown) => answer.error = Some(self.unknown_keyword(&words)),
            Err(e) => answer.error = Some(one_bounded_line(e.message())),
        }
        self.state.advance();
        answer.after = std::mem::take(&mut self.state.log);
        answer
    }

    /// The error for a line no command matches, naming the first word that does not continue a
    /// known command (`show foo` names `foo`, not `show`), as gnubg does; a line that stops
    /// inside a command's name (`show`) is incomplete.
    fn unknown_keyword(&self, words: &[&str]) -> String {
        let known = |k: usize| {
            self.registry.names().any(|name| {
                let parts: Vec<&str> = name.split(' ').collect();
                parts.len() >= k && parts[..k].iter().zip(&words[..k]).all(|(a, b)| a.eq_ignore_ascii_case(b))
            })
        };
        let depth = (0..=words.len()).take_while(|&k| known(k)).last().unwrap_or(0);
        match words.get(depth) {
            Some(word) => format!("Unknown keyword `{}'.", excerpt(word)),
            None => format!("Incomplete command (see `help {}').", excerpt(&words.join(" "))),
        }
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
