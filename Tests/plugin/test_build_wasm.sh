#!/usr/bin/env bash
# The build-wasm plugin as a user's package meets it: a package that depends on navdom by path,
# with a wasm product whose app imports Foundation. The plugin must stop before building, with
# the file and line and what to do; a missing or unknown --product must list the products; an
# unknown argument must say which. (The plugin's successful path is the example app's module,
# built by the "example app to wasm" suite.)
#
#   Tests/plugin/test_build_wasm.sh
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

mkdir -p "$work/app/Sources/HelloApp" "$work/app/Sources/HelloWasm"
cat >"$work/app/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "Hello",
  products: [.executable(name: "HelloWasm", targets: ["HelloWasm"])],
  dependencies: [.package(name: "navdom", path: "$root")],
  targets: [
    .target(name: "HelloApp", dependencies: [.product(name: "NavigationCore", package: "navdom")]),
    .executableTarget(name: "HelloWasm", dependencies: ["HelloApp", .product(name: "NavigationWasm", package: "navdom")]),
  ])
SWIFT
cat >"$work/app/Sources/HelloApp/Greeting.swift" <<'SWIFT'
#if canImport(Foundation)
import Foundation  // inside #if: allowed
#endif
import NavigationCore
@preconcurrency import Foundation

public func greeting() -> String { "Hello" }
SWIFT
cat >"$work/app/Sources/HelloWasm/main.swift" <<'SWIFT'
import HelloApp
import NavigationWasm
SWIFT

check() {  # name, expected stderr+stdout substring, plugin arguments...
  local name=$1 expected=$2
  shift 2
  (cd "$work/app" && swift package --allow-writing-to-package-directory build-wasm "$@") >"$work/out" 2>&1
  local status=$?
  if [ "$status" -ne 0 ] && grep -qF -- "$expected" "$work/out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name (status $status; want non-zero and \"$expected\")"
    tail -n 15 "$work/out" | sed 's/^/  /'
  fi
}

check "an import of Foundation stops the build at its file and line" \
  "Sources/HelloApp/Greeting.swift:5: imports Foundation: there is no Foundation in Embedded Swift" --product HelloWasm
if grep -q "Greeting.swift:2:" "$work/out"; then
  failed=$((failed + 1)); echo "FAIL: an import under #if was reported"
else
  passed=$((passed + 1))
fi
if [ -d "$work/app/.build-wasm/wasm32-unknown-none-wasm" ]; then
  failed=$((failed + 1)); echo "FAIL: the refused product was built anyway"
else
  passed=$((passed + 1))
fi
check "no --product lists the executable products" "--product NAME (this package has: HelloWasm)"
check "an unknown product is named" "no executable product 'Nope' in Hello (it has: HelloWasm)" --product Nope
check "an unknown argument is named" "unknown argument '--fast'" --product HelloWasm --fast
check "--names-output given twice is refused" "--names-output is given more than once" \
  --product HelloWasm --names-output a.wasm --names-output b.wasm

echo "build-wasm plugin: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
