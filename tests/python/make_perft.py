#!/usr/bin/env python3
"""Writes the backgammon perft fixture (backgammon/tests/fixtures/perft.txt) from gnubg's own move
generator (PyPI gnubg-nn), once; `backgammon/tests/perft.rs` then checks our MoveGenerator against
the committed file with no external program.

One line per (position, roll):
    POSITION_ID D1 D2 NPLAYS DIGEST
POSITION_ID is gnubg's ID of the position, player on roll's view; NPLAYS the number of distinct
legal results (as position IDs, mover still on roll); DIGEST the FNV-1a 64-bit hash (offset basis
0xcbf29ce484222325, prime 0x100000001b3) of those IDs sorted (byte order) and joined by single
spaces, as 16 lower-case hex digits. No legal play: NPLAYS is 0 and DIGEST is the hash of the empty
string, cbf29ce484222325. Lines starting with '#' are comments; a hand-picked group is preceded by
a comment naming it.

The positions: hand-picked rules corners first, then distinct positions met in seeded random games
(uniform random legal plays by gnubg-nn's generator), each kept with probability 1/3 so that the
sample spreads over many games; each position with all 21 rolls.

usage: make_perft.py --positions 2000 --seed 23 > backgammon/tests/fixtures/perft.txt
"""
import argparse
import datetime
import platform
import random
import sys
from importlib import metadata

import gnubg_nn as g
from movegen_diff import key_to_id, positions
from perft_common import fnv1a64

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
OPENING = "4HPwATDgc/ABMA"




def board_of(on_roll, opponent):
    """gnubg board [opponent, on roll] from (point, chequers) lists, each side's own numbering
    (1..24, 25 the bar)."""
    board = [[0] * 25, [0] * 25]
    for side, lst in ((1, on_roll), (0, opponent)):
        for point, n in lst:
            board[side][point - 1] += n
        assert sum(board[side]) <= 15, (on_roll, opponent)
    for i in range(24):
        # no point held by both: my point i+1 is the opponent's point 24-i
        assert not (board[1][i] and board[0][23 - i]), (on_roll, opponent, i + 1)
    return board


BAR1 = [(25, 1), (6, 5), (8, 3), (13, 6)]  # one chequer on the bar, the rest in the opening's shape

