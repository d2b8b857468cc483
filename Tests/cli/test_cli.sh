#!/usr/bin/env bash
# The navdom command line as a user meets it: good input gives output on stdout and status 0;
# bad input gives a message on stderr naming what and where, status 1, and nothing on stdout.
#
#   NAVDOM_BIN=.build/debug/navdom Tests/cli/test_cli.sh
set -uo pipefail
navdom=${NAVDOM_BIN:-.build/debug/navdom}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/wait.sh"
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
check "render says which pattern came closest" 1 '' 'closest is "items/:id", whose segment "items" does not match "item"' \
  "$navdom" render --route /item/1
check "render names the canonical URL" 1 '' 'did you mean /items/1?' "$navdom" render --route /items/1/
check "render carries the deep link's title" 0 '<title>Pick a color for Keyboard</title>' '' "$navdom" render --route /items/1/edit/color
check "unknown command" 2 '' 'unknown command' "$navdom" frobnicate
for command in render diff serve random-cases; do
  check "$command --help" 0 'usage: navdom' '' "$navdom" "$command" --help
done
# The benchmarks are a package of their own (Benchmarks/, its Tests/cli/test_bench_cli.sh).
check "bench says where the benchmarks went" 2 '' 'navdom-bench' "$navdom" bench render
check "bench --help says where the benchmarks went" 0 'Benchmarks/' '' "$navdom" bench --help

# serve: the host names it answers. Started in the background on a free port; its first line
# says where it listens.
check "serve refuses a malformed --allowed-host" 2 '' '--allowed-host takes a host name' \
  "$navdom" serve --port 0 --allowed-host "bad/name"
# The files go first: the background shell truncates them only when it gets to run, and a loop
# that read them before that found the previous server's port (a run on a loaded machine then
# asked a server that had been stopped, and failed).
serve_in_background() {  # arguments...; sets server_pid and server_port
  rm -f "$work/serve.out" "$work/serve.err"
  "$navdom" serve --port 0 --quiet "$@" >"$work/serve.out" 2>"$work/serve.err" &
  server_pid=$!
  server_port=$(listening_port "$work/serve.out") || echo "serve_in_background: no port after 30 s (serve $*): $(cat "$work/serve.err")" >&2
}
status_for_host() {  # host [path] → HTTP status of GET path (default /), content type, body start
  python3 - "$server_port" "$1" "${2:-/}" <<'PY'
import http.client, sys
connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=5)
connection.request("GET", sys.argv[3], headers={"Host": sys.argv[2]})
response = connection.getresponse()
print(response.status, response.getheader("Content-Type"), response.read()[:300].decode("latin-1"))
PY
}
serve_in_background --allowed-host navdom.lan
check "serve answers an allowed host name" 0 '200 text/html' '' status_for_host navdom.lan:8080
check "serve answers localhost" 0 '200 ' '' status_for_host localhost
check "serve refuses another host name, saying how to allow it" 0 '403 ' '' status_for_host evil.example
check "the refusal names the flag" 0 '--allowed-host evil.example' '' status_for_host evil.example
kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null
serve_in_background --host 0.0.0.0
check "serve on every interface warns" 0 'reachable from the network' '' cat "$work/serve.err"
kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null

# An app whose public folder has no favicon.ico gets the library's (no 404 in the console).
mkdir -p "$work/empty-public"
serve_in_background --public "$work/empty-public"
check "serve answers /favicon.ico for a public folder without one" 0 '200 image/x-icon' '' status_for_host localhost /favicon.ico
kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null

# serve --wasm MODULE: a module that is not there, or not WebAssembly, is named with how to build it.
check "serve --wasm with a missing module says how to build it" 1 '' 'build-wasm --product' \
  "$navdom" serve --port 0 --wasm "$work/absent.wasm"
check "serve --wasm with a file that is not a module says so" 1 '' 'not a WebAssembly module' \
  "$navdom" serve --port 0 --wasm "$work/p.json"
check "serve --help shows --wasm [MODULE]" 0 '--wasm [MODULE]' '' "$navdom" serve --help

