// swift-tools-version: 6.0
import PackageDescription

// No package dependencies: the toolchain only.
//
// One graph for every build. Natively everything builds; the WebAssembly targets
// (NavigationWasm and the C runtime under it, the demo's modules) compile to nothing there.
// For wasm32 the `build-wasm` command plugin (Plugins/BuildWasm) builds one executable product
// with Embedded Swift and passes every flag on its command line, so no target here, and none in
// a user's package, needs settings of its own for it (docs/WASM.md).
let targets: [Target] = [
  // Portable: these build natively and with Embedded Swift for wasm32.
  // C: thread-local slots, and the prefetch hint the diff gives (no platform module needed).
  .target(name: "NavDOMThreadSlot"),
  // What several modules share and no user names: the JSON parser and writer (portable), and
  // `Locked`, the pthread mutex ThreadSanitizer can see (native only). Not a product.
  .target(name: "NavDOMSupport"),
  .target(name: "VirtualDOM", dependencies: ["NavDOMSupport", "NavDOMThreadSlot"]),
  .target(name: "HTMLRenderer", dependencies: ["VirtualDOM"]),
  // Random trees for the diff's property tests (VirtualDOMTests, HTMLRendererTests, navdom.wasm's
  // twin navdom-check.wasm) and `navdom random-cases`; test support, not a product.
  .target(name: "RandomTrees", dependencies: ["VirtualDOM"]),
  // MemoryDOM: a DOM in memory that applies patches as runtime.js does, for tests.
  .target(name: "VirtualDOMTesting", dependencies: ["VirtualDOM"]),
  .target(name: "NavigationCore", dependencies: ["VirtualDOM", "HTMLRenderer", "NavDOMSupport", "NavDOMThreadSlot"]),
  .target(name: "DemoApp", dependencies: ["NavigationCore", "VirtualDOM"]),
  // What a page and its app say to each other: a session's replies and pages (NavigationCore's
  // values) as the JSON runtime.js applies, for the live server and the wasm module alike.
  .target(name: "PageProtocol", dependencies: ["NavigationCore", "HTMLRenderer", "VirtualDOM"]),

  // A user's wasm module: the exports runtime.js calls, the string ABI, and the freestanding C
  // library Embedded Swift needs where there is no libc.
  .target(name: "NavDOMWasmLibc"),
  .target(name: "NavDOMWasmABI", dependencies: ["NavDOMWasmLibc"]),
  .target(name: "NavigationWasm", dependencies: ["NavigationCore", "PageProtocol", "VirtualDOM", "NavDOMWasmABI"]),
  // Built by Scripts/build-wasm.sh: the demo client-side (navdom.wasm). The benchmark modules
  // (navdom-bench.wasm, navdom-bench-app.wasm) are built from Benchmarks/.
  .executableTarget(name: "NavDOMWasm", dependencies: ["NavigationWasm", "DemoApp"]),
  // The diff as the wasm build compiles it, for the property tests under node (navdom-check.wasm).
  .executableTarget(name: "NavDOMCheckWasm", dependencies: ["VirtualDOM", "VirtualDOMTesting", "RandomTrees", "NavDOMWasmABI"]),
  .plugin(
    name: "BuildWasm",
    capability: .command(
      intent: .custom(verb: "build-wasm", description: "Builds an executable product into a WebAssembly module with Embedded Swift"),
      permissions: [.writeToPackageDirectory(reason: "The module and its build folder go in the package's .build-wasm folder")])),

  // Native only.
  // epoll, eventfd, sendfile and accept4, which the toolchain's Glibc module does not import.
  .target(name: "NavDOMLinuxSystem"),
  // The HTTP/1.1 server: epoll event loops, the request parser, responses, event streams,
  // deferred responses, limits. It knows no files: a fallback answers what the router passes.
  .target(name: "HTTPServerCore", dependencies: ["NavDOMSupport", "NavDOMZlib", "NavDOMLinuxSystem"]),
  // Static files from a public folder (ETags, 304s, gzip'd copies, sendfile) on HTTPServerCore,
  // which it re-exports: `HTTPServer(configuration:router:)` serves the router, then the files.
  .target(name: "StaticServe", dependencies: ["HTTPServerCore", "NavDOMSupport"]),
  // The live server's scheduling: a fixed pool of worker threads, serial mailboxes on it, and
  // the deadlines that answer an event late rather than never.
  .target(name: "WorkScheduling", dependencies: ["NavDOMSupport"]),
  // App-wide changes: publish/subscribe, SharedState, and the engines that carry them between
  // processes.
  .target(name: "PublishSubscribe", dependencies: ["NavDOMSupport"]),
  .target(name: "NavigationTesting", dependencies: ["NavigationCore", "HTMLRenderer", "VirtualDOM"]),
  .systemLibrary(name: "NavDOMZlib", path: "Sources/NavDOMZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
  // Resources/runtime/ holds the browser runtime's ES modules, which the tests import;
  // Resources/runtime.js is their bundle (esbuild, Scripts/bundle-runtime.sh, committed), the one
  // module pages load as /runtime.js (BrowserRuntimeBundle). Resources/package.json only tells node
  // they are ES modules. Resources/navdom.css is the navigation
  // markup's base stylesheet; Resources/favicon.ico the icon of an app whose public folder has none.
  .target(
    name: "LiveSessions",
    dependencies: [
      "StaticServe", "HTTPServerCore", "WorkScheduling", "PublishSubscribe", "NavigationCore", "PageProtocol", "HTMLRenderer",
      "VirtualDOM", "NavDOMSupport", "NavDOMZlib",
    ],
    exclude: ["Resources/package.json", "Resources/runtime"],
    resources: [.copy("Resources/runtime.js"), .copy("Resources/navdom.css"), .copy("Resources/favicon.ico")]),
  // An app's command line (`serve`, `render`, `runtime`) and watch mode (`serve --watch`: rebuild
  // and restart on save), the development tool. App executables import it for
  // `AppCommandLine.run`; a server that wires LiveServer itself links only LiveSessions.
  .target(
    name: "NavDOMCommandLine",
    dependencies: ["LiveSessions", "StaticServe", "HTTPServerCore", "NavigationCore", "HTMLRenderer", "VirtualDOM", "NavDOMSupport"]),
  .executableTarget(
    name: "navdom",
    dependencies: [
      "VirtualDOM", "VirtualDOMTesting", "HTMLRenderer", "NavigationCore", "StaticServe", "RandomTrees",
      "LiveSessions", "NavDOMCommandLine", "NavDOMSupport", "DemoApp",
    ]),
  .testTarget(
    name: "VirtualDOMTests", dependencies: ["VirtualDOM", "VirtualDOMTesting", "HTMLRenderer", "RandomTrees"]),
  .testTarget(
    name: "HTMLRendererTests", dependencies: ["HTMLRenderer", "VirtualDOM", "RandomTrees"]),
  .testTarget(
    name: "NavigationCoreTests", dependencies: ["NavigationCore", "NavigationTesting", "VirtualDOM", "HTMLRenderer"]),
  .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
  .testTarget(name: "StaticServeTests", dependencies: ["StaticServe", "HTTPServerCore", "NavDOMSupport", "NavDOMZlib", "HTTPTestSupport"]),
  .testTarget(
    name: "LiveSessionsTests",
    dependencies: [
      "LiveSessions", "NavDOMCommandLine", "DemoApp", "NavigationCore", "NavigationTesting", "StaticServe", "VirtualDOM",
      "NavDOMSupport", "HTTPTestSupport",
    ]),
  .testTarget(name: "PublishSubscribeTests", dependencies: ["PublishSubscribe", "NavDOMSupport"]),
  .testTarget(name: "NavDOMCommandLineTests", dependencies: ["NavDOMCommandLine"]),
  .testTarget(
    name: "DemoAppTests",
    dependencies: ["DemoApp", "NavigationTesting", "NavigationCore", "VirtualDOM", "VirtualDOMTesting", "NavDOMSupport"],
    exclude: ["__Snapshots__"]),
]

let products: [Product] = [
  .library(name: "VirtualDOM", targets: ["VirtualDOM"]),
  .library(name: "HTMLRenderer", targets: ["HTMLRenderer"]),
  .library(name: "NavigationCore", targets: ["NavigationCore"]),
  .library(name: "NavigationTesting", targets: ["NavigationTesting"]),
  .library(name: "PageProtocol", targets: ["PageProtocol"]),
  .library(name: "VirtualDOMTesting", targets: ["VirtualDOMTesting"]),
  .library(name: "LiveSessions", targets: ["LiveSessions"]),
  .library(name: "StaticServe", targets: ["StaticServe"]),
  .library(name: "HTTPServerCore", targets: ["HTTPServerCore"]),
  .library(name: "PublishSubscribe", targets: ["PublishSubscribe"]),
  .library(name: "NavDOMCommandLine", targets: ["NavDOMCommandLine"]),
  .library(name: "NavigationWasm", targets: ["NavigationWasm"]),
  // The string ABI and allocator alone, for a module that exports functions of its own rather
  // than an app (Benchmarks' navdom-bench.wasm): NavigationWasm's app exports cost ~2.9 KB more.
  .library(name: "NavDOMWasmABI", targets: ["NavDOMWasmABI"]),
  // The demo app's model and views, for the benchmarks package (Benchmarks/, `navdom-bench memory`).
  .library(name: "DemoApp", targets: ["DemoApp"]),
  .plugin(name: "BuildWasm", targets: ["BuildWasm"]),
  .executable(name: "navdom", targets: ["navdom"]),
  .executable(name: "NavDOMWasm", targets: ["NavDOMWasm"]),
  .executable(name: "NavDOMCheckWasm", targets: ["NavDOMCheckWasm"]),
]

let package = Package(
  name: "navdom",
  products: products,
  targets: targets,
  // Every target, the portable ones under Embedded Swift too, in Swift 6 language mode with
  // complete concurrency checking.
  swiftLanguageModes: [.v6]
)
