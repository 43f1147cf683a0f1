//! How long work tells the front end how far it has got, without the library drawing anything.
//!
//! A library starts a [`Task`] (a name, a unit, a total when known), moves it on and lets it drop
//! when done; the program's [`Observer`], installed once at start-up with [`set_observer`], is told
//! each step and draws what it likes (the binaries draw progress bars on standard error). With no
//! observer installed a task costs a relaxed atomic load per step. A process-wide observer, rather
//! than a parameter, because some long work starts deep inside a lazily built table (the bearoff
//! databases on first use) where no caller could pass one.
//!
//! Owns the reporting protocol only: no terminal handling, no drawing.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// What a front end is told about a task.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskState {
    /// Distinguishes tasks that run at the same time.
    pub id: u64,
    /// What is being done (`generating the one-sided bearoff database (once)`, `rollout`).
    pub name: String,
    /// What is counted (`games`, `positions`), or empty.
    pub unit: &'static str,
    /// Units done.
    pub done: u64,
    /// Units in all, when known.
    pub total: Option<u64>,
    /// A short line about the current state (`equity +0.1234 ± 0.0050`), or empty.
    pub message: String,
}

/// The front end's side: told when a task starts, moves on and ends. Called from the working
/// thread, so it must be quick.
pub trait Observer: Send + Sync {
    /// A task started.
    fn begin(&self, task: &TaskState);
    /// A task moved on (its `done`, `total` or `message` changed).
    fn update(&self, task: &TaskState);
    /// A task ended (finished, failed or abandoned).
    fn end(&self, task: &TaskState);
}

static OBSERVER: OnceLock<Box<dyn Observer>> = OnceLock::new();
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// Installs the process's observer; false if one was installed already (the first one stays).
pub fn set_observer(observer: Box<dyn Observer>) -> bool {
    OBSERVER.set(observer).is_ok()
}

fn observer() -> Option<&'static dyn Observer> {
    OBSERVER.get().map(|o| o.as_ref())
}

/// A piece of long work being reported. Ends (tells the observer) when dropped.
#[derive(Debug)]
pub struct Task {
    state: TaskState,
    reported: bool,
}

impl Task {
    /// Starts reporting a task. `reported` false makes a silent task (the caller's user asked for
    /// no progress), which the observer never hears of.
    pub fn begin(name: impl Into<String>, unit: &'static str, total: Option<u64>, reported: bool) -> Task {
        let state = TaskState {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            name: name.into(),
            unit,
            done: 0,
            total,
            message: String::new(),
        };
        let reported = reported && observer().is_some();
        if reported {
            if let Some(o) = observer() {
                o.begin(&state);
            }
        }
        Task { state, reported }
    }

    /// Sets how many units are done (and the total, when it becomes known).
    pub fn set(&mut self, done: u64, total: Option<u64>) {
        self.state.done = done;
        if total.is_some() {
            self.state.total = total;
        }
        self.report();
    }

    /// Sets the line shown beside the count.
    pub fn set_message(&mut self, message: impl Into<String>) {
        self.state.message = message.into();
        self.report();
    }

    /// What the task has reported so far.
    pub fn state(&self) -> &TaskState {
        &self.state
    }

    fn report(&self) {
        if self.reported {
            if let Some(o) = observer() {
                o.update(&self.state);
            }
        }
    }
}

impl Drop for Task {
    fn drop(&mut self) {
        if self.reported {
            if let Some(o) = observer() {
                o.end(&self.state);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    struct Log(Mutex<Vec<String>>);

    impl Observer for Log {
        fn begin(&self, t: &TaskState) {
            self.0.lock().unwrap().push(format!("begin {} {:?}", t.name, t.total));
        }
        fn update(&self, t: &TaskState) {
            self.0.lock().unwrap().push(format!("update {} {}/{:?} {}", t.name, t.done, t.total, t.message));
        }
        fn end(&self, t: &TaskState) {
            self.0.lock().unwrap().push(format!("end {} {}", t.name, t.done));
        }
    }

    static LOG: OnceLock<&'static Log> = OnceLock::new();

    struct Shared;
    impl Observer for Shared {
        fn begin(&self, t: &TaskState) {
            LOG.get().unwrap().begin(t)
        }
        fn update(&self, t: &TaskState) {
            LOG.get().unwrap().update(t)
        }
        fn end(&self, t: &TaskState) {
            LOG.get().unwrap().end(t)
        }
    }

    #[test]
    fn the_observer_hears_reported_tasks_only() {
        let log: &'static Log = Box::leak(Box::new(Log(Mutex::new(Vec::new()))));
        LOG.set(log).ok();
        assert!(set_observer(Box::new(Shared)));
        assert!(!set_observer(Box::new(Shared)), "the first observer stays");
        {
            let mut quiet = Task::begin("quiet", "games", Some(3), false);
            quiet.set(1, None);
        }
        {
            let mut t = Task::begin("rollout", "games", Some(72), true);
            t.set(36, None);
            t.set_message("equity +0.1000");
            t.set(72, Some(72));
            assert_eq!(t.state().done, 72);
        }
        let got = log.0.lock().unwrap().clone();
        assert_eq!(
            got,
            [
                "begin rollout Some(72)",
                "update rollout 36/Some(72) ",
                "update rollout 36/Some(72) equity +0.1000",
                "update rollout 72/Some(72) equity +0.1000",
                "end rollout 72",
            ]
        );
    }
}
