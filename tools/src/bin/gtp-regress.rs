//! `gtp-regress`: runs GNU Go's regression files (`.tst`) against a GTP engine, several engine
//! processes at a time, and prints each test's grade, the counts per file and in all, and what changed
//! since a previous run. Flag parsing and printing only; the parser, runner and grading are
//! `go::regress`.

use clap::Parser;
use go::regress::{self, Progress, RunOptions, RunReport, Split, TestResult};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(
    name = "gtp-regress",
    version,
    about = "Run GNU Go's regression files (.tst) against a GTP engine",
    after_help = "Each file is cut at loadsgf into chunks of --chunk-tests expectations, each answered by a fresh \
                  engine process (the settings before it replayed): the answers do not depend on -j. \
                  Grading as GNU Go's regress.awk: the answer must match ^EXPECTED$, [!X] negates, * marks a \
                  known failure of GNU Go (graded and counted), & leaves a test out.\n\n\
                  Exit status: 0 when every engine process ran to its end, whatever the tests' grades; \
                  1 when an engine could not be started, was killed at the timeout or exited with a failure \
                  (the other tests are still graded and reported); 2 for bad arguments, an unreadable or \
                  malformed .tst file (file:line) or results file."
)]
struct Cli {
    /// Test files, relative to --dir (e.g. owl.tst semeai.tst).
    #[arg(required = true)]
    files: Vec<String>,
    /// The engine's command line, split at whitespace (e.g. "target/release/go-gtp --level 10").
    #[arg(long)]
    engine: String,
    /// Engine processes at a time.
    #[arg(short = 'j', long = "jobs", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: u32,
    /// The directory of the test files, and the engine's working directory (loadsgf's `games/…`).
    #[arg(long, default_value = ".")]
    dir: PathBuf,
    /// Print the expected and actual answer of every test.
    #[arg(short = 'v', long)]
    verbose: bool,
    /// Write the results (every test's grade and answer) to this JSON file.
    #[arg(long, value_name = "OUT.json")]
    results: Option<PathBuf>,
    /// Compare with the results file of a previous run: print the newly passing and newly failing tests.
    #[arg(long, value_name = "PREVIOUS.json")]
    compare: Option<PathBuf>,
    /// Seconds one engine process may run before it is killed (its answers so far still count).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    timeout: u64,
    /// Expectations per engine process: a file is cut at the first loadsgf after so many.
    #[arg(long, default_value_t = regress::DEFAULT_CHUNK_TESTS as u32, value_parser = clap::value_parser!(u32).range(1..))]
    chunk_tests: u32,
    /// Feed each file whole to one engine process, as gtp_regress.py does (no chunks).
    #[arg(long, conflicts_with = "chunk_tests")]
    whole_files: bool,
}

fn test_line(file: &str, t: &TestResult, verbose: bool) -> String {
    let grade = if t.passed { "PASS" } else { "FAIL" };
    let known = if t.known_failure { " (known failure)" } else { "" };
    let mut line = format!("{file}:{} {grade}{known}", t.number);
    if verbose {
        let got = t.answer.as_deref().unwrap_or("<no answer>");
        line += &format!("  {}  expected {}  got [{got}]", t.command, t.expected);
    }
    line
}

fn file_block(f: &regress::FileReport, verbose: bool) -> String {
    let mut out = String::new();
    for t in &f.tests {
        out += &test_line(&f.file, t, verbose);
        out.push('\n');
    }
    for e in &f.failures {
        out += &format!("{}:{}: engine failure: {}\n", f.file, e.first_line, e.message);
    }
    out += &format!(
        "{}: {}/{} passed ({} of them GNU Go known failures) in {:.1} s of engine time\n",
        f.file, f.passed, f.total, f.known_failures_passed, f.engine_seconds
    );
    out
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let split = if cli.whole_files { Split::WholeFiles } else { Split::Chunks { min_tests: cli.chunk_tests as usize } };
    let mut files = Vec::new();
    for name in &cli.files {
        match regress::load(&cli.dir, name, split) {
            Ok(f) => files.push(f),
            Err(e) => {
                eprintln!("gtp-regress: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let previous = match cli.compare.as_deref().map(RunReport::load).transpose() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("gtp-regress: {e}");
            return ExitCode::from(2);
        }
    };
    let opts = RunOptions {
        engine: cli.engine.clone(),
        dir: cli.dir.clone(),
        jobs: cli.jobs as usize,
        timeout: Duration::from_secs(cli.timeout),
    };
    let total: u64 = files.iter().map(|f| f.chunks.iter().map(|c| c.tests.len() as u64).sum::<u64>()).sum();
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} tests {msg} [{elapsed}<{eta}]") {
        bar.set_style(style.progress_chars("=> "));
    }
    // files are printed in the order given, each once all of it is answered
    let order: BTreeMap<&str, usize> = cli.files.iter().enumerate().map(|(i, n)| (n.as_str(), i)).collect();
    let printed = Mutex::new((0usize, BTreeMap::<usize, String>::new()));
    let verbose = cli.verbose;
    let report = regress::run(&files, &opts, &|p| match p {
        Progress::Chunk { file, done_tests, .. } => {
            bar.set_position(done_tests as u64);
            bar.set_message(file.to_string());
        }
        Progress::File(f) => {
            let Ok(mut pr) = printed.lock() else { return };
            let index = order.get(f.file.as_str()).copied().unwrap_or(usize::MAX);
            pr.1.insert(index, file_block(f, verbose));
            while let Some(block) = {
                let next = pr.0;
                pr.1.remove(&next)
            } {
                bar.suspend(|| {
                    print!("{block}");
                    let _ = std::io::stdout().flush();
                });
                pr.0 += 1;
            }
        }
    });
    bar.finish_and_clear();
    if let Ok(pr) = printed.lock() {
        // a file named twice is printed under its last index only
        for block in pr.1.values() {
            print!("{block}");
        }
    }
    println!(
        "TOTAL: {}/{} passed ({:.1}%) in {:.1} s with -j {}",
        report.passed,
        report.total,
        100.0 * report.passed as f64 / report.total.max(1) as f64,
        report.wall_seconds,
        report.jobs
    );
    if let Some(prev) = &previous {
        let cmp = regress::compare(prev, &report);
        println!("newly passing ({}): {}", cmp.newly_passing.len(), cmp.newly_passing.join(" "));
        println!("newly failing ({}): {}", cmp.newly_failing.len(), cmp.newly_failing.join(" "));
        if !cmp.new_tests.is_empty() {
            println!("not in the previous run ({}): {}", cmp.new_tests.len(), cmp.new_tests.join(" "));
        }
    }
    if let Some(path) = &cli.results {
        if let Err(e) = report.save(path) {
            eprintln!("gtp-regress: {e}");
            return ExitCode::from(2);
        }
    }
    if report.engine_failed() {
        eprintln!("gtp-regress: an engine process failed (see `engine failure` above)");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
