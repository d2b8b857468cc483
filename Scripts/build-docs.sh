#!/usr/bin/env bash
# The API reference: a DocC site per product, built with the toolchain's own tools (no package
# needed): symbol graphs from the debug build (swift-symbolgraph-extract), then `docc convert`
# of each product's catalog (Sources/<Product>/<Product>.docc) with warnings as errors, so a
# broken symbol link fails. The articles in docs/ are added to the catalogs they belong to
# (copied at build time, so docs/ stays the one source).
#
#   Scripts/build-docs.sh            # builds .build-docs/<Product>/ (static sites)
#   Scripts/build-docs.sh --serve    # then serves them at http://127.0.0.1:8000/
set -euo pipefail
cd "$(dirname "$0")/.."

products=(VirtualDOM HTMLRenderer NavigationCore PageProtocol NavigationTesting VirtualDOMTesting LiveSessions PublishSubscribe NavDOMCommandLine StaticServe HTTPServerCore)
# Which product each article of docs/ belongs to.
declare -A articles=(
  [NavigationCore]="NAVIGATION.md COMPOSITIONS.md"
  [VirtualDOM]="PROTOCOL.md"
  [LiveSessions]="RUNTIME.md WASM.md"
  [PublishSubscribe]="DEPLOYMENT.md"
  [NavDOMCommandLine]="WATCH.md"
)

out=.build-docs
graphs=$out/symbol-graphs
rm -rf "$out"
mkdir -p "$graphs"
swift build
modules=$(swift build --show-bin-path)/Modules
# The C targets' module maps (SwiftPM writes them into the build folder) and the system
# libraries' own, for modules that import them.
c_modules=()
for map in "$(swift build --show-bin-path)"/*.build/module.modulemap; do c_modules+=(-Xcc "-fmodule-map-file=$map"); done
for map in Sources/*/module.modulemap; do c_modules+=(-I "$(dirname "$map")"); done
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')

for product in "${products[@]}"; do
  mkdir -p "$graphs/$product" "$out/catalogs"
  swift-symbolgraph-extract -module-name "$product" -I "$modules" -target "$triple" \
    -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols -output-dir "$graphs/$product" "${c_modules[@]}"
  catalog=$out/catalogs/$product.docc
  cp -R "Sources/$product/$product.docc" "$catalog"
  for article in ${articles[$product]:-}; do cp "docs/$article" "$catalog/"; done
  echo "== $product"
  docc convert "$catalog" --additional-symbol-graph-dir "$graphs/$product" \
    --output-path "$out/$product" --fallback-display-name "$product" \
    --fallback-bundle-identifier "org.navdom.$product" \
    --transform-for-static-hosting --hosting-base-path "$product" \
    --warnings-as-errors
done
echo "build-docs: ${#products[@]} sites in $out/"

if [ "${1:-}" = "--serve" ]; then
  echo "build-docs: serving $out at http://127.0.0.1:8000/<Product>/documentation/<product>/"
  cd "$out" && exec python3 -m http.server 8000 --bind 127.0.0.1
fi
