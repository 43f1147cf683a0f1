//! Which of the importable formats a file is, from its content (not its name), as gnubg 1.07's
//! `import auto` decides: an SGF game tree, a Snowie `.txt` position (`N;N;` first), a FIBS
//! `oldmoves` log (`Score is` first), a Jellyfish `.mat` match (the first line that starts with a
//! digit is `N point match`), a Jellyfish `.pos` position (the little-endian version word 124 to
//! 126 first), a Jellyfish `.gam` game (a line of names, then a move line numbered `1)`).
//!
//! gnubg looks for `(;FF[4]GM[6]` exactly and for names made of letters and digits only; this
//! module takes any game tree (the SGF reader then says what is wrong with a foreign one) and any
//! names. It looks at the first [`PREVIEW_BYTES`] of the file only, so a hostile file costs no
//! more to detect than that. It owns detection only; reading is each format's module's.

/// How much of a file detection looks at.
pub const PREVIEW_BYTES: usize = 64 * 1024;

/// A format `import auto` can read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Sgf,
    SnowieTxt,
    Oldmoves,
    Mat,
    Pos,
    Gam,
}

impl Format {
    /// Every format, in the order detection tries them.
    pub const ALL: [Format; 6] =
        [Format::Sgf, Format::SnowieTxt, Format::Oldmoves, Format::Mat, Format::Pos, Format::Gam];

    /// The name of the format in gnubg's `import` commands.
    pub fn name(self) -> &'static str {
        match self {
            Format::Sgf => "sgf",
            Format::SnowieTxt => "snowietxt",
            Format::Oldmoves => "oldmoves",
            Format::Mat => "mat",
            Format::Pos => "pos",
            Format::Gam => "gam",
        }
    }
}

/// The format of a file whose first bytes are `bytes` (more is ignored), `None` when it is none
/// of [`Format::ALL`].
pub fn detect(bytes: &[u8]) -> Option<Format> {
    let bytes = &bytes[..bytes.len().min(PREVIEW_BYTES)];
    // the .pos version word: binary, so tested before the text is decoded
    if bytes.len() >= 2 && (124..=126).contains(&bytes[0]) && bytes[1] == 0 {
        return Some(Format::Pos);
    }
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let checks: [(Format, Check); 5] = [
        (Format::Sgf, is_sgf),
        (Format::SnowieTxt, is_snowie),
        (Format::Oldmoves, is_oldmoves),
        (Format::Mat, is_mat),
        (Format::Gam, is_gam),
    ];
    checks.iter().find(|(_, check)| check(text)).map(|&(f, _)| f)
}

/// A test of a file's text for one format.
type Check = fn(&str) -> bool;

/// `(`, `;`, with white space anywhere before or between.
fn is_sgf(text: &str) -> bool {
    text.trim_start().strip_prefix('(').is_some_and(|rest| rest.trim_start().starts_with(';'))
}

/// Digits, `;`, (white space) digits, `;`.
fn is_snowie(text: &str) -> bool {
    fn number_then_semicolon(s: &str) -> Option<&str> {
        let digits = s.bytes().take_while(u8::is_ascii_digit).count();
        (digits > 0).then(|| s[digits..].strip_prefix(';')).flatten()
    }
    number_then_semicolon(text.trim_start()).and_then(|rest| number_then_semicolon(rest.trim_start())).is_some()
}

/// The first line that is not blank starts with `Score is`.
fn is_oldmoves(text: &str) -> bool {
    first_lines(text).next().is_some_and(|l| starts_with_ignore_case(l, "score is "))
}

/// The first line that starts with a digit (after white space) is `N point match`, as gnubg's
/// `.mat` importer looks for it (comments and titles may come before).
fn is_mat(text: &str) -> bool {
    let Some(line) = first_lines(text).find(|l| l.starts_with(|c: char| c.is_ascii_digit())) else {
        return false;
    };
    let rest = line.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start();
    let Some(rest) = strip_prefix_ignore_case(rest, "point") else { return false };
    // `points match` is another program's spelling the reader takes too
    let rest = rest.strip_prefix(['s', 'S']).unwrap_or(rest);
    starts_with_ignore_case(rest.trim_start(), "match")
}

