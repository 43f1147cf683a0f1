"""A gnubg-style scripting module: gnubg 1.07's embedded ``gnubg`` Python module over gammon.

``import gammon_go.gnubg as gnubg`` gives scripts written for gnubg's Python shell the same
functions with the same arguments and return shapes (dictionaries with gnubg's key names, boards as
two tuples of 25 ints, evaluations as 6-tuples, move tuples, ``match()``'s nested dictionary),
backed by one ``gammon`` command session: ``gnubg.command("import mat game.mat")`` runs the very
command engine of the ``gammon`` command line, and everything else reads or evaluates the match it
holds. See the porting note in the package README for what differs from gnubg.

Boards are gnubg's: ``(opponent, player on roll)``, each 25 chequer counts from that side's own
1 point (index 0) to its 24 point (index 23), the bar last. Players are 0 and 1; in ``match()``
player 0 is ``'X'`` and player 1 ``'O'``, as in gnubg.

Errors: a command that fails raises :class:`GnubgError` (gnubg prints the error and goes on);
bad arguments raise ``ValueError`` or ``TypeError``.
"""

from __future__ import annotations

import base64
import json
import random
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple

from gammon_go import _gammon_go as _core

Board = Tuple[Tuple[int, ...], Tuple[int, ...]]

__all__ = [
    "GnubgError",
    "board",
    "calcgammonprice",
    "cfevaluate",
    "classifypos",
    "command",
    "cubeinfo",
    "dicerolls",
    "eq2mwc",
    "eq2mwc_stderr",
    "errorrating",
    "evalcontext",
    "evaluate",
    "findbestmove",
    "getevalhintfilter",
    "gnubgid",
    "hint",
    "luckrating",
    "match",
    "matchchecksum",
    "matchid",
    "met",
    "movetupletostring",
    "mwc2eq",
    "mwc2eq_stderr",
    "navigate",
    "new_session",
    "nextturn",
    "parsemove",
    "posinfo",
    "positionbearoff",
    "positionfrombearoff",
    "positionfromid",
    "positionfromkey",
    "positionid",
    "positionkey",
    "rollout",
    "rolloutcontext",
    "setevalhintfilter",
    "show",
    "updateui",
]


class GnubgError(Exception):
    """A command or request the session refused; the message is gammon's (gnubg's wording)."""


_session = _core.GnubgSession(0)
_hint_filters: Optional[List[Dict[str, Any]]] = None
_rng = random.Random(0)

EMPTY_POSITION_ID = "AAAAAAAAAAAAAA"

# gnubg's cube decision numbers (its `cubedecision` enumeration) for gammon's action tokens
_DECISIONS = {
    "double-take": 0,
    "double-pass": 1,
    "no-double": 2,
    "too-good-take": 3,
    "too-good-pass": 4,
    "double-beaver": 5,
    "no-double-beaver": 6,
    "redouble-take": 7,
    "redouble-pass": 8,
    "no-redouble": 9,
    "no-redouble-beaver": 12,
    "redouble-beaver": 5,
    "unavailable-dead-cube": 13,
    "unavailable-crawford": 15,
    "unavailable-opponent-owns-cube": 15,
    "unavailable-max-cube": 15,
}


def new_session(seed: int = 0) -> None:
    """Start over with a fresh session (no match, default settings) whose dice come from ``seed``.

    Not in gnubg (one process, one session there); for test suites and notebooks."""
    global _session, _hint_filters, _rng
    _session = _core.GnubgSession(seed)
    _hint_filters = None
    _rng = random.Random(seed)


# --- commands -------------------------------------------------------------------------------


def _run(cmd: str) -> str:
    if not isinstance(cmd, str):
        raise TypeError("command() argument must be a string")
    before, error, after = _session.command(cmd)
    if error is not None:
        raise GnubgError(error)
    return before + after


def command(cmd: str) -> None:
    """Execute a command: any line the ``gammon`` command line accepts (gnubg's command language).

    Prints what gammon prints (on ``sys.stdout``) and returns None, as gnubg does. A refused
    command raises :class:`GnubgError` with gammon's one-line message, after printing whatever
    the command printed first (gnubg prints the message and goes on)."""
    if not isinstance(cmd, str):
        raise TypeError("command() argument must be a string")
    before, error, after = _session.command(cmd)
    sys.stdout.write(before)
    if error is not None:
        sys.stdout.write(after)
        raise GnubgError(error)
    sys.stdout.write(after)


