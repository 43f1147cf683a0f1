//! `go-gtp`: the Go engine speaking GTP version 2, with GNU Go-compatible flags. Flag parsing only; the
//! engine is `go::gtp`.

use clap::Parser;
use go::gtp::{self, Options, ServeError, ServeOptions, MAX_LEVEL};
use go::{Rules, Scoring};
use std::process::ExitCode;
use std::time::Duration;

#[path = "../numeric.rs"]
mod numeric;

#[derive(Parser, Debug)]
#[command(name = "go-gtp", version, about = "A Go engine speaking GTP version 2 (GNU Go-compatible flags)")]
struct Cli {
    /// Protocol: `gtp` (the default), `gmp` (the Go Modem Protocol on standard input and output, one
    /// game, as cgoban 1.9 and `gnugo --mode gmp` speak it; the board size, handicap and colour not given
    /// here are asked of the other side), or `sgmp` (its simplified variant, as `gnugo --mode sgmp`: only
    /// the colour and handicap are asked; the board size is --boardsize, 19 when not given).
    #[arg(long, default_value = "gtp")]
    mode: String,
    /// With --mode gmp or sgmp: our colour (black or white). Black, or no colour, sets the game up; White waits.
    #[arg(long, value_parser = ["black", "white"])]
    color: Option<String>,
    /// With --mode gmp or sgmp: handicap stones (0, or 2 to 9, on GTP's fixed points).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=9))]
    handicap: Option<u8>,
    /// Write the game record (SGF) here: with --mode gtp when the session ends (the game played over
    /// GTP, as `printsgf FILE` writes it), with --mode gmp or sgmp when the game ends, with --replay the
    /// replayed record and its notes, with --decide-* the reading tree (SGF variations).
    #[arg(short = 'o', long = "outfile", value_name = "FILE")]
    outfile: Option<std::path::PathBuf>,
    /// What the record notes on each generated move (GNU Go's flags): `v` the classic generator's value
    /// of every candidate move as a label (two decimals, as `top_moves`), `d` the stones of dead dragons
    /// marked (MA) and of critical ones triangled (TR), or both (`dv`).
    #[arg(short = 'O', long = "output-flags", value_name = "FLAGS", value_parser = parse_output_flags)]
    output_flags: Option<gtp::OutputFlags>,
    /// With -l: replay the record's moves of this colour (black, white or both) against the classic
    /// generator instead of serving GTP; disagreements and the agreement summary go to standard output,
    /// the annotated record to -o.
    #[arg(long, value_name = "COLOR", requires = "infile", value_parser = parse_replay_color)]
    replay: Option<gtp::ReplayColor>,
    /// Accepted for GNU Go compatibility: protocol answers go to standard output and nothing else
    /// does anyway (warnings and the --gtp-listen address go to standard error).
    #[arg(long)]
    quiet: bool,
    /// Strength level, 0 to 50 (go::gtp::MAX_LEVEL): `genmove` runs 400 tree-search simulations per
    /// level (4,000 at the default 10; level 0 plays the one-ply heuristics alone), and the reading
    /// commands search to GNU Go's depths from level 10 up, shallower below. GTP `level N` changes it.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_LEVEL)))]
    level: u32,
    /// Board size, 1 to 25 (19 when not given; with --mode gmp, asked of the other side).
    #[arg(long)]
    boardsize: Option<usize>,
    /// Komi (a finite number).
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true, value_parser = numeric::finite_f64)]
    komi: f64,
    /// Random seed: the same seed, commands and level give the same moves, unless `time_left` cuts a
    /// search short.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Area scoring (the default).
    #[arg(long, conflicts_with = "japanese_rules")]
    chinese_rules: bool,
    /// Territory scoring.
    #[arg(long)]
    japanese_rules: bool,
    /// Allow suicide.
    #[arg(long)]
    allow_suicide: bool,
    /// Forbid any repetition of a whole-board position (positional superko).
    #[arg(long)]
    positional_superko: bool,
    /// Resign hopeless games: after size²/2 moves, when behind by more than 35% of the board's points.
    /// Without it the engine never resigns.
    #[arg(long)]
    resign: bool,
    /// The tree search (`--engine mcts`, the default) resigns when its best move's win rate stays under
    /// this share (0 to 1) on two consecutive moves, after at least 2,000 simulations and when the
    /// playouts also put it behind by more than 5% of the board's points; 0 never resigns. On by default
    /// (0.1), as GNU Go resigns by default: an opponent on KGS or CGoban wants a lost game resigned, not
    /// played on until every group is dead.
    #[arg(long, default_value_t = go::genmove::RESIGN_THRESHOLD, value_parser = parse_share)]
    resign_threshold: f32,
    /// Start from this SGF file.
    #[arg(short = 'l', long = "infile")]
    infile: Option<String>,
    /// With -l: stop before this move number, or before the first move at this vertex (as GNU Go).
    #[arg(short = 'L', long = "until", requires = "infile")]
    until: Option<String>,
    /// With -l: decide whether the string at VERTEX can be captured and, if so, defended (GNU Go's
    /// summary lines on standard output); with -o the reading tree is written there as SGF variations.
    #[arg(long, value_name = "VERTEX", requires = "infile", group = "decide_option")]
    decide_string: Option<String>,
    /// With -l: the owl's attack and defence of the dragon at VERTEX (summary; -o the reading tree).
    #[arg(long, value_name = "VERTEX", requires = "infile", group = "decide_option")]
    decide_owl: Option<String>,
    /// With -l: can the strings at A and B be connected, and disconnected (summary; -o the tree).
    #[arg(long, value_name = "A/B", requires = "infile", group = "decide_option")]
    decide_connection: Option<String>,
    /// With -l: the capturing race between the dragons at A and B, each side moving first (summary; -o
    /// the tree).
    #[arg(long, value_name = "A/B", requires = "infile", group = "decide_option")]
    decide_semeai: Option<String>,
    /// With -l: the dragon_data record of the dragon at VERTEX, its status read by the owl (summary; -o
    /// the owl's tree for it).
    #[arg(long, value_name = "VERTEX", requires = "infile", group = "decide_option")]
    decide_dragon_data: Option<String>,
    /// With -l: the owl's attack and, when it can be attacked, defence of every dragon whose escape
    /// route is under 6, one block per dragon from the top row down (summary; -o the trees).
    #[arg(long, requires = "infile", group = "decide_option")]
    decide_position: bool,
    /// With -l: the eye space at VERTEX of each colour holding it: its value (GNU Go's abcd) and,
    /// when the next move decides it, its attack and defence points (summary; -o the position).
    #[arg(long, value_name = "VERTEX", requires = "infile", group = "decide_option")]
    decide_eye: Option<String>,
    /// Also load every .db pattern file of DIR (e.g. GNU Go's patterns/) after the built-in databases;
    /// problems are reported on standard error as FILE:LINE:COLUMN and the engine still starts.
    #[arg(long, value_name = "DIR")]
    patterns: Option<std::path::PathBuf>,
    /// Use FILE instead of the built-in shape.db in move generation (e.g. a database tuned by
    /// `mkpat --tune`); problems are reported as for --patterns.
    #[arg(long, value_name = "FILE")]
    shape_db: Option<std::path::PathBuf>,
    /// The move generator behind `genmove`: `mcts` (one-ply heuristics and tree search, the default),
    /// `classic` (GNU Go's move reasons, valuation and selection) or `hybrid` (the tree search with the
    /// classic values as priors and widening order, and the classic dead stones scored dead).
    /// `gg_genmove`, `restricted_genmove` and `top_moves` always use the classic one.
    #[arg(long, value_name = "ENGINE", default_value = "mcts", value_parser = ["mcts", "classic", "hybrid"])]
    engine: String,
    /// Threads of the tree search (mcts and hybrid engines), 1 to go::gtp::MAX_THREADS, searching as
    /// --parallel says. GTP `threads N` changes it.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=go::gtp::MAX_THREADS as u64))]
    threads: usize,
    /// How two or more threads search: `shared` (one tree, virtual loss; the moves at a fixed level
    /// vary between runs) or `root` (one tree per thread from seeds drawn from --seed, root statistics
    /// summed: a fixed level gives the same moves for a seed, other moves than another thread count).
    #[arg(long, value_name = "MODE", default_value = "shared", value_parser = ["shared", "root"])]
    parallel: String,
    /// Serve GTP on the network instead of standard input: PORT (on 127.0.0.1) or HOST:PORT; port 0 picks a
    /// free port. The address is printed on standard error (`go-gtp: listening on ADDR`).
    #[arg(long, value_name = "PORT|HOST:PORT", value_parser = engine_core::net::parse_listen_address)]
    gtp_listen: Option<std::net::SocketAddr>,
    /// Allow --gtp-listen on an address other hosts can reach (GTP has no authentication: anyone who
    /// connects controls the engine and, with --files-dir, its files there).
    #[arg(long, requires = "gtp_listen")]
    allow_remote: bool,
    /// With --gtp-listen: drop a controller silent for this many seconds so the next can connect (0: never).
    #[arg(long, value_name = "SECS", default_value_t = engine_core::net::DEFAULT_IDLE_TIMEOUT_SECS)]
    idle_timeout: u64,
    /// With --gtp-listen: the directory `loadsgf` and `printsgf FILE` may use over the network (relative
    /// names inside it only); without it, file commands are refused over the network.
    #[arg(long, value_name = "DIR", requires = "gtp_listen")]
    files_dir: Option<std::path::PathBuf>,
    /// Trace each classic move generation on standard error (GNU Go's -t; `genmove` with --engine
    /// classic, `reg_genmove`, `gg_genmove`, `restricted_genmove`, `top_moves_*` and --replay; the
    /// mcts engine's `genmove` is not traced): the move databases' matches that passed, with the
    /// reasons and values each added, the valuation terms of the top ten moves and the move chosen.
    /// Twice (-t -t): also the matches rejected (by class, safety or constraint), the reasons per
    /// point and the valuation of every valued move.
    #[arg(short = 't', long = "trace", action = clap::ArgAction::Count)]
    trace: u8,
    /// With -t: also evaluate, for the trace only, the constraints of the matches that the class
    /// checks (O, o, X, x) or the safety tests (s absent, n) rejected; the move never changes (GNU
    /// Go's --allpats).
    #[arg(short = 'a', long = "allpats")]
    allpats: bool,
    /// Count, per pattern of the move databases, its matches, constraint evaluations and time; the
    /// table (most time first) goes to standard error at exit, and GTP `pattern_profile` answers it.
    #[arg(long)]
    profile_patterns: bool,
}

