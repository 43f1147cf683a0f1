//! `mkpat`: checks and compiles GNU Go pattern databases with the `patterns` crate, and lists the
//! matches of databases in a position. Argument parsing only: reading and compiling are
//! `patterns::{parse_path, PatternLibrary}`, loading the position is `go::sgf::load_position`, matching
//! in a game is `go::analysis::pattern_context`.

use clap::Parser;
use engine_core::limits::{read_to_string_limited, MAX_INPUT_FILE_BYTES};
use go::analysis::pattern_context::list_matches;
use go::sgf::load_position;
use go::Color;
use patterns::{database_files, LibraryError, PatternLibrary, Registry};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const AFTER_HELP: &str = "\
Check mode (default): prints `FILE: N patterns, E errors` per file, each error on standard error as
`FILE:LINE:COLUMN: expected ...`. Exit status: 0 when every file is clean; 1 when a file cannot be read
(or is larger than 16 MiB); else 2 when a file has an error (syntax, geometry, a constraint naming an
unknown helper, or a limit of the patterns crate passed: see `patterns::limits`).

Joseki mode (--joseki SGF [-o OUT.db]): compiles a joseki tree in GNU Go's joseki SGF format (moves
marked with MA/SQ in the upper right corner, the class the comment's first letter) into a database in
our pattern language (see the `patterns::joseki` documentation); prints `SGF: N patterns (M on the
main line), K skipped` on standard error. Exit status 1 when the SGF cannot be read or OUT cannot be
written, 2 when it is malformed (the error names the SGF node).

Match mode (--match SGF [MOVE]): loads the game as GNU Go's `loadsgf` does (MOVE a move number to stop
before, or a vertex: stop before the first move there; default the whole game), matches every pattern of
the databases (--db FILE|DIR..., default the built-in shape.db, endgame.db, connect.db and edge.db) for the side to
move (or --color), and prints one line per match, sorted by database, pattern, anchor, transformation:

    DB:PATTERN ANCHOR TRANSFORM MOVE CONSTRAINT

DB the database file name, ANCHOR the vertex of the pattern's anchor stone, TRANSFORM the letter a-h of
GNU Go's transformation table, MOVE the vertex of `*` (`-` when none), CONSTRAINT `true` or `false` (the
constraint evaluated in the position), `-` (no constraint) or `error: ...`. Exit status as in check mode
(1 also when the SGF file cannot be read, 2 when it is malformed).

Harvest mode (--harvest OUT.db --games DIR|FILE... [--holdout 0.2] [--seed N] [--size 3|5]
[--min-count 10]): counts the local shapes (the square of side --size around each move, seen by the mover,
with the edges up to the fourth line, canonical under the 8 symmetries) of the moves of the training files
(the split --tune makes with the same --holdout and --seed) and writes each shape played at least
--min-count times as a pattern with shape(0) into OUT.db, for --tune to fit (`go::gtp::harvest`).

Playout fit mode (--fit-playout OUT.txt --games DIR|FILE... [--holdout 0.2] [--seed N] [--min-count 10]):
for every move of the training files that follows a play, the 3x3 neighbourhoods (seen by the mover,
canonical under the 8 symmetries) of the legal moves on the last move's 8 neighbours, with tactical
features (captures, escapes atari, gives atari, self-atari, orthogonal), against the other legal moves as
plain candidates; fits a weight per neighbourhood with --tune's model and writes those of the
neighbourhoods seen at least --min-count times to OUT.txt (`go::gtp::playout_fit`; the playouts' weights are
go/src/playout/gammas.txt). Prints the held-out top-1/top-5 of the fit, of the hand-written playout shapes
and of the tactical features alone.

