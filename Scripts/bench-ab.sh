#!/usr/bin/env bash
# A/B of two navdom-bench binaries (Benchmarks/) on the render benchmark: runs them alternately ROUNDS times (default
# 8) and prints, per binary, the median ms per render, build (build + free) and write, and the
# fastest render. On this shared VM a single run of each is noise; alternating medians are not.
#
#   cp Benchmarks/.build/release/navdom-bench /tmp/navdom-bench-before   # then change something and rebuild
#   Scripts/bench-ab.sh /tmp/navdom-bench-before Benchmarks/.build/release/navdom-bench [ROWS]
#
# (A navdom binary from before the benchmarks left the root package takes `bench render`:
# wrap it in a script that passes `bench "$@"`.)
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: Scripts/bench-ab.sh BINARY_A BINARY_B [ROWS]" >&2; exit 2; }
first=$1
second=$2
rows=${3:-10000}
rounds=${ROUNDS:-8}
for _ in $(seq 1 "$rounds"); do
  for binary in "$first" "$second"; do
    echo "$binary $("$binary" render --rows "$rows" --iterations 20)"
  done
done | python3 -c '
import json, statistics, sys
runs = {}
for line in sys.stdin:
    binary, figures = line.split(" ", 1)
    runs.setdefault(binary, []).append(json.loads(figures))
for binary, figures in runs.items():
    median = lambda key: statistics.median(f[key] for f in figures)
    fastest = min(f["ms_per_render"] for f in figures)
    print("%s: median render %.2f ms, build %.2f, write %.2f; fastest render %.2f ms"
          % (binary, median("ms_per_render"), median("ms_build"), median("ms_write"), fastest))
'
