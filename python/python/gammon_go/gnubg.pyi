"""Type stubs of ``gammon_go.gnubg``, gnubg 1.07's scripting functions over gammon (see gnubg.py)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple

Board = Tuple[Tuple[int, ...], Tuple[int, ...]]
BoardLike = Sequence[Sequence[int]]
CubeInfo = Dict[str, Any]
PosInfo = Dict[str, Any]
EvalContext = Dict[str, Any]

EMPTY_POSITION_ID: str

class GnubgError(Exception):
    """A command or request the session refused (gammon's one-line message)."""

def new_session(seed: int = 0) -> None:
    """A fresh session (no match, default settings); not in gnubg."""

def command(cmd: str) -> None:
    """Run a ``gammon`` command line; prints its output; GnubgError when refused."""

def show(arguments: str) -> str:
    """``show ARGUMENTS``'s output, final newlines stripped."""

def nextturn() -> None:
    """Play one turn (the computer decides for the side to act)."""

def updateui() -> None:
    """Nothing to do without a user interface."""

def board() -> Optional[Board]:
    """The current board (opponent, player on roll), or None without a game."""

def positionfromid(position_id: Optional[str] = None) -> Board: ...
def positionid(board: Optional[BoardLike] = None) -> str: ...
def positionkey(board: BoardLike) -> Tuple[int, ...]: ...
def positionfromkey(key: Sequence[int]) -> Board: ...
def classifypos(board: Optional[BoardLike] = None, variant: int = 0) -> int: ...
def cubeinfo(
    cube: Optional[int] = None,
    cubeowner: Optional[int] = None,
    move: Optional[int] = None,
    matchto: Optional[int] = None,
    score: Optional[Tuple[int, int]] = None,
    crawford: Optional[int] = None,
    bgv: Optional[int] = None,
) -> CubeInfo: ...
def calcgammonprice(cubeinfo: Optional[CubeInfo] = None) -> CubeInfo: ...
def posinfo(
    turn: Optional[int] = None,
    resigned: Optional[int] = None,
    doubled: Optional[int] = None,
    gamestate: Optional[int] = None,
    dice: Optional[Tuple[int, int]] = None,
) -> PosInfo: ...
def matchid(cubeinfo: Optional[CubeInfo] = None, posinfo: Optional[PosInfo] = None) -> str: ...
def gnubgid(
    board: Optional[BoardLike] = None, cubeinfo: Optional[CubeInfo] = None, posinfo: Optional[PosInfo] = None
) -> str: ...
def evalcontext(
    cubeful: int = 1, plies: int = 2, deterministic: int = 1, prune: int = 1, noise: float = 0.0
) -> EvalContext: ...
def rolloutcontext() -> Dict[str, Any]: ...
def evaluate(
    board: Optional[BoardLike] = None, cubeinfo: Optional[CubeInfo] = None, evalcontext: Optional[EvalContext] = None
) -> Tuple[float, float, float, float, float, float]:
    """(P(win), P(wg), P(wbg), P(lg), P(lbg), cubeless equity) of the player on roll."""

def cfevaluate(
    board: Optional[BoardLike] = None, cubeinfo: Optional[CubeInfo] = None, evalcontext: Optional[EvalContext] = None
) -> Tuple[float, float, float, float, int, str]:
    """(optimal, no double, double/take, double/pass, recommendation number, text)."""

def findbestmove(
    board: Optional[BoardLike] = None, cubeinfo: Optional[CubeInfo] = None, evalcontext: Optional[EvalContext] = None
) -> Tuple[int, ...]:
    """(from, to, …) of the best play of the current dice; () when none is legal."""

def hint(maxmoves: Optional[int] = None) -> Dict[str, Any]: ...
def getevalhintfilter() -> List[Dict[str, Any]]: ...
def setevalhintfilter(filters: Sequence[Dict[str, Any]]) -> None: ...
def rollout(
    board: Optional[BoardLike] = None, cubeinfo: Optional[CubeInfo] = None, rolloutcontext: Optional[Dict[str, Any]] = None
) -> Dict[str, Any]: ...
def match(analysis: int = 1, boards: int = 1, statistics: int = 0, verbose: int = 0) -> Optional[Dict[str, Any]]:
    """gnubg's match dictionary: 'match-info', 'games' (each 'info', 'game', ['stats']), ['stats']."""

def navigate(next: Optional[int] = None, game: Optional[int] = None) -> Optional[Tuple[int, int]]: ...
def parsemove(move: str) -> Tuple[Tuple[int, int], ...]: ...
def movetupletostring(move: Sequence[int], board: Optional[BoardLike] = None) -> str: ...
def met(maxscore: Optional[int] = None) -> Tuple[List[List[float]], List[List[float]]]: ...
def eq2mwc(equity: float = 0.0, cubeinfo: Optional[CubeInfo] = None) -> float: ...
def mwc2eq(mwc: float = 0.0, cubeinfo: Optional[CubeInfo] = None) -> float: ...
def eq2mwc_stderr(equity: float = 0.0, cubeinfo: Optional[CubeInfo] = None) -> float: ...
def mwc2eq_stderr(mwc: float = 0.0, cubeinfo: Optional[CubeInfo] = None) -> float: ...
def errorrating(error_per_move: float) -> int: ...
def luckrating(luck_per_move: float) -> int: ...
def dicerolls(n: int) -> Tuple[Tuple[int, int], ...]: ...
def positionbearoff(*args: Any, **kwargs: Any) -> Any:
    """Not available: raises NotImplementedError."""

def positionfrombearoff(*args: Any, **kwargs: Any) -> Any:
    """Not available: raises NotImplementedError."""

def matchchecksum(*args: Any, **kwargs: Any) -> Any:
    """Not available: raises NotImplementedError."""
