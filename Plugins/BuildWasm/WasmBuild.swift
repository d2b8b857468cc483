import Foundation

/// One `swift build` of an executable product for `wasm32-unknown-none-wasm` with Embedded
/// Swift, and the steps after it (copy, check, optimise, report).
struct WasmBuild {
  /// The `swift` driver the plugin runs under; its toolchain must ship Embedded Swift for wasm32.
  var swift: URL
  var packageDirectory: URL
  /// A development build (`--development`): no LTO, no size optimisation, so a change rebuilds
  /// only the modules it touches and links in seconds; the module is larger and slower.
  var development = false

  /// Where the build goes: apart from `.build`, which the running `swift package` holds.
  var scratchDirectory: URL { packageDirectory.appendingPathComponent(".build-wasm") }

  /// Where SwiftPM builds: a development build apart from the release one, so neither
  /// invalidates the other's objects (their flags differ).
  var buildDirectory: URL { development ? scratchDirectory.appendingPathComponent("development") : scratchDirectory }

  /// The toolchain's Embedded Swift standard library for wasm32.
  let embeddedLibrary: URL

  init(swift: URL, packageDirectory: URL) throws {
    self.swift = swift
    self.packageDirectory = packageDirectory
    let toolchain = swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
    embeddedLibrary = toolchain.appendingPathComponent("lib/swift/embedded/wasm32-unknown-none-wasm")
    guard FileManager.default.fileExists(atPath: embeddedLibrary.path) else {
      throw BuildWasmError(
        "\(embeddedLibrary.path) is missing: this toolchain has no Embedded Swift for wasm32 (Swift 6.3 or later has it)")
    }
  }

  /// The flags that make a build an Embedded Swift wasm module. They are given on the command
  /// line, so they reach every target the product builds, the user's and navdom's alike.
  var flags: [String] {
    let swiftc = [
      "-enable-experimental-feature", "Embedded",
      "-enable-experimental-feature", "Extern",  // NavigationWasm's @_extern of the module's main
      // Embedded Swift compiles each module whole; -Onone skips the optimiser for speed.
      "-wmo", development ? "-Onone" : "-Osize",
      // No libc to provide a stack protector's guard.
      "-Xfrontend", "-disable-stack-protector",
      "-Xclang-linker", "-nostdlib",  // NavDOMWasmLibc is the C library
      // clang runs `wasm-opt -Os` after the link when wasm-opt is installed, dropping the
      // function names; `optimizeInPlace` runs that pass itself, with the names kept.
      "-Xclang-linker", "--no-wasm-opt",
    ]
    let linker = [
      // runtime.js calls the exports; there is no entry point, and unused code goes. The
      // function names stay until `install` (WasmNameSection): size reports read them.
      "--no-entry", "--gc-sections", "--strip-debug",
      "-L\(embeddedLibrary.path)", "-lswiftUnicodeDataTables",
    ]
    guard !development else {
      return ["-c", "release", "--triple", "wasm32-unknown-none-wasm"]
        + swiftc.flatMap { ["-Xswiftc", $0] } + linker.flatMap { ["-Xlinker", $0] }
    }
    let lto = [
      // Size, not speed (measured on navdom.wasm): full LTO keeps once what several modules
      // specialised, and a negative inline threshold lets its inliner only shrink code (-2%
      // against 0; any value below -50 measured the same).
      "-mllvm", "-inline-threshold=-50",
    ]
    return ["-c", "release", "--triple", "wasm32-unknown-none-wasm", "--experimental-lto-mode=full"]
      + swiftc.flatMap { ["-Xswiftc", $0] } + (linker + lto).flatMap { ["-Xlinker", $0] }
  }

  /// Builds `product` and returns the module SwiftPM linked.
  func run(product: String) throws -> URL {
    let arguments = ["build", "--product", product, "--scratch-path", buildDirectory.path] + flags
    print("build-wasm: swift \(arguments.joined(separator: " "))")
    try Self.execute(swift, arguments, in: packageDirectory, what: "the wasm build of '\(product)'")
    let binDirectory = buildDirectory.appendingPathComponent("wasm32-unknown-none-wasm/release")
    for name in ["\(product).wasm", product] {
      let candidate = binDirectory.appendingPathComponent(name)
      guard FileManager.default.fileExists(atPath: candidate.path) else { continue }
      if development { try writeRecipe(product: product, arguments: arguments, built: candidate) }
      return candidate
    }
    throw BuildWasmError("the build succeeded but \(binDirectory.path) holds no \(product) module")
  }

  /// What a development build ran, for `serve --watch --wasm`: the watcher runs this `swift
  /// build` itself on later saves, beside the server's build, rather than the plugin, whose
  /// `swift package` costs ~3 s a save and holds `.build` while it runs (measured on the demo).
  /// The watcher reads it as `WasmRebuild.Recipe` (NavDOMCommandLine); a failed build there
  /// goes through the plugin again.
  private func writeRecipe(product: String, arguments: [String], built: URL) throws {
    let recipe: [String: Any] = [
      "product": product, "swift": swift.path, "arguments": arguments, "module": built.path,
    ]
    let data = try JSONSerialization.data(withJSONObject: recipe, options: [.sortedKeys])
    try data.write(to: buildDirectory.appendingPathComponent(Self.recipeFile), options: .atomic)
  }

