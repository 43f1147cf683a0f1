#!/usr/bin/env python3
"""Reference side of tests/tests/rl_env_vs_gym.rs: plays seeded random games with
gym-backgammon's Backgammon and prints, for every agent step as PettingZoo's backgammon_v0 takes
it, one JSON line:

  {"game": g, "turn": t, "kind": "single" | "double1" | "double2",
   "board": [[count, owner], ...24] (owner 0 White, 1 Black, -1 empty),
   "bar": [w, b], "off": [w, b], "player": 0 | 1, "roll": [r0, r1] (signed, White negative),
   "features": get_board_features(player), "plays": get_valid_plays(player, roll)}

Moves in "plays" are [source, target] in gym-backgammon's board indexes; the bar is the string
"bar". A double is two steps, like PettingZoo: "double1" before it, "double2" after the first two
moves of the chosen play, each listing the full plays for the four dice. When gym-backgammon raises
an exception the line carries "error" and the game stops.

With --cases FILE, first prints one line for each state in FILE (a JSON list of objects with
"name", "kind", "board", "bar", "off", "player", "roll" as above and the "deviation" expected),
carrying "case" and "deviation"; their "game" is -1.

Usage: gym_diff.py --games N --seed S [--cases FILE]
"""

import argparse
import json
import os
import random
import sys

# gym-backgammon's module imports pyglet (rendering) at import time; no display is needed.
os.environ.setdefault("PYGLET_HEADLESS", "1")

import io
import contextlib

with contextlib.redirect_stderr(io.StringIO()):
    from gym_backgammon.envs.backgammon import Backgammon, WHITE, BLACK  # noqa: E402


def state(game):
    return {
        "board": [[n, -1 if owner is None else owner] for (n, owner) in game.board],
        "bar": list(game.bar),
        "off": list(game.off),
    }


def plain(move):
    src, dst = move
    return [src, dst]


def record(game, g, t, kind, player, roll, extra=None):
    line = {"game": g, "turn": t, "kind": kind, "player": player, "roll": list(roll)}
    line.update(extra or {})
    line.update(state(game))
    line["features"] = game.get_board_features(player)
    try:
        plays = game.get_valid_plays(player, roll)
    except Exception as e:  # gym-backgammon asserts on some bear-off positions
        line["error"] = "%s: %s" % (type(e).__name__, e)
        print(json.dumps(line))
        return None
    plays = sorted([[plain(m) for m in p] for p in plays], key=repr)
    line["plays"] = plays
    print(json.dumps(line))
    return plays


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-turns", type=int, default=1000)
    ap.add_argument("--cases")
    args = ap.parse_args()
    if args.cases:
        with open(args.cases) as f:
            for case in json.load(f):
                game = Backgammon()
                game.board = [(n, None if owner < 0 else owner) for (n, owner) in case["board"]]
                game.bar = list(case["bar"])
                game.off = list(case["off"])
                game.players_positions = game.get_players_positions()
                extra = {"case": case["name"], "deviation": case["deviation"]}
                record(game, -1, 0, case["kind"], case["player"], tuple(case["roll"]), extra)
    rng = random.Random(args.seed)
    for g in range(args.games):
        game = Backgammon()
        while True:
            r = (rng.randint(1, 6), rng.randint(1, 6))
            if r[0] != r[1]:
                break
        player = WHITE if r[0] > r[1] else BLACK
        roll = r
        t = 0
        while game.get_winner() is None and t < args.max_turns:
            signed = tuple(-d for d in roll) if player == WHITE else tuple(roll)
            halves = ["double1", "double2"] if roll[0] == roll[1] else ["single"]
            ok = True
            for kind in halves:
                plays = record(game, g, t, kind, player, signed)
                if plays is None:
                    ok = False
                    break
                if plays:
                    play = rng.choice(plays)
                    moves = play[:2] if kind != "single" else play
                    game.execute_play(player, [tuple(m) for m in moves])
                if game.get_winner() is not None:
                    break
            if not ok:
                break
            t += 1
            player = BLACK if player == WHITE else WHITE
            roll = (rng.randint(1, 6), rng.randint(1, 6))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
