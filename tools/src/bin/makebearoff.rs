//! `makebearoff -o P -f FILE [-c] [-g]` and `makebearoff -t PxC -f FILE [-C] [-H] [-s N]`: write
//! gnubg's one-sided (15 chequers on P points) or two-sided (C chequers on P points) bearoff
//! database in gnubg's format, the same bytes as gnubg's `makebearoff` with the same options,
//! with a progress bar on standard error. `makebearoff -y C -f FILE [-T T]` writes the
//! C-chequer Hypergammon database as gnubg's `makehyper -c C -t T` does (same layout, values
//! equal to the convergence threshold), reporting each sweep. The solving and the file layouts live in
//! `backgammon::eval::bearoff`; this program only parses options and reports.
//!
//! The size of the database is checked before anything is solved: one that would need more than
//! `backgammon::eval::bearoff::MAX_DATABASE_BYTES` of memory (4 GiB: one-sided 13 points and up) is
//! refused. The file is written atomically: a failed or interrupted run leaves an existing file
//! as it was. Exit codes: 0 written; 1 out of memory or the file could not be written; 2 bad
//! options or a size over a limit (one line on standard error).

use backgammon::eval::bearoff::file::{self, Format};
use backgammon::eval::bearoff::hyper::{self, Hyper, HyperError};
use backgammon::eval::bearoff::two_sided::{self, TwoSided, TwoSidedError};
use backgammon::eval::bearoff::{MemoryError, QuantisedOneSided};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[path = "../numeric.rs"]
mod numeric;

/// Chequers per side in gnubg's one-sided databases.
const CHEQUERS: usize = 15;

#[derive(Parser, Debug)]
#[command(name = "makebearoff", about = "Generate a bearoff database in gnubg's format")]
#[command(group(clap::ArgGroup::new("kind").required(true).args(["one_sided", "two_sided", "hyper"])))]
struct Args {
    /// Number of points (P) for a one-sided database of 15 chequers
    #[arg(short = 'o', long = "one-sided", value_name = "P", value_parser = clap::value_parser!(u8).range(1..=24))]
    one_sided: Option<u8>,
    /// Number of points (P) and number of chequers (C) for a two-sided database
    #[arg(short = 't', long = "two-sided", value_name = "PxC", value_parser = parse_size)]
    two_sided: Option<(usize, usize)>,
    /// Number of chequers (1 to 3) for a Hypergammon database (gnubg's `makehyper -c C`)
    #[arg(short = 'y', long = "hyper", value_name = "C", value_parser = clap::value_parser!(u8).range(1..=3))]
    hyper: Option<u8>,
    /// Convergence threshold of the Hypergammon iteration (gnubg's `makehyper -t`)
    #[arg(short = 'T', long = "threshold", value_name = "T", default_value_t = hyper::DEFAULT_THRESHOLD, value_parser = numeric::non_negative_f64)]
    threshold: f64,
    /// Required output filename
    #[arg(short = 'f', long = "outfile", value_name = "FILE")]
    outfile: PathBuf,
    /// Do not use the compression scheme for one-sided databases
    #[arg(short = 'c', long = "no-compress")]
    no_compress: bool,
    /// Do not include gammon distributions for one-sided databases
    #[arg(short = 'g', long = "no-gammon")]
    no_gammon: bool,
    /// Do not calculate cubeful equities for two-sided databases
    #[arg(short = 'C', long = "no-cubeful")]
    no_cubeful: bool,
    /// Do not write the header (two-sided databases)
    #[arg(short = 'H', long = "no-header")]
    no_header: bool,
    /// Cache size in bytes: accepted for gnubg compatibility and ignored, since every position
    /// is solved once and kept in memory
    #[arg(short = 's', long = "xhash-size", value_name = "N")]
    cache_size: Option<u64>,
}

/// `PxC`, e.g. `6x6`.
fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let (p, c) = s.split_once(['x', 'X']).ok_or_else(|| format!("expected PxC, e.g. 6x6, got {s:?}"))?;
    let p: usize = p.trim().parse().map_err(|_| format!("bad number of points {p:?}"))?;
    let c: usize = c.trim().parse().map_err(|_| format!("bad number of chequers {c:?}"))?;
    Ok((p, c))
}

