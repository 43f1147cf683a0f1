//! Match equity tables: the published figures, MWC and NEMG as the GNU Backgammon manual defines
//! them, and the gnubg MET XML parser (against the tables gnubg installs, when present).

use backgammon::cube::met::{MatchEquityTable, MatchScore, MetError};
use backgammon::eval::Probabilities;
use proptest::prelude::*;

#[test]
fn published_figures_spot_checks() {
    let k = MatchEquityTable::kazaross_xg2();
    assert_eq!(k.length(), 25);
    // Kazaross XG2: 1-away/2-away (Crawford) 67.736%, 2-away/3-away 59.947%
    assert_eq!(k.pre(1, 2).unwrap(), 0.67736);
    assert_eq!(k.pre(2, 3).unwrap(), 0.59947);
    assert_eq!(k.pre(25, 25).unwrap(), 0.5);
    let w = MatchEquityTable::woolsey();
    assert_eq!(w.length(), 15);
    assert_eq!(w.pre(3, 7).unwrap(), 0.76);
    assert_eq!(w.pre(4, 6).unwrap(), 0.64);
    assert_eq!(w.post(2, 0).unwrap(), 0.485);
    assert!(k.pre(26, 1).is_err() && w.pre(16, 3).is_err() && w.pre(0, 3).is_err());
}

#[test]
fn tables_are_consistent() {
    for t in [MatchEquityTable::kazaross_xg2(), MatchEquityTable::woolsey()] {
        let n = t.length() as u32;
        for i in 1..=n {
            assert_eq!(t.pre(i, i).unwrap(), 0.5, "{} {i}-away both", t.name());
            for j in 1..=n {
                // complementary, and the further behind the worse
                let s = t.pre(i, j).unwrap() + t.pre(j, i).unwrap();
                assert!((s - 1.0).abs() < 1e-4, "{} {i}/{j}: {s}", t.name());
                if j > 1 {
                    assert!(t.pre(i, j).unwrap() >= t.pre(i, j - 1).unwrap());
                }
            }
            if i > 1 {
                assert!(t.post(i, 0).unwrap() <= t.post(i - 1, 0).unwrap());
            }
        }
    }
}

#[test]
fn crawford_and_post_crawford_entries() {
    let k = MatchEquityTable::kazaross_xg2();
    // the Crawford game at 1-away/3-away uses the pre-Crawford table
    assert_eq!(k.mwc(MatchScore::new(1, 3, true)).unwrap(), k.pre(1, 3).unwrap());
    // after it, the post-Crawford row
    assert_eq!(k.mwc(MatchScore::new(3, 1, false)).unwrap(), k.post(3, 0).unwrap());
    assert_eq!(k.mwc(MatchScore::new(1, 3, false)).unwrap(), 1.0 - k.post(3, 1).unwrap());
    // winning 2 at 3-away/3-away makes the next game the Crawford game
    let s = MatchScore::new(3, 3, false);
    assert_eq!(k.mwc_after(s, true, 2).unwrap(), k.pre(1, 3).unwrap());
    // losing 1 in the Crawford game: the next game is post-Crawford
    let s = MatchScore::new(1, 3, true);
    assert_eq!(k.mwc_after(s, false, 1).unwrap(), 1.0 - k.post(2, 0).unwrap());
    assert_eq!(k.mwc_after(s, true, 1).unwrap(), 1.0);
    assert_eq!(k.mwc_after(s, false, 4).unwrap(), 0.0);
}

