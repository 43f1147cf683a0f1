//! `bg-efficiency [--file F] [--score post-crawford|pre-crawford|all] [--class C] [--limit N]
//! [--trials N] [--seed S] [--met kazaross-xg2|woolsey]`: measures the cube efficiency x of
//! Janowski's model by rollouts on the positions of a cube position file (`POSID MATCHID` per
//! line, as `tests/data/cube_positions.txt`): per position a cubeless and a cubeful 0-ply
//! rollout, then x fitted by least squares with its 95% bootstrap interval, overall, per
//! position class and per score group (post-Crawford, 2-away on either side, other scores).
//! One line per position on standard output as it is measured (`line position match
//! away-away class no-double±se dead live x`), a progress bar on standard error when it is a
//! terminal. Match play only: money-play lines, and positions where the player on roll cannot
//! double (Crawford game, dead or opponent's cube), are skipped.
//! This binary parses arguments and calls `backgammon_train::cube_efficiency`.
//!
//! Exit codes: 0 success; 1 the file could not be read or parsed, or no position was measured.

use backgammon::analysis::rollout::RolloutConfig;
use backgammon::cube::cubeful::Scoring;
use backgammon::cube::decision::{cube_class, CubeContext};
use backgammon::cube::met::MatchEquityTable;
use backgammon::eval::Evaluator;
use backgammon_train::cube_efficiency::{
    bootstrap_interval, fit, measure, read_positions, score_group, EfficiencySample,
};
use clap::{Parser, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

#[path = "../progress_bars.rs"]
mod progress_bars;

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum ScoreFilter {
    /// After the Crawford game (one side 1-away).
    PostCrawford,
    /// Before the Crawford game (neither side 1-away).
    PreCrawford,
    /// Every match score.
    All,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum ClassFilter {
    Contact,
    Crashed,
    Race,
    Bearoff,
    All,
}

#[derive(Clone, Copy, ValueEnum)]
enum Met {
    KazarossXg2,
    Woolsey,
}

#[derive(Parser)]
#[command(name = "bg-efficiency", version, about = "Cube efficiency of Janowski's model measured by rollouts")]
struct Cli {
    /// Cube position file: `POSID MATCHID` per line (more fields ignored); the default is relative to
    /// the workspace root.
    #[arg(long, default_value = "tests/data/cube_positions.txt")]
    file: PathBuf,
    /// Which match scores to measure.
    #[arg(long, value_enum, default_value = "all")]
    score: ScoreFilter,
    /// Which position class (the cube-efficiency class of the position on roll).
    #[arg(long, value_enum, default_value = "all")]
    class: ClassFilter,
    /// Measure at most N positions (the first that pass the filters).
    #[arg(long)]
    limit: Option<usize>,
    /// Games per rollout (1 to 1000000, `backgammon::frontends::commands::MAX_ROLLOUT_TRIALS`).
    #[arg(long, default_value_t = 1296,
          value_parser = clap::value_parser!(u64).range(1..=backgammon::frontends::commands::MAX_ROLLOUT_TRIALS))]
    trials: u64,
    /// Dice seed of every rollout.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Match equity table.
    #[arg(long, value_enum, default_value = "kazaross-xg2")]
    met: Met,
}

fn main() -> ExitCode {
    progress_bars::install();
    let cli = Cli::parse();
    let text = match std::fs::read_to_string(&cli.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("bg-efficiency: {}: {e}", cli.file.display());
            return ExitCode::FAILURE;
        }
    };
    let positions = match read_positions(&text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bg-efficiency: {}: {e}", cli.file.display());
            return ExitCode::FAILURE;
        }
    };
    let met = match cli.met {
        Met::KazarossXg2 => MatchEquityTable::kazaross_xg2(),
        Met::Woolsey => MatchEquityTable::woolsey(),
    };
    let wanted: Vec<_> = positions
        .iter()
        .filter_map(|c| {
            let cube = CubeContext::from_match_state(&c.state, &met);
            let Scoring::Match { score, .. } = cube.scoring else { return None };
            let score_ok = match cli.score {
                ScoreFilter::PostCrawford => score.is_post_crawford(),
                ScoreFilter::PreCrawford => !score.is_post_crawford() && !score.crawford,
                ScoreFilter::All => true,
            };
            let class = cube_class(&c.position).name();
            let class_ok = match cli.class {
                ClassFilter::All => true,
                f => f.to_possible_value().is_some_and(|v| v.get_name() == class),
            };
            (score_ok && class_ok && cube.unavailable().is_none()).then_some((c, cube, score, class))
        })
        .take(cli.limit.unwrap_or(usize::MAX))
        .collect();
    let bar = ProgressBar::new(wanted.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {elapsed} ({eta} left)").expect("template"),
    );
    let ev = Evaluator::embedded();
    let cfg = RolloutConfig { trials: cli.trials, seed: cli.seed, ..RolloutConfig::default() };
    let mut by_class: BTreeMap<&str, Vec<EfficiencySample>> = BTreeMap::new();
    let mut by_score: BTreeMap<&str, Vec<EfficiencySample>> = BTreeMap::new();
    let mut all = Vec::new();
    for (c, cube, score, class) in wanted {
        match measure(ev, &c.position, &cube, &cfg) {
            Ok(s) => {
                let x = s.efficiency().map_or("-".to_string(), |x| format!("{x:.3}"));
                bar.suspend(|| {
                    println!(
                        "{} {} {} {}-{} {class} {:.4}±{:.4} {:.4} {:.4} {x}",
                        c.line,
                        c.position.id(),
                        c.state.id(),
                        score.me,
                        score.opp,
                        s.no_double,
                        s.no_double_se,
                        s.dead,
                        s.live
                    )
                });
                by_class.entry(class).or_default().push(s);
                by_score.entry(score_group(score)).or_default().push(s);
                all.push(s);
            }
            Err(e) => bar.suspend(|| eprintln!("bg-efficiency: line {}: {e}", c.line)),
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let summary = |what: &str, v: &[EfficiencySample]| match (fit(v), bootstrap_interval(v, 2000, cli.seed)) {
        (Some(x), Some((lo, hi))) => {
            println!("{what}: x = {x:.3} (95% bootstrap interval {lo:.3} to {hi:.3}) over {} positions", v.len())
        }
        _ => println!("{what}: no position separates the dead cube from the live one ({} positions)", v.len()),
    };
    if all.is_empty() {
        eprintln!("bg-efficiency: no position measured");
        return ExitCode::FAILURE;
    }
    summary("all", &all);
    for (class, v) in &by_class {
        summary(class, v);
    }
    for (group, v) in &by_score {
        summary(group, v);
    }
    ExitCode::SUCCESS
}
