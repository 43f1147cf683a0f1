//! `go-gtp`: the Go engine speaking GTP version 2, with GNU Go-compatible flags. Flag parsing only; the
//! engine is `go::gtp`.

use clap::Parser;
use go::gtp::{self, Options};
use go::{Rules, Scoring};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "go-gtp", version, about = "A Go engine speaking GTP version 2 (GNU Go-compatible flags)")]
struct Cli {
    /// Protocol mode; only `gtp` is supported.
    #[arg(long, default_value = "gtp")]
    mode: String,
    /// Print nothing but protocol answers (the default anyway).
    #[arg(long)]
    quiet: bool,
    /// Strength level (accepted for GNU Go compatibility).
    #[arg(long, default_value_t = 10)]
    level: u32,
    /// Board size, 1 to 25.
    #[arg(long, default_value_t = 19)]
    boardsize: usize,
    /// Komi.
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    komi: f64,
    /// Random seed (move choice is deterministic for a seed).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Area scoring (the default).
    #[arg(long, conflicts_with = "japanese_rules")]
    chinese_rules: bool,
    /// Territory scoring.
    #[arg(long)]
    japanese_rules: bool,
    /// Allow suicide.
    #[arg(long)]
    allow_suicide: bool,
    /// Forbid any repetition of a whole-board position (positional superko).
    #[arg(long)]
    positional_superko: bool,
    /// Resign hopeless games.
    #[arg(long)]
    resign: bool,
    /// Start from this SGF file.
    #[arg(short = 'l', long = "infile")]
    infile: Option<String>,
    /// With -l: stop before this move number or vertex.
    #[arg(short = 'L', long = "until", requires = "infile")]
    until: Option<String>,
    /// Also load every .db pattern file of DIR (e.g. GNU Go's patterns/) after the built-in databases;
    /// problems are reported on standard error as FILE:LINE:COLUMN and the engine still starts.
    #[arg(long, value_name = "DIR")]
    patterns: Option<std::path::PathBuf>,
    /// Serve GTP on 127.0.0.1:PORT instead of standard input.
    #[arg(long)]
    gtp_listen: Option<u16>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.mode != "gtp" {
        eprintln!("go-gtp: unsupported mode '{}' (only gtp)", cli.mode);
        return ExitCode::from(2);
    }
    if !go::Board::valid_size(cli.boardsize) {
        eprintln!("go-gtp: unsupported board size {} (1 to 25)", cli.boardsize);
        return ExitCode::from(2);
    }
    let scoring = if cli.japanese_rules { Scoring::Territory } else { Scoring::Area };
    let rules = Rules { scoring, allow_suicide: cli.allow_suicide, positional_superko: cli.positional_superko };
    let options = Options {
        boardsize: cli.boardsize,
        komi: cli.komi,
        rules,
        seed: cli.seed,
        level: cli.level,
        allow_resign: cli.resign,
        patterns: cli.patterns.clone(),
    };
    let mut engine = gtp::engine(options);
    for e in &engine.context.patterns.errors {
        eprintln!("go-gtp: {e}");
    }
    if let Some(file) = &cli.infile {
        if let Err(e) = gtp::load_start_position(&mut engine.context, file, cli.until.as_deref()) {
            eprintln!("go-gtp: {e}");
            return ExitCode::from(2);
        }
    }
    let result = match cli.gtp_listen {
        Some(port) => gtp::serve_tcp(&mut engine, port),
        None => gtp::serve_stdio(&mut engine),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("go-gtp: {e}");
            ExitCode::FAILURE
        }
    }
}
