"""The backgammon engine: positions and match IDs, plays, evaluations, cube decisions, rollouts.

Positions are gnubg position IDs (14 characters, the player on roll's view), match IDs gnubg's
(12 characters). Every figure is the Rust engine's; cubeful evaluations and rollouts are the very
JSON objects that ``gammon eval --cubeful --json`` and ``gammon rollout --json`` print, parsed.
Bad input raises ``ValueError``.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from gammon_go import _gammon_go as _core

board_from_id = _core.board_from_id
id_from_board = _core.id_from_board
match_from_id = _core.match_from_id
match_id = _core.match_id
legal_plays = _core.legal_plays
bearoff = _core.bearoff


def evaluate(position_ids: Sequence[str] | str, plies: int = 0) -> np.ndarray:
    """Cubeless evaluation of positions at ``plies`` (0 to 2).

    Returns an ``(n, 6)`` float32 array of ``win, wg, wbg, lg, lbg, equity`` (the player on
    roll's view; gammons include backgammons), one row per position ID; a single ID gives a
    ``(6,)`` array. The batch runs in Rust on all cores with the GIL released.
    """
    if isinstance(position_ids, str):
        return _core.evaluate([position_ids], plies)[0]
    return _core.evaluate(list(position_ids), plies)


def evaluate_cubeful(position_id: str, match_id: Optional[str] = None, plies: int = 0) -> Dict[str, Any]:
    """Cubeful evaluation with the cube decision, ``gammon eval --cubeful --json``'s object.

    Keys: ``position_id``, ``match_id``, ``plies``, ``probabilities`` (``win``, ``win_gammon``,
    ``win_backgammon``, ``lose_gammon``, ``lose_backgammon``), ``equity`` (cubeless) and
    ``cubeful`` (``equity``, ``no_double``, ``double_take``, ``double_pass`` normalised to the
    current cube, ``action``, ``description``, ``mwc`` in match play). Without ``match_id``, a
    money game with a centred cube.
    """
    return json.loads(_core.evaluate_cubeful_json(position_id, match_id, plies))


def cube_decision(position_id: str, match_id: Optional[str] = None, plies: int = 0) -> Tuple[str, Dict[str, float]]:
    """The cube action token (``no-double``, ``double-take``, ``double-pass``, ``too-good-pass``,
    ``redouble-…``, ``unavailable-…``) and the cubeful equities behind it."""
    cubeful = evaluate_cubeful(position_id, match_id, plies)["cubeful"]
    equities = {k: cubeful[k] for k in ("equity", "no_double", "double_take", "double_pass")}
    return cubeful["action"], equities


def rollout(
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
) -> Dict[str, Any]:
    """A seeded rollout, ``gammon rollout --json --trials N --seed S …``'s object.

    Keys: ``trials``, ``mean`` and ``se`` (each ``win``, ``wg``, ``wbg``, ``lg``, ``lbg``,
    ``equity``, the player on roll's view) and, with ``cubeful``, ``cubeful`` (the rolled-out
    cube decision). The same arguments give the same figures as ``gammon rollout``, whatever the
    number of threads. The GIL is released while it runs.
    """
    return json.loads(
        _core.rollout_json(
            position_id,
            trials=trials,
            seed=seed,
            plies=plies,
            truncate=truncate,
            cubeful=cubeful,
            match_id=match_id,
            variance_reduction=variance_reduction,
            bearoff_truncation=bearoff_truncation,
            initial_position=initial_position,
            max_se=max_se,
        )
    )


__all__: List[str] = [
    "bearoff",
    "board_from_id",
    "cube_decision",
    "evaluate",
    "evaluate_cubeful",
    "id_from_board",
    "legal_plays",
    "match_from_id",
    "match_id",
    "rollout",
]
