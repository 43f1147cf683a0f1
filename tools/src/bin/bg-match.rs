//! `bg-match`: strength benchmark — our 0-ply player against gnubg-nn's pubeval player or gnubg
//! 0-ply, cubeless money games in duplicate pairs, through `tests/python/gnubg_player.py`. This
//! binary parses arguments and calls `backgammon::frontends::matchplay`.
//!
//! Exit codes: 0 success; 1 the external player failed or weights could not be read.

use backgammon::eval::Evaluator;
use backgammon::frontends::matchplay::{play_pair, ExternalPlayer, MatchStats, NetPlayer};
use clap::{Parser, ValueEnum};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[path = "../progress_bars.rs"]
mod progress_bars;

#[derive(Clone, Copy, ValueEnum)]
enum Opponent {
    /// gnubg-nn's pubeval player (`pub_best_move`)
    Pub,
    /// gnubg 0-ply (`best_move`, 0 plies)
    Gnubg,
}

#[derive(Parser)]
#[command(name = "bg-match", version, about = "Duplicate cubeless money games against gnubg-nn's players")]
struct Cli {
    /// The opponent (our side plays 0-ply).
    #[arg(long, value_enum, default_value = "pub")]
    opponent: Opponent,
    /// Games (played as duplicate pairs, so rounded up to even).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Dice seed: the same seed gives the same dice, pair by pair, whatever --jobs.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Directory with contact.bgw, crashed.bgw and race.bgw; the embedded weights when omitted.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// The bridge to gnubg-nn, run with python3 (needs the `gnubg_nn` module); the default is relative
    /// to the workspace root.
    #[arg(long, default_value = "tests/python/gnubg_player.py")]
    bridge: String,
    /// Parallel games (one bridge process each), 1 to 256.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=MAX_JOBS))]
    jobs: u64,
}

/// Most parallel games: each is a thread and a Python process, and more than the machine's cores
/// only costs memory; a mistyped `--jobs 1000000` would start a million processes.
const MAX_JOBS: u64 = 256;

fn main() -> ExitCode {
    progress_bars::install();
    let cli = Cli::parse();
    let owned;
    let eval = match &cli.weights {
        Some(dir) => match Evaluator::load_dir(dir) {
            Ok(e) => {
                owned = e;
                &owned
            }
            Err(e) => {
                eprintln!("bg-match: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => Evaluator::embedded(),
    };
    let kind = match cli.opponent {
        Opponent::Pub => "pub",
        Opponent::Gnubg => "gnubg",
    };
    let pairs = cli.games.div_ceil(2);
    let jobs = cli.jobs.max(1);
    let start = std::time::Instant::now();
    let results: Vec<Result<MatchStats, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..jobs)
            .map(|j| {
                let bridge = cli.bridge.clone();
                s.spawn(move || -> Result<MatchStats, String> {
                    let mut ext = ExternalPlayer::spawn("python3", &[bridge], kind).map_err(|e| e.to_string())?;
                    let mut ours = NetPlayer::new(eval);
                    let mut stats = MatchStats::default();
                    for pair in (j..pairs).step_by(jobs as usize) {
                        play_pair(&mut ours, &mut ext, cli.seed, pair, &mut stats).map_err(|e| e.to_string())?;
                    }
                    Ok(stats)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("match thread")).collect()
    });
    let mut total = MatchStats::default();
    for r in results {
        match r {
            Ok(s) => total.merge(&s),
            Err(e) => {
                eprintln!("bg-match: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let g = total.games() as f64;
    let line = format!(
        "{} games vs {kind}: {:+.3} ppg +/- {:.3} (1 s.e., duplicate pairs); wins {:.1}%, gammons won {:.1}% lost {:.1}%; {:.0} s",
        total.games(),
        total.ppg(),
        total.std_error(),
        100.0 * total.wins as f64 / g,
        100.0 * total.gammons_won as f64 / g,
        100.0 * total.gammons_lost as f64 / g,
        start.elapsed().as_secs_f64()
    );
    // a closed pipe (`| head -0`) is not a failure of the match
    match writeln!(std::io::stdout(), "{line}") {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => {
            eprintln!("bg-match: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
