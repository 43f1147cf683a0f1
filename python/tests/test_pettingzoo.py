"""The PettingZoo environment: PettingZoo's own API and seed tests, a max-cycles check, the
seed document's encodings (checked against an independent Python reading of the layout and the
Rust environment), rewards, rendering, wrappers, and bad input raising Python exceptions."""

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers

import gammon_go
from gammon_go.pettingzoo import backgammon_v0

START = "4HPwATDgc/ABMA"


def test_api_test_1000_cycles():
    api_test(backgammon_v0.env(), num_cycles=1000)


def test_api_test_raw_env():
    api_test(backgammon_v0.raw_env(), num_cycles=200)


def test_seed_test():
    seed_test(backgammon_v0.env, num_cycles=500)


def test_metadata_and_spaces():
    e = backgammon_v0.env()
    md = e.metadata
    assert md["name"] == "backgammon_v0"
    assert md["is_parallelizable"] is False
    assert md["render_fps"] > 0
    assert set(md["render_modes"]) == {"human", "ansi"}
    e.reset(seed=0)
    assert e.possible_agents == ["player_0", "player_1"]
    assert e.agents == ["player_0", "player_1"]
    for a in e.agents:
        assert e.action_space(a).n == 26**2 * 2 + 1 == 1353
        space = e.observation_space(a)
        assert space["observation"].shape == (198,)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (1353,)
        assert space["action_mask"].dtype == np.int8
        # the seed's maxima: 4th component 6.0, bar 7.5, others 1.0
        high = space["observation"].high
        assert high[3] == 6.0 and high[96] == 7.5 and high[97] == 1.0 and high[194] == 7.5 and high[196] == 1.0


def play_random(e, seed, rng):
    """Plays one game with random legal actions; returns the final cumulative rewards and steps."""
    e.reset(seed=seed)
    steps = 0
    final = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert list(legal) == info["legal_moves"]
        e.step(int(rng.choice(legal)))
        steps += 1
    return final, steps


def test_games_end_with_plus_one_minus_one():
    rng = np.random.default_rng(5)
    e = backgammon_v0.env()
    for seed in range(20):
        final, steps = play_random(e, seed, rng)
        assert sorted(final.values()) == [-1, 1], final
        assert steps > 10


def test_same_seed_same_game_and_reset_without_seed_goes_on():
    a, b = backgammon_v0.raw_env(), backgammon_v0.raw_env()
    a.reset(seed=3)
    b.reset(seed=3)
    assert np.array_equal(a.observe(a.agent_selection)["observation"], b.observe(b.agent_selection)["observation"])
    assert a._game.dice == b._game.dice
    games = set()
    for _ in range(10):
        a.reset()
        games.add((a._game.dice, a.agent_selection, a._game.colour_of(0)))
    assert len(games) > 1


def test_max_cycles_truncates():
    # the AEC half of pettingzoo.test.max_cycles_test: max_cycles cycles of two agent steps,
    # then one dead step per agent
    for max_cycles in (1, 4, 9):
        e = backgammon_v0.env(max_cycles=max_cycles)
        e.reset(seed=11)
        counts = {a: 0 for a in e.possible_agents}
        live_steps = 0
        for a in e.agent_iter():
            counts[a] += 1
            _, _, term, trunc, _ = e.last()
            if term or trunc:
                assert trunc and not term
                e.step(None)
            else:
                e.step(e.action_space(a).sample(e.observe(a)["action_mask"]))
                live_steps += 1
        assert live_steps == 2 * max_cycles
        # a double gives an agent two steps in a row, so only the total is fixed
        assert sum(counts.values()) == 2 * max_cycles + 2, counts
        assert e.agents == []


def expected_features(position_id, colour):
    """The seed document's layout computed independently from the board of the position ID."""
    board = gammon_go.board_from_id(position_id).astype(int)
    # gnubg order: row 1 is the player on roll
    white, black = (board[1], board[0]) if colour == "White" else (board[0], board[1])
    out = np.zeros(198)
    for base, own, point_at in ((0, white, lambda s: s), (98, black, lambda s: 25 - s)):
        for s in range(1, 25):
            n = own[point_at(s) - 1]
            out[base + 4 * (s - 1) : base + 4 * s] = [n >= 1, n >= 2, n >= 3, (n - 3) / 2 if n > 3 else 0]
        out[base + 96] = own[24] / 2.0
        out[base + 97] = (15 - own.sum()) / 15.0
    out[196:] = [1, 0] if colour == "White" else [0, 1]
    return out.astype(np.float32)


