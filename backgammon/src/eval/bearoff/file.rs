//! gnubg's one-sided bearoff files (`makebearoff -o P`), read and written byte for byte, so gnubg
//! and this crate can use each other's databases.
//!
//! Layout (learned from files gnubg 1.07 writes; all integers little-endian):
//! - a 40-byte header, `gnubg-OS-PP-CC-G-Z-0` padded with `x` to 39 bytes and ended by `\n`:
//!   `PP` points and `CC` chequers (two digits), `G` 1 if gammon distributions are included,
//!   `Z` 1 if compressed, and 0 (the normal-distribution approximation, not supported here);
//! - uncompressed: per position (in [`super::index`] order) its 32 bearoff values, then, with
//!   gammons, its 32 gammon values, each a `u16` in units of 1/65535;
//! - compressed: first one index entry per position — a `u32` offset (in values) into the data
//!   that follows the index, then the count and first roll number of the non-zero run of the
//!   bearoff distribution (a byte each), and with gammons the same two bytes for the gammon
//!   distribution — then the runs themselves, bearoff then gammon, position after position.
//!
//! This module owns the byte layout only; the distributions come from
//! [`QuantisedOneSided`], which it neither solves nor alters.

use super::index::OneSidedIndex;
use super::one_sided::{Quantised, QuantisedOneSided, MAX_ROLLS};
use super::{check_memory, try_vec, MemoryError, MAX_DATABASE_BYTES};
use engine_core::atomic_file::AtomicFile;
use engine_core::limits::read_file_limited;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use thiserror::Error;

const HEADER_LEN: usize = 40;

/// How a database is laid out on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Format {
    /// Only the non-zero run of each distribution, behind an index (gnubg's default).
    pub compressed: bool,
    /// Gammon ("first chequer off") distributions included (gnubg's default; `-g` drops them).
    pub gammons: bool,
}

impl Default for Format {
    fn default() -> Self {
        Format { compressed: true, gammons: true }
    }
}

