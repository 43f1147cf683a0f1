//! GNU Go's regression files (`.tst`) run against any GTP engine: the parser, the parallel runner,
//! the grading, the results file and the comparison of two runs. The controller side of GTP, as
//! [`crate::gtp_match`]; the binary `gtp-regress` is a thin front end over it.
//!
//! **The format** (GNU Go's `doc/regression.texi`, graded as `regress.awk` and our reference grader
//! `../shared/tools/gtp_regress.py` do): a GTP script. A line whose first word is a number is a test
//! (`12 owl_attack D8`); the next `#? [EXPECTED]` line is its expectation, an extended regular
//! expression the whole answer must match (`^EXPECTED$`; an expression that does not compile is
//! compared as text). `[!X]` passes when the answer does not match; a trailing `*` marks a known
//! failure of GNU Go (still graded and counted); a trailing `&` leaves the test out. An error answer
//! (`?N …`) or no answer fails. Everything else (`loadsgf`, `trymove`, comments) is sent as it is.
//! The parser reads the text as the Python grader does (latin-1, its line ends, its whitespace and
//! digits, an unclosed `[undecided` as `undecided`), so that every file of GNU Go's suite grades to
//! the same counts; it is stricter only where the Python script would silently grade something other
//! than what the file says: an expectation before any test, a second expectation for one test, an
//! empty `#?` and a test number used twice are [`ParseError`]s with their file and line.
//!
//! **Chunks**: a file is cut into chunks, each answered by a fresh engine process: before a `loadsgf`
//! (numbered or not) once the chunk has [`DEFAULT_CHUNK_TESTS`] expectations (`--chunk-tests`), and
//! likewise before `clear_board` and `boardsize` until the first `loadsgf` (after one, the board size
//! and komi are the record's, which no replay gives back). The settings seen earlier in the file
//! (`komi`, `level`, `increase_depths`, `decrease_depths`, `set_random_seed`, `boardsize`, time
//! settings) are replayed first, without their ids (their answers are not graded); those a `loadsgf`
//! resets it resets again. The chunks of all files are handed out to `jobs` workers in file order;
//! the cut depends on the file alone, so the answers do not depend on `jobs`. A chunk without
//! expectations is not run.
//! [`Split::WholeFiles`] runs each file in one process instead, as the Python grader does. An engine
//! that cannot be started, outlives the timeout (it is killed; the answers it gave still count) or
//! exits with a failure status is an [`EngineFailure`] of its file; the rest of the run goes on.
//!
//! Measured (go-gtp of 6b291ac, 2 cores shared by many jobs, load 15 to 20): one process per
//! `loadsgf` (`--chunk-tests 1`, 160 processes on owl.tst) gave the Python grader's 197/261, the
//! same failing tests, but 33.2 s of CPU against its 27.5 s (a fresh go-gtp's first analysis costs
//! about 0.035 s more than in a running one): hence chunks of expectations, not one per record. With them and `-j 2`,
//! against `gtp_regress.py` on the same build, one after the other: owl 197/261, semeai 110/154,
//! reading 189/235, connection 101/128, score 28/29, optics 84/90, unconditional 673/673, the same
//! counts and the same failing tests; wall seconds 173/278 (1.60x), 210/215 (1.02x), 3.0/3.6,
//! 35.6/55.3 (1.55x), 110/143 (1.30x), 3.8/5.5, 0.8/1.2: 536 s against 700 s in all (1.31x) on a
//! machine already running 15 to 20 jobs on its 2 cores, where a second process buys little; CPU
//! 75 s against 73 s. Not measured: strategy, endgame, 9x9 and nngs (reg_genmove; minutes each).
//! 2026-11-28 (idle machine): strategy, endgame, 9x9 and nngs give the Python grader's counts and
//! failing tests too, so all eleven files agree. With chunks of 16, endgame.tst (65 expensive
//! `reg_genmove` tests, five chunks) left one worker idle at the end: 28.1 s wall against the Python
//! grader's 39.2 s (1.39x); chunks of 8 took 22.9 s (1.71x) and of 4 21.4 s, while owl.tst went
//! from 12.9 s (16) to 14.5 s (4) against its 27.4 s: hence chunks of 8.

use regex::Regex;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};
use thiserror::Error;

/// At most this much of one engine process's standard output is kept (the rest is read and dropped).
pub const MAX_OUTPUT_BYTES: usize = 64 << 20;
/// At most this much of an engine's standard error is kept for a failure report (its end).
const STDERR_TAIL_BYTES: usize = 2000;

