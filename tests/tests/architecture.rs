//! The workspace's shape, checked from its source: no library crate depends on front-end crates
//! (clap, indicatif, rustyline), and no module of a library crate imports a module that imports it
//! back, directly or through others: neither file by file nor between the top-level modules (the
//! layers) of a crate.
//!
//! Imports are read from the text: `crate::`, `super::` and `self::` paths (`use` groups expanded),
//! and a parent's paths into its own child modules. Re-exports (`pub use`) are not dependencies: a
//! path through one is followed to the module that defines the item. Test modules (`tests.rs`,
//! `#[cfg(test)] mod …`) are left out: a test may look at anything.

use petgraph::algo::tarjan_scc;
use petgraph::graph::DiGraph;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const LIBRARY_CRATES: &[&str] = &["engine-core", "backgammon", "go", "patterns"];
const FRONT_END_CRATES: &[&str] = &["clap", "indicatif", "rustyline", "crossterm", "termion", "console"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// The source with comments, string and char literals blanked (lengths kept), and test modules cut.
fn code_of(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                out.push(b' ');
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    out.extend(b"  ");
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    out.extend(b"  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(if b[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
            }
        } else if b[i] == b'r' && (b[i..].starts_with(b"r\"") || b[i..].starts_with(b"r#")) && !ident_byte(prev(b, i)) {
            // raw string r#*"..."#*
            let mut j = i + 1;
            let mut hashes = 0;
            while j < b.len() && b[j] == b'#' {
                hashes += 1;
                j += 1;
            }
            if j < b.len() && b[j] == b'"' {
                let mut end = j + 1;
                loop {
                    if end >= b.len() {
                        break;
                    }
                    if b[end] == b'"' && b[end + 1..].iter().take(hashes).filter(|&&c| c == b'#').count() == hashes {
                        end += 1 + hashes;
                        break;
                    }
                    end += 1;
                }
                out.extend(std::iter::repeat_n(b' ', end.min(b.len()) - i));
                i = end.min(b.len());
            } else {
                out.push(b[i]);
                i += 1;
            }
        } else if b[i] == b'"' {
            out.push(b' ');
            i += 1;
            while i < b.len() && b[i] != b'"' {
                let n = if b[i] == b'\\' { 2 } else { 1 };
                for _ in 0..n.min(b.len() - i) {
                    out.push(if b[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
            }
            out.push(b' ');
            i += 1;
        } else if b[i] == b'\'' {
            // a char literal ('x', '\n', '\u{..}') or a lifetime ('a)
            let close = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..].iter().position(|&c| c == b'\'').map(|p| i + 2 + p)
            } else if b.get(i + 2) == Some(&b'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(c) => {
                    out.extend(std::iter::repeat_n(b' ', c + 1 - i));
                    i = c + 1;
                }
                None => {
                    out.push(b[i]);
                    i += 1;
                }
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    let mut code = String::from_utf8_lossy(&out).into_owned();
    // Cut `#[cfg(test)] mod name { … }` blocks (and `#[cfg(test)] mod name;`).
    while let Some(at) = find_test_module(&code) {
        let open = code[at..].find(['{', ';']).map(|p| at + p).unwrap();
        let end = if code.as_bytes()[open] == b';' { open + 1 } else { matching_brace(&code, open) + 1 };
        code.replace_range(at..end, &" ".repeat(end - at));
    }
    code
}

fn prev(b: &[u8], i: usize) -> u8 {
    if i == 0 {
        b' '
    } else {
        b[i - 1]
    }
}

fn ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn find_test_module(code: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(p) = code[from..].find("#[cfg(test)]") {
        let at = from + p;
        let rest = code[at + 12..].trim_start();
        let rest = rest.strip_prefix("pub ").unwrap_or(rest).trim_start();
        if rest.starts_with("mod ") {
            return Some(at);
        }
        from = at + 12;
    }
    None
}

fn matching_brace(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, c) in code.bytes().enumerate().skip(open) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    code.len() - 1
}

/// One module file of a crate.
struct Module {
    /// `eval::net`; the crate root is ``.
    path: String,
    code: String,
    /// Child modules declared in the file (`mod x;`).
    children: Vec<String>,
}

fn modules(src: &Path) -> Vec<Module> {
    let mut out = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if p.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = p.strip_prefix(src).unwrap();
            let mut segs: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
            let last = segs.pop().unwrap();
            let stem = last.trim_end_matches(".rs");
            if stem == "tests" || segs.iter().any(|s| s == "tests" || s == "bin") || stem == "main" {
                continue;
            }
            if stem != "mod" && stem != "lib" {
                segs.push(stem.to_string());
            }
            let code = code_of(&std::fs::read_to_string(&p).unwrap());
            let children = declared_children(&code);
            out.push(Module { path: segs.join("::"), code, children });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

fn declared_children(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for stmt in code.split(';') {
        let words: Vec<&str> = stmt.split_whitespace().collect();
        let n = words.len();
        if n >= 2 && words[n - 2] == "mod" && words[n - 1].bytes().all(ident_byte) {
            out.push(words[n - 1].to_string());
        }
    }
    out
}

/// Paths named in `code` after `start` (`crate::`, `super::`, …): each a list of segments, `use`
/// groups expanded. The flag says whether the path is in a `pub use` (a re-export).
fn paths_after(code: &str, keyword: &str) -> Vec<(Vec<String>, bool)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(p) = code[from..].find(keyword) {
        let at = from + p;
        from = at + keyword.len();
        if ident_byte(prev(b, at)) || (at >= 2 && &code[at - 2..at] == "::") {
            continue;
        }
        let reexport = statement_start(code, at).starts_with("pub");
        let mut paths = Vec::new();
        parse_tree(code, at, Vec::new(), &mut paths);
        out.extend(paths.into_iter().map(|p| (p, reexport)));
    }
    out
}

/// The text of the statement `at` is in, from its start.
fn statement_start(code: &str, at: usize) -> &str {
    let b = code.as_bytes();
    let mut depth = 0i32;
    let mut i = at;
    while i > 0 {
        i -= 1;
        match b[i] {
            b'}' => depth += 1,
            b'{' if depth > 0 => depth -= 1,
            b'{' | b';' if depth == 0 => return code[i + 1..at].trim_start(),
            b';' => {}
            _ => {}
        }
    }
    code[..at].trim_start()
}

fn parse_tree(code: &str, mut i: usize, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let b = code.as_bytes();
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < b.len() && b[i] == b'{' {
            i += 1;
            loop {
                i = parse_tree(code, i, prefix.clone(), out);
                while i < b.len() && b[i].is_ascii_whitespace() {
                    i += 1;
                }
                match b.get(i) {
                    Some(b',') => i += 1,
                    Some(b'}') => return i + 1,
                    _ => return i,
                }
                while i < b.len() && b[i].is_ascii_whitespace() {
                    i += 1;
                }
                if b.get(i) == Some(&b'}') {
                    return i + 1;
                }
            }
        }
        let start = i;
        while i < b.len() && (ident_byte(b[i]) || b[i] == b'*') {
            i += 1;
        }
        if i > start {
            prefix.push(code[start..i].to_string());
        }
        if code[i..].starts_with("::") {
            i += 2;
            continue;
        }
        if !prefix.is_empty() {
            out.push(prefix);
        }
        return i;
    }
}

