import Foundation

/// The last step of a release build: the module's functions reordered so that similar ones sit
/// next to each other. gzip (deflate) finds a repeat only within the 32 KB before it, and the
/// linker lays functions out by source, so two near-copies (specialisations of one generic, the
/// DSL's call sites) are often too far apart to compress against each other. Reordered, the
/// demo's module is 3.2 KB smaller gzip -9 (issue 38: 84,924 -> 81,714) and its raw size
/// stays (`calledFirst`). Binaryen has no pass for this (`--reorder-functions` orders by call
/// count), so the step goes through the text: `wasm-dis`, reorder the `(func ...)` blocks,
/// `wasm-as`, then `wasm-opt -Oz` again (wasm-as's own output is ~2.5 KB larger gzip).
///
/// Which order compresses best is measured, not predicted: the step builds a few candidates
/// and keeps the one whose shipped bytes (no name section) gzip smallest. Nothing the step does
/// fails the build: if the text is not shaped as expected or a tool fails, the module stays.
struct WasmFunctionOrder {
  var wasmDis: URL
  var wasmAs: URL
  var wasmOpt: URL
  /// Absent: the candidates cannot be compared, and the one that measured best on the demo
  /// (greedy, k = 3, from the smallest function) is kept unmeasured.
  var gzip: URL?
  /// Where the tools run (the package directory, as for the plugin's other tools).
  var directory: URL

  /// The step, when `wasm-dis` and `wasm-as` are installed beside `wasmOpt`: Binaryen's three
  /// tools must be one version, or the text one writes may not be the text another reads.
  init?(beside wasmOpt: URL, in directory: URL) {
    let binaryen = wasmOpt.deletingLastPathComponent()
    let wasmDis = binaryen.appendingPathComponent("wasm-dis")
    let wasmAs = binaryen.appendingPathComponent("wasm-as")
    guard FileManager.default.isExecutableFile(atPath: wasmDis.path),
      FileManager.default.isExecutableFile(atPath: wasmAs.path)
    else { return nil }
    self.wasmDis = wasmDis
    self.wasmAs = wasmAs
    self.wasmOpt = wasmOpt
    gzip = WasmBuild.findOnPath("gzip")
    self.directory = directory
  }

  /// Beyond this many functions only the linker's order is tried: the greedy order compares
  /// each function placed with every one left, O(n^2) (the demo has ~650).
  static let greedyLimit = 4_000

  /// Reorders `module` (optimised, with its names) in place, printing one line; leaves it as
  /// it was, with a one-line reason, when the step cannot run.
  func apply(to module: URL) {
    let text = module.appendingPathExtension("order.wat")
    defer { try? FileManager.default.removeItem(at: text) }
    do {
      try WasmBuild.execute(wasmDis, [module.path, "-o", text.path], in: directory, what: "wasm-dis")
      guard let functions = WasmFunctionText(try [UInt8](Data(contentsOf: text))) else {
        print("build-wasm: function order: wasm-dis's text is not shaped as expected; functions keep the linker's order")
        return
      }
      try keepBest(of: candidates(functions), of: functions, for: module, scratch: text)
    } catch let error as BuildWasmError {
      print("\(error); function order skipped, functions keep the linker's order")
    } catch {
      print("build-wasm: function order skipped (\(error)); functions keep the linker's order")
    }
  }

  /// The orders to try, in the order they are tried (so the earlier wins a tie): the linker's
  /// (the text round trip and `-Oz` alone shrink the module a little), then the greedy order
  /// for 3- and 4-grams, each from the smallest function and from the largest, after the
  /// most-called functions (`calledFirst`); which start and which k does best varies by
  /// module (81,702-82,481 bytes gzip on the demo).
  func candidates(_ functions: WasmFunctionText) -> [[Int]] {
    let unchanged = Array(functions.blocks.indices)
    guard functions.blocks.count <= Self.greedyLimit else { return [unchanged] }
    let first = Self.calledFirst(functions)
    let rest = unchanged.filter { !first.contains($0) }
    let lines = rest.map { functions.lineCount(of: $0) }
    // Ties go to the earlier function, as everywhere in the order.
    let smallest = lines.indices.min { lines[$0] < lines[$1] }.map { rest[$0] }
    let largest = lines.indices.max { lines[$0] < lines[$1] || (lines[$0] == lines[$1] && $0 > $1) }.map { rest[$0] }
    guard let smallest, let largest else { return [unchanged] }
    var orders = [unchanged]
    for k in [3, 4] {
      let similarity = FunctionSimilarity(functions, k: k)
      orders += [smallest, largest].map { similarity.greedyOrder(after: first, from: $0) }
    }
    return orders
  }