/// Why a file could not be read or written.
#[derive(Debug, Error)]
pub enum FileError {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("not a gnubg one-sided bearoff file (header {0:?})")]
    Header(String),
    #[error("unsupported database: {0}")]
    Unsupported(&'static str),
    #[error("file is {actual} bytes, but its index needs at least {needed}")]
    Truncated { actual: usize, needed: usize },
    #[error("position {position}: its {what} distribution {problem}")]
    Corrupt { position: usize, what: &'static str, problem: &'static str },
    #[error("the database has no gammon distributions to write")]
    NoGammons,
    #[error(transparent)]
    Memory(#[from] MemoryError),
    #[error("the file is larger than the limit of {limit} bytes (MAX_DATABASE_BYTES)")]
    FileTooLarge { limit: u64 },
}

super::from_read_error!(FileError);

/// gnubg's header for a database of `points` x `chequers` in `format`.
pub fn header(points: usize, chequers: usize, format: Format) -> [u8; HEADER_LEN] {
    let text =
        format!("gnubg-OS-{points:02}-{chequers:02}-{}-{}-0", u8::from(format.gammons), u8::from(format.compressed));
    let mut h = [b'x'; HEADER_LEN];
    h[..text.len()].copy_from_slice(text.as_bytes());
    h[HEADER_LEN - 1] = b'\n';
    h
}

fn parse_header(bytes: &[u8]) -> Result<(usize, usize, Format), FileError> {
    let raw = bytes.get(..HEADER_LEN).ok_or(FileError::Truncated { actual: bytes.len(), needed: HEADER_LEN })?;
    let text = String::from_utf8_lossy(raw).into_owned();
    let bad = || FileError::Header(text.trim_end().to_string());
    let body = text.strip_prefix("gnubg-").ok_or_else(bad)?;
    if body.starts_with("TS-") {
        return Err(FileError::Unsupported("a two-sided database"));
    }
    let fields: Vec<&str> = body.strip_prefix("OS-").ok_or_else(bad)?.splitn(6, '-').collect();
    if fields.len() < 5 || raw[HEADER_LEN - 1] != b'\n' {
        return Err(bad());
    }
    let num = |s: &str| s.parse::<usize>().map_err(|_| bad());
    let flag = |s: &str| match &s[..s.len().min(1)] {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(bad()),
    };
    let (points, chequers) = (num(fields[0])?, num(fields[1])?);
    let format = Format { gammons: flag(fields[2])?, compressed: flag(fields[3])? };
    if flag(fields[4])? {
        return Err(FileError::Unsupported("normal-distribution approximation"));
    }
    if !(1..=24).contains(&points) || !(1..=15).contains(&chequers) {
        return Err(FileError::Unsupported("points must be 1..=24 and chequers 1..=15"));
    }
    Ok((points, chequers, format))
}

/// The first non-zero roll number and the length of the run up to the last non-zero one.
fn run(q: &Quantised) -> (usize, usize) {
    let first = q.iter().position(|&u| u != 0).unwrap_or(0);
    let last = q.iter().rposition(|&u| u != 0).unwrap_or(0);
    (first, last + 1 - first)
}

/// Writes `db` in gnubg's layout. With `format.gammons` the database must carry them.
pub fn write(db: &QuantisedOneSided, format: Format, out: impl Write) -> Result<(), FileError> {
    if format.gammons && !db.has_gammons() {
        return Err(FileError::NoGammons);
    }
    let index = db.index();
    let n = index.len();
    let dists = |i: usize| {
        let off = db.off_at(i).expect("in range");
        let gam = if format.gammons { db.first_off_at(i) } else { None };
        (off, gam)
    };
    let mut out = BufWriter::with_capacity(1 << 16, out);
    out.write_all(&header(index.points(), index.chequers(), format))?;
    if !format.compressed {
        for i in 0..n {
            let (off, gam) = dists(i);
            for &u in off.iter().chain(gam.into_iter().flatten()) {
                out.write_all(&u.to_le_bytes())?;
            }
        }
        out.flush()?;
        return Ok(());
    }
    let mut offset: u64 = 0;
    for i in 0..n {
        let (off, gam) = dists(i);
        let offset32 = u32::try_from(offset).map_err(|_| FileError::Unsupported("more than 2^32 values"))?;
        out.write_all(&offset32.to_le_bytes())?;
        for q in std::iter::once(off).chain(gam) {
            let (first, len) = run(q);
            out.write_all(&[len as u8, first as u8])?;
            offset += len as u64;
        }
    }
    for i in 0..n {
        let (off, gam) = dists(i);
        for q in std::iter::once(off).chain(gam) {
            let (first, len) = run(q);
            for &u in &q[first..first + len] {
                out.write_all(&u.to_le_bytes())?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// Writes `db` to `path` atomically: an error or an interruption on the way leaves the previous
/// file, if any, as it was.
pub fn write_file(db: &QuantisedOneSided, format: Format, path: impl AsRef<Path>) -> Result<(), FileError> {
    let mut file = AtomicFile::create(path.as_ref())?;
    write(db, format, &mut file)?;
    file.commit()?;
    Ok(())
}

/// Reads a whole gnubg one-sided file held in memory. The header's size is checked against the
/// file's length before anything is allocated, so the distributions take at most 16 times the
/// file's size (8 bytes of index per position in a compressed file with gammons, 128 bytes held),
/// and never more than [`MAX_DATABASE_BYTES`].
pub fn read(bytes: &[u8]) -> Result<(QuantisedOneSided, Format), FileError> {
    let (points, chequers, format) = parse_header(bytes)?;
    let kinds = if format.gammons { 2 } else { 1 };
    // per position: its index entry in a compressed file, its whole record otherwise
    let per_position = if format.compressed { 4 + 2 * kinds } else { 2 * MAX_ROLLS * kinds };
    let positions = super::one_sided_positions(points, chequers);
    let needed = (HEADER_LEN as u64).saturating_add(positions.saturating_mul(per_position as u64));
    if (bytes.len() as u64) < needed {
        return Err(FileError::Truncated {
            actual: bytes.len(),
            needed: usize::try_from(needed).unwrap_or(usize::MAX),
        });
    }
    let held = positions.saturating_mul((std::mem::size_of::<Quantised>() * kinds) as u64);
    check_memory(|| format!("a one-sided database of {chequers} chequers on {points} points"), held)?;
    let index = OneSidedIndex::new(points, chequers);
    let n = index.len();
    let value = |k: usize| u16::from_le_bytes([bytes[k], bytes[k + 1]]);
    let what = "the one-sided distributions";
    let mut off = try_vec([0u16; MAX_ROLLS], n, what)?;
    let mut gam = try_vec([0u16; MAX_ROLLS], if format.gammons { n } else { 0 }, what)?;
    if format.compressed {
        let entry = per_position;
        let data = HEADER_LEN + entry * n;
        for (i, o) in off.iter_mut().enumerate() {
            let e = &bytes[HEADER_LEN + entry * i..HEADER_LEN + entry * (i + 1)];
            let mut at = data + 2 * u32::from_le_bytes([e[0], e[1], e[2], e[3]]) as usize;
            for (kind, target) in [o].into_iter().chain(gam.get_mut(i)).enumerate() {
                let what = if kind == 0 { "bearoff" } else { "gammon" };
                let (len, first) = (e[4 + 2 * kind] as usize, e[5 + 2 * kind] as usize);
                if first + len > MAX_ROLLS {
                    return Err(FileError::Corrupt { position: i, what, problem: "runs past 32 rolls" });
                }
                if at + 2 * len > bytes.len() {
                    return Err(FileError::Corrupt { position: i, what, problem: "lies past the end of the file" });
                }
                for slot in &mut target[first..first + len] {
                    *slot = value(at);
                    at += 2;
                }
            }
        }
    } else {
        let size = per_position;
        for (i, o) in off.iter_mut().enumerate() {
            let base = HEADER_LEN + size * i;
            for (kind, target) in [o].into_iter().chain(gam.get_mut(i)).enumerate() {
                for (k, slot) in target.iter_mut().enumerate() {
                    *slot = value(base + 2 * (MAX_ROLLS * kind + k));
                }
            }
        }
    }
    let db = QuantisedOneSided::from_parts(index, off, gam).expect("sized from the index");
    Ok((db, format))
}

/// Reads a gnubg one-sided file from `path`, refusing a file over [`MAX_DATABASE_BYTES`] without
/// reading it all (a device or FIFO that never ends included).
pub fn read_file(path: impl AsRef<Path>) -> Result<(QuantisedOneSided, Format), FileError> {
    read(&read_file_limited(path.as_ref(), MAX_DATABASE_BYTES)?)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::eval::bearoff::one_sided::tests::quantised15x6;
    use std::path::PathBuf;
    use std::process::Command;

    const MAKEBEAROFF: &str = "/usr/games/makebearoff";

    /// MD5 (RFC 1321), only to compare with the checksums the seed's manual publishes.
    pub(crate) fn md5(data: &[u8]) -> String {
        const S: [u32; 16] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
        let k: Vec<u32> = (0..64).map(|i| ((i as f64 + 1.0).sin().abs() * 4_294_967_296.0) as u32).collect();
        let mut h: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];
        let mut msg = data.to_vec();
        msg.push(0x80);
        while msg.len() % 64 != 56 {
            msg.push(0);
        }
        msg.extend_from_slice(&((data.len() as u64).wrapping_mul(8)).to_le_bytes());
        for chunk in msg.chunks(64) {
            let m: Vec<u32> = chunk.chunks(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
            let [mut a, mut b, mut c, mut d] = h;
            for i in 0..64 {
                let (f, g) = match i / 16 {
                    0 => ((b & c) | (!b & d), i),
                    1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
                    2 => (b ^ c ^ d, (3 * i + 5) % 16),
                    _ => (c ^ (b | !d), (7 * i) % 16),
                };
                let f = f.wrapping_add(a).wrapping_add(k[i]).wrapping_add(m[g]);
                a = d;
                d = c;
                c = b;
                b = b.wrapping_add(f.rotate_left(S[(i / 16) * 4 + i % 4]));
            }
            for (x, y) in h.iter_mut().zip([a, b, c, d]) {
                *x = x.wrapping_add(y);
            }
        }
        h.iter().flat_map(|x| x.to_le_bytes()).map(|b| format!("{b:02x}")).collect()
    }

    fn bytes(db: &QuantisedOneSided, format: Format) -> Vec<u8> {
        let mut v = Vec::new();
        write(db, format, &mut v).unwrap();
        v
    }

    const ALL_FORMATS: [Format; 4] = [
        Format { compressed: true, gammons: true },
        Format { compressed: false, gammons: true },
        Format { compressed: true, gammons: false },
        Format { compressed: false, gammons: false },
    ];

    #[test]
    fn md5_known_answers() {
        assert_eq!(md5(b""), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(md5(b"The quick brown fox jumps over the lazy dog"), "9e107d9d372bb6826bd81d3542a419d6");
    }

    #[test]
    fn header_text() {
        assert_eq!(&header(6, 15, Format::default()), b"gnubg-OS-06-15-1-1-0xxxxxxxxxxxxxxxxxxx\n");
        assert_eq!(&header(12, 15, Format { compressed: false, gammons: false })[..21], b"gnubg-OS-12-15-0-0-0x");
        let h = header(3, 15, Format { compressed: false, gammons: true });
        assert_eq!(parse_header(&h).unwrap(), (3, 15, Format { compressed: false, gammons: true }));
        assert!(matches!(parse_header(b"gnubg-TS-06-06-1xxxxxxxxxxxxxxxxxxxxxxx\n"), Err(FileError::Unsupported(_))));
        assert!(matches!(parse_header(b"gnubg-OS-06-15-1-1-1xxxxxxxxxxxxxxxxxxx\n"), Err(FileError::Unsupported(_))));
        assert!(matches!(parse_header(b"hello"), Err(FileError::Truncated { .. })));
        assert!(matches!(parse_header(&[b'x'; 40]), Err(FileError::Header(_))));
    }

    #[test]
    fn every_format_round_trips_and_damage_is_an_error() {
        let db = QuantisedOneSided::generate(4, 15, |_, _| {}).unwrap();
        for format in ALL_FORMATS {
            let source = if format.gammons { db.clone() } else { db.clone().without_gammons() };
            let file = bytes(&source, format);
            let (back, f) = read(&file).unwrap();
            assert_eq!(f, format);
            assert_eq!(back.has_gammons(), format.gammons);
            for i in 0..db.index().len() {
                assert_eq!(back.off_at(i), db.off_at(i));
                if format.gammons {
                    assert_eq!(back.first_off_at(i), db.first_off_at(i));
                }
            }
            assert_eq!(bytes(&back, format), file);
            assert!(read(&file[..file.len() - 2]).is_err());
        }
        let no_gammons = db.without_gammons();
        assert!(matches!(write(&no_gammons, Format::default(), Vec::new()), Err(FileError::NoGammons)));
    }

    /// Regression: a header claiming 15 chequers on 24 points (25 billion positions) made the
    /// reader allocate 1.6 TB before looking at the file's length, and abort.
    #[test]
    fn a_header_claiming_a_huge_database_is_refused_before_allocating() {
        for points in [13, 18, 24] {
            for format in ALL_FORMATS {
                let mut file = header(points, 15, format).to_vec();
                file.extend_from_slice(&[0; 4096]);
                assert!(matches!(read(&file), Err(FileError::Truncated { .. })), "{points} {format:?}");
            }
        }
    }

    /// The generator refuses what would take more than MAX_DATABASE_BYTES, before allocating
    /// (`makebearoff -o 18` used to abort asking for 66 GB).
    #[test]
    fn generating_over_the_memory_limit_is_an_error() {
        use crate::eval::bearoff::one_sided::{quantised_memory_needed, OneSided};
        use crate::eval::bearoff::MAX_DATABASE_BYTES;
        assert!(quantised_memory_needed(12, 15) <= MAX_DATABASE_BYTES);
        for points in [13, 15, 16, 18, 24] {
            assert!(quantised_memory_needed(points, 15) > MAX_DATABASE_BYTES);
            let e = QuantisedOneSided::generate(points, 15, |_, _| panic!("nothing is solved")).unwrap_err();
            assert!(matches!(e, MemoryError::TooLarge { .. }), "{e}");
            assert!(e.to_string().contains(&format!("15 chequers on {points} points")), "{e}");
            assert!(OneSided::generate(points, 15, |_, _| panic!("nothing is solved")).is_err());
        }
    }

    /// Regression: `write_file` truncated the old file first, so a failed or interrupted run
    /// destroyed the previous database. Now the old file stays until the new one is complete.
    #[test]
    fn a_failed_write_leaves_the_previous_file() {
        let dir = std::env::temp_dir().join(format!("bearoff-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("os2.bd");
        let db = QuantisedOneSided::generate(2, 15, |_, _| {}).unwrap();
        write_file(&db, Format::default(), &path).unwrap();
        let before = std::fs::read(&path).unwrap();
        // a database without gammon distributions cannot be written in the default format
        let e = write_file(&db.clone().without_gammons(), Format::default(), &path).unwrap_err();
        assert!(matches!(e, FileError::NoGammons));
        assert_eq!(std::fs::read(&path).unwrap(), before);
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("os2.bd")], "no temporary file is left behind");
        // and a successful write replaces it whole
        write_file(&db.clone().without_gammons(), Format { compressed: false, gammons: false }, &path).unwrap();
        assert_eq!(read_file(&path).unwrap().1, Format { compressed: false, gammons: false });
        std::fs::remove_dir_all(&dir).ok();
    }

    /// The seed's table of MD5 checksums of gnubg's default (compressed) databases.
    #[test]
    fn writer_matches_the_seeds_checksums() {
        let table = [
            (1, "c789f049ec98ce4e307b471257999f39"),
            (2, "b6e61c1625ae4b3b164e93ab064192b9"),
            (3, "346dae6139ccb4b227c534373e5c52e4"),
            (4, "653255f5f9f22fd50277f7ff25b2a343"),
            (5, "2064f9a56b23117d053a573c96a92fa2"),
            (6, "3dc7b833c4670849cee00479a9e21b49"),
        ];
        for (points, sum) in table {
            let file = if points == 6 {
                bytes(quantised15x6(), Format::default())
            } else {
                bytes(&QuantisedOneSided::generate(points, 15, |_, _| {}).unwrap(), Format::default())
            };
            assert_eq!(md5(&file), sum, "15 chequers on {points} points");
        }
    }

    #[test]
    #[ignore = "slow: about 30 s in release, minutes in debug"]
    fn writer_matches_the_seeds_7_and_8_point_checksums() {
        for (points, sum) in [(7, "67235c8e0ee152df5daf36cbeae5b3c2"), (8, "a4acbb5c7e9e1f08e561afe0af934e5c")] {
            let db = QuantisedOneSided::generate(points, 15, |_, _| {}).unwrap();
            assert_eq!(md5(&bytes(&db, Format::default())), sum, "15 chequers on {points} points");
        }
    }

    /// gnubg's file for `args`, or `None` when makebearoff is missing (see `test_support::require`).
    fn gnubg_file(name: &str, args: &[&str]) -> Option<Vec<u8>> {
        if !test_support::require_path(MAKEBEAROFF, test_support::MAKEBEAROFF) {
            return None;
        }
        let path: PathBuf = std::env::temp_dir().join(format!("bearoff-{}-{name}.bd", std::process::id()));
        let status = Command::new(MAKEBEAROFF)
            .args(args)
            .arg("-f")
            .arg(&path)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .expect("makebearoff runs");
        assert!(status.success(), "makebearoff {args:?} failed");
        let data = std::fs::read(&path).expect("makebearoff wrote its file");
        std::fs::remove_file(&path).ok();
        Some(data)
    }

    #[test]
    fn reads_gnubgs_database_and_writes_the_same_bytes() {
        let Some(theirs) = gnubg_file("os6", &["-o", "6"]) else { return };
        assert_eq!(md5(&theirs), "3dc7b833c4670849cee00479a9e21b49");
        let (db, format) = read(&theirs).unwrap();
        assert_eq!(format, Format::default());
        assert_eq!(db.index().len(), 54_264);
        let ours = quantised15x6();
        for i in 0..db.index().len() {
            assert_eq!(db.off_at(i), ours.off_at(i), "position {i}");
            assert_eq!(db.first_off_at(i), ours.first_off_at(i), "position {i}");
        }
        // the seed's example as bearoffdump prints it: 44.271% to bear off in 5 rolls
        let d = db.distribution(&[1, 3, 2, 2, 2, 0]).unwrap();
        assert_eq!(format!("{:.3}", d[5] * 100.0), "44.271");
        assert!(bytes(ours, format) == theirs, "our compressed file differs from gnubg's");
    }

    #[test]
    fn other_layouts_match_gnubg_byte_for_byte() {
        let ours = QuantisedOneSided::generate(5, 15, |_, _| {}).unwrap();
        for (name, args, format) in [
            ("c", &["-o", "5", "-c"][..], Format { compressed: false, gammons: true }),
            ("g", &["-o", "5", "-g"][..], Format { compressed: true, gammons: false }),
            ("cg", &["-o", "5", "-c", "-g"][..], Format { compressed: false, gammons: false }),
        ] {
            let Some(theirs) = gnubg_file(name, args) else { return };
            let (db, f) = read(&theirs).unwrap();
            assert_eq!(f, format, "{args:?}");
            assert_eq!(db.off_at(100), ours.off_at(100));
            assert!(bytes(&ours, format) == theirs, "{args:?}: our file differs from gnubg's");
        }
    }
}
