//! The one way any program of the workspace writes a file: whole or not at all, never through a
//! planted symlink.
//!
//! The data goes to a temporary file created *exclusively* (`O_CREAT | O_EXCL`, which refuses an
//! existing name and so never follows a symlink planted there) under an unpredictable name in the
//! target's own directory; it is flushed, synced, and renamed over the target, and the directory is
//! synced. An interrupted or failed write leaves the previous file as it was. When the target itself
//! is a symlink the file it points to is replaced (the link is written through, not replaced), as an
//! editor would.
//!
//! This module owns file replacement only; it knows nothing of formats and must not grow a reader.

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// How many names are tried before giving up: each try fails only when the name already exists, so
/// running out means someone is planting files at every name we draw.
pub const TEMP_NAME_ATTEMPTS: usize = 64;

/// Symlink hops followed when resolving the target (the kernel's own limit is 40).
const MAX_SYMLINK_HOPS: usize = 40;

/// Writes `contents` to `path` atomically (see the module docs).
///
/// # Errors
/// The directory is missing or not writable, the disk is full, or [`TEMP_NAME_ATTEMPTS`] temporary
/// names were all taken. The previous file, if any, is then untouched.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    let mut f = AtomicFile::create(path)?;
    f.write_all(contents)?;
    f.commit()
}

