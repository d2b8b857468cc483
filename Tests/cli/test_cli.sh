#!/usr/bin/env bash
# The navdom command line as a user meets it: good input gives output on stdout and status 0;
# bad input gives a message on stderr naming what and where, status 1, and nothing on stdout.
#
#   NAVDOM_BIN=.build/debug/navdom Tests/cli/test_cli.sh
set -uo pipefail
navdom=${NAVDOM_BIN:-.build/debug/navdom}
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

printf '%s' '{"tag":"p","attrs":[["class","x"]],"children":[{"text":"Fish & chips"}]}' >"$work/p.json"
printf '%s' '{"tag":"ul","children":[{"tag":"li","key":"a","children":[{"text":"A"}]},{"tag":"li","key":"b","children":[{"text":"B"}]}]}' >"$work/old.json"
printf '%s' '{"tag":"ul","children":[{"tag":"li","key":"b","children":[{"text":"B"}]}]}' >"$work/new.json"
printf '%s' '{"tag":"p","children":[' >"$work/truncated.json"
printf '%s' '{"tag":"div","children":[{"tag":"bad tag"}]}' >"$work/badtag.json"
printf '%s' '{"tag":"p","attrs":[["on\"click","x"]]}' >"$work/badattr.json"
printf '%s' '{"tag":"script","children":[{"text":"a</SCRIPT>b"}]}' >"$work/script.json"
printf '%s' '{"tog":"p"}' >"$work/shape.json"
printf '%s' '{"tag":"div","children":[{"comment":"a-->b"}]}' >"$work/comment.json"

check "render a tree" 0 '<p class="x">Fish &amp; chips</p>' '' "$navdom" render "$work/p.json"
check "render from stdin" 0 '<p class="x">' '' sh -c "'$navdom' render - < '$work/p.json'"
check "render pretty document" 0 '<!DOCTYPE html>' '' "$navdom" render --pretty --document "$work/p.json"
check "invalid JSON says line and column" 1 '' 'line 1, column' "$navdom" render "$work/truncated.json"
check "invalid tag says where" 1 '' '$.children[0].tag' "$navdom" render "$work/badtag.json"
check "invalid attribute says where" 1 '' '$.attrs[0][0]' "$navdom" render "$work/badattr.json"
check "raw text closing its script" 1 '' '</script' "$navdom" render "$work/script.json"
check "unknown node shape" 1 '' 'unknown field "tog"' "$navdom" render "$work/shape.json"
check "comment ending early" 1 '' 'comment' "$navdom" render "$work/comment.json"
check "missing file" 1 '' 'cannot read' "$navdom" render "$work/nope.json"
check "diff as JSON" 0 '[{"op":"remove","id":2}]' '' "$navdom" diff "$work/old.json" "$work/new.json"
check "diff as text" 0 'remove #2 <li> "A"' '' "$navdom" diff --format text "$work/old.json" "$work/new.json"
check "diff with bad input" 1 '' 'badtag.json' "$navdom" diff "$work/old.json" "$work/badtag.json"
check "diff with a bad format" 2 '' '--format' "$navdom" diff --format xml "$work/old.json" "$work/new.json"
check "render a demo route" 0 'Pick a color' '' "$navdom" render --route /items/1/edit/color
check "render an unknown route" 1 '' 'no page at /nowhere' "$navdom" render --route /nowhere
check "unknown command" 2 '' 'unknown command' "$navdom" frobnicate
for command in render diff bench serve random-cases; do
  check "$command --help" 0 'usage: navdom' '' "$navdom" "$command" --help
done
check "bench render prints JSON" 0 '"bench":"render","rows":10' '' "$navdom" bench render --rows 10 --iterations 1
check "bench render uses the block cache" 0 '"allocator":"block-cache"' '' "$navdom" bench render --rows 200 --iterations 2
check "bench render without the block cache" 0 '"allocator":"glibc"' '' env NAVDOM_BLOCK_CACHE=off "$navdom" bench render --rows 200 --iterations 2
check "bench diff prints every operation" 0 '"operation":"replaceAll"' '' "$navdom" bench diff --rows 20 --iterations 1
check "bench diff-scaling sums up every operation" 0 '"bench":"diff-scaling-summary","operation":"replaceAll","rows":[20,40]' '' \
  "$navdom" bench diff-scaling --rows 20 --factor 2 --rounds 1 --iterations 1
check "bench diff-scaling in one process sums up every operation" 0 '"bench":"diff-scaling-summary","operation":"replaceAll","rows":[20,40]' '' \
  "$navdom" bench diff-scaling --rows 20 --factor 2 --rounds 1 --iterations 1 --in-process
# One process per operation: every operation's summary, each once, in order.
summaries=$("$navdom" bench diff-scaling --rows 20 --factor 2 --rounds 1 --iterations 1 | grep -o '"diff-scaling-summary","operation":"[A-Za-z]*"' | cut -d'"' -f6 | tr '\n' ' ')
check "bench diff-scaling runs every operation once" 0 'unchanged swapRows removeOne updateEveryTenth select moveLastToFirst appendThousand clear replaceAll ' '' \
  echo "$summaries"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