#[test]
fn nemg_table_of_the_manual() {
    // "suppose the score is 3-1 to 5 with the cube on 2: MWC(l)=0% and MWC(w)=50%"
    // (the player with 1 point: 4-away against 2-away)
    for t in [MatchEquityTable::kazaross_xg2(), MatchEquityTable::woolsey()] {
        let s = MatchScore::from_points(5, 1, 3, false);
        assert_eq!(s, MatchScore::new(4, 2, false));
        assert_eq!(t.mwc_after(s, false, 2).unwrap(), 0.0);
        assert_eq!(t.mwc_after(s, true, 2).unwrap(), 0.5);
        for (mwc, nemg) in [(0.0, -1.0), (0.25, 0.0), (0.5, 1.0), (0.75, 2.0), (1.0, 3.0)] {
            assert!((t.nemg(mwc, s, 2).unwrap() - nemg).abs() < 1e-12, "{mwc} -> {nemg}");
        }
        // "a w/g/bg distribution of 0 100 100 - 0 0 0 gives a NEMG of +3" (all gammons win the match)
        let all_gammons = Probabilities::from_f64([1.0, 1.0, 0.0, 0.0, 0.0]);
        let mwc = t.mwc_cubeless(&all_gammons, s, 2).unwrap();
        assert_eq!(t.nemg(mwc, s, 2).unwrap(), 3.0);
        // the manual's cubeless MWC example at 1-3 to 5, cube 2: wins 30% single + 30% gammon,
        // losses 30% single + 10% gammon: 30%*50% + 30%*100% = 45%
        // (1e-6: the probabilities are stored in f32, 0.6 as 0.60000002)
        let p = Probabilities::from_f64([0.6, 0.3, 0.0, 0.1, 0.0]);
        assert!((t.mwc_cubeless(&p, s, 2).unwrap() - 0.45).abs() < 1e-6);
        // gammon value there: (1 - .5) / (.5 - 0) = 1, twice money's 0.5
        assert!((t.gammon_value(s, 2).unwrap() - 1.0).abs() < 1e-12);
        assert_eq!(t.backgammon_value(s, 2).unwrap(), 0.0);
    }
}

#[test]
fn score_from_a_match_id() {
    // the manual's match ID example: 2-4 in a 9 point match
    let st = backgammon::MatchState::from_id("QYkqASAAIAAA").unwrap();
    assert_eq!(MatchScore::of_state(&st, 0), Some(MatchScore::new(7, 5, false)));
    assert_eq!(MatchScore::of_state(&st, 1), Some(MatchScore::new(5, 7, false)));
    let money = backgammon::MatchState::from_id("cAkAAAAAAAAA").unwrap();
    assert_eq!(MatchScore::of_state(&money, 0), None);
}

#[test]
fn gammon_values_far_from_the_end_approach_money() {
    // money: (2 - 1) / (1 - (-1)) = 0.5
    let k = MatchEquityTable::kazaross_xg2();
    let g = k.gammon_value(MatchScore::new(25, 25, false), 1).unwrap();
    assert!((g - 0.5).abs() < 0.05, "gammon value at 25-away: {g}");
}

const SMALL: &str = r#"<?xml version = "1.0"?>
<!DOCTYPE met PUBLIC "-//GNU Backgammon//DTD Match Equity Tables//EN" "met.dtd">
<!-- a 2-point table -->
<met>
  <info><name>Tiny</name><description>test &amp; check</description><length>2</length></info>
  <pre-crawford-table type="explicit">
    <row><me>0.5</me><me>0.7</me></row>
    <row><me>0.3</me><me>0.5</me></row>
  </pre-crawford-table>
  <post-crawford-table type="explicit" player="both">
    <row><me>0.5</me><me>0.49</me></row>
  </post-crawford-table>
</met>
"#;

#[test]
fn parses_a_small_table() {
    let t = MatchEquityTable::from_gnubg_xml(SMALL).unwrap();
    assert_eq!(t.name(), "Tiny");
    assert_eq!(t.description(), "test & check");
    assert_eq!(t.length(), 2);
    assert_eq!(t.pre(1, 2).unwrap(), 0.7);
    assert_eq!(t.post(2, 1).unwrap(), 0.49);
}

