//! Match equity tables (METs): the chance of winning a match from a score before a game starts,
//! pre- and post-Crawford; match winning chances (MWC) from cubeless probabilities; gammon and
//! backgammon values per score; normalised money equity (NEMG); and a parser for GNU Backgammon's
//! MET XML format (`met.dtd`) so users can load other published tables.
//!
//! Owns only match-score arithmetic. Cubeful equities are `cubeful`'s; cube actions are
//! `cube_decision`'s. Must not read or write files itself (callers pass the XML text).
//!
//! Built-in tables (their figures are published facts, transcribed here as numbers):
//! - [`MatchEquityTable::kazaross_xg2`]: Neil Kazaross, "Kazaross XG2" 25-point table (2011):
//!   eXtreme Gammon rollouts up to 9 points, the Rockwell-Kazaross table (GNU Backgammon Supremo
//!   rollouts) to 15, extrapolated to 25 by projecting take points. The default.
//! - [`MatchEquityTable::woolsey`]: Kit Woolsey's 15-point table, first published in *Inside
//!   Backgammon* vol. 2 no. 2 (March–April 1992). The GNU Backgammon manual's match-play figures
//!   (chapter "Cubeful equities": MWC(-3,-7) = 76 %, MWC(-4,-6) = 36 %, the 3-0 to 7 take points)
//!   are computed with this table, so the tests that reproduce them use it.
//!
//! Conventions: scores are "away" counts (points still needed); `pre(i, j)` is the MWC of a player
//! `i`-away against one `j`-away before a game that is not post-Crawford (with one side 1-away
//! that game is the Crawford game); `post(j)` is the MWC of a trailer `j`-away against a leader
//! 1-away after the Crawford game. Cubeless probabilities are gnubg's five outputs
//! `[win, win gammon, win backgammon, lose gammon, lose backgammon]`, gammons including backgammons.

use crate::eval::probabilities::Probabilities;
use std::fmt;
use thiserror::Error;

/// A score in a match from one player's ("my") point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchScore {
    /// Points I still need (at least 1).
    pub me: u32,
    /// Points my opponent still needs (at least 1).
    pub opp: u32,
    /// Whether the game being played is the Crawford game (no doubling in it).
    pub crawford: bool,
}

impl MatchScore {
    /// A score `me_away`-`opp_away`; `crawford` marks the Crawford game.
    pub fn new(me_away: u32, opp_away: u32, crawford: bool) -> Self {
        MatchScore { me: me_away, opp: opp_away, crawford }
    }

    /// From match length and points won: `score` 3-1 to 5 is `from_points(5, 3, 1, false)`.
    pub fn from_points(length: u32, mine: u32, theirs: u32, crawford: bool) -> Self {
        MatchScore::new(length.saturating_sub(mine).max(1), length.saturating_sub(theirs).max(1), crawford)
    }

    /// The score of a match in progress from `player`'s point of view; `None` in money play.
    pub fn of_state(state: &crate::rules::match_id::MatchState, player: usize) -> Option<Self> {
        if state.is_money() {
            return None;
        }
        let len = u32::from(state.match_length);
        let (mine, theirs) = (u32::from(state.score[player & 1]), u32::from(state.score[(player & 1) ^ 1]));
        Some(MatchScore::from_points(len, mine, theirs, state.crawford))
    }

    /// The same score from the opponent's point of view.
    #[must_use]
    pub fn swapped(self) -> Self {
        MatchScore { me: self.opp, opp: self.me, crawford: self.crawford }
    }

    /// Whether this game is after the Crawford game (one side 1-away, not the Crawford game):
    /// the trailer may double, the leader's doubles are pointless.
    pub fn is_post_crawford(self) -> bool {
        !self.crawford && (self.me == 1 || self.opp == 1)
    }

    /// Whether the cube may be turned at all in this game.
    pub fn doubling_allowed(self) -> bool {
        !self.crawford
    }
}

/// A match equity table.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchEquityTable {
    name: String,
    description: String,
    length: usize,
    /// `pre[(i - 1) * length + (j - 1)]`: MWC of a player `i`-away against one `j`-away.
    pre: Vec<f64>,
    /// `post[p][j - 1]`: MWC of trailer `p` (0 = "me", 1 = the opponent; equal unless the table
    /// distinguishes them) `j`-away against a leader 1-away, after the Crawford game.
    post: [Vec<f64>; 2],
}

/// Why a score is outside a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("score {me}-away/{opp}-away is beyond the {length}-point match equity table")]
pub struct ScoreOutOfRange {
    pub me: u32,
    pub opp: u32,
    pub length: usize,
}

/// The table used when none is chosen: Kazaross XG2, gnubg's default, built once.
pub fn default_met() -> &'static MatchEquityTable {
    static MET: std::sync::OnceLock<MatchEquityTable> = std::sync::OnceLock::new();
    MET.get_or_init(MatchEquityTable::kazaross_xg2)
}

