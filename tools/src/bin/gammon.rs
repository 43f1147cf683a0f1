//! `gammon`: the backgammon command line. This binary only parses arguments and calls the
//! `backgammon` library.
//!
//! Exit codes (also in `--help`): 0 success; 1 an I/O or network error (reading, writing, binding
//! the external player's port); 2 malformed input — bad arguments or a bad request (one line on
//! standard error says what is wrong). In the batch modes of the subcommands (no request
//! arguments) a bad request line is answered `error: …` (a JSON object with `--json`) and the run
//! goes on with exit code 0. `gammon -t` prints each failed command's message on standard error,
//! goes on with the script, and exits 2 if any command failed.

use backgammon::analysis::rollout::RolloutConfig;
use backgammon::eval::nply::{NPly, Settings, MAX_PLIES};
use backgammon::eval::{Evaluator, Scratch};
use backgammon::frontends::batch::{moves_batch, parse_moves_request, show, write_plays};
use backgammon::frontends::batch_json::{best_json, best_json_at, error_json, json_batch, moves_json, show_json};
use backgammon::frontends::commands::Shell;
use backgammon::frontends::eval_cli::{
    batch as eval_batch, best_at_request, best_request, eval_with, rollout_command, BatchCommand, BestState,
    EvalOptions, RolloutArgs,
};
use backgammon::frontends::external::{serve, ExternalPlayer, ServeOptions};
use backgammon::MoveGenerator;
use clap::{Parser, Subcommand};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

#[path = "../progress_bars.rs"]
mod progress_bars;

#[path = "../numeric.rs"]
mod numeric;
#[path = "../terminal.rs"]
mod terminal;

/// `gammon -t`: the command session over standard input and output, errors on standard error;
/// exit code 2 when any command failed.
fn batch_session(mut shell: Shell) -> ExitCode {
    let summary = shell.run_batch(io::stdin().lock(), &mut io::stdout().lock(), &mut io::stderr().lock());
    match summary {
        Ok(s) if s.errors == 0 => ExitCode::SUCCESS,
        Ok(s) => {
            let first = s.first_error.unwrap_or(0);
            eprintln!("gammon: {} of {} command lines failed (the first on line {first})", s.errors, s.lines);
            ExitCode::from(2)
        }
        Err(e) => finish(Err(e)),
    }
}

/// What `gammon --help` says the program is.
const ABOUT: &str = "Backgammon with gnubg's commands: play against the engine, hints, rollouts, analysis and match \
                     files (interactive, or -t for scripts); subcommands for plays, evaluations, rollouts and boards";

/// The exit codes, as `--help` shows them.
const EXIT_CODES: &str = "Exit codes: 0 success; 1 I/O or network error; 2 malformed input (bad arguments or a bad \
                          request; one line on standard error says what). In the batch modes of the subcommands a bad \
                          request line is answered `error: ...` (a JSON object with --json) and the run goes on. \
                          `gammon -t` prints each failed command's message on standard error, goes on, and exits 2 \
                          if any command failed.";