/// What is wrong in a `.tst` file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    #[error("expectation `#? {0}` before any numbered test")]
    OrphanExpectation(String),
    #[error("a second expectation for test {number} (the first is on line {first_line})")]
    SecondExpectation { number: String, first_line: usize },
    #[error("`#?` without an expectation")]
    EmptyExpectation,
    #[error("test number {number} used twice (first on line {first_line})")]
    DuplicateNumber { number: String, first_line: usize },
}

/// A [`ParseErrorKind`] at its place.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}:{line}: {kind}")]
pub struct ParseError {
    pub file: String,
    pub line: usize,
    pub kind: ParseErrorKind,
}

/// What stops a run before any engine starts, or a results file from loading.
#[derive(Debug, Error)]
pub enum RegressError {
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{path}: not a results file: {source}")]
    Json { path: String, source: serde_json::Error },
}

/// The expectation of one test, as written after `#?`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expectation {
    /// The text after `#?`, trimmed (`[1 (B4|C4)]*`).
    pub raw: String,
    /// The expression the answer must match, without brackets, flags and `!` (`1 (B4|C4)`).
    pub pattern: String,
    /// `[!…]`: passes when the answer does not match.
    pub negated: bool,
    /// A trailing `*`: GNU Go's known failure.
    pub known_failure: bool,
    /// A trailing `&`: not graded.
    pub ignored: bool,
    /// The line of the `#?`.
    pub line: usize,
}

impl Expectation {
    /// Reads the text after `#?` (trimmed) as the Python grader does.
    pub fn parse(raw: &str, line: usize) -> Expectation {
        let ignored = raw.ends_with('&');
        let known_failure = raw.ends_with('*');
        let body = raw.strip_prefix('[').unwrap_or(raw);
        // `\][&*]*$`: the closing bracket and the flags after it, when there is one
        let flags = body.len() - body.trim_end_matches(['&', '*']).len();
        let body = match body[..body.len() - flags].strip_suffix(']') {
            Some(b) => b,
            None => body,
        };
        let (negated, pattern) = match body.strip_prefix('!') {
            Some(p) => (true, p),
            None => (false, body),
        };
        Expectation { raw: raw.to_string(), pattern: pattern.to_string(), negated, known_failure, ignored, line }
    }

    /// Whether an answer passes: `status` is `=` or `?`, `answer` the text after the id, trimmed.
    pub fn passes(&self, status: char, answer: &str) -> bool {
        let matched = match Regex::new(&format!("^{}$", self.pattern)) {
            Ok(re) => re.is_match(answer),
            Err(_) => self.pattern == answer,
        };
        status == '=' && matched != self.negated
    }
}

/// One numbered command of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestCase {
    /// The id as written (`12`).
    pub number: String,
    /// The command and its arguments (`owl_attack D8`).
    pub command: String,
    pub line: usize,
    pub expectation: Option<Expectation>,
}

/// A run of lines one engine process answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// The line it starts at.
    pub first_line: usize,
    /// What the engine reads: the replayed settings, then the chunk's lines as they are in the file.
    pub input: Vec<u8>,
    /// Indices into [`TestFile::tests`].
    pub tests: Vec<usize>,
}

/// How files are cut for the engine processes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Split {
    /// At a `loadsgf` (`clear_board`, `boardsize`) once the chunk has at least `min_tests` expectations,
    /// settings replayed.
    Chunks { min_tests: usize },
    /// One process per file, fed the whole file (as `gtp_regress.py`).
    WholeFiles,
}

/// The chunk size `gtp-regress` cuts at by default: expectations per engine process.
pub const DEFAULT_CHUNK_TESTS: usize = 8;

impl Default for Split {
    fn default() -> Split {
        Split::Chunks { min_tests: DEFAULT_CHUNK_TESTS }
    }
}

/// A parsed `.tst` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestFile {
    /// The name it was given by.
    pub name: String,
    pub tests: Vec<TestCase>,
    pub chunks: Vec<Chunk>,
}

/// Python's `str.isspace()` on latin-1 characters (the grader's `split()` and `strip()`).
fn py_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0b' | '\x0c' | '\r' | '\x1c'..='\x1f' | ' ' | '\u{85}' | '\u{a0}')
}

/// Python's `str.isdigit()` on latin-1 characters (superscripts one to three included).
fn py_digit(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '\u{b2}' | '\u{b3}' | '\u{b9}')
}

fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// Commands a chunk starts at (they reset the board); `clear_board` and `boardsize` only before the
/// first `loadsgf`.
const BOUNDARIES: &[&str] = &["loadsgf", "clear_board", "boardsize"];
/// Commands whose effect outlives a boundary: replayed at the start of each later chunk.
const SETTINGS: &[&str] = &[
    "boardsize",
    "komi",
    "level",
    "increase_depths",
    "decrease_depths",
    "set_random_seed",
    "time_settings",
    "kgs-time_settings",
];

