#!/usr/bin/env bash
# CI for the Python package gammon_go: a fresh virtual environment, the wheel built by maturin
# and installed from the wheel (not the source tree), an import check from outside the
# repository, then the pytest suite. Exits non-zero on any failure.
#
# `python/ci.sh --prepare-venv` only creates the venv and installs the packages (with GAMMON_GO_VENV, for
# a later run to use).
#
# Environment: PYTHON (default python3); GAMMON_GO_VENV to reuse a venv directory (default: a new
# temporary one, removed at the end); GAMMON_BIN for the `gammon` binary the Ray test compares
# with (default: target/release/gammon, built here if missing); REQUIRE_REFERENCES=1 makes a
# missing `gammon` fail that test instead of skipping it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
python="${PYTHON:-python3}"

if [[ -n "${GAMMON_GO_VENV:-}" ]]; then
    venv="$GAMMON_GO_VENV"
else
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    venv="$tmp/venv"
fi

# A venv prepared by `--prepare-venv` (which .ci/run starts in the background at the beginning: the
# downloads wait on the network, not the cores) is used as it is.
ready="$venv/.gammon-go-ready"
if [[ ! -f "$ready" ]]; then
    echo "== python venv $venv"
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet maturin pytest pettingzoo numpy gymnasium ray
    touch "$ready"
else
    echo "== python venv $venv (prepared)"
fi
if [[ "${1:-}" == "--prepare-venv" ]]; then
    exit 0
fi
# shellcheck disable=SC1091
source "$venv/bin/activate"
python -m pip list 2>/dev/null | grep -iE '^(maturin|pytest|pettingzoo|numpy|gymnasium|ray) ' || true

echo "== wheel"
dist="$venv/dist"
rm -rf "$dist"
# the workspace's own target directory: the Rust tests built the same crates already
(cd "$here" && maturin build --release --quiet --target-dir "$repo/target" --out "$dist")
python -m pip install --quiet --force-reinstall --no-deps "$dist"/gammon_go-*.whl
(cd / && python -c "import gammon_go, gammon_go.pettingzoo.backgammon_v0 as b; e = b.env(); e.reset(seed=1); print('import gammon_go ok:', gammon_go.__file__)")

if [[ -z "${GAMMON_BIN:-}" && ! -x "$repo/target/release/gammon" ]]; then
    echo "== gammon (for the Ray runner's comparison)"
    (cd "$repo" && cargo build --release --quiet -p tools --bin gammon)
fi
export GAMMON_BIN="${GAMMON_BIN:-$repo/target/release/gammon}"

echo "== pytest"
cd "$here"
python -m pytest -q -p no:cacheprovider tests
