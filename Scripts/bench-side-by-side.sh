#!/usr/bin/env bash
# Every figure of issue 38 (size, render, browser, diff, CPU, static files, live, edit loop) for
# two navdom builds side by side, in one session: each figure is taken for BEFORE and AFTER in
# turn (alternating where a section repeats), so both see the same machine and load.
#
#   Scripts/bench-side-by-side.sh BEFORE_DIR AFTER_DIR                 # every section, full settings
#   Scripts/bench-side-by-side.sh BEFORE_DIR AFTER_DIR render browser  # some, in the order given
#   QUICK=1 Scripts/bench-side-by-side.sh BEFORE_DIR AFTER_DIR         # smallest settings: a dry run
#
# BEFORE_DIR and AFTER_DIR are two clones of this repository, clean (git status empty), each built:
#   swift build -c release --product navdom
#   (cd Benchmarks && swift build -c release --product navdom-bench)
#   Scripts/build-wasm.sh
#   swift build --product navdom          # the debug build, for the watch section (it updates it)
# The benchmark scripts (bench-render.sh, react/render-table.js, bench-wasm-dom.py, bench-serve.sh,
# measure-watch.py) are taken from the checkout this script lives in, the newest, and run against
# each clone's binaries; measure-page-cpu.sh is each clone's own. This checkout is neither built
# nor edited (only RESULTS is written); the watch section edits a file in each clone and restores it.
#
# Sections (in `all`'s order) and the command behind each, per build:
#   sizes    raw and gzip -9 bytes of .build-wasm/navdom.wasm and .build-wasm/navdom-bench.wasm
#   render   NAVDOM_BENCH_BIN=<clone>/Benchmarks/.build/release/navdom-bench Scripts/bench-render.sh
#            (navdom against React 18's renderToString, 10,000 rows), and `cmp` of the two tables
#   browser  NAVDOM_BIN=<clone's navdom> PY Scripts/bench-wasm-dom.py --wasm-module
#            <clone>/.build-wasm/navdom-bench-app.wasm --public <a copy of clone/public, its
#            bench/common.js and bench/plain.html this checkout's> (wasm against plain JS)
#   diff     <clone>/Benchmarks: navdom-bench diff-scaling --rounds DIFF_ROUNDS, DIFF_REPEATS times
#   cpu      <clone>/Scripts/measure-page-cpu.sh <clone's navdom> (CPU per page at the session cap)
#   serve    NAVDOM_BIN=<AFTER's navdom> BASELINE=<BEFORE's navdom> Scripts/bench-serve.sh (wrk:
#            nginx, after and before in the same alternating rounds)
#   live     AFTER's navdom-bench live --cores "0;0,1" --rounds LIVE_ROUNDS --server <clone's navdom>
#            (events/s, 1 core and 2, alternating, and the median of the rounds' ratios)
#   watch    PY Scripts/measure-watch.py <clone's debug navdom> ... --wasm .build-wasm/watch/navdom.wasm:
#            `serve --watch` in the clone, edits Sources/DemoApp/InventoryView.swift, times save to
#            page, restores the file; last, since it builds
#
# Each command's raw output is appended to RESULTS/<section>.txt under the command as typed (its
# directory, time and load average); one line per figure goes to RESULTS/summary.txt, the builds'
# provenance to RESULTS/setup.txt. Refuses to run when a build is missing, a clone has uncommitted
# changes, or both are one directory; exits 1 when a command failed (summary.txt names it).
#
# Settings (environment; full values first, QUICK=1 values in brackets):
#   RENDER_ROUNDS 5 [1]   BROWSER_ROUNDS 20 [1]   BROWSER_WARMUPS 2 [0]
#   DIFF_ROUNDS 16 [1]    DIFF_REPEATS 2 [1]      CPU_REPEATS 3 [1]
#   SERVE_DURATION 5s [1s]   SERVE_ROUNDS 3 [1]   LIVE_SECONDS 8 [3]   LIVE_ROUNDS 4 [1]
#   WATCH_ROUNDS 2 [1]
#   RESULTS  .build/side-by-side/ in this checkout [.build/side-by-side/quick/]; files are appended to
#   PY       a Python with selenium (browser, watch); default this checkout's .venv/bin/python,
#            which Scripts/test.sh creates
# (Until 2026-12-01 DIFF_ROUNDS was 4, BROWSER_ROUNDS 10 and the live section one 20 s run per
# core set: the same binaries' worst diff ratio moved from 11.95 to 12.92 between repeats of 4
# rounds, the browser's paired figure from 1.025 to 1.061, and one live run per core set gave
# 1.45x, then 2.04x, minutes apart; 16 rounds of diffs take ~22 s a repeat.)
set -uo pipefail