impl MatchEquityTable {
    /// A table from explicit figures. `pre` is `length` rows of `length` MWCs; `post` is one row
    /// of `length` trailer MWCs (or two, one per player, for tables that distinguish them).
    pub fn from_rows(name: &str, description: &str, pre: &[Vec<f64>], post: &[Vec<f64>]) -> Result<Self, MetError> {
        let length = pre.len();
        let bad = |what: String| MetError::Content { what };
        if length == 0 {
            return Err(bad("the pre-Crawford table has no rows".into()));
        }
        if let Some((i, r)) = pre.iter().enumerate().find(|(_, r)| r.len() != length) {
            return Err(bad(format!("pre-Crawford row {} has {} entries, expected {length}", i + 1, r.len())));
        }
        if post.is_empty() || post.len() > 2 {
            return Err(bad(format!("{} post-Crawford tables, expected 1 or 2", post.len())));
        }
        if let Some(r) = post.iter().find(|r| r.len() < length) {
            return Err(bad(format!("a post-Crawford row has {} entries, expected {length}", r.len())));
        }
        let all = pre.iter().flatten().chain(post.iter().flatten());
        if let Some(v) = all.into_iter().find(|v| !(0.0..=1.0).contains(*v)) {
            return Err(bad(format!("match equity {v} is not between 0 and 1")));
        }
        let p0: Vec<f64> = post[0][..length].to_vec();
        let p1: Vec<f64> = post.get(1).map_or_else(|| p0.clone(), |r| r[..length].to_vec());
        Ok(MatchEquityTable {
            name: name.to_string(),
            description: description.to_string(),
            length,
            pre: pre.iter().flatten().copied().collect(),
            post: [p0, p1],
        })
    }

    fn builtin<const N: usize>(name: &str, description: &str, pre: &[[f64; N]; N], post: &[f64; N]) -> Self {
        let rows: Vec<Vec<f64>> = pre.iter().map(|r| r.to_vec()).collect();
        // the built-in figures are checked by the tests; a failure here is a transcription bug
        MatchEquityTable::from_rows(name, description, &rows, &[post.to_vec()]).expect("built-in table is valid")
    }

    /// Neil Kazaross's XG2 table (25 points). See the module documentation for its source.
    pub fn kazaross_xg2() -> Self {
        Self::builtin(
            "Kazaross XG2 25 point MET",
            "Neil Kazaross (2011): XG rollouts to 9 points, GNU Backgammon Supremo rollouts to 15, \
             extended to 25 by projecting take points",
            &KAZAROSS_XG2_PRE,
            &KAZAROSS_XG2_POST,
        )
    }

    /// Kit Woolsey's table (15 points), the one the GNU Backgammon manual's examples use.
    pub fn woolsey() -> Self {
        Self::builtin(
            "Kit Woolsey",
            "Kit Woolsey, Inside Backgammon vol. 2 no. 2, March-April 1992",
            &WOOLSEY_PRE,
            &WOOLSEY_POST,
        )
    }

