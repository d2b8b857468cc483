#!/usr/bin/env bash
# The navdom-bench command: every benchmark prints its JSON lines and exits 0. Checks outputs,
# never times (the figures are not judged here).
#
#   NAVDOM_BENCH_BIN=Benchmarks/.build/debug/navdom-bench NAVDOM_BIN=.build/debug/navdom \
#     Benchmarks/Tests/cli/test_bench_cli.sh
#
# NAVDOM_BIN is the server `bench live` runs (the root package's navdom).
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
bench=${NAVDOM_BENCH_BIN:-$root/Benchmarks/.build/debug/navdom-bench}
NAVDOM_BIN=$(realpath "${NAVDOM_BIN:-$root/.build/debug/navdom}")
export NAVDOM_BIN
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

check() {  # name, expected status, expected stdout substring ('' = must be empty), expected stderr substring, command...
  local name=$1 status=$2 out=$3 err=$4
  shift 4
  "$@" >"$work/out" 2>"$work/err"
  local actual=$?
  local ok=1
  [ "$actual" -eq "$status" ] || ok=0
  if [ -z "$out" ]; then [ ! -s "$work/out" ] || ok=0; else grep -qF -- "$out" "$work/out" || ok=0; fi
  if [ -n "$err" ]; then grep -qF -- "$err" "$work/err" || ok=0; fi
  if [ $ok -eq 1 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name (status $actual, want $status)"
    echo "  stdout: $(head -c 300 "$work/out")"
    echo "  stderr: $(head -c 300 "$work/err")"
  fi
}

check "--help" 0 'usage: navdom-bench' '' "$bench" --help
check "no benchmark is bad usage" 2 'usage: navdom-bench' '' "$bench"
check "an unknown benchmark" 2 '' 'unknown benchmark' "$bench" frobnicate
check "bench render prints JSON" 0 '"bench":"render","rows":10' '' "$bench" render --rows 10 --iterations 1
check "bench diff prints every operation" 0 '"operation":"replaceAll"' '' "$bench" diff --rows 20 --iterations 1
check "bench diff-scaling sums up every operation" 0 '"bench":"diff-scaling-summary","operation":"replaceAll","rows":[20,40]' '' \
  "$bench" diff-scaling --rows 20 --factor 2 --rounds 1 --iterations 1
check "bench diff-scaling in one process sums up every operation" 0 '"bench":"diff-scaling-summary","operation":"replaceAll","rows":[20,40]' '' \
  "$bench" diff-scaling --rows 20 --factor 2 --rounds 1 --iterations 1 --in-process
# One process per operation: every operation's summary, each once, in order.
summaries=$("$bench" diff-scaling --rows 20 --factor 2 --rounds 1 --iterations 1 | grep -o '"diff-scaling-summary","operation":"[A-Za-z]*"' | cut -d'"' -f6 | tr '\n' ' ')
check "bench diff-scaling runs every operation once" 0 'unchanged swapRows removeOne updateEveryTenth select moveLastToFirst appendThousand clear replaceAll ' '' \
  echo "$summaries"

# Memory: 10,000 demo updates natively (after 1,000 of warm-up), in a process of their own so
# that no other test's allocations count, must leave the heap in use where the warm-up left it.
# A leak check, not a timing. The 64 KiB of slack is for what the run allocates once after the
# warm-up (a buffer reaching its largest size; about 0.6 KiB here); one block kept per update
# (at least 32 bytes in glibc's heap) would add 320 KB, five times the slack.
check "bench memory runs 10,000 demo updates" 0 '"bench":"memory-summary","updates":10000' '' "$bench" memory
heap_growth=$(grep -o '"heap_growth_bytes":-\{0,1\}[0-9]*' "$work/out" | cut -d: -f2)
check "bench memory: the heap stays flat over 10,000 demo updates (it grew ${heap_growth:-?} bytes)" 0 '' '' \
  test -n "$heap_growth" -a "${heap_growth:-0}" -le 65536

check "bench live prints a line per core set" 0 '"bench":"live"' '' "$bench" live --sessions 2 --seconds 1 --cores 0
check "bench live reports no errors" 0 '"errors":0' '' "$bench" live --sessions 2 --seconds 1 --cores 0
check "bench live reports the server's threads" 0 '"threads":' '' "$bench" live --sessions 2 --seconds 1 --cores 0
check "bench live reports the server's CPU per event" 0 '"server_us_per_event":' '' "$bench" live --sessions 2 --seconds 1 --cores 0
check "bench live reports the server's resident set" 0 '"rss_mb":' '' "$bench" live --sessions 2 --seconds 1 --cores 0
check "bench live's soak opens new sessions" 0 '"new_session_errors":0' '' "$bench" live --sessions 2 --seconds 1 --cores 0 --new-session-ms 100
check "bench live --rounds ends with the median of the rounds' ratios" 0 '"bench":"live-summary"' '' \
  "$bench" live --sessions 2 --seconds 1 --cores "0;0,1" --rounds 2
order=$(grep -o '"cpus":"[0-9,]*"' "$work/out" | cut -d'"' -f4 | tr '\n' ' ')
check "bench live --rounds reverses the core sets' order every other round (ran: $order)" 0 '' '' test "$order" = "0 0,1 0,1 0 "

echo "navdom-bench command line: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
