//! The autohelper functions `mkpat` knows (GNU Go's pattern documentation) and how many
//! arguments each takes, so that constraints and actions can be checked when read. This
//! module owns the catalogue only; it must not evaluate anything.

/// How many arguments a function takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arity {
    Exactly(usize),
    /// A move sequence followed by the fixed arguments (e.g. `oplay_attack(a,b,…,z)`).
    AtLeast(usize),
}

impl Arity {
    pub fn accepts(self, n: usize) -> bool {
        match self {
            Arity::Exactly(k) => n == k,
            Arity::AtLeast(k) => n >= k,
        }
    }
}

const ONE: &[&str] = &[
    "lib",
    "lib2",
    "lib3",
    "lib4",
    "alive",
    "unknown",
    "critical",
    "dead",
    "status",
    "ko",
    "defend_against_atari",
    "attack",
    "defend",
    "weakness",
    "weak",
    "safe_xmove",
    "safe_omove",
    "legal_xmove",
    "legal_omove",
    "x_suicide",
    "o_suicide",
    "xmoyo_opposite",
    "omoyo_opposite",
    "xmoyo",
    "omoyo",
    "xarea",
    "oarea",
    "xterri",
    "oterri",
    "genus",
    "approx_xlib",
    "approx_olib",
    "xlib",
    "olib",
    "xcut",
    "ocut",
    "seki_helper",
    "threaten_to_save",
    "threaten_to_capture",
    "prevent_attack_threat",
    "eye",
    "proper_eye",
    "marginal_eye",
    "halfeye",
    "max_eye_value",
    "obvious_false_oeye",
    "obvious_false_xeye",
    "antisuji",
    "dragonsize",
    "wormsize",
    "effective_size",
    "vital_chain",
    "potential_cutstone",
    "owl_escape_value",
    "owl_goal_dragon",
    "owl_eyespace",
    "owl_big_eyespace",
    "owl_mineye",
    "owl_maxeye",
    "owl_proper_eye",
    "owl_eye_size",
    "owl_lunch",
    "owl_strong_dragon",
    "has_aji",
    "finish_ko_helper",
    "squeeze_ko_helper",
    "non_oterritory",
    "non_xterritory",
    "o_captures_something",
    "x_captures_something",
    "false_eye_territory",
    "false_eye",
    "is_surrounded",
    "adjacent_to_stone_in_atari",
    "adjacent_to_defendable_stone_in_atari",
    "known_safe_move",
    "break_mirror_helper",
    "make_proper_eye",
    "remove_halfeye",
    "remove_eyepoint",
    "remove_attack",
];

const TWO: &[&str] = &[
    "xdefend_against",
    "odefend_against",
    "does_defend",
    "does_attack",
    "owl_topological_eye",
    "add_connect_move",
    "add_cut_move",
    "test_attack_either_move",
    "add_defend_both_move",
    "add_attack_either_move",
    "same_dragon",
    "same_string",
    "same_worm",
    "amalgamate",
    "owl_threatens",
    "replace",
    "backfill_replace",
    "o_visible_along_edge",
    "x_visible_along_edge",
    "does_surround",
    "surround_map",
    "oracle_threatens",
    "good_attack_threat",
    "not_lunch",
];

const THREE: &[&str] =
    &["amalgamate_most_valuable_helper", "backfill_helper", "connect_and_cut_helper", "connect_and_cut_helper2"];

const NONE: &[&str] = &["remaining_handicap_stones", "total_handicap_stones", "value"];

/// Move-sequence functions: (name, fixed arguments after the moves).
const SEQUENCES: &[(&str, usize)] = &[
    ("x_alive_somewhere", 0),
    ("o_alive_somewhere", 0),
    ("x_somewhere", 0),
    ("o_somewhere", 0),
    ("edge_double_sente", 4),
    ("xplay_defend_both", 2),
    ("oplay_defend_both", 2),
    ("xplay_attack_either", 2),
    ("oplay_attack_either", 2),
    ("xplay_defend", 1),
    ("oplay_defend", 1),
    ("xplay_attack", 1),
    ("oplay_attack", 1),
    ("xplay_break_through", 3),
    ("oplay_break_through", 3),
    ("oplay_connect", 2),
    ("xplay_connect", 2),
    ("oplay_disconnect", 2),
    ("xplay_disconnect", 2),
    ("oplay_lib", 1),
    ("xplay_lib", 1),
];

/// The arity of a known autohelper; `None` for other names (e.g. C helpers that `mkpat`
/// passes through unchanged), which are not checked.
pub fn arity(name: &str) -> Option<Arity> {
    if let Some((_, n)) = SEQUENCES.iter().find(|(s, _)| *s == name) {
        return Some(Arity::AtLeast(*n));
    }
    [(NONE, 0), (ONE, 1), (TWO, 2), (THREE, 3)]
        .into_iter()
        .find(|(list, _)| list.contains(&name))
        .map(|(_, n)| Arity::Exactly(n))
}

/// Whether the function plays a sequence of moves (alternating colours) before its test.
pub fn is_move_sequence(name: &str) -> bool {
    SEQUENCES.iter().any(|(s, _)| *s == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arities() {
        assert_eq!(arity("lib"), Some(Arity::Exactly(1)));
        assert_eq!(arity("oplay_attack"), Some(Arity::AtLeast(1)));
        assert!(arity("oplay_attack_either").is_some_and(|a| a.accepts(2) && !a.accepts(1)));
        assert_eq!(arity("total_handicap_stones"), Some(Arity::Exactly(0)));
        assert_eq!(arity("disconnect_helper"), None);
        assert!(is_move_sequence("xplay_break_through") && !is_move_sequence("lib"));
    }
}
