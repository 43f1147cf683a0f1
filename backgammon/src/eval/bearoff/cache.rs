//! The default bearoff databases — one-sided 15 chequers on 6 points, two-sided 6 chequers on 6
//! points, both in gnubg's default formats — generated on first use, kept in a cache directory
//! for later runs, and never downloaded.
//!
//! The directory is `$GAMMON_GO_CACHE_DIR` if set, else `$XDG_CACHE_HOME/gammon-go`, else
//! `~/.cache/gammon-go`. Files carry gnubg's names (`gnubg_os0.bd`, `gnubg_ts0.bd`) and bytes, so
//! gnubg's own files may be dropped in and ours used by gnubg. A file that is missing or does not
//! read as the expected database is regenerated (about a second each), reported as an
//! `engine_core::progress` task (the binaries draw a bar on
//! standard error when it is a terminal). If the directory cannot be written, the databases are
//! still generated and used, just not kept.
//!
//! This module owns where the files live and when they are made; the contents are
//! [`super::one_sided`]'s and [`super::two_sided`]'s.

use super::file::{self, Format};
use super::one_sided::QuantisedOneSided;
use super::two_sided::{self, TwoSided, TwoSidedError};
use super::MemoryError;
use engine_core::progress::Task;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Environment variable naming the cache directory.
pub const CACHE_DIR_VAR: &str = "GAMMON_GO_CACHE_DIR";

/// gnubg's name for the one-sided 15x6 database.
pub const ONE_SIDED_FILE: &str = "gnubg_os0.bd";
/// gnubg's name for the two-sided 6x6 database.
pub const TWO_SIDED_FILE: &str = "gnubg_ts0.bd";

/// Sizes of the default databases.
pub const ONE_SIDED_POINTS: usize = 6;
pub const ONE_SIDED_CHEQUERS: usize = 15;
pub const TWO_SIDED_POINTS: usize = 6;
pub const TWO_SIDED_CHEQUERS: usize = 6;

/// The cache directory from the environment (see the module docs); `None` when neither the
/// override, `XDG_CACHE_HOME` nor `HOME` is set.
pub fn cache_dir() -> Option<PathBuf> {
    cache_dir_from(|name| std::env::var_os(name))
}

/// [`cache_dir`] with the environment given as a lookup function.
fn cache_dir_from(env: impl Fn(&str) -> Option<std::ffi::OsString>) -> Option<PathBuf> {
    let var = |name: &str| env(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    var(CACHE_DIR_VAR)
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("gammon-go")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("gammon-go")))
}

/// The one-sided 15-chequer 6-point database, loaded or generated once per process.
pub fn one_sided_default() -> &'static QuantisedOneSided {
    static DB: OnceLock<QuantisedOneSided> = OnceLock::new();
    // 54,264 positions, 9 MB to build: only an allocator already out of memory fails here
    DB.get_or_init(|| one_sided_in(cache_dir().as_deref(), ONE_SIDED_POINTS).expect("the default size fits"))
}

/// The two-sided 6-chequer 6-point database with cubeful equities, loaded or generated once
/// per process.
pub fn two_sided_default() -> &'static TwoSided {
    static DB: OnceLock<TwoSided> = OnceLock::new();
    // 924 x 924 positions, 7 MB
    DB.get_or_init(|| {
        two_sided_in(cache_dir().as_deref(), TWO_SIDED_POINTS, TWO_SIDED_CHEQUERS).expect("the default size fits")
    })
}

fn progress_task(what: &str) -> Task {
    Task::begin(format!("generating the {what} bearoff database (once)"), "", None, true)
}

/// Keeps a database in `dir`: written atomically (`write` goes through
/// [`engine_core::atomic_file`]), so a reader never sees half a file, two processes generating
/// at once do no harm, and an interrupted run leaves the previous file. Failures only mean the
/// database is not kept.
fn keep<E>(dir: &Path, write: impl FnOnce() -> Result<(), E>) {
    if std::fs::create_dir_all(dir).is_ok() {
        let _ = write();
    }
}