  /// The recipe's file name, in `.build-wasm/development`.
  static let recipeFile = "rebuild.json"

  /// Copies the module to `output`, checks it is WebAssembly, optimises it (and reorders its
  /// functions for gzip: WasmFunctionOrder) and prints its size;
  /// with `namesOutput`, also writes the module with its function names there. `keepsNames`
  /// (development builds) leaves them in `output` too: a trap's stack names its functions, and
  /// the module is the same file the watcher copies when it rebuilds it itself.
  func install(_ built: URL, at output: URL, optimize: Bool, keepsNames: Bool = false, namesOutput: URL? = nil) throws {
    let manager = FileManager.default
    let named = output.appendingPathExtension("names")
    for url in [output, named] + (namesOutput.map { [$0] } ?? []) {
      try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      if manager.fileExists(atPath: url.path) { try manager.removeItem(at: url) }
    }
    try manager.copyItem(at: built, to: named)
    let magic = try FileHandle(forReadingFrom: named).read(upToCount: 4)
    guard magic == Data([0x00, 0x61, 0x73, 0x6D]) else {
      throw BuildWasmError("\(named.path) is not a WebAssembly module; the link went wrong")
    }
    if optimize, let wasmOpt = try optimizeInPlace(named) {
      if let order = WasmFunctionOrder(beside: wasmOpt, in: packageDirectory) {
        order.apply(to: named)
      } else {
        print("build-wasm: wasm-dis or wasm-as not beside wasm-opt; the functions keep the linker's order")
      }
    }
    let module = try Data(contentsOf: named)
    try (keepsNames ? module : WasmNameSection.removed(from: module)).write(to: output)
    if let namesOutput {
      try manager.moveItem(at: named, to: namesOutput)
    } else {
      try manager.removeItem(at: named)
    }
    let size = (try manager.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
    print("build-wasm: \(output.path): \(size) bytes")
  }

  /// Binaryen's size optimiser (Debian's `binaryen`), about -18% on top of LTO. It reads the
  /// features LLVM used from the module's target_features section; the ones named here are
  /// the floor. The section stays: stripping it first makes wasm-opt's output 0.3-0.5% larger
  /// (measured), more than its 91 bytes. `--low-memory-unused` is sound because wasm-ld puts
  /// nothing below address 1024. `--flatten --rereloop` first rebuilds each function's control
  /// flow from scratch, which `-Oz` then shrinks further: -1.7% raw, -1.3% gzip on navdom.wasm,
  /// the diff's speed under node unchanged within noise (measured); the `-Oz` after `--converge`
  /// takes another 0.4% that the converging passes leave. The `-Os` pass before them is the
  /// one clang runs after the link when wasm-opt is installed (`--no-wasm-opt` in `flags`
  /// moves it here, so that `-g` keeps the function names for `--names-output`): without it
  /// the module is 0.5 KB larger (measured); with it, the same size as clang's own run.
  /// Returns the wasm-opt it ran, or nil when there is none.
  private func optimizeInPlace(_ module: URL) throws -> URL? {
    guard let wasmOpt = Self.findOnPath("wasm-opt") else {
      print("build-wasm: wasm-opt not found (Debian: apt-get install binaryen); the module stays unoptimised, 20-25% larger")
      return nil
    }
    let optimized = module.appendingPathExtension("opt")
    try Self.execute(wasmOpt, ["-g", "-Os", module.path, "-o", optimized.path], in: packageDirectory, what: "wasm-opt -Os")
    try FileManager.default.removeItem(at: module)
    try FileManager.default.moveItem(at: optimized, to: module)
    try Self.execute(
      wasmOpt,
      ["-g", "--flatten", "--rereloop", "-Oz", "--converge", "-Oz", "--low-memory-unused"] + Self.wasmOptFeatures
        + [module.path, "-o", optimized.path],
      in: packageDirectory, what: "wasm-opt")
    try FileManager.default.removeItem(at: module)
    try FileManager.default.moveItem(at: optimized, to: module)
    return wasmOpt
  }

  /// The features Binaryen may use beyond the module's own target_features section: the floor
  /// `optimizeInPlace` gives, and all WasmFunctionOrder gives (its text round trip drops that
  /// section).
  static let wasmOptFeatures = [
    "--enable-bulk-memory", "--enable-sign-ext", "--enable-mutable-globals", "--enable-nontrapping-float-to-int",
  ]

  static func findOnPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs `executable` with its output going where the plugin's goes; throws unless it succeeds.
  static func execute(_ executable: URL, _ arguments: [String], in directory: URL, what: String) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw BuildWasmError("\(what) failed (exit status \(process.terminationStatus)); its messages are above")
    }
  }
}
