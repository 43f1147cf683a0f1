//! The game side of `mkpat --tune` (issue 26 item 6): which SGF files train and which are held out, the
//! features of every labelled position (for each legal move, the patterns of the tuned database that
//! match there with their constraint true), a cache of them, and the classic engine's agreement with the
//! records' moves with a replacement `shape.db` loaded. The model and the fit are
//! [`patterns::tune`]'s.
//!
//! * Labels ([`Labels`]): the moves played (every move of each record's main line, passes left out: no
//!   pattern speaks for a pass), or the moves marked good ([`crate::sgf::marked_moves`]: the move of a
//!   node with `TE` and not `BM`, the points a move's node marks with `TR` or labels with `LB`), one
//!   labelled position per marked move that is legal, sharing the candidates of its position; a `BM`
//!   move is no label (the model has winners only). The side to move is the record's mover: the
//!   patterns' `O` is the player.
//! * Candidates: every legal play. The pattern matches are those `mkpat --match` lists (the matcher and
//!   the constraint on a [`GoPatternContext`] of the position); the engine's class checks (dragon
//!   statuses, safety of the move) are not applied: they need the whole analysis, which costs about a
//!   second a position.
//! * Locality features: besides the patterns, each candidate at distance `d = |dx| + |dy| + max(|dx|,
//!   |dy|)` 2 to [`MAX_DISTANCE`] from the previous move has the feature `~near-d` (Coulom's distance
//!   feature; numbered after the patterns: [`locality_names`]). Without them the patterns' strengths
//!   soak up "near the stones" (every pattern anchors on a stone; most legal moves are far from any):
//!   the first run on our shape.db fitted every matched pattern above γ 2.5, even the empty triangle's
//!   neighbours. They are fitted with the patterns and never written back.
//! * Hold-out: files, not positions (positions of one game are not independent), ordered by a hash of
//!   the seed and the file's name, the first `round(holdout · n)` held out; deterministic for a seed
//!   and independent of the order the files are given in.
//!
//! A driver over the analysis and the GTP state, as [`crate::gtp::replay`] is.

use crate::analysis::pattern_context::{BoardView, GoPatternContext};
use crate::game::GoGame;
use crate::gtp::state::{EngineKind, GtpState, Options};
use crate::rules::stone::{Color, Move, Point};
use crate::sgf::{self, LoadError, Until};
use patterns::tune::Position;
use patterns::PatternLibrary;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The SGF files of `paths`: files as given, directories searched recursively for `*.sgf`; sorted and
/// without duplicates.
pub fn game_files(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(&path, out)?;
            } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out)?;
        } else {
            out.push(p.clone());
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn mix(mut x: u64) -> u64 {
    // splitmix64's finalizer
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d4_9bb1_3311_11eb);
    x ^ (x >> 31)
}

/// A 64-bit FNV-1a hash of `bytes` (stable across runs and platforms).
pub fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// Splits `files` into (training, held out): see the module documentation.
pub fn split_files(files: &[PathBuf], holdout: f64, seed: u64) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let mut keyed: Vec<(u64, &PathBuf)> = files
        .iter()
        .map(|f| {
            let name = f.file_name().map_or_else(|| f.to_string_lossy(), |n| n.to_string_lossy());
            (mix(seed ^ fnv(name.as_bytes())), f)
        })
        .collect();
    keyed.sort();
    let held = ((holdout.clamp(0.0, 1.0) * files.len() as f64).round() as usize).min(files.len());
    let mut test: Vec<PathBuf> = keyed[..held].iter().map(|(_, f)| (*f).clone()).collect();
    let mut train: Vec<PathBuf> = keyed[held..].iter().map(|(_, f)| (*f).clone()).collect();
    test.sort();
    train.sort();
    (train, test)
}

/// The largest distance to the previous move that has a locality feature.
pub const MAX_DISTANCE: u32 = 8;

/// The names of the locality features, numbered after the `n` patterns of the library.
pub fn locality_names() -> Vec<String> {
    (2..=MAX_DISTANCE).map(|d| format!("~near-{d}")).collect()
}

