//! `go-gtp -t`, `-t -t`, `-a` and `--profile-patterns` (issue 26 item 1) on a regression position:
//! GNU Go's endgame2.sgf after two moves, Black to play (endgame.tst 202), where our databases match
//! shape, endgame and connection patterns, some rejected by class checks, safety or constraints.

use crate::go_support;
use go_support::run_full;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn game() -> Option<String> {
    let game = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo/regression/games/endgame2.sgf");
    test_support::require(game.exists(), "GNU Go's regression games in ../shared/gnugo/regression/games")
        .then(|| game.to_str().unwrap().to_string())
}

fn script(game: &str) -> String {
    format!("loadsgf {game} 2\nlist_pattern_matches black\nreg_genmove black\ntop_moves\nmove_reasons Q9\n")
}

/// The answers of a transcript, without `= `.
fn answers(stdout: &str) -> Vec<String> {
    stdout.split("\n\n").filter(|a| !a.is_empty()).map(|a| a.trim_start_matches("= ").to_string()).collect()
}

/// `pattern 'NAME'+T matched at MOVE (DB, anchor A)` → `DB:NAME A T MOVE`, as `list_pattern_matches`
/// starts its line.
fn match_key(line: &str) -> Option<String> {
    let rest = line.strip_prefix("pattern '")?;
    let (name, rest) = rest.split_once("'+")?;
    let (t, rest) = rest.split_once(" matched at ")?;
    let (mv, rest) = rest.split_once(" (")?;
    let (db, rest) = rest.split_once(", anchor ")?;
    let anchor = rest.split(')').next()?;
    Some(format!("{db}:{name} {anchor} {t} {mv}"))
}

#[test]
fn the_trace_names_real_matches_and_the_values_of_top_moves() {
    let Some(game) = game() else { return };
    let input = script(&game);
    let (plain, plain_err, code) = run_full(&["--engine", "classic"], &input);
    assert_eq!(code, 0, "{plain_err}");
    assert!(!plain_err.contains("Pattern matcher"), "{plain_err}");
    let (traced, trace, code) = run_full(&["--engine", "classic", "-t"], &input);
    assert_eq!(code, 0);
    // GTP on standard output is the same with and without the trace.
    assert_eq!(plain, traced);
    let a = answers(&traced);
    let (listed, chosen, top, reasons) = (&a[1], &a[2], &a[3], &a[4]);
    assert!(trace.contains("Pattern matcher is looking for move reasons for black!"), "{trace}");
    // Every traced match is one `list_pattern_matches` lists: its constraint true or absent, or false
    // where the trace says the constraint failed (endgame.db's EgConnectBeforeTheAtari at F14 and N10).
    let mut rejected = 0;
    let traced: Vec<(String, bool)> =
        trace.lines().filter_map(|l| match_key(l).map(|m| (m, l.ends_with(": constraint failed")))).collect();
    assert!(!traced.is_empty(), "{trace}");
    for (m, failed) in &traced {
        let line = listed.lines().find(|l| l.starts_with(&format!("{m} "))).unwrap_or_else(|| panic!("{m}: {listed}"));
        if *failed {
            rejected += 1;
            assert!(line.ends_with(" false"), "{line}");
        } else {
            assert!(line.ends_with(" true") || line.ends_with(" -"), "{line}");
        }
    }
    assert!(rejected > 0 && rejected < traced.len(), "{rejected} of {} traced matches rejected", traced.len());
    // Hand-checked: our peep-mending shape at Q9 (anchor Q10, the identity) joins Black's M11 and R9
    // dragons; `move_reasons Q9` says so too.
    let key = "pattern 'ShMendThePeep'+a matched at Q9 (shape.db, anchor Q10)";
    let at = trace.find(key).unwrap_or_else(|| panic!("{trace}"));
    let next: Vec<&str> = trace[at..].lines().skip(1).take_while(|l| l.starts_with("...")).collect();
    assert_eq!(next, ["...connects M11 and R9", "...shape value 1.00"], "{trace}");
    assert!(reasons.contains("Move at Q9 connects M11 and R9"), "{reasons}");
    // The valuation's totals are `top_moves`' values, for each of the top moves.
    let totals: BTreeMap<&str, &str> = trace
        .lines()
        .filter_map(|l| l.strip_prefix("Move generation values "))
        .filter_map(|l| l.split_once(" to "))
        .collect();
    let pairs: Vec<&str> = top.split_whitespace().collect();
    assert!(pairs.len() >= 4, "{top}");
    for p in pairs.chunks(2) {
        assert_eq!(totals.get(p[0]), Some(&p[1]), "{} in {trace}", p[0]);
    }
    assert!(trace.contains(&format!("genmove() recommends {chosen} with value {}", pairs[1])), "{trace}");
    // `-t` shows no rejected match; `-t -t` does, and `-a` adds their constraints' answers.
    assert!(!trace.contains("rejected"), "{trace}");
    let (stdout, detail, _) = run_full(&["--engine", "classic", "-t", "-t"], &input);
    assert_eq!(stdout, plain);
    assert!(detail.contains("rejected by class "), "{detail}");
    assert!(detail.contains("\nMove reasons:\nMove at "), "{detail}");
    assert!(!detail.contains("(constraint "), "{detail}");
    let (stdout, all, _) = run_full(&["--engine", "classic", "-t", "-t", "-a"], &input);
    assert_eq!(stdout, plain);
    assert!(all.lines().any(|l| l.contains("rejected") && l.ends_with("(constraint true)")), "{all}");
    assert!(all.lines().any(|l| l.contains("rejected") && l.ends_with("(constraint false)")), "{all}");
}

