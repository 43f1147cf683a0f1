"""PettingZoo's ``backgammon_v0`` (classic games, AEC API) over the Rust environment.

PettingZoo documented ``backgammon_v0`` and no longer ships it; this module gives it back with the
documented semantics (see the Rust ``backgammon::env`` for where they differ from PettingZoo's old
implementation: dice 1..=6, the observation's current player, both chequers entering from the bar,
and the GNU Backgammon rules for legal plays).

- Agents ``player_0`` and ``player_1``. At reset two dice are rolled until they differ; if the first
  is larger ``player_0`` plays White, otherwise Black; ``player_0`` moves first with that roll. A
  double is played as two consecutive steps of the same agent with the same roll.
- Observation: ``{"observation": Box(198) float32, "action_mask": Box(1353) int8}``, the layout of
  gym-backgammon's ``get_board_features``; the mask marks the acting agent's legal actions (all
  zero for the other agent).
- Actions: ``Discrete(26**2 * 2 + 1)``; ``2 * 26**2`` is "do nothing", legal only when the agent
  cannot move. ``infos[agent]["legal_moves"]`` lists the acting agent's legal actions.
- Rewards: +1 to the agent that bears off its last chequer, -1 to the other. An illegal action
  ends the game: -1 for the offender, 0 for the other agent.

The game, its observations and masks live in Rust (``gammon_go._gammon_go.Env``); this class only
keeps PettingZoo's bookkeeping dictionaries. A step is one Rust call that plays the action and
reports the next agent, the rewards and the next legal list; ``observe`` is one Rust call that
builds the observation dict. Every ``observe`` returns new arrays the caller owns (as PettingZoo's
classic games do), and every step gives each agent a new ``infos`` dict, so an observation or an
info kept from an earlier step never changes. ``env()`` wraps it in subclasses of PettingZoo's
wrappers that read the game state in one hop instead of through ``__getattr__`` at every level.
"""

from __future__ import annotations

import operator
from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from gammon_go._gammon_go import NUM_ACTIONS, OBSERVATION_SIZE, Env, Forward

AGENTS = ["player_0", "player_1"]
_P0, _P1 = AGENTS


def _observation_high() -> np.ndarray:
    high = np.ones((OBSERVATION_SIZE,), dtype=np.float32)
    # the fourth unit of a point is (n - 3) / 2, at most 6 with 15 chequers; bar chequers / 2
    high[3:96:4] = 6.0
    high[96] = 7.5
    high[101:194:4] = 6.0
    high[194] = 7.5
    return high


def env(**kwargs: Any) -> AECEnv:
    """``raw_env`` in the wrappers PettingZoo's classic games use: an illegal action ends the game
    (-1 to the offender), actions outside the space fail an assertion, and the AEC call order is
    enforced. The wrappers are PettingZoo's own classes, subclassed only to read the game state
    in one hop (see ``_OneHop``); they behave as PettingZoo's."""
    e: AECEnv = raw_env(**kwargs)
    e = TerminateIllegalWrapper(e, illegal_reward=-1)
    e = AssertOutOfBoundsWrapper(e)
    e = OrderEnforcingWrapper(e)
    return e


# The AEC state a wrapper reads on every step: PettingZoo's BaseWrapper finds these through
# __getattr__, which Python calls only after a failed lookup has raised and caught an
# AttributeError, once per wrapper level: three levels cost more than a whole step of the game.
_STATE = ("agents", "rewards", "terminations", "truncations", "infos", "agent_selection", "_cumulative_rewards")
# what OrderEnforcingWrapper refuses before reset (its __getattr__ raises the error)
_BEFORE_RESET = frozenset({"rewards", "terminations", "truncations", "infos", "agent_selection", "agents"})


def _one_hop_base(env: AECEnv) -> AECEnv:
    # down through wrappers that define none of the state attributes (PettingZoo's three and
    # ours), to the first object that may: the raw environment or a foreign wrapper
    while type(env) in _TRANSPARENT:
        env = env.env
    return env


class _OneHop:
    """Mixin of the wrapper subclasses below: the state attributes forwarded in one hop."""

    def _init_one_hop(self) -> None:
        self._one_hop_base = _one_hop_base(self.env)


class TerminateIllegalWrapper(_OneHop, wrappers.TerminateIllegalWrapper):
    """PettingZoo's TerminateIllegalWrapper, reading the game state in one hop."""

    def __init__(self, env: AECEnv, illegal_reward: float):
        super().__init__(env, illegal_reward)
        self._init_one_hop()