def show(arguments: str) -> str:
    """Execute ``show ARGUMENTS`` and return its output with the final newline(s) stripped."""
    return _run("show " + arguments).rstrip("\n")


def nextturn() -> None:
    """Play one turn: the computer makes the next decision for the side to act (``play``)."""
    command("play")


def updateui() -> None:
    """Let the user interface update itself: nothing to do without one."""


# --- positions and IDs ----------------------------------------------------------------------


def _board_tuple(rows: Any) -> Board:
    return (tuple(int(x) for x in rows[0]), tuple(int(x) for x in rows[1]))


def _check_board(b: Any) -> List[List[int]]:
    try:
        rows = [list(b[0]), list(b[1])]
        if len(b) != 2:
            raise ValueError
    except (TypeError, IndexError, KeyError, ValueError):
        raise TypeError("a board is a pair of sequences of 25 ints") from None
    if any(len(r) != 25 for r in rows):
        raise ValueError("a board is two sequences of 25 ints (points 1 to 24 and the bar)")
    try:
        return [[int(x) for x in r] for r in rows]
    except (TypeError, ValueError):
        raise TypeError("a board's chequer counts are ints") from None


def board() -> Optional[Board]:
    """The current board (at the navigation cursor, else the game in play), or None without a game:
    ``(opponent, player on roll)``, 25 ints each, points 1..24 then the bar."""
    ids = _session.ids()
    return None if ids is None else positionfromid(ids[0])


def positionfromid(position_id: Optional[str] = None) -> Board:
    """The board of a gnubg position ID (default: the current position)."""
    if position_id is None:
        position_id = positionid()
    return _board_tuple(_core.board_from_id(position_id).tolist())


def positionid(board: Optional[Sequence[Sequence[int]]] = None) -> str:
    """The position ID of ``board`` (default: the current board; ``AAAAAAAAAAAAAA`` without one)."""
    if board is None:
        ids = _session.ids()
        return EMPTY_POSITION_ID if ids is None else ids[0]
    return _core.id_from_board(_check_board(board))


def positionkey(board: Sequence[Sequence[int]]) -> Tuple[int, ...]:
    """The position's 10-byte key (the bytes the position ID encodes), as 10 ints."""
    pid = positionid(board)
    return tuple(base64.b64decode(pid + "=="))


def positionfromkey(key: Sequence[int]) -> Board:
    """The board of a 10-int position key (see :func:`positionkey`)."""
    if len(key) != 10 or any(not 0 <= int(k) <= 255 for k in key):
        raise ValueError("a position key is 10 ints from 0 to 255")
    pid = base64.b64encode(bytes(int(k) for k in key)).decode("ascii")[:14]
    return positionfromid(pid)


def classifypos(board: Optional[Sequence[Sequence[int]]] = None, variant: int = 0) -> int:
    """gnubg's class number of a position: 0 over, 4 bearoff, 8 race, 9 crashed, 10 contact.

    Only the standard variant (0) is classified."""
    if variant != 0:
        raise ValueError("only the standard variant (0) is classified")
    return _core.GnubgSession.classify(positionid(board))


def _current_match() -> Dict[str, Any]:
    ids = _session.ids()
    if ids is None:
        raise ValueError("no current position available")
    return _core.match_from_id(ids[1])


