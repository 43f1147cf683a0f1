"""Engine bindings: IDs, legal plays, batch evaluation, cubeful evaluation and cube decisions,
rollouts and bearoff lookups, and bad input raising ValueError."""

import threading
import time

import numpy as np
import pytest

import gammon_go
from gammon_go import engine

START = "4HPwATDgc/ABMA"


def test_position_ids_round_trip():
    board = gammon_go.board_from_id(START)
    assert board.shape == (2, 25) and board.dtype == np.uint8
    # gnubg order: row 0 opponent, row 1 on roll; each 2 on the 24 point, 5 on the 13 point
    for row in board:
        assert row[23] == 2 and row[12] == 5 and row[7] == 3 and row[5] == 5 and row.sum() == 15
    assert gammon_go.id_from_board(board.tolist()) == START


def test_match_ids_round_trip():
    mid = gammon_go.match_id(match_length=7, score=(2, 4), cube=2, cube_owner=1, on_roll=0, dice=(5, 3))
    m = gammon_go.match_from_id(mid)
    assert m["match_length"] == 7 and m["score"] == (2, 4) and m["cube"] == 2 and m["cube_owner"] == 1
    assert m["on_roll"] == 0 and m["dice"] == (5, 3) and m["game_state"] == "Playing"
    assert gammon_go.match_from_id("cAkAAAAAAAAA")["match_length"] == 0


def test_legal_plays_opening_31():
    plays = dict(gammon_go.legal_plays(START, 3, 1))
    assert "8/5 6/5" in plays
    assert len(plays) == 16  # gnubg lists 16 distinct plays of the opening 31
    assert gammon_go.legal_plays(gammon_go.id_from_board([[2] * 6 + [0] * 19, [0] * 5 + [14] + [0] * 18 + [1]]), 6, 6) == []


def test_evaluate_batches():
    ids = [START] + [p for _, p in gammon_go.legal_plays(START, 3, 1)][:7]
    for plies in (0, 1, 2):
        out = gammon_go.evaluate(ids, plies=plies)
        assert out.shape == (len(ids), 6) and out.dtype == np.float32
        assert np.all(out[:, :5] >= 0) and np.all(out[:, :5] <= 1)
        # equity = 2 win - 1 + wg - lg + wbg - lbg
        w, wg, wbg, lg, lbg, eq = out.T
        assert np.allclose(eq, 2 * w - 1 + wg - lg + wbg - lbg, atol=1e-5)
        single = gammon_go.evaluate(ids[3], plies=plies)
        assert single.shape == (6,) and np.array_equal(single, out[3])
    # the opening position is close to even for the player on roll
    assert 0.45 < gammon_go.evaluate(START)[0] < 0.6
    assert gammon_go.evaluate([]).shape == (0, 6)


def test_evaluate_releases_the_gil():
    ids = [START] * 40
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    t = threading.Thread(target=ticker)
    t.start()
    start = time.perf_counter()
    gammon_go.evaluate(ids, plies=2)
    end = time.perf_counter()
    stop.set()
    t.join()
    during = [x for x in ticks if start < x < end]
    assert end - start < 0.05 or len(during) >= 3


def test_cubeful_evaluation_and_cube_decision():
    r = engine.evaluate_cubeful(START)
    assert r["position_id"] == START and r["match_id"] is None
    c = r["cubeful"]
    assert c["action"].startswith("no-double")
    assert c["double_pass"] == 1.0
    action, eq = gammon_go.cube_decision(START)
    assert action == c["action"] and eq["no_double"] == c["no_double"]
    # a huge lead: the player on roll has 2 chequers left on the 1 point, the opponent 15 on its
    # 19 point
    big = gammon_go.id_from_board([[0] * 18 + [15] + [0] * 6, [2] + [0] * 24])
    action, eq = gammon_go.cube_decision(big)
    assert action in ("too-good-pass", "double-pass", "too-good-take") or action.startswith("double")
    mid = gammon_go.match_id(match_length=5, score=(0, 0))
    r = engine.evaluate_cubeful(START, mid, plies=1)
    assert r["plies"] == 1 and r["cubeful"]["mwc"] is not None


def test_rollout_seeded():
    a = gammon_go.rollout(START, trials=36, seed=7, truncate=6)
    b = gammon_go.rollout(START, trials=36, seed=7, truncate=6)
    c = gammon_go.rollout(START, trials=36, seed=8, truncate=6)
    assert a == b and a != c
    assert a["trials"] == 36 and set(a["mean"]) == {"win", "wg", "wbg", "lg", "lbg", "equity"}
    cube = gammon_go.rollout(START, trials=36, seed=7, truncate=4, cubeful=True)
    assert "cubeful" in cube and "action" in cube["cubeful"]


def test_bearoff_lookups():
    pid = gammon_go.id_from_board([[1, 1] + [0] * 23, [2, 1] + [0] * 23])
    r = gammon_go.bearoff(pid)
    assert r["bearoff"] is True
    w, wg, wbg, lg, lbg, eq = r["probabilities"]
    # three chequers on roll against two that any roll bears off: only a double (6 of 36) wins
    assert abs(w - 6 / 36) < 1e-4 and wg == 0 and lg == 0
    assert abs(sum(r["on_roll"]) - 1) < 1e-3 and abs(sum(r["opponent"]) - 1) < 1e-3
    contact = gammon_go.bearoff(START)
    assert contact["bearoff"] is False and contact["probabilities"] is None and contact["on_roll"] is None


def test_bad_input_raises_value_error():
    for call in (
        lambda: gammon_go.board_from_id("xyz"),
        lambda: gammon_go.board_from_id("4HPwATDgc/AB!A"),
        lambda: gammon_go.id_from_board([[0] * 25]),
        lambda: gammon_go.id_from_board([[15] * 25, [0] * 25]),
        lambda: gammon_go.match_from_id("nope"),
        lambda: gammon_go.match_id(cube=3),
        lambda: gammon_go.match_id(on_roll=2),
        lambda: gammon_go.legal_plays(START, 0, 3),
        lambda: gammon_go.legal_plays("bad", 1, 3),
        lambda: gammon_go.evaluate([START, "bad"]),
        lambda: gammon_go.evaluate(START, plies=3),
        lambda: engine.evaluate_cubeful(START, "bad match id"),
        lambda: gammon_go.rollout(START, trials=0),
        lambda: gammon_go.rollout(START, trials=10, plies=9),
        lambda: gammon_go.rollout("bad", trials=10),
        lambda: gammon_go.rollout(START, trials=10, max_se=float("nan")),
        lambda: gammon_go.bearoff("bad"),
    ):
        with pytest.raises(ValueError):
            call()
    with pytest.raises(TypeError):
        gammon_go.evaluate([1, 2])
    with pytest.raises(OverflowError):
        gammon_go.legal_plays(START, -1, 3)