/// One labelled position of a record, with its features (pattern indices of the library).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Labelled {
    /// The record's move number of the label (the first move is 1).
    pub number: usize,
    pub plain: u32,
    pub featured: Vec<Vec<u32>>,
    pub chosen: Option<u32>,
}

impl Labelled {
    pub fn position(&self) -> Position {
        Position { plain: self.plain, featured: self.featured.clone(), chosen: self.chosen }
    }
}

/// The patterns of `lib` that match at each point of `game` for `own`, constraints checked.
fn pattern_points(lib: &PatternLibrary, game: &GoGame, own: Color) -> BTreeMap<Point, Vec<u32>> {
    let board = game.board();
    let view = BoardView { board, own };
    let matches = lib.matches(&view, false);
    let mut ctx = GoPatternContext::for_game(game, own);
    let mut out: BTreeMap<Point, Vec<u32>> = BTreeMap::new();
    for e in lib.evaluate(&mut ctx, &matches) {
        let (Some(v), None | Some(Ok(true))) = (e.m.move_vertex, &e.constraint) else { continue };
        let at = out.entry(board.point(v.col, v.row)).or_default();
        if !at.contains(&e.m.pattern) {
            at.push(e.m.pattern);
        }
    }
    for v in out.values_mut() {
        v.sort_unstable();
    }
    out
}

/// Which moves of a record are labels (`mkpat --tune --labels`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Labels {
    /// The moves played.
    Played,
    /// The moves marked good ([`sgf::marked_moves`]): one labelled position per marked move, all with
    /// the candidates of the position they were marked in.
    Marked,
}

/// The labelled positions of the SGF record `text` (every non-pass move of its main line), with
/// `on_position` called after each.
pub fn extract_record(
    lib: &PatternLibrary,
    text: &str,
    on_position: &mut dyn FnMut(),
) -> Result<Vec<Labelled>, LoadError> {
    extract_labels(lib, text, Labels::Played, on_position)
}

/// As [`extract_record`], with the labels `labels`: with [`Labels::Marked`] only the positions with a
/// marked move are labelled (one labelled position per marked move that is a legal play there).
pub fn extract_labels(
    lib: &PatternLibrary,
    text: &str,
    labels: Labels,
    on_position: &mut dyn FnMut(),
) -> Result<Vec<Labelled>, LoadError> {
    let rules = crate::Rules::default();
    let record = sgf::load(text, Until::End, rules)?;
    let mut game = sgf::load(text, Until::MoveNumber(1), rules)?;
    let moves: Vec<(Color, Move)> = record.moves().collect();
    let marks = match labels {
        Labels::Played => Vec::new(),
        Labels::Marked => sgf::marked_moves(text)?,
    };
    let mut out = Vec::new();
    let mut legal = Vec::new();
    let first_locality = lib.set.patterns.len() as u32;
    for (i, &(color, mv)) in moves.iter().enumerate() {
        let previous = match game.last_move() {
            Some((_, Move::Play(q))) => Some(game.board().coords(q)),
            _ => None,
        };
        if game.to_move() != color {
            game.set_to_move(color);
        }
        let good: Vec<Point> = match (labels, mv) {
            (Labels::Played, Move::Play(p)) => vec![p],
            (Labels::Played, Move::Pass) => Vec::new(),
            (Labels::Marked, _) => marks
                .get(i)
                .into_iter()
                .flatten()
                .map(|&(c, r)| game.board().point(c, r))
                .filter(|&p| game.board().is_empty(p))
                .collect(),
        };
        if !good.is_empty() {
            let at = pattern_points(lib, &game, color);
            game.legal_moves(&mut legal);
            let mut l = Labelled { number: i + 1, plain: 0, featured: Vec::new(), chosen: None };
            // the candidate index of each good move (`None`: a plain candidate) and whether it is legal
            let mut chosen: Vec<(Point, Option<u32>, bool)> = good.iter().map(|&p| (p, None, false)).collect();
            for &m in &legal {
                let Move::Play(p) = m else { continue };
                let label = chosen.iter_mut().find(|(q, _, _)| *q == p);
                let mut f = at.get(&p).cloned().unwrap_or_default();
                if let Some((qc, qr)) = previous {
                    let (c, r) = game.board().coords(p);
                    let (dx, dy) = (c.abs_diff(qc) as u32, r.abs_diff(qr) as u32);
                    let d = dx + dy + dx.max(dy);
                    if (2..=MAX_DISTANCE).contains(&d) {
                        f.push(first_locality + d - 2);
                    }
                }
                if let Some((_, c, legal)) = label {
                    *legal = true;
                    *c = (!f.is_empty()).then_some(l.featured.len() as u32);
                }
                if f.is_empty() {
                    l.plain += 1;
                } else {
                    l.featured.push(f);
                }
            }
            for &(_, c, legal) in &chosen {
                if legal {
                    out.push(Labelled { chosen: c, ..l.clone() });
                }
            }
            on_position();
        }
        if game.play(color, mv).is_err() {
            break;
        }
    }
    Ok(out)
}

