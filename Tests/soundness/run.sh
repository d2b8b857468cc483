#!/usr/bin/env bash
# The adversarial programs (see Package.swift): each runs 3 times in a release build, then once
# under ThreadSanitizer and once under AddressSanitizer (with LeakSanitizer). Any crash, report,
# wrong output or memory growth fails the run.
#
#   Tests/soundness/run.sh                          # against this checkout
#   NAVDOM_PATH=/path/to/other/navdom Tests/soundness/run.sh   # against another one
set -uo pipefail
cd "$(dirname "$0")"
programs=(DetachedRender ActorRenders KeptNodeAcrossThreads ListenerCapture BuildAnywhere KeptRowsAcrossRenders)
failures=0

run() {
  local label=$1
  shift
  if "$@"; then return 0; fi
  echo "soundness: $label FAILED (exit $?)"
  failures=$((failures + 1))
}

echo "== release"
swift build -c release --scratch-path .build-release || exit 1
for program in "${programs[@]}"; do
  for round in 1 2 3; do run "$program (release, run $round)" ".build-release/release/$program"; done
done

echo "== ThreadSanitizer"
swift build -c release --sanitize=thread --scratch-path .build-tsan || exit 1
for program in "${programs[@]}"; do
  run "$program (ThreadSanitizer)" env TSAN_OPTIONS=halt_on_error=1 SOUNDNESS_SANITIZER=thread ".build-tsan/release/$program"
done

echo "== AddressSanitizer"
swift build -c release --sanitize=address --scratch-path .build-asan || exit 1
for program in "${programs[@]}"; do
  run "$program (AddressSanitizer)" env ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 LSAN_OPTIONS=suppressions=$PWD/lsan.supp SOUNDNESS_SANITIZER=address ".build-asan/release/$program"
done

echo "soundness: $((${#programs[@]} * 5)) runs, $failures failed"
[ "$failures" -eq 0 ]
