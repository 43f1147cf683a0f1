//! Go's point coding (GM\[1\]): a point is two letters, column then row counted from the top-left corner,
//! `a`–`z` for 0–25 and `A`–`Z` for 26–51. A pass is the empty value, or `tt` on boards up to 19×19 (FF\[3\]).

use super::error::SgfError;

/// The widest board SGF letters can address.
pub const MAX_BOARD_SIZE: u8 = 52;

fn check_size(size: u8) -> Result<(), SgfError> {
    if (1..=MAX_BOARD_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(SgfError::InvalidBoardSize(size))
    }
}

fn coordinate(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

fn letter(coordinate: u8) -> char {
    match coordinate {
        0..=25 => char::from(b'a' + coordinate),
        26..=51 => char::from(b'A' + coordinate - 26),
        _ => panic!("SGF coordinate {coordinate} is beyond the 52 letters"),
    }
}

/// A point on the board, never a pass. Surrounding whitespace is tolerated.
fn point(value: &str, size: u8) -> Result<(u8, u8), SgfError> {
    let invalid = || SgfError::InvalidPoint { value: crate::limits::excerpt(value), size };
    match value.trim().as_bytes() {
        &[c, r] => match (coordinate(c), coordinate(r)) {
            (Some(col), Some(row)) if col < size && row < size => Ok((col, row)),
            _ => Err(invalid()),
        },
        _ => Err(invalid()),
    }
}

/// Decodes a move's point: `Some((column, row from the top))`, or `None` for a pass (`""`, or `"tt"` when
/// `size <= 19`). Whitespace around the letters is tolerated.
///
/// # Errors
/// [`SgfError::InvalidBoardSize`] unless `1 <= size <= 52`; [`SgfError::InvalidPoint`] for anything that is
/// not two letters on the board.
pub fn parse_point(value: &str, size: u8) -> Result<Option<(u8, u8)>, SgfError> {
    check_size(size)?;
    let trimmed = value.trim();
    if trimmed.is_empty() || (trimmed == "tt" && size <= 19) {
        return Ok(None);
    }
    point(value, size).map(Some)
}

/// Expands a list of points (`AB`, `AW`, `AE`, `TR`, …), where a value may be a compressed rectangle
/// `"aa:cc"` (any two opposite corners), into points in order of appearance, rectangles row by row,
/// duplicates dropped. Empty values (an empty list is written `AE[]`) are skipped; `tt` is a point here,
/// never a pass.
///
/// # Errors
/// As [`parse_point`], the value named being the whole offending value.
pub fn expand_point_list<S: AsRef<str>>(values: &[S], size: u8) -> Result<Vec<(u8, u8)>, SgfError> {
    check_size(size)?;
    let mut seen = vec![false; usize::from(size) * usize::from(size)];
    let mut points = Vec::new();
    let mut add = |(col, row): (u8, u8)| {
        let index = usize::from(row) * usize::from(size) + usize::from(col);
        if !seen[index] {
            seen[index] = true;
            points.push((col, row));
        }
    };
    for value in values {
        let value = value.as_ref();
        if value.trim().is_empty() {
            continue;
        }
        match value.split_once(':') {
            None => add(point(value, size)?),
            Some((a, b)) => {
                let whole = |e: SgfError| match e {
                    SgfError::InvalidPoint { size, .. } => {
                        SgfError::InvalidPoint { value: crate::limits::excerpt(value), size }
                    }
                    other => other,
                };
                let (c1, r1) = point(a, size).map_err(whole)?;
                let (c2, r2) = point(b, size).map_err(whole)?;
                for row in r1.min(r2)..=r1.max(r2) {
                    for col in c1.min(c2)..=c1.max(c2) {
                        add((col, row));
                    }
                }
            }
        }
    }
    Ok(points)
}

/// The two letters of a point (column, row from the top).
///
/// # Panics
/// If a coordinate is 52 or more: no SGF letter exists for it (a caller bug, boards are at most 52 wide).
pub fn format_point(col: u8, row: u8) -> String {
    [letter(col), letter(row)].iter().collect()
}

/// A move's value: the point's letters, or the FF\[4\] pass `""` for `None`.
///
/// # Panics
/// As [`format_point`].
pub fn format_move(point: Option<(u8, u8)>) -> String {
    point.map_or_else(String::new, |(col, row)| format_point(col, row))
}
