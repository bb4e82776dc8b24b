#!/bin/sh
# Machine instructions per trial of a bench scenario, counted by valgrind's
# cachegrind: two runs of dist/bench/runTrials.js, of N1 and N2 trials, in one
# thread (node --single-threaded: no concurrent compiler or GC threads), and
# the difference divided by N2 - N1, so start-up and warm-up cancel out. They
# cancel only in part: node's start-up (about 2.3G instructions) varies by up to
# 30M between runs on a loaded machine, so the difference spans a million
# trials by default (200,000 trials varied the shooting scenario from 734 to
# 1,301); repeated counts then agree within about 1%.
# Needs valgrind and a build (npm run build). Usage:
#   bench/instructions.sh [scenario] [N1] [N2]    (defaults: assault 200000 1200000)
set -eu
scenario=${1:-assault}
n1=${2:-200000}
n2=${3:-1200000}
here=$(cd "$(dirname "$0")/.." && pwd)
count() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    node --single-threaded "$here/dist/bench/runTrials.js" "$scenario" "$1" 2>&1 |
    sed -n 's/.*I *refs: *//p' | tr -d ,
}
a=$(count "$n1")
b=$(count "$n2")
echo "$scenario: $(( (b - a) / (n2 - n1) )) instructions per trial ($n1 and $n2 trials)"
