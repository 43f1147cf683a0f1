//! The printable exports rendered by real programs: `gammon` exports an analysed match
//! (backgammon/tests/fixtures/printable_match.mat, which has a very bad move and cube errors) and
//! its last position as PDF, PostScript and LaTeX; poppler's `pdftoppm` renders the PDF pages,
//! Ghostscript the PostScript pages, `pdflatex` compiles the LaTeX. Every page must have ink on
//! it, and the board of `export position pdf|ps` must show each side's chequer colour where the
//! position has its chequers and neither where a point is empty. Missing programs go through
//! `require()` (apt packages poppler-utils, ghostscript, texlive-latex-base).

use backgammon::formats::picture::board::{Colours, GEOMETRY};
use backgammon::formats::printable::{self, layout};
use backgammon::rules::match_id::MatchState;
use backgammon::rules::position::{Position, ON_ROLL, OPPONENT};
use interop_tests::{gammon, require, workspace_root};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const POPPLER: &str = "poppler's pdftoppm (apt-get install poppler-utils)";
const GHOSTSCRIPT: &str = "Ghostscript's gs (apt-get install ghostscript)";
const PDFLATEX: &str = "pdflatex (apt-get install texlive-latex-base)";

/// The resolution pages are rendered at, in dots per inch.
const DPI: f32 = 100.0;

fn have(program: &str, arg: &str) -> bool {
    Command::new(program).arg(arg).stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gammon-printable-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `gammon -t` in `dir` on `script`; returns standard output and error together.
fn run_gammon(dir: &Path, script: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(gammon())
        .arg("-t")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gammon starts");
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_ne!(out.status.code(), Some(101), "gammon panicked: {}", String::from_utf8_lossy(&out.stderr));
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// Imports and analyses the fixture, then runs `exports`; both players human so that nothing
/// is played after the import.
fn export(dir: &Path, exports: &str) -> String {
    let fixture = workspace_root().join("backgammon/tests/fixtures/printable_match.mat");
    let script =
        format!("set player 0 human\nset player 1 human\nimport mat {}\nanalyse match\n{exports}", fixture.display());
    run_gammon(dir, &script)
}

/// A binary PPM (P6) image: width, height, RGB bytes.
struct Image {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Image {
    fn read(path: &Path) -> Image {
        let bytes = std::fs::read(path).unwrap();
        // header: P6, width, height, maxval, each followed by white space; `#` comments (gs
        // writes one) run to the end of their line
        let mut fields = Vec::new();
        let mut at = 0;
        while fields.len() < 4 {
            while bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            if bytes[at] == b'#' {
                while bytes[at] != b'\n' {
                    at += 1;
                }
                continue;
            }
            let start = at;
            while !bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
        }
        assert_eq!(fields[0], "P6", "{}", path.display());
        let (width, height) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
        Image { width, height, rgb: bytes[at + 1..].to_vec() }
    }

    fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        let i = 3 * (y.min(self.height - 1) * self.width + x.min(self.width - 1));
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// The share of pixels that are not white.
    fn ink(&self) -> f64 {
        let n = self.rgb.chunks(3).filter(|p| p.iter().any(|&v| v < 200)).count();
        n as f64 / (self.width * self.height) as f64
    }
}

fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(&x, y)| (i32::from(x) - i32::from(y)).abs() <= 40)
}

/// The pages `prefix`*.ppm in `dir`, in page order.
fn pages(dir: &Path, prefix: &str) -> Vec<Image> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with(prefix) && name.ends_with(".ppm")
        })
        .collect();
    // pdftoppm pads page numbers to the same width; gs's are not padded
    files.sort_by_key(|p| {
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        name[prefix.len()..].trim_start_matches('-').parse::<usize>().unwrap_or(0)
    });
    files.iter().map(|p| Image::read(p)).collect()
}

fn pdftoppm(dir: &Path, file: &str, prefix: &str) -> Vec<Image> {
    let status =
        Command::new("pdftoppm").current_dir(dir).args(["-r", &DPI.to_string(), file, prefix]).status().unwrap();
    assert!(status.success(), "pdftoppm {file}");
    pages(dir, prefix)
}

