//! `eyes.db` eye-shape databases through the eye-graph reader and the graph matcher: every shape read
//! must find a match when asked with its own labels, and write back as text that reads again.
#![no_main]
use libfuzzer_sys::fuzz_target;
use patterns::eye_db::{Content, EyeDb, QueryGraph, QueryVertex};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let db = EyeDb::parse("eyes.db", &text);
    for g in db.graphs.iter().take(64) {
        let q = QueryGraph {
            vertices: g
                .vertices
                .iter()
                .map(|v| QueryVertex { marginal: v.marginal, stone: v.content == Content::Stone, edge: v.edge })
                .collect(),
            adj: g.adj.clone(),
        };
        assert!(db.find(&q).is_some(), "pattern {} matches nothing", g.name);
        let _ = EyeDb::parse("eyes.db", &g.to_text());
    }
});