# Messages a user can act on (issue 27): each failure says what is wrong, names the running
# program (the user's app), never navdom's own scripts.
check "serve --port out of range says so" 2 '' '--port takes a port number from 1 to 65535' "$navdom" serve --port 99999
check "serve with a stray argument says so" 2 '' 'serve takes only options, not "extra"' "$navdom" serve extra
check "serve --latency with a bad delay says so" 2 '' '--latency takes a delay such as 300ms' "$navdom" serve --port 0 --latency soon
check "serve --help shows --latency" 0 '--latency D' '' "$navdom" serve --help
check "serve --redis with a URL that is not Redis's says so" 2 '' 'must start with redis://' "$navdom" serve --port 0 --redis http://127.0.0.1:6379
check "serve --redis at an address that does not answer says so" 1 '' 'cannot reach Redis at 127.0.0.1:1' "$navdom" serve --port 0 --redis redis://127.0.0.1:1
check "serve --demo with an unknown demo says so" 2 '' '--demo takes inventory or likes' "$navdom" serve --demo shop
check "serve --help shows --redis" 0 '--redis URL' '' "$navdom" serve --help
no_internal_scripts() {  # command...: fails if its output names navdom's Scripts/
  ! "$@" 2>&1 | grep -q 'Scripts/'
}
check "a missing module's advice names no navdom script" 0 '' '' no_internal_scripts "$navdom" serve --port 0 --wasm "$work/absent.wasm"
check "a file that is not a module gets advice about the module, not --output FILE" 1 '' 'pass the .wasm file the build-wasm plugin wrote' \
  "$navdom" serve --port 0 --wasm "$work/p.json"
check "a file that is not a module is not offered as an --output" 0 '' '' \
  sh -c "! '$navdom' serve --port 0 --wasm '$work/p.json' 2>&1 | grep -q -- '--output $work/p.json'"
# serve --wasm with no path: what the plugin writes by default (.build-wasm/PRODUCT.wasm).
mkdir -p "$work/app/.build-wasm"
check "serve --wasm with no module anywhere says where it looked" 1 '' 'looked for .build-wasm/navdom.wasm and .build-wasm/navdomWasm.wasm' \
  sh -c "cd '$work/app' && '$navdom' serve --port 0 --wasm"
printf '\0asm\1\0\0\0' >"$work/app/.build-wasm/InventoryWasm.wasm"
cd "$work/app"
serve_in_background --wasm --latency 10ms
cd - >/dev/null
check "serve --wasm finds the only module the plugin wrote" 0 'client-side' '' cat "$work/serve.out"
check "--latency with --wasm says where the delay goes instead" 0 'navdom.enableLatencySim' '' cat "$work/serve.err"
# Started from a folder without public/: its files are reported missing, with the reason.
check "a file asked for without a public folder is a 404" 0 '404 text/html' '' status_for_host localhost /app.css
check "the missing public folder is named on the page" 0 'no public folder at' '' status_for_host localhost /app.css
kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null
check "... and once on standard error" 0 'warning: /app.css was asked for, but no public folder at' '' cat "$work/serve.err"
printf '\0asm\1\0\0\0' >"$work/app/.build-wasm/Other.wasm"
check "serve --wasm with several modules asks for one" 1 '' 'there are several (InventoryWasm.wasm, Other.wasm)' \
  sh -c "cd '$work/app' && '$navdom' serve --port 0 --wasm"
# Stopping names the running program: an app's executable (here navdom's, under another name).
ln -s "$(cd "$(dirname "$navdom")" && pwd)/$(basename "$navdom")" "$work/Counter"
"$work/Counter" serve --port 0 >"$work/counter.out" 2>"$work/counter.err" &
counter_pid=$!
wait_for "$work/counter.out" 'serving' >/dev/null || echo "Counter: no 'serving' line after 30 s" >&2
kill -INT "$counter_pid"; wait "$counter_pid" 2>/dev/null
check "stopping names the app's executable" 0 'Counter: stopping (signal 2)' '' cat "$work/counter.err"
check "and not navdom" 0 '' '' sh -c "! grep -q 'navdom: stopping' '$work/counter.err'"

# The browser runtime's bundle, for a server that serves static files itself (nginx).
check "runtime on stdout" 0 'export{' '' "$navdom" runtime
check "runtime into a file" 0 '' '' "$navdom" runtime --output "$work/runtime.js"
check "runtime file is the bundle" 0 ' as navdom' '' cat "$work/runtime.js"
check "runtime refuses stray arguments" 2 '' 'runtime takes no arguments but --output FILE' "$navdom" runtime public
check "runtime names an unwritable file" 1 '' "$work/missing/runtime.js" "$navdom" runtime --output "$work/missing/runtime.js"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
