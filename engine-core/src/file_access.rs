//! Which files a command may open, by who sent it.
//!
//! A user at the terminal may name any file; a peer on the network may name only files inside the
//! directory the user gave with `--files-dir`, or none at all. The check resolves symlinks, so a
//! link inside the directory cannot lead out of it. This module decides paths; opening them stays
//! with the command.

use std::path::{Component, Path, PathBuf};

/// The file commands' reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileAccess {
    /// Any path (commands typed locally).
    Any,
    /// Relative names inside this directory only.
    Within(PathBuf),
    /// No file at all (a network connection without `--files-dir`).
    Refused,
}

/// Why a file name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileAccessError {
    /// File commands are off.
    #[error("file commands are disabled over the network; start with --files-dir DIR")]
    Disabled,
    /// The name leads outside the directory.
    #[error("'{0}' is outside the files directory (relative names within it only)")]
    Outside(String),
    /// The directory itself cannot be resolved.
    #[error("the files directory {0} cannot be opened")]
    NoDirectory(String),
}

impl FileAccess {
    /// The path to open for `name`.
    ///
    /// # Errors
    /// See [`FileAccessError`].
    pub fn resolve(&self, name: &str) -> Result<PathBuf, FileAccessError> {
        match self {
            FileAccess::Any => Ok(PathBuf::from(name)),
            FileAccess::Refused => Err(FileAccessError::Disabled),
            FileAccess::Within(dir) => {
                let outside = || FileAccessError::Outside(crate::limits::excerpt(name));
                let relative = Path::new(name);
                let plain = !name.is_empty()
                    && relative.components().all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
                    && relative.components().any(|c| matches!(c, Component::Normal(_)));
                if !plain {
                    return Err(outside());
                }
                let root = dir
                    .canonicalize()
                    .map_err(|_| FileAccessError::NoDirectory(crate::limits::excerpt(&dir.display().to_string())))?;
                let joined = root.join(relative);
                // The deepest part that exists, with its links resolved, must stay inside.
                let mut existing = joined.as_path();
                loop {
                    if let Ok(real) = existing.canonicalize() {
                        if !real.starts_with(&root) {
                            return Err(outside());
                        }
                        break;
                    }
                    if std::fs::symlink_metadata(existing).is_ok() {
                        // A dangling link: where it leads cannot be checked, so it is not followed.
                        return Err(outside());
                    }
                    existing = existing.parent().ok_or_else(outside)?;
                }
                Ok(joined)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn confinement() {
        let dir = std::env::temp_dir().join(format!("engine-core-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("games")).unwrap();
        let within = FileAccess::Within(dir.clone());
        let root = dir.canonicalize().unwrap();
        assert_eq!(within.resolve("a.sgf").unwrap(), root.join("a.sgf"));
        assert_eq!(within.resolve("games/./b.sgf").unwrap(), root.join("games/./b.sgf"));
        for bad in ["/etc/passwd", "../x", "games/../../x", "", ".", "games/.."] {
            assert!(matches!(within.resolve(bad), Err(FileAccessError::Outside(_))), "{bad}");
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("/etc", dir.join("out")).unwrap();
            assert!(within.resolve("out/passwd").is_err());
            std::os::unix::fs::symlink("/nonexistent/x", dir.join("dangling")).unwrap();
            assert!(within.resolve("dangling").is_err());
            std::os::unix::fs::symlink("games", dir.join("inner")).unwrap();
            assert!(within.resolve("inner/c.sgf").is_ok());
        }
        assert_eq!(FileAccess::Refused.resolve("a.sgf"), Err(FileAccessError::Disabled));
        assert_eq!(FileAccess::Any.resolve("/tmp/x").unwrap(), PathBuf::from("/tmp/x"));
        let gone = FileAccess::Within(dir.join("missing"));
        assert!(matches!(gone.resolve("a"), Err(FileAccessError::NoDirectory(_))));
    }
}
