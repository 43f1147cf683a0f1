#!/usr/bin/env python3
"""gnubg's move generator as an oracle (PyPI gnubg-nn).

Plays seeded random games with gnubg-nn's own move generator and prints, for every distinct
position met (player on roll's view) and each of the 21 rolls, one line:
    POSID D1 D2 ID1 ID2 ...
where ID1... are the sorted position IDs of every distinct legal result (mover still on roll),
as gnubg computes them. No legal play: the line has no IDs.

usage: movegen_diff.py --positions 20000 --seed 1
"""
import argparse, base64, random, sys

import gnubg_nn as g

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def key_to_id(k):
    # gnubg-nn's 20-letter keys are the 10-byte position key, one letter per nibble, high first
    b = bytes(((ord(k[2 * i]) - 65) << 4) | (ord(k[2 * i + 1]) - 65) for i in range(10))
    return base64.b64encode(b).decode()[:14]


def positions(n, rng, keep=None, exclude=()):
    """The first `n` distinct positions (player on roll's view) met in seeded random games of
    gnubg-nn's own move generator, none of them in `exclude`; with `keep`, each new position is kept
    with that probability only (so a sample spreads over more games)."""
    seen, out = set(exclude), []
    while len(out) < n:
        board = g.board_from_position_id("4HPwATDgc/ABMA")
        board = [list(board[0]), list(board[1])]
        for _ply in range(400):
            pid = g.position_id(board)
            if pid not in seen:
                seen.add(pid)
                if keep is None or rng.random() < keep:
                    out.append(pid)
                    if len(out) >= n:
                        break
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            keys = g.moves(board, d1, d2)
            if keys:
                nb = g.boardfromkey(rng.choice(keys))
                board = [list(nb[0]), list(nb[1])]
            if sum(board[1]) == 0:
                break
            board = [board[1], board[0]]
    return out

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    w = sys.stdout.write
    checked = 0
    for pid in positions(a.positions, rng):
        board = g.board_from_position_id(pid)
        board = [list(board[0]), list(board[1])]
        for d1, d2 in ROLLS:
            ids = sorted({key_to_id(k) for k in g.moves(board, d1, d2)})
            # cross-check the fast key->ID path against gnubg's own position_id now and then
            if ids and checked < 200:
                nb = g.boardfromkey(g.moves(board, d1, d2)[0])
                assert g.position_id([list(nb[0]), list(nb[1])]) in ids
                checked += 1
            w(f"{pid} {d1} {d2} {' '.join(ids)}\n")


if __name__ == "__main__":
    main()
