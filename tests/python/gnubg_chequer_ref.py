#!/usr/bin/env python3
"""Reference chequer plays from gnubg-nn at 2 plies, for the chequer-play error rate
(`bg-errors`, `backgammon::benchmark`, tests/tests/chequer_vs_gnubg.rs).

usage: gnubg_chequer_ref.py --count N --seed S [--jobs J] > tests/data/chequer_2ply.txt
       gnubg_chequer_ref.py --check            best_move(n=2) agrees with the table (opening rolls)
       gnubg_chequer_ref.py --verify FILE [--records K]
                                               K records spread over FILE recomputed: identical

Positions come from real play: seeded money games (Python's `random.Random(S)` dice) played by
gnubg-nn at 0 plies (`best_move`, n=0), both sides' turns, each turn that is not forced (at least
two distinct resulting positions) kept with probability 1/4 so that the sample spreads over many
games. For each kept position and roll every legal play (gnubg-nn's `moves`, one per distinct
resulting position) is listed with its cubeless money equity for the mover.

Plies follow gnubg: a play "at n plies" is the position after it, the opponent on roll,
evaluated by `probabilities(board, n)` (0 = the static nets; 2 = over the opponent's 21 rolls and
then ours, each side playing its 0-ply best). This is what `best_move(..., n=2, list=1)` reports
for the plays that pass its move filters (checked by `--check`). Evaluating every play at 2 plies
costs about 0.05 s of CPU each, so, like gnubg's own filters, plays more than 0.20 below the best
at 1 ply (and any beyond the 16 best) keep their 1-ply equity, marked with ply 1; gnubg's 0-ply
choice is always evaluated at 2 plies (it is the sanity anchor of the error rate).

Output format (text; `#` lines are comments):
  POSID D1 D2 N          a position (gnubg position ID, player on roll first) and its roll,
                         followed by N lines, one per legal play, best 2-ply equity first:
  RESULTID EQ2 EQ1 EQ0   RESULTID: the position after the play with the mover still on roll (as
                         `gammon moves` prints it); EQ2, EQ1, EQ0: the mover's cubeless money
                         equity at 2, 1 and 0 plies, EQ2 `-` when the filter above skipped it.
"""
import argparse
import multiprocessing
import random
import sys
import time

import gnubg_nn as g

START = "4HPwATDgc/ABMA"
# plays within this much of the best 1-ply equity are evaluated at 2 plies
MARGIN = 0.20
MAX_DEEP = 16


def equity(p):
    """Cubeless money equity of a 5-tuple (gammons include backgammons)."""
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


def distinct_plays(board, d1, d2):
    return sorted(set(g.moves(board, d1, d2)))


