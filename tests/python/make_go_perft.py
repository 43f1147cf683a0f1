#!/usr/bin/env python3
"""Writes the Go perft fixture (go/tests/fixtures/perft.txt) from GNU Go's own board, once;
`go/tests/perft.rs` then checks our board against the committed file with no external program.

Positions come from GNU Go's regression games (`loadsgf FILE N`: the first N-1 moves of the main
line played, setup stones included): games of each size picked evenly from the sorted file list at
a few move numbers, and positions right after a ko capture. Each is stored self-contained on one
line (see the header this script writes), with GNU Go's answers: `all_legal COLOR` for the colour to
move, and for every legal vertex the stones it captures (`trymove`, `captures`, `popgo`; checked
against the opponent's stone count from `list_stones`).

usage: make_go_perft.py [--games DIR] [--gnugo /usr/games/gnugo] > go/tests/fixtures/perft.txt
"""
import argparse
import datetime
import glob
import os
import platform
import subprocess
import sys
from perft_common import fnv1a64

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

# Games played out (at least as long as the first move number), per board size: how many are
# picked, and the move numbers N for `loadsgf FILE N` (those past a game's end are skipped).
PLAN = [
    (6, 1, [8]),
    (9, 8, [20, 40, 60]),
    (13, 4, [30, 80, 120]),
    (19, 8, [60, 150, 250]),
]
# Setup-only records (GNU Go's tactical problems, no moves): how many per size, at N = 1.
SETUP_PLAN = [(7, 1), (9, 4), (13, 2), (19, 5)]
# Positions right after a ko capture (TO_MOVE may not retake): how many per size.
KO_PLAN = [(9, 5), (13, 3), (19, 6)]
# Positions right before a move of the game that captured two stones or more: how many per size.
CAPTURE_PLAN = [(9, 4), (13, 2), (19, 4)]



