//! `makebearoff -o P -f FILE [-c] [-g]`: writes the one-sided bearoff database of 15 chequers on
//! P points in gnubg's format (the same bytes as gnubg's `makebearoff`), with progress on
//! standard error. The solving and the file layout live in `backgammon::bearoff`; this program
//! only parses options and reports. Two-sided databases are not supported.

use backgammon::bearoff::file::{self, Format};
use backgammon::bearoff::QuantisedOneSided;
use clap::Parser;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Chequers per side in gnubg's one-sided databases.
const CHEQUERS: usize = 15;

#[derive(Parser, Debug)]
#[command(name = "makebearoff", about = "Generate a one-sided bearoff database in gnubg's format")]
struct Args {
    /// Number of points (P) for the one-sided database
    #[arg(short = 'o', long = "one-sided", value_name = "P", value_parser = clap::value_parser!(u8).range(1..=24))]
    points: u8,
    /// Required output filename
    #[arg(short = 'f', long = "outfile", value_name = "FILE")]
    outfile: PathBuf,
    /// Do not use the compression scheme
    #[arg(short = 'c', long = "no-compress")]
    no_compress: bool,
    /// Do not include gammon distributions
    #[arg(short = 'g', long = "no-gammon")]
    no_gammon: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let points = usize::from(args.points);
    let start = Instant::now();
    let mut last_percent = usize::MAX;
    let db = QuantisedOneSided::generate(points, CHEQUERS, |done, total| {
        let percent = done * 100 / total.max(1);
        if percent != last_percent {
            last_percent = percent;
            eprint!("\rsolving {CHEQUERS} chequers on {points} points: {done}/{total} ({percent}%)");
            std::io::stderr().flush().ok();
        }
    });
    eprintln!("\nsolved {} positions in {:.2?}", db.index().len(), start.elapsed());
    let format = Format { compressed: !args.no_compress, gammons: !args.no_gammon };
    let db = if format.gammons { db } else { db.without_gammons() };
    if let Err(e) = file::write_file(&db, format, &args.outfile) {
        eprintln!("makebearoff: {}: {e}", args.outfile.display());
        return ExitCode::FAILURE;
    }
    eprintln!("wrote {} in {:.2?}", args.outfile.display(), start.elapsed());
    ExitCode::SUCCESS
}
