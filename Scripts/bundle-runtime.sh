#!/usr/bin/env bash
# Bundles the browser runtime's ES modules (Sources/LiveSessions/Resources/runtime/, entry
# main.js) into the one module pages load as /runtime.js, with esbuild (Debian's `esbuild`
# package), minified. The bundle is committed (Sources/LiveSessions/Resources/runtime.js, a
# resource of LiveSessions): building navdom needs no bundler, and the server serves that file.
#
#   Scripts/bundle-runtime.sh          # writes the bundle again after a module changed
#   Scripts/bundle-runtime.sh --check  # fails unless the committed bundle is what esbuild makes now
set -euo pipefail
cd "$(dirname "$0")/.."

command -v esbuild >/dev/null 2>&1 || {
  echo "bundle-runtime.sh: esbuild is missing (apt-get install esbuild; Scripts/test.sh installs it)" >&2
  exit 1
}
resources=Sources/LiveSessions/Resources
bundle=$resources/runtime.js
make_bundle() {
  esbuild "$resources/runtime/main.js" --bundle --format=esm --minify --legal-comments=none \
    --log-level=warning --outfile="$1"
}

if [ "${1:-}" = "--check" ]; then
  fresh=$(mktemp -d)
  trap 'rm -rf "$fresh"' EXIT
  make_bundle "$fresh/runtime.js"
  if ! cmp -s "$fresh/runtime.js" "$bundle"; then
    echo "bundle-runtime.sh: $bundle is not what the modules bundle into now (esbuild $(esbuild --version)); run Scripts/bundle-runtime.sh and commit it" >&2
    exit 1
  fi
  echo "$bundle is fresh ($(wc -c <"$bundle") bytes, esbuild $(esbuild --version))"
else
  make_bundle "$bundle"
  echo "wrote $bundle ($(wc -c <"$bundle") bytes, esbuild $(esbuild --version))"
fi
