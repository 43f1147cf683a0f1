#!/bin/sh
# Whole-genmove CPU time of a GTP engine on the positions of the genmove_phases bench (strategy.tst 6,
# 10, 12, 16, 17, 39, 45): for each, `loadsgf` then `reg_genmove` between two `cputime` calls (cputime as GNU
# Go answers it: the engine process's CPU seconds), one engine process per position so that no cache
# carries over. Prints the test, the move and the seconds.
#
#   sh go/benches/genmove_time.sh                                   # GNU Go 3.8, level 10 (its default)
#   sh go/benches/genmove_time.sh "target/release/go-gtp --engine classic"
#
# Run from the workspace root; the games are read from ../shared/gnugo/regression.
ENGINE=${1:-/usr/games/gnugo --mode gtp --level 10}
case "$ENGINE" in /*) ;; *) ENGINE="$PWD/$ENGINE" ;; esac
cd "$(dirname "$0")/../../../shared/gnugo/regression" || exit 1
for pos in "6 incident104.sgf 63 white" "10 incident108b.sgf 176 black" "12 incident108b.sgf 270 black" \
    "16 incident121.sgf 116 black" "17 incident165.sgf 108 black" \
    "39 nicklas/nicklas8.sgf 96 black" "45 strategy11.sgf 127 black"; do
    set -- $pos
    printf 'loadsgf games/%s %s\ncputime\nreg_genmove %s\ncputime\nquit\n' "$2" "$3" "$4" |
        $ENGINE 2>/dev/null | awk -v t="$1" -v f="$2 $3 $4" '
            /^=/ { n++; v[n] = $2 }
            END { printf "strategy.tst %s (%s): %s %.2f s\n", t, f, v[3], v[4] - v[2] }'
done