/// A line of names (not a comment, not a number), then a move line numbered `1)`.
fn is_gam(text: &str) -> bool {
    let mut lines = first_lines(text).filter(|l| !l.starts_with(';'));
    let (Some(names), Some(first_move)) = (lines.next(), lines.next()) else { return false };
    !names.starts_with(|c: char| c.is_ascii_digit() || c == '(') && first_move.starts_with("1)")
}

/// The lines that are not blank, without their leading white space.
fn first_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(str::trim_start).filter(|l| !l.is_empty())
}

fn strip_prefix_ignore_case<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &s[prefix.len()..])
}

fn starts_with_ignore_case(s: &str, prefix: &str) -> bool {
    strip_prefix_ignore_case(s, prefix).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn each_format_is_told_from_its_content() {
        assert_eq!(detect(b"(;FF[4]GM[6]CA[UTF-8]"), Some(Format::Sgf));
        assert_eq!(detect(b"\n  ( ;GM[6]"), Some(Format::Sgf));
        assert_eq!(detect(b"5;0;0;0;1;root;gnubg;0;0;0;1;0;0;-1;"), Some(Format::SnowieTxt));
        assert_eq!(detect(b"Score is 0-0 in a 3 point match.\nalice is X - bob is O\n"), Some(Format::Oldmoves));
        assert_eq!(detect(b"; [EventDate \"2026.11.23\"]\n\n 3 point match\n\n Game 1\n"), Some(Format::Mat));
        assert_eq!(detect(b" 0 Point Match\n"), Some(Format::Mat));
        assert_eq!(detect(b" 7 points match\n"), Some(Format::Mat));
        let mut pos = vec![0u8; 162];
        pos[0] = 126;
        assert_eq!(detect(&pos), Some(Format::Pos));
        assert_eq!(detect(b" gnubg                          root\n  1)          21: 13/11 24/23\n"), Some(Format::Gam));
        assert_eq!(detect(b" Left Player   right\n\n  1) 31: 8/5 6/5\n"), Some(Format::Gam));
    }

    #[test]
    fn other_files_are_not_detected() {
        for text in [
            &b""[..],
            b"hello",
            b"\n\n",
            b" 3 pointless\n",
            b"12 apples\n 3 point match\n",
            b"5;x;",
            b"a b\n 2) 31: 8/5 6/5\n",
            b"\x7e\x01",
            b"%PDF-1.4",
        ] {
            assert_eq!(detect(text), None, "{:?}", String::from_utf8_lossy(text));
        }
    }

    #[test]
    fn only_the_preview_is_looked_at() {
        let mut big = vec![b' '; PREVIEW_BYTES];
        big.extend_from_slice(b"3 point match\n");
        assert_eq!(detect(&big), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn any_bytes_are_detected_or_not_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..600), s in "\\PC{0,200}") {
            let _ = detect(&bytes);
            let _ = detect(s.as_bytes());
        }

        #[test]
        fn a_detected_file_reads_or_is_refused_with_a_line(s in "[ 0-9;:()a-zA-Z/\\n]{0,200}") {
            let text = s.as_str();
            let result = match detect(text.as_bytes()) {
                Some(Format::Sgf) => super::super::sgf::read(text).map(|_| ()),
                Some(Format::SnowieTxt) => super::super::snowie::read(text).map(|_| ()),
                Some(Format::Oldmoves) => super::super::oldmoves::read(text).map(|_| ()),
                Some(Format::Mat) => super::super::mat::read(text).map(|_| ()),
                Some(Format::Pos) => super::super::pos::read(text).map(|_| ()),
                Some(Format::Gam) => super::super::gam::read(text).map(|_| ()),
                None => Ok(()),
            };
            if let Err(e) = result {
                prop_assert!(e.line() >= 1 && e.line() <= text.lines().count() + 1, "{e} for {text:?}");
            }
        }
    }
}
