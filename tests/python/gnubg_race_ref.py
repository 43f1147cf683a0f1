#!/usr/bin/env python3
"""Reference absolute values of race positions from gnubg-nn, for the race benchmark
(`bg-race --values`, backgammon_train::race, the race-values test).

usage: gnubg_race_ref.py --self-play N --lopsided M --seed S [--jobs J] > tests/data/race_values.txt
       gnubg_race_ref.py --verify FILE [--records K]   K records spread over FILE recomputed: identical

Positions, all of gnubg's class race (no contact, not both sides within their home boards, no
chequer on the bar), player on roll:
- `self-play`: seeded money games (Python's `random.Random(S)` dice) played by gnubg-nn at 0 plies
  (`best_move`, n=0), each race position kept with probability 1/4 so that the sample spreads
  over many games;
- `lopsided`: generated families where one side (on roll or not, chosen at random) has all its
  chequers home (1 to 15 left, spread at random over its 1 to 6 points) and the other has 1 to 5
  chequers outside its home board (on its 7 to 14 points) and the rest of 3 to 15 chequers home:
  the lopsided races that self-play seldom reaches and where the cube matters.

For each position gnubg-nn's cubeless probabilities at 0 and 2 plies (`probabilities(board, n)`:
win, win gammon, win backgammon, lose gammon, lose backgammon; gammons include backgammons).

Output format (text; `#` lines are comments), one line per position:
  POSID KIND P0 P1 P2 P3 P4 Q0 Q1 Q2 Q3 Q4
POSID: gnubg position ID, player on roll first; KIND: `s` self-play or `l` lopsided; P: 0-ply,
Q: 2-ply probabilities (5 decimals).
"""
import argparse
import multiprocessing
import random
import sys

import gnubg_nn as g

START = "4HPwATDgc/ABMA"


def is_race(board):
    return g.classify(board) == g.c_race and board[0][24] == 0 and board[1][24] == 0


def self_play(count, rng):
    out = []
    while len(out) < count:
        board = [list(x) for x in g.board_from_position_id(START)]
        for _turn in range(500):
            if is_race(board) and rng.random() < 0.25:
                out.append([list(x) for x in board])
                if len(out) >= count:
                    break
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            r = g.best_move(board, d1, d2, n=0, b=1)
            if r[0]:
                nb = g.board_from_position_key(r[1])
                board = [list(nb[0]), list(nb[1])]
            else:
                board = [list(board[1]), list(board[0])]
            if sum(board[0]) == 0 or sum(board[1]) == 0:
                break
    return out


def spread(side, n, lo, hi, rng):
    """Puts n chequers on points lo..hi (1-based) of side at random."""
    for _ in range(n):
        side[rng.randint(lo, hi) - 1] += 1


def lopsided(count, rng):
    out = []
    while len(out) < count:
        home = [0] * 25
        spread(home, rng.randint(1, 15), 1, 6, rng)
        other = [0] * 25
        outside = rng.randint(1, 5)
        spread(other, outside, 7, 14, rng)
        spread(other, rng.randint(max(0, 3 - outside), 15 - outside), 1, 6, rng)
        board = [other, home] if rng.random() < 0.5 else [home, other]
        if is_race(board):
            out.append(board)
    return out


def fmt(p):
    return " ".join("%.5f" % x for x in p)


def analyse(item):
    kind, board = item
    return "%s %s %s %s" % (g.position_id(board), kind, fmt(g.probabilities(board, 0)), fmt(g.probabilities(board, 2)))


def verify(path, k):
    with open(path) as f:
        lines = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
    picks = sorted({round(i * (len(lines) - 1) / max(k - 1, 1)) for i in range(k)})
    for i in picks:
        pid, kind = lines[i].split()[:2]
        again = analyse((kind, [list(x) for x in g.board_from_position_id(pid)]))
        assert again == lines[i], "line %d differs:\n%s\n%s" % (i, lines[i], again)
    print("verified %d of %d lines" % (len(picks), len(lines)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--self-play", type=int, default=1000)
    ap.add_argument("--lopsided", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--verify", metavar="FILE")
    ap.add_argument("--records", type=int, default=5)
    args = ap.parse_args()
    if args.verify:
        verify(args.verify, args.records)
        return
    rng = random.Random(args.seed)
    items = [("s", b) for b in self_play(args.self_play, rng)] + [("l", b) for b in lopsided(args.lopsided, rng)]
    print("# gnubg-nn: race positions' cubeless probabilities at 0 and 2 plies, made by tests/python/gnubg_race_ref.py")
    print("# --self-play %d --lopsided %d --seed %d; POSID KIND P0..P4 (0-ply) Q0..Q4 (2-ply); format in the script's docs"
          % (args.self_play, args.lopsided, args.seed))
    with multiprocessing.Pool(args.jobs) as pool:
        for i, line in enumerate(pool.imap(analyse, items, chunksize=8)):
            print(line)
            if (i + 1) % 200 == 0:
                sys.stdout.flush()
                print("%d/%d" % (i + 1, len(items)), file=sys.stderr)


if __name__ == "__main__":
    main()
