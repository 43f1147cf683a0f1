//! A scripted kgsGtp session (issue 28): every command kgsGtp (KGS's bridge for GTP engines, CGoban 3's
//! robot client) sends, in the order it sends them, answered without an error line, and `known_command`
//! true for each.
//!
//! The script follows kgsGtp's documented conduct: at start-up it reads `list_commands` (to learn which
//! optional commands the engine has), `protocol_version`, `name` and `version`; each game is set up by
//! `boardsize`, `clear_board`, `komi`, `kgs-rules` and `kgs-time_settings` (or `time_settings` for
//! engines without it), handicap stones by `place_free_handicap` (the engine is Black) or
//! `set_free_handicap` (the opponent placed them); each of the engine's moves is preceded by `time_left`
//! and asked by `genmove`, the opponent's are sent by `play`, an accepted undo request is `undo` per
//! move; players talk through `kgs-chat`. A game resumed after a disconnection is replayed move by move
//! (`clear_board`, then `play` for each move). At the end, `final_status_list dead` gives the engine's
//! dead stones; when the opponent disputes them the game goes back to play in the cleanup phase, where
//! the engine's moves are asked by `kgs-genmove_cleanup` (it must capture the stones it called dead
//! before it passes), and `kgs-game_over` closes the game. `quit` ends the session.

use go::gtp::{engine, GtpState, Options};
use go::Rules;

type Engine = engine_core::gtp::Engine<GtpState>;

/// A game of GNU Go 3.8 against itself on 9x9 (level 1), up to the two passes that end it: White's
/// stones G7, F3, G3 and E2 are left dead inside Black's area (GNU Go and this engine both list them).
const ENDED_GAME: &str = "b E5 w C3 b E3 w G3 b G5 w E2 b F2 w F3 b D2 w C5 b H4 w G7 b E7 w C7 b F8 w C2 \
    b D8 w C8 b E4 w D9 b E9 w C9 b C1 w B1 b D1 w B2 b D6 w C6 b D3 w D7 b C4 w B4 b D5 w E8 b F7 w F9 \
    b G8 w G9 b H9 w E9 b H8 w D4 b pass w C4 b pass w pass";

/// The session so far: every command sent and its answer.
struct Session {
    engine: Engine,
    log: Vec<(String, String)>,
}

impl Session {
    fn new() -> Session {
        // Level 0 keeps the moves quick; the commands and their order are what is checked here.
        let options = Options { boardsize: 19, komi: 6.5, level: 0, rules: Rules::default(), ..Options::default() };
        Session { engine: engine(options), log: Vec::new() }
    }

    /// Sends one command; its answer, which must be a success (`= ...`), without the `=`.
    fn send(&mut self, command: &str) -> String {
        let answer = self.engine.handle_line(command).unwrap_or_default();
        assert!(answer.starts_with('=') && answer.ends_with("\n\n"), "{command:?} was answered {answer:?}");
        self.log.push((command.to_string(), answer.clone()));
        answer[1..].trim().to_string()
    }

    /// The opponent's move: the first of `choices` that is empty, sent as `play`.
    fn opponent_plays(&mut self, color: &str, choices: &[&str]) {
        let stones = self.send("list_stones black") + " " + &self.send("list_stones white");
        let taken: Vec<&str> = stones.split_whitespace().collect();
        let v = choices.iter().find(|c| !taken.iter().any(|t| t.eq_ignore_ascii_case(c))).expect("a free point");
        self.send(&format!("play {color} {v}"));
    }

    /// The engine's move, with the clock first as kgsGtp sends it.
    fn engine_moves(&mut self, color: &str, seconds: u32, stones: u32) -> String {
        self.send(&format!("time_left {color} {seconds} {stones}"));
        self.send(&format!("genmove {color}"))
    }

    /// The distinct command names used.
    fn commands(&self) -> Vec<String> {
        let mut names: Vec<String> =
            self.log.iter().map(|(c, _)| c.split_whitespace().next().unwrap_or("").to_string()).collect();
        names.sort();
        names.dedup();
        names
    }
}

/// The vertices of a `final_status_list` answer (one string per line).
fn vertices(answer: &str) -> Vec<String> {
    let mut v: Vec<String> = answer.split_whitespace().map(str::to_ascii_uppercase).collect();
    v.sort();
    v
}

