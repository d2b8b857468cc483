#!/usr/bin/env bash
# `navdom new` round trip: scaffolds an app into .build-test/new/, then builds it, runs its
# tests, serves it and fetches a page and a note's page, and builds its WebAssembly module,
# as its README says.
#
#   NAVDOM_BIN=$(swift build --show-bin-path)/navdom Tests/cli/test_new.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
navdom=${NAVDOM_BIN:?set NAVDOM_BIN to the navdom executable}
work=.build-test/new
rm -rf "$work/Notebook"
mkdir -p "$work"

source "$root/Tests/cli/wait.sh"
fail() { echo "test_new: $*" >&2; exit 1; }

# Bad names and a folder in use are refused, writing nothing.
if "$navdom" new "9lives" --path "$work/bad" 2>"$work/err"; then fail "a name starting with a digit was accepted"; fi
grep -q "not a name for an app" "$work/err" || fail "the refusal does not say why: $(cat "$work/err")"
[ ! -e "$work/bad" ] || fail "a refused name wrote $work/bad"

"$navdom" new Notebook --path "$work/Notebook" --navdom "$root"
if "$navdom" new Notebook --path "$work/Notebook" 2>"$work/err"; then fail "an existing package was overwritten"; fi
for file in Package.swift README.md Sources/NotebookApp/NotebookModel.swift Sources/Notebook/main.swift \
  Sources/NotebookWasm/main.swift Tests/NotebookAppTests/NotebookAppTests.swift; do
  [ -f "$work/Notebook/$file" ] || fail "no $file"
done
grep -q "swift run Notebook serve" "$work/Notebook/README.md" || fail "the README does not say how to serve"

cd "$work/Notebook"
swift build
swift test  # the list's snapshot ships with the package: it passes as generated

# Serve it on a free port and fetch the list and a note's page.
"$(swift build --show-bin-path)/Notebook" serve --port 0 --quiet >serve.out 2>serve.err &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
port=$(listening_port serve.out) || fail "the server did not say its port: $(cat serve.out serve.err)"
python3 - "$port" <<'PY'
import http.client, sys
port = int(sys.argv[1])
def get(path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    return response.status, response.read().decode()
status, body = get("/")
assert status == 200 and '<a href="/notes/2" class="navigation-link">navdom</a>' in body, (status, body[:400])
status, body = get("/notes/2")
assert status == 200 and "<title>navdom</title>" in body, (status, body[:400])
status, _ = get("/notes/9")
assert status == 404, status
print("test_new: served / and /notes/2 (200) and /notes/9 (404)")
PY
kill $server
trap - EXIT

swift package --allow-writing-to-package-directory build-wasm --product NotebookWasm
[ -s .build-wasm/NotebookWasm.wasm ] || fail "no .build-wasm/NotebookWasm.wasm"
echo "test_new: generated, built, tested, served and built to wasm"