    /// The same pre-Crawford table with another post-Crawford row (trailer 1-away, 2-away, …;
    /// missing entries past the row's end keep this table's figures). Published tables often come
    /// without one, and programs compute their own: gnubg-nn's Woolsey table, for one, has a
    /// 3-away trailer at 0.31955 where ours has 0.30.
    pub fn with_post_crawford(&self, name: &str, row: &[f64]) -> Result<Self, MetError> {
        if let Some(v) = row.iter().find(|v| !(0.0..=1.0).contains(*v)) {
            return Err(MetError::Content { what: format!("match equity {v} is not between 0 and 1") });
        }
        let mut t = self.clone();
        t.name = name.to_string();
        for post in t.post.iter_mut() {
            let n = row.len().min(self.length);
            post[..n].copy_from_slice(&row[..n]);
        }
        Ok(t)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn description(&self) -> &str {
        &self.description
    }

    /// The longest match the table covers.
    pub fn length(&self) -> usize {
        self.length
    }

    fn check(&self, me: u32, opp: u32) -> Result<(), ScoreOutOfRange> {
        let ok = |a: u32| a >= 1 && a as usize <= self.length;
        if ok(me) && ok(opp) {
            Ok(())
        } else {
            Err(ScoreOutOfRange { me, opp, length: self.length })
        }
    }

    /// Pre-Crawford MWC of a player `me`-away against `opp`-away (the Crawford game if one is 1-away).
    pub fn pre(&self, me: u32, opp: u32) -> Result<f64, ScoreOutOfRange> {
        self.check(me, opp)?;
        Ok(self.pre[(me as usize - 1) * self.length + opp as usize - 1])
    }

    /// Post-Crawford MWC of the trailer `trailer_away`-away against a leader 1-away; `player`
    /// 0 or 1 selects the per-player row of tables that have two (both rows are equal otherwise).
    pub fn post(&self, trailer_away: u32, player: usize) -> Result<f64, ScoreOutOfRange> {
        self.check(trailer_away, 1)?;
        Ok(self.post[player.min(1)][trailer_away as usize - 1])
    }

    /// My MWC before the game at `score` starts (the game's Crawford status as `score` says).
    pub fn mwc(&self, score: MatchScore) -> Result<f64, ScoreOutOfRange> {
        let (me, opp) = (score.me, score.opp);
        if score.is_post_crawford() {
            if me == 1 {
                Ok(1.0 - self.post(opp, 1)?)
            } else {
                self.post(me, 0)
            }
        } else {
            self.pre(me, opp)
        }
    }

    /// My MWC after a game at `score` ends with a win of `points` for me (`i_win`) or my opponent.
    /// The next game is the Crawford game when a side first reaches 1-away, post-Crawford after.
    pub fn mwc_after(&self, score: MatchScore, i_win: bool, points: u32) -> Result<f64, ScoreOutOfRange> {
        self.check(score.me, score.opp)?;
        let (mut me, mut opp) = (score.me, score.opp);
        if i_win {
            if points >= me {
                return Ok(1.0);
            }
            me -= points;
        } else {
            if points >= opp {
                return Ok(0.0);
            }
            opp -= points;
        }
        // a game played with a side 1-away is the Crawford game or later: the next one is post-Crawford
        let was_crawford_or_later = score.crawford || score.me == 1 || score.opp == 1;
        let next_crawford = !was_crawford_or_later && (me == 1 || opp == 1);
        let next = MatchScore { me, opp, crawford: next_crawford };
        self.mwc(next)
    }

    /// The six MWCs after the game at cube value `cube`: I win single, gammon, backgammon; I lose
    /// single, gammon, backgammon.
    pub fn outcome_mwcs(&self, score: MatchScore, cube: u32) -> Result<[f64; 6], ScoreOutOfRange> {
        let m = |w: bool, k: u32| self.mwc_after(score, w, cube.saturating_mul(k));
        Ok([m(true, 1)?, m(true, 2)?, m(true, 3)?, m(false, 1)?, m(false, 2)?, m(false, 3)?])
    }

    /// Cubeless MWC: probabilities of the six outcomes times the MWC after each. (The manual's
    /// formula multiplies the last two terms; it means a sum.)
    pub fn mwc_cubeless(&self, p: &Probabilities, score: MatchScore, cube: u32) -> Result<f64, ScoreOutOfRange> {
        let m = self.outcome_mwcs(score, cube)?;
        let o = p.outcomes();
        Ok(o.iter().zip(m.iter()).map(|(a, b)| a * b).sum())
    }

    /// My gammon value at this score and cube: the extra MWC a gammon gives over a single win,
    /// relative to the swing between a single win and a single loss
    /// (`(MWC(wg) - MWC(w)) / (MWC(w) - MWC(l))`); 0.5 in a money game without the Jacoby rule.
    pub fn gammon_value(&self, score: MatchScore, cube: u32) -> Result<f64, ScoreOutOfRange> {
        let m = self.outcome_mwcs(score, cube)?;
        Ok((m[1] - m[0]) / (m[0] - m[3]))
    }

    /// My backgammon value: the extra MWC of a backgammon over a gammon, same units.
    pub fn backgammon_value(&self, score: MatchScore, cube: u32) -> Result<f64, ScoreOutOfRange> {
        let m = self.outcome_mwcs(score, cube)?;
        Ok((m[2] - m[1]) / (m[0] - m[3]))
    }

    /// Normalised money equity of an MWC (cubeless or cubeful), exactly as the manual defines it:
    /// `NEMG = 2 (MWC - MWC(l)) / (MWC(w) - MWC(l)) - 1`, with `MWC(w)`, `MWC(l)` the MWCs after a
    /// single win and a single loss at the current cube.
    pub fn nemg(&self, mwc: f64, score: MatchScore, cube: u32) -> Result<f64, ScoreOutOfRange> {
        let w = self.mwc_after(score, true, cube)?;
        let l = self.mwc_after(score, false, cube)?;
        Ok(2.0 * (mwc - l) / (w - l) - 1.0)
    }

    /// The MWC of a normalised equity: the inverse of [`MatchEquityTable::nemg`] (rollouts and
    /// gnubg report match-play equities normalised).
    pub fn mwc_of_nemg(&self, nemg: f64, score: MatchScore, cube: u32) -> Result<f64, ScoreOutOfRange> {
        let w = self.mwc_after(score, true, cube)?;
        let l = self.mwc_after(score, false, cube)?;
        Ok(l + (nemg + 1.0) / 2.0 * (w - l))
    }

    /// Parses gnubg's MET XML format (`met.dtd`): `<met>` with `<info>` (`name`, `description`,
    /// `length`), one `<pre-crawford-table type="explicit">` of `<row>`s of `<me>` and one or two
    /// `<post-crawford-table type="explicit" player="both|0|1">` with one `<row>`. Tables of
    /// parametric type (`mec`, `zadeh`) are reported as unsupported.
    pub fn from_gnubg_xml(text: &str) -> Result<Self, MetError> {
        let root = xml::parse(text)?;
        if root.name != "met" {
            return Err(root.err(format!("root element is <{}>, expected <met>", root.name)));
        }
        let info = root.child("info").ok_or_else(|| root.err("missing <info>".into()))?;
        let name = info.child("name").map(|e| e.text.trim().to_string()).unwrap_or_default();
        let description = info.child("description").map(|e| e.text.trim().to_string()).unwrap_or_default();
        let mut pre_rows = Vec::new();
        let mut post_rows: Vec<(Option<usize>, Vec<f64>)> = Vec::new();
        for t in root.children.iter() {
            let post = match t.name.as_str() {
                "pre-crawford-table" => false,
                "post-crawford-table" => true,
                _ => continue,
            };
            let ty = t.attr("type").unwrap_or("explicit");
            if ty != "explicit" {
                return Err(t.err(format!("table type \"{ty}\" is not supported (only explicit tables)")));
            }
            let mut rows = Vec::new();
            for r in t.children.iter().filter(|c| c.name == "row") {
                let mut row = Vec::new();
                for me in r.children.iter().filter(|c| c.name == "me") {
                    let v: f64 = me
                        .text
                        .trim()
                        .parse()
                        .map_err(|_| me.err(format!("\"{}\" is not a number", me.text.trim())))?;
                    if !(0.0..=1.0).contains(&v) {
                        return Err(me.err(format!("match equity {v} is not between 0 and 1")));
                    }
                    row.push(v);
                }
                rows.push(row);
            }
            if post {
                let player = match t.attr("player").unwrap_or("both") {
                    "both" => None,
                    "0" => Some(0),
                    "1" => Some(1),
                    other => return Err(t.err(format!("player=\"{other}\" is not both, 0 or 1"))),
                };
                let row = rows.into_iter().next().ok_or_else(|| t.err("post-Crawford table has no row".into()))?;
                post_rows.push((player, row));
            } else {
                pre_rows = rows;
            }
        }
        let post: Vec<Vec<f64>> = match post_rows.as_slice() {
            [(_, r)] => vec![r.clone()],
            [(a, r0), (_, r1)] => {
                if *a == Some(1) {
                    vec![r1.clone(), r0.clone()]
                } else {
                    vec![r0.clone(), r1.clone()]
                }
            }
            _ => return Err(root.err(format!("{} post-Crawford tables, expected 1 or 2", post_rows.len()))),
        };
        // tables longer than their stated length are cut; shorter rows are an error
        let length = info
            .child("length")
            .and_then(|e| e.text.trim().parse::<usize>().ok())
            .unwrap_or(pre_rows.len())
            .min(pre_rows.len())
            // some tables (gnubg's g11.xml) have a post-Crawford row one entry short: the table
            // then covers only as many points as every part of it does
            .min(post.iter().map(Vec::len).min().unwrap_or(0));
        let pre: Vec<Vec<f64>> =
            pre_rows.iter().take(length).map(|r| r.iter().take(length).copied().collect()).collect();
        MatchEquityTable::from_rows(&name, &description, &pre, &post)
    }
}

impl fmt::Display for MatchEquityTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} points)", self.name, self.length)
    }
}