#[derive(Parser)]
#[command(name = "gammon", version, about = ABOUT, after_help = EXIT_CODES)]
struct Cli {
    /// With no subcommand: an interactive session in gnubg's command language (`help` lists
    /// the commands); with -t, the same commands read from standard input, as `gnubg -t`.
    #[command(subcommand)]
    command: Option<Command>,
    /// No terminal: read commands from standard input (batch mode); errors on standard error,
    /// exit code 2 if any command failed.
    #[arg(short = 't', long = "tty-less")]
    tty_less: bool,
    /// Seed of the dice of the command session (default: from the clock); `set seed` changes it.
    #[arg(long)]
    seed: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// Every distinct legal play: `<play>\t<resulting POSID>` per line (the mover stays on roll).
    /// With no arguments, reads lines `POSID D1 D2` from standard input and answers each,
    /// followed by an empty line.
    #[command(override_usage = "gammon moves [OPTIONS] [POSID D1 D2]")]
    Moves {
        /// Position ID (14 characters), then the two dice.
        #[arg(num_args = 0..=3, value_names = ["POSID", "D1", "D2"])]
        args: Vec<String>,
        /// One JSON object per request: {"position_id", "dice", "plays": [{"play", "position_id"}]}.
        #[arg(long)]
        json: bool,
    },
    /// The evaluation (0-ply unless --plies): `win wg wbg lg lbg equity` for the player on roll
    /// (cubeless; gammons include backgammons). With --cubeful the line goes on with
    /// `cubeful nd dt dp action`: the cubeful equity under the proper cube action, those of no
    /// double, double/take and double/pass (per current cube: money equity, or normalised
    /// equity from the MWCs in match play, Kazaross XG2 table), and the action as one token
    /// (no-double, double-take, double-pass, too-good-pass, too-good-take, …-beaver, redouble-…,
    /// unavailable-crawford|opponent-owns-cube|dead-cube|max-cube). --json prints one object
    /// instead. With no argument, reads lines `POSID [MATCHID]` from standard input and answers
    /// each, followed by an empty line.
    Eval {
        /// Position ID (14 characters).
        #[arg(value_name = "POSID")]
        posid: Option<String>,
        /// Search depth, 0 to 4: the mean over the 21 rolls of the (N-1)-ply value after the best play.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=MAX_PLIES as i64))]
        plies: u8,
        /// gnubg match ID (12 characters): cube, owner, score, player on roll. Default: money game, centred cube.
        #[arg(long)]
        match_id: Option<String>,
        /// Add cubeful equities and the proper cube action.
        #[arg(long)]
        cubeful: bool,
        /// Print a JSON object per position.
        #[arg(long)]
        json: bool,
    },
    /// Rollout. Cubeless: two lines, `win wg wbg lg lbg equity` (means, player on roll's view),
    /// then the same six standard errors. Quasi-random dice, luck-based variance reduction,
    /// bearoff positions scored exactly from the databases; a progress bar with the running
    /// equity ± s.e. is drawn on standard error when it is a terminal. --cubeful rolls out the
    /// cube decision (no double, and double/take with the same dice; players make cube
    /// decisions during the games, and luck and truncated games are valued cubefully): three
    /// lines, the no-double branch's
    /// `win wg wbg lg lbg equity cubeful` means and standard errors, then
    /// `nd nd_se dt dt_se dp action` (cubeful equities per current cube, normalised in match play).
    Rollout {
        /// Position ID (14 characters); may be omitted with --resume.
        #[arg(required_unless_present = "resume")]
        position_id: Option<String>,
        /// Games to play in all, 1 to 1000000 (default 1296; with --resume, the saved total).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=backgammon::frontends::commands::MAX_ROLLOUT_TRIALS))]
        trials: Option<u64>,
        /// Cubeful rollout of the cube decision.
        #[arg(long)]
        cubeful: bool,
        /// gnubg match ID (12 characters) for the cube and score of a cubeful rollout. Default: money, centred cube.
        #[arg(long)]
        match_id: Option<String>,
        /// Save the rollout's state (JSON) to FILE after every batch and at the end.
        #[arg(long, value_name = "FILE")]
        save: Option<std::path::PathBuf>,
        /// Continue the rollout saved in FILE (same figures as an uninterrupted rollout).
        #[arg(long, value_name = "FILE")]
        resume: Option<std::path::PathBuf>,
        /// Print one JSON object (`trials`, `mean`, `se`, and `cubeful` for a cube decision).
        #[arg(long)]
        json: bool,
        /// Chequer play depth (0 to 4) with gnubg's normal move filters.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=MAX_PLIES as i64))]
        plies: u8,
        /// Stop each game after N plies and use the evaluation there (default: play to the end).
        #[arg(long)]
        truncate: Option<u32>,
        /// Dice seed; the same seed gives the same figures whatever the thread count.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop early once the equity's standard error is at most this.
        #[arg(long, value_parser = numeric::non_negative_f64)]
        max_se: Option<f64>,
        /// Turn luck-based variance reduction off.
        #[arg(long)]
        no_variance_reduction: bool,
        /// Play bearoff database positions out instead of scoring them exactly from the databases.
        #[arg(long)]
        no_bearoff_truncation: bool,
        /// Rollout as initial position: the first roll of each game is never a double (gnubg's
        /// option for rolling out the opening position or a play of the opening roll).
        #[arg(long)]
        initial_position: bool,
    },
    /// The best play: `<play>\t<resulting POSID>` (nothing when no play is legal). Without
    /// --plies or --level, the 0-ply cubeless best play; with either, the play the interactive
    /// `hint` ranks first at that setting (cubeful, money game under gnubg's default rules, cube
    /// centred; `hint` ranks without noise, so beginner to advanced choose as expert). With no
    /// arguments, reads lines `POSID D1 D2` from standard input and answers each, followed by an
    /// empty line.
    #[command(override_usage = "gammon best [OPTIONS] [POSID D1 D2]")]
    Best {
        /// Position ID (14 characters), then the two dice.
        #[arg(num_args = 0..=3, value_names = ["POSID", "D1", "D2"])]
        args: Vec<String>,
        /// Choose as `hint` does at N plies (0 to 4) with gnubg's normal move filters.
        #[arg(long, conflicts_with = "level", value_parser = clap::value_parser!(u8).range(0..=MAX_PLIES as i64))]
        plies: Option<u8>,
        /// Choose as `hint` does at a named level: beginner, casual, intermediate, advanced,
        /// expert, worldclass, supremo, grandmaster.
        #[arg(long, value_parser = parse_level)]
        level: Option<Settings>,
        /// One JSON object per request: the play, the position ID after it, the mover's
        /// probabilities and equity (null when no play is legal).
        #[arg(long)]
        json: bool,
    },
    /// The board in gnubg's ASCII layout.
    Show {
        /// Position ID (14 characters).
        position_id: String,
        /// Match ID (12 characters); money game with X on roll when omitted.
        match_id: Option<String>,
        /// A JSON object: the board text, IDs, cube, score, dice and pip counts.
        #[arg(long)]
        json: bool,
    },
    /// Play as gnubg's external player: listen for `set player N external HOST:PORT`, read FIBS
    /// `board:` lines and answer each with the play (`13/11 6/5`, every step from the mover's
    /// side), `double`/`roll`, or `take`/`drop`. One client at a time, each dropped after
    /// --idle-timeout seconds of silence; runs until killed (or, with --once, until the first
    /// client disconnects).
    External {
        /// Address to listen on: `PORT` (127.0.0.1), `HOST:PORT` or `[IPV6]:PORT`; port 0 picks a
        /// free port, reported on standard error as `gammon: listening on HOST:PORT`. Only loopback
        /// addresses unless --allow-remote.
        #[arg(long, default_value = "127.0.0.1:4321")]
        listen: String,
        /// Allow an address other hosts can reach (with a warning: the protocol has no
        /// authentication, anyone who connects plays through the engine).
        #[arg(long)]
        allow_remote: bool,
        /// Seconds a client may stay silent before it is dropped and the next one served.
        #[arg(long, value_name = "SECS", default_value_t = engine_core::net::DEFAULT_IDLE_TIMEOUT_SECS,
              value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
        idle_timeout: u64,
        /// Search depth for plays and cube decisions, 0 to 4.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=MAX_PLIES as i64))]
        plies: u8,
        /// Log every line received and answered on standard error.
        #[arg(long)]
        verbose: bool,
        /// Exit when the first client disconnects.
        #[arg(long)]
        once: bool,
    },
}

