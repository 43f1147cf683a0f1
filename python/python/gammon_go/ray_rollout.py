"""Rollouts of a file of positions spread over a Ray cluster.

    python -m gammon_go.ray_rollout POSITIONS_FILE --trials N [--address ADDR] [--workers K]
                                    [--seed S] [--output FILE] [--plies P] [--truncate T]

``POSITIONS_FILE`` holds one gnubg position ID per line (the first field of the line; blank lines
and ``#`` comments are skipped). Each position is one Ray task: a seeded rollout in Rust, the same
figures as ``gammon rollout POSID --trials N --seed S --json`` (every position uses the seed ``S``,
as ``gammon rollout`` would with that seed). Without ``--address`` Ray starts a local cluster of
``--workers`` CPUs on this machine; with it, the tasks go to that cluster.

The output (``--output``, default ``POSITIONS_FILE.rollouts.jsonl``) gets one JSON line per
finished position, written as soon as it finishes: ``position_id``, ``trials``, ``seed``,
``plies``, ``truncate`` and ``result`` (``gammon rollout --json``'s object). A run that is
stopped can be started again with the same arguments: positions already in the output with the
same settings are skipped.

This module owns the scheduling and the file only; the rollouts are ``gammon_go.rollout``'s.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any, Dict, Iterable, List, Optional, Set, Tuple

from gammon_go import engine


def read_positions(path: str) -> List[str]:
    """The position IDs of a positions file, in order, duplicates kept once."""
    seen: Set[str] = set()
    out: List[str] = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            pid = text.split()[0]
            if pid not in seen:
                seen.add(pid)
                out.append(pid)
    return out


def settings_key(trials: int, seed: int, plies: int, truncate: Optional[int]) -> Tuple[int, int, int, Optional[int]]:
    return (trials, seed, plies, truncate)


def finished_positions(path: str, key: Tuple[int, int, int, Optional[int]]) -> Set[str]:
    """Positions already rolled out in ``path`` with the settings ``key`` (a torn last line, from
    a run that was killed while writing, is ignored)."""
    done: Set[str] = set()
    if not os.path.exists(path):
        return done
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue
            if settings_key(rec.get("trials"), rec.get("seed"), rec.get("plies"), rec.get("truncate")) == key:
                done.add(rec.get("position_id"))
    return done


def rollout_record(position_id: str, trials: int, seed: int, plies: int, truncate: Optional[int]) -> Dict[str, Any]:
    """One position's rollout as an output record (what each Ray task computes)."""
    result = engine.rollout(position_id, trials=trials, seed=seed, plies=plies, truncate=truncate)
    return {
        "position_id": position_id,
        "trials": trials,
        "seed": seed,
        "plies": plies,
        "truncate": truncate,
        "result": result,
    }


def _terminate_torn_line(path: str) -> None:
    """Ends the file with a newline if a killed run left half a line, so appends start clean."""
    if os.path.exists(path) and os.path.getsize(path) > 0:
        with open(path, "rb+") as f:
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")


def run(
    positions: Iterable[str],
    trials: int,
    output: str,
    seed: int = 1,
    plies: int = 0,
    truncate: Optional[int] = None,
    address: Optional[str] = None,
    workers: Optional[int] = None,
    threads_per_task: Optional[int] = None,
    quiet: bool = False,
) -> Dict[str, int]:
    """Rolls out every position not yet in ``output``; returns counts ``done`` and ``skipped``."""
    import ray

    key = settings_key(trials, seed, plies, truncate)
    todo_all = list(positions)
    done = finished_positions(output, key)
    todo = [p for p in todo_all if p not in done]
    # bad IDs fail here, before any cluster starts
    for pid in todo:
        engine.board_from_id(pid)
    counts = {"done": 0, "skipped": len(todo_all) - len(todo)}
    if not todo:
        return counts
    cpus = workers or os.cpu_count() or 1
    threads = threads_per_task or max(1, (os.cpu_count() or 1) // cpus)
    runtime_env = {"env_vars": {"RAYON_NUM_THREADS": str(threads)}}
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, runtime_env=runtime_env, log_to_driver=False)
        else:
            ray.init(num_cpus=cpus, include_dashboard=False, runtime_env=runtime_env, log_to_driver=False)
    try:
        task = ray.remote(num_cpus=1)(rollout_record)
        pending = [task.remote(pid, trials, seed, plies, truncate) for pid in todo]
        _terminate_torn_line(output)
        with open(output, "a", encoding="utf-8") as out:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    rec = ray.get(ref)
                    out.write(json.dumps(rec, sort_keys=True) + "\n")
                    out.flush()
                    counts["done"] += 1
                    if not quiet:
                        eq = rec["result"]["mean"]["equity"]
                        print(f"{rec['position_id']} {eq:+.6f} ({counts['done']}/{len(todo)})", file=sys.stderr)
    finally:
        if started_here:
            ray.shutdown()
    return counts


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m gammon_go.ray_rollout", description=__doc__.split("\n\n")[0])
    ap.add_argument("positions_file", help="one gnubg position ID per line")
    ap.add_argument("--trials", type=int, required=True, help="games per position (1 to 1000000)")
    ap.add_argument("--address", help="address of a running Ray cluster (default: start a local one)")
    ap.add_argument("--workers", type=int, help="CPUs of the local cluster (default: all)")
    ap.add_argument("--threads-per-task", type=int, help="Rust threads per rollout (default: CPUs / workers)")
    ap.add_argument("--seed", type=int, default=1, help="dice seed of every rollout, as gammon rollout --seed")
    ap.add_argument("--plies", type=int, default=0, help="chequer play depth, 0 to 4")
    ap.add_argument("--truncate", type=int, help="stop each game after N plies")
    ap.add_argument("--output", help="JSON lines output (default: POSITIONS_FILE.rollouts.jsonl)")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on standard error")
    args = ap.parse_args(argv)
    if not 1 <= args.trials <= 1_000_000:
        ap.error("--trials must be 1 to 1000000")
    if args.workers is not None and args.workers < 1:
        ap.error("--workers must be at least 1")
    output = args.output or args.positions_file + ".rollouts.jsonl"
    try:
        positions = read_positions(args.positions_file)
    except OSError as e:
        print(f"cannot read {args.positions_file}: {e}", file=sys.stderr)
        return 1
    start = time.perf_counter()
    try:
        counts = run(
            positions,
            args.trials,
            output,
            seed=args.seed,
            plies=args.plies,
            truncate=args.truncate,
            address=args.address,
            workers=args.workers,
            threads_per_task=args.threads_per_task,
            quiet=args.quiet,
        )
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - start
    print(
        f"{counts['done']} positions rolled out, {counts['skipped']} already in {output}, {elapsed:.1f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