def cubeinfo(
    cube: Optional[int] = None,
    cubeowner: Optional[int] = None,
    move: Optional[int] = None,
    matchto: Optional[int] = None,
    score: Optional[Tuple[int, int]] = None,
    crawford: Optional[int] = None,
    bgv: Optional[int] = None,
) -> Dict[str, Any]:
    """A cube-info dictionary: ``cube``, ``cubeowner`` (-1 centred, 0, 1), ``move`` (player on
    move), ``matchto`` (0 for money), ``score``, ``crawford``, ``jacoby``, ``beavers``,
    ``gammonprice`` and ``bgv`` (variant). Without arguments, the current match's."""
    if cube is None:
        m = _current_match()
        owner = m["cube_owner"]
        cube, cubeowner, move = m["cube"], -1 if owner is None else owner, m["on_roll"]
        matchto, score, crawford = m["match_length"], tuple(m["score"]), int(m["crawford"])
        jacoby = int(m["jacoby"] and m["match_length"] == 0)
    else:
        cubeowner = -1 if cubeowner is None else cubeowner
        move = 0 if move is None else move
        matchto = 0 if matchto is None else matchto
        score = (0, 0) if score is None else tuple(score)
        crawford = 0 if crawford is None else crawford
        jacoby = int(matchto == 0)
    if cube < 1 or cube & (cube - 1):
        raise ValueError(f"cube {cube} is not a power of two")
    if cubeowner not in (-1, 0, 1) or move not in (0, 1):
        raise ValueError("cubeowner is -1 (centred), 0 or 1; move is 0 or 1")
    if matchto < 0 or len(score) != 2 or (matchto and max(score) >= matchto):
        raise ValueError(f"score {score!r} is not a score of a {matchto}-point match")
    if bgv not in (None, 0):
        raise ValueError("only the standard variant (bgv 0) is played")
    ci = {
        "cube": int(cube),
        "cubeowner": int(cubeowner),
        "move": int(move),
        "matchto": int(matchto),
        "score": (int(score[0]), int(score[1])),
        "crawford": int(bool(crawford)),
        "jacoby": jacoby,
        "beavers": int(matchto == 0),
        "bgv": 0,
    }
    return calcgammonprice(ci)


