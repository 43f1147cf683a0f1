"""Environment steps per second from Python with random legal actions: gammon_go's
``backgammon_v0`` against gym-backgammon's game wrapped the same PettingZoo way (the AEC class
PettingZoo's ``backgammon_v0`` was: gym-backgammon's ``Backgammon`` for the board, its
``get_valid_plays`` for the legal plays encoded into the 1353 actions, its ``get_board_features``
for the observation, and the classic games' wrappers on top).

    python bench/env_steps.py [--seconds S] [--runs N] [--clock wall|cpu] [--policy infos|mask] [--seed N]

Prints steps/s of each and the ratio (the issue's goal: at least 20). Each row runs both games
through the same AEC class structure; what differs is only the wrapper classes:

- ``env``: ``env()`` as each ships. Ours: ``raw_env`` in gammon_go's subclasses of PettingZoo's
  TerminateIllegalWrapper(-1), AssertOutOfBoundsWrapper and OrderEnforcingWrapper (one-hop state
  reads, the three wrappers' work fused in the outer one). gym-backgammon's: its AEC class below in
  PettingZoo's own three classes, in the same order, as PettingZoo's backgammon_v0 shipped.
- ``stock``: both in PettingZoo's own three wrapper classes.
- ``fused``: both in gammon_go's three wrapper classes (the fused path runs on either game).
- ``raw``: both AEC classes with no wrapper.

Then the Rust game alone driven from Python, for context. A step is one agent step (a double is two). Both environments
are driven by the same loop: ``agent_iter``, ``last`` (which builds the observation dict with its
action mask), a uniform draw among the legal actions, ``step``. The draw takes
``info["legal_moves"]``, which both environments fill the way seed 001 documents
(``--policy mask`` draws from ``np.flatnonzero(obs["action_mask"])`` instead, the same for both).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import time

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from gammon_go.pettingzoo import backgammon_v0

os.environ.setdefault("PYGLET_HEADLESS", "1")
with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
    from gym_backgammon.envs.backgammon import BLACK, WHITE, Backgammon

NUM_ACTIONS = 26 * 26 * 2 + 1
DO_NOTHING = NUM_ACTIONS - 1


def _location(src) -> int:
    return 25 if src == "bar" else src + 1


def _distance(move):
    src, dst = move
    if src == "bar" or not isinstance(dst, int):
        return None
    return abs(dst - src)


def _encode(play, roll) -> int:
    """The documented encoding: first source + 26 * second source, + 676 when the first move
    used the high roll (bar entries and bear-offs counted as low: the benchmark needs a number
    per play, not PettingZoo's exact choice)."""
    locs = [_location(m[0]) for m in play[:2]] + [0, 0]
    high = max(abs(r) for r in roll)
    high_first = bool(play) and _distance(play[0]) == high and abs(roll[0]) != abs(roll[1])
    return locs[0] + 26 * locs[1] + (676 if high_first else 0)


class GymBackgammonAEC(AECEnv):
    """PettingZoo's former ``backgammon_v0`` structure over gym-backgammon's game."""

    metadata = {"render_modes": [], "name": "gym_backgammon_aec", "is_parallelizable": False, "render_fps": 2}

    def __init__(self):
        super().__init__()
        self.possible_agents = ["player_0", "player_1"]
        self.agents = list(self.possible_agents)
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0, high=7.5, shape=(198,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
                }
            )
            for a in self.agents
        }
        self.render_mode = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _roll(self):
        return (int(self.rng.integers(1, 7)), int(self.rng.integers(1, 7)))

    def reset(self, seed=None, options=None):
        self.rng = np.random.default_rng(seed)
        self.game = Backgammon()
        self.agents = list(self.possible_agents)
        while True:
            r = self._roll()
            if r[0] != r[1]:
                break
        self.colors = {"player_0": WHITE if r[0] > r[1] else BLACK}
        self.colors["player_1"] = BLACK if self.colors["player_0"] == WHITE else WHITE
        self.agent_selection = "player_0"
        self.roll = r
        self.double_roll = 0
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._legal = None
        self._set_infos()

    def _set_infos(self):
        # seed 001: the acting agent's legal actions in infos[agent]["legal_moves"], updated
        # after each step (the other agent: an empty list), as gammon_go's raw_env keeps them
        me = self.agent_selection
        legal = list(self._legal_plays())
        for a in self.agents:
            self.infos[a] = {"legal_moves": legal if a == me else []}

    def _signed_roll(self):
        c = self.colors[self.agent_selection]
        return tuple(-d for d in self.roll) if c == WHITE else tuple(self.roll)

    def _legal_plays(self):
        if self._legal is None:
            roll = self._signed_roll()
            try:
                plays = self.game.get_valid_plays(self.colors[self.agent_selection], roll)
            except Exception:  # gym-backgammon asserts in some bear-offs
                plays = set()
            legal = {}
            for play in plays:
                part = tuple(play[:2]) if self.roll[0] == self.roll[1] else tuple(play)
                legal.setdefault(_encode(part, roll), part)
            self._legal = legal or {DO_NOTHING: ()}
        return self._legal

    def observe(self, agent):
        obs = np.array(self.game.get_board_features(self.colors[self.agent_selection]), dtype=np.float32)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if agent == self.agent_selection:
            for a in self._legal_plays():
                mask[a] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        play = self._legal_plays().get(action)
        other = "player_1" if agent == "player_0" else "player_0"
        self._cumulative_rewards[agent] = 0
        if play:
            self.game.execute_play(self.colors[agent], list(play))
        winner = self.game.get_winner()
        if winner is not None:
            self.rewards = {agent: 1, other: -1} if winner == self.colors[agent] else {agent: -1, other: 1}
            self.terminations = {a: True for a in self.agents}
        elif self.roll[0] == self.roll[1] and self.double_roll == 0:
            self.double_roll = 1
        else:
            self.double_roll = 0
            self.agent_selection = other
            self.roll = self._roll()
        self._legal = None
        self._accumulate_rewards()
        if winner is None:
            self._set_infos()
        else:
            for a in self.agents:
                self.infos[a] = {"legal_moves": []}