/// How `gammon external` runs.
struct ExternalArgs {
    listen: String,
    allow_remote: bool,
    idle_timeout: u64,
    plies: u8,
    verbose: bool,
    once: bool,
}

/// `gammon external`: binds (loopback unless --allow-remote) and serves.
fn external(a: &ExternalArgs) -> ExitCode {
    let addr = match engine_core::net::parse_listen_address(&a.listen) {
        Ok(addr) => addr,
        Err(e) => return fail(format!("--listen: {e}")),
    };
    let listener = match engine_core::net::bind_listener(addr, a.allow_remote) {
        Ok(l) => l,
        Err(e @ engine_core::net::ListenError::NotLoopback(_)) => return fail(e),
        Err(engine_core::net::ListenError::Io(e)) => return finish(Err(e)),
    };
    if let Some(warning) = engine_core::net::remote_warning(addr) {
        eprintln!("gammon: {warning}");
    }
    let result = (|| {
        eprintln!("gammon: listening on {}", listener.local_addr()?);
        let mut player = ExternalPlayer::new(Evaluator::embedded(), a.plies.into());
        let (mut stderr, mut sink) = (io::stderr(), io::sink());
        let log: &mut dyn Write = if a.verbose { &mut stderr } else { &mut sink };
        let options = ServeOptions { once: a.once, idle_timeout: Some(std::time::Duration::from_secs(a.idle_timeout)) };
        let stats = serve(&listener, &mut player, options, log)?;
        eprintln!("gammon: {stats}");
        Ok(())
    })();
    finish(result)
}

