//! `gammon-train`: self-play TD(λ) training of the evaluator's nets. This binary only parses
//! arguments, shows progress and calls `backgammon::eval::train`.
//!
//! Exit codes: 0 success; 1 an I/O or checkpoint error (one line on standard error).

use backgammon::eval::train::{TrainConfig, Trainer};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "gammon-train", version, about = "Self-play TD(lambda) training of the backgammon nets")]
struct Cli {
    /// Directory for checkpoints (`latest/`, `games-NNNNNNNN/`, `state.txt`); resumes from it.
    #[arg(long, default_value = "train")]
    dir: PathBuf,
    /// Games to reach in total (counting games of earlier sessions of the run).
    #[arg(long, default_value_t = 200_000)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Hidden units of the contact, crashed and race nets (new runs only).
    #[arg(long, num_args = 3, default_values_t = [96, 64, 48])]
    hidden: Vec<usize>,
    /// Learning rate at the start; it falls geometrically to --alpha-end at --games.
    #[arg(long, default_value_t = 0.1)]
    alpha: f32,
    #[arg(long, default_value_t = 0.02)]
    alpha_end: f32,
    /// Trace decay; 0 is TD(0) with sparse updates (fastest).
    #[arg(long, default_value_t = 0.0)]
    lambda: f32,
    /// Parallel self-play workers whose nets are averaged after every epoch.
    #[arg(long, default_value_t = 2)]
    workers: usize,
    /// Games per worker per epoch.
    #[arg(long, default_value_t = 250)]
    sync_games: u64,
    /// Checkpoint every this many games.
    #[arg(long, default_value_t = 10_000)]
    checkpoint_every: u64,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = TrainConfig {
        seed: cli.seed,
        hidden: [cli.hidden[0], cli.hidden[1], cli.hidden[2]],
        alpha: cli.alpha,
        alpha_end: cli.alpha_end,
        lambda: cli.lambda,
        total_games: cli.games,
        workers: cli.workers,
        sync_games: cli.sync_games,
    };
    let mut trainer = match Trainer::resume(config.clone(), &cli.dir) {
        Ok(Some(t)) => t,
        Ok(None) => Trainer::new(config),
        Err(e) => {
            eprintln!("gammon-train: {e}");
            return ExitCode::FAILURE;
        }
    };
    let bar = ProgressBar::new(cli.games);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} games ({per_sec}, eta {eta}) {msg}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_position(trainer.games);
    let mut next_checkpoint = (trainer.games / cli.checkpoint_every + 1) * cli.checkpoint_every;
    let start = std::time::Instant::now();
    while trainer.games < cli.games {
        let stats = trainer.run_epoch();
        bar.set_position(trainer.games);
        bar.set_message(format!(
            "alpha {:.4} err {:.4} plies/game {:.1} gammons {:.1}% updates {:?}",
            trainer.alpha(),
            stats.mean_error(),
            stats.plies as f64 / stats.games.max(1) as f64,
            100.0 * stats.gammons as f64 / stats.games.max(1) as f64,
            stats.updates
        ));
        if trainer.games >= next_checkpoint || trainer.games >= cli.games {
            match trainer.checkpoint(&cli.dir) {
                Ok(path) => {
                    let line = format!(
                        "checkpoint {} after {:.0} s: {} ({})",
                        trainer.games,
                        start.elapsed().as_secs_f64(),
                        path.display(),
                        bar.message()
                    );
                    // a hidden bar (output not a terminal) prints nothing: log to stderr instead
                    if bar.is_hidden() {
                        eprintln!("{line}");
                    } else {
                        bar.println(line);
                    }
                }
                Err(e) => {
                    eprintln!("gammon-train: checkpoint: {e}");
                    return ExitCode::FAILURE;
                }
            }
            next_checkpoint += cli.checkpoint_every;
        }
    }
    bar.finish();
    ExitCode::SUCCESS
}