Tune mode (--tune DB.db --games DIR|FILE... [--labels played|marked] [--holdout 0.2] [--seed N] [-o OUT.db |
--dry-run]): fits the shape values of DB's patterns to the moves played in the games (--labels marked: the
moves marked good, TE on the move's node unless BM, TR and LB points on it) (Coulom's generalized Bradley-Terry model
over the legal moves, fitted by minorization-maximization with a prior centred on the current values:
`patterns::tune`), holding out a fraction of
the files, and writes DB back (or OUT.db) with only the `shape(...)` values changed: shape = ln(gamma) /
ln(1.05), rounded, within +-15 (--max-shape N: +-N; --centre: ln(gamma) less the mean ln(gamma) of the
patterns' matches in training; --within: fitted within 1.05^+-N beside a level feature on every matched
candidate, not written) (the engine multiplies a move's value by 1.05^shape). --prior-games K...: the
prior's weight (several: chosen on a validation fifth of the training files); --min-games G: patterns that
match the labelled move in fewer than G training files keep their values. Prints the training
log-likelihood and the held-out top-1/top-5 prediction of the played moves before and after, and with
--engine-sample N the classic engine's agreement on N held-out positions with the database as it was and
as tuned. Features are cached (--cache). Exit status 1 when a file cannot be read or written, 2 when DB
has errors.";

#[derive(Parser, Debug)]
#[command(name = "mkpat", version, about = "Check, compile and match GNU Go pattern databases", after_help = AFTER_HELP)]
struct Cli {
    /// Databases to check (files, or directories of .db files).
    files: Vec<PathBuf>,
    /// Also print per file the compiled orientations, the composite-window coverage, and the
    /// patterns per class letter, per symmetry and per helper function.
    #[arg(long)]
    stats: bool,
    /// Print the compiled masks of the patterns called NAME.
    #[arg(long, value_name = "NAME")]
    dump: Option<String>,
    /// List the matches in the position of an SGF file, optionally before MOVE.
    #[arg(long = "match", num_args = 1..=2, value_names = ["SGF", "MOVE"])]
    match_position: Option<Vec<String>>,
    /// With --match: databases to match (files or directories) instead of the built-in ones.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    db: Vec<PathBuf>,
    /// With --match: the side playing the patterns' O (default: the side to move).
    #[arg(long, value_parser = ["black", "white"])]
    color: Option<String>,
    /// Compile a joseki SGF (GNU Go's joseki format) into a database: `patterns::joseki`.
    #[arg(long, value_name = "SGF")]
    joseki: Option<PathBuf>,
    /// With --joseki: write the database here instead of standard output; with --tune: write the tuned
    /// database here instead of over DB.
    #[arg(short = 'o', long = "output", value_name = "OUT.db")]
    output: Option<PathBuf>,
    /// Fit the shape values of the patterns of DB to the moves of the games (`patterns::tune`).
    #[arg(long, value_name = "DB.db", requires = "games")]
    tune: Option<PathBuf>,
    /// With --tune: the SGF files, or directories searched for *.sgf.
    #[arg(long, num_args = 1.., value_name = "DIR|FILE")]
    games: Vec<PathBuf>,
    /// With --tune: which moves are the labels: `played` the records' moves, `marked` the moves marked
    /// good (the move of a node with TE and not BM; the points of a move's node marked TR or labelled
    /// LB, alternatives in the position that move was played from).
    #[arg(long, default_value = "played", value_parser = ["played", "marked"])]
    labels: String,
    /// With --tune: the fraction of the files held out of the fit, to measure prediction on.
    #[arg(long, default_value_t = 0.2)]
    holdout: f64,
    /// With --tune: the seed of the hold-out split and of the engine's sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// With --tune: the feature cache (default target/tune-cache/NAME-HASH.json).
    #[arg(long, value_name = "FILE")]
    cache: Option<PathBuf>,
    /// With --tune: report only, write no database.
    #[arg(long)]
    dry_run: bool,
    /// With --tune: the most sweeps of the fit over the patterns.
    #[arg(long, default_value_t = 200)]
    sweeps: usize,
    /// With --tune: also ask the classic engine (level --level) on N held-out positions, with the
    /// database as it was and as tuned, and report its top-1/top-5 agreement with the records.
    #[arg(long, default_value_t = 0, value_name = "N")]
    engine_sample: usize,
    /// With --tune: divide out the strength of a typical matched candidate before writing (the mean
    /// log-strength of the patterns over their matches in training), so that a shape value says how
    /// much better or worse than the usual matched shape a move is, not how much better than a move
    /// no shape matches (the engine only ranks moves that already have reasons, nearly all near stones).
    #[arg(long)]
    centre: bool,
    /// With --tune: the largest shape value written (either sign).
    #[arg(long, default_value_t = patterns::tune::MAX_SHAPE, value_name = "N")]
    max_shape: f64,
    /// With --tune: the least shape value written (default -N of --max-shape): 0 writes rewards only,
    /// the milder for the engine (a shape value multiplies a move's value, and one move's reward
    /// against another's penalty is twice the change).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    min_shape: Option<f64>,
    /// With --tune: fit under the written bounds (the strengths of the patterns within 1.05^±N of
    /// --max-shape) with a fitted level feature `~matched` on every candidate some pattern matches
    /// (never written), so that a value says how much better or worse than a typical matched move a
    /// move is, and the patterns that are not at a bound make up for those that are.
    #[arg(long, conflicts_with = "centre")]
    within: bool,
    /// With --tune: the weight of the prior (virtual wins and losses of each pattern against its
    /// untuned value); several values: each is fitted on the training files less a validation fifth
    /// of them and the one with the best validation likelihood as written is used.
    #[arg(long, num_args = 1.., default_values_t = [1.0], value_name = "K")]
    prior_games: Vec<f64>,
    /// With --tune: patterns that match the labelled move in fewer than G distinct training files
    /// keep their untuned values.
    #[arg(long, default_value_t = 0, value_name = "G")]
    min_games: usize,
    /// With --tune --engine-sample: the engine's level.
    #[arg(long, default_value_t = 10)]
    level: u32,
    /// Harvest the local shapes of the moves of the training files of --games (--holdout, --seed: the
    /// split --tune makes) into a new database OUT.db, each with shape(0) (`go::gtp::harvest`).
    #[arg(long, value_name = "OUT.db", requires = "games", conflicts_with = "tune")]
    harvest: Option<PathBuf>,
    /// With --harvest: the side of the square around the move (3 or 5).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=5))]
    size: u8,
    /// With --harvest: the fewest times a shape must have been played to be written.
    #[arg(long, default_value_t = 10)]
    min_count: u32,
    /// Fit the playout policy's weights of the 3×3 neighbourhoods of the last move's neighbours to the
    /// moves of the training files of --games (--holdout, --seed) and write them to OUT.txt
    /// (`go::gtp::playout_fit`; the engine's file is go/src/playout/gammas.txt).
    #[arg(long, value_name = "OUT.txt", requires = "games", conflicts_with_all = ["tune", "harvest"])]
    fit_playout: Option<PathBuf>,
}

fn expand(args: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for p in args {
        if p.is_dir() {
            files.extend(database_files(p)?);
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(db) = &cli.tune {
        return tune_mode(&cli, db);
    }
    if let Some(out) = &cli.harvest {
        return harvest_mode(&cli, out);
    }
    if let Some(out) = &cli.fit_playout {
        return fit_playout_mode(&cli, out);
    }
    if let Some(sgf) = &cli.joseki {
        return joseki_mode(sgf, cli.output.as_deref());
    }
    if let Some(m) = &cli.match_position {
        return match_mode(&cli, &m[0], m.get(1).map(String::as_str));
    }
    if cli.files.is_empty() {
        eprintln!("mkpat: no database given (see mkpat --help)");
        return ExitCode::from(2);
    }
    let files = match expand(&cli.files) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("mkpat: {e}");
            return ExitCode::FAILURE;
        }
    };
    let registry = Registry::standard();
    let mut status = Status::default();
    for path in files {
        match patterns::parse_path(&path) {
            Ok(db) => {
                let lib = PatternLibrary::new(vec![db], registry.clone());
                let db = &lib.dbs[0];
                println!("{}: {} patterns, {} errors", path.display(), db.pattern_count(), lib.errors.len());
                for e in &lib.errors {
                    eprintln!("{e}");
                }
                status.malformed |= !lib.errors.is_empty();
                if cli.stats || cli.dump.is_some() {
                    report(db, cli.stats, cli.dump.as_deref());
                }
            }
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                status.unreadable = true;
            }
        }
    }
    status.code()
}

