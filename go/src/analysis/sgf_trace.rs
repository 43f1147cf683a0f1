//! The reading-tree recorder behind GNU Go's SGF traces (`go-gtp --decide-* -o FILE`, GTP
//! `start_sgftrace` / `finish_sgftrace`): every move the tactical reader plays on its board
//! ([`crate::analysis::reading::Reader`]'s `play` and `pop`, which the owl, connection and semeai
//! searches play through too) becomes a node of a tree of variations, and the readers' results are
//! written on the node where they were found, in GNU Go's wording (`attack2 C19: 0`, `defend1 E19: WIN
//! D19`, `owl_attack D8: WIN E9`).
//!
//! The recorder is per thread ([`start`] ... [`finish`]) so that every reader created between the two
//! calls, however deep in the analysis, is recorded without being told. When no recording runs a hook
//! costs one thread-local flag read and one branch (no allocation): [`push`], [`pop`] and [`note`] are
//! `#[inline]` checks of [`on`] that call the recording code only when it is set. Measured (engine CPU
//! through gtp_regress.py, 2026-11-28, shared machine): owl.tst 200/261 both, main 29.4 26.4 30.9 29.2 s,
//! with the hooks 27.7 28.5 30.1 26.0 s; reading.tst 189/235 both, 0.62/0.49 s against 0.69/0.50 s.
//!
//! A move node's comment is `MOVE (variation N)` (N counts the moves recorded, from 1, as GNU Go's
//! variation counter), `ko capture at MOVE (variation N)` for a forbidden ko capture made as after a ko
//! threat. Each variation is a move played from its parent's position; the same move tried twice from one
//! position (two queries) is two variations, as in GNU Go's traces. At most [`MAX_NODES`] moves are
//! recorded (what comes after is counted in [`Trace::dropped`]), so that an SGF reader accepts the file.
//! Writing the tree as SGF is the GTP layer's (`crate::gtp::decide`): this layer imports no SGF.

use crate::analysis::read_result::ReadResult;
use crate::rules::stone::{Color, Point};
use std::cell::{Cell, RefCell};

/// The most moves one trace records.
pub const MAX_NODES: usize = 500_000;

/// A result written on a node: `WHAT TARGET: CODE MOVE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Note {
    /// The reading function (`attack`, `defend`, `owl_attack`, …), with the target's liberties for the
    /// tactical reader as GNU Go writes them (`attack2`).
    pub what: &'static str,
    /// The liberties of the target for the tactical reader (written after `what`), 0 for none.
    pub libs: u8,
    pub target: Point,
    pub code: ReadResult,
    /// The move found (0: none).
    pub mv: Point,
}

impl Note {
    /// GNU Go's name of a result code in traces: `0`, `KO_B`, `KO_A`, `WIN`.
    pub fn code_name(code: ReadResult) -> &'static str {
        match code {
            ReadResult::Lose => "0",
            ReadResult::KoB => "KO_B",
            ReadResult::KoA => "KO_A",
            ReadResult::Win => "WIN",
        }
    }
}

/// One node: the move that led to it (none at the root), the results found there, its variations.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TraceNode {
    pub mv: Option<(Color, Point)>,
    /// Whether the move was a forbidden ko capture made as after a ko threat.
    pub ko: bool,
    /// The move's number among the recorded moves (1 for the first; 0 at the root).
    pub variation: usize,
    pub notes: Vec<Note>,
    /// Free text lines (a caller's headings: `finish_sgftrace`, `--decide-*`).
    pub text: Vec<String>,
    /// Indices of the variations played from here, in the order they were tried.
    pub children: Vec<usize>,
    parent: usize,
}

/// A recorded tree: node 0 is the position the recording started from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    pub nodes: Vec<TraceNode>,
    cur: usize,
    /// Moves not recorded (beyond [`MAX_NODES`]); their pops are skipped too.
    pub dropped: usize,
    /// Depth of the dropped subtree under the current node.
    skipped: usize,
}

impl Default for Trace {
    fn default() -> Self {
        Trace { nodes: vec![TraceNode::default()], cur: 0, dropped: 0, skipped: 0 }
    }
}

impl Trace {
    /// Moves recorded (the nodes but the root).
    pub fn moves(&self) -> usize {
        self.nodes.len() - 1
    }

