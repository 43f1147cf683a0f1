#!/usr/bin/env python3
"""GNU Go's side of `cargo bench -p go --bench reading`: the same eight `attack` commands
(game, move to load up to, string) through `gnugo --mode gtp`, each after `clear_cache` and
`reset_reading_node_counter`; prints per case the answer, the reading nodes and the time, then
the totals and nodes per second. Timing is the GTP round trip of `attack` alone (the position is
loaded before the clock starts), repeated REPEAT times and the fastest kept.

usage: gnugo_reading_bench.py [GNUGO] [GAMES_DIR]
"""
import subprocess
import sys
import time

CASES = [
    ("incident2.sgf", 212, "E3"),
    ("incident79.sgf", 168, "L19"),
    ("incident64.sgf", 52, "F7"),
    ("incident80.sgf", 141, "T10"),
    ("incident82.sgf", 184, "B16"),
    ("incident114.sgf", 36, "S4"),
    ("incident231.sgf", 206, "B4"),
    ("incident85.sgf", 214, "H17"),
]
REPEAT = 5


def main():
    gnugo = sys.argv[1] if len(sys.argv) > 1 else "/usr/games/gnugo"
    games = sys.argv[2] if len(sys.argv) > 2 else "../shared/gnugo/regression/games"
    p = subprocess.Popen([gnugo, "--mode", "gtp", "--quiet"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def cmd(c):
        p.stdin.write(c + "\n")
        p.stdin.flush()
        lines = []
        while True:
            line = p.stdout.readline()
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        return " ".join(lines)

    total_nodes, total_time = 0, 0.0
    for game, until, vertex in CASES:
        cmd(f"loadsgf {games}/{game} {until}")
        best = None
        for _ in range(REPEAT):
            cmd("clear_cache")
            cmd("reset_reading_node_counter")
            t = time.perf_counter()
            answer = cmd(f"attack {vertex}")
            dt = time.perf_counter() - t
            best = dt if best is None else min(best, dt)
        nodes = int(cmd("get_reading_node_counter").split()[-1])
        total_nodes += nodes
        total_time += best
        print(f"{game} {until} attack {vertex}: {answer}  {nodes} nodes  {best * 1e6:.0f} us")
    print(f"{len(CASES)} attacks: {total_nodes} nodes in {total_time:.4f}s, {total_nodes / total_time:.0f} nodes/s, "
          f"{total_time / len(CASES) * 1e6:.0f} us per attack")
    cmd("quit")


if __name__ == "__main__":
    main()
