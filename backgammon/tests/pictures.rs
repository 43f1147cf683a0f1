//! The pictures (`formats::picture`) as people see them: PNG rasterisations checked pixel by
//! pixel where the geometry puts a known chequer, the cube and the dice; the SVG parsed as XML;
//! the `export` commands that write them; and the HTML exports rendered by headless Chromium
//! (a real browser), whose screenshots must show the board and the plot.

use backgammon::formats::picture::board::{self, Colours, GEOMETRY};
use backgammon::formats::picture::plot::{MatchPlot, PlotPoint, WIN_COLOUR};
use backgammon::formats::picture::temperature::{RollResult, TemperatureMap};
use backgammon::formats::picture::{self, PictureError};
use backgammon::frontends::commands::Shell;
use backgammon::{CubeOwner, MatchState, Position};
use resvg::tiny_skia::Pixmap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gammon-pictures-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The opening position after X (player 1) rolled 52, money game, cube centred.
fn opening() -> (Position, MatchState) {
    let pos = Position::from_id("4HPwATDgc/ABMA").unwrap();
    let mut state = MatchState::from_id("cAkAAAAAAAAA").unwrap();
    state.on_roll = 1;
    state.dice = Some((5, 2));
    (pos, state)
}

fn names() -> [String; 2] {
    ["gnubg".to_string(), "root".to_string()]
}

/// The picture's pixel at user coordinates (`x`, `y`) of a picture drawn `scale` times its size
/// and placed at (`dx`, `dy`), as RGB.
struct Shot {
    pixmap: Pixmap,
    scale: f64,
    dx: f64,
    dy: f64,
}

impl Shot {
    fn png(bytes: &[u8], scale: f64) -> Shot {
        Shot { pixmap: Pixmap::decode_png(bytes).expect("a PNG"), scale, dx: 0.0, dy: 0.0 }
    }

    fn rgb(&self, x: f64, y: f64) -> [u8; 3] {
        let px = (self.dx + x * self.scale).floor() as u32;
        let py = (self.dy + y * self.scale).floor() as u32;
        let c = self.pixmap.pixel(px, py).unwrap_or_else(|| panic!("({px}, {py}) is outside the picture")).demultiply();
        [c.red(), c.green(), c.blue()]
    }

    /// Whether the pixel at (`x`, `y`) is `colour` (within a few levels: browsers and
    /// rasterisers round colours differently).
    fn is(&self, (x, y): (f64, f64), colour: [u8; 3]) -> bool {
        let got = self.rgb(x, y);
        got.iter().zip(colour).all(|(&a, b)| a.abs_diff(b) <= 6)
    }

    #[track_caller]
    fn assert(&self, at: (f64, f64), colour: [u8; 3], what: &str) {
        assert!(self.is(at, colour), "{what}: {:?} at {at:?}, expected {colour:?}", self.rgb(at.0, at.1));
    }

    /// How many pixels are `colour`.
    fn count(&self, colour: [u8; 3]) -> usize {
        self.pixmap
            .pixels()
            .iter()
            .filter(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue()].iter().zip(colour).all(|(&a, b)| a.abs_diff(b) <= 6)
            })
            .count()
    }

    /// The bounding box (x0, y0, x1, y1) of the pixels exactly `colour`.
    fn bounds(&self, colour: [u8; 3]) -> Option<(u32, u32, u32, u32)> {
        let w = self.pixmap.width();
        let mut b: Option<(u32, u32, u32, u32)> = None;
        for (i, p) in self.pixmap.pixels().iter().enumerate() {
            let c = p.demultiply();
            if [c.red(), c.green(), c.blue()] == colour {
                let (x, y) = (i as u32 % w, i as u32 / w);
                b = Some(match b {
                    None => (x, y, x, y),
                    Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                });
            }
        }
        b
    }
}