/// `--level NAME`: one of gnubg's predefined levels.
fn parse_level(name: &str) -> Result<Settings, String> {
    Settings::named(name).ok_or_else(|| {
        format!(
            "unknown level {:?} (beginner, casual, intermediate, advanced, expert, worldclass, supremo, grandmaster)",
            engine_core::limits::excerpt(name)
        )
    })
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("gammon: {message}");
    ExitCode::from(2)
}

/// A malformed request in --json mode: `{"error": "…"}` on standard output as well as the line on
/// standard error.
fn fail_json(message: impl std::fmt::Display) -> ExitCode {
    let _ = writeln!(io::stdout().lock(), "{}", error_json(&message.to_string()));
    fail(message)
}

fn main() -> ExitCode {
    progress_bars::install();
    let cli = Cli::parse();
    let stdout = io::stdout();
    let Some(command) = cli.command else {
        let shell = Shell::new(cli.seed.unwrap_or_else(engine_core::rng::fresh_seed));
        return if cli.tty_less { batch_session(shell) } else { finish(terminal::interactive(shell)) };
    };
    let result = match command {
        Command::Moves { args, json: true } if args.is_empty() => {
            let mut gen = MoveGenerator::new();
            json_batch(io::stdin().lock(), &mut stdout.lock(), |f| moves_json(&mut gen, f))
        }
        Command::Moves { args, json: true } => {
            let fields: Vec<&str> = args.iter().map(String::as_str).collect();
            match moves_json(&mut MoveGenerator::new(), &fields) {
                Ok(line) => writeln!(stdout.lock(), "{line}"),
                Err(e) => return fail_json(e),
            }
        }
        Command::Moves { args, json: false } if args.is_empty() => moves_batch(io::stdin().lock(), &mut stdout.lock()),
        Command::Moves { args, json: false } => {
            let fields: Vec<&str> = args.iter().map(String::as_str).collect();
            match parse_moves_request(&fields) {
                Ok((pos, d1, d2)) => {
                    let mut out = BufWriter::new(stdout.lock());
                    write_plays(&mut MoveGenerator::new(), &pos, d1, d2, &mut out).and_then(|()| out.flush())
                }
                Err(e) => return fail(e),
            }
        }
        Command::Eval { posid: None, plies, match_id, cubeful, json } => {
            let opts = EvalOptions { plies: plies.into(), cubeful, json, match_id };
            eval_batch(Evaluator::embedded(), BatchCommand::EvalWith(opts), io::stdin().lock(), &mut stdout.lock())
        }
        Command::Eval { posid: Some(posid), plies, match_id, cubeful, json } => {
            let opts = EvalOptions { plies: plies.into(), cubeful, json, match_id };
            match eval_with(Evaluator::embedded(), &[posid.as_str()], &opts) {
                Ok(line) => writeln!(stdout.lock(), "{line}"),
                Err(e) => return if opts.json { fail_json(e) } else { fail(e) },
            }
        }
        Command::Best { args, json, plies, level } if plies.is_some() || level.is_some() => {
            let settings = level.unwrap_or_else(|| Settings::plies(plies.map_or(0, usize::from)));
            let mut search = NPly::new(Evaluator::embedded(), 0);
            let fields: Vec<&str> = args.iter().map(String::as_str).collect();
            match (json, args.is_empty()) {
                (true, true) => {
                    json_batch(io::stdin().lock(), &mut stdout.lock(), |f| best_json_at(&mut search, &settings, f))
                }
                (true, false) => match best_json_at(&mut search, &settings, &fields) {
                    Ok(line) => writeln!(stdout.lock(), "{line}"),
                    Err(e) => return fail_json(e),
                },
                (false, true) => eval_batch(
                    Evaluator::embedded(),
                    BatchCommand::BestAt(settings),
                    io::stdin().lock(),
                    &mut stdout.lock(),
                ),
                (false, false) => match best_at_request(&mut search, &fields, &settings) {
                    Ok(Some(line)) => writeln!(stdout.lock(), "{line}"),
                    Ok(None) => Ok(()),
                    Err(e) => return fail(e),
                },
            }
        }
        Command::Best { args, json: true, .. } => {
            let (mut gen, mut scratch, mut buf) = (MoveGenerator::new(), Scratch::default(), Vec::new());
            let mut answer = |f: &[&str]| best_json(Evaluator::embedded(), &mut gen, &mut scratch, &mut buf, f);
            if args.is_empty() {
                json_batch(io::stdin().lock(), &mut stdout.lock(), answer)
            } else {
                let fields: Vec<&str> = args.iter().map(String::as_str).collect();
                match answer(&fields) {
                    Ok(line) => writeln!(stdout.lock(), "{line}"),
                    Err(e) => return fail_json(e),
                }
            }
        }
        Command::Best { args, json: false, .. } if args.is_empty() => {
            eval_batch(Evaluator::embedded(), BatchCommand::Best, io::stdin().lock(), &mut stdout.lock())
        }
        Command::Best { args, json: false, .. } => {
            let fields: Vec<&str> = args.iter().map(String::as_str).collect();
            match best_request(Evaluator::embedded(), &mut BestState::default(), &fields) {
                Ok(Some(line)) => writeln!(stdout.lock(), "{line}"),
                Ok(None) => Ok(()),
                Err(e) => return fail(e),
            }
        }
        Command::Rollout {
            position_id,
            trials,
            cubeful,
            match_id,
            save,
            resume,
            json,
            plies,
            truncate,
            seed,
            max_se,
            no_variance_reduction,
            no_bearoff_truncation,
            initial_position,
        } => {
            let config = RolloutConfig {
                play: Settings::plies(plies.into()),
                truncate,
                seed,
                max_se,
                variance_reduction: !no_variance_reduction,
                bearoff_truncation: !no_bearoff_truncation,
                initial_position,
                progress: true,
                ..RolloutConfig::default()
            };
            let args = RolloutArgs { position_id, match_id, cubeful, trials, config, save, resume, json };
            match rollout_command(Evaluator::embedded(), &args) {
                Ok(lines) => writeln!(stdout.lock(), "{lines}"),
                Err(e) => return if args.json { fail_json(e) } else { fail(e) },
            }
        }
        Command::Show { position_id, match_id, json: true } => match show_json(&position_id, match_id.as_deref()) {
            Ok(line) => writeln!(stdout.lock(), "{line}"),
            Err(e) => return fail_json(e),
        },
        Command::External { listen, allow_remote, idle_timeout, plies, verbose, once } => {
            return external(&ExternalArgs { listen, allow_remote, idle_timeout, plies, verbose, once })
        }
        Command::Show { position_id, match_id, json: false } => match show(&position_id, match_id.as_deref()) {
            Ok(board) => stdout.lock().write_all(board.as_bytes()),
            Err(e) => return fail(e),
        },
    };
    finish(result)
}

/// The exit code of an I/O result: a closed pipe (e.g. `| head`) is not an error of ours.
fn finish(result: io::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gammon: {e}");
            ExitCode::FAILURE
        }
    }
}