class AssertOutOfBoundsWrapper(_OneHop, wrappers.AssertOutOfBoundsWrapper):
    """PettingZoo's AssertOutOfBoundsWrapper, reading the game state in one hop; a plain ``int``
    is checked against a ``Discrete`` space by two comparisons (what ``Discrete.contains`` decides
    for an int within int64, without its numpy conversions)."""

    def __init__(self, env: AECEnv):
        super().__init__(env)
        self._init_one_hop()
        self._space: Any = None
        self._bounds = (0, 0)

    def step(self, action: Any) -> None:
        if type(action) is int:
            space = self.action_space(self.agent_selection)
            if space is not self._space:
                self._space = space
                self._bounds = (
                    (int(space.start), int(space.start) + int(space.n))
                    if type(space) is spaces.Discrete and space.dtype == np.int64
                    else None
                )
            bounds = self._bounds
            if bounds is not None and -(2**63) <= action < 2**63:
                assert bounds[0] <= action < bounds[1], "action is not in action space"
                self.env.step(action)
                return
        super().step(action)


class OrderEnforcingWrapper(_OneHop, wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper, reading the game state in one hop (and still refusing
    it before reset)."""

    def __init__(self, env: AECEnv):
        super().__init__(env)
        self._init_one_hop()


# Forward(via, name, guard): getattr(getattr(obj, via), name) as a C-level non-data descriptor
# (an attribute set on the wrapper itself still shadows it, as it would shadow __getattr__); with a
# guard that is false (OrderEnforcingWrapper before reset) it raises AttributeError and Python
# falls back to the wrapper's own __getattr__, which raises PettingZoo's error
for _name in _STATE:
    setattr(TerminateIllegalWrapper, _name, Forward("_one_hop_base", _name))
    setattr(AssertOutOfBoundsWrapper, _name, Forward("_one_hop_base", _name))
    _guard = "_has_reset" if _name in _BEFORE_RESET else None
    setattr(OrderEnforcingWrapper, _name, Forward("_one_hop_base", _name, _guard))
del _name, _guard

_TRANSPARENT = frozenset(
    {
        wrappers.BaseWrapper,
        wrappers.TerminateIllegalWrapper,
        wrappers.AssertOutOfBoundsWrapper,
        wrappers.OrderEnforcingWrapper,
        TerminateIllegalWrapper,
        AssertOutOfBoundsWrapper,
        OrderEnforcingWrapper,
    }
)


class raw_env(AECEnv):
    """The unwrapped ``backgammon_v0`` environment.

    ``render_mode`` is ``None``, ``"human"`` (prints the board after each step) or ``"ansi"``
    (``render()`` returns the text). ``max_cycles`` (default: none) truncates a game after that
    many cycles of two agent steps.
    """

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "backgammon_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(self, render_mode: Optional[str] = None, max_cycles: Optional[int] = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._index = {a: i for i, a in enumerate(AGENTS)}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in AGENTS}
        low = np.zeros((OBSERVATION_SIZE,), dtype=np.float32)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=_observation_high(), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self._np_random: Optional[np.random.Generator] = None
        self._game = Env(0)
        self._steps = 0
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[0]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game. The dice of every game come from ``seed``: the same seed gives the same
        games; with no seed, the generator seeded last goes on (or a fresh random one)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self._game.reset(int(self._np_random.integers(0, 2**63)))
        self._steps = 0
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.agent_selection = AGENTS[self._game.current_agent]
        self.infos = {a: {} for a in AGENTS}
        self._update_infos()

    def _update_infos(self) -> None:
        self._set_infos(self._game.legal_actions())

    def _set_infos(self, legal: list) -> None:
        # the acting agent's legal actions (seed 001: ``infos[agent]['legal_moves']``, updated
        # after each step), an empty list for the other; a new dict per agent and step
        me = self.agent_selection
        infos = self.infos
        for a in self.agents:
            infos[a] = {"legal_moves": legal if a == me else []}

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return self._game.observe_dict(self._index[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("an agent still in the game must act (action None is for finished agents)")
        number = operator.index(action)  # TypeError for floats, strings, arrays
        # ValueError outside the action space; both agents are live here (a finished game's
        # agents only take dead steps), so the reward dicts hold both
        current, terminated, r0, r1, legal = self._game.step_aec(number)
        self._steps += 1
        rewards = self.rewards
        rewards[_P0] = r0
        rewards[_P1] = r1
        if terminated:
            self.terminations = {a: True for a in self.agents}
            # the other agent sees the end first, then the agent that moved
            self.agent_selection = _P1 if agent == _P0 else _P0
        else:
            if self.max_cycles is not None and self._steps >= 2 * self.max_cycles:
                self.truncations = {a: True for a in self.agents}
            self.agent_selection = AGENTS[current]
        # AECEnv._accumulate_rewards, for the two live agents
        cumulative = self._cumulative_rewards
        cumulative[agent] = 0.0
        cumulative[_P0] += r0
        cumulative[_P1] += r1
        self._set_infos(legal)
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        text = self._game.render()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass

    def state(self) -> np.ndarray:
        """The observation (the same for both agents)."""
        return self._game.observe()
