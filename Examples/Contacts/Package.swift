// swift-tools-version: 6.0
import PackageDescription

// A navdom app of its own, outside the library: it depends on the root package by path and uses
// only its public products. The dependency is named "navdom" on purpose (README.md says why).
//
// `EMBEDDED_WASM=<toolchain>` (as in the root package) builds only the portable ContactsApp, with
// Embedded Swift for wasm32-unknown-none-wasm; see README.md.
let isEmbedded = Context.environment["EMBEDDED_WASM"] != nil

let embeddedSettings: [SwiftSetting] = isEmbedded
  ? [
    .enableExperimentalFeature("Embedded"),
    .unsafeFlags(["-wmo", "-Osize", "-Xfrontend", "-disable-stack-protector"]),
  ]
  : []

var products: [Product] = [.library(name: "ContactsApp", targets: ["ContactsApp"])]
var targets: [Target] = [
  // Portable: no Foundation, no key paths, no existentials, so it builds with Embedded Swift.
  .target(
    name: "ContactsApp",
    dependencies: [
      .product(name: "NavigationCore", package: "navdom"),
      .product(name: "VirtualDOM", package: "navdom"),
    ],
    swiftSettings: embeddedSettings),
]

if !isEmbedded {
  products += [.executable(name: "Contacts", targets: ["Contacts"])]
  targets += [
    .executableTarget(
      name: "Contacts",
      dependencies: [
        "ContactsApp",
        .product(name: "LiveSessions", package: "navdom"),
        .product(name: "HTMLRenderer", package: "navdom"),
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
}

let package = Package(
  name: "Contacts",
  products: products,
  dependencies: [
    .package(name: "navdom", path: "../.."),
  ],
  targets: targets
)
