//! Environment switches for A/B measurements of the move generator: each rule that was kept after a
//! regression-suite comparison can be turned off (or an experimental one on) by a `GO_*` variable, read
//! once per process. Owns the reading of those variables; which rule a switch guards, and why its
//! default is what it is, stays with the rule. Imports nothing from the crate, so every module of the
//! move generator may use it.

use std::sync::OnceLock;

/// One switch: the variable's name and the default when it is unset.
pub struct Switch {
    name: &'static str,
    default: bool,
    value: OnceLock<bool>,
}

impl Switch {
    /// A switch on by `default`. An on switch is turned off only by `NAME=0`; an off switch is turned
    /// on only by `NAME=1` (any other value keeps the default, so a typo never flips a rule).
    pub const fn new(name: &'static str, default: bool) -> Self {
        Switch { name, default, value: OnceLock::new() }
    }

    /// Whether the rule is on (the variable is read the first time only).
    pub fn on(&self) -> bool {
        *self.value.get_or_init(|| decide(std::env::var(self.name).ok().as_deref(), self.default))
    }
}

/// The switch's state for the variable's value (`None`: unset).
fn decide(value: Option<&str>, default: bool) -> bool {
    match value {
        Some(v) if default => v != "0",
        Some(v) => v == "1",
        None => default,
    }
}

#[cfg(test)]
mod tests {
    use super::{decide, Switch};

    #[test]
    fn an_unset_variable_keeps_the_default() {
        static ON: Switch = Switch::new("GO_AB_SWITCH_TEST_UNSET_ON", true);
        static OFF: Switch = Switch::new("GO_AB_SWITCH_TEST_UNSET_OFF", false);
        assert!(ON.on());
        assert!(!OFF.on());
    }

    #[test]
    fn only_zero_turns_an_on_switch_off_and_only_one_turns_an_off_switch_on() {
        assert!(!decide(Some("0"), true));
        assert!(decide(Some("no"), true));
        assert!(decide(Some("1"), true));
        assert!(decide(Some("1"), false));
        assert!(!decide(Some("0"), false));
        assert!(!decide(Some("yes"), false));
    }
}
