//! `gtp-match`: plays games between two GTP engines and prints a results table. Flag parsing only; the
//! match logic is `go::gtp_match`.

use clap::Parser;
use go::gtp_match::{self, EngineSpec, MatchConfig};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[path = "../numeric.rs"]
mod numeric;

#[derive(Parser, Debug)]
#[command(name = "gtp-match", version, about = "Play Go games between two GTP engines")]
struct Cli {
    /// First engine command line, e.g. "go-gtp --seed 1".
    #[arg(long = "first", short = '1')]
    first: String,
    /// Second engine command line, e.g. "gnugo --mode gtp --level 1".
    #[arg(long = "second", short = '2')]
    second: String,
    /// Names for the table and SGF (default: the program names).
    #[arg(long, num_args = 2)]
    names: Option<Vec<String>>,
    /// Number of games (colours alternate, the first engine takes black in game 1).
    #[arg(long, short = 'n', default_value_t = 2)]
    games: usize,
    /// Board size.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Komi (a finite number).
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true, value_parser = numeric::finite_f64)]
    komi: f64,
    /// Fixed handicap stones for black: 0, or 2 up to the board's fixed points (9 on odd sizes from 9x9,
    /// 4 on even sizes and 7x7); sent to both engines with `set_free_handicap`.
    #[arg(long, default_value_t = 0)]
    handicap: usize,
    /// Time settings MAIN or MAIN:BYO_TIME:BYO_STONES (seconds); no limit when absent.
    #[arg(long)]
    time: Option<String>,
    /// Score with territory (Japanese) counting instead of area counting.
    #[arg(long)]
    japanese_rules: bool,
    /// Stop and score a game after this many moves (default 3 x size²; at most 5,000,
    /// go::game::MAX_GAME_MOVES).
    #[arg(long)]
    max_moves: Option<usize>,
    /// Directory for the SGF files, one per game (default: gtp-match-games).
    #[arg(long, short = 'o')]
    out: Option<PathBuf>,
    /// Seconds to wait for any one answer: an engine silent for longer forfeits the game (result
    /// B+F or W+F) and is restarted for the next.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    answer_timeout: u64,
    /// Seed the engines per game pair: before each game both get GTP `set_random_seed`, SEED + 2k for
    /// the first engine and SEED + 2k + 1 for the second in games 2k+1 and 2k+2 (both colourings of a
    /// pairing share its seeds; every pairing differs). Without it the engines keep their own seeds.
    #[arg(long)]
    seed: Option<u64>,
}

fn program_name(cmd: &str) -> String {
    let prog = cmd.split_whitespace().next().unwrap_or("engine");
    prog.rsplit('/').next().unwrap_or(prog).to_string()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let clock = match cli.time.as_deref().map(gtp_match::parse_clock).transpose() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("gtp-match: {e}");
            return ExitCode::from(2);
        }
    };
    let mut names = cli.names.unwrap_or_else(|| vec![program_name(&cli.first), program_name(&cli.second)]);
    if names[0] == names[1] {
        names[0].push_str("-1");
        names[1].push_str("-2");
    }
    let config = MatchConfig {
        engines: [EngineSpec::Command(cli.first), EngineSpec::Command(cli.second)],
        names: [names[0].clone(), names[1].clone()],
        games: cli.games,
        size: cli.size,
        komi: cli.komi,
        handicap: cli.handicap,
        clock,
        rules: gtp_match::rules_for(cli.japanese_rules),
        max_moves: cli.max_moves.unwrap_or(3usize.saturating_mul(cli.size).saturating_mul(cli.size)),
        out_dir: cli.out.unwrap_or_else(gtp_match::default_out_dir),
        answer_timeout: std::time::Duration::from_secs(cli.answer_timeout),
        seed: cli.seed,
    };
    match gtp_match::run_match(&config, &mut std::io::stderr()) {
        Ok(report) => match write!(std::io::stdout(), "{}", report.table()) {
            // a closed pipe (`| head -0`) is not a failure of the match
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("gtp-match: {e}");
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            eprintln!("gtp-match: {e}");
            ExitCode::FAILURE
        }
    }
}