fn bar(what: String) -> ProgressBar {
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_message(what);
    bar
}

/// Why no database was written: the exit code tells a refused size (2, as a bad option) from a
/// failure of the machine (1: out of memory, or the file could not be written).
enum Failure {
    /// Over a limit of `backgammon::eval::bearoff` (MAX_DATABASE_BYTES, two_sided::MAX_VALUES) or an
    /// impossible size.
    Refused(String),
    Failed(String),
}

impl From<MemoryError> for Failure {
    fn from(e: MemoryError) -> Self {
        match e {
            MemoryError::TooLarge { .. } => Failure::Refused(e.to_string()),
            MemoryError::OutOfMemory { .. } => Failure::Failed(e.to_string()),
        }
    }
}

impl From<TwoSidedError> for Failure {
    fn from(e: TwoSidedError) -> Self {
        match e {
            TwoSidedError::Memory(m) => m.into(),
            TwoSidedError::Size { .. } | TwoSidedError::TooLarge { .. } => Failure::Refused(e.to_string()),
            e => Failure::Failed(e.to_string()),
        }
    }
}

impl From<HyperError> for Failure {
    fn from(e: HyperError) -> Self {
        match e {
            HyperError::Memory(m) => m.into(),
            HyperError::Chequers(_) => Failure::Refused(e.to_string()),
            e => Failure::Failed(e.to_string()),
        }
    }
}

impl From<file::FileError> for Failure {
    fn from(e: file::FileError) -> Self {
        match e {
            file::FileError::Memory(m) => m.into(),
            e => Failure::Failed(e.to_string()),
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let start = Instant::now();
    let result = match (args.one_sided, args.two_sided, args.hyper) {
        (Some(points), _, _) => one_sided(&args, usize::from(points)),
        (_, Some((points, chequers)), _) => two_sided(&args, points, chequers),
        (_, _, Some(chequers)) => hypergammon(&args, usize::from(chequers)),
        _ => unreachable!("clap requires -o, -t or -y"),
    };
    match result {
        Ok(()) => {
            eprintln!("wrote {} in {:.2?}", args.outfile.display(), start.elapsed());
            ExitCode::SUCCESS
        }
        Err(Failure::Refused(e)) => {
            eprintln!("makebearoff: {e}");
            ExitCode::from(2)
        }
        Err(Failure::Failed(e)) => {
            eprintln!("makebearoff: {}: {e}", args.outfile.display());
            ExitCode::FAILURE
        }
    }
}

fn one_sided(args: &Args, points: usize) -> Result<(), Failure> {
    let progress = bar(format!("{CHEQUERS} chequers on {points} points"));
    let db = QuantisedOneSided::generate(points, CHEQUERS, |done, total| {
        progress.set_length(total as u64);
        progress.set_position(done as u64);
    });
    progress.finish();
    let db = db?;
    let format = Format { compressed: !args.no_compress, gammons: !args.no_gammon };
    let db = if format.gammons { db } else { db.without_gammons() };
    Ok(file::write_file(&db, format, &args.outfile)?)
}

fn two_sided(args: &Args, points: usize, chequers: usize) -> Result<(), Failure> {
    let progress = bar(format!("two-sided {chequers} chequers on {points} points"));
    let db = TwoSided::generate(points, chequers, !args.no_cubeful, |done, total| {
        progress.set_length(total as u64);
        progress.set_position(done as u64);
    });
    progress.finish();
    Ok(two_sided::write_file_with(&db?, !args.no_header, &args.outfile)?)
}

fn hypergammon(args: &Args, chequers: usize) -> Result<(), Failure> {
    let start = Instant::now();
    let db = Hyper::generate(chequers, args.threshold, |sweep| {
        if sweep.finished() {
            eprintln!("sweep {:3}: largest change {:.2e} ({:.1?})", sweep.number, sweep.delta, start.elapsed());
        } else {
            eprintln!("sweep {:3}: {}/{} positions ({:.1?})", sweep.number, sweep.done, sweep.total, start.elapsed());
        }
    })?;
    Ok(hyper::write_file(&db, &args.outfile)?)
}
