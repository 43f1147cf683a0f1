#!/usr/bin/env python3
"""Times gnubg's move generator (PyPI gnubg-nn, Python call included) on the corpus the
criterion bench `movegen` writes (target/movegen-corpus.txt): all 21 rolls per position.

usage: movegen_bench.py [CORPUS] [--repeat N]
"""
import sys, time

import gnubg_nn as g

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else "target/movegen-corpus.txt"
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
    boards = []
    for line in open(path):
        b = g.board_from_position_id(line.strip())
        boards.append([list(b[0]), list(b[1])])
    best, plays = None, 0
    for _ in range(repeat):
        t = time.perf_counter()
        plays = 0
        for b in boards:
            for d1, d2 in ROLLS:
                plays += len(g.moves(b, d1, d2))
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    answers = len(boards) * len(ROLLS)
    print(f"gnubg-nn moves(): {len(boards)} positions, {answers} roll answers, {plays} plays in {best:.3f} s (best of {repeat}):"
          f" {answers / best:,.0f} roll answers/s, {plays / best:,.0f} plays/s")
    t = time.perf_counter()
    n = 0
    opening = g.board_from_position_id("4HPwATDgc/ABMA")
    while time.perf_counter() - t < 1.0:
        for d1, d2 in ROLLS:
            g.moves(opening, d1, d2)
        n += 21
    print(f"gnubg-nn moves(): opening position {n / (time.perf_counter() - t):,.0f} roll answers/s")


if __name__ == "__main__":
    main()
