//! The input limits every program shares, and the bounded readers that enforce them.
//!
//! Nothing a user, a file or a network peer sends may make a program allocate without bound: files
//! are read at most up to [`MAX_INPUT_FILE_BYTES`] (a `/dev/zero` or a FIFO included), lines up to
//! [`MAX_LINE_BYTES`], and error messages quote at most [`MAX_EXCERPT_CHARS`] characters of what was
//! refused. Limits that belong to one format (SGF nodes, pattern expressions, database sizes) live
//! beside that format's parser; this module holds only what several of them share.

use std::io::{self, BufRead, Read};
use std::path::Path;

/// The longest line a command, protocol or line-oriented file reader accepts, newline excluded.
/// The longest legitimate ones (a GTP `set_free_handicap` of every point, a FIBS `board:` line) are
/// a few kilobytes.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The largest text input file any loader reads (SGF, `.mat`, `.pos`, Snowie, oldmoves, `.db`,
/// state files). The largest real ones (a long session's match file, GNU Go's `patterns.db`) are a
/// few megabytes.
pub const MAX_INPUT_FILE_BYTES: u64 = 64 << 20;

/// The most characters of offending input an error message quotes.
pub const MAX_EXCERPT_CHARS: usize = 60;

/// Why a bounded read failed.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The file holds more than the limit.
    #[error("the file is larger than the limit of {limit} bytes")]
    TooLarge {
        /// The limit that was passed.
        limit: u64,
    },
}

/// Reads the whole file at `path`, refusing it once it holds more than `max` bytes. Never reads more
/// than `max + 1` bytes, so a device or pipe that never ends costs no more than a file at the limit.
///
/// # Errors
/// [`ReadError::Io`] when the file cannot be read, [`ReadError::TooLarge`] over the limit.
pub fn read_file_limited(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    let file = std::fs::File::open(path)?;
    if let Ok(meta) = file.metadata() {
        if meta.is_file() && meta.len() > max {
            return Err(ReadError::TooLarge { limit: max });
        }
        if meta.is_dir() {
            return Err(ReadError::Io(io::Error::new(io::ErrorKind::InvalidInput, "is a directory")));
        }
    }
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooLarge { limit: max });
    }
    Ok(bytes)
}

/// [`read_file_limited`] as text; bytes that are not UTF-8 become U+FFFD.
///
/// # Errors
/// As [`read_file_limited`].
pub fn read_to_string_limited(path: &Path, max: u64) -> Result<String, ReadError> {
    let bytes = read_file_limited(path, max)?;
    Ok(match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// What [`read_line_limited`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRead {
    /// A whole line, newline included, is in the buffer.
    Line,
    /// End of input, nothing read.
    Eof,
    /// Input ended in the middle of a line: the buffer holds it, without newline. A network peer
    /// that disconnected mid-command sent this; it must not be acted on.
    Unterminated,
    /// The line was longer than the limit: it was read and thrown away up to its newline (or the end
    /// of input), and the buffer is empty.
    TooLong,
}

/// Reads one line into `buf` (cleared first), holding at most `max` bytes of it (newline excluded)
/// however long the line is.
///
/// # Errors
/// The reader's errors (a read timeout among them).
pub fn read_line_limited<R: BufRead + ?Sized>(r: &mut R, buf: &mut Vec<u8>, max: usize) -> io::Result<LineRead> {
    read_line(r, buf, max, Overlong::Discard)
}

/// As [`read_line_limited`], but a line over the limit is not read to its end: [`LineRead::TooLong`]
/// comes back as soon as the limit is passed, the rest of the line left unread. For a network peer,
/// whose connection is then closed: a peer that streams bytes without a newline would otherwise keep
/// a single-client server reading, never idle, for as long as it likes.
///
/// # Errors
/// The reader's errors (a read timeout among them).
pub fn read_line_or_stop<R: BufRead + ?Sized>(r: &mut R, buf: &mut Vec<u8>, max: usize) -> io::Result<LineRead> {
    read_line(r, buf, max, Overlong::Stop)
}

/// What a bounded line reader does with the rest of a line over the limit.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Overlong {
    Discard,
    Stop,
}

fn read_line<R: BufRead + ?Sized>(
    r: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
    overlong: Overlong,
) -> io::Result<LineRead> {
    buf.clear();
    let mut too_long = false;
    loop {
        let available = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(if too_long {
                LineRead::TooLong
            } else if buf.is_empty() {
                LineRead::Eof
            } else {
                LineRead::Unterminated
            });
        }
        let newline = available.iter().position(|&b| b == b'\n');
        let taken = newline.map_or(available.len(), |i| i + 1);
        if !too_long {
            let content = newline.map_or(taken, |i| i);
            if buf.len() + content > max {
                too_long = true;
                buf.clear();
                if overlong == Overlong::Stop {
                    return Ok(LineRead::TooLong);
                }
            } else {
                buf.extend_from_slice(&available[..taken]);
            }
        }
        r.consume(taken);
        if newline.is_some() {
            return Ok(if too_long { LineRead::TooLong } else { LineRead::Line });
        }
    }
}