/// What went wrong across the files: the exit status the README documents for the tools.
#[derive(Default)]
struct Status {
    /// A file could not be read (exit 1).
    unreadable: bool,
    /// A file (or the SGF) is malformed (exit 2).
    malformed: bool,
}

impl Status {
    fn code(&self) -> ExitCode {
        if self.unreadable {
            ExitCode::FAILURE
        } else if self.malformed {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        }
    }
}

fn joseki_mode(sgf: &Path, output: Option<&Path>) -> ExitCode {
    let text = match read_to_string_limited(sgf, MAX_INPUT_FILE_BYTES) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("mkpat: {}: {e}", sgf.display());
            return ExitCode::FAILURE;
        }
    };
    let db = match patterns::compile_joseki(&sgf.display().to_string(), &text) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("mkpat: {e}");
            return ExitCode::from(2);
        }
    };
    for (node, why) in &db.skipped {
        eprintln!("{}: {node}: no pattern: {why}", sgf.display());
    }
    let main = db.patterns.iter().filter(|p| p.main_line).count();
    eprintln!(
        "{}: {} patterns ({main} on the main line), {} skipped",
        sgf.display(),
        db.patterns.len(),
        db.skipped.len()
    );
    let written = match output {
        Some(out) => std::fs::write(out, &db.text).map_err(|e| format!("{}: {e}", out.display())),
        None => std::io::stdout().write_all(db.text.as_bytes()).map_err(|e| e.to_string()),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mkpat: {e}");
            ExitCode::FAILURE
        }
    }
}

fn match_mode(cli: &Cli, sgf: &str, until: Option<&str>) -> ExitCode {
    let text = match read_to_string_limited(Path::new(sgf), MAX_INPUT_FILE_BYTES) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("mkpat: {sgf}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let game = match load_position(&text, until, go::Rules::default()) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("mkpat: {sgf}: {e}");
            return ExitCode::from(2);
        }
    };
    let library = if cli.db.is_empty() {
        PatternLibrary::builtin()
    } else {
        match expand(&cli.db) {
            Ok(files) => PatternLibrary::load_files(&files, Vec::new(), Registry::standard()),
            Err(e) => {
                eprintln!("mkpat: {e}");
                return ExitCode::FAILURE;
            }
        }
    };
    for e in &library.errors {
        eprintln!("{e}");
    }
    let own = match cli.color.as_deref() {
        Some("black") => Color::Black,
        Some(_) => Color::White,
        None => game.to_move(),
    };
    let mut out = std::io::stdout().lock();
    for line in list_matches(&library, &game, own) {
        // a closed pipe (`| head`) ends the listing quietly
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    let unreadable = library.errors.iter().any(|e| matches!(e, LibraryError::Io { .. }));
    Status { unreadable, malformed: !library.errors.is_empty() }.code()
}