/// Checks the opening position's chequers, cube and dice in a picture of it.
fn check_opening(shot: &Shot) {
    let g = GEOMETRY;
    let [o, x] = Colours::CHEQUER;
    // X (player 1, on roll): 5 on their 6 point, 3 on the 8, 5 on the 13, 2 on the 24
    for (point, n) in [(6, 5), (8, 3), (13, 5), (24, 2)] {
        for k in 0..n {
            shot.assert(g.chequer_centre(1, point, k), x, &format!("X's chequer {k} on their {point} point"));
        }
    }
    // O (player 0): the same on their own points
    for (point, n) in [(6, 5), (8, 3), (13, 5), (24, 2)] {
        for k in 0..n {
            shot.assert(g.chequer_centre(0, point, k), o, &format!("O's chequer {k} on their {point} point"));
        }
    }
    // no third chequer on the 24 point, none on X's 5 point, none on the bar
    for at in [g.chequer_centre(1, 24, 2), g.chequer_centre(1, 5, 0), g.chequer_centre(1, 25, 0)] {
        assert!(!shot.is(at, x) && !shot.is(at, o), "no chequer at {at:?}: {:?}", shot.rgb(at.0, at.1));
    }
    // the centred cube in the middle of the left tray (beside its text "64")
    let (cx, cy) = g.cube_centre(None);
    let inside = g.cube / 2.0 - 5.0;
    shot.assert((cx - inside, cy - inside), Colours::CUBE, "the centred cube");
    shot.assert((cx + inside, cy + inside), Colours::CUBE, "the centred cube");
    let (ox, oy) = g.cube_centre(Some(0));
    shot.assert((ox, oy), Colours::TRAY, "no cube at O's end");
    // X's dice, 5 and 2, in X's (right) half: the body between the pips, a pip where a 5 has one
    let (d1x, d1y) = g.die_centre(1, 0);
    shot.assert((d1x, d1y - g.die / 4.0), x, "the body of X's first die");
    shot.assert((d1x, d1y), o, "the middle pip of the 5");
    let (d2x, d2y) = g.die_centre(1, 1);
    shot.assert((d2x, d2y), x, "the 2 has no middle pip");
    shot.assert((d2x - g.die / 4.0, d2y - g.die / 4.0), o, "the 2's first pip");
    // nothing in O's half
    shot.assert(g.die_centre(0, 0), Colours::FIELD, "no die on O's side");
}

#[test]
fn the_png_shows_chequers_cube_and_dice_where_the_geometry_puts_them() {
    let (pos, state) = opening();
    let svg = board::svg(&pos, &state, &names(), 15);
    for width in [None, Some(888), Some(1184)] {
        let bytes = picture::png(&svg, width).unwrap();
        let scale = f64::from(width.unwrap_or(592)) / GEOMETRY.width();
        let shot = Shot::png(&bytes, scale);
        assert_eq!(f64::from(shot.pixmap.width()), (GEOMETRY.width() * scale).round());
        assert_eq!(f64::from(shot.pixmap.height()), (GEOMETRY.height() * scale).round());
        check_opening(&shot);
        // the same picture gives the same bytes
        assert_eq!(bytes, picture::png(&svg, width).unwrap());
    }
}

#[test]
fn an_owned_cube_bar_chequers_tall_stacks_and_borne_off_chequers_are_drawn() {
    // X on roll: 12 on their 6 point, 1 on the bar; O: 2 on the bar, 3 on their 1 point, 10 off
    let pos = Position::from_points(&[(6, 12), (25, 1), (8, 2)], &[(25, 2), (1, 3)]).unwrap();
    let mut state = MatchState::from_id("cAkAAAAAAAAA").unwrap();
    state.on_roll = 1;
    state.cube_log2 = 3;
    state.cube_owner = CubeOwner::Player(0);
    state.match_length = 9;
    state.score = [4, 7];
    let svg = board::svg(&pos, &state, &names(), 15);
    assert!(svg.contains("fill=\"#f2f0ea\" font-weight=\"bold\">12</text>"), "the stack's count");
    assert!(svg.contains("fill=\"#202020\" font-weight=\"bold\">8</text>"), "the cube's value");
    let shot = Shot::png(&picture::png(&svg, None).unwrap(), 1.0);
    let g = GEOMETRY;
    let [o, x] = Colours::CHEQUER;
    for k in 0..4 {
        shot.assert(g.chequer_centre(1, 6, k), x, "X's tall stack");
    }
    // the fifth chequer carries the count, in O's colour, over X's: its edge is X's
    let (fx, fy) = g.chequer_centre(1, 6, 4);
    shot.assert((fx - g.radius + 5.0, fy), x, "the fifth chequer of the stack");
    shot.assert(g.chequer_centre(1, 25, 0), x, "X on the bar");
    shot.assert(g.chequer_centre(0, 25, 0), o, "O's first chequer on the bar");
    shot.assert(g.chequer_centre(0, 25, 1), o, "O's second chequer on the bar");
    assert!(!shot.is(g.chequer_centre(0, 25, 2), o), "O has only two on the bar");
    // O (15 - 5 on the board) has 10 off, X (15 - 15) none
    for k in 0..10 {
        let (rx, ry, w, h) = g.off_rect(0, k);
        shot.assert((rx + w / 2.0, ry + h / 2.0), o, &format!("O's borne-off chequer {k}"));
    }
    let (rx, ry, w, h) = g.off_rect(0, 10);
    shot.assert((rx + w / 2.0, ry + h / 2.0), Colours::TRAY, "O's eleventh place is empty");
    let (rx, ry, w, h) = g.off_rect(1, 0);
    shot.assert((rx + w / 2.0, ry + h / 2.0), Colours::TRAY, "X has none off");
    // the cube at O's end of the left tray, not in the middle
    let (cx, cy) = g.cube_centre(Some(0));
    shot.assert((cx - 11.0, cy - 11.0), Colours::CUBE, "the cube at its owner's end");
    let (mx, my) = g.cube_centre(None);
    shot.assert((mx - 11.0, my - 11.0), Colours::TRAY, "no cube in the middle");
    // no dice rolled
    shot.assert(g.die_centre(1, 0), Colours::FIELD, "no dice before the roll");
    // X redoubles: the cube leaves O's end of the tray for the middle of X's half
    state.doubled = true;
    state.turn = 0;
    let shot = Shot::png(&picture::png(&board::svg(&pos, &state, &names(), 15), None).unwrap(), 1.0);
    let (ox, oy) = g.offered_cube_centre(1);
    shot.assert((ox - 11.0, oy - 11.0), Colours::CUBE, "the offered cube");
    shot.assert((cx - 11.0, cy - 11.0), Colours::TRAY, "the cube has left the tray");
}