def test_observation_layout_over_random_games():
    e = backgammon_v0.raw_env()
    rng = random.Random(1)
    checked = 0
    for seed in range(15):
        e.reset(seed=seed)
        while not any(e.terminations.values()):
            agent = e.agent_selection
            idx = e.possible_agents.index(agent)
            colour = e._game.colour_of(idx)
            obs = e.observe(agent)
            want = expected_features(e._game.position_id(), colour)
            assert obs["observation"].dtype == np.float32
            assert np.array_equal(obs["observation"], want)
            # the same observation for the other agent; an all-zero mask for it
            other = e.observe(e.possible_agents[1 - idx])
            assert np.array_equal(other["observation"], want)
            assert not other["action_mask"].any()
            assert e.observation_space(agent)["observation"].contains(obs["observation"])
            e.step(rng.choice(e.infos[agent]["legal_moves"]))
            checked += 1
    assert checked > 500


def test_seed_document_worked_figures():
    # starting position, White to move: White's own 6 point (location 6) holds 5 chequers:
    # units 20..23 = 1, 1, 1, (5 - 3) / 2; White's 24 point (location 24) 2 chequers; Black's
    # 24 point is location 1 of Black's half (98..101); [1, 0] for White to move
    obs = gammon_go.Env.from_state(START, "White", (3, 1)).observe()
    assert list(obs[20:24]) == [1, 1, 1, 1.0]
    assert list(obs[92:96]) == [1, 1, 0, 0]
    assert list(obs[28:32]) == [1, 1, 1, 0]  # 3 on the 8 point
    assert list(obs[98:102]) == [1, 1, 0, 0]
    assert list(obs[98 + 72 : 98 + 76]) == [1, 1, 1, 1.0]  # Black's 6 point is location 19
    assert list(obs[196:]) == [1, 0]
    assert obs[96] == 0 and obs[97] == 0
    # 15 chequers on one point: (15 - 3) / 2 = 6; 3 on the bar: 1.5; 5 borne off: 5 / 15
    pid = gammon_go.id_from_board([[0] * 5 + [7] + [0] * 18 + [3], [15] + [0] * 24])
    obs = gammon_go.Env.from_state(pid, "Black", (2, 1)).observe()
    # Black (on roll) has 15 on its own 1 point = location 24; White has 7 on its 6 point, 3 on
    # the bar and 5 off
    assert list(obs[98 + 92 : 98 + 96]) == [1, 1, 1, 6.0]
    assert obs[96] == 1.5
    assert obs[97] == np.float32(5 / 15)
    assert list(obs[20:24]) == [1, 1, 1, 2.0]
    assert list(obs[196:]) == [0, 1]


