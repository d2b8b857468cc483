// swift-tools-version: 6.0
import PackageDescription

// navdom's benchmarks, apart from what users link: the navdom-bench command (render, diff,
// diff-scaling, payload, live, memory), js-framework-benchmark's table, the heap-info shim and
// the two benchmark WebAssembly modules. It depends on the root package by path, through its
// public products only, as an app would (README.md, "Benchmarks").
//
// Scripts/build-wasm.sh builds the wasm modules from here with navdom's `build-wasm` plugin:
//   swift package --allow-writing-to-package-directory build-wasm --product NavDOMBenchWasm
let package = Package(
  name: "navdom-benchmarks",
  products: [
    .executable(name: "navdom-bench", targets: ["navdom-bench"]),
    .executable(name: "NavDOMBenchWasm", targets: ["NavDOMBenchWasm"]),
    .executable(name: "NavDOMBenchAppWasm", targets: ["NavDOMBenchAppWasm"]),
  ],
  dependencies: [
    .package(name: "navdom", path: ".."),
  ],
  targets: [
    // js-framework-benchmark's rows, table and nine operations. Portable: it builds with
    // Embedded Swift for the wasm modules too.
    .target(name: "BenchmarkTable", dependencies: [.product(name: "VirtualDOM", package: "navdom")]),
    // glibc's mallinfo2(), for `navdom-bench memory` (heap bytes in use).
    .systemLibrary(name: "NavDOMHeapInfo", path: "Sources/NavDOMHeapInfo"),
    // Linux's epoll, for `navdom-bench live`'s load generator.
    .systemLibrary(name: "NavDOMBenchPoll", path: "Sources/NavDOMBenchPoll"),
    .executableTarget(
      name: "navdom-bench",
      dependencies: [
        "BenchmarkTable", "NavDOMHeapInfo", "NavDOMBenchPoll",
        .product(name: "VirtualDOM", package: "navdom"),
        .product(name: "VirtualDOMTesting", package: "navdom"),
        .product(name: "HTMLRenderer", package: "navdom"),
        .product(name: "NavigationCore", package: "navdom"),
        .product(name: "NavigationTesting", package: "navdom"),
        .product(name: "LiveSessions", package: "navdom"),
        .product(name: "NavDOMCommandLine", package: "navdom"),
        .product(name: "StaticServe", package: "navdom"),
        .product(name: "DemoApp", package: "navdom"),
      ]),
    // Built by Scripts/build-wasm.sh: the renderer and diff alone on the table
    // (navdom-bench.wasm, for Tests/wasm/parity.test.js), and the table as an app, for the
    // browser benchmark (navdom-bench-app.wasm, Scripts/bench-wasm-dom.py).
    .executableTarget(
      name: "NavDOMBenchWasm",
      dependencies: [
        "BenchmarkTable",
        .product(name: "VirtualDOM", package: "navdom"),
        .product(name: "HTMLRenderer", package: "navdom"),
        .product(name: "NavDOMWasmABI", package: "navdom"),
      ]),
    .executableTarget(
      name: "NavDOMBenchAppWasm",
      dependencies: [
        "BenchmarkTable",
        .product(name: "VirtualDOM", package: "navdom"),
        .product(name: "NavigationCore", package: "navdom"),
        .product(name: "NavigationWasm", package: "navdom"),
      ]),
    .testTarget(
      name: "BenchmarksTests",
      dependencies: [
        "BenchmarkTable",
        .product(name: "VirtualDOM", package: "navdom"),
        .product(name: "VirtualDOMTesting", package: "navdom"),
        .product(name: "HTMLRenderer", package: "navdom"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
