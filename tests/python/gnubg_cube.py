#!/usr/bin/env python3
"""Cube decisions from gnubg-nn (`gnubg_nn.evaluate_cube_decision`) for the cube acceptance test,
and the generator of its position file.

usage: gnubg_cube.py positions --count N --seed S > tests/data/cube_positions.txt
           positions from seeded games played by gnubg-nn at 0-ply, sampled before a roll where
           the player on roll could think of doubling (cubeless winning chance 0.55 to 0.85),
           one per line: `POSID MATCHID me_away opp_away` (centred 1-cube, never the Crawford
           game; a 1-away side means post-Crawford, and the player on roll is never 1-away)
       gnubg_cube.py decide --plies N < lines `POSID MATCHID me_away opp_away`
           gnubg-nn's decision on Kit Woolsey's table, one line each:
           `double take no_double_mwc double_take_mwc double_pass_mwc` (double/take 0 or 1),
           then gnubg-nn's n-ply cubeless probabilities `win wg wbg lg lbg`
"""
import random
import sys

import gnubg_nn as g
from gnubg_oracle import match_id

LENGTHS = [3, 5, 7, 9, 11]


def positions(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        length = rng.choice(LENGTHS)
        # the two players' points; a side 1-away plays post-Crawford here
        score = [rng.randrange(length), rng.randrange(length)]
        if score[0] == length - 1 and score[1] == length - 1:
            continue
        board = g.board_from_position_id("4HPwATDgc/ABMA")
        on_roll = rng.randint(0, 1)
        for _ply in range(200):
            pid = g.position_id(board)
            p = g.probabilities(board, 0)
            me, opp = length - score[on_roll], length - score[1 - on_roll]
            if 0.55 <= p[0] <= 0.85 and me > 1 and rng.random() < 0.15 and sum(board[0]) and sum(board[1]):
                # gnubg's match ID: player 1 is X; `score` is (player 0, player 1)
                mid = match_id(on_roll=on_roll, length=length, score=(score[0], score[1]))
                out.append(f"{pid} {mid} {me} {opp}")
                if len(out) >= count:
                    break
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            r = g.best_move(board, d1, d2, n=0, b=1)
            if r[0]:
                # best_move's key lists the mover's side first: the mover becomes side 0
                nb = g.boardfromkey(r[1])
                board = [list(nb[0]), list(nb[1])]
            else:
                board = [list(board[1]), list(board[0])]
            on_roll = 1 - on_roll
            if sum(board[0]) == 0 or sum(board[1]) == 0:
                break
    return out


def decide(lines, plies):
    g.set.equities("woolsey")
    for line in lines:
        pid, _mid, me, opp = line.split()[:4]
        g.set.score(int(me), int(opp))
        g.set.cube(1)
        r = g.evaluate_cube_decision(pid, n=plies, i=1)
        p = g.probabilities(g.board_from_position_id(pid), plies)
        probs = " ".join(f"{x:.6f}" for x in p)
        print(f"{int(r[0])} {int(r[1])} {r[3]:.6f} {r[4]:.6f} {r[5]:.6f} {probs}")


if __name__ == "__main__":
    if sys.argv[1] == "positions":
        count = int(sys.argv[sys.argv.index("--count") + 1])
        seed = int(sys.argv[sys.argv.index("--seed") + 1])
        print("\n".join(positions(count, seed)))
    elif sys.argv[1] == "decide":
        plies = int(sys.argv[sys.argv.index("--plies") + 1])
        decide([l for l in sys.stdin if l.strip()], plies)