def test_action_numbers_of_the_seed_table():
    # White's opening 3-1, 8/5 6/5: first source location 8 with the low roll (White's signed
    # rolls are -3 and -1, so the low roll is the 3), second source 6: 8 + 26 * 6
    white = gammon_go.Env.from_state(START, "White", (3, 1))
    assert 8 + 26 * 6 in white.legal_actions()
    # Black's 8 and 6 points are locations 17 and 19; Black's 3 is its high roll
    black = gammon_go.Env.from_state(START, "Black", (3, 1))
    assert 26**2 + 17 + 26 * 19 in black.legal_actions()
    # both give the same position (the 5 point made)
    white.step(8 + 26 * 6)
    black.step(26**2 + 17 + 26 * 19)
    assert white.position_id() == black.position_id()
    # decoded by the table: 164 < 676 uses the low roll first
    assert (164 % 26, 164 // 26) == (8, 6)


def test_do_nothing_when_no_move():
    # on the bar against a closed board: only "do nothing"
    pid = gammon_go.id_from_board([[2] * 6 + [0] * 19, [0] * 5 + [14] + [0] * 18 + [1]])
    env = gammon_go.Env.from_state(pid, "White", (6, 5))
    assert env.legal_actions() == [gammon_go.DO_NOTHING] == [2 * 26**2]
    env.step(gammon_go.DO_NOTHING)
    assert env.current_agent == 1 and not env.terminated


def test_doubles_are_two_steps_of_the_same_agent():
    env = gammon_go.Env.from_state(START, "White", (6, 6), seed=4)
    assert env.current_agent == 0 and not env.second_step
    env.step(env.legal_actions()[0])
    assert env.current_agent == 0 and env.second_step and env.dice == (6, 6)
    env.step(env.legal_actions()[0])
    assert env.current_agent == 1


def test_illegal_action_raw_env_ends_game():
    e = backgammon_v0.raw_env()
    e.reset(seed=2)
    agent = e.agent_selection
    illegal = next(a for a in range(1353) if a not in e.infos[agent]["legal_moves"])
    e.step(illegal)
    other = e.possible_agents[1 - e.possible_agents.index(agent)]
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1 and e.rewards[other] == 0
    assert e._cumulative_rewards[agent] == -1


def test_illegal_action_wrapped_env_terminate_illegal_wrapper():
    e = backgammon_v0.env()
    e.reset(seed=2)
    agent = e.agent_selection
    legal = e.infos[agent]["legal_moves"]
    illegal = next(a for a in range(1353) if a not in legal)
    e.step(illegal)  # PettingZoo logs "Illegal move made" through its EnvLogger
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1
    assert sorted(e.rewards.values()) == [-1, 0]


def test_bad_input_raises_python_exceptions():
    raw = backgammon_v0.raw_env()
    raw.reset(seed=0)
    with pytest.raises(ValueError):
        raw.step(1353)
    with pytest.raises(ValueError):
        raw.step(-1)
    with pytest.raises(TypeError):
        raw.step(3.5)
    with pytest.raises(TypeError):
        raw.step("164")
    with pytest.raises(ValueError):
        raw.step(None)
    with pytest.raises(OverflowError):
        raw.step(2**70)
    # the state is unchanged by refused actions
    assert not any(raw.terminations.values())
    wrapped = backgammon_v0.env()
    wrapped.reset(seed=0)
    with pytest.raises(AssertionError):  # AssertOutOfBoundsWrapper
        wrapped.step(5000)
    fresh = backgammon_v0.env()
    with pytest.raises(Exception):  # OrderEnforcingWrapper: step before reset
        fresh.step(0)
    env = gammon_go.Env(0)
    with pytest.raises(ValueError):
        env.action_mask(2)
    with pytest.raises(ValueError):
        gammon_go.Env.from_state("not an id", "White", (3, 1))
    with pytest.raises(ValueError):
        gammon_go.Env.from_state(START, "Green", (3, 1))
    with pytest.raises(ValueError):
        gammon_go.Env.from_state(START, "White", (7, 1))
    with pytest.raises(ValueError):
        gammon_go.Env.from_state(START, "White", (3, 1), second_step=True)
    with pytest.raises(ValueError):
        backgammon_v0.raw_env(render_mode="rgb_array")


def test_step_after_game_over_raises_in_rust_env():
    env = gammon_go.Env(0)
    env.step(next(a for a in range(1353) if a not in env.legal_actions()))
    assert env.terminated
    with pytest.raises(RuntimeError):
        env.step(0)


def test_render_modes(capsys):
    e = backgammon_v0.env(render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert "to play" in text and "Position ID" in text
    h = backgammon_v0.env(render_mode="human")
    h.reset(seed=1)
    a = h.agent_selection
    h.step(h.infos[a]["legal_moves"][0])
    assert "Position ID" in capsys.readouterr().out
    e.close()
    h.close()


def test_standard_wrappers_are_those_of_classic_games():
    e = backgammon_v0.env()
    assert isinstance(e, wrappers.OrderEnforcingWrapper)
    assert isinstance(e.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(e.env.env, wrappers.TerminateIllegalWrapper)
    assert isinstance(e.unwrapped, backgammon_v0.raw_env)


def stock_env(**kwargs):
    """raw_env in PettingZoo's own wrapper classes (env() uses one-hop subclasses of them)."""
    e = backgammon_v0.raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


def trajectory(e, seed, rng, illegal_every=0):
    """Everything an agent loop sees, step by step."""
    e.reset(seed=seed)
    out = []
    for n, agent in enumerate(e.agent_iter()):
        obs, reward, term, trunc, info = e.last()
        out.append(
            (
                agent,
                obs["observation"].tobytes(),
                obs["action_mask"].tobytes(),
                reward,
                term,
                trunc,
                sorted(info.items()),
                sorted(e.rewards.items()),
                sorted(e.terminations.items()),
                sorted(e.truncations.items()),
                list(e.agents),
            )
        )
        if term or trunc:
            e.step(None)
            continue
        legal = info["legal_moves"]
        if illegal_every and n % illegal_every == illegal_every - 1:
            action = next(a for a in range(1353) if a not in legal)
        else:
            action = legal[rng.randrange(len(legal))]
        e.step(action)
    return out


def test_one_hop_wrappers_behave_as_pettingzoos():
    for seed in range(12):
        for illegal_every in (0, 37):
            a = trajectory(backgammon_v0.env(), seed, random.Random(seed), illegal_every)
            b = trajectory(stock_env(), seed, random.Random(seed), illegal_every)
            assert a == b
    for max_cycles in (1, 5):
        a = trajectory(backgammon_v0.env(max_cycles=max_cycles), 3, random.Random(3))
        b = trajectory(stock_env(max_cycles=max_cycles), 3, random.Random(3))
        assert a == b


def test_one_hop_wrappers_errors_are_pettingzoos():
    def outcome(f):
        try:
            return ("ok", f())
        except Exception as exc:  # the exception's type and text are the behaviour compared
            return (type(exc), str(exc))

    for name in ("agents", "rewards", "terminations", "truncations", "infos", "agent_selection", "num_agents"):
        ours, stock = backgammon_v0.env(), stock_env()
        got, want = outcome(lambda: getattr(ours, name)), outcome(lambda: getattr(stock, name))
        assert got == want and got[0] is AttributeError, (name, got, want)
    # before reset the raw environment's initial dicts are readable through both
    assert outcome(lambda: backgammon_v0.env()._cumulative_rewards) == outcome(lambda: stock_env()._cumulative_rewards)
    for action in (1353, -1, 2**70, 1.0, "1", np.int64(1353), np.int32(5000), True, None):
        ours, stock = backgammon_v0.env(), stock_env()
        ours.reset(seed=4)
        stock.reset(seed=4)
        got, want = outcome(lambda: ours.step(action)), outcome(lambda: stock.step(action))
        assert got == want, (action, got, want)
    # a legal action given as a numpy integer goes through the stock path
    ours, stock = backgammon_v0.env(), stock_env()
    ours.reset(seed=4)
    stock.reset(seed=4)
    a = np.int64(ours.infos[ours.agent_selection]["legal_moves"][0])
    ours.step(a)
    stock.step(a)
    assert ours.agent_selection == stock.agent_selection and ours.infos == stock.infos


def test_one_hop_attribute_set_on_a_wrapper_shadows_as_with_getattr():
    ours, stock = backgammon_v0.env(), stock_env()
    for e in (ours, stock):
        e.reset(seed=1)
        e.agent_selection = "someone"
        assert e.agent_selection == "someone"
        assert e.unwrapped.agent_selection in e.possible_agents
        del e.agent_selection
        assert e.agent_selection == e.unwrapped.agent_selection


def test_observations_and_infos_are_never_changed_afterwards():
    e = backgammon_v0.raw_env()
    e.reset(seed=8)
    agent = e.agent_selection
    first = e.observe(agent)
    again = e.observe(agent)
    assert first["observation"] is not again["observation"]
    assert first["action_mask"] is not again["action_mask"]
    kept = {k: v.copy() for k, v in first.items()}
    info = e.infos[agent]
    legal = list(info["legal_moves"])
    first["action_mask"][:] = 0  # the caller owns its arrays: changing them changes nothing else
    assert np.array_equal(e.observe(agent)["action_mask"], kept["action_mask"])
    for _ in range(6):
        a = e.agent_selection
        e.step(e.infos[a]["legal_moves"][0])
    assert np.array_equal(again["observation"], kept["observation"])
    assert info["legal_moves"] == legal


def test_fused_path_is_taken_and_left_as_pettingzoo_would():
    e = backgammon_v0.env()
    e.reset(seed=1)
    assert e._chain_now()[3] is e.unwrapped  # env()'s chain runs the fused methods
    e.env.env.observe = e.env.env.observe  # an attribute set on an inner wrapper: PettingZoo's methods
    assert e._chain_now()[3] is None
    del e.env.env.observe
    assert e._chain_now()[3] is e.unwrapped


def outcome(f):
    try:
        r = f()
    except Exception as exc:  # the exception's type and text are the behaviour compared
        return ("raised", type(exc), str(exc))
    if isinstance(r, tuple):  # last(): the observation's arrays by value
        r = tuple(sorted((k, v.tobytes()) for k, v in x.items()) if isinstance(x, dict) and "action_mask" in x else x for x in r)
    elif isinstance(r, dict) and "action_mask" in r:
        r = sorted((k, v.tobytes()) for k, v in r.items())
    return ("ok", r)


def snapshot(e):
    u = e.unwrapped
    ti = e.env.env
    return (
        u.agent_selection,
        sorted(u.rewards.items()),
        sorted(u._cumulative_rewards.items()),
        sorted(u.terminations.items()),
        sorted(u.truncations.items()),
        sorted((k, sorted(v.items())) for k, v in u.infos.items()),
        list(u.agents),
        e._has_updated,
        ti._terminated,
        ti._prev_obs is None,
        ti._prev_info,
    )


def test_fused_wrappers_match_pettingzoos_under_random_calls():
    # random sequences of AEC calls, legal and not, in and out of order, on env() and on raw_env
    # in PettingZoo's own classes: every result, error and state the same
    for seed in range(40):
        rng = random.Random(seed)
        ours, stock = backgammon_v0.env(max_cycles=rng.choice([None, 3, 30])), None
        stock = stock_env(max_cycles=ours.unwrapped.max_cycles)
        pair = (ours, stock)
        for e in pair:
            e.reset(seed=seed)
        iters = [iter(e.agent_iter()) for e in pair]
        for _ in range(200):
            op = rng.randrange(12)
            legal = ours.unwrapped.infos.get(ours.unwrapped.agent_selection, {}).get("legal_moves", [])
            if op <= 3:
                results = [outcome(e.last) for e in pair]
            elif op == 4:
                results = [outcome(lambda e=e: e.last(observe=False)) for e in pair]
            elif op == 5:
                agent = rng.choice(["player_0", "player_1"])
                results = [outcome(lambda e=e: e.observe(agent)) for e in pair]
            elif op == 6:
                results = [outcome(lambda it=it: next(it)) for it in iters]
            elif op == 7:
                # the caller owns the observation: clearing its mask makes the next action illegal
                # for PettingZoo's TerminateIllegalWrapper
                for e in pair:
                    prev = e.env.env._prev_obs
                    if isinstance(prev, dict):
                        prev["action_mask"][:] = 0
                results = [None, None]
            elif op == 8:
                action = rng.choice([None, 1353, -1, 2**64, np.int64(legal[0]) if legal else 0, 1352, 0])
                results = [outcome(lambda e=e: e.step(action)) for e in pair]
            elif op == 9 and rng.random() < 0.2:
                for e in pair:
                    e.reset(seed=seed + 1000)
                iters = [iter(e.agent_iter()) for e in pair]
                results = [None, None]
            else:
                action = legal[rng.randrange(len(legal))] if legal else None
                results = [outcome(lambda e=e: e.step(action)) for e in pair]
            assert results[0] == results[1], (seed, op, results)
            assert snapshot(ours) == snapshot(stock), (seed, op)


def test_fused_out_of_bounds_check_follows_a_changed_space():
    from gymnasium import spaces

    for change in ("replace", "n"):
        results = []
        for e in (backgammon_v0.env(), stock_env()):
            e.reset(seed=6)
            e.step(e.infos[e.agent_selection]["legal_moves"][0])  # the bounds are known now
            agent = e.agent_selection
            action = e.infos[agent]["legal_moves"][-1]
            if change == "replace":
                e.unwrapped.action_spaces[agent] = spaces.Discrete(10)
            else:
                e.unwrapped.action_spaces[agent].n = np.int64(10)
            e.last()
            results.append(outcome(lambda e=e: e.step(action)))
        assert results[0] == results[1] == ("raised", AssertionError, "action is not in action space")