fn plot() -> MatchPlot {
    let mut points = Vec::new();
    for i in 0..40 {
        let t = f64::from(i) / 39.0;
        points.push(PlotPoint {
            game: usize::from(i >= 25),
            player: (i % 2) as usize,
            win: 0.5 + 0.4 * (t * 6.0).sin(),
            equity: 1.5 * (t * 6.0).sin(),
            text: format!("move {i}"),
            ..PlotPoint::default()
        });
    }
    points[7].error = backgammon::formats::picture::plot::ErrorMark::VeryBad;
    points[9].luck = backgammon::formats::picture::plot::Luck::VeryLucky;
    MatchPlot { names: names(), match_length: 7, points }
}

fn temperature() -> TemperatureMap {
    let mut rolls = Vec::new();
    for d1 in 1..=6u8 {
        for d2 in d1..=6u8 {
            rolls.push(RollResult { dice: (d2, d1), equity: f64::from(d1 * d2) / 36.0, best: "24/18 13/7".into() });
        }
    }
    TemperatureMap {
        player: "root".into(),
        rolls,
        position_id: "4HPwATDgc/ABMA".into(),
        match_id: "cAkAAAAAAAAA".into(),
    }
}

#[test]
fn every_picture_is_well_formed_xml() {
    use resvg::usvg::roxmltree::Document;
    let (pos, state) = opening();
    let weird = ["<&\"'>\u{7}".to_string(), "\u{263a} é".to_string()];
    for (what, svg) in [
        ("board", board::svg(&pos, &state, &weird, 15)),
        ("plot", picture::plot::svg(&plot())),
        ("empty plot", picture::plot::svg(&MatchPlot::default())),
        ("temperature map", picture::temperature::svg(&temperature())),
    ] {
        for text in [svg.clone(), picture::standalone(&svg)] {
            let doc = Document::parse(&text).unwrap_or_else(|e| panic!("{what}: {e}"));
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg", "{what}");
            assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"), "{what}");
            assert!(root.attribute("viewBox").is_some(), "{what}");
        }
        // and it rasterises
        assert!(picture::png(&svg, Some(300)).is_ok(), "{what}");
    }
    let doc = board::svg(&pos, &state, &names(), 15);
    let doc = Document::parse(&doc).unwrap();
    let circles = doc.descendants().filter(|n| n.has_tag_name("circle")).count();
    // 30 chequers, the pips of 5 and 2, and the two players' marks
    assert_eq!(circles, 30 + 7 + 2);
    assert_eq!(picture::png(&board::svg(&pos, &state, &names(), 15), Some(1)), Err(PictureError::Width(1)));
}

