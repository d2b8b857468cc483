#!/usr/bin/env bash
# Builds the portable modules with Embedded Swift into two WebAssembly modules (the string ABI
# is Sources/WasmABI/WasmABI.swift):
# - .build-wasm/navdom.wasm: the demo app and the benchmark app, run client-side
#   (exports: Sources/NavDOMWasm/AppExports.swift);
# - .build-wasm/navdom-bench.wasm: the renderer and the diff on the benchmark table, for the
#   parity tests (exports: Sources/NavDOMBenchWasm/BenchmarkExports.swift).
#
#   Scripts/build-wasm.sh
#
# Needs only the Swift toolchain (6.3+, which ships the embedded wasm32 stdlib); downloads
# nothing. Prints each module's raw and gzip sizes and fails when one is over its budget.
set -euo pipefail

cd "$(dirname "$0")/.."

SWIFTC=$(command -v swiftc) || { echo "build-wasm: swiftc not found on PATH" >&2; exit 1; }
TOOLCHAIN=$(dirname "$(dirname "$SWIFTC")")
EMBEDDED_LIB="$TOOLCHAIN/lib/swift/embedded/wasm32-unknown-none-wasm"
if [ ! -d "$EMBEDDED_LIB" ]; then
  echo "build-wasm: $EMBEDDED_LIB is missing; this toolchain has no Embedded Swift for wasm32" >&2
  exit 1
fi

SCRATCH=.build-wasm
# Size, not speed, is what these flags buy (measured on the benchmark exports):
# - full LTO lets the linker see every module at once: stdlib code specialised in several
#   modules is kept once, and what only one module called is inlined or dropped (-9%);
# - a negative inline-threshold keeps LTO's inliner to calls it must or that shrink the code
#   (-2% against inline-threshold=0 on navdom.wasm; any value below -50 measured the same).
build() {
  EMBEDDED_WASM="$TOOLCHAIN" swift build -c release --triple wasm32-unknown-none-wasm --product "$1" \
    --scratch-path "$SCRATCH" --experimental-lto-mode=full \
    -Xlinker -mllvm -Xlinker -inline-threshold=-50 "${@:2}"
}

# Builds product $1 into $2, optimises it, prints its sizes and checks them against budgets of
# $3 bytes raw and $4 bytes gzip -9.
module() {
  local product=$1 out=$2 budget=$3 gzip_budget=$4
  build "$product"
  local bin_dir built
  bin_dir=$(build "$product" --show-bin-path)
  built="$bin_dir/$product.wasm"
  [ -f "$built" ] || built="$bin_dir/$product"
  if [ ! -f "$built" ]; then
    echo "build-wasm: the build succeeded but $bin_dir holds no $product module" >&2
    exit 1
  fi
  cp "$built" "$out"
  # A WebAssembly module starts with "\0asm"; anything else means the link went wrong.
  if [ "$(head -c 4 "$out" | od -An -tx1 | tr -d ' \n')" != "0061736d" ]; then
    echo "build-wasm: $out is not a WebAssembly module" >&2
    exit 1
  fi
  # Binaryen's size optimiser (Debian's `binaryen`; Scripts/test.sh installs it): about -18%
  # raw on top of LTO. The stripped module has no target_features section, so the features
  # LLVM used are named here. --low-memory-unused (-1%) is sound because wasm-ld puts nothing
  # below address 1024 (the data starts there, the stack above it), so nothing reads it.
  if [ "$HAS_WASM_OPT" = 1 ]; then
    wasm-opt -Oz --converge --low-memory-unused --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
      --enable-nontrapping-float-to-int "$out" -o "$out.opt" && mv "$out.opt" "$out"
  fi
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

if command -v wasm-opt >/dev/null 2>&1; then
  HAS_WASM_OPT=1
else
  HAS_WASM_OPT=0
  echo "build-wasm: wasm-opt not found (apt-get install binaryen); the modules stay unoptimised" >&2
fi

# The size budgets (WASM_*_BUDGET override them for experiments):
# - navdom-bench.wasm, the renderer and the diff on the benchmark table: issue 2's limit,
#   at most 150 KiB stripped (it is about 107 KB, 44 KB gzip).
# - navdom.wasm, the demo and the benchmark app running client-side: 220 KiB stripped and
#   92 KiB gzip -9. Issue 6 set 200 KiB / 80 KiB when the module was 193 KB / 81.2 KB; the
#   navigation work of 2026-11-25 (pattern routes and the demo's URLs through them, links,
#   the dialogs' top layer, presentation places, property-named case bindings, conditionals
#   that keep their siblings) brought it to 218.7 KB / 92.9 KB, measured function by function
#   against the build before (routes and URL parsing about 12 KB of code before wasm-opt, the
#   rest 0.5-3 KB each). The storage rewrite of the "core without tricks" issue is where it is
#   to shrink again (its goal: 70 KB gzip); until then a change that grows it must pay for
#   itself.
# Without wasm-opt's pass the modules are 20-25% larger (measured), so there the budgets grow
# by a quarter: they still catch growth, though not the issues' limits.
if [ "$HAS_WASM_OPT" = 1 ]; then SLACK=100; else SLACK=125; fi
APP_BUDGET=225280 APP_GZIP_BUDGET=94208
module NavDOMWasm "$SCRATCH/navdom.wasm" \
  "${WASM_SIZE_BUDGET:-$((APP_BUDGET * SLACK / 100))}" "${WASM_GZIP_BUDGET:-$((APP_GZIP_BUDGET * SLACK / 100))}"
module NavDOMBenchWasm "$SCRATCH/navdom-bench.wasm" \
  "${WASM_BENCH_SIZE_BUDGET:-$((153600 * SLACK / 100))}" "${WASM_BENCH_GZIP_BUDGET:-$((81920 * SLACK / 100))}"
exit "$OVER"