/// At most [`MAX_EXCERPT_CHARS`] characters of `text` for an error message, control characters
/// shown escaped, with `...` when cut.
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == MAX_EXCERPT_CHARS {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn files_over_the_limit_are_refused_without_reading_them_whole() {
        let dir = std::env::temp_dir().join(format!("engine-core-limits-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ten");
        std::fs::write(&path, b"0123456789").unwrap();
        assert_eq!(read_file_limited(&path, 10).unwrap(), b"0123456789");
        assert!(matches!(read_file_limited(&path, 9), Err(ReadError::TooLarge { limit: 9 })));
        assert!(matches!(read_file_limited(&dir.join("missing"), 9), Err(ReadError::Io(_))));
        assert!(read_file_limited(&dir, 9).is_err());
        // A device that never ends: at most limit + 1 bytes are read.
        #[cfg(unix)]
        {
            let e = read_file_limited(Path::new("/dev/zero"), 1 << 20).unwrap_err();
            assert_eq!(e.to_string(), "the file is larger than the limit of 1048576 bytes");
        }
        std::fs::write(&path, b"ok \xff").unwrap();
        assert_eq!(read_to_string_limited(&path, 10).unwrap(), "ok \u{fffd}");
    }

    fn lines(input: &[u8], max: usize) -> Vec<(LineRead, Vec<u8>)> {
        let mut r = io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        let mut buf = Vec::new();
        loop {
            let what = read_line_limited(&mut r, &mut buf, max).unwrap();
            out.push((what, buf.clone()));
            if matches!(what, LineRead::Eof | LineRead::Unterminated) || (what == LineRead::TooLong && out.len() > 10) {
                return out;
            }
        }
    }

    #[test]
    fn lines_are_bounded_and_a_cut_last_line_is_told_apart() {
        let got = lines(b"ab\n0123456789\ncd\nhalf", 5);
        assert_eq!(
            got,
            vec![
                (LineRead::Line, b"ab\n".to_vec()),
                (LineRead::TooLong, vec![]),
                (LineRead::Line, b"cd\n".to_vec()),
                (LineRead::Unterminated, b"half".to_vec()),
            ]
        );
        assert_eq!(lines(b"12345\n", 5), vec![(LineRead::Line, b"12345\n".to_vec()), (LineRead::Eof, vec![])]);
        let mut r = io::BufReader::new(&b"1234567"[..]);
        let mut buf = Vec::new();
        assert_eq!(read_line_limited(&mut r, &mut buf, 5).unwrap(), LineRead::TooLong);
        assert_eq!(read_line_limited(&mut r, &mut buf, 5).unwrap(), LineRead::Eof);
    }

    #[test]
    fn a_peer_that_never_sends_a_newline_is_stopped_at_the_limit() {
        // An endless stream of bytes with no newline: the discarding reader would never return.
        let mut endless = io::BufReader::with_capacity(64, io::repeat(b'x'));
        let mut buf = Vec::new();
        assert_eq!(read_line_or_stop(&mut endless, &mut buf, 1000).unwrap(), LineRead::TooLong);
        assert!(buf.is_empty());
        // Lines within the limit read as with the discarding reader.
        let mut r = io::BufReader::with_capacity(4, &b"ab\nhalf"[..]);
        assert_eq!(read_line_or_stop(&mut r, &mut buf, 5).unwrap(), LineRead::Line);
        assert_eq!(buf, b"ab\n");
        assert_eq!(read_line_or_stop(&mut r, &mut buf, 5).unwrap(), LineRead::Unterminated);
        assert_eq!(buf, b"half");
    }

    #[test]
    fn excerpts_are_short_and_printable() {
        assert_eq!(excerpt("play b D4"), "play b D4");
        let long = "x".repeat(1000);
        assert_eq!(excerpt(&long), format!("{}...", "x".repeat(MAX_EXCERPT_CHARS)));
        assert_eq!(excerpt("a\u{7}b\n"), "a\\u{7}b\\n");
    }

    proptest! {
        #[test]
        fn a_line_never_holds_more_than_the_limit(input in proptest::collection::vec(any::<u8>(), 0..300), max in 0usize..40) {
            let mut r = io::BufReader::with_capacity(7, &input[..]);
            let mut buf = Vec::new();
            let mut consumed_lines = 0;
            loop {
                let what = read_line_limited(&mut r, &mut buf, max).unwrap();
                let content = buf.iter().filter(|&&b| b != b'\n').count();
                prop_assert!(content <= max);
                match what {
                    LineRead::Eof | LineRead::Unterminated => break,
                    _ => consumed_lines += 1,
                }
                prop_assert!(consumed_lines <= input.len());
            }
            let newlines = input.iter().filter(|&&b| b == b'\n').count();
            let tail = input.len() - input.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            prop_assert_eq!(consumed_lines, newlines + usize::from(tail > max));
        }
    }
}
