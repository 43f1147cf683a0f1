//! Pattern databases read from a `go-gtp --patterns DIR` directory instead of the built-in ones,
//! compiled once per thread and directory. Each user (the dragons' connection patterns, the owl's
//! databases, the move generator's shape databases) keeps one [`DirCache`] in a thread-local, sets the
//! directory when the engine starts and asks for the databases of the directory set last.
//!
//! Owns only the caching; which files a directory provides and how they compile are the user's. It
//! imports nothing from the analysis, so every analysis layer may use it.

use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The directory set last (`None`: the built-in databases) and the databases compiled for the
/// directory they came from.
pub struct DirCache<T> {
    dir: Option<PathBuf>,
    compiled: Option<(Option<PathBuf>, Rc<T>)>,
}

impl<T> DirCache<T> {
    /// No directory, nothing compiled yet.
    pub const fn new() -> Self {
        DirCache { dir: None, compiled: None }
    }

    /// The databases now come from `dir` (`None`: the built-in ones); compiled on the next [`Self::get`].
    pub fn set_dir(&mut self, dir: Option<PathBuf>) {
        self.dir = dir;
    }

    /// The directory set last (`None`: the built-in databases).
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The databases for the directory set last, compiled by `build` when the directory changed since
    /// they were compiled (shared, not copied, between calls).
    pub fn get(&mut self, build: impl FnOnce(Option<&Path>) -> T) -> Rc<T> {
        match &self.compiled {
            Some((d, compiled)) if *d == self.dir => compiled.clone(),
            _ => {
                let compiled = Rc::new(build(self.dir.as_deref()));
                self.compiled = Some((self.dir.clone(), compiled.clone()));
                compiled
            }
        }
    }
}

impl<T> Default for DirCache<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiles_once_per_directory_and_again_when_it_changes() {
        let mut builds = Vec::new();
        let mut cache: DirCache<String> = DirCache::new();
        let mut get = |cache: &mut DirCache<String>| {
            cache.get(|d| {
                let name = d.map_or("builtin".to_string(), |d| d.display().to_string());
                builds.push(name.clone());
                name
            })
        };
        assert_eq!(*get(&mut cache), "builtin");
        assert_eq!(*get(&mut cache), "builtin");
        cache.set_dir(Some(PathBuf::from("/x")));
        assert_eq!(*get(&mut cache), "/x");
        assert_eq!(*get(&mut cache), "/x");
        cache.set_dir(None);
        assert_eq!(*get(&mut cache), "builtin");
        assert_eq!(builds, ["builtin", "/x", "builtin"]);
    }
}