/// The one-sided 15-chequer database on `points` points from `dir` (file
/// `gnubg_os0.bd` for 6 points, `os{points}.bd` otherwise), generated and stored there if
/// missing or unreadable. `dir` `None`: generate only.
///
/// # Errors
/// A size over [`super::MAX_DATABASE_BYTES`], or memory the allocator cannot give.
pub fn one_sided_in(dir: Option<&Path>, points: usize) -> Result<QuantisedOneSided, MemoryError> {
    let name = if points == ONE_SIDED_POINTS { ONE_SIDED_FILE.to_string() } else { format!("os{points}.bd") };
    if let Some(dir) = dir {
        if let Ok((db, format)) = file::read_file(dir.join(&name)) {
            if format.gammons && db.index().points() == points && db.index().chequers() == ONE_SIDED_CHEQUERS {
                return Ok(db);
            }
        }
    }
    let mut task = progress_task("one-sided");
    let db = QuantisedOneSided::generate(points, ONE_SIDED_CHEQUERS, |done, total| {
        task.set(done as u64, Some(total as u64));
    });
    drop(task);
    let db = db?;
    if let Some(dir) = dir {
        keep(dir, || file::write_file(&db, Format::default(), dir.join(&name)));
    }
    Ok(db)
}

/// The cubeful two-sided database of `chequers` on `points` from `dir` (file `gnubg_ts0.bd`
/// for 6x6, `ts{points}x{chequers}.bd` otherwise), generated and stored there if missing or
/// unreadable. `dir` `None`: generate only.
///
/// # Errors
/// The sizes [`TwoSided::generate`] refuses.
pub fn two_sided_in(dir: Option<&Path>, points: usize, chequers: usize) -> Result<TwoSided, TwoSidedError> {
    let name = if (points, chequers) == (TWO_SIDED_POINTS, TWO_SIDED_CHEQUERS) {
        TWO_SIDED_FILE.to_string()
    } else {
        format!("ts{points}x{chequers}.bd")
    };
    if let Some(dir) = dir {
        if let Ok(db) = two_sided::read_file(dir.join(&name)) {
            if db.has_cubeful() && db.points() == points && db.chequers() == chequers {
                return Ok(db);
            }
        }
    }
    let mut task = progress_task("two-sided");
    let db = TwoSided::generate(points, chequers, true, |done, total| {
        task.set(done as u64, Some(total as u64));
    });
    drop(task);
    let db = db?;
    if let Some(dir) = dir {
        keep(dir, || two_sided::write_file(&db, dir.join(&name)));
    }
    Ok(db)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("gammon-go-cache-test-{}-{name}", std::process::id()));
        std::fs::remove_dir_all(&d).ok();
        d
    }

    #[test]
    fn generates_once_then_reads_the_file() {
        let dir = temp_dir("ts");
        let first = two_sided_in(Some(&dir), 6, 3).unwrap();
        let path = dir.join("ts6x3.bd");
        let bytes = std::fs::read(&path).expect("the database was kept");
        assert_eq!(bytes.len(), 40 + 8 * 84 * 84);
        // a file that is there is used as it is: mark one value and see it come back
        let mut marked = bytes.clone();
        marked[40 + 8 * 100] ^= 1;
        std::fs::write(&path, &marked).unwrap();
        let second = two_sided_in(Some(&dir), 6, 3).unwrap();
        assert_ne!(second.stored(100), first.stored(100));
        assert_eq!(second.stored(101), first.stored(101));
        // a damaged file is replaced
        std::fs::write(&path, &bytes[..100]).unwrap();
        let third = two_sided_in(Some(&dir), 6, 3).unwrap();
        assert_eq!(third.stored(100), first.stored(100));
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn one_sided_kept_in_gnubgs_format_and_unwritable_dirs_are_harmless() {
        let dir = temp_dir("os");
        let db = one_sided_in(Some(&dir), 3).unwrap();
        let (back, format) = file::read_file(dir.join("os3.bd")).unwrap();
        assert_eq!(format, Format::default());
        assert_eq!(back.off_at(50), db.off_at(50));
        // a "directory" that is a file cannot hold the database, which is still generated
        let blocker = dir.join("not-a-dir");
        std::fs::write(&blocker, b"x").unwrap();
        let again = one_sided_in(Some(&blocker), 3).unwrap();
        assert_eq!(again.off_at(50), db.off_at(50));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn directory_from_the_environment() {
        use std::ffi::OsString;
        fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
            move |name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| OsString::from(v))
        }
        let all = [(CACHE_DIR_VAR, "/o"), ("XDG_CACHE_HOME", "/x"), ("HOME", "/h")];
        assert_eq!(cache_dir_from(env(&all)), Some(PathBuf::from("/o")));
        assert_eq!(cache_dir_from(env(&all[1..])), Some(PathBuf::from("/x/gammon-go")));
        assert_eq!(cache_dir_from(env(&all[2..])), Some(PathBuf::from("/h/.cache/gammon-go")));
        assert_eq!(
            cache_dir_from(env(&[(CACHE_DIR_VAR, ""), ("HOME", "/h")])),
            Some(PathBuf::from("/h/.cache/gammon-go"))
        );
        assert_eq!(cache_dir_from(env(&[])), None);
    }
}
