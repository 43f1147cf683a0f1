//! The match database: analysed matches and sessions kept in SQLite, as gnubg 1.07's
//! `relational` commands keep them, so that a player's record can be looked at over time.
//!
//! Tables (names and columns as gnubg's, so its users' `relational select` queries work):
//! `player` (one row a name), `session` (one row a match or money session, with the players,
//! result, length and match information, and a checksum of its moves that recognises a match
//! added again), `game` (one row a game), `matchstat` and `gamestat` (one row per player of a
//! session or game: the counts and totals of [`PlayerStatistics`] and the rates and ratings
//! derived from them). The schema is ours; its version is SQLite's `PRAGMA user_version`, and
//! [`MatchDatabase::open`] brings an older file up to date through [`MIGRATIONS`] (each in its own
//! transaction) and refuses a newer one.
//!
//! Every change is one transaction: an interrupted [`MatchDatabase::add_match`] (an error, a
//! crash, a killed process) leaves the file as it was (SQLite's journal rolls it back on the next
//! open). [`MatchDatabase::select`] runs one read-only statement under a time limit.
//!
//! Owns the file and its SQL. It must not analyse (the statistics come from `analysis`), read
//! match files or print: the `relational` commands (`frontends`) format what it returns.

pub mod plot;

use crate::analysis::{LuckRating, PlayerStatistics, Rating, SessionAnalysis, Statistics};
use crate::formats::Metadata;
use crate::rules::game::{GameEvent, GameResult};
use crate::rules::session::Session;
use rusqlite::types::Value;
use rusqlite::{params, Connection, OptionalExtension, Transaction};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use thiserror::Error;

/// The environment variable naming the database file (tests, scripts); it wins over the default.
pub const ENV_DATABASE: &str = "GAMMON_RELATIONAL_DB";

/// The schema version this code writes (`PRAGMA user_version`).
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// At most this many rows of a [`MatchDatabase::select`] are returned.
pub const MAX_SELECT_ROWS: usize = 10_000;

/// A [`MatchDatabase::select`] running longer is interrupted.
pub const SELECT_TIME_LIMIT: Duration = Duration::from_secs(10);

/// The rating of perfect play in the absolute rating estimate (gnubg's default).
const RATING_OFFSET: f64 = 2050.0;

/// What went wrong, in one line.
#[derive(Debug, Error)]
pub enum DbError {
    #[error("{0}")]
    Sql(#[from] rusqlite::Error),
    #[error("cannot create the folder of {path}: {source}")]
    Folder { path: String, source: std::io::Error },
    #[error("the database's schema version {found} is newer than this gammon's ({known}); upgrade gammon")]
    TooNew { found: i64, known: i64 },
    #[error("only a single SELECT statement may be run")]
    NotReadOnly,
    #[error("the query took longer than {} s and was interrupted", SELECT_TIME_LIMIT.as_secs())]
    TooSlow,
    /// A fault injected by a test between two inserts.
    #[error("interrupted: {0}")]
    Interrupted(String),
}

/// The default database file: `$GAMMON_RELATIONAL_DB`, else `$XDG_DATA_HOME/gammon/matches.db`,
/// else `~/.local/share/gammon/matches.db`, else `matches.db` in the current folder.
pub fn default_path() -> PathBuf {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(p) = var(ENV_DATABASE) {
        return p;
    }
    // the XDG rule: a relative XDG_DATA_HOME is ignored
    if let Some(d) = var("XDG_DATA_HOME").filter(|d| d.is_absolute()) {
        return d.join("gammon").join("matches.db");
    }
    match var("HOME") {
        Some(h) => h.join(".local").join("share").join("gammon").join("matches.db"),
        None => PathBuf::from("matches.db"),
    }
}

/// Where the database is and what is stored: the settings of `relational setup` and `set
/// relational file`, kept by the shell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatabaseSettings {
    /// The file chosen by the user; [`default_path`] when `None`.
    pub file: Option<PathBuf>,
    /// gnubg's `storegamestats`: store every game and its statistics too (gnubg's default: yes).
    pub store_game_stats: bool,
}

impl Default for DatabaseSettings {
    fn default() -> Self {
        DatabaseSettings { file: None, store_game_stats: true }
    }
}

impl DatabaseSettings {
    /// The file to open.
    pub fn path(&self) -> PathBuf {
        self.file.clone().unwrap_or_else(default_path)
    }
}

