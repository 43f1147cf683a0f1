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
wrappers that read the game state in one hop instead of through ``__getattr__`` at every level,
and whose outer one runs the three wrappers' ``step``, ``observe``, ``last`` and ``agent_iter``
work in one method while the chain is exactly theirs (PettingZoo's own methods otherwise); the
tests drive both with random call sequences and compare every result, error and state.
"""

from __future__ import annotations

import operator
from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

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
    in one hop and to run the three wrappers' checks in one method (see ``_OneHop`` and
    ``OrderEnforcingWrapper``); they behave as PettingZoo's."""
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

# Bumped whenever one of the wrappers below gains an attribute that PettingZoo's code does not set
# itself (an attribute shadowing the game state or a method, a new ``env``) or loses one: the
# fused path of ``OrderEnforcingWrapper`` checks its chain again before it trusts it.
_EPOCH = [0]


def _one_hop_base(env: AECEnv) -> AECEnv:
    # down through wrappers that define none of the state attributes (PettingZoo's three and
    # ours), to the first object that may: the raw environment or a foreign wrapper
    while type(env) in _TRANSPARENT:
        env = env.env
    return env


class _OneHop:
    """Mixin of the wrapper subclasses below: the state attributes forwarded in one hop, and the
    attribute writes watched (``_EPOCH``)."""

    # attributes PettingZoo's (and our) wrapper code sets in the normal course of a game: the
    # fused path reads them from the instance dict each time, so setting them changes nothing
    _OWN: frozenset = frozenset()

    def _init_one_hop(self) -> None:
        self._one_hop_base = _one_hop_base(self.env)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name not in self._OWN:
            _EPOCH[0] += 1

    def __delattr__(self, name: str) -> None:
        object.__delattr__(self, name)
        _EPOCH[0] += 1


class TerminateIllegalWrapper(_OneHop, wrappers.TerminateIllegalWrapper):
    """PettingZoo's TerminateIllegalWrapper, reading the game state in one hop."""

    _OWN = frozenset({"_prev_obs", "_prev_info", "_terminated"})
    _KEYS = frozenset({"env", "_one_hop_base", "_illegal_value"}) | _OWN

    def __init__(self, env: AECEnv, illegal_reward: float):
        super().__init__(env, illegal_reward)
        self._init_one_hop()


def _discrete_bounds(space: Any) -> Optional[tuple]:
    """``(lo, hi)``: a plain ``int`` x is in ``space`` iff ``lo <= x < hi`` (what
    ``Discrete.contains`` decides for an int: within int64, then within start..start + n), or
    None when the space is not a plain int64 ``Discrete``."""
    if type(space) is not spaces.Discrete or space.dtype != np.int64:
        return None
    lo, hi = int(space.start), int(space.start) + int(space.n)
    return (max(lo, -(2**63)), min(hi, 2**63))


def _bounds_of(cache: dict, agent: Any, space: Any) -> Optional[tuple]:
    """``_discrete_bounds(space)``, kept in ``cache`` per agent while the agent's space and the
    space's ``n``, ``start`` and ``dtype`` stay the same objects (what ``contains`` reads)."""
    entry = cache.get(agent)
    if (
        entry is None
        or entry[0] is not space
        or type(space) is not spaces.Discrete
        or entry[1] is not space.n
        or entry[2] is not space.start
        or entry[3] is not space.dtype
    ):
        if type(space) is not spaces.Discrete:
            return None
        if len(cache) >= 64:
            cache.clear()
        entry = cache[agent] = (space, space.n, space.start, space.dtype, _discrete_bounds(space))
    return entry[4]


class AssertOutOfBoundsWrapper(_OneHop, wrappers.AssertOutOfBoundsWrapper):
    """PettingZoo's AssertOutOfBoundsWrapper, reading the game state in one hop; a plain ``int``
    is checked against a ``Discrete`` space by two comparisons (what ``Discrete.contains`` decides
    for an int within int64, without its numpy conversions)."""

    _OWN = frozenset({"_bounds_cache"})
    _KEYS = frozenset({"env", "_one_hop_base"}) | _OWN

    def __init__(self, env: AECEnv):
        super().__init__(env)
        self._init_one_hop()
        self._bounds_cache: dict = {}

    def step(self, action: Any) -> None:
        if type(action) is int:
            agent = self.agent_selection
            bounds = _bounds_of(self._bounds_cache, agent, self.action_space(agent))
            if bounds is not None:
                assert bounds[0] <= action < bounds[1], "action is not in action space"
                self.env.step(action)
                return
        super().step(action)


# what the fused path holds while its chain is valid (see OrderEnforcingWrapper._chain_now):
# (epoch, assert_out_of_bounds, terminate_illegal, base, own dict, the two inner wrappers' dicts)
_NO_CHAIN = (-1, None, None, None, None, None, None)


class OrderEnforcingWrapper(_OneHop, wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper, reading the game state in one hop (and still refusing
    it before reset).

    Over our two other wrappers (``env()``'s chain) its ``step``, ``observe``, ``last`` and
    ``agent_iter`` do the three wrappers' work in one method: the same checks in the same order,
    the same calls on the wrapped environment, the same error messages, and the inner wrappers'
    own attributes (``_prev_obs``, ``_has_updated``, ...) kept as PettingZoo's code keeps them.
    Anything off the common path (an action that is not a plain ``int``, an illegal or dead
    step, a call before reset, a chain that is not ours or has an attribute set on one of its
    wrappers) goes through PettingZoo's own methods instead."""

    _OWN = frozenset({"_has_updated", "_has_reset", "_chain"})
    _KEYS = frozenset({"env", "_one_hop_base"}) | _OWN

    def __init__(self, env: AECEnv):
        super().__init__(env)
        self._init_one_hop()
        self._chain = _NO_CHAIN

    def _chain_now(self) -> tuple:
        """The chain the fused methods may use, checked again if ``_EPOCH`` moved: exactly our
        three classes over an environment that is no wrapper, whose game state attributes are
        plain instance attributes (no class attribute or ``__getattr__`` answers them), and no
        attribute set on a wrapper beyond what PettingZoo's code sets. Otherwise ``_NO_CHAIN``'s
        ``None``s (PettingZoo's methods)."""
        epoch = _EPOCH[0]
        chain = (epoch,) + _NO_CHAIN[1:]
        d = self.__dict__
        if type(self) is OrderEnforcingWrapper and d.keys() == self._KEYS:
            oob = d["env"]
            if type(oob) is AssertOutOfBoundsWrapper and vars(oob).keys() == AssertOutOfBoundsWrapper._KEYS:
                ti = oob.env
                if type(ti) is TerminateIllegalWrapper and vars(ti).keys() == TerminateIllegalWrapper._KEYS:
                    base = ti.env
                    kind = type(base)
                    if (
                        isinstance(base, AECEnv)
                        and not isinstance(base, wrappers.BaseWrapper)
                        and kind.__getattribute__ is object.__getattribute__
                        and not hasattr(kind, "__getattr__")
                        and not any(hasattr(kind, name) for name in _STATE)
                    ):
                        chain = (epoch, oob, ti, base, d, vars(oob), vars(ti))
        d["_chain"] = chain
        return chain

    def step(self, action: Any) -> None:
        chain = self._chain
        if chain[0] != _EPOCH[0]:
            chain = self._chain_now()
        _, oob, ti, base, d, d_oob, d_ti = chain
        if base is None or type(action) is not int or not d["_has_reset"] or not base.agents:
            super().step(action)
            return
        # OrderEnforcingWrapper.step
        d["_has_updated"] = True
        # AssertOutOfBoundsWrapper.step (an int: the space must contain it)
        agent = base.agent_selection
        space = base.action_space(agent)
        # _bounds_of, its common case inlined
        entry = d_oob["_bounds_cache"].get(agent)
        if (
            entry is not None
            and entry[0] is space
            and type(space) is spaces.Discrete
            and entry[1] is space.n
            and entry[2] is space.start
            and entry[3] is space.dtype
        ):
            bounds = entry[4]
        else:
            bounds = _bounds_of(d_oob["_bounds_cache"], agent, space)
        if bounds is None:
            assert space.contains(action), "action is not in action space"
        else:
            assert bounds[0] <= action < bounds[1], "action is not in action space"
        # TerminateIllegalWrapper.step, its common case: the mask observed last allows the action
        # of a live agent; anything else is PettingZoo's method (nothing has changed yet)
        prev = d_ti["_prev_obs"]
        if (
            type(prev) is dict
            and not d_ti["_terminated"]
            and "action_mask" in prev
            and not base.terminations[agent]
            and not base.truncations[agent]
            and prev["action_mask"][action]
        ):
            d_ti["_prev_obs"] = None
            d_ti["_prev_info"] = None
            base.step(action)
        else:
            ti.step(action)

    def observe(self, agent: Any) -> Any:
        chain = self._chain
        if chain[0] != _EPOCH[0]:
            chain = self._chain_now()
        base, d, d_ti = chain[3], chain[4], chain[6]
        if base is None or not d["_has_reset"]:
            return super().observe(agent)
        # TerminateIllegalWrapper.observe under the two others
        obs = base.observe(agent)
        selected = base.agent_selection
        if agent == selected:
            d_ti["_prev_obs"] = obs
            infos = base.infos
            d_ti["_prev_info"] = infos[selected] if selected in infos else {}
        return obs

    def last(self, observe: bool = True) -> tuple:
        chain = self._chain
        if chain[0] != _EPOCH[0]:
            chain = self._chain_now()
        base, d, d_ti = chain[3], chain[4], chain[6]
        if base is None or not d["_has_reset"]:
            return super().last(observe)
        # AECEnv.last with observe above inlined
        agent = base.agent_selection
        assert agent is not None
        if observe:
            obs = base.observe(agent)
            selected = base.agent_selection
            if agent == selected:
                d_ti["_prev_obs"] = obs
                infos = base.infos
                d_ti["_prev_info"] = infos[selected] if selected in infos else {}
        else:
            obs = None
        return (
            obs,
            base._cumulative_rewards[agent],
            base.terminations[agent],
            base.truncations[agent],
            base.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _OrderEnforcingIterable(self, max_iter)


class _OrderEnforcingIterable(AECOrderEnforcingIterable):
    def __iter__(self) -> AECOrderEnforcingIterator:
        return _OrderEnforcingIterator(self.env, self.max_iter)


class _OrderEnforcingIterator(AECOrderEnforcingIterator):
    """PettingZoo's iterator of ``agent_iter``, reading the chain's state directly."""

    def __next__(self) -> Any:
        env = self.env
        chain = env._chain
        if chain[0] != _EPOCH[0]:
            chain = env._chain_now()
        base, d = chain[3], chain[4]
        if base is None or not d["_has_reset"]:
            return super().__next__()
        # AECIterator.__next__, then the order check
        if not base.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        agent = base.agent_selection
        assert d["_has_updated"], "need to call step() or reset() in a loop over `agent_iter`"
        d["_has_updated"] = False
        return agent


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
        # TypeError for floats, strings, arrays (an int is its own index)
        number = action if type(action) is int else operator.index(action)
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
        # _set_infos, inlined (one call less per step)
        me = self.agent_selection
        infos = self.infos
        for a in self.agents:
            infos[a] = {"legal_moves": legal if a == me else []}
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
