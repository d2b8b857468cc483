// swift-tools-version: 6.0
import PackageDescription

// The app Tests/browser/test_watch_rebuild.py runs under `serve --watch` with real rebuilds: one
// page, its text in FixtureApp/GreetingView.swift and in the WatchGreeting package, a path
// dependency like navdom itself. The test works on a copy under .build/watch-fixture (made by
// Tests/watch/prepare-fixture.sh, which points the navdom dependency at the repository), so its
// own .build stays warm and these sources are never edited.
let package = Package(
  name: "WatchFixture",
  dependencies: [
    .package(name: "navdom", path: "../../.."),
    .package(path: "../WatchGreeting"),
  ],
  targets: [
    // Portable (no Foundation), so the same page builds to WebAssembly for `serve --watch --wasm`.
    .target(
      name: "FixtureApp",
      dependencies: [
        .product(name: "NavigationCore", package: "navdom"),
        .product(name: "VirtualDOM", package: "navdom"),
        .product(name: "WatchGreeting", package: "WatchGreeting"),
      ]),
    .executableTarget(
      name: "WatchFixture",
      dependencies: [
        "FixtureApp", .product(name: "LiveSessions", package: "navdom"), .product(name: "NavDOMCommandLine", package: "navdom"),
      ]),
    .executableTarget(
      name: "WatchFixtureWasm",
      dependencies: ["FixtureApp", .product(name: "NavigationWasm", package: "navdom")]),
  ]
)
