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
           then gnubg-nn's n-ply cubeless probabilities `win wg wbg lg lbg`, then the double and
           take verdicts of gnubg-nn's 0-ply cube model applied to those probabilities (its n-ply
           decision is a recursion of its own, not that model on n-ply probabilities)
       gnubg_cube.py gnubg-decide --plies N < lines `POSID MATCHID me_away opp_away`
           the same from gnubg 1.07 itself (/usr/games/gnubg, its woolsey.xml table, cube and
           chequer play at N plies; `me_away` 0 marks a money game), one line each:
           `double take nd dt dp win wg wbg lg lbg optional` with the
           equities normalised as gnubg prints them (NEMG, "double, pass" = +1) and `optional` 1
           for gnubg's "Optional double" (no double and double/take equal)
       gnubg_cube.py post-crawford
           gnubg-nn's post-Crawford MWCs of a trailer 2..15-away (its Woolsey table computes them;
           they are not the published pre-Crawford figures), read off its double/pass MWCs
"""
import random
import re
import subprocess
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
        m = g.evaluate_cube_decision(pid, n=0, i=1, p=tuple(p))
        print(f"{int(r[0])} {int(r[1])} {r[3]:.6f} {r[4]:.6f} {r[5]:.6f} {probs} {int(m[0])} {int(m[1])}")


ACTIONS = {
    "No double, take": (0, 1),
    "No redouble, take": (0, 1),
    "Double, take": (1, 1),
    "Redouble, take": (1, 1),
    "Optional double, take": (1, 1),
    "Optional redouble, take": (1, 1),
    "Double, pass": (1, 0),
    "Redouble, pass": (1, 0),
    "Too good to double, pass": (0, 0),
    "Too good to redouble, pass": (0, 0),
    "Too good to double, take": (0, 1),
    "Too good to redouble, take": (0, 1),
    "No double, beaver": (0, 1),
    "No redouble, beaver": (0, 1),
    "Double, beaver": (1, 1),
    "Redouble, beaver": (1, 1),
}


def gnubg_decide(lines, plies):
    script = [
        "set output digits 5",
        "set met /usr/share/gnubg/met/woolsey.xml",
        f"set evaluation cubedecision evaluation plies {plies}",
        f"set evaluation chequerplay evaluation plies {plies}",
    ]
    for line in lines:
        pid, mid, me = line.split()[:3]
        # `0` away: a money game (gnubg's defaults: Jacoby rule, beavers)
        start = "new session" if me == "0" else "new match 15"
        script += [start, f"set matchid {mid}", f"set board {pid}", "eval"]
    out = subprocess.run(
        ["/usr/games/gnubg", "-t", "-q"], input="\n".join(script) + "\n", capture_output=True, text=True, check=True
    ).stdout
    blocks = out.split("Cube analysis")[1:]
    assert len(blocks) == len(lines), f"{len(blocks)} cube analyses for {len(lines)} positions"
    num = r"([+-]?[\d.]+)"
    for b in blocks:
        probs = re.search(r"\n\s+" + r" ".join([num] * 3) + r" - " + r" ".join([num] * 3), b).groups()
        nd = re.search(r"No (?:re)?double\s+" + num, b).group(1)
        dp = re.search(r"(?:Re)?[Dd]ouble, pass\s+" + num, b).group(1)
        dt = re.search(r"(?:Re)?[Dd]ouble, take\s+" + num, b).group(1)
        action = re.search(r"Proper cube action: ([^(\n]*)", b).group(1).strip()
        double, take = ACTIONS[action]
        optional = int(action.startswith("Optional"))
        p = [probs[0], probs[1], probs[2], probs[4], probs[5]]
        print(f"{double} {take} {nd} {dt} {dp} {' '.join(p)} {optional}")


def post_crawford():
    # a trailer k-away doubling a leader 1-away who passes: the trailer is then (k-1)-away
    # post-Crawford, so the double/pass MWC is the post-Crawford MWC of k-1 away
    g.set.equities("woolsey")
    out = []
    for k in range(3, 17):
        g.set.score(k, 1)
        g.set.cube(1)
        out.append(g.evaluate_cube_decision("4HPwATDgc/ABMA", n=0, i=1)[5])
    print(" ".join(f"{x:.5f}" for x in out))


if __name__ == "__main__":
    if sys.argv[1] == "positions":
        count = int(sys.argv[sys.argv.index("--count") + 1])
        seed = int(sys.argv[sys.argv.index("--seed") + 1])
        print("\n".join(positions(count, seed)))
    elif sys.argv[1] == "decide":
        plies = int(sys.argv[sys.argv.index("--plies") + 1])
        decide([l for l in sys.stdin if l.strip()], plies)
    elif sys.argv[1] == "gnubg-decide":
        plies = int(sys.argv[sys.argv.index("--plies") + 1])
        gnubg_decide([l for l in sys.stdin if l.strip()], plies)
    elif sys.argv[1] == "post-crawford":
        post_crawford()
