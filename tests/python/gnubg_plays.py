#!/usr/bin/env python3
"""gnubg's move generator (PyPI gnubg-nn) on given rolls: reads lines "POSID D1 D2" on stdin and
prints, for each, "POSID D1 D2 ID1 ID2 ..." with the sorted position IDs of every distinct legal
result (mover still on roll), as movegen_diff.py does. Used by tests/tests/rl_env_vs_gym.rs to
judge each play-set difference between our environment and gym-backgammon.
"""
import sys

import gnubg_nn as g

from movegen_diff import key_to_id


def main():
    for line in sys.stdin:
        f = line.split()
        if len(f) != 3:
            continue
        pid, d1, d2 = f[0], int(f[1]), int(f[2])
        board = g.board_from_position_id(pid)
        board = [list(board[0]), list(board[1])]
        ids = sorted({key_to_id(k) for k in g.moves(board, d1, d2)})
        sys.stdout.write(f"{pid} {d1} {d2} {' '.join(ids)}\n")


if __name__ == "__main__":
    main()
