#!/usr/bin/env python3
"""Oracle helpers around the real gnubg 1.07 CLI (`gnubg -t`): match ID encoding (from the
seed's match-key description) and `show board` for a list of (position ID, match ID) pairs.

usage: gnubg_oracle.py show < lines "POSID MATCHID"   -> gnubg's `show board` for each pair
       gnubg_oracle.py boards --count N --seed S       -> gnubg's boards for N random positions
                                                          and match states
"""
import base64, subprocess, sys

def match_id(cube_log=0, owner=3, on_roll=1, crawford=0, state=1, turn=None, doubled=0,
             resigned=0, dice=(0, 0), length=0, score=(0, 0)):
    if turn is None:
        turn = on_roll
    fields = [(cube_log, 4), (owner, 2), (on_roll, 1), (crawford, 1), (state, 3), (turn, 1),
              (doubled, 1), (resigned, 2), (dice[0], 3), (dice[1], 3), (length, 15),
              (score[0], 15), (score[1], 15)]
    bits = []
    for v, n in fields:
        bits += [(v >> i) & 1 for i in range(n)]
    key = bytearray(9)
    for i, b in enumerate(bits):
        key[i // 8] |= b << (i % 8)
    return base64.b64encode(bytes(key)).decode()[:12]

def show(pairs, length=15):
    # `set matchid` is honoured inside a match, so start one as long as any state needs
    script = f"set player 0 human\nset player 1 human\nnew match {length}\n"
    for pid, mid in pairs:
        script += f"set matchid {mid}\nset board {pid}\nshow board\n"
    out = subprocess.run(["/usr/games/gnubg", "-t", "-q"], input=script.encode(),
                         capture_output=True, timeout=600).stdout.decode("latin-1")
    return out

def hints(requests):
    """gnubg's list of every legal play (0-ply `hint`) for each (POSID, D1, D2): yields
    (posid, d1, d2, [plays]) in gnubg's notation."""
    import re
    script = "set player 0 human\nset player 1 human\nnew match 15\n" \
             "set evaluation chequerplay evaluation plies 0\n"
    for pid, d1, d2 in requests:
        script += f"set board {pid}\nset dice {d1} {d2}\nhint 9999\n"
    out = subprocess.run(["/usr/games/gnubg", "-t", "-q"], input=script.encode(),
                         capture_output=True, timeout=1800).stdout.decode("latin-1")
    results, pid, dice, plays = [], None, None, None
    for line in out.splitlines():
        m = re.match(r" GNU Backgammon  Position ID: (\S+)", line)
        if m:
            pid = m.group(1)
            continue
        m = re.match(r"The dice have been set to (\d) and (\d)\.", line)
        if m:
            if plays is not None:
                results.append(plays)
            dice = (int(m.group(1)), int(m.group(2)))
            plays = (pid, dice[0], dice[1], [])
            continue
        m = re.match(r"^ +\d+\. +Cubeful \d-ply +(.*?) +Eq\.", line)
        if m and plays is not None:
            plays[3].append(m.group(1))
    if plays is not None:
        results.append(plays)
    return results


def random_boards(count, seed):
    import random
    import gnubg_nn as g
    rng = random.Random(seed)
    pairs = []
    board = None
    while len(pairs) < count:
        if board is None or sum(board[1]) == 0 or rng.random() < 0.02:
            b = g.board_from_position_id("4HPwATDgc/ABMA")
            board = [list(b[0]), list(b[1])]
        keys = g.moves(board, rng.randint(1, 6), rng.randint(1, 6))
        if keys:
            nb = g.boardfromkey(rng.choice(keys))
            board = [list(nb[1]), list(nb[0])]
        else:
            board = [board[1], board[0]]
        if sum(board[1]) == 0 or sum(board[0]) == 0:
            board = None
            continue
        length = rng.choice([3, 5, 7, 11, 15])
        score = (rng.randrange(length), rng.randrange(length))
        crawford = int(rng.random() < 0.2 and length - 1 in score)
        owner = 3 if crawford else rng.choice([0, 1, 3, 3])
        cube_log = 0 if owner == 3 and rng.random() < 0.7 else rng.randint(1, 4)
        on_roll = rng.randint(0, 1)
        dice = (rng.randint(1, 6), rng.randint(1, 6)) if rng.random() < 0.7 else (0, 0)
        mid = match_id(cube_log=cube_log, owner=owner, on_roll=on_roll, crawford=crawford,
                       dice=dice, length=length, score=score)
        pairs.append((g.position_id(board), mid))
    return pairs


if __name__ == "__main__":
    if sys.argv[1] == "hints":
        reqs = [l.split() for l in sys.stdin if l.strip()]
        for pid, d1, d2, plays in hints(reqs):
            print("\t".join([pid, str(d1), str(d2)] + plays))
        sys.exit(0)
    if sys.argv[1] == "boards":
        count = int(sys.argv[sys.argv.index("--count") + 1])
        seed = int(sys.argv[sys.argv.index("--seed") + 1])
        sys.stdout.write(show(random_boards(count, seed)))
        sys.exit(0)
    if sys.argv[1] == "mid":
        kw = eval("dict(" + sys.argv[2] + ")")
        print(match_id(**kw))
    elif sys.argv[1] == "show":
        pairs = [l.split() for l in sys.stdin if l.strip()]
        sys.stdout.write(show(pairs))
