#!/usr/bin/env bash
# Builds navdom's four WebAssembly modules with the same command a user's app uses, the package's
# `build-wasm` plugin (Plugins/BuildWasm; docs/WASM.md), and checks their sizes:
# - .build-wasm/navdom.wasm: the demo app, run client-side (Sources/NavDOMWasm/main.swift
#   registers it; the exports are Sources/NavigationWasm);
# - .build-wasm/navdom-bench.wasm: the renderer and the diff on the benchmark table, for the
#   parity tests (exports: Benchmarks/Sources/NavDOMBenchWasm/BenchmarkExports.swift);
# - .build-wasm/navdom-check.wasm: the diff and random trees, for the property tests under
#   node (exports: Sources/NavDOMCheckWasm/CheckExports.swift);
# - .build-wasm/navdom-bench-app.wasm: js-framework-benchmark's table as an app, for the
#   browser benchmark (Benchmarks/Sources/NavDOMBenchAppWasm; Scripts/bench-wasm-dom.py).
# The two benchmark modules are products of the Benchmarks package (Benchmarks/Package.swift),
# built there with the same plugin, as a package depending on navdom builds its own; they land
# in this folder's .build-wasm like the others.
#
#   Scripts/build-wasm.sh
#
# Needs only the Swift toolchain (6.3+, which ships the embedded wasm32 stdlib) and, for the
# budgets below, Binaryen's wasm-opt (Scripts/test.sh installs it); downloads nothing. Prints
# each module's raw and gzip sizes and fails when one is over its budget.
set -euo pipefail

cd "$(dirname "$0")/.."

if command -v wasm-opt >/dev/null 2>&1; then HAS_WASM_OPT=1; else HAS_WASM_OPT=0; fi

# Builds product $1 into $2 with the plugin, from the package in $PACKAGE (default: this one).
build() {
  local out="$PWD/$2"
  (cd "${PACKAGE:-.}" && swift package --allow-writing-to-package-directory build-wasm --product "$1" --output "$out")
}

# Builds product $1 into $2, prints its sizes and checks them against budgets of $3 bytes raw
# and $4 bytes gzip -9.
module() {
  local product=$1 out=$2 budget=$3 gzip_budget=$4
  build "$product" "$out"
  local raw gzip
  raw=$(wc -c < "$out")
  gzip=$(gzip -9 -c "$out" | wc -c)
  echo "$out: $raw bytes raw, $gzip bytes gzip -9"
  # Reported here, failed at the end: both modules are built either way.
  if [ "$raw" -gt "$budget" ]; then
    echo "build-wasm: $out is $raw bytes, over the $budget-byte budget" >&2
    OVER=1
  fi
  if [ "$gzip" -gt "$gzip_budget" ]; then
    echo "build-wasm: $out is $gzip bytes gzipped, over the $gzip_budget-byte gzip budget" >&2
    OVER=1
  fi
}
OVER=0

