#!/bin/sh
# Instructions, data reads and L1 data read misses per trial of a bench scenario in one heap
# layout, counted by valgrind's cachegrind with its cache simulation (a 32 KB 8-way L1 data cache,
# as this machine's): two runs of bench/layoutTrials.mjs, of N1 and N2 trials, in one thread, and
# the difference divided by N2 - N1. Each run first allocates and keeps `pad` small typed arrays,
# which moves where the heap puts everything the scenario allocates after them: the misses depend
# on that layout (bench/README.md, the war engine), so compare builds over several pads. Start-up's
# misses vary by a few million between runs, so let the difference span 2,000,000 trials or more.
# Slow: about 4 minutes of CPU for the war engine at the defaults. layoutTrials.mjs is plain
# JavaScript that loads a dist/ directory given to it, so it measures older builds too. Usage:
#   bench/cacheMisses.sh <dist directory> <scenario> [N1] [N2] [pad]   (defaults: 200000 2200000 0)
set -eu
dist=$(cd "$1" && pwd)
scenario=$2
n1=${3:-200000}
n2=${4:-2200000}
pad=${5:-0}
here=$(cd "$(dirname "$0")" && pwd)
count() {
  valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=/dev/null \
    node --single-threaded "$here/layoutTrials.mjs" "$dist" "$scenario" "$1" "$pad" 2>&1 |
    awk '/I *refs:/{gsub(",",""); ir=$4} /D1  misses:/{gsub(",",""); d1r=$6} /D   refs:/{gsub(",",""); dr=$5; sub("\\(","",dr)} END{print ir, dr, d1r}'
}
a=$(count "$n1")
b=$(count "$n2")
echo "$a $b" | awk -v n="$((n2 - n1))" -v s="$scenario" -v p="$pad" \
  '{printf "%s, pad %s: %.0f instructions, %.0f data reads, %.2f L1 data read misses per trial (%d more trials)\n", s, p, ($4-$1)/n, ($5-$2)/n, ($6-$3)/n, n}'
