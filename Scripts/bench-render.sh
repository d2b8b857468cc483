#!/usr/bin/env bash
# Build + render of the benchmark table: navdom against React 18's renderToString, in the same
# run, alternating which goes first, ROUNDS times (default 6). Prints each round's figures and
# ratio, then the median ratio. Needs the release build and Debian's node-react(-dom):
#
#   (cd Benchmarks && swift build -c release --product navdom-bench)
#   Scripts/bench-render.sh [ROWS]            # ROWS defaults to 10000; ROUNDS=10 for more rounds
set -euo pipefail
cd "$(dirname "$0")/.."

ROWS=${1:-10000}
ROUNDS=${ROUNDS:-6}
NAVDOM_BENCH=${NAVDOM_BENCH_BIN:-Benchmarks/.build/release/navdom-bench}
ANCHOR=Scripts/react/render-table.js
[ -x "$NAVDOM_BENCH" ] || { echo "bench-render: no $NAVDOM_BENCH (cd Benchmarks && swift build -c release --product navdom-bench)" >&2; exit 1; }

navdom() { "$NAVDOM_BENCH" render --rows "$ROWS" --iterations 20; }
react() { NODE_PATH=/usr/share/nodejs NODE_ENV=production node "$ANCHOR" "$ROWS" 20; }

ratios=()
for round in $(seq 1 "$ROUNDS"); do
  if [ $((round % 2)) -eq 1 ]; then ours=$(navdom); theirs=$(react); else theirs=$(react); ours=$(navdom); fi
  ratio=$(python3 -c 'import json,sys; a=json.loads(sys.argv[1]); b=json.loads(sys.argv[2]); print(round(b["ms_per_render"]/a["ms_per_render"], 2))' "$ours" "$theirs")
  ratios+=("$ratio")
  echo "round $round: navdom $ours"
  echo "round $round: react  $theirs"
  echo "round $round: react ms / navdom ms = $ratio"
done
python3 -c 'import statistics,sys; r=[float(x) for x in sys.argv[1:]]; print(f"median ratio over {len(r)} rounds: {round(statistics.median(r), 2)} (min {min(r)}, max {max(r)})")' "${ratios[@]}"