# The size budgets (WASM_*_BUDGET override them for experiments):
# - navdom-bench.wasm, the renderer and the diff on the benchmark table: issue 2's limit,
#   at most 150 KiB stripped, and the "core without tricks" issue's 44 KiB gzip -9 (it is
#   92.3 KB, 39.3 KB gzip).
# - navdom.wasm, the demo running client-side: 210 KiB stripped and
#   90 KiB gzip -9. Issue 6 set 200 KiB / 80 KiB when the module was 193 KB / 81.2 KB; the
#   navigation work of 2026-11-25 (pattern routes and the demo's URLs through them, links,
#   the dialogs' top layer, presentation places, property-named case bindings, conditionals
#   that keep their siblings) brought it to 218.7 KB / 92.9 KB, measured function by function
#   against the build before (routes and URL parsing about 12 KB of code before wasm-opt, the
#   rest 0.5-3 KB each). The storage rewrite of the "core without tricks" issue is where it is
#   to shrink again (its goal: 70 KB gzip); until then a change that grows it must pay for
#   itself. Building it as any app is built (the build-wasm plugin, the apps registered by
#   main.swift) made it 220.5 KB / 93.8 KB; moving the benchmark table's app to a module of its
#   own (navdom-bench-app.wasm) brought it to 213.6 KB / 91.1 KB. The "core without tricks"
#   issue: names, keys and URL pieces compared by code points (DOMString.equal) instead of
#   String ==, which brings Unicode normalization, 209.4 KB / 88.7 KB (the renderer and diff
#   107.3 KB / 45.4 KB -> 94.5 KB / 40.0 KB); wasm-opt --flatten --rereloop before -Oz,
#   204.9 KB / 87.5 KB (92.3 KB / 39.3 KB). What is left of String == in navdom.wasm is the demo
#   model's synthesized Equatable (UIBinding.case(.importItems)): 12.7 KB / 4.9 KB, measured.
#   Trees in arenas instead of one heap block per element (2026-11-26): 212.1 KB / 91.3 KB, the
#   renderer and diff 97.9 KB / 42.3 KB. Measured function by function against the build before:
#   the diff and the serializer got smaller; the arena's own code is the growth (copying another
#   arena's subtree 2.6 KB, placing children 1.8 KB, appending a record 0.8 KB, growing buffers),
#   and the runtime's render now goes through its two arenas.
#   Issue 31 (compositions: state follows what is shown, refused dismissals, nested ids) grew it
#   to 215.2 KB / 93.4 KB; the demo's importItems binding in its extract form, which no longer
#   brings the enum's synthesized == (String comparison, Unicode normalization) into the module,
#   brought it to 203.4 KB / 88.4 KB.
#   Issue 26 (2026-11-26): one routes declaration for the whole navigation state (AppRoutes:
#   the URL of a state and the state of a URL, query parameters and their history rule,
#   presentations owning a segment, the canonical-URL rule), titles in replies, Back links, and
#   the demo's ?q= filter: 230.2 KB / 100.6 KB, then 226.5 KB / 99.1 KB with the closest-pattern
#   404 reasons left to native builds. Not yet measured function by function: the budget grows
#   to 228 KiB / 99 KiB until it is (the lead's call).
#   Issue 36 (events: key filters, debounce and throttle in listen patches, payloads with
#   modifiers and checked state, every matching listener run, focus as state, VisitorStorage
#   on localStorage through two imports), with main's routing of that day: 241.8 KB / 105.1 KB
#   against main's 222.5 KB (raw) built an hour before. Not yet measured function by function
#   (a suspect: `Patch.listen` carrying `EventOptions` makes every Patch copy larger): the
#   budget grows to 240 KiB / 104 KiB until it is (the lead's call).
# Without wasm-opt's pass the modules are 20-25% larger (measured), so there the budgets grow
# by a quarter: they still catch growth, though not the issues' limits.
if [ "$HAS_WASM_OPT" = 1 ]; then SLACK=100; else SLACK=125; fi
APP_BUDGET=245760 APP_GZIP_BUDGET=106496
module NavDOMWasm .build-wasm/navdom.wasm \
  "${WASM_SIZE_BUDGET:-$((APP_BUDGET * SLACK / 100))}" "${WASM_GZIP_BUDGET:-$((APP_GZIP_BUDGET * SLACK / 100))}"
PACKAGE=Benchmarks module NavDOMBenchWasm .build-wasm/navdom-bench.wasm \
  "${WASM_BENCH_SIZE_BUDGET:-$((153600 * SLACK / 100))}" "${WASM_BENCH_GZIP_BUDGET:-$((45056 * SLACK / 100))}"
# Modules for tests and benchmarks, so no budgets: the diff as the wasm build compiles it, for
# the property tests under node (Tests/wasm/diff-property.test.js), and js-framework-benchmark's
# table as an app, for the browser benchmark (Scripts/bench-wasm-dom.py).
build NavDOMCheckWasm .build-wasm/navdom-check.wasm
PACKAGE=Benchmarks build NavDOMBenchAppWasm .build-wasm/navdom-bench-app.wasm
exit "$OVER"
