//! `gammon-train`: training of the evaluator's nets, by self-play TD(λ) (`--mode td`, the
//! default), by supervised expert iteration on our own nets' 1-ply or 2-ply values (`--mode
//! supervised`), or by one fit of chosen nets to the labelled samples of earlier runs (`--mode fit`,
//! with rollout targets made by `--mode rollouts`).
//! This binary only parses arguments, shows progress and calls `backgammon_train::train`.
//!
//! Exit codes: 0 success; 1 an I/O or checkpoint error (one line on standard error).

use backgammon::eval::net::MAX_HIDDEN;
use backgammon::eval::Evaluator;
use backgammon_train::train::{
    fit_files, rollout_file, run_supervised, Progress, Recording, Relabel, RolloutChoice, SupervisedConfig,
    TrainConfig, Trainer,
};
use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches, Parser, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;

#[path = "../progress_bars.rs"]
mod progress_bars;

#[path = "../numeric.rs"]
mod numeric;

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Mode {
    /// self-play TD(lambda)
    Td,
    /// expert iteration: self-play positions, 1-ply or 2-ply targets of the current nets, Adam fit
    Supervised,
    /// one Adam fit of the --nets to the --samples files (`samples-N.bin` of supervised runs),
    /// starting from --init, written to --dir
    Fit,
    /// rollout targets for a later fit: --limit samples of the --nets (with a prime of at least
    /// --min-prime points) taken from the --samples files (seeded random order) relabelled by
    /// --trials-game rollouts of the --init nets (or, with --lookahead, their 1- or 2-ply values),
    /// written to --out (resumes an interrupted run)
    Rollouts,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum NetName {
    Contact,
    Crashed,
    Race,
}

/// What `gammon-train --help` says the program is.
const ABOUT: &str = "Training of the backgammon nets: self-play TD(lambda), supervised expert iteration, fits to \
                     sample files, and sample positions relabelled by rollouts or lookahead";

#[derive(Parser)]
#[command(name = "gammon-train", version, about = ABOUT)]
struct Cli {
    /// What to run; a flag the mode does not read is refused.
    #[arg(long, value_enum, default_value = "td")]
    mode: Mode,
    /// Output directory, resumed from when it holds a run. TD: checkpoints (`latest/`, `games-NNNNNNNN/`,
    /// `state.txt`); supervised: `samples-N.bin`, `iter-N/` and `latest/`; fit: the fitted nets.
    #[arg(long, default_value = "train")]
    dir: PathBuf,
    /// TD: games to reach in total (counting games of earlier sessions of the run).
    #[arg(long, default_value_t = 200_000)]
    games: u64,
    /// Seed of the dice, the sampling and the fits: a run is the same for a seed whatever the thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// TD: hidden units of the contact, crashed and race nets (new runs only).
    #[arg(long, num_args = 3, default_values_t = [96, 64, 48])]
    hidden: Vec<usize>,
    /// TD: learning rate at the start; it falls geometrically to --alpha-end at --games.
    #[arg(long, default_value_t = 0.1, value_parser = numeric::non_negative_f32)]
    alpha: f32,
    /// TD: learning rate at --games.
    #[arg(long, default_value_t = 0.02, value_parser = numeric::non_negative_f32)]
    alpha_end: f32,
    /// TD: trace decay; 0 is TD(0) with sparse updates (fastest).
    #[arg(long, default_value_t = 0.0, value_parser = numeric::probability_f32)]
    lambda: f32,
    /// TD: parallel self-play workers whose nets are averaged after every epoch.
    #[arg(long, default_value_t = 2)]
    workers: usize,
    /// TD: games per worker per epoch.
    #[arg(long, default_value_t = 250)]
    sync_games: u64,
    /// TD: checkpoint every this many games.
    #[arg(long, default_value_t = 10_000)]
    checkpoint_every: u64,
    /// Supervised, fit, rollouts: starting nets (a directory of .bgw files; feature set 1 files are
    /// upgraded), the embedded weights when omitted. Ignored when a supervised run resumes.
    #[arg(long)]
    init: Option<PathBuf>,
    /// Supervised: iterations to reach.
    #[arg(long, default_value_t = 1)]
    iterations: u32,
    /// Supervised: self-play positions per iteration.
    #[arg(long, default_value_t = 200_000)]
    positions: usize,
    /// Supervised: passes over each iteration's positions; fit: passes over the samples.
    #[arg(long, default_value_t = 4)]
    epochs: usize,
    /// Supervised, fit: Adam step size at the first epoch, falling geometrically to --lr-end.
    #[arg(long, default_value_t = 5e-4, value_parser = numeric::non_negative_f32)]
    lr: f32,
    /// Supervised, fit: Adam step size at the last epoch.
    #[arg(long, default_value_t = 5e-5, value_parser = numeric::non_negative_f32)]
    lr_end: f32,
    /// Supervised, fit: minibatch size.
    #[arg(long, default_value_t = 128)]
    batch: usize,
    /// Supervised: share of self-play moves chosen at random.
    #[arg(long, default_value_t = 0.05, value_parser = numeric::probability)]
    explore: f64,
    /// Supervised: lookahead of the targets, 1 or 2 plies.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    label_plies: u8,
    /// Supervised, 2-ply targets: plays per roll (best first at 0 ply) compared at 1 ply.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=8))]
    label_keep: u64,
    /// Supervised: probability that a self-play move also records a near-best alternative's position.
    #[arg(long, default_value_t = 0.0, value_parser = numeric::probability)]
    alternatives: f64,
    /// Supervised: alternatives recorded by such a move: 1 is one of the 2nd to 5th plays at
    /// random, more the 2nd to the (N+1)th (a roll's near-best plays fitted side by side).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=7))]
    siblings: u64,
    /// Supervised: earlier iterations whose samples are fitted again with each new iteration's.
    #[arg(long, default_value_t = 0)]
    history: u32,
    /// Supervised (new runs), fit, rollouts: widen the starting nets to these hidden sizes (contact,
    /// crashed, race); the new units start with zero output weights, so the nets' values are unchanged.
    #[arg(long, num_args = 3)]
    widen: Option<Vec<usize>>,
    /// Fit: sample files (`samples-N.bin` of supervised runs, `--mode rollouts` output) to fit to.
    /// Supervised: sample files fitted with every iteration's own (e.g. rollout targets).
    /// Rollouts: the files whose positions are chosen from.
    #[arg(long, num_args = 1..)]
    samples: Vec<PathBuf>,
    /// Fit: the nets to fit (the others are kept as --init has them). Rollouts: the nets whose
    /// positions are relabelled.
    #[arg(long, value_enum, num_args = 1.., default_values_t = [NetName::Contact, NetName::Crashed, NetName::Race])]
    nets: Vec<NetName>,
    /// Supervised: label crashed positions by rollouts of this many games (0-ply play, variance
    /// reduction) instead of the nets' lookahead; 0 turns it off.
    #[arg(long, default_value_t = 0)]
    rollout_crashed: u64,
    /// Fit: fit the output layer only (the hidden layer kept), e.g. to recalibrate the nets'
    /// outputs on rollout targets.
    #[arg(long)]
    output_layer: bool,
    /// Rollouts: only positions where either side has made at least this many points in a row
    /// (where 2-ply targets are weakest); 0 takes all.
    #[arg(long, default_value_t = 0)]
    min_prime: u32,
    /// Rollouts: games per rollout.
    #[arg(long, default_value_t = 36)]
    trials: u64,
    /// Rollouts: label by the --init nets' lookahead of this many plies (1 or 2) instead of
    /// rollouts (a class fitted again to targets as deep as the supervised iterations').
    #[arg(long, conflicts_with = "trials", value_parser = clap::value_parser!(u8).range(1..=2))]
    lookahead: Option<u8>,
    /// Rollouts: positions to roll out (at most).
    #[arg(long, default_value_t = 10_000)]
    limit: usize,
    /// Rollouts: the sample file written.
    #[arg(long, default_value = "rollouts.bin")]
    out: PathBuf,
}

/// The starting nets of a supervised run or a fit: --init (or the embedded weights), widened as
/// --widen says; `Err` carries the exit code after the message is printed.
fn starting_nets(cli: &Cli) -> Result<Evaluator, ExitCode> {
    let init = match &cli.init {
        Some(dir) => match Evaluator::load_dir(dir) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("gammon-train: {}: {e}", dir.display());
                return Err(ExitCode::FAILURE);
            }
        },
        None => Evaluator::embedded().clone(),
    };
    let mut init = init;
    if let Some(w) = &cli.widen {
        for (c, net) in init.nets.iter_mut().enumerate() {
            if w[c] < net.hidden || w[c] > MAX_HIDDEN {
                eprintln!("gammon-train: --widen {}: net {c} has {} hidden units (1..={MAX_HIDDEN})", w[c], net.hidden);
                return Err(ExitCode::from(2));
            }
            *net = net.widened(w[c], cli.seed ^ c as u64);
        }
    }
    Ok(init)
}