#[test]
fn the_profile_counts_the_matches_listed() {
    let Some(game) = game() else { return };
    let input = format!("{}pattern_profile\n", script(&game));
    let (stdout, stderr, code) = run_full(&["--engine", "classic", "--profile-patterns"], &input);
    assert_eq!(code, 0, "{stderr}");
    let a = answers(&stdout);
    let (listed, table) = (&a[1], &a[5]);
    // Printed at exit too, the same table.
    assert!(stderr.contains(table.as_str()), "{stderr}");
    let mut listed_counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut listed_constraints: BTreeMap<String, u64> = BTreeMap::new();
    for l in listed.lines() {
        let name = l.split(' ').next().unwrap().to_string();
        *listed_counts.entry(name.clone()).or_default() += 1;
        *listed_constraints.entry(name).or_default() += u64::from(!l.ends_with(" -"));
    }
    let mut profiled: BTreeMap<String, u64> = BTreeMap::new();
    for l in table.lines().skip(1).filter(|l| !l.contains(" total (")) {
        let f: Vec<&str> = l.split_whitespace().collect();
        let (matches, tested): (u64, u64) = (f[0].parse().unwrap(), f[1].parse().unwrap());
        if f[3].starts_with("joseki.db:") {
            continue; // matched by the joseki gatherer, not listed by `list_pattern_matches`
        }
        assert!(tested <= listed_constraints[f[3]], "{l}");
        profiled.insert(f[3].to_string(), matches);
    }
    assert_eq!(profiled, listed_counts, "{table}\n{listed}");
    // Without the option the command answers an empty table.
    let (stdout, _, _) = run_full(&["--engine", "classic"], &input);
    assert!(answers(&stdout)[5].ends_with("  total (0 patterns)"), "{stdout}");
}

#[test]
fn the_mcts_engine_genmove_is_not_traced() {
    let (stdout, stderr, code) = run_full(&["-t", "--level", "0", "--boardsize", "9"], "genmove black\n");
    assert_eq!(code, 0);
    assert!(stdout.starts_with("= "), "{stdout}");
    assert!(!stderr.contains("Pattern matcher"), "{stderr}");
}
