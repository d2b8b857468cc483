// swift-tools-version: 6.0
import PackageDescription

// TodoMVC (https://todomvc.com) on navdom, as a user would build it: its own package, the root
// package by path, only its public products. The dependency is named "navdom" on purpose (the
// Contacts example's README.md says why).
let package = Package(
  name: "TodoMVC",
  products: [
    .library(name: "TodoMVCApp", targets: ["TodoMVCApp"]),
    .executable(name: "TodoMVC", targets: ["TodoMVC"]),
    .executable(name: "TodoMVCWasm", targets: ["TodoMVCWasm"]),
  ],
  dependencies: [
    .package(name: "navdom", path: "../.."),
  ],
  targets: [
    // Portable: no Foundation, no key paths, no existentials, so it builds with Embedded Swift.
    .target(
      name: "TodoMVCApp",
      dependencies: [
        .product(name: "NavigationCore", package: "navdom"),
        .product(name: "VirtualDOM", package: "navdom"),
      ]),
    // The server: `TodoMVC serve`, `TodoMVC render --route URL`.
    .executableTarget(
      name: "TodoMVC",
      dependencies: [
        "TodoMVCApp",
        .product(name: "LiveSessions", package: "navdom"),
        .product(name: "NavDOMCommandLine", package: "navdom"),
      ]),
    // The same app client-side: the WebAssembly module `TodoMVC serve --wasm` hands out.
    .executableTarget(
      name: "TodoMVCWasm",
      dependencies: [
        "TodoMVCApp",
        .product(name: "NavigationWasm", package: "navdom"),
      ]),
    .testTarget(
      name: "TodoMVCAppTests",
      dependencies: [
        "TodoMVCApp",
        .product(name: "NavigationCore", package: "navdom"),
        .product(name: "NavigationTesting", package: "navdom"),
        .product(name: "VirtualDOM", package: "navdom"),
      ],
      // Snapshots are data, not sources.
      exclude: ["__Snapshots__"]),
  ]
)