class Gtp:
    """A GNU Go GTP session over pipes."""

    def __init__(self, program):
        self.p = subprocess.Popen([program, "--mode", "gtp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def ask(self, line, ok=True):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            text = self.p.stdout.readline()
            if text == "":
                raise RuntimeError(f"gnugo ended on {line!r}")
            if text.strip() == "":
                if out:
                    break
                continue
            out.append(text.rstrip("\n"))
        answer = "\n".join(out)
        if ok and not answer.startswith("="):
            raise RuntimeError(f"{line!r}: {answer}")
        return answer.startswith("="), answer[1:].strip()

    def value(self, line):
        return self.ask(line)[1]


def evenly(items, k):
    """k items spread evenly over the list (all of it when shorter)."""
    if len(items) <= k:
        return list(items)
    return [items[(i * len(items)) // k] for i in range(k)]


def survey(gtp, games):
    """Every loadable game: (file, size, number of moves, move numbers N right after a ko capture,
    move numbers N right before a capture of two stones or more)."""
    out = []
    for f in sorted(glob.glob("**/*.sgf", root_dir=games, recursive=True)):
        path = os.path.join(games, f)
        if not gtp.ask(f"loadsgf {path}", ok=False)[0]:
            continue
        size = int(gtp.value("query_boardsize"))
        hist = [line.split() for line in gtp.value("move_history").splitlines()][::-1]
        gtp.value(f"loadsgf {path} 1")
        kos, captures = [], []
        for i, (colour, vertex) in enumerate(hist):
            before = int(gtp.value(f"captures {colour}"))
            if not gtp.ask(f"play {colour} {vertex}", ok=False)[0]:
                break
            took = int(gtp.value(f"captures {colour}")) - before
            # the position after move i+1 is `loadsgf FILE i+2`, the one before it `loadsgf FILE i+1`
            if took == 1 and ko_after_last_move(gtp, "white" if colour.startswith("b") else "black"):
                kos.append(i + 2)
            if took >= 2:
                captures.append(i + 1)
        out.append((f, size, len(hist), kos, captures))
    return out


def ko_after_last_move(gtp, to_move):
    """(ko point, capturing stone) when the last move took a ko that `to_move` may not retake now."""
    ok, last = gtp.ask("last_move", ok=False)
    if not ok:
        return None
    vertex = last.split()[1]
    if vertex.upper() == "PASS" or gtp.value(f"countlib {vertex}") != "1":
        return None
    k = gtp.value(f"findlib {vertex}")
    if gtp.value(f"color {k}") != "empty" or gtp.value(f"is_legal {to_move} {k}") != "0":
        return None
    # illegal only by ko: tryko (which ignores the ko) plays it
    assert gtp.ask(f"tryko {to_move} {k}", ok=False)[0], (vertex, k)
    gtp.value("popgo")
    return k, vertex


def position_line(gtp, games, name, n):
    to_move = gtp.value(f"loadsgf {os.path.join(games, name)} {n}")
    opp = "white" if to_move == "black" else "black"
    size = int(gtp.value("query_boardsize"))
    stones = {c: gtp.value(f"list_stones {c}").split() for c in ("black", "white")}
    rows = []
    for row in range(size, 0, -1):
        line = ""
        for col in range(size):
            v = f"{LETTERS[col]}{row}"
            line += "X" if v in stones["black"] else "O" if v in stones["white"] else "."
        rows.append(line)
    ko = ko_after_last_move(gtp, to_move)
    legal = sorted(gtp.value(f"all_legal {to_move}").split())
    if ko:
        assert ko[0] not in legal
    capt = []
    opp_before = len(stones[opp])
    for v in legal:
        before = int(gtp.value(f"captures {to_move}"))
        assert gtp.ask(f"trymove {to_move} {v}", ok=False)[0], (name, n, v)
        took = int(gtp.value(f"captures {to_move}")) - before
        assert took == opp_before - len(gtp.value(f"list_stones {opp}").split()), (name, n, v)
        gtp.value("popgo")
        if took:
            capt.append(f"{v}:{took}")
    total = sum(int(c.split(":")[1]) for c in capt)
    ko_field = f"{ko[0]},{ko[1]}" if ko else "-"
    return (f"{name}:{n} {size} {to_move[0].upper()} {'/'.join(rows)} {ko_field} "
            f"{len(legal)} {fnv1a64(' '.join(legal))} {len(capt)} {total} {fnv1a64(' '.join(capt))}\n")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default=os.path.normpath(os.path.join(here, "../../../shared/gnugo/regression/games")))
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    a = ap.parse_args()
    gtp = Gtp(a.gnugo)
    version = gtp.value("version")
    games = survey(gtp, a.games)
    picks = []
    for size, count, moves in PLAN:
        for f, _, length, _, _ in evenly([g for g in games if g[1] == size and g[2] + 1 >= moves[0]], count):
            picks += [(f, n) for n in moves if n <= length + 1]
    for size, count in SETUP_PLAN:
        picks += [(g[0], 1) for g in evenly([g for g in games if g[1] == size and g[2] == 0], count)]
    for plan, field in ((KO_PLAN, 3), (CAPTURE_PLAN, 4)):
        for size, count in plan:
            moments = [(g[0], n) for g in games if g[1] == size for n in g[field]]
            picks += [m for m in evenly(moments, count) if m not in picks]
    w = sys.stdout.write
    w("# Go perft fixture: legal moves and their captures on positions from GNU Go's regression games.\n")
    w("# Generated by: python3 tests/python/make_go_perft.py > go/tests/fixtures/perft.txt (games from\n")
    w("# ../shared/gnugo/regression/games, --games to change).\n")
    w(f"# Reference: GNU Go {version} (gnugo --mode gtp), Python {platform.python_version()};"
      f" generated {datetime.datetime.now(datetime.timezone.utc).date()}.\n")
    w("# Rules compared: GNU Go's board legality, which is ours on `Board` (not GoGame): a move is legal on an\n")
    w("# empty point unless it retakes a simple ko at once (the point where a single stone was just captured\n")
    w("# by a single stone left with that one liberty) or is suicide; no superko. Passes are not listed.\n")
    w("# Line: NAME SIZE TO_MOVE ROWS KO NLEGAL LEGAL_DIGEST NCAPTURING CAPTURED CAPTURE_DIGEST\n")
    w("#   NAME: game file (relative to the games folder) and N of `loadsgf FILE N` (N-1 moves played).\n")
    w("#   ROWS: the board's rows from the top (row SIZE) down, joined by '/': X black, O white, . empty.\n")
    w("#   TO_MOVE: B or W. KO: '-' or 'K,C': the last move, the stone on C, captured a ko on K, so TO_MOVE\n")
    w("#     may not play K now (rebuild: the stones with C removed and a TO_MOVE stone on K, then C played).\n")
    w("#   NLEGAL: GNU Go's `all_legal TO_MOVE` count; LEGAL_DIGEST: FNV-1a 64 (offset cbf29ce484222325,\n")
    w("#     prime 100000001b3, 16 lower-case hex digits) of those vertices (GTP names, I skipped), sorted in\n")
    w("#     byte order and joined by single spaces.\n")
    w("#   NCAPTURING: legal moves that capture; CAPTURED: stones they capture in all (each move on its own);\n")
    w("#     CAPTURE_DIGEST: FNV-1a 64 of 'VERTEX:STONES' for the capturing moves, sorted by vertex in byte\n")
    w("#     order, joined by single spaces (none: cbf29ce484222325).\n")
    w(f"# Contents: {len(picks)} positions, each list picked evenly from the sorted files: played games\n")
    w(f"# (size, games, move numbers) {PLAN}; setup-only problems (size, count) {SETUP_PLAN};\n")
    w(f"# right after a ko capture {KO_PLAN}; right before a capture of 2+ stones {CAPTURE_PLAN}.\n")
    for f, n in picks:
        w(position_line(gtp, a.games, f, n))
    gtp.ask("quit")


if __name__ == "__main__":
    main()