SELF=$(cd "$(dirname "$0")/.." && pwd)
QUICK=${QUICK:-0}
if [ "$QUICK" = 1 ]; then q() { echo "$1"; }; else q() { echo "$2"; }; fi
RESULTS=${RESULTS:-$SELF/.build/side-by-side$(q /quick '')}
RENDER_ROUNDS=${RENDER_ROUNDS:-$(q 1 5)}
BROWSER_ROUNDS=${BROWSER_ROUNDS:-$(q 1 20)}
BROWSER_WARMUPS=${BROWSER_WARMUPS:-$(q 0 2)}
DIFF_ROUNDS=${DIFF_ROUNDS:-$(q 1 16)}
DIFF_REPEATS=${DIFF_REPEATS:-$(q 1 2)}
CPU_REPEATS=${CPU_REPEATS:-$(q 1 3)}
SERVE_DURATION=${SERVE_DURATION:-$(q 1s 5s)}
SERVE_ROUNDS=${SERVE_ROUNDS:-$(q 1 3)}
LIVE_SECONDS=${LIVE_SECONDS:-$(q 3 8)}
LIVE_ROUNDS=${LIVE_ROUNDS:-$(q 1 4)}
WATCH_ROUNDS=${WATCH_ROUNDS:-$(q 1 2)}
PY=${PY:-$SELF/.venv/bin/python}
BUILDS=(before after)
declare -A DIRS=()
FAILED=()
SECTIONS=(sizes render browser diff cpu serve live watch)
RELEASE_FILES=(.build/release/navdom Benchmarks/.build/release/navdom-bench .build-wasm/navdom.wasm
  .build-wasm/navdom-bench.wasm .build-wasm/navdom-bench-app.wasm)

TMP=$(mktemp -d /tmp/navdom-side-by-side.XXXXXX)
# The release modules the watch section set aside, put back even when the run is interrupted.
RESTORE=""
restore_modules() {
  [ -n "$RESTORE" ] || return 0
  cp -p "${RESTORE%%|*}"/navdom*.wasm "${RESTORE#*|}"/.build-wasm/ && RESTORE=""
}
trap 'restore_modules; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM

stamp() { date -u +%FT%TZ; }
die() { echo "bench-side-by-side: $*" >&2; exit 1; }
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 2; }

# run SECTION LABEL DIR COMMAND...: appends the command (as typed, in DIR) and its output
# (stdout and stderr) to $RESULTS/SECTION.txt, shows it here too, and keeps the output in
# $OUT for the section's summary. Returns the command's exit status.
run() {
  local section=$1 label=$2 dir=$3; shift 3
  local file="$RESULTS/$section.txt"
  OUT="$TMP/out.$RANDOM$RANDOM"
  : > "$OUT"
  {
    echo
    echo "=== $label | $(stamp) | load average $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "\$ cd $dir && $(printf '%q ' "$@")"
  } | tee -a "$file"
  (cd "$dir" && "$@") 2>&1 | tee -a "$file" "$OUT"
  local status=${PIPESTATUS[0]}
  echo "=== exit status $status" | tee -a "$file"
  [ "$status" = 0 ] || FAILED+=("$section: $label (exit $status)")
  return "$status"
}