/// Why a MET could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MetError {
    /// Malformed XML, or a value or element that does not fit the format, at a 1-based location.
    #[error("line {line}, column {column}: {message}")]
    Syntax { line: usize, column: usize, message: String },
    /// The figures do not make a table (wrong row lengths, values outside 0..1).
    #[error("invalid match equity table: {what}")]
    Content { what: String },
}

/// A minimal XML reader for the MET format: elements, attributes, text, comments, the prolog and
/// DOCTYPE. Entities other than the five predefined ones are kept as written. No recursion limit
/// is needed beyond [`xml::MAX_DEPTH`], which bounds the stack on hostile input.
mod xml {
    use super::MetError;

    pub const MAX_DEPTH: usize = 32;

    #[derive(Debug, Default)]
    pub struct Element {
        pub name: String,
        pub attrs: Vec<(String, String)>,
        pub children: Vec<Element>,
        pub text: String,
        pub line: usize,
        pub column: usize,
    }

    impl Element {
        pub fn child(&self, name: &str) -> Option<&Element> {
            self.children.iter().find(|c| c.name == name)
        }
        pub fn attr(&self, name: &str) -> Option<&str> {
            self.attrs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
        }
        pub fn err(&self, message: String) -> MetError {
            MetError::Syntax { line: self.line, column: self.column, message }
        }
    }