  /// A function with a call site count of at least this takes one of the first indices.
  static let frequentCalls = 40

  /// The functions that keep a one-byte index: a call's target is a LEB128 function index, one
  /// byte below 128 (imports first), two above. The similarity order alone put the runtime's
  /// retain, release and string copies above 128 and grew the demo's module by 2.3 KB raw
  /// (193,336 -> 195,656); the functions with `frequentCalls` or more call sites first, in the
  /// linker's order, kept it at 193,240, and gzip as small or smaller in each of the four
  /// greedy candidates (measured; 40 against 100: no clear winner, 40 saves more raw).
  static func calledFirst(_ functions: WasmFunctionText) -> [Int] {
    let calls = functions.callCounts()
    let frequent = calls.indices.filter { calls[$0] >= frequentCalls }
      .sorted { calls[$0] > calls[$1] || (calls[$0] == calls[$1] && $0 < $1) }
    return frequent.prefix(max(0, 128 - functions.importedFunctions)).sorted()
  }

  /// Builds each candidate and moves the one that gzips smallest over `module`, unless the
  /// module as it was is smaller still. Without gzip, builds only the second (see `gzip`).
  private func keepBest(of orders: [[Int]], of functions: WasmFunctionText, for module: URL, scratch text: URL) throws {
    let manager = FileManager.default
    let original = try measure(module)
    var best: (index: Int, url: URL, size: (gzip: Int, raw: Int))?
    let tried = gzip == nil && orders.count > 1 ? [1] : Array(orders.indices)
    for index in tried {
      try functions.text(in: orders[index]).write(to: text)
      let candidate = module.appendingPathExtension("order\(index)")
      try assemble(text, into: candidate)
      let size = try measure(candidate)
      if let current = best, !(size < current.size) {
        try manager.removeItem(at: candidate)
        continue
      }
      if let current = best { try manager.removeItem(at: current.url) }
      best = (index, candidate, size)
    }
    guard let best else { return }
    let summary = "function order: \(functions.blocks.count) functions"
    guard gzip == nil || best.size < original else {
      try manager.removeItem(at: best.url)
      print("build-wasm: \(summary), gzip -9 \(original.gzip) bytes; no candidate smaller (best \(best.size.gzip)), kept as it was")
      return
    }
    try manager.removeItem(at: module)
    try manager.moveItem(at: best.url, to: module)
    let gzipped = gzip == nil ? "not measured (no gzip on PATH)" : "\(original.gzip) -> \(best.size.gzip) bytes"
    print("build-wasm: \(summary), \(original.raw) -> \(best.size.raw) bytes, gzip -9 \(gzipped) (candidate \(best.index + 1) of \(orders.count))")
  }

  /// Text to module: `wasm-as`, then the `-Oz` that wasm-as's plain output needs. `-g` keeps
  /// the names for `--names-output`; the features are `optimizeInPlace`'s, since the text
  /// carries none (wasm-as does not take `--low-memory-unused`).
  private func assemble(_ text: URL, into module: URL) throws {
    let assembled = module.appendingPathExtension("as")
    defer { try? FileManager.default.removeItem(at: assembled) }
    try WasmBuild.execute(
      wasmAs, ["-g"] + WasmBuild.wasmOptFeatures + [text.path, "-o", assembled.path], in: directory, what: "wasm-as")
    try WasmBuild.execute(
      wasmOpt, ["-g", "-Oz", "--low-memory-unused"] + WasmBuild.wasmOptFeatures + [assembled.path, "-o", module.path],
      in: directory, what: "wasm-opt -Oz after wasm-as")
  }

  /// The shipped module's sizes (without its name section): gzip -9 (0 without gzip), then raw.
  private func measure(_ module: URL) throws -> (gzip: Int, raw: Int) {
    let shipped = try WasmNameSection.removed(from: Data(contentsOf: module))
    guard let gzip else { return (0, shipped.count) }
    let file = module.appendingPathExtension("shipped")
    defer { try? FileManager.default.removeItem(at: file) }
    try shipped.write(to: file)
    let process = Process()
    process.executableURL = gzip
    // -n: no file name in the header, so the size is the content's alone.
    process.arguments = ["-9", "-n", "-c", file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // Read before waiting: gzip blocks once the pipe's buffer is full.
    let compressed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw BuildWasmError("gzip failed (exit status \(process.terminationStatus))")
    }
    return (compressed.count, shipped.count)
  }
}