# (name, on roll, opponent): the rules' corners, every one with all 21 rolls
HAND_PICKED = [
    ("opening position", [(6, 5), (8, 3), (13, 5), (24, 2)], [(6, 5), (8, 3), (13, 5), (24, 2)]),
    ("one on the bar, five home points closed (only the 6 enters)",
     BAR1, [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (13, 5)]),
    ("one on the bar, board fully closed (no legal play)",
     BAR1, [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 3)]),
    ("two on the bar, four home points closed (5 and 6 enter; the other chequer waits)",
     [(25, 2), (6, 5), (8, 3), (13, 5)], [(1, 2), (2, 2), (3, 2), (4, 2), (13, 7)]),
    ("three on the bar, only the 1 open (1-1 enters all three; other 1s enter one)",
     [(25, 3), (6, 4), (8, 3), (13, 5)], [(2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 5)]),
    ("fifteen on the bar, the 2 and the 6 open", [(25, 15)], [(1, 3), (3, 3), (4, 3), (5, 6)]),
    ("on the bar against a board of blots (entering hits)",
     BAR1, [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (13, 9)]),
    ("on the bar, only the 1 enters and the entered chequer is then blocked",
     [(25, 1), (13, 14)], [(2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 3)]),
    ("bear-off: a larger die bears off from the highest point", [(1, 2), (2, 3), (3, 1)], [(19, 15)]),
    ("bear-off with a gap: a die larger than the highest point, or exact",
     [(5, 1), (2, 2)], [(24, 5), (13, 10)]),
    ("bear-off not yet: one chequer outside home must come in first",
     [(7, 1), (6, 2), (1, 3)], [(20, 2), (13, 5), (8, 3), (6, 5)]),
    ("last chequer on the 1-point (one die bears it off, the other is void)", [(1, 1)], [(6, 5), (8, 3), (13, 7)]),
    ("last two chequers on the 6 and 5 points (bear-off with the larger die)", [(6, 1), (5, 1)], [(1, 15)]),
    ("three chequers on the 6 and 1 points (bear-off with dice larger than needed)", [(6, 2), (1, 1)], [(13, 15)]),
    ("bear-off with the opponent on the bar", [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)],
     [(25, 1), (13, 14)]),
    ("bear-off against a held home point and a blot (hit on the way)", [(6, 3), (5, 3), (4, 2), (2, 2)],
     [(22, 2), (24, 1), (13, 12)]),
    ("must use the larger die: one chequer, either die alone, never both", [(13, 1)], [(23, 2), (1, 13)]),
    ("must use both dice: at 6-1, 7/6 alone leaves the 6 unplayable, so 9/8 7/1 is the one play",
     [(9, 1), (7, 1), (4, 1)], [(22, 2), (23, 2), (1, 11)]),
    ("two chequers before held 7, 3 and 2 points (6-5: one die only; 6-6: no play)",
     [(13, 1), (9, 1)], [(18, 2), (22, 2), (23, 2), (1, 9)]),
    ("a lone chequer before held 6, 5 and 3 points (3-1: either die alone, the 3 must play)",
     [(10, 1)], [(20, 2), (22, 2), (19, 2), (1, 9)]),
    ("doubles played partly: a lone runner walks into a block",
     [(20, 1)], [(13, 2), (15, 2), (11, 2), (1, 9)]),
    ("doubles played partly with several chequers", [(24, 2), (20, 2)],
     [(17, 2), (16, 2), (14, 2), (12, 2), (10, 2), (9, 2), (2, 3)]),
    ("no legal play: fifteen behind a full prime", [(24, 15)],
     [(2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (13, 3)]),
    ("no legal play except sixes (a five-point block with the hole six away)", [(24, 15)],
     [(2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (13, 5)]),
    ("a hit on the opponent's last chequer (a blot within reach)", [(24, 1), (13, 14)], [(7, 1)]),
    ("contact with blots everywhere (many distinct hits)",
     [(24, 1), (23, 1), (22, 1), (21, 1), (20, 1), (13, 5), (8, 2), (6, 3)],
     [(24, 1), (23, 1), (22, 1), (21, 1), (13, 4), (8, 2), (7, 1), (6, 3), (9, 1)]),
    ("the opponent all borne off but one on the bar (a race with contact left)",
     [(6, 3), (5, 3), (4, 3), (3, 3), (2, 3)], [(25, 1)]),
]


def sampled_positions(n, rng, exclude):
    """The first `n` positions kept (one in three new ones) from seeded random games, none in `exclude`."""
    return positions(n, rng, keep=1 / 3, exclude=exclude)

def lines_for(pid, checked):
    board = g.board_from_position_id(pid)
    board = [list(board[0]), list(board[1])]
    out = []
    for d1, d2 in ROLLS:
        keys = g.moves(board, d1, d2)
        ids = sorted({key_to_id(k) for k in keys})
        # cross-check the fast key->ID path against gnubg's own position_id now and then
        if keys and checked[0] < 500:
            nb = g.boardfromkey(keys[0])
            assert g.position_id([list(nb[0]), list(nb[1])]) in ids
            checked[0] += 1
        out.append(f"{pid} {d1} {d2} {len(ids)} {fnv1a64(' '.join(ids))}\n")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=23)
    a = ap.parse_args()
    w = sys.stdout.write
    w("# Backgammon perft fixture: distinct legal plays per (position, roll), from gnubg's move generator.\n")
    w(f"# Generated by: python3 tests/python/make_perft.py --positions {a.positions} --seed {a.seed}"
      " > backgammon/tests/fixtures/perft.txt\n")
    w(f"# Reference: PyPI gnubg-nn {metadata.version('gnubg-nn')} (gnubg's move generator and position IDs),"
      f" Python {platform.python_version()}; generated {datetime.datetime.now(datetime.timezone.utc).date()}.\n")
    w("# Line: POSITION_ID D1 D2 NPLAYS DIGEST. POSITION_ID: gnubg position ID, player on roll's view.\n")
    w("# NPLAYS: number of distinct legal results (position IDs, mover still on roll); 0 = no legal play.\n")
    w("# DIGEST: FNV-1a 64 (offset basis cbf29ce484222325, prime 100000001b3) over the result IDs sorted in\n")
    w("# byte order and joined by single spaces, as 16 lower-case hex digits (no play: cbf29ce484222325).\n")
    w(f"# Contents: {len(HAND_PICKED)} hand-picked positions (rules corners, each named in a comment), then\n")
    w(f"# {a.positions} distinct positions from seeded random games (Python random.Random({a.seed}), uniform\n")
    w("# random legal plays, each new position kept with probability 1/3); every position with all 21 rolls.\n")
    checked = [0]
    seen = set()
    for name, on_roll, opponent in HAND_PICKED:
        pid = g.position_id(board_of(on_roll, opponent))
        assert pid not in seen, name
        seen.add(pid)
        w(f"# hand-picked: {name}\n")
        for line in lines_for(pid, checked):
            w(line)
    w("# seeded random positions\n")
    rng = random.Random(a.seed)
    for pid in sampled_positions(a.positions, rng, seen):
        for line in lines_for(pid, checked):
            w(line)


if __name__ == "__main__":
    main()