/// Parses a `.tst` file's bytes. `name` is used in errors and results.
pub fn parse(name: &str, bytes: &[u8], split: Split) -> Result<TestFile, ParseError> {
    let err = |line: usize, kind: ParseErrorKind| ParseError { file: name.to_string(), line, kind };
    let mut tests: Vec<TestCase> = Vec::new();
    let mut by_number: HashMap<String, usize> = HashMap::new();
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut settings: Vec<u8> = Vec::new();
    // the chunk being gathered: first line, start byte, tests, expectations, replayed settings
    let mut current = (1usize, 0usize, Vec::<usize>::new(), 0usize, Vec::<u8>::new());
    let mut start = 0usize;
    let mut line_no = 0usize;
    let mut loaded = false;
    let min_tests = match split {
        Split::Chunks { min_tests } => min_tests.max(1),
        Split::WholeFiles => usize::MAX,
    };
    let close = |chunks: &mut Vec<Chunk>, cur: &mut (usize, usize, Vec<usize>, usize, Vec<u8>), end: usize| {
        if cur.3 > 0 {
            let mut input = std::mem::take(&mut cur.4);
            input.extend_from_slice(&bytes[cur.1..end]);
            chunks.push(Chunk { first_line: cur.0, input, tests: std::mem::take(&mut cur.2) });
        }
    };
    while start < bytes.len() {
        line_no += 1;
        // universal newlines: \n, \r\n or \r ends a line
        let mut end = start;
        while end < bytes.len() && bytes[end] != b'\n' && bytes[end] != b'\r' {
            end += 1;
        }
        let text = latin1(&bytes[start..end]);
        let next = match bytes.get(end) {
            Some(b'\r') if bytes.get(end + 1) == Some(&b'\n') => end + 2,
            Some(_) => end + 1,
            None => end,
        };
        if let Some(rest) = text.strip_prefix("#?") {
            let raw = rest.trim_matches(py_space);
            if tests.is_empty() {
                return Err(err(line_no, ParseErrorKind::OrphanExpectation(raw.to_string())));
            }
            let t = tests.len() - 1;
            if let Some(first) = &tests[t].expectation {
                return Err(err(
                    line_no,
                    ParseErrorKind::SecondExpectation { number: tests[t].number.clone(), first_line: first.line },
                ));
            }
            if raw.is_empty() {
                return Err(err(line_no, ParseErrorKind::EmptyExpectation));
            }
            tests[t].expectation = Some(Expectation::parse(raw, line_no));
            current.3 += 1;
        } else {
            let words: Vec<&str> = text.split(py_space).filter(|w| !w.is_empty()).collect();
            let numbered = words.first().is_some_and(|w| w.chars().all(py_digit));
            let command = if numbered { words.get(1) } else { words.first() };
            // after a loadsgf, the board size and komi are the record's: no cut at clear_board or boardsize
            let is_boundary = command.is_some_and(|c| *c == "loadsgf" || (!loaded && BOUNDARIES.contains(c)));
            loaded |= command.is_some_and(|c| *c == "loadsgf");
            // a cut only where the engine sees a line start as well
            if is_boundary && current.3 >= min_tests && bytes[start - 1] == b'\n' {
                close(&mut chunks, &mut current, start);
                current = (line_no, start, Vec::new(), 0, settings.clone());
            }
            if let Some(c) = command.filter(|c| SETTINGS.contains(c)) {
                let args = if numbered { &words[2..] } else { &words[1..] };
                settings.extend_from_slice(c.as_bytes());
                for a in args {
                    settings.push(b' ');
                    settings.extend(a.chars().map(|ch| ch as u32 as u8));
                }
                settings.push(b'\n');
            }
            if numbered {
                let number = words[0].to_string();
                if let Some(&first) = by_number.get(&number) {
                    let first_line = tests[first].line;
                    return Err(err(line_no, ParseErrorKind::DuplicateNumber { number, first_line }));
                }
                by_number.insert(number.clone(), tests.len());
                current.2.push(tests.len());
                tests.push(TestCase { number, command: words[1..].join(" "), line: line_no, expectation: None });
            }
        }
        start = next;
    }
    close(&mut chunks, &mut current, bytes.len());
    Ok(TestFile { name: name.to_string(), tests, chunks })
}

/// Reads and parses `dir/name`.
pub fn load(dir: &Path, name: &str, split: Split) -> Result<TestFile, RegressError> {
    let path = dir.join(name);
    let bytes = std::fs::read(&path).map_err(|source| RegressError::Io { path: path.display().to_string(), source })?;
    Ok(parse(name, &bytes, split)?)
}