#[test]
fn the_plot_and_the_temperature_map_rasterise_with_their_colours() {
    let shot = Shot::png(&picture::png(&picture::plot::svg(&plot()), None).unwrap(), 1.0);
    let l = picture::plot::LAYOUT;
    let hex = |s: &str| {
        let v = u32::from_str_radix(&s[1..], 16).unwrap();
        [(v >> 16) as u8, (v >> 8) as u8, v as u8]
    };
    assert!(shot.count(hex(WIN_COLOUR)) > 500, "the win chance line");
    // the very bad move's mark on the equity line
    let range = picture::plot::equity_range(&plot());
    let at = (l.move_x(7, 40), l.equity_y(plot().points[7].equity, range));
    shot.assert(at, [0xd6, 0x27, 0x28], "the very bad mark");
    let map = temperature();
    let shot = Shot::png(&picture::png(&picture::temperature::svg(&map), None).unwrap(), 1.0);
    let t = picture::temperature::LAYOUT;
    // 11 is the coldest roll, 66 the hottest: the corners of their cells
    let (x, y) = t.cell(1, 1);
    shot.assert((x + 4.0, y + 30.0), [0x2c, 0x5a, 0xc8], "the coldest roll");
    let (x, y) = t.cell(6, 6);
    shot.assert((x + 4.0, y + 30.0), [0xd0, 0x26, 0x1c], "the hottest roll");
}

/// Both sides human: the shell waits for every command.
fn shell() -> Shell {
    let mut sh = Shell::new(3);
    sh.execute("set player 0 human");
    sh.execute("set player 1 human");
    sh
}