/// Extracted features, cached on disk between runs of the same database on the same files.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FeatureCache {
    /// [`fnv`] of the database's text: a cache of another text is not used.
    pub db_hash: u64,
    /// The name of each feature (the library's pattern `k` is feature `k`).
    pub names: Vec<String>,
    /// Per file (as given), its labelled positions.
    pub files: BTreeMap<String, Vec<Labelled>>,
}

impl FeatureCache {
    /// The cache at `path` if it is one of `db_hash`, else an empty one for it.
    pub fn load(path: &Path, db_hash: u64, names: &[String]) -> FeatureCache {
        std::fs::read(path)
            .ok()
            .and_then(|b| serde_json::from_slice::<FeatureCache>(&b).ok())
            .filter(|c| c.db_hash == db_hash && c.names == names)
            .unwrap_or_else(|| FeatureCache { db_hash, names: names.to_vec(), files: BTreeMap::new() })
    }

    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, serde_json::to_vec(self).map_err(std::io::Error::other)?)
    }
}

/// The classic engine's agreement with the record at the positions `samples` (file, move number of the
/// label), with `shape_db` in place of the built-in `shape.db` (`None`: the built-in one): (positions
/// compared, top-1, top-5), as [`crate::gtp::replay`] counts them; `on_position` after each.
pub fn engine_agreement(
    samples: &[(PathBuf, usize)],
    shape_db: Option<&str>,
    level: u32,
    on_position: &mut dyn FnMut(),
) -> (usize, usize, usize) {
    let errors = crate::genmove::gather::shape::set_shape_db(shape_db);
    debug_assert!(errors.is_empty() || shape_db.is_some());
    let mut state = GtpState::new(Options { engine: EngineKind::Classic, level, ..Options::default() });
    let (mut n, mut top1, mut top5) = (0, 0, 0);
    for (file, number) in samples {
        let Ok(text) = std::fs::read(file).map(|b| String::from_utf8_lossy(&b).into_owned()) else { continue };
        let rules = crate::Rules::default();
        let (Ok(before), Ok(record)) =
            (sgf::load(&text, Until::MoveNumber(*number), rules), sgf::load(&text, Until::End, rules))
        else {
            continue;
        };
        let Some((color, game_move)) = record.moves().nth(number - 1) else { continue };
        state.reset(before, level);
        let g = state.generate_classic(color, None);
        let ours = g.chosen.map_or(Move::Pass, |(p, _)| Move::Play(p));
        let t1 = ours == game_move;
        let t5 = t1
            || match game_move {
                Move::Play(p) => crate::genmove::selection::top(&g.values, 5).iter().any(|&(q, _)| q == p),
                Move::Pass => false,
            };
        n += 1;
        top1 += usize::from(t1);
        top5 += usize::from(t5);
        on_position();
    }
    crate::genmove::gather::shape::set_shape_db(None);
    (n, top1, top5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_is_deterministic_and_order_free() {
        let files: Vec<PathBuf> = (0..20).map(|k| PathBuf::from(format!("d/g{k}.sgf"))).collect();
        let (train, test) = split_files(&files, 0.2, 7);
        assert_eq!((train.len(), test.len()), (16, 4));
        let mut reversed = files.clone();
        reversed.reverse();
        assert_eq!(split_files(&reversed, 0.2, 7), (train.clone(), test.clone()));
        assert_ne!(split_files(&files, 0.2, 8).1, test, "another seed, another split");
    }

    #[test]
    fn the_played_move_is_labelled_among_the_legal_moves() {
        // a 5x5 record: black C3, white D3 (pass at the end is left out)
        let lib = PatternLibrary::new(
            vec![patterns::parse_db("t.db", "Pattern P\n\nX*\n\n:8,-,shape(1)\n")],
            patterns::Registry::standard(),
        );
        assert!(lib.errors.is_empty(), "{:?}", lib.errors);
        let mut seen = 0;
        let l = extract_record(&lib, "(;GM[1]SZ[5];B[cc];W[dc];B[])", &mut || seen += 1).expect("loads");
        assert_eq!(seen, 2);
        assert_eq!(l.len(), 2);
        // move 1: 25 legal plays, no stone so no match
        assert_eq!((l[0].number, l[0].plain, l[0].featured.len(), l[0].chosen), (1, 25, 0, None));
        // move 2: white's `X*` (a black stone beside the move) matches at C3's four neighbours, D3 one
        // of them, also at distance 2 from the previous move (feature 1: `~near-2`); every other point
        // of the 5x5 board is within distance 8 of C3, so no candidate is plain
        assert_eq!((l[1].featured.len(), l[1].plain), (24, 0));
        let with_pattern = l[1].featured.iter().filter(|f| f.contains(&0)).count();
        assert_eq!(with_pattern, 4);
        let c = l[1].chosen.expect("D3 labelled");
        assert_eq!(l[1].featured[c as usize], vec![0, 1]);
        assert_eq!(locality_names()[0], "~near-2");
    }

    #[test]
    fn marked_moves_are_the_labels() {
        let lib = PatternLibrary::new(
            vec![patterns::parse_db("t.db", "Pattern P\n\nX*\n\n:8,-,shape(1)\n")],
            patterns::Registry::standard(),
        );
        // move 1: B2 and D4 marked with TR (C3 played, not marked); move 2: D3 played with TE;
        // move 3: B4 played but BM, C4 labelled; the pass at the end has no mark
        let record = "(;GM[1]SZ[5];B[cc]TR[bb][dd];W[dc]TE[1];B[bc]BM[1]LB[cb:a];W[])";
        assert_eq!(
            sgf::marked_moves(record).expect("parses"),
            vec![vec![(1, 1), (3, 3)], vec![(3, 2)], vec![(2, 1)], vec![]]
        );
        let mut seen = 0;
        let l = extract_labels(&lib, record, Labels::Marked, &mut || seen += 1).expect("loads");
        assert_eq!(seen, 3, "three positions with marks");
        let summary: Vec<(usize, Option<Vec<u32>>)> =
            l.iter().map(|x| (x.number, x.chosen.map(|c| x.featured[c as usize].clone()))).collect();
        // the empty board: both marks plain; D3 beside black C3 at distance 2 from it; C4 (black's)
        // at distance 3 from D3 and beside no white stone
        assert_eq!(summary, vec![(1, None), (1, None), (2, Some(vec![0, 1])), (3, Some(vec![2]))]);
        // the candidates of one position are the same for each of its labels
        assert_eq!((l[0].plain, &l[0].featured), (l[1].plain, &l[1].featured));
        assert_eq!(l[0].plain, 25);
        // played labels: one per move played, B4 included
        let played = extract_labels(&lib, record, Labels::Played, &mut || {}).expect("loads");
        assert_eq!(played.iter().map(|x| x.number).collect::<Vec<_>>(), vec![1, 2, 3]);
    }
}
