//! FIBS `oldmoves` logs. Not implemented yet: no sample of the format was at hand to hold a
//! reader to, so [`read`] refuses every input with a typed error instead of guessing. The name is
//! here so that the `import oldmoves` command can be wired now.

use super::{FormatError, MatchRecord};

/// Reads a FIBS `oldmoves` log. Always an error for now (see the module documentation).
pub fn read(text: &str) -> Result<MatchRecord, FormatError> {
    let _ = text;
    Err(FormatError::invalid(1, "importing FIBS oldmoves files is not supported yet"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn refuses_with_a_line() {
        assert_eq!(super::read("anything").unwrap_err().line(), 1);
    }
}
