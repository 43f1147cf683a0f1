"""The Ray runner: the same figures as `gammon rollout` with the same seed and trials, and
resuming from its output file."""

import json
import os
import subprocess
from pathlib import Path

import pytest

import gammon_go
from gammon_go import ray_rollout

ray = pytest.importorskip("ray")

REPO = Path(__file__).resolve().parents[2]
POSITIONS = ["4HPwATDgc/ABMA", "2lzgATAsL/ABMA", "bp9JABD5FQTgIQ", "2nUmABI8GyAAew"]
TRIALS = 36
SEED = 5


def gammon_binary():
    path = Path(os.environ.get("GAMMON_BIN", REPO / "target" / "release" / "gammon"))
    if path.is_file():
        return path
    if os.environ.get("REQUIRE_REFERENCES") == "1":
        pytest.fail(f"gammon not found at {path} (build it with cargo build --release -p tools)")
    pytest.skip(f"gammon not found at {path}")


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def records(path):
    with open(path, encoding="utf-8") as f:
        return {r["position_id"]: r for r in map(json.loads, f)}


def test_read_positions(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("# comment\n\n4HPwATDgc/ABMA  opening\n4HPwATDgc/ABMA\n2lzgATAsL/ABMA # note\n")
    assert ray_rollout.read_positions(str(f)) == ["4HPwATDgc/ABMA", "2lzgATAsL/ABMA"]


def test_ray_runner_matches_gammon_rollout_and_resumes(tmp_path, cluster):
    out = tmp_path / "out.jsonl"
    counts = ray_rollout.run(POSITIONS[:3], TRIALS, str(out), seed=SEED, quiet=True)
    assert counts == {"done": 3, "skipped": 0}
    got = records(out)
    assert set(got) == set(POSITIONS[:3])
    for pid, rec in got.items():
        assert rec["trials"] == TRIALS and rec["seed"] == SEED
        assert rec["result"] == gammon_go.rollout(pid, trials=TRIALS, seed=SEED)
    gammon = gammon_binary()
    for pid in POSITIONS[:2]:
        cli = subprocess.run(
            [str(gammon), "rollout", pid, "--trials", str(TRIALS), "--seed", str(SEED), "--json"],
            check=True,
            capture_output=True,
            text=True,
        )
        assert json.loads(cli.stdout) == got[pid]["result"]
    # resuming: a torn last line is ignored, finished positions are skipped, the rest is done
    with open(out, "a", encoding="utf-8") as f:
        f.write('{"position_id": "2nUmABI8G')
    counts = ray_rollout.run(POSITIONS, TRIALS, str(out), seed=SEED, quiet=True)
    assert counts == {"done": 1, "skipped": 3}
    assert set(records_lenient(out)) == set(POSITIONS)
    # other settings are a different run
    counts = ray_rollout.run(POSITIONS[:1], TRIALS, str(out), seed=SEED + 1, quiet=True)
    assert counts == {"done": 1, "skipped": 0}


def records_lenient(path):
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue
            out[r["position_id"]] = r
    return out


def test_bad_position_fails_before_the_cluster(tmp_path):
    with pytest.raises(ValueError):
        ray_rollout.run(["not-an-id"], 10, str(tmp_path / "o.jsonl"), quiet=True)


def test_command_line(tmp_path, cluster):
    pos = tmp_path / "p.txt"
    pos.write_text("\n".join(POSITIONS[:2]) + "\n")
    out = tmp_path / "o.jsonl"
    rc = ray_rollout.main([str(pos), "--trials", "12", "--seed", "3", "--output", str(out), "--quiet"])
    assert rc == 0
    assert len(records(out)) == 2
    assert ray_rollout.main([str(tmp_path / "missing.txt"), "--trials", "12"]) == 1
    with pytest.raises(SystemExit):
        ray_rollout.main([str(pos), "--trials", "0"])