#[test]
fn the_export_commands_write_pictures_and_refuse_bad_requests() {
    let dir = temp_dir("commands");
    let p = |name: &str| dir.join(name).display().to_string();
    let mut sh = shell();
    let out = sh.execute(&format!("export position svg {}", p("none.svg")));
    assert!(out.contains("No game in progress"), "{out}");
    sh.execute("new match 5");
    sh.execute("set board 4HPwATDgc/ABMA");
    for cmd in [
        format!("export position svg {}", p("b.svg")),
        format!("export position png {}", p("b.png")),
        format!("export position png {} 888", p("b888.png")),
        format!("export position temperaturemap {}", p("t.svg")),
        format!("export position temperaturemap {} 300", p("t.png")),
        format!("export position html {}", p("b.html")),
    ] {
        let out = sh.execute(&cmd);
        assert!(out.contains("Written to"), "{cmd}: {out}");
    }
    let svg = std::fs::read_to_string(p("b.svg")).unwrap();
    assert!(svg.starts_with("<?xml version=\"1.0\""), "{svg}");
    assert!(std::fs::read_to_string(p("t.svg")).unwrap().contains("Temperature map: "));
    let png = std::fs::read(p("b888.png")).unwrap();
    assert_eq!(Pixmap::decode_png(&png).unwrap().width(), 888);
    assert_eq!(Pixmap::decode_png(&std::fs::read(p("t.png")).unwrap()).unwrap().width(), 300);
    let html = std::fs::read_to_string(p("b.html")).unwrap();
    assert!(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    // the temperature map as text
    let out = sh.execute("show temperaturemap");
    assert!(out.contains("Mean equity: ") && out.lines().count() > 25, "{out}");
    // bad requests: nothing written, the error says why
    for (cmd, says) in [
        (format!("export position png {} 10", p("x.png")), "width in pixels, 50 to 4000"),
        (format!("export position png {} big", p("x.png")), "not `big'"),
        (format!("export position svg {} 300", p("x.svg")), "Usage: export position"),
        (format!("export position gif {}", p("x.gif")), "Unknown format `gif'"),
        (format!("export match plot {} 0", p("x.png")), "width in pixels"),
        ("export match plot".to_string(), "Usage: export match"),
        (format!("export position png {}", dir.join("no/such/dir/x.png").display()), "x.png"),
    ] {
        let out = sh.execute(&cmd);
        assert!(out.contains(says), "{cmd}: {out}");
        assert!(!out.contains("Written to"), "{cmd}: {out}");
    }
    assert!(!Path::new(&p("x.png")).exists());
    // the plot of a match, analysed on the way
    sh.execute("set player 0 gnu");
    sh.execute("set player 1 gnu");
    sh.execute("play");
    let out = sh.execute(&format!("export match plot {}", p("m.svg")));
    assert!(out.contains("Written to"), "{out}");
    assert!(std::fs::read_to_string(p("m.svg")).unwrap().contains("<polyline"));
    let out = sh.execute(&format!("export match plot {} 400", p("m.png")));
    assert!(out.contains("Written to"), "{out}");
    assert_eq!(Pixmap::decode_png(&std::fs::read(p("m.png")).unwrap()).unwrap().width(), 400);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Headless Chromium on this machine: the first of the Debian packages' programs found.
fn chromium() -> Option<PathBuf> {
    ["chromium-headless-shell", "chromium", "chromium-browser"].iter().find_map(|name| {
        std::env::var_os("PATH")
            .and_then(|paths| std::env::split_paths(&paths).map(|d| d.join(name)).find(|p| p.is_file()))
    })
}

const CHROMIUM: &str = "headless Chromium (apt-get install chromium-headless-shell)";

/// A screenshot of `page` by headless Chromium, `width` by `height` pixels.
fn screenshot(chromium: &Path, page: &Path, width: u32, height: u32, dir: &Path) -> Pixmap {
    let out = dir.join(format!("{}.png", page.file_stem().unwrap().to_string_lossy()));
    let profile = dir.join("profile");
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--force-device-scale-factor=1",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("--screenshot={}", out.display()))
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("Chromium starts");
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("Chromium took more than two minutes to take a screenshot of {}", page.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let bytes = std::fs::read(&out).unwrap_or_else(|e| panic!("no screenshot of {}: {e}", page.display()));
    Pixmap::decode_png(&bytes).expect("Chromium writes PNG")
}

#[test]
fn chromium_shows_the_board_and_the_plot_of_exported_html() {
    let found = chromium();
    if !test_support::require(found.is_some(), CHROMIUM) {
        return;
    }
    let chromium = found.expect("found");
    let dir = temp_dir("chromium");
    let mut sh = shell();
    // a 5 point match, X on roll with 52 rolled, at the opening position
    sh.execute("new match 5");
    sh.execute("set matchid cImqAAAAAAAE");
    sh.execute("set board 4HPwATDgc/ABMA");
    let position = dir.join("position.html");
    let out = sh.execute(&format!("export position html {}", position.display()));
    assert!(out.contains("Written to"), "{out}");

    // the position page: the board found by its frame, then every chequer, the cube and the dice
    let mut shot = Shot { pixmap: screenshot(&chromium, &position, 800, 700, &dir), scale: 1.0, dx: 0.0, dy: 0.0 };
    let frame = shot.bounds(Colours::FRAME).expect("the board's frame is shown");
    let (bx, by, _, _) = GEOMETRY.board_rect();
    (shot.dx, shot.dy) = (f64::from(frame.0) - bx, f64::from(frame.1) - by);
    assert_eq!(f64::from(frame.2 - frame.0 + 1), GEOMETRY.width(), "the board at its own size: {frame:?}");
    check_opening(&shot);

    // a whole analysed match: the page is not blank and shows the plot and the boards
    sh.execute("set player 0 gnu");
    sh.execute("set player 1 gnu");
    sh.execute("play");
    sh.execute("analyse match");
    let page = dir.join("match.html");
    let out = sh.execute(&format!("export match html {}", page.display()));
    assert!(out.contains("Written to"), "{out}");
    let html = std::fs::read_to_string(&page).unwrap();
    let boards = html.matches("<div class=\"block board\">").count();
    assert!(boards >= 1 && html.contains("<div class=\"block plot\">"), "{boards} boards");
    let shot = Shot { pixmap: screenshot(&chromium, &page, 1000, 6000, &dir), scale: 1.0, dx: 0.0, dy: 0.0 };
    let hex = |s: &str| {
        let v = u32::from_str_radix(&s[1..], 16).unwrap();
        [(v >> 16) as u8, (v >> 8) as u8, v as u8]
    };
    assert!(shot.count(hex(WIN_COLOUR)) > 300, "the plot's win chance line");
    // the last game's board: frame and felt by the thousand, chequers of both colours
    assert!(shot.count(Colours::FRAME) > 10_000, "a board's frame");
    assert!(shot.count(Colours::FIELD) > 50_000, "a board's field");
    assert!(shot.count(Colours::CHEQUER[1]) > 300, "X's chequers");
    let white = shot.count([0xff, 0xff, 0xff]);
    let all = shot.pixmap.pixels().len();
    assert!(white < all * 95 / 100, "not blank: {white} of {all} pixels white");
    std::fs::remove_dir_all(&dir).unwrap();
}
