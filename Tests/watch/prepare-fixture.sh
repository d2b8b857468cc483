#!/usr/bin/env bash
# Copies the watch fixture (Tests/watch/WatchFixture and its path dependency WatchGreeting) to
# .build/watch-fixture, pointing its navdom dependency at this repository, and builds it there:
# Tests/browser/test_watch_rebuild.py runs `serve --watch` on that copy and edits it, so the
# repository's sources are never touched, and the copy's own .build stays warm between runs
# (only files that differ are copied, so an unchanged source keeps its build). Prints the copy's
# path on its last line.
#
#   Tests/watch/prepare-fixture.sh          # the server's product (debug), as serve --watch builds it
#   Tests/watch/prepare-fixture.sh --wasm   # and the WebAssembly module, with the build-wasm plugin
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
copy=$repo/.build/watch-fixture
for package in WatchFixture WatchGreeting; do
  (cd "Tests/watch/$package" && find Package.swift Sources -type f) | while read -r file; do
    source=Tests/watch/$package/$file
    target=$copy/$package/$file
    mkdir -p "$(dirname "$target")"
    if [ "$file" = Package.swift ] && [ "$package" = WatchFixture ]; then
      sed "s|path: \"../../..\"|path: \"$repo\"|" "$source" > "$target.new"
    else
      cp "$source" "$target.new"
    fi
    # Only what differs, so the copy's build stays incremental.
    if cmp -s "$target.new" "$target"; then rm "$target.new"; else mv "$target.new" "$target"; fi
  done
done
(cd "$copy/WatchFixture" && swift build --product WatchFixture >&2)
if [ "${1:-}" = --wasm ]; then
  (cd "$copy/WatchFixture" && swift package --allow-writing-to-package-directory build-wasm \
    --product WatchFixtureWasm --output .build-wasm/WatchFixtureWasm.wasm >&2)
fi
echo "$copy/WatchFixture"