/// A crate's module graph: edges by module path.
fn edges(modules: &[Module]) -> BTreeMap<String, BTreeSet<String>> {
    let known: BTreeSet<&str> = modules.iter().map(|m| m.path.as_str()).collect();
    let parent = |p: &str| p.rsplit_once("::").map_or(String::new(), |(a, _)| a.to_string());
    // Absolute paths of everything each module names, and its re-exports (name -> absolute path).
    let mut named: BTreeMap<&str, Vec<Vec<String>>> = BTreeMap::new();
    let mut reexports: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for m in modules {
        let mut found: Vec<(Vec<String>, bool)> = Vec::new();
        for (path, re) in paths_after(&m.code, "crate::") {
            found.push((path[1..].to_vec(), re));
        }
        for (path, re) in paths_after(&m.code, "super::") {
            let mut base = parent(&m.path);
            let mut rest = &path[..];
            while rest.first().map(String::as_str) == Some("super") {
                rest = &rest[1..];
                if rest.first().map(String::as_str) == Some("super") {
                    base = parent(&base);
                }
            }
            let mut abs: Vec<String> = base.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
            abs.extend(rest.iter().cloned());
            found.push((abs, re));
        }
        for (path, re) in paths_after(&m.code, "self::") {
            let mut abs: Vec<String> = m.path.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
            abs.extend(path[1..].iter().cloned());
            found.push((abs, re));
        }
        // A parent's own paths into its children: `child::Item`, `use child::…`.
        for child in &m.children {
            for (path, re) in paths_after(&m.code, &format!("{child}::")) {
                let mut abs: Vec<String> = m.path.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
                abs.extend(path);
                found.push((abs, re));
            }
        }
        for (abs, re) in found {
            if re {
                if let Some(name) = abs.last() {
                    reexports.entry(m.path.clone()).or_default().insert(name.clone(), abs.clone());
                }
            } else {
                named.entry(&m.path).or_default().push(abs);
            }
        }
    }
    // The module an absolute path leads to, re-exports followed.
    let resolve = |abs: &[String]| -> Option<String> {
        let mut abs = abs.to_vec();
        for _ in 0..8 {
            let mut k = abs.len();
            while k > 0 && !known.contains(abs[..k].join("::").as_str()) {
                k -= 1;
            }
            let module = abs[..k].join("::");
            if !known.contains(module.as_str()) {
                return None;
            }
            match abs.get(k).and_then(|name| reexports.get(&module).and_then(|r| r.get(name))) {
                Some(target) if target[..] != abs[..] => {
                    let mut next = target.clone();
                    next.extend(abs[k + 1..].iter().cloned());
                    abs = next;
                }
                _ => return Some(module),
            }
        }
        None
    };
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in modules {
        let set = graph.entry(m.path.clone()).or_default();
        for abs in named.get(m.path.as_str()).into_iter().flatten() {
            if let Some(target) = resolve(abs) {
                if target != m.path && !target.is_empty() {
                    set.insert(target);
                }
            }
        }
    }
    graph
}

