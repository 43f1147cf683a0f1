//! gnubg 1.07's `relational` commands on the match database (`database`): `relational setup`,
//! `relational test`, `relational add match`, `relational show players`, `relational show details
//! PLAYER [OPPONENT] [plot FILE.svg]`, `relational select QUERY`, `relational erase player
//! PLAYER`, `relational erase allplayers`, and `set relational file PATH`. Texts are gnubg's where
//! it has them; every failure is one line.
//!
//! The database is opened for each command and closed after it, as gnubg connects and
//! disconnects, so several `gammon` processes can share one file. The file is `set relational
//! file`'s, else `relational setup sqlite-database=`'s, else `database::default_path()` (the
//! `GAMMON_RELATIONAL_DB` variable, else the user's data folder).
//!
//! Owns only the command texts (the settings are `database::DatabaseSettings`, kept in the
//! shell's state); storage and queries are `database`'s, the
//! statistics tables `analysis`'s, the picture `database::plot`'s.

use super::state::{fail, syntax, Reply, State};
use crate::analysis::{analyse_session, AnalysisSettings, Statistics};
use crate::database::{self, plot, DbError, MatchDatabase, MatchEntry, Table};
use crate::formats::picture::standalone;
use crate::formats::{write_atomic, Metadata};
use engine_core::command::{Args, CommandError};
use engine_core::limits::excerpt;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A test hook: `GAMMON_RELATIONAL_FAULT=N` aborts the process right after the N-th insert of
/// `relational add match`, as a crash or a kill would (the test of interrupted adds sets it).
pub const ENV_FAULT: &str = "GAMMON_RELATIONAL_FAULT";

fn open(st: &State) -> Result<MatchDatabase, CommandError> {
    let path = st.relational.path();
    MatchDatabase::open(&path).map_err(|e| {
        CommandError::Failed(format!("Error opening database {}: {e}", excerpt(&path.display().to_string())))
    })
}

fn db_error(e: DbError) -> CommandError {
    CommandError::Failed(format!("Error running database command: {e}"))
}

/// A table as gnubg's `relational select` prints it: columns right-aligned to their widest
/// entry, separated by ` | `, the heading underlined with `-` and `|`.
pub(super) fn format_table(t: &Table) -> String {
    let n = t.columns.len();
    let mut widths: Vec<usize> = t.columns.iter().map(|c| c.chars().count()).collect();
    for row in &t.rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    let write_row = |out: &mut String, cells: &[String]| {
        let parts: Vec<String> = cells.iter().zip(&widths).map(|(c, w)| format!("{c:>w$}")).collect();
        out.push_str(&parts.join(" | "));
        out.push('\n');
    };
    write_row(&mut out, &t.columns);
    let mut line = String::new();
    for (k, w) in widths.iter().enumerate() {
        line.push_str(&"-".repeat(w + 1));
        if k + 1 < n {
            line.push('|');
            line.push('-');
        }
    }
    out.push_str(&line);
    out.push('\n');
    for row in &t.rows {
        write_row(&mut out, row);
    }
    if t.truncated {
        let _ = writeln!(out, "(only the first {} rows are shown)", database::MAX_SELECT_ROWS);
    }
    out
}

pub(super) fn cmd_relational_setup(st: &mut State, args: &Args) -> Reply {
    let mut settings = st.relational.clone();
    for token in args.tokens() {
        let Some((key, value)) = token.split_once('=') else {
            return syntax(format!("Usage: relational setup [<key>=<value> ...] (not `{}').", excerpt(token)));
        };
        match key.to_ascii_lowercase().as_str() {
            "dbtype" => {
                if !value.eq_ignore_ascii_case("sqlite") {
                    return fail(format!(
                        "Unknown database type `{}': gammon keeps its match database in SQLite (dbtype=sqlite).",
                        excerpt(value)
                    ));
                }
            }
            "storegamestats" => settings.store_game_stats = value.eq_ignore_ascii_case("yes"),
            "sqlite-database" | "database" | "file" => {
                if value.is_empty() {
                    return syntax("You must specify a database file (sqlite-database=FILE).");
                }
                settings.file = Some(PathBuf::from(value));
            }
            "sqlite-username" | "sqlite-password" | "sqlite-hostname" => {}
            other => {
                return syntax(format!("Unknown key `{}' (see `help relational setup').", excerpt(other)));
            }
        }
    }
    st.relational = settings;
    Ok(String::new())
}