/// The statistics columns of `matchstat` and `gamestat` that hold a [`PlayerStatistics`]
/// (counts, then totals), in the order [`base_values`] and [`statistics_from_row`] use.
const BASE_COUNTS: [&str; 22] = [
    "total_moves",
    "unforced_moves",
    "unmarked_moves",
    "doubtful_moves",
    "bad_moves",
    "very_bad_moves",
    "very_unlucky_rolls",
    "unlucky_rolls",
    "unmarked_rolls",
    "lucky_rolls",
    "very_lucky_rolls",
    "total_cube_decisions",
    "close_cube_decisions",
    "doubles",
    "takes",
    "passes",
    "missed_doubles_below_cp",
    "missed_doubles_above_cp",
    "wrong_doubles_below_dp",
    "wrong_doubles_above_tg",
    "wrong_takes",
    "wrong_passes",
];

const BASE_TOTALS: [&str; 20] = [
    "chequer_error_total_normalised",
    "chequer_error_total",
    "luck_total_normalised",
    "luck_total",
    "error_missed_doubles_below_cp_normalised",
    "error_missed_doubles_below_cp",
    "error_missed_doubles_above_cp_normalised",
    "error_missed_doubles_above_cp",
    "error_wrong_doubles_below_dp_normalised",
    "error_wrong_doubles_below_dp",
    "error_wrong_doubles_above_tg_normalised",
    "error_wrong_doubles_above_tg",
    "error_wrong_takes_normalised",
    "error_wrong_takes",
    "error_wrong_passes_normalised",
    "error_wrong_passes",
    "actual_result",
    "luck_adjusted_result",
    "variance_actual",
    "variance_luck_adjusted",
];

/// Figures derived from the base columns, kept for queries (NULL where gnubg prints "n/a").
const DERIVED: [(&str, &str); 24] = [
    ("chequer_error_per_move_normalised", "REAL"),
    ("chequer_error_per_move", "REAL"),
    ("chequer_rating", "INTEGER"),
    ("luck_per_move_normalised", "REAL"),
    ("luck_per_move", "REAL"),
    ("luck_rating", "INTEGER"),
    ("cube_error_total_normalised", "REAL"),
    ("cube_error_total", "REAL"),
    ("cube_error_per_move_normalised", "REAL"),
    ("cube_error_per_move", "REAL"),
    ("cube_rating", "INTEGER"),
    ("overall_error_total_normalised", "REAL"),
    ("overall_error_total", "REAL"),
    ("overall_error_per_move_normalised", "REAL"),
    ("overall_error_per_move", "REAL"),
    ("overall_rating", "INTEGER"),
    ("snowie_moves", "INTEGER"),
    ("snowie_error_rate_per_move", "REAL"),
    ("luck_based_fibs_rating_diff", "REAL"),
    ("error_based_fibs_rating", "REAL"),
    ("chequer_rating_loss", "REAL"),
    ("cube_rating_loss", "REAL"),
    ("actual_advantage", "REAL"),
    ("luck_adjusted_advantage", "REAL"),
];

fn statistics_columns_ddl() -> String {
    let mut s = String::new();
    for c in BASE_COUNTS {
        s.push_str(&format!(",\n    {c} INTEGER NOT NULL"));
    }
    for c in BASE_TOTALS {
        s.push_str(&format!(",\n    {c} REAL NOT NULL"));
    }
    for (c, t) in DERIVED {
        s.push_str(&format!(",\n    {c} {t}"));
    }
    s
}

/// Version 1: the tables.
fn migration_1() -> String {
    let stats = statistics_columns_ddl();
    format!(
        "CREATE TABLE player (
    player_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    notes TEXT NOT NULL DEFAULT ''
);
CREATE TABLE session (
    session_id INTEGER PRIMARY KEY,
    checksum TEXT NOT NULL UNIQUE,
    player_id0 INTEGER NOT NULL REFERENCES player (player_id) ON DELETE RESTRICT,
    player_id1 INTEGER NOT NULL REFERENCES player (player_id) ON DELETE RESTRICT,
    -- match: +1 player 0 won, -1 player 1 won, 0 unfinished; session: player 0's points
    result INTEGER NOT NULL,
    -- 0 for a money session
    length INTEGER NOT NULL,
    added TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    rating0 TEXT, rating1 TEXT, event TEXT, round TEXT, place TEXT, annotator TEXT, comment TEXT,
    date TEXT
);
CREATE TABLE game (
    game_id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES session (session_id) ON DELETE CASCADE,
    player_id0 INTEGER NOT NULL REFERENCES player (player_id) ON DELETE RESTRICT,
    player_id1 INTEGER NOT NULL REFERENCES player (player_id) ON DELETE RESTRICT,
    score_0 INTEGER NOT NULL,
    score_1 INTEGER NOT NULL,
    -- points won, positive for player 0, negative for player 1, 0 unfinished
    result INTEGER NOT NULL,
    added TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    game_number INTEGER NOT NULL,
    crawford INTEGER NOT NULL
);
CREATE TABLE matchstat (
    matchstat_id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES session (session_id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES player (player_id) ON DELETE RESTRICT{stats}
);
CREATE TABLE gamestat (
    gamestat_id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES game (game_id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES player (player_id) ON DELETE RESTRICT{stats}
);"
    )
}

/// Version 2: indexes for the queries by player and by session.
fn migration_2() -> String {
    "CREATE INDEX session_player0 ON session (player_id0);
CREATE INDEX session_player1 ON session (player_id1);
CREATE INDEX game_session ON game (session_id);
CREATE INDEX matchstat_session ON matchstat (session_id);
CREATE INDEX matchstat_player ON matchstat (player_id);
CREATE INDEX gamestat_game ON gamestat (game_id);"
        .to_string()
}

/// The migrations in order: migration `i` takes a file from version `i` to `i + 1`.
pub const MIGRATIONS: [fn() -> String; 2] = [migration_1, migration_2];

/// One match or session to add: its players (0 first), the session, its analysis and the
/// match information.
#[derive(Debug, Clone, Copy)]
pub struct MatchEntry<'a> {
    pub players: [&'a str; 2],
    pub session: &'a Session,
    pub analysis: &'a SessionAnalysis,
    pub info: &'a Metadata,
}

/// What [`MatchDatabase::add_match`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Added {
    pub session_id: i64,
    /// The same match was in the database and has been replaced (gnubg overwrites it).
    pub replaced: bool,
}

