//! GTP conformance of GNU Go's analysis extension commands (`go::gtp::analysis_commands`): the exact bytes of
//! each answer and error, checked against what GNU Go 3.8 answers to the same session.

use go::gtp::{engine, Options};

/// Runs a session on a 9x9 board and returns the concatenated answers.
fn session(lines: &[&str]) -> String {
    let mut e = engine(Options { boardsize: 9, komi: 7.5, ..Options::default() });
    lines.iter().filter_map(|l| e.handle_line(l)).collect()
}

/// The position of every test: black E5 D6, white E6 F5.
const SETUP: [&str; 4] = ["play b e5", "play w e6", "play b d6", "play w f5"];

fn after_setup(lines: &[&str]) -> String {
    let mut all: Vec<&str> = SETUP.to_vec();
    all.extend_from_slice(lines);
    let out = session(&all);
    out.strip_prefix(&"= \n\n".repeat(SETUP.len())).expect("setup accepted").to_string()
}

#[test]
fn liberty_and_legality_queries() {
    assert_eq!(after_setup(&["countlib e5", "findlib e6", "accuratelib w d5"]), "= 2\n\n= E7 F6\n\n= C5 D4\n\n");
    assert_eq!(after_setup(&["captures black", "is_legal w e5", "is_legal b e4"]), "= 0\n\n= 0\n\n= 1\n\n");
    assert_eq!(after_setup(&["countlib a1", "countlib z1"]), "? vertex must not be empty\n\n? invalid coordinate\n\n");
    assert_eq!(
        session(&["boardsize 2", "all_legal b", "play b a1", "all_legal w"]),
        "= \n\n= A2 B2 A1 B1\n\n= \n\n= A2 B2 B1\n\n"
    );
}

#[test]
fn trymove_and_popgo() {
    assert_eq!(
        after_setup(&["trymove b f6", "countlib e6", "popgo", "popgo"]),
        "= \n\n= 1\n\n= \n\n? Stack empty.\n\n"
    );
    assert_eq!(after_setup(&["trymove b e5", "trymove x e4"]), "? illegal move\n\n? invalid color or coordinate\n\n");
    // popgo restores the position exactly: E6 has its two liberties back.
    assert_eq!(after_setup(&["trymove b e7", "attack e6", "popgo", "countlib e6"]), "= \n\n= 1 F6\n\n= \n\n= 2\n\n");
}

#[test]
fn reading_answers() {
    assert_eq!(after_setup(&["attack e6", "ladder_attack e5"]), "= 0\n\n= 0\n\n");
    assert_eq!(after_setup(&["does_attack e7 e6", "does_defend e7 e6"]), "= 0\n\n= 0\n\n");
    assert_eq!(after_setup(&["does_attack e5 e6"]), "? move vertex must be empty\n\n");
    assert_eq!(after_setup(&["attack a1"]), "? vertex must not be empty\n\n");
    assert_eq!(
        after_setup(&["clear_cache", "reset_reading_node_counter", "get_reading_node_counter"]),
        "= \n\n= \n\n= 0\n\n"
    );
}

#[test]
fn worms_seeds_and_unconditional_status() {
    assert_eq!(
        after_setup(&["worm_stones e5", "worm_stones a1"]),
        "= E5 \n\n? worm_stones called on an empty vertex\n\n"
    );
    assert_eq!(after_setup(&["unconditional_status e5", "unconditional_status a1"]), "= undecided\n\n= undecided\n\n");
    assert_eq!(
        session(&["echo hello world", "set_random_seed 17", "get_random_seed", "set_random_seed x"]),
        "= hello world\n\n= \n\n= 17\n\n? invalid seed\n\n"
    );
}