pub(super) fn cmd_set_relational_file(st: &mut State, args: &Args) -> Reply {
    let [file] = args.tokens() else { return syntax("You must specify a file (usage: set relational file FILE).") };
    st.relational.file = Some(PathBuf::from(file));
    st.say(format!("The match database is now {file}."));
    Ok(String::new())
}

pub(super) fn cmd_relational_test(st: &mut State, args: &Args) -> Reply {
    if !args.is_empty() {
        return syntax("`relational test' takes no arguments.");
    }
    let Ok(db) = open(st) else { return fail("Database connection test failed, installation problem!") };
    match db.test() {
        Ok(()) => Ok("Database test is successful!".into()),
        Err(_) => fail("Database table check failed! The session table is missing."),
    }
}

pub(super) fn cmd_relational_add_match(st: &mut State, args: &Args) -> Reply {
    match args.tokens() {
        [] => {}
        [q] if q.eq_ignore_ascii_case("quiet") => {}
        _ => return syntax("Usage: relational add match [quiet]"),
    }
    let Some(session) = st.session.clone().filter(|s| !s.games().is_empty()) else {
        return fail("No match is being played.");
    };
    if st.session_analysis.is_none() {
        let a = analyse_session(&session, &AnalysisSettings::plies(st.analysis_plies));
        st.say(format!("The match was not analysed: analysed now at {} ply.", st.analysis_plies));
        st.session_analysis = Some(a);
    }
    let analysis = st.session_analysis.clone().expect("analysed above");
    let mut db = open(st)?;
    let info = Metadata::default();
    let entry = MatchEntry {
        players: [st.names[0].as_str(), st.names[1].as_str()],
        session: &session,
        analysis: &analysis,
        info: &info,
    };
    let fault: Option<usize> = std::env::var(ENV_FAULT).ok().and_then(|v| v.parse().ok());
    let mut hook = |n: usize| -> Result<(), DbError> {
        if fault == Some(n) {
            // a crash in the middle of the transaction (the test of interrupted adds)
            std::process::abort();
        }
        Ok(())
    };
    let added = db.add_match_with(&entry, st.relational.store_game_stats, &mut hook).map_err(db_error)?;
    Ok(if added.replaced {
        "Match exists, overwritten.".to_string()
    } else {
        format!("Match added to the database ({} v {}).", st.names[0], st.names[1])
    })
}

pub(super) fn cmd_relational_show_players(st: &mut State, args: &Args) -> Reply {
    if !args.is_empty() {
        return syntax("`relational show players' takes no arguments.");
    }
    let db = open(st)?;
    let players = db.players().map_err(db_error)?;
    if players.is_empty() {
        return Ok("No rows found.".into());
    }
    let t = Table {
        columns: vec!["Player".into()],
        rows: players.into_iter().map(|p| vec![p.name]).collect(),
        truncated: false,
    };
    Ok(format_table(&t))
}

fn milli(v: f64) -> String {
    format!("{:+.1}", v * 1000.0)
}

