// swift-tools-version: 6.0
import PackageDescription

// A navdom app of its own, outside the library: it depends on the root package by path and uses
// only its public products. The dependency is named "navdom" on purpose (README.md says why).
//
// Nothing here is about WebAssembly: navdom's `build-wasm` plugin builds ContactsWasm with
// Embedded Swift and gives every flag on its command line (README.md, "In the browser").
let package = Package(
  name: "Contacts",
  products: [
    .library(name: "ContactsApp", targets: ["ContactsApp"]),
    .executable(name: "Contacts", targets: ["Contacts"]),
    .executable(name: "ContactsWasm", targets: ["ContactsWasm"]),
  ],
  dependencies: [
    .package(name: "navdom", path: "../.."),
  ],
  targets: [
    // Portable: no Foundation, no key paths, no existentials, so it builds with Embedded Swift.
    .target(
      name: "ContactsApp",
      dependencies: [
        .product(name: "NavigationCore", package: "navdom"),
        .product(name: "VirtualDOM", package: "navdom"),
      ]),
    // The server: `Contacts serve`, `Contacts render --route URL`.
    .executableTarget(
      name: "Contacts",
      dependencies: [
        "ContactsApp",
        .product(name: "LiveSessions", package: "navdom"),
        .product(name: "NavDOMCommandLine", package: "navdom"),
        .product(name: "HTMLRenderer", package: "navdom"),
        .product(name: "VirtualDOM", package: "navdom"),
      ]),
    // The same app client-side: the WebAssembly module `Contacts serve --wasm` hands out.
    .executableTarget(
      name: "ContactsWasm",
      dependencies: [
        "ContactsApp",
        .product(name: "NavigationWasm", package: "navdom"),
      ]),
    .testTarget(
      name: "ContactsAppTests",
      dependencies: [
        "ContactsApp",
        .product(name: "NavigationCore", package: "navdom"),
        .product(name: "NavigationTesting", package: "navdom"),
        .product(name: "VirtualDOM", package: "navdom"),
      ],
      // Snapshots are data, not sources.
      exclude: ["__Snapshots__"]),
  ]
)
