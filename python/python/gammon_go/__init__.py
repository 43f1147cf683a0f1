"""gammon_go: the backgammon engine of the gammon-go workspace, from Python.

- ``gammon_go.pettingzoo.backgammon_v0``: PettingZoo's ``backgammon_v0`` (AEC API) over the Rust
  environment, with the documented observation (198 floats) and action (``Discrete(1353)``)
  encodings.
- ``gammon_go.engine`` (also re-exported here): gnubg position and match IDs, legal plays, 0- to
  2-ply evaluation in batches, cubeful evaluation and cube decisions, rollouts, bearoff lookups.
- ``python -m gammon_go.ray_rollout``: rollouts of a file of positions spread over a Ray cluster.
"""

from gammon_go._gammon_go import DO_NOTHING, NUM_ACTIONS, OBSERVATION_SIZE, Env
from gammon_go.engine import (
    bearoff,
    board_from_id,
    cube_decision,
    evaluate,
    evaluate_cubeful,
    id_from_board,
    legal_plays,
    match_from_id,
    match_id,
    rollout,
)

__all__ = [
    "DO_NOTHING",
    "NUM_ACTIONS",
    "OBSERVATION_SIZE",
    "Env",
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