/// The cycles (strongly connected components of more than one module) of a graph.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let mut g = DiGraph::<&str, ()>::new();
    let mut index = BTreeMap::new();
    for name in graph.keys() {
        index.insert(name.as_str(), g.add_node(name.as_str()));
    }
    for (from, tos) in graph {
        for to in tos {
            if let Some(&t) = index.get(to.as_str()) {
                g.add_edge(index[from.as_str()], t, ());
            }
        }
    }
    let mut out: Vec<Vec<String>> = tarjan_scc(&g)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut names: Vec<String> = c.iter().map(|&n| g[n].to_string()).collect();
            names.sort();
            names
        })
        .collect();
    out.sort();
    out
}

/// The top-level modules' graph: `eval::net -> rollout` becomes `eval -> rollout`.
fn layers(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    let top = |p: &str| p.split("::").next().unwrap_or("").to_string();
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, tos) in graph {
        let set = out.entry(top(from)).or_default();
        for to in tos {
            if top(to) != top(from) {
                set.insert(top(to));
            }
        }
    }
    out
}

fn describe(graph: &BTreeMap<String, BTreeSet<String>>, cycle: &[String]) -> String {
    let members: BTreeSet<&String> = cycle.iter().collect();
    let mut lines = Vec::new();
    for from in cycle {
        for to in graph.get(from).into_iter().flatten().filter(|t| members.contains(t)) {
            lines.push(format!("    {from} -> {to}"));
        }
    }
    lines.join("\n")
}

#[test]
fn library_crates_hold_no_front_end_dependency() {
    let mut found = Vec::new();
    for krate in LIBRARY_CRATES {
        let manifest = std::fs::read_to_string(workspace().join(krate).join("Cargo.toml")).unwrap();
        let mut section = String::new();
        for line in manifest.lines() {
            let line = line.trim();
            if line.starts_with('[') {
                section = line.to_string();
                continue;
            }
            if section != "[dependencies]" {
                continue;
            }
            let name = line.split(['=', '.', ' ']).next().unwrap_or("");
            if FRONT_END_CRATES.contains(&name) {
                found.push(format!("{krate} depends on {name}"));
            }
        }
    }
    assert!(found.is_empty(), "front-end crates in library crates:\n{}", found.join("\n"));
}

