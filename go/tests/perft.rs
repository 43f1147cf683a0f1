//! Perft-style check of the board's move legality and captures against a committed fixture, with
//! no external program: `tests/fixtures/perft.txt` holds positions from GNU Go's regression games,
//! each self-contained (size, stones, colour to move, ko), with GNU Go's count and digest of the
//! legal vertices and of the stones each legal move captures (the file's header says how it was
//! generated and defines each field). This test owns only the reading of that file and the
//! comparison with [`Board`] (simple ko, no superko, as GNU Go's board); it must not regenerate the
//! file or need GNU Go or `../shared`.

use go::{Board, Color, Move};
use test_support::fnv1a64;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/perft.txt");

/// Positions the committed fixture holds. A shorter file (truncated, emptied, or regenerated
/// smaller) must fail, not pass quietly.
const EXPECTED_POSITIONS: usize = 89;
/// Of which right after a ko capture (the KO field set).
const EXPECTED_KOS: usize = 16;

const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// GTP name of a point (`A1` bottom left, no `I`), written here so the test needs only the board.
fn vertex_name(board: &Board, p: u16) -> String {
    let (col, row) = board.coords(p);
    format!("{}{}", char::from(LETTERS[usize::from(col)]), board.size() - usize::from(row))
}

/// The point of a GTP vertex name on this board.
fn parse_vertex(board: &Board, name: &str) -> Option<u16> {
    let col = LETTERS.iter().position(|&l| Some(l) == name.bytes().next())?;
    let row: usize = name.get(1..)?.parse().ok()?;
    (col < board.size() && (1..=board.size()).contains(&row))
        .then(|| board.point(col as u8, (board.size() - row) as u8))
}

/// One fixture line: the board rebuilt from it, the colour to move, and GNU Go's figures.
struct Case<'a> {
    name: &'a str,
    board: Board,
    to_move: Color,
    ko: bool,
    legal: (usize, u64),
    captures: (usize, u32, u64),
}

fn parse_line(line: &str) -> Result<Case<'_>, String> {
    let f: Vec<&str> = line.split_whitespace().collect();
    let [name, size, to_move, rows, ko, nlegal, legal_digest, ncapturing, captured, capture_digest] = f[..] else {
        return Err("expected 10 fields".into());
    };
    let size: usize = size.parse().ok().filter(|&s| Board::valid_size(s)).ok_or("bad size")?;
    let to_move = match to_move {
        "B" => Color::Black,
        "W" => Color::White,
        _ => return Err(format!("bad colour {to_move}")),
    };
    let rows: Vec<&[u8]> = rows.split('/').map(str::as_bytes).collect();
    if rows.len() != size || rows.iter().any(|r| r.len() != size) {
        return Err("ROWS do not make a SIZE x SIZE board".into());
    }
    let mut board = Board::new(size);
    // KO 'K,C': the stone on C (the opponent's) just captured a single stone on K. The position
    // before that capture is rebuilt (C empty, a stone of the colour to move on K) and C played,
    // so the board records the ko itself.
    let ko_points = match ko {
        "-" => None,
        _ => {
            let (k, c) = ko.split_once(',').ok_or("bad KO field")?;
            Some((parse_vertex(&board, k).ok_or("bad ko point")?, parse_vertex(&board, c).ok_or("bad ko stone")?))
        }
    };
    for (r, row) in rows.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            let p = board.point(c as u8, r as u8);
            let colour = match cell {
                b'X' => Color::Black,
                b'O' => Color::White,
                b'.' => continue,
                _ => return Err(format!("bad cell {:?}", char::from(cell))),
            };
            if !matches!(ko_points, Some((_, stone)) if stone == p) {
                board.place_stone(p, colour);
            }
        }
    }
    if let Some((k, c)) = ko_points {
        board.place_stone(k, to_move);
        let took = board.play(Move::Play(c), to_move.opponent()).map_err(|e| format!("ko capture illegal: {e:?}"))?;
        if took != 1 || board.ko() != Some((k, to_move)) {
            return Err(format!("ko not rebuilt: {took} captured, ko {:?}", board.ko()));
        }
    }
    // the rebuilt board holds exactly the fixture's stones
    for (r, row) in rows.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            let want = match cell {
                b'X' => Some(Color::Black),
                b'O' => Some(Color::White),
                _ => None,
            };
            if board.color(board.point(c as u8, r as u8)) != want {
                return Err(format!("stone placement changed the board at row {r} column {c}"));
            }
        }
    }
    let num = |s: &str| s.parse::<usize>().map_err(|_| format!("bad number {s}"));
    let hex = |s: &str| u64::from_str_radix(s, 16).map_err(|_| format!("bad digest {s}"));
    Ok(Case {
        name,
        board,
        to_move,
        ko: ko_points.is_some(),
        legal: (num(nlegal)?, hex(legal_digest)?),
        captures: (num(ncapturing)?, num(captured)? as u32, hex(capture_digest)?),
    })
}

#[test]
fn legal_moves_and_captures_match_the_gnugo_perft_fixture() {
    let text = std::fs::read_to_string(FIXTURE).unwrap_or_else(|e| panic!("cannot read {FIXTURE}: {e}"));
    let (mut positions, mut kos, mut moves, mut captured_total) = (0usize, 0usize, 0usize, 0u32);
    let mut mismatches = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let case = parse_line(line).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let board = &case.board;
        let mut legal = Vec::new();
        let mut capturing = Vec::new();
        for p in board.points() {
            if !board.is_legal(p, case.to_move) {
                continue;
            }
            let name = vertex_name(board, p);
            let took = board.clone().play(Move::Play(p), case.to_move).expect("a legal move plays");
            if took > 0 {
                capturing.push((name.clone(), took));
            }
            legal.push(name);
        }
        legal.sort();
        capturing.sort();
        let legal_joined = legal.join(" ");
        let capture_joined = capturing.iter().map(|(v, n)| format!("{v}:{n}")).collect::<Vec<_>>().join(" ");
        let got_legal = (legal.len(), fnv1a64(&legal_joined));
        let total: u32 = capturing.iter().map(|(_, n)| n).sum();
        let got_captures = (capturing.len(), total, fnv1a64(&capture_joined));
        positions += 1;
        kos += usize::from(case.ko);
        moves += legal.len();
        captured_total += total;
        if got_legal != case.legal {
            mismatches.push(format!(
                "line {} {} ({:?} to move): GNU Go {} legal moves (digest {:016x}), ours {}: {legal_joined}",
                n + 1,
                case.name,
                case.to_move,
                case.legal.0,
                case.legal.1,
                legal.len()
            ));
        }
        if got_captures != case.captures {
            mismatches.push(format!(
                "line {} {} ({:?} to move): GNU Go {} capturing moves taking {} stones (digest {:016x}), ours: \
                 {capture_joined}",
                n + 1,
                case.name,
                case.to_move,
                case.captures.0,
                case.captures.1,
                case.captures.2
            ));
        }
    }
    println!("checked {positions} positions ({kos} with a ko): {moves} legal moves, {captured_total} stones captured");
    assert!(mismatches.is_empty(), "{} differences from GNU Go:\n{}", mismatches.len(), mismatches.join("\n"));
    assert_eq!(positions, EXPECTED_POSITIONS, "the fixture should hold {EXPECTED_POSITIONS} positions");
    assert_eq!(kos, EXPECTED_KOS, "positions with a ko");
}