    struct Reader<'a> {
        s: &'a str,
        pos: usize,
    }

    impl<'a> Reader<'a> {
        fn location(&self, at: usize) -> (usize, usize) {
            let before = &self.s[..at];
            let line = before.matches('\n').count() + 1;
            let column = before.rfind('\n').map_or(before.chars().count(), |i| before[i + 1..].chars().count()) + 1;
            (line, column)
        }
        fn err(&self, at: usize, message: impl Into<String>) -> MetError {
            let (line, column) = self.location(at);
            MetError::Syntax { line, column, message: message.into() }
        }
        fn rest(&self) -> &'a str {
            &self.s[self.pos..]
        }
        fn skip_ws(&mut self) {
            let r = self.rest();
            self.pos += r.len() - r.trim_start().len();
        }
        /// Skips past `end`, or fails with `what` unterminated.
        fn skip_past(&mut self, end: &str, what: &str) -> Result<(), MetError> {
            match self.rest().find(end) {
                Some(i) => {
                    self.pos += i + end.len();
                    Ok(())
                }
                None => Err(self.err(self.pos, format!("unterminated {what}"))),
            }
        }
        /// Skips comments, processing instructions and declarations.
        fn skip_misc(&mut self) -> Result<(), MetError> {
            loop {
                self.skip_ws();
                let r = self.rest();
                if r.starts_with("<!--") {
                    self.skip_past("-->", "comment")?;
                } else if r.starts_with("<?") {
                    self.skip_past("?>", "processing instruction")?;
                } else if r.starts_with("<!") {
                    self.skip_past(">", "declaration")?;
                } else {
                    return Ok(());
                }
            }
        }
        fn name(&mut self) -> Result<String, MetError> {
            let r = self.rest();
            let n = r.find(|c: char| !(c.is_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))).unwrap_or(r.len());
            if n == 0 {
                return Err(self.err(self.pos, "expected a name"));
            }
            self.pos += n;
            Ok(r[..n].to_string())
        }
        fn element(&mut self, depth: usize) -> Result<Element, MetError> {
            let start = self.pos;
            if depth > MAX_DEPTH {
                return Err(self.err(start, "elements nested too deeply"));
            }
            if !self.rest().starts_with('<') {
                return Err(self.err(start, "expected an element"));
            }
            self.pos += 1;
            let (line, column) = self.location(start);
            let mut e = Element { name: self.name()?, line, column, ..Element::default() };
            loop {
                self.skip_ws();
                let r = self.rest();
                if r.starts_with("/>") {
                    self.pos += 2;
                    return Ok(e);
                }
                if r.starts_with('>') {
                    self.pos += 1;
                    break;
                }
                let key = self.name()?;
                self.skip_ws();
                if !self.rest().starts_with('=') {
                    return Err(self.err(self.pos, format!("expected '=' after attribute {key}")));
                }
                self.pos += 1;
                self.skip_ws();
                let q = match self.rest().chars().next() {
                    Some(c @ ('"' | '\'')) => c,
                    _ => return Err(self.err(self.pos, "expected a quoted attribute value")),
                };
                self.pos += 1;
                let Some(end) = self.rest().find(q) else {
                    return Err(self.err(self.pos, "unterminated attribute value"));
                };
                let v = unescape(&self.rest()[..end]);
                self.pos += end + 1;
                e.attrs.push((key, v));
            }
            loop {
                let r = self.rest();
                if r.is_empty() {
                    return Err(self.err(start, format!("element <{}> is not closed", e.name)));
                }
                if r.starts_with("</") {
                    let at = self.pos;
                    self.pos += 2;
                    let n = self.name()?;
                    if n != e.name {
                        return Err(self.err(at, format!("</{n}> closes <{}>", e.name)));
                    }
                    self.skip_ws();
                    if !self.rest().starts_with('>') {
                        return Err(self.err(self.pos, "expected '>'"));
                    }
                    self.pos += 1;
                    return Ok(e);
                }
                if r.starts_with("<!--") {
                    self.skip_past("-->", "comment")?;
                } else if r.starts_with("<![CDATA[") {
                    self.pos += 9;
                    let Some(end) = self.rest().find("]]>") else {
                        return Err(self.err(self.pos, "unterminated CDATA section"));
                    };
                    e.text.push_str(&self.rest()[..end]);
                    self.pos += end + 3;
                } else if r.starts_with("<?") {
                    self.skip_past("?>", "processing instruction")?;
                } else if r.starts_with('<') {
                    let child = self.element(depth + 1)?;
                    e.children.push(child);
                } else {
                    let end = r.find('<').unwrap_or(r.len());
                    e.text.push_str(&unescape(&r[..end]));
                    self.pos += end;
                }
            }
        }
    }

    fn unescape(s: &str) -> String {
        if !s.contains('&') {
            return s.to_string();
        }
        s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&")
    }

    /// The root element of `text`.
    pub fn parse(text: &str) -> Result<Element, MetError> {
        let mut r = Reader { s: text, pos: 0 };
        r.skip_misc()?;
        let root = r.element(0)?;
        r.skip_misc()?;
        if !r.rest().is_empty() {
            return Err(r.err(r.pos, "text after the root element"));
        }
        Ok(root)
    }
}