/// The answers in an engine's output, by id: the grader's `^([=?])(\d+)\s*(.*)$` on each line (the
/// last answer to an id wins).
pub fn answers(output: &[u8]) -> HashMap<String, (char, String)> {
    let mut got = HashMap::new();
    let text = latin1(output);
    // Python's str.splitlines() on latin-1 text
    for line in text.split(['\n', '\r', '\x0b', '\x0c', '\x1c', '\x1d', '\x1e', '\u{85}']) {
        let mut chars = line.chars();
        let Some(status @ ('=' | '?')) = chars.next() else { continue };
        let rest = chars.as_str();
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            continue;
        }
        let answer = rest[digits..].trim_matches(py_space);
        got.insert(rest[..digits].to_string(), (status, answer.to_string()));
    }
    got
}

/// How an engine process went wrong.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EngineFailure {
    /// The line of the file its chunk starts at.
    pub first_line: usize,
    /// What happened (`cannot start: …`, `no end within 600 s: killed`, `exit status: 101`) and the
    /// end of its standard error.
    pub message: String,
}

/// One graded test of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestResult {
    pub number: String,
    pub line: usize,
    pub command: String,
    /// The expectation as written (`[1 (B4|C4)]*`).
    pub expected: String,
    pub known_failure: bool,
    pub passed: bool,
    /// `=` or `?` and the answer, or none.
    pub answer: Option<String>,
}

/// The results of one file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileReport {
    pub file: String,
    pub passed: usize,
    pub total: usize,
    /// Passed tests GNU Go is known to fail (`*`).
    pub known_failures_passed: usize,
    /// Wall seconds of its engine processes, added up.
    pub engine_seconds: f64,
    pub tests: Vec<TestResult>,
    pub failures: Vec<EngineFailure>,
}

/// The results of a run, as `--results` writes them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunReport {
    pub engine: String,
    pub jobs: usize,
    pub wall_seconds: f64,
    pub passed: usize,
    pub total: usize,
    pub files: Vec<FileReport>,
}

impl RunReport {
    /// Whether any engine process failed.
    pub fn engine_failed(&self) -> bool {
        self.files.iter().any(|f| !f.failures.is_empty())
    }

    /// Writes the report as JSON (whole or not at all).
    pub fn save(&self, path: &Path) -> Result<(), RegressError> {
        let io = |source| RegressError::Io { path: path.display().to_string(), source };
        let text = serde_json::to_string_pretty(self).map_err(|e| io(std::io::Error::other(e)))?;
        engine_core::atomic_file::write_atomic(path, text.as_bytes()).map_err(io)
    }

    /// Reads a report written by [`RunReport::save`].
    pub fn load(path: &Path) -> Result<RunReport, RegressError> {
        let name = path.display().to_string();
        let text = std::fs::read(path).map_err(|source| RegressError::Io { path: name.clone(), source })?;
        serde_json::from_slice(&text).map_err(|source| RegressError::Json { path: name, source })
    }
}

/// Grades a file from the answers of its chunks, in chunk order.
pub fn grade(file: &TestFile, outputs: &[Vec<u8>]) -> (Vec<TestResult>, usize, usize, usize) {
    let mut got = HashMap::new();
    for out in outputs {
        got.extend(answers(out));
    }
    let (mut passed, mut total, mut known) = (0, 0, 0);
    let mut results = Vec::new();
    for t in &file.tests {
        let Some(e) = t.expectation.as_ref().filter(|e| !e.ignored) else { continue };
        let answer = got.get(&t.number);
        let ok = answer.is_some_and(|(s, a)| e.passes(*s, a));
        total += 1;
        if ok {
            passed += 1;
            known += usize::from(e.known_failure);
        }
        results.push(TestResult {
            number: t.number.clone(),
            line: t.line,
            command: t.command.clone(),
            expected: e.raw.clone(),
            known_failure: e.known_failure,
            passed: ok,
            answer: answer.map(|(s, a)| format!("{s} {a}").trim_end().to_string()),
        });
    }
    (results, passed, total, known)
}

/// How to run.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The engine's command line, split at whitespace.
    pub engine: String,
    /// The engine's working directory (where `loadsgf` finds `games/…`).
    pub dir: PathBuf,
    /// Engine processes at a time (at least 1).
    pub jobs: usize,
    /// Longest life of one engine process.
    pub timeout: Duration,
}