/// A file being written: dropped without [`AtomicFile::commit`], it vanishes and the target stays
/// as it was.
pub struct AtomicFile {
    target: PathBuf,
    tmp: PathBuf,
    file: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Starts replacing `path`.
    ///
    /// # Errors
    /// As [`write_atomic`].
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
        let mut rng = rand::rng();
        let names = std::iter::repeat_with(move || format!("{:016x}", rand::Rng::random::<u64>(&mut rng)));
        Self::create_with_names(path, names)
    }

    /// [`AtomicFile::create`] drawing the random part of the temporary names from `names`: tests plant
    /// symlinks at the names a writer would choose.
    #[doc(hidden)]
    pub fn create_with_names(path: &Path, names: impl IntoIterator<Item = String>) -> io::Result<AtomicFile> {
        let target = resolve_symlinks(path)?;
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let file_name = target
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?
            .to_os_string();
        for random in names.into_iter().take(TEMP_NAME_ATTEMPTS) {
            let tmp = dir.join(temp_name(&file_name, &random));
            match create_exclusive(&tmp) {
                Ok(file) => return Ok(AtomicFile { target, tmp, file: Some(BufWriter::new(file)) }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("no free temporary name beside {} after {TEMP_NAME_ATTEMPTS} tries", target.display()),
        ))
    }

    /// The file that [`AtomicFile::commit`] replaces (the symlink's target when the path was a link).
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Flushes, syncs and renames the temporary file over the target.
    ///
    /// # Errors
    /// Any failure on the way; the target is then untouched and the temporary file removed.
    pub fn commit(mut self) -> io::Result<()> {
        let file = self.file.take().expect("an AtomicFile holds its file until commit");
        let result = (|| {
            let file = file.into_inner().map_err(io::IntoInnerError::into_error)?;
            // The new file takes the old one's permissions, as an in-place write would have kept them.
            if let Ok(meta) = std::fs::metadata(&self.target) {
                file.set_permissions(meta.permissions())?;
            }
            file.sync_all()?;
            drop(file);
            std::fs::rename(&self.tmp, &self.target)?;
            sync_dir(&self.target);
            Ok(())
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&self.tmp);
        }
        result
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.as_mut().expect("an AtomicFile holds its file until commit").write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().expect("an AtomicFile holds its file until commit").flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// `.NAME.RANDOM.tmp`: hidden, beside the target, recognisably ours.
fn temp_name(file_name: &std::ffi::OsStr, random: &str) -> OsString {
    let mut name = OsString::from(".");
    name.push(file_name);
    name.push(".");
    name.push(random);
    name.push(".tmp");
    name
}

fn create_exclusive(path: &Path) -> io::Result<File> {
    // create_new is O_CREAT | O_EXCL: POSIX has it fail on any existing name, a symlink included,
    // without following it.
    OpenOptions::new().write(true).create_new(true).open(path)
}

/// The path whose file is really replaced: `path` with every symlink of its last component followed
/// (a dangling link names the file it would create).
fn resolve_symlinks(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_SYMLINK_HOPS {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            Ok(meta) if meta.is_dir() => {
                return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{} is a directory", path.display())))
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{}: too many levels of symbolic links", path.display())))
}

/// Makes the rename itself durable; a failure here loses nothing already visible, so it is ignored.
fn sync_dir(target: &Path) {
    #[cfg(unix)]
    if let Some(dir) = target.parent() {
        let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("engine-core-atomic-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_the_file_and_leaves_no_temporary() {
        let dir = scratch("replace");
        let path = dir.join("m.sgf");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        assert!(leftovers(&dir).is_empty());
        assert!(write_atomic(&dir.join("no/such/x"), b"x").is_err());
        assert!(write_atomic(&dir, b"x").is_err(), "a directory is not replaced");
    }

    #[test]
    fn an_uncommitted_file_leaves_the_old_one() {
        let dir = scratch("uncommitted");
        let path = dir.join("db.bd");
        write_atomic(&path, b"old database").unwrap();
        {
            let mut f = AtomicFile::create(&path).unwrap();
            f.write_all(b"half of a new").unwrap();
            // dropped: an interrupted run
        }
        assert_eq!(std::fs::read(&path).unwrap(), b"old database");
        assert!(leftovers(&dir).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_planted_at_every_temporary_name_are_never_followed() {
        let dir = scratch("planted");
        let victim = dir.join("victim");
        std::fs::write(&victim, b"precious").unwrap();
        let path = dir.join("match.sgf");
        let names: Vec<String> = (0..TEMP_NAME_ATTEMPTS).map(|i| format!("{i:016x}")).collect();
        // Every name but the last is planted: the writer must skip them all and use the last.
        for n in &names[..TEMP_NAME_ATTEMPTS - 1] {
            std::os::unix::fs::symlink(&victim, dir.join(temp_name(path.file_name().unwrap(), n))).unwrap();
        }
        let mut f = AtomicFile::create_with_names(&path, names.clone()).unwrap();
        f.write_all(b"the match").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
        assert_eq!(std::fs::read(&path).unwrap(), b"the match");
        assert!(!std::fs::symlink_metadata(&path).unwrap().file_type().is_symlink());
        // Every name planted: refused, victim untouched, no file written.
        let last = dir.join(temp_name(path.file_name().unwrap(), &names[TEMP_NAME_ATTEMPTS - 1]));
        std::os::unix::fs::symlink(&victim, &last).unwrap();
        let err = AtomicFile::create_with_names(&path, names).err().expect("all names taken");
        assert_eq!(err.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
        assert_eq!(std::fs::read(&path).unwrap(), b"the match");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_target_is_written_through_and_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("through");
        std::fs::create_dir_all(dir.join("real")).unwrap();
        let real = dir.join("real/file.mat");
        std::fs::write(&real, b"old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.join("link.mat");
        std::os::unix::fs::symlink("real/file.mat", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        assert_eq!(std::fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o640);
        assert!(leftovers(&dir).is_empty() && leftovers(&dir.join("real")).is_empty());
        // A dangling link creates the file it names.
        let dangling = dir.join("dangling");
        std::os::unix::fs::symlink("real/new.txt", &dangling).unwrap();
        write_atomic(&dangling, b"created").unwrap();
        assert_eq!(std::fs::read(dir.join("real/new.txt")).unwrap(), b"created");
        // A loop of links is an error, not a hang.
        std::os::unix::fs::symlink("loop_b", dir.join("loop_a")).unwrap();
        std::os::unix::fs::symlink("loop_a", dir.join("loop_b")).unwrap();
        assert!(write_atomic(&dir.join("loop_a"), b"x").is_err());
    }
}
