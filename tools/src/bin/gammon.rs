//! `gammon`: the backgammon command line. This binary only parses arguments and calls the
//! `backgammon` library.
//!
//! Exit codes: 0 success; 2 malformed input (one line on standard error says what is wrong).

use backgammon::batch::{moves_batch, parse_moves_request, show, write_plays};
use backgammon::eval::cli::{
    batch as eval_batch, best_request, eval_plies_request, eval_request, rollout_request, BatchCommand, BestState,
};
use backgammon::eval::Evaluator;
use backgammon::nply::{Settings, MAX_PLIES};
use backgammon::rollout::RolloutConfig;
use backgammon::MoveGenerator;
use clap::{Parser, Subcommand};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "gammon", version, about = "Backgammon: legal plays, boards and IDs in gnubg's formats")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every distinct legal play: `<play>\t<resulting POSID>` per line (the mover stays on roll).
    /// With no arguments, reads lines `POSID D1 D2` from standard input and answers each,
    /// followed by an empty line.
    Moves {
        /// Position ID (14 characters), then the two dice.
        #[arg(num_args = 0..=3, value_names = ["POSID", "D1", "D2"])]
        args: Vec<String>,
    },
    /// The evaluation (0-ply unless --plies): `win wg wbg lg lbg equity` for the player on roll
    /// (cubeless; gammons include backgammons). With no argument, reads lines `POSID` from
    /// standard input and answers each, followed by an empty line.
    Eval {
        /// Position ID (14 characters).
        #[arg(num_args = 0..=1, value_names = ["POSID"])]
        args: Vec<String>,
        /// Search depth, 0 to 4: the mean over the 21 rolls of the (N-1)-ply value after the best play.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=MAX_PLIES as i64))]
        plies: u8,
    },
    /// Cubeless rollout. Prints two lines: `win wg wbg lg lbg equity` (means, player on roll's
    /// view), then the same six standard errors. Quasi-random dice, luck-based variance
    /// reduction, bearoff positions scored exactly from the databases; a progress bar with
    /// the running equity ± s.e. is drawn on standard error when it is a terminal.
    Rollout {
        /// Position ID (14 characters).
        position_id: String,
        /// Games to play.
        #[arg(long, default_value_t = 1296)]
        trials: u64,
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
        #[arg(long)]
        max_se: Option<f64>,
        /// Turn luck-based variance reduction off.
        #[arg(long)]
        no_variance_reduction: bool,
    },
    /// The 0-ply best play: `<play>\t<resulting POSID>` (nothing when no play is legal). With no
    /// arguments, reads lines `POSID D1 D2` from standard input and answers each, followed by an
    /// empty line.
    Best {
        /// Position ID (14 characters), then the two dice.
        #[arg(num_args = 0..=3, value_names = ["POSID", "D1", "D2"])]
        args: Vec<String>,
    },
    /// The board in gnubg's ASCII layout.
    Show {
        /// Position ID (14 characters).
        position_id: String,
        /// Match ID (12 characters); money game with X on roll when omitted.
        match_id: Option<String>,
    },
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("gammon: {message}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let result = match cli.command {
        Command::Moves { args } if args.is_empty() => moves_batch(io::stdin().lock(), &mut stdout.lock()),
        Command::Moves { args } => {
            let fields: Vec<&str> = args.iter().map(String::as_str).collect();
            match parse_moves_request(&fields) {
                Ok((pos, d1, d2)) => {
                    let mut out = BufWriter::new(stdout.lock());
                    write_plays(&mut MoveGenerator::new(), &pos, d1, d2, &mut out).and_then(|()| out.flush())
                }
                Err(e) => return fail(e),
            }
        }
        Command::Eval { args, plies } if args.is_empty() => {
            let command = if plies == 0 { BatchCommand::Eval } else { BatchCommand::EvalPlies(plies.into()) };
            eval_batch(Evaluator::embedded(), command, io::stdin().lock(), &mut stdout.lock())
        }
        Command::Eval { args, plies } => {
            let fields: Vec<&str> = args.iter().map(String::as_str).collect();
            let answer = if plies == 0 {
                eval_request(Evaluator::embedded(), &fields)
            } else {
                eval_plies_request(Evaluator::embedded(), &fields, plies.into())
            };
            match answer {
                Ok(line) => writeln!(stdout.lock(), "{line}"),
                Err(e) => return fail(e),
            }
        }
        Command::Best { args } if args.is_empty() => {
            eval_batch(Evaluator::embedded(), BatchCommand::Best, io::stdin().lock(), &mut stdout.lock())
        }
        Command::Best { args } => {
            let fields: Vec<&str> = args.iter().map(String::as_str).collect();
            match best_request(Evaluator::embedded(), &mut BestState::default(), &fields) {
                Ok(Some(line)) => writeln!(stdout.lock(), "{line}"),
                Ok(None) => Ok(()),
                Err(e) => return fail(e),
            }
        }
        Command::Rollout { position_id, trials, plies, truncate, seed, max_se, no_variance_reduction } => {
            let cfg = RolloutConfig {
                trials,
                play: Settings::plies(plies.into()),
                truncate,
                seed,
                max_se,
                variance_reduction: !no_variance_reduction,
                progress: true,
                ..RolloutConfig::default()
            };
            match rollout_request(Evaluator::embedded(), &position_id, &cfg) {
                Ok(lines) => writeln!(stdout.lock(), "{lines}"),
                Err(e) => return fail(e),
            }
        }
        Command::Show { position_id, match_id } => match show(&position_id, match_id.as_deref()) {
            Ok(board) => stdout.lock().write_all(board.as_bytes()),
            Err(e) => return fail(e),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // a closed pipe (e.g. `| head`) is not an error of ours
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gammon: {e}");
            ExitCode::FAILURE
        }
    }
}