fn report(db: &patterns::DbFile, stats: bool, dump: Option<&str>) {
    let set = patterns::PatternSet::from_dbs(&[db]);
    let compiled = set.compile();
    if stats {
        let elements: usize = compiled.iter().map(|o| o.elements.len()).sum();
        let residual: usize = compiled.iter().map(|o| o.residual.len()).sum();
        let whole = compiled.iter().filter(|o| o.residual.is_empty()).count();
        println!(
            "  {} orientations; {} elements, {} inside the 5x5 window ({} orientations wholly inside)",
            compiled.len(),
            elements,
            elements - residual,
            whole
        );
        let mut classes = std::collections::BTreeMap::new();
        let mut symmetries = std::collections::BTreeMap::new();
        let mut helpers = std::collections::BTreeMap::new();
        for p in &db.patterns {
            for c in p.colon.class.chars() {
                *classes.entry(c).or_insert(0) += 1;
            }
            *symmetries.entry(p.colon.symmetry.as_char()).or_insert(0) += 1;
            let mut calls = std::collections::BTreeSet::new();
            p.collect_calls(&mut calls);
            for c in calls {
                *helpers.entry(c).or_insert(0) += 1;
            }
        }
        let join = |m: Vec<String>| if m.is_empty() { "none".to_string() } else { m.join(" ") };
        println!("  classes: {}", join(classes.iter().map(|(c, n)| format!("{c}:{n}")).collect()));
        println!("  symmetries: {}", join(symmetries.iter().map(|(c, n)| format!("{c}:{n}")).collect()));
        println!(
            "  helpers (patterns using each): {}",
            join(helpers.iter().map(|(c, n)| format!("{c}:{n}")).collect())
        );
    }
    if let Some(name) = dump {
        for o in compiled.iter().filter(|o| set.patterns[o.pattern as usize].name == name) {
            let p = &set.patterns[o.pattern as usize];
            print!("  {} (symmetry `{}`): {}", p.name, p.symmetry.as_char(), o.describe());
        }
    }
}

