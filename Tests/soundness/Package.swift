// swift-tools-version: 6.0
import PackageDescription

// Adversarial programs against navdom's public API: each executable is a `main.swift` an
// ordinary user could write in Swift 6 mode (no `unsafe`, `@unchecked`, `nonisolated(unsafe)`
// or `@preconcurrency`), and each must run without a crash, a sanitizer report or unbounded
// memory, and print correct output. `run.sh` runs them in release builds and under
// ThreadSanitizer and AddressSanitizer; Scripts/test.sh calls it.
//
// NAVDOM_PATH points at another checkout of navdom (say, one with an older storage) to run the
// same programs against it; by default it is this repository.
let navdomPath = Context.environment["NAVDOM_PATH"] ?? "../.."

let programs = [
  "DetachedRender", "ActorRenders", "KeptNodeAcrossThreads", "ListenerCapture", "BuildAnywhere", "KeptRowsAcrossRenders",
]

let package = Package(
  name: "soundness",
  dependencies: [.package(name: "navdom", path: navdomPath)],
  targets: [
    .target(
      name: "SoundnessSupport",
      dependencies: [
        .product(name: "VirtualDOM", package: "navdom"), .product(name: "HTMLRenderer", package: "navdom"),
      ]),
  ]
    + programs.map { name in
      .executableTarget(
        name: name,
        dependencies: [
          "SoundnessSupport",
          .product(name: "VirtualDOM", package: "navdom"), .product(name: "HTMLRenderer", package: "navdom"),
          .product(name: "NavigationCore", package: "navdom"),
          .product(name: "NavigationTesting", package: "navdom"),
        ])
    },
  swiftLanguageModes: [.v6]
)