fn parse_output_flags(text: &str) -> Result<gtp::OutputFlags, String> {
    gtp::OutputFlags::parse(text).map_err(|e| e.to_string())
}

fn parse_replay_color(text: &str) -> Result<gtp::ReplayColor, String> {
    gtp::ReplayColor::parse(text).ok_or_else(|| format!("'{text}' is not black, white or both"))
}

/// Writes `text` to `path` whole or not at all.
fn write_record(path: &std::path::Path, text: &str) -> Result<(), String> {
    engine_core::atomic_file::write_atomic(path, text.as_bytes())
        .map_err(|e| format!("cannot write '{}': {e}", path.display()))
}

/// Writes `sgf` to `-o FILE` when one was given: the exit status of `--replay` and `--decide-*`.
fn write_outfile(outfile: Option<&std::path::Path>, sgf: &str) -> ExitCode {
    match outfile.map(|path| write_record(path, sgf)) {
        Some(Err(e)) => {
            eprintln!("go-gtp: {e}");
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.mode.as_str(), "gtp" | "gmp" | "sgmp") {
        eprintln!("go-gtp: unsupported mode '{}' (gtp, gmp or sgmp)", cli.mode);
        return ExitCode::from(2);
    }
    let boardsize = cli.boardsize.unwrap_or(19);
    if !go::Board::valid_size(boardsize) {
        eprintln!("go-gtp: unsupported board size {boardsize} (1 to 25)");
        return ExitCode::from(2);
    }
    if cli.handicap.is_some_and(|h| h == 1 || usize::from(h) > go::rules::handicap::max_fixed(boardsize)) {
        eprintln!("go-gtp: invalid handicap for a {boardsize}x{boardsize} board");
        return ExitCode::from(2);
    }
    let scoring = if cli.japanese_rules { Scoring::Territory } else { Scoring::Area };
    let rules = Rules { scoring, allow_suicide: cli.allow_suicide, positional_superko: cli.positional_superko };
    if let Some(file) = &cli.shape_db {
        match engine_core::limits::read_to_string_limited(file, engine_core::limits::MAX_INPUT_FILE_BYTES) {
            Ok(text) => {
                for e in go::genmove::gather::shape::set_shape_db(Some(&text)) {
                    eprintln!("go-gtp: {e}");
                }
            }
            Err(e) => {
                eprintln!("go-gtp: {}: {e}", file.display());
                return ExitCode::FAILURE;
            }
        }
    }
    let options = Options {
        boardsize,
        komi: cli.komi,
        rules,
        seed: cli.seed,
        level: cli.level,
        allow_resign: cli.resign,
        resign_threshold: cli.resign_threshold,
        patterns: cli.patterns.clone(),
        engine: match cli.engine.as_str() {
            "classic" => gtp::EngineKind::Classic,
            "hybrid" => gtp::EngineKind::Hybrid,
            _ => gtp::EngineKind::Mcts,
        },
        output_flags: cli.output_flags.unwrap_or_default(),
        threads: cli.threads,
        parallel: match cli.parallel.as_str() {
            "root" => go::genmove::mcts::Parallel::Root,
            _ => go::genmove::mcts::Parallel::Shared,
        },
    };
    let mut engine = gtp::engine(options);
    // The built-in databases load without errors (patterns' tests): only a directory's are reported,
    // and only then is the library built before the first command.
    if cli.patterns.is_some() {
        for e in &engine.context.patterns().errors {
            eprintln!("go-gtp: {e}");
        }
    }
    engine.context.set_trace(go::genmove::trace::Settings {
        level: cli.trace.min(2),
        all_patterns: cli.allpats,
        profile: cli.profile_patterns,
    });
    let code = run(&cli, boardsize, &mut engine);
    if cli.profile_patterns {
        eprintln!("{}", gtp::trace::profile_table(&go::genmove::trace::profile()));
    }
    code
}

/// Serves, plays or replays as the options say, once the engine is set up.
fn run(cli: &Cli, boardsize: usize, engine: &mut engine_core::gtp::Engine<gtp::GtpState>) -> ExitCode {
    if let (Some(colors), Some(file)) = (cli.replay, &cli.infile) {
        let flags = cli.output_flags.unwrap_or_default();
        let stdout = &mut std::io::stdout().lock();
        let replay = gtp::replay_file(
            &mut engine.context,
            file,
            cli.until.as_deref(),
            colors,
            flags,
            stdout,
            &mut std::io::stderr(),
        );
        return match replay {
            Ok(r) => {
                use std::io::Write;
                let _ = writeln!(stdout, "{}", r.summary());
                write_outfile(cli.outfile.as_deref(), &r.sgf)
            }
            Err(e) => {
                eprintln!("go-gtp: {e}");
                ExitCode::from(2)
            }
        };
    }
    if let Some(file) = &cli.infile {
        if let Err(e) = gtp::load_start_position(&mut engine.context, file, cli.until.as_deref()) {
            eprintln!("go-gtp: {e}");
            return ExitCode::from(2);
        }
    }
    let position = cli.decide_position.then(String::new);
    let decision = [
        (gtp::DecideKind::String, &cli.decide_string),
        (gtp::DecideKind::Owl, &cli.decide_owl),
        (gtp::DecideKind::Connection, &cli.decide_connection),
        (gtp::DecideKind::Semeai, &cli.decide_semeai),
        (gtp::DecideKind::DragonData, &cli.decide_dragon_data),
        (gtp::DecideKind::Eye, &cli.decide_eye),
        (gtp::DecideKind::Position, &position),
    ]
    .into_iter()
    .find_map(|(kind, arg)| arg.as_deref().map(|a| (kind, a)));
    if let Some((kind, arg)) = decision {
        return match gtp::decide(&mut engine.context, kind, arg) {
            Ok(d) => {
                print!("{}", d.text);
                write_outfile(cli.outfile.as_deref(), &d.sgf)
            }
            Err(e) => {
                eprintln!("go-gtp: {e}");
                ExitCode::from(2)
            }
        };
    }
    if cli.mode == "gmp" || cli.mode == "sgmp" {
        let simplified = cli.mode == "sgmp";
        let options = go::gmp::GmpOptions {
            japanese: if cli.japanese_rules {
                Some(true)
            } else if cli.chinese_rules {
                Some(false)
            } else {
                None
            },
            color: cli.color.as_deref().map(|c| if c == "white" { go::Color::White } else { go::Color::Black }),
            // The simplified variant does not ask the board size: ours is the game's.
            boardsize: if simplified { Some(boardsize) } else { cli.boardsize },
            // No handicap unless told: GNU Go without --handicap leaves it to the other side.
            handicap: Some(cli.handicap.map_or(0, usize::from)),
            resend_after: Duration::from_secs(3),
            give_up_after: Duration::from_secs(60),
            sgf_out: cli.outfile.clone(),
            simplified,
        };
        return match go::gmp::play(engine, std::io::stdin(), std::io::stdout().lock(), &options) {
            Ok(end) => {
                eprintln!(
                    "go-gtp: game over after {} moves: {} ({} damaged packets dropped, {} sent again)",
                    end.moves, end.score, end.dropped, end.resent
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("go-gtp: GMP: {e}");
                ExitCode::from(1)
            }
        };
    }
    let result = match cli.gtp_listen {
        Some(addr) => {
            if let Some(dir) = &cli.files_dir {
                if !dir.is_dir() {
                    eprintln!("go-gtp: --files-dir {}: not a directory", dir.display());
                    return ExitCode::from(2);
                }
            }
            let options = ServeOptions {
                addr,
                allow_remote: cli.allow_remote,
                idle_timeout: (cli.idle_timeout > 0).then(|| Duration::from_secs(cli.idle_timeout)),
                files_dir: cli.files_dir.clone(),
            };
            match gtp::serve_tcp(engine, &options, &mut std::io::stderr()) {
                Ok(()) => Ok(()),
                // A refused address is a usage error; a failed bind or accept is a network one.
                Err(ServeError::Listen(e @ engine_core::net::ListenError::NotLoopback(_))) => {
                    eprintln!("go-gtp: {e}");
                    return ExitCode::from(2);
                }
                Err(e) => Err(e.to_string()),
            }
        }
        // A controller that closes our output has ended the session, as one that closes our input
        // has: not an error (GNU Go dies of SIGPIPE there; the other tools exit quietly).
        None => match gtp::serve_stdio(engine) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            other => other.map_err(|e| e.to_string()),
        },
    };
    // The game played over GTP, as `printsgf FILE` writes it, once the session is over.
    let result = result.and_then(|()| match &cli.outfile {
        Some(path) => write_record(path, &engine.context.game_sgf()),
        None => Ok(()),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("go-gtp: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A share from 0 to 1 (`--resign-threshold`).
fn parse_share(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{text}: a number from 0 to 1")),
    }
}