fn tune_mode(cli: &Cli, db_path: &Path) -> ExitCode {
    use go::gtp::tune::{engine_agreement, extract_labels, fnv, FeatureCache};
    use indicatif::{ProgressBar, ProgressStyle};
    use patterns::tune as model;
    let started = std::time::Instant::now();
    let labels = if cli.labels == "marked" { go::gtp::tune::Labels::Marked } else { go::gtp::tune::Labels::Played };
    let text = match read_to_string_limited(db_path, MAX_INPUT_FILE_BYTES) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("mkpat: {}: {e}", db_path.display());
            return ExitCode::FAILURE;
        }
    };
    let name = db_path.file_name().map_or("db".into(), |n| n.to_string_lossy().into_owned());
    let db = patterns::parse_db(&name, &text);
    let lib = PatternLibrary::new(vec![db.clone()], Registry::standard());
    if !lib.errors.is_empty() {
        for e in &lib.errors {
            eprintln!("{e}");
        }
        return ExitCode::from(2);
    }
    let names: Vec<String> = (0..lib.set.patterns.len() as u32).map(|k| lib.pattern(k).name.clone()).collect();
    // the cache's and the model's features: the patterns, then the locality features
    let features: Vec<String> = names.iter().cloned().chain(go::gtp::tune::locality_names()).collect();
    let Some((files, train, test)) = training_split(cli) else {
        return ExitCode::FAILURE;
    };
    // the cache of one database holds the features of one kind of labels (played: the text's hash alone)
    let hash = match labels {
        go::gtp::tune::Labels::Played => fnv(text.as_bytes()),
        go::gtp::tune::Labels::Marked => fnv(format!("{text}\u{0}labels=marked").as_bytes()),
    };
    let cache_path = cli.cache.clone().unwrap_or_else(|| {
        PathBuf::from(format!("target/tune-cache/{}-{hash:016x}.json", name.trim_end_matches(".db")))
    });
    let mut cache = FeatureCache::load(&cache_path, hash, &features);
    let missing: Vec<&PathBuf> = files.iter().filter(|f| !cache.files.contains_key(&f.display().to_string())).collect();
    if !missing.is_empty() {
        let bar = ProgressBar::new(missing.len() as u64);
        bar.set_style(
            ProgressStyle::with_template("features {bar:40} {pos}/{len} files, {msg} positions, {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        let mut positions = 0u64;
        for f in missing {
            let key = f.display().to_string();
            let labelled = match read_to_string_limited(f, MAX_INPUT_FILE_BYTES) {
                Ok(t) => extract_labels(&lib, &t, labels, &mut || {
                    positions += 1;
                    if positions.is_multiple_of(50) {
                        bar.set_message(positions.to_string());
                    }
                })
                .unwrap_or_else(|e| {
                    bar.suspend(|| eprintln!("mkpat: {key}: skipped: {e}"));
                    Vec::new()
                }),
                Err(e) => {
                    bar.suspend(|| eprintln!("mkpat: {key}: skipped: {e}"));
                    Vec::new()
                }
            };
            cache.files.insert(key, labelled);
            bar.inc(1);
        }
        bar.finish_and_clear();
        if let Err(e) = cache.save(&cache_path) {
            eprintln!("mkpat: {}: {e} (features not cached)", cache_path.display());
        }
    }
    let gather = |set: &[PathBuf]| -> Vec<(PathBuf, usize, model::Position)> {
        set.iter()
            .flat_map(|f| {
                cache
                    .files
                    .get(&f.display().to_string())
                    .into_iter()
                    .flatten()
                    .map(move |l| (f.clone(), l.number, l.position()))
            })
            .collect()
    };
    let train_set = gather(&train);
    let test_set = gather(&test);
    // with --within, the level feature `~matched` (after the locality features) on every candidate a
    // pattern matches
    let n_patterns = names.len() as u32;
    let mut features = features;
    if cli.within {
        features.push("~matched".to_string());
    }
    let level = features.len() as u32 - 1;
    let with_level = |mut p: model::Position| {
        if cli.within {
            for c in &mut p.featured {
                if c.iter().any(|&f| f < n_patterns) {
                    c.push(level);
                }
            }
        }
        p
    };
    let train_pos: Vec<model::Position> = train_set.iter().map(|t| with_level(t.2.clone())).collect();
    let test_pos: Vec<model::Position> = test_set.iter().map(|t| with_level(t.2.clone())).collect();
    println!(
        "{}: {} patterns; {} files ({} training, {} held out, seed {}), {} and {} labelled positions",
        db_path.display(),
        names.len(),
        files.len(),
        train.len(),
        test.len(),
        cli.seed,
        train_pos.len(),
        test_pos.len()
    );
    let old_shapes = model::shapes(&db);
    let shape_of = |n: &String| old_shapes.get(n).copied().unwrap_or(0.0);
    // the untuned model: the patterns at their values, the locality features fitted (with the patterns
    // fixed) so that "before" and "after" differ only by the patterns' values; the level feature is
    // left at 1 (the database as it was has no such value), and fitted in a second "untuned" model
    let centre: Vec<f64> =
        features.iter().map(|n| if n.starts_with('~') { 1.0 } else { model::gamma_for_shape(shape_of(n)) }).collect();
    let patterns_fixed: Vec<bool> = features.iter().map(|n| !n.starts_with('~')).collect();
    let level_fixed: Vec<bool> = features.iter().map(|n| !n.starts_with('~') || n == "~matched").collect();
    let gamma0 = model::fit_mm(&train_pos, &centre, &level_fixed, cli.sweeps, &mut |_, _| {});
    let gamma0_level =
        cli.within.then(|| model::fit_mm(&train_pos, &centre, &patterns_fixed, cli.sweeps, &mut |_, _| {}));
    // --min-games: the distinct training files where each pattern matches the labelled move
    let mut games_won: Vec<std::collections::BTreeSet<&PathBuf>> = vec![Default::default(); names.len()];
    for (f, _, p) in &train_set {
        if let Some(k) = p.chosen {
            for &i in p.featured[k as usize].iter().filter(|&&i| i < n_patterns) {
                games_won[i as usize].insert(f);
            }
        }
    }
    let mut free = 0;
    let fixed: Vec<bool> = (0..features.len())
        .map(|i| {
            let keep = i < names.len() && games_won[i].len() < cli.min_games;
            free += usize::from(i < names.len() && !keep);
            keep
        })
        .collect();
    if cli.min_games > 0 {
        println!("{free} of {} patterns won in at least {} training files: fitted", names.len(), cli.min_games);
    }
    let max_shape = if cli.max_shape.is_finite() { cli.max_shape.abs() } else { model::MAX_SHAPE };
    let min_shape = cli.min_shape.filter(|m| m.is_finite()).map_or(-max_shape, |m| m.clamp(-max_shape, max_shape));
    let bounds: Vec<(f64, f64)> = if cli.within {
        let (lo, hi) = (model::gamma_for_shape(min_shape), model::gamma_for_shape(max_shape));
        (0..names.len()).map(|_| (lo, hi)).collect()
    } else {
        Vec::new()
    };
    // one fit with prior weight `k` on `positions`: (fitted strengths, written shapes, as written with
    // the locality and level features refitted to them)
    let fit = |positions: &[model::Position], k: f64, progress: &mut dyn FnMut(usize, f64)| {
        let limits = model::Limits { prior_games: k, bounds: bounds.clone() };
        let gamma = model::fit_mm_within(positions, &centre, &fixed, &limits, cli.sweeps, progress);
        let centre_by = if cli.centre { model::matched_log_mean(positions, &gamma, n_patterns) } else { 0.0 };
        let mut new_shapes = std::collections::BTreeMap::new();
        for (n, g) in names.iter().zip(&gamma) {
            let v = model::shape_within(*g / centre_by.exp(), max_shape).max(min_shape.round());
            new_shapes.insert(n.clone(), v + 0.0);
        }
        let written_centre: Vec<f64> = features
            .iter()
            .zip(&gamma)
            .map(|(n, g)| new_shapes.get(n).map_or(*g, |&s| model::gamma_for_shape(s)))
            .collect();
        let written = model::fit_mm(positions, &written_centre, &patterns_fixed, cli.sweeps, &mut |_, _| {});
        (gamma, new_shapes, written, centre_by)
    };
    let mut prior_games = cli.prior_games.first().copied().unwrap_or(1.0);
    if cli.prior_games.len() > 1 {
        // a validation fifth of the training files, split as the hold-out is (another seed)
        let (fit_files, validation) = go::gtp::tune::split_files(&train, 0.2, cli.seed ^ 0x5eed);
        let pick = |set: &[PathBuf]| -> Vec<model::Position> {
            let set: std::collections::BTreeSet<&PathBuf> = set.iter().collect();
            train_set.iter().filter(|t| set.contains(&t.0)).map(|t| with_level(t.2.clone())).collect()
        };
        let (fit_pos, val_pos) = (pick(&fit_files), pick(&validation));
        if fit_pos.is_empty() || val_pos.is_empty() {
            println!("too few training files to validate the prior's weight: {prior_games} used");
        }
        let candidates: &[f64] = if fit_pos.is_empty() || val_pos.is_empty() { &[] } else { &cli.prior_games };
        let mut best = (f64::NEG_INFINITY, prior_games);
        for &k in candidates {
            let (_, _, written, _) = fit(&fit_pos, k, &mut |_, _| {});
            let ll = model::log_likelihood(&val_pos, &written) / val_pos.len().max(1) as f64;
            let (t1, _) = model::agreement(&val_pos, &written);
            println!("prior weight {k}: validation log-likelihood per position {ll:.4}, top-1 {:.2}%", 100.0 * t1);
            if ll > best.0 {
                best = (ll, k);
            }
        }
        prior_games = best.1;
        println!(
            "prior weight {prior_games} chosen ({} fitting files, {} validation)",
            fit_files.len(),
            validation.len()
        );
    }
    let bar = ProgressBar::new(cli.sweeps as u64);
    bar.set_style(
        ProgressStyle::with_template("fit {bar:40} {pos}/{len} sweeps, log posterior {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let (gamma, new_shapes, written, centre_by) = fit(&train_pos, prior_games, &mut |sweep, lp| {
        bar.set_position(sweep as u64);
        bar.set_message(format!("{lp:.3}"));
    });
    bar.finish_and_clear();
    if cli.centre {
        println!(
            "centred: values relative to a typical matched candidate (strength {:.3}, shape {:.2})",
            centre_by.exp(),
            centre_by / model::SHAPE_BASE.ln()
        );
    }
    let clamped = new_shapes.values().filter(|&&s| s >= max_shape || s <= min_shape).count();
    println!("{clamped} of {} values at the clamp [{min_shape}, {max_shape}]", new_shapes.len());
    let mut wins = vec![0usize; features.len()];
    let mut seen = vec![0usize; features.len()];
    for p in &train_pos {
        for c in &p.featured {
            for &f in c {
                seen[f as usize] += 1;
            }
        }
        if let Some(k) = p.chosen {
            for &f in &p.featured[k as usize] {
                wins[f as usize] += 1;
            }
        }
    }
    println!("pattern: shape before -> after (gamma; labelled / matched in training)");
    for (k, n) in features.iter().enumerate() {
        match new_shapes.get(n) {
            Some(s) => println!("  {n}: {} -> {s} ({:.3}; {}/{})", shape_of(n), gamma[k], wins[k], seen[k]),
            None => println!("  {n}: gamma {:.3} untuned, {:.3} tuned ({}/{})", gamma0[k], gamma[k], wins[k], seen[k]),
        }
    }
    let ll = |g: &[f64]| model::log_likelihood(&train_pos, g) / train_pos.len().max(1) as f64;
    println!(
        "training log-likelihood per position: untuned {:.4}, fitted {:.4}, as written {:.4}",
        ll(&gamma0),
        ll(&gamma),
        ll(&written)
    );
    if let Some(g) = &gamma0_level {
        println!("training log-likelihood per position, untuned with the level feature fitted: {:.4}", ll(g));
        for (label, set) in [("training", &train_pos), ("held-out", &test_pos)] {
            let (a1, a5) = model::agreement(set, g);
            println!(
                "{label}: untuned with the level feature fitted: top-1 {:.2}%, top-5 {:.2}%",
                100.0 * a1,
                100.0 * a5
            );
        }
    }
    for (label, set) in [("training", &train_pos), ("held-out", &test_pos)] {
        let (a1, a5) = model::agreement(set, &gamma0);
        let (b1, b5) = model::agreement(set, &written);
        println!(
            "{label} prediction by the model ({} positions): top-1 {:.2}% -> {:.2}%, top-5 {:.2}% -> {:.2}%",
            set.len(),
            100.0 * a1,
            100.0 * b1,
            100.0 * a5,
            100.0 * b5
        );
    }
    let out_text = model::rewrite_shapes(&text, &db, &new_shapes);
    if cli.engine_sample > 0 && !test_set.is_empty() {
        // a seeded sample of the held-out positions, in a fixed order
        let mut keyed: Vec<(u64, PathBuf, usize)> = test_set
            .iter()
            .map(|(f, n, _)| (fnv(format!("{}:{n}:{}", f.display(), cli.seed).as_bytes()), f.clone(), *n))
            .collect();
        keyed.sort();
        let sample: Vec<(PathBuf, usize)> = keyed.into_iter().take(cli.engine_sample).map(|(_, f, n)| (f, n)).collect();
        let mut figures = Vec::new();
        for (label, db_text) in [("untuned", None), ("tuned", Some(out_text.as_str()))] {
            let bar = ProgressBar::new(sample.len() as u64);
            bar.set_style(
                ProgressStyle::with_template(&format!(
                    "engine ({label}) {{bar:40}} {{pos}}/{{len}} positions, {{elapsed}}"
                ))
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            figures.push(engine_agreement(&sample, db_text, cli.level, &mut || bar.inc(1)));
            bar.finish_and_clear();
        }
        let pct = |k: usize, n: usize| if n == 0 { 0.0 } else { 100.0 * k as f64 / n as f64 };
        let ((n0, a1, a5), (n1, b1, b5)) = (figures[0], figures[1]);
        println!(
            "held-out agreement of the classic engine ({n0} positions, level {}): top-1 {a1} ({:.1}%) -> {b1} ({:.1}%), top-5 {a5} ({:.1}%) -> {b5} ({:.1}%)",
            cli.level,
            pct(a1, n0),
            pct(b1, n1),
            pct(a5, n0),
            pct(b5, n1)
        );
    }
    let target = if cli.dry_run { None } else { Some(cli.output.clone().unwrap_or_else(|| db_path.to_path_buf())) };
    if let Some(out) = &target {
        if let Err(e) = std::fs::write(out, &out_text) {
            eprintln!("mkpat: {}: {e}", out.display());
            return ExitCode::FAILURE;
        }
        println!("wrote {}", out.display());
    }
    println!("wall time {:.1} s", started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}

fn harvest_mode(cli: &Cli, out: &Path) -> ExitCode {
    use go::gtp::harvest::{harvest_db, harvest_record};
    use indicatif::{ProgressBar, ProgressStyle};
    if cli.size.is_multiple_of(2) {
        eprintln!("mkpat: --size must be odd (3 or 5)");
        return ExitCode::from(2);
    }
    let started = std::time::Instant::now();
    let Some((files, train, test)) = training_split(cli) else {
        return ExitCode::FAILURE;
    };
    let bar = ProgressBar::new(train.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("harvest {bar:40} {pos}/{len} files, {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let r = i32::from(cli.size / 2);
    let mut counts = std::collections::BTreeMap::new();
    let mut moves = 0;
    for f in &train {
        match read_to_string_limited(f, MAX_INPUT_FILE_BYTES) {
            Ok(t) => match harvest_record(&t, r, &mut counts) {
                Ok(n) => moves += n,
                Err(e) => bar.suspend(|| eprintln!("mkpat: {}: skipped: {e}", f.display())),
            },
            Err(e) => bar.suspend(|| eprintln!("mkpat: {}: skipped: {e}", f.display())),
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let header = format!(
        "{}: local shapes harvested by `mkpat --harvest` (go::gtp::harvest), generated: do not edit.\n\
         {}x{} squares around the moves of {} training files of {} (--holdout {} --seed {}), {} moves;\n\
         shapes played at least {} times. Values: `mkpat --tune` with the same --holdout and --seed.",
        out.file_name().map_or_else(|| out.display().to_string(), |n| n.to_string_lossy().into_owned()),
        cli.size,
        cli.size,
        train.len(),
        files.len(),
        cli.holdout,
        cli.seed,
        moves,
        cli.min_count
    );
    let (text, kept) = harvest_db(&counts, cli.min_count, &header);
    // what is written must compile: the engine and --tune load it
    let lib = PatternLibrary::new(vec![patterns::parse_db("harvest.db", &text)], Registry::standard());
    if let Some(e) = lib.errors.first() {
        eprintln!("mkpat: the harvested database does not compile: {e}");
        return ExitCode::from(2);
    }
    if let Err(e) = std::fs::write(out, &text) {
        eprintln!("mkpat: {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    println!(
        "{}: {kept} patterns of {} distinct shapes from {moves} moves of {} training files ({} held out), {:.1} s",
        out.display(),
        counts.len(),
        train.len(),
        test.len(),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// All the files of `--games`, its training files and its held-out files.
type Split = (Vec<PathBuf>, Vec<PathBuf>, Vec<PathBuf>);

/// The files of `--games` split by `--holdout` and `--seed` (the same split for `--tune` and
/// `--harvest`); `None` after printing why the files could not be listed.
fn training_split(cli: &Cli) -> Option<Split> {
    match go::gtp::tune::game_files(&cli.games) {
        Ok(files) => {
            let (train, test) = go::gtp::tune::split_files(&files, cli.holdout, cli.seed);
            Some((files, train, test))
        }
        Err(e) => {
            eprintln!("mkpat: {e}");
            None
        }
    }
}

/// `--fit-playout`: the weights of the playout's 3×3 neighbourhoods (`go::gtp::playout_fit`), fitted with
/// the generalized Bradley–Terry model of `patterns::tune`; the same fit with the hand-written shapes
/// and with the tactical features alone, for comparison on the held-out files.
fn fit_playout_mode(cli: &Cli, out: &Path) -> ExitCode {
    use go::gtp::playout_fit::{extract, Index, Model, Raw, TACTICAL};
    use patterns::tune as model;
    let started = std::time::Instant::now();
    let Some((files, train, test)) = training_split(cli) else {
        return ExitCode::FAILURE;
    };
    let load = |set: &[PathBuf], m: Model| -> Vec<Raw> {
        let mut raws = Vec::new();
        for f in set {
            match read_to_string_limited(f, MAX_INPUT_FILE_BYTES).map_err(|e| e.to_string()) {
                Ok(t) => match extract(&t, m) {
                    Ok(r) => raws.extend(r),
                    Err(e) => eprintln!("mkpat: {}: skipped: {e}", f.display()),
                },
                Err(e) => eprintln!("mkpat: {}: skipped: {e}", f.display()),
            }
        }
        raws
    };
    let mut table = None;
    for (name, m) in
        [("3x3 codes", Model::Codes), ("hand-written shapes", Model::Shapes), ("tactical only", Model::Tactical)]
    {
        let (tr, te) = (load(&train, m), load(&test, m));
        let index = Index::new(&tr);
        let train_pos: Vec<_> = tr.iter().map(|r| index.position(r)).collect();
        let test_pos: Vec<_> = te.iter().map(|r| index.position(r)).collect();
        let prior = vec![1.0; index.len()];
        let gamma = model::fit_mm(&train_pos, &prior, &[], cli.sweeps, &mut |_, _| {});
        let ll = |set: &[patterns::tune::Position]| model::log_likelihood(set, &gamma) / set.len().max(1) as f64;
        let (a1, a5) = model::agreement(&test_pos, &gamma);
        let (t1, t5) = model::agreement(&train_pos, &gamma);
        println!(
            "{name}: {} features; training {} positions, log-likelihood {:.4}, top-1 {:.2}%, top-5 {:.2}%; \
             held-out {} positions, log-likelihood {:.4}, top-1 {:.2}%, top-5 {:.2}%",
            index.len(),
            train_pos.len(),
            ll(&train_pos),
            100.0 * t1,
            100.0 * t5,
            test_pos.len(),
            ll(&test_pos),
            100.0 * a1,
            100.0 * a5
        );
        let tactical: Vec<String> = TACTICAL.iter().zip(&gamma).map(|(n, g)| format!("{n} {g:.3}")).collect();
        println!("  tactical: {}", tactical.join(", "));
        if m == Model::Shapes {
            println!("  shape {:.3}", gamma.get(TACTICAL.len()).copied().unwrap_or(1.0));
        }
        if m == Model::Codes {
            // how often each code was a candidate in training: the rare ones stay at 1
            let mut seen = std::collections::BTreeMap::<u16, u32>::new();
            for r in &tr {
                for (_, s) in &r.near {
                    if let Some(s) = s {
                        *seen.entry(*s).or_default() += 1;
                    }
                }
            }
            table = Some((index, gamma.clone(), seen, train_pos.len()));
        }
    }
    let Some((index, gamma, seen, positions)) = table else { return ExitCode::FAILURE };
    let mut text = format!(
        "# The playout's 3x3 weights, generated by `mkpat --fit-playout` (go::gtp::playout_fit): do not edit.\n\
         # {} training files of {} (--holdout {} --seed {}), {positions} positions; codes seen at least {} times.\n\
         # CODE (hex, the side to move black, canonical) GAMMA\n",
        train.len(),
        files.len(),
        cli.holdout,
        cli.seed,
        cli.min_count
    );
    let mut kept = 0;
    for (&code, &k) in &index.shapes {
        let g = gamma[k as usize];
        if seen.get(&code).copied().unwrap_or(0) >= cli.min_count && (g.ln()).abs() > 0.02 {
            text.push_str(&format!("{code:04x} {g:.3}\n"));
            kept += 1;
        }
    }
    if let Err(e) = std::fs::write(out, &text) {
        eprintln!("mkpat: {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    println!(
        "{}: {kept} weights of {} codes, {:.1} s",
        out.display(),
        index.shapes.len(),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
