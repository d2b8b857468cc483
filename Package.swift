// swift-tools-version: 6.0
import PackageDescription

// No package dependencies: the toolchain only.
//
// `EMBEDDED_WASM=<toolchain>` switches the portable modules to Embedded Swift for
// `wasm32-unknown-none-wasm` (see Scripts/build-wasm.sh); the native targets are left out then.
let embeddedToolchain = Context.environment["EMBEDDED_WASM"]
let isEmbedded = embeddedToolchain != nil

let embeddedSwiftSettings: [SwiftSetting] = (isEmbedded
  ? [
    .enableExperimentalFeature("Embedded"),
    .enableExperimentalFeature("Extern"),
    .unsafeFlags(["-wmo", "-Osize", "-Xfrontend", "-disable-stack-protector"]),
  ]
  : [])

var targets: [Target] = [
  .target(name: "VirtualDOM", swiftSettings: embeddedSwiftSettings),
  .target(name: "HTMLRenderer", dependencies: ["VirtualDOM"], swiftSettings: embeddedSwiftSettings),
  .target(name: "BenchmarkTable", dependencies: ["VirtualDOM"], swiftSettings: embeddedSwiftSettings),
  .target(name: "RandomTrees", dependencies: ["VirtualDOM"], swiftSettings: embeddedSwiftSettings),
  .target(
    name: "NavigationCore", dependencies: ["VirtualDOM", "HTMLRenderer"],
    swiftSettings: embeddedSwiftSettings),
  .target(name: "DemoApp", dependencies: ["NavigationCore", "VirtualDOM"], swiftSettings: embeddedSwiftSettings),
]

var products: [Product] = [
  .library(name: "VirtualDOM", targets: ["VirtualDOM"]),
  .library(name: "HTMLRenderer", targets: ["HTMLRenderer"]),
  .library(name: "NavigationCore", targets: ["NavigationCore"]),
]

if let toolchain = embeddedToolchain {
  // Both modules link the same way: no libc but WasmLibc, no entry point, unused code dropped.
  let wasmLinkerSettings: [LinkerSetting] = [
    .unsafeFlags([
      "-Xclang-linker", "-nostdlib",
      "-Xlinker", "--no-entry", "-Xlinker", "--gc-sections", "-Xlinker", "--strip-all",
      "-L\(toolchain)/lib/swift/embedded/wasm32-unknown-none-wasm",
      "-lswiftUnicodeDataTables",
    ])
  ]
  let wasmExecutableSettings = embeddedSwiftSettings + [.unsafeFlags(["-parse-as-library"])]
  targets += [
    .target(name: "WasmLibc", path: "Sources/WasmLibc"),
    .target(name: "WasmABI", dependencies: ["WasmLibc"], swiftSettings: embeddedSwiftSettings),
    // The demo app and the benchmark app, run client-side (navdom.wasm).
    .executableTarget(
      name: "NavDOMWasm",
      dependencies: ["VirtualDOM", "HTMLRenderer", "NavigationCore", "BenchmarkTable", "DemoApp", "WasmABI"],
      swiftSettings: wasmExecutableSettings, linkerSettings: wasmLinkerSettings),
    // The renderer and the diff alone, on the benchmark table (navdom-bench.wasm).
    .executableTarget(
      name: "NavDOMBenchWasm",
      dependencies: ["VirtualDOM", "HTMLRenderer", "BenchmarkTable", "WasmABI"],
      swiftSettings: wasmExecutableSettings, linkerSettings: wasmLinkerSettings),
  ]
  products += [
    .executable(name: "NavDOMWasm", targets: ["NavDOMWasm"]),
    .executable(name: "NavDOMBenchWasm", targets: ["NavDOMBenchWasm"]),
  ]
} else {
  targets += [
    .target(name: "StaticServe", dependencies: ["NavDOMZlib"]),
    .target(name: "NavigationTesting", dependencies: ["NavigationCore", "HTMLRenderer", "VirtualDOM"]),
    .systemLibrary(name: "NavDOMMalloc", path: "Sources/NavDOMMalloc"),
    // navdom's own malloc and free in front of glibc's (see BlockCache.c); only the
    // executable links it.
    .target(name: "BlockCache"),
    .systemLibrary(name: "NavDOMZlib", path: "Sources/NavDOMZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // Resources/runtime.js is the browser runtime the server hands out (public/runtime.js
    // links to it, for nginx and the jsdom tests).
    .target(
      name: "LiveSessions", dependencies: ["StaticServe", "NavigationCore", "HTMLRenderer", "VirtualDOM", "NavDOMZlib"],
      resources: [.copy("Resources/runtime.js")]),
    .executableTarget(
      name: "navdom",
      dependencies: [
        "VirtualDOM", "HTMLRenderer", "NavigationCore", "StaticServe", "BenchmarkTable", "RandomTrees", "LiveSessions",
        "DemoApp", "NavDOMMalloc", "BlockCache",
      ]),
    .testTarget(
      name: "VirtualDOMTests", dependencies: ["VirtualDOM", "HTMLRenderer", "BenchmarkTable", "RandomTrees"]),
    .testTarget(
      name: "HTMLRendererTests", dependencies: ["HTMLRenderer", "VirtualDOM", "BenchmarkTable", "RandomTrees"]),
    .testTarget(name: "NavigationCoreTests", dependencies: ["NavigationCore", "VirtualDOM", "HTMLRenderer"]),
    .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
    .testTarget(name: "StaticServeTests", dependencies: ["StaticServe", "HTTPTestSupport"]),
    .testTarget(
      name: "LiveSessionsTests",
      dependencies: ["LiveSessions", "DemoApp", "NavigationCore", "StaticServe", "VirtualDOM", "HTTPTestSupport"]),
    .testTarget(
      name: "DemoAppTests", dependencies: ["DemoApp", "NavigationTesting", "NavigationCore", "VirtualDOM"],
      exclude: ["__Snapshots__"]),
  ]
  products += [
    .executable(name: "navdom", targets: ["navdom"]),
    .library(name: "NavigationTesting", targets: ["NavigationTesting"]),
    .library(name: "LiveSessions", targets: ["LiveSessions"]),
    .library(name: "StaticServe", targets: ["StaticServe"]),
  ]
}

let package = Package(
  name: "navdom",
  products: products,
  targets: targets,
  // Every target, the portable ones under Embedded Swift too, in Swift 6 language mode with
  // complete concurrency checking.
  swiftLanguageModes: [.v6]
)
