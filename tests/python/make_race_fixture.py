#!/usr/bin/env python3
"""Writes backgammon/tests/fixtures/race_counts.txt: gnubg 1.07's own answers to `show kleinman`,
`show thorp` and `show keith` on seeded random positions (races of every size down to a few pips,
and a few contact positions), so the Rust tests check our race formulas against gnubg without gnubg.

usage: make_race_fixture.py [--count N] [--seed S] > backgammon/tests/fixtures/race_counts.txt

Each record: a line `position POSID`, then gnubg's output lines for the three commands (blank
lines dropped; gnubg ends the Keith advice without a newline, which is restored), then `end`.
"""
import argparse, random, re, subprocess, sys
import gnubg_nn as g

GNUBG = "/usr/games/gnubg"


def side(rng, n, top):
    a = [0] * 25
    for _ in range(n):
        a[rng.randint(0, top)] += 1
    return a


def positions(n, rng):
    out = []
    while len(out) < n - 1:
        top = rng.choice([0, 1, 2, 5, 5, 8, 11])
        me = side(rng, rng.randint(1, 15), top)
        opp = side(rng, rng.randint(1, 15), rng.choice([0, 1, 2, 5, 8, 11]))
        pid = g.position_id([opp, me])
        if pid not in out:
            out.append(pid)
    # the opening position (contact, equal counts) last: `new game` prints its board first
    return out + ["4HPwATDgc/ABMA"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    pids = positions(a.count, random.Random(a.seed))
    cmds = "new game\n" + "".join(f"set board {p}\nshow kleinman\nshow thorp\nshow keith\n" for p in pids)
    out = subprocess.run([GNUBG, "-t", "-q"], input=cmds, capture_output=True, text=True, timeout=600).stdout
    # `set board` prints the board, whose first line names the position; what the three commands
    # print follows it (gnubg ends the Keith advice without a newline, so the next board's first
    # line may share its line).
    parts = re.split(r" GNU Backgammon  Position ID: (\S+)", out)
    print("# gnubg 1.07 `show kleinman|thorp|keith`; regenerate with tests/python/make_race_fixture.py")
    seen = 0
    for k in range(1, len(parts), 2):
        pid, chunk = parts[k], parts[k + 1]
        if pid not in pids[seen:seen + 1]:
            continue  # a board printed for another reason (the opening of `new game`)
        seen += 1
        body = [l.rstrip() for l in chunk.splitlines()]
        start = next((n for n, l in enumerate(body) if l.startswith("Leader Pip Count")), None)
        if start is None:
            continue
        print(f"position {pid}")
        for l in body[start:]:
            if l.strip():
                print(l)
        print("end")
    assert seen == len(pids), (seen, len(pids))

if __name__ == "__main__":
    main()