#[test]
fn no_module_imports_a_module_that_imports_it() {
    let mut report = Vec::new();
    for krate in LIBRARY_CRATES {
        let mods = modules(&workspace().join(krate).join("src"));
        assert!(mods.len() > 3, "{krate}: modules not found");
        let graph = edges(&mods);
        for cycle in cycles(&graph) {
            report.push(format!("{krate}: modules {}\n{}", cycle.join(", "), describe(&graph, &cycle)));
        }
        let layers = layers(&graph);
        for cycle in cycles(&layers) {
            report.push(format!("{krate}: layers {}\n{}", cycle.join(", "), describe(&layers, &cycle)));
        }
    }
    assert!(report.is_empty(), "{} import cycles:\n{}", report.len(), report.join("\n"));
}

/// The checker itself finds what it must: a cycle through `super::`, a `use` group, a child path and a
/// re-export, and nothing in comments, strings or test modules.
#[test]
fn the_cycle_finder_sees_what_it_must_and_only_that() {
    let m = |path: &str, text: &str| {
        let code = code_of(text);
        Module { path: path.into(), children: declared_children(&code), code }
    };
    let graph = edges(&[
        m("", "pub mod a;\npub mod b;\npub mod c;\npub use a::Thing;"),
        m("a", "use crate::{b::{One, Two}, c};\npub struct Thing;"),
        m("b", "// crate::a::X\nfn f() -> &'static str { \"crate::a\" }\n#[cfg(test)]\nmod tests { use crate::a::Y; }"),
        m("c", "mod inner;\nfn g() { inner::h(); let _ = crate::Thing; }"),
        m("c::inner", "pub fn h() { super::super::b::One; }"),
    ]);
    assert_eq!(graph["a"], BTreeSet::from(["b".to_string(), "c".to_string()]));
    assert!(graph["b"].is_empty(), "{:?}", graph["b"]);
    assert_eq!(graph["c"], BTreeSet::from(["a".to_string(), "c::inner".to_string()]), "re-export followed");
    assert_eq!(graph["c::inner"], BTreeSet::from(["b".to_string()]));
    assert_eq!(cycles(&graph), vec![vec!["a".to_string(), "c".to_string()]]);
}

/// The layers of `backgammon` and `go` are ranked (each crate's `lib.rs` draws the map): a layer
/// imports only layers ranked below it, so two layers of one rank never import each other. In Go
/// the move generator (`genmove`) sits above the analysis it gathers move reasons from.
const RANKS: &[(&str, &[(&str, u8)])] = &[
    (
        "backgammon",
        &[
            ("rules", 0),
            ("eval", 1),
            ("cube", 2),
            ("env", 3),
            ("formats", 3),
            ("analysis", 3),
            ("database", 4),
            ("frontends", 5),
        ],
    ),
    (
        "go",
        &[
            ("rules", 0),
            ("playout", 1),
            ("game", 2),
            ("sgf", 3),
            ("analysis", 3),
            ("genmove", 4),
            ("gtp", 5),
            ("gtp_match", 6),
            ("gmp", 6),
            ("regress", 6),
        ],
    ),
];

#[test]
fn layers_import_only_layers_ranked_below() {
    let mut wrong = Vec::new();
    for (krate, ranks) in RANKS {
        let rank = |m: &str| ranks.iter().find(|(n, _)| *n == m).map(|&(_, r)| r);
        let graph = layers(&edges(&modules(&workspace().join(krate).join("src"))));
        assert!(graph.len() > 3, "{krate}: layers not found");
        for (from, tos) in &graph {
            if from.is_empty() {
                continue; // lib.rs: the map and the re-exports
            }
            let Some(r) = rank(from) else {
                wrong.push(format!("{krate}: {from} is a top-level module outside the map"));
                continue;
            };
            for to in tos {
                if rank(to).is_none_or(|t| t >= r) {
                    wrong.push(format!("{krate}: {from} -> {to}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "layers out of order:\n{}", wrong.join("\n"));
}