def calcgammonprice(cubeinfo: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """The cube-info with its ``gammonprice`` worked out: ``((gammon, backgammon) price of
    player 0, (gammon, backgammon) price of player 1)`` at its score and cube."""
    ci = dict(cubeinfo if cubeinfo is not None else globals()["cubeinfo"]())
    ci["gammonprice"] = _core.GnubgSession.gammon_prices(
        ci["matchto"], tuple(ci["score"]), ci["cube"], ci["cubeowner"] == -1, bool(ci.get("jacoby", 0)), bool(ci["crawford"])
    )
    return ci


def posinfo(
    turn: Optional[int] = None,
    resigned: Optional[int] = None,
    doubled: Optional[int] = None,
    gamestate: Optional[int] = None,
    dice: Optional[Tuple[int, int]] = None,
) -> Dict[str, Any]:
    """A pos-info dictionary: ``dice`` ((0, 0) before the roll), ``turn``, ``resigned``,
    ``doubled``, ``gamestate`` (0 none, 1 playing, 2 over, 3 resigned, 4 dropped). Without
    arguments, the current position's."""
    if turn is None:
        m = _current_match()
        numbers = _session.state_numbers()
        state, pending = numbers if numbers is not None else (0, False)
        return {
            "dice": tuple(m["dice"]) if m["dice"] else (0, 0),
            "turn": m["turn"],
            "resigned": int(m["resignation"] is not None),
            "doubled": int(pending),
            "gamestate": state,
        }
    dice = (0, 0) if dice is None else (int(dice[0]), int(dice[1]))
    if turn not in (0, 1) or any(not 0 <= d <= 6 for d in dice) or (0 in dice and dice != (0, 0)):
        raise ValueError("turn is 0 or 1 and the dice 1 to 6 each, or (0, 0)")
    return {
        "dice": dice,
        "turn": int(turn),
        "resigned": int(bool(resigned)),
        "doubled": int(bool(doubled)),
        "gamestate": 1 if gamestate is None else int(gamestate),
    }


def matchid(cubeinfo: Optional[Dict[str, Any]] = None, posinfo: Optional[Dict[str, Any]] = None) -> str:
    """The match ID of the current position, or of a cube-info and pos-info."""
    if cubeinfo is None and posinfo is None:
        ids = _session.ids()
        if ids is None:
            raise ValueError("no current position available")
        return ids[1]
    ci = cubeinfo if cubeinfo is not None else globals()["cubeinfo"]()
    pi = posinfo if posinfo is not None else globals()["posinfo"]()
    dice = tuple(pi.get("dice", (0, 0)))
    move = int(ci["move"])
    return _core.GnubgSession.match_id_of(
        int(ci["cube"]),
        int(ci["cubeowner"]),
        move,
        int(pi.get("turn", move)),
        int(ci["matchto"]),
        (int(ci["score"][0]), int(ci["score"][1])),
        bool(ci["crawford"]),
        bool(ci.get("jacoby", int(ci["matchto"] == 0))),
        int(pi.get("gamestate", 1)),
        bool(pi.get("doubled", 0)),
        int(pi.get("resigned", 0)),
        None if dice == (0, 0) else (int(dice[0]), int(dice[1])),
    )


def gnubgid(
    board: Optional[Sequence[Sequence[int]]] = None,
    cubeinfo: Optional[Dict[str, Any]] = None,
    posinfo: Optional[Dict[str, Any]] = None,
) -> str:
    """``POSITIONID:MATCHID`` of the current position, or of a board, cube-info and pos-info."""
    if board is None and cubeinfo is None and posinfo is None:
        return positionid() + ":" + matchid()
    return positionid(board) + ":" + matchid(cubeinfo, posinfo)


# --- evaluation -------------------------------------------------------------------------------


def evalcontext(
    cubeful: int = 1, plies: int = 2, deterministic: int = 1, prune: int = 1, noise: float = 0.0
) -> Dict[str, Any]:
    """An eval-context dictionary (gnubg's default: cubeful 2-ply, deterministic, pruning)."""
    if not 0 <= int(plies) <= 4:
        raise ValueError(f"plies must be 0 to 4, not {plies}")
    return {
        "cubeful": int(bool(cubeful)),
        "plies": int(plies),
        "deterministic": int(bool(deterministic)),
        "prune": int(bool(prune)),
        "noise": float(noise),
    }


def rolloutcontext() -> Dict[str, Any]:
    """The rollout settings :func:`rollout` uses by default, in gnubg's rollout-context keys."""
    return {
        "cubeful": 0,
        "variance-reduction": 1,
        "initial-position": 0,
        "quasi-random-dice": 1,
        "late-eval": 0,
        "truncated-rollouts": 0,
        "n-truncation": 0,
        "truncate-bearoff2": 1,
        "truncate-bearoffOS": 1,
        "stop-on-std": 0,
        "trials": 1296,
        "seed": 1,
        "plies": 0,
    }


def _plies(ec: Optional[Dict[str, Any]], default: int) -> int:
    if ec is None:
        return default
    try:
        return int(ec["plies"])
    except (KeyError, TypeError):
        raise TypeError("an eval-context is a dictionary with 'plies' (see evalcontext())") from None


def _position_and_match(b: Optional[Sequence[Sequence[int]]], ci: Optional[Dict[str, Any]]) -> Tuple[str, str]:
    pid = positionid(b) if b is not None else positionid()
    if b is None and _session.ids() is None:
        raise ValueError("no current position available")
    if ci is None:
        if _session.ids() is None:
            ci = cubeinfo(1, -1, 0, 0, (0, 0), 0)
        else:
            ci = cubeinfo()
    pi: Dict[str, Any] = {"dice": (0, 0), "turn": ci["move"]}
    if _session.ids() is not None:
        current = posinfo()
        pi["dice"] = current["dice"]
    return pid, matchid(ci, pi)


def evaluate(
    board: Optional[Sequence[Sequence[int]]] = None,
    cubeinfo: Optional[Dict[str, Any]] = None,
    evalcontext: Optional[Dict[str, Any]] = None,
) -> Tuple[float, float, float, float, float, float]:
    """Cubeless evaluation: ``(P(win), P(win gammon), P(win backgammon), P(lose gammon),
    P(lose backgammon), cubeless equity)`` for the player on roll (gammons include backgammons).
    Default: the current board at 2 plies."""
    pid = positionid(board) if board is not None else positionid()
    if board is None and _session.ids() is None:
        raise ValueError("no current position available")
    return tuple(float(x) for x in _session.evaluate(pid, _plies(evalcontext, 2)))  # type: ignore[return-value]


def cfevaluate(
    board: Optional[Sequence[Sequence[int]]] = None,
    cubeinfo: Optional[Dict[str, Any]] = None,
    evalcontext: Optional[Dict[str, Any]] = None,
) -> Tuple[float, float, float, float, int, str]:
    """Cubeful evaluation of the cube decision of the player on roll: ``(optimal equity,
    no double, double/take, double/pass, recommendation number, recommendation text)``,
    equities normalised to the cube. Default: the current position at 2 plies."""
    pid, mid = _position_and_match(board, cubeinfo)
    # the cube decision is taken before the roll
    m = _core.match_from_id(mid)
    if m["dice"]:
        mid = _core.match_id(
            match_length=m["match_length"],
            score=tuple(m["score"]),
            cube=m["cube"],
            cube_owner=m["cube_owner"],
            on_roll=m["on_roll"],
            crawford=m["crawford"],
            jacoby=m["jacoby"],
        )
    c = json.loads(_session.cfevaluate_json(pid, mid, _plies(evalcontext, 2)))["cubeful"]
    token = c["action"]
    number = _DECISIONS.get(token, 15)
    if token == "too-good-pass" and "redouble" in c["description"]:
        number = 11
    elif token == "too-good-take" and "redouble" in c["description"]:
        number = 10
    return (c["equity"], c["no_double"], c["double_take"], c["double_pass"], number, c["description"])


def _filters() -> Optional[List[Tuple[int, int, float]]]:
    if _hint_filters is None:
        return None
    by_level: Dict[int, Tuple[int, int, float]] = {}
    for f in _hint_filters:
        by_level[int(f["level"])] = (int(f["acceptmoves"]), int(f["extramoves"]), float(f["threshold"]))
    return [by_level.get(level, (-1, 0, 0.0)) for level in range(4)]


def _ranked(board: Any, ci: Any, ec: Any) -> Tuple[str, str, List[Any], int]:
    pid, mid = _position_and_match(board, ci)
    if not _core.match_from_id(mid)["dice"]:
        raise GnubgError("What? No dice?")
    plies = _plies(ec, 0)
    return pid, mid, _session.rank_plays(pid, mid, plies, _filters()), plies


def findbestmove(
    board: Optional[Sequence[Sequence[int]]] = None,
    cubeinfo: Optional[Dict[str, Any]] = None,
    evalcontext: Optional[Dict[str, Any]] = None,
) -> Tuple[int, ...]:
    """The best play of the current dice: a flat tuple ``(from, to, from, to, …)`` (bar 25, off 0),
    empty when no play is legal. Default depth: 0 plies (gnubg 1.07's default chequer play
    evaluation). Raises :class:`GnubgError` when no dice are rolled."""
    _, _, ranked, _ = _ranked(board, cubeinfo, evalcontext)
    if not ranked:
        return ()
    return tuple(x for step in ranked[0][0] for x in step)


def hint(maxmoves: Optional[int] = None) -> Dict[str, Any]:
    """The hint for the current position's chequer play: ``{'hinttype': 'chequer', 'gnubgid': …,
    'hint': [{'movenum', 'type', 'move', 'equity', 'eqdiff', 'context', 'details': {'probs',
    'score'}}, …]}``, best first, at most ``maxmoves`` of them. Before the roll gnubg 1.07 gives
    no cube hint here, and neither does this (use ``cfevaluate``)."""
    if _session.ids() is None:
        raise GnubgError("You must set up a board first.")
    if not posinfo()["dice"][0]:
        raise GnubgError("Hints for cube actions not yet implemented")
    pid, mid, ranked, _ = _ranked(None, None, None)
    if maxmoves is not None:
        if maxmoves < 0:
            raise ValueError("maxmoves must not be negative")
        ranked = ranked[:maxmoves] if maxmoves else ranked
    best = ranked[0][2] if ranked else 0.0
    out = []
    for i, (_steps, notation, equity, probs, plies) in enumerate(ranked, start=1):
        out.append(
            {
                "movenum": i,
                "type": "eval",
                "move": notation,
                "equity": equity,
                "eqdiff": equity - best,
                "context": evalcontext(1, plies, 1, 1, 0.0),
                "details": {"probs": tuple(float(p) for p in probs), "score": equity},
            }
        )
    return {"hinttype": "chequer", "gnubgid": pid + ":" + mid, "hint": out}


def getevalhintfilter() -> List[Dict[str, Any]]:
    """The move filters of hints and evaluations: one dictionary per (ply, level) with
    ``ply``, ``level``, ``acceptmoves``, ``extramoves``, ``threshold``."""
    if _hint_filters is not None:
        return [dict(f) for f in _hint_filters]
    return [
        {"ply": p, "level": lv, "acceptmoves": a, "extramoves": e, "threshold": t}
        for (p, lv, a, e, t) in _core.GnubgSession.normal_filters()
    ]


def setevalhintfilter(filters: Sequence[Dict[str, Any]]) -> None:
    """Set the move filters of :func:`hint` and :func:`findbestmove` (getevalhintfilter's
    shape). gammon keeps one filter per sub-ply level, whatever the depth: the last given for a
    level wins."""
    checked = []
    for f in filters:
        try:
            checked.append(
                {
                    "ply": int(f["ply"]),
                    "level": int(f["level"]),
                    "acceptmoves": int(f["acceptmoves"]),
                    "extramoves": int(f["extramoves"]),
                    "threshold": float(f["threshold"]),
                }
            )
        except (KeyError, TypeError, ValueError):
            raise TypeError("a move filter is a dictionary with ply, level, acceptmoves, extramoves, threshold") from None
        if not 0 <= checked[-1]["level"] < 4 or checked[-1]["extramoves"] < 0:
            raise ValueError("filter levels are 0 to 3 and extramoves not negative")
    global _hint_filters
    _hint_filters = checked


def rollout(
    board: Optional[Sequence[Sequence[int]]] = None,
    cubeinfo: Optional[Dict[str, Any]] = None,
    rolloutcontext: Optional[Dict[str, Any]] = None,
) -> Dict[str, Any]:
    """A rollout of a position (gammon's; gnubg 1.07 offers it only as ``command("rollout")``).

    ``rolloutcontext`` keys used: ``trials``, ``seed``, ``cubeful``, ``variance-reduction``,
    ``initial-position``, ``truncated-rollouts`` with ``n-truncation``, ``truncate-bearoff2``,
    ``plies``. Returns ``{'trials', 'probs': 6-tuple of means (win … lbg, equity), 'stderr':
    6-tuple}`` and, when cubeful, ``'cubeful'``: the rolled-out cube decision as ``gammon rollout
    --json`` gives it."""
    rc = dict(globals()["rolloutcontext"]())
    rc.update(rolloutcontext or {})
    pid, mid = _position_and_match(board, cubeinfo)
    truncate = int(rc["n-truncation"]) if rc.get("truncated-rollouts") else None
    text = _session.rollout_json(
        pid,
        match_id=mid if (cubeinfo or {}).get("matchto", 0) or _session.ids() is not None else None,
        trials=int(rc["trials"]),
        seed=int(rc["seed"]),
        plies=int(rc.get("plies", 0)),
        truncate=truncate,
        cubeful=bool(rc["cubeful"]),
        variance_reduction=bool(rc["variance-reduction"]),
        bearoff_truncation=bool(rc["truncate-bearoff2"]),
        initial_position=bool(rc["initial-position"]),
    )
    r = json.loads(text)
    keys = ("win", "wg", "wbg", "lg", "lbg", "equity")
    out: Dict[str, Any] = {
        "trials": r["trials"],
        "probs": tuple(r["mean"][k] for k in keys),
        "stderr": tuple(r["se"][k] for k in keys),
    }
    if r.get("cubeful") is not None:
        out["cubeful"] = r["cubeful"]
    return out


# --- match, navigation ------------------------------------------------------------------------


def _tuples(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tuples(x) for x in v)
    if isinstance(v, dict):
        return {k: _tuples(x) for k, x in v.items()}
    return v


def match(analysis: int = 1, boards: int = 1, statistics: int = 0, verbose: int = 0) -> Optional[Dict[str, Any]]:
    """The current match as gnubg's documented dictionary, or None without one.

    ``{'match-info': {'X': {'name'}, 'O': {'name'}, 'match-length', 'rules', 'variation',
    'result', ['default-eval-context']}, 'games': ({'info': {'score-X', 'score-O', 'winner',
    ['points-won', 'resigned']}, 'game': (action, …), ['stats']}, …), ['stats']}``. Each action
    has ``action`` ('move', 'double', 'take', 'drop', 'resign', 'setboard'), ``player`` ('X' or
    'O'), for moves ``dice`` and ``move`` (pairs (from, to), bar 25, off 0), with ``boards`` the
    position ID before a move or double, and with ``analysis`` (after ``analyse match``) the
    analysis: ``imove``, ``moves`` (``move``, ``score``, ``type``), ``luck-value``, ``luck``,
    ``skill``, ``cube-skill``, ``nd-cubeful-eq``, ``dt-cubeful-eq``. ``statistics`` adds each
    game's and the match's statistics (``X``/``O``: ``moves``, ``dice``, ``cube``)."""
    text = _session.match_json(bool(analysis), bool(boards), bool(statistics), bool(verbose))
    if text is None:
        return None
    m = json.loads(text)
    for g in m["games"]:
        g["game"] = tuple(_tuples(a) for a in g["game"])
        g["info"] = _tuples(g["info"])
        if "stats" in g:
            g["stats"] = _tuples(g["stats"])
    m["games"] = tuple(m["games"])
    m["match-info"] = _tuples(m["match-info"])
    return m


def navigate(next: Optional[int] = None, game: Optional[int] = None) -> Optional[Tuple[int, int]]:
    """Move in the match: no arguments go to the first move of the first game; ``game=N`` moves
    N games forward (or back) to the start of that game; ``next=N`` then N records forward.
    Never wraps around. Returns None on success, else ``(next not done, games not done)``.

    :func:`board`, :func:`positionid`, :func:`matchid`, :func:`posinfo`, :func:`evaluate`,
    :func:`findbestmove` and :func:`hint` then see the position at the cursor; the next
    :func:`command` returns to the game in play (gnubg would act at the cursor)."""
    return _session.navigate(next, game)


# --- moves ------------------------------------------------------------------------------------


def parsemove(move: str) -> Tuple[Tuple[int, int], ...]:
    """Parse a move in gnubg notation (``8/5 6/5``, ``bar/22 13/11*``, ``24/18(2)``, ``6/off``)
    into pairs (from, to), bar 25 and off 0."""
    if not isinstance(move, str):
        raise TypeError("parsemove() argument must be a string")

    def point(word: str) -> int:
        w = word.strip("*").lower()
        if w in ("bar", "b"):
            return 25
        if w in ("off", "o"):
            return 0
        if w.isdigit() and 0 <= int(w) <= 25:
            return int(w)
        raise ValueError(f"cannot parse move {move!r}")

    out: List[Tuple[int, int]] = []
    for token in move.replace(",", " ").split():
        repeat = 1
        if token.endswith(")") and "(" in token:
            token, count = token[:-1].split("(", 1)
            if not count.isdigit() or not 1 <= int(count) <= 4:
                raise ValueError(f"cannot parse move {move!r}")
            repeat = int(count)
        points = [point(p) for p in token.split("/")]
        if len(points) < 2:
            raise ValueError(f"cannot parse move {move!r}")
        steps = list(zip(points, points[1:]))
        out.extend(steps * repeat)
    if not out or len(out) > 4:
        raise ValueError(f"cannot parse move {move!r}")
    return tuple(out)


def movetupletostring(move: Sequence[int], board: Optional[Sequence[Sequence[int]]] = None) -> str:
    """A move tuple (up to 8 ints, unused ones 0, as :func:`findbestmove` gives) in gnubg's
    notation, for the player on roll of ``board`` (default: the current board)."""
    pairs = [(int(move[i]), int(move[i + 1])) for i in range(0, len(move) - 1, 2)]
    pairs = [p for p in pairs if p != (0, 0)]
    b = _check_board(board if board is not None else positionfromid())
    me = [list(b[1]), list(b[0])]
    for frm, to in pairs:
        if not 1 <= frm <= 25 or not 0 <= to < frm or me[0][frm - 1] == 0:
            raise ValueError(f"{move!r} is not a move on this board")
        me[0][frm - 1] -= 1
        if to:
            me[0][to - 1] += 1
            # the opponent's chequer on my point `to` is on its point 25 - to
            if me[1][24 - to] == 1:
                me[1][24 - to] = 0
                me[1][24] += 1
    target = _core.id_from_board([me[1], me[0]])
    pid = _core.id_from_board(b)
    distances = sorted(frm - to for frm, to in pairs)
    fallback = None
    for d1 in range(1, 7):
        for d2 in range(1, d1 + 1):
            for notation, result in _core.legal_plays(pid, d1, d2):
                if result != target:
                    continue
                dice = [d1] * len(pairs) if d1 == d2 else sorted((d1, d2))
                if distances == sorted(dice):
                    return notation
                fallback = fallback or notation
    if fallback is not None:
        return fallback
    raise ValueError(f"{move!r} is not a legal move on this board")


# --- match equities and ratings ---------------------------------------------------------------


def met(maxscore: Optional[int] = None) -> Tuple[List[List[float]], List[List[float]]]:
    """The match equity table (Kazaross XG2, gnubg 1.07's default) up to ``maxscore`` away:
    ``(pre-Crawford rows, [post-Crawford row of player 0, of player 1])``."""
    return _core.GnubgSession.met(64 if maxscore is None else int(maxscore))


def _convert(value: float, ci: Optional[Dict[str, Any]], to_mwc: bool) -> float:
    ci = ci if ci is not None else cubeinfo()
    if ci["matchto"] == 0:
        return float(value)
    return _core.GnubgSession.convert_equity(
        float(value), to_mwc, ci["matchto"], tuple(ci["score"]), ci["move"], ci["cube"], bool(ci["crawford"])
    )


def eq2mwc(equity: float = 0.0, cubeinfo: Optional[Dict[str, Any]] = None) -> float:
    """The match winning chance of a normalised equity for the player on move of ``cubeinfo``
    (money play: the equity unchanged)."""
    return _convert(equity, cubeinfo, True)


def mwc2eq(mwc: float = 0.0, cubeinfo: Optional[Dict[str, Any]] = None) -> float:
    """The normalised equity of a match winning chance (the inverse of :func:`eq2mwc`)."""
    return _convert(mwc, cubeinfo, False)


def eq2mwc_stderr(equity: float = 0.0, cubeinfo: Optional[Dict[str, Any]] = None) -> float:
    """A standard error of equity as one of MWC."""
    return eq2mwc(equity, cubeinfo) - eq2mwc(0.0, cubeinfo)


def mwc2eq_stderr(mwc: float = 0.0, cubeinfo: Optional[Dict[str, Any]] = None) -> float:
    """A standard error of MWC as one of equity."""
    return mwc2eq(mwc, cubeinfo) - mwc2eq(0.0, cubeinfo)


def errorrating(error_per_move: float) -> int:
    """gnubg's rating of a normalised error per move: 0 awful … 7 supernatural."""
    return _core.GnubgSession.error_rating(float(error_per_move))


def luckrating(luck_per_move: float) -> int:
    """gnubg's luck rating of a normalised luck per move: 0 very unlucky … 4 very lucky."""
    return _core.GnubgSession.luck_rating(float(luck_per_move))


def dicerolls(n: int) -> Tuple[Tuple[int, int], ...]:
    """``n`` dice rolls from the module's generator (seeded by :func:`new_session`)."""
    if n < 0:
        raise ValueError("the number of rolls must not be negative")
    return tuple((_rng.randint(1, 6), _rng.randint(1, 6)) for _ in range(n))


def _not_here(name: str) -> Any:
    def f(*_args: Any, **_kwargs: Any) -> Any:
        raise NotImplementedError(f"gnubg.{name} is not available in gammon_go.gnubg (see the porting note)")

    f.__name__ = name
    f.__doc__ = f"Not available here: raises NotImplementedError (gnubg's {name})."
    return f


positionbearoff = _not_here("positionbearoff")
positionfrombearoff = _not_here("positionfrombearoff")
matchchecksum = _not_here("matchchecksum")