/// The result of [`MatchDatabase::select`]: column names and rows of text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// More rows than [`MAX_SELECT_ROWS`] matched; the rest were not read.
    pub truncated: bool,
}

/// One match of a player's history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryEntry {
    pub session_id: i64,
    /// When it was added (SQLite's `CURRENT_TIMESTAMP`, UTC).
    pub added: String,
    /// The match's date, if the file gave one.
    pub date: Option<String>,
    pub opponent: String,
    /// Points, 0 for a money session.
    pub length: u16,
    /// From the player's side: +1 won, -1 lost, 0 unfinished (match); points won (session).
    pub result: i64,
    pub statistics: PlayerStatistics,
    /// The error-based absolute FIBS rating (matches with decisions only).
    pub rating: Option<f64>,
}

/// A player's name and how many matches or sessions of theirs are stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSummary {
    pub name: String,
    pub matches: u32,
}

/// An open match database.
pub struct MatchDatabase {
    conn: Connection,
    path: Option<PathBuf>,
}

impl std::fmt::Debug for MatchDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MatchDatabase").field("path", &self.path).finish()
    }
}

impl MatchDatabase {
    /// Opens (creating it and its folder if needed) the database at `path` and brings its
    /// schema up to date.
    ///
    /// # Errors
    /// The folder or file cannot be created or opened, the file is not a database, or its schema
    /// is newer than this code's.
    pub fn open(path: &Path) -> Result<MatchDatabase, DbError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|source| DbError::Folder { path: path.display().to_string(), source })?;
        }
        let conn = Connection::open(path)?;
        Self::setup(conn, Some(path.to_path_buf()), SCHEMA_VERSION)
    }

    /// A database in memory (tests).
    ///
    /// # Errors
    /// SQLite failed.
    pub fn open_in_memory() -> Result<MatchDatabase, DbError> {
        Self::setup(Connection::open_in_memory()?, None, SCHEMA_VERSION)
    }

    /// Opens `path` migrating it only up to `version` (tests of the migrations).
    ///
    /// # Errors
    /// As [`MatchDatabase::open`].
    pub fn open_at_version(path: &Path, version: i64) -> Result<MatchDatabase, DbError> {
        let conn = Connection::open(path)?;
        Self::setup(conn, Some(path.to_path_buf()), version.clamp(0, SCHEMA_VERSION))
    }

    fn setup(conn: Connection, path: Option<PathBuf>, target: i64) -> Result<MatchDatabase, DbError> {
        // another gammon may be adding a match: wait for its transaction rather than fail
        conn.busy_timeout(Duration::from_secs(10))?;
        conn.execute_batch("PRAGMA foreign_keys = ON;")?;
        let mut db = MatchDatabase { conn, path };
        db.migrate(target)?;
        Ok(db)
    }

    fn migrate(&mut self, target: i64) -> Result<(), DbError> {
        let found: i64 = self.conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if found > SCHEMA_VERSION {
            return Err(DbError::TooNew { found, known: SCHEMA_VERSION });
        }
        for v in found..target {
            let tx = self.conn.transaction()?;
            // a second process may have migrated meanwhile: read the version inside the transaction
            let now: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
            if now > v {
                tx.commit()?;
                continue;
            }
            tx.execute_batch(&MIGRATIONS[v as usize]())?;
            tx.execute_batch(&format!("PRAGMA user_version = {}", v + 1))?;
            tx.commit()?;
        }
        Ok(())
    }

    /// The file, if not in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The schema version of the file.
    ///
    /// # Errors
    /// SQLite failed.
    pub fn schema_version(&self) -> Result<i64, DbError> {
        Ok(self.conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// gnubg's `relational test`: the session table answers.
    ///
    /// # Errors
    /// The table is missing or SQLite failed.
    pub fn test(&self) -> Result<(), DbError> {
        self.conn.query_row("SELECT COUNT(*) FROM session", [], |r| r.get::<_, i64>(0))?;
        Ok(())
    }

    /// SQLite's `PRAGMA integrity_check` and `foreign_key_check`: "ok" when both are clean.
    ///
    /// # Errors
    /// SQLite failed.
    pub fn integrity_check(&self) -> Result<String, DbError> {
        let ok: String = self.conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
        let mut stmt = self.conn.prepare("PRAGMA foreign_key_check")?;
        let bad = stmt.query_map([], |r| r.get::<_, String>(0))?.count();
        Ok(if bad > 0 { format!("{ok}; {bad} rows break foreign keys") } else { ok })
    }

    /// Rows in each table: player, session, game, matchstat, gamestat.
    ///
    /// # Errors
    /// SQLite failed.
    pub fn counts(&self) -> Result<[i64; 5], DbError> {
        let mut out = [0; 5];
        for (i, t) in ["player", "session", "game", "matchstat", "gamestat"].iter().enumerate() {
            out[i] = self.conn.query_row(&format!("SELECT COUNT(*) FROM {t}"), [], |r| r.get(0))?;
        }
        Ok(out)
    }

    /// Adds a match (gnubg's `relational add match`) in one transaction; a match already there
    /// (the same players and moves) is replaced, as gnubg does. `games` also stores each game
    /// and its statistics (gnubg's `storegamestats`).
    ///
    /// # Errors
    /// SQLite failed; nothing was changed.
    pub fn add_match(&mut self, entry: &MatchEntry<'_>, games: bool) -> Result<Added, DbError> {
        self.add_match_with(entry, games, &mut |_| Ok(()))
    }

    /// [`MatchDatabase::add_match`] calling `after_insert(n)` after the `n`-th insert (from 1):
    /// an error it returns abandons the transaction, as a crash would (tests inject faults so).
    ///
    /// # Errors
    /// As [`MatchDatabase::add_match`], or `after_insert`'s error.
    pub fn add_match_with(
        &mut self,
        entry: &MatchEntry<'_>,
        games: bool,
        after_insert: &mut dyn FnMut(usize) -> Result<(), DbError>,
    ) -> Result<Added, DbError> {
        let checksum = checksum(entry.players, entry.session);
        let tx = self.conn.transaction()?;
        let mut step = 0usize;
        let mut inserted = |n: usize| -> Result<(), DbError> {
            step += n;
            after_insert(step)
        };
        let existing: Option<i64> =
            tx.query_row("SELECT session_id FROM session WHERE checksum = ?1", [&checksum], |r| r.get(0)).optional()?;
        if let Some(id) = existing {
            // games, their statistics and the match statistics go by cascade
            tx.execute("DELETE FROM session WHERE session_id = ?1", [id])?;
        }
        let p0 = player_id(&tx, entry.players[0])?;
        inserted(1)?;
        let p1 = player_id(&tx, entry.players[1])?;
        inserted(1)?;
        let s = entry.session;
        let length = s.rules().match_length;
        let score = s.score();
        let result: i64 = if length > 0 {
            match s.winner() {
                Some(0) => 1,
                Some(_) => -1,
                None => 0,
            }
        } else {
            i64::from(score[0]) - i64::from(score[1])
        };
        let m = entry.info;
        tx.execute(
            "INSERT INTO session (checksum, player_id0, player_id1, result, length, rating0, rating1, \
             event, round, place, annotator, comment, date) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            params![
                checksum,
                p0,
                p1,
                result,
                length,
                m.ratings[0],
                m.ratings[1],
                m.event,
                m.round,
                m.place,
                m.annotator,
                m.comment,
                m.date
            ],
        )?;
        let session_id = tx.last_insert_rowid();
        inserted(1)?;
        let stats = &entry.analysis.statistics;
        for (p, id) in [(0, p0), (1, p1)] {
            insert_statistics(&tx, "matchstat", "session_id", session_id, id, stats, p, length)?;
            inserted(1)?;
        }
        if games {
            for (k, (game, analysis)) in s.games().iter().zip(&entry.analysis.games).enumerate() {
                let setup = game.setup();
                let result = game.result().map_or(0, |r: &GameResult| {
                    let pts = i64::from(r.points);
                    if r.winner == 0 {
                        pts
                    } else {
                        -pts
                    }
                });
                tx.execute(
                    "INSERT INTO game (session_id, player_id0, player_id1, score_0, score_1, result, \
                     game_number, crawford) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    params![session_id, p0, p1, setup.score[0], setup.score[1], result, k as i64 + 1, setup.crawford],
                )?;
                let game_id = tx.last_insert_rowid();
                inserted(1)?;
                for (p, id) in [(0, p0), (1, p1)] {
                    insert_statistics(&tx, "gamestat", "game_id", game_id, id, &analysis.statistics, p, length)?;
                    inserted(1)?;
                }
            }
        }
        tx.commit()?;
        Ok(Added { session_id, replaced: existing.is_some() })
    }

    /// Whether this match (the same players and moves) is stored.
    ///
    /// # Errors
    /// SQLite failed.
    pub fn contains(&self, players: [&str; 2], session: &Session) -> Result<bool, DbError> {
        let c = checksum(players, session);
        Ok(self.conn.query_row("SELECT 1 FROM session WHERE checksum = ?1", [c], |_| Ok(())).optional()?.is_some())
    }

    /// Every player, by name, with their number of matches and sessions.
    ///
    /// # Errors
    /// SQLite failed.
    pub fn players(&self) -> Result<Vec<PlayerSummary>, DbError> {
        let mut stmt = self.conn.prepare(
            "SELECT name, (SELECT COUNT(*) FROM session s WHERE s.player_id0 = p.player_id \
             OR s.player_id1 = p.player_id) FROM player p ORDER BY name",
        )?;
        let rows = stmt.query_map([], |r| Ok(PlayerSummary { name: r.get(0)?, matches: r.get(1)? }))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn player_key(&self, name: &str) -> Result<Option<i64>, DbError> {
        Ok(self.conn.query_row("SELECT player_id FROM player WHERE name = ?1", [name], |r| r.get(0)).optional()?)
    }

    /// gnubg's `relational show details PLAYER [OPPONENT]`: the player's statistics summed over
    /// their stored matches (`[0]`) and their opponents' (`[1]`), or against `opponent` only.
    /// `None` when a player is unknown or has no matches (gnubg's "Empty player stats").
    ///
    /// # Errors
    /// SQLite failed.
    pub fn player_statistics(
        &self,
        player: &str,
        opponent: Option<&str>,
    ) -> Result<Option<[PlayerStatistics; 2]>, DbError> {
        let Some(me) = self.player_key(player)? else { return Ok(None) };
        let them = match opponent {
            Some(o) => match self.player_key(o)? {
                Some(id) => Some(id),
                None => return Ok(None),
            },
            None => None,
        };
        let sql = format!(
            "SELECT m.player_id, {} FROM matchstat m JOIN session s ON s.session_id = m.session_id \
             WHERE (s.player_id0 = ?1 OR s.player_id1 = ?1) \
             AND (?2 IS NULL OR s.player_id0 = ?2 OR s.player_id1 = ?2) ORDER BY m.session_id, m.matchstat_id",
            base_columns("m.")
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let mut rows = stmt.query(params![me, them])?;
        let mut out = [PlayerStatistics::default(); 2];
        let mut any = false;
        while let Some(r) = rows.next()? {
            let id: i64 = r.get(0)?;
            let s = statistics_from_row(r, 1)?;
            add_statistics(&mut out[usize::from(id != me)], &s);
            any = true;
        }
        Ok(any.then_some(out))
    }

    /// A player's matches in the order they were added, with their figures.
    ///
    /// # Errors
    /// SQLite failed.
    pub fn player_history(&self, player: &str) -> Result<Vec<HistoryEntry>, DbError> {
        let Some(me) = self.player_key(player)? else { return Ok(Vec::new()) };
        let sql = format!(
            "SELECT s.session_id, s.added, s.date, s.length, s.result, s.player_id0, \
             (SELECT name FROM player WHERE player_id = CASE WHEN s.player_id0 = ?1 THEN s.player_id1 ELSE s.player_id0 END), \
             m.error_based_fibs_rating, {} \
             FROM session s JOIN matchstat m ON m.session_id = s.session_id AND m.player_id = ?1 \
             WHERE s.player_id0 = ?1 OR s.player_id1 = ?1 ORDER BY s.session_id",
            base_columns("m.")
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let mut rows = stmt.query([me])?;
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            let length: i64 = r.get(3)?;
            let result: i64 = r.get(4)?;
            let first: i64 = r.get(5)?;
            out.push(HistoryEntry {
                session_id: r.get(0)?,
                added: r.get(1)?,
                date: r.get(2)?,
                opponent: r.get::<_, Option<String>>(6)?.unwrap_or_default(),
                length: u16::try_from(length).unwrap_or(0),
                result: if first == me { result } else { -result },
                rating: r.get(7)?,
                statistics: statistics_from_row(r, 8)?,
            });
        }
        Ok(out)
    }

    /// gnubg's `relational erase player`: the player's matches (with their games and
    /// statistics) and the player. `false` if there is no such player.
    ///
    /// # Errors
    /// SQLite failed; nothing was changed.
    pub fn erase_player(&mut self, name: &str) -> Result<bool, DbError> {
        let Some(id) = self.player_key(name)? else { return Ok(false) };
        let tx = self.conn.transaction()?;
        tx.execute("DELETE FROM session WHERE player_id0 = ?1 OR player_id1 = ?1", [id])?;
        tx.execute("DELETE FROM player WHERE player_id = ?1", [id])?;
        tx.commit()?;
        Ok(true)
    }

    /// gnubg's `relational erase allplayers`: every match and player.
    ///
    /// # Errors
    /// SQLite failed; nothing was changed.
    pub fn erase_all(&mut self) -> Result<(), DbError> {
        let tx = self.conn.transaction()?;
        tx.execute_batch("DELETE FROM session; DELETE FROM player;")?;
        tx.commit()?;
        Ok(())
    }

    /// gnubg's `relational select`: runs one read-only statement (`SELECT` is added in front
    /// unless the query starts with it or with `WITH`) and returns at most
    /// [`MAX_SELECT_ROWS`] rows, interrupting it after [`SELECT_TIME_LIMIT`].
    ///
    /// # Errors
    /// The statement would write, is more than one statement, is not valid SQL, or ran too long.
    pub fn select(&self, query: &str) -> Result<Table, DbError> {
        let q = query.trim().trim_end_matches(';').trim_end();
        let first = q.split(|c: char| c.is_whitespace() || c == '(').next().unwrap_or("").to_ascii_lowercase();
        let sql = if first == "select" || first == "with" || first == "values" {
            q.to_string()
        } else {
            format!("SELECT {q}")
        };
        let mut stmt = self.conn.prepare(&sql)?;
        if !stmt.readonly() {
            return Err(DbError::NotReadOnly);
        }
        let columns: Vec<String> = stmt.column_names().iter().map(|c| c.to_string()).collect();
        let started = Instant::now();
        self.conn.progress_handler(10_000, Some(move || started.elapsed() > SELECT_TIME_LIMIT));
        let result = (|| -> Result<Table, rusqlite::Error> {
            let n = columns.len();
            let mut rows = stmt.query([])?;
            let mut table = Table { columns: columns.clone(), rows: Vec::new(), truncated: false };
            while let Some(r) = rows.next()? {
                if table.rows.len() == MAX_SELECT_ROWS {
                    table.truncated = true;
                    break;
                }
                let mut row = Vec::with_capacity(n);
                for i in 0..n {
                    row.push(cell_text(r.get::<_, Value>(i)?));
                }
                table.rows.push(row);
            }
            Ok(table)
        })();
        self.conn.progress_handler(0, None::<fn() -> bool>);
        match result {
            Ok(t) => Ok(t),
            Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::OperationInterrupted => {
                Err(DbError::TooSlow)
            }
            Err(e) => Err(e.into()),
        }
    }
}

/// A value as `relational select` prints it: text without control characters.
fn cell_text(v: Value) -> String {
    match v {
        Value::Null => "NULL".to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Real(x) => format!("{x}"),
        Value::Text(t) => t.chars().map(|c| if c.is_control() { ' ' } else { c }).collect(),
        Value::Blob(b) => format!("<{} bytes>", b.len()),
    }
}

/// The player's id, inserting the name if new.
fn player_id(tx: &Transaction<'_>, name: &str) -> Result<i64, DbError> {
    if let Some(id) = tx.query_row("SELECT player_id FROM player WHERE name = ?1", [name], |r| r.get(0)).optional()? {
        return Ok(id);
    }
    tx.execute("INSERT INTO player (name) VALUES (?1)", [name])?;
    Ok(tx.last_insert_rowid())
}

fn base_columns(prefix: &str) -> String {
    BASE_COUNTS.iter().chain(BASE_TOTALS.iter()).map(|c| format!("{prefix}{c}")).collect::<Vec<_>>().join(", ")
}

/// The values of [`BASE_COUNTS`] and [`BASE_TOTALS`] for one player.
fn base_values(p: &PlayerStatistics) -> Vec<Value> {
    let mut v: Vec<Value> = Vec::with_capacity(42);
    let counts = [
        p.total_moves,
        p.unforced_moves,
        p.marked[0],
        p.marked[1],
        p.marked[2],
        p.marked[3],
        p.luck_marks[0],
        p.luck_marks[1],
        p.luck_marks[2],
        p.luck_marks[3],
        p.luck_marks[4],
        p.total_cube,
        p.close_cube,
        p.doubles,
        p.takes,
        p.passes,
    ];
    v.extend(counts.iter().map(|&c| Value::Integer(i64::from(c))));
    v.extend(p.cube_errors.iter().map(|(n, _)| Value::Integer(i64::from(*n))));
    let mut totals = vec![p.chequer_error[0], p.chequer_error[1], p.luck[0], p.luck[1]];
    for (_, e) in &p.cube_errors {
        totals.extend([e[0], e[1]]);
    }
    totals.extend([p.actual_result, p.luck_adjusted, p.variance_actual, p.variance_luck_adjusted]);
    v.extend(totals.into_iter().map(Value::Real));
    v
}

/// A [`PlayerStatistics`] from the base columns starting at `at`.
fn statistics_from_row(r: &rusqlite::Row<'_>, at: usize) -> Result<PlayerStatistics, rusqlite::Error> {
    let c = |i: usize| -> Result<u32, rusqlite::Error> {
        let v: i64 = r.get(at + i)?;
        Ok(u32::try_from(v).unwrap_or(0))
    };
    let t0 = at + BASE_COUNTS.len();
    let f = |i: usize| -> Result<f64, rusqlite::Error> { r.get(t0 + i) };
    let mut p = PlayerStatistics {
        total_moves: c(0)?,
        unforced_moves: c(1)?,
        marked: [c(2)?, c(3)?, c(4)?, c(5)?],
        luck_marks: [c(6)?, c(7)?, c(8)?, c(9)?, c(10)?],
        total_cube: c(11)?,
        close_cube: c(12)?,
        doubles: c(13)?,
        takes: c(14)?,
        passes: c(15)?,
        chequer_error: [f(0)?, f(1)?],
        luck: [f(2)?, f(3)?],
        actual_result: f(16)?,
        luck_adjusted: f(17)?,
        variance_actual: f(18)?,
        variance_luck_adjusted: f(19)?,
        ..PlayerStatistics::default()
    };
    for k in 0..6 {
        p.cube_errors[k] = (c(16 + k)?, [f(4 + 2 * k)?, f(5 + 2 * k)?]);
    }
    Ok(p)
}

/// Sums counts and totals (results and variances are summed too: a rough total, not gnubg's
/// running variance, which needs the games one by one).
pub fn add_statistics(a: &mut PlayerStatistics, b: &PlayerStatistics) {
    a.total_moves += b.total_moves;
    a.unforced_moves += b.unforced_moves;
    for k in 0..4 {
        a.marked[k] += b.marked[k];
    }
    for k in 0..5 {
        a.luck_marks[k] += b.luck_marks[k];
    }
    a.total_cube += b.total_cube;
    a.close_cube += b.close_cube;
    a.doubles += b.doubles;
    a.takes += b.takes;
    a.passes += b.passes;
    for k in 0..2 {
        a.chequer_error[k] += b.chequer_error[k];
        a.luck[k] += b.luck[k];
    }
    for k in 0..6 {
        a.cube_errors[k].0 += b.cube_errors[k].0;
        a.cube_errors[k].1[0] += b.cube_errors[k].1[0];
        a.cube_errors[k].1[1] += b.cube_errors[k].1[1];
    }
    a.actual_result += b.actual_result;
    a.luck_adjusted += b.luck_adjusted;
    a.variance_actual += b.variance_actual;
    a.variance_luck_adjusted += b.variance_luck_adjusted;
}

#[allow(clippy::too_many_arguments)]
fn insert_statistics(
    tx: &Transaction<'_>,
    table: &str,
    key: &str,
    key_value: i64,
    player_id: i64,
    stats: &Statistics,
    player: usize,
    match_length: u16,
) -> Result<(), DbError> {
    let p = &stats.players[player];
    let n = u32::from(match_length);
    let is_match = n > 0;
    let opt = |b: bool, v: f64| if b { Value::Real(v) } else { Value::Null };
    let rating = |r: Option<Rating>| r.map_or(Value::Null, |r| Value::Integer(r as i64));
    let luck_rating = |r: Option<LuckRating>| r.map_or(Value::Null, |r| Value::Integer(r as i64));
    let cube_total = p.cube_error();
    let overall = p.total_error();
    let snowie_moves = stats.players[0].total_moves + stats.players[1].total_moves;
    let decisions = p.unforced_moves + p.close_cube > 0;
    let games = f64::from(stats.games.max(1));
    let derived = [
        Value::Real(p.chequer_rate()[0]),
        Value::Real(p.chequer_rate()[1]),
        rating(p.chequer_rating()),
        Value::Real(p.luck_rate()[0]),
        Value::Real(p.luck_rate()[1]),
        luck_rating(p.luck_rating()),
        Value::Real(cube_total[0]),
        Value::Real(cube_total[1]),
        Value::Real(p.cube_rate()[0]),
        Value::Real(p.cube_rate()[1]),
        rating(p.cube_rating()),
        Value::Real(overall[0]),
        Value::Real(overall[1]),
        Value::Real(p.overall_rate()[0]),
        Value::Real(p.overall_rate()[1]),
        rating(p.overall_rating()),
        Value::Integer(i64::from(snowie_moves)),
        stats.snowie_rate(player).map_or(Value::Null, Value::Real),
        if is_match {
            // the difference is player 0's over player 1: seen from each player
            stats.luck_based_rating_difference(n).map_or(Value::Null, |d| Value::Real(if player == 0 { d } else { -d }))
        } else {
            Value::Null
        },
        opt(is_match && decisions, p.absolute_rating(n, RATING_OFFSET)),
        opt(is_match && p.unforced_moves > 0, p.chequer_rating_loss(n)),
        opt(is_match && p.close_cube > 0, p.cube_rating_loss(n)),
        opt(!is_match, p.actual_result / games),
        opt(!is_match, p.luck_adjusted / games),
    ];
    let mut columns = vec![key.to_string(), "player_id".to_string()];
    columns.extend(BASE_COUNTS.iter().chain(BASE_TOTALS.iter()).map(|c| c.to_string()));
    columns.extend(DERIVED.iter().map(|(c, _)| c.to_string()));
    let mut values = vec![Value::Integer(key_value), Value::Integer(player_id)];
    values.extend(base_values(p));
    values.extend(derived);
    let marks: Vec<String> = (1..=values.len()).map(|i| format!("?{i}")).collect();
    let sql = format!("INSERT INTO {table} ({}) VALUES ({})", columns.join(", "), marks.join(", "));
    tx.execute(&sql, rusqlite::params_from_iter(values))?;
    Ok(())
}

/// The identity of a match: a 128-bit FNV-1a hash (as hex) of the players and every event a
/// match file records, so a match added again is recognised whatever its analysis, and whether
/// it was played here or loaded from a file (gnubg keys on an MD5 of the match the same way).
/// Hence what files do not keep is left out: equal opening rolls (thrown again) and the order of
/// the dice; a play is its dice, the position before and the position after.
pub fn checksum(players: [&str; 2], session: &Session) -> String {
    let mut text = String::new();
    use std::fmt::Write as _;
    let r = session.rules();
    let _ = write!(text, "{}\u{1f}{}\u{1f}{}\u{1f}{}", players[0], players[1], r.match_length, r.variant);
    for g in session.games() {
        text.push('\u{1e}');
        let sorted = |d: &(u8, u8)| (d.0.max(d.1), d.0.min(d.1));
        for e in g.events() {
            let _ = match e {
                GameEvent::OpeningRoll { dice } if dice[0] == dice[1] => continue,
                GameEvent::OpeningRoll { dice } => write!(text, "\u{1f}o{}{}", dice[0], dice[1]),
                GameEvent::AutomaticDouble { cube } => write!(text, "\u{1f}a{cube}"),
                GameEvent::Roll { player, dice } => write!(text, "\u{1f}r{player}{:?}", sorted(dice)),
                GameEvent::Play { player, dice, before, play } => {
                    write!(text, "\u{1f}p{player}{:?}{}{}", sorted(dice), before.id(), play.result().id())
                }
                GameEvent::Pass { player, dice } => write!(text, "\u{1f}n{player}{:?}", sorted(dice)),
                GameEvent::Double { player, cube } => write!(text, "\u{1f}d{player}{cube}"),
                GameEvent::Take { player, cube } => write!(text, "\u{1f}t{player}{cube}"),
                GameEvent::Beaver { player, cube } => write!(text, "\u{1f}b{player}{cube}"),
                GameEvent::Drop { player } => write!(text, "\u{1f}x{player}"),
                GameEvent::Resign { player, kind } => write!(text, "\u{1f}R{player}{kind:?}"),
                GameEvent::AcceptResignation { player, kind } => write!(text, "\u{1f}A{player}{kind:?}"),
                GameEvent::DeclineResignation { player, kind } => write!(text, "\u{1f}D{player}{kind:?}"),
                GameEvent::SetUp { player, position, cube } => write!(text, "\u{1f}s{player}{}{cube:?}", position.id()),
                GameEvent::End(r) => write!(text, "\u{1f}e{}{}", r.winner, r.points),
            };
        }
    }
    const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;
    let h = text.bytes().fold(OFFSET, |h, b| (h ^ u128::from(b)).wrapping_mul(PRIME));
    format!("{h:032x}")
}

#[cfg(test)]
mod tests;
