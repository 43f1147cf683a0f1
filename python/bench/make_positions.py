"""Writes N distinct position IDs from seeded random games of the Rust environment (one position
every 17th step), for rollout benchmarks: python make_positions.py N OUT."""

import random
import sys

import gammon_go


def positions(n: int, seed: int = 0):
    env = gammon_go.Env(seed)
    seen = {}
    game = 0
    while len(seen) < n:
        env.reset(seed + game)
        rng = random.Random(seed + game)
        step = 0
        while not env.terminated:
            env.step(rng.choice(env.legal_actions()))
            step += 1
            if step % 17 == 5 and not env.terminated:
                seen.setdefault(env.position_id(), None)
        game += 1
    return list(seen)[:n]


if __name__ == "__main__":
    n, out = int(sys.argv[1]), sys.argv[2]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(positions(n)) + "\n")