# summary SECTION TEXT: one line in summary.txt (and here).
summary() {
  local line; line="$(stamp) [$1] $2"
  echo "$line" >> "$RESULTS/summary.txt"
  echo "SUMMARY $line"
}

python_with_selenium() {
  [ -x "$PY" ] || die "no $PY: run Scripts/test.sh once (it creates .venv with selenium), or set PY to a Python with selenium"
  "$PY" -c 'import selenium' 2>/dev/null || die "$PY cannot import selenium (Scripts/test.sh installs it), or set PY"
}

# The builds' provenance in setup.txt.
provenance() {
  echo
  echo "=== $(stamp) bench-side-by-side.sh $* (QUICK=$QUICK) on $(uname -n), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "scripts from $SELF HEAD $(git -C "$SELF" log -1 --format='%h %ci %s' | cut -c1-100)"
  swift --version 2>&1 | head -1
  for b in "${BUILDS[@]}"; do
    local d=${DIRS[$b]}
    echo "$b: $d HEAD $(git -C "$d" log -1 --format='%h %ci %s' | cut -c1-100)"
    echo "  git status: $(git -C "$d" status --short | wc -l) changed files"
    for f in "${RELEASE_FILES[@]}" .build/debug/navdom; do
      if [ -e "$d/$f" ]; then echo "  $f $(stat -c '%s bytes, %y' "$d/$f")"; else echo "  $f MISSING"; fi
    done
  done
  echo "settings: RENDER_ROUNDS=$RENDER_ROUNDS BROWSER_ROUNDS=$BROWSER_ROUNDS BROWSER_WARMUPS=$BROWSER_WARMUPS DIFF_ROUNDS=$DIFF_ROUNDS DIFF_REPEATS=$DIFF_REPEATS CPU_REPEATS=$CPU_REPEATS SERVE_DURATION=$SERVE_DURATION SERVE_ROUNDS=$SERVE_ROUNDS LIVE_SECONDS=$LIVE_SECONDS LIVE_ROUNDS=$LIVE_ROUNDS WATCH_ROUNDS=$WATCH_ROUNDS PY=$PY"
}

# A refusal when a clone is missing, not clean, not built, or both are one directory.
check() {
  local ok=1
  [ "${DIRS[before]}" != "${DIRS[after]}" ] || { echo "bench-side-by-side: BEFORE and AFTER are one directory" >&2; ok=0; }
  for b in "${BUILDS[@]}"; do
    local d=${DIRS[$b]}
    [ -z "$(git -C "$d" status --short)" ] || { echo "bench-side-by-side: $d has uncommitted changes" >&2; ok=0; }
    for f in "${RELEASE_FILES[@]}"; do
      [ -f "$d/$f" ] || { echo "bench-side-by-side: missing $d/$f (see the header: Scripts/bench-side-by-side.sh)" >&2; ok=0; }
    done
  done
  [ "$ok" = 1 ] || exit 1
}

# --- module sizes --------------------------------------------------------------------------
section_sizes() {
  local line="module sizes, raw / gzip -9 bytes:"
  for m in navdom.wasm navdom-bench.wasm; do
    line+=" $m"
    for b in "${BUILDS[@]}"; do
      run sizes "$b $m" "${DIRS[$b]}" bash -c 'f=$1; echo "$f raw $(wc -c < "$f") gzip9 $(gzip -9 -c "$f" | wc -c) sha256 $(sha256sum < "$f" | cut -c1-16)"' _ ".build-wasm/$m"
      line+=" $b $(awk '{print $3 " / " $5}' "$OUT"),"
    done
  done
  summary sizes "${line%,}"
}

