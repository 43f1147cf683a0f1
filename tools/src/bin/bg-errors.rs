//! `bg-errors [--plies N] [--weights DIR] [--file F] [--reference] [--worst N] [--by-prime]`: chequer-play
//! error rate of our engine at N plies against gnubg 2-ply on the reference positions of
//! `tests/data/chequer_2ply.txt` (mean equity loss per move in millipoints, with its standard
//! error), overall and by position class (contact, crashed, race, bearoff). `--reference` also
//! scores gnubg-nn's own 0-ply choice from the file as an anchor; `--worst N` lists the
//! costliest choices by file line; `--by-prime` breaks the figures down by the longest prime on the
//! board (either side's).
//! This binary parses arguments and calls `backgammon_train::benchmark`.
//!
//! Exit codes: 0 success; 1 the file or the weights could not be read, or the report not written.

use backgammon::eval::nply::MAX_PLIES;
use backgammon::eval::Evaluator;
use backgammon_train::benchmark::{evaluator_error_rate, read_file, reference_0ply_error_rate, ErrorRate, RefPosition};
use clap::Parser;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[path = "../progress_bars.rs"]
mod progress_bars;

#[derive(Parser)]
#[command(
    name = "bg-errors",
    version,
    about = "Chequer-play error (mEMG per move) against gnubg-nn 2-ply on reference positions"
)]
struct Cli {
    /// Plies of our chooser (0 is the static evaluation of each play).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=MAX_PLIES as i64))]
    plies: u8,
    /// Directory with contact.bgw, crashed.bgw and race.bgw; the embedded weights when omitted.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Reference file: every legal play of each position with gnubg-nn's 2-ply equity (1-ply for the
    /// plays its move filters drop). The default is relative to the workspace root;
    /// `tests/data/chequer_2ply_dev.txt` is a second set of positions.
    #[arg(long, default_value = "tests/data/chequer_2ply.txt")]
    file: PathBuf,
    /// Also report gnubg-nn 0-ply's own error rate on the file.
    #[arg(long)]
    reference: bool,
    /// Also list the N costliest choices (file line and loss), N at most 20.
    #[arg(long, default_value_t = 0)]
    worst: usize,
    /// Also break the figures down by the longest prime on the board (either side's).
    #[arg(long)]
    by_prime: bool,
}

fn main() -> ExitCode {
    progress_bars::install();
    let cli = Cli::parse();
    let refs = match read_file(&cli.file) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("bg-errors: {}: {e}", cli.file.display());
            return ExitCode::FAILURE;
        }
    };
    let owned;
    let eval = match &cli.weights {
        Some(dir) => match Evaluator::load_dir(dir) {
            Ok(e) => {
                owned = e;
                &owned
            }
            Err(e) => {
                eprintln!("bg-errors: {}: {e}", dir.display());
                return ExitCode::FAILURE;
            }
        },
        None => Evaluator::embedded(),
    };
    // a closed pipe (`| head`) ends the report quietly; other write errors are I/O failures
    match report(&cli, &refs, eval) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bg-errors: {e}");
            ExitCode::FAILURE
        }
    }
}

fn report(cli: &Cli, refs: &[RefPosition], eval: &Evaluator) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    if cli.reference {
        let r = reference_0ply_error_rate(refs);
        writeln!(out, "gnubg-nn 0-ply: {r}")?;
        breakdown(&mut out, cli, &r)?;
    }
    let start = Instant::now();
    let rate = evaluator_error_rate(refs, eval, usize::from(cli.plies));
    writeln!(out, "ours {}-ply: {} ({:.1?})", cli.plies, rate, start.elapsed())?;
    breakdown(&mut out, cli, &rate)?;
    for (line, loss) in rate.worst.iter().take(cli.worst) {
        writeln!(out, "  line {line}: loses {loss:.1} mEMG")?;
    }
    Ok(())
}

/// The figures by position class, and by the longest prime when asked.
fn breakdown(out: &mut impl Write, cli: &Cli, rate: &ErrorRate) -> std::io::Result<()> {
    for (class, r) in &rate.by_class {
        writeln!(out, "  {class:?}: {r}")?;
    }
    if cli.by_prime {
        for (length, r) in &rate.by_prime {
            writeln!(out, "  longest prime {length}: {r}")?;
        }
    }
    Ok(())
}
