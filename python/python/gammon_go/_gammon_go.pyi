"""Type stubs of the Rust extension module (see ``src/lib.rs`` for the full docstrings)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

NUM_ACTIONS: int
"""Size of the action space, 26**2 * 2 + 1 = 1353."""
OBSERVATION_SIZE: int
"""Length of an observation, 198."""
DO_NOTHING: int
"""The "do nothing" action, 26**2 * 2 = 1352."""

class Env:
    """PettingZoo ``backgammon_v0``'s game: two agents (0 and 1) stepping in turn."""

    def __init__(self, seed: int = 0) -> None: ...
    @staticmethod
    def from_state(
        position_id: str, colour: str, dice: Tuple[int, int], second_step: bool = False, seed: int = 0
    ) -> "Env":
        """An environment in a given state; 'White' is agent 0, 'Black' agent 1."""
    def reset(self, seed: int) -> None:
        """A new game whose dice all come from ``seed``."""
    def step(self, action: int) -> None:
        """The current agent acts; an illegal action ends the game. ValueError outside
        0..1353, RuntimeError once the game is over."""
    def step_aec(self, action: int) -> Tuple[int, bool, float, float, List[int]]:
        """``step(action)``, then ``(current_agent, terminated, reward_0, reward_1,
        legal_actions)`` in the same call (the legal actions empty once the game is over)."""
    def observe(self) -> npt.NDArray[np.float32]:
        """The 198-float observation (the same for both agents)."""
    def action_mask(self, agent: int) -> npt.NDArray[np.int8]:
        """1353 int8: the legal actions of ``agent`` (all zero unless it is to act)."""
    def observe_with_mask(self, agent: int) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """``observe()`` and ``action_mask(agent)`` in one call."""
    def observe_dict(self, agent: int) -> Dict[str, npt.NDArray[Any]]:
        """PettingZoo's observation of ``agent``: a new ``{"observation", "action_mask"}`` dict
        of new arrays."""
    def legal_actions(self) -> List[int]:
        """The acting agent's legal actions, ascending; [1352] when it cannot move."""
    @property
    def current_agent(self) -> int: ...
    def colour_of(self, agent: int) -> str:
        """'White' or 'Black'."""
    @property
    def dice(self) -> Tuple[int, int]: ...
    @property
    def second_step(self) -> bool: ...
    def rewards(self) -> Tuple[float, float]: ...
    @property
    def terminated(self) -> bool: ...
    def position_id(self) -> str:
        """gnubg position ID, the acting agent on roll."""
    def render(self) -> str:
        """Who acts with which dice, then gnubg's board diagram."""

def board_from_id(position_id: str) -> npt.NDArray[np.uint8]:
    """(2, 25) chequer counts in gnubg's order: row 0 the opponent, row 1 the player on roll,
    index 0 = own 1 point, 24 = bar."""

def id_from_board(board: Sequence[Sequence[int]]) -> str:
    """The position ID of a board in ``board_from_id``'s layout."""

def match_from_id(match_id: str) -> Dict[str, Any]:
    """The fields of a gnubg match ID."""

def match_id(
    match_length: int = 0,
    score: Tuple[int, int] = (0, 0),
    cube: int = 1,
    cube_owner: Optional[int] = None,
    on_roll: int = 0,
    dice: Optional[Tuple[int, int]] = None,
    crawford: bool = False,
    jacoby: bool = True,
) -> str:
    """A gnubg match ID of a game in play."""

def legal_plays(position_id: str, d1: int, d2: int) -> List[Tuple[str, str]]:
    """(notation, resulting position ID) of every distinct legal play."""

def evaluate(position_ids: List[str], plies: int = 0) -> npt.NDArray[np.float32]:
    """(n, 6) win, wg, wbg, lg, lbg, equity at 0 to 2 plies; releases the GIL."""

def evaluate_cubeful_json(position_id: str, match_id: Optional[str] = None, plies: int = 0) -> str:
    """``gammon eval --cubeful --json``'s object as text."""

def rollout_json(
    position_id: str,
    trials: int = 1296,
    seed: int = 1,
    plies: int = 0,
    truncate: Optional[int] = None,
    cubeful: bool = False,
    match_id: Optional[str] = None,
    variance_reduction: bool = True,
    bearoff_truncation: bool = True,
    initial_position: bool = False,
    max_se: Optional[float] = None,
) -> str:
    """``gammon rollout --json``'s object as text; releases the GIL."""

def bearoff(position_id: str) -> Dict[str, Any]:
    """Bearoff database lookups: ``bearoff``, ``probabilities``, ``on_roll``, ``opponent``."""

class GnubgSession:
    """One gammon command session with a navigation cursor (the Rust side of ``gammon_go.gnubg``)."""

    def __init__(self, seed: int = 0) -> None: ...
    def command(self, line: str) -> Tuple[str, Optional[str], str]:
        """(output, error or None, what followed) of one ``gammon`` command line."""
    def ids(self) -> Optional[Tuple[str, str]]:
        """Position and match ID at the cursor (or of the game in play)."""
    def names(self) -> Tuple[str, str]: ...
    def cursor(self) -> Optional[Tuple[int, int]]: ...
    def navigate(self, next: Optional[int] = None, game: Optional[int] = None) -> Optional[Tuple[int, int]]: ...
    def match_json(
        self, analysis: bool = True, boards: bool = True, statistics: bool = False, verbose: bool = False
    ) -> Optional[str]: ...
    def evaluate(self, position_id: str, plies: int) -> List[float]: ...
    def cfevaluate_json(self, position_id: str, match_id: str, plies: int) -> str: ...
    def rank_plays(
        self, position_id: str, match_id: str, plies: int, filters: Optional[List[Tuple[int, int, float]]] = None
    ) -> List[Tuple[List[Tuple[int, int]], str, float, List[float], int]]: ...
    def rollout_json(
        self,
        position_id: str,
        match_id: Optional[str] = None,
        trials: int = 1296,
        seed: Optional[int] = None,
        plies: int = 0,
        truncate: Optional[int] = None,
        cubeful: bool = False,
        variance_reduction: bool = True,
        bearoff_truncation: bool = True,
        initial_position: bool = False,
    ) -> str: ...
    def state_numbers(self) -> Optional[Tuple[int, bool]]: ...
    @staticmethod
    def classify(position_id: str) -> int: ...
    @staticmethod
    def gammon_prices(
        match_length: int, score: Tuple[int, int], cube: int, centred: bool, jacoby: bool, crawford: bool
    ) -> Tuple[Tuple[float, float], Tuple[float, float]]: ...
    @staticmethod
    def convert_equity(
        value: float, to_mwc: bool, match_length: int, score: Tuple[int, int], me: int, cube: int, crawford: bool
    ) -> float: ...
    @staticmethod
    def met(max_score: int) -> Tuple[List[List[float]], List[List[float]]]: ...
    @staticmethod
    def normal_filters() -> List[Tuple[int, int, int, int, float]]: ...
    @staticmethod
    def match_id_of(
        cube: int,
        owner: int,
        on_move: int,
        turn: int,
        match_length: int,
        score: Tuple[int, int],
        crawford: bool,
        jacoby: bool,
        game_state: int,
        doubled: bool,
        resigned: int,
        dice: Optional[Tuple[int, int]],
    ) -> str: ...
    @staticmethod
    def error_rating(rate: float) -> int: ...
    @staticmethod
    def luck_rating(rate: float) -> int: ...