pub(super) fn cmd_relational_show_details(st: &mut State, args: &Args) -> Reply {
    let tokens = args.tokens();
    let (names, plot_file) = match tokens {
        [rest @ .., p, file] if p.eq_ignore_ascii_case("plot") => (rest, Some(file.as_str())),
        _ => (tokens, None),
    };
    let (player, opponent) = match names {
        [p] => (p.as_str(), None),
        [p, o] => (p.as_str(), Some(o.as_str())),
        [] => {
            return syntax(
                "You must specify a player name to list the details for (see `help relational show details').",
            )
        }
        _ => return syntax("Usage: relational show details PLAYER [OPPONENT] [plot FILE.svg]"),
    };
    let db = open(st)?;
    let Some(stats) = db.player_statistics(player, opponent).map_err(db_error)? else {
        return fail("Empty player stats or player(s) not found");
    };
    // as gnubg: summed counts and normalised errors, shown as money figures without results (the
    // MWC of matches of different lengths do not add up, so the unnormalised totals are left out)
    let mut players = stats;
    for p in &mut players {
        p.actual_result = 0.0;
        p.luck_adjusted = 0.0;
        p.chequer_error[1] = 0.0;
        p.luck[1] = 0.0;
        for e in &mut p.cube_errors {
            e.1[1] = 0.0;
        }
    }
    let summary = Statistics { players, games: 0, rating_offset: 2050.0 };
    let names = [player.to_string(), opponent.unwrap_or("Opponents").to_string()];
    let mut out = String::from("Player statistics\n\n\n");
    out.push_str(&summary.text(&names, 0));
    let history: Vec<_> = db
        .player_history(player)
        .map_err(db_error)?
        .into_iter()
        .filter(|h| opponent.is_none_or(|o| h.opponent == o))
        .collect();
    let _ = writeln!(out, "Matches of {player} (in the order added; error rates in mEMG per decision)\n");
    let rows = history
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let s = &h.statistics;
            let result = match (h.length, h.result) {
                (0, r) => format!("{r:+}"),
                (_, 1) => "won".into(),
                (_, -1) => "lost".into(),
                _ => "unfinished".into(),
            };
            let or_na = |ok: bool, v: f64| if ok { milli(-v) } else { "n/a".into() };
            vec![
                (i + 1).to_string(),
                h.date.clone().unwrap_or_else(|| h.added.clone()),
                h.opponent.clone(),
                if h.length == 0 { "money".into() } else { h.length.to_string() },
                result,
                or_na(s.unforced_moves > 0, s.chequer_rate()[0]),
                or_na(s.close_cube > 0, s.cube_rate()[0]),
                or_na(s.unforced_moves + s.close_cube > 0, s.overall_rate()[0]),
                if s.total_moves > 0 { milli(s.luck_rate()[0]) } else { "n/a".into() },
                h.rating.map_or("n/a".into(), |r| format!("{r:.1}")),
            ]
        })
        .collect();
    let columns = ["#", "Date", "Opponent", "Length", "Result", "Chequer", "Cube", "Overall", "Luck", "Rating"];
    out.push_str(&format_table(&Table {
        columns: columns.iter().map(|c| c.to_string()).collect(),
        rows,
        truncated: false,
    }));
    if let Some(file) = plot_file {
        let svg = standalone(&plot::history_svg(player, &history));
        write_atomic(Path::new(file), svg.as_bytes())
            .map_err(|e| CommandError::Failed(format!("{}: {e}", excerpt(file))))?;
        let _ = writeln!(out, "Written to {file}.");
    }
    Ok(out)
}

pub(super) fn cmd_relational_select(st: &mut State, args: &Args) -> Reply {
    if args.is_empty() {
        return syntax("You must specify a SQL query to run.");
    }
    let query = args.tokens().join(" ");
    let db = open(st)?;
    match db.select(&query) {
        Ok(t) if t.rows.is_empty() => Ok("No rows found.".into()),
        Ok(t) => Ok(format_table(&t)),
        Err(DbError::NotReadOnly) => fail(format!(
            "Only SELECT queries may be run (from '{}'): the database is changed by `relational add match' and `relational erase'.",
            excerpt(&query)
        )),
        Err(e) => fail(format!("SQL error: {e} (from '{}')", excerpt(&query))),
    }
}

pub(super) fn cmd_relational_erase_player(st: &mut State, args: &Args) -> Reply {
    let [name] = args.tokens() else {
        return syntax("You must specify a player name to remove (see `help relational erase player').");
    };
    let mut db = open(st)?;
    if !db.erase_player(name).map_err(db_error)? {
        return fail("Player not found or player stats empty");
    }
    Ok(format!("Player `{name}' and their matches have been erased."))
}

pub(super) fn cmd_relational_erase_allplayers(st: &mut State, args: &Args) -> Reply {
    if !args.is_empty() {
        return syntax("`relational erase allplayers' takes no arguments.");
    }
    let mut db = open(st)?;
    db.erase_all().map_err(db_error)?;
    Ok("All player records have been erased.".into())
}