# --- server rendering against React ----------------------------------------------------------
section_render() {
  for b in "${BUILDS[@]}"; do
    local bench="${DIRS[$b]}/Benchmarks/.build/release/navdom-bench"
    run render "$b: byte identity, navdom-bench table-html vs React --print (10,000 rows)" "$SELF" bash -c \
      'cmp <("$1" table-html --rows 10000) <(NODE_PATH=/usr/share/nodejs NODE_ENV=production node Scripts/react/render-table.js 10000 1 --print) && echo "byte-identical"' _ "$bench"
    local same; same=$(grep -q '^byte-identical$' "$OUT" && echo byte-identical || echo NOT-byte-identical)
    run render "$b: render vs React" "$SELF" env NAVDOM_BENCH_BIN="$bench" ROUNDS="$RENDER_ROUNDS" Scripts/bench-render.sh
    local ratios navdom_ms build_ms
    ratios=$(grep -o 'react ms / navdom ms = [0-9.]*' "$OUT" | awk '{print $NF}' | paste -sd' ')
    navdom_ms=$(grep 'navdom {' "$OUT" | grep -o '"ms_per_render":[0-9.]*' | cut -d: -f2 | paste -sd' ')
    build_ms=$(grep 'navdom {' "$OUT" | grep -o '"ms_build":[0-9.]*' | cut -d: -f2 | paste -sd' ')
    summary render "$b: $(grep '^median ratio' "$OUT" || echo 'no median (failed)'); ratios $ratios; navdom ms/render $navdom_ms (of it build $build_ms); $same"
  done
}

# --- browser benchmark (js-framework-benchmark's operations) --------------------------------
section_browser() {
  for b in "${BUILDS[@]}"; do
    local d=${DIRS[$b]}
    # The clone's public files, its benchmark page (wasm.html) among them, with this checkout's
    # timing harness (common.js) and vanilla page: both builds timed by the same harness.
    local public="$TMP/public-$b"
    rm -rf "$public"
    cp -r "$d/public" "$public"
    cp "$SELF/public/bench/common.js" "$SELF/public/bench/plain.html" "$public/bench/"
    run browser "$b: bench-wasm-dom" "$SELF" env NAVDOM_BIN="$d/.build/release/navdom" "$PY" Scripts/bench-wasm-dom.py \
      --rounds "$BROWSER_ROUNDS" --warmups "$BROWSER_WARMUPS" \
      --wasm-module "$d/.build-wasm/navdom-bench-app.wasm" --public "$public"
    summary browser "$b: $(python3 - "$OUT" <<'PY'
import json, sys
ops, out = {}, {}
for line in open(sys.argv[1]):
    line = line.strip()
    if not line.startswith("{"):
        continue
    item = json.loads(line)
    if "operation" in item:
        ops[item["operation"]] = item
    else:
        out.update(item)
if "weighted_geomean" not in out:
    print("no result (failed)")
else:
    def r(op, kind): return ops[op][f"ratio_{kind}"] if op in ops else "?"
    print(f"weighted geomean to the paint {out['weighted_geomean']} (paired by round {out.get('weighted_geomean_paired')}), "
          f"to the forced layout {out.get('weighted_geomean_layout')} (paired {out.get('weighted_geomean_layout_paired')}); "
          f"create10k layout {r('create10k', 'layout')} (paint {r('create10k', 'paint')}), "
          f"clear layout {r('clear', 'layout')} (paint {r('clear', 'paint')}); rounds {next(iter(ops.values()))['rounds']}")
PY
)"
  done
}

# --- diff scaling ----------------------------------------------------------------------------
section_diff() {
  for repeat in $(seq 1 "$DIFF_REPEATS"); do
    for b in "${BUILDS[@]}"; do
      run diff "$b: diff-scaling, repeat $repeat" "${DIRS[$b]}/Benchmarks" .build/release/navdom-bench diff-scaling --rounds "$DIFF_ROUNDS"
      summary diff "$b repeat $repeat: $(python3 - "$OUT" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith('{"bench":"diff-scaling-summary"')]
if not rows:
    print("no summary lines (failed)")
else:
    worst = max(rows, key=lambda r: r["ratio_median"])
    print(f"max median ratio {worst['ratio_median']} ({worst['operation']}); "
          + ", ".join(f"{r['operation']} {r['ratio_median']}" for r in rows))
PY
)"
    done
  done
}

