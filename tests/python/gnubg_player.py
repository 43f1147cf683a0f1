#!/usr/bin/env python3
"""Line-protocol bridge to gnubg-nn's players, for `bg-match` (strength benchmarks) and the
classification check.

Requests on stdin, one per line; each answer is one line, flushed at once:
  pub POSID D1 D2    -> the position after pubeval's play (mover still on roll), or `none`
  gnubg POSID D1 D2  -> the same for gnubg's 0-ply choice (`best_move`, 0 plies)
  eval POSID         -> gnubg 0-ply `win wg wbg lg lbg` for the player on roll
  class POSID        -> gnubg-nn's position class (0 over, 2 bearoff, 3 race, 4 crashed, 5 contact)
Bad requests are answered with `error: ...`.

Position IDs follow gnubg: board[0] is the player not on roll, board[1] the player on roll.
"""
import sys

import gnubg_nn as g


def apply_pub(board, steps):
    """Plays pubeval's (from, to) pairs (0-based, -1 = off, 24 = bar) for board[1]."""
    me, opp = list(board[1]), list(board[0])
    for f, t in zip(steps[0::2], steps[1::2]):
        me[f] -= 1
        if t >= 0:
            me[t] += 1
            if opp[23 - t] == 1:
                opp[23 - t] = 0
                opp[24] += 1
    return [opp, me]


def answer(fields):
    cmd = fields[0]
    board = [list(x) for x in g.board_from_position_id(fields[1])]
    if cmd == "eval":
        return " ".join("%.6f" % p for p in g.probabilities(board, 0))
    if cmd == "class":
        return str(g.classify(board))
    d1, d2 = int(fields[2]), int(fields[3])
    if cmd == "pub":
        steps = g.pub_best_move(board, d1, d2)
        if not steps:
            return "none"
        return g.position_id(apply_pub(board, list(steps)))
    if cmd == "gnubg":
        res = g.best_move(board, d1, d2, n=0, b=1)
        moves, key = res[0], res[1]
        if not moves:
            return "none"
        after = g.board_from_position_key(key)
        # gnubg returns the board with the mover as board[0] (the other side to play next)
        return g.position_id([list(after[1]), list(after[0])])
    raise ValueError("unknown request " + cmd)


def main():
    for line in sys.stdin:
        fields = line.split()
        if not fields:
            continue
        try:
            out = answer(fields)
        except Exception as e:  # a bad request must not end the session
            out = "error: %s" % e
        sys.stdout.write(out + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