def positions(count, seed):
    """(board, d1, d2) from seeded gnubg-nn 0-ply self-play; board[1] is on roll."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = [list(x) for x in g.board_from_position_id(START)]
        for _turn in range(500):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            if len(distinct_plays(board, d1, d2)) >= 2 and rng.random() < 0.25:
                out.append(([list(x) for x in board], d1, d2))
                if len(out) >= count:
                    break
            r = g.best_move(board, d1, d2, n=0, b=1)
            if r[0]:
                # the key lists the mover first: the mover becomes board[0], not on roll
                nb = g.board_from_position_key(r[1])
                board = [list(nb[0]), list(nb[1])]
            else:
                board = [list(board[1]), list(board[0])]
            if sum(board[0]) == 0 or sum(board[1]) == 0:
                break
    return out


def analyse(item):
    """The record of one position: its header line and one line per play."""
    board, d1, d2 = item
    rows = []
    for key in distinct_plays(board, d1, d2):
        # `moves` keys keep the board's order: the opponent first, then the mover after the play
        kb = [list(x) for x in g.board_from_position_key(key)]
        after = [kb[1], kb[0]]  # the opponent on roll
        e0 = -equity(g.probabilities(after, 0))
        e1 = -equity(g.probabilities(after, 1))
        rows.append([g.position_id(kb), after, e0, e1, None])
    rows.sort(key=lambda r: -r[3])
    best1 = rows[0][3]
    best0 = max(rows, key=lambda r: r[2])
    for i, r in enumerate(rows):
        if r is best0 or (i < MAX_DEEP and r[3] >= best1 - MARGIN):
            r[4] = -equity(g.probabilities(r[1], 2))
    # 2-ply plays first, best first; then the others by their 1-ply equity
    rows.sort(key=lambda r: (r[4] is None, -(r[4] if r[4] is not None else r[3])))
    lines = ["%s %d %d %d" % (g.position_id(board), d1, d2, len(rows))]
    lines += ["%s %s %+.5f %+.5f" % (r[0], "-" if r[4] is None else "%+.5f" % r[4], r[3], r[2]) for r in rows]
    return "\n".join(lines)


def check():
    """best_move at 2 plies agrees with the table: its best play is the table's first."""
    board = [list(x) for x in g.board_from_position_id(START)]
    for d1, d2 in [(3, 1), (6, 4), (5, 2), (2, 1)]:
        rec = analyse((board, d1, d2)).split("\n")
        res = g.best_move(board, d1, d2, n=2, b=1, list=1)
        key, listed = res[1], res[2]
        # best_move's key lists the mover first: the mover on roll is the other way round
        nb = g.board_from_position_key(key)
        best = g.position_id([list(nb[1]), list(nb[0])])
        ours = rec[1].split()
        assert ours[0] == best, (d1, d2, ours, best)
        assert abs(float(ours[1]) - listed[0][3]) < 2e-5, (ours, listed[0])
        print("%d%d: %s %s agrees with best_move n=2 (%+.5f)" % (d1, d2, best, ours[1], listed[0][3]))


def read_records(path):
    """The records of a reference file, each a list of its lines."""
    records = []
    with open(path) as f:
        lines = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
    i = 0
    while i < len(lines):
        n = int(lines[i].split()[3])
        records.append(lines[i:i + n + 1])
        i += n + 1
    return records


def verify(path, k):
    """Recomputes `k` records spread over the file; prints `verified N` when all are identical."""
    records = read_records(path)
    picks = sorted({round(i * (len(records) - 1) / max(k - 1, 1)) for i in range(k)})
    for i in picks:
        pid, d1, d2, _n = records[i][0].split()
        board = [list(x) for x in g.board_from_position_id(pid)]
        again = analyse((board, int(d1), int(d2))).split("\n")
        assert again == records[i], "record %d differs:\n%s\n--- recomputed:\n%s" % (
            i, "\n".join(records[i]), "\n".join(again))
    print("verified %d of %d records" % (len(picks), len(records)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="compare with best_move on the opening")
    ap.add_argument("--verify", metavar="FILE", help="recompute records of FILE and compare")
    ap.add_argument("--records", type=int, default=3, help="records to recompute with --verify")
    args = ap.parse_args()
    if args.check:
        check()
        return
    if args.verify:
        verify(args.verify, args.records)
        return
    items = positions(args.count, args.seed)
    print("# gnubg-nn: chequer plays at 2 plies (cubeless money), made by tests/python/gnubg_chequer_ref.py")
    print("# --count %d --seed %d; 2-ply margin %.2f at 1 ply, at most %d plays; format in the script's docs"
          % (args.count, args.seed, MARGIN, MAX_DEEP))
    start = time.time()
    with multiprocessing.Pool(args.jobs) as pool:
        for i, rec in enumerate(pool.imap(analyse, items, chunksize=4)):
            print(rec)
            if (i + 1) % 50 == 0:
                sys.stdout.flush()
                print("%d/%d positions, %.0f s" % (i + 1, len(items), time.time() - start), file=sys.stderr)


if __name__ == "__main__":
    main()