fn supervised(cli: &Cli) -> ExitCode {
    let init = match starting_nets(cli) {
        Ok(e) => e,
        Err(code) => return code,
    };
    if !(0.0..=1.0).contains(&cli.alternatives) || !(0.0..=1.0).contains(&cli.explore) {
        eprintln!("gammon-train: --explore and --alternatives are probabilities (0 to 1)");
        return ExitCode::from(2);
    }
    let cfg = SupervisedConfig {
        seed: cli.seed,
        iterations: cli.iterations,
        positions: cli.positions,
        epochs: cli.epochs,
        lr: cli.lr,
        lr_end: cli.lr_end,
        batch: cli.batch,
        recording: Recording { explore: cli.explore, alternatives: cli.alternatives, siblings: cli.siblings as usize },
        label_plies: cli.label_plies,
        label_keep: cli.label_keep as usize,
        history: cli.history,
        rollout_crashed: cli.rollout_crashed,
        output_only: cli.output_layer,
        ..SupervisedConfig::default()
    };
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} {msg} [{bar:40}] {pos}/{len} ({per_sec}, eta {eta})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let start = std::time::Instant::now();
    let report = |p: Progress| match p {
        Progress::Phase { name, len } => {
            bar.set_message(name);
            bar.set_length(len);
            bar.set_position(0);
            bar.reset_eta();
        }
        Progress::Advance(n) => bar.inc(n),
        Progress::Note(line) => {
            let line = format!("[{:.0} s] {line}", start.elapsed().as_secs_f64());
            // a hidden bar (output not a terminal) prints nothing: log to stderr instead
            if bar.is_hidden() {
                eprintln!("{line}");
            } else {
                bar.println(line);
            }
        }
    };
    let mut nets = [false; 3];
    for n in &cli.nets {
        nets[*n as usize] = true;
    }
    let done = if cli.mode == Mode::Rollouts {
        let choice = RolloutChoice { nets, min_prime: cli.min_prime, limit: cli.limit };
        let labels = match cli.lookahead {
            Some(plies) => Relabel::Lookahead { plies },
            None => Relabel::Rollouts { trials: cli.trials },
        };
        rollout_file(&init, &cli.samples, choice, labels, cli.seed, &cli.out, &report).map(|n| {
            let what = if cli.lookahead.is_some() { "lookahead labels" } else { "rollouts" };
            report(Progress::Note(format!("{what} done: {n} samples in {}", cli.out.display())));
        })
    } else if cli.mode == Mode::Fit {
        let mut eval = init;
        fit_files(&mut eval, &cli.samples, nets, &cfg, &cli.dir, &report).map(|errors| {
            report(Progress::Note(format!("fit done: RMS equity error (train, held out) {errors:.4?}")));
        })
    } else {
        run_supervised(&cli.dir, init, &cfg, &cli.samples, &report).map(|_| ())
    };
    match done {
        Ok(()) => {
            bar.finish();
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gammon-train: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The flags each mode reads (besides --mode and --seed): a flag given to a mode that ignores it
/// is refused rather than silently dropped.
fn flags_of(mode: Mode) -> &'static [&'static str] {
    match mode {
        Mode::Td => {
            &["dir", "games", "hidden", "alpha", "alpha_end", "lambda", "workers", "sync_games", "checkpoint_every"]
        }
        Mode::Supervised => &[
            "dir",
            "init",
            "widen",
            "iterations",
            "positions",
            "epochs",
            "lr",
            "lr_end",
            "batch",
            "explore",
            "label_plies",
            "label_keep",
            "alternatives",
            "siblings",
            "history",
            "rollout_crashed",
            "samples",
        ],
        Mode::Fit => &["dir", "init", "widen", "samples", "nets", "epochs", "lr", "lr_end", "batch", "output_layer"],
        Mode::Rollouts => &["init", "widen", "samples", "nets", "min_prime", "trials", "lookahead", "limit", "out"],
    }
}

fn main() -> ExitCode {
    progress_bars::install();
    let command = Cli::command();
    // argument ids only (the derive also registers a group named after the struct)
    let args: Vec<String> = command.get_arguments().map(|a| a.get_id().to_string()).collect();
    let matches = command.get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let given = |id: &&str| matches.value_source(id) == Some(ValueSource::CommandLine);
    let ignored: Vec<String> = matches
        .ids()
        .map(|id| id.as_str())
        .filter(|id| args.iter().any(|a| a == id))
        .filter(|id| !["mode", "seed"].contains(id) && !flags_of(cli.mode).contains(id))
        .filter(given)
        .map(|id| format!("--{}", id.replace('_', "-")))
        .collect();
    if !ignored.is_empty() {
        let mode = cli.mode.to_possible_value().map_or(String::new(), |v| v.get_name().to_string());
        eprintln!("gammon-train: {} not used by --mode {mode}", ignored.join(", "));
        return ExitCode::from(2);
    }
    if cli.mode != Mode::Td {
        return supervised(&cli);
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_is_read_by_some_mode() {
        let modes = [Mode::Td, Mode::Supervised, Mode::Fit, Mode::Rollouts];
        for arg in Cli::command().get_arguments() {
            let id = arg.get_id().as_str();
            if ["mode", "seed", "help", "version"].contains(&id) {
                continue;
            }
            assert!(modes.iter().any(|&m| flags_of(m).contains(&id)), "--{id} is read by no mode");
        }
    }
}
