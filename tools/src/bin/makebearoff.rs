//! `makebearoff -o P -f FILE [-c] [-g]` and `makebearoff -t PxC -f FILE [-C] [-H] [-s N]`: write
//! gnubg's one-sided (15 chequers on P points) or two-sided (C chequers on P points) bearoff
//! database in gnubg's format, the same bytes as gnubg's `makebearoff` with the same options,
//! with a progress bar on standard error. `makebearoff -y C -f FILE [-T T]` writes the
//! C-chequer Hypergammon database as gnubg's `makehyper -c C -t T` does (same layout, values
//! equal to the convergence threshold), reporting each sweep. The solving and the file layouts live in
//! `backgammon::bearoff`; this program only parses options and reports.

use backgammon::bearoff::file::{self, Format};
use backgammon::bearoff::hyper::{self, Hyper};
use backgammon::bearoff::two_sided::{self, TwoSided};
use backgammon::bearoff::QuantisedOneSided;
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

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
    #[arg(short = 'T', long = "threshold", value_name = "T", default_value_t = hyper::DEFAULT_THRESHOLD)]
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
        Err(e) => {
            eprintln!("makebearoff: {}: {e}", args.outfile.display());
            ExitCode::FAILURE
        }
    }
}

fn one_sided(args: &Args, points: usize) -> Result<(), String> {
    let progress = bar(format!("{CHEQUERS} chequers on {points} points"));
    let db = QuantisedOneSided::generate(points, CHEQUERS, |done, total| {
        progress.set_length(total as u64);
        progress.set_position(done as u64);
    });
    progress.finish();
    let format = Format { compressed: !args.no_compress, gammons: !args.no_gammon };
    let db = if format.gammons { db } else { db.without_gammons() };
    file::write_file(&db, format, &args.outfile).map_err(|e| e.to_string())
}

fn two_sided(args: &Args, points: usize, chequers: usize) -> Result<(), String> {
    let progress = bar(format!("two-sided {chequers} chequers on {points} points"));
    let db = TwoSided::generate(points, chequers, !args.no_cubeful, |done, total| {
        progress.set_length(total as u64);
        progress.set_position(done as u64);
    })
    .map_err(|e| e.to_string())?;
    progress.finish();
    let out = std::fs::File::create(&args.outfile).map_err(|e| e.to_string())?;
    two_sided::write(&db, !args.no_header, out).map_err(|e| e.to_string())
}

fn hypergammon(args: &Args, chequers: usize) -> Result<(), String> {
    let start = Instant::now();
    let db = Hyper::generate(chequers, args.threshold, |sweep| {
        if sweep.finished() {
            eprintln!("sweep {:3}: largest change {:.2e} ({:.1?})", sweep.number, sweep.delta, start.elapsed());
        } else {
            eprintln!("sweep {:3}: {}/{} positions ({:.1?})", sweep.number, sweep.done, sweep.total, start.elapsed());
        }
    })
    .map_err(|e| e.to_string())?;
    hyper::write_file(&db, &args.outfile).map_err(|e| e.to_string())
}