fn ghostscript(dir: &Path, file: &str, prefix: &str) -> Vec<Image> {
    let out = Command::new("gs")
        .current_dir(dir)
        .args(["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=ppmraw", &format!("-r{DPI}")])
        .arg(format!("-sOutputFile={prefix}-%d.ppm"))
        .arg(file)
        .output()
        .unwrap();
    assert!(out.status.success(), "gs {file}: {}", String::from_utf8_lossy(&out.stderr));
    // Ghostscript reports PostScript errors on standard output
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(!said.contains("Error"), "gs {file}: {said}");
    pages(dir, prefix)
}

/// The position and match state `export position text` wrote.
fn ids(dir: &Path, text: &str) -> (Position, MatchState) {
    let t = std::fs::read_to_string(dir.join(text)).unwrap();
    let pick = |label: &str| {
        let line = t.lines().find(|l| l.contains(label)).unwrap_or_else(|| panic!("{label} in {t}"));
        line.rsplit(' ').next().unwrap().trim().to_string()
    };
    (Position::from_id(&pick("Position ID:")).unwrap(), MatchState::from_id(&pick("Match ID")).unwrap())
}

/// Checks the board on `page` (rendered at [`DPI`]): each side's chequer colour at the first
/// chequer of every point it holds, neither colour at empty points. The board's place comes
/// from the same layout the export used.
fn check_board(page: &Image, pos: &Position, state: &MatchState) {
    let names = ["alice".to_string(), "bob".to_string()];
    let doc = printable::position(pos, state, &names, 15);
    let laid = layout::layout(&doc);
    let at = laid.pictures[0];
    assert_eq!(at.page, 0);
    let pixel = |(x, y): (f64, f64)| {
        let px = (at.left + x as f32 * at.scale) * DPI / 72.0;
        let py = (layout::PAGE_HEIGHT - (at.top - y as f32 * at.scale)) * DPI / 72.0;
        page.pixel(px.round() as usize, py.round() as usize)
    };
    let on_roll = state.on_roll.min(1);
    let b = pos.board();
    let side = |p: usize| if p == on_roll { b[ON_ROLL] } else { b[OPPONENT] };
    let (mut seen, mut empty) = ([0u32; 2], 0);
    for (player, seen) in seen.iter_mut().enumerate() {
        for point in 1..=24usize {
            let mine = side(player)[point - 1];
            let theirs = side(1 - player)[24 - point];
            let c = pixel(GEOMETRY.chequer_centre(player, point, 0));
            if mine > 0 {
                assert!(near(c, Colours::CHEQUER[player]), "player {player} point {point}: {c:?}");
                *seen += 1;
            } else if theirs == 0 {
                assert!(
                    !near(c, Colours::CHEQUER[0]) && !near(c, Colours::CHEQUER[1]),
                    "empty point {point} of player {player}: {c:?}"
                );
                empty += 1;
            }
        }
    }
    assert!(seen[0] > 0 && seen[1] > 0 && empty > 0, "{seen:?} {empty}");
}