def stock_wrapped(e):
    """PettingZoo's classic-game wrappers, its own classes (what PettingZoo's backgammon_v0 used)."""
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


def one_hop_wrapped(e):
    """The same wrappers as gammon_go's ``env()`` builds them: subclasses of PettingZoo's that read
    the game state in one hop and fuse the three wrappers' work in the outer one."""
    e = backgammon_v0.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = backgammon_v0.AssertOutOfBoundsWrapper(e)
    return backgammon_v0.OrderEnforcingWrapper(e)


def gym_env():
    return stock_wrapped(GymBackgammonAEC())


def measure(make, seconds: float, seed: int, policy: str = "infos", clock=time.perf_counter):
    """(agent steps per second, games finished) of random legal play for ``seconds`` of
    ``clock``. ``policy`` "infos" draws the action uniformly from ``info["legal_moves"]``,
    "mask" from ``np.flatnonzero(obs["action_mask"])``; either way ``last()`` builds the
    observation and mask, and the draw is the same for both environments."""
    env = make()
    rng = random.Random(seed)
    steps = games = 0
    from_mask = policy == "mask"
    start = clock()
    deadline = start + seconds
    game_seed = seed
    while clock() < deadline:
        env.reset(seed=game_seed)
        game_seed += 1
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"]) if from_mask else info["legal_moves"]
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
        games += 1
    return steps / (clock() - start), games


def measure_engine(seconds: float, seed: int, clock=time.perf_counter):
    """Agent steps per second of the Rust game alone driven from Python (``gammon_go.Env``: its
    legal list and a step per agent step, no observation, no PettingZoo), for context."""
    from gammon_go import Env

    env = Env(seed)
    rng = random.Random(seed)
    steps = games = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        env.reset(seed + games)
        while not env.terminated:
            legal = env.legal_actions()
            env.step(legal[int(rng.random() * len(legal))])
            steps += 1
        games += 1
    return steps / (clock() - start), games


def _median(runs):
    """The run of median rate (the lower middle one of an even number)."""
    ordered = sorted(runs)
    return ordered[(len(ordered) - 1) // 2]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="time per environment, setting and run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=1, help="runs of each measurement; the median is reported")
    ap.add_argument(
        "--policy",
        choices=["infos", "mask"],
        default="infos",
        help="where the random legal action is drawn from: info['legal_moves'] (default) or the observation's mask",
    )
    ap.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="wall time (default) or this process's CPU time (steadier on a loaded machine)",
    )
    ap.add_argument("--only", choices=["env", "stock", "fused", "raw"], help="measure one setting only")
    args = ap.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    rows = [
        (
            "env",
            "env() as shipped (ours: gammon_go's fused wrapper classes; gym-backgammon: PettingZoo's own, as its backgammon_v0 had)",
            backgammon_v0.env,
            gym_env,
        ),
        (
            "stock",
            "both in PettingZoo's own wrapper classes",
            lambda: stock_wrapped(backgammon_v0.raw_env()),
            gym_env,
        ),
        (
            "fused",
            "both in gammon_go's fused wrapper classes",
            backgammon_v0.env,
            lambda: one_hop_wrapped(GymBackgammonAEC()),
        ),
        ("raw", "raw_env() (no wrappers)", backgammon_v0.raw_env, GymBackgammonAEC),
    ]
    print(f"policy {args.policy}, {args.clock} clock, {args.seconds:g} s per run, median of {args.runs}", flush=True)
    for key, name, ours_make, gym_make in rows:
        if args.only and args.only != key:
            continue
        ours, theirs = [], []
        for _ in range(args.runs):
            ours.append(measure(ours_make, args.seconds, args.seed, args.policy, clock))
            theirs.append(measure(gym_make, args.seconds, args.seed, args.policy, clock))
        (o, og), (t, tg) = _median(ours), _median(theirs)
        print(f"{name}:")
        print(f"  gammon_go backgammon_v0: {o:10.0f} steps/s ({og} games)   runs {[round(r) for r, _ in ours]}")
        print(f"  gym-backgammon AEC:      {t:10.0f} steps/s ({tg} games)   runs {[round(r) for r, _ in theirs]}")
        print(f"  ratio: {o / t:.1f}x", flush=True)
    r, g = _median([measure_engine(args.seconds, args.seed, clock) for _ in range(args.runs)])
    print(f"gammon_go.Env alone from Python (legal list + step, no PettingZoo): {r:10.0f} steps/s ({g} games)")


if __name__ == "__main__":
    main()