# --- CPU per live page -----------------------------------------------------------------------
section_cpu() {
  local -A figures=()
  for repeat in $(seq 1 "$CPU_REPEATS"); do
    for b in "${BUILDS[@]}"; do
      local d=${DIRS[$b]}
      run cpu "$b: page CPU, repeat $repeat" "$d" Scripts/measure-page-cpu.sh "$d/.build/release/navdom"
      local us; us=$(grep -o '[0-9]* us$' "$OUT" | cut -d' ' -f1)
      figures[$b]+="${us:-?} "
    done
  done
  summary cpu "server CPU per page at the session cap (us): before ${figures[before]}, after ${figures[after]}"
}

# --- static files against nginx --------------------------------------------------------------
section_serve() {
  run serve "after (StaticServe), nginx and before (baseline) in the same rounds" "$SELF" \
    env NAVDOM_BIN="${DIRS[after]}/.build/release/navdom" BASELINE="${DIRS[before]}/.build/release/navdom" \
    DURATION="$SERVE_DURATION" ROUNDS="$SERVE_ROUNDS" Scripts/bench-serve.sh
  summary serve "$(awk '/^navdom serve/ {a=$(NF-2)} /^nginx/ {n=$(NF-2)} /^baseline/ {b=$(NF-2)}
    /^ratio baseline/ {rb=$NF} /^ratio StaticServe/ {ra=$5}
    END {printf "requests/s (median of rounds): before %s (%s nginx), after %s (%s nginx), nginx %s", b, rb, a, ra, n}' "$OUT"); errors before $(awk '/^baseline/ {print $NF}' "$OUT"), after $(awk '/^navdom serve/ {print $NF}' "$OUT"), nginx $(awk '/^nginx/ {print $NF}' "$OUT")"
}

# --- live events, 1 core against 2 -----------------------------------------------------------
section_live() {
  for b in "${BUILDS[@]}"; do
    run live "$b server (after's navdom-bench)" "${DIRS[after]}/Benchmarks" .build/release/navdom-bench live \
      --seconds "$LIVE_SECONDS" --rounds "$LIVE_ROUNDS" --cores "0;0,1" --server "${DIRS[$b]}/.build/release/navdom"
    summary live "$b: $(python3 - "$OUT" <<'PY'
import json, sys
runs, summary = [], None
for l in open(sys.argv[1]):
    if l.startswith('{'):
        r = json.loads(l)
        if r.get("bench") == "live": runs.append(r)
        if r.get("bench") == "live-summary": summary = r
if summary:
    one = [r for r in runs if r["cores"] == 1]
    two = [r for r in runs if r["cores"] == 2]
    med = summary["events_per_s_median"]
    print(f"1 core {med[0]} events/s, 2 cores {med[1]} events/s (medians of {summary['rounds']} rounds of "
          f"{summary['seconds']} s), ratio {summary['ratio_median']}x (rounds: {', '.join(map(str, summary['ratios']))}); "
          f"p99 {max(r['p99_ms'] for r in one)} / {max(r['p99_ms'] for r in two)} ms at most; "
          f"errors {sum(r['errors'] for r in one)} / {sum(r['errors'] for r in two)}; "
          f"load generator {max(r['generator_cpu_share'] for r in one)} / {max(r['generator_cpu_share'] for r in two)} cores at most; "
          f"server CPU per event {' '.join(str(r.get('server_us_per_event', '?')) for r in one)} / "
          f"{' '.join(str(r.get('server_us_per_event', '?')) for r in two)} µs")
else:
    print("missing runs (failed)")
PY
)"
  done
}