/// What the runner tells its caller as it goes (from worker threads).
#[derive(Debug)]
pub enum Progress<'a> {
    /// A chunk was answered: tests of it, and of the run so far and in all.
    Chunk { file: &'a str, done_tests: usize, total_tests: usize },
    /// Every chunk of a file was answered.
    File(&'a FileReport),
}

struct ChunkOutput {
    output: Vec<u8>,
    seconds: f64,
    failure: Option<String>,
}

fn tail(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[bytes.len().saturating_sub(STDERR_TAIL_BYTES)..]);
    text.trim().to_string()
}

/// Reads `r` to its end, keeping at most `limit` bytes (the first ones, or the last with `keep_end`).
fn drain(mut r: impl Read, limit: usize, keep_end: bool) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut buf = [0u8; 1 << 16];
    while let Ok(n) = r.read(&mut buf) {
        if n == 0 {
            break;
        }
        kept.extend_from_slice(&buf[..n]);
        if kept.len() > limit {
            if keep_end {
                kept.drain(..kept.len() - limit);
            } else {
                kept.truncate(limit);
            }
        }
    }
    kept
}

fn run_chunk(opts: &RunOptions, input: &[u8]) -> ChunkOutput {
    let started = Instant::now();
    let mut words = opts.engine.split_whitespace();
    let failed = |message: String| ChunkOutput { output: Vec::new(), seconds: 0.0, failure: Some(message) };
    let Some(program) = words.next() else { return failed("empty engine command".into()) };
    let spawned = Command::new(program)
        .args(words)
        .current_dir(&opts.dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => return failed(format!("cannot start `{}`: {e}", opts.engine)),
    };
    let (Some(mut stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        let _ = child.kill();
        let _ = child.wait();
        return failed("no pipes to the engine".into());
    };
    let (out_tx, out_rx) = mpsc::channel();
    let input = input.to_vec();
    // an engine that stops reading early (a `quit`) closes the pipe: not an error of ours
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    std::thread::spawn(move || {
        let _ = out_tx.send(drain(stdout, MAX_OUTPUT_BYTES, false));
    });
    let err_reader = std::thread::spawn(move || drain(stderr, STDERR_TAIL_BYTES, true));
    let mut failure = None;
    let output = match out_rx.recv_timeout(opts.timeout) {
        Ok(out) => out,
        Err(_) => {
            let _ = child.kill();
            failure = Some(format!("no end within {} s: killed", opts.timeout.as_secs_f64()));
            // what it said before it was killed still counts
            out_rx.recv_timeout(Duration::from_secs(5)).unwrap_or_default()
        }
    };
    let status = child.wait();
    let _ = writer.join();
    let err_tail = err_reader.join().map(|e| tail(&e)).unwrap_or_default();
    if failure.is_none() {
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => failure = Some(format!("engine exited with {s}")),
            Err(e) => failure = Some(format!("waiting for the engine: {e}")),
        }
    }
    let failure =
        failure.map(|f| if err_tail.is_empty() { f } else { format!("{f}; standard error ends: {err_tail}") });
    ChunkOutput { output, seconds: started.elapsed().as_secs_f64(), failure }
}

/// Runs the chunks of `files` on `opts.jobs` engine processes at a time and grades them.
pub fn run(files: &[TestFile], opts: &RunOptions, progress: &(dyn Fn(Progress) + Sync)) -> RunReport {
    let started = Instant::now();
    let work: Vec<(usize, usize)> =
        files.iter().enumerate().flat_map(|(f, file)| (0..file.chunks.len()).map(move |c| (f, c))).collect();
    let total_tests: usize = files.iter().map(|f| f.chunks.iter().map(|c| c.tests.len()).sum::<usize>()).sum();
    let next = AtomicUsize::new(0);
    let done_tests = AtomicUsize::new(0);
    // per file: the chunk outputs so far, and how many are missing
    let state: Vec<Mutex<(Vec<Option<ChunkOutput>>, usize)>> =
        files.iter().map(|f| Mutex::new(((0..f.chunks.len()).map(|_| None).collect(), f.chunks.len()))).collect();
    let reports: Vec<Mutex<Option<FileReport>>> = files.iter().map(|_| Mutex::new(None)).collect();
    let finish = |f: usize, outs: Vec<ChunkOutput>| {
        let file = &files[f];
        let outputs: Vec<Vec<u8>> = outs.iter().map(|o| o.output.clone()).collect();
        let (tests, passed, total, known) = grade(file, &outputs);
        let failures = outs
            .iter()
            .zip(&file.chunks)
            .filter_map(|(o, c)| o.failure.clone().map(|message| EngineFailure { first_line: c.first_line, message }))
            .collect();
        let report = FileReport {
            file: file.name.clone(),
            passed,
            total,
            known_failures_passed: known,
            engine_seconds: outs.iter().map(|o| o.seconds).sum(),
            tests,
            failures,
        };
        progress(Progress::File(&report));
        if let Ok(mut r) = reports[f].lock() {
            *r = Some(report);
        }
    };
    // files without chunks are done at once
    for (f, file) in files.iter().enumerate() {
        if file.chunks.is_empty() {
            finish(f, Vec::new());
        }
    }
    std::thread::scope(|s| {
        for _ in 0..opts.jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(f, c)) = work.get(i) else { break };
                let chunk = &files[f].chunks[c];
                let out = run_chunk(opts, &chunk.input);
                let done = done_tests.fetch_add(chunk.tests.len(), Ordering::Relaxed) + chunk.tests.len();
                progress(Progress::Chunk { file: &files[f].name, done_tests: done, total_tests });
                let complete = {
                    let Ok(mut st) = state[f].lock() else { continue };
                    st.0[c] = Some(out);
                    st.1 -= 1;
                    (st.1 == 0).then(|| st.0.iter_mut().filter_map(Option::take).collect::<Vec<_>>())
                };
                if let Some(outs) = complete {
                    finish(f, outs);
                }
            });
        }
    });
    let files: Vec<FileReport> = reports.into_iter().filter_map(|r| r.into_inner().ok().flatten()).collect();
    RunReport {
        engine: opts.engine.clone(),
        jobs: opts.jobs.max(1),
        wall_seconds: started.elapsed().as_secs_f64(),
        passed: files.iter().map(|f| f.passed).sum(),
        total: files.iter().map(|f| f.total).sum(),
        files,
    }
}