    fn push(&mut self, c: Color, p: Point, ko: bool) {
        if self.skipped > 0 || self.nodes.len() > MAX_NODES {
            self.skipped += 1;
            self.dropped += 1;
            return;
        }
        let id = self.nodes.len();
        self.nodes.push(TraceNode {
            mv: Some((c, p)),
            ko,
            variation: id,
            notes: Vec::new(),
            text: Vec::new(),
            children: Vec::new(),
            parent: self.cur,
        });
        self.nodes[self.cur].children.push(id);
        self.cur = id;
    }

    fn pop(&mut self) {
        if self.skipped > 0 {
            self.skipped -= 1;
        } else {
            // A pop at the root is a line begun before the recording: nothing to leave.
            self.cur = self.nodes[self.cur].parent;
        }
    }

    /// Adds a line of text to the current node (the root between reads).
    pub fn comment(&mut self, line: String) {
        if self.skipped == 0 {
            self.nodes[self.cur].text.push(line);
        }
    }
}

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
    static TREE: RefCell<Option<Trace>> = const { RefCell::new(None) };
}

/// Whether this thread records.
#[inline]
pub fn on() -> bool {
    ON.with(Cell::get)
}

/// Starts recording on this thread (a recording in progress is dropped).
pub fn start() {
    TREE.with(|t| *t.borrow_mut() = Some(Trace::default()));
    ON.with(|o| o.set(true));
}

/// Stops recording and returns the tree (`None` when none was started).
pub fn finish() -> Option<Trace> {
    ON.with(|o| o.set(false));
    TREE.with(|t| t.borrow_mut().take())
}

/// Runs `f` on the tree being recorded.
fn with(f: impl FnOnce(&mut Trace)) {
    TREE.with(|t| {
        if let Some(tree) = t.borrow_mut().as_mut() {
            f(tree);
        }
    });
}

/// A move played on a reading board.
#[inline]
pub fn push(c: Color, p: Point, ko: bool) {
    if on() {
        push_slow(c, p, ko);
    }
}

#[cold]
#[inline(never)]
fn push_slow(c: Color, p: Point, ko: bool) {
    with(|t| t.push(c, p, ko));
}

/// The last move taken back.
#[inline]
pub fn pop() {
    if on() {
        pop_slow();
    }
}

#[cold]
#[inline(never)]
fn pop_slow() {
    with(Trace::pop);
}

/// A result found at the current node.
#[inline]
pub fn note(what: &'static str, libs: usize, target: Point, code: ReadResult, mv: Point) {
    if on() {
        note_slow(Note { what, libs: libs.min(9) as u8, target, code, mv });
    }
}

#[cold]
#[inline(never)]
fn note_slow(n: Note) {
    with(|t| {
        if t.skipped == 0 {
            let cur = t.cur;
            t.nodes[cur].notes.push(n);
        }
    });
}

/// A line of text on the current node (when recording).
pub fn comment(line: impl Into<String>) {
    if on() {
        let line = line.into();
        with(|t| t.comment(line));
    }
}

/// Moves recorded so far (0 when not recording): a read's variation count is the difference before
/// and after it.
pub fn moves() -> usize {
    let mut n = 0;
    with(|t| n = t.moves() + t.dropped);
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_a_tree_of_variations_and_nothing_when_off() {
        push(Color::Black, 5, false);
        pop();
        assert!(finish().is_none());
        start();
        note("attack", 2, 7, ReadResult::Win, 5);
        push(Color::Black, 5, false);
        push(Color::White, 6, true);
        note("defend", 1, 7, ReadResult::Lose, 0);
        pop();
        pop();
        push(Color::Black, 8, false);
        pop();
        // An unbalanced pop (a line begun before the recording) stays at the root.
        pop();
        push(Color::Black, 9, false);
        assert_eq!(moves(), 4);
        let t = finish().expect("a trace");
        assert!(!on());
        assert_eq!(t.moves(), 4);
        assert_eq!(t.nodes[0].children, vec![1, 3, 4]);
        assert_eq!(t.nodes[1].children, vec![2]);
        assert_eq!(t.nodes[2].mv, Some((Color::White, 6)));
        assert!(t.nodes[2].ko);
        assert_eq!(t.nodes[2].variation, 2);
        assert_eq!(t.nodes[2].notes[0].what, "defend");
        assert_eq!(t.nodes[0].notes[0].mv, 5);
    }
}