#[test]
fn pdf_pages_are_drawn_and_the_board_shows_the_chequers() {
    if !require(have("pdftoppm", "-v"), POPPLER) {
        return;
    }
    let dir = temp_dir("pdf");
    let out = export(
        &dir,
        "export match pdf match.pdf\nexport game pdf game.pdf\nexport position pdf position.pdf\nexport position text position.txt\n",
    );
    assert_eq!(out.matches("Written to").count(), 4, "{out}");
    let match_pages = pdftoppm(&dir, "match.pdf", "m");
    // the title and statistics, the plot, both games with their diagrams
    assert!(match_pages.len() >= 5, "{} pages", match_pages.len());
    for (i, p) in match_pages.iter().enumerate() {
        assert!(p.ink() > 0.002, "page {} of match.pdf is blank ({})", i + 1, p.ink());
    }
    // the diagrams are pictures in colour: the board's field green is on the game pages
    let field =
        match_pages.iter().filter(|p| p.rgb.chunks(3).any(|c| near([c[0], c[1], c[2]], Colours::FIELD))).count();
    assert!(field >= 2, "{field} pages with a board");
    for (i, p) in pdftoppm(&dir, "game.pdf", "g").iter().enumerate() {
        assert!(p.ink() > 0.002, "page {} of game.pdf is blank", i + 1);
    }
    let (pos, state) = ids(&dir, "position.txt");
    let position_pages = pdftoppm(&dir, "position.pdf", "p");
    assert_eq!(position_pages.len(), 1);
    check_board(&position_pages[0], &pos, &state);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn postscript_pages_are_drawn_and_the_board_shows_the_chequers() {
    if !require(have("gs", "--version"), GHOSTSCRIPT) {
        return;
    }
    let dir = temp_dir("ps");
    let out = export(
        &dir,
        "export match ps match.ps\nexport game ps game.ps\nexport position ps position.ps\nexport position text position.txt\n",
    );
    assert_eq!(out.matches("Written to").count(), 4, "{out}");
    let ps = std::fs::read_to_string(dir.join("match.ps")).unwrap();
    let declared: usize = ps.lines().find_map(|l| l.strip_prefix("%%Pages: ")).unwrap().parse().unwrap();
    let match_pages = ghostscript(&dir, "match.ps", "m");
    assert_eq!(match_pages.len(), declared);
    assert!(declared >= 5);
    for (i, p) in match_pages.iter().enumerate() {
        assert!(p.ink() > 0.002, "page {} of match.ps is blank ({})", i + 1, p.ink());
    }
    assert!(!ghostscript(&dir, "game.ps", "g").is_empty());
    let (pos, state) = ids(&dir, "position.txt");
    let position_pages = ghostscript(&dir, "position.ps", "p");
    assert_eq!(position_pages.len(), 1);
    check_board(&position_pages[0], &pos, &state);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn latex_compiles_with_pdflatex() {
    if !require(have("pdflatex", "--version"), PDFLATEX) {
        return;
    }
    let dir = temp_dir("latex");
    let out = export(&dir, "export match latex printed.tex\nexport game latex game.tex\n");
    assert_eq!(out.matches("Written to").count(), 2, "{out}");
    let tex = std::fs::read_to_string(dir.join("printed.tex")).unwrap();
    let pictures = tex.matches("\\includegraphics").count();
    assert!(pictures >= 5, "{pictures} pictures");
    assert!(dir.join(format!("printed-{pictures}.png")).exists());
    for file in ["printed.tex", "game.tex"] {
        let run = Command::new("pdflatex")
            .current_dir(&dir)
            .args(["-interaction=nonstopmode", "-halt-on-error", file])
            .output()
            .unwrap();
        assert!(run.status.success(), "pdflatex {file}: {}", String::from_utf8_lossy(&run.stdout));
    }
    let pdf = std::fs::read(dir.join("printed.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    if have("pdftoppm", "-v") {
        for (i, p) in pdftoppm(&dir, "printed.pdf", "l").iter().enumerate() {
            assert!(p.ink() > 0.002, "page {} of printed.pdf is blank", i + 1);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_paths_and_formats_answer_one_line() {
    let dir = temp_dir("bad");
    let out = run_gammon(&dir, "export match pdf x.pdf\nexport position ps x.ps\n");
    assert_eq!(out.matches("No game in progress").count(), 2, "{out}");
    let out = export(
        &dir,
        "export match pdf /nonexistent-gammon-dir/x.pdf\nexport game ps /nonexistent-gammon-dir/x.ps\n\
         export match latex /nonexistent-gammon-dir/x.tex\nexport position pdf /\nexport match postscript x\n\
         export game pdf\n",
    );
    for needle in [
        "/nonexistent-gammon-dir/x.pdf: ",
        "/nonexistent-gammon-dir/x.ps: ",
        "/nonexistent-gammon-dir/x-1.png: ",
        "Unknown format `postscript'",
        "Usage: export game",
    ] {
        assert_eq!(out.matches(needle).count(), 1, "{needle} in {out}");
    }
    assert!(!out.contains("Written to"), "{out}");
    assert!(std::fs::read_dir(&dir).unwrap().next().is_none(), "nothing written");
    std::fs::remove_dir_all(&dir).unwrap();
}