/// Tests whose grade changed between two runs, as `file:number`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Comparison {
    pub newly_passing: Vec<String>,
    pub newly_failing: Vec<String>,
    /// Graded now, absent from the previous run.
    pub new_tests: Vec<String>,
}

/// Compares `now` with a `previous` run, test by test (by file name and test number).
pub fn compare(previous: &RunReport, now: &RunReport) -> Comparison {
    let before: BTreeMap<(&str, &str), bool> = previous
        .files
        .iter()
        .flat_map(|f| f.tests.iter().map(move |t| ((f.file.as_str(), t.number.as_str()), t.passed)))
        .collect();
    let mut cmp = Comparison::default();
    for f in &now.files {
        for t in &f.tests {
            let key = format!("{}:{}", f.file, t.number);
            match before.get(&(f.file.as_str(), t.number.as_str())) {
                Some(false) if t.passed => cmp.newly_passing.push(key),
                Some(true) if !t.passed => cmp.newly_failing.push(key),
                None => cmp.new_tests.push(key),
                _ => {}
            }
        }
    }
    cmp
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SAMPLE: &str = "# a comment\n\
        boardsize 9\n\
        komi 5.5\n\
        clear_board\n\
        1 play black C3\n\
        #? []\n\
        2 countlib C3\n\
        #? [4]*\n\
        \n\
        5 loadsgf games/b.sgf\n\
        increase_depths\n\
        trymove W F17\n\
        3 defend J19\n\
        #? [!PASS]&\n\
        popgo\n\
        decrease_depths\n\
        clear_board\n\
        4 attack A1\n\
        #? [undecided\n";

    #[test]
    fn tests_expectations_and_flags() {
        let f = parse("s.tst", SAMPLE.as_bytes(), Split::Chunks { min_tests: 1 }).unwrap();
        let numbers: Vec<&str> = f.tests.iter().map(|t| t.number.as_str()).collect();
        assert_eq!(numbers, ["1", "2", "5", "3", "4"]);
        assert_eq!((f.tests[0].command.as_str(), f.tests[0].line), ("play black C3", 5));
        let e = f.tests[0].expectation.as_ref().unwrap();
        assert_eq!((e.pattern.as_str(), e.negated, e.known_failure, e.ignored, e.line), ("", false, false, false, 6));
        let e = f.tests[1].expectation.as_ref().unwrap();
        assert_eq!((e.pattern.as_str(), e.known_failure), ("4", true));
        assert!(f.tests[2].expectation.is_none());
        let e = f.tests[3].expectation.as_ref().unwrap();
        assert_eq!((e.pattern.as_str(), e.negated, e.ignored), ("PASS", true, true));
        // an unclosed bracket, as in unconditional.tst
        assert_eq!(f.tests[4].expectation.as_ref().unwrap().pattern, "undecided");
    }

    #[test]
    fn chunks_replay_the_settings_before_them() {
        let f = parse("s.tst", SAMPLE.as_bytes(), Split::Chunks { min_tests: 1 }).unwrap();
        let inputs: Vec<String> = f.chunks.iter().map(|c| String::from_utf8(c.input.clone()).unwrap()).collect();
        // no cut before the first expectation; none at the clear_board after a loadsgf (its board size
        // and komi are the record's)
        assert_eq!(f.chunks.iter().map(|c| c.first_line).collect::<Vec<_>>(), [1, 10]);
        assert_eq!(inputs[0], SAMPLE.lines().take(9).map(|l| format!("{l}\n")).collect::<String>());
        assert!(inputs[1].starts_with("boardsize 9\nkomi 5.5\n5 loadsgf games/b.sgf\nincrease_depths\n"));
        assert!(inputs[1].ends_with("decrease_depths\nclear_board\n4 attack A1\n#? [undecided\n"));
        assert_eq!(f.chunks.iter().map(|c| c.tests.clone()).collect::<Vec<_>>(), [vec![0, 1], vec![2, 3, 4]]);
        // a numbered setting is replayed without its id; the depths after the second loadsgf too
        let f = parse(
            "t.tst",
            b"7 level 3\nloadsgf a.sgf\nincrease_depths\n1 attack A1\n#? [0]\nloadsgf b.sgf\n2 attack A1\n#? [0]\n",
            Split::Chunks { min_tests: 1 },
        )
        .unwrap();
        assert_eq!(f.chunks[1].input, b"level 3\nincrease_depths\nloadsgf b.sgf\n2 attack A1\n#? [0]\n");
        // a cut at clear_board before any loadsgf, the board's settings replayed
        let text = b"boardsize 9\nkomi 5.5\nclear_board\n1 x\n#? [1]\nclear_board\n2 y\n#? [2]\n";
        let f = parse("u.tst", text, Split::Chunks { min_tests: 1 }).unwrap();
        assert_eq!(f.chunks[1].input, b"boardsize 9\nkomi 5.5\nclear_board\n2 y\n#? [2]\n");
        // chunks of at least so many expectations
        assert_eq!(parse("s.tst", SAMPLE.as_bytes(), Split::Chunks { min_tests: 3 }).unwrap().chunks.len(), 1);
        assert_eq!(parse("u.tst", text, Split::default()).unwrap().chunks.len(), 1);
        let whole = parse("s.tst", SAMPLE.as_bytes(), Split::WholeFiles).unwrap();
        assert_eq!(whole.chunks.len(), 1);
        assert_eq!(whole.chunks[0].input, SAMPLE.as_bytes());
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let e = parse("x.tst", b"# c\n#? [1]\n1 attack A1\n", Split::Chunks { min_tests: 1 }).unwrap_err();
        assert_eq!(e.to_string(), "x.tst:2: expectation `#? [1]` before any numbered test");
        let e = parse("x.tst", b"1 attack A1\n#? [1]\n#? [0]\n", Split::Chunks { min_tests: 1 }).unwrap_err();
        assert_eq!(
            (e.line, e.kind.clone()),
            (3, ParseErrorKind::SecondExpectation { number: "1".into(), first_line: 2 })
        );
        let e = parse("x.tst", b"1 attack A1\n#?  \n", Split::Chunks { min_tests: 1 }).unwrap_err();
        assert_eq!((e.line, e.kind), (2, ParseErrorKind::EmptyExpectation));
        let e = parse("x.tst", b"7 attack A1\n#? [1]\n\n7 defend A1\n", Split::Chunks { min_tests: 1 }).unwrap_err();
        assert_eq!(e.to_string(), "x.tst:4: test number 7 used twice (first on line 1)");
    }

    #[test]
    fn line_ends_whitespace_and_digits_as_the_python_grader() {
        // \r\n and a lone \r end lines; a no-break space separates words; a superscript two is a digit
        let f = parse(
            "x.tst",
            b"1\xa0attack A1\r\n#? [1 B2]\r2 defend A1\n#? [0]\n\xb2 x\n",
            Split::Chunks { min_tests: 1 },
        )
        .unwrap();
        assert_eq!(f.tests.iter().map(|t| t.number.as_str()).collect::<Vec<_>>(), ["1", "2", "\u{b2}"]);
        assert_eq!(f.tests[0].command, "attack A1");
        assert_eq!(f.tests[1].line, 3);
    }

    #[test]
    fn answers_and_grades() {
        let got = answers(b"= black\n\n=1 1 E8\n\n?2 unknown command\n\n=3\n\n=4  PASS  \r\n\n= x\n=10 a\n");
        assert_eq!(got.get("1"), Some(&('=', "1 E8".to_string())));
        assert_eq!(got.get("2"), Some(&('?', "unknown command".to_string())));
        assert_eq!(got.get("3"), Some(&('=', String::new())));
        assert_eq!(got.get("4"), Some(&('=', "PASS".to_string())));
        assert_eq!(got.len(), 5);
        let e = |raw: &str| Expectation::parse(raw, 1);
        assert!(e("[1 (F8|E8|E9)]").passes('=', "1 E8"));
        assert!(!e("[1 (F8|E8|E9)]").passes('=', "1 E8 E9"));
        assert!(!e("[1 (F8|E8|E9)]").passes('?', "1 E8"));
        assert!(e("[!PASS]").passes('=', "C3"));
        assert!(!e("[!PASS]").passes('=', "PASS"));
        assert!(!e("[!PASS]").passes('?', "C3"), "an error answer fails even a negated test");
        // `^1 C3|D4$` is (^1 C3)|(D4$), as in the Python grader
        assert!(e("[1 C3|D4]").passes('=', "1 C3 and more"));
        assert!(e("[W\\+36.5]*").passes('=', "W+36.5"));
        // an expression that does not compile is compared as text
        assert!(e("[*(]").passes('=', "*("));
        assert!(e("[]").passes('=', ""));
    }

    #[test]
    fn grading_a_file_and_comparing_runs() {
        let f = parse("s.tst", SAMPLE.as_bytes(), Split::Chunks { min_tests: 1 }).unwrap();
        let outs = vec![b"=1 \n\n=2 4\n\n".to_vec(), b"=5\n\n=3 PASS\n\n?4 no\n\n".to_vec()];
        let (tests, passed, total, known) = grade(&f, &outs);
        // test 3 is left out (&), test 5 has no expectation
        assert_eq!((passed, total, known), (2, 3, 1));
        assert_eq!(
            tests.iter().map(|t| (t.number.as_str(), t.passed)).collect::<Vec<_>>(),
            [("1", true), ("2", true), ("4", false)]
        );
        assert_eq!(tests[2].answer.as_deref(), Some("? no"));
        let report = |tests: Vec<TestResult>| RunReport {
            engine: "e".into(),
            jobs: 1,
            wall_seconds: 0.0,
            passed: 0,
            total: 0,
            files: vec![FileReport {
                file: "s.tst".into(),
                passed: 0,
                total: 0,
                known_failures_passed: 0,
                engine_seconds: 0.0,
                tests,
                failures: vec![],
            }],
        };
        let mut flipped = tests.clone();
        flipped[0].passed = false;
        flipped[2].passed = true;
        let cmp = compare(&report(tests[..2].to_vec()), &report(flipped));
        assert_eq!(cmp.newly_failing, ["s.tst:1"]);
        assert!(cmp.newly_passing.is_empty());
        assert_eq!(cmp.new_tests, ["s.tst:4"]);
        let r = report(tests);
        let back: RunReport = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(back, r);
    }

    proptest! {
        /// Any bytes: a file or a typed error, never a panic; the chunks' tests are each test at most once.
        #[test]
        fn never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            if let Ok(f) = parse("p.tst", &bytes, Split::Chunks { min_tests: 1 }) {
                let mut seen: Vec<usize> = f.chunks.iter().flat_map(|c| c.tests.clone()).collect();
                seen.sort_unstable();
                seen.dedup();
                prop_assert!(seen.iter().all(|&i| i < f.tests.len()));
            }
            let _ = answers(&bytes);
        }

        /// Tests written out are read back: numbers, commands, expectations and flags.
        #[test]
        fn written_tests_read_back(cases in proptest::collection::vec(
            ("[a-z_]{1,12}( [A-T][1-9])?", "[A-Z0-9 ()|.]{0,10}", any::<bool>(), 0u8..3, any::<bool>()), 1..12)) {
            let mut text = String::new();
            for (i, (cmd, pat, neg, flag, board)) in cases.iter().enumerate() {
                if *board {
                    text += "loadsgf games/x.sgf\n";
                }
                let flag = ["", "*", "&"][*flag as usize];
                text += &format!("{} {cmd}\n#? [{}{pat}]{flag}\n", i + 1, if *neg { "!" } else { "" });
            }
            let f = parse("p.tst", text.as_bytes(), Split::Chunks { min_tests: 1 }).unwrap();
            prop_assert_eq!(f.tests.len(), cases.len());
            for (t, (cmd, pat, neg, flag, _)) in f.tests.iter().zip(&cases) {
                let e = t.expectation.as_ref().unwrap();
                prop_assert_eq!(&t.command, cmd);
                prop_assert_eq!(&e.pattern, pat);
                prop_assert_eq!((e.negated, e.known_failure, e.ignored), (*neg, *flag == 1, *flag == 2));
            }
            let in_chunks: usize = f.chunks.iter().map(|c| c.tests.len()).sum();
            prop_assert_eq!(in_chunks, cases.len());
        }
    }
}