# --- the wasm edit loop ----------------------------------------------------------------------
section_watch() {
  local source=Sources/DemoApp/InventoryView.swift
  for b in "${BUILDS[@]}"; do
    local d=${DIRS[$b]}
    git -C "$d" diff --quiet -- "$source" || die "$d/$source has changes"
    # The watcher's own build, first: the debug navdom then matches the sources (an interrupted
    # run leaves it built from the edited file); a no-op when it does.
    run watch "$b: debug navdom up to date" "$d" nice -n 10 swift build --product navdom ||
      { summary watch "$b: skipped, swift build --product navdom failed"; continue; }
    # The watcher serves and rebuilds a module of its own, .build-wasm/watch/navdom.wasm (built
    # before the server starts when missing; the same name as the default, so the same product,
    # NavDOMWasm): by default it would write over .build-wasm/navdom.wasm, the release module the
    # sizes read, and an interrupted run can leave a build writing there after this script has
    # stopped. The release modules are also set aside and put back.
    local keep="$TMP/keep-$b"
    mkdir -p "$keep" "$d/.build-wasm/watch" && cp -p "$d"/.build-wasm/navdom*.wasm "$keep"/ && RESTORE="$keep|$d"
    run watch "$b: serve --watch --wasm, save to page" "$d" "$PY" "$SELF/Scripts/measure-watch.py" \
      "$d/.build/debug/navdom" "$d" "$source" "Add item" "Add an item" "$WATCH_ROUNDS" --wasm .build-wasm/watch/navdom.wasm
    restore_modules
    if ! git -C "$d" diff --quiet -- "$source"; then
      echo "bench-side-by-side: $d/$source was left changed; restoring it from git" >&2
      git -C "$d" checkout -- "$source"
    fi
    summary watch "$b: $(grep -o "round [0-9]*: .*" "$OUT" | sed 's/ after the save//' | paste -sd';' || echo 'no rounds (failed)')"
  done
}

# clone NAME DIR: the clone's absolute path in DIRS[NAME], or a refusal.
clone() {
  [ -d "$2" ] || die "$1: no directory $2"
  DIRS[$1]=$(cd "$2" && pwd)
  git -C "${DIRS[$1]}" rev-parse --is-inside-work-tree >/dev/null 2>&1 || die "$1: $2 is not a git clone"
}

main() {
  [ $# -ge 2 ] || usage
  clone before "$1"
  clone after "$2"
  shift 2
  local wanted=() args=("$@")
  [ $# -gt 0 ] || set -- all
  for arg in "$@"; do
    if [ "$arg" = all ]; then wanted+=("${SECTIONS[@]}"); continue; fi
    [[ " ${SECTIONS[*]} " == *" $arg "* ]] || die "no section '$arg' (sections: ${SECTIONS[*]}, all)"
    wanted+=("$arg")
  done
  [[ " ${wanted[*]} " != *" browser "* && " ${wanted[*]} " != *" watch "* ]] || python_with_selenium
  check
  mkdir -p "$RESULTS" || die "cannot create $RESULTS"
  provenance "${DIRS[before]}" "${DIRS[after]}" "${args[@]}" | tee -a "$RESULTS/setup.txt"
  summary run "bench-side-by-side.sh ${DIRS[before]} ${DIRS[after]} ${wanted[*]} (QUICK=$QUICK) started"
  for section in "${wanted[@]}"; do
    local started=$SECONDS
    echo "##### $section ($(stamp))"
    "section_$section"
    echo "##### $section took $((SECONDS - started)) s"
    echo "$(stamp) [$section] took $((SECONDS - started)) s" >> "$RESULTS/durations.txt"
  done
  if [ ${#FAILED[@]} -eq 0 ]; then
    summary run "finished, every command exited 0 (results in $RESULTS)"
  else
    summary run "finished; commands that failed: $(printf '%s; ' "${FAILED[@]}")"
    exit 1
  fi
}

main "$@"