#[test]
fn errors_carry_their_location() {
    let bad = SMALL.replace("<me>0.3</me>", "<me>zero</me>");
    match MatchEquityTable::from_gnubg_xml(&bad) {
        Err(MetError::Syntax { line, column, .. }) => assert_eq!((line, column), (8, 10)),
        other => panic!("{other:?}"),
    }
    let bad = SMALL.replace("</row>\n  </post", "</rows>\n  </post");
    match MatchEquityTable::from_gnubg_xml(&bad) {
        Err(MetError::Syntax { line, .. }) => assert_eq!(line, 11),
        other => panic!("{other:?}"),
    }
    let bad = SMALL.replace("<me>0.3</me><me>0.5</me>", "<me>0.3</me>");
    assert!(matches!(MatchEquityTable::from_gnubg_xml(&bad), Err(MetError::Content { .. })));
    let bad = SMALL.replace("0.49", "1.49");
    assert!(matches!(MatchEquityTable::from_gnubg_xml(&bad), Err(MetError::Syntax { line: 11, .. })));
    let mec = SMALL.replace("type=\"explicit\" player", "type=\"mec\" player");
    assert!(MatchEquityTable::from_gnubg_xml(&mec).unwrap_err().to_string().contains("mec"));
}

#[test]
fn gnubgs_installed_tables_load_and_match_the_built_in_figures() {
    let dir = std::path::Path::new("/usr/share/gnubg/met");
    if !test_support::require_path(dir, test_support::GNUBG_METS) {
        return;
    }
    for (file, builtin) in
        [("Kazaross-XG2.xml", MatchEquityTable::kazaross_xg2()), ("woolsey.xml", MatchEquityTable::woolsey())]
    {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let t = MatchEquityTable::from_gnubg_xml(&text).unwrap();
        assert_eq!(t.length(), builtin.length());
        let n = t.length() as u32;
        for i in 1..=n {
            assert_eq!(t.post(i, 0).unwrap(), builtin.post(i, 0).unwrap());
            for j in 1..=n {
                assert_eq!(t.pre(i, j).unwrap(), builtin.pre(i, j).unwrap(), "{file} {i}/{j}");
            }
        }
    }
    // every explicit table gnubg ships parses; parametric ones are refused with a typed error
    let mut explicit = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "xml") && !path.ends_with("catalog.xml") {
            let text = std::fs::read_to_string(&path).unwrap();
            match MatchEquityTable::from_gnubg_xml(&text) {
                Ok(_) => explicit += 1,
                Err(e) => assert!(e.to_string().contains("not supported"), "{}: {e}", path.display()),
            }
        }
    }
    assert!(explicit >= 10, "{explicit} tables parsed");
}

proptest! {
    #[test]
    fn parser_never_panics(s in ".{0,300}") {
        let _ = MatchEquityTable::from_gnubg_xml(&s);
    }

    #[test]
    fn parser_never_panics_on_mutated_tables(cut in 0usize..700, insert in "[<>/=\"a-z0-9. ]{0,8}") {
        let mut s = SMALL.to_string();
        let at = (0..=cut.min(s.len())).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0);
        s.insert_str(at, &insert);
        let _ = MatchEquityTable::from_gnubg_xml(&s);
        let _ = MatchEquityTable::from_gnubg_xml(&s[..at]);
    }

    #[test]
    fn nemg_is_linear_and_mwc_in_range(me in 1u32..=15, opp in 1u32..=15, cube_log in 0u32..4, w in 0.0f64..1.0) {
        let t = MatchEquityTable::woolsey();
        let s = MatchScore::new(me, opp, false);
        let cube = 1 << cube_log;
        let p = Probabilities::from_f64([w, w * 0.3, w * 0.01, (1.0 - w) * 0.2, 0.0]);
        let m = t.mwc_cubeless(&p, s, cube).unwrap();
        prop_assert!((-1e-9..=1.0 + 1e-9).contains(&m));
        // normalising and back gives the MWC again
        let e = t.nemg(m, s, cube).unwrap();
        prop_assert!((t.mwc_of_nemg(e, s, cube).unwrap() - m).abs() < 1e-12);
    }
}
