//! `bg-race [--file F] [--weights DIR] [--plies N...] [--reference]`: the race net's absolute values
//! against gnubg-nn 2-ply on the race positions of `tests/data/race_values.txt` (mean absolute
//! error of the win and gammon probabilities and of cubeless equity, overall and by kind:
//! self-play and generated lopsided races). `--reference` also scores gnubg-nn's own 0-ply values
//! from the file.
//! `bg-race --make-samples OUT --self-play N --lopsided M --seed S [--weights DIR]` writes race
//! training positions (targets: our 0-ply values, to be replaced by `gammon-train --mode rollouts
//! --nets race`).
//! This binary parses arguments and calls `backgammon_train::race`.
//!
//! Exit codes: 0 success; 1 the file or the weights could not be read, or the output not written.

use backgammon::eval::nply::MAX_PLIES;
use backgammon::eval::Evaluator;
use backgammon_train::race::{errors_of, our_values, race_positions, read_race_refs, RaceRef};
use backgammon_train::train::{save_samples, Sample};
use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(name = "bg-race", version, about = "Race values against gnubg-nn 2-ply, and race training positions")]
struct Cli {
    /// Reference file (relative to the workspace root by default).
    #[arg(long, default_value = "tests/data/race_values.txt")]
    file: PathBuf,
    /// Directory with contact.bgw, crashed.bgw and race.bgw; the embedded weights when omitted.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Plies of our values to measure.
    #[arg(long, num_args = 1.., default_values_t = [0u8, 1, 2],
          value_parser = clap::value_parser!(u8).range(0..=MAX_PLIES as i64))]
    plies: Vec<u8>,
    /// Also score gnubg-nn 0-ply's values from the file.
    #[arg(long)]
    reference: bool,
    /// Instead of measuring, write race training positions to this sample file.
    #[arg(long)]
    make_samples: Option<PathBuf>,
    /// With --make-samples: race positions from 0-ply self-play.
    #[arg(long, default_value_t = 0)]
    self_play: usize,
    /// With --make-samples: generated lopsided race positions.
    #[arg(long, default_value_t = 0)]
    lopsided: usize,
    /// With --make-samples: the seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let owned;
    let eval = match &cli.weights {
        Some(dir) => match Evaluator::load_dir(dir) {
            Ok(e) => {
                owned = e;
                &owned
            }
            Err(e) => {
                eprintln!("bg-race: {}: {e}", dir.display());
                return ExitCode::FAILURE;
            }
        },
        None => Evaluator::embedded(),
    };
    if let Some(out) = &cli.make_samples {
        let positions = race_positions(eval, cli.self_play, cli.lopsided, cli.seed);
        let samples: Vec<Sample> = positions.iter().map(|p| Sample { pos: *p, target: eval.evaluate(p) }).collect();
        return match save_samples(out, &samples) {
            Ok(()) => {
                println!("{}: {} race positions", out.display(), samples.len());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("bg-race: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let refs = match read_race_refs(&cli.file) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("bg-race: {}: {e}", cli.file.display());
            return ExitCode::FAILURE;
        }
    };
    if cli.reference {
        let values: Vec<_> = refs.iter().map(|r| r.gnubg0).collect();
        report("gnubg-nn 0-ply", &refs, &values);
    }
    for &plies in &cli.plies {
        let start = Instant::now();
        let values = our_values(&refs, eval, usize::from(plies));
        report(&format!("ours {plies}-ply ({:.1?})", start.elapsed()), &refs, &values);
    }
    ExitCode::SUCCESS
}

fn report(name: &str, refs: &[RaceRef], values: &[backgammon::eval::Probabilities]) {
    println!("{name}: {}", errors_of(refs, values, |_| true));
    println!("  self-play: {}", errors_of(refs, values, |k| k == 's'));
    println!("  lopsided:  {}", errors_of(refs, values, |k| k == 'l'));
}