// Published figures (see the module documentation for sources). Row i, column j: MWC of a player
// (i+1)-away against (j+1)-away. The post-Crawford row: MWC of a trailer (j+1)-away.
const KAZAROSS_XG2_PRE: [[f64; 25]; 25] = [
    [
        0.50000, 0.67736, 0.75076, 0.81436, 0.84179, 0.88731, 0.90724, 0.93250, 0.94402, 0.959275, 0.966442, 0.975534,
        0.979845, 0.985273, 0.987893, 0.99114, 0.99273, 0.99467, 0.99563, 0.99679, 0.99737, 0.99807, 0.99842, 0.99884,
        0.99905,
    ],
    [
        0.32264, 0.50000, 0.59947, 0.66870, 0.74359, 0.79940, 0.84225, 0.87539, 0.90197, 0.923034, 0.939311, 0.952470,
        0.962495, 0.970701, 0.976887, 0.98196, 0.98580, 0.98893, 0.99129, 0.99322, 0.99466, 0.99585, 0.99675, 0.99746,
        0.99802,
    ],
    [
        0.24924, 0.40053, 0.50000, 0.57150, 0.64795, 0.71123, 0.76209, 0.80468, 0.84017, 0.870638, 0.894417, 0.914831,
        0.930702, 0.944426, 0.954931, 0.96399, 0.97093, 0.97687, 0.98139, 0.98522, 0.98814, 0.99062, 0.99248, 0.99407,
        0.99527,
    ],
    [
        0.18564, 0.33130, 0.42850, 0.50000, 0.57732, 0.64285, 0.69924, 0.74577, 0.78799, 0.824059, 0.853955, 0.879141,
        0.900233, 0.918040, 0.932657, 0.94495, 0.95499, 0.96341, 0.97021, 0.97589, 0.98044, 0.98422, 0.98726, 0.98975,
        0.99174,
    ],
    [
        0.15821, 0.25641, 0.35205, 0.42268, 0.50000, 0.56635, 0.62638, 0.67786, 0.72540, 0.767055, 0.802732, 0.833654,
        0.859934, 0.882866, 0.902013, 0.91847, 0.93223, 0.94397, 0.95367, 0.96189, 0.96864, 0.97432, 0.97896, 0.98283,
        0.98600,
    ],
    [
        0.11269, 0.20060, 0.28877, 0.35715, 0.43365, 0.50000, 0.56261, 0.61636, 0.66787, 0.713057, 0.753427, 0.788634,
        0.819569, 0.846648, 0.869999, 0.89021, 0.90756, 0.92246, 0.93508, 0.94583, 0.95488, 0.96254, 0.96894, 0.97432,
        0.97879,
    ],
    [
        0.09276, 0.15775, 0.23791, 0.30076, 0.37362, 0.43739, 0.50000, 0.55480, 0.60854, 0.656283, 0.700209, 0.739054,
        0.774121, 0.805203, 0.832566, 0.85659, 0.87761, 0.89591, 0.91171, 0.92535, 0.93702, 0.94703, 0.95553, 0.96276,
        0.96887,
    ],
    [
        0.06750, 0.12461, 0.19532, 0.25423, 0.32214, 0.38364, 0.44520, 0.50000, 0.55442, 0.603718, 0.649899, 0.691356,
        0.729447, 0.763593, 0.794397, 0.82158, 0.84578, 0.86714, 0.88589, 0.90230, 0.91658, 0.92898, 0.93968, 0.94891,
        0.95682,
    ],
    [
        0.05598, 0.09803, 0.15983, 0.21201, 0.27460, 0.33213, 0.39146, 0.44558, 0.50000, 0.550196, 0.597926, 0.641481,
        0.682119, 0.718927, 0.752814, 0.78301, 0.81037, 0.83483, 0.85662, 0.87591, 0.89294, 0.90791, 0.92098, 0.93240,
        0.94230,
    ],
    [
        0.040725, 0.076966, 0.129362, 0.175941, 0.232945, 0.286943, 0.343717, 0.396282, 0.449804, 0.500000, 0.548547,
        0.593459, 0.635880, 0.674830, 0.711113, 0.74371, 0.77375, 0.80093, 0.82543, 0.84741, 0.86703, 0.88448, 0.89991,
        0.91353, 0.92550,
    ],
    [
        0.033558, 0.060689, 0.105583, 0.146045, 0.197268, 0.246573, 0.299791, 0.350101, 0.402074, 0.451453, 0.500000,
        0.545552, 0.589242, 0.629736, 0.667927, 0.70303, 0.73530, 0.76494, 0.79198, 0.81648, 0.83862, 0.85849, 0.87629,
        0.89214, 0.90622,
    ],
    [
        0.024466, 0.047530, 0.085169, 0.120859, 0.166346, 0.211366, 0.260946, 0.308644, 0.358519, 0.406541, 0.454448,
        0.500000, 0.544068, 0.585701, 0.625259, 0.66178, 0.69610, 0.72778, 0.75703, 0.78381, 0.80826, 0.83044, 0.85051,
        0.86856, 0.88476,
    ],
    [
        0.020155, 0.037505, 0.069298, 0.099767, 0.140066, 0.180431, 0.225879, 0.270553, 0.317881, 0.364120, 0.410758,
        0.455932, 0.500000, 0.541943, 0.582545, 0.62036, 0.65619, 0.68966, 0.72081, 0.74963, 0.77619, 0.80054, 0.82276,
        0.84295, 0.86123,
    ],
    [
        0.014727, 0.029299, 0.055574, 0.081960, 0.117134, 0.153352, 0.194797, 0.236407, 0.281073, 0.325170, 0.370264,
        0.414299, 0.458057, 0.500000, 0.540750, 0.57942, 0.61634, 0.65117, 0.68391, 0.71448, 0.74290, 0.76917, 0.79339,
        0.81559, 0.83586,
    ],
    [
        0.012107, 0.023113, 0.045069, 0.067343, 0.097987, 0.130001, 0.167434, 0.205603, 0.247186, 0.288887, 0.332073,
        0.374741, 0.417455, 0.459250, 0.500000, 0.53916, 0.57679, 0.61261, 0.64659, 0.67859, 0.70862, 0.73664, 0.76265,
        0.78669, 0.80883,
    ],
    [
        0.00886, 0.01804, 0.03601, 0.05505, 0.08153, 0.10979, 0.14341, 0.17842, 0.21699, 0.25629, 0.29697, 0.33822,
        0.37964, 0.42058, 0.46084, 0.50000, 0.53796, 0.57441, 0.60929, 0.64241, 0.67376, 0.70323, 0.73084, 0.75657,
        0.78046,
    ],
    [
        0.00727, 0.01420, 0.02907, 0.04501, 0.06777, 0.09244, 0.12239, 0.15422, 0.18963, 0.22625, 0.26470, 0.30390,
        0.34381, 0.38366, 0.42321, 0.46204, 0.50000, 0.53676, 0.57222, 0.60618, 0.63856, 0.66925, 0.69822, 0.72542,
        0.75087,
    ],
    [
        0.00533, 0.01107, 0.02313, 0.03659, 0.05603, 0.07754, 0.10409, 0.13286, 0.16517, 0.19907, 0.23506, 0.27222,
        0.31034, 0.34883, 0.38739, 0.42559, 0.46324, 0.50000, 0.53574, 0.57023, 0.60336, 0.63501, 0.66510, 0.69356,
        0.72038,
    ],
    [
        0.00437, 0.00871, 0.01861, 0.02979, 0.04633, 0.06492, 0.08829, 0.11411, 0.14338, 0.17457, 0.20802, 0.24297,
        0.27919, 0.31609, 0.35341, 0.39071, 0.42778, 0.46426, 0.50000, 0.53475, 0.56838, 0.60073, 0.63171, 0.66122,
        0.68921,
    ],
    [
        0.00321, 0.00678, 0.01478, 0.02411, 0.03811, 0.05417, 0.07465, 0.09770, 0.12409, 0.15259, 0.18352, 0.21619,
        0.25037, 0.28552, 0.32141, 0.35759, 0.39382, 0.42977, 0.46525, 0.50000, 0.53387, 0.56667, 0.59830, 0.62864,
        0.65760,
    ],
    [
        0.00263, 0.00534, 0.01186, 0.01956, 0.03136, 0.04512, 0.06298, 0.08342, 0.10706, 0.13297, 0.16138, 0.19174,
        0.22381, 0.25710, 0.29138, 0.32624, 0.36144, 0.39664, 0.43162, 0.46613, 0.50000, 0.53303, 0.56508, 0.59603,
        0.62576,
    ],
    [
        0.00193, 0.00415, 0.00938, 0.01578, 0.02568, 0.03746, 0.05297, 0.07102, 0.09209, 0.11552, 0.14151, 0.16956,
        0.19946, 0.23083, 0.26336, 0.29677, 0.33075, 0.36499, 0.39927, 0.43333, 0.46697, 0.50000, 0.53226, 0.56360,
        0.59391,
    ],
    [
        0.00158, 0.00325, 0.00752, 0.01274, 0.02104, 0.03106, 0.04447, 0.06032, 0.07902, 0.10009, 0.12371, 0.14949,
        0.17724, 0.20661, 0.23735, 0.26916, 0.30178, 0.33490, 0.36829, 0.40170, 0.43492, 0.46774, 0.50000, 0.53153,
        0.56221,
    ],
    [
        0.00116, 0.00254, 0.00593, 0.01025, 0.01717, 0.02568, 0.03724, 0.05109, 0.06760, 0.08647, 0.10786, 0.13144,
        0.15705, 0.18441, 0.21331, 0.24343, 0.27458, 0.30644, 0.33878, 0.37136, 0.40397, 0.43640, 0.46847, 0.50000,
        0.53086,
    ],
    [
        0.00095, 0.00198, 0.00473, 0.00826, 0.01400, 0.02121, 0.03113, 0.04318, 0.05770, 0.07450, 0.09378, 0.11524,
        0.13877, 0.16414, 0.19117, 0.21954, 0.24913, 0.27962, 0.31079, 0.34240, 0.37424, 0.40609, 0.43779, 0.46914,
        0.50000,
    ],
];
const KAZAROSS_XG2_POST: [f64; 25] = [
    0.500000, 0.48803, 0.32264, 0.31002, 0.19012, 0.18072, 0.11559, 0.10906, 0.06953, 0.065161, 0.042069, 0.039060,
    0.025371, 0.023428, 0.015304, 0.014050, 0.009240, 0.008420, 0.005560, 0.005050, 0.003360, 0.003030, 0.002030,
    0.001820, 0.001230,
];
const WOOLSEY_PRE: [[f64; 15]; 15] = [
    [0.50, 0.70, 0.75, 0.83, 0.85, 0.90, 0.91, 0.94, 0.95, 0.97, 0.97, 0.98, 0.98, 0.99, 0.99],
    [0.30, 0.50, 0.60, 0.68, 0.75, 0.81, 0.85, 0.88, 0.91, 0.93, 0.94, 0.95, 0.96, 0.97, 0.98],
    [0.25, 0.40, 0.50, 0.59, 0.66, 0.71, 0.76, 0.80, 0.84, 0.87, 0.90, 0.92, 0.94, 0.95, 0.96],
    [0.17, 0.32, 0.41, 0.50, 0.58, 0.64, 0.70, 0.75, 0.79, 0.83, 0.86, 0.88, 0.90, 0.92, 0.93],
    [0.15, 0.25, 0.34, 0.42, 0.50, 0.57, 0.63, 0.68, 0.73, 0.77, 0.81, 0.84, 0.87, 0.89, 0.90],
    [0.10, 0.19, 0.29, 0.36, 0.43, 0.50, 0.56, 0.62, 0.67, 0.72, 0.76, 0.79, 0.82, 0.85, 0.87],
    [0.09, 0.15, 0.24, 0.30, 0.37, 0.44, 0.50, 0.56, 0.61, 0.66, 0.70, 0.74, 0.78, 0.81, 0.84],
    [0.06, 0.12, 0.20, 0.25, 0.32, 0.38, 0.44, 0.50, 0.55, 0.60, 0.65, 0.69, 0.73, 0.77, 0.80],
    [0.05, 0.09, 0.16, 0.21, 0.27, 0.33, 0.39, 0.45, 0.50, 0.55, 0.60, 0.64, 0.68, 0.72, 0.76],
    [0.03, 0.07, 0.13, 0.17, 0.23, 0.28, 0.34, 0.40, 0.45, 0.50, 0.55, 0.60, 0.64, 0.68, 0.71],
    [0.03, 0.06, 0.10, 0.14, 0.19, 0.24, 0.30, 0.35, 0.40, 0.45, 0.50, 0.55, 0.59, 0.63, 0.67],
    [0.02, 0.05, 0.08, 0.12, 0.16, 0.21, 0.26, 0.31, 0.36, 0.40, 0.45, 0.50, 0.54, 0.58, 0.62],
    [0.02, 0.04, 0.06, 0.10, 0.13, 0.18, 0.22, 0.27, 0.32, 0.36, 0.41, 0.46, 0.50, 0.54, 0.58],
    [0.01, 0.03, 0.05, 0.08, 0.11, 0.15, 0.19, 0.23, 0.28, 0.32, 0.37, 0.42, 0.46, 0.50, 0.54],
    [0.01, 0.02, 0.04, 0.07, 0.10, 0.13, 0.16, 0.20, 0.24, 0.29, 0.33, 0.38, 0.42, 0.46, 0.50],
];
const WOOLSEY_POST: [f64; 15] =
    [0.50, 0.485, 0.30, 0.296, 0.18, 0.18, 0.10, 0.10, 0.06, 0.06, 0.04, 0.04, 0.02, 0.02, 0.01];