#[test]
fn a_kgsgtp_session_is_answered_without_an_error() {
    let mut s = Session::new();

    // Start-up: kgsGtp learns what the engine offers.
    let list = s.send("list_commands");
    s.send("protocol_version");
    assert_eq!(s.send("name"), "gammon-go");
    s.send("version");

    // Game 1: the engine is Black on 9x9 under Chinese rules, Japanese byo-yomi.
    s.send("boardsize 9");
    s.send("clear_board");
    s.send("komi 7.5");
    s.send("kgs-rules chinese");
    s.send("kgs-time_settings byoyomi 600 30 5");
    s.send("kgs-chat game alice hello");
    let first = s.engine_moves("b", 600, 0);
    assert_ne!(first, "resign");
    s.opponent_plays("w", &["C3", "G7", "C7", "G3"]);
    s.engine_moves("b", 590, 0);
    s.opponent_plays("w", &["G7", "C7", "G3", "C3"]);
    // The opponent asks to take back its move and ours: kgsGtp sends one undo per move.
    s.send("undo");
    s.send("undo");
    s.engine_moves("b", 580, 0);
    let help = s.send("kgs-chat private alice help");
    assert!(help.contains("gammon-go"), "{help}");
    let status = s.send("kgs-chat game alice status");
    assert!(status.contains("area scoring") && status.contains("komi 7.5"), "{status}");
    s.send("kgs-game_over");

    // Game 2, resumed after a reconnection: the board is rebuilt by `play`, up to the two passes that end
    // it, under Japanese rules and the plain `time_settings` (Canadian: 25 stones in 5 minutes).
    s.send("boardsize 9");
    s.send("clear_board");
    s.send("komi 6.5");
    s.send("kgs-rules japanese");
    s.send("time_settings 600 300 25");
    let words: Vec<&str> = ENDED_GAME.split_whitespace().collect();
    for m in words.chunks(2) {
        s.send(&format!("play {} {}", m[0], m[1]));
    }
    let dead = vertices(&s.send("final_status_list dead"));
    assert_eq!(dead, ["E2", "F3", "G3", "G7"], "the dead stones GNU Go also lists");
    // The opponent disputes them: back to play in the cleanup phase until both pass.
    let mut cleanup_moves = Vec::new();
    loop {
        s.send("time_left b 300 25");
        let mv = s.send("kgs-genmove_cleanup b");
        if mv.eq_ignore_ascii_case("pass") {
            break;
        }
        assert_ne!(mv, "resign");
        cleanup_moves.push(mv);
        assert!(cleanup_moves.len() <= 20, "no pass after {cleanup_moves:?}");
        s.send("play w pass");
    }
    assert!(!cleanup_moves.is_empty(), "the engine passed with stones it calls dead on the board");
    assert_eq!(s.send("final_status_list dead"), "", "dead stones left after the cleanup: {cleanup_moves:?}");
    let white = s.send("list_stones white").to_ascii_uppercase();
    for v in &dead {
        assert!(!white.split_whitespace().any(|w| w == v), "{v} was not captured");
    }
    s.send("final_score");
    s.send("kgs-game_over");

    // Game 3: the engine is Black on 19x19 with two free handicap stones, AGA rules, Canadian overtime.
    s.send("boardsize 19");
    s.send("clear_board");
    s.send("komi 0.5");
    s.send("kgs-rules aga");
    s.send("kgs-time_settings canadian 1200 300 25");
    let stones = s.send("place_free_handicap 2");
    assert_eq!(stones.split_whitespace().count(), 2, "{stones}");
    s.opponent_plays("w", &["Q16", "D16", "Q4", "D4", "K10"]);
    s.engine_moves("b", 1190, 0);
    s.send("kgs-game_over");

    // Game 4: the engine is White on 13x13; the opponent placed its handicap stones; New Zealand rules,
    // absolute time.
    s.send("boardsize 13");
    s.send("clear_board");
    s.send("komi 0.5");
    s.send("kgs-rules new_zealand");
    s.send("kgs-time_settings absolute 900");
    s.send("set_free_handicap D4 K10 D10");
    s.engine_moves("w", 900, 0);
    s.opponent_plays("b", &["K4", "G7", "C3"]);
    s.engine_moves("w", 880, 0);
    s.send("kgs-game_over");

    // Game 5: no time limit.
    s.send("boardsize 9");
    s.send("clear_board");
    s.send("komi 7.5");
    s.send("kgs-rules chinese");
    s.send("kgs-time_settings none");
    s.engine_moves("w", 0, 0);
    s.send("kgs-game_over");
    s.send("quit");

    // Every command kgsGtp sends is known and listed.
    let commands = s.commands();
    for cmd in [
        "list_commands",
        "protocol_version",
        "name",
        "version",
        "boardsize",
        "clear_board",
        "komi",
        "kgs-rules",
        "kgs-time_settings",
        "time_settings",
        "time_left",
        "genmove",
        "play",
        "undo",
        "place_free_handicap",
        "set_free_handicap",
        "final_status_list",
        "kgs-genmove_cleanup",
        "kgs-game_over",
        "kgs-chat",
        "quit",
    ] {
        assert!(commands.iter().any(|c| c == cmd), "the script never sent {cmd}");
    }
    let mut fresh = Session::new();
    for cmd in &commands {
        assert_eq!(fresh.send(&format!("known_command {cmd}")), "true", "{cmd}");
        assert!(list.lines().any(|l| l.trim() == cmd), "list_commands lacks {cmd}");
    }
}

#[test]
fn kgs_time_settings_and_rules_refuse_what_kgsgtp_never_sends() {
    // Malformed input is an error line, never a panic; the session goes on.
    let mut e = engine(Options { boardsize: 9, level: 0, ..Options::default() });
    for bad in [
        "kgs-time_settings",
        "kgs-time_settings byoyomi 600 30",
        "kgs-time_settings canadian x 30 5",
        "kgs-time_settings fischer 600 10",
        "kgs-rules",
        "kgs-rules ing",
        "kgs-chat",
        "kgs-chat shout alice hi",
        "time_settings 600",
        "time_left b",
        "kgs-genmove_cleanup",
        "kgs-genmove_cleanup purple",
    ] {
        let answer = e.handle_line(bad).unwrap_or_default();
        assert!(answer.starts_with('?'), "{bad:?} was answered {answer:?}");
    }
    assert_eq!(e.handle_line("kgs-time_settings none"), Some("= \n\n".into()));
}
